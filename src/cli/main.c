/* morph: a command-line front end to the Morpyam and Morphos engines. */
#include "commands.h"

int main(int argc, char **argv)
{
    return morph_main(argc, argv);
}
