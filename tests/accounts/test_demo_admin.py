"""The demo admin of `make run`: created once; the same password and API token every run;
a new token only when the old one no longer works."""

from __future__ import annotations

import os
import stat

import pytest

from accounts.models import ApiToken
from accounts.services import demo_admin_ensure, token_authenticate

pytestmark = pytest.mark.django_db


def test_the_demo_token_and_password_are_stable_across_runs(tmp_path):
    first = demo_admin_ensure(username="admin", var_dir=tmp_path)
    second = demo_admin_ensure(username="admin", var_dir=tmp_path)
    assert first == second
    assert token_authenticate(first.token).user.username == "admin"
    assert ApiToken.objects.filter(user__username="admin").count() == 1
    for name in ("demo-admin.txt", "demo-admin-token.txt"):
        assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o600


def test_a_revoked_demo_token_is_replaced(tmp_path):
    first = demo_admin_ensure(username="admin", var_dir=tmp_path)
    ApiToken.objects.all().delete()
    second = demo_admin_ensure(username="admin", var_dir=tmp_path)
    assert second.token != first.token and second.password == first.password
    assert token_authenticate(second.token) is not None
    assert demo_admin_ensure(username="admin", var_dir=tmp_path).token == second.token
