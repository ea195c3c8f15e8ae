"""The players' languages: every sentence a user reads goes through the standard library's ``gettext``, in the
language of the call.

The catalogs are the project's own translations (``locale/LANG/LC_MESSAGES/maumau_rules.po``, compiled to ``.mo``
and shipped with the package; the terms follow ``spec/glossary.toml``). Only the standard library reads them: the
core needs nothing but ``attrs`` at run time. Reason codes and rule IDs are the same in every language: they are the
API; only the sentences change.

A language is chosen per call (:meth:`maumau_rules.reasons.Verdict.message_in`) or for a block of work with
:func:`language`, a context manager over a ``contextvars.ContextVar`` (each thread and each asyncio task sees
its own; there is no global setting to change). The environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``) is read by the ``maumau`` command only, never here.

>>> with language("de"):
...     gettext("your hand: ")
'deine Hand: '
>>> current_language(), direction("ar"), ngettext("{n} card", "{n} cards", 3).format(n=3)
('en', 'rtl', '3 cards')
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from typing import Final

from .errors import ArgumentError

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "RTL_LANGUAGES",
    "current_language",
    "direction",
    "gettext",
    "language",
    "ltr",
    "match_message",
    "negotiate_language",
    "ngettext",
    "normalize_language",
    "translate_message",
]

DOMAIN: Final = "maumau_rules"
"""The gettext domain of the catalogs."""

LANGUAGES: Final = ("en", "de", "ar", "tr", "el", "sr", "cs", "nl")
"""The languages with a complete catalog (English is the source text)."""

LANGUAGE_NAMES: Final = {"en": "English", "de": "Deutsch", "ar": "العربية", "tr": "Türkçe", "el": "Ελληνικά",
                         "sr": "Srpski", "cs": "Čeština", "nl": "Nederlands"}
"""Each language's name in itself."""

RTL_LANGUAGES: Final = frozenset({"ar"})
"""The languages written right to left."""

