"""Arbitrary Python objects given to every public function: a result or a documented error, nothing else.

The calls run over both families (Mau-Mau and Malilla) and every way to set a game up (a seed, an explicit deal,
a deck order, a record's overrides, a house-rule file, the house rules of ``examples/house_rules``), not only one
Mau-Mau game (issue 23, part 6).

Every argument of the public API may come from an untrusted caller. For each function, Hypothesis replaces
one or more of a valid call's arguments by arbitrary objects (``st.from_type`` of many types, huge and
negative integers, ``None``, floats, bytes, containers, the library's own values in the wrong place, and
hostile objects whose ``__hash__``, ``__eq__``, ``__repr__``, ``__bool__`` or ``__index__`` raise). The call
must return or raise a :class:`~maumau_rules.MauMauError`; :func:`~maumau_rules.check` must never raise.
A wrong type is also a ``TypeError`` or ``ValueError`` (the documented errors derive from them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples.house_rules import queen_all_draw, six_must_be_covered, ten_swaps_hands
from maumau_rules import (
    SPANISH_40,
    Call,
    CallOut,
    Card,
    Deal,
    DeckSpec,
    Draw,
    MauMauError,
    Pass,
    Play,
    Rank,
    Suit,
    Verdict,
    apply,
    check,
    diff_variants,
    fairness,
    find_variant,
    is_legal,
    jsonstream,
    legal_moves,
    load_variant,
    new_game,
    next_round,
    notation,
    parse_cards,
    parse_move,
    public_view,
    records,
    rng,
    round_points,
    start_match,
    view,
)
from maumau_rules.actions import ActionSpace, action_table
from maumau_rules.cli_records import read_record_file
from maumau_rules.engine import call_due, open_windows
from maumau_rules.errors import ArgumentTypeError, SeatError
from maumau_rules.events import apply_with_events, events_between
from maumau_rules.views import views

from ..properties._support import examples


class Boom(Exception):
    """Raised by the hostile objects below (never one of the library's errors)."""


class Hostile:
    """An object every dunder of which raises."""

    def __hash__(self) -> int:
        raise Boom("hash")

    def __eq__(self, other: object) -> bool:
        raise Boom("eq")

    def __repr__(self) -> str:
        raise Boom("repr")

    def __str__(self) -> str:
        raise Boom("str")

    def __bool__(self) -> bool:
        raise Boom("bool")

    def __index__(self) -> int:
        raise Boom("index")

    def __len__(self) -> int:
        raise Boom("len")

    def __format__(self, spec: str) -> str:
        raise Boom("format")


class HostileStr(str):
    """A string whose hash and comparisons raise."""

    __slots__ = ()

    def __hash__(self) -> int:
        raise Boom("hash")

    def __eq__(self, other: object) -> bool:
        raise Boom("eq")


class HostileInt(int):
    """An integer whose comparisons and hash raise."""

    def __hash__(self) -> int:
        raise Boom("hash")

    def __eq__(self, other: object) -> bool:
        raise Boom("eq")

    def __lt__(self, other: object) -> bool:
        raise Boom("lt")

    def __le__(self, other: object) -> bool:
        raise Boom("le")


class PlayLike(Play):
    """A subclass of a move whose hash and equality raise."""

    def __hash__(self) -> int:
        raise Boom("hash")

    def __eq__(self, other: object) -> bool:
        raise Boom("eq")


STATE = new_game("standard", 3, seed=42)
TWO = new_game("standard", 2, seed=1)
OVER = STATE
while not OVER.is_over:
    OVER = apply(OVER, legal_moves(OVER)[0])
MATCH = start_match("standard", 2, seed=3)
ROUND = MATCH.game
while not ROUND.is_over:
    ROUND = apply(ROUND, legal_moves(ROUND)[0])
SPACE = ActionSpace.for_variant("standard", 3)


def _finished(state: Any) -> Any:
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    return state


HOUSE_TOML = ('[variant]\nid = "house"\nname = "House"\nbased_on = "prsi"\n[rules.R_DEAL]\nhand_size = 3\n'
              "two_player_hand_size = 3\n")
MALILLA_TOML = '[variant]\nid = "m-house"\nname = "M"\nbased_on = "malilla"\n[rules.R_MAL_SCORE]\ntarget = 21\n'
MALILLA = new_game("malilla", 4, seed=3)
SETUPS: dict[str, Any] = {
    "maumau/seed": STATE,
    "maumau/deal": new_game("standard", 2, 1, deal=Deal(TWO.hands, TWO.stock, TWO.discard)),
    "maumau/deck_order": new_game("standard", 2, deck_order=STATE.variant.deck.cards(), cut=3, dealer=0),
    "maumau/overrides": records.GameRecord("mau-king", find_variant("mau-king").version, 3, seed=4,
                                           overrides={"R_DEAL": {"hand_size": 4, "packets": [2, 2]}}).start(),
    "maumau/house_rules": new_game(queen_all_draw.VARIANT, 3, seed=5),
    "maumau/house_rules_36": new_game(six_must_be_covered.VARIANT, 2, seed=6),
    "maumau/house_rules_swap": new_game(ten_swaps_hands.VARIANT, 4, seed=7),
    "maumau/toml": new_game(load_variant(HOUSE_TOML), 2, seed=6),
    "maumau/over": OVER,
    "malilla/seed": MALILLA,
    "malilla/deck_order": new_game("malilla", 4, deck_order=SPANISH_40.cards(), dealer=0),
    "malilla/overrides": records.GameRecord("malilla-table", 1, 4, seed=2,
                                            overrides={"R_MAL_SCORE": {"target": 20}}).start(),
    "malilla/toml": new_game(load_variant(MALILLA_TOML), 4, seed=1),
    "malilla/over": _finished(new_game("malilla", 4, seed=5)),
}
"""One state of each family and setup form (and a finished one of each family)."""
RECORD = records.record_from_moves("standard", 3, 42, legal_moves(STATE)[:1])
RECORD_TEXT = records.dumps_record(RECORD)
FAIR_SETUP = fairness.FairSetup.game("standard", 2)
FAIR = fairness.FairSeed(b"secret", b"salt").bind(FAIR_SETUP)
FAIR_RECORD = records.record_from_moves("standard", 2, FAIR.game_seed, ["draw"], fairness=FAIR)

TYPES: list[type] = [int, str, bytes, float, bool, complex, list, dict, tuple, set, frozenset, type(None), Suit, Rank,
                     Call, Verdict]
LIBRARY: list[Any] = [STATE, OVER, MATCH, SPACE, RECORD, find_variant("prsi"), Card.parse("7h"), Play(Card.parse("Jc"),
                      Suit.HEARTS), Draw(), Pass(), CallOut(1), Suit.HEARTS, Rank.SEVEN, DeckSpec.parse("french-32")]
HOSTILE: list[Any] = [Hostile(), HostileStr("standard"), HostileInt(1), HostileInt(0), PlayLike(Card.parse("Jc"),
                      Suit.HEARTS), [Hostile()], {"x": Hostile()}, (Hostile(),)]

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**64 - 2, max_value=2**64 + 2),
    st.sampled_from([10**4000, -(10**4000), 2**63, -1, 99, 10**18]),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.binary(max_size=20),
    st.sampled_from(TYPES).flatmap(st.from_type),
    st.sampled_from(LIBRARY),
    st.integers(0, len(HOSTILE) - 1).map(HOSTILE.__getitem__),  # (sampled_from would hash them)
    st.lists(st.one_of(st.integers(), st.text(max_size=3), st.none()), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
)


