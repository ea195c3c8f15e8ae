"""An independent reference implementation of the rules of the built-in catalogue, for differential tests.

It reads the variant's rule objects and their parameters directly and plays a state card by card, in
plain lists, the way the spec's rule texts describe it. It shares nothing with the engine's plan (no
masks, tables, effects or memos); it shares the card zones' draw (:func:`maumau_rules.zones.draw_cards`,
the stock, the discard pile and the seeded reshuffle), since a reshuffle must give the same cards for the
states to be comparable. A variant with a rule from outside the catalogue is refused
(:class:`NotImplementedError`).

``reference_moves(state)`` lists the legal moves in the engine's documented order (plays by card in hand
order, each wish in suit order with and without the call due, then draw, pass, call-out);
``reference_apply(state, move)`` returns the next state. Both must equal the engine's for every state.
"""

from __future__ import annotations

from typing import Any

import attrs

from maumau_rules import Card, GameState, Move, Suit
from maumau_rules.cards import FRENCH_SUITS
from maumau_rules.families.maumau import (
    Announcement,
    BlockedEnd,
    Cut,
    Deal,
    Dealer,
    DrawPenalty,
    DrawRule,
    DrawUntilSuit,
    FinalCardEffects,
    FinishRestriction,
    JackFinishDoubles,
    Matching,
    PlayAgain,
    Reshuffle,
    Reverse,
    ScoreElimination,
    ScoreHandShrink,
    ScorePenaltyPoints,
    ScoreWinnerCollects,
    ScoreWinPoints,
    Series,
    Skip,
    StartCard,
    TurnLimit,
    TurnOrder,
    Wild,
    WildFinishSeries,
    WrongCard,
)
from maumau_rules.families.maumau.state import Phase
from maumau_rules.moves import Call, CallOut, Draw, Pass, Play
from maumau_rules.rules import CardSet, PenaltySpec
from maumau_rules.state import EndReason
from maumau_rules.zones import draw_cards

__all__ = ["reference_apply", "reference_moves"]

_KNOWN = (Announcement, BlockedEnd, Cut, Deal, Dealer, DrawPenalty, DrawRule, DrawUntilSuit, FinalCardEffects,
          FinishRestriction, JackFinishDoubles, Matching, PlayAgain, Reshuffle, Reverse, ScoreElimination,
          ScoreHandShrink, ScorePenaltyPoints, ScoreWinnerCollects, ScoreWinPoints, Series, Skip, StartCard, TurnLimit,
          TurnOrder, Wild, WildFinishSeries, WrongCard)
_EMPTY = CardSet()


