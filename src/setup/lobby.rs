//! The setup as the phones see it while the game is set up: a phone joins with its player's
//! name and a colour, and its seat is bound to it; the host's phone chooses the first habitat;
//! any seated phone starts the game once it can start. The window, when there is one, stays in
//! charge: it can reorder, rename, recolour and remove any seat, a phone's too.

use super::{Seated, Setup};
use crate::i18n::Text;
use crate::remote::{Arrange, HostChoice, Lobby};
use crate::session::{Colour, Player};
use crate::vocabulary::{Name, Seat};

/// Where a phone that joins sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joined {
    /// In this seat, bound to it.
    Seated(Seat),
    /// It asks the table for this seat, which the window named.
    Asks(Seat),
}

/// The setup as the phones are shown it.
pub struct LobbyNow {
    pub game: Name,
    pub players: Vec<Player>,
    pub parent: Seat,
    pub lobby: Lobby,
}

impl Setup {
    /// What the phones are shown while the game is set up.
    /// `known_players`: the names played before (the settings'), offered to a phone in one tap.
    pub fn lobby(&self, known_players: &[String]) -> LobbyNow {
        let game = match &self.game {
            Some(game) => game.name.clone(),
            None => self.profile.game.name.clone(),
        };
        let players = (self.players.iter())
            .map(|p| Player {
                name: p.name.trim().to_string(),
                colour: p.colour,
            })
            .collect();
        let markers = self.max_players().clamp(5, Colour::ALL.len());
        let colours = Colour::ALL[..markers].to_vec();
        let free_colours = Colour::ALL[..markers]
            .iter()
            .copied()
            .filter(|c| {
                self.players
                    .iter()
                    .all(|p| p.colour != *c || p.phone.is_none())
            })
            .filter(|c| {
                self.players
                    .iter()
                    .all(|p| p.colour != *c || p.name.trim().is_empty())
            })
            .collect();
        let seated = |name: &String| {
            (self.players.iter()).any(|p| p.phone.is_some() && p.name.trim() == name.as_str())
        };
        let first_habitat = self.game.is_none().then(|| HostChoice {
            options: (self.profile.terravist.habitats.iter())
                .map(|h| (h.id.clone(), h.name.clone()))
                .collect(),
            chosen: self.first_habitat.clone(),
        });
        let lobby = Lobby {
            phones: self.players.iter().map(|p| p.phone.clone()).collect(),
            // Every name played before, one seated greyed in its place (a name removed as its
            // player joined moved the form under the others' fingers).
            known_names: known_players.iter().take(8).cloned().collect(),
            known_seated: (known_players.iter().take(8))
                .filter(|name| seated(name))
                .cloned()
                .collect(),
            colours,
            free_colours,
            max_players: self.max_players(),
            first_habitat,
            not_ready: self.not_ready(),
            removed: Vec::new(),
            gone: Vec::new(),
            host_phone: self.host_phone.clone(),
            variants: (self.game.iter().flat_map(|g| g.variants.iter()))
                .map(|v| (v.name.clone(), self.variants.contains(&v.id)))
                .collect(),
            notes: self.game.as_ref().map_or_else(Vec::new, |game| {
                let sides: Vec<Option<&str>> =
                    self.players.iter().map(|p| p.side.as_deref()).collect();
                game.setup_notes(&sides)
            }),
        };
        LobbyNow {
            game,
            players,
            parent: self.parent,
            lobby,
        }
    }

    /// Why Start would be refused now, in the window's own words; `None` when it would start.
    fn not_ready(&self) -> Option<Text> {
        if self.players.iter().any(|p| p.name.trim().is_empty()) {
            return Some(Text::new("phone.lobby_unnamed"));
        }
        self.start().err()
    }

