// RISK Godstorm in the browser. Both boards are drawn as one map by game.js (discs, owners,
// armies, clicks, keyboard): Ancient Earth on top and the Underworld below it, squeezed in
// height, on a dark ground of its own. What this file adds: the two boards joined into one
// drawing, the pieces on a territory (gods, temples, plague markers, sunken Atlantis), the
// Underworld's borders (flame borders, the heavens' gates), the invasion under way, the
// pantheons' faith and cards, the seat's miracle cards (played from the hand), the sealed
// faith bid and the purchase of cards as forms that offer only legal values.

const GODSTORM_MODE = "risk-godstorm";
const UNDER_TOP = 700; // where the Underworld's drawing starts, under Ancient Earth's 640
const UNDER_SQUASH = 0.62; // its height is squeezed: 17 spaces need less room than 42 lands
const DOMAIN_LETTER = { war: "W", magic: "M", sky: "S", death: "D" };
const GODSTORM_DECKS = ["War", "Magic", "Sky", "Death"];

function isGodstorm(view) {
  return !!view && view.mode === GODSTORM_MODE && Array.isArray(view.territories);
}

// Rows of both boards, as the map reads them: Earth's territories, then the Underworld's spaces.
function godstormRows(view) {
  return [...view.territories, ...view.underworld];
}

// Both boards fetched once (their drawing data never changes), then joined into G.board.
function loadGodstormBoards(view) {
  const id = `${view.board}+${view.underworld_board}`;
  if (G.boardId === id) return;
  G.boardId = id;
  G.board = null;
  const get = (b) => api("GET", `/api/boards/${encodeURIComponent(b)}`);
  Promise.all([get(view.board), get(view.underworld_board)])
    .then(([earth, under]) => { G.board = godstormBoard(earth, under); render(); })
    .catch((e) => showError(e.message));
}

function godstormBoard(earth, under) {
  // The heavens stand at the left edge: moved in a little, so their names stay on the map.
  const shift = (t) => ({ ...t, x: 40 + t.x * 0.95, y: UNDER_TOP + (t.y - 40) * UNDER_SQUASH });
  const moved = under.territories.map(shift);
  return {
    id: `${earth.id}+${under.id}`,
    name: `${earth.name} and ${under.name}`,
    width: earth.width,
    height: Math.ceil(Math.max(...moved.map((t) => t.y)) + 50),
    earthHeight: earth.height,
    regions: [...earth.regions, ...under.regions],
    territories: [...earth.territories, ...moved],
    connections: [...earth.connections, ...under.connections],
  };
}

// Behind the discs: Ancient Earth's sea, the Underworld's dark ground, both titled; a note
// where Atlantis has sunk.
function godstormBackdrop(b, view) {
  const top = b.earthHeight + 8;
  const nodes = [
    svg("rect", { x: 0, y: 0, width: b.width, height: b.earthHeight, class: "gs-earth", fill: "#d7e6ef" }),
    svg("text", { x: 12, y: 22, class: "gs-title" }, "Ancient Earth"),
    svg("rect", { x: 0, y: top, width: b.width, height: b.height - top, class: "gs-under", fill: "#3b3146" }),
    svg("text", { x: 12, y: top + 22, class: "gs-title under" }, "The Underworld"),
    svg("text", { x: b.width - 12, y: top + 22, class: "gs-note", "text-anchor": "end" },
      "a heaven's number: its pantheon's dead · red dashes: flame borders (no attack across) · " +
      "dotted: a heaven's way to the gates"),
  ];
  if (view.sunk) {
    const atl = b.territories.filter((t) => t.region === "Atlantis");
    if (atl.length) {
      const x = atl.reduce((s, t) => s + t.x, 0) / atl.length;
      const y = Math.max(...atl.map((t) => t.y)) + 52;
      nodes.push(svg("text", { x, y, class: "gs-sunk", "text-anchor": "middle" }, "Atlantis has sunk"));
    }
  }
  return nodes;
}

// Which board the map shows: both (the Underworld under Ancient Earth), or one alone at the
// map's full width. Both where they fit in the window's height, else Ancient Earth. A decision
// whose places all lie on the board not shown brings that board up (descending, the gate
// after a land); the player's own pick stands until the places to choose change. The tab of
// a board not shown that holds places to choose is marked.
const GS_BOARDS = [["both", "Both boards"], ["earth", "Ancient Earth"], ["under", "The Underworld"]];
const GS = { shown: null, uses: null };

