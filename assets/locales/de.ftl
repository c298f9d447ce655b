# tablekeeper in German (Deutsch). See CONTRIBUTING.md, "Translating".

## stage
stage-setup = vor Spielbeginn
stage-playing = während des Spiels
stage-round_end = während des Rundenendes
stage-over = nach Spielende

## error
error-not_during = Das geht nicht { $stage }.
error-already_started = Das Spiel hat schon begonnen.
error-round_end_pending = Die Runde ist vorbei: erst Schritt { $step } des Rundenendes abschließen.
error-wrong_round_end_step = Als Nächstes kommt Schritt { $expected } des Rundenendes, nicht Schritt { $got }.
error-unknown_player = Auf Platz { $seat } sitzt niemand.
error-unknown_creature = Es liegt keine Kreatur Nummer { $id } auf dem Tisch.
error-creature_gone = { $card } liegt nicht mehr auf dem Tisch.
error-egg_capacity = { $card } trägt { $eggs } { $eggs ->
        [one] Ei
       *[other] Eier
    }; das Limit ist { $capacity }.
error-no_eggs = { $card } hat kein Ei zum Abgeben.
error-not_enough_eggs_to_steal = Die Nische von { $card } zu stehlen kostet { $needed } { $needed ->
        [one] Ei
       *[other] Eier
    } von deinen eigenen Karten; du hast { $have }.
error-steal_payment_count = Diese Nische zu stehlen kostet { $needed } { $needed ->
        [one] Ei
       *[other] Eier
    }; die gewählten Karten zahlen { $paid }.
error-paid_from_anothers_card = { $card } gehört dir nicht: Eier zahlst du von deinen eigenen Karten.
error-not_enough_eggs_on_card = { $card } trägt { $eggs } { $eggs ->
        [one] Ei
       *[other] Eier
    }; sie kann nicht { $paid } zahlen.
error-own_niche_costs_no_eggs = Die eigene Nische zu stehlen kostet keine Eier.
error-unknown_habitat = „{ $habitat }“ ist kein Lebensraum dieses Spiels.
error-habitat_not_developed = Der Lebensraum { $habitat } ist noch nicht erschlossen.
error-habitat_already_developed = Der Lebensraum { $habitat } ist schon erschlossen.
error-card_not_of_habitat = { $card } lebt nicht im Lebensraum { $habitat }.
error-empty_card_name = Die Karte braucht einen Namen.
error-bad_level = Die Stufe einer Kreatur ist 1 bis 4, nicht { $level }.
error-bad_habitat_count = Eine Kreaturenkarte zeigt einen oder zwei verschiedene Lebensräume, nicht { $count }.
error-card_value_too_high = { $card }: ein Smile-Wert oder Eierlimit über 99 sieht nach Tippfehler aus.
error-unknown_die = Es gibt keinen Würfel { $die }.
error-die_already_used = Würfel { $die } liegt schon in der Ablage.
error-dice_not_rolled = Die Würfel wurden noch nicht geworfen.
error-dice_already_rolled = Die Würfel wurden schon beim Aufbau geworfen; nutze einen Wiederholungswurf.
error-unknown_resource = „{ $face }“ ist kein Rohstoff dieses Spiels.
error-no_used_dice = Die Ablage ist leer: es gibt nichts neu zu werfen.
error-reroll_not_allowed = Noch kein Wiederholungswurf: die Würfel in der Schale zeigen noch { $kinds } Sorten (höchstens eine Sorte ist nötig).
error-roll_must_cover_used_dice = Gib für jeden geworfenen Würfel eine Seite an, und nur für diese.
error-already_paused = Das Spiel ist schon pausiert.
error-time_up_stale = Dieser Zug läuft nicht mehr: die Sanduhr beendet nur den Zug, den sie gemessen hat.
error-not_paused = Das Spiel ist nicht pausiert.
error-results_count = Gib für jeden der { $expected } Spieler ein Ergebnis ein (erhalten: { $got }).
error-unknown_round = Es gibt keine Runde { $round }.
error-empty_label = Das Rundenziel braucht eine Bezeichnung.
error-unknown_score_part = „{ $part }“ ist kein Teil dieses Wertungsblatts.
error-score_too_high = { $value } ist zu hoch für { $part } (höchstens { $max }).

## setup_error
setup_error-player_count = Dieses Spiel ist für { $min } bis { $max } Spieler, nicht { $got }.
setup_error-hidden_character = Der Name von Spieler { $seat } enthält ein Zeichen, das nichts anzeigt, den Text umdreht oder die Zeile umbricht ({ $code }): er könnte als anderer Name durchgehen oder eine Zeile der Historie teilen. Tippe ihn ohne dieses Zeichen neu.
setup_error-stacked_marks = Der Name von Spieler { $seat } stapelt zu viele Zeichen auf einem Buchstaben: sie würden über die Zeilen darum laufen. Gib ihn mit weniger ein.
setup_error-long_name = Der Name von Spieler { $seat } ist länger als { $max } Zeichen: kürze ihn.
setup_error-look_alike = { $first } und { $second } sehen gleich aus: der Tisch könnte sie nicht auseinanderhalten. Gib einem der beiden einen anderen Namen.
setup_error-empty_name = Spieler { $seat } braucht einen Namen.
setup_error-duplicate_name = Zwei Spieler heißen { $name }.
setup_error-duplicate_colour = Zwei Spieler haben dieselbe Markerfarbe.
setup_error-parent_out_of_range = Der Startspieler muss einer der Spieler sein.
setup_error-too_few_turns = Runde 1 braucht mindestens { $min } Züge.
setup_error-too_many_turns = Runde 1 hat höchstens { $max } Züge.

## colour
colour-red = Rot
colour-blue = Blau
colour-yellow = Gelb
colour-green = Grün
colour-purple = Lila

## sheet
sheet-player = Spieler
sheet-total = Summe
sheet-rank = Platz
sheet-winner = Sieger
sheet-winners = Sieger: { $names }
sheet-tie_broken_by = Gleichstand entschieden durch: { $breaker }
sheet-legend = * von Hand eingegeben oder geändert

## replay
replay-setup = Aufbau
replay-round_turn = Runde { $round } · Zug { $turn } / { $turns }
replay-player_turn = { $player } ist am Zug (Startspieler: { $parent })
replay-round_end = Ende von Runde { $round } · Schritt { $step }
replay-over = Spielende
replay-paused = pausiert

## history
history-line = { $id }  { $date }  { $game }  { $length }  { $players }  · Sieger: { $winners }
history-import_none = Nichts importiert: jede Partie in der Datei wurde abgelehnt.
history-imported = Importiert: { $added } neu, { $skipped } schon vorhanden, { $refused } abgelehnt.

## stats
stats-sessions = { $sessions } { $sessions ->
        [one] Partie
       *[other] Partien
    } · im Schnitt { $game_minutes } Min. pro Partie · { $turn_seconds } s pro Zug
stats-player = { $name }: { $plays } { $plays ->
        [one] Partie
       *[other] Partien
    }, { $wins } { $wins ->
        [one] Sieg
       *[other] Siege
    } ({ $rate } %), Schnitt { $average }, bester { $best }, schlechtester { $worst }, { $turn_seconds } s pro Zug, { $share } % der Tischzeit
stats-head_to_head = {"  "}{ $player } gegen { $opponent }: { $wins } gewonnen, { $losses } verloren, { $ties } unentschieden
stats-month = {"  "}{ $month }: { $plays } { $plays ->
        [one] Partie
       *[other] Partien
    }

## action
action-back = Zurück
action-cancel = Abbrechen
action-close = Schließen
action-dismiss = Ausblenden
action-ok = OK

## creatures
creatures-add_for = Neue Kreaturenkarte für { $player }
creatures-confirm_steal = Nische stehlen
creatures-details = { $smiles } Smiles · Stufe { $level } · { $habitat } · { $tucked } untergeschoben
creatures-eggs = { $eggs } / { $capacity }
creatures-habitats = Lebensräume:
creatures-known = Bekannte Karten:
creatures-level = Stufe
creatures-name = Kartenname
creatures-none = Noch keine Kreatur angesiedelt.
creatures-not_developed = { $habitat } (nicht erschlossen)
creatures-settle_in = Ansiedeln: { $habitat }
creatures-steal = Stehlen
creatures-steal_cost = Zusatzkosten: { $humans } Mensch + { $eggs } { $eggs ->
        [one] Ei
       *[other] Eier
    } in den Vorrat
creatures-steal_paid = Von deinen Karten gezahlte Eier: { $paid } von { $needed }.
creatures-pays_from = { $card }: zahlt { $paying } ihrer { $eggs } { $eggs ->
        [one] Ei
       *[other] Eier
    }
creatures-steal_free = Deine eigene Karte: keine Zusatzkosten.
creatures-stealing = { $thief } stiehlt die Nische von { $card } ({ $owner }): neue Karte unten eingeben
creatures-title = Kreaturen von { $player }
creatures-tuck = Unterschieben

## dice
dice-app_roll = App würfelt
dice-die = Würfel { $n }
dice-kind = Würfel { $kind }
dice-enter_faces = Echte Seiten eingeben
dice-enter_help = Tippe die Seite an, die jeder Würfel zeigt.
dice-kinds = { $dice } Rohstoffwürfel in { $kinds } Sorten: jeder heißt nach seiner Sorte (seinen Seiten); Würfel einer Sorte sind gleich.
dice-in_box = In der Rohstoffschale (antippen zum Nehmen):
dice-last_taken = Zuletzt genommen: { $resource }
dice-not_rolled = Die Würfel sind noch nicht geworfen.
dice-reroll_allowed = Jetzt ist ein Wiederholungswurf erlaubt: die Schale zeigt höchstens eine Sorte.
dice-reroll_nothing_used = Kein Wiederholungswurf: die Ablage ist leer.
dice-reroll_too_many = Noch kein Wiederholungswurf: die Schale zeigt noch { $kinds } Sorten.
dice-rerolls = Wiederholungswürfe bisher: { $count }
dice-title = Würfelschale
dice-used = Ablage: { $dice }
dice-used_empty = leer

## error
error-built_without_window = dieser Build hat kein Fenster (ohne das Feature "gui" gebaut); nutze die Kommandozeile: tablekeeper --help
error-no_display = kein Bildschirm für das Fenster (DISPLAY und WAYLAND_DISPLAY sind nicht gesetzt). Starte es in einer Desktop-Sitzung oder nutze die Kommandozeile: tablekeeper --help
error-window = das Fenster konnte nicht geöffnet werden

## habitats
habitats-bonus = Bonus { $bonus }
habitats-develop = Erschließen ({ $player })
habitats-developed_by = erschlossen von { $player }
habitats-first = erster Lebensraum
habitats-title = Lebensräume

## help
help-close = diese Hilfe schließen / Hinweis ausblenden
help-fields = zum nächsten / vorigen Feld
help-help = diese Hilfe zeigen
help-next = nächster Spielerzug
help-pause = alle Uhren anhalten / fortsetzen
help-redo = wiederholen
help-title = Tastatur
help-undo = letzte Aktion rückgängig

## history
history-empty = Noch keine Partie gespeichert.
history-title = Historie ({ $games } { $games ->
        [one] Partie
       *[other] Partien
    })

## home
home-history = Historie ({ $games } { $games ->
        [one] Partie
       *[other] Partien
    })
home-new_game = Neues Spiel
home-resume = { $game } fortsetzen: { $players } (begonnen { $started })
home-settings = Einstellungen
home-tagline = Behält Züge, Uhr, Würfel, Eier und Punkte im Blick, damit ihr spielen könnt.

## notice
notice-abandoned = Die Partie wurde als abgebrochen in der Historie gespeichert.
notice-damaged = Die gespeicherte Partie war in Zeile { $line } beschädigt: { $ops } { $ops ->
        [one] Aktion
       *[other] Aktionen
    } davor { $ops ->
        [one] wurde
       *[other] wurden
    } gerettet. Das Original liegt unter { $kept }.
