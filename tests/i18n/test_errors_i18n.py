"""The record-format, JSON and fair-setup errors in each language (issue 29): what ``maumau validate``, ``replay`` and
``verify`` print for a bad record, bad JSON or a bad fairness block, and what :mod:`maumau_rules.fairness` says of a
bad setup, is made with ``_()`` at raise time, so in a ``language(L)`` block (or with ``--lang L``) no English is
left; the error classes and the reason codes stay as they are, and the English messages stay byte for byte."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

from maumau_rules import available_variants, find_variant, legal_moves, load_variant, new_game
from maumau_rules.bots import make_bot
from maumau_rules.cards import Card
from maumau_rules.deck import DeckSpec
from maumau_rules.entropy import seed_or_fresh
from maumau_rules.errors import MauMauError, NotationError
from maumau_rules.events import events_between
from maumau_rules.fairness import FairnessError, FairSeed, FairSetup
from maumau_rules.families import family_of
from maumau_rules.families.maumau import engine as maumau_engine
from maumau_rules.families.maumau.batch.engine import BatchEngine
from maumau_rules.i18n import LANGUAGES, gettext, language, translate_message
from maumau_rules.jsonstream import json_values
from maumau_rules.memo import BoundedMemo
from maumau_rules.moves import parse_move
from maumau_rules.notation import from_json, loads, parse_json_text, to_json
from maumau_rules.records import (
    ReplayError,
    dumps_records_jsonl,
    first_violation,
    loads_record,
    loads_records,
    record_from_history,
    record_from_moves,
    validate_records,
)
from maumau_rules.rng import randbelow, seed_state, shuffle
from maumau_rules.rules.base import KINDS, CardSet, Rule, register
from maumau_rules.scoring import next_round, round_points, start_match
from maumau_rules.state import Deal
from maumau_rules.svg import card_svg, hand_svg, pile_svg, view_svg
from maumau_rules.variants import SPEC_VARIANTS, _build_registry, variant_from_dict
from maumau_rules.views import views

from .test_cli_i18n import _CODE, english_sentences, run
from .test_terminal import english_left

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@cache
def good() -> dict[str, Any]:
    """A good game record, as JSON data (each bad record below changes one thing of it)."""
    data: dict[str, Any] = record_from_moves("standard", 2, 3, ["draw"]).to_json()
    return data


def changed(**fields: Any) -> str:
    data = {**good(), **fields}
    return json.dumps({k: v for k, v in data.items() if v is not ...})


def _match(**fields: Any) -> str:
    data = {"type": "match-record", "version": 1, "variant": good()["variant"], "players": 2, "rounds": [[]],
            **fields}
    return json.dumps(data)


# each: a record text that the record tools refuse, one for each kind of record-format error
BAD_RECORDS: dict[str, str | bytes] = {
    "not JSON": "hello there",
    "a list": "[1, 2]",
    "nested too deeply": "[" * 100_000,
    "not UTF-8": b'{"type": "record", "\xff": 1}',
    "wrong type": changed(type="cards"),
    "version": changed(version=7),
    "unknown field": changed(bogus=1),
    "missing field": changed(moves=...),
    "moves not a list": changed(moves="draw"),
    "move not a move": changed(moves=[5]),
    "move object": changed(moves=[{"seat": 1}]),
    "players out of range": changed(players=99),
    "seed not an integer": changed(seed="x"),
    "names": changed(names=[1, 2, 3]),
    "tags": changed(tags=[1]),
    "hand sizes": changed(hand_sizes="x"),
    "comment too long": changed(moves=[{"move": "draw", "comment": "x" * 5000}]),
    "deal": changed(deal=5),
    "deal hands": changed(deal={"hands": 5}),
    "deal start effects": changed(deal={"hands": [["7h"], ["8h"]], "start_effects": 3}),
    "result": changed(result=5),
    "result end": changed(result={"end": "nowhere"}),
    "overrides": changed(overrides=[1]),
    "override parameters": changed(overrides={"R_SKIP": 5}),
    "variant reference": changed(variant="standard"),
    "variant id": changed(variant={"id": 5, "version": 1}),
    "variant version": changed(variant={"id": "standard", "version": 99}),
    "fairness not an object": changed(fairness=5),
    "fairness scheme": changed(fairness={"scheme": "nope"}),
    "fairness fields": changed(fairness={"scheme": "maumau-sha256-v2", "bogus": 1}),
    "match rounds": _match(rounds=5),
    "match round": _match(rounds=[5]),
    "match result": _match(result=5),
    "match version": _match(version=3),
    "records list": json.dumps({"type": "nothing", "version": 1, "records": []}),
    "result mismatch": changed(result={"winner": 1, "end": "empty_hand"}),
    "deal mismatch": changed(deal={"hands": [["7h"], ["8h"], ["9h"]], "stock": [], "discard": ["Th"]}),
}


def message(text: str | bytes) -> str:
    """What the record tools say about ``text``: the message of its reading error, or of its first violation."""
    try:
        records = loads_records(text)
    except MauMauError as exc:
        return str(getattr(exc, "message", exc))
    for record in records:
        violation = first_violation(record)
        if violation is not None:
            return violation.message
    raise AssertionError(f"no error: {text[:80]!r}")


FAIR = FairSeed(b"secret", b"salt")


def _bound_twice() -> object:
    return FAIR.bind(FairSetup.game("standard", 2)).bind(FairSetup.game("standard", 3))


# each: a call that the fair-setup validation refuses (a bad setup, a bad seed, a bad fairness block)
BAD_SETUPS: dict[str, Callable[[], object]] = {
    "players": lambda: FairSetup.game("standard", 0),
    "dealer": lambda: FairSetup.game("standard", 2, dealer=5),
    "hand sizes": lambda: FairSetup.game("standard", 2, hand_sizes=[5]),
    "hand sizes type": lambda: FairSetup.game("standard", 2, hand_sizes=5),  # type: ignore[arg-type]
    "overrides": lambda: FairSetup.game("standard", 2, overrides={"R_SKIP": {"x": object()}}),
    "overrides shape": lambda: FairSetup.game("standard", 2, overrides={"R_SKIP": 5}),  # type: ignore[dict-item]
    "secret": lambda: FairSeed(b"", b"salt"),
    "secret type": lambda: FairSeed("secret", b"salt"),
    "entropy": lambda: FairSeed(b"secret", b"salt", entropy=[5]),
    "bound twice": _bound_twice,
    "unbound": lambda: FAIR.commitment,
    "setup JSON": lambda: FairSetup.from_json({"kind": "game"}),
    "setup variant JSON": lambda: FairSetup.from_json({"kind": "game", "variant": 5, "players": 2,
                                                       "overrides": None, "dealer": None, "first_player": None,
                                                       "hand_sizes": None}),
    "seed JSON": lambda: FairSeed.from_json(5),
    "seed JSON hex": lambda: FairSeed.from_json({**FAIR.bind(FairSetup.game("standard", 2)).to_json(),
                                                 "salt": "zz"}),
    "seed JSON commitment": lambda: FairSeed.from_json({**FAIR.bind(FairSetup.game("standard", 2)).to_json(),
                                                        "commitment": "00"}),
}

# each: a JSON text of the notation that is refused
BAD_JSON: dict[str, Callable[[], object]] = {
    "not JSON": lambda: loads("{"),
    "not an object": lambda: loads("[1]"),
    "type": lambda: loads('{"type": "nothing", "version": 1}'),
    "version": lambda: loads('{"type": "card", "version": 9, "card": "7h"}'),
    "field": lambda: loads('{"type": "card", "version": 1, "card": 5}'),
    "unknown field": lambda: loads('{"type": "card", "version": 1, "card": "7h", "x": 1}'),
    "too long": lambda: parse_json_text("x" * 50, "view JSON", limit=10),
    "state": lambda: from_json({"type": "state", "version": 1, "state": 5}),
    "variant": lambda: from_json({"type": "variant", "version": 1, "variant": {}, "decisions": 5}),
    "variant reference": lambda: loads(json.dumps({**to_json(new_game("standard", 2, seed=1)), "variant": 5})),
}


def _house(**head: object) -> Callable[[], object]:
    """Loading a variant whose ``[variant]`` table is ``head`` (over a good one) with ``rules`` and ``data``
    changed by the keys ``rules`` and ``data``."""
    rules = head.pop("rules", {"R_MATCH": {}})
    data = head.pop("data", {})
    fields = {"id": "house", "name": "House", "deck": "french-32", "players": [2, 4], **head}
    return lambda: variant_from_dict({"variant": {k: v for k, v in fields.items() if v is not ...}, "rules": rules,
                                      **data})  # type: ignore[dict-item]


_STANDARD = find_variant("standard")

# each: a variant file (or a variant built in Python) that is refused
BAD_VARIANTS: dict[str, Callable[[], object]] = {
    "text type": lambda: load_variant(5),  # type: ignore[arg-type]
    "text length": lambda: load_variant("#" * 300_000),
    "data type": lambda: variant_from_dict([1]),  # type: ignore[arg-type]
    "unknown table": _house(data={"bogus": {}}),
    "no variant table": lambda: variant_from_dict({"rules": {}}),
    "unknown field": _house(colour="red"),
    "no id": _house(id=...),
    "based_on type": _house(based_on=5),
    "drop alone": _house(drop=["R_SKIP"]),
    "players": _house(players=[2]),
    "aliases": _house(aliases="house"),
    "unknown rule": _house(rules={"R_NO_SUCH_RULE": {}}),
    "rule table": _house(rules={"R_DEAL": 5}),
    "rule parameter": _house(rules={"R_DEAL": {"colour": 1}}),
    "drop unknown": _house(based_on="standard", deck=..., players=..., drop=["R_NO_SUCH_RULE"], rules={}),
    "dropped and set": _house(based_on="standard", deck=..., players=..., drop=["R_SKIP"], rules={"R_SKIP": {}}),
    "version": _house(version=0),
    "external": _house(external="yes"),
    "summary": _house(summary=5),
    "family": _house(family="poker"),
    "family of the base": _house(based_on="malilla", deck=..., players=..., family="maumau", rules={}),
    "decisions": _house(data={"decisions": 5}),
    "decision fields": _house(data={"decisions": [{"bogus": 1}]}),
    "deck object": lambda: attrs.evolve(_STANDARD, deck="french-32"),  # type: ignore[arg-type]
    "players object": lambda: attrs.evolve(_STANDARD, players=(2,)),  # type: ignore[arg-type]
    "rule object": lambda: attrs.evolve(_STANDARD, rules=(5,)),  # type: ignore[arg-type]
    "rule family": lambda: attrs.evolve(_STANDARD, rules=(*_STANDARD.rules, find_variant("malilla").rules[0])),
    "with_rules drop": lambda: _STANDARD.with_rules(drop=["R_NO_SUCH_RULE"]),
    "with_rules parameter": lambda: _STANDARD.with_rules(params={"R_SKIP": {"colour": 1}}),
    "with_rules table": lambda: _STANDARD.with_rules(params={"R_SKIP": 5}),  # type: ignore[dict-item]
    "families": lambda: available_variants("poker"),
}

# each: a variant whose rules the rule parameters or the rules' checks refuse (the rule's own message)
BAD_RULES: dict[str, Callable[[], object]] = {
    "integer range": _house(rules={"R_MATCH": {}, "R_DEAL": {"hand_size": 0}}),
    "flag": _house(rules={"R_MATCH": {}, "R_DRAW": {"voluntary": 5}}),
    "choice": _house(rules={"R_MATCH": {}, "R_ANNOUNCE": {"enforcement": "x"}}),
    "text": _house(rules={"R_MATCH": {}, "R_ANNOUNCE": {"word": "x" * 70}}),
    "card selector": _house(rules={"R_MATCH": {}, "R_WILD": {"blocked_after": 5}}),
    "integer list": _house(rules={"R_MATCH": {}, "R_DEAL": {"packets": "x"}}),
    "penalty amount": _house(rules={"R_MATCH": {}, "R_DRAW_PENALTY": {"penalties": [{"cards": "7", "amount": 0}]}}),
    "penalty field": _house(rules={"R_MATCH": {}, "R_DRAW_PENALTY": {"penalties": [{"cards": "7", "x": 0}]}}),
    "penalty table": _house(rules={"R_MATCH": {}, "R_DRAW_PENALTY": {"penalties": [5]}}),
    "wild wish": _house(rules={"R_MATCH": {}, "R_WILD": {"wilds": [{"cards": "J", "wish": 5}]}}),
    "packets": _house(rules={"R_MATCH": {}, "R_DEAL": {"hand_size": 5, "packets": [2, 2]}}),
    "empty word": _house(rules={"R_MATCH": {}, "R_ANNOUNCE": {"word": ""}}),
    "no effect": _house(rules={"R_MATCH": {}, "R_CUT": {"mode": "none", "special": "J"}}),
    "draw until playable": _house(rules={"R_MATCH": {}, "R_DRAW": {"until_playable": True, "after_draw": "none"}}),
    "deal too big": _house(rules={"R_MATCH": {}, "R_DEAL": {"hand_size": 20}}),
    "wilds overlap": _house(rules={"R_MATCH": {}, "R_WILD": {"wilds": [{"cards": "J"}, {"cards": "Jh"}]}}),
    # a rule class a user registers (each refused before anything is registered)
    "rule ID": lambda: register(type("Mine", (Rule,), {"rule_id": "mine", "kind": KINDS[0]})),
    "rule ID taken": lambda: register(type("Mine", (Rule,), {"rule_id": "R_DEAL", "kind": KINDS[0]})),
}


def _unknown_kind() -> object:  # (its message is mostly the list of kinds: checked below, word for word)
    return register(type("Mine", (Rule,), {"rule_id": "R_I18N_TEST_ONLY", "kind": "x"}))


def _registry(*variants: dict[str, Any]) -> Callable[[], object]:
    """Building the registry of the spec variants ``variants`` (what ``spec/variants`` would hold): each is the
    standard variant's file with the ``[variant]`` fields given."""
    standard = SPEC_VARIANTS["standard"]
    datas = [{**standard, "variant": {**standard["variant"], "aliases": [], **v}} for v in variants]
    return lambda: _build_registry(datas)


