"""Tambores de Guerra referee actions at the local table (``python bot.py --script``), from the same command specs as
Discord: ``/tdg ref place|shift|lift`` put a unit of the draw deck into play, move it along the front line and return
it to the hand, each logged with who and why and followed by a battle image; a refusal answers its asker only."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_unit_placed_shifted_and_lifted_at_the_local_table(tmp_path: Path, redis_url: str, prefix: str):
    """Digest §6.1 (a unit goes into an empty slot of its own front line) and §16 (the front line is face up): both
    players choose the first army offered (the humans), so alice's draw deck holds Soldados."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(REDIS_URL=redis_url, REDIS_PREFIX=prefix, BOARDS_DIR=str(tmp_path / "boards"),
               DATA_DIR=str(tmp_path / "var"))
    lines = ["/match new tambores vs:bob", "/as bob", "/press Accept"]
    lines += ["/as alice", "/tdg do 0", "/as bob", "/tdg do 0"] * 3  # mode, armies, heroes (bob may deploy once)
    lines += ["/as alice", "/tdg ref place card:soldado source:draw_deck slot:1 reason:Llamada",
              "/tdg ref place card:soldado source:draw_deck slot:1",
              "/tdg ref shift side:mine slot:1 to:3", "/tdg ref lift side:mine slot:3 target:hand reason:Retirada"]
    out = subprocess.run([sys.executable, "bot.py", "--script", "-", "--json"], cwd=ROOT, env=env,
                         input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    replies = {}
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            reply = json.loads(line)
            replies.setdefault(reply["command"], []).append(reply)
    [placed] = replies["/tdg ref place card:soldado source:draw_deck slot:1 reason:Llamada"]
    [refused] = replies["/tdg ref place card:soldado source:draw_deck slot:1"]
    [shifted] = replies["/tdg ref shift side:mine slot:1 to:3"]
    [lifted] = replies["/tdg ref lift side:mine slot:3 target:hand reason:Retirada"]
    assert not placed["ephemeral"] and placed["files"]
    assert "alice, referee: Soldado from the draw deck of alice into slot 1 (Llamada)" in placed["content"]
    assert refused["ephemeral"] and "Slot 1 holds Soldado" in refused["content"], refused["content"]
    assert "Soldado of alice from slot 1 to slot 3" in shifted["content"] and shifted["files"]
    assert "Soldado from slot 3 of alice to its owner's hand (Retirada)" in lifted["content"] and lifted["files"]
