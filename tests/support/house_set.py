"""A small house set (one Level A card) that the tests of every program place in a data folder."""

HOUSE = """\
set = "house"
name = "Cafe Crew"
box = "base"
kind = "house"

[[card]]
id = "barista"
name = "Barista"
level = "A"
power = 2
copies = 4
"""
