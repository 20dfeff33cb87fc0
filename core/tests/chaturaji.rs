//! Chaturaji as chess.com plays it, without dice (`chaturaji`): perft, a test for every rule of
//! REFERENCE §4, DECISIONS.md "Chaturaji, Four Seasons" and docs/rules-decisions.md "Chaturaji",
//! the FEN8 notation, and random-play invariants. Test names say the rule they prove.

mod support;

use rookery_core::game::{Action, EndReason, Event, HouseRules, OutReason};
use rookery_core::movegen::perft;
use rookery_core::piece::GREY;
use rookery_core::position::{MoveKind, Position};
use rookery_core::rules::chaturaji::{self, BISHOP, BOAT, KING, KNIGHT, PAWN};
use rookery_core::rules::{self, multi};
use rookery_core::{Error, Game};

const ID: &str = "chaturaji";
const RED: u8 = 0;
const BLUE: u8 = 1;
const YELLOW: u8 = 2;
const GREEN: u8 = 3;

// ---------------------------------------------------------------- helpers

/// A FEN8 of an 8×8 chaturaji position from a piece list (`("rK", "d1")`, `("dbR", "d3")`).
fn fen(turn: char, out: [u8; 4], points: [i32; 4], plies: u32, pieces: &[(&str, &str)]) -> String {
    let rows = support::board_rows(8, pieces);
    let list = |v: Vec<String>| v.join(",");
    format!(
        "{turn}-{}-0,0,0,0-0,0,0,0-{}-{plies}-1-{}",
        list(out.iter().map(|d| d.to_string()).collect()),
        list(points.iter().map(|d| d.to_string()).collect()),
        rows
    )
}

fn game(text: &str) -> Game {
    Game::from_fen(ID, text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn cell(g: &Game, name: &str) -> u16 {
    g.variant.board.cell(name).unwrap()
}

/// Plays move text and returns the events of that ply.
fn play(g: &mut Game, text: &str) -> Vec<Event> {
    g.play_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", rules::write_position(g.position())));
    g.plies().last().unwrap().events.clone()
}

fn points(events: &[Event]) -> Vec<(u8, i32, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored { seat, points, why } => Some((*seat, *points, why.clone())),
            _ => None,
        })
        .collect()
}

fn outs(events: &[Event]) -> Vec<(u8, OutReason)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Out { seat, reason } => Some((*seat, *reason)),
            _ => None,
        })
        .collect()
}

fn scores(g: &Game) -> [i32; 4] {
    let s = g.position().scores;
    [s[0], s[1], s[2], s[3]]
}

