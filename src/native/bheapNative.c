/*
 * The native helper: the heaps of heaps.h run as a real program, for what WebAssembly in Node cannot
 * do. The CLI builds it on first use (src/cli/native/nativeBuild.ts) and speaks to it in lines.
 *
 *   bheap-native info
 *     One JSON line: the system's page size.
 *   bheap-native hash layout=L page-log2=K form=F workload=W items=N seed=S
 *     Runs once in anonymous memory; one JSON line: the operations and the hash of the removed ids.
 *   bheap-native serve
 *     Timing for `sim measure --native`: reads commands from stdin, one per line, answers one line
 *     each ("ok …" or "error …"):
 *       init L K F W N    lays out a run (codes as the WebAssembly kernel's init) and clears it
 *       batch R S         runs it R times with seeds S, S+1, …; "ok cpuNs wallNs operations"
 *       hash S            runs it once with seed S; "ok operations hash"
 *   bheap-native pager layout=L page-items=P workload=W items=N seed=S file=PATH expect-hash=H
 *                      [charge-file=PATH | charge-cgroup2=MOUNT]
 *     A run under the operating system's pager (`sim kernel`): the heap's array is the file, mapped
 *     MAP_SHARED with readahead off (MADV_RANDOM), so the kernel's reclaim evicts its pages and reads
 *     them back; the CLI has put this process in a memory cgroup. Lines on stdout:
 *       ready {…}       set up, nothing of the array touched yet; waits for "go" on stdin (the CLI
 *                       then reads what the group holds and sets its limit)
 *       progress {…}    about twice a second: operations, pages read so far, array pages resident
 *                       and, read at the same instant, what the group is charged (charge-file=, or
 *                       memory.current of this process's own cgroup v2 group under charge-cgroup2=):
 *                       the CLI keeps the group's limit at what it holds besides the array plus
 *                       the room asked for
 *       done {…}        the counters; then waits for "bye" (the CLI reads the group's counters
 *                       while this process still holds its memory)
 *     If the removed items' hash differs from expect-hash (the TypeScript core's), it prints
 *     "mismatch {…}" instead of "done", reports no counter, and exits 3.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "heaps.h"

/* ---- small things ----------------------------------------------------------------------------- */

static void fail(const char *what) {
  printf("error %s%s%s\n", what, errno != 0 ? ": " : "", errno != 0 ? strerror(errno) : "");
  fflush(stdout);
  exit(2);
}

