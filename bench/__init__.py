"""Benchmarks: each module prints figures (``python -m bench.<name>``); tests never assert timings."""
