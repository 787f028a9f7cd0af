// The two dice-matching card games (Mass Effect War Assets, MCU Guardians of the Galaxy) as a
// table: the staged card with its rows and the dice placed on them, the dice tray (d6s as
// pips, d8s as diamonds), every face-up card by group (its rows as badges, owner, lock, the
// group's value and holder, Guardians' Set powers and the Orb) and the players' scores.
// Click dice, then a row (of the staged card, or of a card on the table for the first roll);
// click a die to set it aside when nothing matches. Every button is one of the seat's legal
// actions; the server runs the rules (game.js sends what is chosen here).
"use strict";
// odds: each choice's chance to complete the card (/dice-odds), for the state they were read in.
const DC = { sel: [], focus: null, state: -1, odds: { state: -1, by: new Map() }, asked: -1 };
const DC_MODES = new Set(["mass-effect-war-assets", "mcu-guardians"]);
const DC_PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function isDiceCards(view) {
  return !!view && DC_MODES.has(view.mode) && Array.isArray(view.dice) && Array.isArray(view.cards);
}

function renderDiceCards() {
  const m = G.msg;
  const v = m.view;
  if (DC.state !== m.state) { DC.state = m.state; DC.sel = []; DC.focus = null; }
  const wrap = $("dicewrap");
  wrap.hidden = false;
  // No prompt once the game is over: the banner says the outcome.
  wrap.replaceChildren(...[
    // The step in the words of the page: the seat as the table names it, not the rules' "Player 1".
    gameOver(m) ? null : el("div", { class: `sprompt${dcMine(m) ? " mine" : ""}`, id: "dprompt" }, `${tableName(v.current)}: ${v.step}`),
    el("div", { class: "dtop" }, dcAttempt(v, m), dcTray(v, m)),
    dcPlayers(v, m),
    dcGroups(v, m)].filter((x) => x));
}

// -- names and helpers ------------------------------------------------------------------------
function dcMine(m) {
  return m.seat !== null && m.to_move.includes(m.seat) && !gameOver(m);
}
function dcCard(id) {
  return G.msg.view.cards.find((c) => c.id === id);
}
function dcGroup(id) {
  return G.msg.view.groups.find((g) => g.id === id);
}
function dcChip(seat) {
  return el("span", { class: "schip", style: `background:${seatColor(seat)}`, title: tableName(seat) }, seat + 1);
}
function dcDie(n) {
  return G.msg.view.dice[n - 1];
}
// Dice of one kind showing one face are alike: actions are compared by these keys.
function dcKey(nums) {
  return nums.map((n) => { const d = dcDie(n); return `${d.sides}:${d.face}`; }).sort().join(",");
}
function dcActs(kind) {
  return legalActions().filter((a) => a[0] === kind);
}
// The legal actions placing dice on one row: ["target", card, row, ...] or ["match", row, ...].
function dcRowActs(card, row) {
  const v = G.msg.view;
  if (v.phase === "target") return dcActs("target").filter((a) => a[1] === card && a[2] === row);
  if (v.attempt && v.attempt.card === card) return dcActs("match").filter((a) => a[1] === row);
  return [];
}
function dcDiceOf(a) {
  return a.slice(a[0] === "target" ? 3 : 2);
}
// The action the selected dice make on a row (with the very dice clicked: the rules take any
// dice alike to a listed placement), or null.
function dcFit(card, row) {
  if (!DC.sel.length) return null;
  const key = dcKey(DC.sel);
  const found = dcRowActs(card, row).find((a) => dcKey(dcDiceOf(a)) === key);
  if (!found) return null;
  const sel = [...DC.sel].sort((x, y) => x - y);
  return found[0] === "target" ? ["target", card, row, ...sel] : ["match", row, ...sel];
}

