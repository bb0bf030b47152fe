/*
 * The rules of the C core: the MANCALA variants that mancala.engine.fast accepts,
 * played as the pure-Python pipeline (pipeline.py, sowing.py, laps.py, capture.py,
 * allow.py, ending.py, claim.py) plays them. That pipeline is the specification;
 * each function here names the Python step it stands for, and
 * tests/engine/test_fastcore.py compares the two after every move of random games.
 *
 * Define MAXH (the most holes a side) and CELL (the type of a hole's seed count)
 * before including this file (and Python.h: core_params() reads the dict of
 * fast.params(variant)). MAX_MOVES, the most legal moves an includer's buffers hold,
 * is MAXH unless defined: with fewer than 2 * holes, core_params refuses no_sides
 * (where every hole of the board may be a move).
 */

#ifndef MANCALA_CORE_H
#define MANCALA_CORE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if !defined(MAXH) || !defined(CELL)
#error "define MAXH and CELL before including mancala_core.h"
#endif

/* the layout of fast.params' dict; fast.py checks it, so a stale build is not used */
#define LAYOUT 19

#define REPEAT_TURN (-1000)  /* move_data.REPEAT_TURN */
#define ENDLESS (-1001)      /* move_data.ENDLESS */
#define NO_START (-1)        /* incr.NO_START */
#define FROM_STORE (-1002)   /* move_data.FROM_STORE */
/* a move: the hole, with the direction the mover named where the hole lets them
   (udir_holes: Game's (hole, "CCW") and (hole, "CW")) */
#define MOVE_CCW 0x100
#define MOVE_CW 0x200
#define MOVE_HOLE(m) ((m) & 0xff)
/* draw.direction_table's entries besides 1 (CCW) and -1 (CW) */
#define DIR_CHOSEN 0
#define DIR_BY_COUNT 2
#define MAXS (2 * MAXH)
#ifndef MAX_MOVES
#define MAX_MOVES MAXH
#endif

enum { MLAPS_OFF, MLAPS_LAPPER, MLAPS_NEXT };
/* core_values.CAPT_SIDE; the TERR ones read the hole's territory owner (territory games only) */
enum { SIDE_BOTH, SIDE_OPP, SIDE_OWN, SIDE_OPP_CONT, SIDE_OWN_CONT, SIDE_OPP_TERR, SIDE_OWN_TERR };
enum { XC_LEAVE, XC_PICK_ON_CAPT, XC_ALWAYS };
enum { GS_LEGAL, GS_NOT_LEGAL, GS_NO_CAPT, GS_OPP_GETS_REMAIN, GS_LEAVE_LEFT, GS_LEAVE_RIGHT };
enum { RT_NO_REPEAT, RT_ALWAYS, RT_ONCE };
enum { UC_HOLE_OWNER, UC_DONT_SCORE, UC_LAST_MOVER, UC_UNFED, UC_DIVVIED };
/* core_values.PICKEXTRA; PX_2X_LAST_SEEDS: PICK2XLASTSEEDS, the starter takes the last seeds */
enum { PX_NONE, PX_CROSS, PX_TWOS, PX_FINAL, PX_LAST_SEEDS, PX_2X_LAST_SEEDS };
enum { CAPT_NO, CAPT_YES, CAPT_REPEAT }; /* move_data.NO, YES, REPEAT */
/* OC_OTHER: an outcome read from Python; OC_TIE_NO_TURN: a tie of the 1.8 RND_* tallies,
   which names nobody to move (outcome.settle's no_turn); the ROUND ones end only a round
   (a tie on a repeat turn is told apart: outcome.settle's tied_on_repeat) */
enum { OC_NONE, OC_WIN, OC_TIE, OC_OTHER, OC_TIE_NO_TURN, OC_ROUND_WIN, OC_ROUND_TIE,
       OC_ROUND_TIE_REP };
enum { STEP_PASS, STEP_REPEAT, STEP_OVER }; /* what step() ends with */
enum { END_REFERENCE, END_ROW_EMPTY }; /* core_values.END_RULE */
/* core_values.QUIT_*: how a game stopped from outside (a sowing that never ends) settles the
   seeds left (ending.make_quitter) */
enum { QUIT_TIE, QUIT_TAKE_OWN, QUIT_DROP, QUIT_LAST_MOVER, QUIT_DIVVY };
/* core_values.MLAP_CONT: the 1.10 mlap_cont conditions on another lap (STOP_STORE is the
   sow_own_store stop, or none: fast.py maps it to MC_NONE) */
