/* Record a round: tap cards into piles, fill in the game's other inputs, add events, watch each
   pile's combinations live, review the engine's breakdown, save. Nothing here knows a game: the
   inputs (the form the template draws from Game.inputs), the events, their fields and the names
   come from the registry through the page's context. */
"use strict";
const C = JSON.parse(document.getElementById("ctx").textContent);
const G = C.game, P = C.config.players, SID = C.session, Q = "?t=" + encodeURIComponent(C.token);
const DRAFT = "tally-draft:" + SID + ":" + (C.seq || "new");
const RULES = {preset: C.config.preset, options: C.config.options};
const grid = document.getElementById("grid");   // none where a round is not a pile per player
const tiles = {};
if (grid) grid.querySelectorAll(".t").forEach(b => { tiles[b.dataset.s] = b; });
let owner = {};        // slug -> player index
let events = [];       // the round's events, in order
let sel = 0;           // whose pile a tap fills
const live = P.map(() => ({points: 0, yaku: []}));
const asked = P.map(() => 0);   // request counter per pile: only the newest answer is shown
window.__tapTimes = [];         // tap -> yaku on screen, in ms (read by the browser test)

/* ---------- state: restored from the draft, else the round being edited */
function loadDraft() {
  try { return JSON.parse(localStorage.getItem(DRAFT) || "null"); } catch (e) { return null; }
}
function saveDraft() {
  localStorage.setItem(DRAFT, JSON.stringify({owner, events, sel, form: formState(), version: C.version}));
}

/* ---------- the form: one control per Game.inputs entry (drawn by the template) */
const form = document.getElementById("inputs");
const IN = G.inputs || [];
const OWN = ["players", "dealer", "carry", "events", G.pile_key].concat(G.series_keys || []);
// keys of the round being edited that no input describes: kept as they are
const kept = {};
if (C.input) for (const k in C.input) if (OWN.indexOf(k) < 0 && !IN.some(d => d.key === k)) kept[k] = C.input[k];
function boxes(d) { return form ? Array.from(form.querySelectorAll(`fieldset[data-key="${CSS.escape(d.key)}"] .ictl`)) : []; }
function ctlOf(box) { return box.querySelector("input, select, textarea"); }
function chosen(box) { return Array.from(box.querySelectorAll(".chip")).map(b => b.dataset.s); }
/* one control's value: undefined when empty; raw: a JSON box's text as typed */
function readCtl(d, box, raw) {
  if (SX.owns(d)) return SX.read(d, box);  // cards, players, yaku, lists, records, maps (inputs.js)
  if (d.kind === "choice" || d.kind === "player") {
    const r = box.querySelector("input:checked"), el = r || box.querySelector("select");
    return el && el.value ? JSON.parse(el.value) : undefined;
  }
  const el = ctlOf(box);
  if (d.kind === "cards") { const l = chosen(box); return l.length ? l : undefined; }
  if (d.kind === "bool") return el.checked ? true : d.required ? false : undefined;
  if (d.kind === "int") return el.value === "" || isNaN(parseInt(el.value, 10)) ? undefined : parseInt(el.value, 10);
  const t = el.value.trim();
  return t === "" ? undefined : raw ? t : JSON.parse(t);
}
function writeCtl(d, box, v, raw) {
  if (SX.owns(d)) return SX.write(d, box, v);
  const el = ctlOf(box);
  if (d.kind === "choice" || d.kind === "player") {
    const j = v === undefined || v === null ? "" : JSON.stringify(v);
    box.querySelectorAll("input").forEach(r => { r.checked = r.value === j; });
    const s = box.querySelector("select");
    if (s) s.value = Array.from(s.options).some(o => o.value === j) ? j : "";
  } else if (d.kind === "cards") {
    box.querySelectorAll(".chip").forEach(b => b.remove());
    for (const s of Array.isArray(v) ? v : []) addCard(box, s);
  } else if (d.kind === "bool") el.checked = v === true;
  else if (d.kind === "int") el.value = v === undefined || v === null ? "" : v;
  else el.value = v === undefined || v === null ? "" : raw && typeof v === "string" ? v : JSON.stringify(v);
}
/* the form's values: {key: value} or, per player, {key: {player: value}}; empty ones left out */
function readForm(raw) {
  const out = {};
  for (const d of IN) {
    if (!d.per_player || SX.whole(d)) { const v = readCtl(d, boxes(d)[0], raw); if (v !== undefined) out[d.key] = v; continue; }
    const m = {};
    for (const b of boxes(d)) { const v = readCtl(d, b, raw); if (v !== undefined) m[b.dataset.p] = v; }
    if (Object.keys(m).length) out[d.key] = m;
  }
  return out;
}
function fillForm(vals, raw) {
  for (const d of IN) {
    const v = vals[d.key];
    for (const b of boxes(d)) writeCtl(d, b, d.per_player && !SX.whole(d) ? (v && typeof v === "object" ? v[b.dataset.p] : undefined) : v, raw);
  }
}
function formState() { try { return readForm(true); } catch (e) { return {}; } }
/* cards: the chosen cards as small tiles (tap one to take it back) and a list to add one */
function addCard(box, s) {
  if (!G.cards[s] || chosen(box).indexOf(s) >= 0) return;
  const b = document.createElement("button");
  b.type = "button"; b.className = "chip"; b.dataset.s = s;
  b.setAttribute("aria-label", T("Remove") + ": " + G.cards[s]);
  b.innerHTML = tileSvg(s) + "<i>×</i>";
  box.querySelector(".chosen").appendChild(b);
}
function syncCards(box) {
  const sel = box.querySelector("select"), l = chosen(box);
  for (const o of sel.options) if (o.value) o.disabled = l.indexOf(o.value) >= 0;
  sel.required = !!box.dataset.req && !l.length;
}
/* every problem of the form shown next to its control (the browser's own words, in the
   phone's language); false when the round cannot be reviewed yet */
