/*
 * The rules of the C cores: the common Mancala variants that
 * mancala.engine.fast.make_fast accepts, step for step as the Python engine
 * (game.py, sowing.py, capture.py, ending.py: the specification) plays them.
 * Every function names the Python function it mirrors.
 *
 * Two extensions include this file: mancala.engine._fastcore (the engine's hot
 * path and replay) and mancala.ai._solver (the exact solver). Before including it,
 * define MAXH (the most holes a side) and CELL (the type of a hole's seed count):
 * the solver keeps a small board of bytes, the engine ints. core_params() reads
 * the parameter dict of fast.params(variant).
 */

#ifndef MANCALA_CORE_H
#define MANCALA_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if !defined(MAXH) || !defined(CELL)
#error "define MAXH and CELL before including mancala_core.h"
#endif

/* the layout of fast.params' dict; fast.py checks it: a stale build is not used */
#define LAYOUT 1

#define MAX_LAPS 50 /* sowing.MAX_LAPS */
#define STORE (-1)  /* sowing.STORE */
#define MAXS (2 * MAXH)
#define OK_TABLE 256

enum { MLAPS_OFF, MLAPS_LAPPER, MLAPS_NEXT };
enum { SIDE_BOTH, SIDE_OPP, SIDE_OWN, SIDE_OPP_CONT, SIDE_OWN_CONT };
enum { XC_LEAVE, XC_PICK_ON_CAPT, XC_ALWAYS };
enum { GS_LEGAL, GS_NOT_LEGAL, GS_NO_CAPT, GS_OPP_GETS_REMAIN, GS_LEAVE_LEFT, GS_LEAVE_RIGHT };
enum { RT_NO_REPEAT, RT_ALWAYS, RT_ONCE };
enum { UC_HOLE_OWNER, UC_DONT_SCORE, UC_LAST_MOVER, UC_UNFED, UC_DIVVIED };
enum { PX_NONE, PX_LAST, PX_2XLAST };
enum { CAP_NONE, CAP_CROSS, CAP_BASIC };
enum { OC_NONE, OC_WIN, OC_TIE, OC_OTHER }; /* OC_OTHER: an outcome read from Python */

typedef struct {
    int n, size, step;
    int sow_start, move_one, skip_start, own_store, store_ends_turn;
    int mlaps, visit_opp;
    int crosscapt, xcpickown, xc_sown;
    int basic; /* has_basic_capture */
    Py_ssize_t n_capt_on;
    long long *capt_on; /* sorted */
    int evens;
    long long capt_min, capt_max;
    int limit, capsamedir, capt_side;
    int capt_rturn, nosinglecapt;
    long long nocaptmoves;
    int grandslam, slam_rule;
    long long min_move;
    int mustshare, mustpass, can_pass;
    int unclaimed, pickextra;
    long long last_seeds;
    int stores;
    int capturer, lap_stop, simple_moves;
    int store_hole[2];
    unsigned char ok_small[OK_TABLE];
} Params;

typedef struct {
    long long stores[2];
    long long moves;
    long long pmoves[2];
    long long total;
    int turn, repeating, starter;
    int outcome, winner; /* OC_*, winner -1 for none */
    CELL board[MAXS]; /* last: copies take only the holes in use */
} State;

#define STATE_BYTES(p) (offsetof(State, board) + (size_t)(p)->size * sizeof(CELL))

typedef struct {
    int valid; /* the Position.legal cache: set, or None */
    int n;
    int mv[MAXH];
} Legal;

typedef struct {
    int final, sown_opp, endless;
} SowRes;

typedef struct {
    int n;
    int hole[MAXS];
    CELL seeds[MAXS];
} Taken;

/* ---- criteria (capture.make_basic_ok, make_side_ok) --------------------------- */