def _any(value: object) -> Any:
    """``value``, typed as anything (the tests pass wrong types on purpose)."""
    return value


def _call(fn: Callable[..., Any], args: list[Any], kwargs: dict[str, Any]) -> Any:
    return fn(*args, **kwargs)


# A valid call of each public function: (function, positional arguments, keyword arguments)
CALLS: dict[str, tuple[Callable[..., Any], list[Any], dict[str, Any]]] = {
    "new_game": (new_game, ["standard", 3, 42], {}),
    "new_game/setup": (new_game, ["standard", 3, 42], {"dealer": 1, "first_player": 0, "hand_sizes": [5, 5, 5]}),
    "new_game/deck_order": (new_game, ["standard", 2], {"deck_order": STATE.variant.deck.cards(), "cut": 3}),
    "new_game/deal": (new_game, ["standard", 2, 1], {"deal": Deal(TWO.hands, TWO.stock, TWO.discard)}),
    "legal_moves": (legal_moves, [STATE], {}),
    "is_legal": (is_legal, [STATE, Draw()], {}),
    "apply": (apply, [STATE, legal_moves(STATE)[0]], {"player": STATE.seat_to_act, "turn": 0}),
    "view": (view, [STATE, 0], {"scores": [0, 0, 0]}),
    "public_view": (public_view, [STATE], {"scores": [0, 0, 0]}),
    "views": (views, [STATE], {"scores": [0, 0, 0]}),
    "legal_moves/player": (legal_moves, [STATE, 1], {}),
    "open_windows": (open_windows, [STATE], {}),
    "call_due": (call_due, ["standard", STATE.hands[0], STATE.hands[0][0]], {}),
    "apply_with_events": (apply_with_events, [STATE, legal_moves(STATE)[0]], {"viewer": 1, "reveal": False}),
    "events_between": (events_between, [STATE, legal_moves(STATE)[0], apply(STATE, legal_moves(STATE)[0])],
                       {"viewer": 0}),
    "start_match": (start_match, ["standard", 2, 3], {}),
    "next_round": (next_round, [MATCH, ROUND], {}),
    "round_points": (round_points, [OVER], {}),
    "find_variant": (find_variant, ["prsi"], {}),
    "diff_variants": (diff_variants, ["prsi", "standard"], {}),
    "load_variant": (load_variant, ['[variant]\nid = "x"\nname = "X"\nbased_on = "standard"\n'], {}),
    "Card": (Card, [Rank.SEVEN, Suit.HEARTS], {}),
    "Card.parse": (Card.parse, ["7h"], {}),
    "Suit.parse": (Suit.parse, ["h"], {}),
    "Rank.parse": (Rank.parse, ["7"], {}),
    "Call.parse": (Call.parse, ["mau"], {}),
    "parse_cards": (parse_cards, ["7h 8h"], {}),
    "parse_move": (parse_move, ["Jc>h"], {}),
    "Play": (Play, [Card.parse("Jc"), Suit.HEARTS, None], {}),
    "CallOut": (CallOut, [1], {}),
    "DeckSpec.parse": (DeckSpec.parse, ["french-32"], {}),
    "DeckSpec": (DeckSpec, [(Rank.SEVEN, Rank.ACE)], {"jokers": 1, "packs": 1}),
    "Deal": (Deal, [STATE.hands, STATE.stock, STATE.discard], {"dealer": 0, "first_player": None}),
    "ActionSpace.for_variant": (ActionSpace.for_variant, ["standard", 3], {}),
    "ActionSpace.encode": (SPACE.encode, [Draw()], {}),
    "ActionSpace.decode": (SPACE.decode, [0], {}),
    "ActionSpace.mask": (SPACE.mask, [STATE], {}),
    "action_table": (action_table, ["standard", 2], {}),
    "notation.loads": (notation.loads, ['{"type": "card", "version": 1, "card": "7h"}'], {}),
    "notation.loads_state": (notation.loads_state, [notation.dumps(STATE)], {}),
    "notation.dumps": (notation.dumps, [STATE], {}),
    "notation.to_json": (notation.to_json, [STATE], {}),
    "notation.from_json": (notation.from_json, [{"type": "move", "version": 1, "move": "draw"}], {}),
    "notation.parse_json_text": (notation.parse_json_text, ["[1]", "list"], {"limit": 100}),
    "notation.resolve_variant": (notation.resolve_variant, ["standard", 1], {}),
    "records.loads_record": (records.loads_record, [RECORD_TEXT], {}),
    "records.loads_records": (records.loads_records, [RECORD_TEXT], {}),
    "records.validate_records": (records.validate_records, [RECORD_TEXT], {}),
    "records.record_from_moves": (records.record_from_moves, ["standard", 3, 42, ["draw"]], {}),
    "records.record_from_history": (records.record_from_history, [[STATE]], {}),
    "records.first_violation": (records.first_violation, [RECORD], {}),
    "records.GameRecord.from_json": (records.GameRecord.from_json, [RECORD.to_json()], {}),
    "records.iter_records": (lambda *a, **k: list(records.iter_records(*a, **k)), [[RECORD_TEXT[:9], RECORD_TEXT[9:]]],
                             {"jsonl": None, "limit": 10_000, "max_records": 5, "max_moves": 10, "name": "x"}),
    "records.iter_validate_records": (lambda *a, **k: list(records.iter_validate_records(*a, **k)),
                                      [RECORD_TEXT.encode()], {"lenient": True, "jsonl": True, "limit": 10_000}),
    "records.dumps_records_jsonl": (records.dumps_records_jsonl, [[RECORD, RECORD]], {}),
    "records.record_lines": (lambda *a, **k: list(records.record_lines(*a, **k)), [[RECORD]], {}),
    "jsonstream.json_values": (lambda *a, **k: list(jsonstream.json_values(*a, **k)), ['[1, {"a": 2}]'],
                               {"jsonl": False, "limit": 100, "name": "x", "item": "y", "container": "records"}),
    "rng.seed_state": (rng.seed_state, [7], {}),
    "rng.next_u64": (rng.next_u64, [7], {}),
    "rng.randbelow": (rng.randbelow, [6, 7], {}),
    "rng.shuffle": (rng.shuffle, [(1, 2, 3), 7], {}),
    "fairness.FairSeed": (fairness.FairSeed, [bytes(32), bytes(16)], {"entropy": ("a", "b")}),
    "fairness.commitment": (fairness.commitment, [bytes(32), bytes(16), FAIR_SETUP], {}),
    "fairness.FairSetup.game": (fairness.FairSetup.game, ["standard", 2],
                                {"overrides": {"R_DEAL": {"hand_size": 4}}, "dealer": 1, "first_player": 0,
                                 "hand_sizes": (5, 5)}),
    "fairness.FairSetup.of": (fairness.FairSetup.of, [FAIR_RECORD], {}),
    "fairness.FairSetup.from_json": (fairness.FairSetup.from_json, [FAIR_SETUP.to_json()], {}),
    "fairness.FairSeed.bind": (fairness.FairSeed(b"s", b"t").bind, [FAIR_SETUP], {}),
    "fairness.verify_record": (fairness.verify_record, [FAIR_RECORD], {"commitment": FAIR.commitment}),
    "read_record_file": (read_record_file, ["/nonexistent"], {}),
    "new_game/malilla": (new_game, ["malilla", 4, 3], {"dealer": 1}),
    "new_game/malilla/deck_order": (new_game, ["malilla", 4], {"deck_order": SPANISH_40.cards(), "dealer": 0}),
    "new_game/house_rules": (new_game, [queen_all_draw.VARIANT, 3, 5], {}),
    "records.first_violation/overrides": (records.first_violation, [records.GameRecord(
        "malilla", 1, 4, seed=3, overrides={"R_MAL_SCORE": {"target": 20}})], {}),
}
for _name, _state in SETUPS.items():
    _move = legal_moves(_state)[0] if not _state.is_over else Draw()
    CALLS[f"legal_moves/player@{_name}"] = (legal_moves, [_state, 1], {})
    CALLS[f"apply@{_name}"] = (apply, [_state, _move], {"player": _state.seat_to_act, "turn": _state.turn})
    CALLS[f"view@{_name}"] = (view, [_state, 1], {})
    CALLS[f"public_view@{_name}"] = (public_view, [_state], {})
    CALLS[f"is_legal@{_name}"] = (is_legal, [_state, _move], {})


