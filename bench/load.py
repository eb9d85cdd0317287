"""Load: many concurrent matches playing random legal actions through the table layer against real Redis.

    python -m bench.load [--matches 1000] [--seconds 60] [--mix uw,mw,db,tdg | --game underworlds] [--concurrency 50]
                         [--processes N] [--cluster] [--path command|engine] [--advance 100] [--finish 10]
                         [--board-workers N]

The matches are opened first, then brought into play as a live server holds them: each is advanced a random number
of actions below ``--advance`` (100; ``Table.act`` alone, untimed), so the window sees matches at every stage of play
rather than a thousand set-ups in step, and plays one command on the full path (its first board drawn, timed and
reported on its own row: a thousand first boards at once, as after a restart). Then worker processes play them for
``--seconds``: one worker, and with ``--processes N`` (N > 1) again N workers on as many fresh matches in the same
run, each worker (a bot process) with its own Redis client bringing its share of the matches into play and serving
it (as bot processes do, each the matches its shards receive).
``--cluster`` plays them on a Redis Cluster: REDIS_URL when it is a ``redis-cluster://`` URL, otherwise three
primaries started on loopback. Servers the bench starts run with AOF on (``appendfsync everysec``).

``--mix`` plays several games at once, in the proportions given (``uw=2,mw,db,tdg``: twice as many Underworlds
matches; a game named without a weight counts 1): every figure is for the mix, and the memory of a finished match
is printed per game.

Each action is timed as a user waits for it. ``--path command`` (the default) runs the whole command as the bot
runs it: a button or menu option of the match's last reply pressed (``Play.press``), as players mostly do, or
``/<game> do`` with an autocomplete pick when the reply offers none (``GameTable.run``): load, the legal
choices, the act and its save, the views, the turn panel with the next player's legal choices, the board image,
reminders and windows armed; each bot process draws boards in ``--board-workers`` processes of its own (by default
the machine's cores shared between the bot processes, as the README advises for ``BOARD_WORKERS``);
``--path engine`` only ``Table.act`` (load, apply, compare-and-set, indexes), as this bench timed before.

After the timed window, ``--finish`` matches (10) are played to their end, untimed, so the memory of a finished
match is measured however short the run. Prints throughput, p50/p99 latency per action, the CPU each role spent per
action over the window (bot processes, their board workers, the Redis servers started here: ``bench/cpu.py``) and
Redis memory per match, each bot process's resident memory (RSS) at the start of the window, after its first
``--rss-after`` commands (10,000) and at the end, and its view store (the discord.py views the bot's replies would
leave registered: ``cogs/send.outgoing`` on every reply, as ``Messageable.send`` stores a view), one column
per worker count beside
issue #20's goals, and how throughput scales from 1 to N processes; then replays every match's log from its
seed and checks it equals the stored snapshot.
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import multiprocessing
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from bench import cpu
from bench.common import bench_url, used_memory
from engine.core import system as systems
from engine.core.errors import GameError
from table import collector
from table.context import Actor, Context
from table.games import load_games
from table.lifecycle import Table
from table.match import Match, Status
from table.play import Play
from table.render_pool import Renderer
from table.settings import Settings
from table.reply import Reply
from redis.asyncio.cluster import RedisCluster

from table.redis_server import client_for, is_cluster
from table.replay import replay
from table.store import Store
from discord.ui.view import ViewStore

from cogs.send import outgoing

SECRET = b"L" * 32
GOALS = {
    "throughput": "≥ 1,000 actions/s (1,000 matches, 2 processes)",
    "scaling": "- (the issue asks how it scales)",
    "p50": "- (one /uw do alone: ≤ 10 ms)",
    "p99": "≤ 100 ms (1,000 matches, 2 processes)",
    "memory": "-",
    "finished": "≤ 32 KB",
}
"""Issue #20's goals, printed beside the figures."""
PATHS = {"command": "the full command (a button pressed, or /<game> do: legal choices, act + save, views, panel, "
                    "board image)",
         "engine": "Table.act only (load, apply, compare-and-set, indexes)"}