// -- dice ----------------------------------------------------------------------------------------
function dcFace(d, opts) {
  const o = opts || {};
  const body = d.sides === 6
    ? el("span", { class: "pips" }, Array.from({ length: 9 }, (_, i) =>
      el("span", { class: DC_PIPS[d.face] && DC_PIPS[d.face].includes(i) ? "pip on" : "pip" })))
    : el("span", { class: "d8num" }, d.face);
  return el(o.button ? "button" : "span", {
    class: `dface d${d.sides} ${d.state}${o.sel ? " sel" : ""}${o.can ? " can" : ""}${o.small ? " small" : ""}`,
    "data-die": d.die, "data-face": d.face, "data-sides": d.sides, "data-state": d.state,
    title: `die ${d.die}: d${d.sides} showing ${d.face}${d.state === "unplaced" ? "" : ` (${d.state})`}${o.title ? ` — ${o.title}` : ""}`,
    press: o.button ? `die ${d.die}` : null, "aria-pressed": o.sel === undefined ? null : String(o.sel), // selectable: a toggle
    onclick: o.onclick || null,
  }, body);
}
// A die face as a small glyph inside a button label or a badge.
function dcMini(sides, face) {
  return el("span", { class: `mdie d${sides}` }, face);
}

function dcTray(v, m) {
  const mine = dcMine(m);
  const asides = dcActs("aside");
  const placing = dcActs("target").length || dcActs("match").length;
  const rowOf = {};
  if (v.attempt) for (const r of v.attempt.rows) for (const n of r.dice || []) rowOf[n] = r;
  const dice = v.dice.map((d) => {
    let o = {};
    if (mine && d.state === "unplaced" && asides.length) {
      const kind = asides.find((a) => dcDie(a[1]).sides === d.sides);
      // Any unplaced die of a listed kind may go (W4): the click sends the die clicked.
      if (kind) o = { button: true, can: true, title: "click to set it aside", onclick: () => send(["aside", d.die]) };
    } else if (mine && d.state === "unplaced" && placing) {
      o = { button: true, can: true, sel: DC.sel.includes(d.die), title: "click to select it, then click a row", onclick: () => dcToggle(d.die) };
    }
    const r = rowOf[d.die];
    const caption = d.state === "placed" ? (r ? `on ${r.row === "steal" ? "steal" : `row ${r.row}`}` : "placed")
      : d.state === "aside" ? "aside" : `#${d.die}`;
    return el("div", { class: `dslot ${d.state}` }, dcFace(d, o), el("div", { class: "dcap" }, caption));
  });
  const extra = [];
  if (v.rerolls) extra.push(el("span", { class: "dbadge" }, `${v.rerolls} reroll${v.rerolls > 1 ? "s" : ""} left`));
  if (DC.sel.length) extra.push(el("button", { class: "dclear", onclick: () => { DC.sel = []; G.actionsKey = null; render(); } }, "Clear selection"));
  const d6 = v.dice.filter((d) => d.sides === 6).length, d8 = v.dice.length - d6;
  return el("div", { class: "dtray", id: "tray" },
    el("div", { class: "dtitle" }, turnSeat(v) === null ? "Dice of the last turn "
      : v.current === G.msg.seat ? "Dice of your turn " : `Dice of ${tableName(v.current)}'s turn `, v.dice.length ? el("span", { class: "muted small" }, `(${d6} d6, ${d8} d8)`) : null, ...extra),
    el("div", { class: "dice-row" }, dice),
    mine && asides.length ? el("div", { class: "small dnote" }, "No open row can be matched: pick a die to set it aside" +
      ((G.msg.legal || []).some((a) => a[0] === "reroll") ? ", or reroll the unplaced dice (in the actions)." : "."))
      : mine && placing ? el("div", { class: "small dnote" }, v.phase === "target"
        ? "Select dice, then click a row of a card on the table (or use the panel)."
        : "Select dice, then click an open row of the staged card (or use the panel).") : null,
    dcLast());
}

function dcToggle(n) {
  DC.sel = DC.sel.includes(n) ? DC.sel.filter((x) => x !== n) : [...DC.sel, n];
  showError("");
  G.actionsKey = null;
  render();
}

