"""`python -m mtg_typeline.crimport` (see `mtg_typeline.crimport.main`)."""

import sys

from mtg_typeline.crimport import main

sys.exit(main())
