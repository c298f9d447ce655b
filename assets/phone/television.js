// The television across the room: a screen in "Just watch" 1000 px wide or more. During a turn
// it is the table view of phone.js; between games, in the lobby, at a round end and at the
// score sheet it shows its own view, read from the sofa: the table's code and address to join
// with, who has joined and who hosts, what the table still waits for, each step of a round
// end, each player's progress on the sheet, the final sheet with its winner, and the evening
// so far. It only watches: no button on it. Text is set as text, never as HTML.
"use strict";

// A `var`: phone.js's render looks for it (served as one script with phone.js, before this
// part has run it is undefined, never an error).
var television = (() => {
  const wide = window.matchMedia("(min-width: 1000px)");
  // The page draws again when the screen crosses the width (a window resized, a TV rotated).
  wide.addEventListener("change", () => { if (typeof render === "function") render(); });

  const make = (tag, className, parent) => {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (parent) parent.append(el);
    return el;
  };
  const put = (el, text) => {
    text = text == null ? "" : String(text);
    if (el.textContent !== text) el.textContent = text;
  };

  // The view, made once and then only changed in place.
  let view = null;
  function build() {
    const root = make("main", "tv");
    root.id = "tv";
    root.hidden = true;
    const join = make("section", "tv-join", root);
    join.id = "tv-join";
    const qr = make("canvas", "tv-qr", join);
    qr.id = "tv-qr";
    qr.setAttribute("role", "img");
    const scan = make("p", "tv-scan", join);
    const address = make("p", "tv-address", join);
    address.id = "tv-address";
    const body = make("section", "tv-body", root);
    body.id = "tv-body";
    const title = make("h1", "tv-title", body);
    title.id = "tv-title";
    const lead = make("p", "tv-lead", body);
    lead.id = "tv-lead";
    const people = make("ul", "tv-people", body);
    people.id = "tv-people";
    const lines = make("ul", "tv-lines", body);
    lines.id = "tv-lines";
    const sheet = make("table", "tv-sheet", body);
    sheet.id = "tv-sheet";
    const note = make("p", "tv-note", body);
    note.id = "tv-note";
    const evening = make("section", "tv-evening", body);
    evening.id = "tv-evening";
    const eveningTitle = make("h2", "", evening);
    const games = make("ul", "tv-games", evening);
    games.id = "tv-games";
    document.body.append(root);
    view = { root, join, qr, scan, address, title, lead, people, lines, sheet, note, evening,
      eveningTitle, games };
  }

  // The table's address as a QR code: dark on white, with the quiet zone the standard asks
  // for, drawn at a whole number of pixels a module (the screen scales it, crisp).
  let drawn = null;
  function drawQr(canvas, qr) {
    const key = qr ? qr.dark : null;
    if (drawn === key) return;
    drawn = key;
    if (!qr) { canvas.width = canvas.height = 0; return; }
    paintQr(canvas, qr, 16);
  }

  // A list kept in place: one element per item, by key (the page's own `reconcile`).
  function list(parent, items, keyOf, fill, tag) {
    reconcile(parent, items, keyOf, () => document.createElement(tag || "li"), fill);
  }

  // A player's line: the colour's swatch (never the text's colour), the name, and what is
  // said of them.
  function person(li, p) {
    if (!li.firstChild) {
      make("span", "tv-swatch", li);
      make("span", "tv-name", li);
      make("span", "tv-said", li);
    }
    const [swatch, name, said] = li.children;
    swatch.style.background = p.colour;
    put(name, p.name || "…");
    put(said, p.said || "");
    said.hidden = !p.said;
    li.classList.toggle("tv-strong", !!p.strong);
  }

  // A sheet: a header of the players, a row per part, the totals; the winners marked in
  // words (★), not by colour alone.
  // `ratingWord`: the final sheet's last row, each player's rating after the game and its change.
  function drawSheet(table, players, parts, totalWord, ratingWord) {
    const rated = ratingWord && players.some((p) => p.rating);
    const rows = [[""].concat(players.map((p) => (p.winner ? "★ " : "") + p.name))]
      .concat(parts.map((part) => [part.name].concat(part.values)))
      .concat([[totalWord].concat(players.map((p) => p.total || ""))])
      .concat(rated ? [[ratingWord].concat(players.map((p) => p.rating || ""))] : []);
    const total = rows.length - (rated ? 2 : 1);
    const shape = JSON.stringify(rows);
    if (table.dataset.shape === shape) return;
    table.dataset.shape = shape;
    table.replaceChildren(...rows.map((cells, r) => {
      const tr = document.createElement("tr");
      if (r === total) tr.className = "tv-total";
      if (rated && r === rows.length - 1) tr.className = "tv-rating";
      tr.append(...cells.map((text, c) => {
        const cell = document.createElement(r === 0 || c === 0 ? "th" : "td");
        if (r === 0 && c > 0) {
          cell.scope = "col";
          const swatch = make("span", "tv-swatch");
          swatch.style.background = players[c - 1].colour || "transparent";
          cell.append(swatch, document.createTextNode(text));
          if (players[c - 1].winner) cell.className = "tv-winner";
        } else {
          if (c === 0 && r > 0) cell.scope = "row";
          cell.textContent = text;
        }
        return cell;
      }));
      return tr;
    }));
  }

  // A sheet wider or taller than its place (many players, long part names, a language's
  // long words) is written smaller until it fits: every column stays on the screen, and what
  // follows it, as large as the room allows. Measured at the next frame, once the whole view
  // is laid out (a note above it may come or go in the same update); the size is set back
  // first, so a narrower sheet grows again.
  let fitting = false;
  function fitSheetSoon(table) {
    if (fitting) return;
    fitting = true;
    requestAnimationFrame(() => {
      fitting = false;
      if (!table.hidden) fitSheet(table);
    });
  }

  function fitSheet(table) {
    table.style.fontSize = "";
    // Off the screen: a cell past its right edge, or the view (the evening under the sheet
    // too) below the television's box, which cuts what overflows it.
    const bottom = view.root.getBoundingClientRect().bottom;
    const over = () => table.parentElement.getBoundingClientRect().bottom > bottom + 1
      || [...table.querySelectorAll("th, td")].some((cell) =>
        cell.getBoundingClientRect().right > innerWidth + 1);
    let size = parseFloat(getComputedStyle(table).fontSize);
    const smallest = size / 2;
    while (size > smallest && over()) {
      size *= 0.92;
      table.style.fontSize = size + "px";
    }
  }

  function evening(tv, w) {
    const games = tv.evening || [];
    put(view.eveningTitle, w.evening);
    view.evening.hidden = false;
    list(view.games, games.length ? games : [null], (g) => (g ? g.id : "none"), (li, g) => {
      put(li, g ? [g.ended, g.game, g.winners, g.length].join(" · ") : w.no_games_yet);
    });
  }

  // Between games and in the lobby: the code to join with beside what the room waits for.
  function betweenGames(table, tv, w) {
    view.join.hidden = !tv.address;
    put(view.scan, w.scan);
    put(view.address, tv.address || "");
    view.qr.setAttribute("aria-label", w.scan + " " + (tv.address || ""));
    drawQr(view.qr, tv.qr);
    const lobby = table.lobby;
    if (lobby) {
      put(view.title, table.game);
      put(view.lead, w.players);
      view.lead.hidden = false;
      const host = lobby.host;
      list(view.people, table.players, (p) => p.seat, (li, p) => person(li, {
        colour: p.colour, name: p.name, said: p.seat === host ? w.host : "", strong: p.seat === host,
      }));
      view.people.hidden = !table.players.length;
      // What the start waits for, as a phone that is not the host says it ("Aki chooses the
      // first habitat on their phone"): the television is no one's phone.
      const waits = host === null || host === undefined ? w.no_one_yet : startNote(words(), lobby);
      // "Before the start: …"; a full-width colon needs no space after it.
      const gap = /：$/.test(w.waiting_for) ? "" : " ";
      put(view.note, waits ? w.waiting_for + gap + waits : w.ready_to_start);
      view.note.hidden = false;
      view.sheet.hidden = true;
      view.lines.hidden = true;
      view.evening.hidden = !(tv.evening || []).length;
      if (!view.evening.hidden) evening(tv, w);
      return;
    }
    const last = tv.last;
    view.people.hidden = true;
    view.lines.hidden = true;
    if (last) {
      put(view.title, last.game);
      put(view.lead, last.winners + " · " + last.length);
      drawSheet(view.sheet, last.players, last.parts, w.total, last.rating_row);
      view.sheet.hidden = false;
      fitSheetSoon(view.sheet);

    } else {
      put(view.title, table.words.doing_between_games || "");
      put(view.lead, "");
      view.sheet.hidden = true;
    }
    view.lead.hidden = !last;
    put(view.note, w.set_up_from_a_phone);
    // Under a sheet with its Rating row the screen has no line to spare: the phones say how
    // the next game is set up.
    const rated = last && last.players.some((p) => p.rating);
    view.note.hidden = !(table.new_games || []).length || rated;
    evening(tv, w);
  }

  // A round end's step: what it does (the results, ranks and points; the eggs; the discards;
  // the new parent) and, while results are asked, who has answered (never what).
  function roundEnd(table, tv, w) {
    const step = table.step;
    view.join.hidden = true;
    put(view.title, [table.round_line, step ? step.title : table.doing].filter(Boolean).join(" · "));
    put(view.lead, step ? step.by : "");
    view.lead.hidden = !step;
    const lines = step ? step.lines : [];
    list(view.lines, lines.map((line, i) => [i, line]), ([i]) => i, (li, [, line]) => {
      put(li, line.text);
      li.classList.toggle("tv-warning", !!line.warning);
    });
    view.lines.hidden = !lines.length;
    view.lines.classList.toggle("tv-columns", lines.length > 7);
    const asked = (tv.answered || []).some((a) => a !== null);
    list(view.people, asked ? table.players : [], (p) => p.seat, (li, p) => {
      const answered = tv.answered[p.seat];
      person(li, { colour: p.colour, name: p.name, said: answered ? "✓ " + w.answered : "… " + w.not_answered, strong: answered });
    });
    view.people.hidden = !asked;
    view.sheet.hidden = true;
    put(view.note, "");
    view.note.hidden = true;
    view.evening.hidden = true;
  }

  // The score sheet: each player's progress until every column is Ready, then the sheet.
  function sheet(table, tv, w) {
    view.join.hidden = true;
    put(view.title, table.game + " · " + w.game_over);
    const s = tv.sheet;
    view.lines.hidden = true;
    view.evening.hidden = true;
    view.lead.hidden = true;
    if (s && s.revealed) {
      const players = table.players.map((p, i) => ({ name: p.name, colour: p.colour, total: s.players[i].total }));
      drawSheet(view.sheet, players, s.parts, w.total);
      view.sheet.hidden = false;
      fitSheetSoon(view.sheet);
      view.people.hidden = true;
    } else {
      view.sheet.hidden = true;
      list(view.people, table.players, (p) => p.seat, (li, p) => {
        const own = s ? s.players[p.seat] : null;
        const said = own ? own.entered + " · " + (own.ready ? "✓ " + w.ready : w.not_ready) : "";
        person(li, { colour: p.colour, name: p.name, said, strong: own && own.ready });
      });
      view.people.hidden = false;
    }
    put(view.note, table.doing || "");
    view.note.hidden = !table.doing;
  }

  // Shows the television's view of `table` and answers true, or hides it and answers false
  // (not watching, a narrow screen, a turn being played: phone.js draws those).
  function show(table, display) {
    const tv = table && table.television;
    const phase = !display || !wide.matches || !tv ? null
      : table.stage === "not_started" ? betweenGames
        : table.stage === "round_end" ? roundEnd
          : table.stage === "over" ? sheet : null;
    if (!phase && !view) return false;
    if (!view) build();
    document.body.classList.toggle("tv-on", !!phase);
    view.root.hidden = !phase;
    if (!phase) return false;
    view.root.dataset.phase = phase === betweenGames
      ? (table.lobby ? "lobby" : tv.last ? "final" : "between")
      : phase === roundEnd ? "round_end" : "sheet";
    phase(table, tv, tv.words);
    return true;
  }

  return { show };
})();
