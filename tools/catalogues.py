"""The gettext catalogues of the kiosk and of the coordinator's pages: extract, compile, check,
and migrate old string tables.

    python tools/catalogues.py extract            # code and .kv -> kiosk/locale/<domain>.pot -> update every .po
                                                  # (and the pages' .js/.html -> coordinator/locale/coordinator.pot)
    python tools/catalogues.py compile            # every .po -> .mo (the set-up does this: setup.py, dev.sh),
                                                  # and the pseudo-locale's .mo from the English .po
    python tools/catalogues.py pseudo [DIR]       # the pseudo-locale's .po files, to read (not committed)
    python tools/catalogues.py check              # every message used exists, translated, same placeholders
    python tools/catalogues.py migrate [FILE|REV:PATH]   # a ``STRINGS = {"en": {...}, "fr": {...}}`` table -> .po

Messages are keys (``app.t("solo")``, ``tr("pick_n", lang, n=3)``): the English catalogue holds
the English words, the French one the French words (docs/translating.md says why).  A call that
passes ``n=`` asks for a plural message (``ngettext``), so extraction writes its key as
``msgid``/``msgid_plural`` and each language gives its own forms (French: ``n > 1``).

Domains follow the files that use a key: the shared chrome (``tablecup``) and one domain per game
(``challengers``, ``between``, ``wacky``, ``cosplay``); a key used by shared code, or by two games,
is shared.  Babel does the extraction (with the extraction methods below), the catalogue
updates and the compilation; this script only says which files feed which domain.

The coordinator's pages (``coordinator/static/*.js`` and ``*.html``) have catalogues of their own,
``coordinator/locale``, one domain ``coordinator``: their keys are the pages' ``t("key", {...})``
calls (a call whose values name ``n`` is a plural), ``N_("key")`` marks and ``data-t`` attributes.
The coordinator serves them to the pages (``GET /api/words?lang=..``); both programs read their
catalogues through the ``words`` package.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import fnmatch
import io
import re
import string
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "kiosk" / "locale"
#: The coordinator's pages: their catalogues, their one domain, the files that use their keys.
PAGES_LOCALE = ROOT / "coordinator" / "locale"
PAGES = "coordinator"
PAGE_FILES = ("coordinator/static/*.js", "coordinator/static/*.html")
#: Every folder of catalogues the set-up compiles (relative to the checkout).
LOCALES = ("kiosk/locale", "coordinator/locale")
LANGS = ("en", "fr")
# The pseudo-locale: every English text with each letter accented ("Take a pile?" -> "Ţàķé à ṕîĺé?"),
# placeholders and markup kept.  Made from the English catalogues at every compile, never edited or
# committed: a test language, which shows that a third language needs catalogues only and that
# every text a screen shows comes from them (tests/kiosk/test_pseudo_locale.py).
PSEUDO = "qps"
SHARED = "tablecup"
# A game's screens live in kiosk/games/<game>/ and feed the domain <game> (Challengers! too); a
# game's file kept elsewhere would be listed here.  Every other file under kiosk/, and the command line's
# (tablecup/, which says games and cards with --lang), feeds the shared domain.
LEGACY_GAME_FILES: dict[str, list[str]] = {}
GAMES = ("challengers", "between", "wacky", "cosplay")


def domains(root: Path = ROOT) -> tuple[str, ...]:
    """The shared domain, then every game's: the four games, and any kiosk/games/<game>/ folder."""
    games = root / "kiosk" / "games"
    found = sorted(p.name for p in games.iterdir() if p.is_dir() and not p.name.startswith("_")) \
        if games.is_dir() else []
    return (SHARED, *dict.fromkeys((*GAMES, *found)))


DOMAINS = domains()
# The call names that take a message key first: app.t(key), tr(key, lang), app.tr_fn(key, lang),
# N_(key) (a key said through a computed name, listed where it is chosen), and a controller's
# _say(key, ...) (a sentence kept as key and values until a screen says it: kiosk/park.py).
CALLS = ("t", "tr", "tr_fn", "N_", "_say")
# Babel's keyword table for them; "tn" is how the extractors report a call with n= (a plural).
KEYWORDS = {**{name: None for name in CALLS}, "tn": (1, 2)}
PROJECT = "Tablecup"
# Templates carry no changing date and no line numbers: a file regenerated from the same code is
# the same file, and two branches adding strings to one domain merge without conflicts.
STABLE_DATE = datetime.datetime(2026, 11, 22, tzinfo=datetime.UTC)
HEADER = ("# Tablecup's kiosk: the words of one domain (docs/translating.md).\n"
          "# The source of the compiled .mo files, which the set-up builds.\n#")
