"""Any game at the table: its commands, choices, buttons, menus, panel and private replies.

A ``GameTable`` plays one game through its ``GameSystem`` (the rules) and its ``Presenter`` (the
words and pictures). Every action goes through ``Table.act`` (compare-and-set, logged with its
draws). The reply is built only from ``system.view``: the board, the turn panel with the choices
that fit on buttons or in a select menu, what happened, the result. Hidden information: a private
view is only sent in an ephemeral reply; an action with private events (a secret choice, cards
drawn) is answered to its player ephemerally, and its public half is posted to the match thread.
"""
from __future__ import annotations

import asyncio
import re
import time
from typing import Any, Awaitable, Hashable, Mapping, Sequence

from engine.core import system as systems
from engine.core.errors import GameError, IllegalAction, InvalidInput, NotAllowed
from render.kit.cache import ByteCache
from table import practice
from table.commands import CommandSpec
from table.context import Context
from table.display import Display
from table.i18n import message
from table.lifecycle import Table
from table.match import Match, Status
from table.memo import LatestState
from table.presenter import NO_BOARD, Presenter, Scene, announcement, describe_board
from table.reminders import Reminders
from table.render_pool import Renderer, shared_renderer
from table.reply import Button, File, MenuOption, Reply, Select
from table.undo import undoable
from table.windows import Windows

JSON = dict[str, Any]
BOARD_FILE = "board.png"
MAX_BUTTONS = 16
"""Up to this many choices, each gets a button."""
MAX_MENU = 25
"""Up to this many, they go in one select menu (Discord's limit); above, players type and filter."""
MAX_COMPONENT_BUTTONS = 20
"""Buttons beside a select menu: four rows of five (the menu takes the fifth row)."""
ACCEPTED_SHOWN = 12
"""Values listed in an error that names the ones accepted."""
DO = CommandSpec("do", "Any action possible now (the list offers only legal ones)")
"""The generic command every game has: pick any legal action."""
_INDEX = re.compile(r"^(?:(\d+):)?(\d+)$")
_TYPED = re.compile(r"[A-Za-z]?\d{1,3}[A-Za-z]?|[A-Za-z]{1,3}\d{0,2}")
"""A value a player types as it is (a hex ``c4``, a zone ``A2``, a number): shown beside its label; an internal id
(``player1:garrek-gorebeard``) is not, its label says it."""
_PARSER_TEXT = re.compile(r"Field required|Value error|Input should|validation error|Extra inputs")
"""Pydantic's words in an engine's refusal: never shown to a player."""
_STEP_NAME = re.compile(r"^[a-z][a-z0-9_]*(?:[:.][a-z0-9_]+)*$")
"""An engine's name for a step (``choose_army``, ``setup:deploy``)."""
_IDENTIFIER = re.compile(r"\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z]+_[a-z_]+\b|=|\bNone\b")
"""What a label falling back on the engine's names looks like (``ScatterDie die=0``)."""
INLINE_LEGAL_SECONDS = 0.01
"""Legal choices quicker than this (CPU time) are worked out on the event loop: a thread hop costs more than they
do, and a thread running Python fights the loop for the GIL."""
SLOW_LEGAL_SPELL = 32
"""Listings worked out in a thread after one took longer than ``INLINE_LEGAL_SECONDS``: a game slow at some steps
(a path search per place offered) stays off the loop while it plays them, but one cold listing (its caches filled
on a new battlefield) does not send a quick game's choices through a thread hop for good."""
BOARD_CACHE_BYTES = 96 * 1024 * 1024
"""Each match's last board image, kept up to this many bytes in all, every game's matches together (``Play`` gives
its game tables one ``board_cache``; ~1,600 live matches at ~60 KB a board): a
command that changes nothing drawn, a re-posted board or a refused command costs no drawing. Only the last one:
kept by image, a match's past boards pushed out the other matches' last ones, and with a thousand matches played in
turn no board was ever found again (10,584 asked, none found, in the load bench)."""


async def _nothing() -> None:
    """No board (a player's step within their turn, when they want boards only at its end)."""
    return None


def board_cache() -> ByteCache[tuple[Hashable, bytes]]:
    """A cache of matches' last boards (``BOARD_CACHE_BYTES``), by match id: what each draws and its PNG."""
    return ByteCache(BOARD_CACHE_BYTES, lambda kept: len(kept[1]))


