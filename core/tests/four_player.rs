//! Four-player chess, free for all (`four-player-ffa`) and teams (`four-player-teams`):
//! perft, a test for every rule of seeds 001 and 004 and DECISIONS.md "Four-player chess",
//! FEN4 and PGN4, and random-play invariants. Test names say the rule they prove.

mod support;

use rookery_core::board::grid;
use rookery_core::game::{Action, EndReason, Event, HouseRules, OutReason};
use rookery_core::movegen::perft;
use rookery_core::notation::{fen4, movetext, pgn4};
use rookery_core::piece::{chess::*, GREY};
use rookery_core::position::{MoveKind, Position};
use rookery_core::rules::{self, four, multi};
use rookery_core::{Error, Game, Move};

const FFA: &str = "four-player-ffa";
const TEAMS: &str = "four-player-teams";
const RED: u8 = 0;
const BLUE: u8 = 1;
const YELLOW: u8 = 2;
const GREEN: u8 = 3;

// ---------------------------------------------------------------- helpers

/// A FEN4 from a piece list (`("rK", "h1")`, `("dP", "e5")`, ...); castling flags all on
/// (rights without king and rook in place are dropped by the reader).
fn fen4(
    turn: char,
    dead: [u8; 4],
    points: [i32; 4],
    plies: u32,
    pieces: &[(&str, &str)],
) -> String {
    let rows = support::board_rows(14, pieces);
    let join = |v: Vec<String>| v.join(",");
    format!(
        "{turn}-{}-1,1,1,1-1,1,1,1-{}-{plies}-{}",
        join(dead.iter().map(|d| d.to_string()).collect()),
        join(points.iter().map(|d| d.to_string()).collect()),
        rows
    )
}

fn game(id: &str, fen: &str) -> Game {
    Game::from_fen(id, fen).unwrap_or_else(|e| panic!("{e}: {fen}"))
}

fn cell(g: &Game, name: &str) -> u16 {
    g.variant.board.cell(name).unwrap()
}

/// Plays move text (`e2e4`, `O-O`) and returns the events of that ply.
fn play(g: &mut Game, text: &str) -> Vec<Event> {
    g.play_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", rules::write_position(g.position())));
    g.plies().last().unwrap().events.clone()
}

fn scored(events: &[Event]) -> Vec<(u8, i32, String)> {
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

/// Kings placed out of everyone's way, for positions that need all four seats.
const QUIET_KINGS: [(&str, &str); 4] = [("rK", "h1"), ("bK", "a8"), ("yK", "g14"), ("gK", "n7")];

fn with_kings<'a>(extra: &[(&'a str, &'a str)], skip: &[u8]) -> Vec<(&'a str, &'a str)> {
    let mut v: Vec<(&str, &str)> = QUIET_KINGS
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
fn perft_start_depths_1_to_4_are_20_399_7960_158402() {
    let g = Game::new(FFA).unwrap();
    let mut pos = g.position().clone();
    for (d, n) in [20u64, 399, 7960, 158402].into_iter().enumerate() {
        assert_eq!(perft(&mut pos, d as u32 + 1), n, "depth {}", d + 1);
    }
    // teams: partners may not capture each other, which first matters deeper; depths 1-2 agree
    let t = Game::new(TEAMS).unwrap();
    let mut pos = t.position().clone();
    assert_eq!(perft(&mut pos, 2), 399);
}

#[test]
fn perft_start_depth_5_with_en_passant_is_3730168() {
    // REFERENCE §3.6: depth 5 from teetertater's generator (1,596 leaves are en passant
    // captures, any opponent until the double-stepper moves again)
    let g = Game::new(FFA).unwrap();
    let mut pos = g.position().clone();
    assert_eq!(perft(&mut pos, 5), 3_730_168);
}

// ---------------------------------------------------------------- board and setup (seed 001)

#[test]
fn the_board_is_14_by_14_with_the_3_by_3_corners_removed_160_squares() {
    let v = rules::variant(FFA).unwrap();
    assert_eq!(v.board.len(), 160);
    for hole in ["a1", "c3", "l1", "n3", "a12", "c14", "l12", "n14"] {
        assert!(v.board.cell(hole).is_none(), "{hole}");
    }
    for c in ["d1", "a4", "n11", "k14", "c4", "l11"] {
        assert!(v.board.cell(c).is_some(), "{c}");
    }
}

#[test]
fn setup_is_chess_com_red_qg1_kh1_blue_qa7_ka8_yellow_kg14_qh14_green_kn7_qn8() {
    for id in [FFA, TEAMS] {
        let g = Game::new(id).unwrap();
        let p = g.position();
        let at = |n: &str| p.at(cell(&g, n));
        for (name, kind, seat) in [
            ("g1", QUEEN, RED),
            ("h1", KING, RED),
            ("a7", QUEEN, BLUE),
            ("a8", KING, BLUE),
            ("g14", KING, YELLOW),
            ("h14", QUEEN, YELLOW),
            ("n7", KING, GREEN),
            ("n8", QUEEN, GREEN),
            ("d1", ROOK, RED),
            ("e1", KNIGHT, RED),
            ("f1", BISHOP, RED),
            ("a4", ROOK, BLUE),
            ("n11", ROOK, GREEN),
            ("k14", ROOK, YELLOW),
        ] {
            assert_eq!(
                (at(name).kind(), at(name).owner()),
                (kind, seat),
                "{id} {name}"
            );
        }
        // a full set of 16 each, pawns in front
        for s in 0..4u8 {
            assert_eq!(p.cells_of(s).len(), 16);
        }
        for (row, seat) in [("2", RED), ("13", YELLOW)] {
            for f in 'd'..='k' {
                let q = at(&format!("{f}{row}"));
                assert_eq!((q.kind(), q.owner()), (PAWN, seat));
            }
        }
        for (file, seat) in [('b', BLUE), ('m', GREEN)] {
            for r in 4..=11 {
                let q = at(&format!("{file}{r}"));
                assert_eq!((q.kind(), q.owner()), (PAWN, seat));
            }
        }
    }
}

#[test]
fn each_king_faces_the_queen_of_the_player_opposite() {
    let g = Game::new(FFA).unwrap();
    let p = g.position();
    for (king, queen) in [("h1", "h14"), ("g14", "g1"), ("a8", "n8"), ("n7", "a7")] {
        assert_eq!(p.at(cell(&g, king)).kind(), KING);
        assert_eq!(p.at(cell(&g, queen)).kind(), QUEEN);
    }
}

#[test]
fn moves_go_clockwise_red_blue_yellow_green() {
    let mut g = Game::new(FFA).unwrap();
    let v = g.variant;
    let colours: Vec<&str> = v.seats.iter().map(|s| s.colour).collect();
    assert_eq!(colours, ["red", "blue", "yellow", "green"]);
    let mut turns = vec![g.position().turn()];
    for m in ["e2e3", "b5c5", "e13e12", "m5l5", "f2f3"] {
        play(&mut g, m);
        turns.push(g.position().turn());
    }
    assert_eq!(turns, [RED, BLUE, YELLOW, GREEN, RED, BLUE]);
}

#[test]
fn pawns_advance_towards_the_player_opposite_and_capture_diagonally_forwards() {
    let v = rules::variant(FFA).unwrap();
    let facings: Vec<u8> = v.seats.iter().map(|s| s.facing).collect();
    assert_eq!(facings, [grid::NORTH, grid::EAST, grid::SOUTH, grid::WEST]);
    // a pawn of each colour in the open: pushes forwards, captures only diagonally forwards
    let fen = fen4(
        'R',
        [0; 4],
        [0; 4],
        0,
        &with_kings(
            &[
                ("rP", "g6"),
                ("bN", "h7"),
                ("bN", "f7"),
                ("bN", "g7"),
                ("bP", "e9"),
                ("yN", "f10"),
                ("rN", "f8"),
            ],
            &[],
        ),
    );
    let g = game(FFA, &fen);
    let from = cell(&g, "g6");
    let mut targets: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| v.board.name(m.to).to_string())
        .collect();
    targets.sort();
    // g7 is blocked (no straight capture), f7 and h7 are diagonal captures
    assert_eq!(targets, ["f7", "h7"]);
    // a Blue pawn walks east: from e9 it captures on f10 (Yellow) but not f8 (own? no: Red's)
    let mut g = g;
    play(&mut g, "g6h7");
    let from = cell(&g, "e9");
    let mut targets: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| v.board.name(m.to).to_string())
        .collect();
    targets.sort();
    assert_eq!(targets, ["f10", "f8", "f9"]);
}

