//! Settings: language, theme, the turn-time nudge, and the profile's component values (slot
//! points, development bonuses, dice faces), which the rulebook leaves to the components.

use iced::widget::{button, column, row, text, text_input};
use iced::{Element, Length};

use super::{Action, Context};
use crate::gui::{style, widgets};
use crate::i18n::{Locale, Text};
use crate::settings::{Settings, ThemeChoice};
use crate::setup::board_values::BoardValues;

#[derive(Debug)]
pub struct SettingsScreen {
    target: String,
    board: BoardValues,
    dice: Vec<String>,
    /// The typed values were saved and not changed since: the screen says so beside Save.
    saved: bool,
}

#[derive(Debug, Clone)]
pub enum Message {
    Language(Option<Locale>),
    Theme(ThemeChoice),
    Target(String),
    /// The chime past the turn-time target on or off.
    Sound(bool),
    Slots(usize, String),
    Bonus(usize, String),
    Dice(usize, String),
    /// The history's folder: choose one (a folder synced between devices), or back to the
    /// data directory's own.
    ChooseHistoryFolder,
    HistoryFolderPicked(Option<std::path::PathBuf>),
    OwnHistoryFolder,
    Save,
    Back,
}

impl SettingsScreen {
    pub fn new(settings: &Settings) -> SettingsScreen {
        let profile = settings.terravist();
        SettingsScreen {
            target: settings
                .turn_target_secs
                .map(|s| s.to_string())
                .unwrap_or_default(),
            board: BoardValues::of(profile),
            dice: profile
                .terravist
                .dice
                .value
                .iter()
                .map(|d| d.faces.join(", "))
                .collect(),
            saved: false,
        }
    }

    pub fn update(&mut self, message: Message, context: &Context) -> Action {
        let mut settings = context.settings.clone();
        self.saved = matches!(message, Message::Save);
        match message {
            Message::Language(locale) => {
                settings.locale = locale;
                Action::SaveSettings(Box::new(settings))
            }
            Message::Theme(theme) => {
                settings.theme = theme;
                Action::SaveSettings(Box::new(settings))
            }
            Message::Target(value) => {
                self.target = value;
                Action::None
            }
            Message::Sound(on) => {
                settings.turn_sound = on;
                Action::SaveSettings(Box::new(settings))
            }
            Message::Slots(r, value) => {
                self.board.slots[r] = value;
                Action::None
            }
            Message::Bonus(h, value) => {
                self.board.bonuses[h] = value;
                Action::None
            }
            Message::Dice(d, value) => {
                self.dice[d] = value;
                Action::None
            }
            Message::ChooseHistoryFolder => Action::Run(
                crate::gui::dialog::pick_folder()
                    .map(|dir| super::Message::Settings(Message::HistoryFolderPicked(dir))),
            ),
            Message::HistoryFolderPicked(None) => Action::None,
            Message::HistoryFolderPicked(Some(dir)) => {
                settings.history_dir = Some(dir);
                Action::SaveSettings(Box::new(settings))
            }
            Message::OwnHistoryFolder => {
                settings.history_dir = None;
                Action::SaveSettings(Box::new(settings))
            }
            Message::Save => match self.apply(&mut settings) {
                Ok(()) => Action::SaveSettings(Box::new(settings)),
                Err(text) => {
                    self.saved = false;
                    Action::Notice(text)
                }
            },
            Message::Back => Action::Home,
        }
    }

    /// Writes the typed values into the settings, or says which one is wrong.
    fn apply(&self, settings: &mut Settings) -> Result<(), Text> {
        settings.turn_target_secs = match self.target.trim() {
            "" | "0" => None,
            value => Some(
                value
                    .parse()
                    .map_err(|_| Text::new("settings.bad_target"))?,
            ),
        };
        let mut profile = settings.terravist().clone();
        self.board.write_into(&mut profile)?;
        for (d, value) in self.dice.iter().enumerate() {
            profile.terravist.dice.value[d].faces = value
                .split([',', ' ', '、'])
                .filter(|f| !f.trim().is_empty())
                .map(|f| f.trim().to_string())
                .collect();
        }
        profile
            .validate()
            .map_err(|e| Text::new("setup.bad_profile").arg("error", e))?;
        settings.profile = Some(profile);
        Ok(())
    }

