"""Read the "# rulebook: ..." and "# training value" comments of a pack YAML, by value path."""
from __future__ import annotations

import yaml

RULEBOOK = "# rulebook: "
TRAINING = "# training value"


def scalar_lines(text: str) -> dict[str, int]:
    """Every scalar value's path (notation of ``unknowns``) and its 0-based line."""
    found: dict[str, int] = {}

    def walk(node: yaml.Node, path: str) -> None:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(value, f"{path}.{key.value}" if path else key.value)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                walk(item, f"{path}[{i}]")
        else:
            found[path] = node.start_mark.line

    walk(yaml.compose(text), "")
    return found


def marks(text: str) -> tuple[list[str], dict[str, str]]:
    """(paths marked "# training value", {path: citation} of paths marked "# rulebook: ..."); paths in
    ``entries``, without that prefix, as ``training_values`` writes them."""
    lines = text.splitlines()
    training: list[str] = []
    sources: dict[str, str] = {}
    for path, line in scalar_lines(text).items():
        path = path.removeprefix("entries.")
        comment = lines[line].partition("  # ")[2]
        if ("# " + comment).startswith(TRAINING):
            training.append(path)
        elif ("# " + comment).startswith(RULEBOOK):
            sources[path] = comment[len(RULEBOOK) - 2:]
    return training, sources
