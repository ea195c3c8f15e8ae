"""The batch engine's step under jax (the ``jax`` extra): the same tables, one game's move written once and mapped
over the batch with ``jax.vmap``, the whole step compiled by ``jax.jit``.

It runs the variants whose tables use what it knows (:func:`jax_coverage` names the first thing it does not): one
or two copies of each card (a hand is a card set, and a second one of the cards held twice), at most 64 distinct
cards (a card set of 32 bits, or of 64 bits in a ``jax.enable_x64`` scope of the engine's own), series (R_SERIES,
R_WILD_FINISH_SERIES), a deal dealt by fixed positions (reburied start cards included) or cut by R_CUT
``power_cards`` or ``bottom_ceremony``, cards that make the next, the previous or every other seat draw at once,
R_ANNOUNCE's judged finish, ``multi_jack`` and ``lapses_on_draw``, and R_PLAY_AGAIN's empty hand: every registered
Mau-Mau variant. It refuses R_DRAW_UNTIL_SUIT, R_DRAW_PENALTY ``target = 'all'``, R_ANNOUNCE ``enforcement =
automatic`` and a deck with three copies of a card or more (a composed variant may have them). Every game
carries its own generator state (``key`` for the engine's chance: a counter-based stream, shuffles by
Fisher-Yates; ``bot_key`` for the random bot); nothing global is drawn from. The chance is the step's own, not
the scalar engine's SplitMix64 stream: a deal, a reshuffle and the random bot's choices differ from the numpy engine's by
design, so the test compares the two engines state by state on the same deals and the same choices up to each
game's first reshuffle, and their random play's statistics within intervals.

>>> eng = JaxEngine("standard", players=2, batch=8, seed=1)
>>> eng.legal_mask().shape
(8, 92)
"""

from __future__ import annotations

import contextlib
import importlib
from typing import Any

import numpy as np

from ....errors import VariantError
from ....variants import Variant
from .engine import _DRAWN, _FINISHING, _K_CALLOUT, _K_DRAW, _K_PASS, _K_PLAY, _OVER, _PLAY, _SERIES, BatchEngine

__all__ = ["JaxEngine", "jax_coverage"]

FIELDS = ("hands", "stock", "nst", "disc", "nd", "top", "seat", "dirn", "phase", "pend", "stack_skip", "pskip",
          "wish", "anyc", "drawn", "ann", "missed", "fresh", "passes", "turn", "winner", "end", "reshuffles",
          "finisher", "turns", "penalties", "penalty_cards", "first", "start_dir")
"""The state's arrays, named as the numpy engine's (hands as card sets of 32 or 64 bits; ``turns``, ``penalties``,
``penalty_cards``, ``first`` and ``start_dir`` are the game's counts for the simulation)."""
COPIES = ("hands1",)
"""The state's arrays for a deck with two copies of a card: ``hands1``, the cards a seat holds twice (the numpy
engine's ``layers[1]``)."""
SERIES = ("tp_n", "tp_first", "tp_jacks", "acc_skip", "acc_pass", "acc_rev", "acc_two")
"""The state's arrays for several cards a turn (R_SERIES, R_WILD_FINISH_SERIES): the turn's cards so far, named as
the numpy engine's."""
SMALL = ("seat", "dirn", "phase", "wish", "drawn", "top", "nst", "nd", "winner", "end", "finisher", "first",
         "start_dir", "pskip", "ann", "last", "tp_first", "tp_n", "tp_jacks", "acc_skip", "acc_rev")
"""The fields held as int8 (seats, phases, suits, card numbers and counts of at most 64 cards): the step is bound by
memory traffic, and most of a game's state is these."""
RECORD = ("winner", "end", "turn", "turns", "reshuffles", "penalties", "penalty_cards", "first", "start_dir", "hands",
          "top", "last", "hands1", "tp_jacks")
"""What :attr:`JaxEngine.record` keeps of every game after each step, before a finished game is dealt again (``last``:
the turn's last card where a round ended by count in the middle of a turn, a finish waiting for its call-out; -1
otherwise, as the numpy engine's ``last_card``; ``hands1`` and ``tp_jacks`` where the variant has them)."""


def jax_coverage(eng: BatchEngine) -> str:
    """Why the jax step cannot run the variant of ``eng`` (a numpy engine of it), or ``""`` when it can.

    >>> jax_coverage(BatchEngine("standard", 2, 1))
    ''
    >>> jax_coverage(BatchEngine("mau-king", 2, 1))
    ''
    >>> from maumau_rules.variants import variant_from_dict
    >>> until = variant_from_dict({"variant": {"id": "until", "name": "Until", "based_on": "standard"},
    ...                            "rules": {"R_DRAW_UNTIL_SUIT": {"cards": ["9d"]}}})
    >>> jax_coverage(BatchEngine(until, 2, 1))
    'R_DRAW_UNTIL_SUIT'
    """
    t = eng.tables
    cut: Any = eng.variant.plan.cutting
    everyone = any(bool(((who == 3) & (amount > 0)).any()) for amount, who in eng.OP_DRAWS)
    checks = ((eng.W > 2, f"more than two copies of a card ({eng.W})"),
              (eng.n_cards > 64, f"{eng.n_cards} cards (at most 64)"),
              (bool(t.draw_until), "R_DRAW_UNTIL_SUIT"),
              (not t.table_deal and cut is not None and cut.mode not in ("power_cards", "bottom_ceremony"),
               f"R_CUT {getattr(cut, 'mode', '')}"),
              (everyone, "R_DRAW_PENALTY target = 'all' (the player draws too)"),
              (t.call_automatic, "R_ANNOUNCE enforcement = automatic"))
    return next((why for bad, why in checks if bad), "")


