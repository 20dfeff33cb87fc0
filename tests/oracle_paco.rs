//! Differential test of friendly chess (Paco Ŝako) against its reference implementation: the
//! MIT-licensed `pacosako` library behind pacoplay.com, built as `paco-oracle` from
//! `../shared/oracle/paco/oracle` (tests/run-all.sh builds it into `target/paco`; the binary is
//! `$PACO_ORACLE`, else `<target dir>/paco/release/paco-oracle`).
//!
//! For the start and for the positions of seeded random games, the set of positions every turn
//! can end in is compared (not only counts): ours from `movegen::turn_ends`, the reference's
//! from `paco-oracle divide --depth 1` (one line per distinct resulting position). Both sides'
//! FEN are mapped by the converter below (the reference writes a union as one letter, ours in
//! parentheses). Rule differences and what was decided: docs/rules-decisions.md, "Friendly
//! chess". The reference's known quirk (a rook leaving its corner by a chain keeps its castling
//! right) is not copied: a turn whose result differs only in the castling rights of a corner a
//! chain left or entered is not counted as a difference (see `castling_quirk`).
//!
//! `ROOKERY_PACO_STRESS=<games>` plays that many games instead of the default.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use rookery_core::movegen::turn_ends;
use rookery_core::rules::{parse_position, variant, write_position};
use rookery_core::Position;
use rookery_tests::oracle_support::Rng;

