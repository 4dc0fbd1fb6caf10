// The live page (/web/live/{id}): the game's state, then each act, from its event stream.
// Every value is set as text (textContent), never as HTML.
"use strict";
(function () {
  const root = document.getElementById("live");
  if (!root) return;
  const id = root.dataset.live;
  const $ = (name) => document.getElementById(name);
  const acts = $("acts");
  // The page's words in its language: the template's JSON block of labels (none in English),
  // each an English text of the catalogue with its %(name)s places; a text with plural forms has
  // a list of them, the form for each count (args.count) by the catalogue's own rule.
  const LABELS = JSON.parse((document.getElementById("labels") || {}).textContent || "{}");
  const t = (text, args) => {
    const label = LABELS[text];
    const chosen = Array.isArray(label) ? label[Math.min(Number((args || {}).count) || 0, label.length - 1)] : label;
    return (chosen || text).replace(/%\((\w+)\)s/g, (_, name) => String((args || {})[name]));
  };
  const lang = document.documentElement.lang; // the page's language: the acts' findings in it

  function describe(act) {
    const words = [act.seat || "", act.act];
    for (const [key, value] of Object.entries(act)) {
      if (key === "act" || key === "seat" || value === null) continue;
      if (key === "card" || key === "call") words.push(String(value));
      else words.push(key + " " + (typeof value === "object" ? JSON.stringify(value) : String(value)));
    }
    return words.join(" ").trim();
  }

  function addAct(seq, act, findings) {
    const item = document.createElement("li");
    item.value = seq;
    item.textContent = describe(act);
    for (const finding of findings || []) {
      const note = document.createElement("span");
      note.className = "finding " + finding.severity;
      note.textContent = " " + finding.code + " " + finding.message;
      item.appendChild(note);
    }
    acts.appendChild(item);
  }

  function show(position) {
    if (!position) return;
    $("deal").textContent = position.deal ?? "–";
    $("phase").textContent = position.phase ? t(position.phase) : "–";
    $("to-move").textContent = position.to_move ?? "–";
    const contract = position.contract;
    $("contract").textContent = contract && typeof contract === "object"
      ? [contract.taker, contract.value, contract.trump, contract.kind, contract.doubled ? "x" + 2 ** contract.doubled : null]
          .filter((v) => v !== null && v !== undefined && v !== "").join(" ") || "–"
      : (contract ?? "–");
    $("trick").textContent = (position.trick_so_far || []).join(" ") || "–";
    $("points").textContent = (position.points || []).join(" – ") || "–";
    const hands = $("hands");
    hands.textContent = "";
    for (const [seat, cards] of Object.entries(position.hands || {})) {
      const line = document.createElement("p");
      line.className = "hand";
      line.textContent = seat + ": " + (Array.isArray(cards) ? cards.join(" ") : t("%(count)s cards", { count: cards }));
      hands.appendChild(line);
    }
  }

  const stream = new EventSource("/v1/live/" + encodeURIComponent(id) + "/events" +
                                  (lang && lang !== "en" ? "?lang=" + encodeURIComponent(lang) : ""));
  stream.addEventListener("state", (event) => {
    const state = JSON.parse(event.data);
    acts.textContent = "";
    for (const item of state.acts) addAct(item.seq, item.act, []);
    show(state.position);
    $("status").textContent = state.state === "playing" ? t("Live: %(count)s acts", { count: state.seq }) : t("The game is over");
    if (state.state !== "playing") stream.close();
  });
  stream.addEventListener("act", (event) => {
    const act = JSON.parse(event.data);
    addAct(act.seq, act.act, act.findings);
    show(act.position);
    $("status").textContent = t("Live: %(count)s acts", { count: act.seq });
  });
  stream.addEventListener("undo", (event) => {
    const undo = JSON.parse(event.data);
    if (acts.lastElementChild) acts.removeChild(acts.lastElementChild);
    show(undo.position);
  });
  stream.addEventListener("end", (event) => {
    const end = JSON.parse(event.data);
    stream.close();
    $("status").textContent = end.state === "finished" ? t("The game is over: ") : t("The game was closed");
    if (end.replay) {
      const link = document.createElement("a");
      link.href = end.replay;
      link.textContent = t("its replay");
      $("status").appendChild(link);
    }
  });
  stream.onerror = () => {
    if (stream.readyState === EventSource.CLOSED) $("status").textContent = t("No such live game");
  };
})();
