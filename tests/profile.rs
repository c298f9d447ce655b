//! The profile file: the shipped one loads, its GAPs are listed, and broken ones are refused
//! with the field at fault named. Setups the profile cannot play are refused too.

mod common;

use common::*;
use tablekeeper::Session;
use tablekeeper::session::{Colour, SetupError};
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
    assert_eq!((p.players.min, p.players.max), (1, 5));
    assert_eq!(
        (p.players.recommended_min, p.players.recommended_max),
        (2, 4)
    );
    assert_eq!(p.rounds.count, 3);
    assert_eq!(p.turns_in_round(6, 1), 6);
    assert_eq!(p.turns_in_round(6, 3), 4);
    assert_eq!(p.habitats.len(), 5);
    assert_eq!(p.dice.value.len(), 5);
    assert_eq!(p.resources.len(), 5);
    assert_eq!(p.score_parts.len(), 6);
    assert_eq!(
        p.round_end_steps,
        vec![vec![1, 2, 3, 4], vec![1, 2, 3, 4], vec![1]]
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
    v["slot_points"]["value"] = serde_json::json!([[5, 3], [5, 3]]);
    assert_eq!(field_of(load(&v).unwrap_err()), "slot_points");

    let mut v = shipped();
    v["dice"]["value"][2]["faces"][0] = "gold".into();
    assert_eq!(field_of(load(&v).unwrap_err()), "dice[2].faces");

    let mut v = shipped();
    v["habitats"][1]["id"] = "forest".into();
    assert_eq!(field_of(load(&v).unwrap_err()), "habitats");

    let mut v = shipped();
    v["rounds"]["min_first_round_turns"] = 2.into();
    assert_eq!(
        field_of(load(&v).unwrap_err()),
        "rounds.min_first_round_turns"
    );

    let mut v = shipped();
    v["round_end_steps"][0] = serde_json::json!([2, 1]);
    assert_eq!(field_of(load(&v).unwrap_err()), "round_end_steps[0]");

    let mut v = shipped();
    v["players"]["min"] = 0.into();
    assert_eq!(field_of(load(&v).unwrap_err()), "players");

    let mut v = shipped();
    v["format"] = "something-else".into();
    assert_eq!(field_of(load(&v).unwrap_err()), "format");

    let mut v = shipped();
    v.as_object_mut().unwrap().remove("habitats");
    let error = load(&v).unwrap_err();
    assert!(
        error.to_string().contains("missing field `habitats`"),
        "{error}"
    );

    let mut v = shipped();
    v["version"] = 99.into();
    assert_eq!(
        load(&v).unwrap_err(),
        ProfileError::NewerVersion {
            found: 99,
            supported: 1
        }
    );

    // Points beyond the bound would let a sheet's sums approach u32::MAX.
    let over = tablekeeper::terravist::profile::MAX_POINTS + 1;
    let mut v = shipped();
    v["slot_points"]["value"][1][0] = over.into();
    assert_eq!(field_of(load(&v).unwrap_err()), "slot_points[1][0]");
    let mut v = shipped();
    v["habitats"][2]["development_bonus"]["value"] = over.into();
    assert_eq!(
        field_of(load(&v).unwrap_err()),
        "habitats[2].development_bonus"
    );
    let mut v = shipped();
    v["score_parts"][0]["max_entry"] = u32::MAX.into();
    assert_eq!(field_of(load(&v).unwrap_err()), "score_parts[0].max_entry");

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
        Err(SetupError::PlayerCount {
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
        Err(SetupError::PlayerCount { got: 6, .. })
    ));
    assert_eq!(
        new(&["Aki", " aki "], 0, 6),
        Err(SetupError::DuplicateName { name: "aki".into() })
    );
    assert_eq!(
        new(&["Aki", "  "], 0, 6),
        Err(SetupError::EmptyName { seat: 2 })
    );
    assert_eq!(
        new(&["Aki", "Ben"], 2, 6),
        Err(SetupError::ParentOutOfRange)
    );
    assert_eq!(
        new(&["Aki", "Ben"], 0, 2),
        Err(SetupError::TooFewTurns { min: 3 })
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
        Err(SetupError::DuplicateColour)
    );
}
