// The coordinator's pages speak the language asked for with ?lang= (a language's code: en, fr),
// else the browser's own.  Their words are the coordinator's gettext catalogues, fetched from
// GET /api/words?lang=..: English when the coordinator has no catalogue of the language.  Nothing
// here or in the pages is a word of any language: a new language is a catalogue.
function askedLang() {
  const asked = new URLSearchParams(location.search).get("lang") || navigator.language || "en";
  return asked.toLowerCase().split("-")[0];
}
// A message's key -> its text in the page's language.  With values, "{name}" fields are filled
// ("{{" and "}}" are braces, as in Python's str.format, which the kiosk uses on the same
// catalogues) and a message with plural forms takes the form of the count values.n: the words
// carry the language's rule as the form each count takes (counts past the table as 100 + n % 100).
function sayer(got) {
  const plural = got.plural, words = got.words;
  const t = (key, values) => {
    let text = words[key];
    if (text === undefined) return key;
    if (Array.isArray(text)) {
      const n = Math.abs(Math.trunc(Number(values && values.n) || 0));
      text = text[plural[n < plural.length ? n : 100 + n % 100]];
    }
    return text.replace(/\{\{|\}\}|\{(\w+)\}/g, (m, name) =>
      name === undefined ? m[0] : (values && name in values ? String(values[name]) : m));
  };
  t.lang = got.lang;
  t.games = got.games || {};
  return t;
}
// The page's words, once: the asked language's, else English's.  The document says which
// language it is in (<html lang>); each page marks body[data-lang] once its words are on it and
// its controls work.
async function loadWords() {
  for (const lang of [askedLang(), "en"]) {
    try {
      const r = await fetch("/api/words?lang=" + encodeURIComponent(lang));
      if (r.ok) {
        const t = sayer(await r.json());
        document.documentElement.lang = t.lang;
        return t;
      }
    } catch (e) { /* the coordinator does not answer: the keys show, and the next load tries again */ }
  }
  return sayer({lang: "en", plural: [1, 0, 1], words: {}});
}
// The fixed words of the HTML: an element marked data-t="key" gets t(key) as its text;
// data-t-placeholder, data-t-title, data-t-alt and data-t-aria-label set those attributes.  The
// HTML holds the English words too, for a browser without scripts.
function translatePage(t) {
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  for (const attr of ["placeholder", "title", "alt", "aria-label"]) {
    for (const e of document.querySelectorAll("[data-t-" + attr + "]")) e.setAttribute(attr, t(e.getAttribute("data-t-" + attr)));
  }
}
// A key the page chooses by a computed name, listed where it is chosen: tools/catalogues.py finds
// the keys the pages name as strings in t() calls and N_() marks, and in data-t attributes.
function N_(key) { return key; }
