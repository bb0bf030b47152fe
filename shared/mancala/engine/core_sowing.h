/*
 * The C core's sowing: a move's seeds dropped lap by lap.
 * A part of mancala_core.h, which includes the parts in order after its types
 * and helpers: not a header of its own (no guard; include mancala_core.h).
 */

/* ---- sowing (draw.make_drawer, sowing.PlainSower/StoreSower, laps.MultiLapSower) --- */

/* the traced sowers keep loops of their own: the untraced ones test nothing per seed */
static void
sow_plain(const Params *p, State *s, Move *md)
{
    const int start = md->cont_sow_loc;
    int loc = start;
    Trace *tr = md->tr;
    if (tr == NULL) {
        for (long long k = 0; k < md->seeds; k++) {
            loc = incr_b(p, s, loc, md->direct, start);
            s->board[loc] += 1;
        }
    }
    else {
        for (long long k = 0; k < md->seeds; k++) {
            loc = incr_b(p, s, loc, md->direct, start);
            s->board[loc] += 1;
            trace_put(tr, loc);
        }
    }
    md->capt_loc = loc;
}

/* StoreSower: the mover's store is passed where the sowing crosses from one row to the
   other, in the direction the variant's reference geometry names for each player */
static inline int
passes(const Params *p, int from_south, int prev, int loc)
{
    if (prev == REPEAT_TURN)
        return 0;
    if (from_south)
        return prev < p->n && loc >= p->n;
    return prev >= p->n && loc < p->n;
}

static void
sow_store(const Params *p, State *s, Move *md)
{
    const int turn = s->turn;
    /* CCW: South's store after its own row, North's after its; CW the other way round */
    const int from_south = (md->direct == 1) == (turn == 0);
    const int start = md->cont_sow_loc;
    int prev = start;
    int loc;
    if (start == FROM_STORE) { /* a lap sowing the store's seeds starts past the store */
        prev = REPEAT_TURN;
        const int row_end = md->direct == 1 ? (turn ? p->size - 1 : p->n - 1)
                                            : (turn ? 0 : p->n);
        loc = incr_b(p, s, row_end, md->direct, start);
    }
    else
        loc = incr_b(p, s, prev, md->direct, start);
    Trace *tr = md->tr;
    for (long long k = 0; k < md->seeds; k++) {
        if (passes(p, from_south, prev, loc)) {
            s->stores[turn] += 1;
            prev = REPEAT_TURN;
            if (tr != NULL)
                trace_put(tr, STORE_PLACE(turn));
        }
        else {
            s->board[loc] += 1;
            prev = loc;
            if (tr != NULL)
                trace_put(tr, loc);
            loc = incr_b(p, s, loc, md->direct, start);
        }
    }
    md->capt_loc = prev;
}

/* CaptureWhileSowing's conditions on a hole just sown (`left`: the seeds still to sow,
   this one included) */
static inline int
enpas_takes(const Params *p, const State *s, const Move *md, int loc, long long left)
{
    if (p->enpas_not_last && left == 1)
        return 0;
    if (p->enpas_holes != EP_ALL && (side_of(p, loc) == s->turn) != (p->enpas_holes == EP_MOVERS))
        return 0;
    return !s->inhibit && capt_ok(p, s, md, loc);
}

/* sowing.CaptureWhileSowing: a plain lap whose holes sown to a capturable count are
   taken at once (no store is sown: fast.py refuses it with sow_own_store) */
static void
sow_enpas(const Params *p, State *s, Move *md)
{
    const int start = md->cont_sow_loc;
    int loc = start;
    Trace *tr = md->tr;
    for (long long left = md->seeds; left > 0; left--) {
        loc = incr_b(p, s, loc, md->direct, start);
        s->board[loc] += 1;
        if (tr != NULL)
            trace_put(tr, loc);
        if (enpas_takes(p, s, md, loc, left)) {
            const int captor = p->enpas_owner ? side_of(p, loc) : s->turn;
            trace_take(tr, loc, s->board[loc], STORE_PLACE(captor));
            s->stores[captor] += s->board[loc];
            s->board[loc] = 0;
        }
    }
    md->capt_loc = loc;
}

/* sowing.DivertBlockedSower: the mover's blocked holes are passed, a seed for one of the
   opponent's leaves play (to store 0) */
