# tablekeeper in English: the reference every translation is checked against (see
# CONTRIBUTING.md, "Translating"). Ids are the code's keys with "-" for "." (error.egg_capacity).

## stage
stage-setup = before the game starts
stage-playing = during play
stage-round_end = during the round end
stage-over = after the game is over

## error
error-not_during = That can't be done { $stage }.
error-already_started = The game has already started.
error-round_end_pending = The round is over: finish round-end step { $step } first.
error-wrong_round_end_step = Round-end step { $expected } comes next, not step { $got }.
error-unknown_player = There is no player in seat { $seat }.
error-unknown_creature = There is no creature number { $id } on the table.
error-creature_gone = { $card } is no longer on the table.
error-egg_capacity = { $card } holds { $eggs } { $eggs ->
        [one] egg
       *[other] eggs
    }; its limit is { $capacity }.
error-no_eggs = { $card } has no egg to return.
error-not_enough_eggs_to_steal = Stealing the niche of { $card } costs { $needed } { $needed ->
        [one] egg
       *[other] eggs
    } from your own cards; you have { $have }.
error-steal_payment_count = Stealing this niche costs { $needed } { $needed ->
        [one] egg
       *[other] eggs
    }; the cards chosen pay { $paid }.
error-paid_from_anothers_card = { $card } is not yours: eggs are paid from your own cards.
error-not_enough_eggs_on_card = { $card } holds { $eggs } { $eggs ->
        [one] egg
       *[other] eggs
    }; it cannot pay { $paid }.
error-own_niche_costs_no_eggs = Stealing your own niche costs no eggs.
error-unknown_habitat = "{ $habitat }" is not a habitat of this game.
error-habitat_not_developed = The { $habitat } habitat is not developed yet.
error-habitat_already_developed = The { $habitat } habitat is already developed.
error-card_not_of_habitat = { $card } does not live in the { $habitat } habitat.
error-empty_card_name = The card needs a name.
error-bad_level = A creature's level is 1 to 4, not { $level }.
error-bad_habitat_count = A creature card shows one or two different habitats, not { $count }.
error-card_value_too_high = { $card }: a Smile value or egg limit above 99 looks like a typo.
error-unknown_die = There is no die { $die }.
error-die_already_used = Die { $die } is already in the used box.
error-dice_not_rolled = The dice have not been rolled yet.
error-dice_already_rolled = The dice were already rolled at setup; use a reroll.
error-unknown_resource = "{ $face }" is not a resource of this game.
error-no_used_dice = The used box is empty: there is nothing to reroll.
error-reroll_not_allowed = No reroll yet: the dice left in the box still show { $kinds } kinds (one kind or fewer is needed).
error-roll_must_cover_used_dice = Give a face for each die being rolled, and only those.
error-already_paused = The game is already paused.
error-time_up_stale = That turn is no longer under way: the sand timer ends only the turn it timed.
error-not_paused = The game is not paused.
error-results_count = Enter a result for each of the { $expected } players (got { $got }).
error-unknown_round = There is no round { $round }.
error-empty_label = The objective needs a label.
error-unknown_score_part = "{ $part }" is not a part of this score sheet.
error-score_too_high = { $value } is too high for { $part } (at most { $max }).

## setup_error
setup_error-player_count = This game takes { $min } to { $max } players, not { $got }.
setup_error-hidden_character = Player { $seat }'s name holds a character that shows nothing, turns the text around or breaks the line ({ $code }): it could pass for another name or split a line of the history. Type it again without it.
setup_error-stacked_marks = Player { $seat }'s name stacks too many marks on one letter: they would run over the lines around it. Type it again with fewer.
setup_error-long_name = Player { $seat }'s name is longer than { $max } characters: shorten it.
setup_error-look_alike = { $first } and { $second } look alike: the table could not tell them apart. Give one of them another name.
setup_error-empty_name = Player { $seat } needs a name.
setup_error-duplicate_name = Two players are called { $name }.
setup_error-duplicate_colour = Two players have the same marker colour.
setup_error-parent_out_of_range = The parent must be one of the players.
setup_error-too_few_turns = Round 1 needs at least { $min } turns.
setup_error-too_many_turns = Round 1 takes at most { $max } turns.

## colour
colour-red = Red
colour-blue = Blue
colour-yellow = Yellow
colour-green = Green
colour-purple = Purple

## sheet
sheet-player = Player
sheet-total = Total
sheet-rank = Rank
sheet-winner = Winner
sheet-winners = Winner: { $names }
sheet-tie_broken_by = Tie broken by: { $breaker }
sheet-legend = * entered or changed by hand

## replay
replay-setup = Setup
replay-round_turn = Round { $round } · Turn { $turn } / { $turns }
replay-player_turn = { $player }'s turn (parent: { $parent })
replay-round_end = Round { $round } end · step { $step }
replay-over = Game over
replay-paused = paused

## history
history-line = { $id }  { $date }  { $game }  { $length }  { $players }  · winner: { $winners }
history-import_none = Nothing was imported: every game in the file was refused.
history-imported = Imported: { $added } added, { $skipped } already there, { $refused } refused.

## stats
stats-sessions = { $sessions } { $sessions ->
        [one] game
       *[other] games
    } · { $game_minutes } min per game on average · { $turn_seconds } s per turn
stats-player = { $name }: { $plays } { $plays ->
        [one] play
       *[other] plays
    }, { $wins } { $wins ->
        [one] win
       *[other] wins
    } ({ $rate }%), average { $average }, best { $best }, worst { $worst }, { $turn_seconds } s per turn, { $share }% of the table's time
stats-head_to_head = {"  "}{ $player } vs { $opponent }: { $wins } won, { $losses } lost, { $ties } tied
stats-month = {"  "}{ $month }: { $plays } { $plays ->
        [one] play
       *[other] plays
    }

## action
action-back = Back
action-cancel = Cancel
action-close = Close
action-dismiss = Dismiss
action-ok = OK

## creatures
creatures-add_for = New creature card for { $player }
creatures-confirm_steal = Steal the niche
creatures-details = { $smiles } Smiles · Lv{ $level } · { $habitat } · { $tucked } tucked
creatures-eggs = { $eggs } / { $capacity }
creatures-habitats = Habitats:
creatures-known = Known cards:
creatures-level = Level
creatures-name = Card name
creatures-none = No creature settled yet.
creatures-not_developed = { $habitat } (not developed)
creatures-settle_in = Settle in { $habitat }
creatures-steal = Steal
creatures-steal_cost = Extra cost: { $humans } Human + { $eggs } { $eggs ->
        [one] egg
       *[other] eggs
    } to the supply
creatures-steal_paid = Eggs paid from your cards: { $paid } of { $needed }.
creatures-pays_from = { $card }: pays { $paying } of its { $eggs } { $eggs ->
        [one] egg
       *[other] eggs
    }
creatures-steal_free = Your own card: no extra cost.
creatures-stealing = { $thief } steals the niche of { $card } ({ $owner }'s): type the new card below
creatures-title = Creatures of { $player }
creatures-tuck = Tuck

## dice
dice-app_roll = App roll
dice-die = Die { $n }
dice-kind = Die { $kind }
dice-enter_faces = Enter the real faces
dice-enter_help = Tap the face each die shows.
dice-kinds = { $dice } resource dice of { $kinds } kinds: each is named by its kind (its faces); dice of one kind are alike.
dice-in_box = In the resource box (tap to take):
dice-last_taken = Last taken: { $resource }
dice-not_rolled = The dice are not rolled yet.
dice-reroll_allowed = A reroll is allowed now: the box shows one kind or fewer.
dice-reroll_nothing_used = No reroll: the used box is empty.
dice-reroll_too_many = No reroll yet: the box still shows { $kinds } kinds.
dice-rerolls = Rerolls so far: { $count }
dice-title = Dice box
dice-used = Used box: { $dice }
dice-used_empty = empty

## error
error-built_without_window = this build has no window (built without the "gui" feature); use the command line: tablekeeper --help
error-no_display = no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset). Run it in a desktop session, or use the command line: tablekeeper --help
error-window = the window could not be opened

## habitats
habitats-bonus = bonus { $bonus }
habitats-develop = Develop ({ $player })
habitats-developed_by = developed by { $player }
habitats-first = first habitat
habitats-title = Habitats

## help
help-close = close this help / dismiss a notice
help-fields = move to the next / previous field
help-help = show this help
help-next = next player-turn
help-pause = pause / resume every clock
help-redo = redo
help-title = Keyboard
help-undo = undo the last action

## history
history-empty = No game saved yet.
history-title = History ({ $games } { $games ->
        [one] game
       *[other] games
    })

## home
home-history = History ({ $games } { $games ->
        [one] game
       *[other] games
    })
home-new_game = New game
home-resume = Resume { $game }: { $players } (started { $started })
home-settings = Settings
home-tagline = Keeps the turns, the clock, the dice, the eggs and the score, so you can play.

## notice
notice-abandoned = The game was saved to the history as abandoned.
notice-damaged = The saved game was damaged at line { $line }: { $ops } { $ops ->
        [one] action
       *[other] actions
    } before it { $ops ->
        [one] was
       *[other] were
    } recovered. The original is kept at { $kept }.
