/*
 * _fastcore's replay(): replay.py's loop and its state lines, written in C, for the moves
 * the core can play at once. A part of _fastcore.c, included once there after the
 * Rules object's other methods.
 */

/* replay.py's state lines written in C: json.dumps per move cost more than the move */
#define LINE_MAX_NUM 21 /* characters of a long long with its sign */

typedef struct {
    char *p;
    size_t len, cap;
} Buf;

static int
buf_reserve(Buf *b, size_t more)
{
    if (b->len + more <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more)
        cap *= 2;
    char *np = PyMem_Realloc(b->p, cap);
    if (np == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    b->p = np;
    b->cap = cap;
    return 0;
}

static inline void
put_text(Buf *b, const char *t, size_t n)
{
    memcpy(b->p + b->len, t, n);
    b->len += n;
}

#define PUT_LIT(b, lit) put_text(b, lit, sizeof(lit) - 1)

static inline void
put_ll(Buf *b, long long x)
{
    char tmp[LINE_MAX_NUM + 1];
    int i = LINE_MAX_NUM;
    unsigned long long u = x < 0 ? 0ULL - (unsigned long long)x : (unsigned long long)x;
    do {
        tmp[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (x < 0)
        tmp[--i] = '-';
    put_text(b, tmp + i, (size_t)(LINE_MAX_NUM - i));
}

typedef struct {
    const char *text;
    Py_ssize_t len;
} Text;

/*
 * One state line, byte for byte what state_line.StateLines.line writes:
 * {"board": [..], "stores": [a, b], "turn": t, "legal": [..], <middle>"outcome": ...}
 */
static int
put_line(Buf *b, const Params *p, const State *s, const Legal *L, const Text *middle,
         const Text outcomes[3])
{
    const Text *oc = NULL;
    if (s->outcome == OC_WIN)
        oc = &outcomes[s->winner];
    else if (s->outcome == OC_TIE)
        oc = &outcomes[2];
    size_t need = (size_t)(p->size + MAXH + 4) * (LINE_MAX_NUM + 2) + (size_t)middle->len +
                  (oc ? (size_t)oc->len : 4) + 64;
    if (buf_reserve(b, need) < 0)
        return -1;
    if (b->len)
        PUT_LIT(b, "\n");
    PUT_LIT(b, "{\"board\": [");
    for (int i = 0; i < p->size; i++) {
        if (i)
            PUT_LIT(b, ", ");
        put_ll(b, s->board[i]);
    }
    PUT_LIT(b, "], \"stores\": [");
    put_ll(b, s->stores[0]);
    PUT_LIT(b, ", ");
    put_ll(b, s->stores[1]);
    PUT_LIT(b, "], \"turn\": ");
    put_ll(b, s->turn);
    PUT_LIT(b, ", \"legal\": [");
    if (s->outcome == OC_NONE)
        for (int i = 0; i < L->n; i++) {
            if (i)
                PUT_LIT(b, ", ");
            put_ll(b, L->mv[i]);
        }
    PUT_LIT(b, "], ");
    put_text(b, middle->text, (size_t)middle->len);
    PUT_LIT(b, "\"outcome\": ");
    if (oc)
        put_text(b, oc->text, (size_t)oc->len);
    else
        PUT_LIT(b, "null");
    PUT_LIT(b, "}");
    return 0;
}

static int
get_text(PyObject *o, Text *t, const char *what)
{
    if (!PyUnicode_Check(o)) {
        PyErr_Format(PyExc_TypeError, "replay: %s must be a str", what);
        return -1;
    }
    t->text = PyUnicode_AsUTF8AndSize(o, &t->len);
    return t->text == NULL ? -1 : 0;
}

/* the hole a move names when the C core may play it at once: an exact int among the
   legal moves; else -1 (replay.py's own loop then reports or plays it) */
static inline int
playable(const Legal *L, PyObject *move)
{
    if (!PyLong_CheckExact(move))
        return -1;
    int overflow;
    long h = PyLong_AsLongAndOverflow(move, &overflow);
    if (overflow || (h == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    for (int i = 0; i < L->n; i++)
        if (L->mv[i] == h)
            return (int)h;
    return -1;
}

static PyObject *
Rules_replay(RulesObject *self, PyObject *args)
{
    const Params *p = &self->p;
    PyObject *pos, *moves, *middle_obj, *outcome_objs;
    int final_only;
    if (!PyArg_ParseTuple(args, "OO!pOO!:replay", &pos, &PyList_Type, &moves, &final_only,
                          &middle_obj, &PyTuple_Type, &outcome_objs))
        return NULL;
    if (not_ready(self))
        return NULL;
    Text middle, outcomes[3];
    if (get_text(middle_obj, &middle, "middle") < 0)
        return NULL;
    if (PyTuple_GET_SIZE(outcome_objs) != 3) {
        PyErr_SetString(PyExc_TypeError, "replay: outcomes must be (South wins, North wins, tie)");
        return NULL;
    }
    for (int i = 0; i < 3; i++)
        if (get_text(PyTuple_GET_ITEM(outcome_objs, i), &outcomes[i], "an outcome") < 0)
            return NULL;
    use_slots(Py_TYPE(pos));
    State s, before;
    Legal L;
    Lists l;
    if (load_full(self, pos, &s, &l) < 0)
        return NULL;
    Buf b = {NULL, 0, 0};
    PyObject *result = NULL, *legal = NULL;
    if (s.outcome != OC_NONE) {
        PyErr_SetString(PyExc_ValueError, "replay: the game is already over");
        goto done;
    }
    memcpy(&before, &s, sizeof(State));
    compute_legal(p, &s, &L);
    if (!final_only && put_line(&b, p, &s, &L, &middle, outcomes) < 0)
        goto done;
    Py_ssize_t applied = 0, n_moves = PyList_GET_SIZE(moves);
    while (applied < n_moves && s.outcome == OC_NONE) {
        int hole = playable(&L, PyList_GET_ITEM(moves, applied));
        if (hole < 0)
            break;
        apply_core(p, &s, hole);
        if (s.outcome == OC_NONE)
            compute_legal(p, &s, &L);
        else
            L.n = 0;
        applied++;
        if (!final_only && put_line(&b, p, &s, &L, &middle, outcomes) < 0)
            goto done;
    }
    if (final_only && put_line(&b, p, &s, &L, &middle, outcomes) < 0)
        goto done;
    /* the cache as Game.legal_moves leaves it once the line is written */
    if ((legal = legal_list(&L)) == NULL)
        goto done;
    if (write_back(self, pos, &s, &before, &l, legal) < 0)
        goto done;
    PyObject *text = PyUnicode_DecodeASCII(b.p ? b.p : "", (Py_ssize_t)b.len, "strict");
    if (text != NULL)
        result = Py_BuildValue("(Nn)", text, applied);
done:
    Py_XDECREF(legal);
    PyMem_Free(b.p);
    lists_clear(&l);
    return result;
}
