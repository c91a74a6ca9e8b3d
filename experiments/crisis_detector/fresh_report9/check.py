"""Verify fresh_report9's hand-written evaluation set with fresh_report6's rules (its check.py): 40 rows in
each non-crisis category but greetings-and-signoffs (60), as in fresh_report8, and signoffs-with-apology (40),
which is new.  Standard library only.

    python3 check.py    # exit 0 when every rule passes, 1 on any failure; prints the per-category tables
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import written_sets  # noqa: E402

check6 = written_sets.report9_checker(HERE)

if __name__ == "__main__":
    sys.exit(check6.main())
