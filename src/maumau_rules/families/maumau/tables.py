"""A variant's compiled plan as flat tables: the form the batch engine (:mod:`maumau_rules.families.maumau.batch`) runs.

The plan (:class:`~maumau_rules.families.maumau.plan.Plan`) already holds most of a variant as tables: which cards may be
played on which lead (its legality masks), which answer a pending draw or skip, which may not finish, the draw
policy. What it holds as Python objects, the card effects and the rules' hooks (finish checks, the end of the
round, announcements, scoring), is turned here into a small closed set of table operations: each library
:class:`~maumau_rules.families.maumau.effects.Effect` class has its table form in :data:`EFFECT_OPS`, each library rule
with a hook its form in :data:`RULE_FORMS`. An effect or rule that has none (a house rule written outside the
library with Python behaviour, or a library rule the tables cannot express yet) makes :func:`compile_tables`
fail with a :class:`~maumau_rules.errors.VariantError` naming the rule: a variant runs batched exactly as the
scalar engine runs it, or not at all.

Cards are numbered in the plan's hand order (``plan.cards``); a card set is an integer with bit ``i`` for card
``i`` (every table deck has at most 64 distinct cards; a deck with several copies of a card, such as two packs or
two Jokers, is held by the batch engine as one card set per copy: the cards held at least once, at least twice...).

>>> t = compile_tables("standard")
>>> t.n_cards, t.ops[t.index["7h"]].pending, t.ops[t.index["8c"]].skip_count, t.wish_forms
(32, 2, 1, 4)
>>> f = compile_tables("faraon"); bin(f.series[0][0][f.index["7h"]]).count("1")  # a series of 7s: any 7
4
>>> compile_tables("pesten").copies, compile_tables("mau-king").copies
(2, 2)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

import attrs

from ...cards import FRENCH_SUITS, Card, Rank
from ...errors import VariantError
from ...variants import Variant, find_variant
from .effects import (
    AnotherTurn,
    CancelDraw,
    DemandSuit,
    DrawCards,
    Effect,
    FollowAny,
    PendingDraw,
    ReverseDirection,
    SkipNext,
    WishSuit,
)
from .plan import FREE, LEADS, PlanBuilder

__all__ = ["EFFECT_OPS", "RULE_FORMS", "CardOps", "Tables", "compile_tables", "table_coverage"]

WHO: Final = ("next", "previous", "others", "all")
"""Who draws, by the code of a :class:`CardOps` draw (``DrawCards.who``)."""


@attrs.define
class CardOps:
    """What the effects of one card do, as table operations (filled in by :data:`EFFECT_OPS`).

    >>> ops = CardOps(); EFFECT_OPS[SkipNext](SkipNext(), ops); ops.skip_count
    1
    """

    wish: bool = False
    """Its player names a suit (``WishSuit``)."""
    own_suit: bool = True
    """The card's own suit may be wished."""
    free: bool = False
    """Any card may follow (``FollowAny``)."""
    demand: bool = False
    """Its own suit must be followed (``DemandSuit``)."""
    cancel: bool = False
    """A pending draw is wiped out (``CancelDraw``)."""
    pending: int = 0
    """Cards added to the pending draw (``PendingDraw``)."""
    draws: list[tuple[int, int]] = attrs.Factory(list)
    """Immediate draws: (amount, code of :data:`WHO`) (``DrawCards``)."""
    skip_count: int = 0
    """Players skipped when the turn passes on (``SkipNext``)."""
    skip_passable: bool = False
    """The skip may be answered (and a pending skip is answered by this card)."""
    reverse: int = 0
    """Direction changes (``ReverseDirection``)."""
    two_player_again: bool = False
    """With two players a reversal gives another turn."""
    again: bool = False
    """Its player plays again (``AnotherTurn``)."""
    start_pending: int = 0
    """As the start card (where start cards act): the pending draw the first player faces."""
    start_skip: bool = False
    """As the start card (where start cards act): the first player is skipped (or faces a pending skip)."""
    start_free_if_acting: bool = False
    """As the start card, where start cards act: any card may follow (a wishing wild)."""
    start_free: bool = False
    """As the start card, always: any card may follow (``FollowAny``)."""