#[test]
fn a_pawns_first_move_may_be_two_squares_from_each_players_second_rank() {
    let g = Game::new(FFA).unwrap();
    let moves: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    assert!(moves.contains(&"d2d4".to_string()) && moves.contains(&"k2k4".to_string()));
    assert_eq!(g.legal_moves().len(), 20);
    let mut g = g;
    for (mine, double) in [("e2e3", "b4d4"), ("e13e11", "m11k11")] {
        play(&mut g, mine);
        let texts: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
        assert!(texts.contains(&double.to_string()), "{double}");
        play(&mut g, double);
    }
    // a pawn that has moved cannot step twice again
    let texts: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    assert!(!texts.contains(&"e3e5".to_string()));
}

#[test]
fn castling_the_king_goes_two_squares_towards_the_rook_for_every_player() {
    // kings and rooks on their start cells, nothing between
    let pieces = [
        ("rK", "h1"),
        ("rR", "d1"),
        ("rR", "k1"),
        ("bK", "a8"),
        ("bR", "a4"),
        ("bR", "a11"),
        ("yK", "g14"),
        ("yR", "d14"),
        ("yR", "k14"),
        ("gK", "n7"),
        ("gR", "n4"),
        ("gR", "n11"),
    ];
    // (turn, side, king to, rook to)
    let cases = [
        ('R', "O-O", "j1", "i1"),
        ('R', "O-O-O", "f1", "g1"),
        ('B', "O-O", "a10", "a9"),
        ('B', "O-O-O", "a6", "a7"),
        ('Y', "O-O", "e14", "f14"),
        ('Y', "O-O-O", "i14", "h14"),
        ('G', "O-O", "n5", "n6"),
        ('G', "O-O-O", "n9", "n8"),
    ];
    for id in [FFA, TEAMS] {
        for (turn, side, king_to, rook_to) in cases {
            let mut g = game(id, &fen4(turn, [0; 4], [0; 4], 0, &pieces));
            let seat = g.position().turn();
            play(&mut g, side);
            let p = g.position();
            let k = p.at(cell(&g, king_to));
            let r = p.at(cell(&g, rook_to));
            assert_eq!((k.kind(), k.owner()), (KING, seat), "{id} {turn} {side}");
            assert_eq!((r.kind(), r.owner()), (ROOK, seat), "{id} {turn} {side}");
            // and the rights of that player are gone
            assert!(p
                .castles
                .iter()
                .enumerate()
                .all(|(i, d)| d.seat != seat || p.st.castling >> i & 1 == 0));
        }
    }
}

#[test]
fn castling_is_not_allowed_through_an_attacked_square() {
    // Blue's rook attacks i1: Red may castle queen side but not king side
    let pieces = with_kings(&[("rR", "d1"), ("rR", "k1"), ("bR", "i9")], &[]);
    let g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let castles: Vec<u8> = g
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| g.position().castles[m.aux as usize].side)
        .collect();
    assert_eq!(castles, [1]);
}

#[test]
fn en_passant_any_opponent_may_take_until_the_double_stepper_moves_again() {
    // Blue b7-d7 passes c7, which a Yellow pawn (d8, walking south) and a Red pawn (d6,
    // walking north) attack; Yellow and Green move before Red does
    let pieces = with_kings(
        &[
            ("bP", "b7"),
            ("bP", "b10"),
            ("rP", "d6"),
            ("yP", "d8"),
            ("gP", "m9"),
        ],
        &[],
    );
    let fen = fen4('B', [0; 4], [0; 4], 0, &pieces);
    let ep_moves = |g: &Game| {
        g.legal_moves()
            .into_iter()
            .filter(|m| m.kind == MoveKind::EnPassant)
            .collect::<Vec<_>>()
    };
    let mut g = game(FFA, &fen);
    play(&mut g, "b7d7");
    assert_eq!(ep_moves(&g).len(), 1, "Yellow, next, may take");
    play(&mut g, "g14g13");
    play(&mut g, "m9l9");
    let ep = ep_moves(&g);
    assert_eq!(ep.len(), 1, "Red, two players later, still may take");
    assert_eq!(ep[0].to, cell(&g, "c7"));
    g.play(ep[0]).unwrap();
    assert!(g.position().at(cell(&g, "d7")).is_none());
    assert_eq!(
        scored(&g.plies().last().unwrap().events),
        [(RED, 1, "capture".into())]
    );
    // nobody takes: once Blue moves again the chance is gone
    let mut g = game(FFA, &fen);
    for m in ["b7d7", "g14g13", "m9l9", "h1h2", "b10c10"] {
        play(&mut g, m);
    }
    assert!(ep_moves(&g).is_empty());
}

#[test]
fn teams_en_passant_is_for_opponents_only() {
    let mut g = Game::new(TEAMS).unwrap();
    play(&mut g, "e2e4");
    let p = g.position();
    assert_eq!(p.ep_targets_for(BLUE).count(), 1);
    assert_eq!(p.ep_targets_for(GREEN).count(), 1);
    assert_eq!(
        p.ep_targets_for(YELLOW).count(),
        0,
        "Yellow is Red's partner"
    );
    assert_eq!(
        rules::variant(TEAMS).unwrap().ep,
        rules::variant(FFA).unwrap().ep
    );
}

