/* cli.h: the subcommands of the tectonica program (doc/design.md, "Commands").
 * Each returns the process exit status: 0 ok, 1 runtime failure, 2 bad usage
 * or invalid scenario. */
#ifndef TECTONICA_CLI_H
#define TECTONICA_CLI_H

enum { EXIT_OK = 0, EXIT_RUNTIME = 1, EXIT_USAGE = 2 };

int cmd_run(int argc, char **argv);        /* headless simulation + exports */
int cmd_check(int argc, char **argv);      /* validate scenarios */
int cmd_bench(int argc, char **argv);      /* performance figures */
int cmd_dashboard(int argc, char **argv);  /* the ncurses dashboard */

#endif