notice-history_repaired = Der Index der Historie war beschädigt (Zeile { $lines }); jede Partie, deren eigene Datei da ist, wird gelistet ({ $recovered } aus ihren Dateien neu gelistet). Der beschädigte Index liegt unter { $kept }.
notice-not_saved = Diese Aktion konnte nicht gespeichert werden und wurde daher nicht ausgeführt: { $error }
notice-read_only = Die Daten werden von einer anderen tablekeeper-Instanz benutzt: hier kann nicht gespielt werden.
notice-saved_to_history = Die Partie ist in der Historie gespeichert. Sieger: { $winners }
notice-torn = Die App wurde mitten im Speichern beendet: die letzte, unfertige Aktion wurde verworfen und { $ops } { $ops ->
        [one] Aktion
       *[other] Aktionen
    } { $ops ->
        [one] wurde
       *[other] wurden
    } gerettet. Das Original liegt unter { $kept }.

## round_end
round_end-bottom = Letzter
round_end-confirm_objective = Marker setzen
round_end-creature_of = { $card } ({ $player })
round_end-discarded = Abgeworfen (kein Ei zum Abgeben):
round_end-eggs = Schritt 2: jede angesiedelte Kreatur gibt ein Ei ab
round_end-environment = Schritt 3: der Startspieler deckt eine Umweltkarte auf
round_end-environment_help = Kreaturen mit einer Fähigkeit bei Umweltwechsel lösen jetzt aus, für den Spieler, dessen Marker auf ihnen liegt.
round_end-environment_placeholder = Umweltkarte (optional)
round_end-flip = Aufdecken
round_end-losing = Jede Kreatur verliert ein Ei:
round_end-new_parent = Neuer Startspieler: { $player }
round_end-no_label = (nicht aufgedeckt)
round_end-nobody = keine
round_end-objective = Schritt 1: Rundenziel
round_end-parent = Schritt 4: der Startspielermarker geht im Uhrzeigersinn weiter
round_end-pass_parent = Startspielermarker weitergeben
round_end-preview = { $place } · { $points } Pkt.
round_end-rank = Platz { $rank }
round_end-results_missing = Gib für jeden Spieler eine ganze Zahl ein (0, wenn nichts erfüllt).
round_end-return_eggs = Eier abgeben
round_end-step = Schritt { $n }
round_end-title = Ende von Runde { $round }
round_end-zero_rule = Gleichstand teilt einen Platz (zweimal 1., dann 3.). Ergebnis 0: letzter Platz, 0 Pkt.

## settings
settings-bad_target = Die Zielzeit pro Zug ist eine Zahl in Sekunden.
settings-dark = Dunkel
settings-language = Sprache
settings-light = Hell
settings-resource_ids = Würfelseiten sind Rohstoff-IDs: { $ids }
settings-saved = Gespeichert.
settings-save = Speichern
settings-system = System
settings-target = Zielzeit pro Zug (s)
settings-target_help = Danach wird die Uhr orange; leer = aus.
settings-theme = Design
settings-title = Einstellungen

## setup
setup-add_player = Spieler hinzufügen
setup-bad_bonus = Der Erschließungsbonus von { $habitat } muss eine ganze Zahl sein.
setup-bad_profile = Diese Werte sind nicht verwendbar: { $error }
setup-bad_slots = Die Platzpunkte von Runde { $round } müssen ganze Zahlen sein, etwa 5, 3, 2, 1.
setup-bonus_of = Bonus: { $habitat }
setup-choose_first_habitat = Wähle den ersten Lebensraum (tippe die Lebensräume der Auslagekarten für einen Vorschlag an).
setup-draw_parent = Startspieler auslosen
setup-first_habitat = Erster Lebensraum:
setup-first_habitat_title = Erster Lebensraum
setup-cheat_card_hint = Variante mit Spickzettel: laut Regel gelten die Erschließungsboni von der Rückseite des Spickzettels, sie sind dort aber nicht abgedruckt; tippe sie hier von deiner Karte ab (Kosten werden am Tisch gezahlt).
setup-gap_about = Zu prüfen – { $subject }: { $note }
setup-gap_general = Zu prüfen: { $note }
setup-rule_about = Aus der Regel – { $subject }: { $note }
setup-rule_general = Aus der Regel: { $note }
setup-gap_note = Die Regel druckt diese Zahlen nicht ab (sie stehen auf dem Material): vergleiche sie mit deinem. Sie werden gemerkt.
setup-is_parent = Startspieler
setup-known = Frühere Spieler:
setup-make_parent = Zum Startspieler
setup-n_turns = Runde 1: { $n } { $n ->
        [one] Zug
       *[other] Züge
    }
setup-name_placeholder = Name
setup-objective_placeholder = Rundenziel { $round } (wenn aufgedeckt)
setup-objectives = Rundenziele
setup-player_range = Das Material reicht für { $min }–{ $max } Spieler (vier Markerfarben); die Sitzordnung läuft von oben im Uhrzeigersinn.
setup-turn_order_inferred = Die Züge gehen vom Startspieler aus im Uhrzeigersinn: die Regel sagt nur, dass der Startspielermarker im Uhrzeigersinn wandert, daher ist diese Reihenfolge die naheliegende Lesart, keine gedruckte Regel.
setup-player_count_gap = Regellücke: { $n } { $n ->
        [one] Spieler
       *[other] Spieler
    } – das wählt der Tisch. Die Regel nennt keine Spielerzahl und keine Solo-Regeln; das Material reicht für { $min }–{ $max }.
setup-players = Spieler in Sitzordnung
setup-slots_round = Platzpunkte, Runde { $round }
setup-start = Spiel starten
setup-suggested = ist der häufigste Lebensraum in der Auslage.
setup-tie_parent_chooses = Diese Lebensräume sind gleichauf: der Startspieler wählt.
setup-title = Neues Spiel
setup-tray_card = Karte { $n }
setup-tray_help = Lebensräume der fünf offenen Auslagekarten:
setup-turns = Züge pro Runde
setup-values = Materialwerte

## sheet
sheet-abandon_again = Nochmal tippen zum Abbrechen (bleibt in der Historie, ohne Sieger)
sheet-abandon = Partie abbrechen
sheet-back = Zurück zum Tisch
sheet-derived = auto
sheet-finish = Beenden und in Historie speichern
sheet-reset = zurücksetzen
sheet-legend_gui = „auto“-Zellen kommen aus dem Spiel; tippe eine Zahl, um eine Zelle zu ändern (wird beim Tippen gespeichert), „zurücksetzen“ macht eine Änderung rückgängig.
sheet-not_whole = „{ $value }“ ist keine ganze Zahl.
sheet-unsaved_field = { $field } ist nicht gespeichert: „{ $value }“ ist kein gültiger Wert. Korrigiere oder leere es, um zu beenden.
sheet-field_cell = { $player }: „{ $part }“
sheet-field_dummies = die Dummy-Spieler von „{ $part }“
sheet-waits_dummies = { $part }: Trage zuerst { $count ->
    [one] den Wert des Dummy-Spielers
   *[other] die Werte der { $count } Dummy-Spieler
  } ein.
sheet-waits_tie = { $names } sind punktgleich: Tragt zuerst ihre Tiebreaker ein ({ $breakers }). Bei gleichen Werten teilen sie sich den Platz.
sheet-unsaved_cell = { $player }: „{ $part }“ ist nicht gespeichert: „{ $value }“ ist keine ganze Zahl. Korrigiere oder leere es, um zu beenden.
sheet-overridden = geändert
sheet-part = Teil
sheet-provisional = Bisheriger Stand (das Spiel läuft noch)
sheet-no_number_yet = Noch keine Punkte eingetragen: der Sieger erscheint, sobald eine Zahl da ist.

## table
table-capacity = Eierlimit
table-faces_missing = Wähle für jeden Würfel eine Seite.
table-game_time = Spielzeit: { $time }
table-home = Menü
table-last_turn = Letzter Zug der Runde: eine jetzt angesiedelte Kreatur bekommt 1 Ei.
table-next = Nächster ▶
table-not_a_number = { $field } muss eine ganze Zahl sein.
table-not_started = Aufbau
table-objective = Rundenziel: { $label }
table-objective_placeholder = Zielplättchen
table-objective_unset = Rundenziel nicht eingegeben:
table-parent_mark = (Startspieler)
table-pause = Pause
table-player_line = { $points } Pkt. · { $time }
table-players = Spieler
table-redo = Wiederholen
table-reminder = Vor dem Weitergeben: Fähigkeiten beim Ansiedeln verfallen, sobald der nächste Spieler beginnt.
table-resume = Weiter
table-sheet = Wertungsblatt
table-smiles = Smiles
table-turn_of = { $player } ist am Zug
table-undo = Rückgängig

## home
home-continue = Zurück zum Spiel: { $players }

## table
table-round = Runde { $round }
table-turn = Zug { $turn } / { $turns }

## charts
charts-parts = { $player }: Schnitt pro Wertungsteil
charts-per_month = Partien pro Monat
charts-player = Spieler:
charts-time_share = Anteil an der Tischzeit
charts-totals = { $player }: Summen im Verlauf
charts-win_rate = Siegquote

## detail
detail-correct_help = Zum Korrigieren einer Punktzahl die Zahl tippen und Enter drücken: die Korrektur kommt zum Protokoll der Partie.
detail-delete = Partie löschen
detail-no_log = Das Aktionsprotokoll dieser Partie ist nicht lesbar.
detail-notes = Notizen
detail-notes_placeholder = Wer Snacks mitbrachte, Hausregeln, …
detail-unsaved = Noch nicht gespeichert: { $what }. Drücke Enter in der Zelle (oder Speichern, bei den Notizen), um es zu behalten; nochmal Zurück verlässt ohne.
detail-replay = Wiedergabe
detail-step = Aktion { $step } / { $total }
detail-timeline = Zeit pro Runde

## history
history-abandoned = abgebrochen
history-all_games = Alle Spiele
history-export_backup = Sichern
history-export_bgstats = BG-Stats-Datei
history-export_csv = CSV
history-from = Von ({ $example })
history-minutes = { $minutes } Min.
history-search = Spieler suchen
history-shown = { $shown } angezeigt
history-tab_charts = Diagramme
history-tab_games = Partien
history-tab_players = Spieler
history-to = Bis ({ $example })
history-bad_date = „{ $text }“ ist kein Datum: tippe es wie { $example } oder { $iso }
history-undo_delete = Löschen rückgängig
history-winner = Sieger: { $names }

## notice
notice-corrected = Die Korrektur ist erfasst und die Partie neu gewertet.
notice-deleted = Die Partie wurde gelöscht. „Löschen rückgängig“ holt sie zurück.
notice-exported_left_out = { $games } { $games ->
        [one] Partie
       *[other] Partien
    } nach { $path } geschrieben. { $left } ausgelassen, weil { $left ->
        [one] ihre Datei
       *[other] ihre Dateien
    } beschädigt { $left ->
        [one] ist
       *[other] sind
    }: { $ids }.
notice-exported = { $games } { $games ->
        [one] Partie
       *[other] Partien
    } nach { $path } exportiert
notice-notes_saved = Notizen gespeichert.
notice-renamed = { $from } heißt jetzt { $to } in { $games } { $games ->
        [one] Partie
       *[other] Partien
    }.

## players
players-average = Schnitt
players-best = Bester
players-head_to_head = Direkter Vergleich:
players-name = Spieler
players-new_name = Neuer Name, oder ein vorhandener zum Vereinen
players-plays = Partien
players-rename = Umbenennen / vereinen
players-rename_help = Ein Tippfehler hat jemandes Bilanz geteilt? Tippe den richtigen Namen zum Vereinen.
players-share = Zeitanteil
players-turn = Pro Zug
players-win_rate = Sieg-%
players-wins = Siege

## round_end
round_end-objective_short = Rundenziele

## history
history-save_as = Sicherung speichern unter…
history-import = Sicherung importieren…

## notice
notice-importing = Import läuft: bisher { $done } { $done ->
        [one] Partie
       *[other] Partien
    } ({ $percent } % der Datei)

## colour
colour-orange = Orange
colour-pink = Pink
colour-grey = Grau

## error
error-not_in_this_game = Das gibt es in diesem Spiel nicht: { $action }.

## play_action
play_action-end_round = Rundenende-Knopf: seine Runden enden von selbst
play_action-trigger = Spielende-Auslöser
play_action-turn_order = neue Zugreihenfolge im Spiel

