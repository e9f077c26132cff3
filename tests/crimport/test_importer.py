"""The Comprehensive Rules importer (`mtg_typeline.crimport`).

A small CR-shaped text written here covers encodings, line ends, gzip and errors everywhere;
the archived editions in ../shared/cr cover the real texts: every one imports, the lists meet
invariants from the first edition on, and the shipped rule files are reproduced byte for byte.
"""

from __future__ import annotations

import codecs
import functools
import gzip
import itertools
import re
from pathlib import Path

import pytest
import yaml
from conftest import run_cli, shared_path
from helpers.cr_texts import ARTIFACTS, SMALL

from mtg_typeline.checker import check_line
from mtg_typeline.crimport import Imported, import_cr, read_cr, write_rule_files
from mtg_typeline.crimport.beyond import OUTSIDE_MEANINGS
from mtg_typeline.crimport.section import decode, find_section, notes_end, split_lines
from mtg_typeline.crimport.summaries import load_summaries, summaries_path
from mtg_typeline.errors import RulesDataError
from mtg_typeline.notation import fold
from mtg_typeline.ruleset import load_renames, parse_rules, rules_dir, shipped_editions

SECTION_FILE = "2026-09-25-section-205.txt"
SHARED = pytest.mark.shared  # needs ../shared/cr

SMALL_LINES = SMALL.split("\n")


def line_of(prefix: str) -> int:
    return next(i for i, line in enumerate(SMALL_LINES, 1) if line.startswith(prefix))


@functools.cache
def small_rules() -> str:
    return import_cr(SMALL.encode("utf-8"), "small.txt")


# --------------------------------------------------------------------------
# The small text: what is read, encodings, line ends, errors
# --------------------------------------------------------------------------


def test_small_text_gives_a_loadable_rule_file() -> None:
    rules = parse_rules("small.yaml", small_rules())
    assert rules.edition == "2031-03-03"
    assert rules.section == "205"
    assert rules.card_types == ("Artifact", "Creature", "Kindred", "Plane", "Scheme")
    assert rules.supertypes == ("Basic", "Legendary")
    by_key = {s.key: s for s in rules.lists}
    assert by_key["artifact"].entries == ("Clue", "Equipment", "Urza’s")
    assert by_key["creature"].entries == ("Time Lord", "Elf", "Goblin", "Wizard")
    assert by_key["creature"].card_types == {"Creature", "Kindred"}
    assert by_key["planar"].entries == ("The Abyss", "Serra’s Realm", "Zendikar")
    assert by_key["planar"].whole and not by_key["creature"].whole
    assert (rules.no_subtypes, rules.no_subtypes_rule) == (("Scheme",), "205.3r")
    assert dict(rules.citations) == {
        "type-line": "205.1",
        "subtype-syntax": "205.3b",
        "correlation": "205.3c",
        "no-gaining": "205.3d",
        "obsolete-subtypes": "205.3f",
    }
    assert "206.1" not in rules.summaries


def test_summaries_come_from_the_table_by_meaning() -> None:
    rules = parse_rules("small.yaml", small_rules())
    assert rules.summary("205.3m") == (
        "Lists the creature types, used by both creatures and kindred cards, including one two-word type."
    )
    assert rules.summary("205.3r") == "Names the one card type that never has subtypes."
    assert list(rules.summaries) == [
        "205.1", "205.2a", "205.3b", "205.3c", "205.3d", "205.3f", "205.3g", "205.3m", "205.3n",
        "205.3r", "205.4a",
    ]  # fmt: skip


def encoded(text: str, encoding: str) -> bytes:
    if encoding == "utf-8-bom":
        return codecs.BOM_UTF8 + text.encode("utf-8")
    if encoding in ("utf-16-le", "utf-16-be"):
        bom = codecs.BOM_UTF16_LE if encoding.endswith("le") else codecs.BOM_UTF16_BE
        return bom + text.encode(encoding)
    return text.encode(encoding)


ENCODINGS = ["utf-8", "utf-8-bom", "utf-16-le", "utf-16-be", "cp1252"]
LINE_ENDS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("ends", sorted(LINE_ENDS))
def test_encodings_and_line_ends(tmp_path: Path, encoding: str, ends: str) -> None:
    path = tmp_path / "cr.txt"
    path.write_bytes(encoded(SMALL.replace("\n", LINE_ENDS[ends]), encoding))
    assert import_cr(path.read_bytes(), str(path)) == small_rules()


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_byte_order_mark(encoding: str) -> None:
    assert import_cr(SMALL.encode(encoding), "cr.txt") == small_rules()