async def open_match(table: Table, game: str, i: int) -> str:
    """Challenge and accept, as two users would; returns the match id."""
    a, b = Actor(10_000 + 2 * i, f"p{2 * i}"), Actor(10_001 + 2 * i, f"p{2 * i + 1}")
    thread = 1_000_000 + i

    async def open_thread(name: str) -> int:
        return thread
    reply = await table.new_match(Context(a, 1, open_thread=open_thread), game, b)
    match_id = reply.posts[0][1].buttons[0].custom_id.split(":")[2]
    await table.answer_invite(Context(b, thread), match_id, accept=True)
    return match_id


async def play(table: Table, match_id: str, until: float, picker: random.Random, latencies: list[float],
               counts: dict[str, int], gate: asyncio.Semaphore, games: Play | None = None,
               shown: Reply | None = None) -> None:
    """Random legal actions until time is up or the match ends; every match plays at once. ``shown``: the match's
    last public reply, whose buttons its players press."""
    while time.perf_counter() < until:
        async with gate:  # bounds the requests in flight, not the matches in play
            if games is not None:
                done, shown = await _one_command(games, match_id, shown, picker, latencies, counts)
            else:
                done = await _one_action(table, match_id, picker, latencies, counts)
            if done:
                return


async def _one_command(games: Play, match_id: str, shown: Reply | None, picker: random.Random,
                       latencies: list[float], counts: dict[str, int]) -> tuple[bool, Reply | None]:
    """One random legal choice, picked as players pick: a button or menu option of the match's last reply
    when it offers their choices (most do), else ``/<game> do`` with ``<log length>:<index>`` from its
    autocomplete (which reads the match and its choices first); run as the bot runs it. (True when the match can
    go no further, the new public reply.)"""
    pressed = _press_from(shown, picker)
    if pressed is not None:
        user, custom_id, values = pressed
        holder = Actor(user.user_id, user.name)
        run = games.press(Context(holder, 1), custom_id, values)
        counts["pressed"] += 1
    else:
        match: Match = await games.table.store.load(match_id)
        if match.status is not Status.ACTIVE:
            counts["finished"] += 1
            return True, None
        _players[match.id] = list(match.seats)
        game = games.game(match.game)
        await game.ready(match, [h.seat for h in match.seats])
        choices = [(h, i) for h in match.seats for i in range(len(game.legal(match, h.seat)))]
        if not choices:
            counts["stuck"] += 1
            return True, None
        holder_seat, index = picker.choice(choices)
        holder = Actor(holder_seat.user_id, holder_seat.name)
        run = game.run(Context(holder, match.thread_id or 1), "do", {"action": f"{match.log_length}:{index}"},
                       match.id)
    started = time.perf_counter()
    reply: Reply | None = None
    try:
        reply = await run
        counts["refused" if reply.error else "applied"] += 1
    except GameError:
        counts["refused"] += 1  # a concurrent change made it stale: refused, nothing written
    latencies.append(time.perf_counter() - started)
    if reply is not None and _process is not None:
        _process.sent(reply)
    if reply is None or reply.error:
        return False, None
    public = next((post for _, post in reply.posts if not post.ephemeral), None) if reply.ephemeral else reply
    if public is not None and public.panel is None:  # the match ended: its result has no choices
        counts["finished"] += 1
        return True, None
    return False, public


async def bring_into_play(table: Table, games: Play | None, ids: list[str], pickers: list[random.Random],
                          advance: int, gate: asyncio.Semaphore, played: Played) -> list[Reply | None]:
    """Before the window, as a live server holds its matches: each match advanced a random number of actions below
    ``advance`` (``Table.act``, untimed: every stage of play, not all matches at set-up in step), then, on the full
    command path, one command each, all at once: their first boards drawn (timed into ``played.first``: as after a
    restart, when every live match's next board is drawn in a fresh board worker). Each match's last reply."""
    counts = Played().counts

    async def advanced(i: int, match_id: str) -> int:
        steps = pickers[i].randrange(advance) if advance > 0 else 0
        for n in range(steps):
            async with gate:
                if await _one_action(table, match_id, pickers[i], [], counts):
                    return n
        return steps
    played.advanced = list(await asyncio.gather(*(advanced(i, m) for i, m in enumerate(ids))))
    if games is None:
        return [None] * len(ids)

    async def first(i: int, match_id: str) -> Reply | None:
        async with gate:
            return (await _one_command(games, match_id, None, pickers[i], played.first, counts))[1]
    t0 = time.perf_counter()
    shown = list(await asyncio.gather(*(first(i, m) for i, m in enumerate(ids))))
    played.first_elapsed = time.perf_counter() - t0
    return shown


