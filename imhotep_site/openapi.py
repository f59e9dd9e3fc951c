"""drf-spectacular postprocessing hook: the refusals every operation may answer, documented
where they apply (docs/security.md), each with the body ``{"detail": "…"}``:

* **413** on every operation with a request body (``IMHOTEP_MAX_JSON_BYTES``, and the count
  caps ``IMHOTEP_MAX_MOVES`` / ``IMHOTEP_MAX_IMPORT_RECORDS``);
* **429** on every operation of a throttled view (scoring, auth token);
* **414** on every operation: a URL longer than the server in front takes (gunicorn's
  ``limit_request_line``, 4094 bytes, as ``make serve`` runs it) is refused before the
  application sees it, with gunicorn's own short page, so no body is documented;
* **401** and **403** on every write (POST/PUT/PATCH/DELETE) of a view whose permissions can
  refuse (not ``AllowAny``), and **401** on every operation that takes a token (a wrong or
  revoked ``Authorization: Token`` is refused even where no sign-in is needed).

A view's own description of a status wins; one documented without a body gets the detail body.
"""

from __future__ import annotations

from drf_spectacular.settings import spectacular_settings
from rest_framework.authentication import TokenAuthentication
from rest_framework.permissions import AllowAny

DETAIL_COMPONENT = "Detail"
WRITE_METHODS = frozenset({"post", "put", "patch", "delete"})
WITHOUT_BODY = frozenset({"414"})  # answered by gunicorn, not by the application

DESCRIPTIONS = {
    "401": "Not signed in, or the token is wrong or revoked: send `Authorization: Token <token>` (or a "
    "session cookie with its CSRF token).",
    "403": "Signed in, but not allowed: only the game's creator or staff may change it (or CSRF failed).",
    "413": "The body is over the limit (IMHOTEP_MAX_JSON_BYTES bytes), or a record has more moves than "
    "IMHOTEP_MAX_MOVES; `detail` names the limit and what was sent.",
    "414": "The URL is too long (over 4094 bytes, gunicorn's limit_request_line): refused by the server in "
    "front of the application, with a plain page.",
    "429": "Too many requests: throttled per user, or per address for anonymous callers; see Retry-After.",
}


def _detail_schema() -> dict:
    return {
        "type": "object",
        "properties": {"detail": {"type": "string", "description": "What was refused and why."}},
        "required": ["detail"],
    }


def _views_by_operation(generator, request) -> dict[tuple[str, str], object]:
    """(path, method) → the view instance with a mock request, as drf-spectacular builds them."""
    views = {}
    for path, _regex, method, callback in generator.endpoints or ():
        view = generator.create_view(callback, method)
        path = generator.coerce_path(path, method, view)
        view.request = spectacular_settings.GET_MOCK_REQUEST(method, path, view, request)
        views[(path, method.lower())] = view
    return views


def _refusals(method: str, operation: dict, view) -> list[str]:
    codes = []
    if "requestBody" in operation:
        codes.append("413")
    if view is not None and getattr(view, "throttle_classes", None):
        codes.append("429")
    if method in WRITE_METHODS and view is not None:
        permissions = view.get_permissions() if hasattr(view, "get_permissions") else []
        if any(not isinstance(p, AllowAny) for p in permissions):
            codes += ["401", "403"]
    authenticators = getattr(view, "authentication_classes", ()) if view is not None else ()
    if any(issubclass(a, TokenAuthentication) for a in authenticators):
        codes.append("401")
    codes.append("414")
    return list(dict.fromkeys(codes))


def document_refusals(result, generator, request, public, **kwargs):
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault(DETAIL_COMPONENT, _detail_schema())
    content = {"application/json": {"schema": {"$ref": f"#/components/schemas/{DETAIL_COMPONENT}"}}}
    views = _views_by_operation(generator, request)
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in {"get", "put", "post", "patch", "delete", "head", "options"}:
                continue
            responses = operation.setdefault("responses", {})
            for code in _refusals(method, operation, views.get((path, method))):
                answer = responses.setdefault(code, {"description": DESCRIPTIONS[code]})
                if code not in WITHOUT_BODY:
                    answer.setdefault("content", content)
    return result
