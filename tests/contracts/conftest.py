"""Registers the ``slow`` marker used by the CrossHair tests (deselect with ``-m "not slow"``)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: runs for tens of seconds (CrossHair)")
