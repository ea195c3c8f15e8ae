"""Standalone fuzzing of every parser that takes outside input.

Every parser must answer random text and mutated valid input with a value or a
:class:`~maumau_rules.errors.MauMauError`, never with another exception. The inputs are random
strings (ASCII, suit symbols, whitespace, digits, arbitrary Unicode) and mutations of valid seeds
(deleted, inserted, replaced and duplicated characters; for TOML and JSON also whole lines and values
replaced by other types), all from one seeded generator, so a run repeats exactly.

Usage::

    python -m maumau_rules.tools.fuzz --inputs 200000 --seed 1

>>> r = run(inputs=200, seed=1)
>>> r.tried == 200 * len(TARGETS) and isinstance(r.crashes, list)
True
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from ..cards import Card, Rank, Suit, parse_cards
from ..deck import DeckSpec
from ..errors import MauMauError
from ..moves import Call, Move, Play, parse_move
from ..rules.base import CardSet
from ..variants import load_variant
from .golden import SPEC_DIR

__all__ = ["TARGETS", "FuzzResult", "main", "mutate", "random_text", "run", "seeds_for"]


def _records() -> dict[str, Callable[[str], object]]:
    try:
        from .. import notation, records
    except ImportError:  # pragma: no cover - records are optional for this tool
        return {}
    return {"loads_record": records.loads_record, "loads_records": records.loads_records,
            "notation.loads": notation.loads, "validate_records": records.validate_records}


TARGETS: Final[dict[str, Callable[[str], object]]] = {
    "Card.parse": Card.parse,
    "parse_cards": parse_cards,
    "parse_move": parse_move,
    "Play.parse": Play.parse,
    "Suit.parse": Suit.parse,
    "Rank.parse": Rank.parse,
    "Call.parse": Call.parse,
    "DeckSpec.parse": DeckSpec.parse,
    "CardSet.parse": CardSet.parse,
    "load_variant": load_variant,
    **_records(),
}
"""Every parser of outside text, by name."""

_ALPHABET: Final = ("7 8 9 10 J Q K A Joker h d c s H D C S ♥♦♣♠ > , : - + x j mau maumau draw pass callout \t\n\"'[]{}=# "
                   ". 1 R or co es ba de Rey Sota Caballo copas oros redeal spanish-40")


def random_text(rnd: random.Random, max_len: int = 40) -> str:
    """A random string: from the notation's alphabet, from printable ASCII, or arbitrary code points.

    >>> isinstance(random_text(random.Random(1)), str)
    True
    """
    n = rnd.randint(0, max_len)
    kind = rnd.random()
    if kind < 0.5:
        tokens = _ALPHABET.split(" ")
        return "".join(rnd.choice(tokens) + rnd.choice(("", " ", "")) for _ in range(n // 2))
    if kind < 0.8:
        return "".join(chr(rnd.randint(32, 126)) for _ in range(n))
    return "".join(chr(rnd.randint(0, 0x2FFFF)) for _ in range(n)).replace("\ud800", "")


_VALUES: Final = ('"x"', "0", "-1", "99999999999999999999", "1.5", "true", "[]", "[1, 2]", '["J", 7]', "{}",
                  '{ a = 1 }', '[{ cards = 5 }]', '"ranks:7/J"', '"french-52+9j"', "nan", "inf", '""', "[[]]")


def mutate(rnd: random.Random, text: str) -> str:
    """A random mutation of ``text`` (characters, lines or ``= value`` parts replaced, cut, duplicated).

    >>> mutate(random.Random(2), "7h") != "" or True
    True
    """
    for _ in range(rnd.randint(1, 3)):
        op = rnd.randrange(8)
        i = rnd.randint(0, len(text))
        j = min(len(text), i + rnd.randint(0, 12))
        if op == 0:
            text = text[:i] + text[j:]
        elif op == 1:
            text = text[:i] + random_text(rnd, 6) + text[i:]
        elif op == 2:
            text = text[:i] + text[i:j] * rnd.randint(2, 4) + text[j:]
        elif op == 3 and text:
            k = rnd.randrange(len(text))
            text = text[:k] + chr(rnd.randint(0, 0x24FF)) + text[k + 1:]
        elif op in (4, 5) and "=" in text:
            lines = text.split("\n")
            idx = [n for n, line in enumerate(lines) if "=" in line]
            n = rnd.choice(idx)
            key = lines[n].split("=", 1)[0]
            lines[n] = f"{key}= {rnd.choice(_VALUES)}"
            text = "\n".join(lines)
        elif op == 6 and "\n" in text:
            lines = text.split("\n")
            k = rnd.randrange(len(lines))
            if rnd.random() < 0.5:
                del lines[k]
            else:
                lines.insert(rnd.randrange(len(lines) + 1), lines[k])
            text = "\n".join(lines)
        elif op == 7 and ":" in text:
            k = rnd.choice([m for m, ch in enumerate(text) if ch == ":"])
            end = text.find(",", k)
            end = len(text) if end < 0 else end
            text = text[: k + 1] + " " + rnd.choice(('"x"', "-1", "null", "[]", "{}", "1e400", '"7x"', "true")) + \
                text[end:]
    return text


def seeds_for(name: str) -> list[str]:
    """Valid inputs of the parser ``name`` (mutations start from them).

    >>> "7h" in seeds_for("Card.parse")
    True
    """
    cards = ["7h", "7♥", "h7", "Herz 7", "10s", "Th", "Eichel Unter", "Joker", "A♠", "queen of hearts", "7co",
             "Rey de oros", "1es", "Sba", "caballo copas"]
    if name in ("Card.parse",):
        return cards
    if name == "parse_cards":
        return ["7h 8s Jc", "Herz 7, Eichel Unter", "", "Joker 10d", "7co Ror 1es", "Rey de oros, Sota de bastos"]
    if name == "Play.parse":
        return ["Jc>h maumau", "7h", "9d mau", "J♣ > ♥", "Herz 7 mau"]
    if name == "parse_move":
        return ["Jc>h maumau", "7h", "9d mau", "draw", "pass", "callout 2", "J♣ > ♥", "Herz 7 mau", "redeal", "7co",
                "Rey de oros"]
    if name == "Suit.parse":
        return ["h", "♥", "Pik", "acorns", "Schellen", "copas", "or", "espadas"]
    if name == "Rank.parse":
        return ["10", "t", "Unter", "joker", "Ober", "A", "Sota", "R", "1", "caballo"]
    if name == "Call.parse":
        return ["mau", "Zadnja", "mau-mau", "laatste kaart"]
    if name == "DeckSpec.parse":
        return ["french-32", "french-52+2j x2", "skat", "french-36", "ranks:7/8/9", "piquet x2", "spanish-40",
                "spanish:1/7/R"]
    if name == "CardSet.parse":
        return ["7", "Ks", "joker", "K♠"]
    if name == "load_variant":
        return [p.read_text(encoding="utf-8") for p in sorted((SPEC_DIR / "variants").glob("*.toml"))]
    if name in ("loads_record", "validate_records"):
        return _record_seeds()[0]
    if name == "loads_records":
        return _record_seeds()[0] + _record_seeds()[1]
    if name == "notation.loads":
        return _record_seeds()[2]
    return []


def _record_seeds() -> tuple[list[str], list[str], list[str]]:
    """Game records (Mau-Mau and a Malilla hand), files of match records (Malilla), and other JSON documents (a
    state, a Malilla state and a Malilla player's view)."""
    try:
        from ..notation import dumps
        from ..records import dumps_record, dumps_records, record_from_moves, record_from_rounds
    except ImportError:  # pragma: no cover
        return [], [], []
    from ..game import apply, legal_moves, new_game
    from ..views import view

    games = []
    for path in [*sorted((SPEC_DIR / "scenarios" / "golden").glob("*.json"))[:4],
                 SPEC_DIR / "scenarios" / "golden" / "malilla.json"]:
        data = json.loads(path.read_text(encoding="utf-8"))
        g = data["games"][0]
        rec = record_from_moves(data["variant"], g["players"], g["seed"], g["moves"][:30])
        games.append(dumps_record(rec))
    from ..scoring import next_round, start_match

    match = start_match("malilla-table", 4, seed=2)
    rounds: list[list[Move]] = []
    for length in (1000, 12):  # a whole hand, then the start of the next one
        hand = match.game
        rounds.append([])
        while not hand.is_over and len(rounds[-1]) < length:
            rounds[-1].append(legal_moves(hand)[0])
            hand = apply(hand, rounds[-1][-1])
        if hand.is_over:
            match = next_round(match, hand)
    matches = [dumps_records([record_from_rounds("malilla-table", 4, 2, rounds)])]
    docs = [dumps(new_game("standard", 2, seed=1)), dumps(new_game("malilla", 4, seed=1)),
            dumps(view(new_game("malilla", 4, seed=3), 1))]
    return games, matches, docs


@attrs.frozen
class FuzzResult:
    """What a fuzz run tried and found."""

    tried: int
    """Inputs tried over all parsers."""
    per_target: dict[str, Counter[str]]
    """For each parser: how many inputs gave a value (``ok``) or a ``MauMauError`` (``error``)."""
    crashes: list[tuple[str, str, str]]
    """(parser, input, exception) for every other exception (the first few per parser and type)."""


def run(inputs: int, seed: int = 0, targets: Sequence[str] | None = None) -> FuzzResult:
    """Feed ``inputs`` inputs to each parser (half random text, half mutated seeds).

    >>> run(inputs=50, seed=3, targets=["Card.parse"]).crashes
    []
    """
    rnd = random.Random(seed)
    names = list(TARGETS) if targets is None else list(targets)
    per: dict[str, Counter[str]] = {n: Counter() for n in names}
    crashes: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    tried = 0
    for name in names:
        fn = TARGETS[name]
        corpus = seeds_for(name) or [""]
        for _ in range(inputs):
            text = random_text(rnd) if rnd.random() < 0.5 else mutate(rnd, rnd.choice(corpus))
            tried += 1
            try:
                fn(text)
            except MauMauError:
                per[name]["error"] += 1
            except Exception as exc:
                per[name]["crash"] += 1
                key = (name, f"{type(exc).__name__}: {str(exc)[:60]}")
                if key not in seen:
                    seen.add(key)
                    crashes.append((name, text, f"{type(exc).__name__}: {exc}"))
            else:
                per[name]["ok"] += 1
    return FuzzResult(tried=tried, per_target=per, crashes=crashes)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: run and print the counts; exit status 1 when a parser raised another exception.

    >>> main(["--inputs", "20", "--target", "Suit.parse"])  # doctest: +ELLIPSIS
    Suit.parse: 20 inputs...
    0
    """
    p = argparse.ArgumentParser(prog="python -m maumau_rules.tools.fuzz", description=__doc__.split("\n")[0])
    p.add_argument("--inputs", type=int, default=10_000, help="inputs per parser")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--target", action="append", choices=sorted(TARGETS))
    a = p.parse_args(argv)
    r = run(a.inputs, a.seed, a.target)
    for name, c in r.per_target.items():
        print(f"{name}: {sum(c.values())} inputs, {c['ok']} values, {c['error']} MauMauError, {c['crash']} other")
    for name, text, exc in r.crashes:
        print(f"CRASH {name}({text[:200]!r}): {exc}", file=sys.stderr)
    print(f"total: {r.tried} inputs, {len(r.crashes)} distinct crashes")
    return 1 if r.crashes else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
