"""Mau-Mau's terminal game (``maumau play``): a match against the computer that teaches the variant as it goes.

Prompts, examples and help come from the variant's own rules (:mod:`maumau_rules.explain`): its wild cards, its
calls, what each card does. What every move did is shown from its events (:mod:`maumau_rules.events`): skips,
reversals, penalties, reshuffles, call-outs. Between turns the human is offered call-outs when another player
missed a call. After each round the points are explained. Suits are coloured on a terminal that supports it.

>>> from maumau_rules import Draw, apply, new_game
>>> s = new_game("standard", 2, seed=3)
>>> describe_move(s, Draw(), apply(s, Draw()))
'P1 draws 1 card'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TextIO

from ...bots import Bot, interjection, make_bot
from ...cli_play import (
    Colours,
    _words_for,
    error_text,
    moves_line,
    sorted_hand,
    terminal_help,
    verdict_text,
    wants_another,
)
from ...errors import MauMauError
from ...events import Event, events_between
from ...exitcodes import ExitCode
from ...explain import move_examples, scoring_summary, terminal_command
from ...game import apply, call_due, call_mistake, check, legal_moves
from ...i18n import gettext as _
from ...i18n import ngettext
from ...moves import CallOut, Draw, Move, Pass, Play, parse_move
from ...scoring import Match, next_round, round_points, start_match
from ...variants import Variant
from ...views import view
from .state import GameState, Phase
from .views import PlayerView

__all__ = ["describe_event", "describe_move", "play_command"]


def _name(seat: int, human: int | None, seats: Sequence[int] = ()) -> str:
    """The name of the round's ``seat``: "you" for the human's, else by its seat in the match (``seats``: the match
    seat of each seat of the round, once players are out of the match; default the same numbers)."""
    if seat == human:
        return _("you")
    n = seats[seat] if seats else seat
    return _("CPU {n}").format(n=n) if human is not None else f"P{n}"


def _you(seat: int, human: int | None, seats: Sequence[int], you: str, other: str, **values: object) -> str:
    """``you`` when ``seat`` is the human's (a sentence in the second person), else ``other`` with ``{who}``."""
    if seat == human:
        return you.format(**values)
    return other.format(who=_name(seat, human, seats), **values)


def _words(v: Variant) -> dict[str, str]:
    """The variant's words for the two calls."""
    ann = v.plan.announcer
    if ann is None:
        return {}
    return {"mau": ann.words[0], "maumau": ann.words[1]}


