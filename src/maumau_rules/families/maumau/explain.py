"""Mau-Mau's explainer (its family's :attr:`~maumau_rules.families.GameFamily.explainer`): what a Mau-Mau
variant's rules say, in words, for the terminal game's help, ``maumau rules VARIANT`` and the generated rules
reference. :mod:`maumau_rules.explain` asks it for a Mau-Mau variant.

Everything is read from the variant's rule objects and its compiled plan, so a house rule's cards are explained
like the built-in ones.

>>> from maumau_rules import find_variant
>>> print(card_help(find_variant("prsi"), Card.parse("Qc")).split(".")[0])
Q♣ in Prší (Czech): Wild: it may be played on any card (not while a draw penalty is pending)
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, Final

import attrs

from ...cards import Card, Suit
from ...explain import (
    PLAIN,
    Markup,
    _good_then,
    deck_text,
    engine_fact,
    fmt_value,
    name_text,
    summary_text,
    text_rows,
    text_section,
)
from ...i18n import N_, ngettext, translate_message
from ...i18n import gettext as _
from ...variants import Variant, find_variant
from .effects import PendingDraw

__all__ = [
    "CardFacts",
    "announce_text",
    "card_facts",
    "card_groups",
    "card_help",
    "describe_card",
    "draw_rows",
    "end_rows",
    "hand_text",
    "move_examples",
    "rules_text",
    "scoring_summary",
    "scoring_text",
    "setup_rows",
    "terminal_help",
]


SUIT_ORDER = ("c", "s", "h", "d")


def _suits_text(cards: Sequence[Any]) -> str:
    return " ".join(str(c) for c in sorted(set(cards), key=lambda c: c.sort_key))


@attrs.frozen
class CardFacts:
    """What one card does in a variant, in the terms the pages use: read from the variant's plan (its effects,
    wild cards, answers and finishing rules) and its rule objects."""

    roles: frozenset[str]
    """The plan's roles of the card (``wild``, ``penalty``, ``skip`` ...)."""
    effects: tuple[str, ...]
    """Each effect of the card, described by the effect itself, with the rule that attached it."""
    extras: tuple[str, ...]
    """Other facts: wild limits, series, finishing, answers."""
    penalty: int = 0
    """Cards a penalty makes another player draw."""
    stackable: bool = False
    """A pending penalty may be passed on with it."""

    @property
    def plain(self) -> bool:
        """Whether the card does nothing special.

        >>> card_facts(find_variant("standard"), Card.parse("9h")).plain
        True
        """
        return not (self.roles or self.effects or self.extras)


LAST_CARD_FACT: Final = N_("it may not be the last card")

def card_facts(variant: Variant, card: Card, m: Markup = PLAIN) -> CardFacts:
    """The facts of ``card`` in ``variant``.

    >>> sorted(card_facts(find_variant("standard"), Card.parse("7h")).roles)
    ['penalty']
    """

    plan = variant.plan
    unit = plan.unit[card]
    roles = plan.roles.get(card, frozenset())
    effects = plan.effects.get(card, ())
    extras: list[str] = []
    wild: Any = variant.rule("R_WILD")
    if "wild" in roles and wild is not None:
        limits = []
        if not wild.on_same:
            limits.append(_("not on a wild card of the same rank"))
        if not wild.on_pending_draw and not plan.answers_some_draw & unit:  # (a penalty card that stacks may)
            limits.append(_("not while a draw penalty is pending"))
        extras.append(_("wild: it may be played on any card") + (" (" + "; ".join(limits) + ")" if limits else ""))
    if wild is not None and wild.blocked_after.matches(card):
        extras.append(_("no wild card may be played on it right after it was played"))
    series: Any = variant.rule("R_SERIES")
    if series is not None and series.cards.matches(card):
        extras.append(_("more cards of its rank may follow in the same turn"))
    if card in plan.penalty_skip_cards:
        extras.append(_("taking its penalty also ends the taker's turn"))
    if plan.no_finish_mask & unit:
        extras.append(_(LAST_CARD_FACT))
    if plan.skip_answers & unit:
        extras.append(_("it answers a pending skip"))
    penalty = sum(e.amount for e in effects if getattr(e, "role", "") == "penalty" and hasattr(e, "amount"))
    stackable = any(isinstance(e, PendingDraw) and e.stackable for e in effects)
    texts = tuple(f"{translate_message(e.describe(card))} ({m.rule(e.rule_id)})" for e in effects)
    return CardFacts(roles=roles, effects=texts, extras=tuple(extras), penalty=penalty, stackable=stackable)


