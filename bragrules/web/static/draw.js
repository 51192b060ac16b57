// The exchange games' table cards (format.exchange): a draw game's discard pile and stock, a face-down
// centre card's place. table.js draws everything else and says when it has ("bragrules:drawn").
"use strict";
(function () {
  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== null && text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }
  const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  // the page's words (table.js's window.BragWords: a sentence translated whole, then its {places} filled)
  function say(text, vars) {
    const words = window.BragWords, said = words ? words.t(text) : text;
    return said.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
  }
  function face(text) {  // a card as table.js shows one: rank and suit, red for hearts and diamonds
    const node = el("span", null, "card");
    if (!text) { node.classList.add("back"); node.textContent = "?"; return node; }
    const rank = text.slice(0, -1), suit = text.slice(-1).toLowerCase();
    node.textContent = (rank === "T" ? "10" : rank) + (SUITS[suit] || suit);
    if (suit === "h" || suit === "d") node.classList.add("red");
    node.dataset.card = text;
    return node;
  }
  function drawExchange(s) {
    const box = document.getElementById("exchange"), view = s && s.view;
    if (!box) return;
    box.replaceChildren();
    const draws = view && "stock" in view, places = view && view.centre_places;
    box.hidden = !(draws || places);
    if (draws) {
      const pile = el("span", null, "pile"); pile.id = "discard-pile";
      pile.appendChild(el("span", say("discard pile") + " ", "hint"));
      if (view.discard) { const top = face(view.discard); top.title = say("the top discard, seen by everyone"); pile.appendChild(top); }
      else pile.appendChild(el("span", "(" + say("empty") + ")", "hint"));
      const stock = el("span", null, "pile"); stock.id = "stock";
      const back = face(null); back.setAttribute("aria-label", say("the stock, face down")); back.title = say("the stock: its cards are unknown to everyone");
      stock.append(el("span", " " + say("stock") + " ", "hint"), back, el("span", " " + say("{n} cards", { n: view.stock }), "hint"));
      box.append(pile, stock);
    }
    if (places) {
      const hidden = places.indexOf(null);
      if (hidden >= 0) {
        const note = el("span", say("the centre card in place {n} lies face down", { n: hidden + 1 }), "hint");
        note.id = "face-down"; box.appendChild(note);
      }
    }
    if (view && view.exchanges && view.exchanges[s.you] !== undefined) {
      box.appendChild(el("span", " · " + say("your exchanges: {n}", { n: view.exchanges[s.you] }), "hint"));
    }
  }
  document.addEventListener("bragrules:drawn", (event) => drawExchange(event.detail));
})();
