"""Bounded cost (issue 23, part 1): no input of n characters makes any reader do more than a documented amount of
work, over every family and every way to set a game up.

The bound (docs/server.rst, "Bounded cost of every reader") is ``STEPS_FIXED + STEPS_PER_CHAR * n`` steps, a step
being one function call or one card shuffled (:mod:`tests.fuzz._work`): counted, not timed, so it holds on a loaded
machine, and a loop that never ends is stopped at the bound instead of hanging the suite.

The findings first: a 219-byte record whose ``overrides`` make every rank special for R_CUT hung every reader in a
``while True`` redeal (so did ``bottom_ceremony``, the highest-card draw for the dealer on a deck of one rank, and
Malilla's Albur on such a deck). Then one Hypothesis property over both families, every setup form (seed, explicit
deal, deck order, overrides, an own definition, house-rule TOML, a fair record) and pathological parameters drawn from
the spec of every rule, fed to every reader.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maumau_rules import (
    Deal,
    MauMauError,
    VariantError,
    available_variants,
    fairness,
    find_variant,
    load_variant,
    new_game,
    notation,
    records,
)
from maumau_rules.cli import main
from maumau_rules.families.malilla import engine as malilla_engine
from maumau_rules.families.maumau import Cut, Dealer
from maumau_rules.families.maumau.plan import MAX_REDEALS, REDEAL_CHANCE_LIMIT, CutResult
from maumau_rules.rules import RULE_CLASSES, rule_spec
from maumau_rules.rules.base import SPEC_RULES
from maumau_rules.variants import Variant

from ..properties._support import examples
from ._work import STEPS_FIXED, STEPS_PER_CHAR, TooMuchWork, bound_for, work_limit

ROOT = Path(__file__).resolve().parents[2]
EVERY_RANK = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "joker"]
SPANISH_RANK_TOKENS = ["1", "2", "3", "4", "5", "6", "7", "S", "C", "R"]


def _record_text(variant: str, players: int, overrides: dict[str, Any]) -> str:
    return records.dumps_record(records.GameRecord(variant, 1, players, seed=1, overrides=overrides))


ALL_SPECIAL_CUT = _record_text("standard", 2, {"R_CUT": {"mode": "power_cards", "special": EVERY_RANK[5:13]}})
"""The record of the finding: R_CUT's power cards with every rank of the 32-card deck special."""
ALL_SPECIAL_CEREMONY = _record_text("standard", 2, {"R_CUT": {"mode": "bottom_ceremony", "by": "left",
                                                              "special": EVERY_RANK[5:13], "max_kept": 2}})


# ---------------------------------------------------------------- the readers


def _cli(args: list[str], text: str, tmp: Path) -> int:
    path = tmp / "input.json"
    path.write_text(text, encoding="utf-8")
    return main([*args, str(path)], out=io.StringIO(), err=io.StringIO())


def _read_and_replay(text: str) -> object:
    rec = records.loads_record(text)
    return list(records.replay(rec))


def _verify(text: str) -> object:
    return fairness.verify_record(records.loads_record(text))


RECORD_READERS: dict[str, Callable[[str, Path], object]] = {
    "loads_record+first_violation": lambda t, _: records.first_violation(records.loads_record(t)),
    "validate_records": lambda t, _: records.validate_records(t),
    "iter_validate_records": lambda t, _: list(records.iter_validate_records(t)),
    "validate_records/cache": lambda t, _: records.validate_records(t, variants=records.VariantCache(max_compiles=4)),
    "loads_records": lambda t, _: records.loads_records(t),
    "replay": lambda t, _: _read_and_replay(t),
    "verify_record": lambda t, _: _verify(t),
    "maumau validate": lambda t, tmp: _cli(["validate"], t, tmp),
    "maumau replay": lambda t, tmp: _cli(["replay"], t, tmp),
    "maumau verify": lambda t, tmp: _cli(["verify"], t, tmp),
}
"""Every reader of record text: each is given the text (and a folder for the command line's file)."""


def _setups_of(v: Variant) -> None:
    """Every setup form of a variant that compiled: seed, deck order, explicit deal (Mau-Mau), each player count."""
    for players in range(v.players[0], min(v.players[1], v.players[0] + 2) + 1):
        s = new_game(v, players, seed=3)
        new_game(v, players, deck_order=v.deck.cards(), dealer=0)
        if v.family == "maumau":
            new_game(v, players, 4, deal=Deal(s.hands, s.stock, s.discard))


def _toml_reader(text: str, _: Path) -> object:
    v = load_variant(text)
    _setups_of(v)
    return v


