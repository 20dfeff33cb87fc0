//! Differential test of the chess variants against Fairy-Stockfish (pyffish, from PyPI): seeded
//! random games of antichess, atomic, crazyhouse, duck chess and fog of war (oracle `fogofwar`,
//! tests/data/fsf_variants.ini), and after every move (a duck move is the whole turn,
//! `e2e4,e4h5`)
//! - the legal moves of `rookery_core` as a sorted list equal the engine's (so a move generated
//!   twice fails);
//! - the FEN after the move is the engine's;
//! - fog of war: the cells the side to move sees (`rookery_core::view`, what every
//!   player-facing call passes through) are the engine's `get_fog_fen` view, plus the pawn it
//!   may take en passant, which chess.com's rules show and Fairy-Stockfish's fog does not;
//! - a game that ends by its rules (no move, king taken or exploded, mate, stalemate, no pieces)
//!   ends for both, with the same winner; a position still going on for one is going on for the
//!   other. Draws by repetition, fifty moves and the house move limit, which the engine judges
//!   only in search, end a game without comparison (counted).
//!
//! At least 1,000 positions per game. The oracle is `tests/python/pyffish_variants_oracle.py`, run by
//! `$PYFFISH_PYTHON` (default `python3`), which must have pyffish: `./tests/run-all.sh` makes a
//! venv with it. When it is missing this test FAILS: it never skips.

use rookery_core::game::EndReason;
use rookery_core::{rules, Game};
use rookery_tests::oracle_support::{pyffish_script, Rng};

/// Positions to compare per game, at least.
const POSITIONS_PER_GAME: usize = 1000;
/// A game stops after this many turns if no rule has ended it.
const MAX_TURNS: usize = 120;

const GAMES: &[(&str, &str)] = &[
    ("antichess", "antichess"),
    ("atomic", "atomic"),
    ("crazyhouse", "crazyhouse"),
    ("duck", "duck"),
    ("fog-of-war", "fogofwar"),
];

/// The legal turns of the side to move in the engine's text (duck: `move,<to><duck cell>`).
fn turn_texts(g: &Game) -> Vec<String> {
    let mut out = Vec::new();
    for m in g.legal_moves() {
        let text = g.move_text(m);
        if g.variant.steps_per_turn == 1 {
            out.push(text);
            continue;
        }
        let mut p = g.position().clone();
        let dest = text[2..4].to_string();
        p.make(m);
        for d in p.legal_moves() {
            out.push(format!("{text},{dest}{}", g.variant.board.name(d.to)));
        }
    }
    out.sort();
    out
}

struct Record {
    game: &'static str,
    fen: String,
    legal: Vec<String>,
    played: Option<String>,
    after: Option<String>,
    /// Our verdict on this position: None = goes on; Some(winner) (None inside = draw).
    end: Option<Option<u8>>,
    turn: u8,
    /// Fog of war: the cells the side to move sees, and the pawns it may take en passant.
    seen: Option<(Vec<String>, Vec<String>)>,
}

/// Fog of war: the cells the side to move sees in our view, and the pawns it may take en
/// passant (seen by chess.com's rules, not by the engine's fog).
fn fog_view(g: &Game) -> Option<(Vec<String>, Vec<String>)> {
    use rookery_core::position::MoveKind;
    use rookery_core::view::{View, Viewer};
    if !rookery_core::view::limits_view(g.variant) {
        return None;
    }
    let pos = g.position();
    let t = &g.variant.board;
    let view = View::of(pos, Viewer::Seat(pos.turn()));
    let seen = (0..t.len() as u16)
        .filter(|&c| view.sees(c))
        .map(|c| t.name(c).to_string())
        .collect();
    let mut ep: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.kind == MoveKind::EnPassant)
        .map(|m| t.name(pos.st.ep[m.aux as usize].pawn).to_string())
        .collect();
    ep.dedup();
    Some((seen, ep))
}

/// The cells a `get_fog_fen` board shows (not `*`), a8 first.
fn fog_fen_cells(fog: &str) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let board = fog.split(' ').next().unwrap_or("");
    for (r, row) in board.split('/').enumerate() {
        let mut file = 0u8;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                for _ in 0..d {
                    out.insert(format!("{}{}", (b'a' + file) as char, 8 - r));
                    file += 1;
                }
            } else {
                if ch != '*' {
                    out.insert(format!("{}{}", (b'a' + file) as char, 8 - r));
                }
                file += 1;
            }
        }
    }
    out
}

fn oracle(input: &serde_json::Value) -> serde_json::Value {
    pyffish_script("pyffish_variants_oracle.py", input)
}