def describe_move(before: GameState, move: Move, after: GameState, human: int | None = None,
                  seat: int | None = None, seats: Sequence[int] = ()) -> str:
    """One line saying what a move did, in words (``seat``: the seat that made it, default the seat to act); the
    human (seat ``human``) is spoken to as "you", the others named by their seats in the match (``seats``, see
    :func:`describe_event`).

    >>> from maumau_rules import new_game, Draw, apply
    >>> s = new_game("standard", players=2, seed=3)
    >>> describe_move(s, Draw(), apply(s, Draw())) == f"P{s.seat_to_act} draws 1 card"
    True
    >>> describe_move(s, Draw(), apply(s, Draw()), human=s.seat_to_act)
    'you draw 1 card'
    """
    seat = before.seat_to_act if seat is None else seat
    words = _words(before.variant)
    text = _you(seat, human, seats, _("you move"), _("{who} moves"))
    match move:
        case Play() if move not in legal_moves(before, seat):
            text = _you(seat, human, seats, _("you play {card}, which does not fit: it goes back"),
                        _("{who} plays {card}, which does not fit: it goes back"), card=move.card)
        case Play():
            text = _you(seat, human, seats, _("you play {card}"), _("{who} plays {card}"), card=move.card)
            if move.wish is not None:
                text += _you(seat, human, seats, _(" and wish {suit}"), _(" and wishes {suit}"), suit=move.wish.symbol)
            if move.call is not None:
                text += _you(seat, human, seats, _(' and call "{word}!"'), _(' and calls "{word}!"'),
                             word=words.get(move.call.value, move.call.value))
            due = call_due(before.variant, before.hands[seat], move.card)
            seen = call_mistake(before.variant, before.hands[seat], move.card, move.call)
            ann = before.variant.plan.announcer
            # which word was due may hang on the card kept: only its player (and the table once it is shown) knows
            known = human == seat or (ann is not None and not ann.jack_call) or len(before.hands[seat]) > 2
            if due is not None and move.call is not due and (seen is not None or human == seat):
                word = words.get(due.value, due.value)
                if move.call is None:
                    text += (_(' without saying "{word}"').format(word=word) if known
                             else _(" without the call that was due"))
                else:
                    text += _(' (the wrong word: "{word}" was due)').format(word=word)
            if after.phase is Phase.FINISHING:
                text += _you(seat, human, seats, _(" and go out, without the call that was needed"),
                             _(" and goes out, without the call that was needed"))
        case Draw():
            got = len(after.hands[seat]) - len(before.hands[seat])
            text = _you(seat, human, seats, ngettext("you draw {n} card", "you draw {n} cards", got),
                        ngettext("{who} draws {n} card", "{who} draws {n} cards", got), n=got)
            if before.pending_draw:
                text += _(" (penalty +{n})").format(n=before.pending_draw)
        case Pass() if before.phase is Phase.FINISHING:
            text = _you(seat, human, seats, _("you let the win stand"), _("{who} lets the win stand"))
        case Pass():
            text = _you(seat, human, seats, _("you pass"), _("{who} passes"))
        case CallOut():
            got = len(after.hands[move.seat]) - len(before.hands[move.seat])
            if move.seat == human:
                text = ngettext("{who} calls you out: you draw {n} card", "{who} calls you out: you draw {n} cards",
                                got).format(who=_name(seat, human, seats), n=got)
            else:
                text = _you(seat, human, seats,
                            ngettext("you call {target} out, who draws {n} card",
                                     "you call {target} out, who draws {n} cards", got),
                            ngettext("{who} calls {target} out, who draws {n} card",
                                     "{who} calls {target} out, who draws {n} cards", got),
                            target=_name(move.seat, human, seats), n=got)
            if before.phase is Phase.FINISHING and move.seat == before.finisher:
                text += (_(" and you do not win: play goes on") if move.seat == human
                         else _(" and does not win: play goes on"))
    if after.is_over:
        if after.winner is not None:
            text += " — " + _you(after.winner, human, seats, _("you win the round"), _("{who} wins the round"))
        else:
            tied = _(" and ").join(_name(p, human, seats) for p in after.tied)
            text += " — " + _("the round ends ({end}) in a tie between {players}").format(
                end=after.end.value if after.end else "", players=tied)
    return text


def describe_event(e: Event, human: int | None, players: int, seats: Sequence[int] = ()) -> str:
    """One of the events shown under a move, in words, the human spoken to as "you" (``""``: not shown); the
    others are named by their seats in the match (``seats``: the match seat of each seat of the round, which
    differ once a player is out of the match; default the round's own).

    >>> from maumau_rules.events import PlaysAgain, Skipped
    >>> describe_event(PlaysAgain(0), 0, 3), describe_event(Skipped(1), 0, 3)
    ('you play again', 'CPU 1 misses a turn')
    """
    seat = getattr(e, "seat", 0)
    match e.kind:
        case "skipped":
            return _you(seat, human, seats, _("you miss a turn"), _("{who} misses a turn"))
        case "reversed":
            return (_("the direction of play is reversed (now clockwise)") if getattr(e, "direction", 1) == 1
                    else _("the direction of play is reversed (now counter-clockwise)"))
        case "plays_again":
            return _you(seat, human, seats, _("you play again"), _("{who} plays again"))
        case "reshuffled":
            count = getattr(e, "count", 0)
            return ngettext("the discard pile ({n} card) is shuffled into a new stock",
                            "the discard pile ({n} cards) is shuffled into a new stock", count).format(n=count)
        case "drew":
            count = getattr(e, "count", 0)
            cards = getattr(e, "cards", ())
            why = {"penalty": _(" (penalty)"), "called_out": _(" (called out)"), "call_penalty": _(" (missed call)"),
                   "wrong_card": _(" (wrong card)")}.get(getattr(e, "reason", ""), "")
            what = f": {' '.join(map(str, cards))}" if cards else ""
            return _you(seat, human, seats, ngettext("you draw {n} card", "you draw {n} cards", count),
                        ngettext("{who} draws {n} card", "{who} draws {n} cards", count), n=count) + why + what
        case "penalty_pending":
            return _you(seat, human, seats, _("you must draw {n} unless you pass the penalty on"),
                        _("{who} must draw {n} unless the penalty is passed on"), n=getattr(e, "amount", 0))
        case "skip_pending":
            return _you(seat, human, seats, _("you must answer the skip or miss a turn"),
                        _("{who} must answer the skip or miss a turn"))
        case "wished":
            suit = getattr(e, "suit", None)
            return _("{suit} is wished").format(suit=suit.symbol if suit is not None else "")
        case "hands_changed":  # a house rule took and gave cards: who holds how many now
            sizes = getattr(e, "sizes", ())
            return _("the hands change (cards held now: {sizes})").format(
                sizes=", ".join(f"{_name(p, human, seats)} {k}" for p, k in enumerate(sizes)))
    return ""


