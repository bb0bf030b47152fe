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
#define LAYOUT 10

#define REPEAT_TURN (-1000)  /* move_data.REPEAT_TURN */
#define ENDLESS (-1001)      /* move_data.ENDLESS */
#define NO_START (-1)        /* incr.NO_START */
#define FROM_STORE (-1002)   /* move_data.FROM_STORE */
#define MAXS (2 * MAXH)
#ifndef MAX_MOVES
#define MAX_MOVES MAXH
#endif

enum { MLAPS_OFF, MLAPS_LAPPER, MLAPS_NEXT };
enum { SIDE_BOTH, SIDE_OPP, SIDE_OWN, SIDE_OPP_CONT, SIDE_OWN_CONT };
enum { XC_LEAVE, XC_PICK_ON_CAPT, XC_ALWAYS };
enum { GS_LEGAL, GS_NOT_LEGAL, GS_NO_CAPT, GS_OPP_GETS_REMAIN, GS_LEAVE_LEFT, GS_LEAVE_RIGHT };
enum { RT_NO_REPEAT, RT_ALWAYS, RT_ONCE };
enum { UC_HOLE_OWNER, UC_DONT_SCORE, UC_LAST_MOVER, UC_UNFED, UC_DIVVIED };
enum { PX_NONE, PX_CROSS, PX_TWOS, PX_FINAL, PX_LAST_SEEDS };
enum { CAPT_NO, CAPT_YES, CAPT_REPEAT }; /* move_data.NO, YES, REPEAT */
enum { OC_NONE, OC_WIN, OC_TIE, OC_OTHER }; /* OC_OTHER: an outcome read from Python */
enum { STEP_PASS, STEP_REPEAT, STEP_OVER }; /* what step() ends with */
enum { END_REFERENCE, END_ROW_EMPTY }; /* fast.END_RULE */
/* fast.QUIT: how a game stopped from outside (a sowing that never ends) settles the
   seeds left (ending.make_quitter) */
enum { QUIT_TIE, QUIT_TAKE_OWN, QUIT_DROP, QUIT_LAST_MOVER, QUIT_DIVVY };
/* fast.MLAP_CONT: the 1.10 mlap_cont conditions on another lap (STOP_STORE is the
   sow_own_store stop, or none: fast.py maps it to MC_NONE) */
enum { MC_NONE, MC_GREQ_PARAM, MC_OWN_SIDE, MC_OPP_SIDE };
/* fast.END_COND: the 1.10 end_cond enders (ending.end_condition) */
enum { EC_NONE, EC_CLEARED_OWN, EC_CLEARED_OPP, EC_SEEDS_LIMIT, EC_HOLE_SEED_LIMIT };
enum { CT_NONE, CT_TWO_OUT }; /* fast.CAPT_TYPE */
/* fast.GOAL: the goals with short enders of their own (end_conditions.py) */
enum { GOAL_MAX_SEEDS, GOAL_CLEAR, GOAL_DEPRIVE };
/* fast.ENPAS: the holes a capture while sowing (sowing.capture_while_sowing) may take */
enum { EP_ALL, EP_MOVERS, EP_OPPS };

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
    long long last_seeds;  /* PX_LAST_SEEDS: the mover takes this many seeds or fewer */
    int last_capturable;   /* ... counting only the holes a capture could take (1.10) */
    int opp_or_empty;      /* allow rule OPP_OR_EMPTY (allow._opp_or_empty) */
    int own_hole_count;    /* ... reads the move's own hole (1.10), else South's (1.8) */
} Params;

