"""The Mau-Mau table as a picture: what lies where, from a view (:class:`~maumau_rules.svg.TableScene`).

>>> from maumau_rules import new_game, view
>>> s = new_game("standard", players=3, seed=1)
>>> scene = table_scene(view(s, 0))
>>> [z.key for z in scene.centre], scene.seats[0].cards == s.hands[0], scene.seats[1].cards
(['stock', 'discard'], True, ())
"""

from __future__ import annotations

from collections.abc import Sequence

from ...moves import Draw
from ...svg import SeatScene, TableScene, Zone, seat_names
from .views import PlayerView, PublicView

__all__ = ["table_scene"]


def _status(v: PublicView, names: Sequence[str]) -> str:
    if v.end is not None:
        who = f"{names[v.winner]} won" if v.winner is not None else "nobody won"
        return f"over ({v.end.value.replace('_', ' ')}): {who}"
    phase = {"drawn": " (has drawn)", "series": " (may add to the series)",
             "finishing": " (may let the win stand)"}.get(v.phase.value, "")
    return f"{names[v.seat_to_act]} to act{phase}"


def table_scene(v: PublicView, names: Sequence[str] | None = None) -> TableScene:
    """The scene of a Mau-Mau view: the viewer's hand face up, the other hands as backs, the stock and the discard
    pile in the middle; the wished suit, pending draw and skip, the direction and the scores in the side panel.

    Args:
        v: a :class:`~maumau_rules.families.maumau.views.PlayerView` or a :class:`~maumau_rules.families.maumau.views.PublicView`.
        names: a name for each seat.

    >>> from maumau_rules import new_game, public_view
    >>> scene = table_scene(public_view(new_game("standard", players=2, seed=1)))
    >>> scene.viewer, [s.cards for s in scene.seats]
    (None, [(), ()])
    """
    viewer = v.seat if isinstance(v, PlayerView) else None
    shown = seat_names(v.players, viewer, names)
    moves = v.legal_moves if isinstance(v, PlayerView) else ()
    seats = []
    word_of = getattr(v.rules.plan.announcer, "word_of", None)  # (the variant's words: "tschau", "Zadnja", ...)
    for p in range(v.players):
        notes = []
        if p == v.dealer:
            notes.append("dealer")
        call = v.announced[p]
        if call is not None:
            notes.append(f"said {word_of(call) if word_of is not None else call.value}")
        if p in v.missed_calls:
            notes.append("missed a call")
        if v.scores is not None:
            notes.append(f"score {v.scores[p]}")
        if v.winner == p:
            notes.insert(0, "winner")
        seats.append(SeatScene(seat=p, name=shown[p], count=v.hand_sizes[p],
                               cards=v.hand if p == viewer and isinstance(v, PlayerView) else (),
                               notes=tuple(notes), to_act=p == v.seat_to_act and v.end is None, mine=p == viewer))
    draw = next((m for m in moves if isinstance(m, Draw)), None)
    centre = (Zone("stock", "stock", backs=v.stock_size, text=f"{v.stock_size}", move=draw),
              Zone("discard", "discard", cards=v.discard, text=f"{len(v.discard)}"))
    panel = [Zone("direction", "play goes " + ("clockwise\u00a0↻" if v.direction > 0 else "counter-clockwise\u00a0↺"))]
    if v.wished_suit is not None:
        panel.append(Zone("wish", "wished suit", text=v.wished_suit.english, suit=v.wished_suit))
    if v.any_card and not v.pending_draw and not v.pending_skip:  # (an answer to a penalty is not any card)
        panel.append(Zone("wish", "any card may be played"))
    if v.pending_draw:
        panel.append(Zone("pending", "pending draw", text=f"+{v.pending_draw}"))
    if v.pending_skip:
        panel.append(Zone("pending", "pending skip", text=f"{v.pending_skip}"))
    if v.series:
        panel.append(Zone("series", "played this turn", cards=v.series))
    if isinstance(v, PlayerView) and v.drawn is not None:
        panel.append(Zone("drawn", "you drew", cards=(v.drawn,)))
    for w in v.windows:
        panel.append(Zone("window", f"{shown[w.offender]} can be called out ({w.kind.replace('_', ' ')})"))
    return TableScene(title=v.rules.name, viewer=viewer, seats=tuple(seats), centre=centre, panel=tuple(panel),
                      moves=tuple(moves), status=_status(v, shown))
