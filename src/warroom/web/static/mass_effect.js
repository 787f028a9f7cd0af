// RISK Mass Effect Basic Training in the browser. The map is Classic's (game.js draws the
// planets, the borders and Mass Relay lines, and takes clicks), set in a galaxy: each region a
// soft nebula of its colour behind its planets, named at its centre, and the Mass Relays drawn
// as their own kind of line. What differs on the page is the card chart: sets are worth fixed
// amounts by ship class, and traded sets leave the game.

const MASS_EFFECT_MODES = new Set(["mass-effect-basic"]);

function isMassEffect(view) {
  return !!view && MASS_EFFECT_MODES.has(view.mode) && Array.isArray(view.territories);
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
    const lx = big.reduce((s, t) => s + t.x, 0) / big.length, ly = Math.min(...big.map((t) => t.y)) - 30;
    nodes.push(svg("text", { x: lx, y: Math.max(12, ly), class: "regionname", "text-anchor": "middle",
      fill: "#39405a", "font-size": 12, "font-weight": "bold" }, `${r.name} +${r.bonus}`));
  }
  return nodes;
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

// Under the status line: the fixed set chart and the cards out of play.
function massEffectCounts(m) {
  const v = m.view;
  if (!isMassEffect(v) || m.outcome || m.stopped) return [];
  const chart = Object.entries(v.set_values).map(([k, u]) => `${k} → ${u}`).join(", ");
  return [
    el("div", { id: "setchart", class: "muted" }, `Card sets (never grow): ${chart}`),
    el("div", { id: "outofplay", class: "muted" }, `${v.deck_size} cards in the deck, ${v.out_of_play.length} out of play`),
  ];
}
