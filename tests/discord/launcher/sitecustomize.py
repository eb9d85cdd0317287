"""Test-only launcher: point an unmodified discord.py bot at a local fake Discord.

Python imports ``sitecustomize`` at start-up from any folder on ``sys.path``, so running
``PYTHONPATH=tests/discord/launcher FAKE_DISCORD_URL=http://127.0.0.1:PORT python bot.py``
starts the real bot against the fake (``FakeDiscord.subprocess_env()`` builds that
environment). Without ``FAKE_DISCORD_URL`` this file does nothing.

- ``FAKE_DISCORD_URL``: the fake's base URL (REST at ``/api/v10``, gateway at ``/gateway``).
- ``FAKE_DISCORD_GUILD_READY_TIMEOUT``: optional default for ``guild_ready_timeout``
  (seconds) so ``on_ready`` does not wait discord.py's default 2 s.
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
        if _ready:
            _original_init = discord.Client.__init__

            def _init(self, *args, **options):
                options.setdefault("guild_ready_timeout", float(_ready))
                _original_init(self, *args, **options)

            discord.Client.__init__ = _init
