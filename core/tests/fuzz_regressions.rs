//! Inputs the fuzz targets (fuzz/) found crashing, each kept as a test after its fix.

use rookery_core::interact::{Interaction, Tap};
use rookery_core::{rules, Game};

/// fuzz target `taps`: a hand tap on a kind the game does not have indexed past the piece list
/// while writing the refusal.
#[test]
fn a_hand_tap_on_a_kind_the_game_does_not_have_is_refused() {
    for g in rules::catalogue().into_iter().filter(|g| g.playable) {
        let game = Game::new(g.id).unwrap();
        let kinds = game.variant.pieces.len();
        for kind in [kinds, kinds + 1, 255] {
            let mut ia = Interaction::new();
            assert!(
                matches!(ia.tap_hand(&game, kind as u8), Tap::Refused(_)),
                "{}: kind {kind}",
                g.id
            );
            assert_eq!(ia.picked(), None);
        }
    }
}

/// The soak (core/tests/soak.rs, duck seed 302 ply 77): the duck placed on the en passant
/// target of the double step just played left the chance in the hash and the FEN, which the
/// FEN reader refuses (the square is taken), so the position did not read back the same.
#[test]
fn duck_on_the_en_passant_target_closes_the_chance() {
    let mut g = Game::from_fen("duck", "4k3/8/8/8/4p3/8/3P4/4K2* w - - 0 1").unwrap();
    let before = (g.position().hash(), g.ply_count());
    g.play_text("d2d4,h1d3").unwrap();
    let pos = g.position();
    let fen = rules::write_position(pos);
    assert_eq!(fen, "4k3/8/8/8/3Pp3/3*4/8/4K3 b - - 0 1");
    let again = rules::parse_position(g.variant, &fen).unwrap();
    assert_eq!(again.hash(), pos.hash(), "the hash counts a closed chance");
    assert_eq!(pos.hash(), pos.compute_hash());
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.to != pos.variant.board.cell("d3").unwrap()));
    // undo restores the start exactly
    while g.ply_count() > before.1 {
        g.undo().unwrap();
    }
    assert_eq!(g.position().hash(), before.0);
    // with the duck elsewhere the chance stays: e4xd3 en passant is legal
    let mut h = Game::from_fen("duck", "4k3/8/8/8/4p3/8/3P4/4K2* w - - 0 1").unwrap();
    h.play_text("d2d4,h1a8").unwrap();
    assert!(rules::write_position(h.position()).contains(" d3 "));
    h.play_text("e4d3,a8h1").unwrap();
}

