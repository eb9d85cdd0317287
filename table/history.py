"""A match's past, drawn again from its seed and its log (issue 34 items 4 and 5): the board at any step, and the
replay of the whole match as one animated image.

Every match is seeded and logged, and ``apply`` is deterministic (table/replay.py), so the state after any log entry
is rebuilt exactly, and drawn as the board posted then: the same view, the same events drawn, the result on the
last one. A step is a log entry's number, as ``/match log`` shows it (``#12``): "the board after #12".

The drawing runs in the board workers (``Renderer.call``), off the event loop: a replay rebuilds every state and
draws every board of a match, seconds of CPU. The functions the workers run (``board_at``, ``animate``) are plain
and take the match, the seed and the log.
"""
from __future__ import annotations

import asyncio
import time
from typing import Any, Callable, Iterator, Mapping, Sequence

from engine.core import system as systems
from engine.core.errors import IllegalAction, NotAllowed
from render.kit.cache import ByteCache
from table.context import Actor, Context, safe
from table.i18n import message
from table.match import Match
from table.presenter import Scene, alt_text, describe_board, find_presenter, plain
from table.reply import File, Reply
from table.replay import replayed, undone_entries

JSON = dict[str, Any]
STEP_MS = 1500
"""How long a step stays on screen in a replay at speed 1."""
SPEEDS = (0.25, 4.0)
"""The slowest and the fastest replay speed."""
MAX_FRAMES = 300
"""A replay draws at most this many boards (a long duel has over a thousand steps: 25 minutes at speed 1); ask
``from``/``to`` for every step of a part."""
PROGRESS_EVERY_SECONDS = 1.0
"""A replay's progress is shown at most this often."""
REPLAY_CACHE_BYTES = 64 * 1024 * 1024
"""Replays kept in this process, asked again (a finished match's replay by each of its players and watchers)."""
FRAMED = frozenset({"MatchStarted", "SeatConceded"})
"""Lifecycle entries that change what the board shows: each gets a frame of its own."""


def visible(events: Sequence[JSON], viewer: str | None) -> list[JSON]:
    """The events ``viewer`` may see (None: everyone's)."""
    return [e for e in events if e.get("visible_to") is None or (viewer is not None and viewer in e["visible_to"])]


def scene_at(match: Match, state: JSON, viewer: str | None, lang: str, outcome: Mapping[str, Any] | None) -> Scene:
    """The match at one past state as ``viewer`` could see it then."""
    view = systems.find_system(match.game).view(state, viewer)
    return Scene(view, {h.seat: h.name for h in match.seats}, lang=lang, viewer=viewer, match_id=match.id,
                 outcome=outcome)


def _ended_at(match: Match, n: int) -> Mapping[str, Any] | None:
    """The outcome drawn on the board after entry ``n``: the match's, on its last entry once it is over."""
    return (match.outcome or {}) if match.status.over and n >= match.log_length else None


def board_at(match: Match, seed: bytes, log: list[JSON], step: int, viewer: str | None, lang: str, *,
             progress: Callable[[Any], None] | None = None) -> tuple[bytes | None, str]:
    """The board after log entry ``step`` as ``viewer`` saw it (None: the public board), and its alt text: the
    state rebuilt from ``log`` up to ``step`` (an action taken back later was still on the board then), drawn with
    that entry's events (an action's; none after another entry) like the board posted then. (None, "") when there
    was no board yet."""
    upto = [e for e in log if int(e.get("n") or 0) <= step]
    state, events = None, []
    for _entry, made, state, _counter in replayed(match, seed, upto):
        events = made or []
    if state is None:
        return None, ""
    presenter = find_presenter(match.game)
    outcome = _ended_at(match, step)
    scene = scene_at(match, state, viewer, lang, outcome)
    seen = visible(events, viewer)
    png = presenter.board(scene, seen)
    if not png:
        return None, ""
    return png, describe_board(presenter, scene, visible(events, None), outcome is not None, outcome)


def before_others(log: Sequence[JSON], user_id: int) -> int | None:
    """The entry after which the other players' last turn began: ``user_id``'s last action that others' actions
    follow (None: they have not acted, or nobody has since)."""
    actions = [e for e in log if e.get("kind") == "action"]
    mine = [i for i, e in enumerate(actions) if e.get("by") == user_id]
    for i in reversed(mine):
        if any(e.get("by") != user_id for e in actions[i + 1:]):
            return int(actions[i]["n"])
    return None


def framed(match: Match, log: list[JSON], first: int = 1, last: int | None = None) -> list[int]:
    """The entries from ``first`` to ``last`` that changed the board, as the log tells them: each action not taken
    back (one taken back is not part of the match as played), the start and a seat conceded among several, and the
    last entry of a match that is over (its result). Nothing before the match began (no board yet)."""
    last = match.log_length if last is None else last
    undone = undone_entries(log)
    started, out = False, []
    for entry in log:
        n = int(entry.get("n") or 0)
        started = started or entry.get("event") == "MatchStarted"
        if not started or not first <= n <= last or (entry.get("kind") == "action" and n in undone):
            continue
        if entry.get("kind") == "action" or entry.get("event") in FRAMED or (
                match.status.over and n == match.log_length):
            out.append(n)
    return out