# each: a game that new_game, the engine's legal_moves or call_due cannot start or answer, a deck that cannot be
# made, and a registry of spec variants that cannot be built
BAD_GAMES: dict[str, Callable[[], object]] = {
    # the shared functions' own refusals (maumau_rules.game, maumau_rules.views, the family registry)
    "facade state": lambda: legal_moves(3),
    "facade seat": lambda: legal_moves(new_game("standard", 2, seed=1), player="1"),  # type: ignore[arg-type]
    "views state": lambda: views(3),
    "registry state": lambda: family_of(3),
    "players type": lambda: new_game("standard", "2"),  # type: ignore[arg-type]
    "players": lambda: new_game("standard", 9),
    "dealer type": lambda: new_game("standard", 2, dealer="0"),  # type: ignore[arg-type]
    "dealer": lambda: new_game("standard", 2, dealer=5),
    "cut": lambda: new_game("standard", 2, cut=999),
    "deal type": lambda: new_game("standard", 2, deal=5),  # type: ignore[arg-type]
    "hand sizes type": lambda: new_game("standard", 2, hand_sizes=5),  # type: ignore[arg-type]
    "hand sizes": lambda: new_game("standard", 2, hand_sizes=[5]),
    "hand sizes too big": lambda: new_game("standard", 2, hand_sizes=[20, 20]),
    "deck order type": lambda: new_game("standard", 2, deck_order=5),  # type: ignore[arg-type]
    "deck order": lambda: new_game("standard", 2, deck_order=[]),
    "deal without start card": lambda: new_game("standard", 2, deal=Deal(hands=((), ()), stock=(), discard=())),
    "deal not the deck": lambda: new_game("standard", 2, deal=Deal(  # one card too many, none missing
        hands=((), ()), stock=_STANDARD.plan.deck_cards, discard=(Card.parse("7h"),))),
    "legal moves seat": lambda: maumau_engine.legal_moves(new_game("standard", 2, seed=1), 1.0),  # type: ignore[arg-type]
    "legal moves state": lambda: maumau_engine.legal_moves(5),  # type: ignore[arg-type]
    "call due card": lambda: maumau_engine.call_due("standard", [], 5),  # type: ignore[arg-type]
    "call due hand": lambda: maumau_engine.call_due("standard", 5, Card.parse("7h")),  # type: ignore[arg-type]
    "deck ranks": lambda: DeckSpec(ranks=5),  # type: ignore[arg-type]
    "deck": lambda: DeckSpec.parse("poker"),
    "card selector": lambda: CardSet.parse(["zz"]),
    "card selector type": lambda: CardSet.parse([5]),  # type: ignore[list-item]
    "variants based on each other": _registry({"id": "1", "name": "A", "based_on": "2"},  # (IDs without words)
                                              {"id": "2", "name": "B", "based_on": "1"}),
    "variant based on none": _registry({"id": "a", "name": "A", "based_on": "nope"}),
    "alias clash": _registry({"id": "a", "name": "A", "aliases": ["same"]}, {"id": "b", "name": "B", "aliases": ["same"]}),
}


