/* Home: start a session (the game's form part is server-rendered per game) or reopen one. */
"use strict";
const RECENT = "tally-recent";
function recent() { try { return JSON.parse(localStorage.getItem(RECENT) || "[]"); } catch (e) { return []; } }
function showRecent() {
  const list = recent();
  if (!list.length) return;
  document.getElementById("recent").hidden = false;
  document.getElementById("recent-list").innerHTML = list.slice(0, 8).map(s =>
    `<li><a class="button wide" href="${esc(s.url)}">${esc(s.title)}<br><small class="muted">${esc(when(s))}</small></a></li>`).join("");
}
/* when a session was last opened, as the page's language writes dates (older entries kept
   only the text the browser wrote then) */
const LANG = document.documentElement.lang || "en";
function when(s) {
  if (!s.at) return s.when || "";
  try { return new Intl.DateTimeFormat(LANG, {dateStyle: "medium", timeStyle: "short"}).format(new Date(s.at)); }
  catch (e) { return s.when || ""; }
}
showRecent();
const setup = document.getElementById("setup");
function optValue(div) {
  const type = div.dataset.type, el = div.querySelector("input,select");
  if (type === "bool") return el.checked;
  if (type === "choice") return JSON.parse(el.value);
  if (el.value === "") return null;
  return type === "int" ? parseInt(el.value, 10) : parseFloat(el.value);
}
function setOpt(div, v) {
  const type = div.dataset.type, el = div.querySelector("input,select");
  if (type === "bool") el.checked = !!v;
  else if (type === "choice") el.value = JSON.stringify(v);
  else el.value = v == null ? "" : v;
}
function presetValues() {
  const sel = document.getElementById("preset");
  return sel && sel.selectedOptions[0] ? JSON.parse(sel.selectedOptions[0].dataset.values) : {};
}
function applyPreset() {
  const vals = presetValues();
  setup.querySelectorAll(".opt").forEach(div => {
    const id = div.dataset.id;
    setOpt(div, id in vals ? vals[id] : JSON.parse(div.dataset.default));
  });
}
function wirePlayers() {
  const fs = setup.querySelector(".players"), list = document.getElementById("player-list");
  const max = +fs.dataset.max, min = +fs.dataset.min;
  const sync = () => {
    const rows = list.querySelectorAll(".player-row");
    document.getElementById("add-player").hidden = rows.length >= max;
    rows.forEach(r => { r.querySelector(".del").hidden = rows.length <= Math.max(min, 1); });
  };
  document.getElementById("add-player").onclick = () => {
    const rows = list.querySelectorAll(".player-row");
    const row = rows[rows.length - 1].cloneNode(true);
    const inp = row.querySelector("input");
    inp.value = ""; inp.placeholder = T("Player") + " " + (rows.length + 1);
    list.appendChild(row); sync(); inp.focus();
  };
  list.addEventListener("click", e => {
    if (e.target.classList.contains("del")) { e.target.parentNode.remove(); sync(); }
  });
  sync();
  const preset = document.getElementById("preset");
  if (preset) preset.onchange = applyPreset;
}
wirePlayers();
document.getElementById("game").addEventListener("change", async e => {
  const r = await fetch("/games/" + encodeURIComponent(e.target.value) + "/setup" + location.search);
  setup.innerHTML = await r.text();
  wirePlayers();
});
/* Start is off while the session is being made (a second tap would make a second session);
   its label says so */
const startBtn = document.querySelector("#start button[type=submit]"), START = startBtn.textContent;
function starting(on) { startBtn.disabled = on; startBtn.textContent = on ? T("Starting…") : START; }
// brought back by Back from the browser's memory: Start works again, the recent list is new
window.addEventListener("pageshow", e => { if (e.persisted) { starting(false); showRecent(); } });
document.getElementById("start").addEventListener("submit", async e => {
  e.preventDefault();
  if (startBtn.disabled) return;
  const f = e.target, err = document.getElementById("start-error");
  const players = [...f.querySelectorAll("input[name=player]")].map(i => i.value.trim()).filter(Boolean);
  const vals = presetValues(), options = {};
  setup.querySelectorAll(".opt").forEach(div => {
    const id = div.dataset.id, v = optValue(div);
    const base = id in vals ? vals[id] : JSON.parse(div.dataset.default);
    if (JSON.stringify(v) !== JSON.stringify(base)) options[id] = v;
  });
  const body = {game: f.game.value, players, options,
                chip_value: parseFloat(f.chip_value.value || "1"), currency: f.currency.value.trim()};
  if (f.preset) body.preset = f.preset.value;
  body.length = f.length.value === "" ? null : parseInt(f.length.value, 10);
  if (f.title.value.trim()) body.title = f.title.value.trim();
  let res;
  starting(true);
  try { res = await api("POST", "/api/v1/sessions", body); }
  catch (x) { starting(false); err.hidden = false; err.textContent = T("Could not save"); return; }
  if (res.status !== 201) { starting(false); err.hidden = false; err.textContent = errorText(res); return; }
  const url = "/s/" + res.body.id + "?t=" + encodeURIComponent(res.body.edit_token);
  const list = recent().filter(s => s.id !== res.body.id);
  list.unshift({id: res.body.id, url, title: (body.title || f.game.selectedOptions[0].textContent) + " · " + players.join(", "),
                at: Date.now(), when: new Date().toLocaleString(LANG)});
  localStorage.setItem(RECENT, JSON.stringify(list.slice(0, 20)));
  location.href = url;
});
/* The form's checks speak the page's language: each invalid field gets the catalogue's words
   (the form's data-*) instead of the browser's, and loses them once it is edited */
const startForm = document.getElementById("start");
function numberText(v) { return new Intl.NumberFormat(LANG).format(+v); }
function checkText(el) {
  const v = el.validity, d = startForm.dataset;
  if (v.valueMissing) return d.required;
  if (v.badInput || v.typeMismatch) return d.number;
  if (v.rangeUnderflow) return d.min.replace("%(n)s", numberText(el.min));
  if (v.rangeOverflow) return d.max.replace("%(n)s", numberText(el.max));
  if (v.stepMismatch) return d.whole;
  return "";
}
/* each field's words are kept in step with its value; a field Start would refuse untouched
   (an empty name) gets them when Start is tapped, before the browser checks the form */
function relabel(el) {
  if (!el.setCustomValidity) return;
  el.setCustomValidity("");
  const text = checkText(el);
  if (text) el.setCustomValidity(text);
}
startForm.addEventListener("invalid", e => relabel(e.target), true);
startForm.addEventListener("input", e => relabel(e.target));
startForm.addEventListener("change", e => relabel(e.target));
startBtn.addEventListener("click", () => startForm.querySelectorAll("input, select").forEach(relabel));
