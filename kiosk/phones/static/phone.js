// The phone page of one seat: shows the seat's view (observation + legal actions), pushed over a
// WebSocket, and plays an action with one POST.  No build step, no library.  The seat's token is
// in an HttpOnly cookie: this script never sees it, and no URL holds it.
"use strict";

// The page's words come from the kiosk's catalogues (/api/words, kiosk/phones/server.py's
// PAGE_WORDS): {offered: the languages the button steps through, words: {lang: {name: text}},
// fields: {lang: {observation field: its name}}}.  Until they arrive the page says nothing.
let WORDS = null;
let early = [];     // what the table sent before the words arrived
const SKIP = new Set(["schema", "game", "you", "players", "to_act", "hand"]);
// The observation format this page reads (engine/game.py's OBSERVATION_SCHEMA): a view of another
// one (a page cached from an older table) is not shown, only a word to reload.
const SCHEMA = 1;

let view = null;
let lang = "en";
let socket = null;
let retries = 0;
let busy = false;
let gone = false;
let paused = false;   // the seat's game left the table, saved: the page waits for it to come back
let told = null;      // a café park's next round seats this phone's player elsewhere, or not at all

// The page's language: ?lang= in its address (any language with catalogues, the pseudo-locale
// too), else the one chosen on this phone before, else the phone's own if offered, else English.
function pickLang() {
  const have = (l) => l && WORDS.words[l] !== undefined;
  const asked = new URLSearchParams(location.search).get("lang");
  if (have(asked)) return asked;
  const saved = localStorage.getItem("tablecup-lang");
  if (have(saved)) return saved;
  const own = (navigator.language || "en").slice(0, 2).toLowerCase();
  return WORDS.offered.includes(own) ? own : "en";
}

// The language the button offers: the next offered one (from a language not offered: the first).
function nextLang() {
  const at = WORDS.offered.indexOf(lang);            // -1 when not offered: the first
  return WORDS.offered[(at + 1) % WORDS.offered.length];
}

