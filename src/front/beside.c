#include "beside.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool beside_binary(const char *const *relative, size_t n, bool (*usable)(const char *path), char *out, size_t outlen)
{
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return false;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    for (size_t i = 0; i < n; i++) {
        char path[PATH_MAX + 64], real[PATH_MAX];
        snprintf(path, sizeof path, "%s%s", exe, relative[i]);
        if (usable(path) && realpath(path, real) && strlen(real) < outlen) {
            strcpy(out, real);
            return true;
        }
    }
    return false;
}
