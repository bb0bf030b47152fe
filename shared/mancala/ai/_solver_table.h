/*
 * The solver's transposition table (included by _solver.c, after the core): the entry,
 * the solver object whose search state it belongs to, packed keys, the two-slot
 * buckets with work-preferred replacement, and the memory (huge pages where given).
 */
/* A slot is three words. Under `threads` several threads read and write slots at once
   without locks, so a reader must be able to tell a torn slot (words from two writes):
   the first word is the key's low half XOR the data word, and a slot counts only when both
   halves of the key match. A torn slot reads as a miss, never as a wrong bound. */
typedef struct {
    uint64_t k0x, k1, data; /* data: lo, hi (16 bits each), move, work (8 bits each) */
} Entry;

/* a slot's data, decoded; work 0: an empty slot; else 1 + log2 of the nodes searched */
typedef struct {
    int lo, hi, move, work; /* move 0xff: none */
} Found;

#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define STORE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

static inline uint64_t
data_of(int lo, int hi, int move, int work)
{
    return (uint64_t)(uint16_t)lo | (uint64_t)(uint16_t)hi << 16 | (uint64_t)(uint8_t)move << 32 |
           (uint64_t)(uint8_t)work << 40;
}

static inline Found
found_of(uint64_t data)
{
    Found f = {(int16_t)(data & 0xffff), (int16_t)(data >> 16 & 0xffff), (int)(data >> 32 & 0xff),
               (int)(data >> 40 & 0xff)};
    return f;
}

typedef unsigned __int128 Key;

/* a position's best move when think last searched it (_solver_think.h) */
typedef struct {
    Key key;
    int move;
    unsigned gen; /* the search it comes from: one move's hints never reach the next */
} Hint;

#include "_solver_db.h"

/* The threads of one solve (`threads` > 1; _solver_threads.h): each searches the same
   null-window test on its own copy of the solver, sharing the table, and the first to
   finish gives the answer. `busy` marks the positions some thread is searching, so that the
   others search their younger brothers first (ABDADA's idea, without counters). */
#define MAX_THREADS 64

typedef struct Team {
    int stop;      /* set once a thread has the answer, or the deadline stopped the solve */
    int done;      /* the first finisher sets it, then `result` */
    int result;
    uint64_t *busy;     /* fingerprints of positions being searched, 0: none */
    uint64_t busy_mask; /* slots - 1 */
    int busy_min;       /* only positions with at least this many seeds on the board */
    int helpers;        /* threads besides the caller's */
    int live;           /* helpers running now: their node counts are nodes[0..live) */
    const unsigned long long *nodes[MAX_THREADS];
} Team;

