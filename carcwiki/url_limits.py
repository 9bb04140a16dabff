"""A limit on the length of a request's address, answered by the site itself.

A proxy or gunicorn refuses an overlong request line with a bare page of its own; the
site refuses well before their limits (gunicorn's is raised to its maximum in
``deploy/gunicorn.conf.py``), so that a client always reads the API's ``errors`` shape,
or the site's plain text for a page, and no view ever sees a megabyte-long query.
"""

from django.http import HttpResponse, JsonResponse

from carcwiki.api.errors import error, errors_body

MAX_URL_LENGTH = 4096
"""Characters of path and query string together."""


class UrlLengthLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        length = len(request.get_full_path())
        if length <= MAX_URL_LENGTH:
            return self.get_response(request)
        message = (f"The address is {length:,} characters long; the limit is "
                   f"{MAX_URL_LENGTH:,}. Send fewer or shorter query parameters.")
        if request.path.startswith("/api/"):
            return JsonResponse(errors_body(error("uri_too_long", message)), status=414)
        return HttpResponse(message, status=414, content_type="text/plain; charset=utf-8")
