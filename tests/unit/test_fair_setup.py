"""Provably fair games bind their whole setup (issue 23, findings 2 and 3).

A fair record proves its deal only when its setup is the one committed to at creation: every registered variant of
both families (and the house-rule examples) verifies when honest, and every setup field tampered (variant id,
variant version, house definition, overrides, dealer, first player, hand sizes, player count, deck order, explicit
deal, seed, salt, server seed, entropy, the committed setup itself, the record kind) is rejected with a
:class:`FairnessError` naming it, by the library and by ``maumau verify`` (no traceback). Malilla games and whole
Malilla matches (every hand's deal) verify.
"""

from __future__ import annotations

import importlib
import io
import itertools
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from maumau_rules import Deal, GameState, Play, Rank, apply, legal_moves, new_game, next_round, start_match
from maumau_rules.cli import main
from maumau_rules.errors import ArgumentError, NotationError
from maumau_rules.fairness import OLD_SCHEMES, FairnessError, FairSeed, FairSetup, verify_record
from maumau_rules.families.malilla.state import MalillaState
from maumau_rules.records import (
    GameRecord,
    MatchRecord,
    RecordedMove,
    RecordResult,
    dumps_record,
    dumps_records_jsonl,
    loads_record,
    loads_records,
    record_from_moves,
    record_from_rounds,
)
from maumau_rules.variants import Variant, available_variants, find_variant
from maumau_rules.views import view
from tests.server._games import validate_json

VARIANTS = available_variants()
HOUSE = [importlib.import_module(f"examples.house_rules.{name}").VARIANT
         for name in ("queen_all_draw", "six_must_be_covered", "ten_swaps_hands")]
OVERRIDES = {"maumau": {"R_TURN_LIMIT": {"max_moves": 900}}, "malilla": {"R_MAL_SCORE": {"target": 21}}}


def test_the_registry_holds_both_families() -> None:
    assert {v.family for v in VARIANTS} == {"maumau", "malilla"}


def _fair_game(v: Variant, *, limit: int = 12, entropy: tuple[str, ...] = ("seat 0", "seat 1"),
               **given: Any) -> tuple[GameRecord, FairSeed, list[Any]]:
    """A fair game of ``v`` set up with ``given`` (players, overrides, dealer, first_player, hand_sizes), ``limit``
    random moves long, and the views seat 0 received."""
    players = given.pop("players", v.players[0])
    registered = v in VARIANTS
    setup = FairSetup.game(v, players, **given)
    fair = FairSeed(b"server secret of " + v.id.encode(), b"salt").bind(setup).with_entropy(*entropy)
    base = GameRecord(v.id, v.version, players, seed=fair.game_seed, overrides=given.get("overrides") or {},
                      definition=None if registered else v, dealer=given.get("dealer"),
                      first_player=given.get("first_player"),
                      hand_sizes=None if given.get("hand_sizes") is None else tuple(given["hand_sizes"]),
                      fairness=fair)
    state: GameState | MalillaState = base.start()
    rng = random.Random(v.id)
    moves: list[RecordedMove] = []
    kept: list[Any] = [view(state, 0)]
    while not state.is_over and len(moves) < limit:
        move = rng.choice(legal_moves(state))
        moves.append(RecordedMove(move, seat=state.seat_to_act))
        state = apply(state, move)
        kept.append(view(state, 0))
    return attrs.evolve(base, moves=tuple(moves), result=RecordResult.of(state)), fair, kept


def _other_variant(v: Variant) -> Variant:
    return next(o for o in VARIANTS if o.family == v.family and o.id != v.id)


Tamper = Callable[[GameRecord, FairSeed, Variant], "GameRecord | MatchRecord"]