def _wish(e: Any, o: CardOps) -> None:
    o.wish = True
    o.own_suit = o.own_suit and e.own_suit
    o.start_free_if_acting = True


def _free(e: Any, o: CardOps) -> None:
    o.free = True
    o.start_free = True


def _demand(e: Any, o: CardOps) -> None:
    o.demand = True


def _cancel(e: Any, o: CardOps) -> None:
    o.cancel = True


def _pending(e: Any, o: CardOps) -> None:
    o.pending += e.amount
    o.start_pending += e.amount


def _draw(e: Any, o: CardOps) -> None:
    o.draws.append((e.amount, WHO.index(e.who)))


def _skip(e: Any, o: CardOps) -> None:
    o.skip_count += 1
    o.skip_passable = o.skip_passable or e.passable
    o.start_skip = True


def _reverse(e: Any, o: CardOps) -> None:
    o.reverse += 1
    o.two_player_again = o.two_player_again or e.two_player_again


def _again(e: Any, o: CardOps) -> None:
    o.again = True


EFFECT_OPS: Final[dict[type[Effect], Callable[[Any, CardOps], None]]] = {
    WishSuit: _wish, FollowAny: _free, DemandSuit: _demand, CancelDraw: _cancel, PendingDraw: _pending,
    DrawCards: _draw, SkipNext: _skip, ReverseDirection: _reverse, AnotherTurn: _again,
}
"""The table form of each library effect class, keyed by the exact class (a subclass may change what it does, so
it has none until it is registered here)."""


# Library rules: their plan contributions are tables already (masks, policies, numbers), or their hooks have a table
# form below (R_SERIES and R_WILD_FINISH_SERIES: what may follow the first card of a series, and when the series
# opens; R_DRAW_UNTIL_SUIT: the cards whose demand is drawn for; R_ANNOUNCE: its parameters; the scoring rules: their
# values and bonuses).
_PLAIN: Final = frozenset({"R_DEAL", "R_DEALER", "R_TURN_ORDER", "R_START_CARD", "R_MATCH", "R_WILD", "R_NO_FINISH",
                           "R_DRAW_PENALTY", "R_SKIP", "R_REVERSE", "R_DRAW", "R_RESHUFFLE", "R_WRONG_CARD",
                           "R_BLOCKED_END", "R_TURN_LIMIT", "R_PLAY_AGAIN", "R_FINAL_CARD_EFFECTS", "R_CUT",
                           "R_SCORE_WIN_POINTS", "R_SCORE_PENALTY_POINTS", "R_SCORE_WINNER_COLLECTS",
                           "R_SCORE_HAND_SHRINK", "R_SCORE_ELIMINATION", "R_JACK_FINISH_DOUBLES", "R_ANNOUNCE",
                           "R_SERIES", "R_WILD_FINISH_SERIES", "R_DRAW_UNTIL_SUIT"})
RULE_FORMS: Final[dict[str, str]] = {}
"""Library rules that have no table form, with the reason (none at present: every library rule compiles; a rule
written outside the library compiles when all it adds is legality hooks and library effects)."""
_SERIES_WITHIN: Final = {"R_SERIES": False, "R_WILD_FINISH_SERIES": True}
"""The series rules, and whether a card may follow only while every card held is of the first card's rank."""


