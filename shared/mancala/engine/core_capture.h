/*
 * The C core's captures.
 * A part of mancala_core.h, which includes the parts in order after its types
 * and helpers: not a header of its own (no guard; include mancala_core.h).
 */

/* ---- captures (capture.make_capturer) ------------------------------------------------ */

static inline void
take(State *s, Move *md, int loc)
{
    trace_take(md->tr, loc, s->board[loc], STORE_PLACE(s->turn));
    s->stores[s->turn] += s->board[loc];
    s->board[loc] = 0;
}

/* the base capture with its own-seed picks and xc_sown (CrossCapture, PickOwn*,
   CrossVisited, BasicCapture) */
static void
capt_base(const Params *p, State *s, Move *md, int first)
{
    const int loc = md->capt_loc;
    if (p->capt_type == CT_PULL_ACROSS) {
        /* capture.PullAcross: into an empty last hole (later holes: an empty one) the
           seeds across that may be captured are pulled; nothing leaves the board */
        const int cross = p->size - 1 - loc;
        if ((first ? s->board[loc] == 1 : !s->board[loc]) && capt_ok(p, s, md, cross)) {
            trace_take(md->tr, cross, s->board[cross], loc);
            s->board[loc] += s->board[cross];
            s->board[cross] = 0;
            md->captured = CAPT_YES;
            md->capt_next = incr_b(p, s, loc, md->direct, NO_START);
        }
        return;
    }
    if (!p->crosscapt && p->capt_type == CT_TWO_OUT) {
        /* capture.TwoOutCapture: across an empty hole, the seeds two holes on (without
           laps, only when the last hole was not empty before) */
        const int p1 = incr_b(p, s, loc, md->direct, NO_START);
        const int p2 = incr_b(p, s, p1, md->direct, NO_START);
        if ((p->mlaps != MLAPS_OFF || s->board[loc] > 1) && !s->board[p1] && s->board[p2]) {
            take(s, md, p2);
            md->captured = CAPT_YES;
            md->capt_loc = md->capt_next = p2;
        }
        return;
    }
    if (!p->crosscapt && p->capt_type == CT_MATCH_OPP) {
        /* capture.MatchOppCapture: the last hole and the one across, when they hold the
           same count, are both taken */
        const int cross = p->size - 1 - loc;
        if (s->board[loc] && s->board[loc] == s->board[cross] &&
            !(p->children && (is_child(s, loc) || is_child(s, cross)))) {
            take(s, md, loc);
            take(s, md, cross);
            md->captured = CAPT_YES;
            md->capt_next = incr_b(p, s, loc, md->direct, NO_START);
        }
        return;
    }
    if (!p->crosscapt) {
        if (p->basic && capt_ok(p, s, md, loc)) {
            take(s, md, loc);
            md->captured = CAPT_YES;
            md->capt_next = incr_b(p, s, loc, md->direct, NO_START);
        }
        return;
    }
    if (p->xc_sown) {
        if (first && (s->board[loc] != 1 || side_of(p, loc) != s->turn))
            return;
        if (first) {
            const int lo = s->turn ? 0 : p->n;
            int changed = 0;
            for (int h = lo; h < lo + p->n; h++)
                if (md->before[h] != s->board[h])
                    changed = 1;
            if (!changed) {
                md->captured = CAPT_REPEAT;
                return;
            }
        }
    }
    const int cross = p->size - 1 - loc;
    if ((first ? s->board[loc] == 1 : s->board[loc] == 0) && capt_ok(p, s, md, cross)) {
        take(s, md, cross);
        md->captured = CAPT_YES;
        md->capt_next = incr_b(p, s, loc, md->direct, NO_START);
    }
    /* a child keeps its seeds (a position given from outside may hold one of one seed) */
    const int own_child = p->children && is_child(s, loc);
    if (p->xcpickown == XC_PICK_ON_CAPT) {
        if (first && md->captured == CAPT_YES && !own_child) {
            trace_take(md->tr, loc, 1, STORE_PLACE(s->turn));
            s->stores[s->turn] += 1;
            s->board[loc] = 0;
        }
    }
    else if (p->xcpickown == XC_ALWAYS && first && s->board[loc] == 1 && !own_child) {
        int ok = 1;
        if (p->capt_side == SIDE_OPP || p->capt_side == SIDE_OPP_CONT)
            ok = side_of(p, loc) == s->turn;
        else if (p->capt_side == SIDE_OWN || p->capt_side == SIDE_OWN_CONT)
            ok = side_of(p, loc) != s->turn;
        if (ok) {
            trace_take(md->tr, loc, 1, STORE_PLACE(s->turn));
            s->stores[s->turn] += 1;
            s->board[loc] = 0;
        }
    }
}