static int
basic_ok_slow(const Params *p, long long c)
{
    int tests = 0;
    if (p->n_capt_on) {
        Py_ssize_t lo = 0, hi = p->n_capt_on;
        tests = 1;
        while (lo < hi) {
            Py_ssize_t mid = (lo + hi) / 2;
            if (p->capt_on[mid] < c)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == p->n_capt_on || p->capt_on[lo] != c)
            return 0;
    }
    if (p->evens) {
        tests = 1;
        if (!(c > 0 && c % 2 == 0))
            return 0;
    }
    if (p->capt_min) {
        tests = 1;
        if (c < p->capt_min)
            return 0;
    }
    if (p->capt_max) {
        tests = 1;
        if (!(c > 0 && c <= p->capt_max))
            return 0;
    }
    if (!tests)
        return c > 0;
    return 1;
}

static inline int
basic_ok(const Params *p, long long c)
{
    if (c >= 0 && c < OK_TABLE)
        return p->ok_small[c];
    return basic_ok_slow(p, c);
}

static inline int
on_opp_side(const Params *p, int hole, int mover)
{
    return (hole >= p->n) != (mover == 1);
}

static inline int
side_ok(const Params *p, int hole, int mover, int first)
{
    switch (p->capt_side) {
    case SIDE_OPP:
        return on_opp_side(p, hole, mover);
    case SIDE_OWN:
        return !on_opp_side(p, hole, mover);
    case SIDE_OPP_CONT:
        return !first || on_opp_side(p, hole, mover);
    case SIDE_OWN_CONT:
        return !first || !on_opp_side(p, hole, mover);
    default:
        return 1;
    }
}

static inline int
wrap(const Params *p, int h)
{
    if (h >= p->size)
        return h - p->size;
    if (h < 0)
        return h + p->size;
    return h;
}

static inline int
side_any(const Params *p, const State *s, int player)
{
    const CELL *b = s->board + (player ? p->n : 0);
    for (int i = 0; i < p->n; i++)
        if (b[i])
            return 1;
    return 0;
}

static inline long long
board_sum(const Params *p, const State *s, int lo, int hi)
{
    long long t = 0;
    for (int h = lo; h < hi; h++)
        t += s->board[h];
    return t;
}

static inline void
zero_board(const Params *p, State *s)
{
    memset(s->board, 0, (size_t)p->size * sizeof(CELL));
}

/* Game._opp_can_move */
static inline int
can_move(const Params *p, const State *s, int player)
{
    const CELL *b = s->board + (player ? p->n : 0);
    for (int i = 0; i < p->n; i++)
        if (b[i] >= p->min_move)
            return 1;
    return 0;
}

/* ---- sowing (sowing.make_sower) ------------------------------------------------ */

/* sow_lap: drop `seeds` from `start` (already emptied); returns the final hole or STORE */
static int
sow_lap(const Params *p, State *s, int start, int mover, long long seeds, int *sown_opp)
{
    CELL *b = s->board;
    const int n = p->n, size = p->size, step = p->step;
    int loc = start;
    int opp = 0;
    if (p->sow_start && !(p->move_one && seeds == 1)) {
        b[start] += 1;
        seeds -= 1;
        if (seeds == 0) {
            *sown_opp = (start >= n) != (mover == 1);
            return start;
        }
    }
    const int store_hole = p->own_store ? p->store_hole[mover] : -2;
    const int skip = p->skip_start;
    while (seeds > 0) {
        if (loc == store_hole) {
            s->stores[mover] += 1;
            seeds -= 1;
            if (!seeds) {
                *sown_opp = opp;
                return STORE;
            }
        }
        loc += step;
        if (loc == size)
            loc = 0;
        else if (loc < 0)
            loc = size - 1;
        if (skip && loc == start)
            continue;
        b[loc] += 1;
        seeds -= 1;
        if ((loc >= n) != (mover == 1))
            opp = 1;
    }
    *sown_opp = opp;
    return loc;
}

