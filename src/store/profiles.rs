//! The games a user made or imported: profiles in the data dir's `profiles/`, one JSON file
//! each, beside the ones shipped with the app. A saved profile replaces its file atomically and
//! the version it replaces is kept in `profiles/previous/`, so no edit loses what was there.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::fsutil::{read_limited, write_atomic, write_chosen};
use crate::kit::game_profile::{GameProfile, MAX_PROFILE_BYTES, SHIPPED};

/// Why a profile could not be saved, read or imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileStoreError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}: {error}")]
    Invalid {
        path: String,
        error: crate::kit::game_profile::GameProfileError,
    },
    #[error("\"{id}\" is a game shipped with the app; give the copy its own id")]
    Shipped { id: String },
    #[error("a game id uses only a–z, 0–9 and -, like \"my-game\"; \"{id}\" does not")]
    BadId { id: String },
}

impl ProfileStoreError {
    /// The problem as a translatable sentence, naming the file.
    pub fn text(&self) -> crate::i18n::Text {
        use crate::i18n::Text;
        match self {
            ProfileStoreError::Io { path, message } => Text::new("load.unreadable")
                .arg("path", path)
                .arg("message", message),
            ProfileStoreError::Invalid { path, error } => Text::new("load.in_file")
                .arg("path", path)
                .arg_text("reason", error.text()),
            ProfileStoreError::Shipped { id } => Text::new("profile_error.shipped").arg("id", id),
            ProfileStoreError::BadId { id } => Text::new("profile_error.bad_id").arg("id", id),
        }
    }
}

/// A profile a user keeps, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct UserProfile {
    pub profile: GameProfile,
    pub path: PathBuf,
}

/// What reading the user's profiles found: the good ones, and a problem per file left unread.
#[derive(Debug, Default)]
pub struct UserProfiles {
    pub profiles: Vec<UserProfile>,
    pub problems: Vec<ProfileProblem>,
}

/// A profile file left unread, and why: shown as `path: why`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileProblem {
    pub path: PathBuf,
    /// Why it was left unread (the field it breaks, its size, …), never with the machine's
    /// path in it.
    pub reason: crate::i18n::Text,
}

impl std::fmt::Display for ProfileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reason = self.reason.render(crate::i18n::Locale::EN);
        write!(f, "{}: {reason}", self.path.display())
    }
}

impl ProfileProblem {
    /// Whether this is the file the game `id` would be read from (`<id>.json`): a game looked
    /// up by its id and not found is this file's, left unread.
    pub fn is_of(&self, id: &str) -> bool {
        self.path.file_stem().is_some_and(|stem| stem == id)
    }
}

/// The problem that left the game `id` unread, if its file is among `problems`.
pub fn problem_of<'a>(problems: &'a [ProfileProblem], id: &str) -> Option<&'a ProfileProblem> {
    problems.iter().find(|problem| problem.is_of(id))
}

/// Ids become file names: lowercase letters, digits and dashes only.
pub fn is_valid_game_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// An id made from a name: "My Game!" → "my-game" (empty when nothing is left).
pub fn id_from_name(name: &str) -> String {
    let mut id = String::new();
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            id.push(c);
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    id.trim_end_matches('-').chars().take(64).collect()
}

/// A game's id from its name: "Pub Quiz" → "pub-quiz"; a name with no Latin letters or digits
/// ("すごろく") gets "game-" and a number made from the name, the same every time.
pub fn id_for_name(name: &str) -> String {
    let id = id_from_name(name);
    if !id.is_empty() {
        return id;
    }
    // FNV-1a: stable across runs and builds, unlike the standard hasher.
    let hash = name.trim().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("game-{:08x}", hash as u32)
}

/// A file's problem, said without repeating its path, and never with the machine's path in it
/// (a reason reaches the phones: issue 68, "no path of the machine reaches a phone"): the
/// file's name stands for it.
fn reason(e: ProfileStoreError, path: &Path) -> crate::i18n::Text {
    use crate::i18n::Text;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let full = path.display().to_string();
    let unpathed = |said: String| match full.is_empty() {
        true => said,
        false => said.replace(&full, &name),
    };
    // Said without the file's path: the io and parse reasons are the error's own words.
    match e {
        ProfileStoreError::Io { message, .. } => {
            Text::new("profile_error.unreadable").arg("message", unpathed(message))
        }
        ProfileStoreError::Invalid { error, .. } => error.text(),
        other => other.text(),
    }
}

