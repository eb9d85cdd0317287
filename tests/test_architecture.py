"""The layers' arrows point one way (DESIGN.md): the engine is pure, cogs never touch Redis."""
from __future__ import annotations

import ast
import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN_IN_ENGINE = {"discord", "redis", "PIL", "asyncio", "time", "cogs", "table", "render", "aiohttp"}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_engine_imports_no_io_and_no_other_layer():
    bad = {str(p.relative_to(ROOT)): imports(p) & FORBIDDEN_IN_ENGINE for p in (ROOT / "engine").rglob("*.py")}
    assert {k: v for k, v in bad.items() if v} == {}


def test_engine_uses_no_global_random():
    """Randomness is injected (engine/core/rng.py); the global generator would break replays."""
    bad = [str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py") if "random" in imports(p)]
    assert bad == []


def test_cogs_reach_redis_only_through_the_table():
    bad = [str(p.relative_to(ROOT)) for p in (ROOT / "cogs").rglob("*.py") if "redis" in imports(p)]
    assert bad == []


def test_table_and_render_never_import_discord():
    bad = [str(p.relative_to(ROOT)) for d in ("table", "render", "engine") for p in (ROOT / d).rglob("*.py")
           if "discord" in imports(p)]
    assert bad == []


def test_every_error_code_raised_has_a_message():
    """Each ``SomeError("code", ...)`` in the code maps to a message in data/i18n/en.yaml."""
    from table.i18n import messages as all_messages

    messages = all_messages("en")
    pattern = re.compile(r'(?:IllegalAction|InvalidInput|NotAllowed|NotFound|GameError|StaleVersion)\(\s*"([a-z_]+\.[a-z_.]+)"')
    missing = set()
    for folder in ("engine", "table", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            missing |= {code for code in pattern.findall(path.read_text(encoding="utf-8")) if code not in messages}
    assert sorted(missing) == []