function godstormShown(b, marks) {
  const usable = b.territories.filter((t) => marks[t.name] === "source" || marks[t.name] === "target");
  const earth = usable.some((t) => t.y < b.earthHeight), under = usable.some((t) => t.y > b.earthHeight);
  if (GS.shown === null) {
    const wrap = $("boardwrap");
    const tall = wrap.clientWidth * b.height / b.width;
    GS.shown = wrap.getBoundingClientRect().top + window.scrollY + tall <= window.innerHeight ? "both" : "earth";
  }
  const uses = usable.map((t) => t.name).join("|");
  if (uses !== GS.uses) {
    GS.uses = uses;
    if (GS.shown === "earth" && under && !earth) GS.shown = "under";
    else if (GS.shown === "under" && earth && !under) GS.shown = "earth";
  }
  const waiting = { earth: earth && GS.shown === "under", under: under && GS.shown === "earth" };
  $("boardpick").replaceChildren(...GS_BOARDS.map(([id, name]) => el("button", {
    type: "button", class: `boardtab${GS.shown === id ? " on" : ""}${waiting[id] ? " waiting" : ""}`,
    "aria-pressed": String(GS.shown === id), "data-board": id,
    title: waiting[id] ? `${name}: it holds places you can choose now` : `show ${name.toLowerCase()}`,
    onclick: () => { GS.shown = id; render(); },
  }, name, waiting[id] ? " •" : "")));
  const top = b.earthHeight + 8;
  if (GS.shown === "earth") return [0, 0, b.width, b.earthHeight];
  if (GS.shown === "under") return [0, top, b.width, b.height - top];
  return [0, 0, b.width, b.height];
}

// The keyboard reached a place on the board not shown (Tab, an arrow): that board comes up.
function godstormShowPlace(t) {
  const onEarth = t.y < G.board.earthHeight;
  if ((GS.shown === "earth" && !onEarth) || (GS.shown === "under" && onEarth)) {
    GS.shown = onEarth ? "earth" : "under";
    render();
  }
}

// A border's class: Earth's sea lines as Classic's; the Underworld's paths, flame borders and
// gates; the border a maelstrom covers.
function godstormConnClass(c, view) {
  const m = view.maelstrom;
  if (m && ((m[0] === c.a && m[1] === c.b) || (m[0] === c.b && m[1] === c.a))) return "maelstrom";
  return { land: "", sea: "sea", path: "path", flame: "flame", gate: "gate" }[c.kind] ?? "other";
}

