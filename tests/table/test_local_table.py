"""The local table: ``python bot.py --script FILE --json`` runs a match lifecycle end to end."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LIFECYCLE = """
/match games
/match new nim vs:bob
/match new tafl vs:bob
/as bob
/press Accept
/match status
/as carol
/match concede
/as alice
/match concede
/press Yes, concede
/match verify
/match log 5
/match list
"""


def run_bot(args: list[str], env: dict[str, str], stdin: str | None = None, timeout: float = 60) -> list[dict]:
    out = subprocess.run([sys.executable, "bot.py", *args], cwd=ROOT, env=env, input=stdin,
                         capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


@pytest.fixture
def env(tmp_path: Path, redis_url: str, prefix: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    env.update(REDIS_URL=redis_url, REDIS_PREFIX=prefix, GAME_PLUGINS="tests.support.nim",
               BOARDS_DIR=str(tmp_path / "boards"), DATA_DIR=str(tmp_path / "var"))
    return env


def test_script_runs_a_match_lifecycle_end_to_end(tmp_path: Path, env: dict[str, str]):
    script = tmp_path / "lifecycle.txt"
    script.write_text(LIFECYCLE)
    replies = run_bot(["--script", str(script), "--json"], env)
    by_command: dict[str, list[dict]] = {}
    for r in replies:
        by_command.setdefault(r["command"], []).append(r)
    assert "not yet available" in by_command["/match games"][0]["embeds"][0]["description"]
    invite = by_command["/match new nim vs:bob"]
    assert invite[1]["buttons"][0]["label"] == "Accept" and invite[1]["channel"] != invite[0]["channel"]
    refused = by_command["/match new tafl vs:bob"][0]
    assert refused["ephemeral"] and "not available yet" in refused["content"]
    assert "accepted" in by_command["/press Accept"][0]["content"]
    carol = by_command["/match concede"][0]
    assert carol["ephemeral"] and "not playing" in carol["content"]
    assert "Concede match" in by_command["/match concede"][1]["content"], "concede asks once"
    assert "wins" in by_command["/press Yes, concede"][0]["content"]
    assert by_command["/match verify"][0]["content"].startswith("✅")
    assert "finished" in by_command["/match list"][0]["embeds"][0]["description"]


def test_script_text_mode_shows_names_not_ids(tmp_path: Path, env: dict[str, str]):
    out = subprocess.run([sys.executable, "bot.py", "--script", "-"], cwd=ROOT, env=env,
                         input="/match new nim vs:bob\n", capture_output=True, text=True, timeout=60)
    assert "@bob, @alice challenges you" in out.stdout


def test_embedded_redis_when_no_redis_url_and_data_survives(tmp_path: Path, env: dict[str, str]):
    """With no REDIS_URL the bot starts its own server; its data is there on the next start."""
    env.pop("REDIS_URL")
    first = run_bot(["--script", "-", "--json"], env, "/match new nim vs:bob\n/as bob\n/press Accept\n")
    assert "accepted" in first[-1]["content"]
    assert (tmp_path / "var" / "redis" / "appendonly.aof").exists() or \
        (tmp_path / "var" / "redis" / "appendonlydir").exists()
    again = run_bot(["--script", "-", "--json"], env, "/match list\n")
    assert "active" in again[0]["embeds"][0]["description"]


def test_killed_bot_finds_every_match_after_restart(tmp_path: Path, env: dict[str, str]):
    """SIGKILL in the middle of a session: every accepted action is there after a restart."""
    env.pop("REDIS_URL")  # the embedded server must survive its parent's death with no loss
    proc = subprocess.Popen([sys.executable, "bot.py", "--local"], cwd=ROOT, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    commands = ["/match new nim vs:bob", "/as bob", "/press Accept", "/as alice", "/match new nim vs:carol"]
    proc.stdin.write("\n".join(commands) + "\n")
    proc.stdin.flush()
    deadline = time.time() + 30
    seen = ""
    while "waiting for @carol" not in seen and time.time() < deadline:
        seen += proc.stdout.readline()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    assert "accepted" in seen
    time.sleep(0.5)  # the embedded server stops with its parent
    listing = run_bot(["--script", "-", "--json"], env, "/match list\n")
    text = listing[0]["embeds"][0]["description"]
    assert text.count("vs bob · **active**") == 1 and text.count("vs carol · **invited**") == 1
