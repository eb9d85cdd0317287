"""The text commands of the local table, mapped onto the table layer (the same calls the cogs make)."""
from __future__ import annotations

from engine.core import system as systems
from engine.core.errors import InvalidInput, NotFound
from table import handover, practice
from table.context import Context
from table.games import games_reply
from table.i18n import languages, messages
from table.local import LOBBY, LocalTable
from table.play import Play
from table.reply import Reply


def _int(name: str, value: str | int | None, default: int, example: str) -> int:
    if value is None:
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InvalidInput("local.not_a_number", option=name, value=str(value)[:50], example=example) from None


def _a_game() -> str:
    """A playable game's key, for examples."""
    return next((info.key for info, ok in systems.all_systems() if ok), "<game>")


def install(local: LocalTable, play: Play) -> None:
    """Register the lifecycle commands on a local table."""
    table = local.services.table
    cmd = local.command

    @cmd("match new", ["game", "opponent", "pack", "opponent2", "opponent3", "level", "players"],
         aliases={"vs": "opponent", "vs2": "opponent2", "vs3": "opponent3"},
         help="/match new <game> vs:<player> [vs2:<player> vs3:<player>] [pack:<id>] — challenge other local "
              "players (vs2, vs3: a game of three or four); vs:practice [level:easy|normal|hard] [players:N]: "
              "against the practice opponent")
    async def match_new(ctx: Context, game: str = "", opponent: str = "", pack: str | None = None,
                        opponent2: str | None = None, opponent3: str | None = None, level: str | None = None,
                        players: str = "2") -> Reply:
        if not game or not opponent:
            raise InvalidInput("local.missing_option", option="game, vs",
                               example=f"/match new {_a_game()} vs:bob")
        if opponent.lower() == practice.OPPONENT:
            if not players.isdigit():
                raise InvalidInput("local.bad_option", option="players", problem=players,
                                   example=f"/match new {_a_game()} vs:practice players:2")
            return await local.services.packs.new_match(ctx, table, game, None, pack, practice=level or "normal",
                                                        players=int(players))
        extra = [local.actor(name.lstrip("@")) for name in (opponent2, opponent3) if name]
        first = local.actor(opponent.lstrip("@"))
        return await local.services.packs.new_match(ctx, table, game, [first, *extra] if extra else first, pack)

    @cmd("match practice", ["game", "level", "players", "pack"],
         help="/match practice <game> [level:easy|normal|hard] [players:N] [pack:<id>] — a practice match against "
              "the bot (as /match new <game> vs:practice)")
    async def match_practice(ctx: Context, game: str = "", level: str | None = None, players: str = "2",
                             pack: str | None = None) -> Reply:
        return await match_new(ctx, game, practice.OPPONENT, pack, level=level, players=players)

    @cmd("block", ["user"], help="/block <player> — refuse their challenges (leagues are not affected); "
                                 "/block alone: whom you block")
    async def block(ctx: Context, user: str = "") -> Reply:
        name = user.strip().lstrip("@")
        return await (table.blocks.block(ctx, local.actor(name)) if name else table.blocks.listing(ctx))

    @cmd("unblock", ["user"], help="/unblock <player> — take their challenges again")
    async def unblock(ctx: Context, user: str = "") -> Reply:
        if not user.strip():
            raise InvalidInput("local.bad_option", option="user", problem="say who", example="/unblock bob")
        return await table.blocks.unblock(ctx, local.actor(user.strip().lstrip("@")))

    @cmd("match status", ["match"], help="/match status [match:<id>] — a match: its players, turn and result")
    async def match_status(ctx: Context, match: str | None = None) -> Reply:
        return await table.status(ctx, match)

    @cmd("match concede", ["match"],
         help="/match concede — concede: your opponent wins (with more players, you are out)")
    async def match_concede(ctx: Context, match: str | None = None) -> Reply:
        return await table.ask_concede(ctx, match)

    @cmd("match substitute", ["substitute", "player", "match"],
         help="/match substitute <player> [player:<whose seat> (moderators)] — hand your seat to someone else "
              "(they /press Take the seat)")
    async def match_substitute(ctx: Context, substitute: str = "", player: str | None = None,
                               match: str | None = None) -> Reply:
        if not substitute.strip():
            raise InvalidInput("local.bad_option", option="substitute", problem="say who",
                               example="/match substitute carol")
        leaving = local.actor(player.strip().lstrip("@")) if player and player.strip() else None
        return await handover.offer(table, ctx, local.actor(substitute.strip().lstrip("@")), leaving, match)

    @cmd("match abandon", ["match"],
         help="/match abandon — end the match with no result (every player, or a moderator)")
    async def match_abandon(ctx: Context, match: str | None = None) -> Reply:
        return await table.ask_abandon(ctx, match)

    @cmd("match log", ["n", "match"], help="/match log [n] — the last n log entries")
    async def match_log(ctx: Context, n: str | None = None, match: str | None = None) -> Reply:
        return await table.log(ctx, _int("n", n, 10, "/match log 5"), match)

    @cmd("match board", ["step", "match"],
         help="/match board [step] — the board as it was after that step of /match log (-1: before the last step; "
              "none: before the other players' last turn)")
    async def match_board(ctx: Context, step: str | None = None, match: str | None = None) -> Reply:
        return await play.history.board(ctx, None if step is None else _int("step", step, 0, "/match board 12"),
                                        match)

    @cmd("match replay", ["speed", "from", "to", "match"],
         help="/match replay [speed:1] [from:<step>] [to:<step>] — the match as an animation (players may ask "
              "during it)")
    async def match_replay(ctx: Context, speed: str | None = None, match: str | None = None, **steps: str) -> Reply:
        try:
            pace = float(speed) if speed is not None else 1.0
        except ValueError:
            raise InvalidInput("local.not_a_number", option="speed", value=str(speed)[:50],
                               example="/match replay speed:2") from None
        first = _int("from", steps.get("from"), 0, "/match replay from:10") if steps.get("from") else None
        last = _int("to", steps.get("to"), 0, "/match replay to:40") if steps.get("to") else None

        def progress(text: str) -> None:
            if not local.as_json:
                print(text, file=local.out, flush=True)
        return await play.history.replay(ctx, pace, first, last, match, progress=progress)

    @cmd("match boards", ["when"], help="/match boards every_step|turn_end — your steps post the board after "
                                        "each one, or only when your turn ends")
    async def match_boards(ctx: Context, when: str = "") -> Reply:
        return await play.display.choose(ctx, when.strip().lower())

    @cmd("match list", [], help="/match list — your matches")
    async def match_list(ctx: Context) -> Reply:
        return await table.my_matches(ctx)

    @cmd("match verify", ["match"], help="/match verify — check every roll against the revealed seed")
    async def match_verify(ctx: Context, match: str | None = None) -> Reply:
        return await table.verify(ctx, match)

    @cmd("match games", [], help="/match games — the games and which can be played")
    async def match_games(ctx: Context) -> Reply:
        return games_reply(ctx.lang)

    @cmd("as", ["name", "mod"], help="/as <name> [mod:yes] — act as another local player", positional=["name"])
    async def as_(ctx: Context, name: str = "", mod: str = "no") -> Reply:
        if not name:
            raise InvalidInput("local.bad_option", option="name", problem=local.say("local.say_who"),
                               example="/as bob")
        local.player = name.lstrip("@")
        local.moderator = mod.lower() in ("yes", "true", "1", "sí", "si")
        return Reply(content=local.say("local.you_are_mod" if local.moderator else "local.you_are",
                                       name=local.player))

    @cmd("go", ["where"], help="/go <thread id|lobby> — move to a thread or the lobby")
    async def go(ctx: Context, where: str = "lobby") -> Reply:
        local.channel = LOBBY if where.lower() in ("lobby", "vestíbulo") else _int("where", where, LOBBY, "/go 1001")
        return Reply(content=local.say("local.now_in_lobby") if local.channel == LOBBY
                     else local.say("local.now_in_thread", thread=local.channel))

    @cmd("lang", ["lang"], help="/lang en|es — the language of the table (also `--lang es` at start)")
    async def lang(ctx: Context, lang: str = "") -> Reply:
        wanted = lang.strip().lower()[:2]
        if wanted not in languages():
            raise InvalidInput("local.bad_option", option="lang", problem=local.say(
                "local.languages", languages=", ".join(languages())), example="/lang es")
        local.lang = wanted
        return Reply(content=local.say("local.language_now"))

    @cmd("press", ["button"], help="/press <number or label> — press a button (or choose in a menu) of the last "
                                   "reply, by its number or its label exactly as printed", raw=True)
    async def press(ctx: Context, button: str = "") -> Reply:
        label, custom_id, value = find_button(local.buttons, button)
        custom_id = custom_id or label
        route = local.routes.get(custom_id.partition(":")[0])
        if route is not None:
            return await route(ctx, custom_id)
        return await play.press(ctx, custom_id, None if value is None else [value])

    @cmd("help", ["topic"], help="/help [topic] — the commands (all, or one topic: /help match, /help roll…)")
    async def help_(ctx: Context, topic: str = "") -> list[Reply]:
        return help_replies(local, play, topic)


