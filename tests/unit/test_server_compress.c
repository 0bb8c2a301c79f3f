/* Compressed answers (src/server/http/compress.h): which Accept-Encoding
 * headers take gzip and zstd, which types are worth compressing, gzip and
 * zstd that decode back to the same bytes (and nothing for what would not
 * shrink), and the page's files kept compressed until they change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "../../src/server/http/compress.h"

static void accept_encoding_headers(void **unused)
{
    assert_true(compress_accepts_gzip("gzip"));
    assert_true(compress_accepts_gzip("gzip, deflate, br"));
    assert_true(compress_accepts_gzip("br;q=1.0, GZIP;q=0.5"));
    assert_true(compress_accepts_gzip("deflate, x-gzip"));
    assert_true(compress_accepts_gzip("*"));
    assert_false(compress_accepts_gzip(NULL));
    assert_false(compress_accepts_gzip(""));
    assert_false(compress_accepts_gzip("identity"));
    assert_false(compress_accepts_gzip("br, deflate"));
    assert_false(compress_accepts_gzip("gzip;q=0"));
    assert_false(compress_accepts_gzip("gzip; q=0.000, identity"));
    assert_false(compress_accepts_gzip("gzipped"));
}

static void accept_encoding_zstd(void **unused)
{
    assert_true(compress_accepts_zstd("gzip, deflate, br, zstd")); /* Chromium and Firefox over HTTPS */
    assert_true(compress_accepts_zstd("ZSTD;q=0.9"));
    assert_true(compress_accepts_zstd("zstd"));
    assert_false(compress_accepts_zstd("gzip, deflate, br")); /* Safari */
    assert_false(compress_accepts_zstd("*"));                 /* "*" is taken as gzip */
    assert_false(compress_accepts_zstd("zstd;q=0, gzip"));
    assert_false(compress_accepts_zstd("zstdx"));
    assert_false(compress_accepts_zstd(NULL));
    assert_false(compress_accepts_zstd(""));
}

static void types_worth_compressing(void **unused)
{
    assert_true(compress_type_worth_it("application/json"));
    assert_true(compress_type_worth_it("text/javascript; charset=utf-8"));
    assert_true(compress_type_worth_it("application/wasm"));
    assert_true(compress_type_worth_it("image/svg+xml"));
    assert_true(compress_type_worth_it("application/manifest+json"));
    assert_false(compress_type_worth_it("image/png"));
    assert_false(compress_type_worth_it("font/woff2"));
    assert_false(compress_type_worth_it("application/octet-stream"));
}

/* Inflates gz into out (cap bytes); the length, or -1. */
static long inflate_all(const char *gz, size_t len, char *out, size_t cap)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 15 + 16) != Z_OK)
        return -1;
    z.next_in = (Bytef *)gz;
    z.avail_in = (uInt)len;
    z.next_out = (Bytef *)out;
    z.avail_out = (uInt)cap;
    int rc = inflate(&z, Z_FINISH);
    long n = (long)z.total_out;
    inflateEnd(&z);
    return rc == Z_STREAM_END ? n : -1;
}

/* Text like a state's legal list (it compresses well) in text; its length. */
static size_t legal_like_text(char *text, size_t cap)
{
    size_t n = 0;
    for (int i = 0; n + 64 < cap; i++)
        n += (size_t)snprintf(text + n, cap - n, "{\"action\":\"c%d\",\"text\":\"Black places a stone\"},", i % 9);
    return n;
}

/* Bytes that do not compress. */
static void fill_noise(unsigned char *out, size_t n, unsigned x)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)((x = x * 1103515245u + 12345u) >> 16);
}

static void gzip_round_trip(void **unused)
{
    char text[8192], back[8192];
    size_t n = legal_like_text(text, sizeof text);
    size_t len = 0;
    char *gz = compress_gzip(text, n, COMPRESS_JSON_LEVEL, &len);
    assert_non_null(gz);
    assert_true(len < n / 4);
    assert_int_equal(inflate_all(gz, len, back, sizeof back), (long)n);
    assert_memory_equal(back, text, n);
    free(gz);
    /* what would not shrink is not compressed */
    unsigned char noise[600];
    fill_noise(noise, sizeof noise, 12345);
    assert_null(compress_gzip((const char *)noise, sizeof noise, 9, &len));
}

