"""Top-level URL configuration: each app's pages and API, composed."""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from judge.api.errors import api_not_found

api_v1 = [
    path("", include("problems.api.urls")),
    path("", include("judge.api.urls")),
    path("", include("accounts.api.urls")),
    path("", include("contests.api.urls")),
    re_path(r"^.*$", api_not_found),  # unknown API paths answer in the API's error shape
]

urlpatterns = [
    path("", include("judge.ops.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/v1/", include(api_v1)),
    path("", include("web.urls")),
]