def _batch_step(action: Callable[[BatchEngine], int]) -> Callable[[], object]:
    def step() -> object:
        engine = BatchEngine("standard", 2, 1)
        return engine.step(np.array([action(engine)]))
    return step


# each: a misuse of the batch engine
BAD_BATCH: dict[str, Callable[[], object]] = {
    "players": lambda: BatchEngine("standard", 9, 2),
    "batch": lambda: BatchEngine("standard", 2, 0),
    "load": lambda: BatchEngine("standard", 2, 2).load([]),
    "action IDs": _batch_step(lambda engine: 9999),
    "illegal action": _batch_step(lambda engine: engine.A - 1),  # a call-out of a seat that said nothing
}


_REPLAY_WHERE: dict[str, dict[str, Any]] = {  # where in a record a replay error is
    "setup": {"step": None, "reason": "invalid_setup"},
    "step": {"step": 4, "reason": "not_your_turn", "rule_id": "R_TURN_ORDER"},
    "round": {"step": 2, "reason": "must_beat", "rule_id": "R_MAL_FOLLOW", "round_no": 3},
    "record": {"step": 0, "reason": "invalid_record", "record_index": 5, "round_no": 1},
}


# each: a call that misuses the API (a bad argument of a library function: ArgumentError, ArgumentTypeError, BotError)
BAD_CALLS: dict[str, Callable[[], object]] = {
    "memo size": lambda: BoundedMemo(0),
    "seed type": lambda: seed_or_fresh("x"),
    "bot kind": lambda: make_bot("genius"),
    "bot budget": lambda: make_bot("ismcts:zero"),
    "card size": lambda: card_svg(Card.parse("7h"), size=500),
    "card type": lambda: card_svg("7h"),  # type: ignore[arg-type]
    "hand orientation": lambda: hand_svg([Card.parse("7h")], orientation="round"),
    "pile shown": lambda: pile_svg([Card.parse("7h")], shown=0),
    "round number": lambda: start_match("standard", 2, 1, round_no=0),
    "round points": lambda: round_points(5),
    "round not over": lambda: round_points(new_game("standard", 2, seed=1)),
    "next round": lambda: next_round(5, 5),  # type: ignore[arg-type]
    "stream jsonl": lambda: list(json_values("[1]", jsonl=5)),  # type: ignore[arg-type]
    "stream source": lambda: list(json_values(5)),  # type: ignore[arg-type]
    "stream limit": lambda: list(json_values("[1]", limit=0)),
    "records": lambda: dumps_records_jsonl(5),  # type: ignore[arg-type]
    "records item": lambda: dumps_records_jsonl([5]),  # type: ignore[list-item]
    "records limit": lambda: loads_records("[]", limit=0),
    "validate source": lambda: validate_records(5),  # type: ignore[arg-type]
    "moves": lambda: record_from_moves("standard", 2, 1, 5),  # type: ignore[arg-type]
    "move pair": lambda: record_from_moves("standard", 2, 1, [(1, 2, 3)]),  # type: ignore[list-item]
    "seed of a record": lambda: record_from_moves("standard", 2, "x", []),  # type: ignore[arg-type]
    "history": lambda: record_from_history(5),  # type: ignore[arg-type]
    "events of a state": lambda: events_between(5, parse_move("draw"), 5),
    "events of two games": lambda: events_between(new_game("standard", 2, seed=1), parse_move("draw"),
                                                  new_game("malilla", 4, seed=1)),
    "events seat": lambda: events_between(new_game("standard", 2, seed=1), parse_move("draw"),
                                          new_game("standard", 2, seed=1), player=7),
    "language type": lambda: language(5).__enter__(),  # type: ignore[arg-type]
    "seed of the generator": lambda: seed_state("x"),  # type: ignore[arg-type]
    "bound of the generator": lambda: randbelow(0, 1),
    "shuffled items": lambda: shuffle(5, 1),  # type: ignore[arg-type]
    "match scores": lambda: start_match("standard", 2, 1, scores=5),  # type: ignore[arg-type]
    "Malilla match scores": lambda: start_match("malilla", 4, 1, scores=5),  # type: ignore[arg-type]
    "Malilla hand not over": lambda: next_round(start_match("malilla", 4, 1), new_game("malilla", 4, seed=1)),
}