def _press_from(shown: Reply | None, picker: random.Random):
    """A random choice among the reply's action buttons and menu options, with a player it is offered to
    (``g:<match>:<n>:<seat index or x>:<choice>``), or None when it offers none (choices made by commands)."""
    if shown is None:
        return None
    players = _players.get(shown.panel or "")
    offered = [(b.custom_id, None) for b in shown.buttons if _is_choice(b.custom_id)]
    offered += [(m.custom_id, [o.value]) for m in shown.selects for o in m.options if _is_choice(m.custom_id)]
    if not offered or not players:
        return None
    custom_id, values = picker.choice(offered)
    who = custom_id.split(":")[3]
    if who == "x":  # any awaited player: the reply pinged them
        awaited = [p for p in players if p.user_id in shown.mentions] or players
        return picker.choice(awaited), custom_id, values
    return players[int(who)], custom_id, values


class Process:
    """What a bot process keeps between commands: its resident memory, and the discord.py views its replies leave
    registered. Every reply goes through ``cogs.send.outgoing`` as the bot sends it, and its view into a real
    ``ViewStore`` on discord.py's own rule (``Messageable.send``: a view not finished and dispatchable is stored)."""

    def __init__(self, rss_after: int, trace: bool = False) -> None:
        self.store = ViewStore(None)  # type: ignore[arg-type] - the state is only used to dispatch
        self.rss_after, self.served, self.message, self.trace = rss_after, 0, 0, trace
        self.rss: dict[str, int] = {}
        self.census: dict[str, collections.Counter[str]] = {}

    def sent(self, reply: Reply) -> None:
        for post in [reply] + [post for _, post in reply.posts]:
            with outgoing(post) as kwargs:
                view = kwargs.get("view")
                self.message += 1
                if view is not None and not view.is_finished() and view.is_dispatchable():
                    self.store.add_view(view, self.message)
        self.served += 1
        if self.served == self.rss_after:
            self.mark("after")

    def mark(self, when: str) -> None:
        self.rss[when] = rss_kib()
        if self.trace and when in ("after", "end"):
            self.census[when] = census()
            self.census[when + " (garbage)"] = census() - census(collect=True)

    def held(self, top: int = 15) -> list[str]:
        """What grew most from the ``rss_after``-th command to the window's end: objects by type, and the entries of
        every ``functools`` cache of the bot's modules (a cache still filling grows RSS as a leak would)."""
        if "after" not in self.census or "end" not in self.census:
            return []
        before, after = self.census["after"], self.census["end"]
        grew = sorted(((after[k] - before.get(k, 0), k) for k in after), reverse=True)
        garbage = self.census["end (garbage)"]
        return [f"{n:+9d} {k} (now {after[k]}, of which garbage {garbage[k]})" for n, k in grew[:top] if n > 0]

    def stored(self) -> int:
        return sum(len(items) for items in self.store._views.values()) + len(self.store._synced_message_views)


def census(collect: bool = False) -> collections.Counter[str]:
    """The objects the garbage collector tracks, by type (after a full collection when ``collect``: only those
    alive), and each ``functools`` cache's entries (by module and name) of the engine, table and render modules."""
    if collect:
        gc.collect()
    counts = collections.Counter(type(o).__name__ for o in gc.get_objects())
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("engine", "table", "render", "cogs"):
            for attr, value in list(vars(module).items()):
                info = getattr(value, "cache_info", None)
                if callable(info):
                    counts[f"cache {name}.{attr}"] = info().currsize
    return counts