enum { MC_NONE, MC_GREQ_PARAM, MC_OWN_SIDE, MC_OPP_SIDE };
/* core_values.END_COND: the 1.10 end_cond enders (ending.end_condition) */
enum { EC_NONE, EC_CLEARED_OWN, EC_CLEARED_OPP, EC_SEEDS_LIMIT, EC_HOLE_SEED_LIMIT };
enum { CT_NONE, CT_TWO_OUT, CT_MATCH_OPP, CT_PULL_ACROSS }; /* core_values.CAPT_TYPE */
/* capture_steps.CHAIN_ROUNDS: an unlimited multiple capture stops after this many rounds
   of the board (PULL_ACROSS takes nothing off it and could pull for ever) */
#define CHAIN_ROUNDS 50
/* core_values.GOAL: the goals with short enders of their own (end_conditions.py) */
enum { GOAL_MAX_SEEDS, GOAL_CLEAR, GOAL_DEPRIVE, GOAL_IMMOBILIZE };
/* core_values.TALLY: the RND_* goals' tallies (tally.TALLY_INDEX + 1; Position.tally's order) */
enum { TALLY_NONE, TALLY_WINS, TALLY_SEEDS, TALLY_EXTRA, TALLY_POINTS };
#define N_TALLIES 4
/* core_values.ENPAS: the holes a capture while sowing (sowing.capture_while_sowing) may take */
enum { EP_ALL, EP_MOVERS, EP_OPPS };
/* core_values.CHILD_TYPE, CHILD_RULE, CHILD_GUARD: children.make_child_test */
enum { CH_NONE, CH_NORMAL, CH_ONE };
enum { CR_NONE, CR_OPP_SIDE, CR_OWN_SIDE, CR_NOT_1ST_OPP, CR_OPPS_NOT_1ST };
enum { CG_NONE, CG_NOT_SYM_OPP, CG_NOT_FACING };
/* core_values.HOLD_*: ending.ChildrenHoldStores moves the seeds a move put in the stores onto
   the children: all of the stores' seeds (1.8), or only those the move added (1.10) */
enum { HOLD_NONE, HOLD_ALL, HOLD_ADDED };
/* core_values.LC_*: how a lap's end captures (laps._capture_checks) */
enum { LC_NONE, LC_BASIC, LC_CROSS, LC_GAP };

