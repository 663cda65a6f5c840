"""The kiosk's words: what a lookup costs, and loading the catalogues.

    python bench/i18n.py [--runs 7]

* tr: ``kiosk.i18n.tr`` in French over a mix of the screens' keys (a plain one, a plural with
  ``n``, one with placeholders, one only English has...), per call, the median of the runs.
  A match refresh says about 30 of them; target 10 µs per call on a 2-core x86 VM (so well
  under a millisecond of a refresh on a Pi, about 3x slower).
* load: reading the compiled catalogues of a language and English (five domains each), the
  first time a screen speaks; target 50 ms.

Per CPU second of this process (time.process_time); run the compiled catalogues of the tree
(``./dev.sh setup`` or ``python tools/catalogues.py compile`` first).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# bench/kiosk.py (the kiosk's own bench) would shadow the kiosk package: look past this folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from kiosk import i18n

CALLS = [("solo", {}), ("pick_n", {"n": 2}), ("seat_line", {"name": "Ann", "park": 2, "side": "clair"}),
         ("deck", {}), ("zone_opp", {"zone": "banc"}), ("trophy", {"round": 3, "n": 4}), ("reveal", {}),
         ("offline_banner", {"n": 1})]
TARGETS = {"tr_us": 10.0, "load_ms": 50.0}


def per_call_us(number: int = 20000) -> float:
    tr = i18n.tr
    t0 = time.process_time()
    for _ in range(number):
        for key, fmt in CALLS:
            tr(key, "fr", **fmt)
    return (time.process_time() - t0) / (number * len(CALLS)) * 1e6


def load_ms(number: int = 20) -> float:
    t0 = time.process_time()
    for _ in range(number):
        i18n.reload()
        i18n.translations("fr")
    return (time.process_time() - t0) / number * 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    got = {"tr_us": statistics.median(per_call_us() for _ in range(args.runs)),
           "load_ms": statistics.median(load_ms() for _ in range(args.runs))}
    for name, value in got.items():
        print(f"{name:8} {value:8.2f}   target {TARGETS[name]:g}")


if __name__ == "__main__":
    main()
