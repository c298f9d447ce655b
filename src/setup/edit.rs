//! Every edit of a setup's seats and choices, written once: the window's setup screen
//! (`gui/screen/setup/mod.rs`, its `update`) and the host's phone (`lobby.rs`, `Setup::arrange`)
//! both call these, so a seat added, moved or removed, a side, a colour or the start player
//! drawn come out the same whichever front end made the edit (issue 67: the window kept its own
//! copy of these rules and moved the start marker to another player on a removal).
//!
//! The rules, in one place:
//! - The start player (the parent) is a *person*: a move or a removal never hands the marker to
//!   someone else, except that a game whose turns alternate around one side (Leviath's monster)
//!   starts with the player on that side's left, which a change of seats may make another
//!   player ([`Setup::follow_the_sides`], called after every change of seats).
//! - Removing the start player themself hands the marker to the player who sat after them, the
//!   next in turn order (after the last seat: the first).
//! - The last seat is never removed: a game has at least one player.
//! - Colours stay distinct: a colour taken from another seat swaps with it.
//!
//! What each front end may do is its own (a phone removes only a phone's seat or an empty one,
//! never its own; the window any seat): those checks stay with the front end, the rules here.

use super::{Seated, Setup, free_colour};
use crate::session::Colour;
use crate::vocabulary::Seat;

impl Setup {
    /// A new seat at the end, with no name, the first free colour and (in a game of sides) the
    /// first side; its seat, or `None` when the game takes no more players.
    pub fn add_seat(&mut self) -> Option<Seat> {
        if self.players.len() >= self.max_players() {
            return None;
        }
        let colour = free_colour(&self.players);
        let side = self.sides().and_then(|s| s.first()).map(|s| s.id.clone());
        self.players.push(Seated::new(String::new(), colour, side));
        self.follow_the_sides();
        Some(self.players.len() - 1)
    }

    /// A name played before, tapped: the first seat with no name yet takes it, else a new seat
    /// does (none when the game is full). The window named it, so a phone asks for it.
    pub fn add_known(&mut self, name: String) {
        let seat = (self.players.iter())
            .position(|p| p.name.trim().is_empty())
            .or_else(|| self.add_seat());
        if let Some(row) = seat.and_then(|seat| self.players.get_mut(seat)) {
            row.name = name;
            row.named_here = true;
        }
    }

    /// The window types a seat's name: the seat is the table's to give to a phone of that name.
    pub fn rename(&mut self, seat: Seat, name: String) {
        if let Some(row) = self.players.get_mut(seat) {
            row.name = name;
            row.named_here = true;
        }
    }

    /// Gives `seat` the marker `colour`; the seat that had it takes `seat`'s, so colours stay
    /// distinct.
    pub fn recolour(&mut self, seat: Seat, colour: Colour) {
        if seat >= self.players.len() {
            return;
        }
        if let Some(other) = self.players.iter().position(|p| p.colour == colour) {
            self.players[other].colour = self.players[seat].colour;
        }
        self.players[seat].colour = colour;
    }

    /// In a game of sides, `seat` plays `side` (one the game does not have: nothing); who
    /// starts follows the sides where the game says so.
    pub fn set_side(&mut self, seat: Seat, side: String) {
        let known = self.sides().is_some_and(|s| s.iter().any(|s| s.id == side));
        if let Some(row) = self.players.get_mut(seat).filter(|_| known) {
            row.side = Some(side);
            self.follow_the_sides();
        }
    }

    /// Moves `seat` one place up (towards the first); the first seat stays.
    pub fn move_seat_up(&mut self, seat: Seat) {
        if (1..self.players.len()).contains(&seat) {
            self.swap_with_next(seat - 1);
        }
    }

    /// Moves `seat` one place down (towards the last); the last seat stays.
    pub fn move_seat_down(&mut self, seat: Seat) {
        if seat + 1 < self.players.len() {
            self.swap_with_next(seat);
        }
    }

    /// Swaps seats `a` and `a + 1`; the start marker goes with its player.
    fn swap_with_next(&mut self, a: Seat) {
        self.players.swap(a, a + 1);
        if self.parent == a {
            self.parent = a + 1;
        } else if self.parent == a + 1 {
            self.parent = a;
        }
        self.follow_the_sides();
    }

    /// Removes `seat` and returns it (with its phone), unless it is the last seat left. The
    /// start marker stays with its player; if the start player themself goes, the player who
    /// sat after them starts (after the last seat, the first).
    pub fn remove_seat(&mut self, seat: Seat) -> Option<Seated> {
        if seat >= self.players.len() || self.players.len() < 2 {
            return None;
        }
        let removed = self.players.remove(seat);
        if self.parent > seat {
            self.parent -= 1;
        } else if self.parent == seat {
            // Whoever took the seat (the next in turn order), round to the first past the end.
            self.parent = seat % self.players.len();
        }
        self.follow_the_sides();
        Some(removed)
    }