def frames(match: Match, seed: bytes, log: list[JSON], lang: str, steps: Sequence[int]
           ) -> Iterator[tuple[int, Scene, list[JSON], JSON]]:
    """The match at each of ``steps`` (entry numbers, in order) as everyone saw it: (entry number, public scene,
    public events, the entry with its events), replayed once from the start."""
    wanted = set(steps)
    if not wanted:
        return
    last = max(wanted)
    for entry, events, state, _counter in replayed(match, seed, log):
        n = int(entry.get("n") or 0)
        if n in wanted and state is not None:
            yield n, scene_at(match, state, None, lang, _ended_at(match, n)), visible(events or [], None), {
                **entry, "events": events or []}
        if n >= last:
            return


def caption(match: Match, scene: Scene, entry: JSON, lang: str) -> str:
    """What happened at one step, in the players' words (``/match log``'s line, without its number)."""
    from table.lifecycle import Narrator
    from table.presenter import announcement

    if entry.get("kind") == "action":  # what the player did, then what came of it, a sentence each
        presenter, events = find_presenter(match.game), entry.get("events") or []
        head = announcement(presenter, scene, str(entry.get("seat") or ""), entry.get("action") or {}, events)
        if head:
            return alt_text([head, *presenter.event_lines(scene, visible(events, None))])
    told = plain(Narrator(match, None, Context(Actor(0, ""), 0, lang=lang), scene).entry(entry))
    head = f"#{entry.get('n')}"
    return told[len(head):].strip() if told.startswith(head) else told


def animate(match: Match, seed: bytes, log: list[JSON], lang: str, first: int, last: int, speed: float, *,
            progress: Callable[[Any], None] | None = None) -> tuple[bytes, int, int]:
    """The match from entry ``first`` to ``last`` as one animated GIF, a captioned frame per step (``speed``: 1 is
    ``STEP_MS`` a step), within Discord's upload limit; at most ``MAX_FRAMES`` boards drawn (spread over the steps,
    each shown as long as the steps it stands for). Returns the GIF, the steps and the frames it shows.
    ``progress`` hears ``("drawn", done, total)`` as the boards are drawn, then ``("packed", done, total)``."""
    from render.kit.animation import LAST_FRAME_MS, animation, thinned

    tell = progress or (lambda _value: None)
    presenter = find_presenter(match.game)
    steps = framed(match, log, first, last)
    ms = round(STEP_MS / speed)
    # the boards drawn, each shown as long as the steps it stands for (all of them, up to MAX_FRAMES)
    shown = {int(step): time_ms for _png, step, _text, time_ms in thinned([(b"", str(n), "", ms) for n in steps],
                                                                           MAX_FRAMES)}
    pictures = []
    tell(("drawn", 0, len(shown)))  # at once: how many boards, however quick the drawing turns out
    told = time.monotonic()
    for done, (n, scene, events, entry) in enumerate(frames(match, seed, log, lang, sorted(shown)), start=1):
        png = presenter.board(scene, events)
        if png:
            pictures.append((png, f"#{n}", caption(match, scene, entry, lang), shown[n]))
        elif pictures:  # nothing drawn at this step: the board before stays as long
            png, step, text, time_ms = pictures[-1]
            pictures[-1] = (png, step, text, time_ms + shown[n])
        if time.monotonic() - told >= PROGRESS_EVERY_SECONDS:
            tell(("drawn", done, len(shown)))
            told = time.monotonic()
    if not pictures:
        return b"", 0, 0
    png, step, text, time_ms = pictures[-1]
    pictures[-1] = (png, step, text, max(time_ms, LAST_FRAME_MS))
    packed = {"at": time.monotonic()}

    def packing(done: int, total: int) -> None:
        if time.monotonic() - packed["at"] >= PROGRESS_EVERY_SECONDS:
            tell(("packed", done, total))
            packed["at"] = time.monotonic()

    data, _scale, kept = animation(pictures, progress=packing)
    return data, len(steps), kept


