/* The text of leaving at any moment ("resign 2", "timeout 2"), shared by
 * the games (game.h). What leaving does is each game's rule. */
#include <stdio.h>
#include <string.h>

#include "game.h"

void leave_text(Action a, StrBuf *out)
{
    sb_printf(out, "%s %d", leave_why(a) == LEAVE_TIME ? "timeout" : "resign", leave_player(a) + 1);
}

int leave_parse(const char *text, int players, Action *out, char *err, size_t errlen)
{
    int why;
    const char *num;
    if (strncmp(text, "resign ", 7) == 0) {
        why = LEAVE_RESIGN;
        num = text + 7;
    } else if (strncmp(text, "timeout ", 8) == 0) {
        why = LEAVE_TIME;
        num = text + 8;
    } else {
        return 0;
    }
    if (num[0] < '1' || num[0] > '0' + players || num[1]) {
        snprintf(err, errlen, "'%s' names a seat from 1 to %d (e.g. '%s 2')", why == LEAVE_TIME ? "timeout" : "resign",
                 players, why == LEAVE_TIME ? "timeout" : "resign");
        return -1;
    }
    *out = ACTION_LEAVE(num[0] - '1', why);
    return 1;
}
