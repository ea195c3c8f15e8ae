"""What a variant's rules say, in words: for the terminal game's help, ``maumau rules VARIANT`` and the generated
rules reference (which renders the same text with reStructuredText links).

Everything is read from the variant's rule objects and its compiled plan, so a house rule's cards are explained
like the built-in ones. A variant of another family is explained by that family: :func:`rules_text`,
:func:`card_help`, :func:`move_examples`, :func:`scoring_summary`, :func:`scoring_text`, :func:`setup_rows` and
:func:`end_rows` send it to its family's explainer (:attr:`~maumau_rules.families.GameFamily.explainer`); the
helpers about what cards do in Mau-Mau (:func:`card_facts`, :func:`card_groups`, :func:`draw_rows`) need a Mau-Mau variant.

>>> from maumau_rules import find_variant
>>> print(card_help(find_variant("prsi"), Card.parse("Qc")).split(".")[0])
Q♣ in Prší (Czech): Wild: it may be played on any card (not while a draw penalty is pending)
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from .cards import Card, Rank, Suit
from .families import family_of
from .rules.effects import PendingDraw
from .variants import Variant, find_variant

__all__ = [
    "PLAIN",
    "CardFacts",
    "Markup",
    "announce_text",
    "card_facts",
    "card_groups",
    "card_help",
    "deck_text",
    "describe_card",
    "draw_rows",
    "end_rows",
    "explainer",
    "fmt_value",
    "hand_text",
    "move_examples",
    "rules_text",
    "scoring_summary",
    "scoring_text",
    "setup_rows",
    "text_rows",
    "text_section",
]


@attrs.frozen
class Markup:
    """How literals and rule references are written: plain text (:data:`PLAIN`) or, in the docs, reST links.

    >>> PLAIN.lit("9h mau"), PLAIN.rule("R_SKIP")
    ('9h mau', 'R_SKIP')
    """

    lit: Callable[[object], str]
    """An inline literal (a setting, a move in notation)."""
    rule: Callable[[str], str]
    """A reference to a rule by its ID."""


def _plain_lit(text: object) -> str:
    value = str(text)
    return value if value.strip() else "(empty)"


PLAIN: Final = Markup(lit=_plain_lit, rule=str)
"""Plain text: literals as they are, rules by their IDs."""

def explainer(variant: Variant) -> Any:
    """The module that explains ``variant``'s family (:attr:`~maumau_rules.families.GameFamily.explainer`), or
    ``None`` for a Mau-Mau variant (explained here).

    >>> explainer(find_variant("standard")) is None, explainer(find_variant("malilla")).__name__.rsplit(".")[-1]
    (True, 'explain')
    """
    return family_of(variant).explainer


def fmt_value(value: Any, m: Markup = PLAIN) -> str:
    """A parameter value in reader's terms: cards with suit symbols, lists joined, no Python reprs.

    >>> from maumau_rules.rules import CardSet
    >>> fmt_value(CardSet.parse(["7", "Jc"])), fmt_value(True), fmt_value(-10)
    ('7, J♣', 'true', '−10')
    """
    from .rules import CardSet, PenaltySpec, WildSpec

    if isinstance(value, bool):
        return m.lit("true" if value else "false")
    if isinstance(value, int):
        return str(value).replace("-", "\u2212")
    if isinstance(value, str):
        return m.lit(value) if value else "(none)"
    if isinstance(value, CardSet):
        if not value:
            return "(none)"
        if value.ranks >= frozenset(r for r in Rank if r is not Rank.JOKER) and not value.cards:
            return "every rank"
        return ", ".join(value.tokens())
    if isinstance(value, tuple) and value and all(isinstance(v, WildSpec) for v in value):
        return "; ".join(f"{v.cards} ({'names a suit' if v.wish else 'any card may follow'})" for v in value)
    if isinstance(value, tuple) and value and all(isinstance(v, PenaltySpec) for v in value):
        return "; ".join(_fmt_penalty(v, m) for v in value)
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        return ", ".join(f"{Rank(r).symbol} = {fmt_value(n, m)}" for r, n in value)
    if isinstance(value, tuple | list):
        return ", ".join(fmt_value(v, m) for v in value) if value else "(none)"
    return str(value)


def _fmt_penalty(p: Any, m: Markup = PLAIN) -> str:
    who = "previous" if p.target == "previous" else "next"
    text = f"{p.cards}: the {who} player draws {p.amount}"
    if not p.defendable:
        text += " at once"
    if getattr(p, "skip", False):
        text += " and misses the turn"
    if getattr(p, "group", ""):
        text += f" (stacks in group {m.lit(p.group)})"
    return text




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
            limits.append("not on a wild card of the same rank")
        if not wild.on_pending_draw:
            limits.append("not while a draw penalty is pending")
        extras.append("wild: it may be played on any card" + (" (" + "; ".join(limits) + ")" if limits else ""))
    if wild is not None and wild.blocked_after.matches(card):
        extras.append("no wild card may be played on it right after it was played")
    series: Any = variant.rule("R_SERIES")
    if series is not None and series.cards.matches(card):
        extras.append("more cards of its rank may follow in the same turn")
    if card in plan.penalty_skip_cards:
        extras.append("taking its penalty also ends the taker's turn")
    if plan.no_finish_mask & unit:
        extras.append("it may not be the last card")
    if plan.skip_answers & unit:
        extras.append("it answers a pending skip")
    penalty = sum(e.amount for e in effects if getattr(e, "role", "") == "penalty" and hasattr(e, "amount"))
    stackable = any(isinstance(e, PendingDraw) and e.stackable for e in effects)
    texts = tuple(f"{e.describe(card)} ({m.rule(e.rule_id)})" for e in effects)
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


DIRECTIONS = {1: "clockwise (the turn passes to the left)", -1: "counter-clockwise (the turn passes to the right)"}
FIRST_PLAYER = {"left_of_dealer": "the player on the dealer's left", "right_of_dealer": "the player on the dealer's right",
                "previous_winner": "the winner of the previous round"}
DEALER = {"highest_card": "the player who draws the highest card", "seat_zero": "seat 0"}
ROTATION = {"clockwise": "passes to the left", "counterclockwise": "passes to the right", "loser": "goes to the loser"}
AFTER_DRAW = {"drawn_only": "he may play the drawn card if it fits", "any": "he may play any card that fits",
              "none": "his turn ends"}


def deck_text(variant: Variant, m: Markup = PLAIN) -> str:
    """The deck in words.

    >>> deck_text(find_variant("standard"))
    '32 cards (french-32): 7 to A in four suits'
    """
    deck = variant.deck
    ranks = deck.ranks
    if deck.is_spanish:
        return f"{deck.size} cards ({m.lit(str(deck))}): {_spanish_ranks(ranks)} in the suits " + \
            ", ".join(s.english for s in deck.suits[:-1]) + f" and {deck.suits[-1].english}"
    text = f"{deck.size} cards ({m.lit(str(deck))}): {ranks[0].symbol} to {ranks[-1].symbol} in four suits"
    if deck.jokers:
        text += f", {deck.jokers} Joker{'s' if deck.jokers > 1 else ''}"
    if deck.packs > 1:
        text += f", {deck.packs} packs shuffled together"
    return text


def _spanish_ranks(ranks: Sequence[Rank]) -> str:
    """The ranks of a Spanish deck in words.

    >>> from maumau_rules.cards import SPANISH_RANKS
    >>> _spanish_ranks(SPANISH_RANKS), _spanish_ranks((Rank.ACE, Rank.SEVEN, Rank.REY))
    ('1 (Ace) to 7, Sota, Caballo and Rey', '1 (Ace), 7 and Rey')
    """
    from .cards import SPANISH_RANKS

    if tuple(ranks) == SPANISH_RANKS:
        return "1 (Ace) to 7, Sota, Caballo and Rey"
    names = {Rank.ACE: "1 (Ace)", Rank.SOTA: "Sota", Rank.CABALLO: "Caballo", Rank.REY: "Rey"}
    labels = [names.get(r, str(int(r))) for r in ranks]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


ENGINE_FACT = " (no rule: the engine's default)"


def hand_text(variant: Variant) -> str:
    """The hand size in words (R_DEAL).

    >>> hand_text(find_variant("standard"))
    '5 cards each; 6 with 2 players'
    >>> hand_text(find_variant("malilla"))
    '10 cards each: the whole pack'
    """
    if variant.family != "maumau":
        return f"{variant.family_plan.hand_size} cards each: the whole pack"
    deal: Any = variant.rule("R_DEAL")
    text = f"{deal.hand_size} cards each"
    if deal.two_player_hand_size:
        text += f"; {deal.two_player_hand_size} with 2 players"
    if deal.packets:
        text += "; dealt in packets of " + " + ".join(str(p) for p in deal.packets)
    return text


def setup_rows(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, str]]:
    """Rows of the setup table: deck, players, hand size, dealer, cut, direction, first player, start card.

    >>> setup_rows(find_variant("standard"))[1]
    ('Players', '2 to 5')
    >>> setup_rows(find_variant("malilla"))[1][1].split(";")[0]
    '4, in two teams of two'
    """
    family = explainer(variant)
    if family is not None:
        rows: list[tuple[str, str]] = family.setup_rows(variant, m)
        return rows
    plan = variant.plan
    rows = [
        ("Deck", deck_text(variant, m)),
        ("Players", f"{variant.players[0]} to {variant.players[1]}"),
        ("Hand size", hand_text(variant)),
    ]
    dealer: Any = variant.rule("R_DEALER")
    if dealer is not None:
        rows.append(("Dealer", f"{DEALER.get(dealer.selection, m.lit(dealer.selection))}; the deal "
                               f"{ROTATION.get(dealer.rotation, m.lit(dealer.rotation))} after each round"))
    else:
        rows.append(("Dealer", "seat 0; the deal passes to the left after each round" + ENGINE_FACT))
    cut: Any = variant.rule("R_CUT")
    if cut is not None:
        side = "right" if cut.by == "right" else "left"
        modes = {"none": "no cut", "simple": "one cut",
                 "power_cards": f"four cuts by the player on the dealer's {side}, who may keep up to "
                                f"{cut.max_kept} of {fmt_value(cut.special, m)}",
                 "bottom_ceremony": f"the bottom-card ceremony by the player on the dealer's {side}: "
                                    f"up to {cut.max_kept} of {fmt_value(cut.special, m)} are kept"}
        rows.append(("Cut", modes.get(cut.mode, m.lit(cut.mode))))
    else:
        rows.append(("Cut", "no cut" + ENGINE_FACT))
    order: Any = variant.rule("R_TURN_ORDER")
    rows.append(("Direction", DIRECTIONS.get(plan.direction, str(plan.direction)) + ("" if order else ENGINE_FACT)))
    rows.append(("First player", FIRST_PLAYER.get(order.first_player, m.lit(order.first_player)) if order
                 else "the player on the dealer's left" + ENGINE_FACT))
    start_rule: Any = variant.rule("R_START_CARD")
    start = "the top card of the stock starts the discard pile; "
    start += ("a special start card acts on the first player" if start_rule is not None and start_rule.effects
              else "it has no effect on the first player (a wild that names no suit frees the first play)")
    if start_rule is not None and start_rule.rebury:
        start += f"; {fmt_value(start_rule.rebury, m)} is put back under the stock and the next card turned up"
    rows.append(("Start card", start))
    return rows


def draw_rows(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, str]]:
    """Rows of the turn table: drawing, passing, reshuffling, wrong cards.

    >>> draw_rows(find_variant("standard"))[-1]
    ('Wrong card', 'The move is refused.')
    """
    plan = variant.plan
    rule: Any = variant.rule("R_DRAW")
    if rule is None:
        rows = [("Drawing", "Nobody draws but penalties; a player who cannot play passes" + ENGINE_FACT + ".")]
    else:
        draw = ("A player may draw even when he could play" if rule.voluntary
                else "A player draws only when he cannot play")
        draw += ("; he keeps drawing until he can play or nothing is left" if rule.until_playable
                 else "; one card per turn")
        draw += f"; after drawing {AFTER_DRAW.get(rule.after_draw, m.lit(rule.after_draw))}."
        rows = [("Drawing", draw)]
    if any("penalty" in plan.roles.get(c, ()) for c in plan.cards):
        rows.append(("Taking a penalty", "Drawing a penalty ends the turn." if plan.penalty_ends_turn
                     else "After drawing a penalty the player goes on with his turn."))
    rows.append(("Passing", "Allowed without drawing." if plan.pass_without_draw
                 else "Only after drawing, to accept a skip, or when nothing can be drawn."))
    rows.append(("Empty stock", "The discard pile except its top card is shuffled into a new stock."
                 if plan.reshuffle else "The stock is not renewed."))
    wrong: Any = variant.rule("R_WRONG_CARD")
    rows.append(("Wrong card", f"The card goes back; the player draws {wrong.penalty} and his turn ends."
                 if wrong is not None and wrong.mode == "penalize" else "The move is refused."))
    return rows


def announce_text(variant: Variant, m: Markup = PLAIN) -> str:
    """The announcements, the mistakes and the call-outs, in words (one line per point).

    >>> announce_text(find_variant("prsi")).strip()
    'Nothing has to be said when a player is down to one card.'
    >>> announce_text(find_variant("malilla")).strip()
    'Nothing is announced: Malilla (cardgames.zone) has no calls.'
    """
    if variant.family != "maumau":
        return f"Nothing is announced: {variant.name} has no calls.\n"
    rule: Any = variant.rule("R_ANNOUNCE")
    if rule is None:
        return "Nothing has to be said when a player is down to one card.\n"
    word, jack = f"\u201c{rule.word}\u201d", f"\u201c{rule.jack_word}\u201d"
    lines = [f"* Playing his second-to-last card, a player calls {word} (in notation the play ends with {m.lit('mau')}: {m.lit('9h mau')})."]
    if rule.jack_word:
        more = " (also when the play leaves only Jacks)" if rule.multi_jack else ""
        lines.append(f"* If the card he keeps is a Jack, he calls {jack} instead{more} ({m.lit('9h maumau')}).")
    mistake = "Saying nothing" + (", or the wrong word," if rule.jack_word else "") + " when a call is due"
    if rule.enforcement == "automatic":
        lines.append(f"* {mistake} costs {rule.penalty} card{'s' if rule.penalty != 1 else ''} at once.")
    else:
        until = ("until a player other than him makes a move (with two players, after a card that gives him "
                 "another turn, the opponent can still call him out)" if rule.window == "next_player"
                 else "until he makes his next move")
        lines.append(f"* {mistake} is a legal move and a mistake: any other player, whether or not it is his "
                     f"turn, may call him out ({m.lit('callout 2')}) {until}; he draws {rule.penalty}. If nobody does, "
                     f"nobody noticed and it costs nothing.")
    if rule.lapses_on_draw:
        lines.append("* A call lapses when its player draws; it must be made again.")
    if rule.unannounced_finish != "allowed":
        which = ("Going out with a Jack without having called " + jack if rule.unannounced_finish == "jack_penalty"
                 else "Playing the last card without the right call standing")
        if rule.enforcement == "automatic":
            lines.append(f"* {which} does not win: the card stays, the player draws {rule.penalty} and play goes on.")
        else:
            lines.append(f"* {which} does not win if he is caught: the round waits; any other player may call him "
                         f"out (the card stays, he draws {rule.penalty}, play goes on from him), or the next "
                         f"player lets the win stand ({m.lit('pass')}).")
    if rule.final_word:
        lines.append(f"* \u201c{rule.final_word}\u201d is said with the last card (made automatically).")
    return "\n".join(lines) + "\n"


def end_rows(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, str]]:
    """Rows of the end-of-round table.

    >>> end_rows(find_variant("standard"))[0]
    ('Winning', 'The first player to play his last card wins the round.')
    >>> end_rows(find_variant("malilla"))[0]
    ('End', 'The hand is over when every card has been played: 10 tricks.')
    """
    family = explainer(variant)
    if family is not None:
        out: list[tuple[str, str]] = family.end_rows(variant, m)
        return out
    plan = variant.plan
    rows = [("Winning", "The first player to play his last card wins the round.")]
    no_finish = [_short_cards(text) for text, facts in card_groups(variant, m) if plan.no_finish_mask
                 and "it may not be the last card" in facts.extras]
    if no_finish:
        rows.append(("Last card", f"{', '.join(no_finish)} may not be the last card; the player must draw instead."))
    if variant.rule("R_PLAY_AGAIN") is not None:
        rows.append(("Play-again cards", "A card after which its player plays again cannot win: played last, "
                                         "the player must draw."))
    if variant.rule("R_FINAL_CARD_EFFECTS") is not None:
        rows.append(("Last-card effects", "A draw penalty played as the last card is still drawn."))
    if variant.rule("R_WILD_FINISH_SERIES") is not None:
        rows.append(("Several wilds", "A hand of only wild cards of one rank may be thrown at once to finish."))
    must = ("a player who can play may still pass" if plan.pass_with_playable or plan.pass_without_draw
            else "a player who can play must play")
    rows.append(("Blocked round", f"When nothing can be drawn, {must}; when every player passes in turn, the round "
                 "ends and the fewest cards win (a tie has no winner, and everyone is scored as a loser)."
                 if plan.blocked_end else "Passing never ends the round" + ENGINE_FACT + "."))
    limit: Any = variant.rule("R_TURN_LIMIT")
    rows.append(("Move limit", f"After {limit.max_moves} moves the fewest cards win (a tie has no winner)."
                 if limit is not None else "None: a round may go on for ever" + ENGINE_FACT + "."))
    return rows


def scoring_text(variant: Variant, m: Markup = PLAIN) -> str:
    """The scoring scheme in words, from the variant's scoring rule object.

    >>> scoring_text(find_variant("standard")).strip()
    'The round winner gets one win point; the first to 5 wins the match.'
    >>> scoring_text(find_variant("malilla")).split(";")[0]
    "A team that takes more than 35 of a hand's 70 points scores the excess"
    """
    family = explainer(variant)
    if family is not None:
        return str(family.scoring_text(variant, m))
    text = ""
    rule: Any
    for rule in variant.rules:
        rid = rule.rule_id
        if rid == "R_SCORE_WIN_POINTS":
            text += f"The round winner gets one win point; the first to {rule.target} wins the match."
        elif rid == "R_SCORE_PENALTY_POINTS":
            what = "the values of their cards" if rule.count == "values" else "the number of their cards"
            op = "passes" if rule.threshold_op == "gt" else "reaches"
            text += (f"The losers score {what} as penalty points; when a player {op} {rule.limit} the match "
                     f"ends and the fewest points win.")
        elif rid == "R_SCORE_WINNER_COLLECTS":
            text += (f"The round winner scores the values of the cards left in the other hands; the first to "
                     f"{rule.target} or more wins the match.")
        elif rid == "R_SCORE_ELIMINATION":
            op = "passes" if rule.threshold_op == "gt" else "reaches"
            text += (f"The losers add the values of their cards, the winner gets "
                     f"{', '.join(fmt_value(b, m) for b in rule.winner_bonus)} (by Jacks in the finish); a player who "
                     f"{op} {rule.limit} drops out, and the last player left wins.")
        elif rid == "R_SCORE_HAND_SHRINK":
            text += ("Each loser starts the next round with one card fewer; losing with a single card "
                     "eliminates; the last player left wins.")
        elif rid == "R_JACK_FINISH_DOUBLES":
            text += f" A round won with a Jack scores {rule.multiplier} times."
        elif rule.kind == "scoring":
            text += f" See {m.rule(rid)}."
    values = getattr(variant.plan.scoring, "values", ())
    if values:
        text += "\n\nCard values: " + ", ".join(f"{r.symbol} = {v}" for r, v in values) + "."
    return (text.strip() or "This variant has no match scoring.") + "\n"






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


def card_help(variant: Variant | str, card: Card | str) -> str:
    """What ``card`` does in ``variant``, in one paragraph (the in-game answer to "what does this card do?").

    >>> print(card_help("standard", "8d"))
    8♦ in Standard (cardgames.zone): The next player misses a turn (R_SKIP).
    >>> print(card_help("malilla", "Sba").split(". ")[1])
    Worth 1 point (R_MAL_SCORE)
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    c = Card.parse(card) if isinstance(card, str) else card
    family = explainer(v)
    if family is not None:
        return str(family.card_help(v, c))
    if c not in v.plan.deck_cards:
        return f"{c} is not a card of {v.name} ({v.deck})."
    facts = card_facts(v, c)
    if facts.plain:
        return f"{c} in {v.name}: no effect; it is played on a card of the same suit or rank."
    return f"{c} in {v.name}: {describe_card(facts)}"


