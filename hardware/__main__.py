"""``python -m hardware [config.toml]``: run the wiring self-test."""

import sys

from .selftest import main

sys.exit(main())
