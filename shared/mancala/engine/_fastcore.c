/*
 * mancala.engine._fastcore: the C core of the common Mancala variants.
 *
 * The rules are in mancala_core.h (the pure-Python pipeline is their
 * specification); this file reads and writes Position objects for them.
 * Rules(params, outcome, win, tie) is built once per variant from the dict of
 * fast.params(variant):
 *
 *   legal(pos)        Game.legal_moves: pos.legal when cached, else computed and cached
 *                     (holes, and (hole, "CCW"/"CW") where the mover names the direction)
 *   legal_fresh(pos)  the legal moves computed anew, the cache left alone
 *   apply(pos, move)  Game.apply, in place (pos.legal left None, as the pipeline leaves it;
 *                     Rules(..., fill_legal=True): the next legal moves, as Game.legal_moves
 *                     would cache them)
 *   apply_traced(pos, move) -> list[int]
 *                     the same, and the record of the move as trace.py's stream of events
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

#define MAXH 64
#define CELL int32_t
#define MAX_MOVES (2 * MAXH) /* no_sides: any hole of the board */
#define SEED_LIMIT 0x3fffffffLL /* seeds on the board must fit an int32 with room */
#define COUNT_LIMIT (1LL << 60)   /* stores, totals and move counts: no overflow in sums */

#include "mancala_core.h"

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

#include "_fastcore_position.h"  /* the Rules object; reading and writing a Position */

/* ---- legal(pos) / legal_fresh(pos) ------------------------------------------------ */