def rss_kib() -> int:
    """This process's resident memory in KiB (Linux' /proc; 0 where there is none)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError):
        return 0


_process: Process | None = None
"""This bot process's probe (worker processes only)."""


def _is_choice(custom_id: str) -> bool:
    parts = custom_id.split(":")
    return len(parts) == 5 and parts[0] == "g" and (parts[4].isdigit() or parts[4] == "menu")


_players: dict[str, list] = {}
"""Each match's seat holders, in seat order (a button names its seat by index)."""


async def _one_action(table: Table, match_id: str, picker: random.Random, latencies: list[float],
                      counts: dict[str, int]) -> bool:
    """One random legal action through ``Table.act`` alone; True when the match can go no further."""
    match = await table.store.load(match_id)
    if match.status is not Status.ACTIVE:
        counts["finished"] += 1
        return True
    system = systems.find_system(match.game)
    choices = [(h, a) for h in match.seats for a in system.legal_actions(match.state, h.seat)]
    if not choices:
        counts["stuck"] += 1
        return True
    holder, action = picker.choice(choices)
    started = time.perf_counter()
    try:
        await table.act(Context(Actor(holder.user_id, holder.name), match.thread_id or 1), action, match_id)
        counts["applied"] += 1
    except GameError:
        counts["refused"] += 1  # a concurrent change made it illegal: refused, nothing written
    latencies.append(time.perf_counter() - started)
    return False


@dataclass
class Share:
    """What one worker process plays: its matches, for how long."""

    url: str
    prefix: str
    ids: list[str]
    seconds: float
    concurrency: int
    seed: int
    path: str = "command"
    board_workers: int | None = None
    """Board-drawing processes of this bot process (None: ``BOARD_WORKERS``' default, one per core)."""
    advance: int = 0
    """Each match is first advanced a random number of actions below this, untimed (``bring_into_play``)."""
    rss_after: int = 10_000
    """Commands after which the process's RSS is read a second time."""
    trace_memory: bool = False
    """Count objects by type and cache entries at the ``rss_after``-th command and at the window's end, and report
    what grew (``--trace-memory``)."""


@dataclass
class Played:
    """What a worker measured."""

    latencies: list[float] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: {"applied": 0, "refused": 0, "finished": 0, "stuck": 0,
                                                            "pressed": 0})
    elapsed: float = 0.0
    cpu: dict[str, float] | None = None
    """CPU seconds over the timed window by role (``bench/cpu.py``): bot processes, board workers, Redis."""
    advanced: list[int] = field(default_factory=list)
    """Actions each match was advanced before the window."""
    first: list[float] = field(default_factory=list)
    """Each match's first command on the full path, before the window (its first board drawn), all at once."""
    first_elapsed: float = 0.0
    rss: list[dict[str, int]] = field(default_factory=list)
    """Each bot process's RSS in KiB: at the window's ``start``, ``after`` its first ``--rss-after`` commands,
    at the ``end``."""
    views: list[int] = field(default_factory=list)
    """Each bot process's view-store entries at the end of the window."""
    served: list[int] = field(default_factory=list)
    """Commands each bot process served (its timed window and the first command of each match)."""
    held: list[list[str]] = field(default_factory=list)
    """Each bot process's largest growths, from its ``--rss-after``-th command to the window's end: objects by type
    and cache entries (``--trace-memory``)."""


def worker(share: Share, ready, start, results) -> None:  # pragma: no cover - runs in a worker process
    """A bot process's share of the load: connect, wait for the others, play, report."""
    results.put(asyncio.run(_work(share, ready, start)))


