"""The match log's entry format in Redis: one stream entry per entry, each of its keys a short stream field.

An entry keeps what cannot be recomputed: what happened (its ``kind``, the lifecycle ``event``, the
``action``), who (``by``, ``seat``), when (``at``), the dice drawn (``draws``) and what a roll showed. What the
seed and the actions give again is not written: an action's ``events`` are replayed when the log is read
(``table/replay.py``, ``with_events``).

Why fields and not one JSON text: a stream stores a whole number as a number (a Discord id in 8 bytes, not 18
characters) and names fields once per node when entries share them, so a finished match's log takes about a
third of the JSON it replaces (issue #20: a finished match ≤ 32 KB).

A finished match's log is kept as one value (``dump_log``): the entries as they read back, as JSON, compressed;
the stream it replaces cost ~100 bytes of Redis memory an entry (table/store.py).

Old entries, written before this format as one field ``e`` holding the whole entry as JSON (events included),
are read as they are: a restart resumes every match.
"""
from __future__ import annotations

import json
import zlib
from typing import Any, Mapping

LONG_TO_SHORT = {"n": "n", "at": "t", "kind": "k", "event": "e", "by": "b", "seat": "s", "action": "a",
                 "draws": "d", "undoes": "u", "text": "x", "reader": "r", "options": "o", "rolls": "l",
                 "visible_to": "v"}
"""Each known key's stream field."""
SHORT_TO_LONG = {short: long for long, short in LONG_TO_SHORT.items()}
TEXT_FIELDS = frozenset("kesxr")
"""Fields stored as plain text; every other one holds JSON (a number, a list, an object)."""
EXTRA = "+"
"""Field holding, as one JSON object, the keys not above and values that don't fit their field (a seat of None)."""
KINDS = {"action": "a", "lifecycle": "l", "roll": "r"}
KIND_NAMES = {short: long for long, short in KINDS.items()}
OLD_FIELD = b"e"
"""The field of the old format: the whole entry as JSON."""
RECOMPUTED = ("events",)
"""Keys of an action entry replayed from the seed and the actions, never stored."""


_dump = json.JSONEncoder(separators=(",", ":"), sort_keys=True).encode
"""A value's JSON, compact with sorted keys (one encoder for every field: ``json.dumps`` with these options makes a
new one per call)."""


def pack(entry: Mapping[str, Any]) -> list[str]:
    """The stream fields and values of ``entry``, flat: ``[field, value, field, value, ...]``.

    ``k`` comes first and is always there (empty when the entry has no kind), so a reader tells the format apart.
    """
    kind = entry.get("kind")
    extra: dict[str, Any] = {}
    if isinstance(kind, str):
        fields = ["k", KINDS.get(kind, f"={kind}")]
    else:
        fields = ["k", ""]
        if kind is not None:
            extra["kind"] = kind
    for key, value in entry.items():
        if key == "kind" or (key in RECOMPUTED and kind == "action"):
            continue
        short = LONG_TO_SHORT.get(key)
        if short is None or value is None or (short in TEXT_FIELDS) != isinstance(value, str):
            extra[key] = value
        else:
            fields += [short, value if short in TEXT_FIELDS else _dump(value)]
    if extra:
        fields += [EXTRA, _dump(extra)]
    return fields


def unpack(fields: Mapping[bytes, bytes]) -> dict[str, Any]:
    """The entry a stream entry holds, in either format."""
    if b"k" not in fields:
        return json.loads(fields[OLD_FIELD])
    entry: dict[str, Any] = {}
    for raw, value in fields.items():
        short = raw.decode()
        if short == "k":
            kind = value.decode()
            if kind:
                entry["kind"] = KIND_NAMES.get(kind) or kind[1:]
        elif short == EXTRA:
            entry.update(json.loads(value))
        elif short in TEXT_FIELDS:
            entry[SHORT_TO_LONG[short]] = value.decode()
        else:
            entry[SHORT_TO_LONG[short]] = json.loads(value)
    return entry


def compact(entry: Mapping[str, Any]) -> bool:
    """Whether ``entry`` was read from the compact format (an action without its events: replay gives them)."""
    return entry.get("kind") == "action" and "events" not in entry


def as_stored(entry: Mapping[str, Any]) -> dict[str, Any]:
    """``entry`` as it reads back once stored (an action without its events)."""
    fields = pack(entry)
    return unpack({f.encode(): v.encode() for f, v in zip(fields[::2], fields[1::2])})


def dump_log(entries: list[dict[str, Any]]) -> bytes:
    """A whole log as one value: its entries as stored, as JSON, compressed (read back by ``load_log``)."""
    return zlib.compress(json.dumps(entries, separators=(",", ":"), ensure_ascii=False).encode(), 9)


def load_log(value: bytes) -> list[dict[str, Any]]:
    """The entries of a log kept by ``dump_log``."""
    return json.loads(zlib.decompress(value))
