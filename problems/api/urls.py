from django.urls import path

from problems.api.problems import ProblemDetailView, ProblemListView

urlpatterns = [
    path("problems/", ProblemListView.as_view(), name="api-problem-list"),
    path("problems/<slug:slug>/", ProblemDetailView.as_view(), name="api-problem-detail"),
]
