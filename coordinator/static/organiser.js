// The organiser page.  Its words are the coordinator's catalogues (lang.js: loadWords, t(key,
// values)); game names, box and set names and the players' names are names: they stay as they are
// (a set's name in the page's language as its cards print it).
let t = null;                       // the page's words, once loaded (start() below)
const PIN_SHOWN_BY = "tablecup coordinator --show-pin";    // a command: the same in every language
const PIN_KEY = "tablecup.organiserPin", TOKEN_KEY = "tablecup.organiserToken";
let PIN = sessionStorage.getItem(PIN_KEY), TOKEN = localStorage.getItem(TOKEN_KEY), ME = null;
let CAT = null, KIOSKS = [], TOURS = [], CUR = null, VIEW = null, LAST = "";
// The kiosk whose Revoke was pressed once (for 5 s a second press revokes it): kept here, not on
// the button, so that the list drawn again meanwhile (a refresh) keeps it armed.
let ARMED = null;
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text; return e; }
// A set's name in the page's language, as its cards print it.
function setName(s) { return (s.names && s.names[t.lang]) || s.name; }
// A box by its name ("Challengers! Beach Cup"), not its id.
function boxName(id) { const b = CAT && CAT.boxes.find(x => x.id === id); return b ? b.name : id; }
function opt(value, text, selected) { const o = el("option", "", text); o.value = String(value); if (selected) o.selected = true; return o; }
const PHASES = {"deck": N_("org_phase_deck"), "match": N_("org_phase_match"), "final-deck": N_("org_phase_final-deck"),
                "final": N_("org_phase_final"), "over": N_("org_phase_over")};
const LEVELS = {easy: N_("org_level_easy"), medium: N_("org_level_medium"), hard: N_("org_level_hard")};
const FORMAT_NAMES = {swiss: N_("org_format_swiss"), knockout: N_("org_format_knockout"), tables: N_("org_format_tables")};
const ENDS = {final: N_("org_end_final"), lesson: N_("org_end_lesson"), lead: N_("org_end_lead"), "most-fans": N_("org_end_most-fans")};
const SIDES = {light: N_("org_seat_light"), dark: N_("org_seat_dark")};
// A name the page has a word for, said; any other as it came.
function named(table, id, values) { return table[id] ? t(table[id], values) : id; }
function say(id, text) { $(id).textContent = text || ""; }
async function api(method, path, body, token) {
  const h = {};
  if (PIN) h["X-Organiser-Pin"] = PIN;
  if (token !== false && TOKEN) h["Authorization"] = "Bearer " + TOKEN;
  if (body !== undefined) h["Content-Type"] = "application/json";
  let r;
  try { r = await fetch(path, {method, headers: h, cache: "no-store", body: body === undefined ? undefined : JSON.stringify(body)}); }
  catch (e) { return {ok: false, status: 0, j: {error: t("org_noanswer", {error: e})}}; }
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
  const r = await api("POST", "/api/pair", {pin: p.j.pin, name: t("org_browsername")}, false);
  if (!r.ok) throw new Error(t("org_pairingthis", {error: r.j.error}));
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
  $("who").textContent = t("org_thisbrowser", {id: ME.kiosk_id, name: ME.name});
  await refresh(true);
}
async function logout() {
  // Log out: this browser's kiosk token is revoked on the coordinator and forgotten here, with the PIN.
  if (PIN && TOKEN && ME) await api("POST", "/api/kiosks/" + ME.kiosk_id + "/revoke");
  localStorage.removeItem(TOKEN_KEY); sessionStorage.removeItem(PIN_KEY);
  TOKEN = null; PIN = null; ME = null;
  location.reload();
}
function forgetPin() { sessionStorage.removeItem(PIN_KEY); PIN = null; location.reload(); }

