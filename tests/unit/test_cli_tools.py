"""The ``maumau`` command as a user meets it: version, errors on standard error with stable exit codes, a
readable ``diff``, and ``replay --step``."""

from __future__ import annotations

import argparse
import importlib.metadata
import io
from pathlib import Path

import pytest

from maumau_rules import __version__
from maumau_rules.cli import diff_table, main
from maumau_rules.cli_records import STEP_PROMPT, cmd_replay, save_record
from maumau_rules.exitcodes import ExitCode
from maumau_rules.records import record_from_moves


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, read=lambda _: "n")
    return code, out.getvalue(), err.getvalue()


def test_version_is_the_installed_distribution_version() -> None:
    code, out, err = _run("--version")
    assert (code, out, err) == (0, f"maumau_rules {__version__}\n", "")
    assert __version__ == importlib.metadata.version("maumau-rules")


def test_help_lists_the_exit_codes() -> None:
    code, out, _ = _run("--help")
    assert code == 0
    for exit_code in ExitCode:
        assert f"{exit_code.value:<4} {exit_code.name}" in out


def test_usage_errors_exit_2_on_standard_error() -> None:
    code, out, err = _run("diff", "standard")
    assert code == ExitCode.USAGE and out == "" and "required: b" in err
    code, out, err = _run("diff", "standard", "uno")
    assert code == ExitCode.USAGE and out == "" and err.startswith("maumau diff: unknown variant 'uno'")
    code, _, err = _run("validate")
    assert code == ExitCode.USAGE and "RECORD" in err


