"""`python -m house_tables` works like the console script."""

from .cli import main

main()