class Rules:
    """The variant's rule objects, asked card by card."""

    def __init__(self, state: GameState) -> None:
        v = state.variant
        for r in v.rules:
            if not isinstance(r, _KNOWN):
                raise NotImplementedError(f"the reference knows only the built-in rules, not {r.rule_id}")
        self.matching = v.rule("R_MATCH") is not None
        self.wild = v.rule("R_WILD")
        self.penalty = v.rule("R_DRAW_PENALTY")
        self.skip = v.rule("R_SKIP")
        self.reverse = v.rule("R_REVERSE")
        self.again = v.rule("R_PLAY_AGAIN")
        self.series = v.rule("R_SERIES")
        self.wild_finish = v.rule("R_WILD_FINISH_SERIES") is not None
        self.wild_finish_opens = getattr(v.rule("R_WILD_FINISH_SERIES"), "opens", "always")
        self.demand = v.rule("R_DRAW_UNTIL_SUIT")
        self.no_finish = v.rule("R_NO_FINISH")
        self.draw = v.rule("R_DRAW")
        self.announce = v.rule("R_ANNOUNCE")
        self.reshuffle = v.rule("R_RESHUFFLE") is not None
        blocked = v.rule("R_BLOCKED_END")
        self.blocked_end = blocked is not None
        self.pass_with_playable = bool(getattr(blocked, "pass_with_playable", False))
        self.final_effects = v.rule("R_FINAL_CARD_EFFECTS") is not None
        limit = v.rule("R_TURN_LIMIT")
        self.max_moves = limit.max_moves if isinstance(limit, TurnLimit) else None
        self.start = v.rule("R_START_CARD")

    # ---- what a card is
    def wild_spec(self, card: Card) -> Any:
        if isinstance(self.wild, Wild):
            for spec in self.wild.wilds:
                if spec.cards.matches(card):
                    return spec
        return None

    def is_wild(self, card: Card) -> bool:
        return self.wild_spec(card) is not None

    def wishes(self, card: Card) -> bool:
        spec = self.wild_spec(card)
        return spec is not None and spec.wish

    def free_after(self, card: Card) -> bool:
        spec = self.wild_spec(card)
        return spec is not None and not spec.wish

    def penalty_of(self, card: Card) -> PenaltySpec | None:
        if isinstance(self.penalty, DrawPenalty):
            for spec in self.penalty.penalties:
                if spec.cards.matches(card):
                    return spec
        return None

    def stackable(self, card: Card) -> bool:
        spec = self.penalty_of(card)
        return spec is not None and spec.defendable and isinstance(self.penalty, DrawPenalty) and self.penalty.stacking

    def cancels(self, card: Card) -> bool:
        return isinstance(self.penalty, DrawPenalty) and self.penalty.cancel.matches(card)

    def skips(self, card: Card) -> bool:
        return isinstance(self.skip, Skip) and self.skip.cards.matches(card)

    def passable_skip(self, card: Card) -> bool:
        return isinstance(self.skip, Skip) and self.skip.passable and self.skip.cards.matches(card)

    def reverses(self, card: Card) -> bool:
        return isinstance(self.reverse, Reverse) and self.reverse.cards.matches(card)

    def plays_again(self, card: Card) -> bool:
        return isinstance(self.again, PlayAgain) and self.again.cards.matches(card)

    def plays_again_last(self, card: Card) -> bool:
        """Played as the last card, ``card`` gives another turn instead of the win (R_PLAY_AGAIN ``last_card``)."""
        return self.plays_again(card) and isinstance(self.again, PlayAgain) and self.again.last_card == "draw"

    def demands(self, card: Card) -> bool:
        return isinstance(self.demand, DrawUntilSuit) and self.demand.cards.matches(card)

    def cannot_finish(self, card: Card) -> bool:
        return isinstance(self.no_finish, FinishRestriction) and self.no_finish.cards.matches(card)

    def series_card(self, card: Card) -> bool:
        return isinstance(self.series, Series) and self.series.cards.matches(card)

    # ---- the draw policy (no R_DRAW: nobody draws but penalties; a player who cannot play passes)
    @property
    def drawing(self) -> bool:
        return isinstance(self.draw, DrawRule)

    @property
    def voluntary(self) -> bool:
        return isinstance(self.draw, DrawRule) and self.draw.voluntary

    @property
    def after_draw(self) -> str:
        return self.draw.after_draw if isinstance(self.draw, DrawRule) else "drawn_only"

    @property
    def pass_without_draw(self) -> bool:
        return isinstance(self.draw, DrawRule) and self.draw.pass_without_draw

    @property
    def until_playable(self) -> bool:
        return isinstance(self.draw, DrawRule) and self.draw.until_playable


# ---------------------------------------------------------------- legality


def _fits(r: Rules, s: GameState, card: Card, fresh: bool | None = None) -> bool:
    """Whether ``card`` may go on the top card by R_MATCH and R_WILD (and R_START_CARD's first move)."""
    top = s.discard[-1]
    fresh = s.fresh if fresh is None else fresh
    if r.is_wild(card):
        assert isinstance(r.wild, Wild)
        first_free = (s.any_card and s.turn == 0 and isinstance(r.start, StartCard) and r.start.wild_allows_same)
        if r.is_wild(top) and top.rank is card.rank and not r.wild.on_same and not first_free:
            return False
        return not (fresh and r.wild.blocked_after.matches(top))
    if not r.matching:
        return False
    if s.any_card:
        return True
    if s.wished_suit is not None:
        return card.suit is s.wished_suit
    return card.suit is top.suit or card.rank is top.rank


