//! `replay` and `score` for a game of another profile: its saved session file or its live
//! journal, replayed by the profile-driven engine, and its paper sheet scored by its profile.

use crate::any_game::{AnyGame, PlayPhase, PlaySession};
use crate::i18n::{Locale, Text};
use crate::session::{GameSession, SessionFile, engine_of};
use crate::store::journal;

/// The game in `text` if it is one of another profile (`None`: a TERRAVIST file or a sheet).
pub fn load(text: &str, path: &str) -> Result<Option<PlaySession>, String> {
    let journal = crate::load::is_journal(text);
    let engine = if journal {
        engine_of(text.lines().next().unwrap_or(""))
    } else {
        engine_of(text)
    };
    if engine.ok().as_deref() != Some(<AnyGame as crate::session::Rules>::ENGINE) {
        return Ok(None);
    }
    let error = |e: String| format!("{path}: {e}");
    if journal {
        let (header, ops, _) = journal::parse::<AnyGame>(text).map_err(error)?;
        let (session, _) = journal::replay_ops(&header, &ops).map_err(error)?;
        return Ok(Some(session));
    }
    let file: SessionFile<AnyGame> =
        serde_json::from_str(text).map_err(|e| error(e.to_string()))?;
    file.profile.validate().map_err(|e| error(e.to_string()))?;
    GameSession::from_file(file)
        .map(Some)
        .map_err(|e| error(e.to_string()))
}

/// Where the game stands, in one line.
pub fn describe(session: &PlaySession, locale: Locale) -> String {
    let state = session.state();
    let profile = session.profile();
    let mut line = match state.phase {
        PlayPhase::Setup => locale.tr("replay.setup"),
        PlayPhase::Playing { round, turn } => {
            let player = state
                .current_player(profile)
                .map(|seat| session.players()[seat].name.clone())
                .unwrap_or_default();
            let turns = state
                .turns_in_round(profile, round)
                .map(|t| t.to_string())
                .unwrap_or_else(|| "–".into());
            format!(
                "{} · {}",
                Text::new("replay.round_turn")
                    .arg("round", round)
                    .arg("turn", turn)
                    .arg("turns", turns)
                    .render(locale),
                Text::new("table.turn_of")
                    .arg("player", player)
                    .render(locale)
            )
        }
        PlayPhase::Over => locale.tr("replay.over"),
    };
    if state.clock.is_paused() {
        line.push_str(&format!(" ({})", locale.tr("replay.paused")));
    }
    for (counter, value) in profile.counters.iter().zip(&state.counters) {
        let name = locale.pick(&counter.name);
        line.push_str(&format!(" · {name} {value}"));
    }
    line
}

/// Every event of the game with where it left the game.
pub fn replay_lines(session: &PlaySession, locale: Locale) -> String {
    let mut out = String::new();
    // One pass: each event applied once to a game replayed alongside.
    let mut step = session.replayed_to(0);
    for (i, record) in session.records().iter().enumerate() {
        step.apply(record.event.clone(), record.at)
            .expect("a loaded session's events replay");
        out.push_str(&format!(
            "{:>4}  {}  {}\n      → {}\n",
            i + 1,
            record.at.format("%Y-%m-%d %H:%M:%S"),
            serde_json::to_string(&record.event).expect("events serialise"),
            describe(&step, locale)
        ));
    }
    out
}

/// The game of a paper sheet, when it is not TERRAVIST (whose sheets replay as sessions).
pub(super) fn other_game(text: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    if value.get("format")?.as_str()? != crate::load::SHEET_FORMAT {
        return None;
    }
    value
        .get("game")?
        .as_str()
        .filter(|g| *g != "terravist")
        .map(str::to_string)
}

/// A paper sheet of another game, scored by the data-described engine.
pub(super) fn score_other_game(
    path: &std::path::Path,
    text: &str,
    game: &str,
    json: bool,
    locale: Locale,
) -> Result<(), String> {
    use crate::game_profile::GameProfile;
    use crate::scoring::{self, SheetInput};
    let profile = GameProfile::shipped(game)
        .ok_or_else(|| format!("{}: no game \"{game}\" is shipped", path.display()))?;
    let input: SheetInput =
        serde_json::from_str(text).map_err(|e| format!("{}: {e}", path.display()))?;
    let scored =
        scoring::compute(&profile.sheet, &input).map_err(|e| format!("{}: {e}", path.display()))?;
    if json {
        sayln!(
            "{}",
            serde_json::to_string_pretty(&scored).expect("a scored game serialises")
        );
    } else {
        say!("{}", super::sheet_table(&profile, &scored, locale));
    }
    Ok(())
}
