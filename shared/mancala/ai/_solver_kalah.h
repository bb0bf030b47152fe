/*
 * Kalah's own moves for the search's inner loop (included by _solver.c after the core).
 *
 * The engine's C core plays every variant through one general pipeline; for published
 * Kalah (sowing counter-clockwise through the own store, laps into the start hole, the
 * last seed in the own store moves again, in an own empty hole it captures the facing
 * hole -- with "empty capture" the lone seed is banked even when that hole is empty --
 * and the game over when a row is empty, each player banking their own row) the moves
 * below do the same in a few lines. Nothing is assumed from the variant's name or
 * parameters alone: kalah_check plays both capture rules against apply_core on
 * thousands of random positions (big holes, laps, both players) and turns the fast
 * moves on only where one of them agrees on every move, else the search keeps the core.
 */

/* the seed count of the ring slot j of the mover (own holes, own store, other holes) */
static inline void
kalah_apply(int n, int empty_capture, State *s, int hole)
{
    const int size = 2 * n, ring = size + 1, me = s->turn, off = me ? n : 0;
    const int j0 = hole - off; /* the start's place on the mover's ring: 0..n-1 */
    int seeds = s->board[hole];
    s->board[hole] = 0;
    const int laps = seeds / ring, rem = seeds % ring;
    if (laps) {
        for (int h = 0; h < size; h++)
            s->board[h] = (CELL)(s->board[h] + laps);
        s->stores[me] += laps;
    }
    for (int t = 1; t <= rem; t++) {
        const int j = (j0 + t) % ring;
        if (j == n)
            s->stores[me]++;
        else {
            const int h = j < n ? off + j : (off + j - 1) % size;
            s->board[h]++;
        }
    }
    const int last = (j0 + seeds) % ring;
    if (last != n) {
        if (last < n) {
            const int h = off + last, o = size - 1 - h;
            if (s->board[h] == 1 && (s->board[o] > 0 || empty_capture)) {
                s->stores[me] += 1 + s->board[o];
                s->board[h] = 0;
                s->board[o] = 0;
            }
        }
        s->turn = 1 - me;
    }
    int left[2] = {0, 0};
    for (int h = 0; h < size; h++)
        left[h >= n] += s->board[h];
    if (left[0] && left[1])
        return;
    /* a row is empty: each player banks their own row */
    s->stores[0] += left[0];
    s->stores[1] += left[1];
    memset(s->board, 0, (size_t)size * sizeof(CELL));
    const long long d = s->stores[0] - s->stores[1];
    s->outcome = d ? OC_WIN : OC_TIE;
    s->winner = d > 0 ? 0 : d < 0 ? 1 : -1;
    if (d)
        s->turn = s->winner;
}

static inline int
kalah_legal(int n, const State *s, int *mv)
{
    const int lo = s->turn ? n : 0;
    int k = 0;
    for (int h = lo; h < lo + n; h++)
        if (s->board[h])
            mv[k++] = h;
    return k;
}

/* 0: the core's moves differ from kalah_apply's under either capture rule on some random
   position; else 1 + the capture rule (0 standard, 1 empty capture) that agrees */
static int
kalah_check(const Params *p)
{
    if (p->step != 1 || !p->stores || !p->own_store || p->end_rule != END_ROW_EMPTY ||
        p->capt_rturn != RT_NO_REPEAT || p->n < 1 || 2 * p->n > MAXS)
        return 0;
    for (int ec = 0; ec <= 1; ec++) {
        uint64_t x = 0x9E3779B97F4A7C15ULL;
        int ok = 1;
        for (int trial = 0; trial < 4000 && ok; trial++) {
            State s;
            memset(&s, 0, sizeof(s));
            s.winner = -1;
            s.outcome = OC_NONE;
            long long sum = 0;
            for (int h = 0; h < p->size; h++) {
                x = mix64(x + (uint64_t)h + 1);
                /* mostly small holes, now and then one that laps the board */
                const int big = (x >> 60) == 0;
                s.board[h] = (CELL)(big ? 10 + (x >> 8) % 30 : (x >> 8) % 6);
                sum += s.board[h];
            }
            x = mix64(x);
            s.stores[0] = (long long)(x % 20);
            s.stores[1] = (long long)((x >> 20) % 20);
            s.turn = (int)((x >> 40) & 1);
            s.total = sum + s.stores[0] + s.stores[1];
            int mv[MAXH], kmv[MAXH];
            Legal L;
            compute_legal(p, &s, &L);
            const int k = kalah_legal(p->n, &s, kmv);
            if (L.n != k || memcmp(L.mv, kmv, (size_t)k * sizeof(int)) != 0) {
                ok = 0;
                break;
            }
            memcpy(mv, L.mv, (size_t)k * sizeof(int));
            for (int i = 0; i < k && ok; i++) {
                State a = s, b = s;
                apply_move(p, &a, mv[i]);
                kalah_apply(p->n, ec, &b, mv[i]);
                ok = a.stores[0] == b.stores[0] && a.stores[1] == b.stores[1] &&
                     memcmp(a.board, b.board, (size_t)p->size) == 0 &&
                     (a.outcome == OC_NONE) == (b.outcome == OC_NONE) &&
                     (a.outcome != OC_NONE || (a.turn == b.turn && a.rturn_cnt == 0));
            }
        }
        if (ok)
            return 1 + ec;
    }
    return 0;
}
