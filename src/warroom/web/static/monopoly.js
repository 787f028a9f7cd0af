// The Monopoly board: the classic square ring of spaces drawn from /api/boards/monopoly/ID,
// with owners, buildings, sidelined heroes and tokens from the seat's view, and in the middle
// the players' money, the Bank's stock, the decks and whatever is pending, in plain words.
// Only drawing happens here; the action panel (game.js) still sends every intent.
"use strict";
// `zoom`: the board's zoom and pan on a phone (common.js's MapZoom); `revealed`: the followed
// token's space last brought into view; `keyFocus`: the space the keyboard was last on (the
// board's Tab stop when no action names a space); `widths`: name lines' widths (fitTexts).
const MONO = { board: null, boardId: null, pick: null, keyFocus: null, tokens: {}, moving: {}, zoom: null, revealed: null, widths: new Map() };
const MS = 1000; // the drawing is MS x MS user units
const MC = 132; // corner size; also the depth of every side space
const BAND = 24; // the set-colour band along the inner edge of a hero
const KIND_TINT = { deck: "#fff5d9", tax: "#eeeeee", battle: "#f0e4f8", "dice-hero": "#e7eefb" };
// app.css's phone layout. There the board is drawn whole in the screen's width, its words too
// small to read until zoomed, so what lies in its middle (the players' money, a space's
// details) goes under it at a readable size; elsewhere it stays in the middle, unzoomed.
const MONO_NARROW = matchMedia("(max-width: 760px)");
MONO_NARROW.addEventListener("change", () => { if (MONO.board && isMonopoly(G.msg.view)) render(); });

function isMonopoly(view) {
  return typeof view.mode === "string" && view.mode.startsWith("monopoly") && Array.isArray(view.owner);
}

function renderMonopoly() {
  const view = G.msg.view;
  $("monowrap").hidden = false;
  if (!MONO.zoom) MONO.zoom = new MapZoom($("mboard"), $("monozoom"), monoFocus);
  if (MONO.boardId !== view.board) {
    MONO.boardId = view.board;
    api("GET", `/api/boards/monopoly/${encodeURIComponent(view.board)}`)
      // The actions are drawn again too: their labels read the board's prices.
      .then((b) => { MONO.board = b; G.actionsKey = null; render(); })
      .catch((e) => showError(e.message));
  }
  if (MONO.board) drawMonopoly();
}

// -- geometry -----------------------------------------------------------------------------
// Spaces run from GO (bottom right) leftwards, up the left side, right along the top and down
// the right side. `inner` is the side facing the middle of the board.
function spaceBox(i, side) {
  const w = (MS - 2 * MC) / (side - 1);
  const k = i % side, edge = Math.floor(i / side);
  if (k === 0) {
    const [x, y] = [[MS - MC, MS - MC], [0, MS - MC], [0, 0], [MS - MC, 0]][edge];
    return { x, y, w: MC, h: MC, corner: true, edge };
  }
  if (edge === 0) return { x: MS - MC - k * w, y: MS - MC, w, h: MC, inner: "top", edge };
  if (edge === 1) return { x: 0, y: MS - MC - k * w, w: MC, h: w, inner: "right", edge };
  if (edge === 2) return { x: MC + (k - 1) * w, y: 0, w, h: MC, inner: "bottom", edge };
  return { x: MS - MC, y: MC + (k - 1) * w, w: MC, h: w, inner: "left", edge };
}

// The band along the inner edge, and the rest of the space (where words and tokens go).
function bandAndBody(g) {
  if (g.inner === "top") return [{ x: g.x, y: g.y, w: g.w, h: BAND }, { x: g.x, y: g.y + BAND, w: g.w, h: g.h - BAND }];
  if (g.inner === "bottom") return [{ x: g.x, y: g.y + g.h - BAND, w: g.w, h: BAND }, { x: g.x, y: g.y, w: g.w, h: g.h - BAND }];
  if (g.inner === "right") return [{ x: g.x + g.w - BAND, y: g.y, w: BAND, h: g.h }, { x: g.x, y: g.y, w: g.w - BAND, h: g.h }];
  return [{ x: g.x, y: g.y, w: BAND, h: g.h }, { x: g.x + BAND, y: g.y, w: g.w - BAND, h: g.h }];
}

// Words wrapped to lines of at most `max` characters; a word too long is cut with a dot.
function wrapWords(text, max, lines) {
  const out = [];
  for (const word of text.split(/\s+/)) {
    const w = word.length > max + 3 ? `${word.slice(0, max + 2)}.` : word; // fitText squeezes a little
    if (out.length && (out[out.length - 1] + " " + w).length <= max) out[out.length - 1] += " " + w;
    else out.push(w);
  }
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = out[lines - 1].slice(0, max - 1) + "…";
  }
  return out;
}

function textLines(lines, x, y, cls, lineHeight) {
  return lines.map((line, n) => svg("text", { x, y: y + n * lineHeight, class: cls, "text-anchor": "middle" }, line));
}