TOML_READERS: dict[str, Callable[[str, Path], object]] = {
    "load_variant+new_game": _toml_reader,
    "VariantCache.load_variant": lambda t, _: records.VariantCache(max_compiles=1).load_variant(t),
}
"""Every reader of house-rule TOML (the play command's ``--variant`` is checked in a test of its own: it plays a
whole game, as long as the variant's turn limit allows)."""

STATE_READERS: dict[str, Callable[[str, Path], object]] = {
    "notation.loads": lambda t, _: notation.loads(t),
    "notation.loads_state": lambda t, _: notation.loads_state(t) if '"type": "state"' in t[:40] else None,
}
"""Readers of state JSON, whose variant reference may carry its own definition."""


def _feed(readers: dict[str, Callable[[str, Path], object]], text: str, tmp: Path) -> dict[str, str]:
    """Give ``text`` to every reader under the documented bound; what each did: a result, or a library error."""
    outcomes: dict[str, str] = {}
    for name, reader in readers.items():
        try:
            with work_limit(bound_for(text)):
                try:
                    result = reader(text, tmp)
                except MauMauError as exc:
                    outcomes[name] = f"{type(exc).__name__}: {exc}"
                    continue
        except TooMuchWork as exc:
            raise AssertionError(f"{name} did {exc} on {len(text)} characters: {text[:300]}") from None
        outcomes[name] = _describe(result)
    return outcomes


def _describe(result: object) -> str:
    if isinstance(result, list) and result and isinstance(result[0], records.RecordReport):
        return "; ".join("ok" if r.ok else str(r.error) for r in result)
    if isinstance(result, records.ReplayError):
        return str(result)
    return f"exit {result}" if isinstance(result, int) else "ok"


# ---------------------------------------------------------------- the findings


@pytest.mark.rule("R_CUT")
@pytest.mark.parametrize("text", [ALL_SPECIAL_CUT, ALL_SPECIAL_CEREMONY], ids=["power_cards", "bottom_ceremony"])
def test_a_cut_that_always_redeals_is_refused_by_every_reader(text: str, tmp_path: Path) -> None:
    """Finding 1: ``new_game`` retried the deal forever; now the variant is refused when it is compiled."""
    assert len(text) < 300
    outcomes = _feed(RECORD_READERS, text, tmp_path)
    for name in ("loads_record+first_violation", "validate_records", "iter_validate_records",
                 "validate_records/cache", "replay"):  # (loads_records reads without setting up)
        assert "R_CUT" in outcomes[name] and "can never succeed" in outcomes[name], (name, outcomes[name])
    assert outcomes["maumau validate"] == outcomes["maumau replay"] == "exit 1", outcomes
    assert "FairnessError" in outcomes["verify_record"] and outcomes["maumau verify"] != "exit 0"
    changes = json.loads(text)["overrides"]
    fair = fairness.FairSeed(b"secret", b"salt").bind(fairness.FairSetup.game("standard", 2, overrides=changes))
    rec = records.GameRecord("standard", 1, 2, seed=fair.game_seed, fairness=fair, overrides=changes)
    with work_limit(STEPS_FIXED), pytest.raises(fairness.FairnessError, match="R_CUT"):
        fairness.verify_record(rec)


@pytest.mark.rule("R_CUT")
def test_a_house_rule_file_with_such_a_cut_is_refused_by_load_variant_and_the_play_command(tmp_path: Path) -> None:
    text = ('[variant]\nid = "h"\nname = "H"\nbased_on = "standard"\n[rules.R_CUT]\nmode = "power_cards"\n'
            'special = ["7", "8", "9", "10", "J", "Q", "K", "A"]\n')
    with work_limit(bound_for(text)), pytest.raises(VariantError, match=r"rule R_CUT: .* can never succeed"):
        load_variant(text)
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    err = io.StringIO()
    with work_limit(bound_for(text)):
        code = main(["play", "--variant", str(path), "--bots-only", "--rounds", "1", "--quiet"], out=io.StringIO(),
                    err=err)
    assert code == 2 and "R_CUT" in err.getvalue()


