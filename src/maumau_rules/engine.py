"""The engine: pure functions from (state, move) to a new state.

>>> from maumau_rules import find_variant, new_game, legal_moves, check, apply, Draw
>>> s = new_game(find_variant("standard"), players=3, seed=42)
>>> moves = legal_moves(s)
>>> Draw() in moves and check(s, moves[0]).ok
True
>>> s2 = apply(s, moves[0])
>>> s2.turn, s.turn
(1, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain
from typing import Final, assert_never

from . import rng as _rng
from ._scratch import Scratch, calls_after_draw, with_cards
from .cards import SORT_INDEX, Card, Suit
from .errors import IllegalMoveError, VariantError
from .handmask import ORDER, hand_size, presence, presence_and_size
from .moves import Call, CallOut, Draw, Move, Pass, Play
from .reasons import Reason, Verdict
from .rules.compiled import CardInfo, Ruleset
from .state import Deal, EndReason, GameState, Phase, StateError
from .variants import Variant, find_variant
from .zones import draw_cards

__all__ = ["apply", "check", "is_legal", "legal_moves", "new_game"]

_chain: Final = chain.from_iterable
_DRAW: Final = Draw()
_PASS: Final = Pass()
_PASS_ONLY: Final[tuple[Move, ...]] = (_PASS,)
_NO_INFO: Final = CardInfo()
_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_SERIES: Final = Phase.SERIES


# ====================================================================== setup


def new_game(
    variant: Variant | str,
    players: int,
    seed: int = 0,
    *,
    deal: Deal | None = None,
    dealer: int | None = None,
    first_player: int | None = None,
    hand_sizes: Sequence[int] | None = None,
    deck_order: Sequence[Card] | None = None,
    cut: int | None = None,
) -> GameState:
    """Start a round: choose the dealer, shuffle, cut, deal and turn up the start card, all from ``seed``.

    Args:
        variant: a :class:`~maumau_rules.variants.Variant` or its name.
        players: number of seats.
        seed: any integer; the same seed always gives the same round.
        deal: an explicit deal instead of a shuffled one (then ``seed`` only drives later reshuffles).
        dealer: the dealer's seat; by default the variant's R_DEALER rule chooses.
        first_player: the seat that plays first; by default the variant's R_TURN_ORDER rule chooses.
        hand_sizes: per-seat hand sizes (for matches where hands shrink); by default R_DEAL decides.
        deck_order: the shuffled deck as recorded at a real table, in dealing order (cards are dealt
            from the front; after the deal the last card is turned up); replaces the seeded shuffle.
        cut: where the deck is cut (the cut packet is the first ``cut + 1`` cards); by default from ``seed``.

    Raises:
        VariantError: the player count is outside the variant's range, or the deal is impossible.
        StateError: an explicit deal does not hold exactly the variant's deck.

    >>> s = new_game("standard", players=2, seed=5)
    >>> [len(h) for h in s.hands], len(s.stock) + len(s.discard)
    ([6, 6], 20)
    >>> new_game("standard", players=2, seed=5) == s
    True
    >>> from maumau_rules import SKAT_32
    >>> t = new_game("standard", players=2, deck_order=SKAT_32.cards(), cut=3, dealer=0)
    >>> str(t.top_card), [str(c) for c in t.hands[1][:2]]
    ('10♣', ['J♣', 'K♣'])
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    rs = v.ruleset
    if not isinstance(players, int) or not rs.min_players <= players <= rs.max_players:
        raise VariantError(f"variant {v.id!r} is for {rs.min_players}-{rs.max_players} players, not {players!r}")
    state = _rng.seed_state(seed)
    if deal is not None:
        return _from_deal(v, rs, deal, state)
    if dealer is None:
        dealer, state = _choose_dealer(rs, players, state)
    sizes = list(hand_sizes) if hand_sizes is not None else [rs.hand_size_for(players)] * players
    if len(sizes) != players or any(not isinstance(n, int) or n < 0 for n in sizes):
        raise VariantError(f"hand_sizes {hand_sizes!r} must give a size for each of {players} seats")
    if sum(sizes) + 1 > len(rs.deck_cards):
        raise VariantError(
            f"rule R_DEAL: dealing {sum(sizes)} cards to {players} players needs more than the "
            f"{len(rs.deck_cards)} cards of {v.deck}"
        )
    first = _first_player(rs, players, dealer) if first_player is None else first_player % players
    if deck_order is not None:
        order = tuple(deck_order)
        if Counter(order) != Counter(rs.deck_cards):
            raise StateError(f"deck_order does not hold exactly the {v.deck} deck of {v.id!r}")
        if cut is not None and not (isinstance(cut, int) and 0 <= cut < len(order) - 1):
            raise StateError(f"cut {cut!r} must be between 0 and {len(order) - 2}")
    while True:
        if deck_order is not None:
            deck = order
        else:
            deck, state = _rng.shuffle(rs.deck_cards, state)
        result = _cut_and_deal(rs, deck, players, dealer, sizes, first, state, cut)
        if result is not None:
            break
        if deck_order is not None:
            raise StateError("deck_order and cut give a redeal (R_CUT): one special card too many was cut")
        state = _rng.next_u64(state)[1]  # a redeal (R_CUT): shuffle again
    hands, stock, start, state = result
    return _opening(v, rs, hands, stock, (start,), dealer, first, state, start_effects=True)


def _choose_dealer(rs: Ruleset, players: int, state: int) -> tuple[int, int]:
    if rs.dealer_selection == "seat_zero":
        return 0, state
    contenders = list(range(players))
    cards = rs.deck_cards
    while True:
        drawn, state = _rng.shuffle(cards, state)
        ranks = {seat: int(drawn[i].rank) for i, seat in enumerate(contenders)}
        best = max(ranks.values())
        contenders = [seat for seat, r in ranks.items() if r == best]
        if len(contenders) == 1:
            return contenders[0], state


def _first_player(rs: Ruleset, players: int, dealer: int) -> int:
    if rs.first_player == "right_of_dealer":
        return (dealer - 1) % players
    return (dealer + 1) % players


