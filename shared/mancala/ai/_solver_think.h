/*
 * The computer player's look-ahead (included by _solver.c after _solver_search.h): the
 * depth-limited alpha-beta of mancala.ai.search with mancala.ai.scoring's evaluation where
 * it is a weighted sum of differences (scoring.linear_weights), on the solver's move
 * generator and order. The
 * Python search is the specification: the same depth gives every root move the same
 * value (tests/ai/test_think.py compares them). Nothing is stored in the table: its
 * bounds are the exact solver's, and a heuristic value is not one. With an endgame
 * database (set_egtb), a position with no more seeds on the board than it holds is
 * scored as a finished game with the database's exact final margin: expand reads the
 * children, tsearch's entry the root's moves (tests/ai/test_think_db.py).
 */

/* mancala.ai.scoring's WIN and SURE: a finished game scores its margin beyond WIN, a
   majority held for good beyond SURE, both far beyond any store difference */
#define THINK_WIN 100000
#define THINK_SURE 50000
#define THINK_INF (1 << 28)

/* The best move each position had when last searched, tried first when it comes again
   (in the next iteration, or by another order of moves): move order only, never a value,
   so a depth's values stay those of the full-width search while most of its nodes go.
   A slot that holds another position, or a hint of an earlier search (think's `fresh`),
   gives none: a move's answer, nodes included, does not depend on the moves before. */
#define HINT_SLOTS ((uint64_t)1 << 16)

static inline Hint *
hint_slot(const SolverObject *sv, Key key)
{
    const uint64_t k0 = (uint64_t)key, k1 = (uint64_t)(key >> 64);
    return sv->hints + (mix64(k0 ^ mix64(k1 + 0x632BE59BD9B4E019ULL)) & (HINT_SLOTS - 1));
}

/* a finished game's score from the view of the player whose margin it is */
static inline int
think_final(int margin)
{
    return margin > 0 ? THINK_WIN + margin : margin < 0 ? margin - THINK_WIN : 0;
}

/* a position at the depth limit, from the view of the player to move (`again`: who also
   made the last move): seeds in a store stay there, so more than half of the game's
   seeds in one store decide it; else the weighted differences of scoring.make_evaluator */
static inline int
think_leaf(const SolverObject *sv, const State *s, int again)
{
    const int me = s->turn, mine = s->stores[me], theirs = s->stores[1 - me];
    if (2 * mine > (int)s->total)
        return THINK_SURE + mine - theirs;
    if (2 * theirs > (int)s->total)
        return mine - theirs - THINK_SURE;
    int score = sv->w_stores * (mine - theirs);
    if (sv->w_seeds | sv->w_empties | sv->w_evens) {
        const int n = sv->p.n;
        const CELL *own = s->board + (me ? n : 0), *opp = s->board + (me ? 0 : n);
        int seeds = 0, empties = 0, evens = 0;
        for (int i = 0; i < n; i++) {
            seeds += own[i] - opp[i];
            empties += (own[i] == 0) - (opp[i] == 0);
            evens += (own[i] && own[i] % 2 == 0) - (opp[i] && opp[i] % 2 == 0);
        }
        score += sv->w_seeds * seeds + sv->w_empties * empties + sv->w_evens * evens;
    }
    if (again)
        score += sv->w_repeat;
    return score;
}

/* fail-soft negamax from the view of the player to move (who keeps the sign when
   moving again); sv->horizon counts the positions cut at the depth limit */
static int
tsearch(SolverObject *sv, const State *s, Key key, int again, int depth, int alpha, int beta)
{
    sv->nodes++;
    if ((sv->nodes & 0x3FF) == 0) {
        checkpoint(sv);
        if (sv->aborted)
            return 0;
    }
    const int me = s->turn;
    const int r = (int)(s->total - s->stores[0] - s->stores[1]);
    if (r <= sv->db.seeds) { /* a root's move (expand reads the others): exact at any depth */
        const int g = sv->db.val[db_rank(&sv->db, s, r)];
        if (g != DB_NOVAL) {
            sv->db.hits++;
            return think_final(s->stores[me] - s->stores[1 - me] + g);
        }
    }
    if (depth <= 0) {
        sv->horizon++;
        return think_leaf(sv, s, again);
    }
    State kids[MAX_MOVES];
    Key keys[MAX_MOVES];
    int mv[MAX_MOVES], order[MAX_MOVES], val[MAX_MOVES];
    uint8_t known[MAX_MOVES];
    Hint *h = hint_slot(sv, key);
    const int hint = h->key == key && h->gen == sv->hint_gen ? h->move : -1;
    const int k = expand(sv, s, hint, kids, keys, mv, order, val, known);
    if (k == 0) { /* no move and not over: the engine ends such games, so never seen */
        sv->horizon++;
        return think_leaf(sv, s, again);
    }
    int best = -THINK_INF, best_move = -1;
    for (int oi = 0; oi < k; oi++) {
        const int i = order[oi];
        const State *c = &kids[i];
        int v;
        if (known[i]) /* a finished game, or a board the database holds */
            v = think_final(val[i]);
        else if (c->turn == me)
            v = tsearch(sv, c, keys[i], 1, depth - 1, alpha, beta);
        else
            v = -tsearch(sv, c, keys[i], 0, depth - 1, -beta, -alpha);
        if (sv->aborted)
            return 0;
        if (v > best) {
            best = v;
            best_move = mv[i];
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    h->key = key;
    h->move = best_move;
    h->gen = sv->hint_gen;
    return best;
}

/* The root's moves `mv` (in the order to search them) at `depth`: vals[i] is move i's
   value from the mover's view, exact for every move as good as the best (a move found
   worse may hold only a bound below the best, as mancala.ai.search's root does). */
static void
think_root(SolverObject *sv, const State *s, int depth, const int *mv, int k, int *vals)
{
    const int me = s->turn;
    int best = -THINK_INF;
    for (int i = 0; i < k; i++) {
        State c = *s;
        apply_move(&sv->p, &c, mv[i]);
        /* one below the best so far: a move exactly as good gets its exact value */
        const int alpha = best == -THINK_INF ? -THINK_INF : best - 1;
        int v;
        if (is_over(&c))
            v = think_final(final_margin(&c, me));
        else if (c.turn == me)
            v = tsearch(sv, &c, pack(sv, &c), 1, depth - 1, alpha, THINK_INF);
        else
            v = -tsearch(sv, &c, pack(sv, &c), 0, depth - 1, -THINK_INF, -alpha);
        if (sv->aborted)
            return;
        vals[i] = v;
        if (v > best)
            best = v;
    }
}