def _same(text: str) -> str:
    """A label as compared with what was typed: case, spacing and typographic quotes left aside."""
    text = text.translate(str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "″": '"'}))
    return " ".join(text.split()).casefold()


def find_button(buttons: list[tuple[str, str, str | None]], typed: str) -> tuple[str, str, str | None]:
    """The button (label, custom id, menu value) ``typed`` names: its number as printed (from 1), its label as
    printed, or its custom id; a ``custom:id`` not on the last reply is returned as a label to press by id.

    :raises NotFound: core.unknown_button
    """
    wanted = _same(typed)
    if wanted.isdigit() and 1 <= int(wanted) <= len(buttons):
        return buttons[int(wanted) - 1]
    for button in buttons:
        if wanted in (_same(button[0]), _same(button[1])):
            return button
    if ":" in typed and " " not in typed.strip():
        return typed.strip(), "", None
    raise NotFound("core.unknown_button")


HELP_LIMIT = 1900
"""Characters of help in one message (Discord's 2,000, with room for the heading)."""


def _topics(local: LocalTable, play: Play) -> dict[str, list[str]]:
    """Each topic's command paths: a command's first word, the local table's own commands together."""
    own = {"as", "go", "press", "help", "lang"}
    topics: dict[str, list[str]] = {}
    for path in sorted(local.commands):
        if not local.commands[path].help:
            continue
        first = path.split()[0]
        topics.setdefault("local" if first in own else first, []).append(path)
    return topics