/* Position's fields that these variants change (the others keep their start values) */
typedef struct {
    long long stores[2];
    long long mcount, rturn_cnt, total;
    int turn;
    int inhibit; /* Position.inhibit under nocaptmoves: captures still held back */
    int has_last;
    long long last[4]; /* Position.last: (player, sow_loc, seeds of the last lap, end) */
    int outcome, winner;   /* OC_*, winner -1 for none */
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

static inline int
side_empty(const Params *p, const CELL *b, int player)
{
    const CELL *row = b + (player ? p->n : 0);
    for (int i = 0; i < p->n; i++)
        if (row[i])
            return 0;
    return 1;
}

/* ---- capture_ok.make_capt_ok ------------------------------------------------------ */

static int
capt_ok(const Params *p, const State *s, const Move *md, int loc)
{
    long long c = s->board[loc];
    if (!c)
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

/* ---- sowing (draw.make_drawer, sowing.PlainSower/StoreSower, laps.MultiLapSower) --- */

/* the traced sowers keep loops of their own: the untraced ones test nothing per seed */
static void
sow_plain(const Params *p, State *s, Move *md)
{
    const int start = md->cont_sow_loc;
    int loc = start;
    Trace *tr = md->tr;
    if (tr == NULL) {
        for (long long k = 0; k < md->seeds; k++) {
            loc = incr(p, loc, md->direct, start);
            s->board[loc] += 1;
        }
    }
    else {
        for (long long k = 0; k < md->seeds; k++) {
            loc = incr(p, loc, md->direct, start);
            s->board[loc] += 1;
            trace_put(tr, loc);
        }
    }
    md->capt_loc = loc;
}

/* StoreSower: the mover's store is passed where the sowing crosses from one row to the
   other, in the direction the variant's reference geometry names for each player */
static inline int
passes(const Params *p, int from_south, int prev, int loc)
{
    if (prev == REPEAT_TURN)
        return 0;
    if (from_south)
        return prev < p->n && loc >= p->n;
    return prev >= p->n && loc < p->n;
}

static void
sow_store(const Params *p, State *s, Move *md)
{
    const int turn = s->turn;
    /* CCW: South's store after its own row, North's after its; CW the other way round */
    const int from_south = (md->direct == 1) == (turn == 0);
    const int start = md->cont_sow_loc;
    int prev = start;
    int loc;
    if (start == FROM_STORE) { /* a lap sowing the store's seeds starts past the store */
        prev = REPEAT_TURN;
        const int row_end = md->direct == 1 ? (turn ? p->size - 1 : p->n - 1)
                                            : (turn ? 0 : p->n);
        loc = incr(p, row_end, md->direct, start);
    }
    else
        loc = incr(p, prev, md->direct, start);
    Trace *tr = md->tr;
    for (long long k = 0; k < md->seeds; k++) {
        if (passes(p, from_south, prev, loc)) {
            s->stores[turn] += 1;
            prev = REPEAT_TURN;
            if (tr != NULL)
                trace_put(tr, STORE_PLACE(turn));
        }
        else {
            s->board[loc] += 1;
            prev = loc;
            if (tr != NULL)
                trace_put(tr, loc);
            loc = incr(p, loc, md->direct, start);
        }
    }
    md->capt_loc = prev;
}

/* CaptureWhileSowing's conditions on a hole just sown (`left`: the seeds still to sow,
   this one included) */
static inline int
enpas_takes(const Params *p, const State *s, const Move *md, int loc, long long left)
{
    if (p->enpas_not_last && left == 1)
        return 0;
    if (p->enpas_holes != EP_ALL && (side_of(p, loc) == s->turn) != (p->enpas_holes == EP_MOVERS))
        return 0;
    return !s->inhibit && capt_ok(p, s, md, loc);
}

/* sowing.CaptureWhileSowing: a plain lap whose holes sown to a capturable count are
   taken at once (no store is sown: fast.py refuses it with sow_own_store) */
static void
sow_enpas(const Params *p, State *s, Move *md)
{
    const int start = md->cont_sow_loc;
    int loc = start;
    Trace *tr = md->tr;
    for (long long left = md->seeds; left > 0; left--) {
        loc = incr(p, loc, md->direct, start);
        s->board[loc] += 1;
        if (tr != NULL)
            trace_put(tr, loc);
        if (enpas_takes(p, s, md, loc, left)) {
            const int captor = p->enpas_owner ? side_of(p, loc) : s->turn;
            trace_take(tr, loc, s->board[loc], STORE_PLACE(captor));
            s->stores[captor] += s->board[loc];
            s->board[loc] = 0;
        }
    }
    md->capt_loc = loc;
}

static inline void
sow_lap(const Params *p, State *s, Move *md)
{
    if (p->enpas)
        sow_enpas(p, s, md);
    else if (p->own_store)
        sow_store(p, s, md);
    else
        sow_plain(p, s, md);
}

/* laps.make_lap_rule: go on with another lap? (LAPPER_NEXT may move capt_loc on) */
static int
another_lap(const Params *p, const State *s, Move *md)
{
    const int loc = md->capt_loc;
    if (p->own_store && loc == REPEAT_TURN)
        return 0;
    if (p->lap_on && s->board[loc] != p->lap_on) /* make_stop_not_n */
        return 0;
    if (p->visit_opp && !md->lap_nbr && !(md->seeds >= p->n || side_of(p, loc) != s->turn))
        return 0;
    switch (p->mlap_cont) {
    case MC_GREQ_PARAM: /* make_stop_less_n */
        if (s->board[loc] < p->mlap_param)
            return 0;
        break;
    case MC_OWN_SIDE: /* make_stop_side */
    case MC_OPP_SIDE:
        if ((side_of(p, loc) == s->turn) != (p->mlap_cont == MC_OWN_SIDE))
            return 0;
        break;
    }
    if (p->mlaps == MLAPS_LAPPER) {
        if (p->basic && !p->crosscapt && !s->inhibit && capt_ok(p, s, md, loc))
            return 0;
        return s->board[loc] > 1;
    }
    if (p->next_stops) { /* laps._next_capture_checks */
        if (p->crosscapt) {
            if (s->board[loc] == 1 && capt_ok(p, s, md, p->size - 1 - loc))
                return 0; /* make_stop_cross */
        }
        else if (p->basic && p->capt_type == CT_NONE && !s->inhibit && capt_ok(p, s, md, loc))
            return 0; /* make_stop_capture */
    }
    if (p->next_store && passes(p, (md->direct == 1) == (s->turn == 0), loc,
                                incr(p, loc, md->direct, NO_START))) {
        /* make_next_or_store: the store comes next; its seeds, if any, sow on */
        if (s->stores[s->turn]) {
            md->capt_loc = FROM_STORE;
            return 1;
        }
        return 0;
    }
    int nxt = incr(p, loc, md->direct, NO_START);
    if (s->board[nxt]) {
        md->capt_loc = nxt;
        return 1;
    }
    return 0;
}

/* pipeline.do_sow: draw, then one lap or laps (recorded in tr, when given); `single`:
   one lap whatever the laps rule (the single_sower) */
static void
do_sow(const Params *p, State *s, Move *md, int loc, Trace *tr, int single)
{
    md->player = s->turn;
    md->tr = tr;
    memcpy(md->before, s->board, (size_t)p->size * sizeof(CELL));
    long long seeds = s->board[loc];
    /* pipeline: the direction is asked before the draw, EVEN_ODD_DIR reads the count */
    const int direct = p->even_odd ? (seeds % 2 ? 1 : -1) : p->step;
    if (p->sow_start && !(p->move_one && seeds == 1)) {
        seeds -= 1;
        s->board[loc] = 1;
    }
    else
        s->board[loc] = 0;
    md->sow_loc = md->cont_sow_loc = loc;
    md->seeds = seeds;
    md->direct = direct;
    md->lap_nbr = 0;
    md->captured = CAPT_NO;
    md->capt_next = 0;
    md->capt_start = NO_START;
    if (tr != NULL) {
        trace_put(tr, EV_LAP);
        trace_put(tr, loc);
    }
    if (single || p->mlaps == MLAPS_OFF) {
        sow_lap(p, s, md);
        return;
    }
    for (int lap = 0; lap < p->max_laps; lap++) {
        sow_lap(p, s, md);
        if (!another_lap(p, s, md))
            return;
        const int at = md->capt_loc;
        md->cont_sow_loc = at;
        if (at == FROM_STORE) {
            md->seeds = s->stores[s->turn];
            s->stores[s->turn] = 0;
            md->lap_nbr += 1;
            if (tr != NULL) {
                trace_put(tr, EV_LAP);
                trace_put(tr, STORE_PLACE(s->turn));
            }
            continue;
        }
        md->seeds = s->board[at];
        s->board[at] = 0;
        md->lap_nbr += 1;
        if (tr != NULL) {
            trace_put(tr, EV_LAP);
            trace_put(tr, at);
        }
    }
    md->capt_loc = ENDLESS;
}

/* ---- captures (capture.make_capturer) ------------------------------------------------ */

static inline void
take(State *s, Move *md, int loc)
{
    trace_take(md->tr, loc, s->board[loc], STORE_PLACE(s->turn));
    s->stores[s->turn] += s->board[loc];
    s->board[loc] = 0;
}

/* the base capture with its own-seed picks and xc_sown (CrossCapture, PickOwn*,
   CrossVisited, BasicCapture) */
static void
capt_base(const Params *p, State *s, Move *md, int first)
{
    const int loc = md->capt_loc;
    if (!p->crosscapt && p->capt_type == CT_TWO_OUT) {
        /* capture.TwoOutCapture: across an empty hole, the seeds two holes on (without
           laps, only when the last hole was not empty before) */
        const int p1 = incr(p, loc, md->direct, NO_START);
        const int p2 = incr(p, p1, md->direct, NO_START);
        if ((p->mlaps != MLAPS_OFF || s->board[loc] > 1) && !s->board[p1] && s->board[p2]) {
            take(s, md, p2);
            md->captured = CAPT_YES;
            md->capt_loc = md->capt_next = p2;
        }
        return;
    }
    if (!p->crosscapt) {
        if (p->basic && capt_ok(p, s, md, loc)) {
            take(s, md, loc);
            md->captured = CAPT_YES;
            md->capt_next = incr(p, loc, md->direct, NO_START);
        }
        return;
    }
    if (p->xc_sown) {
        if (first && (s->board[loc] != 1 || side_of(p, loc) != s->turn))
            return;
        if (first) {
            const int lo = s->turn ? 0 : p->n;
            int changed = 0;
            for (int h = lo; h < lo + p->n; h++)
                if (md->before[h] != s->board[h])
                    changed = 1;
            if (!changed) {
                md->captured = CAPT_REPEAT;
                return;
            }
        }
    }
    const int cross = p->size - 1 - loc;
    if ((first ? s->board[loc] == 1 : s->board[loc] == 0) && capt_ok(p, s, md, cross)) {
        take(s, md, cross);
        md->captured = CAPT_YES;
        md->capt_next = incr(p, loc, md->direct, NO_START);
    }
    if (p->xcpickown == XC_PICK_ON_CAPT) {
        if (first && md->captured == CAPT_YES) {
            trace_take(md->tr, loc, 1, STORE_PLACE(s->turn));
            s->stores[s->turn] += 1;
            s->board[loc] = 0;
        }
    }
    else if (p->xcpickown == XC_ALWAYS && first && s->board[loc] == 1) {
        int ok = 1;
        if (p->capt_side == SIDE_OPP || p->capt_side == SIDE_OPP_CONT)
            ok = side_of(p, loc) == s->turn;
        else if (p->capt_side == SIDE_OWN || p->capt_side == SIDE_OWN_CONT)
            ok = side_of(p, loc) != s->turn;
        if (ok) {
            trace_take(md->tr, loc, 1, STORE_PLACE(s->turn));
            s->stores[s->turn] += 1;
            s->board[loc] = 0;
        }
    }
}

/* capture.Multiple, with its quirk kept: the count runs out on the capture that used it
   up, and with multicapt 1 that capture reports NO */
static void
capt_multiple(const Params *p, State *s, Move *md)
{
    if (!p->multicapt) {
        capt_base(p, s, md, 1);
        return;
    }
    int captured = CAPT_NO, first = 1;
    int capt_loc = md->capt_loc;
    int left = p->multicapt;
    md->capt_start = capt_loc;
    for (;;) {
        capt_base(p, s, md, first);
        if (first)
            capt_loc = md->capt_loc;
        left -= 1;
        if (!left || md->captured == CAPT_NO) {
            md->captured = captured;
            md->capt_loc = capt_loc;
            md->capt_start = NO_START;
            return;
        }
        if (md->captured == CAPT_REPEAT) {
            md->capt_loc = capt_loc;
            md->capt_start = NO_START;
            return;
        }
        first = 0;
        captured = CAPT_YES;
        md->captured = CAPT_NO;
        md->capt_loc = md->capt_next;
    }
}

/* capture_ok.make_capt_check: may a capture ever take from this hole? (seeds there,
   on the capture side unless crosscapt) */
static int
capt_check(const Params *p, const State *s, const Move *md, int loc)
{
    if (!s->board[loc])
        return 0;
    if (p->crosscapt)
        return 1;
    switch (p->capt_side) {
    case SIDE_OPP:
        return side_of(p, loc) != s->turn;
    case SIDE_OWN:
        return side_of(p, loc) == s->turn;
    case SIDE_OWN_CONT:
    case SIDE_OPP_CONT: { /* from_start: where the multiple capture began */
        const int at = md->capt_start != NO_START ? md->capt_start : md->capt_loc;
        return (side_of(p, at) == s->turn) == (p->capt_side == SIDE_OWN_CONT);
    }
    }
    return 1;
}

/* capture_steps.PickLastSeeds (PICKLASTSEEDS): after the capture, taken or not, the
   mover takes every seed left once last_seeds or fewer are in play (1.10 counts only
   those a capture could take); it is no capture (md->captured unchanged) */
static void
pick_last_seeds(const Params *p, State *s, Move *md)
{
    long long seeds = 0;
    for (int h = 0; h < p->size; h++)
        if (!p->last_capturable || capt_check(p, s, md, h))
            seeds += s->board[h];
    if (seeds <= 0 || seeds > p->last_seeds)
        return;
    for (int h = 0; h < p->size; h++)
        if (s->board[h])
            take(s, md, h);
}

/* AgainstSowing, then the extra picks (PickCross, PickTwos, PickFinal, PickLastSeeds) */
static void
capt_picked(const Params *p, State *s, Move *md)
{
    if (!p->capsamedir)
        md->direct = -md->direct;
    capt_multiple(p, s, md);
    if (!p->capsamedir)
        md->direct = -md->direct;
    if (p->pickextra == PX_LAST_SEEDS) {
        pick_last_seeds(p, s, md);
        return;
    }
    if (!md->captured)
        return;
    switch (p->pickextra) {
    case PX_CROSS: {
        const int cross = p->size - 1 - md->capt_loc;
        if (s->board[cross])
            take(s, md, cross);
        break;
    }
    case PX_FINAL:
        if (s->board[md->capt_loc])
            take(s, md, md->capt_loc);
        break;
    case PX_TWOS: {
        const int lo = s->turn ? 0 : p->n;
        /* the opponent's row in its rule order: North's from South's left (descending) */
        if (s->turn) {
            for (int h = lo; h < lo + p->n; h++)
                if (s->board[h] == 2)
                    take(s, md, h);
        }
        else {
            for (int h = lo + p->n - 1; h >= lo; h--)
                if (s->board[h] == 2)
                    take(s, md, h);
        }
        break;
    }
    }
}

/* capture.GrandSlamKeepFirstSown (LEAVE_LEFT / LEAVE_RIGHT under the 1.10 rules): a grand
   slam is undone, then takes the opponent's holes after the first one (as the mover
   sees the row, from the left or the right) that held seeds once the sowing was done;
   a grand slam of a single hole stands */
static void
capt_slam_first_sown(const Params *p, State *s, Move *md)
{
    const int opp = 1 - s->turn;
    const int left = p->grandslam == GS_LEAVE_LEFT;
    int scan[MAXH];
    for (int k = 0; k < p->n; k++) /* South sees North's row from the board's end */
        scan[k] = s->turn == 0 ? (left ? p->size - 1 - k : p->n + k)
                               : (left ? p->n - 1 - k : k);
    int first = -1, sown = 0;
    for (int k = 0; k < p->n; k++)
        if (s->board[scan[k]]) {
            if (first < 0)
                first = k;
            sown += 1;
        }
    CELL snap[MAXS];
    const long long snap_stores[2] = {s->stores[0], s->stores[1]};
    memcpy(snap, s->board, (size_t)p->size * sizeof(CELL));
    const int had = !side_empty(p, md->before, opp);
    const size_t mark = md->tr != NULL ? md->tr->n : 0;
    capt_picked(p, s, md);
    if (!(had && md->captured && side_empty(p, s->board, opp)) || sown <= 1)
        return;
    memcpy(s->board, snap, (size_t)p->size * sizeof(CELL));
    s->stores[0] = snap_stores[0];
    s->stores[1] = snap_stores[1];
    if (md->tr != NULL)
        md->tr->n = mark;
    for (int k = first + 1; k < p->n; k++)
        if (s->board[scan[k]])
            take(s, md, scan[k]);
    md->captured = CAPT_YES;
}

/* the grand-slam rules (GrandSlamNoCapture, GrandSlamKeep, GrandSlamOppGets) */
static void
capt_slam(const Params *p, State *s, Move *md)
{
    if (p->grandslam == GS_LEGAL || p->grandslam == GS_NOT_LEGAL) {
        capt_picked(p, s, md);
        return;
    }
    if (p->slam_first_sown &&
        (p->grandslam == GS_LEAVE_LEFT || p->grandslam == GS_LEAVE_RIGHT)) {
        capt_slam_first_sown(p, s, md);
        return;
    }
    CELL snap[MAXS];
    long long snap_stores[2] = {s->stores[0], s->stores[1]};
    memcpy(snap, s->board, (size_t)p->size * sizeof(CELL));
    const int opp = 1 - s->turn;
    const int had = !side_empty(p, md->before, opp);
    const size_t mark = md->tr != NULL ? md->tr->n : 0;
    capt_picked(p, s, md);
    if (!(had && md->captured && side_empty(p, s->board, opp)))
        return;
    switch (p->grandslam) {
    case GS_NO_CAPT:
        memcpy(s->board, snap, (size_t)p->size * sizeof(CELL));
        s->stores[0] = snap_stores[0];
        s->stores[1] = snap_stores[1];
        md->captured = CAPT_NO;
        if (md->tr != NULL) /* undone: forget what the capture recorded */
            md->tr->n = mark;
        break;
    case GS_LEAVE_LEFT:
    case GS_LEAVE_RIGHT: {
        int keep;
        if (p->grandslam == GS_LEAVE_LEFT)
            keep = s->turn == 0 ? p->size - 1 : p->n - 1;
        else
            keep = s->turn == 0 ? p->n : 0;
        CELL seeds = snap[keep];
        if (seeds) {
            trace_take(md->tr, STORE_PLACE(s->turn), seeds, keep); /* given back */
            s->board[keep] = seeds;
            s->stores[s->turn] -= seeds;
            int same = s->stores[0] == snap_stores[0] && s->stores[1] == snap_stores[1] &&
                       memcmp(s->board, snap, (size_t)p->size * sizeof(CELL)) == 0;
            md->captured = same ? CAPT_NO : CAPT_YES;
        }
        break;
    }
    case GS_OPP_GETS_REMAIN: {
        /* the mover's row in its rule order (North's from South's left), as recorded */
        for (int k = 0; k < p->n; k++) {
            const int h = s->turn ? p->size - 1 - k : k;
            trace_take(md->tr, h, s->board[h], STORE_PLACE(opp));
            s->stores[opp] += s->board[h];
            s->board[h] = 0;
        }
        break;
    }
    }
}

/* pipeline.capture_seeds: NoSingleSeed and RepeatOnCapture around the rest */
static void
capture_seeds(const Params *p, State *s, Move *md)
{
    if (!s->inhibit && !(p->nosinglecapt && md->seeds == 1))
        capt_slam(p, s, md);
    if (p->capt_rturn == RT_NO_REPEAT)
        return;
    if (p->turn_repeats) { /* RepeatOnCaptureOncePerTurn: apply_recorded counts */
        if (md->captured && (p->capt_rturn == RT_ALWAYS || s->rturn_cnt < 1))
            md->captured = CAPT_REPEAT;
        return;
    }
    if (md->captured) {
        if (p->capt_rturn == RT_ALWAYS || s->rturn_cnt < 1)
            md->captured = CAPT_REPEAT;
        s->rturn_cnt += 1;
    }
    else
        s->rturn_cnt = 0;
}

/* pipeline.simulate: the board after sowing and capturing (on the copy t) */
static void
simulate(const Params *p, const State *s, State *t, int loc)
{
    Move md;
    memcpy(t, s, STATE_BYTES(p));
    do_sow(p, t, &md, loc, NULL, 0);
    if (md.capt_loc != REPEAT_TURN && md.capt_loc != ENDLESS)
        capture_seeds(p, t, &md);
}

/* ---- legal moves (allow.Allowables with MUSTSHARE and the grand-slam ban) ------------ */

/* allow._opp_or_empty: a move's first lap may not end in a hole of the mover's that held
   seeds (moves of more seeds than a row, by the count the reference reads, are not tried) */
static int
opp_or_empty_ok(const Params *p, const State *s, int loc)
{
    /* the allow index: the hole's place in the mover's row order (North's from the end) */
    const int idx = s->turn ? p->size - 1 - loc : loc;
    if (s->board[p->own_hole_count ? loc : idx] > p->n)
        return 1;
    State t;
    Move md;
    memcpy(&t, s, STATE_BYTES(p));
    do_sow(p, &t, &md, loc, NULL, 1);
    const int end = md.capt_loc;
    return !(end >= 0 && side_of(p, end) == s->turn && s->board[end]);
}

/* the moves of s->turn, ascending (pipeline.moves sorts them) */
static int
compute_legal(const Params *p, const State *s, Legal *L)
{
    L->n = 0;
    /* allow.Allowables.base: the mover's row, or with no_sides the whole board */
    const int lo = p->no_sides ? 0 : s->turn ? p->n : 0;
    const int hi = p->no_sides ? p->size : lo + p->n;
    for (int h = lo; h < hi; h++)
        if (s->board[h] >= p->min_move)
            L->mv[L->n++] = h;
    if (p->simple_moves || !L->n)
        return L->n;
    if (p->opp_or_empty) { /* the allow rule comes before the other filters */
        int k = 0;
        for (int i = 0; i < L->n; i++)
            if (opp_or_empty_ok(p, s, L->mv[i]))
                L->mv[k++] = L->mv[i];
        L->n = k;
    }
    State t;
    const int opp = 1 - s->turn;
    if (p->mustshare && side_empty(p, s->board, opp)) {
        int k = 0;
        for (int i = 0; i < L->n; i++) {
            simulate(p, s, &t, L->mv[i]);
            if (!side_empty(p, t.board, opp))
                L->mv[k++] = L->mv[i];
        }
        if (k || !p->share_keep_all) /* else none shares: every move stands */
            L->n = k;
    }
    if (p->grandslam == GS_NOT_LEGAL && !side_empty(p, s->board, opp)) {
        int k = 0;
        for (int i = 0; i < L->n; i++) {
            simulate(p, s, &t, L->mv[i]);
            if (!side_empty(p, t.board, opp))
                L->mv[k++] = L->mv[i];
        }
        L->n = k;
    }
    return L->n;
}

/* Ender.moves_of */
static int
moves_of(const Params *p, State *s, int player)
{
    Legal L;
    const int turn = s->turn;
    s->turn = player;
    int any = compute_legal(p, s, &L) > 0;
    s->turn = turn;
    return any;
}

/* ---- the end of a move (ending.make_ender for MAX_SEEDS without rounds) ------------- */

static inline long long
board_sum(const Params *p, const State *s)
{
    long long t = 0;
    for (int h = 0; h < p->size; h++)
        t += s->board[h];
    return t;
}

static void
give_all(const Params *p, State *s, int who)
{
    s->stores[who] += board_sum(p, s);
    memset(s->board, 0, (size_t)p->size * sizeof(CELL));
}

static void
take_own(const Params *p, State *s)
{
    for (int h = 0; h < p->size; h++) {
        s->stores[side_of(p, h)] += s->board[h];
        s->board[h] = 0;
    }
}

/* claim.divvy_to_stores */
static void
divvy(const Params *p, State *s)
{
    long long left = board_sum(p, s);
    memset(s->board, 0, (size_t)p->size * sizeof(CELL));
    s->stores[0] += left / 2;
    s->stores[1] += left / 2;
    if (s->stores[1] > s->stores[0])
        s->stores[0] += left % 2;
    else
        s->stores[1] += left % 2;
}

static inline int
last_mover(const State *s)
{
    return s->has_last ? (int)s->last[0] : s->turn;
}

/* Ender.decided_by_seeds on the stores: 1 when decided (outcome and winner set) */
static int
decided_by_seeds(State *s)
{
    const long long win = s->total - s->total / 2;
    if (s->stores[1] > win) {
        s->outcome = OC_WIN;
        s->winner = 1;
    }
    else if (s->stores[0] > win) {
        s->outcome = OC_WIN;
        s->winner = 0;
    }
    else if (s->stores[0] == win && s->stores[1] == win) {
        s->outcome = OC_TIE;
        s->winner = -1;
    }
    else
        return 0;
    return 1;
}

/* GameOver: the seeds left in play claimed per unclaimed, then the most seeds win */
static void
game_over(const Params *p, State *s)
{
    /* ending.game_over_claimer: with no sides nobody owns the seeds left */
    switch (p->no_sides ? UC_DONT_SCORE : p->unclaimed) {
    case UC_HOLE_OWNER:
        take_own(p, s);
        break;
    case UC_DONT_SCORE:
    case UC_UNFED:
        memset(s->board, 0, (size_t)p->size * sizeof(CELL));
        break;
    case UC_LAST_MOVER:
        give_all(p, s, last_mover(s));
        break;
    case UC_DIVVIED:
        divvy(p, s);
        break;
    }
    if (decided_by_seeds(s))
        return;
    if (s->stores[0] == s->stores[1]) {
        s->outcome = OC_TIE;
        s->winner = -1;
    }
    else {
        s->outcome = OC_WIN;
        s->winner = s->stores[0] > s->stores[1] ? 0 : 1;
    }
}

/* the checks inside ClearWinner and NoOutcomeChange: 1 when the game is over */
static int
over_inner(const Params *p, State *s, int repeat)
{
    int playable = 0;
    for (int h = 0; h < p->size; h++)
        if (s->board[h] >= p->min_move) {
            playable = 1;
            break;
        }
    if (!playable)
        return 1; /* NotPlayable */
    if (p->share_end) { /* CannotShare */
        const int opponent = 1 - s->turn;
        int player_seeds = 0, opp_seeds = 0;
        for (int h = 0; h < p->size; h++)
            if (s->board[h] >= p->min_move) {
                if (side_of(p, h) == opponent)
                    opp_seeds = 1;
                else
                    player_seeds = 1;
            }
        int no_share = 0;
        if (repeat && player_seeds && !opp_seeds)
            no_share = !moves_of(p, s, s->turn);
        else if (!repeat && !player_seeds && opp_seeds)
            no_share = !moves_of(p, s, opponent);
        if (no_share) {
            /* UNFED_PLAYER: the player to move when the check is made takes the rest
               (on a repeat turn the check looks from the opponent's seat) */
            if (p->unclaimed == UC_UNFED)
                give_all(p, s, repeat ? opponent : s->turn);
            return 1;
        }
        /* the others can share: the inner checks are still asked */
    }
    if (p->mustpass) { /* NoMovesEither */
        if (moves_of(p, s, s->turn))
            return 0;
        return !moves_of(p, s, 1 - s->turn);
    }
    return !moves_of(p, s, repeat ? s->turn : 1 - s->turn); /* NoMovesNext */
}

/* ending.SideCleared, SeedLimit, HoleSeedLimit: the end_cond says the game is over */
static int
end_cond_over(const Params *p, const State *s)
{
    switch (p->end_cond) {
    case EC_CLEARED_OWN:
        return side_empty(p, s->board, s->turn);
    case EC_CLEARED_OPP:
        return side_empty(p, s->board, 1 - s->turn);
    case EC_SEEDS_LIMIT:
        return board_sum(p, s) <= p->end_param;
    case EC_HOLE_SEED_LIMIT:
        for (int h = 0; h < p->size; h++)
            if (s->board[h] > p->end_param)
                return 0;
        return 1;
    }
    return 0;
}

static inline void
win_for(State *s, int who)
{
    s->outcome = OC_WIN;
    s->winner = who;
}

/* end_conditions.ClearSeeds: the first player to empty their own side wins, the mover
   first */
static int
clear_over(const Params *p, State *s)
{
    if (side_empty(p, s->board, s->turn))
        win_for(s, s->turn);
    else if (side_empty(p, s->board, 1 - s->turn))
        win_for(s, 1 - s->turn);
    else
        return 0;
    return 1;
}

/* DEPRIVE: with min_move 1 NoMovesNext around DepriveNoSeeds (a player without a move
   next loses, the mover on its own repeat turn included; else the mover loses once its
   own side is empty), above 1 DepriveLastMover (the last player able to move wins) */
static int
deprive_over(const Params *p, State *s, int repeat)
{
    if (p->min_move > 1) {
        if (moves_of(p, s, 1 - s->turn))
            return 0;
        win_for(s, s->turn);
        return 1;
    }
    if (!moves_of(p, s, repeat ? s->turn : 1 - s->turn))
        win_for(s, repeat ? 1 - s->turn : s->turn);
    else if (side_empty(p, s->board, s->turn))
        win_for(s, 1 - s->turn);
    else
        return 0;
    return 1;
}

/* pipeline.decide: 1 when the game is over (outcome, winner and turn set) */
static int
decide(const Params *p, State *s, int repeat)
{
    if (p->goal != GOAL_MAX_SEEDS) { /* a win, never a tie: the turn goes to the winner */
        if (!(p->goal == GOAL_CLEAR ? clear_over(p, s) : deprive_over(p, s, repeat)))
            return 0;
    }
    else if (p->end_cond && end_cond_over(p, s)) /* over: every inner check passes it on */
        game_over(p, s);
    else if (p->end_rule == END_ROW_EMPTY) { /* ending.row_empty_ender: no majority, no too-few */
        if (!side_empty(p, s->board, 0) && !side_empty(p, s->board, 1) &&
            !over_inner(p, s, repeat))
            return 0;
        game_over(p, s);
    }
    else if (!decided_by_seeds(s)) { /* ClearWinner */
        int over = over_inner(p, s, repeat);
        if (!over && p->no_change) { /* NoOutcomeChange */
            long long left = board_sum(p, s);
            over = 0 < left && left < p->needed;
        }
        if (!over)
            return 0;
        game_over(p, s);
    }
    if (s->outcome == OC_WIN)
        s->turn = s->winner;
    return 1;
}

/* pipeline.end_game with ending.make_quitter: a sowing that never ends */
static void
end_game(const Params *p, State *s)
{
    switch (p->quit) {
    case QUIT_TIE: /* TieAlways */
        s->outcome = OC_TIE;
        s->winner = -1;
        return;
    case QUIT_DROP:
        memset(s->board, 0, (size_t)p->size * sizeof(CELL));
        break;
    case QUIT_LAST_MOVER:
        give_all(p, s, last_mover(s));
        break;
    case QUIT_TAKE_OWN:
        take_own(p, s);
        break;
    default:
        divvy(p, s);
    }
    if (!decided_by_seeds(s)) {
        if (s->stores[0] == s->stores[1]) {
            s->outcome = OC_TIE;
            s->winner = -1;
        }
        else {
            s->outcome = OC_WIN;
            s->winner = s->stores[0] > s->stores[1] ? 0 : 1;
        }
    }
    if (s->outcome == OC_WIN)
        s->turn = s->winner;
}

static inline void
remember(State *s, const Move *md)
{
    s->has_last = 1;
    s->last[0] = md->player;
    s->last[1] = md->sow_loc;
    s->last[2] = md->seeds;
    s->last[3] = md->capt_loc;
}

/* Recorder.settle: what the end of the game changed, from the board and stores before */
static void
trace_settle(const Params *p, Trace *tr, const State *before, const State *s)
{
    for (int h = 0; h < p->size; h++)
        if (before->board[h] != s->board[h]) {
            trace_put(tr, EV_SETTLE);
            trace_put(tr, h);
            trace_put(tr, (int32_t)(s->board[h] - before->board[h]));
        }
    for (int seat = 0; seat < 2; seat++)
        if (before->stores[seat] != s->stores[seat]) {
            trace_put(tr, EV_SETTLE);
            trace_put(tr, STORE_PLACE(seat));
            trace_put(tr, (int32_t)(s->stores[seat] - before->stores[seat]));
        }
}

/* pipeline.decide in a traced move: the end's changes recorded, and a repeat turn */
static int
decide_traced(const Params *p, State *s, int repeat, Trace *tr)
{
    State before;
    memcpy(&before, s, STATE_BYTES(p));
    int over = decide(p, s, repeat);
    trace_settle(p, tr, &before, s);
    if (!over && repeat)
        trace_put(tr, EV_EXTRA);
    return over;
}

/* Game.apply (pipeline.step, then must_pass): a legal move, in place; recorded in tr
   when given (Game.play_traced), else nothing is (the same code, the branches on tr
   predicted the same way every time) */
static void
apply_recorded(const Params *p, State *s, int loc, Trace *tr)
{
    Move md;
    int repeat = 0;
    s->mcount += 1;
    do_sow(p, s, &md, loc, tr, 0);
    if (md.capt_loc == REPEAT_TURN && !p->store_ends_turn) {
        remember(s, &md);
        repeat = 1;
    }
    else if (md.capt_loc == ENDLESS) {
        remember(s, &md);
        if (tr == NULL) {
            end_game(p, s);
            return;
        }
        State before;
        trace_put(tr, EV_INEXACT); /* the seeds in hand leave play unrecorded */
        memcpy(&before, s, STATE_BYTES(p));
        end_game(p, s);
        trace_settle(p, tr, &before, s);
        return;
    }
    else {
        if (md.capt_loc != REPEAT_TURN)
            capture_seeds(p, s, &md);
        remember(s, &md);
        repeat = md.captured == CAPT_REPEAT;
        /* the inhibitor's after_move, skipped by a capture's repeat turn as in the pipeline */
        if (!repeat && p->nocaptmoves && s->mcount >= p->nocaptmoves)
            s->inhibit = 0;
    }
    if (tr == NULL ? decide(p, s, repeat) : decide_traced(p, s, repeat, tr))
        return;
    if (!repeat) {
        s->turn = 1 - s->turn;
        if (p->turn_repeats) /* pipeline.step: a new turn, no repeats yet */
            s->rturn_cnt = 0;
    }
    else if (p->turn_repeats) /* pipeline._repeat */
        s->rturn_cnt += 1;
    if (p->mustpass && !moves_of(p, s, s->turn)) {
        s->mcount += 1;
        s->turn = 1 - s->turn;
        if (tr != NULL)
            trace_put(tr, EV_PASS);
    }
}

static void
apply_core(const Params *p, State *s, int loc)
{
    apply_recorded(p, s, loc, NULL);
}

/* ---- the parameters (fast.params) ------------------------------------------------- */

static const char *PARAM_NAMES[] = {
    "layout", "holes", "step", "sow_start", "move_one", "skip_start", "sow_own_store",
    "store_ends_turn", "mlaps", "visit_opp", "crosscapt", "xcpickown", "xc_sown", "capt_on",
    "evens", "capt_min", "capt_max", "multicapt", "capsamedir", "capt_side", "capt_rturn",
    "nosinglecapt", "grandslam", "min_move", "mustshare", "mustpass", "unclaimed",
    "pickextra", "stores", "no_change_below", "nocaptmoves", "end_rule", "max_laps",
    "turn_repeats", "share_end", "share_keep_all", "slam_first_sown", "next_stops",
    "next_store", "cont_from_start", "quit", "mlap_cont", "mlap_param", "end_cond",
    "end_param", "capt_type", "even_odd", "goal", "no_sides", "enpas", "enpas_owner",
    "enpas_holes", "enpas_not_last", "lap_on", "last_seeds", "last_capturable",
    "opp_or_empty", "own_hole_count", NULL};

static int
param_int(PyObject *d, const char *name, long long lo, long long hi, long long *out)
{
    PyObject *v = PyDict_GetItemString(d, name);
    if (v == NULL) {
        PyErr_Format(PyExc_ValueError, "params: parameter %s is missing", name);
        return -1;
    }
    long long x = PyLong_AsLongLong(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "params: parameter %s=%lld is out of range %lld..%lld",
                     name, x, lo, hi);
        return -1;
    }
    *out = x;
    return 0;
}

/* p from the dict fast.params(variant) makes (both extensions read it) */
static int
core_params(PyObject *d, Params *p)
{
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(d, &pos, &key, &value)) {
        int known = 0;
        for (const char **nm = PARAM_NAMES; *nm; nm++)
            if (PyUnicode_Check(key) && PyUnicode_CompareWithASCIIString(key, *nm) == 0)
                known = 1;
        if (!known) {
            PyErr_Format(PyExc_ValueError, "params: unknown parameter %R", key);
            return -1;
        }
    }
    memset(p, 0, sizeof(*p));
    long long v;
#define GET(name, lo, hi, field)                        \
    do {                                                \
        if (param_int(d, name, lo, hi, &v) < 0)         \
            return -1;                                  \
        p->field = v;                                   \
    } while (0)
    if (param_int(d, "layout", LAYOUT, LAYOUT, &v) < 0)
        return -1;
    GET("holes", 1, MAXH, n);
    GET("step", -1, 1, step);
    if (p->step == 0) {
        PyErr_SetString(PyExc_ValueError, "params: step must be 1 (CCW) or -1 (CW)");
        return -1;
    }
    GET("sow_start", 0, 1, sow_start);
    GET("move_one", 0, 1, move_one);
    GET("skip_start", 0, 1, skip_start);
    GET("sow_own_store", 0, 1, own_store);
    GET("store_ends_turn", 0, 1, store_ends_turn);
    GET("mlaps", 0, 2, mlaps);
    GET("visit_opp", 0, 1, visit_opp);
    GET("crosscapt", 0, 1, crosscapt);
    GET("xcpickown", 0, 2, xcpickown);
    GET("xc_sown", 0, 1, xc_sown);
    GET("evens", 0, 1, evens);
    GET("capt_min", 0, LLONG_MAX / 4, capt_min);
    GET("capt_max", 0, LLONG_MAX / 4, capt_max);
    GET("multicapt", -1, INT_MAX, multicapt);
    GET("capsamedir", 0, 1, capsamedir);
    GET("capt_side", 0, 4, capt_side);
    GET("capt_rturn", 0, 2, capt_rturn);
    GET("nosinglecapt", 0, 1, nosinglecapt);
    GET("grandslam", 0, 5, grandslam);
    GET("min_move", 1, LLONG_MAX / 4, min_move);
    GET("mustshare", 0, 1, mustshare);
    GET("mustpass", 0, 1, mustpass);
    GET("unclaimed", 0, 4, unclaimed);
    GET("pickextra", 0, 4, pickextra);
    GET("stores", 0, 1, stores);
    GET("no_change_below", 0, LLONG_MAX / 4, needed);
    GET("nocaptmoves", 0, LLONG_MAX / 4, nocaptmoves);
    GET("end_rule", 0, 1, end_rule);
    GET("max_laps", 1, INT_MAX, max_laps);
    GET("turn_repeats", 0, 1, turn_repeats);
    GET("share_end", 0, 1, share_end);
    GET("share_keep_all", 0, 1, share_keep_all);
    GET("slam_first_sown", 0, 1, slam_first_sown);
    GET("next_stops", 0, 1, next_stops);
    GET("next_store", 0, 1, next_store);
    GET("cont_from_start", 0, 1, cont_from_start);
    GET("quit", 0, 4, quit);
    GET("mlap_cont", 0, 3, mlap_cont);
    GET("mlap_param", 0, LLONG_MAX / 4, mlap_param);
    GET("end_cond", 0, 4, end_cond);
    GET("end_param", 0, LLONG_MAX / 4, end_param);
    GET("capt_type", 0, 1, capt_type);
    GET("even_odd", 0, 1, even_odd);
    GET("goal", 0, 2, goal);
    GET("no_sides", 0, 1, no_sides);
    GET("enpas", 0, 1, enpas);
    GET("enpas_owner", 0, 1, enpas_owner);
    GET("enpas_holes", 0, 2, enpas_holes);
    GET("enpas_not_last", 0, 1, enpas_not_last);
    GET("lap_on", 0, LLONG_MAX / 4, lap_on);
    GET("last_seeds", 0, LLONG_MAX / 4, last_seeds);
    GET("last_capturable", 0, 1, last_capturable);
    GET("opp_or_empty", 0, 1, opp_or_empty);
    GET("own_hole_count", 0, 1, own_hole_count);
#undef GET
    PyObject *co = PyDict_GetItemString(d, "capt_on");
    if (co == NULL) {
        PyErr_SetString(PyExc_ValueError, "params: parameter capt_on is missing");
        return -1;
    }
    PyObject *seq = PySequence_Fast(co, "params: capt_on must be a sequence of ints");
    if (seq == NULL)
        return -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    if (m > (Py_ssize_t)(sizeof(p->capt_on) / sizeof(p->capt_on[0]))) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "params: capt_on has too many values");
        return -1;
    }
    for (Py_ssize_t i = 0; i < m; i++) {
        long long x = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        p->capt_on[i] = x;
    }
    p->n_capt_on = (int)m;
    Py_DECREF(seq);
    p->size = 2 * p->n;
    if (p->no_sides && p->size > MAX_MOVES) { /* this includer's move buffers are too short */
        PyErr_SetString(PyExc_ValueError, "params: no_sides is not played here (its moves "
                                          "are any hole of the board)");
        return -1;
    }
    p->basic = p->n_capt_on || p->evens || p->capt_min || p->capt_max;
    p->no_change = p->needed > 0;
    p->simple_moves = !(p->mustshare || p->grandslam == GS_NOT_LEGAL || p->opp_or_empty);
    return 0;
}

#endif /* MANCALA_CORE_H */