def _cut_and_deal(
    rs: Ruleset, deck: tuple[Card, ...], players: int, dealer: int, sizes: list[int], first: int, state: int,
    cut: int | None = None,
) -> tuple[list[list[Card]], list[Card], Card, int] | None:
    """Cut (R_CUT), deal (R_DEAL) and turn up the start card (R_START_CARD); ``None`` means a redeal."""
    cutter = (dealer - 1) % players if rs.cut_by == "right" else (dealer + 1) % players
    kept: list[Card] = []
    start: Card | None = None
    pile = list(deck)
    if rs.cut_mode == "simple":
        if cut is None:
            k, state = _rng.randbelow(len(pile) - 1, state)
        else:
            k = cut
        pile = pile[k + 1:] + pile[: k + 1]
    elif rs.cut_mode == "power_cards":
        # R_CUT power_cards: four cuts; each exposes the card at the cut; power cards may be kept.
        exposed: list[int] = []
        for i in range(4):
            if cut is None:
                k, state = _rng.randbelow(len(pile), state)
            else:
                k = (cut + i * 7) % len(pile)
            while k in exposed:
                k = (k + 1) % len(pile)
            exposed.append(k)
        specials = [i for i in exposed if rs.cut_special.matches(pile[i])]
        if len(specials) == 4:
            return None
        keep = specials[: rs.cut_max_kept]
        kept = [pile[i] for i in keep]
        pile = [c for i, c in enumerate(pile) if i not in keep]
    elif rs.cut_mode == "bottom_ceremony":
        # R_CUT bottom_ceremony: pull cards from the bottom of the cut packet; keep specials, the first
        # plain card starts the pile; one special too many forces a redeal (MK-CUT-3..5).
        if cut is None:
            k, state = _rng.randbelow(len(pile) - 1, state)
        else:
            k = cut
        packet_bottom = k  # the packet is pile[: k + 1]; its bottom card is pile[k]
        i = packet_bottom
        while True:
            card = pile[i]
            if rs.cut_special.matches(card):
                if len(kept) == rs.cut_max_kept:
                    return None
                kept.append(card)
                i = (i - 1) % len(pile)
                continue
            start = card
            break
        taken = {i, *[(packet_bottom - j) % len(pile) for j in range(len(kept))]}
        pile = [c for j, c in enumerate(pile) if j not in taken]
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = [(first + i * rs.direction) % players for i in range(players)]
    packets = rs.packets or (1,) * max(sizes, default=0)
    quota = [[*packets] for _ in range(players)]
    need = list(sizes)
    if kept:
        # MK-DEAL-3: the cutter keeps his cards and gets that many fewer in the first dealing round(s).
        hands[cutter].extend(kept)
        need[cutter] = max(0, need[cutter] - len(kept))
        left = len(kept)
        for j, p in enumerate(quota[cutter]):
            d = min(p, left)
            quota[cutter][j] -= d
            left -= d
    pos = 0
    for j in range(len(packets)):
        for seat in order:
            n = min(quota[seat][j], need[seat])
            hands[seat].extend(pile[pos: pos + n])
            need[seat] -= n
            pos += n
    for seat in order:  # hand sizes larger than the packets add up to (shrunken/other sizes)
        if need[seat]:
            hands[seat].extend(pile[pos: pos + need[seat]])
            pos += need[seat]
            need[seat] = 0
    rest = pile[pos:]
    if start is None:
        start = rest.pop()
        for _ in range(len(rest)):
            if not rs.start_rebury.matches(start):
                break
            # R_START_CARD rebury: the card goes back under the stock and the next one is turned.
            rest.insert(0, start)
            start = rest.pop()
    return hands, rest, start, state


def _from_deal(v: Variant, rs: Ruleset, deal: Deal, state: int) -> GameState:
    players = len(deal.hands)
    if not rs.min_players <= players <= rs.max_players:
        raise VariantError(f"variant {v.id!r} is for {rs.min_players}-{rs.max_players} players, not {players}")
    if not deal.discard:
        raise StateError("explicit deal needs at least one card on the discard pile (the start card)")
    have: Counter[Card] = Counter(deal.stock)
    have.update(deal.discard)
    for h in deal.hands:
        have.update(h)
    want = Counter(rs.deck_cards)
    if have != want:
        missing = sorted((want - have).elements(), key=lambda c: c.sort_key)
        extra = sorted((have - want).elements(), key=lambda c: c.sort_key)
        raise StateError(
            f"explicit deal does not hold exactly the {v.deck} deck of {v.id!r}: "
            f"missing {' '.join(map(str, missing)) or 'nothing'}, extra {' '.join(map(str, extra)) or 'nothing'}"
        )
    dealer = deal.dealer % players
    first = _first_player(rs, players, dealer) if deal.first_player is None else deal.first_player % players
    return _opening(v, rs, [list(h) for h in deal.hands], list(deal.stock), deal.discard, dealer, first, state,
                    start_effects=deal.start_effects)


def _opening(
    v: Variant, rs: Ruleset, hands: list[list[Card]], stock: list[Card], discard: tuple[Card, ...],
    dealer: int, first: int, state: int, *, start_effects: bool,
) -> GameState:
    players = len(hands)
    seat = first
    pending = 0
    stack: tuple[Card, ...] = ()
    pending_skip = 0
    any_card = False
    top = discard[-1]
    info = rs.info.get(top, _NO_INFO)
    if rs.start_effects and start_effects:
        # R_START_CARD: a 7 makes the first player draw, an 8 skips him, a Jack lets him play any card.
        if info.penalty and not info.penalty_immediate:
            pending, stack = info.penalty, (top,)
        if info.skip:
            if rs.skip_passable:
                pending_skip = 1
            else:
                seat = (seat + rs.direction) % players
        if info.wild:
            any_card = True
    elif info.wild and not info.wishes:
        any_card = True
    return GameState(
        variant=v,
        hands=tuple(_sorted(h) for h in hands),
        stock=tuple(stock),
        discard=tuple(discard),
        seat_to_act=seat,
        direction=rs.direction,
        dealer=dealer,
        phase=Phase.PLAY,
        pending_draw=pending,
        penalty_stack=stack,
        pending_skip=pending_skip,
        wished_suit=None,
        any_card=any_card,
        drawn=None,
        turn_plays=(),
        announced=(None,) * players,
        missed_call=None,
        fresh=False,
        passes=0,
        turn=0,
        rng=state,
        winner=None,
        end=None,
    )


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT_INDEX))


_SORT_INDEX: Final = SORT_INDEX.__getitem__


# ====================================================================== legality
#
# The hot path asks yes/no questions and builds no message: ``_block`` answers with a small integer
# code (0: the card can be played) and only ``_explain`` (for a move that is actually rejected)
# turns the code into a Verdict with its message.

_FITS: Final = 0
_SERIES_RANK: Final = 1
_WILD_ON_WILD: Final = 2
_NO_PLAY_AFTER_DRAW: Final = 3
_NOT_THE_DRAWN_CARD: Final = 4
_WILD_BLOCKED: Final = 5
_MUST_FOLLOW_WISH: Final = 6
_DOES_NOT_MATCH: Final = 7
_MUST_ANSWER_DRAW: Final = 8
_MUST_ANSWER_SKIP: Final = 9
_FINISH_FORBIDDEN: Final = 10


def _can_draw(s: GameState, rs: Ruleset) -> bool:
    return bool(s.stock) or (rs.reshuffle and len(s.discard) > 1)


def _fit(s: GameState, rs: Ruleset, card: Card, info: CardInfo, top: Card) -> int:
    """Whether ``card`` may go on ``top`` by matching and wild rules: ``_FITS`` (0) or why not."""
    if info.wild:
        top_info = rs.info.get(top, _NO_INFO)
        if (top_info.wild and top.rank is card.rank and not rs.wild_on_same
                and not (s.any_card and rs.start_wild_allows_same and s.turn == 0)):
            return _WILD_ON_WILD
        if s.fresh and top_info.blocks_wild:
            return _WILD_BLOCKED
        return _FITS
    if s.any_card:
        return _FITS
    wish = s.wished_suit
    if wish is not None:
        return _FITS if card.suit is wish else _MUST_FOLLOW_WISH
    if card.suit is top.suit or card.rank is top.rank:
        return _FITS
    return _DOES_NOT_MATCH


