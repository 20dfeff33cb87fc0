//! Xiangqi repetition outcomes (perpetual check, perpetual chase, draw) against the
//! Fairy-Stockfish inside pyffish 0.0.90, the engine that judges chasing (Debian's 11.1 scores a
//! repeated chase as a draw: docs/rules-decisions.md). Every cycle of
//! tests/data/xiangqi_chase_cycles.txt and the hand-made ones below is played twice through
//! `Game`; after every move our end (or none) must be pyffish's `is_optional_game_end`:
//! lost, won or drawn for the side to move. About 10 s of CPU (28 s wall on the shared machine),
//! nearly all of it pyffish.

use rookery_core::game::EndReason;
use rookery_core::Game;
use rookery_tests::oracle_support::pyffish;

/// Hand-made cycles named after the rule they show (FEN, one cycle), verdicts from pyffish.
const NAMED: &[(&str, &str, &str)] = &[
    (
        "a chariot chasing an unprotected horse loses",
        "1n3k3/9/9/9/9/9/9/9/9/1R1K5 b - - 0 1",
        "b10a8 b1a1 a8b10 a1b1",
    ),
    (
        "a chariot attacking a protected horse does not chase",
        "1n6r/4k4/8r/9/9/9/9/9/9/1R1K5 b - - 0 1",
        "b10a8 b1a1 a8b10 a1b1",
    ),
    (
        "a cannon chasing a protected chariot loses",
        "r7r/4k4/9/9/pp7/9/9/9/9/C2K5 b - - 0 1",
        "a10b10 a1b1 b10a10 b1a1",
    ),
    (
        "a cannon chasing an unprotected horse loses",
        "1n3k3/9/9/9/pp7/9/9/9/9/1C1K5 b - - 0 1",
        "b10a8 b1a1 a8b10 a1b1",
    ),
    (
        "a chariot offering an exchange to a chariot does not chase",
        "9/3k5/9/8R/9/9/9/8r/9/5K3 b - - 0 1",
        "i3b3 i7b7 b3i3 b7i7",
    ),
    (
        "a chariot stepping towards the piece it attacked does not chase with that move",
        "9/4k2c1/7R1/9/9/9/9/9/5K3/9 b - - 0 1",
        "h9h10 h8h2 h10h9 h2h8",
    ),
    (
        "a horse chasing a cannon loses",
        "9/5k3/9/9/1N7/9/c8/9/9/3K5 b - - 0 1",
        "a4b4 b6d5 b4a4 d5b6",
    ),
    (
        "a move that attacks nothing breaks the chase",
        "9/4k4/9/n8/9/9/9/9/9/R2K5 w - - 0 1",
        "a1b1 e9e10 b1a1 e10e9",
    ),
    (
        "perpetual check loses",
        "3k5/9/9/9/9/9/9/9/3R5/5K3 b - - 0 1",
        "d10e10 d2e2 e10d10 e2d2",
    ),
];

fn cycles() -> Vec<(String, String, Vec<String>)> {
    let mut out: Vec<(String, String, Vec<String>)> = NAMED
        .iter()
        .map(|(n, f, c)| {
            (
                n.to_string(),
                f.to_string(),
                c.split(' ').map(String::from).collect(),
            )
        })
        .collect();
    let path =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/xiangqi_chase_cycles.txt");
    let text = std::fs::read_to_string(&path).expect("tests/data/xiangqi_chase_cycles.txt");
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (fen, cycle) = line.split_once(" | ").expect("FEN | moves");
        out.push((
            format!("cycle file line {}", i + 1),
            fen.to_string(),
            cycle.split_whitespace().map(String::from).collect(),
        ));
    }
    out
}

/// pyffish's optional-end verdict after every prefix: None, or Some(value for the side to move).
fn ask_pyffish(games: &[(String, Vec<String>)]) -> Vec<Vec<Option<i64>>> {
    let v = pyffish(&serde_json::json!({
        "variants_ini": "",
        "games": games.iter().map(|(f, m)| serde_json::json!({
            "variant": "xiangqi", "fen": f, "moves": m,
        })).collect::<Vec<_>>(),
    }));
    v.as_array()
        .unwrap()
        .iter()
        .map(|g| {
            g.as_array()
                .unwrap()
                .iter()
                .map(|a| {
                    assert!(a.get("error").is_none(), "pyffish: {a}");
                    let o = &a["optional"];
                    o[0].as_bool().unwrap().then(|| o[1].as_i64().unwrap())
                })
                .collect()
        })
        .collect()
}

#[test]
fn xiangqi_repetition_outcomes_chasing_included_match_pyffish() {
    let all = cycles();
    let games: Vec<(String, Vec<String>)> = all
        .iter()
        .map(|(_, f, c)| (f.clone(), [c.clone(), c.clone()].concat()))
        .collect();
    let verdicts = ask_pyffish(&games);
    let mut failures = Vec::new();
    let (mut chases, mut checks, mut draws) = (0, 0, 0);
    for ((name, _, _), ((fen, moves), theirs)) in all.iter().zip(games.iter().zip(&verdicts)) {
        let mut g = Game::from_fen("xiangqi", fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        for i in 0..=moves.len() {
            if i > 0 {
                g.play_text(&moves[i - 1])
                    .unwrap_or_else(|e| panic!("{name}: {} {e}", moves[i - 1]));
            }
            let to_move = g.position().turn();
            // ours as the side to move's value
            let ours = g.outcome().map(|o| {
                if o.is_draw() {
                    0
                } else if o.winners.contains(&to_move) {
                    32000
                } else {
                    -32000
                }
            });
            let theirs = theirs[i].map(|v| v.signum() * 32000);
            if ours != theirs {
                failures.push(format!(
                    "{name}: {fen} moves {}: ours {:?} ({:?}), pyffish {theirs:?}",
                    moves[..i].join(" "),
                    ours,
                    g.outcome().map(|o| o.reason)
                ));
                break;
            }
            if i == moves.len() {
                match g.outcome().map(|o| o.reason) {
                    Some(EndReason::PerpetualChase) => chases += 1,
                    Some(EndReason::PerpetualCheck) => checks += 1,
                    Some(EndReason::Repetition) => draws += 1,
                    other => failures.push(format!("{name}: ended by {other:?}")),
                }
            }
        }
    }
    println!(
        "{} cycles: {chases} perpetual chases, {checks} perpetual checks, {draws} drawn repetitions",
        all.len()
    );
    assert!(chases > 20 && draws > 20 && checks > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
