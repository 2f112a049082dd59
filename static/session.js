/* The session page: follows the session live (polls its version; 304 while nothing changed),
   share dialog, undo. */
"use strict";
const live = document.getElementById("live");
const SID = live.dataset.session, TOKEN = live.dataset.token;
const Q = "?t=" + encodeURIComponent(TOKEN);
let etag = null;
(function remember() {
  let all = [];
  try { all = JSON.parse(localStorage.getItem("tally-recent") || "[]"); } catch (e) { all = []; }
  const old = all.find(s => s.id === SID), rest = all.filter(s => s.id !== SID);
  const edit = live.dataset.access === "edit";
  // an edit link is never replaced by a view-only one
  rest.unshift(old && old.edit && !edit ? old : {id: SID, url: location.pathname + Q, title: live.dataset.title,
                                                 edit, when: new Date().toLocaleString()});
  localStorage.setItem("tally-recent", JSON.stringify(rest.slice(0, 20)));
})();
async function refresh(force) {
  let r;
  try {
    r = await fetch("/s/" + SID + "/part" + Q, {headers: force || !etag ? {} : {"If-None-Match": etag}, cache: "no-store"});
  } catch (e) { return; }
  if (r.status === 304 || !r.ok) return;
  etag = r.headers.get("ETag");
  const html = await r.text();
  const open = [...live.querySelectorAll("details[open]")].map(d => d.parentNode.id);
  if (live.dataset.version !== r.headers.get("X-Version")) {
    if (live.dataset.version) toast(T("Updated"));
    live.dataset.version = r.headers.get("X-Version");
  }
  live.innerHTML = html;
  open.forEach(id => { const d = document.querySelector("#" + id + " details"); if (d) d.open = true; });
}
refresh(true);
setInterval(() => { if (!document.hidden) refresh(false); }, 2000);
document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(false); });
document.addEventListener("tally:changed", () => refresh(true));
live.addEventListener("click", async e => {
  const t = e.target;
  if (t.id === "share-open") {
    const d = document.getElementById("share");
    d.querySelectorAll("img.qr").forEach(img => { if (!img.src) img.src = img.dataset.src; });
    d.showModal();
  } else if (t.id === "undo") {
    t.disabled = true;
    let res;
    try {
      res = await api("POST", "/api/v1/sessions/" + SID + "/undo" + Q, {},
                      {"If-Match": '"' + live.dataset.version + '"'});
    } catch (x) { toast(T("Could not save")); t.disabled = false; return; }
    if (res.status === 200) toast(T("Undone"));
    else if (res.status === 412) toast(T("Someone else changed this session. Here is the new state; your taps are kept: review and save again."), 5000);
    else toast(errorText(res), 5000);
    refresh(true);
  }
});
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
