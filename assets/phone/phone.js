// The phones' page: the table as the app on the table sends it (server-sent events), a seat of
// one's own, and the two things a phone may ask: Done (its own turn only) and Pause. The app
// decides; this page only shows what it is told and asks. Text is always set as text, never as
// HTML, so no name can run as code.
"use strict";

const base = document.body.dataset.base;
const lang = (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
document.documentElement.lang = lang;
const $ = (id) => document.getElementById(id);

// The phone's own id, kept on the phone so a reload or a reconnect is the same phone.
function newId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
let phone = localStorage.getItem("tablekeeper.phone");
if (!phone || !/^[0-9a-f]{32}$/.test(phone)) {
  phone = newId();
  localStorage.setItem("tablekeeper.phone", phone);
}
const seatKey = "tablekeeper.seat:" + base;
// What this phone chose: a seat number, "display", or nothing yet.
let chosen = localStorage.getItem(seatKey);

let table = null; // the last table the app sent
let you = null; // the seat the app says is this phone's
let receivedAt = 0; // performance.now() when `table` arrived, less its age
let wasMyTurn = false;
let note = null; // a sentence to show on the seat picker
let asking = false;

function words() {
  return (table && table.words) || {};
}

function post(path, body) {
  return fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    cache: "no-store",
  }).then(async (response) => {
    let reason = null;
    if (!response.ok) {
      try { reason = (await response.json()).error; } catch (_) { reason = "error"; }
    }
    // 404: this address is not the table's any more (the table made a new code).
    if (response.status === 404) stale();
    return { ok: response.ok, status: response.status, reason };
  });
}

// A banner across the top: a sentence and, where there is something to do, a button.
function banner(text, action, onAction) {
  $("banner-text").textContent = text;
  $("banner-action").hidden = !action;
  $("banner-action").textContent = action || "";
  $("banner-action").onclick = onAction || null;
  $("banner").hidden = false;
}

// The address is dead: stop listening, and say to scan the table's code again.
let gone = false;
function stale() {
  gone = true;
  if (connect.source) connect.source.close();
  banner(words().scan_again || "Scan the table's code again.");
  document.body.classList.add("gone");
}

function choose(choice) {
  chosen = choice;
  if (choice === null) localStorage.removeItem(seatKey);
  else localStorage.setItem(seatKey, String(choice));
}

// Takes the chosen seat again after a reload, a lost connection or the app's restart.
function claim(seat) {
  if (asking) return;
  asking = true;
  post("/seat", { phone, seat }).then((answer) => {
    asking = false;
    if (answer.ok) {
      note = null;
      if (seat !== null) keepAwake();
      return;
    }
    if (answer.reason === "taken") note = words().taken;
    if (answer.reason === "dropped") {
      note = words().dropped;
      phone = newId();
      localStorage.setItem("tablekeeper.phone", phone);
      connect();
    }
    choose(null);
    render();
  }, () => { asking = false; });
}

function connect() {
  if (gone) return;
  if (connect.source) connect.source.close();
  const source = new EventSource(
    base + "/events?lang=" + lang + "&phone=" + encodeURIComponent(phone));
  connect.source = source;
  source.addEventListener("table", (event) => {
    const message = JSON.parse(event.data);
    table = message.table;
    you = message.you;
    receivedAt = performance.now() - message.age_ms;
    $("banner").hidden = true;
    document.body.classList.remove("gone");
    const seat = chosen !== null && chosen !== "display" ? Number(chosen) : null;
    if (seat !== null && you !== seat) claim(seat);
    render();
  });
  // The table made a new code: this address is dead.
  source.addEventListener("gone", stale);
  // The same phone opened the table in another tab: this one stops listening (else the two
  // would take the stream from each other for ever) until its player asks for it here.
  source.addEventListener("replaced", () => {
    source.close();
    banner(words().replaced || "", words().use_here || "OK", () => connect());
  });
  source.onerror = () => {
    if (gone) return;
    banner(words().reconnecting || "…");
    // The browser retries a dropped connection by itself, but gives up for good on an answer
    // that is not a stream (the app restarting, a burst slowed, a dead address): ask whether
    // the address is still the table's, then try again ourselves.
    if (source.readyState === EventSource.CLOSED) {
      fetch(base + "/hello", { cache: "no-store" }).then((answer) => {
        if (answer.status === 404) stale();
        else setTimeout(connect, 2000);
      }, () => setTimeout(connect, 2000));
    }
  };
}

function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? h + ":" + String(m).padStart(2, "0") + ":" + ss : m + ":" + ss;
}

// How long the clocks have run on since the table was read.
function runOn() {
  if (!table || table.paused || !table.playing) return 0;
  return performance.now() - receivedAt;
}

function render() {
  if (!table) return;
  const w = table.words;
  const display = chosen === "display";
  document.body.classList.toggle("display", display);
  const picking = chosen === null;
  $("pick").hidden = !picking;
  $("table").hidden = picking;
  if (picking) return renderPicker(w);
  renderTable(w, display);
}

