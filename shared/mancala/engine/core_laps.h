/*
 * The C core's laps: a move's sowing lap by lap, with the captures a lap's end may make
 * (LAP_CAPT, MATCH_OPP's trial), and a move simulated to its captures. After the sowers
 * and the captures, which it uses both.
 * A part of mancala_core.h, which includes the parts in order after its types
 * and helpers: not a header of its own (no guard; include mancala_core.h).
 */

/* ---- laps (laps.MultiLapSower, laps.make_lap_rule) ------------------------------------ */

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
do_sow(const Params *p, State *s, Move *md, int move, Trace *tr, int single)
{
    const int loc = MOVE_HOLE(move);
    md->player = s->turn;
    md->tr = tr;
    memcpy(md->before, s->board, (size_t)p->size * sizeof(CELL));
    long long seeds = s->board[loc];
    /* pipeline: the direction is asked before the draw, EVEN_ODD_DIR reads the count */
    int direct = p->directed ? p->dir_of[loc] : p->even_odd ? DIR_BY_COUNT : p->step;
    if (p->play_alt) { /* the game's first move sets both players' directions */
        const int asked = move & MOVE_CW ? -1 : move & MOVE_CCW ? 1 : 0;
        if (s->mcount == 1) {
            s->alt_dirs[s->turn] = (signed char)asked;
            s->alt_dirs[1 - s->turn] = (signed char)-asked;
        }
        direct = s->alt_dirs[0] || s->alt_dirs[1] ? s->alt_dirs[s->turn] : asked;
    }
    else if (direct == DIR_BY_COUNT)
        direct = seeds % 2 ? 1 : -1;
    else if (direct == DIR_CHOSEN)
        direct = move & MOVE_CW ? -1 : 1;
    /* VariantDirectionFirsts, around the lap sowers (not the single lap OPP_OR_EMPTY tries) */
    if (p->no_udir_firsts && !single && s->movers <= 1)
        direct = p->step;
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
    md->capt_loc = 0; /* MoveData's start value: no rule reads it before a lap ends */
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

/* pipeline.simulate: the board after sowing and capturing (on the copy t) */
static void
simulate(const Params *p, const State *s, State *t, int move)
{
    Move md;
    memcpy(t, s, STATE_BYTES(p));
    do_sow(p, t, &md, move, NULL, 0);
    if (md.capt_loc != REPEAT_TURN && md.capt_loc != ENDLESS)
        capture_seeds(p, t, &md);
}
