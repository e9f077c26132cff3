"""`python -m mtg_typeline`."""

from mtg_typeline.main import console_script

if __name__ == "__main__":
    console_script()
