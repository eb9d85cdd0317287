"""The rules engine: pure Python, no I/O. Nothing here imports discord, redis, Pillow or the table."""