static uint64_t clock_ns(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static size_t align_up(size_t value, size_t to) { return (value + to - 1) / to * to; }

/* Anonymous memory, zeroed and touched (so the system maps its pages now, not during a run). */
static void *anonymous(size_t bytes) {
  if (bytes == 0) return NULL;
  void *at = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (at == MAP_FAILED) fail("cannot allocate memory");
  memset(at, 0, bytes);
  return at;
}

/* The value of `name=` among the arguments, or NULL. */
static const char *argument(int argc, char **argv, const char *name) {
  const size_t length = strlen(name);
  for (int i = 2; i < argc; i++) {
    if (strncmp(argv[i], name, length) == 0 && argv[i][length] == '=') return argv[i] + length + 1;
  }
  return NULL;
}

static uint64_t number_argument(int argc, char **argv, const char *name, uint64_t most) {
  const char *text = argument(argc, argv, name);
  if (text == NULL || *text == '\0') {
    errno = 0;
    fprintf(stdout, "error missing %s=\n", name);
    exit(2);
  }
  char *end = NULL;
  errno = 0;
  const unsigned long long value = strtoull(text, &end, 10);
  if (errno != 0 || *end != '\0' || value > most) {
    fprintf(stdout, "error %s=%s is not a number up to %" PRIu64 "\n", name, text, most);
    exit(2);
  }
  return value;
}

static int layout_code(const char *name) {
  if (name == NULL) return -1;
  if (strcmp(name, "binary") == 0) return LAYOUT_BINARY;
  if (strcmp(name, "bheap") == 0) return LAYOUT_BHEAP;
  if (strcmp(name, "dary4") == 0) return LAYOUT_DARY4;
  if (strcmp(name, "dary8") == 0) return LAYOUT_DARY8;
  return -1;
}

static int workload_code(const char *name) {
  if (name == NULL) return -1;
  if (strcmp(name, "phk") == 0) return WORKLOAD_PHK;
  if (strcmp(name, "expiry") == 0) return WORKLOAD_EXPIRY;
  return -1;
}

/* Waits for the line `word` on stdin; anything else (or its end) ends the process. */
static void await_line(const char *word) {
  char line[64];
  if (fgets(line, sizeof line, stdin) == NULL) exit(4);
  line[strcspn(line, "\n")] = '\0';
  if (strcmp(line, word) != 0) exit(4);
}

/* ---- memory for a run in anonymous memory (hash, serve) -------------------------------------- */

typedef struct {
  unsigned char *base;
  size_t bytes;
} Region;

/*
 * Lays out a run as the WebAssembly kernel's init does, in one region: the slots from a 2 MB
 * boundary (every B-heap page size up to 2 MB starts on one), then the objects, the handle table
 * and the expiry bookkeeping, each from a 64-byte line. Clears it all. Returns the bytes used.
 */
static size_t layout_in_region(Heap *h, Region *region, int layout, unsigned page_log2, int form,
                               int workload, uint32_t items) {
  memset(h, 0, sizeof *h);
  h->layout = layout;
  h->form = form;
  h->workload = workload;
  h->items = items;
  h->slot_shift = 3;
  heap_set_page_slots(h, page_log2);
  const uint64_t capacity = heap_capacity(workload, items);
  const uint64_t ids = 2 * (uint64_t)items;
  size_t at = 0;
  const size_t slots_at = at;
  at = align_up(at + 8 * (capacity + 8), 64);
  const size_t objects_at = at;
  if (form == FORM_REF) at = align_up(at + sizeof(Object) * capacity, 64);
  const size_t handles_at = at;
  if (form == FORM_KEY && workload == WORKLOAD_EXPIRY) at = align_up(at + 4 * ids, 64);
  const size_t live_at = at;
  const uint32_t due_words = heap_due_words(items);
  if (workload == WORKLOAD_EXPIRY) at = align_up(at + 4 * capacity + 4 * ids + 4 * due_words, 64);
  const size_t end = at;
  const size_t huge = (size_t)2 << 20;
  if (region->bytes < end + huge) {
    if (region->base != NULL) munmap(region->base, region->bytes);
    region->bytes = align_up(end + huge, huge);
    region->base = mmap(NULL, region->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                        -1, 0);
    if (region->base == MAP_FAILED) {
      region->base = NULL;
      region->bytes = 0;
      return 0;
    }
  }
  unsigned char *start = (unsigned char *)align_up((size_t)(uintptr_t)region->base, huge);
  memset(start, 0, end);
  h->slots = start + slots_at;
  h->objects = (Object *)(start + objects_at);
  h->handles = (uint32_t *)(start + handles_at);
  h->live = (uint32_t *)(start + live_at);
  h->live_position = (int32_t *)(start + live_at + 4 * capacity);
  h->due_bits = (uint32_t *)(start + live_at + 4 * capacity + 4 * ids);
  h->due_words = due_words;
  return end;
}

/* Before each run of an expiry workload: nothing live, no due time taken. */
static void reset_bookkeeping(Heap *h) {
  if (h->workload != WORKLOAD_EXPIRY) return;
  memset(h->live_position, 0xff, 4 * 2 * (size_t)h->items);
  memset(h->due_bits, 0, 4 * (size_t)h->due_words);
}

/* ---- info, hash ---------------------------------------------------------------------------- */

static int info(void) {
  printf("{\"pageBytes\":%ld}\n", sysconf(_SC_PAGESIZE));
  return 0;
}

static int hash(int argc, char **argv) {
  const int layout = layout_code(argument(argc, argv, "layout"));
  const int workload = workload_code(argument(argc, argv, "workload"));
  const char *form_name = argument(argc, argv, "form");
  if (layout < 0 || workload < 0 || form_name == NULL) fail("layout=, form= or workload= unknown");
  const int form = strcmp(form_name, "ref") == 0 ? FORM_REF : FORM_KEY;
  const unsigned page_log2 = (unsigned)number_argument(argc, argv, "page-log2", 21);
  const uint32_t items = (uint32_t)number_argument(argc, argv, "items", 1u << 30);
  const uint32_t seed = (uint32_t)number_argument(argc, argv, "seed", UINT32_MAX);
  Heap h;
  Region region = {NULL, 0};
  if (layout_in_region(&h, &region, layout, page_log2, form, workload, items) == 0)
    fail("cannot allocate memory");
  reset_bookkeeping(&h);
  const uint64_t operations = heap_run(&h, seed);
  printf("{\"operations\":%" PRIu64 ",\"hash\":%" PRIu32 "}\n", operations, h.hash);
  return 0;
}

/* ---- serve: timing for `sim measure --native` ------------------------------------------------ */

static int serve(void) {
  Heap h;
  memset(&h, 0, sizeof h);
  Region region = {NULL, 0};
  int ready = 0;
  char line[256];
  while (fgets(line, sizeof line, stdin) != NULL) {
    int layout, page_log2, form, workload;
    unsigned long long items, runs, seed;
    if (sscanf(line, "init %d %d %d %d %llu", &layout, &page_log2, &form, &workload, &items) == 5) {
      if (layout < 0 || layout > 3 || page_log2 < 1 || page_log2 > 21 || form < 0 || form > 1 ||
          workload < 0 || workload > 1 || items < 1 || items > (1ull << 30)) {
        printf("error init out of range\n");
      } else {
        const size_t bytes = layout_in_region(&h, &region, layout, (unsigned)page_log2, form,
                                              workload, (uint32_t)items);
        ready = bytes > 0;
        if (ready) printf("ok %zu\n", bytes);
        else printf("error cannot allocate memory for %llu items\n", items);
      }
    } else if (sscanf(line, "batch %llu %llu", &runs, &seed) == 2) {
      if (!ready) {
        printf("error batch before init\n");
      } else {
        uint64_t operations = 0;
        const uint64_t cpu = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
        const uint64_t wall = clock_ns(CLOCK_MONOTONIC);
        for (unsigned long long i = 0; i < runs; i++) {
          reset_bookkeeping(&h);
          operations += heap_run(&h, (uint32_t)(seed + i));
        }
        const uint64_t cpu_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu;
        const uint64_t wall_ns = clock_ns(CLOCK_MONOTONIC) - wall;
        printf("ok %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", cpu_ns, wall_ns, operations);
      }
    } else if (sscanf(line, "hash %llu", &seed) == 1) {
      if (!ready) {
        printf("error hash before init\n");
      } else {
        reset_bookkeeping(&h);
        const uint64_t operations = heap_run(&h, (uint32_t)seed);
        printf("ok %" PRIu64 " %" PRIu32 "\n", operations, h.hash);
      }
    } else if (strncmp(line, "quit", 4) == 0) {
      break;
    } else {
      printf("error unknown command\n");
    }
    fflush(stdout);
  }
  return 0;
}

/* ---- pager: a run under the operating system's own pager ------------------------------------- */

typedef struct {
  uint64_t read_bytes;
  uint64_t write_bytes;
  uint64_t cancelled_write_bytes;
} ProcIo;

/* This process's /proc/self/io: bytes it caused to be read from and written to storage. */
static ProcIo read_proc_io(void) {
  ProcIo io = {0, 0, 0};
  FILE *file = fopen("/proc/self/io", "r");
  if (file == NULL) fail("cannot read /proc/self/io");
  char name[64];
  unsigned long long value;
  while (fscanf(file, "%63[^:]: %llu\n", name, &value) == 2) {
    if (strcmp(name, "read_bytes") == 0) io.read_bytes = value;
    else if (strcmp(name, "write_bytes") == 0) io.write_bytes = value;
    else if (strcmp(name, "cancelled_write_bytes") == 0) io.cancelled_write_bytes = value;
  }
  fclose(file);
  return io;
}

/* The group's charge in bytes from a file holding one number (memory.usage_in_bytes, memory.current). */
static int64_t read_charge(const char *path) {
  if (path == NULL) return -1;
  FILE *file = fopen(path, "r");
  if (file == NULL) return -1;
  long long value = -1;
  if (fscanf(file, "%lld", &value) != 1) value = -1;
  fclose(file);
  return value;
}

/* memory.current of this process's cgroup v2 group ("0::/path" in /proc/self/cgroup) under `mount`. */
static char *own_cgroup2_charge_file(const char *mount) {
  FILE *file = fopen("/proc/self/cgroup", "r");
  if (file == NULL) return NULL;
  char line[4096];
  char *found = NULL;
  while (fgets(line, sizeof line, file) != NULL) {
    if (strncmp(line, "0::", 3) != 0) continue;
    line[strcspn(line, "\n")] = '\0';
    const size_t bytes = strlen(mount) + strlen(line + 3) + sizeof "/memory.current";
    found = malloc(bytes);
    if (found != NULL) snprintf(found, bytes, "%s%s/memory.current", mount, line + 3);
    break;
  }
  fclose(file);
  return found;
}

typedef struct {
  const char *charge_file;
  unsigned char *map;
  size_t map_bytes;
  size_t page_bytes;
  unsigned char *resident; /* mincore's answer, a byte per page */
  size_t pages;
  ProcIo io_start;
  uint64_t wall_start;
  uint64_t total_operations;
  uint64_t next_report_ns;
  /* Array pages resident, sampled with each progress line. */
  uint64_t resident_min;
  uint64_t resident_max;
  double resident_sum;
  uint64_t resident_samples;
} Pager;

/* Pages of the array in the page cache now (mincore: resident, mapped or not). */
static uint64_t resident_pages(Pager *p) {
  if (mincore(p->map, p->map_bytes, p->resident) != 0) fail("mincore failed");
  uint64_t count = 0;
  for (size_t i = 0; i < p->pages; i++) count += p->resident[i] & 1;
  return count;
}

static uint64_t sample_resident(Pager *p) {
  const uint64_t pages = resident_pages(p);
  if (p->resident_samples == 0 || pages < p->resident_min) p->resident_min = pages;
  if (pages > p->resident_max) p->resident_max = pages;
  p->resident_sum += (double)pages;
  p->resident_samples++;
  return pages;
}

/* Told every 4,096 operations; about twice a second, a progress line and a residency sample. */
static void pager_progress(void *context, uint64_t operations) {
  Pager *p = context;
  const uint64_t now = clock_ns(CLOCK_MONOTONIC);
  if (now < p->next_report_ns) return;
  p->next_report_ns = now + 500000000u;
  /* Residency and charge back to back: the run stands still between them. */
  const uint64_t resident = sample_resident(p);
  const int64_t charged = read_charge(p->charge_file);
  const ProcIo io = read_proc_io();
  printf("progress {\"operations\":%" PRIu64 ",\"expectedOperations\":%" PRIu64
         ",\"pagesRead\":%" PRIu64 ",\"wallSeconds\":%.3f,\"arrayPagesResident\":%" PRIu64
         ",\"chargedBytes\":%" PRId64 "}\n",
         operations, p->total_operations,
         (io.read_bytes - p->io_start.read_bytes) / p->page_bytes,
         (double)(now - p->wall_start) / 1e9, resident, charged);
  fflush(stdout);
}

static double seconds_of(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec / 1e6; }

static int pager(int argc, char **argv) {
  const int layout = layout_code(argument(argc, argv, "layout"));
  const int workload = workload_code(argument(argc, argv, "workload"));
  const char *path = argument(argc, argv, "file");
  if (layout < 0 || workload < 0 || path == NULL) fail("layout=, workload= or file= missing");
  const uint64_t page_items = number_argument(argc, argv, "page-items", 1u << 20);
  const uint32_t items = (uint32_t)number_argument(argc, argv, "items", 1u << 30);
  const uint32_t seed = (uint32_t)number_argument(argc, argv, "seed", UINT32_MAX);
  const uint32_t expect_hash = (uint32_t)number_argument(argc, argv, "expect-hash", UINT32_MAX);
  const size_t page_bytes = (size_t)sysconf(_SC_PAGESIZE);
  /* A page of the mapping holds page-items slots: a slot is page_bytes / page_items bytes. */
  if (page_items < 1 || (page_items & (page_items - 1)) != 0 || page_items * 8 > page_bytes) {
    errno = 0;
    fail("page-items= must be a power of two with at least 8 bytes per slot");
  }
  unsigned slot_shift = 0;
  while (((size_t)1 << slot_shift) < page_bytes / page_items) slot_shift++;
  unsigned page_log2 = 0;
  while (((uint64_t)1 << page_log2) < page_items) page_log2++;

  Heap h;
  memset(&h, 0, sizeof h);
  h.layout = layout;
  h.form = FORM_KEY;
  h.workload = workload;
  h.items = items;
  h.slot_shift = slot_shift;
  heap_set_page_slots(&h, page_log2 < 1 ? 1 : page_log2);
  /* The bookkeeping is the process's own memory, charged to the group but never paged (no swap). */
  if (workload == WORKLOAD_EXPIRY) {
    const uint64_t capacity = heap_capacity(workload, items);
    const uint64_t ids = 2 * (uint64_t)items;
    h.handles = anonymous(4 * ids);
    h.live = anonymous(4 * capacity);
    h.live_position = anonymous(4 * ids);
    h.due_words = heap_due_words(items);
    h.due_bits = anonymous(4 * (size_t)h.due_words);
    reset_bookkeeping(&h);
  }

  Pager p;
  memset(&p, 0, sizeof p);
  p.charge_file = argument(argc, argv, "charge-file");
  const char *cgroup2 = argument(argc, argv, "charge-cgroup2");
  if (p.charge_file == NULL && cgroup2 != NULL) p.charge_file = own_cgroup2_charge_file(cgroup2);
  p.page_bytes = page_bytes;
  p.map_bytes =
      align_up((size_t)heap_slot_count(layout, workload, items) << slot_shift, page_bytes);
  p.pages = p.map_bytes / page_bytes;
  p.total_operations = 4 * (uint64_t)items;
  p.resident = anonymous(p.pages);

  const int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0) fail("cannot open the file");
  struct stat status;
  if (fstat(fd, &status) != 0) fail("cannot stat the file");
  if ((size_t)status.st_size != p.map_bytes) {
    errno = 0;
    printf("error the file has %lld bytes; the array needs %zu\n", (long long)status.st_size,
           p.map_bytes);
    return 2;
  }
  p.map = mmap(NULL, p.map_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p.map == MAP_FAILED) fail("cannot map the file");
  /* Random access: no readahead around a fault, so each major fault reads one page. */
  if (madvise(p.map, p.map_bytes, MADV_RANDOM) != 0) fail("madvise(MADV_RANDOM) failed");
  /* Nobody else needs the name: the space is freed when this process ends, however it ends. */
  if (unlink(path) != 0) fail("cannot unlink the file");
  h.slots = p.map;
  const uint64_t resident_at_start = resident_pages(&p);

  printf("ready {\"mapBytes\":%zu,\"arrayPages\":%zu,\"pageBytes\":%zu,\"slotBytes\":%zu,"
         "\"arrayPagesResident\":%" PRIu64 ",\"pid\":%ld}\n",
         p.map_bytes, p.pages, page_bytes, (size_t)1 << slot_shift, resident_at_start,
         (long)getpid());
  fflush(stdout);
  await_line("go");

  struct rusage usage_start;
  getrusage(RUSAGE_SELF, &usage_start);
  p.io_start = read_proc_io();
  p.wall_start = clock_ns(CLOCK_MONOTONIC);
  p.next_report_ns = p.wall_start + 500000000u;
  h.progress = pager_progress;
  h.progress_context = &p;
  h.progress_mask = 4095;
  const uint64_t operations = heap_run(&h, seed);
  const uint64_t wall_ns = clock_ns(CLOCK_MONOTONIC) - p.wall_start;
  struct rusage usage_end;
  getrusage(RUSAGE_SELF, &usage_end);
  const ProcIo io_end = read_proc_io();
  sample_resident(&p);
  const uint64_t resident_at_end = resident_pages(&p);

  if (h.hash != expect_hash) {
    printf("mismatch {\"hash\":%" PRIu32 ",\"expectedHash\":%" PRIu32 ",\"operations\":%" PRIu64
           "}\n",
           h.hash, expect_hash, operations);
    fflush(stdout);
    return 3;
  }
  const double user = seconds_of(usage_end.ru_utime) - seconds_of(usage_start.ru_utime);
  const double system = seconds_of(usage_end.ru_stime) - seconds_of(usage_start.ru_stime);
  printf("done {\"operations\":%" PRIu64 ",\"hash\":%" PRIu32 ",\"majorFaults\":%ld"
         ",\"minorFaults\":%ld,\"readBytes\":%" PRIu64 ",\"writeBytes\":%" PRIu64
         ",\"cancelledWriteBytes\":%" PRIu64 ",\"userSeconds\":%.6f,\"systemSeconds\":%.6f"
         ",\"wallSeconds\":%.6f,\"arrayPagesResidentMin\":%" PRIu64
         ",\"arrayPagesResidentMax\":%" PRIu64 ",\"arrayPagesResidentMean\":%.1f"
         ",\"arrayPagesResidentSamples\":%" PRIu64 ",\"arrayPagesResidentAtEnd\":%" PRIu64 "}\n",
         operations, h.hash, usage_end.ru_majflt - usage_start.ru_majflt,
         usage_end.ru_minflt - usage_start.ru_minflt, io_end.read_bytes - p.io_start.read_bytes,
         io_end.write_bytes - p.io_start.write_bytes,
         io_end.cancelled_write_bytes - p.io_start.cancelled_write_bytes, user, system,
         (double)wall_ns / 1e9, p.resident_min, p.resident_max,
         p.resident_sum / (double)p.resident_samples, p.resident_samples, resident_at_end);
  fflush(stdout);
  await_line("bye");
  munmap(p.map, p.map_bytes);
  close(fd);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bheap-native info|hash|serve|pager …\n");
    return 2;
  }
  if (strcmp(argv[1], "info") == 0) return info();
  if (strcmp(argv[1], "hash") == 0) return hash(argc, argv);
  if (strcmp(argv[1], "serve") == 0) return serve();
  if (strcmp(argv[1], "pager") == 0) return pager(argc, argv);
  fprintf(stderr, "bheap-native: unknown mode %s\n", argv[1]);
  return 2;
}
