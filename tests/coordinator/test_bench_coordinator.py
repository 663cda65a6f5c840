"""The coordinator's load bench (bench/coordinator.py) in its smoke mode: a real coordinator
process started as the product starts it, 8 simulated parks of a Challengers! night and of a
Wacky Challenge night, each in both load modes.  The figures are not judged here (the machine
may be busy); that they are there and sane is: every run answered requests without an error,
its posts have a latency, and the coordinator's CPU per request is a positive figure below what
any request could cost."""

import re
import subprocess

import coordbots as cb

ROW = re.compile(r"^(challengers|wacky)\s+(saturate|human)\s+(\d+)\s+(\d+)\s+(\d+)%\s+([\d.]+|nan) ms\s+(\d+)%\s+"
                 r"(.+?)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)$")
SUMMARY = re.compile(r"^\s+posts p99\s+([\d.]+|nan) ms \(every post ([\d.]+|nan) ms\)")


def test_the_quick_mode_prints_sane_figures_for_both_nights():
    run = subprocess.run([cb.PY, "bench/coordinator.py", "--quick"], cwd=str(cb.ROOT), capture_output=True,
                         text=True, timeout=240, check=False)
    out = run.stdout
    assert run.returncode == 0, out + run.stderr
    rows = [m.groups() for line in out.splitlines() if (m := ROW.match(line))]
    summaries = [m.groups() for line in out.splitlines() if (m := SUMMARY.match(line))]
    assert [(g, mode) for g, mode, *_ in rows] == [("challengers", "saturate"), ("challengers", "human"),
                                                  ("wacky", "saturate"), ("wacky", "human")], out
    assert len(summaries) == 4, out
    for game, mode, parks, req_s, _srv, cpu_per_req, _cli, _kind, count, median, p99, top, errors in rows:
        assert int(parks) == 8 and int(req_s) > 0 and int(count) > 0, out
        assert int(errors) == 0, out
        assert 0.01 < float(cpu_per_req) < 100, (game, mode, out)
        assert 0 < float(median) <= float(p99) <= float(top) < 10_000, (game, mode, out)
    for p99, every in summaries:
        assert 0 < float(p99) < 10_000 and 0 < float(every) < 10_000, out
    # The Wacky night's posts are table moves; the Challengers! night's, match actions and Deck Phase draws.
    assert re.search(r"^wacky .*table action", out, re.MULTILINE) and re.search(r"^challengers .*(match action|pile draw)",
                                                                         out, re.MULTILINE), out
