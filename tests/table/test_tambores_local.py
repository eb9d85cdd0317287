"""Tambores de Guerra at the local table: ``python bot.py --script`` plays a whole battle from ``/match new`` to the
result, from the same command specs as Discord (``/tdg do 0``: the first legal action of whoever is awaited; the
script tries both players at each step and the one not awaited is refused): a skirmish, chosen by alice (the first
choice offered), each army deck and hero the first offered."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def test_a_whole_battle_at_the_local_table(tmp_path: Path, redis_url: str, prefix: str):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(REDIS_URL=redis_url, REDIS_PREFIX=prefix, BOARDS_DIR=str(tmp_path / "boards"),
               DATA_DIR=str(tmp_path / "var"))
    lines = ["/match new tambores vs:bob", "/as bob", "/press Accept", "/tdg hand", "/tdg deploy card:nothing"]
    for _ in range(400):
        lines += ["/as alice", "/tdg do 0", "/as bob", "/tdg do 0"]
    lines += ["/as alice", "/match status"]
    out = subprocess.run([sys.executable, "bot.py", "--script", "-", "--json"], cwd=ROOT, env=env,
                         input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    replies = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]

    accepted = next(r for r in replies if r["command"] == "/press Accept")
    assert "training pack — unofficial values" in json.dumps(accepted, ensure_ascii=False)
    assert "choose the mode" in json.dumps(accepted) and not accepted["files"]  # no battle before the setup choices
    hand = next(r for r in replies if r["command"] == "/tdg hand")
    assert hand["ephemeral"] and hand["embeds"][0]["title"] == "Hand of bob"
    refused = next(r for r in replies if r["command"] == "/tdg deploy card:nothing")
    assert refused["ephemeral"]
    played = [r for r in replies if r["command"] == "/tdg do 0" and not r["ephemeral"]]
    assert len(played) > 20
    result = [r for r in replies if any(e["title"].startswith(("🏆", "🤝")) for e in r["embeds"])]
    assert result, "the battle reached its result"
    assert "Decided by:" in json.dumps(result[0], ensure_ascii=False)
    assert "finished" in json.dumps(replies[-1])
    boards = sorted((tmp_path / "boards").glob("*board.png"))
    assert len(boards) >= len(played) - 2  # no board before the armies are known (the mode, the first army)
    for path in boards[:3] + boards[-3:]:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.size[0] == 1280
