#include "cli.h"
int cmd_check(int argc, char **argv) { return 0; }
