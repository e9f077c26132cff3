"""`python -m mtg_typeline`."""

from mtg_typeline.main import entry_point

if __name__ == "__main__":
    entry_point()