TAMPERS: dict[str, tuple[Tamper, str]] = {
    "variant id": (lambda r, f, v: attrs.evolve(r, variant=_other_variant(v).id),
                   r"setup is not the committed one: variant '[a-z-]+' is not the committed variant '"),
    "variant version": (lambda r, f, v: attrs.evolve(r, variant_version=v.version + 1),
                        r"variant version \d+ is not the committed variant version \d+"),
    "house definition": (lambda r, f, v: attrs.evolve(r, definition=v),
                         "holds a house variant definition .* but the commitment is to the registered variant"),
    "overrides": (lambda r, f, v: attrs.evolve(r, overrides=OVERRIDES[v.family]),
                  r"overrides '\{\"R_.*' is not the committed overrides '\{\}'"),
    "dealer": (lambda r, f, v: attrs.evolve(r, dealer=1),
               r"dealer 1 is not the committed dealer \(none: chosen by the variant's rules"),
    "first player": (lambda r, f, v: attrs.evolve(r, first_player=0), "first player 0 is not the committed"),
    "hand sizes": (lambda r, f, v: attrs.evolve(r, hand_sizes=(3,) * r.players),
                   r"hand sizes \[3, 3.*\] is not the committed hand sizes \(none"),
    "player count": (lambda r, f, v: attrs.evolve(r, players=r.players + 1),
                     "players {n} is not the committed players {m}"),
    "deck order": (lambda r, f, v: attrs.evolve(r, deck_order=v.deck.cards()),
                   "dealt from a deck_order: a deck order replays a real table's deal and is never part of a "
                   "provably fair game"),
    "explicit deal": (lambda r, f, v: attrs.evolve(r, deal=_deal_of(r)), "dealt from an explicit deal"),
    "seed": (lambda r, f, v: attrs.evolve(r, seed=r.seed + 1), "is not the seed .* that the committed seed"),
    "salt": (lambda r, f, v: attrs.evolve(r, fairness=attrs.evolve(f, salt=b"another salt")),
             "do not give the commitment"),
    "server seed": (lambda r, f, v: attrs.evolve(r, fairness=attrs.evolve(f, server_seed=b"another secret")),
                    "do not give the commitment"),
    "entropy": (lambda r, f, v: attrs.evolve(r, fairness=f.with_entropy("dropped in by the server")),
                "is not the seed .* that the committed seed, its setup and the seats' entropy give"),
    "committed setup": (lambda r, f, v: _recommitted(attrs.evolve(r, dealer=1), f), "do not give the commitment"),
    "record kind": (lambda r, f, v: MatchRecord(v.id, v.version, r.players, seed=r.seed, fairness=f),
                    "record kind 'match' is not the committed record kind 'game'"),
}


def _deal_of(record: GameRecord) -> Deal:
    """The seed's own deal, written out explicitly (a Malilla hand has no stock or start card)."""
    s = record.start()
    if isinstance(s, MalillaState):
        return Deal(s.hands, (), (), s.dealer, s.leader)
    return Deal(s.hands, s.stock, s.discard, s.dealer, s.seat_to_act)


def _recommitted(record: GameRecord, fair: FairSeed) -> GameRecord:
    """The server rewrites the setup in the record *and* in its fairness block (and the seed to match): only the
    commitment published at the start shows it."""
    other = attrs.evolve(fair, setup=FairSetup.of(record))
    return attrs.evolve(record, fairness=other, seed=other.game_seed)


def _expected(name: str, record: GameRecord) -> str:
    match = TAMPERS[name][1]
    return match.replace("{n}", str(record.players + 1)).replace("{m}", str(record.players))


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_every_tampered_setup_field_is_rejected(v: Variant) -> None:
    """Finding 2: before, a record whose deck order, dealer, first player, hand sizes, overrides or variant was not
    the committed one verified ("OK, the deal came from the published commitment")."""
    rec, fair, kept = _fair_game(v)
    report = verify_record(loads_record(dumps_record(rec)), commitment=fair.commitment, views=kept)
    assert report.moves == len(rec.moves) and report.views == len(kept) and report.setup == fair.setup
    for name, (tamper, _) in TAMPERS.items():
        bad = tamper(rec, fair, v)
        assert bad != rec
        with pytest.raises(FairnessError, match=_expected(name, rec)):
            verify_record(bad, commitment=fair.commitment, views=kept)


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_maumau_verify_names_every_tampered_field(v: Variant, tmp_path: Path) -> None:
    rec, fair, _ = _fair_game(v, limit=6)
    bad = [TAMPERS[name][0](rec, fair, v) for name in TAMPERS]
    path = tmp_path / "records.jsonl"
    path.write_text(dumps_records_jsonl([rec, *bad]), encoding="utf-8")
    assert len(loads_records(path.read_text(encoding="utf-8"))) == len(TAMPERS) + 1
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(path), "--commitment", fair.commitment], out=out, err=err) == 1
    lines = out.getvalue().splitlines()
    assert err.getvalue() == "" and "Traceback" not in out.getvalue() and len(lines) == len(TAMPERS) + 1
    assert lines[0].startswith(f"{path}: record 0: OK, the deal and 0 reshuffles came from the published "
                               f"commitment {fair.commitment} to the setup (game of {v.id} v{v.version}")
    import re

    for i, name in enumerate(TAMPERS, 1):
        assert lines[i].startswith(f"{path}: record {i}: NOT PROVED: "), (name, lines[i])
        assert re.search(_expected(name, rec), lines[i]), (name, lines[i])


