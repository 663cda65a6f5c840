"""What a person would see as broken on a screen, checked in the running app.

:func:`text_faults` walks the widgets on screen and returns every text that does not fit:
a label or button whose texture is bigger than the widget, or whose text was cut on the
way (lines dropped below its box, words shortened to "...", a word broken inside across two
lines); a light ``TextLine`` drawn
outside its widget; a card face with a text cut or off the card; any of them off the window.
:func:`text_overlaps` finds two texts drawn over each other.
:func:`black_bands` samples a screenshot for rows or columns that are (nearly) all black:
space the layout left unfilled.
"""

from __future__ import annotations

import re

MARKUP = re.compile(r"\[/?(?:b|i|u|s|sub|sup|color|size|font|font_family|ref|anchor|font_context|"
                    r"font_features|text_language)(?:=[^\]]*)?\]")


def _plain(text: str) -> str:
    return "".join(MARKUP.sub("", text).replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&").split())


def _visible(w) -> bool:
    while w is not None and w.parent is not w:          # the window is its own parent
        if getattr(w, "opacity", 1) <= 0.01:
            return False
        w = w.parent
    return True


def _window_box(w):
    """(x0, y0, x1, y1) of the widget on the window (a turned half turns its corners too)."""
    xs, ys = [], []
    for x, y in ((w.x, w.y), (w.right, w.top)):
        wx, wy = w.to_window(x, y)
        xs.append(wx)
        ys.append(wy)
    return min(xs), min(ys), max(xs), max(ys)


def _overlap(a, b) -> tuple[float, float]:
    """How far the window boxes ``a`` and ``b`` overlap across and up (<= 0: they do not)."""
    return min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])


def _drawn_lines(label) -> list:
    """The lines Kivy laid out for ``label``'s texture, as they will be drawn: a label whose
    change waits for the next frame (a move in the same frame as the check) is drawn now; one
    with no change waiting is drawn as it shows, and drawing it again would give the same lines
    (rendering every label's pixels again at each reading was most of what the check cost)."""
    trigger = label._trigger_texture
    if trigger.is_triggered:
        label.texture_update()
        trigger.cancel()            # drawn: the next frame need not draw it again
    return getattr(label._label, "_cached_lines", None) or []


def _seen_box(w):
    """The window box of what a person sees of ``w``: a button, card or strip whole; a label's
    text only (Kivy draws its texture centred in the widget, which is often a whole row wide);
    a ``TextLine``'s drawn text."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    from kiosk.widgets import TextLine
    if isinstance(w, Label) and not isinstance(w, ButtonBehavior):
        lines = _drawn_lines(w)
        tw, th = w.texture_size
        x, y = w.center_x - tw / 2, w.center_y - th / 2
        if lines and w.text_size[0] is not None:      # a texture as wide as text_size: the lines' part
            lw, lh = max(line.w for line in lines), sum(line.h for line in lines)
            x += {"left": 0, "right": tw - lw}.get(w.halign, (tw - lw) / 2)
            y += {"top": th - lh, "bottom": 0}.get(w.valign, (th - lh) / 2)
            tw, th = lw, lh
    elif isinstance(w, TextLine):
        w.update()
        (x, y), (tw, th) = w._t.rect.pos, w._t.rect.size
    else:
        return _window_box(w)
    xs, ys = zip(*(w.to_window(px, py) for px, py in ((x, y), (x + tw, y + th))))
    return min(xs), min(ys), max(xs), max(ys)


def controls(screen):
    """What a person reads or touches on ``screen``: its buttons, cards, hand strips and texts."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    from kiosk.hand import HandStrip
    from kiosk.widgets import CardFace, TextLine
    stack = [screen]
    while stack:
        w = stack.pop()
        stack.extend(w.children)
        if w.width < 2 or w.height < 2 or not _visible(w):
            continue
        if isinstance(w, (ButtonBehavior, HandStrip, CardFace)) or (
                isinstance(w, (Label, TextLine)) and str(w.text).strip()):
            yield w


def covered(buttons: dict, screen, window_size) -> list[str]:
    """Every place where one of ``buttons`` (name -> widget drawn over the screens: the "?", a
    phone button) covers something of ``screen`` a person reads or touches, or another of
    ``buttons``, or sticks out of the window; one line each."""
    W, H = window_size
    shown = {k: b for k, b in buttons.items() if b.width >= 2 and b.height >= 2 and _visible(b)}
    found = []
    for k, b in shown.items():
        box = _window_box(b)
        if box[0] < -1 or box[1] < -1 or box[2] > W + 1 or box[3] > H + 1:
            found.append(f"{k} off the window: {', '.join(str(int(v)) for v in box)}")
        for w in controls(screen):
            if w in shown.values():
                continue
            dx, dy = _overlap(box, _seen_box(w))
            if dx > 1 and dy > 1:
                found.append(f"{k} covers {_where(w)} {str(getattr(w, 'text', '') or '')[:30]!r} "
                             f"by {int(dx)}x{int(dy)} px")
    names = sorted(shown)
    for i, k1 in enumerate(names):
        for k2 in names[i + 1:]:
            dx, dy = _overlap(_window_box(shown[k1]), _window_box(shown[k2]))
            if dx > 1 and dy > 1:
                found.append(f"{k1} covers {k2}")
    return sorted(found)


