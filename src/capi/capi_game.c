/* The C API: games (morph_api.h). */
#include "../front/game_json.h"
#include "../games/registry.h"
#include "capi_internal.h"

static const char *kind_name(OptionKind k)
{
    return k == OPTION_INT ? "int" : k == OPTION_LIST ? "list" : "string";
}

MORPH_API char *morph_games_json(void)
{
    json_t *games = json_array();
    for (const GameOps *const *ops = game_list(); *ops; ops++) {
        json_t *options = json_array();
        for (const OptionSpec *o = (*ops)->option_specs; o->key; o++)
            json_array_append_new(options, json_pack("{s:s,s:s,s:s,s:s}", "key", o->key, "kind", kind_name(o->kind),
                                                     "default", o->default_value, "help", o->help));
        json_array_append_new(games, json_pack("{s:s,s:s,s:b,s:o}", "name", (*ops)->name, "summary", (*ops)->summary,
                                               "dice", (*ops)->has_dice, "options", options));
    }
    return capi_dump(games);
}

MORPH_API MorphGame *morph_game_new(const char *name, const char *options_json)
{
    char err[ERR_MAX];
    const GameOps *ops = game_lookup(name ? name : "");
    Options opts;
    options_init(&opts);
    if (ops && options_json && *options_json) {
        json_t *obj = capi_parse_json(options_json, "options");
        if (!obj)
            return NULL;
        bool ok = game_options_from_json(ops, obj, &opts, err, sizeof err);
        json_decref(obj);
        if (!ok) {
            capi_fail("%s", err);
            return NULL;
        }
    }
    Game *game = game_new(name ? name : "", &opts, err, sizeof err);
    if (!game) {
        capi_fail("%s", err);
        return NULL;
    }
    return capi_game_wrap(game);
}

MORPH_API void morph_game_free(MorphGame *g)
{
    if (g)
        capi_game_unref(g);
}

MORPH_API int morph_game_num_players(const MorphGame *g)
{
    return g->game->num_players;
}

MORPH_API char *morph_game_json(const MorphGame *g)
{
    int32_t shape[3];
    int dims = morph_game_observation_shape(g, shape);
    json_t *obs = json_array();
    for (int i = 0; i < dims; i++)
        json_array_append_new(obs, json_integer(shape[i]));
    return capi_dump(json_pack("{s:s,s:o,s:i,s:b,s:o}", "name", g->game->ops->name, "options",
                               game_options_to_json(g->game), "players", g->game->num_players, "dice",
                               g->game->ops->has_dice, "observation", obs));
}

MORPH_API char *morph_game_rules(const MorphGame *g)
{
    StrBuf sb = STRBUF_INIT;
    g->game->ops->rules(g->game, &sb);
    char *text = capi_strdup(sb_str(&sb));
    sb_free(&sb);
    return text;
}

MORPH_API char *morph_game_legend_json(const MorphGame *g)
{
    LegendEntry legend[LEGEND_MAX];
    int n = g->game->ops->legend(g->game, legend);
    return capi_dump(legend_to_json(legend, n));
}