typedef struct {
    int n, size, step;
    int sow_start, move_one, skip_start, own_store, store_ends_turn;
    int mlaps, visit_opp;
    int crosscapt, xcpickown, xc_sown;
    int n_capt_on;
    long long capt_on[32];
    int evens;
    long long capt_min, capt_max;
    int multicapt, capsamedir, capt_side;
    int capt_rturn, nosinglecapt;
    int grandslam;
    long long nocaptmoves; /* inhibit.CapturesForMoves: no captures before this many moves */
    long long min_move;
    int mustshare, mustpass;
    int unclaimed, pickextra;
    int over_claim;     /* UC_*: ending.game_over_claimer (1.10 UNFED_PLAYER reads quitter) */
    int stores;
    int end_rule;       /* END_*: ending.row_empty_ender replaces the chain */
    int basic;          /* any of capt_on, evens, capt_min, capt_max */
    int no_change;      /* ending.NoOutcomeChange is in the chain */
    long long needed;   /* its min_for_change */
    int simple_moves;   /* no allow filter: the legal moves are the holes with min_move seeds */
    /* where the reference's 1.10 rules play differently (fast.params reads each from the
       variant's rules version; pipeline.Pipeline.v110 and its users) */
    int max_laps;       /* laps.MAX_LAPS or MAX_LAPS_110: the laps before a move is endless */
    int turn_repeats;   /* capt_rturn ONCE counts the repeats of a turn, not captures in a row */
    int share_end;      /* ending.CannotShare is in the chain (1.10 drops it under mustpass) */
    int share_keep_all; /* allow._must_share keeps every move when none shares */
    int slam_first_sown;/* capture.GrandSlamKeepFirstSown (else GrandSlamKeep) */
    int next_stops;     /* laps._next_capture_checks: LAPPER_NEXT stops where it can capture */
    int next_store;     /* laps.make_next_or_store: LAPPER_NEXT sows on from the store */
    int cont_from_start;/* capture_ok.side_check from_start: *_CONT read the capture's start */
    int quit;           /* QUIT_*: ending.make_quitter's claimer */
    /* the 1.10 parameters the core plays */
    int mlap_cont;      /* MC_*: laps.make_lap_rule's mlap_cont check */
    long long mlap_param;
    int end_cond;       /* EC_*: ending.end_condition, outside the clear-winner check */
    long long end_param;
    int capt_type;      /* CT_*: the capture types other than the basic criteria */
    int even_odd;       /* draw._even_odd_direction: an odd hole sows CCW, an even one CW */
    int goal;           /* GOAL_*: ending_build.make_ender's chain for the goal */
    int no_sides;       /* pipeline.any_hole: a move may start from any hole */
    /* sowing.CaptureWhileSowing (the sow rules OWN_SOW_CAPT_ALL, SOW_CAPT_ALL, ENPAS_*) */
    int enpas;          /* captures while sowing */
    int enpas_owner;    /* the hole's owner takes (else the mover) */
    int enpas_holes;    /* EP_*: whose holes may be taken */
    int enpas_not_last; /* the last seed's hole is left to the capturer */
    long long lap_on;   /* laps.make_stop_not_n (CONT_LAP_ON): laps go on only from holes
                           of this count (0: no such rule) */
    long long last_seeds;  /* PX_LAST_SEEDS: the mover takes this many seeds or fewer (the
                              starter under PX_2X_LAST_SEEDS) */
    int last_capturable;   /* ... counting only the holes a capture could take (1.10) */
    int opp_or_empty;      /* allow rule OPP_OR_EMPTY (allow._opp_or_empty) */
    int own_hole_count;    /* ... reads the move's own hole (1.10), else South's (1.8) */
    /* children made instead of a capture (capture_steps.MakeChild); fast.py refuses them
       with the rules that read holes otherwise where one may be a child */
    int children;          /* CH_* */
    long long child_cvt;   /* the count the last hole must reach */
    int child_rule;        /* CR_*: children._rule_guards */
    int child_guard;       /* CG_*: the symmetric or facing hole may not be a child */
    unsigned char child_where[MAXS]; /* per hole: bit 0 South may have one there, bit 1 North */
    /* games in rounds (ending.RoundBySeeds) and the holes they close (incr.make_incr) */
    int blocks;            /* the sowing skips blocked holes */
    int round_end;         /* an end is the round's while both players hold round_required */
    long long round_required;
    long long win_sub;     /* Ender.win_seeds: the total less this (0: half the total) */
    int lap_capt;          /* LC_*: sow rule LAP_CAPT, captures at each lap's end (laps.py) */
    int lap_capt_guard;    /* ... no lap once the opponent's row is empty (1.10, no stores) */
    /* sow rules SOW_BLKD_DIV(_NR): sowing.DivertBlockedSower, CloseHole, laps' close_hole */
    int blkd_div;
    int blkd_no_right;     /* _NR: the rows' rightmost holes are never closed */
    long long blkd_param;  /* the count that closes an opponent's hole */
    /* sow rule OPP_GETS_OWN_LAST (sowing.OppGetsOwnLast; its laps capture as LAP_CAPT's) */
    int opp_gets;
    long long opp_gets_below; /* with this many seeds or fewer on the board */
    /* directions by the hole (draw.direction_table), where they differ on the board */
    int directed;          /* dir_of holds them (else step or even_odd for every hole) */
    signed char dir_of[MAXS]; /* 1, -1, DIR_CHOSEN or DIR_BY_COUNT */
    int against;           /* capture_steps.AgainstSowing's fixed direction (0: none) */
    int dont_undo;         /* allow._dont_undo: SPLIT's single seed not moved straight back */
    int children_hold;     /* HOLD_*: ending.ChildrenHoldStores (children without stores) */
    int play_alt;          /* PLAYALTDIR: the first move's direction is the mover's from then
                              on, the other way the opponent's (draw._alternating_directions) */
    int cross_on_one;      /* presowcapt DRAW_1_XCAPT: a lap of one seed first takes the seeds
                              across its start hole (sowing.CrossOnOne) */
    int count_movers;      /* Position.movers counts the turns ended (pipeline.count_movers) */
    int no_udir_firsts;    /* NO_UDIR_FIRSTS: each player's first turn sows in the variant's
                              own direction (sowing.VariantDirectionFirsts) */
    /* the RND_* goals (ending.RoundByTally, tally.RoundTally): each round's end tallied,
       the game over once the goal's tally reaches tally_required */
    int tally;             /* TALLY_*: the tally that decides (TALLY_NONE: no such goal) */
    long long tally_required;
    int tally_tie_mover;   /* a tie of the tallies names the mover (1.10), else nobody */
    /* goal TERRITORY: each hole's owner (Position.owner) decides whose seeds they are;
       a move may start from any hole the mover owns (pipeline.any_hole) */
    int territory;
    long long win_fixed;   /* Ender.win_seeds when it is a count of its own (else 0) */
    int any_hole;          /* no_sides or territory: the legal moves are holes of the board */
    long long max_sow;     /* MAX_SOW: holes holding this many seeds are passed (0: no rule) */
    int all_singles;       /* presowcapt ALL_SINGLE_XCAPT: each lap first takes across every
                              single seed of the mover's row (sowing.CrossAllSingles) */
    int singles_before;    /* ... the singles of the board as the move began (1.10) */
} Params;

