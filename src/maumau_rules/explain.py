"""What a variant's rules say, in words: for the terminal game's help, ``maumau rules VARIANT`` and the generated
rules reference (which renders the same text with reStructuredText links).

Everything is read from the variant's rule objects and its compiled plan, so a house rule's cards are explained
like the built-in ones. Each family explains its own variants (its :attr:`~maumau_rules.families.GameFamily.explainer`
module); the functions here take a variant of any family and ask its explainer: :func:`rules_text`,
:func:`card_help`, :func:`move_examples`, :func:`scoring_summary`, :func:`scoring_text`, :func:`setup_rows`,
:func:`end_rows` and :func:`terminal_help`. The rest is shared by the explainers: the markup (:class:`Markup`),
parameter values and the deck in words, the plain-text layout, the variant's name and summary in the current
language.

>>> from maumau_rules import find_variant
>>> print(card_help(find_variant("prsi"), Card.parse("Qc")).split(".")[0])
Q♣ in Prší (Czech): Wild: it may be played on any card (not while a draw penalty is pending)
>>> print(card_help("malilla", "Sba").split(". ")[1])
Worth 1 point (R_MAL_SCORE)
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from .cards import Card, Rank
from .errors import NotationError
from .families import family_of
from .i18n import gettext as _
from .i18n import ngettext, translate_message
from .variants import Variant, find_variant

__all__ = [
    "ENGINE_FACT",
    "PLAIN",
    "Markup",
    "card_help",
    "deck_text",
    "end_rows",
    "engine_fact",
    "explainer",
    "fmt_value",
    "move_examples",
    "name_text",
    "rules_text",
    "scoring_summary",
    "scoring_text",
    "setup_rows",
    "summary_text",
    "terminal_command",
    "terminal_help",
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
        return m.lit(value) if value else _("(none)")
    if isinstance(value, CardSet):
        if not value:
            return _("(none)")
        if value.ranks >= frozenset(r for r in Rank if r is not Rank.JOKER) and not value.cards:
            return _("every rank")
        return ", ".join(value.tokens())
    if isinstance(value, tuple) and value and all(isinstance(v, WildSpec) for v in value):
        wish, free = _("names a suit"), _("any card may follow")  # (outside the f-string: the catalog tool reads them)
        return "; ".join(f"{v.cards} ({wish if v.wish else free})" for v in value)
    if isinstance(value, tuple) and value and all(isinstance(v, PenaltySpec) for v in value):
        return "; ".join(_fmt_penalty(v, m) for v in value)
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        return ", ".join(f"{Rank(r).symbol} = {fmt_value(n, m)}" for r, n in value)
    if isinstance(value, tuple | list):
        return ", ".join(fmt_value(v, m) for v in value) if value else _("(none)")
    return str(value)


def _fmt_penalty(p: Any, m: Markup = PLAIN) -> str:
    if p.target == "previous":
        text = _("{cards}: the previous player draws {n}").format(cards=p.cards, n=p.amount)
    else:
        text = _("{cards}: the next player draws {n}").format(cards=p.cards, n=p.amount)
    if not p.defendable:
        text += _(" at once")
    if getattr(p, "skip", False):
        text += _(" and misses the turn")
    if getattr(p, "group", ""):
        text += _(" (stacks in group {group})").format(group=m.lit(p.group))
    return text


def deck_text(variant: Variant, m: Markup = PLAIN) -> str:
    """The deck in words.

    >>> deck_text(find_variant("standard"))
    '32 cards (french-32): 7 to A in four suits'
    """
    deck = variant.deck
    ranks = deck.ranks
    if deck.is_spanish:
        return _("{n} cards ({deck}): {ranks} in the suits {suits} and {last}").format(
            n=deck.size, deck=m.lit(str(deck)), ranks=_spanish_ranks(ranks),
            suits=", ".join(s.english for s in deck.suits[:-1]), last=deck.suits[-1].english)
    text = _("{n} cards ({deck}): {low} to {high} in four suits").format(
        n=deck.size, deck=m.lit(str(deck)), low=ranks[0].symbol, high=ranks[-1].symbol)
    if deck.jokers:
        text += ngettext(", {n} Joker", ", {n} Jokers", deck.jokers).format(n=deck.jokers)
    if deck.packs > 1:
        text += _(", {n} packs shuffled together").format(n=deck.packs)
    return text


def _spanish_ranks(ranks: Sequence[Rank]) -> str:
    """The ranks of a Spanish deck in words.

    >>> from maumau_rules.cards import SPANISH_RANKS
    >>> _spanish_ranks(SPANISH_RANKS), _spanish_ranks((Rank.ACE, Rank.SEVEN, Rank.REY))
    ('1 (Ace) to 7, Sota, Caballo and Rey', '1 (Ace), 7 and Rey')
    """
    from .cards import SPANISH_RANKS

    if tuple(ranks) == SPANISH_RANKS:
        return _("1 (Ace) to 7, Sota, Caballo and Rey")
    names = {Rank.ACE: _("1 (Ace)"), Rank.SOTA: "Sota", Rank.CABALLO: "Caballo", Rank.REY: "Rey"}
    labels = [names.get(r, str(int(r))) for r in ranks]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + _(" and ") + labels[-1]


ENGINE_FACT = " (no rule: the engine's default)"
"""Said of a fact no rule of the variant sets (English; :func:`engine_fact` is the current language's)."""


def engine_fact() -> str:
    """:data:`ENGINE_FACT` in the current language.

    >>> engine_fact()
    " (no rule: the engine's default)"
    """
    return _(" (no rule: the engine's default)")


def terminal_command(variant: Variant | str, text: str) -> str | None:
    """The answer to a help command typed at the terminal's prompt, the same in both families: ``rules`` (the
    variant's rules), ``? CARD``, ``? RANK`` or ``help CARD`` (what a card does); ``None`` when ``text`` is no help
    command (it is then a move). A card that is no card is answered with the reason, not raised.

    >>> terminal_command("malilla", "rules").splitlines()[0]
    'Malilla (cardgames.zone)'
    >>> terminal_command("standard", "? 8d")
    '8♦ in Standard (cardgames.zone): The next player misses a turn (R_SKIP).'
    >>> terminal_command("standard", "7h") is None
    True
    """
    from .i18n import gettext as _

    v = find_variant(variant) if isinstance(variant, str) else variant
    low = text.strip().lower()
    if low in ("rules", *_("rules").lower().split()):
        return rules_text(v)
    words = ("? ", "help ", *(w + " " for w in _("help").lower().split()))
    if low.startswith(words) or low.startswith("?"):
        asked = text.strip()[1:] if low.startswith("?") else text.split(None, 1)[1]
        try:
            return card_help(v, asked.strip())  # a card (J♣, Jc) or a rank (J)
        except NotationError as exc:
            return f"  ✗ {translate_message(str(exc))}"
    return None


def _good_then(high: bool, sentence: str) -> str:
    """Whether high scores are good, then the scoring sentence, joined as one sentence."""
    good = _("High scores are good: {text}") if high else _("Low scores are good: {text}")
    from .i18n import current_language

    # after the colon the sentence goes on in lower case; German writes a whole sentence after a colon capitalized
    if current_language() != "de" and not (sentence[:2].isalpha() and sentence[:2].isupper()):
        sentence = sentence[:1].lower() + sentence[1:]
    return good.format(text=sentence)


def text_section(title: str) -> list[str]:
    """The lines that open a plain-text section: a blank line, ``title`` and its underline.

    >>> text_section("Setup")
    ['', 'Setup', '-----']
    """
    return ["", title, "-" * len(title)]


def text_rows(items: Sequence[tuple[str, str]], width: int) -> list[str]:
    """``(name, text)`` rows as plain text: each name in a column of 20, its text wrapped to ``width`` beside it;
    a name too long for the column stands on a line of its own, above its text.

    >>> text_rows([("Deck", "32 cards")], 40)
    ['Deck:               32 cards']
    >>> text_rows([("Wirkung der letzten Karte", "Eine Ziehstrafe")], 40)
    ['Wirkung der letzten Karte:', '                    Eine Ziehstrafe']
    """
    out: list[str] = []
    indent = " " * 20
    for name, text in items:
        head = name + ":"
        if len(head) >= len(indent):  # (it would run into its text)
            out.append(head)
            head = ""
        out += textwrap.wrap(text, width, initial_indent=f"{head:<20}", subsequent_indent=indent)
    return out


def summary_text(variant: Variant) -> str:
    """The variant's summary (``spec/variants``) in the current language: the summaries of the shipped variants are
    catalog entries (``scripts/i18n.py`` reads them from the spec); another variant's stays as written.

    >>> from maumau_rules.i18n import language
    >>> with language("de"):
    ...     summary_text(find_variant("standard")) != find_variant("standard").summary
    True
    """
    return _(variant.summary) if variant.summary else ""


def name_text(variant: Variant) -> str:
    """The variant's name in the current language: the names of the shipped variants are catalog entries (read from
    the spec, as their summaries); another variant's stays as written.

    >>> from maumau_rules.i18n import language
    >>> with language("de"):
    ...     name_text(find_variant("prsi"))
    'Prší (Tschechien)'
    """
    return _(variant.name)


def explainer(variant: Variant) -> Any:
    """The module that explains ``variant``'s family (:attr:`~maumau_rules.families.GameFamily.explainer`).

    >>> explainer(find_variant("standard")).__name__.rsplit(".")[-1], explainer(find_variant("malilla")).rules_text
    ('explain', <function rules_text at ...>)
    """
    return family_of(variant).explainer


def _variant(variant: Variant | str) -> Variant:
    return find_variant(variant) if isinstance(variant, str) else variant


def setup_rows(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, str]]:
    """Rows of the setup table: deck, players, hand size, dealer, cut, direction, first player, start card.

    >>> setup_rows(find_variant("standard"))[1]
    ('Players', '2 to 5')
    >>> setup_rows(find_variant("malilla"))[1][1].split(";")[0]
    '4, in two teams of two'
    """
    rows: list[tuple[str, str]] = explainer(variant).setup_rows(variant, m)
    return rows


