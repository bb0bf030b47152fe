/*
 * mancala.ai._solver: an exact solver for small boards of the Kalah family.
 *
 * The rules are the engine's C core (shared/mancala/engine/mancala_core.h and the
 * core_*.h parts it includes, which repeat the Python engine, the specification), restricted to variants where every move either puts
 * seeds into a store or moves seeds forward along the mover's own row: seeds are
 * sown into the own store (sow_own_store), one lap (mlaps OFF), the first seed
 * not back into the start hole (no sow_start), captures counted from the start
 * (nocaptmoves 0, which the C core refuses anyway).  Such games never repeat a position, so the game tree is
 * finite and plain depth-first search terminates.  mancala.ai.solver checks the
 * variant and gives this module fast.params(variant); tests/ai/test_solver.py
 * compares `apply` and `legal` with Game on random positions of random variants.
 *
 * A position is small: the board (one byte a hole), the two stores, the player to
 * move and the repeat-turn flag (which matters only under capt_rturn ONCE).  The
 * seeds a game started with (`total`, for the "more than half" end) and the
 * starter (PICK2XLASTSEEDS) are fixed per Solver.set_game.
 *
 * The value of a position is the final store difference from the view of the
 * player to move, with best play by both.  search() is a fail-soft negamax
 * alpha-beta; a player who moves again keeps the sign.  Bounds that are always
 * true: stores never shrink and each seed left on the board moves the difference
 * by at most one, so |value - current difference| <= seeds on the board.  The
 * transposition table keeps proven lower and upper bounds per position under its
 * exact packed key (no false hits), so every probe of MTD(f) reuses all of them.
 *
 *   Solver(params, tt_bits)          params: fast.params(variant)
 *   .set_game(total, starter)        clears the table when either changes
 *   .solve(board, stores, turn, repeating, deadline=None, progress=None, guess=None, every=1.0,
 *          threads=1)
 *       -> (value, best_moves, nodes, MTD(f) probes, look-ahead depth) or None when the
 *          deadline passed; without a guess, a heuristic look-ahead deepened within
 *          `guess_nodes` nodes gives the first one
 *   .apply(board, stores, turn, repeating, move) -> (board, stores, turn, repeating, over)
 *   .legal(board, stores, turn, repeating) -> list of holes
 *   .clear(), .nodes, .tt_entries, .tt_max_entries, .key_bits, .busy
 *
 * The code is split to keep each file short: _solver_table.h (the table and its
 * memory), _solver_search.h (the search), _solver_threads.h (a test on several
 * threads), _solver_mtdf.h (MTD(f) over the tests), _solver_kalah.h (Kalah's own moves),
 * _solver_db.h (endgame database leaves); this file is the Python type.
 *
 * solve releases the GIL while it searches (taking it a few times a second for
 * Ctrl-C and progress reports); one Solver does one solve at a time.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define MAXH 16
/* the look-ahead's moves: two a hole where the mover names the direction (the exact
   search's, which refuses those, hold a row's) */
#define MAX_MOVES (2 * MAXH)
#define CELL uint8_t /* a byte a hole: MAX_TOTAL seeds at most */
#define MAX_TOTAL 255
#define NEG_INF (-30000)

/* the rules: the engine's C core, shared (shared/mancala/engine/mancala_core.h) */
#include "../engine/mancala_core.h"

static inline int
is_over(const State *s)
{
    return s->outcome != OC_NONE;
}

/* the legal moves of s into mv; their number */
static inline int
legal_moves(const Params *p, const State *s, int *mv)
{
    Legal L;
    compute_legal(p, s, &L);
    memcpy(mv, L.mv, (size_t)L.n * sizeof(int));
    return L.n;
}

/* Game.apply: a legal move, in place */
static inline void
apply_move(const Params *p, State *s, int hole)
{
    apply_core(p, s, hole);
    /* capt_rturn ONCE reads only whether the count is 0: one key per position */
    if (s->rturn_cnt > 1)
        s->rturn_cnt = 1;
}

#include "_solver_table.h"
#include "_solver_search.h"
#include "_solver_think.h"
#include "_solver_threads.h"
#include "_solver_mtdf.h"

/* ---- the Python side ------------------------------------------------------------------ */

static void
db_release(SolverObject *self)
{
    Mem m = {self->db.val, self->db.map, self->db.map_bytes};
    mem_free(&m);
    self->db.val = NULL;
    self->db.seeds = -1;
}

