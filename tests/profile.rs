//! The profile file: the shipped one loads, its GAPs are listed, and broken ones are refused
//! with the field at fault named. Setups the profile cannot play are refused too.

mod common;

use common::*;
use tablekeeper::Session;
use tablekeeper::session::{Colour, LineupError};
use tablekeeper::terravist::profile::{Profile, ProfileError};

fn shipped() -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string("profiles/terravist.json").unwrap()).unwrap()
}

fn load(value: &serde_json::Value) -> Result<Profile, ProfileError> {
    Profile::from_json(&value.to_string())
}

fn field_of(error: ProfileError) -> String {
    match error {
        ProfileError::Field { field, .. } => field,
        other => panic!("expected a field error, got {other}"),
    }
}

#[test]
fn the_shipped_profile_loads_and_matches_the_rulebook() {
    let p = load(&shipped()).unwrap();
    assert_eq!(p, Profile::terravist());
    assert_eq!((p.game.players.min, p.game.players.max), (1, 5));
    assert_eq!(p.game.players.recommended(), (2, 4));
    assert_eq!(p.round_count(), 3);
    assert_eq!(p.turns_in_round(6, 1), 6);
    assert_eq!(p.turns_in_round(6, 3), 4);
    assert_eq!(p.min_first_round_turns(), 3);
    assert_eq!(p.terravist.habitats.len(), 5);
    assert_eq!(p.terravist.dice.value.len(), 5);
    assert_eq!(p.terravist.resources.len(), 5);
    assert_eq!(p.score_parts().len(), 6);
    assert_eq!(
        p.terravist.round_end_steps,
        vec![vec![1, 2, 3, 4], vec![1, 2, 3, 4], vec![1]]
    );
}

#[test]
fn terravist_is_a_game_profile_like_the_others_plus_its_own_part() {
    // The file every game's profile reader reads: TERRAVIST's own part is skipped there.
    let text = std::fs::read_to_string("profiles/terravist.json").unwrap();
    let game = tablekeeper::kit::game_profile::GameProfile::from_json(&text).unwrap();
    let p = Profile::terravist();
    assert_eq!(game, p.game);
    // The turns and the sheet are said once, in the form every game uses.
    let v = shipped();
    for duplicate in ["rounds", "score_parts"] {
        assert!(v.get(duplicate).is_none(), "{duplicate} is said twice");
    }
    let sources: Vec<_> = p.score_parts().map(|part| (part.id, part.source)).collect();
    assert_eq!(sources.len(), 6);
    assert_eq!(
        sources[0],
        (
            "creatures",
            tablekeeper::terravist::profile::PartSource::CreatureSmiles
        )
    );
}

#[test]
fn a_profile_in_the_first_layout_reads_as_the_same_game() {
    // Every game saved before the layout changed carries its profile in the first one.
    let session: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("tests/data/session-v1.json").unwrap())
            .unwrap();
    let first = &session["profile"];
    assert_eq!(first["version"], 1);
    assert!(first.get("rounds").is_some() && first.get("terravist").is_none());
    let read = load(first).unwrap();
    let mut today = Profile::terravist();
    // The one difference: a game saved then played nothing at once, and replays so.
    assert!(read.terravist.together_steps.is_empty());
    assert_eq!(today.terravist.together_steps, vec![1]);
    today.terravist.together_steps.clear();
    // The notes on what the rulebook lacks now cite its lines, and the names have German
    // beside English and Japanese: the values are the game.
    fn without_notes(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                map.remove("gap");
                map.remove("de");
                map.values_mut().for_each(without_notes);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(without_notes),
            _ => {}
        }
    }
    let [mut read_values, mut today_values] =
        [&read.terravist, &today.terravist].map(|e| serde_json::to_value(e).unwrap());
    without_notes(&mut read_values);
    without_notes(&mut today_values);
    assert_eq!(read_values, today_values);
    assert_eq!(read.game.turns, today.game.turns);
    let [mut read_sheet, mut today_sheet] =
        [&read.game.sheet, &today.game.sheet].map(|s| serde_json::to_value(s).unwrap());
    without_notes(&mut read_sheet);
    without_notes(&mut today_sheet);
    assert_eq!(read_sheet, today_sheet);
    assert_eq!(read.game.players, today.game.players);
    assert_eq!(
        read.game.version,
        tablekeeper::terravist::profile::PROFILE_VERSION
    );
    // Written again, it is in today's layout and reads back the same.
    let written = serde_json::to_value(&read).unwrap();
    assert!(written.get("rounds").is_none() && written.get("terravist").is_some());
    assert_eq!(load(&written).unwrap(), read);

    // A first-layout profile that breaks a rule is refused as before, naming today's field.
    let mut broken = first.clone();
    broken["slot_points"]["value"] = serde_json::json!([[5, 3]]);
    assert_eq!(
        field_of(load(&broken).unwrap_err()),
        "terravist.slot_points"
    );
}