## error
error-already_triggered = Das Spielende ist schon ausgelöst: diese Runde ist die letzte.
error-bad_turn_order = Eine Zugreihenfolge nennt jeden der { $players } Spieler genau einmal.
error-turn_order_locked = Die Zugreihenfolge kann sich nur ändern, bevor der erste Zug der Runde endet.
error-tie_by_turn_order = „{ $breaker }“ richtet sich nach der Zugreihenfolge, die der Tisch führt, nicht nach einem getippten Wert: setze stattdessen die Zugreihenfolge (nach der letzten Runde die endgültige).
error-tie_reads_part = „{ $breaker }“ wird aus „{ $part }“ auf dem Wertungsblatt gelesen: trage den Wert dort ein; ein eigens für den Gleichstand getippter Wert zählt nicht.
error-no_tie = „{ $breaker }“ wird nur gefragt, wenn deine Summe mit der eines anderen Spielers gleichauf ist.
error-not_opponents_part = { $opponent } punktet nicht bei „{ $part }“.
error-unknown_counter = Dieses Spiel führt keinen Zähler „{ $counter }“.
error-counter_below_min = { $counter } ist { $value }; der Wert kann nicht unter { $min } fallen.
error-unknown_ending = „{ $ending }“ ist keine Art, wie dieses Spiel endet.
error-ending_needed = Sag, wie das Spiel geendet hat.
error-entry_needs_counts = { $part } braucht { $count } Anzahlen.
error-entry_needs_number = { $part } braucht eine Zahl.
error-entry_needs_whole = { $part } zählt ganze Stücke: keine Brüche.
error-entry_too_large = { $part }: diese Zahl ist zu groß, um sie auf dem Blatt zu addieren.
error-entry_above_most = { $part }: Die Spielregel kennt höchstens { $most }.
error-dummies_for_players = { $part }: Bei { $players } Spielern wertet die Spielregel höchstens { $most } Dummy-Spieler.
error-dummies_given = { $part }: Bei { $players } Spielern wertet die Spielregel { $count } Dummy-Spieler; dieser Bogen nennt { $given }.
error-entry_negative = { $part } kann nicht unter 0 liegen.
error-entry_not_typed = { $part } wird nicht getippt: wähle, wer es genommen hat.
error-too_many_dummies = { $part }: höchstens { $max } Dummy-Spieler.
error-unknown_card = { $part } hat { $cards } { $cards ->
        [one] Karte
       *[other] Karten
    }; es gibt keine Karte { $card }.
error-claimed_twice = Spieler { $seat } steht zweimal bei einer Karte von { $part }.
error-too_many_claims = { $part } hat { $slots } Plätze pro Karte.

## setup_error
setup_error-no_side = { $name } spielt keine Seite: wähle eine.
setup_error-empty_side = Niemand spielt { $side }.
setup_error-side_count = { $side } wird von genau { $players } gespielt, nicht { $got }.

## plain
plain = { $text }

## home
home-games = Spiele

## editor
editor-actions = Aktionen (Züge) pro Spieler und Runde
editor-first_turns = Züge pro Spieler in Runde 1
editor-decrement = Jede Runde weniger Züge um
editor-rounds = Runden
editor-add_breaker = Tiebreaker hinzufügen
editor-add_counter = Zähler hinzufügen
editor-add_part = Teil hinzufügen
editor-bad_number = { $field }: „{ $value }“ ist keine passende Zahl.
editor-breaker_name = Was den Gleichstand bricht (z. B. Handkarten)
editor-cancel = Abbrechen
editor-copy_of = { $name } (Kopie)
editor-counter_name = Name des Zählers
editor-counter_no_name = Zähler { $counter } hat keinen Namen.
editor-counters = Zähler, die der Tisch führt
editor-end_text = Was das Spiel beendet
editor-end_text_hint = z. B. alle Arbeiter eingesetzt
editor-highest = Höchste Summe gewinnt
editor-lowest = Niedrigste Summe gewinnt
editor-id = ID (Dateiname)
editor-id_hint = leer = aus dem Namen gebildet
editor-invalid = Dieses Spiel kann nicht gespeichert werden: { $error }
editor-max = max
editor-min = min
editor-start = Start
editor-name = Name des Spiels
editor-no_name = Das Spiel braucht einen Namen.
editor-part_name = Name auf dem Wertungsblatt
editor-part_no_name = Teil { $part } des Blatts hat keinen Namen.
editor-parts = Das Wertungsblatt
editor-players = Spieler
editor-players_max = Max. Spieler
editor-players_min = Min. Spieler
editor-prefer_earlier = früher in der Zugreihenfolge
editor-prefer_less = weniger gewinnt
editor-prefer_more = mehr gewinnt
editor-reorder = Die Zugreihenfolge wird jede Runde neu gebildet
editor-save = Spiel speichern
editor-unsaved = Die Änderungen an diesem Spiel sind nicht gespeichert. Drücke „Spiel speichern“, um sie zu behalten, oder nochmal Abbrechen, um sie zu verwerfen.
editor-shipped_id = „{ $id }“ ist ein mitgeliefertes Spiel; gib diesem eine eigene ID.
editor-sides_kept = Eine Seite gewinnt; die Seiten und die Arten des Spielendes werden vom kopierten Spiel übernommen.
editor-tie_chain = Gleichstand, der Reihe nach (ein verbleibender Gleichstand wird geteilt):
editor-title = { $name } bearbeiten
editor-title_new = Ein neues Spiel
editor-turns = Züge
editor-winner = Wer gewinnt

## games
games-copy = Kopieren
games-edit = Bearbeiten
games-export = Exportieren…
games-hint = Mitgelieferte Spiele werden zum Ändern kopiert; eigene Spiele liegen im Datenordner unter profiles/.
games-import = Importieren…
games-new = Neues Spiel
games-own = eigenes
games-shipped = mitgeliefert
games-title = Spiele

## kind
kind-bonus = einmaliger Bonus
kind-claims = Vergabe der Reihe nach
kind-count = Anzahl × Gewicht
kind-entered = eingegebene Punkte
kind-penalty = Abzug pro Stück
kind-per_n = 1 Punkt pro N
kind-rank = Platz unter den Spielern
kind-track = Leiste mit Startwert

## param
param-bonus = Punkte
param-cards = Karten
param-counts = was gezählt wird (mit Komma getrennt)
param-penalty = Abzug pro Stück
param-per = pro
param-rank_points = Punkte nach Platz (8, 5, 2)
param-slots = Punkte in Vergabereihenfolge (15, 11, 8)
param-start = beginnt bei
param-weight = Punkte pro Stück

## notice
notice-game_exported = { $name } wurde nach { $path } geschrieben.
notice-game_imported = { $name } wurde als „{ $id }“ importiert: wähle es beim Aufbau.
notice-game_saved = { $name } wurde gespeichert ({ $path }): wähle es beim Aufbau.
notice-profile_unread = Eine Spieldatei wurde nicht gelesen und bleibt unverändert: { $problem }

## play
play-alternating = { $side } spielt zwischen den Zügen aller anderen Spieler.
play-card = Karte { $card }
play-counter_range = { $min } bis { $max }
play-counter_range_end = { $min } bis { $max }; das Spiel endet bei { $end }
play-counters = Zähler
play-dummies = Werte der Dummy-Spieler (z. B. 3, 5)
play-end = Das Ende
play-end_now = Das Spiel ist aus
play-end_round = Runde vorbei
play-ended_by = { $ending } (Sieger: { $side })
play-finish_after_end = Die Partie kommt in die Historie, sobald sie vorbei ist.
play-last_round = Das Ende ist ausgelöst: diese Runde ist die letzte.
play-no_winner_yet = Noch kein Sieger: das Spiel läuft noch.
play-order = Zugreihenfolge
play-over = Spielende
play-per_n = 1 Punkt pro { $per }, abgerundet
play-reorder_hint = Ordne die Reihenfolge mit ◀ neu, bevor der erste Zug der Runde endet.
play-round_start = Zu Rundenbeginn
play-round_of = Runde { $round } von { $rounds }
play-sheet = Wertungsblatt
play-tie_breaker = Gleichstand: { $name }
play-final_order = Endgültige Zugreihenfolge (entscheidet Gleichstand)
play-trigger = Das Ende ist ausgelöst
play-turn = Zug { $turn }

## setup
setup-sheet_parts = Blatt: { $parts }
setup-side = Seite:
setup-turns_fixed = { $rounds } { $rounds ->
        [one] Runde
       *[other] Runden
    }, je { $actions } { $actions ->
        [one] Zug
       *[other] Züge
    } pro Runde
setup-turns_shrinking = { $rounds } { $rounds ->
        [one] Runde
       *[other] Runden
    }, je { $first } { $first ->
        [one] Zug
       *[other] Züge
    } in Runde 1, jede Runde { $decrement } weniger
setup-turns_trigger = Runden bis: { $trigger }
setup-turns_until = { $rounds } { $rounds ->
        [one] Runde
       *[other] Runden
    }, jede, bis der Tisch sie beendet

## structure
structure-alternating = Seiten wechseln sich ab: eine spielt zwischen jedem Spieler der anderen
structure-fixed_rounds = Feste Runden
structure-rounds_until = Runden, die der Tisch beendet
structure-shrinking_rounds = Schrumpfende Runden
structure-until_trigger = Bis zu einem Auslöser, dann Runde beenden

## detail
detail-ended_by = Beendet: { $ending }

## word
word-part = Teil
word-side = Seite
word-ending = Spielende
word-counter = Zähler

## problem
problem-empty_id = eine ID ist leer
problem-twice = { $what } „{ $id }“ kommt zweimal vor
problem-no_parts = ein Blatt mit Punkten braucht mindestens einen Teil
problem-negative_weight = ein Gewicht kann nicht negativ sein (Kosten sind ein Abzugsteil)
problem-negative_penalty = ein Abzug wird als die abgezogenen Punkte geschrieben, nicht unter 0
problem-per_n = braucht per ≥ 1 und mindestens eine Anzahl
problem-rank_points = braucht die Punkte jedes Platzes
problem-claims = braucht 1 bis 1000 Karten und ihre Plätze (oder `each`)
problem-most = nimmt `most` nur bei einem gezählten Teil (count oder penalty), und mindestens 1
problem-dummies = nimmt `dummies` nur bei einem Teil mit Rangfolge
problem-cycle = die Kette führt zurück zu „{ $id }“ (ein Kreis)
problem-two_sides = ein Spiel mit Seiten braucht zwei Seiten oder mehr
problem-no_endings = sag, wie das Spiel enden kann
problem-not_a_side = „{ $side }“ ist keine Seite
problem-not_a_counter = „{ $counter }“ ist kein anderer Zähler dieses Spiels
problem-side_players = die Spielerzahl einer Seite muss 1 oder mehr sein und nicht mehr, als das Spiel erlaubt
problem-opponent = ein Gegner, den das Spiel selbst spielt, braucht ein Spiel mit Punkten und mindestens 1 Spieler gegen ihn
problem-not_a_part = „{ $part }“ ist kein Teil des Blatts
problem-format = muss "{ $format }" sein
problem-newer = { $found } ist neuer, als dieser Build lesen kann ({ $supported })
problem-player_range = min muss mindestens 1 und höchstens max sein
problem-too_many_players = die App hat Marker für höchstens { $max } Spieler
problem-no_name = das Spiel braucht einen Namen
problem-empty_round = jede Runde braucht mindestens einen Zug
problem-rounds_and_actions = braucht rounds ≥ 1 und actions ≥ 1
problem-rounds = braucht rounds ≥ 1
problem-counter_range = braucht min ≤ start ≤ max
problem-end_outside = ends_game_at muss zwischen min und max liegen
problem-not_an_ending = „{ $ending }“ ist kein Spielende dieses Spiels, das dieser Zähler erreicht

## profile_error
profile_error-too_large = das Profil hat { $size } Bytes; Profile über { $max } Bytes werden abgelehnt
profile_error-parse = das Profil ist ungültig: { $message }
profile_error-field = `{ $field }` im Profil ist falsch: { $problem }

## editor
editor-counter_range = { $counter }: braucht min ≤ Start ≤ max.

## setup
setup-player_count = Für { $min }–{ $max } Spieler; die Sitzordnung läuft von oben im Uhrzeigersinn.

