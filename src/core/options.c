#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "utf8.h"

void options_init(Options *o)
{
    o->count = 0;
}

bool options_set(Options *o, const char *key, const char *value, char *err, size_t errlen)
{
    char q[EXCERPT_SIZE];
    if (strlen(key) >= OPTION_KEY_MAX) {
        snprintf(err, errlen, "option name '%s' is too long (at most %d characters)",
                 text_excerpt(key, EXCERPT_MAX, q, sizeof q), OPTION_KEY_MAX - 1);
        return false;
    }
    if (strlen(value) >= OPTION_VALUE_MAX) {
        snprintf(err, errlen, "value of option '%s' is too long (at most %d characters)",
                 text_excerpt(key, EXCERPT_MAX, q, sizeof q), OPTION_VALUE_MAX - 1);
        return false;
    }
    for (int i = 0; i < o->count; i++) {
        if (strcmp(o->items[i].key, key) == 0) {
            strcpy(o->items[i].value, value);
            return true;
        }
    }
    if (o->count == OPTIONS_MAX) {
        snprintf(err, errlen, "too many options (at most %d)", OPTIONS_MAX);
        return false;
    }
    strcpy(o->items[o->count].key, key);
    strcpy(o->items[o->count].value, value);
    o->count++;
    return true;
}

const char *options_get(const Options *o, const char *key)
{
    for (int i = 0; i < o->count; i++)
        if (strcmp(o->items[i].key, key) == 0)
            return o->items[i].value;
    return NULL;
}

const OptionSpec *options_spec(const OptionSpec *specs, const char *key)
{
    for (const OptionSpec *s = specs; s->key; s++)
        if (strcmp(s->key, key) == 0)
            return s;
    return NULL;
}

const OptionWords *options_words(const OptionWords *words, const char *key, const char *choice)
{
    for (const OptionWords *w = words; w && w->key; w++)
        if (strcmp(w->key, key) == 0 && (choice ? w->choice && strcmp(w->choice, choice) == 0 : !w->choice))
            return w;
    return NULL;
}

static bool is_integer(const char *text)
{
    return number_is_whole(text);
}

bool options_check(const Options *o, const OptionSpec *specs, const char *game,
                   char *err, size_t errlen)
{
    for (int i = 0; i < o->count; i++) {
        const Option *opt = &o->items[i];
        const OptionSpec *spec = options_spec(specs, opt->key);
        char q[EXCERPT_SIZE];
        if (!spec) {
            int n = snprintf(err, errlen, "unknown option '%s' for %s (expected one of:",
                             text_excerpt(opt->key, EXCERPT_MAX, q, sizeof q), game);
            for (const OptionSpec *s = specs; s->key && n >= 0 && (size_t)n < errlen; s++)
                n += snprintf(err + n, errlen - (size_t)n, "%s %s", s == specs ? "" : ",", s->key);
            if (n >= 0 && (size_t)n < errlen)
                snprintf(err + n, errlen - (size_t)n, ")");
            return false;
        }
        if (spec->kind == OPTION_INT && !is_integer(opt->value)) {
            snprintf(err, errlen, "option '%s' must be a whole number, got '%s'", opt->key,
                     text_excerpt(opt->value, EXCERPT_MAX, q, sizeof q));
            return false;
        }
    }
    return true;
}

const char *options_value(const Options *o, const OptionSpec *specs, const char *key)
{
    const char *v = options_get(o, key);
    if (v)
        return v;
    const OptionSpec *spec = options_spec(specs, key);
    return spec ? spec->default_value : NULL;
}

bool list_contains(const char *list, const char *word)
{
    size_t n = strlen(word);
    const char *p = list;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == n && strncmp(p, word, n) == 0)
            return true;
        if (!comma)
            break;
        p = comma + 1;
    }
    return false;
}
