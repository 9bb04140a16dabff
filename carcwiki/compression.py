"""Compressed answers: HTML, JSON and SVG are sent gzipped to clients that accept it.

Django's ``GZipMiddleware`` does the work, with two guards against BREACH (an attacker who
can make a victim's browser send many requests and watch the compressed sizes guesses a
secret in the page one character at a time, when it sits next to text the attacker
chose):

- Django already defeats it for the CSRF token, the one secret in a public page (in the
  forms of the board and of the rules pages): the token is masked afresh in every
  answer, so its bytes are never the same twice, and ``GZipMiddleware`` pads every
  compressed body with 0 to 100 random bytes ("Heal the Breach"), so sizes do not add
  up across requests.
- The admin is not compressed at all: it shows staff data next to what a staff member
  typed (searches, form values), for a handful of requests a day, so there is nothing to
  gain and no reason to reason about it.

Pages kept by :mod:`carcwiki.page_cache` without a form arrive already compressed (once
per content version, since they hold no secret) and pass through untouched; a kept page
with a form gets the reader's own token and is compressed here like any other.
"""

from django.middleware.gzip import GZipMiddleware

UNCOMPRESSED_PREFIXES = ("/admin/",)


class CompressionMiddleware(GZipMiddleware):
    def process_response(self, request, response):
        if request.path.startswith(UNCOMPRESSED_PREFIXES):
            return response
        return super().process_response(request, response)
