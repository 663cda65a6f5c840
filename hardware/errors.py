"""Exceptions raised by the hardware layer."""

from __future__ import annotations


class HardwareError(Exception):
    """The configured hardware cannot be used (missing device, pins busy, ...).

    The message is meant to be shown to a café owner as-is: it names the device
    path or pin and suggests what to check.
    """


class ConfigError(HardwareError):
    """The hardware configuration file is invalid.

    The message names the file and the offending key.
    """
