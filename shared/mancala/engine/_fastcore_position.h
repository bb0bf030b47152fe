/*
 * _fastcore's Python side: the Rules object, and a Position's fields read and written
 * (slot offsets cached for the Position type). A part of _fastcore.c, included once there.
 */

/* ---- the Python side -------------------------------------------------------------- */

/*
 * Position keeps its fields in __slots__. The slot offsets of the last position type
 * seen are cached and its attributes read and written there directly (what the slot
 * descriptors do, without the attribute look-up: it is most of the cost of a move);
 * any other object goes through getattr/setattr.
 */
enum { A_BOARD, A_STORES, A_TURN, A_MCOUNT, A_RTURN, A_LAST, A_TOTAL, A_OUTCOME, A_LEGAL,
       A_INHIBIT, A_CHILD, A_BLOCKED, A_ALT_DIRS, A_MOVERS, A_TALLY, A_OWNER, A_STARTER,
       N_ATTR };
static const char *attr_text[N_ATTR] = {"board", "stores", "turn", "mcount", "rturn_cnt",
                                        "last", "total", "outcome", "legal", "inhibit",
                                        "child", "blocked", "alt_dirs", "movers", "tally",
                                        "owner", "starter"};
static PyObject *attr_names[N_ATTR];
static PyObject *s_kind, *s_winner;
static PyTypeObject *slot_type = NULL;
static Py_ssize_t slot_off[N_ATTR];

