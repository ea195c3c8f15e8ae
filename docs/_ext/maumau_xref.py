"""Cross-references for the API pages, so that the reference builds with ``sphinx -n`` (every reference resolves).

Three things, each for a reason of this code base:

* Names are written as a reader imports them: ``maumau_rules.new_game``, ``maumau_rules.rules.Rule``, or a
  bare ``Turn`` inside a module that imports it, while the API page documents each object once, in the module
  that defines it (``maumau_rules.engine.new_game``, ``maumau_rules.rules.base.Rule``). A reference that Sphinx
  cannot find is imported the way it is written (absolute, or relative to the module and class it stands in)
  and sent to the documented entry that is *the same object*. A bare name that a module imports only for type
  checking (``Variant`` under ``if TYPE_CHECKING``) goes to the one documented object of that name, if there is
  exactly one. A name that imports to nothing, or to an object the reference does not document, still fails
  the build.
* Names outside the package (the standard library, attrs, Hypothesis, and the adapters' numpy, Gymnasium,
  PettingZoo and OpenSpiel) are shown as plain code: the reference is built offline, without intersphinx.
  Private names (``_Scheme``) and type variables are shown the same way: the reference does not document them.
* Napoleon reads the first line of an attribute's docstring as ``type: description``; this code base's
  attribute docstrings are sentences ("While the turn passes on: players to skip") whose types come from the
  annotations, so attribute, data and property docstrings are read without that inline type.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, TypeVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext import napoleon

_MISSING = object()


def _import(dotted: str) -> Any:
    """The object a dotted name imports to (longest importable module, then attributes), or ``_MISSING``."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except Exception:  # not a module (or one whose optional dependency is absent)
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr, _MISSING)
            if obj is _MISSING:
                return _MISSING
        return obj
    return _MISSING


def _same(a: Any, b: Any) -> bool:
    """Whether two names import to one object (a classmethod read from its class is a new bound method each
    time: compare the functions)."""
    return a is not _MISSING and getattr(a, "__func__", a) is getattr(b, "__func__", b)


def _candidates(node: nodes.Element) -> list[str]:
    target = str(node["reftarget"]).lstrip("~.")
    module, cls = node.get("py:module"), node.get("py:class")
    names = [target]
    if module:
        names.append(f"{module}.{target}")
        if cls:
            names.append(f"{module}.{cls}.{target}")
    return names


def _documented(env: BuildEnvironment) -> dict[str, list[str]]:
    """Every documented Python object's full name, by its last component."""
    by_last: dict[str, list[str]] = {}
    for name in env.get_domain("py").objects:  # type: ignore[attr-defined]
        by_last.setdefault(name.rsplit(".", 1)[-1], []).append(name)
    return by_last


def _refer(app: Sphinx, env: BuildEnvironment, node: nodes.Element, contnode: nodes.TextElement,
           full: str) -> nodes.Element | None:
    """The reference ``node`` resolved to the documented object ``full``."""
    fixed = node.deepcopy()
    fixed["reftarget"] = full
    fixed.attributes.pop("refspecific", None)
    return env.get_domain("py").resolve_xref(env, node["refdoc"], app.builder, "obj", full, fixed, contnode)


def resolve(app: Sphinx, env: BuildEnvironment, node: nodes.Element,
            contnode: nodes.TextElement) -> nodes.Element | None:
    """``missing-reference``: the documented home of a name written as it is imported (see the module's text)."""
    if node.get("refdomain") != "py":
        return None
    for name in _candidates(node):
        obj = _import(name)
        if obj is _MISSING:
            continue
        last = name.rsplit(".", 1)[-1]
        homes = [full for full in _documented(env).get(last, []) if full != name and _same(_import(full), obj)]
        if len(homes) == 1:
            return _refer(app, env, node, contnode, homes[0])
        home_module = getattr(obj, "__name__" if isinstance(obj, ModuleType) else "__module__", None)
        outside = not name.startswith("maumau_rules") or (
            isinstance(home_module, str) and not home_module.startswith("maumau_rules"))
        if outside or last.startswith("_") or isinstance(obj, TypeVar):
            return contnode  # outside the package, private, or a type variable: plain code, no link
        return None
    target = str(node["reftarget"]).lstrip("~.")
    module = str(node.get("py:module") or "")
    if "." not in target and module.startswith("maumau_rules"):
        # a bare name the module imports only for type checking (``if TYPE_CHECKING: from .variants import
        # Variant``): the one documented object of that name, if there is exactly one
        homes = [full for full in _documented(env).get(target, []) if full.startswith("maumau_rules.")]
        if len(homes) == 1:
            return _refer(app, env, node, contnode, homes[0])
    if target.split(".")[0] in app.config.autodoc_mock_imports or target.rsplit(".", 1)[-1].startswith("_"):
        return contnode  # an adapter's optional dependency (not installed for the docs), or a private name
    return None


def _process_docstring(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    if what in ("attribute", "data", "property"):
        what = "object"  # read as prose: no "type: description" on the first line
    napoleon._process_docstring(app, what, name, obj, options, lines)


def setup(app: Sphinx) -> dict[str, Any]:
    """Replace napoleon's docstring hook with the one above and resolve the references it cannot."""
    app.setup_extension("sphinx.ext.napoleon")
    for listener in list(app.events.listeners["autodoc-process-docstring"]):
        if listener.handler is napoleon._process_docstring:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", _process_docstring)
    app.connect("missing-reference", resolve)
    return {"parallel_read_safe": True}