    /// The player in `seat` starts.
    pub fn make_parent(&mut self, seat: Seat) {
        if seat < self.players.len() {
            self.parent = seat;
        }
    }

    /// The start player drawn at random among the seats.
    pub fn draw_parent(&mut self) {
        if !self.players.is_empty() {
            self.parent = rand::random_range(0..self.players.len());
        }
    }

    /// TERRAVIST's turns in the first round: never fewer than its rules allow.
    pub fn set_turns(&mut self, turns: u32) {
        self.turns = turns.max(self.profile.min_first_round_turns());
    }

    /// The label of round `round`'s objective tile (0-based), as typed.
    pub fn set_objective(&mut self, round: usize, label: String) {
        if let Some(slot) = self.objectives.get_mut(round) {
            *slot = label;
        }
    }

    /// The table's value of round `round`'s scoring slots, as typed (checked at start).
    pub fn set_slots(&mut self, round: usize, value: String) {
        if let Some(slot) = self.board.slots.get_mut(round) {
            *slot = value;
        }
    }

    /// The table's bonus of habitat `habitat`, as typed (checked at start).
    pub fn set_bonus(&mut self, habitat: usize, value: String) {
        if let Some(slot) = self.board.bonuses.get_mut(habitat) {
            *slot = value;
        }
    }