static void
use_slots(PyTypeObject *tp)
{
    if (tp == slot_type)
        return;
    if (tp->tp_getattro != PyObject_GenericGetAttr || tp->tp_setattro != PyObject_GenericSetAttr)
        return;
    Py_ssize_t off[N_ATTR];
    for (int a = 0; a < N_ATTR; a++) {
        PyObject *d = PyObject_GetAttr((PyObject *)tp, attr_names[a]);
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
    Py_INCREF(tp);
    Py_XSETREF(slot_type, tp);
    memcpy(slot_off, off, sizeof(off));
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
    return PyObject_GetAttr(o, attr_names[a]);
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
    return PyObject_SetAttr(o, attr_names[a], v);
}

typedef struct {
    PyObject_HEAD
    int ready;
    int fill_legal; /* apply leaves the next moves in pos.legal (the pipeline leaves None) */
    Params p;
    PyObject *tie, *win[2]; /* Outcome objects, shared (they are frozen) */
    PyObject *tie_no_turn;  /* a tie of the 1.8 RND_* tallies (tally goals only) */
    PyObject *win_kind, *tie_kind;
    /* a round's ends (rounds only): the outcomes, and their kinds for playouts */
    PyObject *round_tie, *round_tie_rep, *round_win[2];
    PyObject *round_win_kind, *round_tie_kind;
} RulesObject;

static void
Rules_dealloc(RulesObject *self)
{
    Py_XDECREF(self->tie);
    Py_XDECREF(self->tie_no_turn);
    Py_XDECREF(self->win[0]);
    Py_XDECREF(self->win[1]);
    Py_XDECREF(self->win_kind);
    Py_XDECREF(self->tie_kind);
    Py_XDECREF(self->round_tie);
    Py_XDECREF(self->round_tie_rep);
    Py_XDECREF(self->round_win[0]);
    Py_XDECREF(self->round_win[1]);
    Py_XDECREF(self->round_win_kind);
    Py_XDECREF(self->round_tie_kind);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
Rules_init(RulesObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *d, *outcome_cls, *win_kind, *tie_kind;
    PyObject *round_win_kind = Py_None, *round_tie_kind = Py_None;
    int fill_legal = 0;
    static char *kwlist[] = {"params", "outcome", "win", "tie", "fill_legal", "round_win",
                             "round_tie", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOO|$pOO:Rules", kwlist, &PyDict_Type, &d,
                                     &outcome_cls, &win_kind, &tie_kind, &fill_legal,
                                     &round_win_kind, &round_tie_kind))
        return -1;
    if (self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Rules: already initialised");
        return -1;
    }
    if (core_params(d, &self->p) < 0)
        return -1;
    self->fill_legal = fill_legal;
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
    if (self->p.tally) {
        /* Outcome(kind, winner, no_turn) */
        Py_XSETREF(self->tie_no_turn, PyObject_CallFunction(outcome_cls, "OOO", tie_kind,
                                                            Py_None, Py_True));
        if (self->tie_no_turn == NULL)
            return -1;
    }
    if (self->p.round_end || self->p.tally) {
        if (round_win_kind == Py_None || round_tie_kind == Py_None) {
            PyErr_SetString(PyExc_ValueError, "Rules: a game in rounds needs round_win and "
                                              "round_tie");
            return -1;
        }
        Py_XSETREF(self->round_win_kind, Py_NewRef(round_win_kind));
        Py_XSETREF(self->round_tie_kind, Py_NewRef(round_tie_kind));
        /* Outcome(kind, winner, no_turn, tied_on_repeat) */
        Py_XSETREF(self->round_tie, PyObject_CallFunction(outcome_cls, "OOOO", round_tie_kind,
                                                          Py_None, Py_False, Py_False));
        Py_XSETREF(self->round_tie_rep, PyObject_CallFunction(outcome_cls, "OOOO",
                                                              round_tie_kind, Py_None, Py_False,
                                                              Py_True));
        if (self->round_tie == NULL || self->round_tie_rep == NULL)
            return -1;
        for (int w = 0; w < 2; w++) {
            Py_XSETREF(self->round_win[w],
                       PyObject_CallFunction(outcome_cls, "Oi", round_win_kind, w));
            if (self->round_win[w] == NULL)
                return -1;
        }
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

/* ---- reading a position ------------------------------------------------------------ */

/* an int's value; the compact ints of CPython 3.11 (one digit: every seed count) are read
   straight from their digit, the conversion call costs more than the rest of a move's read */
static inline long long
fast_ll(PyObject *v)
{
#if PY_VERSION_HEX < 0x030C0000 && !defined(Py_LIMITED_API)
    if (PyLong_CheckExact(v)) {
        Py_ssize_t size = Py_SIZE(v);
        if (size == 0)
            return 0;
        if (size == 1)
            return (long long)((PyLongObject *)v)->ob_digit[0];
    }
#endif
    return PyLong_AsLongLong(v);
}


static int
get_ll(PyObject *obj, int a, long long *out)
{
    PyObject *v = attr_get(obj, a);
    if (v == NULL)
        return -1;
    long long x = fast_ll(v);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x <= -COUNT_LIMIT || x >= COUNT_LIMIT) {
        PyErr_Format(PyExc_ValueError, "position.%U is too large for the C core", attr_names[a]);
        return -1;
    }
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
        PyErr_Format(PyExc_TypeError, "position.%U must be a list of %zd ints", attr_names[a], len);
        Py_DECREF(lst);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long long x = fast_ll(PyList_GET_ITEM(lst, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(lst);
            return NULL;
        }
        if (x <= -COUNT_LIMIT || x >= COUNT_LIMIT) {
            Py_DECREF(lst);
            PyErr_Format(PyExc_ValueError, "position.%U holds a count too large for the C core",
                         attr_names[a]);
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
        s->board[i] = (CELL)vals[i];
    }
    if (sum > SEED_LIMIT) {
        PyErr_SetString(PyExc_ValueError, "position.board holds too many seeds for the C core");
        Py_DECREF(board);
        return NULL;
    }
    return board;
}

/* a seat (0 South, 1 North) from a Position field: the turn, the starter */
static int
get_seat(PyObject *pos, int a, int *seat)
{
    long long t;
    if (get_ll(pos, a, &t) < 0)
        return -1;
    if (t != 0 && t != 1) {
        PyErr_Format(PyExc_ValueError, "position.%U must be 0 or 1, not %lld", attr_names[a], t);
        return -1;
    }
    *seat = (int)t;
    return 0;
}

static int
get_outcome(PyObject *pos, State *s)
{
    PyObject *oc = attr_get(pos, A_OUTCOME);
    if (oc == NULL)
        return -1;
    s->outcome = oc == Py_None ? OC_NONE : OC_OTHER; /* any outcome: the game is over */
    s->winner = -1;
    Py_DECREF(oc);
    return 0;
}

/* Position.inhibit (nocaptmoves' flag) where the variant has the rule, else 0 */
static int
get_inhibit(const Params *p, PyObject *pos, State *s)
{
    s->inhibit = 0;
    if (!p->nocaptmoves)
        return 0;
    PyObject *v = attr_get(pos, A_INHIBIT);
    if (v == NULL)
        return -1;
    int on = PyObject_IsTrue(v);
    Py_DECREF(v);
    if (on < 0)
        return -1;
    s->inhibit = on;
    return 0;
}

/* Position.last (None, or player, start hole, seeds, end) where a legal move reads it
   (allow._dont_undo), else none: nothing else reads it before a move sets it anew */
static int
get_last(const Params *p, PyObject *pos, State *s)
{
    s->has_last = 0;
    if (!p->dont_undo)
        return 0;
    PyObject *v = attr_get(pos, A_LAST);
    if (v == NULL)
        return -1;
    int rc = 0;
    if (v != Py_None) {
        PyObject *seq = PySequence_Fast(v, "Position.last must be None or a sequence");
        if (seq == NULL || PySequence_Fast_GET_SIZE(seq) != 4) {
            if (seq != NULL)
                PyErr_SetString(PyExc_ValueError, "Position.last must have 4 values");
            rc = -1;
        }
        for (int i = 0; rc == 0 && i < 4; i++) {
            s->last[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
            if (s->last[i] == -1 && PyErr_Occurred())
                rc = -1;
        }
        Py_XDECREF(seq);
        s->has_last = rc == 0;
    }
    Py_DECREF(v);
    return rc;
}

/* Position.alt_dirs (None, or each player's direction) under PLAYALTDIR, else none */
static int
get_alt_dirs(const Params *p, PyObject *pos, State *s)
{
    s->alt_dirs[0] = s->alt_dirs[1] = 0;
    if (!p->play_alt)
        return 0;
    PyObject *v = attr_get(pos, A_ALT_DIRS);
    if (v == NULL)
        return -1;
    int rc = 0;
    if (v != Py_None) {
        int a, b;
        if (!PyArg_ParseTuple(v, "ii;Position.alt_dirs must be None or two directions", &a, &b))
            rc = -1;
        else if ((a != 1 && a != -1) || (b != 1 && b != -1)) {
            PyErr_SetString(PyExc_ValueError, "Position.alt_dirs holds 1 or -1 for each player");
            rc = -1;
        }
        else {
            s->alt_dirs[0] = (signed char)a;
            s->alt_dirs[1] = (signed char)b;
        }
    }
    Py_DECREF(v);
    return rc;
}

/* Position.tally (four pairs: round wins, seeds, extra seeds, points) under the RND_*
   goals, else zeros */
static int
get_tally(const Params *p, PyObject *pos, State *s)
{
    memset(s->tally, 0, sizeof(s->tally));
    if (!p->tally)
        return 0;
    PyObject *v = attr_get(pos, A_TALLY);
    if (v == NULL)
        return -1;
    int rc = 0;
    PyObject *seq = PySequence_Fast(v, "Position.tally must be four pairs of counts");
    if (seq == NULL || PySequence_Fast_GET_SIZE(seq) != N_TALLIES) {
        if (seq != NULL)
            PyErr_SetString(PyExc_ValueError, "Position.tally must be four pairs of counts");
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < N_TALLIES; i++) {
        long long a, b;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i),
                              "LL;Position.tally must be four pairs of counts", &a, &b))
            rc = -1;
        else if (a < 0 || b < 0 || a > SEED_LIMIT || b > SEED_LIMIT) {
            PyErr_SetString(PyExc_ValueError, "Position.tally holds a count out of range");
            rc = -1;
        }
        else {
            s->tally[i][0] = (CELL)a;
            s->tally[i][1] = (CELL)b;
        }
    }
    Py_XDECREF(seq);
    Py_DECREF(v);
    return rc;
}

/* the tallies as Position.tally holds them: a tuple of four pairs */
static PyObject *
tally_object(const State *s)
{
    return Py_BuildValue("((ii)(ii)(ii)(ii))", s->tally[0][0], s->tally[0][1], s->tally[1][0],
                         s->tally[1][1], s->tally[2][0], s->tally[2][1], s->tally[3][0],
                         s->tally[3][1]);
}

typedef struct {
    PyObject *board, *stores, *child; /* child: NULL for variants without children */
} Lists;

/* a Position field of one entry a hole: a new reference to the list, or NULL (the
   error set) when it is not a list of the board's size */
static PyObject *
hole_list(const Params *p, PyObject *pos, int a, const char *entries)
{
    PyObject *lst = attr_get(pos, a);
    if (lst == NULL)
        return NULL;
    if (!PyList_CheckExact(lst) || PyList_GET_SIZE(lst) != p->size) {
        PyErr_Format(PyExc_TypeError, "position.%U must be a list of %d %s", attr_names[a],
                     p->size, entries);
        Py_DECREF(lst);
        return NULL;
    }
    return lst;
}

/* Position.blocked (bools) into the mask, where the variant has blocks */
static int
get_blocked(const Params *p, PyObject *pos, State *s)
{
    s->blocked = 0;
    if (!p->blocks)
        return 0;
    PyObject *lst = hole_list(p, pos, A_BLOCKED, "bools");
    if (lst == NULL)
        return -1;
    for (int i = 0; i < p->size; i++) {
        int on = PyObject_IsTrue(PyList_GET_ITEM(lst, i));
        if (on < 0) {
            Py_DECREF(lst);
            return -1;
        }
        if (on)
            s->blocked |= (uint64_t)1 << i;
    }
    Py_DECREF(lst);
    return 0;
}

/* Position.owner (0 or 1 a hole) into the mask of North's holes, under territory; a move
   never changes it (the rounds hand out the holes between games) */
static int
get_owners(const Params *p, PyObject *pos, State *s)
{
    s->north_owns = 0;
    if (!p->territory)
        return 0;
    PyObject *lst = hole_list(p, pos, A_OWNER, "owners");
    if (lst == NULL)
        return -1;
    for (int i = 0; i < p->size; i++) {
        PyObject *v = PyList_GET_ITEM(lst, i);
        long owner = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
        if (owner != 0 && owner != 1) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "position.owner[%d] must be 0 or 1 in a territory game", i);
            Py_DECREF(lst);
            return -1;
        }
        if (owner)
            s->north_owns |= (uint64_t)1 << i;
    }
    Py_DECREF(lst);
    return 0;
}

