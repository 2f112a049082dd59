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
  localStorage.setItem(DRAFT, JSON.stringify({owner, events, sel, form: formState(), version: C.version, mode, quick: qs}));
}

/* ---------- quick entry (issue 9): the round from what the table says, not the cards.
   G.quick (tally/pages.py:quick_view): the keys that stand for a player's cards and how
   the page draws them: "yaku" (Koi-Koi: yaku chips, a count on the growing ones), "winner"
   (Go-Stop: the winner, points, Go count, each loser's penalties), "form" (the game's own
   inputs). Both modes keep what was entered; the mode decides what is sent. */
const QV = G.quick || null, QKEYS = QV ? QV.keys : [];
const PANEL = !!QV && QV.kind !== "form";      // the page draws the declared key itself
const MODE = "tally-mode:" + SID;                // the last mode, per session, on this phone
let mode = "cards";
// PANEL: the declared value being built ({player: ...}) and, for "winner", who won
let qs = {declared: {}, winner: null};

/* ---------- the form: one control per Game.inputs entry (drawn by the template) */
const form = document.getElementById("inputs");
const IN = (G.inputs || []).filter(d => !(PANEL && QKEYS.indexOf(d.key) >= 0));
const OWN = ["players", "dealer", "carry", "events", G.pile_key].concat(G.series_keys || []);
// keys of the round being edited that no input describes: kept as they are
const kept = {};
if (C.input) for (const k in C.input) if (OWN.indexOf(k) < 0 && !(G.inputs || []).some(d => d.key === k)) kept[k] = C.input[k];
function boxes(d) { return form ? Array.from(form.querySelectorAll(`fieldset[data-key="${CSS.escape(d.key)}"] .ictl`)) : []; }
function ctlOf(box) { return box.querySelector("input, select, textarea"); }
/* one control's value: undefined when empty; raw: a JSON box's text as typed */
function readCtl(d, box, raw) {
  if (SX.owns(d)) return SX.read(d, box);  // cards, players, yaku, lists, records, maps (inputs.js)
  if (d.kind === "choice" || d.kind === "player") {
    const r = box.querySelector("input:checked"), el = r || box.querySelector("select");
    return el && el.value ? JSON.parse(el.value) : undefined;
  }
  const el = ctlOf(box);
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
/* every problem of the form shown next to its control (the browser's own words, in the
   phone's language); false when the round cannot be reviewed yet */
function checkForm() {
  if (!form) return true;
  let first = null;
  form.querySelectorAll(".ferr").forEach(p => { p.hidden = true; p.textContent = ""; });
  first = SX.check(form);  // the structured inputs mark their own problems (inputs.js)
  form.querySelectorAll("input, select, textarea").forEach(el => {
    if (el.closest("fieldset[hidden]")) return;  // the other mode's inputs: not sent
    if (el.tagName === "TEXTAREA") {
      el.setCustomValidity("");
      try { if (el.value.trim()) JSON.parse(el.value); } catch (e) { el.setCustomValidity("JSON: " + e.message); }
    }
    if (el.checkValidity()) return;
    const fs = el.closest("fieldset"), p = fs.querySelector(".ferr");
    if (p.hidden) {
      const who = el.closest(".ictl").dataset.p;
      p.innerHTML = (who ? nameHtml(who) + ": " : "") + esc(el.validationMessage); p.hidden = false;
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
  form.addEventListener("submit", e => e.preventDefault());
  // a second tap on the chosen answer of an optional question takes it back
  form.addEventListener("click", e => {
    const r = e.target.closest(".segb input");
    if (r) {
      const d = IN.find(x => x.key === r.closest("fieldset").dataset.key);
      if (!d.required && r.dataset.was === "1") r.checked = false;
      r.closest(".seg").querySelectorAll("input").forEach(x => { x.dataset.was = x.checked ? "1" : ""; });
      changed(r);
    }
  });
  form.addEventListener("change", e => {
    const el = e.target;
    if (el.closest(".seg")) el.closest(".seg").querySelectorAll("input").forEach(x => { x.dataset.was = x.checked ? "1" : ""; });
    changed(el);
  });
  form.addEventListener("input", e => changed(e.target));
}
function changed(el) {
  quickChanged();
  const fs = el.closest("fieldset");
  if (fs && fs.classList.contains("bad")) { fs.classList.remove("bad"); const p = fs.querySelector(".ferr"); p.hidden = true; }
  saveDraft();
}
function formReady() {
  if (!form) return;
  form.querySelectorAll(".seg input").forEach(x => { x.dataset.was = x.checked ? "1" : ""; });
  // the round's own cards (the opening field, the columns) are the first taps: their tiles open
  if (mode !== "quick") SX.openFirst(form, {shared: true});
}
/* the card inputs' tiles (inputs.js) read the piles: a player's pile (an event's card is in
   it), the cards in nobody's pile (the leftovers), a player's hand as the form holds it */
SX.setContext({
  pile: p => pile(P.indexOf(p)),
  free: () => Object.keys(G.cards).filter(s => owner[s] === undefined && (!tiles[s] || !BONUS.has(s))),
  hand: p => { try { return (readForm().hands || {})[p] || []; } catch (e) { return []; } },
});

(function init() {
  const d = loadDraft();
  if (d) {
    owner = d.owner || {}; events = d.events || []; sel = d.sel || 0;
    mode = d.mode || mode; qs = Object.assign(qs, d.quick);
    if (d.form) fillForm(d.form, true);
    else if (d.extra) { try { fillForm(JSON.parse(d.extra)); } catch (e) { /* an old draft's broken JSON */ } }
  } else if (C.input) {
    const caps = (G.pile_key && C.input[G.pile_key]) || {};
    for (const p in caps) for (const s of caps[p]) if (P.indexOf(p) >= 0) owner[s] = P.indexOf(p);
    events = (C.input.events || []).map(e => Object.assign({}, e));
    fillForm(C.input);  // the round's other keys, in the form
    // a round saved from what was said opens in quick entry
    if (QKEYS.some(k => C.input[k] !== undefined && C.input[k] !== null)) mode = "quick";
    if (PANEL && C.input.declared) {
      qs.declared = JSON.parse(JSON.stringify(C.input.declared));
      qs.winner = P.find(p => wins(qs.declared[p])) || null;
    }
  } else if (QV) mode = localStorage.getItem(MODE) === "quick" ? "quick" : "cards";
  formReady();
  const err = localStorage.getItem(DRAFT + ":error");
  if (err) { showConflict(err); localStorage.removeItem(DRAFT + ":error"); }
})();

/* ---------- the grid */
function paint(slug) {
  const b = tiles[slug], o = owner[slug];
  b.className = "t" + (o === undefined ? "" : " own p" + o + (o === sel ? "" : " other"));
  b.setAttribute("aria-pressed", o === sel ? "true" : "false");
  b.lastChild.textContent = o === undefined ? "" : SHORT[o];
  paintMonth(b.closest(".month"));
}
/* a month's label says what a tap on it does: its free cards to the selected pile, or the
   whole month back out of it */
function monthCards(m) { return Array.from(m.querySelectorAll(".t"), t => t.dataset.s); }
function paintMonth(m) {
  const l = m.querySelector("button.ml");
  if (!l) return;
  const all = monthCards(m).every(s => owner[s] === sel);
  l.className = "ml" + (all ? " all p" + sel : "");
  l.setAttribute("aria-label", T(all ? "All of %(month)s: out of %(name)s's pile" : "All of %(month)s: to %(name)s's pile",
    {month: l.dataset.name, name: P[sel]}));
}
// each player's mark on a tile: the shortest start of the name no other player's name
// shares (Ana, Aki -> "An", "Ak"; 4-7 players often share a first letter), at most 4 letters
// (from the name's letters: a direction mark at its start is invisible, so it is left out)
const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
const SHORT = P.map(p => p.replace(BIDI_MARKS, "")).map((p, i, all) => {
  let n = 1;
  while (n < 4 && all.some((q, j) => j !== i && q.slice(0, n).toLowerCase() === p.slice(0, n).toLowerCase())) n++;
  return p.slice(0, 1).toUpperCase() + p.slice(1, n);
});
function paintAll() { for (const s in tiles) paint(s); highlight(); }
if (grid) grid.addEventListener("click", e => {
  const m = e.target.closest("button.ml");
  if (m) { wholeMonth(m.closest(".month")); return; }
  const b = e.target.closest(".t");
  if (!b) return;
  const t0 = performance.now(), s = b.dataset.s, o = owner[s];
  if (o === undefined) owner[s] = sel;
  else if (o === sel) delete owner[s];
  else { taken(b, o); return; }
  piled([s], t0);
});
function taken(b, o) {
  toast(Thtml("Taken by %(name)s", {name: nameHtml(P[o])}), 2500, true);
  b.classList.add("shake"); setTimeout(() => b.classList.remove("shake"), 300);
}
// what a tile's tap and a month's label both do once the owners are set
function piled(slugs, t0) {
  slugs.forEach(paint); saveDraft(); updateRest();
  evaluate(sel, t0);
}
/* a month's label: every card of it nobody holds into the selected pile; a month wholly in
   that pile back out; a month the others hold the rest of shakes their cards */
function wholeMonth(m) {
  const t0 = performance.now(), cards = monthCards(m);
  const free = cards.filter(s => owner[s] === undefined);
  if (free.length) free.forEach(s => { owner[s] = sel; });
  else if (cards.every(s => owner[s] === sel)) cards.forEach(s => { delete owner[s]; });
  else { cards.filter(s => owner[s] !== sel).forEach(s => taken(tiles[s], owner[s])); return; }
  piled(cards, t0);
}
function pile(i) { return Object.keys(owner).filter(s => owner[s] === i); }
/* a call's score from the cards: its pile grew after it, so the points at the tap were the
   points at the call (addEvent); a score the table typed stays */
function scoresFromCards(i) {
  let changed = false;
  for (const ev of events) if (ev._cards && ev.player === P[i] && pile(i).length > ev._cards.n) {
    if (ev.score === undefined) ev.score = ev._cards.points;
    delete ev._cards; changed = true;
  }
  if (changed) { saveDraft(); renderEvents(); }
}

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
  saveDraft(); paintAll(); renderYaku(); updateRest(); renderCalls();
  if (mode === "quick") { drawQuick(); quickChanged(); }
}
const rest = document.getElementById("rest");
// bonus cards (jokers) are in play only under some house rules: each is tapped, never "the rest"
const BONUS = new Set(grid ? Array.from(grid.querySelectorAll('.month[data-flower="bonus"] .t'), b => b.dataset.s) : []);
function updateRest() {
  if (!rest) return;
  // off when no card is left to give: the label then says so
  rest.disabled = Object.keys(tiles).every(s => owner[s] !== undefined || BONUS.has(s));
  rest.innerHTML = rest.disabled ? esc(T("Every card has a player")) : Thtml("The rest go to %(name)s", {name: nameHtml(P[sel])});
}
if (rest) rest.addEventListener("click", () => {
  const t0 = performance.now();
  for (const s in tiles) if (owner[s] === undefined && !BONUS.has(s)) { owner[s] = sel; paint(s); }
  saveDraft(); updateRest(); evaluate(sel, t0);
});

/* ---------- live combinations: the engine scores the changed pile (microseconds) */
async function evaluate(i, t0) {
  scoresFromCards(i);
  const n = ++asked[i], have = pile(i).length;
  // a hand still short of what the engine scores (a Sutda hand is two cards): no request
  // and no error, only what is missing (issue 28)
  if (have < (G.pile_least || 1) && G.pile_least > 1) {
    live[i] = {points: 0, yaku: [], hint: have ? T("Pick %(n)s cards", {n: G.pile_least}) : ""};
    if (who) who.querySelector('[data-i="' + i + '"] .pts').textContent = 0;
    if (i === sel) { renderYaku(); highlight(); }
    if (t0 !== undefined) window.__tapTimes.push(performance.now() - t0);
    return;
  }
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
  if (!el || mode === "quick") return;  // quick entry says its own live line
  if (l.error) { el.innerHTML = `<span class="error">${esc(l.error)}</span>`; return; }
  if (l.hint) { el.innerHTML = `<span class="pn p${sel}">${nameHtml(P[sel])}</span> <span class="muted">${esc(l.hint)}</span>`; return; }
  el.innerHTML = `<span class="pn p${sel}">${nameHtml(P[sel])}</span> ` + (l.yaku.length
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
      ? P.map((p, j) => `<button type="button" class="evb p${j}" data-ev="${i}" data-id="${esc(e.id)}" data-p="${j}">${sr}${nameHtml(p)}<i class="cnt"></i></button>`).join("")
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
  addEvent(G.events[+b.dataset.ev], b.dataset.p === undefined ? undefined : +b.dataset.p);
  // its fields, just above the buttons, in view: they are the next taps (issue 28)
  const li = evList.querySelector("li.new");
  // taller than the screen (an open grid of tiles): its first field at the top
  if (li && li.querySelector(".fld")) li.scrollIntoView({block: li.offsetHeight > innerHeight * .6 ? "start" : "nearest"});
});
function addEvent(def, pi) {
  const ev = {type: def.id};
  if (pi !== undefined) ev.player = P[pi];
  // a Go's or Stop's score is left for the table to type: the engine reads the points from
  // the cards (a score pre-filled from the pile at the tap was the final total when the cards
  // were tapped first, and blocked the next Go: issue 24); a required month is filled in
  if (G.guess_month) for (const s of def.fields) if (s.key === "month" && s.required && s.kind === "choice") monthFor(ev, s);
  // cards: the points at the call, taken as its score once the caller's pile grows after it
  // (the call sat between the cards); a call tapped after all the cards keeps no score
  if (mode === "cards" && ev.player && !ENDS.has(def.id) && live[pi].points > 0 &&
      def.fields.some(s => s.key === "score" && s.kind === "int")) ev._cards = {points: live[pi].points, n: pile(pi).length};
  // cards a rule gives before the table taps (the leftovers, a claim's hand: inputs.js)
  for (const s of def.fields) { const v = SX.fill(s, ev.player); if (v !== undefined && ev[s.key] === undefined) ev[s.key] = v; }
  place(ev); saveDraft(); renderEvents(); quickChanged();
  // its card field's tiles open at once: the next taps are its cards
  const li = evList.children[events.indexOf(ev)];
  // (an optional card field too, in card entry, unless the form holds the player's hand,
  // which the engine reads instead)
  if (li) {
    li.classList.add("new");
    const hand = ev.player && ((formState().hands || {})[ev.player] || []).length;
    SX.openFirst(li, {required: mode === "quick" || !!hand});
  }
}
/* an event said after the round ended (a shaking announced after the Stop, a forgotten
   koi-koi) goes where the rules put it: before the end; an end goes last */
const ENDS = new Set(G.ends || []);
function place(ev) {
  const at = ENDS.has(ev.type) ? -1 : events.findIndex(e => ENDS.has(e.type));
  if (at < 0) events.push(ev); else events.splice(at, 0, ev);
}
/* a month the table did not say (which month was shaken or bombed does not change the
   payment): the session's month, else the next one this player has not used for it yet;
   shown in the list of events, where the table can change it */
function monthFor(ev, s) {
  const ids = s.choices.map(c => c.value), fl = G.flowers || [];
  const used = new Set(events.filter(e => e.player === ev.player && e.month).map(e => e.month));
  const start = ((Math.max(1, C.month || 1) - 1) % 12) + 1;
  for (let k = 0; k < 12; k++) {
    const f = fl.find(x => x.month === ((start - 1 + k) % 12) + 1);
    if (f && ids.indexOf(f.id) >= 0 && !used.has(f.id)) { ev.month = f.id; return; }
  }
}
/* the calls (koi-koi, go, stop) for the selected player, in the dock beside Review: reached
   without scrolling past the cards */
const callBox = document.getElementById("calls");
/* two players: both players' calls, so a call is said for either without switching piles
   first, and a call opens its player's pile, the cards it is about (issue 24: a Koi-Koi
   month with both piles took 16 taps, 14 now). The selected pile's calls come first; each
   player keeps their place on screen (app.css) */
const BOTH = P.length === 2;
function renderCalls() {
  if (!callBox) return;
  const defs = (G.calls || []).map(id => G.events.find(e => e.id === id)).filter(Boolean);
  callBox.classList.toggle("both", BOTH);
  callBox.innerHTML = (BOTH ? [sel, 1 - sel] : [sel]).map(i => defs.map(d => {
    const n = events.filter(ev => ev.type === d.id && ev.player === P[i]).length;
    return `<button type="button" class="call p${i}${n ? " used" : ""}" data-id="${esc(d.id)}" data-p="${i}"><b>${esc(d.label)}</b> <span class="cn">${nameHtml(P[i])}</span><i class="cnt">${n || ""}</i></button>`;
  }).join("")).join("");
}
if (callBox) callBox.addEventListener("click", e => {
  const b = e.target.closest(".call");
  if (!b) return;
  const i = +b.dataset.p;
  if (i !== sel) select(i);
  addEvent(G.events.find(d => d.id === b.dataset.id), i);
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
    li.innerHTML = `<div class="evt"><b>${esc(d.label)}</b>${ev.player ? ` <span class="pn p${pi}">${nameHtml(ev.player)}</span>` : ""}
      ${j ? `<button type="button" class="up" data-j="${j}" aria-label="${esc(T("Move up") + ": " + d.label + (ev.player ? " (" + ev.player + ")" : ""))}">↑</button>` : ""}<button type="button" class="rm" data-j="${j}" aria-label="${esc(T("Remove") + ": " + d.label + (ev.player ? " (" + ev.player + ")" : ""))}">×</button></div>`;
    evWidgets.push(d.fields.map(s => {
      const row = document.createElement("div"), w = SX.widget(s, ev[s.key], {player: ev.player});
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
  renderCalls();
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
  const j = +e.target.dataset.j;
  if (e.target.classList.contains("rm")) events.splice(j, 1);
  // a forgotten call goes before the stop: each event can move up, one place a tap
  else if (e.target.classList.contains("up")) events.splice(j - 1, 2, events[j], events[j - 1]);
  else return;
  saveDraft(); renderEvents(); quickChanged();
  const again = evList.querySelector(`.up[data-j="${Math.max(j - 1, 1)}"]`);
  if (again && e.target.classList.contains("up")) again.focus();
});

/* ---------- review and save */
function roundInput() {
  // the page's own notes on an event (_cards) are not sent
  const out = Object.assign({}, kept, readForm(), {events: events.map(ev => {
    const e = Object.assign({}, ev); delete e._cards; return e;
  })});
  if (QV && mode === "cards") for (const k of QKEYS) delete out[k];
  if (QV && mode === "quick") for (const k of QV.cards_only || []) delete out[k];
  if (PANEL && mode === "quick") {
    const d = quickDeclared();
    if (d) out.declared = d;
    return out;  // nothing from the cards: each player's facts as said (or none said)
  }
  if (!G.pile_key) return out;
  const captures = {}, apart = SX.apart(out);
  P.forEach((p, i) => {
    const cards = mode === "quick" ? [] : pile(i);
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
    const yaku = (ps.yaku || []).map(y => `<div class="yk"><span>${esc(G.yaku[y.id] || y.name)} <b>${y.points}</b>${y.note ? ` <small class="muted">${sentenceHtml(words(y.note))}</small>` : ""}</span><span class="tiles small">${(y.cards || []).map(tileSvg).join("")}</span></div>`).join("");
    const steps = (ps.steps || []).map(s => `<li>${sentenceHtml(s.said || s.reason)}${s.total !== undefined && s.total !== null ? " → " + N(s.total) : ""}</li>`).join("");
    return `<div class="breakdown"><span class="pn p${i}">${nameHtml(ps.player)}</span> ${ps.role ? `<span class="muted">(${esc(T(ps.role))})</span>` : ""} = <strong>${N(ps.points)}</strong>${yaku}${steps ? `<ul class="steps">${steps}</ul>` : ""}${sentences(ps.choices, "choices")}</div>`;
  }).join("");
  const pays = (r.payments || []).map(p => `<li><b>${nameHtml(p.from)}</b> → <b>${nameHtml(p.to)}</b> <span class="amount">${N(p.amount)}</span> ${esc(T("chips"))} ${p.reason ? `<span class="muted">${sentenceHtml(p.said || p.reason)}</span>` : ""}</li>`).join("");
  return `<p>${r.winner ? Thtml("%(name)s wins", {name: nameHtml(r.winner)}) : esc(T("no winner"))}</p>${players}` +
    (pays ? `<h3>${esc(T("Payments"))}</h3><ul class="list pays">${pays}</ul>` : "") + sentences(r.notes, "notes");
}
/* a note or choice of the engine: {text, template, params, said} (said in ja and ko) */
function words(s) { return typeof s === "string" ? s : s.said || s.text || ""; }
function sentences(list, cls) {
  return list && list.length ? `<ul class="steps ${cls}">${list.map(s => `<li>${sentenceHtml(words(s))}</li>`).join("")}</ul>` : "";
}
/* an engine's sentence as HTML, the players' names in it isolated (the page's T() words are
   not sentences of the engine: their names are isolated as they are filled in) */
function sentenceHtml(text) { return isolateIn(text, P); }
/* what blocks review, fixed in one tap where one action fixes it (issue 24): the missing end
   (the Stop of whoever called last, else of the players whose cards score), an event after
   the end moved before it, an optional field the engine doubts (a typed Go score) cleared.
   Each is a button under the message; the review runs again after it. */
function fixes(res) {
  const out = [], errs = (res.body && res.body.errors) || [];
  const defs = Object.fromEntries(G.events.map(d => [d.id, d]));
  const at = events.findIndex(e => ENDS.has(e.type)), stop = defs.stop;
  const winnerPanel = mode === "quick" && QV && QV.kind === "winner";
  if (at < 0 && stop && ENDS.has("stop") && !winnerPanel && errs.some(e => e.field === "events")) {
    const calls = events.filter(e => e.player && e.type !== "stop" && (G.calls || []).indexOf(e.type) >= 0);
    let who = calls.length ? [calls[calls.length - 1].player]
      : P.filter((p, i) => live[i].points > 0).sort((a, b) => live[P.indexOf(b)].points - live[P.indexOf(a)].points);
    if (!who.length) who = [P[sel]];
    for (const p of who) out.push({html: `+ ${esc(stop.label)}: <span class="pn p${P.indexOf(p)}">${nameHtml(p)}</span>`,
      apply: () => events.push({type: "stop", player: p})});
  }
  if (at >= 0) {
    const late = events.slice(at + 1).filter(e => !ENDS.has(e.type));
    if (late.length) out.push({html: "↑ " + esc(T("Move up")) + ": " + late.map(e => esc((defs[e.type] || {label: e.type}).label) +
        (e.player ? ` <span class="pn p${P.indexOf(e.player)}">${nameHtml(e.player)}</span>` : "")).join(", "),
      apply: () => { events = events.filter(e => late.indexOf(e) < 0); events.splice(at, 0, ...late); }});
  }
  for (const e of errs) {
    const m = /^events\.(\d+)\.(\w+)$/.exec(e.field || ""), ev = m && events[+m[1]];
    const d = ev && defs[ev.type], f = d && d.fields.find(x => x.key === m[2]);
    if (f && !f.required && ev[f.key] !== undefined) out.push({html: "× " + esc(T("Remove")) + ": " + esc(f.label) + ` (${esc(d.label)}` +
        (ev.player ? ` <span class="pn p${P.indexOf(ev.player)}">${nameHtml(ev.player)}</span>` : "") + ")",
      // every such value of that player's events of that kind: the next one would block next
      apply: () => events.forEach(x => { if (x.type === ev.type && x.player === ev.player) delete x[f.key]; })});
  }
  return out;
}
function showFixes(list) {
  if (!list.length) return;
  // the fix is one tap here: no "fix the problem above, then go back" under it (issue 24)
  saveWhy.textContent = "";
  const box = body.appendChild(document.createElement("div"));
  box.className = "fixes";
  list.forEach((f, k) => {
    const b = box.appendChild(document.createElement("button"));
    b.type = "button"; b.className = "fix"; b.dataset.k = k; b.innerHTML = f.html;
    b.addEventListener("click", () => { f.apply(); saveDraft(); renderEvents(); drawQuick(); quickChanged(); review(); });
  });
  box.querySelector(".fix").focus();
}
document.getElementById("review-open").addEventListener("click", review);
async function review() {
  if (!checkForm() || !checkEvents() || !checkQuick()) { if (dlg.open) dlg.close(); return; }  // a required input or event field is empty, or a number is wrong
  idemKey = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now());
  saveBtn.textContent = SAVE_LABEL;
  saveOff(T("Scoring the round…"));
  body.innerHTML = "…";
  if (!dlg.open) dlg.showModal();
  let inp;
  const length = seriesLength();
  const cannot = T("Fix the problem above, then go back and review again.");
  try { inp = Object.assign({players: P, dealer: C.dealer, carry: C.carry}, length, roundInput(), RULES); }
  catch (e) { body.innerHTML = `<p class="error" role="alert">JSON: ${esc(e.message)}</p>`; saveOff(cannot); return; }
  let res;
  try { res = await api("POST", "/api/v1/games/" + G.id + "/score", inp); }
  catch (e) { body.innerHTML = `<p>${esc(T("Offline: points are computed when the network is back."))}</p>`; saveOff(null); return; }
  if (res.status !== 200) {
    if (keepTheOneThatCounts(res)) return review();
    body.innerHTML = `<p class="error" role="alert">${esc(errorText(res))}</p>`; saveOff(cannot); showFixes(fixes(res)); return;
  }
  body.innerHTML = breakdown(res.body);
  saveOff(null);
}
// the series fills in the keys of its agreed length itself (series_length inputs)
function seriesLength() {
  const length = {};
  for (const k of G.series_keys || []) if (C.config.length != null) length[k] = C.config.length;
  return length;
}
document.getElementById("review-back").addEventListener("click", () => dlg.close());
function showConflict(text, state) {
  const el = document.getElementById("conflict");
  let s = esc(text);
  if (state) {
    s += `<br>${state.month == null ? esc(T("Month")) + " —" : esc(T("Month %(month)s", {month: state.month}))} · ${esc(T("Dealer"))}: ${state.dealer ? nameHtml(state.dealer) : "—"}<br>` +
      state.totals.map(t => `${nameHtml(t.player)} ${N(t.chips)}`).join(" · ");
  }
  el.innerHTML = s; el.hidden = false;
  el.scrollIntoView({block: "center"});
}
async function reloadState() {
  const res = await api("GET", "/api/v1/sessions/" + SID + Q);  // the lean read: no round
  if (res.status !== 200) return null;
  C.version = res.body.version;
  if (!C.seq) { C.dealer = res.body.state.dealer; C.carry = res.body.state.carry; document.getElementById("dealer").textContent = C.dealer || "—"; }
  else {
    const one = await api("GET", "/api/v1/sessions/" + SID + "/rounds/" + C.seq + Q);
    if (one.status === 200) { C.dealer = one.body.dealer; C.carry = one.body.carry_in; }
  }
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


/* ---------- quick entry: the switch and the panel */
const quickBox = document.getElementById("quick"), modeBox = document.querySelector(".modes");
const quickLine = () => document.getElementById("yaku");  // the dock's live line
function wins(d) { return !!d && (d.points !== undefined || (Array.isArray(d.yaku) && d.yaku.length > 0)); }
if (modeBox) modeBox.addEventListener("click", e => {
  const b = e.target.closest(".mode");
  if (b && b.dataset.mode !== mode) setMode(b.dataset.mode);
});
function setMode(m) {
  mode = m;
  // the next month on this phone opens the same way (a correction of an old round is no
  // choice for the months to come)
  if (!C.seq) localStorage.setItem(MODE, m);
  paintMode(); saveDraft(); renderEvents(); renderYaku();
  if (m === "cards") P.forEach((p, i) => { if (pile(i).length) evaluate(i); else paintPts(i, 0); });
  if (m === "quick" && form) SX.closeAll(form);  // what is said replaces the cards' tiles
}
function paintMode() {
  if (!QV) return;
  const q = mode === "quick";
  modeBox.querySelectorAll(".mode").forEach(b => b.setAttribute("aria-checked", String(b.dataset.mode === mode)));
  document.body.classList.toggle("quick-mode", q);
  if (grid) grid.hidden = q;
  if (rest) rest.hidden = q;
  if (who) who.hidden = q && QV.kind !== "yaku";
  if (callBox) callBox.hidden = q && QV.kind === "winner";  // the winner's stop is implied
  quickBox.hidden = !q || QV.kind === "form";  // "form": the game's own inputs, in the form
  // a generic quick input shows in quick entry only; the page's own panel replaces declared
  if (form) for (const k of QKEYS) {
    const fs = form.querySelector(`fieldset[data-key="${CSS.escape(k)}"]`);
    if (fs) fs.hidden = PANEL || !q;
  }
  // inputs about the cards themselves (how the sake cup counts): card entry only
  if (form) for (const k of QV.cards_only || []) {
    const fs = form.querySelector(`fieldset[data-key="${CSS.escape(k)}"]`);
    if (fs) fs.hidden = q;
  }
  drawQuick(); quickChanged();
}
function paintPts(i, n) { if (who) who.querySelector('[data-i="' + i + '"] .pts').textContent = n; }
/* the declared value sent: the players with something said */
function quickDeclared() {
  const out = {};
  for (const p of P) {
    const d = qs.declared[p];
    if (QV.kind === "yaku") { if (Array.isArray(d) && d.length) out[p] = d; continue; }
    if (!d || typeof d !== "object") continue;
    const kept = {};
    for (const k in d) if (d[k] !== false && d[k] !== null && d[k] !== undefined) kept[k] = d[k];
    if (p === qs.winner || Object.keys(kept).length) out[p] = kept;
  }
  return Object.keys(out).length ? out : undefined;
}
const stepper = (cls, shown, what) =>
  `<span class="step"><button type="button" class="${cls} less" aria-label="${esc(T("Less") + ": " + what)}">−</button>` +
  `<output aria-live="polite">${shown}</output><button type="button" class="${cls} more" aria-label="${esc(T("More") + ": " + what)}">+</button></span>`;
function drawQuick() {
  if (!QV || mode !== "quick") return;
  if (QV.kind === "yaku") return drawYakuPanel();
  if (QV.kind === "winner") return drawWinnerPanel();
}
/* Koi-Koi: the selected player's yaku by name; a growing one with its count */
function drawYakuPanel() {
  const mine = qs.declared[P[sel]] || [];
  const chips = QV.yaku.map(y => {
    const e = mine.find(x => x.yaku === y.id);
    const count = e && y.least ? stepper("qcount", esc(T(y.unit, {n: e.count})), y.name) : "";
    return `<div class="qrow${count ? " wide" : ""}"><button type="button" class="qchip" data-y="${esc(y.id)}" aria-pressed="${!!e}">${esc(y.name)}</button>${count}</div>`;
  }).join("");
  quickBox.innerHTML = `<h2 class="qh"><span class="pn p${sel}">${Thtml("%(name)s's yaku", {name: nameHtml(P[sel])})}</span></h2><div class="qy" role="group" aria-label="${esc(T("%(name)s's yaku", {name: P[sel]}))}">${chips}</div>`;
}
/* Go-Stop: the winner, their points, the Go count, shaking and bombs, each loser's penalties */
function drawWinnerPanel() {
  const w = qs.winner, wd = (w && qs.declared[w]) || {}, wi = P.indexOf(w);
  const gos = events.filter(ev => ev.type === "go" && ev.player === w).length;
  const row = (label, html) => `<div class="qf"><span class="ql">${esc(label)}</span>${html}</div>`;
  let h = row(T("Winner"), `<div class="qseg" role="group" aria-label="${esc(T("Winner"))}">` +
    P.map((p, i) => `<button type="button" class="qwin p${i}" data-p="${i}" aria-pressed="${p === w}">${nameHtml(p)}</button>`).join("") + `</div>`);
  if (w) {
    h += row(T("Points"), `<span class="step"><button type="button" class="qpts less" aria-label="${esc(T("Less") + ": " + T("Points"))}">−</button>` +
      `<input type="number" id="qpoints" inputmode="numeric" step="1" min="${QV.points}" value="${wd.points === undefined ? "" : wd.points}" aria-label="${esc(T("Points") + ": " + w)}">` +
      `<button type="button" class="qpts more" aria-label="${esc(T("More") + ": " + T("Points"))}">+</button></span>`);
    const go = G.events.find(e => e.id === "go");
    if (go) h += row(go.label, stepper("qgo", String(gos), go.label + " (" + w + ")"));
    const extra = (QV.extras || []).map(id => G.events.find(e => e.id === id)).filter(Boolean);
    if (extra.length) h += row(extra.map(e => e.label).join(" · "), `<div class="qseg">` + extra.map(e => {
      const n = events.filter(ev => ev.type === e.id && ev.player === w).length;
      return `<button type="button" class="qev p${wi}${n ? " used" : ""}" data-id="${esc(e.id)}">${esc(e.label)} +<i class="cnt">${n || ""}</i></button>`;
    }).join("") + `</div>`);
    const losers = P.filter(p => p !== w);
    if (QV.penalties.length) h += row(T("Penalties"), losers.map(p => {
      const d = qs.declared[p] || {}, i = P.indexOf(p);
      return `<div class="qpen"><span class="pn p${i}">${nameHtml(p)}</span><div class="qseg">` + QV.penalties.map(f =>
        `<button type="button" class="qbak" data-p="${i}" data-k="${esc(f.key)}" aria-pressed="${d[f.key] === true}">${esc(f.label)}</button>`).join("") + `</div></div>`;
    }).join(""));
  }
  quickBox.innerHTML = h + `<p class="qerr error" role="alert" hidden></p>`;
}
/* the winner: the stop is theirs (one, last); the Go count follows them */
function setWinner(p) {
  const old = qs.winner;
  if (old && old !== p) {
    const d = qs.declared[old] || {};
    qs.declared[p] = {points: d.points};
    delete qs.declared[old];
    events.forEach(ev => { if (ev.type === "go" && ev.player === old) ev.player = p; });
  }
  qs.winner = p;
  if (p && !qs.declared[p]) qs.declared[p] = {};
  events = events.filter(ev => ev.type !== "stop");
  if (p) events.push({type: "stop", player: p});
  else delete qs.declared[old];
}
function goCount(delta) {
  const w = qs.winner;
  if (delta > 0) {
    const at = events.findIndex(ev => ev.type === "stop");
    events.splice(at < 0 ? events.length : at, 0, {type: "go", player: w});
  } else {
    for (let j = events.length - 1; j >= 0; j--) if (events[j].type === "go" && events[j].player === w) { events.splice(j, 1); break; }
  }
}
function setPoints(n) {
  const d = qs.declared[qs.winner];
  if (n === undefined) delete d.points; else { d.points = n; delete d.yaku; }
}
if (quickBox) {
  quickBox.addEventListener("click", e => {
    const b = e.target.closest("button");
    if (!b) return;
    const mine = qs.declared[P[sel]] = qs.declared[P[sel]] || [];
    if (b.classList.contains("qchip")) {
      const y = QV.yaku.find(x => x.id === b.dataset.y), at = mine.findIndex(x => x.yaku === y.id);
      if (at >= 0) mine.splice(at, 1);
      else mine.push(y.least ? {yaku: y.id, count: y.least} : {yaku: y.id});  // the least count pre-filled
    } else if (b.classList.contains("qcount")) {
      const y = b.closest(".qrow").querySelector(".qchip").dataset.y, e = mine.find(x => x.yaku === y);
      const least = QV.yaku.find(x => x.id === y).least;
      e.count = Math.max(least, e.count + (b.classList.contains("more") ? 1 : -1));
    } else if (b.classList.contains("qwin")) {
      const p = P[+b.dataset.p];
      setWinner(qs.winner === p ? null : p);
    } else if (b.classList.contains("qpts")) {
      const cur = qs.declared[qs.winner].points;
      setPoints(Math.max(QV.points, (cur === undefined ? QV.points : cur) + (b.classList.contains("more") ? 1 : -1)));
    } else if (b.classList.contains("qgo")) goCount(b.classList.contains("more") ? 1 : -1);
    else if (b.classList.contains("qev")) { addEvent(G.events.find(d => d.id === b.dataset.id), P.indexOf(qs.winner)); }
    else if (b.classList.contains("qbak")) {
      const p = P[+b.dataset.p], d = qs.declared[p] = qs.declared[p] || {};
      if (d[b.dataset.k] === true) delete d[b.dataset.k]; else d[b.dataset.k] = true;
    } else return;
    if (QV.kind === "yaku" && !mine.length) delete qs.declared[P[sel]];
    const focus = b.id || (b.dataset.y ? `.qchip[data-y="${b.dataset.y}"]` : null);
    saveDraft(); renderEvents(); drawQuick(); quickChanged();
    const again = focus && quickBox.querySelector(focus);  // keep the place for a keyboard or reader
    if (again) again.focus();
  });
  quickBox.addEventListener("input", e => {
    if (e.target.id !== "qpoints") return;
    const n = e.target.value === "" ? undefined : Math.trunc(Number(e.target.value));
    setPoints(isNaN(n) ? undefined : n);
    quickBox.querySelector(".qerr").hidden = true;
    saveDraft(); quickChanged();
  });
}
/* quick Koi-Koi: two yaku of a "one of" group named together (Any 5 Tens beside Boar, Deer,
   Butterfly): the engine says which one drops out (its rule); the page keeps the one that
   counts, with the larger of the two counts when both count the same cards (koi-koi.md 4:
   inside a "one of" category only the highest-valued yaku counts). True when it changed. */
function keepTheOneThatCounts(res) {
  if (!QV || QV.kind !== "yaku" || mode !== "quick") return false;
  for (const e of (res.body && res.body.errors) || []) {
    const p = e.player, mine = p && qs.declared[p];
    if (!Array.isArray(mine) || e.field !== "declared." + p) continue;
    const at = mine.findIndex(x => x.yaku === e.rule);
    if (at < 0) continue;
    const gone = mine.splice(at, 1)[0], chip = y => QV.yaku.find(x => x.id === y) || {};
    const kept = mine.find(x => x.count !== undefined && gone.count !== undefined && chip(x.yaku).unit === chip(gone.yaku).unit);
    if (kept) kept.count = Math.max(kept.count, gone.count);
    const other = kept || mine.find(x => x.yaku !== gone.yaku);
    toast(Thtml("Only one of them counts: %(yaku)s, not %(other)s",
                {yaku: esc(other ? chip(other.yaku).name : ""), other: esc(chip(gone.yaku).name)}), 4000, true);
    if (!mine.length) delete qs.declared[p];
    saveDraft(); drawQuick();
    return true;
  }
  return false;
}
/* quick entry left unfinished: said next to it, before review */
function checkQuick() {
  if (!PANEL || mode !== "quick" || QV.kind !== "winner" || qs.winner) return true;
  const p = quickBox.querySelector(".qerr");
  p.textContent = T("Tap the winner first"); p.hidden = false;
  quickBox.querySelector(".qwin").focus();
  return false;
}
/* the live line: Koi-Koi, what the selected player scores if they stop now; Go-Stop, what
   each player wins or pays; a card-point total against the deck. The engine scores it
   (the Review's endpoint), a moment after the last tap */
let quickTimer = null, quickAsked = 0;
function quickChanged() {
  if (!QV || mode !== "quick") return;
  clearTimeout(quickTimer);
  quickTimer = setTimeout(quickLive, 150);
}
function deckLine() {
  const vals = readForm()[QV.deck.key] || {};
  let n = 0;
  for (const p in vals) { const v = QV.deck.field ? (vals[p] || {})[QV.deck.field] : vals[p]; if (typeof v === "number") n += v; }
  return `<span class="${n === QV.deck.of ? "ok" : n > QV.deck.of ? "error" : "muted"}">${esc(T("Card points: %(n)s of %(of)s", {n, of: QV.deck.of}))}</span>`;
}
async function quickLive() {
  const line = quickLine();
  if (!line || mode !== "quick") return;
  if (QV.kind === "form") { line.innerHTML = QV.deck ? deckLine() : ""; return; }
  let rnd;
  try { rnd = roundInput(); } catch (e) { return; }
  if (QV.kind === "yaku") {
    if (!(qs.declared[P[sel]] || []).length) { line.innerHTML = `<span class="muted">${esc(T("No combination yet"))}</span>`; paintPts(sel, 0); return; }
    if (!rnd.events.some(ev => ev.type === "stop")) rnd.events = rnd.events.concat([{type: "stop", player: P[sel]}]);
  } else if (!qs.winner || (qs.declared[qs.winner] || {}).points === undefined) { line.innerHTML = ""; return; }
  const n = ++quickAsked;
  let res;
  try { res = await api("POST", "/api/v1/games/" + G.id + "/score", Object.assign({players: P, dealer: C.dealer, carry: C.carry}, seriesLength(), rnd, RULES)); }
  catch (e) { line.textContent = T("Offline: points are computed when the network is back."); return; }
  if (n !== quickAsked || mode !== "quick") return;
  if (res.status !== 200) {
    if (keepTheOneThatCounts(res)) { quickChanged(); return; }
    line.innerHTML = `<span class="error">${esc(errorText(res))}</span>`; return;
  }
  const r = res.body;
  if (QV.kind === "yaku") {
    const st = (r.players || []).find(x => x.player === r.winner) || {points: 0};
    paintPts(P.indexOf(r.winner), st.points);
    line.innerHTML = `<span class="pn p${P.indexOf(r.winner)}">${Thtml("If %(name)s stops now: %(n)s points", {name: nameHtml(r.winner), n: esc(st.points)})}</span>`;
  } else {
    line.innerHTML = P.map((p, i) => `<span class="yk"><span class="pn p${i}">${nameHtml(p)}</span>&nbsp;<b>${(r.net[p] > 0 ? "+" : "") + N(r.net[p] || 0)}</b></span>`).join(" ");
  }
}

/* ---------- start */
paintMode();
select(sel);
renderEvents();
if (mode === "cards") P.forEach((p, i) => { if (pile(i).length) evaluate(i); });
