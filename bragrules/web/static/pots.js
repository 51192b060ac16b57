// Several pots in one deal (the profile's pots): each side pot of the last deal and who took it.
// table.js calls window.bragPots(box, last, el, money) when the deal's result lists side pots.
"use strict";
(function () {
  function potLine(p, money) {
    const amount = money(p.amount);
    if (!p.winners.length) return p.title + " of " + amount + " goes back to the players";
    const who = p.winners.join(" and ");
    return who + (p.winners.length === 1 ? " takes " : " share ") + p.title + " of " + amount + " (" + p.why + ")";
  }
  window.bragPots = function (box, last, el, money) {
    const list = el("ul", null, "pots");
    list.setAttribute("aria-label", "the side pots");
    last.pots.forEach((p) => list.appendChild(el("li", potLine(p, money), "pot")));
    box.appendChild(el("p", "The side pots:", "rule"));
    box.appendChild(list);
    if (last.sweep) box.appendChild(el("p", last.sweep.player + " wins every pot and is paid " + money(last.sweep.amount) +
      " more by every other player", "rule"));
  };
})();