function checkForm() {
  if (!form) return true;
  let first = null;
  form.querySelectorAll(".ferr").forEach(p => { p.hidden = true; p.textContent = ""; });
  first = SX.check(form);  // the structured inputs mark their own problems (inputs.js)
  form.querySelectorAll("input, select, textarea").forEach(el => {
    if (el.tagName === "TEXTAREA") {
      el.setCustomValidity("");
      try { if (el.value.trim()) JSON.parse(el.value); } catch (e) { el.setCustomValidity("JSON: " + e.message); }
    }
    if (el.checkValidity()) return;
    const fs = el.closest("fieldset"), p = fs.querySelector(".ferr");
    if (p.hidden) {
      const who = el.closest(".ictl").dataset.p;
      p.textContent = (who ? who + ": " : "") + el.validationMessage; p.hidden = false;
    }
    fs.classList.add("bad");
    first = first || el;
  });
  if (first) {
    first.closest("fieldset").scrollIntoView({block: "center"});
    first.focus({preventScroll: true});
  }
  return !first;
}
if (form) {
  form.querySelectorAll(".pick").forEach(pk => {
    const box = pk.closest(".ictl"), d = IN.find(x => x.key === box.closest("fieldset").dataset.key);
    if (d.required) box.dataset.req = "1";
    const sel = pk.querySelector("select");
    sel.insertAdjacentHTML("beforeend", Object.keys(G.cards).map(s => `<option value="${esc(s)}">${esc(G.cards[s])}</option>`).join(""));
  });
  form.addEventListener("submit", e => e.preventDefault());
  // a second tap on the chosen answer of an optional question takes it back
  form.addEventListener("click", e => {
    const r = e.target.closest(".segb input");
    if (r) {
      const d = IN.find(x => x.key === r.closest("fieldset").dataset.key);
      if (!d.required && r.dataset.was === "1") r.checked = false;
      r.closest(".seg").querySelectorAll("input").forEach(x => { x.dataset.was = x.checked ? "1" : ""; });
      changed(r);
      return;
    }
    const chip = e.target.closest(".chip");
    if (chip) { const box = chip.closest(".ictl"); chip.remove(); syncCards(box); changed(box); }
  });
  form.addEventListener("change", e => {
    const el = e.target;
    if (el.closest(".seg")) el.closest(".seg").querySelectorAll("input").forEach(x => { x.dataset.was = x.checked ? "1" : ""; });
    if (el.tagName === "SELECT" && el.closest(".pick")) {
      const box = el.closest(".ictl");
      if (el.value) addCard(box, el.value);
      el.value = ""; syncCards(box);
    }
    changed(el);
  });
  form.addEventListener("input", e => changed(e.target));
}
function changed(el) {
  const fs = el.closest("fieldset");
  if (fs && fs.classList.contains("bad")) { fs.classList.remove("bad"); const p = fs.querySelector(".ferr"); p.hidden = true; }
  saveDraft();
}
function formReady() {
  if (!form) return;
  form.querySelectorAll(".pick").forEach(pk => syncCards(pk.closest(".ictl")));
  form.querySelectorAll(".seg input").forEach(x => { x.dataset.was = x.checked ? "1" : ""; });
}