/* single / multi */
static void
sow(const Params *p, State *s, int start, int mover, SowRes *r)
{
    CELL *b = s->board;
    long long seeds = b[start];
    int so;
    b[start] = 0;
    r->endless = 0;
    if (p->mlaps == MLAPS_OFF) {
        r->final = sow_lap(p, s, start, mover, seeds, &so);
        r->sown_opp = so;
        return;
    }
    int any = 0, laps = 0;
    for (;;) {
        laps++;
        int f = sow_lap(p, s, start, mover, seeds, &so);
        any |= so;
        r->final = f;
        r->sown_opp = any;
        if (f == STORE)
            return;
        if (p->visit_opp && laps == 1 && !so)
            return;
        if (p->lap_stop && basic_ok(p, b[f]) && side_ok(p, f, mover, 1))
            return;
        if (p->mlaps == MLAPS_NEXT) {
            start = wrap(p, f + p->step);
            if (b[start] == 0)
                return;
        }
        else {
            if (b[f] <= 1)
                return;
            start = f;
        }
        seeds = b[start];
        b[start] = 0;
        if (laps >= MAX_LAPS) {
            r->endless = 1; /* the seeds just picked up leave the game */
            return;
        }
    }
}

/* ---- captures (capture.make_capture_parts: cross, basic_capt) ------------------ */

static inline void
take(State *s, int h, Taken *t)
{
    t->hole[t->n] = h;
    t->seeds[t->n] = s->board[h];
    t->n++;
    s->board[h] = 0;
}

static void
capture(const Params *p, State *s, const SowRes *r, int mover, Taken *t)
{
    CELL *b = s->board;
    const int f = r->final;
    t->n = 0;
    if (p->capturer == CAP_CROSS) {
        if (b[f] != 1 || (p->xc_sown && !r->sown_opp))
            return;
        int o = p->size - 1 - f;
        if (!side_ok(p, o, mover, 1))
            return; /* no cross capture from here: the single seed stays too */
        long long c = b[o];
        if (c && (!p->basic || basic_ok(p, c)))
            take(s, o, t);
        if (p->xcpickown == XC_ALWAYS || (p->xcpickown == XC_PICK_ON_CAPT && t->n))
            take(s, f, t);
        return;
    }
    if (!(basic_ok(p, b[f]) && side_ok(p, f, mover, 1)))
        return;
    const int cd = p->capsamedir ? p->step : -p->step;
    take(s, f, t);
    int loc = f;
    for (int i = 0; i < p->limit - 1; i++) {
        loc = wrap(p, loc + cd);
        if (loc == f || !(basic_ok(p, b[loc]) && side_ok(p, loc, mover, 0)))
            break;
        take(s, loc, t);
    }
}

/* Game._sow_capture: returns whether the capture was a grand slam */
static int
sow_capture(const Params *p, State *s, int hole, int mover, SowRes *r, Taken *t)
{
    const long long seeds = s->board[hole];
    const int opp_before = p->slam_rule && side_any(p, s, 1 - mover);
    sow(p, s, hole, mover, r);
    t->n = 0;
    if (r->endless || r->final == STORE || p->capturer == CAP_NONE)
        return 0;
    if (s->moves < p->nocaptmoves || (p->nosinglecapt && seeds == 1))
        return 0;
    capture(p, s, r, mover, t);
    return t->n && opp_before && !side_any(p, s, 1 - mover);
}

/* ---- legal moves (Game._legal_moves) -------------------------------------------- */

