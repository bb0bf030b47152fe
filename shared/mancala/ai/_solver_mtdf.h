/*
 * MTD(f) (included by _solver.c after _solver_threads.h): the first guess from the
 * heuristic look-ahead, null-window tests (each on the solve's threads) until the bounds
 * meet, then every first move that keeps the value.
 */
/* MTD(f) from a guess (or the look-ahead's), then every first move that keeps the
   value; runs without the GIL (checkpoint takes it now and then) */
static void
solve_core(SolverObject *self, const State *sp, int have_guess, int guess, const int *mv, int k,
           int *value_out, int *best, int *nb)
{
    const Params *p = &self->p;
    const State s = *sp;
    const int me = s.turn;
    const int d = s.stores[me] - s.stores[1 - me];
    const int r = (int)(s.total - s.stores[0] - s.stores[1]);
    int lower = d - r, upper = d + r;
    int g = d;
    if (have_guess)
        g = guess;
    else {
        /* iterative deepening of the heuristic look-ahead, within a small node budget */
        const Key key = pack(self, &s);
        self->looking = 1;
        for (int depth = 1; depth <= 64; depth++) {
            const unsigned long long n0 = self->nodes, h0 = self->horizon;
            self->probe++;
            self->test = depth;
            self->lower = lower;
            self->upper = upper;
            const int v = hsearch(self, &s, key, depth, NEG_INF, -NEG_INF);
            if (self->aborted) {
                self->looking = 0;
                return;
            }
            g = v;
            if (self->nodes - n0 > self->guess_nodes || self->horizon == h0)
                break; /* over budget, or the whole game was seen (v is exact) */
        }
        self->deepened = self->probe;
        self->looking = 0;
    }
    if (g < lower)
        g = lower;
    if (g > upper)
        g = upper;
    /* MTD(f): null-window tests "value >= t" until the bounds meet */
    while (lower < upper) {
        int t = g == lower ? g + 1 : g;
        if (t > upper)
            t = upper;
        self->probe++;
        self->test = t;
        self->lower = lower;
        self->upper = upper;
        g = team_test(self, &s, t);
        if (self->aborted)
            return;
        if (g >= t) {
            if (g > lower)
                lower = g;
        }
        else if (g < upper)
            upper = g;
    }
    const int value = lower;
    *value_out = value;
    /* every first move that keeps the value */
    *nb = 0;
    for (int i = 0; i < k; i++) {
        State c = s;
        apply_move(p, &c, mv[i]);
        int v;
        if (is_over(&c))
            v = final_margin(&c, me);
        else if (c.turn == me)
            v = team_test(self, &c, value);
        else
            v = -team_test(self, &c, -value + 1);
        if (self->aborted)
            return;
        if (v >= value)
            best[(*nb)++] = mv[i];
    }
}