static void
Solver_dealloc(SolverObject *self)
{
    db_release(self);
    tt_free(self);
    PyMem_RawFree(self->hints);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
Solver_init(SolverObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *d;
    int tt_bits = 20, think_only = 0;
    static char *kwlist[] = {"params", "tt_bits", "think_only", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!|ip:Solver", kwlist, &PyDict_Type, &d,
                                     &tt_bits, &think_only))
        return -1;
    if (self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Solver: already initialised");
        return -1;
    }
    if (tt_bits < 1 || tt_bits > 34) {
        PyErr_SetString(PyExc_ValueError, "Solver: tt_bits must be 1..34");
        return -1;
    }
    Params *p = &self->p;
    if (core_params(d, p) < 0)
        return -1;
    /* the variants whose every move feeds a store or moves seeds forward (the search
       relies on it to end; mancala.ai.solver.why_not_c says so in words); a depth-limited
       look-ahead ends whatever the rules (think_only: `solve` is then refused) */
    self->think_only = think_only;
    if (p->n > MAXH || p->no_sides) { /* a mover's moves must fit the search's buffers */
        PyErr_Format(PyExc_ValueError, "Solver: plays at most %d holes a side, from the mover's row",
                     MAXH);
        return -1;
    }
    int named = p->play_alt;
    for (int h = 0; p->directed && h < p->size; h++)
        named |= p->dir_of[h] == DIR_CHOSEN;
    if (!think_only && named) { /* a table entry's move is a byte, a search's moves a row */
        PyErr_SetString(PyExc_ValueError, "Solver: solves no variant whose mover names a "
                                          "direction (think_only looks ahead there)");
        return -1;
    }
    if (!think_only && (!p->stores || !p->own_store || p->sow_start || p->mlaps != MLAPS_OFF)) {
        PyErr_SetString(PyExc_ValueError,
                        "Solver: plays only one-lap sowing through the own store, no sowing "
                        "into the start hole");
        return -1;
    }
    self->use_repeat_bit = p->capt_rturn == RT_ONCE;
    self->relative = p->end_rule == END_ROW_EMPTY;
    self->db.val = NULL;
    self->db.seeds = -1;

    self->max_entries = (uint64_t)1 << tt_bits;
    if (self->max_entries < 2)
        self->max_entries = 2;
    if (tt_alloc(self, self->max_entries < FIRST_ENTRIES ? self->max_entries : FIRST_ENTRIES) < 0)
        return -1;
    self->etc = MAX_TOTAL + 1; /* off: no gain measured on 5x4 and 6x3 Kalah; with a
                                  database 6 x 4 took 11 % fewer nodes, 17 % more time */
    self->kalah = kalah_check(p);
    self->fast_moves = 1;
    self->lazy = 1; /* 6 x 4 with a database: 5 % less time (farm-bench, noisy) */
    self->split = 8; /* threads: measured 0 to 20 on 6 x 4 (16-seed database): 8 to 16 best */
    self->guess_nodes = 1 << 14; /* measured: 5x4 Kalah 19.1M -> 14.6M nodes, 6x3 +15 % */
    self->ready = 1;
    return 0;
}

static int
not_ready(SolverObject *self)
{
    if (!self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Solver: not initialised");
        return 1;
    }
    if (!self->game_set) {
        PyErr_SetString(PyExc_RuntimeError, "Solver: call set_game(total, starter) first");
        return 1;
    }
    return 0;
}

/* an empty table, back to the first size */
static int
tt_reset(SolverObject *self)
{
    const uint64_t first = self->max_entries < FIRST_ENTRIES ? self->max_entries : FIRST_ENTRIES;
    if (self->entries == first && self->tt != NULL) {
        memset(self->tt, 0, (size_t)self->entries * sizeof(Entry));
        self->used = 0;
        return 0;
    }
    tt_free(self);
    return tt_alloc(self, first);
}

static int
refuse_busy(SolverObject *self)
{
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "Solver: a solve is under way");
        return 1;
    }
    return 0;
}

