// The lobby: create a game of any registered mode, list this browser's seats and all games.
"use strict";
let MODES = [];

async function init() {
  // The name kept from last time, before waiting on the server: set after it, it wiped out
  // a name typed while the modes were loading.
  const name = document.getElementById("myname");
  name.value = localStorage.getItem("warroom.name") || "";
  name.onchange = () => localStorage.setItem("warroom.name", name.value.trim());
  MODES = await api("GET", "/api/modes");
  const mode = document.getElementById("mode");
  for (const m of MODES) mode.append(el("option", { value: m.id }, `${m.title} [${m.id}]`));
  mode.onchange = renderMode;
  document.getElementById("players").onchange = renderSeats;
  document.getElementById("create").onclick = create;
  document.getElementById("guidebtn").onclick = () => showGuide(currentMode().id);
  renderMode();
  renderMine();
  refreshAll();
  setInterval(refreshAll, 10000);
}

function currentMode() {
  return MODES.find((m) => m.id === document.getElementById("mode").value);
}

function renderMode() {
  const m = currentMode();
  const players = document.getElementById("players");
  players.replaceChildren();
  for (let n = m.min_players; n <= m.max_players; n++) players.append(el("option", { value: n }, n));
  // Four where the mode seats four, as `warroom play` starts: with three, MCU Skirmish's first
  // player usually wins in its first turn (docs/mcu.md), which no one choosing a game expects.
  players.value = Math.min(Math.max(m.min_players, 4), m.max_players);
  const box = document.getElementById("options");
  box.replaceChildren();
  for (const o of m.options) {
    const id = `opt-${o.name}`;
    box.append(el("label", { for: id, title: o.help }, `${o.name.replace(/_/g, " ")} — ${o.help}`));
    if (o.choices.length) {
      const s = el("select", { id, "data-option": o.name });
      for (const c of o.choices) s.append(el("option", { value: c, selected: c === o.default }, c));
      box.append(s);
    } else if (typeof o.default === "boolean") {
      box.append(el("input", { id, type: "checkbox", "data-option": o.name, checked: o.default }));
    } else if (typeof o.default === "number") {
      box.append(el("input", {
        id, type: "number", step: 1, min: o.minimum, max: o.maximum, "data-option": o.name, value: o.default,
      }));
    } else {
      box.append(el("input", { id, "data-option": o.name, value: o.default }));
    }
  }
  renderSeats();
}

function renderSeats() {
  const m = currentMode();
  const n = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  box.replaceChildren(el("label", {}, "Seats"));
  for (let i = 0; i < n; i++) {
    const s = el("select", { id: `seat-${i}`, "aria-label": `seat ${i + 1}` });
    s.append(el("option", { value: "human" }, i === 0 ? "You" : "Friend (private invite link)"));
    s.append(el("option", { value: "open" }, "Open seat (anyone in the lobby)"));
    // Weakest first as measured, each with where it stands on the mode's ladder.
    for (const b of m.bot_strength) {
      s.append(el("option", { value: `bot:${b.tier}`, title: b.detail }, `Bot: ${b.tier} — ${b.summary}`));
    }
    // Bots default to the strongest quick tier offered (greedy), not to random play.
    const tier = m.bot_tiers.includes("greedy") ? "greedy" : m.bot_tiers[0];
    s.value = i === 0 ? "human" : `bot:${tier}`;
    s.onchange = renderStrength;
    box.append(el("div", { class: "seatrow" }, el("span", {}, `Seat ${i + 1}`), s));
  }
  box.append(el("div", { id: "strength", class: "muted" }));
  renderStrength();
}

// Under the seats, the measured figure behind each bot tier chosen, once each.
function renderStrength() {
  const m = currentMode();
  const chosen = new Set([...document.querySelectorAll("#seats select")].map((s) => s.value));
  const shown = m.bot_strength.filter((b) => chosen.has(`bot:${b.tier}`));
  // A measured detail starts with the tier as measured ("mcts:40 won …"); the others need the name.
  const line = (b) => (b.measured_as ? b.detail : `${b.tier}: ${b.detail}`);
  document.getElementById("strength").replaceChildren(...shown.map((b) => el("div", {}, line(b))));
}

