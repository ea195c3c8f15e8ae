"""SVG cards and hands (:mod:`maumau_rules.svg`): every card of both packs, both patterns, faces and backs, and the
arguments refused."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import attrs
import pytest

from maumau_rules import (
    Card,
    Play,
    Variant,
    apply,
    available_variants,
    find_variant,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
    public_view,
    view,
)
from maumau_rules.cards import ALL_CARDS
from maumau_rules.errors import ArgumentTypeError
from maumau_rules.svg import CARD_H, CARD_W, Palette, card_svg, hand_svg, move_code, pile_svg, view_svg

SVG = "{http://www.w3.org/2000/svg}"
PALETTES = [Palette(), Palette.german()]


def _texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("palette", PALETTES, ids=lambda p: p.pattern)
def test_every_card_has_a_face_that_names_it_and_a_back_that_does_not(palette: Palette) -> None:
    faces = set()
    for card in ALL_CARDS:
        root = ET.fromstring(card_svg(card, colors=palette))
        group = next(e for e in root.iter() if e.get("data-card"))
        assert group.get("data-card") == card.ascii and Card.parse(card.ascii) is card
        name = card.german if palette.pattern == "german" and card.suit is not None and not card.is_spanish \
            else card.name
        assert root.get("aria-label") == name and group.findtext(f"{SVG}title") == name
        texts = _texts(root)
        if card.is_joker:
            assert "JOKER" in texts
        else:  # the rank is printed in both corners
            index = {"ACE": "1" if card.is_spanish else "A"}.get(card.rank.name)
            if palette.pattern == "german" and not card.is_spanish:
                index = {"JACK": "U", "QUEEN": "O", "KING": "K", "ACE": "A"}.get(card.rank.name, index)
            index = index or {"JACK": "J", "QUEEN": "Q", "KING": "K", "SOTA": "S", "CABALLO": "C",
                              "REY": "R"}.get(card.rank.name, str(int(card.rank)))
            assert texts.count(index) >= 2, (card, texts)
        faces.add(ET.tostring(group))
        back = card_svg(card, face_up=False, colors=palette)
        assert card.ascii not in back and card.name not in back and "data-card" not in back
        assert ET.fromstring(back).get("aria-label") == "a card, face down"
    assert len(faces) == len(ALL_CARDS)  # no two cards look the same


def test_suits_differ_by_shape_not_only_by_colour() -> None:
    """One colour for every suit (a grey print): the pips of each suit are still drawn differently."""
    grey = Palette(**{s: "#000000" for s in ("clubs", "spades", "hearts", "diamonds", "oros", "copas", "espadas",
                                              "bastos")})
    for palette in (grey, attrs.evolve(grey, pattern="german")):
        shapes = {card_svg(Card.parse(f"7{s}"), colors=palette).split('data-card="', 1)[1].split(">", 1)[1]
                  for s in ("c", "s", "h", "d", "or", "co", "es", "ba")}
        assert len(shapes) == 8


def test_size_scales_the_picture_and_highlight_rings_it() -> None:
    c = Card.parse("Qs")
    one, two = ET.fromstring(card_svg(c)), ET.fromstring(card_svg(c, size=2.5))
    assert float(two.get("width", 0)) == pytest.approx(2.5 * float(one.get("width", 0)))
    assert one.get("viewBox") == two.get("viewBox") == f"0 0 {CARD_W + 8} {CARD_H + 8}"
    assert "highlight" not in card_svg(c) and "highlight" in card_svg(c, highlight=True)


def test_a_hand_marks_and_makes_clickable_the_cards_of_its_moves() -> None:
    cards = parse_cards("7h 8s Jc 10d")
    moves = [parse_move("8s"), parse_move("Jc>h"), parse_move("Jc>s")]
    root = ET.fromstring(hand_svg(cards, highlight=moves, moves=moves))
    groups = {e.get("data-card"): e for e in root.iter() if e.get("data-card")}
    assert list(groups) == [c.ascii for c in cards]
    assert groups["8s"].get("data-move") == "8s" and groups["Jc"].get("data-moves") == "Jc>h|Jc>s"
    assert groups["7h"].get("data-move") is None and "highlight" in (groups["Jc"].get("class") or "")
    assert all(parse_move(m) in moves for m in (groups["Jc"].get("data-moves") or "").split("|"))
    tall = ET.fromstring(hand_svg(cards, orientation="vertical"))
    assert float(tall.get("height", 0)) > float(tall.get("width", 0))


def test_move_codes_read_back() -> None:
    s = new_game("mau-king", 4, seed=3)
    for p in range(4):
        for m in view(s, p).legal_moves:
            assert parse_move(move_code(m)) == m


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(ArgumentTypeError, match="'7h' is not a Card"):
        card_svg("7h")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="size -1 must be a number above 0"):
        card_svg(Card.parse("7h"), size=-1)
    with pytest.raises(ArgumentTypeError, match="orientation 'diagonal'"):
        hand_svg(parse_cards("7h"), orientation="diagonal")
    with pytest.raises(ArgumentTypeError, match="colors 'red' must be a Palette"):
        card_svg(Card.parse("7h"), colors="red")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pattern"):
        Palette(pattern="swiss")
    s = new_game("standard", 3, seed=1)
    with pytest.raises(ArgumentTypeError, match="draws a view, not GameState"):
        view_svg(s)
    with pytest.raises(ArgumentTypeError, match="one name for each of 3 seats"):
        view_svg(view(s, 0), names=["Ann"])


def test_names_and_a_last_move_are_drawn() -> None:
    s, move = next((s, m) for seed in range(50) for s in [new_game("standard", 2, seed=seed)]
                   for m in s.legal_moves() if isinstance(m, Play))
    after = apply(s, move)
    svg = view_svg(public_view(after), names=["Ann", "Bob"], last_move=move)
    assert "Ann" in svg and "Bob" in svg and "seat 0" not in svg
    ringed = [e for e in ET.fromstring(svg).iter() if e.get("data-card") == move.card.ascii
              and any(r.get("stroke-dasharray") == "7 4" for r in e)]
    assert len(ringed) == 1  # the card just played is ringed on the discard pile
    assert 'stroke-dasharray="7 4"' not in view_svg(public_view(after))


def test_screen_readers_get_an_image_or_a_group_of_buttons() -> None:
    """A picture without buttons is one image with its words; a table with moves is a group whose buttons (the
    playable cards, the stock, the move buttons) each say what they do."""
    assert ET.fromstring(card_svg(Card.parse("7h"))).get("role") == "img"
    s = new_game("standard", 3, seed=2)
    v = view(s, s.seat_to_act)
    root = ET.fromstring(view_svg(v, highlight=v.legal_moves))
    assert root.get("role") == "group"
    buttons = [e for e in root.iter() if e.get("role") == "button"]
    assert buttons and all(e.get("data-move") and e.get("aria-label") and e.get("tabindex") == "0" for e in buttons)
    assert {m for e in buttons for m in (e.get("data-moves") or e.get("data-move") or "").split("|")} == {
        move_code(m) for m in v.legal_moves}
    other = ET.fromstring(view_svg(view(s, (s.seat_to_act + 1) % 3)))
    assert other.get("role") == "img" and not any(e.get("role") == "button" for e in other.iter())


def test_a_discard_pile_shows_its_top_cards_with_the_top_one_last() -> None:
    pile = parse_cards("7h 8h 8s 9s Js Jd")
    for shown in (1, 3, 10):
        root = ET.fromstring(pile_svg(pile, shown=shown))
        assert _cards_of(root) == [c.ascii for c in pile[-shown:]]
    assert ET.fromstring(pile_svg(())).get("aria-label") == "discard pile: empty"
    ringed = pile_svg(pile, last_move=parse_move("Jd"))
    assert ringed.count('stroke-dasharray="7 4"') == 1 and 'stroke-dasharray' not in pile_svg(pile)
    with pytest.raises(ArgumentTypeError, match="shown 0 must be a whole number"):
        pile_svg(pile, shown=0)


def _cards_of(root: ET.Element) -> list[str]:
    return [e.get("data-card", "") for e in root.iter() if e.get("data-card")]


_SHAPES = {f"{SVG}{k}" for k in ("rect", "path", "circle", "ellipse", "polygon")}


def _painted(e: ET.Element) -> bool:
    """A shape a click can land on: SVG paints a fill unless it is ``none`` (the default is black)."""
    return e.tag in _SHAPES and e.get("fill", "black") != "none"


@pytest.mark.parametrize("variant", available_variants(), ids=lambda v: v.id)
def test_every_button_of_a_table_is_painted_where_it_is_clicked(variant: Variant) -> None:
    """Random games of every registered variant of both families, with most seats: in each acting seat's picture,
    every button holds a painted shape, so that a click on it reaches it and not the table below (an empty stock
    that took the draw was an unfilled outline: the browser's click went to the table's cloth)."""
    rng = random.Random(variant.id)
    players = variant.players[1]
    buttons = empty_piles = 0
    for _game in range(2):
        s = new_game(variant, players, rng.randrange(10_000))
        for _ in range(150):
            if s.is_over:
                break
            v = view(s, s.seat_to_act)
            root = ET.fromstring(view_svg(v, highlight=v.legal_moves))
            for e in root.iter():
                if e.get("role") != "button":
                    continue
                buttons += 1
                assert any(_painted(d) for d in e.iter()), (variant.id, ET.tostring(e, encoding="unicode")[:300])
                if e.get("data-zone") == "stock" and not any(d.get("class") == "card back" for d in e.iter()):
                    empty_piles += 1
            s = apply(s, rng.choice(legal_moves(s)))
    assert buttons > 0
    if variant.family == "maumau":  # (with most seats, every Mau-Mau variant's stock runs out in these games)
        assert empty_piles > 0, f"{variant.id}: no empty stock that takes the draw was drawn"


Box = tuple[float, float, float, float]
"""A rectangle: left, top, right, bottom."""


def _boxes(root: ET.Element) -> tuple[list[Box], list[Box]]:
    """The other seats' boxes, and the cards on the table and in the bottom hand (x0, y0, x1, y1)."""
    seats = []
    for g in root.iter(f"{SVG}g"):
        if g.get("data-zone") == "seat":
            r = next(g.iter(f"{SVG}rect"))
            x, y, w, h = (float(r.get(k, "0")) for k in ("x", "y", "width", "height"))
            seats.append((x, y, x + w, y + h))
    cards = [box for zone, box in _card_boxes(root) if zone in ("hand", "stock", "discard", "trick")]
    return seats, cards


