//! Shared code never asks which game it is: lists the game-id string literals, the
//! `Family::` uses and the per-game `::ID` constants in non-test code outside the rules
//! (`core/src/rules/`, where each game's file and the registry live), and fails if any
//! appear beyond the allow-list below.
//!
//! Scanned: the Rust sources of core, cli and bindings, the Kotlin sources of the Android app
//! and the Swift sources of the iOS package (their `main` code, not their tests). Test code
//! in Rust files (`#[cfg(test)]` items, `tests.rs` and `*_tests.rs` files) is skipped.
//!
//! Run with `--nocapture` to see every hit: `cargo test -p rookery-core --test idscan --
//! --nocapture`.

use std::path::{Path, PathBuf};

#[path = "support/source.rs"]
mod source;
use source::non_test_lines;

/// Hits that are legitimate, as (file suffix, the text of the line's hit). Each names why.
const ALLOWED: &[(&str, &str)] = &[
    // the game a command plays when no `--game` names one
    ("cli/src/lib.rs", "\"chess\""),
    // `rookery render`'s sample game, and the games `rookery saved bench` times by default
    ("cli/src/render.rs", "\"eight-player-ffa\""),
    ("cli/src/store_cmds.rs", "\"eight-player-ffa\""),
    ("cli/src/store_cmds.rs", "\"chess\""),
    // `rookery bench perft`: the oracle's positions per game and the multi-player starts it
    // times (benchmark data keyed by id, as tests/data/*perft_cases*.json is)
    ("cli/src/bench.rs", "\"chess\""),
    ("cli/src/bench.rs", "\"chess960\""),
    ("cli/src/bench.rs", "\"antichess\""),
    ("cli/src/bench.rs", "\"atomic\""),
    ("cli/src/bench.rs", "\"crazyhouse\""),
    ("cli/src/bench.rs", "\"duck\""),
    ("cli/src/bench.rs", "\"fog-of-war\""),
    ("cli/src/bench.rs", "\"chaturanga\""),
    ("cli/src/bench.rs", "\"shatranj\""),
    ("cli/src/bench.rs", "\"makruk\""),
    ("cli/src/bench.rs", "\"ouk-chatrang\""),
    ("cli/src/bench.rs", "\"sittuyin\""),
    ("cli/src/bench.rs", "\"xiangqi\""),
    ("cli/src/bench.rs", "\"janggi\""),
    ("cli/src/bench.rs", "\"shogi\""),
    ("cli/src/bench.rs", "\"minishogi\""),
    ("cli/src/bench.rs", "\"eight-player-ffa\""),
    ("cli/src/bench.rs", "\"four-player-ffa\""),
    ("cli/src/bench.rs", "\"three-player\""),
    // PGN: a record without a `Variant` tag is standard chess, and other programs' names of
    // Chess960 (the PGN tags of the other games are the records' part of the data)
    ("core/src/notation/pgn.rs", "\"chess\""),
    ("core/src/notation/pgn.rs", "\"chess960\""),
    // the name of a board kind (`BoardKind::Shogi`, minishogi's too) the bindings hand the
    // apps, not a game id
    ("bindings/src/scene.rs", "\"shogi\""),
];

/// The repository scanned: this one, or `ROOKERY_IDSCAN_ROOT` (to count another checkout's
/// hits, e.g. main's before a change).
fn root() -> PathBuf {
    std::env::var_os("ROOKERY_IDSCAN_ROOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
}

/// Every hit: (file, line number, what was found, the line).
fn scan() -> Vec<(String, usize, String, String)> {
    let root = root();
    let ids: Vec<&str> = rookery_core::rules::catalogue()
        .iter()
        .map(|g| g.id)
        .collect();
    let mut hits = Vec::new();
    let sources = ["core/src", "cli/src", "bindings/src"]
        .iter()
        .flat_map(|d| source::files(&root, d, ".rs"))
        .chain(source::files(&root, "android", ".kt"))
        .chain(source::files(&root, "ios/Sources", ".swift"));
    for (p, rel) in sources {
        if rel.starts_with("core/src/rules/") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let lines = if rel.ends_with(".rs") {
            non_test_lines(&text)
        } else {
            text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect()
        };
        for (n, line) in lines {
            let code = line.split("//").next().unwrap_or("");
            let mut found: Vec<String> = Vec::new();
            for id in &ids {
                if code.contains(&format!("\"{id}\"")) {
                    found.push(format!("\"{id}\""));
                }
            }
            if code.contains("Family::") {
                found.push("Family::".into());
            }
            // a game's id constant (`rules::four_seasons::ID`), not a board's (`tri::ID`)
            if code
                .match_indices("::ID")
                .any(|(i, _)| code[..i].contains("rules::") && !code[i..].starts_with("::ID_"))
            {
                found.push("::ID".into());
            }
            for f in found {
                hits.push((rel.clone(), n, f, line.trim().to_string()));
            }
        }
    }
    hits
}

#[test]
fn shared_code_never_asks_which_game_it_is() {
    let hits = scan();
    let mut unexpected = Vec::new();
    for (file, n, what, line) in &hits {
        let allowed = ALLOWED.iter().any(|(f, w)| file.ends_with(f) && what == w);
        println!(
            "{file}:{n}: {what}{}  {line}",
            if allowed { " (allowed)" } else { "" }
        );
        if !allowed {
            unexpected.push(format!("{file}:{n}: {what}: {line}"));
        }
    }
    println!("{} hits, {} not allowed", hits.len(), unexpected.len());
    assert!(
        unexpected.is_empty(),
        "game ids or Family matches in shared code (move the decision into the variant's data or a Rules hook):\n{}",
        unexpected.join("\n")
    );
}

#[test]
fn the_scan_skips_test_items_only() {
    let text = "a\n#[cfg(test)]\nmod tests {\n    \"chess\"\n}\nb\n#[cfg(test)]\nmod x;\nc\n";
    let kept: Vec<&str> = non_test_lines(text).into_iter().map(|(_, l)| l).collect();
    assert_eq!(kept, ["a", "b", "c"]);
}