/// Targets of the legal moves from `from`, as cell names (sorted).
fn targets(g: &Game, from: &str) -> Vec<String> {
    let f = cell(g, from);
    let mut v: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == f)
        .map(|m| g.variant.board.name(m.to).to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

fn names(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Kings in the four corners, out of everyone's way.
const CORNER_KINGS: [(&str, &str); 4] = [("rK", "a1"), ("bK", "a8"), ("yK", "h8"), ("gK", "h2")];

fn with_kings<'a>(extra: &[(&'a str, &'a str)], skip: &[u8]) -> Vec<(&'a str, &'a str)> {
    let mut v: Vec<(&str, &str)> = CORNER_KINGS
        .iter()
        .enumerate()
        .filter(|(i, _)| !skip.contains(&(*i as u8)))
        .map(|(_, k)| *k)
        .collect();
    v.extend_from_slice(extra);
    v
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_start_depths_1_to_4_are_8_64_512_4096() {
    // Hand count. Each player has 8 moves at the start: its boat is boxed in by its own knight
    // and pawns (0), its bishop by its own pawns (0), its knight has 2 (Red: b1-a3, b1-c3; d2
    // is its own pawn), its king 2 (Red: d1-e1, d1-e2), and its 4 pawns one step each (no
    // double step). The first four plies are one move of each player, and the cells they reach
    // (Red a3 b3 c3 d3 e1 e2, Blue c5 c6 c7 c8 a4 b4, Yellow e6 f6 g6 h6 d7 d8, Green f1 f2 f3
    // f4 g5 h5) neither block another player's moves nor stand where another player's piece
    // could capture, so the counts multiply: 8, 8², 8³, 8⁴.
    let g = Game::new(ID).unwrap();
    let mut pos = g.position().clone();
    for (d, n) in [8u64, 64, 512, 4096].into_iter().enumerate() {
        assert_eq!(perft(&mut pos, d as u32 + 1), n, "depth {}", d + 1);
    }
    let mut red: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    red.sort();
    assert_eq!(
        red,
        names(&["a2a3", "b1a3", "b1c3", "b2b3", "c2c3", "d1e1", "d1e2", "d2d3"])
    );
}

// ---------------------------------------------------------------- board and setup

#[test]
fn the_board_is_8_by_8_for_four_players() {
    let v = rules::variant(ID).unwrap();
    assert_eq!(v.board.len(), 64);
    assert_eq!((v.board.width, v.board.height), (8, 8));
    assert_eq!(v.seat_count(), 4);
    // every player for himself
    for a in 0..4 {
        for b in 0..4 {
            assert_eq!(v.allied(a, b), a == b);
        }
    }
}

#[test]
fn setup_red_boat_a1_knight_b1_bishop_c1_king_d1_pawns_a2_d2_and_the_others_turned_clockwise() {
    let g = Game::new(ID).unwrap();
    let pos = g.position();
    let expect: [(u8, [(&str, u8); 8]); 4] = [
        (
            RED,
            [
                ("a1", BOAT),
                ("b1", KNIGHT),
                ("c1", BISHOP),
                ("d1", KING),
                ("a2", PAWN),
                ("b2", PAWN),
                ("c2", PAWN),
                ("d2", PAWN),
            ],
        ),
        (
            BLUE,
            [
                ("a8", BOAT),
                ("a7", KNIGHT),
                ("a6", BISHOP),
                ("a5", KING),
                ("b8", PAWN),
                ("b7", PAWN),
                ("b6", PAWN),
                ("b5", PAWN),
            ],
        ),
        (
            YELLOW,
            [
                ("h8", BOAT),
                ("g8", KNIGHT),
                ("f8", BISHOP),
                ("e8", KING),
                ("h7", PAWN),
                ("g7", PAWN),
                ("f7", PAWN),
                ("e7", PAWN),
            ],
        ),
        (
            GREEN,
            [
                ("h1", BOAT),
                ("h2", KNIGHT),
                ("h3", BISHOP),
                ("h4", KING),
                ("g1", PAWN),
                ("g2", PAWN),
                ("g3", PAWN),
                ("g4", PAWN),
            ],
        ),
    ];
    for (seat, pieces) in expect {
        for (name, kind) in pieces {
            let p = pos.at(cell(&g, name));
            assert_eq!((p.owner(), p.kind()), (seat, kind), "{name}");
        }
    }
    assert_eq!(pos.board.iter().filter(|p| p.is_some()).count(), 32);
    assert_eq!(rules::write_position(pos), chaturaji::START);
}

#[test]
fn red_moves_first_then_clockwise_blue_yellow_green() {
    let mut g = Game::new(ID).unwrap();
    assert_eq!(g.position().turn(), RED);
    for (m, next) in [
        ("a2a3", BLUE),
        ("b5c5", YELLOW),
        ("e7e6", GREEN),
        ("g4f4", RED),
    ] {
        play(&mut g, m);
        assert_eq!(g.position().turn(), next, "after {m}");
    }
}

// ---------------------------------------------------------------- pieces

#[test]
fn the_boat_moves_like_a_rook() {
    let g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(&[("rR", "d4")], &[]),
    ));
    assert_eq!(targets(&g, "d4").len(), 14);
}

#[test]
fn the_boat_never_castles() {
    // king and boat on their start cells with the cells between empty
    let g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(&[("rR", "a1"), ("rK", "d1")], &[RED]),
    ));
    assert!(!g.variant.castling);
    assert!(g.legal_moves().iter().all(|m| m.kind != MoveKind::Castle));
    assert_eq!(targets(&g, "d1"), names(&["c1", "c2", "d2", "e1", "e2"]));
}

#[test]
fn knight_and_bishop_move_as_in_chess() {
    let g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(&[("rN", "d4"), ("rB", "e4")], &[]),
    ));
    assert_eq!(targets(&g, "d4").len(), 8);
    // e4 bishop: b1 c2 d3 / f5 g6 h7 / f3 g2 h1 / d5 c6 b7 a8 (a8: Blue's king)
    assert_eq!(targets(&g, "e4").len(), 13);
}