async def _work(share: Share, ready, start) -> Played:
    global _process
    _test_game_if_needed()
    _process = Process(share.rss_after, share.trace_memory) if share.path == "command" else None
    redis = client_for(share.url, max_connections=share.concurrency + 10)
    table = Table(Store(redis, prefix=share.prefix), SECRET)
    idle = Settings.model_fields["idle_reminder_minutes"].default  # reminders armed as a bot armed by default
    games = Play(table, idle_minutes=idle, renderer=Renderer(share.board_workers)) if share.path == "command" else None
    collector.tune()  # as bot.py sets a bot process up
    try:
        await redis.ping()
        gate = asyncio.Semaphore(share.concurrency)
        played = Played()
        pickers = [random.Random(share.seed + i) for i in range(len(share.ids))]
        shown = await bring_into_play(table, games, share.ids, pickers, share.advance, gate, played)
        ready.put(os.getpid())
        await asyncio.to_thread(start.wait)  # every worker starts at once, so the figures cover the same time
        if _process:
            _process.mark("start")
        until = time.perf_counter() + share.seconds
        t0 = time.perf_counter()
        await asyncio.gather(*(play(table, m, until, pickers[i], played.latencies, played.counts, gate, games,
                                    shown[i]) for i, m in enumerate(share.ids)))
        played.elapsed = time.perf_counter() - t0
        if _process:
            _process.mark("end")
            played.rss, played.views, played.served = [_process.rss], [_process.stored()], [_process.served]
            played.held = [_process.held()]
        return played
    finally:
        await redis.aclose()
        for game in (games.games.values() if games else ()):  # board workers would keep this process alive
            close = getattr(getattr(game, "renderer", None), "close", None)
            if close:
                close()


def mix_of(args: argparse.Namespace) -> list[str]:
    """The games of ``--mix`` (or ``--game``), each key repeated by its weight: match ``i`` plays ``mix[i % len]``."""
    if not args.mix:
        return [_test_game_if_needed(args.game)]
    _test_game_if_needed()
    games: list[str] = []
    for part in args.mix.split(","):
        name, _, weight = part.strip().partition("=")
        games += [systems.find_system(name).info.key] * int(weight or 1)
    return games


def _test_game_if_needed(game: str | None = None) -> str:
    """Underworlds when it is registered, else the test game Nim (imported, so registered, here)."""
    load_games()  # every game's table package: the presenters the full command path needs
    if game and game != "nim":
        return game
    if not game and any(i.key == "underworlds" and ok for i, ok in systems.all_systems()):
        return "underworlds"
    import tests.support.nim  # noqa: F401 - the test game, when no real game is registered
    return "nim"


@dataclass
class Figures:
    """One column of the report."""

    processes: int
    matches: int
    played: Played
    memory_per_match: float
    finished: int
    memory_per_finished: dict[str, tuple[int, float | None]]
    """Per game: how many of its matches finished, the mean bytes of one."""
    memory_per_entry: float
    replay_bad: int
    finished_parts: tuple[float, float, float] | None = None
    """A finished match's snapshot bytes, log bytes and log entries (means)."""
    board_workers: int = 0
    """Board-drawing processes per bot process."""
    rss_after: int = 10_000


async def phase(url: str, prefix: str, args: argparse.Namespace, processes: int) -> Figures:
    """Open ``args.matches`` matches, play them with ``processes`` workers, measure, replay every log."""
    mix = mix_of(args)
    redis = client_for(url, max_connections=args.concurrency + 10)
    try:
        store = Store(redis, prefix=prefix)
        table = Table(store, SECRET)
        before = await used_memory(redis)
        gate = asyncio.Semaphore(args.concurrency)

        async def opened(i: int) -> str:
            async with gate:
                return await open_match(table, mix[i % len(mix)], i)
        ids = await asyncio.gather(*(opened(i) for i in range(args.matches)))
        game_of = {m: mix[i % len(mix)] for i, m in enumerate(ids)}

        played = await _run_workers(url, prefix, ids, args, processes)
        after = await used_memory(redis)
        if args.path == "command":
            each_game = [[m for m in ids if game_of[m] == g][:args.finish] for g in dict.fromkeys(mix)]
            await finish(table, [m for first in each_game for m in first])
        finished, per_finished, per_entry, parts = await _key_memory(store, ids, game_of)
        bad = 0
        for match_id in ids:
            match = await store.load(match_id)
            try:
                replay(match, table.seed(match_id), await store.log(match_id, events=False))
            except AssertionError as exc:
                bad += 1
                print(f"replay mismatch in {match_id}: {exc}", file=sys.stderr)
        return Figures(processes, len(ids), played, (after - before) / len(ids), finished, per_finished, per_entry,
                       bad, parts, board_workers(args, processes), args.rss_after)
    finally:
        await redis.aclose()


