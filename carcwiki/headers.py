"""Response headers every page carries beyond Django's own security headers."""

from django.conf import settings


class PermissionsPolicyMiddleware:
    """Adds ``Permissions-Policy`` (``settings.PERMISSIONS_POLICY``): the browser features
    the site never uses are refused to it and to anything it could frame."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response