/* capture.Multiple, with its quirk kept: the count runs out on the capture that used it
   up, and with multicapt 1 that capture reports NO */
static void
capt_multiple(const Params *p, State *s, Move *md)
{
    if (!p->multicapt) {
        capt_base(p, s, md, 1);
        return;
    }
    int captured = CAPT_NO, first = 1;
    int capt_loc = md->capt_loc;
    int left = p->multicapt > 0 ? p->multicapt : CHAIN_ROUNDS * p->size;
    md->capt_start = capt_loc;
    for (;;) {
        capt_base(p, s, md, first);
        if (first)
            capt_loc = md->capt_loc;
        left -= 1;
        if (!left || md->captured == CAPT_NO) {
            md->captured = captured;
            md->capt_loc = capt_loc;
            md->capt_start = NO_START;
            return;
        }
        if (md->captured == CAPT_REPEAT) {
            md->capt_loc = capt_loc;
            md->capt_start = NO_START;
            return;
        }
        first = 0;
        captured = CAPT_YES;
        md->captured = CAPT_NO;
        md->capt_loc = md->capt_next;
    }
}

/* capture_ok.make_capt_check: may a capture ever take from this hole? (seeds there,
   on the capture side unless crosscapt) */
static int
capt_check(const Params *p, const State *s, const Move *md, int loc)
{
    if (!s->board[loc] || (p->children && is_child(s, loc)))
        return 0;
    if (p->crosscapt)
        return 1;
    switch (p->capt_side) {
    case SIDE_OPP:
        return side_of(p, loc) != s->turn;
    case SIDE_OWN:
        return side_of(p, loc) == s->turn;
    case SIDE_OWN_CONT:
    case SIDE_OPP_CONT: { /* from_start: where the multiple capture began */
        const int at = md->capt_start != NO_START ? md->capt_start : md->capt_loc;
        return (side_of(p, at) == s->turn) == (p->capt_side == SIDE_OWN_CONT);
    }
    case SIDE_OPP_TERR:
    case SIDE_OWN_TERR:
        return (owner_of(p, s, loc) == s->turn) == (p->capt_side == SIDE_OWN_TERR);
    }
    return 1;
}

/* capture_steps.PickLastSeeds (PICKLASTSEEDS): after the capture, taken or not, the
   mover takes every seed left once last_seeds or fewer are in play (1.10 counts only
   those a capture could take); it is no capture (md->captured unchanged) */
static void
pick_last_seeds(const Params *p, State *s, Move *md)
{
    long long seeds = 0;
    for (int h = 0; h < p->size; h++)
        if (!p->last_capturable || capt_check(p, s, md, h))
            seeds += s->board[h];
    if (seeds <= 0 || seeds > p->last_seeds)
        return;
    const int taker = p->pickextra == PX_2X_LAST_SEEDS ? s->starter : s->turn;
    for (int h = 0; h < p->size; h++)
        if (s->board[h]) {
            trace_take(md->tr, h, s->board[h], STORE_PLACE(taker));
            s->stores[taker] += s->board[h];
            s->board[h] = 0;
        }
}

/* children.make_child_test: the last hole becomes the mover's child (the location table,
   the guard on the symmetric or facing hole, the side rule, then the type's own test) */
static int
makes_child(const Params *p, const State *s, const Move *md)
{
    const int loc = md->capt_loc, turn = s->turn;
    if (!((p->child_where[loc] >> turn) & 1))
        return 0;
    if (p->child_guard == CG_NOT_SYM_OPP && is_child(s, loc < p->n ? loc + p->n : loc - p->n))
        return 0;
    if (p->child_guard == CG_NOT_FACING && is_child(s, p->size - 1 - loc))
        return 0;
    switch (p->child_rule) {
    case CR_OPP_SIDE:
        if (side_of(p, loc) == turn)
            return 0;
        break;
    case CR_OWN_SIDE:
        if (side_of(p, loc) != turn)
            return 0;
        break;
    case CR_NOT_1ST_OPP: { /* a single seed may not make the first hole it reaches a child */
        const int first = md->direct == 1 ? (turn ? 0 : p->n) : (turn ? p->n - 1 : p->size - 1);
        if (md->seeds <= 1 && loc == first)
            return 0;
        break;
    }
    case CR_OPPS_NOT_1ST:
        if (md->seeds <= 1 || side_of(p, loc) == turn)
            return 0;
        break;
    }
    if (is_child(s, loc) || s->board[loc] != p->child_cvt)
        return 0;
    return p->children != CH_ONE || !s->child[turn]; /* ONE_CHILD: one each */
}