def _replay_error(**where: Any) -> Callable[[], str]:
    """``str()`` of a replay error at ``where``, whose message (the engine's, made in the current language) says
    that the round is over."""
    return lambda: str(ReplayError(translate_message("illegal move 'draw': the round is over"), **where))


def refusal(call: Callable[[], object]) -> str:
    try:
        call()
    except (NotationError, FairnessError, ReplayError) as exc:
        return str(getattr(exc, "message", exc))
    except MauMauError as exc:
        return str(exc)
    raise AssertionError("no error")


# what Python's json module and its UTF-8 codec say (a value here, in English in every language), and its position
_EXTERNAL = re.compile(r"invalid (start|continuation) byte|unexpected end of data|<[^<>]*>|Object of type \w+ is not JSON serializable|(Expecting|Unterminated|Invalid|Extra data)[^:(]*|(: )?line \d+ column \d+ \(char \d+\)")


def trigrams(text: str) -> set[tuple[str, ...]]:
    """The runs of three words of ``text`` outside its code (quoted inputs, options, field paths, IDs)."""
    words = re.findall(r"[^\W\d_]+", _CODE.sub(" ", _EXTERNAL.sub(" ", text)))
    return {tuple(w.lower() for w in words[i:i + 3]) for i in range(len(words) - 2)}


