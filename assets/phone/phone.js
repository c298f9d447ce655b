// The phones' page: the table as the app on the table sends it (server-sent events), a seat of
// one's own, and what a phone may ask: Done (its own turn only), Pause, and its player's own
// values (their round-objective result, their column of the sheet, Ready). The app decides;
// this page only shows what it is told and asks. Text is always set as text, never as HTML, so
// no name can run as code.
"use strict";

const base = document.body.dataset.base;
// The languages the phone's owner reads, in their order: the table answers in the first it
// speaks (English if none), and says which (`words.lang`), which the page then declares.
const lang = encodeURIComponent(
  ((navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || "en"])
    .slice(0, 8).join(","));
// Until the table says which language its words are in, the phone's own.
document.documentElement.lang = navigator.language || "en";
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
let asking = null; // the seat the table is asked to give this phone, while it is
let receivedAt = 0; // performance.now() when `table` arrived, less its age
let wasMyTurn = false;
let note = null; // a sentence to show on the seat picker
let claiming = false;
// Each waits for the app's answer to this phone's tap (the next table, or a refusal).
let doneWaiting = false; // Done or Pause
let turnWaiting = false; // an action on the player's own cards
let readyWaiting = false; // Ready on the sheet

function words() {
  return (table && table.words) || {};
}

// Why the table refused a request, in words: the server answers with a reason's code, which a
// page never shows (an unknown one gets the general sentence).
function whyNot(reason, detail) {
  const why = words().why || {};
  return (why[reason] || why.error || "").replace("{char}", detail || "");
}

// --- Updating in place ------------------------------------------------------------------------
// A table arrives on every change anywhere at the table. Nothing a player may be aiming at is
// rebuilt or disabled for it: each list keeps one element per item, by key, made once and then
// only changed where its item changed, so a finger (and the keyboard's focus) stays on the
// button it was on.

// The children of `parent`, one per item of `items` (by `keyOf`): made by `make` the first
// time, brought up to date by `update` every time, moved only when the order changed.
function reconcile(parent, items, keyOf, make, update) {
  const old = new Map();
  for (const el of parent.children) old.set(el.dataset.key, el);
  let next = parent.firstElementChild;
  for (const item of items) {
    const key = String(keyOf(item));
    let el = old.get(key);
    if (el) old.delete(key);
    else { el = make(item); el.dataset.key = key; }
    update(el, item);
    if (el === next) next = next.nextElementSibling;
    else parent.insertBefore(el, next);
  }
  for (const el of old.values()) el.remove();
}

function setText(el, text) {
  text = text == null ? "" : String(text);
  if (el.textContent !== text) el.textContent = text;
}

// A button that waits for the app's answer stays where it is, focusable: it is marked, not
// disabled (a disabled button drops the keyboard's focus), and a tap on it does nothing.
function setWaiting(el, waiting) {
  if (waiting) el.setAttribute("aria-disabled", "true");
  else el.removeAttribute("aria-disabled");
}
const isWaiting = (el) => el.getAttribute("aria-disabled") === "true";

// Sends what the phone asks. The page names its phone on every request, so the server counts
// this phone's requests as its own, whoever shares its address. A request the server refused
// as too fast was not taken: it is sent again when the server says it may be, and the page
// says meanwhile that it is sending (a tap is never lost to it, nor waits unseen). It names
// the table's state it was made in, so sending it again never does a thing twice.
const TRIES = 8;
function post(path, body) {
  let waited = false; // counted in `resending` while it is sent again
  const settle = () => { if (waited) { waited = false; sending(-1); } };
  const attempt = (tries) => fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Tablekeeper-Phone": phone },
    body: JSON.stringify(body),
    cache: "no-store",
  }).then(async (response) => {
    let reason = null;
    let detail = null;
    let retryMs = 0;
    if (!response.ok) {
      try {
        const answer = await response.json();
        reason = answer.error;
        detail = typeof answer.detail === "string" ? answer.detail : null;
        retryMs = Number(answer.retry_ms) || 0;
      } catch (_) { reason = "error"; }
    }
    if (reason === "too_fast" && tries < TRIES) {
      if (!waited) { waited = true; sending(1); }
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(retryMs, 50), 5000)));
      return attempt(tries + 1);
    }
    settle();
    if (reason === "too_fast") banner(words().not_sent || "");
    // 404: this address is not the table's any more (the table made a new code).
    if (response.status === 404) stale();
    return { ok: response.ok, status: response.status, reason, detail };
  }, (error) => { settle(); throw error; });
  return attempt(0);
}

