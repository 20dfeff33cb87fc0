//! The perft proof: every `chess` and `chess960` case of the oracle data, the tricky-position
//! suite and the 960-position Chess960 suite, counted by `rookery_core`'s perft.
//!
//! Cases above ten million nodes are `#[ignore]`d in the default run; `./tests/run-all.sh`
//! runs them in release mode (`cargo test --release -p rookery-tests -- --ignored`).

use rookery_core::movegen::perft;
use rookery_core::notation::movetext;
use rookery_core::rules;
use rookery_core::Position;
use rookery_tests::oracle_support::{perft_cases, read_suite, PerftCase, SuiteCase};

/// Nodes above which a case is deep (out of the default run).
const DEEP: u64 = 10_000_000;

/// The largest deep case run: `ROOKERY_PERFT_MAX_NODES` (tests/run-all.sh sets 150 million to
/// stay within its time; unset = every case). Deep tests print the cases left above it.
fn max_nodes() -> u64 {
    std::env::var("ROOKERY_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(u64::MAX)
}

/// Whether a deep case is within [`max_nodes`]; says so when it is not.
fn within_limit(c: &PerftCase) -> bool {
    let ok = c.nodes <= max_nodes();
    if !ok {
        println!(
            "left out above ROOKERY_PERFT_MAX_NODES: {} {} depth {} ({} nodes)",
            c.game, c.kind, c.depth, c.nodes
        );
    }
    ok
}

fn position(game: &str, fen: &str) -> Position {
    let v = rules::variant(game).unwrap_or_else(|e| panic!("{game}: {e}"));
    rules::parse_position(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Runs cases; returns the failures as readable lines.
fn run_cases<'a>(cases: impl Iterator<Item = &'a PerftCase>) -> (usize, Vec<String>) {
    let mut n = 0;
    let mut failures = Vec::new();
    for c in cases {
        let mut pos = position(&c.game, &c.fen);
        let got = perft(&mut pos, c.depth);
        n += 1;
        if got != c.nodes {
            failures.push(format!(
                "{} {} ({}) depth {}: got {got}, oracle {}",
                c.game, c.kind, c.fen, c.depth, c.nodes
            ));
        }
    }
    (n, failures)
}

#[test]
fn every_chess_and_chess960_oracle_case_up_to_ten_million_nodes_matches() {
    let cases = perft_cases();
    assert!(cases.iter().any(|c| c.game == "chess"));
    assert!(cases.iter().any(|c| c.game == "chess960"));
    let (n, failures) = run_cases(cases.iter().filter(|c| c.nodes <= DEEP));
    println!("{n} oracle perft cases checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "deep: over ten million nodes; run in release by tests/run-all.sh"]
fn every_deep_chess_and_chess960_oracle_case_matches() {
    let cases = perft_cases();
    let (n, failures) = run_cases(cases.iter().filter(|c| c.nodes > DEEP));
    println!("{n} deep oracle perft cases checked");
    assert!(n > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn oracle_mid_game_moves_lead_to_the_oracle_position() {
    for c in perft_cases().iter().filter(|c| c.kind == "midgame") {
        let start = c
            .start_fen
            .as_deref()
            .expect("mid-game cases carry their start");
        let mut pos = position(&c.game, start);
        for m in &c.moves {
            let mv = movetext::parse(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
            pos.make(mv);
        }
        assert_eq!(
            rules::write_position(&pos),
            c.fen,
            "{} after {:?}",
            c.game,
            c.moves
        );
        // the same position; rule-state slots that only carry history (the check streaks of
        // perpetual check) are not in a FEN, so the hash and the board are compared
        let read = position(&c.game, &c.fen);
        assert_eq!(
            (pos.hash(), &pos.board),
            (read.hash(), &read.board),
            "{}",
            c.game
        );
    }
}

/// Checks a suite's positions at the depths `depths` picks; returns (checked, nodes).
fn run_suite(
    cases: &[SuiteCase],
    pick: impl Fn(usize, &SuiteCase) -> Vec<u32>,
) -> (usize, u64, Vec<String>) {
    let mut checked = 0;
    let mut nodes = 0;
    let mut failures = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let fen = format!("{} 0 1", c.epd);
        for d in pick(i, c) {
            let Some(want) = c.nodes(d) else { continue };
            let mut pos = position(c.game_id(), &fen);
            let got = perft(&mut pos, d);
            checked += 1;
            nodes += got;
            if got != want {
                failures.push(format!(
                    "{} ({fen}) depth {d}: got {got}, suite {want}",
                    c.id
                ));
            }
        }
    }
    (checked, nodes, failures)
}

#[test]
fn tricky_positions_match_their_perft_counts_at_every_listed_depth() {
    let suite = read_suite("tricky.perft");
    assert!(suite.len() >= 15);
    let (checked, nodes, failures) = run_suite(&suite, |_, c| {
        c.counts
            .iter()
            .filter(|(_, n)| *n <= DEEP)
            .map(|(d, _)| *d)
            .collect()
    });
    println!("{checked} tricky perft counts checked ({nodes} nodes)");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn all_960_chess960_suite_positions_match_to_depth_3_and_every_tenth_to_depth_4() {
    let suite = read_suite("chess960.perft");
    assert_eq!(suite.len(), 960);
    let (checked, nodes, failures) = run_suite(&suite, |i, _| {
        if i % 10 == 0 {
            vec![1, 2, 3, 4]
        } else {
            vec![1, 2, 3]
        }
    });
    println!("{checked} Chess960 suite counts checked ({nodes} nodes)");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "deep: all 960 positions to depth 4 and every 80th to depth 5; run in release"]
fn all_960_chess960_suite_positions_match_to_depth_4_and_a_sample_to_depth_5() {
    let suite = read_suite("chess960.perft");
    let (checked, nodes, failures) =
        run_suite(
            &suite,
            |i, _| {
                if i % 80 == 0 {
                    vec![4, 5]
                } else {
                    vec![4]
                }
            },
        );
    println!("{checked} deep Chess960 suite counts checked ({nodes} nodes)");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every oracle case of one game up to (or, `deep`, above) ten million nodes; returns how many.
fn game_cases(game: &str, deep: bool) -> usize {
    let cases = perft_cases();
    let (n, failures) = run_cases(
        cases
            .iter()
            .filter(|c| c.game == game && (c.nodes > DEEP) == deep && within_limit(c)),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    n
}

#[test]
fn every_xiangqi_oracle_case_up_to_ten_million_nodes_matches() {
    assert!(game_cases("xiangqi", false) >= 7);
}

#[test]
#[ignore = "deep: over ten million nodes; run in release by tests/run-all.sh"]
fn every_deep_xiangqi_oracle_case_matches() {
    assert!(game_cases("xiangqi", true) >= 1);
}

#[test]
fn every_shogi_oracle_case_up_to_ten_million_nodes_matches() {
    assert!(game_cases("shogi", false) >= 7);
}

#[test]
#[ignore = "deep: over ten million nodes; run in release by tests/run-all.sh"]
fn every_deep_shogi_oracle_case_matches() {
    assert!(game_cases("shogi", true) >= 1);
}

#[test]
fn every_minishogi_oracle_case_up_to_ten_million_nodes_matches() {
    assert!(game_cases("minishogi", false) >= 10);
}

#[test]
#[ignore = "deep: over ten million nodes; run in release by tests/run-all.sh"]
fn every_deep_minishogi_oracle_case_matches() {
    assert!(game_cases("minishogi", true) >= 1);
}

#[test]
fn every_janggi_oracle_case_up_to_ten_million_nodes_matches() {
    assert!(game_cases("janggi", false) >= 8);
}

#[test]
#[ignore = "deep: over ten million nodes; run in release by tests/run-all.sh"]
fn every_deep_janggi_oracle_case_matches() {
    assert!(game_cases("janggi", true) >= 1);
}

/// The cases of one chess variant (`variant_perft_cases.json`), deep or not; duck chess counts
/// whole turns (the move and the duck), as Fairy-Stockfish does.
fn run_variant_cases(game: &str, deep: bool) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(rookery_tests::oracle_support::data_path(
        "variant_perft_cases.json",
    ))
    .expect("variant_perft_cases.json");
    let cases: Vec<PerftCase> = serde_json::from_str(&text).expect("valid JSON");
    let mut n = 0;
    let mut failures = Vec::new();
    for c in cases
        .iter()
        .filter(|c| c.game == game && (c.nodes > DEEP) == deep && within_limit(c))
    {
        let mut pos = position(&c.game, &c.fen);
        let got = rookery_core::movegen::perft_turns(&mut pos, c.depth);
        n += 1;
        if got != c.nodes {
            failures.push(format!(
                "{} {} ({}) depth {}: got {got}, oracle {}",
                c.game, c.kind, c.fen, c.depth, c.nodes
            ));
        }
        // the mid-game case's moves lead from the start to its position
        if let (Some(start), false) = (&c.start_fen, deep) {
            let mut p = position(&c.game, start);
            for m in &c.moves {
                for mv in movetext::parse_turn(&p, m).unwrap_or_else(|e| panic!("{m}: {e}")) {
                    p.make(mv);
                }
            }
            assert_eq!(rules::write_position(&p), c.fen, "{} {:?}", c.game, c.moves);
        }
    }
    (n, failures)
}

/// A python-chess variant suite read as `game`, at every depth up to `DEEP` nodes.
fn run_variant_suite(file: &str, game: &str) -> (usize, Vec<String>) {
    let suite = read_suite(file);
    let mut n = 0;
    let mut failures = Vec::new();
    for c in &suite {
        let fen = format!("{} 0 1", c.epd);
        for &(d, want) in c.counts.iter().filter(|(_, n)| *n <= DEEP) {
            let got = perft(&mut position(game, &fen), d);
            n += 1;
            if got != want {
                failures.push(format!(
                    "{} ({fen}) depth {d}: got {got}, suite {want}",
                    c.id
                ));
            }
        }
    }
    (n, failures)
}

#[test]
fn antichess_oracle_cases_and_the_giveaway_suite_match() {
    let (n, mut failures) = run_variant_cases("antichess", false);
    assert!(n >= 9);
    // giveaway = antichess with castling; the suite's positions have no castling rights
    let (m, f) = run_variant_suite("giveaway.perft", "antichess");
    failures.extend(f);
    println!("antichess: {n} oracle cases, {m} giveaway suite counts");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn atomic_oracle_cases_and_the_atomic_suite_match() {
    let (n, mut failures) = run_variant_cases("atomic", false);
    assert!(n >= 8);
    let (m, f) = run_variant_suite("atomic.perft", "atomic");
    failures.extend(f);
    println!("atomic: {n} oracle cases, {m} suite counts");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn crazyhouse_oracle_cases_and_the_crazyhouse_suite_match() {
    let (n, mut failures) = run_variant_cases("crazyhouse", false);
    assert!(n >= 8);
    let (m, f) = run_variant_suite("crazyhouse.perft", "crazyhouse");
    failures.extend(f);
    println!("crazyhouse: {n} oracle cases, {m} suite counts");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn duck_oracle_cases_match() {
    let (n, failures) = run_variant_cases("duck", false);
    assert!(n >= 3);
    println!("duck: {n} oracle cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fog_of_war_oracle_cases_match() {
    let (n, failures) = run_variant_cases("fog-of-war", false);
    assert!(n >= 8);
    println!("fog-of-war: {n} oracle cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "deep: over ten million nodes; run in release by tests/run-all.sh"]
fn every_deep_chess_variant_oracle_case_matches() {
    let mut total = 0;
    let mut failures = Vec::new();
    for game in ["antichess", "atomic", "crazyhouse", "duck", "fog-of-war"] {
        let (n, f) = run_variant_cases(game, true);
        total += n;
        failures.extend(f);
    }
    println!("{total} deep chess-variant oracle cases checked");
    assert!(total > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------- the chess family, part 1
// Chaturanga (oracle `chaturangakc`), shatranj, makruk, ouk chatrang (`cambodian`) and
// sittuyin: every case of `../shared/oracle/perft_cases.json` for them, copied to
// `tests/data/perft_cases_chess_family.json`; the FEN is the oracle's, read as it is.

fn chess_family_cases(game: &str) -> Vec<PerftCase> {
    let path = rookery_tests::oracle_support::data_path("perft_cases_chess_family.json");
    let text = std::fs::read_to_string(path).expect("perft_cases_chess_family.json");
    let all: Vec<PerftCase> = serde_json::from_str(&text).expect("valid cases");
    let cases: Vec<PerftCase> = all.into_iter().filter(|c| c.game == game).collect();
    assert!(
        cases.iter().any(|c| c.kind == "start") && cases.iter().any(|c| c.kind == "midgame")
            || game == "chaturanga",
        "{game}: start and mid-game cases"
    );
    assert!(!cases.is_empty(), "{game}: no cases");
    cases
}

/// The cheap cases of a game, and its mid-game moves replayed from the start (UCI move
/// forms, drops included) must reach the oracle's FEN.
fn chess_family_game(game: &str) {
    let cases = chess_family_cases(game);
    let (n, failures) = run_cases(cases.iter().filter(|c| c.nodes <= DEEP));
    println!("{n} {game} oracle perft cases checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for c in cases.iter().filter(|c| c.kind == "midgame") {
        let mut pos = position(&c.game, c.start_fen.as_deref().unwrap());
        for m in &c.moves {
            let mv = movetext::parse(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
            pos.make(mv);
        }
        assert_eq!(
            rules::write_position(&pos),
            c.fen,
            "{game} after {:?}",
            c.moves
        );
    }
}

fn chess_family_deep(game: &str) {
    let cases = chess_family_cases(game);
    let (n, failures) = run_cases(cases.iter().filter(|c| c.nodes > DEEP && within_limit(c)));
    println!("{n} deep {game} oracle perft cases checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn chaturanga_oracle_cases_match() {
    chess_family_game("chaturanga");
}

#[test]
fn shatranj_oracle_cases_match() {
    chess_family_game("shatranj");
}

#[test]
fn makruk_oracle_cases_match() {
    chess_family_game("makruk");
}

#[test]
fn ouk_chatrang_oracle_cases_match() {
    chess_family_game("ouk-chatrang");
}

#[test]
fn sittuyin_oracle_cases_match() {
    chess_family_game("sittuyin");
}

#[test]
#[ignore = "deep: over ten million nodes; run in release by tests/run-all.sh"]
fn deep_chess_family_oracle_cases_match() {
    for g in [
        "chaturanga",
        "shatranj",
        "makruk",
        "ouk-chatrang",
        "sittuyin",
    ] {
        chess_family_deep(g);
    }
}
