"""The read-only standings page for a TV, and the organiser page.  Self-contained HTML: no
external CSS, JS or fonts.  The page fetches the public view and re-fetches it whenever the
tournament's WebSocket says something changed (falling back to polling every 5 s)."""

from __future__ import annotations

import json

_CSS = """
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:#10151f;color:#eef2f7;
 font-family:"DejaVu Sans","Liberation Sans",Arial,sans-serif}
body{padding:22px 34px;display:flex;flex-direction:column;gap:16px}
header{display:flex;justify-content:space-between;align-items:baseline;border-bottom:3px solid #f2b632;padding-bottom:8px}
h1{margin:0;font-size:38px;letter-spacing:.5px}
#phase{font-size:30px;color:#f2b632;font-weight:bold}
main{display:grid;grid-template-columns:1.05fr 1fr;gap:26px;flex:1;min-height:0}
h2{margin:0 0 10px;font-size:22px;text-transform:uppercase;letter-spacing:2px;color:#8fa3bf}
.park{background:#1b2433;border-radius:10px;padding:10px 16px;margin-bottom:10px;display:grid;
 grid-template-columns:96px 1fr 1fr;align-items:center;gap:10px;font-size:25px}
.park .num{font-weight:bold;color:#f2b632;font-size:22px}
.light{border-left:8px solid #f4ecd6;padding-left:10px}
.dark{border-left:8px solid #5a3d8a;padding-left:10px}
.won{color:#7ee08a;font-weight:bold}
.lost{color:#7d8797;text-decoration:line-through}
.status{grid-column:2/4;font-size:18px;color:#9fb0c8}
table{width:100%;border-collapse:collapse;font-size:25px}
th{font-size:16px;text-align:left;color:#8fa3bf;text-transform:uppercase;letter-spacing:1px;padding:4px 8px}
td{padding:8px 8px;border-bottom:1px solid #263145}
td.num{text-align:center;width:70px}
.badge{display:inline-block;background:#f2b632;color:#10151f;border-radius:6px;padding:1px 8px;margin:2px 3px;
 font-size:19px;font-weight:bold}
.hidden{color:#6d7a8f}
#results{font-size:19px;color:#b9c6d8;white-space:nowrap;overflow:hidden}
#champion{font-size:34px;color:#7ee08a;font-weight:bold}
footer{font-size:15px;color:#59667a;display:flex;justify-content:space-between}
"""