static PyObject *
legal_compute(RulesObject *self, PyObject *pos)
{
    const Params *p = &self->p;
    State s;
    Legal L;
    /* every field this light read leaves alone is zero (none unset reaches a rule) */
    memset(&s, 0, offsetof(State, board));
    if (get_outcome(pos, &s) < 0)
        return NULL;
    if (s.outcome != OC_NONE)
        return PyList_New(0);
    if (get_seat(pos, A_TURN, &s.turn) < 0)
        return NULL;
    PyObject *board = get_board(p, pos, &s);
    if (board == NULL)
        return NULL;
    Py_DECREF(board);
    PyObject *child = get_children(p, pos, &s);
    if (child == NULL)
        return NULL;
    Py_DECREF(child);
    if (get_blocked(p, pos, &s) < 0 || get_owners(p, pos, &s) < 0)
        return NULL;
    if (p->play_alt && (get_ll(pos, A_MCOUNT, &s.mcount) < 0 || get_alt_dirs(p, pos, &s) < 0))
        return NULL; /* the first move names directions; the trials sow the game's */
    if (!p->simple_moves) { /* the simulations capture: they read and change these */
        long long v[2];
        PyObject *stores = get_int_list(pos, A_STORES, 2, v);
        if (stores == NULL)
            return NULL;
        Py_DECREF(stores);
        s.stores[0] = v[0];
        s.stores[1] = v[1];
        if (p->count_movers && get_ll(pos, A_MOVERS, &s.movers) < 0)
            return NULL;
        if (p->pickextra == PX_2X_LAST_SEEDS && get_seat(pos, A_STARTER, &s.starter) < 0)
            return NULL;
        if (get_ll(pos, A_RTURN, &s.rturn_cnt) < 0 || get_ll(pos, A_MCOUNT, &s.mcount) < 0 ||
            get_ll(pos, A_TOTAL, &s.total) < 0 || get_inhibit(p, pos, &s) < 0 ||
            get_last(p, pos, &s) < 0)
            return NULL;
    }
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

/* the changes from `before` to `s` into pos (Game.apply's result); `legal` is the new
   cache (None, as the pipeline leaves it after a move) */
static int
write_back(RulesObject *self, PyObject *pos, const State *s, const State *before, Lists *l,
           PyObject *legal)
{
    const Params *p = &self->p;
    for (int i = 0; i < p->size; i++)
        if (s->board[i] != before->board[i] && set_item_ll(l->board, i, s->board[i]) < 0)
            return -1;
    for (int i = 0; i < 2; i++)
        if (s->stores[i] != before->stores[i] && set_item_ll(l->stores, i, s->stores[i]) < 0)
            return -1;
    if (s->blocked != before->blocked) { /* SOW_BLKD_DIV closes holes, never opens them */
        PyObject *lst = attr_get(pos, A_BLOCKED);
        if (lst == NULL)
            return -1;
        for (uint64_t m = s->blocked & ~before->blocked; m; m &= m - 1) {
            if (PyList_SetItem(lst, __builtin_ctzll(m), Py_NewRef(Py_True)) < 0) {
                Py_DECREF(lst);
                return -1;
            }
        }
        Py_DECREF(lst);
    }
    for (int owner = 0; owner < 2; owner++) /* children are made, never lost */
        for (uint64_t m = s->child[owner] & ~before->child[owner]; m; m &= m - 1)
            if (set_item_ll(l->child, __builtin_ctzll(m), owner) < 0)
                return -1;
    if (s->turn != before->turn && set_attr_ll(pos, A_TURN, s->turn) < 0)
        return -1;
    if (s->mcount != before->mcount && set_attr_ll(pos, A_MCOUNT, s->mcount) < 0)
        return -1;
    if (s->movers != before->movers && set_attr_ll(pos, A_MOVERS, s->movers) < 0)
        return -1;
    if (s->rturn_cnt != before->rturn_cnt && set_attr_ll(pos, A_RTURN, s->rturn_cnt) < 0)
        return -1;
    if (s->inhibit != before->inhibit &&
        attr_set(pos, A_INHIBIT, s->inhibit ? Py_True : Py_False) < 0)
        return -1;
    if ((s->alt_dirs[0] != before->alt_dirs[0] || s->alt_dirs[1] != before->alt_dirs[1]) &&
        attr_set_new(pos, A_ALT_DIRS, Py_BuildValue("(ii)", s->alt_dirs[0], s->alt_dirs[1])) < 0)
        return -1;
    if (s->has_last && attr_set_new(pos, A_LAST, Py_BuildValue("(LLLL)", s->last[0], s->last[1],
                                                               s->last[2], s->last[3])) < 0)
        return -1;
    if (memcmp(s->tally, before->tally, sizeof(s->tally)) != 0 &&
        attr_set_new(pos, A_TALLY, tally_object(s)) < 0)
        return -1;
    PyObject *oc = NULL;
    switch (s->outcome) {
    case OC_WIN:
        oc = self->win[s->winner];
        break;
    case OC_TIE:
        oc = self->tie;
        break;
    case OC_TIE_NO_TURN:
        oc = self->tie_no_turn;
        break;
    case OC_ROUND_WIN:
        oc = self->round_win[s->winner];
        break;
    case OC_ROUND_TIE:
        oc = self->round_tie;
        break;
    case OC_ROUND_TIE_REP:
        oc = self->round_tie_rep;
        break;
    }
    if (oc != NULL && attr_set(pos, A_OUTCOME, oc) < 0)
        return -1;
    return attr_set(pos, A_LEGAL, legal);
}

/* ---- apply(pos, move) ------------------------------------------------------------- */

/* the core's code of a move: a hole index, or (hole, "CCW" / "CW") for a hole whose
   direction the mover names (and only there), as a tuple or a list */
static int
move_index(const Params *p, const State *s, PyObject *move)
{
    PyObject *hole = move;
    int named = 0;
    /* a tuple as Game names it, or the list a JSON move was read into */
    if ((PyTuple_Check(move) || PyList_Check(move)) && PySequence_Fast_GET_SIZE(move) == 2
        && PyUnicode_Check(PySequence_Fast_GET_ITEM(move, 1))) {
        hole = PySequence_Fast_GET_ITEM(move, 0);
        PyObject *name = PySequence_Fast_GET_ITEM(move, 1);
        named = PyUnicode_CompareWithASCIIString(name, "CCW") == 0 ? MOVE_CCW
                : PyUnicode_CompareWithASCIIString(name, "CW") == 0 ? MOVE_CW : -1;
        if (named < 0) {
            PyErr_Format(PyExc_ValueError, "a direction is \"CCW\" or \"CW\", not %R", name);
            return -1;
        }
    }
    if (!PyLong_Check(hole)) {
        PyErr_Format(PyExc_TypeError, "a move is a hole index (int), or (hole, direction) "
                                      "where the mover names it, not %R", move);
        return -1;
    }
    long h = PyLong_AsLong(hole);
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
    const int chosen = p->play_alt ? s->mcount == 0 : p->directed && p->dir_of[h] == DIR_CHOSEN;
    if ((named != 0) != chosen) {
        PyErr_Format(PyExc_ValueError, named ? "hole %ld takes no direction here"
                                             : "hole %ld needs a direction", h);
        return -1;
    }
    return (int)h | named;
}

/* apply and apply_traced: the move in place; tr NULL records nothing */
static PyObject *
apply_common(RulesObject *self, PyObject *const *args, Py_ssize_t nargs, Trace *tr)
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
    Lists l;
    if (load_full(self, pos, &s, &l) < 0)
        return NULL;
    if (s.outcome != OC_NONE) {
        PyErr_SetString(PyExc_ValueError, "the game is over");
        goto fail;
    }
    int move = move_index(p, &s, args[1]);
    if (move < 0)
        goto fail;
    memcpy(&before, &s, sizeof(State));
    apply_recorded(p, &s, move, tr);
    if (tr != NULL && tr->oom) {
        PyErr_NoMemory();
        goto fail;
    }
    PyObject *legal = Py_None;
    if (self->fill_legal) {
        /* the moves Game.legal_moves will ask for next, from the state already in hand:
           a second read of the position costs as much as the move */
        Legal L;
        L.n = 0;
        if (s.outcome == OC_NONE)
            compute_legal(p, &s, &L);
        if ((legal = legal_list(&L)) == NULL)
            goto fail;
    }
    else
        Py_INCREF(legal);
    int rc = write_back(self, pos, &s, &before, &l, legal);
    Py_DECREF(legal);
    if (rc < 0)
        goto fail;
    lists_clear(&l);
    Py_RETURN_NONE;
fail:
    lists_clear(&l);
    return NULL;
}