_SHOWN_EVENTS = frozenset({"skipped", "reversed", "plays_again", "reshuffled", "penalty_pending", "skip_pending",
                           "wished", "hands_changed"})
"""The events printed under a move (the move's own line says the rest)."""


def _consequences(before: GameState, move: Move, after: GameState, seat: int, human: int | None,
                  seats: Sequence[int] = ()) -> list[str]:
    """What else the move did, from its events as the human may see them (a human out of the match sees what a
    spectator sees): skips, reversals, penalties ..."""
    viewer = human if human is not None and 0 <= human < before.players else None
    events = events_between(before, move, after, player=seat, viewer=viewer)
    shown = [e for e in events if e.kind in _SHOWN_EVENTS
             or (e.kind == "drew" and getattr(e, "reason", "") in ("card_effect", "call_penalty", "wrong_card"))]
    return [line for line in (describe_event(e, human, before.players, seats) for e in shown) if line]


def _window_text(state: GameState, offender: int, human: int | None, seats: Sequence[int] = ()) -> str:
    """Why ``offender`` can be called out, in words."""
    words = _words(state.variant)
    who = _name(offender, human, seats)
    if state.finisher == offender:
        return _("{who} went out without the call that was needed").format(who=who)
    call = state.announced[offender]
    if call is None:
        return _("{who} said nothing when a call was due").format(who=who)
    return _('{who} said "{word}" when a call was due').format(who=who, word=words.get(call.value, call.value))