(function init() {
  const d = loadDraft();
  if (d) {
    owner = d.owner || {}; events = d.events || []; sel = d.sel || 0;
    if (d.form) fillForm(d.form, true);
    else if (d.extra) { try { fillForm(JSON.parse(d.extra)); } catch (e) { /* an old draft's broken JSON */ } }
  } else if (C.input) {
    const caps = (G.pile_key && C.input[G.pile_key]) || {};
    for (const p in caps) for (const s of caps[p]) if (P.indexOf(p) >= 0) owner[s] = P.indexOf(p);
    events = (C.input.events || []).map(e => Object.assign({}, e));
    fillForm(C.input);  // the round's other keys, in the form
  }
  formReady();
  const err = localStorage.getItem(DRAFT + ":error");
  if (err) { showConflict(err); localStorage.removeItem(DRAFT + ":error"); }
})();

/* ---------- the grid */
function paint(slug) {
  const b = tiles[slug], o = owner[slug];
  b.className = "t" + (o === undefined ? "" : " own p" + o + (o === sel ? "" : " other"));
  b.setAttribute("aria-pressed", o === sel ? "true" : "false");
  b.lastChild.textContent = o === undefined ? "" : P[o].slice(0, 1).toUpperCase();
}
function paintAll() { for (const s in tiles) paint(s); highlight(); }
if (grid) grid.addEventListener("click", e => {
  const b = e.target.closest(".t");
  if (!b) return;
  const t0 = performance.now(), s = b.dataset.s, o = owner[s];
  if (o === undefined) owner[s] = sel;
  else if (o === sel) delete owner[s];
  else { toast(T("Taken by %(name)s", {name: P[o]})); b.classList.add("shake"); setTimeout(() => b.classList.remove("shake"), 300); return; }
  paint(s); saveDraft(); updateRest();
  evaluate(sel, t0);
});
function pile(i) { return Object.keys(owner).filter(s => owner[s] === i); }

