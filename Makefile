# morph: build, run and test. Each target below installs what it needs and
# is missing first (scripts/setup.sh with its profile: run, test, cluster or
# fuzz), so each works on a fresh Debian machine; `make build` only builds.
#
#   make            set up (the compiler and libraries), release build: build/release/morph
#   make run        set up, build, start the web server (morph serve) and print its URL
#   make cluster    set up, build, start PostgreSQL, three servers and HAProxy (docs/deploy.md)
#   make test       set up, build with sanitizers, run every test (several at once)
#   make bench      release build, then `morph bench`
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
# tokens (nettle), Argon2id password hashes (libsodium).
SERVER_LIBS = $(shell pkg-config --libs libmicrohttpd sqlite3 libpq nettle libsodium 2>/dev/null || echo -lmicrohttpd -lsqlite3 -lpq -lnettle -lsodium)
CFLAGS_ALL = $(BASE_CFLAGS) $(OPT) $(CFLAGS)
LDLIBS_ALL = $(OPT) -pthread $(LDFLAGS) -lm

# The rules library (no I/O): core plus games. AI engines sit on top of it.
LIB_SRCS := $(wildcard src/core/*.c src/games/*.c src/games/*/*.c)
AI_SRCS := $(wildcard src/ai/*.c)
# What every front end shares (sessions, records, JSON forms) and the protocol handlers.
FRONT_SRCS := $(wildcard src/front/*.c src/protocol/*.c)
# The web server (`morph serve`): rooms, API, store, HTTP.
SERVER_SRCS := $(wildcard src/server/*.c)
CLI_SRCS := $(wildcard src/cli/*.c bench/*.c)
# Server tests link the server and front-end libraries; the others include what they test.
SERVER_TEST_SRCS := $(wildcard tests/unit/test_server*.c)
TEST_SRCS := $(filter-out $(SERVER_TEST_SRCS),$(wildcard tests/unit/test_*.c))
TEST_SUPPORT_SRCS := $(filter-out tests/unit/test_%.c,$(wildcard tests/unit/*.c))

LIB_OBJS := $(LIB_SRCS:%.c=$(B)/obj/%.o)
AI_OBJS := $(AI_SRCS:%.c=$(B)/obj/%.o)
FRONT_OBJS := $(FRONT_SRCS:%.c=$(B)/obj/%.o)
SERVER_OBJS := $(SERVER_SRCS:%.c=$(B)/obj/%.o)
CLI_OBJS := $(CLI_SRCS:%.c=$(B)/obj/%.o)
TEST_SUPPORT_OBJS := $(TEST_SUPPORT_SRCS:%.c=$(B)/obj/%.o)
TEST_BINS := $(TEST_SRCS:tests/unit/%.c=$(B)/tests/%)
SERVER_TEST_BINS := $(SERVER_TEST_SRCS:tests/unit/%.c=$(B)/tests/%)

# Compilers at once for the builds of run, cluster and test.
JOBS ?= 2

.PHONY: all build tests setup setup-test setup-cluster setup-fuzz run cluster test bench install clean fuzz fuzz-build diff-morphos solver-check
.SECONDARY:
all: setup
	@$(MAKE) --no-print-directory build
build: $(B)/morph
tests: $(B)/morph $(TEST_BINS) $(SERVER_TEST_BINS)

$(B)/libmorph.a: $(LIB_OBJS)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(B)/libmorphai.a: $(AI_OBJS)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(B)/libmorphfront.a: $(FRONT_OBJS)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(B)/libmorphserver.a: $(SERVER_OBJS)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(B)/morph: $(CLI_OBJS) $(B)/libmorphserver.a $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a
	$(CC) -o $@ $(CLI_OBJS) $(B)/libmorphserver.a $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a \
		$(SERVER_LIBS) $(PKG_LIBS) $(LDLIBS_ALL)

$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(PKG_CFLAGS) -c -o $@ $<

$(B)/tests/%: $(B)/obj/tests/unit/%.o $(TEST_SUPPORT_OBJS) $(B)/libmorphai.a $(B)/libmorph.a
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(TEST_SUPPORT_OBJS) $(B)/libmorphai.a $(B)/libmorph.a -lcmocka $(PKG_LIBS) $(LDLIBS_ALL)

$(SERVER_TEST_BINS): $(B)/tests/%: $(B)/obj/tests/unit/%.o $(B)/libmorphserver.a $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(B)/libmorphserver.a $(B)/libmorphfront.a $(B)/libmorphai.a $(B)/libmorph.a -lcmocka \
		$(SERVER_LIBS) $(PKG_LIBS) $(LDLIBS_ALL)

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
	$(AR) rcs $@ $^

$(FB)/fuzz_%: $(FB)/obj/fuzz/fuzz_%.o $(FB)/libmorphfuzz.a
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< $(FB)/libmorphfuzz.a $(fuzz_$*_LIBS) $(SERVER_LIBS) $(PKG_LIBS) -pthread -lm

fuzz-build: $(FUZZ_BINS)

fuzz: setup-fuzz
	@$(MAKE) --no-print-directory fuzz-build
	@bash fuzz/run.sh $(FB) $(FUZZ_SECONDS)

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