_JS = r"""
const FIXED = __TID__;
let tid = FIXED, version = -1, ws = null, busy = false, again = false;
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text; return e; }
const PHASES = {"deck": "Deck Phase", "match": "Match Phase", "final-deck": "Final: Deck Phase",
                "final": "The Final", "over": "Tournament over"};
async function pick() {
  if (FIXED !== null) return FIXED;
  const r = await fetch("/api/tournaments", {cache: "no-store"}); const j = await r.json();
  if (!j.tournaments.length) return null;
  const live = j.tournaments.filter(t => t.phase !== "over");
  return (live.length ? live : j.tournaments)[ (live.length ? live : j.tournaments).length - 1 ].id;
}
function render(t) {
  document.body.dataset.version = t.version; document.body.dataset.tournament = t.id;
  $("name").textContent = t.name;
  $("phase").textContent = t.phase === "over" ? PHASES.over :
      (t.round > t.rounds ? PHASES[t.phase] : "Round " + t.round + " of " + t.rounds + " \u00b7 " + PHASES[t.phase]);
  const names = Object.fromEntries(t.players.map(p => [p.player, p.name]));
  const parks = $("parks"); parks.replaceChildren();
  const byPark = {};
  for (const s of t.seats) (byPark[s.park] = byPark[s.park] || {})[s.side] = s;
  const matches = Object.fromEntries(t.matches.map(m => [m.park, m]));
  const deck = Object.fromEntries(t.deck_phase.map(d => [d.player, d.stage]));
  for (const park of Object.keys(byPark).sort()) {
    const row = el("div", "park"); row.dataset.park = park;
    row.append(el("div", "num", "Park " + park));
    const m = matches[park];
    for (const side of ["light", "dark"]) {
      const s = byPark[park][side]; if (!s) { row.append(el("div")); continue; }
      let cls = side;
      if (m && m.winner !== null) cls += m.winner === s.player ? " won" : " lost";
      row.append(el("div", cls, s.name + (m && m.winner === s.player ? " \u2714" : "")));
    }
    let status;
    if (m) status = m.winner !== null ? names[m.winner] + " won" + (m.reason ? " (" + m.reason.replace("-", " ") + ")" : "")
                                      : (m.final ? "The Final is being played" : "match in progress");
    else {
      const ps = [byPark[park].light, byPark[park].dark].filter(Boolean).filter(s => s.player in deck);
      const done = ps.filter(s => deck[s.player] === "done").length;
      status = "Deck Phase: " + done + " of " + ps.length + " ready";
    }
    row.append(el("div", "status", status));
    parks.append(row);
  }
  if (!t.seats.length) parks.append(el("div", "status", t.phase === "over" ? "All matches played." : ""));
  const body = $("standings"); body.replaceChildren();
  for (const r of t.standings) {
    const tr = el("tr"); tr.dataset.player = r.player;
    tr.append(el("td", "num", r.rank === null ? "" : String(r.rank)));
    tr.append(el("td", "", r.name + (t.winner === r.player ? " \ud83c\udfc6" : "")));
    const tro = el("td"); tro.className = "trophies";
    if (!r.trophy_rounds.length) tro.append(el("span", "hidden", "\u2013"));
    for (const rd of r.trophy_rounds) tro.append(el("span", "badge", "R" + rd));
    tr.append(tro);
    tr.append(el("td", "num", String(r.fan_tokens)));
    const f = el("td", "num fans" + (r.fans === null ? " hidden" : ""), r.fans === null ? "?" : String(r.fans));
    tr.append(f);
    body.append(tr);
  }
  $("fanshead").textContent = t.fans_visible ? "Fans" : "Fans (hidden)";
  const res = t.results.slice(-4).reverse().map(r => (r.round === "final" ? "Final" : "R" + r.round) +
      " park " + r.park + ": " + r.winner_name + " beat " + r.loser_name);
  $("results").textContent = res.length ? "Latest: " + res.join("  \u00b7  ") : "";
  $("champion").textContent = t.winner !== null ? "Champion: " + names[t.winner] : "";
  $("updated").textContent = "updated " + new Date().toLocaleTimeString();
}
async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    if (tid === null) { tid = await pick(); if (tid !== null) connect(); }
    if (tid === null) { $("phase").textContent = "Waiting for a tournament\u2026"; return; }
    const r = await fetch("/api/tournaments/" + tid, {cache: "no-store"});
    if (r.ok) { const t = await r.json(); render(t); version = t.version; $("live").textContent = ws && ws.readyState === 1 ? "live" : "polling"; }
  } catch (e) { $("live").textContent = "offline, retrying"; }
  finally { busy = false; if (again) { again = false; refresh(); } }
}
function connect() {
  if (tid === null) return;
  try { ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/tournaments/" + tid + "/events"); }
  catch (e) { ws = null; return; }
  ws.onmessage = (ev) => { try { const m = JSON.parse(ev.data); if (m.version !== version) refresh(); } catch (e) {} };
  ws.onclose = () => { ws = null; setTimeout(connect, 3000); };
}
refresh().then(() => { if (tid !== null && ws === null) connect(); });
setInterval(refresh, 5000);
"""

