// The venue's screen: every table of the room, tonight's standings and the code to join, as
// the venue's stream sends them (server-sent events: the room now, then each change). Every
// word comes from the server already in the screen's language. A running turn's clock is
// counted on here, between changes.
"use strict";
(function () {
  const base = document.body.dataset.base;
  // The languages the screen's browser reads, in order: the venue answers in the first it
  // speaks (English if none) and says which (`venue.lang`), which the page then declares.
  const lang = encodeURIComponent(
    ((navigator.languages && navigator.languages.length) ? navigator.languages
      : [navigator.language || "en"]).slice(0, 8).join(","));
  document.documentElement.lang = navigator.language || "en";
  const $ = (id) => document.getElementById(id);
  let venue = null;
  let received = 0;

  function clockText(secs) {
    const s = Math.max(0, Math.floor(secs));
    const m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  }

  // The code to join: dark on white with its quiet zone, a whole number of pixels a module.
  let drawn = null;
  function drawQr(canvas, qr) {
    const key = qr ? qr.dark : null;
    if (drawn === key) return;
    drawn = key;
    if (!qr) { canvas.width = canvas.height = 0; return; }
    paintQr(canvas, qr, 12);
  }

  function line(parent, cls, text) {
    const el = document.createElement("div");
    el.className = cls;
    el.textContent = text;
    parent.append(el);
    return el;
  }

  function tableCard(t) {
    const li = document.createElement("li");
    li.className = "venue-table v-" + t.state;
    li.dataset.table = t.number;
    li.dataset.state = t.state;
    const head = line(li, "v-head", "");
    const name = document.createElement("span");
    name.textContent = t.name;
    const state = document.createElement("span");
    state.className = "v-state";
    state.textContent = t.state_words;
    head.append(name, state);
    const about = [t.game, t.round].filter(Boolean).join(" · ");
    if (about) line(li, "v-game", about);
    if (t.turn) {
      const turn = line(li, "v-turn", t.turn);
      const clock = document.createElement("span");
      clock.className = "v-clock";
      turn.append(clock);
    }
    if (t.winners) line(li, "v-turn", t.winners);
    if (t.players) line(li, "v-players", t.players);
    if (t.address) {
      const a = document.createElement("a");
      a.className = "v-open";
      a.href = t.address;
      a.rel = "noreferrer";
      a.textContent = venue.open + " " + t.name;
      li.append(a);
    }
    return li;
  }

  function draw() {
    if (venue.lang) document.documentElement.lang = venue.lang;
    $("venue-title").textContent = venue.title;
    $("venue-scan").textContent = venue.scan;
    $("venue-qr").setAttribute("aria-label", venue.scan + " " + (venue.address || ""));
    drawQr($("venue-qr"), venue.qr);
    $("venue-tables").replaceChildren(...venue.tables.map(tableCard));
    $("venue-standings-title").textContent = venue.standings_title;
    $("venue-no-games").textContent = venue.no_games;
    $("venue-no-games").hidden = venue.standings.length > 0;
    $("venue-provisional").textContent = venue.provisional_note;
    $("venue-provisional").hidden = !venue.standings.some((s) => s.provisional);
    $("venue-standings").replaceChildren(...venue.standings.map((s) => {
      const li = document.createElement("li");
      const cell = (cls, text) => {
        const span = document.createElement("span");
        span.className = cls;
        span.textContent = text;
        li.append(span);
      };
      cell("v-name", s.player + (s.provisional ? " *" : ""));
      cell("v-figure", s.rating);
      cell("v-change", s.change);
      li.title = s.games;
      return li;
    }));
    tick();
  }

  // Each running turn's clock, counted on from what the stream said and when.
  function tick() {
    if (!venue) return;
    const since = (performance.now() - received) / 1000;
    document.querySelectorAll(".venue-table").forEach((li, i) => {
      const t = venue.tables[i];
      const clock = li.querySelector(".v-clock");
      if (!clock || !t) return;
      clock.textContent = clockText(t.turn_secs + (t.running ? since : 0));
    });
  }

  function connect() {
    const source = new EventSource(base + "/events?lang=" + lang);
    source.addEventListener("venue", (event) => {
      const message = JSON.parse(event.data);
      venue = message.venue;
      received = performance.now() - (message.age_ms || 0);
      draw();
    });
  }
  connect();
  setInterval(tick, 1000);
})();