def _card_boxes(root: ET.Element) -> list[tuple[str | None, Box]]:
    """Every card drawn (its ``data-zone`` and its rectangle, from its ``translate`` and ``scale``)."""
    out = []
    for g in root.iter(f"{SVG}g"):
        transform = g.get("transform") or ""
        if "card" in (g.get("class") or "").split() and transform.startswith("translate("):
            x, y = (float(t) for t in transform[len("translate("):].split(")")[0].split()[:2])
            scale = float(transform.split("scale(")[1].split(")")[0]) if "scale(" in transform else 1.0
            out.append((g.get("data-zone"), (x, y, x + CARD_W * scale, y + CARD_H * scale)))
    return out


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("variant", available_variants(), ids=lambda v: v.id)
def test_the_other_seats_never_overlap_each_other_or_the_cards_at_any_player_count(variant: Variant) -> None:
    """Every player count of every registered variant, seen by the seat to act and by a spectator: each other seat's
    box lies inside the table, apart from every other box and from the cards on the table and in the hand (with 8
    players their boxes overlapped on the ellipse; they sit along the table's edges now)."""
    rng = random.Random(variant.id)
    low, high = variant.players
    for players in range(low, high + 1):
        s = new_game(variant, players, rng.randrange(1000))
        for _ in range(rng.randrange(20)):
            if s.is_over:
                break
            s = apply(s, rng.choice(legal_moves(s)))
        for v, spectator in ((view(s, s.seat_to_act), False), (public_view(s), True)):
            root = ET.fromstring(view_svg(v, highlight=getattr(v, "legal_moves", ())))
            seats, cards = _boxes(root)
            # (a player's own seat is its hand; a spectator sees every seat as a box, seat 0 at the bottom)
            assert len(seats) == (players if spectator else players - 1), (variant.id, players)
            for i, a in enumerate(seats):
                assert a[0] >= 0 and a[2] <= 760 and a[1] >= 0 and a[3] <= 640, (variant.id, players, a)
                assert not any(_meet(a, b) for b in seats[i + 1:]), (variant.id, players, seats)
                assert not any(_meet(a, c) for c in cards), (variant.id, players, a, cards)
            clashes = _panel_clashes(root)
            assert not clashes, (variant.id, players, clashes)


