// Points toward a target (session.points, 13-card Crash): each seat's score and the target, drawn from
// every state the table sends (table.js hands it on as a "bragrules:state" event), with textContent only.
"use strict";
(function () {
  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  // the page's words (table.js's window.BragWords: a sentence translated whole, then its {places} filled)
  function say(text, vars) {
    const words = window.BragWords, said = words ? words.t(text) : text;
    return said.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
  }
  document.addEventListener("bragrules:state", (event) => {
    const s = event.detail, box = document.getElementById("points");
    if (!box) return;
    const scored = s && s.points_target !== undefined && s.seats.some((p) => p.points !== undefined);
    box.hidden = !scored;
    box.replaceChildren();
    if (!scored) return;
    box.appendChild(el("h2", say("Points (to {target})", { target: s.points_target })));
    const table = el("table");
    s.seats.slice().sort((a, b) => b.points - a.points).forEach((p) => {
      const row = el("tr");
      row.appendChild(el("td", p.name));
      row.appendChild(el("td", say(p.points === 1 ? "{n} point" : "{n} points", { n: p.points }), "points"));
      if (p.points >= s.points_target) row.appendChild(el("td", say("at the target"), "hint"));
      table.appendChild(row);
    });
    box.appendChild(table);
  });
})();
