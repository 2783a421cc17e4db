from django.urls import path

from web import views

urlpatterns = [
    path("", views.problem_list, name="problem-list"),
    path("problems/<slug:slug>/", views.problem_detail, name="problem-detail"),
]
