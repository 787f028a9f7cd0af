// Shared helpers: element building, JSON requests with readable errors, the saved seats.
"use strict";
const SEAT_COLORS = ["#d62828", "#2a9d3c", "#2f5fd0", "#f08a24", "#8e3bb5", "#1fa6b8"];
const NEUTRAL_COLOR = "#8d8d8d";

// A phrase of the rules as a sentence of its own: "highest score (26 against 15)" after
// "Greeks won." reads "Highest score (26 against 15)."
function sentence(text) {
  const s = String(text).trim();
  return s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? "" : ".");
}

// `press`: the key of a control drawn to be clicked (pressable).
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick" || k === "onchange") node[k] = v;
    else if (k === "press") { if (v !== undefined && v !== null) pressable(node, v); }
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// -- things drawn to be clicked, from the keyboard -----------------------------------------
// A card, a row of a card or a board space drawn to be clicked works as a button does: a Tab
// stop, a button to a screen reader (its aria-label, else its words, names it), Enter or
// Space clicks it. `key` names it across redraws: the page draws everything again on every
// move (anyone's, and its own after a click), and `render` puts the focus back on the control
// of the same key (focusedPress, refocusPress), so a keyboard is not sent back to the page's
// top after each choice. A real button needs only the key.
function pressable(node, key) {
  node.dataset.press = key;
  if (node.tagName === "BUTTON") return node;
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.addEventListener("keydown", (e) => {
    if (e.target !== node || (e.key !== "Enter" && e.key !== " ")) return; // not a nested one's
    e.preventDefault(); // Space would scroll the page
    node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
  return node;
}

// The key of the drawn control that has the keyboard's focus, if one has it.
function focusedPress() {
  const a = document.activeElement;
  return a && a.dataset ? a.dataset.press : undefined;
}

// After a redraw: the focus back on the control of `key`, where the redraw took it away (the
// focused node was replaced) and that control is still drawn.
function refocusPress(key) {
  if (key === undefined || (document.activeElement && document.activeElement !== document.body)) return;
  const again = document.querySelector(`[data-press="${CSS.escape(key)}"]`);
  if (again) again.focus({ preventScroll: true });
}

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Seat-Token"] = token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch (e) {
    // No answer at all (the connection is down): the server refused nothing.
    const err = new Error(`could not reach the server (${e.message})`);
    err.unreached = true;
    throw err;
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.retryAfter = Number(res.headers.get("Retry-After")) || 1; // seconds, on a 429
    throw err;
  }
  return data;
}

