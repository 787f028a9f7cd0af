// The game page: a live view for one seat (or a spectator) and a panel of only legal actions.
// The server runs the rules; this page sends intents with the state id they were chosen in.
"use strict";
const params = new URLSearchParams(location.hash.slice(1));
const GAME = decodeURIComponent(location.pathname.split("/").pop());
const TOKEN = params.get("token");
const G = {
  msg: null, board: null, boardId: null, pick: [], cards: [], sending: false, lastBattle: null, ws: null,
  until: null, // an "attack until" under way: { from, to, stop, ships (Galaxy at War's, or null) }
  oddsAsked: 0, // the attack odds last asked for (showOdds): an older answer is dropped
  gawShips: null, // Galaxy at War: the ships the attack panel has chosen, { from, to, counts }
  autoState: -1, // the last state whose forced choice was sent
  early: [], logStart: 0, tail: [], fetchingLog: false, // the log, as in renderLog
  last: null, // what just happened on the map: { kind, from, to, dice, text, key, live }
  summary: null, // a finished game's summary (GET /summary), once fetched
  labelled: null, labels: new Map(), // the message whose labels are read (labelOf), by action
  mapZoom: null, // the map's zoom and pan (common.js's MapZoom)
  revealed: null, // the selection last brought into view on the zoomed map (drawBoard)
};
const $ = (id) => document.getElementById(id);

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(GAME)}`);
  G.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify(TOKEN ? { token: TOKEN } : {}));
    $("conn").classList.add("on");
    $("offline").hidden = true;
    // A refusal that was only the connection failing is over once it is back.
    if (/Failed to fetch|NetworkError|Load failed/.test($("error").textContent)) showError("");
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    // A refusal with retry_after (the address's read rate) is waited out; any other is final.
    if (msg.type === "error") {
      showError(msg.error); G.retryIn = msg.retry_after; G.fatal = !msg.retry_after;
      if (G.fatal && !G.msg) cannotOpen();
      return;
    }
    if (msg.type === "state") { if (G.retryIn) showError(""); G.retryIn = null; receive(msg); }
  };
  ws.onclose = () => {
    $("conn").classList.remove("on");
    if (!G.fatal) $("offline").hidden = false;
    if (!G.fatal) setTimeout(connect, G.retryIn ? G.retryIn * 1000 : 1500);
  };
}

// A link that opens nothing (a wrong seat token, a game that does not exist): say so where the
// status would be, with the ways on, rather than "connecting…" for ever.
async function cannotOpen() {
  const ways = [el("a", { href: "/", id: "to-lobby" }, "back to the lobby")];
  $("typed").style.display = "none"; // nothing to type an action into
  $("status").replaceChildren("This link does not open the game: ", ...ways, ".");
  $("status").hidden = false;
  if (!TOKEN) return;
  try { // a wrong seat token: the game itself may still be watched
    await api("GET", `/api/games/${encodeURIComponent(GAME)}`);
  } catch (e) { return; } // no such game
  ways.unshift(el("a", { href: `/game/${encodeURIComponent(GAME)}`, id: "spectate" }, "watch it as a spectator"), " or ");
  $("status").replaceChildren("This link does not open the game: ", ...ways, ".");
}

function receive(msg) {
  // A message older than the state shown adds nothing (its events are in the log already):
  // only a complete state, which carries the log, may go back (an undo).
  if (!msg.log && G.msg && typeof msg.state === "number" && msg.state < G.msg.state) return;
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
    // Kept at the newest line, unless the reader scrolled back to read: that place stays.
    if (LOG_SCROLL.newest) logToNewest();
  }
  const incoming = msg.log || msg.events || [];
  if (msg.log) G.last = null; // a full state (a reconnect, an undo) says again what happened
  const first = G.logStart + G.tail.length - incoming.length; // the log position of incoming[0]
  incoming.forEach((e, i) => {
    // Godstorm's battle is a "roll"; Strike's dice stand as resolved (after Rally, Bombard).
    if (e.kind === "battle" || (["roll", "resolve"].includes(e.kind) && Array.isArray(e.attack))) G.lastBattle = e;
    if (e.kind === "roll" && Array.isArray(e.dice)) G.lastRoll = e;
    noteLast(e, first + i, !!msg.events);
  });
  const fresh = !G.msg || G.msg.state !== msg.state;
  // A selection outlives a state only within its step (an attack rolled again): placing
  // armies in Gaul does not choose Gaul for the next step's summons or temples.
  const sameStep = !!G.msg && !!G.msg.view && !!msg.view && G.msg.view.phase === msg.view.phase;
  G.msg = msg;
  // An attack until it falls keeps its two places selected through the defences between its
  // rolls (states of another step): their rings and the odds line stay on.
  const held = G.until ? [G.until.from, G.until.to] : null;
  if (fresh) { G.pick = held || (sameStep ? stillFits(G.pick) : []); G.cards = []; G.castCard = null; }
  if (msg.seat !== null && TOKEN && !G.remembered) {
    rememberSeat(GAME, msg.title, msg.seat, TOKEN, msg.seats[msg.seat].name);
    G.remembered = true;
  }
  render();
}

// What just happened, to show on the map: the last attack (source, target, dice), capture,
// move or placement. `key` is the event's place in the log: an animation plays once per event
// that arrived live (not for what a page finds when it loads).
const LAST_KINDS = new Set(["battle", "capture", "move", "fortify", "place", "claim"]);
function noteLast(e, index, live) {
  if (!LAST_KINDS.has(e.kind)) return;
  const prev = G.last;
  const last = { kind: e.kind, from: e.from, to: e.to || e.territory, text: e.text, key: `ev${index}`, live };
  if (e.kind === "battle") last.dice = { attack: e.attack || [], defend: e.defend || [] };
  if (e.kind === "capture" && prev && prev.kind === "battle" && prev.to === e.territory) {
    Object.assign(last, { from: prev.from, dice: prev.dice, captured: true });
  }
  if (e.kind === "place" || e.kind === "claim") last.armies = e.armies;
  if (e.kind === "move" || e.kind === "fortify") last.armies = e.armies;
  G.last = last;
}

// Motion that a page can follow: each keyed animation runs once, from when its event came;
// a redraw in the middle (the board is redrawn on every state) carries it on from where it
// was rather than starting again. None at all where the reader asked for reduced motion.
const ANIMS = new Map();
function reducedMotion() {
  return !!(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
}
function animateOnce(node, key, keyframes, duration) {
  if (reducedMotion() || !node.animate) return;
  const now = performance.now();
  if (!ANIMS.has(key)) {
    ANIMS.set(key, now);
    if (ANIMS.size > 50) ANIMS.delete(ANIMS.keys().next().value);
  }
  const elapsed = now - ANIMS.get(key);
  if (elapsed >= duration) return;
  const run = node.animate(keyframes, { duration, easing: "ease-out" });
  run.currentTime = elapsed;
}

// -- the log: pages fetched from the start (G.early), then the tail state messages carry --
// The server words each line as the terminal does (places as the map captions them).
function logLine(e) {
  return el("div", { class: `ev ev-${e.kind}` }, e.text);
}

function renderLog(toBottom) {
  const log = $("log");
  const fromBottom = log.scrollHeight - log.scrollTop;
  const lines = G.early.slice(0, G.logStart).map((e) => logLine(e));
  const missing = G.logStart - Math.min(G.early.length, G.logStart);
  if (missing) lines.push(el("p", { class: "muted" }, `… ${missing} earlier events loading`));
  log.replaceChildren(...lines, ...G.tail.map((e) => logLine(e)));
  if (toBottom) logToNewest();
  else setLogScroll(log.scrollHeight - fromBottom);
}

// The log's scroll as the page last set it, and whether it shows the newest line. The panel's
// height changes with what it holds (a hand drawn, a longer list of actions): a log at its
// newest line stays there as it grows or shrinks; one the reader scrolled back stays put. A
// scroll the page made itself, or the layout (a log grown, its top clamped), says nothing of
// the reader's: only one to another place does.
const LOG_SCROLL = { set: 0, newest: true };
function setLogScroll(top) {
  const log = $("log");
  log.scrollTop = top;
  LOG_SCROLL.set = log.scrollTop;
}
function logToNewest() {
  setLogScroll($("log").scrollHeight);
  LOG_SCROLL.newest = true;
}
function keepLogAtNewest() {
  const log = $("log");
  log.addEventListener("scroll", () => {
    const end = log.scrollHeight - log.clientHeight;
    if (log.scrollTop !== LOG_SCROLL.set) LOG_SCROLL.newest = log.scrollTop >= end - 4;
  });
  new ResizeObserver(() => { if (LOG_SCROLL.newest) logToNewest(); }).observe(log);
}

// -- a panel section holding more than it shows -------------------------------------------
// The sections above the log give way when the panel is full (app.css) and scroll inside
// themselves; a shade at the foot of one says there is more below. Kept true as it scrolls,
// at every drawing, and when its size changes.
function panelScrollers() {
  return document.querySelectorAll("aside.panel > section.card:not(.logcard), .panelinfo");
}

function markMore(node) {
  node.classList.toggle("morebelow", node.scrollTop + node.clientHeight < node.scrollHeight - 1);
}

function markPanel() {
  for (const node of panelScrollers()) markMore(node);
}

function watchPanel() {
  const sized = new ResizeObserver((seen) => { for (const one of seen) markMore(one.target); });
  for (const node of panelScrollers()) {
    node.addEventListener("scroll", () => markMore(node), { passive: true });
    sized.observe(node);
  }
}

async function fetchEarlierLog() {
  if (G.fetchingLog) return;
  G.fetchingLog = true;
  try {
    while (G.early.length < G.logStart) {
      const since = G.early.length;
      let page;
      try {
        page = await api("GET", `/api/games/${encodeURIComponent(GAME)}/log?since=${since}`, null, TOKEN);
      } catch (e) {
        // The pages of a very long log, asked one after another, can outrun the server's read
        // rate: wait as long as it says, then go on.
        if (e.status !== 429) throw e;
        await new Promise((done) => setTimeout(done, 1000 * e.retryAfter));
        continue;
      }
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
  const pressed = focusedPress(); // the drawn control the keyboard is on keeps the focus
  $("title").textContent = $("title").title = `${m.title} · ${m.mode}`;
  $("guidebtn").hidden = false;
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
  } else if (isGodstorm(view)) {
    $("boardwrap").hidden = false;
    $("generic").hidden = true;
    loadGodstormBoards(view);
    if (G.board) drawBoard();
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
  placeActions();
  renderStanding();
  $("actioncard").hidden = gameOver(m); // nothing left to do, or to type, once the game is over
  if (isMonopoly(view)) renderMonoPanel();
  else if (isGodstorm(view)) renderGodstormPanel();
  else { $("modepanel").replaceChildren(); $("modepanel").dataset.key = ""; }
  if (isRisk(view)) {
    if (turnSeat(view) !== m.seat) $("untilmsg").textContent = ""; // the word on an attack lasts its turn
    runUntil();
  }
  refocusPress(pressed);
  markPanel();
  autoForced();
  autoStanding();
}

// -- the end of a game --------------------------------------------------------------------
// Once the outcome is known (or the server stopped the game) nobody has the turn and nothing
// that would act is shown: every table asks `gameOver`, and `turnSeat` rather than the view's
// `current`, for its turn markers. The banner (with the download and Rematch), the summary
// and the log stay.
function gameOver(m) {
  return !!m && !!(m.outcome || m.stopped);
}

function turnSeat(view) {
  return gameOver(G.msg) ? null : view.current;
}

// -- a forced choice is taken without a click ---------------------------------------------
// One legal action and no undo to offer instead (a defence with one die, a pass nobody could
// answer otherwise, the only way to match a roll): it is sent after a moment, long enough to
// see what happened, once per state. A second tab of the same seat loses the race, quietly.
// Only where the server says every seat can tell it is forced (`forced`): a pass sent at once
// because the hand holds nothing playable would tell the others what the hand holds.
function autoDelay(view) {
  return isDiceCards(view) ? 700 : 450;
}

function autoForced() {
  const m = G.msg;
  const legal = legalActions();
  if (m.seat === null || gameOver(m) || legal.length !== 1 || !m.forced || m.can_undo) return;
  if (!m.to_move.includes(m.seat) || G.autoState === m.state) return;
  autoSend(legal[0], autoDelay(m.view));
}

// Send `action` for the state now shown after `delay` ms, once per state; a newer state
// makes it moot (that state is looked at afresh), a click under way makes it wait.
function autoSend(action, delay) {
  const state = G.msg.state;
  G.autoState = state;
  const go = async () => {
    if (!G.msg || G.msg.state !== state) return;
    if (G.sending) { setTimeout(go, 100); return; }
    G.sending = true;
    try {
      await api("POST", `/api/games/${encodeURIComponent(GAME)}/act`, { state, action, on_stale: "report" }, TOKEN);
    } catch (e) {
      showError(refusal(e));
    } finally {
      G.sending = false;
    }
  };
  setTimeout(go, delay);
}

// -- standing choices: ordinary actions the page sends for the player ----------------------
// A mode lists its choices (standingChoices): each has an id, a label for a checkbox (none:
// always on, e.g. a plan the player set for one auction) and pick(msg), the legal action to
// send now or null. The ticks are remembered per game in localStorage. The first choice that
// picks something is sent, once per state, as a forced choice is.
function standingChoices(view) {
  if (isMonopoly(view)) return MONO_STANDING;
  return isStrike(view) ? STRIKE_STANDING : [];
}

function standingKey() {
  return `warroom.standing.${GAME}`;
}

function standingOn() {
  try { return JSON.parse(localStorage.getItem(standingKey()) || "{}"); } catch (e) { return {}; }
}

function setStanding(id, on) {
  const now = standingOn();
  now[id] = on;
  localStorage.setItem(standingKey(), JSON.stringify(now));
  G.autoState = -1;
  render();
}

function autoStanding() {
  const m = G.msg;
  if (m.seat === null || gameOver(m) || !m.to_move.includes(m.seat) || G.autoState === m.state) return;
  const on = standingOn();
  for (const c of standingChoices(m.view)) {
    if (c.label && !on[c.id]) continue;
    const action = c.pick(m);
    if (action) { autoSend(action, c.delay || 300); return; }
  }
}

// The checkboxes, in the action panel (#standing), kept while the page lives; none once the
// game is over.
function renderStanding() {
  const m = G.msg;
  const box = $("standing");
  const choices = m.seat === null || gameOver(m) ? [] : standingChoices(m.view).filter((c) => c.label);
  box.hidden = !choices.length;
  const key = JSON.stringify(choices.map((c) => c.id));
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const on = standingOn();
  box.replaceChildren(...choices.map((c) => {
    const tick = el("input", { type: "checkbox", id: `standing-${c.id}`, "data-standing": c.id });
    tick.checked = !!on[c.id];
    tick.addEventListener("change", () => setStanding(c.id, tick.checked));
    return el("label", { class: "standing", title: c.title || "" }, tick, ` ${c.label}`);
  }));
}

// -- status, players, hand, dice -------------------------------------------------------
function seatColor(seat) {
  if (G.msg && isGaw(G.msg.view)) return gawSideColour(G.msg.view, seat); // factions' own colours
  return seat === null || seat === undefined ? NEUTRAL_COLOR : SEAT_COLORS[seat % SEAT_COLORS.length];
}

function renderStatus() {
  const m = G.msg;
  const names = m.seats.map(calledBoth);
  $("banner").replaceChildren();
  if (gameOver(m)) {
    const how = m.outcome
      ? `${m.outcome.winners.map((w) => names[w]).join(" and ")} won. ${sentence(m.outcome.reason)} `
      : `${sentence(m.stopped)} `;
    $("banner").append(el("div", { class: "banner", id: "gameover" }, `Game over: ${how}`,
      el("a", { href: `/api/games/${m.game}/save`, download: true }, "Download the game"), rematchControl(m)));
  }
  if ((m.waiting_for || []).length && !gameOver(m)) {
    const open = m.waiting_for.map((x) => names[x]).join(", ");
    $("banner").append(el("div", { class: "banner waiting", id: "waiting" },
      `Waiting for players: ${open} ${m.waiting_for.length === 1 ? "is" : "are"} open to join from the lobby; ` +
      "the bots wait until then."));
  }
  // The step in words (the view's `step`), not the phase's id; in Monopoly, what is asked of
  // this seat itself, which the board's middle says too but a phone shows below the fold.
  const asked = isMonopoly(m.view) && m.seat !== null ? monoAsked(m.view, m.seat, m.legal || []) : "";
  const step = m.view.step ? `: ${asked || m.view.step}` : "";
  // None once the game is over: the banner above says so, and how.
  const text = gameOver(m) ? "" : m.seat !== null && m.to_move.includes(m.seat) ? `Your move${step}.`
    : `Waiting for ${m.to_move.map((s) => names[s]).join(", ")}${step}.`;
  renderSummary();
  const battle = battlePrompt(m);
  $("status").textContent = battle || text;
  $("status").hidden = !(battle || text);
  $("counts").replaceChildren(...armyCounts(m));
}

// -- after the game: rematch and summary --------------------------------------------------
// A seat starts the rematch with one click (the same mode, options, bots and people; the
// server keeps each person's token, so this page's token opens its seat there) and is taken
// to it; the other seats' pages then offer to follow, a spectator's to watch.
function rematchControl(m) {
  const box = el("div", { class: "rematch" });
  if (m.rematch) {
    const href = m.seat !== null && TOKEN ? seatLink(m.rematch, m.seat, TOKEN) : `/game/${encodeURIComponent(m.rematch)}`;
    box.append("A rematch has started: ", el("a", { href, id: "rematch-link" },
      m.seat !== null && TOKEN ? "take your seat in it" : "watch it"));
  } else if (m.seat !== null && TOKEN) {
    box.append(el("button", { id: "rematch", class: "primary", onclick: startRematch }, "Rematch"),
      el("span", {}, " same game, same players and options"));
  }
  return box;
}

async function startRematch() {
  try {
    const r = await api("POST", `/api/games/${encodeURIComponent(GAME)}/rematch`, {}, TOKEN);
    const me = G.msg.seats[G.msg.seat];
    rememberSeat(r.id, `${G.msg.title} (rematch)`.replace(/( \(rematch\))+$/, " (rematch)"), G.msg.seat, TOKEN, me.name);
    location.href = seatLink(r.id, G.msg.seat, TOKEN);
  } catch (e) {
    showError(refusal(e));
  }
}

// The summary of a finished game: the winner and how, each seat's place and last count, and a
// line per seat over the turns (territories held, net worth, score), from the server's
// summary, which is made of what every spectator could see.
function renderSummary() {
  const m = G.msg;
  const box = $("summary");
  if (!gameOver(m)) { box.hidden = true; return; }
  box.hidden = false;
  if (G.summary === null) {
    G.summary = "loading";
    box.replaceChildren(el("h2", {}, "Summary"), el("p", { class: "muted" }, "loading…"));
    api("GET", `/api/games/${encodeURIComponent(GAME)}/summary`)
      .then((s) => { G.summary = s; drawSummary(s); })
      .catch((e) => { G.summary = null; box.replaceChildren(el("p", { class: "error" }, `summary: ${e.message}`)); });
  }
}

// "1 decision", "2 decisions": a count with its word.
function countOf(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function drawSummary(sum) {
  const box = $("summary");
  const names = G.msg.seats.map(calledBoth);
  const out = sum.outcome;
  const head = out
    ? `${out.winners.map((w) => names[w]).join(" and ")} won. ${sentence(out.reason)}`
    : `Stopped: ${sum.stopped || ""}`;
  const lastValues = sum.series.length ? sum.series[sum.series.length - 1].values : null;
  const order = out && out.ranking.length ? out.ranking : names.map((_, i) => i);
  const rows = order.map((seat, place) => el("tr", { class: out && out.winners.includes(seat) ? "won" : "" },
    el("td", {}, out ? place + 1 : "—"), el("td", {}, el("span", { class: "swatch", style: `background:${seatColor(seat)}` }), " ", names[seat]),
    sum.measure && lastValues ? el("td", { class: "num" }, lastValues[seat]) : null));
  box.replaceChildren(
    el("h2", {}, "Summary"),
    el("p", { id: "summary-head" }, head),
    el("p", { class: "muted" }, `${countOf(sum.turns, "turn")}, ${countOf(sum.actions, "decision")}.`),
    el("table", {}, el("tr", {}, el("th", {}, "place"), el("th", {}, "player"), sum.measure ? el("th", {}, sum.measure) : null), rows),
    sum.measure && sum.series.length > 1 ? summaryChart(sum, names) : el("p", { class: "muted" }, "No chart for this game."));
}

// An inline SVG line chart: x the turn, y the measure, one line per seat in its colour.
function summaryChart(sum, names) {
  const W = 640, H = 260, L = 48, R = 12, T = 14, B = 34;
  const series = sum.series;
  const maxTurn = Math.max(1, series[series.length - 1].turn);
  const all = series.flatMap((p) => p.values);
  const tick = niceStep(Math.max(5, ...all) - Math.min(0, ...all));
  const top = Math.ceil(Math.max(1, ...all) / tick) * tick;
  const bottom = Math.floor(Math.min(0, ...all) / tick) * tick;
  const x = (turn) => L + (turn / maxTurn) * (W - L - R);
  const y = (v) => T + (1 - (v - bottom) / (top - bottom)) * (H - T - B);
  const nodes = [];
  for (let v = bottom; v <= top; v += tick) {
    nodes.push(svg("line", { class: "grid", x1: L, x2: W - R, y1: y(v), y2: y(v) }),
      svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, Math.round(v)));
  }
  const step = Math.max(1, Math.ceil(maxTurn / 8));
  for (let t = 0; t <= maxTurn; t += step) {
    nodes.push(svg("text", { x: x(t), y: H - B + 16, "text-anchor": "middle" }, t));
  }
  nodes.push(svg("line", { class: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B }),
    svg("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B }),
    svg("text", { x: (L + W - R) / 2, y: H - 3, "text-anchor": "middle" }, "turn"));
  names.forEach((name, seat) => {
    const points = series.map((p) => `${x(p.turn).toFixed(1)},${y(p.values[seat]).toFixed(1)}`).join(" ");
    nodes.push(svg("polyline", { points, stroke: seatColor(seat), "data-seat": seat }, svg("title", {}, name)));
  });
  const label = `${sum.measure} per player over ${maxTurn} turns: ` +
    names.map((n, seat) => `${n} ends with ${series[series.length - 1].values[seat]}`).join(", ");
  const chart = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label }, ...nodes);
  const legend = el("div", { class: "muted" }, `${sum.measure} at the start of each turn: `,
    ...names.map((n, seat) => el("span", {}, el("span", { class: "swatch", style: `background:${seatColor(seat)}` }), ` ${n}  `)));
  return el("div", {}, legend, chart);
}

// A round step for about five grid lines up to `v` (1, 2 or 5 times a power of ten).
function niceStep(v) {
  const rough = v / 5;
  const p = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((k) => k * p).find((c) => c >= rough);
}


// Classic RISK's flow: Classic itself, and RISK MCU's Skirmish and Battle for Manhattan built
// on it (mcu.js), and RISK Mass Effect's Basic Training (mass_effect.js).
function isRisk(view) {
  return !!view && (view.mode === "risk-classic" || MCU_MODES.has(view.mode) ||
    MASS_EFFECT_MODES.has(view.mode)) && Array.isArray(view.territories);
}

// A seat's name without the bot's tier ("Player 2 (greedy bot)" → "Player 2"), keeping
// brackets of the rules' own label ("Alliance (light blue)": two seats are Alliance).
// A seat as a card table's page names it: the person's name (a bot's without its tier),
// "(you)" for the page's own seat (Strike's and the dice games' tables).
function tableName(seat) {
  const s = G.msg.seats[seat];
  const name = s ? s.name.split(" (")[0] : `Player ${seat + 1}`;
  return seat === G.msg.seat ? `${name} (you)` : name;
}

function shortName(seat) {
  const s = G.msg.seats[seat];
  return s ? s.name.replace(/ \([^()]* bot\)$/, "") : `Player ${seat + 1}`;
}

// The defender is told what is coming: who attacks which territory, from where, with what.
function battlePrompt(m) {
  const v = m.view;
  if (isGodstorm(v)) return godstormBattlePrompt(m);
  if (!isRisk(v) || v.phase !== "defend" || !v.battle || gameOver(m)) return "";
  const st = Object.fromEntries(v.territories.map((t) => [t.name, t]));
  const from = st[v.battle.from], to = st[v.battle.to];
  if (!from || !to) return "";
  const dice = `${v.battle.dice} ${v.battle.dice === 1 ? "die" : "dice"}`;
  const attacker = from.seat === null ? from.owner : shortName(from.seat);
  const mine = m.seat !== null && to.seat === m.seat;
  // The seat that answers: the owner, or for a neutral side the opponent the rules ask (MCU B8,
  // Mass Effect ME99).
  const deciding = m.seat !== null && m.to_move.includes(m.seat);
  const whose = mine ? "your" : `${to.seat === null ? to.owner : shortName(to.seat)}'s`;
  let text = `${attacker} attacks ${whose} ${placeName(v, to.name)} (${pieces(v, to.armies)}) ` +
    `from ${placeName(v, from.name)} (${from.armies}) with ${dice}${isGaw(v) ? gawBattleShips(v.battle) : ""}`;
  if (deciding) {
    const counts = legalActions().filter((a) => a[0] === "defend").map((a) => a[1]).sort();
    const you = mine ? "you defend" : `you defend for ${to.owner}`;
    if (counts.length === 1 && !m.can_undo) text += ` — ${you} with ${counts[0]} (the only choice)`;
    else if (counts.length) text += ` — ${mine ? "defend" : you} with ${counts.join(" or ")}`;
  } else {
    const waiting = m.to_move.length ? m.to_move.map(shortName).join(", ") : (to.seat === null ? to.owner : shortName(to.seat));
    text += ` — waiting for ${waiting} to defend${to.seat === null ? ` (for ${to.owner})` : ""}`;
  }
  return `${text}.`;
}

