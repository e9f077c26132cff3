"""`--fix` and `--diff`: fixing type lines and writing the fixed files."""
