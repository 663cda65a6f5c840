"""The pages' words (GET /api/words?lang=..) on a real coordinator on 127.0.0.1 with a real client:
English, French and the pseudo-locale from the coordinator's own catalogues (coordinator/locale),
the same keys in each, plural forms with the language's rule; a page revalidates them (ETag ->
304); a language without catalogues, or none, is a 400 that says which there are, and changes
nothing.  The compiled catalogues are those of the .po files (that an installed package carries
them is checked by tests/appliance/test_install.py)."""

import asyncio
import importlib.util

import aiohttp
import coordbots as cb

from coordinator import pagewords

spec = importlib.util.spec_from_file_location("catalogues", cb.ROOT / "tools" / "catalogues.py")
catalogues = importlib.util.module_from_spec(spec)
spec.loader.exec_module(catalogues)


def plural(got: dict, key: str, n: int) -> str:
    """What a page says for ``key`` with count ``n`` (lang.js's rule, read from the answer)."""
    table = got["plural"]
    return got["words"][key][table[n] if n < len(table) else table[100 + n % 100]].format(n=n)


def test_the_words_of_each_language_come_from_its_catalogue(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            got = {}
            for lang in ("en", "fr", "qps"):
                async with s.get(f"{base}/api/words", params={"lang": lang}) as r:
                    assert r.status == 200 and r.content_type == "application/json"
                    assert r.headers["Cache-Control"] == "no-cache" and r.headers["ETag"].startswith('"')
                    got[lang] = await r.json()
                    got[lang]["etag"] = r.headers["ETag"]
            en, fr, qps = got["en"], got["fr"], got["qps"]
            assert en["lang"] == "en" and fr["lang"] == "fr" and qps["lang"] == "qps"
            assert len(en["words"]) > 150 and set(en["words"]) == set(fr["words"]) == set(qps["words"])
            assert en["words"]["org_loginbtn"] == "Log in" and fr["words"]["org_loginbtn"] == "Se connecter"
            assert qps["words"]["org_loginbtn"] == "Ĺöĝ îñ"
            assert fr["words"]["tv_round"] == "Manche {round} sur {rounds}"
            # Counts: French says 0 and 1 alike, English does not; past the table the rule goes on.
            assert [plural(en, "org_entrants", n) for n in (0, 1, 2)] == ["0 entrants", "1 entrant", "2 entrants"]
            assert [plural(fr, "org_entrants", n) for n in (0, 1, 2)] == ["0 participant", "1 participant",
                                                                        "2 participants"]
            assert plural(fr, "org_players_n", 1001) == "1001 joueurs" and plural(en, "org_parks_n", 201) == "201 parks"
            # The games' titles are the registry's names.
            assert en["games"]["wacky"] == "Wacky Challenge" and fr["games"]["challengers"] == "Challengers !"
            # The same words again: revalidated, not sent again.
            async with s.get(f"{base}/api/words?lang=fr", headers={"If-None-Match": fr["etag"]}) as r:
                assert r.status == 304 and await r.read() == b""
            async with s.get(f"{base}/api/words?lang=fr", headers={"If-None-Match": en["etag"]}) as r:
                assert r.status == 200
            # A language without catalogues, or none: a 400 that says which there are; nothing changed.
            for query, why in (("?lang=de", "'lang': no words in 'de': the pages speak en, fr, qps"),
                               ("?lang=" + "x" * 300, "'lang': no words in 'xxxxxxxxxxxxxxxx'"),
                               ("", "missing parameter 'lang'"), ("?lang=", "missing parameter 'lang'")):
                async with s.get(f"{base}/api/words{query}") as r:
                    assert r.status == 400, query
                    assert (await r.json())["error"].startswith(why), await r.text()
            async with s.get(f"{base}/api/words?lang=en") as r:
                assert r.status == 200 and r.headers["ETag"] == en["etag"]
            # The API's own document says it, with the languages served.
            async with s.get(f"{base}/openapi.json") as r:
                op = (await r.json())["paths"]["/api/words"]["get"]
            assert op["parameters"][0]["in"] == "query" and op["parameters"][0]["schema"]["enum"] == ["en", "fr", "qps"]
    asyncio.run(main())


def test_the_compiled_page_catalogues_are_those_of_the_po_files(tmp_path):
    """The set-up compiled them (pip install runs setup.py; ./dev.sh does): none missing, none stale."""
    written = catalogues.compile_all(catalogues.PAGES_LOCALE, out=tmp_path)
    assert {mo.relative_to(tmp_path).as_posix() for mo in written} >= {
        "en/LC_MESSAGES/coordinator.mo", "fr/LC_MESSAGES/coordinator.mo", "qps/LC_MESSAGES/coordinator.mo"}
    for mo in written:
        installed = pagewords.LOCALE_DIR / mo.relative_to(tmp_path)
        assert installed.is_file(), f"{installed} not compiled: ./dev.sh setup (or python tools/catalogues.py compile)"
        assert installed.read_bytes() == mo.read_bytes(), f"{installed} is stale: python tools/catalogues.py compile"