@pytest.mark.parametrize("name", sorted(n for n in CALLS if "@" not in n))
@settings(max_examples=examples(0.5))
@given(data=st.data())
def test_arbitrary_arguments_raise_only_documented_errors(name: str, data: st.DataObject) -> None:
    _corrupt_and_call(name, data)


@pytest.mark.parametrize("name", sorted(n for n in CALLS if "@" in n))
@settings(max_examples=examples(0.25))
@given(data=st.data())
def test_arbitrary_arguments_in_every_family_and_setup(name: str, data: st.DataObject) -> None:
    """The functions of a state, for a state of each family and setup form (:data:`SETUPS`)."""
    _corrupt_and_call(name, data)


def _corrupt_and_call(name: str, data: st.DataObject) -> None:
    fn, args, kwargs = CALLS[name]
    args, kwargs = list(args), dict(kwargs)
    slots = [("arg", i) for i in range(len(args))] + [("kw", k) for k in kwargs]
    chosen = data.draw(st.lists(st.sampled_from(slots), min_size=1, max_size=min(2, len(slots)), unique=True))
    for kind, key in chosen:
        value = data.draw(anything, label=f"{kind} {key}")
        if kind == "arg":
            args[int(key)] = value
        else:
            kwargs[str(key)] = value
    try:
        _call(fn, args, kwargs)
    except MauMauError as exc:
        assert isinstance(exc, TypeError | ValueError), f"{type(exc).__name__} is neither a TypeError nor a ValueError"
        str(exc)  # the message itself can be made


