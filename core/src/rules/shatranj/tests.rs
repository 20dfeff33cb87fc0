//! One test per rule of the five games' pages. Expected moves and FENs were read from
//! Fairy-Stockfish (pyffish 0.0.90: `chaturangakc`, `shatranj`, `makruk`, `cambodian`,
//! `sittuyin`) for the same positions.

use super::*;
use crate::game::Game;
use crate::movegen::perft;

fn game(id: &str, fen: &str) -> Game {
    Game::from_fen(id, fen).unwrap_or_else(|e| panic!("{id} {fen}: {e}"))
}

fn moves(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .position()
        .legal_moves()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect();
    v.sort();
    v
}

fn fen(g: &Game) -> String {
    crate::rules::write_position(g.position())
}

fn play(g: &mut Game, ms: &[&str]) {
    for m in ms {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn every_game_of_the_family_is_registered_and_starts_as_fairy_stockfish_does() {
    for (id, fen) in [
        ("chaturanga", CHATURANGA.start_fen),
        ("shatranj", SHATRANJ.start_fen),
        ("makruk", MAKRUK.start_fen),
        ("ouk-chatrang", OUK_CHATRANG.start_fen),
        ("sittuyin", SITTUYIN.start_fen),
    ] {
        let g = Game::new(id).unwrap();
        let expected = if fen.contains('[') {
            // Fairy-Stockfish writes hands in its own piece order
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
        } else {
            fen
        };
        assert_eq!(crate::rules::write_position(g.position()), expected, "{id}");
        assert!(!g.is_over());
    }
}

#[test]
fn fen_round_trips_in_fairy_stockfish_format() {
    for (id, f) in [
        (
            "chaturanga",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
        (
            "shatranj",
            "r2kqbnr/pppppp2/4b1pp/8/1n5P/4B1PN/PPPPPP2/RN1KQB1R w - - 3 6",
        ),
        (
            "makruk",
            "rns1k1nr/4ms2/ppp1pppp/3p3P/8/PPPPPPP1/R3KS2/1NS1M1NR w - - 1 6",
        ),
        ("makruk", "8/8/8/4k3/8/3R4/8/4K3 b - 32 32 20"),
        ("makruk", "4k3/8/8/4n3/8/3R4/8/4K3 b - 128 0 1"),
        (
            "ouk-chatrang",
            "r1sm1s1r/3nn2k/pppp1ppp/4pP2/7P/PPPPP1P1/6R1/1NSKMSNR w DEd - 3 6",
        ),
        ("ouk-chatrang", "4k3/8/8/8/8/8/1K6/4M3 b E 126 6 1"),
        (
            "sittuyin",
            "8/8/4pppp/pppp4/4PPPP/PPPP4/1N6/8[KSSFRRNkssfrrnn] b - - 0 1",
        ),
        (
            "sittuyin",
            "1r1r2f1/1n1s1k2/n2sppp1/pppP2Pp/5P1P/PPPP1N1S/RN4S1/2KR2F1[] w - - 1 13",
        ),
        ("sittuyin", "4k3/8/8/8/8/8/R7/4K3[] b - 32 0 1"),
    ] {
        assert_eq!(fen(&game(id, f)), f, "{id}");
    }
}

// ---------------------------------------------------------------- chaturanga

#[test]
fn chaturanga_has_no_check_and_taking_the_king_wins() {
    // the black king is attacked and may stay attacked
    let mut g = game("chaturanga", "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
    assert_eq!(moves(&g), strs(&["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]));
    play(&mut g, &["e8e7", "e2e7"]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::KingCaptured, vec![0])
    );
    assert!(
        g.position().legal_moves().is_empty(),
        "no move once the king is taken"
    );
    assert_eq!(g.standings().unwrap()[0].place, 1);
}

#[test]
fn chaturanga_pawns_promote_to_ferz() {
    let mut g = game("chaturanga", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves(&g),
        strs(&["a7a8q", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    play(&mut g, &["a7a8q"]);
    assert_eq!(fen(&g), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn chaturanga_a_player_with_no_move_loses() {
    let g = game("chaturanga", "7k/8/8/2p5/2Pp4/1p1P4/BP6/KB6 w - - 0 1");
    let o = g.outcome().expect("decided at the start");
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Stalemate, vec![1])
    );
}

// ---------------------------------------------------------------- shatranj

#[test]
fn shatranj_alfil_leaps_two_diagonally_and_fers_steps_one() {
    let g = game("shatranj", "3k3r/8/8/8/8/8/8/1B1KQ3 w - - 0 1");
    let m = moves(&g);
    assert!(m.contains(&"b1d3".to_string()));
    assert!(!m.contains(&"b1c2".to_string()));
    for x in ["e1d2", "e1f2"] {
        assert!(m.contains(&x.to_string()), "{x}");
    }
    assert!(!m.contains(&"e1e2".to_string()) && !m.contains(&"e1f1".to_string()));
}

#[test]
fn shatranj_stalemate_loses() {
    let g = game("shatranj", "k7/2Q4p/1K5P/8/8/8/8/8 b - - 0 1");
    let o = g.outcome().expect("stalemated at the start");
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Stalemate, vec![0])
    );
}

#[test]
fn shatranj_bare_king_loses_unless_bared_back_at_once() {
    // white takes the last black piece with two pieces left: black may bare white back
    let f = "8/8/8/8/8/3k4/3n4/3R3K w - - 0 1";
    let mut g = game("shatranj", f);
    play(&mut g, &["d1d2"]);
    assert!(!g.is_over());
    assert_eq!(moves(&g), strs(&["d3c3", "d3c4", "d3d2", "d3e3", "d3e4"]));
    let mut back = g.clone();
    play(&mut back, &["d3d2"]);
    let o = back.outcome().unwrap();
    assert!(o.is_draw(), "two bare kings draw: {o:?}");
    play(&mut g, &["d3c3"]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::BareKing, vec![0])
    );
    assert!(
        g.position().legal_moves().is_empty(),
        "perft is 0 below a bare king"
    );
    // with three pieces left the bared king loses at once
    let mut g = game("shatranj", "8/8/8/8/8/3k4/3n4/R2R3K w - - 0 1");
    play(&mut g, &["d1d2"]);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    assert!(g.position().legal_moves().is_empty());
}

#[test]
fn shatranj_pawns_promote_to_fers_on_the_last_rank() {
    let g = game("shatranj", "3k4/p5P1/8/8/8/8/8/3K4 w - - 0 1");
    let m = moves(&g);
    assert!(m.contains(&"g7g8q".to_string()) && !m.contains(&"g7g8".to_string()));
    assert!(!m.iter().any(|x| x.starts_with("g7g8") && x != "g7g8q"));
}

#[test]
fn shatranj_seventy_move_rule_draws() {
    let mut g = game("shatranj", "3k4/3p4/8/8/8/8/3R4/3K4 w - - 139 90");
    play(&mut g, &["d2h2"]);
    assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoves);
}

// ---------------------------------------------------------------- makruk

#[test]
fn makruk_promotes_on_the_sixth_rank_to_met() {
    let mut g = game("makruk", "4k3/8/8/P7/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves(&g),
        strs(&["a5a6m", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    play(&mut g, &["a5a6m"]);
    assert_eq!(
        g.position().at(g.variant.board.cell("a6").unwrap()).kind(),
        FERS
    );
}

#[test]
fn makruk_khon_steps_diagonally_or_straight_forward() {
    let g = game("makruk", "4k3/8/8/8/3S4/8/8/4K3 w - - 0 1");
    let khon: Vec<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(khon, strs(&["d4c3", "d4c5", "d4d5", "d4e3", "d4e5"]));
    // a black khon attacks forward (down), not backward: the white king on d3 is in check
    assert!(game("makruk", "4k3/8/8/8/3s4/3K4/8/8 w - - 0 1")
        .position()
        .in_check(0));
    assert!(!game("makruk", "4k3/8/8/3K4/3s4/8/8/8 w - - 0 1")
        .position()
        .in_check(0));
}

#[test]
fn makruk_counting_pieces_honour_is_shown_and_draws_when_it_runs_out() {
    let mut g = game("makruk", "8/8/8/4k3/8/8/3R4/4K3 w - - 0 1");
    assert_eq!(counting(g.position()), None);
    play(&mut g, &["d2d3"]);
    // Fairy-Stockfish: "8/8/8/4k3/8/3R4/8/4K3 b - 32 6 1"
    assert_eq!(fen(&g), "8/8/8/4k3/8/3R4/8/4K3 b - 32 6 1");
    let c = counting(g.position()).unwrap();
    assert_eq!(
        (c.kind, c.counted_by, c.limit, c.current),
        (CountKind::PiecesHonour, 1, 16, 3)
    );
    let mut g = game("makruk", "8/8/8/4k3/8/3R4/8/4K3 b - 32 32 20");
    assert!(!g.is_over());
    play(&mut g, &["e5e6"]);
    assert_eq!(fen(&g), "8/8/4k3/8/8/3R4/8/4K3 w - 32 33 21");
    let o = g.outcome().unwrap();
    assert!(o.is_draw() && o.reason == EndReason::PiecesHonour, "{o:?}");
}

#[test]
fn makruk_counting_boards_honour_starts_when_no_pawn_is_left() {
    let mut g = game("makruk", "4k3/8/8/4n3/8/8/3R4/4K3 w - - 0 1");
    play(&mut g, &["d2d3"]);
    assert_eq!(fen(&g), "4k3/8/8/4n3/8/3R4/8/4K3 b - 128 0 1");
    let c = counting(g.position()).unwrap();
    assert_eq!(
        (c.kind, c.counted_by, c.limit),
        (CountKind::BoardsHonour, 1, 64)
    );
}

#[test]
fn makruk_stalemate_is_a_draw() {
    let g = game("makruk", "k7/2M4p/1K5P/8/8/8/8/8 b - - 0 1");
    let o = g.outcome().unwrap();
    assert!(o.is_draw() && o.reason == EndReason::Stalemate);
}

// ---------------------------------------------------------------- ouk chatrang

#[test]
fn ouk_chatrang_king_leaps_like_a_knight_and_met_steps_two_on_their_first_moves() {
    let mut g = game("ouk-chatrang", "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
    assert_eq!(
        moves(&g),
        strs(&["d1b2", "d1c1", "d1c2", "d1d2", "d1e2", "d1f2", "e1d2", "e1e3", "e1f2"])
    );
    play(&mut g, &["d1b2"]);
    assert_eq!(fen(&g), "4k3/8/8/8/8/8/1K6/4M3 b E 126 6 1");
    let start = Game::new("ouk-chatrang").unwrap();
    assert_eq!(perft(&mut start.position().clone(), 1), 25);
}

#[test]
fn ouk_chatrang_king_may_not_leap_in_check() {
    let g = game("ouk-chatrang", "3rk3/8/8/8/8/8/8/3K4 w D - 0 1");
    assert_eq!(moves(&g), strs(&["d1c1", "d1c2", "d1e1", "d1e2"]));
}

#[test]
fn ouk_chatrang_king_loses_its_leap_when_a_rook_aims_at_it() {
    // the rook's line counts as on an empty board: the pawn on d4 does not shield the king
    let f = "3rk3/8/8/8/3P4/8/8/R2K4 b D - 0 1";
    let mut g = game("ouk-chatrang", f);
    play(&mut g, &["d8d7"]);
    assert_eq!(fen(&g), "4k3/3r4/8/8/3P4/8/8/R2K4 w - 126 0 2");
    let mut g = game("ouk-chatrang", f);
    play(&mut g, &["d8c8"]);
    assert_eq!(fen(&g), "2r1k3/8/8/8/3P4/8/8/R2K4 w D 126 0 2");
    let mut g = game("ouk-chatrang", "2r1k3/8/8/8/8/8/8/R2K4 b D - 0 1");
    play(&mut g, &["c8c1"]);
    assert_eq!(fen(&g), "4k3/8/8/8/8/8/8/R1rK4 w - 126 0 2");
}

#[test]
fn ouk_chatrang_cambodian_counting_limits_are_one_less() {
    let mut g = game("ouk-chatrang", "8/8/8/4k3/8/8/3R4/4K3 w - - 0 1");
    play(&mut g, &["d2d3"]);
    let c = counting(g.position()).unwrap();
    assert_eq!((c.kind, c.limit_plies), (CountKind::PiecesHonour, 30));
}

// ---------------------------------------------------------------- sittuyin

#[test]
fn sittuyin_setup_phase_places_every_piece_on_the_own_half_rooks_on_the_back_rank() {
    let mut g = Game::new("sittuyin").unwrap();
    let m = moves(&g);
    assert_eq!(m.len(), 88);
    assert!(
        m.iter().all(|x| x.contains('@')),
        "only drops while pieces are in hand"
    );
    assert!(m
        .iter()
        .filter(|x| x.starts_with("R@"))
        .all(|x| x.ends_with('1')));
    assert!(m
        .iter()
        .all(|x| matches!(x.chars().last(), Some('1'..='3'))));
    // white places first, then black, one piece each in turn
    play(&mut g, &["N@b2"]);
    assert_eq!(
        fen(&g),
        "8/8/4pppp/pppp4/4PPPP/PPPP4/1N6/8[KSSFRRNkssfrrnn] b - - 0 1"
    );
    let m = moves(&g);
    assert!(m
        .iter()
        .all(|x| matches!(x.chars().last(), Some('6'..='8'))));
    play(
        &mut g,
        &[
            "F@g8", "F@g1", "K@f7", "N@e1", "S@b6", "K@c1", "N@b7", "S@g2", "N@a6", "S@h3", "S@c8",
            "R@d1", "R@d8", "R@a1", "R@b8",
        ],
    );
    assert_eq!(
        fen(&g),
        "1rsr2f1/1n3k2/ns2pppp/pppp4/4PPPP/PPPP3S/1N4S1/R1KRN1F1[] w - - 0 9"
    );
    assert!(
        moves(&g).iter().all(|x| !x.contains('@')),
        "play has started"
    );
}

#[test]
fn sittuyin_promotes_on_the_diagonal_squares_in_place_or_one_step_diagonally() {
    let g = game("sittuyin", "4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1");
    assert_eq!(
        moves(&g),
        strs(&[
            "a2a3", "d5c4f", "d5c6f", "d5d5f", "d5d6", "d5e4f", "d5e6f", "e1d1", "e1d2", "e1e2",
            "e1f1", "e1f2"
        ])
    );
    let mut g = g;
    play(&mut g, &["d5d5f"]);
    assert_eq!(fen(&g), "4k3/8/8/3F4/8/8/P7/4K3[] b - - 0 1");
}

#[test]
fn sittuyin_promotes_only_without_a_general() {
    let g = game("sittuyin", "4k3/8/8/3P4/8/8/P7/4KF2[] w - - 0 1");
    assert!(moves(&g).iter().all(|m| !m.ends_with('f')));
}

#[test]
fn sittuyin_last_pawn_promotes_on_any_square() {
    let g = game("sittuyin", "4k3/8/8/8/8/8/P7/4K3[] w - - 0 1");
    assert_eq!(
        moves(&g),
        strs(&["a2a2f", "a2a3", "a2b1f", "a2b3f", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
}

#[test]
fn sittuyin_promotion_may_not_give_check_nor_attack_an_enemy_piece() {
    // moving off d5 would uncover the rook's check: only the promotion in place is legal
    let g = game("sittuyin", "8/8/8/R2P3k/8/8/P7/4K3[] w - - 0 1");
    let promos: Vec<String> = moves(&g).into_iter().filter(|m| m.ends_with('f')).collect();
    assert_eq!(promos, strs(&["d5d5f"]));
    // a general on d5 or c6 would attack the knight on c6
    let g = game("sittuyin", "8/8/2n5/3P4/8/8/P7/4K2k[] w - - 0 1");
    let promos: Vec<String> = moves(&g).into_iter().filter(|m| m.ends_with('f')).collect();
    assert_eq!(promos, strs(&["d5c4f", "d5e4f", "d5e6f"]));
}

#[test]
fn sittuyin_counting_starts_against_a_bare_king_without_pawns() {
    let mut g = game("sittuyin", "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1");
    play(&mut g, &["a1a2"]);
    assert_eq!(fen(&g), "4k3/8/8/8/8/8/R7/4K3[] b - 32 0 1");
    let c = counting(g.position()).unwrap();
    assert_eq!((c.counted_by, c.limit, c.current), (1, 16, 0));
}

#[test]
fn make_and_unmake_restore_every_game_of_the_family() {
    for (id, f) in [
        ("chaturanga", "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"),
        ("shatranj", "8/8/8/8/8/3k4/3n4/3R3K w - - 0 1"),
        ("makruk", "8/8/8/4k3/p7/8/3R4/4K3 w - - 0 1"),
        (
            "ouk-chatrang",
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
        ),
        (
            "sittuyin",
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
        ),
        ("sittuyin", "4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1"),
    ] {
        let mut pos = game(id, f).position().clone();
        let before = pos.clone();
        for m in pos.legal_moves() {
            let u = pos.make(m);
            assert_eq!(pos.hash(), pos.compute_hash(), "{id} {m:?}");
            for m2 in pos.legal_moves() {
                let u2 = pos.make(m2);
                assert_eq!(pos.hash(), pos.compute_hash(), "{id} {m:?} {m2:?}");
                pos.unmake(m2, &u2);
            }
            pos.unmake(m, &u);
            assert_eq!(pos, before, "{id} {m:?}");
        }
    }
}

#[test]
fn sittuyin_king_and_pawn_with_only_promotions_left_is_a_draw() {
    // the king is boxed in and the pawn on a5 blocked: only promotions remain
    let g = game("sittuyin", "1r5k/8/p7/P7/8/8/7r/K7[] w - - 0 1");
    assert_eq!(moves(&g), strs(&["a5a5f", "a5b4f", "a5b6f"]));
    let mut pos = g.position().clone();
    let o = g.variant.rules().outcome(&mut pos, &[]).expect("a draw");
    assert!(o.is_draw(), "{o:?}");
}

#[test]
fn sittuyin_stalemate_is_a_draw() {
    let g = game("sittuyin", "k7/2F1p2p/1K2P2P/8/8/8/8/8[] b - - 0 1");
    let o = g.outcome().expect("stalemated at the start");
    assert!(o.is_draw() && o.reason == EndReason::Stalemate, "{o:?}");
}

#[test]
fn sittuyin_fifty_moves_without_a_capture_or_pawn_move_draw() {
    let mut g = game("sittuyin", "4k3/8/8/3p4/3P4/8/8/R3K3[] w - - 99 60");
    assert!(!g.is_over());
    play(&mut g, &["a1a2"]);
    let o = g
        .outcome()
        .expect("the hundredth ply without capture or pawn move");
    assert!(o.is_draw() && o.reason == EndReason::FiftyMoves, "{o:?}");
}
