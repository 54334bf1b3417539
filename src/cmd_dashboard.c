#include "cli.h"
int cmd_dashboard(int argc, char **argv) { return 0; }
