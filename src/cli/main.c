/* morph: a command-line front end to the Morpyam and Morphos engines. */
#include "cli.h"
#include "commands.h"

int main(int argc, char **argv)
{
    cli_set_program(argv[0]);
    return morph_main(argc, argv);
}