/* ---------- players */
const who = document.querySelector(".who");
if (who) who.addEventListener("click", e => {
  const b = e.target.closest(".pl");
  if (!b) return;
  select(+b.dataset.i);
});
function select(i) {
  sel = i;
  if (!who) return;
  who.querySelectorAll(".pl").forEach(b => {
    const on = +b.dataset.i === i;
    b.classList.toggle("on", on); b.setAttribute("aria-checked", on ? "true" : "false");
  });
  saveDraft(); paintAll(); renderYaku(); updateRest();
}
const rest = document.getElementById("rest");
function updateRest() {
  if (!rest) return;
  // off when no card is left to give: the label then says so
  rest.disabled = Object.keys(tiles).every(s => owner[s] !== undefined);
  rest.textContent = rest.disabled ? T("Every card has a player") : T("The rest go to %(name)s", {name: P[sel]});
}
if (rest) rest.addEventListener("click", () => {
  const t0 = performance.now();
  for (const s in tiles) if (owner[s] === undefined) { owner[s] = sel; paint(s); }
  saveDraft(); updateRest(); evaluate(sel, t0);
});

/* ---------- live combinations: the engine scores the changed pile (microseconds) */
async function evaluate(i, t0) {
  const n = ++asked[i];
  let res;
  try {
    res = await api("POST", "/api/v1/games/" + G.id + "/evaluate", Object.assign({cards: pile(i)}, RULES));
  } catch (e) { if (yakuBar()) yakuBar().textContent = T("Offline: points are computed when the network is back."); return; }
  if (n !== asked[i]) return;  // a newer tap is on its way
  if (res.status === 200) live[i] = {points: res.body.points, yaku: res.body.yaku || []};
  else live[i] = {points: 0, yaku: [], error: errorText(res)};
  if (who) who.querySelector('[data-i="' + i + '"] .pts').textContent = live[i].points;
  if (i === sel) { renderYaku(); highlight(); }
  if (t0 !== undefined) window.__tapTimes.push(performance.now() - t0);
}
function yakuBar() { return document.getElementById("yaku"); }
function yakuName(y) { return G.yaku[y.id] || y.name; }
function renderYaku() {
  const l = live[sel], el = document.getElementById("yaku");
  if (!el) return;
  if (l.error) { el.innerHTML = `<span class="error">${esc(l.error)}</span>`; return; }
  el.innerHTML = `<span class="pn p${sel}">${esc(P[sel])}</span> ` + (l.yaku.length
    ? l.yaku.map(y => `<span class="yk">${esc(yakuName(y))} <b>${y.points}</b></span>`).join(" ") + ` <span class="sum">= <b>${l.points}</b></span>`
    : `<span class="muted">${esc(T("No combination yet"))}</span>`);
}
function highlight() {
  const hot = new Set();
  for (const y of live[sel].yaku) for (const s of y.cards || []) hot.add(s);
  for (const s in tiles) tiles[s].classList.toggle("hl", hot.has(s) && owner[s] === sel);
}

/* ---------- events: one button per event (per player when the event has a player) */
const evBox = document.getElementById("events");
(function buildEvents() {
  const row = (e, i) => {
    // a screen reader says the event with the player ("koi-koi: Aki"), not the name alone
    const sr = `<span class="sr">${esc(e.label)}: </span>`;
    const btns = e.per_player
      ? P.map((p, j) => `<button type="button" class="evb p${j}" data-ev="${i}" data-id="${esc(e.id)}" data-p="${j}">${sr}${esc(p)}<i class="cnt"></i></button>`).join("")
      : `<button type="button" class="evb" data-ev="${i}" data-id="${esc(e.id)}">${sr}+<i class="cnt"></i></button>`;
    return `<div class="ev"><div class="evl"><b>${esc(e.label)}</b><small>${esc(e.description)}</small></div><div class="evbs">${btns}</div></div>`;
  };
  const first = G.events.slice(0, 3).map((e, i) => row(e, i)).join("");
  const more = G.events.slice(3).map((e, i) => row(e, i + 3)).join("");
  evBox.innerHTML = first + (more ? `<details class="more"><summary>${esc(T("More events"))} (${G.events.length - 3})</summary>${more}</details>` : "");
})();
evBox.addEventListener("click", e => {
  const b = e.target.closest(".evb");
  if (!b) return;
  const def = G.events[+b.dataset.ev], ev = {type: def.id};
  if (b.dataset.p !== undefined) ev.player = P[+b.dataset.p];
  // a score field starts at the player's live points; every other field starts empty
  for (const s of def.fields) if (s.key === "score" && s.kind === "int" && ev.player) ev.score = live[P.indexOf(ev.player)].points;
  events.push(ev); saveDraft(); renderEvents();
});
/* the recorded events, each with a widget per field (drawn by inputs.js from the field's
   InputDef, EventDef.inputs), labelled in the page's language */
