"""One headless Chromium tab driven over the DevTools protocol (loopback only), keeping every
event it is sent: the phone tests read the WebSocket frames a page received from them."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import re
import shutil
import tempfile
from pathlib import Path

import aiohttp

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--disable-extensions", "--mute-audio"]


class Tab:
    """A fresh browser (its own profile: its own cookies) with one page."""

    def __init__(self, width: int = 400, height: int = 800) -> None:
        self.width, self.height = width, height
        self.events: list[dict] = []
        self._waiting: dict[int, asyncio.Future] = {}
        self._n = 0

    async def open(self) -> Tab:
        self.profile = tempfile.TemporaryDirectory()
        self.session = aiohttp.ClientSession()
        self.proc = await asyncio.create_subprocess_exec(
            CHROMIUM, *FLAGS, f"--window-size={self.width},{self.height}",  "--lang=en-US",
            f"--user-data-dir={self.profile.name}", "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0", "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        port = None
        while port is None:
            line = (await asyncio.wait_for(self.proc.stderr.readline(), 20)).decode()
            if not line:
                raise RuntimeError("chromium ended before it listened")
            got = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if got:
                port = int(got.group(1))
        self._drain = asyncio.create_task(self._drain_stderr())
        for _ in range(100):
            async with self.session.get(f"http://127.0.0.1:{port}/json/list") as r:
                pages = [p for p in await r.json() if p.get("type") == "page"]
            if pages:
                break
            await asyncio.sleep(0.05)
        self.ws = await self.session.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0)
        self._reader = asyncio.create_task(self._read())
        await self.call("Network.enable")
        await self.call("Page.enable")
        await self.call("Emulation.setDeviceMetricsOverride", width=self.width, height=self.height,
                        deviceScaleFactor=1, mobile=True)
        return self

    async def _drain_stderr(self) -> None:
        while await self.proc.stderr.readline():
            pass

    async def _read(self) -> None:
        async for msg in self.ws:
            data = json.loads(msg.data)
            if "id" in data:
                fut = self._waiting.pop(data["id"], None)
                if fut is not None and not fut.done():
                    fut.set_result(data)
            else:
                self.events.append(data)

    async def call(self, method: str, **params) -> dict:
        self._n += 1
        fut = asyncio.get_running_loop().create_future()
        self._waiting[self._n] = fut
        await self.ws.send_json({"id": self._n, "method": method, "params": params})
        reply = await asyncio.wait_for(fut, 20)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    async def go(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def js(self, expr: str):
        r = await self.call("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
        return r.get("result", {}).get("value")

    async def wait_for(self, expr: str, timeout: float = 10.0):
        end = asyncio.get_running_loop().time() + timeout
        while True:
            v = await self.js(expr)
            if v:
                return v
            if asyncio.get_running_loop().time() > end:
                where = await self.js("location.href + ' shows: ' + (document.body ? document.body.innerText : '')")
                raise AssertionError(f"timed out waiting for {expr}; the page at {str(where)[:600]}; "
                                     f"documents loaded: {self.document_statuses()}")
            await asyncio.sleep(0.03)

    def frames_received(self) -> list[str]:
        """The text of every WebSocket frame the page received, in order."""
        return [e["params"]["response"]["payloadData"] for e in self.events
                if e.get("method") == "Network.webSocketFrameReceived"]

    def document_statuses(self) -> list[tuple[str, int]]:
        """(URL, HTTP status) of every document the page loaded."""
        return [(e["params"]["response"]["url"], e["params"]["response"]["status"]) for e in self.events
                if e.get("method") == "Network.responseReceived" and e["params"].get("type") == "Document"]

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        Path(path).write_bytes(base64.b64decode(shot["data"]))

    async def close(self) -> None:
        with contextlib.suppress(aiohttp.ClientError, ConnectionError, RuntimeError):
            await self.ws.close()
        self._reader.cancel()
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        self._drain.cancel()
        await self.session.close()
        self.profile.cleanup()