def _block(s: GameState, rs: Ruleset, card: Card, hm: int) -> int:
    """Why ``card`` cannot be played now from the hand ``hm`` (``_FITS``, i.e. 0: it can), ignoring wish and
    call details."""
    info = rs.info.get(card, _NO_INFO)
    top = s.discard[-1]
    phase = s.phase
    if phase is _SERIES:
        if card.rank is not s.turn_plays[0].rank:
            return _SERIES_RANK
        # R_WILD_FINISH_SERIES: a run of wilds only at the finish, when nothing else is left
        if (info.wild and not rs.info.get(top, _NO_INFO).series
                and not (rs.wild_finish_series and not _present(rs, hm) & ~rs.rank_mask[card.rank])):
            return _WILD_ON_WILD
    elif phase is _DRAWN:
        if rs.after_draw == "none":
            return _NO_PLAY_AFTER_DRAW
        if rs.after_draw == "drawn_only" and card is not s.drawn:
            return _NOT_THE_DRAWN_CARD
        code = _fit(s, rs, card, info, top)
        if code:
            return code
    elif s.pending_draw:
        top_info = rs.info.get(top, _NO_INFO)
        stacks = info.stackable and top_info.stackable and info.stack_group == top_info.stack_group
        ok = info.cancel or ((stacks or (info.wild and rs.wild_on_pending_draw))
                             and not _fit(s, rs, card, info, top))
        if not ok:
            return _MUST_ANSWER_DRAW
    elif s.pending_skip:
        if not (info.skip and not _fit(s, rs, card, info, top)):
            return _MUST_ANSWER_SKIP
    else:
        code = _fit(s, rs, card, info, top)
        if code:
            return code
    if info.no_finish and _size(rs, hm) == 1:
        return _FINISH_FORBIDDEN
    return _FITS


def _playable(s: GameState, rs: Ruleset, card: Card, hm: int) -> Verdict | None:
    """Why ``card`` cannot be played now (``None``: it can), as a verdict with its message (slow path)."""
    code = _block(s, rs, card, hm)
    if code == _FITS:
        return None
    top = s.discard[-1]
    if code == _SERIES_RANK:
        return Verdict.reject(Reason.MUST_CONTINUE_SERIES, "R_SERIES",
                              f"{card} cannot continue the series of {s.turn_plays[0].rank.symbol}s")
    if code == _WILD_ON_WILD:
        return Verdict.reject(Reason.WILD_ON_WILD, "R_WILD",
                              f"{card} may not be played on {top}: no wild on a wild of the same rank")
    if code == _NO_PLAY_AFTER_DRAW:
        return Verdict.reject(Reason.MUST_PLAY_DRAWN, "R_DRAW", f"{card}: after drawing the turn ends; pass")
    if code == _NOT_THE_DRAWN_CARD:
        return Verdict.reject(Reason.MUST_PLAY_DRAWN, "R_DRAW",
                              f"{card}: after drawing only the drawn card {s.drawn} may be played")
    if code == _WILD_BLOCKED:
        return Verdict.reject(Reason.WILD_BLOCKED, "R_WILD",
                              f"{card} may not be played on the {top} the previous player just played")
    if code == _MUST_FOLLOW_WISH:
        assert s.wished_suit is not None
        return Verdict.reject(Reason.MUST_FOLLOW_WISH, "R_WILD",
                              f"{card} does not follow the wished suit {s.wished_suit.symbol}")
    if code == _DOES_NOT_MATCH:
        return Verdict.reject(Reason.DOES_NOT_MATCH, "R_MATCH",
                              f"{card} matches neither the suit nor the rank of {top}")
    if code == _MUST_ANSWER_DRAW:
        return Verdict.reject(Reason.MUST_ANSWER_DRAW, "R_DRAW_PENALTY",
                              f"{card} does not answer the pending draw (+{s.pending_draw}): "
                              "stack a penalty card or draw")
    if code == _MUST_ANSWER_SKIP:
        return Verdict.reject(Reason.MUST_ANSWER_SKIP, "R_SKIP",
                              f"{card} does not answer the pending skip: play a skip card or pass")
    return Verdict.reject(Reason.FINISH_FORBIDDEN, "R_NO_FINISH", f"{card} may not be played as the last card")


_DUE_CALLS: Final = (None, Call.MAU, Call.MAU_MAU)
"""The call due, by the index ``_due`` returns (also the index into ``Ruleset.plays``)."""


def _due(rs: Ruleset, hm: int, card: Card, n: int = -1) -> int:
    """The call due when ``card`` is played from the hand ``hm`` of ``n`` cards (R_ANNOUNCE; ``n`` is counted
    when not given): 0 none, 1 ``MAU``, 2 ``MAU_MAU``."""
    ann = rs.announce
    if ann is None:
        return 0
    if n < 0:
        n = _size(rs, hm)
    if n < 2:
        return 0
    if n == 2:  # one card is left
        return 2 if ann.jack_word and _present(rs, hm - rs.unit[card]) & rs.wishes_mask else 1
    if ann.multi_jack and ann.jack_word:
        rest = _present(rs, hm - rs.unit[card])
        first = _first(rs, rest)
        if rs.info.get(first, _NO_INFO).wishes and not rest & ~rs.rank_mask[first.rank]:
            return 2
    return 0


def _due_call(rs: Ruleset, hm: int, card: Card) -> Call | None:
    """The call due when ``card`` is played from the hand ``hm`` (R_ANNOUNCE)."""
    return _DUE_CALLS[_due(rs, hm, card)]


def _hand(s: GameState, rs: Ruleset, seat: int) -> int:
    """Seat's hand as an integer (:mod:`maumau_rules.handmask`)."""
    return (s._hm >> rs.shifts[seat]) & rs.seat_full


def _present(rs: Ruleset, hm: int) -> int:
    """One copy of each card of the hand ``hm``: a mask to ``&`` with the ruleset's card masks."""
    return hm if rs.width == 1 else presence(hm, rs.width, rs.low)


def _size(rs: Ruleset, hm: int) -> int:
    """The number of cards in the hand ``hm``."""
    return hm.bit_count() if rs.width == 1 else hand_size(hm, rs.width, rs.low)


def _present_and_size(rs: Ruleset, hm: int) -> tuple[int, int]:
    """The presence mask and the number of cards of the hand ``hm``."""
    return presence_and_size(hm, rs.width, rs.low)


def _two_plain(mask: int) -> bool:
    """Whether a presence mask holds two cards or more."""
    return bool(mask & (mask - 1))


