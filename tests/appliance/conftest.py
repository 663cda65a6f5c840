"""Shared set-up for the appliance tests (systemd units, installer, backups)."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Import tablecup from this checkout even when it is not pip-installed.
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

# The slow marker is registered in pyproject.toml ([tool.pytest.ini_options] markers).