def card_groups(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, CardFacts]]:
    """(cards text, facts) for every card that does something: whole ranks together, single cards apart.

    >>> [cards for cards, _ in card_groups(find_variant("standard"))]
    ['7♣ 7♠ 7♥ 7♦', '8♣ 8♠ 8♥ 8♦', 'J♣ J♠ J♥ J♦']
    """
    plan = variant.plan
    by_rank: dict[Any, list[Any]] = {}
    for card in plan.cards:
        by_rank.setdefault(card.rank, []).append(card)
    out: list[tuple[str, CardFacts]] = []
    for rank in sorted(by_rank):
        facts: dict[CardFacts, list[Any]] = {}
        for card in by_rank[rank]:
            facts.setdefault(card_facts(variant, card, m), []).append(card)
        for fact, group in facts.items():
            if not fact.plain:
                out.append((_suits_text(group), fact))
    return out


def describe_card(facts: CardFacts) -> str:
    """What a card does, in words.

    >>> describe_card(card_facts(find_variant("standard"), Card.parse("8h")))
    'The next player misses a turn (R_SKIP).'
    """
    parts = [text[0].upper() + text[1:] for text in (*facts.extras[:1], *facts.effects, *facts.extras[1:])]
    return ". ".join(parts) + "."


DIRECTIONS = {1: N_("clockwise (the turn passes to the left)"),
              -1: N_("counter-clockwise (the turn passes to the right)")}
FIRST_PLAYER = {"left_of_dealer": N_("the player on the dealer's left"),
                "right_of_dealer": N_("the player on the dealer's right"),
                "previous_winner": N_("the winner of the previous round")}
DEALER = {"highest_card": N_("the player who draws the highest card"), "seat_zero": N_("seat 0")}
ROTATION = {"clockwise": N_("passes to the left"), "counterclockwise": N_("passes to the right"),
            "loser": N_("goes to the loser")}
AFTER_DRAW = {"drawn_only": N_("he may play the drawn card if it fits"), "any": N_("he may play any card that fits"),
              "none": N_("his turn ends")}
"""The words of the settings (catalog entries: each is translated where it is used)."""


def _said(table: dict[Any, str], key: Any, m: Markup = PLAIN) -> str:
    """The words ``table`` has for ``key``, in the current language (a value it does not know, as a literal)."""
    return _(table[key]) if key in table else m.lit(key)


def hand_text(variant: Variant) -> str:
    """The hand size in words (R_DEAL).

    >>> hand_text(find_variant("standard"))
    '5 cards each; 6 with 2 players'
    """
    if variant.family != "maumau":
        return _("{n} cards each: the whole pack").format(n=variant.family_plan.hand_size)
    deal: Any = variant.rule("R_DEAL")
    text = _("{n} cards each").format(n=deal.hand_size)
    if deal.two_player_hand_size:
        text += _("; {n} with 2 players").format(n=deal.two_player_hand_size)
    if deal.packets:
        text += _("; dealt in packets of {packets}").format(packets=" + ".join(str(p) for p in deal.packets))
    return text


