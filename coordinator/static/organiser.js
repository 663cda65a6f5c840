// The page's words, in English and French (lang.js picks: ?lang=fr, else the browser's language).
// Game names, box and set names and the players' names are names: they stay as they are.
const WORDS = {
  en: {pagetitle: "Tablecup organiser", organiser: "Organiser", logout: "Log out", login: "Log in",
       pinhint: "Type the organiser PIN. It is on the operator screen of the table that runs the coordinator, and where the coordinator was started (its window, or the service's journal); \u201ctablecup coordinator --show-pin\u201d prints it again on that machine.",
       pinlabel: "Organiser PIN", loginbtn: "Log in", tournament: "Tournament", tournamentaria: "tournament",
       notour: "No tournament yet: create one with the form.", tvlink: "Open the TV page (standings) \u2197",
       kioskshead: "Kiosks at the parks", kioskshint: "Pick the kiosk that stands at each park. Each park's kiosk tells its players who sits where.",
       parkcol: "Park", playingcol: "Playing there now", kioskcol: "Kiosk", finalhead: "The Final",
       finalat: "The Final is played at", finalbtn: "Set the Final's park", newtour: "New tournament", game: "Game",
       game_challengers: "Challengers! (its printed plans)", game_between: "Between Battle (Swiss or knockout)",
       game_wacky: "Wacky Challenge (rounds of tables)", game_cosplay: "Cosplay Team Battle (rounds of tables)",
       format: "Format", rounds: "Rounds", roundsdefault: "default", tablesize: "Most players at a table",
       tablesizedefault: "the game's most", name: "Name", nameexample: "Friday Cup",
       players: "Players (3 to 8; 1 or 2 for a short game)", bots: "Bot entrants",
       botshint: "(the search bot plays them; it drafts and plays at its level)", addbot: "Add a bot", box: "Box",
       robotlevel: "Robot level", solo: "SOLO cards in the Robot's deck", basicset: "Basic set", moresets: "Additional sets",
       finalpark: "Final's park", seed: "Seed (optional)", seedrandom: "random", createbtn: "Create the tournament",
       addkiosk: "Add a kiosk",
       pairhint: "On the new kiosk choose \u201cJoin a tournament\u201d and type this 12-digit pairing code (it works once, then a new one appears here). The QR code carries the same code and this coordinator's address.",
       pairqr: "pairing QR code", paired: "Paired kiosks", namecol: "Name", parkscol: "Parks",
       browsername: "Organiser browser", noanswer: "the coordinator does not answer", pairingthis: "pairing this browser: ",
       thisbrowser: (id, name) => "this browser is kiosk #" + id + " (" + name + ")",
       phases: {"deck": "Deck Phase", "match": "Match Phase", "final-deck": "Final: Deck Phase", "final": "The Final", "over": "Over"},
       levels: {easy: "Easy", medium: "Medium", hard: "Hard"}, botname: "Bot ", botnamearia: (n) => "bot " + n + " name",
       botlevelaria: (n) => "bot " + n + " level", remove: "Remove", player: "Player ",
       setbox: (box) => box + " box", houseset: "house set",
       entrants: (n) => n + " entrant" + (n > 1 ? "s" : ""), typeentrants: "Type the entrants' names.",
       playerscount: (n, robot, parks) => n + " player" + (n > 1 ? "s" : "") + (robot ? " + the Robot" : "") + " \u2192 " + parks + " park" + (parks > 1 ? "s" : ""),
       typeplayers: "Type the players' names.", level: "Level ", park: "Park ", chosen: (k) => "(" + k + " of 5 chosen)",
       formats: {swiss: "Swiss ladder", knockout: "Knockout", tables: "Rounds of tables"},
       games: {challengers: "Challengers!", between: "Between Battle", wacky: "Wacky Challenge", cosplay: "Cosplay Team Battle"},
       notcreated: "Not created: ",
       created: (name, id) => "Created \u201c" + name + "\u201d (tournament " + id + "). Now pick a kiosk for each park.",
       over: " (over)", overwinner: "Over \u2013 winner: ", overchampion: "Over \u2013 champion: ",
       round: (r, n) => "Round " + r + " of " + n, botof: (level) => " (bot, " + level + ")",
       uptoatable: (n) => ", up to " + n + " a table",
       ends: {final: "final", lesson: "lesson", lead: "lead", "most-fans": "most fans"},
       robotof: (level, solo) => " + Robot (level " + level + (solo ? ", SOLO cards" : "") + ")",
       boxsets: (box, sets) => " \u00b7 " + box + " box \u00b7 sets: " + sets, finalhere: "Final here", versus: " vs ", sides: {light: "light", dark: "dark"},
       choosekiosk: "\u2014 choose a kiosk \u2014", nowat: (p) => " (now at park " + p + ")", kioskfor: (p) => "kiosk for park " + p,
       nokiosk: "No kiosk is paired yet.", thisbrowsertag: "this browser", notatpark: "not at a park",
       tpark: (t, p) => "T" + t + " park " + p, revoked: "revoked", revoke: "Revoke", sure: "Sure? Revoke",
       finalwill: (p) => "The Final will be played at park " + p + ".", kiosk: "Kiosk ", colon: ": "},
  fr: {pagetitle: "Tablecup \u2013 organisateur", organiser: "Organisateur", logout: "Se d\u00e9connecter", login: "Connexion",
       pinhint: "Tapez le code organisateur. Il est sur l\u2019\u00e9cran op\u00e9rateur de la table o\u00f9 tourne le coordinateur, et l\u00e0 o\u00f9 le coordinateur a \u00e9t\u00e9 lanc\u00e9 (sa fen\u00eatre, ou le journal du service)\u00a0; \u00ab\u00a0tablecup coordinator --show-pin\u00a0\u00bb le r\u00e9affiche sur cette machine.",
       pinlabel: "Code organisateur", loginbtn: "Se connecter", tournament: "Tournoi", tournamentaria: "tournoi",
       notour: "Pas encore de tournoi\u00a0: cr\u00e9ez-en un avec le formulaire.", tvlink: "Ouvrir la page TV (classement) \u2197",
       kioskshead: "Kiosques aux parcs", kioskshint: "Choisissez le kiosque qui se trouve \u00e0 chaque parc. Le kiosque de chaque parc indique \u00e0 ses joueurs qui s\u2019assoit o\u00f9.",
       parkcol: "Parc", playingcol: "Qui y joue", kioskcol: "Kiosque", finalhead: "La finale",
       finalat: "La finale se joue au", finalbtn: "Choisir le parc de la finale", newtour: "Nouveau tournoi", game: "Jeu",
       game_challengers: "Challengers! (ses plans imprim\u00e9s)", game_between: "Between Battle (ronde suisse ou \u00e9limination directe)",
       game_wacky: "Wacky Challenge (manches par tables)", game_cosplay: "Cosplay Team Battle (manches par tables)",
       format: "Formule", rounds: "Manches", roundsdefault: "par d\u00e9faut", tablesize: "Taille des tables",
       tablesizedefault: "le maximum du jeu", name: "Nom", nameexample: "Coupe du vendredi",
       players: "Joueurs (3 \u00e0 8\u00a0; 1 ou 2 pour une partie courte)", bots: "Participants bots",
       botshint: "(le bot de recherche les joue\u00a0; il compose son deck et joue \u00e0 son niveau)", addbot: "Ajouter un bot", box: "Bo\u00eete",
       robotlevel: "Niveau du Robot", solo: "Cartes SOLO dans le deck du Robot", basicset: "Set de base", moresets: "Sets suppl\u00e9mentaires",
       finalpark: "Parc de la finale", seed: "Graine (facultative)", seedrandom: "au hasard", createbtn: "Cr\u00e9er le tournoi",
       addkiosk: "Ajouter un kiosque",
       pairhint: "Sur le nouveau kiosque, choisissez \u00ab\u00a0Rejoindre un tournoi\u00a0\u00bb et tapez ce code d\u2019appairage \u00e0 12 chiffres (il sert une fois, puis un nouveau appara\u00eet ici). Le QR code porte le m\u00eame code et l\u2019adresse de ce coordinateur.",
       pairqr: "QR code d\u2019appairage", paired: "Kiosques appair\u00e9s", namecol: "Nom", parkscol: "Parcs",
       browsername: "Navigateur organisateur", noanswer: "le coordinateur ne r\u00e9pond pas", pairingthis: "appairage de ce navigateur\u00a0: ",
       thisbrowser: (id, name) => "ce navigateur est le kiosque n\u00b0" + id + " (" + name + ")",
       phases: {"deck": "Phase de deck", "match": "Phase de match", "final-deck": "Finale\u00a0: phase de deck", "final": "La finale", "over": "Termin\u00e9"},
       levels: {easy: "Facile", medium: "Moyen", hard: "Difficile"}, botname: "Bot ", botnamearia: (n) => "nom du bot " + n,
       botlevelaria: (n) => "niveau du bot " + n, remove: "Retirer", player: "Joueur ",
       setbox: (box) => "bo\u00eete " + box, houseset: "set maison",
       entrants: (n) => n + " participant" + (n > 1 ? "s" : ""), typeentrants: "Tapez les noms des participants.",
       playerscount: (n, robot, parks) => n + " joueur" + (n > 1 ? "s" : "") + (robot ? " + le Robot" : "") + " \u2192 " + parks + " parc" + (parks > 1 ? "s" : ""),
       typeplayers: "Tapez les noms des joueurs.", level: "Niveau ", park: "Parc ", chosen: (k) => "(" + k + " sur 5 choisis)",
       formats: {swiss: "Ronde suisse", knockout: "\u00c9limination directe", tables: "Par tables"},
       games: {challengers: "Challengers!", between: "Between Battle", wacky: "Wacky Challenge", cosplay: "Cosplay Team Battle"},
       notcreated: "Non cr\u00e9\u00e9\u00a0: ",
       created: (name, id) => "\u00ab\u00a0" + name + "\u00a0\u00bb est cr\u00e9\u00e9 (tournoi " + id + "). Choisissez maintenant un kiosque pour chaque parc.",
       over: " (termin\u00e9)", overwinner: "Termin\u00e9 \u2013 gagnant\u00a0: ", overchampion: "Termin\u00e9 \u2013 champion\u00a0: ",
       round: (r, n) => "Manche " + r + " sur " + n, botof: (level) => " (bot, " + level + ")",
       uptoatable: (n) => ", jusqu\u2019\u00e0 " + n + " par table",
       ends: {final: "finale", lesson: "le\u00e7on", lead: "avance", "most-fans": "le plus de fans"},
       robotof: (level, solo) => " + Robot (niveau " + level + (solo ? ", cartes SOLO" : "") + ")",
       boxsets: (box, sets) => " \u00b7 bo\u00eete " + box + " \u00b7 sets\u00a0: " + sets, finalhere: "Finale ici", versus: " contre ", sides: {light: "clair", dark: "sombre"},
       choosekiosk: "\u2014 choisir un kiosque \u2014", nowat: (p) => " (en ce moment au parc " + p + ")", kioskfor: (p) => "kiosque du parc " + p,
       nokiosk: "Aucun kiosque n\u2019est encore appair\u00e9.", thisbrowsertag: "ce navigateur", notatpark: "\u00e0 aucun parc",
       tpark: (t, p) => "T" + t + " parc " + p, revoked: "r\u00e9voqu\u00e9", revoke: "R\u00e9voquer", sure: "S\u00fbr\u00a0? R\u00e9voquer",
       finalwill: (p) => "La finale se jouera au parc " + p + ".", kiosk: "Kiosque ", colon: "\u00a0: "},
};
const W = pageWords(WORDS), LANG = pageLang();
translatePage(W);
const PIN_KEY = "tablecup.organiserPin", TOKEN_KEY = "tablecup.organiserToken", BROWSER_NAME = W.browsername;
let PIN = sessionStorage.getItem(PIN_KEY), TOKEN = localStorage.getItem(TOKEN_KEY), ME = null;
let CAT = null, KIOSKS = [], TOURS = [], CUR = null, VIEW = null, LAST = "";
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text; return e; }
// A set's name in the page's language, as its cards print it.
function setName(s) { return (s.names && s.names[LANG]) || s.name; }
// A box by its name ("Challengers! Beach Cup"), not its id.
function boxName(id) { const b = CAT && CAT.boxes.find(x => x.id === id); return b ? b.name : id; }
function opt(value, text, selected) { const o = el("option", "", text); o.value = String(value); if (selected) o.selected = true; return o; }
const PHASES = W.phases;
function say(id, text) { $(id).textContent = text || ""; }
async function api(method, path, body, token) {
  const h = {};
  if (PIN) h["X-Organiser-Pin"] = PIN;
  if (token !== false && TOKEN) h["Authorization"] = "Bearer " + TOKEN;
  if (body !== undefined) h["Content-Type"] = "application/json";
  let r;
  try { r = await fetch(path, {method, headers: h, cache: "no-store", body: body === undefined ? undefined : JSON.stringify(body)}); }
  catch (e) { return {ok: false, status: 0, j: {error: W.noanswer + " (" + e + ")"}}; }
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
  if (!r.ok) throw new Error(W.pairingthis + r.j.error);
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
  $("who").textContent = W.thisbrowser(ME.kiosk_id, ME.name);
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
const BOT_LEVELS = Object.entries(W.levels);
function addBot() {
  // One row per bot entrant: its name (distinct from the players') and its level.
  const rows = $("cbots"), n = rows.children.length + 1;
  const row = el("div", "botrow"); row.dataset.i = n;
  const name = el("input"); name.type = "text"; name.maxLength = 24; name.value = W.botname + n;
  name.setAttribute("aria-label", W.botnamearia(n)); name.addEventListener("input", updateForm);
  const level = el("select"); level.setAttribute("aria-label", W.botlevelaria(n));
  level.replaceChildren(...BOT_LEVELS.map(([v, t]) => opt(v, t, v === "medium")));
  const drop = el("button", "plain small", W.remove); drop.type = "button";
  drop.addEventListener("click", () => { row.remove(); updateForm(); });
  row.append(name, level, drop); rows.append(row); updateForm();
}
function parksFor(n) { return Math.max(1, Math.ceil(n / 2)); }
function buildForm() {
  const ps = $("cplayers"); ps.replaceChildren();
  for (let i = 1; i <= 8; i++) { const inp = el("input"); inp.type = "text"; inp.maxLength = 24; inp.placeholder = W.player + i;
    inp.dataset.i = i; inp.addEventListener("input", updateForm); ps.append(inp); }
  const box = $("cbox"); box.replaceChildren(...CAT.boxes.map(b => opt(b.id, b.name)));
  box.addEventListener("change", () => setDefaults(box.value));
  $("cbasic").replaceChildren(...CAT.sets.filter(s => s.kind === "basic").map(s => opt(s.id, setName(s) + " \u2013 " + W.setbox(boxName(s.box)))));
  const sets = $("csets"); sets.replaceChildren();
  for (const s of CAT.sets.filter(s => s.kind !== "basic")) {
    const l = el("label", "inline"); const c = el("input"); c.type = "checkbox"; c.value = s.id; c.addEventListener("change", updateForm);
    l.append(c, setName(s) + " "); l.append(el("span", "box", s.kind === "house" ? W.houseset : boxName(s.box)));
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
    $("ccount").textContent = n ? W.entrants(n) : W.typeentrants; return;
  }
  $("ccount").textContent = n ? W.playerscount(n, odd, parks) : W.typeplayers;
  $("crobotrow").hidden = !odd; $("csolorow").hidden = !odd;
  const levels = n === 1 ? CAT.robot_levels.solo : CAT.robot_levels.multiplayer;
  const rb = $("crobot"), keep = rb.value;
  rb.replaceChildren(...levels.map(l => opt(l, W.level + l, String(l) === keep)));
  const fp = $("cfinal"), fkeep = fp.value;
  fp.replaceChildren(...Array.from({length: parks}, (_, i) => opt(i + 1, W.park + (i + 1), String(i + 1) === fkeep)));
  const k = document.querySelectorAll("#csets input:checked").length;
  $("csetcount").textContent = W.chosen(k);
}
// A café format for the games of the table other than Challengers! (docs/protocol.md, "Create").
const FORMATS = {between: ["swiss", "knockout"], wacky: ["tables"], cosplay: ["tables"]};
function updateGame() {
  const game = $("cgame").value, cafe = game !== "challengers";
  $("cchallengers").hidden = cafe; $("cformatrow").hidden = !cafe;
  if (cafe) $("cformat").replaceChildren(...FORMATS[game].map(v => opt(v, W.formats[v])));
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
  if (!r.ok) { say("createerr", W.notcreated + r.j.error); return; }
  CUR = r.j.id;
  say("createok", W.created(r.j.name, r.j.id));
  for (const i of document.querySelectorAll("#cplayers input")) i.value = "";
  $("cbots").replaceChildren();
  $("cname").value = ""; $("cseed").value = ""; updateForm();
  await refresh(true);
}

// ------------------------------------------------------------------ reading and showing
async function refresh(force) {
  if (!PIN) return;
  const [p, k, t] = await Promise.all([api("GET", "/api/pairing-pin", undefined, false), api("GET", "/api/kiosks", undefined, false),
                                       api("GET", "/api/tournaments", undefined, false)]);
  if (p.status === 403 || p.status === 401) { forgetPin(); return; }
  if (!p.ok || !k.ok || !t.ok) return;
  KIOSKS = k.j.kiosks; TOURS = t.j.tournaments;
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
function kioskName(id) { const k = KIOSKS.find(x => x.kiosk_id === id); return k ? "#" + k.kiosk_id + " " + k.name : "#" + id; }
function render() {
  document.body.dataset.tournament = CUR === null ? "" : CUR;
  $("notour").hidden = CUR !== null; $("tourbox").hidden = CUR === null;
  const ts = $("tsel");
  ts.replaceChildren(...TOURS.slice().reverse().map(x => opt(x.id, x.id + ". " + x.name + (x.phase === "over" ? W.over : ""), x.id === CUR)));
  renderKiosks();
  if (!VIEW) return;
  const v = VIEW, names = Object.fromEntries(v.players.map(p => [p.player, p.name]));
  const cafe = v.tables !== undefined;
  $("finalbox").hidden = cafe;
  if (cafe) {
    $("tstate").className = "state" + (v.over ? " champ" : "");
    $("tstate").textContent = v.over ? W.overwinner + v.winner : W.round(v.round, v.rounds);
    $("tinfo").textContent = v.players.map(p => p.name + (p.bot ? W.botof(W.levels[p.bot] || p.bot) : "")).join(", ") +
        " \u00b7 " + (W.games[v.game] || v.game) + " \u00b7 " + (W.formats[v.format] || v.format) +
        (v.format === "tables" ? W.uptoatable(v.rules.table_size) : "");
  } else {
  $("tstate").className = "state" + (v.phase === "over" ? " champ" : "");
  $("tstate").textContent = v.phase === "over"
      ? W.overchampion + names[v.winner] + (v.end_reason ? " (" + (W.ends[v.end_reason] || v.end_reason) + ")" : "")
      : (v.round > v.rounds ? PHASES[v.phase] : W.round(v.round, v.rounds) + " \u00b7 " + PHASES[v.phase]);
  const setNames = Object.fromEntries((CAT ? CAT.sets : []).map(s => [s.id, setName(s)]));
  const robot = v.players.some(p => p.robot);
  $("tinfo").textContent = v.players.filter(p => !p.robot).map(p => p.name + (p.bot ? W.botof(W.levels[p.bot] || p.bot) : "")).join(", ") +
      (robot ? W.robotof(v.setup.robot_level, v.setup.solo_cards) : "") +
      W.boxsets(boxName(v.setup.box), v.setup.sets.map(s => setNames[s] || s).join(", "));
  }
  $("tvlink").href = "/t/" + v.id;
  const seatsAt = {};
  for (const s of v.seats) (seatsAt[s.park] = seatsAt[s.park] || []).push(cafe ? s.name : s.name + " (" + (W.sides[s.side] || s.side) + ")");
  const body = $("parks"); body.replaceChildren();
  for (let park = 1; park <= v.parks; park++) {
    const tr = el("tr"); tr.dataset.park = park;
    const pc = el("td", "", W.park + park); if (!cafe && v.setup.final_park === park) pc.append(el("div", "tag", W.finalhere));
    tr.append(pc);
    tr.append(el("td", "", (seatsAt[park] || []).join(W.versus) || "\u2013"));
    const td = el("td"), sel = el("select"); sel.className = "kiosksel"; sel.dataset.park = park;
    sel.setAttribute("aria-label", W.kioskfor(park));
    const held = v.kiosks[String(park)];
    if (held === undefined) sel.append(opt("", W.choosekiosk, true));
    for (const k of KIOSKS) {
      if (k.revoked || (ME && k.kiosk_id === ME.kiosk_id && held !== k.kiosk_id)) continue;
      const other = Object.entries(v.kiosks).find(([p, id]) => id === k.kiosk_id && Number(p) !== park);
      sel.append(opt(k.kiosk_id, "#" + k.kiosk_id + " " + k.name + (other ? W.nowat(other[0]) : ""), held === k.kiosk_id));
    }
    sel.addEventListener("change", () => assign(park, sel.value));
    td.append(sel); tr.append(td); body.append(tr);
  }
  if (!cafe) $("finalpark").replaceChildren(...Array.from({length: v.parks}, (_, i) => opt(i + 1, W.park + (i + 1), v.setup.final_park === i + 1)));
}
function renderKiosks() {
  const body = $("klist"); body.replaceChildren();
  if (!KIOSKS.length) { const tr = el("tr"); tr.append(el("td", "muted", W.nokiosk)); tr.firstChild.colSpan = 4; body.append(tr); }
  for (const k of KIOSKS) {
    const tr = el("tr"); tr.dataset.kiosk = k.kiosk_id;
    tr.append(el("td", "", String(k.kiosk_id)));
    const n = el("td", "", k.name); if (ME && k.kiosk_id === ME.kiosk_id) n.append(el("span", "tag", W.thisbrowsertag));
    tr.append(n);
    const where = el("td");
    if (!k.parks.length) where.append(el("span", "muted", W.notatpark));
    for (const p of k.parks) where.append(el("span", "tag", W.tpark(p.tournament, p.park)));
    tr.append(where);
    const act = el("td");
    if (k.revoked) act.append(el("span", "revoked", W.revoked));
    else if (!(ME && k.kiosk_id === ME.kiosk_id)) {
      const b = el("button", "danger small revoke", W.revoke); b.dataset.kiosk = k.kiosk_id;
      b.addEventListener("click", () => {
        if (b.dataset.armed !== "1") { b.dataset.armed = "1"; b.textContent = W.sure; setTimeout(() => { b.dataset.armed = ""; b.textContent = W.revoke; }, 5000); return; }
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
  if (!r.ok) say("parkerr", W.park + park + W.colon + r.j.error);
  else say("parkok", W.park + park + " \u2190 " + kioskName(r.j.kiosk_id));
  await refresh(true);
}
async function setFinal() {
  say("finalerr", ""); say("finalok", "");
  const park = parseInt($("finalpark").value, 10);
  const r = await api("POST", "/api/tournaments/" + CUR + "/final", {park});
  if (!r.ok) say("finalerr", r.j.error); else say("finalok", W.finalwill(r.j.final_park));
  await refresh(true);
}
async function revoke(kid) {
  say("kioskerr", "");
  const r = await api("POST", "/api/kiosks/" + kid + "/revoke");
  if (!r.ok) say("kioskerr", W.kiosk + kid + W.colon + r.j.error);
  await refresh(true);
}
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
