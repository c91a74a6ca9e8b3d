"""Verify fresh_report10's hand-written evaluation set with fresh_report9's rules (fresh_report6's check.py with
fresh_report8's counts, and 40 signoffs-with-apology).  Standard library only.

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
