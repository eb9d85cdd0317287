"""Every outgoing message within Discord's limits, by construction: :func:`fit`.

The table builds replies from user input and game data of any length (display names, dice
expressions, card texts, long logs). Discord refuses a whole message that breaks one limit, so
the Discord adapter and the local table pass every ``Reply`` through :func:`fit`, which shortens,
folds or drops what does not fit and never fails. The limits are those checked by
``tests/discord/limits.py``, and characters are counted the same way: Python ``len``, one per
Unicode code point.

What happens to each part:

- **Texts** too long keep their start and end with "…"; content, descriptions and field values
  are cut at a line break when one falls in the last fifth of the room (see :func:`shorten`).
  A cut inside a ```` ``` ```` block closes the block.
- **Content** over 2,000 characters is shortened, not split over several messages: the lead
  message's channel is not known here (``posts`` need one), an ephemeral answer cannot be
  continued in the channel, and the table's long texts (logs, breakdowns) read fine cut.
- **Embed fields**: an empty name becomes a zero-width space, an empty value "—" (Discord refuses
  both); beyond 25 fields, the 24 first stay and the rest are folded into a last field
  "… N more" whose value lists them as ``name: value`` (shortened like any value).
- **Embeds**: the first 10 stay. When a message's embed texts exceed 6,000 characters together,
  the longest descriptions and field values are cut first, to a common length; only if that is
  not enough are titles, field names and footers cut too.
- **Components**: menus come first, one row each (at most 5), then buttons, 5 per row, in the rows
  left. **The first ones are kept and the rest dropped**: the table lists the most important
  choices first. A menu keeps its first 25 options; an option whose value is empty or repeats an
  earlier one's is dropped; a menu left with no option is dropped. A component whose custom id is
  empty or repeats an earlier one's is dropped (pressing it could not be routed). Ids and option
  values are routing data, so they are cut to 100 characters without an ellipsis.
- **Files**: the first 10 stay.
- A message with nothing to show gets "—" as content (Discord refuses an empty message).
- ``posts`` are fitted the same way.

>>> fit(Reply(content="x" * 2500)).content[-3:], len(fit(Reply(content="x" * 2500)).content)
('xx…', 2000)
>>> reply = Reply(content="ok")
>>> fit(reply) is reply
True
"""
from __future__ import annotations

from dataclasses import replace

from table.reply import Button, Embed, Field, File, MenuOption, Reply, Select

ELLIPSIS = "…"
BLANK_NAME = "\u200b"
"""A field name that shows nothing (Discord refuses an empty one)."""
EMPTY_VALUE = "—"
"""What an empty field value, button label or option label shows (Discord refuses empty ones)."""

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_TITLE = 256
MAX_DESCRIPTION = 4096
MAX_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_ROWS = 5
BUTTONS_PER_ROW = 5
MAX_LABEL = 80
MAX_PLACEHOLDER = 150
MAX_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_CUSTOM_ID = 100
MAX_FILES = 10
MAX_FILE_DESCRIPTION = 1024
"""An attachment's description (alt text)."""

FENCE = "```"
LINE_CUT = 0.8
"""A line break is preferred as the cut when it keeps at least this share of the room."""


def fit(reply: Reply) -> Reply:
    """``reply`` as Discord accepts it: the same object when it already fits, else a fitted copy.

    Pure: ``reply`` is never changed. See the module docstring for what is cut or dropped.
    """
    selects, buttons = fit_components(reply.selects, reply.buttons)
    fitted = replace(reply, content=shorten(reply.content, MAX_CONTENT, lines=True),
                     embeds=fit_embeds(reply.embeds), files=fit_files(reply.files),
                     selects=selects, buttons=buttons, mentions=list(reply.mentions),
                     posts=[(channel, fit(post)) for channel, post in reply.posts])
    if is_empty(fitted):
        fitted.content = EMPTY_VALUE
    return reply if fitted == reply else fitted


def fit_files(files: list[File]) -> list[File]:
    """At most ``MAX_FILES`` attachments, each description within ``MAX_FILE_DESCRIPTION``."""
    return [f if len(f.description) <= MAX_FILE_DESCRIPTION else replace(f, description=shorten(
        f.description, MAX_FILE_DESCRIPTION)) for f in files[:MAX_FILES]]