_current: ContextVar[str] = ContextVar("maumau_rules_language", default="en")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (it is translated where it is shown).

    >>> N_("your hand: ")
    'your hand: '
    """
    return message


def normalize_language(lang: str) -> str:
    """The catalog language of ``lang``: a code (``de``), a locale (``de_DE.UTF-8``, ``sr_RS@latin``) or a tag
    (``el-GR``); ``C`` and ``POSIX`` are English.

    Raises:
        ArgumentError: ``lang`` names no language with a catalog.

    >>> normalize_language("de_AT.UTF-8"), normalize_language("sr-Latn-RS"), normalize_language("C")
    ('de', 'sr', 'en')
    >>> normalize_language("xx")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentError: unknown language 'xx': choose one of en, de, ar, tr, el, sr, cs, nl
    """
    if not isinstance(lang, str):
        raise ArgumentError(gettext("a language must be a string such as 'de', not {type}").format(
            type=type(lang).__name__))
    base = re.split(r"[_.@-]", lang.strip(), maxsplit=1)[0].lower()
    if base in ("c", "posix"):
        return "en"
    if base not in LANGUAGES:
        raise ArgumentError(gettext("unknown language {lang}: choose one of {languages}").format(
            lang=repr(lang), languages=", ".join(LANGUAGES)))
    return base


def negotiate_language(accept_language: str | None, default: str = "en") -> str:
    """The catalog language an HTTP ``Accept-Language`` header asks for most (``q`` weights, in the header's order
    on a tie); ``default`` when it names none with a catalog, or is missing or malformed (a server never fails on
    it).

    >>> negotiate_language("fr-CH, el;q=0.9, de;q=0.8"), negotiate_language("sr-Latn;q=0.5, tr"), negotiate_language(None)
    ('el', 'tr', 'en')
    """
    if not isinstance(accept_language, str):
        return default
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language[:500].split(",")):
        tag, _sep, params = item.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        try:
            ranked.append((-q, i, normalize_language(tag)))
        except ArgumentError:
            continue
    best = min(ranked, default=(0.0, 0, default))
    return best[2] if best[0] < 0 else default


@functools.cache
def _catalog(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (read once from the package; English is the source text itself)."""
    if lang == "en":
        return _gettext.NullTranslations()
    data = (resources.files("maumau_rules") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes()
    return _gettext.GNUTranslations(io.BytesIO(data))


def current_language() -> str:
    """The language of the current context (``en`` unless :func:`language` chose another).

    >>> with language("tr"):
    ...     current_language()
    'tr'
    """
    return _current.get()


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Use ``lang`` for every sentence made inside the block (this thread or task only); yields the catalog's code.

    Raises:
        ArgumentError: ``lang`` names no language with a catalog.

    >>> with language("el_GR.UTF-8") as code:
    ...     code, gettext("legal: ")
    ('el', 'επιτρεπτές: ')
    """
    token = _current.set(normalize_language(lang))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: the current context's language).

    >>> gettext("your hand: ", "sr")
    'tvoja ruka: '
    """
    return _catalog(_current.get() if lang is None else normalize_language(lang)).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The form of a message for the count ``n`` in ``lang`` (Arabic has six forms: none, one, two, a few, many and
    a hundred or more; Serbian and Czech three).

    >>> [ngettext("{n} card left", "{n} cards left", n, "ar") for n in (0, 1, 2)]
    ['لم تبقَ أوراق', 'بقيت ورقة واحدة', 'بقيت ورقتان']
    >>> [ngettext("{n} card left", "{n} cards left", n, "sr").format(n=n) for n in (1, 3, 5)]
    ['ostala je 1 karta', 'ostale su 3 karte', 'ostalo je 5 karata']
    >>> [ngettext("{n} card left", "{n} cards left", n, "cs").format(n=n) for n in (1, 3, 5)]
    ['zbývá 1 karta', 'zbývají 3 karty', 'zbývá 5 karet']
    """
    return _catalog(_current.get() if lang is None else normalize_language(lang)).ngettext(singular, plural, n)


def direction(lang: str | None = None) -> str:
    """``rtl`` for a language written right to left, else ``ltr``.

    >>> direction("ar"), direction("el")
    ('rtl', 'ltr')
    """
    return "rtl" if (_current.get() if lang is None else normalize_language(lang)) in RTL_LANGUAGES else "ltr"


def ltr(text: str, lang: str | None = None) -> str:
    """``text`` (a card, a move, a rule ID: written left to right in every language) isolated for right-to-left
    text (Unicode's LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE), unchanged in a left-to-right language. (The
    Arabic catalog isolates every value it puts into a sentence itself, with FIRST STRONG ISOLATE: a value may be
    a card or an Arabic name.)

    >>> ltr("J♣>♥", "ar") == "\\u2066J♣>♥\\u2069", ltr("J♣>♥", "de")
    (True, 'J♣>♥')
    """
    return f"\u2066{text}\u2069" if direction(lang) == "rtl" else text


# ---------------------------------------------------------------------- rendered messages

# The engine writes its verdicts and errors in English; each English form below is a catalog entry, and
# translate_message finds the one a message was made from and writes it again in the wanted language. A placeholder
# in CAPITALS is itself a message (translated the same way); the others are values (cards, seats, rule IDs), which
# are the same in every language.
MESSAGES: Final = (
    N_("legal"),
    # verdicts: who made the move, then why it is refused
    N_("illegal move {move} by player {seat}: {DETAIL}"),
    N_("illegal move {move}: the round is over"),
    N_("illegal move {move}: the hand is over"),
    N_("illegal move {move} by player {seat}: not a seat of this game"),
    N_("illegal move {move} by player {seat}: it is player {actor}'s turn"),
    N_("move {move} was made against turn {seen}, but the game is at turn {turn}"),
    N_("{move} is not a move that can be judged"),
    N_("{move} is not a move"),
    N_("{state} is not a game state: no move fits it"),
    N_("player {seat} went out without the call he needed: call him out ('callout {seat2}') or let the win stand "
       "('pass')"),
    N_("{card} is not a card"),
    N_("{card} is not a card of the {deck} deck of {variant}"),
    N_("player {seat} does not hold {card}"),
    N_("{card} needs a wished suit, e.g. '{example}'"),
    N_("{card} does not name a suit"),
    N_("{wish} is not a suit to wish"),
    N_("the wild card's own suit may not be wished"),
    N_("this variant has no calls"),
    N_("no call is due with this play (the call goes with the play that leaves one card)"),
    N_("no call is due with this play (the call goes with the play that leaves only Jacks or one card)"),
    N_("{call} is not a call of this variant (its call is '{word}')"),
    N_("the drawn card can be played, or nothing is left to draw"),
    N_("only one card may be drawn per turn"),
    N_("continue the series or pass"),
    N_("a skip is pending: play a skip card or pass"),
    N_("this variant has no drawing (no rule R_DRAW); pass"),
    N_("there is no card left to draw"),
    N_("drawing is not allowed while a card can be played"),
    N_("the drawn card {card} cannot be played: draw again"),
    N_("must answer the pending draw (+{amount})"),
    N_("nothing can be drawn, and a player who can play must play"),
    N_("play a card or draw; passing is not allowed now"),
    N_("a player cannot call himself out"),
    N_("there is no player {seat}"),
    N_("player {seat} made every call that was due, or the window to call him out has closed"),
    N_("{card} may not be played on {top}: no wild on a wild of the same rank"),
    N_("{card} cannot continue the series of {rank}s"),
    N_("{card}: after drawing the turn ends; pass"),
    N_("{card}: after drawing only the drawn card {drawn} may be played"),
    N_("{card} does not answer the pending draw (+{amount}): stack a penalty card or draw"),
    N_("{card} may not be played on the pending draw (+{amount}): draw the cards"),
    N_("{card} does not answer the pending skip: play a skip card or pass"),
    N_("{card} may not be played as the last card"),
    N_("{card} matches neither the suit nor the rank of {top}"),
    N_("{card} does not follow the wished suit {suit}"),
    N_("{card} may not be played on the {top} the previous player just played"),
    N_("{card} may not be played on {top}"),
    # Malilla's verdicts
    N_("the question about a new deal comes first: 'redeal' or 'pass'"),
    N_("no card names a suit in Malilla"),
    N_("Malilla has no calls"),
    N_("variant {variant} has no new deal (no rule R_MAL_REDEAL)"),
    N_("a new deal can be asked for only before the first lead"),
    N_("asking for a new deal needs {count} cards of one suit"),
    N_("Malilla has no drawing: play a card"),
    N_("play a card; a trick cannot be passed"),
    N_("Malilla has no calls to call out"),
    N_("must follow suit ({suit}): he holds one"),
    N_("may not trump a trick his partner is winning while he holds another card"),
    N_("must beat the opponent's {card}: he holds a higher {suit}"),
    N_("must play a trump higher than the opponent's {card}: he holds one"),
    N_("must trump (lower than the opponent's trump): he holds a trump"),
    N_("cannot follow suit and an opponent is winning: must trump ({suit})"),
    N_("{card} the 7 of a side suit that has not been led may not be thrown away"),
    N_("{card} the 7 of a side suit that has not been led may not be led"),
    # what the effects of the library say they do (Effect.describe; a house rule's own effect keeps its words)
    N_("the next player draws {n}"),
    N_("the next player draws {n} at once"),
    N_("the previous player draws {n} at once"),
    N_("every other player draws {n}"),
    N_("everyone draws {n}"),
    N_("the next player draws {n} unless he passes it on"),
    N_("wipes out a pending draw"),
    N_("the next player misses a turn"),
    N_("the next player misses a turn unless he answers with a skip card"),
    N_("reverses the direction"),
    N_("reverses the direction; with two players its player plays again"),
    N_("its player plays again"),
    N_("its player wishes a suit"),
    N_("any card may follow"),
    N_("its suit must be followed"),
    # errors of the notation, as the terminal shows them
    N_("unknown card {text}: {DETAIL}"),
    N_("unknown move {text}: {DETAIL}"),
    N_("unknown suit {text}: {DETAIL}"),
    N_("unknown rank {text}: {DETAIL}"),
    N_("unknown call {text}: expected 'mau' or 'maumau'"),
    N_("expected a rank and a suit such as '7h', '7♥', 'h7' or 'Herz 7'"),
    N_("expected one of c, s, h, d, ♣, ♠, ♥, ♦ or a suit name"),
    N_("expected 2-10, J, Q, K, A, Joker or a rank name"),
    N_("a call-out needs a seat number, e.g. 'callout 2'"),
    N_("too long for a card"),
    N_("longer than {n} characters"),
    N_("{DETAIL} (nor a rank: ask for a card such as 'Jc' or a rank such as 'J')"),
    # errors of the variants and the tools, as the command shows them
    N_("unknown variant {name}: known variants are {names}"),
    N_("variant {variant} is for {lo}-{hi} players, not {players}"),
    # what 'maumau verify' finds wrong with a fair record (maumau_rules.verify)
    N_("the record reveals no committed seed (no 'fairness' field): nothing to verify"),
    N_("the record's fair seed is bound to no setup, so it has no commitment to verify"),
    N_("the revealed seed, salt and setup do not give the commitment {given} published at the start (they give "
       "{commitment}): the seed or the setup ({setup}) is not the committed one"),
    N_("the record's setup is not the committed one: {DETAIL}"),
    N_("the record's seed {seed} is not the seed {game_seed} that the committed seed, its setup and the seats' "
       "entropy give"),
    N_("the moves do not replay from the committed seed: {DETAIL}"),
    N_("the view {who} received at {where} is not the one the committed seed gives: the deal or a reshuffle was "
       "changed"),
    N_("views of turns {turns} are past the end of the record (or of their hand)"),
    # a file that holds JSON of the wrong shape (the records' and the notation's)
    N_("a record must be a JSON object, got {value}"),
    N_("a match record must be a JSON object, got {value}"),
    N_("JSON document must be a JSON object, got {value}"),
)
"""The English forms of the engine's messages, as catalog entries (see :func:`translate_message`)."""

_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z_0-9]*)\}")


