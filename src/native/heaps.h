/*
 * The heaps in C, uninstrumented: binary, B-heap and aligned 4-/8-ary, both item forms (keys in the
 * slots, or references to objects) and both workloads (the article's and expiry). A line-for-line
 * port of the WebAssembly kernel (src/core/measure/kernel/assembly/heapKernel.ts), which
 * tests/core/measure/heapKernel.test.ts checks against the instrumented core: the index maps are
 * Varnish's vbh.c's (src/core/structures/heap/indexMaps.ts), the decisions heap.ts's (the second
 * child only if strictly smaller, stop only if the parent is strictly smaller, delete and reorder
 * sift up then down), the keys glibc's random(3) (src/core/workloads/random.ts). So for the same
 * seed it removes the same items in the same order as the core: a hash of their ids says so, and
 * the native helper refuses to report a run whose hash differs from the core's.
 *
 * Where the slots live is the caller's: anonymous memory for timing, a file mapped MAP_SHARED for a
 * run under the operating system's pager. A slot holds one 64-bit word (key form: id << 32 | key;
 * ref form: the object's address) at the start of `1 << slot_shift` bytes, so a page of the
 * mapping holds as many slots as the model's page (512 slots of 8 bytes in a 4 KB page, as in the
 * article; 256 of 16 bytes, …).
 *
 * Each function is always inlined into a variant with the layout, the form and the slot size fixed
 * (heap_run below), so the measured loops have no branch on them, as the WebAssembly kernel's
 * generic instantiations have none.
 */
#ifndef BHEAP_NATIVE_HEAPS_H
#define BHEAP_NATIVE_HEAPS_H

#include <stddef.h>
#include <stdint.h>

#define INLINE static inline __attribute__((always_inline))

enum { LAYOUT_BINARY = 0, LAYOUT_BHEAP = 1, LAYOUT_DARY4 = 2, LAYOUT_DARY8 = 3 };
enum { FORM_KEY = 0, FORM_REF = 1 };
enum { WORKLOAD_PHK = 0, WORKLOAD_EXPIRY = 1 };

/* A 32-byte object of the ref form, as the WebAssembly kernel's: key, slot, id, a free link. */
typedef struct Object {
  uint32_t key;
  uint32_t slot;
  uint32_t id;
  uint32_t unused;
  struct Object *next;
  uint64_t padding;
} Object;

/* Told every `every` operations how far a run has come (the pager's progress); NULL: never. */
typedef void (*ProgressFn)(void *context, uint64_t operations);

typedef struct {
  /* The run: what heap_init was given. */
  int layout;
  int form;
  int workload;
  uint32_t items;
  unsigned slot_shift; /* a slot is 1 << slot_shift bytes */
  /* The B-heap's page geometry, in slots: P, log2 P, P - 1 and H = P / 2. */
  uint64_t page_slots;
  unsigned page_shift;
  uint32_t page_mask;
  uint64_t half;
  /* Memory: the slots (the caller's), and the bookkeeping (the caller's too). */
  unsigned char *slots;
  Object *objects;        /* ref form: object k */
  uint32_t *handles;      /* key form, expiry: the slot of id i */
  uint32_t *live;         /* expiry: live items (ids, or object numbers), in no order */
  int32_t *live_position; /* expiry: each item's place in `live`, or -1 */
  uint32_t *due_bits;     /* expiry: the due times in use, one bit each */
  uint32_t due_words;
  /* The run's state. */
  uint32_t tail;
  uint32_t next_id;
  uint32_t bump;
  Object *free_head;
  uint32_t live_count;
  uint64_t operations;
  uint32_t hash; /* FNV-1a over the removed items' ids, in order */
  /* glibc random(3) TYPE_3. */
  int32_t table[31];
  int front;
  int rear;
  /* Progress. */
  ProgressFn progress;
  void *progress_context;
  uint64_t progress_mask; /* told when (operations & mask) == 0 */
} Heap;

/* ---- glibc random(3), as src/core/workloads/random.ts --------------------------------------- */

