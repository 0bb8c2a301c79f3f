/* Ctrl-C for the long commands (cli.h): it asks them to stop and print
 * what they have, rather than killing them. */
#include <signal.h>

#include "cli.h"

static volatile sig_atomic_t interrupted;
static struct sigaction previous;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

void cli_interrupt_catch(void)
{
    struct sigaction act = {.sa_handler = on_interrupt};
    sigemptyset(&act.sa_mask);
    interrupted = 0;
    sigaction(SIGINT, &act, &previous);
}

bool cli_interrupted(void)
{
    return interrupted;
}

void cli_interrupt_release(void)
{
    sigaction(SIGINT, &previous, NULL);
}
