"""Configuration from the environment (every variable is listed in the README)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting the bot reads, with its environment variable and default."""

    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="Bot token; unset opens the local table")
    redis_url: str | None = Field(
        default=None, description="redis://, rediss:// or unix:// URL, or redis-cluster://host:port[,host:port...] "
                                  "for a Redis Cluster; unset starts an embedded server")
    data_dir: Path = Field(default=Path("var"), description="Embedded Redis data and other local state")
    boards_dir: Path = Field(default=Path("boards"), description="Where the local table writes images")
    server_secret: SecretStr | None = Field(
        default=None, description="Secret for provably fair match seeds; unset: generated once and kept in Redis")
    redis_prefix: str = Field(default="gm", pattern=r"^[A-Za-z0-9_.-]{1,32}$", description="Key prefix")
    match_retention_days: int = Field(default=90, ge=1, description="How long finished matches are kept")
    dev_guild_id: int | None = Field(default=None, description="Sync commands to this guild only (instant)")
    idle_reminder_minutes: int = Field(default=720, ge=0, description="Remind the player to act (0: never)")
    defer_after_seconds: float = Field(default=2.0, gt=0, lt=3,
                                       description="Acknowledge an interaction (defer) when its work takes longer")
    rate_limit_per_minute: int = Field(default=30, ge=1, description="Commands one user may send per minute")
    game_plugins: str = Field(default="", description="Extra game-system modules to import, comma separated")
    health_port: int | None = Field(default=None, ge=0, le=65535,
                                    description="Serve /health and /metrics on this port (unset: off)")
    health_host: str = Field(default="127.0.0.1", description="Address of the health server")
    shard_count: Annotated[int, Field(ge=1)] | Literal["auto"] | None = Field(
        default=None, description="Discord shards in all: a number (every process the same), 'auto' (Discord's "
                                  "recommended count, one process runs them all) or unset (one unsharded connection)")
    shard_ids: str | None = Field(default=None, description="The shards this process runs: '0,1' or '0-3' "
                                                            "(needs a numeric SHARD_COUNT and REDIS_URL)")
    drain_seconds: float = Field(default=20.0, ge=0, description="On SIGTERM, how long to let commands being "
                                                                 "handled finish before closing")
    board_workers: int | None = Field(default=None, ge=0,
                                      description="Processes drawing board images for this bot process (unset: "
                                                  "one per CPU core, at most 4; 0: in a thread of the bot)")
    practice_pause_seconds: float = Field(default=1.5, ge=0, le=10,
                                          description="The pause before each move of the practice opponent is posted")
    log_level: str = Field(default="INFO")
    log_json: bool = Field(default=False, description="One JSON object per log line")

    @field_validator("shard_ids")
    @classmethod
    def _shard_ids_form(cls, value: str | None) -> str | None:
        if value is not None and value.strip() and parse_shard_ids(value) is None:
            raise ValueError("SHARD_IDS is a comma-separated list of shard numbers or ranges: '0,1' or '0-3'")
        return value.strip() or None if value is not None else None

    @model_validator(mode="after")
    def _shards_agree(self) -> "Settings":
        ids = self.owned_shards
        if ids is None:
            return self
        if not isinstance(self.shard_count, int):
            raise ValueError("SHARD_IDS needs a numeric SHARD_COUNT: every process must agree on the count")
        if max(ids) >= self.shard_count:
            raise ValueError(f"SHARD_IDS {self.shard_ids!r} names shards beyond SHARD_COUNT={self.shard_count} "
                             f"(shards are numbered 0 to {self.shard_count - 1})")
        if self.discord_token and not self.redis_url:
            raise ValueError("SHARD_IDS (several processes) needs REDIS_URL: the processes must share one Redis")
        return self

    @property
    def owned_shards(self) -> list[int] | None:
        """The shard ids this process runs (None: not given, so all of them or no sharding)."""
        return parse_shard_ids(self.shard_ids) if self.shard_ids else None

    @property
    def sharded(self) -> bool:
        """Whether the bot connects as an ``AutoShardedBot`` (a count or ids given)."""
        return self.shard_count is not None or self.shard_ids is not None


def parse_shard_ids(text: str) -> list[int] | None:
    """'0,1' or '0-3' or '0-1,4' as a sorted list without repeats; None when malformed."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            return None
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            return None
        ids.update(range(first, last + 1))
    return sorted(ids)
