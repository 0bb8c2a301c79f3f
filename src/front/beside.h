/* Files that come with morph, found next to the running binary: in the
 * source tree (build/VARIANT/morph) or installed (PREFIX/bin/morph). */
#ifndef MORPH_BESIDE_H
#define MORPH_BESIDE_H

#include <stdbool.h>
#include <stddef.h>

/* The first of the n paths (each relative to the binary's folder, starting
 * with '/') that usable() accepts, resolved to an absolute path in out. */
bool beside_binary(const char *const *relative, size_t n, bool (*usable)(const char *path), char *out, size_t outlen);

#endif