static PyObject *
Solver_clear(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    if (refuse_busy(self) || tt_reset(self) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* set_egtb(data, seeds): the (lo, hi) pairs of a database of boards with up to `seeds`
   seeds for these rules (mancala.ai.solver.binding checks its fingerprint), or
   set_egtb(None, 0) for none. The table's bounds stay: they are proven either way. */
static PyObject *
Solver_set_egtb(SolverObject *self, PyObject *args)
{
    PyObject *data;
    int seeds;
    if (!PyArg_ParseTuple(args, "Oi:set_egtb", &data, &seeds) || refuse_busy(self))
        return NULL;
    if (!self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Solver: not initialised");
        return NULL;
    }
    if (data == Py_None) {
        db_release(self);
        Py_RETURN_NONE;
    }
    if (!self->relative || self->use_repeat_bit || self->p.n > DB_MAXH) {
        PyErr_SetString(PyExc_ValueError, "set_egtb: databases serve only end_rule ROW_EMPTY "
                                          "without capt_rturn, up to 8 holes a side");
        return NULL;
    }
    if (seeds < 0 || seeds > DB_MAXN) {
        PyErr_Format(PyExc_ValueError, "set_egtb: seeds must be 0..%d", DB_MAXN);
        return NULL;
    }
    Py_buffer buf;
    if (PyObject_GetBuffer(data, &buf, PyBUF_SIMPLE) < 0)
        return NULL;
    Db probe;
    const uint64_t count = db_count(&probe, self->p.size, seeds);
    if ((uint64_t)buf.len < 2 * count) {
        PyBuffer_Release(&buf);
        PyErr_Format(PyExc_ValueError, "set_egtb: %zd bytes, a database of %d seeds has %llu",
                     buf.len, seeds, (unsigned long long)(2 * count));
        return NULL;
    }
    /* a copy of the values alone (lo == hi), on huge pages where the system gives them:
       a probe is a cache miss, and should not be a TLB miss too */
    Mem m;
    if (mem_bytes((size_t)count, &m) < 0) {
        PyBuffer_Release(&buf);
        PyErr_NoMemory();
        return NULL;
    }
    const int8_t *v = (const int8_t *)buf.buf;
    int8_t *to = (int8_t *)m.tt;
    int inexact = 0;
    Py_BEGIN_ALLOW_THREADS
    for (uint64_t i = 0; i < count; i++) {
        to[i] = v[2 * i];
        inexact |= v[2 * i] != v[2 * i + 1];
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&buf);
    if (inexact) { /* endless play: not a game the solver takes */
        mem_free(&m);
        PyErr_SetString(PyExc_ValueError, "set_egtb: the database has inexact values");
        return NULL;
    }
    db_release(self);
    db_tables(&self->db, self->p.size);
    self->db.val = to;
    self->db.map = m.map;
    self->db.map_bytes = m.map_bytes;
    self->db.seeds = seeds;
    Py_RETURN_NONE;
}

static PyObject *
Solver_set_game(SolverObject *self, PyObject *args)
{
    int total, starter;
    if (!PyArg_ParseTuple(args, "ii:set_game", &total, &starter) || refuse_busy(self))
        return NULL;
    if (!self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Solver: not initialised");
        return NULL;
    }
    if (total < 0 || total > MAX_TOTAL || (starter != 0 && starter != 1)) {
        PyErr_Format(PyExc_ValueError, "Solver: total must be 0..%d and starter 0 or 1",
                     MAX_TOTAL);
        return NULL;
    }
    int width = 1;
    while ((1 << width) <= total)
        width++;
    int bits = (self->p.size + !self->relative) * width + 1 + self->use_repeat_bit;
    if (bits > 128) {
        PyErr_Format(PyExc_ValueError, "Solver: a position needs %d bits, more than 128", bits);
        return NULL;
    }
    if (!self->game_set || total != self->total || starter != self->starter) {
        if (self->game_set && tt_reset(self) < 0) /* the first table is clear */
            return NULL;
        self->total = total;
        self->starter = starter;
        self->width = width;
        self->key_bits = bits;
        self->game_set = 1;
    }
    Py_RETURN_NONE;
}

/* `n` seed counts (0..MAX_TOTAL each) from a Python sequence named `what` into out */
static int
read_counts(PyObject *seq_obj, int n, const char *what, long *out)
{
    PyObject *seq = PySequence_Fast(seq_obj, "board and stores must be sequences of ints");
    if (seq == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s must have %d seed counts", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (x < 0 || x > MAX_TOTAL) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s[%d]=%ld is out of range", what, i, x);
            return -1;
        }
        out[i] = x;
    }
    Py_DECREF(seq);
    return 0;
}

