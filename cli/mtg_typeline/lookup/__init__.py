"""Rule data shown to people: `typeline rules list`, `rules show`, `rules diff` and `lookup`.

Each command's work is one module, and all of them see an edition's lists the same way: as
`Category`s under the short names custom rule files and JSON output use (`card_types`,
`supertypes`, `creature` …, `no_subtypes`).

- `show`: the `Category` view of a rule set, the rules a command reads (a shipped edition,
  `--as-of`, or the user's `--rules`), and `rules list` and `rules show`;
- `diff`: `rules diff`, what changed in the lists between two editions;
- `choice`: where a word is listed, and whether it may be chosen as a subtype (CR 205.3e);
- `word`: `lookup`, what a word is in an edition and in which editions, built on `choice`.

They read the rule data through `mtg_typeline.ruleset` and print text or JSON; the command
line (`mtg_typeline.main.rules`) imports each only when its command runs.
"""
