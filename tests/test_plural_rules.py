"""A language's plural rule as a page reads it (``words.plural_table``): the form of each count
from 0 to 199, and past it the form of ``100 + n % 100``.  That holds for the rules gettext's
languages use (French's, English's, and the ones that read ``n % 10`` and ``n % 100``: Polish,
Russian, Arabic, Slovenian...), checked here against the rule itself up to 100 000."""

import gettext

import pytest

import words

# Plural-Forms expressions as gettext's catalogues carry them.
RULES = {
    "en": "(n != 1)",
    "fr": "(n > 1)",
    "pl": "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
    "ru": "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
    "ar": "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
    "sl": "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)",
}


class Rule(gettext.NullTranslations):
    def __init__(self, expression: str) -> None:
        super().__init__()
        self.plural = gettext.c2py(expression)


@pytest.mark.parametrize("lang", sorted(RULES))
def test_the_table_says_every_count_as_the_rule_does(lang):
    rule = gettext.c2py(RULES[lang])
    table = words.plural_table(Rule(RULES[lang]))
    assert len(table) == words.PLURAL_SPAN == 200

    def said(n):
        return table[n] if n < len(table) else table[100 + n % 100]
    assert all(said(n) == rule(n) for n in range(100_000))


def test_without_a_rule_the_table_is_englishs():
    assert words.plural_table(gettext.NullTranslations())[:3] == [1, 0, 1]
