/* The versioned schema of both stores: migration k takes a database from
 * version k - 1 to k, written once for each backend, so that a SQLite file
 * and a PostgreSQL database of the same version hold the same tables (the
 * PostgreSQL one adds what several servers share: who is alive, who holds
 * which work, the notification of changes). A server applies the missing
 * migrations at start, in one transaction, and refuses a database newer
 * than it knows. */
#ifndef MORPH_STORE_MIGRATIONS_H
#define MORPH_STORE_MIGRATIONS_H

typedef struct StoreMigration {
    int version;
    const char *summary;
    const char *sqlite;     /* statements separated by ';' */
    const char *postgresql; /* statements separated by ';' (sent as one text) */
} StoreMigration;

/* Every migration in order, ended by one with version 0. */
extern const StoreMigration store_migrations[];
/* The version the last migration gives: the one this morph reads. */
int store_schema_version(void);

#endif