    /// TERRAVIST's first habitat, chosen (one the game does not have, or another game: nothing).
    pub fn choose_first_habitat(&mut self, habitat: String) {
        let offered = (self.profile.terravist.habitats.iter()).any(|h| h.id == habitat);
        if offered && self.game.is_none() {
            self.first_habitat = Some(habitat);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::game_profile::GameProfile;
    use crate::settings::Settings;

    /// Aki, Ben and Chie named in the window, Aki to start, TERRAVIST.
    fn three() -> Setup {
        let mut setup = Setup::new(&Settings::default(), &[]);
        setup.rename(0, "Aki".to_string());
        setup.rename(1, "Ben".to_string());
        let seat = setup.add_seat().expect("room for a third");
        setup.rename(seat, "Chie".to_string());
        setup
    }

    fn names(setup: &Setup) -> Vec<&str> {
        setup.players.iter().map(|p| p.name.as_str()).collect()
    }

    fn starter(setup: &Setup) -> &str {
        &setup.players[setup.parent].name
    }

    fn game(id: &str) -> GameProfile {
        GameProfile::shipped(id).unwrap_or_else(|| panic!("no game {id}"))
    }

    #[test]
    fn a_removed_seat_leaves_the_start_marker_with_its_player() {
        for start in 0..3 {
            for removed in 0..3 {
                let mut setup = three();
                setup.make_parent(start);
                let who = starter(&setup).to_string();
                let gone = setup.remove_seat(removed).expect("removed");
                assert_eq!(setup.players.len(), 2);
                let now = starter(&setup).to_string();
                if start == removed {
                    // The next in turn order: Ben after Aki, Chie after Ben, Aki after Chie.
                    let next = ["Ben", "Chie", "Aki"][start];
                    assert_eq!(now, next, "start {start}, removed {removed}");
                    assert_eq!(gone.name, who);
                } else {
                    assert_eq!(now, who, "start {start}, removed {removed}");
                }
            }
        }
    }

    #[test]
    fn the_last_seat_is_never_removed_nor_one_past_the_end() {
        let mut setup = three();
        assert!(setup.remove_seat(3).is_none());
        assert_eq!(setup.remove_seat(0).map(|s| s.name), Some("Aki".into()));
        assert_eq!(setup.remove_seat(0).map(|s| s.name), Some("Ben".into()));
        assert!(setup.remove_seat(0).is_none(), "Chie stays");
        assert_eq!((names(&setup), setup.parent), (vec!["Chie"], 0));
    }

    #[test]
    fn a_moved_seat_takes_the_start_marker_with_it() {
        let mut setup = three();
        setup.make_parent(1);
        setup.move_seat_up(1);
        assert_eq!(
            (names(&setup), starter(&setup)),
            (vec!["Ben", "Aki", "Chie"], "Ben")
        );
        setup.move_seat_down(1);
        assert_eq!(
            (names(&setup), starter(&setup)),
            (vec!["Ben", "Chie", "Aki"], "Ben")
        );
        // Past either end: nothing moves.
        setup.move_seat_up(0);
        setup.move_seat_down(2);
        setup.move_seat_down(7);
        assert_eq!(names(&setup), ["Ben", "Chie", "Aki"]);
    }

    #[test]
    fn a_seat_is_added_up_to_the_games_most_players() {
        let mut setup = three();
        while setup.add_seat().is_some() {}
        assert_eq!(setup.players.len(), setup.max_players());
        let colours: Vec<Colour> = setup.players.iter().map(|p| p.colour).collect();
        let distinct = (colours.iter().enumerate()).all(|(i, c)| !colours[..i].contains(c));
        assert!(distinct, "each a colour of its own: {colours:?}");
        assert_eq!(setup.add_seat(), None);
    }

    #[test]
    fn a_known_name_fills_an_empty_seat_before_it_adds_one() {
        let mut setup = Setup::new(&Settings::default(), &[]);
        setup.rename(0, "Aki".to_string());
        setup.players[1].name.clear();
        setup.add_known("Ben".to_string());
        assert_eq!(names(&setup), ["Aki", "Ben"]);
        assert!(setup.players[1].named_here);
        setup.add_known("Chie".to_string());
        assert_eq!(names(&setup), ["Aki", "Ben", "Chie"]);
    }

    #[test]
    fn renaming_marks_the_seat_the_windows_and_ignores_a_seat_not_there() {
        let mut setup = three();
        setup.rename(1, "Bea".to_string());
        assert_eq!(names(&setup), ["Aki", "Bea", "Chie"]);
        assert!(setup.players[1].named_here);
        setup.rename(9, "Nobody".to_string());
        assert_eq!(setup.players.len(), 3);
    }

    #[test]
    fn a_colour_taken_from_another_seat_swaps_with_it() {
        let mut setup = three();
        let (aki, ben) = (setup.players[0].colour, setup.players[1].colour);
        setup.recolour(0, ben);
        assert_eq!(
            (setup.players[0].colour, setup.players[1].colour),
            (ben, aki)
        );
        setup.recolour(5, aki);
        assert_eq!(setup.players[1].colour, aki, "a seat not there: nothing");
    }

    #[test]
    fn a_side_the_game_has_is_set_and_the_start_follows_the_monster() {
        let mut setup = three();
        setup.choose(Some(game("leviath")));
        let sides: Vec<String> = (setup.sides().unwrap().iter())
            .map(|s| s.id.clone())
            .collect();
        // The last seat is the monster; the first seat, on its left, starts.
        assert_eq!(setup.players[2].side.as_ref(), Some(&sides[1]));
        assert_eq!(setup.parent, 0);
        setup.set_side(2, sides[0].clone());
        setup.set_side(1, sides[1].clone());
        assert_eq!(starter(&setup), "Chie", "the player on the monster's left");
        setup.set_side(0, "no-such-side".to_string());
        assert_eq!(setup.players[0].side.as_ref(), Some(&sides[0]));
        // A move puts another player on the monster's left: they start.
        setup.move_seat_down(1);
        assert_eq!(names(&setup), ["Aki", "Chie", "Ben"]);
        assert_eq!(starter(&setup), "Aki");
    }

    #[test]
    fn the_start_player_is_made_or_drawn_among_the_seats() {
        let mut setup = three();
        setup.make_parent(2);
        assert_eq!(setup.parent, 2);
        setup.make_parent(3);
        assert_eq!(setup.parent, 2, "a seat not there: nothing");
        let mut drawn = [false; 3];
        for _ in 0..200 {
            setup.draw_parent();
            drawn[setup.parent] = true;
        }
        assert_eq!(drawn, [true; 3], "every seat may be drawn");
    }

    #[test]
    fn terravists_choices_are_kept_within_its_rules() {
        let mut setup = three();
        setup.set_turns(0);
        assert_eq!(setup.turns, setup.profile.min_first_round_turns());
        setup.set_objective(0, "Eggs".to_string());
        setup.set_objective(99, "Nowhere".to_string());
        assert_eq!(setup.objectives[0], "Eggs");
        setup.set_slots(0, "4, 2".to_string());
        setup.set_slots(99, "1".to_string());
        assert_eq!(setup.board.slots[0], "4, 2");
        setup.set_bonus(0, "7".to_string());
        setup.set_bonus(99, "7".to_string());
        assert_eq!(setup.board.bonuses[0], "7");
        let forest = setup.profile.terravist.habitats[0].id.clone();
        setup.choose_first_habitat("no-such-habitat".to_string());
        assert_eq!(setup.first_habitat, None);
        setup.choose_first_habitat(forest.clone());
        assert_eq!(setup.first_habitat, Some(forest));
    }
}
