/*
 * mancala.ai._egtb: endgame databases by retrograde analysis.
 *
 * Every board with at most N seeds in play, the player to move seen as South (a board
 * with North to move is the same entry, rotated by half a board: the rules are the
 * same for both sides, which mancala.ai.egtb checks on every database it builds), gets
 * the final margin of the seeds on the board -- what the mover will still take from
 * them minus what the other will -- with best play by both, the game played out under
 * the variant's rules (the engine's C core, shared/mancala/engine/mancala_core.h: its own
 * compute_legal and apply_core). Only the rules that read the stores are left out: the
 * majority end (a store past half the seeds) is switched off with a total no store
 * reaches, and mancala.ai.egtb refuses the variants whose other rules read them.
 *
 * Where play can repeat for ever (Oware) the engine scores no endless game, so each
 * position gets two values as the solver's graph analysis does: `lo`, endless play
 * scored as all the seeds on the board to the opponent of the player to move, and `hi`,
 * all to the player to move; lo == hi is the exact value whatever endless play scores.
 *
 * Positions are ranked by their seed count (level), then lexicographically within the
 * level (combinations with repetition). Levels are solved in order: a move that takes
 * seeds off the board (or ends the game) is an exit, its value known; one that takes
 * none stays in the level, where play may go round in circles. Each level is solved by
 * retrograde analysis with counters (solve_level): two passes over its moves list the
 * exits and each position's predecessors, then values are given from the best down.
 * Boards whose mover has no legal move are never reached by a game that goes on; they
 * hold NOVAL.
 *
 *   count(holes, seeds) -> positions with at most `seeds` seeds on 2 * holes holes
 *   rank(holes, board) -> the index of a board (any seed count up to MAXN)
 *   build(params, seeds, out, progress=None, every=0.5) -> None; progress(level, done,
 *       of, phase, 0) about every `every` seconds, phase 0 and 1 the passes over the
 *       moves, 2 the values (done: thresholds)
 *       out: a writable buffer of 2 * count bytes, (lo, hi) int8 per position
 *   lookup(data, holes, board) -> (lo, hi), board with the mover's row first
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXH 8
#define CELL uint8_t
#include "../engine/mancala_core.h"

#define MAXN 48     /* seeds a database may hold */
#define NOVAL (-128) /* the mover has no legal move: no game goes on there */
#define NOEXIT (-127) /* while a level is solved: no move leaves it */
#define BIG_TOTAL (1LL << 50) /* no store passes half of it: the majority end never fires */

static uint64_t W[MAXS + 2][MAXN + 1]; /* W[h][s]: ways to put s seeds into h holes */

static void
init_ways(void)
{
    static int done = 0;
    if (done)
        return;
    for (int s = 0; s <= MAXN; s++)
        W[0][s] = s == 0;
    for (int h = 1; h < MAXS + 2; h++)
        for (int s = 0; s <= MAXN; s++)
            W[h][s] = W[h - 1][s] + (s ? W[h][s - 1] : 0);
    done = 1;
}

/* the first index of level k (positions with fewer seeds come first) */
static uint64_t
level_start(int size, int k)
{
    uint64_t n = 0;
    for (int j = 0; j < k; j++)
        n += W[size][j];
    return n;
}

static uint64_t
rank_in_level(const CELL *b, int size, int k)
{
    uint64_t r = 0;
    int left = k;
    for (int i = 0; i < size - 1; i++) {
        const int h = size - 1 - i;
        for (int v = 0; v < b[i]; v++)
            r += W[h][left - v];
        left -= b[i];
    }
    return r;
}

static void
unrank_in_level(uint64_t r, int size, int k, CELL *b)
{
    int left = k;
    for (int i = 0; i < size - 1; i++) {
        const int h = size - 1 - i;
        int v = 0;
        while (r >= W[h][left - v]) {
            r -= W[h][left - v];
            v++;
        }
        b[i] = (CELL)v;
        left -= v;
    }
    b[size - 1] = (CELL)left;
}

