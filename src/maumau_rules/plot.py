"""Plots of a simulation run (the ``plot`` extra: ``pip install "maumau-rules[plot]"``, matplotlib).

Two figures, each with one panel per variant: how long games are (the share of games by number of
decisions, one line per player count) and how often each position in the turn order wins (with 95%
intervals, and parity marked). Figures are drawn without pyplot (no global state, no display needed).

>>> import tempfile, pathlib
>>> from maumau_rules.simulate import simulate
>>> result = simulate("standard", players=[2, 3], games=20, seed=1)
>>> with tempfile.TemporaryDirectory() as d:
...     [p.name for p in write_plots(result, d, formats=["png", "svg"])]
['lengths.png', 'lengths.svg', 'win-rate-by-position.png', 'win-rate-by-position.svg']
"""

from __future__ import annotations

import math
import os
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .extras import require
from .i18n import gettext as _
from .i18n import ngettext
from .simulate import CellResult, SimulationError, SimulationResult

__all__ = ["lengths_figure", "win_rates_figure", "write_plots"]

_FEATURE = "maumau_rules.plot"


def _figure(panels: int, width: float = 3.6, height: float = 2.6) -> tuple[Any, list[Any]]:
    """A figure with a grid of ``panels`` axes (up to four per row)."""
    figure_module = require("matplotlib.figure", "plot", _FEATURE)
    columns = min(4, panels)
    rows = math.ceil(panels / columns)
    fig = figure_module.Figure(figsize=(width * columns, height * rows + 0.6), layout="constrained")
    axes = fig.subplots(rows, columns, squeeze=False).ravel().tolist()
    for extra in axes[panels:]:
        extra.set_visible(False)
    return fig, axes[:panels]


def _by_variant(result: SimulationResult) -> dict[str, list[CellResult]]:
    out: dict[str, list[CellResult]] = {}
    for cell in result.cells:
        out.setdefault(cell.variant, []).append(cell)
    if not out:
        raise SimulationError(_("the run has no games to plot"))
    return out


def _players(n: int) -> str:
    """A legend's label: the player count, in the current language."""
    return ngettext("{n} player", "{n} players", n).format(n=n)


def _title(result: SimulationResult, what: str, fig: Any) -> str:
    """The figure's title, wrapped to its width (a one-panel figure is narrow: a long line would be cut at both
    edges)."""
    text = _("{what}: {games} games per variant and player count, bots {bots}, seed {seed}").format(
        what=what, games=result.games, bots=", ".join(result.bots), seed=result.seed)
    characters = max(24, int(fig.get_figwidth() * _CHARACTERS_PER_INCH))
    return textwrap.fill(text, characters)


_CHARACTERS_PER_INCH = 10
"""About how many characters of the title's font (``medium``) fit in an inch of figure."""


def lengths_figure(result: SimulationResult) -> Any:
    """The share of games by their length in decisions, one panel per variant and one line per player count. The
    titles, labels and legends are in the current language (:mod:`maumau_rules.i18n`).

    Raises:
        MissingExtraError: matplotlib is not installed.

    >>> from maumau_rules.simulate import simulate
    >>> fig = lengths_figure(simulate("standard", players=[2, 3], games=10, seed=1))
    >>> [ax.get_title() for ax in fig.axes], len(fig.axes[0].get_lines())
    (['standard'], 2)
    >>> from maumau_rules.i18n import language
    >>> with language("de"):
    ...     lengths_figure(simulate("standard", players=[2], games=4, seed=1)).get_supxlabel()
    'Entscheidungen je Spiel'
    """
    groups = _by_variant(result)
    fig, axes = _figure(len(groups))
    for ax, (variant, cells) in zip(axes, groups.items(), strict=True):
        for cell in cells:
            counts = dict(cell.decisions.counts)
            if not counts:
                continue
            top = cell.decisions.quantile(0.99)
            width = max(1, math.ceil(top / 40))
            xs = list(range(0, top + width, width))
            shares = [sum(counts.get(v, 0) for v in range(x, x + width)) / cell.games for x in xs]
            ax.step(xs, shares, where="post", label=_players(cell.players))
        ax.set_title(variant)
        ax.set_ylim(bottom=0)
        ax.legend(fontsize="small")
    fig.supxlabel(_("decisions per game"))
    fig.supylabel(_("share of games"))
    fig.suptitle(_title(result, _("Game length"), fig), fontsize="medium")
    return fig


def win_rates_figure(result: SimulationResult) -> Any:
    """How often each position in the turn order wins (position 1 plays first), with 95% intervals; one panel per
    variant, one group of bars per player count, parity (one in the number of sides: 1 / players, 1 / 2 for
    teams) marked.

    Raises:
        MissingExtraError: matplotlib is not installed.

    >>> from maumau_rules.simulate import simulate
    >>> fig = win_rates_figure(simulate("standard", players=[2, 3], games=10, seed=1))
    >>> len(fig.axes[0].patches)
    5
    """
    groups = _by_variant(result)
    fig, axes = _figure(len(groups))
    for ax, (variant, cells) in zip(axes, groups.items(), strict=True):
        x = 0.0
        ticks: list[float] = []
        labels: list[str] = []
        for index, cell in enumerate(cells):
            rates = cell.win_rate_by_position
            xs = [x + i for i in range(len(rates))]
            values = [100 * e.value for e in rates]
            errors = [[100 * (e.value - e.low) for e in rates], [100 * (e.high - e.value) for e in rates]]
            ax.bar(xs, values, yerr=errors, color=f"C{index}", capsize=2, label=_players(cell.players))
            parity = 100 / cell.sides
            ax.hlines(parity, xs[0] - 0.45, xs[-1] + 0.45, colors="black", linestyles="dashed", linewidth=0.8)
            ticks += xs
            labels += [str(i + 1) for i in range(len(rates))]
            x = xs[-1] + 1.6
        ax.set_xticks(ticks, labels)
        ax.set_title(variant)
        ax.legend(fontsize="small")
    fig.supxlabel(_("position in the turn order (1 plays first)"))
    fig.supylabel(_("wins (%)"))
    fig.suptitle(_title(result, _("Win rate by position, 95% intervals, parity dashed"), fig), fontsize="medium")
    return fig


def write_plots(result: SimulationResult, directory: str | os.PathLike[str], *,
                formats: Sequence[str] = ("png",)) -> list[Path]:
    """Write both figures to ``directory`` (made if missing) as ``lengths.<format>`` and
    ``win-rate-by-position.<format>``; return the paths written. SVG files carry no date, so the same run
    writes the same files.

    Raises:
        SimulationError: a format other than ``png`` or ``svg``.
        MissingExtraError: matplotlib is not installed.

    >>> from maumau_rules.simulate import simulate
    >>> write_plots(simulate("standard", games=2), ".", formats=["gif"])
    Traceback (most recent call last):
    ...
    maumau_rules.simulate.SimulationError: plot format 'gif': choose png or svg
    """
    for fmt in formats:
        if fmt not in ("png", "svg"):
            raise SimulationError(_("plot format {format}: choose png or svg").format(format=repr(fmt)))
    matplotlib = require("matplotlib", "plot", _FEATURE)
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with matplotlib.rc_context({"svg.hashsalt": "maumau", "svg.fonttype": "none"}):
        for name, make in (("lengths", lengths_figure), ("win-rate-by-position", win_rates_figure)):
            fig = make(result)
            for fmt in formats:
                path = target / f"{name}.{fmt}"
                metadata = {"Date": None} if fmt == "svg" else {"Software": None}
                fig.savefig(path, format=fmt, dpi=110, metadata=metadata)
                written.append(path)
    return written