class _Table:
    """One match at the terminal: the human's seat, the bots, and where to read and write."""

    def __init__(self, match: Match, bots: list[Bot], human: int | None, read: Callable[[str], str], out: TextIO,
                 colours: Colours, quiet: bool) -> None:
        self.match = match
        self.bots = bots
        self.human = human
        self.read = read
        self.out = out
        self.c = colours
        self.quiet = quiet
        self.asked: set[tuple[int, int]] = set()
        self.my_turns = 0
        """The human's turns so far in this round (the number the terminal shows: consecutive)."""
        self.last_mover: int | None = None

    def say(self, text: str = "") -> None:
        print(self.c.suits(text), file=self.out)

    # ------------------------------------------------------------ the human's turn

    def show_table(self, pv: PlayerView, seat: int) -> None:
        v = pv.rules

        def size(i: int, n: int) -> str:
            call = pv.announced[i]
            if call is None or n != 1:  # a call is news only while its player is down to the one card
                return f"{_name(i, seat, self.match.seats)} ({n})"
            word = _words(v).get(call.value, call.value)
            return _('{who} ({n}, said "{word}")').format(who=_name(i, seat, self.match.seats), n=n, word=word)

        sizes = " · ".join(size(i, n) for i, n in enumerate(pv.hand_sizes))
        extra = []
        if pv.wished_suit is not None:
            extra.append(_("wished suit {suit}").format(suit=pv.wished_suit.symbol))
        if pv.any_card:
            extra.append(_("any card may be played"))
        if pv.pending_draw:
            extra.append(_("pending draw +{n}: pass it on or draw").format(n=pv.pending_draw))
        if pv.pending_skip:
            extra.append(_("a skip is pending: answer it or pass"))
        self.say("\n── " + _("your turn {n} · {variant}").format(n=self.my_turns, variant=_(v.name)) + " ──")
        self.say(_("top card {card}").format(card=pv.top_card) + ("   " + ", ".join(extra) if extra else ""))
        self.say(_("players: {sizes}   stock: {stock}   direction: {direction}").format(
            sizes=sizes, stock=pv.stock_size,
            direction=_("clockwise") if pv.direction == 1 else _("counter-clockwise")))
        self.say(_("your hand: ") + " ".join(str(c) for c in sorted_hand(pv.hand)))
        if pv.drawn is not None:
            self.say(_("you drew {card}").format(card=pv.drawn))
        for w in pv.windows:
            if w.offender != seat:
                why = _window_text(self.state, w.offender, seat, self.match.seats)
                if w.kind == "unannounced_finish":
                    self.say(_("{why}: 'callout {n}' calls them out or 'pass' to let the win stand").format(
                        why=why, n=w.offender))
                else:
                    self.say(_("{why}: 'callout {n}' calls them out").format(why=why, n=w.offender))

    def prompt(self, v: Variant) -> str:
        ex = move_examples(v)
        shown = [ex["play"], *(ex[k] for k in ("wish", "call") if k in ex), "draw"]
        return _("your move (e.g. {examples}; '?' help, '? CARD', 'rules', 'quit'): ").format(
            examples=", ".join(shown))

    def ask_move(self, pv: PlayerView, seat: int) -> Move | None:
        v = pv.rules
        self.say(_("legal: ") + moves_line(pv.legal_moves))
        while True:
            try:
                text = self.read(self.prompt(v)).strip()
            except EOFError:
                return None
            if not text:
                continue
            low = text.lower()
            if low in _words_for("quit"):
                return None
            if low in _words_for("help"):
                self.say(_("legal: ") + moves_line(pv.legal_moves))
                for line in terminal_help(v):
                    self.say(line)
                continue
            if low in _words_for("score"):
                self.say(self.score_line())
                continue
            answer = terminal_command(v, text)
            if answer is not None:
                self.say(answer)
                continue
            try:
                move = parse_move(text)
            except MauMauError as exc:
                self.say(f"  ✗ {error_text(exc)}")
                continue
            verdict = check(self.state, move, player=seat)
            if verdict.ok:
                return move
            self.say(f"  ✗ {verdict_text(verdict, seat)}")

    def ask_callout(self, seat: int, move: CallOut) -> bool | None:
        try:
            answer = self.read(self.c.suits(_("{why}: call them out? [y/N] ").format(
                why=_window_text(self.state, move.seat, seat, self.match.seats))))
        except EOFError:
            return None
        answer = answer.strip().lower()
        if answer in _words_for("quit"):
            return None
        return answer in _words_for("yes") or answer in ("callout", "call", "nisi najavio")

    # ------------------------------------------------------------ the table

    @property
    def state(self) -> GameState:
        return self._state

    def next_move(self) -> tuple[int, Move] | None:
        """The next move and its seat: a call-out between turns (the human is asked first, once per window), or
        the move of the seat to act; ``None`` when the human quits."""
        state = self.state
        seats, human = self.match.seats, self.human
        actor = state.seat_to_act
        n = state.players
        if state.missed_calls or state.finisher is not None:
            order = [(actor + k * state.direction) % n for k in range(1, n)]
            if seats[actor] == human:  # the human to act is asked first too: the bots would always call first
                order.insert(0, actor)
            for seat in sorted(order, key=lambda p: seats[p] != human):
                for move in legal_moves(state, seat):
                    if seat == actor and not isinstance(move, CallOut):
                        continue  # (his other moves come at his turn's prompt)
                    if seats[seat] == human:
                        assert isinstance(move, CallOut)
                        key = (move.seat, state.turn if state.finisher is not None else -1)
                        if key in self.asked:
                            continue
                        self.asked.add(key)
                        yes = self.ask_callout(seat, move)
                        if yes is None:
                            return None
                        if yes:
                            return seat, move
                    else:
                        chosen = interjection(self.bots[seats[seat]], view(state, seat))
                        if chosen is not None:
                            return seat, chosen
                        break
        pv = view(state, actor)
        if seats[actor] == human:
            if self.last_mover != actor:  # a new turn of the human's (after drawing he is asked again, same turn)
                self.my_turns += 1
            self.last_mover = actor
            self.show_table(pv, actor)
            chosen_move = self.ask_move(pv, actor)
            return None if chosen_move is None else (actor, chosen_move)
        return actor, self.bots[seats[actor]].choose(pv)

    def play_round(self, history: list[GameState], movers: list[int]) -> GameState | None:
        state: GameState = self.match.game
        self._state = state
        history.append(state)
        seats, human = self.match.seats, self.human
        me = None if human is None else seats.index(human) if human in seats else -1
        if not self.quiet:
            self.say("\n=== " + _("round {n}: dealer {who}, start card {card}").format(
                n=self.match.round_no, who=_name(state.dealer, me, seats), card=state.top_card) + " ===")
        self.asked = set()
        self.my_turns, self.last_mover = 0, None
        while not state.is_over:
            found = self.next_move()
            if found is None:
                return None
            seat, move = found
            after = apply(state, move, player=seat)
            self.asked = {k for k in self.asked if k[0] in after.missed_calls or k[0] == after.finisher}
            if not self.quiet:
                self.say(describe_move(state, move, after, me, seat=seat, seats=seats))
                for line in _consequences(state, move, after, seat, me, seats):
                    self.say(f"  → {line}")
            self._state = state = after
            history.append(state)
            movers.append(seat)
            self.last_mover = seat
        return state

    _state: GameState

    def score_line(self) -> str:
        m = self.match
        return _("scores: ") + ", ".join(f"{_name(i, self.human)} {s}" for i, s in enumerate(m.scores))

    def explain_round(self, final: GameState) -> None:
        """The points of the round, seat by seat, and what they mean in this variant."""
        seats, human = self.match.seats, self.human
        points = round_points(final)
        v = final.variant
        parts = []
        for seat, pts in enumerate(points):
            left = final.hands[seat]
            why = _("winner") if seat == final.winner else ngettext("{n} card left", "{n} cards left",
                                                                      len(left)).format(n=len(left))
            parts.append(f"{_name(seats[seat], human)} {pts:+d} ({why})")
        self.say(_("points this round: ") + ", ".join(parts))
        self.say(scoring_summary(v))