// What is left to place, and what the next set of cards is worth.
// `n` of the mode's pieces as its rulebook words them: Classic's armies, the units of the
// editions built on it (the view's `pieces`).
function pieceWords(v) {
  return v.pieces || { one: "army", many: "armies" };
}

function pieces(v, n) {
  return counted(pieceWords(v), n);
}

// `n` of the board's places as the mode names them, in full: Classic's territories, MCU's
// sectors, Mass Effect's planets (the view's `places`).
function places(v, n) {
  return counted(v.places || { one: "territory", many: "territories" }, n);
}

// One of the board's places, as the hints say it: "territory", "planet", "sector".
function placeWord(v) {
  return (v.places || { one: "territory" }).one;
}

function counted(words, n) {
  return `${n} ${n === 1 ? words.one : words.many}`;
}

function armyCounts(m) {
  const v = m.view;
  if (isGodstorm(v)) return godstormCounts(m);
  if (!isRisk(v) || gameOver(m)) return [];
  const out = [];
  const cur = v.current;
  // The 2-player game's setup turns count too (2 of your own armies a turn, then 1 neutral).
  if (["reinforce", "setup-place"].includes(v.phase) && v.pending > 0) {
    const who = cur === m.seat ? "You have" : `${shortName(cur)} has`;
    // Placing not offered while it waits: the hand is large enough that a trade comes first.
    const legal = cur === m.seat ? m.legal || [] : [];
    const tradeFirst = legal.some((a) => a[0] === "trade") && !legal.some((a) => a[0] === "place");
    const first = tradeFirst ? ` (trade cards first: ${(v.hand || []).length} are too many to keep)` : "";
    out.push(el("div", { id: "toplace" }, `${who} ${pieces(v, v.pending)} to place${first}`));
  }
  if (["claim", "setup-place", "setup-neutral"].includes(v.phase) && Array.isArray(v.reserve)) {
    const left = m.seats.map((s) => `${s.seat === m.seat ? "you" : shortName(s.seat)} ${v.reserve[s.seat]}`);
    if (v.reserve.length > m.seats.length) left.push(`neutral ${v.reserve[v.reserve.length - 1]}`);
    out.push(el("div", { id: "reserve" }, `Setup ${pieceWords(v).many} left: ${left.join(", ")}`));
  }
  if (typeof v.next_set_value === "number") {
    out.push(el("div", { id: "nextset", class: "muted" }, `Next set of cards: ${pieces(v, v.next_set_value)}`));
  }
  return [...out, ...mcuCounts(m), ...massEffectCounts(m)];
}