/// fuzz target `sfen_usi`: an SFEN hand count of many digits overflowed while being read.
#[test]
fn an_sfen_hand_count_of_many_digits_is_refused() {
    for (id, board) in [
        ("minishogi", "rbsgk/4p/5/P4/KGSBR"),
        (
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
    ] {
        let v = rules::variant(id).unwrap();
        for hand in ["44444444444444444444P", "4294967296P", "41P"] {
            let sfen = format!("{board} b {hand} 1");
            assert!(
                rules::shogi::parse_sfen(v, &sfen).is_err(),
                "{id}: {sfen} was read"
            );
        }
        assert!(rules::shogi::parse_sfen(v, &format!("{board} b 2P 1")).is_ok());
    }
}

/// fuzz target `position`: a friendly FEN whose chain field starts with a multi-byte character
/// was sliced inside it.
#[test]
fn a_friendly_chain_field_that_is_not_ascii_is_refused() {
    let v = rules::variant("friendly").unwrap();
    for chain in ["\u{451}\u{451}", "\u{451}", "a\u{451}N", "\u{1F600}"] {
        let fen =
            format!("r3kbr1/pb2p1p1/2p5/1pnp1q1p/PPBPPP2/2P3p1/(Bn)4QPP/RNK3NR b q - 2 2 {chain}");
        assert!(rules::parse_position(v, &fen).is_err(), "{fen}");
    }
}

/// fuzz target `store_text`: a PGN tag value holding a line break (and a NUL) became a player's
/// name, which Rookery's text form wrote unescaped, so the export did not read back.
#[test]
fn a_name_with_a_line_break_survives_the_text_form() {
    use rookery_core::store::{standard, text};
    let pgn =
        "[Event \"se\u{f3}d\"]\n[White \"?\"]\n[Black \"?nkqr\0\0 e.p.}\nc4ha - 0 1\"]\n\n*\n";
    let saved = standard::read(pgn).unwrap();
    assert_eq!(saved.setup.seats[1].name, "?nkqr\0\0 e.p.}\nc4ha - 0 1");
    let written = text::write(&saved);
    assert!(
        written.contains(r#"[Seat "?nkqr\u{0}\u{0} e.p.}\nc4ha - 0 1" "person"]"#),
        "{written}"
    );
    let again = text::read(&written).unwrap();
    assert_eq!(again.setup.seats, saved.setup.seats);
    assert_eq!(text::write(&again), written);
    // every control character, and the escapes' own characters, round trip
    let mut odd = saved.clone();
    odd.name = "a\"b\\c\td\re\u{7f}f\u{1b}g\u{85}h\u{2028}i".to_string();
    let back = text::read(&text::write(&odd)).unwrap();
    assert_eq!(back.name, odd.name);
    // a bad escape is a typed error
    let broken = written.replace(r"\u{0}", r"\u{110000}");
    assert!(text::read(&broken).is_err());
}

/// Found by the `position` fuzz target: in sittuyin's set-up, with its king still in hand, a
/// player could drop the king where an enemy pawn attacks it (the position after it did not
/// read back: "the side not to move is in check"). A king is not placed into check;
/// Fairy-Stockfish gives the same 18 drops.
#[test]
fn sittuyin_a_king_is_not_placed_where_it_is_attacked() {
    let g =
        rookery_core::Game::from_fen("sittuyin", "8/8/4pppp/pppP4/P4pPP/PPPP4/8/8[Kkn] w - - 0 1")
            .unwrap();
    let mut texts: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    texts.sort();
    assert_eq!(texts.len(), 18, "{texts:?}");
    assert!(
        !texts.iter().any(|t| t == "K@e3" || t == "K@g3"),
        "{texts:?}"
    );
}

/// fuzz target `store_text`: telling a CSA record apart sliced a line by bytes, and a move line
/// of a PGN4 record starting `-. @` followed by a letter of several bytes split that letter.
#[test]
fn a_record_line_with_letters_of_several_bytes_is_read_without_a_panic() {
    for line in ["-. @\u{fffd}\u{fffd}a8-b8 .. O-O", "+7é76FU", "-ř5ř6FU"] {
        let record = format!("[Variant \"Teams\"]\n[StartFen4 \"4PC\"]\n\n1. j2-j3\n{line}\n");
        // refused or read: either way an answer, never a panic
        let _ = rookery_core::store::standard::read(&record);
        let _ = rookery_core::store::standard::read(line);
    }
}

/// fuzz target `pgn`: a record whose Variant tag names a game of more than two seats
/// (`[Variant "chaturaji"]`) imported, and then could not be written back (PGN records
/// two-player games). The reader now refuses it as a malformed record.
#[test]
fn a_pgn_variant_tag_naming_a_game_of_more_seats_is_refused() {
    let mut refused = 0;
    for g in rules::catalogue().into_iter().filter(|g| g.playable) {
        let v = rules::variant(g.id).unwrap();
        let record = format!("[Variant \"{}\"]\n\n*\n", g.id);
        let read = rookery_core::notation::pgn::read(&record);
        if v.seat_count() == 2 {
            continue;
        }
        assert!(
            matches!(read, Err(rookery_core::Error::BadRecord(_))),
            "{}: {:?}",
            g.id,
            read.map(|r| r.game.texts())
        );
        refused += 1;
    }
    assert!(refused >= 6, "{refused} games of more seats");
}

#[test]
fn a_hand_count_too_large_for_a_number_is_refused_not_an_overflow() {
    // fuzz target sfen_usi: a run of digits saturates the count, and adding the piece already
    // in hand overflowed
    use rookery_core::rules::{self, shogi};
    let v = rules::variant("shogi").unwrap();
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert!(
        shogi::parse_sfen(v, start).is_ok(),
        "the record's form is read"
    );
    let sfen = start.replace(" - ", &format!(" R{}R ", "5".repeat(40)));
    assert!(shogi::parse_sfen(v, &sfen).is_err());
}
