/* The group page: kept on this phone (the home page lists it and offers it when starting a
   session), the share dialog, and the period form sent as soon as a choice is made. */
"use strict";
const GROUPS = "tally-groups";
function groups() { try { return JSON.parse(localStorage.getItem(GROUPS) || "[]"); } catch (e) { return []; } }
(function remember() {
  const el = document.getElementById("group"), id = el.dataset.group, edit = el.dataset.access === "edit";
  const all = groups(), old = all.find(g => g.id === id), rest = all.filter(g => g.id !== id);
  const token = new URLSearchParams(location.search).get("t") || "";
  // a group's own link is never replaced by its view-only one
  rest.unshift(old && old.edit && !edit ? Object.assign({}, old, {name: el.dataset.name, at: Date.now()})
    : {id, name: el.dataset.name, token, edit, url: el.dataset.url, at: Date.now()});
  try { localStorage.setItem(GROUPS, JSON.stringify(rest.slice(0, 20))); } catch (e) { /* storage off */ }
})();
const share = document.getElementById("group-share");
document.getElementById("group-share-open").addEventListener("click", () => share.showModal());
share.addEventListener("click", async e => {
  if (!e.target.classList.contains("copy")) return;
  const inp = document.getElementById(e.target.dataset.for);
  inp.select();
  try { await navigator.clipboard.writeText(inp.value); } catch (x) { document.execCommand("copy"); }
  toast(T("Copied"));
});
const form = document.getElementById("group-period"), dates = document.getElementById("group-dates");
form.addEventListener("change", e => {
  const custom = form.period.value === "custom";
  dates.hidden = !custom;
  // a period or a game shows at once; dates wait for Show (both are needed first)
  if (e.target.name === "game" || (e.target.name === "period" && !custom)) form.requestSubmit();
});
form.addEventListener("submit", () => {
  // an address without the empty fields (and without dates unless the period is custom)
  form.querySelectorAll("input[name=from], input[name=to], select[name=game]").forEach(el => {
    el.disabled = !el.value || (el.type === "date" && form.period.value !== "custom");
  });
});
window.addEventListener("pageshow", () => form.querySelectorAll("[disabled]").forEach(el => { el.disabled = false; }));