/* Position's fields that these variants change (the others keep their start values) */
typedef struct {
    long long stores[2];
    long long mcount, rturn_cnt, total;
    long long movers;      /* Position.movers where the variant counts them, else 0 */
    int turn;
    int starter; /* Position.starter, where PICK2XLASTSEEDS reads it (else 0) */
    int inhibit; /* Position.inhibit under nocaptmoves: captures still held back */
    int has_last;
    long long last[4]; /* Position.last: (player, sow_loc, seeds of the last lap, end) */
    int outcome, winner;   /* OC_*, winner -1 for none */
    uint64_t child[2];     /* Position.child: a bit a hole for each owner (children only) */
    uint64_t blocked;      /* Position.blocked: a bit a hole (blocks only) */
    uint64_t north_owns;   /* Position.owner == 1: a bit a hole (territory only) */
    signed char alt_dirs[2]; /* Position.alt_dirs under PLAYALTDIR; 0, 0 for None */
    CELL tally[N_TALLIES][2]; /* Position.tally under the RND_* goals (else zeros) */
    CELL board[MAXS];      /* last: copies take only the holes in use */
} State;

#define STATE_BYTES(p) (offsetof(State, board) + (size_t)(p)->size * sizeof(CELL))

typedef struct {
    int n;
    int mv[MAX_MOVES];
} Legal;

/* ---- the record of a traced move (trace.py) ------------------------------------------
 * A traced move writes trace.py's stream of ints while it plays: the same events, in the
 * same order, as the pipeline's Recorder. The untraced core (search, playouts, replay,
 * the solver) passes no Trace and records nothing. */
enum { EV_LAP = -100, EV_TAKE = -101, EV_CHILD = -102, EV_SETTLE = -103, EV_EXTRA = -104,
       EV_PASS = -105, EV_ROUND = -106, EV_INEXACT = -107 };
#define STORE_PLACE(seat) (-1 - (seat)) /* trace.store_place */
#define TRACE_SMALL 256

typedef struct {
    int32_t *ev;
    size_t n, cap;
    int oom; /* a buffer could not grow: the record is incomplete (the caller raises) */
    int32_t small[TRACE_SMALL];
} Trace;

static inline void
trace_init(Trace *tr)
{
    tr->ev = tr->small;
    tr->n = 0;
    tr->cap = TRACE_SMALL;
    tr->oom = 0;
}

static inline void
trace_free(Trace *tr)
{
    if (tr->ev != tr->small)
        free(tr->ev);
    tr->ev = tr->small;
}

static int
trace_grow(Trace *tr, size_t more)
{
    size_t cap = tr->cap;
    while (cap < tr->n + more)
        cap *= 2;
    int32_t *nev = tr->ev == tr->small ? malloc(cap * sizeof(int32_t))
                                       : realloc(tr->ev, cap * sizeof(int32_t));
    if (nev == NULL) {
        tr->oom = 1;
        return -1;
    }
    if (tr->ev == tr->small)
        memcpy(nev, tr->small, tr->n * sizeof(int32_t));
    tr->ev = nev;
    tr->cap = cap;
    return 0;
}

static inline void
trace_put(Trace *tr, int32_t a)
{
    if (tr->n == tr->cap && trace_grow(tr, 1) < 0)
        return;
    tr->ev[tr->n++] = a;
}

/* Recorder.take: n seeds from src to dst (nothing for none) */
static inline void
trace_take(Trace *tr, long long src, long long seeds, long long dst)
{
    if (tr == NULL || !seeds)
        return;
    if (tr->n + 4 > tr->cap && trace_grow(tr, 4) < 0)
        return;
    tr->ev[tr->n++] = EV_TAKE;
    tr->ev[tr->n++] = (int32_t)src;
    tr->ev[tr->n++] = (int32_t)seeds;
    tr->ev[tr->n++] = (int32_t)dst;
}