static PyObject *
Rules_apply(RulesObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return apply_common(self, args, nargs, NULL);
}

static PyObject *
Rules_apply_traced(RulesObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Trace tr;
    trace_init(&tr);
    PyObject *done = apply_common(self, args, nargs, &tr);
    PyObject *out = NULL;
    if (done != NULL) {
        Py_DECREF(done);
        out = PyList_New((Py_ssize_t)tr.n);
        for (size_t i = 0; out != NULL && i < tr.n; i++) {
            PyObject *v = PyLong_FromLong(tr.ev[i]);
            if (v == NULL)
                Py_CLEAR(out);
            else
                PyList_SET_ITEM(out, (Py_ssize_t)i, v);
        }
    }
    trace_free(&tr);
    return out;
}

/* ---- playout(pos, seed, max_moves) ------------------------------------------------ */

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
    uint64_t rng = splitmix64(seed);
    if (rng == 0)
        rng = 0x9E3779B97F4A7C15ULL;
    long long played = 0;
    Py_BEGIN_ALLOW_THREADS
    while (played < max_moves && s.outcome == OC_NONE) {
        if (!compute_legal(p, &s, &L))
            break;
        uint64_t r = xorshift64s(&rng);
        int idx = (int)(((r >> 32) * (uint64_t)L.n) >> 32);
        apply_core(p, &s, L.mv[idx]);
        played++;
    }
    Py_END_ALLOW_THREADS
    if (s.outcome == OC_NONE)
        return Py_BuildValue("(LOO)", played, Py_None, Py_None);
    if (s.outcome == OC_TIE || s.outcome == OC_TIE_NO_TURN)
        return Py_BuildValue("(LOO)", played, self->tie_kind, Py_None);
    if (s.outcome == OC_ROUND_TIE || s.outcome == OC_ROUND_TIE_REP)
        return Py_BuildValue("(LOO)", played, self->round_tie_kind, Py_None);
    if (s.outcome == OC_ROUND_WIN)
        return Py_BuildValue("(LOi)", played, self->round_win_kind, s.winner);
    return Py_BuildValue("(LOi)", played, self->win_kind, s.winner);
}

#include "_fastcore_replay.h"  /* replay(): the state lines of replay.py */

static PyMethodDef Rules_methods[] = {
    {"legal", (PyCFunction)Rules_legal, METH_O,
     "legal(pos) -> list: the legal moves, as Game.legal_moves (uses and fills pos.legal)"},
    {"legal_fresh", (PyCFunction)Rules_legal_fresh, METH_O,
     "legal_fresh(pos) -> list: the legal moves computed anew (pos.legal untouched)"},
    {"apply", (PyCFunction)(void (*)(void))Rules_apply, METH_FASTCALL,
     "apply(pos, move) -> None: play a move in place, as Game.apply (the move is trusted)"},
    {"apply_traced", (PyCFunction)(void (*)(void))Rules_apply_traced, METH_FASTCALL,
     "apply_traced(pos, move) -> list[int]: apply, and the move's record as trace.py's events"},
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
    .tp_doc = "Rules(params, outcome, win, tie, *, fill_legal=False): the C core of one variant "
              "(see fast.py)",
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
    for (int a = 0; a < N_ATTR; a++)
        if ((attr_names[a] = PyUnicode_InternFromString(attr_text[a])) == NULL)
            return NULL;
    if ((s_kind = PyUnicode_InternFromString("kind")) == NULL ||
        (s_winner = PyUnicode_InternFromString("winner")) == NULL)
        return NULL;
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
