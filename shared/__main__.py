from mancala.cli import main

raise SystemExit(main())