// The bots' pace, for a seat of a game with bots still to play: normal shows each bot move
// for a moment, fast a quarter of it (a RISK bot's turn can be a hundred rolls).
function renderPace() {
  const m = G.msg;
  const box = $("pacebox");
  const shown = m.seat !== null && !gameOver(m) && m.seats.some((s) => s.kind === "bot");
  const key = shown ? m.pace : "";
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  if (!shown) { box.replaceChildren(); return; }
  const pick = el("select", { id: "pace", "aria-label": "bots' pace" },
    el("option", { value: "normal" }, "normal"), el("option", { value: "fast" }, "fast"));
  pick.value = m.pace;
  pick.onchange = async () => {
    try {
      await api("POST", `/api/games/${encodeURIComponent(GAME)}/pace`, { pace: pick.value }, TOKEN);
    } catch (e) {
      pick.value = G.msg.pace;
      showError(refusal(e));
    }
  };
  box.replaceChildren(el("label", { for: "pace", class: "muted" }, "Bots' pace "), pick);
}

function renderPlayers() {
  renderPace();
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
      el("td", {}, s.name, s.seat === m.seat ? " (you)" : "", playsAs(s)),
      el("td", { class: "muted" }, s.kind === "bot" ? "bot" : s.online ? "online" : s.open ? "open" : "away"),
    ];
    if (terr.length && !isGodstorm(v)) cells.push(el("td", {}, `${places(v, owned.length)} · ${pieces(v, armies)}`));
    if (v.hand_sizes) cells.push(el("td", {}, counted({ one: "card", many: "cards" }, v.hand_sizes[s.seat])));
    if (isStrike(v) && v.seats[s.seat]) {
      const coins = v.seats[s.seat].coins.length;
      cells.push(el("td", {}, `${v.seats[s.seat].hand_size} in hand · ${coins} coin${coins === 1 ? "" : "s"}`));
    }
    if (Array.isArray(v.status) && v.status[s.seat] && typeof v.status[s.seat].cash === "number") {
      const p = v.status[s.seat];
      cells.push(el("td", { class: "num" }, `M${p.cash}`), el("td", { class: "muted" }, p.where));
    }
    if (isDiceCards(v) && v.players[s.seat]) cells.push(el("td", { class: "num" }, `${v.players[s.seat].score} pts`));
    if (isGodstorm(v)) cells.push(...godstormPlayerCells(v, s.seat));
    if (v.alive && !v.alive[s.seat]) cells.push(el("td", {}, "out"));
    t.append(el("tr", { class: m.to_move.includes(s.seat) ? "moving" : "" }, cells));
  }
  // Sides that hold places but are no seat (Classic's 2-player neutral, S.H.I.E.L.D.): named
  // too, so that the grey on the map has a row that says whose it is.
  if (isGodstorm(v)) return;
  for (const owner of new Set(terr.filter((x) => x.seat === null && x.owner).map((x) => x.owner))) {
    const owned = terr.filter((x) => x.seat === null && x.owner === owner);
    const armies = owned.reduce((a, x) => a + (x.armies || 0), 0);
    t.append(el("tr", { class: "neutral" },
      el("td", {}, el("span", { class: "swatch", style: `background:${seatColor(null)}` })),
      el("td", {}, owner), el("td", { class: "muted" }, "not a player"),
      el("td", {}, `${places(v, owned.length)} · ${pieces(v, armies)}`)));
  }
}

