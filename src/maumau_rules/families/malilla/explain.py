"""What a Malilla variant's rules say, in words: the Malilla half of :mod:`maumau_rules.explain`.

:mod:`maumau_rules.explain` sends a variant of the ``malilla`` family here (``maumau rules malilla``, the
rules reference's variant pages). Every sentence is chosen by a rule object's parameters and the compiled
:class:`~maumau_rules.families.malilla.plan.MalillaPlan` (rank order, points, hand total, target ...), so a variant
that changes a parameter, or leaves a rule out, is described as it plays.

>>> from maumau_rules import find_variant
>>> rows = dict(trick_rows(find_variant("malilla")))
>>> rows["Partner ahead"].split(":")[0]
'When his partner is winning the trick he need not beat or trump him'
>>> print(card_help(find_variant("malilla"), Card.parse("Rco")).split(". ")[0])  # doctest: +NORMALIZE_WHITESPACE
Rco (Rey de copas) in Malilla (cardgames.zone): 3rd of the 10 cards of its suit in the order 7 > Ace > Rey >
Caballo > Sota > 6 > 5 > 4 > 3 > 2 (R_MAL_TRICK): it beats the Caballo, Sota, 6, 5, 4, 3 and 2 of copas and
loses to the 7 and Ace
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from ...cards import Card, Rank, Suit
from ...explain import PLAIN, Markup, _good_then, engine_fact, text_rows, text_section
from ...explain import deck_text as _shared_deck_text
from ...i18n import N_, ngettext
from ...i18n import gettext as _
from ...reasons import Reason
from ...variants import Variant, find_variant  # noqa: F401  (the examples below use find_variant)
from .plan import SEATS, SIDES, MalillaPlan

__all__ = [
    "breach_reasons",
    "card_help",
    "card_points_text",
    "deck_text",
    "end_rows",
    "move_examples",
    "rank_name",
    "rank_order_text",
    "rules_text",
    "scoring_text",
    "setup_rows",
    "trick_rows",
]

_RANK_NAMES = {Rank.ACE: N_("Ace"), Rank.SOTA: "Sota", Rank.CABALLO: "Caballo", Rank.REY: "Rey"}
"""The Spanish court cards keep their Spanish names in every language (the sources do); the Ace is translated."""
_ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def _markup(m: Markup | None) -> Markup:
    return PLAIN if m is None else m


def _plan(variant: Variant) -> MalillaPlan:
    plan = variant.family_plan
    assert isinstance(plan, MalillaPlan), f"variant {variant.id!r} is not a Malilla variant"
    return plan


def _rule(variant: Variant, rule_id: str) -> Any:
    return variant.rule(rule_id)


def _engine(text: str) -> str:
    return text + engine_fact()


def rank_name(rank: Rank) -> str:
    """A Spanish rank in words: ``Ace`` (written ``1`` on a card), ``Sota``, ``Caballo``, ``Rey`` or the number.

    >>> rank_name(Rank.ACE), rank_name(Rank.CABALLO), rank_name(Rank.SIX)
    ('Ace', 'Caballo', '6')
    """
    return _(_RANK_NAMES[rank]) if rank in _RANK_NAMES else str(int(rank))


def _notation(rank: Rank) -> str:
    """The rank as written in a Spanish card's notation: ``1``-``7``, ``S``, ``C``, ``R``."""
    return str(Card(rank, Suit.OROS))[:-2]


def _comma() -> str:
    """The separator of a list in the current language (Arabic writes "، ")."""
    return _(", ")


def rank_order_text(variant: Variant, sep: str | None = None) -> str:
    """The ranks of a suit from the highest to the lowest (R_MAL_TRICK), in words.

    >>> rank_order_text(find_variant("malilla"))
    '7, Ace, Rey, Caballo, Sota, 6, 5, 4, 3, 2'
    """
    return (_comma() if sep is None else sep).join(rank_name(r) for r in _plan(variant).order)


