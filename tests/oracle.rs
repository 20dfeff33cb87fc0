//! Differential test against Fairy-Stockfish and python-chess: seeded random games of chess and
//! Chess960, and after every move
//! - the legal moves of `rookery_core` must equal the engine's as a sorted list (so a move
//!   generated twice fails) and in number, and the FEN must be the engine's;
//! - the end of the game must be the oracles' verdict: mate and stalemate as Fairy-Stockfish
//!   judges a position without moves (`go`: `score mate 0` / `score cp 0`), threefold
//!   repetition from the engine's own Zobrist keys (the position's key seen three times in the
//!   game), the fifty-move rule from the engine's halfmove clock, and insufficient material as
//!   python-chess judges it (Fairy-Stockfish 11 adjudicates none of these three at the root);
//! - the SAN of every move played must be python-chess's.
//!
//! Besides plain random games, some games shuttle pieces back and forth (repetitions) and some
//! start from endgames (mates, stalemates, fifty moves, insufficient material); the test fails
//! when any of the five endings was not reached, so it cannot pass without comparing them.
//!
//! The engine is the Debian package `fairy-stockfish` (`/usr/games/fairy-stockfish`, or
//! `$FAIRY_STOCKFISH`); python-chess comes from pip (`python3 -m pip install chess`, `$PYTHON`
//! picks the interpreter). When either is missing this test FAILS: it never skips.

use std::collections::BTreeMap;

use rookery_core::game::{EndReason, HouseRules};
use rookery_core::movegen::perft;
use rookery_core::notation::{movetext, san};
use rookery_core::position::MoveKind;
use rookery_core::{rules, Game, Move};
use rookery_tests::oracle_support::{python_chess, FairyStockfish, Rng, Verdict};

/// Positions to check per game id (chess and chess960 each) in plain random games, at least.
const POSITIONS_PER_GAME: usize = 1250;
/// A game stops after this many plies if no rule has ended it.
const MAX_PLIES: usize = 100;
/// Every this many positions, perft 3 is compared as well.
const PERFT3_EVERY: usize = 40;
/// Games per game id that shuttle pieces back and forth.
const SHUTTLE_GAMES: usize = 12;
/// Endgame starts (chess only); each is played this many times with different seeds.
const ENDGAMES: &[&str] = &[
    // rook and king against king, 90 plies without capture or pawn move: mate or fifty moves
    "4k3/8/8/8/8/8/8/R3K3 w Q - 90 80",
    "8/8/8/2k5/8/8/8/3QK3 w - - 84 70",
    // queen against king near the corner: mates and stalemates
    "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
    "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1",
    // a capture leaves a lone minor piece or same-coloured bishops: insufficient material
    "8/8/8/4k3/8/3n4/8/3BK3 w - - 0 1",
    "8/8/3k4/3p4/8/3N4/8/4K3 w - - 0 1",
    "8/2k5/8/3b4/8/8/2B2n2/4K3 w - - 0 1",
    // decided at the start: stalemate, mate
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    // back-rank mates, pawns that promote
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/P5k1/8/8/8/8/6Kp/8 w - - 0 1",
];
const ENDGAME_SEEDS: usize = 4;

/// How a game picks its moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Prefers the rarer kinds (castling, en passant, promotion, captures) half the time, so
    /// that the games reach the positions where move generators go wrong.
    Special,
    /// Takes its own last move back whenever it can (three times in four): repetitions.
    Shuttle,
}