#[test]
fn pawns_step_one_cell_towards_the_far_edge_without_a_double_step() {
    let mut g = Game::new(ID).unwrap();
    assert!(g.variant.double_step.iter().all(|z| z.is_empty()));
    // Red north, Blue east (toward file h), Yellow south, Green west (toward file a)
    for (from, to) in [("a2", "a3"), ("b5", "c5"), ("e7", "e6"), ("g4", "f4")] {
        assert_eq!(targets(&g, from), names(&[to]), "{from}");
        play(&mut g, &format!("{from}{to}"));
    }
}

#[test]
fn pawns_capture_one_cell_diagonally_forward() {
    // one pawn of each player with enemy pieces on both forward diagonals and in front
    let cases = [
        ('R', "rP", "d4", ["c5", "e5"], "d5"),
        ('B', "bP", "d4", ["e5", "e3"], "e4"),
        ('Y', "yP", "d4", ["c3", "e3"], "d3"),
        ('G', "gP", "d4", ["c5", "c3"], "c4"),
    ];
    for (turn, pawn, at, diag, front) in cases {
        let enemy = if pawn == "rP" { "yN" } else { "rN" };
        let mut pieces = vec![
            (pawn, at),
            (enemy, diag[0]),
            (enemy, diag[1]),
            (enemy, front),
        ];
        pieces.extend_from_slice(&CORNER_KINGS);
        let g = game(&fen(turn, [0; 4], [0; 4], 0, &pieces));
        assert_eq!(targets(&g, at), names(&diag), "{pawn}");
    }
}

#[test]
fn there_is_no_en_passant() {
    let v = rules::variant(ID).unwrap();
    assert_eq!(v.ep, rookery_core::variant::EpMode::None);
    let mut g = Game::new(ID).unwrap();
    for m in ["a2a3", "b5c5", "e7e6", "g4f4", "a3a4", "c5d5"] {
        play(&mut g, m);
    }
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.kind != MoveKind::EnPassant));
}

#[test]
fn a_pawn_reaching_the_far_edge_must_promote_to_a_boat() {
    // each player's pawn one step from its far edge: Red rank 8, Blue file h, Yellow rank 1,
    // Green file a
    let cases = [
        ('R', "rP", "c7", "c8"),
        ('B', "bP", "g5", "h5"),
        ('Y', "yP", "c2", "c1"),
        ('G', "gP", "b4", "a4"),
    ];
    for (turn, pawn, from, to) in cases {
        let mut g = game(&fen(
            turn,
            [0; 4],
            [0; 4],
            0,
            &with_kings(&[(pawn, from)], &[]),
        ));
        let f = cell(&g, from);
        let moves: Vec<_> = g
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == f)
            .collect();
        assert_eq!(moves.len(), 1, "{pawn}: only one promotion choice");
        assert_eq!(moves[0].promotion(), Some(BOAT));
        play(&mut g, &format!("{from}{to}r"));
        let p = g.position().at(cell(&g, to));
        assert_eq!((p.kind(), p.promoted()), (BOAT, true));
    }
    // a promoted boat moves like a rook
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(&[("rP", "c7")], &[]),
    ));
    play(&mut g, "c7c8r");
    for m in ["a8a7", "h8h7", "h2g2"] {
        play(&mut g, m);
    }
    assert_eq!(targets(&g, "c8").len(), 7 + 7);
}

// ---------------------------------------------------------------- no check

#[test]
fn there_is_no_check_kings_may_move_into_attack() {
    // Blue's boat on d8 holds the d-file; Red's king may still step onto it
    let g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(&[("rK", "c4"), ("bR", "d8")], &[RED]),
    ));
    assert!(!g.variant.royal_check);
    let t = targets(&g, "c4");
    assert!(t.contains(&"d4".to_string()) && t.contains(&"d5".to_string()));
}

#[test]
fn there_is_no_check_a_king_may_stay_attacked_and_then_be_captured() {
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(&[("rK", "d4"), ("rP", "f2"), ("bR", "d8")], &[RED]),
    ));
    // Red's king is attacked; any move is legal, a pawn step too
    play(&mut g, "f2f3");
    let ev = play(&mut g, "d8d4");
    assert_eq!(outs(&ev), vec![(RED, OutReason::KingCaptured)]);
}

// ---------------------------------------------------------------- points