// How many requests are being sent again after "too fast"; a line says so while any is. It
// floats over the page, so nothing under a finger moves when it comes and goes.
let resending = 0;
function sending(change) {
  resending = Math.max(0, resending + change);
  setText($("sending"), words().sending_again || "");
  $("sending").hidden = resending === 0;
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

// Takes the chosen seat (again, after a reload, a lost connection or the app's restart). A seat
// this phone does not hold yet is asked of the table: the answer comes on the stream.
function claim(seat) {
  if (claiming) return;
  claiming = true;
  post("/seat", { phone, seat }).then((answer) => {
    claiming = false;
    if (answer.status === 202) {
      asking = seat;
      // With no window, a phone answers (the seat's own, else another player's).
      note = table && table.no_window ? words().asking_alone : words().asking;
      render();
      return;
    }
    if (answer.ok) {
      note = null;
      if (seat !== null) keepAwake();
      return;
    }
    note = whyNot(answer.reason);
    if (answer.reason === "dropped") {
      note = words().dropped;
      phone = newId();
      localStorage.setItem("tablekeeper.phone", phone);
      connect();
    }
    choose(null);
    render();
  }, () => { claiming = false; });
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
    const askedBefore = asking;
    you = message.you;
    asking = message.asking;
    asks = message.asks || [];
    if (message.dropped && table.lobby) note = words().removed_note;
    receivedAt = performance.now() - message.age_ms;
    $("banner").hidden = true;
    document.body.classList.remove("gone");
    // Joined before the game: this phone's seat is the one the table gave it. An ask for a
    // seat the window named, answered without the seat, was refused.
    if (table.lobby && you !== null) choose(you);
    if (table.lobby && askedBefore !== null && asking === null && you === null) note = words().refused;
    const seat = chosen !== null && chosen !== "display" && !table.lobby ? Number(chosen) : null;
    if (seat !== null && you === seat) note = null;
    if (seat !== null && you !== seat && askedBefore === seat && asking === null) {
      // The table answered this phone's ask, and not with the seat.
      note = words().refused;
      choose(null);
    } else if (seat !== null && you !== seat && message.given_away === seat) {
      // The host gave this seat to another phone (its player's new one): not asked back by
      // itself, on this connection or the next; its player may choose it again.
      note = message.take_back ? words().seat_given : words().seat_given_asks;
      choose(null);
    } else if (seat !== null && you !== seat && asking !== seat) {
      claim(seat);
    }
    // A new table is the app's answer to whatever this phone was waiting on.
    turnWaiting = false;
    doneWaiting = false;
    render();
    clearCardForm();
    showNews(table.news);
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
  if (!table || table.paused) return 0;
  if (!table.playing && !Array.isArray(table.together)) return 0;
  return performance.now() - receivedAt;
}

// Whose clock runs: the current player's, or, while everyone plays at once, each one's who is
// not ready yet.
function running(seat) {
  return Array.isArray(table.together) ? table.together[seat] === false : seat === table.current;
}

// A tap on a screen in "Just watch" (a tablet on the table) shows its seat button for a while.
let touchedUntil = null;
document.addEventListener("pointerdown", () => {
  document.body.classList.add("touched");
  clearTimeout(touchedUntil);
  touchedUntil = setTimeout(() => document.body.classList.remove("touched"), 8000);
});

function render() {
  if (!table) return;
  const w = table.words;
  if (w.lang) document.documentElement.lang = w.lang;
  const display = chosen === "display";
  document.body.classList.toggle("display", display);
  renderSays(w, display);
  // A television across the room draws its own views between turns (television.js).
  if (typeof television !== "undefined" && television.show(table, display)) {
    for (const id of ["pick", "lobby", "idle", "table"]) $(id).hidden = true;
    return;
  }
  // Between games: the game being set up (join it), or no game yet (the last one saved).
  const between = table.stage === "not_started" && !display;
  const lobby = between && table.lobby;
  $("lobby").hidden = !lobby;
  $("idle").hidden = !between || !!lobby;
  if (between) {
    $("pick").hidden = true;
    $("table").hidden = true;
    return lobby ? renderLobby(w) : renderIdle(w);
  }
  // A seat chosen but not (yet) this phone's, while the table is asked: still picking.
  const picking = chosen === null || (chosen !== "display" && you !== Number(chosen));
  $("pick").hidden = !picking;
  $("table").hidden = picking;
  if (picking) return renderPicker(w);
  renderTable(w, display);
}

// What the whole table must know, on every phone and the television alike: the table cannot
// save (a full disk), or was restarted with its clock paused (a seated phone resumes it here).
function renderSays(w, display) {
  renderWaits(w);
  const said = [table.cannot_save, table.restarted].filter(Boolean).join(" ");
  setText($("says-text"), said);
  $("says").hidden = !said;
  const resume = !!table.restarted && !display && you !== null && table.paused;
  $("says-action").hidden = !resume;
  setText($("says-action"), resume ? w.resume : "");
}
// Whom the table waits for, counted down here from what the table said (its start and end are
// all the table sends): each phone offline within the grace (then the rules act on its
// absence), and, while no player's phone is at the table, when any phone may take a seat.
function renderWaits(w) {
  const since = performance.now() - receivedAt;
  const lines = (Array.isArray(table.grace_left) ? table.grace_left : [])
    .filter((g) => g.ms - since > 0)
    .map((g) => w.grace_left.replace("{player}", g.name).replace("{time}", clockText(g.ms - since)));
  if (typeof table.free_in_ms === "number") {
    const left = table.free_in_ms - since;
    lines.push(left > 0 ? w.table_free_in.replace("{time}", clockText(left)) : w.table_free);
  }
  setText($("waits"), lines.join(" "));
  $("waits").hidden = lines.length === 0;
}
$("says-action").onclick = () => {
  if (table && table.paused) $("pause").onclick();
};

// --- Joining before the game ------------------------------------------------------------------
// The player's own name (kept on the phone for the next game), a free colour, Join; once in,
// the players at the table, the host's choice (TERRAVIST's first habitat) and Start.
const nameKey = "tablekeeper.name";
let joinColour = null;
let joinWaiting = false;
function renderLobby(w) {
  const lobby = table.lobby;
  setText($("lobby-game"), table.game);
  renderStandings("lobby");
  // Another game instead: any phone before one has joined, then the host's.
  const offered = table.new_games || [];
  const mayChange = offered.length > 1 && (lobby.host === null || lobby.host === you);
  $("lobby-games").hidden = !mayChange;
  if (mayChange) renderLobbyGames($("lobby-games"), offered, w);
  renderUnread($("lobby-unread"), mayChange ? table.unread_games : []);
  renderWatch($("watch-lobby"), w);
  // With no window, the host's phone answers an ask: no "computer" where none keeps the table.
  const askingNote = table.no_window ? w.asking_alone : w.asking;
  const said = asking !== null && you === null ? askingNote : note;
  setText($("lobby-note"), said || "");
  $("lobby-note").hidden = !said;
  const joined = you !== null;
  $("join-box").hidden = joined;
  $("joined-box").hidden = !joined;
  setText($("lobby-players-title"), w.lobby_players);
  reconcile($("lobby-players"), table.players.map((p, i) => [i, p]), ([i]) => i, () => {
    const div = document.createElement("div");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    div.append(swatch, document.createElement("span"));
    return div;
  }, (div, [i, p]) => {
    div.children[0].style.background = p.colour;
    setText(div.children[1], (p.name || "…") + (i === you ? " ✓" : ""));
  });
  renderHostTools(w, lobby);
  renderSetupBox(lobby);
  if (!joined) return renderJoin(w, lobby);
  setText($("joined-note"), table.no_window ? w.joined_alone : w.joined);
  const host = lobby.host === you && lobby.first_habitat;
  $("habitat-line").hidden = !host;
  if (host) {
    setText($("l-habitat"), lobby.first_habitat.label);
    const select = $("habitat");
    const options = [{ id: "", name: "—" }].concat(lobby.first_habitat.options);
    reconcile(select, options, (o) => o.id, () => document.createElement("option"),
      (option, o) => { option.value = o.id; setText(option, o.name); });
    if (document.activeElement !== select) select.value = lobby.first_habitat.chosen || "";
    select.onchange = () => {
      if (select.value) post("/choose", { phone, rev: table.rev, habitat: select.value });
    };
  }
  setText($("start"), w.start);
  setWaiting($("start"), !!lobby.not_ready);
  setText($("start-note"), startNote(w, lobby));
  $("start").onclick = () => {
    if (lobby.not_ready || isWaiting($("start"))) return;
    setWaiting($("start"), true);
    post("/start", { phone, rev: table.rev }).then(() => {}, () => setWaiting($("start"), false));
  };
}

// Why Start waits, in this phone's words: the first habitat is the host's to choose, and a
// phone that is not the host is told whose choice it is, never asked to make it.
function startNote(w, lobby) {
  const habitat = lobby.first_habitat;
  if (!habitat || habitat.chosen || !lobby.not_ready) return lobby.not_ready || "";
  if (lobby.host === you) return w.choose_habitat;
  const host = lobby.host === null ? null : table.players[lobby.host];
  return host && host.name ? w.host_chooses_habitat.replace("{host}", host.name) : lobby.not_ready;
}

function renderJoin(w, lobby) {
  setText($("join-title"), lobby.full ? (lobby.full_text || w.full) : w.join_title);
  setText($("l-your-name"), w.your_name);
  setText($("l-your-colour"), w.your_colour);
  const input = $("join-name");
  if (!input.value && document.activeElement !== input) input.value = localStorage.getItem(nameKey) || "";
  const seated = lobby.known_seated || [];
  reconcile($("known-names"), lobby.known_names, (n) => n, (n) => {
    const button = document.createElement("button");
    button.className = "plain";
    button.type = "button";
    button.onclick = () => { if (!isWaiting(button)) input.value = n; };
    return button;
  }, (button, n) => {
    setText(button, n);
    setWaiting(button, seated.includes(n));
    button.classList.toggle("taken", seated.includes(n));
  });
  // A colour another phone took is greyed in its place; the choice moves to a free one.
  const free = lobby.colours.filter((c) => !c.taken);
  if (!free.some((c) => c.key === joinColour)) {
    joinColour = free.length ? free[0].key : null;
  }
  reconcile($("join-colours"), lobby.colours, (c) => c.key, (c) => {
    const button = document.createElement("button");
    button.type = "button";
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    button.append(swatch, document.createElement("span"));
    button.onclick = () => {
      if (isWaiting(button)) return;
      joinColour = c.key;
      render();
    };
    return button;
  }, (button, c) => {
    button.children[0].style.background = c.colour;
    setText(button.children[1], c.name);
    button.setAttribute("aria-pressed", String(c.key === joinColour));
    setWaiting(button, !!c.taken);
    button.classList.toggle("taken", !!c.taken);
  });
  setText($("join"), w.join);
  setWaiting($("join"), joinWaiting || lobby.full);
  $("join").onclick = () => {
    const name = input.value.trim();
    if (!name || joinWaiting || lobby.full) { input.focus(); return; }
    localStorage.setItem(nameKey, name);
    joinWaiting = true;
    note = null;
    post("/join", { phone, name, colour: joinColour }).then((answer) => {
      joinWaiting = false;
      if (!answer.ok) note = answer.reason === "full" ? lobbyFull() : whyNot(answer.reason, answer.detail);
      if (answer.ok) keepAwake();
      render();
    }, () => { joinWaiting = false; render(); });
  };
}

// The game files the table could not read, greyed under the games offered, each saying why
// (so a game missing from the list is not a mystery to whoever sets one up).
function renderUnread(list, unread) {
  unread = unread || [];
  list.hidden = !unread.length;
  reconcile(list, unread, (line) => line, () => document.createElement("li"),
    (li, line) => setText(li, line));
}

// Tonight's standings between games (the league's figure and tonight's change of each of
// tonight's players), as the venue's screen shows them.
function renderStandings(where) {
  const standings = table.standings || [];
  $(where + "-standings-box").hidden = !standings.length;
  setText($(where + "-standings-title"), table.standings_title || "");
  reconcile($(where + "-standings"), standings, (s) => s.player, () => document.createElement("li"),
    (li, s) => setText(li, s.player + "  " + s.shown + "  (" + s.change + ")"
      + (s.provisional ? "  · " + table.provisional : "")));
}

function renderIdle(w) {
  setText($("idle-game"), table.game);
  setText($("idle-saved"), table.saved || "");
  $("idle-saved").hidden = !table.saved;
  // Each player's rating change in the game just saved (the league over the history).
  const ratings = table.ratings || [];
  $("idle-ratings-box").hidden = !ratings.length;
  setText($("idle-ratings-title"), table.ratings_title || "");
  reconcile($("idle-ratings"), ratings, (line) => line, () => document.createElement("li"),
    (li, line) => setText(li, line));
  renderStandings("idle");
  setText($("idle-note"), w.doing_between_games);
  // Where no window keeps the table, a phone sets the next game up.
  const offered = table.new_games || [];
  $("new-box").hidden = !offered.length;
  setText($("new-title"), w.new_game_title);
  setText($("new-help"), w.new_game_help);
  renderGames($("new-games"), offered);
  renderUnread($("new-unread"), offered.length ? table.unread_games : []);
  renderWatch($("watch-idle"), w);
  renderPast(w);
}

// --- The history, read-only (where the keeper shows it: tablekeeper serve) ------------------
// The last games, fetched between games and again once another is saved; one opened shows its
// sheet, its times, and its BG Stats link as a link and a QR code.
let past = null;
let pastFor;
let pastOpen = null;
function renderPast(w) {
  if (pastFor !== table.saved) {
    pastFor = table.saved;
    fetch(base + "/past?lang=" + lang, { cache: "no-store" })
      .then((answer) => answer.ok ? answer.json() : null)
      .then((data) => { past = data; render(); }, () => {});
  }
  const games = past && past.games ? past.games : [];
  const open = games.find((g) => g.id === pastOpen) || null;
  $("past-box").hidden = !games.length || !!open;
  $("past-game").hidden = !open;
  if (!games.length) return;
  setText($("past-title"), past.title);
  reconcile($("past-list"), games, (g) => g.id, (g) => {
    const b = document.createElement("button");
    b.className = "plain past-item";
    b.type = "button";
    b.onclick = () => { pastOpen = g.id; render(); };
    return b;
  }, (b, g) => setText(b, [g.date, g.game, g.winners].join(" · ")));
  if (open) renderPastGame(w, open);
}

function renderPastGame(w, g) {
  setText($("past-back"), w.past_back);
  $("past-back").onclick = () => { pastOpen = null; render(); };
  setText($("past-name"), g.game);
  setText($("past-about"), [g.date, g.length, g.winners].join(" · "));
  const rows = [[""].concat(g.players.map((p) => p.name))]
    .concat(g.parts.map((part) => [part.name].concat(part.values)))
    .concat([[w.past_total].concat(g.players.map((p) => p.total))])
    .concat([[w.past_time].concat(g.players.map((p) => p.time))]);
  const sheet = $("past-sheet");
  sheet.replaceChildren(...rows.map((cells, r) => {
    const tr = document.createElement("tr");
    tr.append(...cells.map((text, c) => {
      const cell = document.createElement(r === 0 || c === 0 ? "th" : "td");
      cell.textContent = text;
      if (r === rows.length - 2) cell.className = "total";
      if (r === 0 && c > 0 && g.players[c - 1].winner) cell.className = "winner";
      return cell;
    }));
    return tr;
  }));
  $("past-bgstats").hidden = !g.bgstats;
  if (g.bgstats) {
    $("past-bgstats").href = g.bgstats;
    setText($("past-bgstats"), g.bgstats_label);
  }
  drawQr($("past-qr"), g.qr);
}

// A past game's BG Stats link as a QR code, as wide as a phone's screen allows (qr.js).
function drawQr(canvas, qr) {
  canvas.hidden = !qr;
  if (!qr) return;
  paintQr(canvas, qr, Math.max(2, Math.floor(560 / (qr.width + 8))));
}

// A television or a tablet watches from before the game: the table view, between games too.
function renderWatch(button, w) {
  setText(button, w.display);
  button.onclick = () => { choose("display"); post("/seat", { phone, seat: null }); render(); };
}

// The games a phone may set up, each a button; the table's answer is the lobby that follows.
function renderGames(list, offered) {
  reconcile(list, offered, (g) => g.id, (g) => {
    const button = document.createElement("button");
    button.className = "plain";
    button.type = "button";
    button.onclick = () => post("/new", { phone, game: g.id, rev: table.rev });
    return button;
  }, (button, g) => setText(button, g.name));
}

function renderPicker(w) {
  $("pick-game").textContent = table.game;
  $("pick-title").textContent = w.pick_seat;
  $("pick-note").textContent = note || "";
  $("pick-note").hidden = !note;
  reconcile($("seats"), table.players, (p) => p.seat, (p) => {
    const button = document.createElement("button");
    button.className = "seat";
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    const name = document.createElement("span");
    const held = document.createElement("small");
    button.append(swatch, name, held);
    button.onclick = () => {
      if (button.disabled) return;
      choose(p.seat); note = null; claim(p.seat); render();
    };
    return button;
  }, (button, p) => {
    const [swatch, name, held] = button.children;
    button.style.borderColor = p.colour;
    swatch.style.background = p.colour;
    setText(name, p.name);
    setText(held, p.claimed ? w.held : asking === p.seat ? "…" : "");
    held.hidden = !p.claimed && asking !== p.seat;
    button.setAttribute("aria-pressed", String(asking === p.seat));
    // Another phone's seat is not to be had: a state, not a wait. Where no window keeps the
    // table, it may be asked of the host's phone (a player whose phone gave out).
    button.disabled = p.claimed && !table.host_answers_asks;
  });
  $("as-display").textContent = w.display;
  $("as-display").onclick = () => { choose("display"); post("/seat", { phone, seat: null }); render(); };
  renderLateFriend(w);
}

// A friend who arrives after Start, where no window keeps the table: every seat is held, so
// the way in is back through the lobby (an abandon from the seated phones), said here.
function renderLateFriend(w) {
  const full = table.players.length > 0 && table.players.every((p) => p.claimed);
  const late = table.host_answers_asks && full && table.stage !== "over";
  setText($("pick-late"), late ? w.late_friend : "");
  $("pick-late").hidden = !late;
}

// The asks for a seat, on the host's phone where no window keeps the table: who asks (by
// address) for whose seat, Let it or Refuse, as the window's bar.
let asks = [];
function renderAsks(w, display) {
  const shown = display ? [] : asks;
  $("asks-box").hidden = !shown.length;
  reconcile($("asks-list"), shown, (a) => a.seat + "@" + a.address, (a) => {
    const row = document.createElement("div");
    row.className = "ask";
    const text = document.createElement("p");
    const give = document.createElement("button");
    give.className = "primary";
    give.type = "button";
    give.onclick = () => post("/answer", { phone, seat: a.seat, address: a.address, give: true });
    const refuse = document.createElement("button");
    refuse.className = "plain";
    refuse.type = "button";
    refuse.onclick = () => post("/answer", { phone, seat: a.seat, address: a.address, give: false });
    row.append(text, give, refuse);
    return row;
  }, (row, a) => {
    const [text, give, refuse] = row.children;
    const player = table.players[a.seat] ? table.players[a.seat].name : "";
    // A device that holds a seat already asks the host alone: two players sharing one phone?
    const other = a.shares !== null && a.shares !== undefined && table.players[a.shares];
    const line = other ? w.ask_line_shares.replace("{other}", other.name) : w.ask_line;
    setText(text, line.replace("{address}", a.address).replace("{player}", player));
    setText(give, w.let_it);
    setText(refuse, w.refuse);
  });
}

let changeArmed = false;
let changeDisarm = null;
function renderTable(w, display) {
  const current = table.current === null ? null : table.players[table.current];
  const mine = !display && you !== null && table.current === you && table.playing;
  $("round").textContent = table.round_line;
  $("turn").textContent = [table.turn_line, table.turns_left].filter(Boolean).join(" · ");
  // Leaving one's seat is asked once: the first tap arms the button for a few seconds (a
  // slip of the thumb frees no seat: with every seat free, the table had no host to ask).
  $("change").textContent = changeArmed && !display ? w.change_seat_again : w.change_seat;
  $("change").onclick = () => {
    if (you !== null && !changeArmed) {
      changeArmed = true;
      clearTimeout(changeDisarm);
      changeDisarm = setTimeout(() => { changeArmed = false; render(); }, 4000);
      render();
      return;
    }
    changeArmed = false;
    post("/seat", { phone, seat: null });
    choose(null);
    render();
  };
  $("whose").textContent = mine ? w.your_turn : (table.whose || "");
  // A player's colour marks the box, never the text: a yellow name on the card is 1.9:1.
  $("whose-box").style.borderColor = current ? current.colour : "";
  $("doing").textContent = table.doing || "";
  $("doing").hidden = !table.doing;
  renderRoundStart();
  $("clock").hidden = !table.playing;
  const marks = [];
  if (table.paused) marks.push(w.paused);
  if (table.last) marks.push(table.last);
  $("marks").dataset.base = marks.join(" · ");
  const me = !display && you !== null ? table.players[you] : null;
  $("me").hidden = !me;
  if (me) {
    $("me-name").textContent = me.name;
    $("me").style.borderLeftColor = me.colour;
    // A game of sides (Leviath): the player's side in words, not by colour alone.
    setText($("me-side"), me.side_line);
    $("me-side").hidden = !me.side_line;
  }
  const facts = [["parent", table.parent], ["objective", table.objective],
    ["timer", table.timer && table.timer.mode]].filter(([, line]) => line);
  reconcile($("facts"), facts, ([key]) => key, () => document.createElement("div"),
    (div, [, line]) => setText(div, line));
  $("players").hidden = !display;
  // Done has nothing to end at a round's end or after the game: the form is what counts then.
  $("done").hidden = display || table.stage === "round_end" || table.stage === "over";
  $("done").textContent = w.done;
  $("done").disabled = !mine;
  setWaiting($("done"), doneWaiting);
  $("pause").hidden = display || table.stage === "over";
  $("pause").textContent = table.paused ? w.resume : w.pause;
  $("pause").disabled = you === null || table.stage === "over";
  // Undo and Redo for any seated phone, as anyone at the table reaches for the window's.
  $("undo-row").hidden = display || you === null || (!table.can_undo && !table.can_redo);
  setText($("undo"), w.undo);
  setText($("redo"), w.redo);
  $("undo").disabled = !table.can_undo;
  $("redo").disabled = !table.can_redo;
  if (mine && !wasMyTurn && navigator.vibrate) navigator.vibrate([180, 80, 180]);
  wasMyTurn = mine;
  renderAsks(w, display);
  renderStep(w, display);
  renderFinish(w, display);
  renderAbandon(w, display);
  renderObjective(w, display);
  renderLate(w, display);
  renderFillFor(w, display);
  renderEndings(w, display);
  renderOrder(w, display);
  renderCounters(w, display);
  renderShared(w, display);
  renderTogether(w, display ? null : me);
  renderEntry(w, display ? null : me);
  renderCards(w, mine);
  tick();
}

// --- The table's steps between turns (a round end's), from the phone the rules name ---------
// Every phone sees what the step will do; the one it waits on (the parent's) confirms it. With
// a player's answer still missing, the first tap asks, the second confirms (as the window's).
let stepArmed = null; // the step's key, once tapped once
let stepWaiting = false;
// The phone the step waits on, or the one standing in for it while that one is gone.
const stepIsMine = (step, display) => !display && you !== null &&
  (you === step.who || you === table.stand_in);
function renderStep(w, display) {
  const mineNow = table.step && stepIsMine(table.step, display);
  // A step the game does not wait on is only the phone's it is offered to.
  const step = table.step && (!table.step.optional || mineNow) ? table.step : null;
  $("step").hidden = !step;
  if (!step) { stepArmed = null; return; }
  if (stepArmed !== step.key) stepArmed = null;
  setText($("step-title"), step.title);
  reconcile($("step-lines"), step.lines.map((line, i) => [i, line]), ([i]) => i,
    () => document.createElement("li"), (li, [, line]) => {
      setText(li, line.text);
      li.classList.toggle("warning", line.warning);
    });
  setText($("step-waiting"), step.waiting || "");
  $("step-waiting").hidden = !step.waiting;
  const mine = stepIsMine(step, display);
  const standing = mine && you !== step.who ? table.stand_in_line : "";
  setText($("step-by"), mine ? standing : step.by);
  $("step-by").hidden = mine && !standing;
  $("step-card").hidden = !mine || !step.takes_card;
  $("step-card").placeholder = step.card_placeholder || "";
  $("step-go").hidden = !mine;
  setText($("step-go"), stepArmed === step.key ? w.confirm_again : step.confirm);
  setWaiting($("step-go"), stepWaiting);
  $("step-go").onclick = () => {
    if (stepWaiting) return;
    if (step.waiting && stepArmed !== step.key) { stepArmed = step.key; render(); return; }
    stepWaiting = true;
    const card = step.takes_card ? $("step-card").value : undefined;
    post("/step", { phone, rev: table.rev, key: step.key, card: card || null }).then(() => {
      stepWaiting = false;
      $("step-card").value = "";
      render();
    }, () => { stepWaiting = false; render(); });
  };
}

// --- The round's objective tile, named from the parent's phone when it is revealed ---------
// The television and every result prompt show it from then on. A field being typed in is
// never overwritten by an update.
function renderObjective(w, display) {
  const open = table.objective_open;
  const mine = !display && you !== null && open && table.parent_seat === you;
  $("objective-box").hidden = !mine;
  if (!mine) return;
  setText($("objective-title"), open.title);
  const input = $("objective-label");
  input.placeholder = w.objective_placeholder;
  if (document.activeElement !== input && !input.dataset.typed) input.value = open.label || "";
  input.oninput = () => { input.dataset.typed = "1"; };
  setText($("objective-set"), w.objective_set);
  $("objective-set").onclick = () => {
    const label = input.value.trim();
    if (!label || isWaiting($("objective-set"))) return;
    setWaiting($("objective-set"), true);
    post("/objective", { phone, rev: table.rev, label }).then(() => {
      delete input.dataset.typed;
      setWaiting($("objective-set"), false);
    }, () => setWaiting($("objective-set"), false));
  };
}

// The players not ready yet in a phase everyone plays at once ("Waiting for: Chie, Dai").
function togetherWaiting(w) {
  if (!Array.isArray(table.together)) return "";
  const names = table.players.filter((p, seat) => table.together[seat] === false).map((p) => p.name);
  return names.length ? w.waiting_for.replace("{names}", names.join(", ")) : "";
}

// --- Finish, from any seated phone once every column is Ready: the first tap asks -----------
let finishArmed = false;
let finishArmedAt = 0; // performance.now() at the first tap
// A second tap sooner than this after the first is the same hurried thumb, not a yes.
const SECOND_TAP_MS = 600;
function renderFinish(w, display) {
  // Who the sheet, or a phase everyone plays at once, still waits for: on every phone and the
  // television, by name.
  const waiting = table.sheet_waiting || togetherWaiting(w);
  setText($("sheet-waiting"), waiting || "");
  $("sheet-waiting").hidden = !waiting;
  const can = !display && you !== null && table.finishable;
  $("finish-box").hidden = !can;
  if (!can) { finishArmed = false; return; }
  setText($("finish"), finishArmed ? w.finish_again : w.finish);
  setText($("act-refused"), table.cards_refused || "");
  $("act-refused").hidden = !table.cards_refused;
  $("finish").onclick = () => {
    if (!finishArmed) { finishArmed = true; finishArmedAt = performance.now(); render(); return; }
    if (performance.now() - finishArmedAt < SECOND_TAP_MS) return;
    finishArmed = false;
    setWaiting($("finish"), true);
    post("/finish", { phone, rev: table.rev }).then(() => setWaiting($("finish"), false),
      () => setWaiting($("finish"), false));
  };
}

// --- Abandon, from the phones alone: one seat's phone asks, another seat's confirms ---------
// The asker's own second tap counts only when no other seat's phone is at the table, and
// only after a few seconds (the table says so in `refused`). Keep playing withdraws the ask.
function renderAbandon(w, display) {
  const can = !display && you !== null;
  const ask = table.abandon;
  // The television and a watching phone read the ask too, with nothing to tap.
  $("abandon-box").hidden = !can && !ask;
  $("abandon").hidden = !can;
  if (!can) {
    setText($("abandon-line"), ask ? ask.line : "");
    $("abandon-line").hidden = !ask;
    $("abandon-keep").hidden = true;
    $("abandon-note").hidden = true;
    return;
  }
  const mine = !!ask && ask.by === you;
  setText($("abandon-line"), ask ? ask.line + (mine ? " " + w.abandon_wait : "") : "");
  $("abandon-line").hidden = !ask;
  setText($("abandon"), !ask ? w.abandon : (mine ? w.abandon_alone : w.abandon_confirm));
  $("abandon").classList.toggle("primary", !!ask && !mine);
  setText($("abandon-keep"), w.abandon_keep);
  $("abandon-keep").hidden = !ask;
  const refused = mine && ask.refused;
  setText($("abandon-note"), refused || "");
  $("abandon-note").hidden = !refused;
  const send = (abandon, button) => () => {
    if (isWaiting(button)) return;
    setWaiting(button, true);
    post("/abandon", { phone, abandon }).then((answer) => {
      setWaiting(button, false);
      if (!answer.ok) banner(whyNot(answer.reason));
    }, () => setWaiting(button, false));
  };
  $("abandon").onclick = send(true, $("abandon"));
  $("abandon-keep").onclick = send(false, $("abandon-keep"));
}

// --- A round-end result that came after its step closed (the phone was offline) ----------
// It is sent anyway: the table keeps it and offers it to the parent's phone, which adds it
// with one tap. Until then every phone reads what came; the late phone is told in words.
// What the table did with it shows on the next tables: offered (a line for this seat), or not
// (the table holds that value already, or cannot take it), which the phone then says too.
let lateSent = null; // {value, at}, until the table's answer is seen
// A send the network lost (the phone is still offline) is tried again every 2 s for 3
// minutes: the value is never dropped without a word.
function sendLate(value, w, tries = 0) {
  post("/late", { phone, value }).then((answer) => {
    if (answer.ok) lateSent = { value, at: Date.now() };
    else lost = { text: w.entry_closed + " (" + value + ")", at: Date.now() };
    render();
  }, () => {
    if (tries < 90) setTimeout(() => sendLate(value, w, tries + 1), 2000);
    else { lost = { text: w.not_sent + " (" + value + ")", at: Date.now() }; render(); }
  });
}

function lateAnswered(late, w) {
  if (!lateSent) return;
  if (late.some((l) => l.seat === you)) {
    lost = { text: w.late_sent, at: Date.now() };
    lateSent = null;
  } else if (Date.now() - lateSent.at > 3000) {
    lost = { text: w.entry_closed + " (" + lateSent.value + ")", at: Date.now() };
    lateSent = null;
  } else {
    setTimeout(render, 1000);
  }
}

function renderLate(w, display) {
  const late = Array.isArray(table.late) ? table.late : [];
  lateAnswered(late, w);
  $("late-box").hidden = late.length === 0;
  reconcile($("late-list"), late, (l) => String(l.seat), () => {
    const div = document.createElement("div");
    const p = document.createElement("p");
    p.className = "note";
    const button = document.createElement("button");
    button.className = "primary wide";
    button.type = "button";
    div.append(p, button);
    return div;
  }, (div, l) => {
    const [p, button] = div.children;
    setText(p, l.line);
    setText(button, l.add);
    button.hidden = display || you === null || you !== l.to;
    button.onclick = () => {
      if (isWaiting(button)) return;
      setWaiting(button, true);
      post("/late_add", { phone, seat: l.seat }).then((answer) => {
        setWaiting(button, false);
        if (!answer.ok) banner(whyNot(answer.reason));
      }, () => setWaiting(button, false));
    };
  });
}

// --- What the rulebook has the table do at a round's start (Terramara's dummy players) ------
// On every phone and the television, through the round's first turn.
function renderRoundStart() {
  const said = table.round_start || null;
  $("round-start-box").hidden = !said;
  if (!said) return;
  setText($("round-start-title"), said.title);
  reconcile($("round-start-notes"), said.notes, (note) => note, () => {
    const p = document.createElement("p");
    p.className = "note";
    return p;
  }, (p, note) => setText(p, note));
}

// --- At the sheet, a column whose phone is offline, filled from this phone ---------------
// Each value is sent as typed (the table marks it as entered by this phone); the field shows
// what the table holds whenever it is not being typed in.
function renderFillFor(w, display) {
  const others = display || you === null ? [] :
    table.players.filter((p) => p.seat !== you && p.offline && p.form && p.form.column);
  // The opponent the game plays itself (Earth's Gaia, solo): the lone player fills its column.
  const opponent = table.opponent;
  if (!display && you !== null && opponent && opponent.form && opponent.form.column) {
    others.push(Object.assign({ gaia: true }, opponent));
  }
  $("fill-box").hidden = others.length === 0;
  reconcile($("fill-list"), others, (p) => String(p.seat), () => {
    const div = document.createElement("div");
    const title = document.createElement("h2");
    const fields = document.createElement("div");
    fields.className = "fields";
    const ready = document.createElement("button");
    ready.className = "primary wide";
    ready.type = "button";
    // Another phone marked this column done: it waits for a second phone to confirm.
    const vouched = document.createElement("p");
    vouched.className = "note";
    div.append(title, fields, vouched, ready);
    return div;
  }, (div, p) => {
    const [title, fields, vouched, ready] = div.children;
    const vouch = p.vouched || null;
    vouched.hidden = !vouch;
    setText(vouched, vouch ? vouch.line : "");
    setText(title, p.fill_title);
    const cells = p.form.column.cells.filter((c) => c && !c.table_only);
    reconcile(fields, cells, keyOf, () => {
      const label = document.createElement("label");
      label.className = "line";
      const name = document.createElement("span");
      const input = document.createElement("input");
      input.type = "text";
      input.inputMode = "numeric";
      input.autocomplete = "off";
      label.append(name, input);
      return label;
    }, (label, c) => {
      const [name, input] = label.children;
      setText(name, c.sub ? c.label + " · " + c.sub : c.label);
      if (document.activeElement !== input) input.value = c.value === null ? "" : String(c.value);
      // A tie's breaker is asked once totals are level, Ready or not.
      input.disabled = p.form.column.ready && !c.tie;
      input.onchange = () => {
        const text = input.value.trim();
        const value = text === "" ? null : Number(text);
        if (value !== null && !Number.isInteger(value)) return;
        entryIds += 1;
        const body = { phone, id: "f" + p.seat + "-" + entryIds, value, was: c.value, for: p.seat };
        if (c.tie) body.tie = c.tie; else { body.part = c.part; body.count = c.count; }
        post("/enter", body).then((answer) => {
          if (!answer.ok) banner(whyNot(answer.reason));
        }, () => {});
      };
    });
    // The opponent's column has no Ready: the player's own Ready covers the sheet.
    ready.hidden = !!p.gaia;
    const mine = !!vouch && vouch.by === you;
    ready.disabled = mine;
    setText(ready, p.form.column.ready ? w.not_ready
      : mine ? w.vouch_waiting : vouch ? vouch.confirm : w.ready);
    ready.onclick = () => {
      if (isWaiting(ready)) return;
      setWaiting(ready, true);
      const done = () => setWaiting(ready, false);
      // The table's state this phone saw: a confirm of another's mark confirms what it showed.
      post("/ready", { phone, ready: !p.form.column.ready, for: p.seat, rev: table.rev })
        .then(done, done);
    };
  });
}

// --- A game of sides (Leviath) ends by hand: how it ended, which names the side that wins --
// The first tap on an ending asks (its button says to tap again), the second ends the game;
// the sheet, Finish and Abandon follow as in every game.
let endArmed = null; // the ending's id, once tapped once
function renderEndings(w, display) {
  // The monster's phone or the host's ends a game of sides (the server refuses any other).
  const mayEnd = Array.isArray(table.end_by) && table.end_by.includes(you);
  const endings = !display && you !== null && mayEnd && Array.isArray(table.endings)
    ? table.endings : [];
  $("end-box").hidden = endings.length === 0;
  if (endings.length === 0) { endArmed = null; return; }
  setText($("end-title"), w.end_title);
  reconcile($("end-list"), endings, (e) => String(e.id), () => {
    const button = document.createElement("button");
    button.className = "plain wide";
    button.type = "button";
    return button;
  }, (button, e) => {
    const armed = endArmed === e.id;
    setText(button, armed ? e.label + " · " + w.confirm_again : e.label);
    button.classList.toggle("primary", armed);
    button.onclick = () => {
      if (isWaiting(button)) return;
      if (!armed) { endArmed = e.id; render(); return; }
      endArmed = null;
      setWaiting(button, true);
      post("/end", { phone, rev: table.rev, ending: e.id }).then((answer) => {
        setWaiting(button, false);
        if (!answer.ok) banner(whyNot(answer.reason));
      }, () => setWaiting(button, false));
    };
  });
}

// --- What is the table's rather than one player's (issue 59) ---------------------------------
// The counters a game tracks (Leviath's energy, ships, floods): every seated phone sees them;
// the phone whose turn it is and the host's move them by 1, as the window's buttons do. The
// engine's refusal (energy below 0) is said in words under them.
function tableButton(label) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "plain small-button";
  button.textContent = label;
  return button;
}
function sendTableAct(button, path, body) {
  if (isWaiting(button)) return;
  setWaiting(button, true);
  post(path, body).then((answer) => {
    setWaiting(button, false);
    if (!answer.ok) banner(whyNot(answer.reason));
  }, () => setWaiting(button, false));
}
function renderCounters(w, display) {
  const counters = !display && you !== null && Array.isArray(table.counters) ? table.counters : [];
  $("counters-box").hidden = counters.length === 0;
  const refused = counters.length > 0 || (Array.isArray(table.shared) && table.shared.length > 0)
    ? table.cards_refused : null;
  $("table-refused").hidden = !refused || display;
  setText($("table-refused"), refused || "");
  if (counters.length === 0) return;
  const mayMove = Array.isArray(table.counter_by) && table.counter_by.includes(you);
  setText($("counters-title"), w.counters_title);
  setText($("counters-note"), w.counters_note);
  reconcile($("counters-list"), counters, (c) => c.id, (c) => {
    const row = document.createElement("div");
    row.className = "order-row";
    const name = document.createElement("span");
    row.append(name, tableButton("\u22121"), document.createElement("strong"), tableButton("+1"));
    return row;
  }, (row, c) => {
    const [name, minus, value, plus] = row.children;
    setText(name, c.name + " (" + c.range + ")");
    setText(value, c.value);
    for (const [button, change] of [[minus, -1], [plus, 1]]) {
      button.hidden = !mayMove;
      button.setAttribute("aria-label", c.name + " " + button.textContent);
      button.onclick = () => sendTableAct(button, "/counter",
        { phone, rev: table.rev, counter: c.id, change });
    }
  });
}

