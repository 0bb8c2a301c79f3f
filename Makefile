# morph: build, run and test. Each target below installs what it needs and
# is missing first (scripts/setup.sh with its profile: run, test, cluster or
# fuzz), so each works on a fresh Debian machine; `make build` only builds.
#
#   make            set up (the compiler and libraries), release build: build/release/morph,
#                   build/release/libmorph.so, and the page's engine web/engine/morph.wasm (make wasm)
#   make python     the release library, then the Python package installed offline (docs/python.md)
#   make run        set up, build, start the web server (morph serve) and print its URL
#   make cluster    set up, build, start PostgreSQL, three servers and HAProxy (docs/deploy.md)
#   make test       set up, build with sanitizers, run every test (several at once)
#   make bench      release build, then `morph bench`
#   make bench-wasm the page's engine against the native build: playouts in Node.js and Chromium
#   make diff-morphos  the Morphos differential test on DIFF_POSITIONS (100,000) positions, sanitizers on
#   make solver-check  the solver's tests on many more positions (release build, minutes)
#   make install    release build into $(DESTDIR)$(PREFIX): bin/morph, share/morph/web and share/morph/puzzles
#   make fuzz       fuzz targets built with clang, each run FUZZ_SECONDS (fuzz/README.md)
#   make clean

VARIANT ?= release
PREFIX ?= /usr/local
B := build/$(VARIANT)

CC ?= cc
WARN := -Wall -Wextra -Wshadow -Wno-unused-parameter
BASE_CFLAGS := -std=c17 -D_GNU_SOURCE $(WARN) -MMD -MP -pthread
ifeq ($(VARIANT),asan)
  OPT := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
  OPT := -O2 -g -march=native
endif
PKG_CFLAGS = $(shell pkg-config --cflags jansson libpq 2>/dev/null || echo -I/usr/include/postgresql)
PKG_LIBS = $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
# The web server: HTTP (libmicrohttpd), storage (SQLite, or PostgreSQL through libpq), SHA-256 of
# tokens (nettle), Argon2id password hashes (libsodium), gzip and zstd answers (libdeflate, libzstd).
SERVER_LIBS = $(shell pkg-config --libs libmicrohttpd sqlite3 libpq nettle libsodium libdeflate libzstd 2>/dev/null || echo -lmicrohttpd -lsqlite3 -lpq -lnettle -lsodium -ldeflate -lzstd)
CFLAGS_ALL = $(BASE_CFLAGS) $(OPT) $(CFLAGS)
LDLIBS_ALL = $(OPT) -pthread $(LDFLAGS) -lm

