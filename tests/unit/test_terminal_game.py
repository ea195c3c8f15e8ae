"""The terminal game as a player meets it (issue 16): help from the variant's own rules, calm answers to empty
lines and Ctrl-C, colours in a terminal. The last tests run the command in a real pseudo-terminal."""

from __future__ import annotations

import io
import os
import re
import select
import signal
import sys
import time
from collections.abc import Callable, Iterator

import pytest

from maumau_rules import Card, available_variants, find_variant
from maumau_rules.cli import main
from maumau_rules.exitcodes import ExitCode
from maumau_rules.explain import move_examples

MAUMAU = [v.id for v in available_variants("maumau")]


def _script(lines: list[str], prompts: list[str]) -> Callable[[str], str]:
    """A scripted player: answers each prompt with the next line (recording the prompt), then ends input."""
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def _rule_ids(variant: str) -> set[str]:
    return {r.rule_id for r in find_variant(variant).rules}


@pytest.mark.parametrize("variant", MAUMAU)
def test_the_prompt_and_help_come_from_the_variants_own_rules(variant: str) -> None:
    v = find_variant(variant)
    prompts: list[str] = []
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", "--variant", variant, "--players", str(v.players[0]), "--seed", "3", "--color", "never"],
                read=_script(["", "help", "quit"], prompts), out=out, err=err)
    text = out.getvalue()
    assert code == 0, err.getvalue()
    assert "Traceback" not in text + err.getvalue()
    move_prompts = [p for p in prompts if p.startswith("your move")]
    assert len(move_prompts) >= 3, prompts  # the empty line was asked again, not answered with an error
    assert "unknown" not in text
    examples = move_examples(v)
    assert examples["play"] in move_prompts[0]
    has_calls = "R_ANNOUNCE" in _rule_ids(variant)
    # a variant without calls never suggests saying "mau"; one with calls shows how, with its own words
    assert ("mau" in move_prompts[0]) == has_calls
    if has_calls:
        assert "add 'mau' to the play" in text
    else:
        assert "nothing has to be said" in text
    if "wish" in examples:
        wild = Card.parse(examples["wish"].split(">")[0])
        assert examples["wish"] in move_prompts[0]
        assert v.plan.wishes_mask & v.plan.unit[wild]  # the example's wild card really is one in this variant
        assert "a wild card names the suit" in text
    else:
        assert ">" not in move_prompts[0]
        assert "a wild card names the suit" not in text


def test_prsi_help_names_the_queen_and_no_calls() -> None:
    """The case a new user met: in Prší the Queen is wild and nothing is said at one card."""
    prompts: list[str] = []
    out = io.StringIO()
    assert main(["play", "--variant", "prsi", "--players", "2", "--seed", "5", "--color", "never"],
                read=_script(["help", "? Qs", "quit"], prompts), out=out) == 0
    text = out.getvalue()
    assert "Q♣>♥" in prompts[0] and "mau" not in prompts[0] and "J♣>" not in prompts[0]
    assert "nothing has to be said" in text
    assert re.search(r"Q♠.*(wild|suit)", text), text


def test_ctrl_c_at_the_prompt_exits_cleanly_with_the_interrupted_code() -> None:
    def read(prompt: str) -> str:
        raise KeyboardInterrupt

    out, err = io.StringIO(), io.StringIO()
    assert main(["play", "--players", "2", "--seed", "1"], read=read, out=out, err=err) == ExitCode.INTERRUPTED
    assert "interrupted" in err.getvalue() and "Traceback" not in out.getvalue() + err.getvalue()


def test_score_and_rules_answer_at_the_prompt() -> None:
    prompts: list[str] = []
    out = io.StringIO()
    assert main(["play", "--variant", "mau-king", "--players", "2", "--seed", "2", "--color", "never"],
                read=_script(["score", "rules", "quit"], prompts), out=out) == 0
    text = out.getvalue()
    assert "Low scores are good" in text  # Mau King: low scores win, and the game says so at the start
    assert "scores: you 0, CPU 1 0" in text  # 'score' answers with the match score
    assert "What the cards do" in text and "2♣:" in text  # 'rules' prints this variant's rules


# ---------------------------------------------------------------------- a real terminal


def _spawn(args: list[str], env: dict[str, str]) -> tuple[int, int]:
    """Start ``maumau ARGS`` on a new pseudo-terminal; return (pid, the terminal's master side)."""
    pty = pytest.importorskip("pty", reason="pseudo-terminals are POSIX only")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal is its controlling terminal, so Ctrl-C sends SIGINT
        # A test runner's worker may ignore or block SIGINT, and both stay so across exec: give the game the
        # default disposition and an open mask, as a shell would.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        try:
            os.execve(sys.executable, [sys.executable, "-c",
                                       "import sys; from maumau_rules.cli import main; sys.exit(main())", *args], env)
        finally:
            os._exit(127)
    return pid, fd