// "My games": the seats this browser holds, kept only in this browser.
function myGames() {
  try { return JSON.parse(localStorage.getItem("warroom.games") || "[]"); } catch (e) { return []; }
}
// `invite`: a friend's seat this browser created, kept so its link can be shown again.
function rememberSeat(game, title, seat, token, name, invite) {
  const old = myGames().find((g) => g.game === game && g.seat === seat);
  const list = myGames().filter((g) => !(g.game === game && g.seat === seat));
  const keep = invite === undefined ? !!(old && old.invite) : invite;
  list.unshift({ game, title, seat, token, name, invite: keep, at: Date.now() });
  localStorage.setItem("warroom.games", JSON.stringify(list.slice(0, 50)));
}
function seatLink(game, seat, token) {
  return `/game/${encodeURIComponent(game)}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

// -- a map's zoom and pan -----------------------------------------------------------------
// A phone draws a whole board in its width, its places a finger's width apart or less. The map
// alone (not the page) zooms: pinch it, Ctrl+wheel (a trackpad's pinch) or its −, + and Fit
// buttons; once zoomed, a drag pans it. Only the SVG's viewBox changes, so whatever draws into
// it keeps its own clicks, keyboard and redraws, and a redraw keeps the zoom.
const MAP_ZOOM_MAX = 4; // the densest board's places (Manhattan's) then lie about 70 px apart on a phone
const MAP_ZOOM_STEP = 1.5;
const MAP_DRAG_SLOP = 8; // CSS px a finger may wander in a tap before the tap is a drag

class MapZoom {
  // `bar`: where the buttons go; `focusPoint()`: the map point the buttons zoom about (the
  // selected place, say) or null for the middle of what is shown.
  constructor(svg, bar, focusPoint) {
    this.svg = svg;
    this.focusPoint = focusPoint;
    this.base = null; // the whole map: { x, y, w, h } in map units
    this.scale = 1; // 1: the whole map fits
    this.cx = 0; this.cy = 0; // the middle of what is shown, in map units
    this.pointers = new Map(); // pointerId -> { x, y } in CSS px
    this.gesture = null; // { pinch, x, y, cx, cy, dist, scale, at } as it started
    this.dragged = false; // the press under way moved the map: its click is not a tap
    const button = (text, cls, label, onclick) =>
      el("button", { type: "button", class: `zoombtn ${cls}`, "aria-label": label, title: label, onclick }, text);
    this.out = button("−", "zoomout", "zoom out the map (or pinch it, or Ctrl+wheel)", () => this.zoomBy(1 / MAP_ZOOM_STEP));
    this.in = button("+", "zoomin", "zoom in the map (or pinch it, or Ctrl+wheel); drag to move it", () => this.zoomBy(MAP_ZOOM_STEP));
    this.fit = button("Fit", "zoomfit", "show the whole map", () => { this.scale = 1; this.apply(); });
    bar.replaceChildren(this.out, this.in, this.fit);
    svg.addEventListener("pointerdown", (e) => this.down(e));
    svg.addEventListener("pointermove", (e) => this.move(e));
    for (const kind of ["pointerup", "pointercancel"]) svg.addEventListener(kind, (e) => this.up(e));
    // First of the map's click listeners: a drag's click reaches none of them.
    svg.addEventListener("click", (e) => { if (this.dragged) { e.stopImmediatePropagation(); e.preventDefault(); } }, true);
    svg.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
  }

  // The map's full extent; a new one (another board) shows it whole, the same one keeps the zoom.
  show(x, y, w, h) {
    const b = this.base;
    if (!b || b.x !== x || b.y !== y || b.w !== w || b.h !== h) {
      this.base = { x, y, w, h };
      this.scale = 1;
    }
    this.apply();
  }

  // No zoom (a layout with no room for one): the map's viewBox is its drawer's again, and a
  // press, a pinch or Ctrl+wheel on it is the page's.
  off() {
    this.base = null;
    this.scale = 1;
    this.svg.classList.remove("zoomed");
  }

  view() {
    const b = this.base, w = b.w / this.scale, h = b.h / this.scale;
    return { x: this.cx - w / 2, y: this.cy - h / 2, w, h };
  }

  // The shown part kept inside the map, written to the viewBox and the buttons.
  apply() {
    const b = this.base;
    if (!b) return;
    this.scale = Math.min(MAP_ZOOM_MAX, Math.max(1, this.scale));
    const w = b.w / this.scale, h = b.h / this.scale;
    this.cx = Math.min(b.x + b.w - w / 2, Math.max(b.x + w / 2, this.cx));
    this.cy = Math.min(b.y + b.h - h / 2, Math.max(b.y + h / 2, this.cy));
    const v = this.view();
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.svg.classList.toggle("zoomed", this.scale > 1);
    this.out.disabled = this.fit.disabled = this.scale <= 1;
    this.in.disabled = this.scale >= MAP_ZOOM_MAX;
  }

  // A screen point (CSS px) as a map point.
  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect(), v = this.view();
    return { x: v.x + (clientX - r.left) * v.w / r.width, y: v.y + (clientY - r.top) * v.h / r.height };
  }

  // Zoom by `factor` keeping the map point `at` where it is on the screen.
  zoomAt(factor, at) {
    const v = this.view();
    const fx = (at.x - v.x) / v.w, fy = (at.y - v.y) / v.h;
    this.scale = Math.min(MAP_ZOOM_MAX, Math.max(1, this.scale * factor));
    const w = this.base.w / this.scale, h = this.base.h / this.scale;
    this.cx = at.x - fx * w + w / 2;
    this.cy = at.y - fy * h + h / 2;
    this.apply();
  }

  // The buttons zoom about the selected place while it is in view, else about the middle. A
  // place with an extent (`keep`: map points, a Monopoly space's corners) is then wholly shown
  // where it fits, not cut by the edge it lay near.
  zoomBy(factor) {
    const p = this.focusPoint && this.focusPoint();
    if (!p || !this.shows(p, 0)) {
      this.zoomAt(factor, { x: this.cx, y: this.cy });
      return;
    }
    this.zoomAt(factor, p);
    if (p.keep) this.reveal(p.keep, 0);
  }

  shows(p, margin) {
    const v = this.view();
    return p.x >= v.x + margin && p.x <= v.x + v.w - margin && p.y >= v.y + margin && p.y <= v.y + v.h - margin;
  }

  // Pan (the zoom kept) so that the map points `points` are in view, when one is not.
  reveal(points, margin) {
    if (!this.base || this.scale <= 1 || !points.length || points.every((p) => this.shows(p, margin))) return;
    const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
    this.cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    this.cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    this.apply();
  }

  down(e) {
    if (!this.base || (e.pointerType === "mouse" && e.button !== 0)) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 1) this.dragged = false;
    this.startGesture();
  }

  // What the pointers down now started: one pans, two pinch (about the map point between them).
  startGesture() {
    const ps = [...this.pointers.values()];
    if (!ps.length) { this.gesture = null; return; }
    const [a, b] = ps;
    const mid = b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : a;
    this.gesture = { pinch: !!b, x: mid.x, y: mid.y, cx: this.cx, cy: this.cy, scale: this.scale,
      dist: b ? Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) : 0, at: this.toMap(mid.x, mid.y) };
    if (b) this.grab();
  }

  // The pointers are the map's until they lift: a finger that wanders off it still moves it.
  grab() {
    this.dragged = true;
    for (const id of this.pointers.keys()) {
      try { this.svg.setPointerCapture(id); } catch (err) { /* already lifted */ }
    }
  }

  move(e) {
    if (!this.pointers.has(e.pointerId) || !this.gesture) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = this.gesture, ps = [...this.pointers.values()];
    if (g.pinch && ps.length >= 2) {
      const [a, b] = ps;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const r = this.svg.getBoundingClientRect();
      this.scale = Math.min(MAP_ZOOM_MAX, Math.max(1, g.scale * Math.hypot(a.x - b.x, a.y - b.y) / g.dist));
      const w = this.base.w / this.scale, h = this.base.h / this.scale;
      // The map point first between the fingers stays between them.
      this.cx = g.at.x - ((mid.x - r.left) / r.width) * w + w / 2;
      this.cy = g.at.y - ((mid.y - r.top) / r.height) * h + h / 2;
      this.apply();
      return;
    }
    const dx = e.clientX - g.x, dy = e.clientY - g.y;
    if (!this.dragged && (this.scale <= 1 || Math.hypot(dx, dy) < MAP_DRAG_SLOP)) return;
    if (!this.dragged) this.grab();
    const r = this.svg.getBoundingClientRect(), v = this.view();
    this.cx = g.cx - dx * v.w / r.width;
    this.cy = g.cy - dy * v.h / r.height;
    this.apply();
  }

  up(e) {
    if (!this.pointers.delete(e.pointerId)) return;
    this.startGesture(); // a finger left of a pinch pans on from where it is
    // The click a drag ends in comes before this runs: later clicks are taps again.
    if (!this.pointers.size) setTimeout(() => { if (!this.pointers.size) this.dragged = false; });
  }

  wheel(e) {
    if (!e.ctrlKey || !this.base) return; // a plain wheel scrolls the page
    e.preventDefault();
    this.zoomAt(Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) * 0.01), this.toMap(e.clientX, e.clientY));
  }
}

// -- how to play ----------------------------------------------------------------------------
// A mode's guide in a dialog (the lobby's and the game page's "How to play"). The server renders
// our Markdown with raw HTML escaped; the page still copies it element by element, keeping only
// plain text tags and a link's web address, so nothing in a guide can run or restyle the page.
const GUIDE_TAGS = new Set(["H1", "H2", "H3", "P", "UL", "OL", "LI", "STRONG", "EM", "CODE", "PRE", "BLOCKQUOTE", "A", "BR", "HR"]);

function guideCopy(node) {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.data);
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const children = [...node.childNodes].map(guideCopy);
  if (!GUIDE_TAGS.has(node.tagName)) {
    const text = document.createDocumentFragment();
    text.append(...children.filter((c) => c));
    return text;
  }
  const href = node.tagName === "A" ? node.getAttribute("href") || "" : "";
  const attrs = /^https?:\/\//.test(href) ? { href, target: "_blank", rel: "noopener" } : {};
  return el(node.tagName.toLowerCase(), attrs, children);
}

function guideDialog() {
  let dialog = document.getElementById("guide");
  if (dialog) return dialog;
  const close = el("button", { type: "button", id: "guideclose", class: "guideclose" }, "Close");
  dialog = el("dialog", { id: "guide", class: "guide", "aria-labelledby": "guidetitle" },
    el("div", { class: "guidebar" }, el("span", { id: "guidetitle" }, "How to play"), close),
    el("div", { id: "guidebody", class: "guidebody" }));
  close.onclick = () => dialog.close();
  // A click on the backdrop (outside the dialog's box) closes it too; Escape does by itself.
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
  document.body.append(dialog);
  return dialog;
}

// Open the guide of `mode`; a mode without one says so in the dialog.
async function showGuide(mode) {
  const dialog = guideDialog();
  const body = document.getElementById("guidebody");
  body.replaceChildren(el("p", { class: "muted" }, "loading…"));
  if (!dialog.open) dialog.showModal();
  document.getElementById("guideclose").focus();
  try {
    const res = await fetch(`/api/modes/${encodeURIComponent(mode)}/guide`);
    if (!res.ok) {
      let error = `${res.status} ${res.statusText}`;
      try { error = (await res.json()).error || error; } catch (e) { /* not JSON: the status says it */ }
      throw new Error(error);
    }
    const parsed = new DOMParser().parseFromString(await res.text(), "text/html");
    body.replaceChildren(...[...parsed.body.childNodes].map(guideCopy).filter((c) => c));
  } catch (e) {
    body.replaceChildren(el("p", { class: "error" }, `No guide to show: ${e.message}`));
  }
  body.scrollTop = 0;
}

// A colour a data file gives (`warroom.core.colours`) as a browser draws it: #rgb and #rrggbb as
// given, a name as CSS writes it ("Light Blue" is lightblue), a printed name CSS lacks as its
// shade (as `PRINTED` there); a page's own palette comes first, this for the names it lacks.
const PRINTED_COLOURS = { burgundy: "#800020", reddishbrown: "#a0522d" };
function cssColour(text) {
  if (typeof text !== "string" || !text) return null;
  if (text.startsWith("#")) return text;
  const name = text.replace(/[ -]/g, "").toLowerCase();
  return PRINTED_COLOURS[name] || name;
}
