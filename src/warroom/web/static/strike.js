// RISK Strike as a card table: the six continents as coloured columns with every seat's
// claimed cards, the domination coins, the decks and the surrendered row, the battle (troops,
// dice as rolled and as they count, the priority window and the chain of played cards), each
// player's panel and your hand. Only drawing and choosing happen here: the server runs the
// rules, and every button is one of the seat's legal actions (game.js sends them).
"use strict";
const STRIKE = { pick: [], card: null, key: null };
const CONTINENT_HEX = {
  yellow: "#d9ad12", red: "#c8322d", blue: "#2f62c9", orange: "#e27a16", green: "#2f8f45", purple: "#7b44ad",
};
// Each tactics card: its name, and in a few words of our own when it can be played.
const TACTICS = {
  troop: ["Troop", "deploy into a battle, for either side"],
  spy: ["Spy", "your turn: see one player's hand"],
  cancel: ["Canceled Orders", "answer a card just played: it has no effect"],
  rally: ["Rally", "attacker, after a roll: +2 on each attack die"],
  artillery: ["Artillery", "during a battle: a player loses up to 2 troops"],
  sabotage: ["Sabotage", "right after troops deploy: the battle is off"],
  expand: ["Expand", "your turn: 1 more tactics card, or 2 continent cards"],
  bombard: ["Bombard", "after a roll: one die becomes a 6"],
};
const CARD_ACTION = {
  troop: "deploy", spy: "spy", cancel: "cancel", rally: "rally", artillery: "artillery",
  sabotage: "sabotage", expand: "expand", bombard: "bombard",
};
const STAGE_WORDS = { "after-deployment": "troops deployed", "before-roll": "before the roll", "after-roll": "after the roll" };
const PIPS = "⚀⚁⚂⚃⚄⚅";

// A standing choice (game.js): pass every reaction window and chain, whatever the hand holds,
// for a player who plays cards only in their own turn's steps. Only "every window" keeps the
// speed of a pass from telling the table whether the hand could have answered.
const STRIKE_STANDING = [
  { id: "windows", label: "let every window pass",
    title: "say 'pass' whenever a window or a chain waits on you, even holding a card you could play",
    pick: (m) => {
      const v = m.view;
      const chainWaits = v.chain && v.chain.priority === m.seat;
      if (!(v.window && v.window.priority === m.seat) && !chainWaits) return null;
      return legalActions().find((a) => a.length === 1 && a[0] === "pass") || null;
    } },
];

function isStrike(view) {
  return !!view && view.mode === "risk-strike" && Array.isArray(view.continents);
}

function renderStrike() {
  const m = G.msg;
  const v = m.view;
  if (STRIKE.state !== m.state) { STRIKE.state = m.state; STRIKE.card = null; }
  if (!attackActions().length) STRIKE.pick = [];
  const wrap = $("strikewrap");
  wrap.hidden = false;
  // Without the parts that are not there (no battle yet, a spectator's hand, the prompt once
  // the game is over: the banner says the outcome): replaceChildren would write each as the
  // word "null". The prompt names the seat to move as the table does, not as "Player 1".
  wrap.replaceChildren(...[
    gameOver(m) ? null : el("div", { class: `sprompt${m.seat !== null && m.to_move.includes(m.seat) ? " mine" : ""}`, id: "sprompt" }, `${tableName(v.to_move[0])}: ${v.step}`),
    strikeSupply(v),
    strikeContinents(v, m),
    v.battle ? strikeBattle(v, m) : strikeLastBattle(),
    strikePlayers(v, m),
    m.seat !== null ? strikeHand(v, m) : null].filter((x) => x));
}