@pytest.mark.rule("R_CUT")
def test_the_cut_is_refused_above_the_redeal_chance_limit_and_deals_below_it() -> None:
    base = find_variant("standard")
    specials = ["8", "9", "10", "J", "Q", "K", "A"]
    for sevens, chance in ((4, 1.0), (3, 0.875)):  # 32 or 31 special cards of 32: C(S, 4) / C(32, 4)
        cut = Cut(mode="power_cards", special=specials + ["7h", "7d", "7c", "7s"][:sevens])
        assert cut.redeal_chance(base.plan.deck_cards) == pytest.approx(chance)
    with pytest.raises(VariantError, match=r"rule R_CUT: .*32 of the 32 cards .* in 100.0% of deals"):
        base.with_rules(Cut(mode="power_cards", special=EVERY_RANK[5:13]))
    big = base.with_rules(deck="french-52", params={"R_DEAL": {"hand_size": 5}})
    all_but_one = Cut(mode="power_cards", special=EVERY_RANK[1:13] + ["2h", "2d", "2c"])  # 51 of 52: 48/52
    chance = all_but_one.redeal_chance(big.plan.deck_cards)
    assert chance == pytest.approx(48 / 52) and chance > REDEAL_CHANCE_LIMIT
    with pytest.raises(VariantError, match=r"51 of the 52 cards .* in 92.3% of deals, more than 90%"):
        big.with_rules(all_but_one)
    playable = base.with_rules(Cut(mode="power_cards", special=specials + ["7h", "7d", "7c"]))
    for seed in range(20):  # a redeal in 7 deals of 8: still dealt within the bound
        with work_limit(STEPS_FIXED):
            s = new_game(playable, 3, seed=seed)
        assert sum(map(len, s.hands)) + len(s.stock) + len(s.discard) == 32


@attrs.frozen
class NeverDeals(Cut):
    """A third-party cut that always asks for a redeal (the compile-time check cannot see into it)."""

    def cut(self, pile: tuple[Any, ...], rng: int, at: int | None) -> CutResult | None:
        return None


@pytest.mark.rule("R_CUT")
def test_a_cut_that_keeps_asking_for_a_redeal_stops_at_max_redeals() -> None:
    v = find_variant("standard").with_rules(NeverDeals())
    with work_limit(STEPS_FIXED + 40 * MAX_REDEALS) as meter, \
            pytest.raises(VariantError, match=f"no deal after {MAX_REDEALS} redeals"):
        new_game(v, 2, seed=1)
    assert meter.steps >= 32 * MAX_REDEALS  # it did shuffle again each time, up to the bound


@pytest.mark.rule("R_DEALER")
def test_the_highest_card_draw_needs_two_ranks_and_stops_at_max_redeals(tmp_path: Path) -> None:
    text = ('[variant]\nid = "h"\nname = "H"\nbased_on = "standard"\nplayers = [2, 2]\ndeck = "ranks:7 x2"\n'
            '[rules.R_DEAL]\nhand_size = 2\ntwo_player_hand_size = 2\n')
    with work_limit(bound_for(text)), pytest.raises(VariantError, match=r"rule R_DEALER: .* same rank"):
        load_variant(text)
    assert load_variant(text.replace("[rules.R_DEAL]", '[rules.R_DEALER]\nselection = "seat_zero"\n[rules.R_DEAL]'))
    with work_limit(STEPS_FIXED + 40 * MAX_REDEALS), pytest.raises(VariantError, match="still ties after 1000"):
        Dealer().first_dealer(3, find_variant("standard").deck.cards()[:1] * 8, 5)


@pytest.mark.rule("R_MAL_ALBUR")
def test_the_albur_needs_two_ranks_and_stops_at_its_bound() -> None:
    text = ('[variant]\nid = "h"\nname = "H"\nbased_on = "malilla"\ndeck = "spanish:7"\ndrop = ["R_MAL_REDEAL"]\n'
            '[rules.R_MAL_ALBUR]\n')
    with work_limit(bound_for(text)), pytest.raises(VariantError, match=r"rule R_MAL_ALBUR .* same rank"):
        load_variant(text)
    two = load_variant(text.replace("spanish:7", "spanish:7/R"))
    with work_limit(STEPS_FIXED):
        assert malilla_engine.new_hand(two, seed=1).albur

    class Ties:  # a plan whose cards all rank alike (the compiled plans refuse one)
        deck_cards = two.family_plan.deck_cards
        strength = dict.fromkeys(deck_cards, 1)

    with work_limit(STEPS_FIXED + 40 * malilla_engine.MAX_ALBUR_DRAWS), pytest.raises(VariantError, match="tie after"):
        malilla_engine._draw_albur(Ties(), 1)  # type: ignore[arg-type]


def test_the_documented_bound_is_the_tested_one() -> None:
    text = (ROOT / "docs" / "server.rst").read_text(encoding="utf-8")
    assert f"{STEPS_FIXED:,} + {STEPS_PER_CHAR} × n" in text
    assert f"{MAX_REDEALS:,}" in text and f"{records.MAX_VARIANT_JSON:,}" in text


