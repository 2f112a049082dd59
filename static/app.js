/* Shared by every page: words, theme, toasts, JSON calls, the offline outbox, the service
   worker. Plain JS, no build step. */
"use strict";
const I18N = JSON.parse(document.getElementById("i18n").textContent);
function T(word, vars) {
  let s = I18N[word] || word;
  for (const k in vars || {}) s = s.replace("%(" + k + ")s", vars[k]);
  return s;
}
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
function toast(text, ms) {
  const el = document.getElementById("toast");
  el.textContent = text; el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms || 2500);
}
function esc(s) {
  return String(s == null ? "" : s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
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
function errorText(res) {
  const errs = (res.body && res.body.errors) || [];
  return errs.map(e => e.said || e.message).join("; ") || ("HTTP " + res.status);
}
/* The outbox: writes made while offline, kept in localStorage and sent once when the network
   is back (each carries its Idempotency-Key, so a retry that did reach the server is not
   applied twice). */
const OUTBOX = "tally-outbox";
function outbox() { try { return JSON.parse(localStorage.getItem(OUTBOX) || "[]"); } catch (e) { return []; } }
function setOutbox(list) { localStorage.setItem(OUTBOX, JSON.stringify(list)); }
function queue(item) { const l = outbox(); l.push(item); setOutbox(l); }
let flushing = false;
async function flushOutbox() {
  if (flushing || !outbox().length) return;
  flushing = true;
  try {
    for (const item of outbox()) {
      let res;
      try { res = await api(item.method, item.url, item.body, item.headers); }
      catch (e) { break; }  // still offline: keep everything, try again later
      setOutbox(outbox().filter(x => x.key !== item.key));
      if (res.status < 300) {
        localStorage.removeItem(item.draft);  // the taps are saved: drop the draft
        toast(T("Sent the round kept on this phone."), 4000);
        document.dispatchEvent(new CustomEvent("tally:changed"));
      } else {
        // stale or refused: the draft stays on the phone; the record page shows why
        localStorage.setItem(item.draft + ":error", res.status === 412
          ? T("Someone else changed this session. Here is the new state; your taps are kept: review and save again.")
          : errorText(res));
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