// -- names --------------------------------------------------------------------------------
function sContinent(id) {
  const c = G.msg.view.continents.find((x) => x.id === id);
  return c ? c.name : id;
}
function sHex(c) {
  return CONTINENT_HEX[c.color] || cssColour(c.color);
}
function sSeatOf(arg) { // "p2" -> 1
  return typeof arg === "string" && /^p[0-9]+$/.test(arg) ? Number(arg.slice(1)) - 1 : null;
}
function sChip(seat) {
  return el("span", { class: "schip", style: `background:${seatColor(seat)}`, title: tableName(seat) }, seat + 1);
}
function sCardName(id) {
  return TACTICS[id] ? TACTICS[id][0] : id;
}
function miniCards(n, hex, max) {
  const shown = Math.min(n, max || 12);
  const out = [];
  for (let i = 0; i < shown; i++) out.push(el("span", { class: "mini", style: `background:${hex}` }));
  if (n > shown) out.push(el("span", { class: "muted small" }, `+${n - shown}`));
  return el("span", { class: "minis" }, out);
}
function coinIcon(c, holder) {
  return el("span", { class: "coin", style: `background:${sHex(c)}`, title: `${c.name} coin${holder !== null && holder !== undefined ? `: ${tableName(holder)}` : ""}` }, "★");
}

// -- decks, discard, surrendered row --------------------------------------------------------
function strikeSupply(v) {
  const takes = new Map(legalActions().filter((a) => a[0] === "take").map((a) => [a[1], a]));
  const row = v.continents.filter((c) => v.surrendered[c.id]).map((c) => {
    const act = takes.get(c.id);
    return el(act ? "button" : "span", {
      class: `surr${act ? " can" : ""}`, "data-continent": c.id,
      "data-action": act ? act.join(" ") : null, title: act ? `take one ${c.name} card` : c.name,
      onclick: act ? () => send(act) : null,
    }, miniCards(v.surrendered[c.id], sHex(c), 6), ` ${c.name} ×${v.surrendered[c.id]}`);
  });
  const top = v.discard.top ? ` · top: ${sCardName(v.discard.top)}` : "";
  return el("div", { class: "ssupply" },
    el("div", { class: "deck" }, el("span", { class: "back cont" }, v.decks.continent), el("div", {}, "continent deck")),
    el("div", { class: "deck" }, el("span", { class: "back tact" }, v.decks.tactics), el("div", {}, "tactics deck")),
    el("div", { class: "deck" }, el("span", { class: "back disc" }, v.discard.size), el("div", {}, `discard${top}`)),
    el("div", { class: "surrow", id: "surrendered" }, el("div", { class: "muted" }, "surrendered row"),
      row.length ? row : el("span", { class: "muted" }, "empty")),
    // What is left of the turn, while the game lasts.
    !gameOver(G.msg) && (v.draws_left || v.continent_picks) ? el("div", { class: "draws" },
      v.continent_picks ? `Expand: ${v.continent_picks} continent card${v.continent_picks > 1 ? "s" : ""} to take`
        : `${v.draws_left} draw${v.draws_left > 1 ? "s" : ""} left`) : null);
}

