//! The setup's clock panel: the mode the game is played to, remembered per game (the game's
//! profile may name a default): count up with the turn-time target, a time bank (its size per
//! player, and per turn an increment or a delay), or a sand timer (its length, and whether the
//! turn ends by itself at zero).

use iced::Element;
use iced::widget::{column, row, text};

use super::{Message, Setup};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::kit::game_profile::GameProfile;
use crate::kit::timer::{ClockMode, Extra};
use crate::settings::Settings;

/// The three kinds of clock, as the panel's first row offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    CountUp,
    Bank,
    Sand,
}

/// What the clock panel asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum ClockMessage {
    Kind(Kind),
    BankMinutes(i64),
    Extra(Extra),
    SandSeconds(i64),
    SandEnds(bool),
    /// A player's handicap, in whole minutes, added to (or, negative, taken from) their bank.
    Handicap(usize, i64),
}

const SECOND: i64 = 1000;
const MINUTE: i64 = 60 * SECOND;

/// The game's id as the settings remember its clock (TERRAVIST's is "terravist").
pub fn game_key(game: Option<&GameProfile>) -> String {
    game.map_or_else(
        || crate::session::FIRST_ENGINE.to_string(),
        |g| g.id.clone(),
    )
}

/// The mode a game starts with: the one last played to, else its profile's, else count up.
/// A remembered mode that cannot be played (a settings file or a profile edited by hand) is
/// passed over: setup's steppers count on its figures being a table's.
pub fn remembered(settings: &Settings, game: Option<&GameProfile>) -> ClockMode {
    let playable = |mode: &ClockMode| mode.check(1).is_ok();
    (settings.clock_modes.get(&game_key(game)).cloned())
        .filter(playable)
        .or_else(|| game.and_then(|g| g.clock.clone()).filter(playable))
        .unwrap_or_default()
}

impl Setup {
    pub(super) fn clock_update(&mut self, message: ClockMessage) {
        if let ClockMessage::Handicap(seat, minutes) = message {
            let least = self.least_handicap();
            if let Some(player) = self.players.get_mut(seat) {
                // max then min, not clamp: clamp panics when its bounds cross.
                player.handicap_min = minutes.max(least).min(MAX_HANDICAP_MIN);
            }
            return;
        }
        self.clock = match (message, &self.clock) {
            (ClockMessage::Kind(Kind::CountUp), _) => ClockMode::CountUp,
            (ClockMessage::Kind(Kind::Bank), ClockMode::Bank { .. }) => self.clock.clone(),
            (ClockMessage::Kind(Kind::Bank), _) => ClockMode::Bank {
                bank_ms: 20 * MINUTE,
                handicap_ms: Vec::new(),
                extra: Extra::Increment { ms: 10 * SECOND },
            },
            (ClockMessage::Kind(Kind::Sand), ClockMode::Sand { .. }) => self.clock.clone(),
            (ClockMessage::Kind(Kind::Sand), _) => ClockMode::Sand {
                turn_ms: MINUTE,
                ends_turn: false,
            },
            (ClockMessage::BankMinutes(minutes), ClockMode::Bank { extra, .. }) => {
                ClockMode::Bank {
                    bank_ms: minutes * MINUTE,
                    handicap_ms: Vec::new(),
                    extra: *extra,
                }
            }
            (ClockMessage::Extra(extra), ClockMode::Bank { bank_ms, .. }) => ClockMode::Bank {
                bank_ms: *bank_ms,
                handicap_ms: Vec::new(),
                extra,
            },
            (ClockMessage::SandSeconds(secs), ClockMode::Sand { ends_turn, .. }) => {
                ClockMode::Sand {
                    turn_ms: secs * SECOND,
                    ends_turn: *ends_turn,
                }
            }
            (ClockMessage::SandEnds(ends_turn), ClockMode::Sand { turn_ms, .. }) => {
                ClockMode::Sand {
                    turn_ms: *turn_ms,
                    ends_turn,
                }
            }
            _ => self.clock.clone(),
        };
        // A smaller bank chosen after a handicap: every player keeps at least a minute.
        if let ClockMode::Bank { .. } = self.clock {
            let least = self.least_handicap();
            for player in &mut self.players {
                player.handicap_min = player.handicap_min.max(least);
            }
        }
    }

    /// The smallest handicap, in minutes: never a bank of nothing, at least a minute left to
    /// every player.
    fn least_handicap(&self) -> i64 {
        let bank_minutes = match self.clock {
            ClockMode::Bank { bank_ms, .. } => bank_ms / MINUTE,
            _ => 0,
        };
        1 - bank_minutes
    }

    /// The mode the game starts with: a bank carries each seat's handicap (in seat order, as
    /// the players stand now), when anyone has one.
    pub(super) fn clock_with_handicaps(&self) -> ClockMode {
        let mut mode = self.clock.without_handicaps();
        if let ClockMode::Bank { handicap_ms, .. } = &mut mode
            && self.players.iter().any(|p| p.handicap_min != 0)
        {
            *handicap_ms = (self.players.iter())
                .map(|p| p.handicap_min * MINUTE)
                .collect();
        }
        mode
    }

