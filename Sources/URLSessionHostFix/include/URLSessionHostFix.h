#ifndef STANDIN_URL_SESSION_HOST_FIX_H
#define STANDIN_URL_SESSION_HOST_FIX_H

#include <stdbool.h>

/// Whether FoundationNetworking's calls to CFURLSessionCurlHostIsEqual reach the corrected copy in this target
/// (Linux); false on other platforms, where there is nothing to correct. See URLSessionHostFix.c.
bool standin_url_session_host_fix_is_active(void);

#endif