def card_points_text(variant: Variant) -> str:
    """The points of the cards (R_MAL_SCORE), highest rank first, the ranks worth nothing together.

    >>> card_points_text(find_variant("malilla"))
    '7 = 5, Ace = 4, Rey = 3, Caballo = 2, Sota = 1; the 6, 5, 4, 3 and 2 are worth nothing'
    """
    plan = _plan(variant)
    worth = [f"{rank_name(r)} = {plan.values[r]}" for r in plan.order if plan.values.get(r, 0)]
    nothing = [rank_name(r) for r in plan.order if not plan.values.get(r, 0)]
    if not worth:
        return _("no card is worth anything")
    text = _comma().join(worth)
    if len(nothing) == 1:
        text += _("; the {rank} is worth nothing").format(rank=nothing[0])
    elif nothing:
        text += _("; the {ranks} are worth nothing").format(ranks=_and(nothing))
    return text


def _and(items: list[str]) -> str:
    """``a, b and c`` in the current language."""
    return items[0] if len(items) == 1 else _comma().join(items[:-1]) + _(" and ") + items[-1]


def deck_text(variant: Variant, m: Markup | None = None) -> str:
    """The deck in words.

    >>> deck_text(find_variant("malilla"))
    '40 cards (spanish-40): 1 (Ace) to 7, Sota, Caballo and Rey in the suits oros, copas, espadas and bastos'
    """
    return _shared_deck_text(variant, _markup(m))


