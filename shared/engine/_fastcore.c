/*
 * mancala.engine._fastcore: a C core for the common Mancala variants.
 *
 * The pure-Python engine (game.py, sowing.py, capture.py, ending.py) is the
 * specification; this file repeats its behaviour step for step for the variants
 * that mancala.engine.fast.make_fast accepts (see fast.py for the list).  Every
 * function below names the Python function it mirrors.
 *
 * Rules(params, Position, Outcome, WIN, TIE) is built once per variant from the
 * dict that fast.py makes.  Its methods read a Position's attributes, do all the
 * work on a fixed C array and write the results back:
 *
 *   legal(pos)        Game.legal_moves: pos.legal when cached, else computed and cached
 *   legal_fresh(pos)  Game._legal_moves: computed, the cache left alone
 *   apply(pos, move)  Game.apply, in place
 *   playout(pos, seed, max_moves) -> (moves played, OutcomeKind or None, winner or None)
 *                     random legal moves on a copy (pos is not changed)
 *   replay(pos, moves, final_only, middle, outcomes) -> (state lines, moves applied)
 *                     replay.py's loop for the moves it can play, in place
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* fast.py checks this against its own number: a stale build is not used */
#define LAYOUT 1

#define MAXH 64
#define MAXS (2 * MAXH)
#define MAX_LAPS 50 /* sowing.MAX_LAPS */
#define STORE (-1)  /* sowing.STORE */
#define OK_TABLE 256
#define SEED_LIMIT 0x3fffffffLL /* seeds on the board must fit an int32 with room */
#define COUNT_LIMIT (1LL << 60)   /* stores, totals and move counts: no overflow in sums */

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
    int32_t board[MAXS]; /* last: copies take only the holes in use */
} State;

#define STATE_BYTES(p) (offsetof(State, board) + (size_t)(p)->size * sizeof(int32_t))

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
    int32_t seeds[MAXS];
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
basic_ok(const Params *p, int32_t c)
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
    const int32_t *b = s->board + (player ? p->n : 0);
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
    memset(s->board, 0, (size_t)p->size * sizeof(int32_t));
}

