/* The record form's structured inputs (InputDef kinds card, players, yaku, list, record, map)
   as widgets drawn from their spec (tally/pages.py:input_spec): card chips + a list, players
   by their coloured names, "+" and "×" for lists, number boxes or buttons. No game here.
   record.js reads, writes and checks them through SX; a widget reads the engine's JSON. */
"use strict";
const SX = (function () {
  const C = JSON.parse(document.getElementById("ctx").textContent), G = C.game;
  const PL = C.config.players, CARDS = G.cards || {}, SPECS = {};
  for (const d of G.inputs || []) if (d.spec) SPECS[d.key] = d.spec;
  const STRUCT = ["list", "record", "map"], OWN = ["card", "players", "yaku", "text"].concat(STRUCT);
  const has = n => n !== undefined && n !== null;
  const isObj = v => v && typeof v === "object" && !Array.isArray(v);
  const req = T("Required");

  function h(tag, cls, html) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    if (html !== undefined) el.innerHTML = html;
    return el;
  }
  function btn(cls, html, label) {
    const b = h("button", cls, html);
    b.type = "button";
    if (label) b.setAttribute("aria-label", label);
    return b;
  }
  const tile = s => `<svg class="tile" aria-hidden="true"><use href="/cards.svg${G.korean ? "?months=kr" : ""}#card-${esc(s)}"/></svg>`;
  const opts = l => l.map(o => `<option value="${esc(o.value)}">${esc(o.label)}</option>`).join("");
  const cardOpts = () => Object.keys(CARDS).map(s => ({value: s, label: CARDS[s]}));
  // what an item left empty inside a list or map is sent as
  const blank = s => ["cards", "players", "yaku", "list"].indexOf(s.kind) >= 0 ? [] : s.kind === "record" || s.kind === "map" ? {} : null;
  // a per-player structured input is a map from the players who have one to their value
  function normal(s) {
    if (!s.per_player || STRUCT.indexOf(s.kind) < 0) return s;
    return {kind: "map", keys: "players", required: s.required, choices: [],
            item: Object.assign({}, s, {per_player: false, required: false})};
  }
  // the check of a widget whose only problem can be to be empty when required
  const need = (s, el, focus, empty) => (out, path) => { if (s.required && empty()) out.push([el, path, req, focus]); };

  /* a widget: {el, read() -> value or undefined, check(problems, path), focus} */
  function build(s, v) {
    return ({card, cards, players, yaku, player, choice, int, bool, text, list, record, map})[s.kind](s, v);
  }
  /* buttons of which one or none is chosen (tap again to take it back) */
  function pickOne(s, options, v) {
    const el = h("div", "sx-seg");
    el.setAttribute("role", "group");
    if (s.label) el.setAttribute("aria-label", s.label);
    let cur = has(v) ? v : undefined;
    const bs = options.map(o => {  // o.cls: a player's colour, so the label is a player's name
      const b = btn("sx-opt" + (o.cls ? " " + o.cls : ""), o.cls ? nameHtml(o.label) : esc(o.label));
      b.addEventListener("click", () => { cur = cur === o.value ? undefined : o.value; paint(); });
      return el.appendChild(b);
    });
    const paint = () => bs.forEach((b, i) => b.setAttribute("aria-pressed", String(options[i].value === cur)));
    paint();
    return {el, focus: bs[0], read: () => cur, check: need(s, el, bs[0], () => cur === undefined)};
  }
  // a player, or a value the field also takes beside the players (Go-Stop's "dealt")
  const player = (s, v) => pickOne(s, PL.map((p, i) => ({value: p, label: p, cls: "p" + i})).concat(s.choices || []), v);
  function text(s, v) {
    const el = h("input", "sx-text");
    el.dir = "auto";  // what is typed keeps its own direction
    el.value = has(v) ? String(v) : "";
    if (s.label) el.setAttribute("aria-label", s.label);
    return {el, focus: el, read: () => el.value.trim() || undefined, check: need(s, el, el, () => !el.value.trim())};
  }
  function choice(s, v) {
    if (s.choices.length <= 4) return pickOne(s, s.choices, v);
    const el = h("select", "sx-sel", `<option value="">—</option>` + opts(s.choices.map(c => ({value: JSON.stringify(c.value), label: c.label}))));
    if (s.label) el.setAttribute("aria-label", s.label);  // a screen reader names the list
    if (has(v)) el.value = JSON.stringify(v);
    return {el, focus: el, read: () => el.value ? JSON.parse(el.value) : undefined, check: need(s, el, el, () => !el.value)};
  }
  function int(s, v) {
    if (has(s.minimum) && has(s.maximum) && s.maximum - s.minimum < 5) {  // a few values: buttons
      const o = [];
      for (let n = s.minimum; n <= s.maximum; n++) o.push({value: n, label: String(n)});
      return pickOne(s, o, v);
    }
    const el = h("input", "sx-num");
    el.type = "number"; el.inputMode = "numeric"; el.step = "1";
    if (has(s.minimum)) el.min = s.minimum;
    if (has(s.maximum)) el.max = s.maximum;
    if (s.label) el.setAttribute("aria-label", s.label);
    if (has(v)) el.value = v;
    const num = () => el.value === "" || isNaN(Number(el.value)) ? undefined : Number(el.value);
    return {el, focus: el, read: () => num() === undefined ? undefined : Math.trunc(num()),
      check(out, path) {
        const n = num(), say = m => out.push([el, path, m, el]);
        if (n === undefined) { if (el.validity.badInput) say(T("A whole number")); else if (s.required) say(req); }
        else if (!Number.isInteger(n)) say(T("A whole number"));
        else if (has(s.minimum) && n < s.minimum) say(T("At least %(n)s", {n: s.minimum}));
        else if (has(s.maximum) && n > s.maximum) say(T("At most %(n)s", {n: s.maximum}));
      }};
  }
  function bool(s, v) {
    const el = h("label", "tog"), c = el.appendChild(h("input"));
    // starts at the engine's default; left out while it stays there (Hachi-Hachi's had_choice)
    c.type = "checkbox"; c.setAttribute("role", "switch"); c.checked = has(v) ? v === true : s.default === true;
    if (s.label) c.setAttribute("aria-label", s.label);
    const read = () => has(s.default) ? (c.checked === s.default ? undefined : c.checked)
      : c.checked ? true : s.required ? false : undefined;
    return {el, focus: c, read, check() {}};
  }
  /* several chosen from a list: chips (tap one to take it back) and a select to add one */
  function chips(s, options, v, look) {
    const el = h("div", "sx-pick"), shown = el.appendChild(h("span", "sx-chosen"));
    const sel = el.appendChild(h("select", "sx-sel", `<option value="">+ ${esc(T("Add"))}</option>` + opts(options)));
    if (s.label) sel.setAttribute("aria-label", s.label);
    const label = {};
    options.forEach(o => { label[o.value] = o.label; });
    let cur = [];
    function paint() {
      shown.innerHTML = "";
      for (const x of cur) {
        const b = shown.appendChild(btn("sx-chip" + (look ? " card" : ""), (look ? look(x) : esc(label[x])) + "<i>×</i>", T("Remove") + ": " + label[x]));
        b.addEventListener("click", () => { cur = cur.filter(y => y !== x); paint(); sel.focus(); });
      }
      for (const o of sel.options) if (o.value) o.disabled = cur.indexOf(o.value) >= 0;
    }
    sel.addEventListener("change", () => { if (sel.value && cur.indexOf(sel.value) < 0) cur.push(sel.value); sel.value = ""; paint(); });
    for (const x of Array.isArray(v) ? v : []) if (x in label && cur.indexOf(x) < 0) cur.push(x);
    paint();
    return {el, focus: sel, read: () => cur.length ? cur.slice() : undefined, check: need(s, el, sel, () => !cur.length)};
  }
  const cards = (s, v) => chips(s, cardOpts(), v, tile);
  const yaku = (s, v) => chips(s, s.choices, v);
  function card(s, v) {
    const el = h("div", "sx-card"), face = el.appendChild(h("span", "sx-face"));
    const sel = el.appendChild(h("select", "sx-sel", `<option value="">—</option>` + opts(cardOpts())));
    if (s.label) sel.setAttribute("aria-label", s.label);
    if (v in CARDS) sel.value = v;
    const paint = () => { face.innerHTML = sel.value ? tile(sel.value) : ""; };
    sel.addEventListener("change", paint);
    paint();
    return {el, focus: sel, read: () => sel.value || undefined, check: need(s, el, sel, () => !sel.value)};
  }
  /* players in the order tapped, a number on each chosen name */
  function players(s, v) {
    const el = h("div", "sx-seg");
    el.setAttribute("role", "group");
    if (s.label) el.setAttribute("aria-label", s.label);
    let cur = (Array.isArray(v) ? v : []).filter((p, i, a) => PL.indexOf(p) >= 0 && a.indexOf(p) === i);
    const bs = PL.map((p, i) => {
      const b = el.appendChild(btn("sx-opt p" + i, nameHtml(p) + "<i></i>"));
      b.addEventListener("click", () => { cur = cur.indexOf(p) >= 0 ? cur.filter(x => x !== p) : cur.concat([p]); paint(); });
      return b;
    });
    const paint = () => bs.forEach((b, i) => {
      const k = cur.indexOf(PL[i]);
      b.setAttribute("aria-pressed", String(k >= 0));
      b.lastChild.textContent = k >= 0 ? k + 1 : "";
    });
    paint();
    return {el, focus: bs[0], read: () => cur.length ? cur.slice() : undefined, check: need(s, el, bs[0], () => !cur.length)};
  }
  /* a labelled part: a record's field, a list's item, a map's entry (× takes it out) */
  function part(title, cls, remove) {
    const el = h("div", "sx-part"), head = el.appendChild(h("div", "sx-h"));
    head.appendChild(h("span", "sx-l" + (cls ? " " + cls : ""))).textContent = title;
    if (remove) head.appendChild(btn("sx-x", "×", T("Remove") + ": " + title)).addEventListener("click", remove);
    return el;
  }
  // a part's problems are shown under the part, not inside the widget
  function checkIn(w, p, out, path) {
    const n = out.length;
    w.check(out, path);
    for (let i = n; i < out.length; i++) if (out[i][0] === w.el) out[i][0] = p;
  }
  function record(s, v) {
    const el = h("div", "sx-rec"), val = isObj(v) ? v : {}, other = {};
    const kids = s.fields.map(f => {
      const w = build(f, val[f.key]), p = el.appendChild(part(f.label + (f.required ? " *" : ""), "", null));
      p.classList.add("sx-field");
      p.appendChild(w.el);
      return [f, w, p];
    });
    for (const k in val) if (!s.fields.some(f => f.key === k)) other[k] = val[k];  // kept as given
    return {el, focus: kids[0][1].focus,
      read() {
        const out = Object.assign({}, other);
        for (const [f, w] of kids) { const x = w.read(); if (x !== undefined) out[f.key] = x; }
        return Object.keys(out).length ? out : undefined;
      },
      check(out, path) { for (const [f, w, p] of kids) checkIn(w, p, out, path.concat([f.label])); }};
  }
  function count(s, n, out, el, path, focus) {
    if (has(s.minimum) && n < s.minimum) out.push([el, path, T("At least %(n)s", {n: s.minimum}), focus]);
    if (has(s.maximum) && n > s.maximum) out.push([el, path, T("At most %(n)s", {n: s.maximum}), focus]);
  }
  /* rows of items or entries, each removable, and what adds one (list and map) */
  function rowsOf(s, el, items, adds, title, check) {
    const rows = [];
    const api = {rows, el, focus: null,
      add(x, k, cls, fixed) {
        const r = {k, w: build(s.item, x)};
        r.p = part(title(k), cls, fixed ? null : () => { rows.splice(rows.indexOf(r), 1); r.p.remove(); api.paint(); });
        r.p.classList.add("sx-item");
        r.p.appendChild(r.w.el);
        items.appendChild(r.p);
        rows.push(r);
        return r;
      },
      read(key) {
        const vals = rows.map(r => r.w.read());
        return vals.every(x => x === undefined) && (!rows.length || !key) ? undefined
          : key ? Object.fromEntries(rows.map((r, i) => [key(r), vals[i] === undefined ? blank(s.item) : vals[i]]))
          : vals.map(x => x === undefined ? blank(s.item) : x);
      },
      check(out, path) {
        if (api.read(api.key) === undefined) { if (s.required) out.push([el, path, req, adds[0]]); return; }
        count(s, rows.length, out, el, path, adds[0]);
        rows.forEach((r, i) => check(r, i, out, path));
      }};
    return api;
  }
  function list(s, v) {
    const el = h("div", "sx-list"), items = el.appendChild(h("div", "sx-items"));
    const add = el.appendChild(btn("sx-add", "+ " + esc(s.item.label)));
    const fixed = has(s.minimum) && s.minimum === s.maximum, n = i => s.item.label + " " + (i + 1);
    const L = rowsOf(s, el, items, [add], () => "", (r, i, out, path) => checkIn(r.w, r.p, out, path.concat([n(i)])));
    L.paint = () => {
      L.rows.forEach((r, i) => { r.p.querySelector(".sx-l").textContent = n(i); });
      add.hidden = fixed || (has(s.maximum) && L.rows.length >= s.maximum);
    };
    (Array.isArray(v) ? v : []).forEach(x => L.add(x, null, "", fixed));
    while (L.rows.length < (fixed || s.required ? s.minimum || 0 : 0)) L.add(undefined, null, "", fixed);
    add.addEventListener("click", () => { L.add(undefined).w.focus.focus(); L.paint(); });
    L.paint();
    L.focus = L.rows.length ? L.rows[0].w.focus : add;
    return L;
  }
  /* keys: the players (coloured), the choices (a card's tile) or a name typed in */
  function map(s, v) {
    s = normal(s);
    const el = h("div", "sx-map"), items = el.appendChild(h("div", "sx-items")), adds = el.appendChild(h("div", "sx-adds"));
    const text = s.keys === "text";
    const keys = s.keys === "players" ? PL.map((p, i) => ({value: p, label: p, cls: "p" + i})) : text ? [{value: ""}] : s.choices;
    const known = k => keys.find(o => o.value === k);
    const bs = keys.map(o => {
      const b = adds.appendChild(btn("sx-add " + (o.cls || ""), text ? "+ " + esc(T("Add")) : (CARDS[o.value] ? tile(o.value) : "") + (o.cls ? "<span>+ " + nameHtml(o.label) + "</span>" : "+ " + esc(o.label))));
      b.addEventListener("click", () => { const r = add(o.value); M.paint(); (r.name || r.w.focus).focus(); });
      return b;
    });
    const key = r => text ? r.name.value.trim() : r.k;
    const M = rowsOf(s, el, items, bs, k => text ? "" : known(k).label, (r, i, out, path) => {
      const k = key(r), where = path.concat([k || T("Team name")]);
      if (text && (!k || M.rows.slice(0, i).some(x => key(x) === k))) out.push([r.p, where, k ? T("Each name once") : req, r.name]);
      checkIn(r.w, r.p, out, where);
    });
    function add(k, x) {
      const o = known(k) || {}, r = M.add(x, k, o.cls ? "pn " + o.cls : "");
      if (o.cls) r.p.classList.add(o.cls);
      const l = r.p.querySelector(".sx-l");
      if (text) {
        r.name = h("input", "sx-name");
        r.name.value = k; r.name.placeholder = T("Team name"); r.name.dir = "auto";
        r.name.setAttribute("aria-label", T("Team name"));
        l.replaceWith(r.name);
      } else if (CARDS[k]) l.insertAdjacentHTML("afterbegin", tile(k));
      return r;
    }
    M.paint = () => bs.forEach((b, i) => {
      b.hidden = (!text && M.rows.some(r => r.k === keys[i].value)) || (has(s.maximum) && M.rows.length >= s.maximum);
    });
    M.key = key;
    const read = M.read;
    M.read = () => read(key);
    for (const k in isObj(v) ? v : {}) if (text || known(k)) add(k, v[k]);
    M.paint();
    M.focus = M.rows.length ? M.rows[0].w.focus : bs[0];
    return M;
  }

  /* ---------- what record.js calls */
  const roots = new WeakMap();
  const owns = d => OWN.indexOf(d.kind) >= 0;
  function mount(d, box, v) {
    const root = box.querySelector(".sx"), s = SPECS[d.key];
    const w = build(STRUCT.indexOf(s.kind) >= 0 ? normal(s) : Object.assign({}, s, {per_player: false}), v);
    root.innerHTML = "";
    root.appendChild(w.el);
    w.optional = !s.required;
    roots.set(root, w);
    return w;
  }
  const boxes = d => document.querySelectorAll(`#inputs fieldset[data-key="${CSS.escape(d.key)}"] .ictl`);
  // a change in a widget tells the form (record.js saves the draft) and takes back the
  // problems shown until then
  document.querySelectorAll("#inputs .sx").forEach(root => {
    const tell = () => {
      root.querySelectorAll(".sx-err").forEach(p => p.remove());
      root.dispatchEvent(new Event("input", {bubbles: true}));
    };
    root.addEventListener("click", e => { if (e.target.closest("button")) setTimeout(tell); });
    root.addEventListener("change", e => { e.stopPropagation(); tell(); });
    root.addEventListener("input", e => { if (e.target !== root) { e.stopPropagation(); tell(); } });
  });
  for (const d of G.inputs || []) if (owns(d)) boxes(d).forEach(b => mount(d, b));
  return {
    owns,
    /* one value's widget outside the form (an event's field): {el, read(), focus};
       problems(w): what is wrong with it, in words */
    widget: (s, v) => build(s, v),
    problems(w) { const out = []; w.check(out, []); return out.map(x => x[2]); },
    whole: d => STRUCT.indexOf(d.kind) >= 0,  // one widget holds every player's value
    read: (d, box) => roots.get(box.querySelector(".sx")).read(),
    write: (d, box, v) => { mount(d, box, v); },
    /* the players whose per-player record (sitting out, totals) stands instead of a pile:
       their empty pile is left out of the round */
    apart(vals) {
      const out = [];
      for (const k in SPECS) if (SPECS[k].per_player && SPECS[k].kind === "record" && isObj(vals[k])) out.push(...Object.keys(vals[k]));
      return out;
    },
    /* every problem under its part and in the fieldset's line; the first control to fix */
    check(form) {
      let first = null;
      form.querySelectorAll(".sx-err").forEach(p => p.remove());
      form.querySelectorAll(".sx").forEach(root => {
        const w = roots.get(root), out = [], who = root.closest(".ictl").dataset.p;
        if (!w || (w.optional && w.read() === undefined)) return;  // an optional input left empty
        w.check(out, who ? [who] : []);
        if (!out.length) return;
        const fs = root.closest("fieldset"), line = fs.querySelector(".ferr");
        for (const [el, , msg] of out) el.appendChild(h("p", "sx-err error", esc(msg))).setAttribute("role", "alert");
        // the path's parts (a player, a team's name) isolated from each other
        if (line.hidden) { line.innerHTML = out[0][1].map(nameHtml).concat([esc(out[0][2])]).join(" · "); line.hidden = false; }
        fs.classList.add("bad");
        first = first || out[0][3];
      });
      return first;
    },
  };
})();
