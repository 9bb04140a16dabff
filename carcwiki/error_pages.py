"""What a visitor sees when a page does not exist or the server fails.

Pages answer with the site's own layout and a way back; paths under ``/api/`` answer
JSON in the API's error shape, so that a client that mistypes an endpoint reads a
sentence rather than an HTML page. DRF views already answer their own errors as JSON
(see :mod:`carcwiki.api.errors`); these handlers cover the rest: URLs that match no
route, and failures outside DRF.
"""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from carcwiki.api.errors import SERVER_ERROR_DETAIL, error, errors_body


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        message = f"There is no API endpoint at {request.path}; the list is at /api/docs/."
        return JsonResponse(errors_body(error("not_found", message)), status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return JsonResponse(errors_body(error("server_error", SERVER_ERROR_DETAIL)), status=500)
    # Rendered without the request's context processors: the failure may be theirs.
    return defaults.server_error(request)
