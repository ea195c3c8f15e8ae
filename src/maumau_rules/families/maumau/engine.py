"""The engine: pure functions from (state, move) to a new state, running a variant's compiled plan.

There is one way to find the legal moves (:func:`legal_moves`, from masks over the hand) and one way
to make a move (:func:`apply`): the plan (:class:`~maumau_rules.families.maumau.plan.Plan`) says which cards may
be played, what each card does (its effects) and which policies hold; the engine keeps the turn's
structure (answering pending effects, drawing, passing, series, the end of a round).

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
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any, Final

from ... import rng as _rng
from ...cards import SORT_INDEX, Card, Suit
from ...entropy import seed_or_fresh
from ...errors import ArgumentError, ArgumentTypeError, IllegalMoveError, VariantError, shown
from ...handmask import ORDER as _ORDER
from ...handmask import presence, presence_and_size
from ...i18n import gettext
from ...moves import MAUMAU_MOVE_TYPES, MOVE_TYPES, Call, CallOut, Draw, Move, Pass, Play, not_a_move
from ...reasons import Reason, Verdict
from ...state import Deal, EndReason, StateError, Window, not_a_state
from ...variants import Variant, find_variant
from .effects import WishSuit
from .plan import MAX_REDEALS, CutResult, Plan
from .state import GameState, Phase
from .turn import Turn, end_turn

__all__ = ["apply", "check", "end_turn", "is_legal", "legal_moves", "new_game"]

_chain: Final = chain.from_iterable
_new: Final = object.__new__
_set_attr: Final = object.__setattr__
_DRAW: Final = Draw()
_PASS: Final = Pass()
_PASS_ONLY: Final[tuple[Move, ...]] = (_PASS,)
_DRAW_ONLY: Final[tuple[Move, ...]] = (_DRAW,)
_DRAW_PASS: Final[tuple[Move, ...]] = (_DRAW, _PASS)
_NONE: Final[tuple[Move, ...]] = ()
_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_SERIES: Final = Phase.SERIES
_OVER: Final = Phase.OVER
_FINISHING: Final = Phase.FINISHING


# ====================================================================== setup


def new_game(
    variant: Variant | str,
    players: int,
    seed: int | None = None,
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
        seed: any integer; the same seed always gives the same round. Without one (``None``) the seed comes from
            the operating system's CSPRNG (:func:`~maumau_rules.entropy.fresh_seed`, the library's one use of
            outside randomness), so two unseeded games differ; the state carries the generator state, so the game
            still replays (:func:`~maumau_rules.records.record_from_history`). The shuffle generator is for
            reproducibility, not secrecy: keep the seed on the server, or use :mod:`maumau_rules.fairness`.
        deal: an explicit deal instead of a shuffled one (then ``seed`` only drives later reshuffles).
        dealer: the dealer's seat; by default the variant's R_DEALER rule chooses (without it, seat 0).
        first_player: the seat that plays first; by default the variant's R_TURN_ORDER rule chooses.
        hand_sizes: per-seat hand sizes (for matches where hands shrink); by default R_DEAL decides.
        deck_order: the shuffled deck as it lies face down at a real table, **top card first**; replaces the
            seeded shuffle. It is cut (R_CUT), dealt from the top, then the top card of the rest is turned up as
            the start card and the rest is the stock, drawn from the top: ``deck_order[0]`` is dealt first and,
            without a cut, the first card after the hands is the start card and the next one is the first card
            drawn.
        cut: where the deck is cut (the cut packet is the top ``cut + 1`` cards, put under the rest); by default
            from ``seed``.

    Raises:
        VariantError: the player count is outside the variant's range, or the deal is impossible (also when the
            cut or the draw for the dealer still asks for a new deal after :data:`~maumau_rules.families.maumau.plan.MAX_REDEALS`
            shuffles, which a variant that compiles reaches with a chance below 1e-46).
        StateError: an explicit deal does not hold exactly the variant's deck.
        ArgumentError: ``dealer`` or ``first_player`` is not a seat; ``ArgumentTypeError`` (also a ``TypeError``)
            when ``seed``, ``dealer`` or ``first_player`` is not an integer.

    >>> s = new_game("standard", players=2, seed=5)
    >>> [len(h) for h in s.hands], len(s.stock) + len(s.discard)
    ([6, 6], 20)
    >>> new_game("standard", players=2, seed=5) == s
    True

    A real table's deck, top card first: cut under after the fourth card, dealt one at a time from the dealer's
    left (seat 1 first); the next card is the start card, the one after it the first card drawn:

    >>> from maumau_rules import SKAT_32
    >>> order = SKAT_32.cards()  # 7♣ 8♣ 9♣ 10♣ | J♣ Q♣ K♣ A♣ 7♠ ... A♠ | 7♥ 8♥ ...
    >>> t = new_game("standard", players=2, deck_order=order, cut=3, dealer=0)
    >>> [str(c) for c in t.hands[1][:3]], str(t.top_card), str(t.stock[-1])
    (['J♣', 'K♣', '7♠'], '7♥', '8♥')
    >>> new_game("standard", 2) != new_game("standard", 2)  # no seed: a fresh one from the OS CSPRNG
    True
    """
    v = find_variant(variant)
    seed = seed_or_fresh(seed)
    plan = v.plan
    _check_setup(v, plan, players, dealer, first_player, cut)
    state = _rng.seed_state(seed)
    if deal is not None:
        if not isinstance(deal, Deal):
            raise ArgumentTypeError(gettext("deal {deal} must be a Deal").format(deal=shown(deal)))
        try:
            return _from_deal(v, plan, deal, state)
        except TypeError as exc:  # a Deal built with fields that are not cards, seats or flags
            raise ArgumentTypeError(gettext("deal {deal} cannot be dealt: {why}").format(deal=shown(deal), why=exc)) from None
    if dealer is None:
        dealer, state = plan.dealer.first_dealer(players, plan.deck_cards, state) if plan.dealer else (0, state)
    try:
        sizes = list(hand_sizes) if hand_sizes is not None else [plan.hand_size(players)] * players
    except Exception:
        raise ArgumentTypeError(gettext("hand_sizes {value} must be a sequence of sizes").format(
            value=shown(hand_sizes))) from None
    if len(sizes) != players or any(type(n) is not int or n < 0 for n in sizes):
        raise VariantError(gettext("hand_sizes {value} must give a size for each of {players} seats").format(
            value=shown(hand_sizes), players=players))
    if sum(sizes) + 1 > len(plan.deck_cards):
        raise VariantError(
            gettext("rule R_DEAL: dealing {cards} cards to {players} players needs more than the {size} cards of {deck}")
            .format(cards=sum(sizes), players=players, size=len(plan.deck_cards), deck=v.deck)
        )
    first = _first_player(plan, players, dealer) if first_player is None else first_player % players
    if deck_order is not None:
        try:
            order = tuple(deck_order)
            same = Counter(order) == Counter(plan.deck_cards)
        except Exception:  # not iterable, or items that cannot be hashed or compared
            raise ArgumentTypeError(gettext("deck_order {value} must be a sequence of cards").format(
                value=shown(deck_order))) from None
        if not same:
            raise StateError(gettext("deck_order does not hold exactly the {deck} deck of {variant}").format(
                deck=v.deck, variant=repr(v.id)))
    cutting = plan.cutting
    cutter = dealer if cutting is None else (dealer - 1) % players if cutting.by == "right" else (dealer + 1) % players
    seats = [(first + i * plan.direction) % players for i in range(players)]
    done = _shuffle_and_cut(plan, order if deck_order is not None else None, state, cut)
    hands, rest = plan.dealing.deal(done.pile, seats, sizes, cutter, done.kept)
    if deck_order is not None:
        rest.reverse()  # the pile left after the deal becomes the stock, drawn from its end: its top card last
    start = done.start
    if start is None:
        start = plan.start_card.turn_up(rest) if plan.start_card is not None else rest.pop()
    return _opening(v, plan, hands, rest, (start,), dealer, first, done.rng, start_effects=True)