PAGES_HEADER = ("# Tablecup's coordinator: the words of its pages (docs/translating.md).\n"
                "# The source of the compiled .mo files, which the set-up builds.\n#")


# --------------------------------------------------------------------------- extraction methods

def _call_name(node: ast.Call) -> str | None:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def extract_python(fileobj, keywords, comment_tags, options):
    """Babel extraction method: ``t/tr/tr_fn/N_("key", ...)`` calls; ``n=`` makes it a plural."""
    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _call_name(node) not in CALLS or not node.args:
            continue
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue                     # a computed key: its possible keys are listed with N_()
        if any(k.arg == "n" for k in node.keywords):
            yield node.lineno, "tn", (first.value, first.value), []
        else:
            yield node.lineno, _call_name(node), first.value, []


_KV_CALL = re.compile(r"""\b(t|tr|tr_fn|N_|_say)\(\s*(["'])([^"']+)\2([^)]*)\)""")


def extract_kv(fileobj, keywords, comment_tags, options):
    """Babel extraction method for Kivy language files: the same calls inside ``.kv`` expressions."""
    for lineno, line in enumerate(fileobj.read().decode("utf-8").splitlines(), 1):
        for m in _KV_CALL.finditer(line):
            if re.search(r"\bn\s*=", m.group(4)):
                yield lineno, "tn", (m.group(3), m.group(3)), []
            else:
                yield lineno, m.group(1), m.group(3), []


METHODS = {".py": extract_python, ".kv": extract_kv}

# The pages' calls: t("key") / t("key", {values}) and N_("key") in JavaScript; a plural when the
# values name the count n ({n}, {n: parks}).  And the HTML's data-t="key", data-t-alt="key"...
_JS_CALL = re.compile(r"""\b(t|N_)\(\s*"([\w-]+)"\s*(,\s*\{[^{}]*\})?""")
_JS_COUNT = re.compile(r"[{,]\s*n\s*[:,}]")
_HTML_KEY = re.compile(r'\bdata-t(?:-[a-z-]+)?="([\w-]+)"')


def extract_page(fileobj, keywords, comment_tags, options):
    """Babel extraction method for the coordinator's pages (.js and .html files)."""
    for lineno, line in enumerate(fileobj.read().decode("utf-8").splitlines(), 1):
        for m in _JS_CALL.finditer(line):
            if m.group(3) and _JS_COUNT.search(m.group(3)):
                yield lineno, "tn", (m.group(2), m.group(2)), []
            else:
                yield lineno, m.group(1), m.group(2), []
        for m in _HTML_KEY.finditer(line) if options.get("html") else ():
            yield lineno, "t", m.group(1), []


# --------------------------------------------------------------------------- files and domains

def source_files(root: Path = ROOT) -> list[Path]:
    """The kiosk's code and .kv files, and the command line's (which says games and cards in a
    language with ``--lang``: the shared domain)."""
    kiosk = root / "kiosk"
    cli = sorted((root / "tablecup").glob("*.py")) if (root / "tablecup").is_dir() else []
    return sorted(p for p in kiosk.rglob("*") if p.suffix in METHODS and "locale" not in p.parts) + cli


def domain_of_file(rel: str) -> str:
    parts = rel.split("/")
    if parts[:2] == ["kiosk", "games"] and len(parts) > 3:
        return parts[2]
    for domain, patterns in LEGACY_GAME_FILES.items():
        if any(fnmatch.fnmatch(rel, pat) for pat in patterns):
            return domain
    return SHARED