def setup_rows(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, str]]:
    """Rows of the setup table: deck, players, hand size, dealer, cut, direction, first player, start card.

    >>> setup_rows(find_variant("standard"))[1]
    ('Players', '2 to 5')
    """
    plan = variant.plan
    rows = [
        (_("Deck"), deck_text(variant, m)),
        (_("Players"), _("{low} to {high}").format(low=variant.players[0], high=variant.players[1])),
        (_("Hand size"), hand_text(variant)),
    ]
    dealer: Any = variant.rule("R_DEALER")
    if dealer is not None:
        rows.append((_("Dealer"), _("{who}; the deal {rotation} after each round").format(
            who=_said(DEALER, dealer.selection, m), rotation=_said(ROTATION, dealer.rotation, m))))
    else:
        rows.append((_("Dealer"), _("seat 0; the deal passes to the left after each round") + engine_fact()))
    cut: Any = variant.rule("R_CUT")
    if cut is not None:
        right = cut.by == "right"
        kept, special = cut.max_kept, fmt_value(cut.special, m)
        if cut.mode == "power_cards":
            text = (_("four cuts by the player on the dealer's right, who may keep up to {n} of {cards}") if right
                    else _("four cuts by the player on the dealer's left, who may keep up to {n} of {cards}"))
        elif cut.mode == "bottom_ceremony":
            text = (_("the bottom-card ceremony by the player on the dealer's right: up to {n} of {cards} are kept")
                    if right else
                    _("the bottom-card ceremony by the player on the dealer's left: up to {n} of {cards} are kept"))
        else:
            text = {"none": _("no cut"), "simple": _("one cut")}.get(cut.mode, m.lit(cut.mode))
        rows.append((_("Cut"), text.format(n=kept, cards=special)))
    else:
        rows.append((_("Cut"), _("no cut") + engine_fact()))
    order: Any = variant.rule("R_TURN_ORDER")
    rows.append((_("Direction"), _said(DIRECTIONS, plan.direction, m) + ("" if order else engine_fact())))
    rows.append((_("First player"), _said(FIRST_PLAYER, order.first_player, m) if order
                 else _("the player on the dealer's left") + engine_fact()))
    start_rule: Any = variant.rule("R_START_CARD")
    start = _("the top card of the stock starts the discard pile; ")
    start += (_("a special start card acts on the first player") if start_rule is not None and start_rule.effects
              else _("it has no effect on the first player (a wild that names no suit frees the first play)"))
    if start_rule is not None and start_rule.rebury:
        start += _("; {cards} is put back under the stock and the next card turned up").format(
            cards=fmt_value(start_rule.rebury, m))
    rows.append((_("Start card"), start))
    return rows


def draw_rows(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, str]]:
    """Rows of the turn table: drawing, passing, reshuffling, wrong cards.

    >>> draw_rows(find_variant("standard"))[-1]
    ('Wrong card', 'The move is refused.')
    """
    plan = variant.plan
    rule: Any = variant.rule("R_DRAW")
    if rule is None:
        rows = [(_("Drawing"), _("Nobody draws but penalties; a player who cannot play passes") + engine_fact()
                 + ".")]
    else:
        draw = (_("A player may draw even when he could play") if rule.voluntary
                else _("A player draws only when he cannot play"))
        draw += (_("; he keeps drawing until he can play or nothing is left") if rule.until_playable
                 else _("; one card per turn"))
        draw += _("; after drawing {what}.").format(what=_said(AFTER_DRAW, rule.after_draw, m))
        rows = [(_("Drawing"), draw)]
    if any("penalty" in plan.roles.get(c, ()) for c in plan.cards):
        rows.append((_("Taking a penalty"), _("Drawing a penalty ends the turn.") if plan.penalty_ends_turn
                     else _("After drawing a penalty the player goes on with his turn.")))
    rows.append((_("Passing"), _("Allowed without drawing.") if plan.pass_without_draw
                 else _("Only after drawing, to accept a skip, or when nothing can be drawn.")))
    rows.append((_("Empty stock"), _("The discard pile except its top card is shuffled into a new stock.")
                 if plan.reshuffle else _("The stock is not renewed.")))
    wrong: Any = variant.rule("R_WRONG_CARD")
    rows.append((_("Wrong card"), _("The card goes back; the player draws {n} and his turn ends.").format(
        n=wrong.penalty) if wrong is not None and wrong.mode == "penalize" else _("The move is refused.")))
    return rows