/* Game._opp_can_move */
static inline int
can_move(const Params *p, const State *s, int player)
{
    const int32_t *b = s->board + (player ? p->n : 0);
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
    int32_t *b = s->board;
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
    int32_t *b = s->board;
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
    int32_t *b = s->board;
    const int f = r->final;
    t->n = 0;
    if (p->capturer == CAP_CROSS) {
        if (b[f] != 1 || (p->xc_sown && !r->sown_opp))
            return;
        int o = p->size - 1 - f;
        if (!side_ok(p, o, mover, 1))
            return; /* no cross capture from here: the single seed stays too */
        int32_t c = b[o];
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
    const int32_t seeds = s->board[hole];
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
        s->stores[mover] += board_sum(p, s, 0, p->size);
        zero_board(p, s);
        break;
    case UC_UNFED:
        if (unfed < 0)
            to_owners(p, s);
        else {
            s->stores[unfed] += board_sum(p, s, 0, p->size);
            zero_board(p, s);
        }
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
        s->stores[mover] += board_sum(p, s, 0, p->size);
        zero_board(p, s);
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

/* ---- random numbers for playouts: splitmix64 seeding, xorshift64* ---------------- */

static uint64_t
splitmix64(uint64_t x)
{
    uint64_t z = x + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t
xorshift64s(uint64_t *x)
{
    uint64_t v = *x;
    v ^= v >> 12;
    v ^= v << 25;
    v ^= v >> 27;
    *x = v;
    return v * 0x2545F4914F6CDD1DULL;
}

/* ---- the Python side -------------------------------------------------------------- */

static PyObject *s_board, *s_stores, *s_turn, *s_moves, *s_player_moves, *s_repeating,
    *s_starter, *s_total, *s_outcome, *s_legal, *s_kind, *s_winner;

/*
 * Position keeps its fields in __slots__.  The slot offsets of the last position
 * type seen are cached, and its attributes read and written there directly (what
 * the slot descriptors do, without the attribute look-up); any other object goes
 * through getattr/setattr.
 */
enum { A_BOARD, A_STORES, A_TURN, A_MOVES, A_PMOVES, A_REPEATING, A_STARTER, A_TOTAL,
       A_OUTCOME, A_LEGAL, N_ATTR };
static PyObject **attr_names[N_ATTR] = {&s_board, &s_stores, &s_turn, &s_moves,
                                        &s_player_moves, &s_repeating, &s_starter, &s_total,
                                        &s_outcome, &s_legal};
static PyTypeObject *slot_type = NULL;
static Py_ssize_t slot_off[N_ATTR];

/* per-hole fields of the variants the core refuses: they must be None (or absent) */
#define N_OPT 3
static const char *opt_text[N_OPT] = {"children", "blocked", "owners"};
static PyObject *opt_names[N_OPT];
static Py_ssize_t opt_off[N_OPT]; /* -1: not a slot of slot_type */

static void
use_slots(PyTypeObject *tp)
{
    if (tp == slot_type)
        return;
    if (tp->tp_getattro != PyObject_GenericGetAttr || tp->tp_setattro != PyObject_GenericSetAttr)
        return;
    Py_ssize_t off[N_ATTR];
    for (int a = 0; a < N_ATTR; a++) {
        PyObject *d = PyObject_GetAttr((PyObject *)tp, *attr_names[a]);
        if (d == NULL) {
            PyErr_Clear();
            return;
        }
        int ok = Py_IS_TYPE(d, &PyMemberDescr_Type);
        if (ok) {
            PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
            ok = m->type == T_OBJECT_EX && !(m->flags & READONLY);
            off[a] = m->offset;
        }
        Py_DECREF(d);
        if (!ok)
            return;
    }
    Py_ssize_t opt[N_OPT];
    for (int a = 0; a < N_OPT; a++) {
        opt[a] = -1;
        PyObject *d = PyObject_GetAttr((PyObject *)tp, opt_names[a]);
        if (d == NULL) {
            PyErr_Clear();
            continue;
        }
        if (Py_IS_TYPE(d, &PyMemberDescr_Type)) {
            PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
            if (m->type == T_OBJECT_EX)
                opt[a] = m->offset;
        }
        Py_DECREF(d);
        if (opt[a] < 0)
            return; /* something else than a slot: leave this type to getattr */
    }
    Py_INCREF(tp);
    Py_XSETREF(slot_type, tp);
    memcpy(slot_off, off, sizeof(off));
    memcpy(opt_off, opt, sizeof(opt));
}

/* 0 when the position has no children, blocked holes or owners (None or absent) */
static int
check_plain(PyObject *o)
{
    for (int a = 0; a < N_OPT; a++) {
        PyObject *v;
        if (Py_TYPE(o) == slot_type && opt_off[a] >= 0) {
            v = *(PyObject **)((char *)o + opt_off[a]);
            if (v == NULL || v == Py_None)
                continue;
        }
        else {
            v = PyObject_GetAttr(o, opt_names[a]);
            if (v == NULL) {
                if (!PyErr_ExceptionMatches(PyExc_AttributeError))
                    return -1;
                PyErr_Clear();
                continue;
            }
            Py_DECREF(v);
            if (v == Py_None)
                continue;
        }
        PyErr_Format(PyExc_ValueError, "position.%s is set: the C core plays no such variant",
                     opt_text[a]);
        return -1;
    }
    return 0;
}

/* a new reference */
static inline PyObject *
attr_get(PyObject *o, int a)
{
    if (Py_TYPE(o) == slot_type) {
        PyObject *v = *(PyObject **)((char *)o + slot_off[a]);
        if (v != NULL)
            return Py_NewRef(v);
    }
    return PyObject_GetAttr(o, *attr_names[a]);
}

static inline int
attr_set(PyObject *o, int a, PyObject *v)
{
    if (Py_TYPE(o) == slot_type) {
        PyObject **ptr = (PyObject **)((char *)o + slot_off[a]);
        PyObject *old = *ptr;
        *ptr = Py_NewRef(v);
        Py_XDECREF(old);
        return 0;
    }
    return PyObject_SetAttr(o, *attr_names[a], v);
}

typedef struct {
    PyObject_HEAD
    int ready;
    Params p;
    PyObject *tie, *win[2]; /* Outcome objects, shared (they are frozen) */
    PyObject *win_kind, *tie_kind;
} RulesObject;

static void
Rules_dealloc(RulesObject *self)
{
    PyMem_Free(self->p.capt_on);
    Py_XDECREF(self->tie);
    Py_XDECREF(self->win[0]);
    Py_XDECREF(self->win[1]);
    Py_XDECREF(self->win_kind);
    Py_XDECREF(self->tie_kind);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

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
        PyErr_Format(PyExc_ValueError, "Rules: parameter %s is missing", name);
        return -1;
    }
    long long x = PyLong_AsLongLong(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "Rules: parameter %s=%lld is out of range %lld..%lld",
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

static int
Rules_init(RulesObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *d, *outcome_cls, *win_kind, *tie_kind;
    static char *kwlist[] = {"params", "outcome", "win", "tie", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOO:Rules", kwlist, &PyDict_Type, &d,
                                     &outcome_cls, &win_kind, &tie_kind))
        return -1;

    /* every key known, every known key given */
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(d, &pos, &key, &value)) {
        int known = 0;
        for (const char **nm = PARAM_NAMES; *nm; nm++)
            if (PyUnicode_Check(key) && PyUnicode_CompareWithASCIIString(key, *nm) == 0)
                known = 1;
        if (!known) {
            PyErr_Format(PyExc_ValueError, "Rules: unknown parameter %R", key);
            return -1;
        }
    }

    if (self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Rules: already initialised");
        return -1;
    }
    Params *p = &self->p;
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
        PyErr_SetString(PyExc_ValueError, "Rules: step must be 1 (CCW) or -1 (CW)");
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
        PyErr_SetString(PyExc_ValueError, "Rules: parameter capt_on is missing");
        return -1;
    }
    PyObject *seq = PySequence_Fast(co, "Rules: capt_on must be a sequence of ints");
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

    Py_XSETREF(self->win_kind, Py_NewRef(win_kind));
    Py_XSETREF(self->tie_kind, Py_NewRef(tie_kind));
    Py_XSETREF(self->tie, PyObject_CallFunction(outcome_cls, "OO", tie_kind, Py_None));
    if (self->tie == NULL)
        return -1;
    for (int w = 0; w < 2; w++) {
        Py_XSETREF(self->win[w], PyObject_CallFunction(outcome_cls, "Oi", win_kind, w));
        if (self->win[w] == NULL)
            return -1;
    }
    self->ready = 1;
    return 0;
}

static int
not_ready(RulesObject *self)
{
    if (self->ready)
        return 0;
    PyErr_SetString(PyExc_RuntimeError, "Rules: not initialised");
    return 1;
}

/* reading a position ------------------------------------------------------------- */

static int
get_ll(PyObject *obj, int a, long long *out)
{
    PyObject *v = attr_get(obj, a);
    if (v == NULL)
        return -1;
    long long x = PyLong_AsLongLong(v);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    *out = x;
    return 0;
}

/* a list of `len` ints into out; returns a new reference to the list */
static PyObject *
get_int_list(PyObject *obj, int a, Py_ssize_t len, long long *out)
{
    PyObject *lst = attr_get(obj, a);
    if (lst == NULL)
        return NULL;
    if (!PyList_CheckExact(lst) || PyList_GET_SIZE(lst) != len) {
        PyErr_Format(PyExc_TypeError, "position.%U must be a list of %zd ints", *attr_names[a], len);
        Py_DECREF(lst);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long long x = PyLong_AsLongLong(PyList_GET_ITEM(lst, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(lst);
            return NULL;
        }
        out[i] = x;
    }
    return lst;
}

static PyObject *
get_board(const Params *p, PyObject *pos, State *s)
{
    long long vals[MAXS];
    PyObject *board = get_int_list(pos, A_BOARD, p->size, vals);
    if (board == NULL)
        return NULL;
    long long sum = 0;
    for (int i = 0; i < p->size; i++) {
        if (vals[i] < 0 || vals[i] > SEED_LIMIT) {
            PyErr_Format(PyExc_ValueError, "position.board[%d]=%lld is out of range", i, vals[i]);
            Py_DECREF(board);
            return NULL;
        }
        sum += vals[i];
        s->board[i] = (int32_t)vals[i];
    }
    if (sum > SEED_LIMIT) {
        PyErr_SetString(PyExc_ValueError, "position.board holds too many seeds for the C core");
        Py_DECREF(board);
        return NULL;
    }
    return board;
}

static int
get_turn(PyObject *pos, int *turn)
{
    long long t;
    if (get_ll(pos, A_TURN, &t) < 0)
        return -1;
    if (t != 0 && t != 1) {
        PyErr_Format(PyExc_ValueError, "position.turn must be 0 or 1, not %lld", t);
        return -1;
    }
    *turn = (int)t;
    return 0;
}

/* outcome: OC_NONE when None, else OC_WIN/OC_TIE from its kind (others are refused) */
static int
get_outcome(RulesObject *self, PyObject *pos, State *s)
{
    PyObject *oc = attr_get(pos, A_OUTCOME);
    if (oc == NULL)
        return -1;
    s->outcome = OC_NONE;
    s->winner = -1;
    if (oc != Py_None)
        s->outcome = OC_OTHER; /* the game is over: no legal moves */
    Py_DECREF(oc);
    return 0;
}

typedef struct {
    PyObject *board, *stores, *pmoves;
} Lists;

static void
lists_clear(Lists *l)
{
    Py_XDECREF(l->board);
    Py_XDECREF(l->stores);
    Py_XDECREF(l->pmoves);
}

/* everything apply and playout use */
static int
load_full(RulesObject *self, PyObject *pos, State *s, Lists *l)
{
    const Params *p = &self->p;
    long long v[2], x;
    l->board = l->stores = l->pmoves = NULL;
    if (check_plain(pos) < 0)
        return -1;
    if ((l->board = get_board(p, pos, s)) == NULL)
        goto fail;
    if ((l->stores = get_int_list(pos, A_STORES, 2, v)) == NULL)
        goto fail;
    s->stores[0] = v[0];
    s->stores[1] = v[1];
    if ((l->pmoves = get_int_list(pos, A_PMOVES, 2, v)) == NULL)
        goto fail;
    s->pmoves[0] = v[0];
    s->pmoves[1] = v[1];
    if (get_turn(pos, &s->turn) < 0 || get_ll(pos, A_MOVES, &s->moves) < 0 ||
        get_ll(pos, A_TOTAL, &s->total) < 0)
        goto fail;
    {
        long long counts[6] = {s->stores[0], s->stores[1], s->pmoves[0], s->pmoves[1],
                               s->moves, s->total};
        for (int i = 0; i < 6; i++)
            if (counts[i] <= -COUNT_LIMIT || counts[i] >= COUNT_LIMIT) {
                PyErr_SetString(PyExc_ValueError, "position: a count is too large for the C core");
                goto fail;
            }
    }
    if (get_ll(pos, A_STARTER, &x) < 0)
        goto fail;
    if (x != 0 && x != 1) {
        PyErr_Format(PyExc_ValueError, "position.starter must be 0 or 1, not %lld", x);
        goto fail;
    }
    s->starter = (int)x;
    PyObject *rep = attr_get(pos, A_REPEATING);
    if (rep == NULL)
        goto fail;
    s->repeating = PyObject_IsTrue(rep);
    Py_DECREF(rep);
    if (s->repeating < 0)
        goto fail;
    if (get_outcome(self, pos, s) < 0)
        goto fail;
    return 0;
fail:
    lists_clear(l);
    return -1;
}

static PyObject *
legal_list(const Legal *L)
{
    PyObject *out = PyList_New(L->n);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < L->n; i++) {
        PyObject *v = PyLong_FromLong(L->mv[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

static int
set_item_ll(PyObject *lst, Py_ssize_t i, long long x)
{
    PyObject *v = PyLong_FromLongLong(x);
    if (v == NULL)
        return -1;
    return PyList_SetItem(lst, i, v); /* steals v */
}

static int
set_attr_ll(PyObject *obj, int a, long long x)
{
    PyObject *v = PyLong_FromLongLong(x);
    if (v == NULL)
        return -1;
    int rc = attr_set(obj, a, v);
    Py_DECREF(v);
    return rc;
}

/* legal(pos) / legal_fresh(pos) ------------------------------------------------------ */

static PyObject *
legal_compute(RulesObject *self, PyObject *pos)
{
    const Params *p = &self->p;
    State s;
    Legal L;
    if (get_outcome(self, pos, &s) < 0)
        return NULL;
    if (s.outcome != OC_NONE)
        return PyList_New(0);
    if (check_plain(pos) < 0 || get_turn(pos, &s.turn) < 0)
        return NULL;
    PyObject *board = get_board(p, pos, &s);
    if (board == NULL)
        return NULL;
    Py_DECREF(board);
    s.moves = 0;
    if (p->grandslam == GS_NOT_LEGAL && p->nocaptmoves && get_ll(pos, A_MOVES, &s.moves) < 0)
        return NULL;
    /* the simulations touch the stores but read nothing else */
    s.stores[0] = s.stores[1] = 0;
    compute_legal(p, &s, &L);
    return legal_list(&L);
}

static PyObject *
Rules_legal(RulesObject *self, PyObject *pos)
{
    if (not_ready(self))
        return NULL;
    use_slots(Py_TYPE(pos));
    PyObject *cached = attr_get(pos, A_LEGAL);
    if (cached == NULL)
        return NULL;
    if (cached != Py_None)
        return cached;
    Py_DECREF(cached);
    PyObject *out = legal_compute(self, pos);
    if (out == NULL)
        return NULL;
    if (attr_set(pos, A_LEGAL, out) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyObject *
Rules_legal_fresh(RulesObject *self, PyObject *pos)
{
    if (not_ready(self))
        return NULL;
    use_slots(Py_TYPE(pos));
    return legal_compute(self, pos);
}

/* the changes from `before` to `s` into pos's lists and attributes (Game.apply's result) */
static int
write_back(RulesObject *self, PyObject *pos, const State *s, const State *before, const Legal *L,
           Lists *l)
{
    const Params *p = &self->p;
    for (int i = 0; i < p->size; i++)
        if (s->board[i] != before->board[i] && set_item_ll(l->board, i, s->board[i]) < 0)
            return -1;
    for (int i = 0; i < 2; i++) {
        if (s->stores[i] != before->stores[i] && set_item_ll(l->stores, i, s->stores[i]) < 0)
            return -1;
        if (s->pmoves[i] != before->pmoves[i] && set_item_ll(l->pmoves, i, s->pmoves[i]) < 0)
            return -1;
    }
    if (s->turn != before->turn && set_attr_ll(pos, A_TURN, s->turn) < 0)
        return -1;
    if (set_attr_ll(pos, A_MOVES, s->moves) < 0)
        return -1;
    if (attr_set(pos, A_REPEATING, s->repeating ? Py_True : Py_False) < 0)
        return -1;
    if (s->outcome == OC_WIN || s->outcome == OC_TIE) {
        PyObject *oc = s->outcome == OC_TIE ? self->tie : self->win[s->winner];
        if (attr_set(pos, A_OUTCOME, oc) < 0)
            return -1;
    }
    if (L->valid) {
        PyObject *lst = legal_list(L);
        if (lst == NULL)
            return -1;
        int rc = attr_set(pos, A_LEGAL, lst);
        Py_DECREF(lst);
        return rc;
    }
    return attr_set(pos, A_LEGAL, Py_None);
}

/* apply(pos, move) ------------------------------------------------------------------- */

static int
move_index(const Params *p, const State *s, PyObject *move)
{
    if (!PyLong_Check(move)) {
        PyErr_Format(PyExc_TypeError, "a move is a hole index (int), not %R", move);
        return -1;
    }
    long h = PyLong_AsLong(move);
    if (h == -1 && PyErr_Occurred())
        return -1;
    if (h < 0 || h >= p->size) {
        PyErr_Format(PyExc_ValueError, "hole %ld is not on the board (0..%d)", h, p->size - 1);
        return -1;
    }
    if (s->board[h] == 0) {
        PyErr_Format(PyExc_ValueError, "hole %ld is empty", h);
        return -1;
    }
    return (int)h;
}

static PyObject *
Rules_apply(RulesObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    const Params *p = &self->p;
    if (not_ready(self))
        return NULL;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "apply(pos, move) takes 2 arguments");
        return NULL;
    }
    PyObject *pos = args[0];
    use_slots(Py_TYPE(pos));
    State s, before;
    Legal L;
    Lists l;
    if (load_full(self, pos, &s, &l) < 0)
        return NULL;
    int hole = move_index(p, &s, args[1]);
    if (hole < 0)
        goto fail;
    memcpy(&before, &s, sizeof(State));
    apply_core(p, &s, hole, &L);
    if (write_back(self, pos, &s, &before, &L, &l) < 0)
        goto fail;
    lists_clear(&l);
    Py_RETURN_NONE;
fail:
    lists_clear(&l);
    return NULL;
}

/* pos.legal, the cache Game.legal_moves uses, into L (L->valid 0 when it is None) */
static int
load_legal_cache(const Params *p, PyObject *pos, const State *s, Legal *L)
{
    L->valid = 0;
    PyObject *cached = attr_get(pos, A_LEGAL);
    if (cached == NULL)
        return -1;
    if (cached != Py_None) {
        if (!PyList_Check(cached) || PyList_GET_SIZE(cached) > MAXH) {
            Py_DECREF(cached);
            PyErr_SetString(PyExc_TypeError, "position.legal must be None or a list of holes");
            return -1;
        }
        L->n = (int)PyList_GET_SIZE(cached);
        for (int i = 0; i < L->n; i++) {
            long h = PyLong_AsLong(PyList_GET_ITEM(cached, i));
            if ((h == -1 && PyErr_Occurred()) || h < 0 || h >= p->size || s->board[h] == 0) {
                Py_DECREF(cached);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "position.legal names a hole that cannot be played");
                return -1;
            }
            L->mv[i] = (int)h;
        }
        L->valid = 1;
    }
    Py_DECREF(cached);
    return 0;
}

/* playout(pos, seed, max_moves) -------------------------------------------------------- */

static PyObject *
Rules_playout(RulesObject *self, PyObject *args, PyObject *kwds)
{
    const Params *p = &self->p;
    PyObject *pos, *seed_obj;
    long long max_moves;
    static char *kwlist[] = {"pos", "seed", "max_moves", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOL:playout", kwlist, &pos, &seed_obj,
                                     &max_moves))
        return NULL;
    if (not_ready(self))
        return NULL;
    if (!PyLong_Check(seed_obj)) {
        PyErr_SetString(PyExc_TypeError, "playout: seed must be an int");
        return NULL;
    }
    uint64_t seed = (uint64_t)PyLong_AsUnsignedLongLongMask(seed_obj);
    if (seed == (uint64_t)-1 && PyErr_Occurred())
        return NULL;
    use_slots(Py_TYPE(pos));

    PyObject *oc = attr_get(pos, A_OUTCOME);
    if (oc == NULL)
        return NULL;
    if (oc != Py_None) { /* already over: nothing to play */
        PyObject *kind = PyObject_GetAttr(oc, s_kind);
        PyObject *winner = kind ? PyObject_GetAttr(oc, s_winner) : NULL;
        Py_DECREF(oc);
        if (winner == NULL) {
            Py_XDECREF(kind);
            return NULL;
        }
        return Py_BuildValue("(iNN)", 0, kind, winner);
    }
    Py_DECREF(oc);

    State s;
    Legal L;
    Lists l;
    if (load_full(self, pos, &s, &l) < 0)
        return NULL;
    lists_clear(&l);
    if (load_legal_cache(p, pos, &s, &L) < 0)
        return NULL;

    uint64_t rng = splitmix64(seed);
    if (rng == 0)
        rng = 0x9E3779B97F4A7C15ULL;
    long long played = 0;
    Py_BEGIN_ALLOW_THREADS
    while (played < max_moves) {
        if (!L.valid)
            compute_legal(p, &s, &L);
        if (L.n == 0)
            break;
        uint64_t r = xorshift64s(&rng);
        int idx = (int)(((r >> 32) * (uint64_t)L.n) >> 32);
        apply_core(p, &s, L.mv[idx], &L);
        played++;
    }
    Py_END_ALLOW_THREADS
    if (s.outcome == OC_NONE)
        return Py_BuildValue("(LOO)", played, Py_None, Py_None);
    if (s.outcome == OC_TIE)
        return Py_BuildValue("(LOO)", played, self->tie_kind, Py_None);
    return Py_BuildValue("(LOi)", played, self->win_kind, s.winner);
}

/* replay(pos, moves, final_only, middle, outcomes) ----------------------------------- */

/* replay.py's state lines written in C: json.dumps per move cost more than the move */
#define LINE_MAX_NUM 21 /* characters of a long long with its sign */

typedef struct {
    char *p;
    size_t len, cap;
} Buf;

static int
buf_reserve(Buf *b, size_t more)
{
    if (b->len + more <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more)
        cap *= 2;
    char *np = PyMem_Realloc(b->p, cap);
    if (np == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    b->p = np;
    b->cap = cap;
    return 0;
}

static inline void
put_text(Buf *b, const char *t, size_t n)
{
    memcpy(b->p + b->len, t, n);
    b->len += n;
}

#define PUT_LIT(b, lit) put_text(b, lit, sizeof(lit) - 1)

static inline void
put_ll(Buf *b, long long x)
{
    char tmp[LINE_MAX_NUM + 1];
    int i = LINE_MAX_NUM;
    unsigned long long u = x < 0 ? 0ULL - (unsigned long long)x : (unsigned long long)x;
    do {
        tmp[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (x < 0)
        tmp[--i] = '-';
    put_text(b, tmp + i, (size_t)(LINE_MAX_NUM - i));
}

typedef struct {
    const char *text;
    Py_ssize_t len;
} Text;

/*
 * One state line, byte for byte what state_line.StateLines.line writes:
 * {"board": [..], "stores": [a, b], "turn": t, "legal": [..], <middle>"outcome": ...}
 */
static int
put_line(Buf *b, const Params *p, const State *s, const Legal *L, const Text *middle,
         const Text outcomes[3])
{
    const Text *oc = NULL;
    if (s->outcome == OC_WIN)
        oc = &outcomes[s->winner];
    else if (s->outcome == OC_TIE)
        oc = &outcomes[2];
    size_t need = (size_t)(p->size + MAXH + 4) * (LINE_MAX_NUM + 2) + (size_t)middle->len +
                  (oc ? (size_t)oc->len : 4) + 64;
    if (buf_reserve(b, need) < 0)
        return -1;
    if (b->len)
        PUT_LIT(b, "\n");
    PUT_LIT(b, "{\"board\": [");
    for (int i = 0; i < p->size; i++) {
        if (i)
            PUT_LIT(b, ", ");
        put_ll(b, s->board[i]);
    }
    PUT_LIT(b, "], \"stores\": [");
    put_ll(b, s->stores[0]);
    PUT_LIT(b, ", ");
    put_ll(b, s->stores[1]);
    PUT_LIT(b, "], \"turn\": ");
    put_ll(b, s->turn);
    PUT_LIT(b, ", \"legal\": [");
    if (s->outcome == OC_NONE)
        for (int i = 0; i < L->n; i++) {
            if (i)
                PUT_LIT(b, ", ");
            put_ll(b, L->mv[i]);
        }
    PUT_LIT(b, "], ");
    put_text(b, middle->text, (size_t)middle->len);
    PUT_LIT(b, "\"outcome\": ");
    if (oc)
        put_text(b, oc->text, (size_t)oc->len);
    else
        PUT_LIT(b, "null");
    PUT_LIT(b, "}");
    return 0;
}

static int
get_text(PyObject *o, Text *t, const char *what)
{
    if (!PyUnicode_Check(o)) {
        PyErr_Format(PyExc_TypeError, "replay: %s must be a str", what);
        return -1;
    }
    t->text = PyUnicode_AsUTF8AndSize(o, &t->len);
    return t->text == NULL ? -1 : 0;
}

/* the hole a move names when the C core may play it at once: an exact int among the
   legal moves; else -1 (replay.py's own loop then reports or plays it) */
static inline int
playable(const Legal *L, PyObject *move)
{
    if (!PyLong_CheckExact(move))
        return -1;
    int overflow;
    long h = PyLong_AsLongAndOverflow(move, &overflow);
    if (overflow || (h == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    for (int i = 0; i < L->n; i++)
        if (L->mv[i] == h)
            return (int)h;
    return -1;
}

static PyObject *
Rules_replay(RulesObject *self, PyObject *args)
{
    const Params *p = &self->p;
    PyObject *pos, *moves, *middle_obj, *outcome_objs;
    int final_only;
    if (!PyArg_ParseTuple(args, "OO!pOO!:replay", &pos, &PyList_Type, &moves, &final_only,
                          &middle_obj, &PyTuple_Type, &outcome_objs))
        return NULL;
    if (not_ready(self))
        return NULL;
    Text middle, outcomes[3];
    if (get_text(middle_obj, &middle, "middle") < 0)
        return NULL;
    if (PyTuple_GET_SIZE(outcome_objs) != 3) {
        PyErr_SetString(PyExc_TypeError, "replay: outcomes must be (South wins, North wins, tie)");
        return NULL;
    }
    for (int i = 0; i < 3; i++)
        if (get_text(PyTuple_GET_ITEM(outcome_objs, i), &outcomes[i], "an outcome") < 0)
            return NULL;
    use_slots(Py_TYPE(pos));
    State s, before;
    Legal L;
    Lists l;
    if (load_full(self, pos, &s, &l) < 0)
        return NULL;
    Buf b = {NULL, 0, 0};
    PyObject *result = NULL;
    if (s.outcome != OC_NONE) {
        PyErr_SetString(PyExc_ValueError, "replay: the game is already over");
        goto done;
    }
    if (load_legal_cache(p, pos, &s, &L) < 0)
        goto done;
    memcpy(&before, &s, sizeof(State));
    if (!L.valid)
        compute_legal(p, &s, &L);
    if (!final_only && put_line(&b, p, &s, &L, &middle, outcomes) < 0)
        goto done;
    Py_ssize_t applied = 0, n_moves = PyList_GET_SIZE(moves);
    while (applied < n_moves && s.outcome == OC_NONE) {
        int hole = playable(&L, PyList_GET_ITEM(moves, applied));
        if (hole < 0)
            break;
        apply_core(p, &s, hole, &L);
        if (!L.valid)
            compute_legal(p, &s, &L);
        applied++;
        if (!final_only && put_line(&b, p, &s, &L, &middle, outcomes) < 0)
            goto done;
    }
    if (final_only && put_line(&b, p, &s, &L, &middle, outcomes) < 0)
        goto done;
    if (s.outcome != OC_NONE)
        L.valid = 0; /* as apply leaves the cache of a finished game */
    if (write_back(self, pos, &s, &before, &L, &l) < 0)
        goto done;
    PyObject *text = PyUnicode_DecodeASCII(b.p ? b.p : "", (Py_ssize_t)b.len, "strict");
    if (text != NULL)
        result = Py_BuildValue("(Nn)", text, applied);
done:
    PyMem_Free(b.p);
    lists_clear(&l);
    return result;
}

static PyMethodDef Rules_methods[] = {
    {"legal", (PyCFunction)Rules_legal, METH_O,
     "legal(pos) -> list[int]: the legal moves, as Game.legal_moves (uses and fills pos.legal)"},
    {"legal_fresh", (PyCFunction)Rules_legal_fresh, METH_O,
     "legal_fresh(pos) -> list[int]: the legal moves computed anew, as Game._legal_moves"},
    {"apply", (PyCFunction)(void (*)(void))Rules_apply, METH_FASTCALL,
     "apply(pos, move) -> None: play a move in place, as Game.apply (the move is trusted)"},
    {"playout", (PyCFunction)(void (*)(void))Rules_playout, METH_VARARGS | METH_KEYWORDS,
     "playout(pos, seed, max_moves) -> (moves played, OutcomeKind or None, winner or None)\n"
     "Random legal moves (xorshift64*, seeded by splitmix64(seed)) on a copy of pos."},
    {"replay", (PyCFunction)Rules_replay, METH_VARARGS,
     "replay(pos, moves, final_only, middle, outcomes) -> (text, moves applied)\n"
     "Plays the moves in place while each is a legal hole index, writing replay.py's state\n"
     "lines (the start line first unless final_only; only the last one if final_only);\n"
     "`middle` is the text between legal and outcome, `outcomes` the texts of a South win,\n"
     "a North win and a tie. Stops at the first move it does not play, or at the end."},
    {NULL}};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "mancala.engine._fastcore.Rules",
    .tp_doc = "Rules(params, outcome, win, tie): the C core of one variant (see fast.py)",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
    .tp_dealloc = (destructor)Rules_dealloc,
    .tp_methods = Rules_methods,
};

static struct PyModuleDef fastcore_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "mancala.engine._fastcore",
    .m_doc = "A C core for common Mancala variants; mancala.engine.fast builds it per variant.",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__fastcore(void)
{
#define INTERN(var, text)                                  \
    if ((var = PyUnicode_InternFromString(text)) == NULL) \
        return NULL;
    INTERN(s_board, "board");
    INTERN(s_stores, "stores");
    INTERN(s_turn, "turn");
    INTERN(s_moves, "moves");
    INTERN(s_player_moves, "player_moves");
    INTERN(s_repeating, "repeating");
    INTERN(s_starter, "starter");
    INTERN(s_total, "total");
    INTERN(s_outcome, "outcome");
    INTERN(s_legal, "legal");
    INTERN(s_kind, "kind");
    INTERN(s_winner, "winner");
    for (int a = 0; a < N_OPT; a++)
        INTERN(opt_names[a], opt_text[a]);
#undef INTERN
    if (PyType_Ready(&RulesType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&fastcore_module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "Rules", (PyObject *)&RulesType) < 0 ||
        PyModule_AddIntConstant(m, "LAYOUT", LAYOUT) < 0 ||
        PyModule_AddIntConstant(m, "MAX_HOLES", MAXH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
