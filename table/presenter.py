"""The Presenter protocol: what a game says so that the table can play it, and the registry of presenters.

``GameSystem`` (engine/core/system.py) is a game's rules; its ``Presenter`` is its presentation:
the commands (which legal actions each offers, which option fills which action field), how an
action, a value and an event read in a language, the turn panel, the result, the board image and
the private view (a hand). Everything else — ``/<game> do`` with legal-only autocomplete and the
stale-choice check, buttons and select menus, the panel edited in place, reminders, undo with
consent, private events answered privately, the local table, Discord's size limits — is the generic
table's (``table/game_table.py``), the same for every game.

Every call receives a ``Scene``: one view of the match (``system.view(state, viewer)``), the players'
names by seat and the language to write in. A presenter may keep what it derives from a scene (its
own name lookups) in ``scene.memo``.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from engine.core.errors import NotFound
from table.commands import CommandSpec
from table.reply import Embed, Reply

JSON = dict[str, Any]


@dataclass(slots=True)
class Scene:
    """One view of a match, as a presenter reads it."""

    view: JSON
    """``system.view(state, viewer)``: what ``viewer`` may see. Its ``awaiting`` lists the seats the match
    waits for."""
    players: Mapping[str, str]
    """The players' display names by seat."""
    lang: str = "en"
    viewer: str | None = None
    """The seat the view was made for; None: everyone (a spectator)."""
    match_id: str = ""
    memo: dict[str, Any] = field(default_factory=dict)
    """The presenter's own cache for this scene."""
    outcome: Mapping[str, Any] | None = None
    """The match's outcome once it is over (a concession or an abandon included), None while it goes on: the last
    board shows the result."""

    @property
    def awaiting(self) -> list[str]:
        """The seats whose decision the match waits for."""
        return list(self.view.get("awaiting") or [])


@dataclass(frozen=True, slots=True)
class InfoCommand:
    """A game command that shows something and changes nothing (``/<game> coverage``)."""

    name: str
    description: str
    run: Callable[[str], Reply]
    """The reply, given the reader's language."""


@dataclass(frozen=True, slots=True)
class Window:
    """A moment the rules let a player answer out of turn (reveal a card, cast a counter) or let it pass.

    A presenter may say one is open with an optional ``window(scene, legal) -> Window | None`` (``scene`` seen
    by the seat, ``legal`` its legal actions). The table then draws a delay for it, whatever the seat holds,
    and past the delay plays ``answer`` for a seat that holds nothing, so a quick pass gives nothing away
    (``table/windows.py``).
    """

    seat: str
    answer: JSON
    """The action that lets the window pass (``{"type": "Skip"}``)."""
    holds: bool
    """Whether the seat has something to answer with: then it is asked, never passed for."""


