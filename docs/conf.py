"""Sphinx configuration for maumau_rules.

Build (warnings are errors, and ``-n`` makes every unresolved reference one; ``pip install ".[docs]"`` is all it
needs, no earlier pytest run, no ``examples/`` on the path)::

    python -m sphinx -W -n -b html docs build/docs
    python -m sphinx -W -n -b doctest docs build/doctest
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "src"))

from sphinx.application import Sphinx  # noqa: E402

import maumau_rules  # noqa: E402

project = "maumau_rules"
author = "maumau_rules developers"
copyright = "maumau_rules developers"
release = maumau_rules.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "maumau_xref",
    "maumau_spec",
    "maumau_stats",
]

exclude_patterns = ["_build", "schemas", "_ext", "**/*.inc"]
templates_path: list[str] = []

# autodoc: the facade's names live in private modules; document each module's own members.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True  # a default reads as written (``RANKS``), not as the repr of its value
autodoc_default_options = {"show-inheritance": False}


def _missing(*names: str) -> bool:
    """Whether one of these modules cannot be imported here (for conf.py, and for the pages' ``:skipif:``)."""
    import importlib.util

    for name in names:
        try:
            if importlib.util.find_spec(name) is None:
                return True
        except ImportError:
            return True
    return False


# The adapters' optional dependencies (extras ``pettingzoo`` and ``openspiel``) are not part of the docs extra:
# where they are not installed, autodoc documents those modules against stand-ins (only then: a module imported
# against a stand-in would be a broken one for the pages' doctests), and the adapters page's doctests that need
# them are skipped, so that ``pip install ".[docs]"`` alone builds the reference and runs the other doctests.
autodoc_mock_imports = [name for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel") if _missing(name)]
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# doctest builder: run only the explicit ``.. doctest::`` / ``.. testcode::`` blocks of the pages
# (tutorial, notation). The docstrings' own examples run under ``pytest --doctest-modules``.
doctest_test_doctest_blocks = ""
doctest_global_setup = inspect.getsource(_missing)  # ``_missing`` for the ``:skipif:`` options

# The reference in the players' languages (issue 29): ``-D language=de`` builds it in German. The pages written here
# are translated by Sphinx's catalogs in docs/locale (``sphinx -b gettext`` extracts them); the pages generated
# from the spec are written in the language by the library's own catalogs (the same texts as ``maumau rules``).
# Arabic is laid out right to left (maumau.css). ``nox -s docs_i18n`` builds every language.
language = "en"
locale_dirs = ["locale/"]
gettext_compact = False
gettext_uuid = False
gettext_location = False
LANGUAGES = ("en", "de", "ar", "tr", "el", "sr", "cs", "nl")
"""The languages the reference is built in (maumau_rules.i18n.LANGUAGES)."""

html_theme = "furo"
html_title = f"maumau_rules {release}"
html_theme_options = {
    "navigation_with_keys": True,
}
html_static_path = ["_static"]
html_css_files = ["maumau.css"]


# A bare annotation name that two documented objects share (``Deal``: the state's explicit deal and the R_DEAL rule
# class) is ambiguous to Sphinx, which links the first and warns; only that warning class is silenced here, every
# unresolved reference still fails the nitpicky build.
suppress_warnings = ["ref.python"]


def _mark_direction(app: Sphinx, exception: BaseException | None) -> None:
    """After an HTML build in a right-to-left language, give each page's ``<html>`` element ``dir="rtl"`` (the
    theme writes only ``lang``), so that browsers and screen readers lay it out and read it from the right."""
    from maumau_rules.i18n import RTL_LANGUAGES

    lang = app.config.language
    if exception is not None or lang not in RTL_LANGUAGES or app.builder.format != "html":
        return
    for page in Path(app.builder.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        marked = text.replace(f' lang="{lang}"', f' lang="{lang}" dir="rtl"', 1)
        if marked != text:
            page.write_text(marked, encoding="utf-8")


def setup(app: Sphinx) -> None:
    """Hooks of this configuration: the direction of right-to-left pages."""
    app.connect("build-finished", _mark_direction)
