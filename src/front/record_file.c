/* Records written to files: atomically (a temporary file, synced, renamed
 * over the record), what a record may replace, and the temporary files of
 * dead processes removed (record.h). record.c makes and reads the record
 * itself. */
#include "record.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>

#include "../core/utf8.h"
#include "../core/xalloc.h"

/* The name of temporary files of path: PATH.tmp.PID.XXXXXX (mkstemp), so a
 * stale one can be told from a live one by its process id. */
#define TMP_INFIX ".tmp."

bool record_write(const char *path, const json_t *doc, RecordSync sync, char *err, size_t errlen)
{
    char *text = json_dumps(doc, JSON_INDENT(2));
    if (!text) {
        snprintf(err, errlen, "cannot write record '%s': out of memory", path);
        return false;
    }
    size_t len = strlen(text);
    char *line = realloc(text, len + 2); /* a record ends with a newline */
    if (!line) {
        free(text);
        snprintf(err, errlen, "cannot write record '%s': out of memory", path);
        return false;
    }
    memcpy(line + len, "\n", 2);
    bool ok = file_write_atomic(path, line, "record", sync, err, errlen);
    free(line);
    return ok;
}

bool file_write_atomic(const char *path, const char *text, const char *what, RecordSync sync, char *err, size_t errlen)
{
    size_t plen = strlen(path);
    char *tmp = xmalloc(plen + 48);
    snprintf(tmp, plen + 48, "%s" TMP_INFIX "%ld.XXXXXX", path, (long)getpid());
    /* A new file that nobody else can have opened (O_EXCL), with the mode of
     * the record it replaces, or the usual mode for a new file. */
    int fd = mkstemp(tmp);
    bool ok = false;
    if (fd < 0) {
        snprintf(err, errlen, "cannot write %s '%s': %s", what, path, strerror(errno));
        free(tmp);
        return false;
    }
    struct stat st;
    mode_t mode;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    fchmod(fd, mode);
    FILE *f = fdopen(fd, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s '%s': %s", what, path, strerror(errno));
        close(fd);
        unlink(tmp);
    } else {
        bool written = fputs(text, f) >= 0 && fflush(f) == 0 &&
                       (sync == RECORD_ATOMIC || fsync(fileno(f)) == 0);
        int saved = errno;
        if (fclose(f) != 0 && written) {
            written = false;
            saved = errno;
        }
        if (!written) {
            snprintf(err, errlen, "cannot write %s '%s': %s", what, path, strerror(saved));
            unlink(tmp);
        } else if (rename(tmp, path) != 0) {
            snprintf(err, errlen, "cannot write %s '%s': renaming '%s' over it: %s", what, path, tmp, strerror(errno));
            unlink(tmp);
        } else if (sync == RECORD_ATOMIC) {
            ok = true;
        } else {
            ok = true;
            /* Make the rename itself durable. */
            char *dir_copy = xstrdup(path);
            int dfd = open(dirname(dir_copy), O_RDONLY | O_DIRECTORY);
            if (dfd >= 0) {
                fsync(dfd);
                close(dfd);
            }
            free(dir_copy);
        }
    }
    if (!ok)
        utf8_repair(err);
    free(tmp);
    return ok;
}

/* Whether name is "BASE.tmp.PID.XXXXXX" for this base; *pid gets PID. */
static bool temp_name_of(const char *name, const char *base, long *pid)
{
    size_t blen = strlen(base), ilen = strlen(TMP_INFIX);
    if (strncmp(name, base, blen) != 0 || strncmp(name + blen, TMP_INFIX, ilen) != 0)
        return false;
    const char *p = name + blen + ilen;
    size_t digits = strspn(p, "0123456789");
    if (digits == 0 || digits > 9 || p[digits] != '.')
        return false;
    const char *suffix = p + digits + 1;
    if (strlen(suffix) != 6 || strspn(suffix, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") != 6)
        return false;
    *pid = strtol(p, NULL, 10);
    return *pid > 0;
}

int record_remove_stale_temps(const char *path)
{
    char *dir_copy = xstrdup(path), *base_copy = xstrdup(path);
    const char *dir = dirname(dir_copy), *base = basename(base_copy);
    int removed = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        long pid;
        if (!temp_name_of(e->d_name, base, &pid) || pid == (long)getpid())
            continue;
        /* Stale: the process that wrote it is gone. A live process, or one
         * we may not signal, keeps its file. */
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char *full = xmalloc(strlen(dir) + strlen(e->d_name) + 2);
        sprintf(full, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(full, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && unlink(full) == 0)
            removed++;
        free(full);
    }
    if (d)
        closedir(d);
    free(dir_copy);
    free(base_copy);
    return removed;
}

RecordPath record_path_check(const char *path, const Session *s, const char *created)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? RECORD_PATH_FREE : RECORD_PATH_OTHER;
    if (S_ISLNK(st.st_mode))
        return RECORD_PATH_LINK;
    if (!S_ISREG(st.st_mode))
        return RECORD_PATH_NOT_FILE;
    json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, NULL);
    json_t *mine = record_from_session(s, created);
    bool same = json_is_object(doc);
    /* The same game: what identifies it, actions aside (they may be behind). */
    static const char *const keys[] = {"format", "game", "options", "players", "seed", "created"};
    for (size_t i = 0; same && i < sizeof keys / sizeof keys[0]; i++) {
        const json_t *a = json_object_get(doc, keys[i]), *b = json_object_get(mine, keys[i]);
        same = a && b && record_same_json(a, b);
    }
    json_decref(doc);
    json_decref(mine);
    if (!same)
        return RECORD_PATH_OTHER;
    return (st.st_mode & 0222) ? RECORD_PATH_SAME_GAME : RECORD_PATH_READ_ONLY;
}

bool record_save(const Session *s, const char *path, const char *created, RecordSync sync, char *err,
                 size_t errlen)
{
    json_t *doc = record_from_session(s, created);
    bool ok = record_write(path, doc, sync, err, errlen);
    json_decref(doc);
    return ok;
}

