"""An Underworlds match at the table: actions through ``Table.act``, and what each one posts.

Every action goes through the generic ``Table.act`` (compare-and-set, logged with its draws). The
reply is built only from ``system.view``: the board image, the turn panel with buttons for the
choices that fit on buttons, the combat result, the victory. Hidden information: a hand is only
sent in an ephemeral reply; an action with private events (a secret choice, cards drawn) is answered
to its player ephemerally, and its public part is posted to the match thread.

The command specs (``COMMANDS``) say which legal actions each command offers and which option fills
which action field, so autocomplete, the Discord cog and the local table share one description.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.core import system as systems
from engine.core.errors import IllegalAction, InvalidInput, NotAllowed
from table.context import Context
from table.lifecycle import Table
from table.match import Match, Status
from table.reply import Button, File, Reply
from table import undo
from table.underworlds.board import render_view
from table.underworlds.text import (
    Names, action_label, card_name, combat_embeds, event_lines, hand_embed, panel_embed, private_lines,
    step_text, victory_embed,
)

JSON = dict[str, Any]
GAME = "underworlds"
BOARD_FILE = "board.png"
MAX_ACTION_BUTTONS = 16
"""Above this many choices a step is played with commands (autocomplete), not buttons."""
PLAYER_ACTIONS = ("Pass", "Venture", "Plan", "FinishEndPhase")
"""Choices that always get a button when legal."""


@dataclass(frozen=True)
class CommandSpec:
    """One command: the action types it offers and which option fills which action field."""

    types: tuple[str, ...]
    fields: Mapping[str, str] = field(default_factory=dict)
    """option name -> action field; empty: one option ``action`` picks a whole legal action."""


COMMANDS: dict[str, CommandSpec] = {
    "move": CommandSpec(("Move",), {"fighter": "fighter", "to": "to"}),
    "charge": CommandSpec(("Charge",), {"fighter": "fighter", "to": "to"}),
    "attack": CommandSpec(("Attack",), {"fighter": "fighter", "target": "target", "weapon": "attack"}),
    "guard": CommandSpec(("Guard",), {"fighter": "fighter"}),
    "stun": CommandSpec(("Stun",), {"fighter": "fighter", "target": "target"}),
    "barge": CommandSpec(("Barge",), {"fighter": "fighter", "to": "to"}),
    "draw": CommandSpec(("Venture",)),
    "plan": CommandSpec(("Plan",)),
    "pass": CommandSpec(("Pass",)),
    "play": CommandSpec(("PlayPloy", "PlayUpgrade", "CastSpell", "Recycle", "UseCardAction")),
    "react": CommandSpec(("PlayReaction", "Loot")),
    "delve": CommandSpec(("Delve",), {"fighter": "fighter"}),
    "score": CommandSpec(("ScoreObjective",), {"card": "card"}),
    "discard": CommandSpec(("DiscardObjective", "DiscardPower"), {"card": "card"}),
    "finish": CommandSpec(("FinishEndPhase",)),
    "reroll": CommandSpec(("Reroll",), {"die": "die"}),
    "driveback": CommandSpec(("DriveBack",), {"to": "to"}),
    "deploy": CommandSpec(("PlaceFighter",), {"fighter": "fighter", "hex": "hex"}),
    "token": CommandSpec(("PlaceFeatureToken",), {"hex": "hex"}),
    "warband": CommandSpec(("ChooseWarband",), {"warband": "warband"}),
    "deck": CommandSpec(("ChooseDeck",), {"deck": "deck"}),
    "board": CommandSpec(("ChooseBoard",), {"board": "board"}),
    "layout": CommandSpec(("PlaceBoards",)),
    "redraw": CommandSpec(("Redraw",), {"cards": "cards"}),
    "first": CommandSpec(("ChooseBoardPlayer", "ChooseFirstToDeploy", "ChooseFirstTurn"), {"player": "player"}),
    "do": CommandSpec(()),
}
"""Every game command; ``do`` offers every legal action."""
_INDEX = re.compile(r"^(?:(\d+):)?(\d+)$")


class UnderworldsTable:
    """The Underworlds presentation and commands over the generic ``Table``."""

    def __init__(self, table: Table, *, idle_minutes: int = 0) -> None:
        self.table = table
        self.store = table.store
        self.system = systems.find_system(GAME)
        self.idle_seconds = idle_minutes * 60
        table.layers[GAME] = self

    # loading ------------------------------------------------------------------------------------
    async def load(self, ctx: Context, match_id: str | None = None) -> Match:
        """The Underworlds match of this thread (or named).

        :raises NotFound: core.no_match_here, core.no_such_match
        :raises IllegalAction: uw.table.not_underworlds, core.match_invited
        """
        match = await self.table.match_for(ctx, match_id)
        if match.game != GAME:
            raise IllegalAction("uw.table.not_underworlds", match=match.id)
        if match.state is None:
            raise IllegalAction("core.match_invited", match=match.id)
        return match

    def names(self, match: Match, view: JSON) -> Names:
        """Names of the match's players, fighters and cards in one view."""
        return Names(view, {h.seat: h.name for h in match.seats})

    def legal(self, match: Match, seat: str | None) -> list[JSON]:
        """What ``seat`` may do now (nothing when the match is not being played)."""
        if seat is None or match.status is not Status.ACTIVE or match.state is None:
            return []
        return self.system.legal_actions(match.state, seat)

    # acting -------------------------------------------------------------------------------------
    async def act(self, ctx: Context, action: JSON, match_id: str | None = None, *,
                  expect: int | None = None, before: Match | None = None) -> Reply:
        """Apply one action through ``Table.act`` and answer with what it changed.

        :raises IllegalAction: the engine's codes (``uw.turn.not_yours`` names the player awaited)
        """
        before = before or await self.load(ctx, match_id)
        try:
            match, events = await self.table.act(ctx, action, before.id, expect=expect, loaded=before)
        except IllegalAction as error:
            if error.code == "uw.turn.not_yours":
                waiting = (self.system.view(before.state, None).get("awaiting") or [])
                error.params["name"] = ", ".join(before.holder(s).name for s in waiting) or "nobody"
                error.params["step"] = step_text(self.system.view(before.state, None))
            raise
        await self.arm_reminder(match)
        seat = match.seat_of(ctx.actor.user_id) or ""
        view = self.system.view(match.state, None)
        names = self.names(match, view)
        undoable = match.rng_counter == before.rng_counter and undo.undoable({"events": events})
        private = private_lines(events, self.names(match, self.system.view(match.state, seat)), seat)
        # A secret choice is told by its public events only ("alice has chosen a warband").
        headline = "" if private else f"**{names.seat(seat)}**: {action_label(action, names, costs=False)}"
        public = self.public_reply(match, events, headline, undo_for=seat if undoable else None)
        if private:
            return Reply(content="\n".join(private)[:1900], ephemeral=True, posts=[(match.where, public)])
        return public

    async def run(self, ctx: Context, command: str, values: Mapping[str, Any], match_id: str | None = None) -> Reply:
        """Run a game command with its options (as typed, or as picked from autocomplete).

        :raises InvalidInput: uw.table.unknown_command, uw.table.no_such_choice
        """
        spec = COMMANDS.get(command)
        if spec is None:
            raise InvalidInput("uw.table.unknown_command", command=command)
        match = await self.load(ctx, match_id)
        seat = match.seat_of(ctx.actor.user_id)
        if seat is None:
            raise NotAllowed("core.not_seated", match=match.id)
        if not spec.fields:
            picked = values.get("action")
            if picked in (None, ""):
                offered = [a for a in self.legal(match, seat) if not spec.types or a["type"] in spec.types]
                if command != "do" and len(offered) == 1:
                    return await self.act(ctx, offered[0], match.id, expect=match.log_length, before=match)
                if not offered and spec.types:  # let the engine say why it can't be done
                    return await self.act(ctx, {"type": spec.types[0]}, match.id, before=match)
                return self.list_choices(match, seat, spec)
            action, expect = self.parse_choice(match, seat, str(picked))
            return await self.act(ctx, action, match.id, expect=expect, before=match)
        view = self.system.view(match.state, seat)
        action: JSON = {"type": spec.types[0]}
        for option, key in spec.fields.items():
            value = values.get(option)
            if value not in (None, ""):
                action[key] = resolve(view, key, value, seat)
        candidates = [a for a in self.legal(match, seat) if a["type"] in spec.types
                      and all(a.get(k) == v for k, v in action.items() if k != "type")]
        if len(spec.types) > 1 and candidates:
            action = {**action, "type": candidates[0]["type"]}
        if len(candidates) == 1:  # options left out that only one legal action fits
            action = candidates[0]
        return await self.act(ctx, action, match.id, before=match)

    def parse_choice(self, match: Match, seat: str, text: str) -> tuple[JSON, int | None]:
        """A choice from autocomplete (``<log length>:<index>``), an index, or ``Type key=value ...``."""
        found = _INDEX.match(text.strip())
        if found:
            legal = self.legal(match, seat)
            index = int(found[2])
            if found[1] is not None and int(found[1]) != match.log_length:
                raise IllegalAction("core.stale_choice")
            if not 0 <= index < len(legal):
                raise InvalidInput("uw.table.no_such_choice", choice=text, count=len(legal))
            return legal[index], (int(found[1]) if found[1] is not None else None)
        words = text.split()
        if not words:
            raise InvalidInput("uw.table.no_such_choice", choice=text, count=0)
        action: JSON = {"type": words[0]}
        for word in words[1:]:
            key, _, value = word.partition("=")
            action[key] = int(value) if value.lstrip("-").isdigit() and key in ("attack", "die", "offset") else value
        return action, None

    def list_choices(self, match: Match, seat: str, spec: CommandSpec) -> Reply:
        """Numbered legal choices, for a command given with no choice (ephemeral)."""
        view = self.system.view(match.state, seat)
        names = self.names(match, view)
        legal = self.legal(match, seat)
        lines = [f"`{i}` {action_label(a, names)}" for i, a in enumerate(legal)
                 if not spec.types or a["type"] in spec.types]
        text = "\n".join(lines[:60]) or "Nothing of that kind is possible now."
        return Reply(content=f"Choices now ({step_text(view)}); give one as `action:<number>`:\n{text}"[:1990],
                     ephemeral=True)

    # autocomplete ---------------------------------------------------------------------------------
    async def choices(self, ctx: Context, command: str, focused: str, values: Mapping[str, Any],
                      current: str = "") -> list[tuple[str, str]]:
        """Autocomplete: only legal choices for ``focused``, given the options already filled in."""
        spec = COMMANDS.get(command)
        try:
            match = await self.load(ctx)
        except Exception:  # noqa: BLE001 - autocomplete never fails loudly: no match, no choices
            return []
        seat = match.seat_of(ctx.actor.user_id)
        if command == "ref" and seat is not None:  # referee commands name any fighter
            view = self.system.view(match.state, seat)
            names = self.names(match, view)
            return [(value_label({"fighter": f["id"]}, "fighter", names), f["id"]) for f in view["fighters"]
                    if current.lower() in names.fighter(f["id"]).lower()][:25]
        if spec is None or seat is None:
            return []
        legal = self.legal(match, seat)
        view = self.system.view(match.state, seat)
        names = self.names(match, view)
        needle = current.strip().lower()
        out: list[tuple[str, str]] = []
        if not spec.fields:
            for i, action in enumerate(legal):
                if spec.types and action["type"] not in spec.types:
                    continue
                label = action_label(action, names)
                if needle in label.lower():
                    out.append((label, f"{match.log_length}:{i}"))
            return out[:25]
        key = spec.fields.get(focused)
        if key is None:
            return []
        chosen = {}
        for option, k in spec.fields.items():
            if option != focused and values.get(option) not in (None, ""):
                try:
                    chosen[k] = resolve(view, k, values[option], seat)
                except InvalidInput:
                    return []
        seen: set[str] = set()
        for action in legal:
            if action["type"] not in spec.types or key not in action:
                continue
            if any(action.get(k) != v for k, v in chosen.items()):
                continue
            value = str(action[key])
            if value in seen:
                continue
            label = value_label(action, key, names)
            if needle and needle not in label.lower() and needle not in value.lower():
                continue
            seen.add(value)
            out.append((label, value))
        return out[:25]

    # buttons --------------------------------------------------------------------------------------
    async def press(self, ctx: Context, match: Match, custom_id: str) -> Reply:
        """A ``g:`` button: ``g:<match>:<log length>:<seat index, or x for any>:<choice>``, or ``...:hand``/``board``.

        :raises IllegalAction: core.stale_choice
        :raises NotAllowed: core.not_seated, core.not_that_seat
        """
        parts = custom_id.split(":")
        if parts[-1] == "hand":
            return await self.hand(ctx, match.id)
        if parts[-1] == "board":
            return await self.board(ctx, match.id)
        if len(parts) != 5:
            raise IllegalAction("core.stale_choice")
        _, match_id, n, who, index = parts
        seat = match.seat_of(ctx.actor.user_id)
        if seat is None:
            raise NotAllowed("core.not_seated", match=match.id)
        if int(n) != match.log_length:
            raise IllegalAction("core.stale_choice")
        if who != "x" and match.seats[int(who)].seat != seat:
            raise NotAllowed("core.not_that_seat", name=match.seats[int(who)].name)
        legal = self.legal(match, seat)
        if not 0 <= int(index) < len(legal):
            raise IllegalAction("core.stale_choice")
        return await self.act(ctx, legal[int(index)], match.id, expect=int(n), before=match)

    def buttons(self, match: Match, undo_for: str | None = None) -> list[Button]:
        """Buttons for the choices awaited now: every choice when few, else the player actions."""
        if match.status is not Status.ACTIVE or match.state is None:
            return []
        view = self.system.view(match.state, None)
        names = self.names(match, view)
        waiting = view.get("awaiting") or []
        lists = {seat: self.legal(match, seat) for seat in waiting}
        shared = len(waiting) > 1 and all(lists[s] == lists[waiting[0]] for s in waiting)
        # Seats deciding at once with different choices (a deck for a secret warband): their choices
        # could give a secret away, so they choose with commands, whose autocomplete only they see.
        deciding = waiting[:1] if shared else ([] if len(waiting) > 1 else waiting)
        out: list[Button] = []
        for seat in deciding:
            who = "x" if shared else str(next(i for i, h in enumerate(match.seats) if h.seat == seat))
            legal = lists[seat]
            # A card choice names a card in hand: never on a public button (use /uw play or /uw do).
            public = [i for i, a in enumerate(legal) if "card" not in a]
            small = len(public) <= MAX_ACTION_BUTTONS
            for i in public:
                action = legal[i]
                if not small and action["type"] not in PLAYER_ACTIONS:
                    continue
                label = action_label(action, names, costs=False)
                style = "secondary" if action["type"] == "Pass" else "primary"
                out.append(Button(f"g:{match.id}:{match.log_length}:{who}:{i}", label[:80], style))
        out = out[:22]
        out.append(Button(f"g:{match.id}:{match.log_length}:hand", "My hand", "success"))
        if undo_for is not None:
            out.append(Button(f"m:undo:{match.id}", "Undo (opponent must accept)", "danger"))
        return out

    # showing --------------------------------------------------------------------------------------
    def public_reply(self, match: Match, events: list[JSON], headline: str = "", *,
                     undo_for: str | None = None) -> Reply:
        """The public message after a change: what happened, the board, the panel, whose turn."""
        view = self.system.view(match.state, None)
        names = self.names(match, view)
        lines = [headline] if headline else []
        lines += event_lines(events, names, None)
        png = render_view(view, events=events, names=names.players)
        files = [File(BOARD_FILE, png)] if png else []
        mentions: list[int] = []
        embeds = combat_embeds(events, names)[:3]
        if match.status is Status.ACTIVE:
            waiting = view.get("awaiting") or []
            mentions = [match.holder(s).user_id for s in waiting]
            if waiting:
                lines.append(" ".join(f"<@{u}>" for u in mentions) + f", your decision: {step_text(view)}.")
            by_seat = {h.seat: h.user_id for h in match.seats}
            embeds.append(panel_embed(view, names, match_id=match.id, image=BOARD_FILE if png else None,
                                      mentions=by_seat))
        else:
            embeds.append(victory_embed(view, names, match.outcome, match.seed))
            if png:
                embeds[-1].image = BOARD_FILE
        content = "\n".join(lines)
        if len(content) > 1990:
            content = content[:1900] + "\n…"
        return Reply(content=content, embeds=embeds[:10], files=files, mentions=mentions,
                     buttons=self.buttons(match, undo_for), panel=match.id)

    async def show(self, ctx: Context, match: Match, headline: str = "") -> Reply:
        """The match as it stands, posted publicly (after an undo, or on request)."""
        entries = await self.store.log(match.id, 1)
        events = entries[-1].get("events", []) if entries and entries[-1].get("kind") == "action" else []
        return self.public_reply(match, events, headline)

    async def board(self, ctx: Context, match_id: str | None = None) -> Reply:
        """Re-post the board and the panel (anyone may ask)."""
        match = await self.load(ctx, match_id)
        return await self.show(ctx, match)

    async def hand(self, ctx: Context, match_id: str | None = None) -> Reply:
        """The caller's own hand with card texts, only to them.

        :raises NotAllowed: core.not_seated
        """
        match = await self.load(ctx, match_id)
        seat = match.seat_of(ctx.actor.user_id)
        if seat is None:
            raise NotAllowed("core.not_seated", match=match.id)
        view = self.system.view(match.state, seat)
        return Reply(embeds=[hand_embed(view, seat, self.names(match, view))], ephemeral=True)

    # idle reminders ---------------------------------------------------------------------------------
    @property
    def _idle_key(self) -> str:
        return f"{self.store.prefix}:uw:idle"

    async def arm_reminder(self, match: Match) -> None:
        """Schedule the idle reminder of a match (or drop it once the match is over)."""
        if not self.idle_seconds:
            return
        if match.status is Status.ACTIVE:
            await self.store.redis.zadd(self._idle_key, {match.id: match.updated_at + self.idle_seconds})
        else:
            await self.store.redis.zrem(self._idle_key, match.id)

    async def due_reminders(self, now: float | None = None) -> list[tuple[int, Reply]]:
        """Reminders for matches idle past their deadline, as (thread, reply); each is re-armed."""
        if not self.idle_seconds:
            return []
        now = self.table.clock() if now is None else now
        due = await self.store.redis.zrangebyscore(self._idle_key, "-inf", now, start=0, num=50)
        out = []
        for raw in due:
            match_id = raw.decode() if isinstance(raw, bytes) else str(raw)
            try:
                match = await self.store.load(match_id)
            except Exception:  # noqa: BLE001 - expired or deleted: forget it
                await self.store.redis.zrem(self._idle_key, match_id)
                continue
            if match.status is not Status.ACTIVE or match.state is None:
                await self.store.redis.zrem(self._idle_key, match_id)
                continue
            if match.updated_at + self.idle_seconds > now:  # acted since: move the deadline
                await self.store.redis.zadd(self._idle_key, {match_id: match.updated_at + self.idle_seconds})
                continue
            view = self.system.view(match.state, None)
            waiting = [match.holder(s).user_id for s in view.get("awaiting") or []]
            await self.store.redis.zadd(self._idle_key, {match_id: now + self.idle_seconds})
            if not waiting:
                continue
            minutes = round((now - match.updated_at) / 60)
            text = (" ".join(f"<@{u}>" for u in waiting) + f" ⏰ match `{match.id}` has waited {minutes} minutes "
                    f"for you: {step_text(view)}. Use `/uw do` or the panel's buttons.")
            out.append((match.where, Reply(content=text, mentions=waiting)))
        return out