// -- the continents: one coloured column each, a row of claimed cards per seat -------------
function strikeContinents(v, m) {
  const b = v.battle;
  const cols = v.continents.map((c) => {
    const mark = b && b.from === c.id && b.to === c.id ? "from to" : b && b.from === c.id ? "from" : b && b.to === c.id ? "to" : "";
    const rows = v.seats.map((s, seat) => {
      const n = s.claimed[c.id] || 0;
      const aside = b && seat === b.attacker ? b.held_aside[c.id] || 0 : 0;
      const pickable = strikePickable(c.id, seat);
      const picked = strikePicked(c.id, seat);
      const title = `${tableName(seat)}: ${n} of ${c.cards} ${c.name} cards`;
      const use = seat === m.seat ? "attack from here" : "attack here";
      return el("div", {
        class: `sclaim${n >= c.domination ? " dom" : ""}${pickable ? " pickable" : ""}${picked ? " picked" : ""}`,
        "data-seat": seat, "data-continent": c.id, title,
        press: pickable ? `claim ${c.id} ${seat}` : null, "aria-label": pickable ? `${title}; ${picked ? "chosen" : use}` : null,
        onclick: pickable ? () => strikeClickClaim(c.id, seat) : null,
      }, sChip(seat), n ? miniCards(n, sHex(c)) : el("span", { class: "muted small" }, "—"),
      el("span", { class: "cnt" }, n ? `${n}` : ""), aside ? el("span", { class: "aside", title: "claimed this battle (won or taken with Expand), held aside" }, ` (${aside} aside)`) : null);
    });
    const holder = c.coin;
    return el("div", { class: `scol ${mark}`, "data-continent": c.id, style: `--cc:${sHex(c)}` },
      el("div", { class: "shead" },
        el("div", { class: "cname" }, c.name),
        el("div", { class: "cinfo" }, `${c.cards} cards · dominate with ${c.domination}`),
        el("div", { class: "ccoin" }, holder !== null ? [coinIcon(c, holder), " ", tableName(holder)] : el("span", { class: "free" }, "coin unclaimed")),
        mark ? el("div", { class: "cmark" }, mark === "from to" ? "battle within" : mark === "from" ? "attacking from" : "under attack") : null),
      el("div", { class: "sbody" }, rows),
      el("div", { class: "cadj muted small" }, `next to: ${c.adjacent.map(sContinent).join(", ")}`));
  });
  return el("div", { class: "scols", id: "continents" }, cols);
}

// -- the battle -----------------------------------------------------------------------------
function strikeBattle(v, m) {
  const b = v.battle;
  const side = (name, principal, cont, cards) => {
    const troops = Object.entries(b.troops[name] || {}).map(([seat, n]) =>
      el("div", { class: "troops", "data-owner": seat }, sChip(Number(seat)),
        Array.from({ length: n }, () => el("span", { class: "troop", style: `border-color:${seatColor(Number(seat))}` }, "♞")),
        ` ${n}`));
    const d = b.dice[name];
    const dice = d.faces.map((f, i) => {
      const changed = d.rolled[i] !== f;
      const val = d.values[i];
      return el("span", { class: `sdie ${name}${changed ? " bombarded" : ""}`, title: `rolled ${d.rolled[i]}${changed ? `, bombarded to ${f}` : ""}${val !== f ? `, counts ${val}` : ""}` },
        el("span", { class: "pip" }, PIPS[f - 1] || f),
        changed ? el("span", { class: "was" }, `was ${d.rolled[i]}`) : null,
        val !== f ? el("span", { class: "val" }, `= ${val}`) : null);
    });
    return el("div", { class: `sside ${name}` },
      el("div", { class: "stitle" }, sChip(principal), ` ${name === "attacker" ? "Attacker" : "Defender"}: ${tableName(principal)}`),
      el("div", { class: "small" }, `${sContinent(cont)}: ${cards} card${cards === 1 ? "" : "s"} in the battle`),
      troops.length ? troops : el("div", { class: "muted small" }, "no troops"),
      el("div", { class: "sdice" }, dice.length ? dice : el("span", { class: "muted small" }, d.rolled.length ? "" : "no dice on the table")));
  };
  const lines = [];
  if (b.rallies) lines.push(`Rally ×${b.rallies}: +${2 * b.rallies} on each attack die`);
  const aside = Object.entries(b.held_aside);
  if (aside.length) lines.push(`Claimed this battle (held aside): ${aside.map(([c, n]) => `${n} ${sContinent(c)}`).join(", ")}`);
  if (b.deploy_queue.length) lines.push(`Still to deploy: ${b.deploy_queue.map(tableName).join(", ")}`);
  if (b.losses_pending.length) lines.push(`Losses to take: ${b.losses_pending.join(", ")}`);
  const w = v.window;
  const chain = v.chain;
  return el("div", { class: "sbattle", id: "battle" },
    // The game may end inside a battle (a coin won): it stays shown, as the one that ended it.
    el("div", { class: "sbhead" }, `${gameOver(m) ? "The last battle (the game is over)" : "Battle"}: ` +
      `${tableName(b.attacker)} attacks ${tableName(b.defender)} — from ${sContinent(b.from)} to ${sContinent(b.to)}`),
    el("div", { class: "sbsides" }, side("attacker", b.attacker, b.from, b.attacking_cards), el("div", { class: "vs" }, "vs"),
      side("defender", b.defender, b.to, b.defending_cards)),
    lines.length ? el("div", { class: "small" }, lines.map((t) => el("div", {}, t))) : null,
    w ? el("div", { class: "swindow", id: "window" },
      el("b", {}, `Window (${STAGE_WORDS[w.stage] || w.stage}): `), "priority with ", sChip(w.priority), ` ${tableName(w.priority)}`,
      w.waiting.length ? ` · still to pass: ${w.waiting.map(tableName).join(", ")}` : "",
      chain ? " (on hold while the card in play is answered)" : "") : null,
    chain ? strikeChain(chain) : null,
    strikeLastRollLine());
}