## narrate
narrate-first_habitat = Erster Lebensraum: { $habitat }
narrate-objective = Rundenziel { $round }: { $label }
narrate-initial_roll = Würfel in die Schale geworfen ({ $by }): { $faces }
narrate-reroll = Benutzte Würfel neu geworfen ({ $by }): { $faces }
narrate-by_table = vom Tisch
narrate-by_app = von der App
narrate-start = Das Spiel beginnt
narrate-next_turn = Zug beendet
narrate-pause = Uhr angehalten
narrate-time_up = Zeit um: die Sanduhr hat den Zug beendet
narrate-resume = Uhr läuft wieder
narrate-take_die = { $resource } genommen (Würfel { $die })
narrate-take_die_by = { $player } nimmt { $resource } (Würfel { $die })
narrate-settle = { $player } siedelt { $card } im Lebensraum { $habitat } an
narrate-steal = { $player } übernimmt die Nische von { $target } mit { $card }
narrate-steal_paid = { $player } übernimmt die Nische von { $target } mit { $card } und zahlt { $eggs } { $eggs ->
        [one] Ei
       *[other] Eier
    }
narrate-add_egg = Ein Ei auf { $card }
narrate-remove_egg = Ein Ei verlässt { $card }
narrate-tuck = Eine Karte unter { $card } geschoben
narrate-discard = { $card } abgeworfen
narrate-develop = { $player } erschließt { $habitat }
narrate-environment = Eine Fähigkeit spielt eine Umweltkarte
narrate-environment_named = Eine Fähigkeit spielt die Umweltkarte { $card }
narrate-results = Ergebnisse des Rundenziels: { $results }
narrate-return_eggs = Jede Kreatur gibt ein Ei ab
narrate-flip = Der Startspieler deckt eine Umweltkarte auf
narrate-flip_named = Der Startspieler deckt die Umweltkarte { $card } auf
narrate-pass_parent = Der Startspielermarker geht weiter
narrate-score = Wertungsblatt: { $player }, { $part } = { $value }
narrate-score_cleared = Wertungsblatt: { $player }, { $part } geleert

## table
table-this_turn = Dieser Zug
table-this_turn_empty = In diesem Zug noch nichts erfasst.
table-environment = Umweltkarte gespielt
table-environment_changed = Die Umwelt hat gewechselt: Kreaturen mit einer Fähigkeit bei Umweltwechsel lösen jetzt aus, für den Spieler, dessen Marker auf ihnen liegt.
table-paused_mark = Pausiert
table-last_turn_mark = Letzter Zug der Runde

## sheet
sheet-finish_again = Nochmal tippen zum Beenden (die Partie kommt in die Historie)

## glance
glance-turns_left = Dieser Zug und noch { $more } in der Runde
glance-last_turn_of_round = Letzter Zug der Runde
glance-between_turns = Zwischen den Zügen
glance-over_target = Über der Zielzeit
glance-leave = Tischansicht verlassen (T)
glance-enter = Tischansicht (T)

## help
help-table_view = Tischansicht: das ganze Fenster für den, der am Zug ist

## setup
setup-target = Zielzeit pro Zug
setup-target_none = Keine
setup-target_minutes = { $minutes } Min.
setup-target_sound = Gong, wenn ein Zug sie erreicht

## settings
settings-sound = Gong, wenn ein Zug die Zielzeit erreicht

## notice
notice-no_chime = Der Gong konnte nicht spielen ({ $error }). Nach der Zielzeit wird die Uhr trotzdem orange.

## editor
editor-bgg_id = BoardGameGeek-ID
editor-bgg_id_hint = die Zahl in der BGG-Adresse des Spiels; leer, wenn unbekannt

## detail
detail-bgstats = BG Stats
detail-bgstats_title = Diese Partie in BG Stats erfassen
detail-bgstats_help = Scanne den Code mit dem Handy, auf dem BG Stats ist: die Partie öffnet sich ausgefüllt (Datum, Spieler, Punkte, Sieger, Notizen) zum Prüfen und Speichern. Oder kopiere den Link und öffne ihn dort, wo BG Stats ist.
detail-bgstats_copy = Link kopieren
detail-bgstats_copied = Kopiert.
detail-bgstats_too_long = Diese Partie passt nicht in einen QR-Code; kopiere stattdessen den Link.

## history
history-logged = Erfasst:
history-added_before = dieses Blatt ist schon in der Historie (Partie { $id }): nichts wurde hinzugefügt. Mit --again wird es trotzdem hinzugefügt, wenn es eine andere Partie mit denselben Zahlen ist.

## past
past-not_whole = { $player }: { $part } braucht eine ganze Punktzahl.
past-long_notes = Die Notizen sind länger als { $max } Zeichen: kürze sie.

## history
history-on_paper = auf Papier
history-log_past = Partie nachtragen

## past
past-title = Partie nachtragen
past-when = Gespielt am
past-when_forms = wie { $example } oder { $iso }
past-players = Spieler, Startspieler zuerst
past-name = Name
past-add_player = + Spieler
past-remove_player = − Spieler
past-ending = Wie es endete
past-notes = Notizen
past-to_sheet = Zum Wertungsblatt ▶
past-back = ◀ Spiel und Spieler
past-save = In Historie speichern
past-cancel = Abbrechen
past-bad_date = „{ $text }“ ist kein Datum: tippe es wie { $example } oder { $iso }.
past-future = Dieser Zeitpunkt liegt in der Zukunft: eine vergangene Partie wurde vor jetzt gespielt.
past-no_date = Das Blatt sagt nicht, wann gespielt wurde: ergänze "played_at", etwa "2026-11-14T19:30:00Z".
past-choose_side = Wähle für jeden Spieler eine Seite.
past-choose_ending = Wähle, wie das Spiel endete.
past-not_scored = Das Blatt kann noch nicht gewertet werden: { $reason }

## notice
notice-logged = In der Historie erfasst.

## settings
settings-history_dir = Ordner der Historie
settings-history_choose = Ordner wählen…
settings-history_own = Zurück zum eigenen dieses Geräts
settings-history_help = Für eine gemeinsame Historie auf allen Geräten der Gruppe wähle einen Ordner, den deine Sync-App (Syncthing, Nextcloud, Dropbox) oder eine Netzwerkfreigabe auf jedem Gerät gleich hält, und auf jedem denselben Ordner. Jedes Gerät schreibt darin nur seine eigenen Dateien.
settings-history_moved = Die Historie liegt jetzt in { $dir } ({ $games } { $games ->
        [one] Partie
       *[other] Partien
    }).
settings-history_pinned = Dieser Start nutzt einen festen Ordner der Historie (--history-dir oder TABLEKEEPER_HISTORY_DIR): der neue gilt ab dem nächsten Start ohne diese Angabe.
settings-history_missing = Der Ordner der Historie { $dir } fehlt (Sync-Ordner nicht eingehängt?): bis er zurück ist, ist die eigene Historie dieses Geräts offen.

## problem
problem-recommended_range = der empfohlene Bereich muss innerhalb von min..max liegen

## setup_error
setup_error-profile = Das Profil des Spiels ist nicht verwendbar: { $problem }

## phone
phone-done = Fertig ▶
phone-pause = Pause
phone-resume = Weiter
phone-cannot_save = Der Tisch kann nicht speichern (Speicher voll?): nichts wird behalten, bis es wieder geht. { $error }
phone-restarted = Der Tisch wurde neu gestartet: die Uhr ist angehalten
phone-why_ask_gone = Diese Anfrage ist vorbei: das Handy fragt nicht mehr, oder sie wurde beantwortet.
phone-why_bad_action = Das geht mit deinen Karten gerade nicht.
phone-why_bad_choice = Diese Wahl steht nicht zur Verfügung.
phone-why_bad_entry = Dieser Wert kann hier nicht eingegeben werden.
phone-why_bad_join = Gib deinen Namen ein (bis 24 Zeichen) und wähle eine Farbe.
phone-why_hidden_char = Dein Name enthält { $char }, ein Zeichen, das auf dem Bildschirm nichts zeigt (oft in eingefügten Namen): tippe den Namen stattdessen.
phone-why_stacked_marks = Dein Name stapelt zu viele Zeichen auf einem Buchstaben: tippe ihn mit weniger neu.
phone-why_look_alike = Dieser Name sieht aus wie der eines anderen Spielers hier: der Tisch könnte euch nicht auseinanderhalten. Wähle einen anderen (etwa mit Initiale).
phone-why_bad_phone = Diese Seite hat ihre ID verloren. Lade die Seite neu.
phone-why_bad_step = Dieser Schritt ist gerade nicht dran.
phone-why_busy = Der Tisch ist beschäftigt. Tippe gleich noch einmal.
phone-why_closed = Das ist jetzt geschlossen: der Tisch ist weiter.
phone-why_dropped = Der Tisch hat dieses Handy entfernt. Wähle deinen Platz neu.
phone-why_error = Der Tisch konnte das nicht ausführen. Versuche es noch einmal.
phone-why_full = Das Spiel ist voll. Du kannst trotzdem zuschauen.
phone-why_join = Tritt zuerst dem Spiel bei.
phone-why_no_seat = Dieses Handy hat gerade keinen Platz. Wähle deinen Platz neu.
phone-why_no_such_seat = Diesen Platz gibt es an diesem Tisch nicht.
phone-why_not_host = Das darf nur das Handy des Gastgebers.
phone-why_not_ready = Noch sind nicht alle bereit.
phone-why_not_your_turn = Du bist nicht am Zug.
phone-why_not_yours = Das muss ein anderer Spieler bestätigen.
phone-why_refused = Der Tisch hat diesem Handy den Platz nicht gegeben.
phone-why_stale = Der Tisch hat sich inzwischen geändert. Schau nochmal und tippe erneut.
phone-why_taken = Ein anderes Handy hat diesen Platz. Bitte den Tisch, es zu entfernen, falls es nicht benutzt wird.
phone-why_too_fast = Der Tisch hat dein Tippen nicht angenommen. Tippe bitte noch einmal.
phone-why_too_many_asks = Zu viele Handys fragen den Tisch gleichzeitig. Versuche es gleich noch einmal.
phone-why_too_many_phones = Zu viele Handys aus diesem Netz sind verbunden. Bitte den Tisch, eines zu entfernen.
phone-why_too_many_seats = Dieses Handy hat schon einen Platz in diesem Spiel.
phone-why_too_slow = Dein Tippen kam zu spät an. Tippe bitte noch einmal.
phone-why_too_soon = Warte kurz, bevor du wieder pausierst.
phone-pick_seat = Welcher Platz ist deiner?
phone-display = Nur zuschauen (Tischanzeige)
phone-your_turn = Du bist dran
phone-your_time = Deine Zeit
phone-this_turn = Dieser Zug
phone-reconnecting = Verbindung verloren: verbinde neu…
phone-taken = Ein anderes Handy hat diesen Platz. Bitte den Tisch, es zu entfernen, falls es nicht benutzt wird.
phone-dropped = Der Tisch hat dieses Handy entfernt. Wähle deinen Platz neu.
phone-no_wake = Dieser Browser kann den Bildschirm hier nicht anlassen: stelle beim Spielen eine längere Bildschirmsperre ein.
phone-change_seat = Platz wechseln
phone-change_seat_again = Nochmal tippen, um den Platz zu verlassen
phone-over_target = Über der Zielzeit
phone-held = besetzt
phone-paused = Pausiert
phone-doing_setup = Der Tisch baut das Spiel auf.
phone-doing_between = Der Tisch ist zwischen zwei Zügen.
phone-doing_round_end = Runde { $round } endet: der Tisch ist beim Rundenende.
phone-doing_over = Das Spiel ist aus: jeder trägt seine eigenen Punkte ein; die Partie ist beendet, sobald alle bereit sind.
phone-ask = Das ist ein tablekeeper-Tisch. Frag am Tisch nach dem Code und scanne ihn: der Bildschirm des Tisches zeigt ihn.
phone-step_objective = Runde { $round } endet: das Rundenziel wird gewertet.
phone-step_eggs = Runde { $round } endet: jede angesiedelte Kreatur gibt ein Ei ab.
phone-step_environment = Runde { $round } endet: der Startspieler deckt eine Umweltkarte auf.
phone-step_parent = Runde { $round } endet: der Startspielermarker geht im Uhrzeigersinn weiter.

## phones
phones-button = Handys
phones-title = Handys am Tisch
phones-switch = Handys dürfen beitreten
phones-help = Jeder scannt den Code mit der Handykamera, wählt seinen Platz und beendet dort seinen eigenen Zug. Keine App, kein Konto; die Handys müssen im Netz dieses Computers sein.
phones-off_help = Aus: nichts lauscht im Netz.
phones-address = Oder öffne: { $url }
phones-none = Noch kein Handy beigetreten.
phones-seat = Handy von { $player }
phones-watching = Eine Tischanzeige
phones-drop = Entfernen
phones-plain_http = Unverschlüsseltes HTTP im lokalen Netz: wer in diesem Netz den Verkehr mitlesen kann, könnte sich als Handy ausgeben. Nutze es in einem Netz, dem du vertraust.
phones-no_network = Dieser Computer hat keine Netzwerkadresse: die Handys erreichen ihn nicht.
phones-failed = Die Handys konnten nicht eingeschaltet werden: { $error }
phones-close = Schließen

