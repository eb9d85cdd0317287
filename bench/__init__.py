"""Benchmarks: each module prints figures (``python -m bench.<name>``); tests never assert timings."""

from table.games import load_games

load_games()  # every game, as the bot loads them: engine and table packages