def _first(rs: Ruleset, mask: int) -> Card:
    """The first card (in hand order) of a non-empty hand integer."""
    return ORDER[((mask & -mask).bit_length() - 1) // rs.width]


def _cards(rs: Ruleset, mask: int) -> list[Card]:
    """The distinct cards of a presence mask, in hand order."""
    out: list[Card] = []
    width = rs.width
    while mask:
        low = mask & -mask
        out.append(ORDER[(low.bit_length() - 1) // width])
        mask ^= low
    return out


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of the player to act, sorted and stable (plays by card, then draw, pass, call-outs).

    The result is cached on the state.

    >>> s = new_game("standard", players=3, seed=42)
    >>> all(check(s, m).ok for m in legal_moves(s))
    True
    """
    cached = state._legal
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    moves = _generate(state)
    state.__dict__["_legal"] = moves  # the private cache field; GameState is frozen to everyone else
    return moves


def _generate(s: GameState) -> tuple[Move, ...]:
    if s.end is not None:
        return ()
    rs = s.variant._ruleset  # the property's field: one call less
    seat = s.seat_to_act
    hm = _hand(s, rs, seat)
    phase = s.phase
    wish = s.wished_suit
    missed = s.missed_call
    if (not s.pending_draw and not s.pending_skip and not s.any_card
            and (phase is _PLAY or (phase is _DRAWN and rs.drawn_any))):
        # The common cases: masks tell which cards fit (R_MATCH, a wish, R_WILD); no card is looked at. At the
        # start of a turn the player may draw instead (R_DRAW); after a draw where any card may then be played
        # (after_draw any), he plays one or passes.
        can_draw = phase is _PLAY and _can_draw(s, rs)
        out = _quiet_moves(rs, hm, _turn_fit(rs, s.discard[-1], wish, s.fresh), can_draw)
        if missed is not None and missed != seat:
            return (*out, _callout(missed))
        return out
    drawn = s.drawn
    if (phase is _DRAWN and rs.drawn_only and drawn is not None
            and (missed is None or missed == seat) and not s.any_card and drawn not in rs.wild_cards):
        quick = _drawn_moves(rs, hm, drawn, _match_fit(rs, s.discard[-1], wish))
        if quick is not None:
            return quick
    present, n = _present_and_size(rs, hm)
    simple_due = _no_call_due(rs, present, n)
    if phase is _PLAY and s.pending_draw and not s.pending_skip:
        # R_DRAW_PENALTY: answer with a card that stacks (or a wild, where allowed) and fits, or one that
        # cancels the penalty; or draw. The masks give what _block would answer card by card.
        top = s.discard[-1]
        fit = rs.plain_mask if s.any_card else _match_fit(rs, top, wish)  # _fit for the cards that are not wild
        if s.any_card and rs.start_wild_allows_same and s.turn == 0:
            fit |= 0 if s.fresh and rs.info.get(top, _NO_INFO).blocks_wild else rs.wild_mask
        else:
            fit |= rs.wild_fit[s.fresh][top]
        answers = rs.stack_mask[top] | rs.wild_mask if rs.wild_on_pending_draw else rs.stack_mask[top]
        playable = present & (rs.cancel_mask | (answers & fit))
        if n == 1:
            playable &= ~rs.no_finish_mask  # R_NO_FINISH
        cards = _cards(rs, playable)
        answers_out: list[Move] = (list(_chain(map(rs.plays_plain.__getitem__, cards))) if simple_due
                                   else _plays(rs, hm, cards))
        answers_out.append(_DRAW)
        if missed is not None and missed != seat:
            answers_out.append(_callout(missed))
        return tuple(answers_out)
    if phase is _DRAWN and rs.drawn_only:
        # After a draw only the drawn card may be played (R_DRAW after_draw), or the player passes.
        if drawn is None or not present & rs.unit.get(drawn, 0):
            ok = False
        elif s.any_card or drawn in rs.wild_cards:
            ok = not _block(s, rs, drawn, hm)
        else:
            ok = _drawn_fits(rs, present, n, drawn, _match_fit(rs, s.discard[-1], wish))
        if missed is None or missed == seat:
            if not ok or drawn is None:
                return _PASS_ONLY
            if simple_due:
                return rs.drawn_moves[drawn]
        if not ok or drawn is None:
            out_list: list[Move] = [_PASS]
        elif simple_due:
            out_list = [*rs.plays_plain[drawn], _PASS]
        else:
            out_list = _plays(rs, hm, [drawn])
            out_list.append(_PASS)
        if missed is not None and missed != seat:
            out_list.append(_callout(missed))
        return tuple(out_list)
    return _card_by_card(s, rs, seat, hm, present, simple_due)


def _card_by_card(s: GameState, rs: Ruleset, seat: int, hm: int, present: int, simple_due: bool) -> tuple[Move, ...]:
    """The legal moves by the general rule code: each card of the hand (``hm``; ``present``: its presence mask)
    is checked with :func:`_block`; ``simple_due``: no play makes a call due."""
    playable_cards = [c for c in _cards(rs, present) if not _block(s, rs, c, hm)]
    out_list: list[Move] = (list(_chain(map(rs.plays_plain.__getitem__, playable_cards))) if simple_due
                            else _plays(rs, hm, playable_cards))
    if _draw_allowed(s, rs, bool(playable_cards)):
        out_list.append(_DRAW)
    if _pass_allowed(s, rs):
        out_list.append(_PASS)
    missed = s.missed_call
    if missed is not None and missed != seat:
        out_list.append(_callout(missed))
    return tuple(out_list)


def _reference_moves(s: GameState) -> tuple[Move, ...]:
    """The legal moves by the general rule code alone, without the masks of :func:`_generate`'s common cases
    (for differential tests: it must equal :func:`_generate` for every state)."""
    if s.end is not None:
        return ()
    rs = s.variant._ruleset
    seat = s.seat_to_act
    hm = _hand(s, rs, seat)
    present, n = _present_and_size(rs, hm)
    return _card_by_card(s, rs, seat, hm, present, _no_call_due(rs, present, n))


def _no_call_due(rs: Ruleset, present: int, n: int) -> bool:
    """Whether no play from a hand of ``n`` cards (``present``: its presence mask) makes a call due (R_ANNOUNCE).

    With several Jacks a call is due when only Jacks of one rank would be left, which two cards that name
    no suit rule out.
    """
    mode = rs.call_mode
    return not mode or (n != 2 and (mode == 1 or n < 2 or _two_plain(present & ~rs.wishes_mask)))


def _match_fit(rs: Ruleset, top: Card, wish: Suit | None) -> int:
    """The cards that are not wild and match ``top``, or follow the wished suit (R_MATCH)."""
    return rs.fit_top_mask[top] if wish is None else rs.suit_mask[wish]


def _drawn_fits(rs: Ruleset, present: int, n: int, card: Card, fit: int) -> bool:
    """Whether the drawn ``card`` (not a wild) is in the hand (``present``, ``n`` cards) and may be played:
    it is in ``fit`` and is not a last card that may not finish (R_DRAW drawn_only, R_NO_FINISH)."""
    unit = rs.unit[card]
    return bool(present & unit and unit & fit) and not (n == 1 and unit & rs.no_finish_mask)


def _turn_fit(rs: Ruleset, top: Card, wish: Suit | None, fresh: bool) -> int:
    """The cards that may be played on ``top`` at the start of a turn with nothing pending and no free card:
    those matching it, or the wished suit (R_MATCH), and the wilds allowed on it (R_WILD); ``fresh``: ``top``
    was just played."""
    return rs.fit_mask[fresh][top] if wish is None else rs.suit_mask[wish] | rs.wild_fit[fresh][top]


def _quiet_moves(rs: Ruleset, hm: int, fit: int, can_draw: bool) -> tuple[Move, ...]:
    """The moves at the start of a turn with nothing pending and no free card, call-outs aside: the plays of
    the cards of hand ``hm`` in the mask ``fit`` (R_MATCH, R_WILD, R_NO_FINISH, R_ANNOUNCE), draw and pass."""
    present, n = _present_and_size(rs, hm)
    playable = present & fit
    if n == 1:
        playable &= ~rs.no_finish_mask  # R_NO_FINISH
    if _no_call_due(rs, present, n):
        key = playable << 1 | can_draw
        out = rs.moves_cache.get(key)
        return out if out is not None else _remember(rs, key)
    moves = _plays(rs, hm, _cards(rs, playable))
    return (*moves, *_tail(rs, bool(moves), can_draw))


def _drawn_moves(rs: Ruleset, hm: int, card: Card, fit: int) -> tuple[Move, ...] | None:
    """The moves after drawing ``card`` (not a wild, no free card, no call-out open) into hand ``hm``: its plays
    if it is in ``fit``, and pass (R_DRAW drawn_only); ``None`` when a call may be due with it (R_ANNOUNCE)."""
    present, n = _present_and_size(rs, hm)
    if not _drawn_fits(rs, present, n, card, fit):
        return _PASS_ONLY
    if _no_call_due(rs, present, n):
        return rs.drawn_moves[card]
    return None


def _tail(rs: Ruleset, any_play: bool, can_draw: bool) -> tuple[Move, ...]:
    """Draw and pass at the start of a turn with nothing pending (R_DRAW, R_BLOCKED_END)."""
    if not can_draw:
        return _PASS_ONLY
    if rs.voluntary_draw or not any_play:
        return (_DRAW, _PASS) if rs.pass_without_draw else (_DRAW,)
    return _PASS_ONLY if rs.pass_without_draw else ()


_CACHE_LIMIT: Final = 1 << 15


def _remember(rs: Ruleset, key: int) -> tuple[Move, ...]:
    """The moves for ``key`` (the playable cards' mask, shifted, and whether a card can be drawn), memoised."""
    plays = rs.plays_plain
    playable = _cards(rs, key >> 1)
    out: tuple[Move, ...] = (*_chain(map(plays.__getitem__, playable)), *_tail(rs, bool(playable), bool(key & 1)))
    cache = rs.moves_cache
    if len(cache) >= _CACHE_LIMIT:  # bounded: a long simulation of a big deck cannot grow it forever
        cache.clear()
    cache[key] = out
    return out


def _plays(rs: Ruleset, hm: int, playable: list[Card]) -> list[Move]:
    """Every :class:`Play` of the ``playable`` cards of hand ``hm`` (each wish, with and without the due call)."""
    plays = rs.plays
    n = _size(rs, hm)
    out: list[Move] = []
    for card in playable:
        out += plays[card][_due(rs, hm, card, n)]
    return out


_CALLOUTS: Final[dict[int, CallOut]] = {}


def _callout(seat: int) -> CallOut:
    move = _CALLOUTS.get(seat)
    if move is None:
        move = _CALLOUTS[seat] = CallOut(seat)
    return move


def _draw_allowed(s: GameState, rs: Ruleset, any_play: bool) -> bool:
    if s.phase is _DRAWN:
        return _must_draw_on(s, rs)
    if s.phase is not _PLAY or s.pending_skip:
        return False
    if s.pending_draw:
        return True
    if not _can_draw(s, rs):
        return False
    return rs.voluntary_draw or not any_play


def _must_draw_on(s: GameState, rs: Ruleset) -> bool:
    """R_DRAW until_playable: after drawing a card that cannot be played, the player draws again."""
    if not rs.draw_until_playable or s.drawn is None or not _can_draw(s, rs):
        return False
    return _block(s, rs, s.drawn, _hand(s, rs, s.seat_to_act)) != _FITS


def _pass_allowed(s: GameState, rs: Ruleset) -> bool:
    if s.phase is _DRAWN:
        return not _must_draw_on(s, rs)
    if s.phase is not _PLAY:
        return True  # SERIES ends the turn with a pass
    if s.pending_draw:
        return False
    if s.pending_skip:
        return True
    return rs.pass_without_draw or not _can_draw(s, rs)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal for the player to act.

    >>> s = new_game("standard", players=2, seed=3)
    >>> is_legal(s, Draw()), is_legal(s, Pass())
    (True, False)
    """
    moves = state._legal
    if moves is None:
        moves = legal_moves(state)
    for m in moves:  # the moves legal_moves handed out are found by identity
        if m is move:
            return True
    try:  # an equal move made elsewhere (parsed, deserialised): compare by value, as a set does
        return move in frozenset(moves)
    except TypeError:
        return False


def check(state: GameState, move: Move, *, player: int | None = None, turn: int | None = None) -> Verdict:
    """Judge ``move`` without applying it: a :class:`~maumau_rules.reasons.Verdict` with reason and rule ID.

    Args:
        state: the current state.
        move: the move to judge.
        player: the seat the move comes from (a server passes the client's seat); default: the seat to act.
        turn: the state version the client saw (``state.turn``); a different value is a stale move.

    >>> s = new_game("standard", players=3, seed=42)
    >>> v = check(s, Pass())
    >>> v.ok, v.reason.value, v.rule_id
    (False, 'pass_not_allowed', 'R_DRAW')
    """
    if turn is not None and (type(turn) is not int or turn != state.turn):
        return Verdict.reject(Reason.STALE_STATE, "R_TURN_ORDER",
                              f"move {_show(move)} was made against turn {turn}, but the game is at turn {state.turn}")
    if state.end is not None:
        return Verdict.reject(Reason.GAME_OVER, "R_BLOCKED_END" if state.end is EndReason.BLOCKED else
                              ("R_TURN_LIMIT" if state.end is EndReason.TURN_LIMIT else "R_MATCH"),
                              f"illegal move {_show(move)}: the round is over")
    if player is not None and (type(player) is not int or player != state.seat_to_act):
        return Verdict.reject(Reason.NOT_YOUR_TURN, "R_TURN_ORDER",
                              f"illegal move {_show(move)} by player {player}: it is player {state.seat_to_act}'s turn")
    if is_legal(state, move):
        return Verdict.accept()
    return _explain(state, move)


def _show(move: object) -> str:
    try:
        return repr(str(move)) if isinstance(move, Play | Draw | Pass | CallOut) else repr(move)[:60]
    except Exception:  # pragma: no cover - defensive: never fail while explaining
        return "<move>"


def _explain(s: GameState, move: Move) -> Verdict:
    """The reason an illegal move is illegal (slow path; only called for rejected moves)."""
    rs = s.variant.ruleset
    seat = s.seat_to_act
    who = f"illegal move {_show(move)} by player {seat}"
    if isinstance(move, Play):
        card = move.card
        if not isinstance(card, Card):
            return Verdict.reject(Reason.NOT_A_MOVE, "R_MATCH", f"{who}: {card!r} is not a card")
        if card not in rs.info:
            return Verdict.reject(Reason.WRONG_VARIANT, "R_DEAL",
                                  f"{who}: {card} is not a card of the {s.variant.deck} deck of {s.variant.id!r}")
        hm = _hand(s, rs, seat)
        if not _present(rs, hm) & rs.unit[card]:
            return Verdict.reject(Reason.CARD_NOT_IN_HAND, "R_MATCH", f"{who}: player {seat} does not hold {card}")
        bad = _playable(s, rs, card, hm)
        if bad is not None:
            return Verdict.reject(bad.reason, bad.rule_id, f"{who}: {bad.message}")
        info = rs.info.get(card, _NO_INFO)
        if info.wishes and move.wish is None:
            return Verdict.reject(Reason.WISH_REQUIRED, "R_WILD", f"{who}: {card} needs a wished suit, e.g. '{card.ascii}>h'")
        if not info.wishes and move.wish is not None:
            return Verdict.reject(Reason.WISH_NOT_ALLOWED, "R_WILD", f"{who}: {card} does not name a suit")
        if move.wish is not None and not isinstance(move.wish, Suit):
            return Verdict.reject(Reason.WISH_NOT_ALLOWED, "R_WILD", f"{who}: {move.wish!r} is not a suit")
        if move.wish is card.suit and not rs.may_wish_own_suit:
            return Verdict.reject(Reason.WISH_NOT_ALLOWED, "R_WILD", f"{who}: the wild card's own suit may not be wished")
        due = _due_call(rs, hm, card)
        word = _word(rs, move.call)
        if move.call is not None and due is None:
            return Verdict.reject(Reason.CALL_NOT_DUE, "R_ANNOUNCE", f"{who}: no call is due with this play")
        return Verdict.reject(Reason.CALL_NOT_DUE, "R_ANNOUNCE",
                              f"{who}: '{word}' is not the call due with this play ('{_word(rs, due)}')")
    if isinstance(move, Draw):
        if s.phase is Phase.DRAWN:
            if rs.draw_until_playable:
                return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_DRAW",
                                      f"{who}: the drawn card can be played, or nothing is left to draw")
            return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_DRAW", f"{who}: only one card may be drawn per turn")
        if s.phase is Phase.SERIES:
            return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_SERIES", f"{who}: continue the series or pass")
        if s.pending_skip:
            return Verdict.reject(Reason.MUST_ANSWER_SKIP, "R_SKIP", f"{who}: a skip is pending: play a skip card or pass")
        if not _can_draw(s, rs):
            return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_BLOCKED_END", f"{who}: there is no card left to draw")
        return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_DRAW", f"{who}: drawing is not allowed while a card can be played")
    if isinstance(move, Pass):
        if s.phase is Phase.DRAWN:
            return Verdict.reject(Reason.PASS_NOT_ALLOWED, "R_DRAW",
                                  f"{who}: the drawn card {s.drawn} cannot be played: draw again")
        if s.pending_draw:
            return Verdict.reject(Reason.MUST_ANSWER_DRAW, "R_DRAW_PENALTY",
                                  f"{who}: must answer the pending draw (+{s.pending_draw})")
        return Verdict.reject(Reason.PASS_NOT_ALLOWED, "R_DRAW", f"{who}: play a card or draw; passing is not allowed now")
    if isinstance(move, CallOut):
        return Verdict.reject(Reason.NOTHING_TO_CALL_OUT, "R_ANNOUNCE",
                              f"{who}: player {move.seat} cannot be called out now")
    return Verdict.reject(Reason.NOT_A_MOVE, "R_MATCH", f"{_show(move)} is not a move")


def _word(rs: Ruleset, call: Call | None) -> str:
    ann = rs.announce
    if call is None:
        return "nothing"
    if ann is None:
        return call.value
    return (ann.jack_word or "Mau-Mau") if call is Call.MAU_MAU else ann.word


# ====================================================================== transitions


def apply(state: GameState, move: Move, *, player: int | None = None, turn: int | None = None) -> GameState:
    """Validate ``move`` and return the next state. ``state`` is never changed.

    Args:
        state: the current state.
        move: the move.
        player: the seat the move comes from (default: the seat to act).
        turn: the state version the client saw; a mismatch is rejected as stale.

    Raises:
        IllegalMoveError: the move is illegal; it carries the verdict (reason code, rule ID, message).

    >>> s = new_game("standard", players=2, seed=3)
    >>> apply(s, Pass())
    Traceback (most recent call last):
    ...
    maumau_rules.errors.IllegalMoveError: illegal move 'pass' by player ...: play a card or draw; passing is not allowed now
    """
    if turn is None and player is None:
        cached = state._legal
        if cached is not None:
            for m in cached:  # a move handed out by legal_moves: legal, found by identity
                if m is move:
                    return _transition(state, move)
    elif turn is None and type(player) is int and player == state.seat_to_act:
        player = None  # the seat to act: nothing more to check than without ``player``
    if turn is not None or player is not None or not is_legal(state, move):
        verdict = check(state, move, player=player, turn=turn)
        if not verdict.ok:
            rs = state.variant.ruleset
            if (rs.wrong_card == "penalize" and isinstance(move, Play) and verdict.reason in _WRONG_CARD_REASONS
                    and state.phase is Phase.PLAY):
                return _wrong_card(state, rs)
            raise IllegalMoveError(verdict)
    return _transition(state, move)


_WRONG_CARD_REASONS: Final = frozenset({Reason.DOES_NOT_MATCH, Reason.MUST_FOLLOW_WISH, Reason.WILD_ON_WILD,
                                        Reason.WILD_BLOCKED, Reason.MUST_ANSWER_DRAW, Reason.MUST_ANSWER_SKIP})


_new: Final = object.__new__
_set_attr: Final = object.__setattr__

# The fields that a direct path in _transition sets to the same values every time, stored with one
# ``dict.update`` each (never changed: their values are immutable and shared by every state made).
# ``_hands`` (the decoded hands, see ``state._HandsFromMask``) is reset where hands change.
_PLAYED: Final = {"_legal": None, "_hands": None, "passes": 0, "drawn": None, "fresh": True, "any_card": False,
                  "phase": Phase.PLAY, "wished_suit": None}
_DREW: Final = {"_legal": None, "_hands": None, "fresh": False, "passes": 0, "phase": Phase.DRAWN}
_PASSED: Final = {"_legal": None, "drawn": None, "fresh": False, "phase": Phase.PLAY}
_TOOK_PENALTY: Final = {"_legal": None, "_hands": None, "pending_draw": 0, "penalty_stack": (), "passes": 0,
                        "fresh": False}


def _transition(s: GameState, move: Move) -> GameState:
    rs = s.variant._ruleset  # the property's field: one call less
    hands = s._hm
    # The next state's fields start as a copy of this state's (one C-level dict copy) and become
    # the __dict__ of the new GameState: no attrs __init__, no field copied one by one. The engine
    # changes hands in the integer ``_hm``; ``hands`` is decoded from it when read.
    fields = s.__dict__.copy()
    fields["turn"] = turn = s.turn + 1
    seat = s.seat_to_act
    kind = type(move)
    fit = -1  # set by a direct path that leaves the next seat nothing pending: the cards it may play
    if (type(move) is Play and s.missed_call is None and not s.turn_plays and not s.pending_skip
            and (effect := rs.simple_play.get(card := move.card, -1)) >= 0 and (effect == 3 or not s.pending_draw)
            and ((rs.quick_hands and move.call is None and ((hands >> rs.shifts[seat]) & rs.seat_full).bit_count() > 2)
                 or _plain_play(rs, (hands >> rs.shifts[seat]) & rs.seat_full, move))):
        # A card that is not the last, with no call made or due, and no effect (R_MATCH), or only one of: a
        # wish (R_WILD), a skip (R_SKIP), a draw penalty for the next player (R_DRAW_PENALTY), a reversal
        # (R_REVERSE), play again (R_PLAY_AGAIN): what _do_play and _end_turn do for it, inline (the most
        # common plays; Ruleset.simple_play says which cards qualify).
        fields.update(_PLAYED)
        fields["_hm"] = after = hands - rs.seat_unit[seat][card]
        fields["discard"] = s.discard + (card,)
        step = s.direction
        if effect == 0:
            fit = rs.fit_mask[1][card]
        elif effect == 1:
            fields["wished_suit"] = wish = move.wish
            fit = _turn_fit(rs, card, wish, True)
        elif effect == 2:
            fit = rs.fit_mask[1][card]
            step += step
        elif effect == 3:
            fields["pending_draw"] = s.pending_draw + rs.info[card].penalty
            fields["penalty_stack"] = s.penalty_stack + (card,)
        elif effect == 4:
            fields["direction"] = step = -step
            fit = rs.fit_mask[1][card]
            if len(s.announced) == 2 and rs.reverse_two_player == "play_again":
                step = 0
        elif effect == 5:
            fit = rs.fit_mask[1][card]
            step = 0
        else:
            fields["pending_skip"] = 1
        fields["seat_to_act"] = nxt = (seat + step) % len(s.announced)
        can_draw = bool(s.stock) or rs.reshuffle
    elif (kind is Draw and s.phase is _PLAY and not s.pending_draw and s.missed_call is None
          and not (s.fresh and s.discard[-1] in rs.demand_cards)):
        # R_DRAW: draw one card, voluntarily or because nothing fits (the most common draw).
        fields.update(_DREW)
        stock = s.stock
        got: Card | None
        if stock:  # zones.draw_cards' common case, inline: one card from a non-empty stock
            fields["drawn"] = got = stock[-1]
            fields["stock"] = stock[:-1]
            fields["_hm"] = after = hands + rs.seat_unit[seat][got]
        else:
            drew, fields["stock"], fields["discard"], fields["rng"] = draw_cards(stock, s.discard, 1, s.rng,
                                                                                 rs.reshuffle)
            fields["drawn"] = got = drew[-1] if drew else None
            fields["_hm"] = after = with_cards(rs, hands, seat, drew)
        if got is not None:
            if not s.any_card and rs.drawn_only and got not in rs.wild_cards:
                # The next state's legal moves (as _generate gives them): the drawn card if it fits, and pass.
                wish = s.wished_suit
                match = rs.fit_top_mask[s.discard[-1]] if wish is None else rs.suit_mask[wish]
                mine = (after >> rs.shifts[seat]) & rs.seat_full
                if rs.quick_hands and mine.bit_count() > 2:
                    fields["_legal"] = rs.drawn_moves[got] if rs.unit[got] & match else _PASS_ONLY
                else:
                    fields["_legal"] = _drawn_moves(rs, mine, got, match)
            elif rs.drawn_any and not s.any_card:
                # The next state's moves (R_DRAW after_draw any): the same seat plays a card that fits, or passes.
                nxt = seat
                fit = _turn_fit(rs, s.discard[-1], s.wished_suit, False)
                can_draw = False
            if rs.calls_lapse:
                fields["announced"] = calls_after_draw(rs, s.announced, seat)
    elif kind is Pass and s.phase is _DRAWN and s.missed_call is None:
        # R_DRAW: the drawn card is not played; the turn passes on (the most common pass).
        fields.update(_PASSED)
        fields["seat_to_act"] = nxt = (seat + s.direction) % len(s.announced)
        if not s.any_card:  # (after a draw nothing is pending)
            after = hands
            fit = _turn_fit(rs, s.discard[-1], s.wished_suit, False)
            can_draw = bool(s.stock) or (rs.reshuffle and len(s.discard) > 1)
    elif (kind is Draw and s.pending_draw and s.phase is _PLAY and s.missed_call is None and rs.penalty_ends_turn
          and not s.turn_plays and not s.pending_skip):
        # R_DRAW_PENALTY: take the pending penalty, and the turn passes on (ends_turn); _do_draw and _end_turn
        # for it, inline.
        fields.update(_TOOK_PENALTY)
        got_all, stock, discard, fields["rng"] = draw_cards(s.stock, s.discard, s.pending_draw, s.rng, rs.reshuffle)
        fields["stock"], fields["discard"] = stock, discard
        fields["_hm"] = after = with_cards(rs, hands, seat, got_all)
        if got_all and rs.calls_lapse:
            fields["announced"] = calls_after_draw(rs, s.announced, seat)
        fields["seat_to_act"] = nxt = (seat + s.direction) % len(s.announced)
        if not s.any_card:
            fit = _turn_fit(rs, discard[-1], s.wished_suit, False)
            can_draw = bool(stock) or (rs.reshuffle and len(discard) > 1)
    else:
        fields["_legal"] = fields["_hands"] = None
        n: Scratch = _new(Scratch)
        n.__dict__ = fields
        _by_the_rules(s, n, rs, seat, move)
        fields["is_over"] = fields["end"] is not None
    if fit >= 0:
        # The next state's legal moves, as _generate gives them (no call-out is open after a direct path): the
        # next seat's plays of the cards in ``fit``, draw and pass (_quiet_moves, with its common case inline).
        mine = (after >> rs.shifts[nxt]) & rs.seat_full
        if rs.quick_hands and mine.bit_count() > 2:
            key = (mine & fit) << 1 | can_draw
            fields["_legal"] = rs.moves_cache.get(key) or _remember(rs, key)
        else:
            fields["_legal"] = _quiet_moves(rs, mine, fit, can_draw)
    out: GameState = _new(GameState)
    _set_attr(out, "__dict__", fields)  # GameState is frozen: its __dict__ is set once, here
    if turn >= rs.max_moves and fields["end"] is None:
        out = _finish_by_count(out, EndReason.TURN_LIMIT)
    return out


def _by_the_rules(s: GameState, n: Scratch, rs: Ruleset, seat: int, move: Move) -> None:
    """The general rule code for any move, on the scratch copy ``n`` of ``s`` (the direct paths in
    :func:`_transition` do the same for the common moves, faster)."""
    if n.missed_call is not None:
        _close_window(n, rs, seat, move)
    match move:
        case Play():
            _do_play(s, n, rs, seat, move)
        case Draw():
            _do_draw(s, n, rs, seat)
        case Pass():
            _do_pass(s, n, rs, seat)
        case CallOut():
            assert rs.announce is not None
            n.draw(move.seat, rs.announce.penalty, rs)
            n.missed_call = None
        case _:
            assert_never(move)


def _reference_transition(s: GameState, move: Move) -> GameState:
    """The next state by the general rule code alone, without the direct paths (for differential tests:
    it must equal :func:`_transition` for every legal move)."""
    rs = s.variant._ruleset
    n = _scratch(s)
    _by_the_rules(s, n, rs, s.seat_to_act, move)
    return _freeze(n, rs)


def _plain_play(rs: Ruleset, hm: int, move: Play) -> bool:
    """Whether ``move`` plays a card from the hand ``hm`` that is not the last, and no call is made or due."""
    n = _size(rs, hm)
    if n < 2:
        return False
    mode = rs.call_mode
    if not mode:
        return True
    return move.call is None and ((mode == 1 and n > 2) or not _due(rs, hm, move.card, n))


def _scratch(s: GameState) -> Scratch:
    """A mutable copy of ``s`` for one transition; the move counter already counts the move."""
    fields = s.__dict__.copy()
    fields["turn"] = s.turn + 1
    fields["_legal"] = fields["_hands"] = None
    n: Scratch = _new(Scratch)
    n.__dict__ = fields
    return n


def _freeze(n: Scratch, rs: Ruleset) -> GameState:
    """The next state: ``n``'s fields as a new :class:`GameState` (``n`` must not be used afterwards),
    ended by R_TURN_LIMIT when the move counter reaches it."""
    fields = n.__dict__
    fields["is_over"] = fields["end"] is not None
    out: GameState = _new(GameState)
    _set_attr(out, "__dict__", fields)  # GameState is frozen: its __dict__ is set once, here
    if out.end is None and out.turn >= rs.max_moves:
        out = _finish_by_count(out, EndReason.TURN_LIMIT)
    return out


def _close_window(n: Scratch, rs: Ruleset, seat: int, move: Move) -> None:
    """R_ANNOUNCE window: a missed call can be called out until the next player (or the offender) acts."""
    if isinstance(move, CallOut) or n.missed_call is None:
        return
    if rs.announce is not None and rs.announce.window == "until_own_turn":
        if n.missed_call == seat:
            n.missed_call = None
    elif n.missed_call != seat:
        n.missed_call = None


def _next_seat(n: Scratch, seat: int, steps: int, players: int) -> int:
    return (seat + n.direction * steps) % players


def _do_play(s: GameState, n: Scratch, rs: Ruleset, seat: int, move: Play) -> None:
    card = move.card
    info = rs.info[card]
    players = len(s.announced)
    before = _hand(s, rs, seat)  # the hand the card comes from
    n._hm -= rs.seat_unit[seat][card]
    n.discard = n.discard + (card,)
    n.turn_plays = n.turn_plays + (card,)
    n.passes = 0
    n.drawn = None
    n.fresh = True
    n.any_card = info.free_after
    n.wished_suit = move.wish if info.wishes else (card.suit if info.demands_suit else None)
    # --- announcements (R_ANNOUNCE)
    ann = rs.announce
    if ann is not None:
        if move.call is not None:
            n.set_call(seat, move.call)
        elif _due(rs, before, card):
            if ann.enforcement == "automatic":
                n.draw(seat, ann.penalty, rs)
            else:
                n.missed_call = seat
    # --- effects applied at once
    if info.cancel:
        n.pending_draw = 0
        n.penalty_stack = ()
    if info.penalty:
        if info.penalty_immediate:
            target = (seat - n.direction) % players if info.penalty_previous else (seat + n.direction) % players
            n.draw(target, info.penalty, rs)
        else:
            n.pending_draw += info.penalty
            n.penalty_stack = n.penalty_stack + (card,)
    if n.pending_skip and info.skip:
        n.pending_skip = 0  # answered: the skip passes on with this card's own skip (counted at the end of turn)
    # --- finishing
    rest = (n._hm >> rs.shifts[seat]) & rs.seat_full  # penalties above may have added cards
    if not rest:
        if info.play_again:
            n.phase = Phase.PLAY  # R_PLAY_AGAIN: an empty hand must draw; no win
            n.turn_plays = ()
            return
        if ann is not None and _finish_needs_call(ann.unannounced_finish, rs, before) \
                and not _finish_announced(s, rs, seat, before):
            n.draw(seat, ann.penalty, rs)  # the card stays; play goes on (MK-ANN-4, GR-MAU-5)
            _end_turn(n, rs, seat, players)
            return
        n.phase = Phase.OVER
        n.end = EndReason.EMPTY_HAND
        n.winner = seat
        if ann is not None and ann.final_word:
            n.set_call(seat, Call.MAU_MAU)
        n.missed_call = None
        if rs.final_effects and n.pending_draw:
            target = _next_seat(n, seat, 1 + _count(rs, n.turn_plays, "skip"), players)
            n.draw(target, n.pending_draw, rs)
        # The round is over: no effect is left pending (without R_FINAL_CARD_EFFECTS it lapses).
        n.pending_draw = 0
        n.penalty_stack = ()
        n.pending_skip = 0
        return
    # --- more cards in the same turn?
    rest = _present(rs, rest)
    if info.series and rest & rs.rank_mask[card.rank]:
        n.phase = Phase.SERIES
        return
    if rs.wild_finish_series and info.wild and not rest & ~rs.rank_mask[card.rank]:
        n.phase = Phase.SERIES
        return
    _end_turn(n, rs, seat, players)


def _finish_needs_call(mode: str, rs: Ruleset, last: int) -> bool:
    """Whether going out with ``last`` (the hand before the final card) needs a standing call."""
    if mode == "penalty":
        return True
    return mode == "jack_penalty" and bool(last) and not _present(rs, last) & ~rs.wishes_mask


def _finish_announced(s: GameState, rs: Ruleset, seat: int, last: int) -> bool:
    """Whether ``seat`` holds the standing call needed to go out now (R_ANNOUNCE unannounced_finish)."""
    call = s.announced[seat]
    if call is None:
        return bool(s.turn_plays)  # the call of an earlier card of this same series counts
    jack_finish = (bool(last) and rs.announce is not None and bool(rs.announce.jack_word)
                   and not _present(rs, last) & ~rs.wishes_mask)
    return call is (Call.MAU_MAU if jack_finish else Call.MAU)


def _count(rs: Ruleset, cards: tuple[Card, ...], what: str) -> int:
    return sum(1 for c in cards if getattr(rs.info[c], what))


def _end_turn(n: Scratch, rs: Ruleset, seat: int, players: int) -> None:
    """Pass the turn on after the cards in ``n.turn_plays`` (skips, reversals, play-again)."""
    plays = n.turn_plays
    if len(plays) == 1:
        last = rs.info[plays[0]]
        skips = 1 if last.skip else 0
        reverses = 1 if last.reverse else 0
    elif plays:
        last = rs.info[plays[-1]]
        skips = _count(rs, plays, "skip")
        reverses = _count(rs, plays, "reverse")
    else:
        last = _NO_INFO
        skips = reverses = 0
    n.turn_plays = ()
    n.phase = Phase.PLAY
    if reverses % 2:
        n.direction = -n.direction
        if players == 2 and rs.reverse_two_player == "play_again":
            n.seat_to_act = seat
            return
    if last.play_again:
        n.seat_to_act = seat
        return
    if skips and rs.skip_passable:
        n.pending_skip = skips
        n.seat_to_act = _next_seat(n, seat, 1, players)
        return
    n.seat_to_act = _next_seat(n, seat, 1 + skips, players)


def _do_draw(s: GameState, n: Scratch, rs: Ruleset, seat: int) -> None:
    n.fresh = False
    if n.pending_draw:
        skip = any(rs.info[c].penalty_skip for c in n.penalty_stack)
        n.draw(seat, n.pending_draw, rs)
        n.pending_draw = 0
        n.penalty_stack = ()
        n.passes = 0
        if rs.penalty_ends_turn or skip:  # R_DRAW_PENALTY ends_turn, or a draw-and-skip card
            _end_turn(n, rs, seat, s.players)
        return
    got = n.draw(seat, 1, rs)
    demand = s.wished_suit if s.fresh and rs.info.get(s.top_card, _NO_INFO).demands_suit else None
    if demand is not None and s.phase is Phase.PLAY:
        # R_DRAW_UNTIL_SUIT: keep drawing until a card of the demanded suit comes (or nothing is left).
        while got and got[-1].suit is not demand:
            more = n.draw(seat, 1, rs)
            if not more:
                break
            got = got + more
    n.passes = 0
    n.phase = Phase.DRAWN
    n.drawn = got[-1] if got else None


def _do_pass(s: GameState, n: Scratch, rs: Ruleset, seat: int) -> None:
    players = s.players
    n.drawn = None
    if s.phase is Phase.SERIES:
        _end_turn(n, rs, seat, players)
        return
    n.fresh = False
    if s.phase is Phase.DRAWN:
        n.phase = Phase.PLAY
        n.seat_to_act = _next_seat(n, seat, 1, players)
        return
    if n.pending_skip:
        k = n.pending_skip
        n.pending_skip = 0
        n.seat_to_act = _next_seat(n, seat, k, players)
        return
    n.passes += 1
    n.seat_to_act = _next_seat(n, seat, 1, players)
    if n.passes >= players and not _can_draw(s, rs):
        n.phase = Phase.OVER
        n.end = EndReason.BLOCKED


def _finish_by_count(s: GameState, reason: EndReason) -> GameState:
    """End ``s`` with the player holding the fewest cards as winner (a tie: no winner).

    The interrupted turn's state is cleared: no pending draw, penalty stack or skip, no drawn card.
    """
    sizes = [len(h) for h in s.hands]
    low = min(sizes)
    winner = sizes.index(low) if sizes.count(low) == 1 else None
    return GameState(s.variant, s.hands, s.stock, s.discard, s.seat_to_act, s.direction, s.dealer, Phase.OVER,
                     0, (), 0, s.wished_suit, s.any_card, None,
                     s.turn_plays, s.announced, None, s.fresh, s.passes, s.turn, s.rng, winner, reason)


def _wrong_card(s: GameState, rs: Ruleset) -> GameState:
    """R_WRONG_CARD in ``penalize`` mode: the card goes back, the player draws, and the turn ends."""
    n = _scratch(s)
    seat = s.seat_to_act
    _close_window(n, rs, seat, Draw())
    n.draw(seat, rs.wrong_card_penalty, rs)
    n.fresh = False
    n.passes = 0
    if n.pending_draw:  # the pending penalty is not answered by a wrong card: it is drawn too
        n.draw(seat, n.pending_draw, rs)
        n.pending_draw = 0
        n.penalty_stack = ()
    n.pending_skip = 0
    n.phase = Phase.PLAY
    n.seat_to_act = _next_seat(n, seat, 1, s.players)
    return _freeze(n, rs)