static void heap_srandom(Heap *h, uint32_t seed) {
  int32_t word = seed == 0 ? 1 : (int32_t)seed;
  h->table[0] = word;
  for (int i = 1; i < 31; i++) {
    /* Schrage's method, with C's truncating division, as glibc. */
    const int32_t hi = word / 127773;
    const int32_t lo = word % 127773;
    word = 16807 * lo - 2836 * hi;
    if (word < 0) word += 2147483647;
    h->table[i] = word;
  }
  h->front = 3;
  h->rear = 0;
  for (int i = 0; i < 310; i++) {
    /* The first 10 * 31 outputs are thrown away, as glibc does. */
    uint32_t sum = (uint32_t)h->table[h->front] + (uint32_t)h->table[h->rear];
    h->table[h->front] = (int32_t)sum;
    if (++h->front >= 31) h->front = 0;
    if (++h->rear >= 31) h->rear = 0;
  }
}

INLINE uint32_t heap_random(Heap *h) {
  /* Addition wraps modulo 2^32; the least random low bit is dropped. */
  const uint32_t sum = (uint32_t)h->table[h->front] + (uint32_t)h->table[h->rear];
  h->table[h->front] = (int32_t)sum;
  if (++h->front >= 31) h->front = 0;
  if (++h->rear >= 31) h->rear = 0;
  return sum >> 1;
}

/* ---- the index maps: indexMaps.ts (slots u32, children u64: a leaf's child can pass 2^32) ---- */

INLINE uint32_t root_of(int layout) {
  return layout == LAYOUT_DARY4 ? 3 : layout == LAYOUT_DARY8 ? 7 : 1;
}

INLINE uint32_t arity_of(int layout) {
  return layout == LAYOUT_DARY4 ? 4 : layout == LAYOUT_DARY8 ? 8 : 2;
}

/* Bottom-row slot j (position H + j) of page g leads to page g*H + j + 1. */
INLINE uint64_t page_below(const Heap *h, uint32_t slot, uint32_t position) {
  const uint64_t page = slot >> h->page_shift;
  return page * h->half + ((uint64_t)position - h->half) + 1;
}

/* Page g >= 1 hangs from position H + (g-1) mod H of page floor((g-1) / H). */
INLINE uint32_t slot_above(const Heap *h, uint64_t page) {
  const uint64_t page_above = page - 1;
  const uint64_t grand_page = page_above / h->half;
  return (uint32_t)(grand_page * h->page_slots + h->half + (page_above - grand_page * h->half));
}

INLINE uint32_t parent_of(const Heap *h, int layout, uint32_t slot) {
  if (layout == LAYOUT_BINARY) return slot >> 1;
  if (layout == LAYOUT_BHEAP) {
    const uint64_t page = slot >> h->page_shift;
    const uint32_t position = slot & h->page_mask;
    if (page == 0 || position >= 4) return slot - position + (position >> 1);
    if (position >= 2) return slot - 2;
    return slot_above(h, page);
  }
  const uint32_t d = arity_of(layout);
  return slot / d + (d - 2);
}

INLINE uint64_t first_child(const Heap *h, int layout, uint32_t slot) {
  if (layout == LAYOUT_BINARY) return (uint64_t)slot << 1;
  if (layout == LAYOUT_BHEAP) {
    const uint32_t position = slot & h->page_mask;
    if (position < 2 && (uint64_t)slot >= h->page_slots) return (uint64_t)slot + 2;
    if ((uint64_t)position >= h->half) return page_below(h, slot, position) * h->page_slots;
    return (uint64_t)slot + position;
  }
  const uint32_t d = arity_of(layout);
  return (uint64_t)(slot - (d - 2)) * d;
}

INLINE uint64_t second_child(const Heap *h, int layout, uint32_t slot) {
  if (layout == LAYOUT_BHEAP && (slot & h->page_mask) < 2 && (uint64_t)slot >= h->page_slots)
    return (uint64_t)slot + 2;
  return first_child(h, layout, slot) + 1;
}

