/*
 * The end of a move: who moves next, the end of the game or the round (the legal moves:
 * core_legal.h).
 * A part of mancala_core.h, which includes the parts in order after its types
 * and helpers: not a header of its own (no guard; include mancala_core.h).
 */

/* ---- the end of a move (ending.make_ender for MAX_SEEDS without rounds) ------------- */

static inline long long
board_sum(const Params *p, const State *s)
{
    long long t = 0;
    for (int h = 0; h < p->size; h++)
        t += s->board[h];
    return t;
}

/* the seeds in play, off the board (the claims: children keep theirs) */
static long long
lift_unclaimed(const Params *p, State *s)
{
    if (!p->children || !any_child(s)) {
        long long left = board_sum(p, s);
        memset(s->board, 0, (size_t)p->size * sizeof(CELL));
        return left;
    }
    long long left = 0;
    for (int h = 0; h < p->size; h++)
        if (!is_child(s, h)) {
            left += s->board[h];
            s->board[h] = 0;
        }
    return left;
}

static void
give_all(const Params *p, State *s, int who)
{
    s->stores[who] += lift_unclaimed(p, s);
}

static void
take_own(const Params *p, State *s)
{
    for (int h = 0; h < p->size; h++)
        if (!(p->children && is_child(s, h))) {
            s->stores[owner_of(p, s, h)] += s->board[h];
            s->board[h] = 0;
        }
}

/* claim.divvy_to_stores */
static void
divvy(const Params *p, State *s)
{
    long long left = lift_unclaimed(p, s);
    s->stores[0] += left / 2;
    s->stores[1] += left / 2;
    if (s->stores[1] > s->stores[0])
        s->stores[0] += left % 2;
    else
        s->stores[1] += left % 2;
}

static inline int
last_mover(const State *s)
{
    return s->has_last ? (int)s->last[0] : s->turn;
}

/* Ender.decided_by_seeds on the stores and children: 1 when decided (outcome and
   winner set) */
static int
decided_by_seeds(const Params *p, State *s)
{
    const long long win = p->win_fixed ? p->win_fixed
                                       : s->total - (p->win_sub ? p->win_sub : s->total / 2);
    long long seeds[2];
    counted(p, s, seeds);
    if (seeds[1] > win) {
        s->outcome = OC_WIN;
        s->winner = 1;
    }
    else if (seeds[0] > win) {
        s->outcome = OC_WIN;
        s->winner = 0;
    }
    else if (seeds[0] == win && seeds[1] == win) {
        s->outcome = OC_TIE;
        s->winner = -1;
    }
    else
        return 0;
    return 1;
}

/* GameOver's decision on the seeds claimed: past the winning count, else the most */
static void
settle_by_seeds(const Params *p, State *s)
{
    if (decided_by_seeds(p, s))
        return;
    long long seeds[2];
    counted(p, s, seeds);
    if (seeds[0] == seeds[1]) {
        s->outcome = OC_TIE;
        s->winner = -1;
    }
    else {
        s->outcome = OC_WIN;
        s->winner = seeds[0] > seeds[1] ? 0 : 1;
    }
}

/* GameOver: the seeds left in play claimed per unclaimed, then the most seeds win */
static void
game_over(const Params *p, State *s)
{
    /* ending.game_over_claimer: with no sides nobody owns the seeds left */
    switch (p->no_sides ? UC_DONT_SCORE : p->over_claim) {
    case UC_HOLE_OWNER:
        take_own(p, s);
        break;
    case UC_DONT_SCORE:
    case UC_UNFED:
        lift_unclaimed(p, s);
        break;
    case UC_LAST_MOVER:
        give_all(p, s, last_mover(s));
        break;
    case UC_DIVVIED:
        divvy(p, s);
        break;
    }
    settle_by_seeds(p, s);
}