_BODY = """<header><h1 id="name">Tablecup</h1><div id="phase">Loading\u2026</div></header>
<main><section><h2>Who plays where</h2><div id="parks"></div><div id="champion"></div></section>
<section><h2>Standings</h2><table><thead><tr><th></th><th>Player</th><th>Trophies (round won)</th>
<th>Fan tokens</th><th id="fanshead">Fans</th></tr></thead><tbody id="standings"></tbody></table></section></main>
<div id="results"></div>
<footer><span>Tablecup coordinator</span><span><span id="live"></span> \u00b7 <span id="updated"></span></span></footer>"""


def standings_html(tid: int | None) -> str:
    js = _JS.replace("__TID__", json.dumps(tid))
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tablecup standings</title>"
            "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
            f"<style>{_CSS}</style></head><body>{_BODY}<script>{js}</script></body></html>")


_ORG_CSS = """
*{box-sizing:border-box}
html,body{margin:0;background:#eef1f5;color:#1c2430;font-family:"DejaVu Sans","Liberation Sans",Arial,sans-serif;font-size:16px}
header{background:#1b2433;color:#fff;padding:12px 20px;display:flex;align-items:center;gap:14px;flex-wrap:wrap}
header h1{margin:0;font-size:22px;flex:1}
header h1 span{color:#f2b632}
#who{font-size:14px;color:#c8d3e3}
main{padding:16px;max-width:1240px;margin:0 auto}
#app{display:grid;grid-template-columns:1fr;gap:16px}
@media (min-width:900px){#app{grid-template-columns:1fr 1fr}#app .wide{grid-column:1/3}}
.card{background:#fff;border-radius:10px;padding:14px 18px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.card h2{margin:0 0 10px;font-size:19px;color:#1b2433;border-bottom:3px solid #f2b632;padding-bottom:6px}
.card h3{margin:14px 0 6px;font-size:16px;color:#44536a}
.hint{color:#5c6a7e;font-size:14px;margin:4px 0 8px}
label{display:block;margin:8px 0 3px;font-weight:bold;font-size:14px;color:#33425a}
label.inline{display:inline;font-weight:normal;margin:0}
input,select,button{font:inherit;font-size:16px;padding:7px 9px;border:1px solid #b9c3d1;border-radius:6px;background:#fff;color:#1c2430}
input[type=text],input[type=password],input[type=number]{width:100%}
input[type=checkbox]{width:18px;height:18px;vertical-align:-3px;margin-right:4px}
button{background:#2d6cdf;border-color:#2d6cdf;color:#fff;font-weight:bold;cursor:pointer}
button.plain{background:#fff;color:#2d6cdf}
button.danger{background:#c0392b;border-color:#c0392b;color:#fff}
button.small{font-size:14px;padding:4px 9px}
.players{display:grid;grid-template-columns:1fr 1fr;gap:6px}
.sets{display:grid;grid-template-columns:1fr 1fr;gap:2px 12px;font-size:15px}
.sets .box{color:#8593a6;font-size:12px}
.row{display:flex;gap:10px;align-items:end;flex-wrap:wrap}
.row>div{flex:1;min-width:120px}
.big{font-size:40px;font-weight:bold;letter-spacing:6px;color:#1b2433;font-family:"DejaVu Sans Mono",monospace}
.err{color:#b3261e;background:#fdecea;border-radius:6px;padding:7px 10px;margin-top:8px;font-weight:bold}
.ok{color:#1e6b33;background:#e6f4ea;border-radius:6px;padding:7px 10px;margin-top:8px}
.err:empty,.ok:empty{display:none}
table{width:100%;border-collapse:collapse}
td,th{padding:6px 6px;border-bottom:1px solid #e1e6ee;text-align:left;vertical-align:middle}
th{font-size:13px;color:#5c6a7e;text-transform:uppercase}
.state{font-size:18px;font-weight:bold;color:#2d6cdf;margin:4px 0}
.champ{color:#1e6b33}
.muted{color:#8593a6}
.tag{display:inline-block;background:#eef1f5;border-radius:4px;padding:1px 6px;font-size:13px;margin:1px}
.revoked{color:#b3261e;font-weight:bold}
#login{max-width:460px;margin:30px auto}
select{max-width:100%}
.kiosksel{width:100%}
@media (max-width:560px){main{padding:8px}.card{padding:12px}.sets{grid-template-columns:1fr}
 td,th{padding:5px 3px}.big{font-size:32px}header h1{font-size:19px}#who{display:none}}
[hidden]{display:none!important}
"""

