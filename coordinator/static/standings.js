// /t/{id} shows one tournament; / the newest running one.
const FIXED = (() => { const m = location.pathname.match(/^\/t\/(\d+)$/); return m ? Number(m[1]) : null; })();
let tid = FIXED, version = -1, ws = null, connecting = false, busy = false, again = false;
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text; return e; }
// The page's words are the coordinator's catalogues (lang.js: loadWords, t(key, values)), loaded
// before the first showing; the players' names are names.
let t = null;
const PHASES = {"deck": N_("tv_phase_deck"), "match": N_("tv_phase_match"), "final-deck": N_("tv_phase_final-deck"),
                "final": N_("tv_phase_final"), "over": N_("tv_over")};
const REASONS = {"out-of-cards": N_("tv_reason_out-of-cards"), "bench-full": N_("tv_reason_bench-full"),
                 "card-effect": N_("tv_reason_card-effect")};
const LEVELS = {easy: N_("tv_level_easy"), medium: N_("tv_level_medium"), hard: N_("tv_level_hard")};
const FORMATS = {swiss: N_("tv_format_swiss"), knockout: N_("tv_format_knockout"), tables: N_("tv_format_tables")};
// A name the page has a word for, said; any other as it came.
function said(table, id, values) { return table[id] ? t(table[id], values) : id; }
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
function botMark(level) { const b = el("span", "botmark", t("tv_bot")); b.title = t("tv_bot_entrant", {level: said(LEVELS, level)}); return b; }
// A café tournament of another game (Between Battle, Wacky Challenge, Cosplay Team Battle): its
// tables at the parks and the format's standings.
function renderCafe(v) {
  document.body.dataset.version = v.version; document.body.dataset.tournament = v.id; document.body.dataset.game = v.game;
  $("name").textContent = v.name;
  $("phase").textContent = said(FORMATS, v.format) + " \u00b7 " + (v.over ? t("tv_over") : t("tv_round", {round: v.round, rounds: v.rounds}));
  const bots = Object.fromEntries(v.players.map(p => [p.player, p.bot]));
  const parks = $("parks"); parks.replaceChildren();
  for (const tb of v.tables) {
    if (v.over) break;
    const row = el("div", "park cafe"); row.dataset.park = tb.park;
    row.append(el("div", "num", t("tv_park", {park: tb.park})));
    const who = el("div", "seats");
    tb.players.forEach((p, i) => { const d = named(tb.to_act.includes(p) ? "seat toact" : "seat", {name: tb.names[i], bot: bots[p]}); who.append(d); });
    row.append(who);
    row.append(el("div", "status", tb.over ? t("tv_done") : t("tv_playing")));
    parks.append(row);
  }
  for (const b of v.byes || []) parks.append(el("div", "status", t("tv_bye", {name: b.name})));
  if (v.over) parks.append(el("div", "status", t("tv_allplayed")));
  const cols = [["place", "#"], ["name", t("tv_player")], ["points", t("tv_points")], ["wins", t("tv_wins")]];
  if (v.format === "swiss") cols.push(["buchholz", t("tv_buchholz")]);
  if (v.format === "tables") cols.push(["places", t("tv_places")]);
  if (v.format === "knockout") cols.splice(2, 2, ["reached", t("tv_reached")]);
  cols.push(["games", t("tv_games")]);
  const head = document.querySelector("thead tr"); head.replaceChildren(...cols.map(([, label]) => el("th", "", label)));
  const body = $("standings"); body.replaceChildren();
  for (const r of v.standings) {
    const tr = el("tr"); tr.dataset.player = r.player;
    for (const [key] of cols) {
      if (key === "name") { const td = el("td", "", r.name); if (r.bot) td.append(botMark(r.bot));
        if (v.winner === r.name) td.append(" \u2605"); tr.append(td); }
      else tr.append(el("td", "num", String(r[key])));
    }
    body.append(tr);
  }
  const last = v.results.length ? v.results[v.results.length - 1] : null;
  $("results").textContent = last ? t("tv_latest", {results: last.tables.map(x => t("tv_cafe_result", {park: x.park,
      places: x.names.map((n, i) => x.places[i] + ". " + n).join(", ")})).join("  \u00b7  ")}) : "";
  $("champion").textContent = v.winner !== null ? t("tv_champion", {name: v.winner}) : "";
  $("updated").textContent = t("tv_updated", {time: new Date().toLocaleTimeString(t.lang)});
}
function render(v) {
  if (v.tables !== undefined) return renderCafe(v);
  document.body.dataset.version = v.version; document.body.dataset.tournament = v.id;
  $("name").textContent = v.name;
  $("phase").textContent = v.phase === "over" ? t("tv_over") :
      (v.round > v.rounds ? said(PHASES, v.phase) : t("tv_round", {round: v.round, rounds: v.rounds}) + " \u00b7 " + said(PHASES, v.phase));
  const names = Object.fromEntries(v.players.map(p => [p.player, p.name]));
  const parks = $("parks"); parks.replaceChildren();
  const byPark = {};
  for (const s of v.seats) (byPark[s.park] = byPark[s.park] || {})[s.side] = s;
  const matches = Object.fromEntries(v.matches.map(m => [m.park, m]));
  const deck = Object.fromEntries(v.deck_phase.map(d => [d.player, d.stage]));
  for (const park of Object.keys(byPark).sort()) {
    const row = el("div", "park"); row.dataset.park = park;
    row.append(el("div", "num", t("tv_park", {park})));
    const m = matches[park];
    for (const side of ["light", "dark"]) {
      const s = byPark[park][side]; if (!s) { row.append(el("div")); continue; }
      let cls = side;
      if (m && m.winner !== null) cls += m.winner === s.player ? " won" : " lost";
      row.append(named(cls, s, m && m.winner === s.player ? " \u2714" : ""));
    }
    let status;
    if (m) status = m.winner !== null ? (m.reason ? t("tv_won_why", {name: names[m.winner], why: said(REASONS, m.reason)})
                                                  : t("tv_won", {name: names[m.winner]}))
                                      : (m.final ? t("tv_final_playing") : t("tv_match_playing"));
    else {
      const ps = [byPark[park].light, byPark[park].dark].filter(Boolean).filter(s => s.player in deck);
      const done = ps.filter(s => deck[s.player] === "done").length;
      status = t("tv_deck_ready", {done, total: ps.length});
    }
    row.append(el("div", "status", status));
    parks.append(row);
  }
  if (!v.seats.length) parks.append(el("div", "status", v.phase === "over" ? t("tv_allmatches") : ""));
  const body = $("standings"); body.replaceChildren();
  for (const r of v.standings) {
    const tr = el("tr"); tr.dataset.player = r.player;
    tr.append(el("td", "num", r.rank === null ? "" : String(r.rank)));
    const who = el("td", "", r.name); if (r.bot) who.append(botMark(r.bot));
    if (v.winner === r.player) who.append(" \u2605");
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
  $("fanshead").textContent = v.fans_visible ? t("tv_fans") : t("tv_fans_hidden");
  const res = v.results.slice(-4).reverse().map(r => t("tv_result", {round: r.round === "final" ? t("tv_final_short") : "R" + r.round,
                                                                      park: r.park, winner: r.winner_name, loser: r.loser_name}));
  $("results").textContent = res.length ? t("tv_latest", {results: res.join("  \u00b7  ")}) : "";
  $("champion").textContent = v.winner !== null ? t("tv_champion", {name: names[v.winner]}) : "";
  $("updated").textContent = t("tv_updated", {time: new Date().toLocaleTimeString(t.lang)});
}
async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    if (tid === null) { tid = await pick(); if (tid !== null) connect(); }
    if (tid === null) { $("phase").textContent = t("tv_waiting"); return; }
    const r = await fetch("/api/tournaments/" + tid, {cache: "no-store"});
    if (r.ok) { const v = await r.json(); render(v); version = v.version; $("live").textContent = ws && ws.readyState === 1 ? t("tv_live") : t("tv_polling"); }
  } catch (e) { $("live").textContent = t("tv_offline"); }
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
// The words first, then the tournament.
loadWords().then((words) => {
  t = words;
  translatePage(t);
  document.body.dataset.lang = t.lang;
  refresh().then(() => { if (tid !== null && ws === null) connect(); });
  setInterval(refresh, 5000);
});