def test_windows_1252_curly_quotes_are_read() -> None:
    data = encoded(SMALL, "cp1252")
    assert b"Urza\x92s" in data
    assert "Urza’s" in import_cr(data, "cr.txt")


def test_mixed_line_ends_keep_line_numbers() -> None:
    ends = ["\r\n", "\n", "\r"]  # never CR then LF: that would be one CRLF
    mixed = "".join(line + ends[i % 3] for i, line in enumerate(SMALL_LINES[:-1]))
    assert import_cr(mixed.encode("utf-8"), "cr.txt") == small_rules()
    broken = mixed.replace("Goblin, and Wizard.", "Goblin, and Wizard")
    with pytest.raises(RulesDataError, match=rf"^cr\.txt:{line_of('205.3m')}: "):
        import_cr(broken.encode("utf-8"), "cr.txt")


def test_gzip_is_detected_by_its_magic_bytes(tmp_path: Path) -> None:
    path = tmp_path / "no-suffix"
    path.write_bytes(gzip.compress(encoded(SMALL.replace("\n", "\r\n"), "utf-16-le")))
    assert import_cr(path.read_bytes(), str(path)) == small_rules()


def test_a_gzip_of_several_members_is_read_whole() -> None:
    """As `gzip.decompress` reads it: the members one after the other, zeros padding them."""
    data = SMALL.encode()
    half = len(data) // 2
    assert import_cr(gzip.compress(data[:half]) + gzip.compress(data[half:]), "cr.gz") == small_rules()
    padded = gzip.compress(data[:half]) + bytes(10) + gzip.compress(data[half:]) + bytes(512)
    assert import_cr(padded, "cr.gz") == small_rules()


def test_a_gzip_that_inflates_past_any_cr_text_is_refused_as_it_inflates() -> None:
    """A few hundred kilobytes that would inflate to 300 MB: refused at 64 MiB, in one
    member or across several, never inflated whole."""
    bomb = gzip.compress(b"\x00" * (300 << 20), 9)
    for data in (bomb, gzip.compress(SMALL.encode()) + bomb):
        with pytest.raises(RulesDataError) as caught:
            import_cr(data, "cr.gz")
        assert str(caught.value) == "cr.gz: inflates to more than 64 MiB: not a CR text"
    with pytest.raises(RulesDataError, match=r"^cr\.gz: not a readable gzip file: Not a gzipped file"):
        import_cr(gzip.compress(SMALL.encode()) + b"trailing", "cr.gz")


def test_provenance_notes_give_the_date_of_a_section_only_file() -> None:
    section = SMALL[SMALL.index("205. Type Line\n\n205.1") :]
    notes = "Effective date: March 3, 2031 (2031-03-03) | from a copy\n# a note\n"
    assert import_cr((notes + section).encode("utf-8"), "s.txt") == small_rules()
    other = "Effective date: March 4, 2031\n"
    with pytest.raises(
        RulesDataError, match=r"^s\.txt:1: the note gives the effective date 2031-03-04, but line 2"
    ):
        import_cr((other + SMALL).encode("utf-8"), "s.txt")


def expect_error(text: str, pattern: str) -> None:
    with pytest.raises(RulesDataError, match=pattern):
        import_cr(text.encode("utf-8"), "cr.txt")


def test_a_list_cut_short_is_an_error_naming_its_line() -> None:
    at = line_of("205.3m")
    expect_error(
        SMALL.replace("Goblin, and Wizard.", "Goblin, Wizard."), rf"^cr\.txt:{at}: .*'Wizard', not 'and …'"
    )
    expect_error(SMALL.replace("Goblin, and Wizard.", "Goblin, Wiz"), rf"^cr\.txt:{at}: .*does not end")
    expect_error(SMALL.replace("Goblin, and Wizard.", "Goblin, and"), rf"^cr\.txt:{at}: ")


def test_an_item_that_is_not_a_type_name_is_an_error() -> None:
    at = line_of("205.3g")
    expect_error(SMALL.replace("Clue,", "clue,"), rf"^cr\.txt:{at}: rule 205\.3g: 'clue' is not a type name")
    expect_error(SMALL.replace("Clue,", "Clue Token,"), rf"^cr\.txt:{at}: .*several words")
    expect_error(SMALL.replace("Clue,", "Clue, Clue,"), rf"^cr\.txt:{at}: .*listed twice")
    at = line_of("205.3m")
    expect_error(SMALL.replace("Time Lord.", "Time."), rf"^cr\.txt:{at}: .*not 2 word")


