// /t/{id} shows one tournament; / the newest running one.
const FIXED = (() => { const m = location.pathname.match(/^\/t\/(\d+)$/); return m ? Number(m[1]) : null; })();
let tid = FIXED, version = -1, ws = null, connecting = false, busy = false, again = false;
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
// A bot entrant's name carries a "bot" mark (its level in the tooltip); the Robot is named "Robot".
function named(cls, who, suffix) {
  const d = el("div", cls, who.name); if (who.bot) d.append(botMark(who.bot)); if (suffix) d.append(suffix); return d;
}
function botMark(level) { const b = el("span", "botmark", "bot"); b.title = "bot entrant (" + level + ")"; return b; }
// A café tournament of another game (Between Battle, Wacky Challenge, Cosplay Team Battle): its
// tables at the parks and the format's standings, in English or French (lang.js: the browser's
// language, or ?lang=fr).
const LANG = pageLang();
const WORDS = {
  en: {round: (r, n) => "Round " + r + " of " + n, over: "Tournament over", park: "Park ", playing: "playing",
       done: "game over", bye: "bye: ", place: "#", player: "Player", points: "Points", wins: "Wins",
       buchholz: "Buchholz", places: "Places", reached: "Reached round", games: "Games", champion: "Champion: ",
       latest: "Latest: ", colon: ": ", wherehead: "Who plays where", standingshead: "Standings", allplayed: "All games played.",
       formats: {swiss: "Swiss", knockout: "Knockout", tables: "Tables"}, updated: "updated "},
  fr: {round: (r, n) => "Manche " + r + " sur " + n, over: "Tournoi terminé", park: "Parc ", playing: "en cours",
       done: "partie finie", bye: "exempt : ", place: "#", player: "Joueur", points: "Points", wins: "Victoires",
       buchholz: "Buchholz", places: "Places", reached: "Manche atteinte", games: "Parties",
       champion: "Vainqueur : ", latest: "Dernières : ", colon: " : ", wherehead: "Qui joue où", standingshead: "Classement",
       allplayed: "Toutes les parties sont jouées.", formats: {swiss: "Suisse", knockout: "Élimination", tables: "Tables"},
       updated: "mis à jour "},
};
function renderCafe(t) {
  const w = WORDS[LANG];
  document.documentElement.lang = LANG;
  document.body.dataset.version = t.version; document.body.dataset.tournament = t.id; document.body.dataset.game = t.game;
  $("name").textContent = t.name;
  $("phase").textContent = (w.formats[t.format] || t.format) + " \u00b7 " + (t.over ? w.over : w.round(t.round, t.rounds));
  const heads = document.querySelectorAll("h2"); if (heads.length > 1) { heads[0].textContent = w.wherehead; heads[1].textContent = w.standingshead; }
  const bots = Object.fromEntries(t.players.map(p => [p.player, p.bot]));
  const parks = $("parks"); parks.replaceChildren();
  for (const tb of t.tables) {
    if (t.over) break;
    const row = el("div", "park cafe"); row.dataset.park = tb.park;
    row.append(el("div", "num", w.park + tb.park));
    const who = el("div", "seats");
    tb.players.forEach((p, i) => { const d = named(tb.to_act.includes(p) ? "seat toact" : "seat", {name: tb.names[i], bot: bots[p]}); who.append(d); });
    row.append(who);
    row.append(el("div", "status", tb.over ? w.done : w.playing));
    parks.append(row);
  }
  for (const b of t.byes || []) parks.append(el("div", "status", w.bye + b.name));
  if (t.over) parks.append(el("div", "status", w.allplayed));
  const cols = [["place", w.place], ["name", w.player], ["points", w.points], ["wins", w.wins]];
  if (t.format === "swiss") cols.push(["buchholz", w.buchholz]);
  if (t.format === "tables") cols.push(["places", w.places]);
  if (t.format === "knockout") cols.splice(2, 2, ["reached", w.reached]);
  cols.push(["games", w.games]);
  const head = document.querySelector("thead tr"); head.replaceChildren(...cols.map(([, label]) => el("th", "", label)));
  const body = $("standings"); body.replaceChildren();
  for (const r of t.standings) {
    const tr = el("tr"); tr.dataset.player = r.player;
    for (const [key] of cols) {
      if (key === "name") { const td = el("td", "", r.name); if (r.bot) td.append(botMark(r.bot));
        if (t.winner === r.name) td.append(" \u2605"); tr.append(td); }
      else tr.append(el("td", "num", String(r[key])));
    }
    body.append(tr);
  }
  const last = t.results.length ? t.results[t.results.length - 1] : null;
  $("results").textContent = last ? w.latest + last.tables.map(x => w.park + x.park + w.colon +
      x.names.map((n, i) => x.places[i] + ". " + n).join(", ")).join("  \u00b7  ") : "";
  $("champion").textContent = t.winner !== null ? w.champion + t.winner : "";
  $("updated").textContent = w.updated + new Date().toLocaleTimeString(LANG);
}
function render(t) {
  if (t.tables !== undefined) return renderCafe(t);
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
      row.append(named(cls, s, m && m.winner === s.player ? " \u2714" : ""));
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
    const who = el("td", "", r.name); if (r.bot) who.append(botMark(r.bot));
    if (t.winner === r.player) who.append(" \u2605");
    tr.append(who);
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
async function connect() {
  // The WebSocket is kept only with a ticket: a short-lived one for this address, asked for each time.
  if (tid === null || connecting || ws !== null) return;
  connecting = true;
  let ticket;
  try {
    const r = await fetch("/api/tournaments/" + tid + "/ticket", {cache: "no-store"});
    if (!r.ok) throw new Error("HTTP " + r.status);
    ticket = (await r.json()).ticket;
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/tournaments/" + tid +
                       "/events?ticket=" + encodeURIComponent(ticket));
  } catch (e) { ws = null; setTimeout(connect, 5000); return; }
  finally { connecting = false; }
  ws.onmessage = (ev) => { try { const m = JSON.parse(ev.data); if (m.version !== version) refresh(); } catch (e) {} };
  ws.onclose = () => { ws = null; setTimeout(connect, 3000); };
}
refresh().then(() => { if (tid !== null && ws === null) connect(); });
setInterval(refresh, 5000);