function renderPicker(w) {
  $("pick-game").textContent = table.game;
  $("pick-title").textContent = w.pick_seat;
  $("pick-note").textContent = note || "";
  $("pick-note").hidden = !note;
  const seats = $("seats");
  seats.replaceChildren();
  for (const p of table.players) {
    const button = document.createElement("button");
    button.className = "seat";
    button.style.borderColor = p.colour;
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = p.colour;
    const name = document.createElement("span");
    name.textContent = p.name;
    button.append(swatch, name);
    if (p.claimed) {
      const held = document.createElement("small");
      held.textContent = w.held;
      button.append(held);
      button.disabled = true;
    }
    button.onclick = () => { choose(p.seat); note = null; claim(p.seat); render(); };
    seats.append(button);
  }
  $("as-display").textContent = w.display;
  $("as-display").onclick = () => { choose("display"); post("/seat", { phone, seat: null }); render(); };
}

function renderTable(w, display) {
  const current = table.current === null ? null : table.players[table.current];
  const mine = !display && you !== null && table.current === you && table.playing;
  $("round").textContent = table.round_line;
  $("turn").textContent = [table.turn_line, table.turns_left].filter(Boolean).join(" · ");
  $("change").textContent = w.change_seat;
  $("change").onclick = () => {
    post("/seat", { phone, seat: null });
    choose(null);
    render();
  };
  $("whose").textContent = mine ? w.your_turn : (table.whose || "");
  $("whose").style.color = current ? current.colour : "";
  $("whose-box").style.borderColor = current ? current.colour : "";
  $("doing").textContent = table.doing || "";
  $("doing").hidden = !table.doing;
  $("clock").hidden = !table.playing;
  const marks = [];
  if (table.paused) marks.push(w.paused);
  if (table.last) marks.push(table.last);
  $("marks").dataset.base = marks.join(" · ");
  const me = !display && you !== null ? table.players[you] : null;
  $("me").hidden = !me;
  if (me) {
    $("me-name").textContent = me.name;
    $("me-name").style.color = me.colour;
  }
  const facts = $("facts");
  facts.replaceChildren();
  for (const line of [table.parent, table.objective]) {
    if (!line) continue;
    const div = document.createElement("div");
    div.textContent = line;
    facts.append(div);
  }
  $("players").hidden = !display;
  $("done").hidden = display;
  $("done").textContent = w.done;
  $("done").disabled = !mine;
  $("pause").hidden = display;
  $("pause").textContent = table.paused ? w.resume : w.pause;
  $("pause").disabled = you === null || table.stage === "over";
  if (mine && !wasMyTurn && navigator.vibrate) navigator.vibrate([180, 80, 180]);
  wasMyTurn = mine;
  tick();
}

// The running clocks, four times a second, from the last table the app sent.
function tick() {
  if (!table || chosen === null) return;
  const w = table.words;
  const on = runOn();
  const clock = table.clock_ms + on;
  $("clock").textContent = clockText(clock);
  const over = table.target_ms !== null && table.playing && clock >= table.target_ms;
  $("clock").classList.toggle("over", over);
  const marks = [$("marks").dataset.base || ""];
  if (over) marks.push(w.over_target);
  $("marks").textContent = marks.filter(Boolean).join(" · ");
  const total = (seat) => table.players[seat].total_ms + (seat === table.current ? on : 0);
  if (you !== null && chosen !== "display" && table.players[you]) {
    $("me-total").textContent = w.your_time + " " + clockText(total(you));
  }
  if (chosen === "display") {
    const players = $("players");
    players.replaceChildren();
    for (const p of table.players) {
      const name = document.createElement("div");
      name.textContent = p.name;
      name.style.color = p.colour;
      const time = document.createElement("div");
      time.textContent = clockText(total(p.seat));
      if (p.seat === table.current) { name.className = "now"; time.className = "now"; }
      players.append(name, time);
    }
  }
}

$("done").onclick = () => {
  if (!table || !table.turn) return;
  $("done").disabled = true; // one tap is one request; the app's answer re-enables it
  // A refusal or a lost request leaves the table as it was: show it as it is again.
  // The request names the table's state the player saw (not its position): one made before
  // an Undo, or sent twice, changes nothing.
  post("/done", { phone, rev: table.rev }).then((answer) => { if (!answer.ok) render(); }, render);
};
$("pause").onclick = () => {
  if (!table) return;
  // Done waits for the table the pause makes (a Done made in the state before it would be
  // refused as stale); the next table re-enables it.
  $("done").disabled = true;
  post("/pause", { phone, rev: table.rev, paused: !table.paused }).then((answer) => {
    if (!answer.ok) render();
    if (answer.reason === "too_soon") {
      banner(words().too_soon || "");
      setTimeout(() => { if (!gone) $("banner").hidden = true; }, 1500);
    }
  }, render);
};

// The screen stays on while a seat is held, where the browser allows it (the Wake Lock API
// needs a secure page, which plain HTTP on the local network is not: then the page says so).
let wakeLock = null;
function keepAwake() {
  if (!("wakeLock" in navigator)) {
    $("wake").textContent = words().no_wake || "";
    $("wake").hidden = false;
    return;
  }
  navigator.wakeLock.request("screen").then((lock) => {
    wakeLock = lock;
    lock.addEventListener("release", () => { wakeLock = null; });
  }, () => {
    $("wake").textContent = words().no_wake || "";
    $("wake").hidden = false;
  });
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && chosen !== null && wakeLock === null) keepAwake();
  if (document.visibilityState === "visible" && connect.source && !gone &&
      $("banner-action").hidden && connect.source.readyState === EventSource.CLOSED) connect();
});

connect();
setInterval(tick, 250);
