"""Verify fresh_report7's hand-written evaluation set with fresh_report6's rules (its check.py), plus the
new non-crisis category everyday-leaving.  Standard library only.

    python3 check.py    # exit 0 when every rule passes, 1 on any failure; prints the per-category tables
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location("check6", os.path.join(HERE, "..", "fresh_report6", "check.py"))
check6 = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(check6)
check6.HERE = HERE  # read and rebuild this set's files
check6.NONCRISIS_SPEC["everyday-leaving"] = (60, 2, 60)

if __name__ == "__main__":
    sys.exit(check6.main())