fn io_error(path: &Path, e: io::Error) -> ProfileStoreError {
    ProfileStoreError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// Reads one profile file, refusing it whole if it is too large or not valid.
pub fn read_profile(path: &Path) -> Result<GameProfile, ProfileStoreError> {
    let bytes = read_limited(path, MAX_PROFILE_BYTES as u64).map_err(|e| io_error(path, e))?;
    let text = String::from_utf8_lossy(&bytes);
    GameProfile::from_json(&text).map_err(|error| ProfileStoreError::Invalid {
        path: path.display().to_string(),
        error,
    })
}

/// Every profile in `dir`, sorted by id; a bad file is reported and skipped, never changed.
pub fn load(dir: &Path) -> UserProfiles {
    let mut found = UserProfiles::default();
    let Ok(entries) = fs::read_dir(dir) else {
        return found;
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let problem = match read_profile(&path) {
            Ok(profile) if is_shipped(&profile.id) => ProfileStoreError::Shipped { id: profile.id },
            Ok(profile) => {
                found.profiles.push(UserProfile { profile, path });
                continue;
            }
            Err(e) => e,
        };
        let reason = reason(problem, &path);
        found.problems.push(ProfileProblem { path, reason });
    }
    found
        .profiles
        .sort_by(|a, b| a.profile.id.cmp(&b.profile.id));
    found
}

/// The games played on the profile-driven engine: the shipped ones (TERRAVIST has its own
/// engine and profile, so it is not among them), then the user's own from `dir`, with the
/// problems of the files that did not load.
pub fn games(dir: Option<&Path>) -> (Vec<GameProfile>, Vec<ProfileProblem>) {
    let mut games: Vec<GameProfile> = SHIPPED
        .iter()
        .filter(|(id, _)| *id != "terravist")
        .map(|(_, text)| GameProfile::from_json(text).expect("shipped profiles are valid"))
        .collect();
    let found = dir.map(load).unwrap_or_default();
    games.extend(found.profiles.into_iter().map(|user| user.profile));
    (games, found.problems)
}

pub fn is_shipped(id: &str) -> bool {
    SHIPPED.iter().any(|(shipped, _)| *shipped == id)
}

/// Saves a profile as `dir/<id>.json` after validating it; an earlier version of that file is
/// kept in `dir/previous/` first.
pub fn save(dir: &Path, profile: &GameProfile) -> Result<PathBuf, ProfileStoreError> {
    if !is_valid_game_id(&profile.id) {
        return Err(ProfileStoreError::BadId {
            id: profile.id.clone(),
        });
    }
    if is_shipped(&profile.id) {
        return Err(ProfileStoreError::Shipped {
            id: profile.id.clone(),
        });
    }
    let path = dir.join(format!("{}.json", profile.id));
    profile
        .validate()
        .map_err(|error| ProfileStoreError::Invalid {
            path: path.display().to_string(),
            error,
        })?;
    fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
    if path.exists() {
        let previous = dir.join("previous");
        fs::create_dir_all(&previous).map_err(|e| io_error(&previous, e))?;
        let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.3f");
        let kept = previous.join(format!("{}-{stamp}.json", profile.id));
        fs::copy(&path, &kept).map_err(|e| io_error(&kept, e))?;
    }
    let mut text = serde_json::to_string_pretty(profile).expect("a profile serialises");
    text.push('\n');
    write_atomic(&path, text.as_bytes()).map_err(|e| io_error(&path, e))?;
    Ok(path)
}

/// Writes a profile to a file of the user's choosing (an export to share).
pub fn export(profile: &GameProfile, path: &Path) -> Result<(), ProfileStoreError> {
    let mut text = serde_json::to_string_pretty(profile).expect("a profile serialises");
    text.push('\n');
    write_chosen(path, text.as_bytes()).map_err(|e| io_error(path, e))
}

/// Reads a shared profile and saves it among the user's games. An id already taken (shipped
/// or the user's own) gets a free `-2`, `-3`… suffix: an import never replaces a game.
pub fn import(dir: &Path, from: &Path) -> Result<GameProfile, ProfileStoreError> {
    let mut profile = read_profile(from)?;
    if !is_valid_game_id(&profile.id) {
        profile.id = id_from_name(profile.name.en());
        if !is_valid_game_id(&profile.id) {
            profile.id = "game".into();
        }
    }
    let base = profile.id.clone();
    let mut n = 1;
    while is_shipped(&profile.id) || dir.join(format!("{}.json", profile.id)).exists() {
        n += 1;
        profile.id = format!("{base}-{n}");
    }
    save(dir, &profile)?;
    Ok(profile)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reason reaches the phones ("x.json is not offered: …"): the machine's path never
    /// does, whatever the file's problem (issue 68: an oversized file's reason named it).
    #[test]
    fn a_files_reason_names_the_file_never_the_machines_path() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big").with_extension("json");
        fs::write(&big, vec![b' '; MAX_PROFILE_BYTES + 1]).unwrap();
        let found = load(dir.path());
        let reason = &found.problems[0].reason.render(crate::i18n::Locale::EN);
        let name = big.file_name().unwrap().to_string_lossy();
        assert!(reason.contains(&*name), "{reason}");
        assert!(!reason.contains(&*dir.path().to_string_lossy()), "{reason}");
    }
}