def announce_text(variant: Variant, m: Markup = PLAIN) -> str:
    """The announcements, the mistakes and the call-outs, in words (one line per point).

    >>> announce_text(find_variant("prsi")).strip()
    'Nothing has to be said when a player is down to one card.'
    """
    if variant.family != "maumau":
        return _("Nothing is announced: {variant} has no calls.").format(variant=_(variant.name)) + "\n"
    rule: Any = variant.rule("R_ANNOUNCE")
    if rule is None:
        return _("Nothing has to be said when a player is down to one card.") + "\n"
    word, jack = f"\u201c{rule.word}\u201d", f"\u201c{rule.jack_word}\u201d"
    plain = _plain_card(variant.plan).ascii
    lines = ["* " + _("Playing his second-to-last card, a player calls {word} (in notation the play ends with "
                      "{mau}: {example}).").format(word=word, mau=m.lit("mau"), example=m.lit(f"{plain} mau"))]
    if rule.jack_word:  # (the cards the second word is for: the wishing cards, Jacks or not)
        text = (_("If the card he keeps is one of {cards}, he calls {word} instead (also when the play leaves only "
                  "such cards) ({example}).") if rule.multi_jack else
                _("If the card he keeps is one of {cards}, he calls {word} instead ({example})."))
        lines.append("* " + text.format(cards=_wishing_cards(variant.plan), word=jack,
                                        example=m.lit(f"{plain} maumau")))
    if rule.enforcement == "automatic":
        text = (ngettext("Saying nothing, or the wrong word, when a call is due costs {n} card at once.",
                         "Saying nothing, or the wrong word, when a call is due costs {n} cards at once.",
                         rule.penalty) if rule.jack_word else
                ngettext("Saying nothing when a call is due costs {n} card at once.",
                         "Saying nothing when a call is due costs {n} cards at once.", rule.penalty))
        lines.append("* " + text.format(n=rule.penalty))
    else:
        mistake = _("Saying nothing when a call is due")
        until = (_("until a player other than him makes a move (with two players, after a card that gives him "
                   "another turn, the opponent can still call him out)") if rule.window == "next_player"
                 else _("until he makes his next move"))
        lines.append("* " + _("{mistake} is a legal move and a mistake: any other player, whether or not it is his "
                              "turn, may call him out ({example}) {until}; he draws {n}. If nobody does, nobody "
                              "noticed and it costs nothing.").format(
            mistake=mistake, example=m.lit("callout 2"), until=until, n=rule.penalty))
        if rule.jack_word:  # the wrong word: the table sees it only once the kept card is shown (issue 23)
            lines.append("* " + _("Saying the wrong word is a mistake the table sees only when the card it was about "
                                  "is shown, as its player goes out with it: the round waits; any other player may "
                                  "call him out (the card stays, he draws {n}, play goes on from him), or the next "
                                  "player lets the win stand ({example}).").format(n=rule.penalty,
                                                                                  example=m.lit("pass")))
    if rule.lapses_on_draw:
        lines.append("* " + _("A call lapses when its player draws; it must be made again."))
    if rule.unannounced_finish != "allowed":
        which = (_("Going out with a Jack without having called {word}").format(word=jack)
                 if rule.unannounced_finish == "jack_penalty"
                 else _("Playing the last card without the right call standing"))
        if rule.enforcement == "automatic":
            lines.append("* " + _("{which} does not win: the card stays, the player draws {n} and play goes on."
                                  ).format(which=which, n=rule.penalty))
        else:
            lines.append("* " + _("{which} does not win if he is caught: the round waits; any other player may call "
                                  "him out (the card stays, he draws {n}, play goes on from him), or the next player "
                                  "lets the win stand ({example}).").format(which=which, n=rule.penalty,
                                                                            example=m.lit("pass")))
    if rule.final_word:
        lines.append("* " + _("{word} is said with the last card (made automatically).").format(
            word=f"\u201c{rule.final_word}\u201d"))
    return "\n".join(lines) + "\n"