INLINE uint64_t last_child(const Heap *h, int layout, uint32_t slot) {
  if (layout == LAYOUT_DARY4 || layout == LAYOUT_DARY8)
    return first_child(h, layout, slot) + (arity_of(layout) - 1);
  return second_child(h, layout, slot);
}

/* ---- slots and the item forms ------------------------------------------------------------- */

INLINE uint64_t *slot_at(const Heap *h, unsigned shift, uint32_t slot) {
  return (uint64_t *)(h->slots + ((size_t)slot << shift));
}

/* The key of a slot word: the low word (key form) or the object's key (ref form). */
INLINE uint32_t key_of(int form, uint64_t word) {
  return form == FORM_KEY ? (uint32_t)word : ((const Object *)(uintptr_t)word)->key;
}

INLINE uint32_t id_of(int form, uint64_t word) {
  return form == FORM_KEY ? (uint32_t)(word >> 32) : ((const Object *)(uintptr_t)word)->id;
}

/* What a move writes besides the slot: the handle table (key form, expiry) or the object's slot. */
INLINE void moved(Heap *h, int form, int handles, uint64_t word, uint32_t slot) {
  if (form == FORM_REF) ((Object *)(uintptr_t)word)->slot = slot;
  else if (handles) h->handles[word >> 32] = slot;
}

INLINE uint64_t read_slot(const Heap *h, unsigned shift, uint32_t slot) {
  return *slot_at(h, shift, slot);
}

INLINE void write_slot(Heap *h, int form, int handles, unsigned shift, uint32_t slot,
                       uint64_t word) {
  *slot_at(h, shift, slot) = word;
  moved(h, form, handles, word, slot);
}

/* ---- the heap (heap.ts's decisions; the moving item stays in locals, written once) ----------- */

/* `unsigned shift` is the slot size's log2: a constant in the timed variants. */
#define SIG Heap *h, int layout, int form, int handles, unsigned shift

INLINE uint32_t sift_up(SIG, uint32_t slot, uint64_t word, uint32_t key) {
  const uint32_t root = root_of(layout);
  while (slot > root) {
    const uint32_t parent = parent_of(h, layout, slot);
    const uint64_t parent_word = read_slot(h, shift, parent);
    if (!(key < key_of(form, parent_word))) break;
    write_slot(h, form, handles, shift, slot, parent_word);
    slot = parent;
  }
  write_slot(h, form, handles, shift, slot, word);
  return slot;
}

INLINE uint32_t sift_down(SIG, uint32_t slot, uint64_t word, uint32_t key) {
  const uint64_t last = h->tail;
  const int wide = layout == LAYOUT_DARY4 || layout == LAYOUT_DARY8;
  for (;;) {
    const uint64_t first = first_child(h, layout, slot);
    if (first > last) break;
    uint32_t child = (uint32_t)first;
    uint64_t child_word = read_slot(h, shift, child);
    uint32_t child_key = key_of(form, child_word);
    if (wide) {
      /* Up to d children: each later one wins only if strictly smaller (heap.ts siftDownWide). */
      const uint64_t lc = last_child(h, layout, slot);
      const uint32_t end = (uint32_t)(lc < last ? lc : last);
      for (uint32_t sibling = child + 1; sibling <= end; sibling++) {
        const uint64_t sibling_word = read_slot(h, shift, sibling);
        const uint32_t sibling_key = key_of(form, sibling_word);
        if (sibling_key < child_key) {
          child = sibling;
          child_word = sibling_word;
          child_key = sibling_key;
        }
      }
    } else {
      const uint64_t second = second_child(h, layout, slot);
      /* A B-heap page's entry pair has one child (first == second), as does the tail. */
      if (second != first && second <= last) {
        const uint64_t second_word = read_slot(h, shift, (uint32_t)second);
        const uint32_t second_key = key_of(form, second_word);
        if (second_key < child_key) {
          child = (uint32_t)second;
          child_word = second_word;
          child_key = second_key;
        }
      }
    }
    if (key < child_key) break;
    write_slot(h, form, handles, shift, slot, child_word);
    slot = child;
  }
  write_slot(h, form, handles, shift, slot, word);
  return slot;
}