## phone
phone-outside_network = Dieser Tisch antwortet nur Handys in seinem eigenen lokalen Netz. Verbinde dich mit demselben WLAN wie der Tisch.
phone-scan_again = Der Tisch hat einen neuen Code: diese Adresse gilt nicht mehr. Scanne den Code des Tisches erneut.
phone-replaced = Dieser Platz ist in einem anderen Tab oder Fenster dieses Handys offen.
phone-use_here = Hier nutzen
phone-too_soon = Warte kurz, bevor du wieder pausierst.
phone-sending_again = Zu viele Eingaben auf einmal: deine wird erneut gesendet…
phone-not_sent = Der Tisch hat dein Tippen nicht angenommen. Tippe bitte noch einmal.

## phones
phones-new_code = Neuer Code
phones-new_code_help = Neuer Code: die alte Adresse gilt sofort nicht mehr und jedes Handy muss neu scannen. Entfernen gibt einen Platz frei; das Handy, das ihn hatte, kann wieder einen Platz wählen.
phones-new_code_done = Neuer Code erstellt: jedes Handy muss ihn neu scannen.
phones-any_network = Auch Handys außerhalb des lokalen Netzes zulassen (VPN, öffentliche Adresse)
phones-took_seat = Handy von { $player } ist beigetreten.
phones-changed_seat = Ein Handy ist vom Platz von { $from } zu dem von { $to } gewechselt.
phones-left_seat = Das Handy von { $player } hat den Platz verlassen.
phones-asks = Ein Handy ({ $address }) bittet um den Platz von { $player }.
phones-let = Zulassen
phones-refuse = Ablehnen
phones-ask_gone = Dieses Handy bittet nicht mehr um den Platz (es hat aufgegeben, oder ein anderes Handy hat ihn jetzt).

## phone
phone-asking = Der Tisch wird gebeten, dir diesen Platz zu geben: jemand am Computer des Tisches tippt auf Zulassen.
phone-refused = Der Tisch hat diesem Handy den Platz nicht gegeben.
phone-too_many_asks = Zu viele Handys fragen den Tisch gleichzeitig. Versuche es gleich noch einmal.
phone-entry_closed = Das ist jetzt geschlossen: der Tisch ist weiter.
phone-entry_changed = Der Tisch hat diesen Wert inzwischen geändert; sein Wert gilt.
phone-entry_table_only = Diesen Teil trägt der Tisch ein.
phone-entry_table_value = Der Tisch hat diesen Wert getippt: nur der Tisch ändert ihn. Frag am Tisch.
phone-result = Dein Ergebnis
phone-result_on = Dein Ergebnis beim Rundenziel: { $label }
phone-result_round = Dein Ergebnis beim Ziel von Runde { $round }
phone-your_result = Dein Ergebnis
phone-your_column = Deine Punkte
phone-total = Summe
phone-ready = Bereit
phone-not_ready = Zahlen ändern
phone-ready_note = Als bereit markiert. Sobald jede Spalte bereit ist, kann jedes Spielerhandy die Partie beenden.
phone-computed = Die App hat { $value } gezählt
phone-by_table = Am Tisch getippt
phone-table_only = Am Tisch eingetragen
phone-saving = Speichert…
phone-saved = Gespeichert

## narrate
narrate-enter_result = Rundenziel: { $player } trägt { $value } ein
narrate-result_cleared = Rundenziel: Ergebnis von { $player } geleert
narrate-ready = Wertungsblatt: { $player } ist bereit
narrate-not_ready = Wertungsblatt: { $player } ist doch nicht bereit

## round_end
round_end-from_phone = vom eigenen Handy
round_end-waiting = Warten auf: { $names }

## step
step-said = { $said }

## setup
setup-phones_help = Jeder scannt den Code mit dem Handy und tritt mit eigenem Namen und eigener Farbe bei. Der Platz erscheint hier; du kannst trotzdem alles ändern.
setup-phones_joined = { $count } { $count ->
        [one] Handy
       *[other] Handys
    } beigetreten
setup-has_phone = Handy

## phone
phone-saved_game = Die Partie ist gespeichert. Sieger: { $winners }. { $totals }
phone-lobby_unnamed = Jeder Platz braucht einen Namen, bevor das Spiel beginnen kann.
phone-first_habitat = Erster Lebensraum (aus der Auslage)
phone-join_title = Dem Spiel beitreten
phone-your_name = Dein Name
phone-your_colour = Deine Farbe
phone-join = Beitreten
phone-start = Spiel starten
phone-joined = Du bist dabei. Das Spiel startet von jedem Handy oder vom Computer des Tisches.
phone-lobby_players = Am Tisch
phone-full = Das Spiel ist voll.
phone-doing_between_games = Noch liegt kein Spiel auf dem Tisch.

## round_end
round_end-confirm_anyway = Nochmal tippen, um die Marker zu setzen (0 für { $names })

## phone
phone-step_by = { $player } bestätigt das am eigenen Handy, oder der Tisch bestätigt es an seinem Computer.
phone-step_waiting = Noch kein Ergebnis von: { $names }. Jetzt bestätigen wertet sie mit 0.
phone-finish = Partie beenden
phone-finish_again = Nochmal tippen zum Beenden und Speichern
phone-confirm_again = Nochmal tippen zum Bestätigen
phone-abandon = Partie abbrechen
phone-abandon_confirm = Bestätigen: Partie abbrechen
phone-abandon_keep = Weiterspielen
phone-abandon_wait = Ein anderer Spieler bestätigt es an seinem Handy.
phone-abandon_alone = Allein am Tisch? Nochmal tippen zum Abbrechen
phone-abandon_asked = { $player } möchte diese Partie abbrechen.
phone-abandon_alone_wait = Warte { $seconds } s, dann tippe nochmal, um allein abzubrechen.
phone-abandon_needs_another = Ein anderer Spieler bestätigt es an seinem Handy: die Partie wird abgebrochen, sobald zwei Spieler zustimmen.
phone-offline_name = { $player } (offline)
phone-late_result = Das Handy von { $player } war offline, als Runde { $round } endete: das Ergebnis zählte als 0. Es kam später: { $value }. Das Handy von { $to } kann es statt der 0 eintragen.
phone-late_add = { $value } für { $player } statt 0 eintragen
phone-late_sent = Dein Ergebnis kam, nachdem das Rundenende bestätigt war: das Handy des Startspielers wird gebeten, es nachzutragen.
phone-step_stand_in = Das Handy von { $player } ist seit { $seconds } s weg: dein Handy kann das Rundenende an seiner Stelle bestätigen.
phone-fill_for = Das Handy von { $player } ist offline: trag die Spalte hier ein. Sie gilt als von diesem Handy eingegeben.
phone-vouched = { $by } hat die Spalte von { $player } als fertig markiert. Sie gilt als fertig, sobald das Handy eines zweiten Spielers es bestätigt, oder das von { $player } selbst.
phone-vouch_confirm = Spalte von { $player } bestätigen
phone-vouch_waiting = Wartet auf die Bestätigung eines zweiten Handys
phone-table_free_in = Kein Handy eines Spielers ist am Tisch. In { $time } darf jedes Handy mit dem Link einen Platz übernehmen.
phone-table_free = Seit einer Weile ist kein Handy eines Spielers am Tisch: jedes Handy mit dem Link darf jetzt einen Platz übernehmen.
phone-grace_left = Das Handy von { $player } ist offline: der Tisch zählt es noch { $time } lang als anwesend.
phone-end_title = Wie endete das Spiel?
phone-late_friend = Das Spiel hat begonnen. Um mitzuspielen, bitte einen sitzenden Spieler, auf „Partie abbrechen“ zu tippen: sobald ein weiterer Spieler bestätigt, geht der Tisch mit allen Einstellungen zurück in die Lobby, und du trittst dort bei.

## phones
phones-late_result = Das Ergebnis von { $player } für Runde { $round } ({ $value }) kam zu spät: das Handy des Startspielers kann es nachtragen.

## narrate
narrate-late_result = Spätes Ergebnis von { $player } für Runde { $round } nachgetragen: { $value }

## step
step-result = { $player }: { $result } ▶ { $place } · { $points } Pkt.
step-egg_lost = { $creature }: { $from } ▶ { $to }

## sheet
sheet-all_ready = Alle sind bereit: { $ready }
sheet-readiness = Bereit: { $ready } · noch nicht: { $waiting }
sheet-finish_not_ready = { $names } noch nicht bereit. Nochmal tippen, um trotzdem zu beenden

## error
error-not_your_turn = Nur in deinem eigenen Zug.
error-not_your_card = { $card } ist die Karte eines anderen Spielers.

## word
word-creature_cards = Kreaturenkarten

## phone
phone-my_cards = Deine Karten
phone-no_cards = Noch keine Kreaturenkarte von dir auf dem Tisch.
phone-eggs = Eier { $eggs }/{ $limit }
phone-tucked = Untergeschoben { $tucked }
phone-add_egg = + Ei
phone-remove_egg = − Ei
phone-tuck = Unterschieben
phone-settle_title = Kreaturenkarte ansiedeln
phone-card_name = Kartenname
phone-smiles = Smiles
phone-egg_limit = Eierlimit
phone-level = Stufe
phone-habitat_1 = Lebensraum
phone-habitat_2 = Zweiter Lebensraum
phone-none = —
phone-place = Wohin
phone-settle = Karte legen
phone-settle_in = Ansiedeln: { $habitat }
phone-steal_in = Nische von { $card } stehlen ({ $owner }, { $habitat })
phone-develop_title = Lebensraum erschließen
phone-card_missing = Tippe Name, Smiles und Eierlimit der Karte.
phone-steal_cost = kostet { $humans } Mensch und { $eggs } { $eggs ->
        [one] Ei
       *[other] Eier
    }
phone-steal_own = deine eigene Karte: keine Zusatzkosten

## notice
notice-stopped_running = Die App wurde beendet, während die Uhren liefen: der laufende Zug hat nach seiner letzten Aktion noch { $counted } s gezählt, bis { $at }; was danach kam (höchstens { $lost } s), ließ sich nicht zählen. Die Uhren sind angehalten.

## setup
setup-clock = Uhr
setup-clock_count_up = Hochzählen
setup-clock_bank = Zeitkonto
setup-clock_sand = Sanduhr
setup-bank_size = Konto pro Spieler
setup-per_turn = Pro Zug
setup-extra_none = Kein Zuschlag
setup-increment = +{ $secs } s am Zugende
setup-delay = Erste { $secs } s frei
setup-handicap = Handicap:
setup-player_n = Spieler { $n }
setup-minutes_short = Min.
setup-bank_help = Das Konto läuft nur in den eigenen Zügen des Spielers ab. Ein Handicap gibt einem Spieler mehr (oder weniger). Bei null wird der Tisch gewarnt und die Überzeit zählt weiter.
setup-seconds = { $secs } s
setup-sand_length = Jeder Zug
setup-sand_ends = Bei null endet der Zug von selbst (sonst wird der Tisch gewarnt)

## glance
glance-out_of_time = Zeit abgelaufen
glance-mode_bank = Zeitkonto { $minutes } Min. · { $extra }
glance-mode_sand = Sanduhr { $secs } s
glance-mode_sand_ends = Sanduhr { $secs } s · beendet den Zug

## setup_error
setup_error-clock = Die Uhr ist nicht verwendbar: { $problem }

## mode_error
mode_error-empty = ein Zeitkonto oder eine Sanduhr braucht mehr als 0 Sekunden
mode_error-too_long = kein Uhrwert darf einen Tag überschreiten
mode_error-negative = kein Uhrwert darf unter 0 liegen
mode_error-too_many_handicaps = { $handicaps } Handicaps für { $players } Spieler
mode_error-no_bank = das Konto eines Spielers würde unter einer Minute beginnen

## phone
phone-out_of_time = Zeit abgelaufen
phone-bank_left = Dein Konto