#[test]
fn free_for_all_promotes_on_the_8th_rank_in_the_middle_to_a_queen_only() {
    // each colour's 8th rank: Red rank 8, Blue file h, Yellow rank 7, Green file g
    let pieces = [
        ("rK", "e1"),
        ("bK", "a11"),
        ("yK", "d14"),
        ("gK", "n4"),
        ("rP", "e7"),
        ("bP", "g5"),
        ("yP", "j8"),
        ("gP", "h10"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    for (mv, at) in [
        ("e7e8", "e8"),
        ("g5h5", "h5"),
        ("j8j7", "j7"),
        ("h10g10", "g10"),
    ] {
        let promos: Vec<Move> = g
            .legal_moves()
            .into_iter()
            .filter(|m| m.promotion().is_some())
            .collect();
        assert_eq!(promos.len(), 1, "only a queen");
        play(&mut g, &format!("{mv}q"));
        let q = g.position().at(cell(&g, at));
        assert!(q.kind() == QUEEN && q.promoted(), "{at}");
    }
    assert!(movetext::parse(g.position(), "x").is_err());
}

#[test]
fn a_promoted_queen_is_worth_1_point_when_captured() {
    let pieces = with_kings(&[("rP", "e7"), ("bR", "e10")], &[]);
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    play(&mut g, "e7e8q");
    let ev = play(&mut g, "e10e8");
    assert_eq!(scored(&ev), [(BLUE, 1, "capture".into())]);
}

#[test]
fn teams_promote_on_the_11th_rank_to_queen_rook_bishop_or_knight() {
    let pieces = with_kings(&[("rP", "e7"), ("rP", "f10")], &[]);
    let g = game(TEAMS, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let e7 = cell(&g, "e7");
    let f10 = cell(&g, "f10");
    let from_e7: Vec<Move> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == e7)
        .collect();
    assert!(
        from_e7.iter().all(|m| m.promotion().is_none()),
        "rank 8 is no promotion"
    );
    let mut kinds: Vec<u8> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == f10)
        .filter_map(|m| m.promotion())
        .collect();
    kinds.sort();
    assert_eq!(kinds, [KNIGHT, BISHOP, ROOK, QUEEN]);
    let mut g = g;
    play(&mut g, "f10f11n");
    assert_eq!(g.position().at(cell(&g, "f11")).kind(), KNIGHT);
}

#[test]
fn you_may_never_leave_your_own_king_in_check() {
    // Red's knight on h2 is pinned by Yellow's rook on h14's file; Red is in check from Green
    let pieces = [
        ("rK", "h1"),
        ("rN", "h2"),
        ("yR", "h10"),
        ("yK", "a9"),
        ("bK", "a4"),
        ("gK", "n4"),
    ];
    let g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let h2 = cell(&g, "h2");
    assert!(
        g.legal_moves().iter().all(|m| m.from != h2),
        "pinned knight"
    );
    let pieces = [
        ("rK", "h1"),
        ("rN", "e1"),
        ("gB", "k4"),
        ("yK", "a9"),
        ("bK", "a4"),
        ("gK", "n4"),
    ];
    let g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(g.position().in_check(RED));
    for m in g.legal_moves() {
        let mut p = g.position().clone();
        p.make(m);
        assert!(!p.in_check(RED), "{}", g.move_text(m));
    }
}

// ---------------------------------------------------------------- free-for-all scoring

#[test]
fn captures_score_pawn_1_knight_3_bishop_5_rook_5_queen_9() {
    for (piece, points) in [("bP", 1), ("bN", 3), ("bB", 5), ("bR", 5), ("bQ", 9)] {
        let pieces = with_kings(&[("rR", "e4"), (piece, "e9")], &[]);
        let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
        let ev = play(&mut g, "e4e9");
        assert_eq!(scored(&ev), [(RED, points, "capture".into())], "{piece}");
        assert_eq!(scores(&g), [points, 0, 0, 0]);
    }
    let v = rules::variant(FFA).unwrap();
    let _ = v;
    use rookery_core::piece::Piece;
    assert_eq!(four::piece_value(Piece::new(KING, BLUE, 1)), 20);
    assert_eq!(
        four::piece_value(Piece::new(QUEEN, BLUE, 1).with_promoted(true)),
        1
    );
    assert_eq!(four::piece_value(Piece::new(QUEEN, GREY, 1)), 0);
}

#[test]
fn a_single_check_scores_nothing() {
    let pieces = with_kings(&[("rR", "e4")], &[]);
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    // Re4-e8 checks Blue's king on a8 along rank 8 only
    let ev = play(&mut g, "e4e8");
    assert!(g.position().in_check(BLUE));
    assert!(scored(&ev).is_empty());
}

#[test]
fn checking_two_kings_with_one_move_scores_5() {
    // the knight jumps to f7 and checks Blue (e9) and Yellow (h8)
    let pieces = [
        ("rK", "h1"),
        ("rN", "g5"),
        ("bK", "e9"),
        ("yK", "h8"),
        ("gK", "n4"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "g5f7");
    assert_eq!(scored(&ev), [(RED, 5, "double check".into())]);
}

#[test]
fn checking_two_kings_with_a_queen_scores_1() {
    // Qc6-f9 checks Blue on b9 (rank 9) and Yellow on f13 (file f)
    let pieces = [
        ("rK", "h1"),
        ("rQ", "c6"),
        ("bK", "b9"),
        ("yK", "f13"),
        ("gK", "n4"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "c6f9");
    assert_eq!(scored(&ev), [(RED, 1, "double check".into())]);
}

#[test]
fn checking_two_kings_with_a_queen_and_another_piece_scores_5() {
    // Qd9-d12 checks Yellow's king on g12 along rank 12 and uncovers the rook on c9 against
    // Blue's king on e9: one check by a queen, one by a rook
    let pieces = [
        ("rK", "h1"),
        ("rR", "c9"),
        ("rQ", "d9"),
        ("bK", "e9"),
        ("yK", "g12"),
        ("gK", "n4"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "d9d12");
    assert!(g.position().in_check(BLUE) && g.position().in_check(YELLOW));
    assert_eq!(scored(&ev), [(RED, 5, "double check".into())]);
}

#[test]
fn checking_three_kings_with_one_move_scores_20() {
    // the knight on f7 attacks e9 (Blue), h8 (Yellow) and d6 (Green)
    let pieces = [
        ("rK", "h1"),
        ("rN", "g5"),
        ("bK", "e9"),
        ("yK", "h8"),
        ("gK", "d6"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "g5f7");
    assert_eq!(scored(&ev), [(RED, 20, "triple check".into())]);
}

#[test]
fn checking_three_kings_with_a_queen_scores_5() {
    // Qc6-f9: b9 along rank 9, f13 along file f, j5 along the diagonal
    let pieces = [
        ("rK", "h1"),
        ("rQ", "c6"),
        ("bK", "b9"),
        ("yK", "f13"),
        ("gK", "j5"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "c6f9");
    assert_eq!(scored(&ev), [(RED, 5, "triple check".into())]);
    assert_eq!(four::check_bonus(1, false), 0);
}

/// Blue's king on a8 mated by Red: Rb4 holds file b, Re5-a5 checks along file a.
fn blue_mated_by_red(
    dead: [u8; 4],
    points: [i32; 4],
    extra: &[(&'static str, &'static str)],
) -> Game {
    let mut pieces = vec![
        ("rK", "h1"),
        ("rR", "b4"),
        ("rR", "e5"),
        ("bK", "a8"),
        ("bP", "e8"),
    ];
    if dead[2] == 0 {
        pieces.push(("yK", "g14"));
    }
    if dead[3] == 0 {
        pieces.push(("gK", "n7"));
    }
    pieces.extend_from_slice(extra);
    game(FFA, &fen4('R', dead, points, 0, &pieces))
}

#[test]
fn checkmate_scores_20_and_the_mated_players_pieces_turn_grey() {
    let mut g = blue_mated_by_red([0; 4], [0; 4], &[]);
    let ev = play(&mut g, "e5a5");
    assert_eq!(scored(&ev), [(RED, 20, "checkmate".into())]);
    assert_eq!(outs(&ev), [(BLUE, OutReason::Checkmate)]);
    let p = g.position();
    assert!(!p.is_in_play(BLUE));
    for c in ["a8", "e8"] {
        assert!(p.at(cell(&g, c)).is_grey(), "{c} stays on the board, grey");
    }
    // Blue is skipped: Yellow moves next
    assert_eq!(p.turn(), YELLOW);
    assert!(!g.is_over());
}

#[test]
fn checkmate_is_decided_at_once_for_a_player_who_is_not_next() {
    // Red mates Green (who moves fourth): Green's king on n4; Rm11 holds file m, Rk9-n9 checks
    // along file n
    let pieces = [
        ("rK", "h1"),
        ("rR", "m11"),
        ("rR", "k9"),
        ("bK", "a8"),
        ("yK", "g14"),
        ("gK", "n4"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "k9n9");
    assert_eq!(outs(&ev), [(GREEN, OutReason::Checkmate)]);
    assert_eq!(scored(&ev), [(RED, 20, "checkmate".into())]);
    play(&mut g, "a8b8");
    play(&mut g, "g14g13");
    assert_eq!(g.position().turn(), RED, "Green no longer takes turns");
}

#[test]
fn grey_pieces_never_move_or_give_check_and_capturing_them_scores_nothing() {
    // Blue is out: its rook on e9 is grey, in line with Yellow's king on e13 and with Red's
    // rook on e4
    let pieces = [
        ("rK", "h1"),
        ("rR", "e4"),
        ("dR", "e9"),
        ("dK", "a8"),
        ("yK", "e13"),
        ("dP", "f13"),
        ("gK", "n7"),
    ];
    let mut g = game(FFA, &fen4('R', [0, 1, 0, 0], [0; 4], 0, &pieces));
    assert!(!g.position().in_check(YELLOW), "grey pieces give no check");
    let ev = play(&mut g, "e4e9");
    assert!(scored(&ev).is_empty(), "capturing a grey piece scores 0");
    // grey pieces never move: Blue takes no turn
    assert_eq!(g.position().turn(), YELLOW);
    // Red's rook now checks Yellow, whose king takes a grey pawn to get out, for nothing
    let ev = play(&mut g, "e13f13");
    assert!(scored(&ev).is_empty());
}

#[test]
fn a_king_left_en_prise_may_be_taken_for_20_and_its_player_is_out() {
    // Green's king on n9 is attacked by Blue's rook on b9 when Blue moves
    let pieces = [
        ("rK", "h1"),
        ("bK", "a4"),
        ("bR", "b9"),
        ("yK", "g14"),
        ("gK", "n9"),
        ("gP", "m5"),
    ];
    let mut g = game(FFA, &fen4('B', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "b9n9");
    assert_eq!(scored(&ev), [(BLUE, 20, "king captured".into())]);
    assert_eq!(outs(&ev), [(GREEN, OutReason::KingCaptured)]);
    assert!(g.position().at(cell(&g, "m5")).is_grey());
}

#[test]
fn stalemate_puts_the_player_out_and_every_player_still_in_scores_10() {
    // Green's king on n4: Rm11 holds m4 and m5; Rd6-d5 takes n5; the king is not attacked
    let pieces = [
        ("rK", "h1"),
        ("rR", "m11"),
        ("rR", "d6"),
        ("bK", "a8"),
        ("yK", "g14"),
        ("gK", "n4"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "d6d5");
    assert_eq!(outs(&ev), [(GREEN, OutReason::Stalemate)]);
    let mut s = scored(&ev);
    s.sort();
    assert_eq!(
        s,
        [
            (RED, 10, "stalemate".into()),
            (BLUE, 10, "stalemate".into()),
            (YELLOW, 10, "stalemate".into())
        ]
    );
    assert_eq!(scores(&g), [10, 10, 10, 0]);
}

#[test]
fn the_game_ends_when_three_players_are_out_and_the_highest_score_wins() {
    // Yellow and Green are out; Red mates Blue: three out. Yellow, out, has the most points.
    let mut g = blue_mated_by_red([0, 0, 1, 1], [10, 0, 50, 3], &[]);
    play(&mut g, "e5a5");
    let o = g.outcome().expect("three are out");
    assert_eq!(o.reason, EndReason::Points);
    assert_eq!(o.winners, [YELLOW]);
    assert_eq!(scores(&g), [30, 0, 50, 3]);
    assert_eq!(g.play_text("h1h2"), Err(Error::GameOver));
}

#[test]
fn the_game_ends_when_two_are_left_more_than_20_points_apart() {
    let pieces = [("rK", "h1"), ("rR", "e4"), ("bK", "a8"), ("bP", "e9")];
    // 20 apart is not enough
    let mut g = game(FFA, &fen4('R', [0, 0, 1, 1], [30, 10, 0, 0], 0, &pieces));
    play(&mut g, "h1h2");
    assert!(!g.is_over());
    // one more point makes 21
    let mut g = game(FFA, &fen4('R', [0, 0, 1, 1], [30, 10, 0, 0], 0, &pieces));
    play(&mut g, "e4e9");
    let o = g.outcome().expect("21 apart");
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Points, vec![RED])
    );
}

#[test]
fn threefold_repetition_is_a_draw_and_everyone_still_in_scores_10() {
    let mut g = Game::new(FFA).unwrap();
    let out = ["j1i3", "a10c9", "j14i12", "n10l9"];
    let back = ["i3j1", "c9a10", "i12j14", "l9n10"];
    for round in 0..4 {
        let moves = if round % 2 == 0 { out } else { back };
        for m in moves {
            assert!(!g.is_over());
            play(&mut g, m);
        }
    }
    // the start position has now occurred three times
    let o = g.outcome().expect("threefold repetition");
    assert_eq!(o.reason, EndReason::Repetition);
    assert_eq!(scores(&g), [10, 10, 10, 10]);
    assert_eq!(o.winners, [RED, BLUE, YELLOW, GREEN]);
}

#[test]
fn fifty_moves_each_without_capture_or_pawn_move_is_a_draw() {
    let pieces = with_kings(&[("rR", "e4"), ("bR", "b9"), ("yP", "j13")], &[]);
    // 199 plies since the last capture or pawn move: one more quiet move makes 50 each
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 199, &pieces));
    play(&mut g, "e4e5");
    let o = g.outcome().expect("fifty moves each");
    assert_eq!(o.reason, EndReason::FiftyMoves);
    assert_eq!(scores(&g), [10, 10, 10, 10]);
    // a pawn move resets the count
    let mut g = game(FFA, &fen4('Y', [0; 4], [0; 4], 199, &pieces));
    play(&mut g, "j13j12");
    assert!(!g.is_over());
    // with two players out, fifty moves each is 100 plies
    let pieces = [("rK", "h1"), ("rR", "e4"), ("bK", "a8")];
    let mut g = game(FFA, &fen4('R', [0, 0, 1, 1], [5, 0, 0, 0], 99, &pieces));
    play(&mut g, "e4e5");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::FiftyMoves));
    assert_eq!(scores(&g), [15, 10, 0, 0]);
}

#[test]
fn insufficient_material_is_a_draw_and_everyone_still_in_scores_10() {
    // only kings and a grey army are left once Blue's king takes Red's last rook
    let pieces = with_kings(&[("rR", "a9"), ("dQ", "f7"), ("dP", "g7")], &[]);
    let mut g = game(FFA, &fen4('B', [0; 4], [3, 0, 0, 0], 0, &pieces));
    let ev = play(&mut g, "a8a9");
    assert_eq!(scored(&ev)[0], (BLUE, 5, "capture".into()));
    let o = g.outcome().expect("kings alone");
    assert_eq!(o.reason, EndReason::InsufficientMaterial);
    assert_eq!(scores(&g), [13, 15, 10, 10]);
    assert_eq!(o.winners, [BLUE]);
}

#[test]
fn the_move_limit_house_rule_ends_the_game_with_places_decided_by_points() {
    let house = HouseRules {
        move_limit: Some(6),
        ..HouseRules::default()
    };
    let mut g = Game::with_options(FFA, house.clone(), 1, None).unwrap();
    for m in ["e2e4", "b9d9", "j13j11", "m8k8", "e4e5"] {
        play(&mut g, m);
        assert!(!g.is_over());
    }
    play(&mut g, "d9e9");
    let o = g.outcome().expect("the move limit");
    assert_eq!(o.reason, EndReason::MoveLimit);
    assert_eq!(o.winners, [RED, BLUE, YELLOW, GREEN]);
    // teams: no points, so the move limit is a draw
    let mut g = Game::with_options(TEAMS, house, 1, None).unwrap();
    for m in ["e2e4", "b9d9", "j13j11", "m8k8", "e4e5", "d9e9"] {
        play(&mut g, m);
    }
    let o = g.outcome().expect("the move limit");
    assert!(o.is_draw() && o.reason == EndReason::MoveLimit);
}

#[test]
fn rotating_the_first_player_starts_the_next_game_one_seat_clockwise() {
    let v = rules::variant(FFA).unwrap();
    for first in 0..4u8 {
        let mut start = rules::start_position(v, 0).unwrap();
        multi::with_first_seat(&mut start, first);
        let mut g = Game::from_position(start, HouseRules::default(), 0).unwrap();
        assert_eq!(g.position().turn(), first);
        let m = g.legal_moves()[0];
        g.play(m).unwrap();
        assert_eq!(g.position().turn(), (first + 1) % 4);
    }
    assert!(HouseRules::default().rotate_first_seat, "on by default");
}

// ---------------------------------------------------------------- resignation, walking kings

#[test]
fn resigning_takes_you_out_your_pieces_turn_grey_and_your_king_walks_on_your_turns() {
    let mut g = Game::with_options(FFA, HouseRules::default(), 42, None).unwrap();
    play(&mut g, "e2e4");
    g.act(Action::Resign(RED)).unwrap();
    let ply = g.plies().last().unwrap();
    assert_eq!(outs(&ply.events), [(RED, OutReason::Resignation)]);
    let p = g.position();
    assert!(p.is_in_play(RED) && p.walking == 1 << RED);
    let red_live: Vec<u16> = (0..160u16)
        .filter(|&c| p.at(c).is_some() && p.at(c).owner() == RED)
        .collect();
    assert_eq!(red_live, [cell(&g, "h1")], "only the king stays Red");
    assert!(p.at(cell(&g, "g1")).is_grey() && p.at(cell(&g, "e4")).is_grey());
    // Blue, Yellow, Green move; then Red's king walks by itself within Green's ply
    let mut walks = Vec::new();
    for m in ["b9c9", "j13j12", "m8l8", "c9d9", "j12j11", "m7l7"] {
        let ev = play(&mut g, m);
        for e in &ev {
            if let Event::Walked { seat, text } = e {
                assert_eq!(*seat, RED);
                walks.push(text.clone());
            }
        }
        assert_ne!(
            g.position().turn(),
            RED,
            "a walking king never waits for a person"
        );
    }
    assert_eq!(walks.len(), 2);
    assert!(
        walks[0].starts_with("h1"),
        "the king walks from h1: {walks:?}"
    );
    assert_eq!(scores(&g)[RED as usize], 0, "a walking king scores nothing");
}

#[test]
fn running_out_of_time_is_like_resigning_and_the_king_walks() {
    let mut g = Game::with_options(FFA, HouseRules::default(), 7, None).unwrap();
    g.act(Action::Timeout(YELLOW)).unwrap();
    assert_eq!(
        outs(&g.plies().last().unwrap().events),
        [(YELLOW, OutReason::Timeout)]
    );
    assert_eq!(g.position().walking, 1 << YELLOW);
    play(&mut g, "e2e4");
    let ev = play(&mut g, "b9c9");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Walked { seat: YELLOW, .. })));
    assert_eq!(g.position().turn(), GREEN);
}