def test_a_list_of_an_unknown_card_type_is_an_error() -> None:
    expect_error(SMALL.replace("Planes have", "Boats have"), rf"^cr\.txt:{line_of('205.3n')}: .*'Boats'")


def test_no_type_line_section_is_an_error() -> None:
    expect_error(SMALL.replace("Type Line", "Type Lines"), r"^cr\.txt:1: no type-line section")
    contents_only = "\n".join(SMALL_LINES[:6])
    expect_error(contents_only, r"^cr\.txt:1: no type-line section")


def test_a_missing_list_or_date_is_an_error() -> None:
    expect_error(
        SMALL.replace("The supertypes are", "Supertypes are"), r"^cr\.txt:\d+: .*lists the supertypes"
    )
    expect_error(SMALL.replace("long dash", "dash"), r"carries 'subtype-syntax'")
    expect_error(SMALL.replace("effective as of", "valid from"), r"^cr\.txt:1: no effective date")
    expect_error(SMALL.replace("March 3,", "March 33,"), r"^cr\.txt:1: .*is not a date")


HEADING = next(i for i, line in enumerate(SMALL_LINES, 1) if line == "205. Type Line" and i > 5)


def test_a_list_reworded_after_its_first_sentence_is_an_error_not_a_shorter_list() -> None:
    at = line_of("205.3m")
    reworded = SMALL.replace("All other creature types are one word long:", "All other creature types are:")
    expect_error(reworded, rf"^cr\.txt:{at}: rule 205\.3m: cannot read 'All other creature types are: .*'")
    renamed = SMALL.replace("The artifact types are Clue,", "The artifact type list is Clue,")
    expect_error(renamed, rf"^cr\.txt:{line_of('205.3g')}: rule 205\.3g: cannot find the list")
    other_kind = SMALL.replace("The planar types are", "The plane types are")
    expect_error(other_kind, rf"^cr\.txt:{line_of('205.3n')}: rule 205\.3n: ")


def test_a_subtype_rule_in_another_form_is_an_error_naming_its_line() -> None:
    planes = SMALL.replace(
        "Planes have subtypes; these subtypes are called planar types. The planar types are",
        "Planes have their own subtypes, the planar types:",
    )
    expect_error(
        planes,
        rf"^cr\.txt:{line_of('205.3n')}: rule 205\.3n: cannot read this rule on the subtypes of plane cards",
    )
    schemes = SMALL.replace("Scheme cards have no subtypes.", "Scheme cards don’t have subtypes.")
    expect_error(schemes, rf"^cr\.txt:{line_of('205.3r')}: rule 205\.3r: .*subtypes of scheme cards")


def test_a_list_without_its_opening_sentence_is_an_error() -> None:
    added = SMALL.replace("205.3r Scheme", "205.3q The scheme types are Villain and Hero.\n\n205.3r Scheme")
    at = SMALL.replace("205.3r Scheme", "205.3q X\n\n205.3r Scheme").split("\n").index("205.3q X") + 1
    expect_error(
        added, rf"^cr\.txt:{at}: rule 205\.3q: cannot read 'The scheme types are Villain and Hero\.'"
    )


def test_every_card_type_is_in_a_list_or_has_no_subtypes() -> None:
    without_rule = SMALL.replace("205.3r Scheme cards have no subtypes.\n", "")
    expect_error(
        without_rule,
        rf"^cr\.txt:{HEADING}: section 205: the card type scheme \(rule 205\.2a\) is in no subtype list, "
        "and no rule found says it has no subtypes$",
    )
    without_list = SMALL.replace(ARTIFACTS, "")
    expect_error(without_list, rf"^cr\.txt:{HEADING}: section 205: the card type artifact \(rule 205\.2a\)")


def test_no_no_subtypes_rule_is_needed_where_every_card_type_has_a_list() -> None:
    # as in 2009-07-11 and 2009-09-04, the only editions without the rule
    text = SMALL.replace("plane, and scheme", "and plane").replace(
        "205.3r Scheme cards have no subtypes.\n", ""
    )
    rules = parse_rules("old.yaml", import_cr(text.encode(), "cr.txt"))
    assert (rules.no_subtypes, rules.no_subtypes_rule) == ((), "")


