"""The browser tests share one site (a session fixture) and run in an order xdist chooses: two
tests signing up the same name would make the later sign-up fail (the name is taken) in
whichever order puts it second."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path


def test_every_sign_up_of_the_browser_tests_uses_a_name_of_its_own():
    names = Counter(
        name
        for path in Path(__file__).parent.glob("test_*.py")
        for name in re.findall(r'sign_up\(\w+, site, "([^"]+)"\)', path.read_text())
    )
    assert len(names) >= 10, names  # the pattern still finds the sign-ups
    assert [n for n, count in names.items() if count > 1] == []