notice-history_repaired = The history index was damaged (line { $lines }); every game whose own file is there is listed ({ $recovered } listed again from their files). The damaged index is kept at { $kept }.
notice-not_saved = This action could not be saved, so it was not taken: { $error }
notice-read_only = The data is in use by another copy of tablekeeper: games cannot be played here.
notice-saved_to_history = The game is saved to the history. Winner: { $winners }
notice-torn = The app stopped in the middle of saving: the last, unfinished action was dropped and { $ops } { $ops ->
        [one] action
       *[other] actions
    } { $ops ->
        [one] was
       *[other] were
    } recovered. The original is kept at { $kept }.

## round_end
round_end-bottom = bottom slot
round_end-confirm_objective = Place the markers
round_end-creature_of = { $card } ({ $player })
round_end-discarded = Discarded (no egg to return):
round_end-eggs = Step 2: every settled creature returns one egg
round_end-environment = Step 3: the parent flips an environment card
round_end-environment_help = Creatures with an on-environment-change ability trigger now, for the player whose marker is on them.
round_end-environment_placeholder = Environment card (optional)
round_end-flip = Flip
round_end-losing = Each loses one egg:
round_end-new_parent = New parent: { $player }
round_end-no_label = (not revealed)
round_end-nobody = none
round_end-objective = Step 1: round objective
round_end-parent = Step 4: the parent marker passes clockwise
round_end-pass_parent = Pass the parent marker
round_end-preview = { $place } · { $points } pts
round_end-rank = rank { $rank }
round_end-results_missing = Enter a whole number for every player (0 if they met nothing).
round_end-return_eggs = Return the eggs
round_end-step = Step { $n }
round_end-title = End of round { $round }
round_end-zero_rule = Equal results share a rank (two 1st, then 3rd). A result of 0 takes the bottom slot, worth 0.

## settings
settings-bad_target = The turn time target is a number of seconds.
settings-dark = Dark
settings-language = Language
settings-light = Light
settings-resource_ids = Dice faces are resource ids: { $ids }
settings-saved = Saved.
settings-save = Save
settings-system = System
settings-target = Turn time target (s)
settings-target_help = The clock turns orange past it; empty = off.
settings-theme = Theme
settings-title = Settings