## cli
cli-clock_player = { $player }: { $left } · Zeitüberschreitungen { $timeouts } · Überzeit { $over }
cli-clock_left = { $left } übrig
cli-clock_out = Zeit abgelaufen
cli-undone_at = zurückgenommen (Rückgängig) um { $at }: { $said }
cli-undone = zurückgenommen (Rückgängig): { $said }
cli-redone_at = {" "}· wiederhergestellt (Wiederholen) um { $at }

## glance
glance-mode_bank_plain = Zeitkonto { $minutes } Min.

## error
error-table_time_on = Tischzeit geht nur im Zug eines Spielers und nur, wenn sie nicht schon läuft.
error-table_time_off = Die Tischzeit läuft nicht.

## narrate
narrate-table_time_on = Tischzeit beginnt: die Uhr jedes Spielers steht
narrate-table_time_off = Tischzeit endet

## glance
glance-table_time = Tischzeit

## table
table-table_time = Tischzeit
table-table_time_end = Tischzeit beenden

## detail
detail-table_time = Tischzeit { $table } · pausiert { $paused } (in keiner Spielerzeit)
detail-together = Runde { $round } · alle gleichzeitig: { $players }
detail-timeouts = { $player }: in { $timeouts } { $timeouts ->
        [one] Zug
       *[other] Zügen
    } Zeit überschritten, { $over } zu viel

## error
error-together_on = Eine gleichzeitige Phase beginnt nur in einem Zug oder Rundenende, und nur, wenn nicht schon eine läuft.
error-together_off = Es läuft keine gleichzeitige Phase, oder dieser Spieler ist schon bereit.

## narrate
narrate-together_on = Alle spielen gleichzeitig: die Uhr jedes Spielers läuft, bis er bereit ist
narrate-together_off = Die gleichzeitige Phase endet
narrate-together_ready = { $player } ist bereit

## glance
glance-together = Alle gleichzeitig · warten auf { $names }

## table
table-together = Alle gleichzeitig
table-together_end = Phase beenden
table-together_ready = { $player } bereit

## phone
phone-together_ready = Ich bin bereit
phone-together_waiting = Alle spielen gleichzeitig: deine Uhr läuft, bis du bereit bist.

## word
word-parent = Startspieler
word-start_player = Startspieler

## table
table-starter = { $word }: { $player }

## setup
setup-is_start = Startspieler
setup-make_start = Zum Startspieler
setup-draw_start = Startspieler auslosen

## play
play-ended = { $ending }. Sieger: { $side } ({ $names })

## narrate
narrate-end_round = Runde vorbei
narrate-trigger = Das Spielende ist ausgelöst: diese Runde ist die letzte
narrate-turn_order = Zugreihenfolge: { $players }
narrate-counter = { $counter } { $change }: jetzt { $value }
narrate-end_game = Das Spiel endet
narrate-end_game_by = Das Spiel endet: { $ending }
narrate-tie = Tiebreaker: { $player }, { $breaker } = { $value }
narrate-claims = { $part }, Karte { $card }: { $players }
narrate-bonus = { $part }: { $player }
narrate-dummies = { $part }: Werte der Dummy-Spieler { $values }

## table
table-begins = { $player } beginnt

## serve
serve-address = Adresse des Tisches: { $url }
serve-in_use = Ein anderes tablekeeper führt diesen Tisch schon (das Fenster oder ein anderes serve): { $path }. Schließe es zuerst; nur eines führt einen Tisch.
serve-stopped = Der Tisch ist geschlossen; die Partie darauf ist gespeichert und pausiert.
serve-resumed = Auf dem Tisch fortgesetzt: { $game }.
serve-not_resumed = Die unfertige Partie { $file } konnte nicht fortgesetzt werden und bleibt unverändert: { $error }
serve-started = Eine neue Partie beginnt: { $game }.
settings-unusable = Die Einstellungsdatei war nicht lesbar, bleibt daher unverändert, und die Standardwerte gelten: { $error }
settings-newer = von einem neueren tablekeeper geschrieben (Version { $version })
settings-not_settings = sie ist keine Einstellungsdatei (ihr „format“ ist „{ $format }“)
settings-damaged = sie ist beschädigt: { $error }
settings-not_read = sie ließ sich nicht lesen: { $error }
serve-profile_unread = Eine Spieldatei wurde nicht gelesen und bleibt unverändert; die Handys bieten dieses Spiel nicht an: { $problem }
serve-settings_not_saved = Die Einstellungen konnten nicht gespeichert werden: { $error }

## phone
phone-new_game_title = Ein Spiel aufbauen
phone-new_game_help = Niemand führt diesen Tisch von einem Computer aus: wählt das Spiel, dann tritt jeder von seinem Handy bei.
phone-unread_game = { $file } wird nicht angeboten: die Datei ist da, aber nicht lesbar ({ $reason }).
phone-undo = Rückgängig
phone-redo = Wiederholen
phone-dice_title = Die Würfelschale
phone-take_die = { $face } nehmen
phone-die_used = benutzt
phone-roll_first = Würfeln
phone-reroll = Benutzte Würfel neu werfen
phone-ask_line = Ein Handy ({ $address }) bittet um den Platz von { $player }.
phone-let_it = Zulassen
phone-refuse = Ablehnen
phone-seat_given = Dein Platz wurde einem anderen Handy gegeben. Tippe innerhalb von 10 Minuten auf deinen Platz, um ihn sofort zurückzuholen; später fragt das Tippen den Tisch.
phone-past_title = Frühere Partien
phone-past_winners = Sieger: { $winners }
phone-past_bgstats = In BG Stats erfassen
phone-past_back = Zurück
phone-past_total = Summe
phone-past_time = Zeit
phone-enter_faces = Gib die Seiten deiner Würfel ein
phone-die_n = Würfel { $n }
phone-faces_ok = Diese Seiten erfassen

## table
table-took_back = { $who } hat rückgängig gemacht: { $what }
table-put_back = { $who } hat wiederhergestellt: { $what }
table-the_window = Der Tisch
table-an_action = eine Aktion

## round_end
round_end-phone_confirms = Das Handy von { $name } bestätigt jeden Schritt: der Tisch kann trotzdem hier bestätigen.

## word
word-variant = Variante

## problem
problem-not_a_variant = „{ $variant }“ ist keine Variante dieses Spiels
problem-breaker_part = ein Tiebreaker liest einen Teil mit einer Zahl je Spieler (eine Anzahl, einen Rang, eingetragene Punkte oder eine Leiste) und richtet sich dann nicht auch nach der Zugreihenfolge

## setup
setup-variants = Varianten

## detail
detail-played_with = Gespielt mit: { $variants }

## league
league-none = Keine beendete Partie mit zwei oder mehr Plätzen: noch keine Wertungen.
league-line = { $place }. { $name }  { $rating }  (gewertete Partien: { $games })
league-line_provisional = { $place }. { $name }  { $rating }  (gewertete Partien: { $games }, vorläufig)

## history
history-tab_ratings = Spielstärke

## league
league-title = Die Liga
league-explained = Weng-Lin (OpenSkill) über jede beendete Partie, in der Reihenfolge ihres Endes. Die Zahl ist die Wertung minus dreimal ihre Unsicherheit: wo das Können jedes Spielers so gut wie sicher mindestens liegt. Unter 5 Partien ist sie vorläufig.
league-over_time = Wertung von { $player }, Partie für Partie

## phone
phone-seat_moved = Der Platz von { $player } ist auf ein neues Handy gewechselt
phone-why_other_seat = Dieses Handy (oder ein anderer Browser darauf) hat schon einen Platz, und nur das Handy des Gastgebers kann ihm einen zweiten erlauben.
phone-table_full = Dieser Tisch ist voll ({ $players } Spieler): du kannst zuschauen
phone-game_switched = { $player } hat das Spiel zu { $game } gewechselt
phone-why_removed = Der Gastgeber hat dieses Handy aus dieser Partie entfernt. Bitte den Gastgeber, es wieder beitreten zu lassen.
phone-removed_note = Der Gastgeber hat dieses Handy aus dieser Partie entfernt: du kannst zuschauen. Bitte den Gastgeber, es wieder beitreten zu lassen.
phone-move_up = Nach oben
phone-move_down = Nach unten
phone-remove_phone = Entfernen
phone-remove_again = Nochmal tippen zum Entfernen
phone-removed_title = Aus dieser Partie entfernt
phone-let_in = Wieder zulassen
phone-draw_parent = Startspieler auslosen
phone-parent_mark = beginnt
phone-switch_again = Nochmal tippen, um das Spiel für alle zu wechseln
phone-seat_given_asks = Dein Platz wurde einem anderen Handy gegeben. Wähle einen Platz, um erneut darum zu bitten.
phone-ask_line_shares = Ein Handy ({ $address }), das schon den Platz von { $other } hat, bittet auch um den Platz von { $player }. Nur zulassen, wenn sich zwei Spieler ein Handy teilen.
phone-joined_alone = Du bist dabei. Das Spiel startet von jedem Handy.
phone-asking_alone = Der Tisch wird gebeten, dir diesen Platz zu geben: das Handy, das ihn hält, lässt es zu, oder, solange es weg ist, das Handy eines anderen Spielers.
phone-choose_habitat = Wähle oben den ersten Lebensraum: dann kann jeder starten.
phone-host_chooses_habitat = { $host } wählt den ersten Lebensraum am eigenen Handy.
phone-step_by_alone = { $player } bestätigt das am eigenen Handy.
phone-sheet_waiting = Warten auf: { $names }
phone-why_bad_label = Tippe den Text des Plättchens (höchstens 80 Zeichen).
phone-objective_title = Zielplättchen von Runde { $round }
phone-objective_set = Setzen
phone-objective_placeholder = Der Text des Plättchens, wie er dasteht

## history
history-line_abandoned = { $id }  { $date }  { $game }  { $length }  { $players }  · abgebrochen

## tv
tv-scan = Scannen, um dem Tisch beizutreten
tv-players = Am Tisch
tv-host = Gastgeber
tv-waiting_for = Vor dem Start:
tv-no_one_yet = der erste Spieler tritt vom Handy bei.
tv-set_up_from_a_phone = Die nächste Partie wird von einem Handy aus aufgebaut.
tv-evening = Heute Abend
tv-no_games_yet = Noch keine Partie beendet.
tv-total = Summe
tv-answered = geantwortet
tv-not_answered = noch nicht
tv-ready = Bereit
tv-not_ready = trägt noch ein
tv-game_over = Schlusswertung
tv-ready_to_start = Bereit: ein Spielerhandy startet das Spiel.
tv-parts_entered = { $entered } von { $of } Teilen
tv-winner = Sieger: { $winners }
tv-winners = Sieger: { $winners }
tv-length = Länge: { $length }

## phone
phone-waiting_for = Warten auf: { $names }

## language
# The language's own name for itself, as Settings offers it.
language-name = Deutsch

## check (tablekeeper check-translation)
check-syntax = Zeile { $line }: nicht lesbar: { $text }
check-missing = zu übersetzen: { $id } = { $english }
check-extra = nicht im Englischen (wird nie gezeigt): { $id }
check-drops = { $id }: lässt { $names } weg
check-adds = { $id }: Englisch kennt kein { $names }
cli-check_summary = { $missing } fehlen, { $extra } zu viel, { $variables } mit anderen Variablen, { $syntax } { $syntax ->
        [one] Zeile
       *[other] Zeilen
    } nicht lesbar.
cli-no_such_language = Es gibt keine Sprache „{ $tag }“: Die App spricht { $languages }. Die Datei eines Übersetzers gehört in den Ordner locales/ des Datenverzeichnisses, benannt nach ihrem Sprach-Tag (fr.ftl).
cli-not_a_date = „{ $text }“ ist kein Datum wie 2026-11-21
cli-tables_range = --tables nimmt 2 bis 16 Tische, nicht „{ $text }“ (ein Tisch braucht kein --tables)
cli-no_data_dir_here = { $dir }: Hier gibt es kein Datenverzeichnis
cli-unknown_game = kein Spiel hat die ID „{ $game }“; die Spiele sind: { $ids }
cli-no_history_dir_here = { $dir }: Hier gibt es keinen Ordner der Historie