// The sheet's shared parts (Earth's fauna leaves, the first full tableau): every seated phone
// sees who claimed what; the host's phone enters them, a tap adding a seat to a card's
// claimants (in the order tapped) or taking it off, or choosing the one seat a bonus goes to.
function renderShared(w, display) {
  const parts = !display && you !== null && Array.isArray(table.shared) ? table.shared : [];
  $("shared-box").hidden = parts.length === 0;
  if (parts.length === 0) return;
  const mayEnter = table.shared_by === you;
  setText($("shared-title"), w.shared_title);
  setText($("shared-note"), w.shared_note);
  const rows = [];
  for (const part of parts) {
    if (part.dummies) {
      for (let n = 0; n < part.dummies.count; n++) rows.push({ key: part.id + "-dummy-" + n, part, dummy: n });
    } else if (part.bonus) rows.push({ key: part.id, part, card: 0, seats: part.taken === null ? [] : [part.taken] });
    else part.cards.forEach((card, n) => rows.push({ key: part.id + "-" + n, part, card: n, label: card.label, seats: card.seats }));
  }
  reconcile($("shared-list"), rows, (r) => r.key, (r) => {
    const row = document.createElement("div");
    row.className = r.dummy === undefined ? "shared-row" : "order-row";
    if (r.dummy !== undefined) {
      row.append(document.createElement("span"), tableButton("\u22121"), document.createElement("strong"), tableButton("+1"));
      return row;
    }
    const name = document.createElement("p");
    const buttons = document.createElement("div");
    buttons.className = "end-list";
    row.append(name, buttons);
    return row;
  }, (row, r) => r.dummy === undefined ? updateClaims(row, r, w, mayEnter) : updateDummy(row, r, mayEnter));
}

