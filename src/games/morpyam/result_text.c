/* How a Morpyam game ended, for people: who won and how, then each
 * player's points and the lines and bonus that made them. */
#include <stdio.h>
#include <string.h>

#include "words.h"
#include "ops.h"

void morpyam_names(const Voice *v, unsigned mask, StrBuf *out)
{
    char buf[8];
    int n = __builtin_popcount(mask), i = 0;
    for (unsigned m = mask; m; m &= m - 1, i++)
        sb_printf(out, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", voice_name(v, __builtin_ctz(m), buf));
}

/* The longest run of five or more of p, 0 when none. */
static uint64_t ko_line(const MorpyamState *s, int p)
{
    MorpyamRun runs[48];
    int n = morpyam_runs(s->tokens[p], runs), best = -1;
    for (int i = 0; i < n; i++)
        if (runs[i].len >= 5 && (best < 0 || runs[i].len > runs[best].len))
            best = i;
    return best < 0 ? 0 : runs[best].squares;
}

static void points_words(const MorpyamState *t, const Voice *v, StrBuf *out)
{
    GameResult r;
    char buf[8];
    t->base.game->ops->result(&t->base, &r);
    unsigned won = t->winners;
    int players = t->cfg->players, best = 0;
    for (int p = 0; p < players; p++)
        if (won >> p & 1)
            best = r.points[p];
    morpyam_names(v, won, out);
    if (__builtin_popcount(won) > 1) {
        sb_printf(out, " share the win on points with %d each", best);
        return;
    }
    int winner = __builtin_ctz(won);
    if (players == 2) {
        sb_printf(out, " wins on points, %d to %d", best, r.points[1 - winner]);
    } else {
        sb_printf(out, " wins on points with %d (", best);
        for (int p = 0, i = 0; p < players; p++)
            if (p != winner)
                sb_printf(out, "%s%s %d", i++ ? ", " : "", voice_name(v, p, buf), r.points[p]);
        sb_putc(out, ')');
    }
    for (int p = 0; p < players; p++)
        if (p != winner && r.points[p] == best && (t->alive >> p & 1)) {
            sb_printf(out, ", the tie going to %s, who placed the last token", voice_name(v, winner, buf));
            break;
        }
}

void morpyam_outcome_words(const MorpyamState *t, const Voice *v, StrBuf *out)
{
    char buf[8];
    int winner = t->winners ? __builtin_ctz(t->winners) : 0;
    switch (t->how) {
    case MH_KO: {
        uint64_t line = ko_line(t, winner);
        sb_printf(out, "%s wins by KO", voice_name(v, winner, buf));
        if (line) {
            sb_puts(out, " with a line of ");
            morpyam_count_words(__builtin_popcountll(line), out);
        } else {
            sb_puts(out, ": five alike in a replay turn (daversa)");
        }
        break;
    }
    case MH_FORFEIT:
    case MH_TIME: {
        /* who left, and how: the last one decides the title */
        unsigned gone = ((1u << t->cfg->players) - 1) & ~t->winners, timed = gone & t->timed_out;
        unsigned first = t->how == MH_TIME ? timed : gone & ~timed, then = gone & ~first;
        sb_printf(out, "%s wins %s: ", voice_name(v, winner, buf), t->how == MH_TIME ? "on time" : "by forfeit");
        morpyam_names(v, first, out);
        sb_puts(out, t->how == MH_TIME ? " ran out of time" : " resigned");
        if (then) {
            sb_puts(out, "; ");
            morpyam_names(v, then, out);
            sb_puts(out, t->how == MH_TIME ? " resigned" : " ran out of time");
        }
        break;
    }
    case MH_CAP:
        sb_printf(out, "the turn limit of %d turns is reached: ", t->cfg->turn_cap);
        points_words(t, v, out);
        sb_puts(out, " (no end bonus)");
        break;
    default:
        points_words(t, v, out);
        break;
    }
}

/* "5 points (two lines of three +2, a line of four +2, end bonus +1)" */
static void player_points(const MorpyamState *s, int p, int total, StrBuf *out)
{
    MorpyamRun runs[48];
    int n = morpyam_runs(s->tokens[p], runs), count[7] = {0}, parts = 0;
    for (int i = 0; i < n; i++)
        count[runs[i].len > 6 ? 6 : runs[i].len]++;
    sb_printf(out, "%d point%s (", total, total == 1 ? "" : "s");
    for (int len = 3; len <= 4; len++) {
        if (!count[len])
            continue;
        sb_puts(out, parts++ ? ", " : "");
        if (count[len] == 1) {
            sb_puts(out, "a line");
        } else {
            morpyam_count_words(count[len], out);
            sb_puts(out, " lines");
        }
        sb_puts(out, " of ");
        morpyam_count_words(len, out);
        sb_printf(out, " +%d", count[len] * morpyam_run_value(len, s->cfg->players));
    }
    for (int len = 5; len <= 6; len++)
        if (count[len]) {
            sb_puts(out, parts++ ? ", " : "");
            sb_puts(out, "a line of ");
            morpyam_count_words(len, out);
            sb_puts(out, ": KO");
        }
    if (p == s->bonus_player)
        sb_puts(out, parts++ ? ", end bonus +1" : "end bonus +1");
    sb_puts(out, parts ? ")" : "no line)");
}

void morpyam_describe_result(const State *st, const Voice *v, StrBuf *out)
{
    const MorpyamState *s = morpyam_state(st);
    GameResult r;
    char buf[8];
    st->game->ops->result(st, &r);
    if (s->phase != MP_OVER) {
        sb_puts(out, "The game is not over yet. Points so far:\n");
    } else {
        StrBuf line = STRBUF_INIT;
        morpyam_outcome_words(s, v, &line);
        /* a capital letter to start the sentence ("the turn limit ...") */
        if (line.len && line.data[0] >= 'a' && line.data[0] <= 'z')
            line.data[0] = (char)(line.data[0] - 'a' + 'A');
        sb_puts(out, sb_str(&line));
        sb_free(&line);
        uint64_t ko = s->how == MH_KO ? ko_line(s, __builtin_ctz(s->winners)) : 0;
        if (ko) {
            sb_puts(out, ":");
            for (uint64_t m = ko; m; m &= m - 1) {
                char name[3];
                morpyam_square_name(__builtin_ctzll(m), name);
                sb_printf(out, " %s", name);
            }
        }
        sb_puts(out, ".\n");
        if (s->how == MH_KO)
            sb_puts(out, "A KO wins outright, whatever the points; the points below are for the record.\n"
                         "Only whole lines score, so a line of three or four that grew into the KO line\n"
                         "no longer counts, and the KO line itself is worth no points.\n");
        else if (s->how == MH_POINTS)
            sb_printf(out, "%s placed the last token and gets the end bonus (+1).\n", voice_name(v, s->bonus_player, buf));
    }
    for (int p = 0; p < s->cfg->players; p++) {
        sb_printf(out, "%s: ", voice_name(v, p, buf));
        player_points(s, p, r.points[p], out);
        sb_puts(out, (s->timed_out >> p & 1) ? ", out on time\n" : !(s->alive >> p & 1) ? ", resigned\n" : "\n");
    }
}
