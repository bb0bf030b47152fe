/*
 * A null-window test on several threads (included by _solver.c, after the search).
 *
 * Every thread searches the whole test on its own copy of the solver (its own node count,
 * abort flag and statistics), and all of them read and write the one table, whose slots
 * tell a torn write from a whole one (_solver_table.h). A finished search of any thread is
 * the test's answer: its fail-soft value bounds the root whatever the others did, since
 * every slot holds only proven bounds. The first to finish stops the others; a stopped
 * search stores nothing on its way out. What makes the threads share the work rather than
 * repeat it is the table, and the `busy` marks that send a thread to the younger brothers
 * of a position another thread is in (search).
 *
 * Only the caller's thread keeps the deadline, takes the GIL and reports progress; the
 * table is grown to its full size before the helpers start, so it never moves under them.
 */
#include <pthread.h>

typedef struct {
    SolverObject sv; /* a copy sharing the table, the database and the team */
    const State *s;
    int t;
    pthread_t thread;
    int started;
} Helper;

/* the first finished search's value becomes the answer; everyone stops */
static void
team_finish(Team *team, int g)
{
    int expected = 0;
    if (__atomic_compare_exchange_n(&team->done, &expected, 1, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_RELAXED))
        team->result = g; /* read after the threads are joined */
    __atomic_store_n(&team->stop, 1, __ATOMIC_RELEASE);
}

static void *
helper_main(void *arg)
{
    Helper *h = (Helper *)arg;
    const int g = test_at_least(&h->sv, h->s, h->t);
    if (!h->sv.aborted)
        team_finish(h->sv.team, g);
    return NULL;
}

/* whether s's value is >= t, on every thread of sv's team (one thread without one) */
static int
team_test(SolverObject *sv, const State *s, int t)
{
    Team *team = sv->team;
    if (team == NULL)
        return test_at_least(sv, s, t);
    Helper *hs = (Helper *)PyMem_RawMalloc((size_t)team->helpers * sizeof(Helper));
    if (hs == NULL) { /* no memory for the copies: this thread alone */
        sv->team = NULL;
        const int g = test_at_least(sv, s, t);
        sv->team = team;
        return g;
    }
    team->stop = 0;
    team->done = 0;
    memset(team->busy, 0, (size_t)(team->busy_mask + 1) * sizeof(uint64_t));
    int live = 0;
    for (int i = 0; i < team->helpers; i++) {
        Helper *h = &hs[live];
        h->sv = *sv;
        h->sv.helper = 1;
        h->sv.nodes = 0;
        h->sv.db.hits = 0;
        h->sv.used = 0;
        h->sv.aborted = 0;
        h->sv.progress = NULL;
        h->s = s;
        h->t = t;
        team->nodes[live] = &h->sv.nodes;
        h->started = pthread_create(&h->thread, NULL, helper_main, h) == 0;
        if (!h->started)
            break; /* fewer helpers: the answer is the same */
        live++;
        __atomic_store_n(&team->live, live, __ATOMIC_RELEASE);
    }
    int g = test_at_least(sv, s, t);
    if (!sv->aborted)
        team_finish(team, g);
    else /* the deadline, an exception, or a helper's answer: the others stop too */
        __atomic_store_n(&team->stop, 1, __ATOMIC_RELEASE);
    for (int i = 0; i < live; i++) {
        pthread_join(hs[i].thread, NULL);
        sv->nodes += hs[i].sv.nodes;
        sv->helper_nodes += hs[i].sv.nodes;
        sv->db.hits += hs[i].sv.db.hits;
        sv->used += hs[i].sv.used; /* slots some thread filled: about right, never read racing */
    }
    __atomic_store_n(&team->live, 0, __ATOMIC_RELEASE);
    PyMem_RawFree(hs);
    if (sv->aborted == 3) { /* a helper finished first */
        sv->aborted = 0;
        g = team->result;
    }
    return g;
}
