/*
 * An LD_PRELOAD library for finding who closes a listening socket: every close(2), shutdown(2), dup2(2) or dup3(2)
 * that closes or shuts down a socket that listens writes the port, the call and the caller's stack to the file named
 * by LISTENER_CLOSE_TRACE (default
 * /tmp/listener-close-trace.log). A listening socket that vanishes under a running server (a connection refused
 * while the server still runs) is then found by its port in that file, with the stack of the call that closed it.
 *
 *   cc -shared -fPIC -O1 -o listener-close-trace.so Stress/listener-close-trace.c -ldl
 *   LD_PRELOAD=$PWD/listener-close-trace.so swift test --skip-build
 *
 * Used by Stress/suite-under-load.sh with TRACE_LISTENERS=1. Linux (glibc) only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int (*real_close)(int);
static int (*real_shutdown)(int, int);
static int (*real_dup2)(int, int);
static int (*real_dup3)(int, int, int);
static int log_fd = -1;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void set_up(void) {
    real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
    real_shutdown = (int (*)(int, int))dlsym(RTLD_NEXT, "shutdown");
    real_dup2 = (int (*)(int, int))dlsym(RTLD_NEXT, "dup2");
    real_dup3 = (int (*)(int, int, int))dlsym(RTLD_NEXT, "dup3");
    const char *path = getenv("LISTENER_CLOSE_TRACE");
    log_fd = open(path ? path : "/tmp/listener-close-trace.log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

/* The port `fd` listens on, or 0 when it is not a listening socket. */
static int listening_port(int fd) {
    int listening = 0;
    socklen_t length = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) != 0 || !listening) return 0;
    struct sockaddr_storage address;
    socklen_t size = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &size) != 0) return 0;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return 0;
}

/* Writes one record, the head line and the stack, with a single write(2): the processes of a run share the file
 * (O_APPEND), and a record written in pieces would interleave with theirs. */
static void trace(const char *call, int fd, int port) {
    if (log_fd < 0) return;
    char record[8192];
    size_t used = (size_t)snprintf(record, sizeof record, "== %s(%d) of a socket listening on port %d, process %d, thread %lu\n",
                                   call, fd, port, (int)getpid(), (unsigned long)pthread_self());
    void *frames[32];
    int depth = backtrace(frames, 32);
    char **symbols = backtrace_symbols(frames, depth);
    for (int index = 0; symbols && index < depth && used < sizeof record; index++) {
        used += (size_t)snprintf(record + used, sizeof record - used, "%s\n", symbols[index]);
    }
    free(symbols);
    if (used > sizeof record) used = sizeof record;
    write(log_fd, record, used);
}

int close(int fd) {
    pthread_once(&once, set_up);
    int port = listening_port(fd);
    if (port) trace("close", fd, port);
    return real_close(fd);
}

int shutdown(int fd, int how) {
    pthread_once(&once, set_up);
    int port = listening_port(fd);
    if (port) trace("shutdown", fd, port);
    return real_shutdown(fd, how);
}

/* dup2 and dup3 close the descriptor they duplicate onto. */
int dup2(int old, int new) {
    pthread_once(&once, set_up);
    int port = listening_port(new);
    if (port) trace("dup2 onto", new, port);
    return real_dup2(old, new);
}

int dup3(int old, int new, int flags) {
    pthread_once(&once, set_up);
    int port = listening_port(new);
    if (port) trace("dup3 onto", new, port);
    return real_dup3(old, new, flags);
}