    /// Where the history is kept, and moving it to a folder shared with the group's devices.
    fn history_folder<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let shown = context
            .history
            .map(|h| h.dir().display().to_string())
            .unwrap_or_default();
        widgets::panel(
            column![
                row![
                    text(l.tr("settings.history_dir"))
                        .size(style::TEXT)
                        .width(Length::Fixed(style::width::LABEL)),
                    text(shown).size(style::TEXT),
                ]
                .spacing(style::space::ITEM),
                row![
                    widgets::action(
                        l.tr("settings.history_choose"),
                        Some(Message::ChooseHistoryFolder)
                    )
                    .style(style::plain),
                    widgets::action(
                        l.tr("settings.history_own"),
                        context
                            .settings
                            .history_dir
                            .is_some()
                            .then_some(Message::OwnHistoryFolder)
                    )
                    .style(style::plain),
                ]
                .spacing(style::space::ITEM),
                text(l.tr("settings.history_help")).size(style::SMALL),
            ]
            .spacing(style::space::ITEM),
        )
        .into()
    }

    pub fn view<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        column![
            widgets::title(l.tr("settings.title")),
            widgets::scroll(
                column![
                    self.preferences(context),
                    self.history_folder(context),
                    self.board_values(context),
                ]
                .spacing(style::SPACING)
            )
            .height(Length::Fill),
            row![
                widgets::action(l.tr("action.back"), Some(Message::Back)).style(style::plain),
                widgets::action(l.tr("settings.save"), Some(Message::Save)).style(button::primary),
                // Beside the button, so the confirmation moves nothing above it.
                text(if self.saved {
                    l.tr("settings.saved")
                } else {
                    String::new()
                })
                .size(style::TEXT),
            ]
            .spacing(style::space::ITEM)
            .align_y(iced::Alignment::Center),
        ]
        .spacing(style::SPACING)
        .into()
    }

    /// The language, the theme, the turn-time target and its chime.
    fn preferences<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let s = context.settings;
        // Every language the app speaks, a translator's file's too, each in its own words.
        let mut language = row![
            label(l.tr("settings.language")),
            choice(
                l.tr("settings.system"),
                s.locale.is_none(),
                Message::Language(None)
            ),
        ]
        .spacing(style::space::ITEM);
        for offered in Locale::available() {
            language = language.push(choice(
                offered.own_name(),
                s.locale == Some(offered),
                Message::Language(Some(offered)),
            ));
        }
        let theme = row![
            label(l.tr("settings.theme")),
            choice(
                l.tr("settings.light"),
                s.theme == ThemeChoice::Light,
                Message::Theme(ThemeChoice::Light)
            ),
            choice(
                l.tr("settings.dark"),
                s.theme == ThemeChoice::Dark,
                Message::Theme(ThemeChoice::Dark)
            ),
        ]
        .spacing(style::space::ITEM);
        let target = row![
            label(l.tr("settings.target")),
            text_input("90", &self.target)
                .id("turn-target")
                .on_input(Message::Target)
                .size(style::TEXT)
                .padding(style::space::CLOSE)
                .width(Length::Fixed(style::width::NUMBER_WIDE)),
            text(l.tr("settings.target_help")).size(style::SMALL),
        ]
        .spacing(style::space::ITEM)
        .align_y(iced::Alignment::Center);
        let sound = widgets::switch(l.tr("settings.sound"), s.turn_sound, Message::Sound);
        // Languages a translator added make the row long: it wraps rather than runs off a small
        // window.
        let language = language.wrap().vertical_spacing(style::space::ITEM);
        // A translator's file left out or read in part is said here, not only in the log: the
        // translator sees why their language is missing or half English.
        let problems = crate::i18n::translation_problems();
        let mut files = column![].spacing(style::space::TIGHT);
        if !problems.is_empty() {
            files = files.push(text(l.tr("settings.translation_problems")).size(style::SMALL));
            for problem in problems {
                files = files.push(text(problem.render(l)).size(style::SMALL));
            }
        }
        let preferences = column![language, files, theme, target, sound].spacing(style::SPACING);
        widgets::panel(preferences).into()
    }

    /// The table's own TERRAVIST components (slot points, development bonuses, dice faces):
    /// the values the rulebook leaves open.
    fn board_values<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let profile = context.settings.terravist();
        let mut values = column![
            widgets::title(l.tr("setup.values")),
            text(l.tr("setup.gap_note"))
                .size(style::SMALL)
                .color(style::WARNING)
        ]
        .spacing(style::space::CLOSE);
        for (r, value) in self.board.slots.iter().enumerate() {
            let name = Text::new("setup.slots_round").arg("round", r + 1);
            values = values.push(field(name.render(l), value, move |v| Message::Slots(r, v)));
        }
        for (h, value) in self.board.bonuses.iter().enumerate() {
            let habitat = context.name(&profile.terravist.habitats[h].name);
            let name = Text::new("setup.bonus_of").arg("habitat", habitat);
            values = values.push(field(name.render(l), value, move |v| Message::Bonus(h, v)));
        }
        for (d, value) in self.dice.iter().enumerate() {
            let name = Text::new("dice.die").arg("n", d + 1);
            values = values.push(field(name.render(l), value, move |v| Message::Dice(d, v)));
        }
        let ids: Vec<&str> = (profile.terravist.resources.iter())
            .map(|r| r.id.as_str())
            .collect();
        let ids = Text::new("settings.resource_ids").arg("ids", ids.join(", "));
        widgets::panel(values.push(text(ids.render(l)).size(style::SMALL))).into()
    }
}

/// A setting's name, in the column the values line up after.
fn label<'a>(name: String) -> Element<'a, Message> {
    text(name)
        .size(style::TEXT)
        .width(Length::Fixed(style::width::LABEL))
        .into()
}

/// One of a setting's choices; the one in force is highlighted.
fn choice<'a>(label: String, selected: bool, message: Message) -> Element<'a, Message> {
    button(text(label).size(style::TEXT))
        .padding(style::CHIP_PADDING)
        .style(if selected {
            button::primary
        } else {
            style::plain
        })
        .on_press(message)
        .into()
}

/// A named value typed as text.
fn field<'a>(
    name: String,
    value: &'a str,
    on_input: impl Fn(String) -> Message + 'a,
) -> Element<'a, Message> {
    row![
        label(name),
        text_input("", value)
            .on_input(on_input)
            .size(style::TEXT)
            .padding(style::space::CLOSE),
    ]
    .spacing(style::space::ITEM)
    .align_y(iced::Alignment::Center)
    .into()
}
