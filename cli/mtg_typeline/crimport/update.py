"""`typeline rules update`: a new Comprehensive Rules edition the day it is published.

    typeline rules update [--page-url URL] [--timeout SECONDS]   the official rules page's text
    typeline rules update --from FILE|URL                         a CR text the user has

The text is fetched (`fetch`: the rules page, the link to its plain-text CR, the text) or
read, imported as `typeline rules import` imports it, and its rule file is checked by the
rule-file validator; only then is it written, with the index of the user-imported editions,
into the `rules` folder of the user's data directory (`editions.user_folder`). Every command
that names an edition reads that index beside the shipped one (`editions.edition_index`),
so `--edition newest`, `--as-of`, `rules list` and `lookup` include the edition from then on.

Nothing is written when the edition is already there with the same rules ("nothing new"),
or when it is a shipped edition (the shipped rule file wins over a user's of the same date);
a text the importer refuses is refused whole, with its line. The rule file and the index are
written whole or not at all, the index last: until it names the new file, no run reads it.
"""

from __future__ import annotations

import os
from typing import TextIO

from mtg_typeline import __version__
from mtg_typeline.crimport.archive import index_text, write_all
from mtg_typeline.crimport.edition import Imported, after_shipped, read_cr, read_source
from mtg_typeline.crimport.fetch import DEFAULT_TIMEOUT, RULES_PAGE, fetch, is_url, text_link
from mtg_typeline.errors import UsageError
from mtg_typeline.ruleset.editions import (
    DATA_ENV,
    INDEX_FILE,
    forget_editions,
    renames_path,
    shipped_index,
    user_folder,
)
from mtg_typeline.ruleset.index import IndexEntry, read_index_file
from mtg_typeline.ruleset.validate import load_renames, parse_rules

__all__ = ["update_command"]

_LONGEST_WAIT = 3600  # seconds: a wait the socket layer takes (`inf` overflows it)


def update_command(source: str | None, page_url: str | None, timeout: float | None, out: TextIO) -> int:
    """Import the newest edition (from `page_url`, by default the official rules page) or the
    text at `source` (a file or an address) into the user's data directory; say on `out`
    what was done. Returns exit status 0; every error is a `TypelineError`, and writes nothing."""
    if source is not None and page_url is not None:
        raise UsageError("--page-url finds the text on a rules page; --from gives the text itself: give one")
    if timeout is not None and not 0 < timeout <= _LONGEST_WAIT:
        raise UsageError(f"--timeout {timeout:g}: give a number of seconds above 0, at most {_LONGEST_WAIT}")
    folder = user_folder()
    if folder is None:
        raise UsageError(f"{DATA_ENV} is empty: set it to the folder imported editions are kept in")
    wait = DEFAULT_TIMEOUT if timeout is None else timeout
    origin, data = _text(source, page_url or RULES_PAGE, wait)
    imported = after_shipped(read_cr(data, origin))  # (a section alone: the rest from the edition before)
    rule_text = imported.text()
    parse_rules(os.path.join(folder, f"{imported.effective}.yaml"), rule_text, load_renames(renames_path()))
    out.write(_install(folder, imported, rule_text, origin) + "\n")
    return 0


def _text(source: str | None, page_url: str, timeout: float) -> tuple[str, bytes]:
    """Where the CR text comes from (an address, or a file's absolute path) and its bytes."""
    if source is None:
        source = text_link(fetch(page_url, timeout, "the rules page"), page_url)
    if is_url(source):
        return source, fetch(source, timeout, "the CR text")
    return os.path.abspath(source), read_source(source)


def _install(folder: str, imported: Imported, rule_text: str, origin: str) -> str:
    """Write the edition's rule file and the new index, unless nothing is new; what was done."""
    edition = imported.effective
    if edition in shipped_index().files:
        return (
            f"nothing new: the {edition} edition is shipped with typeline {__version__}, and the "
            "shipped rule file wins over an imported one; nothing written"
        )
    name = f"{edition}.yaml"
    entries = {entry.edition: entry for entry in _imported_entries(folder)}
    before = entries.get(edition)
    if before is not None and _same(os.path.join(folder, name), rule_text):
        origin = before.covers[0][1]
        return f"nothing new: the {edition} edition is imported already (from {origin}); nothing written"
    counts = tuple(imported.counts().items())
    entries[edition] = IndexEntry(
        edition, name, imported.facts.section, ((edition, origin),), counts, imported.facts.notes
    )
    index = index_text([entries[day] for day in sorted(entries)])
    write_all(folder, {name: rule_text, INDEX_FILE: index})
    forget_editions()
    done = "replaced the imported" if before else "imported the"
    newest = edition == max((*shipped_index().dates, *entries))
    also = "; it is now the newest edition, `--edition newest` reads it" if newest else ""
    return f"{done} {edition} edition from {origin}: {os.path.join(folder, name)}{also}"


def _imported_entries(folder: str) -> tuple[IndexEntry, ...]:
    """The entries of the index of the user-imported editions, read afresh (none without one)."""
    path = os.path.join(folder, INDEX_FILE)
    if not os.path.isfile(path):
        return ()
    return tuple(IndexEntry.from_data(item) for item in read_index_file(path, folder)["entries"])


def _same(path: str, text: str) -> bool:
    """Whether the file at `path` holds `text` already."""
    try:
        with open(path, "rb") as stream:
            return stream.read() == text.encode("utf-8")
    except OSError:
        return False
