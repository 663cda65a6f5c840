"""The pages the phone server writes for a code that opens no seat are in the phone's language:
``?lang=`` or the language chosen on the phone page (its cookie), else the browser's
``Accept-Language``, else English; every one of them comes from the catalogues, so the
pseudo-locale shows no English.  A real server, real clients, one phone per loopback address."""

import asyncio
import re
from html import unescape

import aiohttp
from pseudo_check import untranslated_in

from kiosk import i18n
from kiosk.phones.server import CODE_REFUSALS, LANG_COOKIE

#: Shown as it is in every language: the product's name.
NAMES = ("Tablecup",)


def _texts(page: str) -> list[str]:
    """The page's visible lines: its text between tags, stripped."""
    body = page.split("<body>", 1)[1]
    return [t for t in (unescape(s).strip() for s in re.split(r"<[^>]+>", body)) if t]


def _phone(addr: str, *, cookies: dict | None = None) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), cookies=cookies,
                                 connector=aiohttp.TCPConnector(local_addr=(addr, 0)))


def test_every_refusal_page_is_in_the_phones_language_and_from_the_catalogues(table):
    host, server = table
    base = f"http://127.0.0.1:{server.port}"
    url0, url1 = (host.call(lambda s=s: server.seat_url(s)) for s in (0, 1))
    # (language asked of the server, how) -> the language the page must be in
    asks = [({}, {}, "", "en"),
            ({"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8"}, {}, "", "fr"),
            ({"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}, {}, "", "en"),          # not offered: the next
            ({"Accept-Language": "en"}, {LANG_COOKIE: "fr"}, "", "fr"),                # chosen on the page
            ({"Accept-Language": "fr"}, {LANG_COOKIE: "xx"}, "?lang=qps", "qps")]      # asked in the address

    async def refusals(owner, headers, cookies, query):
        """{reason: (status, page)} for the four ways a phone is refused (``owner`` holds seat 0)."""
        got = {}
        owner.cookie_jar.update_cookies({LANG_COOKIE: cookies.get(LANG_COOKIE, "")})
        async with _phone("127.0.0.3", cookies=cookies) as other:
            for who, url in ((other, base + "/t/not-a-code"), (other, base + "/"), (other, url0), (owner, url1)):
                async with who.get(url + query, headers=headers, allow_redirects=False) as r:
                    got[r.headers["X-Tablecup-Refusal"]] = (r.status, await r.text())
        return got

    async def main():
        async with _phone("127.0.0.2") as owner:
            async with owner.get(url0) as r:
                assert r.status == 200
            for headers, cookies, query, lang in asks:
                await check(await refusals(owner, headers, cookies, query), lang)

    async def check(got, lang):
        assert set(got) == {"unknown-code", "no-seat", "seat-taken", "phone-holds-a-seat"}, got.keys()
        for reason, (status, page) in got.items():
            wanted = i18n.tr(CODE_REFUSALS[reason][1], lang)
            assert status == CODE_REFUSALS[reason][0] and f'<html lang="{lang}">' in page
            assert _texts(page) == ["Tablecup", wanted], (lang, reason, page)
            left = untranslated_in(_texts(page), NAMES)
            if lang == "qps":
                assert not left, left                          # nothing English in the pseudo-locale
            elif lang == "en":
                assert left                                    # (the check finds English where it is)

    asyncio.run(asyncio.wait_for(main(), 30))
