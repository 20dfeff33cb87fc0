//! Shogi and minishogi: perft against Fairy-Stockfish's counts and a test per rule of the
//! games' pages.

use rookery_core::game::EndReason;
use rookery_core::movegen::perft;
use rookery_core::notation::movetext;
use rookery_core::rules::{self, shogi};
use rookery_core::{Game, Position};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
const MID: &str = "lnsgk1snl/1r2g2b1/ppp1p2pp/3p1pp2/9/9/PPPPPPPPP/LB2GK1RL/1NSG2SN1[] w - - 10 6";
const MID_SFEN: &str = "lnsgk1snl/1r2g2b1/ppp1p2pp/3p1pp2/9/9/PPPPPPPPP/LB2GK1RL/1NSG2SN1 b - 11";
const MINI: &str = "rbsgk/4p/5/P4/KGSBR[-] w 0 1";
const MINI_MID: &str = "r2gk/B3p/Ps3/1S2b/KG3[r] w - - 0 6";
const MINI_MID_SFEN: &str = "r2gk/B3p/Ps3/1S2b/KG3 b r 11";

fn pos(game: &str, fen: &str) -> Position {
    rules::parse_position(rules::variant(game).unwrap(), fen).unwrap()
}

/// The legal moves as sorted move text.
fn moves(game: &str, fen: &str) -> Vec<String> {
    let p = pos(game, fen);
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| movetext::write(&p, m, false))
        .collect();
    v.sort();
    v
}

#[test]
fn shogi_perft_matches_fairy_stockfish() {
    for (fen, d, n) in [
        (START, 1, 30),
        (START, 2, 900),
        (START, 3, 25470),
        (MID, 1, 22),
        (MID, 2, 638),
        (MID, 3, 14388),
        (MID_SFEN, 3, 14388),
    ] {
        assert_eq!(perft(&mut pos("shogi", fen), d), n, "{fen} depth {d}");
    }
}

#[test]
fn minishogi_perft_matches_fairy_stockfish() {
    for (fen, d, n) in [
        (MINI, 1, 14),
        (MINI, 2, 181),
        (MINI, 3, 2512),
        (MINI, 4, 35401),
        (MINI_MID, 1, 9),
        (MINI_MID, 2, 280),
        (MINI_MID, 3, 3645),
        (MINI_MID_SFEN, 3, 3645),
    ] {
        assert_eq!(perft(&mut pos("minishogi", fen), d), n, "{fen} depth {d}");
    }
}

#[test]
fn shogi_nifu_drop_is_illegal() {
    let m = moves("shogi", "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1");
    assert!(m.contains(&"P@d5".to_string()));
    assert!(!m.iter().any(|t| t.starts_with("P@e")), "{m:?}");
    // nor on the last rank, where a pawn would have no move
    assert!(!m.iter().any(|t| t.starts_with("P@") && t.ends_with('9')));
}

#[test]
fn shogi_pawn_drop_mate_loses_for_the_dropper() {
    // the pawn on e8 would be protected by the gold: mate by a dropped pawn (uchifuzume). As
    // Fairy-Stockfish counts and scores it, the drop is a move, and it loses
    assert!(moves("shogi", "3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1").contains(&"P@e8".to_string()));
    let mut g = Game::from_fen("shogi", "3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1").unwrap();
    g.play_text("P@e8").unwrap();
    let o = g.outcome().expect("mate by a dropped pawn");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![1], EndReason::PawnDropMate)
    );
    // a gold dropped there mates and wins
    let mut g = Game::from_fen("shogi", "3lkl3/9/4G4/9/9/9/9/9/4K4[G] w - - 0 1").unwrap();
    g.play_text("G@e8").unwrap();
    let o = g.outcome().expect("mate");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![0], EndReason::Checkmate)
    );
    // and a pawn that mates by moving (not dropped) wins too
    let mut g = Game::from_fen("shogi", "3lkl3/9/3GPG3/9/9/9/9/9/4K4[] w - - 0 1").unwrap();
    g.play_text("e7e8").unwrap();
    let o = g.outcome().expect("mate by a pawn move");
    assert_eq!(o.winners, vec![0]);
}