# The rules library (no I/O): core plus games. AI engines sit on top of it.
LIB_SRCS := $(wildcard src/core/*.c src/games/*.c src/games/*/*.c)
AI_SRCS := $(wildcard src/ai/*.c)
# What every front end shares (sessions, records, JSON forms) and the protocol handlers.
FRONT_SRCS := $(wildcard src/front/*.c src/protocol/*.c)
# The web server (`morph serve`): rooms, API, store, HTTP.
SERVER_SRCS := $(shell find src/server -name "*.c")
CLI_SRCS := $(wildcard src/cli/*.c bench/*.c)
# libmorph.so, for other languages (the Python package, docs/python.md): the rules, the AI and
# what front ends share (records, words, JSON forms) under the flat C API of src/capi, built from
# position-independent objects of their own (build/VARIANT/pic) that export only the API.
CAPI_SRCS := $(wildcard src/capi/*.c)
SO_SRCS := $(LIB_SRCS) $(AI_SRCS) $(wildcard src/front/*.c) $(CAPI_SRCS)
# Server tests link the server and front-end libraries; the others include what they test.
SERVER_TEST_SRCS := $(wildcard tests/unit/test_server*.c)
# The C API's test links libmorph.so, as a program in another language does.
CAPI_TEST_SRCS := tests/unit/test_capi.c
TEST_SRCS := $(filter-out $(SERVER_TEST_SRCS) $(CAPI_TEST_SRCS),$(wildcard tests/unit/test_*.c))
TEST_SUPPORT_SRCS := $(filter-out tests/unit/test_%.c,$(wildcard tests/unit/*.c))

LIB_OBJS := $(LIB_SRCS:%.c=$(B)/obj/%.o)
AI_OBJS := $(AI_SRCS:%.c=$(B)/obj/%.o)
FRONT_OBJS := $(FRONT_SRCS:%.c=$(B)/obj/%.o)
SERVER_OBJS := $(SERVER_SRCS:%.c=$(B)/obj/%.o)
CLI_OBJS := $(CLI_SRCS:%.c=$(B)/obj/%.o)
SO_OBJS := $(SO_SRCS:%.c=$(B)/pic/%.o)
TEST_SUPPORT_OBJS := $(TEST_SUPPORT_SRCS:%.c=$(B)/obj/%.o)
TEST_BINS := $(TEST_SRCS:tests/unit/%.c=$(B)/tests/%)
SERVER_TEST_BINS := $(SERVER_TEST_SRCS:tests/unit/%.c=$(B)/tests/%)
CAPI_TEST_BINS := $(CAPI_TEST_SRCS:tests/unit/%.c=$(B)/tests/%)

# ---- the engine of the page (docs/web.md, "The engine in the page") ----
# The rules, words and AI levels with the page's calls (src/wasm/) compiled
# to WebAssembly by clang for wasm32-wasi (Debian's wasi-libc, compiler-rt's
# wasm32 builtins, wasm-ld), with jansson built from Debian's source package
# (deps/jansson, fetched by scripts/wasm_deps.sh through apt when missing).
# One file, served with the page: web/engine/morph.wasm. It is built whenever
# the toolchain is there (scripts/setup.sh installs it); `make wasm` says
# what is missing.
WASM_CC ?= clang
JANSSON_SRC ?= deps/jansson
WB := build/wasm
WASM := web/engine/morph.wasm
WASM_FRONT := $(filter-out src/front/beside.c src/front/record_file.c src/front/puzzles.c,$(wildcard src/front/*.c))
WASM_SRCS := $(LIB_SRCS) $(filter-out src/ai/morpyam_tune.c,$(AI_SRCS)) $(WASM_FRONT) $(wildcard src/wasm/*.c)
JANSSON_NAMES := dump error hashtable hashtable_seed load memory pack_unpack strbuffer strconv utf value version
WASM_OBJS := $(WASM_SRCS:%.c=$(WB)/obj/%.o) $(JANSSON_NAMES:%=$(WB)/jansson/%.o)
# One thread (src/wasm/compat/pthread.h), mmap emulated by malloc (the
# solver's table), a stack as deep as a native thread's.
WASM_CFLAGS := --target=wasm32-wasi -std=c17 -D_GNU_SOURCE $(WARN) -MMD -MP -O2 -D_WASI_EMULATED_MMAN \
	-Isrc/wasm/compat -I$(WB)/jansson -I$(JANSSON_SRC)/src
WASM_LDFLAGS := --target=wasm32-wasi -mexec-model=reactor -O2 -Wl,--export=malloc -Wl,--export=free \
	-Wl,-z,stack-size=8388608 -Wl,--strip-all -lwasi-emulated-mman
WASM_OK := $(shell test -f /usr/include/wasm32-wasi/stdio.h && command -v wasm-ld >/dev/null && command -v node >/dev/null && \
	test -f "$$($(WASM_CC) --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null)" && \
	{ test -f $(JANSSON_SRC)/src/jansson.h || command -v apt-get >/dev/null; } && echo yes)

# Compilers at once for the builds of run, cluster and test.
JOBS ?= 2

.PHONY: all build tests setup setup-test setup-cluster setup-fuzz run cluster test bench bench-wasm install clean fuzz fuzz-build diff-morphos solver-check wasm python
.SECONDARY:
all: setup
	@$(MAKE) --no-print-directory build
build: $(B)/morph $(B)/libmorph.so $(if $(WASM_OK),$(WASM))
tests: $(B)/morph $(B)/libmorph.so $(TEST_BINS) $(SERVER_TEST_BINS) $(CAPI_TEST_BINS) $(if $(WASM_OK),$(WASM) $(B)/engine_native)

# An archive made anew each time: ar only adds and replaces, so the object
# of a moved or removed file would stay inside.
define archive
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^
endef

$(B)/libmorph.a: $(LIB_OBJS)
	$(archive)

$(B)/libmorphai.a: $(AI_OBJS)
	$(archive)

$(B)/libmorphfront.a: $(FRONT_OBJS)
	$(archive)

$(B)/libmorphserver.a: $(SERVER_OBJS)
	$(archive)

$(B)/morph: $(CLI_OBJS) $(B)/libmorphserver.a $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a
	$(CC) -o $@ $(CLI_OBJS) $(B)/libmorphserver.a $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a \
		$(SERVER_LIBS) $(PKG_LIBS) $(LDLIBS_ALL)

$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(PKG_CFLAGS) -c -o $@ $<

$(B)/pic/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -fPIC -fvisibility=hidden $(PKG_CFLAGS) -c -o $@ $<

$(B)/libmorph.so: $(SO_OBJS)
	$(CC) -shared -Wl,-soname,libmorph.so -o $@ $(SO_OBJS) $(PKG_LIBS) $(LDLIBS_ALL)

$(B)/tests/%: $(B)/obj/tests/unit/%.o $(TEST_SUPPORT_OBJS) $(B)/libmorphai.a $(B)/libmorph.a
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(TEST_SUPPORT_OBJS) $(B)/libmorphai.a $(B)/libmorph.a -lcmocka $(PKG_LIBS) $(LDLIBS_ALL)

$(SERVER_TEST_BINS): $(B)/tests/%: $(B)/obj/tests/unit/%.o $(B)/libmorphserver.a $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(B)/libmorphserver.a $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a -lcmocka \
		$(SERVER_LIBS) $(TEST_EXTRA_LIBS) $(PKG_LIBS) $(LDLIBS_ALL)
# The compression test reads the server's gzip back with zlib, another library than the one that wrote it.
$(B)/tests/test_server_compress: TEST_EXTRA_LIBS = -lz

$(CAPI_TEST_BINS): $(B)/tests/%: $(B)/obj/tests/unit/%.o $(B)/libmorph.so
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(B)/libmorph.so -Wl,-rpath,'$$ORIGIN/..' -lcmocka $(LDLIBS_ALL)

# What building and running need (setup), and what a target needs more.
setup:
	@bash scripts/setup.sh
setup-test setup-cluster setup-fuzz:
	@bash scripts/setup.sh $(@:setup-%=%)

run: setup
	@$(MAKE) --no-print-directory -j$(JOBS) VARIANT=release build
	build/release/morph serve

# Several servers over one PostgreSQL database behind HAProxy, until Ctrl-C.
cluster: setup-cluster
	@$(MAKE) --no-print-directory -j$(JOBS) VARIANT=release build
	bash scripts/cluster.sh --morph build/release/morph

# The page is installed next to the binary: morph serve finds it in
# $(PREFIX)/share/morph/web (or in web/ when run from the source tree).
# VARIANT=asan installs the sanitizer build instead (tests/cli/test_install.sh).
install:
	@$(MAKE) --no-print-directory build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/morph/web $(DESTDIR)$(PREFIX)/share/morph/puzzles
	install -m 755 $(B)/morph $(DESTDIR)$(PREFIX)/bin/morph
	install -m 644 data/puzzles/morphos.txt $(DESTDIR)$(PREFIX)/share/morph/puzzles/morphos.txt
	if [ -d web ]; then cp -R web/. $(DESTDIR)$(PREFIX)/share/morph/web/; fi

# The sanitizer build and the fuzz targets side by side, then the suites,
# TEST_JOBS at a time (tests/run.sh).
test: setup-test
	@$(MAKE) --no-print-directory -j$(JOBS) VARIANT=asan tests fuzz-build
	@bash tests/run.sh build/asan $(FB)

# The Python package (python/, docs/python.md) into Debian's python3, offline: pip builds it
# from python/ with Debian's setuptools and puts the release libmorph.so inside it
# (PIP_FLAGS="--user" or "--target DIR" install elsewhere).
PIP_FLAGS ?= --break-system-packages
python:
	@$(MAKE) --no-print-directory VARIANT=release build/release/libmorph.so
	/usr/bin/python3 -m pip install --no-build-isolation --no-index $(PIP_FLAGS) ./python

bench: setup
	@$(MAKE) --no-print-directory VARIANT=release build
	build/release/morph bench

# The incremental Morphos state against a full recomputation after every
# action (tests/unit/test_morphos_incremental.c; `make test` checks 20,000
# positions).
DIFF_POSITIONS ?= 100000
diff-morphos: setup-test
	@$(MAKE) --no-print-directory VARIANT=asan build/asan/tests/test_morphos_incremental
	MORPH_DIFF_POSITIONS=$(DIFF_POSITIONS) build/asan/tests/test_morphos_incremental

# The solver against minimax on hundreds of positions more than `make test`
# checks (tests/unit/test_solver.c; docs/ai.md gives the latest result).
solver-check: setup-test
	@$(MAKE) --no-print-directory VARIANT=release build/release/tests/test_solver
	MORPH_SOLVER_HEAVY=1 build/release/tests/test_solver

# ---- the engine of the page: its rules (variables above, with the other sources) ----
wasm: $(if $(WASM_OK),$(WASM),wasm-missing)

.PHONY: wasm-missing
wasm-missing:
	@echo "make wasm: the toolchain of the page's engine is missing (clang, wasi-libc, libclang-rt-dev-wasm32, lld, and Node.js to check it): run scripts/setup.sh" >&2; exit 1

# jansson's sources, from Debian's source package (a fresh clone has none yet)
$(JANSSON_SRC)/src/jansson.h:
	bash scripts/wasm_deps.sh
$(JANSSON_SRC)/src/jansson_config.h.in: | $(JANSSON_SRC)/src/jansson.h ;
$(JANSSON_SRC)/src/%.c: | $(JANSSON_SRC)/src/jansson.h ;

# Linked, then checked against the page's loader (scripts/check_wasm.mjs):
# a module importing what web/js/engine.js does not give would not load in
# the page, so it is removed and make fails, saying which imports.
$(WASM): $(WASM_OBJS) web/js/engine.js scripts/check_wasm.mjs
	@mkdir -p $(@D)
	$(WASM_CC) -o $@ $(WASM_OBJS) $(WASM_LDFLAGS)
	@node scripts/check_wasm.mjs $@ || { rm -f $@; echo "make: $@ removed: the page could not load it (above)" >&2; exit 1; }

$(WB)/obj/%.o: %.c $(WB)/jansson/jansson_config.h
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) -c -o $@ $<

$(WB)/jansson/jansson_config.h: $(JANSSON_SRC)/src/jansson_config.h.in
	@mkdir -p $(@D)
	sed -e 's/@json_inline@/inline/' -e 's/@json_have_long_long@/1/' -e 's/@json_have_localeconv@/0/' \
		-e 's/@json_have_atomic_builtins@/1/' -e 's/@json_have_sync_builtins@/0/' $< > $@

$(WB)/jansson/%.o: $(JANSSON_SRC)/src/%.c $(WB)/jansson/jansson_config.h
	$(WASM_CC) --target=wasm32-wasi -O2 -DHAVE_CONFIG_H -Isrc/wasm/compat -I$(WB)/jansson -c -o $@ $<

# The playouts of `morph bench` in WebAssembly, for docs/bench.md: in Node.js
# and Chromium against the native build, side by side (tests/wasm/bench.mjs).
WASM_BENCH_OBJS := $(WASM_OBJS) $(WB)/obj/bench/morphos_rules.o $(WB)/obj/tests/wasm/bench.o
$(WB)/bench.wasm: $(WASM_BENCH_OBJS)
	$(WASM_CC) -o $@ $^ $(WASM_LDFLAGS)

bench-wasm: setup
	@$(MAKE) --no-print-directory VARIANT=release build $(WB)/bench.wasm
	node tests/wasm/bench.mjs build/release/morph $(WB)/bench.wasm

# The same calls built natively, for the tests that compare the two builds
# (tests/wasm/, tests/cli/test_wasm.sh).
ENGINE_OBJS := $(patsubst %.c,$(B)/obj/%.o,$(wildcard src/wasm/*.c))
$(B)/engine_native: $(B)/obj/tests/wasm/native.o $(ENGINE_OBJS) $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(PKG_LIBS) $(LDLIBS_ALL)

# ---- fuzzing (fuzz/README.md) ----
# Every fuzz/fuzz_NAME.c is a libFuzzer target build/fuzz/fuzz_NAME, linked
# with one library of everything but main() (src/cli/main.c), the server
# included (the command line has `serve`, the API has its target), all built by
# clang with the fuzzer's coverage and the address and UB sanitizers.
# fuzz/targets.mk may add sources (FUZZ_SRCS += ...) or link flags for a
# target (fuzz_NAME_LIBS := ...).
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FB := build/fuzz
FUZZ_SAN := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS = -std=c17 -D_GNU_SOURCE $(WARN) -MMD -MP -pthread $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(PKG_CFLAGS)
FUZZ_SRCS := $(filter-out src/cli/main.c,$(LIB_SRCS) $(AI_SRCS) $(FRONT_SRCS) $(SERVER_SRCS) $(CLI_SRCS))
-include fuzz/targets.mk
FUZZ_OBJS := $(FUZZ_SRCS:%.c=$(FB)/obj/%.o)
FUZZ_NAMES := $(patsubst fuzz/fuzz_%.c,%,$(wildcard fuzz/fuzz_*.c))
FUZZ_BINS := $(FUZZ_NAMES:%=$(FB)/fuzz_%)

$(FB)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FB)/libmorphfuzz.a: $(FUZZ_OBJS)
	$(archive)

$(FB)/fuzz_%: $(FB)/obj/fuzz/fuzz_%.o $(FB)/libmorphfuzz.a
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< $(FB)/libmorphfuzz.a $(fuzz_$*_LIBS) $(SERVER_LIBS) $(PKG_LIBS) -pthread -lm

fuzz-build: $(FUZZ_BINS)

fuzz: setup-fuzz
	@$(MAKE) --no-print-directory fuzz-build
	@bash fuzz/run.sh $(FB) $(FUZZ_SECONDS)

clean:
	rm -rf build web/engine python/build python/morph.egg-info

-include $(shell find build -name '*.d' 2>/dev/null)
