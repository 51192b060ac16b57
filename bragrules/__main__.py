"""``python -m bragrules``: the same as the ``bragrules`` command."""

from importlib import import_module

if __name__ == "__main__":
    # The command line is installed as its own package, bragrules_cli (cli/).
    import_module("bragrules_cli.app").main()
