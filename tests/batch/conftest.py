"""The jax step's doctests belong to the ``batch_jax`` nox session (jax is an optional extra, not in the ``test``
one): a plain run leaves them out as it leaves out tests/batch/test_jax.py."""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the doctests of ``maumau_rules.families.maumau.batch.jax_engine`` for the ``batch_jax`` session."""
    for item in items:
        if item.path.name == "jax_engine.py" and item.path.parent.name == "batch":
            item.add_marker(pytest.mark.nox_session("batch_jax"))