static int
compute_legal(const Params *p, const State *s, Legal *L)
{
    L->valid = 1;
    L->n = 0;
    if (s->outcome != OC_NONE)
        return 0;
    const int lo = s->turn ? p->n : 0;
    for (int h = lo; h < lo + p->n; h++)
        if (s->board[h] >= p->min_move)
            L->mv[L->n++] = h;
    if (p->simple_moves)
        return L->n;
    State trial;
    SowRes r;
    if (p->mustshare && L->n && !can_move(p, s, 1 - s->turn)) {
        int k = 0;
        for (int i = 0; i < L->n; i++) {
            memcpy(&trial, s, STATE_BYTES(p));
            sow(p, &trial, L->mv[i], trial.turn, &r);
            if (can_move(p, &trial, 1 - trial.turn))
                L->mv[k++] = L->mv[i];
        }
        L->n = k;
    }
    if (p->grandslam == GS_NOT_LEGAL && L->n) {
        Taken t;
        int k = 0;
        for (int i = 0; i < L->n; i++) {
            memcpy(&trial, s, STATE_BYTES(p));
            if (!sow_capture(p, &trial, L->mv[i], trial.turn, &r, &t))
                L->mv[k++] = L->mv[i];
        }
        L->n = k;
    }
    return L->n;
}

/* ---- the end of a move (ending.py) ----------------------------------------------- */

static void
decide(State *s, int mover, Legal *L)
{
    if (s->stores[0] == s->stores[1]) {
        s->outcome = OC_TIE;
        s->winner = -1;
        s->turn = mover;
    }
    else {
        int w = s->stores[0] > s->stores[1] ? 0 : 1;
        s->outcome = OC_WIN;
        s->winner = w;
        s->turn = w;
    }
    L->valid = 0;
}

static void
divvy(const Params *p, State *s, int mover)
{
    long long seeds = board_sum(p, s, 0, p->size);
    long long half = seeds / 2, odd = seeds % 2;
    s->stores[0] += half;
    s->stores[1] += half;
    if (odd) {
        long long s0 = s->stores[0], s1 = s->stores[1];
        s->stores[s0 < s1 ? 0 : s1 < s0 ? 1 : 1 - mover] += 1;
    }
    zero_board(p, s);
}

static void
to_owners(const Params *p, State *s)
{
    s->stores[0] += board_sum(p, s, 0, p->n);
    s->stores[1] += board_sum(p, s, p->n, p->size);
    zero_board(p, s);
}

/* every seed on the board to one player's store */
static void
give_board(const Params *p, State *s, int player)
{
    s->stores[player] += board_sum(p, s, 0, p->size);
    zero_board(p, s);
}

/* make_collector */
static void
collect(const Params *p, State *s, int mover, int unfed)
{
    switch (p->unclaimed) {
    case UC_HOLE_OWNER:
        to_owners(p, s);
        break;
    case UC_DONT_SCORE:
        zero_board(p, s);
        break;
    case UC_LAST_MOVER:
        give_board(p, s, mover);
        break;
    case UC_UNFED:
        if (unfed < 0)
            to_owners(p, s);
        else
            give_board(p, s, unfed);
        break;
    case UC_DIVVIED:
        divvy(p, s, mover);
        break;
    }
}

/* make_endless (goal MAX_SEEDS) */
static void
endless_end(const Params *p, State *s, int mover, Legal *L)
{
    if (!p->stores) {
        s->outcome = OC_TIE;
        s->winner = -1;
        s->turn = mover;
        L->valid = 0;
        return;
    }
    switch (p->unclaimed) {
    case UC_DONT_SCORE:
        zero_board(p, s);
        break;
    case UC_LAST_MOVER:
        give_board(p, s, mover);
        break;
    default:
        divvy(p, s, mover);
    }
    decide(s, mover, L);
}

/* make_ender: unfed_player */
static int
unfed_player(const Params *p, const State *s, int nxt)
{
    for (int k = 0; k < 2; k++) {
        int player = k ? 1 - nxt : nxt;
        if (!can_move(p, s, player))
            return player;
    }
    return -1;
}

