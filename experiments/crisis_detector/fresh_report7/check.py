"""Verify fresh_report7's hand-written evaluation set with fresh_report6's rules (its check.py), plus the
new non-crisis category everyday-leaving.  Standard library only.

    python3 check.py    # exit 0 when every rule passes, 1 on any failure; prints the per-category tables
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import written_sets  # noqa: E402

check6 = written_sets.report_checker(HERE)
check6.NONCRISIS_SPEC["everyday-leaving"] = (60, 2, 60)

if __name__ == "__main__":
    sys.exit(check6.main())
