/*
 * mancala.ai._egtb: endgame databases by retrograde analysis.
 *
 * Every board with at most N seeds in play, the player to move seen as South (a board
 * with North to move is the same entry, rotated by half a board: the rules are the
 * same for both sides, which mancala.ai.egtb checks on every database it builds), gets
 * the final margin of the seeds on the board -- what the mover will still take from
 * them minus what the other will -- with best play by both, the game played out under
 * the variant's rules (the engine's C core, shared/engine/mancala_core.h: its own
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
 * seeds off the board leads to a solved level; one that takes none stays in the level,
 * whose values are iterated to the fixed point from lo = -n, hi = +n (the values of
 * endless play; monotone, in place, Gauss-Seidel). Boards whose mover has no legal
 * move are never reached by a game that goes on; they hold NOVAL.
 *
 *   count(holes, seeds) -> positions with at most `seeds` seeds on 2 * holes holes
 *   rank(holes, board) -> the index of a board (any seed count up to MAXN)
 *   build(params, seeds, out, progress=None, every=0.5) -> (sweeps per level)
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

/* one position's values from its moves and the current values of its children;
   returns 1 when they changed */
static int
evaluate(Build *bd, int k, uint64_t r)
{
    const Params *p = bd->p;
    int8_t *mine = bd->val + 2 * (bd->start[k] + r);
    State s, t;
    memset(&s, 0, sizeof(s));
    s.winner = -1;
    s.total = BIG_TOTAL;
    unrank_in_level(r, p->size, k, s.board);
    Legal L;
    compute_legal(p, &s, &L);
    if (L.n == 0) {
        int changed = mine[0] != NOVAL || mine[1] != NOVAL;
        mine[0] = mine[1] = NOVAL;
        return changed;
    }
    int best_lo = -1000, best_hi = -1000;
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
                return 0;
            }
            const int8_t *c = bd->val + 2 * (bd->start[kc] + rank_in_level(cb, p->size, kc));
            if (c[0] == NOVAL) {
                bd->error = 2;
                return 0;
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
        if (cl > best_lo)
            best_lo = cl;
        if (ch > best_hi)
            best_hi = ch;
    }
    int changed = 0;
    if (best_lo > mine[0]) {
        mine[0] = (int8_t)best_lo;
        changed = 1;
    }
    if (best_hi < mine[1]) {
        mine[1] = (int8_t)best_hi;
        changed = 1;
    }
    return changed;
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

/* progress(level, done, level_positions, sweep, changed); -1 when it raised */
static int
report(PyObject *progress, int k, uint64_t done, uint64_t size, int sweep, uint64_t changed)
{
    if (PyErr_CheckSignals() < 0)
        return -1;
    if (progress == NULL || progress == Py_None)
        return 0;
    PyObject *r = PyObject_CallFunction(progress, "iKKiK", k, (unsigned long long)done,
                                        (unsigned long long)size, sweep,
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
    PyObject *result = NULL, *sweeps = NULL;
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
    sweeps = PyList_New(0);
    if (sweeps == NULL)
        goto done;
    double next = now_seconds() + every;
    for (int k = 0; k <= seeds; k++) {
        const uint64_t size = W[p.size][k];
        int8_t *lvl = bd.val + 2 * bd.start[k];
        for (uint64_t r = 0; r < size; r++) {
            lvl[2 * r] = (int8_t)-k;
            lvl[2 * r + 1] = (int8_t)k;
        }
        int sweep = 0;
        for (;;) {
            uint64_t changed = 0;
            for (uint64_t r = 0; r < size; r++) {
                /* settled (or no legal move): nothing can change it any more */
                if (sweep && lvl[2 * r] == lvl[2 * r + 1])
                    continue;
                changed += evaluate(&bd, k, r);
                if (bd.error)
                    break;
                if ((r & 4095) == 0 && now_seconds() >= next) {
                    if (report(progress, k, r, size, sweep, changed) < 0)
                        goto done;
                    next = now_seconds() + every;
                }
            }
            if (bd.error) {
                PyErr_SetString(PyExc_RuntimeError,
                                bd.error == 1 ? "build: a move put seeds into play"
                                              : "build: a game went on where the player to "
                                                "move has no legal move");
                goto done;
            }
            sweep++;
            if (!changed)
                break;
        }
        if (report(progress, k, size, size, sweep, 0) < 0)
            goto done;
        PyObject *n = PyLong_FromLong(sweep);
        if (n == NULL || PyList_Append(sweeps, n) < 0) {
            Py_XDECREF(n);
            goto done;
        }
        Py_DECREF(n);
    }
    result = sweeps;
    sweeps = NULL;
done:
    Py_XDECREF(sweeps);
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
