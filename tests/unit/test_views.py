"""Views: allow-list, no leak, JSON form and schema."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau_rules import new_game
from maumau_rules.errors import ArgumentTypeError, SeatError
from maumau_rules.families.maumau.views import PlayerView, PublicView
from maumau_rules.schemas import PLAYER_VIEW_SCHEMA, PUBLIC_VIEW_SCHEMA
from maumau_rules.views import public_view, view, views
from tests.server._games import cards_in, playout, reshuffle_hidden, validate_json

PUBLIC_FIELDS = {"variant", "turn", "seat_to_act", "direction", "dealer", "phase", "hand_sizes", "stock_size",
                 "discard", "wished_suit", "any_card", "pending_draw", "pending_skip", "announced", "missed_calls", "windows",
                 "winner", "end", "series", "scores"}
PLAYER_FIELDS = PUBLIC_FIELDS | {"seat", "hand", "drawn", "legal_moves"}

games = st.tuples(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 200))


def test_the_allow_list_is_exactly_the_published_fields() -> None:
    """Adding a field to a view must be a conscious change: the test and the schema list every field."""
    published = [f.name for f in attrs.fields(PlayerView) if not f.name.startswith("_")]
    assert {f.name for f in attrs.fields(PublicView) if not f.name.startswith("_")} == PUBLIC_FIELDS
    assert set(published) == PLAYER_FIELDS
    # the one private field is the variant object, for bots in this process: never in the view's value or JSON
    assert [f.name for f in attrs.fields(PlayerView) if f.name.startswith("_")] == ["_rules"]
    s = new_game("standard", players=2, seed=1)
    assert "rules" not in view(s, 0).to_json() and view(s, 0).rules is s.variant
    assert set(PUBLIC_VIEW_SCHEMA["properties"]) == PUBLIC_FIELDS | {"type", "version"}
    assert set(PLAYER_VIEW_SCHEMA["properties"]) == PLAYER_FIELDS | {"type", "version"}


def test_view_contents() -> None:
    s = new_game("standard", players=3, seed=5)
    for seat in range(3):
        v = view(s, seat)
        assert v.hand == s.hands[seat]
        assert v.hand_sizes == tuple(len(h) for h in s.hands)
        assert v.discard == s.discard and v.top_card == s.top_card
        assert v.stock_size == len(s.stock)
        assert (v.seat_to_act, v.direction, v.wished_suit, v.pending_draw) == (
            s.seat_to_act, s.direction, s.wished_suit, s.pending_draw)
        assert v.legal_moves == (s.legal_moves() if seat == s.seat_to_act else ())
        assert v.scores is None


@given(games)
def test_views_of_random_games(game: tuple[int, int, int, int]) -> None:
    players, seed, move_seed, steps = game
    states, _ = playout("standard", players, seed, move_seed, limit=steps)
    s = states[-1]
    for seat in range(players):
        v = view(s, seat)
        assert v.hand == s.hands[seat]
        mine = seat == s.seat_to_act and not s.is_over
        assert v.legal_moves == (s.legal_moves() if mine else ())
        assert v.drawn == (s.drawn if mine else None)
        doc = v.to_json()
        validate_json(doc)
        visible = set(s.hands[seat]) | set(s.discard)
        assert cards_in(doc) <= visible, "a view names a card its seat may not see"
    pub = public_view(s).to_json()
    validate_json(pub)
    assert cards_in(pub) <= set(s.discard)


@given(games, st.randoms(use_true_random=False))
def test_no_leak_views_ignore_hidden_cards(game: tuple[int, int, int, int], rnd: random.Random) -> None:
    """A view is equal for two states that differ only in cards that player cannot see."""
    players, seed, move_seed, steps = game
    states, _ = playout("standard", players, seed, move_seed, limit=steps)
    s = states[-1]
    for seat in range(players):
        other = reshuffle_hidden(s, seat, rnd)
        assert view(other, seat) == view(s, seat)
        assert view(other, seat).to_json() == view(s, seat).to_json()
    assert public_view(reshuffle_hidden(s, 0, rnd)) == public_view(s)
    hidden_all = attrs.evolve(s, stock=tuple(rnd.sample(s.stock, len(s.stock))), rng=rnd.getrandbits(64), _legal=None)
    assert public_view(hidden_all) == public_view(s)


def test_finished_game_has_no_legal_moves_in_any_view() -> None:
    states, _ = playout("standard", 2, 3, 3, limit=2000)
    s = states[-1]
    assert s.is_over
    assert all(view(s, seat).legal_moves == () for seat in range(2))
    assert public_view(s).is_over


def test_scores_are_copied_and_checked() -> None:
    s = new_game("standard", players=3, seed=1)
    assert view(s, 1, scores=[2, 0, 1]).scores == (2, 0, 1)
    assert view(s, 1, scores=[2, 0, 1]).to_json()["scores"] == [2, 0, 1]
    with pytest.raises(SeatError, match="one integer for each of 3 seats"):
        view(s, 1, scores=[1, 2])
    with pytest.raises(SeatError, match="one integer"):
        public_view(s, scores=[1, 2, "3"])  # type: ignore[list-item]


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None, 1.0])
def test_bad_seat(seat: object) -> None:
    s = new_game("standard", players=3, seed=1)
    with pytest.raises(SeatError, match="no seat"):
        view(s, seat)  # type: ignore[arg-type]


def test_json_forms_use_notation() -> None:
    s = new_game("standard", players=2, seed=1)
    doc = view(s, s.seat_to_act).to_json()
    assert doc["type"] == "player-view" and doc["version"] == 1
    assert all(isinstance(c, str) for c in doc["hand"])
    assert doc["discard"][-1] == str(s.top_card)
    assert doc["legal_moves"] == [str(m) for m in s.legal_moves()]
    assert "stock" not in doc and "hands" not in doc and "rng" not in doc


@pytest.mark.parametrize("variant", ["standard", "mau-king", "pesten", "greek-150"])
def test_views_of_every_seat_equal_each_seats_view_and_hold_exactly_the_declared_fields(variant: str) -> None:
    """views(state) gathers the public part once for all seats; each view must still be view(state, seat), with no
    field more or less than PlayerView declares (views are made by setting their fields at once)."""
    from maumau_rules import apply, legal_moves

    declared = {a.name for a in attrs.fields(PlayerView)}
    public_declared = {a.name for a in attrs.fields(PublicView)}
    rng = random.Random(5)
    for seed in range(3):
        s = new_game(variant, players=3, seed=seed)
        while not s.is_over and s.turn < 150:
            every = views(s, scores=(1, 2, 3))
            assert [v.seat for v in every] == [0, 1, 2]
            for seat, v in enumerate(every):
                assert v == view(s, seat, scores=(1, 2, 3))
                assert set(vars(v)) == declared
                assert v.hand == s.hand(seat) and v.legal_moves == legal_moves(s, seat)
            assert set(vars(public_view(s))) == public_declared
            s = apply(s, rng.choice(legal_moves(s)))
    with pytest.raises(ArgumentTypeError, match="is not a game state"):
        views("not a state")
    with pytest.raises(SeatError, match="scores"):
        views(new_game("standard", players=2, seed=1), scores=(1,))


def test_the_mau_mau_views_refuse_another_familys_state_in_the_callers_language() -> None:
    """The family's own writers (reached directly, not through :func:`maumau_rules.views.views_json`) name the family
    a Malilla state is not of, in English and in the language of the call; the package-level functions say "not a
    game state" for what is no state at all, in the same way."""
    from maumau_rules.families.maumau import views as maumau_views
    from maumau_rules.i18n import language

    malilla = new_game("malilla", players=4, seed=1)
    for write in (maumau_views.views_json, maumau_views.views):
        with pytest.raises(ArgumentTypeError, match=r"^<MalillaState malilla .* is not a Mau-Mau game state \(make one"):
            write(malilla)
        with language("de"), pytest.raises(ArgumentTypeError, match=r"ist kein Mau-Mau-Spielstand \(erzeuge"):
            write(malilla)
    with language("nl"), pytest.raises(ArgumentTypeError, match=r"^'not a state' is geen spelstand"):
        views("not a state")