def setup_rows(variant: Variant, m: Markup | None = None) -> list[tuple[str, str]]:
    """Rows of the setup table: deck, seats and teams, direction, dealer, deal, trump card and its bonus, the
    Albur, a new deal and the first lead.

    >>> rows = dict(setup_rows(find_variant("malilla")))
    >>> print(rows["Players"])  # doctest: +NORMALIZE_WHITESPACE
    4, in two teams of two; partners sit opposite each other: seats 0 and 2 (team 0) against seats 1 and 3
    (team 1) (R_MAL_DEAL).
    >>> rows["Trump"].split(";")[0]
    "The dealer's last card is turned face up for everyone to see"
    >>> rows["Albur"]
    'Not played: no cards are drawn before the deal (R_MAL_ALBUR is another form of the game).'
    """
    m = _markup(m)
    plan = _plan(variant)
    deal: Any = _rule(variant, "R_MAL_DEAL")
    deal_ref = f" ({m.rule('R_MAL_DEAL')})"
    teams = _(" against ").join(_("seats {a} and {b} (team {n})").format(a=a, b=b, n=i)
                                for i, (a, b) in enumerate(SIDES))
    rows = [
        (_("Deck"), deck_text(variant, m)),
        (_("Players"), _("{n}, in two teams of two; partners sit opposite each other: {teams}").format(
            n=SEATS, teams=teams) + deal_ref),
        (_("Direction"), _("Counter-clockwise: play passes to the right, from seat s to seat s \u2212 1") + deal_ref),
    ]
    if deal is not None:
        dealer = {("random", "right"): _("The first dealer of a match is drawn from the game's seed, so a game "
                                         "replays exactly; after each hand the deal passes to the dealer's right "
                                         "(the way play goes)"),
                  ("random", "left"): _("The first dealer of a match is drawn from the game's seed, so a game "
                                        "replays exactly; after each hand the deal passes to the dealer's left"),
                  ("seat0", "right"): _("Seat 0 deals the first hand of a match; after each hand the deal passes "
                                        "to the dealer's right (the way play goes)"),
                  ("seat0", "left"): _("Seat 0 deals the first hand of a match; after each hand the deal passes to "
                                       "the dealer's left")}[("random" if plan.first_dealer == "random" else "seat0",
                                                              "right" if plan.rotation == "right" else "left")]
        rows.append((_("Dealer"), dealer + deal_ref))
    else:
        rows.append((_("Dealer"), _("the first dealer of a match is drawn from the game's seed, so a game replays "
                                    "exactly") if plan.first_dealer == "random"
                     else _("seat 0 deals the first hand of a match")))
    rows.append((_("Deal"), _("The whole pack, one card at a time, from the dealer's right to the right and ending "
                              "with the dealer: {n} cards each").format(n=plan.hand_size) + deal_ref))
    trump: Any = _rule(variant, "R_MAL_TRUMP")
    trump_ref = f" ({m.rule('R_MAL_TRUMP')})" if trump is not None else ""
    rows.append((_("Trump"), _("The dealer's last card is turned face up for everyone to see; its suit is trump for "
                               "the whole hand. The dealer keeps it and plays it like any other card") + trump_ref
                 if trump is not None else _engine(_("The dealer's last card is turned up and its suit is trump"))))
    if plan.trump_bonus:
        bonus = _("A trump card that carries points ({points}) scores them for the dealer's team at once").format(
            points=card_points_text(variant).split(";")[0])
        if plan.target is not None:
            bonus += (_(". When these points alone would bring that team to the target of {n} they are held back "
                        "until the hand is over, and count only if no team has won the match by then: after the "
                        "hand's own result") if plan.bonus_order == "hand_first" else
                      _(". When these points alone would bring that team to the target of {n} they are held back "
                        "until the hand is over, and count only if no team has won the match by then: before the "
                        "hand's own result, so they win the match for the dealer's team even if the other team "
                        "reaches the target with the hand")).format(n=plan.target)
        rows.append((_("Trump bonus"), bonus + trump_ref))
    else:
        rows.append((_("Trump bonus"), _("None: the trump card scores nothing") + trump_ref))
    albur: Any = _rule(variant, "R_MAL_ALBUR")
    if albur is not None:
        text = (_("Before every hand two cards are drawn face down; the dealer and the player on his right each take "
                  "one blind (the seed decides who gets which). The player whose card ranks higher scores {n} for "
                  "his team and leads the first trick; equal ranks are drawn again. The cards go back and the pack "
                  "is shuffled before the deal. The points are held back like a trump bonus when they alone would "
                  "decide the match ({rule})") if albur.hands == "every" else
                _("Before the first hand of a match two cards are drawn face down; the dealer and the player on his "
                  "right each take one blind (the seed decides who gets which). The player whose card ranks higher "
                  "scores {n} for his team and leads the first trick; equal ranks are drawn again. The cards go back "
                  "and the pack is shuffled before the deal. The points are held back like a trump bonus when they "
                  "alone would decide the match ({rule})"))
        rows.append(("Albur", text.format(n=albur.points, rule=m.rule("R_MAL_ALBUR"))))
    else:
        rows.append(("Albur", _("Not played: no cards are drawn before the deal ({rule} is another form of the "
                                "game)").format(rule=m.rule("R_MAL_ALBUR"))))
    redeal: Any = _rule(variant, "R_MAL_REDEAL")
    if redeal is not None:
        text = (_("Before the first lead every player in turn, starting with the leader, may ask for a new deal "
                  "({redeal}) if he holds {n} or more cards of one suit, or passes ({pass_}); everyone is asked, so "
                  "the question gives nothing away. The asker's partner agrees ({redeal}) or refuses ({pass_}; then "
                  "the next player is asked). On agreement the same dealer deals again from a new shuffle, and a "
                  "trump bonus already scored stays scored and the new trump card's bonus is added ({rule})")
                if redeal.bonus_stands else
                _("Before the first lead every player in turn, starting with the leader, may ask for a new deal "
                  "({redeal}) if he holds {n} or more cards of one suit, or passes ({pass_}); everyone is asked, so "
                  "the question gives nothing away. The asker's partner agrees ({redeal}) or refuses ({pass_}; then "
                  "the next player is asked). On agreement the same dealer deals again from a new shuffle, and a "
                  "trump bonus already scored is withdrawn and the new trump card scores its own ({rule})"))
        rows.append((_("New deal"), text.format(redeal=m.lit("redeal"), pass_=m.lit("pass"), n=redeal.min_suit,
                                                rule=m.rule("R_MAL_REDEAL"))))
    else:
        rows.append((_("New deal"), _("None: the cards are played as dealt")))
    lead = (_("The player on the dealer's right, or the dealer if he wins the Albur") if albur is not None
            else _("The player on the dealer's right"))
    rows.append((_("First lead"), lead + deal_ref))
    return [(name, text if text.endswith(".") else text + ".") for name, text in rows]


