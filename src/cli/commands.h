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
int cmd_replay(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_gtp(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
