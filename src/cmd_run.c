int cmd_run(int argc, char **argv) { return 0; }
