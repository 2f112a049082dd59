"""The answers are what the document says (issue 25): every game's example round scored and
played through a small session, the group's answers and a few errors, each JSON answer checked
against the response schema its operation documents in the served OpenAPI document. The
schemas are strict (no key beyond those documented), so a field added, renamed or of another
type in an answer fails here until the document says it."""

from __future__ import annotations

import copy

import pytest
from openapi_schema_validator import OAS30Validator

import tally
from tally.games import GAMES

API = "/api/v1"
# what stays an open object by design: a round's input and the carry are each game's own
# keys, an error's params quote back any value that was refused
OPEN_BY_DESIGN = {"Carry", "RoundInput", "ErrorItem/properties/params"}


class Checked:
    """A test client whose every answer is checked against the served document."""

    def __init__(self, app, lang: str = "en"):
        self.client = app.test_client()
        self.doc = self.client.get(f"{API}/openapi.json").json
        self.headers = {"Accept-Encoding": "identity", "Accept-Language": lang}
        self.validators = {}

    def call(self, method: str, template: str, *, body=None, query=None, token=None,
             status: int = 200, **params):
        headers = dict(self.headers)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        path = API + template.format(**params)
        resp = self.client.open(path, method=method, json=body, query_string=query,
                                headers=headers)
        assert resp.status_code == status, (method, path, resp.get_data(as_text=True)[:400])
        problems = self.problems(method, template, status, resp.json)
        assert not problems, (method, path, problems)
        return resp.json

    def problems(self, method: str, template: str, status: int, answer) -> list[str]:
        key = (API + template, method.lower(), str(status))
        if key not in self.validators:
            responses = self.doc["paths"][key[0]][key[1]]["responses"]
            assert key[2] in responses, f"{key}: the document names no such answer"
            response = responses[key[2]]
            if "$ref" in response:  # a shared response
                response = self.doc["components"]["responses"][response["$ref"].split("/")[-1]]
            schema = response["content"]["application/json"]["schema"]
            self.validators[key] = OAS30Validator(
                {**schema, "components": self.doc["components"]})
        return [f"{e.json_path}: {e.message[:200]}"
                for e in self.validators[key].iter_errors(answer)][:5]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("typed")
    return tally.create_app({"DATABASE": str(tmp / "t.sqlite"), "TESTING": True,
                             "RATE_LIMITS": "off", "PUBLIC_URL": "http://tally.test"})


def example(game: str) -> tuple[dict, dict]:
    """The game's example round (players and dealer: a session's), and as a session takes it."""
    ex = copy.deepcopy(dict(GAMES[game].round_example))
    return ex, {k: v for k, v in ex.items() if k not in ("players", "dealer", "carry")}


def new_session(api: Checked, game: str, **extra) -> tuple[str, str, int]:
    ex, _ = example(game)
    cfg = {"game": game, "players": ex["players"], **extra}
    if ex.get("dealer"):
        cfg["first_dealer"] = ex["dealer"]
    made = api.call("POST", "/sessions", body=cfg, status=201)
    return made["id"], made["edit_token"], made["version"]


def add_example(api: Checked, game: str, sid: str, token: str, version: int) -> dict:
    _, inp = example(game)
    return api.call("POST", "/sessions/{session_id}/rounds", body={**inp, "version": version},
                    token=token, status=201, session_id=sid)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_scores_as_documented(app, game):
    ex, _ = example(game)
    for lang in ("en", "ja"):  # ja: every sentence also says itself ("said")
        api = Checked(app, lang)
        api.call("GET", "/games/{game}", game=game)
        api.call("POST", "/games/{game}/score", body=ex, game=game)
    pile = next(iter((ex.get(GAMES[game].pile_key) or {}).values()), None)
    if pile:
        api.call("POST", "/games/{game}/evaluate", body={"cards": pile}, game=game)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_plays_a_session_as_documented(app, game):
    """Added, read every way, corrected, finished, undone and redone (in Korean: the
    sentences of the stored breakdowns carry their "said" too)."""
    api = Checked(app, "ko")
    sid, token, version = new_session(api, game)
    added = add_example(api, game, sid, token, version)
    assert added["round"]["seq"] == 1 and not added["state"]["complete"]
    reads(api, sid, token)
    s = dict(session_id=sid, token=token)
    _, inp = example(game)
    v = api.call("PUT", "/sessions/{session_id}/rounds/{seq}", seq=1,
                 body={**inp, "version": added["version"]}, **s)["version"]
    done = api.call("POST", "/sessions/{session_id}/finish", body={"version": v}, **s)
    assert done["round"] is None and done["state"]["complete"]
    api.call("GET", "/sessions/{session_id}/end", **s)
    v = api.call("POST", "/sessions/{session_id}/undo", body={"version": done["version"]},
                 **s)["version"]
    api.call("POST", "/sessions/{session_id}/redo", body={"version": v}, **s)
    api.call("GET", "/sessions/{session_id}", **s)
    api.call("GET", "/sessions/{session_id}/history", **s)


def reads(api: Checked, sid: str, token: str) -> None:
    """Every read of a session, as documented."""
    s = dict(session_id=sid, token=token)
    api.call("GET", "/sessions/{session_id}", **s)
    api.call("GET", "/sessions/{session_id}/rounds/{seq}", seq=1, **s)
    api.call("GET", "/sessions/{session_id}/rounds", query={"limit": 1}, **s)
    api.call("GET", "/sessions/{session_id}/scoresheet", **s)
    api.call("GET", "/sessions/{session_id}/statistics", **s)
    api.call("GET", "/sessions/{session_id}/end", **s)
    for mode in ("fewest", "direct"):
        api.call("GET", "/sessions/{session_id}/settlement", query={"mode": mode}, **s)
    api.call("GET", "/sessions/{session_id}/history", **s)
    api.call("GET", "/sessions/{session_id}/export.json", **s)
    api.call("GET", "/sessions/{session_id}/share", **s)


