//! A whole 4-player TERRAVIST game, setup → three rounds → score sheet, with the sheet worked
//! out by hand in the comments. Seats: Aki 0, Ben 1, Chie 2, Dai 3; Ben starts as parent; N = 4
//! (rounds of 4, 3 and 2 turns). Every event is one second after the previous one.

mod common;

use common::*;
use tablekeeper::i18n::Locale;
use tablekeeper::terravist::event::Event;
use tablekeeper::terravist::state::Phase;

const AKI: usize = 0;
const BEN: usize = 1;
const CHIE: usize = 2;
const DAI: usize = 3;

fn settle(t: &mut Table, player: usize, name: &str, smiles: u32, cap: u32, habitat: &str) {
    t.ok(Event::Settle {
        player,
        card: card(name, smiles, cap, &[habitat], 2),
        habitat: habitat.into(),
    });
}

fn egg(t: &mut Table, creature: usize) {
    t.ok(Event::AddEgg { creature });
}

fn develop(t: &mut Table, player: usize, habitat: &str) {
    t.ok(Event::DevelopHabitat {
        player,
        habitat: habitat.into(),
    });
}

fn expect_turn(t: &Table, round: u32, turn: u32, player: usize) {
    let state = t.session.state();
    assert!(
        matches!(state.phase, Phase::Playing { round: r, turn: n, .. } if r == round && n == turn),
        "expected round {round} turn {turn}, got {:?}",
        state.phase
    );
    assert_eq!(state.current_player(), Some(player));
}

