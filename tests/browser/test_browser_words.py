"""Issue 23: at 360 x 740 no button breaks inside a word ("되돌리/기", "元に/戻/す", "ルー/ル",
"Shar/e", "Un/do"), in English, Japanese and Korean.

Each visible button's text is measured a character at a time (a Range per character): where two
neighbours sit on different lines, the break must fall between words. A word: a run of Latin
letters or digits, a run of Hangul (Korean breaks only at spaces: app.css `word-break:
keep-all`), a run of katakana, a kanji followed by its kana (元に戻す breaks after に, not
inside 戻す)."""

from __future__ import annotations

import pytest

from .conftest import shot

LANGS = ("en", "ja", "ko")
NAMES = {"en": ["Alexandra", "Bartholomew"], "ja": ["さくらこ", "はなこ"], "ko": ["김민준", "이서연"]}

BREAKS_JS = r"""() => {
  const found = [];
  const latin = c => /[A-Za-z0-9]/.test(c), hangul = c => /[\uac00-\ud7a3]/.test(c);
  const kata = c => /[\u30a0-\u30ff]/.test(c), kanji = c => /[\u4e00-\u9fff]/.test(c);
  const hira = c => /[\u3041-\u309f]/.test(c);
  const inside = (a, b) => (latin(a) && latin(b)) || (hangul(a) && hangul(b)) ||
    (kata(a) && kata(b)) || (kanji(a) && (hira(b) || kanji(b)));
  const sel = 'button, a.button, [role=button], .evb, summary, .langs a';
  for (const el of document.querySelectorAll(sel)) {
    if (!el.checkVisibility || !el.checkVisibility()) continue;
    const chars = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      for (let i = 0; i < n.data.length; i++) {
        const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
        const rect = r.getClientRects()[0];
        // a space ends a word even where the line end collapses it to nothing
        if (/\s/.test(n.data[i])) chars.push([" ", -1e9, -1e9]);
        else if (rect && rect.width > 0) chars.push([n.data[i], rect.top, rect.bottom]);
      }
    }
    for (let i = 1; i < chars.length; i++) {
      const [a, , aBottom] = chars[i - 1], [b, bTop] = chars[i];
      if (aBottom > -1e9 && bTop >= aBottom - 1 && inside(a, b)) {
        found.push(chars.map(c => c[0]).join('').slice(0, 40) + '  [' + a + '/' + b + ']');
        break;
      }
    }
  }
  return found;
}"""


def session(page, server, game, lang):
    r = page.context.request.post(f"{server}/api/v1/sessions",
                                  data={"game": game, "players": NAMES[lang]})
    assert r.status == 201, r.text()
    b = r.json()
    return b["id"], b["edit_token"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_button_breaks_inside_a_word(server, phone, lang):
    page = phone(lang)
    failures = []

    def check(where):
        failures.extend(f"{where}: {f}" for f in page.evaluate(BREAKS_JS))

    page.goto(server + "/")
    check("home")
    for game in ("koi-koi", "go-stop", "hachi-hachi"):
        sid, token = session(page, server, game, lang)
        page.goto(f"{server}/s/{sid}?t={token}")
        check(f"session {game}")
        page.goto(f"{server}/s/{sid}/record?t={token}")
        check(f"record {game}")
        page.goto(f"{server}/games/{game}/rules")
        check(f"rules {game}")
    shot(page, f"words-{lang}")
    assert not failures, "\n".join(failures)
