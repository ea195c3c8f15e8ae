"""The variant registry, spec/variants agreement, and house rules built from the shared rule objects."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Final

import pytest

from maumau_rules import Card, Play, VariantError, available_variants, find_variant, legal_moves, load_variant, new_game
from maumau_rules.families.maumau import Announcement, Deal, DrawPenalty, PendingDraw, Skip, Wild
from maumau_rules.rules import RULE_CLASSES, CardSet, PenaltySpec, WildSpec
from maumau_rules.variants import variant_from_dict

ROOT: Final = Path(__file__).resolve().parents[2]
SPEC: Final = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "spec" / "variants").glob("*.toml")}
EXPECTED_IDS: Final = {
    "standard", "standard-points", "standard-table", "classic", "neuner", "prsi", "pesten", "puque", "russian",
    "faraon", "tschau-sepp", "greek-150", "mau-king", "mau-king-app", "crazy-eights",
}
MALILLA_IDS: Final = {"malilla", "malilla-table"}


def test_registry_holds_every_variant_of_the_matrix() -> None:
    """Digest §4 variant matrix: every Mau-Mau ruleset is a named variant (plus Crazy Eights and Standard's modes);
    source 002's Malilla is a family of its own (with its table rules)."""
    assert {v.id for v in available_variants()} == EXPECTED_IDS | MALILLA_IDS
    assert {v.id for v in available_variants("maumau")} == EXPECTED_IDS
    assert {v.id for v in available_variants("malilla")} == MALILLA_IDS
    assert set(SPEC) == EXPECTED_IDS | MALILLA_IDS
    with pytest.raises(VariantError, match="unknown family"):
        available_variants("uno")


@pytest.mark.parametrize("vid", sorted(EXPECTED_IDS))
def test_registry_and_spec_variants_agree(vid: str) -> None:
    """spec/variants/<id>.toml and the registry agree: id, name, aliases, deck, players, hand size, rules."""
    data: dict[str, Any] = SPEC[vid]
    head = data["variant"]
    v = find_variant(vid)
    assert (v.id, v.name, list(v.aliases)) == (head["id"], head["name"], head.get("aliases", []))
    assert str(v.deck) == head["deck"] and v.deck.size == len(v.plan.deck_cards)
    assert list(v.players) == head["players"]
    assert v.plan.hand_size(max(3, v.players[0])) == data["rules"]["R_DEAL"].get("hand_size", 5)
    assert [r.rule_id for r in v.rules] == list(data["rules"])
    assert v.external == head.get("external", False)


@pytest.mark.parametrize(
    ("name", "vid"),
    [("prší", "prsi"), ("PRSI", "prsi"), ("makao", "mau-king"), ("Mau King", "mau-king"), ("mau-mau", "standard"),
     ("Faraón", "faraon"), ("Tschau Sepp", "tschau-sepp"), ("crazy 8s", "crazy-eights"), ("101", "russian"),
     ("wikipedia", "classic"), ("greek", "greek-150"), ("Laatste", None)],
)
def test_aliases(name: str, vid: str | None) -> None:
    """Names and aliases find their variant whatever the case, spaces, hyphens or accents."""
    if vid is None:
        with pytest.raises(VariantError, match="unknown variant"):
            find_variant(name)
    else:
        assert find_variant(name).id == vid


@pytest.mark.parametrize("vid", sorted(EXPECTED_IDS | MALILLA_IDS))
def test_every_variant_records_its_sources_and_decisions(vid: str) -> None:
    """Each variant cites source items; external ones cite EXT: keys; every decision names a gap and a reason."""
    v = find_variant(vid)
    assert v.sources and v.decisions
    assert all(d.gap and d.param and d.value and d.reason for d in v.decisions)
    assert any(d.gap.startswith("CA-") for d in v.decisions)
    if v.external:
        assert any(s.startswith("EXT:") for s in v.sources)


def test_variants_share_rule_classes_not_engines() -> None:
    """A rule two variants share is one class with parameters: e.g. R_SKIP is the 8 in Standard, the Ace in Prší."""
    for v in available_variants():
        for r in v.rules:
            assert type(r) is RULE_CLASSES[r.rule_id]
    std, prsi = find_variant("standard").rule("R_SKIP"), find_variant("prsi").rule("R_SKIP")
    assert isinstance(std, Skip) and isinstance(prsi, Skip) and std != prsi
    assert str(std.cards) == "8" and str(prsi.cards) == "A" and prsi.passable


def test_house_rules_in_python() -> None:
    """Users build house rules from the same rule objects in Python (Variant.with_rules)."""
    v = find_variant("standard").with_rules(Skip(cards="8", passable=True), id="passing-eights")
    assert v.id == "passing-eights" and v.plan.skip_answers == v.plan.masks.of(CardSet.parse("8"))
    assert [r.rule_id for r in v.rules] == [r.rule_id for r in find_variant("standard").rules]
    dropped = find_variant("standard").with_rules(drop=["R_ANNOUNCE"])
    assert dropped.plan.announcer is None and not any(isinstance(m, Play) and m.call for m in
                                                     legal_moves(new_game(dropped, 2, seed=1)))
    bigger = find_variant("classic").with_rules(players=(2, 8), deck="french-32 x2")
    assert [len(h) for h in new_game(bigger, 8, seed=1).hands] == [5] * 8


HOUSE: Final = """
[variant]
id = "our-house"
name = "Our house rules"
deck = "french-52+2j"
players = [2, 6]
[rules.R_DEAL]
hand_size = 6
[rules.R_MATCH]
[rules.R_WILD]
wilds = [{ cards = ["J"], wish = true }, { cards = ["joker"], wish = false }]
[rules.R_DRAW_PENALTY]
penalties = [{ cards = ["7"], amount = 2 }, { cards = ["Ks"], amount = 4 }, { cards = ["6"], amount = 1, skip = true, group = "six" }]
[rules.R_REVERSE]
cards = ["9"]
[[decisions]]
gap = "house"
param = "R_DEAL.hand_size"
value = "6"
reason = "we like long rounds"
"""


def test_house_rules_from_toml() -> None:
    """A TOML file of the spec/variants shape is a house-rule variant (load_variant)."""
    v = load_variant(HOUSE)
    assert v.id == "our-house" and v.deck.size == 54 and v.plan.hand_size(3) == 6
    plan = v.plan
    assert [e.amount for e in plan.effects[Card.parse("Ks")] if isinstance(e, PendingDraw)] == [4]
    assert Card.parse("6h") in plan.penalty_skip_cards
    assert {"wild", "free"} <= plan.roles[Card.parse("Joker")] and "reverse" in plan.roles[Card.parse("9c")]
    assert v.decisions[0].reason == "we like long rounds"
    assert [len(h) for h in new_game(v, 6, seed=3).hands] == [6] * 6


def _house(rules: str, deck: str = "french-32", players: str = "[2, 5]") -> str:
    deal = "" if "[rules.R_DEAL]" in rules else "[rules.R_DEAL]\n"
    return f'[variant]\nid = "h"\nname = "H"\ndeck = "{deck}"\nplayers = {players}\n{deal}[rules.R_MATCH]\n{rules}\n'


def test_impossible_penalty_larger_than_the_deck() -> None:
    """A draw penalty larger than the deck raises VariantError naming R_DRAW_PENALTY and the deck."""
    with pytest.raises(VariantError, match=r"R_DRAW_PENALTY conflicts with the french-32 deck.*draw 40"):
        load_variant(_house('[rules.R_DRAW_PENALTY]\npenalties = [{ cards = ["7"], amount = 40 }]'))
    with pytest.raises(VariantError, match="R_DRAW_PENALTY"):
        find_variant("pesten").with_rules(DrawPenalty(penalties=(PenaltySpec(cards="joker", amount=55),)))


def test_impossible_two_wilds_claiming_one_rank() -> None:
    """Two wild entries claiming the same cards raise VariantError naming R_WILD and both entries."""
    with pytest.raises(VariantError, match=r"R_WILD: wild entries 1 \(J\) and 2 \(J♥\) both claim J♥"):
        load_variant(_house('[rules.R_WILD]\nwilds = [{ cards = ["J"] }, { cards = ["Jh"], wish = false }]'))
    with pytest.raises(VariantError, match="R_WILD"):
        find_variant("neuner").with_rules(Wild(wilds=(WildSpec(cards="9"), WildSpec(cards=["9s", "joker"]))))


def test_impossible_hand_size_for_the_player_count() -> None:
    """A hand size that cannot be dealt to that many players raises VariantError naming R_DEAL and the players."""
    with pytest.raises(VariantError, match=r"R_DEAL conflicts with \[variant\] players 2-5: dealing 7 cards to 5"):
        load_variant(_house("[rules.R_DEAL]\nhand_size = 7"))
    with pytest.raises(VariantError, match="R_DEAL"):
        find_variant("standard").with_rules(Deal(hand_size=16))
    with pytest.raises(VariantError, match="R_DEAL"):
        find_variant("pesten").with_rules(players=(2, 8))  # 8 × 7 + 1 > 54


def test_other_conflicts_and_bad_parameters() -> None:
    """Unknown rules and parameters, a rule listed twice, and play-again on a skip card are refused."""
    with pytest.raises(VariantError, match="unknown rule 'R_NOPE'"):
        load_variant(_house("[rules.R_NOPE]"))
    with pytest.raises(VariantError, match="no parameter 'colour'"):
        load_variant(_house("[rules.R_SKIP]\ncolour = 1"))
    with pytest.raises(VariantError, match="R_PLAY_AGAIN and R_SKIP conflict"):
        load_variant(_house('[rules.R_SKIP]\ncards = ["A"]\n[rules.R_PLAY_AGAIN]\ncards = ["A"]'))
    with pytest.raises(VariantError, match="not one of"):
        load_variant(_house('[rules.R_ANNOUNCE]\nwindow = "forever"'))
    with pytest.raises(VariantError, match="players"):
        variant_from_dict({"variant": {"id": "x", "name": "X", "deck": "french-32", "players": [3, 2]}, "rules": {}})


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("judged", [{"jack_word": "Mau Mau"}, {"unannounced_finish": "penalty"},
                                    {"unannounced_finish": "jack_penalty", "jack_word": "Mau Mau"}])
def test_a_judged_finish_needs_a_penalty_card(judged: dict[str, str]) -> None:
    """A caught finisher who drew no card would stay in the round with an empty hand: refused when compiled."""
    base = find_variant("standard")
    with pytest.raises(VariantError, match=r"R_ANNOUNCE: penalty 0 must be at least 1"):
        base.with_rules(Announcement(penalty=0, **judged))  # type: ignore[arg-type]
    assert base.with_rules(Announcement(penalty=1, **judged)).rules  # type: ignore[arg-type]
    assert base.with_rules(Announcement(penalty=0)).rules  # nothing judged at the finish: 0 is allowed