/* AgainstSowing around the multiple capture */
static void
capt_against(const Params *p, State *s, Move *md)
{
    const int sown = md->direct;
    if (!p->capsamedir) /* 1.10 looks against the variant's own direction */
        md->direct = p->against ? p->against : -sown;
    capt_multiple(p, s, md);
    md->direct = sown;
}

/* CaptureIntoChild (children without stores): only a player with a child captures, into
   the first of their children; under 1.10 only what the capture took moves there */
static void
capt_into_child(const Params *p, State *s, Move *md)
{
    const int turn = s->turn;
    if (!s->child[turn])
        return;
    const int child = __builtin_ctzll(s->child[turn]);
    const long long kept = p->children_hold == HOLD_ADDED ? s->stores[turn] : 0;
    capt_against(p, s, md);
    if (!md->captured)
        return;
    const long long taken = s->stores[turn] - kept;
    trace_take(md->tr, STORE_PLACE(turn), taken, child);
    s->board[child] += (CELL)taken;
    s->stores[turn] = kept;
}

/* MakeChild (or CaptureIntoChild) around AgainstSowing, then the extra picks (PickCross,
   PickTwos, PickFinal, PickLastSeeds); a child made is no capture */
static void
capt_picked(const Params *p, State *s, Move *md)
{
    if (p->children && makes_child(p, s, md)) {
        s->child[s->turn] |= (uint64_t)1 << md->capt_loc;
        if (md->tr != NULL) {
            trace_put(md->tr, EV_CHILD);
            trace_put(md->tr, md->capt_loc);
        }
        return;
    }
    if (p->children_hold) { /* fast.py refuses the extra picks beside children */
        capt_into_child(p, s, md);
        return;
    }
    capt_against(p, s, md);
    if (p->pickextra == PX_LAST_SEEDS || p->pickextra == PX_2X_LAST_SEEDS) {
        pick_last_seeds(p, s, md);
        return;
    }
    if (!md->captured)
        return;
    switch (p->pickextra) {
    case PX_CROSS: {
        const int cross = p->size - 1 - md->capt_loc;
        if (s->board[cross])
            take(s, md, cross);
        break;
    }
    case PX_FINAL:
        if (s->board[md->capt_loc])
            take(s, md, md->capt_loc);
        break;
    case PX_TWOS: {
        const int lo = s->turn ? 0 : p->n;
        /* the opponent's row in its rule order: North's from South's left (descending) */
        if (s->turn) {
            for (int h = lo; h < lo + p->n; h++)
                if (s->board[h] == 2)
                    take(s, md, h);
        }
        else {
            for (int h = lo + p->n - 1; h >= lo; h--)
                if (s->board[h] == 2)
                    take(s, md, h);
        }
        break;
    }
    }
}

/* capture.GrandSlamKeepFirstSown (LEAVE_LEFT / LEAVE_RIGHT under the 1.10 rules): a grand
   slam is undone, then takes the opponent's holes after the first one (as the mover
   sees the row, from the left or the right) that held seeds once the sowing was done;
   a grand slam of a single hole stands */
