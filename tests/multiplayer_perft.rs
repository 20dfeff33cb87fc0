//! Perft of the multi-player games against independent counts: `tests/data/multiplayer_perft.json`
//! (a copy of `../shared/oracle/multiplayer_perft.json`), computed by move generators written
//! separately from the rules text that share no code with Rookery. Its "rules" counts are the
//! game's real tree (a player whose king is taken or who is mated goes out or hands over the
//! army as the game says; a finished game has no move below it), walked here by `Game::perft`
//! (what `rookery perft` does for these games); its "movement" counts are legal moves alone,
//! walked by `movegen::perft`. Cases above ten million nodes are deep: `#[ignore]`d in the
//! default run and run by `tests/run-all.sh`.

use rookery_core::movegen::perft;
use rookery_core::Game;
use rookery_tests::oracle_support::data_path;

const DEEP: u64 = 10_000_000;

#[derive(serde::Deserialize)]
struct Case {
    game: String,
    tree: String,
    counts: Vec<u64>,
}

#[derive(serde::Deserialize)]
struct File {
    cases: Vec<Case>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(data_path("multiplayer_perft.json")).unwrap();
    serde_json::from_str::<File>(&text).unwrap().cases
}

/// Counts every (game, tree, depth) whose reference count is within `range`; returns how many
/// were checked and the mismatches.
fn check(range: impl Fn(u64) -> bool) -> (usize, Vec<String>) {
    let mut n = 0;
    let mut bad = Vec::new();
    for c in cases() {
        for (i, &want) in c.counts.iter().enumerate() {
            if !range(want) {
                continue;
            }
            let depth = i as u32 + 1;
            let mut g = Game::new(&c.game).unwrap();
            let got = match c.tree.as_str() {
                "rules" => g.perft(depth),
                "movement" => perft(&mut g.position().clone(), depth),
                t => panic!("unknown tree {t}"),
            };
            n += 1;
            println!(
                "{} {} depth {depth}: {got} (reference {want})",
                c.game, c.tree
            );
            if got != want {
                bad.push(format!(
                    "{} {} depth {depth}: ours {got}, reference {want}",
                    c.game, c.tree
                ));
            }
        }
    }
    (n, bad)
}

#[test]
fn every_multi_player_start_matches_the_independent_counts_up_to_ten_million_nodes() {
    let (n, bad) = check(|want| want <= DEEP);
    // three-, four-, eight-player, chaturaji (both trees) and four seasons (both trees)
    assert!(n >= 30, "only {n} cases");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
#[ignore = "deep: over ten million nodes; run in release by tests/run-all.sh"]
fn every_deep_multi_player_count_matches() {
    let (n, bad) = check(|want| want > DEEP);
    assert!(n >= 4, "only {n} cases");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_chaturaji_king_capture_at_depth_6_puts_blue_out_in_perft_as_in_the_game() {
    // the reference's note: after a2a3 a5b4 e7e6 g1f1 a3b4 Red has taken Blue's king; Blue is
    // out and Yellow moves (14 moves); a movement-only count lets the kingless Blue move (6)
    let mut g = Game::new("chaturaji").unwrap();
    for m in ["a2a3", "a5b4", "e7e6", "g1f1", "a3b4"] {
        g.act_text(m).unwrap();
    }
    assert_eq!(g.perft(1), 14);
    // movement alone (make without the game's rules) leaves Blue's army to move
    let mut pos = Game::new("chaturaji").unwrap().position().clone();
    for m in ["a2a3", "a5b4", "e7e6", "g1f1", "a3b4"] {
        let mv = rookery_core::notation::movetext::parse(&pos, m).unwrap();
        pos.make(mv);
    }
    assert_eq!(perft(&mut pos, 1), 6);
}
