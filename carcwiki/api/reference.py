"""``/api/docs/``: the API's reference as one plain page drawn from the OpenAPI schema
(about a tenth of a megabyte, no script), for reading; Swagger UI, for trying requests
from the browser, is one link away at ``/api/docs/try/`` (1.9 MB with its schema).

The page shows the schema's description (what the API holds and the board format), then
every operation: method, path, summary, description, parameters and answers. It is kept
in the page cache like the schema, until the content or the code changes.
"""

from django.shortcuts import render
from django.views.decorators.http import require_safe
from drf_spectacular.generators import SchemaGenerator

from carcwiki.rules.rendering import render_markdown

METHODS = ("get", "post", "put", "patch", "delete")


def _operations(schema: dict) -> list[dict]:
    operations = []
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            body = operation.get("requestBody", {}).get("content", {})
            operations.append({
                "anchor": operation.get("operationId", f"{method}-{path}"),
                "method": method.upper(),
                "path": path,
                "tag": (operation.get("tags") or ["other"])[0],
                "summary": operation.get("summary", ""),
                "description": render_markdown(operation.get("description", "")),
                "parameters": [
                    {"name": parameter["name"], "in": parameter["in"],
                     "required": parameter.get("required", False),
                     "description": parameter.get("description", "")}
                    for parameter in operation.get("parameters", [])
                ],
                "body": ", ".join(body),
                "responses": [(code, answer.get("description", ""))
                              for code, answer in operation.get("responses", {}).items()],
            })
    return operations


@require_safe
def api_reference(request):
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = _operations(schema)
    tags: dict[str, list[dict]] = {}
    for operation in operations:
        tags.setdefault(operation["tag"], []).append(operation)
    return render(request, "api/reference.html", {
        "title": schema["info"]["title"],
        "version": schema["info"]["version"],
        "description": render_markdown(schema["info"].get("description", "")),
        "tags": sorted(tags.items()),
    })