#[test]
fn captures_score_pawn_1_knight_3_king_3_bishop_5_boat_5() {
    for (victim, value) in [("bP", 1), ("bN", 3), ("bK", 3), ("bB", 5), ("bR", 5)] {
        let skip: &[u8] = if victim == "bK" { &[BLUE] } else { &[] };
        let mut g = game(&fen(
            'R',
            [0; 4],
            [0; 4],
            0,
            &with_kings(&[("rR", "d1"), (victim, "d5")], skip),
        ));
        let ev = play(&mut g, "d1d5");
        let why = if victim == "bK" {
            "king captured"
        } else {
            "capture"
        };
        assert_eq!(points(&ev), vec![(RED, value, why.to_string())], "{victim}");
        assert_eq!(scores(&g), [value, 0, 0, 0]);
    }
}

#[test]
fn a_promoted_boat_is_worth_5_like_any_boat() {
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(&[("rR", "d1"), ("bR~", "d5")], &[]),
    ));
    let ev = play(&mut g, "d1d5");
    assert_eq!(points(&ev), vec![(RED, 5, "capture".to_string())]);
}

#[test]
fn attacking_a_single_king_scores_nothing() {
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("bK", "a5"),
            ("yK", "h8"),
            ("gK", "h2"),
        ],
    ));
    let ev = play(&mut g, "d1d5");
    assert!(points(&ev).is_empty());
}

#[test]
fn checking_two_kings_at_once_scores_1() {
    // the boat on d5 attacks Blue's king on a5 along the rank and Yellow's on d8 along the file
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("bK", "a5"),
            ("yK", "d8"),
            ("gK", "h2"),
        ],
    ));
    let ev = play(&mut g, "d1d5");
    assert_eq!(points(&ev), vec![(RED, 1, "double check".to_string())]);
}

#[test]
fn checking_three_kings_at_once_scores_5() {
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("bK", "a5"),
            ("yK", "d8"),
            ("gK", "h5"),
        ],
    ));
    let ev = play(&mut g, "d1d5");
    assert_eq!(points(&ev), vec![(RED, 5, "triple check".to_string())]);
}

#[test]
fn a_capture_and_a_double_check_with_one_move_score_both() {
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("gB", "d5"),
            ("bK", "a5"),
            ("yK", "d8"),
            ("gK", "h2"),
        ],
    ));
    let ev = play(&mut g, "d1d5");
    assert_eq!(
        points(&ev),
        vec![
            (RED, 5, "capture".to_string()),
            (RED, 1, "double check".to_string())
        ]
    );
}

// ---------------------------------------------------------------- king capture and dead pieces

#[test]
fn a_captured_king_puts_its_player_out_its_turns_skipped_and_its_pieces_dead() {
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(
            &[("rR", "d1"), ("bK", "d5"), ("bR", "b3"), ("bP", "c6")],
            &[BLUE],
        ),
    ));
    let ev = play(&mut g, "d1d5");
    assert_eq!(outs(&ev), vec![(BLUE, OutReason::KingCaptured)]);
    let pos = g.position();
    assert!(!pos.is_in_play(BLUE));
    assert_eq!(pos.turn(), YELLOW, "Blue's turn is skipped");
    for c in ["b3", "c6"] {
        assert_eq!(pos.at(cell(&g, c)).owner(), GREY, "{c} is dead");
    }
    // a whole round: Yellow, Green, Red, then Yellow again
    play(&mut g, "h8g8");
    play(&mut g, "h2g2");
    play(&mut g, "a1b1");
    assert_eq!(g.position().turn(), YELLOW);
}

#[test]
fn dead_pieces_cannot_move_and_cannot_be_passed_through() {
    // Blue is out: its boat on d3 is dead
    let g = game(&fen(
        'R',
        [0, 1, 0, 0],
        [0; 4],
        0,
        &with_kings(&[("rR", "d1"), ("dbR", "d3")], &[BLUE]),
    ));
    // Red's boat reaches d2 and takes d3, but cannot pass it
    let t = targets(&g, "d1");
    assert!(t.contains(&"d3".to_string()) && !t.contains(&"d4".to_string()));
    // the dead boat never moves and attacks nothing: nobody's turn is Blue's
    let mut g = g;
    for m in ["a1a2", "h8h7", "h2h3", "a2a1", "h7h8", "h3h2"] {
        assert_ne!(g.position().turn(), BLUE);
        play(&mut g, m);
    }
    assert_eq!(g.position().at(cell(&g, "d3")).owner(), GREY);
}