def _playable(r: Rules, s: GameState, card: Card, hand: list[Card]) -> bool:
    top = s.discard[-1]
    if s.phase is Phase.SERIES:
        first = s.turn_plays[0]
        ok = False
        if card.rank is first.rank:
            if isinstance(r.series, Series) and r.series_card(first) and r.series_card(card):
                ok = True
            if r.wild_finish and r.is_wild(card) and all(c.rank is first.rank for c in hand):
                ok = True
        if not ok:
            return False
    elif s.phase is Phase.DRAWN:
        if r.after_draw == "none" or s.drawn is None:
            return False
        if r.after_draw == "drawn_only" and card is not s.drawn:
            return False
        if not _fits(r, s, card):
            return False
    elif s.pending_draw:
        stacks = (r.stackable(card) and r.stackable(top)
                  and r.penalty_of(card).group == r.penalty_of(top).group)  # type: ignore[union-attr]
        on_pending = isinstance(r.wild, Wild) and r.wild.on_pending_draw and r.is_wild(card)
        if not (r.cancels(card) or ((stacks or on_pending) and _fits(r, s, card))):
            return False
    elif s.pending_skip:
        if not (r.passable_skip(card) and _fits(r, s, card)):
            return False
    elif not _fits(r, s, card):
        return False
    return not (len(hand) == 1 and r.cannot_finish(card))


def _due(r: Rules, r_hand: list[Card], card: Card) -> Call | None:
    """The call due when ``card`` is played from ``r_hand`` (R_ANNOUNCE)."""
    ann = r.announce
    if not isinstance(ann, Announcement) or len(r_hand) < 2:
        return None
    rest = list(r_hand)
    rest.remove(card)
    if len(rest) == 1:
        return Call.MAU_MAU if ann.jack_word and r.wishes(rest[0]) else Call.MAU
    if ann.multi_jack and ann.jack_word:
        first = min(rest, key=lambda c: c.sort_key)
        if r.wishes(first) and all(c.rank is first.rank for c in rest):
            return Call.MAU_MAU
    return None


def _can_draw(r: Rules, s: GameState) -> bool:
    return r.drawing and bool(s.stock or (r.reshuffle and len(s.discard) > 1))


def _finisher(s: GameState) -> int | None:
    return next(p for p, h in enumerate(s.hands) if not h) if s.phase is Phase.FINISHING else None


def _callouts(s: GameState, seat: int) -> list[Move]:
    """The call-outs ``seat`` may make: every other seat with an open window."""
    targets = set(s.missed_calls)
    finisher = _finisher(s)
    if finisher is not None:
        targets.add(finisher)
    return [CallOut(t) for t in sorted(t for t in targets if t != seat)]


