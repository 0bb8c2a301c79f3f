/* What jansson's own build would find out about wasm32-wasi (its configure
 * writes this file; the engine's build compiles Debian's jansson sources
 * with it, see the Makefile). */
#define HAVE_STDINT_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_ATOMIC_BUILTINS 1
#define INITIAL_HASHTABLE_ORDER 3
