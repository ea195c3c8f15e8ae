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
from ...explain import ENGINE_FACT, PLAIN, Markup, text_rows, text_section
from ...explain import deck_text as _shared_deck_text
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

_RANK_NAMES = {Rank.ACE: "Ace", Rank.SOTA: "Sota", Rank.CABALLO: "Caballo", Rank.REY: "Rey"}
_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _markup(m: Markup | None) -> Markup:
    return PLAIN if m is None else m


def _plan(variant: Variant) -> MalillaPlan:
    plan = variant.family_plan
    assert isinstance(plan, MalillaPlan), f"variant {variant.id!r} is not a Malilla variant"
    return plan


def _rule(variant: Variant, rule_id: str) -> Any:
    return variant.rule(rule_id)


def _engine(text: str) -> str:
    return text + ENGINE_FACT


def rank_name(rank: Rank) -> str:
    """A Spanish rank in words: ``Ace`` (written ``1`` on a card), ``Sota``, ``Caballo``, ``Rey`` or the number.

    >>> rank_name(Rank.ACE), rank_name(Rank.CABALLO), rank_name(Rank.SIX)
    ('Ace', 'Caballo', '6')
    """
    return _RANK_NAMES.get(rank, str(int(rank)))


def _notation(rank: Rank) -> str:
    """The rank as written in a Spanish card's notation: ``1``-``7``, ``S``, ``C``, ``R``."""
    return str(Card(rank, Suit.OROS))[:-2]


def rank_order_text(variant: Variant, sep: str = ", ") -> str:
    """The ranks of a suit from the highest to the lowest (R_MAL_TRICK), in words.

    >>> rank_order_text(find_variant("malilla"))
    '7, Ace, Rey, Caballo, Sota, 6, 5, 4, 3, 2'
    """
    return sep.join(rank_name(r) for r in _plan(variant).order)


