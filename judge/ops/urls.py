from django.urls import path

from judge.ops.views import healthz, metrics

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("metrics", metrics, name="metrics"),
]