#[test]
fn dead_pieces_are_captured_for_0_points() {
    for dead in ["dbP", "dbN", "dbB", "dbR"] {
        let mut g = game(&fen(
            'R',
            [0, 1, 0, 0],
            [0; 4],
            0,
            &with_kings(&[("rR", "d1"), (dead, "d5")], &[BLUE]),
        ));
        let ev = play(&mut g, "d1d5");
        assert!(points(&ev).is_empty(), "{dead}");
        assert_eq!(scores(&g), [0; 4]);
    }
}

#[test]
fn a_dead_king_is_still_worth_3() {
    let mut g = game(&fen(
        'R',
        [0, 1, 0, 0],
        [0; 4],
        0,
        &with_kings(&[("rR", "d1"), ("dbK", "d5")], &[BLUE]),
    ));
    let ev = play(&mut g, "d1d5");
    assert_eq!(
        points(&ev),
        vec![(RED, 3, "dead piece captured".to_string())]
    );
    assert!(outs(&ev).is_empty(), "its player is out already");
}

#[test]
fn resigning_or_running_out_of_time_puts_the_player_out_with_a_dead_king_worth_3() {
    for timeout in [false, true] {
        let mut g = Game::new(ID).unwrap();
        let act = if timeout {
            Action::Timeout(BLUE)
        } else {
            Action::Resign(BLUE)
        };
        g.act(act).unwrap();
        let ev = &g.plies().last().unwrap().events;
        let why = if timeout {
            OutReason::Timeout
        } else {
            OutReason::Resignation
        };
        assert_eq!(outs(ev), vec![(BLUE, why)]);
        let pos = g.position();
        assert!(!pos.is_in_play(BLUE));
        assert!(pos.board.iter().all(|p| p.is_none() || p.owner() != BLUE));
        let king = pos.at(cell(&g, "a5"));
        assert_eq!((king.kind(), king.owner()), (KING, GREY));
        assert_eq!(chaturaji::piece_value(king), 3);
        assert_eq!(pos.turn(), RED, "Red was to move and still is");
        play(&mut g, "a2a3");
        assert_eq!(g.position().turn(), YELLOW, "Blue's turn is skipped");
        // a player who is out cannot resign again
        assert!(matches!(
            g.act(Action::Resign(BLUE)),
            Err(Error::BadSeat(_))
        ));
    }
}

#[test]
fn a_player_with_no_move_when_the_turn_comes_is_out_and_its_king_is_dead() {
    // Yellow's king a1 and seven boats fill rank 1, its pawns (walking south) fill rank 2:
    // nothing of Yellow's can move
    let mut pieces = vec![("yK", "a1"), ("rK", "d5"), ("bK", "a8"), ("gK", "h8")];
    let files = ["a", "b", "c", "d", "e", "f", "g", "h"];
    let cells1: Vec<String> = files.iter().map(|f| format!("{f}1")).collect();
    let cells2: Vec<String> = files.iter().map(|f| format!("{f}2")).collect();
    for c in &cells1[1..] {
        pieces.push(("yR", c.as_str()));
    }
    for c in &cells2 {
        pieces.push(("yP", c.as_str()));
    }
    let mut g = game(&fen('B', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "a8b8");
    assert_eq!(outs(&ev), vec![(YELLOW, OutReason::Stalemate)]);
    let pos = g.position();
    assert_eq!(pos.turn(), GREEN);
    let king = pos.at(cell(&g, "a1"));
    assert_eq!((king.kind(), king.owner()), (KING, GREY));
}

// ---------------------------------------------------------------- the end

#[test]
fn the_game_ends_when_three_kings_have_been_captured_and_the_highest_score_wins() {
    // Blue's king was taken earlier (Blue is out with 4 points); Red takes Yellow's king, then
    // Green's. Material is left on the board so that no lead is decisive before the end.
    let mut g = game(&fen(
        'R',
        [0, 1, 0, 0],
        [2, 4, 1, 3],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("rN", "b1"),
            ("rB", "c1"),
            ("yK", "d5"),
            ("yR", "h7"),
            ("gK", "h4"),
            ("gR", "g8"),
            ("gN", "g7"),
        ],
    ));
    let ev = play(&mut g, "d1d5");
    assert_eq!(outs(&ev), vec![(YELLOW, OutReason::KingCaptured)]);
    assert!(!g.is_over(), "two kings captured");
    play(&mut g, "g8f8");
    // the boat now attacks Green's king (one king: no bonus)
    let ev = play(&mut g, "d5h5");
    assert!(outs(&ev).is_empty() && points(&ev).is_empty());
    play(&mut g, "f8e8");
    let ev = play(&mut g, "h5h4");
    assert_eq!(outs(&ev), vec![(GREEN, OutReason::KingCaptured)]);
    let out = g.outcome().expect("three kings captured: the game is over");
    assert_eq!(out.reason, EndReason::KingCaptured);
    assert_eq!(scores(&g), [2 + 3 + 3, 4, 1, 3]);
    assert_eq!(out.winners, vec![RED]);
}