def end_rows(variant: Variant, m: Markup = PLAIN) -> list[tuple[str, str]]:
    """Rows of the end-of-round table.

    >>> end_rows(find_variant("standard"))[0]
    ('Winning', 'The first player to play his last card wins the round.')
    >>> end_rows(find_variant("malilla"))[0]
    ('End', 'The hand is over when every card has been played: 10 tricks.')
    """
    rows: list[tuple[str, str]] = explainer(variant).end_rows(variant, m)
    return rows


def scoring_text(variant: Variant, m: Markup = PLAIN) -> str:
    """The scoring scheme in words, from the variant's scoring rule object.

    >>> scoring_text(find_variant("standard")).strip()
    'The round winner gets one win point; the first to 5 wins the match.'
    >>> scoring_text(find_variant("malilla")).split(";")[0]
    "A team that takes more than 35 of a hand's 70 points scores the excess"
    """
    return str(explainer(variant).scoring_text(variant, m))


def card_help(variant: Variant | str, card: Card | Rank | str) -> str:
    """What ``card`` does in ``variant``, in one paragraph (the in-game answer to "what does this card do?").

    A rank (``"J"``, ``Rank.JACK``) answers for every card of that rank: one paragraph when they all do the same,
    else one line per card.

    Raises:
        NotationError: ``card`` is text that is neither a card nor a rank.

    >>> print(card_help("standard", "8d"))
    8♦ in Standard (cardgames.zone): The next player misses a turn (R_SKIP).
    >>> print(card_help("malilla", "Sba").split(". ")[1])
    Worth 1 point (R_MAL_SCORE)
    >>> print(card_help("standard", "8"))
    Every 8 (8♣ 8♠ 8♥ 8♦) in Standard (cardgames.zone): The next player misses a turn (R_SKIP).
    >>> print(card_help("faraon", "J"))
    J♣ in Faraón (Slovakia): More cards of its rank may follow in the same turn.
    J♠ in Faraón (Slovakia): More cards of its rank may follow in the same turn. Wipes out a pending draw (R_DRAW_PENALTY).
    J♥ in Faraón (Slovakia): More cards of its rank may follow in the same turn.
    J♦ in Faraón (Slovakia): More cards of its rank may follow in the same turn.
    """
    v = _variant(variant)
    if isinstance(card, str):
        text = card
        try:
            card = Card.parse(text)
        except NotationError as exc:
            try:
                card = Rank.parse(text)
            except NotationError:
                raise NotationError(f"{exc} (nor a rank: ask for a card such as 'Jc' or a rank such as 'J')"
                                    ) from None  # the English form of a catalog entry (maumau_rules.i18n)
    if isinstance(card, Rank):
        return _rank_help(v, card)
    return str(explainer(v).card_help(v, card))


