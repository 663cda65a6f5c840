"""The coordinator keeps the promises of its own /openapi.json: schemathesis, every check on
(schema-valid requests accepted, schema-invalid ones refused with a 4xx, documented statuses,
content types and bodies, no 5xx, authentication not ignored...), against the real process on
127.0.0.1, with and without credentials, a bounded number of examples per operation and a
fixed seed.  The two runs go side by side to keep the suite short."""

import asyncio
import subprocess
import sys

import aiohttp
import pytest

import coordbots as cb

pytestmark = pytest.mark.slow   # schemathesis: every check against the whole API

EXAMPLES = 3


@pytest.fixture
def running(tmp_path):
    coord = cb.Subprocess(tmp_path / "data")

    async def start():
        await coord.start()
        async with aiohttp.ClientSession() as s:
            # a tournament, its kiosks, so that reads find data
            _, tokens, _ = await cb.new_tournament(s, coord.base, ["Ann", "Bob", "Cy", "Di"], seed=5)
            # the token schemathesis uses belongs to a kiosk it will not revoke by chance (a high id)
            for i in range(30):
                kid, token = await cb.pair(s, coord.base, f"Spare {i}")
        return token
    try:
        yield coord, asyncio.run(start())
    finally:
        coord.stop()


def schemathesis(base, workdir, *headers):
    args = [sys.executable, "-m", "schemathesis.cli", "run", base + "/openapi.json", "--checks", "all",
            "--max-examples", str(EXAMPLES), "--seed", "1", "--generation-database", "none", "--no-shrink",
            "--request-timeout", "10", "--max-failures", "20"]
    for h in headers:
        args += ["--header", h]
    return subprocess.Popen(args, cwd=str(workdir), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_schemathesis_every_check_with_and_without_credentials(running, tmp_path):
    coord, token = running
    (tmp_path / "anonymous").mkdir()
    (tmp_path / "credentials").mkdir()
    runs = {"without credentials": schemathesis(coord.base, tmp_path / "anonymous"),
            "with credentials": schemathesis(coord.base, tmp_path / "credentials", f"Authorization: Bearer {token}",
                                             f"X-Organiser-Pin: {cb.ORG_PIN}")}
    outs = {name: p.communicate(timeout=300)[0] for name, p in runs.items()}
    for name, p in runs.items():
        assert p.returncode == 0, f"schemathesis {name}:\n{outs[name][-6000:]}"
        assert "generated" in outs[name] and " passed" in outs[name], outs[name][-3000:]