#[test]
fn the_highest_score_wins_even_if_that_players_king_was_taken() {
    let mut g = game(&fen(
        'R',
        [0, 1, 1, 0],
        [2, 30, 0, 5],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("rN", "b1"),
            ("rB", "c1"),
            ("rP", "a2"),
            ("gK", "d5"),
            ("gR", "h8"),
            ("gN", "h7"),
            ("gB", "g7"),
        ],
    ));
    play(&mut g, "d1d5");
    let out = g.outcome().unwrap();
    assert_eq!(out.reason, EndReason::KingCaptured);
    assert_eq!(out.winners, vec![BLUE]);
}

#[test]
fn the_last_player_left_scores_3_for_every_dead_king_still_on_the_board() {
    // Blue resigned (its dead king on a8), Green's king was taken; Red takes Yellow's
    let mut g = game(&fen(
        'R',
        [0, 1, 0, 1],
        [0, 0, 0, 0],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("rB", "c1"),
            ("rN", "b1"),
            ("yK", "d5"),
            ("yR", "h7"),
            ("yB", "g7"),
            ("dbK", "a8"),
        ],
    ));
    let ev = play(&mut g, "d1d5");
    assert_eq!(
        points(&ev),
        vec![
            (RED, 3, "king captured".to_string()),
            (RED, 3, "kings left".to_string())
        ]
    );
    assert_eq!(g.outcome().unwrap().winners, vec![RED]);
}

#[test]
fn with_two_left_a_lead_the_other_cannot_catch_up_ends_the_game_and_remaining_kings_are_worth_3() {
    // Red 20, Yellow 0; all Yellow could still take is Red's king (3) and boat (5), and the
    // dead Blue king (3): 11 < 20, so Red's next move ends the game. Red then scores 3 for each
    // king left: Yellow's and Blue's dead one.
    let mut g = game(&fen(
        'R',
        [0, 1, 0, 1],
        [20, 0, 0, 0],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("yK", "h8"),
            ("yR", "h7"),
            ("dbK", "a8"),
        ],
    ));
    assert_eq!(chaturaji::still_to_gain(g.position(), YELLOW), 3 + 5 + 3);
    let ev = play(&mut g, "d1d2");
    assert_eq!(points(&ev), vec![(RED, 6, "kings left".to_string())]);
    let out = g.outcome().unwrap();
    assert_eq!(
        (out.reason, out.winners.clone()),
        (EndReason::Points, vec![RED])
    );
}

#[test]
fn with_two_left_a_lead_that_can_still_be_caught_plays_on() {
    // Red's pawn counts as the boat it may become: Yellow could still gain 3 + 5 + 5 = 13 > 12
    let mut g = game(&fen(
        'R',
        [0, 1, 0, 1],
        [12, 0, 0, 0],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("rP", "e2"),
            ("yK", "h8"),
            ("yR", "h7"),
        ],
    ));
    assert_eq!(chaturaji::still_to_gain(g.position(), YELLOW), 13);
    play(&mut g, "d1d2");
    assert!(!g.is_over());
    // a lead exactly equal to what the other could gain does not end it either
    let mut g = game(&fen(
        'R',
        [0, 1, 0, 1],
        [13, 0, 0, 0],
        0,
        &[
            ("rK", "a1"),
            ("rR", "d1"),
            ("rP", "e2"),
            ("yK", "h8"),
            ("yR", "h7"),
        ],
    ));
    play(&mut g, "d1d2");
    assert!(!g.is_over());
}

