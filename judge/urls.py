"""Top-level URL configuration."""

from django.contrib import admin
from django.urls import include, path

from judge.ops_views import healthz, metrics

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("metrics", metrics, name="metrics"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("judge.api.urls")),
    path("", include("web.urls")),
]