/* the checks inside ClearWinner and NoOutcomeChange: 1 when the game is over */
static int
over_inner(const Params *p, State *s, int repeat)
{
    int playable = 0;
    for (int h = 0; h < p->size; h++)
        if (s->board[h] >= p->min_move && !(p->children && is_child(s, h))) {
            playable = 1;
            break;
        }
    if (!playable)
        return 1; /* NotPlayable */
    if (p->share_end) { /* CannotShare */
        const int opponent = 1 - s->turn;
        int player_seeds = 0, opp_seeds = 0;
        for (int h = 0; h < p->size; h++)
            if (s->board[h] >= p->min_move) {
                if (owner_of(p, s, h) == opponent)
                    opp_seeds = 1;
                else
                    player_seeds = 1;
            }
        int no_share = 0;
        if (repeat && player_seeds && !opp_seeds)
            no_share = !moves_of(p, s, s->turn);
        else if (!repeat && !player_seeds && opp_seeds)
            no_share = !moves_of(p, s, opponent);
        if (no_share) {
            /* UNFED_PLAYER: the player to move when the check is made takes the rest
               (on a repeat turn the check looks from the opponent's seat) */
            if (p->unclaimed == UC_UNFED)
                give_all(p, s, repeat ? opponent : s->turn);
            return 1;
        }
        /* the others can share: the inner checks are still asked */
    }
    if (p->mustpass) { /* NoMovesEither */
        if (moves_of(p, s, s->turn))
            return 0;
        return !moves_of(p, s, 1 - s->turn);
    }
    return !moves_of(p, s, repeat ? s->turn : 1 - s->turn); /* NoMovesNext */
}

/* ending.SideCleared, SeedLimit, HoleSeedLimit: the end_cond says the game is over */
static int
end_cond_over(const Params *p, const State *s)
{
    switch (p->end_cond) {
    case EC_CLEARED_OWN:
        return side_empty(p, s->board, s->turn);
    case EC_CLEARED_OPP:
        return side_empty(p, s->board, 1 - s->turn);
    case EC_SEEDS_LIMIT:
        return board_sum(p, s) <= p->end_param;
    case EC_HOLE_SEED_LIMIT:
        for (int h = 0; h < p->size; h++)
            if (s->board[h] > p->end_param)
                return 0;
        return 1;
    }
    return 0;
}

static inline void
win_for(State *s, int who)
{
    s->outcome = OC_WIN;
    s->winner = who;
}

/* end_conditions.ClearSeeds: the first player to empty their own side wins, the mover
   first */
static int
clear_over(const Params *p, State *s)
{
    if (side_empty(p, s->board, s->turn))
        win_for(s, s->turn);
    else if (side_empty(p, s->board, 1 - s->turn))
        win_for(s, 1 - s->turn);
    else
        return 0;
    return 1;
}

/* DEPRIVE: with min_move 1 NoMovesNext around DepriveNoSeeds (a player without a move
   next loses, the mover on its own repeat turn included; else the mover loses once its
   own side is empty), above 1 DepriveLastMover (the last player able to move wins) */
static int
deprive_over(const Params *p, State *s, int repeat)
{
    if (p->min_move > 1) {
        if (moves_of(p, s, 1 - s->turn))
            return 0;
        win_for(s, s->turn);
        return 1;
    }
    if (!moves_of(p, s, repeat ? s->turn : 1 - s->turn))
        win_for(s, repeat ? 1 - s->turn : s->turn);
    else if (side_empty(p, s->board, s->turn))
        win_for(s, 1 - s->turn);
    else
        return 0;
    return 1;
}

/* ending.RoundBySeeds: the end is only the round's while each player holds enough seeds,
   in the store and on their own side, to refill the next round's holes */
static void
round_or_game(const Params *p, State *s, int repeat)
{
    long long held[2] = {s->stores[0], s->stores[1]};
    for (int h = 0; h < p->size; h++)
        held[owner_of(p, s, h)] += s->board[h];
    if (held[0] < p->round_required || held[1] < p->round_required)
        return;
    if (s->outcome == OC_WIN)
        s->outcome = OC_ROUND_WIN;
    else
        s->outcome = repeat ? OC_ROUND_TIE_REP : OC_ROUND_TIE;
}

/* tally.RoundTally.add: a round that ended in a win or a tie (before it became a round's
   end) adds to the four tallies: round wins, seeds, the winner's margin, and points (one
   for the larger count, one more for three quarters of the seeds) */
static void
tally_add(State *s)
{
    const long long seeds[2] = {s->stores[0], s->stores[1]};
    if (s->outcome != OC_WIN && s->outcome != OC_TIE)
        return;
    s->tally[TALLY_SEEDS - 1][0] += (CELL)seeds[0];
    s->tally[TALLY_SEEDS - 1][1] += (CELL)seeds[1];
    if (s->outcome == OC_TIE)
        return;
    if (s->winner >= 0)
        s->tally[TALLY_WINS - 1][s->winner] += 1;
    if (seeds[0] != seeds[1]) {
        const int more = seeds[1] > seeds[0];
        s->tally[TALLY_EXTRA - 1][more] += (CELL)(seeds[more] - seeds[1 - more]);
        s->tally[TALLY_POINTS - 1][more] += 1;
    }
    const long long skunk = s->total * 3 / 4;
    if (seeds[0] >= skunk)
        s->tally[TALLY_POINTS - 1][0] += 1;
    else if (seeds[1] >= skunk)
        s->tally[TALLY_POINTS - 1][1] += 1;
}