def _rank_help(v: Variant, rank: Rank) -> str:
    """:func:`card_help` for every card of ``rank`` in ``v``'s deck: one paragraph when they all do the same."""
    cards = sorted({c for c in v.deck.cards() if c.rank is rank}, key=lambda c: c.sort_key)
    if not cards:
        return _("{rank} is not a rank of {variant} ({deck}).").format(rank=rank.symbol, variant=_(v.name), deck=v.deck)
    helps = [card_help(v, c) for c in cards]
    prefixes = [_("{card} in {variant}: {text}").format(card=c, variant=_(v.name), text="") for c in cards]
    texts = {h[len(p):] if h.startswith(p) else h for h, p in zip(helps, prefixes, strict=True)}
    if len(cards) > 1 and len(texts) == 1:
        return _("Every {rank} ({cards}) in {variant}: {text}").format(
            rank=rank.symbol, cards=" ".join(map(str, cards)), variant=_(v.name), text=texts.pop())
    return "\n".join(helps)


def move_examples(variant: Variant | str) -> dict[str, str]:
    """Example moves in notation for ``variant``: a plain play, a wild card naming a suit, the calls (where the
    variant has them), drawing and passing.

    >>> move_examples("prsi")["wish"], "call" in move_examples("prsi")
    ('Q♣>♥', False)
    >>> move_examples("greek-150")["jack_call"]
    '10♥ maumau'
    >>> move_examples("malilla")
    {'play': '7or', 'redeal': 'redeal', 'pass': 'pass'}
    """
    v = _variant(variant)
    examples: dict[str, str] = explainer(v).move_examples(v)
    return examples


