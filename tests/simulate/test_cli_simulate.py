"""``maumau simulate`` (issue 16): output formats, files, plots, progress, errors and exit codes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from maumau_rules import available_variants
from maumau_rules.cli import main
from maumau_rules.simulate import SimulationResult, simulate


class _Terminal(io.StringIO):
    """Standard error as a terminal (so that a progress bar is drawn)."""

    def isatty(self) -> bool:
        return True


def _run(*argv: str, err: io.StringIO | None = None) -> tuple[int, str, str]:
    out = io.StringIO()
    err = err if err is not None else io.StringIO()
    code = main(["simulate", *argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_table_shows_every_statistic_with_its_interval() -> None:
    code, out, err = _run("standard", "-n", "40", "--players", "2", "3", "--jobs", "1")
    assert code == 0
    assert out.count("95% interval") == 2 and "standard, 3 players: 40 games" in out
    for label in ("decisions per game", "turns per game", "stock reshuffles per game", "games with a reshuffle",
                  "blocked rounds", "penalties taken per game", "penalty cards per game", "win rate by position",
                  "win rate by seat", "win rate by bot"):
        assert label in out, label
    assert "80 games in" in err and "games/s on 1 process" in err
    assert "\r" not in err  # not a terminal: no progress bar


def test_json_and_csv_on_standard_output_and_in_files(tmp_path: Path) -> None:
    code, out, _ = _run("prsi", "-n", "20", "--seed", "4", "--jobs", "1", "--format", "json",
                        "--json", str(tmp_path / "run.json"), "--csv", str(tmp_path / "run.csv"))
    assert code == 0
    printed = SimulationResult.from_json(json.loads(out))
    assert printed == simulate("prsi", 2, games=20, seed=4)
    assert json.loads((tmp_path / "run.json").read_text(encoding="utf-8")) == json.loads(out)
    rows = list(csv.DictReader((tmp_path / "run.csv").open(encoding="utf-8")))
    assert {r["statistic"] for r in rows} >= {"decisions", "turns", "reshuffles", "blocked", "penalties",
                                              "win_rate_by_position", "win_rate_by_seat", "win_rate_by_bot"}
    assert all(float(r["low"]) <= float(r["value"]) <= float(r["high"]) for r in rows)
    code, out, _ = _run("prsi", "-n", "20", "--seed", "4", "--jobs", "1", "--format", "csv")
    assert code == 0 and out == (tmp_path / "run.csv").read_text(encoding="utf-8")


def test_the_same_seed_gives_the_same_output_whatever_the_jobs() -> None:
    one = _run("standard", "-n", "60", "-b", "heuristic,random", "--jobs", "1", "--format", "json")
    two = _run("standard", "-n", "60", "-b", "heuristic,random", "--jobs", "2", "--format", "json")
    assert one[0] == two[0] == 0 and one[1] == two[1]
    assert "on 2 processes" in two[2]


def test_a_progress_bar_with_games_per_second_and_time_left_on_a_terminal() -> None:
    err = _Terminal()
    code, _, _ = _run("standard", "-n", "30", "--jobs", "1", err=err)
    text = err.getvalue()
    assert code == 0
    assert "30/30" in text and "games/s" in text and "\r" in text
    assert "<00:00" in text or "left" in text  # tqdm's time left, or the plain line's
    quiet = _Terminal()
    _run("standard", "-n", "30", "--jobs", "1", "--no-progress", err=quiet)
    assert "\r" not in quiet.getvalue()


def test_the_plain_progress_line_when_tqdm_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "tqdm", None)
    err = _Terminal()
    code, _, _ = _run("standard", "-n", "12", "--jobs", "1", err=err)
    assert code == 0
    line = err.getvalue().split("\r")[-1]
    assert line.startswith(" 12/12 games (100%)") and "games/s" in line and "left" in line


def test_plots_are_written_as_png_and_svg(tmp_path: Path) -> None:
    code, _, err = _run("standard", "prsi", "-n", "20", "--players", "2", "3", "--jobs", "1",
                        "--plot", str(tmp_path), "--plot-format", "png,svg")
    assert code == 0, err
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["lengths.png", "lengths.svg", "win-rate-by-position.png", "win-rate-by-position.svg"]
    assert (tmp_path / "lengths.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = (tmp_path / "win-rate-by-position.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "prsi" in svg and "standard" in svg
    again = tmp_path / "again"
    assert _run("standard", "prsi", "-n", "20", "--players", "2", "3", "--jobs", "1", "--plot", str(again),
                "--plot-format", "svg")[0] == 0
    assert (again / "lengths.svg").read_bytes() == (tmp_path / "lengths.svg").read_bytes()  # no date inside


@pytest.mark.parametrize(("argv", "message"), [
    (["uno"], "unknown variant 'uno'"),
    (["standard", "--players", "7"], "variant 'standard' is for 2-5 players, not 7"),
    (["standard", "-b", "genius"], "unknown bot 'genius'"),
    (["standard", "-n", "0"], "games=0"),
    (["standard", "--jobs", "-2"], "jobs=-2"),
    (["standard", "--plot", "x", "--plot-format", "gif"], "plot format 'gif'"),
    (["standard", "--no-rotate", "--duplicate"], "duplicate deals need the bots to rotate"),
])
def test_bad_settings_exit_with_the_usage_code_and_say_why(argv: list[str], message: str) -> None:
    code, out, err = _run("--jobs", "1", *argv)
    assert code == 2 and out == ""
    assert err.startswith("maumau simulate: ") and message in err


def test_a_file_that_cannot_be_written_exits_with_the_input_code(tmp_path: Path) -> None:
    code, _, err = _run("standard", "-n", "5", "--jobs", "1", "--json", str(tmp_path / "no" / "such" / "run.json"))
    assert code == 3 and "cannot write" in err


def test_a_missing_plot_extra_names_the_install_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    code, _, err = _run("standard", "-n", "5", "--jobs", "1", "--plot", str(tmp_path))
    assert code == 2 and 'pip install "maumau-rules[plot]"' in err
    assert "games in" not in err, "the missing extra is said before any game is played"


def test_a_missing_ray_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)
    code, _, err = _run("standard", "-n", "5", "--ray", "local")
    assert code == 2 and 'pip install "maumau-rules[ray]"' in err


def test_house_rules_from_a_file_and_all_variants() -> None:
    code, out, _ = _run("examples/house_rules/queen_all_draw.py", "-n", "10", "--players", "3", "--jobs", "1")
    assert code == 0 and out.startswith("standard-queen-all-draw, 3 players: 10 games")
    code, out, _ = _run("all", "-n", "2", "--jobs", "1", "--format", "csv")
    assert code == 0 and len({row.split(",")[0] for row in out.splitlines()[1:]}) == len(available_variants())
    assert {row.split(",")[1] for row in out.splitlines()[1:] if row.startswith("malilla,")} == {"4"}


def test_a_one_panel_plot_title_fits_its_figure() -> None:
    """Issue 25: the title of a single-variant plot was cut at both edges; it is wrapped to the figure's width."""
    from maumau_rules.plot import lengths_figure, win_rates_figure
    from maumau_rules.simulate import simulate

    run = simulate("standard", players=2, games=4, seed=1)
    for fig in (lengths_figure(run), win_rates_figure(run)):
        lines = fig._suptitle.get_text().splitlines()
        assert len(lines) >= 2 and all(len(line) <= fig.get_figwidth() * 10 for line in lines)
        assert " ".join(lines).endswith("seed 1")
