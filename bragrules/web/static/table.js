// The bragrules table in a browser: one websocket, one state per message, drawn with textContent only
// (a name is never read as markup). Cards carry their suit symbol, so colour is never the only sign.
"use strict";
(function () {
  const params = new URLSearchParams(location.search);
  const host = params.get("host") || "";
  const RETRY_FIRST = 250, RETRY_MOST = 5000;  // reconnecting: the first wait, doubled up to this (ms)
  const TRY_AGAIN = 1013;  // the close code of a spectator refused, or dropped to make room for the seats
  let token = params.get("seat") || localStorage.getItem("bragrules-seat") || "";
  let fromLink = Boolean(params.get("seat"));  // a token kept from another visit is dropped without a word
  let state = null, socket = null, picked = [], timerEnd = null, retry = RETRY_FIRST;
  let errorAt = null, sentTurn = null;  // the state an error was shown over; the turn an action was sent for
  const $ = (id) => document.getElementById(id);
  // The page's language: the words this script writes itself, as the server put them in the page (none: English).
  const WORDS = (() => { try { return JSON.parse(($("words") || {}).textContent || "{}"); } catch (e) { return {}; } })();
  const t = (text) => WORDS[text] || text;
  // a sentence with {name} places: translated whole, then each place filled ("{who} folded": "{who} ने पैक किया")
  const tf = (text, vars) => t(text).replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
  window.BragWords = { t: t, tf: tf };  // for the page's other scripts (arrange.js, draw.js, points.js, pots.js)
  const LANG = document.documentElement.lang || "en";
  const SUITS = { c: ["♣", false], d: ["♦", true], h: ["♥", true], s: ["♠", false] };

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function money(value) {
    if (value === null || value === undefined) return "–";
    const text = String(value), parts = text.split("/");
    if (parts.length !== 2) return text;
    const n = parseInt(parts[0], 10), d = parseInt(parts[1], 10), whole = Math.trunc(n / d), rest = Math.abs(n % d);
    const glyph = { "1/2": "½", "1/4": "¼", "3/4": "¾", "1/3": "⅓", "2/3": "⅔" }[rest + "/" + d];
    return glyph ? (whole ? String(whole) : (n < 0 ? "-" : "")) + glyph : text;
  }
  function card(text, small, tag) {
    const node = el(tag || "span", null, "card" + (small ? " small" : ""));
    if (!text || text === "??") {  // a screen reader reads it: an image named for what it is (a button keeps its role)
      node.classList.add("back"); node.setAttribute("aria-label", t("a card face down")); node.textContent = "?";
      if (!tag) node.setAttribute("role", "img");
      return node;
    }
    const rank = text.slice(0, -1), suit = SUITS[text.slice(-1).toLowerCase()];
    if (!suit) { node.textContent = text; return node; }
    node.textContent = (rank === "T" ? "10" : rank) + suit[0];
    if (suit[1]) node.classList.add("red");
    node.dataset.card = text;
    return node;
  }
  function showError(message) {
    const box = $("error");
    if (!message) { box.hidden = true; box.textContent = ""; errorAt = null; return; }
    box.hidden = false; box.textContent = message;
    errorAt = state ? { turn: state.turn, you: state.you } : {};  // before any state: over the first one
  }
  function showOffline(wait, full) {
    const banner = $("offline");
    if (wait === null) { banner.hidden = true; banner.textContent = ""; return; }
    banner.hidden = false;
    banner.textContent = (full ? t("The table has no room for more spectators just now (its seats come first). ")
      : t("Not connected to the table: its server has stopped, or the network is down. ")) +
      t("Trying again in ") + Math.max(1, Math.round(wait / 1000)) + t(" s; the page comes back by itself.");
  }

  function connect() {
    const query = new URLSearchParams();
    if (token) query.set("seat", token);
    if (host) query.set("host", host);
    query.set("lang", LANG);  // the server speaks this page's language on the socket too (whatever the browser's)
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?" + query);
    socket.onopen = () => { retry = RETRY_FIRST; sentTurn = null; showOffline(null); };  // the table sends its state at once
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        // an error was about the table as it was: once the state moves on (a turn, a seat taken), it goes
        if (errorAt && errorAt.turn === undefined) errorAt = { turn: message.turn, you: message.you };
        else if (errorAt && (errorAt.turn !== message.turn || errorAt.you !== message.you)) showError(null);
        state = message; sentTurn = null; draw();
      } else if (message.type === "error") {
        sentTurn = null;
        const stale = message.stale === "seat";  // read from the refusal's "stale", never its words (in any language)
        if (stale) { token = ""; localStorage.removeItem("bragrules-seat"); }
        // a double tap, or a tap the table had already moved past: the page shows the table as it is now
        if (message.stale === "turn" || (stale && !fromLink)) return;
        showError(message.error + (message.rule_words ? " " + tf("(the rule: {rule})", { rule: message.rule_words }) : ""));
      } else if (message.type === "replaced") { showError(message.error); retry = null; }
      else if (message.type === "ruling") { showError(null); }
    };
    socket.onclose = (event) => {
      if (retry === null) return;
      const full = event.code === TRY_AGAIN;  // a spectator the table has no room for: it waits longest
      if (full) retry = RETRY_MOST;
      showOffline(retry, full); setTimeout(connect, retry); retry = Math.min(retry * 2, RETRY_MOST);
    };
  }
  function send(message) {
    showError(null);
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    else showError(t("not connected to the table: reconnecting"));
  }
  function act(kind, extra) {
    if (sentTurn === state.turn) return;  // a second tap before the table answers the first
    sentTurn = state.turn; picked = [];
    send(Object.assign({ type: "action", kind: kind, turn: state.turn }, extra || {}));
  }

  function draw() {
    const s = state, view = s.view || null;
    const bar = $("actions"), had = document.activeElement, focused = bar.contains(had) ? had.textContent : null;
    document.body.dataset.turn = String(s.turn); document.body.dataset.phase = s.phase;
    document.body.dataset.yours = view && view.to_act && view.to_act === s.you ? "turn" : "";  // in any language
    $("profile").textContent = "· " + (s.game ? s.game + " · " : "") + s.profile + (s.deal ? " · " + tf("deal {n}", { n: s.deal }) : "");
    $("join").hidden = Boolean(s.you) || s.phase === "over" || (s.phase !== "lobby" && !s.seats.some((p) => !p.bot && !p.here));
    const status = [];
    if (s.phase === "lobby") status.push(tf("waiting for players: {taken} of {seats} seats taken", { taken: s.seats.length, seats: s.seat_count }));
    if (s.phase === "over") status.push(tf("the session is over: {winners} ahead", { winners: (s.winners || []).join(", ") }));
    if (s.fault) status.push(s.fault);
    if (s.paused) status.push(t("paused by the host"));
    if (view && view.to_act) status.push(view.to_act === s.you ? t("your turn") : tf("{player} to act", { player: view.to_act }));
    if (s.bank && s.bank.asked) status.push(s.bank.asked === s.you ? t("your answer: keep or pass the bank") : tf("{player} to keep or pass the bank", { player: s.bank.asked }));
    if (s.cards_needed && s.cards_needed.length) status.push(tf("the cards shown by {players} are to be entered", { players: s.cards_needed.join(", ") }));
    $("status").textContent = status.join(" · ");
    timerEnd = s.timer ? Date.now() + s.timer.seconds * 1000 : null;
    const lobby = s.phase === "lobby";
    $("mine").hidden = lobby; $("disputes").hidden = lobby; $("log").hidden = !s.feed.length;  // nothing to show yet
    drawTable(s, view); drawMine(s, view); drawEntry(s); drawLast(s); drawStandings(s); drawFeed(s); drawHost(s); tick();
    const now = document.activeElement;  // the focus stays on the action bar (never the page's top), on a button once there is one
    if (focused !== null && (!bar.contains(now) || now === bar)) {
      const controls = Array.from(bar.querySelectorAll("button, select, input"));
      (controls.find((c) => c.textContent === focused) || controls[0] || bar).focus();
    }
    document.dispatchEvent(new CustomEvent("bragrules:state", { detail: s }));  // for the page's other scripts
    document.dispatchEvent(new CustomEvent("bragrules:drawn", { detail: s }));  // draw.js: the pile, the stock
  }
  function drawTable(s, view) {
    $("pot").textContent = view ? t("Pot ") + money(view.pot) + (view.level !== null ? t(" · level ") + money(view.level) : t(" · no bet yet")) : "";
    $("posts").textContent = view && view.posts_text ? t("Before the betting: ") + view.posts_text + "." : "";  // stakes.forced
    const centre = $("centre"); centre.replaceChildren();
    if (view) view.centre.forEach((c) => {
      const node = card(c, false, "button");
      node.title = t("a centre card"); node.onclick = () => pick("centre", c); centre.appendChild(node);
      if (picked.some((p) => p[1] === c)) node.classList.add("picked");
    });
    const list = $("seats"); list.replaceChildren();
    s.seats.forEach((p) => {
      const seat = view && view.seats[p.name], item = el("li", null, "seat");
      if (p.name === s.you) item.classList.add("you");
      if (view && view.to_act === p.name) item.classList.add("to-act");
      if (seat && seat.folded) item.classList.add("folded");
      item.appendChild(el("span", p.name, "name"));
      if (p.bot) item.appendChild(el("span", t("bot"), "tag"));
      if (p.bot && p.plays) item.appendChild(el("span", p.plays, "tag plays"));
      if (!p.here) item.appendChild(el("span", t("away"), "tag away"));
      if (s.bank && s.bank.holder === p.name) item.appendChild(el("span", tf("banker: bank {amount}", { amount: money(s.bank.amount) }), "tag bank"));
      if (seat) {
        item.appendChild(el("span", t(seat.folded ? "folded" : seat.seen ? "seen" : "blind"), "tag " + (seat.seen ? "seen" : "blind")));
        item.appendChild(el("div", tf("paid {amount}", { amount: money(seat.paid) }) + (seat.stack !== null ? " · " + tf("stack {amount}", { amount: money(seat.stack) }) : "")));
      }
      const shown = view && view.shown[p.name];
      if (shown) {
        const row = el("div", null, "cards"); shown.forEach((c) => row.appendChild(card(c, true))); item.appendChild(row);
        const named = (view.shown_names || {})[p.name]; if (named) item.appendChild(el("div", named, "hand-name"));
      } else if (view && view.face_up && view.face_up[p.name]) {  // the cards this hand was dealt face up
        const row = el("div", null, "cards"); row.title = t("dealt face up");
        view.face_up[p.name].forEach((c) => row.appendChild(card(c, true))); item.appendChild(row);
      }
      if (s.timer && s.timer.player === p.name) item.appendChild(el("div", "", "timer"));
      list.appendChild(item);
    });
  }
  function pick(where, c) {  // a swap by two taps: sent only as one of the swaps the table offers (view.swap_cards)
    if (!state || !state.view || !state.view.swap_cards) return;
    picked = picked.filter((p) => p[0] !== where); picked.push([where, c]);
    const mine = picked.find((p) => p[0] === "hand"), centre = picked.find((p) => p[0] === "centre");
    if (!mine || !centre) { draw(); return; }
    const pair = state.view.swap_cards.find((p) => p.cards[0] === mine[1] && p.cards[1] === centre[1]);
    if (pair) { act(pair.send.kind, pair.send); return; }
    picked = []; draw(); showError(tf("{mine} cannot be swapped for {centre} now", { mine: mine[1], centre: centre[1] }));
  }
  function drawBuys(s, actions) {  // session.rebuy, session.top_up, the buy-in range: with the exact amounts
    const words = { buy_in: t("Bring"), rebuy: t("Buy in again"), top_up: t("Top up") };
    (s.buys || []).forEach((b) => {
      const input = document.createElement("input");
      input.type = "number"; input.min = b.least; input.max = b.most; input.value = b.least; input.step = "any";
      input.setAttribute("aria-label", t("amount to buy"));
      const button = document.createElement("button");
      button.textContent = words[b.kind] + " (" + tf("{least} to {most}", { least: money(b.least), most: money(b.most) }) + ")";
      button.onclick = () => send({ type: "buy", amount: input.value });
      actions.appendChild(input); actions.appendChild(button);
    });
    if (s.buy_waiting !== undefined) {
      const note = document.createElement("p");
      note.textContent = tf("You buy {amount} once this deal is over.", { amount: money(s.buy_waiting) });
      actions.appendChild(note);
    }
  }
  function drawBank(s, actions) {  // procedure.bank.carry: the banker keeps the bank or passes it, between deals
    const b = s.bank;
    if (!b || b.asked !== s.you || !s.you) return;
    const vars = { amount: money(b.amount), dealt: b.dealt, hold: b.hold, put_up: money(b.put_up) };
    actions.appendChild(el("p", !b.broken ? tf("You hold the bank: {amount} on the table after {dealt} of {hold} deals. Keep it and deal again against it, or pass it: you take back the {amount} and the deal passes to the next seat, who puts up a bank of {put_up}.", vars)
      : tf("Your bank is broken after {dealt} of {hold} deals: keep it by putting up {put_up} afresh and dealing again, or pass it to the next seat, who puts up a bank of {put_up}.", vars), "bank-question"));
    [["keep", t("Keep the bank")], ["pass", t("Pass the bank")]].forEach((pair) => {
      const button = el("button", pair[1]); button.type = "button";
      button.onclick = () => {
        if (sentTurn === s.turn) return;  // a second tap before the table answers the first
        sentTurn = s.turn; send({ type: "bank", choice: pair[0], turn: s.turn });
      };
      actions.appendChild(button);
    });
    (b.rules || []).forEach((r) => actions.appendChild(el("p", tf("(the rule: {rule})", { rule: r }), "hint")));
  }
  function drawMine(s, view) {
    const two = view && view.player && (view.seats[view.player] || {}).hands === 2;
    const other = view && view.inspected === "old" ? "new" : "old";
    const blind = s.mode === "keep" ? t(" · your cards are the real ones in front of you")
      : two && view.inspected ? tf(" · two hands: the {seen} hand is face up, the {other} one still face down; keep it (the {other} one goes, unseen) or discard it (you play the {other} one blind)",
          { seen: t(view.inspected), other: t(other) })
      : two ? t(" · two hands, both face down: the old one kept from the last deal and the new one") +
        (view.legal.some((o) => o.kind === "look") ? t("; look at one of them") : "")
      : t(" · blind: your cards stay face down until you look");
    $("you").textContent = s.you ? t("You are ") + s.you + (view && view.hand === null && view.player ? blind : "") : t("Watching");
    let hand = $("hand"); hand.replaceChildren();
    const actions = $("actions"); actions.replaceChildren();
    drawBuys(s, actions); drawBank(s, actions);
    if (!view || !view.player) return;
    const shownHand = view.inspected_hand || view.hand;
    const arranging = shownHand && window.BragArrange && view.legal.find((o) => o.kind === "arrange" && o.cards);  // arrange.js
    const backs = (count) => { for (let i = 0; i < count; i++) hand.appendChild(card(null)); };
    const faces = (cards) => cards.forEach((c) => {
      const node = card(c, false, "button");
      node.onclick = () => { if (view.swap_cards) pick("hand", c); else arrangePick(c, cards.length); };
      if (picked.some((p) => p[1] === c)) node.classList.add("picked");
      if ((view.wild || []).includes(c)) { node.classList.add("wild"); node.title = t("wild in your hand"); }
      hand.appendChild(node);
    });
    if (two) {  // two hands, old then new: the one looked at face up, the other's backs drawn
      ["old", "new"].forEach((label) => {
        const group = el("div", null, "hand-group"); group.appendChild(el("div", tf("{which} hand", { which: t(label) }), "hand-label"));
        hand.appendChild(group);
        const row = el("div", null, "cards"); group.appendChild(row);
        const into = hand; hand = row;
        if (label === view.inspected && shownHand) faces(shownHand); else backs(3);
        hand = into;
      });
    } else if (arranging) window.BragArrange.draw(view, arranging, hand, actions, { el, card, act, redraw: draw });
    else if (shownHand) faces(shownHand); else backs(3);
    if (shownHand && view.hand_name) hand.appendChild(el("div", view.hand_name, "hand-name"));
    if (view.points_drawn && view.points_drawn.length) {  // pots.points_draw: the cards drawn for the pips stake, for this seat only
      const row = el("div", null, "side-show"); row.appendChild(el("span", t("drawn for the pips stake (only you see these):")));
      const cards = el("span", null, "cards"); view.points_drawn.forEach((c) => cards.appendChild(card(c, true))); row.appendChild(cards);
      hand.appendChild(row);
    }
    (view.side_shows || []).forEach((x) => {  // a side-show this seat took part in: the other hand, for this seat only
      const row = el("div", null, "side-show"); row.appendChild(el("span", tf("side-show with {player} (only you two see this):", { player: x.with })));
      const cards = el("span", null, "cards"); (x.cards || []).forEach((c) => cards.appendChild(card(c, true))); row.appendChild(cards);
      if (x.hand_name) row.appendChild(el("span", x.hand_name, "hand-name"));
      row.appendChild(el("span", x.folded ? tf("{player} folded", { player: x.folded }) : t("equal hands: nobody folded")));
      hand.appendChild(row);
    });
    view.legal.forEach((o) => {
      if ((o.kind === "bet" || o.kind === "pairplus") && o.amounts && o.amounts.length > 1) {  // a range: its amounts
        const select = el("select"); select.setAttribute("aria-label", t("amount") + ": " + (o.word || o.kind));
        o.amounts.forEach((a) => { const opt = el("option", money(a)); opt.value = String(a); select.appendChild(opt); });
        const button = el("button", o.word || o.kind); button.type = "button";
        button.onclick = () => act(o.kind, { amount: select.value });
        actions.append(select, button);
        return;
      }
      if (arranging && o === arranging) return;  // arrange.js draws its own buttons
      const button = el("button", o.label); button.type = "button";
      button.onclick = () => {
        if (o.kind === "bet" || o.kind === "see" || o.kind === "pairplus" || (o.kind === "sideshow" && o.amount !== null)) act(o.kind, { amount: String(o.amount) });
        else if (o.kind === "arrange") act("arrange", { cards: picked.length === shownHand.length ? groups(picked.map((p) => p[1])) : o.cards });
        else act(o.kind, Object.assign(o.target ? { target: o.target } : {},  // a discard, a swap for a face-down card: its card
          o.cards && (o.kind === "throw" || o.target === "down") ? { cards: o.cards.map((h) => h[0]) } : {}));
      };
      actions.appendChild(button);
    });
    if (view.carry_rules && view.carry_rules.length) {
      // a blind survivor: why the pot carries, and why the unseen hand may be kept, in the profile's words
      const why = el("div", null, "carry"); why.appendChild(el("p", t("Everyone else has folded and you are still blind:")));
      view.carry_rules.forEach((r) => why.appendChild(el("p", ruleText(r), "hint")));
      actions.appendChild(why);
    }
    (view.withheld || []).forEach((w) => {  // what the rules take away at this turn, and why, before anyone tries it
      actions.appendChild(el("p", t("Not offered now: ") + (w.words || w.actions.join(", ")) + ": " + w.why +
        (w.rule_words ? " " + tf("(the rule: {rule})", { rule: w.rule_words }) : ""), "hint withheld"));
    });
    if (view.swap_cards) actions.appendChild(el("p", t("To swap one card: tap one of yours, then a centre card."), "hint"));
    if (!arranging && view.legal.some((o) => o.kind === "arrange")) actions.appendChild(el("p", tf("To arrange: tap your cards in order, best hand first ({tapped} tapped), then arrange.", { tapped: picked.length }), "hint"));
  }
  function drawEntry(s) {
    // keep mode: the cards turned at a showdown, entered by their player (or by the host for anyone)
    const needed = (s.cards_needed || []).filter((name) => s.host || name === s.you);
    $("entry").hidden = !needed.length;
    const select = $("entry-player"), chosen = select.value; select.replaceChildren();
    needed.forEach((name) => { const opt = el("option", name); opt.value = name; select.appendChild(opt); });
    if (needed.includes(chosen)) select.value = chosen;
  }
  function arrangePick(c, total) {
    if (!state.view.legal.some((o) => o.kind === "arrange")) return;
    if (picked.some((p) => p[1] === c)) picked = picked.filter((p) => p[1] !== c); else if (picked.length < total) picked.push(["hand", c]);
    draw();
  }
  function groups(cards) { const out = []; for (let i = 0; i < cards.length; i += 3) out.push(cards.slice(i, i + 3)); return out; }
  function drawLast(s) {
    const box = $("last"); box.replaceChildren(); box.hidden = !s.last;
    if (!s.last) return;
    const l = s.last;
    box.appendChild(el("h2", t("Deal ") + l.deal));
    box.appendChild(el("p", l.outcome === "carried" ? tf("{reason}: {amount} carries", { reason: l.reason, amount: money(l.carried_out) }) :
      l.outcome === "abandoned" ? l.reason :
      tf(l.winners.length === 1 ? "{winners} wins {amount} ({reason})" : "{winners} win {amount} ({reason})",
         { winners: l.winners.join(", "), amount: money(l.pot), reason: l.reason })));
    (l.rules || []).forEach((r) => box.appendChild(el("p", (r.path === "seeing.tie" ? t("Equal hands: ") : t("The rule: ")) + ruleText(r), "rule")));
    if (l.house) {
      const parts = [];
      if (l.house.rake !== null) parts.push(tf("a rake of {amount} from the pot", { amount: money(l.house.rake) }));
      if (l.house.table_fee !== null) parts.push(tf("table fees of {amount}", { amount: money(l.house.table_fee) }));
      box.appendChild(el("p", tf("The house takes {parts} ({total} in all).", { parts: parts.join(", "), total: money(l.house.total) }), "rule"));
    }
    if (l.pots && window.bragPots) window.bragPots(box, l, el, money);  // pots.js: the side pots
    Object.keys(l.shown).forEach((name) => {
      const row = el("div", null, "shown-row"); row.appendChild(el("span", name + ":"));
      const cards = el("span", null, "cards"), laid = (l.arranged || {})[name];
      if (laid && window.BragArrange) window.BragArrange.shown(cards, laid, { el, card });  // several hands, as set out
      else l.shown[name].forEach((c) => cards.appendChild(card(c, true)));
      row.appendChild(cards);
      const named = (l.shown_names || {})[name]; if (named) row.appendChild(el("span", named, "hand-name"));
      box.appendChild(row);
    });
  }
  function ruleText(r) { return r.sentence + (r.source_words ? " (" + r.source_words + ")" : ""); }
  function drawStandings(s) {
    const box = $("standings"); box.replaceChildren(); box.hidden = !s.seats.length || s.seats[0].net === undefined;
    if (box.hidden) return;
    box.appendChild(el("h2", t("Standings") + (s.deals_played !== undefined ? " · " + tf(s.deals_played === 1 ? "after {n} deal" : "after {n} deals", { n: s.deals_played }) : "")));
    const table = el("table");
    s.seats.slice().sort((a, b) => parseFloat(eval_(b.net)) - parseFloat(eval_(a.net))).forEach((p) => {
      const row = el("tr"); row.appendChild(el("td", p.name)); row.appendChild(el("td", (String(p.net).startsWith("-") ? "" : "+") + money(p.net), "money"));
      if (p.lives !== undefined) row.appendChild(el("td", tf(p.lives === 1 ? "{n} life" : "{n} lives", { n: p.lives })));
      table.appendChild(row);
    });
    box.appendChild(table);
  }
  function eval_(value) { const parts = String(value).split("/"); return parts.length === 2 ? parseInt(parts[0], 10) / parseInt(parts[1], 10) : Number(value); }
  function drawFeed(s) {
    const feed = $("feed"); feed.replaceChildren();
    s.feed.slice().reverse().forEach((line) => feed.appendChild(el("li", line)));
    const rulings = $("rulings"); rulings.replaceChildren();
    (s.rulings || []).slice().reverse().forEach((r) => {
      const box = el("div"); box.appendChild(el("strong", r.text + " (" + tf("raised by {player}", { player: r.raised_by }) + ")"));
      box.appendChild(el("p", r.summary));
      r.rules.forEach((c) => box.appendChild(el("p", c.path + ": " + ruleText(c), "hint")));
      if (r.settled) box.appendChild(el("p", t("Applied: ") + r.settled + ".", "hint"));
      if (r.pending) {
        // a ruling changes the deal only when the player it concerns concedes it, or the host confirms it
        box.appendChild(el("p", tf("It changes the deal only if {player} concedes it or the host confirms it.", { player: r.pending.player }), "hint"));
        const mine = r.pending.player === s.you;
        if (mine || s.host) {
          const button = el("button", mine ? t("Concede: ") + r.pending.action : t("Confirm as host: ") + r.pending.action);
          button.type = "button"; button.className = "accept";
          button.onclick = () => send({ type: "accept", ruling: r.id });
          box.appendChild(button);
        }
      }
      rulings.appendChild(box);
    });
  }
  function drawHost(s) {
    $("host").hidden = !s.host;
    if (!s.host) return;
    $("start").hidden = s.phase !== "lobby";
    $("pause").hidden = s.phase !== "play" || s.paused; $("resume").hidden = s.phase !== "play" || !s.paused;
    $("end").hidden = s.phase !== "play";
    $("void").hidden = !s.void;  // a malfunction: the host raises it, then confirms the ruling
    if (s.void) $("void").textContent = s.void.label.charAt(0).toUpperCase() + s.void.label.slice(1);
    $("replace-form").hidden = s.mode === "keep";
    const select = $("replace-name"), chosen = select.value; select.replaceChildren();
    const people = s.seats.filter((p) => !p.bot).map((p) => p.name);
    people.forEach((name) => { const opt = el("option", name); opt.value = name; select.appendChild(opt); });
    if (people.includes(chosen)) select.value = chosen;
    const styles = $("replace-style"), style = styles.value; styles.replaceChildren();
    (s.bot_styles || []).forEach((b) => { const opt = el("option", b.name.replace("_", " ")); opt.value = b.name; opt.title = b.words; styles.appendChild(opt); });
    if ((s.bot_styles || []).some((b) => b.name === style)) styles.value = style;  // else the first: the table's default
    $("log-name").textContent = s.log ? t("Session log: ") + s.log + " (bragrules audit checks it)" : "";
  }
  function tick() {
    document.querySelectorAll(".timer").forEach((node) => {
      const left = timerEnd ? Math.max(0, Math.ceil((timerEnd - Date.now()) / 1000)) : 0;
      node.textContent = tf("away: the table acts for them in {seconds} s", { seconds: left });
    });
  }
  setInterval(tick, 1000);

  $("join-form").onsubmit = async (event) => {
    event.preventDefault();
    let response, data;
    try {
      response = await fetch("/api/join?lang=" + LANG, { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: $("name").value }) });
      data = await response.json();
    } catch (problem) { showError(t("the table cannot be reached: try again in a moment")); return; }
    if (!response.ok) { showError(data.error); return; }
    showError(null);
    token = data.token; fromLink = true; localStorage.setItem("bragrules-seat", token);
    const url = new URL(location.href); url.searchParams.set("seat", token); history.replaceState(null, "", url);
    retry = RETRY_FIRST;
    if (socket) { socket.onclose = null; socket.close(); }  // this socket's end is no loss of the table
    connect();
  };
  $("dispute-form").onsubmit = (event) => { event.preventDefault(); send({ type: "dispute", text: $("dispute").value }); $("dispute").value = ""; };
  $("entry-form").onsubmit = (event) => {
    event.preventDefault();
    send({ type: "cards", player: $("entry-player").value, cards: $("entry-cards").value, turn: state.turn });
    $("entry-cards").value = "";
  };
  $("start").onclick = () => send({ type: "start" });
  $("pause").onclick = () => send({ type: "pause" });
  $("resume").onclick = () => send({ type: "resume" });
  $("end").onclick = () => { if (confirm("End the session for everyone now? (bragrules serve --resume continues it from its log)")) send({ type: "end" }); };
  $("void").onclick = () => { if (state && state.void) send({ type: "dispute", text: state.void.dispute }); };
  $("replace-form").onsubmit = (event) => { event.preventDefault(); send({ type: "replace", name: $("replace-name").value, style: $("replace-style").value }); };
  connect();
})();
