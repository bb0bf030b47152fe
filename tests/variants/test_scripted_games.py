"""Scripted games: one or more for many variant files in configs/ (the files taken from
the reference are checked by replaying its recorded games instead:
tests/variants/test_reference_configs.py).

Every expected position below was worked out by hand from the variant's rules
(parameter reference, replay contract, docs/rules-decisions.md), not copied from
the engine. Boards are written `b(south_row, north_row)`: South's holes 0..n-1 from
South's left, then North's holes n..2n-1 from North's left; hole i faces 2n-1-i;
counter-clockwise (CCW) is towards higher index. A store follows the end of its
owner's row in the sowing direction: sowing CCW, South's store comes after hole n-1
and North's after 2n-1; sowing clockwise (CW), South's comes after hole 0 (before
2n-1) and North's after hole n (before n-1). The opponent's store is never sown.
Stores are [South, North]; turn 0 is South.

A step is `(move, board, stores, turn)` or `(move, board, stores, turn, extra)` with
`extra` holding an `outcome` ("WIN"/"TIE"/"ROUND_WIN"/"ROUND_TIE", winner), the
`legal` moves of the position reached, or its per-hole `children` / `blocked` /
`owners` lists (variants with children, blocks or territory), or the `pending`
captured seeds a SameSide/Ohojichi capturer has still to place (checked always:
absent means none); `(move, ILLEGAL)`
says the move must be refused (the position stays as it was); `(NEXT_ROUND, board,
stores, turn[, extra])` after a step that ends a round is the next round's starting
position. The first script of each variant starts from the variant's own start
position with South to move and has at least 10 moves; further scripts start from
a hand-made position (for rules such as grand slams and passes that take a long
game to reach).

Every file in configs/ must load (test_every_config_plays lists the reasons of any
that does not), and every script names a file.

The scripts are in tests/variants/scripts_*.py (the Oware and Kalah families, multi-lap
games, the other games, the game classes), their notation (`Script`, `b`, `ILLEGAL`,
`NEXT_ROUND`) in tests/variants/scripted_games_helpers.py; SCRIPTS below names the
scripts of each file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mancala.engine import Game, IllegalMove
from mancala.rules.errors import VariantError
from mancala.rules.loading import load_variant
from tests.variants.scripted_games_helpers import ILLEGAL, NEXT_ROUND, Script
from tests.variants.scripts_game_classes import (
    ANDADA,
    ANDADA_BEAR_OFF,
    ANDADA_TRANSITION,
    BECHI,
    BECHI_LAST_SEEDS,
    NS_KALAH,
    SAME_SIDE,
)
from tests.variants.scripts_laps import (
    AYOAYO,
    AYOAYO_SHARE,
    BAO,
    BAO_DEPRIVE,
    GABATA,
    GABATA_ROUND,
    GIUTHI,
    GIUTHI_ROUND,
    JACKMAN,
    JACKMAN_A,
    JACKMAN_A_PASS,
    JACKMAN_D,
    JACKMAN_E,
    JACKMAN_E_PASS,
    JACKMAN_PASS,
    LAMLAMETA,
)
from tests.variants.scripts_other_games import (
    ALI_GULI_MANE,
    BOHNENSPIEL,
    DEKA,
    DEKA_DEPRIVED,
    LAYLI_GOOBALAY,
    MANGALA,
    NAM_NAM,
    PALLANGULI,
    PANDI,
    PASU,
    QELAT,
    TCHUKA_RUMA,
    TOGUZ,
    TOGUZ_LAST_HOLE,
)
from tests.variants.scripts_oware_kalah import (
    AWALE_GS_LEAVE_LEFT,
    AWALE_GS_LEAVE_RIGHT,
    KALAH_2,
    KALAH_3,
    KALAH_4,
    KALAH_4_PITS_3,
    KALAH_5,
    KALAH_6,
    KALAH_EMPTY_CAPTURE,
    MICRO_WARI_MAIN,
    OWARE_GS_NO_CAPT,
    OWARE_GS_NOT_LEGAL,
    OWARE_GS_OPP_GETS_REMAIN,
    OWARE_MAIN,
)

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
CONFIG_NAMES = sorted(p.stem for p in CONFIGS.glob("*.json"))

SCRIPTS: dict[str, list[Script]] = {
    "awale_grand_slam_ends_game": [OWARE_MAIN, OWARE_GS_OPP_GETS_REMAIN],
    "awale_grand_slam_not_allowed": [OWARE_MAIN, OWARE_GS_NOT_LEGAL],
    "awari": [OWARE_MAIN, OWARE_GS_NO_CAPT],
    "oware_abapa": [OWARE_MAIN, OWARE_GS_NO_CAPT],
    "kalah_3": [KALAH_3],
    "kalah_4": [KALAH_4],
    "kalah_5": [KALAH_5],
    "kalah_6": [KALAH_6],
    "kalah_empty_capture": [KALAH_EMPTY_CAPTURE],
    "multilap_jackman": [JACKMAN, JACKMAN_PASS],
    "multilap_jackman_d": [JACKMAN_D, JACKMAN_PASS],
    "multilap_jackman_a": [JACKMAN_A, JACKMAN_A_PASS],
    "multilap_jackman_c": [KALAH_4, JACKMAN_PASS],
    "multilap_jackman_e": [JACKMAN_E, JACKMAN_E_PASS],
    "ayoayo": [AYOAYO, AYOAYO_SHARE],
    "bohnenspiel": [BOHNENSPIEL],
    "mangala": [MANGALA],
    "pallanguli": [PALLANGULI],
    "tchuka_ruma": [TCHUKA_RUMA],
    "awale_grand_slam_leaves_left": [OWARE_MAIN, AWALE_GS_LEAVE_LEFT],
    "awale_grand_slam_leaves_right": [OWARE_MAIN, AWALE_GS_LEAVE_RIGHT],
    "urim": [OWARE_MAIN, OWARE_GS_NOT_LEGAL],
    "kalah_2": [KALAH_2],
    "kalah_4_pits_3": [KALAH_4_PITS_3],
    "lamlameta": [LAMLAMETA],
    "bao": [BAO, BAO_DEPRIVE],
    "toguz_kumalak": [TOGUZ, TOGUZ_LAST_HOLE],
    "toguz_korgool": [TOGUZ, TOGUZ_LAST_HOLE],
    "qelat": [QELAT],
    "deka": [DEKA, DEKA_DEPRIVED],
    "layli_goobalay": [LAYLI_GOOBALAY],
    "pandi": [PANDI, PASU],
    "pallanguli_rounds": [PALLANGULI, PASU],
    "ali_guli_mane": [ALI_GULI_MANE, PASU],
    # Scripts worked out for the engine before it followed the reference move by move
    # and no longer matching its rules were dropped, not bent to fit: awale_grand_slam_captures,
    # ba_awa, chongka, congkak, congklak(_rounds), cross_kalah, dakon(_rounds), diffusion(_v2),
    # kalah_4_pits, kalah_5_pits, ohojichi, ohvalhu, sungka(_rounds), wari, weg, and the
    # grand slam and round scripts of micro_wari and nam_nam. Those variants are covered by
    # tests/variants/test_reference_configs.py and the property tests; hand-worked games
    # for them are to be redone. (Micro Wari's and Nam Nam's main games, checked again on
    # 29 Nov 2026, play as worked out and are back.)
    "micro_wari": [MICRO_WARI_MAIN],
    "nam_nam": [NAM_NAM],
    "ns_kalah": [NS_KALAH],
    "andada": [ANDADA, ANDADA_BEAR_OFF, ANDADA_TRANSITION],
    "same_side": [SAME_SIDE],
    "gabata": [GABATA, GABATA_ROUND],
    "giuthi": [GIUTHI, GIUTHI_ROUND],
    "bechi": [BECHI, BECHI_LAST_SEEDS],
}


# ---- helpers ----------------------------------------------------------------------


def _constants(name: str) -> tuple[int, int]:
    consts = json.loads((CONFIGS / f"{name}.json").read_text())["game_constants"]
    return consts["holes"], consts["nbr_start"]


def _request(name: str, script: Script, moves: list[Any]) -> str:
    """The replay request that reproduces a script up to `moves`."""
    req: dict[str, Any] = {"config": f"configs/{name}.json", "starter": script.starter,
                           "moves": [m for m in moves if m != NEXT_ROUND]}
    if script.board is not None:
        req["position"] = {"board": script.board, "stores": script.stores}
    return json.dumps(req)


def _outcome(pos: Any) -> tuple[str, int | None] | None:
    if pos.outcome is None:
        return None
    return (pos.outcome.kind.value, pos.outcome.winner)


# ---- the tests --------------------------------------------------------------------


def test_every_script_names_a_config_file():
    assert sorted(set(SCRIPTS) - set(CONFIG_NAMES)) == []


def test_every_config_plays():
    """The engine plays the whole reference now: a config it refuses is a defect (its
    file invalid, or a rule regressed to "not supported yet")."""
    reasons = {}
    for name in CONFIG_NAMES:
        try:
            load_variant(CONFIGS / f"{name}.json")
        except VariantError as exc:
            reasons[name] = str(exc)
    assert reasons == {}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_script_is_well_formed(name):
    """The hand computations keep every seed (a check on the expectations
    themselves, independent of the engine)."""
    scripts = SCRIPTS[name]
    holes, nbr_start = _constants(name)
    main = scripts[0]
    assert main.board is None and main.starter == 0
    assert sum(1 for step in main.steps if step[1] != ILLEGAL) >= 10
    for script in scripts:
        if script.board is None:
            total = 2 * holes * nbr_start
        else:
            assert len(script.board) == 2 * holes
            total = sum(script.board) + sum(script.stores)
        for i, step in enumerate(script.steps):
            if step[1] == ILLEGAL:
                continue
            board, stores, turn = step[1], step[2], step[3]
            assert len(board) == 2 * holes, (name, i)
            # SameSide/Ohojichi: captured seeds waiting for their placement ("pending")
            pending = step[4].get("pending", 0) if len(step) > 4 else 0
            assert sum(board) + sum(stores) + pending == total, (name, i, step)
            assert turn in (0, 1)


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_scripted_game(name):
    game = Game(load_variant(CONFIGS / f"{name}.json"))
    for number, script in enumerate(SCRIPTS[name]):
        if script.board is None:
            pos = game.start(script.starter)
        else:
            pos = game.start(script.starter, board=script.board, stores=script.stores)
        played: list[Any] = []
        for i, step in enumerate(script.steps):
            move = step[0]
            where = f"{name} script {number} step {i} (move {move!r})"
            if step[1] == ILLEGAL:
                with pytest.raises(IllegalMove):
                    game.play(pos, move)
                continue
            played.append(move)
            extra = step[4] if len(step) > 4 else {}
            try:
                pos = game.next_round(pos) if move == NEXT_ROUND else game.play(pos, move)
            except IllegalMove as exc:
                pytest.fail(f"{where}: refused ({exc}); request: {_request(name, script, played)}")
            got = (list(pos.board), list(pos.stores), pos.turn, _outcome(pos))
            want = (step[1], step[2], step[3], extra.get("outcome"))
            assert got == want, f"{where}: request {_request(name, script, played)}"
            if "legal" in extra:
                assert game.legal_moves(pos) == extra["legal"], where
            # captured seeds waiting to be placed (SameSide, Ohojichi): the position says so
            assert pos.empty_store == bool(extra.get("pending")), f"{where}: placement pending"
            for per_hole in ("children", "blocked", "owners"):
                if per_hole in extra:
                    assert getattr(pos, per_hole) == extra[per_hole], f"{where}: {per_hole}"
