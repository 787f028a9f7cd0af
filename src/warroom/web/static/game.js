// The game page: a live view for one seat (or a spectator) and a panel of only legal actions.
// The server runs the rules; this page sends intents with the state id they were chosen in.
"use strict";
const params = new URLSearchParams(location.hash.slice(1));
const GAME = decodeURIComponent(location.pathname.split("/").pop());
const TOKEN = params.get("token");
const G = {
  msg: null, board: null, boardId: null, pick: [], sending: false, lastBattle: null, ws: null,
  early: [], logStart: 0, tail: [], fetchingLog: false, // the log, as in renderLog
};
const $ = (id) => document.getElementById(id);

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(GAME)}`);
  G.ws = ws;
  ws.onopen = () => { ws.send(JSON.stringify(TOKEN ? { token: TOKEN } : {})); $("conn").classList.add("on"); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "error") { showError(msg.error); G.fatal = true; return; }
    if (msg.type === "state") receive(msg);
  };
  ws.onclose = () => {
    $("conn").classList.remove("on");
    if (!G.fatal) setTimeout(connect, 1500);
  };
}

function receive(msg) {
  if (msg.log) {
    // A full state: the log's tail from log_start on. Events before it never change, but an
    // undo may have removed some of those held here: keep only what is still before it.
    G.early.length = Math.min(G.early.length, msg.log_start);
    G.logStart = msg.log_start;
    G.tail = msg.log.slice();
    renderLog(true);
    fetchEarlierLog();
  } else if (msg.events) {
    G.tail.push(...msg.events);
    const log = $("log");
    for (const e of msg.events) log.append(logLine(e));
    log.scrollTop = log.scrollHeight;
  }
  for (const e of msg.log || msg.events || []) {
    if (e.kind === "battle") G.lastBattle = e;
    if (e.kind === "roll" && Array.isArray(e.dice)) G.lastRoll = e;
  }
  if (!G.msg || G.msg.state !== msg.state) G.pick = [];
  G.msg = msg;
  if (msg.seat !== null && TOKEN && !G.remembered) {
    rememberSeat(GAME, msg.title, msg.seat, TOKEN, msg.seats[msg.seat].name);
    G.remembered = true;
  }
  render();
}

// -- the log: pages fetched from the start (G.early), then the tail state messages carry --
function logLine(e) {
  return el("div", { class: `ev ev-${e.kind}` }, e.text);
}

function renderLog(toBottom) {
  const log = $("log");
  const fromBottom = log.scrollHeight - log.scrollTop;
  const lines = G.early.slice(0, G.logStart).map(logLine);
  const missing = G.logStart - Math.min(G.early.length, G.logStart);
  if (missing) lines.push(el("p", { class: "muted" }, `… ${missing} earlier events loading`));
  log.replaceChildren(...lines, ...G.tail.map(logLine));
  log.scrollTop = toBottom ? log.scrollHeight : log.scrollHeight - fromBottom;
}

async function fetchEarlierLog() {
  if (G.fetchingLog) return;
  G.fetchingLog = true;
  try {
    while (G.early.length < G.logStart) {
      const since = G.early.length;
      const page = await api("GET", `/api/games/${encodeURIComponent(GAME)}/log?since=${since}`, null, TOKEN);
      if (G.early.length !== since) continue; // a newer full state cut what is held here
      const wanted = page.events.slice(0, G.logStart - since);
      if (!wanted.length) break;
      G.early.push(...wanted);
      renderLog(false);
    }
  } catch (e) {
    showError(`could not load the earlier log: ${e.message}`);
  } finally {
    G.fetchingLog = false;
  }
}

function render() {
  const m = G.msg;
  $("title").textContent = `${m.title} · ${m.mode}`;
  $("me").textContent = m.seat === null ? "spectating" : `you: ${m.seats[m.seat].name}`;
  const view = m.view;
  $("monowrap").hidden = true;
  $("strikewrap").hidden = true;
  $("dicewrap").hidden = true;
  if (isDiceCards(view)) {
    $("boardwrap").hidden = true;
    $("generic").hidden = true;
    renderDiceCards();
  } else if (isStrike(view)) {
    $("boardwrap").hidden = true;
    $("generic").hidden = true;
    renderStrike();
  } else if (isMonopoly(view)) {
    $("boardwrap").hidden = true;
    $("generic").hidden = true;
    renderMonopoly();
  } else if (view.board && Array.isArray(view.territories)) {
    $("boardwrap").hidden = false;
    $("generic").hidden = true;
    if (G.boardId !== view.board) {
      G.boardId = view.board;
      api("GET", `/api/boards/${encodeURIComponent(view.board)}`).then((b) => { G.board = b; render(); })
        .catch((e) => showError(e.message));
    }
    if (G.board) drawBoard();
  } else {
    $("boardwrap").hidden = true;
    $("generic").hidden = false;
    $("generic").replaceChildren(renderValue(view, 0));
  }
  renderStatus();
  renderPlayers();
  renderHand();
  renderDice();
  renderActions();
}

// -- status, players, hand, dice -------------------------------------------------------
function seatColor(seat) {
  return seat === null || seat === undefined ? NEUTRAL_COLOR : SEAT_COLORS[seat % SEAT_COLORS.length];
}

function renderStatus() {
  const m = G.msg;
  const names = m.seats.map((s) => s.name);
  $("banner").replaceChildren();
  if (m.outcome) {
    const who = m.outcome.winners.map((w) => names[w]).join(" and ");
    $("banner").append(
      el(
        "div",
        { class: "banner" },
        `Game over: ${who} won. ${m.outcome.reason} `,
        el("a", { href: `/api/games/${m.game}/save`, download: true }, "Download the game"),
      ),
    );
  }
  if (m.stopped) {
    $("banner").append(
      el(
        "div",
        { class: "banner" },
        `Game over: ${m.stopped}. `,
        el("a", { href: `/api/games/${m.game}/save`, download: true }, "Download the game"),
      ),
    );
  }
  const phase = m.view.phase ? ` (${m.view.phase} step)` : "";
  let text;
  if (m.outcome || m.stopped) text = "The game is over.";
  else if (m.seat !== null && m.to_move.includes(m.seat)) text = `Your move${phase}.`;
  else text = `Waiting for ${m.to_move.map((s) => names[s]).join(", ")}${phase}.`;
  $("status").textContent = `${text}  [state ${m.state}]`;
}

function renderPlayers() {
  const m = G.msg;
  const v = m.view;
  const t = $("players");
  t.replaceChildren();
  const terr = Array.isArray(v.territories) ? v.territories : [];
  for (const s of m.seats) {
    const owned = terr.filter((x) => x.seat === s.seat);
    const armies = owned.reduce((a, x) => a + (x.armies || 0), 0);
    const cells = [
      el("td", {}, el("span", { class: "swatch", style: `background:${seatColor(s.seat)}` })),
      el("td", {}, s.name, s.seat === m.seat ? " (you)" : ""),
      el("td", { class: "muted" }, s.kind === "bot" ? "bot" : s.online ? "online" : s.open ? "open" : "away"),
    ];
    if (terr.length) cells.push(el("td", {}, `${owned.length} terr · ${armies} armies`));
    if (v.hand_sizes) cells.push(el("td", {}, `${v.hand_sizes[s.seat]} cards`));
    if (isStrike(v) && v.seats[s.seat]) {
      const coins = v.seats[s.seat].coins.length;
      cells.push(el("td", {}, `${v.seats[s.seat].hand_size} in hand · ${coins} coin${coins === 1 ? "" : "s"}`));
    }
    if (Array.isArray(v.status) && v.status[s.seat] && typeof v.status[s.seat].cash === "number") {
      const p = v.status[s.seat];
      cells.push(el("td", { class: "num" }, `M${p.cash}`), el("td", { class: "muted" }, p.in_jail ? "in Jail" : p.space));
    }
    if (isDiceCards(v) && v.players[s.seat]) cells.push(el("td", { class: "num" }, `${v.players[s.seat].score} pts`));
    if (v.alive && !v.alive[s.seat]) cells.push(el("td", {}, "out"));
    t.append(el("tr", { class: m.to_move.includes(s.seat) ? "moving" : "" }, cells));
  }
}

function renderHand() {
  const hand = G.msg.view.hand;
  $("handcard").hidden = !Array.isArray(hand);
  if (!Array.isArray(hand)) return;
  $("hand").replaceChildren(...(hand.length ? hand.map((c) =>
    el("span", { class: "cardchip" }, c.card, c.design && c.design !== c.card ? ` · ${c.design}` : ""))
    : [el("span", { class: "muted" }, "no cards")]));
}

function renderDice() {
  const b = G.lastBattle;
  $("dicecard").hidden = !b;
  if (!b) return;
  const row = (vals, cls) => vals.map((d) => el("span", { class: `die ${cls}`, title: String(d) }, "⚀⚁⚂⚃⚄⚅"[d - 1] || d));
  $("dice").replaceChildren(
    el("div", { class: "muted" }, `${b.from} → ${b.to}`),
    el("div", { class: "dice" }, "attack ", row(b.attack || [], "att")),
    el("div", { class: "dice" }, "defend ", row(b.defend || [], "def")),
    el("div", {}, `attacker loses ${b.attacker_losses}, defender loses ${b.defender_losses}`));
}

// -- the board ------------------------------------------------------------------------
function svg(tag, attrs, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function drawBoard() {
  const b = G.board;
  const view = G.msg.view;
  const board = $("board");
  board.setAttribute("viewBox", `0 0 ${b.width} ${b.height}`);
  const pos = Object.fromEntries(b.territories.map((t) => [t.name, t]));
  const color = Object.fromEntries(b.regions.map((r) => [r.name, r.color]));
  const state = Object.fromEntries(view.territories.map((t) => [t.name, t]));
  const marks = territoryMarks();
  const nodes = [];
  for (const c of b.connections) {
    const a = pos[c.a], z = pos[c.b];
    const cls = c.kind === "land" ? "" : c.kind === "sea" ? "sea" : "other";
    const title = () => svg("title", {}, `${c.a} – ${c.b} (${c.kind})`);
    if (c.kind !== "land" && Math.abs(a.x - z.x) > b.width / 2) {
      // A sea line across more than half the map goes round the world instead (as
      // Alaska–Kamchatka does on the printed board): a stub from each end to its edge.
      const [w, e] = a.x < z.x ? [a, z] : [z, a];
      const mid = (w.y + e.y) / 2;
      nodes.push(svg("line", { x1: w.x, y1: w.y, x2: 0, y2: mid, class: `conn ${cls}` }, title()));
      nodes.push(svg("line", { x1: e.x, y1: e.y, x2: b.width, y2: mid, class: `conn ${cls}` }, title()));
      continue;
    }
    nodes.push(svg("line", { x1: a.x, y1: a.y, x2: z.x, y2: z.y, class: `conn ${cls}` }, title()));
  }
  for (const t of b.territories) {
    const s = state[t.name] || {};
    const fill = s.owner ? seatColor(s.seat) : "#ffffff";
    const g = svg("g", { class: `terr ${marks[t.name] || ""}`, "data-name": t.name, transform: `translate(${t.x},${t.y})` },
      svg("title", {}, `${t.name} (${t.region}) — ${s.owner || "unclaimed"}, ${s.armies || 0} armies`),
      svg("circle", { r: 22, class: "halo", fill: color[t.region], opacity: 0.55 }),
      svg("circle", { r: 15, class: "owner", fill, stroke: "#333", "stroke-width": 1.5 }),
      svg("text", { class: "armies", "text-anchor": "middle", dy: 5 }, s.armies || ""),
      svg("text", { class: "label", "text-anchor": "middle", dy: 34 }, t.name));
    g.addEventListener("click", () => clickTerritory(t.name));
    nodes.push(g);
  }
  board.replaceChildren(...nodes);
  $("legend").replaceChildren(...b.regions.map((r) =>
    el("span", {}, el("span", { class: "swatch", style: `background:${r.color}` }), ` ${r.name} +${r.bonus}`)));
}

// Which territories to highlight: what the player picked, and where a click can lead next.
function territoryMarks() {
  const marks = {};
  const names = territoryNames();
  const pick = G.pick;
  for (const a of legalActions()) {
    const terr = a.slice(1).filter((x) => names.has(x));
    if (!terr.length) continue;
    if (pick.every((p, i) => terr[i] === p) && terr.length > pick.length) {
      marks[terr[pick.length]] = pick.length ? "target" : "source";
    }
  }
  for (const p of pick) marks[p] = "pick";
  const b = G.lastBattle;
  if (b && !marks[b.to]) marks[b.to] = "last";
  return marks;
}

function territoryNames() {
  return new Set((G.msg.view.territories || []).map((t) => t.name));
}

function legalActions() {
  return G.msg && G.msg.legal ? G.msg.legal : [];
}

function clickTerritory(name) {
  const names = territoryNames();
  const next = [...G.pick, name];
  const fits = legalActions().some((a) => {
    const terr = a.slice(1).filter((x) => names.has(x));
    return next.every((p, i) => terr[i] === p);
  });
  G.pick = fits ? next : (legalActions().some((a) => a.slice(1).filter((x) => names.has(x))[0] === name) ? [name] : []);
  if (!fits && !G.pick.length) showError(`${name}: nothing you can do there now`);
  else showError("");
  render();
}

// -- the action panel -------------------------------------------------------------------
function renderActions() {
  const m = G.msg;
  if (isStrike(m.view)) { renderStrikeActions(); return; }
  if (isDiceCards(m.view)) { renderDiceActions(); return; }
  // The same choices keep the same buttons: where other seats act at the same time (bots
  // bidding, trading), a button is not swapped out from under a click.
  const key = JSON.stringify([m.seat, legalActions(), G.pick, m.can_undo, !!m.outcome, G.pick.length ? m.state : 0]);
  if (key === G.actionsKey) return;
  G.actionsKey = key;
  const box = $("actions");
  box.replaceChildren();
  $("odds").replaceChildren();
  if (m.seat === null) { $("hint").textContent = "Spectating: open your seat's private link to play."; return; }
  const names = territoryNames();
  const pick = G.pick;
  const legal = legalActions();
  let shown = legal.filter((a) => {
    const terr = a.slice(1).filter((x) => names.has(x));
    return pick.every((p, i) => terr[i] === p);
  });
  const mapActions = shown.filter((a) => a.slice(1).some((x) => names.has(x)));
  let hint = "";
  if (!legal.length) hint = m.outcome || m.stopped ? "" : "Not your move.";
  else if (names.size && !pick.length && mapActions.length) {
    const kinds = [...new Set(mapActions.map((a) => a[0]))].join(", ");
    hint = `Click a territory on the map to ${kinds}.`;
    shown = shown.filter((a) => !a.slice(1).some((x) => names.has(x)));
  } else if (pick.length) {
    hint = `Selected: ${pick.join(" → ")}. `;
    const deeper = mapActions.some((a) => a.slice(1).filter((x) => names.has(x)).length > pick.length);
    if (deeper) {
      hint += "Click a highlighted territory next.";
      shown = shown.filter((a) => a.slice(1).filter((x) => names.has(x)).length === pick.length);
    }
  }
  $("hint").textContent = hint;
  if (pick.length === 2) showOdds(pick[0], pick[1], shown);
  for (const [label, group] of groupActions(shown)) box.append(actionGroup(label, group));
  if (pick.length) box.append(el("button", { onclick: () => { G.pick = []; render(); } }, "clear selection"));
  if (m.can_undo) box.append(el("button", { onclick: () => send(["undo"]) }, "undo"));
}

// Actions that differ only in a final count collapse into one control with a number choice.
function groupActions(actions) {
  const groups = new Map();
  for (const a of actions) {
    const last = a[a.length - 1];
    const key = a.length > 1 && typeof last === "number" ? a.slice(0, -1).join(" ") : a.join(" ");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  return groups;
}

function actionGroup(label, group) {
  if (group.length === 1) {
    return el("div", { class: "grp" }, el("button", { onclick: () => send(group[0]), "data-action": group[0].join(" ") }, group[0].join(" ")));
  }
  if (group.length <= 3) {
    return el("div", { class: "grp" }, ...group.map((a) =>
      el("button", { onclick: () => send(a), "data-action": a.join(" ") }, a.join(" "))));
  }
  const sel = el("select", { "aria-label": `${label} count` });
  for (const a of group) sel.append(el("option", { value: a[a.length - 1] }, a[a.length - 1]));
  sel.value = group[group.length - 1][group[0].length - 1];
  const go = el("button", { "data-action": label, onclick: () => send([...group[0].slice(0, -1), Number(sel.value)]) }, label);
  return el("div", { class: "grp" }, go, " × ", sel);
}

async function showOdds(from, to, shown) {
  if (!shown.some((a) => a[0] === "attack")) return;
  const st = Object.fromEntries(G.msg.view.territories.map((t) => [t.name, t]));
  const a = st[from].armies, d = st[to].armies;
  if (a < 2) return;
  const key = G.msg.state;
  try {
    const o = await api("GET", `/api/odds?attackers=${a}&defenders=${d}`);
    if (!G.msg || G.msg.state !== key) return;
    $("odds").textContent = `Odds of taking ${to} if you attack until it falls: ` +
      `${(100 * o.p_conquest).toFixed(1)}% (expected losses: you ${o.expected_attacker_losses.toFixed(1)}, ` +
      `them ${o.expected_defender_losses.toFixed(1)})`;
  } catch (e) { /* odds are advice; the attack still works without them */ }
}

async function send(action, text) {
  if (G.sending) return;
  G.sending = true;
  showError("");
  const path = `/api/games/${encodeURIComponent(GAME)}/act`;
  const body = { state: G.msg.state };
  if (text !== undefined && text !== null) body.text = text; else body.action = action;
  try {
    try {
      await api("POST", path, body, TOKEN);
    } catch (e) {
      // Someone else (often a bot) acted a moment before the click arrived: if the same
      // choice is still legal in the new state, make it there; otherwise say why not.
      if (e.status !== 409) throw e;
      const now = await api("GET", `/api/games/${encodeURIComponent(GAME)}`, null, TOKEN);
      const still = body.text !== undefined
        || (now.legal || []).some((a) => JSON.stringify(a) === JSON.stringify(body.action));
      if (!still) throw e;
      body.state = now.state;
      await api("POST", path, body, TOKEN);
    }
  } catch (e) {
    showError(`Refused: ${e.message}`);
  } finally {
    G.sending = false;
  }
}

function showError(text) {
  $("error").textContent = text;
}

// -- generic view for modes without a territory board -----------------------------------
function renderValue(v, depth) {
  if (v === null || typeof v !== "object") return document.createTextNode(v === null ? "—" : String(v));
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
      const cols = [...new Set(v.flatMap((x) => Object.keys(x)))];
      return el("table", {}, el("tr", {}, cols.map((c) => el("th", {}, c))),
        v.map((x) => el("tr", {}, cols.map((c) => el("td", {}, renderValue(x[c], depth + 1))))));
    }
    return document.createTextNode(v.map((x) => (typeof x === "object" ? JSON.stringify(x) : x)).join(", "));
  }
  const rows = Object.entries(v).map(([k, x]) => el("tr", {}, el("th", {}, k), el("td", {}, renderValue(x, depth + 1))));
  return el("table", {}, rows);
}

$("typed").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("typedtext").value.trim();
  if (text && G.msg) send(null, text);
});
connect();
