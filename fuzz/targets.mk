# What fuzz targets need beyond build/fuzz/libmorphfuzz.a (everything of
# src/ but main), one line each (fuzz/README.md, "Adding a target"):
#   FUZZ_SRCS += $(wildcard src/NEW/*.c)        sources of a new library
#   fuzz_NAME_LIBS := -lmicrohttpd               link flags of target NAME