/// The oracle binary; panics with how to build it when it is missing (never skips silently).
fn oracle_path() -> PathBuf {
    if let Some(p) = std::env::var_os("PACO_ORACLE") {
        return PathBuf::from(p);
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let p = target.join("paco/release/paco-oracle");
    assert!(
        p.exists(),
        "the Paco Ŝako oracle is missing at {}: build it with\n  CARGO_TARGET_DIR=target/paco cargo \
         build --release --locked --manifest-path ../shared/oracle/paco/oracle/Cargo.toml\n(or set \
         PACO_ORACLE)",
        p.display()
    );
    p
}

/// Kinds in the reference's union-letter order: pawn, rook, knight, bishop, queen, king.
const ORDER: [char; 6] = ['p', 'r', 'n', 'b', 'q', 'k'];

/// The reference's union letters: (lower kind, higher kind) in `ORDER` -> letter, written
/// lower case when black holds the lower kind and white the higher one.
const UNIONS: [(char, char, char); 21] = [
    ('p', 'p', 'a'),
    ('p', 'r', 'c'),
    ('p', 'n', 'd'),
    ('p', 'b', 'e'),
    ('p', 'q', 'f'),
    ('p', 'k', 'g'),
    ('r', 'r', 'h'),
    ('r', 'n', 'i'),
    ('r', 'b', 'j'),
    ('r', 'q', 'l'),
    ('r', 'k', 'm'),
    ('n', 'n', 'o'),
    ('n', 'b', 's'),
    ('n', 'q', 't'),
    ('n', 'k', 'u'),
    ('b', 'b', 'v'),
    ('b', 'q', 'w'),
    ('b', 'k', 'x'),
    ('q', 'q', 'y'),
    ('q', 'k', 'z'),
    ('k', 'k', '_'),
];

fn rank(k: char) -> usize {
    ORDER.iter().position(|&o| o == k).expect("a piece letter")
}

/// Our union (white kind, black kind, lower case) as the reference's letter.
fn union_letter(white: char, black: char) -> char {
    let (lo, hi, black_low) = if rank(black) <= rank(white) {
        (black, white, true)
    } else {
        (white, black, false)
    };
    let l = UNIONS
        .iter()
        .find(|u| u.0 == lo && u.1 == hi)
        .expect("a union")
        .2;
    if black_low || lo == hi {
        l
    } else {
        l.to_ascii_uppercase()
    }
}

/// The reference's union letter as (white kind, black kind), lower case.
fn union_parts(l: char) -> Option<(char, char)> {
    let u = UNIONS.iter().find(|u| u.2 == l.to_ascii_lowercase())?;
    Some(if l.is_ascii_lowercase() || l == '_' {
        (u.1, u.0)
    } else {
        (u.0, u.1)
    })
}

/// Our FEN (at a turn's start) as the reference's.
fn to_reference(ours: &str) -> String {
    let f: Vec<&str> = ours.split_whitespace().collect();
    let mut board = String::new();
    let mut chars = f[0].chars();
    while let Some(c) = chars.next() {
        if c == '(' {
            let w = chars.next().unwrap().to_ascii_lowercase();
            let b = chars.next().unwrap();
            chars.next();
            board.push(union_letter(w, b));
        } else {
            board.push(c);
        }
    }
    let mut castling: String = ['Q', 'K', 'q', 'k']
        .iter()
        .filter(|c| f[2].contains(**c))
        .map(|c| match c {
            'Q' => 'A',
            'K' => 'H',
            'q' => 'a',
            _ => 'h',
        })
        .collect();
    if castling.is_empty() {
        castling.push('-');
    }
    format!("{board} {} {} {castling} {} -", f[1], f[4], f[3])
}

/// The reference's FEN (its ranks, side, castling and en passant) as ours.
fn from_reference(theirs: &str) -> String {
    let f: Vec<&str> = theirs.split_whitespace().collect();
    let mut board = String::new();
    for c in f[0].chars() {
        match union_parts(c) {
            Some((w, b)) if !"PNBRQKpnbrqk/12345678".contains(c) => {
                board.push('(');
                board.push(w.to_ascii_uppercase());
                board.push(b);
                board.push(')');
            }
            _ => board.push(c),
        }
    }
    let mut castling: String = ['H', 'A', 'h', 'a']
        .iter()
        .filter(|c| f[3].contains(**c))
        .map(|c| match c {
            'H' => 'K',
            'A' => 'Q',
            'h' => 'k',
            _ => 'q',
        })
        .collect();
    if castling.is_empty() {
        castling.push('-');
    }
    format!("{board} {} {castling} {} {} 1", f[1], f[4], f[2])
}

/// The identity of a position as compared: ranks, side, castling, en passant (ours, written
/// by our FEN writer after reading, so both sides name an en passant chance alike).
fn key(ours: &str) -> String {
    let v = variant("friendly").unwrap();
    let text = match parse_position(v, ours) {
        Ok(p) => write_position(&p),
        Err(_) => ours.to_string(),
    };
    let mut f: Vec<String> = text
        .split_whitespace()
        .take(4)
        .map(str::to_string)
        .collect();
    f[2] = castling_quirk(&f[0], &f[2]);
    let lone: String = f[0]
        .split('(')
        .map(|part| part.split_once(')').map_or(part, |(_, rest)| rest))
        .collect();
    if !(lone.contains('K') && lone.contains('k')) {
        // a king is in a union: the game is over, and nobody moves (the reference leaves the
        // winner to move after a pawn reached the king on the far rank, as its promotion would
        // have been due; ours passes the turn)
        f[1] = "-".to_string();
    }
    f.join(" ")
}

/// The castling rights that can still be used by our rule (docs/rules-decisions.md): a right
/// whose rook square does not hold that side's lone rook (a union formed there, or a chain took
/// the rook out of a union there) or whose king left its square is dead, while the reference
/// keeps it as long as no rook was lifted from the square (its known quirk, not copied).
fn castling_quirk(board: &str, castling: &str) -> String {
    // the board's cells, a8 first, each a lone piece letter, a union or empty
    let mut cells: Vec<String> = Vec::new();
    let mut chars = board.chars();
    while let Some(c) = chars.next() {
        match c {
            '/' => {}
            '(' => {
                let u: String = chars.by_ref().take_while(|&x| x != ')').collect();
                cells.push(format!("({u})"));
            }
            d if d.is_ascii_digit() => {
                cells.extend((0..d.to_digit(10).unwrap()).map(|_| String::new()))
            }
            p => cells.push(p.to_string()),
        }
    }
    let at = |sq: &str| {
        let b = sq.as_bytes();
        let (x, y) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        cells.get((7 - y) * 8 + x).cloned().unwrap_or_default()
    };
    let alive = |right: char| match right {
        'K' => at("e1") == "K" && at("h1") == "R",
        'Q' => at("e1") == "K" && at("a1") == "R",
        'k' => at("e8") == "k" && at("h8") == "r",
        'q' => at("e8") == "k" && at("a8") == "r",
        _ => false,
    };
    let kept: String = castling.chars().filter(|&c| alive(c)).collect();
    if kept.is_empty() {
        "-".to_string()
    } else {
        kept
    }
}

/// The reference's distinct turn ends from our position (its FEN converted).
fn reference_ends(oracle: &PathBuf, fen: &str) -> BTreeSet<String> {
    let out = Command::new(oracle)
        .args(["divide", "--depth", "1", "--fen", &to_reference(fen)])
        .output()
        .expect("run paco-oracle");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "paco-oracle failed on {} (ours {fen}): {}",
        to_reference(fen),
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines()
        .filter_map(|l| l.split_once("  -> "))
        .map(|(_, r)| key(&from_reference(r.split("   #").next().unwrap_or(r))))
        .collect()
}

/// Our distinct turn ends from a position.
fn our_ends(pos: &Position) -> BTreeSet<String> {
    let mut p = pos.clone();
    let mut out = BTreeSet::new();
    for steps in turn_ends(&mut p) {
        let mut q = pos.clone();
        for m in steps {
            q.make(m);
        }
        out.insert(key(&write_position(&q)));
    }
    out
}

/// Whether a position can be given to the reference as a FEN: at a turn's start, with no
/// carried pawn's promotion pending (the reference's FEN cannot say it), the game not over.
fn expressible(pos: &Position) -> bool {
    let fen = write_position(pos);
    let moves = pos.legal_moves();
    fen.split_whitespace().count() == 6
        && !moves.iter().any(|m| m.from == m.to)
        && !moves.is_empty()
        && (0..2).all(|s| pos.king(s).is_some())
}

#[test]
fn friendly_turn_ends_match_the_pacosako_reference() {
    let oracle = oracle_path();
    let v = variant("friendly").unwrap();
    let games: usize = std::env::var("ROOKERY_PACO_STRESS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let t0 = Instant::now();
    let mut rng = Rng(0x9ac0_5a0c);
    let (mut positions, mut turns, mut skipped) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for _ in 0..games {
        let mut pos = parse_position(v, &v.start_fen).unwrap();
        for _ in 0..60 {
            let ends = turn_ends(&mut pos.clone());
            if ends.is_empty() {
                break;
            }
            if expressible(&pos) {
                let fen = write_position(&pos);
                let ours = our_ends(&pos);
                let theirs = reference_ends(&oracle, &fen);
                positions += 1;
                turns += theirs.len();
                if ours != theirs {
                    let only_ours: Vec<_> = ours.difference(&theirs).cloned().collect();
                    let only_theirs: Vec<_> = theirs.difference(&ours).cloned().collect();
                    failures.push(format!(
                        "{fen} (reference {}):\n  only ours: {only_ours:?}\n  only the reference's: {only_theirs:?}",
                        to_reference(&fen)
                    ));
                }
            } else {
                skipped += 1;
            }
            let steps = &ends[rng.below(ends.len())];
            for &m in steps {
                pos.make(m);
            }
            if (0..2).any(|s| pos.king(s).is_none()) {
                break;
            }
        }
    }
    println!(
        "friendly vs pacosako: {positions} positions from {games} random games, {turns} turn ends \
         compared as sets, {} differing positions, {skipped} positions skipped (pending carried \
         promotion), {:.1} s",
        failures.len(),
        t0.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} positions differ:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

#[test]
fn the_converter_maps_unions_both_ways() {
    // (white knight, black bishop): the reference writes `s` for (black knight, white bishop),
    // so this one is `S`
    assert_eq!(union_letter('n', 'b'), 'S');
    assert_eq!(union_letter('b', 'n'), 's');
    assert_eq!(union_letter('p', 'p'), 'a');
    assert_eq!(union_parts('E'), Some(('p', 'b')));
    assert_eq!(union_parts('e'), Some(('b', 'p')));
    let ours = "rnbk3r/pppp1ppp/3b1q1(Bn)/4p3/3P3P/5P1R/PPP1P1P1/RN1QKBN1 w Q - 3 1";
    let theirs = "rnbk3r/pppp1ppp/3b1q1s/4p3/3P3P/5P1R/PPP1P1P1/RN1QKBN1 w 3 A - -";
    assert_eq!(to_reference(ours), theirs);
    assert_eq!(key(&from_reference(theirs)), key(ours));
}

/// The reference's counts (`paco-oracle perft`, ../shared/oracle/paco/oracle/NOTES.md), kept
/// here so they are checked without the oracle: the start to depth 5 and the positions after
/// 10, 20, 15, 25 and 30 turns of its random games (seeds 1, 3, 2, 4, 5) to depth 4.
#[test]
fn friendly_perft_counts_whole_turns_as_the_reference() {
    let v = variant("friendly").unwrap();
    let cases: [(&str, &[u64]); 6] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[20, 400, 8_902, 197_792, 4_901_417],
        ),
        (
            "rnbk3r/pppp1ppp/3b1q1(Bn)/4p3/3P3P/5P1R/PPP1P1P1/RN1QKBN1 w Q - 3 1",
            &[30, 1_168, 37_893, 1_552_539],
        ),
        (
            "r1bq2nr/pppk1pb1/7p/nP1pp3/4P3/2P2(Pp)1P/P2PQP2/RNB1KBNR w KQ - 9 1",
            &[21, 616, 15_478, 491_792],
        ),
        // and the notes' other random-game positions (seeds 2, 4 and 5: 15, 25 and 30 turns)
        (
            "rnb1kb1r/p2p1ppp/1p2p3/2p1n1q1/P3P1P1/2P2Q2/1P1P1P1P/RNB1KBNR b KQkq - 15 1",
            &[38, 1_273, 48_308, 1_606_593],
        ),
        (
            "r1bqkbnr/3pp1p1/n(Pp)6/p1p1(Pp)2(Pp)/3P3P/BP5R/P3BP2/RN1QK1N1 b Qkq - 1 1",
            &[23, 848, 22_447, 881_902],
        ),
        (
            "1rb2k1r/ppppq2p/2n1p2(Np)/2Q2n2/P2P1(Bb)2/1RP2pP1/1P2PP1P/4KBNR w K - 3 1",
            &[54, 2_361, 116_925, 5_402_343],
        ),
    ];
    for (fen, counts) in cases {
        let mut pos = parse_position(v, fen).unwrap();
        for (d, &n) in counts.iter().enumerate() {
            let t0 = Instant::now();
            let got = rookery_core::movegen::perft_turns(&mut pos, d as u32 + 1);
            println!(
                "{fen} depth {}: {got} ({:.2} s)",
                d + 1,
                t0.elapsed().as_secs_f64()
            );
            assert_eq!(got, n, "{fen} depth {}", d + 1);
        }
    }
    // the reference's FEN of both positions converts to ours
    assert_eq!(
        key(&from_reference(
            "rnbk3r/pppp1ppp/3b1q1s/4p3/3P3P/5P1R/PPP1P1P1/RN1QKBN1 w 3 A - -"
        )),
        key(cases[1].0)
    );
    assert_eq!(
        key(&from_reference(
            "r1bq2nr/pppk1pb1/7p/nP1pp3/4P3/2P2a1P/P2PQP2/RNB1KBNR w 9 AH - -"
        )),
        key(cases[2].0)
    );
}
