"""Shared widgets: a half turned 180° (touch included) and card faces.

Speed matters here (a Pi, software GL): a :class:`CardFace` is one widget that
draws its texts itself from a shared texture cache (:func:`text_texture`), no
Label children, no kv rule.  Screens keep their card faces and only change
their properties; a change redraws that one face before the next frame.
"""

from __future__ import annotations

import math
import os
import weakref
from collections import OrderedDict

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, InstructionGroup, Line, Rectangle, SmoothRoundedRectangle
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from kiosk import cardmotion, rendering
from kiosk.cardicon import CardIcon, faint
from kiosk.palette import PALETTE
from kiosk.setmarks import mark as set_mark
from kiosk.unseen import seen

Builder.load_file(os.path.join(os.path.dirname(__file__), "widgets.kv"))

LEVEL_COLORS = {"S": (0.86, 0.84, 0.78, 1), "A": (0.72, 0.86, 0.72, 1), "B": (0.70, 0.80, 0.95, 1),
                "C": (0.95, 0.78, 0.62, 1), "R": (0.80, 0.80, 0.80, 1), "SOLO": (0.85, 0.75, 0.90, 1)}
INK = (0.12, 0.12, 0.14, 1)
TEXT_INK = (0.16, 0.16, 0.22, 1)
TOTAL_INK = (0.6, 0.05, 0.05, 1)
ANIM = 0.2     # seconds: every animation stays under 250 ms
#: The settings' animation speed: every animation's length is multiplied by it (0: none).
SPEED = 1.0
#: Animations step at most once per frame.  Never leave Kivy's default ``step=0``: it
#: schedules an interval with timeout 0, which the interrupt clock (the kiosk's clock,
#: see kiosk.main) treats as "always due" -- the loop then spins without any frame cap.
FRAME = 1 / 60.
MIN_FONT = 7   # card text never gets smaller than this (px)
#: A card face's set icon: this share of the room under its band, drawn at this opacity.
ICON_SHARE = 0.8
ICON_ALPHA = 0.22


def upright(size) -> bool:
    """A screen of ``size`` (width, height) is upright -- clearly taller than wide, as the Pi
    Touch Display 2 held so (720x1280): Home and the games' screens lay out for portrait."""
    return size[1] > size[0] * 1.05


class Flip(RelativeLayout):
    """A layout whose content (drawing and touches) is turned by 180° when ``flipped``."""

    flipped = BooleanProperty(False)

    def to_local(self, x, y, **k):
        if self.flipped:
            return (self.right - x, self.top - y)
        return (x - self.x, y - self.y)

    def to_parent(self, x, y, **k):
        if self.flipped:
            return (self.right - x, self.top - y)
        return (x + self.x, y + self.y)


class PhoneSlot(Widget):
    """The place a game keeps free on a half for that half's "Phone" button: the phones overlay
    (:mod:`kiosk.phones.seat_qr`) draws the button over it, so it never covers a control of the
    game.  ``half``: 0 the bottom half, 1 the top (a slot inside the turned half)."""

    half = NumericProperty(0)


class HelpTab(Button):
    """A "?" a screen keeps in its own layout, one per half, facing that half's player: it opens
    the rules reference turned towards them.  A screen with one hides the "?" drawn over every
    screen (:class:`kiosk.rules_reference.HelpButton`), which would cover part of a crowded
    screen (the top bench of Challengers!, the top hand of Between Battle held upright)."""

    half = NumericProperty(0)

    def on_release(self):
        from kivy.app import App
        App.get_running_app().chrome.help.open(turned=bool(self.half))


class PhoneSeatsSlot(Widget):
    """The place a game keeps free in the table's public part for the seats panel's button
    ("Phones 1/2"), in a game that may seat players on phones only (a third player and more)."""


# ---------------------------------------------------------------------- text textures
_TEX: OrderedDict = OrderedDict()
_TEX_MAX = 900
#: The cache's textures together stay under this many bytes (RGBA): at 1920x1080 a text's
#: texture is five times its 800x480 size, and 900 of them were 45 MB.  A match screen shows
#: about 6 MB of them at that size; a text drawn again costs well under a millisecond.  (12 MB
#: until the frames' own blocks stayed in the heap: kiosk.main.OWN_PAGES_FROM.)
TEX_BYTES_MAX = 8 * 2**20
_tex_bytes = [0]
_FIT: dict = {}
stats = {"renders": 0, "hits": 0}


