"""Discord's own limits, as pure functions over the JSON payloads a bot sends.

Discord rejects (or silently mangles) payloads that break these rules, but only in
production; a local fake accepts anything unless it checks them. Every function here
returns a list of human-readable violations (empty means "Discord would accept it"),
so a test can simply ``assert check_command_tree(tree) == []``.

- :func:`check_command_tree`: application commands as sent to ``PUT .../commands``.
- :func:`check_message`: a message create/edit payload (content, embeds, components,
  mentions).
- :func:`check_autocomplete`: the choices of an autocomplete answer.
- :func:`check_modal`: a modal (interaction callback type 9).

>>> [v.split(":")[1].strip()[:20] for v in check_command_tree([{"name": "Roll", "description": ""}])]
['name must match ^[-_', 'description must be ']
>>> check_message({"content": "x" * 2001})
['content is 2001 characters (max 2000)']
"""
from __future__ import annotations

import re
from typing import Any, Iterable

JSON = dict[str, Any]

# --- application commands -------------------------------------------------------------

NAME_RE = re.compile(r"^[-_\w]{1,32}$")
MAX_GLOBAL_CHAT_COMMANDS = 100
MAX_CONTEXT_MENUS = 15          # per type (user / message), global
MAX_OPTIONS = 25                # options, subcommands or groups on one level
MAX_CHOICES = 25
MAX_COMMAND_CHARS = 4000

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
CHAT_INPUT, USER_MENU, MESSAGE_MENU = 1, 2, 3


def _localized(value: str | None, localizations: dict | None) -> int:
    """A field's characters as Discord counts them: only the longest of its default value and
    its localizations (not their sum).

    >>> _localized("Roll dice", {"es-ES": "Tira dados", "es-419": "Tira dados"})
    10
    """
    return max([len(value or "")] + [len(v or "") for v in (localizations or {}).values()])


def _command_chars(node: JSON) -> int:
    """Characters counted against the 4000 limit: names, descriptions, choice names and
    values over the whole command, each field by its longest localization."""
    total = _localized(node.get("name"), node.get("name_localizations"))
    total += _localized(node.get("description"), node.get("description_localizations"))
    for choice in node.get("choices") or []:
        total += _localized(choice.get("name"), choice.get("name_localizations"))
        total += len(str(choice.get("value", "")))
    for option in node.get("options") or []:
        total += _command_chars(option)
    return total


def _check_name_desc(where: str, node: JSON, *, chat: bool, out: list[str]) -> None:
    name = node.get("name") or ""
    if chat:
        if not NAME_RE.match(name) or name != name.lower():
            out.append(f"{where}: name must match ^[-_\\w]{{1,32}}$ and be lowercase")
        desc = node.get("description") or ""
        if not 1 <= len(desc) <= 100:
            out.append(f"{where}: description must be 1-100 characters (got {len(desc)})")
    else:
        if not 1 <= len(name) <= 32:
            out.append(f"{where}: context menu name must be 1-32 characters (got {len(name)})")
        if node.get("description"):
            out.append(f"{where}: context menu commands must have an empty description")
    for locale, value in (node.get("name_localizations") or {}).items():
        if chat and (not NAME_RE.match(value or "") or value != value.lower()):
            out.append(f"{where}: name localization {locale!r} is not a valid name")
    for locale, value in (node.get("description_localizations") or {}).items():
        if chat and not 1 <= len(value or "") <= 100:
            out.append(f"{where}: description localization {locale!r} must be 1-100 characters")


