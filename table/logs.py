"""Logging set-up: plain or JSON lines, with the match and interaction ids when known."""
from __future__ import annotations

import contextvars
import json
import logging
import sys

match_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar("match_id", default=None)
interaction_id_var: contextvars.ContextVar[int | None] = contextvars.ContextVar("interaction_id", default=None)


class _ContextFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.match_id = match_id_var.get()
        record.interaction_id = interaction_id_var.get()
        return True


class _JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        body = {"t": round(record.created, 3), "level": record.levelname, "logger": record.name,
                "msg": record.getMessage(), "match": record.match_id, "interaction": record.interaction_id}
        if getattr(record, "error_id", None):
            body["error_id"] = record.error_id
        if record.exc_info:
            body["exc"] = self.formatException(record.exc_info)
        return json.dumps(body, ensure_ascii=False)


def setup_logging(level: str = "INFO", *, as_json: bool = False, quiet: bool = False) -> None:
    """Log to stderr; the local table logs only warnings so the prompt stays readable."""
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(_ContextFilter())
    handler.setFormatter(_JsonFormatter() if as_json else logging.Formatter(
        "%(asctime)s %(levelname)s %(name)s [match=%(match_id)s interaction=%(interaction_id)s] %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel("WARNING" if quiet and level.upper() == "INFO" else level.upper())
