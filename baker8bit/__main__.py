from baker8bit.cli import main

raise SystemExit(main())