#[test]
fn legal_moves_fen_and_game_ends_match_pyffish_in_seeded_random_games_of_every_chess_variant() {
    let mut records: Vec<Record> = Vec::new();
    let mut rule_draws = 0;
    for &(id, variant) in GAMES {
        let mut positions = 0;
        let mut seed = 1u64;
        while positions < POSITIONS_PER_GAME {
            let mut rng = Rng(seed ^ 0x5eed_0012);
            seed += 1;
            let mut g = Game::new(id).unwrap();
            for _ in 0..MAX_TURNS {
                let fen = rules::write_position(g.position());
                let turn = g.position().turn();
                positions += 1;
                if let Some(o) = g.outcome() {
                    if matches!(
                        o.reason,
                        EndReason::Repetition | EndReason::FiftyMoves | EndReason::MoveLimit
                    ) {
                        rule_draws += 1;
                        positions -= 1;
                        break;
                    }
                    let winner = o.winners.first().copied();
                    records.push(Record {
                        game: variant,
                        fen,
                        legal: Vec::new(),
                        played: None,
                        after: None,
                        end: Some(winner),
                        turn,
                        seen: None,
                    });
                    break;
                }
                let legal = turn_texts(&g);
                let seen = fog_view(&g);
                let pick = legal[rng.below(legal.len())].clone();
                g.play_text(&pick)
                    .unwrap_or_else(|e| panic!("{id} {fen}: {pick}: {e}"));
                records.push(Record {
                    game: variant,
                    fen,
                    legal,
                    played: Some(pick),
                    after: Some(rules::write_position(g.position())),
                    end: None,
                    turn,
                    seen,
                });
            }
        }
        println!("{id}: {positions} positions");
    }
    let input: Vec<serde_json::Value> = records
        .iter()
        .map(|r| serde_json::json!({"variant": r.game, "fen": r.fen, "move": r.played}))
        .collect();
    let answer = oracle(&serde_json::Value::Array(input));
    let answer = answer.as_array().expect("a list");
    assert_eq!(answer.len(), records.len());
    let mut failures = Vec::new();
    let mut ends = 0;
    let mut views = 0;
    for (r, a) in records.iter().zip(answer) {
        let theirs: Vec<String> = a["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let result = a["result"].as_i64();
        match (r.end, result) {
            (None, None) => {
                if r.legal != theirs {
                    let ours: std::collections::BTreeSet<_> = r.legal.iter().collect();
                    let th: std::collections::BTreeSet<_> = theirs.iter().collect();
                    failures.push(format!(
                        "{} {}: ours only {:?}, engine only {:?} (or a duplicate)",
                        r.game,
                        r.fen,
                        ours.difference(&th).take(5).collect::<Vec<_>>(),
                        th.difference(&ours).take(5).collect::<Vec<_>>()
                    ));
                }
                if let (Some((ours, ep)), Some(fog)) = (&r.seen, a["fog"].as_str()) {
                    views += 1;
                    let mut theirs = fog_fen_cells(fog);
                    theirs.extend(ep.iter().cloned());
                    let ours: std::collections::BTreeSet<String> = ours.iter().cloned().collect();
                    if ours != theirs {
                        failures.push(format!(
                            "{} {}: we see only {:?}, the engine only {:?}",
                            r.game,
                            r.fen,
                            ours.difference(&theirs).collect::<Vec<_>>(),
                            theirs.difference(&ours).collect::<Vec<_>>()
                        ));
                    }
                }
                let after = a["after"].as_str().unwrap_or("");
                if r.after.as_deref() != Some(after) {
                    failures.push(format!(
                        "{} {} + {:?}: FEN {:?}, engine {after}",
                        r.game, r.fen, r.played, r.after
                    ));
                }
            }
            (Some(winner), Some(v)) => {
                ends += 1;
                let want = match v {
                    0 => None,
                    v if v > 0 => Some(r.turn),
                    _ => Some(1 - r.turn),
                };
                if winner != want {
                    failures.push(format!(
                        "{} {}: winner {winner:?}, engine {want:?} (value {v})",
                        r.game, r.fen
                    ));
                }
            }
            (ours, theirs) => failures.push(format!(
                "{} {}: our end {ours:?}, engine's {theirs:?}",
                r.game, r.fen
            )),
        }
    }
    println!(
        "{} positions compared with pyffish; {ends} game ends agreed; {views} fog-of-war views \
         agreed; {rule_draws} games ended by repetition, fifty moves or the move limit (not \
         compared)",
        records.len()
    );
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

/// `rookery match --pyffish` (the referee of tests/python/fsf_match.py) plays our bot against
/// the engine inside pyffish with both sides judging every move: short games of duck chess (a
/// turn of two steps in the engine's text), Chess960 (castling as king takes rook, numbered
/// starts) and janggi (our set-up phase drawn at random, the engine starting after it) end
/// without a dispute, every game scored.
#[test]
fn a_match_against_the_engine_inside_pyffish_has_no_disputed_move() {
    let python = std::env::var("PYFFISH_PYTHON").unwrap_or_else(|_| "python3".to_string());
    for game in ["duck", "chess960", "janggi"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery-cli-under-test"))
            .args([
                "match",
                "--game",
                game,
                "--pyffish",
                &python,
                "--engine-depth",
                "1",
            ])
            .args([
                "--level",
                "1",
                "--games",
                "2",
                "--movetime",
                "5",
                "--move-limit",
                "40",
            ])
            .output()
            .expect("run rookery match");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{game}: {stderr}");
        assert!(
            stdout.contains("/2), disputed 0"),
            "{game}: {stdout}\n{stderr}"
        );
        assert!(
            !stderr.contains("the legal moves differ"),
            "{game}: {stderr}"
        );
    }
}