def _read_until(fd: int, needle: bytes, seen: bytearray, timeout: float = 30.0, count: int = 1) -> bytes:
    """Read the terminal until ``needle`` has appeared ``count`` times in it (or fail after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while seen.count(needle) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{needle!r} did not appear; the terminal shows:\n{seen.decode(errors='replace')}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child has gone and closed the terminal
                chunk = b""
            if not chunk:
                break
            seen += chunk
    return bytes(seen)


def _read_rest(fd: int, seen: bytearray) -> None:
    """Read what the game left on the terminal after it ended (until the terminal closes or stays silent)."""
    while select.select([fd], [], [], 1.0)[0]:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child has gone and closed the terminal
            return
        if not chunk:
            return
        seen += chunk


def _wait(pid: int, timeout: float = 30.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.05)
    os.kill(pid, 9)
    raise AssertionError("the game did not end")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX only")
def test_in_a_real_terminal_suits_are_coloured_help_works_and_ctrl_c_exits_cleanly() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm-256color"
    pid, fd = _spawn(["play", "--variant", "prsi", "--players", "2", "--seed", "5"], env)
    seen = bytearray()
    try:
        _read_until(fd, b"your move", seen)
        assert b"\x1b[" in seen  # a terminal, NO_COLOR unset: suits are coloured
        os.write(fd, b"\r")  # an empty line: asked again
        os.write(fd, b"help\r")
        _read_until(fd, b"nothing has to be said", seen)
        # the prompt after the help (the third), then a moment: CPython writes input()'s prompt before it starts
        # reading, and a SIGINT that lands between the two is only acted on once the read returns (a person
        # cannot press Ctrl-C that fast; a test on a busy machine can)
        _read_until(fd, b"your move", seen, count=3)
        time.sleep(0.3)
        os.write(fd, b"\x03")  # Ctrl-C, through the terminal's line discipline: SIGINT
        _read_until(fd, b"interrupted", seen)
        code = _wait(pid)
    finally:
        os.close(fd)
    text = seen.decode(errors="replace")
    assert code == ExitCode.INTERRUPTED
    assert "Traceback" not in text and "unknown" not in text


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX only")
def test_no_color_turns_colours_off_even_in_a_terminal() -> None:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm-256color"}
    pid, fd = _spawn(["play", "--players", "2", "--seed", "5"], env)
    seen = bytearray()
    try:
        _read_until(fd, b"your move", seen)
        os.write(fd, b"quit\r")
        code = _wait(pid)
        _read_rest(fd, seen)
    finally:
        os.close(fd)
    assert code == 0
    assert b"\x1b[" not in seen


@pytest.mark.rule("R_SCORE_ELIMINATION")
def test_a_player_put_out_of_the_match_is_said_to_be_and_the_others_keep_their_names() -> None:
    """Faraón with 3 players: the human, drawing and passing, is put out of the match after round 5; the terminal
    says so, the bots play on (no crash: it asked for the view of seat -1), and the remaining seats keep their
    names ("CPU 2" deals round 6, not "CPU 1")."""
    out, err = io.StringIO(), io.StringIO()
    answers = iter(["draw", "pass"] * 2000)
    code = main(["play", "--variant", "faraon", "--players", "3", "--seed", "1", "--color", "never"],
                read=lambda _prompt: next(answers), out=out, err=err)
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text + err.getvalue(), err.getvalue()
    assert "you are out of the match: the others play on" in text
    after = text.split("you are out of the match")[1]
    assert "=== round 6: dealer CPU 2," in after and "match over:" in after
    assert "your turn" not in after  # (nobody asks the human for a move any more)


@pytest.mark.rule("R_SCORE_ELIMINATION")
def test_a_bot_put_out_of_the_match_makes_no_more_moves_under_its_name() -> None:
    """Faraón, 5 bots: once a seat is out of the match no line names it as moving (the round's seats were named by
    their place in the round, so another seat's moves appeared under its name)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", "--bots-only", "--variant", "faraon", "--players", "5", "--seed", "1", "--color", "never"],
                read=lambda _prompt: "", out=out, err=err)
    lines = out.getvalue().splitlines()
    assert code == 0, err.getvalue()
    gone = [(i, line.split()[0]) for i, line in enumerate(lines) if line.endswith(" is out of the match")]
    assert gone
    for i, who in gone:
        assert not any(line.startswith(f"{who} ") and " is out of" not in line for line in lines[i + 1:]), who


@pytest.mark.rule("R_ANNOUNCE")
def test_the_human_is_asked_first_to_call_out_also_when_it_is_his_turn() -> None:
    """Greek, 3 players: CPU 2 plays its second-to-last card without the call, and the human (seat 0) is next to
    act. The human is asked first whether to call it out (CPU 1 was asked first and, with the default bots, always
    called before him), and "y" calls it out."""
    from maumau_rules import CallOut, Card, Play, apply
    from maumau_rules.bots import make_bot
    from maumau_rules.cli_play import Colours
    from maumau_rules.families.maumau.cli import _Table
    from maumau_rules.families.maumau.match import start_match
    from tests.helpers import game

    s = apply(game("greek-150", ["10c Kc Qc", "10d Kd Qd", "10h Kh"], top="Qh", first_player=2),
              Play(Card.parse("10h")))
    assert s.seat_to_act == 0 and s.missed_calls == (2,)
    match = start_match(s.variant, 3, seed=1)
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "y"

    table = _Table(match, [make_bot("heuristic", seed=i) for i in range(3)], 0, read, io.StringIO(),
                   Colours(False), quiet=True)
    table._state = s
    assert table.next_move() == (0, CallOut(2))
    assert len(asked) == 1 and "call them out?" in asked[0]
