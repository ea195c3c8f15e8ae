"""Pictures of tables (:mod:`maumau_rules.svg`) over every family and registered variant (issue 28).

Every view's picture is well-formed SVG, names every card its seat sees and no card it cannot see, makes every legal
move clickable, and, the metamorphic no-leak test on pictures, is the same for two states that differ only in cards
its seat cannot see (:func:`maumau_rules.testing.check_no_leak` with the picture as an observer).
"""

from __future__ import annotations

import contextlib
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from maumau_rules import Card, Variant, apply, available_variants, legal_moves, new_game, public_view
from maumau_rules.errors import NotationError
from maumau_rules.svg import move_code, view_svg
from maumau_rules.testing import InvariantViolation, check_no_leak
from maumau_rules.views import view

SVG = "{http://www.w3.org/2000/svg}"
VARIANTS = list(available_variants())


def _players(v: Variant) -> int:
    return min(max(3, v.players[0]), v.players[1])


def _states(v: Variant, seed: int, every: int, limit: int = 150) -> Iterator[Any]:
    """Every ``every``-th state of a random game of ``v`` (any seat's legal moves, call-outs included) over its first
    ``limit`` moves, and its last."""
    rnd = random.Random(seed)
    s: Any = new_game(v, _players(v), seed=seed)
    for k in range(limit):
        if k % every == 0 or s.is_over:
            yield s
        if s.is_over:
            return
        table = [(p, m) for p in range(s.players) for m in legal_moves(s, p)]
        seat, move = rnd.choice(table)
        s = apply(s, move, player=seat)


def _picture(s: Any, seat: int | None) -> str:
    """The picture Jupyter shows of ``seat``'s view (``None``: the spectators'): ``view_svg``, legal moves marked."""
    pv = public_view(s) if seat is None else view(s, seat)
    svg: str = pv._repr_svg_()
    assert svg == view_svg(pv, highlight=getattr(pv, "legal_moves", ()))
    return svg


def _cards_in(value: object, out: set[Card]) -> set[Card]:
    """Every card named in a JSON value (strings such as ``"7♥"``, ``"J♣>♥ mau"``)."""
    if isinstance(value, str):
        for token in re.split(r"[\s>]+", value):
            with contextlib.suppress(NotationError):
                out.add(Card.parse(token))
    elif isinstance(value, dict):
        for item in value.values():
            _cards_in(item, out)
    elif isinstance(value, list):
        for item in value:
            _cards_in(item, out)
    return out


def _hidden(s: Any, seat: int | None) -> set[Card]:
    """The cards of ``s`` that ``seat`` cannot see: in the other hands and the stock, and named nowhere in its
    view (a deck of two packs has two 7♥: one may be seen, the other hidden)."""
    pv = public_view(s) if seat is None else view(s, seat)
    seen = _cards_in(pv.to_json(), set())
    held = {c for p, h in enumerate(s.hands) if p != seat for c in h} | set(getattr(s, "stock", ()))
    return held - seen


def _words(root: ET.Element) -> tuple[set[str], str]:
    """The ``data-card`` values of a picture, and all its words (texts, titles, labels) in one string."""
    cards = {e.get("data-card", "") for e in root.iter()} - {""}
    texts = [t for e in root.iter() for t in (e.text, e.get("aria-label")) if t]
    return cards, " | ".join(texts)


def _named(hidden: set[Card], cards: set[str], text: str) -> set[Card]:
    """The cards of ``hidden`` that a picture names: by ``data-card``, or in its words (name, notation)."""
    out = {c for c in hidden if c.ascii in cards}
    words = {w: c for c in hidden for w in (c.name, str(c), c.german)}
    if words:
        pattern = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        out.update(words[m] for m in re.findall(rf"(?<![\w&])({pattern})(?![\w])", text))
    return out


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_every_picture_is_svg_that_shows_what_its_seat_sees_and_nothing_else(v: Variant) -> None:
    checked = 0
    for seed in (1 + VARIANTS.index(v),):  # one random game a variant, a different seed for each
        for s in _states(v, seed, every=16):
            for seat in (*range(s.players), None):
                svg = _picture(s, seat)
                root = ET.fromstring(svg)  # well-formed XML
                assert root.tag == f"{SVG}svg" and root.find(f"{SVG}title") is not None and root.get("aria-label")
                cards, text = _words(root)
                if seat is not None:
                    assert {c.ascii for c in s.hands[seat]} <= cards
                    clickable = {m for e in root.iter() for m in (e.get("data-moves") or e.get("data-move") or
                                                                   "").split("|") if m}
                    assert {move_code(m) for m in legal_moves(s, seat)} <= clickable
                else:
                    assert not any(e.get("data-move") for e in root.iter())
                hidden = _hidden(s, seat)
                assert not _named(hidden, cards, text), (seat, s.turn)
                checked += 1
    assert checked >= 2 * (_players(v) + 1)


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_a_picture_depends_on_no_card_its_seat_cannot_see(v: Variant) -> None:
    """The metamorphic no-leak test: the picture of a seat's view (and a spectator's) is the same whatever the
    cards that seat cannot see, here and after the next move."""
    rnd = random.Random(7)
    states = list(_states(v, 3, every=25))
    for s in states[:3]:
        check_no_leak(s, rnd, moves=1, observers=[_picture])
    assert states


@pytest.mark.parametrize("family", ["standard", "malilla"])
def test_the_no_leak_test_on_pictures_would_see_a_leak(family: str) -> None:
    """A picture drawn from the full state (another seat's hand face up) is caught."""
    s = new_game(family, 4 if family == "malilla" else 3, seed=5)

    def leaky(state: Any, seat: int | None) -> str:
        other = ((seat or 0) + 1) % state.players
        return _picture(state, seat) + "".join(c.ascii for c in state.hands[other])

    with pytest.raises(InvariantViolation, match="INV_NO_LEAK"):
        check_no_leak(s, random.Random(1), moves=0, observers=[leaky])