// A seat its person named: the rules' name too, which the log and the board use ("Ada ·
// Player 1"); a bot's or an unnamed seat's name already starts with it.
function playsAs(s) {
  if (!s.plays_as || s.name.startsWith(s.plays_as)) return null;
  return el("span", { class: "muted plays-as" }, ` · ${s.plays_as}`);
}

// A seat in a sentence, as the players table shows it: with the rules' name where it is not
// already the seat's ("Player 2 (greedy bot) · Captain America"), so the status line and the
// banner name whom the log and the board call by the rules' name.
function calledBoth(s) {
  return !s.plays_as || s.name.startsWith(s.plays_as) ? s.name : `${s.name} · ${s.plays_as}`;
}

function renderHand() {
  if (isMcu(G.msg.view)) { renderMcuHand(); return; }
  if (isGodstorm(G.msg.view)) { renderGodstormHand(); return; }
  const hand = G.msg.view.hand;
  $("handcard").hidden = !Array.isArray(hand);
  if (!Array.isArray(hand)) return;
  const trades = tradeActions();
  const inSets = new Set(trades.flatMap((a) => a.slice(1, 4)));
  $("hand").replaceChildren(...(hand.length ? hand.map((c, i) => {
    const label = [c.card, c.design && c.design !== c.card ? ` · ${c.design}` : ""];
    const directive = isGaw(G.msg.view) ? gawDirective(G.msg.view, c.card) : null;
    if (directive) label.push(` · ${directive}`);
    if (!inSets.has(c.card)) return el("span", { class: "cardchip" }, label);
    const on = G.cards.includes(i);
    return el("button", {
      class: `cardchip tradeable${on ? " on" : ""}`, "data-card": c.card, "aria-pressed": on ? "true" : "false",
      title: "click to choose this card for a trade", press: `hand ${i}`, onclick: () => clickCard(i),
    }, label);
  }) : [el("span", { class: "muted" }, "no cards")]), ...gawHandNotes(G.msg));
}

// -- trading cards: three cards chosen in the hand, then the trade they make --------------
function tradeActions() {
  return legalActions().filter((a) => a[0] === "trade");
}

function chosenCards() {
  const hand = G.msg.view.hand || [];
  return G.cards.map((i) => hand[i] && hand[i].card).filter((x) => x !== undefined);
}

function tradesFor(cards) {
  const key = (xs) => JSON.stringify([...xs].sort());
  return tradeActions().filter((a) => key(a.slice(1, 4)) === key(cards));
}

function clickCard(i) {
  const most = isMcu(G.msg.view) ? Infinity : 3; // MCU: any cards, 2 to 10 symbols
  G.cards = G.cards.includes(i) ? G.cards.filter((x) => x !== i) : [...G.cards, i].slice(-most);
  G.actionsKey = null;
  render();
}

