/* The weights of the master's evaluation (morpyam_model.h), written by
 *   morph morpyam tune --games 6000 --rounds 1 --steps 400 --seed 2026
 * Do not edit: run the command again (docs/ai.md).
 *   2 players, round 1: 6000 games of expert self-play, 197265 positions, log-loss 0.60599 (expert 0.61754)
 *   3 players, round 1: 6000 games of expert self-play, 220156 positions, log-loss 0.90587 (expert 0.96218)
 *   4 players, round 1: 6000 games of expert self-play, 210500 positions, log-loss 1.09522 (expert 1.24087)
 */
#include "morpyam_model.h"

const MaiModel mai_master_models[3] = {
    {2, {
        0.0829944597, /* moves_next */
        -0.0829944597, /* moves_second */
        0, /* moves_third */
        -0.202864715, /* points */
        0.157807754, /* placed */
        0.590427398, /* points_late */
        0.599552525, /* last_token */
        0.706930679, /* two_left */
        -0.0171722153, /* win1 */
        -0.0713861291, /* win2 */
        0.170601065, /* win3 */
        0.257257472, /* win1_ease */
        0.774460965, /* win2_ease */
        -0.571454877, /* win3_ease */
        -2.87728115, /* win1_all */
        -3.06700139, /* win2_all */
        0.6823451, /* win3_all */
        0.398893193, /* ko_squares */
        0.284460528, /* ko_ease */
        0.372431597, /* makers */
        -0.338932039, /* double_makers */
        0.104709072, /* open_threes */
        0.0683233452, /* open_fours */
    }},
    {3, {
        0.104307816, /* moves_next */
        -0.0621205779, /* moves_second */
        -0.238117083, /* moves_third */
        -0.109722353, /* points */
        0.364264547, /* placed */
        0.882768263, /* points_late */
        0.532416902, /* last_token */
        0.454689293, /* two_left */
        -0.0768223509, /* win1 */
        0.0503096343, /* win2 */
        -0.403672254, /* win3 */
        0.519319097, /* win1_ease */
        0.178650789, /* win2_ease */
        3.65758912, /* win3_ease */
        -4.29506894, /* win1_all */
        -0.679038783, /* win2_all */
        -6.48526318, /* win3_all */
        0.114791904, /* ko_squares */
        -0.297160569, /* ko_ease */
        0.17175629, /* makers */
        -0.197724899, /* double_makers */
        0.281544266, /* open_threes */
        0.185248673, /* open_fours */
    }},
    {4, {
        0.594145389, /* moves_next */
        0.418598407, /* moves_second */
        0.212570237, /* moves_third */
        -0.00871241124, /* points */
        0.728060503, /* placed */
        1.22179119, /* points_late */
        0.515150472, /* last_token */
        0.211563409, /* two_left */
        -0.0147803223, /* win1 */
        0.0347273573, /* win2 */
        -0.172301847, /* win3 */
        0.113897156, /* win1_ease */
        -0.160206111, /* win2_ease */
        0.203401695, /* win3_ease */
        0.218424186, /* win1_all */
        0.753112854, /* win2_all */
        -3.00269442, /* win3_all */
        -0.227775692, /* ko_squares */
        -0.62355101, /* ko_ease */
        0.65120866, /* makers */
        0.640767549, /* double_makers */
        0.561902564, /* open_threes */
        0.214469191, /* open_fours */
    }},
};
