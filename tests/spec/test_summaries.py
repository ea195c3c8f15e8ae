"""Issue 25: a variant's summary (hand-written in ``spec/variants/*.toml``) says only what its rule objects do.

The summaries are prose for people, so they are not generated; instead every claim of a kind listed below that
a summary makes is read back and checked against the variant's compiled rules:

* the deck: its size (``32 cards``, ``Two 52-card packs``), its suits (``French-suited``, ``German-suited``,
  ``Spanish``) and its Jokers (``two Jokers``);
* the hand size (``4 each``, ``6 cards each``);
* the wild cards (``Queen = wild``, ``the 9s and the Joker are wild``, ``every 8 is wild``) in both
  directions: a summary that names a wild card names them all; plain cards (``the 8 and the Jack are plain``,
  ``the Jack is an ordinary card``);
* what cards do (``8 = skip``, ``Ace = reverse``, ``7 and King = play again``, ``7 = draw two``);
* the draw policy: whether a player may play after drawing (``cannot play that turn``, ``may still play``,
  ``draws until he can``);
* the calls (``"Mau" on the second-to-last card``, ``No calls``).

A claim the checker cannot read is not checked; the tests at the end prove that each kind of wrong claim is
caught (Prší's former summary among them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

import pytest

from maumau_rules import Variant, available_variants
from maumau_rules.cards import FRENCH_SUITS, SPANISH_SUITS, Rank

NUMBERS: Final = {"one": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10,
                  "forty": 40}
RANK_WORDS: Final = {"ace": Rank.ACE, "aces": Rank.ACE, "king": Rank.KING, "kings": Rank.KING,
                     "queen": Rank.QUEEN, "queens": Rank.QUEEN, "ober": Rank.QUEEN, "jack": Rank.JACK,
                     "jacks": Rank.JACK, "under": Rank.JACK, "unter": Rank.JACK, "joker": Rank.JOKER,
                     "jokers": Rank.JOKER, **{str(n): Rank(n) for n in range(2, 11)},
                     **{f"{n}s": Rank(n) for n in range(2, 11)}}
RANK: Final = r"(ace|king|queen|ober|jack|under|unter|joker|10|[2-9])s?"
ROLE_WORDS: Final = {"skip": "skip", "reverse": "reverse", "play again": "again", "wild": "wild"}


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


def _rank(word: str) -> Rank:
    return RANK_WORDS[word.lower()]


def _roles(v: Variant, rank: Rank) -> set[str]:
    plan = v.plan
    return {role for c in plan.cards if c.rank is rank for role in plan.roles.get(c, ())}


def _ranks_with(v: Variant, role: str) -> set[Rank]:
    plan = v.plan
    return {c.rank for c in plan.cards if role in plan.roles.get(c, ())}


def claims(v: Variant, summary: str | None = None) -> Iterator[tuple[str, bool]]:
    """Every claim of ``summary`` (default: the variant's own) that the checker reads, with whether the
    variant's rules bear it out."""
    text = " ".join((v.summary if summary is None else summary).split())
    low = text.lower()
    deck = v.deck
    pack = len(deck.ranks) * len(deck.suits)
    # the deck
    for m in re.finditer(r"\b(\d+|forty)(?:-card|(?: german-suited| french-suited| spanish)? cards(?! each))", low):
        n = _number(m.group(1))
        yield f"a deck of {n} cards", n in (pack, pack * deck.packs, pack * deck.packs + deck.jokers)
    for m in re.finditer(r"\b(one|two|three|\d+) (?:[\w-]+ )?packs\b", low):
        yield f"{m.group(1)} packs", _number(m.group(1)) == deck.packs
    if re.search(r"german-suited|\b(?:\d+|forty) german (?:cards|pack)", low):
        yield "German-suited cards (the library's packs have French or Spanish suits)", False
    if re.search(r"french-suited|french suits", low):
        yield "French-suited cards", set(deck.suits) <= set(FRENCH_SUITS)
    if "spanish" in low:
        yield "Spanish cards", set(deck.suits) <= set(SPANISH_SUITS)
    for m in re.finditer(r"\b(one|two|three|a) jokers?\b", low):
        yield f"{m.group(1)} Joker(s)", _number(m.group(1)) == deck.jokers * deck.packs
    if "joker" in low:
        yield "a Joker", deck.jokers > 0
    # the hand
    if v.family != "maumau":  # Malilla: the whole pack is dealt to the four seats, and no card is wild
        sizes = {pack * deck.packs // v.players[0]}
    else:
        sizes = {v.plan.hand_size(n) for n in range(v.players[0], v.players[1] + 1)}
    for m in re.finditer(r"\b(\d+|four|five|six|seven|ten)(?: cards)? each\b", low):
        yield f"{m.group(1)} cards each", _number(m.group(1)) in sizes
    if v.family != "maumau":
        return
    # wild cards, both ways
    named: set[Rank] = set()
    for pattern in (rf"\b{RANK}(?: \([^)]*\))? = wild", rf"\bevery {RANK} is wild",
                    rf"\bthe {RANK}(?: \([^)]*\))? is wild", rf"\b{RANK}(?: and the {RANK})? are wild"):
        for m in re.finditer(pattern, low):
            for word in m.groups():
                if word is not None:
                    rank = _rank(word)
                    named.add(rank)
                    yield f"{word} is wild", "wild" in _roles(v, rank)
    if named:
        yield f"the wild cards are {sorted(r.symbol for r in named)}", named == _ranks_with(v, "wild")
    for m in re.finditer(rf"\bthe {RANK} and the {RANK} are plain", low):
        for word in m.groups():
            yield f"{word} is plain", not _roles(v, _rank(word))
    for m in re.finditer(rf"\bthe {RANK} is an ordinary card", low):
        yield f"{m.group(1)} is ordinary", not _roles(v, _rank(m.group(1)))
    # what cards do
    for m in re.finditer(rf"\b{RANK}(?: and {RANK})?(?: \([^)]*\))? = (skip|reverse|play again)\b", low):
        *words, role = m.groups()
        for word in words:
            if word is not None:
                yield f"{word} = {role}", ROLE_WORDS[role] in _roles(v, _rank(word))
    for m in re.finditer(rf"\b{RANK} = draw (two|three|four|five)\b", low):
        rank, amount = _rank(m.group(1)), _number(m.group(2))
        penalty = v.rule("R_DRAW_PENALTY")
        amounts = {p.amount for p in getattr(penalty, "penalties", ())
                   if rank in p.cards.ranks or any(c.rank is rank for c in p.cards.cards)}
        yield f"{m.group(1)} = draw {amount}", amount in amounts
    # the draw policy
    draw, penalty = v.rule("R_DRAW"), v.rule("R_DRAW_PENALTY")
    after_draw = getattr(draw, "after_draw", "none")
    if re.search(r"a player who draws cannot play", low):
        yield "a player who draws cannot play that turn", after_draw == "none" and getattr(penalty, "ends_turn",
                                                                                           True)
    if re.search(r"(?:draws|drawing) the penalty cannot play", low):
        yield "drawing a penalty ends the turn", getattr(penalty, "ends_turn", False) is True
    if re.search(r"the drawer may still play", low):
        yield "a drawn penalty does not end the turn", getattr(penalty, "ends_turn", True) is False
    if re.search(r"may play the drawn card|drawn card may be played", low):
        yield "the drawn card may be played", after_draw in ("drawn_only", "any")
    if re.search(r"draws until he can", low):
        yield "draws until he can play", getattr(draw, "until_playable", False) is True
    # the calls
    announce = v.rule("R_ANNOUNCE")
    calls = {str(getattr(announce, name, "")).lower() for name in ("word", "final_word", "jack_word")} - {""}
    if re.search(r"\bno calls\b|nothing is announced", low):
        yield "no calls", announce is None
    for m in re.finditer(r"\"([^\"]+?)!?\" (?:on|with|at|before)\b", text):
        yield f"the call {m.group(1)!r}", m.group(1).lower() in calls


VARIANTS: Final = available_variants()


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_every_summary_claims_only_what_the_rules_do(variant: Variant) -> None:
    wrong = [claim for claim, holds in claims(variant) if not holds]
    assert not wrong, f"{variant.id}: the summary claims {wrong}"


def test_the_checker_reads_the_summaries() -> None:
    """The checker finds claims of each kind across the summaries (a checker that reads nothing proves nothing)."""
    found = [claim for v in VARIANTS for claim, _ in claims(v)]
    assert any("Spanish" in claim for claim in found) and any("French" in claim for claim in found)
    for kind in ("a deck of", "cards each", "is wild", "the wild cards are", "= skip", "= reverse", "= play again",
                 "= draw", "the call", "no calls", "packs", "Joker", "plain", "drawn card"):
        assert any(kind in claim for claim in found), kind
    assert len(found) > 60


@pytest.mark.parametrize(("variant", "summary", "claim"), [
    ("prsi", "32 German-suited cards, 4 each.", "German-suited cards"),
    ("prsi", "32 German cards, 4 each.", "German-suited cards"),
    ("malilla", "French-suited cards", "French-suited cards"),
    ("malilla", "Forty Spanish cards, seven each", "seven cards each"),
    ("prsi", "7 = draw two, and a player who draws cannot play that turn.", "a player who draws cannot play"),
    ("prsi", "Jack = wild with a suit wish.", "jack is wild"),
    ("prsi", "Queen = wild, 5 each.", "5 cards each"),
    ("standard", "36 cards, 5 each.", "a deck of 36 cards"),
    ("standard", "Jack = wild; every 8 is wild.", "8 is wild"),
    ("neuner", "the 9s are wild.", "the wild cards are"),  # the Joker is wild too
    ("standard", "7 = draw three.", "7 = draw 3"),
    ("standard", "Ace = skip.", "ace = skip"),
    ("pesten", "8 = reverse.", "8 = reverse"),
    ("standard", "Queen and King = play again.", "queen = play again"),
    ("prsi", "the 8 and the Ace are plain.", "ace is plain"),
    ("standard", "52 cards and two Jokers.", "two Joker(s)"),
    ("standard", "\"Tschau\" with the second-to-last card.", "the call 'Tschau'"),
    ("standard", "No calls.", "no calls"),
    ("classic", "7 = draw two (the drawer may still play), but the drawn card may be played", None),
    ("standard", "the drawer may still play", "a drawn penalty does not end the turn"),
    ("standard", "A player who cannot play draws until he can.", "draws until he can play"),
])
def test_a_summary_that_claims_a_rule_the_variant_does_not_have_fails(variant: str, summary: str,
                                                                      claim: str | None) -> None:
    v = next(x for x in VARIANTS if x.id == variant)
    wrong = [c for c, holds in claims(v, summary) if not holds]
    if claim is None:
        assert not wrong, wrong  # true claims pass
    else:
        assert any(c.lower().startswith(claim.lower()) for c in wrong), (claim, wrong)
