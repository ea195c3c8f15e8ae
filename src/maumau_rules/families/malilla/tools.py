"""Malilla's hooks for the shared tools (:mod:`maumau_rules.toolhooks`): what a simulation measures of a hand, how
the search bot samples the hidden cards from a view, the observation sections of the learning adapters, rewards
and texts.

The shared tools find these through the variant's family and never name Malilla; this module imports nothing
above the Malilla package but the shared core (cards, moves, views, the engine facade).

**Sampling hidden cards** (:func:`hidden_card_limits`, :func:`determinize`). Everything a seat knows of the other
hands comes from its view: the cards played (every finished trick and the current one), each hand's size, and the
trump card, which stays in the dealer's hand until he plays it. Each card a seat played tells what it did *not*
hold: a card ``x`` is ruled out for that seat when a hand of the played card and ``x`` alone would not have let
it play that card (:func:`~maumau_rules.families.malilla.engine.playable` is the oracle). Under R_MAL_FOLLOW and
R_MAL_SEVEN a card held only ever narrows what may be played, so what two cards rule out, any larger hand rules
out too: a seat that did not follow suit is void in it, one that did not beat holds no higher card of the suit,
one that did not trump holds no trump, and one that threw away a side-suit 7 held nothing else it could play.
The deal then gives each unseen card to a seat that may hold it, checking Hall's condition for the cards still to
deal (so it never gets stuck): the real hands always keep to these limits, and every sampled deal does too.

>>> from maumau_rules import apply, new_game
>>> from maumau_rules.views import view
>>> s = new_game("malilla", 4, seed=3)
>>> while s.stage.value != "play" or len(s.tricks) < 3:
...     s = apply(s, s.legal_moves()[0])
>>> pv = view(s, s.seat_to_act)
>>> limits = hidden_card_limits(pv)
>>> all(not (set(s.hands[seat]) & cards) for seat, cards in limits.items())
True
>>> d = determinize(pv, random.Random(1))
>>> d.hands[pv.seat] == pv.hand and d.hand_sizes == s.hand_sizes and d.legal_moves() == pv.legal_moves
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ...cards import SPANISH_SUITS, Card, Suit
from ...errors import MauMauError
from ...i18n import N_
from ...moves import Move, Pass, Play
from ...state import EndReason
from .engine import apply, new_hand, playable, trick_winner_index  # noqa: F401  (new_hand: the examples)
from .plan import SEATS, MalillaPlan, team_of
from .state import MalillaState, Stage
from .views import MalillaPlayerView, MalillaPublicView

if TYPE_CHECKING:
    from ...variants import Variant

__all__ = ["TOOLS", "MalillaObservation", "MalillaSearch", "MalillaStatistics", "MalillaTools", "determinize",
           "hidden_card_limits"]

_STAGES: Final = (Stage.REDEAL, Stage.ANSWER, Stage.PLAY)
_REDEALS_BOUND: Final = 10
"""New deals that :meth:`MalillaTools.move_limit` allows for (each takes at most 8 answers; more than this many in
one hand is a chance below 10^-18 with R_MAL_REDEAL's 7 cards of a suit)."""


class MalillaSearchError(MauMauError, ValueError):
    """A view the Malilla search cannot sample from (not the seat to act, or counts that do not add up).

    >>> issubclass(MalillaSearchError, ValueError)
    True
    """


# ====================================================================== simulation


class _Tally:
    """What one hand shows while it is played: the new deals agreed."""

    __slots__ = ("redeals",)

    def __init__(self) -> None:
        self.redeals = 0

    def step(self, before: MalillaState, mover: int, move: Move, after: MalillaState) -> None:
        if before.stage is Stage.ANSWER and after.stage is Stage.REDEAL:
            self.redeals += 1

    def counts(self, final: MalillaState) -> dict[str, int]:
        won = final.tricks_won
        taken = final.points
        winner = final.winner
        return {
            "turns": final.turn,
            "winner_tricks": won[winner] if winner is not None else 0,
            "winner_points": taken[winner] if winner is not None else 0,
            "margin": abs(taken[0] - taken[1]),
            "capote": int(final.capote_team is not None),
            "breaches": int(final.end is EndReason.VIOLATION),
            "redeals": self.redeals,
        }


class MalillaStatistics:
    """What :func:`maumau_rules.simulate.simulate` measures of a Malilla hand: the winning team's tricks and
    points, the margin, capotes (one team took every trick), breaches (a broken rule stopped the hand,
    R_MAL_BREACH) and new deals (R_MAL_REDEAL). Both seats of the winning team win; two sides play, so parity is
    50%. Every move is one player's turn; play goes to the right (direction -1).

    >>> stats = MalillaStatistics()
    >>> stats.sides(4), stats.counts[:2]
    (2, ('winner_tricks', 'winner_points'))
    """

    counts: Final = ("winner_tricks", "winner_points", "margin", "capote", "breaches", "redeals")
    """The per-hand counts, besides decisions and turns."""
    estimates: Final = (
        ("decisions", N_("moves per hand"), "mean", "decisions"),
        ("winner_points", N_("points of the winning team"), "mean", "winner_points"),
        ("winner_tricks", N_("tricks of the winning team"), "mean", "winner_tricks"),
        ("margin", N_("points margin per hand"), "mean", "margin"),
        ("capote", N_("hands won by capote"), "share", "capote"),
        ("breaches", N_("hands stopped by a breach"), "share", "breaches"),
        ("redeals", N_("new deals per hand"), "mean", "redeals"),
        ("redealt", N_("hands with a new deal"), "share", "redeals"),
        ("without_winner", N_("hands split evenly (no winner)"), "no_winner", ""),
    )
    """``(name, label, kind, source)`` of each estimate reported (see :mod:`maumau_rules.simulate`)."""

    def tally(self, state: MalillaState) -> _Tally:
        """A fresh tally for a hand that starts at ``state``.

        >>> MalillaStatistics().tally(new_hand("malilla", seed=1)).redeals
        0
        """
        return _Tally()

    def winners(self, final: MalillaState) -> tuple[int, ...]:
        """The seats of the team that won the finished hand (none on an even split or a breach).

        >>> s = new_hand("malilla", seed=1)
        >>> MalillaStatistics().winners(s)
        ()
        """
        winner = final.winner
        return () if winner is None else tuple(s for s in range(SEATS) if team_of(s) == winner)

    def points(self, final: MalillaState) -> tuple[int, ...]:
        """Each seat's points for the hand: its team's points above half (R_MAL_SCORE).

        >>> MalillaStatistics().points(new_hand("malilla", seed=1))
        (0, 0, 0, 0)
        """
        team = _team_points(final)
        return tuple(team[team_of(s)] for s in range(SEATS))

    def sides(self, players: int) -> int:
        """Two teams play.

        >>> MalillaStatistics().sides(4)
        2
        """
        return 2

    def direction(self, state: MalillaState) -> int:
        """Play goes to the right: from seat ``s`` to seat ``s - 1``.

        >>> MalillaStatistics().direction(new_hand("malilla", seed=1))
        -1
        """
        return -1


def _team_points(final: MalillaState) -> tuple[int, int]:
    """Each team's points above half for a finished hand (none for a stopped one, or before the end)."""
    if final.end is None or final.offender is not None:
        return (0, 0)
    half = final.plan.half
    a, b = final.points
    return (max(0, a - half), max(0, b - half))


# ====================================================================== search


def _seat_of(leader: int, index: int) -> int:
    return (leader - index) % SEATS


def hidden_card_limits(view: MalillaPlayerView) -> dict[int, frozenset[Card]]:
    """The unseen cards each other seat cannot hold, from what the view shows it played (see the module); only
    seats with some limit are listed.

    >>> from maumau_rules.views import view
    >>> hidden_card_limits(view(new_hand("malilla", seed=1), 0))
    {}
    """
    plan: MalillaPlan = view.rules.family_plan
    trump = view.trump
    played = view.played()
    unseen = [c for c in plan.deck_cards if c not in played and c not in view.hand]
    out: dict[int, set[Card]] = {}
    led: set[Suit] = set()
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        before_lead = frozenset(led)
        if cards[0].suit is not None:
            led.add(cards[0].suit)
        for i, card in enumerate(cards):
            seat = _seat_of(leader, i)
            if seat == view.seat:
                continue
            trick = cards[:i]
            suits = before_lead if i == 0 else frozenset(led)
            ruled = out.setdefault(seat, set())
            for x in unseen:
                if x not in ruled and card not in playable(plan, (card, x), trick, leader, trump, suits):
                    ruled.add(x)
    return {seat: frozenset(cards) for seat, cards in sorted(out.items()) if cards}


def _scores_before(view: MalillaPublicView) -> tuple[int, ...]:
    """The match scores the hand started from: the view shows them with the bonuses that were not held back."""
    return tuple(s - (0 if held else b) for s, b, held in zip(view.scores, view.bonus, view.deferred, strict=True))


def _asked(view: MalillaPublicView) -> int:
    """How many players have answered the question about a new deal (the state's ``asked``, not in a view)."""
    if view.stage is Stage.REDEAL:
        return (view.leader - view.seat_to_act) % SEATS
    if view.stage is Stage.ANSWER:
        assert view.asker is not None
        return (view.leader - view.asker) % SEATS
    return SEATS


def determinize(view: MalillaPlayerView, rng: random.Random,
                limits: dict[int, frozenset[Card]] | None = None) -> MalillaState:
    """A hand the view's seat cannot tell from the real one: the unseen cards dealt at random to the other seats,
    each to a seat that may hold it (``limits``, by default :func:`hidden_card_limits`; the trump card stays with
    the dealer until played). The random state for a later new deal is drawn from ``rng``.

    Raises:
        MalillaSearchError: the view is not of the seat to act in a hand that goes on, or the limits leave no deal.

    >>> from maumau_rules.views import view
    >>> s = new_hand("malilla", seed=4)
    >>> d = determinize(view(s, s.seat_to_act), random.Random(2))
    >>> d.hands[s.seat_to_act] == s.hands[s.seat_to_act] and d.trump_card in d.hands[s.dealer]
    True
    """
    if view.is_over or view.seat != view.seat_to_act or not view.legal_moves:
        raise MalillaSearchError(f"seat {view.seat} cannot move in this view: it is not its turn or the hand is over")
    plan: MalillaPlan = view.rules.family_plan
    if limits is None:
        limits = hidden_card_limits(view)
    played = view.played()
    unseen = Counter(plan.deck_cards)
    unseen.subtract(played)
    unseen.subtract(view.hand)
    cards = sorted(unseen.elements(), key=lambda c: c.sort_key)
    others = [s for s in range(SEATS) if s != view.seat]
    room = {s: view.hand_sizes[s] for s in others}
    if len(cards) != sum(room.values()):
        raise MalillaSearchError(f"the view of seat {view.seat} does not add up: {len(cards)} unseen cards, but the "
                                 f"other hands hold {sum(room.values())}")
    bit = {s: 1 << k for k, s in enumerate(others)}
    full = (1 << len(others)) - 1
    masks: dict[Card, int] = {}
    for c in cards:
        if c == view.trump_card and view.dealer != view.seat:
            masks[c] = bit[view.dealer]
        else:
            masks[c] = sum(b for s, b in bit.items() if c not in limits.get(s, ()))
    hands: dict[int, list[Card]] = {s: [] for s in others}
    bound = [c for c in cards if masks[c] != full]
    free = [c for c in cards if masks[c] == full]
    rng.shuffle(bound)
    bound.sort(key=lambda c: bin(masks[c]).count("1"))
    pending = Counter(masks[c] for c in bound)
    subsets = range(1, full + 1)
    for c in bound:
        m = masks[c]
        pending[m] -= 1
        options = [s for s in others if m & bit[s] and room[s] > 0]
        weights = [room[s] for s in options]
        while options:
            s = rng.choices(options, weights)[0]
            room[s] -= 1
            if all(sum(n for pm, n in pending.items() if pm & ~sub == 0)
                   <= sum(room[t] for t in others if bit[t] & sub) for sub in subsets):
                hands[s].append(c)
                break
            room[s] += 1
            k = options.index(s)
            del options[k], weights[k]
        else:
            raise MalillaSearchError(f"no deal of the unseen cards keeps to what seat {view.seat} knows")
    rng.shuffle(free)
    for s in others:
        take = room[s]
        hands[s].extend(free[:take])
        del free[:take]
    dealt = tuple(tuple(hands[s]) if s != view.seat else view.hand for s in range(SEATS))
    state = MalillaState(
        variant=view.rules, hands=dealt, dealer=view.dealer, trump_card=view.trump_card, stage=view.stage,
        seat_to_act=view.seat_to_act, leader=view.leader, trick=view.trick, tricks=view.tricks, asked=_asked(view),
        asker=view.asker, scores=_scores_before(view), bonus=view.bonus, deferred=view.deferred, albur=view.albur,
        round_no=view.round_no, turn=view.turn, rng=rng.getrandbits(64), winner=None, end=None, offender=None,
        breach=None)
    if state.legal_moves() != view.legal_moves:
        raise MalillaSearchError(f"the sampled hand of seat {view.seat} does not have the view's legal moves")
    return state


class MalillaSearch:
    """The search model of :class:`maumau_rules.search.SearchBot` for Malilla: deals from :func:`determinize`
    (what the view shows is all there is to know: no beliefs are kept between moves), a quick policy for the
    playouts (win a trick as cheaply as possible, feed points to a partner who holds it, else throw the cheapest
    card; no new deals), and a playout's reward: 1 when the seat's team won the hand, 1/2 on an even split.

    >>> from maumau_rules.views import view
    >>> s = new_hand("malilla", seed=2)
    >>> model = MalillaSearch(infer=True)
    >>> sample = model.sampler(view(s, s.seat_to_act))
    >>> sample(random.Random(1)).legal_moves() == s.legal_moves()
    True
    """

    def __init__(self, infer: bool = True) -> None:
        self.infer = infer
        self._limits: dict[int, frozenset[Card]] = {}

    def observe(self, view: MalillaPlayerView) -> None:
        """Nothing to follow: every public fact stays in the view.

        >>> from maumau_rules.views import view
        >>> MalillaSearch().observe(view(new_hand("malilla", seed=1), 0))
        """

    def limits(self) -> dict[int, list[tuple[frozenset[Card], int | None, int]]]:
        """What the last sampled view ruled out, as ``(cards, at_most, at_least)`` limits by seat.

        >>> MalillaSearch().limits()
        {}
        """
        return {seat: [(cards, 0, 0)] for seat, cards in self._limits.items()}

    def root_moves(self, view: MalillaPlayerView) -> tuple[Move, ...]:
        """The moves to search: every legal move.

        >>> from maumau_rules.views import view
        >>> s = new_hand("malilla", seed=2)
        >>> MalillaSearch().root_moves(view(s, s.seat_to_act)) == s.legal_moves()
        True
        """
        return view.legal_moves

    def sampler(self, view: MalillaPlayerView) -> Any:
        """A function of a generator that deals one hand consistent with ``view``.

        >>> from maumau_rules.views import view
        >>> s = new_hand("malilla", seed=2)
        >>> MalillaSearch().sampler(view(s, s.seat_to_act))(random.Random(0)).turn == s.turn
        True
        """
        limits = hidden_card_limits(view) if self.infer else {}
        self._limits = limits

        def sample(rng: random.Random) -> MalillaState:
            return determinize(view, rng, limits)

        return sample

    def options(self, state: MalillaState) -> tuple[Move, ...]:
        """The moves searched at ``state``: its legal moves.

        >>> s = new_hand("malilla", seed=2)
        >>> MalillaSearch().options(s) == s.legal_moves()
        True
        """
        return state.legal_moves()

    def policy(self, state: MalillaState, rng: random.Random | None) -> Move:
        """The quick policy's move at ``state`` (with noise from ``rng``, none without).

        >>> s = new_hand("malilla", seed=2)
        >>> MalillaSearch().policy(s, None) in s.legal_moves()
        True
        """
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        first = moves[0]
        if type(first) is not Play:
            return Pass() if Pass() in moves else first
        plan: MalillaPlan = state.variant.family_plan
        points, strength = plan.points, plan.strength
        trump = state.trump
        trick = state.trick
        seat = state.seat_to_act
        best = -1e9
        choice = first
        if trick:
            w = trick_winner_index(plan, trick, trump)
            partner_wins = team_of((state.leader - w) % SEATS) == team_of(seat)
            stake = sum(points[c] for c in trick) + plan.trick_point
        for m in moves:
            assert isinstance(m, Play)
            c = m.card
            if not trick:
                score = -points[c] - 0.1 * strength[c] - (3.0 if c.suit is trump else 0.0)
            elif trick_winner_index(plan, (*trick, c), trump) == len(trick) and not partner_wins:
                score = 5.0 + 0.2 * stake - 0.3 * points[c] - 0.1 * strength[c]
            elif partner_wins:
                score = points[c] - (4.0 if c.suit is trump else 0.0)
            else:
                score = -points[c] - 0.1 * strength[c] - (2.0 if c.suit is trump else 0.0)
            if rng is not None:
                score += rng.random() * 1.5
            if score > best:
                best, choice = score, m
        return choice

    def reward(self, final: MalillaState, seat: int) -> float:
        """1 when ``seat``'s team won the hand, 1/2 when nobody did, else 0.

        >>> MalillaSearch().reward(new_hand("malilla", seed=2), 0)
        0.5
        """
        if final.winner is None:
            return 0.5
        return 1.0 if final.winner == team_of(seat) else 0.0

    def playout(self, state: MalillaState, rng: random.Random) -> MalillaState:
        """Play ``state`` out by the quick policy.

        >>> MalillaSearch().playout(new_hand("malilla", seed=2), random.Random(1)).is_over
        True
        """
        while not state.is_over:
            state = apply(state, self.policy(state, rng))
        return state


# ====================================================================== observations


class MalillaObservation:
    """The observation sections of a Malilla hand for the learning adapters, and how to fill them from a view
    (seats relative to the observer: index 0 is the observer, 1 the seat on its left, and so on).

    >>> from maumau_rules import find_variant
    >>> spec = MalillaObservation(find_variant("malilla"), 4)
    >>> [name for name, *_ in spec.sections(True, True, True)][:4]
    ['hand', 'trump_card', 'trump', 'trick']
    """

    def __init__(self, variant: Variant, players: int) -> None:
        self.variant = variant
        self.players = players
        plan: MalillaPlan = variant.family_plan
        self.plan = plan
        self.cards: tuple[Card, ...] = tuple(dict.fromkeys(variant.deck.cards()))
        self._index = {c: i for i, c in enumerate(self.cards)}
        bonus = max((plan.points[c] for c in self.cards), default=0) if plan.trump_bonus else 0
        self._bonus_high = float(max(1, bonus + (plan.albur_points or 0)))

    def sections(self, private: bool, public: bool, history: bool
                 ) -> list[tuple[str, tuple[int, ...], float, str]]:
        """``(name, shape, largest value, what it holds)`` of each section, in order.

        >>> from maumau_rules import find_variant
        >>> spec = MalillaObservation(find_variant("malilla"), 4)
        >>> [shape for _, shape, _, _ in spec.sections(True, False, True)]
        [(40,), (4, 40)]
        """
        d, n, plan = len(self.cards), SEATS, self.plan
        specs: list[tuple[str, tuple[int, ...], float, str]] = []
        if private:
            specs.append(("hand", (d,), 1.0, "the cards in my hand"))
        if public:
            specs += [
                ("trump_card", (d,), 1.0, "the trump card, turned up at the deal (one-hot)"),
                ("trump", (4,), 1.0, "the trump suit, one-hot in the order oros copas espadas bastos"),
                ("trick", (n, d), 1.0, "the card each relative seat played to the current trick"),
                ("played", (d,), 1.0, "the cards of the finished tricks"),
                ("stage", (3,), 1.0, "where the hand stands, one-hot: redeal question, answer, play (zeros: over)"),
                ("to_act", (n,), 1.0, "the seat to act, one-hot by relative seat"),
                ("leader", (n,), 1.0, "the seat that leads the current trick, one-hot by relative seat"),
                ("dealer", (n,), 1.0, "the dealer, one-hot by relative seat"),
                ("asker", (n,), 1.0, "who asked for a new deal while his partner answers (zeros if none)"),
                ("hand_sizes", (n,), float(plan.hand_size), "cards in each hand, by relative seat"),
                ("points", (2,), float(plan.hand_total), "points taken so far: my team's, the other team's"),
                ("tricks_won", (2,), float(plan.tricks_per_hand), "tricks taken so far: my team's, the other's"),
                ("bonus", (2,), self._bonus_high, "the deal's bonus points (trump card, Albur): my team's, the other's"),
            ]
        if history:
            specs.append(("played_by", (n, d), 1.0, "the cards each relative seat played this hand"))
        return specs

    def encode(self, view: MalillaPublicView, seat: int, history: Any, buf: list[float],
               offsets: dict[str, int]) -> None:
        """Fill ``buf`` (zeros, laid out by ``offsets``) with ``seat``'s observation of ``view``.

        >>> from maumau_rules import find_variant
        >>> from maumau_rules.views import view
        >>> spec = MalillaObservation(find_variant("malilla"), 4)
        >>> buf = [0.0] * 40
        >>> spec.encode(view(new_hand("malilla", seed=1), 0), 0, None, buf, {"hand": 0}); sum(buf)
        10.0
        """
        idx, d, n = self._index, len(self.cards), SEATS
        if "hand" in offsets:
            base = offsets["hand"]
            for c in view.hand:  # type: ignore[attr-defined]
                buf[base + idx[c]] = 1.0
        if "trump_card" in offsets:
            buf[offsets["trump_card"] + idx[view.trump_card]] = 1.0
            buf[offsets["trump"] + SPANISH_SUITS.index(view.trump)] = 1.0
            base = offsets["trick"]
            for i, c in enumerate(view.trick):
                buf[base + ((view.leader - i - seat) % n) * d + idx[c]] = 1.0
            base = offsets["played"]
            for t in view.tricks:
                for c in t.cards:
                    buf[base + idx[c]] = 1.0
            if view.stage in _STAGES:
                buf[offsets["stage"] + _STAGES.index(view.stage)] = 1.0
            if not view.is_over:
                buf[offsets["to_act"] + (view.seat_to_act - seat) % n] = 1.0
            buf[offsets["leader"] + (view.leader - seat) % n] = 1.0
            buf[offsets["dealer"] + (view.dealer - seat) % n] = 1.0
            if view.asker is not None:
                buf[offsets["asker"] + (view.asker - seat) % n] = 1.0
            base = offsets["hand_sizes"]
            for k in range(n):
                buf[base + k] = float(view.hand_sizes[(seat + k) % n])
            mine, theirs = team_of(seat), 1 - team_of(seat)
            points = view.points
            won = [0, 0]
            for t in view.tricks:
                won[team_of(t.winner)] += 1
            for name, pair, high in (("points", points, float(self.plan.hand_total)),
                                     ("tricks_won", won, float(self.plan.tricks_per_hand)),
                                     ("bonus", view.bonus, self._bonus_high)):
                buf[offsets[name]] = min(high, max(0.0, float(pair[mine])))
                buf[offsets[name] + 1] = min(high, max(0.0, float(pair[theirs])))
        if "played_by" in offsets:
            base = offsets["played_by"]
            tricks = [(t.leader, t.cards) for t in view.tricks]
            if view.trick:
                tricks.append((view.leader, view.trick))
            for leader, cards in tricks:
                for i, c in enumerate(cards):
                    buf[base + ((leader - i - seat) % n) * d + idx[c]] = 1.0


# ====================================================================== the bundle


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


class MalillaTools:
    """Malilla's :class:`~maumau_rules.toolhooks.FamilyTools`.

    >>> from maumau_rules import find_variant
    >>> TOOLS.reward_range(find_variant("malilla")), TOOLS.move_limit(find_variant("malilla"))
    ((0.0, 35.0), 128)
    """

    statistics: Final = MalillaStatistics()
    """What a simulation measures (:class:`MalillaStatistics`)."""

    def heuristic_bot(self, seed: int) -> Any:
        """The tips-following bot (:class:`~maumau_rules.families.malilla.bots.MalillaHeuristicBot`; deterministic).

        >>> type(TOOLS.heuristic_bot(1)).__name__
        'MalillaHeuristicBot'
        """
        from .bots import MalillaHeuristicBot

        return MalillaHeuristicBot()

    def search_model(self, infer: bool) -> MalillaSearch:
        """A fresh :class:`MalillaSearch`.

        >>> TOOLS.search_model(True).infer
        True
        """
        return MalillaSearch(infer)

    def resample(self, state: MalillaState, seat: int, rng: random.Random) -> MalillaState:
        """A state ``seat`` cannot tell from ``state``: the other hands dealt again from the cards it cannot see
        (sizes kept, the trump card in the dealer's hand).

        >>> import random
        >>> from maumau_rules import new_game
        >>> s = new_game("malilla", 4, seed=1)
        >>> TOOLS.resample(s, 2, random.Random(3)).hands[2] == s.hands[2]
        True
        """
        from .invariants import _hidden_shuffle

        return _hidden_shuffle(state, {seat}, rng)

    def observation(self, variant: Variant, players: int) -> MalillaObservation:
        """The observation sections (:class:`MalillaObservation`).

        >>> from maumau_rules import find_variant
        >>> len(TOOLS.observation(find_variant("malilla"), 4).cards)
        40
        """
        return MalillaObservation(variant, players)

    def seat_rewards(self, state: MalillaState) -> tuple[float, ...]:
        """Each seat's reward for the finished hand: its team's points above half (R_MAL_SCORE's round points).

        >>> TOOLS.seat_rewards(new_hand("malilla", seed=1))
        (0.0, 0.0, 0.0, 0.0)
        """
        return tuple(float(p) for p in self.statistics.points(state))

    def reward_sign(self, variant: Variant) -> int:
        """A team's points above half are good for it.

        >>> from maumau_rules import find_variant
        >>> TOOLS.reward_sign(find_variant("malilla"))
        1
        """
        return 1

    def reward_range(self, variant: Variant) -> tuple[float, float]:
        """From 0 (a lost or even hand) to every point above half.

        >>> from maumau_rules import find_variant
        >>> TOOLS.reward_range(find_variant("malilla"))
        (0.0, 35.0)
        """
        plan: MalillaPlan = variant.family_plan
        return (0.0, float(max(1, plan.hand_total - plan.half)))

    def move_limit(self, variant: Variant) -> int:
        """The most moves of a hand: every card, and the question about a new deal for the first deal and up to
        :data:`_REDEALS_BOUND` new ones (eight answers each at most).

        >>> from maumau_rules import find_variant
        >>> TOOLS.move_limit(find_variant("malilla"))
        128
        """
        plan: MalillaPlan = variant.family_plan
        questions = 2 * SEATS * (1 + _REDEALS_BOUND) if plan.redeal_min is not None else 0
        return SEATS * plan.tricks_per_hand + questions

    def state_text(self, state: MalillaState) -> str:
        """The whole hand as one line (every hand shows).

        >>> TOOLS.state_text(new_hand("malilla", seed=1)).startswith("<MalillaState malilla")
        True
        """
        return repr(state)

    def table_text(self, state: MalillaState) -> list[str]:
        """What everyone sees, and the hand of the seat to act.

        >>> TOOLS.table_text(new_hand("malilla", seed=1, dealer=0))[0].startswith("trump card ")
        True
        """
        from .views import public_view, view

        pv = public_view(state)
        lines = [f"trump card {pv.trump_card} (dealer seat {pv.dealer}); trick {_cards(pv.trick)} led by seat "
                 f"{pv.leader}; tricks {len(pv.tricks)}; points {pv.points[0]}-{pv.points[1]}; stage {pv.stage.value}",
                 "hands: " + ", ".join(f"seat {s} {k}" for s, k in enumerate(pv.hand_sizes))]
        if pv.is_over:
            who = "no winner" if pv.winner is None else f"team {pv.winner} wins"
            lines.append(f"hand over ({pv.end.value if pv.end else '?'}): {who}")
        else:
            lines.append(f"seat {pv.seat_to_act} to act: hand {_cards(view(state, pv.seat_to_act).hand)}")
        return lines

    def view_text(self, view: MalillaPublicView, seat: int, private: bool, public: bool) -> str:
        """What ``seat`` sees, as one line.

        >>> from maumau_rules.views import view
        >>> TOOLS.view_text(view(new_hand("malilla", seed=1), 2), 2, True, False).startswith("p2 hand ")
        True
        """
        out = [f"p{seat}"]
        if private:
            out.append(f"hand {_cards(view.hand)}")  # type: ignore[attr-defined]
        if public:
            n = SEATS
            out.append(
                f"trump {view.trump_card} dealer {view.dealer} stage {view.stage.value} asker "
                f"{'-' if view.asker is None else view.asker} trick {_cards(view.trick)} leader {view.leader} "
                f"tricks {' | '.join(f'{t.leader}:{_cards(t.cards)}' for t in view.tricks) or '-'} "
                f"sizes {' '.join(str(view.hand_sizes[(seat + k) % n]) for k in range(n))} "
                f"to act {view.seat_to_act} points {view.points[0]}-{view.points[1]} move {view.turn}")
        return " ".join(out)


TOOLS: Final = MalillaTools()
"""The Malilla family's tool hooks, registered in :mod:`maumau_rules.toolhooks`."""