/* a position from Python: board list, stores list, turn, repeating */
static int
load(SolverObject *self, PyObject *board, PyObject *stores, int turn, int repeating, State *s)
{
    const Params *p = &self->p;
    long b[MAXS], st[2], sum = 0;
    memset(s, 0, sizeof(*s));
    if (read_counts(board, p->size, "board", b) < 0 || read_counts(stores, 2, "stores", st) < 0)
        return -1;
    for (int h = 0; h < p->size; h++) {
        s->board[h] = (CELL)b[h];
        sum += b[h];
    }
    for (int i = 0; i < 2; i++) {
        s->stores[i] = st[i];
        sum += st[i];
    }
    if (sum != self->total) {
        PyErr_Format(PyExc_ValueError, "board and stores hold %ld seeds, the game %d", sum,
                     self->total);
        return -1;
    }
    if (turn != 0 && turn != 1) {
        PyErr_SetString(PyExc_ValueError, "turn must be 0 or 1");
        return -1;
    }
    s->turn = turn;
    s->rturn_cnt = repeating ? 1 : 0;
    s->total = self->total;
    s->mcount = 0; /* no rule of the solver's variants reads it */
    s->has_last = 0; /* LAST_MOVER reads the mover of the move just made, always set */
    s->inhibit = 0;  /* nocaptmoves is refused (why_not_c) */
    s->outcome = OC_NONE;
    s->winner = -1;
    return 0;
}

