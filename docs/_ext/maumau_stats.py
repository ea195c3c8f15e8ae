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

from maumau_rules.simulate import CellResult, Estimate, SimulationResult

ALPHA = 0.05
"""The family-wise error rate of the first-player marks, over every cell of the run (Holm's method)."""


def _mean(e: Estimate) -> str:
    d = 1 if abs(e.value) >= 10 else 2
    return f"{e.value:.{d}f} ({e.low:.{d}f}–{e.high:.{d}f})"


def _rate(e: Estimate) -> str:
    return f"{100 * e.value:.1f}% ({100 * e.low:.1f}–{100 * e.high:.1f})"


class SimulationTable(SphinxDirective):
    """One table per game family, one row per variant and player count: the first player's win rate and every
    estimate the family reports (:attr:`maumau_rules.simulate.GameStatistics.estimates`: lengths, reshuffles,
    blocked rounds and penalties for Mau-Mau; points, tricks, capotes and breaches for Malilla); 95% intervals in
    brackets. The first player's rate is marked ▲ or ▼ where Holm's method over every cell of the run rejects parity
    (:meth:`maumau_rules.simulate.SimulationResult.first_player_edges`, family-wise level 5%)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        path = Path(self.env.srcdir) / self.arguments[0]
        self.env.note_dependency(str(path))
        result = SimulationResult.from_json(json.loads(path.read_text(encoding="utf-8")))
        families: dict[str, list[CellResult]] = {}
        for c in result.cells:
            families.setdefault(c.family or "maumau", []).append(c)
        edges = {(e.variant, e.players): e for e in result.first_player_edges(ALPHA)}
        lines: list[str] = []
        for cells in families.values():
            labels = cells[0].labels()
            head = ["variant", "players", "first player wins (parity)", *labels.values()]
            rows: list[list[str]] = [head]
            for c in cells:
                est = c.estimates()
                first = c.win_rate_by_position[0]
                parity = 1 / c.sides
                mark = {"above": " ▲", "below": " ▼", "": ""}[edges[c.variant, c.players].direction]
                rows.append([f":ref:`{c.variant} <variant-{c.variant}>`", str(c.players),
                             f"{_rate(first)}{mark} ({100 * parity:.0f}%)",
                             *(_rate(est[name]) if est[name].rate else _mean(est[name]) for name in labels)])
            lines += [".. list-table::", "   :header-rows: 1", "   :class: simulation-table", ""]
            for row in rows:
                lines.append(f"   * - {row[0]}")
                lines += [f"     - {cell}" for cell in row[1:]]
            lines.append("")
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source=str(path)), self.content_offset, container)
        return container.children


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("simulation-table", SimulationTable)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