async def finish(table: Table, ids: list[str], most: int = 2000) -> None:
    """Play ``ids`` to their end, untimed, after the timed window (a short run ends few matches, if any): the
    memory of a finished match is measured on them."""
    games = Play(table)
    try:
        for n, match_id in enumerate(ids):
            shown, picker, counts = None, random.Random(-1 - n), Played().counts
            for _ in range(most):
                done, shown = await _one_command(games, match_id, shown, picker, [], counts)
                if done:
                    break
    finally:
        for game in games.games.values():
            close = getattr(getattr(game, "renderer", None), "close", None)
            if close:
                close()


def board_workers(args: argparse.Namespace, processes: int) -> int:
    """Board-drawing processes per bot process: ``--board-workers``, else the machine's cores shared between the bot
    processes (at least one): several bot processes on one host share its cores, as the README advises."""
    if args.board_workers is not None:
        return args.board_workers
    return max(1, min(4, os.cpu_count() or 1) // processes)


async def _run_workers(url: str, prefix: str, ids: list[str], args: argparse.Namespace, processes: int) -> Played:
    """Start the workers (spawned: each a fresh interpreter, as a bot process is), start them together, merge."""
    ctx = multiprocessing.get_context("spawn")
    ready, results, start = ctx.Queue(), ctx.Queue(), ctx.Event()
    per_worker = max(1, args.concurrency // processes)
    drawing = board_workers(args, processes)
    workers = [ctx.Process(target=worker, args=(Share(url, prefix, ids[k::processes], args.seconds, per_worker,
                                                      1000 * k, args.path, drawing, args.advance,
                                                      args.rss_after, args.trace_memory),
                                                ready, start, results))
               for k in range(processes)]
    for w in workers:
        w.start()
    bots = [await asyncio.to_thread(ready.get, True, 900) for _ in workers]  # matches brought into play first
    before = cpu.processes()
    start.set()
    merged = Played()
    await asyncio.sleep(args.seconds)
    merged.cpu = cpu.by_role(bots, before, cpu.processes())
    for _ in workers:
        one: Played = await asyncio.to_thread(results.get, True, args.seconds + 600)
        merged.latencies += one.latencies
        merged.advanced += one.advanced
        merged.first += one.first
        merged.first_elapsed = max(merged.first_elapsed, one.first_elapsed)
        for k, v in one.counts.items():
            merged.counts[k] += v
        merged.elapsed = max(merged.elapsed, one.elapsed)
        merged.rss += one.rss
        merged.views += one.views
        merged.served += one.served
        merged.held += one.held
    for w in workers:
        await asyncio.to_thread(w.join, 30)
        if w.is_alive():  # its figures are in; nothing of it is still needed
            w.terminate()
    return merged


async def _key_memory(store: Store, ids: list[str], game_of: dict[str, str], sample: int = 200
                      ) -> tuple[int, dict[str, tuple[int, float | None]], float, tuple[float, float, float] | None]:
    """How many matches finished, per game the finished ones and the mean bytes of one's keys, the bytes per log entry over a
    sample of every match (``MEMORY USAGE`` of snapshot + log), and a finished match's snapshot bytes, log bytes
    and entries (``MEMORY USAGE`` of each key: a finished match's log is kept compressed beside its snapshot, in
    its hash, so the log key holds only what was saved after; the entries are the match's log length)."""
    matches = [await store.load(m) for m in ids]
    finished = [m for m in matches if m.status.over]

    async def size(match_id: str) -> int:
        total = 0
        for key in (store._match_key(match_id), store._log_key(match_id)):
            total += await store.redis.memory_usage(key, samples=0) or 0
        return total
    per_finished: dict[str, tuple[int, float | None]] = {}
    for game in dict.fromkeys(game_of.values()):
        done = [m for m in finished if game_of[m.id] == game]
        sizes = [await size(m.id) for m in done[:sample]]
        per_finished[game] = (len(done), statistics.mean(sizes) if sizes else None)
    sampled = matches[:sample]
    per_entry = sum([await size(m.id) for m in sampled]) / max(1, sum(m.log_length for m in sampled))
    parts = []
    for m in finished[:sample]:
        log_key = store._log_key(m.id)
        parts.append((await store.redis.memory_usage(store._match_key(m.id), samples=0) or 0,
                      await store.redis.memory_usage(log_key, samples=0) or 0,
                      m.log_length))
    mean_parts = tuple(statistics.mean(p[i] for p in parts) for i in range(3)) if parts else None
    return len(finished), per_finished, per_entry, mean_parts


async def aof(url: str) -> str:
    """The append-only settings of every primary serving ``url``, as they are (not as asked for)."""
    redis = client_for(url)
    try:
        if isinstance(redis, RedisCluster):
            await redis.initialize()
            answers = [await redis.config_get("append*", target_nodes=node) for node in redis.get_primaries()]
        else:
            answers = [await redis.config_get("append*")]
    finally:
        await redis.aclose()
    seen = sorted({f"appendonly {a.get('appendonly')}, appendfsync {a.get('appendfsync')}" for a in answers})
    return f"{' / '.join(seen)} on {len(answers)} primar{'ies' if len(answers) > 1 else 'y'}"


def report(columns: list[Figures], where: str, path: str, persistence: str) -> None:
    """The figures, one column per worker count, the issue's goal beside each."""
    def row(name: str, goal: str, cell) -> None:
        print(f"{name:<34}" + "".join(f"{cell(c):>16}" for c in columns) + f"   {goal}")

    def lat(c: Figures, q: float, first: bool = False) -> str:
        lat_sorted = sorted(c.played.first if first else c.played.latencies)
        if not lat_sorted:
            return "-"
        return f"{(statistics.median(lat_sorted) if q == 0.5 else lat_sorted[int(len(lat_sorted) * q)]) * 1000:.1f} ms"

    print(f"\n{where}; {persistence} (goal: appendonly yes, appendfsync everysec)")
    print(f"each action timed: {PATHS[path]} [--path {path}]")
    print(f"{'':<34}" + "".join(f"{f'{c.processes} process' + ('es' if c.processes > 1 else ''):>16}"
                                 for c in columns) + "   goal (issue #20)")
    row("matches", "1,000", lambda c: f"{c.matches}")
    row("  advanced first, actions (mean)", "", lambda c: f"{statistics.mean(c.played.advanced or [0]):.0f}"
        f" ({min(c.played.advanced or [0])}–{max(c.played.advanced or [0])})")
    if path == "command":
        row("  then one command each: p50/p99", "- (all at once: their first boards)",
            lambda c: f"{lat(c, 0.5, True)[:-3]}/{lat(c, 0.99, True)}")
        row("    all of them in", "", lambda c: f"{c.played.first_elapsed:.1f} s")
    print("the timed window, every match live:")
    row("actions (applied/refused)", "", lambda c: f"{c.played.counts['applied']}/{c.played.counts['refused']}")
    if path == "command":
        row("  of which buttons/menus pressed", "", lambda c: f"{c.played.counts['pressed']}")
        row("board workers per process", "", lambda c: f"{c.board_workers}")
    def rate(c: Figures) -> float:
        return len(c.played.latencies) / max(c.played.elapsed, 1e-9)
    row("throughput", GOALS["throughput"], lambda c: f"{rate(c):.0f}/s")
    if len(columns) > 1:
        row("scaling (throughput / 1 process)", GOALS["scaling"],
            lambda c: f"{rate(c) / max(rate(columns[0]), 1e-9):.2f}×")
    row("latency p50", GOALS["p50"], lambda c: lat(c, 0.5))
    row("latency p99", GOALS["p99"], lambda c: lat(c, 0.99))
    for role, name in (("bot", "bot processes"), ("boards", "board workers"), ("redis", "Redis servers")):
        row(f"CPU per action: {name}", "-", lambda c, role=role: "-" if not c.played.cpu else
            f"{c.played.cpu[role] * 1000 / max(len(c.played.latencies), 1):.2f} ms")
    row("Redis memory per match (used Δ)", GOALS["memory"], lambda c: f"{c.memory_per_match / 1024:.1f} KiB")
    for game in columns[0].memory_per_finished:
        row(f"memory per finished {game}", GOALS["finished"], lambda c, game=game: "none" if not
            c.memory_per_finished[game][1] else
            f"{c.memory_per_finished[game][1] / 1024:.1f} KiB ({c.memory_per_finished[game][0]})")
    row("  of which hash (snapshot + log) / stream", "-", lambda c: "-" if not c.finished_parts else
        f"{c.finished_parts[0] / 1024:.1f} / {c.finished_parts[1] / 1024:.1f} KiB")
    row("  log entries of a finished match", "-", lambda c: f"{c.finished_parts[2]:.0f}" if c.finished_parts else "-")
    row("memory per log entry", "-", lambda c: f"{c.memory_per_entry:.0f} B")
    row("replay equals snapshot", "all", lambda c: f"{c.matches - c.replay_bad}/{c.matches}")
    if path == "command":
        print("each bot process (one line per process):")
        for c in columns:
            for rss, views, served in zip(c.played.rss, c.played.views, c.played.served):
                after = rss.get("after")
                growth = f"{(rss['end'] - after) / after * 100:+.1f}% since then" if after else "not reached"
                print(f"  of {c.processes}: {served} commands; RSS {rss['start'] / 1024:.0f} MiB at the start, "
                      f"{after / 1024 if after else 0:.0f} MiB after {c.rss_after}, {rss['end'] / 1024:.0f} MiB at "
                      f"the end ({growth}, goal within 10%); view store {views} entries (goal: no more than "
                      f"the panels with live buttons, {c.matches // c.processes} per process)")
        for c in columns:
            for held in c.played.held:
                if held:
                    print(f"  growth from the {c.rss_after}-th command to the end (objects by type, cache entries), of "
                          f"{c.processes}: " + "\n    ".join(held))


async def run(args: argparse.Namespace) -> int:
    prefix = f"load{os.getpid()}"
    async with bench_url(prefix, cluster=args.cluster) as url:
        where = ("Redis Cluster " if is_cluster(url) else "Redis ") + url.split("@")[-1]
        counts = [1] + ([args.processes] if args.processes > 1 else [])
        columns = []
        for n in counts:
            print(f"playing {args.matches} matches for {args.seconds:g} s with {n} worker process(es) ...", flush=True)
            columns.append(await phase(url, f"{prefix}p{n}", args, n))
        report(columns, where, args.path, await aof(url))
    return 1 if any(c.replay_bad for c in columns) else 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--game", default=None)
    parser.add_argument("--mix", default=None, help="several games at once, in proportions: uw,mw,db,tdg (equal) or "
                                                   "uw=2,mw=1 (a name alone weighs 1); overrides --game")
    parser.add_argument("--trace-memory", action="store_true",
                        help="count objects by type and cache entries after --rss-after commands and at the end; print what grew")
    parser.add_argument("--rss-after", type=int, default=10_000,
                        help="each bot process's RSS is read after this many commands (and at the window's ends)")
    parser.add_argument("--concurrency", type=int, default=50, help="requests in flight at once, over all workers")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (besides the 1-process column)")
    parser.add_argument("--cluster", action="store_true", help="play on a Redis Cluster (started here if needed)")
    parser.add_argument("--advance", type=int, default=100,
                        help="each match is first advanced a random number of actions below this, untimed (0: all "
                             "matches start the window at their set-up)")
    parser.add_argument("--finish", type=int, default=10,
                        help="matches played to their end after the timed window, untimed (memory per finished match)")
    parser.add_argument("--board-workers", type=int, default=None,
                        help="board-drawing processes per bot process (default: the cores shared between the bot "
                             "processes, at least one, as the README advises for BOARD_WORKERS)")
    parser.add_argument("--path", choices=sorted(PATHS), default="command",
                        help="what each timed action runs: the full command (default) or Table.act only")
    code = asyncio.run(run(parser.parse_args(argv)))
    if code:
        raise SystemExit(code)


if __name__ == "__main__":
    main()