@pytest.mark.parametrize("v", [v for v in VARIANTS if v.family == "maumau"], ids=lambda v: v.id)
def test_a_given_dealer_first_player_hand_sizes_and_overrides_are_bound(v: Variant) -> None:
    """A setup that gives every field verifies; each one changed (or dropped) is rejected."""
    players = v.players[0]
    rec, fair, kept = _fair_game(v, dealer=1, first_player=0, hand_sizes=(4,) * players,
                                 overrides=OVERRIDES["maumau"])
    assert rec.start().dealer == 1 and [len(h) for h in rec.start().hands] == [4] * players
    validate_json(rec.to_json())  # the published schema knows the fairness block and its setup
    assert verify_record(loads_record(dumps_record(rec)), commitment=fair.commitment, views=kept).views == len(kept)
    changes = [(attrs.evolve(rec, dealer=0), r"dealer 0 is not the committed dealer 1"),
               (attrs.evolve(rec, first_player=1), "first player 1 is not the committed first player 0"),
               (attrs.evolve(rec, hand_sizes=(5,) * players),
                r"hand sizes \[5, 5.*\] is not the committed hand sizes \[4, 4"),
               (attrs.evolve(rec, overrides={}), r"overrides '\{\}' is not the committed overrides '\{\"R_TURN_LIMIT"),
               (attrs.evolve(rec, dealer=None), r"dealer \(none\) is not the committed dealer 1"),
               (attrs.evolve(rec, first_player=None), r"first player \(none\) is not the committed first player 0"),
               (attrs.evolve(rec, hand_sizes=None), r"hand sizes \(none\) is not the committed hand sizes \[4")]
    for bad, match in changes:
        with pytest.raises(FairnessError, match=match):
            verify_record(bad, commitment=fair.commitment)


@pytest.mark.parametrize("v", [v for v in VARIANTS if v.family == "malilla"], ids=lambda v: v.id)
def test_a_malilla_setup_with_dealer_and_overrides_is_bound(v: Variant) -> None:
    rec, fair, kept = _fair_game(v, dealer=2, overrides=OVERRIDES["malilla"], limit=200)
    assert rec.start().dealer == 2 and rec.resolve_variant() != v
    report = verify_record(loads_record(dumps_record(rec)), commitment=fair.commitment, views=kept)
    assert report.moves == len(rec.moves) > 40 and report.reshuffles == 0 and report.views == len(kept)
    with pytest.raises(FairnessError, match="dealer 3 is not the committed dealer 2"):
        verify_record(attrs.evolve(rec, dealer=3), commitment=fair.commitment)
    with pytest.raises(FairnessError, match=r"overrides '\{\}' is not the committed overrides"):
        verify_record(attrs.evolve(rec, overrides={}), commitment=fair.commitment)


@pytest.mark.parametrize("house", HOUSE, ids=lambda v: v.id)
def test_a_house_variant_is_bound_by_its_definition(house: Variant) -> None:
    players = house.players[0]
    rec, fair, kept = _fair_game(house)
    assert rec.definition == house and fair.setup is not None and fair.setup.definition is not None
    assert verify_record(loads_record(dumps_record(rec)), commitment=fair.commitment, views=kept).moves > 0
    other = next(h for h in HOUSE if h != house and h.id != house.id)
    with pytest.raises(FairnessError, match=r"variant '.*' is not the committed variant"):
        verify_record(attrs.evolve(rec, definition=other, variant=other.id), commitment=fair.commitment)
    same_id = attrs.evolve(house, summary=house.summary + " (changed)")  # another definition under the same id
    with pytest.raises(FairnessError, match=r"house variant definition \(SHA-256\) '[0-9a-f]{64}' is not the committed"):
        verify_record(attrs.evolve(rec, definition=same_id), commitment=fair.commitment)
    registered = FairSeed(b"x", b"y").bind(FairSetup.game(find_variant("standard"), players))
    assert registered.setup is not None and registered.setup.definition is None