// A card's claimants or a bonus's one seat: a button per seat that may take it.
function updateClaims(row, r, w, mayEnter) {
  const [name, buttons] = row.children;
  setText(name, r.label ? r.part.name + " \u00b7 " + r.label : r.part.name);
  const choices = r.part.bonus ? r.part.choices.concat([{ seat: null, name: w.bonus_none }]) : r.part.choices;
  reconcile(buttons, choices, (c) => String(c.seat), (c) => tableButton(""), (button, c) => {
    const at = r.seats.indexOf(c.seat);
    const on = r.part.bonus ? (c.seat === null ? r.seats.length === 0 : at === 0) : at >= 0;
    setText(button, !r.part.bonus && on ? (at + 1) + ". " + c.name : c.name);
    button.classList.toggle("primary", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.disabled = !mayEnter;
    button.onclick = () => {
      let seats;
      if (r.part.bonus) seats = c.seat === null ? [] : [c.seat];
      else seats = on ? r.seats.filter((s) => s !== c.seat) : r.seats.concat([c.seat]);
      sendTableAct(button, "/shared", { phone, rev: table.rev, part: r.part.id, card: r.card, seats });
    };
  });
}

// A dummy player's value in a ranked part (Terramara's military track, rulebook 003, lines
// 164-168): the host's phone moves it by one; every value is sent together, the others as the
// table holds them (0, the track's start, for one not entered yet).
function updateDummy(row, r, mayEnter) {
  const [name, minus, value, plus] = row.children;
  const values = r.part.dummies.values;
  const label = r.part.name + " \u00b7 " + r.part.dummies.label + " " + (r.dummy + 1);
  setText(name, label);
  setText(value, r.dummy < values.length ? values[r.dummy] : "\u2014");
  for (const [button, change] of [[minus, -1], [plus, 1]]) {
    button.hidden = !mayEnter;
    button.setAttribute("aria-label", label + " " + button.textContent);
    button.onclick = () => {
      const next = [];
      for (let n = 0; n < r.part.dummies.count; n++) next.push(n < values.length ? values[n] : 0);
      next[r.dummy] = Math.max(0, next[r.dummy] + change);
      sendTableAct(button, "/shared", { phone, rev: table.rev, part: r.part.id, values: next });
    };
  }
}

// --- A new turn order (The Rats of Wistar each round and after the last; Terramara's Leader) --
// The order is remade here with ↑ and ↓, then set with one tap. The start player's phone sets
// it, or the phone of whoever goes first in the new order; the server refuses any other in
// words. The draft starts again from the table's order whenever that changes.
let orderDraft = null;
let orderFrom = null; // the table's order the draft was made from
function renderOrder(w, display) {
  const choice = !display && you !== null ? table.order : null;
  $("order-box").hidden = !choice;
  if (!choice) { orderDraft = null; orderFrom = null; return; }
  const from = JSON.stringify(choice);
  if (orderFrom !== from) { orderFrom = from; orderDraft = choice.order.slice(); }
  setText($("order-title"), choice.title);
  setText($("order-note"), w.order_note);
  const move = (position, by) => {
    const [seat] = orderDraft.splice(position, 1);
    orderDraft.splice(position + by, 0, seat);
    render();
  };
  reconcile($("order-list"), orderDraft.map((seat, n) => [n, seat]), ([n]) => n, () => {
    const row = document.createElement("div");
    row.className = "order-row";
    const name = document.createElement("span");
    row.append(name);
    for (const [label, by] of [["↑", -1], ["↓", 1]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "plain small-button";
      button.textContent = label;
      button.dataset.by = by;
      row.append(button);
    }
    return row;
  }, (row, [n, seat]) => {
    const player = table.players[seat];
    setText(row.children[0], (n + 1) + ". " + (player ? player.name : ""));
    const [up, down] = [row.children[1], row.children[2]];
    up.setAttribute("aria-label", w.move_up);
    down.setAttribute("aria-label", w.move_down);
    up.disabled = n === 0;
    down.disabled = n >= orderDraft.length - 1;
    up.onclick = () => move(n, -1);
    down.onclick = () => move(n, 1);
  });
  const set = $("order-set");
  setText(set, w.order_set);
  set.onclick = () => {
    if (isWaiting(set)) return;
    setWaiting(set, true);
    post("/order", { phone, rev: table.rev, order: orderDraft }).then((answer) => {
      setWaiting(set, false);
      if (!answer.ok) banner(whyNot(answer.reason));
    }, () => setWaiting(set, false));
  };
}

// --- A phase every player plays at once: each player's clock runs until they are ready ------
// While the phone asks for its player's round-end result, sending it is their Ready.
function renderTogether(w, me) {
  const answering = me !== null && me.form && me.form.result;
  const waiting = me !== null && !answering && you !== null && Array.isArray(table.together) &&
    table.together[you] === false;
  $("together").hidden = !waiting;
  if (!waiting) return;
  $("together-note").textContent = w.together_waiting;
  $("together-ready").textContent = w.together_ready;
  $("together-ready").disabled = false;
  $("together-ready").onclick = () => {
    $("together-ready").disabled = true; // one tap; the next table says whether it counted
    post("/together", { phone }).then(() => {}, render);
  };
}

// --- The player's own cards, during their own turn (TERRAVIST) --------------------------------
// Each tap names the table's state it was made in (as Done does): sent twice, or after the
// table moved on, it changes nothing. The buttons wait for the next table.
// The shared dice box on the current player's phone: a die in the resource box is taken with
// a tap (its token), a used one waits; Roll when the rules allow it (the app rolls).
function renderDice(w, dice) {
  $("dice-box").hidden = !dice;
  if (!dice) return;
  setText($("dice-title"), w.dice_title);
  reconcile($("dice-list"), dice.dice, (d) => d.die, (d) => {
    const b = document.createElement("button");
    b.className = "plain";
    b.type = "button";
    b.onclick = () => { if (!isWaiting(b) && !b.disabled) turn({ action: "take_die", card: d.die }); };
    return b;
  }, (b, d) => {
    setText(b, d.face || "?");
    b.disabled = !d.in_box || !d.face;
    b.setAttribute("aria-label", d.in_box ? w.take_die.replace("{face}", d.face || "?") : (d.face || "?") + " · " + w.die_used);
  });
  $("roll").hidden = !dice.roll;
  setText($("roll"), dice.roll || "");
  $("roll").onclick = () => { if (!isWaiting($("roll"))) turn({ action: "roll" }); };
  renderFaces(w, dice);
}

// The table rolled its own dice: the faces they show, one choice a die, recorded as they are.
function renderFaces(w, dice) {
  const rolling = dice.roll ? dice.to_roll : [];
  $("faces-box").hidden = !rolling.length;
  if (!rolling.length) return;
  setText($("faces-title"), w.enter_faces);
  reconcile($("faces-list"), rolling, (die) => die, (die) => {
    const label = document.createElement("label");
    label.className = "line";
    const name = document.createElement("span");
    const select = document.createElement("select");
    select.dataset.die = String(die);
    label.append(name, select);
    return label;
  }, (label, die) => {
    const [name, select] = label.children;
    // Named by its kind, as the table tells its dice apart ("Die A"), never by a number.
    setText(name, (dice.names && dice.names[die]) || w.die_n.replace("{n}", String(die + 1)));
    fill(select, [["", "—"]].concat(dice.kinds.map((k) => [k.id, k.name])));
  });
  setText($("faces-go"), w.faces_ok);
  $("faces-go").onclick = () => {
    const faces = [...$("faces-list").querySelectorAll("select")]
      .map((s) => ({ die: Number(s.dataset.die), face: s.value }));
    if (faces.some((f) => !f.face) || isWaiting($("faces-go"))) return;
    turn({ action: "faces", faces });
  };
}

function turn(body) {
  if (turnWaiting) return;
  turnWaiting = true;
  for (const b of $("cards").querySelectorAll("button")) setWaiting(b, true);
  const done = () => { turnWaiting = false; render(); };
  post("/turn", Object.assign({ phone, rev: table.rev }, body)).then((answer) => {
    if (!answer.ok) done();
  }, done);
}

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

// Keeps a select's choices, and the player's choice among them, across tables.
function fill(select, options) {
  const was = select.value;
  reconcile(select, options, ([value]) => value, ([value, text]) => option(value, text),
    (o, [, text]) => setText(o, text));
  if (select.value !== was && options.some(([value]) => value === was)) select.value = was;
}

function renderCards(w, mine) {
  const cards = mine ? table.cards : null;
  $("cards").hidden = !cards;
  if (!cards) return;
  $("cards-title").textContent = w.my_cards;
  $("cards-refused").hidden = !table.cards_refused;
  $("cards-refused").textContent = table.cards_refused || "";
  renderDice(w, cards.dice);
  renderOwnCards(w, cards);
  renderSettleForm(w, cards);
  renderDevelop(w, cards);
  for (const b of $("cards").querySelectorAll("button")) setWaiting(b, turnWaiting);
}

// Each of the player's own cards, with + Egg, - Egg and Tuck.
function renderOwnCards(w, cards) {
  $("no-cards").hidden = cards.cards.length > 0;
  setText($("no-cards"), w.no_cards);
  reconcile($("own-cards"), cards.cards, (c) => c.id, makeOwnCard, (box, c) => {
    const [name, facts, buttons] = box.children;
    setText(name, c.name + " · " + c.habitat);
    setText(facts, w.eggs.replace("{eggs}", c.eggs).replace("{limit}", c.egg_limit) +
      " · " + w.tucked.replace("{tucked}", c.tucked));
    const [add, remove, tuck] = buttons.children;
    setText(add, w.add_egg);
    setText(remove, w.remove_egg);
    setText(tuck, w.tuck);
    // Past the egg limit, or with no egg to take: a state, not a wait.
    add.disabled = c.eggs >= c.egg_limit;
    remove.disabled = c.eggs === 0;
  });
}

// One card's box, made once: its buttons name the card by the box's key.
function makeOwnCard() {
  const box = document.createElement("div");
  box.className = "own";
  const name = document.createElement("div");
  name.className = "own-name";
  const facts = document.createElement("div");
  facts.className = "small";
  const buttons = document.createElement("div");
  buttons.className = "own-buttons";
  for (const action of ["add_egg", "remove_egg", "tuck"]) {
    const b = document.createElement("button");
    b.className = "plain";
    b.dataset.action = action;
    b.onclick = () => {
      if (!isWaiting(b)) turn({ action, card: Number(box.dataset.key) });
    };
    buttons.append(b);
  }
  box.append(name, facts, buttons);
  return box;
}

// Settle a card (or steal a niche with it): where it may go follows its habitats.
function renderSettleForm(w, cards) {
  $("settle-title").textContent = w.settle_title;
  $("l-name").textContent = w.card_name;
  $("l-smiles").textContent = w.smiles;
  $("l-limit").textContent = w.egg_limit;
  $("l-level").textContent = w.level;
  $("l-hab1").textContent = w.habitat_1;
  $("l-hab2").textContent = w.habitat_2;
  $("l-place").textContent = w.place;
  const habitats = cards.habitats.map((h) => [h.id, h.name]);
  fill($("c-hab1"), habitats);
  fill($("c-hab2"), [["", w.none]].concat(habitats));
  const places = () => {
    const of = [$("c-hab1").value, $("c-hab2").value].filter(Boolean);
    const list = [];
    for (const h of cards.habitats) {
      if (h.developed && of.includes(h.id)) list.push(["h:" + h.id, w.settle_in.replace("{habitat}", h.name)]);
    }
    for (const t of cards.targets) {
      if (of.includes(t.habitat_id)) {
        list.push(["s:" + t.id, w.steal_in.replace("{card}", t.name).replace("{owner}", t.owner)
          .replace("{habitat}", t.habitat) + " · " + t.cost]);
      }
    }
    fill($("c-place"), list);
    $("c-go").disabled = list.length === 0;
  };
  $("c-hab1").onchange = places;
  $("c-hab2").onchange = places;
  places();
  $("c-go").textContent = w.settle;
  $("c-go").onclick = () => {
    if (isWaiting($("c-go"))) return;
    const number = (id) => parseInt($(id).value, 10);
    const card = {
      name: $("c-name").value.trim(),
      smiles: number("c-smiles"),
      egg_limit: number("c-limit"),
      level: number("c-level"),
      habitats: [$("c-hab1").value, $("c-hab2").value].filter(Boolean),
    };
    if (!card.name || isNaN(card.smiles) || isNaN(card.egg_limit)) {
      $("cards-refused").textContent = w.card_missing;
      $("cards-refused").hidden = false;
      return;
    }
    const place = $("c-place").value;
    const body = place.startsWith("h:")
      ? { action: "settle", habitat: place.slice(2), new_card: card }
      : { action: "steal", card: Number(place.slice(2)), new_card: card };
    settled = true;
    turn(body);
  };
}

// Develop a habitat: the ones not developed yet.
function renderDevelop(w, cards) {
  $("develop-title").textContent = w.develop_title;
  reconcile($("develop-list"), cards.habitats.filter((h) => !h.developed), (h) => h.id, (h) => {
    const b = document.createElement("button");
    b.className = "plain";
    b.dataset.habitat = h.id;
    b.onclick = () => { if (!isWaiting(b)) turn({ action: "develop", habitat: h.id }); };
    return b;
  }, (b, h) => setText(b, h.name));
}

// After a card is settled the form empties for the next one (once the table shows it).
let settled = false;
let cardsSeen = -1;
function clearCardForm() {
  if (!table || !table.cards) return;
  const count = table.cards.cards.length;
  if (settled && count !== cardsSeen) {
    for (const id of ["c-name", "c-smiles", "c-limit"]) $(id).value = "";
    $("settle-box").open = false;
    settled = false;
  }
  cardsSeen = count;
}

// --- The player's own values ---------------------------------------------------------------
// A value typed waits here (and in localStorage, so a reload keeps it) until the app's table
// shows it written, or answers it with a refusal. Until then it is sent again every few
// seconds: after a lost answer, a reload, a lost Wi-Fi or the app's restart. The entry names
// the value it was typed over (`was`), so the app tells a resend (already there) from a value
// typed over one the table changed since (the table's stands).
const pendingKey = () => "tablekeeper.pending:" + base + ":" + you;
let pending = {};
let pendingFor = null;
let notes = {}; // key -> {text, kind}: a field's last word (saved, refused)
let shape = null; // the fields drawn, so a new table updates them in place (focus stays)
let entryIds = 0;

function loadPending() {
  if (pendingFor === pendingKey()) return;
  pendingFor = pendingKey();
  try { pending = JSON.parse(localStorage.getItem(pendingFor) || "{}") || {}; } catch (_) { pending = {}; }
}
function savePending() {
  localStorage.setItem(pendingKey(), JSON.stringify(pending));
}
// A field's key: the result, a part's count, or a tie-breaker's value.
function keyOf(cell) {
  if (!cell) return "result";
  return cell.tie ? "tie#" + cell.tie : cell.part + "#" + cell.count;
}

// The fields of this seat's form: [key, cell or null (the result), label, value, …].
function formFields(form) {
  if (!form) return [];
  if (form.result) {
    return [{ key: "result", part: null, count: 0, label: form.result.prompt, sub: null,
      value: form.result.value, by_table: form.result.by_table, min: 0 }];
  }
  if (!form.column) return [];
  return form.column.cells.map((c) => Object.assign({ key: keyOf(c) }, c));
}

function renderEntry(w, me) {
  const form = me ? me.form : null;
  const fields = formFields(form);
  if (me) { loadPending(); dropClosed(fields, w); }
  if (lost && Date.now() - lost.at > 20000) lost = null;
  setText($("lost"), lost ? lost.text : "");
  $("lost").hidden = !lost;
  $("entry").hidden = fields.length === 0;
  if (fields.length === 0) { shape = null; return; }
  loadPending();
  settle(fields, me.answers || [], w);
  const column = form.column && !form.result ? form.column : null;
  const locked = column !== null && column.ready;
  // The result's own prompt names it; a column has a heading.
  $("entry-title").textContent = column ? w.your_column : "";
  $("entry-title").hidden = !column;
  // Fields come and go while the player types (a tie's breakers once totals are level):
  // each field is kept by its key, so the one being typed in keeps its text and its focus.
  const newShape = JSON.stringify(fields.map((f) => [f.key, f.label, f.sub, f.table_only]));
  if (newShape !== shape) {
    shape = newShape;
    reconcile($("entry-fields"), fields, (f) => f.key, (f) => makeField(f), (box, f) => {
      // The same field in another language (the table's words changed): its label follows.
      const label = f.sub ? f.label + " \u00b7 " + f.sub : f.label;
      setText(box.querySelector(".field-label"), label);
    });
  }
  for (const f of fields) updateField(f, w, locked && !f.tie);
  $("entry-total").hidden = !column || column.total === null;
  if (column && column.total !== null) {
    $("entry-total").replaceChildren(span(w.total), span(column.total));
  }
  $("ready").hidden = !column;
  if (column) {
    $("ready").textContent = column.ready ? w.not_ready : w.ready;
    $("ready").classList.toggle("done", column.ready);
    // Ready waits for the values on their way (and then for the app's answer), in place.
    setWaiting($("ready"), readyWaiting || Object.keys(pending).length > 0);
    $("ready").onclick = () => {
      if (isWaiting($("ready"))) return;
      readyWaiting = true;
      setWaiting($("ready"), true);
      const done = () => { readyWaiting = false; render(); };
      post("/ready", { phone, ready: !column.ready }).then(done, done);
    };
  }
  $("entry-note").hidden = !locked;
  $("entry-note").textContent = locked ? w.ready_note : "";
}

function span(text) { const s = document.createElement("span"); s.textContent = text; return s; }

// The app's table answers what is waiting: a value shown written is saved; an entry the app
// refused is dropped, its sentence shown under its field.
function settle(fields, answers, w) {
  let changed = false;
  for (const f of fields) {
    const p = pending[f.key];
    if (!p) continue;
    if (f.value === p.value) {
      delete pending[f.key];
      notes[f.key] = { text: w.saved, kind: "", at: Date.now() };
      setTimeout(render, 4100);
      changed = true;
    } else {
      const answer = answers.find((a) => a.id === p.id && !a.ok);
      if (answer) {
        delete pending[f.key];
        notes[f.key] = { text: answer.said || "", kind: "refused" };
        changed = true;
      }
    }
  }
  if (changed) savePending();
}

// A value that waited for a field the table no longer asks for (the step closed while the
// phone was offline) is not saved: the player is told so, where they look, not under a field
// that is gone.
let lost = null; // {text, at}
function dropClosed(fields, w) {
  let changed = false;
  for (const key of Object.keys(pending)) {
    if (fields.some((f) => f.key === key)) continue;
    const value = pending[key].value;
    lost = { text: w.entry_closed + (value === null ? "" : " (" + value + ")"), at: Date.now() };
    if (key === "result" && value !== null) sendLate(value, w);
    setTimeout(render, 20000);
    delete pending[key];
    changed = true;
  }
  if (changed) savePending();
}

function makeField(f) {
  const box = document.createElement("div");
  box.className = "field";
  box.dataset.key = f.key;
  const label = document.createElement("div");
  label.className = "field-label";
  label.textContent = f.sub ? f.label + " · " + f.sub : f.label;
  const note = document.createElement("div");
  note.className = "field-note";
  // "Saving…", "Saved" and refusals are announced, and read with the field.
  note.id = "note-" + f.key.replace(/[^A-Za-z0-9_-]/g, "_");
  note.setAttribute("role", "status");
  if (f.table_only) {
    const fixed = document.createElement("div");
    fixed.className = "fixed";
    box.append(label, fixed, note);
    return box;
  }
  const input = document.createElement("input");
  input.type = "text";
  // The number pad (no minus key on most phones): a part that takes negative numbers is
  // stepped below zero with − (a text keyboard for every part that may be negative would take
  // the pad from TERRAVIST's whole sheet).
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.enterKeyHint = "done";
  input.pattern = "-?[0-9]*";
  input.setAttribute("aria-label", label.textContent);
  input.setAttribute("aria-describedby", note.id);
  const minus = document.createElement("button");
  minus.className = "plain step";
  minus.textContent = "−";
  minus.setAttribute("aria-label", label.textContent + " −1");
  const plus = document.createElement("button");
  plus.className = "plain step";
  plus.textContent = "+";
  plus.setAttribute("aria-label", label.textContent + " +1");
  const row = document.createElement("div");
  row.className = "field-row";
  row.append(minus, input, plus);
  box.append(label, row, note);
  let timer = null;
  // A value is sent once the player pauses typing; a page hidden or reloaded before that
  // keeps it at once (see `pagehide` below).
  const now = () => { clearTimeout(timer); typing.delete(f.key); typed(f.key, input.value); };
  input.oninput = () => {
    clearTimeout(timer);
    typing.set(f.key, now);
    timer = setTimeout(now, 600);
  };
  input.onchange = now;
  const step = (by) => {
    clearTimeout(timer);
    const now = parseInt(input.value, 10);
    let next = (isNaN(now) ? 0 : now) + by;
    const min = box.dataset.min === "" ? null : Number(box.dataset.min);
    if (min !== null && next < min) next = min;
    input.value = String(next);
    typed(f.key, input.value);
  };
  minus.onclick = () => step(-1);
  plus.onclick = () => step(1);
  return box;
}

// The fields being typed in, each with what keeps its value now.
const typing = new Map();
window.addEventListener("pagehide", () => { for (const now of [...typing.values()]) now(); });
document.addEventListener("visibilitychange", () => {
  if (document.hidden) for (const now of [...typing.values()]) now();
});

function fieldNow(key) {
  const form = you !== null && table ? table.players[you].form : null;
  return formFields(form).find((f) => f.key === key) || null;
}

// A field's text changed: a whole number (or nothing) waits to be sent; other text waits for
// the player to finish it.
function typed(key, text) {
  const f = fieldNow(key);
  if (!f) return;
  const trimmed = text.trim();
  if (trimmed !== "" && !/^-?[0-9]{1,7}$/.test(trimmed)) return;
  const value = trimmed === "" ? null : parseInt(trimmed, 10);
  const p = pending[key];
  const was = p ? p.was : f.value;
  if (!p && value === f.value) return;
  pending[key] = { value, was, id: "e" + Date.now().toString(36) + "-" + (entryIds++), sent: 0 };
  notes[key] = { text: words().saving || "…", kind: "" };
  savePending();
  flush();
  render();
}

// Sends what waits and has not been sent in the last three seconds.
function flush() {
  if (gone || you === null || !table) return;
  const now = Date.now();
  for (const key of Object.keys(pending)) {
    const p = pending[key];
    if (now - p.sent < 3000) continue;
    p.sent = now;
    const f = key === "result" ? { part: null, count: 0 } : fieldNow(key);
    if (!f) continue;
    const body = { phone, id: p.id, value: p.value, was: p.was };
    if (f.tie) body.tie = f.tie;
    else if (f.part !== null) { body.part = f.part; body.count = f.count; }
    post("/enter", body).then((answer) => {
      // Refused outright (closed, not this phone's): the sentence comes with the next table;
      // a busy or slowed server is tried again by the next flush.
      if (!answer.ok && (answer.status === 409 || answer.status === 403 || answer.status === 422)) {
        if (pending[key] && pending[key].id === p.id) {
          if (key === "result" && p.value !== null && answer.reason === "closed") sendLate(p.value, words());
          delete pending[key];
          notes[key] = { text: words().entry_closed || whyNot(answer.reason), kind: "refused" };
          savePending();
          render();
        }
      } else if (!answer.ok) {
        p.sent = 0;
      }
    }, () => { p.sent = 0; });
  }
}
setInterval(flush, 1000);

function updateField(f, w, locked) {
  const box = $("entry-fields").querySelector('[data-key="' + CSS.escape(f.key) + '"]');
  if (!box) return;
  box.dataset.min = f.min === null || f.min === undefined ? "" : String(f.min);
  const note = box.querySelector(".field-note");
  const parts = [];
  if (f.computed !== null && f.computed !== undefined) parts.push(w.computed.replace("{value}", f.computed));
  // A part's points, where they are not what is typed (a count × its weight, a rank).
  const typedNow = pending[f.key] ? pending[f.key].value : f.value;
  if (f.points !== null && f.points !== undefined && f.part !== null &&
      f.points !== String(typedNow === null ? (f.computed || "0") : typedNow)) {
    parts.push("= " + f.points);
  }
  if (f.table_only) {
    box.querySelector(".fixed").textContent = f.points !== null ? f.points : "—";
    note.textContent = w.table_only;
    return;
  }
  const p = pending[f.key];
  const said = notes[f.key];
  note.className = "field-note";
  if (said && said.kind === "refused") {
    note.classList.add("refused");
    parts.unshift(said.text);
  } else if (p) {
    parts.unshift(w.saving);
  } else if (f.by_table) {
    note.classList.add("table");
    parts.unshift(w.by_table);
  } else if (said && Date.now() - (said.at || 0) < 4000) {
    parts.unshift(said.text);
  }
  note.textContent = parts.join(" · ");
  const input = box.querySelector("input");
  const shown = p ? p.value : f.value;
  if (document.activeElement !== input) input.value = shown === null ? "" : String(shown);
  input.placeholder = f.computed !== null && f.computed !== undefined ? f.computed : "0";
  input.disabled = locked;
  for (const b of box.querySelectorAll("button")) b.disabled = locked;
}

// The phone of the player whose turn it is (and a table display) vibrates ten seconds before
// zero and at zero, once each a turn.
let buzzed = {};
function buzz(left) {
  const mine = chosen === "display" || (you !== null && table.current === you);
  if (!mine || !navigator.vibrate) return;
  const turn = table.turn || "";
  for (const [mark, at, pattern] of [["ten", 10000, [120]], ["zero", 0, [300, 100, 300]]]) {
    if (left <= at && left > at - 5000 && buzzed[turn + mark] !== true) {
      buzzed[turn + mark] = true;
      navigator.vibrate(pattern);
    }
  }
}

// The running clocks, four times a second, from the last table the app sent.
function tick() {
  if (table && (typeof table.free_in_ms === "number" || (table.grace_left || []).length)) {
    renderWaits(table.words);
  }
  if (!table || chosen === null) return;
  const w = table.words;
  const on = runOn();
  const clock = table.clock_ms + on;
  // Counting down (a time bank, a sand timer): what the player whose turn it is has left, and
  // past zero the time over; the phone vibrates ten seconds before zero and at zero.
  const timer = table.timer || {};
  const counting = timer.counts_down && timer.left_ms !== null && timer.left_ms !== undefined &&
    table.playing;
  let over;
  if (counting) {
    const left = timer.left_ms - on;
    $("clock").textContent = (left < 0 ? "+" : "") + clockText(Math.abs(left));
    over = left < 0;
    buzz(left);
  } else {
    $("clock").textContent = clockText(clock);
    over = table.target_ms !== null && table.playing && clock >= table.target_ms;
  }
  $("clock").classList.toggle("over", over);
  const marks = [$("marks").dataset.base || ""];
  if (over) marks.push(counting ? w.out_of_time : w.over_target);
  $("marks").textContent = marks.filter(Boolean).join(" · ");
  const total = (seat) => table.players[seat].total_ms + (running(seat) ? on : 0);
  if (you !== null && chosen !== "display" && table.players[you]) {
    const mine = timer.kind === "bank" && timer.players && timer.players[you];
    if (mine) {
      // Counting down: this player's bank (or sand timer) rather than their time so far.
      const left = mine.left_ms - (you === table.current ? on : 0);
      $("me-total").textContent = w.bank_left + " " + (left < 0 ? "+" : "") +
        clockText(Math.abs(left));
    } else {
      $("me-total").textContent = w.your_time + " " + clockText(total(you));
    }
  }
  if (chosen === "display") {
    const players = $("players");
    players.replaceChildren();
    for (const p of table.players) {
      const name = document.createElement("div");
      // A game of sides (Leviath): who plays which side, the monster named for the table.
      name.textContent = p.side ? p.name + " · " + p.side : p.name;
      name.style.borderLeft = "8px solid " + p.colour;
      name.style.paddingLeft = "8px";
      const time = document.createElement("div");
      time.textContent = clockText(total(p.seat));
      if (p.seat === table.current) { name.className = "now"; time.className = "now"; }
      players.append(name, time);
    }
  }
}

// A refusal or a lost request leaves the table as it was: show it as it is again.
function doneAgain() {
  doneWaiting = false;
  render();
}
$("done").onclick = () => {
  if (!table || !table.turn || doneWaiting) return;
  // One tap is one request; the next table (the app's answer) takes the mark off.
  doneWaiting = true;
  setWaiting($("done"), true);
  // The request names the table's state the player saw (not its position): one made before
  // an Undo, or sent twice, changes nothing.
  post("/done", { phone, rev: table.rev }).then((answer) => { if (!answer.ok) doneAgain(); },
    doneAgain);
};
// Undo and Redo name the state the player saw: a double tap takes back one action, not two.
function undoRedo(undo) {
  if (!table) return;
  post("/undo", { phone, rev: table.rev, undo });
}
$("undo").onclick = () => undoRedo(true);
$("redo").onclick = () => undoRedo(false);
$("pause").onclick = () => {
  if (!table) return;
  // Done waits for the table the pause makes (a Done made in the state before it would be
  // refused as stale); the next table takes the mark off.
  doneWaiting = true;
  setWaiting($("done"), true);
  post("/pause", { phone, rev: table.rev, paused: !table.paused }).then((answer) => {
    if (!answer.ok) doneAgain();
    if (answer.reason === "too_soon") {
      banner(words().too_soon || "");
      setTimeout(() => { if (!gone) $("banner").hidden = true; }, 1500);
    }
  }, doneAgain);
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

// --- The table's news ---------------------------------------------------------------------------
// What just happened at the table ("Ben's seat moved to a new phone"), on every phone and the
// television for a few seconds, each line once: the table sends the lines of the last seconds
// with an id that only grows, and the page shows those it has not shown yet, one after another.
const NEWS_MS = 6000;
let newsShown = 0; // the id of the last line shown
let newsQueue = [];
let newsTimer = null;
function showNews(list) {
  for (const line of list || []) {
    if (line.id > newsShown) { newsShown = line.id; newsQueue.push(line.text); }
  }
  if (newsTimer === null) nextNews();
}
function nextNews() {
  const text = newsQueue.shift();
  $("news").hidden = text === undefined;
  if (text === undefined) { newsTimer = null; return; }
  setText($("news"), text);
  newsTimer = setTimeout(nextNews, NEWS_MS);
}

// Why a join was refused as full, in words: the table is full, how many it takes, and that this
// phone can still watch.
function lobbyFull() {
  const lobby = table && table.lobby;
  return (lobby && lobby.full_text) || whyNot("full");
}

// --- The game's variants and setup checklist, as the window's setup shows them -------------
// Every phone is told which variants are on (Earth's beginner rule); the host's phone switches
// them. The host's phone reads the setup checklist for the players seated now (the Rats'
// 2-player cheese tile, Leviath's cards by human count): a value to confirm is marked "!".
function renderSetupBox(lobby) {
  const variants = Array.isArray(lobby.variants) ? lobby.variants : [];
  const host = lobby.host !== null && lobby.host === you;
  const notes = host && Array.isArray(lobby.notes) ? lobby.notes : [];
  $("setup-box").hidden = variants.length === 0 && notes.length === 0;
  $("variants-title").hidden = variants.length === 0;
  setText($("variants-title"), lobby.variants_title);
  reconcile($("variants-list"), variants.map((v, n) => [n, v]), ([n]) => n, () => {
    const label = document.createElement("label");
    label.className = "line";
    const box = document.createElement("input");
    box.type = "checkbox";
    label.append(box, document.createElement("span"));
    return label;
  }, (label, [n, v]) => {
    const [box, name] = label.children;
    setText(name, v.name);
    box.checked = v.on;
    box.disabled = !host;
    box.onchange = () => {
      post("/arrange", { phone, rev: table.rev, act: "variant", seat: n, on: box.checked })
        .then((answer) => { if (!answer.ok) { banner(whyNot(answer.reason)); render(); } });
    };
  });
  $("setup-notes").hidden = notes.length === 0;
  reconcile($("setup-notes"), notes, (note) => note.text, () => document.createElement("li"),
    (li, note) => {
      setText(li, note.rule ? note.text : "! " + note.text);
      li.classList.toggle("warning", !note.rule);
    });
}

// --- The host runs the lobby ----------------------------------------------------------------------
// On the host's phone each seat of the lobby has Move up, Move down and Remove (a second tap
// confirms), and under the list Draw the start player and the phones removed, each with Let in
// again. Every seat's row is made once with its buttons, so a phone that joins adds a row at
// the end and never moves a button under the host's finger. Every phone sees who starts.
let removeArmed = null; // the seat whose Remove was tapped once, for a few seconds
function renderHostTools(w, lobby) {
  const host = lobby.host !== null && lobby.host === you;
  const arrange = (act, seat) => post("/arrange", { phone, rev: table.rev, act, seat });
  for (const row of $("lobby-players").children) {
    const seat = Number(row.dataset.key);
    let tools = row.querySelector(".seat-tools");
    if (!tools) {
      const mark = document.createElement("span");
      mark.className = "parent-mark";
      tools = document.createElement("span");
      tools.className = "seat-tools";
      for (const [act, label] of [["up", "↑"], ["down", "↓"], ["remove", "✕"]]) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "plain";
        button.dataset.act = act;
        button.textContent = label;
        button.onclick = () => {
          if (isWaiting(button)) return;
          if (act !== "remove") return arrange(act, seat);
          if (removeArmed !== seat) {
            removeArmed = seat;
            setTimeout(() => { if (removeArmed === seat) { removeArmed = null; render(); } }, 4000);
            return render();
          }
          removeArmed = null;
          arrange("remove", seat);
        };
        tools.append(button);
      }
      row.append(mark, tools);
    }
    setText(row.querySelector(".parent-mark"), lobby.parent === seat ? "(" + w.parent_mark + ")" : "");
    tools.hidden = !host;
    const [up, down, remove] = tools.children;
    up.setAttribute("aria-label", w.move_up);
    down.setAttribute("aria-label", w.move_down);
    remove.setAttribute("aria-label", removeArmed === seat ? w.remove_again : w.remove_phone);
    remove.textContent = removeArmed === seat ? w.remove_again : "✕";
    setWaiting(up, seat === 0);
    setWaiting(down, seat >= table.players.length - 1);
    setWaiting(remove, seat === you);
  }
  $("host-tools").hidden = !host;
  if (!host) return;
  setText($("draw-parent"), w.draw_parent);
  $("draw-parent").onclick = () => arrange("draw", null);
  const removed = lobby.removed || [];
  $("removed-title").hidden = !removed.length;
  setText($("removed-title"), w.removed_title);
  reconcile($("removed-list"), removed.map((name, n) => [n, name]), ([n, name]) => n + ":" + name, () => {
    const div = document.createElement("div");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "plain small-button";
    div.append(document.createElement("span"), button);
    return div;
  }, (div, [n, name]) => {
    setText(div.children[0], name || "…");
    setText(div.children[1], w.let_in);
    div.children[1].onclick = () => arrange("let_in", n);
  });
}

// Another game for everyone, from the host's phone once phones joined: the first tap asks
// ("Tap again to switch the game for everyone"), the second switches, and every phone is told
// who switched it to which.
let switchArmed = null;
function renderLobbyGames(list, offered, w) {
  reconcile(list, offered, (g) => g.id, (g) => {
    const button = document.createElement("button");
    button.className = "plain";
    button.type = "button";
    button.onclick = () => {
      // Read at the tap: the button outlives the table it was made in.
      const joined = table.players.some((p, i) => i === you || p.name);
      if (joined && switchArmed !== g.id) {
        switchArmed = g.id;
        setTimeout(() => { if (switchArmed === g.id) { switchArmed = null; render(); } }, 4000);
        return render();
      }
      switchArmed = null;
      post("/new", { phone, game: g.id, rev: table.rev });
    };
    return button;
  }, (button, g) => setText(button, switchArmed === g.id ? w.switch_again : g.name));
}
