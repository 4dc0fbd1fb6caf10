// The recording page (/web/live/{id}/record): a deal's dealer and hands (five cards and the card
// face up, then the rest; or eight at once), then each call, announcement and card tapped as a
// button; each act goes over the game's WebSocket and its verdict comes back at once. A refused
// act is shown with its finding's words and not kept. What the seat to play may announce, the
// belote word and each deal's score line come from the engine (/web/live/{id}/offers), never
// worked out here. A reload or a dropped connection starts again from the server's state, and an
// act sent but not acknowledged is sent again with its number. Values are set as text, never HTML.
"use strict";
(function () {
  const root = document.getElementById("record");
  if (!root) return;
  const $ = (name) => document.getElementById(name);
  const SEATS = ["N", "E", "S", "W"];
  // The page's words in its language: the template's JSON block of labels (none in English),
  // each an English text of the catalogue with its %(name)s places.
  const LABELS = JSON.parse((document.getElementById("labels") || {}).textContent || "{}");
  const t = (text, args) => (LABELS[text] || text).replace(/%\((\w+)\)s/g, (_, name) => String((args || {})[name]));
  const NAMES = { N: t("North"), E: t("East"), S: t("South"), W: t("West") };
  const id = root.dataset.live;
  const french = root.dataset.deck === "french";
  const RANKS = french ? ["7", "8", "9", "10", "J", "Q", "K", "A"] : ["4", "5", "6", "7", "10", "11", "12", "1"];
  const SUITS = french ? "SHDC" : "ECOB";
  const DECK = [];
  for (const suit of SUITS) for (const rank of RANKS) DECK.push(rank + suit);
  // The table's token and the act waiting for its answer, kept for this tab (a reload finds them).
  const store = window.sessionStorage;
  const TOKEN_KEY = "belote_table_" + id;
  const PENDING_KEY = "belote_pending_" + id;
  if (root.dataset.token) store.setItem(TOKEN_KEY, root.dataset.token);
  const token = store.getItem(TOKEN_KEY) || "";
  let pending = JSON.parse(store.getItem(PENDING_KEY) || "null"); // {seq, act} sent, not answered
  let seq = 0;
  let acts = []; // the accepted acts, in order (the server's, then each verdict's)
  let position = null;
  let offered = { seq: -1, announcements: [], belote: {} };
  let sheet = null; // the engine's score sheet (deals, winner, due)
  let socket = null;
  let retries = 0;
  let done = false;
  let fetching = 0;
  let scoreNow = false; // the deal just ended by a tap: its score line goes by itself

  function idle() {
    root.dataset.idle = String(!pending && fetching === 0 && !!socket && socket.readyState === WebSocket.OPEN);
  }

  function setPending(value) {
    pending = value;
    if (value) store.setItem(PENDING_KEY, JSON.stringify(value)); else store.removeItem(PENDING_KEY);
    idle();
  }

  function send(act) {
    if (pending || done || !socket || socket.readyState !== WebSocket.OPEN) return;
    for (const item of root.querySelectorAll(".taps button, #table button, #undo")) item.disabled = true;
    setPending({ seq: seq + 1, act: act });
    socket.send(JSON.stringify({ ...act, seq: seq + 1 }));
  }

  function refuse(text) {
    $("refusal").textContent = text;
    $("refusal").hidden = !text;
  }

  function button(label, title, onTap, className) {
    const item = document.createElement("button");
    item.type = "button";
    item.textContent = label;
    if (title) item.title = title;
    if (className) item.className = className;
    item.addEventListener("click", onTap);
    return item;
  }

  function contractText(contract) {
    if (!contract) return "–";
    return [contract.taker, contract.value, contract.trump, contract.kind && contract.kind !== "points" ? contract.kind : null,
            contract.doubled ? "x" + 2 ** contract.doubled : null].filter((v) => v !== null && v !== undefined).join(" ");
  }

  function lastDeal() { // the index of the last deal act, -1 before any
    for (let i = acts.length - 1; i >= 0; i--) if (acts[i].act === "deal") return i;
    return -1;
  }

  function restDue() { // a deal dealt five cards a seat, taken, its rest not dealt yet
    const at = lastDeal();
    if (at < 0 || !acts[at].tafr9a || acts.slice(at).some((a) => a.act === "rest")) return false;
    return !!(position && position.contract && position.phase === "bidding" && !position.to_move);
  }

  // ------------------------------------------------------------------ the score sheet
  function cell(row, text, className) {
    const item = document.createElement("td");
    item.textContent = text;
    if (className) item.className = className;
    row.appendChild(item);
  }

  function drawSheet() {
    const body = $("sheet").tBodies[0];
    body.textContent = "";
    let totals = [0, 0];
    let last = 0;
    for (const deal of (sheet && sheet.deals) || []) {
      if (!deal.scored || (position && deal.deal === position.deal && !deal.recorded)) continue;
      const row = document.createElement("tr");
      row.dataset.deal = String(deal.deal);
      const line = deal.recorded || deal.scored;
      cell(row, String(deal.deal));
      cell(row, [deal.taker, deal.trump, deal.outcome].filter(Boolean).join(" ") || "–");
      cell(row, String(line[0]), "num");
      cell(row, String(line[1]), "num");
      body.appendChild(row);
      totals = deal.totals || totals;
      last = deal.deal;
    }
    if (position && position.deal && position.deal > last && position.points) {
      const row = document.createElement("tr");
      row.className = "playing";
      row.dataset.deal = String(position.deal);
      cell(row, String(position.deal));
      cell(row, contractText(position.contract));
      cell(row, String(position.points[0]), "num");
      cell(row, String(position.points[1]), "num");
      row.title = t("card points so far");
      body.appendChild(row);
    }
    $("total-ns").textContent = String(totals[0]);
    $("total-ew").textContent = String(totals[1]);
  }

  function ask(withSheet) { // what the engine offers now; the sheet when asked or a deal is over
    fetching += 1;
    idle();
    const asked = seq;
    fetch("/web/live/" + encodeURIComponent(id) + "/offers" + (withSheet ? "?sheet=true" : ""),
          { credentials: "same-origin", cache: "no-store" })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((found) => {
        if (!found || found.seq !== seq || asked !== seq) return;
        offered = found;
        if (found.sheet) sheet = found.sheet;
        const due = sheet && sheet.seq === seq ? sheet.due : null;
        if (due && scoreNow && !done) { scoreNow = false; send(due); }
        show(position);
      })
      .catch(() => {})
      .finally(() => { fetching -= 1; idle(); });
  }

  // ------------------------------------------------------------------ the forms
  function words(value) { return value.trim().toUpperCase().split(/[\s,]+/).filter(Boolean); }

  function fiveShape() { return !!$("shape") && $("shape").value === "five"; }

  function shaped() {
    const five = fiveShape();
    for (const item of root.querySelectorAll("#deal .count")) item.textContent = five ? t("five") : t("eight");
    if ($("offer-label")) $("offer-label").hidden = !five;
  }

  function showDeal(dealer) {
    $("table").hidden = true;
    $("rest").hidden = true;
    $("deal").hidden = false;
    $("dealer").value = dealer;
    for (const seat of SEATS) $("hand-" + seat).value = "";
    if ($("offer")) $("offer").value = "";
    shaped();
    $("status").textContent = t("Deal %(deal)s: the dealer and the hands", { deal: (position && position.deal) ? position.deal + 1 : 1 });
  }

  function showRest() {
    $("table").hidden = true;
    $("deal").hidden = true;
    $("rest").hidden = false;
    const taker = position.contract.taker;
    $("rest-what").textContent = t("Deal %(deal)s · %(taker)s took %(trump)s: the rest, three cards a seat, two to %(name)s (who has the card face up)",
                                   { deal: position.deal, taker: taker, trump: position.contract.trump || "", name: NAMES[taker] });
    $("status").textContent = t("Deal %(deal)s: the rest of the cards", { deal: position.deal });
  }

  function shuffled(cards) {
    const out = cards.slice();
    const random = new Uint32Array(out.length);
    crypto.getRandomValues(random);
    for (let i = out.length - 1; i > 0; i--) {
      const j = random[i] % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  // ------------------------------------------------------------------ the table
  function showCalls(p) {
    $("status").textContent = p.to_move + " to call";
    const deal = acts[lastDeal()] || {};
    for (const words of p.legal_calls || []) {
      const [seat, call] = words.split(":");
      // A deal dealt whole has no card face up: a take names its trump.
      const named = call === "take" && !deal.offer ? [...SUITS].map((suit) => "take " + suit) : [call];
      for (const one of named) $("calls").appendChild(button(one, seat + " " + one, () => send({ act: "call", seat: seat, call: one })));
    }
  }

  function showPlay(p) {
    const seat = p.to_move;
    $("status").textContent = t("%(seat)s to play", { seat: seat });
    const fresh = offered.seq === seq;
    for (const found of fresh ? offered.announcements : []) {
      const label = t("Announce %(kind)s %(cards)s", { kind: found.kind, cards: found.cards.join(" ") });
      $("announce").appendChild(button(label, t("%(seat)s announces %(kind)s %(cards)s", { seat: seat, kind: found.kind, cards: found.cards.join(" ") }),
                                       () => send({ act: "announce", seat: found.seat, kind: found.kind, cards: found.cards })));
    }
    const legal = new Set(p.legal || []);
    for (const card of (p.hands || {})[seat] || []) {
      const className = legal.has(card) ? "legal" : "";
      $("cards").appendChild(button(card, t("%(seat)s plays %(card)s", { seat: seat, card: card }), () => send({ act: "card", seat: seat, card: card }), className));
      const word = fresh ? offered.belote[card] : null;
      if (word) {
        $("cards").appendChild(button(card + " · " + word, t("%(seat)s plays %(card)s saying %(word)s", { seat: seat, card: card, word: word }),
                                      () => send({ act: "card", seat: seat, card: card, belote: word }), className + " word"));
      }
    }
  }

  function showEnding() {
    const ending = $("ending");
    ending.textContent = "";
    ending.hidden = done || !position || position.phase === "start";
    const winner = sheet && sheet.seq === seq ? sheet.winner : null;
    const choices = winner ? [winner] : ["*", "NS", "EW"];
    for (const result of choices) {
      const team = result === "NS" ? "N-S" : "E-W";
      const label = result === "*" ? t("End the game here (result *)")
        : winner ? t("End: %(team)s won the match", { team: team }) : t("End: %(team)s won", { team: team });
      ending.appendChild(button(label, "end " + result, () => send({ act: "end", result: result }), winner ? "legal" : ""));
    }
  }

  function show(p) {
    position = p;
    for (const name of ["calls", "announce", "cards"]) $(name).textContent = "";
    $("acts-bar").hidden = seq === 0 || done;
    for (const item of root.querySelectorAll("#table .actions button, #undo")) item.disabled = !!pending;
    drawSheet();
    if (done) return;
    showEnding();
    if (!p || p.phase === "start") { showDeal("N"); return; }
    if (restDue()) { showRest(); return; }
    $("deal").hidden = true;
    $("rest").hidden = true;
    $("table").hidden = false;
    const over = p.phase === "over" || p.phase === "dead";
    const due = over && sheet && sheet.seq === seq ? sheet.due : null;
    $("next").hidden = !over || !!due;
    $("score").hidden = !due;
    if (due) $("score").textContent = t("Write the score line: N-S %(ns)s, E-W %(ew)s", { ns: due.score[0], ew: due.score[1] });
    $("where").textContent = t("Deal %(deal)s · dealer %(dealer)s · contract %(contract)s · tricks %(tricks)s",
                               { deal: p.deal, dealer: p.dealer, contract: contractText(p.contract), tricks: (p.tricks_won || [0, 0]).join("–") });
    $("trick").textContent = (p.trick_so_far || []).length ? t("Trick %(trick)s: %(cards)s", { trick: p.trick, cards: p.trick_so_far.join(" ") }) : "";
    if (p.phase === "bidding" && p.to_move) showCalls(p);
    else if (p.phase === "play" && p.to_move) showPlay(p);
    else $("status").textContent = p.phase === "dead" ? t("Everybody passed: the next deal") : t("Deal %(deal)s is over", { deal: p.deal });
    const first = root.querySelector(".taps:not([hidden]) button, #table button:not([hidden])");
    if (first && (document.activeElement === document.body || !document.activeElement)) first.focus();
  }

  function finished(game) {
    done = true;
    setPending(null);
    for (const name of ["table", "deal", "rest", "ending", "acts-bar"]) $(name).hidden = true;
    $("done").hidden = false;
    $("done").textContent = t("The game is over and stored.") + " ";
    if (game) {
      const link = document.createElement("a");
      link.href = "/v1/games/" + encodeURIComponent(game) + "/replay";
      link.textContent = t("Its replay");
      $("done").appendChild(link);
    }
    $("status").textContent = t("Recorded: %(count)s acts", { count: seq });
    ask(true);
  }

  // ------------------------------------------------------------------ the socket
  function onState(state) {
    seq = state.seq;
    acts = state.acts.map((item) => item.act);
    position = state.position;
    if (state.state !== "playing") { finished(state.game); return; }
    if (pending && pending.act && pending.seq === seq + 1) { // sent, its answer lost: send it again, same number
      socket.send(JSON.stringify({ ...pending.act, seq: pending.seq }));
      return;
    }
    setPending(null);
    show(position);
    ask(true);
  }

  function onVerdict(answer) {
    const act = pending ? pending.act : null;
    setPending(null);
    const errors = answer.findings.filter((f) => f.severity === "error");
    const said = (answer.accepted ? answer.findings : errors).map((f) => f.code + " " + f.message).join("; ");
    refuse(answer.accepted ? "" : t("Refused: %(why)s", { why: said }));
    if (answer.accepted && act && answer.seq > acts.length) acts.push(act);
    seq = answer.seq;
    if (answer.accepted && answer.position.phase === "end") { position = answer.position; finished(answer.game); return; }
    const over = answer.position.phase === "over" || answer.position.phase === "dead";
    scoreNow = answer.accepted && over && act !== null && act.act !== "score";
    show(answer.position);
    if (answer.accepted && said) $("status").textContent += t(" (noted: %(said)s)", { said: said });
    ask(over || (act !== null && act.act === "score"));
  }

  function onMessage(event) {
    const answer = JSON.parse(event.data);
    if (answer.type === "state") onState(answer);
    else if (answer.type === "verdict") onVerdict(answer);
    else if (answer.type === "undone") {
      setPending(null);
      seq = answer.seq;
      acts = acts.slice(0, seq);
      refuse("");
      show(answer.position);
      ask(true);
    } else if (answer.type === "problem") {
      const problem = answer.problem;
      const error = (problem.errors || [])[0];
      setPending(null);
      refuse(t("Refused: %(why)s", { why: problem.detail + (error && error.pointer ? " (" + error.pointer + ")" : "") }));
      if (problem.code === "conflict") socket.close(); // out of step: the state again
      else show(position);
    }
    idle();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const lang = document.documentElement.lang; // the page's language: the verdicts' findings in it
    socket = new WebSocket(scheme + location.host + "/v1/live/" + encodeURIComponent(id) + "/play?token=" + encodeURIComponent(token) +
                           (lang && lang !== "en" ? "&lang=" + encodeURIComponent(lang) : ""));
    socket.onopen = () => { retries = 0; };
    socket.onmessage = onMessage;
    socket.onclose = () => {
      idle();
      if (done) return;
      $("status").textContent = t("Connection lost: trying again…");
      retries += 1;
      setTimeout(() => { if (!done && socket.readyState === WebSocket.CLOSED) connect(); }, Math.min(500 * 2 ** retries, 8000));
    };
  }
  document.addEventListener("visibilitychange", () => { // a phone that slept: at once, not at the next try
    if (document.visibilityState === "visible" && !done && socket && socket.readyState === WebSocket.CLOSED) connect();
  });

  // ------------------------------------------------------------------ the buttons
  if ($("shape")) $("shape").addEventListener("change", shaped);
  $("deal").addEventListener("submit", (event) => {
    event.preventDefault();
    const hands = {};
    for (const seat of SEATS) hands[seat] = words($("hand-" + seat).value);
    if (fiveShape()) send({ act: "deal", dealer: $("dealer").value, tafr9a: hands, offer: words($("offer").value)[0] || "" });
    else send({ act: "deal", dealer: $("dealer").value, hands: hands });
  });
  $("shuffle").addEventListener("click", () => {
    const cards = shuffled(DECK);
    const size = fiveShape() ? 5 : 8;
    SEATS.forEach((seat, k) => { $("hand-" + seat).value = cards.slice(size * k, size * k + size).join(" "); });
    if (fiveShape()) $("offer").value = cards[20];
  });
  $("rest").addEventListener("submit", (event) => {
    event.preventDefault();
    const hands = {};
    for (const seat of SEATS) hands[seat] = words($("rest-" + seat).value);
    send({ act: "rest", hands: hands });
  });
  $("rest-shuffle").addEventListener("click", () => { // the cards not dealt yet
    const deal = acts[lastDeal()];
    const dealt = new Set([deal.offer, ...SEATS.flatMap((seat) => deal.tafr9a[seat] || [])]);
    const cards = shuffled(DECK.filter((card) => !dealt.has(card)));
    for (const seat of SEATS) $("rest-" + seat).value = cards.splice(0, seat === position.contract.taker ? 2 : 3).join(" ");
  });
  $("undo").addEventListener("click", () => {
    if (seq > 0 && !pending && socket.readyState === WebSocket.OPEN) {
      setPending({ seq: seq, undo: true });
      socket.send(JSON.stringify({ seq: seq, undo: true }));
    }
  });
  $("score").addEventListener("click", () => { if (sheet && sheet.due) send(sheet.due); });
  // The deal goes round as the play does: the next dealer is the seat that spoke first in the
  // deal (the rule system's order, as the engine had it: the first call's seat).
  $("next").addEventListener("click", () => {
    const first = acts.slice(lastDeal()).find((a) => a.act === "call" && a.seat);
    showDeal(first ? first.seat : SEATS[(SEATS.indexOf(position.dealer) + 3) % 4]);
  });
  connect();
})();