def english(text: str, lang: str, source: str = "") -> list[str]:
    """English in ``text``: a sentence of the catalog's English, a line that reads as English, or three words in a
    row of its English form ``source``."""
    text = _EXTERNAL.sub(" ", text)
    return english_left(text) + english_sentences(text, lang) + [" ".join(t) for t in trigrams(text) & trigrams(source)]


def _reading(text: str | bytes) -> Callable[[], str]:
    return lambda: message(text)


def _refusing(call: Callable[[], object]) -> Callable[[], str]:
    return lambda: refusal(call)


CASES: dict[str, dict[str, Callable[[], str]]] = {
    "records": {k: _reading(t) for k, t in BAD_RECORDS.items()},
    "fairness": {k: _refusing(c) for k, c in BAD_SETUPS.items()},
    "notation": {k: _refusing(c) for k, c in BAD_JSON.items()},
    "variants": {k: _refusing(c) for k, c in BAD_VARIANTS.items()},
    "replay": {k: _replay_error(**where) for k, where in _REPLAY_WHERE.items()},
    "misuse": {k: _refusing(c) for k, c in BAD_CALLS.items()},
    "rules": {k: _refusing(c) for k, c in BAD_RULES.items()},
    "games": {k: _refusing(c) for k, c in BAD_GAMES.items()},
    "batch": {k: _refusing(c) for k, c in BAD_BATCH.items()},
}



