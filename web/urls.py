from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.generic import RedirectView

from web import (
    account_views,
    contest_actions,
    contest_views,
    guide_views,
    profile_views,
    submission_views,
    views,
)

urlpatterns = [
    path("", views.problem_list, name="problem-list"),
    # /problems/ is where a user trims a problem's address to: the list (its filters kept).
    path(
        "problems/",
        RedirectView.as_view(pattern_name="problem-list", query_string=True),
        name="problem-list-alias",
    ),
    path("problems/<slug:slug>/", views.problem_detail, name="problem-detail"),
    path(
        "problems/<slug:slug>/leaderboard/", views.problem_leaderboard, name="problem-leaderboard"
    ),
    path("leaderboard/", views.global_leaderboard, name="global-leaderboard"),
    path("submissions/<int:pk>/", submission_views.submission_detail, name="submission-detail"),
    path(
        "submissions/<int:pk>/cancel/",
        submission_views.submission_cancel_view,
        name="submission-cancel",
    ),
    path(
        "submissions/<int:pk>/profile.ncu-rep",
        profile_views.submission_profile_report,
        name="submission-profile-report",
    ),
    path(
        "submissions/<int:pk>/compare/<int:other>/",
        profile_views.submission_profile_compare,
        name="submission-profile-compare",
    ),
    path("languages/<slug:name>/", guide_views.language_guide, name="language-guide"),
    path("contests/", contest_views.contest_list, name="contest-list"),
    path("contests/new/", contest_views.contest_new, name="contest-new"),
    path("contests/<slug:slug>/", contest_views.contest_detail, name="contest-detail"),
    path("contests/<slug:slug>/board/", contest_views.contest_board_page, name="contest-board"),
    path(
        "contests/<slug:slug>/problems/<str:label>/",
        contest_views.contest_problem,
        name="contest-problem",
    ),
    path("contests/<slug:slug>/join/", contest_actions.join, name="contest-join"),
    path("contests/<slug:slug>/start/", contest_actions.start, name="contest-start"),
    path("contests/<slug:slug>/ask/", contest_actions.ask, name="contest-ask"),
    path("contests/<slug:slug>/answer/<int:pk>/", contest_actions.answer, name="contest-answer"),
    path("contests/<slug:slug>/announce/", contest_actions.announce, name="contest-announce"),
    path("contests/<slug:slug>/edit/", contest_actions.edit, name="contest-edit"),
    path("contests/<slug:slug>/unfreeze/", contest_actions.unfreeze, name="contest-unfreeze"),
    path(
        "contests/<slug:slug>/disqualify/<int:pk>/",
        contest_actions.disqualify,
        name="contest-disqualify",
    ),
    path("contests/<slug:slug>/similarity/", contest_actions.similarity, name="contest-similarity"),
    path("groups/<slug:slug>/", contest_views.group_detail, name="group-detail"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("accounts/signup/", account_views.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(
            template_name="web/login.html", redirect_authenticated_user=True
        ),
        name="login",
    ),
    path(
        "accounts/password-reset/",
        auth_views.PasswordResetView.as_view(
            template_name="web/password_reset_form.html",
            email_template_name="web/password_reset_email.txt",
            subject_template_name="web/password_reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="web/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="web/password_reset_confirm.html", post_reset_login=False
        ),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="web/password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page="/"), name="logout"),
    path("accounts/profile/", account_views.profile, name="profile"),
    path("accounts/tokens/", account_views.token_new, name="token-new"),
    path("accounts/tokens/<int:token_id>/revoke/", account_views.token_delete, name="token-revoke"),
]