/* tally.RoundTally.final: the greater tally wins; a tie names the mover (1.10) or nobody */
static void
tally_final(const Params *p, State *s)
{
    const CELL *v = s->tally[p->tally - 1];
    if (v[0] != v[1])
        win_for(s, v[1] > v[0]);
    else {
        s->outcome = p->tally_tie_mover ? OC_TIE : OC_TIE_NO_TURN;
        s->winner = -1;
    }
}

/* ending.RoundByTally: the round's result tallied; the game is over once the goal's
   tally reaches goal_param, else only the round is */
static void
tally_or_game(const Params *p, State *s, int repeat)
{
    tally_add(s);
    const CELL *v = s->tally[p->tally - 1];
    if (v[0] >= p->tally_required || v[1] >= p->tally_required)
        tally_final(p, s);
    else if (s->outcome == OC_WIN)
        s->outcome = OC_ROUND_WIN;
    else
        s->outcome = repeat ? OC_ROUND_TIE_REP : OC_ROUND_TIE;
}

/* pipeline.decide: 1 when the game or the round is over (outcome, winner and turn set) */
static int
decide_chain(const Params *p, State *s, int repeat)
{
    if (p->goal != GOAL_MAX_SEEDS) { /* a win, never a tie: the turn goes to the winner */
        int over;
        if (p->goal == GOAL_CLEAR)
            over = clear_over(p, s);
        else if (p->goal == GOAL_IMMOBILIZE) { /* DepriveLastMover: the last able to move wins */
            over = !moves_of(p, s, 1 - s->turn);
            if (over)
                win_for(s, s->turn);
        }
        else
            over = deprive_over(p, s, repeat);
        if (!over)
            return 0;
    }
    else if (p->end_cond && end_cond_over(p, s)) /* over: every inner check passes it on */
        game_over(p, s);
    else if (p->end_rule == END_ROW_EMPTY) { /* ending.row_empty_ender: no majority, no too-few */
        if (!side_empty(p, s->board, 0) && !side_empty(p, s->board, 1) &&
            !over_inner(p, s, repeat))
            return 0;
        game_over(p, s);
    }
    else if (!decided_by_seeds(p, s)) { /* ClearWinner */
        int over = over_inner(p, s, repeat);
        if (!over && p->no_change && !any_child(s)) { /* NoOutcomeChange: none with children */
            long long left = board_sum(p, s);
            over = 0 < left && left < p->needed;
        }
        if (!over)
            return 0;
        game_over(p, s);
    }
    if (p->round_end)
        round_or_game(p, s, repeat);
    else if (p->tally)
        tally_or_game(p, s, repeat);
    if (s->outcome == OC_WIN || s->outcome == OC_ROUND_WIN)
        s->turn = s->winner;
    return 1;
}

/* ending.ChildrenHoldStores: without stores, the seeds the end of a move finds in the
   stores go onto each player's first child (both onto the only player with one; onto
   the row ends where neither has one). Under 1.10 only those the move added move, and a
   lone South child also gets North's seeds kept out of play, which stay in North's
   count as well (docs/rules-decisions.md, Krur::Rounds) */
static void
hold_in_children(const Params *p, State *s, const long long kept[2])
{
    const long long added[2] = {s->stores[0] - kept[0], s->stores[1] - kept[1]};
    if (!added[0] && !added[1])
        return;
    const int first[2] = {s->child[0] ? __builtin_ctzll(s->child[0]) : -1,
                          s->child[1] ? __builtin_ctzll(s->child[1]) : -1};
    if (first[0] >= 0 && first[1] >= 0) {
        s->board[first[0]] += (CELL)added[0];
        s->board[first[1]] += (CELL)added[1];
    }
    else if (first[0] >= 0)
        s->board[first[0]] += (CELL)(added[0] + added[1] + (p->children_hold == HOLD_ADDED ? kept[1] : 0));
    else if (first[1] >= 0)
        s->board[first[1]] += (CELL)(added[0] + added[1]);
    else {
        s->board[0] += (CELL)added[0];
        s->board[p->size - 1] += (CELL)added[1];
    }
    s->stores[0] = kept[0];
    s->stores[1] = kept[1];
}

/* the ender chain of the variant, the children's hold last */
static int
decide(const Params *p, State *s, int repeat)
{
    if (!p->children_hold)
        return decide_chain(p, s, repeat);
    const int keep = p->children_hold == HOLD_ADDED;
    const long long kept[2] = {keep ? s->stores[0] : 0, keep ? s->stores[1] : 0};
    const int over = decide_chain(p, s, repeat);
    hold_in_children(p, s, kept);
    return over;
}

