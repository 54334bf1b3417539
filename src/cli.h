#ifndef TECTONICA_CLI_H
#define TECTONICA_CLI_H
int cmd_run(int argc, char **argv);
int cmd_check(int argc, char **argv);
#endif
