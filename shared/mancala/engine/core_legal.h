/*
 * The C core's legal moves (allow.Allowables, its filters, and Ender.moves_of).
 * A part of mancala_core.h, which includes the parts in order after its types
 * and helpers: not a header of its own (no guard; include mancala_core.h).
 */

/* ---- legal moves (allow.Allowables with MUSTSHARE and the grand-slam ban) ------------ */

/* allow._opp_or_empty: a move's first lap may not end in a hole of the mover's that held
   seeds (moves of more seeds than a row, by the count the reference reads, are not tried) */
static int
opp_or_empty_ok(const Params *p, const State *s, int loc)
{
    /* the allow index: the hole's place in the mover's row order (North's from the end) */
    const int idx = s->turn ? p->size - 1 - loc : loc;
    if (s->board[p->own_hole_count ? loc : idx] > p->n)
        return 1;
    State t;
    Move md;
    memcpy(&t, s, STATE_BYTES(p));
    do_sow(p, &t, &md, loc, NULL, 1);
    const int end = md.capt_loc;
    return !(end >= 0 && side_of(p, end) == s->turn && s->board[end]);
}

/* allow._dont_undo: after a single seed moved across a row's end (SPLIT), the hole it
   reached may not be moved from at once (the hole at that place in the mover's row
   order: the reached one itself when it is the mover's, or with no_sides) */
static int
undo_banned(const Params *p, const State *s)
{
    if (!s->has_last || s->last[3] < 0 || s->last[2] != 1)
        return -1;
    const int from = (int)s->last[1], end = (int)s->last[3];
    if (s->board[end] != 1)
        return -1;
    const int across = (from == 0 && end == p->size - 1) || (from == p->size - 1 && end == 0)
                       || (from == p->n - 1 && end == p->n) || (from == p->n && end == p->n - 1);
    if (!across)
        return -1;
    if (p->any_hole) /* moves from any hole: the allow list is the board's */
        return end;
    const int idx = end < p->n ? end : p->size - end - 1;
    return s->turn ? p->size - 1 - idx : idx;
}

/* allow._must_share: no seeds in the holes the player owns (their row, or territory) */
static int
unfed(const Params *p, const State *s, int player)
{
    if (!p->territory)
        return side_empty(p, s->board, player);
    for (int h = 0; h < p->size; h++)
        if (s->board[h] && owner_of(p, s, h) == player)
            return 0;
    return 1;
}

/* the moves of s->turn, ascending (pipeline.moves sorts them), a hole whose direction
   the mover names twice: counter-clockwise, then clockwise */
static int
compute_legal(const Params *p, const State *s, Legal *L)
{
    L->n = 0;
    /* allow.Allowables.base: the mover's row, or with no_sides the whole board (under
       territory the holes the mover owns) */
    const int lo = p->any_hole ? 0 : s->turn ? p->n : 0;
    const int hi = p->any_hole ? p->size : lo + p->n;
    /* PLAYALTDIR: the game's first move names its direction, whatever the hole */
    const int all_named = p->play_alt && s->mcount == 0;
    for (int h = lo; h < hi; h++)
        if (s->board[h] >= p->min_move && !(p->children && is_child(s, h))
            && !(p->territory && owner_of(p, s, h) != s->turn)) {
            if (all_named || (p->directed && p->dir_of[h] == DIR_CHOSEN)) {
                L->mv[L->n++] = h | MOVE_CCW;
                L->mv[L->n++] = h | MOVE_CW;
            }
            else
                L->mv[L->n++] = h;
        }
    if (p->simple_moves || !L->n)
        return L->n;
    if (p->opp_or_empty) { /* the allow rule comes before the other filters */
        int k = 0;
        for (int i = 0; i < L->n; i++)
            if (opp_or_empty_ok(p, s, L->mv[i]))
                L->mv[k++] = L->mv[i];
        L->n = k;
    }
    State t;
    const int opp = 1 - s->turn;
    if (p->mustshare && unfed(p, s, opp)) {
        /* PLAYALTDIR's second move: the trial sowings set the game's directions on their
           copies from the way each is tried, so a hole shares if either way feeds
           (allow._must_share tries both) */
        const int both_ways = p->play_alt && s->mcount == 1;
        int k = 0;
        for (int i = 0; i < L->n; i++) {
            const int h = MOVE_HOLE(L->mv[i]);
            simulate(p, s, &t, both_ways ? h | MOVE_CW : L->mv[i]);
            int fed = !unfed(p, &t, opp);
            if (!fed && both_ways) {
                simulate(p, s, &t, h | MOVE_CCW);
                fed = !unfed(p, &t, opp);
            }
            if (fed)
                L->mv[k++] = L->mv[i];
        }
        if (k || !p->share_keep_all) /* else none shares: every move stands */
            L->n = k;
    }
    if (p->grandslam == GS_NOT_LEGAL && !side_empty(p, s->board, opp)) {
        int k = 0;
        for (int i = 0; i < L->n; i++) {
            simulate(p, s, &t, L->mv[i]);
            if (!side_empty(p, t.board, opp))
                L->mv[k++] = L->mv[i];
        }
        L->n = k;
    }
    const int banned = p->dont_undo ? undo_banned(p, s) : -1;
    if (banned >= 0) {
        int k = 0;
        for (int i = 0; i < L->n; i++)
            if (MOVE_HOLE(L->mv[i]) != banned)
                L->mv[k++] = L->mv[i];
        L->n = k;
    }
    return L->n;
}

/* Ender.moves_of */
static int
moves_of(const Params *p, State *s, int player)
{
    Legal L;
    const int turn = s->turn;
    s->turn = player;
    int any = compute_legal(p, s, &L) > 0;
    s->turn = turn;
    return any;
}
