"""Issue 23: Korean particles chosen by the word they follow (tally/josa.py, and its port in
static/app.js that the pages' T() and Thtml() use)."""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess

import pytest

from tally.josa import resolve

CASES = [
    # Hangul: the last syllable's final consonant; ㄹ takes 로, not 으로
    ("민수이(가) 이겼습니다", "민수가 이겼습니다"),
    ("국진이(가)", "국진이"),
    ("국진 열끗을(를) 땄습니다", "국진 열끗을 땄습니다"),
    ("지우은(는)", "지우는"), ("동훈은(는)", "동훈은"),
    ("철수와(과) 영희", "철수와 영희"), ("동훈와(과) 영희", "동훈과 영희"),
    ("서울(으)로", "서울로"), ("부산(으)로", "부산으로"), ("대구(으)로", "대구로"),
    ("'고스톱'(이)라는", "'고스톱'이라는"), ("'섯다'(이)라는", "'섯다'라는"),
    # numbers by their Korean reading: 1 일, 2 이, 3 삼, 10 십, 100 백, 1,000 천
    ("1을(를)", "1을"), ("2을(를)", "2를"), ("3이(가)", "3이"), ("5(으)로", "5로"),
    ("7(으)로", "7로"), ("6(으)로", "6으로"), ("10이(가)", "10이"), ("1,000은(는)", "1,000은"),
    ("2.5이(가)", "2.5가"), ("20%이(가)", "20%가"),
    # Latin: an initial or an acronym by its letters, a name by its ending
    ("Bo은(는)", "Bo는"), ("Aki이(가)", "Aki가"), ("Tom이(가)", "Tom이"),
    ("Bill(으)로", "Bill로"), ("Bob을(를)", "Bob을"), ("Max을(를)", "Max를"),
    ("K이(가)", "K가"), ("L(으)로", "L로"), ("M은(는)", "M은"), ("MJ와(과)", "MJ와"),
    # kana
    ("あき이(가)", "あき가"), ("けん이(가)", "けん이"),
    # looked through: quotes, brackets, a page's <bdi>, the isolates, an escaped quote
    ("'Tom'을(를)", "'Tom'을"), ("광 (20점)이(가)", "광 (20점)이"),
    ("<bdi>민수</bdi>이(가)", "<bdi>민수</bdi>가"), ("\u2068국진\u2069은(는)", "\u2068국진\u2069은"),
    ("&#39;<bdi>Bo</bdi>&#39;을(를)", "&#39;<bdi>Bo</bdi>&#39;를"),
    # several in one sentence, each by its own word
    ("민수이(가) 동훈에게서 국진을(를) 가져옴", "민수가 동훈에게서 국진을 가져옴"),
    # nothing to read: both forms stay
    ("松이(가)", "松이(가)"), ("(으)로", "(으)로"),
    # no marker: as it is
    ("이 판은 끝났습니다 (가)", "이 판은 끝났습니다 (가)"),
]


@pytest.mark.parametrize("text, expected", CASES)
def test_each_particle_follows_its_word(text, expected):
    assert resolve(text) == expected


@pytest.mark.skipif(not shutil.which("node"), reason="node is not installed")
def test_the_pages_script_chooses_alike():
    app = pathlib.Path(__file__).parent.parent / "static" / "app.js"
    src = app.read_text()
    start = src.index("const JOSA =")
    end = src.index("\n}\n", src.index("function josa(s)")) + 3
    script = ("const document = {documentElement: {lang: 'ko'}};\n" + src[start:end] +
              f"\nconsole.log(JSON.stringify({json.dumps([c for c, _ in CASES])}.map(josa)));")
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [e for _, e in CASES]