#[test]
fn the_walking_king_replays_the_same_walk_from_the_same_seed() {
    let run = |seed: u64| {
        let mut g = Game::with_options(FFA, HouseRules::default(), seed, None).unwrap();
        g.act(Action::Resign(RED)).unwrap();
        for m in [
            "b9c9", "j13j12", "m8l8", "c9d9", "j12j11", "m7l7", "d9e9", "j11j10", "l7k7",
        ] {
            play(&mut g, m);
        }
        g
    };
    let a = run(5);
    let b = run(5);
    assert_eq!(a.position().hash(), b.position().hash());
    // replaying the texts of the game makes the same walk
    let mut c = Game::with_options(FFA, HouseRules::default(), 5, None).unwrap();
    for t in a.texts() {
        c.act_text(&t).unwrap();
    }
    assert_eq!(c.position().hash(), a.position().hash());
    // undo takes the walk back with the move that led to it
    let mut d = a.clone();
    d.undo().unwrap();
    assert_eq!(
        d.position().hash(),
        a.plies()[a.ply_count() - 2].after.hash()
    );
    // some seed walks differently
    assert!((6..20).any(|s| run(s).position().hash() != a.position().hash()));
}

/// Red walks (resigned): its lone king on d1. Blue holds file e with a rook on e9.
fn walking_red(turn: char, extra: &[(&'static str, &'static str)]) -> Game {
    let mut pieces = vec![
        ("rK", "d1"),
        ("dP", "f5"),
        ("bK", "a8"),
        ("bR", "e9"),
        ("yK", "g14"),
        ("gK", "n7"),
    ];
    pieces.extend_from_slice(extra);
    game(FFA, &fen4(turn, [1, 0, 0, 0], [0; 4], 0, &pieces))
}