def po_path(lang: str, domain: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{domain}.po"


def extract_pages(root: Path = ROOT) -> dict[str, Catalog]:
    """The pages' template (empty when ``root`` has no coordinator pages: a test's small tree)."""
    files = sorted({p for pattern in PAGE_FILES for p in root.glob(pattern)})
    if not files:
        return {}
    template = Catalog(domain=PAGES, project=PROJECT, fuzzy=False, header_comment=PAGES_HEADER,
                       creation_date=STABLE_DATE)
    _describe(template, version=PAGES)
    uses: dict[str, dict] = {}
    for path in files:
        rel = path.relative_to(root).as_posix()
        found = extract_from_file(extract_page, path, KEYWORDS, options={"html": path.suffix == ".html"})
        for lineno, message, _comments, _context in found:
            key = message[0] if isinstance(message, tuple) else message
            u = uses.setdefault(key, {"plural": False, "locations": []})
            u["plural"] |= isinstance(message, tuple)
            u["locations"].append((rel, lineno))
    for key, u in sorted(uses.items()):
        template.add((key, key) if u["plural"] else key, locations=u["locations"], flags=("python-brace-format",))
    return {PAGES: template}


def extract(root: Path = ROOT) -> dict[str, Catalog]:
    """One template per domain: every key the code and the .kv files use, where it is used."""
    uses: dict[str, dict] = {}            # key -> {"plural": bool, "domains": set, "locations": [...]}
    for path in source_files(root):
        rel = path.relative_to(root).as_posix()
        try:
            found = extract_from_file(METHODS[path.suffix], path, KEYWORDS)
        except SyntaxError as e:
            raise SystemExit(f"{rel}: line {e.lineno}: not Python ({e.msg}); a merge conflict left in it? "
                             "Resolve the code first, then extract") from None
        for lineno, message, _comments, _context in found:
            key = message[0] if isinstance(message, tuple) else message
            u = uses.setdefault(key, {"plural": False, "domains": set(), "locations": []})
            u["plural"] |= isinstance(message, tuple)
            u["domains"].add(domain_of_file(rel))
            u["locations"].append((rel, lineno))
    templates = {d: Catalog(domain=d, project=PROJECT, fuzzy=False, header_comment=HEADER,
                            creation_date=STABLE_DATE) for d in domains(root)}
    for template in templates.values():
        _describe(template)
    for key, u in sorted(uses.items()):
        used_in = u["domains"]
        domain = next(iter(used_in)) if len(used_in) == 1 else SHARED
        msgid = (key, key) if u["plural"] else key
        templates[domain].add(msgid, locations=u["locations"], flags=("python-brace-format",))
    return templates


def read(path: Path, lang: str | None = None, domain: str | None = None) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=lang, domain=domain)


_GENERATED_BY = re.compile(rb'^"Generated-By: [^"\n]*"$', re.MULTILINE)


def write(path: Path, catalog: Catalog, **kw) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, **kw)
    text = buf.getvalue()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        # The header keeps the Babel version it names: a newer Babel does not rewrite every file.
        before = _GENERATED_BY.search(path.read_bytes())
        if before is not None:
            text = _GENERATED_BY.sub(lambda _m: before.group(0), text, count=1)
    if not path.exists() or path.read_bytes() != text:
        path.write_bytes(text)


def _carry_over(catalogs: dict[str, Catalog]) -> None:
    """A key that moved from one domain to another keeps its translations."""
    by_key = {}
    for cat in catalogs.values():
        for msg in list(cat) + list(cat.obsolete.values()):
            if msg.id and _translated(msg):
                by_key.setdefault(_key(msg.id), msg)
    for cat in catalogs.values():
        for msg in cat:
            if msg.id and not _translated(msg) and _key(msg.id) in by_key:
                _copy_string(by_key[_key(msg.id)], msg, cat)


def _key(msgid) -> str:
    return msgid[0] if isinstance(msgid, (tuple, list)) else msgid


def _translated(msg) -> bool:
    strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
    return all(strings) and not msg.fuzzy


def _copy_string(src, dst, cat: Catalog) -> None:
    n = cat.num_plurals
    if isinstance(dst.id, (tuple, list)):
        forms = list(src.string) if isinstance(src.string, (tuple, list)) else [src.string]
        dst.string = tuple((forms + [forms[-1]] * n)[:n])
        if not isinstance(src.string, (tuple, list)):
            dst.flags.add("fuzzy")            # one text for every form: a person must say the forms
    else:
        dst.string = src.string[0] if isinstance(src.string, (tuple, list)) else src.string


def update(root: Path = ROOT) -> dict[str, Catalog]:
    """Write the templates and bring every .po up to them (new keys empty, dropped ones obsolete):
    the kiosk's, and the coordinator's pages' when ``root`` has them.  Returns the kiosk's."""
    templates = extract(root)
    _update(root / "kiosk" / "locale", templates)
    pages = extract_pages(root)
    if pages:
        _update(root / "coordinator" / "locale", pages, version=PAGES, header=PAGES_HEADER)
    return templates