static void
lists_clear(Lists *l)
{
    Py_XDECREF(l->board);
    Py_XDECREF(l->stores);
    Py_XDECREF(l->child);
}

/* Position.child (None or the owner, a hole) into the masks, where the variant has
   children; returns a new reference to the list (None without children) */
static PyObject *
get_children(const Params *p, PyObject *pos, State *s)
{
    s->child[0] = s->child[1] = 0;
    if (!p->children)
        return Py_NewRef(Py_None);
    PyObject *lst = hole_list(p, pos, A_CHILD, "owners");
    if (lst == NULL)
        return NULL;
    for (int i = 0; i < p->size; i++) {
        PyObject *v = PyList_GET_ITEM(lst, i);
        if (v == Py_None)
            continue;
        long owner = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
        if (owner != 0 && owner != 1) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "position.child[%d] must be None, 0 or 1", i);
            Py_DECREF(lst);
            return NULL;
        }
        s->child[owner] |= (uint64_t)1 << i;
    }
    return lst;
}

/* everything apply and playout use */
static int
load_full(RulesObject *self, PyObject *pos, State *s, Lists *l)
{
    const Params *p = &self->p;
    long long v[2];
    l->board = l->stores = l->child = NULL;
    if ((l->board = get_board(p, pos, s)) == NULL)
        goto fail;
    if ((l->child = get_children(p, pos, s)) == NULL || get_blocked(p, pos, s) < 0 ||
        get_owners(p, pos, s) < 0)
        goto fail;
    if ((l->stores = get_int_list(pos, A_STORES, 2, v)) == NULL)
        goto fail;
    s->stores[0] = v[0];
    s->stores[1] = v[1];
    if (get_seat(pos, A_TURN, &s->turn) < 0 || get_ll(pos, A_MCOUNT, &s->mcount) < 0 ||
        get_ll(pos, A_TOTAL, &s->total) < 0 || get_outcome(pos, s) < 0)
        goto fail;
    /* only capt_rturn reads the count; the last move is read by LAST_MOVER's claim,
       which comes after the move being played has set it, and by SPLIT's ban on moving
       a single seed straight back (get_last) */
    s->rturn_cnt = s->movers = 0;
    if (p->capt_rturn != RT_NO_REPEAT && get_ll(pos, A_RTURN, &s->rturn_cnt) < 0)
        goto fail;
    if (p->count_movers && get_ll(pos, A_MOVERS, &s->movers) < 0)
        goto fail;
    s->starter = 0;
    if (p->pickextra == PX_2X_LAST_SEEDS && get_seat(pos, A_STARTER, &s->starter) < 0)
        goto fail;
    if (get_last(p, pos, s) < 0 || get_inhibit(p, pos, s) < 0 || get_alt_dirs(p, pos, s) < 0
        || get_tally(p, pos, s) < 0)
        goto fail;
    return 0;
fail:
    lists_clear(l);
    return -1;
}

/* a move as Game's legal moves name it: the hole, or (hole, "CCW" / "CW") where the
   mover names the direction */
static PyObject *
move_object(int mv)
{
    static PyObject *names[2];
    if (!(mv & (MOVE_CCW | MOVE_CW)))
        return PyLong_FromLong(mv);
    const int cw = (mv & MOVE_CW) != 0;
    if (names[cw] == NULL && (names[cw] = PyUnicode_InternFromString(cw ? "CW" : "CCW")) == NULL)
        return NULL;
    return Py_BuildValue("(iO)", MOVE_HOLE(mv), names[cw]);
}

static PyObject *
legal_list(const Legal *L)
{
    PyObject *out = PyList_New(L->n);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < L->n; i++) {
        PyObject *v = move_object(L->mv[i]);
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

/* sets a field to a new reference, which it releases (NULL: the error already set) */
static int
attr_set_new(PyObject *obj, int a, PyObject *v)
{
    if (v == NULL)
        return -1;
    int rc = attr_set(obj, a, v);
    Py_DECREF(v);
    return rc;
}

static int
set_attr_ll(PyObject *obj, int a, long long x)
{
    return attr_set_new(obj, a, PyLong_FromLongLong(x));
}