/* a list of Python ints (moves, or think's values) */
static PyObject *
int_list(const int *mv, int k)
{
    PyObject *out = PyList_New(k);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *v = PyLong_FromLong(mv[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

static PyObject *
Solver_legal(SolverObject *self, PyObject *args)
{
    PyObject *board, *stores;
    int turn, repeating;
    State s;
    int mv[MAX_MOVES];
    if (!PyArg_ParseTuple(args, "OOip:legal", &board, &stores, &turn, &repeating))
        return NULL;
    if (not_ready(self) || load(self, board, stores, turn, repeating, &s) < 0)
        return NULL;
    return int_list(mv, legal_moves(&self->p, &s, mv));
}

static PyObject *
Solver_apply(SolverObject *self, PyObject *args)
{
    PyObject *board, *stores;
    int turn, repeating, move;
    State s;
    int mv[MAX_MOVES];
    if (!PyArg_ParseTuple(args, "OOipi:apply", &board, &stores, &turn, &repeating, &move))
        return NULL;
    if (not_ready(self) || load(self, board, stores, turn, repeating, &s) < 0)
        return NULL;
    int k = legal_moves(&self->p, &s, mv), ok = 0;
    for (int i = 0; i < k; i++)
        ok |= mv[i] == move;
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "move %d is not legal here", move);
        return NULL;
    }
    apply_move(&self->p, &s, move);
    PyObject *b = PyList_New(self->p.size);
    if (b == NULL)
        return NULL;
    for (int h = 0; h < self->p.size; h++)
        PyList_SET_ITEM(b, h, PyLong_FromLong(s.board[h]));
    return Py_BuildValue("(N[LL]iOO)", b, s.stores[0], s.stores[1], s.turn,
                         s.rturn_cnt ? Py_True : Py_False, is_over(&s) ? Py_True : Py_False);
}

#include "_solver_calls.h"  /* solve() and think() */

static PyMemberDef Solver_members[] = {
    {"busy", T_INT, offsetof(SolverObject, busy), READONLY,
     "a solve is under way (in another thread)"},
    {"guess_nodes", T_ULONGLONG, offsetof(SolverObject, guess_nodes), 0,
     "the look-ahead for MTD(f)'s first guess deepens until one depth takes this many nodes"},
    {"kalah", T_INT, offsetof(SolverObject, kalah), READONLY,
     "0, or 1 + the capture rule (1 empty capture) of Kalah's own moves, checked against the core"},
    {"fast_moves", T_INT, offsetof(SolverObject, fast_moves), 0,
     "1: search with Kalah's own moves where `kalah` says they are the core's"},
    {"lazy", T_INT, offsetof(SolverObject, lazy), 0,
     "1: prefetch each child's table slot while its elder brother is searched, not all at once"},
    {"split", T_INT, offsetof(SolverObject, split), 0,
     "with threads: positions with at least this many seeds more than the database's are\n"
     "marked while searched, so that other threads search their brothers first"},
    {"etc", T_INT, offsetof(SolverObject, etc), 0,
     "enhanced transposition cut-offs where at least this many seeds are on the board"},
    {"nodes", T_ULONGLONG, offsetof(SolverObject, nodes), READONLY,
     "nodes searched by the last solve"},
    {"helper_nodes", T_ULONGLONG, offsetof(SolverObject, helper_nodes), READONLY,
     "of `nodes`, those the helper threads searched (threads > 1)"},
    {"db_hits", T_ULONGLONG, offsetof(SolverObject, db.hits), READONLY,
     "positions the endgame database answered in the last solve (not in nodes)"},
    {"db_seeds", T_INT, offsetof(SolverObject, db.seeds), READONLY,
     "seeds on the board up to which the database answers (-1: none)"},
    {"tt_entries", T_ULONGLONG, offsetof(SolverObject, entries), READONLY,
     "slots in the transposition table now"},
    {"tt_max_entries", T_ULONGLONG, offsetof(SolverObject, max_entries), READONLY,
     "slots the table may grow to (2 ** tt_bits)"},
    {"key_bits", T_INT, offsetof(SolverObject, key_bits), READONLY, "bits of a packed position"},
    {NULL}};

static PyMethodDef Solver_methods[] = {
    {"set_game", (PyCFunction)Solver_set_game, METH_VARARGS,
     "set_game(total, starter): the seeds of the game and its starter (clears the table on a change)"},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "clear(): empty the transposition table"},
    {"set_egtb", (PyCFunction)Solver_set_egtb, METH_VARARGS,
     "set_egtb(data, seeds): endgame database leaves (the (lo, hi) int8 pairs of\n"
     "mancala.ai.egtb for these rules), or set_egtb(None, 0) for none"},
    {"legal", (PyCFunction)Solver_legal, METH_VARARGS,
     "legal(board, stores, turn, repeating) -> list[int]"},
    {"apply", (PyCFunction)Solver_apply, METH_VARARGS,
     "apply(board, stores, turn, repeating, move) -> (board, stores, turn, repeating, over)"},
    {"think", (PyCFunction)(void (*)(void))Solver_think, METH_VARARGS | METH_KEYWORDS,
     "think(board, stores, turn, repeating, moves, depth, deadline=None, weights=(1, 0, 0, 0, 0),\n"
     "      fresh=False)\n"
     "-> (values, nodes, horizon), or None when `deadline` seconds passed: the computer\n"
     "player's look-ahead (mancala.ai.scoring's score, its multipliers of the stores, seeds,\n"
     "empties and evens differences and of a repeat turn as `weights`) of each of `moves` at\n"
     "`depth`; exact for the moves as good as the best. horizon: positions cut at the depth\n"
     "limit (0: the values are the games' ends). fresh: forget the move-order hints of\n"
     "earlier calls (a new search; later depths of it keep this one's)."},
    {"solve", (PyCFunction)(void (*)(void))Solver_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(board, stores, turn, repeating, deadline=None, progress=None, guess=None, every=1.0,\n"
     "      threads=1)\n"
     "-> (value, best_moves, nodes, probes, depth), or None when `deadline` seconds passed.\n"
     "threads > 1 searches each test on that many threads sharing the table (grown to its\n"
     "full size first); nodes counts them all.\n"
     "progress(nodes, probe, test, lower, upper, seconds, looking) is called every `every`\n"
     "seconds; looking is 1 while the first guess's look-ahead runs (test is then its depth)."},
    {NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "mancala.ai._solver.Solver",
    .tp_doc = "Solver(params, tt_bits=20, think_only=False): exact values of small Kalah-family\n"
              "positions; think_only: any variant of the C core, for think alone",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_members = Solver_members,
};

static struct PyModuleDef solver_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "mancala.ai._solver",
    .m_doc = "An exact solver for small Kalah-family boards; mancala.ai.solver drives it.",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__solver(void)
{
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&solver_module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "Solver", (PyObject *)&SolverType) < 0 ||
        PyModule_AddIntConstant(m, "MAX_HOLES", MAXH) < 0 ||
        PyModule_AddIntConstant(m, "MAX_TOTAL", MAX_TOTAL) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
