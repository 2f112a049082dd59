/* Shared by every page: words, theme, toasts, JSON calls, the offline outbox, the service
   worker. Plain JS, no build step. */
"use strict";
const I18N = JSON.parse(document.getElementById("i18n").textContent);
function T(word, vars) {
  let s = I18N[word] || word;
  // a function, so a "$&" or "$'" in a name is put in as typed, not read as a pattern
  for (const k in vars || {}) s = s.replace("%(" + k + ")s", () => vars[k]);
  return josa(s);
}
/* Korean particles written in both forms after a value ("%(name)s이(가)") take the one the
   word before them needs (tally/josa.py says how a word is read: batchim, ㄹ, or none) */
const JOSA = {"이(가)": ["이", "가", "이"], "가(이)": ["이", "가", "이"], "을(를)": ["을", "를", "을"],
  "를(을)": ["을", "를", "을"], "은(는)": ["은", "는", "은"], "는(은)": ["은", "는", "은"],
  "과(와)": ["과", "와", "과"], "와(과)": ["과", "와", "과"], "(으)로": ["으로", "로", "로"],
  "(이)다": ["이다", "다", "이다"], "(이)라": ["이라", "라", "이라"], "(이)나": ["이나", "나", "이나"],
  "(이)랑": ["이랑", "랑", "이랑"], "(이)야": ["이야", "야", "이야"], "아(야)": ["아", "야", "아"]};
