//! Four Seasons chess (`four-seasons`): perft, a test for every rule of REFERENCE §5,
//! DECISIONS.md "Chaturaji, Four Seasons" and docs/rules-decisions.md "Four Seasons Chess", the
//! FEN8 notation with facing marks, and random-play invariants. Test names say the rule they
//! prove.

mod support;

use rookery_core::board::grid::{EAST, NORTH, SOUTH, WEST};
use rookery_core::game::{Action, EndReason, Event, HouseRules, OutReason};
use rookery_core::movegen::perft;
use rookery_core::piece::GREY;
use rookery_core::position::{MoveKind, Position};
use rookery_core::rules::four_seasons::{self, ALFIL, GENERAL, KING, KNIGHT, PAWN, ROOK};
use rookery_core::rules::{self, multi};
use rookery_core::{Error, Game};

const ID: &str = "four-seasons";
const GREEN: u8 = 0;
const RED: u8 = 1;
const BLACK: u8 = 2;
const WHITE: u8 = 3;

// ---------------------------------------------------------------- helpers

/// A FEN8 of a four-seasons position from a piece list (`("rK", "a1")`, `("rP^", "a3")`).
fn fen(turn: char, out: [u8; 4], plies: u32, pieces: &[(&str, &str)]) -> String {
    let rows = support::board_rows(8, pieces);
    let list = |v: Vec<String>| v.join(",");
    format!(
        "{turn}-{}-0,0,0,0-0,0,0,0-0,0,0,0-{plies}-1-{}",
        list(out.iter().map(|d| d.to_string()).collect()),
        rows
    )
}

