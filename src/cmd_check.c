int cmd_check(int argc, char **argv) { return 0; }