def test_the_valid_calls_are_valid() -> None:
    """The calls the test above corrupts work as they are (so each rejection is due to the corrupted argument)."""
    for name, (fn, args, kwargs) in CALLS.items():
        if name.startswith("apply@") and args[0].is_over:
            continue  # a finished game takes no move: the call is there for its corrupted forms
        _call(fn, list(args), dict(kwargs)) if name != "read_record_file" else None


@settings(max_examples=examples(3))
@given(move=anything, player=anything, turn=anything, name=st.sampled_from(sorted(SETUPS)))
def test_check_never_raises(move: Any, player: Any, turn: Any, name: str) -> None:
    state = SETUPS[name]
    verdict = check(state, move, player=player, turn=turn)
    assert isinstance(verdict, Verdict)
    if verdict.ok:  # only a legal move of the seat to act, at the current turn
        assert type(move) in (Play, Draw, Pass, CallOut) and move in legal_moves(state)
        assert player is None or (type(player) is int and player == state.seat_to_act)
        assert turn is None or (type(turn) is int and turn == state.turn)


@settings(max_examples=examples(2))
@given(state=anything, move=anything)
def test_check_never_raises_whatever_the_state(state: Any, move: Any) -> None:
    verdict = check(state, move)
    assert isinstance(verdict, Verdict) and not verdict.ok


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("turn", [10**5000, -(10**5000), 2**64, Hostile(), HostileInt(0)],
                         ids=["huge", "-huge", "2**64", "hostile", "hostile-int"])
