"""The batch engine: B games of one variant at once, over numpy arrays, running the variant's tables.

The tables come from :func:`~maumau_rules.families.maumau.tables.compile_tables`, the same rule objects the scalar engine
runs: the scalar engine and this one are two interpreters of one plan. Hands are 64-bit card sets (bit ``i``:
card ``i`` of ``Tables.cards``), the stock and the discard pile are arrays of card numbers with their lengths,
each game has its own SplitMix64 generator state (the scalar engine's generator: a reshuffle here gives the same
stock as there). Actions are the IDs of :class:`~maumau_rules.actions.ActionSpace`. A finished game is dealt
again in place (``auto_reset``); its result is kept in :attr:`BatchEngine.finished` for the caller.

>>> eng = BatchEngine("standard", players=2, batch=8, seed=1)
>>> mask = eng.legal_mask(); mask.shape, bool(mask[:, 0].all())  # everyone may draw at the start
((8, 92), True)
>>> for _ in range(300):
...     _ = eng.step(eng.sample_random())
>>> eng.games_done > 0
True
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from .... import rng as _rng
from ....actions import ActionSpace
from ....cards import FRENCH_SUITS, Card
from ....errors import ArgumentError, VariantError
from ....i18n import gettext
from ....moves import Call, CallOut, Draw, Pass, Play
from ....state import EndReason
from ....variants import Variant, find_variant
from ..state import Phase
from ..tables import Tables, compile_tables

__all__ = ["END_REASONS", "PHASES", "BatchEngine"]

U64: Final = np.uint64
_GAMMA: Final = 0x9E3779B97F4A7C15
_BIT: Final = np.array([1 << i for i in range(64)], dtype=U64)
_ZERO: Final = U64(0)
PHASES: Final = (Phase.PLAY, Phase.DRAWN, Phase.SERIES, Phase.FINISHING, Phase.OVER)
"""Phase codes (the index)."""
END_REASONS: Final = (None, EndReason.EMPTY_HAND, EndReason.BLOCKED, EndReason.TURN_LIMIT)
"""End codes (the index; 0: not over)."""
_PLAY, _DRAWN, _SERIES, _FINISHING, _OVER = 0, 1, 2, 3, 4
_K_DRAW, _K_PASS, _K_PLAY, _K_CALLOUT = 0, 1, 2, 3
_CALLS: Final = (None, Call.MAU, Call.MAU_MAU)
_F_WISH, _F_FREE, _F_DEMAND, _F_CANCEL, _F_PENDING, _F_SKIPP, _F_PASSING, _F_DRAWS = (1 << i for i in range(8))


def _mix(state: np.ndarray) -> np.ndarray:
    """SplitMix64's output for generator states that were already advanced (``state + gamma``)."""
    z = state.copy()
    z ^= z >> U64(30)
    z *= U64(0xBF58476D1CE4E5B9)
    z ^= z >> U64(27)
    z *= U64(0x94D049BB133111EB)
    z ^= z >> U64(31)
    return z


def _popcount(x: np.ndarray) -> np.ndarray:
    out: np.ndarray = np.bitwise_count(x).astype(np.int64)
    return out


def _rem64(most: int) -> np.ndarray:
    return np.array([0, *((1 << 64) % n for n in range(1, most + 1))], dtype=U64)


_REM64: Final = _rem64(64)
"""``2**64 % n``: a bounded draw below ``n`` is redrawn from ``2**64 - 2**64 % n`` up (:func:`~maumau_rules.rng.randbelow`)."""
_FEW: Final = 8
"""Reshuffles of at most this many games at once go through the scalar shuffle (a fixed cost per call is saved)."""
_LCG_A: Final = U64(6364136223846793005)
_LCG_C: Final = U64(1442695040888963407)
"""The bots' generator: Knuth's MMIX linear congruential generator (the high bits are used)."""
_WIDTHS: Final = tuple((U64((1 << w) - 1), U64(w)) for w in (32, 16, 8, 4, 2, 1))


def _select_bit(mask: np.ndarray, k: np.ndarray, bits: int = 64) -> np.ndarray:
    """The position of the ``k``-th (from 0) set bit of each mask, masks of at most ``bits`` bits (a binary search
    over popcounts; a mask with fewer bits gives some position, which the callers do not use)."""
    pos = np.zeros(mask.shape, dtype=U64)
    k = np.asarray(k).astype(np.uint8)
    for low, width in _WIDTHS[0 if bits > 32 else 1:]:
        cnt = np.bitwise_count((mask >> pos) & low)
        go = k >= cnt
        k -= cnt * go
        pos += go * width
    out: np.ndarray = pos.astype(np.int64)
    return out


