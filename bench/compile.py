"""Build an *optional* compiled copy of the engine with mypyc, for benchmarking next to the pure-Python one.

The package stays pure Python: ``pip install .`` never compiles anything, and the pure-Python engine is
the reference that every test runs. This script copies ``src/maumau_rules`` to ``build/mypyc/src/`` and
compiles four modules there with mypyc (shipped with mypy): the engine and the pure helpers it calls
most (``engine.py``, ``handmask.py``, ``zones.py``, ``rng.py``). They define no attrs classes (mypyc does
not keep attrs' frozen classes frozen), so the compiled engine runs the very same source. Nothing in ``src`` is touched; the compiled copy is used only when its directory is put first
on ``PYTHONPATH``. Needs mypy and a C compiler. Usage::

    python bench/compile.py                      # builds build/mypyc/src (about 30 s)
    python bench/run.py --only play --compiled build/mypyc/src
    PYTHONPATH=build/mypyc/src python bench/fingerprint.py > /tmp/compiled.txt   # same output as pure Python
    PYTHONPATH=build/mypyc/src python -m pytest -p no:cacheprovider tests/golden tests/scenarios
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("engine.py", "handmask.py", "zones.py", "rng.py")


def build(out: Path) -> Path:
    """Copy the package to ``out`` and compile :data:`MODULES` there; return the package directory."""
    if out.exists():
        shutil.rmtree(out)
    # The same layout as the repository (src/maumau_rules beside spec/), so tools that find the spec
    # relative to the package (golden games, perft counts) work with the compiled copy too.
    src = out / "src"
    package = src / "maumau_rules"
    shutil.copytree(ROOT / "src" / "maumau_rules", package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copytree(ROOT / "spec", out / "spec")
    mypyc = [sys.executable, "-c", "import sys; from mypyc.__main__ import main; sys.argv[0] = 'mypyc'; main()"]
    subprocess.run([*mypyc, *(f"maumau_rules/{m}" for m in MODULES)], cwd=src, check=True,
                   stdout=subprocess.DEVNULL)
    shutil.rmtree(src / "build", ignore_errors=True)
    return package


def compiled_engine_file(path: Path) -> str:
    """The file the engine is imported from with ``path`` first on ``PYTHONPATH`` (a ``.so`` when compiled)."""
    result = subprocess.run([sys.executable, "-c", "import maumau_rules.engine as e; print(e.__file__)"],
                            env={**os.environ, "PYTHONPATH": str(path)}, capture_output=True, text=True, check=True)
    return result.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    """Build the compiled copy and check that it is the one imported."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "mypyc", help="where to build (build/mypyc)")
    args = parser.parse_args(argv)
    build(args.out)
    where = compiled_engine_file(args.out / "src")
    if not where.endswith(".so"):
        print(f"the build did not produce a compiled engine (imported {where})", file=sys.stderr)
        return 1
    print(f"compiled engine: {where}\nuse it with: PYTHONPATH={args.out / 'src'} python ...  "
          f"or  python bench/run.py --compiled {args.out / 'src'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