def trick_rows(variant: Variant, m: Markup | None = None) -> list[tuple[str, str]]:
    """Rows of the tricks table: rank order, points, leading, following, beating and trumping, the partner ahead,
    the forbidden 7, who wins a trick and leads the next, and what a broken rule does.

    >>> rows = dict(trick_rows(find_variant("malilla")))
    >>> rows["Rank order"]
    'Within a suit, highest first: 7, Ace, Rey, Caballo, Sota, 6, 5, 4, 3, 2 (on the cards: 7 1 R C S 6 5 4 3 2) (R_MAL_TRICK).'
    >>> "trump" in rows["Opponent ahead"], rows["Broken rule"].split(":")[0]
    (True, 'Refused')
    """
    m = _markup(m)
    plan = _plan(variant)
    trick: Any = _rule(variant, "R_MAL_TRICK")
    trick_ref = f" ({m.rule('R_MAL_TRICK')})" if trick is not None else ""
    score: Any = _rule(variant, "R_MAL_SCORE")
    score_ref = f" ({m.rule('R_MAL_SCORE')})" if score is not None else ""
    order = " ".join(_notation(r) for r in plan.order)
    rows = [(_("Rank order"), _("Within a suit, highest first: {order} (on the cards: {cards})").format(
        order=rank_order_text(variant), cards=order) + (trick_ref or _engine("")))]
    points = card_points_text(variant)
    rows.append((_("Card points"), points[0].upper() + points[1:] + score_ref))
    card_total = sum(plan.points.values())
    if plan.trick_point:
        rows.append((_("Trick points"), _("A trick is worth its cards' points and {n} more for the trick itself: "
                                          "{cards} card points and {tricks} for the {count} tricks make {total} in a "
                                          "hand").format(n=plan.trick_point, cards=card_total,
                                                         tricks=plan.trick_point * plan.tricks_per_hand,
                                                         count=plan.tricks_per_hand, total=plan.hand_total)
                     + score_ref))
    else:
        rows.append((_("Trick points"), _("A trick is worth its cards' points only: {total} in a hand").format(
            total=plan.hand_total) + score_ref))
    seven = plan.seven
    seven_ref = f" ({m.rule('R_MAL_SEVEN')})"
    if seven is not None and seven.lead and seven.scope == "hand":
        lead = _("The leader may lead any card, except the 7 of a side suit that has not been led in this hand"
                 ) + seven_ref
    else:
        lead = _("The leader may lead any card")
    rows.append((_("Leading"), lead))
    follow = plan.follow
    follow_ref = f" ({m.rule('R_MAL_FOLLOW')})"
    if follow is None:
        rows.append((_("Following"), _engine(_("The others, in turn to the right, may play any card"))))
    else:
        rows.append((_("Following"), _("The others play one card each, in turn to the right, and must follow suit "
                                       "when they can") + follow_ref))
        rows.append((_("Opponent ahead"), (
            _("When an opponent is winning with a card of the suit led, a player who holds a higher card of that "
              "suit must play one (beat him); when an opponent has trumped, a player who can follow suit just "
              "follows. A player who cannot follow suit must trump, and against an opponent's trump he must play a "
              "higher trump; when he cannot go higher he must still play a lower trump if he holds one. A player "
              "who can neither follow nor trump plays any card") if follow.must_undertrump else
            _("When an opponent is winning with a card of the suit led, a player who holds a higher card of that "
              "suit must play one (beat him); when an opponent has trumped, a player who can follow suit just "
              "follows. A player who cannot follow suit must trump, and against an opponent's trump he must play a "
              "higher trump; when he cannot go higher he may play any card. A player who can neither follow nor "
              "trump plays any card")) + follow_ref))
        if follow.partner_ahead == "fully_free":
            partner = _("When his partner is winning the trick he may play any card of his hand, even one of another "
                        "suit when he could follow")
        elif follow.may_trump_partner:
            partner = _("When his partner is winning the trick he need not beat or trump him: he must still follow "
                        "suit when he can; when he cannot, he may trump or play any other card")
        else:
            partner = _("When his partner is winning the trick he need not beat or trump him: he must still follow "
                        "suit when he can; when he cannot, he may not trump while he holds a card of another suit")
        rows.append((_("Partner ahead"), partner + follow_ref))
    if seven is not None:
        rows.append((_("Forbidden 7"), (
            _("The 7 of a side suit (not trump) may not be thrown on a trick of another suit while its suit has not "
              "been led in this hand (a trick led in it, this one included); a player whose allowed cards are all "
              "such 7s may play one") if seven.scope == "hand" else
            _("The 7 of a side suit (not trump) may never be thrown on a trick of another suit; a player whose "
              "allowed cards are all such 7s may play one")) + seven_ref))
    else:
        rows.append((_("Forbidden 7"), _("None: a 7 may be played like any other card")))
    rows.append((_("Winning a trick"), _("The highest trump in it wins; without a trump, the highest card of the "
                                         "suit led. A card of another side suit never wins")
                 + (trick_ref or _engine(""))))
    rows.append((_("Next lead"), (_("The winner of a trick leads the next") if plan.next_leader == "trick_winner"
                                  else _("The lead passes to the right after every trick"))
                 + (trick_ref or _engine(""))))
    by_rule: dict[str, list[str]] = {}
    for reason, rule in breach_reasons(variant):
        by_rule.setdefault(rule, []).append(m.lit(reason.value))
    codes = "; ".join(f"{_or(lits)} ({m.rule(rule)})" for rule, lits in by_rule.items())
    breach: Any = _rule(variant, "R_MAL_BREACH")
    breach_ref = f" ({m.rule('R_MAL_BREACH')})" if breach is not None else ""
    if not codes:
        rows.append((_("Broken rule"), _("No card can break a rule: every card in hand may be played")))
    elif plan.breach == "lose_match":
        rows.append((_("Broken rule"), _("Played, as at a real table: a card that breaks these duties is played, the "
                                         "hand stops at once and the offender's team loses the match; the verdict "
                                         "gives its reason code ({codes}). A card he does not hold, or a move out of "
                                         "turn, is always refused").format(codes=codes) + breach_ref))
    else:
        rows.append((_("Broken rule"), _("Refused: a card that breaks these duties is refused with its reason code "
                                         "({codes}) and nothing changes").format(codes=codes)
                     + (breach_ref or _engine(""))))
    return [(name, text if text.endswith(".") else text + ".") for name, text in rows]


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + _(" or ") + items[-1]