def card_points_text(variant: Variant) -> str:
    """The points of the cards (R_MAL_SCORE), highest rank first, the ranks worth nothing together.

    >>> card_points_text(find_variant("malilla"))
    '7 = 5, Ace = 4, Rey = 3, Caballo = 2, Sota = 1; the 6, 5, 4, 3 and 2 are worth nothing'
    """
    plan = _plan(variant)
    worth = [f"{rank_name(r)} = {plan.values[r]}" for r in plan.order if plan.values.get(r, 0)]
    nothing = [rank_name(r) for r in plan.order if not plan.values.get(r, 0)]
    if not worth:
        return "no card is worth anything"
    text = ", ".join(worth)
    if nothing:
        names = nothing[0] if len(nothing) == 1 else ", ".join(nothing[:-1]) + " and " + nothing[-1]
        text += f"; the {names} {'is' if len(nothing) == 1 else 'are'} worth nothing"
    return text


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
    teams = " against ".join(f"seats {a} and {b} (team {i})" for i, (a, b) in enumerate(SIDES))
    rows = [
        ("Deck", deck_text(variant, m)),
        ("Players", f"{SEATS}, in two teams of two; partners sit opposite each other: {teams}{deal_ref}"),
        ("Direction", f"Counter-clockwise: play passes to the right, from seat s to seat s \u2212 1{deal_ref}"),
    ]
    first = ("the first dealer of a match is drawn from the game's seed, so a game replays exactly"
             if plan.first_dealer == "random" else "seat 0 deals the first hand of a match")
    side = "right (the way play goes)" if plan.rotation == "right" else "left"
    rows.append(("Dealer", f"{first.capitalize()}; after each hand the deal passes to the dealer's {side}{deal_ref}"
                 if deal is not None else first))
    rows.append(("Deal", f"The whole pack, one card at a time, from the dealer's right to the right and ending "
                         f"with the dealer: {plan.hand_size} cards each{deal_ref}"))
    trump: Any = _rule(variant, "R_MAL_TRUMP")
    trump_ref = f" ({m.rule('R_MAL_TRUMP')})" if trump is not None else ""
    rows.append(("Trump", "The dealer's last card is turned face up for everyone to see; its suit is trump for the "
                          "whole hand. The dealer keeps it and plays it like any other card" + trump_ref
                 if trump is not None else _engine("The dealer's last card is turned up and its suit is trump")))
    if plan.trump_bonus:
        bonus = (f"A trump card that carries points ({card_points_text(variant).split(';')[0]}) scores them for "
                 f"the dealer's team at once")
        if plan.target is not None:
            bonus += (f". When these points alone would bring that team to the target of {plan.target} they are "
                      "held back until the hand is over, and count only if no team has won the match by then: "
                      + ("after the hand's own result" if plan.bonus_order == "hand_first" else
                         "before the hand's own result, so they win the match for the dealer's team even if the "
                         "other team reaches the target with the hand"))
        rows.append(("Trump bonus", bonus + trump_ref))
    else:
        rows.append(("Trump bonus", "None: the trump card scores nothing" + trump_ref))
    albur: Any = _rule(variant, "R_MAL_ALBUR")
    if albur is not None:
        when = "every hand" if albur.hands == "every" else "the first hand of a match"
        rows.append(("Albur", f"Before {when} two cards are drawn face down; the dealer and the player on his right "
                              f"each take one blind (the seed decides who gets which). The player whose card ranks "
                              f"higher scores {albur.points} for his team and leads the first trick; equal ranks are "
                              f"drawn again. The cards go back and the pack is shuffled before the deal. The points "
                              f"are held back like a trump bonus when they alone would decide the match "
                              f"({m.rule('R_MAL_ALBUR')})"))
    else:
        rows.append(("Albur", f"Not played: no cards are drawn before the deal ({m.rule('R_MAL_ALBUR')} is another "
                              "form of the game)"))
    redeal: Any = _rule(variant, "R_MAL_REDEAL")
    if redeal is not None:
        kept = ("stays scored and the new trump card's bonus is added" if redeal.bonus_stands
                else "is withdrawn and the new trump card scores its own")
        rows.append(("New deal", f"Before the first lead every player in turn, starting with the leader, may ask for "
                                 f"a new deal ({m.lit('redeal')}) if he holds {redeal.min_suit} or more cards of one "
                                 f"suit, or passes ({m.lit('pass')}); everyone is asked, so the question gives "
                                 f"nothing away. The asker's partner agrees ({m.lit('redeal')}) or refuses "
                                 f"({m.lit('pass')}; then the next player is asked). On agreement the same dealer "
                                 f"deals again from a new shuffle, and a trump bonus already scored {kept} "
                                 f"({m.rule('R_MAL_REDEAL')})"))
    else:
        rows.append(("New deal", "None: the cards are played as dealt"))
    lead = "The player on the dealer's right" + (", or the dealer if he wins the Albur" if albur is not None else "")
    rows.append(("First lead", lead + deal_ref))
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
    rows = [("Rank order", f"Within a suit, highest first: {rank_order_text(variant)} (on the cards: {order})"
                           + (trick_ref or _engine("")))]
    rows.append(("Card points", card_points_text(variant)[0].upper() + card_points_text(variant)[1:] + score_ref))
    card_total = sum(plan.points.values())
    if plan.trick_point:
        rows.append(("Trick points", f"A trick is worth its cards' points and {plan.trick_point} more for the trick "
                                     f"itself: {card_total} card points and {plan.trick_point * plan.tricks_per_hand} "
                                     f"for the {plan.tricks_per_hand} tricks make {plan.hand_total} in a hand"
                                     + score_ref))
    else:
        rows.append(("Trick points", f"A trick is worth its cards' points only: {plan.hand_total} in a hand"
                     + score_ref))
    seven = plan.seven
    seven_ref = f" ({m.rule('R_MAL_SEVEN')})"
    lead = "The leader may lead any card"
    if seven is not None and seven.lead and seven.scope == "hand":
        lead += f", except the 7 of a side suit that has not been led in this hand{seven_ref}"
    rows.append(("Leading", lead))
    follow = plan.follow
    follow_ref = f" ({m.rule('R_MAL_FOLLOW')})"
    if follow is None:
        rows.append(("Following", _engine("The others, in turn to the right, may play any card")))
    else:
        rows.append(("Following", "The others play one card each, in turn to the right, and must follow suit when "
                                  "they can" + follow_ref))
        under = ("must still play a lower trump if he holds one" if follow.must_undertrump
                 else "may play any card")
        rows.append(("Opponent ahead", "When an opponent is winning with a card of the suit led, a player who holds a "
                                       "higher card of that suit must play one (beat him); when an opponent has "
                                       "trumped, a player who can follow suit just follows. A player who cannot "
                                       "follow suit must trump, and against an opponent's trump he must play a higher "
                                       f"trump; when he cannot go higher he {under}. A player who can neither follow "
                                       f"nor trump plays any card{follow_ref}"))
        if follow.partner_ahead == "fully_free":
            partner = ("When his partner is winning the trick he may play any card of his hand, even one of another "
                       "suit when he could follow")
        else:
            partner = ("When his partner is winning the trick he need not beat or trump him: he must still follow "
                       "suit when he can; when he cannot, he "
                       + ("may trump or play any other card" if follow.may_trump_partner
                          else "may not trump while he holds a card of another suit"))
        rows.append(("Partner ahead", partner + follow_ref))
    if seven is not None:
        when = ("may not be thrown on a trick of another suit while its suit has not been led in this hand (a trick "
                "led in it, this one included)" if seven.scope == "hand" else
                "may never be thrown on a trick of another suit")
        rows.append(("Forbidden 7", f"The 7 of a side suit (not trump) {when}; a player whose allowed cards are all "
                                    f"such 7s may play one{seven_ref}"))
    else:
        rows.append(("Forbidden 7", "None: a 7 may be played like any other card"))
    rows.append(("Winning a trick", "The highest trump in it wins; without a trump, the highest card of the suit "
                                    "led. A card of another side suit never wins" + (trick_ref or _engine(""))))
    rows.append(("Next lead", ("The winner of a trick leads the next" if plan.next_leader == "trick_winner"
                               else "The lead passes to the right after every trick") + (trick_ref or _engine(""))))
    by_rule: dict[str, list[str]] = {}
    for reason, rule in breach_reasons(variant):
        by_rule.setdefault(rule, []).append(m.lit(reason.value))
    codes = "; ".join(f"{_or(lits)} ({m.rule(rule)})" for rule, lits in by_rule.items())
    breach: Any = _rule(variant, "R_MAL_BREACH")
    breach_ref = f" ({m.rule('R_MAL_BREACH')})" if breach is not None else ""
    if not codes:
        rows.append(("Broken rule", "No card can break a rule: every card in hand may be played"))
    elif plan.breach == "lose_match":
        rows.append(("Broken rule", f"Played, as at a real table: a card that breaks these duties is played, the hand "
                                    f"stops at once and the offender's team loses the match; the verdict gives its "
                                    f"reason code ({codes}). A card he does not hold, or a move out of turn, is "
                                    f"always refused{breach_ref}"))
    else:
        rows.append(("Broken rule", f"Refused: a card that breaks these duties is refused with its reason code "
                                    f"({codes}) and nothing changes" + (breach_ref or _engine(""))))
    return [(name, text if text.endswith(".") else text + ".") for name, text in rows]


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


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
    rows = [("End", f"The hand is over when every card has been played: {plan.tricks_per_hand} tricks")]
    if score is not None:
        ref = f" ({m.rule('R_MAL_SCORE')})"
        half, total = plan.half, plan.hand_total
        rows.append(("Hand", f"The team that took more than half of the hand's points (more than {half} of {total}) "
                             f"scores what it took above {half}; the other team scores nothing, and at "
                             f"{half}\u2013{total - half} neither scores{ref}"))
        target = plan.target
        note = (f" (the standard game; the long game plays to {total})" if target == half
                else " (the long game)" if target == total else "")
        rows.append(("Match", f"Hand scores and bonuses add up; the first team to reach {target} points wins the "
                              f"match{note}{ref}"))
    else:
        rows.append(("Hand", "No rule scores it (no R_MAL_SCORE): the tricks are played for their own sake"))
        rows.append(("Match", "None: every hand stands alone"))
    capote: Any = _rule(variant, "R_MAL_CAPOTE")
    if capote is not None and capote.mode == "win_match":
        rows.append(("Capote", "A team that takes every trick (capote) wins the match at once, whatever the scores, "
                               f"also over a held-back bonus of the other team ({m.rule('R_MAL_CAPOTE')})"))
    else:
        text = "A team that takes every trick (capote) scores the hand like any other"
        if score is not None:
            text += f": all {plan.hand_total} points give {plan.hand_total - plan.half}"
            if plan.target is not None:
                text += (f", which reaches the target of {plan.target} from any score"
                         if plan.hand_total - plan.half >= plan.target
                         else f", not the target of {plan.target} by itself")
        rows.append(("Capote", text + (f" ({m.rule('R_MAL_CAPOTE')})" if capote is not None else "")))
    if plan.breach == "lose_match":
        rows.append(("Broken rule", "The hand stops at once; the offender's team loses the match and the hand scores "
                                    f"nothing ({m.rule('R_MAL_BREACH')})"))
    return [(name, text if text.endswith(".") else text + ".") for name, text in rows]


