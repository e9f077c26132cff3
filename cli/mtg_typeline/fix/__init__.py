"""The fixer, the last stage: `--fix` and `--diff`.

It takes what the readers gave (a text file's bytes and lines, card data's entries with
their `Entry.rewrite`) and a way to check a line (`fix.edits.LineCheck`, the run's checker
and filters, built by the engine), and makes the edits and writes the files; it never calls
back into the engine. `fixing` is one run's fixing, input by input; `line` fixes one type
line in rounds until it settles; `edits` works out the edits of what a reader gave; `text`,
`data` and `zipped` apply them to a text file, a card-data file and a `.mse-set` zip;
`encoded` fixes a file read with `--encoding` as UTF-8 and writes it back in its encoding;
`writing` puts the fixed files out atomically (`snapshot`: only if still what was read);
with `--diff`, `diffout` shows them instead: a unified diff (`diff`), hunks by value or
the edits as data (`review`).
"""
