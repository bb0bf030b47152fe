/*
 * The C core's parameters: a variant's fast.params read into the rules struct.
 * A part of mancala_core.h, which includes the parts in order after its types
 * and helpers: not a header of its own (no guard; include mancala_core.h).
 */

/* ---- the parameters (fast.params) ------------------------------------------------- */

static const char *PARAM_NAMES[] = {
    "layout", "holes", "step", "sow_start", "move_one", "skip_start", "sow_own_store",
    "store_ends_turn", "mlaps", "visit_opp", "crosscapt", "xcpickown", "xc_sown", "capt_on",
    "evens", "capt_min", "capt_max", "multicapt", "capsamedir", "capt_side", "capt_rturn",
    "nosinglecapt", "grandslam", "min_move", "mustshare", "mustpass", "unclaimed",
    "pickextra", "stores", "no_change_below", "nocaptmoves", "end_rule", "max_laps",
    "turn_repeats", "share_end", "share_keep_all", "slam_first_sown", "next_stops",
    "next_store", "cont_from_start", "quit", "mlap_cont", "mlap_param", "end_cond",
    "end_param", "capt_type", "even_odd", "goal", "no_sides", "enpas", "enpas_owner",
    "enpas_holes", "enpas_not_last", "lap_on", "last_seeds", "last_capturable",
    "opp_or_empty", "own_hole_count", "over_claim", "children", "child_cvt", "child_rule",
    "child_guard", "child_where", "blocks", "round_end", "round_required", "win_sub",
    "lap_capt", "lap_capt_guard", "blkd_div", "blkd_no_right", "blkd_param", "opp_gets",
    "opp_gets_below", "dir_of", "against", "dont_undo",
    "children_hold", "play_alt", "cross_on_one", "count_movers", "no_udir_firsts",
    "tally", "tally_required", "tally_tie_mover", "territory", "win_fixed",
    "max_sow", "all_singles", "singles_before", NULL};

static int
param_int(PyObject *d, const char *name, long long lo, long long hi, long long *out)
{
    PyObject *v = PyDict_GetItemString(d, name);
    if (v == NULL) {
        PyErr_Format(PyExc_ValueError, "params: parameter %s is missing", name);
        return -1;
    }
    long long x = PyLong_AsLongLong(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "params: parameter %s=%lld is out of range %lld..%lld",
                     name, x, lo, hi);
        return -1;
    }
    *out = x;
    return 0;
}

/* a table of a value a hole (want of them: the board's size, or 0 where the rule is
   absent), each lo..hi, into out */
static int
core_hole_table(PyObject *d, const char *name, Py_ssize_t want, long lo, long hi,
                signed char *out)
{
    PyObject *tab = PyDict_GetItemString(d, name);
    if (tab == NULL) {
        PyErr_Format(PyExc_ValueError, "params: parameter %s is missing", name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(tab, "params: a table of the holes must be a sequence");
    if (seq == NULL)
        return -1;
    const Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    int rc = 0;
    if (m != want) {
        PyErr_Format(PyExc_ValueError, "params: %s has %zd values, not %zd", name, m, want);
        rc = -1;
    }
    for (Py_ssize_t i = 0; rc == 0 && i < m; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (x < lo || x > hi) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "params: %s[%zd]=%ld is not %ld..%ld", name, i,
                             x, lo, hi);
            rc = -1;
        }
        else
            out[i] = (signed char)x;
    }
    Py_DECREF(seq);
    return rc;
}

/* p from the dict fast.params(variant) makes (both extensions read it) */
static int
core_params(PyObject *d, Params *p)
{
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(d, &pos, &key, &value)) {
        int known = 0;
        for (const char **nm = PARAM_NAMES; *nm; nm++)
            if (PyUnicode_Check(key) && PyUnicode_CompareWithASCIIString(key, *nm) == 0)
                known = 1;
        if (!known) {
            PyErr_Format(PyExc_ValueError, "params: unknown parameter %R", key);
            return -1;
        }
    }
    memset(p, 0, sizeof(*p));
    long long v;
