"""One module per CLI subcommand: add_arguments(parser) and main(args) -> int."""
