"""Is the command tree Discord holds the one the bot would sync? (pure: JSON in, names out)

The local side is what ``CommandTree.sync`` would PUT; the remote side is what
``GET /applications/{id}[/guilds/{id}]/commands?with_localizations=true`` returns. Both go
through :func:`normalize`, which keeps only what a user can see or be refused by and fills
in the defaults either side may leave out, so an unchanged tree compares equal however
Discord echoes it back (ids, versions, ``options: []`` vs missing, ``required: false``
omitted, permissions as a string, ``null`` localizations ...).
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

JSON = dict[str, Any]
Key = tuple[int, str]  # (command type, name): a slash command and a context menu may share a name

OPTION_FIELDS = {  # field: default when absent or null
    "description": "", "required": False, "autocomplete": False,
    "min_value": None, "max_value": None, "min_length": None, "max_length": None,
}
# Global-only fields: Discord ignores them on guild commands. ``None`` locally means "Discord's
# default", which Discord fills in on its side (integration_types [0] or the app's setting), so
# they are compared only when the tree sets them.
GLOBAL_ONLY = ("contexts", "integration_types")


def _number(value: Any) -> Any:
    """1 and 1.0 are the same bound or choice (Discord may echo a number option either way)."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


def _localizations(value: Optional[dict]) -> dict:
    return dict(sorted((value or {}).items()))


def _choice(choice: JSON) -> JSON:
    return {"name": choice["name"], "value": _number(choice["value"]),
            "name_localizations": _localizations(choice.get("name_localizations"))}


def _option(option: JSON) -> JSON:
    out: JSON = {"type": option["type"], "name": option["name"],
                 "name_localizations": _localizations(option.get("name_localizations")),
                 "description_localizations": _localizations(option.get("description_localizations"))}
    for field, default in OPTION_FIELDS.items():
        value = option.get(field)
        out[field] = default if value is None else _number(value)
    out["choices"] = [_choice(c) for c in option.get("choices") or []]
    out["channel_types"] = sorted(option.get("channel_types") or [])
    out["options"] = [_option(o) for o in option.get("options") or []]
    return out


def normalize(command: JSON, *, is_global: bool, local: Optional[JSON] = None) -> JSON:
    """``command`` reduced to what matters, defaults filled in. For a remote command pass the
    local one of the same key as ``local``: global-only fields the tree leaves unset are dropped."""
    permissions = command.get("default_member_permissions")
    out: JSON = {
        "type": command.get("type") or 1, "name": command["name"], "description": command.get("description") or "",
        "name_localizations": _localizations(command.get("name_localizations")),
        "description_localizations": _localizations(command.get("description_localizations")),
        "options": [_option(o) for o in command.get("options") or []],
        "default_member_permissions": None if permissions is None else str(permissions),
        "nsfw": bool(command.get("nsfw")),
    }
    if is_global:
        dm_permission = command.get("dm_permission")
        out["dm_permission"] = True if dm_permission is None else bool(dm_permission)  # null means true
        reference = command if local is None else local
        for field in GLOBAL_ONLY:
            if reference.get(field) is not None:
                out[field] = sorted(command.get(field) or [])
    return out


def key(command: JSON) -> Key:
    return command.get("type") or 1, command["name"]


def label(k: Key) -> str:
    """A command's name for the log; context menus say which kind they are."""
    kind, name = k
    return name if kind == 1 else f"{name} ({'user' if kind == 2 else 'message'} menu)"


def diff(local: Iterable[JSON], remote: Iterable[JSON], *, is_global: bool) -> tuple[list[str], list[str], list[str]]:
    """(added, removed, changed) command names: empty lists when Discord has the tree already."""
    mine = {key(c): c for c in local}
    theirs = {key(c): c for c in remote}
    added = [label(k) for k in mine if k not in theirs]
    removed = [label(k) for k in theirs if k not in mine]
    changed = [label(k) for k in mine if k in theirs and normalize(mine[k], is_global=is_global)
               != normalize(theirs[k], is_global=is_global, local=mine[k])]
    return sorted(added), sorted(removed), sorted(changed)
