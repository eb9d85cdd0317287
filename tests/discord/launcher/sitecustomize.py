"""Test-only launcher: point an unmodified discord.py bot at a local fake Discord.

Python imports ``sitecustomize`` at start-up from any folder on ``sys.path``, so running
``PYTHONPATH=tests/discord/launcher FAKE_DISCORD_URL=http://127.0.0.1:PORT python bot.py``
starts the real bot against the fake (``FakeDiscord.subprocess_env()`` builds that
environment). Without ``FAKE_DISCORD_URL`` this file does nothing.

- ``FAKE_DISCORD_URL``: the fake's base URL (REST at ``/api/v10``, gateway at ``/gateway``).
- ``FAKE_DISCORD_GUILD_READY_TIMEOUT``: optional default for ``guild_ready_timeout``
  (seconds) so ``on_ready`` does not wait discord.py's default 2 s.
- ``FAKE_DISCORD_SLOW``: optional test-only delays, ``module:Class.method=seconds`` (comma
  separated), e.g. ``table.store:Store.save=3``: that coroutine method sleeps so long first
  (a Redis crawling), so a test can stop or kill the process in the middle of a command.
  Applied when the client is created (the bot's modules are imported by then).
"""
import os

_URL = os.environ.get("FAKE_DISCORD_URL", "").rstrip("/")

if _URL:
    try:
        import discord
        import discord.asset
        import discord.gateway
        import discord.http
        import yarl
    except ImportError:  # not a discord.py process: nothing to patch
        pass
    else:
        discord.http.Route.BASE = _URL + "/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
            _URL.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/gateway")
        discord.asset.Asset.BASE = _URL
        _ready = os.environ.get("FAKE_DISCORD_GUILD_READY_TIMEOUT")
        _slow = os.environ.get("FAKE_DISCORD_SLOW", "")
        if _ready or _slow:
            _original_init = discord.Client.__init__

            def _slow_down(spec):
                import asyncio
                import importlib

                for item in filter(None, (part.strip() for part in spec.split(","))):
                    target, _, seconds = item.partition("=")
                    module, _, attribute = target.partition(":")
                    owner_name, _, method = attribute.rpartition(".")
                    owner = importlib.import_module(module)
                    for name in filter(None, owner_name.split(".")):
                        owner = getattr(owner, name)
                    original = getattr(owner, method)

                    async def slow(*args, _original=original, _seconds=float(seconds), **kwargs):
                        await asyncio.sleep(_seconds)
                        return await _original(*args, **kwargs)
                    setattr(owner, method, slow)

            def _init(self, *args, **options):
                global _slow
                if _ready:
                    options.setdefault("guild_ready_timeout", float(_ready))
                if _slow:
                    _slow_down(_slow)
                    _slow = ""
                _original_init(self, *args, **options)

            discord.Client.__init__ = _init
