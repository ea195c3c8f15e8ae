"""``simulate`` on the batch engine: the same counts and estimates as :func:`maumau_rules.simulate.simulate`, from
games played B at a time (``maumau simulate --engine batch``).

The games come from the batch engine's own generators, so a run is reproducible from its seed but deals other
games than the scalar run of the same seed: the two agree in distribution, within their intervals (a test says
so). Every slot of the batch plays whole games up to its share of the total, so short games are not favoured.

>>> r = simulate_batch("prsi", 2, games=20, seed=1, batch=20)
>>> cell = r.cells[0]
>>> cell.games, sum(cell.wins_by_seat) + cell.no_winner
(20, 20)
>>> simulate_batch("prsi", 2, games=20, seed=1, batch=20) == r
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ....extras import require
from ....simulate import CellResult, GameFacts, SimulationError, SimulationResult, lineup_for, statistics_of
from ....variants import Variant, find_variant
from ..tables import compile_tables
from .engine import END_REASONS, BatchEngine

__all__ = ["BACKENDS", "BATCH_BOTS", "simulate_batch"]

BACKENDS = ("numpy", "jax")
"""The array libraries :func:`simulate_batch` runs on (``jax``: the ``jax`` extra)."""
BATCH_BOTS = ("random", "heuristic")
"""The bots the batch engine plays (over legal-move masks)."""


class HeuristicPolicy:
    """:class:`~maumau_rules.families.maumau.bots.HeuristicBot` over an engine's masks: every legal play scored by the bot's tips
    (keep wild cards, hurt a player close to finishing with penalty and skip cards, shed high cards, keep a suit
    held, wish the suit held most, say the call that is due), computed for all games at once; a call-out first,
    else the best play (the first best in action order), else draw, else pass.

    The call due is the scalar :func:`~maumau_rules.families.maumau.engine.call_due`'s, for every play of every
    game: with one card left the word (R_ANNOUNCE ``jack_word``: the other word where the card left is a wishing
    card; a card held twice leaves itself), and with more cards the Jack word where ``multi_jack`` makes it due
    (the engine's due cards).

    >>> eng = BatchEngine("standard", 2, 8, seed=1); a = HeuristicPolicy(eng).actions()
    >>> bool(eng.legal_mask()[np.arange(8), a].all())
    True
    """

    def __init__(self, eng: BatchEngine) -> None:
        t = eng.tables
        self.eng = eng
        roles = eng.variant.plan.roles
        card_roles = [roles.get(c, frozenset()) for c in t.cards]
        base = np.array([int(c.rank) / 20.0 + (2.0 if "again" in r else 0.0) for c, r in zip(t.cards, card_roles,
                                                                                           strict=True)])
        c = eng.A_CARD
        self.BASE = 10.0 + base[c]
        self.WILD = np.array(["wild" in r for r in card_roles])[c] & eng.A_ISPLAY
        self.HURTS = np.array(["penalty" in r or "skip" in r for r in card_roles])[c] & eng.A_ISPLAY
        self.SUIT = eng.SUIT[c]
        self.SUITS = [np.uint64(sum(1 << i for i, code in enumerate(t.suit_code) if code == s)) for s in range(5)]
        self.CALLOUTS = eng.A_KIND == 3
        self.BITS = (np.uint64(1) << eng.A_CARD.astype(np.uint64))[None, :]
        """Each action's card, as a card set (1 × actions)."""

    def actions(self) -> np.ndarray:
        """The bot's move for every game's seat to act (``-1`` where a game has none).

        >>> eng = BatchEngine("prsi", 3, 4, seed=2); HeuristicPolicy(eng).actions().shape
        (4,)
        """
        eng = self.eng
        B, P = eng.batch, eng.players
        rows = np.arange(B)
        mask = eng.legal_mask()
        sizes = eng.hand_sizes()
        n = sizes[rows, eng.seat]
        threat = sizes[rows, (eng.seat + eng.dirn) % P] <= 2
        held = np.zeros((B, 5), dtype=np.int64)  # the cards of each suit in the hand of the seat to act
        for layer in eng.layers:
            cur = layer[rows, eng.seat]
            for s in range(1, 5):
                held[:, s] += np.bitwise_count(cur & self.SUITS[s])
        own = held[:, self.SUIT]  # (games x actions) the card's suit, held, the card itself included
        rest_suit = own - (self.SUIT != 0)[None, :]
        score = self.BASE[None, :] - 8.0 * (self.WILD[None, :] & (n[:, None] - 1 > 1))
        score = score + np.where(self.HURTS[None, :], np.where(threat, 4.0, 1.0)[:, None], 0.0)
        score = score + 0.3 * rest_suit * (self.SUIT != 0)[None, :]
        wish = eng.A_WISH
        wished = held[:, wish] - (wish[None, :] == self.SUIT[None, :])
        score = score + np.where(wish[None, :] != 0, 0.5 * wished - 0.2 * (wished == 0), 0.0)
        score = score + 5.0 * (eng.A_CALL[None, :] == self._due(n))
        plays = mask & eng.A_ISPLAY[None, :]
        best = np.where(plays, score, -np.inf).argmax(axis=1)
        out = np.where(plays.any(axis=1), best, np.where(mask[:, 0], 0, mask.argmax(axis=1)))
        callout = mask & self.CALLOUTS[None, :]
        out = np.where(callout.any(axis=1), callout.argmax(axis=1), out)
        result: np.ndarray = np.where(mask.any(axis=1), out, -1)
        return result

    def _due(self, n: np.ndarray) -> np.ndarray:
        """The call due (0 none, 1 ``MAU``, 2 ``MAU_MAU``) with every action's card in every game (games x
        actions), where the seat to act holds ``n`` cards."""
        eng = self.eng
        t = eng.tables
        if not t.announce:
            return np.zeros((eng.batch, 1), dtype=np.int64)
        last: np.ndarray = (n == 2)[:, None]
        if t.calls < 3:  # one word: due with one card left
            one: np.ndarray = last.astype(np.int64)
            return one
        rows = np.arange(eng.batch)
        cur = eng.hands[rows, eng.seat][:, None]
        left = cur & ~self.BITS
        if eng.W > 1:  # a card held twice leaves a copy of itself
            left = np.where((eng.layers[1][rows, eng.seat][:, None] & self.BITS) != 0, cur, left)
        due = np.where(last, np.where((left & eng.WISHES) != 0, 2, 1), 0)
        if t.call_mode == 2:  # multi_jack: due with more cards too, with the cards the engine found
            due = np.where((n > 2)[:, None] & ((eng.cur_due[:, None] & self.BITS) != 0), 2, due)
        out: np.ndarray = due
        return out


def simulate_batch(
    variant: Variant | str,
    players: int | None = None,
    *,
    games: int = 1000,
    seed: int = 0,
    batch: int | None = None,
    bots: Sequence[str] = ("random",),
    progress: Callable[[int, int], None] | None = None,
    backend: str = "numpy",
) -> SimulationResult:
    """Play ``games`` games of ``variant`` with ``players`` seats (default: its smallest table) on the batch
    engine with the bots ``bots`` seat by seat (``random`` or ``heuristic``, repeated to fill the seats and turned
    one seat on from slot to slot of the batch, as :func:`~maumau_rules.simulate.lineup_for` turns them; call-outs
    between turns included, as :class:`~maumau_rules.bots.RandomBot` and :class:`~maumau_rules.families.maumau.bots.HeuristicBot`
    make them), and measure them as :func:`~maumau_rules.simulate.simulate` does.

    Args:
        batch: games played at once (default: up to 4096).
        progress: called with (games done, games in all) after every move that finishes games.
        backend: ``numpy`` (default), or ``jax``: the step compiled by jax
            (:class:`~maumau_rules.families.maumau.batch.jax_engine.JaxEngine`, the ``jax`` extra), random bots
            only, the variants :func:`~maumau_rules.families.maumau.batch.jax_engine.jax_coverage` accepts. Its
            games come from jax's generators: other games than numpy's of the same seed, the same statistics
            within their intervals (a test says so).

    Raises:
        SimulationError: a bot the batch engine (or the jax backend) does not play, no games, a player count
            outside the variant's range, or an unknown backend. VariantError: the variant has no table form, or
            the jax step does not run it (the message names the rule). MissingExtraError: ``jax`` is not
            installed (the message names the extra).

    >>> simulate_batch("standard", 2, games=10, bots=("ismcts",))
    Traceback (most recent call last):
    ...
    maumau_rules.simulate.SimulationError: the batch engine plays the random and heuristic bots only, not 'ismcts' (--bots random)
    """
    v = find_variant(variant)
    if backend not in BACKENDS:
        raise SimulationError(f"backend {backend!r}: choose numpy or jax")
    for name in bots:
        if name not in BATCH_BOTS:
            raise SimulationError(f"the batch engine plays the random and heuristic bots only, not {name!r} "
                                  "(--bots random)")
    if type(games) is not int or games < 1:
        raise SimulationError(f"games={games!r}: give a whole number of games, at least 1")
    compile_tables(v)  # (a variant without a table form is refused by name first)
    n = v.plan.min_players if players is None else players
    if type(n) is not int or not v.plan.min_players <= n <= v.plan.max_players:
        raise SimulationError(f"variant {v.id!r} is for {v.plan.min_players}-{v.plan.max_players} players, not {n!r}")
    size = min(games, batch or 4096)
    if backend == "jax":
        return _simulate_jax(v, n, games, seed, size, tuple(bots), progress)
    eng = BatchEngine(v, n, size, seed=seed, auto_reset=False, count_turns=True)
    quota = np.full(size, games // size, dtype=np.int64)
    quota[: games % size] += 1
    bot_rng = eng.rng ^ np.uint64(0xA0761D6478BD642F)
    names = statistics_of(v).counts
    lineups = [lineup_for(bots, n, b) for b in range(size)]  # slot b's seats, turned by b (every bot in every seat)
    clever = np.array([[name == "heuristic" for name in lineup] for lineup in lineups])
    policy = HeuristicPolicy(eng) if clever.any() else None
    rows = np.arange(size)
    facts: list[GameFacts] = []
    while len(facts) < games:
        actions, movers = eng.sample_interjections(bot_rng, eager=clever if policy is not None else None)
        own = eng.sample_random(bot_rng)
        if policy is not None:
            own = np.where(clever[rows, eng.seat], policy.actions(), own)
        actions = np.where(movers >= 0, actions, own)
        done = eng.step(actions, movers, check=False)
        if not done.size:
            continue
        r = eng.finished
        facts += _facts_of(lineups, names, done, r, r["points"], direction="direction", decisions="decisions")
        quota[done] -= 1
        again = done[quota[done] > 0]
        if again.size:
            eng.deal(again)
        if progress is not None:
            progress(len(facts), games)
    cell = CellResult.of(v.id, n, facts, v.family)
    return SimulationResult(seed, games, tuple(bots), True, (cell,), False)


def _facts_of(lineups: Sequence[tuple[str, ...]], names: Sequence[str], done: np.ndarray,
              r: dict[str, np.ndarray], points: np.ndarray, *, direction: str, decisions: str) -> list[GameFacts]:
    """The facts of the games ``done`` that just finished, from their results ``r`` and ``points`` (row ``i``: game
    ``done[i]``); the numpy and the jax engine name a game's first direction and its decisions differently
    (``direction``, ``decisions``)."""
    out = []
    for i in range(done.size):
        winner = int(r["winner"][i])
        counts = {"reshuffles": int(r["reshuffles"][i]), "penalties": int(r["penalties"][i]),
                  "penalty_cards": int(r["penalty_cards"][i])}
        end = END_REASONS[int(r["end"][i])]
        assert end is not None
        out.append(GameFacts(lineups[int(done[i])], int(r["first"][i]), int(r[direction][i]),
                             () if winner < 0 else (winner,), end, int(r[decisions][i]), int(r["turns"][i]),
                             tuple((k, counts[k]) for k in names), tuple(int(p) for p in points[i])))
    return out


def _simulate_jax(v: Variant, n: int, games: int, seed: int, size: int, bots: tuple[str, ...],
                  progress: Callable[[int, int], None] | None) -> SimulationResult:
    """:func:`simulate_batch` on the jax step: random bots, every slot of the batch counting its first games up to
    its share (a slot that has played its share plays on, uncounted: the games of every slot are dealt again at
    once), the round points by the numpy engine's scoring of the hands the games ended with."""
    require("jax", "jax", "the jax backend of the batch engine")
    from .jax_engine import JaxEngine

    if any(name != "random" for name in bots):
        raise SimulationError(f"the jax backend of the batch engine plays the random bot only, not "
                              f"{','.join(bots)!r} (--backend numpy)")
    eng = JaxEngine(v, n, size, seed=seed)
    scorer = BatchEngine(v, n, size, seed=seed, auto_reset=False)
    quota = np.full(size, games // size, dtype=np.int64)
    quota[: games % size] += 1
    names = statistics_of(v).counts
    lineups = [lineup_for(bots, n, b) for b in range(size)]
    facts: list[GameFacts] = []
    while len(facts) < games:
        done = np.flatnonzero(np.asarray(eng.play_random()))
        done = done[quota[done] > 0]
        if not done.size:
            continue
        r = {f: np.asarray(x)[done] for f, x in eng.record.items()}
        scorer.hands[done] = r["hands"].astype(np.uint64)
        if "hands1" in r:  # (the cards held twice)
            scorer.layers[1][done] = r["hands1"].astype(np.uint64)
        if "tp_jacks" in r:  # (the wild Jacks of the last turn: R_SCORE_ELIMINATION's bonus)
            scorer.tp_jacks[done] = r["tp_jacks"]
        scorer.winner[done] = r["winner"]
        scorer.last_card[done] = np.where(r["end"] == 1, r["top"], r["last"])
        facts += _facts_of(lineups, names, done, r, scorer.points(done), direction="start_dir", decisions="turn")
        quota[done] -= 1
        if progress is not None:
            progress(len(facts), games)
    cell = CellResult.of(v.id, n, facts, v.family)
    return SimulationResult(seed, games, bots, True, (cell,), False)