typedef struct {
    const Params *p;
    int8_t *val; /* (lo, hi) per position */
    uint64_t start[MAXN + 2];
    int error; /* 1: a move added seeds, 2: a game goes on where no move is legal */
} Build;

static inline void
rotate_into(const Params *p, const CELL *b, CELL *out)
{
    for (int i = 0; i < p->size; i++)
        out[i] = b[(i + p->n) % p->size];
}

/* a position's moves: the best exit values (moves that end the game or take seeds off
   the board, whose children are solved) for the lo and hi scorings, and the children
   in the same level (rank, and whether the same player moves again). Returns the
   number of legal moves (0: NOVAL), or -1 on an error (bd->error). */
static int
expand(Build *bd, int k, uint64_t r, int *elo, int *ehi, uint32_t *kids, uint8_t *same,
       int *nk)
{
    const Params *p = bd->p;
    State s, t;
    memset(&s, 0, sizeof(s));
    s.winner = -1;
    s.total = BIG_TOTAL;
    unrank_in_level(r, p->size, k, s.board);
    Legal L;
    compute_legal(p, &s, &L);
    *elo = *ehi = NOEXIT;
    *nk = 0;
    CELL rot[MAXS];
    for (int i = 0; i < L.n; i++) {
        memcpy(&t, &s, sizeof(State));
        apply_core(p, &t, L.mv[i]);
        const int d = (int)(t.stores[0] - t.stores[1]);
        int cl, ch;
        if (t.outcome != OC_NONE) {
            cl = ch = d;
        }
        else {
            const CELL *cb = t.board;
            if (t.turn == 1) {
                rotate_into(p, t.board, rot);
                cb = rot;
            }
            int kc = 0;
            for (int h = 0; h < p->size; h++)
                kc += cb[h];
            if (kc > k) {
                bd->error = 1;
                return -1;
            }
            const uint64_t cr = rank_in_level(cb, p->size, kc);
            if (kc == k) {
                if (d != 0) { /* no seed left the board, yet a store changed */
                    bd->error = 3;
                    return -1;
                }
                kids[*nk] = (uint32_t)cr;
                same[*nk] = t.turn == 0;
                *nk += 1;
                continue;
            }
            const int8_t *c = bd->val + 2 * (bd->start[kc] + cr);
            if (c[0] == NOVAL) {
                bd->error = 2;
                return -1;
            }
            if (t.turn == 0) {
                cl = d + c[0];
                ch = d + c[1];
            }
            else {
                cl = d - c[1];
                ch = d - c[0];
            }
        }
        if (*elo == NOEXIT || cl > *elo)
            *elo = cl;
        if (*ehi == NOEXIT || ch > *ehi)
            *ehi = ch;
    }
    return L.n;
}

enum { WON_R = 1, WON_O = 2, EXITS_OK = 4 };

typedef struct {
    uint32_t *v;
    size_t n, cap;
} Stack;

static int
push(Stack *st, uint32_t x)
{
    if (st->n == st->cap) {
        size_t cap = st->cap ? 2 * st->cap : 1 << 16;
        uint32_t *nv = realloc(st->v, cap * sizeof(uint32_t));
        if (nv == NULL)
            return -1;
        st->v = nv;
        st->cap = cap;
    }
    st->v[st->n++] = x;
    return 0;
}

static int report(PyObject *progress, int k, uint64_t done, uint64_t size, int phase,
                  uint64_t changed);
static double now_seconds(void);

/* Solves level k. Each position B has two nodes: R (the player R to move at B, value
   lo(B): endless play is R's loss) and O (the other player to move at B, value -hi(B)
   from R's side). "R makes at least t sure" is a reachability game; going down from
   t = k to -k, a node wins at the first t it can, which is its value: an R node when one
   exit or one child does, an O node when every exit is worth t to R and every child won
   (a counter per position). Predecessors are listed from a second pass over the moves.
   Returns 0, or -1 with an exception set. */
