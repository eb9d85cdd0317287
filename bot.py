"""Entry point: the Discord bot when DISCORD_TOKEN is set, otherwise the local table.

    python bot.py                       # Discord (token set) or the local table's prompt
    SHARD_COUNT=2 SHARD_IDS=0 python bot.py   # one of several processes, each on its own shards
    python bot.py --script FILE [--json]  # run a file of local-table commands and exit
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from table import collector
from table.logs import setup_logging
from table.services import open_services
from table.settings import Settings


async def run_discord(settings: Settings) -> None:
    """Connect to Discord (on the shards ``SHARD_IDS`` names, if any) and serve until stopped.

    SIGTERM/SIGINT drain: interactions being handled finish (``DRAIN_SECONDS`` at most) and are answered,
    new ones are left to the next process, then the bot closes; a second signal closes at once."""
    from cogs.client import build_bot

    async with open_services(settings) as services:
        bot = build_bot(services)
        collector.tune()
        loop = asyncio.get_running_loop()

        def stop() -> None:
            if bot.draining:
                asyncio.ensure_future(bot.close())
            else:
                asyncio.ensure_future(bot.drain(settings.drain_seconds))
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop)
        async with bot:
            await bot.start(settings.discord_token.get_secret_value())


async def run_local(settings: Settings, script: Path | None, as_json: bool, lang: str = "en") -> None:
    """The local table: a prompt (its history kept in ``DATA_DIR/local_history``), or a script of commands."""
    from table.local_app import open_local_table

    async with open_services(settings) as services:
        local = open_local_table(services, as_json=as_json, boards_dir=settings.boards_dir, lang=lang)
        collector.tune()
        if script is None:
            await local.interactive(history=settings.data_dir / "local_history")
        else:
            text = sys.stdin.read() if str(script) == "-" else script.read_text(encoding="utf-8")
            await local.run(text.splitlines(), echo=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--script", type=Path, help="run local-table commands from FILE ('-': stdin)")
    parser.add_argument("--json", action="store_true", help="with --script: one JSON object per reply")
    parser.add_argument("--local", action="store_true", help="open the local table even if DISCORD_TOKEN is set")
    parser.add_argument("--lang", choices=["en", "es"], default="en",
                        help="the local table's language (English or Spanish; /lang changes it while playing)")
    args = parser.parse_args(argv)
    settings = Settings()
    setup_logging(settings.log_level, as_json=settings.log_json,
                  quiet=args.script is not None or (not settings.discord_token or args.local))
    if settings.discord_token and not args.local and args.script is None:
        asyncio.run(run_discord(settings))
        # Closed, everything saved: a signal during the interpreter's last clean-up (board workers joined) must
        # not turn this clean exit into a kill, as it would once the loop's handlers are gone.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    else:
        try:
            asyncio.run(run_local(settings, args.script, args.json, args.lang))
        except KeyboardInterrupt:  # Ctrl-C while a command ran: it was cancelled, everything closed; leave quietly
            print(file=sys.stderr)
            sys.exit(130)


if __name__ == "__main__":
    main()