#define GET(name, lo, hi, field)                        \
    do {                                                \
        if (param_int(d, name, lo, hi, &v) < 0)         \
            return -1;                                  \
        p->field = v;                                   \
    } while (0)
    if (param_int(d, "layout", LAYOUT, LAYOUT, &v) < 0)
        return -1;
    GET("holes", 1, MAXH, n);
    GET("step", -1, 1, step);
    if (p->step == 0) {
        PyErr_SetString(PyExc_ValueError, "params: step must be 1 (CCW) or -1 (CW)");
        return -1;
    }
    GET("sow_start", 0, 1, sow_start);
    GET("move_one", 0, 1, move_one);
    GET("skip_start", 0, 1, skip_start);
    GET("sow_own_store", 0, 1, own_store);
    GET("store_ends_turn", 0, 1, store_ends_turn);
    GET("mlaps", 0, 2, mlaps);
    GET("visit_opp", 0, 1, visit_opp);
    GET("crosscapt", 0, 1, crosscapt);
    GET("xcpickown", 0, 2, xcpickown);
    GET("xc_sown", 0, 1, xc_sown);
    GET("evens", 0, 1, evens);
    GET("capt_min", 0, LLONG_MAX / 4, capt_min);
    GET("capt_max", 0, LLONG_MAX / 4, capt_max);
    GET("multicapt", -1, INT_MAX, multicapt);
    GET("capsamedir", 0, 1, capsamedir);
    GET("capt_side", SIDE_BOTH, SIDE_OWN_TERR, capt_side);
    GET("capt_rturn", 0, 2, capt_rturn);
    GET("nosinglecapt", 0, 1, nosinglecapt);
    GET("grandslam", 0, 5, grandslam);
    GET("min_move", 1, LLONG_MAX / 4, min_move);
    GET("mustshare", 0, 1, mustshare);
    GET("mustpass", 0, 1, mustpass);
    GET("unclaimed", 0, 4, unclaimed);
    GET("over_claim", 0, 4, over_claim);
    GET("pickextra", PX_NONE, PX_2X_LAST_SEEDS, pickextra);
    GET("stores", 0, 1, stores);
    GET("no_change_below", 0, LLONG_MAX / 4, needed);
    GET("nocaptmoves", 0, LLONG_MAX / 4, nocaptmoves);
    GET("end_rule", 0, 1, end_rule);
    GET("max_laps", 1, INT_MAX, max_laps);
    GET("turn_repeats", 0, 1, turn_repeats);
    GET("share_end", 0, 1, share_end);
    GET("share_keep_all", 0, 1, share_keep_all);
    GET("slam_first_sown", 0, 1, slam_first_sown);
    GET("next_stops", 0, 1, next_stops);
    GET("next_store", 0, 1, next_store);
    GET("cont_from_start", 0, 1, cont_from_start);
    GET("quit", 0, 4, quit);
    GET("mlap_cont", 0, 3, mlap_cont);
    GET("mlap_param", 0, LLONG_MAX / 4, mlap_param);
    GET("end_cond", 0, 4, end_cond);
    GET("end_param", 0, LLONG_MAX / 4, end_param);
    GET("capt_type", CT_NONE, CT_PULL_ACROSS, capt_type);
    GET("even_odd", 0, 1, even_odd);
    GET("goal", GOAL_MAX_SEEDS, GOAL_IMMOBILIZE, goal);
    GET("no_sides", 0, 1, no_sides);
    GET("enpas", 0, 1, enpas);
    GET("enpas_owner", 0, 1, enpas_owner);
    GET("enpas_holes", 0, 2, enpas_holes);
    GET("enpas_not_last", 0, 1, enpas_not_last);
    GET("lap_on", 0, LLONG_MAX / 4, lap_on);
    GET("last_seeds", 0, LLONG_MAX / 4, last_seeds);
    GET("last_capturable", 0, 1, last_capturable);
    GET("opp_or_empty", 0, 1, opp_or_empty);
    GET("own_hole_count", 0, 1, own_hole_count);
    GET("children", CH_NONE, CH_ONE, children);
    GET("child_cvt", 0, LLONG_MAX / 4, child_cvt);
    GET("child_rule", CR_NONE, CR_OPPS_NOT_1ST, child_rule);
    GET("child_guard", CG_NONE, CG_NOT_FACING, child_guard);
    GET("blocks", 0, 1, blocks);
    GET("round_end", 0, 1, round_end);
    GET("round_required", 0, LLONG_MAX / 4, round_required);
    GET("win_sub", 0, LLONG_MAX / 4, win_sub);
    GET("lap_capt", LC_NONE, LC_GAP, lap_capt);
    GET("lap_capt_guard", 0, 1, lap_capt_guard);
    GET("blkd_div", 0, 1, blkd_div);
    GET("blkd_no_right", 0, 1, blkd_no_right);
    GET("blkd_param", 0, LLONG_MAX / 4, blkd_param);
    GET("opp_gets", 0, 1, opp_gets);
    GET("opp_gets_below", 0, LLONG_MAX / 4, opp_gets_below);
    GET("against", -1, 1, against);
    GET("dont_undo", 0, 1, dont_undo);
    GET("children_hold", HOLD_NONE, HOLD_ADDED, children_hold);
    GET("play_alt", 0, 1, play_alt);
    GET("cross_on_one", 0, 1, cross_on_one);
    GET("count_movers", 0, 1, count_movers);
    GET("no_udir_firsts", 0, 1, no_udir_firsts);
    GET("tally", TALLY_NONE, TALLY_POINTS, tally);
    GET("tally_required", 0, 1LL << 30, tally_required);
    GET("tally_tie_mover", 0, 1, tally_tie_mover);
    GET("territory", 0, 1, territory);
    GET("win_fixed", 0, LLONG_MAX / 4, win_fixed);
    GET("max_sow", 0, LLONG_MAX / 4, max_sow);
    GET("all_singles", 0, 1, all_singles);
    GET("singles_before", 0, 1, singles_before);