/* pipeline.end_game with ending.make_quitter: a sowing that never ends */
static void
end_game(const Params *p, State *s)
{
    switch (p->quit) {
    case QUIT_TIE: /* TieAlways */
        s->outcome = OC_TIE;
        s->winner = -1;
        return;
    case QUIT_DROP:
        lift_unclaimed(p, s);
        break;
    case QUIT_LAST_MOVER:
        give_all(p, s, last_mover(s));
        break;
    case QUIT_TAKE_OWN:
        take_own(p, s);
        break;
    default:
        divvy(p, s);
    }
    settle_by_seeds(p, s);
    if (p->tally) { /* ending_build.QuitRoundTally: the stopped round tallied, the game decided */
        tally_add(s);
        tally_final(p, s);
    }
    if (s->outcome == OC_WIN)
        s->turn = s->winner;
}

static inline void
remember(State *s, const Move *md)
{
    s->has_last = 1;
    s->last[0] = md->player;
    s->last[1] = md->sow_loc;
    s->last[2] = md->seeds;
    s->last[3] = md->capt_loc;
}

/* Recorder.settle: what the end of the game changed, from the board and stores before */
static void
trace_settle(const Params *p, Trace *tr, const State *before, const State *s)
{
    for (int h = 0; h < p->size; h++)
        if (before->board[h] != s->board[h]) {
            trace_put(tr, EV_SETTLE);
            trace_put(tr, h);
            trace_put(tr, (int32_t)(s->board[h] - before->board[h]));
        }
    for (int seat = 0; seat < 2; seat++)
        if (before->stores[seat] != s->stores[seat]) {
            trace_put(tr, EV_SETTLE);
            trace_put(tr, STORE_PLACE(seat));
            trace_put(tr, (int32_t)(s->stores[seat] - before->stores[seat]));
        }
}

/* pipeline.decide in a traced move: the end's changes recorded, and a repeat turn */
static int
decide_traced(const Params *p, State *s, int repeat, Trace *tr)
{
    State before;
    memcpy(&before, s, STATE_BYTES(p));
    int over = decide(p, s, repeat);
    trace_settle(p, tr, &before, s);
    if (!over && repeat)
        trace_put(tr, EV_EXTRA);
    else if (s->outcome >= OC_ROUND_WIN)
        trace_put(tr, EV_ROUND);
    return over;
}

/* Game.apply (pipeline.step, then must_pass): a legal move, in place; recorded in tr
   when given (Game.play_traced), else nothing is (the same code, the branches on tr
   predicted the same way every time) */
static void
apply_recorded(const Params *p, State *s, int move, Trace *tr)
{
    Move md;
    int repeat = 0;
    s->mcount += 1;
    do_sow(p, s, &md, move, tr, 0);
    if (md.capt_loc == REPEAT_TURN && !p->store_ends_turn) {
        remember(s, &md);
        repeat = 1;
    }
    else if (md.capt_loc == ENDLESS) {
        remember(s, &md);
        if (tr == NULL) {
            end_game(p, s);
            return;
        }
        State before;
        trace_put(tr, EV_INEXACT); /* the seeds in hand leave play unrecorded */
        memcpy(&before, s, STATE_BYTES(p));
        end_game(p, s);
        trace_settle(p, tr, &before, s);
        return;
    }
    else {
        if (md.capt_loc != REPEAT_TURN)
            capture_seeds(p, s, &md);
        remember(s, &md);
        repeat = md.captured == CAPT_REPEAT;
        /* the inhibitor's after_move, skipped by a capture's repeat turn as in the pipeline */
        if (!repeat && p->nocaptmoves && s->mcount >= p->nocaptmoves)
            s->inhibit = 0;
    }
    if (tr == NULL ? decide(p, s, repeat) : decide_traced(p, s, repeat, tr))
        return;
    if (!repeat) {
        s->turn = 1 - s->turn;
        s->movers += p->count_movers;
        if (p->turn_repeats) /* pipeline.step: a new turn, no repeats yet */
            s->rturn_cnt = 0;
    }
    else if (p->turn_repeats) /* pipeline._repeat */
        s->rturn_cnt += 1;
    if (p->mustpass && !moves_of(p, s, s->turn)) {
        s->mcount += 1;
        s->movers += p->count_movers;
        s->turn = 1 - s->turn;
        if (tr != NULL)
            trace_put(tr, EV_PASS);
    }
}

static void
apply_core(const Params *p, State *s, int move)
{
    apply_recorded(p, s, move, NULL);
}