    /// The phone `phone` joins as `name` in `colour`, or (seated already) changes them.
    /// A seat the window named the same is the table's to give: the phone asks for it
    /// ([`Joined::Asks`]). Otherwise the phone takes a seat with no name yet, or one whose name
    /// the setup only suggested, before a new one is added; `None` when the game is full. A
    /// colour another phone holds stays that phone's.
    pub fn join(&mut self, phone: &str, name: &str, colour: Option<Colour>) -> Option<Joined> {
        let same_name = |p: &Seated| p.name.trim().to_lowercase() == name.to_lowercase();
        // The one name rule: nothing that shows as nothing, and no look-alike of another seat's
        // name ("Аki" beside "Aki" was two Akis at one table).
        let seats = (self.players.iter()).map(|p| (p.name.as_str(), p.phone.as_deref()));
        let look_alike = crate::remote::looks_like_another(seats, phone, name);
        if crate::untrusted::name_problem(name).is_some() || look_alike {
            return None;
        }
        let free = |p: &Seated| p.phone.is_none();
        if let Some(own) = self
            .players
            .iter()
            .position(|p| p.phone.as_deref() == Some(phone))
        {
            // Not to the name of a seat the window named for someone else: that one is the
            // table's to give.
            let taken = (self.players.iter().enumerate())
                .any(|(i, p)| i != own && free(p) && p.named_here && same_name(p));
            let name = match taken {
                true => self.players[own].name.clone(),
                false => name.to_string(),
            };
            self.seat_phone(own, phone, &name, colour);
            return Some(Joined::Seated(own));
        }
        if let Some(named) = (self.players.iter()).position(|p| free(p) && same_name(p)) {
            if self.players[named].named_here {
                return Some(Joined::Asks(named));
            }
            self.seat_phone(named, phone, name, colour);
            return Some(Joined::Seated(named));
        }
        let seat = (self.players.iter())
            .position(|p| free(p) && p.name.trim().is_empty())
            .or_else(|| (self.players.iter()).position(|p| free(p) && !p.named_here))
            .or_else(|| self.add_seat())?;
        self.seat_phone(seat, phone, name, colour);
        Some(Joined::Seated(seat))
    }

    /// The host's phone arranges the seats: one moves up or down, or the parent is drawn at
    /// random (the rules are the setup's own, `edit.rs`, as the window's; the host stays the
    /// host's phone). `Remove` takes the seat away, with its phone, and returns that phone's id
    /// and its player's name (the last seat stays, no phone's). `LetIn` is the keeper's, not
    /// the setup's: nothing here.
    /// `host`: the host's phone, which stays the host whoever starts now.
    pub fn arrange(&mut self, act: Arrange, host: &str) -> Option<(String, String)> {
        self.host_phone = Some(host.to_string());
        match act {
            Arrange::Up(seat) => self.move_seat_up(seat),
            Arrange::Down(seat) => self.move_seat_down(seat),
            Arrange::Remove(seat) if seat < self.players.len() => {
                // An empty seat (no phone, no name) goes too: Earth's solo game from the
                // phones alone (the lobby opens with two seats). A seat the window named is
                // the window's.
                let name = self.players[seat].name.trim().to_string();
                if self.players[seat].phone.is_none() && !name.is_empty() {
                    return None;
                }
                let phone = match self.remove_seat(seat) {
                    Some(removed) => removed.phone,
                    None => self.players[seat].phone.take(),
                };
                return phone.map(|phone| (phone, name));
            }
            Arrange::DrawParent => self.draw_parent(),
            Arrange::Variant { n, on } => {
                let id = (self.game.as_ref())
                    .and_then(|g| g.variants.get(n))
                    .map(|v| v.id.clone());
                if let Some(id) = id {
                    self.switch_variant(&id, on);
                }
            }
            Arrange::Remove(_) | Arrange::LetIn(_) => {}
        }
        None
    }

    /// The table gives `seat` to the phone that asked for it: its name stays the window's.
    pub fn give(&mut self, seat: Seat, phone: &str) {
        let taken = self
            .players
            .iter()
            .any(|p| p.phone.as_deref() == Some(phone));
        if let Some(row) = self
            .players
            .get_mut(seat)
            .filter(|r| r.phone.is_none() && !taken)
        {
            row.phone = Some(phone.to_string());
        }
    }

    /// The name of the player in `seat`, as typed.
    pub fn name_of(&self, seat: Seat) -> Option<&str> {
        self.players.get(seat).map(|p| p.name.trim())
    }

    /// Binds `seat` to `phone` under `name`, in `colour` unless another phone holds it (with
    /// no colour asked, the seat keeps its own).
    fn seat_phone(&mut self, seat: Seat, phone: &str, name: &str, colour: Option<Colour>) {
        self.players[seat].name = name.to_string();
        self.players[seat].phone = Some(phone.to_string());
        let Some(colour) = colour else {
            return;
        };
        // A colour another phone holds stays that phone's; else the window's rule (a swap).
        match self.players.iter().position(|p| p.colour == colour) {
            Some(other) if other != seat && self.players[other].phone.is_some() => {}
            _ => self.recolour(seat, colour),
        }
    }

