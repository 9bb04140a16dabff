"""Page-number pagination that refuses what it cannot use: a ``page_size`` that is not a
whole number from 1 to the maximum is a 400 naming it, not silently replaced."""

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination


class StrictPageNumberPagination(PageNumberPagination):
    page_size_query_param = "page_size"

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= self.max_page_size:
            raise ValidationError({self.page_size_query_param: [
                f"Give a whole number from 1 to {self.max_page_size}, not '{raw[:40]}'."
            ]})
        return int(raw)

    def get_page_number(self, request, paginator):
        raw = request.query_params.get(self.page_query_param)
        if raw is None:
            return 1
        if raw in self.last_page_strings:
            return raw
        if not (raw.isascii() and raw.isdigit()):
            raise ValidationError({self.page_query_param: [
                f"Give a page number (1, 2, ...), not '{raw[:40]}'."
            ]})
        return raw

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"]["minimum"] = 1
            elif parameter["name"] == self.page_size_query_param:
                parameter["schema"].update(minimum=1, maximum=self.max_page_size)
        return parameters