## setup
setup-add_player = Add a player
setup-bad_bonus = The development bonus of { $habitat } must be a whole number.
setup-bad_profile = These values cannot be used: { $error }
setup-bad_slots = Round { $round }'s slot points must be whole numbers, like 5, 3, 2, 1.
setup-bonus_of = Bonus: { $habitat }
setup-choose_first_habitat = Choose the first habitat (tap the tray cards' habitats for a suggestion).
setup-draw_parent = Draw the parent
setup-first_habitat = First habitat:
setup-first_habitat_title = First habitat
setup-cheat_card_hint = Cheat-card variant: the rulebook says to play the development bonuses from the cheat card's back but does not print them; type them here from your card (costs are paid at the table).
setup-gap_about = To confirm – { $subject }: { $note }
setup-gap_general = To confirm: { $note }
setup-rule_about = From the rulebook – { $subject }: { $note }
setup-rule_general = From the rulebook: { $note }
setup-gap_note = The rulebook does not print these numbers (they are on the components): check them against yours. They are remembered.
setup-is_parent = Parent
setup-known = Earlier players:
setup-make_parent = Make parent
setup-n_turns = Round 1: { $n } { $n ->
        [one] turn
       *[other] turns
    }
setup-name_placeholder = Name
setup-objective_placeholder = Round { $round } objective (when revealed)
setup-objectives = Round objectives
setup-player_range = The components serve { $min }–{ $max } players (four marker colours); seat order is clockwise from the top.
setup-turn_order_inferred = Turns go clockwise from the parent: the rulebook only says the parent marker moves clockwise, so this order is the natural reading, not a printed rule.
setup-player_count_gap = GAP: { $n } { $n ->
        [one] player
       *[other] players
    } is the table's choice. The rulebook gives no player count and no solo rules; the components serve { $min }–{ $max }.
setup-players = Players, in seat order
setup-slots_round = Slot points, round { $round }
setup-start = Start the game
setup-suggested = is the most common habitat on the tray.
setup-tie_parent_chooses = These habitats are tied: the parent chooses.
setup-title = New game
setup-tray_card = Card { $n }
setup-tray_help = Habitats on the five face-up tray cards:
setup-turns = Turns per round
setup-values = Component values

## sheet
sheet-abandon_again = Tap again to abandon (kept in the history, no winner)
sheet-abandon = Abandon the game
sheet-back = Back to the table
sheet-derived = auto
sheet-finish = Finish and save to history
sheet-reset = reset
sheet-legend_gui = “auto” cells come from the game; type a number to change any cell (it is saved as you type), “reset” to undo a change.
sheet-not_whole = "{ $value }" is not a whole number.
sheet-unsaved_field = { $field } is not saved: "{ $value }" is not a value it takes. Correct it, or empty it, to finish.
sheet-field_cell = { $player }: “{ $part }”
sheet-field_dummies = the dummy players of “{ $part }”
sheet-waits_dummies = { $part }: enter { $count ->
    [one] the dummy player's value
   *[other] the { $count } dummy players' values
  } first.
sheet-waits_tie = { $names } are level on points: enter their tie-breakers first ({ $breakers }). Typed equal, they share the place.
sheet-unsaved_cell = { $player }: “{ $part }” is not saved: "{ $value }" is not a whole number. Correct it, or empty it, to finish.
sheet-overridden = changed
sheet-part = Part
sheet-provisional = Score so far (the game is not over)
sheet-no_number_yet = No score is in yet: the winner shows once a number is.

## table
table-capacity = Egg limit
table-faces_missing = Choose a face for every die.
table-game_time = Game time: { $time }
table-home = Home
table-last_turn = Last turn of the round: a creature settled now gets 1 egg.
table-next = Next player ▶
table-not_a_number = { $field } must be a whole number.
table-not_started = Setup
table-objective = Round objective: { $label }
table-objective_placeholder = Objective tile
table-objective_unset = Round objective not entered:
table-parent_mark = (parent)
table-pause = Pause
table-player_line = { $points } pts · { $time }
table-players = Players
table-redo = Redo
table-reminder = Before passing: on-settle abilities are lost once the next player starts.
table-resume = Resume
table-sheet = Score sheet
table-smiles = Smiles
table-turn_of = { $player }'s turn
table-undo = Undo

## home
home-continue = Back to the game: { $players }

## table
table-round = Round { $round }
table-turn = Turn { $turn } / { $turns }

## charts
charts-parts = { $player }: average score by part
charts-per_month = Games per month
charts-player = Player:
charts-time_share = Share of the table's time
charts-totals = { $player }: totals over time
charts-win_rate = Win rate

## detail
detail-correct_help = To correct a score, type the number and press Enter: the correction is added to the game's record.
detail-delete = Delete this game
detail-no_log = This game's record of actions cannot be read.
detail-notes = Notes
detail-notes_placeholder = Who brought snacks, house rules, …
detail-unsaved = Not saved yet: { $what }. Press Enter in the cell (or Save, for the notes) to keep it; press Back again to leave without it.
detail-replay = Replay
detail-step = Action { $step } / { $total }
detail-timeline = Time per round

## history
history-abandoned = abandoned
history-all_games = All games
history-export_backup = Back up
history-export_bgstats = BG Stats file
history-export_csv = CSV
history-from = From ({ $example })
history-minutes = { $minutes } min
history-search = Search a player
history-shown = { $shown } shown
history-tab_charts = Charts
history-tab_games = Games
history-tab_players = Players
history-to = To ({ $example })
history-bad_date = “{ $text }” is not a date: type it like { $example } or { $iso }
history-undo_delete = Undo the delete
history-winner = winner: { $names }

## notice
notice-corrected = The correction is recorded and the game re-scored.
notice-deleted = The game was deleted. “Undo the delete” brings it back.
notice-exported_left_out = { $games } { $games ->
        [one] game
       *[other] games
    } written to { $path }. { $left } left out because { $left ->
        [one] its file is
       *[other] their files are
    } damaged: { $ids }.
notice-exported = { $games } { $games ->
        [one] game
       *[other] games
    } exported to { $path }
notice-notes_saved = Notes saved.
notice-renamed = { $from } is now { $to } in { $games } { $games ->
        [one] game
       *[other] games
    }.

## players
players-average = Average
players-best = Best
players-head_to_head = Head to head:
players-name = Player
players-new_name = New name, or an existing one to merge into
players-plays = Plays
players-rename = Rename / merge
players-rename_help = A typo split someone's record? Type the right name to merge.
players-share = Time share
players-turn = Per turn
players-win_rate = Win rate
players-wins = Wins

## round_end
round_end-objective_short = Round objectives

## history
history-save_as = Save a backup as…
history-import = Import a backup…

## notice
notice-importing = Importing: { $done } { $done ->
        [one] game
       *[other] games
    } so far ({ $percent }% of the file)

## colour
colour-orange = Orange
colour-pink = Pink
colour-grey = Grey

## error
error-not_in_this_game = This game has no { $action }.

## play_action
play_action-end_round = round-over button: its rounds end by themselves
play_action-trigger = game-end trigger
play_action-turn_order = new turn order during play

## error
error-already_triggered = The game's end is already triggered: this round is the last.
error-bad_turn_order = A turn order names each of the { $players } players exactly once.
error-turn_order_locked = The turn order can only change before the round's first turn ends.
error-tie_by_turn_order = “{ $breaker }” goes by the turn order the table keeps, not a typed value: set the turn order instead (after the last round, the final one).
error-tie_reads_part = “{ $breaker }” is read from the sheet’s { $part }: enter it there; a value typed for the tie would not count.
error-no_tie = “{ $breaker }” is asked only when your total is level with another player’s.
error-not_opponents_part = { $opponent } scores no “{ $part }”.
error-unknown_counter = This game tracks no counter "{ $counter }".
error-counter_below_min = { $counter } is { $value }; it cannot go below { $min }.
error-unknown_ending = "{ $ending }" is not a way this game ends.
error-ending_needed = Say how the game ended.
error-entry_needs_counts = { $part } takes { $count } counts.
error-entry_needs_number = { $part } takes one number.
error-entry_needs_whole = { $part } counts whole items: no fractions.
error-entry_too_large = { $part }: this number is too large for the sheet to add up.
error-entry_above_most = { $part }: the rulebook has at most { $most }.
error-dummies_for_players = { $part }: with { $players } players the rulebook ranks { $most } dummy { $most ->
        [one] player
       *[other] players
    } at most.
error-dummies_given = { $part }: with { $players } players the rulebook ranks { $count } dummy { $count ->
        [one] player
       *[other] players
    }; this sheet gives { $given }.
error-entry_negative = { $part } cannot be below 0.
error-entry_not_typed = { $part } is not typed in: choose who took it.
error-too_many_dummies = { $part }: at most { $max } dummy players.
error-unknown_card = { $part } has { $cards } { $cards ->
        [one] card
       *[other] cards
    }; there is no card { $card }.
error-claimed_twice = Player { $seat } is listed twice for one card of { $part }.
error-too_many_claims = { $part } has { $slots } places per card.

## setup_error
setup_error-no_side = { $name } plays no side: choose one.
setup_error-empty_side = Nobody plays { $side }.
setup_error-side_count = { $side } is played by exactly { $players }, not { $got }.

## plain
plain = { $text }

## home
home-games = Games

## editor
editor-actions = Actions (turns) per player per round
editor-first_turns = Turns per player in round 1
editor-decrement = Fewer turns each round by
editor-rounds = Rounds
editor-add_breaker = Add a tie-breaker
editor-add_counter = Add a counter
editor-add_part = Add a part
editor-bad_number = { $field }: "{ $value }" is not a number this needs.
editor-breaker_name = What breaks the tie (e.g. cards in hand)
editor-cancel = Cancel
editor-copy_of = { $name } (copy)
editor-counter_name = Counter name
editor-counter_no_name = Counter { $counter } has no name.
editor-counters = Counters the table tracks
editor-end_text = What ends it
editor-end_text_hint = e.g. every worker placed
editor-highest = Highest total wins
editor-lowest = Lowest total wins
editor-id = Id (file name)
editor-id_hint = made from the name if left empty
editor-invalid = This game cannot be saved: { $error }
editor-max = max
editor-min = min
editor-start = start
editor-name = Name of the game
editor-no_name = The game needs a name.
editor-part_name = Name on the score sheet
editor-part_no_name = Part { $part } of the sheet has no name.
editor-parts = The score sheet
editor-players = Players
editor-players_max = Most players
editor-players_min = Fewest players
editor-prefer_earlier = earlier in turn order
editor-prefer_less = less wins
editor-prefer_more = more wins
editor-reorder = The turn order is remade each round
editor-save = Save the game
editor-unsaved = The changes to this game are not saved. Press Save the game to keep them, or Cancel again to drop them.
editor-shipped_id = "{ $id }" is a game shipped with the app; give this one its own id.
editor-sides_kept = One side wins; the sides and the ways the game ends are kept from the copied game.
editor-tie_chain = Ties, in order (a tie still left is shared):
editor-title = Editing { $name }
editor-title_new = A new game
editor-turns = Turns
editor-winner = Who wins

## games
games-copy = Copy
games-edit = Edit
games-export = Export…
games-hint = Shipped games are copied to change them; your own games are saved in the data folder's profiles/.
games-import = Import…
games-new = New game
games-own = yours
games-shipped = shipped
games-title = Games

## kind
kind-bonus = one-off bonus
kind-claims = awards in order
kind-count = count × weight
kind-entered = points entered
kind-penalty = penalty per item
kind-per_n = 1 point per N
kind-rank = rank among players
kind-track = track with a start

## param
param-bonus = points
param-cards = cards
param-counts = what is counted (comma-separated)
param-penalty = points taken per item
param-per = per
param-rank_points = points by rank (8, 5, 2)
param-slots = points in claim order (15, 11, 8)
param-start = starts at
param-weight = points each

## notice
notice-game_exported = { $name } was written to { $path }.
notice-game_imported = { $name } was imported as "{ $id }": choose it at setup.
notice-game_saved = { $name } was saved ({ $path }): choose it at setup.
notice-profile_unread = A game file was not read and is left as it is: { $problem }

## play
play-alternating = { $side } plays between every other player's turn.
play-card = Card { $card }
play-counter_range = { $min } to { $max }
play-counter_range_end = { $min } to { $max }; the game ends at { $end }
play-counters = Counters
play-dummies = Dummy players' values (e.g. 3, 5)
play-end = The end
play-end_now = The game is over
play-end_round = Round over
play-ended_by = { $ending } (winner: { $side })
play-finish_after_end = The game goes to the history once it is over.
play-last_round = The end is triggered: this round is the last.
play-no_winner_yet = No winner yet: the game is not over.
play-order = Turn order
play-over = Game over
play-per_n = 1 point per { $per }, rounded down
play-reorder_hint = Remake the order with ◀ before the first turn of the round ends.
play-round_start = At the round's start
play-round_of = Round { $round } of { $rounds }
play-sheet = Score sheet
play-tie_breaker = Tie: { $name }
play-final_order = Final turn order (a tie goes by it)
play-trigger = The end is triggered
play-turn = Turn { $turn }

## setup
setup-sheet_parts = Sheet: { $parts }
setup-side = Side:
setup-turns_fixed = { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }, { $actions } { $actions ->
        [one] turn
       *[other] turns
    } each per round
setup-turns_shrinking = { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }, { $first } { $first ->
        [one] turn
       *[other] turns
    } each in round 1, { $decrement } fewer each round
setup-turns_trigger = Rounds until: { $trigger }
setup-turns_until = { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }, each until the table says it is over

## structure
structure-alternating = Sides alternate: one plays between every player of the other
structure-fixed_rounds = Fixed rounds
structure-rounds_until = Rounds that end when the table says
structure-shrinking_rounds = Rounds that shrink
structure-until_trigger = Until a trigger, then finish the round

## detail
detail-ended_by = Ended: { $ending }

## word
word-part = part
word-side = side
word-ending = ending
word-counter = counter

## problem
problem-empty_id = an id is empty
problem-twice = { $what } "{ $id }" appears twice
problem-no_parts = a sheet with points needs at least one part
problem-negative_weight = a weight cannot be negative (a cost is a penalty part)
problem-negative_penalty = a penalty is written as the points it takes away, not below 0
problem-per_n = needs per ≥ 1 and at least one count
problem-rank_points = needs the points of each rank
problem-claims = needs 1 to 1000 cards and its slots (or `each`)
problem-most = takes `most` only on a counted part (count or penalty), and at least 1
problem-dummies = takes `dummies` only on a ranked part
problem-cycle = the chain comes back to "{ $id }" (a cycle)
problem-two_sides = a side game needs two sides or more
problem-no_endings = say how the game can end
problem-not_a_side = "{ $side }" is not a side
problem-not_a_counter = "{ $counter }" is not another counter of this game
problem-side_players = a side's number of players must be 1 or more, and no more than the game takes
problem-opponent = an opponent the game plays itself needs a game with points and at least 1 player against it
problem-not_a_part = "{ $part }" is not a part of the sheet
problem-format = must be "{ $format }"
problem-newer = { $found } is newer than this build reads ({ $supported })
problem-player_range = min must be at least 1 and at most max
problem-too_many_players = the app has markers for { $max } players at most
problem-no_name = the game needs a name
problem-empty_round = every round needs at least one turn
problem-rounds_and_actions = needs rounds ≥ 1 and actions ≥ 1
problem-rounds = needs rounds ≥ 1
problem-counter_range = needs min ≤ start ≤ max
problem-end_outside = ends_game_at must be between min and max
problem-not_an_ending = "{ $ending }" is not an ending of this game reached by this counter

## profile_error
profile_error-too_large = the profile is { $size } bytes; profiles over { $max } bytes are refused
profile_error-parse = the profile is not valid: { $message }
profile_error-field = the profile's `{ $field }` is wrong: { $problem }

## editor
editor-counter_range = { $counter }: needs min ≤ start ≤ max.

## setup
setup-player_count = For { $min }–{ $max } players; seat order is clockwise from the top.

## narrate
narrate-first_habitat = First habitat: { $habitat }
narrate-objective = Round { $round } objective: { $label }
narrate-initial_roll = Dice rolled into the box ({ $by }): { $faces }
narrate-reroll = Used dice rerolled ({ $by }): { $faces }
narrate-by_table = by the table
narrate-by_app = by the app
narrate-start = The game starts
narrate-next_turn = Turn over
narrate-pause = Clock paused
narrate-time_up = Out of time: the sand timer ended the turn
narrate-resume = Clock running again
narrate-take_die = { $resource } taken (die { $die })
narrate-take_die_by = { $player } takes { $resource } (die { $die })
narrate-settle = { $player } settles { $card } in { $habitat }
narrate-steal = { $player } takes the niche of { $target } with { $card }
narrate-steal_paid = { $player } takes the niche of { $target } with { $card }, paying { $eggs } { $eggs ->
        [one] egg
       *[other] eggs
    }
narrate-add_egg = An egg on { $card }
narrate-remove_egg = An egg leaves { $card }
narrate-tuck = A card tucked under { $card }
narrate-discard = { $card } discarded
narrate-develop = { $player } develops { $habitat }
narrate-environment = An ability plays an environment card
narrate-environment_named = An ability plays the environment card { $card }
narrate-results = Round objective results: { $results }
narrate-return_eggs = Every creature returns an egg
narrate-flip = The parent flips an environment card
narrate-flip_named = The parent flips the environment card { $card }
narrate-pass_parent = The parent marker passes on
narrate-score = Score sheet: { $player }, { $part } = { $value }
narrate-score_cleared = Score sheet: { $player }, { $part } cleared

## table
table-this_turn = This turn
table-this_turn_empty = Nothing recorded yet this turn.
table-environment = Environment card played
table-environment_changed = The environment changed: creatures with an on-environment-change ability trigger now, for the player whose marker is on them.
table-paused_mark = Paused
table-last_turn_mark = Last turn of the round

## sheet
sheet-finish_again = Tap again to finish (the game goes to the history)

## glance
glance-turns_left = This turn and { $more } more in the round
glance-last_turn_of_round = The round's last turn
glance-between_turns = Between turns
glance-over_target = Over the turn-time target
glance-leave = Leave table view (T)
glance-enter = Table view (T)

## help
help-table_view = table view: the whole window for whose turn it is

## setup
setup-target = Turn-time target
setup-target_none = None
setup-target_minutes = { $minutes } min
setup-target_sound = Chime when a turn reaches it

## settings
settings-sound = Chime when a turn reaches the target

## notice
notice-no_chime = The chime could not play ({ $error }). Past the target the clock still turns orange.

## editor
editor-bgg_id = BoardGameGeek id
editor-bgg_id_hint = the number in the game's BGG address; empty if unknown

## detail
detail-bgstats = BG Stats
detail-bgstats_title = Log this play in BG Stats
detail-bgstats_help = Scan the code with the phone that has BG Stats: the play opens filled in (date, players, scores, winner, notes) for you to check and save. Or copy the link and open it where BG Stats is.
detail-bgstats_copy = Copy the link
detail-bgstats_copied = Copied.
detail-bgstats_too_long = This play holds more than a QR code can; copy the link instead.

## history
history-logged = Logged:
history-added_before = this sheet is in the history already (game { $id }): nothing was added. Add it again with --again if it is another game with the same numbers.

## past
past-not_whole = { $player }: { $part } takes a whole number of points.
past-long_notes = The notes are longer than { $max } characters: shorten them.

## history
history-on_paper = on paper
history-log_past = Log a past game

## past
past-title = Log a past game
past-when = Played on
past-when_forms = like { $example } or { $iso }
past-players = Players, the start player first
past-name = Name
past-add_player = + Player
past-remove_player = − Player
past-ending = How it ended
past-notes = Notes
past-to_sheet = The score sheet ▶
past-back = ◀ Game and players
past-save = Save to the history
past-cancel = Cancel
past-bad_date = “{ $text }” is not a date: type it like { $example } or { $iso }.
past-future = That time is still to come: a past game was played before now.
past-no_date = The sheet does not say when the game was played: add "played_at", like "2026-11-14T19:30:00Z".
past-choose_side = Choose a side for every player.
past-choose_ending = Choose how the game ended.
past-not_scored = The sheet cannot be scored yet: { $reason }

## notice
notice-logged = Logged in the history.

## settings
settings-history_dir = History folder
settings-history_choose = Choose a folder…
settings-history_own = Back to this device's own
settings-history_help = To keep one history for the group's devices, choose a folder your sync app (Syncthing, Nextcloud, Dropbox) or a network share keeps the same on each device, and the same folder on each. Each device writes only its own files in it.
settings-history_moved = The history is now in { $dir } ({ $games } { $games ->
        [one] game
       *[other] games
    }).
settings-history_pinned = This run was started with its history folder (--history-dir or TABLEKEEPER_HISTORY_DIR): the new one is used from the next start without it.
settings-history_missing = The history folder { $dir } is not there (a sync folder not mounted?): this device's own history is open until it is back.

## problem
problem-recommended_range = the recommended range must lie inside min..max

## setup_error
setup_error-profile = The game's profile cannot be used: { $problem }

## phone
phone-done = Done ▶
phone-pause = Pause
phone-resume = Resume
phone-cannot_save = The table cannot save (is its disk full?): nothing is kept until it can again. { $error }
phone-restarted = The table was restarted: the clock is paused
phone-why_ask_gone = That ask is over: the phone stopped asking, or it was answered.
phone-why_bad_action = That cannot be done with your cards now.
phone-why_bad_choice = That choice is not offered.
phone-why_bad_entry = That value cannot be entered here.
phone-why_bad_join = Enter your name (up to 24 characters) and choose a colour.
phone-why_hidden_char = Your name holds { $char }, a character that shows nothing on a screen (pasted names often do): type the name instead.
phone-why_stacked_marks = Your name stacks too many marks on one letter: type it again with fewer.
phone-why_look_alike = That name looks like another player's here: the table could not tell you apart. Choose another (add an initial).
phone-why_bad_phone = This page lost its id. Reload the page.
phone-why_bad_step = That step is not the table's now.
phone-why_busy = The table is busy. Please tap again in a moment.
phone-why_closed = That is closed now: the table has moved on.
phone-why_dropped = The table removed this phone. Pick your seat again.
phone-why_error = The table could not do that. Please try again.
phone-why_full = The game is full. You can still watch.
phone-why_join = Join the game first.
phone-why_no_seat = This phone holds no seat now. Pick your seat again.
phone-why_no_such_seat = There is no such seat at this table.
phone-why_not_host = Only the host's phone may do that.
phone-why_not_ready = Not everyone is ready yet.
phone-why_not_your_turn = It is not your turn.
phone-why_not_yours = That is another player's to confirm.
phone-why_refused = The table did not give this phone that seat.
phone-why_stale = The table changed meanwhile. Look again and tap once more.
phone-why_taken = Another phone has that seat. Ask the table to drop it if it is not in use.
phone-why_too_fast = The table did not take your tap. Please tap again.
phone-why_too_many_asks = Too many phones are asking the table at once. Try again in a moment.
phone-why_too_many_phones = Too many phones are connected from this network. Ask the table to drop one.
phone-why_too_many_seats = This phone already holds a seat in this game.
phone-why_too_slow = Your tap took too long to arrive. Please tap again.
phone-why_too_soon = Wait a moment before pausing again.
phone-pick_seat = Which seat is yours?
phone-display = Just watch (table display)
phone-your_turn = Your turn
phone-your_time = Your time
phone-this_turn = This turn
phone-reconnecting = Connection lost: reconnecting…
phone-taken = Another phone has that seat. Ask the table to drop it if it is not in use.
phone-dropped = The table removed this phone. Pick your seat again.
phone-no_wake = This browser cannot keep the screen on here: set a longer screen timeout while you play.
phone-change_seat = Change seat
phone-change_seat_again = Tap again to leave your seat
phone-over_target = Over the turn-time target
phone-held = taken
phone-paused = Paused
phone-doing_setup = The table is setting up the game.
phone-doing_between = The table is between turns.
phone-doing_round_end = Round { $round } ends: the table is on the round-end steps.
phone-doing_over = The game is over: each player fills in their own score; the game is finished once everyone is ready.
phone-ask = This is a tablekeeper table. Ask the table for its code and scan it: the table's screen shows it.
phone-step_objective = Round { $round } ends: the round objective is being ranked.
phone-step_eggs = Round { $round } ends: every settled creature returns an egg.
phone-step_environment = Round { $round } ends: the parent flips an environment card.
phone-step_parent = Round { $round } ends: the parent marker passes clockwise.

## phones
phones-button = Phones
phones-title = Phones at the table
phones-switch = Phones can join
phones-help = Each player scans the code with their phone's camera, picks their seat, and ends their own turn there. No app, no account; the phones must be on this computer's network.
phones-off_help = Off: nothing listens on the network.
phones-address = Or open: { $url }
phones-none = No phone has joined yet.
phones-seat = { $player }'s phone
phones-watching = A table display
phones-drop = Drop
phones-plain_http = Plain HTTP on the local network: anyone on this network who can read its traffic could act as a phone. Use it on a network you trust.
phones-no_network = This computer has no network address: the phones cannot reach it.
phones-failed = The phones could not be turned on: { $error }
phones-close = Close

## phone
phone-outside_network = This table answers only phones on its own local network. Join the same Wi-Fi as the table.
phone-scan_again = The table made a new code: this address no longer works. Scan the table's code again.
phone-replaced = This seat is open in another tab or window of this phone.
phone-use_here = Use it here
phone-too_soon = Wait a moment before pausing again.
phone-sending_again = Too many taps at once: sending yours again…
phone-not_sent = The table did not take your tap. Please tap again.

## phones
phones-new_code = New code
phones-new_code_help = New code: the old address stops working at once and every phone must scan again. Drop frees one seat; the phone that held it can pick a seat again.
phones-new_code_done = New code made: every phone must scan it again.
phones-any_network = Also answer phones outside the local network (VPN, public address)
phones-took_seat = { $player }'s phone joined.
phones-changed_seat = A phone moved from { $from }'s seat to { $to }'s.
phones-left_seat = { $player }'s phone left the seat.
phones-asks = A phone ({ $address }) asks for { $player }'s seat.
phones-let = Let it
phones-refuse = Refuse
phones-ask_gone = That phone no longer asks for the seat (it gave up, or another phone has it now).

## phone
phone-asking = The table is asked to give you this seat: someone at the table's computer taps Let it.
phone-refused = The table did not give this phone that seat.
phone-too_many_asks = Too many phones are asking the table at once. Try again in a moment.
phone-entry_closed = That is closed now: the table has moved on.
phone-entry_changed = The table changed this value meanwhile; its value stands.
phone-entry_table_only = The table enters this part.
phone-entry_table_value = The table typed this value: only the table changes it. Ask at the table.
phone-result = Your result
phone-result_on = Your result on the round objective: { $label }
phone-result_round = Your result on round { $round }'s objective
phone-your_result = Your result
phone-your_column = Your score
phone-total = Total
phone-ready = Ready
phone-not_ready = Change my numbers
phone-ready_note = Marked ready. Once every column is ready, any player's phone may finish the game.
phone-computed = The app counted { $value }
phone-by_table = Typed at the table
phone-table_only = Entered at the table
phone-saving = Saving…
phone-saved = Saved

## narrate
narrate-enter_result = Round objective: { $player } enters { $value }
narrate-result_cleared = Round objective: { $player }'s result cleared
narrate-ready = Score sheet: { $player } is ready
narrate-not_ready = Score sheet: { $player } is not ready after all

## round_end
round_end-from_phone = from their phone
round_end-waiting = Waiting for: { $names }

## step
step-said = { $said }

## setup
setup-phones_help = Each player scans the code with their phone and joins with their own name and colour. Their seat appears here; you can still change anything.
setup-phones_joined = { $count } { $count ->
        [one] phone
       *[other] phones
    } joined
setup-has_phone = phone

## phone
phone-saved_game = The game is saved. Winner: { $winners }. { $totals }
phone-lobby_unnamed = Every seat needs a name before the game can start.
phone-first_habitat = First habitat (from the tray)
phone-join_title = Join the game
phone-your_name = Your name
phone-your_colour = Your colour
phone-join = Join
phone-start = Start the game
phone-joined = You are in. The game starts from any phone, or the table's computer.
phone-lobby_players = At the table
phone-full = The game is full.
phone-doing_between_games = No game is on the table yet.

## round_end
round_end-confirm_anyway = Tap again to place the markers (0 for { $names })

## phone
phone-step_by = { $player } confirms this on their phone, or the table confirms it on its computer.
phone-step_waiting = Not in yet: { $names }. Confirming now counts them as 0.
phone-finish = Finish the game
phone-finish_again = Tap again to finish and save the game
phone-confirm_again = Tap again to confirm
phone-abandon = Abandon the game
phone-abandon_confirm = Confirm: abandon the game
phone-abandon_keep = Keep playing
phone-abandon_wait = Another player confirms it on their phone.
phone-abandon_alone = Alone at the table? Tap again to abandon
phone-abandon_asked = { $player } asks to abandon this game.
phone-abandon_alone_wait = Wait { $seconds } s, then tap again to abandon alone.
phone-abandon_needs_another = Another player confirms it on their phone: the game is abandoned once two players agree.
phone-offline_name = { $player } (offline)
phone-late_result = { $player }'s phone was offline when round { $round } ended, so their result counted as 0. It came later: { $value }. { $to }'s phone may put it in place of the 0.
phone-late_add = Put { $player }'s { $value } in place of 0
phone-late_sent = Your result came after the round end was confirmed: the parent's phone is asked to add it.
phone-step_stand_in = { $player }'s phone has been gone for { $seconds } s: your phone may confirm the round end in their place.
phone-fill_for = { $player }'s phone is offline: fill in their column here. It is kept as entered by this phone.
phone-vouched = { $by } marked { $player }'s column done. It is done once a second player's phone confirms it, or { $player }'s own.
phone-vouch_confirm = Confirm { $player }'s column
phone-vouch_waiting = Waiting for a second phone to confirm
phone-table_free_in = No player's phone is at the table. In { $time } any phone with the link may take a seat.
phone-table_free = No player's phone has been at the table for a while: any phone with the link may take a seat now.
phone-grace_left = { $player }'s phone is offline: the table counts it as here for { $time } more.
phone-end_title = How did the game end?
phone-late_friend = The game has started. To play too, ask a seated player to tap Abandon the game: once another player confirms, the table goes back to the lobby with everything set up kept, and you join there.

## phones
phones-late_result = { $player }'s result for round { $round } ({ $value }) came late: the parent's phone may add it.

## narrate
narrate-late_result = { $player }'s late result for round { $round } added: { $value }

## step
step-result = { $player }: { $result } ▶ { $place } · { $points } pts
step-egg_lost = { $creature }: { $from } ▶ { $to }

## sheet
sheet-all_ready = Everyone is ready: { $ready }
sheet-readiness = Ready: { $ready } · not yet: { $waiting }
sheet-finish_not_ready = { $names } not ready yet. Tap again to finish anyway

## error
error-not_your_turn = Only during your own turn.
error-not_your_card = { $card } is another player's card.

## word
word-creature_cards = creature cards

## phone
phone-my_cards = Your cards
phone-no_cards = No creature card of yours on the table yet.
phone-eggs = Eggs { $eggs }/{ $limit }
phone-tucked = Tucked { $tucked }
phone-add_egg = + Egg
phone-remove_egg = − Egg
phone-tuck = Tuck
phone-settle_title = Settle a creature card
phone-card_name = Card name
phone-smiles = Smiles
phone-egg_limit = Egg limit
phone-level = Level
phone-habitat_1 = Habitat
phone-habitat_2 = Second habitat
phone-none = —
phone-place = Where
phone-settle = Place the card
phone-settle_in = Settle in { $habitat }
phone-steal_in = Steal the niche of { $card } ({ $owner }, { $habitat })
phone-develop_title = Develop a habitat
phone-card_missing = Type the card's name, Smiles and egg limit.
phone-steal_cost = costs { $humans } Human and { $eggs } { $eggs ->
        [one] egg
       *[other] eggs
    }
phone-steal_own = your own card: no extra cost

## notice
notice-stopped_running = The app stopped while the clocks ran: the turn under way kept { $counted } s more after its last action, counted to { $at }; what came after (at most { $lost } s) could not be counted. The clocks are paused.

## setup
setup-clock = Clock
setup-clock_count_up = Count up
setup-clock_bank = Time bank
setup-clock_sand = Sand timer
setup-bank_size = Each player's bank
setup-per_turn = Each turn
setup-extra_none = No increment
setup-increment = +{ $secs } s when it ends
setup-delay = First { $secs } s free
setup-handicap = Handicap:
setup-player_n = Player { $n }
setup-minutes_short = min
setup-bank_help = The bank runs down during the player's own turns only. A handicap gives a player more (or less). At zero the table is warned and the time over counts on.
setup-seconds = { $secs } s
setup-sand_length = Every turn
setup-sand_ends = At zero the turn ends by itself (else the table is warned)

## glance
glance-out_of_time = Out of time
glance-mode_bank = Time bank { $minutes } min · { $extra }
glance-mode_sand = Sand timer { $secs } s
glance-mode_sand_ends = Sand timer { $secs } s · ends the turn

## setup_error
setup_error-clock = The clock cannot be used: { $problem }

## mode_error
mode_error-empty = a bank or a sand timer needs more than 0 seconds
mode_error-too_long = no clock figure may pass a day
mode_error-negative = no clock figure may be below 0
mode_error-too_many_handicaps = { $handicaps } handicaps for { $players } players
mode_error-no_bank = a player's bank would start below a minute

## phone
phone-out_of_time = Out of time
phone-bank_left = Your bank

## cli
cli-clock_player = { $player }: { $left } · time-outs { $timeouts } · over { $over }
cli-clock_left = { $left } left
cli-clock_out = out of time
cli-undone_at = taken back (Undo) at { $at }: { $said }
cli-undone = taken back (Undo): { $said }
cli-redone_at = {" "}· put back (Redo) at { $at }

## glance
glance-mode_bank_plain = Time bank { $minutes } min

## error
error-table_time_on = Table time is for a player's turn, and is on already if it runs.
error-table_time_off = Table time is not running.

## narrate
narrate-table_time_on = Table time begins: every player's clock stops
narrate-table_time_off = Table time ends

## glance
glance-table_time = Table time

## table
table-table_time = Table time
table-table_time_end = End table time

## detail
detail-table_time = Table time { $table } · paused { $paused } (in no player's time)
detail-together = Round { $round } · everyone at once: { $players }
detail-timeouts = { $player }: out of time in { $timeouts } { $timeouts ->
        [one] turn
       *[other] turns
    }, { $over } over

## error
error-together_on = A phase played at once begins during a turn or a round end, and one is running already if it does.
error-together_off = No phase played at once is running, or that player is ready already.

## narrate
narrate-together_on = Everyone plays at once: every player's clock runs until they are ready
narrate-together_off = The phase played at once ends
narrate-together_ready = { $player } is ready

## glance
glance-together = Everyone at once · waiting for { $names }

## table
table-together = Everyone at once
table-together_end = End the phase
table-together_ready = { $player } ready

## phone
phone-together_ready = I'm ready
phone-together_waiting = Everyone plays at once: your clock runs until you are ready.

## word
word-parent = Parent
word-start_player = Start player

## table
table-starter = { $word }: { $player }

## setup
setup-is_start = Start player
setup-make_start = Make start player
setup-draw_start = Draw the start player

## play
play-ended = { $ending }. Winner: { $side } ({ $names })

## narrate
narrate-end_round = Round over
narrate-trigger = The game's end is triggered: this round is the last
narrate-turn_order = Turn order: { $players }
narrate-counter = { $counter } { $change }: now { $value }
narrate-end_game = The game ends
narrate-end_game_by = The game ends: { $ending }
narrate-tie = Tie-breaker: { $player }, { $breaker } = { $value }
narrate-claims = { $part }, card { $card }: { $players }
narrate-bonus = { $part }: { $player }
narrate-dummies = { $part }: the dummy players' values { $values }

## table
table-begins = { $player } begins

## serve
serve-address = The table is at: { $url }
serve-in_use = Another tablekeeper keeps this table already (the window, or another serve): { $path }. Close it first; one of them keeps a table at a time.
serve-stopped = The table is closed; the game on it is saved and paused.
serve-resumed = Resumed on the table: { $game }.
serve-not_resumed = The unfinished game { $file } could not be resumed and is left as it is: { $error }
serve-started = A new game starts: { $game }.
settings-unusable = The settings file could not be read, so it is left as it is and the defaults are used: { $error }
settings-newer = written by a newer tablekeeper (version { $version })
settings-not_settings = it is not a settings file (its "format" is "{ $format }")
settings-damaged = it is damaged: { $error }
settings-not_read = it could not be read: { $error }
serve-profile_unread = A game file was not read and is left as it is; the phones do not offer that game: { $problem }
serve-settings_not_saved = The settings could not be saved: { $error }

## phone
phone-new_game_title = Set up a game
phone-new_game_help = No one keeps this table from a computer: choose the game, then everyone joins it from their phone.
phone-unread_game = { $file } is not offered: the file is there but cannot be read ({ $reason }).
phone-undo = Undo
phone-redo = Redo
phone-dice_title = The dice box
phone-take_die = Take { $face }
phone-die_used = used
phone-roll_first = Roll the dice
phone-reroll = Reroll the used dice
phone-ask_line = A phone ({ $address }) asks for { $player }'s seat.
phone-let_it = Let it
phone-refuse = Refuse
phone-seat_given = Your seat was given to another phone. Tap your seat within 10 minutes to take it back at once; later, tapping it asks the table.
phone-past_title = Past games
phone-past_winners = Winner: { $winners }
phone-past_bgstats = Log it in BG Stats
phone-past_back = Back
phone-past_total = Total
phone-past_time = Time
phone-enter_faces = Enter the faces of your dice
phone-die_n = Die { $n }
phone-faces_ok = Record these faces

## table
table-took_back = { $who } took back: { $what }
table-put_back = { $who } put back: { $what }
table-the_window = The table
table-an_action = an action

## round_end
round_end-phone_confirms = { $name }'s phone confirms each step: the table may still confirm here.

## word
word-variant = variant

## problem
problem-not_a_variant = "{ $variant }" is not a variant of this game
problem-breaker_part = a tie-breaker reads a part with one number per player (a count, a rank, points entered or a track), and never goes by the turn order as well

## setup
setup-variants = Variants

## detail
detail-played_with = Played with: { $variants }

## league
league-none = No finished game with two places or more: no ratings yet.
league-line = { $place }. { $name }  { $rating }  (rated games: { $games })
league-line_provisional = { $place }. { $name }  { $rating }  (rated games: { $games }, provisional)

## history
history-tab_ratings = Ratings

## league
league-title = The league
league-explained = Weng-Lin (OpenSkill) over every finished game, in the order they ended. The figure is the rating less three times its uncertainty: where each player's skill is at least, all but surely. Fewer than 5 games is provisional.
league-over_time = { $player }'s rating, game by game

## phone
phone-seat_moved = { $player }'s seat moved to a new phone
phone-why_other_seat = This phone (or another browser on it) already holds a seat, and only the host's phone may let it hold a second.
phone-table_full = This table is full ({ $players } players): you can watch
phone-game_switched = { $player } switched the game to { $game }
phone-why_removed = The host removed this phone from this game. Ask the host to let it join again.
phone-removed_note = The host removed this phone from this game: you can watch. Ask the host to let it join again.
phone-move_up = Move up
phone-move_down = Move down
phone-remove_phone = Remove
phone-remove_again = Tap again to remove
phone-removed_title = Removed from this game
phone-let_in = Let in again
phone-draw_parent = Draw the start player
phone-parent_mark = starts
phone-switch_again = Tap again to switch the game for everyone
phone-seat_given_asks = Your seat was given to another phone. Choose a seat to ask for it again.
phone-ask_line_shares = A phone ({ $address }) that already holds { $other }'s seat asks for { $player }'s seat too. Let it only for two players sharing one phone.
phone-joined_alone = You are in. The game starts from any phone.
phone-asking_alone = The table is asked to give you this seat: the phone that holds it lets it, or, while that phone is away, another player's phone.
phone-choose_habitat = Choose the first habitat above: then anyone may start.
phone-host_chooses_habitat = { $host } chooses the first habitat on their phone.
phone-step_by_alone = { $player } confirms this on their phone.
phone-sheet_waiting = Waiting for: { $names }
phone-why_bad_label = Type the tile's words (at most 80 characters).
phone-objective_title = Round { $round }'s objective tile
phone-objective_set = Set
phone-objective_placeholder = The tile's words, as it reads

## history
history-line_abandoned = { $id }  { $date }  { $game }  { $length }  { $players }  · abandoned

## tv
tv-scan = Scan to join the table
tv-players = At the table
tv-host = host
tv-waiting_for = Before the start:
tv-no_one_yet = the first player joins from their phone.
tv-set_up_from_a_phone = The next game is set up from a phone.
tv-evening = This evening
tv-no_games_yet = No game finished yet.
tv-total = Total
tv-answered = answered
tv-not_answered = not yet
tv-ready = Ready
tv-not_ready = still entering
tv-game_over = Final scoring
tv-ready_to_start = Ready: a player's phone starts the game.
tv-parts_entered = { $entered } of { $of } parts
tv-winner = Winner: { $winners }
tv-winners = Winners: { $winners }
tv-length = Length: { $length }

## phone
phone-waiting_for = Waiting for: { $names }

## language
# The language's own name for itself, as Settings offers it.
language-name = English

## check (tablekeeper check-translation)
check-syntax = line { $line }: cannot be read: { $text }
check-missing = to translate: { $id } = { $english }
check-extra = not in English (never shown): { $id }
check-drops = { $id }: drops { $names }
check-adds = { $id }: English gives no { $names }
cli-check_summary = { $missing } missing, { $extra } extra, { $variables } with other variables, { $syntax } { $syntax ->
        [one] line
       *[other] lines
    } that cannot be read.
cli-no_such_language = there is no language "{ $tag }": the app speaks { $languages }. A translator's file goes in the data directory's locales/ folder, named by its tag (fr.ftl).
cli-not_a_date = "{ $text }" is not a date like 2026-11-21
cli-tables_range = --tables takes 2 to 16 tables, not "{ $text }" (one table needs no --tables)
cli-no_data_dir_here = { $dir }: there is no data directory here
cli-unknown_game = no game has the id “{ $game }”; the games are: { $ids }
cli-no_history_dir_here = { $dir }: there is no history folder here


## phone
phone-order_title = New turn order
phone-order_set = Set this order
phone-order_note = The start player's phone sets it, or the phone of whoever goes first in the new order.
phone-why_bad_order = That order does not name every player once.
phone-why_order_not_yours = Only the start player's phone, or the phone of whoever goes first in the new order, sets the turn order.
phone-your_side = Your side: { $side }
phone-why_end_not_yours = Only the monster's phone or the host's phone ends the game.
phone-opponent_column = { $opponent }'s column: fill it in from this phone.

## serve
serve-venue_address = The venue is at: { $url }
serve-table_address = Table { $table } is at: { $url }
serve-table_said = Table { $table }: { $said }

## venue
venue-title = Tonight's tables
venue-table = Table { $table }
venue-free = Free
venue-lobby = Joining
venue-playing = Playing
venue-round_end = Round end
venue-sheet = Scoring
venue-finished = Finished
venue-round = Round { $round }
venue-turn_of = { $name }'s turn
venue-scan = Scan, then pick your table
venue-open_table = Open
venue-standings = Tonight's standings
venue-no_games_tonight = No game finished tonight yet.
venue-rating = { $rating }
venue-games = rated games: { $games }
venue-provisional = provisional
venue-provisional_note = * provisional: fewer than { $below } rated games
venue-change = { $player }: { $before } to { $after } ({ $change })
venue-rating_row = Rating
venue-changes_title = Ratings after this game

## phone
phone-counters_title = Counters
phone-counters_note = The phone whose turn it is moves them, or the host's phone.
phone-shared_title = The table's parts of the sheet
phone-shared_note = The host's phone enters them; every phone sees them.
phone-dummy = dummy player
phone-bonus_none = Nobody
phone-claim_card = Card { $card }
phone-why_counter_not_yours = Only the phone whose turn it is, or the host's phone, moves the counters.
phone-why_shared_not_yours = Only the host's phone enters the table's parts of the sheet.

# The command line's --help and man pages (src/cli/help.rs): cli-help-<subcommands>-about,
# -long (after the about), -<argument id>; cli-help-<argument id> for one several share.
cli-help-about = A table companion for board game sessions
cli-help-lang = Language of the output and the window, as a language tag: en, ja, de, or a translator's file's in the data directory's locales/ (default: the system's).
cli-help-data_dir = Where the data lives (default: $TABLEKEEPER_DATA_DIR, else the system's data directory).
cli-help-history_dir = Where the history lives, a folder several devices may share through a sync engine (default: $TABLEKEEPER_HISTORY_DIR, else `history/` in the data directory).
cli-help-phones_listen = The address the phones' server listens on when the table turns the phones on (default: every interface; 127.0.0.1 keeps it to this computer).
cli-help-game = Only this game (a profile id, e.g. terravist).
cli-help-player = Only sessions this player played.
cli-help-from = From this date (YYYY-MM-DD).
cli-help-to = Up to and including this date (YYYY-MM-DD).
cli-help-score-about = Print the score sheet of a saved session, a journal or a paper sheet.
cli-help-score-file = A saved game, a journal (`live/*.jsonl`) or a paper sheet.
cli-help-score-long = Any game's, as an aligned table. Played to a clock that counts down (a time bank, a sand timer), the mode and each player's time left, time-outs and time over follow; with --json, a "clock" object (mode, and per player name, left_ms, timeouts, over_ms).
cli-help-score-json = Print JSON instead of a table.
cli-help-replay-about = Print each event of a saved session or a journal, and where it left the game.
cli-help-replay-file = A saved game or a journal (`live/*.jsonl`).
cli-help-replay-long = An event the table took back (Undo) is marked under the step it followed, with when and whether it was put back (a journal keeps that; a saved game keeps only what stood). Played to a clock that counts down, each player's time left, time-outs and time over follow. Times are in UTC.
cli-help-history-about = List, show, count, export, import and log the history of past games.
cli-help-check-translation-about = Check a translation (a Fluent file, `fr.ftl`) against English.
cli-help-check-translation-file = The Fluent file to check.
cli-help-check-translation-long = The lines that cannot be read, the messages English has not, and the variables a message drops or adds: what to fix; then the messages it lacks, each with its English beside it, a to-do list (they show in English meanwhile), and the count of each. Exit status 1 when there is anything to fix; a correct file that is only partial exits 0, unless --strict. A translator's file goes in the data directory's `locales/` folder, named by its language tag (fr.ftl, pt-BR.ftl); the app offers it at its next start.
cli-help-serve-about = Keep the table with no window: the phones' server alone.
cli-help-serve-long = For a machine that stays on (a Raspberry Pi, a NAS). Prints the table's address and its QR code; every phone opens it, sets the game up, plays it and finishes it, and a television's browser watches. The address stays the same across restarts. Runs until Ctrl+C or SIGTERM, which pause a running clock first. One copy keeps a data directory: the window and `serve` refuse to share one.
cli-help-serve-listen = The address to listen on (default: every interface; 127.0.0.1 keeps it to this computer).
cli-help-serve-port = The port to listen on (default: the one it had last, else 8787; taken: any free).
cli-help-serve-tables = Keep several tables at once, for a club night (2 to 16): the venue's address (the port) shows every table and tonight's standings, and table n listens on the port plus n. Without it: one table, as always.
cli-help-serve-grace = How long, in seconds, a phone gone from the table (a locked screen, a reload) still counts as at it before the others may act in its place (default: 120).
cli-help-serve-free_after = How long, in seconds, a table may have no seated phone at it before any phone with the link takes a seat without an ask (default: 300).
cli-help-history-list-about = Every game, newest first, a line each.
cli-help-history-list-long = Each line gives the game's id, when it began (in this computer's time zone, as the language writes it), the game, its length ("on paper" for a game logged from paper), each player's total and the winners. A machine that never kept a game lists none.
cli-help-history-show-about = One game: its line, its score sheet and its notes.
cli-help-history-stats-about = Statistics per player, head to head, durations, plays per month.
cli-help-history-stats-long = The games, their average length and turn time; per player plays, wins, win rate, average, best and worst total, turn time and share of the table's time; head to head; plays per month. With --json also each player's average per part of the sheet.
cli-help-history-stats-json = Print JSON instead of text.
cli-help-history-ratings-about = The league: every player's rating from the history, best first.
cli-help-history-ratings-long = Weng-Lin (OpenSkill) over every finished game, in the order the games ended, each a free-for-all of its places (a tie shares a place; a game of sides rates the sides as teams). Shown as mu - 3 sigma with the games behind it; fewer than 5 games is provisional. The same history gives the same ratings on every device.
cli-help-history-ratings-json = Print JSON instead of text (each player's figure after each game too).
cli-help-history-export-about = Export games as a backup, CSV, a BG Stats file or BG Stats links.
cli-help-history-export-out = Write here instead of standard output.
cli-help-history-export-id = Only this session.
cli-help-history-export-format = The format to write.
cli-help-history-export-format-backup = Every game whole, for `history import` on this or another device.
cli-help-history-export-format-csv = A row per player per game, for a spreadsheet.
cli-help-history-export-format-bgstats = BG Stats' own import file (JSON: games, players, locations, plays linked by ids), for BG Stats' "import" of a file.
cli-help-history-export-format-bgstats-link = One BG Stats push link per play, a line each: opened on a phone with BG Stats, it fills in the play to save.
cli-help-history-import-about = Import a backup; games already in the history are skipped.
cli-help-history-import-file = A backup, as `history export --format backup` writes it.
cli-help-history-import-long = The summary goes to stdout, each refused game to stderr. Exit status: 0 when every game was added or was already there, 3 when some were refused and the rest imported, 1 when nothing could be imported (every game refused, or the file unreadable).
cli-help-history-add-about = Log a game kept on paper, from a paper sheet file.
cli-help-history-add-file = The paper sheet, with its "played_at".
cli-help-history-add-long = The file is a paper sheet as `score` reads it, with "played_at": RFC 3339 with its zone, like "2026-11-14T19:30:00Z", not after now. The game is scored by the same engine and kept in the history like a game played with the app.
cli-help-heading_usage = Usage:
cli-help-heading_commands = Commands
cli-help-heading_options = Options
cli-help-flag_help = Print help
cli-help-flag_version = Print version
cli-error = error:
cli-error_unknown_argument = unexpected argument '{ $arg }' found
cli-error_unknown_command = unrecognized subcommand '{ $command }'
cli-error_value_not_offered = invalid value '{ $value }' for '{ $arg }' (possible values: { $valid })
cli-error_value_missing = a value is required for '{ $arg }' but none was supplied
cli-error_bad_value = invalid value '{ $value }' for '{ $arg }'
cli-error_missing = the following required arguments were not provided: { $args }
cli-error_conflict = the argument '{ $arg }' cannot be used with '{ $prior }'
cli-error_value_count = the wrong number of values for '{ $arg }'
cli-error_did_you_mean = tip: a similar one exists: '{ $suggested }'
cli-error_more = For more information, try '--help'.
cli-help-heading_arguments = Arguments
cli-help-help_command = Print this message or the help of the given subcommand(s)
cli-help-help_command_which = Print help for the subcommand(s)
cli-help-value_command = COMMAND
cli-help-value_options = OPTIONS
cli-help-value_of-data_dir = DATA_DIR
cli-help-value_of-history_dir = HISTORY_DIR
cli-help-value_of-file = FILE
cli-help-value_of-format = FORMAT
cli-help-value_of-from = FROM
cli-help-value_of-to = TO
cli-help-value_of-game = GAME
cli-help-value_of-id = ID
cli-help-value_of-ip = IP
cli-help-value_of-n = N
cli-help-value_of-seconds = SECONDS
cli-help-value_of-out = OUT
cli-help-value_of-player = PLAYER
cli-help-value_of-port = PORT
cli-help-value_of-tag = TAG
cli-help-possible_values = Possible values
man-name = NAME
man-synopsis = SYNOPSIS
man-description = DESCRIPTION
man-options = OPTIONS
man-version = VERSION
man-authors = AUTHORS

## Files that cannot be used: what is wrong, where, and what to do.
load-not_found = { $path }: there is no such file. Check the name and the folder.
load-denied = { $path }: this user may not read it. Give it read permission, or copy it somewhere yours.
load-not_regular = { $path } is not a file (a folder, a pipe or a device): give the file itself.
load-not_text = { $path } is not text (it is not UTF-8): it is not a file tablekeeper wrote.
load-unreadable = { $path } cannot be read: { $message }
load-too_large = { $path } is { $size } bytes; files over { $max } bytes are refused. It is not a file tablekeeper wrote.
load-not_json = { $path } is not valid JSON (it stops making sense at line { $line }, column { $column }): it was cut short, damaged, or is not a tablekeeper file.
load-not_json_here = not valid JSON (it stops making sense at line { $line }, column { $column })
load-shape = { $path } does not read as a tablekeeper file: { $message }
load-unknown_format = { $path } is not a tablekeeper session or score sheet (its "format" is "{ $format }")
load-and_it_is = { $refusal }: { $what }
load-is_backup = it is a backup, which `tablekeeper history import` takes (`score` shows no backup)
load-is_session = it is a saved game; `tablekeeper score` and `replay` read it, and the history holds it already
load-is_profile = it is a game's profile; put it in the data directory's `profiles/` folder, or load it in the profile editor
load-newer = { $path } was written by a newer tablekeeper (version { $found }; this one reads up to { $supported }): update tablekeeper to read it.
load-newer_sheet = the sheet was written by a newer tablekeeper (version { $found }; this one reads up to { $supported }): update tablekeeper to read it
load-not_a_sheet = not a paper sheet (its "format" is "{ $format }", not "{ $sheet }")
load-field = the field { $detail }
load-in_file = { $path }: { $reason }
load-unknown_engine = the game is for an engine this build does not have: "{ $engine }"
load-no_such_game = no game has the id “{ $game }” (the games are: { $ids }): put its profile in the data directory's `profiles/` folder
load-journal_header = the journal's first line cannot be read: { $message }
load-journal_refused = line { $line } is refused by the rules; it and the { $after } lines after it are left out
load-journal_torn = line { $line } was cut short; it is left out
load-journal_damaged = line { $line } cannot be read; it and what follows are left out
replay_error-setup = the setup is not playable: { $reason }
replay_error-event = event { $number } is refused by the rules: { $reason }
past-entry = { $player }: { $reason }
profile_error-field_said = the profile's `{ $field }` is wrong: { $problem }
profile_error-newer = the profile is format version { $found }; this build reads up to { $supported }: update tablekeeper to use it

## The data directory and the history.
store-no_data_dir = there is no data directory: set { $variable } or pass --data-dir
store-in_use = the data in { $path } is in use by another copy of tablekeeper; close it first (the history can still be read)
store-io = cannot use the data directory { $path }: { $message }
store-no_history_folder = { $path }: there is no history folder here (tablekeeper never makes a shared one: mount it, let the sync engine make it, or make it yourself)
store-history_io = cannot use the history at { $path }: { $message }
store-history_newer = the history at { $path } was written by a newer tablekeeper (version { $found }); it is open read-only
store-history_read_only = the history is open read-only
store-no_such_game = there is no game { $id } in the history: `tablekeeper history list` gives the ids
store-session_file = the session file of { $id } cannot be read: { $message }
store-journal_io = cannot read the journal { $path }: { $message }
store-journal_no_header = the journal { $path } has no readable header; it was kept as { $kept }
store-journal_newer = the journal { $path } was written by a newer tablekeeper (version { $found }); it is left untouched
store-journal_engine = the journal { $path } is for the { $engine } engine; it is left untouched
cli-left_unread = { $refusal }: { $file } is there but was not loaded: { $reason }
profile_error-unreadable = the file cannot be read: { $message }
profile_error-shipped = "{ $id }" is a game shipped with the app; give the copy its own id
profile_error-bad_id = a game id uses only a–z, 0–9 and -, like "my-game"; "{ $id }" does not

## A backup's import: a game refused, or changed to take it.
import-not_a_backup = the file is not a tablekeeper backup: { $detail }
import-newer = the backup was written by a newer tablekeeper (version { $found }; this one reads up to { $supported }): update tablekeeper to import it
import-game_too_large = game { $number } of the backup is larger than { $max } bytes
import-name_cut = a player name longer than { $max } characters was cut to “{ $name }”
import-notes_cut = the notes were cut to { $max } characters
import-too_many_players = more than { $max } players
import-too_many_events = more than { $max } events
import-long_name = a player name longer than { $max } characters
import-hidden_character = a player name holds { $code }, a character that shows nothing or breaks the line
import-newer_game = written by a newer tablekeeper (session version { $found }; this one reads up to { $supported })
import-broken_profile = the game's profile cannot be used: { $problem }
import-future = dated { $at }, a time still to come
cli-not_a_whole_number = it is not a whole number
cli-not_in_range = { $value } is not from { $min } to { $max }
load-cell_takes = the field `{ $field }` takes a number (21, -5, 0.5 or a fraction as "1/3") or a list of counts ([3, 1])
load-not_a_time = "played_at" is not a time: “{ $text }” (write 2026-11-14T19:30:00Z, or 2026-11-14 19:30 in this computer's time zone)
import-hidden_left_out = a player name held { $code }, a character that shows nothing or breaks the line: it was left out, so the name reads “{ $name }”
problem-name_hidden = it holds a character that shows nothing, turns the text around or breaks the line ({ $code }): type it again without it
problem-name_marks = it stacks too many marks on one letter: type it again with fewer
problem-name_too_long = it is longer than { $max } characters: shorten it
cli-help-check-translation-strict = Count a message the file lacks as a fault too (exit status 1).
cli-help-check-translation-games = Also list the shipped games' names and notes the file does not give yet, a `name-…` message each with its English, to translate them with no change to a profile.

## A translator's files in the data directory's locales/ folder.
translation-left_out = A language file was left out: { $file }: { $reason }
translation-unreadable_lines = { $file }: { $count } { $count ->
        [one] line cannot
       *[other] lines cannot
    } be read (the first at line { $line }); its messages show in English. `tablekeeper check-translation` names them.
translation-rename = its name is no language tag: name it { $name }
translation-not_a_tag = its name is no language tag (fr.ftl, pt-BR.ftl)
translation-io = it cannot be read: { $message }
translation-too_large = it is larger than 2 MB
translation-too_deep = line { $line } nests placeables more than { $max } deep
settings-translation_problems = Language files:
help-keys_next = Space
help-keys_undo = Ctrl+Z
help-keys_redo = Ctrl+Shift+Z
help-keys_pause = P
help-keys_help = F1 / ?
help-keys_table_view = T
help-keys_fields = Tab / Shift+Tab
help-keys_close = Esc
venue-after_change = { $after } ({ $change })
number-percent = { $number }%

## package
# The desktop entry and the software centre's page (examples/package_assets.rs writes them
# for every shipped language). Keywords are separated by ";" and end with one.
package-generic_name = Board game companion
package-comment = Turns, clocks, dice, eggs and the score sheet for the game on your table
package-keywords = board game;score;timer;TERRAVIST;テラビスト;
package-summary = Turns, clocks, dice and the score sheet for the board game on your table
package-about = tablekeeper sits on the table while you play a physical board game with the real cardboard. It keeps the round and turn markers, whose turn it is and how long it takes, the dice box and when a reroll is allowed, the eggs on every creature card, the round objectives, the end-game score sheet and a history of every game played.
package-games = The first game it serves is TERRAVIST; Earth, The Rats of Wistar, Terramara, Leviath and any game described in its editor use the same clock, sheet and history. Every player can end their own turn from their phone over the local network.