INLINE void count_operation(Heap *h) {
  h->operations++;
  if (h->progress != NULL && (h->operations & h->progress_mask) == 0)
    h->progress(h->progress_context, h->operations);
}

INLINE void insert_word(SIG, uint64_t word, uint32_t key) {
  count_operation(h);
  sift_up(h, layout, form, handles, shift, ++h->tail, word, key);
}

/*
 * Removes the item in `slot` (popMin at the root, vbh.c's binheap_delete elsewhere): the tail item
 * moves into the hole, sifts up, then down from where it stopped. Returns the removed word.
 */
INLINE uint64_t remove_at(SIG, uint32_t slot) {
  count_operation(h);
  const uint64_t removed = read_slot(h, shift, slot);
  const uint32_t last = h->tail;
  if (slot == last) {
    *slot_at(h, shift, last) = 0;
    h->tail--;
    return removed;
  }
  const uint64_t moving = read_slot(h, shift, last);
  *slot_at(h, shift, last) = 0;
  h->tail--;
  const uint32_t key = key_of(form, moving);
  const uint32_t stop = sift_up(h, layout, form, handles, shift, slot, moving, key);
  sift_down(h, layout, form, handles, shift, stop, moving, key);
  return removed;
}

INLINE void reorder_at(SIG, uint32_t slot, uint64_t word, uint32_t key) {
  count_operation(h);
  const uint32_t stop = sift_up(h, layout, form, handles, shift, slot, word, key);
  sift_down(h, layout, form, handles, shift, stop, word, key);
}

INLINE void note_removed(Heap *h, uint32_t id) { h->hash = (h->hash ^ id) * 16777619u; }

/* ---- ref form: the objects, reused last-freed-first ----------------------------------------- */

INLINE Object *new_object(Heap *h, uint32_t key) {
  Object *object = h->free_head;
  if (object != NULL) h->free_head = object->next;
  else object = &h->objects[h->bump++];
  object->key = key;
  object->id = h->next_id;
  return object;
}

INLINE void free_object(Heap *h, Object *object) {
  object->next = h->free_head;
  h->free_head = object;
}

/* ---- the article's workload (workloads.ts runPhk): N inserts, N popMin + insert, N popMins --- */

INLINE void phk_insert(SIG, uint32_t key) {
  if (form == FORM_KEY) {
    insert_word(h, layout, form, handles, shift, ((uint64_t)h->next_id << 32) | key, key);
  } else {
    Object *object = new_object(h, key);
    insert_word(h, layout, form, handles, shift, (uint64_t)(uintptr_t)object, key);
  }
  h->next_id++;
}

INLINE void phk_pop(SIG) {
  const uint64_t word = remove_at(h, layout, form, handles, shift, root_of(layout));
  note_removed(h, id_of(form, word));
  if (form == FORM_REF) free_object(h, (Object *)(uintptr_t)word);
}

INLINE void run_phk(SIG) {
  const uint32_t n = h->items;
  for (uint32_t i = 0; i < n; i++) phk_insert(h, layout, form, handles, shift, heap_random(h));
  for (uint32_t i = 0; i < n; i++) {
    phk_pop(h, layout, form, handles, shift);
    phk_insert(h, layout, form, handles, shift, heap_random(h));
  }
  for (uint32_t i = 0; i < n; i++) phk_pop(h, layout, form, handles, shift);
}

/* ---- the expiry workload (workloads.ts runExpiry); its bookkeeping is the cache's, not the heap's */

INLINE int due_taken(const Heap *h, uint32_t due) {
  const uint32_t word = due >> 5;
  return word < h->due_words && (h->due_bits[word] & (1u << (due & 31))) != 0;
}

INLINE void set_due(Heap *h, uint32_t due, int taken) {
  /* Due times stay under 7N (workloads.ts DueBitmap); the bitmap holds 8N + 128. */
  const uint32_t word = due >> 5;
  if (word >= h->due_words) __builtin_trap();
  const uint32_t bit = 1u << (due & 31);
  h->due_bits[word] = taken ? h->due_bits[word] | bit : h->due_bits[word] & ~bit;
}