def scoring_text(variant: Variant, m: Markup | None = None) -> str:
    """The scoring scheme in words: its first line is the short version (:func:`maumau_rules.explain.scoring_summary`).

    >>> print(scoring_text(find_variant("malilla")).splitlines()[0])
    A team that takes more than 35 of a hand's 70 points scores the excess; the first team to 35 wins the match.
    """
    m = _markup(m)
    plan = _plan(variant)
    if plan.target is None:
        return "This variant has no match scoring.\n"
    first = (f"A team that takes more than {plan.half} of a hand's {plan.hand_total} points scores the excess; the "
             f"first team to {plan.target} wins the match.")
    rows = dict(end_rows(variant, m))
    more = [rows["Hand"], rows["Match"], rows["Capote"]]
    trick = dict(trick_rows(variant, m))
    more[:0] = [f"Card points: {trick['Card points']}", trick["Trick points"]]
    setup = dict(setup_rows(variant, m))
    more.append(f"Trump bonus: {setup['Trump bonus']}")
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
        return f"{card} is not a card of {variant.name} ({variant.deck})."
    suit = card.suit
    assert suit is not None
    name = suit.english
    order = list(plan.order)
    place = order.index(card.rank) + 1
    ordinal = _ORDINALS.get(place, f"{place}th")
    lower = [rank_name(r) for r in order[place:]]
    higher = [rank_name(r) for r in order[:place - 1]]

    def the(names: list[str]) -> str:
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]

    text = f"{card} ({card.name}) in {variant.name}: "
    text += f"{ordinal} of the {len(order)} cards of its suit in the order {' > '.join(rank_name(r) for r in order)}"
    text += " (R_MAL_TRICK)" if variant.rule("R_MAL_TRICK") is not None else ENGINE_FACT
    if not higher:
        text += ": the highest card of its suit" + (", the malilla" if card.rank is Rank.SEVEN else "")
        text += f", it beats every other {name} card"
    elif not lower:
        text += f": the lowest card of its suit, it beats no other {name} card"
    else:
        text += f": it beats the {the(lower)} of {name} and loses to the {the(higher)}"
    points = plan.points[card]
    score_ref = " (R_MAL_SCORE)" if variant.rule("R_MAL_SCORE") is not None else ""
    text += f". Worth {points} point{'s' if points != 1 else ''}{score_ref}" if points else f". Worth nothing{score_ref}"
    text += (f". When {name} are trump it beats every card of another suit; otherwise it can win only a trick led "
             f"in {name} that nobody trumps")
    text += f". As the dealer's turned-up card it makes {name} trump"
    if plan.trump_bonus and points:
        text += f" and gives the dealer's team its {points} point{'s' if points != 1 else ''} at once (R_MAL_TRUMP)"
    elif plan.trump_bonus:
        text += "; it carries no points, so no bonus"
    seven = plan.seven
    if seven is not None and card.rank is Rank.SEVEN:
        when = (f"may not be thrown on a trick of another suit before {name} have been led in the hand"
                if seven.scope == "hand" else "may never be thrown on a trick of another suit")
        text += f". When {name} are not trump it {when}"
        if seven.lead and seven.scope == "hand":
            text += f", nor led before {name} have been led"
        text += " (only a player whose allowed cards are all such 7s may) (R_MAL_SEVEN)"
    return text + "."