static int
solve_level(Build *bd, int k, PyObject *progress, double every)
{
    const Params *p = bd->p;
    const uint64_t size = W[p->size][k];
    int8_t *val = bd->val + 2 * bd->start[k];
    uint32_t *off = NULL, *pred = NULL;
    uint8_t *cnt = NULL, *flag = NULL;
    Stack st = {NULL, 0, 0};
    int rc = -1;
    uint32_t kids[MAXH];
    uint8_t same[MAXH];
    int elo, ehi, nk;
    double next = now_seconds() + every;
    if (size >= (1ULL << 31)) {
        PyErr_SetString(PyExc_ValueError, "build: a level past 2**31 positions");
        return -1;
    }
    off = calloc(size + 1, sizeof(uint32_t));
    cnt = calloc(size, 1);
    flag = calloc(size, 1);
    if (off == NULL || cnt == NULL || flag == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    /* pass 1: exits, children counted */
    uint64_t edges = 0;
    for (uint64_t r = 0; r < size; r++) {
        int n = expand(bd, k, r, &elo, &ehi, kids, same, &nk);
        if (n < 0)
            goto fail;
        if (n == 0) {
            val[2 * r] = val[2 * r + 1] = NOVAL;
            flag[r] = WON_R | WON_O;
        }
        else {
            val[2 * r] = (int8_t)elo;
            val[2 * r + 1] = (int8_t)ehi;
            cnt[r] = (uint8_t)nk;
            if (ehi == NOEXIT)
                flag[r] = EXITS_OK;
            for (int i = 0; i < nk; i++)
                off[kids[i] + 1] += 1;
            edges += (uint64_t)nk;
        }
        if ((r & 4095) == 0 && now_seconds() >= next) {
            if (report(progress, k, r, size, 0, 0) < 0)
                goto out;
            next = now_seconds() + every;
        }
    }
    if (edges >= (1ULL << 32)) {
        PyErr_SetString(PyExc_ValueError, "build: a level past 2**32 moves");
        goto out;
    }
    for (uint64_t r = 0; r < size; r++)
        off[r + 1] += off[r];
    pred = malloc((edges ? edges : 1) * sizeof(uint32_t));
    if (pred == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    /* pass 2: the predecessors (off[c] runs on as c's list fills, then moves back) */
    if (edges) {
        for (uint64_t r = 0; r < size; r++) {
            if (flag[r] == (WON_R | WON_O))
                continue;
            if (expand(bd, k, r, &elo, &ehi, kids, same, &nk) < 0)
                goto fail;
            for (int i = 0; i < nk; i++) {
                if (val[2 * (uint64_t)kids[i]] == NOVAL) {
                    bd->error = 2;
                    goto fail;
                }
                pred[off[kids[i]]++] = (uint32_t)r | ((uint32_t)same[i] << 31);
            }
            if ((r & 4095) == 0 && now_seconds() >= next) {
                if (report(progress, k, r, size, 1, 0) < 0)
                    goto out;
                next = now_seconds() + every;
            }
        }
        for (uint64_t c = size; c > 0; c--)
            off[c] = off[c - 1];
        off[0] = 0;
    }
    /* the values, from the best down */
    for (int t = k; t >= -k; t--) {
        for (uint64_t r = 0; r < size; r++) {
            const uint8_t f = flag[r];
            if (!(f & WON_R) && val[2 * r] != NOEXIT && val[2 * r] == t) {
                flag[r] |= WON_R;
                val[2 * r] = (int8_t)t;
                if (push(&st, (uint32_t)(r << 1)) < 0)
                    goto nomem;
            }
            if (!(f & WON_O) && !(f & EXITS_OK) && -val[2 * r + 1] == t) {
                flag[r] |= EXITS_OK;
                if (cnt[r] == 0) {
                    flag[r] |= WON_O;
                    val[2 * r + 1] = (int8_t)-t;
                    if (push(&st, (uint32_t)(r << 1) | 1) < 0)
                        goto nomem;
                }
            }
        }
        while (st.n) {
            const uint32_t node = st.v[--st.n];
            const uint32_t c = node >> 1, x = node & 1;
            for (uint32_t e = off[c]; e < off[c + 1]; e++) {
                const uint32_t b = pred[e] & 0x7FFFFFFFu, sm = pred[e] >> 31;
                const uint32_t y = sm ? x : 1 - x; /* the copy of b that moves to (c, x) */
                if (y == 0) {
                    if (!(flag[b] & WON_R)) {
                        flag[b] |= WON_R;
                        val[2 * (uint64_t)b] = (int8_t)t;
                        if (push(&st, b << 1) < 0)
                            goto nomem;
                    }
                }
                else if (!(flag[b] & WON_O)) {
                    cnt[b] -= 1;
                    if (cnt[b] == 0 && (flag[b] & EXITS_OK)) {
                        flag[b] |= WON_O;
                        val[2 * (uint64_t)b + 1] = (int8_t)-t;
                        if (push(&st, (b << 1) | 1) < 0)
                            goto nomem;
                    }
                }
            }
        }
        if (report(progress, k, (uint64_t)(k - t + 1), (uint64_t)(2 * k + 1), 2, 0) < 0)
            goto out;
    }
    /* never won: endless play, scored against R (lo) or for O (hi) */
    for (uint64_t r = 0; r < size; r++) {
        if (!(flag[r] & WON_R))
            val[2 * r] = (int8_t)-k;
        if (!(flag[r] & WON_O))
            val[2 * r + 1] = (int8_t)k;
    }
    rc = 0;
    goto out;
nomem:
    PyErr_NoMemory();
    goto out;
fail:
    PyErr_SetString(PyExc_RuntimeError,
                    bd->error == 1   ? "build: a move put seeds into play"
                    : bd->error == 3 ? "build: a store changed while no seed left the board"
                                     : "build: a game went on where the player to move has "
                                       "no legal move");
out:
    free(off);
    free(pred);
    free(cnt);
    free(flag);
    free(st.v);
    return rc;
}

static PyObject *
egtb_count(PyObject *self, PyObject *args)
{
    int holes, seeds;
    if (!PyArg_ParseTuple(args, "ii", &holes, &seeds))
        return NULL;
    if (holes < 1 || holes > MAXH || seeds < 0 || seeds > MAXN) {
        PyErr_Format(PyExc_ValueError, "count: holes 1..%d and seeds 0..%d", MAXH, MAXN);
        return NULL;
    }
    init_ways();
    return PyLong_FromUnsignedLongLong(level_start(2 * holes, seeds + 1));
}

/* a board from a Python sequence; its seed count, or -1 with an exception */
static int
read_board(PyObject *seq_in, int size, CELL *b)
{
    PyObject *seq = PySequence_Fast(seq_in, "board must be a sequence of ints");
    if (seq == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != size) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "board must have %d holes", size);
        return -1;
    }
    int k = 0;
    for (int i = 0; i < size; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < 0 || v > MAXN || k + v > MAXN) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "boards hold 0..%d seeds", MAXN);
            return -1;
        }
        b[i] = (CELL)v;
        k += (int)v;
    }
    Py_DECREF(seq);
    return k;
}

