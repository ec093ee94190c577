"""`python -m terminal` is the `dominoes` command."""

import sys

from terminal.cli import main

sys.exit(main())
