"""A least-recently-used cache bounded by the bytes it holds, not by a count of entries.

An image cache keyed on something per match (its players' names, its state) must grow with the matches being
played and stay within a memory budget: a count of entries is either too few for a busy night or too many
megabytes for a quiet one.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

V = TypeVar("V")


class ByteCache(Generic[V]):
    """Values by key, the least recently used dropped once their sizes add up past ``max_bytes``."""

    def __init__(self, max_bytes: int, size: Callable[[V], int]) -> None:
        self.max_bytes = max_bytes
        self._size = size
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self.bytes = 0
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        value = self._items.get(key)
        if value is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return value

    def put(self, key: Hashable, value: V) -> V:
        """Keep ``value``; the oldest values go while over budget (the newest always stays)."""
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= self._size(old)
        self._items[key] = value
        self.bytes += self._size(value)
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= self._size(dropped)
        return value

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0