#[test]
fn shogi_promotion_zone_promotion_is_optional_and_forced_where_a_piece_would_have_no_move() {
    let from = |fen: &str, sq: &str| -> Vec<String> {
        moves("shogi", fen)
            .into_iter()
            .filter(|t| t.starts_with(sq))
            .collect()
    };
    // a pawn reaching the last rank must promote
    assert_eq!(
        from("k8/4P4/9/9/9/9/9/9/4K4[] w - - 0 1", "e8"),
        vec!["e8e9+"]
    );
    // a knight reaching the last two ranks must promote
    assert_eq!(
        from("k8/9/9/4N4/9/9/9/9/4K4[] w - - 0 1", "e6"),
        vec!["e6d8+", "e6f8+"]
    );
    // entering the zone (ranks 7-9): optional
    assert_eq!(
        from("k8/9/9/4P4/9/9/9/9/4K4[] w - - 0 1", "e6"),
        vec!["e6e7", "e6e7+"]
    );
    // leaving the zone: optional too
    let s = from("k8/9/4S4/9/9/9/9/9/4K4[] w - - 0 1", "e7");
    assert!(
        s.contains(&"e7d6".to_string()) && s.contains(&"e7d6+".to_string()),
        "{s:?}"
    );
    // gote's zone is ranks 1-3
    let g = moves("shogi", "4k4/9/9/9/9/9/4p4/9/K8[] b - - 0 1");
    assert!(g.contains(&"e3e2+".to_string()) && g.contains(&"e3e2".to_string()));
}

#[test]
fn shogi_captured_pieces_drop_back_demoted() {
    let mut g = Game::from_fen("shogi", "4k4/9/9/9/9/9/9/4+r4/4K4[] w - - 0 1").unwrap();
    g.play_text("e1e2").unwrap();
    assert_eq!(
        rules::write_position(g.position()),
        "4k4/9/9/9/9/9/9/4K4/9[R] b - - 0 1"
    );
    g.play_text("e9d9").unwrap();
    g.play_text("R@e8").unwrap();
    assert_eq!(g.texts(), vec!["e1e2", "e9d9", "R@e8"]);
}

#[test]
fn shogi_fourfold_repetition_is_a_draw() {
    let mut g = Game::from_fen("shogi", "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1").unwrap();
    for i in 0..12 {
        assert!(!g.is_over(), "over at ply {i}");
        g.play_text(["e1d1", "e9d9", "d1e1", "d9e9"][i % 4])
            .unwrap();
    }
    let o = g.outcome().expect("the fourth time");
    assert_eq!((o.is_draw(), o.reason), (true, EndReason::Sennichite));
}

#[test]
fn shogi_perpetual_check_loses() {
    let mut g = Game::from_fen("shogi", "4k4/9/9/9/9/9/9/R8/8K[] w - - 0 1").unwrap();
    g.play_text("a2e2").unwrap();
    for i in 0..12 {
        assert!(!g.is_over(), "over at ply {i}");
        g.play_text(["e9d9", "e2d2", "d9e9", "d2e2"][i % 4])
            .unwrap();
    }
    let o = g.outcome().expect("the fourth time, checking all the time");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![1], EndReason::PerpetualCheck)
    );
}

#[test]
fn shogi_no_legal_move_loses() {
    let mut g = Game::from_fen("shogi", "k8/9/1G7/9/9/9/9/9/8K[G] w - - 0 1").unwrap();
    g.play_text("G@a8").unwrap();
    let o = g.outcome().expect("mate");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![0], EndReason::Checkmate)
    );
    assert_eq!(g.standings().unwrap()[0].place, 1);
}