function w(key, args) {
  if (!WORDS) return "";
  let s = (WORDS.words[lang] && WORDS.words[lang][key]) || WORDS.words.en[key] || key;
  for (const [k, v] of Object.entries(args || {})) s = s.replace("{" + k + "}", v);
  return s;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function keyName(k) {
  const named = WORDS && WORDS.fields[lang] && WORDS.fields[lang][k];
  return named || k.replace(/_/g, " ");
}

function chip(value) {
  if (value === null || value === undefined) return el("span", "chip hidden", w("hidden"));
  if (typeof value === "boolean") return el("span", "chip", value ? w("yes") : w("no"));
  return el("span", "chip", String(value));
}

// A card of the hand as the game describes it (kiosk/phones/cardface.py), drawn as the table
// draws it: the table's face, a frame in the card's colour, a band in its owner's (else the
// frame's), its big number and a tag, its name, pips, and its icon faint in the frame's colour;
// its accessible name is the card in words.
function hexOr(value, fallback) { return /^#[0-9a-f]{6}$/i.test(value || "") ? value : fallback; }

function cardFace(c) {
  const face = el("div", "pcard");
  face.style.setProperty("--band", hexOr(c.band, "#888888"));
  face.style.setProperty("--frame", hexOr(c.frame, hexOr(c.band, "#888888")));
  face.style.setProperty("--face", hexOr(c.face, "#ffffff"));
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", c.said || c.title || "");
  const top = el("div", "pc-top");
  top.append(el("span", "pc-badge", c.badge || ""));
  if (c.tag) top.append(el("span", "pc-tag", c.tag));
  face.append(top, el("div", "pc-title", c.title || ""));
  if (typeof c.icon === "string" && /^[a-z-]+$/.test(c.icon)) {
    const icon = el("img", "pc-icon");
    icon.src = "/static/icons/" + c.icon + ".svg";
    icon.alt = "";
    // The picture is white on transparent: as a mask over the frame's colour it takes that colour.
    icon.style.setProperty("mask-image", 'url("' + icon.src + '")');
    icon.style.setProperty("-webkit-mask-image", 'url("' + icon.src + '")');
    face.append(icon);
  }
  if (Array.isArray(c.pips) && c.pips.length) {
    const pips = el("div", "pc-pips");
    for (const [icon, colour, n] of c.pips) {
      const pip = el("span", "pip", String(icon) + String(n));
      if (/^#[0-9a-f]{6}$/i.test(colour)) pip.style.color = colour;
      pips.append(pip);
    }
    face.append(pips);
  }
  return face;
}

// Any JSON value as something to read: lists as chips, one line per player where a list has
// one entry per seat, objects as "key: value".
function show(value, players) {
  const box = el("div");
  if (value === null || value === undefined) { box.textContent = "—"; return box; }
  if (typeof value === "boolean") { box.textContent = value ? w("yes") : w("no"); return box; }
  if (typeof value !== "object") { box.textContent = String(value); return box; }
  if (Array.isArray(value)) {
    const perSeat = players && value.length === players.length && value.some((x) => typeof x === "object");
    if (perSeat) {
      value.forEach((x, i) => {
        const row = el("div", "row");
        row.append(el("span", "who", players[i] + ":"));
        if (Array.isArray(x)) { if (!x.length) row.append("—"); x.forEach((y) => row.append(chip(y))); }
        else row.append(show(x));
        box.append(row);
      });
      return box;
    }
    const row = el("div", "row");
    if (!value.length) row.append("—");
    value.forEach((x) => row.append(typeof x === "object" && x !== null ? show(x) : chip(x)));
    box.append(row);
    return box;
  }
  for (const [k, v] of Object.entries(value)) {
    const row = el("div", "row");
    row.append(el("span", "who", keyName(k) + ":"), show(v));
    box.append(row);
  }
  return box;
}

function statusText() {
  if (!view) return w("connecting");
  if (view.over) {
    const o = view.outcome || {};
    const winners = o.winners || [];
    if (!winners.length) return w("draw");
    if (winners.includes(view.seat)) return w("won");
    return w("lost", { names: winners.map((i) => view.players[i]).join(", ") });
  }
  return view.actions.length ? w("yourTurn") : w("wait");
}

function render() {
  if (!WORDS) return;
  document.documentElement.lang = lang;
  const button = document.getElementById("lang");
  button.textContent = nextLang().toUpperCase();
  button.setAttribute("aria-label", w("lang"));
  document.getElementById("credits-word").textContent = w("credits");
  document.getElementById("actions-title").textContent = w("actions");
  document.getElementById("hand-title").textContent = w("hand");
  document.getElementById("table-title").textContent = w("table");
  const link = document.getElementById("link");
  const up = socket && socket.readyState === WebSocket.OPEN;
  link.className = up ? "link" : "link down";
  link.title = up ? w("online") : w("offline");
  const status = document.getElementById("status");
  if (gone && told) status.textContent = w(told.type, { round: told.round, park: told.park });
  else if (gone) status.textContent = view && view.over ? statusText() + " " + w("ended") : w("revoked");
  else if (paused && !up) status.textContent = w("paused");
  else status.textContent = view && !up ? w("lost_link") : statusText();
  status.className = view && view.actions.length && !view.over ? "status turn" : "status";
  if (!view) return;
  document.getElementById("title").textContent = view.title[lang] || view.title.en;
  document.getElementById("who").textContent = w("you", { name: view.players[view.seat], seat: view.seat + 1 });

  // The game's own words for this view (hand, moves, the table), when the kiosk sends them.
  const said = view.words ? (view.words[lang] || view.words.en) : null;
  const actions = document.getElementById("actions");
  actions.replaceChildren();
  if (!view.actions.length) actions.append(el("p", "none", w("none")));
  view.actions.forEach((a, i) => {
    const text = (said && said.labels && said.labels[i]) || a.label[lang] || a.label.en;
    const b = el("button", "", text);
    b.type = "button";
    b.disabled = busy || gone;
    b.addEventListener("click", () => act(a.action));
    actions.append(b);
  });

  const obs = readable(view) ? view.observation || {} : {};
  const hand = said && Array.isArray(said.hand) ? said.hand : (Array.isArray(obs.hand) ? obs.hand : null);
  document.getElementById("hand-box").hidden = !hand;
  if (hand) {
    const h = document.getElementById("hand");
    const faces = said && Array.isArray(said.cards) && said.cards.length === hand.length ? said.cards : null;
    h.className = faces ? "cards" : "chips";
    if (!hand.length) h.replaceChildren(el("span", "none", "—"));
    else h.replaceChildren(...(faces ? faces.map(cardFace) : hand.map(chip)));
  }
  const table = document.getElementById("table");
  table.replaceChildren();
  let raw = table;
  if (said) {
    for (const line of said.lines || []) {
      const row = el("div", "line");
      row.append(el("dd", "", line));
      table.append(row);
    }
    (said.seats || []).forEach((text, q) => {
      const row = el("div", q === view.seat ? "line me" : "line");
      row.append(el("dt", "", view.players[q] || w("seat", { n: q + 1 })), el("dd", "", text));
      table.append(row);
    });
    const more = el("details", "details");
    more.append(el("summary", "", w("details")));
    raw = el("dl", "table");
    more.append(raw);
    const holder = el("div");
    holder.append(more);
    table.append(holder);
  }
  for (const [k, v] of Object.entries(obs)) {
    if (SKIP.has(k) || (k === "hands" && hand)) continue;   // your hand is shown above
    const row = el("div");
    row.append(el("dt", "", keyName(k)));
    const dd = el("dd");
    dd.append(show(v, view.players));
    row.append(dd);
    raw.append(row);
  }
}

function readable(v) {
  return !v.observation || v.observation.schema === SCHEMA;
}

function showError(text) {
  const e = document.getElementById("error");
  e.hidden = !text;
  e.textContent = text || "";
}

async function act(action) {
  if (busy || !view) return;
  busy = true;
  showError("");
  document.getElementById("status").textContent = w("sending");
  render();
  try {
    const r = await fetch("/api/act", {
      method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ version: view.version, action: action }),
    });
    if (r.status === 401) { gone = true; }
    else if (!r.ok) { showError((await r.json()).error || r.statusText); }
  } catch (err) {
    showError(w("lost_link"));
  } finally {
    busy = false;
    render();
  }
}

function receive(msg) {
  if (msg.type === "view") { view = msg; paused = false; showError(readable(msg) ? "" : w("stale")); render(); }
  else if (msg.type === "paused") { paused = true; render(); }
  else if (msg.type === "revoked") { gone = true; render(); }
  else if (msg.type === "moved" || msg.type === "bye") { told = msg; }
}

// At once, beside the words: the seat's cookie is checked when the socket opens.
function connect() {
  if (gone || socket) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws");
  socket = ws;
  ws.onopen = () => { retries = 0; render(); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (WORDS) receive(msg);
    else early.push(msg);                   // read once the words are here: a view is never drawn without them
  };
  ws.onclose = async (ev) => {
    if (socket !== ws) return;
    socket = null;
    if (ev.code === 4401) { gone = true; render(); return; }
    if (ev.code === 4409) paused = true;                     // its game left the table, saved
    render();
    retries += 1;
    if (retries >= 3) {             // refused before the upgrade? a plain request tells why
      try {
        const r = await fetch("/api/view", { credentials: "same-origin" });
        if (r.status === 401) { gone = true; render(); return; }
        if (r.status === 409 && (await r.json()).code === "game-paused") { paused = true; render(); }
      } catch (err) { /* the kiosk is away: keep trying */ }
    }
    setTimeout(connect, Math.min(5000, 250 * 2 ** Math.min(retries, 5)));
  };
}

document.getElementById("lang").addEventListener("click", () => {
  if (!WORDS) return;
  lang = nextLang();
  localStorage.setItem("tablecup-lang", lang);
  // The pages the kiosk writes itself (a refused code) read it from this cookie.
  document.cookie = `tablecup_lang=${lang}; path=/; max-age=31536000; samesite=strict`;
  render();
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && !socket && !gone) { retries = 0; connect(); }
});
async function loadWords() {
  for (;;) {
    try {
      const r = await fetch("/api/words", { credentials: "same-origin" });
      if (r.ok) { WORDS = await r.json(); lang = pickLang(); early.splice(0).forEach(receive); render(); return; }
    } catch (err) { /* the kiosk is away: keep trying */ }
    await new Promise((ok) => setTimeout(ok, 1000));
  }
}

connect();
loadWords();