def help_buttons(app) -> dict:
    """The "?" buttons on screen: the one over every screen, and those a screen keeps in its own
    layout (:class:`kiosk.widgets.HelpTab`, one per half)."""
    from kiosk.widgets import HelpTab, ModalLayer
    found = {"help": app.chrome.help.ids.help}
    stack, tabs, covered_by_page = [app.sm.current_screen], {}, False
    while stack:
        w = stack.pop()
        stack.extend(w.children)
        if isinstance(w, HelpTab):
            tabs[f"help-{'top' if w.half else 'bottom'}"] = w
        covered_by_page |= isinstance(w, ModalLayer) and bool(getattr(w, "shown", False))
    return found if covered_by_page else {**found, **tabs}    # an open page hides the screen's own


def _where(w) -> str:
    names = []
    while w is not None and len(names) < 4:
        wid = next((k for k, v in getattr(w, "ids", {}).items() if v is w), None)
        names.append(type(w).__name__ + (f"#{wid}" if wid else ""))
        w = w.parent
    return "<".join(names)


def _label_fault(lab):
    """Why the Label (or Button) ``lab`` does not show its whole text, or None."""
    from kivy.uix.label import Label
    assert isinstance(lab, Label)
    if not lab.text.strip() or lab.width < 2 or lab.height < 2:
        return None
    lines = _drawn_lines(lab)
    tw, th = lab.texture_size
    if tw > lab.width + 1 or th > lab.height + 1:
        return f"texture {int(tw)}x{int(th)} > widget {int(lab.width)}x{int(lab.height)}"
    shown = "".join(word.text for line in lines for word in line.words)
    if _plain(shown) != _plain(lab.text):
        return f"shows {shown!r}"
    # A word broken across two lines ("(mainteni" / "r)"): Kivy breaks a word too long for a
    # line inside it; the lines then hold more words than the text.
    said = MARKUP.sub("", lab.text).split()
    drawn = [w for line in lines for w in MARKUP.sub("", "".join(word.text for word in line.words)).split()]
    if len(lines) > 1 and len(drawn) > len(said):
        return "a word broken across lines: " + " / ".join(
            MARKUP.sub("", "".join(word.text for word in line.words)).strip() for line in lines)
    return None


def text_faults(root, window_size) -> list[str]:
    """Every visible text under ``root`` that does not fit, one line each."""
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView

    from kiosk.widgets import CardFace, TextLine

    W, H = window_size
    faults = []
    stack = [root]
    scrolled = set()          # widgets inside a ScrollView: below its fold is not "off the window"
    while stack:
        w = stack.pop()
        if getattr(w, "opacity", 1) <= 0.01:
            continue
        stack.extend(w.children)
        if isinstance(w, ScrollView) or id(w) in scrolled:
            scrolled.update(id(c) for c in w.children)
        text = None
        fault = None
        if isinstance(w, Label):
            text = w.text
            if text.strip() and w.width >= 2 and w.height >= 2:
                fault = _label_fault(w)
        elif isinstance(w, TextLine):
            text = w.text
            if text and w.width >= 4:
                w.update()
                (px, py), (pw, ph) = w._t.rect.pos, w._t.rect.size
                if px < w.x - 1 or py < w.y - 1 or px + pw > w.right + 1 or py + ph > w.top + 1:
                    fault = f"text {int(pw)}x{int(ph)} outside {int(w.width)}x{int(w.height)}"
        elif isinstance(w, CardFace):
            text = w.name
            if not w.empty and w.width >= 8 and w.height >= 8:
                bad = w.overflows()
                if bad:
                    fault = f"card face {int(w.width)}x{int(w.height)}: {bad}"
        if text is None or not str(text).strip() or w.width < 2 or w.height < 2:
            continue
        if fault is None and id(w) not in scrolled:
            x0, y0, x1, y1 = _window_box(w)
            if x0 < -1 or y0 < -1 or x1 > W + 1 or y1 > H + 1:
                fault = f"off the window: {int(x0)},{int(y0)}-{int(x1)},{int(y1)} on {W}x{H}"
        if fault is not None:
            faults.append(f"{_where(w)} {str(text)[:60]!r}: {fault}")
    return sorted(faults)


