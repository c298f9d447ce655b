//! The games: every game the app can keep (shipped, and the user's own), and the profile
//! editor that makes a new one from scratch or from a copy, validates it and saves it in the
//! data dir; a game is exported to and imported from a file to share it.

mod choices;
pub mod draft;
mod list;
mod view;

use super::{Action, Context, GamesAction};
use crate::kit::game_profile::GameProfile;
use crate::scoring::Prefer;
use crate::store::profiles::is_shipped;
use draft::{BreakerDraft, CounterDraft, Draft, Kind, PartDraft, Structure};

#[derive(Debug, Default)]
pub struct Games {
    /// The game being edited, if the editor is open.
    editing: Option<Draft>,
    /// The draft as the editor opened it: Cancel asks once before dropping changes to it.
    opened: Option<Draft>,
    /// Cancel was pressed once with changes: the next Cancel drops them.
    warned: bool,
}

/// A change to one field of the draft.
#[derive(Debug, Clone)]
pub enum Edit {
    Name(String),
    Id(String),
    BggId(String),
    Players(usize, String),
    Structure(Structure),
    Turns(usize, String),
    Reorder(bool),
    EndText(String),
    AddPart,
    RemovePart(usize),
    PartUp(usize),
    PartName(usize, String),
    PartKind(usize, Kind),
    PartParam(usize, usize, String),
    Lowest(bool),
    AddBreaker,
    RemoveBreaker(usize),
    BreakerName(usize, String),
    BreakerPrefer(usize, Prefer),
    AddCounter,
    RemoveCounter(usize),
    CounterName(usize, String),
    CounterValue(usize, usize, String),
}

#[derive(Debug, Clone)]
pub enum Message {
    /// A new game from scratch (the plain "any game" profile, renamed).
    New,
    /// A new game from a copy of the game with this id.
    Copy(String),
    /// Edit the user's own game with this id.
    Edit(String),
    Export(String),
    /// The save dialog for a game's profile closed, with the chosen path (if any).
    ExportPicked(Box<GameProfile>, Option<std::path::PathBuf>),
    Import,
    /// The open dialog for a profile closed, with the chosen file (if any).
    ImportPicked(Option<std::path::PathBuf>),
    Change(Edit),
    Save,
    Cancel,
    Back,
}

fn find<'a>(context: &Context<'a>, id: &str) -> Option<&'a GameProfile> {
    context.games.iter().find(|g| g.id == id)
}

impl Games {
    pub fn update(&mut self, message: Message, context: &Context) -> Action {
        let locale = context.locale;
        match message {
            Message::New => {
                let plain = GameProfile::shipped("generic").expect("shipped");
                let mut draft = Draft::from_profile(&plain, locale);
                draft.name = String::new();
                draft.id = String::new();
                self.open(draft);
            }
            Message::Copy(id) => {
                if let Some(game) = find(context, &id) {
                    let mut draft = Draft::from_profile(game, locale);
                    draft.name = crate::i18n::Text::new("editor.copy_of")
                        .arg("name", &draft.name)
                        .render(context.locale);
                    draft.id = String::new();
                    self.open(draft);
                }
            }
            Message::Edit(id) => {
                if let Some(game) = find(context, &id).filter(|g| !is_shipped(&g.id)) {
                    self.open(Draft::from_profile(game, locale));
                }
            }
            Message::Export(id) => {
                if let Some(game) = find(context, &id) {
                    let game = Box::new(game.clone());
                    let dialog = crate::gui::dialog::save_file(format!("{}.json", game.id));
                    return Action::Run(dialog.map(move |path| {
                        super::Message::Games(Message::ExportPicked(game.clone(), path))
                    }));
                }
            }
            Message::ExportPicked(game, Some(path)) => {
                return Action::Games(GamesAction::Export(game, path));
            }
            Message::Import => {
                let dialog = crate::gui::dialog::open_json();
                return Action::Run(
                    dialog.map(|path| super::Message::Games(Message::ImportPicked(path))),
                );
            }
            Message::ImportPicked(Some(path)) => return Action::Games(GamesAction::Import(path)),
            Message::ExportPicked(_, None) | Message::ImportPicked(None) => {}
            Message::Change(edit) => {
                if let Some(draft) = &mut self.editing {
                    apply(draft, edit);
                    self.warned = false;
                }
            }
            Message::Save => {
                let Some(draft) = &self.editing else {
                    return Action::None;
                };
                return match draft.build() {
                    Ok(profile) => {
                        if is_shipped(&profile.id) {
                            return Action::Notice(
                                crate::i18n::Text::new("editor.shipped_id").arg("id", &profile.id),
                            );
                        }
                        Action::Games(GamesAction::Save(Box::new(profile)))
                    }
                    Err(text) => Action::Notice(text),
                };
            }
            Message::Cancel => {
                if self.editing != self.opened && !self.warned {
                    self.warned = true;
                    return Action::Notice(crate::i18n::Text::new("editor.unsaved"));
                }
                self.close();
            }
            Message::Back => return Action::Home,
        }
        Action::None
    }

