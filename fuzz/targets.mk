# Extra link flags of fuzz targets that need more than build/fuzz/libmorphfuzz.a,
# one line per target: fuzz_NAME_LIBS := ...   (fuzz/README.md, "Adding a target")