function strikeChain(chain) {
  return el("div", { class: "schain", id: "chain" }, el("b", {}, "Cards in play"),
    chain.plays.map((p, i) => el("div", { class: `play${p.stands ? "" : " cancelled"}` },
      sChip(p.seat), ` ${i ? "answers with" : "plays"} ${sCardName(p.card)}${p.args.length ? ` (${p.args.map(strikeArg).join(", ")})` : ""} — `,
      el("b", {}, p.stands ? "stands" : "cancelled"))),
    chain.priority !== null ? el("div", { class: "small" }, `${tableName(chain.priority)} may answer with Canceled Orders` +
      (chain.waiting.length ? `; still to answer: ${chain.waiting.map(tableName).join(", ")}` : "")) : null);
}

// The last roll of this battle (or the last battle), from the log: the dice leave the table
// once a roll resolves, but what they said is worth seeing. The roll's line gives the dice and
// the resolution's the losses (with the dice again only where a card changed them).
function strikeLastResolve() {
  for (let i = G.tail.length - 1; i >= 0; i--) {
    const e = G.tail[i];
    if (e.kind === "resolve") {
      const roll = G.tail.slice(0, i).reverse().find((x) => x.kind === "roll");
      return roll ? `${roll.text}. ${e.text}` : e.text;
    }
    if (e.kind === "attack") return null;
  }
  return null;
}
function strikeLastRollLine() {
  const said = strikeLastResolve();
  if (!said || (G.msg.view.battle && G.msg.view.battle.dice.attacker.faces.length)) return null;
  return el("div", { class: "slast small" }, "Last roll: ", said);
}
function strikeLastBattle() {
  const said = strikeLastResolve();
  return said ? el("div", { class: "sbattle quiet" }, el("div", { class: "small muted" }, "No battle now. Last roll: ", said)) : null;
}

function strikeArg(x) {
  const seat = sSeatOf(x);
  if (seat !== null) return tableName(seat);
  if (typeof x === "string" && G.msg.view.continents.some((c) => c.id === x)) return sContinent(x);
  return String(x);
}