#[test]
fn every_value_the_rulebook_does_not_give_is_marked_as_a_gap() {
    let fields: Vec<String> = Profile::terravist()
        .gaps()
        .into_iter()
        .map(|g| g.field)
        .collect();
    assert!(fields.contains(&"slot_points".to_string()));
    assert!(fields.contains(&"dice".to_string()));
    assert!(fields.contains(&"habitats.river.development_bonus".to_string()));
    assert!(fields.contains(&"house_rules.tucked_on_discard".to_string()));
    assert!(fields.contains(&"house_rules.dual_habitat_counts_both".to_string()));
    assert_eq!(fields.len(), 9);
}

#[test]
fn broken_profiles_are_refused_naming_the_field() {
    let mut v = shipped();
    v["terravist"]["slot_points"]["value"] = serde_json::json!([[5, 3], [5, 3]]);
    assert_eq!(field_of(load(&v).unwrap_err()), "terravist.slot_points");

    let mut v = shipped();
    v["terravist"]["dice"]["value"][2]["faces"][0] = "gold".into();
    assert_eq!(field_of(load(&v).unwrap_err()), "terravist.dice[2].faces");

    let mut v = shipped();
    v["terravist"]["habitats"][1]["id"] = "forest".into();
    assert_eq!(field_of(load(&v).unwrap_err()), "terravist.habitats");

    let mut v = shipped();
    v["terravist"]["first_round_choices"] = serde_json::json!([6, 2]);
    assert_eq!(
        field_of(load(&v).unwrap_err()),
        "terravist.first_round_choices"
    );

    let mut v = shipped();
    v["terravist"]["round_end_steps"][0] = serde_json::json!([2, 1]);
    assert_eq!(
        field_of(load(&v).unwrap_err()),
        "terravist.round_end_steps[0]"
    );

    let mut v = shipped();
    v["players"]["min"] = 0.into();
    assert_eq!(field_of(load(&v).unwrap_err()), "players");

    let mut v = shipped();
    v["players"]["recommended_max"] = 6.into();
    assert_eq!(field_of(load(&v).unwrap_err()), "players");

    let mut v = shipped();
    v["format"] = "something-else".into();
    assert_eq!(field_of(load(&v).unwrap_err()), "format");

    let mut v = shipped();
    v["terravist"].as_object_mut().unwrap().remove("habitats");
    let error = load(&v).unwrap_err();
    assert!(
        error.to_string().contains("missing field `habitats`"),
        "{error}"
    );

    // The turns are TERRAVIST's shrinking rounds; the sheet's parts are its numbers, each with
    // where it comes from.
    let mut v = shipped();
    v["turns"] = serde_json::json!({"structure": "fixed_rounds", "rounds": 3, "actions": 2});
    assert_eq!(field_of(load(&v).unwrap_err()), "turns");
    let mut v = shipped();
    v["sheet"]["parts"][1]["kind"] = "count".into();
    v["sheet"]["parts"][1]["weight"] = 2.into();
    assert_eq!(field_of(load(&v).unwrap_err()), "sheet.parts.positions");
    // Won by the highest total: a game of sides (or of the lowest) is not TERRAVIST, and a
    // sheet of sides had no ending to score with (the sheet panicked).
    for winner in [
        serde_json::json!({"rule": "lowest"}),
        serde_json::json!({"rule": "side",
            "sides": [{"id": "a", "name": {"en": "A", "ja": "A"}},
                      {"id": "b", "name": {"en": "B", "ja": "B"}}],
            "endings": [{"id": "e", "name": {"en": "E", "ja": "E"}, "winner": "a"}]}),
    ] {
        let mut v = shipped();
        v["sheet"]["winner"] = winner;
        assert_eq!(field_of(load(&v).unwrap_err()), "sheet.winner");
    }
    let mut v = shipped();
    v["terravist"]["part_rules"]
        .as_object_mut()
        .unwrap()
        .remove("eggs");
    assert_eq!(field_of(load(&v).unwrap_err()), "terravist.part_rules");

    let mut v = shipped();
    v["version"] = 99.into();
    assert_eq!(
        load(&v).unwrap_err(),
        ProfileError::NewerVersion {
            found: 99,
            supported: tablekeeper::terravist::profile::PROFILE_VERSION
        }
    );

    // Points beyond the bound would let a sheet's sums approach u32::MAX.
    let over = tablekeeper::terravist::profile::MAX_POINTS + 1;
    let mut v = shipped();
    v["terravist"]["slot_points"]["value"][1][0] = over.into();
    assert_eq!(
        field_of(load(&v).unwrap_err()),
        "terravist.slot_points[1][0]"
    );
    let mut v = shipped();
    v["terravist"]["habitats"][2]["development_bonus"]["value"] = over.into();
    assert_eq!(
        field_of(load(&v).unwrap_err()),
        "terravist.habitats[2].development_bonus"
    );
    let mut v = shipped();
    v["terravist"]["part_rules"]["creatures"]["max_entry"] = u32::MAX.into();
    assert_eq!(
        field_of(load(&v).unwrap_err()),
        "terravist.part_rules.creatures.max_entry"
    );

    assert!(matches!(
        Profile::from_json("{ not json"),
        Err(ProfileError::Parse(_))
    ));
}

