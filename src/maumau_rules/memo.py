"""A small bounded memo: a least-recently-used map with a fixed number of entries, as an explicit object.

The library keeps its memos in objects like this one, never inside a frozen value. Reading untrusted
records uses one (``maumau_rules.records.COMPILED_VARIANTS``) so that a file of many records that
change a variant's rules (``overrides``) or bring their own ``definition`` compiles each distinct variant once:
the cost of a file stays linear in its size, and the memory the memo holds stays bounded.

>>> m = BoundedMemo(2)
>>> m.put("a", 1), m.put("b", 2), m.put("c", 3)
(1, 2, 3)
>>> m.get("a") is None, m.get("c"), len(m)
(True, 3, 2)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

from .errors import ArgumentError, shown
from .i18n import gettext as _

__all__ = ["BoundedMemo"]

V = TypeVar("V")


class BoundedMemo(Generic[V]):
    """A map from hashable keys to values that keeps at most ``maxsize`` entries, dropping the least recently used.

    Not thread-safe for concurrent writers in other interpreters' sense, but every operation is a single
    dictionary step under the GIL, so threads may share it (at worst a value is computed twice).

    >>> m: BoundedMemo[int] = BoundedMemo(maxsize=1); m.put(1, 10); m.get(1)
    10
    10
    """

    def __init__(self, maxsize: int) -> None:
        if type(maxsize) is not int or maxsize < 1:
            raise ArgumentError(_("maxsize {maxsize} must be a positive integer").format(maxsize=shown(maxsize)))
        self.maxsize = maxsize
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> V | None:
        """The value for ``key`` (now the most recently used), or ``None``.

        >>> BoundedMemo(3).get("x") is None
        True
        """
        try:
            value = self._items[key]
        except KeyError:
            self.misses += 1
            return None
        self._items.move_to_end(key)
        self.hits += 1
        return value

    def put(self, key: Hashable, value: V) -> V:
        """Remember ``value`` for ``key``, dropping the least recently used entry when full; returns ``value``.

        >>> m: BoundedMemo[str] = BoundedMemo(3); m.put("k", "v")
        'v'
        """
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.maxsize:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every entry.

        >>> m: BoundedMemo[int] = BoundedMemo(3); _ = m.put(1, 1); m.clear(); len(m)
        0
        """
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