def text_texture(text, font_size, width=None, bold=False, halign="center", markup=False):
    """A white texture of ``text`` (wrapped to ``width`` when given), cached (LRU).

    Drawn under a ``Color`` instruction, so one texture serves every ink colour
    (``markup`` colours stay as written).
    """
    key = (text, int(font_size), None if width is None else int(width), bold, halign, markup)
    tex = _TEX.get(key)
    if tex is not None:
        _TEX.move_to_end(key)
        stats["hits"] += 1
        return tex
    stats["renders"] += 1
    kw = {"text_size": (int(width), None)} if width is not None else {}
    cls = CoreLabel
    if markup:
        from kivy.core.text.markup import MarkupLabel as cls
    lab = cls(text=text, font_size=int(font_size), bold=bold, halign=halign, valign="top",
              padding=0, **kw)
    lab.refresh()
    tex = lab.texture
    rendering.fill_now(tex)                # drawn at once: used by the next frame
    if not _TEX:
        _tex_bytes[0] = 0                  # emptied from outside (a bench starting afresh)
    _TEX[key] = tex
    _tex_bytes[0] += tex.width * tex.height * 4
    while len(_TEX) > _TEX_MAX or (_tex_bytes[0] > TEX_BYTES_MAX and len(_TEX) > 1):
        _, old = _TEX.popitem(last=False)
        _tex_bytes[0] -= old.width * old.height * 4
    return tex


_SIZE: OrderedDict = OrderedDict()
_SIZE_MAX = 20000


def text_extent(text, font_size, width=None, bold=False, halign="center", markup=False):
    """The size :func:`text_texture` gives ``text``, laid out but not drawn: no texture is made.

    Fitting a text tries font sizes and words; a texture for each try was memory (a 1920x1080
    screen's textures are five times an 800x480's) and time, for textures never shown.
    """
    key = (text, int(font_size), None if width is None else int(width), bold, halign, markup)
    tex = _TEX.get(key)
    if tex is not None:
        return tex.size
    got = _SIZE.get(key)
    if got is not None:
        return got
    kw = {"text_size": (int(width), None)} if width is not None else {}
    cls = CoreLabel
    if markup:
        from kivy.core.text.markup import MarkupLabel as cls
    lab = cls(text=text, font_size=int(font_size), bold=bold, halign=halign, valign="top", padding=0, **kw)
    lab.resolve_font_name()
    w, h = lab.render()
    got = (w, h) if w > 1 and h > 1 else (1, 1)       # a texture is never smaller than 1x1
    _SIZE[key] = got
    if len(_SIZE) > _SIZE_MAX:
        _SIZE.popitem(last=False)
    return got


def largest_font(smallest: int, largest: int, fits) -> int:
    """The largest font size from ``smallest`` to ``largest`` for which ``fits(size)``
    (``smallest`` when none does), found by halving: a text's height grows with its font.

    Every size tried is a font the text renderer opens and keeps (SDL_ttf, at most 64 at a
    time, about 0.1 MB each): a line shrinking one pixel at a time from 30 px to 7 tried 23
    sizes, and the kiosk's 64 open fonts were replaced again and again.
    """
    if fits(largest):
        return largest
    lo, hi = smallest, largest - 1        # the answer is in [lo, hi]; lo stands when none fits
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def fit_text(text, width, height, max_font, bold=False, min_font=MIN_FONT):
    """(font size, text) so that ``text`` wrapped to ``width`` is at most ``height`` tall.

    Shrinks the font first; only below ``min_font`` does it cut words (ending "…").
    """
    key = (text, int(width), int(height), int(max_font), bold, min_font)
    got = _FIT.get(key)
    if got is not None:
        return got
    fs = int(max_font)
    got = None
    words = text.split()
    while fs >= min_font:
        tw, th = text_extent(text, fs, width, bold)
        # Wrapped to the width, a word too long for a line would be broken inside: shrink too.
        if th <= height and tw <= width and all(
                text_extent(w, fs, None, bold)[0] <= width for w in words):
            got = (fs, text)
            break
        fs -= 1 if fs <= 12 else 2
    if got is None:
        # Whole words only: the cut ends before the first word too wide for a line.
        wide = next((k for k, w in enumerate(words) if text_extent(w, min_font, None, bold)[0] > width), None)
        if wide is not None:
            words = words[:wide + 1]
        while words:
            words.pop()
            # No "…" right after a colon or a comma: "deck …", not "deck :…".
            while words and words[-1] in (":", ";", ",", "—", "-"):
                words.pop()
            cut = " ".join(words).rstrip(":;,") + "…"
            tw, th = text_extent(cut, min_font, width, bold)
            if th <= height and tw <= width:
                got = (min_font, cut)
                break
        else:
            got = (min_font, "")
    _FIT[key] = got
    return got


class Shown:
    """Graphics instructions that are in a canvas only while they show.

    Software rendering pays for every instruction in the canvas at every frame, a transparent or
    empty one too: an unused stack badge (a smooth rounded rectangle) on each of 16 cards cost
    about 9 ms a frame at 1920×1080.  So what is not shown is taken out, not made invisible.
    """

    def __init__(self, canvas, *instructions):
        self.group = InstructionGroup()
        canvas.add(self.group)
        self.instructions = instructions
        self.on = False

    def show(self, on: bool = True) -> None:
        if on != self.on:
            self.on = on
            if on:
                for instruction in self.instructions:
                    self.group.add(instruction)
            else:
                self.group.clear()


