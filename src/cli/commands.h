/* The top-level subcommands of `morph`; each lives in its own cmd_*.c file. */
#ifndef MORPH_COMMANDS_H
#define MORPH_COMMANDS_H

/* The whole `morph` command line (morph.c); main() only calls it. */
int morph_main(int argc, char **argv);

int cmd_bench(int argc, char **argv);
int cmd_morpyam(int argc, char **argv);
int cmd_morpyam_analyze(int argc, char **argv); /* morph morpyam analyze */
int cmd_morpyam_tune(int argc, char **argv);    /* morph morpyam tune */
int cmd_morphos(int argc, char **argv);
int cmd_morphos_fit(int argc, char **argv); /* morph morphos fit-priors */
int cmd_morphos_solve(int argc, char **argv);   /* morph morphos solve */
int cmd_morphos_puzzles(int argc, char **argv); /* morph morphos puzzles */
/* For those two (solver_game.c): the Morphos game of size and mutators
 * when the solver handles it; -1, else the exit code after a one-line
 * message (cmd names the command in it). */
typedef struct Game Game;
int morphos_solver_game(const char *cmd, long size, const char *mutators, Game **out);
int cmd_replay(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_gtp(int argc, char **argv);
int cmd_serve(int argc, char **argv);
/* Starts serve again with glibc's per-thread caches of freed blocks off
 * (serve_malloc.c); returns only when it does not. */
void serve_restart_without_thread_caches(char **argv);

#endif
