"""The Malilla table as a picture: what lies where, from a view (:class:`~maumau_rules.svg.TableScene`).

>>> from maumau_rules import new_game, view
>>> s = new_game("malilla", 4, seed=1)
>>> scene = table_scene(view(s, 2))
>>> scene.viewer, len(scene.seats[2].cards), scene.seats[0].cards, scene.panel[0].cards == (s.trump_card,)
(2, 10, (), True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...svg import SeatScene, TableScene, Zone, seat_names
from .plan import SEATS, team_of
from .views import MalillaPlayerView, MalillaPublicView

__all__ = ["table_scene"]

_TEAM: tuple[str, str] = ("team A (seats 0 & 2)", "team B (seats 1 & 3)")


def _status(v: MalillaPublicView, names: Sequence[str]) -> str:
    if v.end is not None:
        who = f"team {'AB'[v.winner]} won" if v.winner is not None else "nobody won"
        return f"over ({v.end.value.replace('_', ' ')}): {who}"
    stage = {"redeal": " (may ask for a new deal)", "answer": " (answers the call for a new deal)"}.get(
        v.stage.value, "")
    return f"{names[v.seat_to_act]} to act{stage}"


def table_scene(v: MalillaPublicView, names: Sequence[str] | None = None) -> TableScene:
    """The scene of a Malilla view: the viewer's hand face up, the other hands as backs, the trick in front of the
    seats that played it (or the last trick, with its winner), and the trump card, the tricks and points each team
    took, the match scores and the Albur in the side panel.

    Args:
        v: a :class:`~.views.MalillaPlayerView` or a :class:`~.views.MalillaPublicView`.
        names: a name for each seat.

    >>> from maumau_rules import new_game, public_view
    >>> scene = table_scene(public_view(new_game("malilla", 4, seed=1)))
    >>> scene.viewer, scene.trick, [s.notes[0] for s in scene.seats]
    (None, (), ['team A', 'team B', 'team A', 'team B'])
    """
    viewer = v.seat if isinstance(v, MalillaPlayerView) else None
    shown = seat_names(SEATS, viewer, names)
    seats = []
    for p in range(SEATS):
        notes = [f"team {'AB'[team_of(p)]}"]
        if p == v.dealer:
            notes.append("dealer")
        seats.append(SeatScene(seat=p, name=shown[p], count=v.hand_sizes[p],
                               cards=v.hand if p == viewer and isinstance(v, MalillaPlayerView) else (),
                               notes=tuple(notes), to_act=p == v.seat_to_act and v.end is None, mine=p == viewer))
    done = not v.trick and bool(v.tricks)
    if v.trick:
        trick = tuple(((v.leader - i) % SEATS, c) for i, c in enumerate(v.trick))
        label = f"trick led by {shown[v.leader]}"
    elif done:
        last = v.tricks[-1]
        trick = tuple(zip(last.seats, last.cards, strict=True))
        label = f"last trick: taken by {shown[last.winner]}, {last.points} points"
    else:
        trick, label = (), ""
    trump = v.trump_card.suit
    panel = [Zone("trump", "trump", cards=(v.trump_card,), text=trump.english if trump is not None else "")]
    for team in (0, 1):
        taken = sum(1 for t in v.tricks if team_of(t.winner) == team)
        # (no-break spaces: a number stays with its word when the panel wraps the line)
        panel.append(Zone("taken", _TEAM[team], text=f"{taken}\u00a0trick{'s' if taken != 1 else ''}, "
                                                     f"{v.points[team]}\u00a0points"))
    panel.append(Zone("scores", "match", text=f"A\u00a0{v.scores[0]} · B\u00a0{v.scores[1]}"))
    if any(v.bonus):
        panel.append(Zone("bonus", "bonus of the deal", text=f"A\u00a0{v.bonus[0]} · B\u00a0{v.bonus[1]}"))
    if v.albur:
        panel.append(Zone("albur", "Albur", cards=v.albur))
    if v.asker is not None:
        panel.append(Zone("redeal", f"{shown[v.asker]} asked for a new deal"))
    moves = v.legal_moves if isinstance(v, MalillaPlayerView) else ()
    return TableScene(title=v.rules.name, viewer=viewer, seats=tuple(seats), trick=trick, trick_label=label,
                      trick_done=done,
                      panel=tuple(panel), moves=tuple(moves), status=_status(v, shown))
