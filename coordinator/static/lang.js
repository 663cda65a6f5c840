// The coordinator's pages in English or French: the language asked for with ?lang=fr (or
// ?lang=en), else the browser's own; English for any other language.  Each page keeps its own
// words, one table per language with the same keys ({en: {...}, fr: {...}}).
const PAGE_LANGS = ["en", "fr"];
function pageLang() {
  const asked = (new URLSearchParams(location.search).get("lang") || navigator.language || "en").slice(0, 2).toLowerCase();
  return PAGE_LANGS.includes(asked) ? asked : "en";
}
// The page's words in its language; the document says which language it is in.
function pageWords(words) {
  const lang = pageLang();
  document.documentElement.lang = lang;
  return words[lang];
}
// The fixed words of the HTML: an element marked data-t="key" gets w[key] as its text;
// data-t-placeholder, data-t-title, data-t-alt and data-t-aria-label set those attributes.  The
// HTML holds the English words too, for a browser without scripts.
function translatePage(w) {
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = w[e.dataset.t];
  for (const attr of ["placeholder", "title", "alt", "aria-label"]) {
    for (const e of document.querySelectorAll("[data-t-" + attr + "]")) e.setAttribute(attr, w[e.getAttribute("data-t-" + attr)]);
  }
}
