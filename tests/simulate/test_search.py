"""The search bot (issue 16): deals consistent with the view, no leak of hidden cards, budgets, beliefs, strength."""

from __future__ import annotations

import inspect
import random

import pytest

from maumau_rules import GameState, MauMauError, apply, available_variants, new_game
from maumau_rules.bots import BotError, RandomBot, make_bot
from maumau_rules.families.maumau.bots import HeuristicBot
from maumau_rules.families.maumau.search import candidates, determinize
from maumau_rules.search import SearchBot, SearchError
from maumau_rules.views import view


def _positions(variant: str, players: int, games: int, seed: int) -> list[GameState]:
    """States reached by random play (every state of every game)."""
    out: list[GameState] = []
    for g in range(games):
        rng = random.Random(seed + g)
        s = new_game(variant, players, seed=seed + g)
        while not s.is_over:
            out.append(s)
            s = apply(s, rng.choice(s.legal_moves()))
    return out


@pytest.mark.parametrize("variant", [v.id for v in available_variants("maumau")])
def test_a_dealt_state_shows_its_seat_exactly_the_view_it_was_dealt_from(variant: str) -> None:
    """Every field of the seat's view (hand, pile, sizes, pending effects, legal moves ...) is the same in the
    dealt state, and the dealt state holds exactly the deck; it differs only where the seat cannot see."""
    rng = random.Random(3)
    differs = 0
    for s in _positions(variant, 3 if variant != "greek-150" else 2, 3, seed=40)[::3]:
        seat = s.seat_to_act
        pv = view(s, seat)
        d = determinize(pv, rng)
        assert view(d, seat) == pv
        assert d.all_cards() == s.all_cards()
        differs += d.hands != s.hands or d.stock != s.stock
    assert differs > 0


def test_penalty_stacks_are_rebuilt_from_the_pile() -> None:
    seen = 0
    for s in _positions("mau-king", 3, 6, seed=7):
        if s.pending_draw and s.penalty_stack:
            d = determinize(view(s, s.seat_to_act), random.Random(1))
            assert d.penalty_stack == s.penalty_stack
            seen += 1
    assert seen > 5


def test_the_bot_chooses_from_the_view_alone() -> None:
    """Two states that look the same from the seat to act (hidden cards dealt differently) get the same move:
    the bot's only input is the view (its ``choose`` takes nothing else)."""
    assert list(inspect.signature(SearchBot.choose).parameters) == ["self", "view"]
    rng = random.Random(5)
    checked = 0
    for s in _positions("standard", 2, 2, seed=90)[::9]:
        seat = s.seat_to_act
        other = determinize(view(s, seat), rng)  # the same view, other hidden cards
        assert other.hands != s.hands or other.stock != s.stock or len(s.stock) < 2
        a = SearchBot(playouts=12, seed=4).choose(view(s, seat))
        b = SearchBot(playouts=12, seed=4).choose(view(other, seat))
        assert a == b
        checked += 1
    assert checked >= 5


def test_playouts_and_time_limit_bound_the_search() -> None:
    s = next(p for p in _positions("standard", 2, 3, seed=12) if len(candidates(p.legal_moves())) > 1)
    pv = view(s, s.seat_to_act)
    bot = SearchBot(playouts=17, seed=1)
    assert bot.choose(pv) in pv.legal_moves and bot.last_playouts == 17
    ticks = iter(float(i) for i in range(100))
    timed = SearchBot(playouts=1000, seed=1, time_limit=2.5, clock=lambda: next(ticks))
    timed.choose(pv)
    assert timed.last_playouts == 3  # the clock reads 0 at the start, then 1, 2, 3 after each playout
    forced = next(p for p in _positions("standard", 2, 3, seed=12) if len(candidates(p.legal_moves())) == 1)
    one = SearchBot(playouts=50, seed=1)
    assert one.choose(view(forced, forced.seat_to_act)) == candidates(forced.legal_moves())[0]
    assert one.last_playouts == 0


def test_bad_budgets_and_views_are_refused_with_library_errors() -> None:
    for kwargs, text in [({"playouts": 0}, "playouts=0"), ({"playouts": 2.5}, "playouts=2.5"),
                         ({"time_limit": -1}, "time_limit=-1"), ({"exploration": -0.1}, "exploration=-0.1")]:
        with pytest.raises(SearchError, match=text):
            SearchBot(**kwargs)  # type: ignore[arg-type]
    s = new_game("standard", 2, seed=1)
    with pytest.raises(SearchError, match="cannot move in this view"):
        SearchBot().choose(view(s, 1 - s.seat_to_act))
    with pytest.raises(SearchError, match="cannot move in this view"):
        determinize(view(s, 1 - s.seat_to_act), random.Random(1))
    assert issubclass(SearchError, MauMauError) and issubclass(SearchError, BotError)
    with pytest.raises(BotError, match="'ismcts:many'"):
        make_bot("ismcts:many")
    bot = make_bot("ismcts:12", seed=3)
    assert isinstance(bot, SearchBot) and bot.playouts == 12


