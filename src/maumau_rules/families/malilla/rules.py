"""Malilla's rule objects: one frozen class per ``R_MAL_*`` rule of ``spec/rules``, each with its behaviour.

They are rules like the Mau-Mau ones (:class:`~maumau_rules.rules.base.Rule`, parameters declared once in
``spec/rules`` and read with :func:`~maumau_rules.rules.base.from_spec`), but of the ``malilla`` family: a
Malilla variant compiles them into a :class:`~maumau_rules.families.malilla.plan.MalillaPlan`, each rule writing what
it decides through :meth:`MalillaRule.build`. A Mau-Mau variant cannot hold them, nor a Malilla variant a
Mau-Mau rule.

>>> from maumau_rules import find_variant
>>> [r.rule_id for r in find_variant("malilla").rules][:3]
['R_MAL_DEAL', 'R_MAL_TRUMP', 'R_MAL_TRICK']
>>> MalillaFollow().partner_ahead, MalillaTrick().rank_order[:3]
('follow_required', (<Rank.SEVEN: 7>, <Rank.ACE: 14>, <Rank.REY: 22>))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from ...cards import Card, Rank
from ...errors import VariantError
from ...rules.base import FROM_SPEC, Kind, Rule, builtin, card_values, from_spec, rank_list
from .plan import FollowPolicy, MalillaPlan, MalillaPlanBuilder, SevenPolicy, team_of

if TYPE_CHECKING:
    from ...variants import Variant
    from .state import MalillaState

__all__ = ["MalillaAlbur", "MalillaBreach", "MalillaCapote", "MalillaDeal", "MalillaFollow", "MalillaRedeal",
           "MalillaRule", "MalillaScore", "MalillaSeven", "MalillaTrick", "MalillaTrump", "Settlement"]


class MalillaRule(Rule):
    """The base class of Malilla's rules: they build a Malilla plan, not a Mau-Mau one.

    >>> MalillaDeal().family, MalillaDeal().kind
    ('malilla', 'setup')
    """

    family: ClassVar[str] = "malilla"

    def contribute(self, plan: Any) -> None:
        """A Malilla rule has no part in a Mau-Mau plan.

        Raises:
            VariantError: always.

        >>> MalillaDeal().contribute(None)
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: rule R_MAL_DEAL is a Malilla rule: a Mau-Mau variant cannot hold it
        """
        raise VariantError(f"rule {self.rule_id} is a Malilla rule: a Mau-Mau variant cannot hold it")

    def build(self, plan: MalillaPlanBuilder) -> None:
        """Write what this rule decides into a Malilla plan (called once, when the variant is built).

        >>> from maumau_rules.deck import SPANISH_40
        >>> MalillaRule().build(MalillaPlanBuilder("m", SPANISH_40, 4, 4))  # the base class adds nothing
        """


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaDeal(MalillaRule):
    """R_MAL_DEAL: four players in two teams facing each other, play to the right, the whole pack dealt.

    >>> MalillaDeal().rotation
    'right'
    """

    rule_id: ClassVar[str] = "R_MAL_DEAL"
    kind: ClassVar[Kind] = "setup"
    first_dealer: Literal["random", "seat_zero"] = FROM_SPEC
    rotation: Literal["right", "left"] = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """Seats, teams, the deal and the dealer.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaDeal().build(b); b.dealt, b.first_dealer
        (True, 'random')
        """
        plan.claim("deal", self.rule_id)
        plan.dealt = True
        plan.first_dealer = self.first_dealer
        plan.rotation = self.rotation


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaTrump(MalillaRule):
    """R_MAL_TRUMP: the dealer's last card is trump, and its points are a bonus for the dealer's team.

    >>> MalillaTrump().bonus, MalillaTrump().bonus_order
    (True, 'hand_first')
    """

    rule_id: ClassVar[str] = "R_MAL_TRUMP"
    kind: ClassVar[Kind] = "setup"
    bonus: bool = FROM_SPEC
    bonus_order: Literal["hand_first", "bonus_first"] = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """The trump bonus and the order in which a held-back bonus counts.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaTrump().build(b); b.trump_bonus
        True
        """
        plan.claim("trump bonus", self.rule_id)
        plan.trump_bonus = self.bonus
        plan.bonus_order = self.bonus_order


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaTrick(MalillaRule):
    """R_MAL_TRICK: tricks, the rank order within a suit, who wins a trick and who leads the next.

    >>> str(MalillaTrick().rank_order[-1]), MalillaTrick().next_leader
    ('2', 'trick_winner')
    """

    rule_id: ClassVar[str] = "R_MAL_TRICK"
    kind: ClassVar[Kind] = "turn"
    rank_order: tuple[Rank, ...] = attrs.field(default=FROM_SPEC, converter=rank_list)
    next_leader: Literal["trick_winner", "next_seat"] = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """The rank order and the next leader.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaTrick(next_leader="next_seat").build(b)
        >>> b.next_leader
        'next_seat'
        """
        plan.claim("tricks", self.rule_id)
        plan.order = self.rank_order
        plan.next_leader = self.next_leader


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaFollow(MalillaRule):
    """R_MAL_FOLLOW: follow suit; against a winning opponent beat him, trump or over-trump; play freely when the
    partner is winning.

    >>> MalillaFollow().must_undertrump, MalillaFollow().may_trump_partner
    (False, True)
    """

    rule_id: ClassVar[str] = "R_MAL_FOLLOW"
    kind: ClassVar[Kind] = "legality"
    partner_ahead: Literal["follow_required", "fully_free"] = FROM_SPEC
    must_undertrump: bool = FROM_SPEC
    may_trump_partner: bool = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """The duties of a player who does not lead.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaFollow().build(b); b.follow is not None
        True
        """
        plan.claim("following", self.rule_id)
        plan.follow = FollowPolicy(self.partner_ahead, self.must_undertrump, self.may_trump_partner)


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaSeven(MalillaRule):
    """R_MAL_SEVEN: the 7 of a side suit not led yet may not be thrown away.

    >>> MalillaSeven().scope, MalillaSeven().lead
    ('hand', False)
    """

    rule_id: ClassVar[str] = "R_MAL_SEVEN"
    kind: ClassVar[Kind] = "legality"
    scope: Literal["hand", "trick"] = FROM_SPEC
    lead: bool = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """When a 7 is forbidden.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaSeven(scope="trick").build(b); b.seven.scope
        'trick'
        """
        plan.claim("forbidden 7", self.rule_id)
        plan.seven = SevenPolicy(self.scope, self.lead)


@attrs.frozen
class Settlement:
    """What a finished hand does to the match: each team's points for it, the scores after it, and whether the
    match is over (and who won it).

    >>> Settlement(points=(5, 0), scores=(12, 30), over=False, winner=None, why="").scores
    (12, 30)
    """

    points: tuple[int, ...]
    """Points each team scored with this hand: the bonus of its deal, its result, a held-back bonus that counted."""
    scores: tuple[int, ...]
    """The match scores after the hand: the scores before it plus :attr:`points`."""
    over: bool
    """Whether the match is over."""
    winner: int | None
    """The team that won the match, once it is over."""
    why: str
    """How the match was decided, in words (empty while it goes on)."""


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaScore(MalillaRule):
    """R_MAL_SCORE: card and trick points, the hand's result over half of them, and the match target.

    It is the variant's scoring scheme, as a Mau-Mau scoring rule is: :meth:`round_points` scores a hand and
    :meth:`settle` says what a finished hand does to the match.

    >>> MalillaScore().target, MalillaScore().value(Card.parse("7co")), MalillaScore().value(Card.parse("6co"))
    (35, 5, 0)
    """

    rule_id: ClassVar[str] = "R_MAL_SCORE"
    kind: ClassVar[Kind] = "scoring"
    higher_is_better: ClassVar[bool] = True
    """Points are good for the team that scores them."""
    values: tuple[tuple[Rank, int], ...] = attrs.field(default=FROM_SPEC, converter=card_values)
    trick_point: int = FROM_SPEC
    target: int = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """The card values, the trick point and the target.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaScore().build(b); b.target, b.values[Rank.REY]
        (35, 3)
        """
        plan.claim("scoring", self.rule_id)
        plan.values = dict(self.values)
        plan.trick_point = self.trick_point
        plan.target = self.target

    def value(self, card: Card) -> int:
        """The points of ``card``.

        >>> MalillaScore().value(Card.parse("Rba"))
        3
        """
        return dict(self.values).get(card.rank, 0)

    def round_points(self, state: MalillaState, multiplier: int = 1) -> tuple[int, ...]:
        """What each team scores for the finished hand ``state`` itself: its points above half, the other team
        nothing (an even split, or a hand stopped by a broken rule, scores nothing). Bonuses are apart
        (:meth:`settle`).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> MalillaScore().round_points(new_hand("malilla", seed=1))
        (0, 0)
        """
        if state.offender is not None:
            return (0, 0)
        taken = state.points
        half = state.variant.family_plan.half
        return tuple(max(0, p - half) * multiplier for p in taken)

    def settle(self, state: MalillaState) -> Settlement:
        """What the finished hand ``state`` does to the match whose scores before it were ``state.scores``: the bonus
        scored at the deal counts; a broken rule loses the match (R_MAL_BREACH); a capote may win it
        (R_MAL_CAPOTE); then the hand's result and the held-back bonuses count in the order of R_MAL_TRUMP's
        ``bonus_order``, and a team at the target wins.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> MalillaScore().settle(new_hand("malilla", seed=1)).over
        False
        """
        plan = state.variant.family_plan
        points = [0 if held else b for b, held in zip(state.bonus, state.deferred, strict=True)]

        def done(over: bool, winner: int | None, why: str) -> Settlement:
            return Settlement(tuple(points), tuple(s + p for s, p in zip(state.scores, points, strict=True)), over,
                              winner, why)

        if not state.is_over:
            return done(False, None, "")
        if state.offender is not None:
            loser = team_of(state.offender)
            return done(True, 1 - loser, f"seat {state.offender} broke a rule ({state.breach.value if state.breach else ''}): "
                                         f"team {loser} loses the match")
        capote = state.capote_team
        if capote is not None and plan.capote == "win_match":
            return done(True, capote, f"team {capote} took every trick (capote)")
        result = list(self.round_points(state))
        held = [b if d else 0 for b, d in zip(state.bonus, state.deferred, strict=True)]
        for step in ((held, result) if plan.bonus_order == "bonus_first" else (result, held)):
            for team in (0, 1):
                points[team] += step[team]
            now = [s + p for s, p in zip(state.scores, points, strict=True)]
            reached = [t for t in (0, 1) if now[t] >= self.target]
            if reached:
                # both teams reach the target in one step only with two held-back bonuses (a trump bonus and an
                # Albur): the higher score wins, the dealer's team (whose bonus the source speaks of) on a tie
                best = reached[0] if len(reached) == 1 else 0 if now[0] > now[1] else 1 if now[1] > now[0] \
                    else team_of(state.dealer)
                return done(True, best, f"team {best} reached {self.target}")
        return done(False, None, "")


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaCapote(MalillaRule):
    """R_MAL_CAPOTE: every trick to one team.

    >>> MalillaCapote().mode
    'win_match'
    """

    rule_id: ClassVar[str] = "R_MAL_CAPOTE"
    kind: ClassVar[Kind] = "end"
    mode: Literal["win_match", "score"] = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """What capote wins.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaCapote().build(b); b.capote
        'win_match'
        """
        plan.claim("capote", self.rule_id)
        plan.capote = self.mode


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaBreach(MalillaRule):
    """R_MAL_BREACH: refuse a broken rule, or let it stand and lose the match (table play).

    >>> MalillaBreach().mode
    'reject'
    """

    rule_id: ClassVar[str] = "R_MAL_BREACH"
    kind: ClassVar[Kind] = "end"
    mode: Literal["reject", "lose_match"] = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """How a broken rule is met.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaBreach(mode="lose_match").build(b); b.breach
        'lose_match'
        """
        plan.claim("breach", self.rule_id)
        plan.breach = self.mode


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaRedeal(MalillaRule):
    """R_MAL_REDEAL: a new deal for a player with a long suit, if his partner agrees.

    >>> MalillaRedeal().min_suit
    7
    """

    rule_id: ClassVar[str] = "R_MAL_REDEAL"
    kind: ClassVar[Kind] = "setup"
    min_suit: int = FROM_SPEC
    bonus_stands: bool = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """The question before the first lead.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaRedeal().build(b); b.redeal_min
        7
        """
        plan.claim("redeal", self.rule_id)
        plan.redeal_min = self.min_suit
        plan.redeal_bonus_stands = self.bonus_stands


@builtin
@attrs.frozen(field_transformer=from_spec)
class MalillaAlbur(MalillaRule):
    """R_MAL_ALBUR: two cards drawn before the deal; the higher scores points and leads.

    >>> MalillaAlbur().points, MalillaAlbur().hands
    (5, 'first')
    """

    rule_id: ClassVar[str] = "R_MAL_ALBUR"
    kind: ClassVar[Kind] = "setup"
    points: int = FROM_SPEC
    hands: Literal["first", "every"] = FROM_SPEC

    def build(self, plan: MalillaPlanBuilder) -> None:
        """The Albur's points and when it is drawn.

        >>> from maumau_rules.deck import SPANISH_40
        >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4); MalillaAlbur(hands="every").build(b)
        >>> b.albur_points, b.albur_every
        (5, True)
        """
        plan.claim("albur", self.rule_id)
        plan.albur_points = self.points
        plan.albur_every = self.hands == "every"


def compile_plan(variant: Variant) -> MalillaPlan:
    """Compile the rules of a ``malilla``-family variant into its plan.

    Raises:
        VariantError: a rule of another family, a rule listed twice, or a combination that makes no game.

    >>> from maumau_rules import find_variant
    >>> compile_plan(find_variant("malilla")).tricks_per_hand
    10
    """
    b = MalillaPlanBuilder(variant.id, variant.deck, variant.players[0], variant.players[1])
    seen: set[str] = set()
    for rule in variant.rules:
        if not isinstance(rule, MalillaRule):
            rid = getattr(rule, "rule_id", repr(rule))
            raise VariantError(f"variant {variant.id!r} is a Malilla variant: rule {rid} is not a Malilla rule")
        if rule.rule_id in seen:
            raise VariantError(f"variant {variant.id!r} lists rule {rule.rule_id} twice")
        seen.add(rule.rule_id)
        b.rule_ids.append(rule.rule_id)
        rule.build(b)
    return b.build()