def rules_text(variant: Variant, width: int = 88) -> str:
    """The rules of a Malilla variant as plain text: setup, tricks, the end of a hand and scoring, the moves.

    >>> text = rules_text(find_variant("malilla"))
    >>> text.splitlines()[0], "Partner ahead:" in text, "R_MAL_SEVEN" in text
    ('Malilla (cardgames.zone)', True, True)
    """

    section = text_section

    def rows(items: Sequence[tuple[str, str]]) -> list[str]:
        return text_rows(items, width)

    v = variant
    lines = [v.name, "=" * len(v.name)]
    if v.summary:
        lines += textwrap.wrap(v.summary, width)
    lines += section("Setup") + rows(setup_rows(v))
    lines += section("Tricks") + rows(trick_rows(v))
    lines += section("End of the hand and scoring") + rows(end_rows(v))
    ex = move_examples(v)
    moves = [("play", f"{ex['play']}: a card, its rank (1-7, S Sota, C Caballo, R Rey) then its suit (or oros, "
                      f"co copas, es espadas, ba bastos); {ex['play']} is the {Card.parse(ex['play']).name}")]
    if "redeal" in ex:
        moves.append(("redeal", "ask for a new deal, or agree to your partner's request"))
        moves.append(("pass", "no new deal"))
    lines += section("Moves") + rows(moves)
    return "\n".join(lines) + "\n"