def breach_reasons(variant: Variant) -> list[tuple[Reason, str]]:
    """The reason codes a card can be refused with under the variant's following rules, with the rule that gives
    each: the breaches of R_MAL_BREACH.

    >>> [(r.value, rule) for r, rule in breach_reasons(find_variant("malilla"))]  # doctest: +NORMALIZE_WHITESPACE
    [('must_follow_suit', 'R_MAL_FOLLOW'), ('must_beat', 'R_MAL_FOLLOW'), ('must_trump', 'R_MAL_FOLLOW'),
     ('forbidden_seven', 'R_MAL_SEVEN')]
    """
    plan = _plan(variant)
    out: list[tuple[Reason, str]] = []
    follow = plan.follow
    if follow is not None:
        out += [(Reason.MUST_FOLLOW_SUIT, "R_MAL_FOLLOW"), (Reason.MUST_BEAT, "R_MAL_FOLLOW"),
                (Reason.MUST_TRUMP, "R_MAL_FOLLOW")]
        if follow.partner_ahead == "follow_required" and not follow.may_trump_partner:
            out.append((Reason.RULE_FORBIDS, "R_MAL_FOLLOW"))
    if plan.seven is not None:
        out.append((Reason.FORBIDDEN_SEVEN, "R_MAL_SEVEN"))
    return out


