from django.urls import path

from judge.api.problems import ProblemListView
from judge.api.submissions import SubmissionCreateView, SubmissionDetailView

urlpatterns = [
    path("problems/", ProblemListView.as_view(), name="api-problem-list"),
    path("submissions/", SubmissionCreateView.as_view(), name="api-submission-create"),
    path("submissions/<int:pk>/", SubmissionDetailView.as_view(), name="api-submission-detail"),
]
