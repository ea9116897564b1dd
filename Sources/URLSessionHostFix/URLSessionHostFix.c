/*
 * A corrected copy of FoundationNetworking's CFURLSessionCurlHostIsEqual, for Linux.
 *
 * Why: swift-corelibs-foundation calls CFURLSessionCurlHostIsEqual for every URLSession task (from
 * _EasyHandle.set(url:)). In the Swift 6.3 toolchains it parses the URL with libcurl's curl_url() and then frees the
 * handle with curl_free() instead of curl_url_cleanup(), so the copies of the URL's parts (scheme, host, port,
 * path, ...) leak: about 150-190 bytes per request. `standin record` sends every request through URLSession, so its
 * memory grew without bound. The same function also refused IPv6 literal hosts (`http://[::1]:8080`): libcurl keeps
 * the brackets, URL.host drops them. Both are fixed upstream by swiftlang/swift-corelibs-foundation#5498 (commit
 * c8c342068), which no 6.3 release has; this is that version. Delete this target once the toolchain StandIn builds
 * with includes the fix.
 *
 * How: libFoundationNetworking.so calls the function through its PLT, so a definition in the executable, which the
 * linker exports because a linked shared library defines the same name, takes its place for the whole process.
 * standin_url_session_host_fix_is_active() checks that this happened.
 *
 * libcurl is not linked here (its development files are not needed): its functions are looked up once, at the first
 * call, in the libcurl FoundationNetworking has already loaded. Safe from any thread (pthread_once).
 */
#if defined(__linux__)

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include "URLSessionHostFix.h"

/* libcurl's URL API (curl/urlapi.h), declared here by hand. */
typedef struct Curl_URL CURLU;
enum { CURLUPART_URL = 0, CURLUPART_HOST = 5 };

static struct {
    CURLU *(*url)(void);
    void (*cleanup)(CURLU *);
    int (*set)(CURLU *, int, const char *, unsigned int);
    int (*get)(CURLU *, int, char **, unsigned int);
    void (*free)(void *);
} curl;
static pthread_once_t curl_found = PTHREAD_ONCE_INIT;

static void find_curl(void)
{
    curl.url = (CURLU * (*)(void)) dlsym(RTLD_DEFAULT, "curl_url");
    curl.cleanup = (void (*)(CURLU *))dlsym(RTLD_DEFAULT, "curl_url_cleanup");
    curl.set = (int (*)(CURLU *, int, const char *, unsigned int))dlsym(RTLD_DEFAULT, "curl_url_set");
    curl.get = (int (*)(CURLU *, int, char **, unsigned int))dlsym(RTLD_DEFAULT, "curl_url_get");
    curl.free = (void (*)(void *))dlsym(RTLD_DEFAULT, "curl_free");
}

/* Whether the host of `url` is `expected` (an IPv6 host without its brackets), as upstream's corrected version. */
__attribute__((weak, visibility("default"))) bool CFURLSessionCurlHostIsEqual(const char *url, const char *expected)
{
    pthread_once(&curl_found, find_curl);
    if (!curl.url || !curl.cleanup || !curl.set || !curl.get || !curl.free) return false;
    CURLU *handle = curl.url();
    if (handle == NULL) return false;
    bool equal = false;
    char *host = NULL;
    if (curl.set(handle, CURLUPART_URL, url, 0) == 0 && curl.get(handle, CURLUPART_HOST, &host, 0) == 0) {
        const char *start = host;
        size_t length = strlen(host);
        if (length >= 2 && host[0] == '[' && host[length - 1] == ']') {
            start += 1;
            length -= 2;
        }
        equal = length == strlen(expected) && strncmp(start, expected, length) == 0;
        curl.free(host);
    }
    curl.cleanup(handle); /* the upstream bug: curl_free(handle), which leaves the parts behind */
    return equal;
}

bool standin_url_session_host_fix_is_active(void)
{
    return dlsym(RTLD_DEFAULT, "CFURLSessionCurlHostIsEqual") == (void *)CFURLSessionCurlHostIsEqual;
}

#else

#include "URLSessionHostFix.h"

bool standin_url_session_host_fix_is_active(void) { return false; }

#endif