@runtime_checkable
class Presenter(Protocol):
    """A game's presentation at the table.

    A presenter whose commands include a ``query`` spec (one that only reads the match, like a
    measurement) also has ``query(scene, name, values) -> Reply``: ``values`` are the options filled in,
    by action field, as typed; the reply goes to the asker only.
    """

    game: str
    """The key of the game system it presents (``SystemInfo.key``)."""
    command: str
    """The name of the game's command group: ``/<game> ...``."""
    description: str
    """One line describing the command group."""
    commands: Sequence[CommandSpec]
    """The game's commands besides the generic ones (``do``, ``board``, ``undo``, the private view)."""
    groups: Mapping[str, str]
    """Descriptions of sub-groups named by two-word commands (``setup`` → "Deployment choices")."""
    info_commands: Sequence[InfoCommand]
    private_command: str
    """The name of the command showing a player's private view (``hand``)."""
    private_fields: tuple[str, ...]
    """Action fields that name hidden things (a card in hand): such an action is never put on a
    button or a select menu that others see."""
    always_offered: tuple[str, ...]
    """Action types given a button even when a step has too many choices for a menu (``Pass``)."""

    def step(self, scene: Scene) -> str:
        """What the match waits for, in words (``place a fighter``)."""
        ...

    def action_label(self, scene: Scene, action: JSON, *, short: bool = False) -> str:
        """One action in words, at most 100 characters; ``short``: fit for a button (80)."""
        ...

    def value_label(self, scene: Scene, action: JSON, key: str) -> str:
        """The autocomplete label of one field of a legal action."""
        ...

    def resolve(self, scene: Scene, key: str, value: Any) -> Any:
        """A value typed by a player as the action field ``key`` wants it (a fighter's name as its id).

        :raises InvalidInput: when the value names nothing
        """
        ...

    def values(self, scene: Scene, key: str) -> list[tuple[str, str]]:
        """Labels and values for a field of a ``free`` command (a referee command's fighter)."""
        ...

    def event_lines(self, scene: Scene, events: Sequence[JSON]) -> list[str]:
        """The events in words, one line each (bookkeeping events skipped). The table passes only the
        events ``scene.viewer`` may see."""
        ...

    def embeds(self, scene: Scene, events: Sequence[JSON]) -> list[Embed]:
        """Embeds for what the events did (an attack's dice), beside the panel."""
        ...

    def panel(self, scene: Scene, mentions: Mapping[str, int], image: str | None) -> Embed:
        """The turn panel: whose decision, the step, the state at a glance (``image``: the board file)."""
        ...

    def result(self, scene: Scene, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
        """The end of the match: who won and how."""
        ...

    def board(self, scene: Scene, events: Sequence[JSON]) -> bytes | None:
        """The board as a PNG (with the last events drawn), or None when there is none yet; once the match is over
        (``scene.outcome``), with the result drawn on it (``render.kit.banner``)."""
        ...

    def board_description(self, scene: Scene, events: Sequence[JSON], outcome: Mapping[str, Any] | None) -> str:
        """The board in words, for a screen reader (Discord's alt text of the attachment): whose turn, what just
        happened (``events``, those ``scene.viewer`` may see), the score, the pieces in play; once the match is over
        (``outcome``: the match's outcome, None while it goes on), the result. Plain text within ``ALT_TEXT_LIMIT``
        (``alt_text``, ``embed_alt_text``)."""
        ...

    # Optional: ``board_key(scene, events) -> str | None``, a digest of exactly what ``board`` would draw (equal
    # digests, equal images), so a state that changes nothing drawn reuses the last image instead of drawing;
    # ``NO_BOARD`` when ``board`` would give None (nothing to draw yet: no board worker is asked); None when it
    # can't tell (the state is drawn).

    def private_label(self, lang: str) -> str:
        """The label of the button that shows a player their private view (``My hand``)."""
        ...

    def private_view(self, scene: Scene) -> Embed:
        """What only ``scene.viewer`` may see (their hand), for an ephemeral reply."""
        ...


def announcement(presenter: Presenter, scene: Scene, seat: str, action: Mapping[str, Any],
                 events: Sequence[Mapping[str, Any]]) -> str:
    """The public line naming what ``seat`` did, or "" when the action is a secret: one that names a hidden thing
    (the presenter's private fields, as on buttons), or whose events tell its player something privately (a secret
    choice is told by its public events only: "alice has chosen a warband"). The posts and the match log say it."""
    if not frozenset(presenter.private_fields).isdisjoint(action) or any(
            seat in (e.get("visible_to") or ()) for e in events):
        return ""
    return f"**{scene.players.get(seat, seat)}**: {presenter.action_label(scene, action, short=True)}"


ALT_TEXT_LIMIT = 1024
"""Discord's limit on an attachment's ``description`` (its alt text), in characters."""

_MENTION = re.compile(r"<@!?(\d+)>|<#\d+>")
_DECOR = re.compile(r"\*{1,3}|`|~~|\|\||[\u200d\ufe0f]")
_SPACES = re.compile(r"\s+")
_SILENT = {"So", "Cs", "Co"}
"""Unicode categories a screen reader would spell out as noise: pictographs (🏆, ▶, ⚔), not letters or arrows →."""


class _Audible(dict):
    """For ``str.translate``: each character a screen reader should hear kept, the ``_SILENT`` ones dropped; each
    character's category looked up once (a board's alt text reads thousands of characters every reply)."""

    def __missing__(self, code: int) -> int | None:
        kept = self[code] = None if unicodedata.category(chr(code)) in _SILENT else code
        return kept


_AUDIBLE = _Audible()
HAPPENED_LIMIT = 450
"""Room for what just happened, so that the score and the pieces still fit after a long turn."""


def plain(line: str, names: Mapping[int, str] | None = None) -> str:
    """A line of the table's Markdown as a screen reader should hear it: no emphasis marks or decorations, a user
    mention as the user's name (``names``, by id) or dropped."""
    if "<" in line:
        line = _MENTION.sub(lambda m: (names or {}).get(int(m[1]), "") if m[1] else "", line)
    line = _DECOR.sub("", line)
    if not line.isascii():
        line = line.translate(_AUDIBLE)  # emoji, arrows ▶
    return _SPACES.sub(" ", line).replace(" :", ":").replace(" ,", ",").strip(" ·,;:-")


def alt_text(*sections: str | Sequence[str], limit: int = ALT_TEXT_LIMIT) -> str:
    """Sentences from sections of lines, most important first, cut to ``limit`` characters at a word (the last
    sections are what goes when space runs out: put the pieces in play last)."""
    sentences = []
    for section in sections:
        for line in [section] if isinstance(section, str) else section:
            line = plain(str(line))
            if line:
                sentences.append(line if line[-1] in ".!?…" else line + ".")
    out = " ".join(sentences)
    if len(out) <= limit:
        return out
    cut = out[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:·") + "…"


def embed_lines(embed: Embed) -> list[str]:
    """An embed's text (title, description, each field as "name: value") as lines."""
    lines = [embed.title] if embed.title else []
    lines += (embed.description or "").splitlines()
    for f in embed.fields:
        values = [heard for heard in map(plain, (f.value or "").splitlines()) if heard]
        lines.append(f"{plain(f.name)}: {'; '.join(values)}" if values else f.name)
    return lines


def embed_alt_text(embed: Embed, happened: Sequence[str] = (), *more: Sequence[str]) -> str:
    """Alt text from a panel or result embed: its title and description (whose turn, or who won), then what
    ``happened``, then its fields (each side's score and pieces), then ``more``."""
    head = [embed.title] + (embed.description or "").splitlines()
    events = alt_text(happened, limit=HAPPENED_LIMIT)
    return alt_text(head, [events], embed_lines(replace(embed, title="", description="")), *more)


def with_result(png: bytes | None, result: Embed, game: str = "") -> bytes | None:
    """The match's last board: ``png`` with the result (``result``: the presenter's result embed, its title the
    winner, then the score and why it ended) drawn in a band above it (``render.kit.banner``)."""
    if not png:
        return png
    from render.kit.banner import with_result as banner

    lines = [plain(line) for line in embed_lines(replace(result, title=""))]
    return banner(png, plain(result.title), [line for line in lines if line], game=game)


def describe_board(presenter: "Presenter", scene: Scene, events: Sequence[JSON], ended: bool = False,
                   outcome: Mapping[str, Any] | None = None) -> str:
    """The board's alt text: the presenter's ``board_description``, or for a presenter without one, the words of
    its panel (or result) and of the events; never empty."""
    outcome = (outcome or {}) if ended else None
    describe = getattr(presenter, "board_description", None)
    if describe is not None:
        text = describe(scene, events, outcome)
    else:
        embed = presenter.result(scene, outcome, None) if ended else presenter.panel(scene, {}, None)
        text = embed_alt_text(embed, presenter.event_lines(scene, events))
    return text or alt_text(presenter.step(scene)) or presenter.game


NO_BOARD = ""
"""``board_key``'s answer when there is no board to draw (before a game's board exists)."""

_PRESENTERS: dict[str, Presenter] = {}


def register_presenter(presenter: Presenter) -> None:
    """Make a game playable at the table (its system must be registered too)."""
    _PRESENTERS[presenter.game] = presenter


def unregister_presenter(game: str) -> None:
    """Remove a presenter (tests that register their own)."""
    _PRESENTERS.pop(game, None)


def presenters() -> list[Presenter]:
    """Every registered presenter, by command name."""
    return sorted(_PRESENTERS.values(), key=lambda p: p.command)


def find_presenter(game: str) -> Presenter:
    """The presenter of a game.

    :raises NotFound: core.table.no_presenter
    """
    try:
        return _PRESENTERS[game]
    except KeyError:
        raise NotFound("core.table.no_presenter", game=game) from None
