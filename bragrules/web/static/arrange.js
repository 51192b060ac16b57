// Arranging several hands at the bragrules table (Seven-, Nine-, Thirteen-Card and up): click a card to put it
// into the next hand that has room, click a card in a hand to take it back; "use the best arrangement" fills the
// hands from the table's hint (the best of all arrangements); "set out these hands" sends them, strongest first.
// table.js calls BragArrange.draw when the seat is asked to arrange; everything is drawn with textContent only.
"use strict";
window.BragArrange = (function () {
  let dealt = null, hands = [];  // the cards the hands are being built from; the hands so far (card texts)

  function reset(cards, count) {
    dealt = cards.join(" ");
    hands = [];
    for (let i = 0; i < count; i++) hands.push([]);
  }
  function place(c) {
    const open = hands.find((h) => h.length < 3);
    if (open) open.push(c);
  }
  function takeBack(c) { hands = hands.map((h) => h.filter((x) => x !== c)); }
  // the page's words (table.js's window.BragWords: a sentence translated whole, then its {places} filled)
  function say(text, vars) {
    const words = window.BragWords, said = words ? words.t(text) : text;
    return said.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
  }

  // view: the seat's view; option: its "arrange" option (cards: the hint); into: the hand's box; actions: the
  // buttons' box; t: table.js's helpers { el, card, act, redraw }.
  function draw(view, option, into, actions, t) {
    const cards = view.inspected_hand || view.hand || [];
    const count = option.cards.length;
    if (dealt !== cards.join(" ") || hands.length !== count) reset(cards, count);
    const placed = new Set([].concat.apply([], hands));
    const loose = t.el("div", null, "cards arrange-loose");
    loose.setAttribute("aria-label", say("cards not yet in a hand"));
    cards.filter((c) => !placed.has(c)).forEach((c) => {
      const node = t.card(c, false, "button");
      node.title = say("put into the next hand");
      node.onclick = () => { place(c); t.redraw(); };
      loose.appendChild(node);
    });
    into.appendChild(loose);
    const spare = cards.length - 3 * count;
    const rows = t.el("div", null, "arrange-hands");
    hands.forEach((h, i) => {
      const group = t.el("div", null, "hand-group arrange-hand");
      group.dataset.hand = String(i + 1);
      group.appendChild(t.el("div", say(i === 0 ? "hand {n} (strongest)" : i === count - 1 ? "hand {n} (weakest)" : "hand {n}", { n: i + 1 }), "hand-label"));
      const row = t.el("div", null, "cards"); group.appendChild(row);
      h.forEach((c) => {
        const node = t.card(c, false, "button");
        node.title = say("take back");
        node.onclick = () => { takeBack(c); t.redraw(); };
        row.appendChild(node);
      });
      for (let k = h.length; k < 3; k++) row.appendChild(t.el("span", "·", "card slot"));
      rows.appendChild(group);
    });
    into.appendChild(rows);

    const best = t.el("button", say("use the best arrangement")); best.type = "button"; best.id = "arrange-best";
    best.onclick = () => { hands = option.cards.map((h) => h.slice()); t.redraw(); };
    const clear = t.el("button", say("start again")); clear.type = "button"; clear.id = "arrange-clear";
    clear.onclick = () => { reset(cards, count); t.redraw(); };
    const send = t.el("button", say("set out these hands")); send.type = "button"; send.id = "arrange-send";
    const full = hands.every((h) => h.length === 3);
    send.disabled = !full;
    send.onclick = () => { if (full) t.act("arrange", { cards: hands.map((h) => h.slice()) }); };
    actions.append(best, clear, send);
    const hint = option.cards.map((h) => h.join(" ")).join(" | ");
    actions.appendChild(t.el("p", say("Best arrangement: {hint}. Click your cards into {count} hands of three, strongest first", { hint: hint, count: count }) +
      (spare ? " (" + say(spare === 1 ? "{n} card is left over, discarded" : "{n} cards are left over, discarded", { n: spare }) + ")" : "") +
      "; " + say("click a card in a hand to take it back."), "hint"));
  }
  // The last deal's panel: a player's hands as they were set out, one group a hand, strongest first.
  function shown(into, laid, t) {
    laid.forEach((h, i) => {
      const group = t.el("span", null, "cards shown-hand");
      group.setAttribute("aria-label", say("hand {n}", { n: i + 1 }));
      h.forEach((c) => group.appendChild(t.card(c, true)));
      into.appendChild(group);
    });
  }
  return { draw: draw, shown: shown };
})();