def test_every_note_of_a_seat_is_drawn_in_its_box() -> None:
    """A seat's notes (dealer, its call, a missed call, its score) are all drawn in its box, four of them too (the
    third and fourth were dropped: an opponent's score was nowhere on the table)."""
    from maumau_rules.families import family_of

    most = 0
    for variant in ("tschau-sepp", "classic", "puque", "malilla"):
        v0 = find_variant(variant)
        players = v0.players[1]
        for seed in range(3):
            rng = random.Random(seed)
            s = new_game(v0, players, seed=seed)
            for _ in range(200):
                if s.is_over:
                    break
                v = view(s, s.seat_to_act, scores=tuple(range(10, 10 + players)))
                root = ET.fromstring(view_svg(v))
                boxes = {g.get("data-seat"): " | ".join(t.text or "" for t in g.iter(f"{SVG}text"))
                         for g in root.iter(f"{SVG}g") if g.get("data-zone") == "seat"}
                for seat in family_of(s).table_scene(v).seats:
                    if not seat.mine:
                        most = max(most, len(seat.notes))
                        assert all(n in boxes[str(seat.seat)] for n in seat.notes), (variant, seat.notes, boxes)
                s = apply(s, rng.choice(legal_moves(s)))
    assert most >= 4  # (the games above reach a seat with four notes)