#[test]
fn a_walking_king_can_be_mated_for_20() {
    let mut g = walking_red('B', &[("bR", "a5")]);
    assert_eq!(g.position().walking, 1 << RED);
    let ev = play(&mut g, "a5d5");
    assert_eq!(outs(&ev), [(RED, OutReason::Checkmate)]);
    assert_eq!(scored(&ev), [(BLUE, 20, "checkmate".into())]);
    assert!(!g.position().is_in_play(RED));
    assert!(g.position().at(cell(&g, "d1")).is_grey());
}

#[test]
fn a_walking_king_can_be_taken_for_20() {
    let mut g = walking_red('B', &[("bR", "d5")]);
    let ev = play(&mut g, "d5d1");
    assert_eq!(scored(&ev), [(BLUE, 20, "king captured".into())]);
    assert_eq!(outs(&ev), [(RED, OutReason::KingCaptured)]);
}

#[test]
fn stalemating_a_walking_king_gives_10_to_each_player_still_in() {
    let mut g = walking_red('B', &[("bR", "k5")]);
    let ev = play(&mut g, "k5k2");
    assert_eq!(outs(&ev), [(RED, OutReason::Stalemate)]);
    assert_eq!(scores(&g), [0, 10, 10, 10]);
}

#[test]
fn a_resigners_king_mated_at_once_scores_20_for_the_player_giving_check() {
    // Red is in check from Blue's rook on d5 and could block with the knight; Red resigns, the
    // knight turns grey and the lone king is mated (chess.com writes `R#`)
    let pieces = [
        ("rK", "d1"),
        ("rN", "f2"),
        ("bK", "a8"),
        ("bR", "e9"),
        ("bR", "d5"),
        ("yK", "g14"),
        ("gK", "n7"),
    ];
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(g.position().in_check(RED) && g.legal_moves().len() == 1);
    g.act(Action::Resign(RED)).unwrap();
    let ev = &g.plies().last().unwrap().events;
    assert_eq!(
        outs(ev),
        [(RED, OutReason::Resignation), (RED, OutReason::Checkmate)]
    );
    assert_eq!(scored(ev), [(BLUE, 20, "checkmate".into())]);
    assert_eq!(g.position().turn(), BLUE);
}

#[test]
fn the_last_player_in_scores_20_for_each_walking_king_left() {
    // two left: Blue resigns, Red is alone in the game and gets 20
    let pieces = [("rK", "h1"), ("bK", "a8")];
    let mut g = game(FFA, &fen4('R', [0, 0, 1, 1], [12, 30, 0, 0], 0, &pieces));
    g.act(Action::Resign(BLUE)).unwrap();
    let o = g.outcome().expect("three are out");
    assert_eq!(scores(&g), [32, 30, 0, 0]);
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Points, vec![RED])
    );
    // with Yellow's king already walking, Blue's resignation gives Red 40
    let pieces = [("rK", "h1"), ("bK", "a8"), ("yK", "g14")];
    let mut g = game(FFA, &fen4('R', [0, 0, 1, 1], [0; 4], 0, &pieces));
    assert_eq!(g.position().walking, 1 << YELLOW);
    g.act(Action::Resign(BLUE)).unwrap();
    assert_eq!(scores(&g), [40, 0, 0, 0]);
}

#[test]
fn resigning_twice_or_for_a_player_who_is_out_is_refused_or_changes_nothing() {
    let mut g = blue_mated_by_red([0; 4], [0; 4], &[]);
    play(&mut g, "e5a5");
    let before = g.position().clone();
    assert!(matches!(
        g.act(Action::Resign(BLUE)),
        Err(Error::BadSeat(_))
    ));
    assert!(matches!(g.act(Action::Resign(9)), Err(Error::BadSeat(_))));
    assert_eq!(*g.position(), before);
    // a walking king's player cannot resign again
    let mut g = Game::new(FFA).unwrap();
    g.act(Action::Resign(GREEN)).unwrap();
    let before = g.position().clone();
    assert!(matches!(
        g.act(Action::Timeout(GREEN)),
        Err(Error::BadSeat(_))
    ));
    assert_eq!(*g.position(), before);
}

// ---------------------------------------------------------------- teams

#[test]
fn teams_partners_sit_opposite_red_and_yellow_against_blue_and_green() {
    let v = rules::variant(TEAMS).unwrap();
    assert!(v.allied(RED, YELLOW) && v.allied(BLUE, GREEN));
    assert!(!v.allied(RED, BLUE) && !v.allied(RED, GREEN));
    assert_eq!(multi::partners(v, RED), [YELLOW]);
    assert_eq!(multi::opponents_of(v, GREEN), [RED, YELLOW]);
}

#[test]
fn teams_no_capturing_a_partners_pieces() {
    let pieces = with_kings(&[("rR", "e4"), ("yN", "e9"), ("bN", "f4")], &[]);
    let g = game(TEAMS, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    let texts: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    assert!(
        !texts.contains(&"e4e9".to_string()),
        "Yellow is Red's partner"
    );
    assert!(texts.contains(&"e4f4".to_string()), "Blue is an opponent");
    assert!(texts.contains(&"e4e8".to_string()) && !texts.contains(&"e4e10".to_string()));
    // in free for all the same knight may be taken
    let g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(g.legal_moves().iter().any(|&m| g.move_text(m) == "e4e9"));
}

#[test]
fn teams_a_partner_never_attacks_your_king() {
    // Yellow's rook on h9 is in line with Red's king on h1 ... and with h2
    let pieces = [
        ("rK", "h1"),
        ("yR", "h9"),
        ("yK", "a9"),
        ("bK", "a4"),
        ("gK", "n4"),
        ("yB", "j3"),
    ];
    let g = game(TEAMS, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(!g.position().in_check(RED));
    let texts: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    assert!(
        texts.contains(&"h1i2".to_string()),
        "the partner's bishop does not guard i2"
    );
    let g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(g.position().in_check(RED));
}

/// Red's move Rk9-n9 mates Green's king on n4 as if Green were to move (Rm11 holds file m).
/// Blue's rook on b9 could take the checking rook.
fn teams_pending_mate() -> Game {
    let pieces = [
        ("rK", "h1"),
        ("rR", "m11"),
        ("rR", "k9"),
        ("bK", "a4"),
        ("bR", "b9"),
        ("yK", "g14"),
        ("gK", "n4"),
    ];
    game(TEAMS, &fen4('R', [0; 4], [0; 4], 0, &pieces))
}

#[test]
fn teams_checkmate_is_decided_only_when_the_players_turn_comes() {
    let mut g = teams_pending_mate();
    let ev = play(&mut g, "k9n9");
    assert!(
        outs(&ev).is_empty() && !g.is_over(),
        "not yet: Green's turn has not come"
    );
    // Blue (Green's partner) lifts the mate by taking the rook
    play(&mut g, "b9n9");
    play(&mut g, "g14g13");
    assert!(!g.is_over());
    assert!(!g.legal_moves().is_empty(), "Green moves");
    // the same in free for all mates Green at once
    let fen = rules::write_position(teams_pending_mate().position());
    let mut f = game(FFA, &fen);
    let ev = play(&mut f, "k9n9");
    assert_eq!(outs(&ev), [(GREEN, OutReason::Checkmate)]);
}

#[test]
fn teams_the_first_team_to_checkmate_an_opponent_wins() {
    let mut g = teams_pending_mate();
    play(&mut g, "k9n9");
    play(&mut g, "a4a5");
    let ev = play(&mut g, "g14g13");
    assert_eq!(outs(&ev), [(GREEN, OutReason::Checkmate)]);
    let o = g.outcome().expect("Green is mated on its turn");
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Checkmate, vec![RED, YELLOW])
    );
    assert_eq!(scores(&g), [0; 4], "teams play for the win, not for points");
}