_ORG_BODY = """<header><h1>Tablecup <span>\u00b7</span> Organiser</h1><span id="who"></span>
<button id="logout" class="plain small" hidden>Log out</button></header><main>
<section class="card" id="login"><h2>Log in</h2>
<p class="hint">Type the organiser PIN. It is printed in the coordinator's log when it starts for the first time.</p>
<label for="pin">Organiser PIN</label><input id="pin" type="password" inputmode="numeric" autocomplete="off">
<p><button id="loginbtn">Log in</button></p><div class="err" id="loginerr"></div></section>
<div id="app" hidden>
<section class="card" id="tour"><h2>Tournament</h2>
<div id="notour" class="hint">No tournament yet: create one with the form.</div>
<div id="tourbox" hidden>
<select id="tsel" aria-label="tournament"></select>
<div class="state" id="tstate"></div><div id="tinfo" class="hint"></div>
<p><a id="tvlink" target="_blank">Open the TV page (standings) \u2197</a></p>
<h3>Kiosks at the parks</h3><p class="hint">Pick the kiosk that stands at each park. Each park's kiosk tells its players who sits where.</p>
<table><thead><tr><th>Park</th><th>Playing there now</th><th>Kiosk</th></tr></thead><tbody id="parks"></tbody></table>
<div class="err" id="parkerr"></div><div class="ok" id="parkok"></div>
<h3>The Final</h3>
<div class="row"><div><label for="finalpark">The Final is played at</label><select id="finalpark"></select></div>
<div><button id="finalbtn">Set the Final's park</button></div></div>
<div class="err" id="finalerr"></div><div class="ok" id="finalok"></div>
</div></section>
<section class="card" id="create"><h2>New tournament</h2>
<label for="cname">Name</label><input id="cname" type="text" maxlength="60" placeholder="Friday Cup">
<label>Players (3 to 8; 1 or 2 for a short game)</label><div class="players" id="cplayers"></div>
<div class="hint" id="ccount"></div>
<div class="row"><div><label for="cbox">Box</label><select id="cbox"></select></div>
<div id="crobotrow"><label for="crobot">Robot level</label><select id="crobot"></select></div>
<div id="csolorow"><label class="inline"><input id="csolo" type="checkbox">SOLO cards in the Robot's deck</label></div></div>
<label for="cbasic">Basic set</label><select id="cbasic"></select>
<label>Additional sets <span id="csetcount" class="muted"></span></label><div class="sets" id="csets"></div>
<div class="row"><div><label for="cfinal">Final's park</label><select id="cfinal"></select></div>
<div><label for="cseed">Seed (optional)</label><input id="cseed" type="number" min="0" placeholder="random"></div></div>
<p><button id="createbtn">Create the tournament</button></p>
<div class="err" id="createerr"></div><div class="ok" id="createok"></div></section>
<section class="card" id="pairing"><h2>Add a kiosk</h2>
<p class="hint">On the new kiosk choose \u201cJoin a tournament\u201d and type this pairing PIN (it works once, then a new one appears here):</p>
<div class="big" id="pairpin">\u2013</div></section>
<section class="card" id="kiosks"><h2>Paired kiosks</h2>
<table><thead><tr><th>#</th><th>Name</th><th>Parks</th><th></th></tr></thead><tbody id="klist"></tbody></table>
<div class="err" id="kioskerr"></div></section>
</div></main>"""