def end_rows(variant: Variant, m: Markup | None = None) -> list[tuple[str, str]]:
    """Rows of the end-of-hand table: when the hand ends, what it scores, capote, the match and its target.

    >>> rows = dict(end_rows(find_variant("malilla")))
    >>> print(rows["Hand"])  # doctest: +NORMALIZE_WHITESPACE
    The team that took more than half of the hand's points (more than 35 of 70) scores what it took above 35; the
    other team scores nothing, and at 35\u201335 neither scores (R_MAL_SCORE).
    >>> rows["Match"].split(" (")[0]
    'Hand scores and bonuses add up; the first team to reach 35 points wins the match'
    """
    m = _markup(m)
    plan = _plan(variant)
    score: Any = _rule(variant, "R_MAL_SCORE")
    rows = [(_("End"), _("The hand is over when every card has been played: {n} tricks").format(
        n=plan.tricks_per_hand))]
    if score is not None:
        ref = f" ({m.rule('R_MAL_SCORE')})"
        half, total = plan.half, plan.hand_total
        rows.append((_("Hand"), _("The team that took more than half of the hand's points (more than {half} of "
                                  "{total}) scores what it took above {half}; the other team scores nothing, and at "
                                  "{half}\u2013{other} neither scores").format(half=half, total=total,
                                                                               other=total - half) + ref))
        target = plan.target
        note = (_(" (the standard game; the long game plays to {n})").format(n=total) if target == half
                else _(" (the long game)") if target == total else "")
        rows.append((_("Match"), _("Hand scores and bonuses add up; the first team to reach {n} points wins the "
                                   "match").format(n=target) + note + ref))
    else:
        rows.append((_("Hand"), _("No rule scores it (no R_MAL_SCORE): the tricks are played for their own sake")))
        rows.append((_("Match"), _("None: every hand stands alone")))
    capote: Any = _rule(variant, "R_MAL_CAPOTE")
    if capote is not None and capote.mode == "win_match":
        rows.append(("Capote", _("A team that takes every trick (capote) wins the match at once, whatever the "
                                 "scores, also over a held-back bonus of the other team ({rule})").format(
            rule=m.rule("R_MAL_CAPOTE"))))
    else:
        text = _("A team that takes every trick (capote) scores the hand like any other")
        if score is not None:
            gives = plan.hand_total - plan.half
            if plan.target is None:
                text += _(": all {total} points give {n}").format(total=plan.hand_total, n=gives)
            elif gives >= plan.target:
                text += _(": all {total} points give {n}, which reaches the target of {target} from any score").format(
                    total=plan.hand_total, n=gives, target=plan.target)
            else:
                text += _(": all {total} points give {n}, not the target of {target} by itself").format(
                    total=plan.hand_total, n=gives, target=plan.target)
        rows.append(("Capote", text + (f" ({m.rule('R_MAL_CAPOTE')})" if capote is not None else "")))
    if plan.breach == "lose_match":
        rows.append((_("Broken rule"), _("The hand stops at once; the offender's team loses the match and the hand "
                                         "scores nothing ({rule})").format(rule=m.rule("R_MAL_BREACH"))))
    return [(name, text if text.endswith(".") else text + ".") for name, text in rows]


def scoring_text(variant: Variant, m: Markup | None = None) -> str:
    """The scoring scheme in words: its first line is the short version (:func:`maumau_rules.explain.scoring_summary`).

    >>> print(scoring_text(find_variant("malilla")).splitlines()[0])
    A team that takes more than 35 of a hand's 70 points scores the excess; the first team to 35 wins the match.
    """
    m = _markup(m)
    plan = _plan(variant)
    if plan.target is None:
        return _("This variant has no match scoring.") + "\n"
    first = _("A team that takes more than {half} of a hand's {total} points scores the excess; the first team to "
              "{target} wins the match.").format(half=plan.half, total=plan.hand_total, target=plan.target)
    rows = dict(end_rows(variant, m))
    more = [rows[_("Hand")], rows[_("Match")], rows["Capote"]]
    trick = dict(trick_rows(variant, m))
    more[:0] = [_("Card points: {points}").format(points=trick[_("Card points")]), trick[_("Trick points")]]
    setup = dict(setup_rows(variant, m))
    more.append(_("Trump bonus: {text}").format(text=setup[_("Trump bonus")]))
    return first + "\n\n" + " ".join(more) + "\n"