def test_a_reworded_no_gaining_rule_is_still_cited_and_required_in_section_205() -> None:
    reworded = SMALL.replace(
        "An object can’t gain a subtype of a card type it lacks.",
        "Objects cannot gain subtypes that belong to none of their card types.",
    )
    assert (
        dict(parse_rules("r.yaml", import_cr(reworded.encode(), "cr.txt")).citations)["no-gaining"]
        == "205.3d"
    )
    gone = SMALL.replace("An object can’t gain a subtype of a card type it lacks.", "Nothing here.")
    expect_error(gone, rf"^cr\.txt:{HEADING}: no rule of section 205 carries 'no-gaining'$")
    older = gone.replace("205.", "204.")  # before 2011-09-30 no rule said so
    assert "no-gaining" not in parse_rules("o.yaml", import_cr(older.encode(), "cr.txt")).citations


def test_the_rule_on_choosing_a_subtype_is_cited() -> None:
    text = SMALL.replace(
        "205.3f Some printed", "205.3e To choose a subtype is to name one that exists.\n\n205.3f Some printed"
    )
    rules = parse_rules("c.yaml", import_cr(text.encode(), "cr.txt"))
    assert rules.cite("choose-subtype") == ("205.3e",)
    assert rules.summary("205.3e").startswith("A subtype chosen for an effect")
    assert "choose-subtype" not in parse_rules("s.yaml", small_rules()).citations  # none in SMALL


def test_undecodable_bytes_and_broken_gzip_are_errors() -> None:
    with pytest.raises(RulesDataError, match=r"^cr\.txt:3: cannot decode the text as cp1252"):
        import_cr(b"one\ntwo\nthree \x81\n", "cr.txt")
    with pytest.raises(RulesDataError, match=r"^cr\.txt:2: cannot decode the text as utf-16"):
        import_cr(codecs.BOM_UTF16_LE + "one\ntwo".encode("utf-16-le") + b"\x00\xdc", "cr.txt")
    with pytest.raises(RulesDataError, match=r"^cr\.gz: not a readable gzip file"):
        import_cr(gzip.compress(SMALL.encode())[:200], "cr.gz")


def test_no_fitting_summary_is_an_error(tmp_path: Path) -> None:
    table = tmp_path / "summaries.yaml"
    text = Path(summaries_path()).read_text(encoding="utf-8")
    table.write_text(text.replace("{card_types: [Creature, Kindred], phrases: 1}", "{phrases: 7}"), "utf-8")
    with pytest.raises(
        RulesDataError, match=rf"^{re.escape(str(table))}: no summary of 'list:creature' fits"
    ):
        read_cr(SMALL.encode(), "cr.txt", str(table))


def test_the_summaries_table_is_read_strictly(tmp_path: Path) -> None:
    table = tmp_path / "summaries.yaml"
    text = Path(summaries_path()).read_text(encoding="utf-8")
    table.write_text(text.replace("{planes: false, multiword: false}", "{plane: false}"), "utf-8")
    with pytest.raises(RulesDataError, match=rf"^{re.escape(str(table))}:\d+:\d+: unknown condition 'plane'"):
        load_summaries(str(table))
    table.write_text(text.replace("  card-types:\n", "  card-types:\n    - text: again.\n"), "utf-8")
    with pytest.raises(RulesDataError, match=r":\d+:\d+: a summary is one sentence"):
        load_summaries(str(table))


def test_conditions_read_yaml_booleans(tmp_path: Path) -> None:
    table = tmp_path / "summaries.yaml"
    text = Path(summaries_path()).read_text(encoding="utf-8")
    table.write_text(text.replace("{planes: true, multiword: true}", "{planes: yes, multiword: on}"), "utf-8")
    assert read_cr(SMALL.encode(), "cr.txt", str(table)).text() == small_rules()
    table.write_text(text.replace("{planes: true, multiword: true}", "{planes: 1, multiword: true}"), "utf-8")
    with pytest.raises(RulesDataError, match=r":\d+:\d+: planes must be true or false"):
        load_summaries(str(table))


def test_the_summaries_table_is_package_data() -> None:
    assert Path(summaries_path()).parent == rules_dir()
    table = load_summaries(summaries_path())
    assert {"type-line", "correlation", "no-subtypes", "list:creature", "list:planar"} <= set(table.variants)