def reference_moves(s: GameState, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move of ``player`` (default: the player to act), from the rule objects, card by card."""
    if s.end is not None:
        return ()
    if player is not None and player != s.seat_to_act:
        return tuple(_callouts(s, player))
    if s.phase is Phase.FINISHING:
        return (Pass(), *_callouts(s, s.seat_to_act))
    r = Rules(s)
    hand = list(s.hands[s.seat_to_act])
    out: list[Move] = []
    playable: list[Card] = []
    for card in sorted(set(hand), key=lambda c: c.sort_key):
        if not _playable(r, s, card, hand):
            continue
        playable.append(card)
        spec = r.wild_spec(card)
        wishes: list[Suit | None] = [None]
        if spec is not None and spec.wish:
            assert isinstance(r.wild, Wild)
            wishes = [suit for suit in FRENCH_SUITS if r.wild.may_wish_own_suit or suit is not card.suit]
        due = _due(r, hand, card)
        ann = r.announce
        words = [] if due is None or not isinstance(ann, Announcement) else (
            [Call.MAU, Call.MAU_MAU] if ann.jack_word else [Call.MAU])
        for wish in wishes:
            out.append(Play(card, wish, None))
            out.extend(Play(card, wish, word) for word in words)  # the right word, or a wrong one
    # draw and pass
    if s.phase is Phase.PLAY:
        if s.pending_draw:
            out.append(Draw())
        elif s.pending_skip:
            out.append(Pass())
        else:
            can = _can_draw(r, s)
            if can and (r.voluntary or not playable):
                out.append(Draw())
            if r.pass_without_draw or (not can and (not playable or r.pass_with_playable)):
                out.append(Pass())
    elif s.phase is Phase.DRAWN:
        must_draw = (r.until_playable and s.drawn is not None and s.drawn not in playable and _can_draw(r, s))
        out.append(Draw() if must_draw else Pass())
    else:
        out.append(Pass())
    out.extend(_callouts(s, s.seat_to_act))
    return tuple(out)


# ---------------------------------------------------------------- transitions


class _Next:
    """The next state's fields, mutable, with hands as lists."""

    def __init__(self, s: GameState) -> None:
        self.f: dict[str, Any] = {a.name: getattr(s, a.name) for a in attrs.fields(GameState) if a.name != "_legal"}
        self.hands = [list(h) for h in s.hands]
        self.f["turn"] = s.turn + 1

    def __getitem__(self, key: str) -> Any:
        return self.f[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.f[key] = value

    def draw(self, r: Rules, seat: int, n: int) -> tuple[Card, ...]:
        got, self.f["stock"], self.f["discard"], self.f["rng"] = draw_cards(self.f["stock"], self.f["discard"], n,
                                                                            self.f["rng"], r.reshuffle)
        self.hands[seat].extend(got)
        if got and isinstance(r.announce, Announcement) and r.announce.lapses_on_draw:
            self.set_call(seat, None)
        return got

    def set_call(self, seat: int, call: Call | None) -> None:
        calls = list(self.f["announced"])
        calls[seat] = call
        self.f["announced"] = tuple(calls)

    def seat(self, steps: int) -> int:
        return int((self.f["seat_to_act"] + self.f["direction"] * steps) % len(self.hands))

    def state(self, s: GameState) -> GameState:
        f = dict(self.f)
        f["hands"] = tuple(tuple(sorted(h, key=lambda c: c.sort_key)) for h in self.hands)
        return GameState(**f)


def _close_window(r: Rules, n: _Next, seat: int, move: Move) -> None:
    """A move that is not a call-out closes windows: the mover's own (until_own_turn), or everyone else's."""
    if isinstance(move, CallOut):
        return
    assert isinstance(r.announce, Announcement)
    if r.announce.window == "until_own_turn":
        n["missed_calls"] = tuple(p for p in n["missed_calls"] if p != seat)
    else:
        n["missed_calls"] = tuple(p for p in n["missed_calls"] if p == seat)


def _end_turn(r: Rules, n: _Next, seat: int) -> None:
    plays = n["turn_plays"]
    n["turn_plays"] = ()
    n["phase"] = Phase.PLAY
    players = len(n.hands)
    skips = sum(1 for c in plays if r.skips(c))
    reverses = sum(1 for c in plays if r.reverses(c))
    n["seat_to_act"] = seat
    if reverses % 2:
        n["direction"] = -n["direction"]
        if players == 2 and isinstance(r.reverse, Reverse) and r.reverse.two_player == "play_again":
            return
    if plays and r.plays_again(plays[-1]):
        return
    if skips and isinstance(r.skip, Skip) and r.skip.passable:
        n["pending_skip"] = skips
        n["seat_to_act"] = n.seat(1)
        return
    n["seat_to_act"] = n.seat(1 + skips)


def _play(r: Rules, s: GameState, n: _Next, seat: int, move: Play) -> None:
    card = move.card
    before = list(n.hands[seat])
    n.hands[seat].remove(card)
    n["discard"] = n["discard"] + (card,)
    n["turn_plays"] = n["turn_plays"] + (card,)
    n["passes"] = 0
    n["drawn"] = None
    n["fresh"] = True
    n["any_card"] = r.free_after(card)
    n["wished_suit"] = move.wish if r.wishes(card) else (card.suit if r.demands(card) else None)
    ann = r.announce
    if isinstance(ann, Announcement):
        judged = bool(ann.jack_word) or ann.unannounced_finish != "allowed"  # the standing call, at the finish
        if move.call is not None or (len(before) == 2 and judged):  # then the word said as one card is left stands
            n.set_call(seat, move.call)
        due = _due(r, before, card)
        # judged at once only where the table can tell: nothing said as one card is left, or the one-card word with
        # more left; whether the other word was right hangs on the card kept, shown at the finish
        seen = move.call is None if len(before) == 2 else move.call is Call.MAU
        if due is not None and seen:
            if ann.enforcement == "automatic":
                n.draw(r, seat, ann.penalty)
            elif seat not in n["missed_calls"]:
                n["missed_calls"] = n["missed_calls"] + (seat,)
    if r.cancels(card):
        n["pending_draw"] = 0
        n["penalty_stack"] = ()
    spec = r.penalty_of(card)
    if spec is not None:
        if spec.defendable:
            n["pending_draw"] += spec.amount
            n["penalty_stack"] = n["penalty_stack"] + (card,)
        else:
            step = -1 if spec.target == "previous" else 1
            n.draw(r, (seat + n["direction"] * step) % len(n.hands), spec.amount)
    if n["pending_skip"] and r.passable_skip(card):
        n["pending_skip"] = 0
    rest = n.hands[seat]
    if not rest:
        if r.plays_again_last(card):  # R_PLAY_AGAIN last_card "draw": an empty hand must draw; no win
            n["phase"] = Phase.PLAY
            n["turn_plays"] = ()
            return
        if isinstance(ann, Announcement):
            jack_finish = all(r.wishes(c) for c in before)  # the last card names a suit
            call = s.announced[seat]
            right = Call.MAU_MAU if jack_finish and ann.jack_word else Call.MAU
            wrong = bool(ann.jack_word) and call is not None and call is not right  # the card shows the word wrong
            needed = wrong or ann.unannounced_finish == "penalty" or (
                ann.unannounced_finish == "jack_penalty" and jack_finish)
            if needed:
                ok = not wrong and (bool(s.turn_plays) if call is None else call is right)
                if not ok and ann.enforcement == "callout":  # wait: someone calls him out, or nobody does
                    n["phase"] = Phase.FINISHING
                    n["seat_to_act"] = (seat + n["direction"]) % len(n.hands)
                    return
                if not ok:
                    n.draw(r, seat, ann.penalty)
                    _end_turn(r, n, seat)
                    return
        _win(r, n, seat)
        return
    first = n["turn_plays"][0]
    # a series goes on from what the table sees, never from the cards left: the player stops it with a pass
    if r.series_card(card) and r.series_card(first):
        n["phase"] = Phase.SERIES
        return
    if r.wild_finish and r.is_wild(card) and r.is_wild(first) and (r.wild_finish_opens == "always" or s.announced[seat] is Call.MAU_MAU):
        n["phase"] = Phase.SERIES
        return
    _end_turn(r, n, seat)


def _win(r: Rules, n: _Next, seat: int) -> None:
    """``seat`` went out and wins the round."""
    ann = r.announce
    n["phase"] = Phase.OVER
    n["end"] = EndReason.EMPTY_HAND
    n["winner"] = seat
    if isinstance(ann, Announcement) and ann.final_word:
        n.set_call(seat, Call.MAU_MAU)
    n["missed_calls"] = ()
    if r.final_effects and n["pending_draw"]:
        skips = sum(1 for c in n["turn_plays"] if r.skips(c))
        n.draw(r, (seat + n["direction"] * (1 + skips)) % len(n.hands), n["pending_draw"])
    n["pending_draw"] = 0
    n["penalty_stack"] = ()
    n["pending_skip"] = 0


def _by_count(n: _Next, reason: EndReason) -> None:
    """The round ends: the fewest cards win; a tie for fewest has no winner."""
    sizes = [len(h) for h in n.hands]
    low = min(sizes)
    n["winner"] = sizes.index(low) if sizes.count(low) == 1 else None
    n["end"] = reason
    n["phase"] = Phase.OVER
    n["pending_draw"] = 0
    n["penalty_stack"] = ()
    n["pending_skip"] = 0
    n["drawn"] = None
    n["missed_calls"] = ()


def _draw(r: Rules, s: GameState, n: _Next, seat: int) -> None:
    n["fresh"] = False
    n["passes"] = 0
    if s.pending_draw:
        ends = (isinstance(r.penalty, DrawPenalty) and r.penalty.ends_turn) or not isinstance(r.penalty, DrawPenalty)
        skip = any((p := r.penalty_of(c)) is not None and p.skip for c in s.penalty_stack)
        n.draw(r, seat, s.pending_draw)
        n["pending_draw"] = 0
        n["penalty_stack"] = ()
        if ends or skip:
            _end_turn(r, n, seat)
        return
    got = n.draw(r, seat, 1)
    if got and s.phase is Phase.PLAY and s.fresh and r.demands(s.top_card):
        while got[-1].suit is not s.wished_suit:  # R_DRAW_UNTIL_SUIT: draw on until the demanded suit comes
            more = n.draw(r, seat, 1)
            if not more:
                break
            got = got + more
    n["phase"] = Phase.DRAWN
    n["drawn"] = got[-1] if got else None


def _pass(r: Rules, s: GameState, n: _Next, seat: int) -> None:
    n["drawn"] = None
    players = len(n.hands)
    if s.phase is Phase.FINISHING:  # nobody called the finisher out
        _win(r, n, _finisher(s) or 0)
        return
    if s.phase is Phase.SERIES:
        _end_turn(r, n, seat)
        return
    n["fresh"] = False
    if s.phase is Phase.DRAWN:
        n["phase"] = Phase.PLAY
        n["seat_to_act"] = (seat + n["direction"]) % players
        return
    if s.pending_skip:
        n["pending_skip"] = 0
        n["seat_to_act"] = (seat + n["direction"] * s.pending_skip) % players
        return
    n["passes"] = s.passes + 1
    n["seat_to_act"] = (seat + n["direction"]) % players
    if r.blocked_end and n["passes"] >= players and not _can_draw(r, s):
        _by_count(n, EndReason.BLOCKED)


def reference_apply(s: GameState, move: Move, player: int | None = None) -> GameState:
    """The state after the legal ``move`` of ``player`` (default: the player to act), from the rule objects."""
    r = Rules(s)
    n = _Next(s)
    seat = s.seat_to_act if player is None else player
    if s.missed_calls:
        _close_window(r, n, seat, move)
    if isinstance(move, Play):
        _play(r, s, n, seat, move)
    elif isinstance(move, Draw):
        _draw(r, s, n, seat)
    elif isinstance(move, Pass):
        _pass(r, s, n, seat)
    else:
        assert isinstance(move, CallOut) and isinstance(r.announce, Announcement)
        n.draw(r, move.seat, r.announce.penalty)
        if s.phase is Phase.FINISHING and move.seat == _finisher(s):  # no win: the card stays, play goes on
            n["phase"] = Phase.PLAY
            _end_turn(r, n, move.seat)
        else:
            n["missed_calls"] = tuple(p for p in n["missed_calls"] if p != move.seat)
    if n["end"] is None and r.max_moves is not None and n["turn"] >= r.max_moves:
        _by_count(n, EndReason.TURN_LIMIT)
    return n.state(s)


_ = _EMPTY
