//! Bad input never panics: every playable game's position notation (FEN, FEN4, FEN8, the
//! three-player form) and the coordinate move text are fed random and adversarial strings.
//! Each either gives a typed error or a position that writes, reads back and generates moves.
//! Seeded, so a failure names an input that reproduces it.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rookery_core::notation::movetext;
use rookery_core::rng::XorShift as Rng;
use rookery_core::{rules, Game};

const ALPHABET: &[&str] = &[
    "/",
    "-",
    ",",
    " ",
    "0",
    "1",
    "2",
    "9",
    "10",
    "14",
    "99999999999999999999",
    "x",
    "w",
    "b",
    "K",
    "k",
    "Q",
    "q",
    "R",
    "r",
    "B",
    "N",
    "n",
    "P",
    "p",
    "rK",
    "yQ",
    "gP",
    "bR",
    "dK",
    "~",
    "[",
    "]",
    "+",
    "#",
    "=",
    "e4",
    "a1",
    "h8",
    "n14",
    "x24",
    "X",
    "ř",
    "\u{0}",
    "\n",
    "Ω",
];

/// Mutations of a valid text: delete, duplicate, replace or insert a piece of it.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = chars.clone();
    for _ in 0..1 + rng.below(4) {
        if out.is_empty() {
            break;
        }
        let i = rng.below(out.len());
        match rng.below(5) {
            0 => {
                out.remove(i);
            }
            1 => {
                let c = out[i];
                out.insert(i, c);
            }
            2 => {
                let s = ALPHABET[rng.below(ALPHABET.len())];
                out.splice(i..=i, s.chars());
            }
            3 => {
                let s = ALPHABET[rng.below(ALPHABET.len())];
                out.splice(i..i, s.chars());
            }
            _ => {
                let j = (i + rng.below(8)).min(out.len());
                out.drain(i..j);
            }
        }
    }
    out.into_iter().collect()
}