/* make_ender: max_seeds (with next_player, has_moves, pass_or_stop and try_pass) */
static void
ender(const Params *p, State *s, int mover, int repeat, Legal *L)
{
    if (p->pickextra != PX_NONE) {
        long long left = board_sum(p, s, 0, p->size);
        if (left <= p->last_seeds) {
            int taker = p->pickextra == PX_LAST ? mover : s->starter;
            s->stores[taker] += left;
            zero_board(p, s);
            decide(s, mover, L);
            return;
        }
    }
    if (2 * s->stores[0] > s->total || 2 * s->stores[1] > s->total) {
        collect(p, s, mover, -1);
        decide(s, mover, L);
        return;
    }
    const int nxt = repeat ? mover : 1 - mover;
    s->turn = nxt;
    s->repeating = repeat;
    if (compute_legal(p, s, L))
        return;
    if (p->can_pass) { /* try_pass: the pass counts before the other's moves are worked out */
        s->turn = 1 - nxt;
        s->repeating = 0;
        s->moves += 1;
        s->pmoves[nxt] += 1;
        if (compute_legal(p, s, L))
            return;
        s->moves -= 1;
        s->pmoves[nxt] -= 1;
        s->turn = nxt;
        L->valid = 0;
    }
    collect(p, s, mover, p->mustshare ? unfed_player(p, s, nxt) : -1);
    decide(s, mover, L);
}

/* ---- applying a move (Game.apply, _repeat, _grand_slam, _opp_gets_remain) ------- */

static int
repeat_turn(const Params *p, const State *s, const SowRes *r, const Taken *t, int mover)
{
    if (r->final == STORE)
        return !p->store_ends_turn;
    if (t->n) {
        if (p->capt_rturn == RT_ALWAYS || (p->capt_rturn == RT_ONCE && !s->repeating))
            return 1;
    }
    else if (p->xc_sown && !r->sown_opp && s->board[r->final] == 1 &&
             !on_opp_side(p, r->final, mover)) {
        return 1;
    }
    return 0;
}

static void
grand_slam(const Params *p, State *s, int mover, Taken *t)
{
    int keep;
    switch (p->grandslam) {
    case GS_NO_CAPT:
    case GS_NOT_LEGAL:
        for (int i = 0; i < t->n; i++)
            s->board[t->hole[i]] += t->seeds[i];
        t->n = 0;
        return;
    case GS_LEAVE_LEFT:
        keep = mover == 0 ? 2 * p->n - 1 : p->n - 1;
        break;
    case GS_LEAVE_RIGHT:
        keep = mover == 0 ? p->n : 0;
        break;
    default:
        return;
    }
    int k = 0;
    for (int i = 0; i < t->n; i++) {
        if (t->hole[i] == keep)
            s->board[keep] += t->seeds[i];
        else {
            t->hole[k] = t->hole[i];
            t->seeds[k] = t->seeds[i];
            k++;
        }
    }
    t->n = k;
}

static void
apply_core(const Params *p, State *s, int hole, Legal *L)
{
    const int mover = s->turn;
    SowRes r;
    Taken t;
    L->valid = 0;
    int slam = sow_capture(p, s, hole, mover, &r, &t);
    if (r.endless) {
        s->moves += 1;
        s->pmoves[mover] += 1;
        endless_end(p, s, mover, L);
        return;
    }
    if (slam)
        grand_slam(p, s, mover, &t);
    if (t.n) {
        long long sum = 0;
        for (int i = 0; i < t.n; i++)
            sum += t.seeds[i];
        s->stores[mover] += sum;
    }
    s->moves += 1;
    s->pmoves[mover] += 1;
    if (slam && p->grandslam == GS_OPP_GETS_REMAIN) {
        const int opp = 1 - mover;
        const int lo = mover ? p->n : 0;
        for (int h = lo; h < lo + p->n; h++) {
            s->stores[opp] += s->board[h];
            s->board[h] = 0;
        }
        decide(s, mover, L);
        return;
    }
    ender(p, s, mover, repeat_turn(p, s, &r, &t, mover), L);
}


