/* Home: start a session (the game's form part is server-rendered per game) or reopen one. */
"use strict";
const RECENT = "tally-recent";
function recent() { try { return JSON.parse(localStorage.getItem(RECENT) || "[]"); } catch (e) { return []; } }
function showRecent() {
  const list = recent();
  if (!list.length) return;
  document.getElementById("recent").hidden = false;
  document.getElementById("recent-list").innerHTML = list.slice(0, 8).map(s =>
    `<li><a class="button wide" href="${esc(s.url)}">${nameHtml(s.title)}<br><small class="muted">${esc(when(s))}</small></a></li>`).join("");
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
/* Groups kept on this phone (static/group.js keeps each group page opened): listed, and the
   ones with their own link (not view-only) offered when starting a session, with their
   known players as one-tap chips. A new group is made right in the form. */
const GROUPS = "tally-groups";
function groups() { try { return JSON.parse(localStorage.getItem(GROUPS) || "[]"); } catch (e) { return []; } }
function keepGroup(g) {
  const list = groups().filter(x => x.id !== g.id);
  list.unshift(g);
  localStorage.setItem(GROUPS, JSON.stringify(list.slice(0, 20)));
}
const pick = document.getElementById("group-pick"), groupField = document.getElementById("group-field");
let known = [];  // the picked group's players
function showGroups(selected) {
  const list = groups();
  document.getElementById("groups").hidden = !list.length;
  document.getElementById("group-list").innerHTML = list.slice(0, 8).map(g =>
    `<li><a class="button wide" href="${esc(g.url)}">${nameHtml(g.name)}</a></li>`).join("");
  const d = groupField.dataset;
  pick.innerHTML = `<option value="">${esc(d.none)}</option>` + list.filter(g => g.edit).map(g =>
    `<option value="${esc(g.id)}">${esc(g.name)}</option>`).join("") + `<option value="new">${esc(d.new)}</option>`;
  pick.value = list.some(g => g.edit && g.id === selected) ? selected : "";
  pickGroup();
}
function pickedGroup() { return groups().find(g => g.edit && g.id === pick.value) || null; }
// the group last chosen in this form, kept on this phone: coming back to the home page (Back,
// a new session) finds it chosen again (issue 24)
const LAST_GROUP = "tally-home-group";
async function pickGroup() {
  localStorage.setItem(LAST_GROUP, pick.value === "new" ? "" : pick.value);
  document.getElementById("new-group").hidden = pick.value !== "new";
  document.getElementById("group-error").hidden = true;
  const g = pickedGroup(), open = document.getElementById("group-open");
  open.hidden = !g;
  known = [];
  if (g) {
    document.getElementById("group-page-link").href = g.url;
    try {
      const res = await api("GET", "/api/v1/groups/" + encodeURIComponent(g.id) + "?t=" + encodeURIComponent(g.token));
      if (res.status === 200 && pick.value === g.id) known = res.body.players.map(p => p.name);
    } catch (e) { known = []; }
  }
  showKnown();
}
function seated() { return [...setup.querySelectorAll("input[name=player]")].map(i => i.value.trim()); }
function showKnown() {
  const box = document.getElementById("known-box");
  if (!box) return;
  box.hidden = !known.length;
  const at = seated();
  document.getElementById("known").innerHTML = known.map(n =>
    `<button type="button" data-name="${esc(n)}" aria-pressed="${at.indexOf(n) >= 0}">${nameHtml(n)}</button>`).join("");
}
/* a chip seats its player in the first empty seat (a new seat when all are taken and the
   game takes more); tapped again, it empties that seat */
setup.addEventListener("click", e => {
  const chip = e.target.closest("#known button");
  if (!chip) return;
  const name = chip.dataset.name, inputs = [...setup.querySelectorAll("input[name=player]")];
  const there = inputs.find(i => i.value.trim() === name);
  if (there) there.value = "";
  else {
    let free = inputs.find(i => !i.value.trim());
    const add = document.getElementById("add-player");
    if (!free && add && !add.hidden) { add.click(); free = [...setup.querySelectorAll("input[name=player]")].pop(); }
    if (free) free.value = name;
  }
  showKnown();
  seatsChanged();
});
setup.addEventListener("input", e => { if (e.target.name === "player") { showKnown(); seatsChanged(); } });
setup.addEventListener("change", e => { if (e.target.closest(".opt")) showOpening(); });
pick.addEventListener("change", () => {
  pickGroup();
  if (pick.value === "new") document.getElementById("group-name").focus();
});
async function createGroup() {
  const input = document.getElementById("group-name"), err = document.getElementById("group-error");
  const name = input.value.trim();
  err.hidden = true;
  if (!name) { err.hidden = false; err.textContent = groupField.dataset.noname; input.focus(); return; }
  let res;
  try { res = await api("POST", "/api/v1/groups", {name}); }
  catch (x) { err.hidden = false; err.textContent = T("Could not save"); return; }
  if (res.status !== 201) { err.hidden = false; err.textContent = errorText(res); return; }
  const id = res.body.id, token = res.body.token;
  keepGroup({id, name, token, edit: true, url: "/g/" + encodeURIComponent(id) + "?t=" + encodeURIComponent(token), at: Date.now()});
  input.value = "";
  showGroups(id);
  toast(groupField.dataset.created);
}
document.getElementById("group-create").addEventListener("click", createGroup);
// Enter in the group's name makes the group; it does not start the session
document.getElementById("group-name").addEventListener("keydown", e => {
  if (e.key === "Enter") { e.preventDefault(); createGroup(); }
});
showGroups(new URLSearchParams(location.search).get("group") || localStorage.getItem(LAST_GROUP));
// brought back by Back from the browser's memory: the list and the choice as stored now
addEventListener("pageshow", e => { if (e.persisted) showGroups(pick.value || localStorage.getItem(LAST_GROUP)); });
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
/* The seats as the form holds them: each row's name (blank: not seated) and how it is called
   until named ("Player 3") */
function seats() {
  return [...setup.querySelectorAll("#player-list input[name=player]")].map(i =>
    ({name: i.value.trim(), label: i.value.trim() || i.placeholder}));
}
/* The first dealer: one of the seats named so far (the first by default), kept by seat when
   names change; the opening carry's boxes, one per seat, kept by seat too. Hidden with one seat. */
function seatsChanged() {
  const all = seats(), sel = document.getElementById("first-dealer");
  if (sel) {
    const at = +(sel.value || 0), named = all.map((s, i) => [s, i]).filter(([s]) => s.name);
    const shown = named.length ? named : [[all[0], 0]];
    sel.innerHTML = shown.map(([s, i]) => `<option value="${i}">${esc(s.label)}</option>`).join("");
    sel.value = String(shown.some(([, i]) => i === at) ? at : shown[0][1]);
    document.getElementById("dealer-field").hidden = all.length < 2;
  }
  setup.querySelectorAll(".carry-in .each").forEach(box => {
    const old = [...box.querySelectorAll("input")].map(i => i.value), d = box.dataset;
    box.innerHTML = all.map((s, i) => `<label class="field"><span>${nameHtml(s.label)}</span>` +
      `<input type="number" step="1" min="${esc(d.min)}" max="${esc(d.max)}" placeholder="${esc(d.default)}" inputmode="numeric" data-seat="${i}" value="${esc(old[i] || "")}"></label>`).join("");
  });
}
/* the house rules now chosen (the preset's, changed by the switches below it) */
function chosenRules() {
  const vals = Object.assign({}, presetValues());
  setup.querySelectorAll(".opt").forEach(div => { vals[div.dataset.id] = optValue(div); });
  return vals;
}
function holds(cond, rules) {  // tally.games.condition_holds
  if (cond[0] === "!") return !rules[cond.slice(1)];
  const m = cond.match(/^(.*?)(!?=)(.*)$/);
  if (!m) return !!rules[cond];
  return (String(rules[m[1]]) === m[3]) === (m[2] === "=");
}
/* an opening value shows only under the house rules that use it (Hana-Awase 2's totals start
   at 200 with Bankrupt) */
function showOpening() {
  const rules = chosenRules();
  setup.querySelectorAll(".carry-in").forEach(div => {
    const req = JSON.parse(div.dataset.requires || "[]");
    div.hidden = req.length > 0 && !req.some(c => holds(c, rules));
  });
}
/* what the session opens with: each value filled in (per seat, the named seats'), or null */
function openingCarry(all) {
  const out = {};
  setup.querySelectorAll(".carry-in:not([hidden])").forEach(div => {
    const key = div.dataset.key;
    if (div.dataset.each === "1") {
      const each = {};
      div.querySelectorAll("input[data-seat]").forEach(i => {
        const s = all[+i.dataset.seat];
        if (s && s.name && i.value !== "") each[s.name] = parseInt(i.value, 10);
      });
      if (Object.keys(each).length) out[key] = each;
    } else {
      const i = div.querySelector("input");
      if (i.value !== "") out[key] = parseInt(i.value, 10);
    }
  });
  return Object.keys(out).length ? out : null;
}
/* Start with fewer names than the game needs: the rule, on the first blank seat */
function fewerPlayers(named) {
  const fs = setup.querySelector(".players");
  if (named >= +fs.dataset.min) return false;
  const blank = [...fs.querySelectorAll("input[name=player]")].find(i => !i.value.trim());
  if (blank) { blank.dataset.rule = fs.dataset.fewer; relabel(blank); blank.reportValidity(); }
  else { const err = document.getElementById("start-error"); err.hidden = false; err.textContent = fs.dataset.fewer; }
  return true;
}
function wirePlayers() {
  const fs = setup.querySelector(".players"), list = document.getElementById("player-list");
  const max = +fs.dataset.max, min = +fs.dataset.min;
  const sync = () => {
    const rows = list.querySelectorAll(".player-row");
    document.getElementById("add-player").hidden = rows.length >= max;
    // one name is always needed; a blank seat after it is left out (fewer names than the game
    // needs: Start says the rule, fewerPlayers)
    rows.forEach((r, i) => { r.querySelector(".del").hidden = rows.length <= Math.max(min, 1);
                             r.querySelector("input").required = i === 0; });
    seatsChanged();
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
  if (preset) preset.onchange = () => { applyPreset(); showOpening(); };
  showOpening();
}
wirePlayers();
document.getElementById("game").addEventListener("change", async e => {
  const r = await fetch("/games/" + encodeURIComponent(e.target.value) + "/setup" + location.search);
  setup.innerHTML = await r.text();
  wirePlayers();
  showKnown();
});
/* Start is off while the session is being made (a second tap would make a second session);
   its label says so */
const startBtn = document.querySelector("#start button[type=submit]"), START = startBtn.textContent;
function starting(on) { startBtn.disabled = on; startBtn.textContent = on ? T("Starting…") : START; }
// brought back by Back from the browser's memory: Start works again, the recent list is new
window.addEventListener("pageshow", e => { if (e.persisted) { starting(false); showRecent(); showGroups(pick.value); } });
document.getElementById("start").addEventListener("submit", async e => {
  e.preventDefault();
  if (startBtn.disabled) return;
  const f = e.target, err = document.getElementById("start-error");
  const all = seats(), players = all.map(s => s.name).filter(Boolean);
  err.hidden = true;
  if (fewerPlayers(players.length)) return;
  const vals = presetValues(), options = {};
  setup.querySelectorAll(".opt").forEach(div => {
    const id = div.dataset.id, v = optValue(div);
    const base = id in vals ? vals[id] : JSON.parse(div.dataset.default);
    if (JSON.stringify(v) !== JSON.stringify(base)) options[id] = v;
  });
  const body = {game: f.game.value, players, options,
                chip_value: parseFloat(f.chip_value.value || "1"), currency: f.currency.value.trim()};
  if (f.preset) body.preset = f.preset.value;
  const dealer = document.getElementById("first-dealer"), seat = dealer && all[+dealer.value];
  if (seat && seat.name) body.first_dealer = seat.name;
  const opening = openingCarry(all);
  if (opening) body.opening_carry = opening;
  body.length = f.length.value === "" ? null : parseInt(f.length.value, 10);
  if (f.title.value.trim()) body.title = f.title.value.trim();
  const group = pickedGroup();
  if (group) { body.group = group.id; body.group_token = group.token; }
  let res;
  starting(true);
  try { res = await api("POST", "/api/v1/sessions", body); }
  catch (x) { starting(false); err.hidden = false; err.textContent = T("Could not save"); return; }
  if (res.status !== 201) { starting(false); err.hidden = false; err.textContent = errorText(res); return; }
  const url = "/s/" + res.body.id + "?t=" + encodeURIComponent(res.body.edit_token);
  if (group) {  // the group's page links to the session (its view-only link, kept sealed)
    try {
      await api("POST", "/api/v1/groups/" + encodeURIComponent(group.id) + "/sessions/" + encodeURIComponent(res.body.id) +
                "/link?t=" + encodeURIComponent(group.token), {read_token: res.body.read_token});
    } catch (x) { /* offline: the session opens all the same, unlinked */ }
  }
  const list = recent().filter(s => s.id !== res.body.id);
  list.unshift({id: res.body.id, url, title: isolated(body.title || f.game.selectedOptions[0].textContent) + " · " + players.map(isolated).join(", "),
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
  const text = checkText(el) || el.dataset.rule;  // the rule Start said (fewerPlayers)
  if (text) el.setCustomValidity(text);
}
startForm.addEventListener("invalid", e => {
  relabel(e.target);
  const shut = e.target.closest("details:not([open])");
  if (shut) shut.open = true;  // a box Start refuses is shown, not left folded away
}, true);
startForm.addEventListener("input", e => { delete e.target.dataset.rule; relabel(e.target); });
startForm.addEventListener("change", e => relabel(e.target));
startBtn.addEventListener("click", () => startForm.querySelectorAll("input, select").forEach(el => {
  delete el.dataset.rule;  // Start counts the names again
  relabel(el);
}));