def describe(local: LocalTable, path: str, lang: str) -> str:
    """A command's help line in ``lang``: the usage as typed, and its description from the catalogue's
    ``cmd.*`` key where the language has one (the English of the registration otherwise)."""
    line = local.commands[path].help
    if lang == "en":
        return line
    usage, sep, english = line.partition(" — ")
    words = path.split()
    catalogue = messages(lang)
    keys = [f"local.help.{'.'.join(words)}", f"cmd.{'.'.join(words)}", f"cmd.game.{'.'.join(words[1:])}"]
    if local.commands[path].key:
        keys.insert(0, local.commands[path].key)
    if len(words) == 2 and words[0] in ("roll", "odds"):
        keys.append(f"cmd.{words[0]}.dice")
    text = next((catalogue[k] for k in keys if catalogue.get(k)), None)
    return f"{usage}{sep}{text}" if text and sep else line


def help_replies(local: LocalTable, play: Play, topic: str = "") -> list[Reply]:
    """``/help``: every command in messages that fit, by topic; ``/help <topic>`` only that topic's (a command's
    first word, or a game's key: ``/help match``, ``/help <game command>``, ``/help <game key>``)."""
    topics = _topics(local, play)
    wanted = topic.strip().lstrip("/").lower()
    by_key = {key: game.presenter.command for key, game in play.games.items()}
    wanted = by_key.get(wanted, wanted)
    if wanted and wanted not in topics:
        raise InvalidInput("local.bad_option", option="topic", problem=local.say(
            "local.help_topics", topics=", ".join(topics)), example="/help match")
    chosen = [wanted] if wanted else list(topics)
    replies: list[Reply] = []
    if not wanted:
        replies.append(Reply(content=local.say("local.help_intro", topics=", ".join(topics)), ephemeral=True))
    for name in chosen:
        lines = [describe(local, path, local.lang) for path in topics[name]]
        chunk: list[str] = []
        for line in lines:
            if chunk and sum(len(x) + 1 for x in chunk) + len(line) > HELP_LIMIT:
                replies.append(Reply(content="\n".join(chunk), ephemeral=True))
                chunk = []
            chunk.append(line)
        if chunk:
            replies.append(Reply(content="\n".join(chunk), ephemeral=True))
    return replies