#[test]
fn teams_taking_a_king_wins_for_the_team() {
    let pieces = [
        ("rK", "h1"),
        ("bK", "a4"),
        ("bR", "h9"),
        ("yK", "g14"),
        ("gK", "n4"),
    ];
    let mut g = game(TEAMS, &fen4('B', [0; 4], [0; 4], 0, &pieces));
    let ev = play(&mut g, "h9h1");
    assert_eq!(outs(&ev), [(RED, OutReason::KingCaptured)]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::KingCaptured, vec![BLUE, GREEN])
    );
}

/// Red in check (Green's knight on j2 attacks the king on h1) while Red's bishop on h3 sees
/// Blue's king on b9: Red and Yellow win by taking it (docs/rules-decisions.md "Taking a king
/// while in check").
fn red_in_check_with_blues_king_en_prise(
    checker: &'static str,
) -> Vec<(&'static str, &'static str)> {
    vec![
        ("rK", "h1"),
        ("rB", "h3"),
        (checker, "j2"),
        ("bK", "b9"),
        ("yK", "g14"),
        ("gK", "n4"),
    ]
}

#[test]
fn teams_a_player_in_check_may_take_an_opposing_king_and_the_team_wins() {
    let pieces = red_in_check_with_blues_king_en_prise("gN");
    let g = game(TEAMS, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(g.position().in_check(RED));
    let mut legal: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    legal.sort();
    // the king's escapes, and the capture that ends the game; no other bishop move
    assert!(legal.contains(&"h3b9".to_string()), "{legal:?}");
    assert!(!legal.contains(&"h3g4".to_string()), "{legal:?}");
    let mut g = g;
    let ev = play(&mut g, "h3b9");
    assert_eq!(outs(&ev), [(BLUE, OutReason::KingCaptured)]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::KingCaptured, vec![RED, YELLOW])
    );
    // a pinned piece may take a king too: Green's rook on h8 pins the bishop on h5 to Red's
    // king; the bishop takes Blue's king on d9
    let pieces = [
        ("rK", "h1"),
        ("rB", "h5"),
        ("gR", "h8"),
        ("bK", "d9"),
        ("yK", "g14"),
        ("gK", "n4"),
    ];
    let mut g = game(TEAMS, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(!g.position().in_check(RED));
    let h5 = cell(&g, "h5");
    let bishop: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| m.from == h5)
        .map(|&m| g.move_text(m))
        .collect();
    assert_eq!(bishop, ["h5d9"]);
    play(&mut g, "h5d9");
    assert_eq!(g.outcome().unwrap().winners, [RED, YELLOW]);
}

/// The position of ply 72 of a game against 4pchess (`tests/python/teams_4pchess.py --seed 6`,
/// game 6, from chess.com's layout): Yellow's c8-d10 has uncovered Red's bishop on h3 against
/// Blue's king on b9 while Green's Nk4-j2 checks Red's king on h1. 4pchess as Red took the king
/// (Bh3xb9); the game is Red and Yellow's.
#[test]
fn teams_in_check_red_takes_blues_king_as_4pchess_did_in_a_real_game() {
    let moves = "f2f3 b7d7 j14k12 n10l9 k2k3 a5c4 f13f11 m8l8 h2h3 b9c9 e13e12 n5l6 d2d3 a6f11 \
                 e14d12 l9j8 d3c4 f11c8 i13i12 m10l10 d1d7 a8b7 h13h11 n9h3 d7b7 a7b7 i14c8 h3c8 \
                 g2g4 b7a8 g13g12 n7l9 f1h3 a4a7 d12f11 l9f9 g1b6 a7f7 k12j10 f9i9 e1d3 f7b7 \
                 f11d10 c8g12 b6a5 b7a7 d10b9 g12a6 g4g5 b10d10 b9a7 i9g7 a5g11 a9f14 j10l9 j8l9 \
                 g11g7 f14j10 i12i11 a6c8 g7h7 j10d4 a7c8 m5l5 h7e4 b5d5 d14f14 l6k4 e4d5 a8b9 \
                 c8d10 k4j2";
    let mut g = game(TEAMS, four::CHESS_COM_START_FEN4);
    for m in moves.split_whitespace() {
        play(&mut g, m);
    }
    assert_eq!(g.plies().len(), 72);
    assert!(g.position().in_check(RED));
    let mut legal: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    legal.sort();
    assert_eq!(legal, ["h1g2", "h1h2", "h3b9", "i1j2"]);
    let ev = play(&mut g, "h3b9");
    assert_eq!(outs(&ev), [(BLUE, OutReason::KingCaptured)]);
    assert_eq!(g.outcome().unwrap().winners, [RED, YELLOW]);
}

#[test]
fn free_for_all_a_player_in_check_may_take_the_king_of_the_player_giving_it() {
    // Blue's knight checks Red; taking Blue's king puts Blue out, and Blue's grey army gives
    // no check
    let pieces = red_in_check_with_blues_king_en_prise("bN");
    let mut g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(g.position().in_check(RED));
    let ev = play(&mut g, "h3b9");
    assert_eq!(scored(&ev), [(RED, 20, "king captured".into())]);
    assert_eq!(outs(&ev), [(BLUE, OutReason::KingCaptured)]);
    assert!(g.position().at(cell(&g, "j2")).is_grey());
    assert!(!g.position().in_check(RED));
}

#[test]
fn free_for_all_taking_a_king_does_not_excuse_leaving_the_own_king_in_another_players_check() {
    // Green's knight checks Red: after taking Blue's king Red would still be in check, and the
    // game goes on, so you may never leave your own king in check (seed 001)
    let pieces = red_in_check_with_blues_king_en_prise("gN");
    let g = game(FFA, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    assert!(g.position().in_check(RED));
    let h3 = cell(&g, "h3");
    assert!(g.legal_moves().iter().all(|m| m.from != h3));
}

#[test]
fn teams_stalemate_is_a_draw() {
    // Blue's lone king on a4: Rb11 holds b4 and b5, Rk8-k5 takes a5; Blue moves next
    let pieces = [
        ("rK", "h1"),
        ("rR", "b11"),
        ("rR", "k8"),
        ("bK", "a4"),
        ("yK", "g14"),
        ("gK", "n7"),
    ];
    let mut g = game(TEAMS, &fen4('R', [0; 4], [0; 4], 0, &pieces));
    play(&mut g, "k8k5");
    let o = g.outcome().expect("stalemate");
    assert!(o.is_draw() && o.reason == EndReason::Stalemate);
}

#[test]
fn teams_resignation_or_time_out_loses_for_the_team() {
    let mut g = Game::new(TEAMS).unwrap();
    g.act(Action::Resign(YELLOW)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Resignation, vec![BLUE, GREEN])
    );
    let mut g = Game::new(TEAMS).unwrap();
    play(&mut g, "e2e4");
    g.act(Action::Timeout(GREEN)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Timeout, vec![RED, YELLOW])
    );
}