static void
sow_divert(const Params *p, State *s, Move *md)
{
    const int turn = s->turn, d = md->direct;
    int loc = md->cont_sow_loc;
    long long seeds = md->seeds;
    Trace *tr = md->tr;
#define STEP_ON(x) ((x) = ((x) + d + p->size) % p->size)
    while (seeds > 0) {
        STEP_ON(loc);
        while ((s->blocked >> loc) & 1) {
            if (side_of(p, loc) != turn) {
                s->stores[0] += 1;
                seeds -= 1;
                if (tr != NULL)
                    trace_put(tr, STORE_PLACE(0));
                if (!seeds) {
                    md->capt_loc = loc;
                    return;
                }
            }
            STEP_ON(loc);
        }
        s->board[loc] += 1;
        seeds -= 1;
        if (tr != NULL)
            trace_put(tr, loc);
    }
#undef STEP_ON
    md->capt_loc = loc;
}

/* whether a lap's end closes the hole (CloseHole, laps.make_between's close_hole): an
   opponent's hole brought to blkd_param, not a rightmost one under _NR, captures not held
   back */
static inline int
closes(const Params *p, const State *s, int loc)
{
    if (p->blkd_no_right && (loc == p->n - 1 || loc == p->size - 1))
        return 0;
    return s->board[loc] == p->blkd_param && side_of(p, loc) != s->turn && !s->inhibit;
}

static inline void
sow_lap(const Params *p, State *s, Move *md)
{
    if (p->blkd_div) {
        sow_divert(p, s, md);
        if (p->mlaps == MLAPS_OFF && closes(p, s, md->capt_loc)) { /* CloseHole */
            const int loc = md->capt_loc;
            trace_take(md->tr, loc, s->board[loc], STORE_PLACE(0));
            s->stores[0] += s->board[loc];
            s->board[loc] = 0;
            s->blocked |= (uint64_t)1 << loc;
        }
    }
    else if (p->enpas)
        sow_enpas(p, s, md);
    else if (p->own_store)
        sow_store(p, s, md);
    else
        sow_plain(p, s, md);
}

static void capture_seeds(const Params *p, State *s, Move *md); /* core_capture.h */

/* laps.make_stop_simulated (MATCH_OPP): would the capture take anything here? (tried on
   copies: nothing it does happens) */
static int
capture_would_take(const Params *p, const State *s, const Move *md)
{
    if (s->inhibit)
        return 0;
    State t;
    Move m = *md;
    memcpy(&t, s, STATE_BYTES(p));
    m.tr = NULL;
    capture_seeds(p, &t, &m);
    return m.captured != CAPT_NO;
}

/* laps._capture_checks under LAP_CAPT: capture at the lap's end and say whether the
   laps go on (1), stop (0), or leave it to the next check (-1) */
static int
lap_capture(const Params *p, State *s, Move *md)
{
    const int loc = md->capt_loc;
    if (p->lap_capt_guard && side_empty(p, s->board, 1 - s->turn)) /* stop_no_opp_seeds */
        return 0;
    switch (p->lap_capt) {
    case LC_CROSS: { /* make_cross_capture: on a hole that was empty, on only if it took */
        if (s->board[loc] != 1)
            return -1;
        const int saved = md->captured;
        md->captured = CAPT_NO;
        capture_seeds(p, s, md);
        const int cont = md->captured != CAPT_NO;
        if (saved > md->captured)
            md->captured = saved;
        return cont;
    }
    case LC_GAP: /* make_gap_capture: on an occupied hole, try the capture and sow on */
        if (s->board[loc] > 1) {
            capture_seeds(p, s, md);
            md->capt_loc = loc;
            return 1;
        }
        return -1;
    default: /* make_basic_capture: capture and go on from the next hole */
        if (!capt_ok(p, s, md, loc))
            return -1;
        capture_seeds(p, s, md);
        md->capt_loc = incr_b(p, s, md->capt_loc, md->direct, NO_START);
        return 1;
    }
}

/* laps.make_lap_rule: go on with another lap? (LAPPER_NEXT may move capt_loc on; a
   LAP_CAPT capture changes the position) */