#[test]
fn threefold_repetition_ends_the_game_and_the_highest_score_wins() {
    let mut g = game(&fen('R', [0; 4], [5, 0, 0, 0], 0, &with_kings(&[], &[])));
    let round = [
        "a1b1", "a8b8", "h8g8", "h2g2", "b1a1", "b8a8", "g8h8", "g2h2",
    ];
    for m in round.iter().chain(round.iter()) {
        assert!(!g.is_over());
        play(&mut g, m);
    }
    let out = g.outcome().expect("third occurrence");
    assert_eq!(
        (out.reason, out.winners.clone()),
        (EndReason::Repetition, vec![RED])
    );
}

#[test]
fn fifty_moves_each_without_capture_or_pawn_move_ends_the_game() {
    // 199 plies played without capture or pawn move; four players: the 200th ends it
    let mut g = game(&fen(
        'R',
        [0; 4],
        [0, 0, 7, 0],
        199,
        &with_kings(&[("rR", "d4")], &[]),
    ));
    play(&mut g, "d4d5");
    let out = g.outcome().unwrap();
    assert_eq!(
        (out.reason, out.winners.clone()),
        (EndReason::FiftyMoves, vec![YELLOW])
    );
}

#[test]
fn the_move_limit_house_rule_ends_the_game_on_points() {
    let house = HouseRules {
        move_limit: Some(4),
        ..HouseRules::default()
    };
    let mut g = Game::with_options(ID, house, 0, None).unwrap();
    for m in ["a2a3", "b5c5", "e7e6"] {
        play(&mut g, m);
        assert!(!g.is_over());
    }
    play(&mut g, "g4f4");
    assert_eq!(g.outcome().unwrap().reason, EndReason::MoveLimit);
}

// ---------------------------------------------------------------- notation

#[test]
fn fen8_start_position_round_trips() {
    let v = rules::variant(ID).unwrap();
    let pos = rules::parse_position(v, chaturaji::START).unwrap();
    assert_eq!(rules::write_position(&pos), chaturaji::START);
    assert_eq!(pos, *Game::new(ID).unwrap().position());
}

#[test]
fn fen8_round_trips_points_out_players_dead_pieces_and_promoted_boats() {
    let text = fen(
        'Y',
        [0, 1, 0, 0],
        [12, 3, 0, 8],
        17,
        &with_kings(
            &[("rR~", "c8"), ("dbK", "b4"), ("dbP", "c5"), ("dbR", "e5")],
            &[BLUE],
        ),
    );
    let g = game(&text);
    assert_eq!(rules::write_position(g.position()), text);
    assert_eq!(g.position().scores[..4], [12, 3, 0, 8]);
    assert!(g.position().at(cell(&g, "c8")).promoted());
}

#[test]
fn bad_fen8_gives_bad_fen_and_changes_nothing() {
    let v = rules::variant(ID).unwrap();
    let good = chaturaji::START;
    let bads = [
        "".to_string(),
        good.replacen("R-", "X-", 1),
        good.replacen("R-0,0,0,0", "R-0,0,0", 1),
        // castling rights in a game without castling
        good.replacen(
            "-0,0,0,0-0,0,0,0-0,0,0,0-0-",
            "-0,0,0,0-1,0,0,0-0,0,0,0-0-",
            1,
        ),
        good.replacen("-0-1-", "-x-1-", 1),
        good.replacen("-0-1-", "-0-0-", 1),
        good.replacen("bR,bP,2,", "bR,bP,3,", 1),
        good.replacen("bR,bP,2,", "bR,bQ,2,", 1),
        good.replacen("bR,bP,2,", "bR,bP*,2,", 1),
        // a pawn on its own far edge, two kings, a king missing
        good.replacen("bR,bP,2,yK", "bR,rP,2,yK", 1),
        good.replacen("yB,yN", "yK,yN", 1),
        good.replacen("yK,", "1,", 1),
        // an out player with live pieces
        good.replacen("R-0,0,0,0", "R-0,1,0,0", 1),
        // the side to move is out
        fen('B', [0, 1, 0, 0], [0; 4], 0, &with_kings(&[], &[BLUE])),
        // negative points
        good.replacen("-0,0,0,0-0-1", "-0,-1,0,0-0-1", 1),
    ];
    for b in &bads {
        assert!(
            matches!(rules::parse_position(v, b), Err(Error::BadFen(_))),
            "{b}"
        );
        assert!(
            matches!(Game::from_fen(ID, b), Err(Error::BadFen(_))),
            "{b}"
        );
    }
    // a game is left as it was by bad input
    let mut g = Game::new(ID).unwrap();
    play(&mut g, "a2a3");
    let before = g.position().clone();
    assert!(g.play_text("a3a5").is_err());
    assert!(g.play_text("zz").is_err());
    assert_eq!(*g.position(), before);
}

