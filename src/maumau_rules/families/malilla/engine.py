"""The Malilla engine: pure functions from (state, move) to a new state, running a Malilla variant's plan.

The public functions of :mod:`maumau_rules.game` (``new_game``, ``legal_moves``, ``check``, ``apply``,
``is_legal``) send a Malilla variant or state here, so a server or a bot uses the same calls for both
games. A hand: the deal (and the Albur), the question about a new deal (R_MAL_REDEAL), then the tricks; a
card is legal when R_MAL_FOLLOW and R_MAL_SEVEN allow it (:func:`playable`), and a refused one is explained
with its reason code and rule.

>>> from maumau_rules import find_variant, new_game, legal_moves, check, apply
>>> s = new_game(find_variant("malilla"), players=4, seed=3)
>>> str(legal_moves(s)[-1]), s.stage.value
('pass', 'redeal')
>>> while s.stage.value != "play":
...     s = apply(s, legal_moves(s)[-1])
>>> all(check(s, m).ok for m in legal_moves(s)), len(s.hands[s.seat_to_act]) == len(legal_moves(s))
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from ... import rng as _rng
from ...cards import Card, Rank, Suit
from ...errors import ArgumentTypeError, IllegalMoveError, VariantError, shown
from ...moves import MOVE_TYPES, CallOut, Draw, Move, Pass, Play, Redeal, not_a_move
from ...reasons import Reason, Verdict
from ...state import Deal, EndReason, StateError
from ...variants import Variant, find_variant
from .plan import SEATS, MalillaPlan, partner, team_of, trick_winner_index
from .state import MalillaState, Stage, Trick

__all__ = ["BREACHES", "MAX_ALBUR_DRAWS", "apply", "check", "deck_order_for", "is_legal", "legal_moves", "moves_of", "new_hand",
           "playable", "trick_winner_index", "why_not"]

_new: Final = object.__new__
_set_attr: Final = object.__setattr__
_NONE: Final[tuple[Move, ...]] = ()
_PLAY: Final = Stage.PLAY
BREACHES: Final = frozenset({Reason.MUST_FOLLOW_SUIT, Reason.MUST_BEAT, Reason.MUST_TRUMP, Reason.FORBIDDEN_SEVEN,
                             Reason.RULE_FORBIDS})
"""The reasons of a card refused by R_MAL_FOLLOW or R_MAL_SEVEN: the breaches that table play (R_MAL_BREACH
``lose_match``) lets stand, losing the match."""


MAX_ALBUR_DRAWS: Final = 1000
"""Most shuffles the draw of the Albur (R_MAL_ALBUR) may take; with the ranks the plan checks (at least two, four
cards each), a tie has a chance of at most 3 in 7, so a variant that compiles never reaches it in practice."""


def plan_of(variant: Variant) -> MalillaPlan:
    """The Malilla plan of ``variant``.

    Raises:
        VariantError: ``variant`` is of another family.

    >>> plan_of(find_variant("malilla")).sides
    ((0, 2), (1, 3))
    """
    plan = variant.family_plan
    if not isinstance(plan, MalillaPlan):
        raise VariantError(f"variant {variant.id!r} is not a Malilla variant")
    return plan


# ====================================================================== setup


def new_hand(
    variant: Variant | str,
    players: int = SEATS,
    seed: int = 0,
    *,
    dealer: int | None = None,
    scores: Sequence[int] = (0, 0),
    round_no: int = 1,
    deck_order: Sequence[Card] | None = None,
) -> MalillaState:
    """Deal a hand of Malilla: the Albur (R_MAL_ALBUR), the shuffle, the deal and the trump card, all from ``seed``.

    Args:
        variant: a Malilla variant or its name.
        players: the number of seats (Malilla is for four).
        seed: any integer; the same seed always gives the same hand.
        dealer: the dealer's seat; by default R_MAL_DEAL chooses.
        scores: the teams' match scores before this hand (they decide whether a bonus is held back).
        round_no: the hand's number in its match (R_MAL_ALBUR ``hands = "first"`` draws before hand 1 only).
        deck_order: the shuffled pack as recorded at a real table, in dealing order (the first card goes to the
            dealer's right, every fourth card after it too; the last, the trump card, to the dealer); replaces the
            seeded shuffle.

    Raises:
        VariantError: not a Malilla variant, not four players, or bad scores.
        StateError: ``deck_order`` is not exactly the variant's deck (``ArgumentTypeError``: not a sequence of cards).

    >>> s = new_hand("malilla", seed=5, dealer=2)
    >>> s.dealer, s.leader, s.trump_card in s.hands[2], sum(len(h) for h in s.hands)
    (2, 1, True, 40)
    >>> from maumau_rules import SPANISH_40
    >>> t = new_hand("malilla", dealer=0, deck_order=SPANISH_40.cards())
    >>> str(t.trump_card), [str(c) for c in t.hands[3][:3]]
    ('Rba', ['1or', '5or', 'Cor'])
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    plan = plan_of(v)
    if type(players) is not int:
        raise ArgumentTypeError(f"players {shown(players)} must be an integer (the number of seats)")
    if players != SEATS:
        raise VariantError(f"variant {v.id!r} is for 4 players, not {shown(players)}")
    try:
        score_t = tuple(scores)
    except Exception:  # not iterable, or an iterable that raises
        raise VariantError(f"scores {shown(scores)} must be two whole numbers, one per team") from None
    if len(score_t) != 2 or not all(type(x) is int and x >= 0 for x in score_t):
        raise VariantError(f"scores {shown(scores)} must be two whole numbers, one per team")
    if type(round_no) is not int or round_no < 1:
        raise VariantError(f"round_no {shown(round_no)} must be a positive integer")
    state = _rng.seed_state(seed)
    if dealer is None:
        if plan.first_dealer == "random":
            dealer, state = _rng.randbelow(SEATS, state)
        else:
            dealer = 0
    elif type(dealer) is not int or not 0 <= dealer < SEATS:
        raise VariantError(f"dealer {shown(dealer)} is not a seat of a game of 4 players")
    leader = (dealer - 1) % SEATS
    albur: tuple[Card, ...] = ()
    bonus = [0, 0]
    if plan.albur_points is not None and (plan.albur_every or round_no == 1):
        albur, state = _draw_albur(plan, state)
        if plan.strength[albur[0]] > plan.strength[albur[1]]:
            leader = dealer
        bonus[team_of(leader)] += plan.albur_points
    if deck_order is not None:
        try:
            pile = tuple(deck_order)
            same = Counter(pile) == Counter(plan.deck_cards)
        except Exception:  # not iterable, or items that cannot be hashed or compared
            raise ArgumentTypeError(f"deck_order {shown(deck_order)} must be a sequence of cards") from None
        if not same:
            raise StateError(f"deck_order does not hold exactly the {v.deck} deck of {v.id!r}")
    else:
        pile, state = _rng.shuffle(plan.deck_cards, state)
    hands, trump_card = _deal(pile, dealer)
    bonus[team_of(dealer)] += _trump_bonus(plan, trump_card)
    f: dict[str, Any] = {
        "variant": v, "hands": hands, "dealer": dealer, "trump_card": trump_card,
        "stage": Stage.REDEAL if plan.redeal_min is not None else Stage.PLAY, "seat_to_act": leader,
        "leader": leader, "trick": (), "tricks": (), "asked": 0, "asker": None, "scores": score_t,
        "bonus": tuple(bonus), "deferred": _deferred(plan, score_t, bonus), "albur": albur, "round_no": round_no,
        "turn": 0, "rng": state, "winner": None, "end": None, "offender": None, "breach": None, "is_over": False,
    }
    return _freeze(f, plan)


def new_game_for(variant: Variant, players: int, seed: int, *, deal: Deal | None = None, dealer: int | None = None,
                 deck_order: Sequence[Card] | None = None, scores: Sequence[int] | None = None,
                 round_no: int | None = None) -> MalillaState:
    """:func:`maumau_rules.new_game` for a Malilla variant: a hand from ``seed``, from an explicit
    :class:`~maumau_rules.state.Deal` (four hands of the whole pack and the trump card, a card of the dealer's
    hand) or a deck order, and mid-match: the teams' ``scores`` before it and its ``round_no``.

    Raises:
        ArgumentTypeError: ``deal`` is not a Deal. StateError: the deal is not the pack, or it has a stock, a
            discard pile or a first player (Malilla has none: the dealer's right leads). VariantError: what
            :func:`new_hand` raises.

    >>> from maumau_rules import Deal, SPANISH_40
    >>> cards = SPANISH_40.cards(); hands = tuple(cards[i::4] for i in range(4))
    >>> s = new_game_for(find_variant("malilla"), 4, 1, deal=Deal(hands, dealer=2, trump=hands[2][0]))
    >>> s.dealer, str(s.trump_card), sorted(s.hands[0], key=lambda c: c.sort_key) == sorted(hands[0], key=lambda c: c.sort_key)
    (2, '3or', True)
    """
    if deal is not None:
        if deck_order is not None:
            raise StateError("give an explicit deal or a deck order, not both")
        deck_order, dealer = _order_of_deal(variant, deal, dealer)
    return new_hand(variant, players, seed, dealer=dealer, deck_order=deck_order,
                    scores=(0, 0) if scores is None else scores, round_no=1 if round_no is None else round_no)


def _order_of_deal(variant: Variant, deal: Deal, dealer: int | None) -> tuple[tuple[Card, ...], int]:
    """The dealing order of an explicit Malilla deal, and its dealer."""
    if not isinstance(deal, Deal):
        raise ArgumentTypeError(f"deal {shown(deal)} must be a Deal")
    if deal.stock or deal.discard or deal.first_player is not None:
        raise StateError(f"variant {variant.id!r} deals the whole pack into the hands: a deal has no stock, no "
                         "discard pile and no first player (the dealer's right leads)")
    if dealer is not None and dealer != deal.dealer:
        raise StateError(f"dealer {shown(dealer)} is not the deal's dealer {deal.dealer}")
    seat = deal.dealer
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise StateError(f"the deal's dealer {shown(seat)} is not a seat of a game of 4 players")
    if not isinstance(deal.trump, Card):
        raise StateError(f"a Malilla deal names its trump card (Deal.trump), a card of the dealer's hand, "
                         f"not {shown(deal.trump)}")
    try:
        hands = tuple(tuple(h) for h in deal.hands)
    except TypeError:
        raise ArgumentTypeError(f"deal hands {shown(deal.hands)} must be four sequences of cards") from None
    have: Counter[Card] = Counter(c for h in hands for c in h)
    want = Counter(plan_of(variant).deck_cards)
    if have != want:
        missing = sorted((want - have).elements(), key=lambda c: c.sort_key)
        extra = sorted((have - want).elements(), key=lambda c: c.sort_key)
        raise StateError(f"explicit deal does not hold exactly the {variant.deck} deck of {variant.id!r}: missing "
                         f"{' '.join(map(str, missing)) or 'nothing'}, extra {' '.join(map(str, extra)) or 'nothing'}")
    trump = next((c for c in hands[seat] if c == deal.trump), None) if len(hands) == SEATS else None
    if trump is None:
        raise StateError(f"the trump card {deal.trump} is not in the dealer's hand (seat {seat})")
    return deck_order_for(hands, seat, trump), seat


def deck_order_for(hands: Sequence[Sequence[Card]], dealer: int, trump_card: Card) -> tuple[Card, ...]:
    """The dealing order that gives each seat ``hands[seat]`` and the dealer ``trump_card`` as his last card: an
    explicit deal for :func:`new_hand` (``deck_order=``), for a real table whose hands are known.

    Raises:
        StateError: not four hands of equal size, or the trump card is not in the dealer's hand.

    >>> from maumau_rules.cards import parse_cards
    >>> hands = [parse_cards("1or 2or"), parse_cards("3or 4or"), parse_cards("5or 6or"), parse_cards("7or Ror")]
    >>> [str(c) for c in deck_order_for(hands, 0, parse_cards("2or")[0])]
    ['7or', '5or', '3or', '1or', 'Ror', '6or', '4or', '2or']
    """
    if len(hands) != SEATS or len({len(h) for h in hands}) != 1:
        raise StateError(f"a Malilla deal has four hands of equal size, not {[len(h) for h in hands]}")
    if trump_card not in hands[dealer]:
        raise StateError(f"the trump card {trump_card} is not in the dealer's hand (seat {dealer})")
    own = [list(h) for h in hands]
    own[dealer] = [c for c in own[dealer] if c is not trump_card] + [trump_card]
    order: list[Card] = []
    for i in range(len(hands[0]) * SEATS):
        order.append(own[(dealer - 1 - i) % SEATS][i // SEATS])
    return tuple(order)


def _deal(pile: Sequence[Card], dealer: int) -> tuple[tuple[tuple[Card, ...], ...], Card]:
    """Deal ``pile`` one card at a time from the dealer's right, to the right, ending with the dealer; the last
    card (the dealer's last) is the trump card."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(pile):
        hands[(dealer - 1 - i) % SEATS].append(card)
    return tuple(tuple(sorted(h, key=lambda c: c.sort_key)) for h in hands), pile[-1]


def _trump_bonus(plan: MalillaPlan, trump_card: Card) -> int:
    return plan.points[trump_card] if plan.trump_bonus else 0


def _deferred(plan: MalillaPlan, scores: tuple[int, ...], bonus: Sequence[int]) -> tuple[bool, ...]:
    """For each team, whether its bonus alone would win the match (then it waits for the end of the hand)."""
    target = plan.target
    return tuple(target is not None and b > 0 and s + b >= target for s, b in zip(scores, bonus, strict=True))


def _draw_albur(plan: MalillaPlan, state: int) -> tuple[tuple[Card, ...], int]:
    """Two cards of different rank from a shuffle: the dealer's, then his right-hand player's (shuffled again on
    a tie, at most :data:`MAX_ALBUR_DRAWS` times; a deck of one rank is refused when the variant is compiled)."""
    for _ in range(MAX_ALBUR_DRAWS):
        pile, state = _rng.shuffle(plan.deck_cards, state)
        if plan.strength[pile[0]] != plan.strength[pile[1]]:
            return (pile[0], pile[1]), state
    raise VariantError(f"rule R_MAL_ALBUR: the two cards of the Albur still tie after {MAX_ALBUR_DRAWS} shuffles")


# ====================================================================== legal moves


def legal_moves(state: MalillaState) -> tuple[Move, ...]:
    """Every legal move of the player to act (found when the state was made).

    >>> s = new_hand("malilla", seed=1)
    >>> legal_moves(s) == s.legal_moves()
    True
    """
    moves: tuple[Move, ...] = state._legal
    return moves


def playable(plan: MalillaPlan, hand: Sequence[Card], trick: Sequence[Card], leader: int, trump: Suit,
             led: frozenset[Suit] | set[Suit], why: dict[Card, tuple[Reason, str, str]] | None = None
             ) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (led by ``leader``): R_MAL_FOLLOW's duties, then
    R_MAL_SEVEN. ``led`` is the suits led in the hand so far. With ``why``, each card left out gets its reason
    code, rule and explanation there.

    >>> from maumau_rules import find_variant, Suit
    >>> from maumau_rules.cards import parse_cards
    >>> plan = find_variant("malilla").family_plan
    >>> why = {}
    >>> [str(c) for c in playable(plan, parse_cards("5or 7or 3co"), parse_cards("Ror 1or"), 1, Suit.COPAS,
    ...                           {Suit.OROS}, why)]
    ['7or']
    >>> why[parse_cards("5or")[0]][0], why[parse_cards("3co")[0]][0]
    (<Reason.MUST_BEAT: 'must_beat'>, <Reason.MUST_FOLLOW_SUIT: 'must_follow_suit'>)
    """
    allowed = list(hand)
    follow = plan.follow
    if trick and follow is not None:
        seat = (leader - len(trick)) % SEATS
        lead_suit = trick[0].suit
        w = trick_winner_index(plan, trick, trump)
        top = trick[w]
        same = [c for c in hand if c.suit is lead_suit]
        if team_of((leader - w) % SEATS) == team_of(seat):  # the partner is winning: free play
            if follow.partner_ahead == "fully_free":
                pass
            elif same:
                allowed = _keep(allowed, same, why, Reason.MUST_FOLLOW_SUIT, "R_MAL_FOLLOW",
                                f"must follow suit ({_suit_name(lead_suit)}): he holds one")
            elif not follow.may_trump_partner:
                others = [c for c in hand if c.suit is not trump]
                if others:
                    allowed = _keep(allowed, others, why, Reason.RULE_FORBIDS, "R_MAL_FOLLOW",
                                    "may not trump a trick his partner is winning while he holds another card")
        elif same:
            if top.suit is lead_suit:
                strength = plan.strength
                beaters = [c for c in same if strength[c] > strength[top]]
                allowed = _keep(allowed, same, why, Reason.MUST_FOLLOW_SUIT, "R_MAL_FOLLOW",
                                f"must follow suit ({_suit_name(lead_suit)}): he holds one")
                if beaters:
                    allowed = _keep(allowed, beaters, why, Reason.MUST_BEAT, "R_MAL_FOLLOW",
                                    f"must beat the opponent's {top}: he holds a higher {_suit_name(lead_suit)}")
            else:  # an opponent has trumped: just follow
                allowed = _keep(allowed, same, why, Reason.MUST_FOLLOW_SUIT, "R_MAL_FOLLOW",
                                f"must follow suit ({_suit_name(lead_suit)}): he holds one")
        else:
            trumps = [c for c in hand if c.suit is trump]
            if trumps:
                if top.suit is trump:
                    strength = plan.strength
                    over = [c for c in trumps if strength[c] > strength[top]]
                    if over:
                        allowed = _keep(allowed, over, why, Reason.MUST_TRUMP, "R_MAL_FOLLOW",
                                        f"must play a trump higher than the opponent's {top}: he holds one")
                    elif follow.must_undertrump:
                        allowed = _keep(allowed, trumps, why, Reason.MUST_TRUMP, "R_MAL_FOLLOW",
                                        "must trump (lower than the opponent's trump): he holds a trump")
                else:
                    allowed = _keep(allowed, trumps, why, Reason.MUST_TRUMP, "R_MAL_FOLLOW",
                                    f"cannot follow suit and an opponent is winning: must trump "
                                    f"({_suit_name(trump)})")
    seven = plan.seven
    if seven is not None:
        lead_suit_now = trick[0].suit if trick else None
        if trick or (seven.lead and seven.scope == "hand"):
            def barred(c: Card) -> bool:
                return (c.rank is Rank.SEVEN and c.suit is not trump and c.suit is not lead_suit_now
                        and ((seven.scope == "trick" and bool(trick)) or c.suit not in led))

            sevens = [c for c in allowed if barred(c)]
            if sevens and len(sevens) < len(allowed):
                rest = [c for c in allowed if c not in sevens]
                allowed = _keep(allowed, rest, why, Reason.FORBIDDEN_SEVEN, "R_MAL_SEVEN",
                                "the 7 of a side suit that has not been led may not be thrown away"
                                if trick else "the 7 of a side suit that has not been led may not be led")
    return allowed


def _keep(allowed: list[Card], kept: list[Card], why: dict[Card, tuple[Reason, str, str]] | None,
          reason: Reason, rule: str, message: str) -> list[Card]:
    """``allowed`` narrowed to ``kept``; each card left out gets ``reason`` and ``rule`` in ``why``."""
    if why is not None:
        for card in allowed:
            if card not in kept and card not in why:
                why[card] = (reason, rule, f"{card} {message}" if reason is Reason.FORBIDDEN_SEVEN else message)
    return [c for c in allowed if c in kept]


def _suit_name(suit: Suit | None) -> str:
    return suit.english if suit is not None else "none"


def moves_of(f: dict[str, Any], plan: MalillaPlan | None = None) -> tuple[Move, ...]:
    """The legal moves of a state given by its fields (the Malilla engine's one move generator).

    >>> s = new_hand("malilla", seed=4)
    >>> moves_of(s.__dict__) == legal_moves(s)
    True
    """
    if f["end"] is not None:
        return _NONE
    if plan is None:
        plan = plan_of(f["variant"])
    stage = f["stage"]
    seat = f["seat_to_act"]
    if stage is _PLAY:
        cards = playable(plan, f["hands"][seat], f["trick"], f["leader"], f["trump_card"].suit, _led(f))
        plays = plan.plays
        return tuple(plays[c] for c in cards)
    if stage is Stage.ANSWER:
        return plan.redeal_moves
    return plan.redeal_moves if _may_ask(plan, f["hands"][seat]) else plan.pass_only


def _led(f: dict[str, Any]) -> set[Suit]:
    led: set[Suit] = {t.cards[0].suit for t in f["tricks"]}
    if f["trick"]:
        led.add(f["trick"][0].suit)
    return led


def _may_ask(plan: MalillaPlan, hand: Sequence[Card]) -> bool:
    """Whether ``hand`` holds enough cards of one suit to ask for a new deal (R_MAL_REDEAL)."""
    need = plan.redeal_min
    if need is None or not hand:
        return False
    return max(Counter(c.suit for c in hand).values()) >= need


def is_legal(state: MalillaState, move: Move) -> bool:
    """Whether ``move`` is legal for the player to act.

    >>> s = new_hand("malilla", seed=3)
    >>> is_legal(s, Pass()), is_legal(s, Draw())
    (True, False)
    """
    moves = state._legal
    for m in moves:
        if m is move:
            return True
    if type(move) not in MOVE_TYPES:  # a subclass or look-alike could compare equal to a legal move, or raise
        return False
    try:
        return move in frozenset(moves)
    except Exception:  # a move forged past its constructor's checks, whose fields raise when hashed or compared
        return False


# ====================================================================== verdicts


def check(state: MalillaState, move: Move, *, player: int | None = None, turn: int | None = None) -> Verdict:
    """Judge ``move`` without applying it: a :class:`~maumau_rules.reasons.Verdict` with reason and rule ID.

    >>> s = new_hand("malilla", seed=3)
    >>> v = check(s, Draw())
    >>> v.ok, v.reason.value, v.rule_id
    (False, 'draw_not_allowed', 'R_MAL_TRICK')
    """
    if turn is not None and (type(turn) is not int or turn != state.turn):
        return Verdict.reject(Reason.STALE_STATE, "R_MAL_DEAL", f"move {_show(move)} was made against turn "
                              f"{shown(turn)}, but the game is at turn {state.turn}")
    if state.end is not None:
        rule = "R_MAL_BREACH" if state.end is EndReason.VIOLATION else "R_MAL_TRICK"
        return Verdict.reject(Reason.GAME_OVER, rule, f"illegal move {_show(move)}: the hand is over")
    if player is not None and (type(player) is not int or player != state.seat_to_act):
        return Verdict.reject(Reason.NOT_YOUR_TURN, "R_MAL_DEAL", f"illegal move {_show(move)} by player "
                              f"{shown(player)}: it is player {state.seat_to_act}'s turn")
    try:
        if is_legal(state, move):
            return Verdict.accept()
        return _explain(state, move)
    except Exception:  # a move forged past its constructor's checks, whose fields raise when hashed or compared
        return Verdict.reject(Reason.NOT_A_MOVE, "R_MAL_TRICK", f"{_show(move)} is not a move that can be judged")


def _show(move: object) -> str:
    try:
        return repr(str(move)) if isinstance(move, Play | Draw | Pass | CallOut | Redeal) else shown(move)
    except Exception:  # a forged move whose fields raise
        return shown(move)


def why_not(state: MalillaState, card: Card) -> Verdict | None:
    """Why ``card``, held by the player to act, may not be played in the current trick (``None``: it may).

    >>> s = new_hand("malilla", seed=3)
    >>> why_not(s, s.hands[s.seat_to_act][0]).reason.value
    'redeal_pending'
    """
    if state.stage is not _PLAY:
        return Verdict.reject(Reason.REDEAL_PENDING, "R_MAL_REDEAL",
                              "the question about a new deal comes first: 'redeal' or 'pass'")
    why: dict[Card, tuple[Reason, str, str]] = {}
    allowed = playable(state.plan, state.hands[state.seat_to_act], state.trick, state.leader, state.trump,
                       state.led_suits, why)
    if card in allowed:
        return None
    reason, rule, message = why[card]
    return Verdict.reject(reason, rule, message)


def _explain(s: MalillaState, move: Move) -> Verdict:
    """Why an illegal move is illegal (only called for rejected moves)."""
    plan = s.plan
    seat = s.seat_to_act
    who = f"illegal move {_show(move)} by player {seat}"
    if isinstance(move, Play):
        card = move.card
        if not isinstance(card, Card):
            return Verdict.reject(Reason.NOT_A_MOVE, "R_MAL_TRICK", f"{who}: {card!r} is not a card")
        if card not in plan.strength:
            return Verdict.reject(Reason.WRONG_VARIANT, "R_MAL_DEAL",
                                  f"{who}: {card} is not a card of the {s.variant.deck} deck of {s.variant.id!r}")
        if s.stage is not _PLAY:
            return Verdict.reject(Reason.REDEAL_PENDING, "R_MAL_REDEAL",
                                  f"{who}: the question about a new deal comes first: 'redeal' or 'pass'")
        if card not in s.hands[seat]:
            return Verdict.reject(Reason.CARD_NOT_IN_HAND, "R_MAL_TRICK", f"{who}: player {seat} does not hold {card}")
        bad = why_not(s, card)
        if bad is not None:
            return Verdict.reject(bad.reason, bad.rule_id, f"{who}: {bad.message}")
        if move.wish is not None:
            return Verdict.reject(Reason.WISH_NOT_ALLOWED, "R_MAL_TRICK", f"{who}: no card names a suit in Malilla")
        return Verdict.reject(Reason.CALL_NOT_DUE, "R_MAL_TRICK", f"{who}: Malilla has no calls")
    if isinstance(move, Redeal):
        if plan.redeal_min is None:
            return Verdict.reject(Reason.REDEAL_NOT_ALLOWED, "R_MAL_REDEAL",
                                  f"{who}: variant {s.variant.id!r} has no new deal (no rule R_MAL_REDEAL)")
        if s.stage is _PLAY and (s.tricks or s.trick or _may_ask(plan, s.hands[seat])):
            # (before the first lead, a hand without enough cards of one suit is told that: the stage of asking
            # was never open to it)
            return Verdict.reject(Reason.REDEAL_NOT_ALLOWED, "R_MAL_REDEAL",
                                  f"{who}: a new deal can be asked for only before the first lead")
        return Verdict.reject(Reason.REDEAL_NOT_ALLOWED, "R_MAL_REDEAL",
                              f"{who}: asking for a new deal needs {plan.redeal_min} cards of one suit")
    if isinstance(move, Draw):
        return Verdict.reject(Reason.DRAW_NOT_ALLOWED, "R_MAL_TRICK", f"{who}: Malilla has no drawing: play a card")
    if isinstance(move, Pass):
        return Verdict.reject(Reason.PASS_NOT_ALLOWED, "R_MAL_TRICK", f"{who}: play a card; a trick cannot be passed")
    if isinstance(move, CallOut):
        return Verdict.reject(Reason.NOTHING_TO_CALL_OUT, "R_MAL_TRICK", f"{who}: Malilla has no calls to call out")
    return Verdict.reject(Reason.NOT_A_MOVE, "R_MAL_TRICK", not_a_move(move))


# ====================================================================== transitions


def apply(state: MalillaState, move: Move, *, player: int | None = None, turn: int | None = None) -> MalillaState:
    """Validate ``move`` and return the next state; ``state`` is never changed. Under R_MAL_BREACH
    ``lose_match`` a card that breaks R_MAL_FOLLOW or R_MAL_SEVEN is accepted and loses the match.

    Raises:
        IllegalMoveError: the move is illegal; it carries the verdict (reason code, rule ID, message).
        ArgumentTypeError: ``move`` is not a move (text is read with :func:`~maumau_rules.moves.parse_move`).

    >>> s = new_hand("malilla", seed=3)
    >>> apply(s, Draw())
    Traceback (most recent call last):
    ...
    maumau_rules.errors.IllegalMoveError: illegal move 'draw' by player ...: Malilla has no drawing: play a card
    """
    if turn is None and player is None:
        for m in state._legal:
            if m is move:
                return _transition(state, move)
    elif turn is None and type(player) is int and player == state.seat_to_act:
        player = None
    if type(move) not in MOVE_TYPES:
        raise ArgumentTypeError(not_a_move(move))
    if turn is not None or player is not None or not is_legal(state, move):
        verdict = check(state, move, player=player, turn=turn)
        if not verdict.ok:
            if (isinstance(move, Play) and verdict.reason in BREACHES and state.plan.breach == "lose_match"
                    and move.wish is None and move.call is None):
                return _breach(state, move.card, verdict)
            raise IllegalMoveError(verdict)
    return _transition(state, move)


def _freeze(f: dict[str, Any], plan: MalillaPlan) -> MalillaState:
    f["is_over"] = f["end"] is not None
    f["_legal"] = moves_of(f, plan)
    out: MalillaState = _new(MalillaState)
    _set_attr(out, "__dict__", f)  # MalillaState is frozen: its __dict__ is set once, here
    return out


def _breach(s: MalillaState, card: Card, verdict: Verdict) -> MalillaState:
    """Table play: the card is played, the hand stops, and the offender's team loses the match."""
    f = s.__dict__.copy()
    seat = s.seat_to_act
    f["turn"] = s.turn + 1
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c is not card)
    f["hands"] = tuple(hands)
    f["trick"] = (*s.trick, card)
    f["stage"] = Stage.OVER
    f["end"] = EndReason.VIOLATION
    f["offender"] = seat
    f["breach"] = verdict.reason
    f["winner"] = None
    return _freeze(f, s.plan)


def _transition(s: MalillaState, move: Move) -> MalillaState:
    """The next state after the legal ``move``."""
    plan: MalillaPlan = s.variant.family_plan
    f = s.__dict__.copy()
    f["turn"] = s.turn + 1
    seat = s.seat_to_act
    stage = s.stage
    if stage is _PLAY:
        card = move.card  # type: ignore[union-attr]
        hands = list(s.hands)
        hands[seat] = tuple(c for c in hands[seat] if c is not card)
        f["hands"] = tuple(hands)
        trick = (*s.trick, card)
        if len(trick) < SEATS:
            f["trick"] = trick
            f["seat_to_act"] = (seat - 1) % SEATS
        else:
            leader = s.leader
            won = (leader - trick_winner_index(plan, trick, s.trump)) % SEATS
            points = plan.points
            done = Trick(leader, trick, won, sum(points[c] for c in trick) + plan.trick_point)
            tricks = (*s.tricks, done)
            f["tricks"] = tricks
            f["trick"] = ()
            nxt = won if plan.next_leader == "trick_winner" else (leader - 1) % SEATS
            f["leader"] = f["seat_to_act"] = nxt
            if len(tricks) == plan.tricks_per_hand:
                _finish(f, plan, tricks)
    elif stage is Stage.ANSWER:
        if isinstance(move, Redeal):
            _redeal(s, f, plan)
        else:  # refused: the next player is asked
            asker = s.asker
            assert asker is not None
            f["asker"] = None
            _asked(f, s.asked + 1, (asker - 1) % SEATS, s.leader)
    elif isinstance(move, Redeal):  # stage REDEAL: a request
        f["stage"] = Stage.ANSWER
        f["asker"] = seat
        f["seat_to_act"] = partner(seat)
    else:
        _asked(f, s.asked + 1, (seat - 1) % SEATS, s.leader)
    return _freeze(f, plan)


def _asked(f: dict[str, Any], asked: int, nxt: int, leader: int) -> None:
    """One more player has answered the question about a new deal: ask the next one, or start play."""
    f["asked"] = asked
    if asked >= SEATS:
        f["stage"] = _PLAY
        f["seat_to_act"] = leader
    else:
        f["stage"] = Stage.REDEAL
        f["seat_to_act"] = nxt


def _redeal(s: MalillaState, f: dict[str, Any], plan: MalillaPlan) -> None:
    """The partner agreed: the same dealer deals again from a new shuffle; everyone is asked again."""
    pile, state = _rng.shuffle(plan.deck_cards, s.rng)
    hands, trump_card = _deal(pile, s.dealer)
    dealer_team = team_of(s.dealer)
    bonus = list(s.bonus)
    if not plan.redeal_bonus_stands:
        bonus[dealer_team] -= _trump_bonus(plan, s.trump_card)
    bonus[dealer_team] += _trump_bonus(plan, trump_card)
    f.update(hands=hands, trump_card=trump_card, rng=state, bonus=tuple(bonus),
             deferred=_deferred(plan, s.scores, bonus), stage=Stage.REDEAL, asker=None, asked=0,
             seat_to_act=s.leader)


def _finish(f: dict[str, Any], plan: MalillaPlan, tricks: tuple[Trick, ...]) -> None:
    """Every card is played: the hand is over; its winner is the team with more than half of its points."""
    taken = [0, 0]
    for t in tricks:
        taken[team_of(t.winner)] += t.points
    f["stage"] = Stage.OVER
    f["end"] = EndReason.TRICKS
    total = plan.hand_total
    f["winner"] = 0 if 2 * taken[0] > total else 1 if 2 * taken[1] > total else None