def test_the_command_writes_a_file_or_stdout(tmp_path: Path) -> None:
    source = tmp_path / "cr.txt"
    source.write_bytes(SMALL.encode("cp1252"))
    out = tmp_path / "out.yaml"
    assert run_cli(["rules", "import", str(source), "-o", str(out)]).exit_code == 0
    assert out.read_text(encoding="utf-8") == small_rules()
    result = run_cli(["rules", "import", str(source)])
    assert (result.exit_code, result.stdout) == (0, small_rules())
    source.write_bytes(b"nothing here\n")
    result = run_cli(["rules", "import", str(source)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"typeline: error: {source}:1: no effective date: " + (
        "neither 'These rules are effective as of <Month D, YYYY>' nor an 'Effective date:' note\n"
    )


# --------------------------------------------------------------------------
# Every archived edition (../shared/cr)
# --------------------------------------------------------------------------


@functools.cache
def _all_editions(cr_dir: Path) -> tuple[tuple[str, Imported, str], ...]:
    """(source name, imported edition, rule file text) of every CR text, oldest first."""
    paths = [*sorted((cr_dir / "archive").glob("*.txt.gz")), cr_dir / SECTION_FILE]
    found = []
    for path in paths:
        imported = read_cr(path.read_bytes(), path.name)
        found.append((path.name, imported, imported.text()))
    return tuple(sorted(found, key=lambda item: item[1].effective))


def all_editions() -> tuple[tuple[str, Imported, str], ...]:
    return _all_editions(shared_path("cr"))


def entries(imported: Imported) -> dict[str, tuple[str, ...]]:
    found = {"card_types": imported.facts.card_types, "supertypes": imported.facts.supertypes}
    return found | {t.key: t.entries for t in imported.facts.lists}


@SHARED
def test_every_edition_imports_and_loads() -> None:
    editions = all_editions()
    assert len(editions) == 86
    dates = [imported.effective for _, imported, _ in editions]
    assert len(set(dates)) == len(dates), "two texts of one edition"
    assert (dates[0], dates[-1]) == ("2009-07-11", "2026-09-25")
    for source, imported, text in editions:
        rules = parse_rules(f"{source}.yaml", text)
        assert rules.edition == imported.effective


@SHARED
def test_effective_dates_are_the_stated_ones() -> None:
    by_source = {source: imported.effective for source, imported, _ in all_editions()}
    assert by_source["2013-07-11.txt.gz"] == "2013-07-13"  # the archive's name differs
    assert by_source["2014-09-26.txt.gz"] == "2014-09-25"
    assert by_source["2021-02-24.txt.gz"] == "2021-02-15"
    assert by_source[SECTION_FILE] == "2026-09-25"


@SHARED
def test_counts_are_never_implausibly_small() -> None:
    minimum = {"card_types": 8, "supertypes": 4, "artifact": 3, "enchantment": 2, "land": 10}
    minimum |= {"planeswalker": 9, "spell": 1, "creature": 200}
    for _, imported, _ in all_editions():
        counts = imported.counts()
        for key, least in minimum.items():
            assert counts[key] >= least, (imported.effective, key, counts[key])
        if imported.effective >= "2009-09-04":
            assert counts["planar"] >= 26, imported.effective


@SHARED
def test_known_entries_from_their_first_edition_on() -> None:
    for _, imported, _ in all_editions():
        date, lists = imported.effective, entries(imported)
        assert ("Time Lord" in lists["creature"]) == (date >= "2023-10-13"), date
        assert ("Kindred" in lists["card_types"]) == (date >= "2024-06-07"), date
        assert ("Tribal" in lists["card_types"]) == (date < "2024-06-07"), date
        assert ("Battle" in lists["card_types"]) == (date >= "2023-04-14"), date
        assert (lists.get("battle") == ("Siege",)) == (date >= "2023-04-14"), date
        assert ("Plane" in lists["card_types"]) == ("planar" in lists), date
        creature = next(t for t in imported.facts.lists if t.key == "creature")
        assert set(creature.card_types) == {"Creature", "Kindred" if date >= "2024-06-07" else "Tribal"}


@SHARED
def test_section_and_rule_numbers_follow_the_edition() -> None:
    for _, imported, _ in all_editions():
        facts, date = imported.facts, imported.effective
        assert facts.section == ("204" if date < "2011-09-30" else "205"), date
        citations = dict(facts.citations)
        assert ("no-gaining" in citations) == (facts.section == "205"), date
        expected = "205.3r" if date >= "2023-04-14" else "205.3q" if date >= "2022-06-10" else "205.3p"
        if facts.section == "205":
            assert facts.no_subtypes_rule == expected, date
        # the rules outside the section are those cited for what stands beside the lists
        outside = {rule for meaning, rule in facts.citations if meaning in OUTSIDE_MEANINGS}
        assert all(rule.startswith(f"{facts.section}.") or rule in outside for rule, _ in imported.summaries)


@SHARED
def test_the_oldest_editions_have_no_no_subtypes_rule() -> None:
    for _, imported, text in all_editions():
        if imported.effective < "2009-10-01":
            assert imported.facts.no_subtypes_rule is None
            assert "\nno_subtypes:" not in text
            assert parse_rules("old.yaml", text).no_subtypes == ()


@SHARED
def test_types_the_no_subtypes_rule_names_too_early_are_left_out_with_a_note() -> None:
    notes = {imported.effective: imported.facts.notes for _, imported, _ in all_editions()}
    assert [date for date, found in notes.items() if found] == ["2012-06-01", "2012-07-01", "2014-09-25"]
    assert "conspiracy" in notes["2014-09-25"][0]


@SHARED
def test_lists_keep_the_cr_order_and_spelling() -> None:
    by_date = {imported.effective: imported for _, imported, _ in all_editions()}
    newest = entries(by_date["2026-09-25"])
    assert newest["creature"][0] == "Time Lord"  # its own sentence from 2024-06-07 on
    assert newest["creature"].index("Llama") < newest["creature"].index("Lamia")
    assert "Time Lord" in entries(by_date["2023-10-13"])["creature"][1:]
    assert "Spacecraft" in newest["artifact"] and "Spacecraft" in newest["planar"]
    assert "Urza's" in entries(by_date["2009-07-11"])["land"]
    assert "Urza’s" in newest["land"]
    assert "The Dalek Asylum" in newest["planar"]


@SHARED
def test_no_list_shrinks_unless_a_rename_explains_it() -> None:
    renames = load_renames(rules_dir() / "renames.yaml")
    explained = {(fold(r.old), fold(r.new)) for r in renames}
    editions = [imported for _, imported, _ in all_editions()]
    for before, after in itertools.pairwise(editions):
        old_lists, new_lists = entries(before), entries(after)
        for key, old in old_lists.items():
            new = {fold(e) for e in new_lists.get(key, ())}
            gone = {fold(e) for e in old} - new
            unexplained = {g for g in gone if not any(o == g and n in new for o, n in explained)}
            assert len(unexplained) <= 1, (after.effective, key, sorted(unexplained))


def ngrams(text: str, n: int = 6) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", fold(text))
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


@SHARED
def test_summaries_are_not_cr_sentences() -> None:
    cr_dir = shared_path("cr")
    for source, imported, _ in all_editions():
        path = cr_dir / ("archive" if source.endswith(".gz") else "") / source
        lines = split_lines(decode(path.read_bytes(), source))
        section = find_section(lines, source, notes_end(lines))
        cr = ngrams(" ".join(rule.text for rule in section.rules))
        for rule, summary in imported.summaries:
            assert not ngrams(summary) & cr, (imported.effective, rule, summary)


@SHARED
def test_the_shipped_rule_files_are_reproduced_byte_for_byte(tmp_path: Path) -> None:
    section = shared_path("cr", SECTION_FILE)
    assert (
        import_cr(section.read_bytes(), SECTION_FILE).encode()
        == (rules_dir() / "2026-09-25.yaml").read_bytes()
    )
    # rules/ is exactly what `typeline rules import --archive` writes: every rule file and the index
    archive = shared_path("cr", "archive")
    result = run_cli(["rules", "import", "--archive", str(archive), "--out-dir", str(tmp_path), str(section)])
    shipped_files = len(list(rules_dir().glob("20*.yaml")))
    summary = f"{shipped_files} rule files, {len(shipped_editions())} editions: {tmp_path}\n"
    assert (result.exit_code, result.stdout, result.stderr) == (0, summary, "")
    written = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    shipped = {p.name: p.read_bytes() for p in rules_dir().iterdir() if p.name in written}
    assert sorted(shipped) == sorted(written)
    assert sorted(p.name for p in rules_dir().glob("20*.yaml")) == sorted(
        n for n in written if n.startswith("20")
    )
    assert [name for name in written if shipped[name] != written[name]] == []


@SHARED
def test_a_cut_list_in_a_real_text_names_its_line() -> None:
    text = shared_path("cr", SECTION_FILE).read_text(encoding="utf-8")
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines, 1) if line.startswith("205.3m"))
    lines[at - 1] = lines[at - 1][: len(lines[at - 1]) // 2]
    with pytest.raises(RulesDataError, match=rf"^{SECTION_FILE}:{at}: rule 205\.3m: "):
        import_cr("\n".join(lines).encode(), SECTION_FILE)


@SHARED
def test_an_edition_without_no_gaining_cites_the_correlation_rule() -> None:
    by_date = {imported.effective: text for _, imported, text in all_editions()}
    old = parse_rules("2009-07-11.yaml", by_date["2009-07-11"])
    [finding] = [f for f in check_line("Creature — Forest", old) if f.code == "TL304"]
    assert finding.rules[0] == "204.3c"
    new = parse_rules("2026-09-25.yaml", by_date["2026-09-25"])
    [finding] = [f for f in check_line("Creature — Forest", new) if f.code == "TL304"]
    assert finding.rules[0] == "205.3d"


@SHARED
def test_write_rule_files_writes_one_file_per_change_and_an_index(tmp_path: Path) -> None:
    files = write_rule_files(shared_path("cr", "archive"), tmp_path, [shared_path("cr", SECTION_FILE)])
    index = yaml.safe_load((tmp_path / "index.yaml").read_text(encoding="utf-8"))
    assert index["schema"] == 1
    entries_ = index["files"]
    assert [e["file"] for e in entries_] == [f.name for f in files]
    assert sorted(p.name for p in tmp_path.glob("20*.yaml")) == [f.name for f in files]
    assert sum(len(e["covers"]) for e in entries_) == 86
    texts = {e["file"]: (tmp_path / e["file"]).read_text(encoding="utf-8") for e in entries_}
    for before, after in itertools.pairwise(entries_):
        assert before["edition"] < after["edition"]
        assert texts[before["file"]].split("section:")[1] != texts[after["file"]].split("section:")[1]
    for entry in entries_:
        rules = parse_rules(entry["file"], texts[entry["file"]])
        assert entry["covers"][0] == {"edition": entry["edition"], "source": entry["first_source"]}
        assert entry["covers"][-1]["source"] == entry["last_source"]
        assert entry["counts"]["creature"] == len(next(s for s in rules.lists if s.key == "creature").entries)
    assert (tmp_path / "2026-09-25.yaml").read_bytes() == (rules_dir() / "2026-09-25.yaml").read_bytes()
    covering = next(
        e for e in entries_ if {"edition": "2020-08-07", "source": "2020-08-07.txt.gz"} in e["covers"]
    )
    archived = shared_path("cr", "archive", "2020-08-07.txt.gz")
    shipped = parse_rules("own.yaml", import_cr(archived.read_bytes(), archived.name))  # its own file
    staged = parse_rules("staged.yaml", texts[covering["file"]])
    assert covering["file"] == "2020-07-03.yaml"
    assert (staged.lists, staged.summaries, staged.citations) == (
        shipped.lists,
        shipped.summaries,
        shipped.citations,
    )


REWORDED = [
    ("All other creature types are one word long:", "All other creature types are single words:", "205.3m"),
    (
        "205.3q Battles have a unique subtype, called a battle type. That battle type is Siege.",
        "205.3q Battles have one subtype, the battle type Siege.",
        "205.3q",
    ),
    ("have no subtypes.", "don’t have subtypes.", "205.3r"),
    ("An object can’t gain a subtype that", "An object may only have subtypes that", None),
]


@SHARED
@pytest.mark.parametrize(("old", "new", "rule"), REWORDED)
def test_a_reworded_real_text_is_an_error_naming_the_line(old: str, new: str, rule: str | None) -> None:
    text = shared_path("cr", SECTION_FILE).read_text(encoding="utf-8")
    assert text.count(old) == 1
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines, 1) if line.startswith(f"{rule or '205.'} "))
    where = rf"{at}: rule {re.escape(rule)}: " if rule else rf"{at}: no rule of section 205 carries"
    with pytest.raises(RulesDataError, match=rf"^{SECTION_FILE}:{where}"):
        import_cr(text.replace(old, new).encode(), SECTION_FILE)
