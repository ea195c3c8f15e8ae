"""Sphinx directive ``simulation-table``: a table of a committed simulation run (``maumau simulate --json``).

The numbers come from the run's JSON file through :class:`maumau_rules.simulate.SimulationResult`, so the page
shows exactly what the command computed::

    .. simulation-table:: stats/all-variants.json
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from maumau_rules.simulate import Estimate, SimulationResult


def _mean(e: Estimate) -> str:
    return f"{e.value:.1f} ({e.low:.1f}–{e.high:.1f})"


def _rate(e: Estimate) -> str:
    return f"{100 * e.value:.1f}% ({100 * e.low:.1f}–{100 * e.high:.1f})"


def _small(e: Estimate) -> str:
    return f"{e.value:.2f}"


class SimulationTable(SphinxDirective):
    """One row per variant and player count: lengths, the first player's win rate, reshuffles, blocked rounds,
    penalties; 95% intervals in brackets."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        path = Path(self.env.srcdir) / self.arguments[0]
        self.env.note_dependency(str(path))
        result = SimulationResult.from_json(json.loads(path.read_text(encoding="utf-8")))
        lines = [".. list-table::", "   :header-rows: 1", "   :class: simulation-table", ""]
        head = ["variant", "players", "decisions per game", "turns per game", "first player wins (parity)",
                "reshuffles per game", "blocked rounds", "penalties per game", "penalty cards per game"]
        rows: list[list[str]] = [head]
        for c in result.cells:
            est = c.estimates()
            first = c.win_rate_by_position[0]
            mark = " ▲" if first.low > 1 / c.players else " ▼" if first.high < 1 / c.players else ""
            rows.append([
                f":ref:`{c.variant} <variant-{c.variant}>`", str(c.players), _mean(est["decisions"]),
                _mean(est["turns"]), f"{_rate(first)}{mark} ({100 / c.players:.0f}%)", _small(est["reshuffles"]),
                _rate(est["blocked"]), _small(est["penalties"]), _small(est["penalty_cards"]),
            ])
        for row in rows:
            lines.append(f"   * - {row[0]}")
            lines += [f"     - {cell}" for cell in row[1:]]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source=str(path)), self.content_offset, container)
        return container.children


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("simulation-table", SimulationTable)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
