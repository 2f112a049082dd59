"""Korean particles (josa) chosen by the word they follow.

A Korean catalogue entry writes a particle after a parameter in both forms, as translators
and es-hangul's ``josa`` do: ``{player}이(가)``, ``{card}을(를)``, ``{name}은(는)``,
``{a}와(과)``, ``{value}(으)로``, ``{game}(이)라``. Once the parameter is filled in,
``resolve`` keeps the one form the word takes, decided like es-hangul's ``josa``: from the
final consonant (batchim) of the word's last syllable, where ㄹ counts as none for (으)로.

A word that does not end in Hangul is read as a Korean reads it aloud: a number by its last
spoken unit ("3" 삼, "10" 십, "2.5" 오), a Latin initial or acronym by its letters ("K" 케이,
"MJ" 제이, "L" 엘), a Latin name by its ending ("Tom" 톰, "Bill" 빌, "Bo" 보), kana by its
last sound ("あきん" ん). Closing quotes, brackets, the HTML a page wraps a name in (``</bdi>``)
and the direction isolates are looked through. A word nothing can read (a kanji, an emoji)
keeps both forms.
"""

from __future__ import annotations

import re

NONE, BATCHIM, RIEUL = 0, 1, 2  # no final consonant, one, ㄹ (which (으)로 counts as none)

# the both-forms markers -> (form after a batchim, form after none, form after ㄹ)
_PAIRS = {
    "이(가)": ("이", "가", "이"), "가(이)": ("이", "가", "이"),
    "을(를)": ("을", "를", "을"), "를(을)": ("을", "를", "을"),
    "은(는)": ("은", "는", "은"), "는(은)": ("은", "는", "은"),
    "과(와)": ("과", "와", "과"), "와(과)": ("과", "와", "과"),
    "(으)로": ("으로", "로", "로"), "(이)다": ("이다", "다", "이다"),
    "(이)라": ("이라", "라", "이라"), "(이)나": ("이나", "나", "이나"),
    "(이)랑": ("이랑", "랑", "이랑"), "(이)야": ("이야", "야", "이야"),
    "(이)어야": ("이어야", "여야", "이어야"),  # "must be" (server-side sentences only so far)
    "아(야)": ("아", "야", "아"),
}
MARKER = re.compile("|".join(re.escape(p) for p in sorted(_PAIRS, key=len, reverse=True)))

# digits: the last spoken syllable of the last non-zero digit; trailing zeros end in
# 십 백 천 만 (all with a final consonant)
_DIGIT = {"0": BATCHIM, "1": RIEUL, "2": NONE, "3": BATCHIM, "4": NONE, "5": NONE,
          "6": BATCHIM, "7": RIEUL, "8": RIEUL, "9": NONE}
# a Latin letter said by its name: L 엘, M 엠, N 엔, R 알; the rest end in a vowel
_LETTER = {"l": RIEUL, "m": BATCHIM, "n": BATCHIM, "r": RIEUL}
_LOOK_THROUGH = "'\"’”」』》〉)]}>\u2069\u2068 "
_TAG_END = re.compile(r"</?[A-Za-z][^<>]*>$|&(?:#39|#x27|#34|quot|apos|rsquo|rdquo);$")


def final(word: str) -> int | None:
    """NONE, BATCHIM or RIEUL for the end of ``word`` as said in Korean; None if unreadable."""
    w = word
    while w:
        tag = _TAG_END.search(w)
        if tag:
            w = w[:tag.start()]
        elif w[-1] in _LOOK_THROUGH:
            w = w[:-1]
        else:
            break
    if not w:
        return None
    c = w[-1]
    if "가" <= c <= "힣":
        jong = (ord(c) - 0xAC00) % 28
        return NONE if jong == 0 else RIEUL if jong == 8 else BATCHIM
    if "ㄱ" <= c <= "ㅎ":  # a bare consonant (ㄱ 기역 ...) is said with its final
        return RIEUL if c == "ㄹ" else BATCHIM
    if c.isdigit() and c.isascii():
        digits = re.search(r"[\d,]+$", w)[0].replace(",", "")
        stripped = digits.rstrip("0")
        if stripped and len(stripped) < len(digits):
            return BATCHIM  # 10 십, 200 백, 3000 천, 40000 만
        return _DIGIT[digits[-1]]
    if c.isascii() and c.isalpha():
        latin = re.search(r"[A-Za-z]+$", w)[0]
        if len(latin) == 1 or latin.isupper():
            return _LETTER.get(latin[-1].lower(), NONE)
        low = latin.lower()
        if low.endswith(("ng", "m", "n")):
            return BATCHIM
        if low.endswith("l"):
            return RIEUL
        if re.search(r"[aeiou][bkpt]$", low) or low.endswith("ck"):
            return BATCHIM  # Bob 밥, Rick 릭, Kit 킷
        return NONE  # a vowel, or a consonant said with ㅡ (Kids 키즈, Max 맥스)
    if c in "んン":
        return BATCHIM
    if "ぁ" <= c <= "ヺ":
        return BATCHIM if c in "っッ" else NONE
    if c == "%":
        return NONE  # 퍼센트
    return None


def choose(word: str, marker: str) -> str:
    """The one form of ``marker`` ("이(가)", "(으)로" ...) that follows ``word``."""
    end = final(word)
    if end is None:
        return marker
    after_batchim, after_none, after_rieul = _PAIRS[marker]
    return after_none if end == NONE else after_rieul if end == RIEUL else after_batchim


def resolve(text: str) -> str:
    """Every both-forms marker in ``text`` replaced by the form its preceding word takes."""
    if "(" not in text:
        return text
    out, last = [], 0
    for m in MARKER.finditer(text):
        out.append(text[last:m.start()])
        out.append(choose("".join(out), m[0]))
        last = m.end()
    out.append(text[last:])
    return "".join(out)
