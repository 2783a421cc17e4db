from django.urls import path, re_path

from judge.api.devices import DeviceListView
from judge.api.events import SubmissionEventsView
from judge.api.languages import LanguageListView
from judge.api.leaderboards import GlobalLeaderboardView, ProblemLeaderboardView
from judge.api.profiling import SubmissionProfileReportView, SubmissionProfileView
from judge.api.submissions import (
    SubmissionCancelView,
    SubmissionDetailView,
    SubmissionInspectView,
    SubmissionListCreateView,
)

urlpatterns = [
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
    path("languages/", LanguageListView.as_view(), name="api-language-list"),
]
