/* The weights of the master's evaluation (morpyam_model.h), written by
 *   morph morpyam tune --games 6000 --rounds 1 --steps 400 --seed 2026 --players 2
 * Do not edit: run the command again (docs/ai.md).
 *   2 players, round 1: 6000 games of expert self-play, 197265 positions, log-loss 0.60599 (expert 0.61754)
 *   3 players: the weights of the build that ran the command, kept
 *   4 players: the weights of the build that ran the command, kept
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
        0.103018592, /* moves_next */
        -0.0602567504, /* moves_second */
        -0.236775856, /* moves_third */
        -0.110343932, /* points */
        0.364014544, /* placed */
        0.884322264, /* points_late */
        0.546779114, /* last_token */
        0.453675021, /* two_left */
        -0.0770766798, /* win1 */
        0.0504790773, /* win2 */
        -0.403110004, /* win3 */
        0.520567425, /* win1_ease */
        0.177979747, /* win2_ease */
        3.64942963, /* win3_ease */
        -4.31587447, /* win1_all */
        -0.684388777, /* win2_all */
        -6.47333369, /* win3_all */
        0.1104974, /* ko_squares */
        -0.286636453, /* ko_ease */
        0.172518019, /* makers */
        -0.196011873, /* double_makers */
        0.281480125, /* open_threes */
        0.184888139, /* open_fours */
    }},
    {4, {
        0.591951995, /* moves_next */
        0.422378848, /* moves_second */
        0.213071368, /* moves_third */
        -0.00783510006, /* points */
        0.728078852, /* placed */
        1.21971437, /* points_late */
        0.52505056, /* last_token */
        0.210941482, /* two_left */
        -0.0148109414, /* win1 */
        0.0343045629, /* win2 */
        -0.173230706, /* win3 */
        0.114296539, /* win1_ease */
        -0.158342815, /* win2_ease */
        0.20798588, /* win3_ease */
        0.202233214, /* win1_all */
        0.743622872, /* win2_all */
        -2.99692885, /* win3_all */
        -0.226340107, /* ko_squares */
        -0.623092221, /* ko_ease */
        0.649930878, /* makers */
        0.642113007, /* double_makers */
        0.561097633, /* open_threes */
        0.212727365, /* open_fours */
    }},
};