    /// The app saved the draft: back to the list.
    pub fn saved(&mut self) {
        self.close();
    }

    fn open(&mut self, draft: Draft) {
        self.opened = Some(draft.clone());
        self.editing = Some(draft);
        self.warned = false;
    }

    fn close(&mut self) {
        self.editing = None;
        self.opened = None;
        self.warned = false;
    }
}

fn apply(draft: &mut Draft, edit: Edit) {
    match edit {
        Edit::Name(name) => draft.name = name,
        Edit::Id(id) => draft.id = id,
        Edit::BggId(id) => draft.bgg_id = id,
        Edit::Players(i, v) => draft.players[i] = v,
        Edit::Structure(s) => {
            draft.structure = s;
            // Sensible numbers for the fields the new structure shows.
            let defaults = match s {
                Structure::FixedRounds => ["5", "1", ""],
                Structure::ShrinkingRounds => ["3", "5", "1"],
                Structure::RoundsUntil => ["5", "", ""],
                _ => ["", "", ""],
            };
            for (field, default) in draft.turns.iter_mut().zip(defaults) {
                if field.trim().is_empty() {
                    *field = default.to_string();
                }
            }
        }
        Edit::Turns(i, v) => draft.turns[i] = v,
        Edit::Reorder(on) => draft.reorder = on,
        Edit::EndText(t) => draft.end_text = t,
        Edit::AddPart => draft.parts.push(PartDraft {
            id: None,
            name: String::new(),
            kind: Kind::Entered,
            params: Default::default(),
            most: None,
            dummies: None,
        }),
        Edit::RemovePart(i) if i < draft.parts.len() => {
            draft.parts.remove(i);
        }
        Edit::PartUp(i) if i > 0 && i < draft.parts.len() => draft.parts.swap(i, i - 1),
        Edit::PartName(i, name) => {
            if let Some(p) = draft.parts.get_mut(i) {
                p.name = name;
            }
        }
        Edit::PartKind(i, kind) => {
            if let Some(p) = draft.parts.get_mut(i) {
                p.kind = kind;
            }
        }
        Edit::PartParam(i, k, v) => {
            if let Some(p) = draft.parts.get_mut(i) {
                p.params[k.min(1)] = v;
            }
        }
        Edit::Lowest(on) => draft.lowest = on,
        Edit::AddBreaker => draft.breakers.push(BreakerDraft {
            name: String::new(),
            prefer: Prefer::More,
            part: None,
        }),
        Edit::RemoveBreaker(i) if i < draft.breakers.len() => {
            draft.breakers.remove(i);
        }
        Edit::BreakerName(i, name) => {
            if let Some(b) = draft.breakers.get_mut(i) {
                b.name = name;
            }
        }
        Edit::BreakerPrefer(i, prefer) => {
            if let Some(b) = draft.breakers.get_mut(i) {
                b.prefer = prefer;
            }
        }
        Edit::AddCounter => draft.counters.push(CounterDraft {
            name: String::new(),
            values: ["0".into(), "10".into(), "0".into()],
        }),
        Edit::RemoveCounter(i) if i < draft.counters.len() => {
            draft.counters.remove(i);
        }
        Edit::CounterName(i, name) => {
            if let Some(c) = draft.counters.get_mut(i) {
                c.name = name;
            }
        }
        Edit::CounterValue(i, k, v) => {
            if let Some(c) = draft.counters.get_mut(i) {
                c.values[k.min(2)] = v;
            }
        }
        Edit::RemovePart(_) | Edit::PartUp(_) | Edit::RemoveBreaker(_) | Edit::RemoveCounter(_) => {
        }
    }
}