// ------------------------------------------------------------------ the create form
function people() { return [...document.querySelectorAll("#cplayers input")].map(i => i.value.trim()).filter(Boolean); }
function bots() {
  return [...document.querySelectorAll("#cbots .botrow")].map(r => ({name: r.querySelector("input").value.trim(),
                                                                   level: r.querySelector("select").value}));
}
function count() { return people().length + bots().length; }
function addBot() {
  // One row per bot entrant: its name (distinct from the players') and its level.
  const rows = $("cbots"), n = rows.children.length + 1;
  const row = el("div", "botrow"); row.dataset.i = n;
  const name = el("input"); name.type = "text"; name.maxLength = 24; name.value = t("org_botname", {number: n});
  name.setAttribute("aria-label", t("org_botnamearia", {number: n})); name.addEventListener("input", updateForm);
  const level = el("select"); level.setAttribute("aria-label", t("org_botlevelaria", {number: n}));
  level.replaceChildren(...Object.keys(LEVELS).map(v => opt(v, named(LEVELS, v), v === "medium")));
  const drop = el("button", "plain small", t("org_remove")); drop.type = "button";
  drop.addEventListener("click", () => { row.remove(); updateForm(); });
  row.append(name, level, drop); rows.append(row); updateForm();
}
function parksFor(n) { return Math.max(1, Math.ceil(n / 2)); }
function buildForm() {
  const ps = $("cplayers"); ps.replaceChildren();
  for (let i = 1; i <= 8; i++) { const inp = el("input"); inp.type = "text"; inp.maxLength = 24; inp.placeholder = t("org_player", {number: i});
    inp.dataset.i = i; inp.addEventListener("input", updateForm); ps.append(inp); }
  const box = $("cbox"); box.replaceChildren(...CAT.boxes.map(b => opt(b.id, b.name)));
  box.addEventListener("change", () => setDefaults(box.value));
  $("cbasic").replaceChildren(...CAT.sets.filter(s => s.kind === "basic").map(s => opt(s.id, setName(s) + " \u2013 " + t("org_setbox", {box: boxName(s.box)}))));
  const sets = $("csets"); sets.replaceChildren();
  for (const s of CAT.sets.filter(s => s.kind !== "basic")) {
    const l = el("label", "inline"); const c = el("input"); c.type = "checkbox"; c.value = s.id; c.addEventListener("change", updateForm);
    l.append(c, setName(s) + " "); l.append(el("span", "box", s.kind === "house" ? t("org_houseset") : boxName(s.box)));
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
  if ($("cgame") && $("cgame").value !== "challengers") {
    $("ccount").textContent = n ? t("org_entrants", {n}) : t("org_typeentrants"); return;
  }
  const said = {players: t("org_players_n", {n}), parks: t("org_parks_n", {n: parks})};
  $("ccount").textContent = !n ? t("org_typeplayers") : odd ? t("org_count_robot", said) : t("org_count", said);
  $("crobotrow").hidden = !odd; $("csolorow").hidden = !odd;
  const levels = n === 1 ? CAT.robot_levels.solo : CAT.robot_levels.multiplayer;
  const rb = $("crobot"), keep = rb.value;
  rb.replaceChildren(...levels.map(l => opt(l, t("org_level", {level: l}), String(l) === keep)));
  const fp = $("cfinal"), fkeep = fp.value;
  fp.replaceChildren(...Array.from({length: parks}, (_, i) => opt(i + 1, t("org_park", {park: i + 1}), String(i + 1) === fkeep)));
  const k = document.querySelectorAll("#csets input:checked").length;
  $("csetcount").textContent = t("org_chosen", {chosen: k, most: 5});
}
// A café format for the games of the table other than Challengers! (docs/protocol.md, "Create").
const FORMATS = {between: ["swiss", "knockout"], wacky: ["tables"], cosplay: ["tables"]};
function updateGame() {
  const game = $("cgame").value, cafe = game !== "challengers";
  $("cchallengers").hidden = cafe; $("cformatrow").hidden = !cafe;
  if (cafe) $("cformat").replaceChildren(...FORMATS[game].map(v => opt(v, named(FORMAT_NAMES, v))));
  updateFormat();
}
function updateFormat() {
  const f = $("cformat").value;
  updateForm();
  $("ctablerow").hidden = f !== "tables"; $("crounds").disabled = f === "knockout";
}
function cafeBody() {
  const body = {game: $("cgame").value, players: people(), format: $("cformat").value};
  const name = $("cname").value.trim(); if (name) body.name = name;
  if (bots().length) body.bots = bots();
  const rounds = $("crounds").value.trim(); if (rounds !== "" && body.format !== "knockout") body.rounds = Number(rounds);
  const size = $("ctable").value.trim(); if (size !== "" && body.format === "tables") body.table_size = Number(size);
  const seed = $("cseed").value.trim(); if (seed !== "") body.seed = Number(seed);
  return body;
}
function formBody() {
  if ($("cgame").value !== "challengers") return cafeBody();
  const players = people(), entrants = bots();
  const body = {players, box: $("cbox").value,
                sets: [$("cbasic").value, ...[...document.querySelectorAll("#csets input:checked")].map(c => c.value)]};
  const name = $("cname").value.trim(); if (name) body.name = name;
  if (entrants.length) body.bots = entrants;
  if ((players.length + entrants.length) % 2 === 1) { body.robot_level = parseInt($("crobot").value, 10); body.solo_cards = $("csolo").checked; }
  const seed = $("cseed").value.trim(); if (seed !== "") body.seed = Number(seed);
  if ($("cfinal").value) body.final_park = parseInt($("cfinal").value, 10);
  return body;
}
async function create() {
  say("createerr", ""); say("createok", ""); say("parkerr", ""); say("parkok", "");   // those were another tournament's
  const r = await api("POST", "/api/tournaments", formBody());
  if (!r.ok) { say("createerr", t("org_notcreated", {error: r.j.error})); return; }
  CUR = r.j.id;
  say("createok", t("org_created", {name: r.j.name, id: r.j.id}));
  for (const i of document.querySelectorAll("#cplayers input")) i.value = "";
  $("cbots").replaceChildren();
  $("cname").value = ""; $("cseed").value = ""; updateForm();
  await refresh(true);
}

// ------------------------------------------------------------------ reading and showing
async function refresh(force) {
  if (!PIN) return;
  const [p, k, tl] = await Promise.all([api("GET", "/api/pairing-pin", undefined, false), api("GET", "/api/kiosks", undefined, false),
                                       api("GET", "/api/tournaments", undefined, false)]);
  if (p.status === 403 || p.status === 401) { forgetPin(); return; }
  if (!p.ok || !k.ok || !tl.ok) return;
  KIOSKS = k.j.kiosks; TOURS = tl.j.tournaments;
  if (CUR === null || !TOURS.some(x => x.id === CUR)) {
    const live = TOURS.filter(x => x.phase !== "over");
    CUR = (live.length ? live : TOURS).length ? (live.length ? live : TOURS).slice(-1)[0].id : null;
  }
  VIEW = null;
  if (CUR !== null) { const v = await api("GET", "/api/tournaments/" + CUR, undefined, false); if (v.ok) VIEW = v.j; }
  const key = JSON.stringify([p.j.pin, p.j.qr, KIOSKS, TOURS, CUR, VIEW && VIEW.version, VIEW && VIEW.kiosks, VIEW && VIEW.setup]);
  if (!force && key === LAST) return;
  LAST = key;
  $("pairpin").textContent = p.j.pin ? p.j.pin.replace(/(\d{4})(?=\d)/g, "$1 ") : "\u2013";
  $("pairpin").dataset.code = p.j.pin || "";
  $("pairqr").hidden = !p.j.qr; if (p.j.qr) $("pairqr").src = p.j.qr;
  render();
}
// An entrant as the set-up lists it: a bot with its level.
function entrant(p) { return p.bot ? t("org_bot_entrant", {name: p.name, level: named(LEVELS, p.bot)}) : p.name; }
function kioskName(id) { const k = KIOSKS.find(x => x.kiosk_id === id); return k ? "#" + k.kiosk_id + " " + k.name : "#" + id; }
function render() {
  document.body.dataset.tournament = CUR === null ? "" : CUR;
  $("notour").hidden = CUR !== null; $("tourbox").hidden = CUR === null;
  const ts = $("tsel");
  ts.replaceChildren(...TOURS.slice().reverse().map(x => opt(x.id, x.id + ". " + (x.phase === "over" ? t("org_tour_over", {name: x.name}) : x.name), x.id === CUR)));
  renderKiosks();
  if (!VIEW) return;
  const v = VIEW, names = Object.fromEntries(v.players.map(p => [p.player, p.name]));
  const cafe = v.tables !== undefined;
  $("finalbox").hidden = cafe;
  if (cafe) {
    $("tstate").className = "state" + (v.over ? " champ" : "");
    $("tstate").textContent = v.over ? t("org_overwinner", {name: v.winner}) : t("org_round", {round: v.round, rounds: v.rounds});
    const format = named(FORMAT_NAMES, v.format);
    $("tinfo").textContent = v.players.map(entrant).join(", ") + " \u00b7 " + (t.games[v.game] || v.game) + " \u00b7 " +
        (v.format === "tables" ? t("org_format_table_size", {format, size: v.rules.table_size}) : format);
  } else {
  $("tstate").className = "state" + (v.phase === "over" ? " champ" : "");
  $("tstate").textContent = v.phase === "over"
      ? (v.end_reason ? t("org_overchampion_why", {name: names[v.winner], why: named(ENDS, v.end_reason)})
                      : t("org_overchampion", {name: names[v.winner]}))
      : (v.round > v.rounds ? named(PHASES, v.phase)
                            : t("org_round", {round: v.round, rounds: v.rounds}) + " \u00b7 " + named(PHASES, v.phase));
  const setNames = Object.fromEntries((CAT ? CAT.sets : []).map(s => [s.id, setName(s)]));
  const robot = v.players.some(p => p.robot);
  const people = v.players.filter(p => !p.robot).map(entrant).join(", ");
  const withRobot = {players: people, level: v.setup.robot_level};
  $("tinfo").textContent = (!robot ? people : v.setup.solo_cards ? t("org_robot_solo", withRobot) : t("org_robot", withRobot)) + " \u00b7 " +
      t("org_boxsets", {box: boxName(v.setup.box), sets: v.setup.sets.map(s => setNames[s] || s).join(", ")});
  }
  $("tvlink").href = "/t/" + v.id;
  const seatsAt = {};
  for (const s of v.seats) (seatsAt[s.park] = seatsAt[s.park] || []).push(cafe ? s.name : (SIDES[s.side] ? t(SIDES[s.side], {name: s.name}) : s.name + " (" + s.side + ")"));
  const body = $("parks"); body.replaceChildren();
  for (let park = 1; park <= v.parks; park++) {
    const tr = el("tr"); tr.dataset.park = park;
    const pc = el("td", "", t("org_park", {park})); if (!cafe && v.setup.final_park === park) pc.append(el("div", "tag", t("org_finalhere")));
    tr.append(pc);
    const seated = seatsAt[park] || [];
    tr.append(el("td", "", seated.length ? seated.reduce((a, b) => t("org_versus", {a, b})) : "\u2013"));
    const td = el("td"), sel = el("select"); sel.className = "kiosksel"; sel.dataset.park = park;
    sel.setAttribute("aria-label", t("org_kioskfor", {park}));
    const held = v.kiosks[String(park)];
    if (held === undefined) sel.append(opt("", t("org_choosekiosk"), true));
    for (const k of KIOSKS) {
      if (k.revoked || (ME && k.kiosk_id === ME.kiosk_id && held !== k.kiosk_id)) continue;
      const other = Object.entries(v.kiosks).find(([p, id]) => id === k.kiosk_id && Number(p) !== park);
      const shown = "#" + k.kiosk_id + " " + k.name;
      sel.append(opt(k.kiosk_id, other ? t("org_nowat", {kiosk: shown, park: other[0]}) : shown, held === k.kiosk_id));
    }
    sel.addEventListener("change", () => assign(park, sel.value));
    td.append(sel); tr.append(td); body.append(tr);
  }
  if (!cafe) $("finalpark").replaceChildren(...Array.from({length: v.parks}, (_, i) => opt(i + 1, t("org_park", {park: i + 1}), v.setup.final_park === i + 1)));
}
function renderKiosks() {
  const body = $("klist"); body.replaceChildren();
  if (!KIOSKS.length) { const tr = el("tr"); tr.append(el("td", "muted", t("org_nokiosk"))); tr.firstChild.colSpan = 4; body.append(tr); }
  for (const k of KIOSKS) {
    const tr = el("tr"); tr.dataset.kiosk = k.kiosk_id;
    tr.append(el("td", "", String(k.kiosk_id)));
    const n = el("td", "", k.name); if (ME && k.kiosk_id === ME.kiosk_id) n.append(el("span", "tag", t("org_thisbrowsertag")));
    tr.append(n);
    const where = el("td");
    if (!k.parks.length) where.append(el("span", "muted", t("org_notatpark")));
    for (const p of k.parks) where.append(el("span", "tag", t("org_tpark", {tournament: p.tournament, park: p.park})));
    tr.append(where);
    const act = el("td");
    if (k.revoked) act.append(el("span", "revoked", t("org_revoked")));
    else if (!(ME && k.kiosk_id === ME.kiosk_id)) {
      const armed = ARMED === k.kiosk_id;
      const b = el("button", "danger small revoke", armed ? t("org_sure") : t("org_revoke")); b.dataset.kiosk = k.kiosk_id;
      b.dataset.armed = armed ? "1" : "";
      b.addEventListener("click", () => {
        if (ARMED !== k.kiosk_id) {
          ARMED = k.kiosk_id; renderKiosks();
          setTimeout(() => { if (ARMED === k.kiosk_id) { ARMED = null; renderKiosks(); } }, 5000);
          return;
        }
        ARMED = null; revoke(k.kiosk_id);
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
  if (!r.ok) say("parkerr", t("org_park_error", {park, error: r.j.error}));
  else say("parkok", t("org_park", {park}) + " \u2190 " + kioskName(r.j.kiosk_id));
  await refresh(true);
}
async function setFinal() {
  say("finalerr", ""); say("finalok", "");
  const park = parseInt($("finalpark").value, 10);
  const r = await api("POST", "/api/tournaments/" + CUR + "/final", {park});
  if (!r.ok) say("finalerr", r.j.error); else say("finalok", t("org_finalwill", {park: r.j.final_park}));
  await refresh(true);
}
async function revoke(kid) {
  say("kioskerr", "");
  const r = await api("POST", "/api/kiosks/" + kid + "/revoke");
  if (!r.ok) say("kioskerr", t("org_kiosk_error", {id: kid, error: r.j.error}));
  await refresh(true);
}
// The words first (the coordinator's catalogues), then the page.
async function start() {
  t = await loadWords();
  translatePage(t);
  $("pinhint").textContent = t("org_pinhint", {command: PIN_SHOWN_BY});
  $("loginbtn").addEventListener("click", () => login($("pin").value.trim()));
  $("pin").addEventListener("keydown", (e) => { if (e.key === "Enter") login($("pin").value.trim()); });
  $("logout").addEventListener("click", logout);
  $("createbtn").addEventListener("click", create);
  $("cgame").addEventListener("change", updateGame);
  $("cformat").addEventListener("change", updateFormat);
  $("addbot").addEventListener("click", addBot);
  $("finalbtn").addEventListener("click", setFinal);
  $("tsel").addEventListener("change", () => { CUR = parseInt($("tsel").value, 10); say("parkerr", ""); say("parkok", ""); refresh(true); });
  if (PIN) login(PIN);
  setInterval(() => { if (!$("app").hidden) refresh(false); }, 4000);
  document.body.dataset.lang = t.lang;
}
start();