const evList = document.getElementById("evlist");
const evWidgets = [];   // per event: [[spec, widget], ...]
function renderEvents() {
  const defs = Object.fromEntries(G.events.map(d => [d.id, d]));
  evList.innerHTML = "";
  evWidgets.length = 0;
  events.forEach((ev, j) => {
    const d = defs[ev.type] || {label: ev.type, fields: []}, pi = P.indexOf(ev.player);
    const li = document.createElement("li");
    li.innerHTML = `<div class="evt"><b>${esc(d.label)}</b>${ev.player ? ` <span class="pn p${pi}">${esc(ev.player)}</span>` : ""}
      <button type="button" class="rm" data-j="${j}" aria-label="${esc(T("Remove") + ": " + d.label + (ev.player ? " (" + ev.player + ")" : ""))}">×</button></div>`;
    evWidgets.push(d.fields.map(s => {
      const row = document.createElement("div"), w = SX.widget(s, ev[s.key]);
      row.className = "fld"; row.dataset.f = s.key;
      row.innerHTML = `<span>${esc(s.label)}${s.required ? ' <b class="req" aria-hidden="true">*</b>' : ""}</span>`;
      row.appendChild(w.el);
      const take = () => setTimeout(() => {  // after the widget has handled the tap
        const v = w.read();
        if (v === undefined) delete ev[s.key]; else ev[s.key] = v;
        row.querySelectorAll(".sx-err").forEach(p => p.remove());
        saveDraft();
      });
      row.addEventListener("click", e => { if (e.target.closest("button")) take(); });
      row.addEventListener("change", take);
      row.addEventListener("input", take);
      li.appendChild(row);
      return [s, w, row];
    }));
    evList.appendChild(li);
  });
  evBox.querySelectorAll(".evb").forEach(b => {
    const def = G.events[+b.dataset.ev];
    const n = events.filter(ev => ev.type === def.id && (b.dataset.p === undefined || ev.player === P[+b.dataset.p])).length;
    b.querySelector(".cnt").textContent = n ? n : "";
    b.classList.toggle("used", n > 0);
  });
}
/* an event's required field left empty blocks review, with the message next to it */
function checkEvents() {
  let first = null;
  evWidgets.forEach(ws => ws.forEach(([s, w, row]) => {
    row.querySelectorAll(".sx-err").forEach(p => p.remove());
    for (const msg of SX.problems(w)) {
      const p = row.appendChild(document.createElement("p"));
      p.className = "sx-err error"; p.setAttribute("role", "alert"); p.textContent = msg;
      first = first || w.focus;
    }
  }));
  if (first) { first.scrollIntoView({block: "center"}); first.focus(); }
  return !first;
}
evList.addEventListener("click", e => {
  if (e.target.classList.contains("rm")) { events.splice(+e.target.dataset.j, 1); saveDraft(); renderEvents(); }
});

