from django.urls import path

from accounts.api.me import MeView
from accounts.api.tokens import TokenListCreateView, TokenRevokeView

urlpatterns = [
    path("me/", MeView.as_view(), name="api-me"),
    path("tokens/", TokenListCreateView.as_view(), name="api-token-list"),
    path("tokens/<int:pk>/", TokenRevokeView.as_view(), name="api-token-revoke"),
]