def move_examples(variant: Variant) -> dict[str, str]:
    """Example moves in notation: a card, and the answers to the question about a new deal (with R_MAL_REDEAL).

    >>> move_examples(find_variant("malilla"))
    {'play': '7or', 'redeal': 'redeal', 'pass': 'pass'}
    """
    plan = _plan(variant)
    top = next(c for c in plan.cards if c.rank is plan.order[0])
    out = {"play": str(top)}
    if plan.redeal_min is not None:
        out["redeal"] = "redeal"
        out["pass"] = "pass"
    return out


def scoring_summary(variant: Variant) -> str:
    """How the match is scored and who wins it, in one sentence that says that high scores are good.

    >>> scoring_summary(find_variant("malilla")).split(":")[0]
    'High scores are good'
    """
    return _good_then(True, scoring_text(variant).split("\n")[0])


def card_help(variant: Variant, card: Card) -> str:
    """What ``card`` is in a Malilla variant: its place in its suit's rank order, its points, what it does as the
    trump card, and the forbidden 7.

    >>> print(card_help(find_variant("malilla"), Card.parse("4es")))  # doctest: +NORMALIZE_WHITESPACE
    4es (4 de espadas) in Malilla (cardgames.zone): 8th of the 10 cards of its suit in the order 7 > Ace > Rey >
    Caballo > Sota > 6 > 5 > 4 > 3 > 2 (R_MAL_TRICK): it beats the 3 and 2 of espadas and loses to the 7, Ace,
    Rey, Caballo, Sota, 6 and 5. Worth nothing (R_MAL_SCORE). When espadas are trump it beats every card of
    another suit; otherwise it can win only a trick led in espadas that nobody trumps. As the dealer's turned-up
    card it makes espadas trump; it carries no points, so no bonus.
    """
    plan = _plan(variant)
    if card not in plan.points:
        return _("{card} is not a card of {variant} ({deck}).").format(card=card, variant=_(variant.name),
                                                                       deck=variant.deck)
    suit = card.suit
    assert suit is not None
    name = suit.english
    order = list(plan.order)
    place = order.index(card.rank) + 1
    lower = [rank_name(r) for r in order[place:]]
    higher = [rank_name(r) for r in order[:place - 1]]
    text = _("{card} ({name}) in {variant}: ").format(card=card, name=card.name, variant=_(variant.name))
    ordinal = _(_ORDINALS[place]) if place in _ORDINALS else _("{n}th").format(n=place)
    text += _("{ordinal} of the {n} cards of its suit in the order {order}").format(
        ordinal=ordinal, n=len(order), order=" > ".join(rank_name(r) for r in order))
    text += " (R_MAL_TRICK)" if variant.rule("R_MAL_TRICK") is not None else engine_fact()
    if not higher:
        text += (_(": the highest card of its suit, the malilla, it beats every other {suit} card")
                 if card.rank is Rank.SEVEN else
                 _(": the highest card of its suit, it beats every other {suit} card")).format(suit=name)
    elif not lower:
        text += _(": the lowest card of its suit, it beats no other {suit} card").format(suit=name)
    else:
        text += _(": it beats the {lower} of {suit} and loses to the {higher}").format(
            lower=_and(lower), suit=name, higher=_and(higher))
    points = plan.points[card]
    score_ref = " (R_MAL_SCORE)" if variant.rule("R_MAL_SCORE") is not None else ""
    text += (ngettext(". Worth {n} point", ". Worth {n} points", points).format(n=points) if points
             else _(". Worth nothing")) + score_ref
    text += _(". When {suit} are trump it beats every card of another suit; otherwise it can win only a trick led "
              "in {suit} that nobody trumps").format(suit=name)
    text += _(". As the dealer's turned-up card it makes {suit} trump").format(suit=name)
    if plan.trump_bonus and points:
        text += ngettext(" and gives the dealer's team its {n} point at once (R_MAL_TRUMP)",
                         " and gives the dealer's team its {n} points at once (R_MAL_TRUMP)", points).format(n=points)
    elif plan.trump_bonus:
        text += _("; it carries no points, so no bonus")
    seven = plan.seven
    if seven is not None and card.rank is Rank.SEVEN:
        if seven.scope == "hand":
            text += _(". When {suit} are not trump it may not be thrown on a trick of another suit before {suit} "
                      "have been led in the hand").format(suit=name)
            if seven.lead:
                text += _(", nor led before {suit} have been led").format(suit=name)
        else:
            text += _(". When {suit} are not trump it may never be thrown on a trick of another suit").format(
                suit=name)
        text += _(" (only a player whose allowed cards are all such 7s may) (R_MAL_SEVEN)")
    return text + "."