# ---------------------------------------------------------------- every family, every setup form


def _value(draw: st.DrawFn, param: dict[str, Any], family: str) -> Any:
    """A value for a rule parameter, often at or past its edges (the spec's range, every rank, nothing)."""
    kind = param["type"]
    tokens = SPANISH_RANK_TOKENS if family == "malilla" else EVERY_RANK
    if kind == "int":
        low, high = int(param.get("min", 0)), int(param.get("max", 1000))
        return draw(st.sampled_from([low, high, low + 1, max(low, high - 1), 10**6]) | st.integers(low, high))
    if kind == "bool":
        return draw(st.booleans())
    if kind == "choice":
        return draw(st.sampled_from(param["choices"]))
    if kind == "cards":
        return draw(st.just(tokens) | st.lists(st.sampled_from(tokens), max_size=6, unique=True))
    if kind == "rank-list":
        return draw(st.permutations(tokens) if family == "malilla" else st.lists(st.sampled_from(tokens), max_size=6))
    if kind == "int-list":
        return draw(st.lists(st.integers(0, 12), max_size=6))
    if kind == "penalty-list":
        return [{"cards": draw(st.just(tokens) | st.lists(st.sampled_from(tokens), min_size=1, max_size=3,
                                                           unique=True)),
                 "amount": draw(st.sampled_from([1, 2, 40, 1000]))}]
    if kind == "wild-list":
        return [{"cards": draw(st.just(tokens) | st.lists(st.sampled_from(tokens), min_size=1, max_size=3,
                                                           unique=True)), "wish": draw(st.booleans())}]
    return param["default"]


SETUP_RULES = {"maumau": ["R_CUT", "R_DEALER", "R_DEAL", "R_START_CARD"],
               "malilla": ["R_MAL_ALBUR", "R_MAL_DEAL", "R_MAL_REDEAL"]}
"""The rules that act before the first move (drawn as often as all the others together): where setup loops live."""


@st.composite
def overrides(draw: st.DrawFn, family: str) -> dict[str, Any]:
    """Overrides of one to three rules of the family, with parameters drawn from their spec; sometimes a rule
    dropped (``None``)."""
    ids = sorted(r for r, cls in RULE_CLASSES.items()  # the catalogue's rules (a house rule has no spec entry)
                 if cls.family == family and r in SPEC_RULES and rule_spec(r).get("params"))
    chosen = draw(st.lists(st.sampled_from(SETUP_RULES[family]) | st.sampled_from(ids), min_size=1, max_size=3,
                           unique=True))
    out: dict[str, Any] = {}
    for rule_id in chosen:
        if draw(st.integers(0, 7)) == 0:
            out[rule_id] = None
            continue
        params = rule_spec(rule_id)["params"]
        picked = draw(st.lists(st.sampled_from(params), min_size=1, max_size=len(params),
                               unique_by=lambda p: p["name"]))
        out[rule_id] = {p["name"]: _value(draw, p, family) for p in picked}
    return out


DECKS = {"maumau": [None, "ranks:7 x2", "ranks:7/8", "ranks:A/K x8", "french-52+8j x8", "ranks:7+1j"],
         "malilla": [None, "spanish:7", "spanish:7/R", "spanish:1/2/3/4/5/6/7/S/C"]}
"""Decks a definition or house-rule file may put in (``None``: the variant's own): one rank, two, the largest."""


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    raise AssertionError(value)  # pragma: no cover


def house_toml(base: Variant, changes: dict[str, Any], deck: str | None) -> str:
    """A house-rule file based on ``base`` with ``changes`` (``None`` drops a rule the base has)."""
    drop = [r for r, p in changes.items() if p is None and base.rule(r) is not None]
    lines = ["[variant]", 'id = "house"', 'name = "House"', f"based_on = {json.dumps(base.id)}"]
    if deck is not None:
        lines.append(f"deck = {json.dumps(deck)}")
    if drop:
        lines.append(f"drop = {_toml(drop)}")
    for rule_id, params in changes.items():
        if params is not None:
            lines.append(f"[rules.{rule_id}]")
            lines.extend(f"{k} = {_toml(v)}" for k, v in params.items())
    return "\n".join(lines) + "\n"


def _definition(base: Variant, changes: dict[str, Any], deck: str | None) -> dict[str, Any]:
    data = notation.variant_to_json(base)
    data["variant"]["id"] = "house"
    if deck is not None:
        data["variant"]["deck"] = deck
    rules = dict(data["rules"])
    for rule_id, params in changes.items():
        if params is None:
            rules.pop(rule_id, None)
        else:
            rules[rule_id] = {**rules.get(rule_id, {}), **params}
    data["rules"] = rules
    return data