def test_validate_names_the_file_that_is_not_json_and_never_its_content(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    notes.write_text("hello there", encoding="utf-8")
    code, out, err = _run("validate", str(notes))
    assert code == ExitCode.INPUT and out == ""
    assert err == f"maumau validate: {notes} is not a JSON file: Expecting value (line 1, column 1)\n"
    assert "hello" not in err


def test_validate_exits_with_the_highest_code_that_applies(tmp_path: Path) -> None:
    good = record_from_moves("standard", 2, 3, ["draw"])
    save_record(tmp_path / "good.json", good)
    (tmp_path / "bad.json").write_text((tmp_path / "good.json").read_text().replace('"draw"', '"pass"'))
    assert _run("validate", str(tmp_path / "good.json"))[0] == ExitCode.OK
    code, out, err = _run("validate", str(tmp_path / "good.json"), str(tmp_path / "bad.json"))
    assert code == ExitCode.INVALID and "bad.json: INVALID at step 0" in out and err == ""
    code, out, err = _run("validate", str(tmp_path / "bad.json"), str(tmp_path / "gone.json"))
    assert code == ExitCode.INPUT and "bad.json: INVALID" in out and "cannot read" in err and "gone.json" in err
    code, out, err = _run("validate", "--json", str(tmp_path / "gone.json"))
    assert code == ExitCode.INPUT and '"ok": false' in out and "gone.json" in err


def test_replay_of_a_missing_record_index_is_a_usage_error(tmp_path: Path) -> None:
    save_record(tmp_path / "g.json", record_from_moves("standard", 2, 3, ["draw"]))
    code, out, err = _run("replay", str(tmp_path / "g.json"), "--index", "3")
    assert code == ExitCode.USAGE and out == "" and "no record 3 (the file holds 1" in err


def test_play_save_to_an_unwritable_place_is_an_input_error(tmp_path: Path) -> None:
    target = tmp_path / "no-such-dir" / "g.json"
    code, _, err = _run("play", "--bots-only", "--players", "2", "--seed", "1", "--rounds", "1", "--quiet",
                        "--save", str(target))
    assert code == ExitCode.INPUT and "cannot write" in err


# ------------------------------------------------------------------ diff


def test_diff_shows_player_ranges_and_keeps_its_columns_aligned() -> None:
    text = diff_table("prsi", "mau-king", width=80)
    lines = text.splitlines()
    assert lines[0] == "prsi vs mau-king: 24 differences"
    header, rule = lines[2], lines[3]
    second, third = header.index("prsi"), header.index("mau-king")
    assert rule[second - 2:second] == "  " and rule[third - 2:third] == "  "
    assert any(line.split() == ["players", "2–5", "2–8"] for line in lines)
    assert "2; 5" not in text
    for line in lines[4:]:
        assert len(line) <= 80, line
        if line[:second].strip():  # a new aspect: its values start in their columns
            assert line[second - 2:second] == "  "
        if len(line) > third:
            assert line[third - 2:third] == "  ", line
    at = next(i for i, line in enumerate(lines) if line.startswith("R_DRAW_PENALTY.penalties"))
    assert lines[at].split()[1:] == ["7", "(amount=2)", "7", "(amount=2)"]
    assert lines[at + 1].strip() == "2♣ (amount=4," and lines[at + 1].index("2♣") == third
    assert lines[at + 2].index("target=previous") == third + 2  # a wrapped value is indented under its start


def test_diff_of_equal_variants_is_one_line() -> None:
    assert diff_table("standard", "mau-mau") == "standard vs standard: 0 differences"


# ------------------------------------------------------------------ replay --step


def _replay(path: Path, answers: list[str], *, interactive: bool, step: bool = True) -> tuple[int, str, list[str]]:
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not answers:
            raise EOFError
        return answers.pop(0)

    out = io.StringIO()
    args = argparse.Namespace(record=str(path), index=0, hands=False, step=step, out=out, err=io.StringIO(),
                              read=read, interactive=interactive, command="replay")
    return cmd_replay(args), out.getvalue(), prompts


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    save_record(path, record_from_moves("standard", 2, 3, ["draw", "pass", "draw", "pass"]))
    return path


def test_replay_step_waits_for_enter_between_moves_and_q_quits(game_file: Path) -> None:
    code, out, prompts = _replay(game_file, ["", "", "q"], interactive=True)
    assert code == ExitCode.OK
    assert prompts == [f"{STEP_PROMPT}(0/4) ", f"{STEP_PROMPT}(1/4) ", f"{STEP_PROMPT}(2/4) "]
    moves = [line for line in out.splitlines() if line.lstrip()[:1].isdigit()]
    assert [m.split()[0] for m in moves] == ["0", "1"]
    assert out.splitlines()[-1] == "stopped before move 2 of 4"


def test_replay_step_runs_to_the_end_on_enter_and_stops_on_end_of_input(game_file: Path) -> None:
    code, out, prompts = _replay(game_file, ["", "", "", ""], interactive=True)
    assert code == ExitCode.OK and len(prompts) == 4 and out.splitlines()[-1].startswith("unfinished after 4 moves")
    code, out, prompts = _replay(game_file, [""], interactive=True)
    assert code == ExitCode.OK and len(prompts) == 2 and out.splitlines()[-1] == "stopped before move 1 of 4"


def test_replay_step_prints_everything_when_not_in_a_terminal(game_file: Path) -> None:
    piped = _replay(game_file, [], interactive=False)
    plain = _replay(game_file, [], interactive=True, step=False)
    assert piped[2] == [] and plain[2] == []
    assert piped[0] == plain[0] == ExitCode.OK and piped[1] == plain[1]


def test_the_docs_list_every_exit_code() -> None:
    """docs/cli.rst's exit-code table names exactly the codes of :class:`ExitCode`."""
    import re

    page = (Path(__file__).resolve().parents[2] / "docs" / "cli.rst").read_text(encoding="utf-8")
    section = page.split(".. _cli-exit-codes:", 1)[1]
    rows = re.findall(r"^   \* - (\d+)\n     - ``([A-Z]+)``", section, flags=re.MULTILINE)
    assert [(int(code), name) for code, name in rows] == [(c.value, c.name) for c in ExitCode]