#undef GET
    PyObject *co = PyDict_GetItemString(d, "capt_on");
    if (co == NULL) {
        PyErr_SetString(PyExc_ValueError, "params: parameter capt_on is missing");
        return -1;
    }
    PyObject *seq = PySequence_Fast(co, "params: capt_on must be a sequence of ints");
    if (seq == NULL)
        return -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    if (m > (Py_ssize_t)(sizeof(p->capt_on) / sizeof(p->capt_on[0]))) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "params: capt_on has too many values");
        return -1;
    }
    for (Py_ssize_t i = 0; i < m; i++) {
        long long x = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        p->capt_on[i] = x;
    }
    p->n_capt_on = (int)m;
    Py_DECREF(seq);
    p->size = 2 * p->n;
    p->any_hole = p->no_sides || p->territory;
    if (p->territory && p->size > 64) { /* a 64-bit mask of the owners */
        PyErr_SetString(PyExc_ValueError, "params: territory on at most 64 holes");
        return -1;
    }
    if (p->children && p->size > 64) { /* a 64-bit mask a player */
        PyErr_SetString(PyExc_ValueError, "params: children on at most 64 holes");
        return -1;
    }
    signed char where[MAXS];
    if (core_hole_table(d, "child_where", p->children ? p->size : 0, 0, 3, where) < 0)
        return -1;
    for (int h = 0; p->children && h < p->size; h++)
        p->child_where[h] = (unsigned char)where[h];
    PyObject *dirs = PyDict_GetItemString(d, "dir_of");
    const Py_ssize_t n_dirs = dirs != NULL ? PyObject_Length(dirs) : 0;
    if (n_dirs < 0)
        return -1;
    p->directed = n_dirs > 0;
    if (core_hole_table(d, "dir_of", p->directed ? p->size : 0, -1, DIR_BY_COUNT, p->dir_of) < 0)
        return -1;
    int named = p->play_alt;
    for (int h = 0; p->directed && h < p->size; h++)
        named |= p->dir_of[h] == DIR_CHOSEN;
    if (named && 2 * (p->any_hole ? p->size : p->n) > MAX_MOVES) {
        PyErr_SetString(PyExc_ValueError, "params: holes whose direction the mover names "
                                          "are not played here (two moves a hole)");
        return -1;
    }
    if (p->blocks && p->size > 64) { /* a 64-bit mask */
        PyErr_SetString(PyExc_ValueError, "params: blocks on at most 64 holes");
        return -1;
    }
    if (p->any_hole && p->size > MAX_MOVES) { /* this includer's move buffers are too short */
        PyErr_SetString(PyExc_ValueError, "params: no_sides and territory are not played here "
                                          "(their moves are any hole of the board)");
        return -1;
    }
    p->basic = p->n_capt_on || p->evens || p->capt_min || p->capt_max;
    p->no_change = p->needed > 0;
    p->simple_moves = !(p->mustshare || p->grandslam == GS_NOT_LEGAL || p->opp_or_empty
                        || p->dont_undo);
    return 0;
}
