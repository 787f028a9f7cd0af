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

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick" || k === "onchange") node[k] = v;
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
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