def is_empty(reply: Reply) -> bool:
    """True when Discord would see nothing to show (it strips blank content)."""
    return not (reply.content.strip() or reply.embeds or reply.files or reply.buttons or reply.selects)


# texts ---------------------------------------------------------------------------------------------
def shorten(text: str, limit: int, *, lines: bool = False) -> str:
    """``text`` when it has at most ``limit`` characters, else its start ending with "…".

    With ``lines``, the cut is at a line break when that keeps at least 80% of the room (the "…"
    then stands on a line of its own). A cut inside a ```` ``` ```` code block closes the block.

    >>> shorten("abcdef", 4)
    'abc…'
    >>> shorten("line one\\nline two", 10, lines=True)
    'line one\\n…'
    >>> shorten("```\\n" + "x" * 50 + "\\n```", 20)
    '```\\nxxxxxxxxxxx…\\n```'
    """
    if len(text) <= limit:
        return text
    if limit < 1:
        return ""
    head = start_of(text, limit - len(ELLIPSIS), lines)
    closing = "\n" + FENCE
    if head.count(FENCE) % 2 and limit > len(ELLIPSIS + closing + FENCE):
        head = start_of(text, limit - len(ELLIPSIS + closing), lines)
        if head.count(FENCE) % 2:
            return head + ELLIPSIS + closing
    return head + ELLIPSIS


def start_of(text: str, room: int, lines: bool) -> str:
    """The first ``room`` characters of ``text`` (at most), ending at a line break when ``lines`` and one is near."""
    head = text[:room]
    if lines:
        cut = head.rfind("\n")
        if cut >= LINE_CUT * room:
            return head[:cut + 1]
    return head.rstrip()


def cut_id(text: str, limit: int = MAX_CUSTOM_ID) -> str:
    """An id or option value cut to ``limit`` characters (no ellipsis: it is data, not words)."""
    return text[:limit]


# embeds --------------------------------------------------------------------------------------------
def fit_embeds(embeds: list[Embed]) -> list[Embed]:
    """The first 10 embeds, each fitted, their texts together within 6,000 characters."""
    return fit_embed_total([fit_embed(e) for e in embeds[:MAX_EMBEDS]])


def fit_embed(embed: Embed) -> Embed:
    """One embed within its own limits (title, description, fields, footer)."""
    return replace(embed, title=shorten(embed.title, MAX_TITLE),
                   description=shorten(embed.description, MAX_DESCRIPTION, lines=True),
                   fields=fold_fields([fit_field(f) for f in embed.fields]),
                   footer=shorten(embed.footer, MAX_FOOTER))


def fit_field(field: Field) -> Field:
    """A field with a name and a value Discord accepts: not blank, not too long."""
    name = shorten(field.name, MAX_FIELD_NAME) if field.name.strip() else BLANK_NAME
    value = shorten(field.value, MAX_FIELD_VALUE, lines=True) if field.value.strip() else EMPTY_VALUE
    return replace(field, name=name, value=value)


def fold_fields(fields: list[Field]) -> list[Field]:
    """At most 25 fields: beyond that, the last ones folded into one field "… N more"."""
    if len(fields) <= MAX_FIELDS:
        return fields
    kept, rest = fields[:MAX_FIELDS - 1], fields[MAX_FIELDS - 1:]
    listed = "\n".join(f"{f.name}: {f.value}" for f in rest)
    return [*kept, Field(f"{ELLIPSIS} {len(rest)} more", shorten(listed, MAX_FIELD_VALUE, lines=True), False)]


def embed_texts(embed: Embed) -> list[str]:
    """Every text of an embed that counts towards the 6,000 characters of a message."""
    return [embed.title, embed.description, *(f.name for f in embed.fields), *(f.value for f in embed.fields),
            embed.footer]


def embed_chars(embeds: list[Embed]) -> int:
    """The characters Discord counts against the 6,000 of a message."""
    return sum(len(text) for e in embeds for text in embed_texts(e))


