"""Everything a game of Challengers! is set up from, checked and put together.

The engine reads no file: :func:`load` takes a *data source*, anything with
``read(path) -> str`` and ``files(folder) -> [(path, text)]`` (the ``cards``
package is one; a folder of house sets can be another), so the caller decides
where the data lives.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.challengers.cards import CardFileError, Catalogue, parse_set
from engine.challengers.rules import Box, Lesson, Plan, Rules, parse_box, parse_lesson, parse_plan, parse_rules

BOXES = ("base", "beach")


@dataclass
class Library:
    """Rules facts, boxes, plans by slot count and the card catalogue."""

    rules: Rules
    boxes: dict
    plans: dict
    catalogue: Catalogue
    lessons: dict = field(default_factory=dict)     # guided first matches, by id

    def box(self, box_id: str) -> Box:
        try:
            return self.boxes[box_id]
        except KeyError:
            raise KeyError(f"unknown box '{box_id}' (one of {', '.join(self.boxes)})") from None

    def plan_for(self, slots: int) -> Plan:
        try:
            return self.plans[slots]
        except KeyError:
            raise KeyError(f"no tournament plan for {slots} slots") from None

    def lesson(self, lesson_id: str) -> Lesson:
        try:
            return self.lessons[lesson_id]
        except KeyError:
            raise KeyError(f"unknown lesson '{lesson_id}' (one of {', '.join(self.lessons) or 'none'})") from None

    def add_sets(self, texts):
        """Add house sets, [(source, text)], each checked against its own box's power caps."""
        caps = {b.id: b.caps for b in self.boxes.values()}
        for source, text in texts:
            s = parse_set(source, text, box_caps=caps)
            self.catalogue.add(s)
            self._give_rainbow_cards_their_icons([s])

    def icons_in_play(self, set_ids) -> frozenset:
        """The set icons of a game played with ``set_ids``: every icon a Rainbow card carries."""
        sets = self.catalogue.sets
        return frozenset(sets[s].cards[0].set for s in set_ids)

    def _give_rainbow_cards_their_icons(self, card_sets):
        """A Rainbow card (``all_icons``) carries every set icon of the game in play; a match
        that is not told the game's sets counts those of the card's box's first game."""
        cat = self.catalogue
        for s in card_sets:
            if s.box not in self.boxes or not any(c.all_icons for c in s.cards):
                continue
            icons = self.icons_in_play(self.default_sets(s.box))
            cards = tuple(replace(c, icons=icons) if c.all_icons else c for c in s.cards)
            cat.sets[s.id] = replace(s, cards=cards)
            for c in cards:
                cat.cards[c.id] = c

    def check_sets(self, sets) -> tuple:
        """The sets a game uses, checked: one basic set and five others (additional or
        house sets), from either box."""
        sets = tuple(sets)
        cat = self.catalogue
        for sid in sets:
            if sid not in cat.sets:
                raise ValueError(f"unknown set '{sid}' (one of {', '.join(self.playable_sets())})")
        kinds = [cat.sets[s].kind for s in sets]
        if kinds.count("basic") != 1:
            raise ValueError("a game needs exactly one basic set (" +
                             " or ".join(s for s in self.playable_sets() if cat.sets[s].kind == "basic") + ")")
        others = [s for s in sets if cat.sets[s].kind in ("additional", "house")]
        if len(others) != 5 or len(set(others)) != 5 or len(sets) != 6:
            raise ValueError(f"a game needs five different additional sets besides its basic set, not {len(others)}")
        return sets

    def playable_sets(self) -> list:
        return [s.id for s in self.catalogue.sets.values() if s.kind in ("basic", "additional", "house")]

    def default_sets(self, box_id: str) -> tuple:
        """A box's basic set and its additional sets, less the one to leave out of a first game."""
        box = self.box(box_id)
        return (box.basic, *[s for s in box.additional if s != box.first_game_out])


def load(source, boxes=None) -> Library:
    """Read and check the rules, plans, boxes and every card set from ``source``
    (``boxes``: which boxes, by default every box the source holds)."""
    if boxes is None:
        boxes = [b for b in BOXES if source.files(b, "box.toml")]
    rules = parse_rules("rules.toml", source.read("rules.toml"))
    plans = {}
    for path, text in source.files("plans"):
        plan = parse_plan(path, text)
        plans[plan.slots] = plan
    box_map = {}
    catalogue = Catalogue([])
    for box_id in boxes:
        box = parse_box(f"{box_id}/box.toml", source.read(f"{box_id}/box.toml"))
        box_map[box.id] = box
        for path, text in source.files(box_id):
            if path.endswith("box.toml"):
                continue
            catalogue.add(parse_set(path, text, box.caps))
    for path, text in source.files("robot"):
        catalogue.add(parse_set(path, text, None))
    for box in box_map.values():
        for cid in box.starter:
            if cid not in catalogue.cards:
                raise CardFileError(f"{box.id}/box.toml: field 'starter': unknown card id '{cid}'")
        for sid in (box.basic, *box.additional):
            if sid not in catalogue.sets:
                raise CardFileError(f"{box.id}/box.toml: field 'additional': unknown set '{sid}'")
    for cid in rules.robot_deck:
        if cid not in catalogue.cards:
            raise CardFileError(f"rules.toml: field 'robot.deck': unknown card id '{cid}'")
    lessons = {}
    for path, text in source.files("lessons"):
        lesson = parse_lesson(path, text, lambda cid: cid in catalogue.cards)
        if lesson.box not in BOXES:
            raise CardFileError(f"{path}: field 'box': unknown box '{lesson.box}' (one of {', '.join(BOXES)})")
        if lesson.box in box_map:            # a lesson of a box not loaded is left out with it
            lessons[lesson.id] = lesson
    catalogue.boxes = box_map
    library = Library(rules, box_map, plans, catalogue, lessons)
    library._give_rainbow_cards_their_icons(list(catalogue.sets.values()))
    return library
