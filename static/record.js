/* Record a round: tap cards into piles, add events, watch each pile's combinations live, review
   the engine's breakdown, save. Nothing here knows a game: the events, their fields and the
   names come from the registry through the page's context. */
"use strict";
const C = JSON.parse(document.getElementById("ctx").textContent);
const G = C.game, P = C.config.players, SID = C.session, Q = "?t=" + encodeURIComponent(C.token);
const DRAFT = "tally-draft:" + SID + ":" + (C.seq || "new");
const RULES = {preset: C.config.preset, options: C.config.options};
const grid = document.getElementById("grid");
const tiles = {};
grid.querySelectorAll(".t").forEach(b => { tiles[b.dataset.s] = b; });
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
const extraBox = document.getElementById("extra");
function saveDraft() {
  localStorage.setItem(DRAFT, JSON.stringify({owner, events, sel, extra: extraBox.value, version: C.version}));
}
(function init() {
  const d = loadDraft();
  if (d) { owner = d.owner || {}; events = d.events || []; sel = d.sel || 0; extraBox.value = d.extra || ""; }
  else if (C.input) {
    const caps = C.input[G.pile_key] || {};
    for (const p in caps) for (const s of caps[p]) if (P.indexOf(p) >= 0) owner[s] = P.indexOf(p);
    events = (C.input.events || []).map(e => Object.assign({}, e));
    // the round's other keys (hands, sitting_out, ...) are kept, and can be changed, as JSON
    const extra = {};
    for (const k in C.input) if (["players", "dealer", "carry", G.pile_key, "events"].indexOf(k) < 0) extra[k] = C.input[k];
    if (Object.keys(extra).length) extraBox.value = JSON.stringify(extra, null, 1);
  }
  extraBox.addEventListener("input", saveDraft);
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
grid.addEventListener("click", e => {
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
who.addEventListener("click", e => {
  const b = e.target.closest(".pl");
  if (!b) return;
  select(+b.dataset.i);
});
function select(i) {
  sel = i;
  who.querySelectorAll(".pl").forEach(b => {
    const on = +b.dataset.i === i;
    b.classList.toggle("on", on); b.setAttribute("aria-checked", on ? "true" : "false");
  });
  saveDraft(); paintAll(); renderYaku(); updateRest();
}
const rest = document.getElementById("rest");
function updateRest() {
  rest.textContent = T("The rest go to %(name)s", {name: P[sel]});
  rest.disabled = Object.keys(tiles).every(s => owner[s] !== undefined);
}
rest.addEventListener("click", () => {
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
  } catch (e) { document.getElementById("yaku").textContent = T("Offline: points are computed when the network is back."); return; }
  if (n !== asked[i]) return;  // a newer tap is on its way
  if (res.status === 200) live[i] = {points: res.body.points, yaku: res.body.yaku || []};
  else live[i] = {points: 0, yaku: [], error: errorText(res)};
  who.querySelector('[data-i="' + i + '"] .pts').textContent = live[i].points;
  if (i === sel) { renderYaku(); highlight(); }
  if (t0 !== undefined) window.__tapTimes.push(performance.now() - t0);
}
function yakuName(y) { return G.yaku[y.id] || y.name; }
function renderYaku() {
  const l = live[sel], el = document.getElementById("yaku");
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
function fieldKind(spec) {
  const d = String(spec);
  const optional = /optional|default/i.test(d);
  let choices = (d.match(/'([^']+)'/g) || []).map(x => x.slice(1, -1));
  if (!choices.length && /\|/.test(d)) choices = d.split("|").map(x => x.trim().split(" ")[0]);
  if (!choices.length && /^[a-z_]+(, [a-z_]+)+$/.test(d.trim())) choices = d.split(",").map(x => x.trim());
  if (!choices.length && /^[a-z_]+ or [a-z_]+$/.test(d.trim())) choices = d.trim().split(" or ");
  if (/true\/false|^bool|^true when/i.test(d)) return {kind: "bool", optional};
  if (/^int|^\d+-\d+$|^(optional )?(total|number|count)\b|\bvalue\b/i.test(d) && !choices.length) return {kind: "int", optional};
  if (/^(name|player|who)/i.test(d)) return {kind: "player", optional, dealt: /dealt/.test(d), nullable: /null/.test(d)};
  if (/flower/i.test(d)) return {kind: "flower", optional};
  if (choices.length) return {kind: "choice", choices, optional};
  if (/slugs/i.test(d)) return {kind: "slugs", optional};
  if (/slug/i.test(d)) return {kind: "card", optional: true};
  return {kind: "text", optional: true};
}
const evBox = document.getElementById("events");
(function buildEvents() {
  const row = (e, i) => {
    const btns = e.per_player
      ? P.map((p, j) => `<button type="button" class="evb p${j}" data-ev="${i}" data-id="${esc(e.id)}" data-p="${j}">${esc(p)}<i class="cnt"></i></button>`).join("")
      : `<button type="button" class="evb" data-ev="${i}" data-id="${esc(e.id)}">+<i class="cnt"></i></button>`;
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
  for (const f in def.fields) {
    const k = fieldKind(def.fields[f]);
    if (f === "score" && k.kind === "int" && ev.player) ev[f] = live[P.indexOf(ev.player)].points;
    else if (!k.optional) ev[f] = k.kind === "bool" ? false : k.kind === "int" ? 0
      : k.kind === "flower" ? G.flowers[0].id : k.kind === "choice" ? k.choices[0]
      : k.kind === "player" ? P[0] : k.kind === "slugs" ? [] : "";
  }
  events.push(ev); saveDraft(); renderEvents();
});
const evList = document.getElementById("evlist");
function input(ev, f, spec, j) {
  const k = fieldKind(spec), v = ev[f], name = `data-j="${j}" data-f="${esc(f)}"`;
  const opt = (val, label, on) => `<option value="${esc(JSON.stringify(val))}"${on ? " selected" : ""}>${esc(label)}</option>`;
  const none = k.optional ? opt(null, "—", v === undefined || v === null) : "";
  let ctl;
  if (k.kind === "bool") ctl = `<input type="checkbox" ${name} ${v ? "checked" : ""}>`;
  else if (k.kind === "int") ctl = `<input type="number" inputmode="numeric" ${name} value="${v === undefined || v === null ? "" : esc(v)}">`;
  else if (k.kind === "flower") ctl = `<select ${name}>${none}${G.flowers.map(x => opt(x.id, x.name, v === x.id)).join("")}</select>`;
  else if (k.kind === "choice") ctl = `<select ${name}>${none}${k.choices.map(c => opt(c, c, v === c)).join("")}</select>`;
  else if (k.kind === "player") ctl = `<select ${name}>${none}${P.map(p => opt(p, p, v === p)).join("")}${k.dealt ? opt("dealt", "dealt", v === "dealt") : ""}${k.nullable ? opt(null, "null", v === null) : ""}</select>`;
  else if (k.kind === "card") ctl = `<select ${name}>${none}${Object.keys(G.cards).map(s => opt(s, G.cards[s], v === s)).join("")}</select>`;
  else ctl = `<input ${name} value="${esc(Array.isArray(v) ? v.join(", ") : v || "")}">`;
  return `<label class="fld"><span>${esc(f)}</span>${ctl}</label>`;
}
function renderEvents() {
  const defs = Object.fromEntries(G.events.map(d => [d.id, d]));
  evList.innerHTML = events.map((ev, j) => {
    const d = defs[ev.type] || {label: ev.type, fields: {}};
    const fields = Object.keys(d.fields).map(f => input(ev, f, d.fields[f], j)).join("");
    const pi = P.indexOf(ev.player);
    return `<li><div class="evt"><b>${esc(d.label)}</b>${ev.player ? ` <span class="pn p${pi}">${esc(ev.player)}</span>` : ""}
      <button type="button" class="rm" data-j="${j}" aria-label="${esc(T("Remove"))}">×</button></div>${fields}</li>`;
  }).join("");
  evBox.querySelectorAll(".evb").forEach(b => {
    const def = G.events[+b.dataset.ev];
    const n = events.filter(ev => ev.type === def.id && (b.dataset.p === undefined || ev.player === P[+b.dataset.p])).length;
    b.querySelector(".cnt").textContent = n ? n : "";
    b.classList.toggle("used", n > 0);
  });
}
evList.addEventListener("click", e => {
  if (e.target.classList.contains("rm")) { events.splice(+e.target.dataset.j, 1); saveDraft(); renderEvents(); }
});
evList.addEventListener("change", e => {
  const el = e.target, j = +el.dataset.j, f = el.dataset.f;
  if (isNaN(j) || !f) return;
  const k = fieldKind(G.events.find(d => d.id === events[j].type).fields[f]);
  let v;
  if (el.type === "checkbox") v = el.checked;
  else if (el.tagName === "SELECT") v = JSON.parse(el.value);
  else if (k.kind === "int") v = el.value === "" ? null : parseInt(el.value, 10);
  else if (k.kind === "slugs") v = el.value.split(/[\s,]+/).filter(Boolean);
  else v = el.value;
  if (v === null || v === "") delete events[j][f]; else events[j][f] = v;
  saveDraft();
});

/* ---------- review and save */
function roundInput() {
  const captures = {};
  P.forEach((p, i) => {
    const cards = pile(i);
    // a player with nothing tapped is sent as an empty pile, unless an event names them
    // (a caller's pile, when given, must hold a combination)
    if (cards.length || !events.some(ev => ev.player === p)) captures[p] = cards;
  });
  let extra = {};
  if (extraBox.value.trim()) extra = JSON.parse(extraBox.value);  // a syntax error is shown by review
  return Object.assign({}, extra, {[G.pile_key]: captures, events});
}
const dlg = document.getElementById("review"), body = document.getElementById("review-body");
const saveBtn = document.getElementById("save");
let idemKey = null;
function tileSvg(s) {
  return `<svg class="tile" role="img" aria-label="${esc(G.cards[s] || s)}"><use href="/cards.svg${G.korean ? "?months=kr" : ""}#card-${esc(s)}"/></svg>`;
}
function breakdown(r) {
  const players = (r.players || []).map((ps) => {
    const i = P.indexOf(ps.player);
    const yaku = (ps.yaku || []).map(y => `<div class="yk"><span>${esc(G.yaku[y.id] || y.name)} <b>${y.points}</b></span><span class="tiles small">${(y.cards || []).map(tileSvg).join("")}</span></div>`).join("");
    const steps = (ps.steps || []).map(s => `<li>${esc(s.reason)}${s.total !== undefined && s.total !== null ? " → " + s.total : ""}</li>`).join("");
    return `<div class="breakdown"><span class="pn p${i}">${esc(ps.player)}</span> ${ps.role ? `<span class="muted">(${esc(T(ps.role))})</span>` : ""} = <strong>${ps.points}</strong>${yaku}${steps ? `<ul class="steps">${steps}</ul>` : ""}</div>`;
  }).join("");
  const pays = (r.payments || []).map(p => `<li><b>${esc(p.from)}</b> → <b>${esc(p.to)}</b> <span class="amount">${p.amount}</span> ${esc(T("chips"))} ${p.reason ? `<span class="muted">${esc(p.reason)}</span>` : ""}</li>`).join("");
  const notes = (r.notes || []).map(n => `<li>${esc(typeof n === "string" ? n : JSON.stringify(n))}</li>`).join("");
  return `<p>${r.winner ? esc(T("%(name)s wins", {name: r.winner})) : esc(T("no winner"))}</p>${players}` +
    (pays ? `<h3>${esc(T("Payments"))}</h3><ul class="list pays">${pays}</ul>` : "") + (notes ? `<ul class="steps">${notes}</ul>` : "");
}
document.getElementById("review-open").addEventListener("click", async () => {
  idemKey = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now());
  saveBtn.disabled = true;
  body.innerHTML = "…";
  dlg.showModal();
  let inp;
  try { inp = Object.assign({players: P, dealer: C.dealer, carry: C.carry}, roundInput(), RULES); }
  catch (e) { body.innerHTML = `<p class="error" role="alert">JSON: ${esc(e.message)}</p>`; return; }
  let res;
  try { res = await api("POST", "/api/v1/games/" + G.id + "/score", inp); }
  catch (e) { body.innerHTML = `<p>${esc(T("Offline: points are computed when the network is back."))}</p>`; saveBtn.disabled = false; return; }
  if (res.status !== 200) { body.innerHTML = `<p class="error" role="alert">${esc(errorText(res))}</p>`; return; }
  body.innerHTML = breakdown(res.body);
  saveBtn.disabled = false;
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
  saveBtn.disabled = true;
  let inp;
  try { inp = roundInput(); } catch (e) { body.innerHTML = `<p class="error" role="alert">JSON: ${esc(e.message)}</p>`; return; }
  const url = "/api/v1/sessions/" + SID + "/rounds" + (C.seq ? "/" + C.seq : "") + Q;
  const method = C.seq ? "PUT" : "POST";
  const headers = {"If-Match": '"' + C.version + '"'};
  if (!C.seq) headers["Idempotency-Key"] = idemKey;
  let res;
  try { res = await api(method, url, inp, headers); }
  catch (e) {
    queue({key: idemKey, method, url, body: inp, headers, draft: DRAFT});
    dlg.close();
    showConflict(T("Offline: kept on this phone, it will be sent when the network is back."));
    return;
  }
  if (res.status === 200 || res.status === 201) {
    localStorage.removeItem(DRAFT);
    toast(T("Saved"));
    location.href = "/s/" + SID + Q;
    return;
  }
  dlg.close();
  if (res.status === 412) {
    const state = await reloadState();
    showConflict(T("Someone else changed this session. Here is the new state; your taps are kept: review and save again."), state);
  } else {
    showConflict(T("Could not save") + ": " + errorText(res));
  }
});

// the round kept offline was sent (static/app.js): back to the session
document.addEventListener("tally:changed", () => { if (!localStorage.getItem(DRAFT)) location.href = "/s/" + SID + Q; });

/* ---------- start */
select(sel);
renderEvents();
P.forEach((p, i) => { if (pile(i).length) evaluate(i); });