// -- the players --------------------------------------------------------------------------
function strikePlayers(v, m) {
  return el("div", { class: "splayers", id: "splayers" }, v.seats.map((s, seat) => {
    const info = m.seats[seat] || {};
    const claimed = Object.values(s.claimed).reduce((a, n) => a + n, 0);
    const coins = v.continents.filter((c) => c.coin === seat);
    const known = seat !== m.seat && s.hand.length ? el("div", { class: "small" }, `seen: ${s.hand.map(sCardName).join(", ")}`) : null;
    const turn = seat === turnSeat(v); // nobody's once the game is over
    const cls = `spanel${turn ? " current" : ""}${m.to_move.includes(seat) ? " moving" : ""}`;
    return el("div", { class: cls, "data-seat": seat, style: `border-color:${seatColor(seat)}` },
      el("div", { class: "pname" }, sChip(seat), ` ${tableName(seat)}`, turn ? el("span", { class: "turn" }, " · turn") : null,
        el("span", { class: "muted small" }, info.kind === "bot" ? ` · ${info.tier || ""} bot` : info.online ? " · online" : info.open ? " · open" : "")),
      el("div", { class: "pcoins" }, coins.length ? coins.map((c) => coinIcon(c, seat)) : el("span", { class: "muted small" }, "no coin"),
        el("span", { class: "small" }, ` ${coins.length} coin${coins.length === 1 ? "" : "s"}`)),
      el("div", { class: "phand" }, Array.from({ length: Math.min(s.hand_size, 10) }, () => el("span", { class: "cback" })),
        el("span", { class: "small" }, ` ${s.hand_size} in hand`)),
      el("div", { class: "small" }, `${claimed} continent card${claimed === 1 ? "" : "s"} claimed`),
      known);
  }));
}

// -- your hand ------------------------------------------------------------------------------
function strikeHand(v, m) {
  const hand = v.seats[m.seat].hand;
  const kinds = new Set(legalActions().map((a) => a[0]));
  const cards = hand.map((id, i) => {
    const kind = CARD_ACTION[id];
    const playable = kinds.has(kind);
    const [name, hint] = TACTICS[id] || [id, ""];
    return el("div", {
      class: `tcard k-${id}${playable ? " playable" : ""}${STRIKE.card === id ? " chosen" : ""}`,
      "data-card": id, "data-index": i, title: playable ? `play ${name}` : `${name}: not playable now`,
      press: playable ? `hand ${i}` : null, "aria-label": playable ? `Play ${name}: ${hint}` : null,
      onclick: playable ? () => strikePlayCard(id) : null,
    }, el("div", { class: "tname" }, name), el("div", { class: "thint" }, hint));
  });
  const lit = hand.some((id) => kinds.has(CARD_ACTION[id]));
  return el("div", { class: "shand", id: "shand" }, el("div", { class: "shtitle" }, `Your hand (${hand.length})`,
    el("span", { class: "muted small" }, lit ? " — lit cards can be played now: click one" : "")),
  el("div", { class: "tcards" }, cards.length ? cards : el("span", { class: "muted" }, "no cards")));
}

function strikePlayCard(id) {
  const options = legalActions().filter((a) => a[0] === CARD_ACTION[id]);
  if (options.length === 1) { send(options[0]); return; }
  STRIKE.card = STRIKE.card === id ? null : id;
  G.actionsKey = null;
  render();
}

