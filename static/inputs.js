/* The record form's structured inputs (InputDef kinds card, players, yaku, list, record, map)
   as widgets drawn from their spec (tally/pages.py:input_spec): card chips + a list, players
   by their coloured names, "+" and "×" for lists, number boxes or buttons. No game here.
   record.js reads, writes and checks them through SX; a widget reads the engine's JSON. */
"use strict";
const SX = (function () {
  const C = JSON.parse(document.getElementById("ctx").textContent), G = C.game;
  const PL = C.config.players, CARDS = G.cards || {}, SPECS = {};
  for (const d of G.inputs || []) if (d.spec) SPECS[d.key] = d.spec;
  const STRUCT = ["list", "record", "map"], OWN = ["card", "cards", "players", "yaku", "text"].concat(STRUCT);
  Object.assign(I18N, JSON.parse((document.getElementById("card-words") || {}).textContent || "{}"));
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
  function build(s, v, ctx) {
    return ({card, cards, players, yaku, player, choice, int, bool, text, list, record, map})[s.kind](s, v, ctx);
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
  const yaku = (s, v) => chips(s, s.choices, v);
  const cards = (s, v, ctx) => tilePick(s, v, false, ctx);
  const card = (s, v, ctx) => tilePick(s, v, true, ctx);

  // a new item or entry: its cards' tiles open (its cards are the next taps), else its first box
  const began = w => { if (w.slot && slotOf.get(w.slot) === w) shown(open(w)); else w.focus.focus(); };

  /* ---------- cards by tiles (issue 28). A card input is a slot showing the cards chosen;
     tapping it opens one tile grid for its group (a fieldset of the form, an event's field)
     under the group, with a bar naming the group's card inputs (each player's hand, each
     column) so the next one is one tap away. A tile toggles; a single card closes the grid.
     The tiles are the page's month rows (record.html, the game's month order), filtered to
     the cards the input can hold (tally/pages.py:card_pick): its choices, else the deck;
     those in nobody's pile where the rules say so (spec.pick.from "free"; "pile": the
     event's player's pile first); never a card another input of the group holds. */
  const TPL = document.getElementById("card-tiles");
  const slotOf = new WeakMap();   // a slot button -> its widget
  // the page's piles (record.js sets them): a player's pile, the cards in no pile, a hand
  let CTX = {pile: () => [], free: () => [], hand: () => []};
  function tilePick(s, v, one, ctx) {
    const el = h("div", "cw"), slot = el.appendChild(btn("cslot"));
    slot.setAttribute("aria-expanded", "false");
    const known = x => typeof x === "string" && x in CARDS;
    let cur = (one ? [v] : Array.isArray(v) ? v : []).filter(known);
    cur = cur.filter((x, i) => cur.indexOf(x) === i);
    const w = {el, slot, one, s, ctx: ctx || {}, focus: slot,
      cards: () => cur.slice(),
      set(l) { cur = l.filter(known); paintSlot(w); },
      read: () => one ? cur[0] : cur.length ? cur.slice() : undefined,
      check: need(s, el, slot, () => !cur.length)};
    slotOf.set(slot, w);
    slot.addEventListener("click", () => { if (openOf(w)) close(groupOf(w)); else shown(open(w)); });
    paintSlot(w);
    return w;
  }
  const miniTile = x => `<svg class="tile" role="img" aria-label="${esc(CARDS[x])}"><use href="/cards.svg${G.korean ? "?months=kr" : ""}#card-${esc(x)}"/></svg>`;
  function paintSlot(w) {
    const l = w.cards();
    w.slot.innerHTML = (l.length ? `<span class="cmini">${l.map(miniTile).join("")}</span>`
      : `<span class="cnone">${esc(T(w.one ? "Tap to pick a card" : "Tap to pick cards"))}</span>`) +
      (w.one ? "" : `<b class="ccount">${l.length}</b>`);
  }
  // the group a card input belongs to: an event's field, else its fieldset
  const groupOf = w => w.el.closest(".fld, fieldset") || w.el.parentNode;
  const inGroup = g => Array.from(g.querySelectorAll(".cslot")).map(b => slotOf.get(b)).filter(Boolean);
  const pickerOf = g => g.querySelector(":scope > .cpk");
  const targetOf = new WeakMap();  // a grid -> the card input its taps fill
  const openOf = w => { const pk = pickerOf(groupOf(w)); return !!pk && targetOf.get(pk) === w; };
  // a card input's own name in the bar: its player, its item ("Column 2"), its field
  function nameOf(w) {
    const box = w.el.closest(".ictl[data-p]"), part = w.el.closest(".sx-part");
    if (part) { const l = part.querySelector(":scope > .sx-h .sx-l"); if (l && l.textContent.trim()) return {text: l.textContent.trim(), cls: part.className.match(/\bp\d\b/)}; }
    if (box) return {text: box.dataset.p, cls: box.querySelector(".pn").className.match(/\bp\d\b/), name: true};
    return {text: w.s.label || ""};
  }
  function allowed(w) {
    const p = w.s.pick || {};
    let l = p.only || Object.keys(CARDS);
    const free = p.from === "free" ? CTX.free() : null;
    if (free && free.length) l = l.filter(x => free.indexOf(x) >= 0);  // none yet: the deck
    return new Set(l.concat(w.cards()));
  }
  // the event's player's pile, offered first: the other tiles dimmed (spec.pick.from "pile")
  function near(w) {
    const mine = (w.s.pick || {}).from === "pile" && w.ctx.player ? CTX.pile(w.ctx.player) : [];
    return mine.length ? new Set(mine) : null;
  }
  function open(w) {
    const g = groupOf(w);
    // one grid of tiles on the page: another group's closes
    document.querySelectorAll(".cpk").forEach(x => { if (x.parentNode !== g) close(x.parentNode); });
    let pk = pickerOf(g);
    if (!pk) {
      pk = h("div", "cpk");
      pk.innerHTML = `<div class="cpk-bar"></div><div class="cpk-grid" role="group"></div>`;
      pk.lastChild.appendChild(TPL.content.cloneNode(true));
      pk.addEventListener("click", e => pickTap(pk, e));
      const end = g.querySelector(":scope > .ferr");
      if (end) g.insertBefore(pk, end); else g.appendChild(pk);
    }
    targetOf.set(pk, w);
    paintPicker(g);
    return pk;
  }
  /* the grid as wide as the page, out of the fieldset's or event's margins: its tiles are the
     size of the piles' tiles (a 44 px square's area at 360 px), never narrower */
  function bleed(pk) {
    const main = pk.closest("main"), g = pk.parentNode;
    if (!main) return;
    const cs = getComputedStyle(g), m = main.getBoundingClientRect(), r = g.getBoundingClientRect();
    const left = r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
    const right = r.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
    pk.style.marginLeft = (m.left - left) + "px";
    pk.style.marginRight = (right - m.right) + "px";
  }
  addEventListener("resize", () => document.querySelectorAll(".cpk").forEach(bleed));
  // a grid opened by a tap comes into view whole, as far as the screen allows
  const shown = pk => pk.scrollIntoView({block: "nearest"});
  function close(g) {
    const pk = pickerOf(g);
    if (!pk) return;
    const w = targetOf.get(pk);
    pk.remove();
    inGroup(g).forEach(x => x.slot.setAttribute("aria-expanded", "false"));
    if (w && document.contains(w.slot)) w.slot.focus({preventScroll: true});
  }
  function pickTap(pk, e) {
    const g = pk.parentNode, w = targetOf.get(pk), t = e.target.closest(".ct"), to = e.target.closest(".cpk-to");
    if (to) { open(inGroup(g)[+to.dataset.k]); return; }
    if (e.target.closest(".cpk-done")) { close(g); return; }
    if (!t || !w || t.getAttribute("aria-disabled") === "true") return;
    const s = t.dataset.s, l = w.cards(), at = l.indexOf(s);
    w.set(w.one ? (at >= 0 ? [] : [s]) : at >= 0 ? l.filter(x => x !== s) : l.concat([s]));
    w.el.dispatchEvent(new Event("input", {bubbles: true}));  // the form or the event keeps it
    if (w.one && w.cards().length) { close(g); return; }
    if (at < 0) dealt(g, w);
    paintPicker(g);
  }
  /* inputs dealt to in turn (spec.pick.deal: Kabu's columns get a first card each, then a
     second; oicho-kabu.md 5, steps 1 and 4): after a card, the next input with the fewest
     cards takes the next one; a third card is for the column tapped in the bar */
  function dealt(g, w) {
    const all = inGroup(g);
    if (!(w.s.pick || {}).deal) return;
    const least = Math.min(...all.map(x => x.cards().length)), at = all.indexOf(w);
    for (let k = 1; k <= all.length; k++) {
      const x = all[(at + k) % all.length];
      if (x.cards().length === least) { targetOf.set(pickerOf(g), x); return; }
    }
  }
  function paintPicker(g) {
    const pk = pickerOf(g), all = inGroup(g);
    let w = targetOf.get(pk);
    if (!w || all.indexOf(w) < 0) targetOf.set(pk, w = all[0]);  // its input was taken out
    if (!w) { pk.remove(); return; }
    const named = all.map(nameOf), me = named[all.indexOf(w)];
    all.forEach((x, k) => {
      x.slot.setAttribute("aria-expanded", String(x === w));
      if (named[k].cls) x.slot.classList.add(named[k].cls[0]);  // a player's colour
    });
    pk.className = "cpk" + (me.cls ? " " + me.cls[0] : "");
    const who = document.querySelector(".who");  // the bar sticks under the players' bar
    pk.style.setProperty("--cpk-top", (who && !who.hidden ? who.offsetHeight : 0) + "px");
    bleed(pk);
    paintTiles(pk.lastChild, w, all, paintBar(pk.firstChild, w, all, named));
    pk.lastChild.setAttribute("aria-label", me.text);
  }
  /* the bar: a button for each card input of the group and Done; what marks a tile another
     input holds (its number, else the start of its name) */
  function paintBar(bar, w, all, named) {
    // items of one list ("Column 1" ... "Column 4"): the word once, a number on each button
    const num = named.map(n => /^(.*\S)\s+(\d+)$/.exec(n.text));
    const same = all.length > 1 && num.every(x => x && x[1] === num[0][1]);
    const to = (x, k) => `<button type="button" class="cpk-to${named[k].cls ? " " + named[k].cls[0] : ""}" data-k="${k}" aria-pressed="${x === w}"` +
      (same ? ` aria-label="${esc(named[k].text)}">${num[k][2]}` : `>${named[k].name ? nameHtml(named[k].text) : esc(named[k].text)}`) +
      ` <b>${x.cards().length}</b></button>`;
    // one input alone: no buttons, its label is just above
    bar.innerHTML = (same ? `<span class="cpk-l cpk-of">${esc(num[0][1])}</span>` : "") +
      (all.length > 1 ? all.map(to).join("") : "") + `<button type="button" class="cpk-done">${esc(T("Done"))}</button>`;
    return named.map((n, k) => same ? num[k][2] : Array.from(n.text).slice(0, 2).join(""));
  }
  /* each tile: hidden where the input cannot hold it, pressed with its place in the input,
     off (with the holder's mark) where another input of the group holds it, dimmed outside
     the event's player's pile */
  function paintTiles(grid, w, all, marks) {
    const mine = w.cards(), ok = allowed(w), first = near(w), taken = {};
    all.forEach((x, k) => { if (x !== w) x.cards().forEach(c => { taken[c] = k; }); });
    grid.querySelectorAll(".month").forEach(row => {
      let any = false;
      row.querySelectorAll(".ct").forEach(t => {
        const s = t.dataset.s, k = mine.indexOf(s), other = taken[s];
        t.hidden = !ok.has(s);
        any = any || !t.hidden;
        t.classList.toggle("far", !!first && !first.has(s) && k < 0);
        t.setAttribute("aria-pressed", String(k >= 0));
        t.setAttribute("aria-disabled", String(other !== undefined && k < 0));
        t.lastChild.textContent = k >= 0 ? (w.one ? "✓" : k + 1) : other !== undefined ? marks[other] : "";
      });
      row.hidden = !any;
    });
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
      // a number typed or a switch takes half a line: two of them side by side
      if ((f.kind === "int" && !(has(f.minimum) && has(f.maximum) && f.maximum - f.minimum < 5)) || f.kind === "bool") p.classList.add("sx-half");
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
    if (s.layout === "bets") return bets(s, v);
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
    add.addEventListener("click", () => { L.paint(); began(L.add(undefined).w); });
    L.paint();
    L.focus = L.rows.length ? L.rows[0].w.focus : add;
    return L;
  }
  /* Kabu's bets (spec.layout "bets", tally/pages.py:bets_layout): the stake typed once, then
     a row of column buttons per player but the dealer (the bank takes no bet); a tap is a bet
     of the stake, in the order tapped (the betting order), a second tap takes it back */
  function bets(s, v) {
    const f = s.item.fields, pf = f.find(x => x.kind === "player");
    const cf = f.find(x => x.kind === "int" && has(x.maximum) && has(x.minimum) && x.maximum - x.minimum < 5);
    const af = f.find(x => x !== pf && x !== cf);
    let cur = (Array.isArray(v) ? v : []).filter(isObj).map(x => Object.assign({}, x));
    const el = h("div", "bets"), row = el.appendChild(h("label", "bets-stake"));
    row.appendChild(h("span", "", esc(af.label)));
    const stake = row.appendChild(h("input", "sx-num"));
    stake.type = "number"; stake.inputMode = "numeric"; stake.step = "1";
    if (has(af.minimum)) stake.min = af.minimum;
    const last = cur.length ? cur[cur.length - 1][af.key] : undefined;
    if (typeof last === "number") stake.value = last;
    const need = el.appendChild(h("p", "bets-need error", esc(T("Required") + ": " + af.label)));
    need.hidden = true;
    stake.addEventListener("input", () => { need.hidden = true; });
    const cols = [];
    for (let n = cf.minimum; n <= cf.maximum; n++) cols.push(n);
    const grid = el.appendChild(h("div", "bets-grid"));
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", s.label || "");
    PL.forEach((p, i) => {
      if (p === C.dealer) return;
      const r = grid.appendChild(h("div", "bets-row p" + i));
      r.appendChild(h("span", "pn", nameHtml(p)));
      cols.forEach(n => {
        const b = r.appendChild(btn("bets-b", "", cf.label + " " + n + " · " + p));
        b.dataset.p = p; b.dataset.n = n;
      });
    });
    const at = (p, n) => cur.findIndex(x => x[pf.key] === p && x[cf.key] === n);
    function paint() {
      grid.querySelectorAll(".bets-b").forEach(b => {
        const k = at(b.dataset.p, +b.dataset.n), a = k >= 0 ? cur[k][af.key] : undefined;
        b.setAttribute("aria-pressed", String(k >= 0));
        b.innerHTML = `<b>${b.dataset.n}</b>` + (k >= 0 ? `<small>${esc(has(a) ? N(a) : "?")}</small>` : "");
      });
    }
    const amount = () => stake.value === "" || isNaN(Number(stake.value)) ? undefined : Math.trunc(Number(stake.value));
    grid.addEventListener("click", e => {
      const b = e.target.closest(".bets-b");
      if (!b) return;
      const k = at(b.dataset.p, +b.dataset.n);
      if (k >= 0) cur.splice(k, 1);
      else if (amount() === undefined) { need.hidden = false; stake.focus(); return; }  // the stake first
      else cur.push({[pf.key]: b.dataset.p, [cf.key]: +b.dataset.n, [af.key]: amount()});
      paint();
    });
    paint();
    return {el, focus: stake,
      read: () => cur.length ? cur.map(x => Object.assign({}, x)) : undefined,
      check(out, path) {
        if (!cur.length) {
          if (s.required) out.push([el, path, amount() === undefined ? T("Required") + ": " + af.label : req, amount() === undefined ? stake : grid.querySelector("button")]);
          return;
        }
        count(s, cur.length, out, el, path, stake);
      }};
  }
  /* keys: the players (coloured), the choices (a card's tile) or a name typed in */
  function map(s, v) {
    s = normal(s);
    // the "+ name" buttons above the entries: they stay in place as entries are added
    const el = h("div", "sx-map"), adds = el.appendChild(h("div", "sx-adds")), items = el.appendChild(h("div", "sx-items"));
    const text = s.keys === "text";
    const keys = s.keys === "players" ? PL.map((p, i) => ({value: p, label: p, cls: "p" + i})) : text ? [{value: ""}] : s.choices;
    const known = k => keys.find(o => o.value === k);
    const bs = keys.map(o => {
      const b = adds.appendChild(btn("sx-add " + (o.cls || ""), text ? "+ " + esc(T("Add")) : (CARDS[o.value] ? tile(o.value) : "") + (o.cls ? "<span>+ " + nameHtml(o.label) + "</span>" : "+ " + esc(o.label))));
      b.addEventListener("click", () => { const r = add(o.value); M.paint(); if (r.name) r.name.focus(); else began(r.w); });
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
    widget: (s, v, ctx) => build(s, v, ctx),  // ctx: {player} of an event
    /* the piles the card inputs read (record.js): {pile(player), free(), hand(player)} */
    setContext(c) { CTX = Object.assign(CTX, c); },
    /* what a card input starts with (spec.pick.fill): the cards in nobody's pile (the
       leftovers), the player's hand (a claim shows it); undefined: nothing */
    fill(s, player) {
      const f = (s.pick || {}).fill, l = f === "free" ? CTX.free() : f === "hand" && player ? CTX.hand(player) : [];
      return l && l.length ? (s.kind === "card" ? l[0] : l.slice()) : undefined;
    },
    /* the tiles of the first card input in el still empty, opened: an event's required
       card (opts.required), the form's first card input that is not a player's (opts.shared) */
    closeAll: el => el.querySelectorAll(".cpk").forEach(pk => close(pk.parentNode)),
    openFirst(el, opts) {
      opts = opts || {};
      const w = Array.from(el.querySelectorAll(".cslot")).map(b => slotOf.get(b)).find(x => x && !x.cards().length &&
        !(opts.required && !x.s.required) && !(opts.shared && x.el.closest(".ictl[data-p]")));
      if (w) open(w);
      return !!w;
    },
    problems(w) { const out = []; w.check(out, []); return out.map(x => x[2]); },
    whole: d => STRUCT.indexOf(d.kind) >= 0,  // one widget holds every player's value
    read: (d, box) => roots.get(box.querySelector(".sx")).read(),
    write: (d, box, v) => {
      mount(d, box, v);
      const g = box.closest("fieldset"), pk = g && pickerOf(g);
      if (pk) paintPicker(g);  // its widgets are new: the picker follows them
    },
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
