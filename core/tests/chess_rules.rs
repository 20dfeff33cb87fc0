//! Chess and Chess960 rules (FIDE Laws; docs/rules-decisions.md), one test per rule, each named
//! after the rule it proves.

use std::collections::BTreeSet;

use rookery_core::game::EndReason;
use rookery_core::notation::fen;
use rookery_core::{rules, Action, Error, Game};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn chess(fen_text: &str) -> Game {
    Game::from_fen("chess", fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"))
}

fn c960(fen_text: &str) -> Game {
    Game::from_fen("chess960", fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"))
}

/// The legal moves in the game's move text.
fn legal(g: &Game) -> BTreeSet<String> {
    g.legal_moves()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect()
}

fn can(g: &Game, text: &str) -> bool {
    legal(g).contains(text)
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", fen_of(g)));
    }
}

fn fen_of(g: &Game) -> String {
    rules::write_position(g.position())
}

/// The piece placement field of the current FEN.
fn board(g: &Game) -> String {
    fen_of(g).split(' ').next().unwrap().to_string()
}

fn castling_field(g: &Game) -> String {
    fen_of(g).split(' ').nth(2).unwrap().to_string()
}

fn reason(g: &Game) -> Option<EndReason> {
    g.outcome().map(|o| o.reason)
}

// ------------------------------------------------------------------ castling

#[test]
fn castling_king_side_moves_the_king_two_squares_and_the_rook_over_it() {
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "e1g1");
    assert_eq!(board(&g), "r3k2r/8/8/8/8/8/8/R4RK1");
    play(&mut g, "O-O-O");
    assert_eq!(board(&g), "2kr3r/8/8/8/8/8/8/R4RK1");
    assert_eq!(castling_field(&g), "-");
}

#[test]
fn castling_queen_side_moves_the_king_to_the_c_file_and_the_rook_to_the_d_file() {
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "e1c1");
    assert_eq!(board(&g), "r3k2r/8/8/8/8/8/8/2KR3R");
    assert_eq!(castling_field(&g), "kq");
}

#[test]
fn castling_is_not_allowed_out_of_check() {
    let g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(can(&g, "e1g1") && can(&g, "e1c1"));
    let g = chess("r3k2r/8/8/8/8/8/4q3/R3K2R w KQ - 0 1"); // Qe2 checks
    assert!(!can(&g, "e1g1") && !can(&g, "e1c1"));
    let g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let g2 = chess("r3k2r/8/8/8/8/3n4/8/R3K2R w KQkq - 0 1"); // knight check
    assert!(can(&g, "e1g1") && !can(&g2, "e1g1") && !can(&g2, "e1c1"));
}