#[test]
fn teams_draws_by_repetition() {
    let mut g = Game::new(TEAMS).unwrap();
    for round in 0..4 {
        let moves = if round % 2 == 0 {
            ["j1i3", "a10c9", "j14i12", "n10l9"]
        } else {
            ["i3j1", "c9a10", "i12j14", "l9n10"]
        };
        for m in moves {
            play(&mut g, m);
        }
    }
    let o = g.outcome().unwrap();
    assert!(o.is_draw() && o.reason == EndReason::Repetition);
}

// ---------------------------------------------------------------- FEN4

#[test]
fn fen4_start_position_round_trips() {
    for id in [FFA, TEAMS] {
        let g = Game::new(id).unwrap();
        assert_eq!(rules::write_position(g.position()), four::START_FEN4);
    }
    // the multi-line layout and `x` for missing corners read too
    let spaced = four::START_FEN4
        .replace('/', "/\n  ")
        .replacen("3,yR", "x,x,x,yR", 1);
    let v = rules::variant(FFA).unwrap();
    let p = fen4::parse(v, &spaced).unwrap();
    assert_eq!(p.hash(), Game::new(FFA).unwrap().position().hash());
}

#[test]
fn fen4_round_trips_points_dead_players_walking_kings_en_passant_and_promoted_queens() {
    let mut g = Game::with_options(FFA, HouseRules::default(), 3, None).unwrap();
    for m in ["e2e4", "b9d9", "j13j11", "m8k8"] {
        play(&mut g, m);
    }
    g.act(Action::Resign(BLUE)).unwrap();
    let f = rules::write_position(g.position());
    assert!(f.contains("'resigned':(false,true,false,false)"), "{f}");
    assert!(f.contains("'enPassant':("), "{f}");
    let v = rules::variant(FFA).unwrap();
    let back = fen4::parse(v, &f).unwrap();
    assert_eq!(fen4::write(&back), f);
    assert_eq!(back.walking, 1 << BLUE);
    // promoted queen `D`, grey pieces `d`, points
    let pieces = with_kings(&[("rD", "e9"), ("dN", "f9"), ("dgP", "k9")], &[]);
    let f = fen4('G', [0, 0, 0, 0], [7, 0, 21, 3], 5, &pieces);
    let p = fen4::parse(v, &f).unwrap();
    assert!(p.at(v.board.cell("e9").unwrap()).promoted());
    assert_eq!(p.scores[..4], [7, 0, 21, 3]);
    let again = fen4::write(&p);
    assert_eq!(fen4::write(&fen4::parse(v, &again).unwrap()), again);
    assert!(again.contains("rD") && again.contains("dN") && again.contains("dP"));
}

#[test]
fn bad_fen4_gives_bad_fen_and_changes_nothing() {
    let v = rules::variant(FFA).unwrap();
    let start = four::START_FEN4;
    let bad = [
        String::new(),
        "R".to_string(),
        start.replacen("R-", "X-", 1),
        start.replacen("-0,0,0,0-1", "-0,0,0-1", 1),
        start.replacen("-0,0,0,0-1", "-0,2,0,0-1", 1),
        start.replacen("0,0,0,0-0-", "0,0,zz,0-0-", 1),
        start.replacen("-0-3,yR", "-q-3,yR", 1),
        start.replacen("3,yR", "2,yR", 1),
        start.replacen("3,yR", "4,yR", 1),
        start.replacen("3,yR", "yR,2,yR", 1),
        start.replacen("yK", "yZ", 1),
        start.replacen("yK", "qK", 1),
        start.replacen("yK", "yN", 1),
        start.replacen("/14/", "/14/14/", 1),
        start.replacen("/14/", "/", 1),
        start.replacen("bR,bP,10", "bR,,bP,10", 1),
        start.replacen("-0-3,yR", "-0-{'enPassant':(1,2)-3,yR", 1),
        start.replacen("-0-3,yR", "-0-{'resigned'-3,yR", 1),
        start.replacen("R-0,0,0,0", "R-1,0,0,0", 1),
        start.replacen("3,rR", "x,x,rR,rR", 1),
        start.replacen("/3,rP,rP", "/3,rP,x", 1),
        "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-ä".to_string(),
        start.replacen("bK,bP,10,gP,gQ", "bK,bP,rP,9,gP,gQ", 1),
    ];
    let g = Game::new(FFA).unwrap();
    let before = g.position().clone();
    for b in &bad {
        match fen4::parse(v, b) {
            Err(Error::BadFen(_)) => {}
            other => panic!("{b}: {other:?}"),
        }
        assert!(matches!(Game::from_fen(FFA, b), Err(Error::BadFen(_))));
    }
    assert_eq!(*g.position(), before);
    // FEN4 is not the notation of two-player chess, and chess FEN is not FEN4
    assert!(fen4::parse(rules::variant("chess").unwrap(), start).is_err());
    assert!(Game::from_fen(
        FFA,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )
    .is_err());
}

// ---------------------------------------------------------------- PGN4

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn a_real_chess_com_free_for_all_game_replays_to_its_recorded_end() {
    // tests/data/README.md: a real chess.com game; Red is mated at move 14, Yellow resigns
    // into a mate at move 24 (`R#`), Blue runs out of time at move 34 (`T`)
    let g = pgn4::import(&data("ffa_game.pgn4"), FFA).unwrap();
    assert_eq!(g.ply_count(), 105);
    let o = g.outcome().expect("the record ends the game");
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Points, vec![GREEN])
    );
    // derived from the record's own moves in the next test
    assert_eq!(scores(&g), [5, 36, 17, 63]);
    let all: Vec<Event> = g.plies().iter().flat_map(|p| p.events.clone()).collect();
    assert_eq!(
        outs(&all),
        [
            (RED, OutReason::Checkmate),
            (YELLOW, OutReason::Resignation),
            (YELLOW, OutReason::Checkmate),
            (BLUE, OutReason::Timeout)
        ]
    );
}

