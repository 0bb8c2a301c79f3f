/* Counts the full n x n boards on which neither player has a move. Boards
 * are filled row by row from the bottom; after each row, any pattern lying
 * wholly in the filled rows is final, so a weak stone there prunes every
 * board that would extend it. */
#include "morphos.h"

static void fill(const MorphosConfig *c, Bb stones[2], int row, MorphosDeadlocks *out)
{
    if (row == c->n) {
        out->no_moves++;
        if (!morphos_connected(c, &stones[0], MORPHOS_BLACK) && !morphos_connected(c, &stones[1], MORPHOS_WHITE))
            out->no_moves_no_winner++;
        return;
    }
    for (unsigned mask = 0; mask < 1u << c->n; mask++) {
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, row);
            bb_set(&stones[mask >> col & 1], b);
            bb_clear(&stones[!(mask >> col & 1)], b);
        }
        Bb weak;
        morphos_weak(c, &stones[0], &stones[1], &weak);
        if (!bb_empty(&weak, c->nw))
            continue;
        morphos_weak(c, &stones[1], &stones[0], &weak);
        if (!bb_empty(&weak, c->nw))
            continue;
        fill(c, stones, row + 1, out);
    }
    for (int col = 0; col < c->n; col++) {
        bb_clear(&stones[0], morphos_bit(c, col, row));
        bb_clear(&stones[1], morphos_bit(c, col, row));
    }
}

void morphos_count_deadlocks(const MorphosConfig *c, MorphosDeadlocks *out)
{
    Bb stones[2];
    bb_zero(&stones[0]);
    bb_zero(&stones[1]);
    out->no_moves = out->no_moves_no_winner = 0;
    fill(c, stones, 0, out);
}