@attrs.frozen
class Tables:
    """One variant's rules as flat tables (numbers, tuples of numbers): what :mod:`maumau_rules.families.maumau.batch` runs.

    >>> t = compile_tables("standard"); t.cards[0], t.fit[0][t.index["9h"]] & (1 << t.index["10h"]) != 0
    (Card.parse('7♣'), True)
    """

    variant: Variant = attrs.field(repr=False)
    cards: tuple[Card, ...]
    """The distinct cards, in hand order (card ``i``)."""
    copies: int
    """The most copies of one card in the deck (1 for one pack)."""
    deck: tuple[int, ...] = attrs.field(repr=False)
    """The card number of every card of the deck, copies included (``plan.deck_cards``)."""
    index: dict[str, int] = attrs.field(repr=False)
    """Card number by notation (``"7h"`` and ``"7♥"``)."""
    fit: tuple[tuple[int, ...], ...] = attrs.field(repr=False)
    """``fit[2 * lead_code + fresh][top]``: the cards that may be played (the plan's legality table)."""
    answer_fit: tuple[int, ...] = attrs.field(repr=False)
    """Cards that pass a pending draw on, by top card (if they also fit)."""
    answer_cancel: int
    skip_answers: int
    no_finish: int
    wishes: int
    """The cards whose player names a suit."""
    wish_forms: int
    """How many suits a wishing card may name (4, or 3 where its own suit is not allowed)."""
    suit_code: tuple[int, ...] = attrs.field(repr=False)
    """Each card's suit as a lead code (1-4 in :data:`~maumau_rules.families.maumau.plan.SUITS` order; 0: a Joker)."""
    ops: tuple[CardOps, ...] = attrs.field(repr=False)
    """What each card does."""
    free_code: int
    free_first_code: int
    # the turn
    can_draw_at_all: bool
    after_draw: int
    """0: only the drawn card may follow a draw, 1: any card that fits, 2: none."""
    until_playable: bool
    tails: tuple[tuple[int, int], tuple[int, int]]
    """``tails[a card can be played][a card can be drawn]``: 0 nothing, 1 pass, 2 draw, 3 draw and pass."""
    reshuffle: bool
    penalty_ends_turn: bool
    penalty_skip: int
    """Penalty cards whose penalty, taken, ends the turn (R_DRAW_PENALTY ``skip``)."""
    blocked_end: bool
    max_moves: int
    again_no_finish: int
    """Cards that cannot finish: played as the last card, the player must draw and play on (R_PLAY_AGAIN)."""
    final_card_effects: bool
    """A pending draw left by the last card is still drawn (R_FINAL_CARD_EFFECTS)."""
    # several cards in one turn (R_SERIES, R_WILD_FINISH_SERIES)
    series: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = attrs.field(repr=False)
    """One entry per series rule: ``(follows, within)``, each by the series' first card: the cards that may follow
    it, and the cards the hand must hold only (else nothing follows; every card where the rule has no such
    condition)."""
    series_opens: tuple[tuple[int, int], ...]
    """One entry per series rule: the cards that open it (the card played and the turn's first card must both be
    among them), and the standing call it needs (0: none; 2: the Jack word, R_WILD_FINISH_SERIES ``after_call``)."""
    draw_until: int
    """Cards whose demanded suit a player under it draws for, one card at a time (R_DRAW_UNTIL_SUIT)."""
    # calls (R_ANNOUNCE)
    announce: bool
    calls: int
    """Calls a play may carry when one is due, ``None`` included (1 without R_ANNOUNCE)."""
    call_mode: int
    """When a call is due: 1 with one card left; 2 also when the cards left are Jacks of one rank (``multi_jack``)."""
    rank_cards: tuple[int, ...] = attrs.field(repr=False)
    """The cards of each card's rank."""
    call_penalty: int
    call_automatic: bool
    calls_lapse: bool
    window_next: bool
    final_word: bool
    judges_finish: bool
    """A finish is judged by the standing call (R_ANNOUNCE ``jack_word`` or ``unannounced_finish``)."""
    unannounced: int
    """R_ANNOUNCE ``unannounced_finish``: 0 allowed, 1 penalty, 2 jack_penalty."""
    # setup
    min_players: int
    max_players: int
    direction: int
    random_dealer: bool
    """Whether the first dealer is drawn (R_DEALER ``highest_card``; every seat is as likely)."""
    start_effects: bool
    rebury: int
    """Start cards that go back under the stock (R_START_CARD ``rebury``)."""
    table_deal: bool
    """Whether a deal is a shuffle dealt by fixed positions (else the batch engine deals through the scalar
    :func:`~maumau_rules.new_game`, a slow path: R_CUT's power cards keep cards)."""
    # scoring
    scoring: str
    values: tuple[int, ...] = attrs.field(repr=False)
    count_cards: bool
    multiplier: int
    multiplier_cards: int
    winner_bonus: tuple[int, ...]
    """R_SCORE_ELIMINATION: the winner's points by the wild Jacks of his last turn (0, 1, 2, more)."""
    bonus_cards: int
    """The wild Jacks (R_SCORE_ELIMINATION's bonus counts them)."""
    last_with_cards: bool
    sign: int

    @property
    def n_cards(self) -> int:
        """The number of distinct cards.

        >>> compile_tables("crazy-eights").n_cards
        52
        """
        return len(self.cards)

    def mask(self, cards: str) -> int:
        """The card set of a space-separated list of cards (for tests and examples).

        >>> t = compile_tables("standard"); bin(t.mask("7c 8c"))
        '0b11'
        """
        out = 0
        for c in cards.split():
            out |= 1 << self.index[c]
        return out


