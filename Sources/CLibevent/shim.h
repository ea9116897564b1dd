// The libevent API StandIn's engine uses: evhttp, listeners, timers and pthread support.
//
// A libc header must come before any <event2/...> header, or the Clang module build fails
// with an `fd_set` / `__fds_bits` error.
#ifndef STANDIN_CLIBEVENT_SHIM_H
#define STANDIN_CLIBEVENT_SHIM_H

#include <sys/types.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <event2/util.h>

#endif