def test_a_stacked_deck_order_does_not_verify(tmp_path: Path) -> None:
    """Finding 2: a game dealt from an order the server chose (every Jack to seat 0) verified, with the committed
    seed."""
    v = find_variant("standard")
    fair = FairSeed(b"server secret", b"salt").bind(FairSetup.game(v, 2))
    cards = v.deck.cards()
    jacks = [c for c in cards if c.rank is Rank.JACK]
    rest = [c for c in cards if c.rank is not Rank.JACK]
    stacked = None
    for start, step in itertools.product(range(len(rest)), (1, 2)):  # the server looks for an order that works
        order = list(rest)
        for k, jack in enumerate(jacks):
            order.insert(start + k * step, jack)
        if all(j in new_game(v, 2, fair.game_seed, deck_order=order, dealer=1).hands[0] for j in jacks):
            stacked = tuple(order)
            break
    assert stacked is not None
    rec = GameRecord("standard", 1, 2, seed=fair.game_seed, deck_order=stacked, dealer=1, fairness=fair)
    with pytest.raises(FairnessError, match="never part of a provably fair game"):
        verify_record(rec, commitment=fair.commitment)
    doc = dumps_record(attrs.evolve(rec, fairness=fair.bind(FairSetup.game(v, 2)), dealer=None))
    path = Path(tmp_path) / "stacked.json"
    path.write_text(doc, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(path), "--commitment", fair.commitment], out=out, err=err) == 1
    assert "NOT PROVED: the record's setup is not the committed one: the record is dealt from a deck_order" in \
        out.getvalue() and err.getvalue() == ""


def test_one_seed_under_another_setup_is_another_deal_and_another_commitment() -> None:
    """The commitment and the game seed bind every setup field: a server cannot grind among deals of one seed."""
    setups = [FairSetup.game("standard", 2), FairSetup.game("standard", 3), FairSetup.game("prsi", 2),
              FairSetup.game("standard", 2, dealer=1), FairSetup.game("standard", 2, first_player=0),
              FairSetup.game("standard", 2, hand_sizes=(5, 5)), FairSetup.match("standard", 2),
              FairSetup.game("standard", 2, overrides=OVERRIDES["maumau"]), FairSetup.game(HOUSE[0], 2),
              FairSetup("game", "standard", 2, 2)]
    seeds = [FairSeed(b"one secret", b"one salt", setup=s) for s in setups]
    assert len({s.commitment for s in seeds}) == len({s.game_seed for s in seeds}) == len(setups)
    assert len({FairSeed(b"one secret", salt, setup=setups[0]).game_seed for salt in (b"a", b"b")}) == 2
    assert all(FairSetup.from_json(json.loads(json.dumps(s.to_json()))) == s for s in setups)


def test_an_unbound_seed_has_no_commitment_and_a_seed_never_changes_setup() -> None:
    with pytest.raises(FairnessError, match="bound to no setup"):
        FairSeed(b"s", b"t").commitment  # noqa: B018
    with pytest.raises(FairnessError, match="bound to no setup"):
        FairSeed(b"s", b"t").game_seed  # noqa: B018
    fair = FairSeed(b"s", b"t").bind(FairSetup.game("standard", 2))
    assert fair.bind(FairSetup.game("standard", 2)) == fair
    with pytest.raises(FairnessError, match="committed to game of standard v1, 2 players already"):
        fair.bind(FairSetup.game("standard", 2, dealer=0))
    with pytest.raises(ArgumentError, match="committed to another setup: players 3 is not the committed players 2"):
        record_from_moves("standard", 3, fair.game_seed, [], fairness=fair)
    with pytest.raises(ArgumentError, match="not the game seed"):
        record_from_moves("standard", 2, fair.game_seed + 1, [], fairness=fair)
    with pytest.raises(ArgumentError, match="bound to no setup"):
        record_from_moves("standard", 2, 1, [], fairness=FairSeed(b"s", b"t"))
    with pytest.raises(ArgumentError, match="dealer 1 is not the committed dealer"):
        record_from_moves("standard", 2, fair.game_seed, [], fairness=fair, dealer=1)
    given = FairSeed(b"s", b"t").bind(FairSetup.game("standard", 2, dealer=1, first_player=1, hand_sizes=(4, 3)))
    rec = record_from_moves("standard", 2, given.game_seed, ["draw"], dealer=1, first_player=1,
                            hand_sizes=[4, 3], fairness=given)
    assert (rec.dealer, rec.first_player, rec.hand_sizes) == (1, 1, (4, 3)) and rec.moves[0].seat == 1
    assert verify_record(loads_record(dumps_record(rec)), commitment=given.commitment).moves == 1
    with pytest.raises(FairnessError, match="setup first_player 2 is not a seat of a game of 2 players"):
        FairSetup.game("standard", 2, first_player=2)
    with pytest.raises(FairnessError, match="a match's setup has no dealer"):
        FairSetup("match", "malilla", 1, 4, dealer=0)


