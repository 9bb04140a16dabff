"""Requests the views can rely on: an address of bounded length, a body of known length.

A proxy or gunicorn refuses an overlong request line with a bare page of its own; the
site refuses well before their limits (gunicorn's is raised to its maximum in
``deploy/gunicorn.conf.py``), so that a client always reads the API's ``errors`` shape,
or the site's plain text for a page, and no view ever sees a megabyte-long query.

A body sent in chunks (``Transfer-Encoding: chunked``, no ``Content-Length``) reaches
Django as an empty one, since Django reads only as many bytes as the length announces.
Where the server has decoded the chunks (gunicorn sets ``wsgi.input_terminated``), the
body is read here, up to the site's upload limit, and given its length.
"""

import io

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream
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


class ChunkedBodyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        environ = getattr(request, "environ", {})
        chunked = "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not request.META.get("CONTENT_LENGTH") \
                and environ.get("wsgi.input_terminated"):
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            body = environ["wsgi.input"].read(limit + 1)
            if len(body) > limit:
                message = (f"The request body is over {limit:,} bytes, the limit.")
                if request.path.startswith("/api/"):
                    return JsonResponse(errors_body(error("too_large", message)), status=413)
                return HttpResponse(message, status=413,
                                    content_type="text/plain; charset=utf-8")
            request.META["CONTENT_LENGTH"] = str(len(body))
            request._stream = LimitedStream(io.BytesIO(body), len(body))
        return self.get_response(request)
