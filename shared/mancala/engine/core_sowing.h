/*
 * The C core's sowing: one lap's seeds dropped hole by hole (the laps: core_laps.h).
 * A part of mancala_core.h, which includes the parts in order after its types
 * and helpers: not a header of its own (no guard; include mancala_core.h).
 */

/* ---- one lap's sowing (draw.make_drawer, sowing.PlainSower/StoreSower and the rest) --- */

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
    if (p->enpas_holes != EP_ALL && (owner_of(p, s, loc) == s->turn) != (p->enpas_holes == EP_MOVERS))
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
            const int captor = p->enpas_owner ? owner_of(p, s, loc) : s->turn;
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

/* sowing.OppGetsOwnLast once few seeds are left: a seed for the opponent's side goes to
   the opponent's store (a capture, for the repeat turns), unless it is the last and
   captures */
static void
sow_opp_gets(const Params *p, State *s, Move *md)
{
    const int start = md->cont_sow_loc, turn = s->turn;
    int loc = start;
    Trace *tr = md->tr;
    for (long long left = md->seeds; left > 0; left--) {
        loc = incr_b(p, s, loc, md->direct, start);
        s->board[loc] += 1; /* for the capture test */
        int place = loc;
        if (side_of(p, loc) != turn && (left > 1 || !capt_ok(p, s, md, loc))) {
            s->board[loc] -= 1;
            s->stores[1 - turn] += 1;
            md->captured = CAPT_YES;
            place = STORE_PLACE(1 - turn);
        }
        if (tr != NULL)
            trace_put(tr, place);
    }
    md->capt_loc = loc;
}

/* sowing.MaxPerHole (MAX_SOW): a hole holding max_sow seeds is passed over; a whole
   circuit of the board without room puts the seeds left back into the start hole */
static void
sow_max(const Params *p, State *s, Move *md)
{
    const int start = md->cont_sow_loc;
    int loc = start;
    Trace *tr = md->tr;
    for (long long left = md->seeds; left > 0; left--) {
        loc = incr_b(p, s, loc, md->direct, start);
        int passed = 0;
        while (s->board[loc] >= p->max_sow) {
            if (++passed > p->size) {
                s->board[start] += (CELL)left;
                md->capt_loc = start;
                for (long long k = 0; tr != NULL && k < left; k++)
                    trace_put(tr, start);
                return;
            }
            loc = incr_b(p, s, loc, md->direct, start);
        }
        s->board[loc] += 1;
        if (tr != NULL)
            trace_put(tr, loc);
    }
    md->capt_loc = loc;
}

static inline int
few_left(const Params *p, const State *s)
{
    long long seeds = 0;
    for (int h = 0; h < p->size; h++)
        seeds += s->board[h];
    return seeds <= p->opp_gets_below;
}

/* sowing.CrossAllSingles: the seeds across each single seed of the mover's row (in the
   row's rule order), read from the board as the move began (1.10) or as it is (1.8) */
static void
cross_all_singles(const Params *p, State *s, Move *md)
{
    const CELL *singles = p->singles_before ? md->before : s->board;
    for (int i = 0; i < p->n; i++) {
        const int loc = s->turn ? p->size - 1 - i : i, cross = p->size - 1 - loc;
        if (singles[loc] == 1 && s->board[cross] && !(p->children && is_child(s, cross))) {
            trace_take(md->tr, cross, s->board[cross], STORE_PLACE(s->turn));
            s->stores[s->turn] += s->board[cross];
            s->board[cross] = 0;
        }
    }
}

static inline void
sow_lap(const Params *p, State *s, Move *md)
{
    if (p->all_singles)
        cross_all_singles(p, s, md);
    if (p->cross_on_one && md->seeds == 1 && md->cont_sow_loc >= 0) { /* sowing.CrossOnOne */
        const int cross = p->size - 1 - md->cont_sow_loc;
        if (s->board[cross] && !(p->children && is_child(s, cross))) {
            trace_take(md->tr, cross, s->board[cross], STORE_PLACE(s->turn));
            s->stores[s->turn] += s->board[cross];
            s->board[cross] = 0;
        }
    }
    if (p->opp_gets && few_left(p, s))
        sow_opp_gets(p, s, md);
    else if (p->blkd_div) {
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
    else if (p->max_sow)
        sow_max(p, s, md);
    else if (p->own_store)
        sow_store(p, s, md);
    else
        sow_plain(p, s, md);
}
