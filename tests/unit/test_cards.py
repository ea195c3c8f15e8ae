"""Cards, decks, the random generator and move notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau_rules import (
    FRENCH_36,
    FRENCH_52,
    JOKER,
    SKAT_32,
    SPANISH_40,
    Call,
    CallOut,
    Card,
    DeckSpec,
    Draw,
    NotationError,
    Pass,
    Play,
    Rank,
    Suit,
    parse_cards,
    parse_move,
)
from maumau_rules import rng as _rng
from maumau_rules.cards import ALL_CARDS, FRENCH_RANKS, FRENCH_SUITS, SPANISH_RANKS, SPANISH_SUITS
from maumau_rules.handmask import ORDER


@pytest.mark.parametrize("text", ["7♥", "7h", "h7", "H7", "Herz 7", "hearts 7", "7 of hearts", "♥7", " 7H "])
def test_card_parse_accepts_many_spellings(text: str) -> None:
    assert Card.parse(text) == Card(Rank.SEVEN, Suit.HEARTS)


@pytest.mark.parametrize(("text", "expected"), [("Eichel Unter", "J♣"), ("Grün Ober", "Q♠"), ("Schellen Daus", "A♦"),
                                                 ("Th", "10♥"), ("10s", "10♠"), ("Kreuz König", "K♣"), ("joker", "Joker")])
def test_card_parse_german_and_french_names(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "Zz", "7x", "11h", "h", "7", "hh", "x" * 50, "7h8h"])
def test_unknown_card_raises_notation_error_quoting_the_input(text: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(text)
    assert repr(text[:37]) [:-1] in str(err.value) or "too long" in str(err.value)


@given(st.sampled_from(ALL_CARDS))
def test_card_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.ascii) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_suit_names() -> None:
    assert [s.german for s in FRENCH_SUITS] == ["Eichel", "Grün", "Herz", "Schellen"]
    assert [s.english for s in FRENCH_SUITS] == ["clubs", "spades", "hearts", "diamonds"]
    assert [s.english for s in SPANISH_SUITS] == ["oros", "copas", "espadas", "bastos"]
    assert list(Suit) == [*FRENCH_SUITS, *SPANISH_SUITS]
    assert Suit.parse("Pik") is Suit.SPADES and Suit.parse("♦") is Suit.DIAMONDS
    assert Suit.parse("espadas") is Suit.ESPADAS and Suit.parse("ba") is Suit.BASTOS


def test_joker_has_no_suit_and_other_cards_need_one() -> None:
    assert JOKER.suit is None and JOKER.is_joker
    with pytest.raises(NotationError):
        Card(Rank.SEVEN, None)
    with pytest.raises(NotationError):
        Card(Rank.JOKER, Suit.HEARTS)


# ---------------------------------------------------------------- the Spanish pack beside the French one

# The French vocabulary as it stood before the Spanish pack joined (a snapshot, not read from the module):
# every rank word and suit word, and every way of putting them together, must still name the same French card.
_OLD_RANK_WORDS = {
    Rank.TWO: ("2", "two", "zwei"), Rank.THREE: ("3",), Rank.FOUR: ("4",), Rank.FIVE: ("5",),
    Rank.SIX: ("6", "six", "sechs"), Rank.SEVEN: ("7", "seven", "sieben"), Rank.EIGHT: ("8", "eight", "acht"),
    Rank.NINE: ("9", "nine", "neun"), Rank.TEN: ("10", "t", "ten", "zehn"),
    Rank.JACK: ("j", "jack", "bube", "unter", "u", "b", "knave"), Rank.QUEEN: ("q", "queen", "dame", "ober", "o"),
    Rank.KING: ("k", "king", "könig", "konig", "koenig"), Rank.ACE: ("a", "ace", "ass", "as", "daus", "sau"),
}
_OLD_SUIT_WORDS = {
    Suit.CLUBS: ("c", "♣", "♧", "clubs", "club", "kreuz", "treff", "eichel", "eicheln", "acorns", "acorn"),
    Suit.SPADES: ("s", "♠", "♤", "spades", "spade", "pik", "grün", "grun", "gruen", "laub", "blatt", "leaves"),
    Suit.HEARTS: ("h", "♥", "♡", "hearts", "heart", "herz", "rot", "cœur", "coeur"),
    Suit.DIAMONDS: ("d", "♦", "♢", "diamonds", "diamond", "karo", "schellen", "schelle", "bells", "bell"),
}


def _french_spellings() -> list[tuple[str, Card]]:
    out = []
    for rank, rank_words in _OLD_RANK_WORDS.items():
        for suit, suit_words in _OLD_SUIT_WORDS.items():
            card = Card(rank, suit)
            for r in rank_words:
                for s in suit_words:
                    out += [(f"{r}{s}", card), (f"{s}{r}", card), (f"{r} {s}", card), (f"{s} {r}", card),
                            (f"{r} of {s}", card), (f"{r.upper()}{s.upper()}", card)]
    return out


def test_every_french_spelling_still_names_the_same_french_card() -> None:
    """The Spanish words (``s`` Sota, ``c`` Caballo, ``r`` Rey, ``1``, ``or``/``co``/``es``/``ba``, ``de``) add
    spellings; none of them takes one away from a French card or turns it into another card."""
    spellings = _french_spellings()
    assert len(spellings) > 10_000
    wrong = []
    for text, card in spellings:
        try:
            got: Card | None = Card.parse(text)
        except NotationError:
            got = None
        old = _old_reading(text)
        # what the old parser read (it may read an ambiguous spelling such as 'dd' the other way round) stays;
        # a spelling it refused (its regex split 'bbells' wrongly) may now be read, but only as the card it spells
        if (old is not None and got is not old) or (old is None and got not in (None, card)):
            wrong.append((text, got, old))
    assert wrong == []


def _old_reading(text: str) -> Card | None:
    """What the parser read ``text`` as before the Spanish pack: rank-then-suit first, then suit-then-rank."""
    import re

    from maumau_rules.cards import _fold
    key = _fold(text)
    words = {_fold(w): r for r, ws in _OLD_RANK_WORDS.items() for w in ws}
    suits = {_fold(w): s for s, ws in _OLD_SUIT_WORDS.items() for w in ws}
    for card in [c for c in ALL_CARDS if not c.is_spanish and not c.is_joker]:
        if key in (_fold(str(card)), _fold(card.ascii)):
            return card
    m = re.fullmatch(r"([^\s\d]+|\d+)\s*(?:of\s+)?([^\s\d]+|\d+)", key)
    if m is None:
        return None
    a, b = m.groups()
    for r, s in ((a, b), (b, a)):
        if r in words and s in suits:
            return Card(words[r], suits[s])
    return None


def test_every_card_of_both_packs_round_trips_as_the_same_object() -> None:
    assert len(ALL_CARDS) == 52 + 1 + 40 == len(set(ALL_CARDS))
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card and Card.parse(card.ascii) is card
        assert eval(repr(card), {"Card": Card}) is card


def test_spanish_cards_sort_after_every_french_card_and_the_joker() -> None:
    """The positions of the French cards and the Joker in the hand integers do not move (Mau-Mau's records,
    golden games and masks stay as they are): the Spanish cards take the positions after them."""
    assert ORDER == ALL_CARDS
    french = [c for c in ORDER if not c.is_spanish]
    assert ORDER[:53] == tuple(french) and ORDER[52] is JOKER
    assert [c.rank for c in ORDER[:52]] == [r for _ in FRENCH_SUITS for r in FRENCH_RANKS]
    assert [str(c) for c in ORDER[53:63]] == ["1or", "2or", "3or", "4or", "5or", "6or", "7or", "Sor", "Cor", "Ror"]


@pytest.mark.parametrize(("text", "expected"), [
    ("7 de copas", "7co"), ("Rey de oros", "Ror"), ("as de espadas", "1es"), ("1ba", "1ba"), ("sota bastos", "Sba"),
    ("caballo de copas", "Cco"), ("reycopas", "Rco"), ("copas 7", "7co"), ("Aor", "1or"), ("uno de oros", "1or"),
])
def test_spanish_spellings(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["Sh", "Rc", "8or", "10co", "Jes", "Qba", "Kor", "Cs", "Joker de oros", "7o", "Rd"])
def test_cards_that_mix_the_packs_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)


def test_a_rank_and_a_suit_of_different_packs_make_no_card() -> None:
    for rank in (Rank.SOTA, Rank.CABALLO, Rank.REY):
        with pytest.raises(NotationError, match="French pack"):
            Card(rank, Suit.HEARTS)
    for rank in (Rank.EIGHT, Rank.JACK, Rank.TEN):
        with pytest.raises(NotationError, match="Spanish pack"):
            Card(rank, Suit.COPAS)


def test_spanish_40_deck() -> None:
    cards = SPANISH_40.cards()
    assert len(cards) == 40 == len(set(cards)) and all(c.is_spanish for c in cards)
    assert DeckSpec.parse(str(SPANISH_40)) == SPANISH_40 and str(SPANISH_40) == "spanish-40"
    assert {c.rank for c in cards} == set(SPANISH_RANKS) and {c.suit for c in cards} == set(SPANISH_SUITS)
    tiny = DeckSpec.parse("spanish:7/1")
    assert tiny.size == 8 and DeckSpec.parse(str(tiny)) == tiny
    for bad in ("spanish:8/9", "spanish-48", "spanish:J"):
        with pytest.raises(NotationError):
            DeckSpec.parse(bad)
    with pytest.raises(NotationError):
        DeckSpec(ranks=(Rank.SOTA,))  # a Sota in French suits


def test_decks_are_data() -> None:
    assert (SKAT_32.size, FRENCH_36.size, FRENCH_52.size) == (32, 36, 52)
    assert FRENCH_52.with_jokers(2).size == 54 and FRENCH_52.with_jokers(3).size == 55
    assert FRENCH_52.with_packs(2).size == 104
    assert len(set(SKAT_32.cards())) == 32 and min(c.rank for c in SKAT_32.cards()) is Rank.SEVEN
    assert DeckSpec.parse(str(FRENCH_52.with_jokers(2).with_packs(2))) == FRENCH_52.with_jokers(2).with_packs(2)
    with pytest.raises(NotationError):
        DeckSpec.parse("french-40")


def test_parse_cards() -> None:
    assert parse_cards("7h, Herz 8") == (Card.parse("7h"), Card.parse("8h"))


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=40))
def test_shuffle_is_a_deterministic_permutation(seed: int, n: int) -> None:
    items = tuple(range(n))
    a, sa = _rng.shuffle(items, _rng.seed_state(seed))
    b, sb = _rng.shuffle(items, _rng.seed_state(seed))
    assert a == b and sa == sb and sorted(a) == list(items)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=300))
def test_shuffle_equals_one_randbelow_per_card(state: int, n: int) -> None:
    """The lane-parallel shuffle gives the permutation and next state of plain Fisher-Yates with one
    ``randbelow`` per card (R_RESHUFFLE replays the same way whichever path runs); past 255 cards it is that."""
    items = tuple(range(n))
    assert _rng.shuffle(items, state) == _rng._fisher_yates(list(items), n, state)


def _state_drawing(value: int, draws_before: int) -> int:
    """A generator state whose draw number ``draws_before`` (from 0) is ``value``: SplitMix64's output function
    undone (its xor-shifts and multiplications are invertible modulo 2**64), then stepped back."""
    mask = 2**64 - 1

    def unshift(y: int, s: int) -> int:
        x = y
        for _ in range(64 // s + 1):
            x = y ^ (x >> s)
        return x

    z = unshift(value, 31) * pow(0x94D049BB133111EB, -1, 2**64) & mask
    z = unshift(z, 27) * pow(0xBF58476D1CE4E5B9, -1, 2**64) & mask
    return (unshift(z, 30) - (draws_before + 1) * _rng._GAMMA) & mask


def _one_randbelow_per_card(items: tuple[int, ...], state: int) -> tuple[tuple[int, ...], int]:
    out = list(items)
    for n in range(len(out), 1, -1):
        j, state = _rng.randbelow(n, state)
        out[n - 1], out[j] = out[j], out[n - 1]
    return tuple(out), state


@pytest.mark.parametrize("count", [2, 3, 7, 32, 100, 255, 256, 300])
def test_shuffle_handles_a_rejected_draw_as_randbelow_does(count: int) -> None:
    """A draw ``randbelow`` rejects (one at or above the largest multiple of the bound) is made to happen at the
    first, a middle and the last card; the shuffle still equals one ``randbelow`` per card, and so do draws
    just below and above the bound, and states outside 64 bits (taken modulo 2**64)."""
    assert _rng.next_u64(_state_drawing(12345, 0))[0] == 12345
    assert _rng._NEAR_TOP in (2**64 - 256).to_bytes(8, "little")
    items = tuple(range(count))
    for k in {0, (count - 2) // 2, count - 2}:
        bound = count - k
        limit = 2**64 - 2**64 % bound
        for value in {2**64 - 1, limit, limit - 1} - {2**64}:  # no draw is rejected for a power of two
            state = _state_drawing(value, k)
            before = (state + k * _rng._GAMMA) % 2**64  # the state that makes draw k
            rejected = _rng.randbelow(bound, before)[1] != (before + _rng._GAMMA) % 2**64
            assert rejected == (value >= limit)
            assert _rng.shuffle(items, state) == _one_randbelow_per_card(items, state)
    for state in (-1, 2**64 + 7, 2**130 + 3):
        assert _rng.shuffle(items, state)[0] == _one_randbelow_per_card(items, state % 2**64)[0]


def test_randbelow_is_roughly_uniform() -> None:
    state = _rng.seed_state(1)
    counts = [0] * 6
    for _ in range(6000):
        v, state = _rng.randbelow(6, state)
        counts[v] += 1
    assert all(850 < c < 1150 for c in counts)


MOVES = st.one_of(
    st.builds(Play, st.sampled_from(ALL_CARDS), st.none() | st.sampled_from(list(Suit)),
              st.none() | st.sampled_from(list(Call))),
    st.just(Draw()), st.just(Pass()), st.builds(CallOut, st.integers(0, 9)),
)


@given(MOVES)
def test_move_notation_round_trips(move: Play | Draw | Pass | CallOut) -> None:
    assert parse_move(str(move)) == move


@pytest.mark.parametrize(("text", "move"), [
    ("Jc>h", Play(Card.parse("Jc"), Suit.HEARTS)),
    ("J♣ wish hearts", Play(Card.parse("Jc"), Suit.HEARTS)),
    ("9d Zadnja", Play(Card.parse("9d"), None, Call.MAU)),
    ("10h mau-mau", Play(Card.parse("10h"), None, Call.MAU_MAU)),
    ("Dalje", Pass()),
    ("nisi najavio 2", CallOut(2)),
])
def test_move_parse_aliases(text: str, move: Play | Pass | CallOut) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize("text", ["", "7h>", "7h>x", "callout", "callout x", "x" * 100, "draw 2"])
def test_bad_move_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_move(text)
    assert "unknown move" in str(err.value)