def _refuse(variant: Variant, rule_id: str, why: str) -> VariantError:
    return VariantError(f"variant {variant.id!r} has no table form: rule {rule_id} ({why})")


def _only_legality(variant: Variant, rule: Any) -> bool:
    """Whether a rule written outside the library only adds legality hooks (their result is in the plan's masks)
    and library effects (whose table forms are known)."""
    plan = variant.plan
    b = PlanBuilder(variant.id, variant.deck, plan.min_players, plan.max_players)
    blank = PlanBuilder(variant.id, variant.deck, plan.min_players, plan.max_players)
    try:
        rule.contribute(b)
    except Exception:
        return False
    skip = {"legality_hooks", "claimed", "checks", "rule_ids", "masks"}
    if all(type(e) in EFFECT_OPS for es in b.effects.values() for e in es):
        skip.add("effects")  # library effects only: their table forms are known
    return all(getattr(b, k) == getattr(blank, k) for k in vars(blank) if k not in skip)


def _scoring(variant: Variant) -> tuple[str, tuple[int, ...], bool, bool]:
    plan = variant.plan
    scheme: Any = plan.scoring
    if scheme is None:
        return "none", (0,) * len(plan.cards), False, False
    values = tuple(int(scheme.value(c)) for c in plan.cards)
    return (scheme.rule_id, values, getattr(scheme, "count", "") == "cards",
            getattr(scheme, "loser", "") == "last_with_cards")


