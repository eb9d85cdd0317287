"""Counters of commands, errors and latencies, exposed in the Prometheus text format."""
from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass, field

BUCKETS_MS = (1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500)
"""Upper bounds of the latency histogram, in milliseconds."""


@dataclass
class Metrics:
    """In-process counters (one bot process; Prometheus sums across processes)."""

    commands: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    latency: dict[str, list[int]] = field(default_factory=dict)
    latency_sum: Counter = field(default_factory=Counter)

    def observe(self, command: str, seconds: float, outcome: str) -> None:
        """Count one handled command: ``outcome`` is ok, refused (a user error) or crash."""
        self.commands[command] += 1
        if outcome != "ok":
            self.errors[(command, outcome)] += 1
        buckets = self.latency.setdefault(command, [0] * (len(BUCKETS_MS) + 1))
        buckets[bisect.bisect_left(BUCKETS_MS, seconds * 1000)] += 1
        self.latency_sum[command] += seconds

    def prometheus(self, gauges: dict[str, float] | None = None) -> str:
        """All counters in the Prometheus text exposition format."""
        lines = ["# TYPE gm_commands_total counter"]
        lines += [f'gm_commands_total{{command="{c}"}} {n}' for c, n in sorted(self.commands.items())]
        lines.append("# TYPE gm_command_errors_total counter")
        lines += [f'gm_command_errors_total{{command="{c}",kind="{k}"}} {n}'
                  for (c, k), n in sorted(self.errors.items())]
        lines.append("# TYPE gm_command_seconds histogram")
        for command, buckets in sorted(self.latency.items()):
            running = 0
            for bound, n in zip((*BUCKETS_MS, None), buckets):
                running += n
                le = "+Inf" if bound is None else f"{bound / 1000:g}"
                lines.append(f'gm_command_seconds_bucket{{command="{command}",le="{le}"}} {running}')
            lines.append(f'gm_command_seconds_sum{{command="{command}"}} {self.latency_sum[command]:.6f}')
            lines.append(f'gm_command_seconds_count{{command="{command}"}} {running}')
        for name, value in sorted((gauges or {}).items()):
            lines += [f"# TYPE {name} gauge", f"{name} {value}"]
        return "\n".join(lines) + "\n"
