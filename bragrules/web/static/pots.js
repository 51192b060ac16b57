// Several pots in one deal (the profile's pots): each side pot of the last deal and who took it.
// table.js calls window.bragPots(box, last, el, money) when the deal's result lists side pots.
"use strict";
(function () {
  // the page's words (table.js's window.BragWords: a sentence translated whole, then its {places} filled)
  function say(text, vars) {
    const words = window.BragWords, said = words ? words.t(text) : text;
    return said.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
  }
  function potLine(p, money) {
    const amount = money(p.amount);
    if (!p.winners.length) return say("{pot} of {amount} goes back to the players", { pot: p.title, amount: amount });
    const vars = { who: p.winners.join(", "), pot: p.title, amount: amount, why: p.why };
    return say(p.winners.length === 1 ? "{who} takes {pot} of {amount} ({why})" : "{who} share {pot} of {amount} ({why})", vars);
  }
  window.bragPots = function (box, last, el, money) {
    const list = el("ul", null, "pots");
    list.setAttribute("aria-label", say("the side pots"));
    last.pots.forEach((p) => list.appendChild(el("li", potLine(p, money), "pot")));
    box.appendChild(el("p", say("The side pots:"), "rule"));
    box.appendChild(list);
    if (last.sweep) box.appendChild(el("p", say("{player} wins every pot and is paid {amount} more by every other player",
      { player: last.sweep.player, amount: money(last.sweep.amount) }), "rule"));
  };
})();