def _panel_cards(root: ET.Element) -> list[Box]:
    """The cards drawn in the side panel (its series, drawn card, trump card...), each with its scale."""
    return [box for _, box in _card_boxes(root) if box[0] >= 760]


def test_a_long_series_is_fanned_inside_the_panel() -> None:
    """Faraón: four 8s played in one turn, shown under "played this turn": all four, inside the panel's margin
    (the fourth ran to the picture's edge, a fifth would have been dropped)."""
    from tests.helpers import game, play

    s = game("faraon", ["8h 8s 8d 8c 9h", "9c 10c Kh"], top="7h")
    s = play(s, "8h", "8s", "8d", "8c")
    v = view(s, s.seat_to_act)
    assert len(v.series) == 4
    cards = _panel_cards(ET.fromstring(view_svg(v, highlight=v.legal_moves)))
    assert len(cards) == 4 and all(c[0] >= 776 and c[2] <= 984 for c in cards), cards


def _panel_clashes(root: ET.Element) -> list[str]:
    """The side panel's move buttons that overlap each other or a line of the panel's text (a line spans the
    panel's width, from 13 px above its baseline to 4 below)."""
    buttons, lines = [], []
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "button":
            r = next(g.iter(f"{SVG}rect"))
            x, y, w, h = (float(r.get(k, "0")) for k in ("x", "y", "width", "height"))
            buttons.append((g.get("data-move", ""), (x, y, x + w, y + h)))
    inside = {id(t) for g in root.iter(f"{SVG}g") if g.get("class") == "button" for t in g.iter(f"{SVG}text")}
    for t in root.iter(f"{SVG}text"):
        if id(t) not in inside and float(t.get("x", "0")) >= 760:
            y = float(t.get("y", "0"))
            lines.append((t.text or "", (760.0, y - 13, 1000.0, y + 4)))
    out = [f"{a} / {b}" for i, (a, ra) in enumerate(buttons) for b, rb in buttons[i + 1:] if _meet(ra, rb)]
    out += [f"{a} / {text!r}" for a, ra in buttons for text, rt in lines if _meet(ra, rt)]
    return out