    /// The clock panel: the kind, then what that kind needs (counting up: the turn-time
    /// target, kept in the settings).
    pub(super) fn clock_panel<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let kind = match self.clock {
            ClockMode::CountUp => Kind::CountUp,
            ClockMode::Bank { .. } => Kind::Bank,
            ClockMode::Sand { .. } => Kind::Sand,
        };
        let pick = |label: &str, this: Kind| {
            widgets::choice(
                l.tr(label),
                kind == this,
                Message::Clock(ClockMessage::Kind(this)),
            )
        };
        let kinds = row![
            pick("setup.clock_count_up", Kind::CountUp),
            pick("setup.clock_bank", Kind::Bank),
            pick("setup.clock_sand", Kind::Sand),
        ]
        .spacing(style::space::CLOSE)
        .wrap();
        let body: Element<'a, Message> = match &self.clock {
            ClockMode::CountUp => super::view::target_choices(context),
            ClockMode::Bank { bank_ms, extra, .. } => column![
                bank_choices(*bank_ms, *extra, context),
                self.handicaps(context)
            ]
            .spacing(style::space::CLOSE)
            .into(),
            ClockMode::Sand { turn_ms, ends_turn } => sand_choices(*turn_ms, *ends_turn, context),
        };
        // The title and the kinds share a line: the panel is no taller than the turn-time
        // target's was, so setup's first screen still shows it whole.
        let head = row![widgets::title(l.tr("setup.clock")), kinds]
            .spacing(style::SPACING)
            .align_y(iced::Alignment::Center);
        widgets::panel(column![head, body].spacing(style::space::ITEM)).into()
    }
}

impl Setup {
    /// Each player's handicap on one wrapping line: "Aki − +2 min +", "Ben − 0 +".
    fn handicaps<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut line = row![text(l.tr("setup.handicap")).size(style::SMALL)]
            .spacing(style::space::CLOSE)
            .align_y(iced::Alignment::Center);
        for (seat, player) in self.players.iter().enumerate() {
            let name = match player.name.trim() {
                "" => Text::new("setup.player_n").arg("n", seat + 1).render(l),
                name => name.to_string(),
            };
            let figure = match player.handicap_min {
                0 => "0".to_string(),
                m => format!("{m:+} {}", l.tr("setup.minutes_short")),
            };
            let step =
                |by: i64| Message::Clock(ClockMessage::Handicap(seat, player.handicap_min + by));
            line = line.push(
                row![
                    text(name).size(style::SMALL),
                    iced::widget::container(
                        widgets::action("−", Some(step(-1))).style(style::plain)
                    )
                    .id(format!("handicap-minus-{seat}")),
                    text(figure).size(style::SMALL),
                    iced::widget::container(
                        widgets::action("+", Some(step(1))).style(style::plain)
                    )
                    .id(format!("handicap-plus-{seat}")),
                ]
                .spacing(style::space::TIGHT)
                .align_y(iced::Alignment::Center),
            );
        }
        line.wrap().vertical_spacing(style::space::CLOSE).into()
    }
}

/// The largest handicap a player may be given, in minutes.
const MAX_HANDICAP_MIN: i64 = 60;

fn minutes(minutes: i64, context: &Context) -> String {
    Text::new("setup.target_minutes")
        .arg("minutes", minutes)
        .render(context.locale)
}

fn bank_choices<'a>(bank_ms: i64, extra: Extra, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut sizes = row![].spacing(style::space::CLOSE);
    for m in [10, 20, 30, 45, 60] {
        sizes = sizes.push(widgets::choice(
            minutes(m, context),
            bank_ms == m * MINUTE,
            Message::Clock(ClockMessage::BankMinutes(m)),
        ));
    }
    let mut extras = row![].spacing(style::space::CLOSE);
    let offered = [
        Extra::None,
        Extra::Increment { ms: 5 * SECOND },
        Extra::Increment { ms: 10 * SECOND },
        Extra::Increment { ms: 30 * SECOND },
        Extra::Delay { ms: 5 * SECOND },
        Extra::Delay { ms: 10 * SECOND },
    ];
    for choice in offered {
        extras = extras.push(widgets::choice(
            choice.words().render(l),
            extra == choice,
            Message::Clock(ClockMessage::Extra(choice)),
        ));
    }
    column![
        text(l.tr("setup.bank_size")).size(style::SMALL),
        sizes.wrap().vertical_spacing(style::space::CLOSE),
        text(l.tr("setup.per_turn")).size(style::SMALL),
        extras.wrap().vertical_spacing(style::space::CLOSE),
        text(l.tr("setup.bank_help")).size(style::SMALL),
    ]
    .spacing(style::space::CLOSE)
    .into()
}

fn sand_choices<'a>(turn_ms: i64, ends_turn: bool, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut lengths = row![].spacing(style::space::CLOSE);
    for secs in [30, 60, 90, 120, 180] {
        lengths = lengths.push(widgets::choice(
            Text::new("setup.seconds").arg("secs", secs).render(l),
            turn_ms == secs * SECOND,
            Message::Clock(ClockMessage::SandSeconds(secs)),
        ));
    }
    column![
        text(l.tr("setup.sand_length")).size(style::SMALL),
        lengths.wrap().vertical_spacing(style::space::CLOSE),
        widgets::switch(l.tr("setup.sand_ends"), ends_turn, |on| {
            Message::Clock(ClockMessage::SandEnds(on))
        }),
    ]
    .spacing(style::space::CLOSE)
    .into()
}
