"""`python -m house_tables` works like the console script."""

from .replay import main

if __name__ == "__main__":  # not when a process pool re-imports the main module
    main()
