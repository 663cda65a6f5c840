"""Fixtures for the coordinator tests: the helpers live in ``coordbots.py`` next to this file."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