function renderDice() {
  const b = G.lastBattle;
  $("dicecard").hidden = !b;
  if (!b) return;
  const row = (vals, cls) => vals.map((d) => el("span", { class: `die ${cls}`, title: String(d) }, "⚀⚁⚂⚃⚄⚅"[d - 1] || d));
  // A roll that counts no losses (Strike's cards) is said in its event's own words.
  const losses = b.attacker_losses === undefined ? b.text
    : `attacker loses ${b.attacker_losses}, defender loses ${b.defender_losses}`;
  const where = (name) => placeName(G.msg.view, name);
  $("dice").replaceChildren(...[
    // Which battle the dice were (the map's arrow shows only the one under way).
    b.from ? el("div", { class: "muted", id: "lastroll" }, `Last roll: ${where(b.to)} attacked from ${where(b.from)}`) : null,
    el("div", { class: "dice" }, "attack ", row(b.attack || [], "att")),
    el("div", { class: "dice" }, "defend ", row(b.defend || [], "def")),
    el("div", {}, losses)].filter((x) => x));
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
  const marks = territoryMarks();
  const [x0, y0, w0, h0] = isGodstorm(view) ? godstormShown(b, marks) : [0, 0, b.width, b.height];
  $("boardpick").hidden = !isGodstorm(view);
  G.mapZoom.show(x0, y0, w0, h0);
  const pos = Object.fromEntries(b.territories.map((t) => [t.name, t]));
  const color = regionHalos(b);
  const state = Object.fromEntries(mapRows(view).map((t) => [t.name, t]));
  const nodes = isMcu(view) ? manhattanBackdrop(b, view) : isMassEffect(view) ? galaxyBackdrop(b)
    : isGodstorm(view) ? godstormBackdrop(b, view) : [];
  for (const c of b.connections) {
    const a = pos[c.a], z = pos[c.b];
    const cls = isMassEffect(view) ? massEffectConnClass(c.kind) : isGodstorm(view) ? godstormConnClass(c, view)
      : c.kind === "land" ? "" : c.kind === "sea" ? "sea" : "other";
    const title = () => svg("title", {}, `${c.a} – ${c.b} (${c.kind})`);
    if (c.kind !== "land" && !isMcu(view) && !isMassEffect(view) && Math.abs(a.x - z.x) > b.width / 2) {
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
  const focused = document.activeElement && document.activeElement.closest
    ? document.activeElement.closest("#board g.terr") : null;
  const keep = focused ? focused.dataset.name : G.mapFocus;
  const marked = b.territories.some((t) => ["source", "target", "pick"].includes(marks[t.name]));
  const last = isGodstorm(view) ? godstormLast(view) : isRisk(view) ? pendingAttack(view) || G.last : null;
  const overlay = last ? lastOverlay(last, pos, b) : { under: [], over: [] };
  nodes.push(...overlay.under);
  for (const t of b.territories) {
    const s = state[t.name] || {};
    const fill = s.owner ? seatColor(s.seat) : "#ffffff";
    const mark = marks[t.name] || "";
    const sunk = s.sunk ? " sunk" : "";
    const lastCls = last ? (t.name === last.to ? " lastto" : t.name === last.from ? " lastfrom" : "") : "";
    // Keyboard: the territories a click can use now are Tab stops (or, when none is, the one
    // last focused); every territory is reached with the arrow keys; Enter or Space clicks.
    const stop = ["source", "target", "pick"].includes(mark) || (!marked && t.name === (keep || b.territories[0].name));
    const g = svg("g", { class: `terr ${mark}${lastCls}${sunk}`, "data-name": t.name, transform: `translate(${t.x},${t.y})`,
      tabindex: stop ? 0 : -1, role: "button", "aria-label": territoryLabel(t, s, mark, last) },
      svg("title", {}, `${t.name} (${t.region}) — ${s.owner || "unclaimed"}, ${pieces(view, s.armies || 0)}`),
      svg("circle", { r: 28, class: "focusring" }),
      svg("circle", { r: 22, class: "halo", fill: color[t.region].fill, stroke: color[t.region].ring,
        "stroke-width": 2.5, "stroke-dasharray": color[t.region].dash }),
      svg("circle", { r: 15, class: "owner", fill, stroke: "#333", "stroke-width": 1.5 }),
      svg("text", { class: "armies", "text-anchor": "middle", dy: 5 }, s.armies || ""),
      // A label by the board's side runs inward, not off it (a phone's larger labels clipped
      // MCU's "30 Washington D.C." at the left edge).
      svg("text", { class: "label", dy: 34, ...labelSide(t.x, b.width) },
        isMcu(view) ? mcuLabel(t.name, s) : isGodstorm(view) ? godstormLabel(t.name, s) : t.name),
      ...(isMcu(view) ? mcuPieces(view, s) : isGodstorm(view) ? godstormPieces(s) : isGaw(view) ? gawPieces(view, s) : []));
    g.addEventListener("click", () => clickTerritory(t.name));
    g.addEventListener("keydown", (e) => mapKey(e, t.name));
    g.addEventListener("focus", () => {
      G.mapFocus = t.name;
      if (isGodstorm(view)) godstormShowPlace(t); // Tab or an arrow reached the board not shown
    });
    nodes.push(g);
  }
  board.replaceChildren(...nodes, ...overlay.over);
  // A selection made or kept off the zoomed map's edge is brought into view, once: the map is
  // then the player's to pan.
  const pickKey = JSON.stringify(G.pick);
  if (pickKey !== G.revealed) {
    G.revealed = pickKey;
    G.mapZoom.reveal(G.pick.filter((p) => pos[p]).map((p) => pos[p]), REVEAL_MARGIN);
  }
  if (focused) {
    const again = board.querySelector(`g.terr[data-name="${CSS.escape(focused.dataset.name)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
  $("legend").replaceChildren(...b.regions.map((r) =>
    el("span", {}, el("span", { class: "swatch region", style: `background:${color[r.name].fill};` +
      `outline:2px ${color[r.name].dash === "none" ? "solid" : "dashed"} ${color[r.name].ring}` }),
      ` ${r.name}${r.bonus ? ` +${r.bonus}` : ""}`)), // the Underworld's regions give nothing
    ...(isGaw(view) ? [el("span", { id: "pieceslegend", class: "muted" },
      "H Harbinger · ? R ★ Vanguard (face down, Reaper, Catalyst) · C K D cruisers, carriers, dreadnoughts · ",
      "orange square: resource planet · ✕ devastated")] : []));
}

// An attack waiting on its defender's dice, drawn as the last thing that happened (its arrow,
// no dice yet): the roll before it, often another attack, no longer says where it comes from.
function pendingAttack(view) {
  const b = view.phase === "defend" && view.battle;
  if (!b || (G.last && G.last.kind === "battle" && G.last.from === b.from && G.last.to === b.to)) return null;
  const text = `${placeName(view, b.from)} attacks ${placeName(view, b.to)}`;
  return { kind: "battle", from: b.from, to: b.to, text, key: `attack-${b.from}-${b.to}`, live: false };
}

// What a screen reader says for a territory: name, region, owner, armies, and what it is now.
const MARK_WORDS = { source: "you can act from here", target: "you can choose it as the target",
  pick: "selected", last: "" };
function labelSide(x, width) {
  if (x < 90) return { "text-anchor": "start", dx: -24 };
  if (x > width - 90) return { "text-anchor": "end", dx: 24 };
  return { "text-anchor": "middle" };
}

function territoryLabel(t, s, mark, last) {
  const parts = [`${placeName(G.msg.view, t.name)}, ${t.region}`, s.owner ? `owned by ${s.owner}` : "unclaimed", pieces(G.msg.view, s.armies || 0)];
  if (MARK_WORDS[mark]) parts.push(MARK_WORDS[mark]);
  if (last && last.to === t.name) parts.push(`last: ${last.text}`);
  else if (last && last.from === t.name) parts.push(`last move came from here`);
  return parts.join("; ");
}

// Arrow keys move to the nearest territory that way (within a 60-degree cone, or failing that
// the nearest on that side); Enter and Space click the focused one; Escape clears a selection.
function mapKey(e, name) {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    G.keyPick = true;
    clickTerritory(name);
    return;
  }
  if (e.key === "Escape" && G.pick.length) {
    e.preventDefault();
    G.pick = [];
    stopUntil("");
    render();
    return;
  }
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const d = dirs[e.key];
  if (!d || !G.board) return;
  e.preventDefault();
  const pos = Object.fromEntries(G.board.territories.map((t) => [t.name, t]));
  const here = pos[name];
  let best = null, bestScore = Infinity;
  for (const t of G.board.territories) {
    if (t.name === name) continue;
    const dx = t.x - here.x, dy = t.y - here.y;
    const along = dx * d[0] + dy * d[1];
    if (along <= 0) continue;
    const across = Math.abs(dx * d[1] - dy * d[0]);
    const score = Math.hypot(dx, dy) + (across > along * 1.7 ? 10000 : across);
    if (score < bestScore) { best = t.name; bestScore = score; }
  }
  if (!best) return;
  G.mapZoom.reveal([pos[best]], REVEAL_MARGIN);
  const node = $("board").querySelector(`g.terr[data-name="${CSS.escape(best)}"]`);
  if (node) node.focus();
}

// The last attack, capture, move or placement drawn on the map: an arrow from where it came to
// where it went and a ring on both (`under` the territories, so no name is covered where they
// cross it), the dice beside the target (`over`); it runs in once when new.
function lastOverlay(last, pos, b) {
  const to = pos[last.to], from = last.from ? pos[last.from] : null;
  if (!to) return { under: [], over: [] };
  const under = [], over = [];
  const cls = `lastmark ${last.kind}${last.captured ? " captured" : ""}`;
  const play = (node, part, frames, ms) => { if (last.live) animateOnce(node, `${last.key}-${part}`, frames, ms); };
  // The arrow runs between the two markers' rims; markers nearly touching (Manhattan's
  // sectors) leave no room for one (it would point backwards): a dashed ring marks the source.
  const len = from ? Math.hypot(to.x - from.x, to.y - from.y) : 0;
  const drawn = len - 51;
  if (from && drawn < 8) under.push(svg("circle", { class: `lastring lastsource ${last.kind}`, cx: from.x, cy: from.y, r: 27 }));
  else if (from && Math.abs(from.x - to.x) <= b.width / 2) {
    const ux = (to.x - from.x) / len, uy = (to.y - from.y) / len;
    const line = svg("line", { class: `lastarrow ${cls}`, x1: from.x + ux * 24, y1: from.y + uy * 24,
      x2: to.x - ux * 27, y2: to.y - uy * 27, "marker-end": "url(#lastarrowhead)" });
    under.push(line);
    play(line, "arrow", [{ strokeDasharray: `0 ${drawn}` }, { strokeDasharray: `${drawn} 0` }], 500);
  }
  const ring = svg("circle", { class: `lastring ${cls}`, cx: to.x, cy: to.y, r: 27 });
  under.push(ring);
  play(ring, "ring", [{ r: "46px", opacity: 0.2 }, { r: "27px", opacity: 1 }], 600);
  const badge = [];
  let w = 0, h = 0;
  if (last.dice) {
    const row = (vals, y, klass) => vals.map((d, i) => svg("g", { transform: `translate(${i * 17},${y})`, class: `mapdie ${klass}` },
      svg("rect", { width: 15, height: 15, rx: 3 }), svg("text", { x: 7.5, y: 11.5, "text-anchor": "middle" }, d)));
    badge.push(...row(last.dice.attack, 0, "att"), ...row(last.dice.defend, 17, "def"));
    [w, h] = [17 * Math.max(last.dice.attack.length, last.dice.defend.length, 1) - 2, 32];
  } else if (last.armies) {
    badge.push(svg("text", { class: "lastcount", x: 0, y: 14 }, `+${last.armies}`));
    [w, h] = [34, 16];
  }
  if (badge.length) {
    const [x, y] = badgePlace(to, from, w, h, b);
    const g = svg("g", { class: "lastdice", transform: `translate(${x},${y})` }, ...badge);
    over.push(g);
    play(g, "dice", [{ opacity: 0 }, { opacity: 1 }], 400);
  }
  under.unshift(svg("defs", {}, svg("marker", { id: "lastarrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, svg("path", { d: "M0,0 L10,5 L0,10 z", class: "lastarrowhead" }))));
  return { under, over };
}

// Where the dice (or "+N") go: beside the target, above or below it, or either side of the
// arrow's middle, whichever keeps furthest from every marker and name on the map.
function badgePlace(to, from, w, h, b) {
  const spots = [[to.x + 30, to.y - 16], [to.x - 30 - w, to.y - 16], [to.x - w / 2, to.y - 28 - h], [to.x - w / 2, to.y + 42]];
  if (from) {
    const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
    const [px, py] = [-(to.y - from.y) / len, (to.x - from.x) / len];
    const [mx, my] = [(from.x + to.x) / 2, (from.y + to.y) / 2];
    for (const side of [22, -22]) spots.push([mx + px * side - w / 2, my + py * side - h / 2]);
  }
  const clear = ([x, y]) => {
    if (x < 0 || y < 0 || x + w > b.width || y + h > b.height) return -Infinity;
    const [cx, cy] = [x + w / 2, y + h / 2];
    return Math.min(...b.territories.flatMap((t) => [Math.hypot(t.x - cx, t.y - cy), Math.hypot(t.x - cx, t.y + 30 - cy)]));
  };
  return spots.reduce((best, spot) => (clear(spot) > clear(best) ? spot : best));
}

// Region halos come from muted earth tones with a dashed or solid ring, never a seat's bright
// colour: a territory's owner is its inner disc, its region the pale ring round it.
const REGION_TONES = ["#d8ccb4", "#b9c0c4", "#cbb9ad", "#c4c3a6", "#aebaae", "#c7bcc6", "#d2c2a0", "#a9b2bd"];
const REGION_RINGS = ["#8c7b5a", "#5f6a72", "#7d6456", "#75734f", "#5e705e", "#76667a", "#8a7446", "#56606e"];
const REGION_DASHES = ["none", "5 3", "2 3", "8 3 2 3", "none", "5 3", "2 3", "8 3 2 3"];
function regionHalos(b) {
  return Object.fromEntries(b.regions.map((r, i) => [r.name, {
    fill: REGION_TONES[i % REGION_TONES.length],
    ring: REGION_RINGS[i % REGION_RINGS.length],
    dash: REGION_DASHES[(i + Math.floor(i / REGION_TONES.length)) % REGION_DASHES.length],
  }]));
}

// Which territories to highlight: what the player picked, and where a click can lead next
// (what just happened is drawn on the map by lastOverlay).
function territoryMarks() {
  const marks = {};
  const names = territoryNames();
  const pick = G.pick;
  for (const a of mapLegal()) {
    const terr = mapTerr(a, names);
    if (pick.every((p, i) => terr[i] === p) && terr.length > pick.length) {
      marks[terr[pick.length]] = pick.length ? "target" : "source";
    }
  }
  for (const p of pick) marks[p] = "pick";
  return marks;
}

function territoryNames() {
  return new Set(mapRows(G.msg.view).map((t) => t.name));
}

// The places on the map: a board's territories (and, in Godstorm, the Underworld's spaces).
function mapRows(view) {
  return isGodstorm(view) ? godstormRows(view) : view.territories || [];
}

function legalActions() {
  return G.msg && G.msg.legal ? G.msg.legal : [];
}

// The actions chosen on the map: those naming territories, but not trades (a card bears a
// territory's name; cards are chosen in the hand).
function mapLegal() {
  const names = territoryNames();
  return legalActions().filter((a) => a[0] !== "trade" && a.slice(1).some((x) => names.has(x)));
}

function mapTerr(a, names) {
  return a.slice(1).filter((x) => names.has(x));
}

// What is left of a selection once the state moves on: the longest start that still leads
// to a legal action (after a roll the attack stays selected while it can go on).
function stillFits(pick) {
  if (!G.msg || !G.msg.view || !Array.isArray(G.msg.view.territories)) return [];
  const names = territoryNames();
  const legal = mapLegal();
  for (let n = pick.length; n > 0; n--) {
    const head = pick.slice(0, n);
    if (legal.some((a) => head.every((p, i) => mapTerr(a, names)[i] === p))) return head;
  }
  return [];
}

// How far inside the zoomed map's edge a place brought into view lies (map units): its ring
// and a little more.
const REVEAL_MARGIN = 40;

// The last place selected, which the map's zoom buttons zoom about.
function pickPoint() {
  const name = G.pick[G.pick.length - 1];
  return (name && G.board && G.board.territories.find((t) => t.name === name)) || null;
}

// A tap on the map beside a place (on its water, a line, a backdrop) is a tap on the nearest
// place within a fingertip's reach: on a phone's whole map places lie under 20 px apart.
const MAP_TAP_REACH = 24; // CSS px
function tapNearest(e) {
  if (!G.board || e.target.closest("g.terr")) return;
  const at = G.mapZoom.toMap(e.clientX, e.clientY);
  const perUnit = $("board").getBoundingClientRect().width / G.mapZoom.view().w;
  let best = null, bestDist = MAP_TAP_REACH;
  for (const t of G.board.territories) {
    const d = Math.hypot(t.x - at.x, t.y - at.y) * perUnit;
    if (d <= bestDist) { best = t.name; bestDist = d; }
  }
  if (best) clickTerritory(best);
}

function clickTerritory(name) {
  const names = territoryNames();
  const next = [...G.pick, name];
  const legal = mapLegal();
  const fits = legal.some((a) => next.every((p, i) => mapTerr(a, names)[i] === p));
  G.pick = fits ? next : (legal.some((a) => mapTerr(a, names)[0] === name) ? [name] : []);
  if (G.until) stopUntil("");
  if (!fits && !G.pick.length) showError(`${name}: nothing you can do there now`);
  else showError("");
  render();
  // From the keyboard: once the map has nothing more to choose, go on to the panel's controls.
  const byKey = G.keyPick;
  G.keyPick = false;
  const deeper = mapLegal().some((a) => mapTerr(a, names).length > G.pick.length &&
    G.pick.every((p, i) => mapTerr(a, names)[i] === p));
  if (byKey && G.pick.length && !deeper) {
    const first = document.querySelector("#actions button[data-action]");
    if (first) first.focus();
  }
}

// -- the action panel -------------------------------------------------------------------
// What every table's action panel starts with. The same choices keep the same buttons: where
// other seats act at the same time (bots bidding, trading), a button is not swapped out from
// under a click. A spectator gets a hint, not buttons. Returns a new, empty panel to fill
// (render puts it in place of the old one: placeActions), or null when nothing is to be
// redrawn.
function actionPanel(extra) {
  const m = G.msg;
  const key = JSON.stringify([m.seat, legalActions(), m.can_undo, gameOver(m), ...extra]);
  if (key === G.actionsKey) return null;
  G.actionsKey = key;
  const box = el("div");
  G.nextActions = box;
  $("odds").replaceChildren();
  if (m.seat === null) { $("hint").textContent = "Spectating: open your seat's private link to play."; return null; }
  return box;
}

function placeActions() {
  if (!G.nextActions) return;
  swapChildren($("actions"), [...G.nextActions.childNodes]);
  G.nextActions = null;
}

// -- choices that survive a redraw ------------------------------------------------------
// The panels are drawn again whenever the choices change, and where other seats act at the
// same time (bots bidding) that is often. A select or number field made with `keepChoice`
// keeps what the player picked there: shown again while it is still allowed; once it is not,
// the smallest allowed value is shown instead, marked, with a note that says so. And the
// control the player is using (focused: a list open, a number being typed) is not replaced
// at all: `swapChildren` leaves it where it is, with the new options and limits.
const KEPT = new Map(); // data-keep key -> { value, was } (was: the pick no longer allowed)

// `node` holds its default value already. Returns what to put in the page: the node, and
// after it the words on a pick that is no longer allowed, if one is not.
function keepChoice(node, key) {
  const out = document.createDocumentFragment();
  out.append(node);
  node.dataset.keep = key;
  const record = () => {
    KEPT.set(key, { value: node.value });
    node.classList.remove("fellback");
    for (const n of document.querySelectorAll(`[data-note-for="${CSS.escape(key)}"]`)) n.remove();
  };
  node.addEventListener("change", record);
  node.addEventListener("input", record);
  const kept = KEPT.get(key);
  if (!kept) return out;
  const typing = node.tagName === "INPUT" && focusedKeep() === key; // what is typed stays
  if (typing || allows(node, kept.value)) {
    node.value = kept.value;
  } else {
    node.value = leastOf(node);
    KEPT.set(key, { value: node.value, was: kept.was ?? kept.value });
  }
  const was = KEPT.get(key).was;
  if (was === undefined) return out;
  node.classList.add("fellback");
  out.append(el("span", { class: "keptnote", "data-note-for": key }, ` ${was} is no longer allowed: the smallest instead`));
  return out;
}

function focusedKeep() {
  const a = document.activeElement;
  return a && a.dataset ? a.dataset.keep : undefined;
}

function allows(node, value) {
  if (node.tagName === "SELECT") return [...node.options].some((o) => o.value === String(value));
  const n = Number(value);
  return value !== "" && Number.isInteger(n) && (node.min === "" || n >= Number(node.min)) &&
    (node.max === "" || n <= Number(node.max));
}

function leastOf(node) {
  if (node.tagName !== "SELECT") return node.min === "" ? node.value : node.min;
  const values = [...node.options].map((o) => o.value);
  const nums = values.map(Number);
  return nums.every(Number.isFinite) ? String(Math.min(...nums)) : values[0];
}

// Put `nodes` in `box` in place of what it holds. The control the player is using (focused,
// with a data-keep key that one of the new nodes has too) stays: the new control's options,
// attributes, value and on* handlers move onto it, the new one reads its value from it (for
// the handlers made with it), and the rest is replaced round it. Keys no longer shown are
// forgotten: a pick lasts while its control is on the page.
function swapChildren(box, nodes) {
  const holder = el("div", {}, ...nodes);
  const live = box.contains(document.activeElement) ? document.activeElement : null;
  const key = live && live.dataset ? live.dataset.keep : undefined;
  const fresh = key === undefined ? null : holder.querySelector(`[data-keep="${CSS.escape(key)}"]`);
  const oldPath = [], newPath = [];
  for (let n = live; n && n !== box; n = n.parentNode) oldPath.push(n);
  for (let n = fresh; n && n !== holder; n = n.parentNode) newPath.push(n);
  if (!fresh || fresh.tagName !== live.tagName || fresh.type !== live.type || oldPath.length !== newPath.length) {
    box.replaceChildren(...holder.childNodes);
    const again = key === undefined ? null : box.querySelector(`[data-keep="${CSS.escape(key)}"]`);
    if (again) again.focus();
  } else {
    adopt(live, fresh);
    // Level by level, from the control up to the box: the new level's nodes round the kept one.
    for (let i = 0; i < oldPath.length; i++) {
      const parent = i + 1 < oldPath.length ? oldPath[i + 1] : box;
      const kids = [...(i + 1 < newPath.length ? newPath[i + 1] : holder).childNodes];
      if (parent !== box) sameAttributes(parent, newPath[i + 1], false);
      for (const c of [...parent.childNodes]) if (c !== oldPath[i]) c.remove();
      const at = kids.indexOf(newPath[i]);
      oldPath[i].before(...kids.slice(0, at));
      oldPath[i].after(...kids.slice(at + 1));
    }
  }
  const shown = new Set([...box.querySelectorAll("[data-keep]")].map((n) => n.dataset.keep));
  for (const k of box.keptKeys || []) if (!shown.has(k)) KEPT.delete(k);
  box.keptKeys = shown;
}

function adopt(live, fresh) {
  const typed = live.tagName === "INPUT"; // a number being typed: left as it is
  const value = fresh.value; // read before its options move
  sameAttributes(live, fresh, typed);
  if (live.tagName === "SELECT") live.replaceChildren(...fresh.childNodes);
  if (!typed) live.value = value;
  for (const h of ["onchange", "oninput", "onkeydown", "onclick"]) live[h] = fresh[h];
  Object.defineProperty(fresh, "value", { configurable: true, get: () => live.value, set: (v) => { live.value = v; } });
}

function sameAttributes(node, like, keepValue) {
  for (const a of [...node.attributes]) if (!like.hasAttribute(a.name)) node.removeAttribute(a.name);
  for (const a of [...like.attributes]) {
    if (keepValue && a.name === "value") continue;
    if (node.getAttribute(a.name) !== a.value) node.setAttribute(a.name, a.value);
  }
}

function renderActions() {
  const m = G.msg;
  if (isStrike(m.view)) { renderStrikeActions(); return; }
  if (isDiceCards(m.view)) { renderDiceActions(); return; }
  const box = actionPanel([G.pick, G.cards, G.until, G.pick.length ? m.state : 0, G.castCard || null]);
  if (!box) return;
  const names = territoryNames();
  const pick = G.pick;
  const legal = legalActions();
  const trades = names.size ? tradeActions() : [];
  // A selection narrows the actions chosen on the map; the others (end, done, pass) stay.
  const onMap = (a) => mapTerr(a, names).length > 0;
  let shown = legal.filter((a) => !trades.includes(a) &&
    (!onMap(a) || pick.every((p, i) => mapTerr(a, names)[i] === p)));
  // Godstorm: the bid and the purchase have forms of their own (modepanel); a card clicked in
  // the hand narrows the panel to its targets, as buttons.
  const castCard = isGodstorm(m.view) && G.castCard;
  if (isGodstorm(m.view)) shown = shown.filter((a) => !["bid", "buy"].includes(a[0]));
  if (castCard) shown = shown.filter((a) => a[0] === "cast" && a[1] === castCard);
  // Monopoly: offers are composed, and an offer to me answered, in the panel below.
  if (isMonopoly(m.view)) shown = shown.filter((a) => !["offer", "accept", "decline"].includes(a[0]));
  const mapActions = shown.filter((a) => mapTerr(a, names).length);
  let hint = "";
  if (!legal.length) hint = gameOver(m) ? "" : "Not your move.";
  // A step with nothing to do but close it (no ships to move, no miracle to play): say so.
  else if (legal.length === 1 && ["done", "end"].includes(legal[0][0])) {
    hint = `Nothing to do in this step: click “${labelOf(legal[0])}” to go on.`;
  } else if (castCard) hint = "Choose where the miracle strikes (or click the card again to put it back).";
  else if (names.size && !pick.length && mapActions.length) {
    const kinds = [...new Set(mapActions.map((a) => kindWords(a[0], m.view)))].join(", or ");
    hint = `Click a ${placeWord(m.view)} on the map to ${kinds}.`;
    shown = shown.filter((a) => !mapTerr(a, names).length);
  } else if (pick.length) {
    hint = `Selected: ${pick.map((p) => placeName(m.view, p)).join(" → ")}. `;
    const deeper = mapActions.some((a) => mapTerr(a, names).length > pick.length);
    if (deeper) {
      const kinds = [...new Set(mapActions.map((a) => kindWords(a[0], m.view)))].join(" or ");
      hint += `Click a ${placeWord(m.view)} ringed in yellow to ${kinds}.`;
      shown = shown.filter((a) => !onMap(a) || mapTerr(a, names).length === pick.length);
    }
  }
  const moves = shown.filter((a) => a[0] === "move");
  if (isRisk(m.view) && m.view.phase === "occupy" && m.view.battle && moves.length) hint = occupyHint(m.view, moves);
  if (G.until) {
    const [to, from] = [placeName(m.view, G.until.to), placeName(m.view, G.until.from)];
    hint = `Attacking ${to} from ${from} until it falls${G.until.stop > 1 ? ` or ${from} is down to ${G.until.stop}` : ""}…`;
  }
  $("hint").textContent = hint;
  if (trades.length) box.append(isMcu(m.view) ? mcuTradePanel() : tradePanel(trades));
  if (isGodstorm(m.view)) showInvasionOdds(pick, shown);
  // Galaxy at War's attack panel asks for its own, with the ships chosen (shipPanel); while
  // attacking until, with the ships chosen then.
  else if (pick.length === 2 && (G.until || !isGaw(m.view))) showOdds(pick[0], pick[1], shown, G.until ? G.until.ships : null);
  if ((isRisk(m.view) || isGodstorm(m.view)) && m.view.phase === "defend") showDefenceOdds(shown);
  if (G.until) {
    box.append(el("div", { class: "grp" }, el("button", { "data-action": "stop", onclick: () => stopUntil("Stopped.") }, "Stop attacking")));
  } else {
    const ships = gawShipPanels(m.view, shown, names); // Galaxy at War: dice and ships chosen
    box.append(...ships.panels);
    for (const [label, group] of groupActions(ships.rest)) box.append(actionGroup(label, group));
    const attack = pick.length === 2 && shown.some((a) => a[0] === "attack");
    if (attack) box.append(untilControls(pick[0], pick[1]));
  }
  if (pick.length) box.append(el("button", { onclick: () => { G.pick = []; stopUntil(""); render(); } }, "Clear selection"));
  if (m.can_undo) box.append(el("button", { onclick: () => send(["undo"]) }, "Undo"));
}

// A map action's kind as the hint's verb: the kinds whose names are no verb, or no plain one
// ("Click a territory on the map to cerberus"); the others are their own words.
function kindWords(kind, view) {
  const words = {
    cerberus: view.phase === "claim" ? "claim it for neutral Cerberus" : "place a unit of neutral Cerberus",
    neutral: `place a neutral ${pieceWords(view).one} there`,
    ally: "put the Ally of a card in your hand there",
    hulk: "put Hulk there",
    vanguard: "put the Vanguard there",
    command: "ask your teammate for it",
    strike: "strike Harbinger from there",
    harbinger: "put Harbinger there",
    step: "move Harbinger there",
    ship: "put the ship just built there",
    ships: "move ships",
    begin: "place your god of war there, then your temple",
    cast: "cast a miracle there",
    place: `place ${pieceWords(view).many} there`, // "…put the Ally there, or place units there"
    summon: "summon a god there",
    temple: "build a temple there",
  };
  return words[kind] || kind;
}

// After a capture the one control is "move × N", N the armies that stand in the territory
// taken afterwards (the dice rolled are in already): the hint says where and how many.
function occupyHint(v, moves) {
  const counts = moves.map((a) => a[1]);
  const [least, most] = [Math.min(...counts), Math.max(...counts)];
  const many = pieceWords(v).many;
  const span = least === most ? pieces(v, least) : `${least} to ${most} ${many}`;
  return `${placeName(v, v.battle.to)} is yours: choose how many ${many} end up there, moved in from ` +
    `${placeName(v, v.battle.from)} (${span}).`;
}

// The hand's chosen cards, and the trade they make (one button per place for the 2 extra).
function tradePanel(trades) {
  const chosen = chosenCards();
  const value = G.msg.view.next_set_value;
  const box = el("div", { class: "grp trades", id: "trades" });
  if (chosen.length < 3) {
    box.append(el("div", { class: "muted" }, `You hold a set worth ${pieces(G.msg.view, value)}: click three cards in your hand` +
      (chosen.length ? ` (${chosen.length} chosen: ${chosen.join(", ")})` : "") + "."));
    return box;
  }
  const fit = tradesFor(chosen);
  if (!fit.length) {
    box.append(el("div", { class: "muted" }, `${chosen.join(", ")} is not a set you may trade: choose other cards.`));
    return box;
  }
  for (const a of fit) {
    const extra = a.length > 4 ? ` (+2 on ${a[4]})` : "";
    box.append(el("button", { class: "primary", "data-action": a.join(" "), onclick: () => send(a) },
      `Trade ${chosen.join(", ")} for ${pieces(G.msg.view, value)}${extra}`));
  }
  return box;
}

// -- attack until it falls (or until N are left): single rolls, sent one after another ----
function untilControls(from, to) {
  const st = Object.fromEntries(G.msg.view.territories.map((t) => [t.name, t]));
  const n = el("input", { type: "number", min: 1, max: Math.max(1, st[from].armies - 1), value: 1,
    id: "untiln", "aria-label": `stop when this many ${pieceWords(G.msg.view).many} are left`, style: "width:5em" });
  return el("div", { class: "grp" },
    el("button", { "data-action": "until", onclick: () => startUntil(from, to, 1) }, "Attack until it falls"),
    " ",
    // One piece, never broken across lines: "Attack until [N] left" reads as one choice.
    el("span", { class: "nowrap" },
      el("button", { "data-action": "until-n", onclick: () => startUntil(from, to, Number(n.value) || 1) }, "Attack until"),
      " ", keepChoice(n, `until ${from} ${to}`), " left"));
}

function startUntil(from, to, stop) {
  // Galaxy at War: every roll brings the ships the attack panel has chosen, as its % counts.
  const chosen = G.gawShips && G.gawShips.from === from && G.gawShips.to === to ? G.gawShips.counts : null;
  G.until = { from, to, stop: Math.max(1, Math.floor(stop)), ships: chosen };
  G.pick = [from, to];
  showError("");
  G.actionsKey = null;
  render();
}

function stopUntil(why) {
  if (!G.until) return;
  G.until = null;
  G.actionsKey = null;
  if (why) $("untilmsg").textContent = why;
}

// Called after each state: roll again with the most dice while the attack can go on; the
// defender's answer (a person or a bot) comes in between as states of its own.
function runUntil() {
  const u = G.until;
  const m = G.msg;
  if (!u || G.untilState === m.state) return;
  const v = m.view;
  const st = Object.fromEntries(v.territories.map((t) => [t.name, t]));
  if (gameOver(m) || m.seat === null) { stopUntil(""); render(); return; }
  const [to, from] = [placeName(v, u.to), placeName(v, u.from)];
  if (st[u.to].seat === m.seat) { stopUntil(`${to} has fallen.`); render(); return; }
  if (v.phase === "defend") return; // the defender chooses; the next state comes
  if (!m.to_move.includes(m.seat) || v.phase !== "attack") { stopUntil(""); render(); return; }
  if (st[u.from].armies <= u.stop || st[u.from].armies < 2) {
    stopUntil(`Stopped: ${from} is down to ${st[u.from].armies}.`); render(); return;
  }
  const attacks = legalActions().filter((a) => a[0] === "attack" && a[1] === u.from && a[2] === u.to);
  if (!attacks.length) { stopUntil(`Stopped: ${from} can no longer attack ${to}.`); render(); return; }
  const counted = attacks.filter((a) => typeof a[3] === "number"); // MCU: not "alone"
  const most = (counted.length ? counted : attacks).reduce((x, y) => (y[3] > x[3] ? y : x));
  const withShips = (a) => shipCounts("attack", a, 3).slice(1).every((n, i) => n === u.ships[i]);
  const best = (u.ships && attacks.find((a) => a[3] === most[3] && withShips(a))) || most;
  G.untilState = m.state;
  const state = m.state;
  setTimeout(async () => {
    if (!G.until || !G.msg || G.msg.state !== state) return;
    if (!(await send(best))) stopUntil("");
  }, 250);
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
    return el("div", { class: "grp" }, el("button", { onclick: () => send(group[0]), "data-action": group[0].join(" ") }, labelOf(group[0])));
  }
  if (group.length <= 3) {
    return el("div", { class: "grp" }, ...group.map((a) =>
      el("button", { onclick: () => send(a), "data-action": a.join(" ") }, labelOf(a))));
  }
  const sel = el("select", { "aria-label": "how many" });
  for (const a of group) sel.append(el("option", { value: a[a.length - 1] }, a[a.length - 1]));
  // A list starts on the count most often meant: all (the armies left to place, to move in
  // or to fortify with), but a bid on the least: a larger raise costs money, the player's to pick.
  sel.value = group[0][0] === "bid" ? leastOf(sel) : group[group.length - 1][group[0].length - 1];
  const chosen = () => [...group[0].slice(0, -1), Number(sel.value)];
  // A count once played is forgotten: the next list starts on its default again (all the
  // armies left to place), not on the count just used. Forgotten before sending, since the
  // new state (and the panel drawn for it) may arrive before the reply does.
  const play = () => {
    KEPT.delete(label);
    return send(chosen());
  };
  const go = el("button", { "data-action": label, onclick: play });
  // The button says the action the list chooses ("Move 3 armies into Sumer") as the count changes.
  const say = () => { go.textContent = labelOf(chosen()); };
  sel.onchange = say; // a property: it goes with a kept control
  const kept = keepChoice(sel, label);
  say();
  return el("div", { class: "grp" }, go, " ", kept);
}

// A legal action as its button says it: the server's plain words (`Game.label`, one per legal
// action, made once for every mode), or its typed form where the message carries none.
function labelOf(a) {
  const m = G.msg;
  if (!m || !m.legal || !m.labels) return a.join(" ");
  if (G.labelled !== m) {
    G.labelled = m;
    G.labels = new Map(m.legal.map((x, i) => [JSON.stringify(x), m.labels[i]]));
  }
  return G.labels.get(JSON.stringify(a)) || a.join(" ");
}

// A place in a sentence as the server names it (the view's `caption`: MCU's "Sector 07",
// "Malibu (01)" for Sector_07, Sector_01, as the terminal names them); other modes' names
// are their own.
function placeName(view, name) {
  const row = view && Array.isArray(view.territories) ? view.territories.find((t) => t.name === name) : null;
  return (row && row.caption) || name;
}

// `ships` (Galaxy at War): the attacker's cruisers, carriers and dreadnoughts along, as its
// attack panel has them chosen; each roll of the attack is taken to bring the same.
async function showOdds(from, to, shown, ships) {
  // An attack until it falls shows its odds through the defences between its rolls too.
  if (!G.until && !shown.some((a) => a[0] === "attack")) return;
  const st = Object.fromEntries(G.msg.view.territories.map((t) => [t.name, t]));
  const a = st[from].armies, d = st[to].armies;
  // Taken (an attack until it falls ends on the capture): no odds between one's own places.
  if (a < 2 || st[from].owner === st[to].owner) return;
  const key = G.msg.state;
  const asked = (G.oddsAsked = (G.oddsAsked || 0) + 1); // a later choice of ships wins
  try {
    // The game's own dice for this attack (d8 defences, Allies, a Vanguard, ships).
    const q = new URLSearchParams({ source: from, target: to, state: key });
    if (ships) q.set("ships", ships.join(","));
    const o = await api("GET", `/api/games/${encodeURIComponent(GAME)}/odds?${q}`);
    // `stale`: the game moved on while this was asked (a bot defended); its news is coming.
    if (o.stale || !G.msg || G.msg.state !== key || G.oddsAsked !== asked) return;
    const along = ships && ships.some((n) => n > 0) ? ", with the ships chosen" : "";
    $("odds").textContent = `Odds of taking ${placeName(G.msg.view, to)} if you attack until it falls${along}: ` +
      `${(100 * o.p_conquest).toFixed(1)}% (expected losses: you ${o.expected_attacker_losses.toFixed(1)}, ` +
      `them ${o.expected_defender_losses.toFixed(1)})`;
  } catch (e) { /* odds are advice; the attack still works without them */ }
}

// The defender's choice: each number of dice it may roll, with the exact outcomes of that one
// roll in the game's own dice for this battle (d8s, Allies, Hulk, ships, cards played; Godstorm's
// gods, temple, relics, Sky cards and a Tablet of Destiny die), from
// /odds asked without an attack. Shown above the defend buttons, one line a choice, worded as
// its button.
async function showDefenceOdds(shown) {
  if (!shown.some((a) => a[0] === "defend")) return;
  const key = G.msg.state;
  try {
    const o = await api("GET", `/api/games/${encodeURIComponent(GAME)}/odds?state=${key}`);
    if (o.stale || !G.msg || G.msg.state !== key || o.state !== key) return;
    const lines = o.defence.map((c) => el("div", { class: "defodds", "data-dice": c.dice },
      el("b", {}, `${labelOf(["defend", c.dice])}: `),
      c.outcomes.flatMap((x, i) => [i ? " · " : "",
        el("span", {}, `${lossWords(x.attacker_losses, x.defender_losses)} ${(100 * x.p).toFixed(1)}%`)])));
    $("odds").replaceChildren(el("div", { class: "muted" }, "This roll, by the dice you choose:"), ...lines);
  } catch (e) { /* odds are advice; the defence still works without them */ }
}

// One roll's losses as the battle log words them: "each loses 1" where they are even.
function lossWords(attacker, defender) {
  if (attacker && attacker === defender) return `each loses ${attacker}`;
  const parts = attacker ? [`attacker loses ${attacker}`] : [];
  if (defender) parts.push(`defender loses ${defender}`);
  return parts.join(", ");
}

// A choice the game moved on from is answered, not refused (on_stale), so that a lost race is
// no console error: the new state is already on its way over the live connection.
const STALE_TRIES = 3;
async function send(action, text) {
  if (G.sending) return false;
  G.sending = true;
  showError("");
  const path = `/api/games/${encodeURIComponent(GAME)}/act`;
  const body = { state: G.msg.state, on_stale: "report" };
  const view = G.msg.view;
  if (text !== undefined && text !== null) body.text = text; else body.action = action;
  try {
    let done = await api("POST", path, body, TOKEN);
    // Someone else (often a bot) acted a moment before the click arrived: if the same choice
    // is still legal in the new state, make it there. Not if this seat decided meanwhile (in
    // another tab or window): that would make its decision twice. A few times, not once:
    // quick bots raising in an auction can move on again while a "pass" is retried.
    for (let tries = 0; done.stale && !done.yours && tries < STALE_TRIES; tries++) {
      const now = await api("GET", `/api/games/${encodeURIComponent(GAME)}`, null, TOKEN);
      const still = body.text !== undefined
        || (now.legal || []).some((a) => JSON.stringify(a) === JSON.stringify(body.action));
      if (!still) break;
      done = await api("POST", path, { ...body, state: now.state }, TOKEN);
    }
    if (done.stale) {
      $("notice").textContent = done.yours
        ? "That decision was already taken, in another tab or window of your seat: nothing more was done."
        : "The game moved on before your choice arrived: nothing was done. Look again and choose.";
      return false;
    }
    if (isMonopoly(view) && action) monoSent(view, action);
    return true;
  } catch (e) {
    showError(refusal(e));
    return false;
  } finally {
    G.sending = false;
  }
}

// What a failed request says: the server's refusal, or that the action may not have arrived.
function refusal(e) {
  return e.unreached ? `Your action may not have arrived: ${e.message}. Look again once reconnected.` : `Refused: ${e.message}`;
}

// A refusal, or "" to clear it with the last lost race's notice.
function showError(text) {
  $("error").textContent = text;
  $("notice").textContent = "";
  if (text) $("untilmsg").textContent = "";
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

// Typed actions: the server reads short forms as the terminal does ("attack lig dal" rolls
// the most dice); "... until N" is run here, one roll at a time, like the buttons.
$("typed").addEventListener("submit", async (e) => {
  e.preventDefault();
  const input = $("typedtext");
  const text = input.value.trim();
  if (!text || !G.msg) return;
  const until = /^(.*\S)\s+until\s+(\S+)$/i.exec(text);
  if (until) {
    const stop = Number(until[2]);
    if (!Number.isInteger(stop) || stop < 1) { showError("Refused: write 'attack FROM TO until N' with N a number from 1"); return; }
    try {
      const r = await api("POST", `/api/games/${encodeURIComponent(GAME)}/parse`, { text: until[1] }, TOKEN);
      if (r.action[0] !== "attack") { showError("Refused: 'until' goes with an attack: attack FROM TO until N"); return; }
      input.value = "";
      startUntil(r.action[1], r.action[2], stop);
    } catch (err) {
      showError(refusal(err));
    }
    return;
  }
  if (await send(null, text)) input.value = "";
});
$("guidebtn").addEventListener("click", () => showGuide(G.msg.mode));
G.mapZoom = new MapZoom($("board"), $("mapzoom"), pickPoint);
$("board").addEventListener("click", tapNearest);
keepLogAtNewest();
watchPanel();
connect();
