#include "cli.h"
int cmd_run(int argc, char **argv) { return 0; }