def test_a_v1_record_gives_a_clear_error() -> None:
    """Records of the first scheme bound the seed alone: they are refused when read, saying why."""
    rec, _, _ = _fair_game(find_variant("standard"), limit=2)
    doc = rec.to_json()
    doc["fairness"] = {"scheme": OLD_SCHEMES[0], "commitment": "ab" * 32, "server_seed": "00", "salt": "00",
                       "entropy": []}
    with pytest.raises(NotationError, match="scheme 'maumau-sha256-v1' is no longer read: it committed to the seed "
                                            "alone, not to the setup"):
        loads_record(json.dumps(doc))


def test_a_record_file_whose_committed_setup_was_changed_does_not_read(tmp_path: Path) -> None:
    rec, _, _ = _fair_game(find_variant("standard"), limit=2)
    doc = rec.to_json()
    doc["fairness"]["setup"]["dealer"] = 1
    with pytest.raises(FairnessError, match="do not give the commitment"):
        loads_record(json.dumps(doc))
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(path)], out=out, err=err) == 1
    assert "do not give the commitment" in err.getvalue() + out.getvalue() and "Traceback" not in err.getvalue()


# ---------------------------------------------------------------- finding 3: Malilla


def _malilla_match(vid: str, seed: int) -> tuple[MatchRecord, FairSeed, list[Any]]:
    """A whole fair Malilla match (random moves to its end) and the views seat 0 received in every hand."""
    fair = FairSeed(b"match secret %d" % seed, b"salt").bind(FairSetup.match(vid, 4)).with_entropy("a", "b", "c", "d")
    match = start_match(vid, 4, fair.game_seed)
    rng = random.Random(seed)
    rounds, kept = [], []
    while not match.over:
        state = match.game
        kept.append(view(state, 0))
        moves = []
        while not state.is_over:
            move = rng.choice(legal_moves(state))
            moves.append(move)
            state = apply(state, move)
            kept.append(view(state, 0))
        rounds.append(moves)
        match = next_round(match, state)
    return record_from_rounds(vid, 4, fair.game_seed, rounds, fairness=fair), fair, kept


@pytest.mark.parametrize("v", [v for v in VARIANTS if v.family == "malilla"], ids=lambda v: v.id)
def test_a_malilla_game_verifies(v: Variant, tmp_path: Path) -> None:
    """Finding 3: verify_record on a fair Malilla record raised AttributeError ('MalillaState' object has no
    attribute 'stock'), and ``maumau verify`` printed a traceback."""
    rec, fair, kept = _fair_game(v, limit=500)
    assert rec.result is not None  # played to the end of the hand
    report = verify_record(rec, commitment=fair.commitment, views=kept)
    assert report.views == len(kept) and report.reshuffles == 0 and report.rounds == 1
    i = next(i for i in range(len(kept) - 1) if kept[i].hand != kept[i + 1].hand)
    forged = attrs.evolve(kept[i], hand=kept[i + 1].hand)  # seat 0 was dealt other cards than the seed gives
    with pytest.raises(FairnessError, match=f"turn {i} of hand 1 is not the one the committed seed gives"):
        verify_record(rec, views=[*kept[:i], forged])
    path = tmp_path / "hand.json"
    path.write_text(dumps_record(rec), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(path), "--commitment", fair.commitment], out=out, err=err) == 0, err.getvalue()
    assert f"OK, the deal and 0 reshuffles came from the published commitment {fair.commitment}" in out.getvalue()
    assert f"({len(rec.moves)} moves replayed, 0 views checked)" in out.getvalue()
    by_moves = record_from_moves(v, 4, fair.game_seed, [m.move for m in rec.moves], fairness=fair)
    assert attrs.evolve(by_moves, moves=rec.moves) == rec