def test_calls_are_never_left_out_and_call_outs_always_made() -> None:
    from maumau_rules import parse_move

    moves = tuple(parse_move(m) for m in ("Jc>h", "Jc>h mau", "Jc>s", "Jc>s mau", "draw"))
    assert [str(m) for m in candidates(moves)] == ["J♣>♥ mau", "J♣>♠ mau", "draw"]
    assert candidates((*moves, parse_move("callout 0"))) == (parse_move("callout 0"),)


def test_beliefs_about_other_hands_never_contradict_heuristic_players() -> None:
    """Heuristic players play as the sources advise (play when they can, keep Jacks, wish the suit they hold
    most), so what the bot concludes from their draws, wild cards and wishes holds for the real hands at every
    decision; and deals keep to the beliefs."""
    checked = 0
    kinds: set[tuple[int | None, bool]] = set()
    for g in range(12):
        s = new_game("standard", 3, seed=300 + g)
        me = g % 3
        bot = SearchBot(playouts=3, seed=g)
        others = [HeuristicBot() for _ in range(3)]
        bot.observe(view(s, me))
        while not s.is_over:
            limits = bot.limits
            for seat, found in limits.items():
                assert seat != me
                for belief in found:
                    assert belief.allows(s.hand(seat)), (belief, s.hand(seat))
                    checked += 1
                    kinds.add((belief.at_most, belief.at_least > 0))
            if s.seat_to_act == me and limits:
                pv = view(s, me)
                d = determinize(pv, random.Random(g), limits=limits)
                for seat, found in limits.items():
                    assert all(belief.allows(d.hand(seat)) for belief in found)
            seat = s.seat_to_act
            move = bot.choose(view(s, seat)) if seat == me else others[seat].choose(view(s, seat))
            s = apply(s, move)
            bot.observe(view(s, me))
    assert checked > 50
    assert (0, False) in kinds and (None, True) in kinds  # beliefs of both kinds were made (none, at least one)


def test_a_belief_is_dropped_when_the_seat_plays_a_card_it_should_not_hold() -> None:
    """Random players draw when they could play: the bot's beliefs about them break and are dropped, never kept
    past a contradiction it saw (a card played from the cards it was believed not to hold)."""
    dropped = 0
    for g in range(10):
        s = new_game("standard", 2, seed=500 + g)
        bot = SearchBot(playouts=2, seed=g)
        rnd = RandomBot(g)
        me = 0
        bot.observe(view(s, me))
        while not s.is_over:
            before = bot.limits.get(1, [])
            move = bot.choose(view(s, me)) if s.seat_to_act == me else rnd.choose(view(s, 1))
            s = apply(s, move)
            bot.observe(view(s, me))
            after = bot.limits.get(1, [])
            dropped += len(after) < len(before)
            assert all(b.at_most is None or b.at_most >= 0 for b in after)
    assert dropped > 0


def test_views_of_a_new_round_forget_what_was_believed() -> None:
    s = new_game("standard", 2, seed=3)
    bot = SearchBot(seed=1)
    other = 1 - s.seat_to_act
    bot.observe(view(s, other))
    s2 = apply(s, s.legal_moves()[-1] if str(s.legal_moves()[-1]) == "draw" else s.legal_moves()[0])
    bot.observe(view(s2, other))
    bot.observe(view(new_game("standard", 2, seed=4), other))  # turn 0 again: another round
    assert bot.limits == {}


@pytest.mark.slow
def test_the_search_bot_beats_the_random_bot() -> None:
    """A light check of strength (the measured margins against the heuristic bot are in the docs)."""
    from maumau_rules.simulate import simulate

    result = simulate("standard", 2, bots=["ismcts:25", "random"], games=16, seed=3, duplicate=True, jobs=1)
    rate = result.cells[0].win_rate_by_bot["ismcts:25"]
    assert rate.low > 0.5, str(rate)


def test_the_bot_protocol_gives_a_view() -> None:
    from maumau_rules.bots import Bot

    assert list(inspect.signature(Bot.choose).parameters) == ["self", "view"]
    assert list(inspect.signature(SearchBot.choose).parameters) == ["self", "view"]
