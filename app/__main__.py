"""`python -m app` runs the command line, like the `chinese-poker` script."""

from app.cli import main

raise SystemExit(main())