def move_examples(variant: Variant | str) -> dict[str, str]:
    """Example moves in notation for ``variant``: a plain play, a wild card naming a suit, the calls (where the
    variant has them), drawing and passing.

    >>> move_examples("prsi")["wish"], "call" in move_examples("prsi")
    ('Q♣>♥', False)
    >>> move_examples("greek-150")["jack_call"]
    '9♦ maumau'
    >>> move_examples("malilla")
    {'play': '7or', 'redeal': 'redeal', 'pass': 'pass'}
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    family = explainer(v)
    if family is not None:
        examples: dict[str, str] = family.move_examples(v)
        return examples
    plan = v.plan
    out = {"play": "7♥" if Card.parse("7h") in plan.deck_cards else str(plan.deck_cards[0])}
    wild = next((c for c in plan.deck_cards if plan.wishes_mask & plan.unit[c] and c.suit is not None), None)
    if wild is not None:
        wish = Suit.HEARTS if wild.suit is not Suit.HEARTS else Suit.SPADES
        out["wish"] = f"{wild}>{wish.symbol}"
    ann = plan.announcer
    if ann is not None:
        out["call"] = "9♦ mau"
        if ann.jack_call:
            out["jack_call"] = "9♦ maumau"
    out["draw"] = "draw"
    out["pass"] = "pass"
    return out


def scoring_summary(variant: Variant | str) -> str:
    """How the match is scored and who wins it, in one sentence that says whether high or low is good.

    >>> scoring_summary("mau-king").split(":")[0]
    'Low scores are good'
    >>> scoring_summary("malilla")
    "High scores are good: a team that takes more than 35 of a hand's 70 points scores the excess; the first team to 35 wins the match."
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    family = explainer(v)
    if family is not None:  # trick games: more points are better
        return _good_then("High scores are good", str(family.scoring_text(v)).split("\n")[0])
    scheme = v.plan.scoring
    good = "High scores are good" if scheme is None or scheme.higher_is_better else "Low scores are good"
    return _good_then(good, scoring_text(v).split("\n")[0])