// The pieces on a territory: its gods (their domain's letter in their pantheon's colour), a
// temple, a plague marker; a sunken territory is drawn under water.
function godstormPieces(row) {
  if (!row || row.gods === undefined) return [];
  const badges = [];
  for (const g of row.gods) badges.push([DOMAIN_LETTER[g.domain] || "?", `${g.name}, god of ${g.domain}`, "god", seatColor(g.seat), "#fff"]);
  if (row.temple) badges.push(["T", "temple", "temple", "#f3d27a", "#3b2c00"]);
  if (row.plague) badges.push(["P", "plague land", "plague", "#2f3d1c", "#c6f06b"]);
  const out = badges.map(([text, title, cls, fill, ink], i) => {
    const angle = -Math.PI / 2 + (i - (badges.length - 1) / 2) * 0.75;
    const x = 25 * Math.cos(angle), y = 25 * Math.sin(angle);
    return svg("g", { class: `piece ${cls}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
      svg("title", {}, title),
      svg("circle", { r: 7.5, fill, stroke: "#222", "stroke-width": 1 }),
      svg("text", { "text-anchor": "middle", dy: 3.5, "font-size": 9.5, "font-weight": 700, fill: ink }, text));
  });
  if (row.sunk) {
    out.push(svg("circle", { r: 23, class: "sunkwater" }, svg("title", {}, "sunk with Atlantis")),
      svg("text", { class: "sunkwave", "text-anchor": "middle", dy: 5 }, "≈≈"));
  }
  return out;
}

// A place's caption: a heaven says whose it is (its count is that pantheon's dead).
function godstormLabel(name, row) {
  return row && row.kind === "heaven" && row.owner ? `${name} · ${row.owner}` : name;
}

// How the panel names a seat: "you", or its pantheon (the name the log uses).
function godstormName(m, seat) {
  return seat === m.seat ? "you" : m.view.players[seat].name;
}

// The invasion under way, drawn as the last move is on Classic's map: an arrow from the source
// to the target, with the dice of the last roll when it was this fight's.
function godstormLast(view) {
  const inv = view.invasion;
  if (!inv) return null;
  const last = { kind: "battle", from: inv.from, to: inv.to, text: `invasion of ${inv.to}`,
    key: `inv-${inv.from}-${inv.to}`, live: false };
  const b = G.lastBattle;
  if (b && b.kind === "roll" && inv.attacked && b.from === inv.from && b.to === inv.to) last.dice = { attack: b.attack || [], defend: b.defend || [] };
  return last;
}

// `seat` doing `verb` (written for one), as the log words it: "you attack", "Player 2 attacks",
// but "Greeks attack" (every pantheon's name is a plural).
function godstormDoes(m, seat, verb) {
  if (seat === m.seat) return `you ${verb}`;
  const p = m.view.players[seat];
  return `${p.name} ${p.pantheon ? verb : `${verb}s`}`;
}

// The status line while a defence is awaited, as battlePrompt says Classic's: the view's
// `battle`, worded by the rules (battle_words in games/godstorm/rules.py) for this seat, the
// terminal's header too.
function godstormBattlePrompt(m) {
  const v = m.view;
  return isGodstorm(v) && !gameOver(m) ? v.battle || "" : "";
}

// Under the status line: the epoch and step, the turn order or the sealed bid, the invasion.
function godstormCounts(m) {
  const v = m.view;
  if (!isGodstorm(v) || gameOver(m)) return [];
  const who = (s) => godstormName(m, s);
  const out = [el("div", { id: "epoch" }, `Epoch ${v.epoch} of ${v.epochs}` + (v.sunk ? " · Atlantis has sunk" : ""))];
  if (v.bids) {
    const bits = v.bidders.map((s, i) => {
      const b = v.bids[i];
      return b === null ? `${who(s)} deciding` : b < 0 ? `${who(s)} sealed` : `${who(s)} bid ${b}`;
    });
    out.push(el("div", { id: "turnorder" }, `Faith bid for turn order (sealed, every bid is paid): ${bits.join(", ")}`));
  } else if (v.markers.every((s) => s < 0) && !v.bid_rank.length) {
    // Setup: nobody holds a marker before the first bid.
    out.push(el("div", { id: "turnorder" }, "Turn order: settled by sealed faith bids once setup is done"));
  } else {
    const order = v.markers.map((s, i) => {
      const now = v.current !== null && i === v.turn_of_epoch ? " ◀" : "";
      return `${i + 1}. ${s >= 0 ? who(s) : "—"}${now}`;
    });
    let text = `Turn order: ${order.join("  ")}`;
    if (v.bid_rank.length) text += ` (to choose a marker: ${v.bid_rank.map(who).join(", ")})`;
    out.push(el("div", { id: "turnorder" }, text));
  }
  const inv = v.invasion;
  if (inv) {
    // The gods by name, as the status line has them ("with war" named only the domain).
    const named = v.players[inv.attacker].god_names || {};
    const gods = inv.gods.length
      ? ` with ${inv.gods.map((d) => (named[d] ? `${named[d]}, god of ${d}` : d)).join(" and ")}` : "";
    // No seat: the 2-player game's neutral (by its name), or an empty place, entered with no
    // one to fight (A15, A16: an invasion without a defender).
    const empty = inv.defender === null && !inv.holder;
    const defender = empty ? "empty" : inv.defender === null ? inv.holder : who(inv.defender);
    let text = `${godstormDoes(m, inv.attacker, empty ? "enter" : "invade")} ${inv.to} (${defender}) from ` +
      `${inv.from}: ${inv.committed} ${inv.committed === 1 ? "army" : "armies"}${gods}`;
    if (inv.god) text += `; godswar: the attacker sends its ${inv.god} god`;
    if (inv.dice) text += `; attacking with ${inv.dice} ${inv.dice === 1 ? "die" : "dice"}`;
    out.push(el("div", { id: "invasion" }, text));
  }
  return out;
}

// Each pantheon's cell in the players' table, two short lines: faith and points if the game
// ended now; lands, reserve, the dead in its heaven, cards by deck (counts only: which card is
// hidden, G6). Its gods and relics are the tooltip (the gods are on the map too).
function godstormPlayerCells(v, seat) {
  const p = v.players[seat];
  if (!p) return [];
  const cards = GODSTORM_DECKS.filter((d) => p.hand_counts[d]).map((d) => `${p.hand_counts[d]} ${d}`).join(", ") || "none";
  const gods = Object.entries(p.gods).filter(([, where]) => where).map(([d, where]) => `${p.god_names[d] || d} (${d}) in ${where}`);
  const lands = v.territories.filter((t) => t.seat === seat && !t.sunk);
  const armies = lands.reduce((a, t) => a + t.armies, 0);
  const title = `gods: ${gods.join(", ") || "none on the board"}; relics: ${p.relics.join(", ") || "none"}`;
  return [el("td", { class: "gsplayer", "data-seat": seat, title },
    el("div", {}, el("b", {}, p.pantheon || "no pantheon yet"), ` · ${p.faith} faith · ${p.points} pts`,
      p.eliminated ? " · out" : ""),
    el("div", { class: "muted" }, `${lands.length} lands, ${armies} armies · reserve ${p.reserve ?? "unlimited"} · dead ${p.heaven} · ` +
      `cards: ${cards}` + (p.relics.length ? ` · ${p.relics.length} relic${p.relics.length === 1 ? "" : "s"}` : "")))];
}

// The seat's miracle cards: name, deck, cost and what each does; a card that may be played now
// is a button that narrows the action panel to that card's targets.
function renderGodstormHand() {
  const v = G.msg.view;
  const hand = v.cards;
  $("handcard").hidden = !Array.isArray(hand);
  if (!Array.isArray(hand)) return;
  const casts = legalActions().filter((a) => a[0] === "cast");
  $("hand").replaceChildren(...(hand.length ? hand.map((c) => {
    // What it does on the card, as MCU's hand does (a phone shows no hover text).
    const label = [c.name, ` · ${c.deck} · ${c.free ? "free" : `${c.cost} faith`}`,
      el("span", { class: "cardwords" }, c.does)];
    const title = `${c.id}: ${c.does}`;
    if (!casts.some((a) => a[1] === c.id)) return el("span", { class: "cardchip", title, "data-card": c.id }, label);
    const on = G.castCard === c.id;
    return el("button", { class: `cardchip tradeable${on ? " on" : ""}`, "data-card": c.id, "aria-pressed": on ? "true" : "false",
      title: `${title} — click to play it`, press: `hand ${c.id}`, onclick: () => { G.castCard = on ? null : c.id; G.actionsKey = null; render(); } }, label);
  }) : [el("span", { class: "muted" }, "no miracle cards")]));
}

// The invasions the panel gives odds for, as /odds asks them: the one under way while its
// invader chooses to roll on (or fight the godswar on) or stop; else each one offered between
// the places selected, each choice of gods going along (a descent from a space; from the
// heaven, one click on the gate).
function godstormOddsAsked(pick, shown) {
  const inv = G.msg.view.invasion;
  if (inv) return shown.some((a) => ["roll", "fight"].includes(a[0])) ? [{ source: inv.from, target: inv.to }] : [];
  if (!pick.length) return [];
  const names = territoryNames();
  const asked = shown.filter((a) => ["invade", "descend"].includes(a[0]) &&
    JSON.stringify(mapTerr(a, names)) === JSON.stringify(pick));
  const byGods = new Map(asked.map((a) => [a[0] === "invade" ? a[3] : "", { source: a[1], target: a[2], gods: a[0] === "invade" ? a[3] : "" }]));
  return [...byGods.values()];
}

// Each invasion asked (godstormOddsAsked) with the chance to take the place invading until it
// falls, in the game's own dice (gods, temple, relics, the godswar first where one is due;
// the Underworld's plain dice), one line each, worded by the server as anyone may read it. A
// Sky card the defender may yet answer with is unknown: the line says it is not counted.
async function showInvasionOdds(pick, shown) {
  const asked = godstormOddsAsked(pick, shown);
  if (!asked.length) return;
  const key = G.msg.state;
  try {
    const answers = await Promise.all(asked.map((c) => {
      const q = new URLSearchParams({ source: c.source, target: c.target, state: key });
      if (c.gods) q.set("gods", c.gods);
      return api("GET", `/api/games/${encodeURIComponent(GAME)}/odds?${q}`);
    }));
    if (answers.some((o) => o.stale) || !G.msg || G.msg.state !== key) return;
    const v = G.msg.view;
    const held = Object.fromEntries([...v.territories, ...v.underworld].map((t) => [t.name, t.armies]));
    const lines = answers.map((o, i) => el("div", { class: "invodds", "data-gods": asked[i].gods || "-" },
      el("b", {}, `${o.words}: `),
      !held[asked[i].target] ? "no one holds it: entered without a roll (A16)" :
      `${(100 * o.p_conquest).toFixed(1)}% to take it (expected losses: you ` +
      `${o.expected_attacker_losses.toFixed(1)}, them ${o.expected_defender_losses.toFixed(1)})` +
      (o.godswar ? "; the godswar first, gods fighting in domain order" : "") +
      (o.unseen ? `; ${o.unseen}` : "")));
    $("odds").replaceChildren(el("div", { class: "muted" }, "Invading until it falls or no army is left to attack with:"), ...lines);
  } catch (e) { /* odds are advice; the invasion still works without them */ }
}

// The panel's own controls: the sealed faith bid (a number from 0 to the faith held) and the
// purchase of miracle cards (a count per deck; only combinations the rules allow are sent).
function renderGodstormPanel() {
  const m = G.msg;
  const box = $("modepanel");
  const v = m.view;
  const legal = legalActions();
  const bids = legal.filter((a) => a[0] === "bid").map((a) => a[1]);
  const buys = legal.filter((a) => a[0] === "buy");
  const mine = v.bids && m.seat !== null ? v.bids[v.bidders.indexOf(m.seat)] : null;
  const key = JSON.stringify([m.seat, bids, buys, mine, gameOver(m)]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const parts = [];
  if (bids.length) parts.push(bidForm(Math.min(...bids), Math.max(...bids), v));
  else if (typeof mine === "number" && mine >= 0) parts.push(el("div", { id: "bidsealed", class: "muted" }, `Your bid is sealed: ${mine} faith.`));
  if (buys.length) parts.push(buyForm(buys));
  swapChildren(box, parts);
}

function bidForm(least, most, v) {
  const input = el("input", { type: "number", id: "bidfaith", min: least, max: most, step: 1, value: least,
    inputmode: "numeric", "aria-label": "faith to bid", style: "width:5em" });
  const why = el("div", { class: "error", id: "biderror" });
  const seal = () => {
    const n = Number(input.value);
    if (!Number.isInteger(n) || n < least || n > most) { why.textContent = `A bid is a whole number from ${least} to ${most}.`; return; }
    send(["bid", n]);
  };
  input.onkeydown = (e) => { if (e.key === "Enter") { e.preventDefault(); seal(); } }; // goes with a kept field
  return el("div", { class: "grp gsbid", id: "gsbid" },
    el("div", {}, `Epoch ${v.epoch}: bid faith for turn order. Bids are sealed until all are in, and every bid is paid; ` +
      "the highest bidder chooses a turn-order marker first."),
    el("label", {}, "Bid ", keepChoice(input, "godstorm bid"), ` faith (0 to ${most}) `),
    el("button", { class: "primary", "data-action": "bid", onclick: seal }, "Seal bid"), why);
}

function buyForm(buys) {
  const most = Math.max(...buys.map((a) => a.slice(1).reduce((s, n) => s + n, 0)));
  // Nothing to buy (no faith, no god of a deck's domain, empty decks): no form of zeros,
  // just the one way on.
  if (most === 0) {
    return el("div", { class: "grp gsbuy", id: "gsbuy" },
      el("div", {}, "No miracle card can be bought now."),
      el("button", { class: "primary", "data-action": "buy 0 0 0 0", onclick: () => send(["buy", 0, 0, 0, 0]) }, labelOf(["buy", 0, 0, 0, 0])));
  }
  const selects = GODSTORM_DECKS.map((d, i) => {
    const top = Math.max(...buys.map((a) => a[1 + i]));
    const sel = el("select", { "data-deck": d, "aria-label": `${d} cards to buy` });
    for (let n = 0; n <= top; n++) sel.append(el("option", { value: n }, n));
    return sel;
  });
  const kept = selects.map((sel, i) => keepChoice(sel, `buy ${GODSTORM_DECKS[i]}`));
  const go = el("button", { class: "primary", "data-action": "buy" }, "Buy");
  const why = el("span", { class: "muted", id: "buywhy" });
  const chosen = () => ["buy", ...selects.map((s) => Number(s.value))];
  const legal = (a) => buys.some((b) => JSON.stringify(b) === JSON.stringify(a));
  const check = () => {
    const ok = legal(chosen());
    go.disabled = !ok;
    why.textContent = ok ? "" : " not allowed: too many cards, or more than your faith pays for";
  };
  for (const s of selects) s.onchange = check;
  go.onclick = () => { if (legal(chosen())) send(chosen()); };
  check();
  return el("div", { class: "grp gsbuy", id: "gsbuy" },
    el("div", {}, `Buy miracle cards (at most ${most} in all):`),
    el("div", {}, ...GODSTORM_DECKS.map((d, i) => el("label", { class: "gsdeck" }, `${d} `, kept[i]))),
    go, why,
    legal(["buy", 0, 0, 0, 0]) ? el("button", { "data-action": "buy 0 0 0 0", onclick: () => send(["buy", 0, 0, 0, 0]) }, labelOf(["buy", 0, 0, 0, 0])) : null);
}
