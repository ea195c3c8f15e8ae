"""The plots of a simulation run in each language (issue 29): the titles, axis labels and legends that
:mod:`maumau_rules.plot` writes are made through the catalogs, so a figure drawn in a ``language(L)`` block has no
English text left (the variant IDs on the panels and the bots' names are names, the same in every language)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

pytest.importorskip("matplotlib", reason="the plots need matplotlib (pip install 'maumau-rules[plot]')")

from maumau_rules.i18n import LANGUAGES, language
from maumau_rules.plot import lengths_figure, win_rates_figure
from maumau_rules.simulate import SimulationResult, simulate

from .test_errors_i18n import english
from .test_terminal import english_left

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@cache
def run() -> SimulationResult:
    return simulate("standard", players=[2, 3], games=6, seed=1)


def texts(fig: Any) -> list[str]:
    """Every text the figure shows but the panels' titles (the variant IDs) and the tick numbers."""
    out = [fig.get_suptitle(), fig.get_supxlabel(), fig.get_supylabel()]
    for ax in fig.axes:
        legend = ax.get_legend()
        out += [t.get_text() for t in legend.get_texts()] if legend is not None else []
    return [t for t in out if t]


def figures() -> list[list[str]]:
    return [texts(make(run())) for make in (lengths_figure, win_rates_figure)]


def test_the_english_figures_are_english() -> None:
    """Not vacuous: the same checks find the English of every figure."""
    with language("en"):
        shown = figures()
    for fig_texts in shown:
        assert len(fig_texts) >= 5, fig_texts
        assert english_left(" ".join(fig_texts).replace("\n", " ")), fig_texts  # the catalog's English sentences
        assert all(english(t, "en", t) for t in fig_texts if t.count(" ") >= 2), fig_texts
        assert "2 players" in fig_texts and "3 players" in fig_texts


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_label_of_the_plots_is_in_the_language(lang: str) -> None:
    with language("en"):
        source = figures()
    with language(lang):
        shown = figures()
    for english_texts, fig_texts in zip(source, shown, strict=True):
        assert len(fig_texts) == len(english_texts)
        for en, text in zip(english_texts, fig_texts, strict=True):
            assert text != en, (lang, text)  # every title, label and legend entry was made in the language
            assert not english(text.replace("\n", " "), lang, en.replace("\n", " ")), (lang, text)
