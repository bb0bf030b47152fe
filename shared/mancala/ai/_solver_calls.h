/*
 * The Solver's calls that start a search: solve (exact, MTD(f) on the table, threads when
 * asked) and think (the depth-limited look-ahead). A part of _solver.c, included once there.
 */

/* the search's start and its deadline (`secs` from now, None: none) */
static int
start_clock(SolverObject *self, PyObject *secs_obj, double start)
{
    self->started = start;
    self->deadline = 0;
    if (secs_obj != Py_None) {
        const double secs = PyFloat_AsDouble(secs_obj);
        if (secs == -1.0 && PyErr_Occurred())
            return -1;
        self->deadline = start + (secs > 0 ? secs : 0);
    }
    return 0;
}

static PyObject *
Solver_solve(SolverObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *board, *stores, *progress = Py_None, *deadline_obj = Py_None, *guess_obj = Py_None;
    int turn, repeating, threads = 1;
    double every = 1.0;
    static char *kwlist[] = {"board", "stores", "turn", "repeating", "deadline", "progress",
                             "guess", "every", "threads", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOip|OOOdi:solve", kwlist, &board, &stores,
                                     &turn, &repeating, &deadline_obj, &progress, &guess_obj,
                                     &every, &threads))
        return NULL;
    if (threads < 1 || threads > MAX_THREADS) {
        PyErr_Format(PyExc_ValueError, "solve: threads must be 1..%d", MAX_THREADS);
        return NULL;
    }
    State s;
    if (self->think_only) {
        PyErr_SetString(PyExc_ValueError, "solve: this Solver was made for think only");
        return NULL;
    }
    if (not_ready(self) || refuse_busy(self) || load(self, board, stores, turn, repeating, &s) < 0)
        return NULL;
    const Params *p = &self->p;
    int mv[MAXH];
    const int k = legal_moves(p, &s, mv);
    if (k == 0) {
        PyErr_SetString(PyExc_ValueError, "solve: the player to move has no legal move");
        return NULL;
    }
    const double start = now();
    if (start_clock(self, deadline_obj, start) < 0)
        return NULL;
    self->progress = progress == Py_None ? NULL : progress;
    self->every = every;
    self->next_report = start + every;
    self->aborted = 0;
    self->nodes = 0;
    self->helper_nodes = 0;
    self->db.hits = 0;
    self->probe = 0;
    self->deepened = 0;

    int have_guess = guess_obj != Py_None, guess = 0;
    if (have_guess) {
        guess = (int)PyLong_AsLong(guess_obj);
        if (guess == -1 && PyErr_Occurred())
            return NULL;
    }
    Team team;
    self->team = NULL;
    if (threads > 1) {
        /* the table at its full size first: the helpers must never see it move */
        while (self->entries < self->max_entries) {
            const uint64_t before = self->entries;
            tt_grow(self);
            if (self->entries == before)
                break;
        }
        memset(&team, 0, sizeof(team));
        team.busy_mask = ((uint64_t)1 << 16) - 1;
        team.busy = (uint64_t *)PyMem_RawCalloc(team.busy_mask + 1, sizeof(uint64_t));
        if (team.busy == NULL)
            return PyErr_NoMemory();
        team.helpers = threads - 1;
        team.busy_min = (self->db.seeds > 0 ? self->db.seeds : 0) + self->split;
        self->team = &team;
    }
    Py_XINCREF(self->progress);
    self->busy = 1;
    self->next_python = start + 0.1;
    int value = 0, best[MAXH], nb = 0;
    self->tstate = PyEval_SaveThread();
    solve_core(self, &s, have_guess, guess, mv, k, &value, best, &nb);
    PyEval_RestoreThread(self->tstate);
    self->tstate = NULL;
    self->busy = 0;
    if (self->team != NULL) {
        PyMem_RawFree(team.busy);
        self->team = NULL;
    }
    Py_XDECREF(self->progress);
    self->progress = NULL;
    if (self->aborted == 2)
        return NULL;
    if (self->aborted == 1)
        Py_RETURN_NONE;
    return Py_BuildValue("(iNKii)", value, int_list(best, nb), self->nodes,
                         self->probe - self->deepened, self->deepened);
}

/* think(board, stores, turn, repeating, moves, depth, deadline=None, weights=..., fresh=False):
   the look-ahead's value of each of `moves` (legal, in the order to search them) at `depth` */
static PyObject *
Solver_think(SolverObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *board, *stores, *moves, *deadline_obj = Py_None;
    int turn, repeating, depth;
    int w[5] = {1, 0, 0, 0, 0}, fresh = 0;
    static char *kwlist[] = {"board", "stores", "turn", "repeating", "moves", "depth", "deadline",
                             "weights", "fresh", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOipOi|O(iiiii)p:think", kwlist, &board, &stores,
                                     &turn, &repeating, &moves, &depth, &deadline_obj, &w[0], &w[1],
                                     &w[2], &w[3], &w[4], &fresh))
        return NULL;
    for (int i = 0; i < 5; i++)
        if (w[i] < -1000 || w[i] > 1000) {
            PyErr_SetString(PyExc_ValueError, "think: weights must be within -1000..1000");
            return NULL;
        }
    State s;
    if (not_ready(self) || refuse_busy(self) || load(self, board, stores, turn, repeating, &s) < 0)
        return NULL;
    if (depth < 1) {
        PyErr_SetString(PyExc_ValueError, "think: depth must be at least 1");
        return NULL;
    }
    int legal[MAX_MOVES], mv[MAX_MOVES];
    const int nl = legal_moves(&self->p, &s, legal);
    PyObject *seq = PySequence_Fast(moves, "think: moves must be a sequence of the core's move codes (fast.core_move)");
    if (seq == NULL)
        return NULL;
    const Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    if (k < 1 || k > nl) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "think: %zd moves given, %d legal here", k, nl);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        const long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        int ok = 0;
        for (int j = 0; j < nl; j++)
            ok |= legal[j] == m;
        if (!ok) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "think: move %ld is not legal here", m);
            return NULL;
        }
        mv[i] = (int)m;
    }
    Py_DECREF(seq);
    if (self->hints == NULL) {
        self->hints = (Hint *)PyMem_RawCalloc(HINT_SLOTS, sizeof(Hint));
        if (self->hints == NULL)
            return PyErr_NoMemory();
        self->hint_gen = 1; /* no slot is of this search yet */
    }
    if (fresh)
        self->hint_gen++;
    const double start = now();
    if (start_clock(self, deadline_obj, start) < 0)
        return NULL;
    self->progress = NULL;
    self->aborted = 0;
    self->nodes = 0;
    self->horizon = 0;
    self->team = NULL;
    self->w_stores = w[0], self->w_seeds = w[1], self->w_empties = w[2], self->w_evens = w[3];
    self->w_repeat = w[4];
    self->busy = 1;
    self->next_python = start + 0.1;
    int vals[MAX_MOVES];
    self->tstate = PyEval_SaveThread();
    think_root(self, &s, depth, mv, (int)k, vals);
    PyEval_RestoreThread(self->tstate);
    self->tstate = NULL;
    self->busy = 0;
    if (self->aborted == 2)
        return NULL;
    if (self->aborted == 1)
        Py_RETURN_NONE;
    return Py_BuildValue("(NKK)", int_list(vals, (int)k), self->nodes, self->horizon);
}

/* read-only numbers, and the two tuning knobs */