@pytest.mark.parametrize("v", [v for v in VARIANTS if v.family == "malilla"], ids=lambda v: v.id)
def test_a_whole_malilla_match_proves_every_hands_deal(v: Variant, tmp_path: Path) -> None:
    rec, fair, kept = _malilla_match(v.id, 3)
    assert len(rec.rounds) >= 2 and rec.result is not None
    loaded = loads_records(dumps_records_jsonl([rec]))[0]
    assert loaded == rec
    validate_json(rec.to_json())
    report = verify_record(loaded, commitment=fair.commitment, views=kept)
    assert report.rounds == len(rec.rounds) and report.views == len(kept) == report.moves + report.rounds
    path, views = tmp_path / "match.json", tmp_path / "views.json"
    path.write_text(json.dumps(rec.to_json()), encoding="utf-8")
    views.write_text(json.dumps([k.to_json() for k in kept]), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(path), "--commitment", fair.commitment, "--views", str(views)], out=out, err=err) == 0
    assert f"OK, the deals of all {len(rec.rounds)} hands and" in out.getvalue() and "match of" in out.getvalue()
    # a view of the second hand that the seed does not give (the server dealt that hand otherwise)
    second = next(i for i, k in enumerate(kept) if k.round_no == 2)
    forged = attrs.evolve(kept[second], hand=kept[0].hand)
    with pytest.raises(FairnessError, match=f"turn {kept[second].turn} of hand 2 is not the one"):
        verify_record(rec, commitment=fair.commitment, views=[forged])
    for bad, match in [(attrs.evolve(rec, seed=rec.seed + 1), "is not the seed"),
                       (attrs.evolve(rec, variant=_other_variant(v).id), "is not the committed variant"),
                       (attrs.evolve(rec, overrides=OVERRIDES["malilla"]), "is not the committed overrides"),
                       (attrs.evolve(rec, players=5), "players 5 is not the committed players 4"),
                       (attrs.evolve(rec, fairness=attrs.evolve(fair, salt=b"x")), "do not give the commitment")]:
        with pytest.raises(FairnessError, match=match):
            verify_record(bad, commitment=fair.commitment)
    game_seed = FairSeed(b"match secret 3", b"salt").bind(FairSetup.game(v, 4))
    with pytest.raises(FairnessError, match="record kind 'match' is not the committed record kind 'game'"):
        verify_record(attrs.evolve(rec, fairness=game_seed, seed=game_seed.game_seed))


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_a_fair_match_record_of_every_variant_proves_each_rounds_deal(v: Variant) -> None:
    """A match record made fair (both families): its rounds are dealt from the committed match seed, and a match
    seed under another setup is refused."""
    players = v.players[0]
    fair = FairSeed(b"match of " + v.id.encode(), b"salt").bind(FairSetup.match(v, players)).with_entropy("e")
    match, rng = start_match(v, players, fair.game_seed), random.Random(v.id)
    rounds: list[list[Any]] = []
    while not match.over and len(rounds) < 2:
        state, moves = match.game, []
        while not state.is_over:  # a random card when one can be played (short rounds), else a random move
            legal = legal_moves(state)
            moves.append(rng.choice([m for m in legal if isinstance(m, Play)] or legal))
            state = apply(state, moves[-1])
        rounds.append(moves)
        match = next_round(match, state)
    rec = record_from_rounds(v, players, fair.game_seed, rounds, fairness=fair)
    report = verify_record(loads_records(dumps_records_jsonl([rec]))[0], commitment=fair.commitment)
    assert len(rounds) == 2 or (len(rounds) == 1 and match.over)  # a one-round match (target 1: mau-king-app)
    assert report.rounds == len(rounds) and report.moves == sum(map(len, rounds))
    assert report.setup == FairSetup.of(rec) and report.setup.kind == "match"
    for bad, match_text in [(attrs.evolve(rec, seed=rec.seed ^ 1), "is not the seed"),
                            (attrs.evolve(rec, players=players + 1), f"players {players + 1} is not the committed"),
                            (attrs.evolve(rec, variant=_other_variant(v).id), "is not the committed variant"),
                            (attrs.evolve(rec, overrides=OVERRIDES[v.family]), "is not the committed overrides"),
                            (attrs.evolve(rec, definition=v), "holds a house variant definition")]:
        with pytest.raises(FairnessError, match=match_text):
            verify_record(bad, commitment=fair.commitment)
    with pytest.raises(ArgumentError, match="record kind 'match' is not the committed record kind 'game'"):
        record_from_rounds(v, players, fair.game_seed, rounds,
                           fairness=FairSeed(b"x", b"y").bind(FairSetup.game(v, players)))