fn random_text(rng: &mut Rng) -> String {
    (0..rng.below(40))
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

fn adversarial(start: &str) -> Vec<String> {
    let first_field = start.split_whitespace().next().unwrap_or("");
    vec![
        String::new(),
        " ".into(),
        "/".repeat(30),
        "9".repeat(40),
        format!("{} w", "9".repeat(40)),
        format!("{first_field} {}", "x".repeat(10_000)),
        start.replace('/', "//"),
        start.replace(',', ",,"),
        start.replacen('-', "-99999999999-", 3),
        format!("{start} 99999999999999999999 99999999999999999999"),
        format!("{start} -1 -1"),
        start.to_uppercase(),
        start.to_lowercase(),
        start.chars().rev().collect(),
        "8/8/8/8/8/8/8/8 w - - 0 1".into(),
        "k7/8/8/8/8/8/8/K7 w KQkq - 0 1".into(),
        "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1".into(),
        format!("{start}\u{0}"),
        "ř/ř/ř".into(),
    ]
}

/// Parses `text`; if it is a position, writes it, reads the writing back, starts a game and
/// lists moves (each may fail with an error, none may panic).
fn exercise(id: &'static str, text: &str) {
    let v = rules::variant(id).unwrap();
    let result = catch_unwind(AssertUnwindSafe(|| {
        if let Ok(pos) = rules::parse_position(v, text) {
            let written = rules::write_position(&pos);
            let again = rules::parse_position(v, &written);
            assert!(
                again.is_ok(),
                "{id}: a position written as {written:?} does not read back: {again:?}"
            );
            if let Ok(g) = Game::from_fen(id, text) {
                let moves = g.legal_moves();
                for m in moves.iter().take(5) {
                    let t = g.move_text(*m);
                    let mut g2 = g.clone();
                    g2.play_text(&t).unwrap();
                }
            }
        }
    }));
    assert!(result.is_ok(), "{id}: panicked on {text:?}");
}

#[test]
fn position_notations_never_panic_on_random_and_adversarial_text() {
    let mut rng = Rng(0x5eed_f00d);
    let mut tried = 0;
    for info in rules::catalogue().into_iter().filter(|g| g.playable) {
        let v = rules::variant(info.id).unwrap();
        let start = v.start_fen.clone();
        let valid = rules::write_position(&rules::start_position(v, 0).unwrap());
        for text in adversarial(&valid).iter().chain(adversarial(&start).iter()) {
            exercise(info.id, text);
            tried += 1;
        }
        for _ in 0..400 {
            exercise(info.id, &mutate(&mut rng, &valid));
            exercise(info.id, &random_text(&mut rng));
            tried += 2;
        }
    }
    println!("{tried} texts tried");
    assert!(tried > 8000);
}

#[test]
fn move_text_never_panics_and_bad_text_changes_nothing() {
    let mut rng = Rng(0xfeed_beef);
    for info in rules::catalogue().into_iter().filter(|g| g.playable) {
        let g = Game::new(info.id).unwrap();
        let hash = g.position().hash();
        for _ in 0..300 {
            let text = random_text(&mut rng);
            let r = catch_unwind(AssertUnwindSafe(|| {
                let _ = movetext::parse(g.position(), &text);
                let mut g2 = g.clone();
                if g2.act_text(&text).is_err() {
                    assert_eq!(g2.position().hash(), hash);
                    assert_eq!(g2.ply_count(), 0);
                }
            }));
            assert!(r.is_ok(), "{}: move text {text:?} panicked", info.id);
        }
    }
}

#[test]
fn a_long_digit_run_in_a_fen_rank_is_an_error_not_a_wrapped_count() {
    let v = rules::variant("chess").unwrap();
    // 65543 wraps to 7 in a 16-bit counter, which would put the king on h1
    for fen in [
        "k7/8/8/8/8/8/8/65543K w - - 0 1",
        "k7/8/8/8/8/8/8/99999999999999999999 w - - 0 1",
        "k7/8/8/8/8/8/8/0K7 w - - 0 1",
    ] {
        assert!(
            matches!(
                rules::parse_position(v, fen),
                Err(rookery_core::Error::BadFen(_))
            ),
            "{fen}"
        );
    }
}

#[test]
fn castling_whose_king_move_text_a_king_step_also_fits_is_written_king_takes_rook() {
    // found by the `position` fuzz target: in chess set up with the king on f1 and the h1 rook's
    // right, castling was written `f1g1`, which reads back as the king's step to g1, so a saved
    // game replayed another move
    let fen = "rb1nqknr/1pp1pppp/8/3p4/p2P4/6PN/PPPQPP1P/RBBN1K1R w HAha - 0 1";
    let g = Game::from_fen("chess", fen).unwrap();
    let castle = g
        .legal_moves()
        .into_iter()
        .find(|m| m.kind == rookery_core::position::MoveKind::Castle)
        .expect("white may castle");
    let text = g.move_text(castle);
    assert_eq!(text, "f1h1");
    assert_eq!(movetext::parse(g.position(), &text), Ok(castle));
    assert_eq!(
        movetext::parse(g.position(), "f1g1").map(|m| m.kind),
        Ok(rookery_core::position::MoveKind::Normal)
    );
    // every legal move's text reads back as that move, and a replay of the texts is the game
    for m in g.legal_moves() {
        let t = g.move_text(m);
        assert_eq!(movetext::parse(g.position(), &t), Ok(m), "{t}");
    }
    let mut played = g.clone();
    played.play(castle).unwrap();
    let mut replayed = g.clone();
    for t in played.texts() {
        replayed.act_text(&t).unwrap();
    }
    assert_eq!(replayed.position().hash(), played.position().hash());
    // the standard start still writes castling as the king's move
    let g = Game::from_fen("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let texts: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect();
    assert!(texts.contains(&"e1g1".to_string()) && texts.contains(&"e1c1".to_string()));
}