def play_command(args: argparse.Namespace, variant: Variant, read: Callable[[str], str], out: TextIO,
                 err: TextIO) -> int:
    """``maumau play``: a match against the computer (or bots only); saves the records with ``--save``.

    >>> import io, argparse
    >>> from maumau_rules import find_variant
    >>> a = argparse.Namespace(players=2, seed=1, bots_only=True, bot="heuristic", mixed=False, rounds=1,
    ...                        quiet=True, save=None, color="never")
    >>> play_command(a, find_variant("standard"), input, io.StringIO(), io.StringIO())
    0
    """
    try:
        match = start_match(variant, args.players, seed=args.seed)
    except MauMauError as exc:
        print(f"maumau play: {error_text(exc)}", file=err)
        return int(ExitCode.USAGE)
    human = None if args.bots_only else 0
    bots: list[Bot] = [make_bot(args.bot if i != 1 or not args.mixed else "random", seed=args.seed + i)
                       for i in range(args.players)]
    colours = Colours(Colours.wanted(getattr(args, "color", "auto"), out))
    table = _Table(match, bots, human, read, out, colours, args.quiet)
    table.say(ngettext("{variant}: {n} player, seed {seed}", "{variant}: {n} players, seed {seed}", args.players)
              .format(variant=_(variant.name), n=args.players, seed=args.seed)
              + ("" if human is None else _("; you are seat 0 — type '?' for help, 'rules' for the rules")))
    if human is not None:
        table.say(scoring_summary(variant))
    rounds = 0
    histories: list[list[GameState]] = []
    movers: list[list[int]] = []
    while not match.over:
        histories.append([])
        movers.append([])
        table.match = match
        final = table.play_round(histories[-1], movers[-1])
        if final is None:
            table.say(_("bye"))
            return _save(args, histories, movers, out, err)
        rounds += 1
        if not args.quiet or human is not None:
            table.explain_round(final)
        before = table.match.seats
        match = next_round(match, final)
        table.match = match
        table.say(_("after round {n}: {scores}").format(n=rounds, scores=table.score_line()))
        for seat in before:  # the players the match's scoring puts out (Faraón, Mau King: past their limit)
            if seat not in match.seats and not match.over:
                table.say(_("you are out of the match: the others play on") if seat == human else
                          _("{who} is out of the match").format(who=_name(seat, human)))
        if args.rounds and rounds >= args.rounds:
            break
        if human is not None and not match.over and not wants_another(read, "round"):
            return _save(args, histories, movers, out, err)
    if match.over:
        if match.winner is None:
            table.say(_("match over: nobody wins the match"))
        else:
            table.say(_you(match.winner, human, (), _("match over: you win the match"),
                           _("match over: {who} wins the match")))
    return _save(args, histories, movers, out, err)


def _save(args: argparse.Namespace, histories: list[list[GameState]], movers: list[list[int]], out: TextIO,
          err: TextIO) -> int:
    """Write one game record per round played (a JSON list when there are several) to ``--save``."""
    path = args.save
    if not path or not any(histories):
        return int(ExitCode.OK)
    from ...records import dumps_records, record_from_history

    records = [record_from_history(h, movers=m) for h, m in zip(histories, movers, strict=True) if h]
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(dumps_records(records, indent=1) + "\n")
    except OSError as exc:
        print(_("maumau play: cannot write {path}: {why}").format(path=repr(path), why=exc.strerror or exc), file=err)
        return int(ExitCode.INPUT)
    print(ngettext("saved {n} record to {path}", "saved {n} records to {path}", len(records)).format(
        n=len(records), path=path), file=out)
    return int(ExitCode.OK)