// -- drawing ------------------------------------------------------------------------------
function drawMonopoly() {
  const b = MONO.board;
  const m = G.msg;
  const v = m.view;
  const root = $("mboard");
  const narrow = MONO_NARROW.matches;
  if (narrow) MONO.zoom.show(0, 0, MS, MS);
  else {
    MONO.zoom.off();
    root.setAttribute("viewBox", `0 0 ${MS} ${MS}`);
  }
  const marks = monoActionSpaces();
  // The space the last roll took its player to is ringed (the roll itself is in the middle).
  const roller = G.lastRoll && v.status[G.lastRoll.seat];
  const landed = roller && !roller.in_jail ? roller.position : null;
  const defs = svg("defs", {},
    svg("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 3, height: 8, fill: "rgba(60,60,60,.28)" })));
  const nodes = [defs, svg("rect", { x: 0, y: 0, width: MS, height: MS, class: "mfelt" })];
  const textNodes = [];
  // From the keyboard the board is one stop on the way to the Actions, not forty: the spaces
  // an action uses now and the one whose details are open are Tab stops, else the space last
  // focused (GO at first); the arrow keys go round the board from space to space (monoArrow).
  const stopped = b.spaces.some((sp) => marks.has(sp.name) || MONO.pick === sp.index);
  const resting = MONO.keyFocus !== null ? MONO.keyFocus : b.spaces[0].index;
  for (const sp of b.spaces) {
    const g = spaceBox(sp.index, b.side);
    const picked = MONO.pick === sp.index;
    // Enter or Space opens a space's details as a click does (and they are read as its
    // description), Escape closes them.
    const group = pressable(svg("g", { class: `mspace k-${sp.kind}${picked ? " picked" : ""}${marks.has(sp.name) ? " acts" : ""}${landed === sp.index ? " mlanded" : ""}`,
      "data-index": sp.index, "data-name": sp.name, "aria-label": spaceLabel(sp, b, v, marks.has(sp.name)),
      "aria-expanded": picked ? "true" : "false", ...(picked ? { "aria-describedby": "mdetails" } : {}) }), `space ${sp.index}`);
    const stop = picked || marks.has(sp.name) || (!stopped && sp.index === resting);
    group.setAttribute("tabindex", stop ? "0" : "-1");
    group.append(svg("title", {}, spaceTitle(sp, v)));
    group.append(svg("rect", { x: g.x, y: g.y, width: g.w, height: g.h, class: "mcell", fill: KIND_TINT[sp.kind] || "#fbf8ef" }));
    if (g.corner) drawCorner(group, sp, g, b);
    else drawSide(group, sp, g, v);
    group.append(svg("rect", { x: g.x + 5, y: g.y + 5, width: g.w - 10, height: g.h - 10, rx: 4, class: "mfocus" }));
    group.addEventListener("click", () => pickSpace(sp.index));
    group.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && MONO.pick !== null) { e.preventDefault(); pickSpace(null); return; }
      const to = monoArrow(sp.index, e.key, b);
      if (to === null) return;
      e.preventDefault();
      MONO.zoom.reveal(spaceExtent(spaceBox(to, b.side)), 0); // a phone's zoomed board follows
      const next = $("mboard").querySelector(`g.mspace[data-index="${to}"]`);
      if (next) next.focus();
    });
    group.addEventListener("focus", () => {
      MONO.keyFocus = sp.index;
      if (stopped) return; // the spaces asked for stay the stops
      for (const other of $("mboard").querySelectorAll('g.mspace[tabindex="0"]')) other.setAttribute("tabindex", "-1");
      group.setAttribute("tabindex", "0"); // Shift+Tab from the Actions comes back here
    });
    nodes.push(group);
    textNodes.push(...group.querySelectorAll("text.mname"));
  }
  nodes.push(...drawTokens(b, v, m));
  const center = centerPanel(b, v, m);
  const under = $("monocenter");
  if (narrow) {
    under.replaceChildren(center);
  } else {
    const fo = svg("foreignObject", { x: MC + 8, y: MC + 8, width: MS - 2 * MC - 16, height: MS - 2 * MC - 16 });
    fo.append(center);
    nodes.push(fo);
    under.replaceChildren();
  }
  under.hidden = !narrow;
  root.replaceChildren(...nodes);
  fitTexts(textNodes);
  revealFollowed(b, v);
}

// The seat whose token the board follows: your own, or for a spectator the player on turn.
function monoFollowed(v) {
  return G.msg.seat !== null ? G.msg.seat : turnSeat(v);
}

// What the zoom buttons zoom about and keep whole in view: the space picked, else the
// followed token's space.
function monoFocus() {
  const b = MONO.board;
  if (!b) return null;
  const token = MONO.tokens[monoFollowed(G.msg.view)];
  const index = MONO.pick !== null ? MONO.pick : token ? tokenSpace(b, token) : null;
  if (index === null) return null;
  const g = spaceBox(index, b.side);
  return { x: g.x + g.w / 2, y: g.y + g.h / 2, keep: spaceExtent(g) };
}

function tokenSpace(b, token) {
  return token.space === "jail" ? b.rules.jail : token.space;
}

// The space an arrow key goes to from space `index`: of the two spaces beside it on the ring,
// the one that lies that way on the screen (Left along the bottom row goes on from GO, Up the
// left column, Right the top row, Down the right column back to GO; at a corner both ways
// lead on), or none. Home and End go to the first and the last space.
function monoArrow(index, key, b) {
  const count = b.spaces.length;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  const way = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!way) return null;
  const centre = (i) => { const g = spaceBox(i, b.side); return [g.x + g.w / 2, g.y + g.h / 2]; };
  const [x, y] = centre(index);
  let best = null, farthest = 0;
  for (const i of [(index + 1) % count, (index + count - 1) % count]) {
    const [cx, cy] = centre(i);
    const along = (cx - x) * way[0] + (cy - y) * way[1];
    if (along > farthest) { best = i; farthest = along; }
  }
  return best;
}

// A space's corners, for MapZoom to keep in view.
function spaceExtent(g) {
  return [{ x: g.x, y: g.y }, { x: g.x + g.w, y: g.y + g.h }];
}

// The followed token moved (a roll, a card, to Jail) off the zoomed board's edge: its space
// comes into view, once; the board is then the player's to pan.
function revealFollowed(b, v) {
  const token = MONO.tokens[monoFollowed(v)];
  if (!token || token.space === MONO.revealed) return;
  MONO.revealed = token.space;
  MONO.zoom.reveal(spaceExtent(spaceBox(tokenSpace(b, token), b.side)), 0);
}

