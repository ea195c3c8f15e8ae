"""The message catalogs (a development tool; it needs Babel, which the ``[test]`` extra installs).

The template holds every message the package marks (``_``, ``N_``, ``gettext``, ``ngettext``, ``N_plural``), the
example server's (``examples/server``, marked the same way), the fixed titles the reference's extension writes
(``docs/_ext``: the literal texts given to ``heading``, ``table`` (header cells and title) and ``field_list`` (the
names), and those marked with ``N_``), and the texts of ``spec/`` that a user reads: each rule's title, text and
parameter docs, each shipped variant's name and summary.

    python scripts/i18n.py extract   # src/maumau_rules/**.py -> src/maumau_rules/locale/maumau_rules.pot
    python scripts/i18n.py update    # the .pot -> every locale/LANG/LC_MESSAGES/maumau_rules.po (new entries empty)
    python scripts/i18n.py compile   # every .po -> its .mo (shipped with the package; a test checks they match)
    python scripts/i18n.py all       # the three in order

The translations are written in the ``.po`` files (they follow ``spec/glossary.toml``); the ``.mo`` files are
committed so that a plain ``pip install`` needs no Babel. ``tests/i18n/test_catalogs.py`` fails on a missing,
fuzzy or stale entry, on placeholders that differ, and on a ``.mo`` that is not the ``.po`` compiled.
"""

from __future__ import annotations

import ast
import io
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "maumau_rules"
LOCALE = PACKAGE / "locale"
DOMAIN = "maumau_rules"
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "N_plural": (1, 2)}
LANGUAGES = ("de", "ar", "tr", "el", "sr", "cs", "nl")


def template() -> Catalog:
    """Every marked message of the package, with the file and line it comes from."""
    catalog = Catalog(project="maumau_rules", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, _context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        if filename.startswith(("spec/", "locale/")):
            continue
        catalog.add(message, None, [(f"src/maumau_rules/{filename}", lineno)], auto_comments=comments)
    for folder in ("examples/server",):  # the example server's own sentences (it answers in the client's language)
        for filename, lineno, message, comments, _context in extract_from_dir(
                str(ROOT / folder), method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments)
    for path in sorted((ROOT / "docs" / "_ext").glob("*.py")):  # the reference's fixed titles
        for text, lineno in docs_titles(path.read_text(encoding="utf-8")):
            catalog.add(text, None, [(f"docs/_ext/{path.name}", lineno)],
                        auto_comments=["a title or a table header of the reference (docs/_ext): a short heading"])
    for path in sorted((ROOT / "spec" / "rules").glob("*.toml")):  # the titles, texts and parameter docs of the rules
        rule = tomllib.loads(path.read_text(encoding="utf-8")).get("rule", {})
        texts = [(field, rule.get(field)) for field in ("title", "text")]
        texts += [(f"doc of parameter {p['name']}", p.get("doc")) for p in rule.get("params", [])]
        for field, text in texts:
            if text:
                catalog.add(text, None, [(f"spec/rules/{path.name}", 0)],
                            auto_comments=[f"the {field} of rule {rule['id']} (spec/rules), shown in the reference; "
                                           "keep `code`, rule IDs and source IDs (STD-SEVEN-2, CA-06) as they are"])
    for path in sorted((ROOT / "spec" / "variants").glob("*.toml")):  # the names and summaries of the shipped variants
        variant = tomllib.loads(path.read_text(encoding="utf-8")).get("variant", {})
        if variant.get("name"):
            catalog.add(variant["name"], None, [(f"spec/variants/{path.name}", 0)],
                        auto_comments=["the name of a variant (spec/variants): a proper name, translate its explanation "
                                       "in brackets"])
        if variant.get("summary"):
            catalog.add(variant["summary"], None, [(f"spec/variants/{path.name}", 0)],
                        auto_comments=["the summary of a variant (spec/variants), shown by 'maumau rules'"])
    return catalog


def docs_titles(source: str) -> list[tuple[str, int]]:
    """The literal titles of a docs extension: the first argument of ``heading``, the literal header cells and the
    ``title`` of ``table``, the literal names of ``field_list``, and what ``N_`` marks (the extension writes each
    through ``gettext``)."""
    found: list[tuple[str, int]] = []

    def literal(node: ast.AST | None) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip():
            found.append((node.value, node.lineno))

    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        name, first = node.func.id, node.args[0]
        if name in ("heading", "N_"):
            literal(first)
        elif name == "table":
            for cell in first.elts if isinstance(first, ast.List) else []:
                literal(cell)
            for kw in node.keywords:
                if kw.arg == "title":
                    literal(kw.value)
        elif name == "field_list" and isinstance(first, ast.List):
            for item in first.elts:
                if isinstance(item, ast.Tuple) and item.elts:
                    literal(item.elts[0])
    return found


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh)


def write(path: Path, catalog: Catalog, **options: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=116, omit_header=False, sort_output=False, **options)
    path.write_bytes(buf.getvalue())


def compiled(catalog: Catalog) -> bytes:
    """The .mo bytes of ``catalog`` (Babel writes them in a stable order)."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def extract() -> None:
    write(LOCALE / f"{DOMAIN}.pot", template(), include_lineno=False)


def update() -> None:
    pot = read(LOCALE / f"{DOMAIN}.pot")
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            catalog = read(path)
        else:
            catalog = Catalog(locale=lang, project="maumau_rules", domain=DOMAIN, fuzzy=False)
        catalog.update(pot, update_header_comment=False, no_fuzzy_matching=True)
        catalog.obsolete.clear()  # a message the code no longer has is gone (git keeps its history)
        write(path, catalog, include_lineno=False, ignore_obsolete=True)


def compile_all() -> None:
    for lang in LANGUAGES:
        path = po_path(lang)
        path.with_suffix(".mo").write_bytes(compiled(read(path)))


def main(argv: list[str]) -> int:
    steps = {"extract": [extract], "update": [update], "compile": [compile_all],
             "all": [extract, update, compile_all]}
    if len(argv) != 1 or argv[0] not in steps:
        print(__doc__, file=sys.stderr)
        return 2
    for step in steps[argv[0]]:
        step()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
