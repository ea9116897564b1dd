/*
 * malloc_counter: counts heap allocations of a running process, for the hot-path audit
 * (Benchmarks/allocations.sh).
 *
 * Preloaded into a server (LD_PRELOAD=malloc_counter.so), it counts every call to malloc,
 * calloc, realloc, posix_memalign, aligned_alloc and memalign, from every thread, and
 * passes each call on to glibc. On SIGUSR2 it writes "allocations N" to standard error,
 * so a script can read the count before and after a known number of requests.
 *
 * Build: cc -O2 -shared -fPIC -o malloc_counter.so malloc_counter.c
 * glibc only: it forwards to glibc's __libc_* entry points.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t allocations;

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size)
{
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; /* ENOMEM */
    *result = pointer;
    return 0;
}

/* Async-signal-safe: formats the number by hand and writes it with write(2). */
static void report(int signal_number)
{
    (void)signal_number;
    char text[48] = "allocations ";
    char digits[24];
    int length = 0;
    uint64_t value = __atomic_load_n(&allocations, __ATOMIC_RELAXED);
    do {
        digits[length++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    int position = 12;
    while (length > 0) text[position++] = digits[--length];
    text[position++] = '\n';
    (void)!write(2, text, (size_t)position);
}

__attribute__((constructor)) static void install(void)
{
    struct sigaction action = {0};
    action.sa_handler = report;
    action.sa_flags = SA_RESTART;
    sigaction(SIGUSR2, &action, NULL);
}