def _good_then(good: str, sentence: str) -> str:
    """``good`` ("High scores are good"), then the scoring sentence, joined as one sentence."""
    return f"{good}: {sentence[:1].lower()}{sentence[1:]}"


def text_section(title: str) -> list[str]:
    """The lines that open a plain-text section: a blank line, ``title`` and its underline.

    >>> text_section("Setup")
    ['', 'Setup', '-----']
    """
    return ["", title, "-" * len(title)]


def text_rows(items: Sequence[tuple[str, str]], width: int) -> list[str]:
    """``(name, text)`` rows as plain text: each name in a column of 20, its text wrapped to ``width`` beside it.

    >>> text_rows([("Deck", "32 cards")], 40)
    ['Deck:               32 cards']
    """
    out: list[str] = []
    for name, text in items:
        out += textwrap.wrap(text, width, initial_indent=f"{name + ':':<20}", subsequent_indent=" " * 20)
    return out


def rules_text(variant: Variant | str, width: int = 88) -> str:
    """The rules of ``variant`` as plain text: setup, what the cards do, turns, calls, the end and scoring.

    >>> text = rules_text("prsi")
    >>> text.splitlines()[0], "What the cards do" in text
    ('Prší (Czech)', True)
    >>> text = rules_text("malilla")
    >>> text.splitlines()[0], "Tricks" in text, "What the cards do" in text
    ('Malilla (cardgames.zone)', True, False)
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    family = explainer(v)
    if family is not None:
        return str(family.rules_text(v, width=width))

    section = text_section

    def rows(items: Sequence[tuple[str, str]]) -> list[str]:
        return text_rows(items, width)

    lines = [v.name, "=" * len(v.name)]
    if v.summary:
        lines += textwrap.wrap(v.summary, width)
    lines += section("Setup") + rows(setup_rows(v))
    lines += section("What the cards do")
    lines += ["A card may be played on a card of the same suit or rank. These cards do more:"]
    lines += rows([(cards, describe_card(facts)) for cards, facts in card_groups(v)])
    lines += section("Turns") + rows(draw_rows(v))
    lines += section("Calls")
    for line in announce_text(v).splitlines():
        lines += textwrap.wrap(line, width, subsequent_indent="  ")
    lines += section("End of the round") + rows(end_rows(v))
    lines += section("Scoring")
    for para in scoring_text(v).strip().split("\n\n"):
        lines += textwrap.wrap(para, width)
    lines += section("Moves") + rows([(k, e) for k, e in move_examples(v).items()])
    return "\n".join(lines) + "\n"
