"""Rule data shown to people: `typeline lookup`, `rules show`, `rules list`, `rules diff`."""