def test_the_group_answers_as_documented(db_config):
    """Sessions of a capture, a luck and a patience game in a group (a patience game's
    statistics have no biggest round), one linked afterwards."""
    api = Checked(tally.create_app({**db_config, "RATE_LIMITS": "off"}))
    group = api.call("POST", "/groups", body={"name": "club"}, status=201)
    gid, gtok = group["id"], group["token"]
    for game in ("koi-koi", "hiki-kabu", "solitaire"):
        sid, token, version = new_session(api, game, group=gid, group_token=gtok)
        add_example(api, game, sid, token, version)
        api.call("GET", "/sessions/{session_id}/statistics", session_id=sid, token=token)
    sid, token, version = new_session(api, "go-stop")
    add_example(api, "go-stop", sid, token, version)
    made = api.call("GET", "/sessions/{session_id}", session_id=sid, token=token)
    api.call("POST", "/groups/{group_id}/sessions/{session_id}/link", group_id=gid,
             session_id=sid, token=gtok, body={"read_token": token})
    assert made["group"] is None
    g = dict(group_id=gid, token=gtok)
    api.call("GET", "/groups/{group_id}", **g)
    for query in ({}, {"period": "year"}, {"game": "koi-koi"}):
        api.call("GET", "/groups/{group_id}/standings", query=query, **g)
        api.call("GET", "/groups/{group_id}/head-to-head", query=query, **g)
        api.call("GET", "/groups/{group_id}/timeline", query=query, **g)
    page = api.call("GET", "/groups/{group_id}/sessions", query={"limit": 1}, **g)
    assert page["next_after"] is not None
    api.call("GET", "/groups/{group_id}/share", **g)


def test_the_errors_answer_as_documented(app):
    api = Checked(app, "ja")
    api.call("GET", "/games/{game}", game="no-such-game", status=404)
    ex, _ = example("koi-koi")
    api.call("POST", "/games/{game}/score", game="koi-koi", status=422,
             body={**ex, "captures": {"Aki": ["no-such-card"], "Bo": []}})
    option = next(o for o in GAMES["go-stop"].options if o.type == "choice"
                  and any(isinstance(c, int) for c in o.choices))
    refused = api.call("POST", "/games/{game}/evaluate", game="go-stop", status=422,
                       body={"cards": [], "options": {option.id: 999}})
    assert refused["errors"][0]["known"] == list(option.choices)  # numbers, not ids
    sid, token, version = new_session(api, "koi-koi")
    api.call("GET", "/sessions/{session_id}", session_id=sid, status=401)
    _, inp = example("koi-koi")
    s = dict(session_id=sid, token=token)
    api.call("POST", "/sessions/{session_id}/rounds", body=inp, status=428, **s)
    api.call("POST", "/sessions/{session_id}/rounds", body={**inp, "version": version + 5},
             status=412, **s)
    api.call("POST", "/sessions/{session_id}/redo", body={"version": version}, status=409, **s)


def test_a_wrong_answer_is_caught(app):
    """The check can fail: an answer with a role no game gives, a key no schema names or
    chips that are not a number is refused."""
    api = Checked(app)
    ex, _ = example("koi-koi")
    right = api.call("POST", "/games/{game}/score", body=ex, game="koi-koi")
    for spoil in (lambda a: a["players"][0].update(role="champion"),
                  lambda a: a["players"][0].update(mood="smug"),
                  lambda a: a["net"].update(Aki="12"),
                  lambda a: a["payments"][0].pop("from"),
                  lambda a: a["notes"].append({"text": "x", "params": {"p": [1]}})):
        wrong = copy.deepcopy(right)
        spoil(wrong)
        assert api.problems("POST", "/games/{game}/score", 200, wrong)


def open_objects(node, path: str):
    """The places in a schema that take any key: an object with no properties or untyped
    additional ones (an exactly-null alternative, enum [null], is not one)."""
    if isinstance(node, dict):
        if node.get("enum") == [None]:
            return
        extra = node.get("additionalProperties")
        if extra in ({}, True) or (node.get("type") == "object" and extra is None
                                   and not node.get("properties")):
            yield path
        for k, v in node.items():
            yield from open_objects(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from open_objects(v, f"{path}/{i}")


def answered_schemas(doc: dict) -> set[str]:
    """The component schemas some answer of the document uses, directly or nested."""
    schemas, seen, todo = doc["components"]["schemas"], set(), set()

    def refs(node):
        if isinstance(node, dict):
            if "$ref" in node:
                todo.add(node["$ref"].split("/")[-1])
            for v in node.values():
                refs(v)
        elif isinstance(node, list):
            for v in node:
                refs(v)
    for item in doc["paths"].values():
        for op in item.values():
            refs(op.get("responses", {}) if isinstance(op, dict) else {})
    while todo - seen:
        name = (todo - seen).pop()
        seen.add(name)
        refs(schemas.get(name, {}))
    return seen & set(schemas)


def test_no_answer_is_a_free_form_object_where_its_shape_is_known(app):
    doc = Checked(app).doc
    found = {p for name in answered_schemas(doc)
             for p in open_objects(doc["components"]["schemas"][name], name)}
    assert found == OPEN_BY_DESIGN