#[test]
fn shogi_impasse_declaration_needs_28_points_for_sente() {
    let v = rules::variant("shogi").unwrap();
    let p = rules::parse_position(v, "RRBBGGSS1/PPPPK4/9/9/9/9/9/9/4k4[] w - - 0 1").unwrap();
    assert!(shogi::may_declare_impasse(&p, 0));
    let p = rules::parse_position(v, "RRBBGGS2/PPPPK4/9/9/9/9/9/9/4k4[] w - - 0 1").unwrap();
    assert!(
        !shogi::may_declare_impasse(&p, 0),
        "27 points are not enough for sente"
    );
    // gote needs 27
    let p = rules::parse_position(v, "4K4/9/9/9/9/9/9/ppppk4/rrbbggs2[] b - - 0 1").unwrap();
    assert!(shogi::may_declare_impasse(&p, 1));
    // the declaration is a move of the king onto its own point, and wins
    let mut g = Game::from_fen("shogi", "RRBBGGSS1/PPPPK4/9/9/9/9/9/9/4k4[] w - - 0 1").unwrap();
    assert!(g.play_text("e9e9").is_err(), "only the king's own point");
    g.play_text("e8e8").unwrap();
    let o = g.outcome().expect("declared");
    assert_eq!((o.winners.clone(), o.reason), (vec![0], EndReason::Impasse));
    let mut g = Game::from_fen("shogi", "RRBBGGS2/PPPPK4/9/9/9/9/9/9/4k4[] w - - 0 1").unwrap();
    assert!(g.play_text("e8e8").is_err(), "27 points: no declaration");
}

#[test]
fn shogi_sfen_usi_and_move_text_round_trip() {
    let v = rules::variant("shogi").unwrap();
    let p = pos("shogi", MID);
    assert_eq!(shogi::write_sfen(&p), MID_SFEN);
    // SFEN has no halfmove clock
    assert_eq!(shogi::write_sfen(&pos("shogi", MID_SFEN)), MID_SFEN);
    assert_eq!(rules::write_position(&pos("shogi", MID)), MID);
    let mut g = Game::new("shogi").unwrap();
    for (uci, usi) in [
        ("c3c4", "7g7f"),
        ("g7g6", "3c3d"),
        ("b2h8+", "8h2b+"),
        ("g9h8", "3a2b"),
        ("B@e5", "B*5e"),
    ] {
        let m = shogi::parse_usi(g.position(), usi).unwrap();
        assert_eq!(shogi::write_usi(g.position(), m), usi);
        assert_eq!(g.move_text(m), uci);
        assert_eq!(movetext::parse(g.position(), uci).unwrap(), m);
        g.play(m).unwrap();
    }
    let sfen = shogi::write_sfen(g.position());
    assert_eq!(
        sfen,
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
    let back = shogi::parse_sfen(v, &sfen).unwrap();
    assert_eq!(back.hash(), g.position().hash());
}

#[test]
fn minishogi_far_rank_is_the_promotion_zone_and_drops_work() {
    let m = moves("minishogi", MINI);
    assert_eq!(m.len(), 14);
    // the bishop on d1 reaches the far rank only through a capture-free diagonal: a4 is not in
    // the zone, so no promotion; rank 5 is
    assert!(m.iter().all(|t| !t.ends_with('+')));
    let m = moves("minishogi", MINI_MID);
    assert!(m.iter().any(|t| t.starts_with("R@") || t.starts_with("r@")) || m.len() == 9);
    let mut g = Game::from_fen("minishogi", "4k/5/5/5/K3P[] w - - 0 1").unwrap();
    assert!(g.play_text("e1e2").is_ok());
}

#[test]
fn minishogi_repetition_loses_for_the_first_player() {
    let mut g = Game::from_fen("minishogi", "2k2/5/5/5/K4[] w - - 0 1").unwrap();
    for i in 0..12 {
        assert!(!g.is_over(), "over at ply {i}");
        g.play_text(["a1b1", "c5d5", "b1a1", "d5c5"][i % 4])
            .unwrap();
    }
    let o = g.outcome().expect("the fourth time");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![1], EndReason::Sennichite)
    );
}

#[test]
fn minishogi_perpetual_check_loses() {
    // gote checks with the rook from c4 and b4 while sente's king shuttles: gote loses (where
    // a plain repetition would have lost for sente)
    let mut g = Game::from_fen("minishogi", "4k/r4/5/5/2K2[] b - - 0 1").unwrap();
    g.play_text("a4c4").unwrap();
    for i in 0..12 {
        assert!(!g.is_over(), "over at ply {i}");
        g.play_text(["c1b1", "c4b4", "b1c1", "b4c4"][i % 4])
            .unwrap();
    }
    let o = g.outcome().expect("the fourth time, checking all the time");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![0], EndReason::PerpetualCheck)
    );
}
