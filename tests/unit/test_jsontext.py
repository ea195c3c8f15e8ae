"""The compiled JSON text (maumau_rules.jsontext) is byte for byte the reference text, json.dumps of the JSON data
that to_json writes, for states and views of every registered variant of every family; and the parse cache of
parse_move gives the moves, and the errors, of the parser without it."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from maumau_rules import apply, available_variants, legal_moves, new_game
from maumau_rules.errors import NotationError
from maumau_rules.families import codec_for_value
from maumau_rules.jsontext import text_encoder
from maumau_rules.moves import _parse_move, parse_move
from maumau_rules.notation import dumps, json_text, to_json
from maumau_rules.views import public_view, view, views, views_json


def reference(value: Any) -> str:
    """The text dumps wrote before the compiled encoders: the standard encoder over to_json's data."""
    return json.dumps(to_json(value), ensure_ascii=False)


def sampled_states(variant: Any, games: int, seed: int) -> list[Any]:
    """States along ``games`` random games of ``variant`` (every few moves, and each game's last state)."""
    rng = random.Random(seed)
    lo, hi = variant.players
    out: list[Any] = []
    for g in range(games):
        s = new_game(variant, rng.randint(lo, min(hi, 5)), seed * 100 + g)
        step = 0
        while not s.is_over and step < 400:
            if step % 7 == 0:
                out.append(s)
            s = apply(s, rng.choice(legal_moves(s)))
            step += 1
        out.append(s)
    return out


VARIANTS = available_variants()


def test_both_families_are_covered() -> None:
    assert {v.family for v in VARIANTS} >= {"maumau", "malilla"}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_the_compiled_text_is_the_reference_text(variant: Any) -> None:
    """States, every seat's view (alone and all at once), public views, with and without match scores."""
    checked = 0
    for i, s in enumerate(sampled_states(variant, 2, seed=len(variant.id))):
        assert dumps(s) == reference(s)
        scores = tuple(range(s.players)) if i % 2 and variant.family == "maumau" else None
        every = views(s, scores=scores)
        texts = views_json(s, scores=scores)
        assert texts == tuple(reference(v) for v in every)
        assert texts == tuple(dumps(view(s, seat, scores=scores)) for seat in range(s.players))
        p = public_view(s, scores=scores)
        assert dumps(p) == reference(p)
        checked += 1
    assert checked >= 2


def test_odd_field_values_are_written_as_the_standard_encoder_writes_them() -> None:
    """Values outside their declared types (a flag in a number field, text that needs escaping) go through the
    standard encoder: the text stays the reference text."""
    s = new_game("standard", 3, seed=4)
    v = view(s, 0)
    odd = attrs.evolve(v, turn=True, variant='a "quoted"\n\\ id', hand_sizes=[True, 2, 3], any_card=1)
    codec = codec_for_value(v)
    assert codec is not None
    assert text_encoder(type(v), codec.tag)(odd) == reference(odd)
    t = new_game("malilla", 4, seed=4)
    w = view(t, 1)
    odd_w = attrs.evolve(w, round_no=False, variant="é\u2028\x01")
    assert dumps(odd_w) == reference(odd_w)


def test_a_subclass_of_a_view_is_written_as_before() -> None:
    s = new_game("standard", 2, seed=2)
    v = view(s, 0)

    @attrs.frozen(slots=False)
    class Mine(type(v)):  # type: ignore[misc]
        extra: int = 5

    mine = Mine(**{f.alias: getattr(v, f.name) for f in attrs.fields(type(v))})
    assert dumps(mine) == reference(mine) == reference(v)


def test_json_text_is_the_standard_encoder() -> None:
    samples: list[Any] = [{"a": [1, True, None, "7♥", 2.5, {"b": ()}]}, "x\"y", 10 ** 30, [], {}, -0.0]
    for data in samples:
        assert json_text(data) == json.dumps(data, ensure_ascii=False)
    with pytest.raises(TypeError, match="not JSON serializable"):
        json_text({"a": {1, 2}})


def test_private_fields_must_be_the_last_ones() -> None:
    v = view(new_game("standard", 2, seed=1), 0)
    with pytest.raises(TypeError, match="are not its last fields"):
        text_encoder(type(v), "player-view", ("turn",))


def test_the_shared_part_is_written_once_from_the_first_value() -> None:
    s = new_game("standard", 3, seed=1)
    codec = codec_for_value(view(s, 0))
    assert codec is not None
    private = ("seat", "hand", "drawn", "legal_moves")
    enc = text_encoder(type(view(s, 0)), codec.tag, private)
    assert enc.texts([]) == []
    assert enc.texts(views(s)) == [reference(v) for v in views(s)]
    other = apply(s, legal_moves(s)[0])  # a view of another state: its public part is not read
    mixed = enc.texts([view(s, 0), view(other, 1)])
    assert mixed[1] != reference(view(other, 1)) and mixed[1].endswith(reference(view(other, 1))[-40:])


# ---------------------------------------------------------------------------------------------- parse cache