def test_check_with_absurd_turns_and_seats(turn: Any, name: str) -> None:
    """Finding 4 of issue 14: ``check(s, Draw(), turn=10**5000)`` raised ``ValueError`` (int to str limit); issue 23:
    Malilla's ``check`` still did (for a huge ``turn`` or ``player``), and quoted a hostile ``player`` with its
    raising ``__repr__``."""
    state = SETUPS[name]
    v = check(state, Draw(), turn=turn)
    assert not v.ok and v.reason.value in ("stale_state", "game_over") and "Exceeds" not in v.message
    v = check(state, Draw(), player=turn)
    assert not v.ok and v.reason.value in ("not_your_turn", "game_over")
    v = check(state, PlayLike(Card.parse("Jc"), Suit.HEARTS))  # a move whose hash and equality raise
    assert not v.ok


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("player", [1.0, True, "1", Hostile(), HostileInt(1), None], ids=[
    "float", "bool", "str", "hostile", "hostile-int", "none"])
def test_legal_moves_of_a_player_takes_only_a_seat_number(player: Any, name: str) -> None:
    """Issue 23: ``legal_moves(s, 1.0)`` was seat 1's moves, and a player whose ``__eq__`` raises escaped."""
    state = SETUPS[name]
    if player is None:
        assert legal_moves(state, player) == legal_moves(state)
        return
    with pytest.raises(ArgumentTypeError, match="must be a seat number"):
        legal_moves(state, player)
    assert legal_moves(state, 1) == (legal_moves(state) if state.seat_to_act == 1 and not state.is_over
                                     else legal_moves(state, 1))


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("player", [10**5000, -1, 1.0, Hostile(), HostileInt(1)],
                         ids=["huge", "negative", "float", "hostile", "hostile-int"])
