#include "cli.h"
int main(int argc, char **argv) { return cmd_run(argc, argv); }