const JOSA_RE = /이\(가\)|가\(이\)|을\(를\)|를\(을\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(으\)로|\(이\)[다라나랑야]|아\(야\)/g;
function josaEnd(w) {  // 0 no final consonant, 1 one, 2 ㄹ; null: unreadable
  for (;;) {
    const t = w.match(/<\/?[A-Za-z][^<>]*>$|&(?:#39|#x27|#34|quot|apos|rsquo|rdquo);$/);
    if (t) w = w.slice(0, t.index);
    else if (w && "'\"’”」』》〉)]}>\u2069\u2068 ".includes(w[w.length - 1])) w = w.slice(0, -1);
    else break;
  }
  if (!w) return null;
  const c = w[w.length - 1], code = c.charCodeAt(0);
  if (code >= 0xAC00 && code <= 0xD7A3) { const j = (code - 0xAC00) % 28; return j === 0 ? 0 : j === 8 ? 2 : 1; }
  if (c >= "ㄱ" && c <= "ㅎ") return c === "ㄹ" ? 2 : 1;
  if (/[0-9]/.test(c)) {
    const d = w.match(/[\d,]+$/)[0].replace(/,/g, ""), s = d.replace(/0+$/, "");
    if (s && s.length < d.length) return 1;
    return {"0": 1, "1": 2, "2": 0, "3": 1, "4": 0, "5": 0, "6": 1, "7": 2, "8": 2, "9": 0}[d[d.length - 1]];
  }
  if (/[A-Za-z]/.test(c)) {
    const l = w.match(/[A-Za-z]+$/)[0], low = l.toLowerCase();
    if (l.length === 1 || l === l.toUpperCase()) return {l: 2, m: 1, n: 1, r: 2}[low[low.length - 1]] || 0;
    if (/(ng|m|n)$/.test(low)) return 1;
    if (/l$/.test(low)) return 2;
    return /[aeiou][bkpt]$|ck$/.test(low) ? 1 : 0;
  }
  if (c === "ん" || c === "ン" || c === "っ" || c === "ッ") return 1;
  if (c >= "ぁ" && c <= "ヺ") return 0;
  if (c === "%") return 0;
  return null;
}
function josa(s) {
  if (document.documentElement.lang !== "ko" || s.indexOf("(") < 0) return s;
  let out = "", at = 0;
  for (const m of s.matchAll(JOSA_RE)) {
    out += s.slice(at, m.index);
    const end = josaEnd(out), forms = JOSA[m[0]];
    out += end === null ? m[0] : end === 0 ? forms[1] : end === 2 ? forms[2] : forms[0];
    at = m.index + m[0].length;
  }
  return out + s.slice(at);
}
/* a number as the page's language writes it: 1,800 (en, ja, ko group by thousands alike) */
const NUMBER = new Intl.NumberFormat(document.documentElement.lang || undefined);
function N(x) { return typeof x === "number" ? NUMBER.format(x) : x; }
function toggleTheme() {
  const root = document.documentElement;
  const dark = root.dataset.theme ? root.dataset.theme !== "dark"
    : !matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.theme = dark ? "dark" : "light";
  localStorage.setItem("theme", root.dataset.theme);
}
document.querySelector(".bar .theme").addEventListener("click", toggleTheme);
// the language links keep the page's own query (?t=... for a session)
document.querySelectorAll(".langs a").forEach(a => a.addEventListener("click", () => {
  document.cookie = "lang=" + a.dataset.lang + ";path=/;max-age=31536000;samesite=lax";
}));
let toastTimer = null;
function toast(text, ms, html) {  // html: text is HTML (names in <bdi>: Thtml, nameHtml)
  const el = document.getElementById("toast");
  if (html) el.innerHTML = text; else el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms || 2500);
}
function esc(s) {
  return String(s == null ? "" : s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}
/* A name a player typed (a player, a title, a group), set apart from the text around it so its
   own direction stays inside it: a right-to-left name, or an override left open in it, never
   reorders an arrow, an amount or the words beside it. nameHtml(): as HTML (<bdi>, escaped);
   isolated(): as text where no markup goes (an attribute, a stored title), between U+2068 FSI
   and U+2069 PDI. */
function nameHtml(name) { return "<bdi>" + esc(name) + "</bdi>"; }
function isolated(name) { return "\u2068" + (name == null ? "" : name) + "\u2069"; }
/* T() as HTML: the words escaped, each value put in as the HTML given (a name: nameHtml) */
function Thtml(word, vars) {
  let s = esc(I18N[word] || word);
  for (const k in vars || {}) s = s.replace("%(" + k + ")s", () => vars[k]);
  return josa(s);
}
/* a sentence as HTML with each of `names` in it isolated where it stands (the engine's said
   and reason strings carry player names inside their words) */
function isolateIn(text, names) {
  const list = (names || []).filter(n => n && text.indexOf(n) >= 0).sort((a, b) => b.length - a.length);
  if (!list.length) return esc(text);
  const re = new RegExp(list.map(n => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  let out = "", at = 0;
  for (const m of text.matchAll(re)) { out += esc(text.slice(at, m.index)) + nameHtml(m[0]); at = m.index + m[0].length; }
  return out + esc(text.slice(at));
}
/* fetch JSON; returns {status, body, headers}. A network failure throws (offline). */
async function api(method, url, body, headers) {
  const h = Object.assign({"Accept": "application/json"}, headers || {});
  if (body !== undefined) h["Content-Type"] = "application/json";
  const r = await fetch(url, {method, headers: h, body: body === undefined ? undefined : JSON.stringify(body)});
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  return {status: r.status, body: data, headers: r.headers};
}
/* a field that holds a name with a direction of its own ("captures.<name>"): isolated where the
   words name it, so the name turns nothing after it around (ordinary fields stay as they are) */
const OWN_DIRECTION = /[\u0590-\u08ff\u200e\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefc]/;
function errorText(res) {
  const errs = (res.body && res.body.errors) || [];
  return errs.map(e => {
    const text = e.said || e.message || "";
    return e.field && OWN_DIRECTION.test(e.field) ? text.split(e.field).join(isolated(e.field)) : text;
  }).join("; ") || ("HTTP " + res.status);
}
/* The outbox: writes made while offline, kept in localStorage and sent once when the network
   is back (each carries its Idempotency-Key, so a retry that did reach the server is not
   applied twice). */
const OUTBOX = "tally-outbox";
function outbox() { try { return JSON.parse(localStorage.getItem(OUTBOX) || "[]"); } catch (e) { return []; } }
function setOutbox(list) { localStorage.setItem(OUTBOX, JSON.stringify(list)); }
/* one item per draft: a round saved again while the first save still waits (a second tap on
   Save, a review changed offline) replaces it, so it is never sent twice */
function queue(item) { const l = outbox().filter(x => x.draft !== item.draft); l.push(item); setOutbox(l); }
/* The versions of each session this phone's own writes made: a 412 after one of them is this
   phone's own doing (another tab, a round sent from the outbox), not someone else's. */
const MINE = "tally-mine";
function mine() { try { return JSON.parse(localStorage.getItem(MINE) || "{}"); } catch (e) { return {}; } }
function markMine(sid, version) {
  if (!sid || typeof version !== "number") return;
  const all = mine(), list = (all[sid] || []).filter(v => v !== version).concat([version]).slice(-100);
  delete all[sid];
  all[sid] = list;
  const ids = Object.keys(all);
  for (const k of ids.slice(0, Math.max(0, ids.length - 30))) delete all[k];  // the last 30 sessions
  localStorage.setItem(MINE, JSON.stringify(all));
}
/* whether every change made to session sid after version `since` came from this phone */
async function changedByMe(sid, q, since) {
  let res;
  try { res = await api("GET", "/api/v1/sessions/" + sid + "/history" + q + "&since=" + since + "&limit=1000"); } catch (e) { return false; }
  if (res.status !== 200 || !res.body || !Array.isArray(res.body.history) || res.body.next_after !== null) return false;
  const own = mine()[sid] || [], newer = res.body.history.filter(h => h.version > since);
  return newer.length > 0 && newer.every(h => own.indexOf(h.version) >= 0);
}
const STALE_OTHER = "Someone else changed this session. Here is the new state; your taps are kept: review and save again.";
const STALE_MINE = "This phone saved a change to this session after this page was opened. Here is the new state; your taps are kept: check them, then review and save again.";
function sessionOf(url) { const m = /\/sessions\/([^/?]+)/.exec(url); return m ? m[1] : null; }
function versionOf(headers) { const v = parseInt(String((headers || {})["If-Match"] || "").replace(/\D/g, ""), 10); return isNaN(v) ? null : v; }
let flushing = false;
async function flushOutbox() {
  if (flushing || !outbox().length) return;
  flushing = true;
  try {
    for (const item of outbox()) {
      let res;
      try { res = await api(item.method, item.url, item.body, item.headers); }
      catch (e) { break; }  // still offline: keep everything, try again later
      // the server asks to wait (429, Retry-After) or is failing: keep it, as when offline
      if (res.status === 429 || res.status >= 500) break;
      setOutbox(outbox().filter(x => x.key !== item.key));
      const sid = sessionOf(item.url);
      if (res.status < 300) {
        if (res.body) markMine(sid, res.body.version);
        localStorage.removeItem(item.draft);  // the taps are saved: drop the draft
        toast(T("Sent the round kept on this phone."), 4000);
        document.dispatchEvent(new CustomEvent("tally:changed"));
      } else if (res.status === 412) {
        // stale: the draft stays on the phone and the record page says why, without blaming
        // someone else for what this phone did itself
        const since = versionOf(item.headers), q = item.url.slice(item.url.indexOf("?"));
        const byMe = since !== null && await changedByMe(sid, q, since);
        localStorage.setItem(item.draft + ":error", T(byMe ? STALE_MINE : STALE_OTHER));
        toast(T("Could not save") + ": " + T(byMe ? STALE_MINE : STALE_OTHER), 6000);
      } else {
        localStorage.setItem(item.draft + ":error", errorText(res));
        toast(T("Could not save") + ": " + errorText(res), 6000);
      }
    }
  } finally { flushing = false; }
}
window.addEventListener("online", flushOutbox);
flushOutbox();
setInterval(flushOutbox, 15000);
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