typedef struct {
    PyObject_HEAD
    Params p;
    int total, starter; /* of the game (set_game): every position carries them */
    int ready, game_set;
    int width;    /* bits a hole takes in the key */
    int key_bits; /* bits the whole key takes */
    int use_repeat_bit;
    /* end_rule ROW_EMPTY: nothing in the rules reads the stores (no majority end), so the
       seeds still to be won depend on the board alone. The key leaves the stores out and
       the table keeps bounds on the gain from here (value minus the store difference):
       positions that differ only in how the captured seeds are split share an entry, as
       in Irving, Donkers and Uiterwijk's solver */
    int relative;
    int split; /* with threads: mark positions with db seeds + split seeds or more */
    int etc; /* enhanced transposition cut-offs where at least this many seeds are left */
    int lazy; /* prefetch a child's table slot just before the one searched before it */
    int kalah;      /* 1 + capture rule where kalah_check found Kalah's own moves the core's */
    int fast_moves; /* 1: search with those (0: with the core's, for comparisons) */
    unsigned long long guess_nodes; /* the look-ahead deepens until a depth takes this many */
    unsigned long long horizon;     /* look-ahead positions cut at the depth limit */
    /* think's score: multipliers of the stores, seeds, empty holes and even holes
       differences and of a repeat turn (mancala.ai.scoring.linear_weights) */
    int w_stores, w_seeds, w_empties, w_evens, w_repeat;
    int think_only; /* made for any variant of the C core: think, never solve */
    Hint *hints;    /* think's best moves by position (allocated by the first think) */
    unsigned hint_gen; /* the current search's mark on the hints (think's `fresh` moves it on) */
    int deepened;                   /* look-ahead iterations of the last solve */
    Entry *tt;
    size_t tt_bytes; /* the mapping (huge-page aligned where possible) */
    void *tt_map;
    uint64_t mask; /* entries - 1 (a power of two, at least 2) */
    uint64_t entries, max_entries; /* the table starts small and grows up to max_entries */
    uint64_t used;                 /* slots in use */
    /* during a search */
    unsigned long long nodes;
    unsigned long long helper_nodes; /* of `nodes`, those the helper threads searched */
    int aborted; /* 1: deadline, 2: exception (progress callback or signal) */
    double deadline, next_report, started, every, next_python;
    PyObject *progress;
    int busy;               /* a solve is under way (in some thread) */
    PyThreadState *tstate;  /* the GIL is released while a solve searches */
    int probe, test; /* MTD(f) probe number and the value being tested, for progress */
    int looking;     /* 1 during the look-ahead for the first guess: `test` is its depth */
    int lower, upper;
    Db db; /* endgame database leaves (db.val NULL: none) */
    Team *team; /* the threads of this test (NULL: one thread) */
    int helper; /* 1 in a helper thread's copy of the solver: never takes the GIL */
} SolverObject;

static inline Key
pack(const SolverObject *sv, const State *s)
{
    const int w = sv->width, size = sv->p.size;
    Key k = 0;
    for (int h = 0; h < size; h++)
        k = (k << w) | s->board[h];
    if (!sv->relative)
        k = (k << w) | (unsigned)s->stores[0];
    k = (k << 1) | s->turn;
    if (sv->use_repeat_bit)
        k = (k << 1) | (s->rturn_cnt > 0);
    return k;
}

static inline uint64_t
mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* the pair of slots a key may live in */
static inline Entry *
tt_slot(const SolverObject *sv, uint64_t k0, uint64_t k1)
{
    return sv->tt + (mix64(k0 ^ mix64(k1 + 0x9E3779B97F4A7C15ULL)) & sv->mask & ~1ULL);
}

/* whether slot e holds the key (k0, k1); its data into *f */
static inline int
tt_holds(const Entry *e, uint64_t k0, uint64_t k1, Found *f)
{
    const uint64_t data = LOAD(e->data);
    if (!(data >> 40 & 0xff) || LOAD(e->k1) != k1 || (LOAD(e->k0x) ^ data) != k0)
        return 0;
    *f = found_of(data);
    return 1;
}

static inline int
work_at(const Entry *e)
{
    return (int)(LOAD(e->data) >> 40 & 0xff);
}

/* the slot holding the key (its data in *f), or NULL and the slot to replace in *victim */
static inline Entry *
tt_find(const SolverObject *sv, uint64_t k0, uint64_t k1, Found *f, Entry **victim)
{
    Entry *a = tt_slot(sv, k0, k1), *b = a + 1;
    if (tt_holds(a, k0, k1, f))
        return a;
    if (tt_holds(b, k0, k1, f))
        return b;
    if (victim)
        *victim = work_at(a) <= work_at(b) ? a : b;
    return NULL;
}

static inline uint8_t
work_of(unsigned long long n)
{
    int w = 1;
    while (n > 1 && w < 255) {
        n >>= 1;
        w++;
    }
    return (uint8_t)w;
}

static inline void
tt_write(Entry *e, uint64_t k0, uint64_t k1, uint64_t data)
{
    STORE(e->k1, k1);
    STORE(e->data, data);
    STORE(e->k0x, k0 ^ data);
}

