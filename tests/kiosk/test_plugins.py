"""The kiosk's plugin point (``kiosk/plugins.py``): modules named in the environment are attached to
the real app once it is built; ``TABLECUP_KIOSK_HOOK`` adds the checkout's command interpreter; a
module that cannot be used stops the kiosk with one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from kiosk_helpers import ROOT, kiosk_env
from ports import reserved_port

from kiosk import plugins

PLUGIN = '''
import gc, json, os, sys

from kivy.clock import Clock


class Ticker:
    # Only the app keeps this (Kivy's clock holds self.tick weakly): it must tick on.
    def __init__(self, app):
        self.app, self.ticks = app, 0
        Clock.schedule_interval(self.tick, 0.02)

    def tick(self, dt):
        gc.collect()
        self.ticks += 1
        if self.ticks == 5:
            app = self.app
            with open(os.environ["PLUGIN_OUT"], "w") as f:
                json.dump({"screen": app.sm.current, "root": type(app.root).__name__, "ticks": self.ticks,
                           "modules": sorted(m for m in sys.modules if m.startswith("tests."))}, f)
            app.stop()


def attach(app):
    return Ticker(app)
'''

def test_the_plugins_named_are_each_loaded_once_in_order_and_the_hook_adds_the_interpreter():
    env = {plugins.ENV: " a.b , c,,a.b", plugins.HOOK_ENV: "/tmp/hook.txt"}
    assert plugins.named(env) == [("a.b", plugins.ENV), ("c", plugins.ENV), (plugins.CHECKOUT_HOOK, plugins.HOOK_ENV)]
    assert plugins.named({plugins.ENV: plugins.CHECKOUT_HOOK, plugins.HOOK_ENV: "f"}) == [
        (plugins.CHECKOUT_HOOK, plugins.ENV)]
    assert plugins.named({plugins.HOOK_ENV: ""}) == []
    assert plugins.named({}) == []


def test_a_plugin_that_cannot_be_imported_or_has_no_attach_is_one_line_naming_it(tmp_path, monkeypatch):
    (tmp_path / "plugin_without_attach.py").write_text("X = 1\n")
    (tmp_path / "plugin_broken.py").write_text("import no_such_module_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name, said in [("no_such_plugin", ("TABLECUP_KIOSK_PLUGINS: cannot import the plugin no_such_plugin: "
                                           "No module named 'no_such_plugin'")),
                       ("plugin_broken", ("TABLECUP_KIOSK_PLUGINS: cannot import the plugin plugin_broken: "
                                          "No module named 'no_such_module_anywhere'")),
                       ("plugin_without_attach", ("TABLECUP_KIOSK_PLUGINS: the plugin plugin_without_attach has "
                                                  "no attach(app) function"))]:
        with pytest.raises(plugins.PluginError) as caught:
            plugins.load({plugins.ENV: name})
        assert str(caught.value) == said
    # The hook's interpreter where there is no checkout: the line says where it comes from.
    monkeypatch.setattr(plugins, "CHECKOUT_HOOK", "tests.kiosk.not_here")
    with pytest.raises(plugins.PluginError) as caught:
        plugins.load({plugins.HOOK_ENV: str(tmp_path / "hook.txt")})
    said = str(caught.value)
    assert said.startswith("TABLECUP_KIOSK_HOOK: cannot import the plugin tests.kiosk.not_here: ")
    assert "repository's root" in said and "\n" not in said


@pytest.mark.slow
def test_the_real_kiosk_attaches_a_named_plugin_once_built_and_keeps_what_it_returns(tmp_path):
    (tmp_path / "my_table_plugin.py").write_text(PLUGIN)
    out = tmp_path / "attached.json"
    env = kiosk_env(TABLECUP_KIOSK_PLUGINS="my_table_plugin", PLUGIN_OUT=out,
                    PYTHONPATH=os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")])))
    env.pop("TABLECUP_KIOSK_HOOK", None)
    p = subprocess.run([sys.executable, "-m", "kiosk.main", "--data", str(tmp_path / "data"), "--windowed",
                        "--phone-port", str(reserved_port())], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60,
                       check=False)
    assert p.returncode == 0, p.stderr[-3000:]
    assert out.exists(), "the plugin's clock callback stopped: nothing kept what attach returned"
    attached = json.loads(out.read_text())
    assert attached["screen"] == "home" and attached["root"] != "NoneType" and attached["ticks"] == 5
    assert attached["modules"] == [], "the hook's interpreter was loaded with no TABLECUP_KIOSK_HOOK"


def test_the_real_kiosk_with_a_plugin_it_cannot_import_says_so_in_one_line(tmp_path):
    p = subprocess.run([sys.executable, "-m", "kiosk.main", "--data", str(tmp_path / "data"), "--windowed"],
                       env=kiosk_env(TABLECUP_KIOSK_PLUGINS="no_such_plugin"), cwd=ROOT, capture_output=True,
                       text=True, timeout=120, check=False)
    assert p.returncode == 2
    assert p.stderr.strip().splitlines()[-1] == ("tablecup kiosk: TABLECUP_KIOSK_PLUGINS: cannot import the plugin "
                                                 "no_such_plugin: No module named 'no_such_plugin'")