static void zstd_round_trip(void **unused)
{
    char text[8192], back[8192];
    size_t n = legal_like_text(text, sizeof text);
    size_t len = 0;
    char *packed = compress_zstd(text, n, &len);
    assert_non_null(packed);
    assert_true(len < n / 4);
    size_t got = ZSTD_decompress(back, sizeof back, packed, len);
    assert_false(ZSTD_isError(got));
    assert_int_equal(got, n);
    assert_memory_equal(back, text, n);
    free(packed);
    unsigned char noise[600];
    fill_noise(noise, sizeof noise, 777);
    assert_null(compress_zstd((const char *)noise, sizeof noise, &len));
}

/* Each thread keeps its own compressor: threads compressing at once each
 * get their own text back, and a thread's compressor is freed when it ends
 * (ASan's leak check). */
static void *compress_many(void *arg)
{
    int k = (int)(intptr_t)arg;
    char text[4096], back[4096];
    size_t n = 0;
    while (n + 40 < sizeof text)
        n += (size_t)snprintf(text + n, sizeof text - n, "{\"thread\":%d,\"n\":%zu},", k, n % 7);
    for (int i = 0; i < 200; i++) {
        size_t len = 0;
        char *gz = compress_gzip(text, n, COMPRESS_JSON_LEVEL, &len);
        if (!gz || inflate_all(gz, len, back, sizeof back) != (long)n || memcmp(back, text, n) != 0) {
            free(gz);
            return (void *)1;
        }
        free(gz);
        char *packed = compress_zstd(text, n, &len);
        size_t got = packed ? ZSTD_decompress(back, sizeof back, packed, len) : 0;
        free(packed);
        if (!packed || got != n || memcmp(back, text, n) != 0)
            return (void *)1;
    }
    return NULL;
}

static void compressors_per_thread(void **unused)
{
    pthread_t t[4];
    for (int k = 0; k < 4; k++)
        assert_int_equal(pthread_create(&t[k], NULL, compress_many, (void *)(intptr_t)k), 0);
    for (int k = 0; k < 4; k++) {
        void *failed = NULL;
        pthread_join(t[k], &failed);
        assert_null(failed);
    }
    assert_null(compress_many((void *)(intptr_t)9)); /* and on this thread, at another level before and after */
    size_t len = 0;
    char text[2048];
    memset(text, 'a', sizeof text);
    char *gz = compress_gzip(text, sizeof text, COMPRESS_FILE_LEVEL, &len);
    assert_non_null(gz);
    free(gz);
    assert_null(compress_many((void *)(intptr_t)9));
}

/* Writes text to path and opens it: fd and st. */
static int put_file(const char *path, const char *text, struct stat *st)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < 100; i++)
        fputs(text, f);
    fclose(f);
    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(fstat(fd, st), 0);
    return fd;
}

static void files_kept_until_they_change(void **unused)
{
    char path[] = "/tmp/morph-compress-XXXXXX";
    int tmp = mkstemp(path);
    assert_true(tmp >= 0);
    close(tmp);
    struct stat st;
    char back[16384];
    size_t len = 0;
    int fd = put_file(path, "export const a = 'first version of the file';\n", &st);
    char *gz = compress_file(path, fd, &st, &len);
    assert_non_null(gz);
    assert_int_equal(inflate_all(gz, len, back, sizeof back), (long)st.st_size);
    assert_memory_equal(back, "export const a = 'first", 23);
    free(gz);
    /* the same file again: the copy kept, even with the descriptor closed */
    close(fd);
    char *again = compress_file(path, -1, &st, &len);
    assert_non_null(again);
    free(again);
    /* changed (another size): compressed again from the new content */
    fd = put_file(path, "export const b = 'the second version, longer than the first';\n", &st);
    gz = compress_file(path, fd, &st, &len);
    assert_non_null(gz);
    assert_int_equal(inflate_all(gz, len, back, sizeof back), (long)st.st_size);
    assert_memory_equal(back, "export const b", 14);
    free(gz);
    close(fd);
    /* a small file is not worth it */
    FILE *f = fopen(path, "w");
    fputs("tiny", f);
    fclose(f);
    fd = open(path, O_RDONLY);
    fstat(fd, &st);
    assert_null(compress_file(path, fd, &st, &len));
    close(fd);
    unlink(path);
    compress_forget();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accept_encoding_headers),
        cmocka_unit_test(accept_encoding_zstd),
        cmocka_unit_test(types_worth_compressing),
        cmocka_unit_test(gzip_round_trip),
        cmocka_unit_test(zstd_round_trip),
        cmocka_unit_test(compressors_per_thread),
        cmocka_unit_test(files_kept_until_they_change),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
