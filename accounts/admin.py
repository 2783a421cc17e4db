from django.contrib import admin

from accounts.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "prefix", "created_at", "last_used_at")
    search_fields = ("user__username", "name", "prefix")
    readonly_fields = ("prefix", "key_hash", "created_at", "last_used_at")
