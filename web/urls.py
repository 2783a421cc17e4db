from django.contrib.auth import views as auth_views
from django.urls import path

from web import account_views, guide_views, profile_views, submission_views, views

urlpatterns = [
    path("", views.problem_list, name="problem-list"),
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