// -- the attack picker: from-continent, then the opponent, then the target --------------
function attackActions() {
  return legalActions().filter((a) => a[0] === "attack");
}
function strikePickable(continent, seat) {
  const attacks = attackActions();
  if (!attacks.length) return false;
  const p = STRIKE.pick;
  if (seat === G.msg.seat) return attacks.some((a) => a[1] === continent);
  return p.length >= 1 && attacks.some((a) => a[1] === p[0] && sSeatOf(a[2]) === seat && a[3] === continent);
}
function strikePicked(continent, seat) {
  const p = STRIKE.pick;
  return (seat === G.msg.seat && p[0] === continent) || (p.length === 3 && sSeatOf(p[1]) === seat && p[2] === continent);
}
function strikeClickClaim(continent, seat) {
  if (seat === G.msg.seat) STRIKE.pick = [continent];
  else STRIKE.pick = [STRIKE.pick[0], `p${seat + 1}`, continent];
  G.actionsKey = null;
  render();
}
function strikeAttackPicker() {
  const attacks = attackActions();
  const p = STRIKE.pick;
  // A pick that no longer fits (a new state) starts over.
  if (!attacks.some((a) => p.every((x, i) => a[i + 1] === x))) STRIKE.pick = [];
  const steps = [["from", 1], ["against", 2], ["to", 3]];
  const box = el("div", { class: "grp picker", id: "attackpicker" }, el("div", { class: "glabel" }, "Attack"));
  for (const [label, k] of steps) {
    const fits = attacks.filter((a) => STRIKE.pick.slice(0, k - 1).every((x, i) => a[i + 1] === x));
    const choices = [...new Set(fits.map((a) => a[k]))];
    if (STRIKE.pick.length < k - 1) break;
    if (STRIKE.pick.length === k - 1 && choices.length === 1 && k > 1) STRIKE.pick.push(choices[0]);
    box.append(el("div", { class: "pstep" }, el("span", { class: "muted" }, `${label}: `), choices.map((x) =>
      el("button", {
        class: STRIKE.pick[k - 1] === x ? "on" : "", "data-pick": `${label}:${x}`,
        onclick: () => { STRIKE.pick = [...STRIKE.pick.slice(0, k - 1), x]; G.actionsKey = null; render(); },
      }, strikeArg(x)))));
  }
  if (STRIKE.pick.length === 3) {
    const a = ["attack", ...STRIKE.pick];
    box.append(el("button", { class: "primary", "data-action": a.join(" "), onclick: () => send(a) }, labelOf(a)));
  }
  if (STRIKE.pick.length) box.append(el("button", { onclick: () => { STRIKE.pick = []; G.actionsKey = null; render(); } }, "clear"));
  return box;
}

// -- the action panel -----------------------------------------------------------------------
function strikeButton(a, cls) {
  return el("button", { class: cls || "", "data-action": a.join(" "), onclick: () => send(a) }, labelOf(a));
}

const STRIKE_GROUPS = [
  ["Draw", ["draw", "take"]],
  ["Deploy troops", ["deploy"]],
  ["Whose troop is lost", ["discard"]],
  ["Battle", ["again", "stop"]],
  ["Play a card", ["cancel", "sabotage", "artillery", "rally", "bombard", "spy", "expand"]],
  ["", ["pass"]],
];

function renderStrikeActions() {
  const m = G.msg;
  const legal = legalActions();
  const box = actionPanel([m.state, STRIKE.pick, STRIKE.card]);
  if (!box) return;
  let hint = "";
  if (!legal.length) hint = gameOver(m) ? "" : "Not your move.";
  else if (legal.length === 1 && !m.can_undo && m.forced) hint = `The only choice: ${labelOf(legal[0])} — taken for you.`;
  // Forced only by what the hand holds: the player answers, or the speed would tell the table.
  else if (legal.length === 1 && !m.can_undo) hint = `The only choice: ${labelOf(legal[0])}.`;
  else if (attackActions().length) hint = "Declare an attack (or click your cards in a continent, then an opponent's), or pass.";
  else if (STRIKE.card) hint = `${sCardName(STRIKE.card)}: choose how to play it.`;
  $("hint").textContent = hint;
  if (STRIKE.card) {
    const mine = legal.filter((a) => a[0] === CARD_ACTION[STRIKE.card]);
    box.append(el("div", { class: "grp chosen" }, el("div", { class: "glabel" }, `Play ${sCardName(STRIKE.card)}`),
      mine.map((a) => strikeButton(a, "primary")), el("button", { onclick: () => { STRIKE.card = null; G.actionsKey = null; render(); } }, "not now")));
  }
  const done = new Set();
  if (attackActions().length) { box.append(strikeAttackPicker()); done.add("attack"); }
  for (const [label, kinds] of STRIKE_GROUPS) {
    const group = legal.filter((a) => kinds.includes(a[0]));
    kinds.forEach((k) => done.add(k));
    if (!group.length) continue;
    box.append(el("div", { class: "grp" }, label ? el("div", { class: "glabel" }, label) : null, group.map((a) => strikeButton(a))));
  }
  const rest = legal.filter((a) => !done.has(a[0])); // anything new the rules offer is still offered
  if (rest.length) box.append(el("div", { class: "grp" }, rest.map((a) => strikeButton(a))));
  if (m.can_undo) box.append(el("button", { onclick: () => send(["undo"]) }, "Undo"));
  strikeShowOdds(legal);
}

