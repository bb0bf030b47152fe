"""Bots: identities that say they are programs (docs/bots.md).

A bot is made so, once, when it registers (`identify` with `bot: true`), and its player id
carries the mark: every seat, challenge, ladder and page can tell a bot from a person by
the id it already has, with no lookup, and an identity never changes kind. A bot plays
through the same protocol as a person; its rated games are rated on the variant's ladder
for bots (fair_start.BOT_POOL), apart from the people's.
"""

from __future__ import annotations

BOT_PREFIX = "bot-"  # people's ids start with "p" (players.py): never this


def is_bot(player: str | None) -> bool:
    return player is not None and player.startswith(BOT_PREFIX)
