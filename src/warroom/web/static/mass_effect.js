// RISK Mass Effect in the browser: Basic Training and Galaxy at War. The map is Classic's
// (game.js draws the planets, the borders and Mass Relay lines, and takes clicks), set in a
// galaxy: each region a soft nebula of its colour behind its planets, named at its centre, and
// the Mass Relays drawn as their own kind of line. What differs on the page is the card chart:
// sets are worth fixed amounts by ship class, and traded sets leave the game.
//
// Galaxy at War adds its pieces and meters: planets in their faction's colour (neutral
// Cerberus orange), ships by class round a planet in their faction's colour, Harbinger,
// Reaper Vanguards (a face shown only to a seat the server tells it to: "?" otherwise),
// devastated planets, resource planets, the Momentum and Strategic Planet Meters, the teams,
// the hand with each card's directive (and a teammate's, G28), and one control per battle
// for the dice and the ships along, offering only the server's legal choices.

const MASS_EFFECT_MODES = new Set(["mass-effect-basic", "mass-effect-galaxy-at-war"]);

function isMassEffect(view) {
  return !!view && MASS_EFFECT_MODES.has(view.mode) && Array.isArray(view.territories);
}

function isGaw(view) {
  return isMassEffect(view) && view.mode === "mass-effect-galaxy-at-war";
}

// A connection's class: borders plain, Mass Relays their own line (app.css: .conn.relay).
function massEffectConnClass(kind) {
  return kind === "mass_relay" ? "relay" : "";
}

// The galaxy behind the planets: a dark field, then per region an ellipse round its planets
// (a Palaven-like planet far from the rest of its region gets a nebula of its own) and the
// region's name and bonus.
function galaxyBackdrop(b) {
  const nodes = [svg("rect", { x: 0, y: 0, width: b.width, height: b.height, class: "space", fill: "#e9ecf5" })];
  for (const r of b.regions) {
    const pts = b.territories.filter((t) => t.region === r.name);
    for (const group of clusters(pts, 170)) {
      const xs = group.map((t) => t.x), ys = group.map((t) => t.y);
      const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
      nodes.push(svg("ellipse", { cx, cy, rx: (Math.max(...xs) - Math.min(...xs)) / 2 + 48,
        ry: (Math.max(...ys) - Math.min(...ys)) / 2 + 46, class: "nebula", fill: r.color, "fill-opacity": 0.16,
        stroke: r.color, "stroke-opacity": 0.5 }, svg("title", {}, `${r.name} +${r.bonus}`)));
    }
    const all = pts.length ? pts : [];
    if (!all.length) continue;
    const big = clusters(all, 170).sort((p, q) => q.length - p.length)[0];
    const name = `${r.name} +${r.bonus}`;
    const [lx, ly] = regionNamePlace(b, big, name);
    nodes.push(svg("text", { x: lx, y: ly, class: "regionname", "text-anchor": "middle",
      fill: "#39405a", "font-size": 12, "font-weight": "bold" }, name));
  }
  return nodes;
}

// Where a region's name goes (its text's middle and baseline): above its planets, higher
// still, or under the lowest planet's name, the first spot that covers no planet's disc or
// name, else the one covering least. Sizes are estimated from the words' lengths, wide
// enough for the larger names a narrow screen draws (app.css).
function regionNamePlace(b, group, name) {
  const x = group.reduce((s, t) => s + t.x, 0) / group.length;
  const top = Math.min(...group.map((t) => t.y)), bottom = Math.max(...group.map((t) => t.y));
  const half = name.length * 4;
  const taken = b.territories.flatMap((t) => [
    [t.x - 22, t.y - 22, t.x + 22, t.y + 22],
    [t.x - t.name.length * 4, t.y + 22, t.x + t.name.length * 4, t.y + 40],
  ]);
  const covered = ([sx, sy]) => {
    if (sy > b.height - 4 || sx - half < 0 || sx + half > b.width) return Infinity;
    return taken.reduce((sum, [l, t, r, bt]) =>
      sum + Math.max(0, Math.min(r, sx + half) - Math.max(l, sx - half)) * Math.max(0, Math.min(bt, sy + 3) - Math.max(t, sy - 12)), 0);
  };
  const spots = [[x, Math.max(12, top - 30)], [x, Math.max(12, top - 44)], [x, bottom + 56]];
  const best = spots.reduce((a, c) => (covered(c) < covered(a) ? c : a));
  return covered(best) === Infinity ? spots[0] : best;
}