// -- rows as badges -----------------------------------------------------------------------------
function dcBadges(row) {
  if (row.kind === "steal6") return [el("span", { class: "rbadge steal", title: "steal row: one die showing 6" }, "6")];
  if (row.kind === "sum_low") {
    return [el("span", { class: "rbadge sum", title: `dice showing 1, 2 or 3 adding up to ${row.text.replace("+", "")} or more` },
      row.text, el("span", { class: "lows" }, "(1-2-3)"))];
  }
  return row.text.split(" ").map((x) => el("span", { class: `rbadge${Number(x) > 6 ? " hi" : ""}`, title: Number(x) > 6 ? "a d8 showing this" : "a die showing this" }, x));
}

// A row in words, for a screen reader (its badges say it in figures and hover texts).
function dcRowWords(row) {
  if (row.kind === "steal6") return "one die showing 6, to steal it";
  if (row.kind === "sum_low") return `dice showing 1, 2 or 3 adding up to ${row.text.replace("+", "")} or more`;
  const faces = row.text.split(" ");
  const last = faces.pop();
  return faces.length ? `dice showing ${faces.join(", ")} and ${last}` : `a die showing ${last}`;
}

// A row of a card: its badges; clickable where the selected dice (or the panel) can place on it.
function dcRow(card, row, placed) {
  const m = G.msg;
  const acts = dcMine(m) ? dcRowActs(card.id, row.row) : [];
  const fit = dcFit(card.id, row.row);
  const focus = DC.focus && DC.focus.card === card.id && DC.focus.row === row.row;
  const cls = `crow${acts.length ? " can" : ""}${fit ? " fit" : ""}${focus ? " focus" : ""}${placed ? " done" : ""}`;
  const what = `${card.name}, ${row.row === "steal" ? "steal row" : `row ${row.row}`}: ${dcRowWords(row)}`;
  return el("div", {
    class: cls, "data-card": card.id, "data-row": row.row,
    title: acts.length ? (fit ? "click to place the selected dice here" : "select dice, then click here; or click to see the choices") : "",
    press: acts.length ? `row ${card.id} ${row.row}` : null,
    "aria-label": acts.length ? `${what}; ${fit ? "place the selected dice here" : "see the choices"}` : null,
    onclick: acts.length ? (ev) => { ev.stopPropagation(); dcClickRow(card.id, row.row); } : null,
  }, el("span", { class: "rno" }, row.row === "steal" ? "★" : row.row), dcBadges(row),
  placed ? el("span", { class: "rdice" }, placed.map((n) => dcFace(dcDie(n), { small: true }))) : null);
}

function dcClickRow(card, row) {
  const fit = dcFit(card, row);
  if (fit) { send(fit); return; }
  if (DC.sel.length) {
    showError("Those dice do not match that row: the panel lists what does.");
  } else showError("");
  DC.focus = { card, row };
  G.actionsKey = null;
  render();
}

// -- the staged card -----------------------------------------------------------------------------
function dcAttempt(v, m) {
  const a = v.attempt;
  if (!a) {
    return el("div", { class: "dattempt empty", id: "attempt" },
      el("div", { class: "dtitle" }, "No card staged"),
      el("div", { class: "small" }, v.phase === "target"
        ? "The first roll is on the table: a card is staged by matching one of its rows."
        : ""));
  }
  const card = dcCard(a.card);
  const group = dcGroup(card.group);
  const rows = a.rows.map((r) => dcRow(card, { row: r.row, kind: r.kind, text: r.text }, r.dice));
  const open = a.rows.filter((r) => !r.dice).length;
  return el("div", { class: "dattempt", id: "attempt", style: `border-color:${seatColor(v.current)}` },
    el("div", { class: "dtitle" }, dcChip(v.current), ` ${tableName(v.current)} is trying for`),
    el("div", { class: "aname" }, card.name, el("span", { class: "cval" }, card.value)),
    el("div", { class: "small" }, group.name, a.from !== null ? [" · held by ", dcChip(a.from), ` ${tableName(a.from)}: a steal`] : " · unclaimed"),
    el("div", { class: "arows" }, rows),
    el("div", { class: "small" }, open ? `${open} row${open > 1 ? "s" : ""} still open` : "every row matched"));
}

// The last result in words (the dice move on when an attempt ends).
function dcLast() {
  for (let i = G.tail.length - 1; i >= 0; i--) {
    const e = G.tail[i];
    if (["claim", "fail", "no-match"].includes(e.kind)) return el("div", { class: "dlast small", id: "dlast" }, "Last attempt: ", e.text);
  }
  return null;
}

