// RISK MCU Skirmish and Battle for Manhattan in the browser. The map is Classic's (game.js
// draws the sectors, the borders and connection lines, and takes clicks), with the island of
// Manhattan drawn behind it and the off-Manhattan areas named; what differs is the hand (cards
// show 1 or 2 symbols, and any of them totalling 2 to 10 trade for the Recruitment chart's
// units) and how the game is won: Skirmish's race to the sectors, or Battle for Manhattan's
// objectives, with its pieces on the map (the Helicarrier's 3 sections on their deck beside
// the island, Allies, Hulk, resource chips, Loki tokens, Docking Stations) and its meters.

const MCU_MODES = new Set(["mcu-skirmish", "mcu-battle-for-manhattan"]);

function isMcu(view) {
  return !!view && MCU_MODES.has(view.mode) && Array.isArray(view.territories);
}

function isBfm(view) {
  return isMcu(view) && view.mode === "mcu-battle-for-manhattan";
}

// Battle for Manhattan's pieces on a sector: small badges round the disc (dock, chip, Loki
// token, Hulk, and one per Ally), each with its name as a tooltip.
function mcuPieces(view, row) {
  if (!row || row.allies === undefined) return [];
  const badges = [];
  if (row.docking) badges.push(["D", row.dock_open ? "Docking Station" : "Docking Station (closed)", "dock"]);
  if (row.resource) badges.push(["$", "resource chip", "chip"]);
  if (row.loki) badges.push(["L", "face-down Loki token", "loki"]);
  if (row.hulk) badges.push(["H", "Hulk", "hulk"]);
  for (const a of row.allies) badges.push(["A", mcuAlly(view, a, true), "ally"]);
  return badges.map(([text, title, cls], i) => {
    const angle = -Math.PI / 2 + (i - (badges.length - 1) / 2) * 0.7;
    const x = 24 * Math.cos(angle), y = 24 * Math.sin(angle);
    return svg("g", { class: `piece ${cls}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
      svg("title", {}, title),
      svg("circle", { r: 7, fill: "#fff8d6", stroke: "#6b5b2a", "stroke-width": 1 }),
      svg("text", { "text-anchor": "middle", dy: 3.5, "font-size": 9 }, text));
  });
}

// The Helicarrier's deck: a rounded panel behind its 3 sections.
function helicarrierDeck(b, view) {
  const heli = new Set(view.territories.filter((t) => t.helicarrier).map((t) => t.name));
  const pts = b.territories.filter((t) => heli.has(t.name));
  if (!pts.length) return [];
  const xs = pts.map((t) => t.x), ys = pts.map((t) => t.y);
  const pad = 34;
  const x = Math.min(...xs) - pad, y = Math.min(...ys) - pad;
  return [svg("rect", { x, y, width: Math.max(...xs) - Math.min(...xs) + 2 * pad,
    height: Math.max(...ys) - Math.min(...ys) + 2 * pad + 14, rx: 18, class: "helicarrier",
    fill: "#dfe7ec", stroke: "#5f7480", "stroke-width": 2 }, svg("title", {}, "The Helicarrier"))];
}

// The island behind the sectors: for each column of Manhattan's sectors (the same x), the
// topmost and bottommost sector, joined into one outline a little outside them. The areas
// off Manhattan (Malibu, Washington D.C., Sokovia, Asgard) are those joined only by lines.
function manhattanBackdrop(b, view) {
  const off = new Set(view.territories.filter((t) => t.lines.length === t.neighbors.length || t.helicarrier)
    .map((t) => t.name));
  const cols = new Map();
  for (const t of b.territories) {
    if (off.has(t.name)) continue;
    const x = Math.round(t.x);
    const c = cols.get(x) || { x, top: Infinity, bottom: -Infinity };
    c.top = Math.min(c.top, t.y);
    c.bottom = Math.max(c.bottom, t.y);
    cols.set(x, c);
  }
  const xs = [...cols.values()].sort((p, q) => p.x - q.x);
  if (!xs.length) return [];
  const pad = 30;
  const upper = xs.map((c) => `${c.x},${c.top - pad}`);
  const lower = xs.slice().reverse().map((c) => `${c.x},${c.bottom + pad}`);
  const first = xs[0], last = xs[xs.length - 1];
  const points = [`${first.x - pad},${(first.top + first.bottom) / 2}`, ...upper,
    `${last.x + pad},${(last.top + last.bottom) / 2}`, ...lower].join(" ");
  return [svg("polygon", { points, class: "island", fill: "#e9e4d8", stroke: "#9aa6ad", "stroke-width": 3 },
    svg("title", {}, "Manhattan")), ...helicarrierDeck(b, view)];
}

// A sector's caption: its number, and the name of an area off Manhattan (Malibu, Asgard...).
function mcuLabel(name, row) {
  if (row && row.helicarrier) return name.replace(/^Helicarrier_/, "");
  const n = name.replace(/^Sector_/, "");
  return mcuArea(row) ? `${n} ${row.label}` : n;
}

// The name of an area off Manhattan that a sector is (Malibu, Asgard...), or null (the view's).
function mcuArea(row) {
  return (row && row.area) || null;
}

// An Ally by its id (CA-ALLY2): "Captain America's Ally 2", with its dice in words when `power`
// ("Captain America's Ally 2 (1 defence die is a d8)"); the view's `allies` rows say both.
function mcuAlly(view, id, power) {
  const row = (view.allies || []).find((a) => a.ally === id);
  if (!row) return id;
  return power ? `${row.name} (${row.power})` : row.name;
}

// Sectors held against the target, under the status line.
function mcuCounts(m) {
  const v = m.view;
  if (!isMcu(v) || gameOver(m)) return [];
  if (isBfm(v)) return bfmCounts(m);
  const parts = m.seats.map((s) => `${s.seat === m.seat ? "you" : shortName(s.seat)} ${v.sectors_held[s.seat]}`);
  const chart = Object.entries(v.recruitment).map(([k, u]) => `${k}→${u}`).join(" ");
  return [
    el("div", { id: "race" }, `Sectors (first to ${v.sectors_to_win} wins): ${parts.join(", ")}`),
    el("div", { id: "chart", class: "muted" }, `Recruitment chart, symbols→units: ${chart}`),
  ];
}

// Battle for Manhattan: each faction's objective, the Rage Meter, the Tower, the Loki tokens.
function bfmCounts(m) {
  const v = m.view;
  const goals = m.seats.filter((s) => v.objectives[s.seat]).map((s) =>
    el("div", { class: "objective" }, `${s.seat === m.seat ? "You" : shortName(s.seat)} (${v.factions[s.seat]}): ` +
      v.objectives[s.seat]));
  const stages = v.chips.stages.length ? v.chips.stages.join(", ") : "nothing yet";
  return [
    el("div", { id: "objectives" }, ...goals),
    el("div", { id: "rage" }, `Rage Meter ${v.rage.level}/${v.rage.top}${v.rage.hulk_out ? " — Hulk is out" : ""}` +
      (v.hulk_forced ? " (Hulk must attack now)" : "")),
    el("div", { id: "tower", class: "muted" }, `Iron Man: ${v.chips.iron_man} chips, built ${stages}` +
      (v.chips.dock_25_closed ? `; ${placeName(v, "Sector_25")}'s dock is closed` : "")),
    el("div", { id: "loki", class: "muted" }, `Loki tokens face down: ${v.loki.face_down.length}; illusions ` +
      `revealed: ${v.loki.illusions_boxed}${v.loki.scepter_found ? "; Thor holds the scepter" : ""}`),
  ];
}

// The hand: every card with its symbols, and in Battle for Manhattan its power and its Ally
// in words on the card (a phone shows no hover text); while a trade is legal, cards are chosen
// by clicking.
function renderMcuHand() {
  const view = G.msg.view;
  const hand = view.hand;
  $("handcard").hidden = !Array.isArray(hand);
  if (!Array.isArray(hand)) return;
  const can = tradeActions().length > 0;
  $("hand").replaceChildren(...(hand.length ? hand.map((c, i) => {
    const label = [c.card, ` · ${"★".repeat(c.symbols)}`];
    if (c.ally) label.push(el("span", { class: "cardwords" }, `power: ${c.power}`),
      el("span", { class: "cardwords" }, `Ally: ${mcuAlly(view, c.ally, true)}`));
    const title = `${c.faction} card, ${c.symbols} symbol${c.symbols === 1 ? "" : "s"}`;
    if (!can) return el("span", { class: "cardchip", title }, label);
    const on = G.cards.includes(i);
    return el("button", {
      class: `cardchip tradeable${on ? " on" : ""}`, "data-card": c.card, "aria-pressed": on ? "true" : "false",
      title: `${title}: click to choose it for a trade`, press: `hand ${i}`, onclick: () => clickCard(i),
    }, label);
  }) : [el("span", { class: "muted" }, "no cards")]));
}

// The chosen cards and what they fetch; the button appears only for a total the chart prices
// (the server takes any cards of the hand: the legal list names one choice per mix of symbols).
function mcuTradePanel() {
  const v = G.msg.view;
  const hand = v.hand || [];
  const chosen = G.cards.map((i) => hand[i]).filter((c) => c !== undefined);
  const total = chosen.reduce((a, c) => a + c.symbols, 0);
  const box = el("div", { class: "grp trades", id: "trades" });
  const keys = Object.keys(v.recruitment).map(Number);
  const least = Math.min(...keys), most = Math.max(...keys);
  if (total < least || total > most) {
    box.append(el("div", { class: "muted" }, `Click cards in your hand to turn in ${least} to ${most} symbols` +
      (chosen.length ? ` (chosen: ${total} symbol${total === 1 ? "" : "s"})` : "") + ", or place your units."));
    return box;
  }
  const action = ["trade", ...chosen.map((c) => c.card)];
  box.append(el("button", { class: "primary", "data-action": action.join(" "), onclick: () => send(action) },
    `Turn in ${chosen.map((c) => c.card).join(", ")} (${total} symbols) for ${v.recruitment[String(total)]} units`));
  return box;
}