def end_rows(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, str]]:
    """Rows of the end-of-round table.

    >>> end_rows(find_variant("standard"))[0]
    ('Winning', 'The first player to play his last card wins the round.')
    """
    plan = variant.plan
    rows = [(_("Winning"), _("The first player to play his last card wins the round."))]
    no_finish = [_short_cards(text) for text, facts in card_groups(variant, m) if plan.no_finish_mask
                 and _(LAST_CARD_FACT) in facts.extras]
    if no_finish:
        rows.append((_("Last card"), _("{cards} may not be the last card; the player must draw instead.").format(
            cards=", ".join(no_finish))))
    again: Any = variant.rule("R_PLAY_AGAIN")
    if again is not None:
        rows.append((_("Play-again cards"), _("A card after which its player plays again cannot win: played last, "
                                              "the player must draw.") if again.last_card == "draw" else
                     _("A card after which its player plays again still wins when it is his last card: his hand "
                       "is empty.")))
    if variant.rule("R_FINAL_CARD_EFFECTS") is not None:
        rows.append((_("Last-card effects"), _("A draw penalty played as the last card is still drawn.")))
    several: Any = variant.rule("R_WILD_FINISH_SERIES")
    if several is not None:
        rows.append((_("Several wilds"), _("A hand of only wild cards of one rank may be thrown at once to finish.")
                     if several.opens != "after_call" else
                     _("A hand of only wild cards of one rank may be thrown at once to finish, once the call for "
                       "them stands (said with the play before: {word}).").format(
                         word=f"\u201c{getattr(variant.rule('R_ANNOUNCE'), 'jack_word', '')}\u201d")))
    if plan.blocked_end:
        rows.append((_("Blocked round"), (
            _("When nothing can be drawn, a player who can play may still pass; when every player passes in turn, "
              "the round ends and the fewest cards win (a tie has no winner, and everyone is scored as a loser).")
            if plan.pass_with_playable or plan.pass_without_draw else
            _("When nothing can be drawn, a player who can play must play; when every player passes in turn, the "
              "round ends and the fewest cards win (a tie has no winner, and everyone is scored as a loser)."))))
    else:
        rows.append((_("Blocked round"), _("Passing never ends the round") + engine_fact() + "."))
    limit: Any = variant.rule("R_TURN_LIMIT")
    rows.append((_("Move limit"), _("After {n} moves the fewest cards win (a tie has no winner).").format(
        n=limit.max_moves) if limit is not None else _("None: a round may go on for ever") + engine_fact() + "."))
    return rows


def scoring_text(variant: Variant, m: Markup = PLAIN) -> str:
    """The scoring scheme in words, from the variant's scoring rule object.

    >>> scoring_text(find_variant("standard")).strip()
    'The round winner gets one win point; the first to 5 wins the match.'
    """
    text = ""
    rule: Any
    for rule in variant.rules:
        rid = rule.rule_id
        if rid == "R_SCORE_WIN_POINTS":
            text += _("The round winner gets one win point; the first to {n} wins the match.").format(n=rule.target)
        elif rid == "R_SCORE_PENALTY_POINTS":
            values, passes = rule.count == "values", rule.threshold_op == "gt"
            text += {
                (True, True): _("The losers score the values of their cards as penalty points; when a player "
                                "passes {n} the match ends and the fewest points win."),
                (True, False): _("The losers score the values of their cards as penalty points; when a player "
                                 "reaches {n} the match ends and the fewest points win."),
                (False, True): _("The losers score the number of their cards as penalty points; when a player "
                                 "passes {n} the match ends and the fewest points win."),
                (False, False): _("The losers score the number of their cards as penalty points; when a player "
                                  "reaches {n} the match ends and the fewest points win."),
            }[values, passes].format(n=rule.limit)
        elif rid == "R_SCORE_WINNER_COLLECTS":
            text += _("The round winner scores the values of the cards left in the other hands; the first to {n} or "
                      "more wins the match.").format(n=rule.target)
        elif rid == "R_SCORE_ELIMINATION":
            text += (_("The losers add the values of their cards, the winner gets {bonus} (by Jacks in the finish); "
                       "a player who passes {n} drops out, and the last player left wins.")
                     if rule.threshold_op == "gt" else
                     _("The losers add the values of their cards, the winner gets {bonus} (by Jacks in the finish); "
                       "a player who reaches {n} drops out, and the last player left wins.")).format(
                bonus=", ".join(fmt_value(b, m) for b in rule.winner_bonus), n=rule.limit)
        elif rid == "R_SCORE_HAND_SHRINK":
            text += _("Each loser starts the next round with one card fewer; losing with a single card eliminates; "
                      "the last player left wins.")
        elif rid == "R_JACK_FINISH_DOUBLES":
            text += " " + _("A round won with a Jack scores {n} times.").format(n=rule.multiplier)
        elif rule.kind == "scoring":
            text += " " + _("See {rule}.").format(rule=m.rule(rid))
    values = getattr(variant.plan.scoring, "values", ())
    if values:
        text += "\n\n" + _("Card values: {values}.").format(values=", ".join(f"{r.symbol} = {v}" for r, v in values))
    return (text.strip() or _("This variant has no match scoring.")) + "\n"