INLINE uint32_t free_due(Heap *h, uint32_t due) {
  while (due_taken(h, due)) due++;
  set_due(h, due, 1);
  return due;
}

/* An item of the live set: its id (key form) or its object's number (ref form). */
INLINE void live_add(Heap *h, uint32_t item) {
  h->live[h->live_count] = item;
  h->live_position[item] = (int32_t)h->live_count;
  h->live_count++;
}

/* workloads.ts's handle callback when an item leaves the heap: out of the live set, due freed. */
INLINE void live_remove(Heap *h, uint32_t item, uint32_t due) {
  const int32_t position = h->live_position[item];
  if (position >= 0) {
    const uint32_t last_item = h->live[--h->live_count];
    h->live[position] = last_item;
    h->live_position[last_item] = position;
    h->live_position[item] = -1;
    set_due(h, due, 0);
  }
}

INLINE uint32_t object_number(const Heap *h, const Object *object) {
  return (uint32_t)(object - h->objects);
}

INLINE void expiry_insert(SIG, uint32_t now, uint32_t ttl_span) {
  const uint32_t due = free_due(h, now + 1 + heap_random(h) % ttl_span);
  if (form == FORM_KEY) {
    const uint32_t id = h->next_id++;
    live_add(h, id);
    insert_word(h, layout, form, handles, shift, ((uint64_t)id << 32) | due, due);
  } else {
    Object *object = new_object(h, due);
    h->next_id++;
    live_add(h, object_number(h, object));
    insert_word(h, layout, form, handles, shift, (uint64_t)(uintptr_t)object, due);
  }
}

INLINE void expiry_pop(SIG) {
  const uint64_t word = remove_at(h, layout, form, handles, shift, root_of(layout));
  if (form == FORM_KEY) {
    const uint32_t id = (uint32_t)(word >> 32);
    note_removed(h, id);
    live_remove(h, id, (uint32_t)word);
  } else {
    Object *object = (Object *)(uintptr_t)word;
    note_removed(h, object->id);
    live_remove(h, object_number(h, object), object->key);
    free_object(h, object);
  }
}

INLINE void run_expiry(SIG) {
  const uint32_t n = h->items;
  const uint32_t ttl_span = 4 * n; /* max(2N, min(keyRange, 4N)) for random(3)'s full range */
  const uint32_t root = root_of(layout);
  uint32_t now = 0;
  h->live_count = 0;
  for (uint32_t i = 0; i < n; i++) expiry_insert(h, layout, form, handles, shift, now, ttl_span);
  for (uint32_t tick = 0; tick < n; tick++) {
    now++;
    const uint32_t action = heap_random(h) & 3;
    if (action <= 1 || h->live_count == 0) {
      expiry_insert(h, layout, form, handles, shift, now, ttl_span);
    } else {
      const uint32_t item = h->live[heap_random(h) % h->live_count];
      if (form == FORM_KEY) {
        const uint32_t slot = h->handles[item];
        if (action == 2) {
          set_due(h, key_of(form, read_slot(h, shift, slot)), 0);
          const uint32_t due = free_due(h, now + 1 + heap_random(h) % ttl_span);
          reorder_at(h, layout, form, handles, shift, slot, ((uint64_t)item << 32) | due, due);
        } else {
          const uint64_t word = remove_at(h, layout, form, handles, shift, slot);
          note_removed(h, item);
          live_remove(h, item, (uint32_t)word);
        }
      } else {
        Object *object = &h->objects[item];
        const uint32_t slot = object->slot;
        if (action == 2) {
          set_due(h, object->key, 0);
          const uint32_t due = free_due(h, now + 1 + heap_random(h) % ttl_span);
          object->key = due;
          reorder_at(h, layout, form, handles, shift, slot, (uint64_t)(uintptr_t)object, due);
        } else {
          remove_at(h, layout, form, handles, shift, slot);
          note_removed(h, object->id);
          live_remove(h, item, object->key);
          free_object(h, object);
        }
      }
    }
    while (h->tail >= root && key_of(form, read_slot(h, shift, root)) <= now)
      expiry_pop(h, layout, form, handles, shift);
  }
  while (h->tail >= root) expiry_pop(h, layout, form, handles, shift);
}