def _check_setup(v: Variant, plan: Plan, players: object, dealer: object, first_player: object,
                 cut: object) -> None:
    """Refuse a player count, a dealer, a first player or a cut that does not fit the variant (see
    :func:`new_game`)."""
    if type(players) is not int:
        raise ArgumentTypeError(gettext("players {value} must be an integer (the number of seats)").format(
            value=shown(players)))
    if not plan.min_players <= players <= plan.max_players:
        raise VariantError(gettext("variant {variant} is for {lo}-{hi} players, not {players}").format(
            variant=repr(v.id), lo=plan.min_players, hi=plan.max_players, players=shown(players)))
    for name, seat in (("dealer", dealer), ("first_player", first_player)):
        if seat is not None:
            if type(seat) is not int:
                raise ArgumentTypeError(gettext("{name} {seat} must be a seat number (an integer)").format(
                    name=name, seat=shown(seat)))
            if not 0 <= seat < players:
                raise ArgumentError(gettext("{name} {seat} is not a seat of a game of {players} players").format(
                    name=name, seat=shown(seat), players=players))
    if cut is not None and not (type(cut) is int and 0 <= cut < len(plan.deck_cards) - 1):
        raise StateError(gettext("cut {cut} must be between 0 and {high}").format(cut=shown(cut),
                                                                               high=len(plan.deck_cards) - 2))


def _shuffle_and_cut(plan: Plan, order: tuple[Card, ...] | None, state: int, cut: int | None) -> CutResult:
    """The deck shuffled from ``state`` (or the table's ``order``) and cut (R_CUT), shuffled again while the cut asks
    for a new deal."""
    cutting = plan.cutting
    for _ in range(MAX_REDEALS):
        if order is not None:
            pile = order
        else:
            pile, state = _rng.shuffle(plan.deck_cards, state)
        done = cutting.cut(pile, state, cut) if cutting is not None else CutResult(pile, (), None, state)
        if done is not None:
            return done
        if order is not None:
            raise StateError(gettext("deck_order and cut give a redeal (R_CUT): one special card too many was cut"))
        state = _rng.next_u64(state)[1]  # a redeal (R_CUT): shuffle again
    raise VariantError(gettext("rule R_CUT: no deal after {n} redeals (the cut keeps asking for a new deal)").format(
        n=MAX_REDEALS))


def _first_player(plan: Plan, players: int, dealer: int) -> int:
    order = plan.turn_order
    return order.first(dealer, players) if order is not None else (dealer + 1) % players


def _from_deal(v: Variant, plan: Plan, deal: Deal, state: int) -> GameState:
    players = len(deal.hands)
    if not plan.min_players <= players <= plan.max_players:
        raise VariantError(gettext("variant {variant} is for {lo}-{hi} players, not {players}").format(
            variant=repr(v.id), lo=plan.min_players, hi=plan.max_players, players=players))
    if not deal.discard:
        raise StateError(gettext("explicit deal needs at least one card on the discard pile (the start card)"))
    have: Counter[Card] = Counter(deal.stock)
    have.update(deal.discard)
    for h in deal.hands:
        have.update(h)
    want = Counter(plan.deck_cards)
    if have != want:
        missing = sorted((want - have).elements(), key=lambda c: c.sort_key)
        extra = sorted((have - want).elements(), key=lambda c: c.sort_key)
        raise StateError(
            gettext("explicit deal does not hold exactly the {deck} deck of {variant}: missing {missing}, extra {extra}")
            .format(deck=v.deck, variant=repr(v.id), missing=" ".join(map(str, missing)) or gettext("nothing"),
                    extra=" ".join(map(str, extra)) or gettext("nothing"))
        )
    dealer = deal.dealer % players
    first = _first_player(plan, players, dealer) if deal.first_player is None else deal.first_player % players
    return _opening(v, plan, [list(h) for h in deal.hands], list(deal.stock), deal.discard, dealer, first, state,
                    start_effects=deal.start_effects)


def _opening(
    v: Variant, plan: Plan, hands: list[list[Card]], stock: list[Card], discard: tuple[Card, ...],
    dealer: int, first: int, state: int, *, start_effects: bool,
) -> GameState:
    """The state before the first move: the start card's effects act on the first player (R_START_CARD).

    The hands must hold cards of the variant's deck (the callers deal them from it, or check an explicit deal).
    """
    hm = 0
    for seat, hand in enumerate(hands):
        unit = plan.seat_unit[seat]
        for card in hand:
            hm += unit[card]
    f: dict[str, Any] = {
        "variant": v, "stock": tuple(stock), "discard": tuple(discard), "seat_to_act": first,
        "direction": plan.direction, "dealer": dealer, "phase": Phase.PLAY, "pending_draw": 0, "penalty_stack": (),
        "pending_skip": 0, "wished_suit": None, "any_card": False, "drawn": None, "turn_plays": (),
        "announced": (None,) * len(hands), "missed_calls": (), "fresh": False, "passes": 0, "turn": 0, "rng": state,
        "winner": None, "end": None, "_hm": hm, "is_over": False,
    }
    top = discard[-1]
    effects = plan.starting.get(top, ())
    if effects:
        t = _turn(f, plan, first, None, top)
        acts = start_effects and plan.start_card is not None and plan.start_card.effects
        for effect in effects:
            effect.at_start(t, acts)
    return _settle(_shell(f), plan)


_SORT_INDEX: Final = SORT_INDEX.__getitem__


# ====================================================================== legal moves