// ---------------------------------------------------------------- random play

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        multi::prng(self.0, 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Whether a scored event is one the rules give: a capture (1, 3, 5; 0 is never reported), a
/// double or triple check (1, 5) or kings left (3 each).
fn lawful(points: i32, why: &str) -> bool {
    match why {
        "capture" => [1, 3, 5].contains(&points),
        "king captured" | "dead piece captured" => points == 3,
        "double check" => points == 1,
        "triple check" => points == 5,
        "kings left" => points > 0 && points % 3 == 0,
        _ => false,
    }
}

/// Random games: no panic, make/unmake restores the exact position and hash, undo/redo too,
/// scores change only by lawful scored events, FEN8 round-trips, and every game ends.
fn random_games(games: u64, limit: Option<u32>) -> Vec<EndReason> {
    let v = rules::variant(ID).unwrap();
    let mut ends = Vec::new();
    for seed in 0..games {
        let house = HouseRules {
            move_limit: limit,
            ..HouseRules::default()
        };
        let mut g = Game::with_options(ID, house, seed, None).unwrap();
        let mut rng = Rng(seed * 7919 + 3);
        while !g.is_over() {
            assert!(g.ply_count() < 20_000, "every game ends");
            let before = g.position().clone();
            let mut probe = before.clone();
            for m in before.legal_moves() {
                let u = probe.make(m);
                assert_eq!(probe.st.hash, probe.compute_hash(), "incremental hash");
                probe.unmake(m, &u);
                assert!(probe == before && probe.hash() == before.hash());
            }
            let roll = rng.below(500);
            if roll == 0 {
                let seats = multi::active_seats(&before);
                g.act(Action::Resign(seats[rng.below(seats.len())]))
                    .unwrap();
            } else if roll == 1 {
                g.act(Action::Timeout(before.turn())).unwrap();
            } else {
                let moves = g.legal_moves();
                assert!(!moves.is_empty(), "the player to move always has a move");
                g.play(moves[rng.below(moves.len())]).unwrap();
            }
            let ply = g.plies().last().unwrap();
            let mut diff = [0i32; 8];
            for e in &ply.events {
                if let Event::Scored { seat, points, why } = e {
                    assert!(lawful(*points, why), "{points} for {why}");
                    diff[*seat as usize] += points;
                }
            }
            for (s, d) in diff.iter().enumerate() {
                assert_eq!(
                    ply.after.scores[s] - before.scores[s],
                    *d,
                    "scores change only by a rule"
                );
            }
            let pos: &Position = g.position();
            // a seat that takes turns always has its king; an out seat has no live piece
            for s in 0..4u8 {
                assert_eq!(pos.is_in_play(s), pos.king(s).is_some());
                if !pos.is_in_play(s) {
                    assert!(pos.cells_of(s).is_empty());
                }
            }
            let f = rules::write_position(pos);
            assert_eq!(
                rules::write_position(&rules::parse_position(v, &f).unwrap()),
                f
            );
            let after_hash = pos.hash();
            g.undo().unwrap();
            assert_eq!(*g.position(), before);
            g.redo().unwrap();
            assert_eq!(g.position().hash(), after_hash);
        }
        let out = g.outcome().unwrap();
        if std::env::var("CHATURAJI_STATS").is_ok() {
            eprintln!(
                "seed {seed}: {} plies, {:?}, scores {:?}",
                g.ply_count(),
                out,
                &g.position().scores[..4]
            );
        }
        // the winners hold the highest score
        let best = *g.position().scores[..4].iter().max().unwrap();
        assert!(out
            .winners
            .iter()
            .all(|&w| g.position().scores[w as usize] == best));
        ends.push(out.reason);
    }
    ends
}

#[test]
fn random_games_keep_every_invariant_and_always_end() {
    random_games(40, Some(400));
}

#[test]
fn random_games_without_a_move_limit_end_by_the_rules() {
    let ends = random_games(40, None);
    assert!(ends.iter().all(|r| *r != EndReason::MoveLimit));
}