// -- the table of cards, by group --------------------------------------------------------------
function dcGroups(v, m) {
  const staged = v.attempt ? v.attempt.card : null;
  const cols = v.groups.map((g) => {
    const cards = g.cards.map((id) => {
      const c = dcCard(id);
      const acts = dcMine(m) && v.phase === "target" ? dcActs("target").filter((a) => a[1] === c.id) : [];
      const rows = c.rows.map((r) => dcRow(c, r, null));
      if (c.owner !== null && !c.locked) rows.push(dcRow(c, { row: "steal", kind: "steal6", text: "6 steal" }, null));
      const style = c.owner !== null ? `border-color:${seatColor(c.owner)}` : "";
      return el("div", {
        class: `dcard${c.owner !== null ? " owned" : ""}${c.locked ? " locked" : ""}${acts.length ? " can" : ""}${c.id === staged ? " staged" : ""}${DC.focus && DC.focus.card === c.id ? " focus" : ""}`,
        "data-card": c.id, "data-owner": c.owner === null ? "" : c.owner, style,
        title: `${c.name}: worth ${c.value}; ${c.owner !== null ? `${tableName(c.owner)}'s` : "unclaimed"}${c.locked ? ", locked" : ""}`,
        onclick: acts.length ? () => { DC.focus = { card: c.id, row: null }; G.actionsKey = null; render(); } : null,
      },
      // From the keyboard the card's head clicks it (the click reaches the card): the card
      // itself holds its rows, each a control of its own, which a button cannot hold.
      el("div", { class: "chead", press: acts.length ? `card ${c.id}` : null,
        "aria-label": acts.length ? `${c.name}, worth ${c.value}, ${c.owner !== null ? `${tableName(c.owner)}'s` : "unclaimed"}: see the ways to stage it` : null },
        el("span", { class: "cnm" }, c.name),
        c.locked ? el("span", { class: "lock", title: "locked: its whole group is one player's" }, dcLockIcon()) : null,
        c.owner !== null ? dcChip(c.owner) : null,
        el("span", { class: "cval", title: "value" }, c.value)),
      c.id === staged ? el("div", { class: "stagedmark small" }, "staged now") : null,
      el("div", { class: "crows" }, rows));
    });
    const holder = g.holder;
    return el("div", { class: `dgroup${holder !== null ? " held" : ""}`, "data-group": g.id, style: holder !== null ? `border-color:${seatColor(holder)}` : "" },
      el("div", { class: "ghead" },
        el("div", { class: "gname" }, g.name),
        el("div", { class: "ginfo small", title: "what the whole group scores, and what its cards score apart" }, `all ${g.value} · apart ${g.cards_value}`),
        holder !== null ? el("div", { class: "gholder small" }, dcChip(holder), ` ${tableName(holder)} holds it all: locked`) : null,
        g.power ? el("div", { class: "gpower small", title: "Set power of whoever holds the whole group" }, `Power: ${g.power.text}`) : null,
        g.orb ? el("div", { class: "gorb small" }, dcOrb(), v.orb && v.orb.holder !== null ? ` Orb with ${tableName(v.orb.holder)}` : " Orb enters with this group's first card") : null),
      el("div", { class: "gcards" }, cards));
  });
  return el("div", { class: "dgroups", id: "cards" }, cols);
}

// A padlock drawn, not the emoji: without an emoji font (Debian's Chromium has none) the
// emoji is an empty box.
function dcLockIcon() {
  return svg("svg", { viewBox: "0 0 12 14", width: 10, height: 12, role: "img", "aria-label": "locked" },
    svg("path", { d: "M3.5 6.5V4a2.5 2.5 0 0 1 5 0v2.5", fill: "none", stroke: "currentColor", "stroke-width": 1.6 }),
    svg("rect", { x: 1, y: 6, width: 10, height: 8, rx: 1.5, fill: "currentColor" }));
}
function dcOrb() {
  return el("span", { class: "orb", title: "the Orb" }, "◉");
}

// -- the players -------------------------------------------------------------------------------
function dcPlayers(v, m) {
  return el("div", { class: "splayers", id: "dplayers" }, v.players.map((p) => {
    const info = m.seats[p.seat] || {};
    const orb = v.orb && v.orb.holder === p.seat;
    const last = v.final_round.includes(p.seat);
    const turn = p.seat === turnSeat(v); // nobody's once the game is over
    const cls = `spanel${turn ? " current" : ""}${m.to_move.includes(p.seat) ? " moving" : ""}`;
    return el("div", { class: cls, "data-seat": p.seat, style: `border-color:${seatColor(p.seat)}` },
      el("div", { class: "pname" }, dcChip(p.seat), ` ${tableName(p.seat)}`, turn ? el("span", { class: "turn" }, " · turn") : null,
        el("span", { class: "muted small" }, info.kind === "bot" ? ` · ${info.tier || ""} bot` : info.online ? " · online" : info.open ? " · open" : "")),
      el("div", { class: "pscore" }, el("b", { class: "score" }, p.score), p.score === 1 ? " point" : " points", orb ? [" · ", dcOrb(), " Orb"] : null, last ? el("span", { class: "small" }, " · last chance to come") : null),
      el("div", { class: "small" }, p.cards.length ? `${p.cards.length} card${p.cards.length > 1 ? "s" : ""}: ${p.cards.map((id) => dcCard(id).name).join(", ")}` : el("span", { class: "muted" }, "no cards")),
      p.groups.length ? el("div", { class: "small" }, `whole: ${p.groups.map((id) => dcGroup(id).name).join(", ")}`) : null);
  }));
}

// -- the action panel ----------------------------------------------------------------------------
function dcDiceLabel(nums) {
  return nums.map((n) => { const d = dcDie(n); return dcMini(d.sides, d.face); });
}
// The chance to complete the card after `a` (a target, match, aside, or reroll of a staged
// card's dice), as "93%"; "" until known, or for a reroll before a card is staged (no card yet).
function dcChance(a) {
  const p = DC.odds.state === G.msg.state ? DC.odds.by.get(JSON.stringify(a)) : undefined;
  if (p === undefined) return "";
  // A chance that is not nil (or not sure) does not read as 0% (or 100%).
  return p > 0 && p < 0.005 ? "<1%" : p < 1 && p >= 0.995 ? ">99%" : `${Math.round(100 * p)}%`;
}
// Ask once per state where the seat stages a card or matches a row; odds are advice, so a
// failed request shows nothing.
async function dcFetchOdds(m) {
  if (!dcMine(m) || !["target", "match"].includes(m.view.phase) || DC.asked === m.state) return;
  DC.asked = m.state;
  let o;
  try {
    o = await api("GET", `/api/games/${encodeURIComponent(GAME)}/dice-odds?state=${m.state}`);
  } catch (e) { return; }
  if (o.stale || !G.msg || o.state !== G.msg.state) return;
  DC.odds = { state: o.state, by: new Map(o.odds.map(([a, p]) => [JSON.stringify(a), p])) };
  G.actionsKey = null;
  render();
}
function dcButton(a, cls) {
  let label;
  const chance = dcChance(a);
  const odds = chance ? el("span", { class: "dchance", title: "chance to complete the card, playing on at best" }, ` ${chance}`) : null;
  switch (a[0]) {
    case "target": label = [...dcDiceLabel(a.slice(3)), odds]; break;
    case "match": label = [...dcDiceLabel(a.slice(2)), odds]; break;
    case "aside": { const d = dcDie(a[1]); label = [`Set aside a d${d.sides} `, dcMini(d.sides, d.face), odds]; break; }
    case "reroll": label = [labelOf(a), odds]; break;
    default: label = labelOf(a);
  }
  return el("button", { class: cls || "", "data-action": a.join(" "), title: labelOf(a), onclick: () => send(a) }, label);
}
function dcRowLine(card, rowId, acts) {
  const c = dcCard(card);
  const row = rowId === "steal" ? { kind: "steal6", text: "6 steal" }
    : (G.msg.view.attempt && G.msg.view.attempt.card === card ? G.msg.view.attempt.rows : c.rows).find((r) => r.row === rowId);
  return el("div", { class: "aline" }, el("span", { class: "alabel" }, rowId === "steal" ? "steal" : `row ${rowId}`, " ", row ? dcBadges(row) : null, " ← "),
    acts.map((a) => dcButton(a)));
}
function dcByRow(acts, rowAt) {
  const rows = new Map();
  for (const a of acts) {
    if (!rows.has(a[rowAt])) rows.set(a[rowAt], []);
    rows.get(a[rowAt]).push(a);
  }
  return rows;
}

function renderDiceActions() {
  const m = G.msg;
  const v = m.view;
  const legal = legalActions();
  const box = actionPanel([m.state, DC.sel, DC.focus, DC.odds.state]);
  dcFetchOdds(m);
  if (!box) return;
  let hint = "";
  const targets = dcActs("target"), matches = dcActs("match");
  if (!legal.length) hint = gameOver(m) ? "" : "Not your move.";
  else if (legal.length === 1 && !m.can_undo && m.forced) hint = `The only choice: ${labelOf(legal[0])} — taken for you.`;
  else if (legal.length === 1 && !m.can_undo) hint = `The only choice: ${labelOf(legal[0])}.`;
  else if (targets.length) hint = "Stage a card: select dice in the tray, then click a lit row of a card (or pick below; click a card to bring its choices up).";
  else if (matches.length) hint = "Select dice, then click an open row of the staged card (or pick below).";
  else if (dcActs("aside").length) hint = "Nothing matches: set a die aside (click one in the tray, or below).";
  $("hint").textContent = hint;
  if (DC.focus && legal.length) {
    const f = DC.focus;
    const acts = v.phase === "target" ? targets.filter((a) => a[1] === f.card && (f.row === null || a[2] === f.row))
      : matches.filter((a) => f.row === null || a[1] === f.row);
    if (acts.length) {
      const at = v.phase === "target" ? 2 : 1;
      box.append(el("div", { class: "grp chosen", id: "focus" }, el("div", { class: "glabel" }, `${dcCard(f.card).name}: choose the dice`),
        [...dcByRow(acts, at)].map(([row, list]) => dcRowLine(f.card, row, list)),
        el("button", { onclick: () => { DC.focus = null; G.actionsKey = null; render(); } }, "not now")));
    }
  }
  if (targets.length) {
    const byCard = new Map();
    for (const a of targets) { if (!byCard.has(a[1])) byCard.set(a[1], []); byCard.get(a[1]).push(a); }
    const grp = el("div", { class: "grp", id: "targets" }, el("div", { class: "glabel" }, `Stage a card (${byCard.size} can be)`));
    for (const [card, acts] of byCard) {
      const c = dcCard(card);
      const open = byCard.size <= 3 || (DC.focus && DC.focus.card === card);
      const chances = DC.odds.state === m.state ? acts.map((a) => DC.odds.by.get(JSON.stringify(a))) : [];
      const best = chances.length ? dcChance(acts[chances.indexOf(Math.max(...chances))]) : "";
      grp.append(el("details", { class: "tcardgrp", "data-card": card, open: open ? true : null },
        el("summary", {}, `${c.name} (${c.value}${c.owner !== null ? `, ${tableName(c.owner)}'s` : ""}) · ${acts.length} way${acts.length > 1 ? "s" : ""}${best ? ` · best ${best}` : ""}`),
        [...dcByRow(acts, 2)].map(([row, list]) => dcRowLine(card, row, list))));
    }
    box.append(grp);
  }
  if (matches.length) {
    box.append(el("div", { class: "grp", id: "matches" }, el("div", { class: "glabel" }, `Match a row of ${dcCard(v.attempt.card).name}`),
      [...dcByRow(matches, 1)].map(([row, list]) => dcRowLine(v.attempt.card, row, list))));
  }
  const others = legal.filter((a) => !["target", "match"].includes(a[0]));
  if (others.length) box.append(el("div", { class: "grp" }, others.map((a) => dcButton(a))));
  if (m.can_undo) box.append(el("button", { onclick: () => send(["undo"]) }, "Undo"));
}