static PyObject *
egtb_rank(PyObject *self, PyObject *args)
{
    int holes;
    PyObject *board;
    if (!PyArg_ParseTuple(args, "iO", &holes, &board))
        return NULL;
    if (holes < 1 || holes > MAXH) {
        PyErr_Format(PyExc_ValueError, "rank: holes 1..%d", MAXH);
        return NULL;
    }
    init_ways();
    CELL b[MAXS];
    int k = read_board(board, 2 * holes, b);
    if (k < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(level_start(2 * holes, k) + rank_in_level(b, 2 * holes, k));
}

static PyObject *
egtb_lookup(PyObject *self, PyObject *args)
{
    Py_buffer data;
    int holes;
    PyObject *board;
    if (!PyArg_ParseTuple(args, "y*iO", &data, &holes, &board))
        return NULL;
    PyObject *out = NULL;
    CELL b[MAXS];
    int k;
    if (holes < 1 || holes > MAXH) {
        PyErr_Format(PyExc_ValueError, "lookup: holes 1..%d", MAXH);
        goto done;
    }
    init_ways();
    k = read_board(board, 2 * holes, b);
    if (k < 0)
        goto done;
    uint64_t at = level_start(2 * holes, k) + rank_in_level(b, 2 * holes, k);
    if (2 * at + 1 >= (uint64_t)data.len) {
        PyErr_Format(PyExc_ValueError, "lookup: a board of %d seeds is past the database", k);
        goto done;
    }
    const int8_t *v = (const int8_t *)data.buf + 2 * at;
    out = Py_BuildValue("(ii)", v[0], v[1]);
done:
    PyBuffer_Release(&data);
    return out;
}

static double
now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* progress(level, done, of, phase, changed); -1 when it raised */
static int
report(PyObject *progress, int k, uint64_t done, uint64_t size, int phase, uint64_t changed)
{
    if (PyErr_CheckSignals() < 0)
        return -1;
    if (progress == NULL || progress == Py_None)
        return 0;
    PyObject *r = PyObject_CallFunction(progress, "iKKiK", k, (unsigned long long)done,
                                        (unsigned long long)size, phase,
                                        (unsigned long long)changed);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 0;
}

static PyObject *
egtb_build(PyObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"params", "seeds", "out", "progress", "every", NULL};
    PyObject *dict, *progress = NULL;
    int seeds;
    Py_buffer out;
    double every = 0.5;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!iw*|Od", kwlist, &PyDict_Type, &dict,
                                     &seeds, &out, &progress, &every))
        return NULL;
    PyObject *result = NULL;
    Params p;
    Build bd;
    if (core_params(dict, &p) < 0)
        goto done;
    if (p.mlaps != MLAPS_OFF || p.unclaimed == UC_DIVVIED || p.capt_rturn != RT_NO_REPEAT ||
        p.nocaptmoves || !p.stores) {
        PyErr_SetString(PyExc_ValueError,
                        "build: rules that read the stores, the move count or the "
                        "previous move are not covered (mancala.ai.egtb says which)");
        goto done;
    }
    if (seeds < 0 || seeds > MAXN || seeds > 127) {
        PyErr_Format(PyExc_ValueError, "build: seeds 0..%d", MAXN);
        goto done;
    }
    init_ways();
    memset(&bd, 0, sizeof(bd));
    bd.p = &p;
    for (int k = 0; k <= seeds + 1; k++)
        bd.start[k] = level_start(p.size, k);
    if ((uint64_t)out.len != 2 * bd.start[seeds + 1]) {
        PyErr_Format(PyExc_ValueError, "build: out must be %llu bytes",
                     (unsigned long long)(2 * bd.start[seeds + 1]));
        goto done;
    }
    bd.val = (int8_t *)out.buf;
    for (int k = 0; k <= seeds; k++) {
        if (solve_level(&bd, k, progress, every) < 0)
            goto done;
    }
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"count", egtb_count, METH_VARARGS, "positions with at most `seeds` seeds on 2 * holes holes"},
    {"rank", egtb_rank, METH_VARARGS, "the index of a board"},
    {"lookup", egtb_lookup, METH_VARARGS, "(lo, hi) of a board (mover's row first)"},
    {"build", (PyCFunction)(void (*)(void))egtb_build, METH_VARARGS | METH_KEYWORDS,
     "fill out with (lo, hi) per position"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_egtb",
                                    "Endgame databases by retrograde analysis.", -1, methods};

PyMODINIT_FUNC
PyInit__egtb(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "MAXH", MAXH) < 0 ||
        PyModule_AddIntConstant(m, "MAXN", MAXN) < 0 ||
        PyModule_AddIntConstant(m, "NOVAL", NOVAL) < 0 ||
        PyModule_AddIntConstant(m, "LAYOUT", LAYOUT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
