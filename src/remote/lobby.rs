//! The game being set up as the phones see it ([`Lobby`]): the names a phone may take, the free
//! colours, the host (see [`Lobby::host`]) and the table's choice it may make, and why the game
//! cannot start yet. Data only: the requests that join it are `joining.rs`'s.

use serde_json::{Value, json};

use crate::i18n::{Locale, Text};
use crate::session::Colour;
use crate::vocabulary::{Name, Seat};

/// The longest name a phone may join with, in characters.
pub const MAX_NAME: usize = 24;

/// What the table's setup shows the phones, while the game is being set up.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lobby {
    /// Which phone made (or was given) each seat, in seat order: never shown to a phone.
    pub phones: Vec<Option<String>>,
    /// Names played before, for a phone to join with in one tap (so the history's statistics
    /// follow the player).
    pub known_names: Vec<String>,
    /// Those of them a seat has taken already: shown greyed, in their place.
    pub known_seated: Vec<String>,
    /// The markers' colours the game offers, in order.
    pub colours: Vec<Colour>,
    /// Those of them no seat has yet.
    pub free_colours: Vec<Colour>,
    /// The most players the game takes.
    pub max_players: usize,
    /// TERRAVIST's first habitat, which the host's phone may choose.
    pub first_habitat: Option<HostChoice>,
    /// Why the game cannot start yet, if it cannot.
    pub not_ready: Option<Text>,
    /// The players whose phones the host removed from this game, by name, in order: the host's
    /// phone may let each join again.
    pub removed: Vec<String>,
    /// The host's phone, once it arranged the seats: never shown to a phone.
    pub host_phone: Option<String>,
    /// The game's variants (Earth's beginner rule), each with whether it is on: every phone
    /// is told, the host's phone switches them.
    pub variants: Vec<(Name, bool)>,
    /// The setup checklist for the players seated now, as the window's setup shows it
    /// ([`crate::kit::game_profile::GameProfile::setup_notes`]): each line, and whether it is
    /// a rule the rulebook gives (else a value to confirm).
    pub notes: Vec<(Text, bool)>,
    /// The seats whose phone is gone past the grace, as the transport heard
    /// ([`super::Presence::gone`]): never shown; the host role passes over them.
    pub gone: Vec<Seat>,
}

/// A choice of the table's the host's phone may make: its options and the one chosen.
#[derive(Debug, Clone, PartialEq)]
pub struct HostChoice {
    pub options: Vec<(String, Name)>,
    pub chosen: Option<String>,
}

impl Lobby {
    /// The host: the phone that makes the table's choices. The phone that arranged the seats
    /// (see `host_phone`), else the parent's, when the parent's seat has a phone (the player
    /// who begins is the one who sets the table at a real table), else the first seat that has
    /// one (the first phone to join, unless the window moved it). A host whose phone is gone
    /// past the grace (`gone`) passes the role on, in the same order, to a phone at the table
    /// (issue 68, case 4: a host who left held the lobby); it is the host again when it comes
    /// back. With every phone gone, nothing passes.
    pub fn host(&self, parent: Option<Seat>) -> Option<Seat> {
        let here = |seat: &Seat| !self.gone.contains(seat);
        let in_order = self.hosts_in_order(parent);
        (in_order.iter().copied().find(here)).or(in_order.first().copied())
    }

    /// The host the role comes back to: the host whatever phones are gone (see
    /// [`Lobby::host`]). Its phone is the host of the game the lobby starts, and it is never
    /// removed by a phone standing in for it.
    pub fn natural_host(&self, parent: Option<Seat>) -> Option<Seat> {
        self.hosts_in_order(parent).first().copied()
    }

    /// Whether the phone of `seat` may make `act` in this lobby: the host's (the one standing
    /// in while the host's phone is gone, too), but no phone removes its own seat, and a phone
    /// standing in never removes the host it stands in for (issue 68: a stand-in removed the
    /// host whose screen had locked).
    pub fn may_arrange(&self, act: super::Arrange, seat: Seat, parent: Option<Seat>) -> bool {
        let natural = self.natural_host(parent);
        self.host(parent) == Some(seat)
            && act.open_to(seat)
            && natural.is_none_or(|host| act != super::Arrange::Remove(host))
    }