class GameTable:
    """One game's commands and presentation over the generic ``Table``."""

    def __init__(self, table: Table, presenter: Presenter, reminders: Reminders | None = None,
                 windows: Windows | None = None, renderer: Renderer | None = None,
                 boards: ByteCache[tuple[Hashable, bytes]] | None = None, display: Display | None = None) -> None:
        self.table = table
        self.windows = windows
        self.display = display
        """Each player's choice of boards after every step or at the end of their turn (None: every step)."""
        self.store = table.store
        self.presenter = presenter
        self.system = systems.find_system(presenter.game)
        self.reminders = reminders
        self.specs: dict[str, CommandSpec] = {spec.name: spec for spec in (DO, *presenter.commands)}
        self.renderer = renderer or shared_renderer()
        self._legal: LatestState[list[JSON]] = LatestState()
        """Each seat's legal actions in each match's latest state: a command asks for them, then its reply's
        buttons ask again for the new state, which the next command reuses."""
        self._off_loop = 0
        """How many listings are still to run in a thread (``SLOW_LEGAL_SPELL`` after a slow one)."""
        self._scenes: LatestState[Scene] = LatestState()
        """Each match's latest state as each viewer sees it, in each language: one ``view`` per seat and state,
        whatever asks."""
        self._boards = board_cache() if boards is None else boards
        """Match id -> (what its last board draws, that board's PNG), shared with the other games' tables."""

    # reading -------------------------------------------------------------------------------------
    async def load(self, ctx: Context, match_id: str | None = None) -> Match:
        """This game's match of the thread (or named), being played.

        :raises NotFound: core.no_match_here, core.no_such_match
        :raises IllegalAction: core.table.other_game, core.match_invited
        """
        match = await self.table.match_for(ctx, match_id)
        if match.game != self.presenter.game:
            raise IllegalAction("core.table.other_game", match=match.id, command=f"/{self.presenter.command}",
                                game=systems.find_info(match.game).name)
        if match.state is None:
            raise IllegalAction("core.match_invited", match=match.id)
        return match

    def scene(self, match: Match, viewer: str | None = None, lang: str = "en") -> Scene:
        """The match as ``viewer`` may see it (None: everyone): one ``view`` per state and viewer, kept for the
        reply, its buttons and the next command (every change of state appends to the log, so the log length
        names the state)."""
        over = match.status.over
        key = (viewer, lang, over)
        scene = self._scenes.get(match.id, match.log_length, key)
        if scene is None:
            scene = Scene(self.system.view(match.state, viewer), {h.seat: h.name for h in match.seats},
                          lang=lang, viewer=viewer, match_id=match.id, outcome=(match.outcome or {}) if over else None)
            self._scenes.put(match.id, match.log_length, key, scene)
        return scene

    def legal(self, match: Match, seat: str | None) -> list[JSON]:
        """What ``seat`` may do now (nothing when the match is not being played)."""
        if seat is None or match.status is not Status.ACTIVE or match.state is None:
            return []
        legal = self._legal.get(match.id, match.log_length, seat)
        if legal is None:
            legal = self.system.legal_actions(match.state, seat)
            self._legal.put(match.id, match.log_length, seat, legal)
        return list(legal)

    async def ready(self, match: Match, seats: list[str | None]) -> None:
        """Work out ``seats``' legal actions for ``legal`` to find, off the event loop once they proved slow: a
        game's rules may take seconds over them (free measurement: a path search per place offered), and the loop
        must stay free to acknowledge interactions in Discord's time."""
        if match.status is not Status.ACTIVE or match.state is None:
            return
        todo = [seat for seat in dict.fromkeys(seats)
                if seat is not None and (match.id, match.log_length, str(seat)) not in self._legal]
        state = match.state
        while todo:
            if self._off_loop:  # every seat left in one thread hop: a hop costs more than most games' choices
                found = await asyncio.to_thread(lambda: [self._listed(state, seat) for seat in todo])
                for seat, legal in zip(todo, found):
                    self._legal.put(match.id, match.log_length, str(seat), legal)
                return
            seat = todo.pop(0)
            self._legal.put(match.id, match.log_length, str(seat), self._listed(state, seat))

    def _listed(self, state: JSON, seat: str) -> list[JSON]:
        """One seat's legal actions, timed in the CPU time of the thread running them (a thread's wall time would
        count its waits for the GIL): a slow one sends the next ``SLOW_LEGAL_SPELL`` to a thread."""
        started = time.thread_time()
        legal = self.system.legal_actions(state, seat)
        slow = time.thread_time() - started > INLINE_LEGAL_SECONDS
        self._off_loop = SLOW_LEGAL_SPELL if slow else max(0, self._off_loop - 1)
        return legal

    @staticmethod
    def seated(match: Match, ctx: Context) -> str:
        """The caller's seat.

        :raises NotAllowed: core.not_seated
        """
        seat = match.seat_of(ctx.actor.user_id)
        if seat is None:
            raise NotAllowed("core.not_seated", match=match.id)
        return seat

    # acting --------------------------------------------------------------------------------------
    async def act(self, ctx: Context, action: JSON, match_id: str | None = None, *,
                  expect: int | None = None, before: Match | None = None, follow: bool = True) -> Reply:
        """Apply one action through ``Table.act`` and answer with what it changed.

        :raises IllegalAction: the engine's codes; one refusing a player out of turn gets the names
            of the players awaited and the step (``name``, ``step``)
        """
        before = before or await self.load(ctx, match_id)
        try:
            match, events = await self.table.act(ctx, action, before.id, expect=expect, loaded=before)
        except (IllegalAction, InvalidInput) as error:
            raise self.in_words(error, before, action, ctx) from None
        scene = self.scene(match, None, ctx.lang)
        seat = match.seat_of(ctx.actor.user_id) or ""
        # A player who wants boards only at the end of their turn gets none while their turn goes on.
        drawn = not (self.display is not None and match.status is Status.ACTIVE and seat in scene.awaiting
                     and await self.display.at_turn_end(ctx.actor.user_id))
        # The board is drawn by a worker while this process works out the choices and arms the timers.
        board = asyncio.ensure_future(self.board_image(match, scene, events) if drawn else _nothing())
        try:
            await self.ready(match, scene.awaiting)
            if self.reminders is not None:
                await self.reminders.arm(match)
            if self.windows is not None:
                await self.windows.arm(match, self)
        except BaseException:
            board.cancel()
            raise
        undo_for = seat if match.rng_counter == before.rng_counter and undoable({"events": events}) else None
        mine = [e for e in events if seat in (e.get("visible_to") or ())]
        private = self.presenter.event_lines(self.scene(match, seat, ctx.lang), mine) if mine else []
        # the action in the words of the state it was chosen in (its button's label): the state after it may no longer
        # hold what it named (the active creature it guarded with, a card played from hand)
        headline = self.headline(self.scene(before, None, ctx.lang), seat, action, events)
        public = await self.public_reply(match, events, headline, undo_for=undo_for, lang=ctx.lang, scene=scene,
                                         board=board, board_button=not drawn)
        if follow and match.practice:  # the practice opponent's moves, posted after this one
            public.posts += [(match.where, post) for post in await practice.moves(self, match, ctx.lang)]
        if private:  # a secret choice: the next ones go on a menu only its player sees (planning step by step)
            menus = self.private_menus(match, seat, ctx.lang) if seat in scene.awaiting else []  # (ready above)
            return Reply(content="\n".join(private)[:1900], ephemeral=True,
                         posts=[(match.where, public), *public.posts], selects=menus)
        return public

    def private_menus(self, match: Match, seat: str, lang: str, types: Sequence[str] = ()) -> list[Select]:
        """``seat``'s choices now (of ``types``, when given) as a select menu in a reply only it sees, when they
        name something hidden (they never go on the public components) and fit one menu; none otherwise (then
        the command's autocomplete filters them as the player types)."""
        if match.status is not Status.ACTIVE or match.state is None or not seat:
            return []
        legal = self.legal(match, seat)
        private = frozenset(self.presenter.private_fields)
        picked = [i for i, a in enumerate(legal) if not types or a["type"] in types]
        if not 1 < len(picked) <= MAX_MENU or all(private.isdisjoint(legal[i]) for i in picked):
            return []
        scene = self.scene(match, seat, lang)
        who = str(next(i for i, h in enumerate(match.seats) if h.seat == seat))
        return [Select(f"g:{match.id}:{match.log_length}:{who}:menu",
                       message("core.table.menu_placeholder", lang, count=len(picked)),
                       [MenuOption(self.presenter.action_label(scene, legal[i])[:100], str(i)) for i in picked])]

    def in_words(self, error: GameError, match: Match, action: JSON, ctx: Context) -> GameError:
        """A refusal from the engine as players read it: the step it names (an engine's step name) as the
        presenter says it, the action (its type) as its label, the players awaited by name; a refusal that
        carries a parser's text (pydantic's "Field required") or a field left out becomes the table's own, naming the
        command.
        The engine's own codes and their other parameters stay (the rule it names)."""
        scene = self.scene(match, None, ctx.lang)
        params = error.params
        if error.code.endswith((".not_yours", ".not_your_turn", ".not_your_decision")):
            params["name"] = params["waiting"] = ", ".join(match.holder(s).name for s in scene.awaiting) or "—"
        if any(v is None or v == "None" or (isinstance(v, str) and _PARSER_TEXT.search(v)) for v in params.values()):
            # pydantic's text, or a field the player left out named as None: the table says what to do instead
            return InvalidInput("core.table.action_incomplete", action=self._action_words(match, action, ctx),
                                command=self._command_for(action))
        for key in ("step", "kind", "current"):
            if isinstance(params.get(key), str) and _STEP_NAME.match(params[key]):
                params[key] = self.presenter.step(scene)
        for key in ("action", "example"):
            if isinstance(params.get(key), str) and params[key] == action.get("type"):
                params[key] = self._action_words(match, action, ctx)
        return error

    def _action_words(self, match: Match, action: JSON, ctx: Context) -> str:
        """An action as its label in the state it was tried in, or the command that makes it."""
        seat = match.seat_of(ctx.actor.user_id)
        try:
            label = self.presenter.action_label(self.scene(match, seat, ctx.lang), action, short=True)
        except Exception:  # noqa: BLE001 - an action the game can't label (a field missing): named by its command
            label = ""
        return label if label and not _IDENTIFIER.search(label) else f"`{self._command_for(action)}`"

    def _command_for(self, action: JSON) -> str:
        """The game command that makes actions of ``action``'s type (``/<game> move``), else ``/<game> do``."""
        spec = next((s for s in self.presenter.commands if action.get("type") in s.types), DO)
        return f"/{self.presenter.command} {spec.name}"

    async def run(self, ctx: Context, command: str, values: Mapping[str, Any], match_id: str | None = None) -> Reply:
        """Run a game command with its options (as typed, or as picked from autocomplete).

        :raises InvalidInput: core.table.unknown_command, core.table.no_such_choice
        """
        spec = self.specs.get(command)
        if spec is None:
            raise InvalidInput("core.table.unknown_command", command=command, game=f"/{self.presenter.command}")
        match = await self.load(ctx, match_id)
        if spec.query:
            return self.query(ctx, match, spec, values)
        seat = self.seated(match, ctx)
        if match.status.over:  # nobody is waited for any more: say so, not "waiting for —"
            raise IllegalAction("core.match_over", match=match.id)
        await self.ready(match, [seat])
        if not spec.free:
            self.check_turn(match, seat, ctx.lang)
        if spec.picks_action:
            picked = values.get("action")
            if picked in (None, ""):
                offered = [a for a in self.legal(match, seat) if not spec.types or a["type"] in spec.types]
                if spec is not DO and len(offered) == 1:
                    return await self.act(ctx, offered[0], match.id, expect=match.log_length, before=match)
                if not offered and spec.types:  # let the engine say why it can't be done
                    return await self.act(ctx, {"type": spec.types[0]}, match.id, before=match)
                return self.list_choices(ctx, match, seat, spec)
            action, expect = self.parse_choice(match, seat, str(picked), ctx.lang)
            return await self.act(ctx, action, match.id, expect=expect, before=match)
        scene = self.scene(match, seat, ctx.lang)
        action: JSON = {"type": spec.types[0]} if spec.types else {}
        action.update(spec.fixed)
        for option in spec.options:
            value = option.convert(values.get(option.name))
            if value in (None, ""):
                value = option.default
            if value is None:
                continue
            action[option.key] = self.presenter.resolve(scene, option.key, value) if option.kind is str else value
        if spec.free:  # the engine checks it (a referee action is not among the legal actions listed)
            self._require_options(spec, action, scene)
            return await self.act(ctx, action, match.id, before=match)
        offered = [a for a in self.legal(match, seat) if a["type"] in spec.types]
        self._check_values(spec, action, offered, scene)
        candidates = [a for a in offered if all(a.get(k) == v for k, v in action.items() if k != "type")]
        if len(spec.types) > 1 and candidates:
            action = {**action, "type": candidates[0]["type"]}
        if len(candidates) == 1:  # options left out that only one legal action fits
            action = candidates[0]
        elif candidates:  # several fit: the option left out says which
            self._require_options(spec, action, scene, candidates)
        else:  # none fits: the engine says which rule forbids it, so the fields left out are made up as offered
            action = self._completed(spec, action, offered)
        return await self.act(ctx, action, match.id, before=match)

    @staticmethod
    def _completed(spec: CommandSpec, action: JSON, offered: list[JSON]) -> JSON:
        """``action`` with the fields its command's options left out taken from the offered action closest to it
        (most fields alike): an attack out of reach is refused for its range, not for a weapon left out."""
        missing = [o.key for o in spec.options if o.key not in action]
        if not missing or not offered:
            return action
        closest = max(offered, key=lambda a: sum(a.get(k) == v for k, v in action.items()))
        return {**action, **{k: closest[k] for k in missing if k in closest}}

    def _accepted(self, scene: Scene, actions: list[JSON], key: str) -> list[str]:
        """The values ``actions`` give field ``key``, each as a player types it and reads it (``c4``,
        ``GG1 — Garrek Gorebeard``), at most ``ACCEPTED_SHOWN``."""
        shown: dict[str, str] = {}
        for action in actions:
            if key in action and str(action[key]) not in shown:
                value, label = str(action[key]), self.presenter.value_label(scene, action, key)
                shown[value] = f"`{value}`" if label in (value, "") else (
                    label if value.lower() in label.lower() or not _TYPED.fullmatch(value) else f"`{value}` {label}")
        listed = list(shown.values())
        return listed[:ACCEPTED_SHOWN] + (["…"] if len(listed) > ACCEPTED_SHOWN else [])

    def _check_values(self, spec: CommandSpec, action: JSON, offered: list[JSON], scene: Scene) -> None:
        """Refuse an option's value that no choice offered now has, listing the values that are (the engine would
        only say that the action is not complete or not legal).

        :raises InvalidInput: core.table.value_not_offered
        """
        if not offered:  # nothing of the kind now: the engine says why (its step in words: ``act``)
            return
        for option in spec.options:
            if option.key not in action or not any(option.key in a for a in offered):
                continue
            if not isinstance(action[option.key], (str, int)):  # a point measured freely: not all are listed
                continue
            typed = str(action[option.key]).strip().lower()  # as the engine would read it ("0" for 0, "C4" for c4)
            if any(str(value).lower() == typed for _, value in self.presenter.values(scene, option.key)):
                continue  # a real fighter, card or hex, not offered: the engine names the rule that refuses it
            if not any(str(a.get(option.key)).lower() == typed for a in offered if option.key in a):
                raise InvalidInput("core.table.value_not_offered", option=option.name, value=str(action[option.key]),
                                   command=f"/{self.presenter.command} {spec.name}",
                                   accepted=self._accepted(scene, offered, option.key))

    def _require_options(self, spec: CommandSpec, action: JSON, scene: Scene,
                         candidates: list[JSON] | None = None) -> None:
        """Refuse a command whose required option is left out, listing what it may be (the candidates' values, or
        the presenter's for a free command) rather than passing the engine an incomplete action.

        :raises InvalidInput: core.table.option_missing
        """
        for option in spec.options:
            if option.key in action or (candidates is None and not option.required):
                continue
            if candidates is not None:
                if len({str(a.get(option.key)) for a in candidates}) < 2:
                    continue
                accepted = self._accepted(scene, candidates, option.key)
            else:
                accepted = [f"`{value}` {label}" if value.lower() not in label.lower() else label
                            for label, value in self.presenter.values(scene, option.key)][:ACCEPTED_SHOWN]
            raise InvalidInput("core.table.option_missing", option=option.name,
                               command=f"/{self.presenter.command} {spec.name}", accepted=accepted or ["—"])

    def query(self, ctx: Context, match: Match, spec: CommandSpec, values: Mapping[str, Any]) -> Reply:
        """A command that only reads the match, answered by the presenter to the asker alone (a player sees
        their own view, anyone else the public one)."""
        filled: JSON = {}
        for option in spec.options:
            value = option.convert(values.get(option.name))
            value = option.default if value in (None, "") else value
            if value is not None:
                filled[option.key] = value
        scene = self.scene(match, match.seat_of(ctx.actor.user_id), ctx.lang)
        reply = self.presenter.query(scene, spec.name, filled)  # type: ignore[attr-defined]
        reply.ephemeral = True
        return reply

    def check_turn(self, match: Match, seat: str, lang: str = "en") -> None:
        """Refuse a player who has nothing to decide now, naming who the match waits for.

        :raises IllegalAction: core.table.not_your_turn
        """
        if self.legal(match, seat):  # worked out already (``ready``): the view is only needed to refuse
            return
        scene = self.scene(match, None, lang)
        if seat in scene.awaiting:
            return
        waiting = ", ".join(match.holder(s).name for s in scene.awaiting) or "—"
        raise IllegalAction("core.table.not_your_turn", name=waiting, step=self.presenter.step(scene))

    def parse_choice(self, match: Match, seat: str, text: str, lang: str = "en") -> tuple[JSON, int | None]:
        """A choice from autocomplete (``<log length>:<index>``), an index, or ``Type key=value ...``.

        :raises IllegalAction: core.stale_choice
        :raises InvalidInput: core.table.no_such_choice
        """
        found = _INDEX.match(text.strip())
        if found:
            legal = self.legal(match, seat)
            index = int(found[2])
            if found[1] is not None and int(found[1]) != match.log_length:
                raise IllegalAction("core.stale_choice")
            if not 0 <= index < len(legal):
                raise InvalidInput("core.table.no_such_choice", choice=text, count=len(legal),
                                   command=f"/{self.presenter.command} do")
            return legal[index], (int(found[1]) if found[1] is not None else None)
        words = text.split()
        if not words:
            raise InvalidInput("core.table.no_such_choice", choice=text, count=0,
                               command=f"/{self.presenter.command} do")
        scene = self.scene(match, seat, lang)
        action: JSON = {"type": words[0]}
        for word in words[1:]:
            key, _, value = word.partition("=")
            action[key] = self.presenter.resolve(scene, key, value)
        return action, None

    def list_choices(self, ctx: Context, match: Match, seat: str, spec: CommandSpec) -> Reply:
        """Numbered legal choices, for a command given with no choice (ephemeral)."""
        scene = self.scene(match, seat, ctx.lang)
        lines = [f"`{i}` {self.presenter.action_label(scene, a)}" for i, a in enumerate(self.legal(match, seat))
                 if not spec.types or a["type"] in spec.types]
        waiting = [match.holder(s).name for s in scene.awaiting if s != seat]
        text = "\n".join(lines[:60]) or (ctx.say("core.table.waiting_for", name=", ".join(waiting)) if waiting
                                         else ctx.say("core.table.nothing_possible"))
        head = ctx.say("core.table.choices_now", step=self.presenter.step(scene))
        return Reply(content=f"{head}\n{text}", ephemeral=True,
                     selects=self.private_menus(match, seat, ctx.lang, spec.types))

    # autocomplete --------------------------------------------------------------------------------
    async def choices(self, ctx: Context, command: str, focused: str, values: Mapping[str, Any],
                      current: str = "") -> list[tuple[str, str]]:
        """Autocomplete: only legal choices for ``focused``, given the options already filled in."""
        spec = self.specs.get(command)
        try:
            match = await self.load(ctx)
        except Exception:  # noqa: BLE001 - autocomplete never fails loudly: no match, no choices
            return []
        seat = match.seat_of(ctx.actor.user_id)
        if spec is None or (seat is None and not spec.query):
            return []
        await self.ready(match, [seat])
        scene = self.scene(match, seat, ctx.lang)
        needle = current.strip().lower()
        if spec.picks_action:
            out = []
            for i, action in enumerate(self.legal(match, seat)):
                if spec.types and action["type"] not in spec.types:
                    continue
                label = self.presenter.action_label(scene, action)
                if needle in label.lower():
                    out.append((label, f"{match.log_length}:{i}"))
            return out[:MAX_MENU]
        option = spec.option(focused)
        if option is None:
            return []
        if spec.free or spec.query:
            return [(label, value) for label, value in self.presenter.values(scene, option.key)
                    if needle in label.lower() or needle in value.lower()][:MAX_MENU]
        chosen = {}
        for other in spec.options:
            if other.name != focused and values.get(other.name) not in (None, ""):
                try:
                    chosen[other.key] = (self.presenter.resolve(scene, other.key, values[other.name])
                                         if other.kind is str else values[other.name])
                except InvalidInput:
                    return []
        seen: set[str] = set()
        out = []
        for action in self.legal(match, seat):
            if action["type"] not in spec.types or option.key not in action:
                continue
            if any(action.get(k) != v for k, v in chosen.items()):
                continue
            value = str(action[option.key])
            if value in seen:
                continue
            label = self.presenter.value_label(scene, action, option.key)
            if needle and needle not in label.lower() and needle not in value.lower():
                continue
            seen.add(value)
            out.append((label, value))
        return out[:MAX_MENU]

    # buttons and menus ---------------------------------------------------------------------------
    async def press(self, ctx: Context, match: Match, custom_id: str, values: list[str] | None = None) -> Reply:
        """A ``g:`` component: ``g:<match>:<log length>:<seat index, or x for any>:<choice index, or menu>``
        (a select menu's value is the choice index), or ``g:<match>:<n>:hand|board``.

        :raises IllegalAction: core.stale_choice
        :raises NotAllowed: core.not_seated, core.not_that_seat
        """
        parts = custom_id.split(":")
        if parts[-1] == "hand":
            return await self.private(ctx, match.id)
        if parts[-1] == "board":
            return await self.board(ctx, match.id)
        if len(parts) != 5:
            raise IllegalAction("core.stale_choice")
        _, _, n, who, index = parts
        if index == "menu":
            index = (values or [""])[0]
        seat = self.seated(match, ctx)
        if not n.isdigit() or int(n) != match.log_length or not index.isdigit():
            raise IllegalAction("core.stale_choice")
        if who != "x" and match.seats[int(who)].seat != seat:
            raise NotAllowed("core.not_that_seat", name=match.seats[int(who)].name)
        await self.ready(match, [seat])
        legal = self.legal(match, seat)
        if not 0 <= int(index) < len(legal):
            raise IllegalAction("core.stale_choice")
        return await self.act(ctx, legal[int(index)], match.id, expect=int(n), before=match)

    def components(self, match: Match, scene: Scene, undo_for: str | None = None) -> tuple[
            list[Button], list[Select], str]:
        """The choices awaited now: buttons when few, a select menu up to 25, else a hint to type.

        Returns the buttons, the menus and a hint line ("" when every choice is offered).
        """
        if match.status is not Status.ACTIVE or match.state is None:
            return [], [], ""
        waiting = scene.awaiting
        lists = {seat: self.legal(match, seat) for seat in waiting}
        shared = len(waiting) > 1 and all(lists[s] == lists[waiting[0]] for s in waiting)
        # Seats deciding at once with different choices (a secret warband each): their choices could
        # give a secret away, so they choose with commands, whose autocomplete only they see.
        deciding = waiting[:1] if shared else ([] if len(waiting) > 1 else waiting)
        buttons: list[Button] = []
        menus: list[Select] = []
        hint = ""
        prefix = f"g:{match.id}:{match.log_length}"
        private = frozenset(self.presenter.private_fields)
        for seat in deciding:
            who = "x" if shared else str(next(i for i, h in enumerate(match.seats) if h.seat == seat))
            legal = lists[seat]
            # An action naming a hidden thing (a card in hand) never goes on a component others see.
            public = [i for i, a in enumerate(legal) if private.isdisjoint(a)]
            if len(public) <= MAX_BUTTONS:
                offered = public
            else:
                offered = [i for i in public if legal[i]["type"] in self.presenter.always_offered]
                if len(public) <= MAX_MENU:
                    menus.append(Select(f"{prefix}:{who}:menu", message("core.table.menu_placeholder", scene.lang,
                                                                        count=len(public)),
                                        [MenuOption(self.presenter.action_label(scene, legal[i])[:100], str(i))
                                         for i in public]))
                else:
                    hint = message("core.table.many_choices", scene.lang, count=len(public),
                                   command=f"/{self.presenter.command} do")
            for i in offered:
                action = legal[i]
                style = "secondary" if action["type"] in self.presenter.always_offered else "primary"
                buttons.append(Button(f"{prefix}:{who}:{i}",
                                      self.presenter.action_label(scene, action, short=True)[:80], style))
        limit = MAX_COMPONENT_BUTTONS if menus else 25
        buttons = buttons[:limit - 2]
        buttons.append(Button(f"{prefix}:hand", self.presenter.private_label(scene.lang)[:80], "success"))
        if undo_for is not None:
            buttons.append(Button(f"m:undo:{match.id}", message("core.table.undo_button", scene.lang), "danger"))
        return buttons, menus, hint

    # showing -------------------------------------------------------------------------------------
    def headline(self, scene: Scene, seat: str, action: JSON, events: list[JSON]) -> str:
        """The public line naming what ``seat`` did, or "" for a secret (``presenter.announcement``); ``scene``: the
        public view of the state the action was chosen in."""
        return announcement(self.presenter, scene, seat, action, events)

    async def public_reply(self, match: Match, events: list[JSON], headline: str = "", *,
                           undo_for: str | None = None, lang: str = "en", scene: Scene | None = None,
                           board: Awaitable[bytes | None] | None = None, board_button: bool = False) -> Reply:
        """The public message after a change: what happened, the board (``board``: being drawn already), the
        panel, whose turn; ``board_button``: a button that posts the board (a post without one)."""
        scene = scene or self.scene(match, None, lang)
        board = board or asyncio.ensure_future(self.board_image(match, scene, events))
        lines = [headline] if headline else []
        try:
            lines += self.presenter.event_lines(scene, [e for e in events if e.get("visible_to") is None])
            embeds = self.presenter.embeds(scene, events)[:3]
            buttons, menus, hint = self.components(match, scene, undo_for)
            if board_button:
                buttons.insert(max(0, len(buttons) - (2 if undo_for is not None else 1)), Button(
                    f"g:{match.id}:{match.log_length}:board", message("core.display.board_button", lang), "secondary"))
        except BaseException:
            if isinstance(board, asyncio.Future):
                board.cancel()
            raise
        png = await board
        # The board goes beside the panel as a plain attachment, never inside an embed (Discord's phone clients crop
        # or shrink embed images, and an embed image carries no alt text); its description says it in words.
        public = [e for e in events if e.get("visible_to") is None]
        files = [File(BOARD_FILE, png, describe_board(self.presenter, scene, public, match.status is not Status.ACTIVE,
                                                      match.outcome))] if png else []
        mentions: list[int] = []
        if match.status is Status.ACTIVE:
            awaited = [match.holder(s) for s in scene.awaiting]
            mentions = [h.user_id for h in awaited if h.user_id >= 0]  # the practice opponent has no Discord user
            if awaited:
                lines.append(message("core.table.your_decision", lang, players=" ".join(h.mention for h in awaited),
                                     step=self.presenter.step(scene)))
            if hint:
                lines.append(hint)
            by_seat = {h.seat: h.user_id for h in match.seats if h.user_id >= 0}
            embeds.append(self.presenter.panel(scene, by_seat, None))
        else:
            embeds.append(self.presenter.result(scene, match.outcome, match.seed))
        content = "\n".join(lines)
        if len(content) > 1990:
            content = content[:1900] + "\n…"
        return Reply(content=content, embeds=embeds[:10], files=files, mentions=mentions,
                     buttons=buttons, selects=menus, panel=match.id)

    async def board_image(self, match: Match, scene: Scene, events: list[JSON]) -> bytes | None:
        """The public board of the match's state with its last events drawn, by the renderer's workers (off the
        event loop); the match's last one kept (``BOARD_CACHE_BYTES``), by what it draws or by state."""
        # A game that says what its board draws (``board_key``) keeps one image while its states draw the same: a
        # pass, a card played from hand or a choice made costs no drawing. Otherwise one per state (the events drawn
        # are always the last entry's).
        drawn = getattr(self.presenter, "board_key", None)
        content = drawn(scene, events) if drawn is not None else None
        if content == NO_BOARD:  # nothing to draw yet (a set-up step before the board exists): no worker asked
            return None
        key = content if content is not None else (match.log_length, scene.lang)
        if scene.outcome is not None:  # the last board: the result drawn on it
            key = (key, "over", tuple(sorted((k, str(v)) for k, v in scene.outcome.items())))
        kept = self._boards.get(match.id)
        if kept is not None and kept[0] == key:
            return kept[1] or None
        png = await self.renderer.board(self.presenter, scene, events) or b""
        self._boards.put(match.id, (key, png))
        return png or None

    async def show(self, ctx: Context, match: Match, headline: str = "") -> Reply:
        """The match as it stands, posted publicly (after an accept or an undo, or on request)."""
        entries = await self.store.log(match.id, 1)
        events = entries[-1].get("events", []) if entries and entries[-1].get("kind") == "action" else []
        await self.ready(match, self.scene(match, None, ctx.lang).awaiting)
        reply = await self.public_reply(match, events, headline, lang=ctx.lang)
        if match.practice:  # the practice opponent begins
            reply.posts += [(match.where, post) for post in await practice.moves(self, match, ctx.lang)]
        return reply

    async def board(self, ctx: Context, match_id: str | None = None) -> Reply:
        """Re-post the board and the panel (anyone may ask)."""
        return await self.show(ctx, await self.load(ctx, match_id))

    async def private(self, ctx: Context, match_id: str | None = None) -> Reply:
        """The caller's private view (their hand), only to them.

        :raises NotAllowed: core.not_seated
        """
        match = await self.load(ctx, match_id)
        seat = self.seated(match, ctx)
        return Reply(embeds=[self.presenter.private_view(self.scene(match, seat, ctx.lang))], ephemeral=True)

    async def hint(self, ctx: Context, match_id: str | None = None) -> Reply:
        """The normal practice opponent's move for the caller's seat, from that seat's view, only to them
        (``table/practice.py``)."""
        return await practice.hint(self, ctx, match_id)

    async def always_ask(self, ctx: Context, on: bool) -> Reply:
        """The caller's choice for response windows: always asked (``on``), or passed for when holding nothing."""
        if self.windows is not None:
            await self.windows.always_ask(ctx.actor.user_id, on)
        return Reply(content=ctx.say("core.table.always_ask_on" if on else "core.table.always_ask_off"),
                     ephemeral=True)

    def reminder_text(self, match: Match, lang: str) -> tuple[list[int], str]:
        """Who a reminder pings, and the step they are awaited for."""
        scene = self.scene(match, None, lang)
        return [match.holder(s).user_id for s in scene.awaiting], self.presenter.step(scene)