/// The cells a PGN4 move token names, in order (`Qk8xk4` → k8, k4).
fn cells_of(token: &str) -> Vec<String> {
    let b = token.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if (b'a'..=b'n').contains(&b[i]) && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            out.push(token[i..j].to_string());
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

#[test]
fn the_real_games_final_scores_are_the_sum_of_what_its_record_marks() {
    // The record has no score tags: the final scores [5, 36, 17, 63] are derived here from its
    // move tokens by chess.com's free-for-all points, and each token's points must be what the
    // rules scored on that ply.
    // - a capture (`x`) scores the captured piece named after the `x` (none: a pawn): P 1,
    //   N 3, B 5, R 5, Q 9; a queen promoted in the record (`=Q`, followed from cell to cell)
    //   scores 1; a piece of a player already out (grey) scores 0;
    // - `#` after a move: 20 for its player; `R#` (resigns into a mate): 20 for the player whose
    //   `+` came last before it (Blue's `Qa7xQf12+`);
    // - a lone `+` scores nothing (no token checks two kings);
    // - `T` putting the third player out: the last player in scores 20 per walking king left
    //   (the timed-out player's; the two others were mated and their kings are gone).
    let rec = pgn4::parse(&data("ffa_game.pgn4")).unwrap();
    let g = pgn4::import(&data("ffa_game.pgn4"), FFA).unwrap();
    assert_eq!(rec.tokens.len(), g.ply_count());
    let value = |letter: Option<char>| match letter {
        None | Some('P') => 1,
        Some('N') => 3,
        Some('B') | Some('R') => 5,
        Some('Q') => 9,
        Some(other) => panic!("no points for {other}"),
    };
    let mut promoted: Vec<String> = Vec::new();
    let mut last_check: Option<u8> = None;
    let mut derived = [0i32; 4];
    for (i, (t, ply)) in rec.tokens.iter().zip(g.plies()).enumerate() {
        let text = t.text.as_str();
        let before = if i == 0 {
            &g.start
        } else {
            &g.plies()[i - 1].after
        };
        let mut points: Vec<(u8, i32)> = Vec::new();
        match text {
            "R#" => points.push((last_check.expect("a check before R#"), 20)),
            "T" => {
                // the timed-out player's king walks on; one other player is left
                let left: Vec<u8> = (0..4)
                    .filter(|&s| s != ply.mover && ply.after.is_in_play(s))
                    .collect();
                assert_eq!(left.len(), 1, "T puts the third player out");
                points.push((left[0], 20));
            }
            // castling names no cell and captures nothing
            _ if cells_of(text).is_empty() => assert!(text.starts_with("O-O"), "{text}"),
            _ => {
                let cells = cells_of(text);
                let (from, to) = (cells[0].clone(), cells[cells.len() - 1].clone());
                if let Some(x) = text.find('x') {
                    let letter = text[x + 1..]
                        .chars()
                        .next()
                        .filter(char::is_ascii_uppercase);
                    let victim = before.at(g.variant.board.cell(&to).unwrap());
                    let p = if victim.is_grey() {
                        0
                    } else if promoted.contains(&to) {
                        1
                    } else {
                        value(letter)
                    };
                    if p > 0 {
                        points.push((ply.mover, p));
                    }
                    promoted.retain(|c| *c != to);
                }
                if let Some(k) = promoted.iter().position(|c| *c == from) {
                    promoted[k] = to.clone();
                }
                if text.contains("=Q") {
                    promoted.push(to);
                }
                if text.ends_with('#') {
                    points.push((ply.mover, 20));
                }
            }
        }
        if text.contains('+') {
            last_check = Some(ply.mover);
        }
        let mut ruled: Vec<(u8, i32)> = scored(&ply.events)
            .into_iter()
            .map(|(s, p, _)| (s, p))
            .collect();
        ruled.sort();
        points.sort();
        assert_eq!(
            points, ruled,
            "ply {i} {text}: the record's points and the rules'"
        );
        for (s, p) in points {
            derived[s as usize] += p;
        }
    }
    assert_eq!(derived, [5, 36, 17, 63]);
    assert_eq!(derived, scores(&g));
}

#[test]
fn our_pgn4_of_the_real_game_has_its_check_and_mate_marks() {
    // export the replayed game and compare the move text with the record's: every `+` (one per
    // king checked) and `#` matches; only the promoted queen's letter differs (D for Q)
    let rec = pgn4::parse(&data("ffa_game.pgn4")).unwrap();
    let g = pgn4::import(&data("ffa_game.pgn4"), FFA).unwrap();
    let ours = pgn4::parse(&pgn4::export(&g).unwrap()).unwrap();
    let norm = |t: &pgn4::Token| t.text.replace('D', "Q");
    let a: Vec<String> = rec.tokens.iter().map(norm).collect();
    let b: Vec<String> = ours.tokens.iter().map(norm).collect();
    assert_eq!(a, b);
}

#[test]
fn a_real_chess_com_teams_game_replays_through_its_record() {
    let g = pgn4::import(&data("teams_game.pgn4"), FFA).unwrap();
    assert_eq!(g.id(), TEAMS, "the Variant tag picks the game");
    assert_eq!(g.ply_count(), 124);
    assert!(!g.is_over());
    let rec = pgn4::parse(&data("teams_game.pgn4")).unwrap();
    let ours = pgn4::parse(&pgn4::export(&g).unwrap()).unwrap();
    let a: Vec<&str> = rec.tokens.iter().map(|t| t.text.as_str()).collect();
    let b: Vec<&str> = ours.tokens.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(a, b);
}

#[test]
fn pgn4_records_that_do_not_fit_are_bad_records() {
    let text = data("ffa_game.pgn4");
    for (from, to) in [
        ("1. j2-j3", "1. j2-j5"),
        ("Bi1-j2", "Ni1-j2"),
        ("Qk8xk4", "Qk8xRk4"),
        ("m8-k8", "m8-k8 {unclosed"),
        ("[Variant \"FFA\"]", "[Variant \"Chaturaji\"]"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert!(
            matches!(
                pgn4::import(&bad, FFA),
                Err(Error::BadRecord(_)) | Err(Error::UnknownGame(_))
            ),
            "{to}"
        );
    }
    // moves after the end of the game
    let more = format!("{text}\n35. Qf7-f6");
    assert!(matches!(pgn4::import(&more, FFA), Err(Error::BadRecord(_))));
}

#[test]
fn pgn4_round_trips_games_with_walking_kings() {
    let mut g = Game::with_options(FFA, HouseRules::default(), 11, None).unwrap();
    for m in ["e2e4", "b9d9", "j13j11", "m8k8"] {
        play(&mut g, m);
    }
    g.act(Action::Resign(BLUE)).unwrap();
    g.act(Action::Timeout(GREEN)).unwrap();
    for m in ["e4e5", "j11j10", "f2f4", "i13i11"] {
        play(&mut g, m);
    }
    let text = pgn4::export(&g).unwrap();
    assert!(text.contains("R {Blue}"), "{text}");
    assert!(
        text.split_whitespace()
            .any(|t| t.len() > 3 && t.starts_with('K') && t.ends_with('R')),
        "{text}"
    );
    let back = pgn4::import(&text, FFA).unwrap();
    assert_eq!(back.position().hash(), g.position().hash());
    assert_eq!(back.position().scores, g.position().scores);
}

// ---------------------------------------------------------------- random play

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        multi::prng(self.0, 17)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays random games: no panic, make/unmake and undo restore the exact hash, scores change
/// only by scored events, the FEN4 of every position round-trips, and every game ends (the
/// move limit at the latest).
fn random_games(id: &str, games: u64, limit: u32) {
    let v = rules::variant(id).unwrap();
    for seed in 0..games {
        let house = HouseRules {
            move_limit: Some(limit),
            ..HouseRules::default()
        };
        let mut g = Game::with_options(id, house, seed, None).unwrap();
        let mut rng = Rng(seed * 7919 + 1);
        while !g.is_over() {
            assert!(
                g.ply_count() < limit as usize,
                "the move limit ends every game"
            );
            let before = g.position().clone();
            // every legal move makes and unmakes to the exact hash
            let mut probe = before.clone();
            for m in before.legal_moves() {
                let u = probe.make(m);
                assert_eq!(probe.st.hash, probe.compute_hash(), "incremental hash");
                probe.unmake(m, &u);
                assert!(probe == before && probe.hash() == before.hash());
            }
            // resignations end a teams game: rarer there, so games get to their mates
            let roll = rng.below(if id == TEAMS { 6000 } else { 400 });
            if roll == 0 {
                let seats = multi::active_seats(&before);
                let s = seats[rng.below(seats.len())];
                g.act(Action::Resign(s)).unwrap();
            } else if roll == 1 {
                g.act(Action::Timeout(before.turn())).unwrap();
            } else {
                let moves = g.legal_moves();
                assert!(!moves.is_empty(), "a player in the game always has a move");
                g.play(moves[rng.below(moves.len())]).unwrap();
            }
            let ply = g.plies().last().unwrap();
            let mut diff = [0i32; 8];
            for e in &ply.events {
                if let Event::Scored { seat, points, .. } = e {
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
            if id == TEAMS {
                assert_eq!(ply.after.scores, [0; 8]);
            }
            let pos: &Position = g.position();
            let f = fen4::write(pos);
            assert_eq!(fen4::write(&fen4::parse(v, &f).unwrap()), f);
            // undo restores the exact position, redo the one after
            let after_hash = pos.hash();
            g.undo().unwrap();
            assert_eq!(g.position().hash(), before.hash());
            assert_eq!(*g.position(), before);
            g.redo().unwrap();
            assert_eq!(g.position().hash(), after_hash);
        }
        if std::env::var("FOUR_STATS").is_ok() {
            let walks = g
                .plies()
                .iter()
                .flat_map(|p| p.events.iter())
                .filter(|e| matches!(e, Event::Walked { .. }))
                .count();
            eprintln!(
                "{id} seed {seed}: {} plies, {walks} walks, {:?}, scores {:?}",
                g.ply_count(),
                g.outcome(),
                &g.position().scores[..4]
            );
        }
        // the whole game round-trips through PGN4
        let back = pgn4::import(&pgn4::export(&g).unwrap(), id).unwrap();
        assert_eq!(back.position().hash(), g.position().hash());
        assert_eq!(back.position().scores, g.position().scores);
    }
}

#[test]
fn random_free_for_all_games_keep_every_invariant_and_always_end() {
    random_games(FFA, 12, 300);
}

#[test]
fn random_teams_games_keep_every_invariant_and_always_end() {
    random_games(TEAMS, 12, 300);
}
