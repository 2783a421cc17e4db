from django.contrib import admin

from problems.models import Problem


@admin.register(Problem)
class ProblemAdmin(admin.ModelAdmin):
    list_display = ("slug", "title", "difficulty", "version", "published", "from_catalog")
    list_filter = ("difficulty", "published", "from_catalog")
    search_fields = ("slug", "title")
    readonly_fields = ("content_hash", "created_at", "updated_at")