def _plain_card(plan: Any) -> Card:
    """A card of the deck that no rule gives anything to do (for examples of a plain play): 9♥ where it is one.

    >>> str(_plain_card(find_variant("neuner").plan)), str(_plain_card(find_variant("standard").plan))
    ('10♥', '9♥')
    """
    plain: list[Card] = [c for c in plan.deck_cards if not plan.roles.get(c) and c.suit is Suit.HEARTS]
    first: Card = plain[0] if plain else plan.deck_cards[0]
    return next((c for c in plain if c.rank.symbol == "9"), first)


def _wishing_cards(plan: Any) -> str:
    """The cards that name a suit (the cards a second call word is for), in deck order.

    >>> _wishing_cards(find_variant("neuner").plan)
    '9♣ 9♠ 9♥ 9♦ Joker'
    """
    seen: list[str] = []
    for c in plan.deck_cards:
        if plan.wishes_mask & plan.unit[c] and str(c) not in seen:
            seen.append(str(c))
    return " ".join(seen)


def _short_cards(cards_text: str) -> str:
    """``7♣ 7♠ 7♥ 7♦`` -> ``7``; single cards stay.

    >>> _short_cards("7♣ 7♠ 7♥ 7♦"), _short_cards("J♠")
    ('7', 'J♠')
    """
    cards = cards_text.split()
    ranks = {c[:-1] for c in cards}
    if len(cards) >= 4 and len(ranks) == 1:
        return ranks.pop()
    return cards_text


def card_help(variant: Variant, card: Card) -> str:
    """What ``card`` does in a Mau-Mau variant, in one paragraph (the in-game answer to "what does this card do?";
    :func:`maumau_rules.explain.card_help` takes a card's or a rank's text, for any family).

    >>> print(card_help(find_variant("standard"), Card.parse("8d")))
    8♦ in Standard (cardgames.zone): The next player misses a turn (R_SKIP).
    """
    v = variant
    c = card
    if c not in v.plan.deck_cards:
        return _("{card} is not a card of {variant} ({deck}).").format(card=c, variant=_(v.name), deck=v.deck)
    facts = card_facts(v, c)
    if facts.plain:
        return _("{card} in {variant}: no effect; it is played on a card of the same suit or rank.").format(
            card=c, variant=_(v.name))
    return _("{card} in {variant}: {text}").format(card=c, variant=_(v.name), text=describe_card(facts))


def move_examples(variant: Variant | str) -> dict[str, str]:
    """Example moves in notation for ``variant``: a plain play, a wild card naming a suit, the calls (where the
    variant has them), drawing and passing.

    >>> move_examples("prsi")["wish"], "call" in move_examples("prsi")
    ('Q♣>♥', False)
    >>> move_examples("greek-150")["jack_call"]
    '10♥ maumau'
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    plan = v.plan
    out = {"play": "7♥" if Card.parse("7h") in plan.deck_cards else str(plan.deck_cards[0])}
    wild = next((c for c in plan.deck_cards if plan.wishes_mask & plan.unit[c] and c.suit is not None), None)
    if wild is not None:
        wish = Suit.HEARTS if wild.suit is not Suit.HEARTS else Suit.SPADES
        out["wish"] = f"{wild}>{wish.symbol}"
    ann = plan.announcer
    if ann is not None:
        plain = _plain_card(plan)
        out["call"] = f"{plain} mau"
        if ann.jack_call:
            out["jack_call"] = f"{plain} maumau"
    out["draw"] = "draw"
    out["pass"] = "pass"
    return out


def scoring_summary(variant: Variant | str) -> str:
    """How the match is scored and who wins it, in one sentence that says whether high or low is good.

    >>> scoring_summary("mau-king").split(":")[0]
    'Low scores are good'
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    scheme = v.plan.scoring
    return _good_then(scheme is None or scheme.higher_is_better, scoring_text(v).split("\n")[0])