@pytest.mark.parametrize("group", sorted(CASES))
def test_the_english_messages_are_english_and_each_case_says_something_of_its_own(group: str) -> None:
    """Not vacuous: in English the checks find English in (nearly) every message, and the cases give different
    messages (each reaches its own error)."""
    with language("en"):
        texts = {name: make() for name, make in CASES[group].items()}
    assert len(set(texts.values())) >= len(texts) - 2, texts
    assert all(english(text, "en", text) for text in texts.values())
    found = [name for name, text in texts.items() if english(text, "en")]
    assert len(found) >= 0.6 * len(texts), {k: v for k, v in texts.items() if k not in found}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("group", sorted(CASES))
def test_every_error_is_in_the_language(group: str, lang: str) -> None:
    with language("en"):
        english_texts = {name: make() for name, make in CASES[group].items()}
    left: dict[str, list[str]] = {}
    with language(lang):
        for name, make in CASES[group].items():
            text = make()
            assert text != english_texts[name], (name, text)  # made in the language, not only looked up later
            found = english(text, lang, english_texts[name])
            if found:
                left[name] = [text, *found[:2]]
    assert not left, left


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_short_words_of_a_replay_error_and_a_variant_file_are_in_the_language(lang: str) -> None:
    """What the checks above cannot see in a message of one or two words: ``str(ReplayError)`` of a setup error
    starts with the language's word for the setup, and a variant file without a deck says so in the language."""
    error = ReplayError("—", step=None, reason="invalid_setup")
    with language("en"):
        english_texts = (str(error), refusal(_house(deck=...)))
    with language(lang):
        texts = (str(error), refusal(_house(deck=...)))
        made = gettext("{where}: {reason}: {message}").format(where=gettext("setup"), reason="invalid_setup",
                                                               message="—")
        assert texts == (made, gettext("[variant] needs {key}").format(key="'deck'"))
    assert english_texts == ("setup: invalid_setup: —", "[variant] needs 'deck'")
    assert texts[0] != english_texts[0] and texts[1] != english_texts[1]
    # (messages made mostly of code or language codes, which the word checks would read as English either way)
    with language("en"):
        english_view = refusal(lambda: view_svg(5))
        assert refusal(lambda: language("xx").__enter__()).startswith("unknown language 'xx': choose one of en, de")
    with language(lang):
        assert refusal(lambda: language("xx").__enter__()) == gettext(
            "unknown language {lang}: choose one of {languages}").format(lang="'xx'", languages=", ".join(LANGUAGES))
        assert refusal(lambda: view_svg(5)) == gettext(
            "view_svg draws a view, not {type}(...): pass view(state, seat)").format(type="int") != english_view


