/* The session page: follows the session live (polls its version; 304 while nothing changed),
   share dialog, undo (said, and asked first) and redo. */
"use strict";
const live = document.getElementById("live");
const SID = live.dataset.session, TOKEN = live.dataset.token;
const Q = "?t=" + encodeURIComponent(TOKEN);
// an earlier page of rounds (?upto=) keeps following the session at the same rounds
const UPTO = live.dataset.upto ? "&upto=" + encodeURIComponent(live.dataset.upto) : "";
let etag = null;
(function remember() {
  let all = [];
  try { all = JSON.parse(localStorage.getItem("tally-recent") || "[]"); } catch (e) { all = []; }
  const old = all.find(s => s.id === SID), rest = all.filter(s => s.id !== SID);
  const edit = live.dataset.access === "edit";
  // an edit link is never replaced by a view-only one
  rest.unshift(old && old.edit && !edit ? old : {id: SID, url: location.pathname + Q, title: live.dataset.title,
                                                 edit, at: Date.now(), when: new Date().toLocaleString(document.documentElement.lang || undefined)});
  localStorage.setItem("tally-recent", JSON.stringify(rest.slice(0, 20)));
})();
async function refresh(force) {
  let r;
  try {
    r = await fetch("/s/" + SID + "/part" + Q + UPTO, {headers: force || !etag ? {} : {"If-None-Match": etag}, cache: "no-store"});
  } catch (e) { return; }
  if (r.status === 304 || !r.ok) return;
  etag = r.headers.get("ETag");
  const html = await r.text();
  const open = [...live.querySelectorAll("details[open]")].map(d => d.parentNode.id);
  if (live.dataset.version !== r.headers.get("X-Version")) {
    // "Updated" when the change came from elsewhere; this phone's own says what it did
    const own = (mine()[SID] || []).indexOf(+r.headers.get("X-Version")) >= 0;
    if (live.dataset.version && !own) toast(T("Updated"));
    live.dataset.version = r.headers.get("X-Version");
  }
  // a redraw keeps the focus where it was: a poll that lands just after an undo would
  // otherwise take it off Redo (a keyboard user's place)
  const focused = live.contains(document.activeElement) ? document.activeElement.id : "";
  live.innerHTML = html;
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  open.forEach(id => { const d = document.querySelector("#" + id + " details"); if (d) d.open = true; });
  warmRecord();
}
/* The service worker keeps the last copy of each page for when the network is gone: keep the
   record page's copy at the session's current month, or an offline "Record this month" would
   open the month saved already (static/sw.js) */
function warmRecord() {
  const rec = live.querySelector("#record"), sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (rec && sw) sw.postMessage({warm: rec.getAttribute("href")});
}
refresh(true).finally(fresh);
// brought back by Back from the browser's memory (bfcache): the copy shown may be old; it is
// dimmed and busy until the session is read again
function fresh() { live.classList.remove("stale"); live.removeAttribute("aria-busy"); }
window.addEventListener("pageshow", e => {
  if (!e.persisted) return;
  live.classList.add("stale"); live.setAttribute("aria-busy", "true");
  refresh(true).finally(fresh);
});
// a poll every 750 ms while the page is seen: another phone's round shows within a second; an
// unchanged poll is a 304 answered before anything is rendered (bench/live.py measures both)
const POLL_MS = 750;
let polling = false;
setInterval(() => {
  if (document.hidden || polling) return;  // never two polls at once on a slow network
  polling = true;
  refresh(false).finally(() => { polling = false; });
}, POLL_MS);
document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(false); });
document.addEventListener("tally:changed", () => refresh(true));
live.addEventListener("click", e => {
  const t = e.target.closest("button");
  if (!t) return;
  if (t.id === "share-open") {
    const d = document.getElementById("share");
    d.querySelectorAll("img.qr").forEach(img => { if (!img.src) img.src = img.dataset.src; });
    d.showModal();
  } else if (t.id === "undo") askUndo(t);
  else if (t.id === "redo") redo(t);
  else if (t.id === "finish") askFinish();
  else if (t.id === "print") window.print();
});
/* a month of the scoresheet opens its breakdown in the list of rounds */
live.addEventListener("click", e => {
  const a = e.target.closest("a.open-round");
  const d = a && document.querySelector("#" + a.dataset.round + " details");
  if (d) d.open = true;
});
/* "Finish now" says what it does and asks first; sent with the version it was shown at (a
   change made meanwhile is a 412: the new state is shown, and the table decides again) and
   an Idempotency-Key */