#[test]
fn a_full_four_player_game_scores_as_worked_by_hand() {
    let mut t = Table::new(&["Aki", "Ben", "Chie", "Dai"], BEN, 4);
    // Setup: forest is the first habitat, the dice are rolled, the objectives revealed.
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    for (round, label) in [
        (1, "Most creatures"),
        (2, "Most eggs"),
        (3, "Most habitats"),
    ] {
        t.ok(Event::SetObjective {
            round,
            label: label.into(),
        });
    }

    // ---- Round 1: 4 turns, order Ben, Chie, Dai, Aki.
    expect_turn(&t, 1, 1, BEN);
    develop(&mut t, BEN, "river"); // Ben's bonus: river 3
    t.next(1);
    settle(&mut t, CHIE, "Boar", 3, 2, "forest"); // #0
    t.next(1);
    t.ok(Event::TakeDie { die: 0 });
    t.next(1);
    settle(&mut t, AKI, "Owl", 4, 3, "forest"); // #1
    egg(&mut t, 1);
    t.next(1);
    expect_turn(&t, 1, 2, BEN);
    settle(&mut t, BEN, "Otter", 5, 2, "river"); // #2, never gets an egg
    t.next(1);
    egg(&mut t, 0);
    t.next(1);
    develop(&mut t, DAI, "coast"); // Dai's bonus: coast 3
    t.next(1);
    t.next(1); // Aki passes: the Owl keeps its 1 egg

    // Turn 3: Aki tucks a card under the Owl.
    t.next(3);
    t.ok(Event::TuckCard { creature: 1 });
    t.next(1);
    // Turn 4 is the last: a creature settled now gets one egg.
    expect_turn(&t, 1, 4, BEN);
    settle(&mut t, BEN, "Heron", 3, 1, "river"); // #3, 1 egg
    t.next(2);
    settle(&mut t, DAI, "Crab", 2, 2, "coast"); // #4, 1 egg
    t.next(2);
    // Round end 1. Objective results (Aki, Ben, Chie, Dai) = 3, 3, 1, 0:
    // Aki and Ben tie 1st (5 each), Chie is 3rd (2), Dai met nothing (bottom, 0).
    t.ok(Event::RecordObjective {
        results: vec![3, 3, 1, 0],
    });
    assert_eq!(
        t.session.state().round_ends[0]
            .objective
            .as_ref()
            .unwrap()
            .points,
        vec![5, 5, 2, 0]
    );
    // Eggs: Boar 1, Owl 1, Otter 0, Heron 1, Crab 1 → the Otter is discarded.
    t.ok(Event::ReturnEggs);
    assert_eq!(t.session.state().round_ends[0].discarded, vec![2]);
    t.ok(Event::FlipEnvironment {
        card: Some("Heavy rain".into()),
    });
    t.ok(Event::PassParent); // Ben → Chie

    // ---- Round 2: 3 turns, order Chie, Dai, Aki, Ben.
    expect_turn(&t, 2, 1, CHIE);
    egg(&mut t, 0); // Boar 1
    t.next(1);
    // Dai puts an egg on the Crab (action 1), then steals Aki's Owl (no egg left after the round
    // end, 1 tucked card) with a Bear (action 2): extra cost 1 Human + (0 + 1) eggs, paid from
    // Dai's own Crab. Rulebook IV: 「卵トークンの数+1つの卵トークンを共通在庫に戻す」.
    egg(&mut t, 4); // Crab 1
    assert_eq!(
        t.session
            .state()
            .table
            .steal_cost(DAI, 1)
            .unwrap()
            .map(|c| (c.humans, c.eggs)),
        Some((1, 1))
    );
    t.ok(Event::StealNiche {
        player: DAI,
        target: 1,
        card: card("Bear", 6, 3, &["forest"], 4),
        paid_eggs: Some(vec![4]),
    }); // #5, carries the tucked card
    assert_eq!(
        t.session.state().table.creatures[4].eggs,
        0,
        "the Crab paid"
    );
    t.next(1);
    settle(&mut t, AKI, "Deer", 4, 2, "forest"); // #6
    t.next(1);
    egg(&mut t, 3); // Heron 1
    t.next(1);
    t.next(4); // turn 2
    // Turn 3 is the last.
    settle(&mut t, CHIE, "Crane", 5, 2, "river"); // #7, 1 egg
    t.next(1);
    egg(&mut t, 5); // Bear 1
    t.next(1);
    egg(&mut t, 6); // Deer 1
    t.next(2);
    // Round end 2. Results 2, 0, 5, 5: Chie and Dai tie 1st (5), Aki 3rd (2), Ben 0.
    t.ok(Event::RecordObjective {
        results: vec![2, 0, 5, 5],
    });
    // Eggs: Boar 1, Heron 1, Crab 0 (discarded), Bear 1, Deer 1, Crane 1.
    t.ok(Event::ReturnEggs);
    assert_eq!(t.session.state().round_ends[1].discarded, vec![4]);
    t.ok(Event::FlipEnvironment { card: None });
    t.ok(Event::PassParent); // Chie → Dai

    // ---- Round 3: 2 turns, order Dai, Aki, Ben, Chie.
    expect_turn(&t, 3, 1, DAI);
    egg(&mut t, 5); // Bear 1
    t.next(1);
    egg(&mut t, 6); // Deer 1
    t.next(1);
    egg(&mut t, 3); // Heron 1
    t.next(1);
    t.ok(Event::TuckCard { creature: 7 }); // Crane: 1 tucked
    t.next(1);
    expect_turn(&t, 3, 2, DAI);
    egg(&mut t, 5); // Bear 2
    t.next(1);
    develop(&mut t, AKI, "grassland"); // Aki's bonus: grassland 3
    t.next(1);
    settle(&mut t, BEN, "Kingfisher", 2, 1, "river"); // #8, 1 egg (last turn)
    t.next(1);
    egg(&mut t, 0); // Boar 1
    t.next(1);
    // After round 3 only step 1: results 1, 2, 3, 4 → Dai 1st 5, Chie 2nd 3, Ben 3rd 2, Aki 4th 1.
    assert_eq!(
        t.session.state().round_end_step(t.session.profile()),
        Some(1)
    );
    t.ok(Event::RecordObjective {
        results: vec![1, 2, 3, 4],
    });
    assert_eq!(t.session.state().phase, Phase::Over);

    // Position cards, entered from the table: Aki 4, Ben 0, Chie 2, Dai 3.
    for (player, value) in [(AKI, 4), (BEN, 0), (CHIE, 2), (DAI, 3)] {
        t.ok(Event::SetScore {
            player,
            part: "positions".into(),
            value: Some(value),
        });
    }

    // The sheet by hand. On the table at the end:
    //   Aki: Deer 4 Smiles, 1 egg.          Ben: Heron 3 (1 egg), Kingfisher 2 (1 egg).
    //   Chie: Boar 3 (1 egg), Crane 5 (1 tucked).   Dai: Bear 6 (2 eggs, 1 tucked).
    //             ①  ②  ③ (5+2+1, 5+0+2, 2+5+3, 0+5+5)  ④  ⑤  ⑥   total
    //   Aki       4   4   8                                3   1   0   20
    //   Ben       5   0   7                                3   2   0   17
    //   Chie      8   2  10                                0   1   1   22
    //   Dai       6   3  10                                3   2   1   25
    let sheet = t.session.sheet();
    let rows: Vec<Vec<u32>> = sheet
        .players
        .iter()
        .map(|p| {
            p.parts
                .iter()
                .map(|c| c.as_whole().unwrap() as u32)
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            vec![4, 4, 8, 3, 1, 0],
            vec![5, 0, 7, 3, 2, 0],
            vec![8, 2, 10, 0, 1, 1],
            vec![6, 3, 10, 3, 2, 1],
        ]
    );
    let totals: Vec<i64> = sheet
        .players
        .iter()
        .map(|p| p.total.as_whole().unwrap())
        .collect();
    assert_eq!(totals, vec![20, 17, 22, 25]);
    let ranks: Vec<u32> = sheet.players.iter().map(|p| p.rank).collect();
    assert_eq!(ranks, vec![3, 4, 2, 1]);
    assert_eq!(winning_seats(&sheet), vec![DAI]);

    // The game took as long as its events say: every event is one second apart and nothing was
    // paused, so the game time is the span from the start to the last objective.
    let clock = &t.session.state().clock;
    let game = clock.game_total(at(t.now));
    assert_eq!(
        game,
        clock.ended_at.unwrap() - clock.started_at.unwrap(),
        "no pause: all time is counted"
    );
    let now = at(t.now);
    let round_ends: chrono::Duration = (1..=3).map(|r| clock.round_total(r, now)).sum();
    assert_eq!(round_ends, game, "the rounds add up to the game");
    // Each round's objective count is played at once (every player's clock runs until the
    // step is confirmed: here nobody answered on a phone); the rest of a round end is table
    // time, nobody's turn.
    assert_eq!(clock.together.len(), 3);
    let turns: chrono::Duration = (clock.player_turns(now).iter()).map(|(_, d)| *d).sum();
    let phases: chrono::Duration = (clock.together.iter())
        .map(|p| chrono::Duration::milliseconds(p.times.iter().flatten().max().copied().unwrap()))
        .sum();
    assert!(clock.table_total(now) > chrono::Duration::zero());
    assert_eq!(turns + phases + clock.table_total(now), game);
    let per_player: chrono::Duration = (0..4).map(|p| clock.player_total(p, now)).sum();
    assert_eq!(
        per_player,
        turns + phases * 4,
        "each player's own time in each count"
    );

    // The saved form replays to the same state, and the CLI's table says who won.
    let replayed = tablekeeper::Session::from_file(t.session.to_file()).unwrap();
    assert_eq!(replayed.state(), t.session.state());
    let table =
        tablekeeper::cli::sheet_table(&t.session.profile().game, &t.session.sheet(), Locale::EN);
    assert!(table.contains("Winner: Dai"), "{table}");
    let table_ja =
        tablekeeper::cli::sheet_table(&t.session.profile().game, &t.session.sheet(), Locale::JA);
    assert!(table_ja.contains("勝者：Dai"), "{table_ja}");
}
