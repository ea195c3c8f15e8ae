"""Mau-Mau's hooks for the shared tools (:mod:`maumau_rules.toolhooks`): what a simulation measures of a round
(turns, stock reshuffles, penalties), the heuristic bot, the search model, the observation sections, rewards and
texts. The shared tools find them through the variant's family.

>>> from maumau_rules import new_game
>>> TOOLS.statistics.sides(3), TOOLS.move_limit(new_game("standard", 2, seed=1).variant)
(3, 1000)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...i18n import N_
from ...moves import CallOut, Draw, Move, Pass, Play
from ...scoring import round_points
from .state import GameState, Phase

if TYPE_CHECKING:
    import random

    from ...variants import Variant
    from .views import PlayerView, PublicView

__all__ = ["TOOLS", "MauMauStatistics", "MauMauTools"]


class _Tally:
    """What one round shows while it is played: turns, reshuffles, penalties taken and the cards they cost."""

    __slots__ = ("penalties", "penalty_cards", "reshuffles", "turns")

    def __init__(self) -> None:
        self.turns = self.reshuffles = self.penalties = self.penalty_cards = 0

    def step(self, state: GameState, mover: int, move: Move, after: GameState) -> None:
        seat = state.seat_to_act
        kind = type(move)
        if len(after.discard) < len(state.discard) + (kind is Play):
            self.reshuffles += 1
        if kind is Draw and state.pending_draw:
            self.penalties += 1
            self.penalty_cards += after.hand_sizes[seat] - state.hand_sizes[seat]
        elif kind is CallOut:
            assert isinstance(move, CallOut)
            self.penalties += 1
            self.penalty_cards += after.hand_sizes[move.seat] - state.hand_sizes[move.seat]
        if after.is_over or after.seat_to_act != seat or (after.phase is Phase.PLAY and kind in (Play, Pass)):
            self.turns += 1

    def counts(self, final: GameState) -> dict[str, int]:
        return {"turns": self.turns, "reshuffles": self.reshuffles, "penalties": self.penalties,
                "penalty_cards": self.penalty_cards}


class MauMauStatistics:
    """What :func:`maumau_rules.simulate.simulate` measures of a Mau-Mau round: a turn ends with a pass, with a
    play that leaves the next turn to start, or when the seat to act changes; a **stock reshuffle** is the
    discard pile shrinking (its cards went back into the stock); **penalties** are pending draws taken (7s ...)
    and call-outs, with the cards they cost; **blocked** rounds (R_BLOCKED_END) and rounds ended by the move
    limit (R_TURN_LIMIT). One seat wins; every seat is a side.

    >>> MauMauStatistics().counts
    ('reshuffles', 'penalties', 'penalty_cards')
    """

    counts: Final = ("reshuffles", "penalties", "penalty_cards")
    """The per-round counts, besides decisions and turns."""
    estimates: Final = (
        ("decisions", N_("decisions per game"), "mean", "decisions"),
        ("turns", N_("turns per game"), "mean", "turns"),
        ("reshuffles", N_("stock reshuffles per game"), "mean", "reshuffles"),
        ("reshuffled", N_("games with a reshuffle"), "share", "reshuffles"),
        ("blocked", N_("blocked rounds"), "ended", "blocked"),
        ("turn_limit", N_("rounds ended by the move limit"), "ended", "turn_limit"),
        ("without_winner", N_("rounds without a winner"), "no_winner", ""),
        ("penalties", N_("penalties taken per game"), "mean", "penalties"),
        ("penalty_cards", N_("penalty cards per game"), "mean", "penalty_cards"),
    )
    """``(name, label, kind, source)`` of each estimate reported (see :mod:`maumau_rules.simulate`)."""

    def tally(self, state: GameState) -> _Tally:
        """A fresh tally for a round that starts at ``state``.

        >>> from maumau_rules import new_game
        >>> MauMauStatistics().tally(new_game("standard", 2, seed=1)).counts(new_game("standard", 2, seed=1))["turns"]
        0
        """
        return _Tally()

    def winners(self, final: GameState) -> tuple[int, ...]:
        """The seat that won (none: no winner).

        >>> from maumau_rules import new_game
        >>> MauMauStatistics().winners(new_game("standard", 2, seed=1))
        ()
        """
        return () if final.winner is None else (final.winner,)

    def points(self, final: GameState) -> tuple[int, ...]:
        """Each seat's round points (:func:`~maumau_rules.scoring.round_points`).

        >>> from maumau_rules import apply, new_game
        >>> s = new_game("standard", 2, seed=2)
        >>> while not s.is_over:
        ...     s = apply(s, s.legal_moves()[0])
        >>> MauMauStatistics().points(s) == round_points(s)
        True
        """
        return round_points(final)

    def sides(self, players: int) -> int:
        """Every player plays for himself.

        >>> MauMauStatistics().sides(4)
        4
        """
        return players

    def direction(self, state: GameState) -> int:
        """The direction of play at the start (+1 clockwise).

        >>> from maumau_rules import new_game
        >>> MauMauStatistics().direction(new_game("standard", 2, seed=1)) in (1, -1)
        True
        """
        return state.direction


class MauMauTools:
    """Mau-Mau's :class:`~maumau_rules.toolhooks.FamilyTools`.

    >>> type(TOOLS.heuristic_bot(1)).__name__
    'HeuristicBot'
    """

    statistics: Final = MauMauStatistics()
    """What a simulation measures (:class:`MauMauStatistics`)."""

    def heuristic_bot(self, seed: int) -> Any:
        """The tips-following bot (:class:`~maumau_rules.families.maumau.bots.HeuristicBot`).

        >>> TOOLS.heuristic_bot(2).attention
        1.0
        """
        from .bots import HeuristicBot

        return HeuristicBot(seed=seed)

    def search_model(self, infer: bool) -> Any:
        """A fresh Mau-Mau search model (it follows one seat's round and keeps beliefs about the other hands).

        >>> TOOLS.search_model(True).infer
        True
        """
        from .search import MauMauSearch

        return MauMauSearch(infer)

    def resample(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A state ``seat`` cannot tell from ``state``: for the seat to act, a deal of the search model (it keeps the
        legal moves); for another seat, the unseen cards shuffled among the other hands and the stock.

        >>> import random
        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 3, seed=5)
        >>> t = TOOLS.resample(s, 1, random.Random(1))
        >>> t.hands[1] == s.hands[1] and t.hand_sizes == s.hand_sizes and t != s
        True
        """
        if seat == state.seat_to_act:
            from ...views import view

            sampled: GameState = self.search_model(False).sampler(view(state, seat))(rng)
            return sampled
        from .invariants import hidden_permutation

        return hidden_permutation(state, seat, rng)

    def observation(self, variant: Variant, players: int) -> Any:
        """The observation sections of a Mau-Mau round.

        >>> from maumau_rules import find_variant
        >>> len(TOOLS.observation(find_variant("standard"), 2).cards)
        32
        """
        from .observation import MauMauObservation

        return MauMauObservation(variant, players)

    def seat_rewards(self, state: GameState) -> tuple[float, ...]:
        """Each seat's round points times the sign that makes higher better (penalty points count against).

        >>> from maumau_rules import apply, new_game
        >>> s = new_game("standard-points", 2, seed=3)
        >>> while not s.is_over:
        ...     s = apply(s, s.legal_moves()[0])
        >>> min(TOOLS.seat_rewards(s)) < 0
        True
        """
        sign = self.reward_sign(state.variant)
        return tuple(float(sign * p) for p in round_points(state))

    @staticmethod
    def reward_sign(variant: Variant) -> int:
        """``+1`` when round points are good for who scores them, ``-1`` when they are penalty points.

        >>> from maumau_rules import find_variant
        >>> TOOLS.reward_sign(find_variant("standard")), TOOLS.reward_sign(find_variant("mau-king"))
        (1, -1)
        """
        scoring = variant.plan.scoring
        return -1 if scoring is not None and not scoring.higher_is_better else 1

    def reward_range(self, variant: Variant) -> tuple[float, float]:
        """The lowest and highest reward of a round (bounds, not always reached).

        >>> from maumau_rules import find_variant
        >>> TOOLS.reward_range(find_variant("mau-king"))
        (-832.0, 60.0)
        """
        plan = variant.plan
        if plan.scoring is None:
            return (0.0, 1.0)
        low, high = plan.scoring.point_bounds(plan)
        low, high = low * plan.most_multiplier if low < 0 else low, high * plan.most_multiplier
        sign = self.reward_sign(variant)
        a, b = sorted((float(sign * low), float(sign * high)))
        return (a, max(b, a + 1.0))  # never an empty range (OpenSpiel needs min < max), e.g. if no card scores

    def move_limit(self, variant: Variant) -> int:
        """The variant's move limit (R_TURN_LIMIT ends the round there).

        >>> from maumau_rules import find_variant
        >>> TOOLS.move_limit(find_variant("standard"))
        1000
        """
        return int(variant.plan.max_moves)

    def state_text(self, state: GameState) -> str:
        """The whole round as one line (every hand shows).

        >>> from maumau_rules import new_game
        >>> TOOLS.state_text(new_game("standard", 2, seed=1)).startswith("move 0 to act ")
        True
        """
        s = state
        hands = " | ".join(" ".join(str(c) for c in h) for h in s.hands)
        return (f"move {s.turn} to act {s.seat_to_act} phase {s.phase.value} top {s.top_card} "
                f"wish {s.wished_suit.symbol if s.wished_suit else '-'} pending {s.pending_draw}/{s.pending_skip} "
                f"dir {s.direction:+d} stock {len(s.stock)} hands {hands} end {s.end.value if s.end else '-'}")

    def table_text(self, state: GameState) -> list[str]:
        """What everyone sees, and the hand of the seat to act.

        >>> from maumau_rules import new_game
        >>> TOOLS.table_text(new_game("standard", 2, seed=1))[0].startswith("top card ")
        True
        """
        from ...views import public_view, view

        pv = public_view(state)
        extras = []
        if pv.wished_suit is not None:
            extras.append(f"wished {pv.wished_suit.symbol}")
        if pv.any_card:
            extras.append("any card goes")
        if pv.pending_draw:
            extras.append(f"pending draw {pv.pending_draw}")
        if pv.pending_skip:
            extras.append(f"pending skip {pv.pending_skip}")
        lines = [f"top card {pv.top_card}" + "".join(f", {x}" for x in extras)
                 + f"; stock {pv.stock_size}; play goes {'clockwise' if pv.direction > 0 else 'counter-clockwise'}",
                 "hands: " + ", ".join(f"player_{i} {n}" for i, n in enumerate(pv.hand_sizes))]
        if pv.is_over:
            winner = "no winner" if pv.winner is None else f"player_{pv.winner} wins"
            lines.append(f"round over ({pv.end.value if pv.end else '?'}): {winner}")
        else:
            me = view(state, pv.seat_to_act)
            lines.append(f"player_{pv.seat_to_act} to act ({pv.phase.value}): hand " + " ".join(str(c) for c in me.hand))
        return lines

    def view_text(self, view: PublicView | PlayerView, seat: int, private: bool, public: bool) -> str:
        """What ``seat`` sees, as one line: its hand (and a card it drew), and the table.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> TOOLS.view_text(view(new_game("standard", 2, seed=1), 0), 0, True, True).startswith("p0 hand ")
        True
        """
        out = [f"p{seat}"]
        if private:
            out.append(f"hand {_cards(view.hand)}")  # type: ignore[union-attr]
            if view.drawn is not None:  # type: ignore[union-attr]
                out.append(f"drew {view.drawn}")  # type: ignore[union-attr]
        if public:
            pv = view
            n = len(pv.hand_sizes)
            calls = " ".join((c.value if c else "-") for c in pv.announced)
            out.append(
                f"top {pv.top_card} wish {pv.wished_suit.symbol if pv.wished_suit else '-'}"
                f"{' any' if pv.any_card else ''} pending {pv.pending_draw}/{pv.pending_skip} "
                f"dir {pv.direction:+d} phase {pv.phase.value} series {_cards(pv.series)} stock {pv.stock_size} "
                f"sizes {' '.join(str(pv.hand_sizes[(seat + k) % n]) for k in range(n))} "
                f"to act {pv.seat_to_act} calls {calls} missed {' '.join(str(w.offender) for w in pv.windows) or '-'} "
                f"move {pv.turn}")
        return " ".join(out)


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards) or "-"


TOOLS: Final = MauMauTools()
"""The Mau-Mau family's tool hooks, registered in :mod:`maumau_rules.toolhooks`."""