const finishDlg = document.getElementById("finish-confirm");
function askFinish() {
  finishDlg.dataset.version = live.dataset.version;
  document.getElementById("finish-error").hidden = true;
  const yes = document.getElementById("finish-yes");
  yes.disabled = false; yes.hidden = false;
  finishDlg.showModal();
  document.getElementById("finish-no").focus();
}
if (finishDlg) {
  const yes = document.getElementById("finish-yes"), err = document.getElementById("finish-error");
  const label = yes.textContent;
  document.getElementById("finish-no").addEventListener("click", () => finishDlg.close());
  yes.addEventListener("click", async () => {
    if (yes.disabled) return;
    yes.disabled = true; yes.textContent = finishDlg.dataset.busy;
    const since = +finishDlg.dataset.version;
    const key = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now();
    let res;
    try {
      res = await api("POST", "/api/v1/sessions/" + SID + "/finish" + Q, {}, {"If-Match": '"' + since + '"', "Idempotency-Key": key});
    } catch (x) { res = null; }
    yes.disabled = false; yes.textContent = label;
    if (res && res.status === 200) {
      markMine(SID, res.body.version);
      finishDlg.close();
      toast(finishDlg.dataset.done, 4000);
      refresh(true).then(() => { const w = document.getElementById("end-title"); if (w) { w.tabIndex = -1; w.focus(); } });
      return;
    }
    err.textContent = !res ? T("Could not save") : res.status === 412 ? finishDlg.dataset.stale : errorText(res);
    err.hidden = false;
    if (res && res.status === 412) yes.hidden = true;
    refresh(true);
  });
}
/* Undo says what it reverts and asks first; the version it was shown at goes with it, so a
   change made meanwhile (412) is never the one undone */
const undoDlg = document.getElementById("undo-confirm");
function askUndo(t) {
  undoDlg.dataset.version = live.dataset.version;
  undoDlg.dataset.what = t.dataset.what;
  // the change in words as the page says it: HTML the server wrote, each name in a <bdi>
  document.getElementById("undo-confirm-what").innerHTML = t.dataset.what;
  document.getElementById("undo-error").hidden = true;
  const yes = document.getElementById("undo-yes");
  yes.disabled = false; yes.hidden = false; yes.textContent = yes.dataset.label || yes.textContent;
  undoDlg.showModal();
  document.getElementById("undo-no").focus();
}
/* a stale write: who made the change in between decides the words */
async function staleWords(since) {
  const byMe = await changedByMe(SID, Q, since);
  return T(byMe ? "This phone changed this session just before: here is the new state. Look at it, then undo again if you still want to."
                : "Someone else changed this session just before: here is the new state. Look at it, then undo again if you still want to.");
}
if (undoDlg) {
  const yes = document.getElementById("undo-yes"), err = document.getElementById("undo-error");
  yes.dataset.label = yes.textContent;
  document.getElementById("undo-no").addEventListener("click", () => undoDlg.close());
  yes.addEventListener("click", async () => {
    if (yes.disabled) return;
    yes.disabled = true; yes.textContent = T("Undoing…");
    const since = +undoDlg.dataset.version;
    let res;
    try {
      res = await api("POST", "/api/v1/sessions/" + SID + "/undo" + Q, {}, {"If-Match": '"' + since + '"'});
    } catch (x) { res = null; }
    yes.disabled = false; yes.textContent = yes.dataset.label;
    if (res && res.status === 200) {
      markMine(SID, res.body.version);
      undoDlg.close();
      toast(Thtml("Undone: %(what)s", {what: undoDlg.dataset.what}), 4000, true);
      // the undo button is gone or names the change before: the focus goes to Redo
      refresh(true).then(() => { const r = document.getElementById("redo"); if (r) r.focus(); });
      return;
    }
    err.textContent = !res ? T("Could not save") : res.status === 412 ? await staleWords(since) : errorText(res);
    err.hidden = false;
    if (res && res.status === 412) yes.hidden = true;  // what it said it would undo is no longer the last change
    refresh(true);
  });
}
/* Redo makes the undone change again, the way it was made (tally/pages.py: redo_request) */
async function redo(t) {
  const r = JSON.parse(t.dataset.request), since = +live.dataset.version;
  const headers = {"If-Match": '"' + since + '"'};
  if (r.method === "POST") headers["Idempotency-Key"] = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now();
  const label = t.textContent;
  t.disabled = true; t.textContent = T("Saving…");
  let res;
  try { res = await api(r.method, r.path + Q + (r.query || ""), r.body == null ? undefined : r.body, headers); }
  catch (x) { res = null; }
  t.disabled = false; t.textContent = label;
  if (res && res.status < 300) {
    markMine(SID, res.body && res.body.version);
    toast(Thtml("Redone: %(what)s", {what: t.dataset.what}), 4000, true);
    // undos are redone in reverse order: the focus stays on Redo while there is more
    refresh(true).then(() => { const next = document.getElementById("redo"); if (next) next.focus(); });
    return;
  }
  toast(!res ? T("Could not save") : res.status === 412 ? await staleWords(since) : errorText(res), 6000);
  refresh(true);
}
document.getElementById("share").addEventListener("click", async e => {
  if (!e.target.classList.contains("copy")) return;
  const inp = document.getElementById(e.target.dataset.for);
  inp.select();
  try { await navigator.clipboard.writeText(inp.value); } catch (x) { document.execCommand("copy"); }
  toast(T("Copied"));
});
// rounds entered offline and not sent yet
function showWaiting() {
  const n = outbox().filter(x => x.url.indexOf("/sessions/" + SID + "/") >= 0).length;
  const el = document.getElementById("waiting");
  el.hidden = !n;
  if (n) el.textContent = T("Offline: kept on this phone, it will be sent when the network is back.") + " (" + n + ")";
}
showWaiting();
setInterval(showWaiting, 3000);