def test_the_english_messages_are_as_they_were() -> None:
    """English is the source text: the messages a test or a caller compares stay byte for byte."""
    with language("en"):
        assert refusal(lambda: loads_record("[1, 2]")) == "a record must be a JSON object, got [1, 2]"
        assert refusal(lambda: loads_record(changed(version=7))) == "unsupported version 7 of 'record' JSON: this library reads version 1"
        assert refusal(lambda: loads_record(changed(bogus=1))) == "unknown field(s) 'bogus' in record"
        assert refusal(BAD_SETUPS["dealer"]) == "setup dealer 5 is not a seat of a game of 2 players"
        assert refusal(BAD_JSON["too long"]) == "view JSON of 50 characters is too long (limit 10)"


def test_the_error_classes_and_reason_codes_are_the_same_in_every_language() -> None:
    seen = set()
    for lang in LANGUAGES:
        with language(lang):
            violation = first_violation(loads_record(changed(result={"winner": 1, "end": "empty_hand"})))
            assert violation is not None
            try:
                loads_record(changed(bogus=1))
            except NotationError as exc:
                kind = type(exc).__name__
            seen.add((violation.reason, violation.step, kind))
    assert seen == {("result_mismatch", 1, "NotationError")}, seen


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_record_tools_print_them_in_the_language(lang: str, tmp_path: Path) -> None:
    """``maumau validate`` / ``replay`` / ``verify --lang L`` on bad records: each line in the language."""
    files = []
    for i, text in enumerate(BAD_RECORDS.values()):
        path = tmp_path / f"bad{i}.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        files.append(str(path))
    left = {}
    for argv in (["validate", *files], *(["replay", f] for f in files[::4]), *(["verify", f] for f in files[1::5])):
        _code, text = run("--lang", lang, *argv)
        assert text.strip() and "Traceback" not in text, text
        text = _EXTERNAL.sub(" ", text)
        found = english_left(text) + english_sentences(text, lang)
        if found:
            left[" ".join(argv[:2])] = found[:3]
    assert not left, left
    _code, text = run("--lang", "en", "validate", *files)
    assert english_sentences(text), text  # the control: in English the same lines are English