def legal_moves(state: GameState, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move of ``player`` (default: the seat to act), sorted and stable (plays by card, then draw,
    pass, call-outs).

    A seat that is not to act has moves only while a window is open for it: a call-out of a player who missed a
    call (R_ANNOUNCE), before the window closes (see :func:`open_windows`). The seat to act's moves are part of
    the state: they are found once, when the state is made.

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`~maumau_rules.families.maumau.state.GameState`, or ``player`` is not an
            integer (a seat number; one that is not a seat of the game has no moves).

    >>> s = new_game("standard", players=3, seed=42)
    >>> all(check(s, m).ok for m in legal_moves(s)), legal_moves(s, player=(s.seat_to_act + 1) % 3)
    (True, ())
    >>> legal_moves(s, 1.0)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentTypeError: player 1.0 must be a seat number (an integer)
    """
    if player is None:
        try:
            return state._legal  # type: ignore[no-any-return]
        except AttributeError:
            raise not_a_state(state) from None
    if type(player) is not int:
        if type(state) is not GameState:
            raise not_a_state(state)
        raise ArgumentTypeError(gettext("{name} {seat} must be a seat number (an integer)").format(
            name="player", seat=shown(player)))
    if type(state) is not GameState:
        raise not_a_state(state)
    if player == state.seat_to_act:
        return state._legal  # type: ignore[no-any-return]
    return _interjections(state, player)


def _interjections(state: GameState, player: object) -> tuple[Move, ...]:
    """The moves of a seat that is not to act: call-outs of the other seats with an open window."""
    f = state.__dict__
    if f["end"] is not None or type(player) is not int or not 0 <= player < len(f["announced"]):
        return _NONE
    targets = f["missed_calls"]
    if f["phase"] is _FINISHING:
        targets = (*targets, state.finisher)
    elif not targets:  # no window is open (the common case)
        return _NONE
    return _callouts(f["variant"]._plan, targets, player)


def _callouts(plan: Plan, targets: Iterable[int], seat: int) -> tuple[Move, ...]:
    """The call-outs ``seat`` may make of the seats ``targets`` (missed calls, a finisher): one a seat, in seat
    order, none of itself (a finisher whose missed call is open too is answered by the one call-out)."""
    return tuple(plan.callouts[p] for p in sorted(set(targets)) if p != seat)


def open_windows(state: GameState) -> tuple[Window, ...]:
    """The windows open in ``state``: who can be called out, by whom, under which rule, and until when. Raises ``ArgumentTypeError`` when ``state`` is not a game state.

    >>> from maumau_rules import Deal, parse_cards, Play, SKAT_32
    >>> hands = (parse_cards("9h Qh 10c"), parse_cards("9c Qc Ac"))
    >>> rest = [c for c in SKAT_32.cards() if c not in hands[0] + hands[1] + parse_cards("10h")]
    >>> deal = Deal(hands=hands, stock=tuple(rest), discard=parse_cards("10h"), first_player=0)
    >>> s = new_game("standard", 2, deal=deal)
    >>> s = apply(apply(s, Play(parse_cards("9h")[0])), Play(parse_cards("9c")[0]))
    >>> s = apply(s, Play(parse_cards("10c")[0]))  # two cards, one left: "Mau" was due and not said
    >>> [(w.kind, w.offender, w.seats, w.closes) for w in open_windows(s)]
    [('missed_call', 0, (1,), 'next_player')]
    """
    if type(state) is not GameState:
        raise not_a_state(state)
    f = state.__dict__
    if not f["missed_calls"] and f["phase"] is not _FINISHING:  # the common case: nothing to call out
        return ()
    plan = state.variant.plan
    ann = plan.announcer
    if ann is None or state.end is not None:
        return ()
    players = range(state.players)
    out = [Window("missed_call", seat, tuple(p for p in players if p != seat), ann.window)
           for seat in state.missed_calls]
    finisher = state.finisher
    if finisher is not None:
        out.append(Window("unannounced_finish", finisher, tuple(p for p in players if p != finisher), "decision"))
    return tuple(out)


def call_mistake(variant: Variant | str, hand: Sequence[Card], card: Card, call: Call | None) -> Call | None:
    """The call that was due, when playing ``card`` from ``hand`` saying ``call`` is a mistake the table sees at once
    (R_ANNOUNCE): nothing said with the play that leaves one card, or the one-card word with a play that leaves more.
    ``None`` otherwise: a right call, no call due, or a word whose rightness depends on the cards kept (the other
    players learn it when the card is shown, at the finish).

    Raises:
        VariantError: ``variant`` names no variant. ``ArgumentTypeError``: ``hand`` or ``card`` holds no cards.

    >>> from maumau_rules import parse_cards
    >>> h = parse_cards("7h Jc")
    >>> call_mistake("classic", h, h[0], None), call_mistake("classic", h, h[0], Call.MAU)
    (<Call.MAU_MAU: 'maumau'>, None)
    """
    due = call_due(variant, hand, card)
    ann = find_variant(variant).plan.announcer
    if due is None or ann is None or not ann.seen_mistake(len(tuple(hand)), call):
        return None
    return due


def call_due(variant: Variant | str, hand: Sequence[Card], card: Card) -> Call | None:
    """The call due when ``card`` is played from ``hand`` in ``variant`` (R_ANNOUNCE), or ``None``.

    Bots and interfaces use it to say the right word; saying another, or nothing, is a legal mistake.

    Raises:
        VariantError: ``variant`` names no variant. ``ArgumentTypeError``: ``hand`` or ``card`` holds no cards.

    >>> from maumau_rules import parse_cards
    >>> call_due("greek-150", parse_cards("7h Jc"), parse_cards("7h")[0]), call_due("standard", parse_cards("7h Jc 8c"), parse_cards("7h")[0])
    (<Call.MAU_MAU: 'maumau'>, None)
    """
    v = find_variant(variant)
    if v.family != "maumau":
        return None  # trick games have no calls
    if type(card) is not Card:
        raise ArgumentTypeError(gettext("{card} is not a card").format(card=shown(card)))
    try:
        held = tuple(hand)
    except TypeError:
        held = None
    if held is None or any(type(c) is not Card for c in held):
        raise ArgumentTypeError(gettext("hand {hand} must be a sequence of cards").format(hand=shown(hand)))
    plan = v.plan
    ann = plan.announcer
    if ann is None or card not in held:
        return None
    hand = held
    try:
        hm = sum(plan.unit[c] for c in hand)
    except KeyError:
        return None
    return (None, Call.MAU, Call.MAU_MAU)[ann.due(plan, hm, card, len(hand))]


def moves_of(f: dict[str, Any], plan: Plan | None = None) -> tuple[Move, ...]:
    """The legal moves of a state given by its fields (see :func:`_moves`, the engine's one move generator).

    >>> s = new_game("standard", players=3, seed=42)
    >>> moves_of(s.__dict__) == legal_moves(s)
    True
    """
    if f["end"] is not None:
        return _NONE
    return _moves(_shell(f), f["variant"]._plan if plan is None else plan)


def _moves(s: GameState, plan: Plan) -> tuple[Move, ...]:
    """The legal moves of the seat to act in ``s`` (a round that goes on): the engine's one move generator.

    Which cards may be played is a mask over the hand: the plan's legality table for the lead (the top card,
    a wished suit, or any card), narrowed by what the turn demands (answer a pending draw or skip, the drawn
    card, a series) and by the cards that may not finish; then draw and pass as the draw policy says. Call-outs
    follow while a window is open. (It reads the state's attributes, which costs less than reading its fields
    by key: this runs once per move.)
    """
    seat = s.seat_to_act
    hm = (s._hm >> plan.shifts[seat]) & plan.seat_full
    if s.any_card:
        code = plan.free_first_code if s.turn == 0 else plan.free_code
    else:
        code = plan.wish_code[id(s.wished_suit)]
    discard = s.discard
    fit = plan.fit[code + s.fresh][discard[-1]]
    phase = s.phase
    if phase is _PLAY and not s.pending_draw and not s.pending_skip:  # the start of a turn
        can_draw = plan.can_draw_at_all and bool(s.stock or (plan.reshuffle and len(discard) > 1))
        if plan.quick_hands and hm.bit_count() > 2:  # no call can be due and the hand is its own presence mask
            playable = hm & fit
            key = playable << 2 | plan.tails[playable != 0][can_draw]
            out = plan.memo_get(key)
            if out is None:
                out = _remember(plan, key)
        else:
            out = _start_moves(plan, hm, fit, can_draw)
    elif phase is _DRAWN:  # after a draw
        can_draw = plan.can_draw_at_all and bool(s.stock or (plan.reshuffle and len(discard) > 1))
        drawn = s.drawn
        if drawn is not None and plan.drawn_only and plan.quick_hands and hm.bit_count() > 2:
            # no call can be due and the hand is its own presence mask: the drawn card if it fits, then pass (or
            # draw on, until_playable, when it does not fit)
            unit = plan.unit[drawn]
            key = (hm & fit & unit) << 2 | (_TAIL_DRAW if plan.until_playable and can_draw and not fit & unit
                                            else _TAIL_PASS)
            out = plan.memo_get(key)
            if out is None:
                out = _remember(plan, key)
        else:
            out = _drawn_moves(plan, hm, fit, drawn, can_draw)
    elif phase is _FINISHING:
        return _finishing_moves(plan, s, seat)
    else:
        out = _answer_moves(plan, hm, fit, s)
    missed = s.missed_calls
    if missed and (len(missed) > 1 or missed[0] != seat):
        return (*out, *_callouts(plan, missed, seat))
    return out


def _finishing_moves(plan: Plan, s: GameState, seat: int) -> tuple[Move, ...]:
    """The moves while a player who went out without his call waits (R_ANNOUNCE): let the win stand, or call the
    finisher out (and anyone else with an open window)."""
    finisher = next(p for p in range(len(s.announced)) if not (s._hm >> plan.shifts[p]) & plan.seat_full)
    return (_PASS, *_callouts(plan, (*s.missed_calls, finisher), seat))


def _start_moves(plan: Plan, hm: int, fit: int, can_draw: bool) -> tuple[Move, ...]:
    """The moves at the start of a turn with nothing pending, from a hand ``hm`` where a call may be due or that is not
    its own presence mask (:func:`moves_of` lists the others): the cards in ``fit`` (R_NO_FINISH aside), then draw
    and pass as the draw policy says."""
    present, n = presence_and_size(hm, plan.width, plan.low)
    playable = present & fit
    if n == 1:
        playable &= ~plan.no_finish_mask
    return _listed(plan, hm, present, n, playable, plan.tails[playable != 0][can_draw])


def _drawn_moves(plan: Plan, hm: int, fit: int, drawn: Card | None, can_draw: bool) -> tuple[Move, ...]:
    """The moves after a draw (R_DRAW ``after_draw``) from a hand ``hm`` that :func:`moves_of` does not list itself:
    the drawn card or any card that fits, then pass (or draw on, ``until_playable``, when the drawn card cannot be
    played)."""
    present, n = presence_and_size(hm, plan.width, plan.low)
    if plan.after_draw_none or drawn is None:
        playable = 0
    else:
        playable = present & fit & plan.unit[drawn] if plan.drawn_only else present & fit
        if n == 1:  # R_NO_FINISH, before asking whether the drawn card can be played
            playable &= ~plan.no_finish_mask
    tail = (_TAIL_DRAW if plan.until_playable and drawn is not None and not playable & plan.unit[drawn] and can_draw
            else _TAIL_PASS)
    return _listed(plan, hm, present, n, playable, tail)


def _answer_moves(plan: Plan, hm: int, fit: int, s: GameState) -> tuple[Move, ...]:
    """The moves that answer a pending draw (R_DRAW_PENALTY) or skip (R_SKIP), or continue a series."""
    top = s.discard[-1]
    if plan.quick_hands and s.pending_draw and s.phase is not _SERIES and hm.bit_count() > 2:
        # no call can be due and the hand is its own presence mask: stack a penalty card, or draw
        key = (hm & (plan.answer_cancel | (plan.answer_fit[top] & fit))) << 2 | _TAIL_DRAW
        out = plan.memo_get(key)
        return out if out is not None else _remember(plan, key)
    present, n = presence_and_size(hm, plan.width, plan.low)
    if s.phase is _SERIES:
        first = s.turn_plays[0]
        playable = 0
        for _, _, follows in plan.series_hooks:
            playable |= follows(plan, first, top, present)
        playable &= present
        tail = _TAIL_PASS
    elif s.pending_draw:
        playable = present & (plan.answer_cancel | (plan.answer_fit[top] & fit))
        tail = _TAIL_DRAW
    else:
        playable = present & plan.skip_answers & fit
        tail = _TAIL_PASS
    if n == 1:
        playable &= ~plan.no_finish_mask
    return _listed(plan, hm, present, n, playable, tail)


def _listed(plan: Plan, hm: int, present: int, n: int, playable: int, tail: int) -> tuple[Move, ...]:
    """The plays of the ``playable`` cards of hand ``hm`` (``present``: its presence mask, ``n`` cards), each with
    the call due (R_ANNOUNCE), then the tail's draw and pass; memoised when no call can be due."""
    mode = plan.call_mode
    if not mode or (n != 2 and (mode == 1 or n < 2 or _two(present & ~plan.wishes_mask))):
        key = playable << 2 | tail
        out = plan.memo_get(key)
        return out if out is not None else _remember(plan, key)
    return (*_plays(plan, hm, n, _cards(plan, playable)), *_TAILS[tail])


def _remember(plan: Plan, key: int) -> tuple[Move, ...]:
    """The moves of a memo key (the playable cards' mask and the tail code), remembered in the plan's memo."""
    return plan.memo.put(key, (*_chain(map(plan.plays_plain.__getitem__, _cards(plan, key >> 2))), *_TAILS[key & 3]))


_TAIL_NONE: Final = 0
_TAIL_PASS: Final = 1
_TAIL_DRAW: Final = 2
_TAIL_DRAW_PASS: Final = 3
_TAILS: Final[tuple[tuple[Move, ...], ...]] = (_NONE, _PASS_ONLY, _DRAW_ONLY, _DRAW_PASS)
"""Draw and pass after the plays, by tail code."""


def _two(mask: int) -> bool:
    """Whether a presence mask holds two cards or more."""
    return bool(mask & (mask - 1))


def _cards(plan: Plan, mask: int) -> list[Card]:
    """The distinct cards of a presence mask, in hand order."""
    out: list[Card] = []
    width = plan.width
    order = _ORDER
    while mask:
        low = mask & -mask
        out.append(order[(low.bit_length() - 1) // width])
        mask ^= low
    return out


def _plays(plan: Plan, hm: int, n: int, playable: list[Card]) -> list[Move]:
    """Every :class:`Play` of the ``playable`` cards of hand ``hm`` (``n`` cards): each wish, with and without the
    call due (R_ANNOUNCE)."""
    plays = plan.plays
    ann = plan.announcer
    out: list[Move] = []
    for card in playable:
        out += plays[card][ann.due(plan, hm, card, n) if ann is not None else 0]
    return out


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal for the player to act.

    >>> s = new_game("standard", players=2, seed=3)
    >>> is_legal(s, Draw()), is_legal(s, Pass())
    (True, False)
    """
    moves = legal_moves(state)
    for m in moves:  # the moves legal_moves handed out are found by identity
        if m is move:
            return True
    if type(move) not in _MOVE_TYPES:  # (a subclass could compare equal to a legal move, or raise)
        return False
    return move in frozenset(moves)  # an equal move made elsewhere (parsed, deserialised): compare by value


# ====================================================================== verdicts


def check(state: GameState, move: Move, *, player: int | None = None,
          turn: int | None = None) -> Verdict:
    """Judge ``move`` without applying it: a :class:`~maumau_rules.reasons.Verdict` with reason and rule ID.

    Args:
        state: the current state.
        move: the move to judge.
        player: the seat the move comes from (a server passes the client's seat); default: the seat to act. A
            seat that is not to act may move only inside an open window (a call-out, see :func:`open_windows`).
        turn: the state version the client saw (``state.turn``); a different value is a stale move.

    It never raises, whatever objects it is given: a move that is not a move of this library (or a subclass of
    one) is ``not_a_move``, a ``player`` or ``turn`` that is not an integer is ``not_your_turn`` or
    ``stale_state``, and something that is not a game state is ``not_a_move`` too.

    >>> s = new_game("standard", players=3, seed=42)
    >>> v = check(s, Pass())
    >>> v.ok, v.reason.value, v.rule_id
    (False, 'pass_not_allowed', 'R_DRAW')
    >>> check(s, Pass(), turn=10 ** 5000).message
    "move 'pass' was made against turn <an integer of 16610 bits>, but the game is at turn 0"
    """
    if type(state) is not GameState:
        return Verdict.reject(Reason.NOT_A_MOVE, "R_MATCH", f"{shown(state)} is not a game state: no move fits it")
    if turn is not None and (type(turn) is not int or turn != state.turn):
        return Verdict.reject(Reason.STALE_STATE, "R_TURN_ORDER", f"move {_show(move)} was made against turn "
                              f"{shown(turn)}, but the game is at turn {state.turn}")
    if state.end is not None:
        return Verdict.reject(Reason.GAME_OVER, "R_BLOCKED_END" if state.end is EndReason.BLOCKED else
                              ("R_TURN_LIMIT" if state.end is EndReason.TURN_LIMIT else "R_MATCH"),
                              f"illegal move {_show(move)}: the round is over")
    if player is not None and (type(player) is not int or not 0 <= player < state.players):
        return Verdict.reject(Reason.NOT_YOUR_TURN, "R_TURN_ORDER",
                              f"illegal move {_show(move)} by player {shown(player)}: not a seat of this game")
    try:
        if player is not None and player != state.seat_to_act:
            if move in _interjections(state, player):
                return Verdict.accept()
            if type(move) is CallOut:
                return _explain_callout(state, move, player)
            return Verdict.reject(Reason.NOT_YOUR_TURN, "R_TURN_ORDER", f"illegal move {_show(move)} by player "
                                  f"{player}: it is player {state.seat_to_act}'s turn")
        if is_legal(state, move):
            return Verdict.accept()
        if type(move) not in _MOVE_TYPES:
            return Verdict.reject(Reason.NOT_A_MOVE, "R_MATCH", not_a_move(move))
        return _explain(state, move)
    except Exception:  # a move forged past its constructor's checks, whose fields raise when hashed or compared
        return Verdict.reject(Reason.NOT_A_MOVE, "R_MATCH", f"{_show(move)} is not a move that can be judged")


_MOVE_TYPES: Final = MAUMAU_MOVE_TYPES


def _show(move: object) -> str:
    if type(move) in _MOVE_TYPES:
        try:
            return repr(str(move))
        except Exception:  # a forged move (fields set past the constructor's checks)
            return f"<a forged {type(move).__name__}>"
    return shown(move)


def _hand(s: GameState, plan: Plan, seat: int) -> int:
    return (s._hm >> plan.shifts[seat]) & plan.seat_full


def _present(plan: Plan, hm: int) -> int:
    return hm if plan.width == 1 else presence(hm, plan.width, plan.low)


def _can_draw(s: GameState, plan: Plan) -> bool:
    return plan.can_draw_at_all and bool(s.stock or (plan.reshuffle and len(s.discard) > 1))


def _lead_of(s: GameState, plan: Plan) -> Any:
    return plan.lead(s.discard[-1], s.wished_suit, s.any_card, s.fresh, s.turn == 0)


def _why_not_playable(s: GameState, plan: Plan, card: Card, hm: int) -> Verdict | None:
    """Why ``card`` (held) cannot be played now, or ``None``: the turn's constraints, then the legality hooks."""
    top = s.discard[-1]
    lead = _lead_of(s, plan)
    code = (plan.free_first_code if s.turn == 0 else plan.free_code) if s.any_card else plan.wish_code[id(s.wished_suit)]
    fit = plan.fit[code + s.fresh][top]
    unit = plan.unit[card]
    present, n = presence_and_size(hm, plan.width, plan.low)
    if s.phase is _SERIES:
        first = s.turn_plays[0]
        follows = 0
        for _, _, hook in plan.series_hooks:
            follows |= hook(plan, first, top, present)
        if not follows & unit:
            if card.rank is first.rank and plan.wild_mask & unit:
                return Verdict.reject(Reason.WILD_ON_WILD, "R_WILD",
                                      f"{card} may not be played on {top}: no wild on a wild of the same rank")
            rule = plan.series_hooks[0][0] if plan.series_hooks else "R_SERIES"
            return Verdict.reject(Reason.MUST_CONTINUE_SERIES, rule,
                                  f"{card} cannot continue the series of {first.rank.symbol}s")
    elif s.phase is _DRAWN:
        if plan.after_draw_none:
            return Verdict.reject(Reason.MUST_PLAY_DRAWN, "R_DRAW", f"{card}: after drawing the turn ends; pass")
        if plan.drawn_only and card is not s.drawn:
            return Verdict.reject(Reason.MUST_PLAY_DRAWN, "R_DRAW",
                                  f"{card}: after drawing only the drawn card {s.drawn} may be played")
        if not fit & unit:
            why = plan.why_not(card, lead)
            return Verdict.reject(why.reason, why.rule_id, why.message)
    elif s.pending_draw:
        if not (plan.answer_cancel | (plan.answer_fit[top] & fit)) & unit:
            if plan.answers_some_draw:
                return Verdict.reject(Reason.MUST_ANSWER_DRAW, "R_DRAW_PENALTY",
                                      f"{card} does not answer the pending draw (+{s.pending_draw}): "
                                      "stack a penalty card or draw")
            return Verdict.reject(Reason.MUST_ANSWER_DRAW, "R_DRAW_PENALTY",  # (nothing stacks in this variant)
                                  f"{card} may not be played on the pending draw (+{s.pending_draw}): draw the cards")
    elif s.pending_skip:
        if not plan.skip_answers & fit & unit:
            return Verdict.reject(Reason.MUST_ANSWER_SKIP, "R_SKIP",
                                  f"{card} does not answer the pending skip: play a skip card or pass")
    elif not fit & unit:
        why = plan.why_not(card, lead)
        return Verdict.reject(why.reason, why.rule_id, why.message)
    if n == 1 and plan.no_finish_mask & unit:
        return Verdict.reject(Reason.FINISH_FORBIDDEN, plan.no_finish_rules.get(card, "R_NO_FINISH"),
                              f"{card} may not be played as the last card")
    return None


def _explain(s: GameState, move: Move) -> Verdict:
    """The reason an illegal move is illegal (only called for rejected moves)."""
    plan = s.variant.plan
    seat = s.seat_to_act
    who = f"illegal move {_show(move)} by player {seat}"
    if s.phase is _FINISHING and not isinstance(move, CallOut):
        return Verdict.reject(Reason.NOT_A_MOVE if not isinstance(move, Play | Draw | Pass) else Reason.MUST_DECIDE_FINISH,
                              "R_ANNOUNCE", f"{who}: player {s.finisher} went out without the call he needed: "
                              f"call him out ('callout {s.finisher}') or let the win stand ('pass')")
    if isinstance(move, Play):
        return _explain_play(s, plan, move, seat, who)
    if isinstance(move, Draw):
        return _explain_draw(s, plan, who)
    if isinstance(move, Pass):
        return _explain_pass(s, plan, who)
    if isinstance(move, CallOut):
        return _explain_callout(s, move, seat)
    return Verdict.reject(Reason.NOT_A_MOVE, "R_MATCH", f"{_show(move)} is not a move")


def _explain_play(s: GameState, plan: Plan, move: Play, seat: int, who: str) -> Verdict:
    """Why the play ``move`` by ``seat`` is illegal: not a card of the deck or of his hand, a card that may not be
    played now, a wish or a call that does not fit."""
    card = move.card
    if not isinstance(card, Card):
        return Verdict.reject(Reason.NOT_A_MOVE, "R_MATCH", f"{who}: {card!r} is not a card")
    if not plan.masks.has(plan.masks.all, card):
        return Verdict.reject(Reason.WRONG_VARIANT, "R_DEAL",
                              f"{who}: {card} is not a card of the {s.variant.deck} deck of {s.variant.id!r}")
    hm = _hand(s, plan, seat)
    if not _present(plan, hm) & plan.unit[card]:
        return Verdict.reject(Reason.CARD_NOT_IN_HAND, "R_MATCH", f"{who}: player {seat} does not hold {card}")
    bad = _why_not_playable(s, plan, card, hm)
    if bad is not None:
        return Verdict.reject(bad.reason, bad.rule_id, f"{who}: {bad.message}")
    wisher = next((e for e in plan.played[card] if isinstance(e, WishSuit)), None)
    wish_rule = wisher.rule_id if wisher is not None else "R_WILD"
    if wisher is not None and move.wish is None:
        return Verdict.reject(Reason.WISH_REQUIRED, wish_rule,
                              f"{who}: {card} needs a wished suit, e.g. '{card.ascii}>h'")
    if wisher is None and move.wish is not None:
        return Verdict.reject(Reason.WISH_NOT_ALLOWED, wish_rule, f"{who}: {card} does not name a suit")
    if move.wish is not None and (not isinstance(move.wish, Suit) or move.wish.is_spanish):
        return Verdict.reject(Reason.WISH_NOT_ALLOWED, wish_rule, f"{who}: {move.wish!r} is not a suit to wish")
    if wisher is not None and move.wish is card.suit and not wisher.own_suit:
        return Verdict.reject(Reason.WISH_NOT_ALLOWED, wish_rule,
                              f"{who}: the wild card's own suit may not be wished")
    ann = plan.announcer
    due_index = ann.due(plan, hm, card, _size(plan, hm)) if ann is not None else 0
    due = (None, Call.MAU, Call.MAU_MAU)[due_index]
    if ann is None:
        return Verdict.reject(Reason.CALL_NOT_DUE, "R_ANNOUNCE", f"{who}: this variant has no calls")
    if move.call is not None and due is None:
        return Verdict.reject(Reason.CALL_NOT_DUE, "R_ANNOUNCE",
                              f"{who}: no call is due with this play (the call goes with the play that leaves "
                              f"{'only Jacks or ' if ann.call_mode == 2 else ''}one card)")
    return Verdict.reject(Reason.CALL_NOT_DUE, "R_ANNOUNCE",
                          f"{who}: {shown(getattr(move.call, 'value', move.call))} is not a call of this variant "
                          "(its call is "
                          f"'{ann.word}')")


def _explain_draw(s: GameState, plan: Plan, who: str) -> Verdict:
    """Why drawing is illegal now."""
    if s.phase is Phase.DRAWN:
        if plan.until_playable:
            return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_DRAW",
                                  f"{who}: the drawn card can be played, or nothing is left to draw")
        return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_DRAW", f"{who}: only one card may be drawn per turn")
    if s.phase is Phase.SERIES:
        return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_SERIES", f"{who}: continue the series or pass")
    if s.pending_skip:
        return Verdict.reject(Reason.MUST_ANSWER_SKIP, "R_SKIP",
                              f"{who}: a skip is pending: play a skip card or pass")
    if not plan.can_draw_at_all:
        return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_DRAW",
                              f"{who}: this variant has no drawing (no rule R_DRAW); pass")
    if not _can_draw(s, plan):
        return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_BLOCKED_END", f"{who}: there is no card left to draw")
    return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_DRAW",
                          f"{who}: drawing is not allowed while a card can be played")


def _explain_pass(s: GameState, plan: Plan, who: str) -> Verdict:
    """Why passing is illegal now."""
    if s.phase is Phase.DRAWN:
        return Verdict.reject(Reason.PASS_NOT_ALLOWED, "R_DRAW",
                              f"{who}: the drawn card {s.drawn} cannot be played: draw again")
    if s.pending_draw:
        return Verdict.reject(Reason.MUST_ANSWER_DRAW, "R_DRAW_PENALTY",
                              f"{who}: must answer the pending draw (+{s.pending_draw})")
    if s.phase is Phase.PLAY and not _can_draw(s, plan):
        return Verdict.reject(Reason.PASS_NOT_ALLOWED, "R_BLOCKED_END",
                              f"{who}: nothing can be drawn, and a player who can play must play")
    return Verdict.reject(Reason.PASS_NOT_ALLOWED, "R_DRAW",
                          f"{who}: play a card or draw; passing is not allowed now")


def _explain_callout(s: GameState, move: CallOut, seat: int) -> Verdict:
    """Why ``seat`` may not call out ``move.seat`` now."""
    who = f"illegal move {_show(move)} by player {seat}"
    target = move.seat
    if s.variant.plan.announcer is None:
        return Verdict.reject(Reason.NOTHING_TO_CALL_OUT, "R_ANNOUNCE", f"{who}: this variant has no calls")
    if target == seat:
        return Verdict.reject(Reason.NOTHING_TO_CALL_OUT, "R_ANNOUNCE", f"{who}: a player cannot call himself out")
    if target >= s.players:
        return Verdict.reject(Reason.NOTHING_TO_CALL_OUT, "R_ANNOUNCE", f"{who}: there is no player {target}")
    return Verdict.reject(Reason.NOTHING_TO_CALL_OUT, "R_ANNOUNCE",
                          f"{who}: player {target} made every call that was due, or the window to call him out "
                          f"has closed")


def _size(plan: Plan, hm: int) -> int:
    return presence_and_size(hm, plan.width, plan.low)[1]


# ====================================================================== transitions


def apply(state: GameState, move: Move, player: int | None = None, turn: int | None = None) -> GameState:
    """Validate ``move`` and return the next state. ``state`` is never changed.

    Args:
        state: the current state.
        move: the move.
        player: the seat the move comes from (default: the seat to act).
        turn: the state version the client saw; a mismatch is rejected as stale.

    Raises:
        IllegalMoveError: the move is illegal; it carries the verdict (reason code, rule ID, message).
        ArgumentTypeError: ``state`` is not a :class:`~maumau_rules.families.maumau.state.GameState`, or ``move`` is not a move
            (text is read with :func:`~maumau_rules.moves.parse_move` first; :func:`check` judges anything).

    >>> s = new_game("standard", players=2, seed=3)
    >>> apply(s, Pass())
    Traceback (most recent call last):
    ...
    maumau_rules.errors.IllegalMoveError: illegal move 'pass' by player ...: play a card or draw; passing is not allowed now
    >>> apply(s, "draw")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentTypeError: 'draw' is text, not a move: read it with parse_move('draw')
    """
    if type(state) is not GameState:
        raise not_a_state(state)
    if turn is None and player is None:
        for m in state._legal:  # a move handed out by legal_moves: legal, found by identity
            if m is move:
                return _transition(state, move)
    if type(move) not in MOVE_TYPES:
        raise ArgumentTypeError(not_a_move(move))
    if turn is None and type(player) is int and player == state.seat_to_act:
        player = None  # the seat to act: nothing more to check than without ``player``
    elif type(player) is int and player != state.seat_to_act:  # an interjection inside an open window
        verdict = check(state, move, player=player, turn=turn)
        if not verdict.ok:
            raise IllegalMoveError(verdict)
        return _transition(state, move, player)
    if turn is not None or player is not None or not is_legal(state, move):
        verdict = check(state, move, player=player, turn=turn)
        if not verdict.ok:
            plan = state.variant.plan
            if (plan.wrong_card is not None and isinstance(move, Play) and verdict.reason in _WRONG_CARD_REASONS
                    and state.phase is Phase.PLAY):
                t = Turn.scratch(state)
                if plan.announcer is not None and t.missed_calls:
                    plan.announcer.close_window(t, t.seat, _DRAW)
                plan.wrong_card(t)
                return _freeze(t)
            raise IllegalMoveError(verdict)
    return _transition(state, move)


_WRONG_CARD_REASONS: Final = frozenset({Reason.DOES_NOT_MATCH, Reason.MUST_FOLLOW_WISH, Reason.WILD_ON_WILD,
                                        Reason.WILD_BLOCKED, Reason.MUST_ANSWER_DRAW, Reason.MUST_ANSWER_SKIP,
                                        Reason.RULE_FORBIDS, Reason.FINISH_FORBIDDEN})


def _turn(f: dict[str, Any], plan: Plan, seat: int, move: Move | None, card: Card | None = None) -> Turn:
    """A :class:`Turn` over the next state's fields ``f``, for effects and hooks."""
    t: Turn = _new(Turn)
    t.__dict__ = f
    t.plan = plan
    t.seat = seat
    t.move = move
    t.card = card
    return t


def _transition(s: GameState, move: Move, mover: int | None = None) -> GameState:
    """The next state after the legal ``move`` by the seat to act (or ``mover``, a seat that is not to act making a
    call-out inside an open window): one path for every variant, running the plan.

    The next state's fields start as a copy of this state's (one C-level dict copy) and become the ``__dict__``
    of the new :class:`GameState` (:func:`_settle`). The steps below change them directly; effects and rule hooks
    get a :class:`Turn` over the same fields.
    """
    plan: Plan = s.variant._plan
    f = s.__dict__.copy()
    f["turn"] = s.turn + 1
    seat = s.seat_to_act if mover is None else mover
    if s.missed_calls:  # any move closes the windows that close with it (R_ANNOUNCE)
        ann = plan.announcer
        assert ann is not None
        ann.close_window(_turn(f, plan, seat, move), seat, move)
    kind = type(move)
    if kind is Play:
        _play(s, f, plan, seat, move)  # type: ignore[arg-type]
    elif kind is Draw:
        if s.pending_draw:
            _take_penalty(s, f, plan, seat)
        else:
            _draw(s, f, plan, seat)
    elif kind is Pass:
        _pass(s, f, plan, seat, move)
    else:
        assert isinstance(move, CallOut)
        _call_out(s, f, plan, seat, move)
    out: GameState = _new(GameState)
    _set_attr(out, "__dict__", f)  # GameState is frozen: its __dict__ is set once, here
    if out.end is None and out.turn < plan.max_moves:  # the round goes on (the hot path of _settle)
        f["_legal"] = _moves(out, plan)
        return out
    return _settle(out, plan)


def _settle(out: GameState, plan: Plan) -> GameState:
    """The state ``out`` once a move is done (its fields are still being set): the round ends at the move limit
    (R_TURN_LIMIT), and the seat to act's legal moves are found (:func:`_moves`, the one place that finds them)."""
    f = out.__dict__
    if f["end"] is None and f["turn"] >= plan.max_moves:
        _finish_by_count(f, plan, EndReason.TURN_LIMIT)
    f["is_over"] = over = f["end"] is not None
    f["_legal"] = _NONE if over else _moves(out, plan)
    return out


def _shell(f: dict[str, Any]) -> GameState:
    """A :class:`GameState` over the fields ``f``, unchecked (the engine's own fields, or a state's being made)."""
    out: GameState = _new(GameState)
    _set_attr(out, "__dict__", f)  # GameState is frozen: its __dict__ is set once, here
    return out


def _freeze(t: Turn) -> GameState:
    """The next state from a working copy made outside :func:`_transition` (a wrong card's penalty)."""
    return _settle(_shell(t.__dict__), t.plan)


# ---------------------------------------------------------------------- playing a card


_PLAYED: Final = {"passes": 0, "drawn": None, "fresh": True, "any_card": False, "wished_suit": None}
"""The fields every play sets the same way."""


def _play(s: GameState, f: dict[str, Any], plan: Plan, seat: int, play: Play) -> None:
    """``seat`` plays a card: it goes on the discard pile, the call made with it (or one that may be due, R_ANNOUNCE)
    is judged and the card's effects act; then he has gone out, or goes on with a series, or his turn ends."""
    card = play.card
    hm = s._hm
    shift = plan.shifts[seat]
    full = plan.seat_full
    before = (hm >> shift) & full  # the hand the card comes from
    f["_hm"] = hm = hm - plan.seat_unit[seat][card]
    f["discard"] = s.discard + (card,)
    f.update(_PLAYED)
    earlier = s.turn_plays
    effects = plan.played[card]
    ann = plan.announcer
    calls = ann is not None and (play.call is not None or not plan.quick_hands or before.bit_count() <= 2)
    t: Turn | None = None  # the Turn the effects act on, made only when something acts
    if effects or calls:
        f["turn_plays"] = (*earlier, card)
        t = _turn(f, plan, seat, play, card)
        if calls:
            assert ann is not None
            ann.on_play(t, plan, before, card, play.call)
        for effect in effects:
            effect.played(t)
        hm = f["_hm"]  # (effects may change hands)
    if not (hm >> shift) & full:
        _went_out(s, f, plan, t, play, before)
    elif plan.series_starts & plan.unit[card] and _continues(plan, earlier, card, s.announced[seat]):
        f["turn_plays"] = (*earlier, card)
        f["phase"] = _SERIES
    elif earlier or plan.passing[card]:  # the effects of the turn's cards say who plays next
        f["turn_plays"] = (*earlier, card)
        end_turn(t if t is not None else _turn(f, plan, seat, play, card))
    else:  # one card that says nothing of the next player: the turn passes on
        if t is not None:
            f["turn_plays"] = ()
        if s.phase is not _PLAY:  # the drawn card was played
            f["phase"] = _PLAY
        f["seat_to_act"] = (seat + f["direction"]) % len(s.announced)


def _went_out(s: GameState, f: dict[str, Any], plan: Plan, t: Turn | None, play: Play, before: int) -> None:
    """A play emptied the mover's hand: the finish checks may stop the finish (R_PLAY_AGAIN, R_ANNOUNCE);
    otherwise the round ends."""
    seat = s.seat_to_act
    card = play.card
    f["turn_plays"] = (*s.turn_plays, card)
    if t is None:
        t = _turn(f, plan, seat, play, card)
    for check_finish in plan.finish_checks:
        if check_finish(t, s, card, before):
            return
    _finish(t, plan, seat)


def _continues(plan: Plan, earlier: tuple[Card, ...], card: Card, call: Call | None) -> bool:
    """Whether the series phase opens after ``card``, which left its player cards (R_SERIES, R_WILD_FINISH_SERIES):
    from what the table sees only (the card and the turn's first card, the player's standing call), never from the
    cards he holds; he ends the series with a pass."""
    unit = plan.unit[card] | plan.unit[earlier[0] if earlier else card]
    return any(starts & unit == unit and (opens is None or opens(call)) for starts, opens in plan.series_opens)


# ---------------------------------------------------------------------- drawing


def _take_penalty(s: GameState, f: dict[str, Any], plan: Plan, seat: int) -> None:
    """``seat`` takes the pending draw penalty (R_DRAW_PENALTY); it may end his turn."""
    f["fresh"] = False
    f["passes"] = 0
    t = _turn(f, plan, seat, _DRAW)
    t.draw(seat, s.pending_draw)
    f["pending_draw"] = 0
    f["penalty_stack"] = ()
    if plan.penalty_ends_turn or any(c in plan.penalty_skip_cards for c in s.penalty_stack):
        end_turn(t)


def _draw(s: GameState, f: dict[str, Any], plan: Plan, seat: int) -> None:
    """``seat`` draws a card (R_DRAW), more while a draw hook asks for them (R_DRAW_UNTIL_SUIT); then he may play
    what the draw policy allows, or pass."""
    f["fresh"] = False
    f["passes"] = 0
    stock = s.stock
    if stock and not plan.calls_lapse and "_log" not in f:  # Turn.draw's common case: a card from the stock
        f["drawn"] = got = stock[-1]
        f["stock"] = stock[:-1]
        f["_hm"] = s._hm + plan.seat_unit[seat][got]
    else:
        drew = _turn(f, plan, seat, _DRAW).draw(seat, 1)
        f["drawn"] = got = drew[-1] if drew else None  # type: ignore[assignment]
    if got is not None and plan.draw_more and s.phase is _PLAY:
        f["drawn"] = _draw_more(s, f, plan, seat, got)
    f["phase"] = _DRAWN


def _draw_more(s: GameState, f: dict[str, Any], plan: Plan, seat: int, got: Card) -> Card:
    """A draw hook asks for more cards (R_DRAW_UNTIL_SUIT): draw one at a time while it does; the last card drawn."""
    t = _turn(f, plan, seat, _DRAW)
    while any(more(s, got) for more in plan.draw_more):
        extra = t.draw(seat, 1)
        if not extra:
            break
        got = extra[-1]
    return got


# ---------------------------------------------------------------------- passing and calling out


def _pass(s: GameState, f: dict[str, Any], plan: Plan, seat: int, move: Move) -> None:
    """``seat`` passes: he lets a finish stand, ends his series, ends his turn after a draw, takes a pending skip,
    or passes with nothing to do (R_BLOCKED_END when nobody can move)."""
    f["drawn"] = None
    phase = s.phase
    if phase is _FINISHING:  # nobody called the finisher out: his win stands
        finisher = s.finisher
        assert finisher is not None
        _finish(_turn(f, plan, finisher, move), plan, finisher)
        return
    if phase is _SERIES:
        end_turn(_turn(f, plan, seat, _PASS))
        return
    f["fresh"] = False
    players = len(s.announced)
    if phase is _DRAWN:
        f["phase"] = _PLAY
        f["seat_to_act"] = (seat + s.direction) % players
    elif s.pending_skip:  # the skip is taken
        f["pending_skip"] = 0
        f["seat_to_act"] = (seat + s.direction * s.pending_skip) % players
    else:
        f["passes"] = passes = s.passes + 1
        f["seat_to_act"] = (seat + s.direction) % players
        if plan.blocked_end and passes >= players and not _can_draw(s, plan):
            _finish_by_count(f, plan, EndReason.BLOCKED)


def _call_out(s: GameState, f: dict[str, Any], plan: Plan, seat: int, move: CallOut) -> None:
    """``seat`` calls out ``move.seat``, who missed a call (R_ANNOUNCE); a finisher caught without his call has no
    win, and play goes on ("nisi najavio")."""
    ann = plan.announcer
    assert ann is not None
    t = _turn(f, plan, seat, move)
    if s.phase is _FINISHING and move.seat == s.finisher:
        f["phase"] = _PLAY
        ann.caught_finishing(t, move.seat)
    else:
        ann.call_out(t, move.seat)


# ---------------------------------------------------------------------- the end of a round


def _finish(t: Turn, plan: Plan, seat: int) -> None:
    """``seat`` went out: the round ends."""
    t.phase = _OVER
    t.end = EndReason.EMPTY_HAND
    t.winner = seat
    if plan.announcer is not None:
        plan.announcer.at_finish(t)
    t.missed_calls = ()
    for hook in plan.round_end_hooks:
        hook(t)
    # The round is over: no effect is left pending.
    t.pending_draw = 0
    t.penalty_stack = ()
    t.pending_skip = 0


def _finish_by_count(f: dict[str, Any], plan: Plan, reason: EndReason) -> None:
    """End the round in the fields ``f`` with the player holding the fewest cards as winner (a tie: no winner).

    The interrupted turn's state is cleared: no pending draw, penalty stack or skip, no drawn card.
    """
    hm = f["_hm"]
    sizes = [presence_and_size((hm >> plan.shifts[seat]) & plan.seat_full, plan.width, plan.low)[1]
             for seat in range(len(f["announced"]))]
    low = min(sizes)
    f["winner"] = sizes.index(low) if sizes.count(low) == 1 else None
    f["end"] = reason
    f["phase"] = _OVER
    f["pending_draw"] = 0
    f["penalty_stack"] = ()
    f["pending_skip"] = 0
    f["drawn"] = None
    f["missed_calls"] = ()
