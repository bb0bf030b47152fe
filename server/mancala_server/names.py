"""Names people go by, and chat lines, checked for look-alikes and invisible characters.

The message model (mancala.protocol.text) already refuses control and bidi characters;
this adds what lets one person pass for another (issue 23): a name is taken in its NFKC
form (fullwidth `ａｎｎ` is `ann`), may hold no invisible or default-ignorable character
(`ann` + U+3164 HANGUL FILLER looks like `ann`), and may not mix Latin letters with
another script's letters that look Latin (Cyrillic `а` in `аnn`). Chat lines may hold no
invisible characters either, but for the joiners and variation selectors inside emoji.

`skeleton` is Unicode TR39's idea of a name's look (confusables from the maintained
`confusable-homoglyphs` data): two names with one skeleton look alike. The name
uniqueness key of the store is to be this skeleton (compete_store.name_key), which also
catches whole-script look-alikes (all-Cyrillic `асе` beside `ace`).

>>> clean_name("ａｎｎ")
'ann'
>>> skeleton("Ann") == skeleton("аnn") == skeleton("ＡＮＮ")
True
>>> problem_in_name("ann\\u3164")
'names may not hold invisible characters (U+3164)'

The computer's seats are named "Computer (level 2)", "Computer (perfect)" (room.py): no
person may take a name that reads as the computer's, in any case or look-alike letters
(issue 24: a person named "Computer" passed for it in the lobby, the move list, chat).

>>> problem_in_name("Computer")
'names may not pass for the computer'
>>> problem_in_name("COMPUTER (level 3)")
'names may not pass for the computer'
>>> problem_in_name("computerfan") is None
True
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from confusable_homoglyphs import categories, confusables

# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt): drawn as nothing
_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
              (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
# not default-ignorable, yet drawn as blank space
_BLANK = frozenset({0x2800, 0x1CBB, 0x1CBC, 0x2028, 0x2029, 0xFFFC})
# inside emoji: zero width joiner, text and emoji variation selectors (chat only)
_EMOJI_JOINERS = frozenset({0x200D, 0xFE0E, 0xFE0F})
MAX_MARKS = 2  # combining marks on one letter; more pile up over other lines ("zalgo")


class NameRefused(ValueError):
    """Why a name or a line may not be used, in words for the person who chose it."""


def invisible(ch: str) -> bool:
    code = ord(ch)
    if code in _BLANK or any(lo <= code <= hi for lo, hi in _IGNORABLE):
        return True
    kind = unicodedata.category(ch)
    return kind in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp") or (kind == "Zs" and ch != " ")


def _marks_problem(text: str) -> str | None:
    run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        if run > MAX_MARKS:
            return f"at most {MAX_MARKS} accents on one letter"
    return None


@lru_cache(maxsize=4096)
def _script(ch: str) -> str:
    return categories.alias(ch) or "COMMON"


def problem_in_name(name: str) -> str | None:
    """Why `name` (as given) may not be a name, or None."""
    form = unicodedata.normalize("NFKC", name)
    # as typed first: NFKC turns some blanks into others (U+3164 into U+1160)
    hidden = sorted({f"U+{ord(ch):04X}" for ch in name if invisible(ch)}) or \
        sorted({f"U+{ord(ch):04X}" for ch in form if invisible(ch)})
    if hidden:
        return f"names may not hold invisible characters ({', '.join(hidden[:5])})"
    if not form.strip() or form != form.strip() or "  " in form:
        return "names need visible characters, one space at most between words"
    marks = _marks_problem(form)
    if marks:
        return f"names may have {marks}"
    if _passes_for_the_computer(form):
        return "names may not pass for the computer"
    letters = [ch for ch in form if ch.isalpha()]
    if any(_script(ch) == "LATIN" for ch in letters):
        posing = sorted({ch for ch in letters if _script(ch) not in ("LATIN", "COMMON")
                         and _skeleton_char(ch).isascii()})
        if posing:
            return f"names may not mix Latin letters with look-alikes from other scripts ({''.join(posing[:5])})"
    return None


def _passes_for_the_computer(form: str) -> bool:
    """The name reads "Computer", alone or followed by anything but more letters ("Computer
    (hard)", "computer 2"; "Computerfan" is someone's own name): compared by look
    (`skeleton`): in any case, and in letters of another script that look the same."""
    look = skeleton(form)
    word = _computer_look()
    return look.startswith(word) and re.match(r"[^\W\d_]", look[len(word):len(word) + 1]) is None


@lru_cache(maxsize=1)
def _computer_look() -> str:
    return skeleton("computer")


def clean_name(name: str) -> str:
    """The name as it is kept and shown (NFKC), or NameRefused saying why not."""
    problem = problem_in_name(name)
    if problem is not None:
        raise NameRefused(problem)
    return unicodedata.normalize("NFKC", name)


def problem_in_chat(text: str) -> str | None:
    """Why a chat line may not be said, or None: invisible characters (but for emoji's
    joiners right after a visible character), or a pile of accents."""
    prev_visible = False
    hidden = set()
    for ch in text:
        if invisible(ch) and not (ord(ch) in _EMOJI_JOINERS and prev_visible):
            hidden.add(f"U+{ord(ch):04X}")
        prev_visible = not invisible(ch) and not ch.isspace()
    if hidden:
        return f"chat lines may not hold invisible characters ({', '.join(sorted(hidden)[:5])})"
    marks = _marks_problem(text)
    return f"chat lines may have {marks}" if marks else None


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character's class representative: the classes of the TR39 data
    (a prototype with every character drawn like it), each named by its ASCII member when it
    has one, else its lowest character."""
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for ch, glyphs in confusables.confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"].strip("\u200e")  # right-to-left ones are stored wrapped in LRMs
            if len(ch) == 1 and len(other) == 1:
                a, b = root(ch), root(other)
                if a != b:
                    parent[max(a, b, key=_rank)] = min(a, b, key=_rank)
    return {ch: root(ch) for ch in parent}


def _rank(ch: str) -> tuple[bool, int]:
    return (not ch.isascii(), ord(ch))


def _skeleton_char(ch: str) -> str:
    return _prototypes().get(ch, ch)


def skeleton(name: str) -> str:
    """What a name looks like: NFKC, case folded, each character by its confusable class
    (TR39 skeleton, with case folded first so `Ann` and `ann` stay one name)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return unicodedata.normalize("NFKC", "".join(_skeleton_char(ch) for ch in folded))