def fit_embed_total(embeds: list[Embed]) -> list[Embed]:
    """Embeds whose texts total at most 6,000 characters, the longest texts cut first.

    Descriptions and field values are cut to a common length first; titles, field names and
    footers only when the rest alone is over the limit.
    """
    if embed_chars(embeds) <= MAX_EMBED_TOTAL:
        return embeds
    fixed = sum(len(e.title) + len(e.footer) + sum(len(f.name) for f in e.fields) for e in embeds)
    bodies = [len(e.description) for e in embeds] + [len(f.value) for e in embeds for f in e.fields]
    cap = common_cap(bodies, MAX_EMBED_TOTAL - fixed)
    if cap >= 1:
        return [cap_bodies(e, cap) for e in embeds]
    cap = common_cap([len(t) for e in embeds for t in embed_texts(e)], MAX_EMBED_TOTAL)
    return [cap_everything(e, cap) for e in embeds]


def common_cap(lengths: list[int], budget: int) -> int:
    """The largest ``cap`` with ``sum(min(n, cap) for n in lengths) <= budget`` (-1 if none).

    >>> common_cap([10, 50, 100], 100)
    45
    """
    if budget < 0:
        return -1
    left = budget
    ordered = sorted(lengths)
    for i, n in enumerate(ordered):
        others = len(ordered) - i
        if n * others > left:
            return left // others
        left -= n
    return max(ordered, default=0)


def cap_bodies(embed: Embed, cap: int) -> Embed:
    """An embed whose description and field values have at most ``cap`` characters."""
    return replace(embed, description=shorten(embed.description, cap, lines=True),
                   fields=[replace(f, value=shorten(f.value, cap, lines=True)) for f in embed.fields])


def cap_everything(embed: Embed, cap: int) -> Embed:
    """An embed whose every text has at most ``cap`` characters (``cap`` is at least 1 here)."""
    return replace(embed, title=shorten(embed.title, cap), description=shorten(embed.description, cap, lines=True),
                   fields=[replace(f, name=shorten(f.name, cap), value=shorten(f.value, cap, lines=True))
                           for f in embed.fields],
                   footer=shorten(embed.footer, cap))


# components ----------------------------------------------------------------------------------------
def fit_components(selects: list[Select], buttons: list[Button]) -> tuple[list[Select], list[Button]]:
    """The menus and buttons that fit in 5 rows, each fitted; the first ones are kept.

    Menus come first (one row each, as the adapter lays them out above the buttons), then
    buttons, 5 per row in the rows left. A component whose custom id is empty or already used
    in the message is dropped.
    """
    used: set[str] = set()
    menus: list[Select] = []
    for select in selects:
        menu = fit_select(select)
        if len(menus) < MAX_ROWS and menu.options and fresh_id(menu.custom_id, used):
            menus.append(menu)
    room = BUTTONS_PER_ROW * (MAX_ROWS - len(menus))
    kept: list[Button] = []
    for button in buttons:
        button = fit_button(button)
        if len(kept) < room and fresh_id(button.custom_id, used):
            kept.append(button)
    return menus, kept


def fresh_id(custom_id: str, used: set[str]) -> bool:
    """True (and ``custom_id`` now taken) when the id is not empty and not used yet in the message."""
    if not custom_id or custom_id in used:
        return False
    used.add(custom_id)
    return True


def fit_button(button: Button) -> Button:
    """A button with a label of 1-80 characters and a custom id of at most 100."""
    label = shorten(button.label, MAX_LABEL) if button.label.strip() else EMPTY_VALUE
    return replace(button, label=label, custom_id=cut_id(button.custom_id))


def fit_select(select: Select) -> Select:
    """A menu with a placeholder of at most 150 characters and its first 25 options of distinct values."""
    options: list[MenuOption] = []
    values: set[str] = set()
    for option in select.options:
        option = fit_option(option)
        if len(options) < MAX_OPTIONS and option.value and option.value not in values:
            values.add(option.value)
            options.append(option)
    return replace(select, custom_id=cut_id(select.custom_id), placeholder=shorten(select.placeholder, MAX_PLACEHOLDER),
                   options=options)


def fit_option(option: MenuOption) -> MenuOption:
    """An option with a label of 1-100 characters, a value and a description of at most 100."""
    label = shorten(option.label, MAX_OPTION_TEXT) if option.label.strip() else EMPTY_VALUE
    return replace(option, label=label, value=cut_id(option.value, MAX_OPTION_TEXT),
                   description=shorten(option.description, MAX_OPTION_TEXT))
