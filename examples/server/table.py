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
from maumau_rules.explain import name_text, summary_text
from maumau_rules.families import family_of
from maumau_rules.i18n import gettext as _
from maumau_rules.i18n import ngettext
from maumau_rules.moves import Move, Pass, Play, Redeal
from maumau_rules.variants import available_variants
from maumau_rules.views import view

__all__ = ["BOT_KINDS", "bot_move", "describe_step", "make_bots", "seat_names", "table_svg", "variants_json"]

BOT_KINDS: Final = ("heuristic", "random")
"""The bots the web table offers (the search bot is left out: it costs a server far more CPU per move)."""

MAX_STEPS: Final = 400
"""The most moves a bot run makes in one go (a safety bound: a game of the registered variants is far shorter)."""


def variants_json() -> list[dict[str, Any]]:
    """The registered variants, for the page's chooser: ID, name, family, the player counts allowed and the summary,
    the name and summary in the current language (the request's).

    >>> [v for v in variants_json() if v["id"] == "malilla"][0]["players"]
    [4, 4]
    """
    return [{"id": v.id, "name": name_text(v), "family": v.family, "players": list(v.players),
             "summary": summary_text(v)} for v in available_variants()]


def seat_names(players: int, *, seat: int, bots: Mapping[int, str], family: str) -> list[str]:
    """What the page of ``seat`` calls every seat: "you", "CPU n" for the server's bots, "player n" for the other
    people; in Malilla the partner (the seat opposite) is marked. In the current language (the request's).

    >>> seat_names(4, seat=1, bots={0: "heuristic", 2: "random"}, family="malilla")
    ['CPU 0', 'you', 'CPU 2', 'player 3 (partner)']
    """
    names = [_("you") if s == seat else _("CPU {n}").format(n=s) if s in bots else _("player {n}").format(n=s)
             for s in range(players)]
    if family == "malilla" and players == 4:
        partner = (seat + 2) % 4
        names[partner] = _("{name} (partner)").format(name=names[partner])
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


def _say(who: str, you: str, other: str, /, **values: Any) -> str:
    """The sentence ``you`` (already translated) when ``who`` is the page's own seat, else ``other`` about ``who``."""
    return you.format(**values) if who == _("you") else other.format(who=who, **values)


def _maumau_line(e: Event, names: Sequence[str]) -> str:
    """One event in words: the library's sentence (:func:`maumau_rules.events.describe_events`), or ours for the
    events it leaves to the interface (the move itself, the end)."""
    match e:
        case Played(seat=seat, card=card, call=call):
            if call is not None:
                return _say(names[seat], _("you play {card} and say “{call}”"),
                            _("{who} plays {card} and says “{call}”"), card=card, call=call.value)
            return _say(names[seat], _("you play {card}"), _("{who} plays {card}"), card=card)
        case WrongCard(seat=seat, card=card):
            return _say(names[seat], _("you play {card}, which may not be played, and take it back"),
                        _("{who} plays {card}, which may not be played, and takes it back"), card=card)
        case Passed(seat=seat):
            return _say(names[seat], _("you pass"), _("{who} passes"))
        case CalledOut(by=by, seat=seat):
            return _say(names[by], _("you call out {other}"), _("{who} calls out {other}"), other=names[seat])
        case CallMissed(seat=seat):
            return _("{who} forgot the call that was due").format(who=names[seat])
        case WinStands(by=by):
            return _say(names[by], _("you let the finish stand: nobody called it out"),
                        _("{who} lets the finish stand: nobody called it out"))
        case RoundOver(winner=winner):
            if winner is None:
                return _("the game is over")
            return _say(names[winner], _("the game is over: you win"), _("the game is over: {who} wins"))
    return " ".join(_you(t) for t in _describe_events([e], names))


def _maumau_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    return [line for line in (_maumau_line(e, names) for e in events) if line]


def _malilla_lines(before: Any, move: Move, mover: int, after: Any, names: Sequence[str]) -> list[str]:
    who = names[mover]
    stage = before.stage.value
    if isinstance(move, Play):
        lines = [_say(who, _("you play {card} ({name})"), _("{who} plays {card} ({name})"), card=move.card,
                      name=move.card.name)]
        if after.offender is not None:
            breach = after.breach.value if after.breach is not None else _("a breach of the rules")
            lines.append(_("that breaks the rules ({breach}): {who}'s team loses").format(breach=breach, who=who))
        elif len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            lines.append(_say(names[trick.winner],
                              ngettext("you take the trick ({n} point)", "you take the trick ({n} points)",
                                       trick.points),
                              ngettext("{who} takes the trick ({n} point)", "{who} takes the trick ({n} points)",
                                       trick.points), n=trick.points))
    elif isinstance(move, Redeal):
        lines = [_say(who, _("you agree to a new deal"), _("{who} agrees to a new deal")) if stage == "answer"
                 else _say(who, _("you ask for a new deal (seven cards of a suit)"),
                           _("{who} asks for a new deal (seven cards of a suit)"))]
    elif isinstance(move, Pass):
        lines = [_say(who, _("you refuse a new deal"), _("{who} refuses a new deal")) if stage == "answer"
                 else _say(who, _("you ask for no new deal"), _("{who} asks for no new deal"))]
    else:
        lines = [_say(who, _("you play {card}"), _("{who} plays {card}"), card=move)]
    if after.is_over:
        points = after.points
        if after.winner is None and after.offender is not None:  # said above: the offender's team loses
            lines.append(_("the hand is over"))
        elif after.winner is None:  # an even split of the hand's points: no team wins it
            lines.append(_("the hand is over: a tie, {points} points to {other}").format(points=points[0],
                                                                                        other=points[1]))
        else:
            team = [s for s in range(4) if s % 2 == after.winner]
            lines.append(_("the hand is over: {team} win with {points} points to {other}").format(
                team=_(" and ").join(names[s] for s in team), points=points[after.winner],
                other=points[1 - after.winner]))
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