def _update(locale: Path, templates: dict[str, Catalog], version: str = "kiosk", header: str = HEADER) -> None:
    for domain, template in templates.items():
        write(locale / f"{domain}.pot", template, omit_header=False, sort_output=True)
    for lang in LANGS:
        catalogs = {}
        for domain, template in templates.items():
            path = po_path(lang, domain, locale)
            cat = read(path, lang, domain) if path.exists() else Catalog(
                locale=lang, domain=domain, project=PROJECT, fuzzy=False, header_comment=header)
            cat.update(template, no_fuzzy_matching=True, update_creation_date=False)
            cat.creation_date = cat.revision_date = STABLE_DATE
            _describe(cat, lang, version)
            catalogs[domain] = cat
        _carry_over(catalogs)
        for domain, cat in catalogs.items():
            write(po_path(lang, domain, locale), cat, sort_output=True)


def _describe(cat: Catalog, lang: str | None = None, version: str = "kiosk") -> None:
    """The header's fields, said once here rather than left as Babel's placeholders."""
    cat.project, cat.version = PROJECT, version
    cat.msgid_bugs_address = "the project's issue tracker"
    cat.last_translator = "Tablecup's contributors"
    cat.language_team = {"en": "English", "fr": "French"}.get(lang or "", "")


def compile_all(locale: Path = LOCALE, out: Path | None = None, pseudo: bool = True) -> list[Path]:
    """Every .po under ``locale`` -> its .mo (beside it, or under ``out`` with the same layout), and
    with ``pseudo`` the pseudo-locale's .mo files, made from the English .po files (a test
    language: the package's own build leaves it out, so a table's phone views are not said in it)."""
    written = []
    for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        lang, domain = po.parts[-3], po.stem
        if lang == PSEUDO:
            continue                      # a copy written to be read (``pseudo``): compiled from English below
        mo = (out / po.relative_to(locale) if out else po).with_suffix(".mo")
        written.append(_write_mo(mo, read(po, lang, domain)))
    for domain, cat in (pseudo_catalogues(locale) if pseudo else {}).items():
        written.append(_write_mo((out or locale) / PSEUDO / "LC_MESSAGES" / f"{domain}.mo", cat))
    return written


def compile_every(root: Path = ROOT, pseudo: bool = True) -> list[Path]:
    """:func:`compile_all` for every folder of catalogues (the kiosk's, the coordinator's pages')."""
    return [mo for rel in LOCALES if (root / rel).is_dir() for mo in compile_all(root / rel, pseudo=pseudo)]


def _write_mo(mo: Path, cat: Catalog) -> Path:
    mo.parent.mkdir(parents=True, exist_ok=True)
    with open(mo, "wb") as f:
        write_mo(f, cat, use_fuzzy=False)
    return mo


# --------------------------------------------------------------------------- the pseudo-locale

# Every ASCII letter has an accented twin (Latin-1 and Latin Extended, all in DejaVu Sans): a
# pseudo text has no plain ASCII letter left, so a plain letter on a pseudo screen is a text that
# did not come from a catalogue.  No brackets around the texts: Kivy's markup reads [...] as a tag.
_ACCENTED = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                     "àƀçďéƒĝĥîĵķĺḿñöṕǫŕšţüṽŵẋýžÅƁÇĎÉƑĜĤÎĴĶĹḾÑÖṔǪŔŠŢÜṼŴẊÝŽ", strict=True))
# What a pseudo text keeps as it is: Kivy markup tags, printf fields, escapes such as \n.
_KEPT = re.compile(r"\[/?(?:b|i|u|s|sub|sup|size|color|font|ref|anchor)(?:=[^\]]*)?\]|%\([^)]*\)[-#0+]*\d*(?:\.\d+)?[diouxXeEfFgGcrs]|%[ds%]")