class History:
    """``/match board step:N`` and ``/match replay``: a match's past, drawn by the board workers."""

    def __init__(self, table: Any, renderer: Any) -> None:
        self.table = table
        """The lifecycle ``Table`` (its store, its seeds)."""
        self.renderer = renderer
        self._replays: ByteCache[tuple[bytes, int, int]] = ByteCache(REPLAY_CACHE_BYTES, lambda kept: len(kept[0]))
        """Replays made, by match, its log length and the options: asked again, posted again without drawing."""
        self._drawing: asyncio.Semaphore | None = None

    def _slots(self) -> asyncio.Semaphore:
        """Replays drawn at once: one board worker always left for the live boards (a replay takes a worker for
        seconds to minutes)."""
        if self._drawing is None:
            self._drawing = asyncio.Semaphore(max(1, int(getattr(self.renderer, "workers", 1) or 1) - 1))
        return self._drawing

    async def _past(self, ctx: Context, match_id: str | None) -> tuple[Match, list[JSON]]:
        match = await self.table.match_for(ctx, match_id)
        if match.state is None:
            raise IllegalAction("core.match_invited", match=match.id)
        return match, await self.table.store.log(match.id, events=False)

    async def board(self, ctx: Context, step: int | None = None, match_id: str | None = None) -> Reply:
        """The board after log entry ``step``, to the asker only: a player sees what they could see then, anyone
        else the public board. Without a step, the board before the other players' last turn: after the asker's
        own last step that others have acted since (what they left); for anyone else, before the last step.

        :raises IllegalAction: core.history.no_such_step
        """
        match, log = await self._past(ctx, match_id)
        if step is None:
            step = before_others(log, ctx.actor.user_id) or -1
        if step < 0:  # counted back from the last entry: -1 is the board before the last step
            step = match.log_length + step
        if not 1 <= step <= match.log_length:
            raise IllegalAction("core.history.no_such_step", step=step, last=match.log_length, match=match.id)
        viewer = match.seat_of(ctx.actor.user_id)
        png, description = await self.renderer.call(match.game, match.id, board_at, match, self.table.seed(match.id),
                                                    log, step, viewer, ctx.lang)
        if png is None:
            return Reply(content=ctx.say("core.history.no_board_yet", step=step), ephemeral=True)
        head = ctx.say("core.history.board_at", step=step, last=match.log_length, match=match.id)
        return Reply(content=head, files=[File(f"board-{step}.png", png, description)], ephemeral=True)

    async def replay(self, ctx: Context, speed: float = 1.0, first: int | None = None, last: int | None = None,
                     match_id: str | None = None, progress: Callable[[str], None] | None = None) -> Reply:
        """The match (or the steps ``first`` to ``last``) as an animated image posted in the match's thread: anyone
        once it is over, its players while it goes on; the public board only (no hidden information).

        :raises NotAllowed: core.history.replay_players_only
        :raises IllegalAction: core.history.bad_range, core.history.bad_speed
        """
        match, log = await self._past(ctx, match_id)
        if not match.status.over and match.seat_of(ctx.actor.user_id) is None:
            raise NotAllowed("core.history.replay_players_only", match=match.id)
        if not SPEEDS[0] <= speed <= SPEEDS[1]:
            raise IllegalAction("core.history.bad_speed", low=SPEEDS[0], high=SPEEDS[1])
        first = 1 if first is None else first
        last = match.log_length if last is None else last
        if not 1 <= first <= last <= match.log_length:
            raise IllegalAction("core.history.bad_range", first=first, last=last, count=match.log_length)
        lang = ctx.lang

        def tell(value: Any) -> None:
            if progress is not None:
                what, done, total = value
                progress(message(f"core.history.{what}", lang, done=done, total=total))

        key = (match.id, match.log_length, lang, speed, first, last)
        made = self._replays.get(key)
        if made is None:
            tell(("drawn", 0, max(1, min(MAX_FRAMES, last - first + 1))))
            async with self._slots():
                made = await self.renderer.call(match.game, match.id, animate, match, self.table.seed(match.id), log,
                                                lang, first, last, speed, progress=tell)
            self._replays.put(key, made)
        data, steps, kept = made
        if not data:
            return Reply(content=ctx.say("core.history.nothing_to_replay", first=first, last=last), ephemeral=True)
        players = ", ".join(safe(h.name) for h in match.seats)
        game = systems.find_info(match.game).name
        head = ctx.say("core.history.replay", game=game, players=players, first=first, last=last, steps=steps,
                       match=match.id)
        if kept < steps:
            head += "\n" + ctx.say("core.history.replay_thinned", kept=kept, steps=steps)
        description = alt_text(ctx.say("core.history.replay_alt", game=game, players=players, first=first, last=last,
                                       steps=steps), self._result_words(match, lang))
        public = Reply(content=head, files=[File("replay.gif", data, description)])
        if ctx.channel_id == match.where:
            return public
        return Reply(content=ctx.say("core.history.replay_posted", thread=f"<#{match.where}>"), ephemeral=True,
                     posts=[(match.where, public)])

    @staticmethod
    def _result_words(match: Match, lang: str) -> list[str]:
        """The result, for the replay's alt text (nothing while the match goes on)."""
        if not match.status.over or match.state is None:
            return []
        presenter = find_presenter(match.game)
        scene = scene_at(match, match.state, None, lang, match.outcome or {})
        embed = presenter.result(scene, match.outcome, None)
        return [embed.title, *(embed.description or "").splitlines()]