#undef SIG

/* ---- the run ----------------------------------------------------------------------------- */

/* Sets the B-heap's pages to 2^log2 slots (the other layouts have no pages of their own). */
static void heap_set_page_slots(Heap *h, unsigned log2) {
  h->page_shift = log2;
  h->page_slots = (uint64_t)1 << log2;
  h->page_mask = (uint32_t)(h->page_slots - 1);
  h->half = h->page_slots >> 1;
}

/* Most items a run holds at once: N, or 2N for expiry (the fill and at most one per tick). */
static uint64_t heap_capacity(int workload, uint32_t items) {
  return workload == WORKLOAD_PHK ? items : 2 * (uint64_t)items;
}

/* Slots a run addresses: 0 .. capacity + root - 1 (slot 0 and a d-ary heap's padding unused). */
static uint64_t heap_slot_count(int layout, int workload, uint32_t items) {
  return heap_capacity(workload, items) + root_of(layout);
}

/* Due-time bitmap words of an expiry run: 8N + 128 bits. */
static uint32_t heap_due_words(uint32_t items) {
  return (uint32_t)((8 * (uint64_t)items + 128 + 31) / 32);
}

/*
 * One variant, every choice a constant: the compiler folds the layout, the form, the handles and
 * the slot size into the loops (the WebAssembly kernel's generic instantiations).
 */
#define VARIANT(LAYOUT, FORM, HANDLES, SHIFT)                                        \
  do {                                                                               \
    if (h->workload == WORKLOAD_PHK) run_phk(h, LAYOUT, FORM, HANDLES, SHIFT);       \
    else run_expiry(h, LAYOUT, FORM, HANDLES, SHIFT);                                \
  } while (0)

#define LAYOUTS(FORM, HANDLES, SHIFT)                                                \
  do {                                                                               \
    switch (h->layout) {                                                             \
    case LAYOUT_BINARY: VARIANT(LAYOUT_BINARY, FORM, HANDLES, SHIFT); break;         \
    case LAYOUT_BHEAP: VARIANT(LAYOUT_BHEAP, FORM, HANDLES, SHIFT); break;           \
    case LAYOUT_DARY4: VARIANT(LAYOUT_DARY4, FORM, HANDLES, SHIFT); break;           \
    default: VARIANT(LAYOUT_DARY8, FORM, HANDLES, SHIFT); break;                     \
    }                                                                                \
  } while (0)

/* Starts the run afresh with keys from srandom(seed); runs it; returns its operations. */
static uint64_t heap_run(Heap *h, uint32_t seed) {
  heap_srandom(h, seed);
  h->next_id = 0;
  h->bump = 0;
  h->free_head = NULL;
  h->operations = 0;
  h->hash = 2166136261u;
  h->tail = root_of(h->layout) - 1;
  const int handles = h->form == FORM_KEY && h->workload == WORKLOAD_EXPIRY;
  if (h->form == FORM_REF) {
    LAYOUTS(FORM_REF, 0, 3);
  } else if (h->slot_shift == 3) {
    /* 8-byte slots: the timed runs, and the article's 512 slots to a 4 KB page. */
    if (handles) LAYOUTS(FORM_KEY, 1, 3);
    else LAYOUTS(FORM_KEY, 0, 3);
  } else {
    /* Larger slots (fewer to a page): runs under the pager only, where a shift is nothing. */
    const unsigned shift = h->slot_shift;
    if (handles) LAYOUTS(FORM_KEY, 1, shift);
    else LAYOUTS(FORM_KEY, 0, shift);
  }
  return h->operations;
}

#undef LAYOUTS
#undef VARIANT

#endif