/* move_data.MoveData, the fields these variants read */
typedef struct {
    int player, direct, sow_loc, cont_sow_loc, lap_nbr, capt_loc, capt_next, captured;
    int capt_start; /* md.capt_start: where a multiple capture began (NO_START outside one) */
    long long seeds;
    Trace *tr; /* md.trace: NULL unless the move is traced */
    CELL before[MAXS]; /* md.board: the board before the move */
} Move;

/* ---- board geometry (board.Board, incr.make_incr) ------------------------------- */

static inline int
side_of(const Params *p, int loc)
{
    return loc >= p->n;
}

/* incr: the next hole, past the lap's start hole with skip_start */
static inline int
incr(const Params *p, int loc, int direct, int start)
{
    loc += direct;
    if (loc == p->size)
        loc = 0;
    else if (loc < 0)
        loc = p->size - 1;
    if (p->skip_start && loc == start) {
        loc += direct;
        if (loc == p->size)
            loc = 0;
        else if (loc < 0)
            loc = p->size - 1;
    }
    return loc;
}

/* incr_blocks: the next hole that is not blocked */
static inline int
incr_b(const Params *p, const State *s, int loc, int direct, int start)
{
    loc = incr(p, loc, direct, start);
    if (p->blocks)
        while ((s->blocked >> loc) & 1)
            loc = incr(p, loc, direct, start);
    return loc;
}

/* claim.owner_of: whose the seeds of a hole are (its territory owner, else its side) */
static inline int
owner_of(const Params *p, const State *s, int loc)
{
    return p->territory ? (int)((s->north_owns >> loc) & 1) : side_of(p, loc);
}

static inline int
side_empty(const Params *p, const CELL *b, int player)
{
    const CELL *row = b + (player ? p->n : 0);
    for (int i = 0; i < p->n; i++)
        if (row[i])
            return 0;
    return 1;
}

/* Position.child[loc] is not None */
static inline int
is_child(const State *s, int loc)
{
    return (int)(((s->child[0] | s->child[1]) >> loc) & 1);
}

static inline int
any_child(const State *s)
{
    return (s->child[0] | s->child[1]) != 0;
}

/* claim.stores_and_children: each player's store and the seeds in their children */
static inline void
counted(const Params *p, const State *s, long long seeds[2])
{
    seeds[0] = s->stores[0];
    seeds[1] = s->stores[1];
    if (!p->children)
        return;
    for (int owner = 0; owner < 2; owner++)
        for (uint64_t m = s->child[owner]; m; m &= m - 1)
            seeds[owner] += s->board[__builtin_ctzll(m)];
}

/* ---- capture_ok.make_capt_ok ------------------------------------------------------ */

static int
capt_ok(const Params *p, const State *s, const Move *md, int loc)
{
    long long c = s->board[loc];
    if (!c || (p->children && is_child(s, loc)))
        return 0;
    switch (p->capt_side) {
    case SIDE_OPP:
        if (side_of(p, loc) == s->turn)
            return 0;
        break;
    case SIDE_OWN:
        if (side_of(p, loc) != s->turn)
            return 0;
        break;
    case SIDE_OWN_CONT:
    case SIDE_OPP_CONT: {
        /* 1.10 reads where a multiple capture began, 1.8 the hole it reached */
        const int at = p->cont_from_start && md->capt_start != NO_START ? md->capt_start
                                                                       : md->capt_loc;
        if ((side_of(p, at) == s->turn) != (p->capt_side == SIDE_OWN_CONT))
            return 0;
        break;
    }
    case SIDE_OPP_TERR:
    case SIDE_OWN_TERR:
        if ((owner_of(p, s, loc) == s->turn) != (p->capt_side == SIDE_OWN_TERR))
            return 0;
        break;
    }
    if (p->capt_max && c > p->capt_max)
        return 0;
    if (p->capt_min && c < p->capt_min)
        return 0;
    if (p->evens && c % 2)
        return 0;
    if (p->n_capt_on) {
        for (int i = 0; i < p->n_capt_on; i++)
            if (p->capt_on[i] == c)
                return 1;
        return 0;
    }
    return 1;
}

/* the rules, in the order they use each other */
#include "core_sowing.h"
#include "core_capture.h"
#include "core_laps.h"
#include "core_legal.h"
#include "core_turn_end.h"
#include "core_params.h"

#endif /* MANCALA_CORE_H */