@functools.cache
def _compile(variant: Variant) -> Tables:
    if variant.family != "maumau":
        raise VariantError(f"variant {variant.id!r} has no table form: the {variant.family} family plays tricks, "
                           "which the batch engine does not")
    plan = variant.plan
    for rule in variant.rules:
        rid = rule.rule_id
        if rid in RULE_FORMS:
            raise _refuse(variant, rid, RULE_FORMS[rid])
        library = rid in _PLAIN and type(rule).__module__ == __name__.rpartition(".")[0] + ".rules"
        if not library and not _only_legality(variant, rule):
            raise _refuse(variant, rid, f"{type(rule).__name__} is not a library rule and does more than add "
                                            "legality hooks and library effects: it has no table form")
    cards = plan.cards
    if len(cards) > 64:
        raise _refuse(variant, "R_DEAL", f"the {variant.deck} deck has more than 64 distinct cards: hands are 64-bit "
                                         "sets of cards")
    index = {c: i for i, c in enumerate(cards)}

    def conv(mask: int) -> int:
        out = 0
        for c in plan.masks.cards(mask & plan.masks.all):
            out |= 1 << index[c]
        return out

    ops: list[CardOps] = []
    for card in cards:
        o = CardOps()
        for e in plan.effects.get(card, ()):
            form = EFFECT_OPS.get(type(e))
            if form is None:
                raise _refuse(variant, e.rule_id or "?", f"effect {type(e).__name__} of {card} has no table form")
            form(e, o)
        ops.append(o)
    ann: Any = plan.announcer
    again_rule = next((r for r in variant.rules if r.rule_id == "R_PLAY_AGAIN"), None)
    again_no_finish = 0
    if again_rule is not None and getattr(again_rule, "last_card", "wins") == "draw":
        again_no_finish = sum(1 << index[c] for c in cards if ops[index[c]].again)
    draws_on = again_rule is not None and getattr(again_rule, "last_card", "wins") == "draw"
    known_hooks = (1 if draws_on else 0) + (1 if ann is not None else 0)
    if len(plan.finish_checks) != known_hooks:
        raise _refuse(variant, "?", "a finish check that no library rule added")
    final = any(r.rule_id == "R_FINAL_CARD_EFFECTS" for r in variant.rules)
    until = next((r for r in variant.rules if r.rule_id == "R_DRAW_UNTIL_SUIT"), None)
    if len(plan.round_end_hooks) != (1 if final else 0) or len(plan.draw_more) != (until is not None):
        raise _refuse(variant, "?", "a hook that no library rule added")
    series, opens = _series(variant, conv)
    jack_double = next((r for r in variant.rules if r.rule_id == "R_JACK_FINISH_DOUBLES"), None)
    if len(plan.multipliers) != (1 if jack_double is not None else 0):
        raise _refuse(variant, "?", "a score multiplier that no library rule added")
    cut: Any = plan.cutting
    start: Any = plan.start_card
    dealer: Any = plan.dealer
    scoring, values, count_cards, last_with_cards = _scoring(variant)
    after = {"drawn_only": 0, "any": 1, "none": 2}[plan.draw_policy.after_draw]
    suits = {s: i + 1 for i, s in enumerate(FRENCH_SUITS)}
    higher = getattr(plan.scoring, "higher_is_better", True)
    wild_jacks = sum(1 << index[c] for c in cards if c.rank is Rank.JACK and plan.wild_mask & plan.unit[c])
    return Tables(
        variant=variant, cards=cards, copies=max(Counter(plan.deck_cards).values()),
        deck=tuple(index[c] for c in plan.deck_cards),
        index={**{str(c): i for c, i in index.items()}, **_ascii(index)},
        fit=tuple(tuple(conv(plan.fit[k][c]) for c in cards) for k in range(2 * LEADS)),
        answer_fit=tuple(conv(plan.answer_fit[c]) for c in cards), answer_cancel=conv(plan.answer_cancel),
        skip_answers=conv(plan.skip_answers), no_finish=conv(plan.no_finish_mask), wishes=conv(plan.wishes_mask),
        wish_forms=4 if all(o.own_suit for o in ops if o.wish) else 3,
        suit_code=tuple(suits.get(c.suit, 0) if c.suit is not None else 0 for c in cards),
        ops=tuple(ops), free_code=2 * FREE, free_first_code=plan.free_first_code,
        can_draw_at_all=plan.can_draw_at_all, after_draw=after, until_playable=plan.until_playable,
        tails=plan.tails, reshuffle=plan.reshuffle, penalty_ends_turn=plan.penalty_ends_turn,
        penalty_skip=sum(1 << index[c] for c in plan.penalty_skip_cards if c in index),
        blocked_end=plan.blocked_end, max_moves=min(plan.max_moves, 1 << 30), again_no_finish=again_no_finish,
        final_card_effects=final, series=series, series_opens=opens,
        draw_until=sum(1 << index[c] for c in cards
                       if any(type(e) is DemandSuit and e.rule_id == "R_DRAW_UNTIL_SUIT" for e in plan.effects[c])),
        announce=ann is not None, call_mode=plan.call_mode,
        rank_cards=tuple(sum(1 << index[d] for d in cards if d.rank is c.rank) for c in cards), calls=1 if ann is None else (3 if ann.jack_call else 2),
        call_penalty=ann.penalty if ann is not None else 0,
        call_automatic=ann is not None and ann.enforcement == "automatic",
        calls_lapse=plan.calls_lapse, window_next=ann is None or ann.window == "next_player",
        final_word=ann is not None and bool(ann.final_word),
        judges_finish=ann is not None and ann.judges_finish,
        unannounced=0 if ann is None else ("allowed", "penalty", "jack_penalty").index(ann.unannounced_finish),
        min_players=plan.min_players, max_players=plan.max_players, direction=plan.direction,
        random_dealer=dealer is not None and dealer.selection == "highest_card",
        start_effects=start is not None and start.effects,
        rebury=0 if start is None else sum(1 << index[c] for c in cards if start.rebury.matches(c)),
        table_deal=cut is None or cut.mode in ("none", "simple"),
        scoring=scoring, values=values, count_cards=count_cards,
        multiplier=getattr(jack_double, "multiplier", 1),
        multiplier_cards=sum(1 << index[c] for c in cards if c.rank is Rank.JACK),
        winner_bonus=tuple(getattr(plan.scoring, "winner_bonus", ())), bonus_cards=wild_jacks,
        last_with_cards=last_with_cards, sign=1 if higher else -1,
    )