def _pattern(template: str) -> re.Pattern[str]:
    out, at = [], 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[at:m.start()]))
        # a value (a card, a move, a seat) never holds ": " (that is where a message's parts meet)
        out.append(f"(?P<{m.group(1)}>.+)" if m.group(1) == "DETAIL" else f"(?P<{m.group(1)}>(?:(?!: ).)+?)")
        at = m.end()
    out.append(re.escape(template[at:]))
    return re.compile("".join(out), re.DOTALL)


@functools.cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    # the outer forms first (who made the move, then {DETAIL}: the reason), then the most literal text: a template
    # with more fixed words is a better match than a looser one
    ranked = sorted(MESSAGES, key=lambda t: ("{DETAIL}" not in t, -len(_FIELD.sub("", t))))
    return tuple((t, _pattern(t)) for t in ranked)


def match_message(text: str) -> tuple[str, dict[str, str]] | None:
    """The catalog entry ``text`` was made from, and the values put into it (``None``: none of :data:`MESSAGES`).

    >>> match_message("player 2 does not hold Q♠")
    ('player {seat} does not hold {card}', {'seat': '2', 'card': 'Q♠'})
    """
    for template, pattern in _patterns():
        m = pattern.fullmatch(text)
        if m is not None:
            return template, m.groupdict()
    return None


def translate_message(text: str, lang: str | None = None, values: Mapping[str, str] | None = None) -> str:
    """``text``, an English message of the engine (a verdict's or an error's), in ``lang`` (default: the current
    context's): the catalog entry it was made from, translated, with the same values. A text that no entry made
    (a house rule's own message) is returned as it is. ``values`` replaces some values (a seat by a name).

    >>> translate_message("illegal move 'Q♠' by player 1: must answer the pending draw (+2)", "de")
    "unzulässiger Zug 'Q♠' von Spieler 1: muss auf die offene Strafe antworten (+2)"
    """
    code = _current.get() if lang is None else normalize_language(lang)
    found = match_message(text)
    if found is None:
        return text
    template, got = found
    args = {k: (translate_message(v, code, values) if k.isupper() else v) for k, v in got.items()}
    if values:
        args.update({k: v for k, v in values.items() if k in args})
    return _catalog(code).gettext(template).format(**args)