#[test]
fn setups_the_profile_cannot_play_are_refused() {
    let new = |names: &[&str], parent: usize, turns: u32| {
        Session::new(Profile::terravist(), setup(names, parent, turns), t0()).map(drop)
    };
    assert_eq!(
        new(&[], 0, 6),
        Err(LineupError::PlayerCount {
            min: 1,
            max: 5,
            got: 0
        })
    );
    let mut six = setup(&["A", "B", "C", "D", "E"], 0, 6);
    six.players.push(tablekeeper::session::Player {
        name: "F".into(),
        colour: Colour::Red,
    });
    assert!(matches!(
        Session::new(Profile::terravist(), six, t0()).map(drop),
        Err(LineupError::PlayerCount { got: 6, .. })
    ));
    assert_eq!(
        new(&["Aki", " aki "], 0, 6),
        Err(LineupError::DuplicateName { name: "aki".into() })
    );
    assert_eq!(
        new(&["Aki", "  "], 0, 6),
        Err(LineupError::EmptyName { seat: 2 })
    );
    assert_eq!(
        new(&["Aki", "Ben"], 2, 6),
        Err(LineupError::ParentOutOfRange)
    );
    assert_eq!(
        new(&["Aki", "Ben"], 0, 2),
        Err(LineupError::TooFewTurns { min: 3 })
    );
    assert_eq!(
        new(&["Solo"], 0, 3),
        Ok(()),
        "a solo game is allowed (1–5 players)"
    );

    let mut s = setup(&["Aki", "Ben"], 0, 6);
    s.players[1].colour = Colour::Red;
    assert_eq!(
        Session::new(Profile::terravist(), s, t0()).map(drop),
        Err(LineupError::DuplicateColour)
    );
}

#[test]
fn the_tables_own_values_saved_in_the_first_layout_are_kept() {
    use tablekeeper::settings::{Loaded, Settings};
    // Settings written before the layout changed: the table had confirmed its board's slot
    // points and its dice.
    let session: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("tests/data/session-v1.json").unwrap())
            .unwrap();
    let mut first = session["profile"].clone();
    first["slot_points"]["value"] = serde_json::json!([[7, 4, 2, 1], [7, 4, 2, 1], [9, 5, 3, 1]]);
    first["dice"]["value"][0]["faces"] = serde_json::json!(vec!["lv0"; 6]);
    let mut settings = serde_json::to_value(Settings::default()).unwrap();
    settings["profile"] = first;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    std::fs::write(&path, settings.to_string()).unwrap();

    let Loaded::Read(read) = Settings::load(&path) else {
        panic!("the settings are read");
    };
    let profile = read.terravist();
    assert_eq!(profile.slot_points(3, 1), 9);
    assert_eq!(profile.terravist.dice.value[0].faces, vec!["lv0"; 6]);
    // Saved again, they are in today's layout, with the same values.
    read.save(&path).unwrap();
    let again: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        again["profile"]["terravist"]["slot_points"]["value"][2][0],
        9
    );
    let Loaded::Read(reread) = Settings::load(&path) else {
        panic!("the settings are read again");
    };
    assert_eq!(reread.terravist(), profile);
}

#[test]
fn a_profile_reads_the_same_from_text_and_from_a_parsed_value() {
    // Both layouts, through serde_json's text reader and its value reader.
    let session: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("tests/data/session-v1.json").unwrap())
            .unwrap();
    for value in [shipped(), session["profile"].clone()] {
        let from_text: Profile = serde_json::from_str(&value.to_string()).unwrap();
        let from_value: Profile = serde_json::from_value(value).unwrap();
        assert_eq!(from_text, from_value);
    }
}
