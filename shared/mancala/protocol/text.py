"""Text people show each other (names, titles): what is allowed, and how to show the rest.

The server refuses names with control characters or direction overrides; every client
still escapes what it prints (`visible`), since a server or a stored game may be older.
"""

from __future__ import annotations

import unicodedata

# bidirectional embeddings, overrides and isolates: they reorder the text around them
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def _unsafe(ch: str) -> bool:
    # Cc: C0/C1 controls (ESC, BEL, NUL...); Cf: format characters (zero-width, bidi);
    # Cs/Co/Cn: surrogates, private use, unassigned; Zl/Zp: line and paragraph separators
    return ch in BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def printable_name(text: str) -> str:
    """A pydantic check: refuse names that could rewrite a terminal or reorder a page."""
    bad = sorted({f"U+{ord(ch):04X}" for ch in text if _unsafe(ch)})
    if bad:
        raise ValueError(f"names may hold printable characters only (found {', '.join(bad[:5])})")
    if text != text.strip():
        raise ValueError("names may not start or end with spaces")
    return text


def printable_text(text: str) -> str:
    """A pydantic check for chat lines: as names, but inner spaces and any length the
    field allows; leading and trailing blanks are taken off."""
    printable_name(text.strip())
    if not text.strip():
        raise ValueError("a message needs some text")
    return text.strip()


def visible(text: str) -> str:
    """The text with every unsafe character shown as an escape (\\x1b, \\u202e)."""
    if not any(_unsafe(ch) for ch in text):
        return text
    out = []
    for ch in text:
        if not _unsafe(ch):
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(f"\\u{ord(ch):04x}")
    return "".join(out)
