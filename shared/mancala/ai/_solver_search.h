/*
 * The solver's search (included by _solver.c, after _solver_table.h): checkpoints
 * (deadline, Ctrl-C, progress), move generation and order, the fail-soft negamax with
 * database leaves, the heuristic look-ahead for MTD(f)'s first guess and the null-window
 * test (MTD(f) itself: _solver_mtdf.h).
 */
/* ---- search ---------------------------------------------------------------------- */

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void tt_grow(SolverObject *sv);

/* nodes searched so far by every thread of the solve */
static unsigned long long
nodes_so_far(const SolverObject *sv)
{
    unsigned long long n = sv->nodes;
    if (sv->team != NULL)
        for (int i = 0; i < LOAD(sv->team->live); i++)
            n += LOAD(*sv->team->nodes[i]);
    return n;
}

static void
checkpoint(SolverObject *sv)
{
    if (sv->team != NULL && LOAD(sv->team->stop)) {
        sv->aborted = 3; /* another thread has the answer, or the solve is stopping */
        return;
    }
    if (sv->helper) /* the caller's thread keeps the time and takes the GIL */
        return;
    if (sv->used > sv->entries / 2 && sv->entries < sv->max_entries)
        tt_grow(sv);
    double t = now();
    if (sv->deadline > 0 && t >= sv->deadline) {
        sv->aborted = 1;
        return;
    }
    if (t < sv->next_python)
        return;
    /* a tenth of a second: take the GIL for signals (Ctrl-C) and progress reports */
    sv->next_python = t + 0.1;
    PyEval_RestoreThread(sv->tstate);
    if (PyErr_CheckSignals() < 0)
        sv->aborted = 2;
    else if (sv->progress != NULL && t >= sv->next_report) {
        sv->next_report = t + sv->every;
        PyObject *res = PyObject_CallFunction(sv->progress, "Kiiiidi", nodes_so_far(sv), sv->probe,
                                              sv->test, sv->lower, sv->upper, t - sv->started,
                                              sv->looking);
        if (res == NULL)
            sv->aborted = 2;
        Py_XDECREF(res);
    }
    sv->tstate = PyEval_SaveThread();
}

/* the final difference from `me`'s view, of a finished position */
static inline int
final_margin(const State *c, int me)
{
    return c->stores[me] - c->stores[1 - me];
}

#include "_solver_kalah.h"

/* The children of s in the order to search them: the move the table suggests, then
   children whose value is known without a search (finished games, boards the endgame
   database holds: free, and they may raise alpha), repeat turns, the biggest gains
   (captures), holes nearer the store first. Returns the number of moves; known[i] says
   whether val[i] holds child i's exact value from the mover's view, else keys[i] is
   set. Database entries are prefetched in a first pass over the children and read in
   a second, so their cache misses overlap; table slots too unless `lazy`, where
   search prefetches each child's slot while the child before it is searched (most
   cut-offs come at the first child: the others' slots are never read). */