    /// Keeps only the phones `seated` says still hold a seat: a seat whose phone left (or was
    /// dropped) stays, no phone's.
    pub fn keep_phones(&mut self, seated: impl Fn(&str) -> bool) {
        for row in &mut self.players {
            if row.phone.as_deref().is_some_and(|id| !seated(id)) {
                row.phone = None;
            }
        }
    }

    /// How many seats a phone holds.
    pub fn phones_joined(&self) -> usize {
        self.players.iter().filter(|p| p.phone.is_some()).count()
    }

    /// Whether `seat` holds a phone.
    pub fn has_phone(&self, seat: Seat) -> bool {
        self.players.get(seat).is_some_and(|p| p.phone.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    /// Aki, Ben and Chie joined from their phones, Aki first (the parent).
    fn three_joined() -> Setup {
        let mut setup = Setup::for_phones(&Settings::default(), &[]);
        for (phone, name) in [("pa", "Aki"), ("pb", "Ben"), ("pc", "Chie")] {
            setup.join(phone, name, None);
        }
        setup
    }

    fn names(setup: &Setup) -> Vec<&str> {
        setup.players.iter().map(|p| p.name.as_str()).collect()
    }

    #[test]
    fn the_host_moves_seats_and_the_parent_marker_stays_with_its_player() {
        let mut setup = three_joined();
        assert_eq!(
            (names(&setup), setup.parent),
            (vec!["Aki", "Ben", "Chie"], 0)
        );
        assert_eq!(setup.arrange(Arrange::Down(0), "pa"), None);
        assert_eq!(
            (names(&setup), setup.parent),
            (vec!["Ben", "Aki", "Chie"], 1)
        );
        setup.arrange(Arrange::Up(2), "pa");
        assert_eq!(names(&setup), ["Ben", "Chie", "Aki"]);
        assert_eq!(setup.parent, 2, "Aki still starts");
        // Past either end: nothing moves.
        setup.arrange(Arrange::Up(0), "pa");
        setup.arrange(Arrange::Down(2), "pa");
        assert_eq!(names(&setup), ["Ben", "Chie", "Aki"]);
        for _ in 0..20 {
            setup.arrange(Arrange::DrawParent, "pa");
            assert!(setup.parent < 3);
            let now = setup.lobby(&[]);
            assert_eq!(
                now.lobby.host(Some(now.parent)),
                Some(2),
                "Aki's phone stays the host"
            );
        }
    }

    #[test]
    fn a_removed_seat_goes_with_its_phone_and_the_parent_stays_a_seat() {
        let mut setup = three_joined();
        setup.parent = 2;
        assert_eq!(
            setup.arrange(Arrange::Remove(1), "pa"),
            Some(("pb".to_string(), "Ben".to_string()))
        );
        assert_eq!(names(&setup), ["Aki", "Chie"]);
        assert_eq!(setup.parent, 1, "Chie still starts");
        // A seat with no phone is the window's: nothing to remove from a phone.
        setup.players[0].phone = None;
        assert_eq!(setup.arrange(Arrange::Remove(0), "pc"), None);
        assert_eq!(names(&setup), ["Aki", "Chie"]);
        // An empty seat (no phone, no name: one the lobby opened with) goes, so a game of
        // one (Earth against Gaia) is set up from the phones alone.
        setup.players[0].name = String::new();
        assert_eq!(setup.arrange(Arrange::Remove(0), "pc"), None);
        assert_eq!(names(&setup), ["Chie"]);
    }

    /// Leviath starts with the human on the monster's left: a seat the host's phone moves
    /// puts another there, who starts, as when the window moves it (issue 67).
    #[test]
    fn the_hosts_move_in_leviath_hands_the_start_to_the_monsters_left() {
        let mut setup = three_joined();
        setup.choose(crate::kit::game_profile::GameProfile::shipped("leviath"));
        assert_eq!(setup.parent, 0, "Aki, on the left of Chie's monster");
        setup.arrange(Arrange::Up(2), "pa");
        assert_eq!(names(&setup), ["Aki", "Chie", "Ben"]);
        assert_eq!(setup.players[setup.parent].name, "Ben");
    }
}
