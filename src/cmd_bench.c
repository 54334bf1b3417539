#include "cli.h"
int cmd_bench(int argc, char **argv) { return 0; }
