"""Configuration from the environment (every variable is listed in the README)."""
from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting the bot reads, with its environment variable and default."""

    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="Bot token; unset opens the local table")
    redis_url: str | None = Field(default=None, description="redis:// or unix:// URL; unset starts an embedded server")
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
    log_level: str = Field(default="INFO")
    log_json: bool = Field(default=False, description="One JSON object per log line")
