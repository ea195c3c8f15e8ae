"""The web table of the example server: seat names, the server's bots, what each move did in words, the picture.

Everything here works from what one seat may know: a move's events are made for that seat (``viewer``), its
picture is drawn from its own view (:func:`maumau_rules.views.view`), so a page never receives a card that its
seat cannot see. The routes that use it are in :mod:`app` (``/``, ``/static/...``, ``/variants``,
``/games/{id}/table``, ``/verify``); the page itself is ``static/index.html`` and ``static/table.js``.

>>> from maumau_rules import apply, new_game
>>> names = seat_names(2, seat=0, bots={1: "heuristic"}, family="maumau")
>>> names
['you', 'CPU 1']
>>> s = new_game("standard", 2, seed=5)
>>> move = s.legal_moves()[0]
>>> step = describe_step(s, move, s.seat_to_act, apply(s, move), viewer=0, names=names)
>>> step["move"] == str(move), step["text"][0]
(True, 'you play J♠')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from maumau_rules import legal_moves
from maumau_rules.bots import Bot, interjection
from maumau_rules.events import (
    CalledOut,
    CallMissed,
    Event,
    Passed,
    Played,
    RoundOver,
    WinStands,
    WrongCard,
    events_between,
)
from maumau_rules.events import describe_events as _describe_events
from maumau_rules.families import family_of
from maumau_rules.moves import Move, Pass, Play, Redeal
from maumau_rules.variants import available_variants
from maumau_rules.views import view

__all__ = ["BOT_KINDS", "bot_move", "describe_step", "make_bots", "seat_names", "table_svg", "variants_json"]

BOT_KINDS: Final = ("heuristic", "random")
"""The bots the web table offers (the search bot is left out: it costs a server far more CPU per move)."""

MAX_STEPS: Final = 400
"""The most moves a bot run makes in one go (a safety bound: a game of the registered variants is far shorter)."""


def variants_json() -> list[dict[str, Any]]:
    """The registered variants, for the page's chooser: ID, name, family and the player counts allowed.

    >>> [v for v in variants_json() if v["id"] == "malilla"][0]["players"]
    [4, 4]
    """
    return [{"id": v.id, "name": v.name, "family": v.family, "players": list(v.players), "summary": v.summary}
            for v in available_variants()]


def seat_names(players: int, *, seat: int, bots: Mapping[int, str], family: str) -> list[str]:
    """What the page of ``seat`` calls every seat: "you", "CPU n" for the server's bots, "player n" for the other
    people; in Malilla the partner (the seat opposite) is marked.

    >>> seat_names(4, seat=1, bots={0: "heuristic", 2: "random"}, family="malilla")
    ['CPU 0', 'you', 'CPU 2', 'player 3 (partner)']
    """
    names = ["you" if s == seat else f"CPU {s}" if s in bots else f"player {s}" for s in range(players)]
    if family == "malilla" and players == 4:
        partner = (seat + 2) % 4
        names[partner] += " (partner)"
    return names


def make_bots(state: Any, bots: Mapping[int, str], seed: int) -> dict[int, Bot]:
    """One bot of the state's family per bot seat, of the kind named for it (:data:`BOT_KINDS`).

    >>> from maumau_rules import new_game
    >>> sorted(make_bots(new_game("malilla", 4, seed=1), {1: "heuristic", 3: "random"}, seed=7))
    [1, 3]
    """
    fam = family_of(state.variant)
    return {seat: fam.make_bot(kind, seed + seat) for seat, kind in bots.items()}


def bot_move(state: Any, bots: Mapping[int, Bot]) -> tuple[int, Move] | None:
    """The next move the server's bots make at ``state``, with its seat, or ``None`` when a person is to act (or
    the game is over). First a bot seat that has a move between turns may make it (a call-out), then the seat to
    act, if it is a bot. Each bot chooses from its own view only.

    >>> from maumau_rules import apply, new_game
    >>> s = new_game("standard", 2, seed=5)
    >>> bots = make_bots(s, {1 - s.seat_to_act: "heuristic"}, seed=1)
    >>> bot_move(s, bots) is None   # the person is to act
    True
    >>> seat, move = bot_move(apply(s, s.legal_moves()[0]), bots)
    >>> seat == 1 - s.seat_to_act
    True
    """
    if state.is_over:
        return None
    actor = state.seat_to_act
    for k in range(1, state.players):
        seat = (actor + k) % state.players
        if seat in bots and legal_moves(state, seat):
            move = interjection(bots[seat], view(state, seat))
            if move is not None:
                return seat, move
    if actor in bots:
        return actor, bots[actor].choose(view(state, actor))
    return None


def _you(text: str) -> str:
    """A sentence of :func:`describe_events` about "you" with its verb agreed (it agrees only "draw")."""
    for wrong, right in (("you misses ", "you miss "), ("you plays ", "you play ")):
        if text.startswith(wrong):
            return right + text[len(wrong):]
    return text


def _verb(who: str, verb: str) -> str:
    if who == "you":
        return f"you {verb}"
    return f"{who} {verb}es" if verb.endswith(("s", "sh")) else f"{who} {verb}s"


def _maumau_line(e: Event, names: Sequence[str]) -> str:
    """One event in words: the library's sentence (:func:`maumau_rules.events.describe_events`), or ours for the
    events it leaves to the interface (the move itself, the end)."""
    match e:
        case Played(seat=seat, card=card, call=call):
            who = names[seat]
            return _verb(who, "play") + f" {card}" + (f" and {'say' if who == 'you' else 'says'} “{call.value}”"
                                                      if call is not None else "")
        case WrongCard(seat=seat, card=card):
            who = names[seat]
            return _verb(who, "play") + f" {card}, which may not be played, and take{'' if who == 'you' else 's'} " \
                                        "it back"
        case Passed(seat=seat):
            return _verb(names[seat], "pass")
        case CalledOut(by=by, seat=seat):
            return _verb(names[by], "call") + f" out {names[seat]}"
        case CallMissed(seat=seat):
            return f"{names[seat]} forgot the call that was due"
        case WinStands(by=by):
            return f"{names[by]} {'let' if names[by] == 'you' else 'lets'} the finish stand: nobody called it out"
        case RoundOver(winner=winner):
            if winner is None:
                return "the game is over"
            return f"the game is over: {names[winner]} {'win' if names[winner] == 'you' else 'wins'}"
    return " ".join(_you(t) for t in _describe_events([e], names))


def _maumau_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    return [line for line in (_maumau_line(e, names) for e in events) if line]


def _malilla_lines(before: Any, move: Move, mover: int, after: Any, names: Sequence[str]) -> list[str]:
    who = names[mover]
    stage = before.stage.value
    if isinstance(move, Play):
        lines = [_verb(who, "play") + f" {move.card} ({move.card.name})"]
        if after.offender is not None:
            breach = after.breach.value if after.breach is not None else "a breach of the rules"
            lines.append(f"that breaks the rules ({breach}): {who}'s team loses")
        elif len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            taker = names[trick.winner]
            lines.append(_verb(taker, "take") + f" the trick ({trick.points} point{'s' * (trick.points != 1)})")
    elif isinstance(move, Redeal):
        lines = [_verb(who, "agree") + " to a new deal" if stage == "answer"
                 else _verb(who, "ask") + " for a new deal (seven cards of a suit)"]
    elif isinstance(move, Pass):
        lines = [_verb(who, "refuse") + " a new deal" if stage == "answer" else _verb(who, "ask") + " for no new deal"]
    else:
        lines = [_verb(who, "play") + f" {move}"]
    if after.is_over:
        points = after.points
        if after.winner is None and after.offender is not None:  # said above: the offender's team loses
            lines.append("the hand is over")
        elif after.winner is None:  # an even split of the hand's points: no team wins it
            lines.append(f"the hand is over: a tie, {points[0]} points to {points[1]}")
        else:
            team = [s for s in range(4) if s % 2 == after.winner]
            lines.append(f"the hand is over: {' and '.join(names[s] for s in team)} win with {points[after.winner]} "
                         f"points to {points[1 - after.winner]}")
    return lines


def describe_step(before: Any, move: Move, mover: int, after: Any, *, viewer: int, names: Sequence[str]
                  ) -> dict[str, Any]:
    """One step of the game as ``viewer`` may know it: the move, its seat, the events (JSON, the Mau-Mau family's
    :mod:`maumau_rules.events` for ``viewer``: cards another seat drew are not in them) and sentences saying what
    happened.

    >>> from maumau_rules import apply, new_game
    >>> s = new_game("malilla", 4, seed=1)
    >>> describe_step(s, Pass(), 0, apply(s, Pass()), viewer=0, names=seat_names(4, seat=0, bots={}, family="malilla"))
    {'turn': 0, 'seat': 0, 'move': 'pass', 'events': [], 'text': ['you ask for no new deal']}
    """
    if family_of(before.variant).name == "maumau":
        events = events_between(before, move, after, player=mover, viewer=viewer)
        return {"turn": before.turn, "seat": mover, "move": str(move), "events": [e.to_json() for e in events],
                "text": _maumau_lines(events, names)}
    return {"turn": before.turn, "seat": mover, "move": str(move), "events": [],
            "text": _malilla_lines(before, move, mover, after, names)}


def table_svg(state: Any, seat: int, names: Sequence[str], last_move: Move | None) -> str:
    """The picture of ``seat``'s table: :func:`maumau_rules.svg.view_svg` of its own view (other hands are backs),
    its legal moves highlighted and clickable (``data-move``).

    >>> from maumau_rules import new_game
    >>> svg = table_svg(new_game("standard", 2, seed=5), 0, ["you", "CPU 1"], None)
    >>> svg.startswith("<svg") and "data-move" in svg
    True
    """
    from maumau_rules.svg import view_svg

    v = view(state, seat)
    return view_svg(v, highlight=v.legal_moves, last_move=last_move, names=list(names))
