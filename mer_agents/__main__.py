from mer_agents.cli import main

raise SystemExit(main())