class BatchEngine:
    """``batch`` games of ``variant`` with ``players`` seats, played together.

    Args:
        variant: a variant (or its name) that compiles to tables (:func:`~maumau_rules.families.maumau.tables.table_coverage`).
        players: seats at every table.
        batch: the number of games B.
        seed: the seed of every game's generator (game ``b`` gets its own stream; the same seed, the same games).
        auto_reset: deal a finished game again at once (``False``: it stays over, with no legal moves).
        count_turns: count the turns of every game (for :func:`~maumau_rules.families.maumau.batch.simulate.simulate_batch`).

    Raises:
        VariantError: the variant has no table form (the message names the rule), or the player count is outside
            its range.

    >>> BatchEngine("malilla", 4, 2)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: variant 'malilla' has no table form: the malilla family plays tricks, which the batch engine does not
    """

    def __init__(self, variant: Variant | str, players: int, batch: int, seed: int = 0, *,
                 auto_reset: bool = True, count_turns: bool = False) -> None:
        self.variant = v = find_variant(variant)
        t = self.tables = compile_tables(v)
        if type(players) is not int or not t.min_players <= players <= t.max_players:
            raise VariantError(gettext("variant {variant} is for {lo}-{hi} players, not {players}").format(
                variant=repr(v.id), lo=t.min_players, hi=t.max_players, players=repr(players)))
        if type(batch) is not int or batch < 1:
            raise ArgumentError(gettext("batch {batch} must be a whole number of games, at least 1").format(
                batch=repr(batch)))
        self.players = P = players
        self.batch = B = batch
        self.auto_reset = auto_reset
        self.count_turns = count_turns
        """Whether turns are counted (``finished["turns"]``; the simulation's statistics need them)."""
        self.n_cards = t.n_cards
        self.N = N = len(t.deck)
        """Cards in the deck, copies included (the length of the stock and discard arrays)."""
        self.W = t.copies
        """The most copies of one card: hands are held as ``W`` card sets (:attr:`layers`)."""
        self.has_series = bool(t.series)
        self._rem = _rem64(max(N, 64))
        self._compile_arrays(t)
        self.space = ActionSpace.for_variant(v, players)
        self._actions(t)
        self._setup(t)
        # state
        self.hands = np.zeros((B, P), dtype=U64)
        """Each seat's cards, as a card set (with several copies of a card: the cards held at least once)."""
        self.layers = [self.hands] + [np.zeros((B, P), dtype=U64) for _ in range(self.W - 1)]
        """``layers[k]``: the cards each seat holds more than ``k`` times (``layers[0]`` is :attr:`hands`)."""
        self.stock = np.zeros((B, 2 * N), dtype=np.int16)
        """Each game's stock, its top card last (``nst`` cards; twice the deck wide: a reshuffle writes past its
        end instead of masking)."""
        self.nst = np.zeros(B, dtype=np.int64)
        self.disc = np.zeros((B, N), dtype=np.int16)
        self.nd = np.zeros(B, dtype=np.int64)
        self.seat = np.zeros(B, dtype=np.int64)
        self.dirn = np.ones(B, dtype=np.int64)
        self.phase = np.zeros(B, dtype=np.int8)
        self.pend = np.zeros(B, dtype=np.int64)
        self.stack_skip = np.zeros(B, dtype=bool)
        self.pskip = np.zeros(B, dtype=np.int64)
        self.wish = np.zeros(B, dtype=np.int64)
        self.anyc = np.zeros(B, dtype=bool)
        self.drawn = np.full(B, -1, dtype=np.int64)
        self.ann = np.zeros((B, P), dtype=np.int8)
        self.missed = np.zeros(B, dtype=np.int64)
        """Seats whose missed call can be called out, as bits."""
        self.top = np.zeros(B, dtype=np.int64)
        """The top card of the discard pile."""
        self.fresh = np.zeros(B, dtype=bool)
        self.passes = np.zeros(B, dtype=np.int64)
        self.turn = np.zeros(B, dtype=np.int64)
        self.rng = np.zeros(B, dtype=U64)
        self.winner = np.full(B, -1, dtype=np.int64)
        self.end = np.zeros(B, dtype=np.int8)
        self.last_card = np.full(B, -1, dtype=np.int64)
        self.finisher = np.full(B, -1, dtype=np.int64)
        """In phase FINISHING, the seat that went out without the call it needed."""
        # the cards of the turn so far (the scalar state's turn_plays), kept where a turn can have several
        self.tp_n = np.zeros(B, dtype=np.int64)
        """Cards played in this turn (in phases SERIES and FINISHING; with series rules only)."""
        self.tp_first = np.zeros(B, dtype=np.int64)
        """The first card of this turn."""
        self.tp_jacks = np.zeros(B, dtype=np.int64)
        """The wild Jacks among this turn's cards (R_SCORE_ELIMINATION's bonus)."""
        self.acc_skip = np.zeros(B, dtype=np.int64)
        """Players this turn's cards skip."""
        self.acc_pass = np.zeros(B, dtype=bool)
        """Whether the skips may be answered."""
        self.acc_rev = np.zeros(B, dtype=np.int64)
        """Reversals of this turn's cards."""
        self.acc_two = np.zeros(B, dtype=bool)
        """Whether a reversal of this turn gives another turn with two players."""
        # per-game counts (the simulation's facts)
        self.first = np.zeros(B, dtype=np.int64)
        self.start_dir = np.ones(B, dtype=np.int64)
        self.turns = np.zeros(B, dtype=np.int64)
        self.reshuffles = np.zeros(B, dtype=np.int64)
        self.penalties = np.zeros(B, dtype=np.int64)
        self.penalty_cards = np.zeros(B, dtype=np.int64)
        self._resh_mark = np.zeros(B, dtype=np.int64)
        self._stepno = 0
        self._rows = np.arange(B)
        self._no_callouts = np.zeros(B, dtype=np.int64)
        self._no_due = np.zeros(B, dtype=U64)
        self.games_done = 0
        """Games finished since the last :meth:`reset`."""
        self.finished: dict[str, np.ndarray] = {}
        """The results of the games that the last :meth:`step` finished (before they were dealt again):
        ``index``, ``winner``, ``end``, ``decisions``, ``turns``, ``reshuffles``, ``penalties``, ``penalty_cards``,
        ``first``, ``direction``, ``points`` (games × seats)."""
        self.reset(seed)

    # ------------------------------------------------------------------ tables as arrays

    def _compile_arrays(self, t: Tables) -> None:
        C = t.n_cards
        self.FIT = np.array(t.fit, dtype=U64)
        self.ANSWER_FIT = np.array(t.answer_fit, dtype=U64)
        ops = t.ops
        self.OP_WISH = np.array([o.wish for o in ops], dtype=bool)
        self.OP_FREE = np.array([o.free for o in ops], dtype=bool)
        self.OP_DEMAND = np.array([o.demand for o in ops], dtype=bool)
        self.OP_CANCEL = np.array([o.cancel for o in ops], dtype=bool)
        self.OP_PEND = np.array([o.pending for o in ops], dtype=np.int64)
        slots = max((len(o.draws) for o in ops), default=0)
        self.OP_DRAWS = [(np.array([o.draws[j][0] if j < len(o.draws) else 0 for o in ops], dtype=np.int64),
                          np.array([o.draws[j][1] if j < len(o.draws) else 0 for o in ops], dtype=np.int64))
                         for j in range(slots)]
        self.OP_SKIPN = np.array([o.skip_count for o in ops], dtype=np.int64)
        self.OP_SKIPP = np.array([o.skip_passable for o in ops], dtype=bool)
        self.OP_REV = np.array([o.reverse % 2 == 1 for o in ops], dtype=bool)
        self.OP_REVN = np.array([o.reverse for o in ops], dtype=np.int64)
        self.OP_REV2 = np.array([o.two_player_again for o in ops], dtype=bool)
        self.OP_AGAIN = np.array([o.again for o in ops], dtype=bool)
        self.OP_PASSING = np.array([bool(o.skip_count or o.reverse or o.again) for o in ops], dtype=bool)
        self.FLAGS = (self.OP_WISH * _F_WISH + self.OP_FREE * _F_FREE + self.OP_DEMAND * _F_DEMAND
                      + self.OP_CANCEL * _F_CANCEL + (self.OP_PEND > 0) * _F_PENDING + self.OP_SKIPP * _F_SKIPP
                      + self.OP_PASSING * _F_PASSING
                      + np.array([bool(o.draws) for o in ops]) * _F_DRAWS).astype(np.int64)
        """Which operations each card has, as bits (one lookup per play)."""
        self.ST_PEND = np.array([o.start_pending for o in ops], dtype=np.int64)
        self.ST_SKIP = np.array([o.start_skip for o in ops], dtype=bool)
        self.ST_FREE_ACT = np.array([o.start_free_if_acting for o in ops], dtype=bool)
        self.ST_FREE = np.array([o.start_free for o in ops], dtype=bool)
        self.SUIT = np.array(t.suit_code, dtype=np.int64)
        self.VALUES = np.array(t.values, dtype=np.int64)
        self.TAILS = np.array(t.tails, dtype=np.int64)
        self._tails_flat = self.TAILS.reshape(-1)
        self._fit_flat = self.FIT.reshape(-1)
        self.IN = {name: U64(getattr(t, name)) for name in
                   ("answer_cancel", "skip_answers", "no_finish", "wishes", "penalty_skip", "again_no_finish",
                    "rebury", "multiplier_cards")}
        self.PENALTY_SKIP = (np.array([(t.penalty_skip >> i) & 1 for i in range(C)], dtype=bool))
        self.REBURY = np.array([(t.rebury >> i) & 1 for i in range(C)], dtype=bool)
        self.DECK = np.array(t.deck, dtype=np.int64)
        """The card number of each deck card (copies included)."""
        self.SERIES = [(np.array(f, dtype=U64), np.array(w, dtype=U64)) for f, w in t.series]
        self.OPENS = [(U64(starts), need) for starts, need in t.series_opens]
        self.DRAW_UNTIL = np.array([(t.draw_until >> i) & 1 for i in range(C)], dtype=bool)
        self.RANKS = np.array(t.rank_cards, dtype=U64)
        self.BONUS = np.array([(t.bonus_cards >> i) & 1 for i in range(C)], dtype=np.int64)
        self.WISHES = U64(t.wishes)

    def _actions(self, t: Tables) -> None:
        moves = self.space.moves
        A = len(moves)
        kind = np.zeros(A, dtype=np.int64)
        card = np.zeros(A, dtype=np.int64)
        wish = np.zeros(A, dtype=np.int64)
        call = np.zeros(A, dtype=np.int64)
        target = np.zeros(A, dtype=np.int64)
        valid = np.ones(A, dtype=bool)
        index = {c: i for i, c in enumerate(t.cards)}
        suit_code = {s: i + 1 for i, s in enumerate(FRENCH_SUITS)}
        ids = np.full((t.n_cards, 5, 3), -1, dtype=np.int64)
        for a, m in enumerate(moves):
            if isinstance(m, Draw):
                kind[a] = _K_DRAW
            elif isinstance(m, Pass):
                kind[a] = _K_PASS
            elif isinstance(m, CallOut):
                kind[a] = _K_CALLOUT
                target[a] = m.seat
            else:
                assert isinstance(m, Play)
                kind[a] = _K_PLAY
                c = index[m.card]
                card[a] = c
                wish[a] = suit_code[m.wish] if m.wish is not None else 0
                call[a] = _CALLS.index(m.call)
                if m.wish is not None and not t.ops[c].own_suit and wish[a] == t.suit_code[c]:
                    valid[a] = False
                ids[c, wish[a], call[a]] = a
        self.A = A
        self.A_KIND, self.A_CARD, self.A_WISH, self.A_CALL, self.A_TARGET = kind, card, wish, call, target
        self.A_VALID = valid
        self.A_ISPLAY = kind == _K_PLAY
        self.ACTION_ID = ids
        self.CALLOUT_BASE = int(np.flatnonzero(kind == _K_CALLOUT)[0]) if (kind == _K_CALLOUT).any() else -1
        forms = np.zeros((t.n_cards, 4), dtype=np.int64)
        for c, o in enumerate(t.ops):
            if o.wish:
                suits = [s for s in range(1, 5) if o.own_suit or s != t.suit_code[c]]
                forms[c, :len(suits)] = suits
        self.WISH_FORM = forms
        self._wish_form_flat = forms.reshape(-1)
        self._action_flat = ids.reshape(-1)

    def _setup(self, t: Tables) -> None:
        plan = self.variant.plan
        P, N = self.players, self.N
        self.hand_size = plan.hand_size(P)
        order: Any = plan.turn_order
        self.FIRST_OF = np.array([order.first(d, P) if order is not None else (d + 1) % P for d in range(P)])
        pos_seat = np.full((P, N), -1, dtype=np.int64)
        rest_pos = []
        for d in range(P):
            first = int(self.FIRST_OF[d])
            seats = [(first + i * t.direction) % P for i in range(P)]
            pile: Any = list(range(N))  # deal positions instead of cards: where each position goes
            hands, rest = plan.dealing.deal(pile, seats, [self.hand_size] * P, d, ())
            for s, positions in enumerate(hands):
                pos_seat[d, np.array(positions, dtype=np.int64)] = s
            rest_pos.append(rest)
        self.POS_SEAT = pos_seat
        self.REST_POS = np.array(rest_pos, dtype=np.int64)

    # ------------------------------------------------------------------ dealing

    def reset(self, seed: int = 0) -> None:
        """Deal every game afresh from ``seed`` (game ``b`` from its own stream).

        >>> eng = BatchEngine("standard", 2, 4, seed=3); before = eng.hands.copy(); eng.reset(3)
        >>> bool((eng.hands == before).all())
        True
        """
        B = self.batch
        base = U64(_rng.seed_state(int(seed)))
        idx = np.arange(1, B + 1, dtype=U64)
        self.rng[:] = _mix(base + idx * U64(_GAMMA))
        self.games_done = 0
        self._deal(np.arange(B))
        self._legal()

    def deal(self, games: np.ndarray) -> None:
        """Deal the games ``games`` (indices) afresh, from their own generators (what ``auto_reset`` does).

        >>> eng = BatchEngine("standard", 2, 3, seed=1, auto_reset=False); eng.deal(np.array([1])); int(eng.turn[1])
        0
        """
        g = np.asarray(games, dtype=np.int64)
        self._deal(g)
        self._legal()

    def _next(self, g: np.ndarray) -> np.ndarray:
        """The next random value of each game of ``g`` (its generator moves on)."""
        self.rng[g] += U64(_GAMMA)
        return _mix(self.rng[g])

    def _deal(self, g: np.ndarray) -> None:
        if not self.tables.table_deal:
            self._deal_scalar(g)
            return
        t = self.tables
        P, N = self.players, self.N
        k = g.size
        steps = np.arange(1, N + 1, dtype=U64) * U64(_GAMMA)
        keys = _mix(self.rng[g][:, None] + steps[None, :])
        self.rng[g] += U64((N * _GAMMA) % (1 << 64))
        pile = np.argsort(keys, axis=1, kind="stable").astype(np.int64)  # a uniform shuffle of the cards
        if self.W > 1:
            pile = self.DECK.take(pile)
        dealer = (self._next(g) % U64(P)).astype(np.int64) if t.random_dealer else np.zeros(k, dtype=np.int64)
        hands = [np.zeros((k, P), dtype=U64) for _ in range(self.W)]
        full = np.zeros((k, N), dtype=np.int64)
        R = self.REST_POS.shape[1]
        C = self.n_cards
        for d in range(P):
            rows = np.flatnonzero(dealer == d)
            if not rows.size:
                continue
            sub = pile[rows]
            for s in range(P):
                positions = np.flatnonzero(self.POS_SEAT[d] == s)
                if self.W == 1:
                    hands[0][rows, s] = np.bitwise_or.reduce(_BIT[sub[:, positions]], axis=1)
                    continue
                counts = (sub[:, positions][:, :, None] == np.arange(C)[None, None, :]).sum(axis=1)
                for j in range(self.W):
                    hands[j][rows, s] = np.bitwise_or.reduce(np.where(counts > j, _BIT[:C], _ZERO), axis=1)
            full[rows, :R] = sub[:, self.REST_POS[d]]
        rest = full[:, :R]
        if t.rebury:
            for _ in range(R - 1):
                again = self.REBURY[rest[:, -1]]
                if not again.any():
                    break
                rest[again] = np.roll(rest[again], 1, axis=1)
        for layer, dealt in zip(self.layers, hands, strict=True):
            layer[g] = dealt
        self.stock[g, :R - 1] = rest[:, :R - 1]
        self.nst[g] = R - 1
        start = rest[:, R - 1]
        self.disc[g, 0] = start
        self.top[g] = start
        self.nd[g] = 1
        first = self.FIRST_OF[dealer]
        self._fresh_round(g, first)
        self._start_effects(g, start)

    def _fresh_round(self, g: np.ndarray, first: np.ndarray) -> None:
        self.seat[g] = first
        self.dirn[g] = self.tables.direction
        for arr, value in ((self.phase, _PLAY), (self.pend, 0), (self.stack_skip, False), (self.pskip, 0),
                           (self.wish, 0), (self.anyc, False), (self.drawn, -1), (self.fresh, False),
                           (self.passes, 0), (self.turn, 0), (self.winner, -1), (self.end, 0),
                           (self.last_card, -1), (self.finisher, -1), (self.turns, 0), (self.reshuffles, 0),
                           (self.penalties, 0), (self.penalty_cards, 0)):
            arr[g] = value
        if self.has_series:
            self._turn_done(g)
        self.ann[g] = 0
        self.missed[g] = 0

    def _start_effects(self, g: np.ndarray, start: np.ndarray) -> None:
        acts = self.tables.start_effects
        if acts:
            amount = self.ST_PEND[start]
            self.pend[g] += amount
            self.stack_skip[g] |= (amount > 0) & self.PENALTY_SKIP[start]
            skip = self.ST_SKIP[start]
            passable = self.OP_SKIPP[start]
            self.pskip[g[skip & passable]] = 1
            s = g[skip & ~passable]
            self.seat[s] = (self.seat[s] + self.dirn[s]) % self.players
            self.anyc[g] |= self.ST_FREE_ACT[start]
        self.anyc[g] |= self.ST_FREE[start]
        self.first[g] = self.seat[g]
        self.start_dir[g] = self.dirn[g]

    def _deal_scalar(self, g: np.ndarray) -> None:
        """The slow path: deal through the scalar engine (a cut whose cutter keeps cards)."""
        from ....game import new_game

        seeds = self._next(g)
        states = [new_game(self.variant, self.players, seed=int(s)) for s in seeds]
        self._load_rows(g, states)

    def load(self, states: list[Any]) -> None:
        """Start from scalar game states instead of dealing: one per game, of this variant and player count (the
        differential test gives both engines the same deals).

        Raises:
            ArgumentError: not ``batch`` states of this variant and player count.

        >>> from maumau_rules import new_game
        >>> eng = BatchEngine("standard", 2, 2); eng.load([new_game("standard", 2, seed=s) for s in (1, 2)])
        >>> eng.snapshot(0)["stock"] == tuple(new_game("standard", 2, seed=1).stock)
        True
        """
        if len(states) != self.batch or any(s.variant != self.variant or s.players != self.players for s in states):
            raise ArgumentError(gettext("load needs {n} states of {variant} with {players} players").format(
                n=self.batch, variant=repr(self.variant.id), players=self.players))
        self._load_rows(np.arange(self.batch), states)
        self._legal()

    def _load_rows(self, g: np.ndarray, states: list[Any]) -> None:
        t = self.tables
        index = {c: i for i, c in enumerate(t.cards)}
        suit = {s: i + 1 for i, s in enumerate(FRENCH_SUITS)}
        for b, s in zip(g.tolist(), states, strict=True):
            f = s.__dict__
            for p, hand in enumerate(s.hands):
                counts = [0] * self.n_cards
                for c in hand:
                    counts[index[c]] += 1
                self.set_hand(b, p, counts)
            self.stock[b, :len(f["stock"])] = [index[c] for c in f["stock"]]
            self.nst[b] = len(f["stock"])
            self.disc[b, :len(f["discard"])] = [index[c] for c in f["discard"]]
            self.nd[b] = len(f["discard"])
            self.seat[b] = f["seat_to_act"]
            self.dirn[b] = f["direction"]
            self.phase[b] = PHASES.index(f["phase"])
            self.pend[b] = f["pending_draw"]
            self.stack_skip[b] = any(index[c] in self._skip_set() for c in f["penalty_stack"])
            self.pskip[b] = f["pending_skip"]
            self.wish[b] = 0 if f["wished_suit"] is None else suit[f["wished_suit"]]
            self.anyc[b] = f["any_card"]
            self.drawn[b] = -1 if f["drawn"] is None else index[f["drawn"]]
            self.ann[b] = [_CALLS.index(c) for c in f["announced"]]
            self.missed[b] = sum(1 << p for p in set(f["missed_calls"]))
            self.top[b] = index[f["discard"][-1]]
            self.fresh[b] = f["fresh"]
            self.passes[b] = f["passes"]
            self.turn[b] = f["turn"]
            self.rng[b] = f["rng"] & ((1 << 64) - 1)
            self.winner[b] = -1 if f["winner"] is None else f["winner"]
            self.end[b] = END_REASONS.index(f["end"])
            plays = f["turn_plays"]
            self.last_card[b] = index[plays[-1]] if plays and f["end"] is not None else -1
            if self.has_series:
                self.tp_n[b] = len(plays)
                self.tp_first[b] = index[plays[0]] if plays else 0
                self.tp_jacks[b] = sum(int(self.BONUS[index[c]]) for c in plays)
                ops = [t.ops[index[c]] for c in plays]
                self.acc_skip[b] = sum(o.skip_count for o in ops)
                self.acc_pass[b] = any(o.skip_passable for o in ops)
                self.acc_rev[b] = sum(o.reverse for o in ops)
                self.acc_two[b] = any(o.two_player_again for o in ops)
            self.finisher[b] = -1 if s.finisher is None else s.finisher
            self.first[b] = f["seat_to_act"]
            self.start_dir[b] = f["direction"]
            for arr in (self.turns, self.reshuffles, self.penalties, self.penalty_cards):
                arr[b] = 0

    def _skip_set(self) -> set[int]:
        return {i for i in range(self.n_cards) if self.PENALTY_SKIP[i]}

    # ------------------------------------------------------------------ hands with several copies of a card

    def hand_sizes(self) -> np.ndarray:
        """Every seat's number of cards, copies counted (batch × seats).

        >>> BatchEngine("pesten", 2, 3, seed=1).hand_sizes().tolist()
        [[7, 7], [7, 7], [7, 7]]
        """
        out: np.ndarray = np.bitwise_count(self.hands).astype(np.int64)
        for layer in self.layers[1:]:
            out += np.bitwise_count(layer)
        return out

    def hand_counts(self, b: int, seat: int) -> list[int]:
        """How many copies of each card (by number) ``seat`` holds in game ``b``.

        >>> sum(BatchEngine("standard", 2, 1, seed=1).hand_counts(0, 1))
        6
        """
        return [sum(int(layer[b, seat]) >> i & 1 for layer in self.layers) for i in range(self.n_cards)]

    def set_hand(self, b: int, seat: int, counts: list[int]) -> None:
        """Give ``seat`` of game ``b`` the hand with ``counts[i]`` copies of card ``i`` (for tests that deal cards
        anew; call :meth:`refresh` when done).

        >>> eng = BatchEngine("standard", 2, 1, seed=1); eng.set_hand(0, 1, [1] + [0] * 31); eng.hand_counts(0, 1)[0]
        1
        """
        for k, layer in enumerate(self.layers):
            layer[b, seat] = sum(1 << i for i, n in enumerate(counts) if n > k)

    def refresh(self) -> None:
        """Find every game's legal moves again (after its arrays were changed from outside).

        >>> eng = BatchEngine("standard", 2, 1, seed=1); eng.refresh(); bool(eng.legal_mask().any())
        True
        """
        self._legal()

    def _size_at(self, where: np.ndarray) -> np.ndarray:
        """The hand sizes at flat positions ``game * players + seat``."""
        out: np.ndarray = np.bitwise_count(self.hands.reshape(-1).take(where)).astype(np.int64)
        for layer in self.layers[1:]:
            out += np.bitwise_count(layer.reshape(-1).take(where))
        return out

    def _give(self, where: np.ndarray, bits: np.ndarray) -> None:
        """One copy of the card ``bits`` each into the hands at flat positions ``where`` (distinct hands)."""
        if self.W == 1:
            self.hands.reshape(-1)[where] |= bits
            return
        todo = np.ones(where.size, dtype=bool)
        for layer in self.layers:
            flat = layer.reshape(-1)
            cur = flat.take(where)
            m = todo & ((cur & bits) == 0)
            flat[where[m]] = cur[m] | bits[m]
            todo &= ~m

    def _take(self, where: np.ndarray, bits: np.ndarray) -> None:
        """One copy of the card ``bits`` each out of the hands at flat positions ``where`` (which hold it)."""
        if self.W == 1:
            self.hands.reshape(-1)[where] &= ~bits
            return
        todo = np.ones(where.size, dtype=bool)
        for layer in reversed(self.layers):
            flat = layer.reshape(-1)
            cur = flat.take(where)
            m = todo & ((cur & bits) != 0)
            flat[where[m]] = cur[m] & ~bits[m]
            todo &= ~m

    # ------------------------------------------------------------------ legal moves

    def _legal(self) -> None:
        """Find what the seat to act of every game may do: the playable cards, the tail (1 pass, 2 draw), whether a
        call is due, and whom he may call out."""
        t = self.tables
        seat = self.seat
        where = self._rows * self.players + seat
        cur = self.hands.reshape(-1).take(where)
        n = np.bitwise_count(cur) if self.W == 1 else self._size_at(where)
        top = self.top
        code = 2 * self.wish + self.fresh
        if self.anyc.any():  # (a mask by multiplication: cheaper than a select)
            free = t.free_code + (t.free_first_code - t.free_code) * (self.turn == 0)
            code += self.anyc * (free - 2 * self.wish)
        fit = self._fit_flat.take(code * self.n_cards + top)
        can_draw = (self.nst > 0) | ((self.nd > 1) if t.reshuffle else False)
        if not t.can_draw_at_all:
            can_draw = np.zeros(self.batch, dtype=bool)
        phase = self.phase
        playable = cur & fit
        if t.no_finish:  # (before the tail: a player whose only card may not finish cannot play)
            playable &= ~((n == 1) * self.IN["no_finish"])
        tail = self._tails_flat.take((playable != 0) * 2 + can_draw)
        rows = np.flatnonzero((self.pend > 0) | (self.pskip > 0))
        if rows.size:  # answering a pending draw or skip (only in phase PLAY)
            rows = rows[phase[rows] == _PLAY]
            pen = self.pend[rows] > 0
            r = rows[pen]
            playable[r] = cur[r] & (self.IN["answer_cancel"] | (self.ANSWER_FIT[top[r]] & fit[r]))
            tail[r] = 2
            r = rows[~pen]
            playable[r] = cur[r] & self.IN["skip_answers"] & fit[r]
            tail[r] = 1
        rows = np.flatnonzero(phase == _DRAWN)
        if rows.size:
            drawn = self.drawn[rows]
            has = drawn >= 0
            dbit = np.where(has, _BIT[np.maximum(drawn, 0)], _ZERO)
            if t.after_draw == 2:
                dplay = np.zeros(rows.size, dtype=U64)
            elif t.after_draw == 0:
                dplay = cur[rows] & fit[rows] & dbit
            else:
                dplay = np.where(has, cur[rows] & fit[rows], _ZERO)
            if t.no_finish:
                dplay = np.where(n[rows] == 1, dplay & ~self.IN["no_finish"], dplay)
            playable[rows] = dplay
            if t.until_playable:
                again = has & ((dplay & dbit) == 0) & can_draw[rows]
                tail[rows] = np.where(again, 2, 1)
            else:
                tail[rows] = 1
        if self.has_series:
            rows = np.flatnonzero(phase == _SERIES)
            if rows.size:  # go on with the series (what follows its first card), or pass
                first = self.tp_first[rows]
                held = cur[rows]
                follow = np.zeros(rows.size, dtype=U64)
                for follows, within in self.SERIES:
                    follow |= np.where((held & ~within[first]) == 0, follows[first], _ZERO)
                playable[rows] = held & follow
                tail[rows] = 1
        if t.no_finish:
            r = np.flatnonzero(n == 1)
            playable[r] &= ~self.IN["no_finish"]
        fin = np.flatnonzero(phase == _FINISHING) if t.judges_finish else rows[:0]
        if fin.size:  # let the win stand (pass) or call the finisher out
            playable[fin] = 0
            tail[fin] = 1
        over = np.flatnonzero(self.end != 0)
        if over.size:
            playable[over] = 0
            tail[over] = 0
        self.cur_playable = playable
        self.cur_tail = tail
        if t.announce:
            due = cur * (n == 2)
            if t.call_mode == 2:
                self._jack_due(due, cur, n, where)
            self.cur_due = due
            """The cards a call may be made with (R_ANNOUNCE: one card left, or ``multi_jack``'s Jacks)."""
        else:
            self.cur_due = self._no_due
        if t.announce and (self.missed.any() or fin.size):
            targets = self.missed.copy()
            targets[fin] |= 1 << self.finisher[fin]
            callouts = targets & ~(1 << seat)
            callouts[over] = 0
            self.cur_callouts = callouts
        else:
            self.cur_callouts = self._no_callouts

    def _jack_due(self, due: np.ndarray, cur: np.ndarray, n: np.ndarray, where: np.ndarray) -> None:
        """R_ANNOUNCE ``multi_jack``: with three cards or more, the call is due with a card that leaves only wishing
        cards of one rank (its lowest card a wishing card; :meth:`~maumau_rules.families.maumau.rules.Announcement.due`).
        Only a hand with at most one card outside one rank, and at most one that wishes nothing, can have such a
        card."""
        C = self.n_cards
        low = cur & (~cur + U64(1))
        outside = cur & ~self.RANKS.take(np.minimum(np.bitwise_count(low - U64(1)), C - 1))
        rest = cur & ~low
        low2 = rest & (~rest + U64(1))
        outside2 = cur & ~self.RANKS.take(np.minimum(np.bitwise_count(low2 - U64(1)), C - 1))
        rows = np.flatnonzero((n > 2) & ((np.bitwise_count(outside) <= 1) | (np.bitwise_count(outside2) <= 1))
                              & (np.bitwise_count(cur & ~self.WISHES) < 2))  # (the scalar engine's shortcut)
        if not rows.size:
            return
        bits = _BIT[None, :C]
        held = cur[rows][:, None]
        twice = (self.layers[1].reshape(-1).take(where[rows])[:, None] & bits) != 0 if self.W > 1 else False
        left = np.where(twice, held, held & ~bits)  # what is left after each card
        lowest = left & (~left + U64(1))
        rank = self.RANKS.take(np.minimum(np.bitwise_count(lowest - U64(1)), C - 1))
        ok = ((held & bits) != 0) & (left != 0) & ((lowest & self.WISHES) != 0) & ((left & ~rank) == 0)
        due[rows] |= np.bitwise_or.reduce(np.where(ok, bits, _ZERO), axis=1)

    def legal_mask(self) -> np.ndarray:
        """The legal actions of every game's seat to act, as a (batch × actions) boolean array in the layout of
        :class:`~maumau_rules.actions.ActionSpace` (a finished game, not yet dealt again, has none).

        >>> eng = BatchEngine("standard", 2, 3, seed=2); m = eng.legal_mask()
        >>> from maumau_rules.actions import ActionSpace
        >>> m.shape[1] == ActionSpace.for_variant("standard", 2).size
        True
        """
        play = (self.cur_playable[:, None] & _BIT[self.A_CARD][None, :]) != 0
        if self.tables.call_mode == 2:
            play &= (self.A_CALL[None, :] == 0) | ((self.cur_due[:, None] & _BIT[self.A_CARD][None, :]) != 0)
        else:
            play &= (self.A_CALL[None, :] == 0) | (self.cur_due[:, None] != 0)
        play &= self.A_ISPLAY[None, :] & self.A_VALID[None, :]
        kind = self.A_KIND[None, :]
        out: np.ndarray = play
        out |= (kind == _K_DRAW) & ((self.cur_tail[:, None] & 2) != 0)
        out |= (kind == _K_PASS) & ((self.cur_tail[:, None] & 1) != 0)
        out |= (kind == _K_CALLOUT) & (((self.cur_callouts[:, None] >> self.A_TARGET[None, :]) & 1) != 0)
        return out

    def sample_random(self, bot_rng: np.ndarray | None = None) -> np.ndarray:
        """A uniformly random legal action for each game's seat to act (a finished game gets ``-1``), from
        ``bot_rng`` (one 64-bit generator state per game, a linear congruential generator whose high bits are
        used, advanced in place; default: the engine's own bot stream).

        >>> eng = BatchEngine("standard", 2, 16, seed=5); a = eng.sample_random()
        >>> bool(eng.legal_mask()[np.arange(16), a].all())
        True
        """
        if bot_rng is None:
            if not hasattr(self, "_bot_rng"):
                self._bot_rng = _mix(self.rng ^ U64(0x5DEECE66D))
            bot_rng = self._bot_rng
        t = self.tables
        bot_rng *= _LCG_A
        bot_rng += _LCG_C
        z = bot_rng  # (its high 32 bits are used)
        playable = self.cur_playable
        pw = playable & self.IN["wishes"]
        po = playable ^ pw
        W = t.wish_forms
        tail = self.cur_tail
        ntail = (tail & 1) + (tail >> 1)
        if t.call_mode == 2:  # a call may be due with some cards and not others: four groups of plays
            due = self.cur_due
            groups = (pw & due, pw & ~due, po & due, po & ~due)
            weights = (W * t.calls, W, t.calls, 1)
            counts = [np.bitwise_count(g).astype(np.int64) * w for g, w in zip(groups, weights, strict=True)]
            nplay = counts[0] + counts[1] + counts[2] + counts[3]
        else:
            nw = np.bitwise_count(pw).astype(np.int64) * W
            nplay = nw + np.bitwise_count(po)
            if t.calls == 2:
                f = (self.cur_due != 0).astype(np.int64)  # (the plays with a call due count twice: a shift)
                nplay <<= f
            elif t.calls > 1:
                f = np.where(self.cur_due != 0, t.calls, 1)
                nplay *= f
        total = nplay + ntail
        if t.announce:
            total += np.bitwise_count(self.cur_callouts)
        r = (((z >> U64(32)) * total.astype(U64)) >> U64(32)).astype(np.int64)  # uniform below total
        if t.call_mode == 2:
            c0, c1, c2 = counts[0], counts[0] + counts[1], counts[0] + counts[1] + counts[2]
            grp = (r >= c0).astype(np.int64) + (r >= c1) + (r >= c2)
            q = r - np.choose(np.minimum(grp, 3), (0, c0, c1, c2))
            w = np.choose(np.minimum(grp, 3), weights)
            k = q // w
            sub = q - k * w
            called = (grp == 0) | (grp == 2)
            call = np.where(called, sub % t.calls, 0)
            form = np.where(called, sub // t.calls, sub)
            chosen = _select_bit(np.choose(np.minimum(grp, 3), groups), k, self.n_cards)
            card = np.minimum(chosen, self.n_cards - 1)
            wish = self._wish_form_flat.take(card * 4 + np.minimum(form, 3)) * (grp <= 1)
            out = self._action_flat.take(card * 15 + wish * 3 + call)
        else:
            if t.calls == 2:
                q = r >> f
                call = r & f
            elif t.calls > 1:
                q = r // f
                call = r - q * f
            else:
                q, call = r, np.zeros_like(r)
            in_w = q < nw
            if W == 4:
                kw, form = q >> 2, q & 3
            else:
                kw = q // W
                form = q - kw * W
            kp = q - nw
            chosen = _select_bit(po ^ ((pw ^ po) * in_w), kp + in_w * (kw - kp), self.n_cards)
            card = np.minimum(chosen, self.n_cards - 1)
            wish = self._wish_form_flat.take(card * 4 + form) * in_w
            out = self._action_flat.take(card * 15 + wish * 3 + call)
        rt = r - nplay
        tails = (r >= nplay) & (rt < ntail)
        if tails.any():
            out += tails * ((((tail & 2) == 0) | (rt != 0)) - out)  # draw (0) first, then pass (1)
        if t.announce:
            calls = np.flatnonzero(r >= nplay + ntail)
            if calls.size:
                rc = (rt - ntail)[calls]
                out[calls] = self.CALLOUT_BASE + _select_bit(self.cur_callouts[calls].astype(U64), rc)
        out[total == 0] = -1
        result: np.ndarray = out
        return result

    def callout_targets(self) -> np.ndarray:
        """Whom a call-out may name in every game, as seat bits (missed calls, and the finisher in phase
        FINISHING; none in a finished game); a seat may not name itself.

        >>> BatchEngine("standard", 2, 3, seed=1).callout_targets().tolist()
        [0, 0, 0]
        """
        bits = self.missed | np.where(self.phase == _FINISHING, 1 << np.maximum(self.finisher, 0), 0)
        out: np.ndarray = np.where(self.end == 0, bits, 0)
        return out

    def sample_interjections(self, bot_rng: np.ndarray, eager: np.ndarray | None = None) -> tuple[np.ndarray,
                                                                                                  np.ndarray]:
        """Random bots' call-outs between turns (as :class:`~maumau_rules.bots.RandomBot` makes them): each other
        seat in turn order that may call someone out does so half of the time, the first one that does moves.
        Where ``eager`` (games × seats) is true the seat always does, naming the first seat it may (as
        :class:`~maumau_rules.families.maumau.bots.HeuristicBot` does). Returns (actions, movers), ``-1`` where nobody
        interjects.

        >>> eng = BatchEngine("standard", 2, 4, seed=1); a, m = eng.sample_interjections(np.zeros(4, dtype=np.uint64))
        >>> bool((a == -1).all())
        True
        """
        B, P = self.batch, self.players
        actions = np.full(B, -1, dtype=np.int64)
        movers = np.full(B, -1, dtype=np.int64)
        fin = self.phase == _FINISHING
        if not self.tables.announce or not (self.missed.any() or fin.any()):
            return actions, movers
        bits = self.missed | np.where(fin, 1 << np.maximum(self.finisher, 0), 0)
        for k in range(1, P):
            p = (self.seat + k * self.dirn) % P
            mine = np.where(self.end == 0, bits & ~(1 << p), 0)
            bot_rng *= _LCG_A
            bot_rng += _LCG_C
            coin = bot_rng >> U64(63)
            keen = eager[np.arange(B), p] if eager is not None else False
            go = (mine != 0) & ((coin == 1) | keen) & (movers < 0)
            if not go.any():
                continue
            bot_rng *= _LCG_A
            bot_rng += _LCG_C
            cnt = _popcount(mine.astype(U64))
            r = (((bot_rng >> U64(32)) * cnt.astype(U64)) >> U64(32)).astype(np.int64)
            r = np.where(keen, 0, r)
            target = _select_bit(mine.astype(U64), np.minimum(r, np.maximum(cnt - 1, 0)))
            actions = np.where(go, self.CALLOUT_BASE + target, actions)
            movers = np.where(go, p, movers)
        return actions, movers

    # ------------------------------------------------------------------ the transition

    def _check(self, actions: np.ndarray, mover: np.ndarray, live: np.ndarray) -> None:
        if actions.shape != (self.batch,) or (live & ((actions < 0) | (actions >= self.A))).any():
            raise ArgumentError(gettext("actions must be {n} action IDs from 0 to {high} (any value for a finished game)")
                                .format(n=self.batch, high=self.A - 1))
        a = np.where(live, actions, 0)
        kind = self.A_KIND[a]
        own = mover == self.seat
        bit = _BIT[self.A_CARD[a]]
        ok = np.where(kind == _K_PLAY, ((self.cur_playable & bit) != 0) & self.A_VALID[a]
                      & ((self.A_CALL[a] == 0) | ((self.cur_due & bit) != 0)), False)
        ok |= (kind == _K_DRAW) & ((self.cur_tail & 2) != 0)
        ok |= (kind == _K_PASS) & ((self.cur_tail & 1) != 0)
        missed_bits = self.missed | np.where(self.phase == _FINISHING, 1 << np.maximum(self.finisher, 0), 0)
        tgt = self.A_TARGET[a]
        ok |= (kind == _K_CALLOUT) & (((missed_bits >> tgt) & 1) != 0) & (tgt != mover) & (self.end == 0)
        ok &= own | (kind == _K_CALLOUT)
        ok |= ~live
        if not ok.all():
            b = int(np.flatnonzero(~ok)[0])
            raise ArgumentError(gettext("action {action} ({move}) is not legal in game {game} for seat {seat}").format(
                action=int(a[b]), move=self.space.moves[int(a[b])], game=b, seat=int(mover[b])))

    def step(self, actions: np.ndarray, movers: np.ndarray | None = None, *, check: bool = True,
             idle: np.ndarray | None = None) -> np.ndarray:
        """Make one move in every game: ``actions[b]`` (an action ID) by the seat to act, or by ``movers[b]`` where
        it is not ``-1`` (a call-out between turns). Returns the indices of the games this move finished (their
        results are in :attr:`finished`; with ``auto_reset`` they are dealt again). The games where ``idle`` is
        true make no move (their actions are not read): the vector env asks seats about call-outs there.

        Raises:
            ArgumentError: an action that is not legal (with ``check``; nothing is changed then).

        >>> eng = BatchEngine("standard", 2, 2, seed=1); eng.step(np.array([0, 0])).size
        0
        >>> eng.step(np.array([5, 5]))
        Traceback (most recent call last):
        ...
        maumau_rules.errors.ArgumentError: action 5 (8♣ mau) is not legal in game 0 for seat 0
        """
        a = np.asarray(actions, dtype=np.int64)
        before_seat = self.seat.copy()
        mover = before_seat if movers is None else np.where(np.asarray(movers) >= 0, movers, self.seat)
        live = self.end == 0
        if idle is not None:
            live &= ~np.asarray(idle, dtype=bool)
        all_live = bool(live.all())
        if check:
            self._check(a, mover, live)
        t = self.tables
        self._stepno += 1
        if all_live:
            self.turn += 1
            kind = self.A_KIND.take(a)
        else:
            a = np.where(live, a, 0)
            self.turn += live
            kind = np.where(live, self.A_KIND.take(a), -1)
        if t.announce and self.missed.any():  # a move that is not a call-out closes windows
            g = np.flatnonzero((kind >= 0) & (kind != _K_CALLOUT) & (self.missed != 0))
            if g.size:
                own = 1 << mover[g]
                if t.window_next:
                    self.missed[g] &= own
                else:
                    self.missed[g] &= ~own
        if t.reshuffle:  # the draws and call-outs of this move that run the stock out reshuffle at once, in one go
            self._reshuffle_before(kind)
        ip = np.flatnonzero(kind == _K_PLAY)
        if ip.size:
            self._play(ip, mover[ip], a[ip])
        idr = np.flatnonzero(kind == _K_DRAW)
        if idr.size:
            self._draw_move(idr, mover[idr])
        ips = np.flatnonzero(kind == _K_PASS)
        if ips.size:
            self._pass(ips, mover[ips])
        ic = np.flatnonzero(kind == _K_CALLOUT)
        if ic.size:
            tgt = self.A_TARGET[a[ic]]
            at = ic * self.players + tgt
            before = self._size_at(at)
            caught = (self.phase[ic] == _FINISHING) & (tgt == self.finisher[ic])  # "nisi najavio": play goes on
            self._draw(ic, tgt, np.full(ic.size, t.call_penalty))
            plain = ~caught
            self.missed[ic[plain]] &= ~(1 << tgt[plain])
            if caught.any():
                gc, sc = ic[caught], tgt[caught]
                self.finisher[gc] = -1
                self._pass_on(gc, sc, self.top[gc])
            self.penalties[ic] += 1
            self.penalty_cards[ic] += self._size_at(at) - before
        limit = np.flatnonzero(self.turn >= t.max_moves)
        if limit.size:
            limit = limit[live[limit] & (self.end[limit] == 0)]
            if limit.size:
                self._finish_by_count(limit, 3)
        ended = self.end != 0
        if self.count_turns:
            turned = ended | (self.seat != before_seat) | ((self.phase == _PLAY) & ((kind == _K_PLAY)
                                                                                  | (kind == _K_PASS)))
            self.turns += turned if all_live else live & turned
        done = np.flatnonzero(ended if all_live else live & ended)
        if done.size:
            self.finished = self._results(done)
            self.games_done += done.size
            if self.auto_reset:
                self._deal(done)
        else:
            self.finished = {}
        self._legal()
        return done

    def _reshuffle_before(self, kind: np.ndarray) -> None:
        """Reshuffle, before the move, the games whose draw (a penalty or one card) or call-out (its penalty) will
        run the stock out: nothing of the discard pile or the generator changes before those draws, so it is the
        reshuffle :meth:`_draw` would make, made for all of them in one call instead of one per kind of draw."""
        need = np.maximum(self.pend, 1) * (kind == _K_DRAW)
        if self.tables.call_penalty:
            need[kind == _K_CALLOUT] = self.tables.call_penalty
        short = np.flatnonzero((need > self.nst) & (self.nd > 1))
        if short.size:
            self._reshuffle(short)

    def _play(self, g: np.ndarray, s: np.ndarray, a: np.ndarray) -> None:
        t = self.tables
        P = self.players
        c = self.A_CARD[a]
        k = self.A_CALL[a]
        bit = _BIT[c]
        hands = self.hands.reshape(-1)
        where = g * P + s
        series = self.has_series
        # the call before this play
        standing = self.ann.reshape(-1).take(where) if t.judges_finish or series else None
        if self.W == 1:
            before = hands.take(where)
            n = np.bitwise_count(before)
            hands[where] = before & ~bit
        else:
            n = self._size_at(where)
            self._take(where, bit)
        if series:  # the turn's cards so far (the scalar engine's turn_plays)
            earlier = self.tp_n[g]
            first = np.where(earlier > 0, self.tp_first[g], c)
            self.tp_n[g] = earlier + 1
            self.tp_first[g] = first
            self.tp_jacks[g] += self.BONUS[c]
            self.acc_skip[g] += self.OP_SKIPN[c]
            self.acc_pass[g] |= self.OP_SKIPP[c]
            self.acc_rev[g] += self.OP_REVN[c]
            self.acc_two[g] |= self.OP_REV2[c]
        nd = self.nd[g]
        self.disc.reshape(-1)[g * self.N + nd] = c
        self.nd[g] = nd + 1
        self.top[g] = c
        self.passes[g] = 0
        self.drawn[g] = -1
        self.fresh[g] = True
        self.anyc[g] = False
        self.wish[g] = 0
        if t.announce:
            said = (k != 0) | ((n == 2) & t.judges_finish)  # the word said for the last card replaces the call
            self.ann[g[said], s[said]] = k[said]
            wrong = (n == 2) & (k == 0)  # a mistake the table sees (a call made with a card is due with it)
            if t.call_mode == 2:
                wrong |= (n > 2) & (k == 1)
            if wrong.any():
                if t.call_automatic:
                    w = np.flatnonzero(wrong)
                    self._draw(g[w], s[w], np.full(w.size, t.call_penalty))
                else:
                    self.missed[g[wrong]] |= 1 << s[wrong]
        flags = self.FLAGS.take(c)
        m = np.flatnonzero((flags & _F_WISH) != 0)
        if m.size:
            self.wish[g.take(m)] = self.A_WISH.take(a.take(m))
        m = (flags & _F_FREE) != 0
        if m.any():
            self.anyc[g[m]] = True
        m = (flags & _F_DEMAND) != 0
        if m.any():
            self.wish[g[m]] = self.SUIT[c[m]]
        m = (flags & _F_CANCEL) != 0
        if m.any():
            self.pend[g[m]] = 0
            self.stack_skip[g[m]] = False
        for amounts, whos in (self.OP_DRAWS if ((flags & _F_DRAWS) != 0).any() else ()):
            amount = amounts[c]
            m = amount > 0
            if not m.any():
                continue
            gg, ss, am, who = g[m], s[m], amount[m], whos[c[m]]
            d = self.dirn[gg]
            for code, steps in ((0, (1,)), (1, (-1,)), (2, tuple(range(1, P))), (3, tuple(range(P)))):
                sel = who == code
                if not sel.any():
                    continue
                for st in steps:
                    self._draw(gg[sel], (ss[sel] + d[sel] * st) % P, am[sel])
        m = (flags & _F_PENDING) != 0
        if m.any():
            gm, cm = g[m], c[m]
            self.pend[gm] += self.OP_PEND[cm]
            self.stack_skip[gm] |= self.PENALTY_SKIP[cm]
        m = (flags & _F_SKIPP) != 0
        if m.any():
            m &= self.pskip[g] > 0
            self.pskip[g[m]] = 0
        out = hands.take(where) == 0
        if out.any():
            o = np.flatnonzero(out)
            go, so, co = g[o], s[o], c[o]
            stop = (_BIT[co] & self.IN["again_no_finish"]) != 0  # an empty hand must draw and play on
            self.phase[go[stop]] = _PLAY
            if series:
                self._turn_done(go[stop])
            fin = ~stop
            if t.judges_finish and fin.any():
                assert standing is not None
                call = standing[o]
                jack = (_BIT[co] & self.IN["wishes"]) != 0
                right = np.where(jack & (t.calls == 3), 2, 1)
                wrong = (t.calls == 3) & (call != 0) & (call != right)
                stands = (t.unannounced == 0) | ((t.unannounced == 2) & ~jack) | (call == right)
                if series:  # the call of an earlier card of this same series counts
                    stands |= (call == 0) & (earlier[o] > 0)
                judged = fin & (wrong | ~stands)
                if judged.any():
                    gj, sj = go[judged], so[judged]
                    if t.call_automatic:  # caught at once: he draws, play goes on from him
                        self._draw(gj, sj, np.full(gj.size, t.call_penalty))
                        self._pass_on(gj, sj, co[judged])
                    else:  # the others may call him out, or let the win stand
                        self.phase[gj] = _FINISHING
                        self.finisher[gj] = sj
                        self.seat[gj] = (sj + self.dirn[gj]) % P
                fin &= ~judged
            go, so, co = go[fin], so[fin], co[fin]
            if go.size:
                self._finish(go, so, co)
        on = np.flatnonzero(~out)
        if not on.size:
            return
        g, s, c = g[on], s[on], c[on]
        if series:  # R_SERIES, R_WILD_FINISH_SERIES: the series phase opens (from what the table sees)
            first, call = first[on], standing[on] if standing is not None else None
            opens = np.zeros(g.size, dtype=bool)
            for starts, need in self.OPENS:
                o = ((_BIT[c] & starts) != 0) & ((_BIT[first] & starts) != 0)
                if need:
                    o &= call == need
                opens |= o
            if opens.any():
                self.phase[g[opens]] = _SERIES
                g, s, c = g[~opens], s[~opens], c[~opens]
        self._pass_on(g, s, c)

    def _turn_done(self, g: np.ndarray) -> None:
        """The turn is over in games ``g``: no card of it is kept (the scalar turn_plays is empty)."""
        self.tp_n[g] = 0
        self.tp_jacks[g] = 0
        self.acc_skip[g] = 0
        self.acc_pass[g] = False
        self.acc_rev[g] = 0
        self.acc_two[g] = False

    def _finish(self, go: np.ndarray, so: np.ndarray, co: np.ndarray) -> None:
        """Seats ``so`` went out in games ``go`` with cards ``co``: the round ends (R_FINAL_CARD_EFFECTS: a pending
        draw the card left is still drawn)."""
        t = self.tables
        P = self.players
        if go.size:
            self.phase[go] = _OVER
            self.end[go] = 1
            self.winner[go] = so
            self.last_card[go] = co
            if t.final_word:
                self.ann[go, so] = 2
            self.missed[go] = 0
            if t.final_card_effects:
                pend = self.pend[go] > 0
                if pend.any():
                    gp = go[pend]
                    steps = 1 + (self.acc_skip[gp] if self.has_series else self.OP_SKIPN[co[pend]])
                    self._draw(gp, (so[pend] + self.dirn[gp] * steps) % P, self.pend[gp])
            self.pend[go] = 0
            self.stack_skip[go] = False
            self.pskip[go] = 0

    def _pass_on(self, g: np.ndarray, s: np.ndarray, c: np.ndarray) -> None:
        """The turn passes on in games ``g`` after seat ``s`` played card ``c``: its skips, reversal or another
        turn (:func:`~maumau_rules.families.maumau.turn.end_turn` of one card)."""
        P = self.players
        self.phase[g] = _PLAY
        if self.has_series:  # every card of the turn: their skips and reversals, the last card's another turn
            rev = self.acc_rev[g] % 2 == 1
            two = self.acc_two[g]
            skips = self.acc_skip[g]
            passable_skip = self.acc_pass[g]
            self._turn_done(g)
        else:
            passing = np.flatnonzero((self.FLAGS.take(c) & _F_PASSING) != 0)
            if passing.size < g.size:  # the plain cards: the next seat in the direction of play
                self.seat[g] = self._mod(s + self.dirn[g])
            if not passing.size:
                return
            g, s, c = g[passing], s[passing], c[passing]
            rev = self.OP_REV[c]
            two = self.OP_REV2[c]
            skips = self.OP_SKIPN[c]
            passable_skip = self.OP_SKIPP[c]
        self.dirn[g[rev]] *= -1
        d = self.dirn[g]
        same = (rev & two & (P == 2)) | (~(rev & two & (P == 2)) & self.OP_AGAIN[c])
        passable = ~same & (skips > 0) & passable_skip
        self.pskip[g[passable]] = skips[passable]
        nxt = np.where(same, s, np.where(passable, s + d, s + d * (1 + skips))) % P
        self.seat[g] = nxt

    def _mod(self, x: np.ndarray) -> np.ndarray:
        """``x % players`` (a mask where the count is a power of two: cheaper than a division)."""
        P = self.players
        out: np.ndarray = x & (P - 1) if P & (P - 1) == 0 else x % P
        return out

    def _draw_move(self, g: np.ndarray, s: np.ndarray) -> None:
        t = self.tables
        fresh = self.fresh[g]
        self.fresh[g] = False
        self.passes[g] = 0
        pen = self.pend[g] > 0
        if pen.any():
            gp, sp = g[pen], s[pen]
            at = gp * self.players + sp
            before = self._size_at(at)
            self._draw(gp, sp, self.pend[gp])
            self.penalties[gp] += 1
            self.penalty_cards[gp] += self._size_at(at) - before
            ends = t.penalty_ends_turn | self.stack_skip[gp]
            self.pend[gp] = 0
            self.stack_skip[gp] = False
            ge = gp[ends]
            self.seat[ge] = self._mod(sp[ends] + self.dirn[ge])
            self.phase[ge] = _PLAY
        free = ~pen
        if free.any():
            gf, sf = g[free], s[free]
            _, last = self._draw(gf, sf, np.ones(gf.size, dtype=np.int64))
            if t.draw_until:  # R_DRAW_UNTIL_SUIT: under its demand, draw on until a card of the suit comes
                more = np.flatnonzero(fresh[free] & self.DRAW_UNTIL[self.top[gf]] & (self.phase[gf] == _PLAY))
                while more.size:
                    more = more[(last[more] >= 0) & (self.SUIT[np.maximum(last[more], 0)] != self.wish[gf[more]])]
                    if not more.size:
                        break
                    got, extra = self._draw(gf[more], sf[more], np.ones(more.size, dtype=np.int64))
                    more = more[got > 0]
                    last[more] = extra[got > 0]
            self.drawn[gf] = last
            self.phase[gf] = _DRAWN

    def _pass(self, g: np.ndarray, s: np.ndarray) -> None:
        t = self.tables
        P = self.players
        self.drawn[g] = -1
        if self.has_series:
            ser = self.phase[g] == _SERIES
            if ser.any():  # the series ends: the turn passes on after its cards
                self._pass_on(g[ser], s[ser], self.top[g[ser]])
                g, s = g[~ser], s[~ser]
        if t.judges_finish:
            fin = self.phase[g] == _FINISHING
            if fin.any():  # nobody called the finisher out: his win stands
                gf = g[fin]
                self._finish(gf, self.finisher[gf], self.top[gf])
                self.finisher[gf] = -1
                g, s = g[~fin], s[~fin]
        self.fresh[g] = False
        drawn = self.phase[g] == _DRAWN
        gd = g[drawn]
        self.phase[gd] = _PLAY
        self.seat[gd] = self._mod(s[drawn] + self.dirn[gd])
        rest = ~drawn
        skip = rest & (self.pskip[g] > 0)
        gs = g[skip]
        self.seat[gs] = self._mod(s[skip] + self.dirn[gs] * self.pskip[gs])
        self.pskip[gs] = 0
        plain = rest & ~skip
        gp = g[plain]
        self.passes[gp] += 1
        self.seat[gp] = self._mod(s[plain] + self.dirn[gp])
        if t.blocked_end:
            can = (self.nst[gp] > 0) | ((self.nd[gp] > 1) if t.reshuffle else False)
            if not t.can_draw_at_all:
                can = np.zeros(gp.size, dtype=bool)
            blocked = (self.passes[gp] >= P) & ~can
            if blocked.any():
                self._finish_by_count(gp[blocked], 2)

    def _finish_by_count(self, g: np.ndarray, reason: int) -> None:
        ph = self.phase[g]
        self.last_card[g] = np.where((ph == _SERIES) | (ph == _FINISHING), self.top[g], -1)  # turn_plays[-1]
        sizes = self.hand_sizes()[g]
        low = sizes.min(axis=1)
        ties = (sizes == low[:, None]).sum(axis=1)
        self.winner[g] = np.where(ties == 1, sizes.argmin(axis=1), -1)
        self.end[g] = reason
        self.phase[g] = _OVER
        self.pend[g] = 0
        self.stack_skip[g] = False
        self.pskip[g] = 0
        self.drawn[g] = -1
        self.missed[g] = 0

    def _draw(self, g: np.ndarray, seats: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Seats ``seats`` of games ``g`` (distinct games) draw ``n`` cards each from the end of the stock,
        reshuffling the discard pile under its top card when the stock runs out (R_RESHUFFLE), as
        :func:`~maumau_rules.zones.draw_cards` does. Returns the cards each drew and the last card drawn (``-1``:
        none).

        The discard pile does not change while cards are drawn, so the stock a reshuffle makes is known before
        the old stock's last cards are drawn: it goes under them, and each game reshuffles at most once."""
        t = self.tables
        need = np.asarray(n, dtype=np.int64)
        if need.size and need.min() == 1 and need.max() == 1:
            return self._draw1(g, seats)
        if t.reshuffle:
            short = g[(self.nst[g] < need) & (self.nd[g] > 1)]
            if short.size:
                self._reshuffle(short)
        nst = self.nst[g]
        take = np.minimum(need, nst)
        last = np.full(g.size, -1, dtype=np.int64)
        hands = self.hands.reshape(-1)
        stock = self.stock.reshape(-1)
        for k in range(int(take.max(initial=0))):
            rows = np.flatnonzero(take > k)
            gg = g[rows]
            card = stock.take(gg * (2 * self.N) + nst[rows] - 1 - k).astype(np.int64)
            if self.W == 1:
                hands[gg * self.players + seats[rows]] |= _BIT[card]
            else:
                self._give(gg * self.players + seats[rows], _BIT[card])
            last[rows] = card
        self.nst[g] = nst - take
        if t.calls_lapse:
            m = take > 0
            self.ann[g[m], seats[m]] = 0
        return take, last

    def _draw1(self, g: np.ndarray, seats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`_draw` of one card each (the common case), in one pass."""
        t = self.tables
        nst = self.nst[g]
        empty = nst == 0
        ok: np.ndarray | None = None
        if empty.any():
            e = g[empty]
            if t.reshuffle:
                can = e[self.nd[e] > 1]
                if can.size:
                    self._reshuffle(can)
                    nst = self.nst[g]
            ok = nst > 0
            gg, ss, nst = g[ok], seats[ok], nst[ok]
        else:
            gg, ss = g, seats
        nst = nst - 1
        top = self.stock.reshape(-1).take(gg * (2 * self.N) + nst).astype(np.int64)
        self.nst[gg] = nst
        if self.W == 1:
            self.hands.reshape(-1)[gg * self.players + ss] |= _BIT[top]
        else:
            self._give(gg * self.players + ss, _BIT[top])
        if ok is None:
            got, last = np.ones(g.size, dtype=np.int64), top
        else:
            got = ok.astype(np.int64)
            last = np.full(g.size, -1, dtype=np.int64)
            last[ok] = top
        if t.calls_lapse:
            self.ann[gg, ss] = 0
        return got, last

    def _reshuffle(self, g: np.ndarray) -> None:
        """In games ``g``, the discard pile under its top card goes under the stock (what is left of it), shuffled
        exactly as the scalar engine shuffles it (:func:`~maumau_rules.rng.shuffle`: Fisher-Yates, one bounded draw per card from the
        last card down, from the game's generator), for all the games at once."""
        count = self.nd[g] - 1
        M = int(count.max())
        rows = np.arange(g.size)
        pile = np.ascontiguousarray(self.disc[g, :M], dtype=np.int64)
        if M >= 2 and g.size <= _FEW:  # a few games: the scalar shuffle, game by game (the same stock, sooner)
            for x, b in enumerate(g.tolist()):
                n = int(count[x])
                stock, state = _rng.shuffle(tuple(pile[x, :n].tolist()), int(self.rng[b]))
                pile[x, :n] = stock
                self.rng[b] = state
        elif M >= 2:
            k = np.arange(1, M, dtype=U64)
            z = _mix(self.rng[g][:, None] + k[None, :] * U64(_GAMMA))
            n = (count[:, None] - np.arange(M - 1)[None, :])
            live = n >= 2
            nn = np.maximum(n, 1).astype(U64)
            rem = self._rem.take(np.maximum(n, 1))
            rejected = live & (rem != 0) & (z >= U64(0) - rem)
            j = (z % nn).astype(np.int64)
            base = (rows * M)[:, None]
            tops = (base + (n - 1) * live).T  # a swap of a place with itself where a game has fewer cards: nothing
            js = (base + j * live).T
            places = np.concatenate([tops, js], axis=1)  # swap i: the places, and where their cards come from
            sources = np.concatenate([js, tops], axis=1)
            flat = pile.reshape(-1)
            for i in range(M - 1):
                flat[places[i]] = flat.take(sources[i])
            self.rng[g] += np.where(count >= 2, (count - 1).astype(U64) * U64(_GAMMA), _ZERO)
            for x in np.flatnonzero(rejected.any(axis=1)).tolist():  # a draw rejected (odds below 2**-56 a card)
                b = int(g[x])
                self.rng[b] -= U64(int(count[x] - 1) * _GAMMA % (1 << 64))
                cards = tuple(self.disc[b, :count[x]].tolist())
                stock, state = _rng.shuffle(cards, int(self.rng[b]))
                pile[x, :count[x]] = stock
                self.rng[b] = state
        old = self.nst[g]  # cards left in the old stock: they stay on top (drawn first)
        K = int(old.max())
        kept = self.stock[g, :K] if K else None
        self.stock[g, :M] = pile
        if kept is not None:  # (past each game's cards: garbage, inside the row, which is twice the deck wide)
            self.stock[g[:, None], count[:, None] + np.arange(K)[None, :]] = kept
        self.nst[g] = count + old
        self.disc[g, 0] = self.disc[g, self.nd[g] - 1]
        self.nd[g] = 1
        first = g[self._resh_mark[g] != self._stepno]  # a move's reshuffles count once (as the scalar tally does)
        self.reshuffles[first] += 1
        self._resh_mark[g] = self._stepno

    # ------------------------------------------------------------------ results

    def points(self, g: np.ndarray) -> np.ndarray:
        """Each seat's round points (R_SCORE_*) in the finished games ``g``, as the scalar
        :func:`~maumau_rules.scoring.round_points` gives them (games × seats).

        >>> eng = BatchEngine("standard", 2, 2); eng.points(np.arange(2)).shape
        (2, 2)
        """
        t = self.tables
        P = self.players
        hands = self.hands[g]
        winner = self.winner[g]
        seats = np.arange(P)[None, :]
        is_win = seats == winner[:, None]
        shifts = np.arange(self.n_cards, dtype=U64)[None, None, :]
        bits = ((hands[:, :, None] >> shifts) & U64(1)).astype(np.int64)
        for layer in self.layers[1:]:
            bits += ((layer[g][:, :, None] >> shifts) & U64(1)).astype(np.int64)
        values = bits @ self.VALUES
        counts = bits.sum(axis=2)
        last = self.last_card[g]
        jack = (last >= 0) & ((_BIT[np.maximum(last, 0)] & self.IN["multiplier_cards"]) != 0) & (winner >= 0)
        mult = np.where(jack, t.multiplier, 1)[:, None]
        if t.scoring == "R_SCORE_WIN_POINTS":
            wins: np.ndarray = is_win.astype(np.int64)
            return wins
        if t.scoring == "R_SCORE_PENALTY_POINTS":
            pts = (counts if t.count_cards else values) * mult
            return np.where(is_win, 0, pts)
        if t.scoring == "R_SCORE_WINNER_COLLECTS":
            total = (np.where(is_win, 0, values).sum(axis=1)[:, None]) * mult
            return np.where(is_win, total, 0)
        if t.scoring == "R_SCORE_ELIMINATION":  # the winner's bonus by the wild Jacks of his last turn
            jacks = self.tp_jacks[g] if self.has_series else np.where(last >= 0, self.BONUS[np.maximum(last, 0)], 0)
            jacks = np.where(winner >= 0, jacks, 0)
            bonus = np.array(t.winner_bonus or (0,), dtype=np.int64)
            won = bonus[np.minimum(jacks, bonus.size - 1)][:, None]
            return np.where(is_win, won, values)
        if t.scoring == "R_SCORE_HAND_SHRINK":
            if t.last_with_cards:
                most = counts.max(axis=1)[:, None]
                lost = (counts == most) & ~is_win
            else:
                lost = ~is_win
            return np.where(lost, 0, 1)
        return np.zeros((g.size, P), dtype=np.int64)

    def rewards(self, g: np.ndarray) -> np.ndarray:
        """Each seat's reward in the finished games ``g``: round points times the variant's sign
        (:func:`~maumau_rules.adapters.encoding.reward_sign`; higher is better).

        >>> BatchEngine("standard-points", 2, 1).rewards(np.arange(1)).dtype
        dtype('float32')
        """
        return (self.points(g) * self.tables.sign).astype(np.float32)

    def _results(self, g: np.ndarray) -> dict[str, np.ndarray]:
        return {"index": g, "winner": self.winner[g].copy(), "end": self.end[g].copy(),
                "decisions": self.turn[g].copy(), "turns": self.turns[g].copy(),
                "reshuffles": self.reshuffles[g].copy(), "penalties": self.penalties[g].copy(),
                "penalty_cards": self.penalty_cards[g].copy(), "first": self.first[g].copy(),
                "direction": self.start_dir[g].copy(), "points": self.points(g),
                "rewards": self.rewards(g)}

    def snapshot(self, b: int) -> dict[str, Any]:
        """Game ``b``'s state in the scalar engine's terms (cards, suits, phases, calls, the end), for comparison
        with :func:`scalar_snapshot`.

        >>> BatchEngine("standard", 2, 1, seed=4).snapshot(0)["phase"]
        <Phase.PLAY: 'play'>
        """
        t = self.tables
        cards = t.cards

        def hand(p: int) -> tuple[Card, ...]:
            return tuple(cards[i] for i, n in enumerate(self.hand_counts(b, p)) for _ in range(n))

        suits = (None, *FRENCH_SUITS)
        phase = PHASES[int(self.phase[b])]
        plays = None
        if self.has_series and phase in (Phase.SERIES, Phase.FINISHING):
            plays = (int(self.tp_n[b]), cards[int(self.tp_first[b])])
        return {
            "hands": tuple(hand(p) for p in range(self.players)), "turn_plays": plays,
            "stock": tuple(cards[i] for i in self.stock[b, :self.nst[b]].tolist()),
            "discard": tuple(cards[i] for i in self.disc[b, :self.nd[b]].tolist()),
            "seat_to_act": int(self.seat[b]), "direction": int(self.dirn[b]), "phase": PHASES[int(self.phase[b])],
            "pending_draw": int(self.pend[b]), "penalty_skips": bool(self.stack_skip[b]),
            "pending_skip": int(self.pskip[b]), "wished_suit": suits[int(self.wish[b])],
            "any_card": bool(self.anyc[b]), "drawn": None if self.drawn[b] < 0 else cards[int(self.drawn[b])],
            "announced": tuple(_CALLS[int(x)] for x in self.ann[b]),
            "missed_calls": frozenset(p for p in range(self.players) if (int(self.missed[b]) >> p) & 1),
            "fresh": bool(self.fresh[b]), "passes": int(self.passes[b]), "turn": int(self.turn[b]),
            "rng": int(self.rng[b]), "winner": None if self.winner[b] < 0 else int(self.winner[b]),
            "end": END_REASONS[int(self.end[b])],
        }


def scalar_snapshot(state: Any) -> dict[str, Any]:
    """A scalar game state in the terms of :meth:`BatchEngine.snapshot`.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", 2, seed=4); eng = BatchEngine("standard", 2, 1); eng.load([s])
    >>> scalar_snapshot(s) == eng.snapshot(0)
    True
    """
    f = state.__dict__
    skip = state.variant.plan.penalty_skip_cards
    plays = None
    if state.variant.plan.series_hooks and f["phase"] in (Phase.SERIES, Phase.FINISHING):
        plays = (len(f["turn_plays"]), f["turn_plays"][0])
    return {
        "hands": tuple(tuple(h) for h in state.hands), "stock": tuple(f["stock"]), "discard": tuple(f["discard"]),
        "seat_to_act": f["seat_to_act"], "direction": f["direction"], "phase": f["phase"],
        "pending_draw": f["pending_draw"], "penalty_skips": any(c in skip for c in f["penalty_stack"]),
        "pending_skip": f["pending_skip"], "wished_suit": f["wished_suit"], "any_card": f["any_card"],
        "drawn": f["drawn"], "announced": tuple(f["announced"]), "missed_calls": frozenset(f["missed_calls"]),
        "fresh": f["fresh"], "passes": f["passes"], "turn": f["turn"], "rng": f["rng"] & ((1 << 64) - 1),
        "winner": f["winner"], "end": f["end"], "turn_plays": plays,
    }