def scoring_summary(variant: Variant | str) -> str:
    """How the match is scored and who wins it, in one sentence that says whether high or low is good.

    >>> scoring_summary("mau-king").split(":")[0]
    'Low scores are good'
    >>> scoring_summary("malilla")
    "High scores are good: a team that takes more than 35 of a hand's 70 points scores the excess; the first team to 35 wins the match."
    """
    v = _variant(variant)
    return str(explainer(v).scoring_summary(v))


def terminal_help(variant: Variant | str) -> list[str]:
    """The terminal game's help for ``variant`` (``help`` at the prompt, after the legal moves): how to type a move
    and what the rules say, in the current language. A variant of another family gets its family's
    (its explainer's ``terminal_help``): Malilla's names its rank order and card points.

    >>> lines = terminal_help("prsi")
    >>> lines[0]
    'play a card by rank and suit (7♥, 10s, Ah).'
    >>> any("7, Ace, Rey" in line for line in terminal_help("malilla"))
    True
    """
    v = _variant(variant)
    return list(explainer(v).terminal_help(v))


def rules_text(variant: Variant | str, width: int = 88) -> str:
    """The rules of ``variant`` as plain text: setup, what the cards do, turns, calls, the end and scoring.

    >>> text = rules_text("prsi")
    >>> text.splitlines()[0], "What the cards do" in text
    ('Prší (Czech)', True)
    >>> text = rules_text("malilla")
    >>> text.splitlines()[0], "Tricks" in text, "What the cards do" in text
    ('Malilla (cardgames.zone)', True, False)
    """
    v = _variant(variant)
    return str(explainer(v).rules_text(v, width=width))