fn game(text: &str) -> Game {
    Game::from_fen(ID, text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn cell(g: &Game, name: &str) -> u16 {
    g.variant.board.cell(name).unwrap()
}

fn play(g: &mut Game, text: &str) -> Vec<Event> {
    g.play_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", rules::write_position(g.position())));
    g.plies().last().unwrap().events.clone()
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

/// The start position with `turn` to move.
fn start_with(turn: char) -> Game {
    game(&format!("{turn}{}", &four_seasons::START[1..]))
}

/// (owner, kind, facing) of the piece on `name`.
fn piece(g: &Game, name: &str) -> (u8, u8, u8) {
    let p = g.position().at(cell(g, name));
    assert!(p.is_some(), "no piece on {name}");
    (p.owner(), p.kind(), p.facing())
}

/// Kings in their corners.
const CORNER_KINGS: [(&str, &str); 4] = [("gK", "a8"), ("rK", "a1"), ("bK", "h1"), ("wK", "h8")];

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
fn perft_start_depths_1_to_4_are_7_49_343_2401() {
    // Hand count. Each player has 7 moves at the start: king, rook boxed in by their own
    // pieces (0); knight 2 (Green: a7-b5, a7-c6; c8 is its own pawn); alfil 1 (Green: b7-d5,
    // the other leaps leave the board); four pawns one step each (no double step, nothing to
    // capture). The first four plies are one move of each player; none of them lands where
    // another player's next moves go or could capture (Green reaches a5 b5 c6 d5 d7 d8, Red a4
    // b4 c3 d4 d1 d2, Black g4 h4 f3 e4 e1 e2, White h5 g5 f6 e5 e8 e7) and none gives check,
    // so the counts multiply: 7, 7², 7³, 7⁴.
    let g = Game::new(ID).unwrap();
    let mut pos = g.position().clone();
    for (d, n) in [7u64, 49, 343, 2401].into_iter().enumerate() {
        assert_eq!(perft(&mut pos, d as u32 + 1), n, "depth {}", d + 1);
    }
    let mut green: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    green.sort();
    assert_eq!(
        green,
        names(&["a6a5", "a7b5", "a7c6", "b6b5", "b7d5", "c7d7", "c8d8"])
    );
}

// ---------------------------------------------------------------- board and setup

#[test]
fn the_board_is_8_by_8_for_four_players_each_for_himself() {
    let v = rules::variant(ID).unwrap();
    assert_eq!((v.board.width, v.board.height, v.board.len()), (8, 8, 64));
    assert_eq!(v.seat_count(), 4);
    for a in 0..4 {
        for b in 0..4 {
            assert_eq!(v.allied(a, b), a == b);
        }
    }
}

#[test]
fn setup_each_player_has_k_r_n_b_and_four_pawns_in_a_corner_split_two_and_two() {
    let g = Game::new(ID).unwrap();
    // (cell, owner, kind, facing of pawns)
    let expect: &[(&str, u8, u8, Option<u8>)] = &[
        ("a1", RED, KING, None),
        ("b1", RED, ROOK, None),
        ("a2", RED, KNIGHT, None),
        ("b2", RED, ALFIL, None),
        ("a3", RED, PAWN, Some(NORTH)),
        ("b3", RED, PAWN, Some(NORTH)),
        ("c1", RED, PAWN, Some(EAST)),
        ("c2", RED, PAWN, Some(EAST)),
        ("h1", BLACK, KING, None),
        ("g1", BLACK, ROOK, None),
        ("h2", BLACK, KNIGHT, None),
        ("g2", BLACK, ALFIL, None),
        ("g3", BLACK, PAWN, Some(NORTH)),
        ("h3", BLACK, PAWN, Some(NORTH)),
        ("f1", BLACK, PAWN, Some(WEST)),
        ("f2", BLACK, PAWN, Some(WEST)),
        ("h8", WHITE, KING, None),
        ("g8", WHITE, ROOK, None),
        ("h7", WHITE, KNIGHT, None),
        ("g7", WHITE, ALFIL, None),
        ("h6", WHITE, PAWN, Some(SOUTH)),
        ("g6", WHITE, PAWN, Some(SOUTH)),
        ("f8", WHITE, PAWN, Some(WEST)),
        ("f7", WHITE, PAWN, Some(WEST)),
        ("a8", GREEN, KING, None),
        ("b8", GREEN, ROOK, None),
        ("a7", GREEN, KNIGHT, None),
        ("b7", GREEN, ALFIL, None),
        ("a6", GREEN, PAWN, Some(SOUTH)),
        ("b6", GREEN, PAWN, Some(SOUTH)),
        ("c8", GREEN, PAWN, Some(EAST)),
        ("c7", GREEN, PAWN, Some(EAST)),
    ];
    for &(name, owner, kind, facing) in expect {
        let (o, k, f) = piece(&g, name);
        assert_eq!((o, k), (owner, kind), "{name}");
        if let Some(facing) = facing {
            assert_eq!(f, facing, "{name} walks the wrong way");
        }
    }
    assert_eq!(
        g.position().board.iter().filter(|p| p.is_some()).count(),
        32
    );
}

#[test]
fn green_spring_moves_first_then_red_black_white() {
    let mut g = Game::new(ID).unwrap();
    assert_eq!(g.position().turn(), GREEN);
    for (m, next) in [
        ("a6a5", RED),
        ("c1d1", BLACK),
        ("g3g4", WHITE),
        ("f8e8", GREEN),
    ] {
        play(&mut g, m);
        assert_eq!(g.position().turn(), next, "after {m}");
    }
}

// ---------------------------------------------------------------- pawns

#[test]
fn pawns_of_one_player_walk_two_ways_one_cell_at_a_time() {
    // Red: a3 b3 up, c1 c2 right; Black: g3 h3 up, f1 f2 left; White: h6 g6 down, f8 f7 left;
    // Green: a6 b6 down, c8 c7 right
    let cases: [(char, [(&str, &str); 4]); 4] = [
        (
            'R',
            [("a3", "a4"), ("b3", "b4"), ("c1", "d1"), ("c2", "d2")],
        ),
        (
            'B',
            [("g3", "g4"), ("h3", "h4"), ("f1", "e1"), ("f2", "e2")],
        ),
        (
            'W',
            [("h6", "h5"), ("g6", "g5"), ("f8", "e8"), ("f7", "e7")],
        ),
        (
            'G',
            [("a6", "a5"), ("b6", "b5"), ("c8", "d8"), ("c7", "d7")],
        ),
    ];
    for (turn, pawns) in cases {
        let g = start_with(turn);
        for (from, to) in pawns {
            assert_eq!(targets(&g, from), names(&[to]), "{turn} {from}");
        }
    }
}

#[test]
fn pawns_capture_one_cell_diagonally_forward_in_their_own_direction() {
    // a pawn on d4 of each facing, enemy pieces on its two forward diagonals and in front
    let cases = [
        ('R', "rP^", ["c5", "e5"], "d5"),
        ('R', "rP", ["e5", "e3"], "e4"),
        ('B', "bP<", ["c5", "c3"], "c4"),
        ('W', "wPv", ["c3", "e3"], "d3"),
    ];
    for (turn, pawn, diag, front) in cases {
        let enemy = if pawn.starts_with('r') { "gN" } else { "rN" };
        let mut pieces = vec![
            (pawn, "d4"),
            (enemy, diag[0]),
            (enemy, diag[1]),
            (enemy, front),
        ];
        pieces.extend_from_slice(&CORNER_KINGS);
        let g = game(&fen(turn, [0; 4], 0, &pieces));
        assert_eq!(targets(&g, "d4"), names(&diag), "{pawn}");
    }
}

#[test]
fn pawns_have_no_double_step_and_no_en_passant() {
    let v = rules::variant(ID).unwrap();
    assert!(v.double_step.iter().all(|z| z.is_empty()));
    assert_eq!(v.ep, rookery_core::variant::EpMode::None);
    let mut g = Game::new(ID).unwrap();
    for m in ["a6a5", "a3a4", "g3g4", "h6h5", "b6b5"] {
        play(&mut g, m);
        assert!(g.legal_moves().iter().all(|m| m.kind == MoveKind::Normal));
    }
}

#[test]
fn pawns_promote_at_the_far_edge_in_their_direction_to_a_general() {
    // every player's two directions: (turn, pawn, from, to)
    let cases = [
        ('R', "rP^", "d7", "d8"),
        ('R', "rP", "g4", "h4"),
        ('B', "bP", "e7", "e8"),
        ('B', "bP<", "b4", "a4"),
        ('W', "wPv", "d2", "d1"),
        ('W', "wP", "b5", "a5"),
        ('G', "gP", "e2", "e1"),
        ('G', "gP>", "g5", "h5"),
    ];
    for (turn, pawn, from, to) in cases {
        let mut g = game(&fen(turn, [0; 4], 0, &with_kings(&[(pawn, from)], &[])));
        let f = cell(&g, from);
        let moves: Vec<_> = g
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == f)
            .collect();
        assert_eq!(moves.len(), 1, "{pawn} {from}: one way on, one choice");
        assert_eq!(moves[0].promotion(), Some(GENERAL));
        let facing = g.position().at(f).facing();
        play(&mut g, &format!("{from}{to}f"));
        let p = g.position().at(cell(&g, to));
        assert_eq!(
            (p.kind(), p.promoted(), p.facing()),
            (GENERAL, true, facing)
        );
    }
}

#[test]
fn the_general_steps_one_cell_diagonally() {
    let g = game(&fen('R', [0; 4], 0, &with_kings(&[("rF~", "d4")], &[])));
    assert_eq!(targets(&g, "d4"), names(&["c3", "c5", "e3", "e5"]));
}

// ---------------------------------------------------------------- pieces

#[test]
fn the_bishop_is_an_alfil_leaping_exactly_two_cells_diagonally_over_anything() {
    // own pawns on all four cells between: the alfil leaps over them
    let g = game(&fen(
        'R',
        [0; 4],
        0,
        &with_kings(
            &[
                ("rB", "d4"),
                ("rP^", "c3"),
                ("rP^", "c5"),
                ("rP^", "e3"),
                ("rP^", "e5"),
            ],
            &[],
        ),
    ));
    assert_eq!(targets(&g, "d4"), names(&["b2", "b6", "f2", "f6"]));
    // it captures on the cell it lands on, never on its own piece
    let g = game(&fen(
        'R',
        [0; 4],
        0,
        &with_kings(&[("rB", "d4"), ("bN", "f6"), ("rN", "b2")], &[]),
    ));
    assert_eq!(targets(&g, "d4"), names(&["b6", "f2", "f6"]));
}

#[test]
fn king_rook_and_knight_move_as_in_chess() {
    let g = game(&fen(
        'R',
        [0; 4],
        0,
        &with_kings(&[("rR", "d4"), ("rN", "e5")], &[]),
    ));
    assert_eq!(targets(&g, "d4").len(), 14);
    assert_eq!(targets(&g, "e5").len(), 8);
    assert_eq!(targets(&g, "a1"), names(&["a2", "b1", "b2"]));
}

#[test]
fn there_is_no_castling() {
    let v = rules::variant(ID).unwrap();
    assert!(!v.castling);
    // king and rook with empty cells between them
    let g = game(&fen('R', [0; 4], 0, &with_kings(&[("rR", "d1")], &[])));
    assert!(g.legal_moves().iter().all(|m| m.kind != MoveKind::Castle));
    assert_eq!(targets(&g, "a1"), names(&["a2", "b1", "b2"]));
}

// ---------------------------------------------------------------- check

#[test]
fn a_king_may_not_move_into_attack_by_any_opponent() {
    // Green's rook holds the c-file, Black's the e-file, White's knight e5
    let g = game(&fen(
        'R',
        [0; 4],
        0,
        &[
            ("rK", "d4"),
            ("gK", "a8"),
            ("gR", "c8"),
            ("bK", "h1"),
            ("bR", "e1"),
            ("wK", "h8"),
            ("wN", "f7"),
        ],
    ));
    assert_eq!(targets(&g, "d4"), names(&["d3", "d5"]));
}

#[test]
fn a_player_in_check_must_get_out_of_it() {
    // Black's rook on d8 checks Red's king on d4; the rook on a6 may block on d6
    let g = game(&fen(
        'R',
        [0; 4],
        0,
        &[
            ("rK", "d4"),
            ("rR", "a6"),
            ("rP^", "a3"),
            ("gK", "a8"),
            ("bK", "h1"),
            ("bR", "d8"),
            ("wK", "h8"),
        ],
    ));
    let moves = g.legal_moves();
    assert!(!moves.is_empty());
    for m in &moves {
        let mut p = g.position().clone();
        p.make(*m);
        assert!(!p.in_check(RED), "{}", g.move_text(*m));
    }
    assert!(
        targets(&g, "a3").is_empty(),
        "a pawn step leaves the king in check"
    );
    assert_eq!(targets(&g, "a6"), names(&["d6"]));
}

#[test]
fn a_piece_shielding_its_king_from_any_opponent_may_not_leave_the_line() {
    // Red's knight on d5 stands between its king and White's rook
    let g = game(&fen(
        'R',
        [0; 4],
        0,
        &[
            ("rK", "d4"),
            ("rN", "d5"),
            ("gK", "a8"),
            ("bK", "h1"),
            ("wK", "h8"),
            ("wR", "d8"),
        ],
    ));
    assert!(targets(&g, "d5").is_empty());
}

// ---------------------------------------------------------------- mate and the end

/// Red to move; Ra7-a1 mates Black (Kh1 behind its pawns g2 h2).
fn red_mates_black() -> Game {
    game(&fen(
        'R',
        [0; 4],
        0,
        &[
            ("rK", "d4"),
            ("rR", "a7"),
            ("gK", "c8"),
            ("bK", "h1"),
            ("bP", "g2"),
            ("bP", "h2"),
            ("bP<", "e6"),
            ("bB", "e7"),
            ("wK", "h8"),
        ],
    ))
}

#[test]
fn a_mated_army_passes_to_the_player_who_mated_it_and_its_king_leaves_the_board() {
    let mut g = red_mates_black();
    let ev = play(&mut g, "a7a1");
    assert_eq!(outs(&ev), vec![(BLACK, OutReason::Checkmate)]);
    let pos = g.position();
    assert!(!pos.is_in_play(BLACK));
    assert!(
        pos.at(cell(&g, "h1")).is_none(),
        "the mated king is removed"
    );
    assert_eq!(piece(&g, "g2"), (RED, PAWN, NORTH));
    assert_eq!(piece(&g, "h2"), (RED, PAWN, NORTH));
    assert_eq!(piece(&g, "e6"), (RED, PAWN, WEST));
    assert_eq!(piece(&g, "e7"), (RED, ALFIL, NORTH));
    assert!(pos.board.iter().all(|p| p.is_none() || !p.is_grey()));
    assert!(!g.is_over());
}

#[test]
fn the_mater_gets_no_extra_turn() {
    let mut g = red_mates_black();
    play(&mut g, "a7a1");
    assert_eq!(
        g.position().turn(),
        WHITE,
        "Black is skipped, White is next"
    );
    play(&mut g, "h8g8");
    assert_eq!(g.position().turn(), GREEN);
}

#[test]
fn a_taken_over_pawn_keeps_walking_its_own_way() {
    let mut g = red_mates_black();
    play(&mut g, "a7a1");
    play(&mut g, "h8g8");
    play(&mut g, "c8b8");
    // Black's west-walking pawn on e6 is Red's now and still walks west
    assert_eq!(targets(&g, "e6"), names(&["d6"]));
    assert_eq!(targets(&g, "g2"), names(&["g3"]));
    play(&mut g, "e6d6");
    assert_eq!(piece(&g, "d6"), (RED, PAWN, WEST));
}

#[test]
fn mate_is_decided_at_once_even_for_a_player_who_is_not_next() {
    // Red mates White; Black moves next
    let mut g = game(&fen(
        'R',
        [0; 4],
        0,
        &[
            ("rK", "d4"),
            ("rR", "b2"),
            ("gK", "a5"),
            ("bK", "h1"),
            ("wK", "h8"),
            ("wPv", "g7"),
            ("wPv", "h7"),
        ],
    ));
    let ev = play(&mut g, "b2b8");
    assert_eq!(outs(&ev), vec![(WHITE, OutReason::Checkmate)]);
    assert_eq!(piece(&g, "g7"), (RED, PAWN, SOUTH));
    assert_eq!(g.position().turn(), BLACK);
}

#[test]
fn one_move_mating_two_players_takes_both_armies() {
    // Re1-e8 mates White and uncovers the a1 rook's mate of Black
    let mut g = game(&fen(
        'R',
        [0; 4],
        0,
        &[
            ("rK", "d4"),
            ("rR", "a1"),
            ("rR", "e1"),
            ("gK", "c6"),
            ("bK", "h1"),
            ("bP", "g2"),
            ("bP", "h2"),
            ("wK", "h8"),
            ("wPv", "g7"),
            ("wPv", "h7"),
        ],
    ));
    let ev = play(&mut g, "e1e8");
    let mut o = outs(&ev);
    o.sort_by_key(|(s, _)| *s);
    assert_eq!(
        o,
        vec![(BLACK, OutReason::Checkmate), (WHITE, OutReason::Checkmate)]
    );
    for c in ["g2", "h2", "g7", "h7"] {
        assert_eq!(piece(&g, c).0, RED, "{c}");
    }
    assert_eq!(g.position().turn(), GREEN);
    assert!(!g.is_over());
}

#[test]
fn a_king_left_in_check_may_be_taken_by_a_player_who_moves_first_and_the_taker_gets_the_army() {
    // Black's king on h1 is in check from Green's rook; Green moves before Black and takes it
    let mut g = game(&fen(
        'G',
        [0; 4],
        0,
        &[
            ("gK", "a8"),
            ("gR", "h5"),
            ("rK", "a1"),
            ("bK", "h1"),
            ("bP<", "f2"),
            ("wK", "d8"),
        ],
    ));
    let ev = play(&mut g, "h5h1");
    assert_eq!(outs(&ev), vec![(BLACK, OutReason::KingCaptured)]);
    assert_eq!(piece(&g, "f2"), (GREEN, PAWN, WEST));
    assert_eq!(g.position().turn(), RED);
}

#[test]
fn the_last_king_wins() {
    // Black and White are out; Rc1-c8 mates Green
    let mut g = game(&fen(
        'R',
        [0, 0, 1, 1],
        0,
        &[
            ("rK", "d4"),
            ("rR", "c1"),
            ("gK", "a8"),
            ("gP", "a7"),
            ("gP", "b7"),
        ],
    ));
    play(&mut g, "c1c8");
    let out = g.outcome().expect("one king left");
    assert_eq!(
        (out.winners.clone(), out.reason),
        (vec![RED], EndReason::Checkmate)
    );
    assert_eq!(piece(&g, "a7"), (RED, PAWN, SOUTH));
}

#[test]
fn a_stalemated_player_is_out_when_its_turn_comes_and_its_army_goes_to_the_player_who_moved() {
    // Rb4-g4 takes g1 and g2 from Black's king; its pawn h2 is blocked by Red's pawn h3
    let mut g = game(&fen(
        'R',
        [0; 4],
        0,
        &[
            ("rK", "d1"),
            ("rR", "b4"),
            ("rP^", "h3"),
            ("gK", "a8"),
            ("bK", "h1"),
            ("bP", "h2"),
            ("wK", "h8"),
        ],
    ));
    let ev = play(&mut g, "b4g4");
    assert_eq!(outs(&ev), vec![(BLACK, OutReason::Stalemate)]);
    assert!(g.position().at(cell(&g, "h1")).is_none());
    assert_eq!(piece(&g, "h2"), (RED, PAWN, NORTH));
    assert_eq!(g.position().turn(), WHITE);
}

#[test]
fn resigning_or_running_out_of_time_puts_the_player_out_and_its_army_turns_grey() {
    for timeout in [false, true] {
        let mut g = Game::new(ID).unwrap();
        let (act, why) = if timeout {
            (Action::Timeout(BLACK), OutReason::Timeout)
        } else {
            (Action::Resign(BLACK), OutReason::Resignation)
        };
        g.act(act).unwrap();
        assert_eq!(outs(&g.plies().last().unwrap().events), vec![(BLACK, why)]);
        let pos = g.position();
        assert!(!pos.is_in_play(BLACK));
        assert_eq!(pos.turn(), GREEN);
        assert_eq!(piece(&g, "h1"), (GREY, KING, NORTH));
        assert_eq!(piece(&g, "f1"), (GREY, PAWN, WEST));
        play(&mut g, "a6a5");
        play(&mut g, "a3a4");
        assert_eq!(g.position().turn(), WHITE, "Black's turn is skipped");
        assert!(matches!(
            g.act(Action::Resign(BLACK)),
            Err(Error::BadSeat(_))
        ));
    }
}

#[test]
fn grey_pieces_never_move_or_give_check_and_anyone_may_take_them() {
    // Black resigned: its rook on d5 is grey and does not attack Red's king
    let mut g = game(&fen(
        'R',
        [0, 0, 1, 0],
        0,
        &[
            ("rK", "d4"),
            ("gK", "a8"),
            ("dbR", "d5"),
            ("dbK", "h1"),
            ("wK", "h8"),
        ],
    ));
    assert_eq!(targets(&g, "d4").len(), 8);
    play(&mut g, "d4d5");
    assert_eq!(piece(&g, "d5"), (RED, KING, EAST));
    assert_eq!(g.position().turn(), WHITE);
}

#[test]
fn when_the_second_to_last_player_resigns_the_last_king_wins() {
    let mut g = game(&fen(
        'G',
        [0, 0, 1, 1],
        0,
        &[("rK", "d4"), ("rR", "c1"), ("gK", "a8"), ("gP", "a7")],
    ));
    g.act(Action::Resign(GREEN)).unwrap();
    let out = g.outcome().unwrap();
    assert_eq!(
        (out.winners.clone(), out.reason),
        (vec![RED], EndReason::Resignation)
    );
}

#[test]
fn kings_alone_is_a_draw() {
    let mut g = game(&fen(
        'R',
        [0; 4],
        0,
        &[
            ("rK", "d4"),
            ("gK", "a8"),
            ("gP", "d5"),
            ("bK", "h1"),
            ("wK", "h8"),
        ],
    ));
    play(&mut g, "d4d5");
    let out = g.outcome().unwrap();
    assert!(out.is_draw());
    assert_eq!(out.reason, EndReason::InsufficientMaterial);
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut g = game(&fen('G', [0; 4], 0, &with_kings(&[("rP^", "d4")], &[])));
    let round = [
        "a8b8", "a1b1", "h1g1", "h8g8", "b8a8", "b1a1", "g1h1", "g8h8",
    ];
    for m in round.iter().chain(round.iter()) {
        assert!(!g.is_over());
        play(&mut g, m);
    }
    let out = g.outcome().expect("third occurrence");
    assert!(out.is_draw());
    assert_eq!(out.reason, EndReason::Repetition);
}

#[test]
fn fifty_moves_each_without_capture_or_pawn_move_is_a_draw() {
    let mut g = game(&fen('G', [0; 4], 199, &with_kings(&[("rP^", "d4")], &[])));
    play(&mut g, "a8b8");
    let out = g.outcome().unwrap();
    assert!(out.is_draw());
    assert_eq!(out.reason, EndReason::FiftyMoves);
}

#[test]
fn the_move_limit_house_rule_ends_the_game_drawn() {
    let house = HouseRules {
        move_limit: Some(3),
        ..HouseRules::default()
    };
    let mut g = Game::with_options(ID, house, 0, None).unwrap();
    play(&mut g, "a6a5");
    play(&mut g, "a3a4");
    play(&mut g, "g3g4");
    let out = g.outcome().unwrap();
    assert!(out.is_draw());
    assert_eq!(out.reason, EndReason::MoveLimit);
}

#[test]
fn there_are_no_points() {
    let mut g = red_mates_black();
    let ev = play(&mut g, "a7a1");
    assert!(!ev.iter().any(|e| matches!(e, Event::Scored { .. })));
    assert_eq!(g.position().scores, [0; 8]);
}

// ---------------------------------------------------------------- notation

#[test]
fn fen8_start_position_round_trips_with_facing_marks() {
    let v = rules::variant(ID).unwrap();
    let pos = rules::parse_position(v, four_seasons::START).unwrap();
    assert_eq!(rules::write_position(&pos), four_seasons::START);
    assert_eq!(pos, *Game::new(ID).unwrap().position());
    // default facings: Green south, Red east, Black north, White west; the others are marked
    assert!(four_seasons::START.contains("rP^,rP^"));
    assert!(four_seasons::START.contains("gP>"));
    assert!(four_seasons::START.contains("bP<"));
    assert!(four_seasons::START.contains("wPv"));
}

#[test]
fn fen8_round_trips_taken_over_armies_grey_pieces_and_generals() {
    let v = rules::variant(ID).unwrap();
    let mut g = red_mates_black();
    play(&mut g, "a7a1");
    let text = rules::write_position(g.position());
    assert!(text.contains("rP<"), "{text}");
    assert!(text.contains("rP^"), "{text}");
    assert_eq!(rules::parse_position(v, &text).unwrap(), *g.position());
    let mut g = Game::new(ID).unwrap();
    g.act(Action::Resign(WHITE)).unwrap();
    let text = rules::write_position(g.position());
    // grey pieces take the tag of the seat whose default facing they share
    assert!(
        text.contains("dwK") && text.contains("dgP") && text.contains("dwP"),
        "{text}"
    );
    assert_eq!(rules::parse_position(v, &text).unwrap(), *g.position());
    let text = fen(
        'R',
        [0; 4],
        5,
        &with_kings(&[("rF^~", "d4"), ("bF~", "e5")], &[]),
    );
    assert_eq!(rules::write_position(&game(&text).position().clone()), text);
}

#[test]
fn bad_fen8_gives_bad_fen_and_changes_nothing() {
    let v = rules::variant(ID).unwrap();
    let good = four_seasons::START;
    let bads = [
        good.replacen("G-", "Y-", 1),
        good.replacen("gP>", "gP*", 1),
        good.replacen("gP>", "gPx", 1),
        good.replacen("gP>", "gP>>", 1),
        // castling rights in a game without castling
        good.replacen(
            "-0,0,0,0-0,0,0,0-0,0,0,0-0-",
            "-0,0,0,0-0,0,1,0-0,0,0,0-0-",
            1,
        ),
        // an east-walking pawn on its own far edge (file h), on its own back edge (file a)
        fen('R', [0; 4], 0, &with_kings(&[("rP", "h4")], &[])),
        fen('R', [0; 4], 0, &with_kings(&[("rP", "a4")], &[])),
        // a north-walking pawn on rank 8
        fen('R', [0; 4], 0, &with_kings(&[("rP^", "d8")], &[])),
        // a promoted king, a player out with live pieces
        fen('R', [0; 4], 0, &with_kings(&[("rK~", "d4")], &[RED])),
        fen('R', [0, 0, 1, 0], 0, &with_kings(&[], &[])),
    ];
    for b in &bads {
        assert!(
            matches!(rules::parse_position(v, b), Err(Error::BadFen(_))),
            "{b}"
        );
    }
    let mut g = Game::new(ID).unwrap();
    play(&mut g, "a6a5");
    let before = g.position().clone();
    assert!(g.play_text("a3a5").is_err());
    assert!(g.play_text("a5a4").is_err(), "not Green's turn");
    assert!(g.play_text("c1d1q").is_err());
    assert_eq!(*g.position(), before);
}

// ---------------------------------------------------------------- random play

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        multi::prng(self.0, 47)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random games: no panic, make/unmake restores the exact position and hash, undo/redo too,
/// nobody ever scores, a player in the game has a king and a legal move, a player out has no
/// piece, FEN8 round-trips, and every game ends.
fn random_games(games: u64, limit: Option<u32>) -> Vec<EndReason> {
    let v = rules::variant(ID).unwrap();
    let mut ends = Vec::new();
    for seed in 0..games {
        let house = HouseRules {
            move_limit: limit,
            ..HouseRules::default()
        };
        let mut g = Game::with_options(ID, house, seed, None).unwrap();
        let mut rng = Rng(seed * 104_729 + 5);
        while !g.is_over() {
            assert!(g.ply_count() < 50_000, "every game ends");
            let before = g.position().clone();
            let mut probe = before.clone();
            for m in before.legal_moves() {
                let u = probe.make(m);
                assert_eq!(probe.st.hash, probe.compute_hash(), "incremental hash");
                assert!(!probe.in_check(before.turn()), "legal moves leave no check");
                probe.unmake(m, &u);
                assert!(probe == before && probe.hash() == before.hash());
            }
            let roll = rng.below(1500);
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
            let pos: &Position = g.position();
            assert_eq!(pos.scores, [0; 8]);
            for s in 0..4u8 {
                assert_eq!(pos.is_in_play(s), pos.king(s).is_some());
                if !pos.is_in_play(s) {
                    assert!(pos.cells_of(s).is_empty());
                }
            }
            let f = rules::write_position(pos);
            assert_eq!(rules::parse_position(v, &f).unwrap(), *pos, "{f}");
            let after_hash = pos.hash();
            g.undo().unwrap();
            assert_eq!(*g.position(), before);
            g.redo().unwrap();
            assert_eq!(g.position().hash(), after_hash);
        }
        let out = g.outcome().unwrap();
        if std::env::var("SEASONS_STATS").is_ok() {
            let outs: Vec<_> = g.plies().iter().flat_map(|p| outs(&p.events)).collect();
            eprintln!(
                "seed {seed}: {} plies, {:?}, outs {:?}",
                g.ply_count(),
                out,
                outs
            );
        }
        if !out.is_draw() {
            assert_eq!(out.winners.len(), 1);
            assert_eq!(multi::active_seats(g.position()), out.winners);
        }
        ends.push(out.reason);
    }
    ends
}

#[test]
fn random_games_keep_every_invariant_and_always_end() {
    random_games(24, Some(400));
}

#[test]
fn random_games_without_a_move_limit_end_by_the_rules() {
    let ends = random_games(8, None);
    assert!(ends.iter().all(|r| *r != EndReason::MoveLimit));
}