_ORG_JS = r"""
const PIN_KEY = "tablecup.organiserPin", TOKEN_KEY = "tablecup.organiserToken", BROWSER_NAME = "Organiser browser";
let PIN = sessionStorage.getItem(PIN_KEY), TOKEN = localStorage.getItem(TOKEN_KEY), ME = null;
let CAT = null, KIOSKS = [], TOURS = [], CUR = null, VIEW = null, LAST = "";
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text; return e; }
function opt(value, text, selected) { const o = el("option", "", text); o.value = String(value); if (selected) o.selected = true; return o; }
const PHASES = {"deck": "Deck Phase", "match": "Match Phase", "final-deck": "Final: Deck Phase", "final": "The Final", "over": "Over"};
function say(id, text) { $(id).textContent = text || ""; }
async function api(method, path, body, token) {
  const h = {};
  if (PIN) h["X-Organiser-Pin"] = PIN;
  if (token !== false && TOKEN) h["Authorization"] = "Bearer " + TOKEN;
  if (body !== undefined) h["Content-Type"] = "application/json";
  let r;
  try { r = await fetch(path, {method, headers: h, cache: "no-store", body: body === undefined ? undefined : JSON.stringify(body)}); }
  catch (e) { return {ok: false, status: 0, j: {error: "the coordinator does not answer (" + e + ")"}}; }
  let j = {}; try { j = await r.json(); } catch (e) { j = {error: "HTTP " + r.status}; }
  if (!r.ok && !j.error) j.error = "HTTP " + r.status;
  return {ok: r.ok, status: r.status, j};
}
async function ensureToken() {
  if (TOKEN) {
    const r = await api("GET", "/api/me");
    if (r.ok) { ME = r.j; return true; }
    if (r.status !== 401 && r.status !== 403) throw new Error(r.j.error);
    TOKEN = null; localStorage.removeItem(TOKEN_KEY);
  }
  const p = await api("GET", "/api/pairing-pin", undefined, false);
  if (!p.ok) throw new Error(p.j.error);
  const r = await api("POST", "/api/pair", {pin: p.j.pin, name: BROWSER_NAME}, false);
  if (!r.ok) throw new Error("pairing this browser: " + r.j.error);
  TOKEN = r.j.token; localStorage.setItem(TOKEN_KEY, TOKEN);
  ME = {kiosk_id: r.j.kiosk_id, name: r.j.name, parks: []};
  return true;
}
async function login(pin) {
  say("loginerr", "");
  PIN = pin;
  const r = await api("GET", "/api/pairing-pin", undefined, false);
  if (!r.ok) { PIN = null; sessionStorage.removeItem(PIN_KEY); say("loginerr", r.j.error); return; }
  sessionStorage.setItem(PIN_KEY, PIN);
  try { await ensureToken(); } catch (e) { say("loginerr", e.message); return; }
  if (!CAT) { const c = await api("GET", "/api/catalogue/sets", undefined, false); CAT = c.j; buildForm(); }
  $("login").hidden = true; $("app").hidden = false; $("logout").hidden = false;
  $("who").textContent = "this browser is kiosk #" + ME.kiosk_id + " (" + ME.name + ")";
  await refresh(true);
}
function logout() { sessionStorage.removeItem(PIN_KEY); PIN = null; location.reload(); }

// ------------------------------------------------------------------ the create form
function count() { return [...document.querySelectorAll("#cplayers input")].map(i => i.value.trim()).filter(Boolean).length; }
function parksFor(n) { return Math.max(1, Math.ceil(n / 2)); }
function buildForm() {
  const ps = $("cplayers"); ps.replaceChildren();
  for (let i = 1; i <= 8; i++) { const inp = el("input"); inp.type = "text"; inp.maxLength = 24; inp.placeholder = "Player " + i;
    inp.dataset.i = i; inp.addEventListener("input", updateForm); ps.append(inp); }
  const box = $("cbox"); box.replaceChildren(...CAT.boxes.map(b => opt(b.id, b.name + " (" + b.id + ")")));
  box.addEventListener("change", () => setDefaults(box.value));
  $("cbasic").replaceChildren(...CAT.sets.filter(s => s.kind === "basic").map(s => opt(s.id, s.name + " \u2013 " + s.box + " box")));
  const sets = $("csets"); sets.replaceChildren();
  for (const s of CAT.sets.filter(s => s.kind !== "basic")) {
    const l = el("label", "inline"); const c = el("input"); c.type = "checkbox"; c.value = s.id; c.addEventListener("change", updateForm);
    l.append(c, s.name + " "); l.append(el("span", "box", s.kind === "house" ? "house set" : s.box));
    sets.append(el("div")); sets.lastChild.append(l);
  }
  setDefaults(CAT.boxes[0].id);
}
function setDefaults(boxId) {
  const b = CAT.boxes.find(x => x.id === boxId);
  $("cbox").value = boxId; $("cbasic").value = b.default_sets[0];
  for (const c of document.querySelectorAll("#csets input")) c.checked = b.default_sets.slice(1).includes(c.value);
  updateForm();
}
function updateForm() {
  const n = count(), odd = n % 2 === 1, parks = parksFor(n);
  $("ccount").textContent = n ? n + " player" + (n > 1 ? "s" : "") + (odd ? " + the Robot" : "") + " \u2192 " + parks + " park" + (parks > 1 ? "s" : "") : "Type the players' names.";
  $("crobotrow").hidden = !odd; $("csolorow").hidden = !odd;
  const levels = n === 1 ? CAT.robot_levels.solo : CAT.robot_levels.multiplayer;
  const rb = $("crobot"), keep = rb.value;
  rb.replaceChildren(...levels.map(l => opt(l, "Level " + l, String(l) === keep)));
  const fp = $("cfinal"), fkeep = fp.value;
  fp.replaceChildren(...Array.from({length: parks}, (_, i) => opt(i + 1, "Park " + (i + 1), String(i + 1) === fkeep)));
  const k = document.querySelectorAll("#csets input:checked").length;
  $("csetcount").textContent = "(" + k + " of 5 chosen)";
}
function formBody() {
  const players = [...document.querySelectorAll("#cplayers input")].map(i => i.value.trim()).filter(Boolean);
  const body = {players, box: $("cbox").value,
                sets: [$("cbasic").value, ...[...document.querySelectorAll("#csets input:checked")].map(c => c.value)]};
  const name = $("cname").value.trim(); if (name) body.name = name;
  if (players.length % 2 === 1) { body.robot_level = parseInt($("crobot").value, 10); body.solo_cards = $("csolo").checked; }
  const seed = $("cseed").value.trim(); if (seed !== "") body.seed = Number(seed);
  if ($("cfinal").value) body.final_park = parseInt($("cfinal").value, 10);
  return body;
}
async function create() {
  say("createerr", ""); say("createok", "");
  const r = await api("POST", "/api/tournaments", formBody());
  if (!r.ok) { say("createerr", "Not created: " + r.j.error); return; }
  CUR = r.j.id;
  say("createok", "Created \u201c" + r.j.name + "\u201d (tournament " + r.j.id + "). Now pick a kiosk for each park.");
  for (const i of document.querySelectorAll("#cplayers input")) i.value = "";
  $("cname").value = ""; $("cseed").value = ""; updateForm();
  await refresh(true);
}

// ------------------------------------------------------------------ reading and showing
async function refresh(force) {
  if (!PIN) return;
  const [p, k, t] = await Promise.all([api("GET", "/api/pairing-pin", undefined, false), api("GET", "/api/kiosks", undefined, false),
                                       api("GET", "/api/tournaments", undefined, false)]);
  if (p.status === 403 || p.status === 401) { logout(); return; }
  if (!p.ok || !k.ok || !t.ok) return;
  KIOSKS = k.j.kiosks; TOURS = t.j.tournaments;
  if (CUR === null || !TOURS.some(x => x.id === CUR)) {
    const live = TOURS.filter(x => x.phase !== "over");
    CUR = (live.length ? live : TOURS).length ? (live.length ? live : TOURS).slice(-1)[0].id : null;
  }
  VIEW = null;
  if (CUR !== null) { const v = await api("GET", "/api/tournaments/" + CUR, undefined, false); if (v.ok) VIEW = v.j; }
  const key = JSON.stringify([p.j.pin, KIOSKS, TOURS, CUR, VIEW && VIEW.version, VIEW && VIEW.kiosks, VIEW && VIEW.setup]);
  if (!force && key === LAST) return;
  LAST = key;
  $("pairpin").textContent = p.j.pin || "\u2013";
  render();
}
function kioskName(id) { const k = KIOSKS.find(x => x.kiosk_id === id); return k ? "#" + k.kiosk_id + " " + k.name : "#" + id; }
function render() {
  document.body.dataset.tournament = CUR === null ? "" : CUR;
  $("notour").hidden = CUR !== null; $("tourbox").hidden = CUR === null;
  const ts = $("tsel");
  ts.replaceChildren(...TOURS.slice().reverse().map(x => opt(x.id, x.id + ". " + x.name + (x.phase === "over" ? " (over)" : ""), x.id === CUR)));
  renderKiosks();
  if (!VIEW) return;
  const v = VIEW, names = Object.fromEntries(v.players.map(p => [p.player, p.name]));
  $("tstate").className = "state" + (v.phase === "over" ? " champ" : "");
  $("tstate").textContent = v.phase === "over"
      ? "Over \u2013 champion: " + names[v.winner] + (v.end_reason ? " (" + v.end_reason.replace("-", " ") + ")" : "")
      : (v.round > v.rounds ? PHASES[v.phase] : "Round " + v.round + " of " + v.rounds + " \u00b7 " + PHASES[v.phase]);
  const setNames = Object.fromEntries((CAT ? CAT.sets : []).map(s => [s.id, s.name]));
  const robot = v.players.some(p => p.robot);
  $("tinfo").textContent = v.players.filter(p => !p.robot).map(p => p.name).join(", ") +
      (robot ? " + Robot (level " + v.setup.robot_level + (v.setup.solo_cards ? ", SOLO cards" : "") + ")" : "") +
      " \u00b7 " + v.setup.box + " box \u00b7 sets: " + v.setup.sets.map(s => setNames[s] || s).join(", ");
  $("tvlink").href = "/t/" + v.id;
  const seatsAt = {};
  for (const s of v.seats) (seatsAt[s.park] = seatsAt[s.park] || []).push(s.name + " (" + s.side + ")");
  const body = $("parks"); body.replaceChildren();
  for (let park = 1; park <= v.parks; park++) {
    const tr = el("tr"); tr.dataset.park = park;
    const pc = el("td", "", "Park " + park); if (v.setup.final_park === park) pc.append(el("div", "tag", "Final here"));
    tr.append(pc);
    tr.append(el("td", "", (seatsAt[park] || []).join(" vs ") || "\u2013"));
    const td = el("td"), sel = el("select"); sel.className = "kiosksel"; sel.dataset.park = park;
    sel.setAttribute("aria-label", "kiosk for park " + park);
    const held = v.kiosks[String(park)];
    if (held === undefined) sel.append(opt("", "\u2014 choose a kiosk \u2014", true));
    for (const k of KIOSKS) {
      if (k.revoked || (ME && k.kiosk_id === ME.kiosk_id && held !== k.kiosk_id)) continue;
      const other = Object.entries(v.kiosks).find(([p, id]) => id === k.kiosk_id && Number(p) !== park);
      sel.append(opt(k.kiosk_id, "#" + k.kiosk_id + " " + k.name + (other ? " (now at park " + other[0] + ")" : ""), held === k.kiosk_id));
    }
    sel.addEventListener("change", () => assign(park, sel.value));
    td.append(sel); tr.append(td); body.append(tr);
  }
  $("finalpark").replaceChildren(...Array.from({length: v.parks}, (_, i) => opt(i + 1, "Park " + (i + 1), v.setup.final_park === i + 1)));
}
function renderKiosks() {
  const body = $("klist"); body.replaceChildren();
  if (!KIOSKS.length) { const tr = el("tr"); tr.append(el("td", "muted", "No kiosk is paired yet.")); tr.firstChild.colSpan = 4; body.append(tr); }
  for (const k of KIOSKS) {
    const tr = el("tr"); tr.dataset.kiosk = k.kiosk_id;
    tr.append(el("td", "", String(k.kiosk_id)));
    const n = el("td", "", k.name); if (ME && k.kiosk_id === ME.kiosk_id) n.append(el("span", "tag", "this browser"));
    tr.append(n);
    const where = el("td");
    if (!k.parks.length) where.append(el("span", "muted", "not at a park"));
    for (const p of k.parks) where.append(el("span", "tag", "T" + p.tournament + " park " + p.park));
    tr.append(where);
    const act = el("td");
    if (k.revoked) act.append(el("span", "revoked", "revoked"));
    else if (!(ME && k.kiosk_id === ME.kiosk_id)) {
      const b = el("button", "danger small revoke", "Revoke"); b.dataset.kiosk = k.kiosk_id;
      b.addEventListener("click", () => {
        if (b.dataset.armed !== "1") { b.dataset.armed = "1"; b.textContent = "Sure? Revoke"; setTimeout(() => { b.dataset.armed = ""; b.textContent = "Revoke"; }, 5000); return; }
        revoke(k.kiosk_id);
      });
      act.append(b);
    }
    tr.append(act); body.append(tr);
  }
}
async function assign(park, kid) {
  say("parkerr", ""); say("parkok", "");
  if (!kid) return;
  const r = await api("POST", "/api/tournaments/" + CUR + "/parks/" + park + "/kiosk", {kiosk_id: parseInt(kid, 10)});
  if (!r.ok) say("parkerr", "Park " + park + ": " + r.j.error);
  else say("parkok", "Park " + park + " \u2190 " + kioskName(r.j.kiosk_id));
  await refresh(true);
}
async function setFinal() {
  say("finalerr", ""); say("finalok", "");
  const park = parseInt($("finalpark").value, 10);
  const r = await api("POST", "/api/tournaments/" + CUR + "/final", {park});
  if (!r.ok) say("finalerr", r.j.error); else say("finalok", "The Final will be played at park " + r.j.final_park + ".");
  await refresh(true);
}
async function revoke(kid) {
  say("kioskerr", "");
  const r = await api("POST", "/api/kiosks/" + kid + "/revoke");
  if (!r.ok) say("kioskerr", "Kiosk " + kid + ": " + r.j.error);
  await refresh(true);
}
$("loginbtn").addEventListener("click", () => login($("pin").value.trim()));
$("pin").addEventListener("keydown", (e) => { if (e.key === "Enter") login($("pin").value.trim()); });
$("logout").addEventListener("click", logout);
$("createbtn").addEventListener("click", create);
$("finalbtn").addEventListener("click", setFinal);
$("tsel").addEventListener("change", () => { CUR = parseInt($("tsel").value, 10); say("parkerr", ""); say("parkok", ""); refresh(true); });
if (PIN) login(PIN);
setInterval(() => { if (!$("app").hidden) refresh(false); }, 4000);
"""


def organiser_html() -> str:
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tablecup organiser</title>"
            "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
            f"<style>{_ORG_CSS}</style></head><body>{_ORG_BODY}<script>{_ORG_JS}</script></body></html>")