## phone
phone-order_title = Neue Zugreihenfolge
phone-order_set = Diese Reihenfolge setzen
phone-order_note = Das Handy des Startspielers setzt sie, oder das Handy dessen, der in der neuen Reihenfolge zuerst dran ist.
phone-why_bad_order = Diese Reihenfolge nennt nicht jeden Spieler genau einmal.
phone-why_order_not_yours = Nur das Handy des Startspielers oder das Handy dessen, der in der neuen Reihenfolge zuerst dran ist, setzt die Spielreihenfolge.
phone-your_side = Deine Seite: { $side }
phone-why_end_not_yours = Nur das Handy des Monsters oder das Handy des Gastgebers beendet die Partie.
phone-opponent_column = Spalte von { $opponent }: trag sie auf diesem Handy ein.

## serve
serve-venue_address = Der Spieleabend ist unter: { $url }
serve-table_address = Tisch { $table } ist unter: { $url }
serve-table_said = Tisch { $table }: { $said }

## venue
venue-title = Die Tische heute Abend
venue-table = Tisch { $table }
venue-free = Frei
venue-lobby = Beitritt
venue-playing = Im Spiel
venue-round_end = Rundenende
venue-sheet = Schlusswertung
venue-finished = Beendet
venue-round = Runde { $round }
venue-turn_of = { $name } ist am Zug
venue-scan = Scannen, dann Tisch wählen
venue-open_table = Öffnen
venue-standings = Rangliste heute Abend
venue-no_games_tonight = Heute Abend ist noch keine Partie beendet.
venue-rating = { $rating }
venue-games = gewertete Partien: { $games }
venue-provisional = vorläufig
venue-provisional_note = * vorläufig: weniger als { $below } gewertete Partien
venue-change = { $player }: von { $before } auf { $after } ({ $change })
venue-rating_row = Wertungszahl
venue-changes_title = Spielstärke nach dieser Partie

## phone
phone-counters_title = Zähler
phone-counters_note = Das Handy dessen, der dran ist, bewegt sie, oder das Handy des Gastgebers.
phone-shared_title = Die Tischteile des Wertungsblatts
phone-shared_note = Das Handy des Gastgebers trägt sie ein; jedes Handy sieht sie.
phone-dummy = Dummy-Spieler
phone-bonus_none = Niemand
phone-claim_card = Karte { $card }
phone-why_counter_not_yours = Nur das Handy dessen, der dran ist, oder das Handy des Gastgebers bewegt die Zähler.
phone-why_shared_not_yours = Nur das Handy des Gastgebers trägt die Tischteile des Wertungsblatts ein.

# --help and the man pages (src/cli/help.rs)
cli-help-about = Ein Begleiter am Tisch für Brettspielpartien
cli-help-lang = Sprache der Ausgabe und des Fensters, als Sprach-Tag: en, ja, de oder die Datei eines Übersetzers im Ordner locales/ des Datenverzeichnisses (Standard: die des Systems).
cli-help-data_dir = Wo die Daten liegen (Standard: $TABLEKEEPER_DATA_DIR, sonst das Datenverzeichnis des Systems).
cli-help-history_dir = Wo die Historie liegt, ein Ordner, den mehrere Geräte über einen Sync-Dienst teilen können (Standard: $TABLEKEEPER_HISTORY_DIR, sonst `history/` im Datenverzeichnis).
cli-help-phones_listen = Die Adresse, auf der der Server für die Handys lauscht, wenn der Tisch die Handys einschaltet (Standard: alle Schnittstellen; 127.0.0.1 beschränkt ihn auf diesen Computer).
cli-help-game = Nur dieses Spiel (eine Profil-ID, z. B. terravist).
cli-help-player = Nur Partien, die dieser Spieler gespielt hat.
cli-help-from = Ab diesem Datum (JJJJ-MM-TT).
cli-help-to = Bis einschließlich diesem Datum (JJJJ-MM-TT).
cli-help-score-about = Das Wertungsblatt einer gespeicherten Partie, eines Journals oder eines Papierblatts ausgeben.
cli-help-score-file = Eine gespeicherte Partie, ein Journal (`live/*.jsonl`) oder ein Papierblatt.
cli-help-score-long = Für jedes Spiel, als ausgerichtete Tabelle. Wurde mit einer rückwärts laufenden Uhr gespielt (Zeitkonto, Sanduhr), folgen der Modus und für jeden Spieler die Restzeit, die Zeitüberschreitungen und die Überzeit; mit --json ein Objekt "clock" (mode, und pro Spieler name, left_ms, timeouts, over_ms).
cli-help-score-json = JSON statt einer Tabelle ausgeben.
cli-help-replay-about = Jedes Ereignis einer gespeicherten Partie oder eines Journals ausgeben, und wo es das Spiel hinterließ.
cli-help-replay-file = Eine gespeicherte Partie oder ein Journal (`live/*.jsonl`).
cli-help-replay-long = Ein Ereignis, das der Tisch zurückgenommen hat (Rückgängig), steht markiert unter dem Schritt, dem es folgte, mit Zeitpunkt und ob es wiederhergestellt wurde (ein Journal behält das; eine gespeicherte Partie nur, was Bestand hatte). Bei einer rückwärts laufenden Uhr folgen für jeden Spieler Restzeit, Zeitüberschreitungen und Überzeit. Zeiten sind in UTC.
cli-help-history-about = Die Historie vergangener Partien auflisten, zeigen, auswerten, exportieren, importieren und ergänzen.
cli-help-check-translation-about = Eine Übersetzung (eine Fluent-Datei, `fr.ftl`) mit dem Englischen vergleichen.
cli-help-check-translation-file = Die Fluent-Datei, die geprüft wird.
cli-help-check-translation-long = Die Zeilen, die nicht lesbar sind, die Meldungen, die das Englische nicht hat, und die Variablen, die eine Meldung weglässt oder hinzufügt: was zu beheben ist; dann die Meldungen, die ihr fehlen, jede mit ihrem Englisch daneben, als Aufgabenliste (bis dahin auf Englisch gezeigt), und die Zahl von allem. Exit-Status 1, wenn etwas zu beheben ist; eine richtige, nur unvollständige Datei endet mit 0, außer mit --strict. Die Datei eines Übersetzers gehört in den Ordner `locales/` des Datenverzeichnisses, benannt nach ihrem Sprach-Tag (fr.ftl, pt-BR.ftl); die App bietet sie beim nächsten Start an.
cli-help-serve-about = Den Tisch ohne Fenster führen: nur der Server für die Handys.
cli-help-serve-long = Für ein Gerät, das an bleibt (ein Raspberry Pi, ein NAS). Gibt die Adresse des Tisches und ihren QR-Code aus; jedes Handy öffnet sie, baut das Spiel auf, spielt und beendet es, und der Browser eines Fernsehers schaut zu. Die Adresse bleibt über Neustarts gleich. Läuft bis Strg+C oder SIGTERM, die zuerst eine laufende Uhr anhalten. Ein Datenverzeichnis gehört einer Instanz: das Fenster und `serve` teilen sich keines.
cli-help-serve-listen = Die Adresse, auf der gelauscht wird (Standard: alle Schnittstellen; 127.0.0.1 beschränkt es auf diesen Computer).
cli-help-serve-port = Der Port, auf dem gelauscht wird (Standard: der zuletzt benutzte, sonst 8787; belegt: ein freier).
cli-help-serve-tables = Mehrere Tische zugleich führen, für einen Spieleabend im Verein (2 bis 16): die Adresse des Abends (der Port) zeigt jeden Tisch und den heutigen Stand, und Tisch n lauscht auf dem Port plus n. Ohne: ein Tisch, wie immer.
cli-help-serve-grace = Wie lange, in Sekunden, ein Telefon, das vom Tisch weg ist (gesperrter Bildschirm, neu geladene Seite), noch als anwesend gilt, bevor die anderen an seiner Stelle handeln dürfen (Standard: 120).
cli-help-serve-free_after = Wie lange, in Sekunden, kein Telefon mit Platz am Tisch sein darf, bevor jedes Telefon mit dem Link einen Platz ohne Nachfrage nimmt (Standard: 300).
cli-help-history-list-about = Jede Partie, die neueste zuerst, eine Zeile pro Partie.
cli-help-history-list-long = Jede Zeile nennt die ID der Partie, ihren Beginn (in der Zeitzone dieses Computers, wie die Sprache ein Datum schreibt), das Spiel, die Dauer („auf Papier“ für eine von Papier erfasste Partie), die Summe jedes Spielers und die Sieger. Ein Gerät, das nie eine Partie geführt hat, listet keine.
cli-help-history-show-about = Eine Partie: ihre Zeile, ihr Wertungsblatt und ihre Notizen.
cli-help-history-stats-about = Statistik pro Spieler, direkter Vergleich, Dauer, Partien pro Monat.
cli-help-history-stats-long = Die Partien, ihre durchschnittliche Dauer und Zugzeit; pro Spieler Partien, Siege, Siegquote, Schnitt, beste und schlechteste Summe, Zugzeit und Anteil an der Tischzeit; direkter Vergleich; Partien pro Monat. Mit --json auch der Schnitt jedes Spielers pro Teil des Blatts.
cli-help-history-stats-json = JSON statt Text ausgeben.
cli-help-history-ratings-about = Die Liga: die Wertung jedes Spielers aus der Historie, die beste zuerst.
cli-help-history-ratings-long = Weng-Lin (OpenSkill) über jede beendete Partie, in der Reihenfolge ihres Endes, jede als Jeder-gegen-jeden ihrer Plätze (Gleichstand teilt einen Platz; ein Spiel mit Seiten wertet die Seiten als Teams). Angezeigt als mu - 3 sigma mit der Zahl der Partien dahinter; unter 5 Partien ist sie vorläufig. Dieselbe Historie ergibt auf jedem Gerät dieselben Wertungen.
cli-help-history-ratings-json = JSON statt Text ausgeben (auch die Zahl jedes Spielers nach jeder Partie).
cli-help-history-export-about = Partien als Sicherung, CSV, BG-Stats-Datei oder BG-Stats-Links exportieren.
cli-help-history-export-out = Hierhin schreiben statt auf die Standardausgabe.
cli-help-history-export-id = Nur diese Partie.
cli-help-history-export-format = Das Format, in dem geschrieben wird.
cli-help-history-export-format-backup = Jede Partie vollständig, für `history import` auf diesem oder einem anderen Gerät.
cli-help-history-export-format-csv = Eine Zeile je Spieler und Partie, für eine Tabellenkalkulation.
cli-help-history-export-format-bgstats = Die Importdatei von BG Stats (JSON: Spiele, Spieler, Orte und Partien, über IDs verknüpft), für den Datei-Import in BG Stats.
cli-help-history-export-format-bgstats-link = Ein BG-Stats-Link je Partie, eine Zeile pro Link: auf einem Handy mit BG Stats geöffnet, füllt er die Partie zum Speichern aus.
cli-help-history-import-about = Eine Sicherung importieren; Partien, die schon in der Historie sind, werden übersprungen.
cli-help-history-import-file = Eine Sicherung, wie `history export --format backup` sie schreibt.
cli-help-history-import-long = Die Zusammenfassung geht auf stdout, jede abgelehnte Partie auf stderr. Exit-Status: 0, wenn jede Partie hinzugefügt wurde oder schon da war, 3, wenn einige abgelehnt und der Rest importiert wurde, 1, wenn nichts importiert werden konnte (jede Partie abgelehnt oder die Datei unlesbar).
cli-help-history-add-about = Eine auf Papier geführte Partie aus einer Papierblatt-Datei erfassen.
cli-help-history-add-file = Das Papierblatt, mit seinem "played_at".
cli-help-history-add-long = Die Datei ist ein Papierblatt, wie `score` es liest, mit "played_at": RFC 3339 mit Zeitzone, etwa "2026-11-14T19:30:00Z", nicht nach jetzt. Die Partie wird von derselben Engine gewertet und wie eine mit der App gespielte Partie in der Historie geführt.
cli-help-heading_usage = Aufruf:
cli-help-heading_commands = Befehle
cli-help-heading_options = Optionen
cli-help-flag_help = Hilfe ausgeben
cli-help-flag_version = Version ausgeben
cli-error = Fehler:
cli-error_unknown_argument = unerwartetes Argument „{ $arg }“
cli-error_unknown_command = unbekannter Befehl „{ $command }“
cli-error_value_not_offered = ungültiger Wert „{ $value }“ für „{ $arg }“ (mögliche Werte: { $valid })
cli-error_value_missing = „{ $arg }“ braucht einen Wert, es wurde keiner angegeben
cli-error_bad_value = ungültiger Wert „{ $value }“ für „{ $arg }“
cli-error_missing = diese Argumente fehlen: { $args }
cli-error_conflict = „{ $arg }“ kann nicht zusammen mit „{ $prior }“ verwendet werden
cli-error_value_count = falsche Anzahl von Werten für „{ $arg }“
cli-error_did_you_mean = Tipp: Es gibt ein ähnliches: „{ $suggested }“
cli-error_more = Mehr dazu: „--help“.
cli-help-heading_arguments = Argumente
cli-help-help_command = Diese Hilfe oder die Hilfe der genannten Unterbefehle ausgeben
cli-help-help_command_which = Die Hilfe dieser Unterbefehle ausgeben
cli-help-value_command = BEFEHL
cli-help-value_options = OPTIONEN
cli-help-value_of-data_dir = ORDNER
cli-help-value_of-history_dir = ORDNER
cli-help-value_of-file = DATEI
cli-help-value_of-format = FORMAT
cli-help-value_of-from = DATUM
cli-help-value_of-to = DATUM
cli-help-value_of-game = SPIEL
cli-help-value_of-id = ID
cli-help-value_of-ip = IP
cli-help-value_of-n = N
cli-help-value_of-seconds = SEKUNDEN
cli-help-value_of-out = DATEI
cli-help-value_of-player = SPIELER
cli-help-value_of-port = PORT
cli-help-value_of-tag = SPRACHE
cli-help-possible_values = Mögliche Werte
man-name = BEZEICHNUNG
man-synopsis = ÜBERSICHT
man-description = BESCHREIBUNG
man-options = OPTIONEN
man-version = VERSION
man-authors = AUTOREN