/* ---------- review and save */
function roundInput() {
  const out = Object.assign({}, kept, readForm(), {events});
  if (!G.pile_key) return out;
  const captures = {}, apart = SX.apart(out);
  P.forEach((p, i) => {
    const cards = pile(i);
    // a player with nothing tapped is sent as an empty pile, unless an event names them
    // (a caller's pile, when given, must hold a combination), or a per-player record of the
    // form stands for them instead (sitting out, totals: SX.apart in inputs.js), or the game
    // gives piles to some players only (G.pile_every)
    if (cards.length || (G.pile_every !== false && !(events.some(ev => ev.player === p) || apart.indexOf(p) >= 0))) captures[p] = cards;
  });
  out[G.pile_key] = captures;
  return out;
}
const dlg = document.getElementById("review"), body = document.getElementById("review-body");
const saveBtn = document.getElementById("save"), saveWhy = document.getElementById("save-why");
const SAVE_LABEL = saveBtn.textContent;
let idemKey = null;
/* Save is off while the round is scored and when the round cannot be scored: the line above
   it says why */
function saveOff(why) { saveBtn.disabled = !!why; saveWhy.textContent = why || ""; }
function tileSvg(s) {
  return `<svg class="tile" role="img" aria-label="${esc(G.cards[s] || s)}"><use href="/cards.svg${G.korean ? "?months=kr" : ""}#card-${esc(s)}"/></svg>`;
}
function breakdown(r) {
  const players = (r.players || []).map((ps) => {
    const i = P.indexOf(ps.player);
    const yaku = (ps.yaku || []).map(y => `<div class="yk"><span>${esc(G.yaku[y.id] || y.name)} <b>${y.points}</b>${y.note ? ` <small class="muted">${esc(words(y.note))}</small>` : ""}</span><span class="tiles small">${(y.cards || []).map(tileSvg).join("")}</span></div>`).join("");
    const steps = (ps.steps || []).map(s => `<li>${esc(s.said || s.reason)}${s.total !== undefined && s.total !== null ? " → " + s.total : ""}</li>`).join("");
    return `<div class="breakdown"><span class="pn p${i}">${esc(ps.player)}</span> ${ps.role ? `<span class="muted">(${esc(T(ps.role))})</span>` : ""} = <strong>${ps.points}</strong>${yaku}${steps ? `<ul class="steps">${steps}</ul>` : ""}${sentences(ps.choices, "choices")}</div>`;
  }).join("");
  const pays = (r.payments || []).map(p => `<li><b>${esc(p.from)}</b> → <b>${esc(p.to)}</b> <span class="amount">${p.amount}</span> ${esc(T("chips"))} ${p.reason ? `<span class="muted">${esc(p.said || p.reason)}</span>` : ""}</li>`).join("");
  return `<p>${r.winner ? esc(T("%(name)s wins", {name: r.winner})) : esc(T("no winner"))}</p>${players}` +
    (pays ? `<h3>${esc(T("Payments"))}</h3><ul class="list pays">${pays}</ul>` : "") + sentences(r.notes, "notes");
}
/* a note or choice of the engine: {text, template, params, said} (said in ja and ko) */
function words(s) { return typeof s === "string" ? s : s.said || s.text || ""; }
function sentences(list, cls) {
  return list && list.length ? `<ul class="steps ${cls}">${list.map(s => `<li>${esc(words(s))}</li>`).join("")}</ul>` : "";
}
document.getElementById("review-open").addEventListener("click", async () => {
  if (!checkForm() || !checkEvents()) return;  // a required input or event field is empty, or a number is wrong
  idemKey = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now());
  saveBtn.textContent = SAVE_LABEL;
  saveOff(T("Scoring the round…"));
  body.innerHTML = "…";
  dlg.showModal();
  let inp;
  // the series fills in the keys of its agreed length itself (series_length inputs)
  const length = {};
  for (const k of G.series_keys || []) if (C.config.length != null) length[k] = C.config.length;
  const cannot = T("Fix the problem above, then go back and review again.");
  try { inp = Object.assign({players: P, dealer: C.dealer, carry: C.carry}, length, roundInput(), RULES); }
  catch (e) { body.innerHTML = `<p class="error" role="alert">JSON: ${esc(e.message)}</p>`; saveOff(cannot); return; }
  let res;
  try { res = await api("POST", "/api/v1/games/" + G.id + "/score", inp); }
  catch (e) { body.innerHTML = `<p>${esc(T("Offline: points are computed when the network is back."))}</p>`; saveOff(null); return; }
  if (res.status !== 200) { body.innerHTML = `<p class="error" role="alert">${esc(errorText(res))}</p>`; saveOff(cannot); return; }
  body.innerHTML = breakdown(res.body);
  saveOff(null);
});
document.getElementById("review-back").addEventListener("click", () => dlg.close());
function showConflict(text, state) {
  const el = document.getElementById("conflict");
  let s = esc(text);
  if (state) {
    s += `<br>${esc(T("Month"))} ${state.month == null ? "—" : state.month} · ${esc(T("Dealer"))}: ${esc(state.dealer || "—")}<br>` +
      state.totals.map(t => `${esc(t.player)} ${t.chips}`).join(" · ");
  }
  el.innerHTML = s; el.hidden = false;
  el.scrollIntoView({block: "center"});
}
async function reloadState() {
  const res = await api("GET", "/api/v1/sessions/" + SID + Q);
  if (res.status !== 200) return null;
  C.version = res.body.version;
  if (!C.seq) { C.dealer = res.body.state.dealer; C.carry = res.body.state.carry; document.getElementById("dealer").textContent = C.dealer || "—"; }
  else { const r = res.body.rounds[C.seq - 1]; if (r) { C.dealer = r.dealer; C.carry = r.carry_in; } }
  saveDraft();
  return res.body.state;
}
saveBtn.addEventListener("click", async () => {
  if (saveBtn.disabled) return;
  saveBtn.disabled = true;  // a second tap while this one is on its way does nothing
  saveBtn.textContent = T("Saving…");
  let inp;
  try { inp = roundInput(); } catch (e) { body.innerHTML = `<p class="error" role="alert">JSON: ${esc(e.message)}</p>`; saveBtn.textContent = SAVE_LABEL; saveOff(T("Fix the problem above, then go back and review again.")); return; }
  const url = "/api/v1/sessions/" + SID + "/rounds" + (C.seq ? "/" + C.seq : "") + Q;
  const method = C.seq ? "PUT" : "POST";
  const headers = {"If-Match": '"' + C.version + '"'};
  if (!C.seq) headers["Idempotency-Key"] = idemKey;
  let res;
  try { res = await api(method, url, inp, headers); }
  catch (e) {
    queue({key: idemKey, method, url, body: inp, headers, draft: DRAFT});
    saveBtn.textContent = SAVE_LABEL;
    dlg.close();
    showConflict(T("Offline: kept on this phone, it will be sent when the network is back."));
    return;
  }
  if (res.status === 200 || res.status === 201) {
    if (res.body) markMine(SID, res.body.version);
    localStorage.removeItem(DRAFT);
    toast(T("Saved"));
    // replace, not a new entry: Back from the session never comes to this spent page
    location.replace("/s/" + SID + Q);
    return;
  }
  saveBtn.textContent = SAVE_LABEL;
  dlg.close();
  if (res.status === 412) {
    // this phone's own earlier save (another tab, the outbox) is not "someone else"
    const byMe = await changedByMe(SID, Q, C.version);
    const state = await reloadState();
    showConflict(T(byMe ? STALE_MINE : STALE_OTHER), state);
  } else {
    showConflict(T("Could not save") + ": " + errorText(res));
  }
});

// the round kept offline was sent (static/app.js): back to the session
document.addEventListener("tally:changed", () => { if (!localStorage.getItem(DRAFT)) location.replace("/s/" + SID + Q); });
// brought back by Back or Forward from the browser's memory (bfcache): its month, dealer and
// version may be old; read it again (the taps are in the draft)
window.addEventListener("pageshow", e => { if (e.persisted) location.reload(); });

/* ---------- start */
select(sel);
renderEvents();
P.forEach((p, i) => { if (pile(i).length) evaluate(i); });
