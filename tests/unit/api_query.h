/* Splitting a test's API path "PATH?k=v&k=v" in place into the path and
 * its query parameters, as the HTTP layer gives them to api_handle (no
 * percent-decoding: the tests' values need none). Shared by the suites'
 * in-process API drivers (api_test.h, api_driver.h, test_server_community.c). */
#ifndef MORPH_TEST_API_QUERY_H
#define MORPH_TEST_API_QUERY_H

#include <string.h>

#include "../../src/server/api/api.h"

/* path is cut at '?'; returns how many parameters (at most max) went into query. */
static inline int api_query_split(char *path, ApiParam *query, int max)
{
    int n = 0;
    char *q = strchr(path, '?');
    if (!q)
        return 0;
    *q++ = '\0';
    for (char *save = NULL, *kv = strtok_r(q, "&", &save); kv && n < max; kv = strtok_r(NULL, "&", &save)) {
        char *eq = strchr(kv, '=');
        if (eq)
            *eq++ = '\0';
        query[n++] = (ApiParam){kv, eq ? eq : ""};
    }
    return n;
}

#endif