MOVE_TEXTS = ["7h", "7♥", "Herz 7", "Jc>h", "J♣ > ♥", "Jc>h maumau", "9d mau", "9d Zadnja", "draw", "PASS", "pass",
              "callout 3", "Redeal", "Joker", "1or", "Sco"]
BAD_TEXTS = ["7x", "", "callout", "callout x", "Jc>x", "x" * 65, "7h mau mau mau", "  "]


@pytest.mark.parametrize("text", MOVE_TEXTS)
def test_the_parse_cache_gives_the_parsers_moves(text: str) -> None:
    first = parse_move(text)
    assert first == _parse_move(text) and type(first) is type(_parse_move(text))
    assert parse_move(text) is first  # read once, then remembered


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_bad_text_is_refused_as_before_every_time(text: str) -> None:
    with pytest.raises(NotationError) as plain:
        _parse_move(text)
    for _ in range(2):
        with pytest.raises(NotationError) as cached:
            parse_move(text)
        assert type(cached.value) is type(plain.value) and str(cached.value) == str(plain.value)


def test_values_that_are_not_text_are_refused_as_before() -> None:
    class Text(str):
        pass

    assert parse_move(Text("draw")) == _parse_move("draw")
    for value in (None, 7, b"draw", ["draw"]):
        with pytest.raises(NotationError) as plain:
            _parse_move(value)  # type: ignore[arg-type]
        with pytest.raises(NotationError) as cached:
            parse_move(value)  # type: ignore[arg-type]
        assert str(cached.value) == str(plain.value)


# ---------------------------------------------------------------------------------------------- the server's texts


def test_the_writers_given_values_write_the_reference_text_odd_values_included() -> None:
    s = new_game("standard", 3, seed=5)
    v = view(s, 1)
    enc = text_encoder(type(v), "player-view", ("seat", "hand", "drawn", "legal_moves"))
    head_of, tail_of = enc.writers
    odd = attrs.evolve(v, turn=True, hand_sizes=[1, False, 3], variant="a\n\"b\"")
    for value in (v, odd):
        head = head_of(*(getattr(value, name) for name in enc.shared))
        assert tail_of(head, *(getattr(value, name) for name in enc.private)) == reference(value)
    assert enc.shared + enc.private == tuple(f.name for f in attrs.fields(type(v)) if f.name != "_rules")


def test_a_tuple_of_moves_is_written_by_identity_and_an_equal_new_one_the_same() -> None:
    s = new_game("standard", 2, seed=3)
    v = view(s, s.seat_to_act)
    moves = v.legal_moves
    again = tuple(list(moves))  # equal, another object
    other = moves[:1]  # a different value
    texts = [dumps(attrs.evolve(v, legal_moves=m)) for m in (moves, moves, again, other, list(moves))]
    expected = [reference(attrs.evolve(v, legal_moves=m)) for m in (moves, moves, again, other, list(moves))]
    assert texts == expected and texts[0] == texts[2] != texts[3]


def test_the_quiet_seats_texts_stay_right_when_their_table_is_emptied(monkeypatch: pytest.MonkeyPatch) -> None:
    from maumau_rules.families.maumau import views as maumau_views

    monkeypatch.setattr(maumau_views, "_QUIET_LIMIT", 3)
    for s in sampled_states(next(v for v in VARIANTS if v.id == "standard"), 2, seed=9):
        assert views_json(s) == tuple(reference(v) for v in views(s))
    assert len(maumau_views._QUIET) <= 3


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_views_json_shows_no_hidden_card(variant: Any) -> None:
    """INV_NO_LEAK with each seat's text of views_json as an observer: equal for states that differ only in cards
    that seat cannot see."""
    from maumau_rules.testing import check_no_leak

    rnd = random.Random(len(variant.id))
    states = sampled_states(variant, 1, seed=3)[:6]
    for s in states:
        check_no_leak(s, rnd, moves=1, observers=[lambda t, seat: views_json(t)[seat] if seat is not None else None])
    assert states


def test_numbers_of_any_size_and_sign_are_the_standard_encoders_text() -> None:
    v = view(new_game("standard", 2, seed=6), 0)
    for turn in (-1, 0, 10 ** 30, -(10 ** 30), *range(1000, 1200, 7)):
        odd = attrs.evolve(v, turn=turn, direction=-turn, winner=turn)
        assert dumps(odd) == reference(odd)


def test_tuples_of_numbers_are_written_exactly_whatever_their_items() -> None:
    """Exact integers are joined from the table; a flag, a float or a subclass among them sends the tuple to the
    standard encoder (True == 1 and 1.0 == 1, so no table by value could tell them apart)."""

    class Seven(int):
        pass

    v = view(new_game("standard", 3, seed=8), 0)
    for sizes in ((5, 5, 5), (1, True, 0), (1.0, 2, 3), (Seven(7), 1, 2), (), (3,), tuple(range(70)), (10 ** 40, -2)):
        odd = attrs.evolve(v, hand_sizes=sizes, missed_calls=sizes, scores=sizes)
        assert dumps(odd) == reference(odd)
