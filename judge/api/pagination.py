"""Every list is paginated: {"count", "next", "previous", "results"}."""

from rest_framework import pagination


class PageNumberPagination(pagination.PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
    invalid_page_message = "There is no page {page_number} ({message})."
