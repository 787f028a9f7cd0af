"""Command-line interfaces: the `warroom` command and the terminal game."""