#[test]
fn castling_is_not_allowed_through_an_attacked_square() {
    // the black rook on f8 attacks f1, which the king crosses
    let g = chess("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!can(&g, "e1g1"));
    assert!(can(&g, "e1c1"));
    // d1 attacked: no queen-side castling
    let g = chess("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!can(&g, "e1c1") && can(&g, "e1g1"));
}

#[test]
fn castling_is_not_allowed_into_check() {
    let g = chess("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"); // g1 attacked
    assert!(!can(&g, "e1g1"));
    let g = chess("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"); // c1 attacked
    assert!(!can(&g, "e1c1"));
}

#[test]
fn castling_queen_side_is_allowed_when_only_the_rook_crosses_an_attacked_square() {
    // b1 is attacked, but only the rook passes it
    let g = chess("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(can(&g, "e1c1"));
}

#[test]
fn castling_is_not_allowed_with_any_piece_between_king_and_rook() {
    let g = chess("r3k2r/8/8/8/8/8/8/RN2K1nR w KQkq - 0 1");
    assert!(!can(&g, "e1c1"), "own knight on b1");
    assert!(!can(&g, "e1g1"), "enemy knight on g1");
    let g = chess("r3k2r/8/8/8/8/8/8/R2QKB1R w KQkq - 0 1");
    assert!(!can(&g, "e1c1") && !can(&g, "e1g1"));
}

#[test]
fn castling_rights_are_lost_for_good_when_the_king_moves() {
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "e1f1 a8b8 f1e1 b8a8");
    assert_eq!(board(&g), "r3k2r/8/8/8/8/8/8/R3K2R");
    assert_eq!(castling_field(&g), "k");
    assert!(!can(&g, "e1g1") && !can(&g, "e1c1"));
}

#[test]
fn castling_rights_are_lost_on_one_side_when_that_rook_moves() {
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "h1h2 h8h7 h2h1 h7h8");
    assert_eq!(castling_field(&g), "Qq");
    assert!(!can(&g, "e1g1") && can(&g, "e1c1"));
}

#[test]
fn castling_rights_are_lost_when_the_rook_is_captured_on_its_square() {
    let mut g = chess("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    play(&mut g, "g2h1");
    assert_eq!(castling_field(&g), "Qkq");
    assert!(!can(&g, "e1g1"));
}

#[test]
fn castling_is_written_and_read_as_o_o_and_o_o_o() {
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "O-O 0-0-0");
    assert_eq!(board(&g), "2kr3r/8/8/8/8/8/8/R4RK1");
}

// ------------------------------------------------------------------ Chess960 castling

#[test]
fn chess960_castling_puts_king_and_rook_on_the_classical_squares_from_any_start() {
    // king b1, rook a1 (queen side): king goes right to c1, rook to d1
    let mut g = c960("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    play(&mut g, "b1a1");
    assert_eq!(board(&g), "4k3/8/8/8/8/8/8/2KR4");
    // king b1, rook h1 (king side)
    let mut g = c960("4k3/8/8/8/8/8/8/1K5R w H - 0 1");
    play(&mut g, "O-O");
    assert_eq!(board(&g), "4k3/8/8/8/8/8/8/5RK1");
    // black, king f8, rook a8
    let mut g = c960("r4k2/8/8/8/8/8/8/4K3 b a - 0 1");
    play(&mut g, "f8a8");
    assert_eq!(board(&g), "2kr4/8/8/8/8/8/8/4K3");
}

#[test]
fn chess960_castling_with_the_king_already_on_its_target_square_moves_only_the_rook() {
    let mut g = c960("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    play(&mut g, "g1h1");
    assert_eq!(board(&g), "4k3/8/8/8/8/8/8/5RK1");
    let mut g = c960("4k3/8/8/8/8/8/8/R1K5 w A - 0 1");
    play(&mut g, "O-O-O");
    assert_eq!(board(&g), "4k3/8/8/8/8/8/8/2KR4");
}

#[test]
fn chess960_castling_with_the_rook_on_the_kings_target_square_swaps_them() {
    // king f1, rook g1: king to g1, rook to f1
    let mut g = c960("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    play(&mut g, "f1g1");
    assert_eq!(board(&g), "4k3/8/8/8/8/8/8/5RK1");
    // king d1, rook c1: king to c1, rook to d1
    let mut g = c960("4k3/8/8/8/8/8/8/2RK4 w C - 0 1");
    play(&mut g, "d1c1");
    assert_eq!(board(&g), "4k3/8/8/8/8/8/8/2KR4");
}

#[test]
fn chess960_castling_needs_every_square_the_king_and_rook_pass_or_reach_empty() {
    // the rook's target d1 holds a knight
    let g = c960("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1");
    assert!(!can(&g, "b1a1"));
    // the king's path b1..g1 holds a bishop on e1
    let g = c960("4k3/8/8/8/8/8/8/1K2B2R w H - 0 1");
    assert!(!can(&g, "b1h1"));
    let g = c960("4k3/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(can(&g, "b1h1"));
}

#[test]
fn chess960_castling_is_not_allowed_when_a_square_the_king_crosses_is_attacked() {
    let g = c960("4r1k1/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(!can(&g, "b1h1"));
}

#[test]
fn chess960_castling_is_allowed_when_the_castling_rook_is_attacked() {
    let g = c960("4k2r/8/8/8/8/8/8/5K1R w H - 0 1");
    assert!(can(&g, "f1h1"));
}

#[test]
fn chess960_castling_is_illegal_when_the_rook_leaving_uncovers_an_attack_on_the_king_target() {
    // the black rook on a1 is screened from c1 by the castling rook on b1 only
    let g = c960("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1");
    assert!(!can(&g, "e1b1"));
}

#[test]
fn chess960_castling_is_written_king_takes_rook_and_read_in_every_form() {
    let g = c960("4k3/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(legal(&g).contains("b1h1"));
    for text in ["b1h1", "O-O", "b1g1"] {
        let mut g = g.clone();
        play(&mut g, text);
        assert_eq!(board(&g), "4k3/8/8/8/8/8/8/5RK1", "{text}");
    }
}

#[test]
fn chess960_start_positions_are_numbered_0_to_959_with_518_the_classical_one() {
    let g = Game::with_options("chess960", Default::default(), 0, Some(518)).unwrap();
    assert_eq!(
        fen_of(&g),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert!(Game::with_options("chess960", Default::default(), 0, Some(960)).is_err());
}

// ------------------------------------------------------------------ en passant

#[test]
fn en_passant_captures_the_pawn_that_just_double_stepped() {
    let mut g = chess("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d7d5 e5d6");
    assert_eq!(board(&g), "4k3/8/3P4/8/8/8/8/4K3");
}

#[test]
fn en_passant_is_only_allowed_on_the_move_right_after_the_double_step() {
    let mut g = chess("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d7d5 e1d1 e8d8");
    assert!(!can(&g, "e5d6"));
}

#[test]
fn en_passant_is_illegal_when_it_exposes_the_king_along_the_rank() {
    // both pawns leave the fifth rank: the rook on h5 would check the king on a5
    let g = chess("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    assert!(!can(&g, "b5c6"));
    let g = chess("8/8/8/KPp5/8/8/8/4k2r w - c6 0 1");
    assert!(can(&g, "b5c6"));
}

#[test]
fn en_passant_can_capture_a_checking_pawn() {
    let g = chess("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(g.position().in_check(1));
    assert!(can(&g, "e4d3"));
}

// ------------------------------------------------------------------ promotion

#[test]
fn promotion_offers_queen_rook_bishop_and_knight() {
    let g = chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let promos: BTreeSet<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    let want: BTreeSet<String> = ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(promos, want);
    for (text, placed) in [
        ("a7a8q", 'Q'),
        ("a7a8r", 'R'),
        ("a7a8b", 'B'),
        ("a7a8n", 'N'),
    ] {
        let mut g = g.clone();
        play(&mut g, text);
        assert!(board(&g).starts_with(&format!("{placed}3k3")), "{text}");
    }
}

#[test]
fn promotion_is_compulsory_for_a_pawn_reaching_the_last_rank() {
    let mut g = chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(g.play_text("a7a8"), Err(Error::IllegalMove(_))));
}

#[test]
fn promotion_by_capture_and_black_promotion_work_the_same() {
    let mut g = chess("1r2k3/P7/8/8/8/8/7p/4K3 w - - 0 1");
    play(&mut g, "a7b8=N h2h1q");
    assert_eq!(board(&g), "1N2k3/8/8/8/8/8/8/4K2q");
}

// ------------------------------------------------------------------ check, mate, stalemate

#[test]
fn check_a_move_that_leaves_the_own_king_attacked_is_illegal() {
    // the bishop on e2 is pinned by the rook on e8
    let g = chess("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    assert!(legal(&g).iter().all(|m| !m.starts_with("e2")));
    // the king may not step onto an attacked square
    let g = chess("4r1k1/8/8/8/8/8/8/3K4 w - - 0 1");
    assert!(!can(&g, "d1e1") && !can(&g, "d1e2") && can(&g, "d1d2"));
}

#[test]
fn check_must_be_answered_by_capturing_blocking_or_moving_the_king() {
    let mut g = chess("4k3/8/8/8/8/8/3N4/R3K2r w - - 0 1");
    assert!(g.position().in_check(0));
    // block with the knight or step off the rank; the rook on a1 cannot help
    let want: BTreeSet<String> = ["e1e2", "e1f2", "d2f1"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(legal(&g), want);
    play(&mut g, "d2f1");
    assert!(!g.position().in_check(0));
}

#[test]
fn checkmate_ends_the_game_and_the_mating_side_wins() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "f2f3 e7e5 g2g4 d8h4");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.winners, vec![1]);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play_text("a2a3"), Err(Error::GameOver));
}

#[test]
fn stalemate_is_a_draw() {
    let mut g = chess("7k/8/4Q1K1/8/8/8/8/8 w - - 0 1");
    play(&mut g, "e6f7");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Stalemate);
    assert!(o.is_draw());
}

// ------------------------------------------------------------------ draws

#[test]
fn threefold_repetition_of_a_position_is_a_draw() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert!(!g.is_over());
    play(&mut g, "f6g8"); // the start position for the third time
    assert_eq!(reason(&g), Some(EndReason::Repetition));
    assert!(g.outcome().unwrap().is_draw());
}

#[test]
fn threefold_repetition_counts_the_position_right_after_a_capture() {
    // the position after the capture e4d5 comes back twice by knight moves: the first of
    // the positions since the last capture or pawn move counts
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "e2e4 d7d5 e4d5 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8");
    assert!(!g.is_over());
    play(&mut g, "f3g1"); // the position after e4d5 for the third time
    assert_eq!(reason(&g), Some(EndReason::Repetition));
}

#[test]
fn threefold_repetition_counts_positions_with_an_en_passant_right_as_different() {
    // after e2e4 black may take en passant; the same placement later, without that right,
    // is another position
    let mut g = chess("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1");
    play(&mut g, "e2e4");
    assert!(can(&g, "f4e3"));
    // two cycles bring the e2e4 placement back twice without the en passant right
    play(&mut g, "e8d8 e1d1 d8e8 d1e1 e8d8 e1d1 d8e8 d1e1");
    assert!(
        !g.is_over(),
        "the position with the en passant right must not count"
    );
    play(&mut g, "e8d8"); // this one occurs for the third time
    assert_eq!(reason(&g), Some(EndReason::Repetition));
}

#[test]
fn threefold_repetition_counts_positions_with_other_castling_rights_as_different() {
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // the start placement returns twice, but without castling rights
    play(&mut g, "e1d1 e8d8 d1e1 d8e8 e1d1 e8d8 d1e1 d8e8");
    assert!(
        !g.is_over(),
        "the start with castling rights must not count"
    );
    play(&mut g, "e1d1 e8d8"); // the position after e8d8 occurs for the third time
    assert_eq!(reason(&g), Some(EndReason::Repetition));
}

#[test]
fn fifty_moves_by_each_side_without_capture_or_pawn_move_draw() {
    let mut g = chess("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut g, "a1a2");
    assert_eq!(reason(&g), Some(EndReason::FiftyMoves));
}

#[test]
fn fifty_move_count_restarts_after_a_pawn_move_or_a_capture() {
    let mut g = chess("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    play(&mut g, "a2a3");
    assert!(!g.is_over());
    assert_eq!(g.position().st.halfmove, 0);
    let mut g = chess("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
    play(&mut g, "a1a2");
    assert!(!g.is_over());
}

#[test]
fn fifty_move_rule_gives_way_to_a_mate_on_the_hundredth_half_move() {
    let mut g = chess("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    play(&mut g, "h1h8");
    assert_eq!(reason(&g), Some(EndReason::Checkmate));
}

#[test]
fn insufficient_material_king_against_king_is_a_draw() {
    let mut g = chess("8/8/8/8/8/6k1/3n4/4K3 w - - 0 1");
    play(&mut g, "e1d2");
    assert_eq!(reason(&g), Some(EndReason::InsufficientMaterial));
}

#[test]
fn insufficient_material_king_and_bishop_against_king_is_a_draw() {
    let mut g = chess("8/8/8/8/8/6k1/3n4/4KB2 w - - 0 1");
    play(&mut g, "e1d2");
    assert_eq!(reason(&g), Some(EndReason::InsufficientMaterial));
}

#[test]
fn insufficient_material_king_and_knight_against_king_is_a_draw() {
    let mut g = chess("8/8/8/8/8/6k1/3n4/N3K3 w - - 0 1");
    play(&mut g, "e1d2");
    assert_eq!(reason(&g), Some(EndReason::InsufficientMaterial));
}

#[test]
fn insufficient_material_bishops_all_on_squares_of_one_colour_is_a_draw() {
    // c1 and f8 are both dark squares
    let mut g = chess("5b2/8/8/8/8/6k1/3n4/2B1K3 w - - 0 1");
    play(&mut g, "e1d2");
    assert_eq!(reason(&g), Some(EndReason::InsufficientMaterial));
    // more bishops, still one colour
    let mut g = chess("5b2/8/8/8/8/6k1/3n4/B1B1K3 w - - 0 1");
    play(&mut g, "e1d2");
    assert_eq!(reason(&g), Some(EndReason::InsufficientMaterial));
}

#[test]
fn insufficient_material_does_not_cover_positions_where_mate_is_possible() {
    for (fen_text, why) in [
        (
            "5b2/8/8/8/8/6k1/3n4/3BK3 w - - 0 1",
            "bishops on both colours",
        ),
        ("8/8/8/8/8/6k1/3n4/N1N1K3 w - - 0 1", "two knights"),
        ("8/8/8/8/8/6k1/P2n4/4K3 w - - 0 1", "a pawn"),
        ("8/8/8/8/8/6k1/3n4/2N1KB2 w - - 0 1", "knight and bishop"),
        (
            "8/8/8/8/8/6k1/3n4/r3K3 w - - 0 1",
            "king against king and rook",
        ),
    ] {
        let mut g = chess(fen_text);
        play(&mut g, "e1d2");
        assert!(!g.is_over(), "{why}");
    }
}

// ------------------------------------------------------------------ resignation, time-out

#[test]
fn resignation_loses_the_game_at_once() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "e2e4");
    g.act(Action::Resign(0)).unwrap(); // white resigns on black's turn
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Resignation, vec![1])
    );
    assert_eq!(g.act(Action::Resign(1)), Err(Error::GameOver));
}

#[test]
fn resignation_of_a_seat_that_is_not_playing_is_rejected() {
    let mut g = Game::new("chess").unwrap();
    assert!(matches!(g.act(Action::Resign(5)), Err(Error::BadSeat(_))));
    assert_eq!(g.ply_count(), 0);
}

#[test]
fn time_out_loses_the_game() {
    let mut g = Game::new("chess").unwrap();
    g.act(Action::Timeout(0)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.reason, o.winners.clone()), (EndReason::Timeout, vec![1]));
}

#[test]
fn time_out_is_a_draw_when_the_opponent_cannot_checkmate_by_any_series_of_moves() {
    // black has a lone king: white's flag fall cannot lose (FIDE 6.9)
    let mut g = chess("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    g.act(Action::Timeout(0)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Timeout);
    assert!(o.is_draw());
    // dead position on the board
    let mut g = chess("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
    g.act(Action::Timeout(1)).unwrap();
    assert!(g.outcome().unwrap().is_draw());
    // a knight against a queen can still mate with help: white wins on time
    let mut g = chess("4k3/8/8/8/8/8/8/3NK2q w - - 0 1");
    g.act(Action::Timeout(1)).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

// ------------------------------------------------------------------ undo / redo

#[test]
fn undo_takes_back_the_last_ply_and_redo_plays_it_again() {
    let mut g = Game::new("chess").unwrap();
    let h0 = g.position().hash();
    play(&mut g, "e2e4 e7e5");
    let h2 = g.position().hash();
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!((g.position().hash(), g.ply_count()), (h0, 0));
    assert_eq!(fen_of(&g), START);
    assert_eq!(g.undo(), Err(Error::NothingToUndo));
    g.redo().unwrap();
    g.redo().unwrap();
    assert_eq!((g.position().hash(), g.ply_count()), (h2, 2));
    assert_eq!(g.redo(), Err(Error::NothingToRedo));
}

#[test]
fn a_new_move_after_undo_discards_the_undone_plies() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "e2e4 e7e5 g1f3");
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!(g.redo_count(), 2);
    play(&mut g, "c7c5");
    assert_eq!(g.redo_count(), 0);
    assert_eq!(g.texts(), vec!["e2e4", "c7c5"]);
}

#[test]
fn undo_after_mate_reopens_the_game() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "f2f3 e7e5 g2g4 d8h4");
    assert!(g.is_over());
    g.undo().unwrap();
    assert!(!g.is_over());
    assert!(can(&g, "d8h4"));
}

// ------------------------------------------------------------------ bad input

#[test]
fn bad_input_malformed_fen_of_every_kind_is_a_bad_fen_error() {
    let v = rules::variant("chess").unwrap();
    for bad in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", // 7 ranks
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", // 9 ranks
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // rank too long
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // rank too short
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // count too big
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // unknown piece
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", // side to move
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", // no black king
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1", // two white kings
        "pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", // pawn on the last rank
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqz - 0 1", // castling letter
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", // right without rook
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", // no white king
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", // en passant square
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", // halfmove number
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", // fullmove number
    ] {
        let r = fen::parse(v, bad);
        assert!(matches!(r, Err(Error::BadFen(_))), "{bad:?} gave {r:?}");
        assert!(matches!(
            Game::from_fen("chess", bad),
            Err(Error::BadFen(_))
        ));
    }
    // the side not to move may not be in check
    let r = fen::parse(v, "4k3/8/8/8/8/8/8/4KR2 b - - 0 1");
    assert!(r.is_ok());
    let r = fen::parse(v, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    assert!(matches!(r, Err(Error::BadFen(_))), "{r:?}");
}

/// Plays `text`, expects `want`, and checks nothing changed.
fn rejected(g: &mut Game, text: &str, want: fn(&Error) -> bool) {
    let (hash, plies, fen_before) = (g.position().hash(), g.ply_count(), fen_of(g));
    let r = g.play_text(text);
    assert!(matches!(&r, Err(e) if want(e)), "{text:?} gave {r:?}");
    assert_eq!(g.position().hash(), hash, "{text:?} changed the position");
    assert_eq!(g.ply_count(), plies, "{text:?} changed the ply count");
    assert_eq!(fen_of(g), fen_before);
}

#[test]
fn bad_input_an_illegal_move_is_an_illegal_move_error_and_changes_nothing() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "e2e4");
    for text in ["e7e4", "e8e7", "d8d6", "O-O", "e4e5", "g8g6", "f8c5"] {
        rejected(&mut g, text, |e| matches!(e, Error::IllegalMove(_)));
    }
    let m = g.legal_moves()[0];
    let (hash, plies) = (g.position().hash(), g.ply_count());
    let mut wrong = m;
    wrong.to = wrong.from; // not a move at all
    assert!(matches!(g.play(wrong), Err(Error::IllegalMove(_))));
    assert_eq!((g.position().hash(), g.ply_count()), (hash, plies));
}

#[test]
fn bad_input_unreadable_move_text_is_a_bad_move_text_error_and_changes_nothing() {
    let mut g = Game::new("chess").unwrap();
    for text in [
        "", "zz", "e2", "e9e4", "e2e4e5", "hello", "e2-", "1234", "e2e4=X",
    ] {
        rejected(&mut g, text, |e| matches!(e, Error::BadMoveText(_)));
    }
}

#[test]
fn bad_input_an_unknown_game_id_is_an_unknown_game_error() {
    for id in ["", "chess961", "Chess", "checkers"] {
        assert!(matches!(Game::new(id), Err(Error::UnknownGame(_))), "{id}");
        assert!(matches!(
            Game::from_fen(id, START),
            Err(Error::UnknownGame(_))
        ));
    }
}

#[test]
fn bad_input_moves_after_the_end_are_refused_and_change_nothing() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "f2f3 e7e5 g2g4 d8h4");
    rejected(&mut g, "a2a3", |e| *e == Error::GameOver);
    let plies = g.ply_count();
    assert_eq!(g.act(Action::Timeout(0)), Err(Error::GameOver));
    assert_eq!(g.ply_count(), plies);
}