def terminal_help(variant: Variant | str) -> list[str]:
    """The terminal game's help for ``variant`` (``help`` at the prompt, after the legal moves): how to type a move
    and what the rules say, in the current language. A variant of another family gets its family's
    (its explainer's ``terminal_help``): Malilla's names its rank order and card points.

    >>> lines = terminal_help("prsi")
    >>> lines[0]
    'play a card by rank and suit (7♥, 10s, Ah).'
    """
    from ...i18n import gettext as _

    v = find_variant(variant) if isinstance(variant, str) else variant
    ex = move_examples(v)
    lines = [_("play a card by rank and suit ({example}, 10s, Ah).").format(example=ex["play"])]
    if "wish" in ex:
        lines.append(_("a wild card names the suit to follow after '>' ({example}).").format(example=ex["wish"]))
    ann = v.plan.announcer
    if ann is not None:
        call = _("add 'mau' to the play that leaves you one card: that says \"{word}\" ({example})").format(
            word=ann.words[0], example=ex["call"])
        if ann.jack_call:
            call += _("; 'maumau' says \"{word}\" when the card you keep is a Jack ({example})").format(
                word=ann.words[1], example=ex["jack_call"])
        lines.append(call + ".")
        lines.append(_("'callout N' calls out seat N when it missed a call."))
    else:
        lines.append(_("nothing has to be said when you are down to one card in this variant."))
    lines.append(_("'draw' takes a card (or the pending penalty); 'pass' ends your turn after drawing."))
    special = []
    for cards, facts in card_groups(v):
        role = sorted(facts.roles)[0] if facts.roles else "special"
        special.append(f"{_short_cards(cards)} {_role_name(role)}")
    if special:
        lines.append(_("special cards: {cards} ('? CARD' or '? RANK', e.g. '? J', says what one does).").format(
            cards="; ".join(special)))
    lines.append(_("'rules' prints the rules, 'score' the match score, 'quit' ends the game."))
    lines.append(scoring_summary(v))
    return lines


def _role_name(role: str) -> str:
    """A card's role (``wild``, ``penalty``, ``skip`` ...) in the current language."""
    from ...i18n import gettext as _

    names = {"wild": _("wild"), "penalty": _("penalty"), "skip": _("skip"), "reverse": _("reverse"),
             "again": _("again"), "special": _("special"), "cancel": _("cancel"), "demand": _("demand"),
             "free": _("free"), "wish": _("wish")}
    return names.get(role, role)


def rules_text(variant: Variant | str, width: int = 88) -> str:
    """The rules of ``variant`` as plain text: setup, what the cards do, turns, calls, the end and scoring.

    >>> text = rules_text("prsi")
    >>> text.splitlines()[0], "What the cards do" in text
    ('Prší (Czech)', True)
    """
    v = find_variant(variant) if isinstance(variant, str) else variant

    section = text_section

    def rows(items: Sequence[tuple[str, str]]) -> list[str]:
        return text_rows(items, width)

    lines = [name_text(v), "=" * len(name_text(v))]
    if v.summary:
        lines += textwrap.wrap(summary_text(v), width)
    lines += section(_("Setup")) + rows(setup_rows(v))
    lines += section(_("What the cards do"))
    lines += [_("A card may be played on a card of the same suit or rank. These cards do more:")]
    lines += rows([(cards, describe_card(facts)) for cards, facts in card_groups(v)])
    lines += section(_("Turns")) + rows(draw_rows(v))
    lines += section(_("Calls"))
    for line in announce_text(v).splitlines():
        lines += textwrap.wrap(line, width, subsequent_indent="  ")
    lines += section(_("End of the round")) + rows(end_rows(v))
    lines += section(_("Scoring"))
    for para in scoring_text(v).strip().split("\n\n"):
        lines += textwrap.wrap(para, width)
    lines += section(_("Moves")) + rows([(k, e) for k, e in move_examples(v).items()])
    return "\n".join(lines) + "\n"