class _Text:
    """One text drawn on a canvas: colour + rectangle with a cached texture (in the canvas
    only while there is a text)."""

    def __init__(self, canvas, rgba):
        self.color = Color(*rgba)
        self.rect = Rectangle(size=(0, 0))
        self.slot = Shown(canvas, self.color, self.rect)
        self.font = 0
        self.shown = ""
        self.key = None            # what set() drew last: the same again touches no instruction
        self.pos = None

    def set(self, text, font_size, width=None, bold=False, halign="center"):
        key = (text, font_size, width, bold, halign)
        if key == self.key:
            return self.rect.size
        self.key = key
        self.font = font_size
        self.shown = text
        if not text:
            self.rect.texture = None
            self.rect.size = (0, 0)
            self.slot.show(False)
            return (0, 0)
        self.draw(text_texture(text, font_size, width, bold, halign))
        return self.rect.size

    def draw(self, tex):
        """Show the texture ``tex`` (at its size)."""
        self.rect.texture = tex
        self.rect.size = tex.size
        self.slot.show()

    def place(self, x, y):
        pos = (int(x), int(y))
        if pos != self.pos:
            self.pos = self.rect.pos = pos

    @property
    def size(self):
        return tuple(self.rect.size)


#: Card text (the effect) is never drawn smaller than this, in sp, on a face that shows it.
TEXT_MIN_SP = 14
#: A finger held this long on a card (seconds) enlarges it; a shorter tap keeps its meaning.
HOLD_SECONDS = 0.4

def _min_text_px() -> int:
    """TEXT_MIN_SP in whole pixels, rounded up (14 sp at 2.25 dp/px is 31.5 px: 32, not 31)."""
    return math.ceil(sp(TEXT_MIN_SP) - 0.01)


_faces: weakref.WeakSet[CardFace] = weakref.WeakSet()
_palette_bound = [False]


def _palette_changed(*_):
    """Another palette: every card face redraws its set band."""
    for face in list(_faces):
        face._trigger()


