/* Game options as key/value text, validated against each game's list of
 * accepted options. Front ends fill an Options from command-line flags or from
 * a record's JSON; a game turns it into its own configuration. */
#ifndef MORPH_OPTIONS_H
#define MORPH_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#define OPTIONS_MAX 16
#define OPTION_KEY_MAX 32
#define OPTION_VALUE_MAX 256

typedef enum OptionKind {
    OPTION_INT,    /* a whole number, e.g. players=3 */
    OPTION_STRING, /* one word, e.g. variant=flash */
    OPTION_LIST,   /* comma-separated words, possibly empty, e.g. rules=strict-call,daversa */
} OptionKind;

/* One option a game accepts. Lists of specs end with a {NULL} entry. */
typedef struct OptionSpec {
    const char *key;
    OptionKind kind;
    const char *default_value;
    const char *help; /* one line, shown by --help */
    /* What a form may offer (the web page's home): for strings and lists the
     * accepted words, comma-separated (NULL: free text); for integers the
     * range min..max (both 0: not given). The game's configure still checks. */
    const char *choices;
    long min, max;
} OptionSpec;

/* An option, or one of its choices, named and explained for people (the
 * web page's form): {"variant", "flash", "Flash", "a simpler grid ..."}.
 * choice NULL names the option itself. Lists end with {NULL}. */
typedef struct OptionWords {
    const char *key;
    const char *choice;
    const char *label; /* a plain name: "Rule options", "Strict call" */
    const char *help;  /* one sentence */
} OptionWords;

typedef struct Option {
    char key[OPTION_KEY_MAX];
    char value[OPTION_VALUE_MAX];
} Option;

typedef struct Options {
    int count;
    Option items[OPTIONS_MAX];
} Options;

void options_init(Options *o);
/* Sets key to value (replacing an earlier value). False with a message when
 * the key or value is too long or there are too many options. */
bool options_set(Options *o, const char *key, const char *value, char *err, size_t errlen);
/* The value of key, or NULL when it was not given. */
const char *options_get(const Options *o, const char *key);
/* Checks every key against specs; false with "unknown option 'k' for GAME
 * (expected one of: ...)" or a malformed integer. */
bool options_check(const Options *o, const OptionSpec *specs, const char *game,
                   char *err, size_t errlen);
/* The value of key, or the spec's default when it was not given. */
const char *options_value(const Options *o, const OptionSpec *specs, const char *key);
const OptionSpec *options_spec(const OptionSpec *specs, const char *key);
/* The words of key (choice NULL) or of one of its choices in words (may be
 * NULL); NULL when there are none. */
const OptionWords *options_words(const OptionWords *words, const char *key, const char *choice);
/* True when word is one of the comma-separated items of list. */
bool list_contains(const char *list, const char *word);

#endif