def _text_box(w):
    """The window box of the text ``w`` draws (a label's, a button's, a ``TextLine``'s), cut to the
    scroll views it is in (what they hide is not drawn); None when nothing of it shows."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    if isinstance(w, Label) and isinstance(w, ButtonBehavior):
        lines = _drawn_lines(w)
        if not lines:
            return None
        tw, th = max(line.w for line in lines), sum(line.h for line in lines)
        x0, y0 = w.center_x - tw / 2, w.center_y - th / 2
        xs, ys = zip(*(w.to_window(px, py) for px, py in ((x0, y0), (x0 + tw, y0 + th))))
        box = [min(xs), min(ys), max(xs), max(ys)]
    else:
        box = list(_seen_box(w))
    p = w.parent
    while p is not None and p.parent is not p:
        if isinstance(p, ScrollView):
            clip = _window_box(p)
            box = [max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3])]
        p = p.parent
    return box if box[2] - box[0] > 1 and box[3] - box[1] > 1 else None


def text_overlaps(root, least: float = 2) -> list[str]:
    """Every two visible texts under ``root`` drawn over each other by more than ``least`` px
    each way (a line printed over the line above it, a name run into a score), one line each.
    A text inside another widget that shows text (a label on a card) is the card's own, not an
    overlap."""
    from kivy.uix.label import Label

    from kiosk.widgets import TextLine
    texts = []
    for w in controls(root):
        if isinstance(w, (Label, TextLine)) and str(w.text).strip():
            box = _text_box(w)
            if box is not None:
                texts.append((w, box))
    found = []
    for i, (a, ba) in enumerate(texts):
        for b, bb in texts[i + 1:]:
            dx, dy = _overlap(ba, bb)
            if dx <= least or dy <= least or _encloses(a, b) or _encloses(b, a):
                continue
            found.append(f"{_where(a)} {str(a.text)[:40]!r} over {_where(b)} {str(b.text)[:40]!r} "
                         f"by {int(dx)}x{int(dy)} px")
    return sorted(found)


def _encloses(outer, inner) -> bool:
    w = inner.parent
    while w is not None and w.parent is not w:
        if w is outer:
            return True
        w = w.parent
    return False


def box_tall_textures(root) -> list[str]:
    """Every visible label (or button) centred in its box whose texture is as tall as the box,
    not as its text: wrapped to ``text_size = (w, h)`` instead of ``(w, None)``.  Kivy centres
    a text-tall texture in the widget, so the picture is the same; but a box-tall texture is
    memory for transparent pixels (a Deck Phase button at 1920x1080 held 1 MB for a 68 px
    line), kept while its screen waits unseen, and blended at every frame it shows."""
    from kivy.uix.label import Label
    found = []
    stack = [root]
    while stack:
        w = stack.pop()
        if getattr(w, "opacity", 1) <= 0.01:
            continue
        stack.extend(w.children)
        if not isinstance(w, Label) or not w.text.strip() or w.valign not in ("middle", "center"):
            continue
        lines = _drawn_lines(w)
        text_h = sum(line.h for line in lines)
        if lines and w.texture_size[1] > text_h + 4:
            found.append(f"{_where(w)} {w.text[:40]!r}: texture {int(w.texture_size[0])}x"
                         f"{int(w.texture_size[1])} for a text {int(text_h)} px tall")
    return sorted(found)


def black_bands(pixels: bytes, width: int, height: int, min_share=0.03) -> list[str]:
    """Bands of rows or columns at least ``min_share`` of the screen thick that are 95 % black
    (or not drawn at all): what the layout leaves empty.  ``pixels``: RGBA, row by row."""
    step = 4
    dark = bytes(1 if v < 8 else 0 for v in range(256))
    clear = bytes(1 if v < 10 else 0 for v in range(256))

    def share_black(channels) -> float:
        """The share of black or undrawn pixels, given their R, G, B and A bytes."""
        r, g, b, a = (int.from_bytes(c.translate(dark if k < 3 else clear), "big") for k, c in enumerate(channels))
        n = len(channels[0])
        return bin((r & g & b) | a).count("1") / n if n else 0.0

    def runs(flags, total, what):
        out, start = [], None
        for k, f in enumerate([*flags, False]):
            if f and start is None:
                start = k
            elif not f and start is not None:
                n = (k - start) * step
                if n >= min_share * total:
                    out.append(f"{what} {start * step}-{k * step} ({n} px) black")
                start = None
        return out

    row = width * 4
    rows = [share_black([pixels[y * row + k:(y + 1) * row:4] for k in range(4)]) >= 0.95
            for y in range(0, height, step)]
    cols = [share_black([pixels[x * 4 + k::row] for k in range(4)]) >= 0.95 for x in range(0, width, step)]
    return runs(rows, height, "rows") + runs(cols, width, "columns")