class JaxEngine:
    """``batch`` games of ``variant`` with ``players`` seats, stepped by one compiled jax function.

    The interface follows :class:`~maumau_rules.families.maumau.batch.BatchEngine`: :meth:`legal_mask`, :meth:`sample_random`,
    :meth:`step` (a finished game is dealt again in the same step), :attr:`games_done`.

    Raises:
        VariantError: the variant has no table form, or uses what the jax step does not know
            (:func:`jax_coverage`).

    >>> from maumau_rules.variants import variant_from_dict
    >>> JaxEngine(variant_from_dict({"variant": {"id": "three", "name": "Three", "based_on": "standard",
    ...                                          "deck": "french-32 x3"}}), 2, 4)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: the jax batch step does not run 'three': more than two copies of a card (3)
    """

    def __init__(self, variant: Variant | str, players: int, batch: int, seed: int = 0) -> None:
        ref = BatchEngine(variant, players, 1, seed=0)
        why = jax_coverage(ref)
        if why:
            raise VariantError(f"the jax batch step does not run {ref.variant.id!r}: {why}")
        self.jax: Any = importlib.import_module("jax")  # (imported here: the module loads without jax)
        self.jnp: Any = importlib.import_module("jax.numpy")
        jax = self.jax
        self.ref = ref
        self.variant = ref.variant
        self.players = players
        self.batch = batch
        self.A = ref.A
        self.space = ref.space
        self.chunk = max(8, batch // 32)
        """Games reshuffled at once inside the step (more go in further rounds of the same step; random play of
        Standard 2p reshuffles about one game in 53 a step: one round is nearly always enough)."""
        self.deal_chunk = max(8, batch // 128)
        """Games dealt at once inside the step (random play of Standard 2p deals about one game in 340 a step)."""
        self.wide = ref.n_cards > 32
        """Whether a hand needs 64 bits: the step then runs with jax's 64-bit types, inside a
        ``jax.enable_x64`` scope of its own (the setting outside is left as it is)."""
        self.copies = ref.W == 2
        """Whether a card can be held twice (a hand is then two card sets, ``hands`` and ``hands1``)."""
        self.series = ref.has_series
        self.fields = (*FIELDS, *(COPIES if self.copies else ()), *(SERIES if self.series else ()))
        """The state's arrays (:data:`FIELDS`, and :data:`COPIES`, :data:`SERIES` where the variant needs them)."""
        self.H: Any = self.jnp.uint64 if self.wide else self.jnp.uint32
        self._h_np: Any = np.uint64 if self.wide else np.uint32
        with self._scope():
            self._k = self._constants(ref)
        self._step = jax.jit(self._step_impl, donate_argnums=0)  # (the old state is not kept: updated in place)
        self._play_random = jax.jit(self._play_random_impl, donate_argnums=0)
        self._run = jax.jit(self._run_impl, donate_argnums=0, static_argnums=1)
        self._sample = jax.jit(self._sample_impl, donate_argnums=0)
        self._mask = jax.jit(jax.vmap(self._mask_one))
        self._deal_all = jax.jit(self._deal_all_impl)
        self._done: Any = 0
        self.record: dict[str, Any] = {}
        """Every game's :data:`~maumau_rules.families.maumau.batch.jax_engine.RECORD` after the last step, before a
        game it finished was dealt again (``turn``: its decisions)."""
        self.reset(seed)

    def _scope(self) -> Any:
        """The scope every jax call of this engine runs in: 64-bit types where a hand has more than 32 cards."""
        return self.jax.enable_x64(True) if self.wide else contextlib.nullcontext()

    # ------------------------------------------------------------------ tables as jax arrays

    def _constants(self, e: BatchEngine) -> dict[str, Any]:
        jnp = self.jnp
        t = e.tables
        hset = self._h_np
        k: dict[str, Any] = {
            "FIT": jnp.asarray(e.FIT.astype(hset)), "ANSWER_FIT": jnp.asarray(e.ANSWER_FIT.astype(hset)),
            "TAILS": jnp.asarray(e.TAILS.astype(np.int32)), "SUIT": jnp.asarray(e.SUIT.astype(np.int32)),
            "A_KIND": jnp.asarray(e.A_KIND.astype(np.int32)), "A_CARD": jnp.asarray(e.A_CARD.astype(np.int32)),
            "A_WISH": jnp.asarray(e.A_WISH.astype(np.int32)), "A_CALL": jnp.asarray(e.A_CALL.astype(np.int32)),
            "A_TARGET": jnp.asarray(e.A_TARGET.astype(np.int32)),
            "A_PLAYOK": jnp.asarray(e.A_ISPLAY & e.A_VALID),
            "POS_SEAT": jnp.asarray(e.POS_SEAT.astype(np.int32)), "REST_POS": jnp.asarray(e.REST_POS.astype(np.int32)),
            "FIRST_OF": jnp.asarray(e.FIRST_OF.astype(np.int32)),
        }
        for name in ("OP_WISH", "OP_FREE", "OP_DEMAND", "OP_CANCEL", "OP_SKIPP", "OP_REV", "OP_REV2", "OP_AGAIN",
                     "ST_SKIP", "ST_FREE_ACT", "ST_FREE", "PENALTY_SKIP", "REBURY"):
            k[name] = jnp.asarray(getattr(e, name).astype(bool))
        for name in ("OP_PEND", "OP_SKIPN", "ST_PEND", "OP_REVN", "BONUS", "DECK"):
            k[name] = jnp.asarray(getattr(e, name).astype(np.int32))
        for name in ("answer_cancel", "skip_answers", "no_finish", "wishes", "again_no_finish"):
            k[name] = hset(int(e.IN[name]))
        k["SERIES"] = [(jnp.asarray(f.astype(hset)), jnp.asarray(w.astype(hset))) for f, w in e.SERIES]
        k["OPENS"] = [(hset(int(starts)), int(need)) for starts, need in e.OPENS]
        k["RANKS"] = jnp.asarray(e.RANKS.astype(hset))
        k["OP_DRAWS"] = [(jnp.asarray(a.astype(np.int32)), jnp.asarray(w.astype(np.int32))) for a, w in e.OP_DRAWS]
        self.op_steps = [self.players - 1 if bool(((w == 2) & (a > 0)).any()) else 1 for a, w in e.OP_DRAWS]
        """The draws each R_DRAW_PENALTY draw-at-once slot can make in one play (``others``: one per other seat)."""
        self._t = t
        self._cut(e, k)
        return k

    def _cut(self, e: BatchEngine, k: dict[str, Any]) -> None:
        """R_CUT ``power_cards``' tables: which cards the cutter may keep, and the deal's positions by the dealer
        and the number of cards kept (the cutter gets that many fewer from the pile)."""
        jnp = self.jnp
        cut: Any = e.variant.plan.cutting
        self.power_cut = cut is not None and cut.mode == "power_cards"
        """Whether the deal is cut by R_CUT ``power_cards``: four cards are seen, the cutter keeps the special ones
        among them (at most ``max_kept``), four special ones ask for a new deal."""
        self.ceremony = cut is not None and cut.mode == "bottom_ceremony"
        """Whether the deal is cut by R_CUT ``bottom_ceremony``: the cutter keeps the special cards from the cut
        packet's bottom up (at most ``max_kept``; one more asks for a new deal), the first plain one starts the
        pile."""
        if not (self.power_cut or self.ceremony):
            return
        P, N = self.players, e.N
        plan = e.variant.plan
        self.max_kept = K = int(cut.max_kept)
        k["SPECIAL"] = jnp.asarray(np.array([cut.special.matches(c) for c in e.tables.cards], dtype=bool))
        pos_seat = np.full((P, K + 1, N), -1, dtype=np.int32)  # (-1: a place no seat is dealt from)
        rest_pos = np.zeros((P, K + 1, e.REST_POS.shape[1]), dtype=np.int32)
        cutter = np.zeros(P, dtype=np.int32)
        for d in range(P):
            first = int(e.FIRST_OF[d])
            seats = [(first + i * e.tables.direction) % P for i in range(P)]
            cutter[d] = (d - 1) % P if cut.by == "right" else (d + 1) % P
            for nk in range(K + 1):
                pile: Any = list(range(N - nk - self.ceremony))  # positions of the pile left after the cut
                hands, rest = plan.dealing.deal(pile, seats, [e.hand_size] * P, int(cutter[d]), (-1,) * nk)
                for seat, positions in enumerate(hands):
                    mine = np.array([x for x in positions if x >= 0], dtype=np.int64)
                    pos_seat[d, nk, mine] = seat
                rest_pos[d, nk, :len(rest)] = rest  # (bottom_ceremony: the start card goes last, after them)
        k["CUT_SEAT"], k["CUT_REST"], k["CUTTER"] = jnp.asarray(pos_seat), jnp.asarray(rest_pos), jnp.asarray(cutter)

    # ------------------------------------------------------------------ one game

    def _bit(self, c: Any) -> Any:
        jnp = self.jnp
        return jnp.left_shift(self.H(1), jnp.asarray(c).astype(self.H))

    def _legal_one(self, s: dict[str, Any]) -> tuple[Any, Any, Any, Any]:
        """The playable cards, the tail (1 pass, 2 draw), the cards a call is due with, and the call-out targets
        of one game (the numpy engine's ``_legal``)."""
        jnp, k, t = self.jnp, self._k, self._t
        cur = s["hands"][s["seat"]]
        n = self._size(s, s["seat"])
        code = jnp.where(s["anyc"], jnp.where(s["turn"] == 0, t.free_first_code, t.free_code) + s["fresh"],
                         2 * s["wish"] + s["fresh"])
        fit = k["FIT"][code, s["top"]]
        can_draw = (s["nst"] > 0) | ((s["nd"] > 1) & t.reshuffle)
        can_draw &= t.can_draw_at_all
        every = ~self.H(0)
        nf = jnp.where(n == 1, ~k["no_finish"], every) if t.no_finish else every
        playable = cur & fit & nf
        tail = k["TAILS"][(playable != 0).astype(jnp.int32), can_draw.astype(jnp.int32)]
        in_play = s["phase"] == _PLAY
        pen = in_play & (s["pend"] > 0)
        skip = in_play & (s["pend"] == 0) & (s["pskip"] > 0)
        playable = jnp.where(pen, cur & (k["answer_cancel"] | (k["ANSWER_FIT"][s["top"]] & fit)), playable)
        tail = jnp.where(pen, 2, tail)
        playable = jnp.where(skip, cur & k["skip_answers"] & fit, playable)
        tail = jnp.where(skip, 1, tail)
        drawn = s["phase"] == _DRAWN
        has = s["drawn"] >= 0
        dbit = jnp.where(has, self._bit(jnp.maximum(s["drawn"], 0)), self.H(0))
        if t.after_draw == 2:
            dplay = self.H(0)
        elif t.after_draw == 0:
            dplay = cur & fit & dbit
        else:
            dplay = jnp.where(has, cur & fit, self.H(0))
        playable = jnp.where(drawn, dplay & nf, playable)
        if t.until_playable:
            tail = jnp.where(drawn, jnp.where(has & ((dplay & dbit) == 0) & can_draw, 2, 1), tail)
        else:
            tail = jnp.where(drawn, 1, tail)
        if self.series:  # go on with the series (what follows its first card), or pass
            first = s["tp_first"]
            follow = self.H(0)
            for follows, within in k["SERIES"]:
                follow = follow | jnp.where((cur & ~within[first]) == 0, follows[first], self.H(0))
            ser = s["phase"] == _SERIES
            playable = jnp.where(ser, cur & follow, playable)
            tail = jnp.where(ser, 1, tail)
        playable &= nf
        if t.judges_finish:  # let the win stand (pass) or call the finisher out
            fin = s["phase"] == _FINISHING
            playable = jnp.where(fin, self.H(0), playable)
            tail = jnp.where(fin, 1, tail)
        over = s["end"] != 0
        playable = jnp.where(over, self.H(0), playable)
        tail = jnp.where(over, 0, tail)
        due = jnp.where(n == 2, cur, self.H(0)) if t.announce else self.H(0)
        if t.call_mode == 2:
            due = due | self._jack_due(s, cur, n)
        targets = s["missed"]
        if t.judges_finish:
            targets = targets | jnp.where(fin, 1 << jnp.maximum(s["finisher"], 0).astype(jnp.int32), 0)
        callouts = jnp.where(over, 0, targets & ~(1 << s["seat"].astype(jnp.int32))) if t.announce else jnp.int32(0)
        return playable, tail, due, callouts

    def _jack_due(self, s: dict[str, Any], cur: Any, n: Any) -> Any:
        """R_ANNOUNCE ``multi_jack``: the cards of a hand of three or more that leave only wishing cards of one
        rank (its lowest card a wishing card), the numpy engine's ``_jack_due`` (with its shortcut: only a hand
        with at most one card outside one rank, and at most one that wishes nothing, can have such a card)."""
        jnp, k, C = self.jnp, self._k, self.ref.n_cards
        pc = self.jax.lax.population_count
        H = self.H
        one = H(1)

        def rank_of(x: Any) -> Any:  # the cards of the rank of the lowest card of x
            return k["RANKS"][jnp.minimum(pc(x - one), C - 1).astype(jnp.int32)]

        low = cur & (~cur + one)
        rest = cur & ~low
        low2 = rest & (~rest + one)
        maybe = (n > 2) & ((pc(cur & ~rank_of(low)) <= 1) | (pc(cur & ~rank_of(low2)) <= 1))
        maybe &= pc(cur & ~k["wishes"]) < 2
        bits = self._bit(jnp.arange(C))
        twice = (s["hands1"][s["seat"]] & bits) != 0 if self.copies else False
        left = jnp.where(twice, cur, cur & ~bits)  # what is left after each card
        lowest = left & (~left + one)
        ok = ((cur & bits) != 0) & (left != 0) & ((lowest & k["wishes"]) != 0) & ((left & ~rank_of(lowest)) == 0)
        return jnp.where(maybe, jnp.where(ok, bits, H(0)).sum(dtype=H), H(0))

    def _size(self, s: dict[str, Any], seat: Any) -> Any:
        """The number of cards ``seat`` holds in one game (copies counted)."""
        pc = self.jax.lax.population_count
        n = pc(s["hands"][seat])
        return n + pc(s["hands1"][seat]) if self.copies else n

    def _mask_one(self, s: dict[str, Any]) -> Any:
        """The legal actions of one game's seat to act (the numpy engine's ``legal_mask``)."""
        k = self._k
        playable, tail, due, callouts = self._legal_one(s)
        bits = self._bit(k["A_CARD"])
        play = ((playable & bits) != 0) & k["A_PLAYOK"] & ((k["A_CALL"] == 0) | ((due & bits) != 0))
        kind = k["A_KIND"]
        out = play | ((kind == _K_DRAW) & ((tail & 2) != 0)) | ((kind == _K_PASS) & ((tail & 1) != 0))
        return out | ((kind == _K_CALLOUT) & (((callouts >> k["A_TARGET"]) & 1) != 0))

    def _finish_count(self, s: dict[str, Any], where: Any, reason: int) -> dict[str, Any]:
        """End the game where ``where`` by count (the fewest cards wins; a tie has no winner)."""
        jnp = self.jnp
        pc = self.jax.lax.population_count
        sizes = pc(s["hands"]).astype(jnp.int32)
        if self.copies:
            sizes = sizes + pc(s["hands1"]).astype(jnp.int32)
        low = sizes.min()
        winner = jnp.where((sizes == low).sum() == 1, jnp.argmin(sizes).astype(jnp.int32), -1)
        ends_turn = (s["phase"] == _FINISHING) | (s["phase"] == _SERIES)
        last = jnp.where(ends_turn, s["top"], -1).astype(s["last"].dtype)  # the numpy engine's last_card
        new = dict(s, winner=winner, end=jnp.int32(reason), phase=jnp.int32(_OVER), pend=jnp.int32(0), last=last,
                   stack_skip=jnp.bool_(False), pskip=jnp.int32(0), drawn=jnp.int32(-1), missed=jnp.int32(0))
        return {f: s[f] if new[f] is s[f] else jnp.where(where, new[f], s[f]) for f in s}

    def _move_one(self, s: dict[str, Any], a: Any) -> tuple[dict[str, Any], Any, Any, Any]:
        """One game's move ``a`` by the seat to act, all but its draws: returns the state, and the draws it asks for
        in their order (the seats, the numbers of cards; the move's own draw last), and whether the last card
        of the last draw is kept as the drawn card."""
        jnp, k, t, P = self.jnp, self._k, self._t, self.players
        live = s["end"] == 0
        a = jnp.where(live, a, 0)
        kind = jnp.where(live, k["A_KIND"][a], -1)
        seat, d = s["seat"], s["dirn"]
        s = dict(s, turn=s["turn"] + live)
        if t.announce:  # a move that is not a call-out closes windows
            own = 1 << seat.astype(jnp.int32)
            closes = (kind >= 0) & (kind != _K_CALLOUT)
            s["missed"] = jnp.where(closes, s["missed"] & own if t.window_next else s["missed"] & ~own, s["missed"])
        # a play
        c = k["A_CARD"][a]
        bit = self._bit(c)
        before = s["hands"][seat]
        n = self._size(s, seat)
        mine = jnp.arange(P) == seat
        p = dict(s, hands=jnp.where(mine, before & ~bit, s["hands"]),
                 disc=jnp.where(jnp.arange(s["disc"].shape[0]) == s["nd"], c.astype(jnp.int8), s["disc"]),
                 nd=s["nd"] + 1, top=c, passes=jnp.int32(0), drawn=jnp.int32(-1), fresh=jnp.bool_(True),
                 anyc=jnp.bool_(False), wish=jnp.int32(0))
        if self.copies:  # the second copy goes first
            twice = (s["hands1"][seat] & bit) != 0
            p["hands1"] = jnp.where(mine & twice, s["hands1"] & ~bit, s["hands1"])
            p["hands"] = jnp.where(mine & ~twice, before & ~bit, s["hands"])
        if self.series:  # the turn's cards so far (the scalar engine's turn_plays)
            earlier = s["tp_n"]
            first = jnp.where(earlier > 0, s["tp_first"], c)
            p.update(tp_n=earlier + 1, tp_first=first, tp_jacks=s["tp_jacks"] + k["BONUS"][c],
                     acc_skip=s["acc_skip"] + k["OP_SKIPN"][c], acc_pass=s["acc_pass"] | k["OP_SKIPP"][c],
                     acc_rev=s["acc_rev"] + k["OP_REVN"][c], acc_two=s["acc_two"] | k["OP_REV2"][c])
        standing = s["ann"][seat]  # the call before this play
        if t.announce:
            call = k["A_CALL"][a]
            said = (call != 0) | ((n == 2) & t.judges_finish)  # the word said for the last card replaces the call
            p["ann"] = jnp.where(mine & said, call, p["ann"])
            wrong = (n == 2) & (call == 0)  # a mistake the table sees (a call made with a card is due with it)
            if t.call_mode == 2:
                wrong |= (n > 2) & (call == 1)
            p["missed"] = jnp.where(wrong, p["missed"] | own, p["missed"])
        p["wish"] = jnp.where(k["OP_WISH"][c], k["A_WISH"][a], p["wish"])
        p["anyc"] = k["OP_FREE"][c]
        p["wish"] = jnp.where(k["OP_DEMAND"][c], k["SUIT"][c], p["wish"])
        p["pend"] = jnp.where(k["OP_CANCEL"][c], 0, p["pend"])
        p["stack_skip"] = p["stack_skip"] & ~k["OP_CANCEL"][c]
        pending = k["OP_PEND"][c]
        p["pend"] = p["pend"] + pending
        p["stack_skip"] = p["stack_skip"] | ((pending > 0) & k["PENALTY_SKIP"][c])
        p["pskip"] = jnp.where(k["OP_SKIPP"][c], 0, p["pskip"])
        out = n == 1
        stop = out & ((bit & k["again_no_finish"]) != 0)  # R_PLAY_AGAIN: an empty hand must draw and play on
        out &= ~stop
        if t.judges_finish:  # the standing call judges the finish: the others may call him out or let it stand
            jack = (bit & k["wishes"]) != 0
            right = jnp.where(jack & (t.calls == 3), 2, 1)
            wrong = (t.calls == 3) & (standing != 0) & (standing != right)
            stands = (t.unannounced == 0) | ((t.unannounced == 2) & ~jack) | (standing == right)
            if self.series:  # the call of an earlier card of this same series counts
                stands |= (standing == 0) & (earlier > 0)
            judged = out & (wrong | ~stands)
            out &= ~judged
        # going out: the round ends (R_FINAL_CARD_EFFECTS: a pending draw is still drawn, by the next seat)
        f = self._finish_one(p, seat, c)
        fin_draw = out & (p["pend"] > 0) & t.final_card_effects
        fin_who = (seat + d * (1 + (p["acc_skip"] if self.series else k["OP_SKIPN"][c]))) % P
        # the turn passes on (skips, a reversal, another turn)
        o = self._pass_on_one(p, seat, c)
        if self.series:  # R_SERIES, R_WILD_FINISH_SERIES: the series phase opens (from what the table sees)
            opens = jnp.bool_(False)
            cbit, fbit = bit, self._bit(p["tp_first"])
            for starts, need in k["OPENS"]:
                opens |= ((cbit & starts) != 0) & ((fbit & starts) != 0) & ((standing == need) if need else True)
            o = {x: o[x] if o[x] is p[x] else jnp.where(opens, p[x], o[x]) for x in s}
            o["phase"] = jnp.where(opens, _SERIES, o["phase"])
        if t.again_no_finish:
            o = {x: o[x] if o[x] is p[x] else jnp.where(stop, p[x], o[x]) for x in s}
            o["phase"] = jnp.where(stop, _PLAY, o["phase"])
            if self.series:
                o.update({x: jnp.where(stop, v, o[x]) for x, v in self._turn_done_one().items()})
        if t.judges_finish:  # the others may call him out, or let the win stand
            waits = dict(p, phase=jnp.int32(_FINISHING), finisher=seat, seat=(seat + d) % P)
            o = {x: o[x] if o[x] is waits[x] else jnp.where(judged, waits[x], o[x]) for x in s}
        play = {x: f[x] if f[x] is o[x] else jnp.where(out, f[x], o[x]) for x in s}
        # a draw: a pending penalty, or one card
        pen = s["pend"] > 0
        ends = pen & (t.penalty_ends_turn | s["stack_skip"])
        dr = dict(s, fresh=jnp.bool_(False), passes=jnp.int32(0), pend=jnp.int32(0), stack_skip=jnp.bool_(False),
                  seat=jnp.where(ends, (seat + d) % P, seat),
                  phase=jnp.where(ends, _PLAY, jnp.where(pen, s["phase"], _DRAWN)))
        # a pass
        in_drawn = s["phase"] == _DRAWN
        ser = (s["phase"] == _SERIES) if self.series else jnp.bool_(False)
        skipping = ~in_drawn & ~ser & (s["pskip"] > 0)
        plain = ~in_drawn & ~ser & ~skipping
        passes = s["passes"] + plain
        ps = dict(s, drawn=jnp.int32(-1), fresh=jnp.bool_(False), phase=jnp.where(in_drawn, _PLAY, s["phase"]),
                  seat=(seat + d * jnp.where(skipping, s["pskip"], 1)) % P,
                  pskip=jnp.where(skipping, 0, s["pskip"]), passes=passes)
        if t.blocked_end:
            can = ((s["nst"] > 0) | ((s["nd"] > 1) & t.reshuffle)) & t.can_draw_at_all
            ps = self._finish_count(ps, plain & (passes >= P) & ~can, 2)
        if self.series:  # the series ends: the turn passes on after its cards
            on = self._pass_on_one(dict(s, drawn=jnp.int32(-1)), seat, s["top"])
            ps = {x: ps[x] if ps[x] is on[x] else jnp.where(ser, on[x], ps[x]) for x in s}
        # a call-out: the target draws the penalty, his missed call is gone
        tgt = k["A_TARGET"][a]
        co = dict(s, missed=s["missed"] & ~(1 << tgt))
        pass_who, pass_need = seat, 0
        if t.judges_finish:
            finishing = s["phase"] == _FINISHING
            # a pass: nobody called the finisher out, his win stands
            won = self._finish_one(dict(s, drawn=jnp.int32(-1)), s["finisher"], s["top"])
            won["finisher"] = jnp.int32(-1)
            ps = {x: ps[x] if ps[x] is won[x] else jnp.where(finishing, won[x], ps[x]) for x in s}
            pass_who = (s["finisher"] + d * (1 + (s["acc_skip"] if self.series else k["OP_SKIPN"][s["top"]]))) % P
            pass_need = jnp.where(finishing & (s["pend"] > 0) & t.final_card_effects, s["pend"], 0)
            # a call-out of the finisher ("nisi najavio"): he draws, play goes on from him
            caught = finishing & (tgt == s["finisher"])
            on = dict(self._pass_on_one(s, tgt, s["top"]), finisher=jnp.int32(-1))
            co = {x: s[x] if co[x] is s[x] and on[x] is s[x] else jnp.where(caught, on[x], co[x]) for x in s}
        new = {}
        for x in s:  # (only what a kind of move changes is selected)
            v = s[x]
            for code, branch in ((_K_DRAW, dr), (_K_PASS, ps), (_K_PLAY, play), (_K_CALLOUT, co)):
                if branch[x] is not s[x]:
                    v = jnp.where(kind == code, branch[x], v)
            new[x] = jnp.asarray(v).astype(s[x].dtype)
        who = jnp.select([kind == _K_DRAW, kind == _K_PLAY, kind == _K_CALLOUT, kind == _K_PASS],
                         [seat, fin_who, tgt, pass_who], 0)
        need = jnp.select([kind == _K_DRAW, kind == _K_PLAY, kind == _K_CALLOUT, kind == _K_PASS],
                          [jnp.where(pen, s["pend"], 1), jnp.where(fin_draw, p["pend"], 0), t.call_penalty,
                           pass_need], 0)
        keep = (kind == _K_DRAW) & ~pen
        # R_DRAW_PENALTY's draws at once of a play, in the numpy engine's order, before the move's own draw
        whos, needs = [], []
        for (amounts, codes), steps in zip(k["OP_DRAWS"], self.op_steps, strict=True):
            amount, code = amounts[c], codes[c]
            for i in range(steps):  # (code 0: the next seat, 1: the previous one, 2: every other seat in turn)
                whos.append((seat + d * jnp.where(code == 0, 1, jnp.where(code == 1, -1, i + 1))) % P)
                needs.append(jnp.where((kind == _K_PLAY) & ((code == 2) | (i == 0)), amount, 0))
        who = jnp.stack([*whos, who])
        need = jnp.stack([*needs, need])
        return new, who, need * live, keep & live

    def _finish_one(self, s: dict[str, Any], seat: Any, c: Any) -> dict[str, Any]:
        """``seat`` went out with card ``c``: the round ends (the draw R_FINAL_CARD_EFFECTS leaves is the
        caller's)."""
        jnp = self.jnp
        f = dict(s, phase=jnp.int32(_OVER), end=jnp.int32(1), winner=seat, missed=jnp.int32(0),
                 pend=jnp.int32(0), stack_skip=jnp.bool_(False), pskip=jnp.int32(0))
        if self._t.final_word:
            f["ann"] = jnp.where(jnp.arange(self.players) == seat, 2, f["ann"])
        return f

    def _pass_on_one(self, s: dict[str, Any], seat: Any, c: Any) -> dict[str, Any]:
        """The turn passes on after ``seat`` played card ``c``: its skips, reversal or another turn (the numpy
        engine's ``_pass_on``)."""
        jnp, k, P = self.jnp, self._k, self.players
        d = s["dirn"]
        out = dict(s, phase=jnp.int32(_PLAY))
        if self.series:  # every card of the turn: their skips and reversals, the last card's another turn
            rev, two, skips, passing = s["acc_rev"] % 2 == 1, s["acc_two"], s["acc_skip"], s["acc_pass"]
            out.update(self._turn_done_one())
        else:
            rev, two, skips, passing = k["OP_REV"][c], k["OP_REV2"][c], k["OP_SKIPN"][c], k["OP_SKIPP"][c]
        nd_ = jnp.where(rev, -d, d)
        same = (rev & two & (P == 2)) | (~(rev & two & (P == 2)) & k["OP_AGAIN"][c])
        passable = ~same & (skips > 0) & passing
        nxt = jnp.where(same, seat, jnp.where(passable, seat + nd_, seat + nd_ * (1 + skips))) % P
        return dict(out, dirn=nd_, seat=nxt, pskip=jnp.where(passable, skips, s["pskip"]))

    def _draw_one(self, s: dict[str, Any], who: Any, need: Any, keep: Any) -> dict[str, Any]:
        """Seat ``who`` draws ``need`` cards from the top of the stock (after the reshuffle the step made)."""
        jnp = self.jnp
        take = jnp.minimum(need, s["nst"])
        pos = jnp.arange(s["stock"].shape[0])
        drawn_now = (pos >= s["nst"] - take) & (pos < s["nst"])
        bits = jnp.where(drawn_now, self._bit(jnp.maximum(s["stock"], 0)), self.H(0))
        last = jnp.where(take > 0, s["stock"][jnp.maximum(s["nst"] - take, 0)].astype(jnp.int32), -1)
        mine = jnp.arange(self.players) == who
        out = dict(s, nst=s["nst"] - take, drawn=jnp.where(keep, last, s["drawn"]))
        if self._t.calls_lapse:  # R_ANNOUNCE lapses_on_draw: a call lapses when its caller draws
            out["ann"] = jnp.where(mine & (take > 0), 0, s["ann"])
        if self.copies:  # (a card can come twice: one copy more each, into hands1 where the hand has it)
            g0, g1 = self._count2(bits)
            h0, h1 = s["hands"], s["hands1"]
            out["hands"] = jnp.where(mine, h0 | g0, h0)
            out["hands1"] = jnp.where(mine, h1 | g1 | (h0 & g0), h1)
            return out
        got = self.jax.lax.reduce(bits, self.H(0), self.jax.lax.bitwise_or, (0,))
        out["hands"] = jnp.where(mine, s["hands"] | got, s["hands"])
        return out

    def _reshuffle_one(self, s: dict[str, Any]) -> dict[str, Any]:
        """The discard pile under its top card, shuffled with the game's key, goes under the stock."""
        jnp = self.jnp
        N = s["stock"].shape[0]
        key, z = self._chance(s["key"], N)
        pos = jnp.arange(N)
        count = s["nd"] - 1
        pile = self._fisher_yates(s["disc"], z, count)
        stock = jnp.where(pos < count, pile, s["stock"][jnp.clip(pos - count, 0, N - 1)])
        disc = s["disc"].at[0].set(s["disc"][s["nd"] - 1])
        return {"key": key, "stock": stock, "nst": s["nst"] + count, "disc": disc, "nd": jnp.int32(1),
                "reshuffles": s["reshuffles"] + 1}

    def _deal_one(self, key: Any) -> dict[str, Any]:
        """A fresh deal from ``key``: the shuffled deck dealt by the plan's fixed positions, the start card's
        effects."""
        jnp, k, t, P = self.jnp, self._k, self._t, self.players
        e = self.ref
        N = e.N
        key, z = self._chance(key, 2)
        key, pile = self._shuffled(key, N)
        dealer = self._below(z[0], P) if t.random_dealer else jnp.int32(0)
        where = k["POS_SEAT"][dealer]
        rest_pos = k["REST_POS"][dealer]
        zero = self.H(0)
        if self.power_cut:
            key, pile, where, rest_pos, kept = self._power_cut(key, pile, dealer)
        elif self.ceremony:
            key, pile, where, rest_pos, kept, turned = self._ceremony_cut(key, pile, dealer)
        bits = self._bit(pile)
        if self.copies:
            pairs = [self._count2(jnp.where(where == p, bits, zero)) for p in range(P)]
            hands = jnp.stack([h0 for h0, _ in pairs])
            hands1 = jnp.stack([h1 for _, h1 in pairs])
        else:
            hands = jnp.stack([jnp.where(where == p, bits, zero).sum(dtype=self.H) for p in range(P)])
        if self.power_cut or self.ceremony:  # the cutter keeps the special cards he cut
            cutter = jnp.arange(P) == k["CUTTER"][dealer]
            if self.copies:
                k0, k1_ = self._count2(kept)
                hands1 = jnp.where(cutter, hands1 | k1_ | (hands & k0), hands1)
                hands = jnp.where(cutter, hands | k0, hands)
            else:
                hands = hands | jnp.where(cutter, kept.sum(dtype=self.H), zero)
        rest = pile[rest_pos]
        R = rest.shape[0]
        if self.ceremony:  # the cut turned the start card up
            rest = rest.at[R - 1].set(turned)
        elif t.rebury:  # R_START_CARD rebury: a start card of those goes under the stock, the next one turns (R - 1 at most)
            again = k["REBURY"][rest][::-1]
            rest = jnp.roll(rest, jnp.minimum(jnp.cumprod(again.astype(jnp.int32)).sum(), R - 1))
        stock = jnp.zeros(N, dtype=jnp.int8).at[:R - 1].set(rest[:R - 1].astype(jnp.int8))
        start = rest[R - 1]
        seat = k["FIRST_OF"][dealer]
        dirn = jnp.int32(t.direction)
        pend = jnp.int32(0)
        stack_skip = jnp.bool_(False)
        pskip = jnp.int32(0)
        anyc = k["ST_FREE"][start]
        if t.start_effects:
            pend = k["ST_PEND"][start]
            stack_skip = (pend > 0) & k["PENALTY_SKIP"][start]
            skip, passable = k["ST_SKIP"][start], k["OP_SKIPP"][start]
            pskip = jnp.where(skip & passable, 1, 0)
            seat = jnp.where(skip & ~passable, (seat + dirn) % P, seat)
            anyc = anyc | k["ST_FREE_ACT"][start]
        i32 = jnp.int32
        return {"hands": hands, "stock": stock, "nst": i32(R - 1), "disc": jnp.zeros(N, dtype=jnp.int8).at[0].set(start.astype(jnp.int8)),
                "nd": i32(1), "top": start, "seat": seat.astype(i32), "dirn": dirn, "phase": i32(_PLAY),
                "pend": pend.astype(i32), "stack_skip": stack_skip, "pskip": pskip.astype(i32), "wish": i32(0),
                "anyc": anyc, "drawn": i32(-1), "ann": jnp.zeros(P, dtype=i32), "missed": i32(0),
                "fresh": jnp.bool_(False), "passes": i32(0), "turn": i32(0), "winner": i32(-1), "end": i32(0),
                "reshuffles": i32(0), "finisher": i32(-1), "turns": i32(0), "penalties": i32(0),
                "penalty_cards": i32(0), "first": seat.astype(i32), "start_dir": dirn, "last": i32(-1), "key": key,
                "bot_key": z[1],
                **({"hands1": hands1} if self.copies else {}),
                **(dict(self._turn_done_one(), tp_first=i32(0)) if self.series else {})}

    def _turn_done_one(self) -> dict[str, Any]:
        """The turn's cards in a game where none is kept (the numpy engine's ``_turn_done``; ``tp_first`` is read
        only while ``tp_n`` is not 0, and stays)."""
        i32 = self.jnp.int32
        return {"tp_n": i32(0), "tp_jacks": i32(0), "acc_skip": i32(0),
                "acc_pass": self.jnp.bool_(False), "acc_rev": i32(0), "acc_two": self.jnp.bool_(False)}

    def _count2(self, bits: Any) -> tuple[Any, Any]:
        """The cards among ``bits`` (one card bit or 0 each), and those among them twice: one copy or two of a
        card, as a pair of card sets (a seat's ``hands`` and ``hands1``)."""
        jax = self.jax
        zero = self.H(0)

        def add(a: tuple[Any, Any], b: tuple[Any, Any]) -> tuple[Any, Any]:
            return a[0] | b[0], a[1] | b[1] | (a[0] & b[0])

        pair: tuple[Any, Any] = jax.lax.reduce((bits, jax.numpy.zeros_like(bits)), (zero, zero), add, (0,))
        return pair

    def _chance(self, key: Any, n: int) -> tuple[Any, Any]:
        """The next ``n`` random 32-bit words of a game's chance stream, and its key moved on past them. The key
        is two words: a Weyl sequence's state and the game's own odd step, each word the state after so many
        steps through MurmurHash3's finalizer (:meth:`_fmix`): counter-based, so the ``n`` words are made at once,
        and games with other steps walk other sequences."""
        jnp = self.jnp
        x, g = key[0], key[1]
        z = self._fmix(x + jnp.arange(1, n + 1, dtype=jnp.uint32) * g)
        return jnp.stack([x + jnp.uint32(n) * g, g]), z

    def _below(self, z: Any, m: Any) -> Any:
        """``floor(z * m / 2**32)``: a random word ``z`` scaled to ``[0, m)`` (``m`` below ``2**16``; off uniform by
        at most ``m / 2**32``)."""
        jnp = self.jnp
        m = jnp.asarray(m).astype(jnp.uint32)
        hi = (z >> 16) * m
        lo = (z & jnp.uint32(0xFFFF)) * m
        return ((hi + (lo >> 16)) >> 16).astype(jnp.int32)

    def _fisher_yates(self, a: Any, z: Any, count: Any = None) -> Any:
        """``a`` with its first ``count`` places (all: ``None``) shuffled by Fisher-Yates, one word of ``z`` for
        each place from the last down (a swap of a place with itself past ``count``: no sort, one gather and two
        writes a place)."""
        jax, jnp = self.jax, self.jnp
        N = a.shape[0]

        def swap(i: Any, a: Any) -> Any:
            j = self._below(z[i], i + 1)
            if count is not None:
                j = jnp.where(i < count, j, i)
            ai, aj = a[i], a[j]
            return a.at[i].set(aj).at[j].set(ai)

        if N <= 64:  # (unrolled: the places are constants)
            for i in range(N - 1, 0, -1):
                a = swap(jnp.int32(i), a)
            return a
        out = jax.lax.fori_loop(0, N - 1, lambda t, a: swap(jnp.int32(N - 1) - t, a), a)
        return out

    def _shuffled(self, key: Any, N: int) -> tuple[Any, Any]:
        """The deck shuffled from ``key``: the key moved on, and the card number at each of its ``N`` places."""
        jnp = self.jnp
        key, z = self._chance(key, N)
        pile = self._fisher_yates(jnp.arange(N, dtype=jnp.int32), z)
        return key, self._k["DECK"][pile] if self.copies else pile  # (deck places to card numbers)

    def _ceremony_cut(self, key: Any, pile: Any, dealer: Any) -> tuple[Any, Any, Any, Any, Any, Any]:
        """R_CUT ``bottom_ceremony`` on the shuffled ``pile``: the cutter keeps the special cards from the cut
        packet's bottom up, at most ``max_kept`` (one more: the deck is shuffled again), the first plain card is
        the start card. The packet's bottom is the pile's last card here (the pile is shuffled, so any place is as
        good as the scalar engine's drawn one; the cards taken leave the others in their order). Returns the
        key moved on, the pile, its cards' seats and its rest's places (for the number of cards kept), the bits of
        the cards kept (0 for the others) and the start card."""
        jax, jnp, k = self.jax, self.jnp, self._k
        N, K = pile.shape[0], self.max_kept

        def run(p: Any) -> Any:  # special cards at the pile's end, in a row (at most K + 1 counted)
            return jnp.cumprod(k["SPECIAL"][p[::-1][:K + 1]].astype(jnp.int32)).sum()

        key, pile = jax.lax.while_loop(lambda c: run(c[1]) > K, lambda c: self._shuffled(c[0], N), (key, pile))
        r = run(pile)
        kept = jnp.where(jnp.arange(N) >= N - r, self._bit(pile), self.H(0))
        return key, pile, k["CUT_SEAT"][dealer, r], k["CUT_REST"][dealer, r], kept, pile[N - 1 - r]

    def _power_cut(self, key: Any, pile: Any, dealer: Any) -> tuple[Any, Any, Any, Any, Any]:
        """R_CUT ``power_cards`` on the shuffled ``pile``: four of its cards are seen (its first four: the pile is
        shuffled, so any four places are as good as the scalar engine's four drawn ones), the cutter keeps the
        special ones among them, at most ``max_kept``; four special ones: the deck is shuffled again. The cards
        left are shuffled once more: in the scalar engine the seen cards that stay lie anywhere in the pile, not
        on its top, where the deal would give them to the hands. Returns the key moved on, the pile, its cards'
        seats and its rest's places (for the number of cards kept), and the cards kept."""
        jax, jnp, k = self.jax, self.jnp, self._k
        N = pile.shape[0]
        seen = min(4, N)

        def redeal(c: tuple[Any, Any]) -> Any:
            return k["SPECIAL"][c[1][:seen]].all() & (seen == 4)

        key, pile = jax.lax.while_loop(redeal, lambda c: self._shuffled(c[0], N), (key, pile))
        special = k["SPECIAL"][pile[:seen]]
        keep = special & (jnp.cumsum(special) <= self.max_kept)
        nk = keep.sum()
        before = jnp.cumsum(keep) - keep
        place = jnp.concatenate([jnp.arange(seen) - before, jnp.arange(seen, N) - nk])
        place = jnp.where(jnp.concatenate([keep, jnp.zeros(N - seen, dtype=bool)]), N, place)
        left = jnp.zeros(N, dtype=jnp.int32).at[place].set(pile, mode="drop")
        key, z = self._chance(key, N)
        left = self._fisher_yates(left, z, N - nk)
        kept = jnp.where(keep, self._bit(pile[:seen]), self.H(0))
        return key, left, k["CUT_SEAT"][dealer, nk], k["CUT_REST"][dealer, nk], kept

    # ------------------------------------------------------------------ the batch

    def _rows(self, state: dict[str, Any], mask: Any, fn: Any, fields: tuple[str, ...], chunk: int) -> dict[str, Any]:
        """``fn`` (one game's ``fields`` to their new values) applied to the games where ``mask``, ``chunk`` games
        at a time (gathered, mapped, scattered back), as many rounds as it takes (none where no game needs it);
        only ``fields`` travel through the loop."""
        jax, jnp = self.jax, self.jnp
        B, K = self.batch, min(chunk, self.batch)

        def body(carry: tuple[dict[str, Any], Any]) -> tuple[dict[str, Any], Any]:
            st, m = carry
            idx = jnp.nonzero(m, size=K, fill_value=B)[0]
            rows = {f: jnp.take(x, idx, axis=0, mode="clip") for f, x in st.items()}
            new = jax.vmap(fn)(rows)
            st = {f: st[f].at[idx].set(new[f].astype(st[f].dtype), mode="drop") for f in st}
            return st, m.at[idx].set(False, mode="drop")

        def more(carry: tuple[dict[str, Any], Any]) -> dict[str, Any]:
            out: dict[str, Any] = jax.lax.while_loop(lambda c: c[1].any(), body, carry)[0]
            return out

        sub = jax.lax.cond(mask.any(), more, lambda c: c[0], ({f: state[f] for f in fields}, mask))
        return dict(state, **sub)

    def _step_impl(self, state: dict[str, Any], actions: Any) -> tuple[dict[str, Any], Any, dict[str, Any]]:
        jax, jnp, t, k = self.jax, self.jnp, self._t, self._k
        live = state["end"] == 0
        kind = jnp.where(live, k["A_KIND"][jnp.where(live, actions, 0)], -1)
        s, whos, needs, keep = jax.vmap(self._move_one)(state, actions)
        L = needs.shape[1]
        for i in range(L):  # the draws in their order, each after the reshuffle it needs
            who, need = whos[:, i], needs[:, i]
            if t.reshuffle:
                s = self._rows(s, (need > s["nst"]) & (s["nd"] > 1), self._reshuffle_one,
                               ("key", "stock", "nst", "disc", "nd", "reshuffles"), self.chunk)
            left = s["nst"]
            s = jax.vmap(self._draw_one)(s, who, need, keep if i == L - 1 else jnp.zeros_like(keep))
        if L > 1:  # a move's reshuffles count once (as the scalar tally does)
            s["reshuffles"] = jnp.minimum(s["reshuffles"], state["reshuffles"] + 1)
        # the counts: a penalty drawn (a pending draw, a call-out), the turns (a new seat, or a turn ended in place)
        penal = live & (((kind == _K_DRAW) & (state["pend"] > 0)) | (kind == _K_CALLOUT))
        s["penalties"] = s["penalties"] + penal
        s["penalty_cards"] = s["penalty_cards"] + jnp.where(penal, left - s["nst"], 0)
        limit = live & (s["end"] == 0) & (s["turn"] >= t.max_moves)

        def cut_off(g: dict[str, Any], w: Any) -> dict[str, Any]:
            new = jax.vmap(lambda x, y: self._finish_count(x, y, 3))(g, w)
            return {f: new[f].astype(g[f].dtype) for f in g}

        s = jax.lax.cond(limit.any(), cut_off, lambda g, w: g, s, limit)  # (the turn limit: rarely reached)
        turned = ((s["end"] != 0) | (s["seat"] != state["seat"])
                  | ((s["phase"] == _PLAY) & ((kind == _K_PLAY) | (kind == _K_PASS))))
        s["turns"] = s["turns"] + (live & turned)
        done = live & (s["end"] != 0)
        record = {f: s[f] for f in RECORD if f in s}

        def fresh(g: dict[str, Any]) -> dict[str, Any]:
            new = self._deal_one(g["key"])
            return dict(new, bot_key=g["bot_key"])

        s = self._rows(s, done, fresh, (*self.fields, "key", "bot_key"), self.deal_chunk)
        s = {f: x.astype(state[f].dtype) for f, x in s.items()}
        return s, done, record

    def _play_random_impl(self, state: dict[str, Any]) -> tuple[dict[str, Any], Any, dict[str, Any]]:
        """A step of random bots: the call-outs between turns (:meth:`_interject_one`), else a uniform legal
        action of the seat to act."""
        jax, jnp = self.jax, self.jnp
        x, actions, movers = jax.vmap(self._interject_one)(state)
        state, own = self._sample_impl(dict(state, bot_key=x))
        return self._step_impl(state, jnp.where(movers >= 0, actions, own))

    def _run_impl(self, state: dict[str, Any], steps: int) -> tuple[dict[str, Any], Any]:
        """``steps`` steps of :meth:`_sample_impl` then :meth:`_step_impl` in one loop (the records are not kept:
        the compiler leaves them out); returns the state and the games finished."""
        jax, jnp = self.jax, self.jnp

        def body(_: Any, carry: tuple[dict[str, Any], Any]) -> tuple[dict[str, Any], Any]:
            st, count = carry
            st, actions = self._sample_impl(st)
            st, done, _record = self._step_impl(st, actions)
            return st, count + done.sum(dtype=jnp.int32)

        out: tuple[dict[str, Any], Any] = jax.lax.fori_loop(0, steps, body, (state, jnp.int32(0)))
        return out

    def _rand(self, x: Any) -> tuple[Any, Any]:
        """The bot stream's next 32 bits: a Weyl sequence (``x``) through MurmurHash3's finalizer."""
        x = x + self.jnp.uint32(0x9E3779B9)
        return x, self._fmix(x)

    def _fmix(self, x: Any) -> Any:
        """MurmurHash3's 32-bit finalizer (a bijection that mixes every bit of ``x`` into every bit)."""
        jnp = self.jnp
        z = x ^ (x >> 16)
        z = z * jnp.uint32(0x85EBCA6B)
        z = z ^ (z >> 13)
        z = z * jnp.uint32(0xC2B2AE35)
        return z ^ (z >> 16)

    def _interject_one(self, s: dict[str, Any]) -> tuple[Any, Any, Any]:
        """Random bots' call-outs between turns in one game (the numpy engine's ``sample_interjections``): each
        other seat in turn order that may call someone out does so half of the time, naming one of those it may
        at random; the first one that does moves. Returns the bot stream, the action and the mover (``-1``: none)."""
        jnp, t, P = self.jnp, self._t, self.players
        x = s["bot_key"]
        action = mover = jnp.int32(-1)
        if not t.announce:
            return x, action, mover
        bits = s["missed"]
        if t.judges_finish:
            bits = bits | jnp.where(s["phase"] == _FINISHING, 1 << jnp.maximum(s["finisher"], 0).astype(jnp.int32), 0)
        for step in range(1, P):
            p = ((s["seat"] + step * s["dirn"]) % P).astype(jnp.int32)
            mine = jnp.where(s["end"] == 0, bits & ~(1 << p), 0).astype(jnp.uint32)
            x, coin = self._rand(x)
            go = (mine != 0) & ((coin >> 31) == 1) & (mover < 0)
            x2, z = self._rand(x)
            x = jnp.where(go, x2, x)
            cnt = self.jax.lax.population_count(mine).astype(jnp.int32)
            r = jnp.minimum(((z >> 8).astype(jnp.float32) * (1.0 / (1 << 24)) * cnt).astype(jnp.int32),
                            jnp.maximum(cnt - 1, 0))
            action = jnp.where(go, self.ref.CALLOUT_BASE + self._select_bit(mine, r), action)
            mover = jnp.where(go, p, mover)
        return x, action, mover

    def _deal_all_impl(self, keys: Any) -> dict[str, Any]:
        out: dict[str, Any] = self.jax.vmap(self._deal_one)(keys)
        return {f: x.astype(self.jnp.int8) if f in SMALL else x for f, x in out.items()}

    def _sample_impl(self, state: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        """A uniform legal action per game from its bot stream: a Weyl sequence (``bot_key``, 32 bits, its own per
        game) through MurmurHash3's finalizer, 24 of its bits scaled to the number of legal actions (off uniform
        by at most actions / 2**24)."""
        jax, jnp = self.jax, self.jnp
        x, z = self._rand(state["bot_key"])
        u = (z >> 8).astype(jnp.float32) * (1.0 / (1 << 24))
        return dict(state, bot_key=x), jax.vmap(self._pick_one)(state, u)

    def _select_bit(self, mask: Any, k: Any) -> Any:
        """The position of the ``k``-th (from 0) set bit of a card set of 32 or 64 bits (a binary search over
        popcounts)."""
        jnp = self.jnp
        H = mask.dtype.type
        pos = H(0)
        k = k.astype(H)
        for width in (32, 16, 8, 4, 2, 1)[0 if mask.dtype.itemsize == 8 else 1:]:
            cnt = self.jax.lax.population_count((mask >> pos) & H((1 << width) - 1))
            go = k >= cnt
            k = jnp.where(go, k - cnt, k)
            pos = jnp.where(go, pos + width, pos)
        return pos.astype(jnp.int32)

    def _pick_one(self, s: dict[str, Any], u: Any) -> Any:
        """The legal action of one game at ``u`` (uniform in [0, 1)): the plays (a card, its wish, its call), then
        draw, pass, the call-outs, counted as the numpy engine's ``sample_random`` counts them."""
        jnp, t, e = self.jnp, self._t, self.ref
        pc = self.jax.lax.population_count
        playable, tail, due, callouts = self._legal_one(s)
        pw = playable & self._k["wishes"]
        po = playable ^ pw
        W = t.wish_forms
        ntail = (tail & 1) + (tail >> 1)
        ncall = pc(callouts.astype(jnp.uint32)).astype(jnp.int32) if t.announce else jnp.int32(0)
        forms = jnp.asarray(e._wish_form_flat.astype(np.int32))
        if t.call_mode == 2:  # a call may be due with some cards and not others: four groups of plays
            groups = (pw & due, pw & ~due, po & due, po & ~due)
            weights = (W * t.calls, W, t.calls, 1)
            counts = [pc(g).astype(jnp.int32) * w for g, w in zip(groups, weights, strict=True)]
            nplay = counts[0] + counts[1] + counts[2] + counts[3]
            total = nplay + ntail + ncall
            r = jnp.minimum(jnp.floor(u * total).astype(jnp.int32), jnp.maximum(total - 1, 0))
            c0 = counts[0]
            c1 = c0 + counts[1]
            c2 = c1 + counts[2]
            grp = (r >= c0).astype(jnp.int32) + (r >= c1) + (r >= c2)
            q = r - jnp.select([grp == 1, grp == 2, grp == 3], [c0, c1, c2], 0)
            w = jnp.select([grp == 1, grp == 2, grp == 3], list(weights[1:]), weights[0])
            kk = q // w
            sub = q - kk * w
            called = (grp == 0) | (grp == 2)
            call = jnp.where(called, sub % t.calls, 0)
            form = jnp.where(called, sub // t.calls, sub)
            chosen = self._select_bit(jnp.select([grp == 1, grp == 2, grp == 3], list(groups[1:]), groups[0]), kk)
            card = jnp.minimum(chosen, e.n_cards - 1)
            wish = forms[card * 4 + jnp.minimum(form, 3)] * (grp <= 1)
        else:
            nw = pc(pw).astype(jnp.int32) * W
            f = jnp.where(due != 0, t.calls, 1) if t.calls > 1 else jnp.int32(1)
            nplay = (nw + pc(po).astype(jnp.int32)) * f
            total = nplay + ntail + ncall
            r = jnp.minimum(jnp.floor(u * total).astype(jnp.int32), jnp.maximum(total - 1, 0))
            q = r // f
            call = r - q * f
            in_w = q < nw
            kw = q // W
            form = q - kw * W
            card = jnp.minimum(self._select_bit(jnp.where(in_w, pw, po), jnp.where(in_w, kw, q - nw)), e.n_cards - 1)
            wish = forms[card * 4 + form] * in_w
        out = jnp.asarray(e._action_flat.astype(np.int32))[card * 15 + wish * 3 + call]
        rt = r - nplay
        out = jnp.where((r >= nplay) & (rt < ntail), (((tail & 2) == 0) | (rt != 0)).astype(jnp.int32), out)
        if t.announce:
            target = self._select_bit(callouts.astype(jnp.uint32), jnp.maximum(rt - ntail, 0))
            out = jnp.where(r >= nplay + ntail, e.CALLOUT_BASE + target, out)
        return jnp.where(total > 0, out, -1)

    # ------------------------------------------------------------------ the interface

    def reset(self, seed: int = 0) -> None:
        """Deal every game afresh from ``seed`` (game ``b`` from its own key).

        >>> eng = JaxEngine("standard", 2, 3, seed=2); before = eng.arrays()["hands"]; eng.reset(2)
        >>> bool((eng.arrays()["hands"] == before).all())
        True
        """
        jax = self.jax
        with self._scope():
            keys = jax.random.bits(jax.random.PRNGKey(seed), (self.batch, 2), self.jnp.uint32)
            keys = keys.at[:, 1].set(keys[:, 1] | 1)  # (every game its own odd step)
            self.state = self._deal_all(keys)
        self._done = 0

    @property
    def games_done(self) -> int:
        """Games finished since the last :meth:`reset` (counted on the device: reading it waits for the steps).

        >>> JaxEngine("standard", 2, 2).games_done
        0
        """
        return int(self._done)

    def legal_mask(self) -> np.ndarray:
        """The legal actions of every game's seat to act (batch × actions, the numpy engine's layout).

        >>> JaxEngine("standard", 2, 2, seed=1).legal_mask()[:, 0].tolist()
        [True, True]
        """
        with self._scope():
            return np.asarray(self._mask(self.state))

    def sample_random(self) -> Any:
        """A uniformly random legal action in every game, from each game's own bot key (a jax array; ``-1`` where
        a game has none).

        >>> eng = JaxEngine("standard", 2, 4, seed=1); a = np.asarray(eng.sample_random())
        >>> bool(eng.legal_mask()[np.arange(4), a].all())
        True
        """
        with self._scope():
            self.state, actions = self._sample(self.state)
        return actions

    def step(self, actions: Any) -> Any:
        """Every game's seat to act makes its move ``actions[b]`` (no check: give legal actions); a finished game
        is dealt again at once. Returns a boolean jax array: the games this move finished.

        >>> eng = JaxEngine("standard", 2, 4, seed=1)
        >>> for _ in range(400):
        ...     _ = eng.step(eng.sample_random())
        >>> eng.games_done > 0
        True
        """
        with self._scope():
            self.state, done, self.record = self._step(self.state, self.jnp.asarray(actions, self.jnp.int32))
            self._done = self._done + done.sum()
        self.winners, self.ends, self.decisions = self.record["winner"], self.record["end"], self.record["turn"]
        return done

    def run_random(self, steps: int) -> Any:
        """``steps`` moves in every game, each a uniformly random legal action of the seat to act (what
        :meth:`sample_random` then :meth:`step` make, no call-outs between turns), in one compiled call: no
        Python and no records between the moves (:attr:`record` is left as it was). Returns the games finished (a
        jax scalar; :attr:`games_done` counts them too). Each ``steps`` compiles once.

        >>> eng = JaxEngine("standard", 2, 4, seed=1); int(eng.run_random(400)) > 0
        True
        >>> eng.games_done > 0
        True
        """
        with self._scope():
            self.state, finished = self._run(self.state, int(steps))
            self._done = self._done + finished
        return finished

    def play_random(self) -> Any:
        """One move in every game by random bots, in one compiled call: a call-out between turns where a seat
        makes one (half of the time, as :class:`~maumau_rules.bots.RandomBot` does), else a uniformly random
        legal action of the seat to act. Returns a boolean jax array: the games this move finished (their counts
        are in :attr:`record`).

        >>> eng = JaxEngine("standard", 2, 4, seed=1)
        >>> while not np.asarray(eng.play_random()).any():
        ...     pass
        >>> int(np.asarray(eng.record["turns"]).max()) > 0
        True
        """
        with self._scope():
            self.state, done, self.record = self._play_random(self.state)
            self._done = self._done + done.sum()
        self.winners, self.ends, self.decisions = self.record["winner"], self.record["end"], self.record["turn"]
        return done

    def arrays(self) -> dict[str, np.ndarray]:
        """The state as numpy arrays, by the numpy engine's names (hands as card sets of 32 or 64 bits).

        >>> sorted(JaxEngine("standard", 2, 1).arrays())[:3]
        ['ann', 'anyc', 'dirn']
        """
        return {f: np.asarray(self.state[f]) for f in self.fields}

    def load(self, eng: BatchEngine) -> None:
        """Take over the states of a numpy engine of the same variant, players and batch (keys stay this engine's:
        the test plays both engines from the same deals).

        >>> from maumau_rules.families.maumau.batch import BatchEngine
        >>> jx = JaxEngine("standard", 2, 2); np_eng = BatchEngine("standard", 2, 2, seed=3); jx.load(np_eng)
        >>> bool((jx.arrays()["hands"] == np_eng.hands).all())
        True
        """
        jnp = self.jnp
        N = eng.N
        src = {"hands": eng.hands.astype(self._h_np), "stock": eng.stock[:, :N].astype(np.int8),
               "disc": eng.disc.astype(np.int8), "ann": eng.ann.astype(np.int32)}
        if self.copies:
            src["hands1"] = eng.layers[1].astype(self._h_np)
        for f in self.fields:
            if f not in src:
                src[f] = getattr(eng, f).astype(bool if f in ("stack_skip", "anyc", "fresh", "acc_pass", "acc_two")
                                                else np.int32)
        with self._scope():
            self.state = dict(self.state, **{f: jnp.asarray(v, dtype=self.state[f].dtype) for f, v in src.items()})
