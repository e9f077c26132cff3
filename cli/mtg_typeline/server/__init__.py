"""The language server (`typeline server`): type-line diagnostics, fixes, hover and
completion in an editor, over the Language Server Protocol on standard input and output.

Built on pygls, an optional extra (`pip install 'mtg-typeline[lsp]'`); nothing else in the
package imports this one, and the command line loads it only for `typeline server`
(`features.build().start_io()`).

    checking     the one seam to the checker: a buffer in, problems and fixed text out
    documents    each open buffer's format and problems; the last good ones kept past a
                 syntax error
    incremental  a YAML list of cards re-checked card by card: only the cards that changed
    positions    the client's units (UTF-16, or UTF-8 when offered) and characters
    diagnostics  problems as LSP diagnostics
    actions      quick fixes, fix-all, `# typeline: ignore` on a line
    words        hover and completion from the rule data
    app          the server's state, checking and publishing, debounced; errors logged
    features     the LSP methods answered
"""
