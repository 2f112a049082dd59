"""The OpenAPI document as a contract a generated client can rely on (issue 25): each
operation completed, as flask-smorest hands it to the spec, with what the server really does
beyond its schemas: an operationId, a description, the security it takes, the language
parameter, and the headers its answers carry (ETag, Location, Idempotent-Replayed,
X-Request-Id, Retry-After, WWW-Authenticate)."""

from __future__ import annotations

# the three ways a token may travel (docs/api.md): any one is enough
SCHEMES = {
    "bearerToken": {"type": "http", "scheme": "bearer",
                    "description": "Authorization: Bearer <the session's or group's token>"},
    "headerToken": {"type": "apiKey", "in": "header", "name": "X-Tally-Token"},
    "queryToken": {"type": "apiKey", "in": "query", "name": "t"},
}
SECURITY = [{"bearerToken": []}, {"headerToken": []}, {"queryToken": []}]

HEADERS = {
    "ETag": {"description": "the session's (or group's) version, quoted; send it back as it "
                            "is in If-Match or If-None-Match",
             "schema": {"type": "string", "example": '"3"'}},
    "Location": {"description": "the address of what was created",
                 "schema": {"type": "string"}},
    "Idempotent-Replayed": {"description": "true when this is the stored answer of an earlier "
                                           "request with the same Idempotency-Key",
                            "schema": {"type": "string", "enum": ["true"]}},
    "X-Request-Id": {"description": "the request's id (the client's own X-Request-Id when it "
                                    "sent a plain one); quote it when reporting a problem",
                     "schema": {"type": "string"}},
    "Retry-After": {"description": "seconds until the limit's window ends",
                    "schema": {"type": "integer", "minimum": 1}},
    "WWW-Authenticate": {"description": 'Bearer realm="hanafuda-tally"',
                         "schema": {"type": "string"}},
}
# the rate limit every token-guarded operation is under (tally.api.ratelimit): wrong or
# missing tokens per address and per session
TOO_MANY_WRONG_TOKENS = {
    "description": "too many wrong or missing tokens from this address, or for this session "
                   "(code rate_limited; wait Retry-After seconds)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}
LANG = {"in": "query", "name": "lang", "required": False,
        "schema": {"type": "string", "enum": ["en", "ja", "ko"]},
        "description": "the reader's language for sentences (`said`); else Accept-Language"}
IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False,
                 "schema": {"type": "string"},
                 "description": "the ETag last received: 304 while nothing changed"}


def operation_id(endpoint: str) -> str:
    """``sessions.add_round`` -> ``add_round``; the groups' own names say "group"."""
    blueprint, _, name = endpoint.partition(".")
    if blueprint == "groups" and "group" not in name:
        return f"group_{name}"
    return name


def complete(op: dict, endpoint: str, method: str) -> dict:
    """One operation of the document, completed."""
    op["operationId"] = operation_id(endpoint)
    op.setdefault("description", op.get("summary", ""))
    params = op.setdefault("parameters", [])
    guarded = any(p.get("name") == "t" for p in params)
    if guarded:
        op["security"] = SECURITY
        op["description"] += (" The token goes in Authorization: Bearer, X-Tally-Token or "
                              "?t=; it is checked before anything else is done.")
        op.setdefault("responses", {}).setdefault("429", TOO_MANY_WRONG_TOKENS)
    params.append(LANG)
    if method == "get" and "304" in map(str, op.get("responses", {})):
        params.append(IF_NONE_MATCH)
    replays = any(p.get("name") == "Idempotency-Key" for p in params)
    for status, response in op.get("responses", {}).items():
        if isinstance(response, dict):  # not a $ref to a shared response
            response["headers"] = headers_of(str(status), guarded, replays,
                                             response.get("headers") or {})
    return op


def headers_of(status: str, guarded: bool, replays: bool, given: dict) -> dict:
    headers = {**given, "X-Request-Id": HEADERS["X-Request-Id"]}
    if status == "401":
        headers["WWW-Authenticate"] = HEADERS["WWW-Authenticate"]
    elif status == "429":
        headers["Retry-After"] = HEADERS["Retry-After"]
    elif status.startswith("2") and (guarded or status == "201"):
        headers["ETag"] = HEADERS["ETag"]
    if status == "201":
        headers["Location"] = HEADERS["Location"]
    if replays and status.startswith("2"):
        headers["Idempotent-Replayed"] = HEADERS["Idempotent-Replayed"]
    return headers


def completing(spec):
    """A stand-in for ``spec.path`` that completes each operation first (flask-smorest
    hands every route's operations to ``spec.path``)."""
    path = spec.path

    def described(*, rule, operations, parameters):
        for method, op in operations.items():
            complete(op, rule.endpoint, method)
        return path(rule=rule, operations=operations, parameters=parameters)
    return described


def finish(spec) -> None:
    """The document's own parts: the security schemes, where it is served, a contact, and no
    component nothing uses (flask-smorest's pagination metadata: we page with next_after)."""
    for name, scheme in SCHEMES.items():
        if name not in spec.components.security_schemes:
            spec.components.security_scheme(name, scheme)
    spec.components.schemas.pop("PaginationMetadata", None)
    for response in spec.components.responses.values():  # flask-smorest's shared errors
        response["headers"] = {**response.get("headers", {}),
                               "X-Request-Id": HEADERS["X-Request-Id"]}
