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


_ORG_JS = r"""
async function load() {
  const pin = document.getElementById("pin").value;
  const h = {"X-Organiser-Pin": pin};
  const out = document.getElementById("out");
  const r = await fetch("/api/pairing-pin", {headers: h});
  const j = await r.json();
  if (!r.ok) { out.textContent = j.error; return; }
  const k = await (await fetch("/api/kiosks", {headers: h})).json();
  out.textContent = "Pairing PIN: " + j.pin + "\n\nKiosks:\n" + k.kiosks.map(x =>
    "  #" + x.kiosk_id + " " + x.name + (x.revoked ? " (revoked)" : "") + " " +
    x.parks.map(p => "t" + p.tournament + "/park " + p.park).join(", ")).join("\n");
}
"""


def organiser_html() -> str:
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tablecup organiser</title>"
            f"<style>{_CSS} body{{font-size:24px}} input,button{{font-size:24px}}</style></head><body>"
            "<h1>Organiser</h1><p>Organiser PIN: <input id=\"pin\" type=\"password\" inputmode=\"numeric\"> "
            "<button onclick=\"load()\">Show</button></p><pre id=\"out\"></pre>"
            f"<script>{_ORG_JS}</script></body></html>")