FORMS = ("seed", "deal", "deck_order", "overrides", "definition", "fair", "toml", "state")


@st.composite
def inputs(draw: st.DrawFn, family: str) -> tuple[str, str]:
    """An input for the readers: (kind, text) with kind ``record``, ``toml`` or ``state``."""
    base = draw(st.sampled_from(available_variants(family)))
    players = base.players[0]
    changes = draw(overrides(family))
    deck = draw(st.sampled_from(DECKS[family]))
    form = draw(st.sampled_from(FORMS))
    if form == "toml":
        return "toml", house_toml(base, changes, deck)
    if form in ("definition", "state"):
        definition = _definition(base, changes, deck)
        if form == "state":
            data = notation.to_json(new_game(base, players, seed=2))
            data["variant"] = {"id": "house", "version": base.version, "definition": definition}
            return "state", json.dumps(data)
        data = records.GameRecord(base.id, base.version, players, seed=5).to_json()
        data["variant"] = {"id": "house", "version": base.version, "definition": definition}
        return "record", json.dumps(data)
    applied = changes if form in ("overrides", "fair") or draw(st.booleans()) else {}
    fair = (fairness.FairSeed(b"secret", b"salt").bind(fairness.FairSetup.game(base, players, overrides=applied))
            if form == "fair" else None)
    opening = new_game(base, players, seed=7)
    rec = records.GameRecord(
        base.id, base.version, players, seed=fair.game_seed if fair is not None else 7, overrides=applied,
        deal=Deal(opening.hands, opening.stock, opening.discard) if form == "deal" and family == "maumau" else None,
        deck_order=base.deck.cards() if form == "deck_order" or (form == "deal" and family != "maumau") else None,
        dealer=0 if form in ("deck_order", "deal") else None, fairness=fair)
    return "record", records.dumps_record(rec)


READERS = {"record": RECORD_READERS, "toml": TOML_READERS, "state": STATE_READERS}


@pytest.mark.slow(seconds=20)
@pytest.mark.parametrize("family", ["maumau", "malilla"])
@settings(max_examples=examples(0.4), suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                             HealthCheck.too_slow])
@given(data=st.data())
def test_every_reader_stays_within_the_documented_bound(family: str, data: st.DataObject, tmp_path: Path) -> None:
    kind, text = data.draw(inputs(family), label="input")
    _feed(READERS[kind], text, tmp_path)


@pytest.mark.rule("R_CUT", "R_DEALER", "R_MAL_ALBUR")
@pytest.mark.parametrize(("family", "rule_id", "params", "deck"), [
    ("maumau", "R_CUT", {"mode": "power_cards", "special": EVERY_RANK}, None),
    ("maumau", "R_CUT", {"mode": "bottom_ceremony", "by": "left", "special": EVERY_RANK, "max_kept": 0}, None),
    ("maumau", "R_DEALER", {"selection": "highest_card"}, "ranks:A/K x8"),
    ("maumau", "R_DEALER", {"selection": "highest_card"}, "ranks:7 x2"),
    ("malilla", "R_MAL_ALBUR", {"hands": "every"}, "spanish:7"),
], ids=["power-cards", "ceremony", "dealer-two-ranks", "dealer-one-rank", "albur-one-rank"])
def test_the_pathological_setups_in_every_form(family: str, rule_id: str, params: dict[str, Any], deck: str | None,
                                               tmp_path: Path) -> None:
    """The shapes that used to hang, in each setup form the property above draws from (so they are always tried)."""
    base = find_variant("standard" if family == "maumau" else "malilla")
    changes: dict[str, Any] = {rule_id: params, **({"R_DEAL": {"hand_size": 1, "two_player_hand_size": 1}}
                                                   if deck is not None and family == "maumau" else {}),
                               **({"R_MAL_REDEAL": None} if family == "malilla" else {})}
    toml = house_toml(base, changes, deck)
    definition = _definition(base, changes, deck)
    data = records.GameRecord(base.id, 1, base.players[0], seed=5).to_json()
    data["variant"] = {"id": "house", "version": 1, "definition": definition}
    texts = [("toml", toml), ("record", json.dumps(data))]
    if deck is None:
        texts.append(("record", _record_text(base.id, base.players[0], changes)))
    for kind, text in texts:
        outcomes = _feed(READERS[kind], text, tmp_path)
        if deck != "ranks:A/K x8":  # two ranks: the draw for the dealer ends, the variant plays
            assert any(rule_id in o for o in outcomes.values()), outcomes