fn pick(game: &Game, legal: &[Move], moves: &[Move], style: Style, rng: &mut Rng) -> Move {
    let pos = game.position();
    if style == Style::Shuttle && moves.len() >= 2 && rng.below(4) != 0 {
        let mine = moves[moves.len() - 2];
        if let Some(back) = legal
            .iter()
            .find(|m| m.from == mine.to && m.to == mine.from && m.kind == MoveKind::Normal)
        {
            return *back;
        }
    }
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

/// One position: what the engine said and what Rookery says of its end.
struct Checked {
    /// Fairy-Stockfish's verdict when there is no legal move.
    verdict: Option<Verdict>,
    /// The engine's key seen three times in this game (this position included).
    threefold: bool,
    /// The engine's halfmove clock is at least 100.
    fifty: bool,
    ours: Option<(EndReason, Vec<u8>)>,
    turn: u8,
}

/// One game for the python-chess pass and the end checks.
struct Played {
    id: &'static str,
    start_fen: String,
    moves: Vec<String>,
    sans: Vec<String>,
    positions: Vec<Checked>,
}

#[derive(Default)]
struct Report {
    positions: usize,
    perft3: usize,
    games: usize,
    failures: Vec<String>,
}

fn play_and_compare(
    fsf: &mut FairyStockfish,
    id: &'static str,
    start: Option<&str>,
    style: Style,
    seed: u64,
    r: &mut Report,
) -> Played {
    let mut rng = Rng(seed);
    let mut game = match start {
        Some(fen) => Game::from_fen(id, fen).expect("endgame start"),
        None => {
            let n = (id == "chess960").then(|| rng.below(960) as u32);
            Game::with_options(id, HouseRules::default(), rng.next(), n).expect("new game")
        }
    };
    let start_fen = rules::write_position(&game.start);
    let mut played = Played {
        id,
        start_fen: start_fen.clone(),
        moves: Vec::new(),
        sans: Vec::new(),
        positions: Vec::new(),
    };
    let mut our_moves: Vec<Move> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    r.games += 1;
    loop {
        let pos = game.position().clone();
        let legal = game.legal_moves_ignoring_the_end();
        let mut ours: Vec<String> = legal.iter().map(|&m| game.move_text(m)).collect();
        ours.sort();
        fsf.set_position(&start_fen, &played.moves);
        let theirs = fsf.legal_moves();
        let described = fsf.describe();
        let our_fen = rules::write_position(&pos);
        r.positions += 1;
        let at = format!("{id} from {start_fen} moves {}", played.moves.join(" "));
        if ours != theirs || legal.len() != theirs.len() || our_fen != described.fen {
            let only = |a: &[String], b: &[String]| -> Vec<String> {
                let mut left = b.to_vec();
                a.iter()
                    .filter(|m| match left.iter().position(|x| x == *m) {
                        Some(i) => {
                            left.remove(i);
                            false
                        }
                        None => true,
                    })
                    .cloned()
                    .collect()
            };
            r.failures.push(format!(
                "{at}\n  our FEN   {our_fen}\n  their FEN {}\n  ours {} moves, theirs {}\n  \
                 only ours: {:?}\n  only theirs: {:?}",
                described.fen,
                ours.len(),
                theirs.len(),
                only(&ours, &theirs),
                only(&theirs, &ours)
            ));
            break;
        }
        keys.push(described.key.clone());
        let halfmove: u32 = described
            .fen
            .split_whitespace()
            .nth(4)
            .and_then(|h| h.parse().ok())
            .expect("halfmove clock in the engine's FEN");
        played.positions.push(Checked {
            verdict: theirs.is_empty().then(|| fsf.verdict_without_moves()),
            threefold: keys.iter().filter(|k| **k == described.key).count() >= 3,
            fifty: halfmove >= 100,
            ours: game.outcome().map(|o| (o.reason, o.winners.clone())),
            turn: pos.turn(),
        });
        if r.positions % PERFT3_EVERY == 0 && !legal.is_empty() {
            let mut p = pos.clone();
            let mine = perft(&mut p, 3);
            let (_, engine) = fsf.perft(3);
            r.perft3 += 1;
            if mine != engine {
                r.failures
                    .push(format!("{at}: perft 3 ours {mine}, theirs {engine}"));
                break;
            }
        }
        if game.is_over() || played.moves.len() >= MAX_PLIES || legal.is_empty() {
            break;
        }
        let m = pick(&game, &legal, &our_moves, style, &mut rng);
        played.moves.push(game.move_text(m));
        played.sans.push(san::write(&pos, m));
        our_moves.push(m);
        game.play(m).expect("a legal move plays");
    }
    played
}

/// Legal moves of the position whether or not the game is over (an ended game has none in
/// `Game::legal_moves`, but the engine still lists them).
trait LegalIgnoringTheEnd {
    fn legal_moves_ignoring_the_end(&self) -> Vec<Move>;
}

impl LegalIgnoringTheEnd for Game {
    fn legal_moves_ignoring_the_end(&self) -> Vec<Move> {
        self.position().clone().legal_moves()
    }
}

fn reason_name(r: Option<EndReason>) -> String {
    r.map_or("none".into(), |r| format!("{r:?}"))
}

/// Compares every position's end and every move's SAN with the oracles; returns failures and
/// counts the endings seen.
fn check_ends_and_san(games: &[Played], seen: &mut BTreeMap<String, usize>) -> Vec<String> {
    let input: Vec<serde_json::Value> = games
        .iter()
        .map(|g| {
            serde_json::json!({
                "fen": g.start_fen,
                "chess960": g.id == "chess960",
                "moves": g.moves,
            })
        })
        .collect();
    let answer = python_chess(&serde_json::Value::Array(input));
    let answer = answer.as_array().expect("one answer per game");
    assert_eq!(answer.len(), games.len());
    let mut failures = Vec::new();
    for (g, a) in games.iter().zip(answer) {
        let their_sans: Vec<&str> = a["san"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let insufficient: Vec<bool> = a["insufficient"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_bool().unwrap())
            .collect();
        assert_eq!(their_sans.len(), g.moves.len());
        for (i, (ours, theirs)) in g.sans.iter().zip(&their_sans).enumerate() {
            if ours != theirs {
                failures.push(format!(
                    "{} from {} moves {}: SAN of {} is {ours}, python-chess says {theirs}",
                    g.id,
                    g.start_fen,
                    g.moves[..i].join(" "),
                    g.moves[i]
                ));
            }
        }
        for (i, c) in g.positions.iter().enumerate() {
            let at = || {
                format!(
                    "{} from {} moves {}",
                    g.id,
                    g.start_fen,
                    g.moves[..i].join(" ")
                )
            };
            let ours = c.ours.as_ref().map(|(r, _)| *r);
            let expected: Vec<EndReason> = match c.verdict {
                Some(Verdict::Mate) => vec![EndReason::Checkmate],
                Some(Verdict::Stalemate) => vec![EndReason::Stalemate],
                None => [
                    (insufficient[i], EndReason::InsufficientMaterial),
                    (c.threefold, EndReason::Repetition),
                    (c.fifty, EndReason::FiftyMoves),
                ]
                .into_iter()
                .filter_map(|(yes, r)| yes.then_some(r))
                .collect(),
            };
            let agrees = match ours {
                None => expected.is_empty(),
                Some(r) => expected.contains(&r),
            };
            if !agrees {
                failures.push(format!(
                    "{}: Rookery's end {}, the oracles' {expected:?}",
                    at(),
                    reason_name(ours)
                ));
                continue;
            }
            if let Some((r, winners)) = &c.ours {
                let right = match r {
                    EndReason::Checkmate => *winners == vec![1 - c.turn],
                    _ => winners.is_empty(),
                };
                if !right {
                    failures.push(format!("{}: {r:?} with winners {winners:?}", at()));
                }
                *seen.entry(format!("{r:?}")).or_default() += 1;
            }
        }
    }
    failures
}

#[test]
fn legal_moves_and_fen_match_fairy_stockfish_after_every_move_of_seeded_random_games() {
    let mut fsf = FairyStockfish::start();
    let mut total = 0;
    let mut failures = Vec::new();
    let mut games: Vec<Played> = Vec::new();
    for (id, oracle, seed) in [
        ("chess", "chess", 0x5eed_0001u64),
        ("chess960", "fischerandom", 0x5eed_0960),
    ] {
        fsf.set_variant(oracle);
        let mut r = Report::default();
        let mut rng = Rng(seed);
        while r.positions < POSITIONS_PER_GAME && r.failures.len() < 5 {
            games.push(play_and_compare(
                &mut fsf,
                id,
                None,
                Style::Special,
                rng.next(),
                &mut r,
            ));
        }
        let plain = (r.positions, r.games);
        for _ in 0..SHUTTLE_GAMES {
            games.push(play_and_compare(
                &mut fsf,
                id,
                None,
                Style::Shuttle,
                rng.next(),
                &mut r,
            ));
        }
        if id == "chess" {
            for fen in ENDGAMES {
                for _ in 0..ENDGAME_SEEDS {
                    games.push(play_and_compare(
                        &mut fsf,
                        id,
                        Some(fen),
                        Style::Special,
                        rng.next(),
                        &mut r,
                    ));
                }
            }
        }
        println!(
            "{id}: {} positions in {} games compared with Fairy-Stockfish ({} in {} plain random \
             games, the rest shuttling or from endgames; {} also by perft 3)",
            r.positions, r.games, plain.0, plain.1, r.perft3
        );
        total += r.positions;
        failures.extend(r.failures);
    }
    let mut seen = BTreeMap::new();
    failures.extend(check_ends_and_san(&games, &mut seen));
    let sans: usize = games.iter().map(|g| g.sans.len()).sum();
    println!("differential total: {total} positions checked against Fairy-Stockfish");
    println!("python-chess: SAN of {sans} moves compared; game ends seen and agreed: {seen:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(total >= 2000, "only {total} positions checked");
    for end in [
        "Checkmate",
        "Stalemate",
        "Repetition",
        "FiftyMoves",
        "InsufficientMaterial",
    ] {
        assert!(
            seen.get(end).copied().unwrap_or(0) >= 2,
            "the games reached {end} fewer than twice: {seen:?}"
        );
    }
}

/// The chess family, part 2 (xiangqi, shogi, minishogi, janggi): seeded random games from the
/// start, and after every move the legal moves (sorted move text, duplicates kept) and the FEN
/// must be Fairy-Stockfish's. The engine is given the start and the moves played (`position fen
/// START moves ...`), so janggi's passes and bikjang, which depend on the moves before, are
/// judged on the same history. Positions after the game's own end (repetition, perpetual check,
/// janggi's count) are compared too: the engine's move list ignores those ends, and so does
/// `Position::legal_moves`.
#[test]
fn xiangqi_shogi_minishogi_and_janggi_legal_moves_and_fen_match_fairy_stockfish() {
    const POSITIONS: usize = 1000;
    let mut fsf = FairyStockfish::start();
    let mut failures = Vec::new();
    for (id, seed) in [
        ("xiangqi", 0x5eed_0014u64),
        ("shogi", 0x5eed_0015),
        ("minishogi", 0x5eed_0016),
        ("janggi", 0x5eed_0017),
    ] {
        fsf.set_variant(id);
        let v = rules::variant(id).unwrap();
        let start = v.start_fen.clone();
        let mut rng = Rng(seed);
        let (mut positions, mut games, mut passes, mut drops) = (0, 0, 0, 0);
        while positions < POSITIONS && failures.len() < 5 {
            games += 1;
            let mut pos = rules::parse_position(v, &start).unwrap();
            let mut played: Vec<String> = Vec::new();
            for _ in 0..150 {
                let legal = pos.legal_moves();
                let mut ours: Vec<String> = legal
                    .iter()
                    .map(|&m| movetext::write(&pos, m, false))
                    .collect();
                ours.sort();
                fsf.set_position(&start, &played);
                let theirs = fsf.legal_moves();
                positions += 1;
                if ours != theirs {
                    let only_ours: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
                    let only_theirs: Vec<_> = theirs.iter().filter(|m| !ours.contains(m)).collect();
                    failures.push(format!(
                        "{id} after {played:?} ({}): only ours {only_ours:?}, only the engine's \
                         {only_theirs:?}",
                        rules::write_position(&pos)
                    ));
                    break;
                }
                let fen = fsf.fen();
                // Debian's Fairy-Stockfish 11.1 does not restart the halfmove clock on a drop;
                // newer Fairy-Stockfish (pyffish 0.0.90, the oracle of perft_cases.json) and
                // Rookery do. Shogi has no move-count rule, so the clock is compared
                // without drops' effect: every field but the halfmove clock must agree.
                let without_clock = |f: &str| {
                    let mut w: Vec<&str> = f.split(' ').collect();
                    let n = w.len();
                    if n >= 2 && pos.variant.hand.is_some() {
                        w.remove(n - 2);
                    }
                    w.join(" ")
                };
                if without_clock(&rules::write_position(&pos)) != without_clock(&fen) {
                    failures.push(format!(
                        "{id} after {played:?}: FEN {} vs the engine's {fen}",
                        rules::write_position(&pos)
                    ));
                    break;
                }
                if legal.is_empty() {
                    break;
                }
                // prefer passes and drops now and then so that both are exercised
                let m = legal[rng.below(legal.len())];
                let text = movetext::write(&pos, m, false);
                passes += (m.kind == MoveKind::Pass) as usize;
                drops += (m.kind == MoveKind::Drop) as usize;
                pos.make(m);
                pos.forget_undo();
                played.push(text);
            }
        }
        println!(
            "{id}: {positions} positions in {games} random games compared with Fairy-Stockfish \
             ({passes} passes, {drops} drops played)"
        );
        assert!(positions >= POSITIONS || !failures.is_empty());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
