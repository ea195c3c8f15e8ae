// The web table of the maumau_rules example server: plain JavaScript, no build step.
//
// The page knows one seat only: its game, seat and secret token travel in the URL fragment (#game=..&seat=..&token=..),
// which a browser never sends to a server. It reads that seat's table (GET /games/{id}/table: the seat's own view, the
// server's SVG picture of it and what happened since a turn, as sentences), long-polling for the next move; it sends
// moves in notation (POST /games/{id}/moves), and the server judges every one: a refusal is shown with its reason.
// At the end it downloads the record, which reveals the secret seed, and checks it against the commitment the page
// saw at the start (POST /verify: `maumau verify` does the same on your machine).
"use strict";

const $ = (id) => document.getElementById(id);

const page = {
  game: null, seat: 0, token: "", commitment: null, turn: -1, logged: 0, over: false, busy: false,
  views: new Map(), names: [], variant: "", record: null,
};

// the page's own sentences, in the browser's language (GET /texts answers by Accept-Language)
let texts = {};

function t(key, values = {}) {
  return (texts[key] || key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

async function loadTexts() {
  try {
    const res = await fetch("/texts", { cache: "no-store" });
    if (res.ok) texts = await res.json();
  } catch (e) { /* the keys stand in for the sentences */ }
  if (texts.lang) document.documentElement.lang = texts.lang;
  if (texts.dir) document.documentElement.dir = texts.dir;
  // the page's fixed texts: data-t names the key of an element's text, data-t-ATTRIBUTE the key of an attribute's
  for (const el of document.querySelectorAll("[data-t]")) if (texts[el.dataset.t]) el.textContent = texts[el.dataset.t];
  for (const [attr, key] of [["placeholder", "tPlaceholder"], ["aria-label", "tAriaLabel"]]) {
    for (const el of document.querySelectorAll(`[data-t-${attr}]`)) {
      if (texts[el.dataset[key]]) el.setAttribute(attr, texts[el.dataset[key]]);
    }
  }
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
}

async function api(path, options = {}) {
  const headers = { ...(options.headers || {}) };
  if (page.token) headers.Authorization = `Bearer ${page.token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { ...options, headers, cache: "no-store" });
  let body = null;
  try { body = await res.json(); } catch (e) { body = { ok: false, reason: "not_json", message: `HTTP ${res.status}` }; }
  return { status: res.status, body };
}

// ---------------------------------------------------------------- the lobby

let variants = [];

function seatRows() {
  const players = Number($("players").value);
  const seats = $("seats");
  const kept = {};
  for (const sel of seats.querySelectorAll("select")) kept[sel.dataset.seat] = sel.value;
  seats.replaceChildren();
  const v = variants.find((x) => x.id === $("variant").value);
  for (let s = 1; s < players; s++) {
    const p = document.createElement("p");
    const label = document.createElement("label");
    label.htmlFor = `seat-${s}`;
    label.textContent = t("seat", { n: s }) + (v && v.family === "malilla" && s === 2 ? " " + t("your_partner") : "");
    const sel = document.createElement("select");
    sel.id = `seat-${s}`;
    sel.dataset.seat = String(s);
    for (const [value, text] of [["bot", t("computer")], ["person", t("another_person")]]) {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = text;
      sel.append(o);
    }
    sel.value = kept[s] || "bot";
    p.append(label, sel);
    seats.append(p);
  }
}

function playerChoices() {
  const v = variants.find((x) => x.id === $("variant").value);
  const sel = $("players");
  const before = Number(sel.value) || 2;
  sel.replaceChildren();
  for (let n = v.players[0]; n <= v.players[1]; n++) {
    const o = document.createElement("option");
    o.value = String(n);
    o.textContent = String(n);
    sel.append(o);
  }
  sel.value = String(Math.min(Math.max(before, v.players[0]), v.players[1]));
  $("variant-summary").textContent = v.summary || "";
  seatRows();
}

async function lobby() {
  $("lobby").hidden = false;
  const { status, body } = await api("/variants");
  if (status !== 200) { showError(body.message); return; }
  variants = body.variants;
  const sel = $("variant");
  for (const family of ["maumau", "malilla"]) {
    const group = document.createElement("optgroup");
    group.label = family === "maumau" ? "Mau-Mau" : t("malilla_group");
    for (const v of variants.filter((x) => x.family === family)) {
      const o = document.createElement("option");
      o.value = v.id;
      o.textContent = v.name;
      group.append(o);
    }
    sel.append(group);
  }
  for (const kind of body.bots) {
    const o = document.createElement("option");
    o.value = kind;
    o.textContent = kind;
    $("bot-kind").append(o);
  }
  sel.value = "standard";
  playerChoices();
  sel.addEventListener("change", playerChoices);
  $("players").addEventListener("change", seatRows);
  $("new-game").addEventListener("submit", startGame);
  document.body.dataset.ready = "lobby";
}

async function startGame(event) {
  event.preventDefault();
  $("start").disabled = true;
  const players = Number($("players").value);
  const bots = [...$("seats").querySelectorAll("select")].filter((s) => s.value === "bot").map((s) => Number(s.dataset.seat));
  const { status, body } = await api("/games", {
    method: "POST",
    body: JSON.stringify({ variant: $("variant").value, players, bots, bot: $("bot-kind").value }),
  });
  $("start").disabled = false;
  if (status !== 201) { showError(t("not_created", { message: body.message })); return; }
  // the commitment comes before any card is dealt to the page: keep it, and compare the record with it at the end
  sessionStorage.setItem(`commitment:${body.id}`, body.commitment);
  const invites = body.tokens.map((t, s) => (t && s !== 0 ? { seat: s, link: seatLink(body.id, s, t) } : null)).filter(Boolean);
  sessionStorage.setItem(`invites:${body.id}`, JSON.stringify(invites));
  const hash = `game=${encodeURIComponent(body.id)}&seat=0&token=${encodeURIComponent(body.tokens[0])}`;
  history.replaceState(null, "", `#${hash}`); // (the seat's link: a reload comes back to this table)
  $("lobby").remove(); // (the rules' summaries name cards: the table's DOM names only what this seat saw)
  table(new URLSearchParams(hash));
}

function seatLink(game, seat, token) {
  return `${location.origin}/#game=${encodeURIComponent(game)}&seat=${seat}&token=${encodeURIComponent(token)}`;
}

// ---------------------------------------------------------------- the table

function setStatus(data) {
  const view = data.view;
  let text;
  if (data.over) {
    text = t("game_over");
  } else if (view.seat_to_act === page.seat) {
    text = t("your_turn");
  } else {
    text = t(view.legal_moves.length ? "to_play_you_may_move" : "to_play", { name: page.names[view.seat_to_act] });
  }
  $("status").textContent = text;
}

function renderMoves(view) {
  const box = $("moves");
  box.replaceChildren();
  for (const move of view.legal_moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.dataset.move = move;
    b.textContent = move;
    b.disabled = page.busy;
    box.append(b);
  }
}

function appendSteps(steps) {
  const log = $("log");
  for (const step of steps) {
    if (step.turn < page.logged) continue;
    for (const line of step.text) {
      const li = document.createElement("li");
      li.textContent = line;
      li.dataset.turn = String(step.turn);
      if (step.seat === page.seat) li.className = "mine";
      log.append(li);
    }
    page.logged = step.turn + 1;
  }
  log.scrollTop = log.scrollHeight;
}

function keepView(view) {
  page.views.set(`${view.round_no ?? 0}:${view.turn}`, view);
}

function render(data) {
  if (data.turn < page.turn) return; // an older answer than the one shown
  if (page.commitment === null) {
    page.commitment = data.commitment;
    $("commitment").textContent = data.commitment;
  } else if (data.commitment !== page.commitment) {
    showError(t("commitment_changed"));
  }
  page.turn = data.turn;
  page.names = data.names;
  page.variant = data.variant;
  keepView(data.view);
  $("title").textContent = t("title", { variant: data.variant_name, players: data.players, seat: page.seat });
  $("board").innerHTML = data.svg; // the server's picture of this seat's own view (other hands are card backs)
  renderMoves(data.view);
  appendSteps(data.steps);
  setStatus(data);
  document.body.dataset.turn = String(data.turn);
  document.body.dataset.toAct = String(data.view.seat_to_act);
  document.body.dataset.over = String(data.over);
  if (data.over && !page.over) {
    page.over = true;
    finish(data);
  }
}

function showRefusal(body) {
  const box = $("refusal");
  box.replaceChildren();
  if (!body) { box.hidden = true; delete box.dataset.reason; return; }
  const code = document.createElement("code");
  code.textContent = body.reason;
  // the sentence around the reason code (a <code> element): its text before and after the {code} field
  const [before, after] = t(body.rule_id ? "refused_rule" : "refused", { message: body.message, rule: body.rule_id })
    .split("{code}");
  box.append(before, code, after ?? "");
  box.dataset.reason = body.reason;
  box.hidden = false;
}

async function sendMove(text) {
  if (page.busy || page.over) return;
  page.busy = true;
  for (const b of $("moves").querySelectorAll("button")) b.disabled = true;
  showRefusal(null);
  const { body } = await api(`/games/${encodeURIComponent(page.game)}/moves`, {
    method: "POST",
    body: JSON.stringify({ seat: page.seat, turn: page.turn, move: text }),
  });
  page.busy = false;
  if (body.ok) {
    keepView(body.view);
    $("move-text").value = "";
  } else {
    showRefusal(body);
  }
  for (const b of $("moves").querySelectorAll("button")) b.disabled = false;
}

async function poll() {
  while (!page.over) {
    const wait = page.turn < 0 ? 0 : 20;
    const since = Math.max(page.turn, 0);
    let answer;
    try {
      answer = await api(`/games/${encodeURIComponent(page.game)}/table?seat=${page.seat}&since=${since}&wait=${wait}`);
    } catch (e) {
      showError(t("unreachable"));
      await new Promise((r) => setTimeout(r, 2000));
      continue;
    }
    if (answer.status !== 200) { showError(`${answer.body.message}`); return; }
    showError("");
    render(answer.body);
  }
}

function download(link, name, text) {
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
}

async function finish(data) {
  $("result").hidden = false;
  $("moves").replaceChildren();
  const res = data.view;
  const winner = res.winner;
  const why = String(res.end).replaceAll("_", " ");
  let outcome = t("over", { why });
  if (typeof winner === "number") {
    const team = [0, 1, 2, 3].filter((s) => s % 2 === winner).map((s) => page.names[s]).join(t("and"));
    outcome = data.family === "malilla" ? t("team_wins", { team: winner, names: team })
      : winner === page.seat ? t("you_win", { why }) : t("wins", { name: page.names[winner], why });
  }
  $("outcome").textContent = outcome;
  // the record is kept as the server's text: its seeds are 64-bit numbers, which JavaScript's numbers would round
  const res2 = await fetch(`/games/${encodeURIComponent(page.game)}/record`,
                           { headers: { Authorization: `Bearer ${page.token}` }, cache: "no-store" });
  const text = await res2.text();
  if (res2.status !== 200) { $("verify").textContent = t("record_unreadable", { text }); return; }
  page.record = text;
  const views = [...page.views.values()];
  download($("download-record"), `maumau-${page.game}.json`, text);
  download($("download-views"), `maumau-${page.game}-views-seat${page.seat}.json`, JSON.stringify(views));
  $("verify-command").textContent =
    `maumau verify maumau-${page.game}.json --commitment ${page.commitment} --views maumau-${page.game}-views-seat${page.seat}.json`;
  const body = `{"record": ${text}, "commitment": ${JSON.stringify(page.commitment)}, "views": ${JSON.stringify(views)}}`;
  const check = await api("/verify", { method: "POST", body });
  const box = $("verify");
  box.className = check.body.ok ? "ok" : "bad";
  box.textContent = t(check.body.ok ? "verified" : "not_verified", { message: check.body.message });
  document.body.dataset.verified = String(Boolean(check.body.ok));
}

function table(params) {
  page.game = params.get("game");
  page.seat = Number(params.get("seat"));
  page.token = params.get("token") || "";
  const promised = sessionStorage.getItem(`commitment:${page.game}`);
  if (promised) {
    page.commitment = promised;
    $("commitment").textContent = promised;
  }
  const invites = JSON.parse(sessionStorage.getItem(`invites:${page.game}`) || "[]");
  if (invites.length && page.seat === 0) {
    $("invites").hidden = false;
    for (const { seat, link } of invites) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = link;
      a.textContent = t("invite", { n: seat });
      li.append(a);
      $("invite-links").append(li);
    }
  }
  $("table").hidden = false;
  $("moves").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-move]");
    if (b) sendMove(b.dataset.move);
  });
  $("board").addEventListener("click", (e) => {
    const el = e.target.closest("[data-move]");
    if (el) sendMove(el.getAttribute("data-move"));
  });
  $("board").addEventListener("keydown", (e) => { // (the picture's moves are focusable buttons: Enter or Space)
    const el = e.target.closest("[data-move]");
    if (el && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      sendMove(el.getAttribute("data-move"));
    }
  });
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-text").value.trim();
    if (text) sendMove(text);
  });
  document.body.dataset.ready = "table";
  poll();
}

async function start() {
  await loadTexts();
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("game")) table(params); else lobby();
}

window.addEventListener("hashchange", () => location.reload());
start();
