from django.urls import path, re_path

from judge.api.devices import DeviceListView
from judge.api.errors import api_not_found
from judge.api.events import SubmissionEventsView
from judge.api.leaderboards import GlobalLeaderboardView, ProblemLeaderboardView
from judge.api.me import MeView
from judge.api.problems import ProblemDetailView, ProblemListView
from judge.api.profiling import SubmissionProfileReportView, SubmissionProfileView
from judge.api.submissions import (
    SubmissionCancelView,
    SubmissionDetailView,
    SubmissionInspectView,
    SubmissionListCreateView,
)
from judge.api.tokens import TokenListCreateView, TokenRevokeView

urlpatterns = [
    path("problems/", ProblemListView.as_view(), name="api-problem-list"),
    path("problems/<slug:slug>/", ProblemDetailView.as_view(), name="api-problem-detail"),
    path("submissions/", SubmissionListCreateView.as_view(), name="api-submission-list"),
    path("submissions/<int:pk>/", SubmissionDetailView.as_view(), name="api-submission-detail"),
    path(
        "submissions/<int:pk>/cancel/",
        SubmissionCancelView.as_view(),
        name="api-submission-cancel",
    ),
    re_path(
        r"^submissions/(?P<pk>\d+)/inspect/?$",
        SubmissionInspectView.as_view(),
        name="api-submission-inspect",
    ),
    path("submissions/<int:pk>/profile/", SubmissionProfileView.as_view(), name="api-profile"),
    path(
        "submissions/<int:pk>/profile/report/",
        SubmissionProfileReportView.as_view(),
        name="api-profile-report",
    ),
    path(
        "submissions/<int:pk>/events/",
        SubmissionEventsView.as_view(),
        name="api-submission-events",
    ),
    path("leaderboards/", GlobalLeaderboardView.as_view(), name="api-leaderboard-global"),
    path(
        "leaderboards/<slug:slug>/",
        ProblemLeaderboardView.as_view(),
        name="api-leaderboard-problem",
    ),
    path("devices/", DeviceListView.as_view(), name="api-device-list"),
    path("me/", MeView.as_view(), name="api-me"),
    path("tokens/", TokenListCreateView.as_view(), name="api-token-list"),
    path("tokens/<int:pk>/", TokenRevokeView.as_view(), name="api-token-revoke"),
    re_path(r"^.*$", api_not_found),  # unknown API paths answer in the API's error shape
]
