"""CPU time of a bench's processes by role, read from Linux's ``/proc`` (nothing where it is absent).

Throughput on a machine whose cores are all busy says little about where the time goes: the CPU seconds each
process spent over the timed window, divided by the actions, say what each role costs per action (the bot
processes, the board-drawing processes they forked, the Redis servers the bench started).
"""
from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int) -> tuple[str, int, float] | None:
    """(command name, parent pid, user + system CPU seconds) of a live process, or None."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    name = text[text.index("(") + 1:text.rindex(")")]
    fields = text[text.rindex(")") + 2:].split()  # from the state on: fields 3.. of proc(5)
    return name, int(fields[1]), (int(fields[11]) + int(fields[12])) / _TICKS


def processes() -> dict[int, tuple[str, int, float]]:
    """Every live process: pid -> (name, parent pid, CPU seconds)."""
    out = {}
    if not PROC.is_dir():
        return out
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None:
                out[int(entry.name)] = stat
    return out


def descendants(table: dict[int, tuple[str, int, float]], root: int) -> set[int]:
    """The pids under ``root`` (its children, theirs...), ``root`` excluded."""
    children: dict[int, list[int]] = {}
    for pid, (_, parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    out, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


def by_role(bots: list[int], before: dict[int, tuple[str, int, float]],
            after: dict[int, tuple[str, int, float]]) -> dict[str, float] | None:
    """CPU seconds spent between the two readings by the ``bots`` processes, the processes under them (board
    workers) and the Redis servers under this process; None without ``/proc``. A process born in between counts
    from zero."""
    if not after:
        return None

    def spent(pids: set[int]) -> float:
        return sum(after[p][2] - (before[p][2] if p in before else 0.0) for p in pids if p in after)

    under = set().union(*(descendants(after, bot) for bot in bots)) if bots else set()
    redis = {p for p in descendants(after, os.getpid()) if after[p][0].startswith("redis-server")}
    return {"bot": spent(set(bots)), "boards": spent(under), "redis": spent(redis)}
