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

  /* g, d, s: game, deal, step; view: the seat drawn at the bottom; quiz: the other hands hidden
     and "what would you play?" asked before each card of the seat in view; answer: the last pick. */
  const state = { g: 0, d: 0, s: 0, view: 2, quiz: false, answer: null };
  const pos = (seat) => (seat - state.view + 6) % 4; // 0 top, 1 right, 2 bottom, 3 left
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

  /* The hands at p: the first five cards alone while the bidding goes on (tafr9a), the whole
     hands once the rest is dealt, less the cards played. */
  function fiveOnly(d, p) { return !!d.five && p[0] === 0 && (p[1] < d.bids.length || !d.contract); }
  function handsAt(d, p) {
    if (!d.hands) return null;
    const gone = playedUpTo(d, p);
    return (fiveOnly(d, p) ? d.five : d.hands).map((h) => sortHand(h.filter((c) => !gone.has(c))));
  }

  /* The card about to be played, when it is the seat in view's and the quiz is on. */
  function question() {
    if (!state.quiz) return null;
    const d = deal(), next = steps(d)[state.s + 1];
    if (!next || next[0] === 0) return null;
    const trick = d.tricks[next[0] - 1];
    if (trick.seats[next[1] - 1] !== state.view) return null;
    return { step: state.s + 1, card: trick.cards[next[1] - 1], notes: trick.notes[next[1] - 1] };
  }
  function pick(c) {
    const q = question();
    if (!q) return;
    state.answer = { g: state.g, d: state.d, s: q.step, chosen: c };
    go(state.g, state.d, q.step);
  }

  function findingsAt(d, p) { return d.findings.filter((f) => same(f.at, p)); }
  function illegalCards(d, p) {
    const marked = new Set();
    for (const f of d.findings) {
      if (f.card && f.at && f.at[0] === p[0] && f.at[1] <= p[1]) marked.add(f.at[1]);
    }
    return marked;
  }

  function handList(seat, cards, q) {
    const attrs = { class: "hand", "aria-labelledby": `seat-${seat}`, "data-seat": seat };
    if (state.quiz && seat !== state.view) {
      return el("ul", { ...attrs, class: "hand hidden", "aria-label": `${cards.length} ${T.hiddenCards}` },
        cards.map(() => el("li", {}, [el("span", { class: "back", role: "img", "aria-label": T.hidden })])));
    }
    return el("ul", attrs, cards.map((c, i) => {
      if (!q || seat !== state.view) return el("li", {}, [card(c)]);
      const b = el("button", { type: "button", class: "pick", "data-pick": i + 1, "aria-keyshortcuts": String(i + 1),
        title: `${T.quizAsk} (${i + 1})` }, [card(c)]);
      b.addEventListener("click", () => pick(c));
      return el("li", {}, [b]);
    }));
  }

  function drawTable() {
    const d = deal(), g = game(), p = here();
    const table = $("table");
    table.replaceChildren();
    const hands = handsAt(d, p), q = question();
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
      const hand = hands ? handList(seat, hands[seat], q) : el("p", { class: "unknown", text: T.handsUnknown });
      table.append(el("section", { class: "seat" + (seat === leader ? " to-lead" : ""), "data-seat": seat,
        "data-pos": pos(seat) }, [title, hand]));
    }
    const centre = el("div", { class: "centre", id: "trick", "aria-label": T.trick, role: "group" });
    if (trick) {
      const illegal = illegalCards(d, p);
      for (let i = 0; i < p[1]; i++) {
        const seat = trick.seats[i];
        const won = complete && seat === trick.winner;
        const cls = illegal.has(i + 1) ? "illegal" : won ? "winner" : null;
        const label = `${SEATS[seat] || "?"}${illegal.has(i + 1) ? ", " + T.illegal : ""}${won ? ", " + T.wins : ""}`;
        centre.append(el("div", { class: `slot${seat === null || seat === undefined ? 2 : pos(seat)} played` },
          [card(trick.cards[i], { cls, label, mark: trick.marks[i] })]));
      }
      const caption = [`${T.trick} ${trick.number}`];
      if (complete && trick.winner !== null) caption.push(`${SEATS[trick.winner]} ${T.wins}`, `${trick.points} ${T.points}`);
      else caption.push(`${SEATS[leader] || "?"} ${T.leads}`);
      centre.append(el("div", { class: "mid", id: "trick-caption" }, caption.map((line) => el("div", { text: line }))));
    } else {
      const dealt = fiveOnly(d, p) ? T.five : d.five && d.contract ? T.restDealt : T.dealt;
      const mid = [el("div", { id: "dealt", text: dealt })];
      // the offer lies face up until the rest is dealt (the taker then holds it)
      if (d.offer !== null && (!d.five || fiveOnly(d, p))) mid.push(el("div", { text: T.offer }), card(d.offer, { label: T.offer }));
      centre.append(el("div", { class: "mid", id: "trick-caption" }, mid));
    }
    table.append(centre);
  }

  function notes(n) {
    if (!n) return [];
    const out = n.symbols.map((symbol) => el("span", { class: "glyph", text: symbol }));
    for (const c of n.comments) out.push(" ", el("span", { class: "comment", text: c }));
    for (const v of n.variations) out.push(variation(v));
    return out;
  }

  /* The solver's values on a card (annotate's): this card, the best card and what it makes. */
  function solverValues(sv) {
    if (!sv) return null;
    const parts = [el("span", { class: "by", text: T.solver }), ` ${T.thisCard} ${sv.played}; ${T.best} `];
    if (sv.best !== null) parts.push(card(sv.best, { cls: "small" }), " ");
    parts.push(`${T.makes} ${sv.bestValue} (${T.loses} ${sv.loss})`);
    return el("p", { class: "solver-values", "data-played": sv.played, "data-best": sv.best, "data-best-value": sv.bestValue }, parts);
  }

  function variation(v) {
    const body = el("div", {}, v.comments.map((c) => el("span", { class: "comment", text: c + " " })));
    for (const item of v.items) {
      const who = seatText(item.seat) + ":";
      if ("card" in item) body.append(who, card(item.card, { cls: "small" }), ...notes(item.notes), " ");
      else body.append(`${who}${T[item.action] || item.action}${item.suit !== null ? " " + suitText(item.suit) : ""}`,
        ...notes(item.notes), " ");
    }
    const by = v.by === "solver" ? T.solverLine : T.coachLine;
    return el("div", { class: `line line-${v.by}`, "data-by": v.by }, [el("span", { class: "by", text: by }),
      el("details", { class: "variation", "aria-label": by }, [el("summary", { text: T.variation }), body])]);
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
    bidding.append(el("p", { id: "contract", text: `${T.contract}${T.colon}${contract}` }));
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
      const values = solverValues(trick.notes[p[1] - 1].solver);
      if (values) review.push(values);
    }
    if (review.length) info.append(el("section", { class: "panel", id: "notes" }, [el("h2", { text: T.notes }), ...review]));

    const found = findingsAt(d, p);
    if (found.length) {
      info.append(el("section", { class: "panel", id: "findings-here", role: "alert" }, [el("h2", { text: T.findings }),
        el("ul", {}, found.map((f) => el("li", { class: "finding", "data-code": f.code },
          [el("span", { class: "code", text: f.code }), ` ${f.line}:${f.col} ${T[f.severity] || f.severity}${T.colon}${f.message}`])))]));
    }
    if (state.quiz) info.prepend(quizPanel());
    info.append(movesPanel(), findingsPanel());
    const s = steps(d);
    if (same(p, s[s.length - 1])) info.append(scorePanel(d));
  }

  /* The move list: every call and every card of the deal, each a link to its position. */
  function movesPanel() {
    const d = deal(), p = here(), list = el("ol", { class: "moves" });
    const link = (at, label, children, extra) => el("a", { href: hashOf(state.g, state.d, at), "aria-label": label,
      "data-at": at.join(","), "aria-current": same(at, p) ? "step" : null, ...(extra || {}) }, children);
    let round = null, row = null;
    d.bids.forEach((b, k) => {
      if (b.round !== round) {
        round = b.round;
        row = el("li", { class: "round" }, [el("span", { class: "label", text: `${T.bidding}, ${T.round} ${round}` })]);
        list.append(row);
      }
      const text = `${seatText(b.seat)}: ${T[b.action] || b.action}${b.suit !== null ? " " + suitText(b.suit) : ""}`;
      if (state.quiz && !before([0, k + 1], p)) return; // the quiz shows no move still to come
      row.append(" ", link([0, k + 1], `${T.call} ${k + 1}, ${text}`, [text, ...symbols(b.notes)]));
    });
    d.tricks.forEach((trick, t) => {
      const line = el("li", { class: "trick" }, [el("span", { class: "label", text: `${T.trick} ${trick.number}` })]);
      trick.cards.forEach((c, i) => {
        if (state.quiz && !before([t + 1, i + 1], p)) return;
        const n = trick.notes[i], sv = n && n.solver;
        const label = `${T.trick} ${trick.number}, ${SEATS[trick.seats[i]] || "?"}: ${faces().labels[c]}`;
        const value = sv ? [el("sup", { class: "value", title: `${T.solver}: ${T.thisCard} ${sv.played}`, text: String(sv.played) })] : [];
        line.append(" ", link([t + 1, i + 1], label, [`${seatText(trick.seats[i])}:`, card(c, { cls: "small" }), ...symbols(n), ...value]));
      });
      list.append(line);
    });
    return el("section", { class: "panel", id: "moves", "aria-label": T.moves }, [el("h2", { text: T.moves }), list]);
  }
  function symbols(n) { return n ? n.symbols.map((symbol) => el("span", { class: "glyph", text: symbol })) : []; }

  /* Every position of the game where a finding is shown, in order: [deal, step]. */
  function findingStops() {
    const out = [];
    game().deals.forEach((d, i) => {
      const s = steps(d), seen = new Set();
      for (const f of d.findings) {
        const k = f.at ? s.findIndex((p) => same(p, f.at)) : -1;
        if (k >= 0 && !seen.has(k)) { seen.add(k); out.push([i, k]); }
      }
    });
    return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }
  function findingStep(direction) {
    const stops = findingStops(), at = [state.d, state.s];
    const after = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
    return direction > 0 ? stops.find((stop) => after(stop, at)) : stops.reverse().find((stop) => after(at, stop));
  }

  /* The findings panel: this deal's findings (the count in its heading), each a link to its
     position, and the buttons to the next and previous finding of the game. */
  function findingsPanel() {
    const d = deal(), p = here();
    const total = game().deals.reduce((n, other) => n + other.findings.length, game().findings.length);
    const head = el("h2", { id: "findings-count", "data-count": d.findings.length, "data-total": total,
      text: `${T.findings} (${d.findings.length}) · ${total} ${T.inGame}` });
    const buttons = [["prev-finding", "◀", T.prevFinding, "Shift+N", -1], ["next-finding", "▶", T.nextFinding, "N", 1]]
      .map(([id, face, label, keys, direction]) => {
        const b = el("button", { type: "button", id, "aria-label": label, title: `${label} (${keys})`, "aria-keyshortcuts": keys,
          disabled: !findingStep(direction), text: `${face} ${label}` });
        b.addEventListener("click", ACTIONS[id]);
        return b;
      });
    const items = d.findings.map((f) => {
      const text = ` ${f.line}:${f.col} ${T[f.severity] || f.severity}${T.colon}${f.message}`;
      const body = [el("span", { class: "code", text: f.code }), text];
      return el("li", { class: "finding", "data-code": f.code, "aria-current": same(f.at, p) ? "step" : null },
        f.at ? [el("a", { href: hashOf(state.g, state.d, f.at) }, body)] : body);
    });
    return el("section", { class: "panel", id: "findings", "aria-labelledby": "findings-count" }, [head,
      el("div", { class: "buttons" }, buttons), items.length ? el("ul", {}, items) : el("p", { text: T.noFinding })]);
  }

  /* The quiz: "what would you play?" before a card of the seat in view, then the answer. */
  function quizPanel() {
    const panel = el("section", { class: "panel", id: "quiz-panel", "aria-live": "polite" });
    const q = question(), a = state.answer;
    if (q) {
      panel.append(el("h2", { text: T.quizAsk }), el("p", { text: `${SEATS[state.view]} · 1-8 · ${T.quizSkip}` }));
      return panel;
    }
    if (!a || a.g !== state.g || a.d !== state.d || a.s !== state.s) return panel;
    const p = here(), trick = deal().tricks[p[0] - 1], played = trick.cards[p[1] - 1], n = trick.notes[p[1] - 1];
    const sv = n && n.solver;
    const best = sv ? sv.best : game().reviewed && deal().judged ? played : null;
    const coach = n ? n.variations.filter((v) => v.by === "coach" && v.items.length && "card" in v.items[0]) : [];
    const result = a.chosen === best ? "best" : a.chosen === played ? "played" : "other";
    panel.setAttribute("data-result", result);
    panel.append(el("h2", { text: T.quizAsk }),
      el("p", { id: "quiz-chosen" }, [`${T.quizYou}${T.colon}`, card(a.chosen, { cls: "small" })]),
      el("p", { id: "quiz-played" }, [`${T.quizPlayed}${T.colon}`, card(played, { cls: "small" })]));
    if (sv && sv.best !== null) {
      panel.append(el("p", { id: "quiz-best", "data-card": sv.best }, [`${T.quizBest}${T.colon}`, card(sv.best, { cls: "small" }),
        ` ${T.makes} ${sv.bestValue}, ${T.thisCard} ${sv.played}`]));
    } else if (best !== null) {
      panel.append(el("p", { id: "quiz-best", "data-card": best, text: T.quizBestPlayed }));
    }
    for (const v of coach) panel.append(el("p", { class: "quiz-coach" }, [`${T.quizCoach}${T.colon}`, card(v.items[0].card, { cls: "small" })]));
    if (best === null && !coach.length) panel.append(el("p", { id: "quiz-unknown", text: T.quizUnknown }));
    return panel;
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
    rows.push([T.total, withTyped(pair(sc.totals), sc.totals, sc.totalsTyped)],
      [T.pot, sc.pot === null ? "-" : String(sc.pot)]);
    panel.append(el("table", {}, [el("tbody", {}, rows.map(([k, v]) => el("tr", {}, [el("th", { text: k }), el("td", { text: v })])))]));
    return panel;
  }

  // The engine's total, and beside it the total the record typed when that differs (one slip:
  // the reader sees both numbers, as `show` prints them).
  function withTyped(text, engine, typed) {
    if (typed === null || typed === undefined || engine === null || engine === undefined) return text;
    const differs = Array.isArray(typed) ? typed[0] !== engine[0] || typed[1] !== engine[1] : typed !== engine;
    return differs ? `${text} (${T.typed} ${Array.isArray(typed) ? pair(typed) : typed})` : text;
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
      const typed = row.totalsTyped || [null, null];
      const cells = [row.number, seatText(row.dealer), row.taker === null ? "-" : seatText(row.taker),
        row.trump === null ? "-" : suitText(row.trump), T[row.outcome] || row.outcome || "?", c[0], c[1], row.potIn,
        `${claimed[0]}/${claimed[1]}`, row.pot, withTyped(tot[0], tot[0], typed[0]),
        withTyped(tot[1], tot[1], typed[1])];
      body.append(el("tr", { class: i === state.d ? "current" : null, "data-deal": i + 1 },
        cells.map((v) => el("td", { text: v === null || v === undefined ? "-" : String(v) }))));
    });
    const table = el("table", { id: "sheet-table" }, [el("thead", {}, [el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))]), body]);
    const winner = g.winner === 0 || g.winner === 1 ? TEAMS[g.winner] : T.nobodyYet;
    const last = state.d === g.deals.length - 1 && atEnd;
    $("sheet").replaceChildren(el("h2", { text: T.match }), table);
    if (last) $("sheet").append(el("p", { id: "winner", text: `${T.winner}${T.colon}${winner}${g.result ? ` (${T.recorded} ${g.result})` : ""}` }));
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
    const link = el("a", { href: hashOf(state.g, state.d, p), "aria-label": `${T.link}${T.colon}${text}`, text });
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
    if (g.rules) parts.push(`${T.rules}${T.colon}${T["rules:" + g.rules] || g.rules}`);
    $("meta").replaceChildren(el("span", { text: parts.join(" · ") }),
      ...g.findings.map((f) => el("span", { class: "finding", "data-code": f.code, text: ` ${f.code} ${f.line}:${f.col} ${T[f.severity] || f.severity}${T.colon}${f.message}` })),
      ...g.comments.map((c) => el("span", { class: "comment", text: " " + c })));
  }

  function draw() {
    const focused = document.activeElement ? document.activeElement.id : "";
    drawHeader();
    drawStudy();
    drawTable();
    drawInfo();
    drawSheet();
    drawPosition();
    drawDealList();
    if (focused && document.activeElement && document.activeElement.id !== focused && $(focused)) $(focused).focus();
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
    "next-finding": () => { const stop = findingStep(1); if (stop) go(state.g, stop[0], stop[1]); },
    "prev-finding": () => { const stop = findingStep(-1); if (stop) go(state.g, stop[0], stop[1]); },
    flip: () => { state.view = (state.view + 1) % 4; draw(); },
    quiz: () => { state.quiz = !state.quiz; state.answer = null; draw(); },
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

  function button(id, face, label, keys, action) {
    const b = el("button", { type: "button", id, "aria-label": label, title: `${label} (${keys})`, "aria-keyshortcuts": keys, text: face });
    b.addEventListener("click", action);
    return b;
  }

  /* The seat view (who sits at the bottom) and the quiz switch; redrawn with every position. */
  function drawStudy() {
    const seats = SEATS.map((word, seat) => {
      const b = button(`view-${seat}`, LETTERS[seat], `${T.seatView} ${word}`, "F", () => { state.view = seat; draw(); });
      b.setAttribute("aria-pressed", String(seat === state.view));
      return b;
    });
    const flip = button("flip", "⟳", T.flip, "F", ACTIONS.flip);
    const quiz = button("quiz", T.quiz, T.quiz, "H", ACTIONS.quiz);
    quiz.setAttribute("aria-pressed", String(state.quiz));
    $("study").replaceChildren(el("span", { class: "label", text: T.seatView }), ...seats, flip, quiz);
  }

  function build() {
    const controls = $("controls");
    const buttons = [["first", "|◀", T.first, "Home"], ["prev-trick", "◀◀", T.prevTrick, "Shift+ArrowLeft"],
      ["prev", "◀", T.prev, "ArrowLeft"], ["next", "▶", T.next, "ArrowRight"],
      ["next-trick", "▶▶", T.nextTrick, "Shift+ArrowRight"], ["last", "▶|", T.last, "End"],
      ["prev-deal", "⇤ " + T.deal, T.prevDeal, "PageUp"], ["next-deal", T.deal + " ⇥", T.nextDeal, "PageDown"]];
    for (const [id, face, label, keys] of buttons) controls.append(button(id, face, label, keys, ACTIONS[id]));
    controls.append(el("span", { id: "position", "aria-live": "polite" }), el("div", { id: "study", role: "group", "aria-label": T.seatView }),
      el("p", { class: "keys", text: T.keys }));
    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (/^[1-8]$/.test(e.key) && question()) {
        const choice = document.querySelector(`#table button.pick[data-pick="${e.key}"]`);
        if (choice) { e.preventDefault(); choice.click(); }
        return;
      }
      const keys = { ArrowLeft: e.shiftKey ? "prev-trick" : "prev", ArrowRight: e.shiftKey ? "next-trick" : "next",
        Home: "first", End: "last", PageUp: "prev-deal", PageDown: "next-deal", n: "next-finding", N: "prev-finding",
        f: "flip", F: "flip", h: "quiz", H: "quiz" };
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
