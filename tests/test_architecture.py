"""The layers' arrows point one way (DESIGN.md): the engine is pure, cogs never touch Redis."""
from __future__ import annotations

import ast
import re
from collections import deque
from collections.abc import Iterable
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


# -- import cycles -------------------------------------------------------------------------------------------------

PROJECT_FOLDERS = ("engine", "table", "render", "cogs", "bench", "data", "tests")
PROJECT_SCRIPTS = ("bot.py",)



def module_name(root: Path, path: Path) -> str:
    """``engine/underworlds/flow.py`` -> ``engine.underworlds.flow``; ``pkg/__init__.py`` -> ``pkg``."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.ImportFrom, package: str) -> str:
    """The absolute module an ``ImportFrom`` names, a relative one resolved against the file's package."""
    if not node.level:
        return node.module or ""
    parts = package.split(".") if package else []
    parts = parts[:max(0, len(parts) - node.level + 1)]
    return ".".join([*parts, *([node.module] if node.module else [])])


def import_graph(root: Path = ROOT, folders: Iterable[str] = PROJECT_FOLDERS,
                 scripts: Iterable[str] = PROJECT_SCRIPTS) -> dict[str, set[str]]:
    """Project module -> the project modules it imports, from every import statement anywhere in the file
    (module level, in functions, under ``if TYPE_CHECKING:``). ``from pkg import name`` is an edge to
    ``pkg.name`` when that is a project module, else to ``pkg``; no implicit edge to parent packages."""
    files = {module_name(root, p): p for folder in folders for p in sorted((root / folder).rglob("*.py"))}
    files.update({module_name(root, root / s): root / s for s in scripts if (root / s).exists()})
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = _imported(node, package)
                targets |= {f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names}
        graph[name] = targets & files.keys()
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iterative (no recursion limit), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> tuple[str, Iterable[str]]:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        return node, iter(sorted(graph.get(node, ())))

    for root in sorted(graph):
        if root in index:
            continue
        work = [visit(root)]
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    work.append(visit(nxt))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:  # every successor done: close the node
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while not component or component[-1] != node:
                        component.append(stack.pop())
                        on_stack.discard(component[-1])
                    components.append(sorted(component))
    return components


def _path(graph: dict[str, set[str]], inside: set[str], source: str, targets: set[str]) -> list[str]:
    """A shortest path of one edge or more from ``source`` to one of ``targets``, staying ``inside``."""
    came_from: dict[str, str] = {}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph[node] & inside):
            if nxt in targets:
                path = [nxt, node]
                while path[-1] != source:
                    path.append(came_from[path[-1]])
                return path[::-1]
            if nxt not in came_from:
                came_from[nxt] = node
                queue.append(nxt)
    raise ValueError(f"no path from {source} to {sorted(targets)}")


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle (a strongly connected component of two or more modules, or a module importing
    itself), as a walk through its modules that follows the imports and comes back to the first: a -> b -> a."""
    cycles = []
    for members in strongly_connected(graph):
        first = members[0]
        if len(members) == 1 and first not in graph[first]:
            continue
        inside, walk = set(members), [first]
        while unseen := inside - set(walk):
            walk += _path(graph, inside, walk[-1], unseen)[1:]
        cycles.append(walk + _path(graph, inside, walk[-1], {first})[1:])
    return sorted(cycles)


def test_cycle_finder_finds_a_known_cycle_and_passes_an_acyclic_graph():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}, "f": {"a", "g"}, "g": {"f"}}
    assert import_cycles(graph) == [["a", "b", "c", "a"], ["e", "e"], ["f", "g", "f"]]
    assert import_cycles({"a": {"b", "c"}, "b": {"c"}, "c": set(), "d": {"a"}}) == []
    # Two circles sharing a module: one walk shows every member.
    assert import_cycles({"a": {"b", "c"}, "b": {"a"}, "c": {"a"}}) == [["a", "b", "a", "c", "a"]]


def test_import_graph_counts_every_import_statement(tmp_path):
    files = {
        "pkg/__init__.py": "from . import mod\n",
        "pkg/mod.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import helper\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/helper.py": "def f():\n    from ..mod import thing\n    import pkg.other, os\n",
        "pkg/other.py": "from pkg import sub\nfrom pkg import VERSION\n",
        "main.py": "import pkg.sub.helper as h\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert import_graph(tmp_path, ("pkg",), ("main.py",)) == {
        "pkg": {"pkg.mod"}, "pkg.mod": {"pkg.sub.helper"}, "pkg.sub": set(),
        "pkg.sub.helper": {"pkg.mod", "pkg.other"}, "pkg.other": {"pkg.sub", "pkg"}, "main": {"pkg.sub.helper"},
    }


def test_no_import_cycles():
    """Dependencies flow one way inside each package: no module imports itself back, even lazily."""
    cycles = import_cycles(import_graph())
    assert cycles == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)
