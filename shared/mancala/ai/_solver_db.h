/*
 * The solver's endgame database leaves (included by _solver.c, after State and Params).
 *
 * A database of mancala.ai._egtb (mancala.ai.egtb) holds, for every board with at most
 * `seeds` seeds on 2 * holes holes, the final margin of the board's seeds for the
 * player to move with best play, the mover's row first, as (lo, hi) int8 pairs in
 * rank order: boards ranked by seed count, then as combinations with repetition. The
 * rank below is _egtb.c's (level_start + rank_in_level), repeated here so the solver
 * needs no link to that module; tests/ai/test_solver_db.py checks both against each
 * other through the solver's values with and without a database.
 *
 * Under end_rule ROW_EMPTY nothing in the rules reads the stores, so the value of a
 * position is its store difference plus the database's value of its board: the
 * search returns that at once, without a node below, wherever the seeds on the board
 * are at most `seeds`. mancala.ai.solver.binding checks the database's rules are the
 * variant's (fingerprint) before it hands the buffer over; here only what C can see
 * is checked (relative keys, so ROW_EMPTY; no repeat bit; the hole count; the size).
 */

#define DB_MAXN 48   /* _egtb.MAXN */
#define DB_MAXH 8    /* _egtb.MAXH: holes a side */
#define DB_NOVAL (-128)

typedef struct {
    int8_t *val;        /* the value per board (the file's lo == hi); NULL: none */
    int seeds;          /* boards with at most this many seeds on them */
    int size;           /* holes on the board (both rows) */
    uint64_t start[DB_MAXN + 2];  /* the first rank of each seed count */
    uint64_t ways[2 * DB_MAXH + 1][DB_MAXN + 1]; /* ways[h][s]: s seeds into h holes */
    unsigned long long hits;       /* leaves answered by the database, last solve */
    void *map;          /* the memory val lives in (mem_alloc) */
    size_t map_bytes;
} Db;

static void
db_tables(Db *db, int size)
{
    for (int s = 0; s <= DB_MAXN; s++)
        db->ways[0][s] = s == 0;
    for (int h = 1; h <= 2 * DB_MAXH; h++)
        for (int s = 0; s <= DB_MAXN; s++)
            db->ways[h][s] = db->ways[h - 1][s] + (s ? db->ways[h][s - 1] : 0);
    uint64_t n = 0;
    for (int k = 0; k <= DB_MAXN + 1; k++) {
        db->start[k] = n;
        if (k <= DB_MAXN)
            n += db->ways[size][k];
    }
    db->size = size;
}

/* boards with at most `seeds` seeds (the entries a database of them holds) */
static uint64_t
db_count(Db *db, int size, int seeds)
{
    db_tables(db, size);
    return db->start[seeds + 1];
}

/* the entry of s's board, for the player to move (k: the seeds on it, at most
   db->seeds) */
static inline uint64_t
db_rank(const Db *db, const State *s, int k)
{
    const int size = db->size, n = size / 2, off = s->turn ? n : 0;
    uint64_t r = db->start[k];
    int left = k;
    for (int i = 0; i < size - 1 && left > 0; i++) {
        const int b = s->board[i + off < size ? i + off : i + off - size];
        const uint64_t *w = db->ways[size - 1 - i];
        for (int v = 0; v < b; v++)
            r += w[left - v];
        left -= b;
    }
    return r;
}
