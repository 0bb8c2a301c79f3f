/* store_open: the backend that --db names (a libpq URI: PostgreSQL, shared
 * by several servers; anything else: an SQLite file). The top of the
 * store: it alone knows both backends. */
#include "store.h"

Store *store_open(const StoreConfig *config, char *err, size_t errlen)
{
    if (store_is_postgresql(config->db))
        return store_open_pg(config->db, config->pool > 0 ? config->pool : STORE_POOL_DEFAULT, err, errlen);
    return store_open_sqlite_wal(config->db, config->durable, config->wal_mib, err, errlen);
}