# ---------------------------------------------------------------------------------------------
# options: typed values resolved to action fields, and their labels


def resolve(view: JSON, key: str, value: Any, seat: str | None = None) -> Any:
    """A typed option value as the action field wants it: fighters by id, label or name; hexes lower case.

    :raises InvalidInput: uw.table.unknown_fighter
    """
    text = str(value).strip()
    if key in ("fighter", "target", "wizard"):
        fighters = view.get("fighters", ())
        names = Names(view, {})
        wanted = text.lower()
        exact = [f for f in fighters if wanted in (f["id"].lower(), names.labels[f["id"]].lower(), f["name"].lower())]
        if not exact:
            exact = [f for f in fighters if f["name"].lower().startswith(wanted)]
        if len(exact) > 1 and seat is not None:  # the same name in both warbands: prefer the right side
            own = [f for f in exact if (f["seat"] == seat) == (key in ("fighter", "wizard"))]
            exact = own or exact
        if len(exact) != 1:
            raise InvalidInput("uw.table.unknown_fighter", fighter=text,
                               example=names.labels[fighters[0]["id"]] if fighters else "Ta")
        return exact[0]["id"]
    if key in ("to", "hex"):
        return text.lower().replace(" ", "")
    if key in ("attack", "die", "offset"):
        if text.lstrip("-").isdigit():
            return int(text)
        if key == "attack":
            raise InvalidInput("uw.table.no_such_choice", choice=text, count=0)
    if key == "player":
        for s in view.get("seats", ()):
            if text.lower() == s:
                return s
    return text


def value_label(action: JSON, key: str, names: Names) -> str:
    """The autocomplete label of one option value."""
    value = action[key]
    if key in ("fighter", "target"):
        f = names.fighters.get(value, {})
        where = f" at {f['hex']}" if f.get("hex") else ""
        wounds = f" · {f.get('wounds', 0)}/{f.get('wounds_max', '?')} wounds" if key == "target" else ""
        return f"{names.fighter(value)}{where}{wounds}"[:100]
    if key in ("to", "hex"):
        if action["type"] in ("Move", "Charge", "Barge"):
            return action_label(action, names).split("→ ", 1)[-1]
        return str(value)
    if key == "attack":
        return names.attack(action["fighter"], value)[:100]
    if key == "card":
        return f"{card_name(value)} ({value})"[:100]
    return action_label(action, names)