// A line wider than its space (fonts differ) is squeezed rather than spilled over. Each line's
// width is measured once a page (by its words and size): measuring lays the page out, and a
// squeeze between two measures would lay it out again, at every state the board is drawn.
function fitTexts(texts) {
  const key = (t) => `${t.getAttribute("font-size")} ${t.textContent}`;
  for (const t of texts) {
    if (MONO.widths.has(key(t))) continue;
    let width = 0;
    try { width = t.getComputedTextLength(); } catch (e) { /* not laid out */ }
    if (width > 0) MONO.widths.set(key(t), width); // 0: not laid out (hidden), measured later
  }
  for (const t of texts) {
    const max = Number(t.dataset.max);
    if (max && MONO.widths.get(key(t)) > max) {
      t.setAttribute("textLength", max);
      t.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

function nameLines(group, name, box, top, size, lines) {
  const max = Math.max(4, Math.floor((box.w - 6) / (size * 0.6)));
  const words = wrapWords(name, max, lines);
  for (const t of textLines(words, box.x + box.w / 2, top, "mname", size + 1.5)) {
    t.setAttribute("font-size", size);
    t.dataset.max = box.w - 6;
    group.append(t);
  }
}

function drawSide(group, sp, g, v) {
  const [band, body] = bandAndBody(g);
  const owner = v.owner[sp.index];
  const level = v.level[sp.index] || 0;
  const sidelined = v.sidelined[sp.index];
  if (sp.kind === "hero") {
    group.append(svg("rect", { x: band.x, y: band.y, width: band.w, height: band.h, fill: sp.color, class: "mband" }));
    drawBuildings(group, band, level);
  } else if (sp.kind === "dice-hero") {
    group.append(svg("rect", { x: band.x, y: band.y, width: band.w, height: band.h, fill: "#5a6b86", class: "mband" }));
    group.append(svg("text", { x: band.x + band.w / 2, y: band.y + band.h / 2 + 6, class: "mdice", "text-anchor": "middle" }, "⚄"));
  }
  const wide = body.w > body.h;
  nameLines(group, sp.name, body, body.y + 16, 13, wide ? 2 : 3);
  // The foot of the space: what it costs, or who owns it.
  const foot = { x: body.x + 3, y: body.y + body.h - 20, w: body.w - 6, h: 17 };
  if (owner !== undefined && owner >= 0) {
    const label = sidelined ? `${seatTag(owner)} sidelined` : seatTag(owner);
    group.append(svg("rect", { x: foot.x, y: foot.y, width: foot.w, height: foot.h, rx: 4, fill: seatColor(owner), class: "mowner" }));
    const t = svg("text", { x: foot.x + foot.w / 2, y: foot.y + 12.5, class: "mownertext", "text-anchor": "middle" }, label);
    t.classList.add("mname");
    t.dataset.max = foot.w - 4;
    group.append(t);
    if (sidelined) {
      group.append(svg("rect", { x: g.x, y: g.y, width: g.w, height: g.h, fill: "url(#hatch)", class: "msidelined" }));
    }
  } else {
    group.append(svg("text", { x: foot.x + foot.w / 2, y: foot.y + 13, class: "mfoot", "text-anchor": "middle" }, spaceFoot(sp)));
  }
}

// Bases as small green houses along the band, a Headquarters as one big red block.
function drawBuildings(group, band, level) {
  if (!level) return;
  const along = band.w >= band.h;
  const len = along ? band.w : band.h;
  const cx = (t) => (along ? band.x + t : band.x + band.w / 2);
  const cy = (t) => (along ? band.y + band.h / 2 : band.y + t);
  if (level >= 5) {
    const [w, h] = along ? [Math.min(44, len - 8), 16] : [16, Math.min(44, len - 8)];
    group.append(svg("rect", { x: cx(len / 2) - w / 2, y: cy(len / 2) - h / 2, width: w, height: h, rx: 2, class: "mhq" }));
    group.append(svg("text", { x: cx(len / 2), y: cy(len / 2) + 4, class: "mhqtext", "text-anchor": "middle" }, "HQ"));
    return;
  }
  const step = len / 4;
  for (let n = 0; n < level; n++) {
    const t = step * (n + 0.5);
    group.append(svg("rect", { x: cx(t) - 6.5, y: cy(t) - 6.5, width: 13, height: 13, rx: 1.5, class: "mbase" }));
  }
}

function drawCorner(group, sp, g, b) {
  const cx = g.x + g.w / 2;
  if (sp.kind === "go") {
    group.append(svg("text", { x: cx, y: g.y + 26, class: "marrow", "text-anchor": "middle" }, "◀━━"));
    group.append(svg("text", { x: cx, y: g.y + 68, class: "mgo", "text-anchor": "middle" }, "GO"));
    group.append(svg("text", { x: cx, y: g.y + 88, class: "mcorner", "text-anchor": "middle" }, `collect M${b.rules.go_salary}`));
  } else if (sp.kind === "jail") {
    // The cell is the inner square; the outer L is "just visiting".
    const cell = jailCell(g);
    group.append(svg("rect", { x: cell.x, y: cell.y, width: cell.w, height: cell.h, class: "mcellbars" }));
    for (let k = 1; k < 5; k++) {
      group.append(svg("line", { x1: cell.x + (k * cell.w) / 5, y1: cell.y, x2: cell.x + (k * cell.w) / 5, y2: cell.y + cell.h, class: "mbars" }));
    }
    group.append(svg("rect", { x: cell.x, y: cell.y, width: cell.w, height: 19, class: "mjaillabel" }));
    group.append(svg("text", { x: cell.x + cell.w / 2, y: cell.y + 14.5, class: "mcorner strong", "text-anchor": "middle" }, "IN JAIL"));
    group.append(svg("text", { x: g.x + g.w / 2, y: g.y + g.h - 8, class: "mcorner", "text-anchor": "middle" }, "just visiting"));
  } else if (sp.kind === "free-parking") {
    group.append(...textLines(["FREE", "PARKING"], cx, g.y + 56, "mcorner strong big", 24));
  } else if (sp.kind === "go-to-jail") {
    group.append(...textLines(["GO TO", "JAIL"], cx, g.y + 56, "mcorner strong big", 24));
    group.append(svg("text", { x: cx, y: g.y + 110, class: "marrow", "text-anchor": "middle" }, "↙"));
  } else {
    nameLines(group, sp.name, g, g.y + 50, 15, 3);
  }
}

function jailCell(g) {
  const s = g.w * 0.62;
  return { x: g.x + g.w - s, y: g.y, w: s, h: s };
}

function spaceFoot(sp) {
  if (sp.kind === "hero" || sp.kind === "dice-hero") return `M${sp.price}`;
  if (sp.kind === "tax") return `pay M${sp.amount}`;
  if (sp.kind === "battle") return `roll a ${sp.number}`;
  if (sp.kind === "deck") return "draw a card";
  return "";
}

// What a screen reader says for a space: its name and what it is, as its details say it: a
// hero's price, owner, buildings and the payment it asks now; what a tax, deck or battle
// space does; who stands there; whether an action names it now.
function spaceLabel(sp, b, v, acts) {
  const parts = [sp.name];
  const owner = v.owner[sp.index];
  const level = v.level[sp.index] || 0;
  if (sp.kind === "hero" || sp.kind === "dice-hero") {
    parts.push(`${sp.kind === "hero" ? `hero, ${sp.set} set` : "dice hero"}, price M${sp.price}`);
    if (owner >= 0) parts.push(`owned by ${seatPlain(owner)}${v.sidelined[sp.index] ? ", sidelined (no payments)" : ""}`);
    else parts.push("not drafted yet");
    if (level) parts.push(level >= 5 ? "a Headquarters" : `${level} Base${level > 1 ? "s" : ""}`);
    if (sp.kind === "dice-hero") parts.push(`payment: the dice times ${sp.multipliers.join(" or ")}`);
    else if (level) parts.push(`payment M${sp.payments[level]}`);
    else parts.push(`payment M${sp.payments[0]}, M${2 * sp.payments[0]} with the whole set`);
  } else if (sp.kind === "go") {
    parts.push(`collect M${b.rules.go_salary}`);
  } else if (spaceFoot(sp)) {
    parts.push(`${sp.kind === "deck" ? "" : `${sp.kind}: `}${spaceFoot(sp)}`);
  }
  const here = v.status.map((p, seat) => [p, seat]).filter(([p]) => p.alive !== false && p.position === sp.index);
  if (here.length) parts.push(`here: ${here.map(([p, seat]) => seatPlain(seat) + (p.in_jail ? " (in Jail)" : "")).join(", ")}`);
  if (acts) parts.push("you can act on it now");
  return parts.join("; ");
}

function spaceTitle(sp, v) {
  const owner = v.owner[sp.index];
  const who = owner >= 0 ? `, owned by ${seatName(owner)}` : "";
  return `${sp.name}${sp.price ? ` (M${sp.price})` : ""}${who}`;
}

// Tokens: each living player on their space; in Jail inside the cell, visitors outside it.
function drawTokens(b, v, m) {
  const at = new Map();
  v.status.forEach((p, seat) => {
    if (p.alive === false) return;
    const key = p.in_jail ? "jail" : p.position;
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(seat);
  });
  const out = [];
  for (const [key, seats] of at) {
    const jail = b.rules.jail;
    const g = spaceBox(key === "jail" ? jail : key, b.side);
    let area;
    if (key === "jail") {
      const c = jailCell(g);
      area = { x: c.x + 4, y: c.y + 20, w: c.w - 8, h: c.h - 24 };
    } else if (key === jail) {
      area = { x: g.x + 4, y: g.y + g.w * 0.62 + 2, w: g.w - 8, h: g.h - g.w * 0.62 - 22 };
    } else if (g.corner) {
      area = { x: g.x + 8, y: g.y + g.h - 36, w: g.w - 16, h: 30 };
    } else {
      const body = bandAndBody(g)[1];
      const wide = body.w > body.h;
      const top = wide ? 34 : 48;
      area = { x: body.x + 3, y: body.y + top, w: body.w - 6, h: Math.max(20, body.h - top - 22) };
    }
    out.push(...tokenGroup(seats, area, v, m));
  }
  return out;
}

function tokenGroup(seats, area, v, m) {
  const n = seats.length;
  let r = 11;
  let cols = n;
  for (; r > 5; r -= 0.5) {
    cols = Math.max(1, Math.floor(area.w / (2 * r + 2)));
    if (Math.ceil(n / cols) * (2 * r + 2) <= area.h + 2 * r) break;
  }
  cols = Math.min(cols, n);
  const rows = Math.ceil(n / cols);
  const x0 = area.x + area.w / 2 - ((cols - 1) * (2 * r + 2)) / 2;
  const y0 = area.y + area.h / 2 - ((rows - 1) * (2 * r + 2)) / 2;
  return seats.map((seat, k) => {
    const x = x0 + (k % cols) * (2 * r + 2), y = y0 + Math.floor(k / cols) * (2 * r + 2);
    const current = seat === turnSeat(v); // nobody's once the game is over
    const node = svg("g", { class: `mtoken${current ? " current" : ""}`, "data-seat": seat },
      svg("title", {}, `${seatName(seat)} — ${v.status[seat].where}`),
      svg("circle", { cx: x, cy: y, r, fill: seatColor(seat) }),
      svg("text", { x, y: y + r * 0.42, "font-size": r * 1.15, "text-anchor": "middle" }, seat + 1));
    moveToken(node, seat, v.status[seat], x, y);
    return node;
  });
}

// A token that changed space walks there: space by space forwards (up to 12 spaces), straight
// otherwise (to Jail, back a few spaces); once per move, carried on over redraws (animateOnce).
function moveToken(node, seat, status, x, y) {
  const b = MONO.board;
  const space = status.in_jail ? "jail" : status.position;
  const prev = MONO.tokens[seat];
  MONO.tokens[seat] = { space, x, y };
  if (prev && prev.space !== space) {
    const frames = [{ transform: `translate(${prev.x - x}px, ${prev.y - y}px)` }];
    const ahead = typeof space === "number" && typeof prev.space === "number"
      ? (space - prev.space + b.spaces.length) % b.spaces.length : 0;
    if (ahead > 1 && ahead <= 12) {
      for (let k = 1; k < ahead; k++) {
        const g = spaceBox((prev.space + k) % b.spaces.length, b.side);
        frames.push({ transform: `translate(${g.x + g.w / 2 - x}px, ${g.y + g.h / 2 - y}px)` });
      }
    }
    frames.push({ transform: "translate(0px, 0px)" });
    MONO.moving[seat] = { key: `token${seat}-${G.msg.state}`, frames, duration: 140 * frames.length };
  }
  const mv = MONO.moving[seat];
  if (mv) animateOnce(node, mv.key, mv.frames, mv.duration);
}

// -- the middle of the board ------------------------------------------------------------
function centerPanel(b, v, m) {
  const box = el("div", { class: "mcenter" });
  // A clicked space's details, until closed (× or a second click): over the foot of the
  // board's middle, under whose turn it is and the players' money, or first under a phone's
  // board (app.css).
  if (MONO.pick !== null && b.spaces[MONO.pick]) box.append(spaceDetails(b.spaces[MONO.pick], b, v));
  box.append(el("div", { class: "mtitle" }, el("span", { class: "mlogo" }, "MONOPOLY"),
    el("span", { class: "muted" }, ` ${b.name.replace(/^Monopoly:?\s*/i, "")}`)));
  box.append(turnLine(v));
  box.append(playersTable(b, v, m));
  const pending = gameOver(m) ? [] : pendingLines(b, v); // nothing is pending once it is over
  if (pending.length) box.append(el("div", { class: "mpending" }, pending.map((t) => el("div", {}, t))));
  const decks = b.decks.map((d) => `${d.name}: ${v.deck_sizes[d.id] ?? "?"} cards`).join(" · ");
  box.append(el("div", { class: "mbank" },
    el("span", { class: "mbase-ico" }), ` Bank: ${v.bank.bases} of ${b.rules.bases} Bases · `,
    el("span", { class: "mhq-ico" }), ` ${v.bank.headquarters} of ${b.rules.headquarters} Headquarters`));
  box.append(el("div", { class: "mbank" }, `Decks: ${decks}`));
  box.append(el("div", { class: "muted mhelp" }, MONO_NARROW.matches
    ? "Tap a space for its price and payments; pinch the board, or +, to zoom it in to read."
    : "Click a space (or Tab to it and press Enter) for its price and payments."));
  return box;
}

function turnLine(v) {
  const roll = G.lastRoll;
  // Once the game is over the banner says so: the middle says what its table now holds.
  const parts = turnSeat(v) === null ? [el("b", {}, `Turn ${v.turn}: the final standings`)]
    : [el("b", {}, `Turn ${v.turn}: ${seatPlain(v.current)}'s turn`), ` · ${v.step}`]; // the view's words
  if (v.doubles && turnSeat(v) !== null) parts.push(` (${v.doubles} double${v.doubles > 1 ? "s" : ""} so far)`);
  const line = el("div", { class: "mturn" }, ...parts);
  if (roll && Array.isArray(roll.dice)) {
    line.append(el("span", { class: "mroll" }, ` · last roll by ${seatPlain(roll.seat)}: `,
      roll.dice.map((d) => el("span", { class: "mdie", title: String(d) }, "⚀⚁⚂⚃⚄⚅"[d - 1] || d)),
      ` = ${roll.dice.reduce((a, d) => a + d, 0)}`));
  }
  return line;
}

function pendingLines(b, v) {
  const out = [];
  const money = (x) => `M${x}`;
  for (const c of v.claims || []) {
    // The amount is what asking would collect now; 0: the hero is sidelined or has changed hands.
    if (c.amount === 0) {
      out.push(`Rent: ${seatPlain(c.owner)} cannot ask ${seatPlain(c.payer)} for anything for ${c.space} now (sidelined or no longer theirs).`);
      continue;
    }
    const amount = c.amount < 0 ? `${-c.amount} times a roll of the dice` : money(c.amount);
    out.push(`Rent: ${seatPlain(c.owner)} may ask ${seatPlain(c.payer)} for ${amount} for ${c.space} (until the next roll).`);
  }
  const au = v.auction;
  if (au) {
    const what = au.item === "hero" ? au.space : `the last ${au.item === "hq" ? "Headquarters" : "Base"}`;
    const high = au.bidder === null || au.bidder === undefined ? "no bids yet" : `high bid ${money(au.high)} by ${seatPlain(au.bidder)}`;
    // Everyone listed may bid (a bid resets every pass); who has passed since the last bid.
    const passed = (au.passed || []).length ? ` Passed since the last bid: ${au.passed.map(seatPlain).join(", ")}.` : "";
    out.push(`Auction for ${what}: ${high}; next bid at least ${money(au.min_bid)}. ` +
      `May bid: ${au.seats.map(seatPlain).join(", ")}.${passed}`);
  }
  const of = v.offer;
  if (of) {
    out.push(`Trade offer from ${seatPlain(of.proposer)} to ${seatPlain(of.receiver)}: gives ${items(b, of.give)}; ` +
      `wants ${items(b, of.get)}.`);
  }
  const d = v.debt;
  if (d) {
    const to = d.creditor === null || d.creditor === undefined ? "the Bank" : seatPlain(d.creditor);
    // why: what the debt pays for (a hero, a tax, a card, a lost battle), as its event line says
    const why = d.why ? ` (${d.why})` : "";
    out.push(`Debt: ${seatPlain(d.debtor)} owes ${money(d.amount)} to ${to}${why} and must raise it (sell, sideline) or go bankrupt.`);
  }
  if (v.call) {
    out.push(`${seatPlain(v.call.builder)} wants the last ${v.call.building === "hq" ? "Headquarters" : "Base"}; ` +
      "the others say whether they want it too (then it is auctioned).");
  }
  for (const a of v.acquire || []) {
    out.push(`${seatPlain(a.seat)} received ${a.space} sidelined: reactivate it now or keep it sidelined (10% fee).`);
  }
  if (v.window && v.window.length) {
    out.push(`Before ${seatPlain(v.current)} rolls, ${v.window.map(seatPlain).join(", ")} may build or trade.`);
  }
  return out;
}

// The ways out of Jail open to the seat now, from its legal actions: the roll for doubles
// always; the fine where its cash pays it; a Get Out of Jail Free card where it holds one.
function monoJailWays(legal) {
  const ways = ["roll for doubles"];
  if (legal.some((a) => a[0] === "pay")) {
    ways.push(MONO.board ? `pay M${MONO.board.rules.jail_fine}` : "pay the fine");
  }
  const cards = legal.filter((a) => a[0] === "use");
  if (cards.length) ways.push(`use ${cards.length === 1 ? "your" : "a"} Get Out of Jail Free card`);
  const last = ways.pop();
  return `${ways.length ? `${ways.join(", ")} or ${last}` : last} to leave Jail`;
}

// What the rules ask of `seat` now, in words with the names this page shows ("" where it is not
// asked anything): for the status line. The decisions come in the rules' order (`_to_move`):
// a trade offer, a sidelined hero received, a debt, a call for the last building, an auction,
// then the turn (rent to ask, the window before the roll, the roll or the end; `legal`, the
// seat's actions, says which ways out of Jail are open).
function monoAsked(v, seat, legal) {
  if (!v.to_move.includes(seat)) return "";
  const building = (kind) => (kind === "hq" ? "Headquarters" : "Base");
  if (v.offer) {
    const terms = MONO.board ? ` (gives ${items(MONO.board, v.offer.give)}; wants ${items(MONO.board, v.offer.get)})` : "";
    return `accept or decline ${seatPlain(v.offer.proposer)}'s trade offer${terms}`;
  }
  if (v.acquire.length) return `reactivate ${v.acquire[0].space} now or keep it sidelined (10% fee)`;
  if (v.debt) {
    const d = v.debt;
    const to = d.creditor === null ? "the Bank" : seatPlain(d.creditor);
    const owed = `M${d.amount} to ${to}${d.why ? ` (${d.why})` : ""}`;
    // Nothing left to sell or sideline: the rules offer only deals and bankruptcy.
    if (legal.some((a) => a[0] === "bankrupt")) return `you cannot pay ${owed}: offer a deal to raise it, or go bankrupt`;
    return `pay ${owed}, selling or sidelining to raise it if you must`;
  }
  if (v.call) {
    return `say whether you want the last ${building(v.call.building)} too ` +
      `(${seatPlain(v.call.builder)} wants it; if anyone else does, it is auctioned)`;
  }
  const au = v.auction;
  if (au) {
    const what = au.item === "hero" ? au.space : `the last ${building(au.item)}`;
    const high = au.bidder === null ? "no bids yet" : `high bid M${au.high} by ${seatPlain(au.bidder)}`;
    return `bid at least M${au.min_bid} in the auction for ${what} (${high}), or pass`;
  }
  if (v.phase === "draft") return `draft ${v.status[seat].space} or put it up for auction`;
  const parts = [];
  for (const c of v.claims) {
    if (c.owner !== seat) continue;
    if (c.amount === 0) parts.push(`forgo the rent on ${c.space} (sidelined or no longer yours)`);
    else {
      const amount = c.amount < 0 ? `${-c.amount} times a roll of the dice` : `M${c.amount}`;
      parts.push(`ask ${seatPlain(c.payer)} for ${amount} rent on ${c.space}, or forgo it`);
    }
  }
  if (seat === v.current) {
    if (v.phase !== "start") parts.push("end your turn");
    else parts.push(v.status[seat].in_jail ? monoJailWays(legal) : "roll the dice");
  } else if (v.window.includes(seat)) {
    parts.push(`build or trade if you like, then say done before ${seatPlain(v.current)} rolls`);
  }
  return parts.join("; ");
}

function items(b, list) {
  if (!list || !list.length) return "nothing";
  return list.map((x) => {
    if (typeof x === "number") return `M${x}`;
    const deck = b.decks.find((d) => `${d.id}-card` === x);
    return deck ? `${/^[aeiou]/i.test(deck.name) ? "an" : "a"} ${deck.name} card` : x;
  }).join(", ");
}

function playersTable(b, v, m) {
  const head = el("tr", {}, ["", "player", "cash", "worth", "where", "cards"].map((h) => el("th", {}, h)));
  const rows = v.status.map((p, seat) => {
    const heroes = v.owner.filter((o) => o === seat).length;
    const where = p.alive === false ? "bankrupt" : p.in_jail ? `in Jail (${p.jail_turns} of ${b.rules.jail_turns} tries used)` : p.where;
    const turn = seat === turnSeat(v);
    const cls = [turn ? "current" : "", m.to_move.includes(seat) ? "moving" : "", p.alive === false ? "out" : ""].join(" ");
    return el("tr", { class: cls },
      el("td", {}, el("span", { class: "mchip", style: `background:${seatColor(seat)}` }, seat + 1)),
      el("td", {}, seatPlain(seat), seat === m.seat ? " (you)" : "",
        seatName(seat) !== seatPlain(seat) ? el("span", { class: "muted small" }, seatName(seat).slice(seatPlain(seat).length)) : "",
        turn ? " ◀" : ""),
      el("td", { class: "num" }, `M${p.cash}`),
      el("td", { class: "num" }, `M${p.net_worth}`),
      el("td", {}, where, heroes ? el("span", { class: "muted" }, ` · ${heroes} hero${heroes > 1 ? "es" : ""}`) : ""),
      el("td", {}, p.cards.length ? items(b, p.cards) : "—"));
  });
  return el("table", { class: "mplayers" }, head, rows);
}

function spaceDetails(sp, b, v) {
  const owner = v.owner[sp.index];
  const level = v.level[sp.index] || 0;
  const close = el("button", { class: "mclose", onclick: () => pickSpace(null), "aria-label": `close ${sp.name}'s details` }, "×");
  const box = el("div", { class: "mdetails", id: "mdetails", "data-index": sp.index }, close);
  const band = sp.color ? `border-top: 10px solid ${sp.color}` : "";
  box.setAttribute("style", band);
  box.append(el("div", { class: "mdname" }, sp.name));
  // A hero's owner, buildings and who pays on landing change with play; the rest, what its
  // rulebook section says in short (The Board Spaces), comes with the board (`about`, the
  // terminal's `look` text too).
  const r = b.rules;
  const lines = [];
  if (sp.kind === "hero" || sp.kind === "dice-hero") {
    lines.push(`Price M${sp.price}. ` + (owner >= 0 ? `Owned by ${seatName(owner)}` +
      (v.sidelined[sp.index] ? ", sidelined (no payments)" : "") + "." : "Not drafted yet."));
    lines.push(owner >= 0 ? "Whoever else lands here pays the owner, if asked before the next roll." :
      `Whoever lands here drafts it at that price, or the Banker auctions it (bids from M${r.bid_start}).`);
    if (level) lines.push(level >= 5 ? "Has a Headquarters." : `Has ${level} Base${level > 1 ? "s" : ""}.`);
  }
  lines.push(...sp.about);
  box.append(...lines.map((t) => el("div", {}, t)));
  if (sp.kind === "hero") {
    const p = sp.payments;
    const labels = ["alone", "full set", "1 Base", "2 Bases", "3 Bases", "4 Bases", "Headquarters"];
    const values = [p[0], 2 * p[0], p[1], p[2], p[3], p[4], p[5]];
    const now = owner >= 0 ? (level ? level + 1 : null) : null;
    box.append(el("table", { class: "mpay" },
      el("tr", {}, labels.map((l, k) => el("th", { class: now === k ? "now" : "" }, l))),
      el("tr", {}, values.map((x, k) => el("td", { class: now === k ? "now" : "" }, `M${x}`)))));
  }
  const here = v.status.map((p, s) => [p, s]).filter(([p]) => p.alive !== false && p.position === sp.index);
  if (here.length) box.append(el("div", { class: "muted" }, `Here: ${here.map(([p, s]) => seatName(s) + (p.in_jail ? " (in Jail)" : "")).join(", ")}`));
  // The legal actions that name this space, as a shortcut; the panel offers them all too.
  const acts = legalActions().filter((a) => a.slice(1).includes(sp.name));
  if (acts.length) {
    box.append(el("div", { class: "mdacts" }, acts.slice(0, 12).map((a) =>
      el("button", { onclick: () => send(a), "data-action": a.join(" ") }, labelOf(a)))));
  }
  return box;
}

// Spaces some legal action names (build, sell, sideline, reactivate, ask): outlined.
function monoActionSpaces() {
  const names = new Set(MONO.board.spaces.map((s) => s.name));
  const out = new Set();
  for (const a of legalActions()) {
    if (a[0] === "offer") continue; // trades name every hero: they would light up the board
    for (const x of a.slice(1)) if (names.has(x)) out.add(x);
  }
  return out;
}

function pickSpace(index) {
  MONO.pick = MONO.pick === index ? null : index;
  render();
}

function seatName(seat) {
  const s = G.msg && G.msg.seats[seat];
  return s ? s.name : `Player ${seat + 1}`;
}

function seatPlain(seat) {
  return seatName(seat).split(" (")[0];
}

// An owner's tag at the foot of a space, one form for every seat whatever its name's length:
// its number, as its token on the board shows it (the space's details give the name).
function seatTag(seat) {
  return `P${seat + 1}`;
}

// -- standing choices, auction plans, composing offers -----------------------------------
// Interface-side automation only: each sends an ordinary action the rules list (or, for an
// offer, the text the rules parse); the rules decide as for a click.
const MONO_STANDING = [
  { id: "auction", pick: monoAuctionPick, delay: 200 },
  { id: "rent", label: "claim rent automatically", title: "send 'ask HERO' whenever a payment is yours to ask for",
    pick: () => legalActions().find((a) => a[0] === "ask") || null },
  { id: "window", label: "keep my window closed",
    title: "say 'done' when the window before another player's roll opens and nothing else is pending for you",
    pick: () => {
      const legal = legalActions();
      if (legal.some((a) => a[0] === "ask")) return null; // a payment to ask for first
      return legal.find((a) => a[0] === "done") || null;
    } },
];

// One auction: its turn, item and space (a new auction, a new plan).
function monoAuctionKey(v) {
  return v.auction ? `${v.turn}|${v.auction.item}|${v.auction.space}` : null;
}

// The plan for the auction under way: { key, max } (bid up to max) or { key, out: true }.
// Kept in localStorage per game and seat, as the standing ticks are, so that a reload or the
// link opened again goes on answering this auction as the player asked; a plan for an
// auction that is over is dropped there too.
function monoPlan() {
  const key = monoAuctionKey(G.msg.view);
  if (MONO.plan === undefined) MONO.plan = storedPlan();
  if (MONO.plan && MONO.plan.key !== key) keepPlan(null);
  return MONO.plan;
}

function planStore() {
  return `warroom.plan.${GAME}.${G.msg.seat}`;
}

function storedPlan() {
  let plan = null;
  try { plan = JSON.parse(localStorage.getItem(planStore()) || "null"); } catch (e) { return null; }
  const ok = plan && typeof plan.key === "string" && (plan.out === true || Number.isInteger(plan.max));
  return ok ? plan : null;
}

function keepPlan(plan) {
  MONO.plan = plan;
  try {
    if (plan) localStorage.setItem(planStore(), JSON.stringify(plan));
    else localStorage.removeItem(planStore());
  } catch (e) { /* storage refused (private mode, full): the plan lasts as long as the page */ }
}

// Each time the auction asks me: the smallest legal raise while it is within my maximum,
// else pass; dropped out, pass. The rules ask a player who passed again after a later bid
// (a bid resets every pass), so "drop out" keeps answering.
function monoAuctionPick(m) {
  const v = m.view;
  const plan = monoPlan();
  if (!v.auction || !plan) return null;
  const legal = legalActions();
  const pass = legal.find((a) => a[0] === "pass");
  if (!pass) return null;
  if (plan.out) return pass;
  const lo = v.auction.min_bid;
  const raise = legal.find((a) => a[0] === "bid" && a[1] === lo);
  return lo <= plan.max && raise ? raise : pass;
}

// A pass clicked in an auction drops out of it: the rules ask a player who passed again after
// every later bid (a bid resets every pass), so bots raising in turn asked again and again.
// The panel then says so and offers "Back in".
function monoSent(view, action) {
  const au = view.auction;
  if (action[0] !== "pass" || !au || !au.seats.includes(G.msg.seat)) return;
  if (monoAuctionKey(G.msg.view) === monoAuctionKey(view)) setPlan({ out: true });
}

function setPlan(plan) {
  keepPlan(plan ? { key: monoAuctionKey(G.msg.view), ...plan } : null);
  G.autoState = -1;
  render();
}

// The panel under the actions: the auction plan, an offer made to me, the offer composer.
function renderMonoPanel() {
  const m = G.msg;
  const box = $("modepanel");
  const v = m.view;
  if (m.seat === null || gameOver(m)) { swapChildren(box, []); box.dataset.key = ""; return; }
  const plan = monoPlan();
  const key = JSON.stringify([m.seat, !!MONO.board, v.auction, plan, v.offer, v.any_time, v.owner, v.status.map((p) => [p.alive, p.cash, p.cards])]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  // A redraw (money moved, a bid) leaves the field being typed in where it is (swapChildren).
  swapChildren(box, [monoAuctionControls(v, plan), monoIncoming(v), monoComposer(v)].filter((x) => x));
}

function monoAuctionControls(v, plan) {
  const au = v.auction;
  const me = G.msg.seat;
  if (!au || !au.seats.includes(me)) return null;
  const box = el("div", { class: "grp mplan", id: "mplan" });
  if (plan && plan.out) {
    box.append(el("div", {}, "You dropped out of this auction: the page passes whenever it asks you."));
    box.append(el("button", { "data-action": "plan-cancel", onclick: () => setPlan(null) }, "Back in (answer myself)"));
    return box;
  }
  if (plan) {
    box.append(el("div", {}, `Bidding for you up to M${plan.max}, by the smallest raise; above it the page passes.`));
    box.append(el("button", { "data-action": "plan-cancel", onclick: () => setPlan(null) }, "Cancel the maximum"));
    return box;
  }
  const cash = v.status[me].cash;
  const n = el("input", { type: "number", min: au.min_bid, max: cash, id: "maxbid", "aria-label": "maximum bid",
    value: Math.min(cash, Math.max(au.min_bid, MONO.lastMax || au.min_bid)), style: "width:6em" });
  const go = () => {
    const max = Math.floor(Number(n.value));
    if (!Number.isFinite(max) || max < 1) { showError("Refused: a maximum is a whole amount of M"); return; }
    MONO.lastMax = max;
    setPlan({ max });
  };
  // What is typed here is kept while bids redraw this (keepChoice), for this auction only.
  box.append(el("span", {}, "Bid up to M"), keepChoice(n, `maxbid ${monoAuctionKey(v)}`), " ",
    el("button", { "data-action": "bid-up-to", onclick: go }, "Set maximum"), " ",
    el("button", { "data-action": "drop-out", onclick: () => setPlan({ out: true }) }, "Drop out"));
  return box;
}

function monoIncoming(v) {
  const of = v.offer;
  if (!of || of.receiver !== G.msg.seat) return null;
  const b = MONO.board;
  return el("div", { class: "grp moffer", id: "incoming" },
    el("div", {}, `${seatPlain(of.proposer)} offers you ${b ? items(b, of.give) : of.give.join(", ")} ` +
      `for ${b ? items(b, of.get) : of.get.join(", ")}.`),
    el("button", { class: "primary", "data-action": "accept", onclick: () => send(["accept"]) }, "Accept"), " ",
    el("button", { "data-action": "decline", onclick: () => send(["decline"]) }, "Decline"));
}

// Compose an offer: a player, my heroes/cards and cash to give, theirs and cash to get.
// Sent as the text the rules parse (`offer PLAYER give ... get ...`); the server checks it.
function monoComposer(v) {
  const b = MONO.board;
  const me = G.msg.seat;
  const others = v.status.map((p, s) => s).filter((s) => s !== me && v.status[s].alive !== false);
  if (!b || !others.length || v.status[me].alive === false) return null;
  // Only while the rules would take an offer from me (`any_time`); what is ticked waits.
  if (!v.any_time.includes(me)) {
    return el("div", { class: "grp mcompose muted", id: "composer-later" },
      "Offer a deal on your turn, or before another player rolls.");
  }
  const c = MONO.compose || (MONO.compose = { to: others[0], give: [], get: [], giveCash: 0, getCash: 0 });
  if (!others.includes(c.to)) Object.assign(c, { to: others[0], get: [], getCash: 0 });
  const box = el("div", { class: "grp mcompose", id: "composer" }, el("div", { class: "mhead" }, "Offer a deal"));
  // The composer's fields hold MONO.compose; data-keep only keeps the one in use in place.
  const who = el("select", { id: "offerto", "aria-label": "offer to", "data-keep": "offerto" },
    others.map((s) => el("option", { value: s }, seatPlain(s))));
  who.value = String(c.to);
  who.onchange = () => { Object.assign(c, { to: Number(who.value), get: [], getCash: 0 }); redrawComposer(); };
  box.append(el("div", {}, "to ", who));
  box.append(composeSide("give", "I give", me, c.give, "giveCash", c), composeSide("get", "I want", c.to, c.get, "getCash", c));
  box.append(el("button", { class: "primary", "data-action": "send-offer", onclick: sendComposed }, "Send offer"));
  return box;
}

function redrawComposer() {
  $("modepanel").dataset.key = "";
  renderMonoPanel();
}

function heldBy(v, seat) {
  const b = MONO.board;
  const heroes = b.spaces.filter((sp) => v.owner[sp.index] === seat).map((sp) => sp.name);
  return [...heroes, ...v.status[seat].cards];
}

function composeSide(side, title, seat, chosen, cashKey, c) {
  const v = G.msg.view;
  const things = heldBy(v, seat);
  const box = el("div", { class: `mside ${side}`, "data-side": side }, el("div", { class: "muted" }, `${title}:`));
  for (const name of things) {
    const tick = el("input", { type: "checkbox", "data-item": name });
    tick.checked = chosen.includes(name);
    tick.addEventListener("change", () => {
      const list = c[side];
      if (tick.checked && !list.includes(name)) list.push(name);
      if (!tick.checked) c[side] = list.filter((x) => x !== name);
    });
    box.append(el("label", { class: "mitem" }, tick, ` ${items(MONO.board, [name])}`));
  }
  if (!things.length) box.append(el("span", { class: "muted" }, "no heroes or cards "));
  const cash = el("input", { type: "number", min: 0, max: v.status[seat].cash, value: c[cashKey] || 0,
    "data-cash": side, "data-keep": `cash ${side}`, "aria-label": `cash ${side === "give" ? "to give" : "to get"}`, style: "width:6em" });
  cash.oninput = () => { c[cashKey] = Math.max(0, Math.floor(Number(cash.value) || 0)); };
  box.append(el("label", {}, " and M", cash));
  return box;
}

function quoted(word) {
  return /^[\w-]+$/.test(word) ? word : `"${word}"`;
}

// The offer as the rules write it, e.g. offer "Player 2" give "Iron Man" 100 get stark-card.
function composedText() {
  const v = G.msg.view;
  const c = MONO.compose;
  const side = (seat, chosen, cash) => {
    const words = heldBy(v, seat).filter((x) => chosen.includes(x)).map(quoted);
    if (cash > 0) words.push(String(cash));
    return words.join(" ");
  };
  const give = side(G.msg.seat, c.give, c.giveCash);
  const get = side(c.to, c.get, c.getCash);
  return `offer ${quoted(`Player ${c.to + 1}`)} give ${give}${give ? " " : ""}get ${get}`.trim();
}

async function sendComposed() {
  const text = composedText();
  if (await send(null, text)) {
    MONO.compose = null;
    redrawComposer();
  }
}
