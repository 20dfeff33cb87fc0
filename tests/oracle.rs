//! Differential test against Fairy-Stockfish: seeded random games of chess and Chess960, and
//! after every move the legal move set and the FEN of `rookery_core` must equal the engine's.
//!
//! The engine is the Debian package `fairy-stockfish` (`/usr/games/fairy-stockfish`, or
//! `$FAIRY_STOCKFISH`). When it is missing this test FAILS: it never skips.

use std::collections::BTreeSet;

use rookery_core::game::HouseRules;
use rookery_core::movegen::perft;
use rookery_core::position::MoveKind;
use rookery_core::{rules, Game, Move};
use rookery_tests::oracle_support::{FairyStockfish, Rng};

/// Positions to check per game id (chess and chess960 each), at least.
const POSITIONS_PER_GAME: usize = 1250;
/// A game stops after this many plies if no rule has ended it.
const MAX_PLIES: usize = 100;
/// Every this many positions, perft 3 is compared as well.
const PERFT3_EVERY: usize = 40;

/// Picks a move, preferring the rarer kinds (castling, en passant, promotion, captures) half
/// the time so that the games reach the positions where move generators go wrong.
fn pick(game: &Game, legal: &[Move], rng: &mut Rng) -> Move {
    let pos = game.position();
    let special: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.kind != MoveKind::Normal || m.promo != 0 || pos.at(m.to).is_some())
        .collect();
    if !special.is_empty() && rng.below(2) == 0 {
        special[rng.below(special.len())]
    } else {
        legal[rng.below(legal.len())]
    }
}

struct Report {
    positions: usize,
    perft3: usize,
    games: usize,
    failures: Vec<String>,
}

fn play_and_compare(fsf: &mut FairyStockfish, id: &str, oracle_variant: &str, seed: u64) -> Report {
    fsf.set_variant(oracle_variant);
    let mut rng = Rng::new(seed);
    let mut r = Report {
        positions: 0,
        perft3: 0,
        games: 0,
        failures: Vec::new(),
    };
    while r.positions < POSITIONS_PER_GAME && r.failures.len() < 5 {
        let start = (id == "chess960").then(|| rng.below(960) as u32);
        let mut game =
            Game::with_options(id, HouseRules::default(), rng.next_u64(), start).expect("new game");
        let start_fen = rules::write_position(&game.start);
        let mut moves: Vec<String> = Vec::new();
        r.games += 1;
        loop {
            let pos = game.position().clone();
            let legal = pos.legal_moves();
            let ours: BTreeSet<String> = legal.iter().map(|&m| game.move_text(m)).collect();
            fsf.set_position(&start_fen, &moves);
            let theirs = fsf.legal_moves();
            let our_fen = rules::write_position(&pos);
            let their_fen = fsf.fen();
            r.positions += 1;
            if ours != theirs || our_fen != their_fen {
                r.failures.push(format!(
                    "{id} from {start_fen} moves {}\n  our FEN   {our_fen}\n  their FEN {their_fen}\n  only ours: {:?}\n  only theirs: {:?}",
                    moves.join(" "),
                    ours.difference(&theirs).collect::<Vec<_>>(),
                    theirs.difference(&ours).collect::<Vec<_>>()
                ));
                break;
            }
            if r.positions % PERFT3_EVERY == 0 {
                let mut p = pos.clone();
                let mine = perft(&mut p, 3);
                let (_, engine) = fsf.perft(3);
                r.perft3 += 1;
                if mine != engine {
                    r.failures.push(format!(
                        "{id} perft 3 from {start_fen} moves {}: ours {mine}, theirs {engine}",
                        moves.join(" ")
                    ));
                    break;
                }
            }
            if game.is_over() || moves.len() >= MAX_PLIES || legal.is_empty() {
                break;
            }
            let m = pick(&game, &legal, &mut rng);
            moves.push(game.move_text(m));
            game.play(m).expect("a legal move plays");
        }
    }
    r
}

#[test]
fn legal_moves_and_fen_match_fairy_stockfish_after_every_move_of_seeded_random_games() {
    let mut fsf = FairyStockfish::start();
    let mut total = 0;
    let mut failures = Vec::new();
    for (id, oracle, seed) in [
        ("chess", "chess", 0x5eed_0001),
        ("chess960", "fischerandom", 0x5eed_0960),
    ] {
        let r = play_and_compare(&mut fsf, id, oracle, seed);
        println!(
            "{id}: {} positions in {} games compared with Fairy-Stockfish ({} also by perft 3)",
            r.positions, r.games, r.perft3
        );
        total += r.positions;
        failures.extend(r.failures);
    }
    println!("differential total: {total} positions checked against Fairy-Stockfish");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(total >= 2000, "only {total} positions checked");
}