def pseudo_text(text: str) -> str:
    """``text`` with every letter accented; ``{placeholders}`` (and ``{{``/``}}``), Kivy markup and
    ``%(name)d`` fields kept as they are, so the pseudo text formats like the English one."""
    out = []
    for literal, field, spec, conv in string.Formatter().parse(text):
        kept = 0
        for m in _KEPT.finditer(literal):
            out.append(_accent(literal[kept:m.start()]) + m.group())
            kept = m.end()
        out.append(_accent(literal[kept:]))
        if field is not None:
            out.append("{" + field + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


def _accent(literal: str) -> str:
    return "".join(_ACCENTED.get(ch, ch) for ch in literal).replace("{", "{{").replace("}", "}}")


def pseudo_catalogues(locale: Path = LOCALE) -> dict[str, Catalog]:
    """The pseudo-locale's catalogue of every domain: the English one, each form of each text made
    pseudo (two plural forms, English's rule)."""
    cats = {}
    for po in sorted((locale / "en" / "LC_MESSAGES").glob("*.po")):
        english = read(po, "en", po.stem)
        cat = Catalog(locale=None, domain=po.stem, project=PROJECT, fuzzy=False, header_comment=HEADER,
                      creation_date=STABLE_DATE, revision_date=STABLE_DATE)
        _describe(cat)
        cat.language_team = "pseudo-locale (made from English; docs/translating.md)"
        for msg in english:
            if not msg.id or not _translated(msg):
                continue
            text = (tuple(pseudo_text(s) for s in msg.string) if isinstance(msg.string, (tuple, list))
                    else pseudo_text(msg.string))
            cat.add(msg.id, string=text, flags=("python-brace-format",))
        cats[po.stem] = cat
    return cats


def write_pseudo(out: Path, locale: Path = LOCALE) -> list[Path]:
    """The pseudo-locale's catalogues as .po files under ``out`` (to read them; compile makes the .mo)."""
    written = []
    for domain, cat in pseudo_catalogues(locale).items():
        path = out / f"{domain}.po"
        write(path, cat, sort_output=True)
        written.append(path)
    return written


# --------------------------------------------------------------------------- the check

def fields(text: str) -> set[str]:
    """The names of a brace-format string's placeholders ({n}, {name}...)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(root: Path = ROOT) -> list[str]:
    """Everything wrong between the code and the catalogues, one line each (empty: all good): the
    kiosk's, then the coordinator's pages' when ``root`` has them."""
    out = _problems(root, root / "kiosk" / "locale", extract(root))
    pages = extract_pages(root)
    if pages:
        out += _problems(root, root / "coordinator" / "locale", pages)
    return out


def _problems(root: Path, locale: Path, templates: dict[str, Catalog]) -> list[str]:
    out = []
    seen: dict[str, str] = {}
    cats = {}
    for lang in LANGS:
        for domain in templates:
            path = po_path(lang, domain, locale)
            if not path.exists():
                out.append(f"{path.relative_to(root)}: missing (python tools/catalogues.py extract)")
                continue
            cats[lang, domain] = cat = read(path, lang, domain)
            for msg in cat:
                if not msg.id:
                    continue
                key = _key(msg.id)
                where = seen.setdefault(f"{lang}:{key}", domain)
                if where != domain:
                    out.append(f"{key}: in two {lang} domains ({where}, {domain})")
    for domain, template in templates.items():
        for tmsg in template:
            if not tmsg.id:
                continue
            key = _key(tmsg.id)
            where = ", ".join(f"{f}:{n}" for f, n in tmsg.locations[:2])
            texts = {}
            for lang in LANGS:
                cat = cats.get((lang, domain))
                msg = cat.get(key) if cat is not None else None
                if msg is None:
                    out.append(f"{key} ({where}): not in {lang}/{domain}.po (python tools/catalogues.py extract)")
                    continue
                plural = isinstance(tmsg.id, tuple)
                if plural != isinstance(msg.id, (tuple, list)):
                    out.append(f"{key} ({where}): {lang}/{domain}.po has it " +
                               ("without plural forms" if plural else "with plural forms") + "; extract again")
                    continue
                if not _translated(msg):
                    out.append(f"{key} ({where}): empty or fuzzy in {lang}/{domain}.po")
                    continue
                forms = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
                if len(forms) != cat.num_plurals and plural:
                    out.append(f"{key}: {lang} needs {cat.num_plurals} plural forms, has {len(forms)}")
                for form in forms:
                    texts.setdefault(lang, []).append(fields(form))
            all_fields = [f for fs in texts.values() for f in fs]
            if all_fields and any(f != all_fields[0] for f in all_fields):
                said = "; ".join(f"{lang} {[sorted(f) for f in fs]}" for lang, fs in texts.items())
                out.append(f"{key} ({where}): placeholders differ: {said}")
    for (lang, domain), cat in cats.items():
        used = {_key(m.id) for m in templates[domain] if m.id}
        for msg in cat:
            if msg.id and _key(msg.id) not in used:
                key = _key(msg.id)
                out.append(f"{key}: in {lang}/{domain}.po but no code names it: mark it with N_({key!r}) "
                           "where the code picks it, or delete it (then extract again)")
    return out


# --------------------------------------------------------------------------- migration of old tables

BASE = "df19617"      # the commit whose kiosk/i18n.py table became the catalogues


def strings_table(source: str) -> dict[str, dict[str, str]]:
    """The ``STRINGS`` table of an old-style ``kiosk/i18n.py``: its ``STRINGS = {...}`` and every
    ``STRINGS["en"].update({...})`` after it, read as literals (nothing of the file is run)."""
    table: dict[str, dict[str, str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "STRINGS" for t in node.targets):
            table = ast.literal_eval(node.value)
        elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
              and isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "update"
              and isinstance(node.value.func.value, ast.Subscript)
              and isinstance(node.value.func.value.value, ast.Name) and node.value.func.value.value.id == "STRINGS"):
            lang = ast.literal_eval(node.value.func.value.slice)
            table.setdefault(lang, {}).update(ast.literal_eval(node.value.args[0]))
    return table


def read_source(spec: str) -> str:
    """A file path, or ``REV:PATH`` read from git (e.g. ``other-branch:kiosk/i18n.py``)."""
    if Path(spec).exists():
        return Path(spec).read_text(encoding="utf-8")
    return subprocess.run(["git", "show", spec], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def migrate(source: str, base: str | None, root: Path = ROOT) -> list[str]:
    """Move the entries of an old table that are new or changed since ``base`` (the source text of
    the table already migrated, or None) into the catalogues.

    Run after code that calls the new keys is in the tree: extraction decides each key's domain
    and whether it is plural.  A plural key gets the old text in every form, marked fuzzy, so the
    check fails until a person writes the forms.  Returns what it did, one line each."""
    table = strings_table(source)
    before = strings_table(base) if base else {}
    templates = update(root)
    domain_of = {_key(m.id): d for d, t in templates.items() for m in t if m.id}
    locale = root / "kiosk" / "locale"
    said = []
    for lang in LANGS:
        cats = {d: read(po_path(lang, d, locale), lang, d) for d in domains(root)}
        have = {_key(m.id) for cat in cats.values() for m in cat if m.id and _translated(m)}
        # New or changed since the base, or missing here (a key this branch no longer used, that the
        # other branch still does).
        changed = {k: v for k, v in table.get(lang, {}).items()
                   if before.get(lang, {}).get(k) != v or k not in have}
        for key, text in sorted(changed.items()):
            domain = domain_of.get(key)
            if domain is None:
                # A key the code picks by a computed name: kept (shared), and the check asks for
                # N_("key") where it is picked, or extraction would retire it.
                domain = SHARED
                said.append(f"{lang} {key}: no code names it: written to {SHARED}; mark it with N_() where picked")
                msg = cats[domain].get(key)
                if msg is None:
                    cats[domain].add(key, string=text, flags=("python-brace-format",))
                    continue
            cat = cats[domain]
            msg = cat.get(key)
            if isinstance(msg.id, (tuple, list)):
                msg.string = tuple([text] * cat.num_plurals)
                msg.flags.add("fuzzy")
                said.append(f"{lang} {key}: plural, written in every form and marked fuzzy: say the forms")
            else:
                msg.string = text
                said.append(f"{lang} {key}: {domain}")
        for domain, cat in cats.items():
            write(po_path(lang, domain, locale), cat, sort_output=True)
    return said


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tools/catalogues.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("extract", help="write the templates and update every .po")
    sub.add_parser("compile", help="compile every .po to its .mo")
    ps = sub.add_parser("pseudo", help="write the pseudo-locale's .po files (made from English) to read them")
    ps.add_argument("out", nargs="?", type=Path, default=LOCALE / PSEUDO / "LC_MESSAGES",
                    help="where (default: kiosk/locale/qps/LC_MESSAGES, not committed)")
    sub.add_parser("check", help="print what is missing, untranslated or mismatched; status 1 if anything")
    m = sub.add_parser("migrate", help="move an old STRINGS table's new or changed entries into the .po files")
    m.add_argument("source", nargs="?", default="kiosk/i18n.py", help="a file, or REV:PATH (git)")
    m.add_argument("--base", default=BASE, help="the table already migrated (REV; '' for none)")
    args = ap.parse_args(argv)
    if args.cmd == "extract":
        update()
    elif args.cmd == "compile":
        for mo in compile_every():
            print(mo.relative_to(ROOT))
    elif args.cmd == "pseudo":
        for po in write_pseudo(args.out):
            print(po)
    elif args.cmd == "check":
        found = problems()
        print("\n".join(found) or "catalogues: every message used is translated in " + ", ".join(LANGS))
        return 1 if found else 0
    elif args.cmd == "migrate":
        base = read_source(f"{args.base}:kiosk/i18n.py") if args.base else None
        for line in migrate(read_source(args.source), base):
            print(line)
        compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