/* ---- the parameters (fast.params) ------------------------------------------------- */

static const char *PARAM_NAMES[] = {
    "layout", "holes", "nbr_start", "step", "sow_start", "move_one", "skip_start",
    "sow_own_store", "store_ends_turn", "mlaps", "visit_opp", "crosscapt", "xcpickown",
    "xc_sown", "capt_on", "evens", "capt_min", "capt_max", "multicapt", "capsamedir",
    "capt_side", "capt_rturn", "nosinglecapt", "nocaptmoves", "grandslam", "min_move",
    "mustshare", "mustpass", "unclaimed", "pickextra", "stores", NULL};

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

static int
cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* p from the dict fast.params(variant) makes (p->capt_on is PyMem_Malloc'ed: core_free);
   the seeds a hole starts with go to *nbr_start_out when it is not NULL */
static int
core_params(PyObject *d, Params *p, long long *nbr_start_out)
{
    /* every key known, every known key given */
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
    long long layout;
    if (param_int(d, "layout", LAYOUT, LAYOUT, &layout) < 0)
        return -1;
    GET("holes", 1, MAXH, n);
    long long nbr_start;
    if (param_int(d, "nbr_start", 0, LLONG_MAX / 4, &nbr_start) < 0)
        return -1;
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
    long long multicapt;
    if (param_int(d, "multicapt", -1, MAXH, &multicapt) < 0)
        return -1;
    GET("capsamedir", 0, 1, capsamedir);
    GET("capt_side", 0, 4, capt_side);
    GET("capt_rturn", 0, 2, capt_rturn);
    GET("nosinglecapt", 0, 1, nosinglecapt);
    GET("nocaptmoves", 0, LLONG_MAX / 4, nocaptmoves);
    GET("grandslam", 0, 5, grandslam);
    GET("min_move", 1, LLONG_MAX / 4, min_move);
    GET("mustshare", 0, 1, mustshare);
    GET("mustpass", 0, 1, mustpass);
    GET("unclaimed", 0, 4, unclaimed);
    GET("pickextra", 0, 2, pickextra);
    GET("stores", 0, 1, stores);
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
    if (m) {
        p->capt_on = PyMem_Malloc((size_t)m * sizeof(long long));
        if (p->capt_on == NULL) {
            Py_DECREF(seq);
            PyErr_NoMemory();
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
        qsort(p->capt_on, (size_t)m, sizeof(long long), cmp_ll);
    }
    p->n_capt_on = m;
    Py_DECREF(seq);

    p->size = 2 * p->n;
    p->basic = p->n_capt_on || p->evens || p->capt_min || p->capt_max;
    p->limit = multicapt > 0 ? (int)multicapt : (multicapt < 0 ? p->size : 1);
    p->slam_rule = p->grandslam != GS_LEGAL;
    p->can_pass = p->mustpass || p->mustshare;
    p->last_seeds = p->pickextra == PX_LAST ? nbr_start : 2 * nbr_start;
    p->capturer = p->crosscapt ? CAP_CROSS : (p->basic ? CAP_BASIC : CAP_NONE);
    p->lap_stop = p->capturer == CAP_BASIC;
    p->simple_moves = !(p->mustshare || p->grandslam == GS_NOT_LEGAL);
    /* board.Geometry.store_after: a store follows the end of its owner's row */
    p->store_hole[0] = p->step == 1 ? p->n - 1 : 0;
    p->store_hole[1] = p->step == 1 ? 2 * p->n - 1 : p->n;
    for (int c = 0; c < OK_TABLE; c++)
        p->ok_small[c] = (unsigned char)basic_ok_slow(p, c);
    if (nbr_start_out != NULL)
        *nbr_start_out = nbr_start;
    return 0;
}

static void
core_free(Params *p)
{
    PyMem_Free(p->capt_on);
    p->capt_on = NULL;
}

#endif /* MANCALA_CORE_H */
