//! A game being set up, whoever sets it up: which game; who plays in which seat and the start
//! player (the parent). For TERRAVIST also N turns, the objective labels, the first habitat (with
//! the tray-card helper) and the table's values for the profile's GAPs; for a game of sides,
//! each player's side; the clock. The window's setup screen edits it (`gui/screen/setup/`), the
//! phones join it ([`lobby`]), and both start the game it makes ([`Setup::start`]): a game set
//! up in the window and one set up from the phones alone (`tablekeeper serve`) are one kind.
//! Every edit of the seats and choices, the window's and the host's phone's alike, is written
//! once, in `edit.rs`.

pub mod board_values;
pub mod clock;
mod edit;
mod lobby;

pub use lobby::{Joined, LobbyNow};

use crate::i18n::Text;
use crate::kit::game_profile::{GameProfile, Turns};
use crate::kit::timer::ClockMode;
use crate::scoring::WinnerRule;
use crate::session::{self, Colour, NewGame};
use crate::settings::Settings;
use crate::terravist::Terravist;
use crate::terravist::event::Event;
use crate::terravist::profile::Profile;
use crate::terravist::state::table::suggest_first_habitat;
use board_values::BoardValues;

/// Cards face up in the tray at setup.
pub(crate) const TRAY: usize = 5;

/// A seat as set up: who sits there, their marker, and their side in a game of sides.
#[derive(Debug, Clone)]
pub struct Seated {
    pub name: String,
    pub colour: Colour,
    /// The side played, in a game of sides.
    pub side: Option<String>,
    /// Minutes added to (or taken from) this player's time bank.
    pub handicap_min: i64,
    /// The phone that joined as this player, or was given the seat (its id): the seat is
    /// that phone's in the game.
    pub phone: Option<String>,
    /// The window named this seat (typed its name, or tapped a known name): a phone joining
    /// under that name asks the table for it. A name the setup only suggested (the players
    /// of the last games) is a phone's to take.
    pub named_here: bool,
}