async function create() {
  const err = document.getElementById("error");
  err.textContent = "";
  const m = currentMode();
  const n = Number(document.getElementById("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const v = document.getElementById(`seat-${i}`).value;
    seats.push(v.startsWith("bot:") ? { kind: "bot", tier: v.slice(4) } : { kind: v });
  }
  const myName = document.getElementById("myname").value.trim();
  if (myName) {
    localStorage.setItem("warroom.name", myName);
    const first = seats.findIndex((x) => x.kind === "human");
    if (first >= 0) seats[first].name = myName;
  }
  // Each value as the option's JSON type (the server takes no "5" for 5): a choice as listed,
  // a whole number as a number (other text as typed, for the server to refuse by name).
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const o = m.options.find((x) => x.name === input.dataset.option);
    let value = input.value;
    if (input.type === "checkbox") value = input.checked;
    else if (o.choices.length) value = o.choices[input.selectedIndex];
    else if (typeof o.default === "number" && /^-?[0-9]+$/.test(value.trim())) value = Number(value);
    options[o.name] = value;
  }
  try {
    const g = await api("POST", "/api/games", {
      mode: m.id, seats, options, title: document.getElementById("title").value,
      bot_pace: document.getElementById("pace").value,
    });
    const box = document.getElementById("created");
    box.replaceChildren(el("h2", {}, `Created: ${g.title}`));
    let first = null;
    for (const s of g.seats) {
      if (s.kind !== "human") continue;
      // Your seat and your friends' invites, kept in this browser (My games shows them again).
      rememberSeat(g.id, g.title, s.seat, s.token, s.name, first !== null);
      const url = location.origin + seatLink(g.id, s.seat, s.token);
      if (first === null) first = url;
      box.append(el("label", {}, `${s.name}: private link (send it only to that player)`),
        el("input", { readonly: true, value: url, onclick: (e) => e.target.select() }));
    }
    if (first) box.append(el("p", {}, el("a", { href: first, id: "play-first" }, "Play your seat →")));
    box.append(el("p", {}, el("a", { href: `/game/${g.id}` }, "Spectate")));
    renderMine();
    refreshAll();
  } catch (e) {
    err.textContent = e.message;
  }
}

function renderMine() {
  const mine = myGames();
  const box = document.getElementById("mine");
  if (!mine.length) return;
  const t = el("table", { class: "list" });
  for (const g of mine) {
    const link = seatLink(g.game, g.seat, g.token);
    const cell = g.invite
      ? el("td", {}, el("details", { class: "invite" }, el("summary", {}, "invite link"),
        el("input", { readonly: true, value: location.origin + link, onclick: (e) => e.target.select() })))
      : el("td", {}, el("a", { href: link }, "play"));
    t.append(el("tr", {}, el("td", {}, g.title || g.game), el("td", {}, g.name || `Seat ${g.seat + 1}`), cell));
  }
  box.replaceChildren(t);
  box.classList.remove("muted");
}

async function refreshAll() {
  const box = document.getElementById("all");
  try {
    const list = await api("GET", "/api/games");
    if (!list.length) { box.textContent = "no games yet"; return; }
    const t = el("table", { class: "list" },
      el("tr", {}, el("th", {}, "game"), el("th", {}, "moves"), el("th", {}, "")));
    for (const g of list) {
      // A damaged game is set aside by the server: say so instead of offering to open it.
      const cell = g.damaged
        ? el("td", { class: "muted" }, `damaged: ${g.damaged}`)
        : el("td", {}, el("a", { href: `/game/${g.id}` }, g.finished ? "replay view" : "spectate"));
      for (const seat of g.damaged ? [] : g.open_seats) {
        cell.append(" ", el("button", { onclick: () => join(g, seat) }, `join seat ${seat + 1}`));
      }
      if (!g.damaged && !g.finished && g.open_seats.length) cell.append(" ", el("span", { class: "muted" }, "waiting for players"));
      const over = g.stopped ? " (stopped)" : " (over)";
      t.append(el("tr", {}, el("td", {}, `${g.title} `, el("span", { class: "muted" }, g.mode)),
        el("td", {}, g.finished ? `${g.moves}${over}` : g.moves), cell));
    }
    box.replaceChildren(t);
    box.classList.remove("muted");
  } catch (e) {
    box.textContent = e.message;
  }
}

async function join(g, seat) {
  try {
    // The name typed above is the joiner's name at the table, as a creator's is.
    const name = document.getElementById("myname").value.trim();
    const r = await api("POST", `/api/games/${g.id}/claim`, name ? { seat, name } : { seat });
    rememberSeat(g.id, g.title, r.seat, r.token, r.name); // as the table calls it: "Cy (2)" if taken
    location.href = seatLink(g.id, r.seat, r.token);
  } catch (e) {
    document.getElementById("error").textContent = e.message;
  }
}

init().catch((e) => { document.getElementById("error").textContent = e.message; });