static void
capt_slam_first_sown(const Params *p, State *s, Move *md)
{
    const int opp = 1 - s->turn;
    const int left = p->grandslam == GS_LEAVE_LEFT;
    int scan[MAXH];
    for (int k = 0; k < p->n; k++) /* South sees North's row from the board's end */
        scan[k] = s->turn == 0 ? (left ? p->size - 1 - k : p->n + k)
                               : (left ? p->n - 1 - k : k);
    int first = -1, sown = 0;
    for (int k = 0; k < p->n; k++)
        if (s->board[scan[k]]) {
            if (first < 0)
                first = k;
            sown += 1;
        }
    CELL snap[MAXS];
    const long long snap_stores[2] = {s->stores[0], s->stores[1]};
    memcpy(snap, s->board, (size_t)p->size * sizeof(CELL));
    const int had = !side_empty(p, md->before, opp);
    const size_t mark = md->tr != NULL ? md->tr->n : 0;
    capt_picked(p, s, md);
    if (!(had && md->captured && side_empty(p, s->board, opp)) || sown <= 1)
        return;
    memcpy(s->board, snap, (size_t)p->size * sizeof(CELL));
    s->stores[0] = snap_stores[0];
    s->stores[1] = snap_stores[1];
    if (md->tr != NULL)
        md->tr->n = mark;
    for (int k = first + 1; k < p->n; k++)
        if (s->board[scan[k]])
            take(s, md, scan[k]);
    md->captured = CAPT_YES;
}

/* the grand-slam rules (GrandSlamNoCapture, GrandSlamKeep, GrandSlamOppGets) */
static void
capt_slam(const Params *p, State *s, Move *md)
{
    if (p->grandslam == GS_LEGAL || p->grandslam == GS_NOT_LEGAL) {
        capt_picked(p, s, md);
        return;
    }
    if (p->slam_first_sown &&
        (p->grandslam == GS_LEAVE_LEFT || p->grandslam == GS_LEAVE_RIGHT)) {
        capt_slam_first_sown(p, s, md);
        return;
    }
    CELL snap[MAXS];
    long long snap_stores[2] = {s->stores[0], s->stores[1]};
    memcpy(snap, s->board, (size_t)p->size * sizeof(CELL));
    const int opp = 1 - s->turn;
    const int had = !side_empty(p, md->before, opp);
    const size_t mark = md->tr != NULL ? md->tr->n : 0;
    capt_picked(p, s, md);
    if (!(had && md->captured && side_empty(p, s->board, opp)))
        return;
    switch (p->grandslam) {
    case GS_NO_CAPT:
        memcpy(s->board, snap, (size_t)p->size * sizeof(CELL));
        s->stores[0] = snap_stores[0];
        s->stores[1] = snap_stores[1];
        md->captured = CAPT_NO;
        if (md->tr != NULL) /* undone: forget what the capture recorded */
            md->tr->n = mark;
        break;
    case GS_LEAVE_LEFT:
    case GS_LEAVE_RIGHT: {
        int keep;
        if (p->grandslam == GS_LEAVE_LEFT)
            keep = s->turn == 0 ? p->size - 1 : p->n - 1;
        else
            keep = s->turn == 0 ? p->n : 0;
        CELL seeds = snap[keep];
        if (seeds) {
            trace_take(md->tr, STORE_PLACE(s->turn), seeds, keep); /* given back */
            s->board[keep] = seeds;
            s->stores[s->turn] -= seeds;
            int same = s->stores[0] == snap_stores[0] && s->stores[1] == snap_stores[1] &&
                       memcmp(s->board, snap, (size_t)p->size * sizeof(CELL)) == 0;
            md->captured = same ? CAPT_NO : CAPT_YES;
        }
        break;
    }
    case GS_OPP_GETS_REMAIN: {
        /* the mover's row in its rule order (North's from South's left), as recorded */
        for (int k = 0; k < p->n; k++) {
            const int h = s->turn ? p->size - 1 - k : k;
            trace_take(md->tr, h, s->board[h], STORE_PLACE(opp));
            s->stores[opp] += s->board[h];
            s->board[h] = 0;
        }
        break;
    }
    }
}

/* pipeline.capture_seeds: NoSingleSeed and RepeatOnCapture around the rest */
static void
capture_seeds(const Params *p, State *s, Move *md)
{
    if (!s->inhibit && !(p->nosinglecapt && md->seeds == 1))
        capt_slam(p, s, md);
    if (p->capt_rturn == RT_NO_REPEAT)
        return;
    if (p->turn_repeats) { /* RepeatOnCaptureOncePerTurn: apply_recorded counts */
        if (md->captured && (p->capt_rturn == RT_ALWAYS || s->rturn_cnt < 1))
            md->captured = CAPT_REPEAT;
        return;
    }
    if (md->captured) {
        if (p->capt_rturn == RT_ALWAYS || s->rturn_cnt < 1)
            md->captured = CAPT_REPEAT;
        s->rturn_cnt += 1;
    }
    else
        s->rturn_cnt = 0;
}