// Planets joined by steps shorter than `reach` (drawing distance), each group once.
function clusters(pts, reach) {
  const left = new Set(pts), out = [];
  while (left.size) {
    const [first] = left;
    left.delete(first);
    const group = [first];
    for (let i = 0; i < group.length; i++) {
      for (const t of [...left]) {
        if (Math.hypot(t.x - group[i].x, t.y - group[i].y) < reach) { left.delete(t); group.push(t); }
      }
    }
    out.push(group);
  }
  return out;
}

// Under the status line: the fixed set chart and the cards out of play (Galaxy at War: its
// teams, meters and pieces first).
function massEffectCounts(m) {
  const v = m.view;
  if (!isMassEffect(v) || gameOver(m)) return [];
  const chart = Object.entries(v.set_values).map(([k, u]) => `${k} → ${u}`).join(", ");
  if (isGaw(v)) {
    return [...gawCounts(m), el("div", { id: "setchart", class: "muted" }, `Card sets (never grow): ${chart}`)];
  }
  return [
    el("div", { id: "setchart", class: "muted" }, `Card sets (never grow): ${chart}`),
    el("div", { id: "outofplay", class: "muted" }, `${v.deck_size} cards in the deck, ${v.out_of_play.length} out of play`),
  ];
}

// -- Galaxy at War --------------------------------------------------------------------------
// The chart's colours by name (data/mass_effect/galaxy_at_war.json): each side's own shade.
const GAW_COLOURS = {
  "blue": "#2f5fd0", "light blue": "#5aa9e6", "dark blue": "#1f3c8f",
  "red": "#d62828", "burgundy": "#7b1e3c", "orange": "#f08a24",
};
const SHIP_LETTERS = { cruiser: "C", carrier: "K", dreadnought: "D" };

// A side's colour: a seat by its index, neutral Cerberus (no seat) the last side's.
function gawSideColour(view, seat) {
  const side = seat === null || seat === undefined ? view.colours.length - 1 : seat;
  return GAW_COLOURS[view.colours[side]] || cssColour(view.colours[side]) || NEUTRAL_COLOR;
}