    /// The seats that may be the host, in the order the role goes to them.
    fn hosts_in_order(&self, parent: Option<Seat>) -> Vec<Seat> {
        let has_phone = |seat: &Seat| self.phones.get(*seat).is_some_and(Option::is_some);
        // Once the host's phone arranged the seats, it stays the host wherever its seat went
        // and whoever was drawn to start.
        let pinned = (self.host_phone.as_ref())
            .and_then(|host| self.phones.iter().position(|p| p.as_ref() == Some(host)));
        let every = (0..self.phones.len()).filter(has_phone);
        let mut order: Vec<Seat> = Vec::new();
        for seat in pinned
            .into_iter()
            .chain(parent.filter(has_phone))
            .chain(every)
        {
            if !order.contains(&seat) {
                order.push(seat);
            }
        }
        order
    }

    /// Whether the phone `phone` may switch the table to another game (`parent`: the start
    /// player): any phone while none has joined; once one has, the host's alone (the others
    /// joined the game they saw).
    pub fn may_switch_game(&self, parent: Option<Seat>, phone: &str) -> bool {
        match self.host(parent) {
            None => true,
            Some(host) => self.phones.get(host).and_then(Option::as_deref) == Some(phone),
        }
    }

    /// No seat left for a phone: as many seats as the game takes, each a phone's.
    pub fn full(&self) -> bool {
        self.phones.len() >= self.max_players && self.phones.iter().all(Option::is_some)
    }

    /// What every phone is shown of it.
    pub(super) fn render(&self, parent: Option<Seat>, l: Locale) -> Value {
        // Every colour offered, a taken one marked so: a colour another phone takes while this one
        // chooses is greyed where it is, never removed (the list, and the Join button under it,
        // would jump under the finger).
        let colours: Vec<Value> = (self.colours.iter())
            .map(|c| {
                let [r, g, b] = c.rgb();
                let taken = !self.free_colours.contains(c);
                json!({"key": colour_key(*c), "colour": format!("#{r:02x}{g:02x}{b:02x}"),
                       "name": l.tr(c.key()), "taken": taken})
            })
            .collect();
        let habitat = self.first_habitat.as_ref().map(|h| {
            let options: Vec<Value> = (h.options.iter())
                .map(|(id, name)| json!({"id": id, "name": l.pick(name)}))
                .collect();
            json!({"options": options, "chosen": h.chosen, "label": l.tr("phone.first_habitat")})
        });
        json!({
            "known_names": self.known_names,
            "known_seated": self.known_seated,
            "colours": colours,
            "full": self.full(),
            // A phone that comes when every seat is taken is told so, in words, and watches.
            "full_text": Text::new("phone.table_full")
                .arg("players", self.max_players.to_string())
                .render(l),
            "host": self.host(parent),
            "parent": parent,
            "first_habitat": habitat,
            "not_ready": self.not_ready.as_ref().map(|t| t.render(l)),
            "removed": self.removed,
            "variants_title": l.tr("setup.variants"),
            "variants": (self.variants.iter())
                .map(|(name, on)| json!({"name": l.pick(name), "on": on}))
                .collect::<Vec<_>>(),
            "notes": (self.notes.iter())
                .map(|(line, rule)| json!({"text": line.render(l), "rule": rule}))
                .collect::<Vec<_>>(),
        })
    }
}

/// A colour's word on the page and in a join (`red`).
/// Whether `name`, joined by the phone `phone`, looks like another seat's name (`seats`: each
/// seat's name and the phone that holds it, if one does): the one name rule's look-alike
/// ([`crate::untrusted::look_alike`]), asked by the keeper's setup and, for an early answer, by
/// the server. The same name in any case is a claim on that seat, not a look-alike.
pub fn looks_like_another<'a>(
    seats: impl IntoIterator<Item = (&'a str, Option<&'a str>)>,
    phone: &str,
    name: &str,
) -> bool {
    seats.into_iter().any(|(other, holder)| {
        holder != Some(phone)
            && other.trim().to_lowercase() != name.to_lowercase()
            && crate::untrusted::look_alike(other, name)
    })
}

pub fn colour_key(colour: Colour) -> &'static str {
    colour.key().trim_start_matches("colour.")
}
