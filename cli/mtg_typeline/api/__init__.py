"""The Python API: a check of a buffer or a file as the command line makes it, and of type
lines one by one.

    check_text(text, *, path=None, input_format=None, rules=None, config=None) -> Report
    check_path(path, *, input_format=None, rules=None, config=None) -> Report
    load_config(directory) -> Config       the configuration the command line uses there
    check_line(text, rules=None) -> list[Finding]
    check_lines(lines, rules=None) -> Iterator[Finding]

`api.run` runs the command line's engine on one input; `api.lines` the checker on lines;
`api.model` holds the records handed out (`Report`, `Finding`, `Fix`, `Edit`, `Place`) and
`api.convert` makes them from the pipeline's. The package's `__init__` imports nothing, so
that `mtg_typeline.check_line` doesn't load the engine.
"""