// -- the odds, where the seat decides ---------------------------------------------------------
// An attack picked in full (the battle as it would start, before troops), a deployment (each
// count of troops the seat may add) and a roll again (the battle from here): the server reads
// them from what every seat sees (/strike-odds). Shown only for the state and panel they were
// asked for; odds are advice, so a failed request shows nothing.
async function strikeShowOdds(legal) {
  const kinds = new Set(legal.map((a) => a[0]));
  const declaring = STRIKE.pick.length === 3 && kinds.has("attack");
  if (!declaring && !kinds.has("again") && !kinds.has("deploy")) return;
  const key = G.actionsKey;
  const q = new URLSearchParams(declaring ? { source: STRIKE.pick[0], defender: STRIKE.pick[1], target: STRIKE.pick[2] } : {});
  q.set("state", G.msg.state);
  let o;
  try {
    o = await api("GET", `/api/games/${encodeURIComponent(GAME)}/strike-odds?${q}`);
  } catch (e) { return; }
  if (o.stale || !G.msg || G.actionsKey !== key || o.state !== G.msg.state) return;
  const text = declaring ? `${strikePercent(o.p_conquest)} to win this battle, before troops; ${strikeLosses(o, true)}`
    : kinds.has("deploy") ? strikeDeployOdds(o, legal)
      : `Rolling on to the end: ${strikePercent(o.p_conquest)} to win this battle; ${strikeLosses(o, true)} from here`;
  $("odds").textContent = text;
}
function strikePercent(p) {
  return `${Math.round(100 * p)}%`;
}
function strikeLosses(o, attacking) {
  const [mine, theirs] = attacking ? [o.expected_attacker_losses, o.expected_defender_losses]
    : [o.expected_defender_losses, o.expected_attacker_losses];
  return `expected cards lost: you ${mine.toFixed(1)}, them ${theirs.toFixed(1)}`;
}
// "0 → 45%, 1 → 58%": the chance for `side` with each count this seat may deploy for it
// (the defender's to hold); "(before the others deploy)" while seats after it still will.
function strikeDeployOdds(o, legal) {
  const d = o.deployment;
  if (!d || d.seat !== G.msg.seat) return "";
  const own = strikeOwnSide(o);
  const counts = (side) => legal.filter((a) => a[0] === "deploy" && (a.length === 2 ? side === own : a[1] === side))
    .map((a) => a[a.length - 1]).filter((n) => n < d.sides[side].length);
  const chance = (side, n) => strikePercent(own === "defender" ? 1 - d.sides[side][n].p_conquest : d.sides[side][n].p_conquest);
  const row = (side) => {
    const ns = counts(side);
    return ns.length === 1 && ns[0] === 0 ? `${chance(side, 0)} with no troops of yours`
      : `by troops you deploy: ${ns.map((n) => `${n} → ${chance(side, n)}`).join(", ")}`;
  };
  const later = G.msg.view.battle && G.msg.view.battle.deploy_queue.length > 1 ? " (before the others deploy)" : "";
  if (own === "attacker") return `To win this battle, ${row("attacker")}${later}`;
  if (own === "defender") return `To hold ${sContinent(o.to)}, ${row("defender")}${later}`;
  const help = (side) => counts(side).map((n) => `${n} → ${chance(side, n)}`).join(", ");
  return `The attacker wins ${strikePercent(o.p_conquest)} as troops stand; helping the attacker ${help("attacker")}; ` +
    `helping the defender ${help("defender")}${later}`;
}
function strikeOwnSide(o) {
  return G.msg.seat === o.attacker ? "attacker" : G.msg.seat === o.defender ? "defender" : null;
}