def _series(variant: Variant, conv: Callable[[int], int]) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
                                                                   tuple[tuple[int, int], ...]]:
    """The table form of the series rules' hooks: what may follow each first card, the hand it needs, and when
    the series opens."""
    plan = variant.plan
    every = conv(plan.masks.all)
    series = []
    opens = []
    for (rid, _, follows), (starts, opener) in zip(plan.series_hooks, plan.series_opens, strict=True):
        if rid not in _SERIES_WITHIN:
            raise _refuse(variant, rid, "a series hook that no library rule added")
        rule: Any = variant.rule(rid)
        follow = tuple(conv(follows(plan, c, c, 0)) for c in plan.cards)
        within = tuple(conv(plan.rank_mask[c.rank]) if _SERIES_WITHIN[rid] else every for c in plan.cards)
        series.append((follow, within))
        need = 2 if opener is not None and getattr(rule, "opens", "") == "after_call" else 0
        if opener is not None and need == 0:
            raise _refuse(variant, rid, "a series that opens on a condition with no table form")
        opens.append((conv(starts), need))
    return tuple(series), tuple(opens)


def _ascii(index: dict[Card, int]) -> dict[str, int]:
    symbols = {"♣": "c", "♠": "s", "♥": "h", "♦": "d"}
    out = {}
    for c, i in index.items():
        text = str(c)
        for sym, letter in symbols.items():
            text = text.replace(sym, letter)
        out[text] = i
    return out


def compile_tables(variant: Variant | str) -> Tables:
    """The tables of ``variant`` (a variant or its name), compiled once per variant.

    Raises:
        VariantError: a rule or effect of the variant has no table form (the message names the rule), or no
            variant has that name.

    >>> compile_tables("prsi").ops[compile_tables("prsi").index["Ah"]].skip_passable
    True
    """
    return _compile(find_variant(variant))


def table_coverage(variant: Variant | str) -> str:
    """``""`` when ``variant`` compiles to tables, else why not (the :class:`VariantError`'s message).

    >>> table_coverage("standard"), table_coverage("malilla")[:30]
    ('', "variant 'malilla' has no table")
    """
    try:
        compile_tables(variant)
    except VariantError as exc:
        return str(exc)
    return ""