def test_view_of_a_bad_seat_is_a_seat_error(player: Any, name: str) -> None:
    """Issue 23: Malilla's ``view`` quoted the seat with ``repr`` (a huge one raised ``ValueError``, a hostile one
    its own exception) and compared a hostile integer."""
    with pytest.raises(SeatError) as info:
        view(SETUPS[name], player)
    assert "Boom" not in str(info.value)


@pytest.mark.parametrize(("call", "error"), [
    (lambda: Suit.parse(_any(None)), "NotationError"),
    (lambda: Rank.parse(_any(1)), "NotationError"),
    (lambda: Call.parse(_any(b"mau")), "NotationError"),
    (lambda: view(STATE, 0, scores=_any(5)), "SeatError"),
    (lambda: public_view(STATE, scores=_any(Hostile())), "SeatError"),
    (lambda: ActionSpace.for_variant(_any(None), 2), "VariantError"),
    (lambda: new_game("standard", 3, seed=_any("x")), "ArgumentTypeError"),
    (lambda: new_game("standard", 3, seed=_any(1.5)), "ArgumentTypeError"),
    (lambda: new_game("standard", 2, 1, dealer=99), "ArgumentError"),
    (lambda: new_game("standard", 2, 1, first_player=-5), "ArgumentError"),
    (lambda: new_game("standard", 2, 1, dealer=_any("0")), "ArgumentTypeError"),
    (lambda: start_match("standard", 2, seed=_any("x")), "ArgumentTypeError"),
    (lambda: legal_moves(_any(None)), "ArgumentTypeError"),
    (lambda: apply(_any(None), Draw()), "ArgumentTypeError"),
])
def test_each_finding_raises_a_library_error(call: Callable[[], object], error: str) -> None:
    """Finding 4 of issue 14: each of these raised a raw exception (or made a state the library refuses)."""
    with pytest.raises(MauMauError) as info:
        call()
    assert type(info.value).__name__ == error, repr(info.value)
    assert isinstance(info.value, TypeError | ValueError)


@pytest.mark.parametrize("dealer", [0, 1])
def test_a_constructed_state_reads_back(dealer: int) -> None:
    """A constructor never makes a state the library cannot read back (``dealer=99`` used to)."""
    s = new_game("standard", 2, 1, dealer=dealer, first_player=1)
    assert notation.loads_state(notation.dumps(s)) == s
