/* The post-game analysis of a room's finished game: its actions and the
 * seats' names handed to the analyses' queue (analyses.h), by the API's
 * request or by a server taking over the work of one gone. */

#include "room_internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "../../core/xalloc.h"

int room_analysis_start(Room *r, Analyses *a, const AnalysisAsker *asker)
{
    if (r->meta.status != STATUS_FINISHED)
        return ROOM_NOT_OVER;
    int n = r->session->count;
    char **texts = xmalloc((size_t)(n ? n : 1) * sizeof *texts);
    for (int i = 0; i < n; i++)
        texts[i] = xstrdup(r->session->steps[i].text);
    const char *names[MAX_PLAYERS];
    for (int p = 0; p < MAX_PLAYERS; p++)
        names[p] = r->voice.names[p];
    char key[ANALYSIS_ID_LEN + 1];
    snprintf(key, sizeof key, "%s", r->meta.id);
    int how = analyses_start(a, key, true, r->session->game, texts, n, names, asker);
    for (int i = 0; i < n; i++)
        free(texts[i]);
    free(texts);
    return how;
}