# each: a case above, its English message byte for byte, and its message made from the catalog's sentences
_EXACT: dict[str, tuple[Callable[[], object], str, Callable[[], str]]] = {
    "players type": (BAD_GAMES["players type"], "players '2' must be an integer (the number of seats)",
                     lambda: gettext("players {value} must be an integer (the number of seats)").format(value="'2'")),
    "dealer": (BAD_GAMES["dealer"], "dealer 5 is not a seat of a game of 2 players",
               lambda: gettext("{name} {seat} is not a seat of a game of {players} players").format(
                   name="dealer", seat=5, players=2)),
    "deal not the deck": (BAD_GAMES["deal not the deck"],
                          "explicit deal does not hold exactly the french-32 deck of 'standard': missing nothing, "
                          "extra 7♥",
                          lambda: gettext("explicit deal does not hold exactly the {deck} deck of {variant}: missing "
                                          "{missing}, extra {extra}").format(deck="french-32", variant="'standard'",
                                                                             missing=gettext("nothing"), extra="7♥")),
    "deck": (BAD_GAMES["deck"], "unknown deck 'poker': expected e.g. 'french-32', 'french-52+2j x2', 'spanish-40'",
             lambda: gettext("unknown deck {deck}: expected e.g. {examples}").format(
                 deck="'poker'", examples="'french-32', 'french-52+2j x2', 'spanish-40'")),
    "alias clash": (BAD_GAMES["alias clash"], "alias 'same' names both 'a' and 'b'",
                    lambda: gettext("alias {alias} names both {first} and {second}").format(
                        alias="'same'", first="'a'", second="'b'")),
    "integer range": (BAD_RULES["integer range"], "rule R_DEAL: hand_size=0 must be an integer from 1 to 60",
                      lambda: gettext("rule {rule}: {name}={value} {why}").format(
                          rule="R_DEAL", name="hand_size", value=0,
                          why=gettext("must be an integer from {low} to {high}").format(low=1, high=60))),
    "no effect": (BAD_RULES["no effect"], "rule R_CUT: special has no effect with mode = 'none': leave it out",
                  lambda: gettext("rule {rule}: {name} has no effect {why}: leave it out").format(
                      rule="R_CUT", name="special", why=gettext("with mode = {mode}").format(mode="'none'"))),
    "rule kind": (_unknown_kind, f"rule 'R_I18N_TEST_ONLY' has unknown kind 'x': one of {', '.join(KINDS)}",
                  lambda: gettext("rule {rid} has unknown kind {kind}: one of {kinds}").format(
                      rid="'R_I18N_TEST_ONLY'", kind="'x'", kinds=", ".join(KINDS))),
    "batch": (BAD_BATCH["batch"], "batch 0 must be a whole number of games, at least 1",
              lambda: gettext("batch {batch} must be a whole number of games, at least 1").format(batch=0)),
}


@pytest.mark.parametrize("case", sorted(_EXACT))
def test_the_engine_deck_rule_and_batch_errors_are_the_catalogs_sentences(case: str) -> None:
    """The messages translated last (issue 29): in English byte for byte what they were, in every other language
    the catalog's translation of each part (and not the English)."""
    call, english_text, made = _EXACT[case]
    with language("en"):
        assert refusal(call) == english_text == made()
    for lang in TRANSLATED:
        with language(lang):
            text = refusal(call)
            assert text == made() != english_text, (lang, text)