static int
expand(SolverObject *sv, const State *s, int hint, State *kids, Key *keys, int *mv, int *order,
       int *val, uint8_t *known)
{
    const Params *p = &sv->p;
    const int me = s->turn;
    const int d = s->stores[me] - s->stores[1 - me];
    const int kalah = sv->fast_moves ? sv->kalah : 0;
    const int k = kalah ? kalah_legal(p->n, s, mv) : legal_moves(p, s, mv);
    /* the hole before the mover's store (board.Board: a row's end in the sowing direction) */
    const int nearest = p->step == 1 ? (me ? p->size - 1 : p->n - 1) : (me ? p->n : 0);
    int score[MAX_MOVES];
    uint64_t at[MAX_MOVES];
    for (int i = 0; i < k; i++) {
        kids[i] = *s;
        if (kalah)
            kalah_apply(p->n, kalah - 1, &kids[i], mv[i]);
        else
            apply_move(p, &kids[i], mv[i]);
        const State *c = &kids[i];
        known[i] = 0;
        if (is_over(c)) {
            known[i] = 1;
            val[i] = final_margin(c, me);
            continue;
        }
        const int r = (int)(c->total - c->stores[0] - c->stores[1]);
        if (r <= sv->db.seeds) { /* -1 without a database */
            at[i] = db_rank(&sv->db, c, r);
            __builtin_prefetch(sv->db.val + at[i]);
            known[i] = 2;
            continue;
        }
        keys[i] = pack(sv, c);
        if (!sv->lazy)
            __builtin_prefetch(tt_slot(sv, (uint64_t)keys[i], (uint64_t)(keys[i] >> 64)));
    }
    for (int i = 0; i < k; i++) {
        const State *c = &kids[i];
        if (known[i] == 2) {
            const int g = sv->db.val[at[i]];
            if (g == DB_NOVAL) { /* no game goes on there: never for a child not over */
                known[i] = 0;
                keys[i] = pack(sv, c);
            }
            else {
                sv->db.hits++;
                const int dv = (int)(c->stores[c->turn] - c->stores[1 - c->turn]) + g;
                val[i] = c->turn == me ? dv : -dv;
                known[i] = 1;
            }
        }
        int sc;
        if (known[i])
            sc = (1 << 20) + val[i];
        else {
            const int gain = (c->stores[me] - c->stores[1 - me]) - d;
            sc = gain * 16 + (c->turn == me ? 2000 : 0);
        }
        int dist = MOVE_HOLE(mv[i]) - nearest;
        if (dist < 0)
            dist = -dist;
        sc = sc * 32 - dist;
        if (mv[i] == hint)
            sc = 1 << 30;
        score[i] = sc;
        order[i] = i;
    }
    for (int i = 1; i < k; i++) { /* insertion sort, best first */
        int x = order[i], j = i;
        while (j > 0 && score[order[j - 1]] < score[x]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    return k;
}

/* what the table's bounds are measured from: 0, or the store difference (relative) */
static inline int
table_base(const SolverObject *sv, const State *s)
{
    return sv->relative ? (int)(s->stores[s->turn] - s->stores[1 - s->turn]) : 0;
}

/* a position's mark in a Team's `busy` slots (never 0) */
static inline uint64_t
busy_print(Key key)
{
    return mix64((uint64_t)key ^ mix64((uint64_t)(key >> 64) + 0x632BE59BD9B4E019ULL)) | 1;
}

/* the value from the view of the player to move; s is not finished, key = pack(s) */
static int
search(SolverObject *sv, const State *s, Key key, int alpha, int beta)
{
    const unsigned long long nodes0 = sv->nodes++;
    if ((sv->nodes & 0x3FFF) == 0) {
        checkpoint(sv);
        if (sv->aborted)
            return 0;
    }
    const int me = s->turn;
    const int d = s->stores[me] - s->stores[1 - me];
    const int r = (int)(s->total - s->stores[0] - s->stores[1]); /* seeds on the board */
    int lo = d - r, hi = d + r;
    if (lo >= beta)
        return lo;
    if (hi <= alpha)
        return hi;
    if (r <= sv->db.seeds) { /* a root or a solve's first moves: the children are probed */
        const int g = sv->db.val[db_rank(&sv->db, s, r)];
        if (g != DB_NOVAL) {
            sv->db.hits++;
            return d + g;
        }
    }
    const int base = sv->relative ? d : 0;
    const uint64_t k0 = (uint64_t)key, k1 = (uint64_t)(key >> 64);
    int hint = -1;
    Found e;
    if (tt_find(sv, k0, k1, &e, NULL) != NULL) {
        if (e.lo + base > lo)
            lo = e.lo + base;
        if (e.hi + base < hi)
            hi = e.hi + base;
        if (lo >= beta)
            return lo;
        if (hi <= alpha)
            return hi;
        if (lo == hi)
            return lo;
        if (e.move != 0xff)
            hint = e.move;
    }
    const int a0 = alpha > lo ? alpha : lo;
    const int b = beta < hi ? beta : hi;
    int a = a0;

    State kids[MAXH];
    Key keys[MAXH];
    int mv[MAXH], order[MAXH], val[MAXH];
    uint8_t known[MAXH];
    const int k = expand(sv, s, hint, kids, keys, mv, order, val, known);

    /* a finished game, or (enhanced transposition cut-off) a child's stored bound,
       may refute at once */
    for (int i = 0; i < k; i++) {
        const State *c = &kids[i];
        int v;
        if (known[i])
            v = val[i];
        else if (r >= sv->etc) {
            Found ce;
            if (tt_find(sv, (uint64_t)keys[i], (uint64_t)(keys[i] >> 64), &ce, NULL) == NULL)
                continue;
            const int cb = table_base(sv, c);
            v = c->turn == me ? ce.lo + cb : -(ce.hi + cb);
        }
        else
            continue;
        if (v >= b) {
            tt_store(sv, k0, k1, v - base, hi - base, mv[i], 1);
            return v;
        }
    }

    /* With other threads (a Team), a younger child some thread is searching waits for a
       second pass: by then its value is likely in the table. The eldest never waits. */
    Team *team = sv->team;
    const int split = team != NULL && r >= team->busy_min;
    int later[MAXH], nl = 0;
    int best = NEG_INF, best_move = -1;
    for (int pass = 0; pass < 2; pass++) {
        const int n = pass ? nl : k;
        for (int oi = 0; oi < n; oi++) {
            const int i = pass ? later[oi] : order[oi];
            const State *c = &kids[i];
            int v;
            if (!pass && sv->lazy && oi + 1 < k && !known[order[oi + 1]]) {
                const Key nk = keys[order[oi + 1]];
                __builtin_prefetch(tt_slot(sv, (uint64_t)nk, (uint64_t)(nk >> 64)));
            }
            uint64_t *mark = NULL, fp = 0;
            if (split && !known[i]) {
                fp = busy_print(keys[i]);
                mark = &team->busy[fp & team->busy_mask];
                if (!pass && oi > 0 && LOAD(*mark) == fp) {
                    later[nl++] = i;
                    continue;
                }
                STORE(*mark, fp);
            }
            if (known[i])
                v = val[i];
            else if (c->turn == me)
                v = search(sv, c, keys[i], a, b);
            else
                v = -search(sv, c, keys[i], -b, -a);
            if (mark != NULL) /* unless another position took the mark meanwhile */
                __atomic_compare_exchange_n(mark, &fp, 0, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
            if (sv->aborted)
                return 0;
            if (v > best) {
                best = v;
                best_move = mv[i];
                if (v > a) {
                    a = v;
                    if (a >= b)
                        goto searched;
                }
            }
        }
    }
searched:
    /* fail-soft: best is an upper bound when <= the (narrowed) alpha, a lower bound
       when >= the (narrowed) beta, else exact; intersected with what was known */
    int new_lo = lo, new_hi = hi;
    if (best <= a0) {
        if (best < new_hi)
            new_hi = best;
    }
    else if (best >= b) {
        if (best > new_lo)
            new_lo = best;
    }
    else {
        new_lo = new_hi = best;
    }
    tt_store(sv, k0, k1, new_lo - base, new_hi - base, best_move, sv->nodes - nodes0);
    return best;
}

/* A heuristic look-ahead for the first guess of MTD(f): `depth` moves deep, scored by
   the store difference there (exactly at finished games). It reads move hints from
   the table but stores nothing: its values are not bounds, and its best moves made a
   worse order for the exact search than expand's (measured on 4x3, 6x3 and 5x4). */
static int
hsearch(SolverObject *sv, const State *s, Key key, int depth, int alpha, int beta)
{
    sv->nodes++;
    if ((sv->nodes & 0x3FFF) == 0) {
        checkpoint(sv);
        if (sv->aborted)
            return 0;
    }
    const int me = s->turn;
    if (depth <= 0) {
        sv->horizon++;
        return s->stores[me] - s->stores[1 - me];
    }
    const uint64_t k0 = (uint64_t)key, k1 = (uint64_t)(key >> 64);
    int hint = -1;
    Found e;
    if (tt_find(sv, k0, k1, &e, NULL) != NULL && e.move != 0xff)
        hint = e.move;
    State kids[MAXH];
    Key keys[MAXH];
    int mv[MAXH], order[MAXH], val[MAXH];
    uint8_t known[MAXH];
    const int k = expand(sv, s, hint, kids, keys, mv, order, val, known);
    int best = NEG_INF;
    for (int oi = 0; oi < k; oi++) {
        const int i = order[oi];
        const State *c = &kids[i];
        int v;
        if (known[i])
            v = val[i];
        else if (c->turn == me)
            v = hsearch(sv, c, keys[i], depth - 1, alpha, beta);
        else
            v = -hsearch(sv, c, keys[i], depth - 1, -beta, -alpha);
        if (sv->aborted)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

/* whether the value of s (not finished) is >= t, and a bound that shows it */
static int
test_at_least(SolverObject *sv, const State *s, int t)
{
    return search(sv, s, pack(sv, s), t - 1, t);
}