static int
another_lap(const Params *p, State *s, Move *md)
{
    const int loc = md->capt_loc;
    if (p->own_store && loc == REPEAT_TURN)
        return 0;
    if (p->lap_on && s->board[loc] != p->lap_on) /* make_stop_not_n */
        return 0;
    if (p->visit_opp && !md->lap_nbr && !(md->seeds >= p->n || side_of(p, loc) != s->turn))
        return 0;
    switch (p->mlap_cont) {
    case MC_GREQ_PARAM: /* make_stop_less_n */
        if (s->board[loc] < p->mlap_param)
            return 0;
        break;
    case MC_OWN_SIDE: /* make_stop_side */
    case MC_OPP_SIDE:
        if ((side_of(p, loc) == s->turn) != (p->mlap_cont == MC_OWN_SIDE))
            return 0;
        break;
    }
    if (p->mlaps == MLAPS_LAPPER) {
        if (p->lap_capt) {
            const int go = lap_capture(p, s, md);
            if (go >= 0)
                return go;
        }
        else if (p->capt_type == CT_MATCH_OPP) {
            if (capture_would_take(p, s, md))
                return 0;
        }
        else if (p->basic && !p->crosscapt && !s->inhibit && capt_ok(p, s, md, loc))
            return 0;
        if (s->board[md->capt_loc] <= 1) /* stop_single */
            return 0;
        return !(p->blkd_div && ((s->blocked >> md->capt_loc) & 1)); /* not_blocked */
    }
    if (p->next_stops) { /* laps._next_capture_checks */
        if (p->crosscapt) {
            if (s->board[loc] == 1 && capt_ok(p, s, md, p->size - 1 - loc))
                return 0; /* make_stop_cross */
        }
        else if (p->capt_type == CT_MATCH_OPP) {
            if (capture_would_take(p, s, md))
                return 0; /* make_stop_simulated */
        }
        else if (p->basic && p->capt_type == CT_NONE && !s->inhibit && capt_ok(p, s, md, loc))
            return 0; /* make_stop_capture */
    }
    if (p->next_store && passes(p, (md->direct == 1) == (s->turn == 0), loc,
                                incr_b(p, s, loc, md->direct, NO_START))) {
        /* make_next_or_store: the store comes next; its seeds, if any, sow on */
        if (s->stores[s->turn]) {
            md->capt_loc = FROM_STORE;
            return 1;
        }
        return 0;
    }
    int nxt = incr_b(p, s, loc, md->direct, NO_START);
    if (s->board[nxt]) {
        md->capt_loc = nxt;
        return 1;
    }
    return 0;
}

/* pipeline.do_sow: draw, then one lap or laps (recorded in tr, when given); `single`:
   one lap whatever the laps rule (the single_sower) */
static void
do_sow(const Params *p, State *s, Move *md, int loc, Trace *tr, int single)
{
    md->player = s->turn;
    md->tr = tr;
    memcpy(md->before, s->board, (size_t)p->size * sizeof(CELL));
    long long seeds = s->board[loc];
    /* pipeline: the direction is asked before the draw, EVEN_ODD_DIR reads the count */
    const int direct = p->even_odd ? (seeds % 2 ? 1 : -1) : p->step;
    if (p->sow_start && !(p->move_one && seeds == 1)) {
        seeds -= 1;
        s->board[loc] = 1;
    }
    else
        s->board[loc] = 0;
    md->sow_loc = md->cont_sow_loc = loc;
    md->seeds = seeds;
    md->direct = direct;
    md->lap_nbr = 0;
    md->captured = CAPT_NO;
    md->capt_next = 0;
    md->capt_start = NO_START;
    if (tr != NULL) {
        trace_put(tr, EV_LAP);
        trace_put(tr, loc);
    }
    if (single || p->mlaps == MLAPS_OFF) {
        sow_lap(p, s, md);
        return;
    }
    for (int lap = 0; lap < p->max_laps; lap++) {
        sow_lap(p, s, md);
        if (!another_lap(p, s, md))
            return;
        const int at = md->capt_loc;
        md->cont_sow_loc = at;
        if (at == FROM_STORE) {
            md->seeds = s->stores[s->turn];
            s->stores[s->turn] = 0;
            md->lap_nbr += 1;
            if (tr != NULL) {
                trace_put(tr, EV_LAP);
                trace_put(tr, STORE_PLACE(s->turn));
            }
            continue;
        }
        md->seeds = s->board[at];
        if (p->blkd_div && closes(p, s, at)) /* laps.make_between: the seeds sow on */
            s->blocked |= (uint64_t)1 << at;
        s->board[at] = 0;
        md->lap_nbr += 1;
        if (tr != NULL) {
            trace_put(tr, EV_LAP);
            trace_put(tr, at);
        }
    }
    md->capt_loc = ENDLESS;
}