impl Seated {
    /// A new seat, with no handicap.
    pub(crate) fn new(name: String, colour: Colour, side: Option<String>) -> Seated {
        Seated {
            name,
            colour,
            side,
            handicap_min: 0,
            phone: None,
            named_here: false,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Setup {
    /// The game chosen, when it is not TERRAVIST.
    pub(crate) game: Option<GameProfile>,
    pub(crate) profile: Profile,
    pub(crate) players: Vec<Seated>,
    pub(crate) parent: usize,
    pub(crate) turns: u32,
    pub(crate) objectives: Vec<String>,
    pub(crate) board: BoardValues,
    /// For each tray card, which habitats it shows.
    pub(crate) tray: Vec<Vec<bool>>,
    pub(crate) first_habitat: Option<String>,
    /// The clock mode the game is played to.
    pub(crate) clock: ClockMode,
    /// The chosen game's variants switched on, by id (Earth's beginner rule).
    pub(crate) variants: Vec<String>,
    /// The host's phone, once it arranged the seats (see `Lobby::host`): its own Move or Draw
    /// never hands the host's role to another phone.
    pub(crate) host_phone: Option<String>,
}

pub(crate) fn free_colour(players: &[Seated]) -> Colour {
    Colour::ALL
        .into_iter()
        .find(|c| players.iter().all(|p| p.colour != *c))
        .unwrap_or(Colour::Purple)
}

impl Setup {
    /// A setup for the game played last (`games`: the games other than TERRAVIST).
    pub fn new(settings: &Settings, games: &[GameProfile]) -> Setup {
        let profile = settings.terravist().clone();
        let mut players: Vec<Seated> = Vec::new();
        for name in settings.known_players.iter().take(3) {
            let colour = free_colour(&players);
            players.push(Seated::new(name.clone(), colour, None));
        }
        while players.len() < 2 {
            let colour = free_colour(&players);
            players.push(Seated::new(String::new(), colour, None));
        }
        let last = settings
            .last_game
            .as_ref()
            .and_then(|id| games.iter().find(|g| &g.id == id));
        let mut setup = Setup {
            game: None,
            players,
            parent: 0,
            turns: profile.default_first_round_turns(),
            objectives: vec![String::new(); profile.round_count() as usize],
            board: BoardValues::of(&profile),
            tray: vec![vec![false; profile.terravist.habitats.len()]; TRAY],
            first_habitat: None,
            profile,
            clock: ClockMode::CountUp,
            variants: Vec::new(),
            host_phone: None,
        };
        if let Some(game) = last {
            setup.choose(Some(game.clone()));
        }
        setup.clock = clock::remembered(settings, setup.game.as_ref());
        setup
    }

    /// The first habitats the tray cards as marked allow (one: that is the one).
    pub fn suggestion(&self) -> Vec<String> {
        let tray: Vec<Vec<String>> = self
            .tray
            .iter()
            .map(|card| {
                card.iter()
                    .enumerate()
                    .filter(|(_, on)| **on)
                    .map(|(h, _)| self.profile.terravist.habitats[h].id.clone())
                    .collect()
            })
            .collect();
        suggest_first_habitat(&self.profile, &tray)
    }

    /// A setup the phones fill in alone (no window to name anyone): two seats with no name
    /// yet, which the first two phones to join take, and more as more join; the game played
    /// last and TERRAVIST's values as the table last confirmed them.
    pub fn for_phones(settings: &Settings, games: &[GameProfile]) -> Setup {
        let mut setup = Setup::new(settings, games);
        for seat in &mut setup.players {
            seat.name = String::new();
        }
        setup.players.truncate(2);
        // The sides again, for the seats there are now (a game of sides: the last, the other).
        setup.choose(setup.game.clone());
        setup
    }

    /// Turns a habitat on a tray card on or off; when the cards leave one first habitat, it
    /// is chosen.
    pub fn toggle_tray(&mut self, card: usize, habitat: usize) {
        let Some(shown) = self.tray.get_mut(card).and_then(|c| c.get_mut(habitat)) else {
            return;
        };
        *shown = !*shown;
        let suggested = self.suggestion();
        if suggested.len() == 1 {
            self.first_habitat = suggested.into_iter().next();
        }
    }

    /// Chooses the game by its id (`None`, or an id no game has: TERRAVIST), with the clock
    /// it was last played to.
    pub fn choose_game(&mut self, id: Option<&str>, settings: &Settings, games: &[GameProfile]) {
        self.choose(id.and_then(|id| games.iter().find(|g| g.id == id).cloned()));
        self.clock = clock::remembered(settings, self.game.as_ref());
    }

    /// Chooses the game (`None`: TERRAVIST). In a game of sides everyone starts on the first
    /// side but the last seat, on the second (Leviath: one monster).
    pub(crate) fn choose(&mut self, game: Option<GameProfile>) {
        self.game = game;
        self.variants.clear();
        let sides: Vec<String> = self
            .sides()
            .map(|s| s.iter().map(|s| s.id.clone()).collect())
            .unwrap_or_default();
        let last = self.players.len().saturating_sub(1);
        for (i, row) in self.players.iter_mut().enumerate() {
            row.side = match sides.len() {
                0 => None,
                _ if i == last => sides.get(1).cloned(),
                _ => sides.first().cloned(),
            };
        }
        self.follow_the_sides();
    }

    /// A side changed: where one side plays between every member of the other (Leviath's
    /// monster), the first to play is the player on that side's left, the next seat round the
    /// table not on it (rulebook 004, line 100: 怪獣プレイヤーの左隣の人間プレイヤーから). The
    /// table may choose another after.
    pub(crate) fn follow_the_sides(&mut self) {
        let Some(Turns::Alternating { between }) = self.game.as_ref().map(|g| &g.turns) else {
            return;
        };
        let on_it = |row: &Seated| row.side.as_deref() == Some(between.as_str());
        let Some(seat) = self.players.iter().position(on_it) else {
            return;
        };
        let seats = self.players.len();
        if let Some(first) = (1..seats)
            .map(|step| (seat + step) % seats)
            .find(|&next| !on_it(&self.players[next]))
        {
            self.parent = first;
        }
    }

    /// Switches the chosen game's variant `id` on or off (one the game does not offer: nothing).
    pub fn switch_variant(&mut self, id: &str, on: bool) {
        let offered = (self.game.iter()).any(|g| g.variants.iter().any(|v| v.id == id));
        self.variants.retain(|v| v != id);
        if on && offered {
            self.variants.push(id.to_string());
        }
    }

    /// Whether the chosen game's variant `id` is on.
    pub fn variant_on(&self, id: &str) -> bool {
        self.variants.iter().any(|v| v == id)
    }

    /// The most players the chosen game takes.
    pub fn max_players(&self) -> usize {
        match &self.game {
            Some(game) => game.players.max,
            None => self.profile.game.players.max,
        }
    }

    /// The sides of the chosen game, if it is a game of sides.
    pub(crate) fn sides(&self) -> Option<&[crate::scoring::Side]> {
        match self.game.as_ref().map(|g| &g.sheet.winner) {
            Some(WinnerRule::Side { sides, .. }) => Some(sides),
            _ => None,
        }
    }

    /// The profile with the table's values, or the message saying which value is wrong.
    pub(crate) fn confirmed_profile(&self) -> Result<Profile, Text> {
        let mut profile = self.profile.clone();
        self.board.write_into(&mut profile)?;
        profile
            .validate()
            .map_err(|e| Text::new("setup.bad_profile").arg("error", e))?;
        Ok(profile)
    }

    /// The players as typed, names trimmed.
    pub(crate) fn seated(&self) -> Vec<session::Player> {
        self.players
            .iter()
            .map(|p| session::Player {
                name: p.name.trim().to_string(),
                colour: p.colour,
            })
            .collect()
    }

    /// A name that holds a character that shows nothing, turns the text around or breaks the
    /// line (a zero-width space, a right-to-left override, U+2028): it could pass for another
    /// player's, or split a line of the history.
    /// Or two names that look alike (UTS #39), or a letter with more marks stacked than a name
    /// takes: the one name rule ([`crate::untrusted::name_problem`]) every way in uses.
    pub(crate) fn hidden_in_names(&self) -> Option<Text> {
        let names: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
        crate::session::lineup::name_rule(&names)
            .err()
            .map(|error| error.text())
    }

    /// The game this setup makes, ready to start; or, in the player's words, why it cannot
    /// start (a hidden character in a name, a value that is not a number, no first habitat, a
    /// setup the game's rules refuse).
    pub fn start(&self) -> Result<NewGame, Text> {
        if let Some(text) = self.hidden_in_names() {
            return Err(text);
        }
        if let Some(game) = &self.game {
            return self.start_other(game);
        }
        let profile = self.confirmed_profile()?;
        let Some(first) = self.first_habitat.clone() else {
            return Err(Text::new("setup.choose_first_habitat"));
        };
        let setup = session::Lineup {
            players: self.seated(),
            parent: self.parent,
            first_round_turns: self.turns,
            sides: Vec::new(),
            clock: self.clock_with_handicaps(),
        };
        let mut events = vec![Event::SetFirstHabitat { habitat: first }];
        for (r, label) in self.objectives.iter().enumerate() {
            if !label.trim().is_empty() {
                events.push(Event::SetObjective {
                    round: r as u32 + 1,
                    label: label.trim().to_string(),
                });
            }
        }
        events.push(Event::StartGame);
        NewGame::new::<Terravist>(profile, setup, events).map_err(|error| error.text())
    }

    /// The chosen game (not TERRAVIST), its players in their seats (and sides), ready to start
    /// on the engine the registry gives its profile; a setup its rules refuse is the error.
    fn start_other(&self, game: &GameProfile) -> Result<NewGame, Text> {
        let setup = session::Lineup {
            players: self.seated(),
            parent: self.parent,
            first_round_turns: 0,
            sides: match self.sides() {
                Some(_) => (self.players.iter())
                    .map(|p| p.side.clone().unwrap_or_default())
                    .collect(),
                None => Vec::new(),
            },
            clock: self.clock_with_handicaps(),
        };
        // The game keeps the profile as played: the variants' parts in place of the sheet's.
        let played = (game.with_variants(&self.variants)).map_err(|error| error.text())?;
        crate::engines::new_profile_game(played, setup).map_err(|error| error.text())
    }
}