## Dateien, die nicht gelesen werden können: was falsch ist, wo, und was zu tun ist.
load-not_found = { $path }: Diese Datei gibt es nicht. Prüfe den Namen und den Ordner.
load-denied = { $path }: Dieser Benutzer darf sie nicht lesen. Gib ihr Leserechte oder kopiere sie an einen eigenen Ort.
load-not_regular = { $path } ist keine Datei (ein Ordner, eine Pipe oder ein Gerät): gib die Datei selbst an.
load-not_text = { $path } ist kein Text (kein UTF-8): Diese Datei hat tablekeeper nicht geschrieben.
load-unreadable = { $path } kann nicht gelesen werden: { $message }
load-too_large = { $path } hat { $size } Byte; Dateien über { $max } Byte werden abgelehnt. Diese Datei hat tablekeeper nicht geschrieben.
load-not_json = { $path } ist kein gültiges JSON (ab Zeile { $line }, Spalte { $column } ergibt es keinen Sinn mehr): Sie ist abgeschnitten, beschädigt oder keine Datei von tablekeeper.
load-not_json_here = kein gültiges JSON (ab Zeile { $line }, Spalte { $column } ergibt es keinen Sinn mehr)
load-shape = { $path } lässt sich nicht als Datei von tablekeeper lesen: { $message }
load-unknown_format = { $path } ist weder eine gespeicherte Partie noch ein Wertungsblatt von tablekeeper (sein „format“ ist „{ $format }“)
load-and_it_is = { $refusal }: { $what }
load-is_backup = es ist eine Sicherung, die `tablekeeper history import` einliest (`score` zeigt keine Sicherung)
load-is_session = es ist eine gespeicherte Partie; `tablekeeper score` und `replay` lesen sie, und die Historie hat sie schon
load-is_profile = es ist das Profil eines Spiels; lege es in den Ordner `profiles/` des Datenverzeichnisses oder lade es im Profil-Editor
load-newer = { $path } wurde von einem neueren tablekeeper geschrieben (Version { $found }; dieses liest bis { $supported }): Aktualisiere tablekeeper, um sie zu lesen.
load-newer_sheet = das Blatt wurde von einem neueren tablekeeper geschrieben (Version { $found }; dieses liest bis { $supported }): Aktualisiere tablekeeper, um es zu lesen
load-not_a_sheet = kein Papierblatt (sein „format“ ist „{ $format }“, nicht „{ $sheet }“)
load-field = das Feld { $detail }
load-in_file = { $path }: { $reason }
load-unknown_engine = das Spiel ist für eine Spiel-Engine, die diese Version nicht hat: „{ $engine }“
load-no_such_game = kein Spiel hat die ID „{ $game }“ (die Spiele sind: { $ids }): Lege sein Profil in den Ordner `profiles/` des Datenverzeichnisses
load-journal_header = die erste Zeile des Protokolls kann nicht gelesen werden: { $message }
load-journal_refused = Zeile { $line } verstößt gegen die Regeln; sie und die { $after } Zeilen danach bleiben weg
load-journal_torn = Zeile { $line } wurde abgeschnitten; sie bleibt weg
load-journal_damaged = Zeile { $line } kann nicht gelesen werden; sie und alles danach bleiben weg
replay_error-setup = der Aufbau ist nicht spielbar: { $reason }
replay_error-event = Ereignis { $number } verstößt gegen die Regeln: { $reason }
past-entry = { $player }: { $reason }
profile_error-field_said = `{ $field }` im Profil ist falsch: { $problem }
profile_error-newer = das Profil hat Formatversion { $found }; diese Version liest bis { $supported }: Aktualisiere tablekeeper, um es zu nutzen

## Das Datenverzeichnis und die Historie.
store-no_data_dir = es gibt kein Datenverzeichnis: Setze { $variable } oder gib --data-dir an
store-in_use = die Daten in { $path } nutzt gerade ein anderes tablekeeper; schließe es zuerst (die Historie kann trotzdem gelesen werden)
store-io = das Datenverzeichnis { $path } kann nicht genutzt werden: { $message }
store-no_history_folder = { $path }: Hier gibt es keinen Historien-Ordner (tablekeeper legt nie einen geteilten an: Binde ihn ein, lass ihn vom Sync-Programm anlegen oder lege ihn selbst an)
store-history_io = die Historie in { $path } kann nicht genutzt werden: { $message }
store-history_newer = die Historie in { $path } wurde von einem neueren tablekeeper geschrieben (Version { $found }); sie ist nur zum Lesen geöffnet
store-history_read_only = die Historie ist nur zum Lesen geöffnet
store-no_such_game = es gibt keine Partie { $id } in der Historie: `tablekeeper history list` zeigt die IDs
store-session_file = die Partiedatei von { $id } kann nicht gelesen werden: { $message }
store-journal_io = das Protokoll { $path } kann nicht gelesen werden: { $message }
store-journal_no_header = das Protokoll { $path } hat keinen lesbaren Kopf; es wurde als { $kept } aufbewahrt
store-journal_newer = das Protokoll { $path } wurde von einem neueren tablekeeper geschrieben (Version { $found }); es bleibt unangetastet
store-journal_engine = das Protokoll { $path } ist für die Spiel-Engine { $engine }; es bleibt unangetastet
cli-left_unread = { $refusal }: { $file } ist da, wurde aber nicht geladen: { $reason }
profile_error-unreadable = die Datei kann nicht gelesen werden: { $message }
profile_error-shipped = „{ $id }“ ist ein Spiel, das mit der App kommt; gib der Kopie eine eigene ID
profile_error-bad_id = eine Spiel-ID besteht nur aus a–z, 0–9 und -, etwa „mein-spiel“; „{ $id }“ nicht

## Das Einlesen einer Sicherung: eine abgelehnte Partie, oder eine, die angepasst wurde.
import-not_a_backup = die Datei ist keine Sicherung von tablekeeper: { $detail }
import-newer = die Sicherung wurde von einem neueren tablekeeper geschrieben (Version { $found }; dieses liest bis { $supported }): Aktualisiere tablekeeper, um sie einzulesen
import-game_too_large = Partie { $number } der Sicherung ist größer als { $max } Byte
import-name_cut = ein Spielername mit mehr als { $max } Zeichen wurde auf „{ $name }“ gekürzt
import-notes_cut = die Notizen wurden auf { $max } Zeichen gekürzt
import-too_many_players = mehr als { $max } Spielende
import-too_many_events = mehr als { $max } Ereignisse
import-long_name = ein Spielername mit mehr als { $max } Zeichen
import-hidden_character = ein Spielername enthält { $code }, ein Zeichen, das nichts zeigt oder die Zeile umbricht
import-newer_game = von einem neueren tablekeeper geschrieben (Partieversion { $found }; dieses liest bis { $supported })
import-broken_profile = das Profil des Spiels ist nicht nutzbar: { $problem }
import-future = datiert auf { $at }, eine Zeit, die noch kommt
cli-not_a_whole_number = das ist keine ganze Zahl
cli-not_in_range = { $value } liegt nicht zwischen { $min } und { $max }
load-cell_takes = das Feld `{ $field }` nimmt eine Zahl (21, -5, 0.5 oder einen Bruch wie "1/3") oder eine Liste von Anzahlen ([3, 1])
load-not_a_time = „played_at“ ist keine Uhrzeit: „{ $text }“ (schreibe 2026-11-14T19:30:00Z oder 2026-11-14 19:30 in der Zeitzone dieses Computers)
import-hidden_left_out = ein Spielername enthielt { $code }, ein Zeichen, das nichts zeigt oder die Zeile umbricht: Es wurde weggelassen, der Name lautet jetzt „{ $name }“
problem-name_hidden = er enthält ein Zeichen, das nichts zeigt, den Text umdreht oder die Zeile umbricht ({ $code }): Tippe ihn ohne es neu
problem-name_marks = er stapelt zu viele Zeichen auf einem Buchstaben: Tippe ihn mit weniger neu
problem-name_too_long = er ist länger als { $max } Zeichen: Kürze ihn
cli-help-check-translation-strict = Auch eine fehlende Meldung als Fehler zählen (Exit-Status 1).
cli-help-check-translation-games = Auch die Namen und Hinweise der mitgelieferten Spiele auflisten, die die Datei noch nicht nennt, je eine `name-…`-Nachricht mit ihrem Englisch, um sie ohne Änderung an einem Profil zu übersetzen.

## Die Dateien eines Übersetzers im Ordner locales/ des Datenverzeichnisses.
translation-left_out = Eine Sprachdatei wurde ausgelassen: { $file }: { $reason }
translation-unreadable_lines = { $file }: { $count } { $count ->
        [one] Zeile kann
       *[other] Zeilen können
    } nicht gelesen werden (die erste in Zeile { $line }); ihre Meldungen erscheinen auf Englisch. `tablekeeper check-translation` nennt sie.
translation-rename = ihr Name ist kein Sprach-Tag: Nenne sie { $name }
translation-not_a_tag = ihr Name ist kein Sprach-Tag (fr.ftl, pt-BR.ftl)
translation-io = sie kann nicht gelesen werden: { $message }
translation-too_large = sie ist größer als 2 MB
translation-too_deep = Zeile { $line } verschachtelt Platzhalter tiefer als { $max } Ebenen
settings-translation_problems = Sprachdateien:
help-keys_next = Leertaste
help-keys_undo = Strg+Z
help-keys_redo = Strg+Umschalt+Z
help-keys_pause = P
help-keys_help = F1 / ?
help-keys_table_view = T
help-keys_fields = Tab / Umschalt+Tab
help-keys_close = Esc
venue-after_change = { $after } ({ $change })
number-percent = { $number } %

## package
# The desktop entry and the software centre's page (examples/package_assets.rs writes them
# for every shipped language). Keywords are separated by ";" and end with one.
package-generic_name = Begleiter für Brettspiele
package-comment = Züge, Uhren, Würfel, Eier und Wertungsblatt für das Spiel auf deinem Tisch
package-keywords = Brettspiel;Wertung;Punkte;Uhr;Timer;TERRAVIST;
package-summary = Züge, Uhren, Würfel und Wertungsblatt für das Brettspiel auf deinem Tisch
package-about = tablekeeper liegt mit auf dem Tisch, während ihr ein echtes Brettspiel mit echtem Karton spielt. Es führt Runden- und Zugmarker, wer am Zug ist und wie lange es dauert, die Würfelschale und wann ein Wiederholungswurf erlaubt ist, die Eier auf jeder Kreaturenkarte, die Rundenziele, das Wertungsblatt am Spielende und eine Historie jeder gespielten Partie.
package-games = Das erste unterstützte Spiel ist TERRAVIST; Erde, Die Ratten von Wistar, Terramara, Leviath und jedes im Editor beschriebene Spiel nutzen dieselbe Uhr, dasselbe Wertungsblatt und dieselbe Historie. Jeder kann seinen eigenen Zug über das lokale Netz am Handy beenden.
