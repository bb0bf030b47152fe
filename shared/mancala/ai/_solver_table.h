/*
 * The solver's transposition table (included by _solver.c, after the core): the entry,
 * the solver object whose search state it belongs to, packed keys, the two-slot
 * buckets with work-preferred replacement, and the memory (huge pages where given).
 */
typedef struct {
    uint64_t k0, k1;
    int16_t lo, hi;
    uint8_t move, work; /* work 0: empty slot; else 1 + log2 of the nodes searched */
    uint16_t pad;
} Entry;

typedef unsigned __int128 Key;

#include "_solver_db.h"

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
    int etc; /* enhanced transposition cut-offs where at least this many seeds are left */
    int lazy; /* prefetch a child's table slot just before the one searched before it */
    int kalah;      /* 1 + capture rule where kalah_check found Kalah's own moves the core's */
    int fast_moves; /* 1: search with those (0: with the core's, for comparisons) */
    unsigned long long guess_nodes; /* the look-ahead deepens until a depth takes this many */
    unsigned long long horizon;     /* look-ahead positions cut at the depth limit */
    int deepened;                   /* look-ahead iterations of the last solve */
    Entry *tt;
    size_t tt_bytes; /* the mapping (huge-page aligned where possible) */
    void *tt_map;
    uint64_t mask; /* entries - 1 (a power of two, at least 2) */
    uint64_t entries, max_entries; /* the table starts small and grows up to max_entries */
    uint64_t used;                 /* slots in use */
    /* during a search */
    unsigned long long nodes;
    int aborted; /* 1: deadline, 2: exception (progress callback or signal) */
    double deadline, next_report, started, every, next_python;
    PyObject *progress;
    int busy;               /* a solve is under way (in some thread) */
    PyThreadState *tstate;  /* the GIL is released while a solve searches */
    int probe, test; /* MTD(f) probe number and the value being tested, for progress */
    int looking;     /* 1 during the look-ahead for the first guess: `test` is its depth */
    int lower, upper;
    Db db; /* endgame database leaves (db.val NULL: none) */
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

static inline Entry *
tt_find(SolverObject *sv, uint64_t k0, uint64_t k1, Entry **victim)
{
    Entry *a = tt_slot(sv, k0, k1), *b = a + 1;
    if (a->work && a->k0 == k0 && a->k1 == k1)
        return a;
    if (b->work && b->k0 == k0 && b->k1 == k1)
        return b;
    if (victim)
        *victim = a->work <= b->work ? a : b;
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

static void
tt_store(SolverObject *sv, uint64_t k0, uint64_t k1, int lo, int hi, int move,
         unsigned long long nodes)
{
    Entry *victim = NULL;
    Entry *e = tt_find(sv, k0, k1, &victim);
    uint8_t w = work_of(nodes);
    if (e != NULL) {
        if (lo > e->lo)
            e->lo = (int16_t)lo;
        if (hi < e->hi)
            e->hi = (int16_t)hi;
        if (move >= 0)
            e->move = (uint8_t)move;
        if (w > e->work)
            e->work = w;
        return;
    }
    e = victim;
    if (e->work == 0)
        sv->used++;
    e->k0 = k0;
    e->k1 = k1;
    e->lo = (int16_t)lo;
    e->hi = (int16_t)hi;
    e->move = move >= 0 ? (uint8_t)move : 0xff;
    e->work = w;
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
    for (uint64_t i = 0; i < old_entries; i++) {
        const Entry *e = (const Entry *)old.tt + i;
        if (!e->work)
            continue;
        Entry *a = tt_slot(sv, e->k0, e->k1), *b = a + 1;
        Entry *to = !a->work ? a : !b->work ? b : a->work <= b->work ? a : b;
        if (!to->work)
            sv->used++;
        *to = *e;
    }
    mem_free(&old);
}
