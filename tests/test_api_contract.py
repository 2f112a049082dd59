"""The OpenAPI document as a contract (issue 25): Spectral's `oas` ruleset finds nothing to
warn about; every operation has a unique operationId, a description, the security it really
takes and the headers its answers really carry; and the answers do carry them."""

from __future__ import annotations

import json
import pathlib
import subprocess

import pytest

import tally

SPECTRAL = pathlib.Path(__file__).resolve().parent / ".spectral/node_modules/.bin/spectral"
METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture(scope="module")
def document(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("contract")
    app = tally.create_app({"DATABASE": str(tmp / "t.sqlite"), "TESTING": True,
                            "RATE_LIMITS": "off"})
    return app.test_client().get("/api/v1/openapi.json").json


def operations(doc):
    for path, item in doc["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method]


def test_spectral_finds_nothing_to_warn_about(document, tmp_path):
    """`make test` installs Spectral first (tests/ensure-spectral.sh)."""
    (tmp_path / "openapi.json").write_text(json.dumps(document))
    (tmp_path / ".spectral.yaml").write_text('extends: ["spectral:oas"]\n')
    done = subprocess.run([str(SPECTRAL), "lint", "openapi.json", "--ruleset", ".spectral.yaml",
                           "--fail-severity", "hint", "-f", "text"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_each_operation_is_named_described_and_guarded(document):
    ids = [op["operationId"] for _, _, op in operations(document)]
    assert len(ids) == len(set(ids)) and all(i.isidentifier() for i in ids), ids
    schemes = set(document["components"]["securitySchemes"])
    assert schemes == {"bearerToken", "headerToken", "queryToken"}
    for path, method, op in operations(document):
        assert op["description"], (path, method)
        takes_token = any(p["name"] == "t" for p in op["parameters"])
        assert bool(op.get("security")) == takes_token, (path, method)
        # wrong tokens are rate-limited on every guarded operation, creations on their own
        assert "429" in op["responses"] or not takes_token, (path, method)
        assert "lang" in [p["name"] for p in op["parameters"]]
        for status, response in op["responses"].items():
            if "$ref" in response:  # a shared response (components.responses)
                response = document["components"]["responses"][response["$ref"].split("/")[-1]]
            headers = response.get("headers", {})
            assert "X-Request-Id" in headers, (path, method, status)
            if status == "401":
                assert "WWW-Authenticate" in headers
            if status == "429":
                assert "Retry-After" in headers
    add = document["paths"]["/api/v1/sessions/{session_id}/rounds"]["post"]
    assert {"ETag", "Location", "Idempotent-Replayed"} <= set(add["responses"]["201"]["headers"])
    read = document["paths"]["/api/v1/sessions/{session_id}"]["get"]
    assert "If-None-Match" in [p["name"] for p in read["parameters"]]


def test_the_answers_carry_the_headers_the_document_names(db_config):
    client = tally.create_app(db_config).test_client()
    made = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]})
    assert {"ETag", "Location", "X-Request-Id"} <= set(made.headers.keys())
    sid, token = made.json["id"], made.json["edit_token"]
    rnd = {"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
           "events": [{"type": "stop", "player": "A"}]}
    key = {"Idempotency-Key": "0123456789abcdef-contract", "If-Match": made.headers["ETag"],
           "Authorization": f"Bearer {token}"}
    first = client.post(f"/api/v1/sessions/{sid}/rounds", json=rnd, headers=key)
    again = client.post(f"/api/v1/sessions/{sid}/rounds", json=rnd, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert first.headers["Location"] == f"/api/v1/sessions/{sid}/rounds/1"