def test_many_move_buttons_go_into_columns_below_the_panels_text() -> None:
    """Eight seats, seven of them open to a call-out: eight buttons (draw and seven call-outs) under seven lines
    of "seat N can be called out": they stood one above the other and covered the lines."""
    from tests.helpers import game

    s = game("mau-king-app", ["5c 9c", "9d", "5h 9s", "5s 9h", "5d 9c", "5c 9d", "5s 9s", "5d 9h"], top="5h")
    for c in ["5c", "5d", "5s", "5c", "5d", "5s", "5h"]:  # each plays a five and says nothing
        s = apply(s, Play(Card.parse(c)))
    v = view(s, s.seat_to_act)
    assert len(v.legal_moves) == 8 and len(v.windows) == 7
    root = ET.fromstring(view_svg(v, highlight=v.legal_moves))
    assert sum(e.get("class") == "button" for e in root.iter()) == 8
    assert not _panel_clashes(root), _panel_clashes(root)


@pytest.mark.parametrize(("variant", "hand", "top"), [("mau-king", "9s 5c", "9s"), ("pesten", "Jo 5c", "Jo")])
def test_a_card_on_the_pile_is_not_ringed_for_its_twin_in_the_hand(variant: str, hand: str, top: str) -> None:
    """Two packs (Mau King) or jokers (Pesten): the hand holds the twin of the top card. The hand's card is ringed
    as playable; the pile's card, which no click plays, is not (it was); a card passed as a card is marked anywhere."""
    from tests.helpers import game

    s = game(variant, [hand, "7d 8d"], top=top)
    v = view(s, 0)
    card = Card.parse(top)
    assert any(isinstance(m, Play) and m.card == card for m in v.legal_moves)

    def ringed(svg: str) -> set[str | None]:
        return {e.get("data-zone") for e in ET.fromstring(svg).iter()
                if e.get("data-card") == card.ascii and "highlight" in (e.get("class") or "").split()}

    assert ringed(view_svg(v, highlight=v.legal_moves)) == {"hand"}
    assert ringed(view_svg(v, highlight=[card])) == {"hand", "discard"}


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize(("variant", "word"), [("tschau-sepp", "Tschau"), ("mau-king", "Zadnja"), ("standard", "Mau")])
def test_a_seats_call_is_shown_in_its_variants_word(variant: str, word: str) -> None:
    """The seat box says the word the variant's rules give the call (R_ANNOUNCE), as the terminal and the rules
    reference do, not the engine's name of it ("said mau" in every variant)."""
    from maumau_rules import Call
    from maumau_rules.families import family_of
    from tests.helpers import game

    s = game(variant, ["9c 10h", "7d 8d Kd", "7s 8s Ks"], top="9h")
    s = apply(s, Play(Card.parse("9c"), call=Call.MAU))
    seat = family_of(s).table_scene(view(s, 1)).seats[0]
    assert f"said {word}" in seat.notes and f"said {word}" in view_svg(view(s, 1))


def test_the_panel_says_any_card_only_when_any_card_may_be_played() -> None:
    """Pesten: after a Joker the next seat must answer its +5 (a Joker, or draw): the panel shows the pending draw,
    not "any card may be played" (both were shown)."""
    from tests.helpers import game

    s = game("pesten", ["Jo 9c 9d", "7d 8d Kd", "7s 8s Ks"], top="9h")
    s = apply(s, next(m for m in legal_moves(s) if isinstance(m, Play) and m.card == Card.parse("Jo")))
    assert s.any_card and s.pending_draw == 5
    texts = _texts(ET.fromstring(view_svg(view(s, s.seat_to_act))))
    assert any("pending draw" in t for t in texts) and not any("any card" in t for t in texts), texts
