"""Log lines: for people (text), or one JSON object a line for log collectors
(MANCALA_LOG_FORMAT=json): time, level, logger, node, message, and the exception's
traceback when there is one."""

from __future__ import annotations

import json
import logging
import time


class JsonLines(logging.Formatter):
    def __init__(self, node: str) -> None:
        super().__init__()
        self.node = node

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "node": self.node,
            "msg": record.getMessage(),
        }
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def setup_logging(fmt: str, node: str = "") -> None:
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonLines(node))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    logging.getLogger("websockets").setLevel(logging.WARNING)  # our own lines say it once