def _check_options(where: str, options: list[JSON], *, depth: int, out: list[str]) -> None:
    if len(options) > MAX_OPTIONS:
        out.append(f"{where}: {len(options)} options/subcommands (max {MAX_OPTIONS})")
    names = [o.get("name") for o in options]
    for dup in sorted({n for n in names if names.count(n) > 1}):
        out.append(f"{where}: duplicate option name {dup!r}")
    subs = [o for o in options if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs and len(subs) != len(options):
        out.append(f"{where}: subcommands/groups cannot be mixed with plain options")
    seen_optional = False
    for opt in options:
        here = f"{where} > {opt.get('name')!r}"
        _check_name_desc(here, opt, chat=True, out=out)
        kind = opt.get("type")
        if kind == SUB_COMMAND_GROUP:
            if depth >= 1:
                out.append(f"{here}: subcommand groups can only be nested one level deep")
            for child in opt.get("options") or []:
                if child.get("type") != SUB_COMMAND:
                    out.append(f"{here}: a subcommand group can only contain subcommands")
            _check_options(here, opt.get("options") or [], depth=depth + 1, out=out)
        elif kind == SUB_COMMAND:
            _check_options(here, opt.get("options") or [], depth=depth + 1, out=out)
        else:
            if opt.get("required"):
                if seen_optional:
                    out.append(f"{here}: required option after an optional one")
            else:
                seen_optional = True
            choices = opt.get("choices") or []
            if len(choices) > MAX_CHOICES:
                out.append(f"{here}: {len(choices)} choices (max {MAX_CHOICES})")
            if choices and opt.get("autocomplete"):
                out.append(f"{here}: autocomplete cannot be combined with choices")
            for choice in choices:
                cname = choice.get("name") or ""
                if not 1 <= len(cname) <= 100:
                    out.append(f"{here}: choice name {cname[:30]!r} must be 1-100 characters")
                value = choice.get("value")
                if isinstance(value, str) and len(value) > 100:
                    out.append(f"{here}: choice value {value[:30]!r}... longer than 100 characters")


def check_command_tree(synced_commands: Iterable[JSON], *, is_global: bool = True) -> list[str]:
    """Every violation of Discord's application-command limits in a synced command list.

    ``synced_commands`` is the JSON list a bot PUTs to ``/applications/{app}/commands``
    (or a guild's commands with ``is_global=False``; the same per-command limits apply,
    and a guild also holds at most 100 chat-input commands).
    """
    commands = list(synced_commands)
    out: list[str] = []
    by_type: dict[int, list[str]] = {}
    for cmd in commands:
        kind = cmd.get("type", CHAT_INPUT)
        by_type.setdefault(kind, []).append(cmd.get("name"))
        where = f"command {cmd.get('name')!r}"
        _check_name_desc(where, cmd, chat=kind == CHAT_INPUT, out=out)
        if kind == CHAT_INPUT:
            _check_options(where, cmd.get("options") or [], depth=0, out=out)
        elif cmd.get("options"):
            out.append(f"{where}: context menu commands cannot have options")
        chars = _command_chars(cmd)
        if chars > MAX_COMMAND_CHARS:
            out.append(f"{where}: {chars} characters in names/descriptions/choices (max {MAX_COMMAND_CHARS})")
    for kind, names in by_type.items():
        for dup in sorted({n for n in names if names.count(n) > 1}):
            out.append(f"command {dup!r}: duplicate name for command type {kind}")
    chat = len(by_type.get(CHAT_INPUT, []))
    if chat > MAX_GLOBAL_CHAT_COMMANDS:
        out.append(f"{chat} chat-input commands (max {MAX_GLOBAL_CHAT_COMMANDS} {'global' if is_global else 'per guild'})")
    for kind in (USER_MENU, MESSAGE_MENU):
        n = len(by_type.get(kind, []))
        if n > MAX_CONTEXT_MENUS:
            out.append(f"{n} context menu commands of type {kind} (max {MAX_CONTEXT_MENUS})")
    return out


# --- messages ---------------------------------------------------------------------------

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_ATTACHMENT_DESCRIPTION = 1024
"""An attachment's description: its alt text."""
EMBED_TOTAL = 6000
EPHEMERAL, COMPONENTS_V2 = 1 << 6, 1 << 15
_EMBED_TEXT_LIMITS = (("title", 256), ("description", 4096))
MENTION_EVERYONE_RE = re.compile(r"@(everyone|here)\b")
ROLE_MENTION_RE = re.compile(r"<@&(\d+)>")


def _embed_violations(i: int, embed: JSON, out: list[str]) -> int:
    where = f"embed[{i}]"
    total = 0
    for key, limit in _EMBED_TEXT_LIMITS:
        text = embed.get(key) or ""
        total += len(text)
        if len(text) > limit:
            out.append(f"{where}.{key} is {len(text)} characters (max {limit})")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        out.append(f"{where} has {len(fields)} fields (max 25)")
    for j, field in enumerate(fields):
        name, value = str(field.get("name") or ""), str(field.get("value") or "")
        total += len(name) + len(value)
        if not name or len(name) > 256:
            out.append(f"{where}.fields[{j}].name is {len(name)} characters (must be 1-256)")
        if not value or len(value) > 1024:
            out.append(f"{where}.fields[{j}].value is {len(value)} characters (must be 1-1024)")
    footer = (embed.get("footer") or {}).get("text") or ""
    total += len(footer)
    if len(footer) > 2048:
        out.append(f"{where}.footer.text is {len(footer)} characters (max 2048)")
    author = (embed.get("author") or {}).get("name") or ""
    total += len(author)
    if len(author) > 256:
        out.append(f"{where}.author.name is {len(author)} characters (max 256)")
    return total


def _walk_components(components: list[JSON]) -> Iterable[JSON]:
    for comp in components or []:
        yield comp
        yield from _walk_components(comp.get("components") or [])
        if isinstance(comp.get("component"), dict):       # label (type 18)
            yield from _walk_components([comp["component"]])
        if isinstance(comp.get("accessory"), dict):       # section (type 9)
            yield from _walk_components([comp["accessory"]])


def _component_violations(components: list[JSON], *, v2: bool, out: list[str]) -> None:
    if not v2:
        if len(components) > 5:
            out.append(f"{len(components)} action rows (max 5)")
        for r, row in enumerate(components):
            if row.get("type") != 1:
                out.append(f"components[{r}] is type {row.get('type')}, top level must be action rows (type 1)"
                           " unless the IS_COMPONENTS_V2 flag is set")
                continue
            children = row.get("components") or []
            if not children:
                out.append(f"action row {r} is empty")
            buttons = [c for c in children if c.get("type") == 2]
            if len(buttons) > 5:
                out.append(f"action row {r} has {len(buttons)} buttons (max 5)")
            if len(children) > 1 and len(buttons) != len(children):
                out.append(f"action row {r}: a select menu must be alone in its row")
    else:
        count = sum(1 for _ in _walk_components(components))
        if count > 40:
            out.append(f"{count} components (max 40 with IS_COMPONENTS_V2)")
    custom_ids: list[str] = []
    for comp in _walk_components(components):
        kind = comp.get("type")
        cid = comp.get("custom_id")
        if cid is not None:
            custom_ids.append(cid)
            if not 1 <= len(cid) <= 100:
                out.append(f"custom_id {cid[:40]!r} is {len(cid)} characters (must be 1-100)")
        if kind == 2:
            label = comp.get("label") or ""
            if len(label) > 80:
                out.append(f"button label {label[:40]!r}... is {len(label)} characters (max 80)")
            if comp.get("style") == 5:
                if not comp.get("url") or cid is not None:
                    out.append("link button needs a url and no custom_id")
            elif comp.get("style") != 6 and cid is None:
                out.append(f"button {label!r} needs a custom_id")
            if not label and not comp.get("emoji"):
                out.append("button needs a label or an emoji")
        elif kind in (3, 5, 6, 7, 8):
            opts = comp.get("options") or []
            if kind == 3 and not 1 <= len(opts) <= 25:
                out.append(f"select {cid!r} has {len(opts)} options (must be 1-25)")
            if len(comp.get("placeholder") or "") > 150:
                out.append(f"select {cid!r} placeholder longer than 150 characters")
            for opt in opts:
                for key in ("label", "value", "description"):
                    if len(opt.get(key) or "") > 100:
                        out.append(f"select {cid!r} option {key} longer than 100 characters")
        elif kind == 10 and len(comp.get("content") or "") > 4000:
            out.append("text display longer than 4000 characters")
    for dup in sorted({c for c in custom_ids if custom_ids.count(c) > 1}):
        out.append(f"custom_id {dup!r} used twice in one message")


def mention_violations(payload: JSON) -> list[str]:
    """Content that would ping @everyone/@here or a role because ``allowed_mentions``
    does not forbid it (a missing ``allowed_mentions`` means Discord parses everything)."""
    content = payload.get("content") or ""
    allowed = payload.get("allowed_mentions")
    parse = set(allowed.get("parse") or []) if allowed is not None else {"everyone", "roles", "users"}
    out: list[str] = []
    if MENTION_EVERYONE_RE.search(content) and "everyone" in parse:
        out.append("content mentions @everyone/@here and allowed_mentions does not forbid it")
    roles = ROLE_MENTION_RE.findall(content)
    allowed_roles = {str(r) for r in (allowed or {}).get("roles") or []}
    if roles and ("roles" in parse or any(r in allowed_roles for r in roles)):
        out.append("content mentions a role and allowed_mentions does not forbid it")
    return out


def check_message(payload: JSON, *, mentions: bool = True) -> list[str]:
    """Violations of Discord's message limits in a create/edit payload (only the keys
    present are checked, as for a PATCH). ``mentions=False`` skips the ping check
    (edits never ping)."""
    out: list[str] = []
    flags = payload.get("flags") or 0
    v2 = bool(flags & COMPONENTS_V2)
    content = payload.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        out.append(f"content is {len(str(content))} characters (max {MAX_CONTENT})")
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        out.append(f"{len(embeds)} embeds (max {MAX_EMBEDS})")
    total = sum(_embed_violations(i, e, out) for i, e in enumerate(embeds))
    if total > EMBED_TOTAL:
        out.append(f"embeds total {total} characters (max {EMBED_TOTAL})")
    if v2 and (content or embeds):
        out.append("IS_COMPONENTS_V2 messages cannot have content or embeds")
    if payload.get("components") is not None:
        _component_violations(payload["components"], v2=v2, out=out)
    for i, attachment in enumerate(payload.get("attachments") or []):
        description = attachment.get("description") or ""
        if len(description) > MAX_ATTACHMENT_DESCRIPTION:
            out.append(f"attachments[{i}].description is {len(description)} characters "
                       f"(max {MAX_ATTACHMENT_DESCRIPTION})")
    if mentions:
        out.extend(mention_violations(payload))
    return out


BOARD_FILE = re.compile(r"^board[^/]*\.png$")
"""A board image's attachment name (the table's ``BOARD_FILE``)."""


def board_problems(messages: Iterable[tuple[list[JSON], list[JSON]]]) -> list[str]:
    """Boards not posted as the table promises, in messages given as (attachments, embeds): every board is an
    attachment of its own with a non-empty description (its alt text) within Discord's limit, and no embed shows
    a board (Discord's phone clients crop embed images, and an embed image has no alt text)."""
    out = []
    for n, (attachments, embeds) in enumerate(messages):
        for a in attachments:
            if BOARD_FILE.match(a.get("filename") or ""):
                description = a.get("description") or ""
                if not description.strip():
                    out.append(f"message {n}: board {a['filename']} has no description (alt text)")
                elif len(description) > MAX_ATTACHMENT_DESCRIPTION:
                    out.append(f"message {n}: board {a['filename']} description is {len(description)} characters")
        for e in embeds:
            url = str((e.get("image") or {}).get("url") or "") + str((e.get("thumbnail") or {}).get("url") or "")
            if "attachment://board" in url:
                out.append(f"message {n}: an embed shows the board ({url})")
    return out


def boards_posted(messages: Iterable[tuple[list[JSON], list[JSON]]]) -> list[JSON]:
    """The board attachments of messages given as (attachments, embeds)."""
    return [a for attachments, _ in messages for a in attachments if BOARD_FILE.match(a.get("filename") or "")]


def check_autocomplete(choices: list[JSON]) -> list[str]:
    """Violations in an autocomplete answer (callback type 8)."""
    out = []
    if len(choices) > MAX_CHOICES:
        out.append(f"autocomplete returned {len(choices)} choices (max {MAX_CHOICES})")
    for c in choices:
        name, value = c.get("name") or "", c.get("value")
        if not 1 <= len(name) <= 100:
            out.append(f"autocomplete choice name {name[:30]!r} must be 1-100 characters")
        if isinstance(value, str) and len(value) > 100:
            out.append(f"autocomplete choice value {value[:30]!r}... longer than 100 characters")
    return out


def check_modal(data: JSON) -> list[str]:
    """Violations in a modal (callback type 9)."""
    out = []
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        out.append(f"modal title must be 1-45 characters (got {len(title)})")
    cid = data.get("custom_id") or ""
    if not 1 <= len(cid) <= 100:
        out.append(f"modal custom_id must be 1-100 characters (got {len(cid)})")
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        out.append(f"modal has {len(comps)} top-level components (must be 1-5)")
    for comp in _walk_components(comps):
        if comp.get("type") == 4 and len(comp.get("label") or "") > 45:
            out.append("text input label longer than 45 characters")
    return out