// A planet's pieces as badges round its disc, each with its name as a tooltip: Harbinger,
// the Vanguards (their face where this seat knows it), the ships by faction and class, and
// the orange mark of a resource planet; a devastated planet is crossed out.
function gawPieces(view, row) {
  if (!row || !isGaw(view)) return [];
  const out = [];
  const badges = [];
  if (row.harbinger) badges.push(["H", "Harbinger", "harbinger", "#3a0d12", "#fff"]);
  for (const vg of view.vanguards.filter((x) => x.where === row.name)) {
    const face = vg.face === "catalyst" ? "the Catalyst" : vg.face === "reaper" ? "a Reaper token" : "face down";
    badges.push([vg.face === "catalyst" ? "★" : vg.face === "reaper" ? "R" : "?", `Reaper Vanguard: ${face}`,
      `vanguard ${vg.face || "hidden"}`, "#2b2b2b", "#ffd166"]);
  }
  const ships = new Map();
  for (const sh of view.ships.filter((x) => x.planet === row.name)) {
    const key = `${sh.faction}|${sh.class}`;
    ships.set(key, (ships.get(key) || 0) + 1);
  }
  for (const [key, n] of ships) {
    const [faction, klass] = key.split("|");
    const seat = view.factions.indexOf(faction);
    const fill = gawSideColour(view, seat < 0 ? null : seat);
    badges.push([`${n > 1 ? n : ""}${SHIP_LETTERS[klass]}`, `${n} ${faction} ${klass}${n > 1 ? "s" : ""}`,
      `ship ${klass}`, fill, "#fff"]);
  }
  badges.forEach(([text, title, cls, fill, ink], i) => {
    const angle = -Math.PI / 2 + (i - (badges.length - 1) / 2) * 0.62;
    const x = 25 * Math.cos(angle), y = 25 * Math.sin(angle);
    out.push(svg("g", { class: `piece ${cls}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
      svg("title", {}, title),
      svg("circle", { r: 8, fill, stroke: "#111", "stroke-width": 1 }),
      svg("text", { "text-anchor": "middle", dy: 3.5, "font-size": 9, fill: ink, "font-weight": "bold" }, text)));
  });
  if (row.resource) {
    out.push(svg("rect", { class: "piece resource", x: 12, y: 8, width: 8, height: 8, fill: "#f08a24",
      stroke: "#7a4100" }, svg("title", {}, "resource planet (Strategic Planet Meter)")));
  }
  if (view.devastated.includes(row.name)) {
    out.push(svg("g", { class: "piece devastated" }, svg("title", {}, "devastated: no one may enter it"),
      svg("path", { d: "M-11,-11 L11,11 M11,-11 L-11,11", stroke: "#3a0d12", "stroke-width": 4 })));
  }
  return out;
}

// Teams, the meters and the pieces off the map, under the status line.
function gawCounts(m) {
  const v = m.view;
  const who = (seat) => (seat === m.seat ? "you" : v.colours[seat]); // a seat by its shade
  const teams = [];
  for (const team of v.teams) {
    const key = team.join(",");
    if (!teams.some((t) => t.key === key)) teams.push({ key, seats: team });
  }
  const teamLine = teams.map((t) => `${v.factions[t.seats[0]]}: ${t.seats.map(who).join(" + ")}`);
  teamLine[0] = `Teams: ${teamLine[0]}`;
  if (v.colours.length > v.players.length) teamLine.push("Cerberus: neutral");
  const meter = v.momentum_meter.map((space, i) => el("span", {
    class: `mspace ${space.side}${i === v.momentum.space ? " here" : ""}`,
    title: `${space.side}: ${space.extra_cards} extra card${space.extra_cards === 1 ? "" : "s"}` +
      (space.harbinger_mod ? `, Harbinger attacks ${space.harbinger_mod > 0 ? "+" : ""}${space.harbinger_mod}` : ""),
  }, i === v.momentum.space ? "◆" : ""));
  const mom = v.momentum;
  const placed = v.vanguards.filter((x) => x.where !== "stack" && x.where !== "taken");
  const stack = v.vanguards.filter((x) => x.where === "stack").length;
  const taken = v.vanguards.filter((x) => x.where === "taken").length;
  const strategicCards = v.strategic_meter[v.strategic] || 0;
  return [
    el("div", { id: "teams" }, teamLine.join(" · ")),
    el("div", { id: "momentum" }, "Momentum Meter (Reapers ← → Alliance): ", el("span", { class: "meter" }, ...meter),
      ` ${mom.side}` + (mom.extra_cards ? `, +${mom.extra_cards} card${mom.extra_cards === 1 ? "" : "s"}` : "") +
      (mom.harbinger_mod ? `, Harbinger ${mom.harbinger_mod > 0 ? "+" : ""}${mom.harbinger_mod}` : "")),
    el("div", { id: "strategic" }, `Strategic Planet Meter: Cerberus holds ${v.strategic} of 13 resource planets` +
      ` (+${strategicCards} card${strategicCards === 1 ? "" : "s"}; 10 wins for a playing Cerberus)`),
    el("div", { id: "harbinger", class: "muted" }, v.harbinger ? `Harbinger is on ${v.harbinger}` : ["claim", "place-harbinger"].includes(v.phase) ? "Harbinger is not placed yet" : "Harbinger is destroyed"),
    el("div", { id: "vanguards", class: "muted" }, `Vanguards: ${placed.length} on the map, ${stack} in the stack, ` +
      `${taken} removed; Devastation tokens left: ${v.devastation_left}` +
      (v.devastated.length ? ` (devastated: ${v.devastated.join(", ")})` : "")),
    ...(v.built ? [el("div", { id: "built" }, `A ${v.built} is built, to be placed`)] : []),
  ];
}

// The hand: each card's class and directive (G28: a teammate's hand is shown too).
function gawHandNotes(m) {
  const v = m.view;
  if (!isGaw(v) || m.seat === null || !v.hands) return [];
  return Object.entries(v.hands).filter(([seat]) => Number(seat) !== m.seat).map(([seat, cards]) =>
    el("div", { class: "teamhand muted" }, `Your teammate ${m.seats[Number(seat)].plays_as}'s hand: `,
      cards.length ? cards.map((c) => `${c.card} (${c.class}; ${c.directive})`).join(", ") : "no cards"));
}

function gawDirective(v, card) {
  for (const cards of Object.values(v.hands || {})) {
    const c = cards.find((x) => x.card === card);
    if (c) return c.directive;
  }
  return null;
}

// Battles, strikes on Harbinger and ship moves, for the planets picked on the map: one
// control with a choice for the dice and for each class of ship on the source, each offering
// only the counts some legal action has, and a button for the exact legal action chosen. A
// move-in after a conquest gets one too where ships left on the source may follow (ME69).
const SHIP_KINDS = new Set(["attack", "strike", "ships"]);
function gawShipPanels(v, shown, names) {
  if (!isGaw(v)) return { panels: [], rest: shown };
  const byKey = new Map();
  const rest = [];
  const shipsFollow = shown.some((a) => a[0] === "move" && a.length > 2);
  for (const a of shown) {
    const terr = a.slice(1).filter((x) => names.has(x));
    const plain = a.slice(1 + terr.length);
    const moveIn = shipsFollow && a[0] === "move";
    if (!moveIn && (!SHIP_KINDS.has(a[0]) || !terr.length || plain.some((x) => typeof x !== "number"))) { rest.push(a); continue; }
    const key = [a[0], ...terr].join(" ");
    if (!byKey.has(key)) byKey.set(key, { kind: a[0], terr, options: [] });
    byKey.get(key).options.push(a);
  }
  const panels = [...byKey.values()].map((g) => shipPanel(g));
  return { panels, rest };
}

// The numbers after the planets, ships padded with zeros: [dice, cruisers, carriers, dreads].
function shipCounts(kind, a, lead) {
  const nums = a.slice(lead);
  const dice = kind === "ships" ? [] : [nums.shift()];
  while (nums.length < 3) nums.push(0);
  return [...dice, ...nums];
}

function shipPanel(g) {
  const lead = 1 + g.terr.length;
  const labels = g.kind === "ships" ? ["cruisers", "carriers", "dreadnoughts"] : [g.kind === "move" ? "units" : "dice", "cruisers", "carriers", "dreadnoughts"];
  const rows = g.options.map((a) => ({ a, counts: shipCounts(g.kind, a, lead) }));
  const selects = labels.map((label, i) => {
    const values = [...new Set(rows.map((r) => r.counts[i]))].sort((x, y) => x - y);
    const sel = el("select", { "aria-label": `${g.kind} ${label}`, "data-part": label });
    for (const n of values) sel.append(el("option", { value: n }, n));
    sel.value = String(values[values.length - 1]); // the most dice and every ship along
    return { label, sel, values, kept: keepChoice(sel, `${g.kind} ${g.terr.join(" ")} ${label}`) };
  });
  const button = el("button", { class: "primary" });
  const pick = () => {
    const want = selects.map((s) => Number(s.sel.value));
    return rows.find((r) => r.counts.every((n, i) => n === want[i]));
  };
  const update = () => {
    const hit = pick();
    button.disabled = !hit;
    if (hit) button.dataset.action = hit.a.join(" ");
    else button.removeAttribute("data-action");
    button.textContent = hit ? labelOf(hit.a) : "not a legal choice";
    if (hit) button.removeAttribute("title");
    else button.title = "choose fewer ships or dice";
    // The % above the actions: this attack with the ships now chosen; "Attack until it
    // falls" brings them too (startUntil).
    if (hit && g.kind === "attack") {
      G.gawShips = { from: g.terr[0], to: g.terr[1], counts: hit.counts.slice(1) };
      showOdds(g.terr[0], g.terr[1], [hit.a], G.gawShips.counts);
    }
  };
  for (const s of selects) s.sel.onchange = update; // a property: it goes with a kept control
  button.onclick = () => { const hit = pick(); if (hit) send(hit.a); };
  update();
  const parts = selects.filter((s) => s.values.length > 1 || s.label === "dice")
    .flatMap((s) => [" ", s.label, " ", s.kept]);
  return el("div", { class: "grp shippanel", "data-kind": g.kind }, button, ...parts);
}

// The ships in a battle, for the defender's prompt: the attacker's chosen ones and the
// defender's (which always count, G4).
function gawBattleShips(battle) {
  const say = (counts) => ["cruiser", "carrier", "dreadnought"]
    .map((k, i) => (counts && counts[i] ? `${counts[i]} ${k}${counts[i] > 1 ? "s" : ""}` : null)).filter(Boolean).join(", ");
  const att = say(battle.ships), def = say(battle.defending_ships);
  return (att ? ` and ${att}` : "") + (def ? ` (defending ships: ${def})` : "");
}
