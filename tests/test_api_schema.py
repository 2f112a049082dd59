"""The OpenAPI document validates, and schemathesis drives every operation with a bounded
number of generated requests (in-process WSGI: no network) without one server error."""

import itertools
import tempfile

import schemathesis
from hypothesis import HealthCheck, settings
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error

import tally

_DIR = tempfile.mkdtemp(prefix="tally-schemathesis-")
APP = tally.create_app({"DATABASE": f"{_DIR}/s.sqlite", "TESTING": True,
                        "PUBLIC_URL": "http://tally.test"})
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)

# A real session and group, so generated requests also reach the engine and the store, not
# only the 404 of an unknown id.
_c = APP.test_client()
_s = _c.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]}).json
_g = _c.post("/api/v1/groups", json={"name": "club"}).json
_GAMES = itertools.cycle(["koi-koi", "go-stop"])
_FLIP = itertools.cycle([True, False])


def test_openapi_document_validates():
    spec = _c.get("/api/v1/openapi.json").json
    validate(spec)
    ops = {(m, p) for p, item in spec["paths"].items() for m in item}
    assert ("post", "/api/v1/sessions/{session_id}/rounds") in ops
    assert ("get", "/api/v1/sessions/{session_id}/qr.png") in ops
    for p, item in spec["paths"].items():
        for m, op in item.items():
            if m in ("post", "put", "delete") and "{" in p:
                assert "422" in op["responses"] or "401" in op["responses"], (m, p)


@schema.parametrize()
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_server_errors(case):
    params = case.path_parameters or {}
    if "game" in params:
        params["game"] = next(_GAMES)
    if "session_id" in params and next(_FLIP):
        params["session_id"] = _s["id"]
        case.query = {**(case.query or {}), "t": _s["edit_token"]}
    if "group_id" in params and next(_FLIP):
        params["group_id"] = _g["id"]
        case.query = {**(case.query or {}), "t": _g["token"]}
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
