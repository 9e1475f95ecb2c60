# Command-line values: a number is checked against its limit before anything is allocated.
redsem_bad_input(cli_unknown_command ARGS no-such-command RC 2 ERR "no-such-command")
