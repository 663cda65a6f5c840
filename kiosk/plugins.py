"""The kiosk's one plugin point: modules named in the environment, attached to the running app.

``TABLECUP_KIOSK_PLUGINS=module[,module...]`` names modules by their dotted names; each must
have ``attach(app)``, called once the app is built (Kivy's ``on_start``), on the Kivy thread; what
it returns is kept as long as the app (:func:`attach_on_start`).
This is how scripts outside the product (tests, benchmarks, demos) drive the real app; the
product itself imports none of them.

``TABLECUP_KIOSK_HOOK=FILE`` (commands read from FILE) adds the checkout's command interpreter,
:data:`CHECKOUT_HOOK`, so that the scripts that set only that variable keep working.  It lives
under ``tests/`` and is importable only where the repository's root is on ``sys.path`` (the kiosk
started from the root, or ``PYTHONPATH`` naming it).

A module that cannot be imported, or has no ``attach``, is a :class:`PluginError`: one line
saying which and why, and the kiosk does not start (``kiosk.main`` prints it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

ENV = "TABLECUP_KIOSK_PLUGINS"
HOOK_ENV = "TABLECUP_KIOSK_HOOK"
#: The command interpreter behind ``TABLECUP_KIOSK_HOOK`` (a checkout's ``tests/kiosk/kiosk_hook.py``).
CHECKOUT_HOOK = "tests.kiosk.kiosk_hook"


class PluginError(Exception):
    """A plugin named in the environment cannot be used (one line: which, and why)."""


def named(environ: Mapping[str, str]) -> list[tuple[str, str]]:
    """(dotted module name, the variable that named it) for every plugin ``environ`` asks for,
    in order, each once."""
    found: dict[str, str] = {}
    for name in environ.get(ENV, "").split(","):
        if name.strip():
            found.setdefault(name.strip(), ENV)
    if environ.get(HOOK_ENV):
        found.setdefault(CHECKOUT_HOOK, HOOK_ENV)
    return list(found.items())


def load(environ: Mapping[str, str]) -> list[ModuleType]:
    """The plugin modules ``environ`` names, imported; :class:`PluginError` at the first that
    cannot be imported or has no ``attach(app)``."""
    modules = []
    for name, variable in named(environ):
        try:
            module = importlib.import_module(name)
        except Exception as exc:
            why = (str(exc).splitlines() or [type(exc).__name__])[0]
            hint = (" (it is part of a checkout: start the kiosk from the repository's root, or put the root "
                    "on PYTHONPATH)") if name == CHECKOUT_HOOK else ""
            raise PluginError(f"{variable}: cannot import the plugin {name}: {why}{hint}") from exc
        if not callable(getattr(module, "attach", None)):
            raise PluginError(f"{variable}: the plugin {name} has no attach(app) function")
        modules.append(module)
    return modules


def attach_on_start(app: Any, modules: list[ModuleType]) -> Callable[..., None]:
    """Call each module's ``attach(app)`` when ``app`` starts (built, before its first frame);
    returns the callback bound to ``on_start``.

    What each ``attach`` returns is kept in ``app.attached_plugins`` ({module name: it}) for the
    life of the app: Kivy's clock holds a scheduled method only weakly, so a plugin object that
    nothing else refers to would stop at its first call."""
    app.attached_plugins = {}

    def attach_all(*_: object) -> None:
        for module in modules:
            app.attached_plugins[module.__name__] = module.attach(app)
    if modules:
        app.bind(on_start=attach_all)
    return attach_all