class CardFace(ButtonBehavior, Widget):
    """A card: its set (a colour band and a symbol, and the set's icon faint behind its words),
    level, power, name and the engine's card text; a total and a stack count when the screen
    gives them.

    ``compact`` faces (small chips) show no card text.  A face too small for the whole text
    at :data:`TEXT_MIN_SP` shows its first words and "…"; a finger held on any face for
    :data:`HOLD_SECONDS` shows the card enlarged, with its whole text, on the half of the
    screen it was held on (:class:`CardZoom`), until the finger lifts.  A short tap stays a
    tap (``on_release``: pick, remove).  Everything is drawn from cached textures; set
    properties, the face redraws once before the next frame (or now, with :meth:`update`).
    """

    name = StringProperty("")
    level = StringProperty("")
    power = StringProperty("")
    text = StringProperty("")
    total = StringProperty("")
    count = NumericProperty(1)
    set_icon = StringProperty("")          # the card's set icon ("" : no band)
    rainbow = BooleanProperty(False)       # a card that carries every set icon
    set_name = StringProperty("")          # the set's name, written beside its symbol on a full_text face
    bg = ListProperty([0.9, 0.9, 0.9, 1])
    selected = BooleanProperty(False)
    name_size = NumericProperty(15)
    text_size_ = NumericProperty(11)
    compact = BooleanProperty(False)
    empty = BooleanProperty(False)
    holdable = BooleanProperty(True)       # a held finger enlarges the card
    full_text = BooleanProperty(False)     # the whole text must show (the enlarged card)

    def __init__(self, **kw):
        self._trigger = Clock.create_trigger(self._redraw, -1)
        super().__init__(**kw)
        self.card = None                   # (card type, language, round) last shown
        self._hold_ev = None
        self._hold_touch = None
        self._held = None
        self._border_c = Color(0.1, 0.1, 0.1, 1)
        # The frame as four edges, not a card-sized rectangle under the background: in
        # software rendering every pixel covered twice is paid twice, at every frame.
        self._border = [Rectangle(size=(0, 0)) for _ in range(4)]
        self._border_slot = Shown(self.canvas, self._border_c, *self._border)
        self._bg_c = Color(*self.bg)
        self._bg = Rectangle()
        self._bg_slot = Shown(self.canvas, self._bg_c, self._bg)
        self._stripes = []                 # one stripe, or a Rainbow card's six
        self._stripe_slots = []
        for _ in range(6):
            c, r = Color(0, 0, 0, 0), Rectangle(size=(0, 0))
            self._stripes.append((c, r))
            self._stripe_slots.append(Shown(self.canvas, c, r))
        self._band = None                  # (colours, rectangle) the stripes show now
        self.picture = CardIcon(self.canvas)   # the set's icon: over the face, under the words
        self._level = _Text(self.canvas, INK)
        self._symbol = _Text(self.canvas, INK)
        self._set_name = _Text(self.canvas, INK)
        self._power = _Text(self.canvas, INK)
        self._name = _Text(self.canvas, INK)
        self._body = _Text(self.canvas, TEXT_INK)
        self._total = _Text(self.canvas, TOTAL_INK)
        self._badge_c = Color(0.75, 0.1, 0.1, 1)
        self._badge = SmoothRoundedRectangle(radius=[8])
        self._badge_slot = Shown(self.canvas, self._badge_c, self._badge)
        self._count = _Text(self.canvas, (1, 1, 1, 1))
        self._empty_c = Color(1, 1, 1, 0.45)
        self._empty_line = Line(width=1, dash_length=4, dash_offset=4)
        self._empty_slot = Shown(self.canvas, self._empty_c, self._empty_line)
        self.fbind("pos", self._trigger)
        for prop in ("size", "name", "level", "power", "text", "total", "count", "bg", "selected",
                     "name_size", "text_size_", "compact", "empty", "state", "set_icon", "rainbow", "full_text",
                     "set_name"):
            self.fbind(prop, self._trigger)
        if not _palette_bound[0]:          # one binding for every face (faces held weakly)
            PALETTE.fbind("name", _palette_changed)
            _palette_bound[0] = True
        _faces.add(self)
        self._trigger()

    # ---------------------------------------------------------------- filling
    @classmethod
    def of(cls, ct, lang, total="", **kw):
        face = cls(**kw)
        face.show(ct, lang, total=total)
        return face

    def show(self, ct, lang, total="", count=1, power=None, round_no=None):
        """Show card type ``ct`` (None: an empty seat).  ``round_no``: the round being played,
        which is the power of a card whose power is the round (the Robot's Cyborg)."""
        from kiosk.cardtext import card_name, card_text, set_names
        if ct is None:
            self.empty = True
            self.card = None
            self.name = self.text = self.total = self.power = self.level = self.set_icon = self.set_name = ""
            self.count = 1
            return self
        self.empty = False
        self.card = (ct, lang, round_no)
        self.name = card_name(ct, lang)
        self.level = ct.level
        if power is None:
            power = str(round_no if round_no is not None else "R") if ct.round_power else str(ct.power)
        self.power = power
        self.text = "" if self.compact else card_text(ct, lang)
        self.total = total
        self.count = count
        self.set_icon = ct.set
        self.rainbow = bool(ct.all_icons)
        self.set_name = set_names(lang).get(ct.set, "") if self.full_text else ""
        self.bg = list(LEVEL_COLORS.get(ct.level, (0.9, 0.9, 0.9, 1)))
        return self

    def appear(self):
        """Fade in and land (a card revealed, benched, taking the flag: the moment a card is
        played, moved as at the other games, :mod:`kiosk.cardmotion`); never blocks input."""
        Animation.cancel_all(self, "opacity")
        if SPEED <= 0:
            self.opacity = 1
            return
        self.opacity = 0
        Animation(opacity=1, d=ANIM * SPEED, t="out_quad", step=FRAME).start(self)
        cardmotion.play("played", self, SPEED, FRAME)

    # ---------------------------------------------------------------- tap and hold
    def on_touch_down(self, touch):
        if not super().on_touch_down(touch):
            return False
        if touch.ud.get(self) and self._hold_ev is None and self.holdable and self.card is not None \
                and not self.empty and seen(self):
            self._hold_touch = touch
            self._hold_ev = Clock.schedule_once(lambda dt: self._hold(touch), HOLD_SECONDS)
        return True

    def on_touch_move(self, touch):
        if touch is self._hold_touch and self._hold_ev is not None and not self.collide_point(*touch.pos):
            self._cancel_hold()            # slid off the card: no enlargement
        return super().on_touch_move(touch)

    def on_touch_up(self, touch):
        if touch.grab_current is self and self._held is touch:
            # The end of a hold: the enlarged card goes, and this was no tap.
            touch.ungrab(self)
            self._held = None
            self._do_release()
            card_zoom().hide_for(self)
            return True
        if touch.grab_current is self and touch is self._hold_touch:
            self._cancel_hold()
        return super().on_touch_up(touch)

    def _cancel_hold(self):
        if self._hold_ev is not None:
            self._hold_ev.cancel()
        self._hold_ev = self._hold_touch = None

    def _hold(self, touch):
        self._hold_ev = self._hold_touch = None
        if self.card is None or self.empty or not seen(self):
            return
        self._held = touch
        card_zoom().show(self.half(), self)

    def half(self) -> int:
        """The half of the table this face is on: 1 (top) when it faces the top player (turned
        by a flipped :class:`Flip`), else 0."""
        w, flips = self.parent, 0
        while isinstance(w, Widget):           # up to the window (its own parent)
            if isinstance(w, Flip) and w.flipped:
                flips += 1
            w = w.parent
        return flips % 2

    # ---------------------------------------------------------------- drawing
    def update(self):
        """Redraw now (tests and screenshots); normally the trigger does it."""
        self._trigger.cancel()
        self._redraw()

    def mark(self):
        """The set mark this face shows (kiosk.setmarks), or None."""
        return set_mark(self.set_icon, self.rainbow) if self.set_icon or self.rainbow else None

    def icon_name(self) -> str:
        """The :mod:`kiosk.iconset` name of this face's set icon ("" for none)."""
        if self.rainbow:
            return "set-rainbow"
        return f"set-{self.set_icon}" if self.set_icon else ""

    def _texts(self):
        return (self._level, self._symbol, self._set_name, self._power, self._name, self._body, self._total,
                self._count)

    def _redraw(self, *_):
        x, y = self.pos
        w, h = self.size
        if w < 8 or h < 8:                 # a seat taken by its neighbour's wide card: nothing
            for slot in (self._border_slot, self._bg_slot, self._badge_slot, self._empty_slot, *self._stripe_slots):
                slot.show(False)
            for t in self._texts():
                t.set("", 0)
            self._band = None
            self.picture.hide()
            return
        self._bg_slot.show(not self.empty)
        self._border_c.rgba = (1, 0.85, 0.2, 1) if self.selected else (0.1, 0.1, 0.1, 1)
        inset = 4 if self.selected else 2          # a selected card (one that decided a match) is framed
        bottom, top, left, right = self._border
        bottom.pos, bottom.size = (x, y), (w, inset)
        top.pos, top.size = (x, y + h - inset), (w, inset)
        left.pos, left.size = (x, y + inset), (inset, h - 2 * inset)
        right.pos, right.size = (x + w - inset, y + inset), (inset, h - 2 * inset)
        self._bg.pos, self._bg.size = (x + inset, y + inset), (w - 2 * inset, h - 2 * inset)
        self._border_slot.show(not self.empty)
        if self.empty:
            # An empty seat is its dashed outline alone: a faint fill over the half's background
            # was one more layer of pixels over a sixth of the half each (about 15 % of a
            # 1920x1080 match frame's rasterising in software rendering) for a tint hardly seen.
            self._empty_line.rectangle = (x + 3, y + 3, w - 6, h - 6)
            self._empty_slot.show()
            for t in self._texts():
                t.set("", 0)
            for slot in self._stripe_slots:
                slot.show(False)
            self._band = None
            self._badge_slot.show(False)
            self.picture.hide()
            return
        self._empty_slot.show(False)
        self._bg_c.rgba = self.bg if self.state == "normal" else (1, 1, 0.7, 1)
        pad = 2 if self.compact else 4      # a small chip needs its edges for the name
        iw = int(w - 2 * pad)
        ns = int(self.name_size)
        top = y + h - pad
        # Top row, on the set's band: level (left), the set's symbol, the stack count badge,
        # the power (right), in the band's ink.
        mk = self.mark()
        ink = mk.ink(PALETTE.name) if mk is not None else INK
        self._level.color.rgba = self._symbol.color.rgba = self._set_name.color.rgba = self._power.color.rgba = ink
        lw, lh = self._level.set(self.level, max(9, ns - 1), bold=True)
        self._level.place(x + pad, top - lh)
        pw, ph = self._power.set(self.power, ns + 3, bold=True)
        self._power.place(x + w - pad - pw, top - ph)
        sw, sh = self._symbol.set(mk.symbol if mk is not None else "", max(11, ns + 4))
        self._symbol.place(x + pad + lw + max(3, ns // 3), top - sh)
        # The enlarged card names the set too: how a player learns which symbol is which set.
        setw, seth = self._set_name.set(self.set_name if self.full_text and mk is not None else "", max(9, ns - 3))
        self._set_name.place(x + pad + lw + max(3, ns // 3) + sw + max(3, ns // 4), top - (sh + seth) / 2)
        row = max(lh, ph, sh)
        badge_below = False
        if self.count > 1:
            # Between the symbol and the power (smaller on a narrow card to fit there); where
            # even that leaves no room (a wide level, "SOLO"), at the foot of the card.
            left = x + pad + lw + max(3, ns // 3) + sw + 2 + (setw + max(3, ns // 4) if setw else 0)
            right = x + w - pad - pw - 2
            cs = max(10, ns)
            while True:
                cw, ch = self._count.set(f"×{self.count}", cs, bold=True)
                bw, bh = cw + 8, ch + 4
                if bw <= right - left or cs <= 9:
                    break
                cs -= 1
            badge_below = bw > right - left
            if not badge_below:
                bx = max(left, right - bw - 2)
                self._badge.pos, self._badge.size = (bx, top - bh), (bw, bh)
                self._count.place(bx + 4, top - bh + 2)
                row = max(row, bh)
            self._badge_slot.show()
        else:
            self._count.set("", 0)
            self._badge_slot.show(False)
        band_y = top - row - 1
        colours = mk.band(PALETTE.name) if mk is not None else ()
        band = (colours, x + inset, band_y, x + w - inset, y + h - inset)
        if band != self._band:             # graphics instructions are touched only on a change
            self._band = band
            bx0, bx1 = x + inset, x + w - inset
            step = (bx1 - bx0) / max(1, len(colours))
            for k, ((c, r), slot) in enumerate(zip(self._stripes, self._stripe_slots)):
                if k < len(colours):
                    c.rgba = colours[k]
                    r.pos, r.size = (bx0 + k * step, band_y), (step + (0.5 if k < len(colours) - 1 else 0),
                                                               y + h - inset - band_y)
                slot.show(k < len(colours))
        cur = band_y - 2
        # The set's icon, faint in the band's colour, as large as the room under the band allows
        # (the words are drawn over it; a house set has none).
        side = min(iw, cur - y - inset) * ICON_SHARE
        self.picture.place(self.icon_name(), x + (w - side) / 2, y + inset + (cur - y - inset - side) / 2, side,
                           faint(colours[0] if colours else INK, ICON_ALPHA))
        # Total (bottom), in red.
        bottom = y + pad
        if self.total:
            tw, th = self._total.set(self.total, ns + 1, bold=True)
            self._total.place(x + (w - tw) / 2, bottom)
            bottom += th + 1
        else:
            self._total.set("", 0)
        if badge_below:
            bx = x + w - pad - bw
            self._badge.pos, self._badge.size = (bx, bottom), (bw, bh)
            self._count.place(bx + 4, bottom + 2)
            bottom += bh + 1
        # Name: at most two lines, shrunk to fit (a compact face, with no card text, gives it all its room).
        room = max(0, int(cur - bottom))
        name_h = room if self.compact else min(int(ns * 2.6), room)
        fs, shown = fit_text(self.name, iw, name_h, ns, bold=True, min_font=min(MIN_FONT, ns))
        nw, nh = self._name.set(shown, fs, iw, bold=True)
        self._name.place(x + pad + (iw - nw) / 2, cur - nh)
        cur -= nh + 2
        # Card text: whatever room is left, never under TEXT_MIN_SP: shrunk to that, then its
        # first words and "…" (held, the card shows it whole).
        room = int(cur - bottom)
        least = _min_text_px()
        if self.text and not self.compact and room >= least:
            fs, shown = fit_text(self.text, iw, room, max(int(self.text_size_), least), min_font=least)
            bw_, bh_ = self._body.set(shown, fs, iw)
            # The enlarged card's text in the middle of its room, the small faces' under the name.
            self._body.place(x + pad + (iw - bw_) / 2, cur - bh_ - (max(0, room - bh_) // 2 if self.full_text else 0))
        else:
            self._body.set("", 0)

    def text_cut(self) -> bool:
        """The card text is shown shortened (its first words and "…")."""
        self.update()
        return bool(self.text) and not self.compact and self._body.shown != self.text

    def overflows(self):
        """[(part, text)] of texts not wholly inside the face, or not shown as they must be:
        a name cut, a card text smaller than TEXT_MIN_SP, cut elsewhere than after whole words,
        or cut at all on a ``full_text`` face (tests)."""
        self.update()
        bad = []
        x0, y0, x1, y1 = self.x, self.y, self.right, self.top
        mk = self.mark()
        parts = {"level": (self._level, self.level), "power": (self._power, self.power),
                 "set": (self._symbol, mk.symbol if mk is not None else ""),
                 "set name": (self._set_name, self.set_name if self.full_text and mk is not None else ""),
                 "name": (self._name, self.name), "text": (self._body, "" if self.compact else self.text),
                 "total": (self._total, self.total)}
        least = _min_text_px()
        for part, (t, want) in parts.items():
            (px, py), (pw, ph) = t.rect.pos, t.rect.size
            if part == "text" and want and (t.font < least or not t.shown):
                bad.append((f"text under {TEXT_MIN_SP} sp" if t.shown else "text not shown", want))
            elif part == "text" and want and t.shown != want and (
                    self.full_text or not t.shown.endswith("…") or not want.startswith(t.shown[:-1])):
                bad.append(("text cut", want))
            elif part != "text" and want and t.shown != want:
                bad.append((part, want))
            elif want and part in ("name", "text") and any(
                    text_extent(w, t.font, None, part == "name")[0] > x1 - x0 for w in t.shown.split()):
                bad.append((part + " (a word broken)", want))
            elif pw and (px < x0 or py < y0 or px + pw > x1 + 0.5 or py + ph > y1 + 0.5):
                bad.append((part, want))
        # Texts must not cover each other either (nor the count badge).
        rects = [(p, t.rect.pos, t.rect.size) for p, (t, _) in parts.items() if t.rect.size[0]]
        if self._badge_slot.on:
            rects.append(("count", tuple(self._badge.pos), tuple(self._badge.size)))
        for i, (p1, (ax, ay), (aw, ah)) in enumerate(rects):
            for p2, (bx, by), (bw, bh) in rects[i + 1:]:
                if ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah:
                    bad.append((p1 + "/" + p2, self.name))
        return bad


class CardZoom(FloatLayout):
    """The enlarged card a held finger shows: over everything, on the half of the table the
    card was held on, facing that half's player (the top half's turned 180°), with the card's
    whole text.  It goes when the finger lifts; a tap on a half showing one also hides it (and
    does nothing else).  Touches elsewhere go through."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.holders, self.faces, self.shown = {}, {}, {0: None, 1: None}
        for half in (0, 1):
            holder = Flip(flipped=bool(half), size_hint=(1, 0.5), pos_hint={"x": 0, "y": 0.5 * half}, opacity=0)
            with holder.canvas:
                Color(0, 0, 0, 0.55)            # the rest of that half, dimmed
                dim = Rectangle(pos=(0, 0))
            holder.bind(size=lambda w, v, dim=dim: setattr(dim, "size", v))
            face = CardFace(size_hint=(None, None), pos_hint={"center_x": 0.5, "center_y": 0.5},
                            holdable=False, full_text=True)
            holder.add_widget(face)
            self.add_widget(holder)
            self.holders[half], self.faces[half] = holder, face

    def show(self, half, source):
        """Card face ``source`` enlarged on ``half`` (0 bottom, 1 top)."""
        holder, face = self.holders[half], self.faces[half]
        ct, lang, round_no = source.card
        if self.parent is not None:        # laid out now: the first time, no frame has done it yet
            self.pos, self.size = self.parent.pos, self.parent.size
            self.do_layout()
        hh, ww = holder.height, holder.width
        h = int(hh * 0.92)
        face.size = (int(min(ww * 0.92, h * 1.45)), h)
        face.name_size, face.text_size_ = sp(22), sp(22)
        face.show(ct, lang, total=source.total, count=source.count, power=source.power, round_no=round_no)
        face.name = source.name            # a shared seat says both names
        face.opacity = 1
        holder.opacity = 1
        self.shown[half] = source
        holder.do_layout()
        face.update()

    def hide(self, half):
        self.holders[half].opacity = 0
        self.shown[half] = None

    def hide_for(self, source):
        for half, shown in self.shown.items():
            if shown is source:
                self.hide(half)

    def on_touch_down(self, touch):
        for half, holder in self.holders.items():
            if self.shown[half] is not None and holder.collide_point(*touch.pos):
                self.hide(half)
                return True
        return False

    def on_touch_move(self, touch):
        return False

    def on_touch_up(self, touch):
        return False


_zoom: CardZoom | None = None


def card_zoom() -> CardZoom:
    """The app's one :class:`CardZoom`, put over the app's root widget the first time."""
    global _zoom
    from kivy.app import App
    app = App.get_running_app()
    root = app.root if app is not None else None
    if _zoom is None:
        _zoom = CardZoom()
    if root is not None and _zoom.parent is not root:
        if _zoom.parent is not None:
            _zoom.parent.remove_widget(_zoom)
        root.add_widget(_zoom)
    elif root is None and _zoom.parent is None:
        from kivy.core.window import Window
        Window.add_widget(_zoom)
    return _zoom


class TextLine(Widget):
    """A light label: one cached texture, wrapped to the widget's width, no re-layout.

    Both mirrored halves showing the same words share one texture.
    """

    text = StringProperty("")
    font_size = NumericProperty(15)
    bold = BooleanProperty(False)
    markup = BooleanProperty(False)
    halign = StringProperty("left")
    valign = StringProperty("middle")
    color = ListProperty([1, 1, 1, 1])
    shrink = BooleanProperty(True)      # shrink the font to fit the height

    def __init__(self, **kw):
        self._trigger = Clock.create_trigger(self._redraw, -1)
        super().__init__(**kw)
        self._t = _Text(self.canvas, self.color)
        for prop in ("pos", "size", "text", "font_size", "bold", "markup", "halign", "valign", "color"):
            self.fbind(prop, self._trigger)
        self._trigger()

    @property
    def texture_size(self):
        return self._t.size

    def update(self):
        self._trigger.cancel()
        self._redraw()

    def _redraw(self, *_):
        w, h = int(self.width), int(self.height)
        self._t.color.rgba = self.color
        if not self.text or w < 4:
            self._t.set("", 0)
            return
        fs = int(self.font_size)
        if self.shrink and fs > MIN_FONT:
            fs = largest_font(MIN_FONT, fs, lambda size: text_extent(
                self.text, size, w, self.bold, self.halign, self.markup)[1] <= h)
        tex = text_texture(self.text, fs, w, self.bold, self.halign, self.markup)
        self._t.font = fs
        self._t.shown = self.text
        self._t.key = None                 # drawn here, not by set()
        self._t.draw(tex)
        tw, th = tex.size
        x = self.x + {"left": 0, "center": (w - tw) / 2, "right": w - tw}.get(self.halign, 0)
        y = self.y + {"top": h - th, "middle": (h - th) / 2, "bottom": 0}.get(self.valign, 0)
        self._t.place(x, y)


class PageScrollView(ScrollView):
    """A ScrollView whose bar fades without spinning the clock.

    Kivy fades a ScrollView's bar 0.5 s after every scroll and every change of its content's size
    with an animation of ``step=0``: under the interrupt clock that draws frames as fast as the
    loop turns for half a second, hidden page or not (the rules page and the match log were laid
    out at start-up and when the match screen first showed: frames while nobody touched the
    table).  Here the bar of a page nobody sees takes its resting colour at once, and a shown
    one fades at :data:`FRAME` steps."""

    def _bind_inactive_bar_color(self, *_):
        self.funbind("bar_color", self._change_bar_color)
        self.fbind("bar_inactive_color", self._change_bar_color)
        if not seen(self):
            self._bar_color = self.bar_inactive_color
            return
        Animation(_bar_color=self.bar_inactive_color, d=0.5, t="out_quart", step=FRAME).start(self)


class ModalLayer(FloatLayout):
    """An overlay over the whole app: while ``shown`` it takes every touch (nothing reaches the
    screen underneath), and while hidden it takes none."""

    shown = BooleanProperty(False)

    def on_touch_down(self, touch):
        if not self.shown:
            return False
        super().on_touch_down(touch)
        return True

    def on_touch_move(self, touch):
        if not self.shown:
            return False
        super().on_touch_move(touch)
        return True

    def on_touch_up(self, touch):
        if not self.shown:
            return False
        super().on_touch_up(touch)
        return True


class HintLayer(FloatLayout):
    """Short sentences over every screen, one per half, each facing its player (the top half's
    turned 180°): why a press did nothing ("Wait: the Robot is attacking").  Each goes after
    :data:`HINT_SECONDS`; touches go through to the screen underneath.  ``on_hint``, when set,
    is called with each hint shown (the app plays the "wrong press" sound)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        from kiosk.palette import PALETTE
        self.on_hint = None
        self.labels, self._hide = {}, {}
        self.guides: dict = {}
        for half in (0, 1):
            holder = Flip(flipped=bool(half), size_hint=(1, 0.5), pos_hint={"x": 0, "y": 0.5 * half})
            lab = Label(size_hint=(0.8, None), height=dp(56), pos_hint={"center_x": 0.5, "center_y": 0.5},
                        font_size=sp(20), bold=True, halign="center", valign="middle", opacity=0,
                        color=(1, 1, 1, 1))
            with lab.canvas.before:
                ink = Color(rgba=PALETTE.hint)
                bg = SmoothRoundedRectangle(radius=[dp(10)])
            PALETTE.bind(hint=lambda _p, v, ink=ink: setattr(ink, "rgba", v))
            lab.bind(pos=lambda w, v, bg=bg: setattr(bg, "pos", v), size=lambda w, v, bg=bg: setattr(bg, "size", v),
                     width=lambda w, v: setattr(w, "text_size", (v - dp(20), None)),
                     texture_size=lambda w, v: setattr(w, "height", max(dp(56), v[1] + dp(16))))
            holder.add_widget(lab)
            # The guided first match's standing sentence (what to do now), over the lower edge of
            # that half's bench, clear of its REVEAL column; it stays until the guide changes it.
            line = Label(size_hint=(0.74, None), height=dp(44), pos_hint={"x": 0.01, "y": 0.015},
                         font_size=sp(16), bold=True, halign="left", valign="middle", opacity=0,
                         color=(1, 1, 1, 1))
            with line.canvas.before:
                Color(0.05, 0.2, 0.35, 0.92)
                bg2 = SmoothRoundedRectangle(radius=[dp(8)])
            line.bind(pos=lambda w, v, bg=bg2: setattr(bg, "pos", v), size=lambda w, v, bg=bg2: setattr(bg, "size", v),
                      width=lambda w, v: setattr(w, "text_size", (v - dp(16), None)),
                      texture_size=lambda w, v: setattr(w, "height", max(dp(44), v[1] + dp(10))))
            holder.add_widget(line)
            self.add_widget(holder)
            self.labels[half] = lab
            self.guides[half] = line

    def on_touch_down(self, touch):
        return False

    def on_touch_move(self, touch):
        return False

    def on_touch_up(self, touch):
        return False

    def clear(self) -> None:
        """Every hint goes at once (the table's language changed: they would read the old one)."""
        for half, lab in self.labels.items():
            old = self._hide.pop(half, None)
            if old is not None:
                old.cancel()
            Animation.cancel_all(lab, "opacity")
            lab.opacity = 0
            lab.text = ""

    def guide(self, half, text) -> None:
        """The guided match's sentence on ``half``, kept until changed ("" hides it)."""
        line = self.guides[half]
        if line.text != text:
            line.text = text
        line.opacity = 1 if text else 0

    def show(self, half, text, seconds=None):
        """``text`` on ``half`` (0 bottom, 1 top) for a moment."""
        lab = self.labels[half]
        lab.text = text
        if self.on_hint is not None:
            self.on_hint(half, text)
        Animation.cancel_all(lab, "opacity")
        lab.opacity = 1
        old = self._hide.pop(half, None)
        if old is not None:
            old.cancel()
        self._hide[half] = Clock.schedule_once(
            lambda dt: Animation(opacity=0, d=max(ANIM * SPEED, 0.01), step=FRAME).start(lab), seconds or HINT_SECONDS)


#: How long a hint stays (seconds).
HINT_SECONDS = 1.8
