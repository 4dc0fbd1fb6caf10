/* The replay viewer: steps through the data Python wrote into the page (one JSON block per
   game). Every number shown (trick winners, points, scores, the match sheet, the pot) is read
   from that data, as the validator computed it; nothing here decides a rule of the game. */
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("belote-labels").textContent);
  const T = DATA.texts;
  const GAMES = Array.from(document.querySelectorAll("script.belote-game"), (s) => JSON.parse(s.textContent))
    .filter((g) => g.deals.length); // a game with no deal has nothing to step through
  const SEATS = T.seats.split(" ");
  const LETTERS = T.seatLetters.split(" ");
  const TEAMS = T.teams.split(" ");
  const RANK_ORDER = [7, 3, 6, 5, 4, 2, 1, 0]; // in a hand: A 10 K Q J 9 8 7
  const SVGNS = "http://www.w3.org/2000/svg";

  const state = { g: 0, d: 0, s: 0 };
  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value; else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children || []) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  const game = () => GAMES[state.g];
  const deal = () => game().deals[state.d];
  const faces = () => DATA.decks[game().deck] || DATA.decks.french;

  /* Positions of a deal: [0, 0] as dealt, [0, k] after the k-th call, then [trick, card] for
     every card played. */
  function steps(d) {
    const out = [[0, 0]];
    d.bids.forEach((_, k) => out.push([0, k + 1]));
    d.tricks.forEach((trick, t) => trick.cards.forEach((_, c) => out.push([t + 1, c + 1])));
    return out;
  }
  const here = () => steps(deal())[state.s];
  const before = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
  const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

  function suitText(suit) {
    if (suit === null || suit === undefined || suit < 0 || suit > 3) return "?";
    const f = faces();
    return f.name === "spanish" ? f.suitWords[suit] : f.suits[suit];
  }
  function seatText(seat) { return seat === null || seat === undefined ? "?" : LETTERS[seat]; }
  function pair(values) { return values ? `${TEAMS[0]} ${values[0]}, ${TEAMS[1]} ${values[1]}` : "-"; }

  function card(c, extra) {
    const f = faces();
    const suit = c >> 3, rank = c & 7;
    const classes = ["card"];
    if (f.name === "spanish") classes.push(f.suits[suit]); else if (suit === 1 || suit === 2) classes.push("red");
    if (extra && extra.cls) classes.push(extra.cls);
    let label = f.labels[c];
    if (extra && extra.label) label += ", " + extra.label;
    const node = el("span", { class: classes.join(" "), role: "img", "aria-label": label, "data-card": c, title: label },
      [el("span", { class: "rank", "aria-hidden": "true", text: f.ranks[rank] })]);
    if (f.name === "spanish") {
      const icon = document.createElementNS(SVGNS, "svg");
      icon.setAttribute("viewBox", "0 0 16 16");
      icon.setAttribute("aria-hidden", "true");
      icon.innerHTML = f.icons[f.suits[suit]];
      node.append(icon);
    } else {
      node.append(el("span", { class: "suit", "aria-hidden": "true", text: f.suits[suit] }));
    }
    if (extra && extra.mark) node.append(el("span", { class: "mark", text: T[extra.mark] || extra.mark }));
    return node;
  }

  function sortHand(cards) {
    return cards.slice().sort((a, b) => (a >> 3) - (b >> 3) || RANK_ORDER.indexOf(a & 7) - RANK_ORDER.indexOf(b & 7));
  }

  /* The cards played up to position p (a set), and the trick on the table at p. */
  function playedUpTo(d, p) {
    const gone = new Set();
    d.tricks.forEach((trick, t) => trick.cards.forEach((c, i) => { if (before([t + 1, i + 1], p)) gone.add(c); }));
    return gone;
  }

  function findingsAt(d, p) { return d.findings.filter((f) => same(f.at, p)); }
  function illegalCards(d, p) {
    const marked = new Set();
    for (const f of d.findings) {
      if (f.card && f.at && f.at[0] === p[0] && f.at[1] <= p[1]) marked.add(f.at[1]);
    }
    return marked;
  }

  function drawTable() {
    const d = deal(), g = game(), p = here();
    const table = $("table");
    table.replaceChildren();
    const gone = playedUpTo(d, p);
    const trick = p[0] > 0 ? d.tricks[p[0] - 1] : null;
    const complete = trick && p[1] === trick.cards.length;
    const leader = trick ? trick.seats[0] : null;
    for (let seat = 0; seat < 4; seat++) {
      const name = g.players[seat];
      const tags = [];
      if (seat === d.dealer) tags.push(el("span", { class: "tag", text: T.dealer }));
      if (d.contract && seat === d.contract.taker) tags.push(el("span", { class: "tag", text: T.taker }));
      const title = el("div", { class: "seat-name", id: `seat-${seat}` },
        [`${SEATS[seat]}${name ? " · " + name : ""}`, ...tags]);
      let hand;
      if (d.hands) {
        const cards = sortHand(d.hands[seat].filter((c) => !gone.has(c)));
        hand = el("ul", { class: "hand", "aria-labelledby": `seat-${seat}`, "data-seat": seat },
          cards.map((c) => el("li", {}, [card(c)])));
      } else {
        hand = el("p", { class: "unknown", text: T.handsUnknown });
      }
      table.append(el("section", { class: "seat" + (seat === leader ? " to-lead" : ""), "data-seat": seat }, [title, hand]));
    }
    const centre = el("div", { class: "centre", id: "trick", "aria-label": T.trick, role: "group" });
    if (trick) {
      const illegal = illegalCards(d, p);
      for (let i = 0; i < p[1]; i++) {
        const seat = trick.seats[i];
        const won = complete && seat === trick.winner;
        const cls = illegal.has(i + 1) ? "illegal" : won ? "winner" : null;
        const label = `${SEATS[seat] || "?"}${illegal.has(i + 1) ? ", " + T.illegal : ""}${won ? ", " + T.wins : ""}`;
        centre.append(el("div", { class: `slot${seat} played` }, [card(trick.cards[i], { cls, label, mark: trick.marks[i] })]));
      }
      const caption = [`${T.trick} ${trick.number}`];
      if (complete && trick.winner !== null) caption.push(`${SEATS[trick.winner]} ${T.wins}`, `${trick.points} ${T.points}`);
      else caption.push(`${SEATS[leader] || "?"} ${T.leads}`);
      centre.append(el("div", { class: "mid", id: "trick-caption" }, caption.map((line) => el("div", { text: line }))));
    } else {
      const mid = [el("div", { text: T.dealt })];
      if (d.offer !== null) mid.push(el("div", { text: T.offer }), card(d.offer, { label: T.offer }));
      centre.append(el("div", { class: "mid", id: "trick-caption" }, mid));
    }
    table.append(centre);
  }

  function notes(n) {
    if (!n) return [];
    const out = [];
    if (n.glyph) out.push(el("span", { class: "glyph", text: n.glyph }));
    for (const nag of n.nags) out.push(el("span", { class: "glyph", text: nag }));
    for (const c of n.comments) out.push(" ", el("span", { class: "comment", text: c }));
    for (const v of n.variations) out.push(variation(v));
    return out;
  }

  function variation(v) {
    const body = el("div", {}, v.comments.map((c) => el("span", { class: "comment", text: c + " " })));
    for (const item of v.items) {
      const who = seatText(item.seat) + ":";
      if ("card" in item) body.append(who, card(item.card, { cls: "small" }), ...notes(item.notes), " ");
      else body.append(`${who}${T[item.action] || item.action}${item.suit !== null ? " " + suitText(item.suit) : ""}`,
        ...notes(item.notes), " ");
    }
    return el("details", { class: "variation" }, [el("summary", { text: T.variation }), body]);
  }

  function drawInfo() {
    const d = deal(), p = here(), info = $("info");
    info.replaceChildren();
    const bidding = el("section", { class: "panel", id: "bidding", "aria-label": T.bidding }, [el("h2", { text: T.bidding })]);
    const calls = el("ul");
    let round = 0;
    const shown = p[0] > 0 ? d.bids.length : p[1];
    d.bids.slice(0, shown).forEach((b, k) => {
      if (b.round !== round) { round = b.round; calls.append(el("li", { text: `${T.round} ${round}` })); }
      const illegal = findingsAt(d, [0, k + 1]).length > 0;
      calls.append(el("li", { class: illegal ? "finding" : null, "aria-current": p[0] === 0 && k + 1 === p[1] ? "step" : null },
        [`${seatText(b.seat)}: ${T[b.action] || b.action}${b.suit !== null ? " " + suitText(b.suit) : ""}`, ...notes(b.notes)]));
    });
    bidding.append(calls);
    let contract = T.noContract;
    if (shown < d.bids.length) contract = T.noContract;
    else if (d.contract) contract = `${SEATS[d.contract.taker]} ${T.takes}, ${T.trump} ${suitText(d.contract.trump)}`;
    else if (d.dead) contract = T.deadDeal;
    bidding.append(el("p", { id: "contract", text: `${T.contract}: ${contract}` }));
    info.append(bidding);

    const made = d.announcements.filter((a) => before(a.at, p));
    if (made.length) {
      const list = el("ul");
      for (const a of made) {
        list.append(el("li", {}, [`${seatText(a.seat)} ${T[a.kind] || a.kind} `, ...a.cards.map((c) => card(c, { cls: "small" })),
          ...notes(a.notes)]));
      }
      info.append(el("section", { class: "panel", id: "announcements" }, [el("h2", { text: T.announcements }), list]));
    }

    const trick = p[0] > 0 ? d.tricks[p[0] - 1] : null;
    const done = trick && p[1] === trick.cards.length ? p[0] : p[0] - 1;
    const running = done > 0 && d.tricks[done - 1].running ? d.tricks[done - 1].running : [0, 0];
    info.append(el("section", { class: "panel", id: "running" }, [el("h2", { text: T.running }),
      el("p", { id: "running-points", "data-ns": running[0], "data-ew": running[1], text: pair(running) })]));

    const review = [];
    if (p[0] === 0) review.push(...d.comments.map((c) => el("p", { class: "comment", text: c })));
    if (trick && p[1] === 1) review.push(...trick.comments.map((c) => el("p", { class: "comment", text: c })));
    if (trick && trick.notes[p[1] - 1]) {
      review.push(el("p", {}, [`${seatText(trick.seats[p[1] - 1])}:`, card(trick.cards[p[1] - 1], { cls: "small" }),
        ...notes(trick.notes[p[1] - 1])]));
    }
    if (review.length) info.append(el("section", { class: "panel", id: "notes" }, [el("h2", { text: T.notes }), ...review]));

    const found = findingsAt(d, p);
    if (found.length) {
      info.append(el("section", { class: "panel", id: "findings-here", role: "alert" }, [el("h2", { text: T.findings }),
        el("ul", {}, found.map((f) => el("li", { class: "finding", "data-code": f.code },
          [el("span", { class: "code", text: f.code }), ` ${f.line}:${f.col} ${f.severity}: ${f.message}`])))]));
    }
    const s = steps(d);
    if (same(p, s[s.length - 1])) info.append(scorePanel(d));
  }

  function scorePanel(d) {
    const panel = el("section", { class: "panel", id: "score" }, [el("h2", { text: T.score })]);
    const sc = d.score;
    if (!sc || sc.outcome === null) { panel.append(el("p", { text: T.notScored })); return panel; }
    const rows = [[T.outcome, T[sc.outcome] || sc.outcome]];
    if (sc.outcome !== "dead") {
      rows.push([T.cardPoints, pair(sc.cardPoints)]);
      if (sc.announcements && (sc.announcements[0] || sc.announcements[1])) rows.push([T.announcements, pair(sc.announcements)]);
      if (sc.belote && (sc.belote[0] || sc.belote[1])) rows.push([T.belote, pair(sc.belote)]);
      rows.push([T.credited, pair(sc.credited)]);
      if (sc.potIn) rows.push([T.potIn, String(sc.potIn)]);
      if (sc.potClaimed && (sc.potClaimed[0] || sc.potClaimed[1])) rows.push([T.potClaimed, pair(sc.potClaimed)]);
    }
    rows.push([T.total, pair(sc.totals)], [T.pot, sc.pot === null ? "-" : String(sc.pot)]);
    panel.append(el("table", {}, [el("tbody", {}, rows.map(([k, v]) => el("tr", {}, [el("th", { text: k }), el("td", { text: v })])))]));
    return panel;
  }

  function drawSheet() {
    const g = game(), d = deal(), s = steps(d);
    const atEnd = state.s === s.length - 1;
    const head = [T.deal, T.dealer, T.taker, T.trump, T.outcome, TEAMS[0], TEAMS[1], T.potIn, T.potClaimed, T.pot,
      `${T.total} ${TEAMS[0]}`, `${T.total} ${TEAMS[1]}`];
    const body = el("tbody");
    g.sheet.forEach((row, i) => {
      if (i > state.d || (i === state.d && !atEnd)) return;
      const c = row.credited || [null, null], claimed = row.potClaimed || [0, 0], tot = row.totals || [null, null];
      const cells = [row.number, seatText(row.dealer), row.taker === null ? "-" : seatText(row.taker),
        row.trump === null ? "-" : suitText(row.trump), T[row.outcome] || row.outcome || "?", c[0], c[1], row.potIn,
        `${claimed[0]}/${claimed[1]}`, row.pot, tot[0], tot[1]];
      body.append(el("tr", { class: i === state.d ? "current" : null, "data-deal": i + 1 },
        cells.map((v) => el("td", { text: v === null || v === undefined ? "-" : String(v) }))));
    });
    const table = el("table", { id: "sheet-table" }, [el("thead", {}, [el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))]), body]);
    const winner = g.winner === 0 || g.winner === 1 ? TEAMS[g.winner] : T.nobodyYet;
    const last = state.d === g.deals.length - 1 && atEnd;
    $("sheet").replaceChildren(el("h2", { text: T.match }), table);
    if (last) $("sheet").append(el("p", { id: "winner", text: `${T.winner}: ${winner}${g.result ? ` (${T.recorded} ${g.result})` : ""}` }));
  }

  function hashOf(g, d, p) {
    const prefix = GAMES.length > 1 ? `g${g + 1}` : "";
    return `#${prefix}d${d + 1}` + (p[0] ? `t${p[0]}c${p[1]}` : p[1] ? `b${p[1]}` : "");
  }

  function drawPosition() {
    const d = deal(), p = here(), s = steps(d);
    let text = `${T.deal} ${d.number}`;
    if (p[0]) text += ` · ${T.trick} ${d.tricks[p[0] - 1].number} · ${T.card} ${p[1]}`;
    else if (p[1]) text += ` · ${T.bidding} · ${T.call} ${p[1]}`;
    else text += ` · ${T.dealt}`;
    const link = el("a", { href: hashOf(state.g, state.d, p), "aria-label": `${T.link}: ${text}`, text });
    $("position").replaceChildren(link);
    $("first").disabled = $("prev").disabled = state.s === 0;
    $("last").disabled = $("next").disabled = state.s === s.length - 1;
    $("prev-trick").disabled = state.s === 0;
    $("next-trick").disabled = state.s === s.length - 1;
    $("prev-deal").disabled = state.d === 0;
    $("next-deal").disabled = state.d === game().deals.length - 1;
  }

  function drawDealList() {
    const g = game();
    $("deal-list").replaceChildren(el("h2", { text: T.deals }), el("ol", {}, g.deals.map((d, i) =>
      el("li", {}, [el("a", { href: hashOf(state.g, i, [0, 0]), class: d.findings.length ? "has-findings" : null,
        "aria-current": i === state.d ? "true" : null,
        "aria-label": `${T.deal} ${d.number}${d.findings.length ? `, ${d.findings.length} ${T.findings}` : ""}`,
        text: String(d.number) })]))));
    if (GAMES.length > 1) {
      $("games").replaceChildren(el("h2", { text: T.games }), el("ol", {}, GAMES.map((other, i) =>
        el("li", {}, [el("a", { href: hashOf(i, 0, [0, 0]), "aria-current": i === state.g ? "true" : null, text: other.title })]))));
    }
  }

  function drawHeader() {
    const g = game();
    document.title = g.title;
    $("title").textContent = g.title;
    const parts = g.headers.map(([k, v]) => (k === "Event" ? null : v)).filter(Boolean);
    if (g.rules) parts.push(`${T.rules}: ${g.rules}`);
    $("meta").replaceChildren(el("span", { text: parts.join(" · ") }),
      ...g.findings.map((f) => el("span", { class: "finding", "data-code": f.code, text: ` ${f.code} ${f.line}:${f.col} ${f.message}` })),
      ...g.comments.map((c) => el("span", { class: "comment", text: " " + c })));
  }

  function draw() {
    drawHeader();
    drawTable();
    drawInfo();
    drawSheet();
    drawPosition();
    drawDealList();
    const h = hashOf(state.g, state.d, here());
    if (location.hash !== h) {
      try { history.replaceState(null, "", h); } catch (e) { location.hash = h; }
    }
  }

  function go(g, d, s) {
    state.g = Math.max(0, Math.min(g, GAMES.length - 1));
    state.d = Math.max(0, Math.min(d, game().deals.length - 1));
    state.s = Math.max(0, Math.min(s, steps(deal()).length - 1));
    draw();
  }

  /* The first position of the previous trick, the first of the next one (or the deal's end). */
  function trickStep(direction) {
    const s = steps(deal()), t = s[state.s][0];
    if (direction > 0) {
      const next = s.findIndex((p) => p[0] === t + 1);
      return next < 0 ? s.length - 1 : next;
    }
    return t <= 1 ? 0 : s.findIndex((p) => p[0] === t - 1);
  }

  const ACTIONS = {
    first: () => go(state.g, state.d, 0),
    prev: () => go(state.g, state.d, state.s - 1),
    next: () => go(state.g, state.d, state.s + 1),
    last: () => go(state.g, state.d, steps(deal()).length - 1),
    "prev-trick": () => go(state.g, state.d, trickStep(-1)),
    "next-trick": () => go(state.g, state.d, trickStep(1)),
    "prev-deal": () => go(state.g, state.d - 1, 0),
    "next-deal": () => go(state.g, state.d + 1, 0),
  };

  function readHash() {
    const m = /^#(?:g(\d+))?(?:d(\d+))?(?:t(\d+)c(\d+)|b(\d+))?$/.exec(location.hash);
    if (!m) return false;
    const g = m[1] ? +m[1] - 1 : 0;
    if (!GAMES[g]) return false;
    const d = m[2] ? +m[2] - 1 : 0;
    const dealData = GAMES[g].deals[Math.max(0, Math.min(d, GAMES[g].deals.length - 1))];
    let s = 0;
    if ((m[3] || m[5]) && dealData) {
      const want = m[3] ? [+m[3], +m[4]] : [0, +m[5]];
      s = Math.max(0, steps(dealData).findIndex((p) => same(p, want)));
    }
    go(g, d, s);
    return true;
  }

  function build() {
    const controls = $("controls");
    const buttons = [["first", "|◀", T.first, "Home"], ["prev-trick", "◀◀", T.prevTrick, "Shift+ArrowLeft"],
      ["prev", "◀", T.prev, "ArrowLeft"], ["next", "▶", T.next, "ArrowRight"],
      ["next-trick", "▶▶", T.nextTrick, "Shift+ArrowRight"], ["last", "▶|", T.last, "End"],
      ["prev-deal", "⇤ " + T.deal, T.prevDeal, "PageUp"], ["next-deal", T.deal + " ⇥", T.nextDeal, "PageDown"]];
    for (const [id, face, label, keys] of buttons) {
      const b = el("button", { type: "button", id, "aria-label": label, title: `${label} (${keys})`, "aria-keyshortcuts": keys, text: face });
      b.addEventListener("click", ACTIONS[id]);
      controls.append(b);
    }
    controls.append(el("span", { id: "position", "aria-live": "polite" }), el("p", { class: "keys", text: T.keys }));
    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const keys = { ArrowLeft: e.shiftKey ? "prev-trick" : "prev", ArrowRight: e.shiftKey ? "next-trick" : "next",
        Home: "first", End: "last", PageUp: "prev-deal", PageDown: "next-deal" };
      const action = keys[e.key];
      if (!action) return;
      e.preventDefault();
      ACTIONS[action]();
    });
    window.addEventListener("hashchange", readHash);
  }

  if (!GAMES.length) {
    $("title").textContent = T.empty;
    return;
  }
  build();
  if (!readHash()) go(0, 0, 0);
})();