def terminal_help(variant: Variant) -> list[str]:
    """The terminal game's help (``help`` at the prompt): how to type a card, the rules of a trick, the rank order
    and the card points of this variant, and the help commands, in the current language.

    >>> lines = terminal_help(find_variant("malilla"))
    >>> lines[2]
    'rank order in every suit, highest first: 7, Ace, Rey, Caballo, Sota, 6, 5, 4, 3, 2.'
    >>> lines[3]
    'card points: 7 = 5, Ace = 4, Rey = 3, Caballo = 2, Sota = 1; the 6, 5, 4, 3 and 2 are worth nothing.'
    """
    from ...i18n import gettext as _

    plan = _plan(variant)
    lines = [
        _("a card is its index and suit: 1-7, S Sota, C Caballo, R Rey; or, co, es, ba ('7co' is the 7 of copas, "
          "'Ror' the Rey de oros; '7 de copas' works too)."),
        _("follow suit; beat an opponent who is winning, or trump him, if you can; with your partner winning you "
          "play freely.") + (" " + _("Never throw away the 7 of a side suit not led yet.") if plan.seven else ""),
        _("rank order in every suit, highest first: {order}.").format(order=rank_order_text(variant)),
        _("card points: {points}.").format(points=card_points_text(variant)),
    ]
    if plan.trump_bonus:
        lines.append(_("the trump card's points go to the dealer's team at the deal (the trump bonus); the hand "
                       "result shows them apart."))
    lines.append(_("'? CARD' (or '? RANK', e.g. '? 7') says what a card is worth and beats; 'rules' prints the "
                   "rules, 'score' the match score, 'quit' ends the game."))
    lines.append(scoring_text(variant).split("\n")[0])
    return lines


def rules_text(variant: Variant, width: int = 88) -> str:
    """The rules of a Malilla variant as plain text: setup, tricks, the end of a hand and scoring, the moves.

    >>> text = rules_text(find_variant("malilla"))
    >>> text.splitlines()[0], "Partner ahead:" in text, "R_MAL_SEVEN" in text
    ('Malilla (cardgames.zone)', True, True)
    """

    section = text_section

    def rows(items: Sequence[tuple[str, str]]) -> list[str]:
        return text_rows(items, width)

    from ...explain import summary_text

    v = variant
    lines = [_(v.name), "=" * len(_(v.name))]
    if v.summary:
        lines += textwrap.wrap(summary_text(v), width)
    lines += section(_("Setup")) + rows(setup_rows(v))
    lines += section(_("Tricks")) + rows(trick_rows(v))
    lines += section(_("End of the hand and scoring")) + rows(end_rows(v))
    ex = move_examples(v)
    moves = [("play", _("{example}: a card, its rank (1-7, S Sota, C Caballo, R Rey) then its suit (or oros, co "
                        "copas, es espadas, ba bastos); {example} is the {name}").format(
        example=ex["play"], name=Card.parse(ex["play"]).name))]
    if "redeal" in ex:
        moves.append(("redeal", _("ask for a new deal, or agree to your partner's request")))
        moves.append(("pass", _("no new deal")))
    lines += section(_("Moves")) + rows(moves)
    return "\n".join(lines) + "\n"