static void
tt_store(SolverObject *sv, uint64_t k0, uint64_t k1, int lo, int hi, int move,
         unsigned long long nodes)
{
    Entry *victim = NULL;
    Found f;
    Entry *e = tt_find(sv, k0, k1, &f, &victim);
    int w = work_of(nodes);
    if (e != NULL) { /* what was known and what is new: both proven */
        if (f.lo > lo)
            lo = f.lo;
        if (f.hi < hi)
            hi = f.hi;
        if (move < 0)
            move = f.move;
        if (f.work > w)
            w = f.work;
        tt_write(e, k0, k1, data_of(lo, hi, move, w));
        return;
    }
    if (!work_at(victim))
        sv->used++;
    tt_write(victim, k0, k1, data_of(lo, hi, move >= 0 ? move : 0xff, w));
}

/* The table: zeroed memory, on 2 MiB pages where the system gives them (a probe is a
   cache miss anyway; with 4 KiB pages it is a TLB miss too). */
#define HUGE_PAGE ((size_t)2 << 20)
#define FIRST_ENTRIES ((uint64_t)1 << 18)

typedef struct {
    void *tt; /* where the memory starts (huge-page aligned when mapped) */
    void *map;
    size_t map_bytes;
} Mem;

static int
mem_bytes(size_t bytes, Mem *m)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    size_t map_bytes = bytes + HUGE_PAGE;
    void *map = mmap(NULL, map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map != MAP_FAILED) {
        uintptr_t at = ((uintptr_t)map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#if defined(MADV_HUGEPAGE)
        madvise((void *)at, bytes, MADV_HUGEPAGE);
#endif
        m->map = map;
        m->map_bytes = map_bytes;
        m->tt = (void *)at;
        return 0;
    }
#endif
    m->map = NULL;
    m->map_bytes = 0;
    m->tt = PyMem_RawCalloc(bytes, 1);
    return m->tt == NULL ? -1 : 0;
}

static int
mem_alloc(uint64_t entries, Mem *m)
{
    return mem_bytes((size_t)entries * sizeof(Entry), m);
}

static void
mem_free(Mem *m)
{
    if (m->tt == NULL)
        return;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (m->map != NULL)
        munmap(m->map, m->map_bytes);
    else
#endif
        PyMem_RawFree(m->tt);
    m->tt = NULL;
    m->map = NULL;
}

static void
tt_free(SolverObject *self)
{
    Mem m = {self->tt, self->tt_map, self->tt_bytes};
    mem_free(&m);
    self->tt = NULL;
    self->tt_map = NULL;
}

static int
tt_alloc(SolverObject *self, uint64_t entries)
{
    Mem m;
    if (mem_alloc(entries, &m) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->tt = m.tt;
    self->tt_map = m.map;
    self->tt_bytes = m.map_bytes;
    self->entries = entries;
    self->mask = entries - 1;
    self->used = 0;
    return 0;
}

/* four times the slots, the entries moved over; a failed allocation stops the growth */
static void
tt_grow(SolverObject *sv)
{
    uint64_t entries = sv->entries * 4;
    if (entries > sv->max_entries)
        entries = sv->max_entries;
    Mem old = {sv->tt, sv->tt_map, sv->tt_bytes}, m;
    const uint64_t old_entries = sv->entries;
    if (mem_alloc(entries, &m) < 0) {
        sv->max_entries = sv->entries;
        return;
    }
    sv->tt = m.tt;
    sv->tt_map = m.map;
    sv->tt_bytes = m.map_bytes;
    sv->entries = entries;
    sv->mask = entries - 1;
    sv->used = 0;
    for (uint64_t i = 0; i < old_entries; i++) { /* one thread: no torn slots here */
        const Entry *e = (const Entry *)old.tt + i;
        if (!work_at(e))
            continue;
        const uint64_t k0 = e->k0x ^ e->data;
        Entry *a = tt_slot(sv, k0, e->k1), *b = a + 1;
        Entry *to = !work_at(a) ? a : !work_at(b) ? b : work_at(a) <= work_at(b) ? a : b;
        if (!work_at(to))
            sv->used++;
        *to = *e;
    }
    mem_free(&old);
}
