//! Antichess, atomic, crazyhouse, duck chess and fog of war (lichess / chess.com rules as
//! Fairy-Stockfish plays them; ../shared/rules/DECISIONS.md): one test per rule of each game's
//! page, named after the rule it proves, plus FEN round trips in Fairy-Stockfish's form.

use std::collections::BTreeSet;

use rookery_core::game::EndReason;
use rookery_core::movegen::{perft, perft_turns};
use rookery_core::rules::{self, variants};
use rookery_core::{Action, Game};

fn game(id: &str, fen: &str) -> Game {
    Game::from_fen(id, fen).unwrap_or_else(|e| panic!("{id} {fen}: {e}"))
}

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

fn cell(g: &Game, name: &str) -> rookery_core::board::Cell {
    g.variant.board.cell(name).unwrap()
}

// ------------------------------------------------------------------------------ antichess

#[test]
fn antichess_captures_are_compulsory() {
    // after 1. e3 b5 white must take: Bxb5 is the only capture, so the only move
    let mut g = game(
        "antichess",
        variants::START_FEN.replace("KQkq", "-").as_str(),
    );
    play(&mut g, "e2e3 b7b5");
    assert_eq!(legal(&g), BTreeSet::from(["f1b5".to_string()]));
    // with two captures, either may be chosen, nothing else
    let g = game("antichess", "4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(
        legal(&g),
        BTreeSet::from(["e4d5".to_string(), "e4f5".to_string()])
    );
    // en passant is a capture too, and then compulsory
    let g = game("antichess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(legal(&g), BTreeSet::from(["e5d6".to_string()]));
}

#[test]
fn antichess_the_king_is_an_ordinary_piece_without_check() {
    // the white king may step next to the black king and into a rook's line; it may be taken
    let mut g = game("antichess", "8/8/8/8/8/2k5/8/K6r w - - 0 1");
    assert!(can(&g, "a1b2"));
    assert!(can(&g, "a1b1"));
    play(&mut g, "a1b2");
    assert_eq!(legal(&g), BTreeSet::from(["c3b2".to_string()]));
    play(&mut g, "c3b2");
    assert!(g.position().king(0).is_none());
    // several kings after promotion
    let g = game("antichess", "8/8/8/8/8/8/8/KK4kk w - - 0 1");
    // a1: a2, b2; b1: a2, b2, c2, c1
    assert_eq!(g.legal_moves().len(), 2 + 4);
}

#[test]
fn antichess_a_pawn_may_promote_to_a_king() {
    let g = game("antichess", "8/P7/8/8/8/8/8/7k w - - 0 1");
    let l = legal(&g);
    for p in ["q", "r", "b", "n", "k"] {
        assert!(l.contains(&format!("a7a8{p}")), "{p}");
    }
    assert_eq!(l.len(), 5);
}

#[test]
fn antichess_has_no_castling() {
    let g = game("antichess", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert!(!can(&g, "e1g1") && !can(&g, "e1c1"));
    assert!(Game::from_fen("antichess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_err());
}

#[test]
fn antichess_a_player_with_no_pieces_wins() {
    // black must take the last white piece on a1; then white, with nothing left, wins
    let mut g = game("antichess", "8/8/8/8/8/8/1p6/B7 b - - 0 1");
    assert_eq!(legal(&g).len(), 5, "b2xa1 promoting to q, r, b, n or k");
    play(&mut g, "b2a1q");
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, vec![0]);
    let st = g.standings().unwrap();
    assert_eq!((st[0].place, st[1].place), (1, 2));
}

#[test]
fn antichess_a_player_with_no_moves_wins() {
    // white's only pawn is blocked: white cannot move and wins
    let g = game("antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    let o = g.outcome().expect("over at once");
    assert_eq!(o.winners, vec![0]);
    assert_eq!(o.reason, EndReason::Stalemate);
}

// --------------------------------------------------------------------------------- atomic

#[test]
fn atomic_a_capture_explodes_the_capturer_and_every_piece_but_pawns_around_it() {
    // Nxd5: the knight, the pawn it takes and the pieces around d5 go; pawns around stay
    let mut g = game("atomic", "4k3/8/2rpq3/3p4/4P3/2N5/8/4K3 w - - 0 1");
    play(&mut g, "c3d5");
    let p = g.position();
    for c in ["c3", "d5", "c6", "e6"] {
        assert!(p.at(cell(&g, c)).is_none(), "{c} exploded");
    }
    assert!(
        p.at(cell(&g, "d6")).is_some(),
        "a pawn around the blast stays"
    );
    assert!(
        p.at(cell(&g, "e4")).is_some(),
        "a pawn around the blast stays"
    );
}

#[test]
fn atomic_a_king_may_not_capture() {
    let g = game("atomic", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert!(!can(&g, "e1d2"));
    assert!(can(&g, "e1e2"));
}

#[test]
fn atomic_kings_may_stand_side_by_side_and_then_give_no_check() {
    // the white king steps next to the black king, even onto a square the black rook sees
    let g = game("atomic", "8/8/8/8/8/3k4/7r/4K3 w - - 0 1");
    assert!(
        can(&g, "e1e2"),
        "touching the enemy king shields from check"
    );
    assert!(can(&g, "e1d2"));
    assert!(
        !can(&g, "e1f2"),
        "f2 is attacked and not next to the black king"
    );
}

#[test]
fn atomic_a_move_that_explodes_the_own_king_is_illegal() {
    // Qxd2 would explode the white king on e1
    let g = game("atomic", "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1");
    assert!(!can(&g, "d1d2"));
}

#[test]
fn atomic_exploding_the_enemy_king_wins_even_from_check() {
    // white is in check from the rook, yet Qxd7 explodes the black king: legal and winning
    let mut g = game("atomic", "4r3/3pk3/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(can(&g, "d1d7"));
    play(&mut g, "d1d7");
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, vec![0]);
    assert_eq!(o.reason, EndReason::KingCaptured);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn atomic_checkmate_wins() {
    // the fool's mate of atomic: Qh5-f7 is mate by explosion threat and check
    let mut g = game(
        "atomic",
        "rnbqkbnr/ppppp2p/5p2/6p1/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
    );
    play(&mut g, "d1h5");
    let o = g.outcome().expect("mate");
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.winners, vec![0]);
}

#[test]
fn atomic_castling_rights_go_with_an_exploded_rook() {
    let mut g = game("atomic", &variants::START_FEN.replace(" KQkq", " KQkq"));
    play(&mut g, "g1f3 a7a6 f3g5 a6a5 g5h7");
    assert_eq!(
        fen_of(&g),
        "rnbqkb2/1pppppp1/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQq - 0 3"
    );
}

// ----------------------------------------------------------------------------- crazyhouse

#[test]
fn crazyhouse_captured_pieces_go_to_the_captors_hand() {
    let mut g = game(
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    );
    play(&mut g, "e2e4 d7d5 e4d5 d8d5 b1c3 d5a2 a1a2");
    assert_eq!(
        fen_of(&g),
        "rnb1kbnr/ppp1pppp/8/8/8/2N5/RPPP1PPP/2BQKBNR[QPpp] b Kkq - 0 4"
    );
}

#[test]
fn crazyhouse_pieces_in_hand_may_be_dropped_on_any_empty_square() {
    let mut g = game("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    assert_eq!(perft(&mut g.position().clone(), 1), 67);
    play(&mut g, "Q@c7");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().in_hand(0, 4), 0);
    assert!(g.plies()[0].text == "Q@c7");
}

#[test]
fn crazyhouse_no_pawn_drops_on_the_first_or_last_rank() {
    let g = game("crazyhouse", "2k5/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert!(!can(&g, "P@a1") && !can(&g, "P@a8"));
    assert!(can(&g, "P@a2") && can(&g, "P@h7"));
}

#[test]
fn crazyhouse_promoted_piece_returns_to_hand_as_pawn() {
    let mut g = game("crazyhouse", "4k3/1P6/8/8/8/8/1r6/4K3[] w - - 0 1");
    play(&mut g, "b7b8q");
    assert_eq!(fen_of(&g), "1Q~2k3/8/8/8/8/8/1r6/4K3[] b - - 0 1");
    play(&mut g, "b2b8");
    assert_eq!(fen_of(&g), "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
}

#[test]
fn crazyhouse_a_drop_may_block_check_and_mate_ends_the_game() {
    // black's rook checks along the first rank; a drop between blocks it
    let g = game("crazyhouse", "4k3/8/8/8/8/8/5PPP/r5K1[N] w - - 0 1");
    assert!(can(&g, "N@b1") && can(&g, "N@f1"));
    let g = game("crazyhouse", "4k3/8/8/8/8/8/5PPP/r5K1[] w - - 0 1");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Checkmate);
}

#[test]
fn crazyhouse_fen_round_trips_with_holdings_and_promoted_marks() {
    for f in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1",
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
        "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
    ] {
        assert_eq!(fen_of(&game("crazyhouse", f)), f);
    }
    // holdings may also be a ninth rank
    let g = game("crazyhouse", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/Qp b - - 0 1");
    assert_eq!(fen_of(&g), "4k3/1Q~6/8/8/4b3/8/Kpp5/8[Qp] b - - 0 1");
}

// ----------------------------------------------------------------------------------- duck

#[test]
fn duck_after_every_move_the_duck_goes_to_an_empty_square_other_than_its_own() {
    let mut g = game("duck", variants::START_FEN);
    // 20 moves x 32 empty squares
    assert_eq!(perft_turns(&mut g.position().clone(), 1), 640);
    play(&mut g, "e2e4");
    assert_eq!(g.position().turn(), 0, "the same player places the duck");
    assert_eq!(g.legal_moves().len(), 32);
    play(&mut g, "*@e5");
    assert_eq!(
        fen_of(&g),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    play(&mut g, "d7d5");
    assert!(!can(&g, "*@e5"), "the duck must move");
    // 64 cells, 32 pieces and the duck
    assert_eq!(g.legal_moves().len(), 31);
}

#[test]
fn duck_move_text_is_fairy_stockfish_form() {
    let mut g = game("duck", variants::START_FEN);
    g.play_text("e2e4,e4e5").unwrap();
    assert_eq!(g.position().turn(), 1);
    assert!(g.play_text("d7d5,d5e5").is_err(), "the duck must move");
    assert_eq!(g.ply_count(), 2, "an error changes nothing");
    g.play_text("d7d5,d5a3").unwrap();
    assert_eq!(
        fen_of(&g),
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/*7/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn duck_nothing_passes_or_lands_on_the_duck() {
    // the rook on a1 stops before the duck on a4; nothing captures it
    let g = game("duck", "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1");
    let l = legal(&g);
    assert!(l.contains("a1a3"));
    assert!(!l.contains("a1a4") && !l.contains("a1a5"));
}

#[test]
fn duck_there_is_no_check_and_taking_the_king_wins() {
    // the white king may step into the rook's line; black takes it and wins
    let mut g = game("duck", "4k3/8/8/8/8/8/8/K6r w - - 0 1");
    assert!(can(&g, "a1b1"));
    play(&mut g, "a1b1,b1a8 h1b1,b1h8");
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, EndReason::KingCaptured);
    assert_eq!(o.winners, vec![1]);
    // castling through an attacked square is allowed
    let g = game("duck", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let g2 = game("duck", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(can(&g, "e1g1") && can(&g2, "e1g1"));
}

// ---------------------------------------------------------------------------- fog of war

#[test]
fn fog_there_is_no_check_and_taking_the_king_wins() {
    let mut g = game("fog-of-war", "4k3/8/8/8/8/8/8/K6r w - - 0 1");
    assert!(can(&g, "a1b1"), "a king may move into attack");
    play(&mut g, "a1b1 h1b1");
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, EndReason::KingCaptured);
    assert_eq!(o.winners, vec![1]);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn fog_a_seat_sees_its_pieces_and_the_squares_they_can_move_to() {
    let g = game("fog-of-war", variants::START_FEN);
    let names = |seat| {
        let v = variants::visible_cells(g.position(), seat);
        let mut n: Vec<String> = v
            .iter()
            .map(|c| g.variant.board.name(c).to_string())
            .collect();
        n.sort();
        n
    };
    let white = names(0);
    // 16 own pieces + ranks 3 and 4 (every pawn push; the knights' squares are among them)
    assert_eq!(white.len(), 32);
    assert!(white.contains(&"a3".to_string()) && white.contains(&"h4".to_string()));
    assert!(!white.contains(&"a5".to_string()) && !white.contains(&"e7".to_string()));
    let black = names(1);
    assert_eq!(black.len(), 32);
    assert!(black.contains(&"e5".to_string()) && !black.contains(&"e2".to_string()));
    // an enemy piece is seen exactly when one of ours can take it
    let g = game("fog-of-war", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    let v = variants::visible_cells(g.position(), 0);
    assert!(v.contains(cell(&g, "d5")), "the rook can take it");
    assert!(!v.contains(cell(&g, "d6")), "behind it");
    assert!(!v.contains(cell(&g, "e8")), "the king is not in reach");
}

#[test]
fn fog_the_pawn_that_may_be_taken_en_passant_is_visible() {
    let mut g = game("fog-of-war", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    let before = variants::visible_cells(g.position(), 0);
    assert!(!before.contains(cell(&g, "d5")));
    play(&mut g, "d7d5");
    let v = variants::visible_cells(g.position(), 0);
    assert!(v.contains(cell(&g, "d6")), "the en passant square");
    assert!(
        v.contains(cell(&g, "d5")),
        "the pawn that may be taken en passant"
    );
    // black, not to move, sees its own pieces and their moves
    let b = variants::visible_cells(g.position(), 1);
    assert!(b.contains(cell(&g, "d5")) && b.contains(cell(&g, "d4")));
    assert!(!b.contains(cell(&g, "e1")));
}

// ------------------------------------------------------------------------ every variant

#[test]
fn resignation_loses_in_every_variant() {
    for id in ["antichess", "atomic", "crazyhouse", "duck", "fog-of-war"] {
        let mut g = Game::new(id).unwrap();
        g.act(Action::Resign(0)).unwrap();
        assert_eq!(g.outcome().unwrap().winners, vec![1], "{id}");
    }
}

#[test]
fn make_unmake_restores_every_variant_exactly() {
    fn walk(p: &mut rookery_core::Position, d: u32) {
        if d == 0 {
            return;
        }
        let before = p.clone();
        for m in p.legal_moves().into_iter().step_by(3) {
            let u = p.make(m);
            assert_eq!(p.hash(), p.compute_hash(), "{m:?}");
            walk(p, d - 1);
            p.unmake(m, &u);
            assert_eq!(*p, before, "{m:?}");
        }
    }
    for (id, fen) in [
        (
            "atomic",
            "r1b1kb1r/ppp2ppp/n3pq1n/3p4/6P1/P7/RPPPPP1P/1NBQKBNR w Kkq - 1 6",
        ),
        (
            "crazyhouse",
            "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1",
        ),
        (
            "antichess",
            "r1bqk2r/pppn1ppp/5n2/4p3/8/2P4P/P1P1PPP1/R1B1KBNR w - - 0 6",
        ),
        (
            "duck",
            "r2qkbnr/ppp1pppp/3p4/1P2n3/6b1/2*P1N2/P1P1PP1P/RNBQKB1R w KQkq - 2 6",
        ),
        (
            "fog-of-war",
            "rnbqkb2/ppp1pp1r/3p1np1/7p/4P3/1PPB4/P2PKPPP/RNBQ2NR w q - 1 6",
        ),
    ] {
        let mut p = game(id, fen).position().clone();
        walk(&mut p, 3);
    }
}

#[test]
fn duck_castling_out_of_through_or_into_an_attack_is_allowed() {
    // out of (the rook on e8), through (f8) and into (g8) an attack: all allowed
    for f in [
        "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1",
        "5rk1/8/8/8/8/8/8/4K2R w K - 0 1",
        "k5r1/8/8/8/8/8/8/4K2R w K - 0 1",
    ] {
        assert!(can(&game("duck", f), "e1g1"), "{f}");
    }
}

#[test]
fn fog_castling_out_of_through_and_into_an_attack_is_allowed() {
    for f in [
        "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1",
        "5rk1/8/8/8/8/8/8/4K2R w K - 0 1",
        "k5r1/8/8/8/8/8/8/4K2R w K - 0 1",
    ] {
        assert!(can(&game("fog-of-war", f), "e1g1"), "{f}");
    }
}

// ------------------------------------------------- rule sentences of the pages (issue 12)

#[test]
fn antichess_en_passant_counts_as_a_capture_and_is_compulsory() {
    // after d7d5 the only capture is e5xd6 en passant: every other move is illegal
    let mut g = game("antichess", "8/3p4/8/4P3/8/8/7P/8 b - - 0 1");
    play(&mut g, "d7d5");
    assert_eq!(legal(&g), BTreeSet::from(["e5d6".to_string()]));
}

#[test]
fn duck_a_player_with_no_legal_move_wins() {
    // White's king a8 is walled in by its own pieces, each of them blocked: White to move has
    // no move and wins (Fairy-Stockfish `duck` scores this +32000 for White)
    let g = game("duck", "KN1k4/PPpP4/P1P5/8/8/8/8/7* w - - 0 1");
    assert!(g.legal_moves().is_empty());
    let o = g.outcome().expect("over at once");
    assert_eq!(o.winners, vec![0]);
}

#[test]
fn duck_the_duck_is_placed_for_the_first_time_after_whites_first_move() {
    let mut g = game("duck", variants::START_FEN);
    assert!(
        !fen_of(&g).contains('*'),
        "no duck on the board at the start"
    );
    play(&mut g, "e2e4");
    // the square the pawn just left is allowed, the pawn's own square is not
    assert!(can(&g, "*@e2") && !can(&g, "*@e4"));
    play(&mut g, "*@e2");
    assert!(fen_of(&g).starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/"));
}

#[test]
fn duck_no_two_square_step_over_the_duck_and_no_en_passant_onto_it() {
    // the duck on e3 stops the e2 pawn's double step
    let g = game("duck", "4k3/8/8/8/8/4*3/4P3/4K3 w - - 0 1");
    assert!(!can(&g, "e2e4") && !can(&g, "e2e3"));
    // black d7d5 passes d6; with the duck put on d6, e5xd6 en passant is gone
    let mut g = game("duck", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d7d5");
    assert!(can(&g, "*@d6"));
    let mut with_duck = g.clone();
    play(&mut with_duck, "*@d6");
    assert!(!can(&with_duck, "e5d6"));
    play(&mut g, "*@a1");
    assert!(can(&g, "e5d6"), "en passant with the duck elsewhere");
}

#[test]
fn fog_stalemate_is_a_draw() {
    // White to move has no move (its king is walled in by its own blocked pieces): a draw, as
    // Fairy-Stockfish's fogofwar scores it
    let g = game("fog-of-war", "KN1k4/PPpP4/P1P5/8/8/8/8/8 w - - 0 1");
    assert!(g.legal_moves().is_empty());
    let o = g.outcome().expect("over at once");
    assert!(o.winners.is_empty(), "a draw");
    assert_eq!(o.reason, EndReason::Stalemate);
}

#[test]
fn fog_promotion_offers_a_queen_rook_bishop_or_knight() {
    let g = game("fog-of-war", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for m in ["b7b8q", "b7b8r", "b7b8b", "b7b8n"] {
        assert!(can(&g, m), "{m}");
    }
    assert!(!can(&g, "b7b8") && !can(&g, "b7b8k"));
}

/// The cells seat `s` may see, computed from the rules' sentence ("own pieces, the squares they
/// can move to, a pawn that may be taken en passant") with the game's legal moves of that
/// seat, independently of `rules::variants::visible_cells`.
fn fog_expected(g: &Game, s: u8) -> BTreeSet<String> {
    use rookery_core::position::MoveKind;
    let mut p = g.position().clone();
    if p.turn() != s {
        p.set_turn(s);
    }
    let t = &g.variant.board;
    let mut out: BTreeSet<String> = p
        .pieces_of(s)
        .iter()
        .map(|c| t.name(c).to_string())
        .collect();
    for m in p.legal_moves() {
        match m.kind {
            MoveKind::Castle => {
                let d = &p.castles[m.aux as usize];
                out.insert(t.name(d.king_to).to_string());
                out.insert(t.name(d.rook_to).to_string());
            }
            MoveKind::EnPassant => {
                out.insert(t.name(m.to).to_string());
                out.insert(t.name(p.st.ep[m.aux as usize].pawn).to_string());
            }
            _ => {
                out.insert(t.name(m.to).to_string());
            }
        }
    }
    out
}

#[test]
fn fog_each_seats_view_holds_exactly_its_pieces_their_moves_and_en_passant_pawns() {
    // seeded random games: for both seats after every move, the view (what every
    // player-facing call passes through) sees exactly the cells the rules allow, the move
    // list shows a seat its own moves and hides the other's unless both cells are seen, and no
    // position text is given out
    use rookery_core::view::{View, Viewer};
    let mut seed = 0x0f06_2026u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = 0;
    for _ in 0..12 {
        let mut g = Game::new("fog-of-war").unwrap();
        for _ in 0..80 {
            if g.is_over() {
                break;
            }
            let moves = g.legal_moves();
            g.play(moves[(next() % moves.len() as u64) as usize])
                .unwrap();
            if g.is_over() {
                break;
            }
            for s in 0..2u8 {
                let view = View::of(g.position(), Viewer::Seat(s));
                let seen: BTreeSet<String> = (0..64)
                    .filter(|&c| view.sees(c))
                    .map(|c| g.variant.board.name(c).to_string())
                    .collect();
                assert_eq!(seen, fog_expected(&g, s), "seat {s} in {}", fen_of(&g));
                assert!(view.position_text(g.position()).is_none());
                let texts = view.texts(&g);
                for (p, text) in g.plies().iter().zip(&texts) {
                    let Action::Move(m) = p.action else { continue };
                    let shown = p.mover == s || (view.sees(m.from) && view.sees(m.to));
                    assert_eq!(
                        text != "?",
                        shown,
                        "seat {s}: ply {} in {}",
                        p.text,
                        fen_of(&g)
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} views checked");
}

#[test]
fn fog_a_refusal_on_a_hidden_cell_tells_nothing_of_what_stands_there() {
    use rookery_core::message::illegal;
    use rookery_core::view::{View, Viewer};
    let mut g = game("fog-of-war", variants::START_FEN);
    play(&mut g, "e2e4 d7d5");
    let view = View::of(g.position(), Viewer::Seat(0));
    // the black queen on d8 is in the dark: "no piece", not "not your piece"
    assert_eq!(
        view.explain(&g, cell(&g, "d8"), cell(&g, "d8")).key,
        illegal::NO_PIECE
    );
    // a2-a5 would be "blocked"? a5 is in the dark: "cannot move there"
    assert_eq!(
        view.explain(&g, cell(&g, "a2"), cell(&g, "a5")).key,
        illegal::CANNOT_MOVE_THERE
    );
    // the pawn e4 may take d5 (seen): the plain explanation of a real target is kept
    assert_eq!(
        view.explain(&g, cell(&g, "e4"), cell(&g, "d5")).key,
        rookery_core::interact::explain(&g, cell(&g, "e4"), cell(&g, "d5")).key
    );
}

#[test]
fn fog_the_en_passant_capture_is_a_target_of_the_capturing_pawn() {
    use rookery_core::interact::Interaction;
    let mut g = game("fog-of-war", variants::START_FEN);
    play(&mut g, "e2e4 h7h6 e4e5 d7d5");
    let mut ui = Interaction::new();
    ui.select(Some(cell(&g, "e5")));
    let targets: Vec<String> = ui
        .targets(&g)
        .into_iter()
        .map(|c| g.variant.board.name(c).to_string())
        .collect();
    assert!(targets.contains(&"d6".to_string()), "{targets:?}");
}

#[test]
fn fog_in_pass_and_play_the_board_stays_hidden_until_the_next_player_confirms() {
    use rookery_core::view::{hand_over_to, shown_seat};
    let people = [Some("Ann"), Some("Ben")];
    let mut g = Game::new("fog-of-war").unwrap();
    // opened: hidden until Ann confirms; then nothing is due until the turn passes
    assert_eq!(hand_over_to(g.position(), false, &people, None), Some(0));
    assert_eq!(hand_over_to(g.position(), false, &people, Some(0)), None);
    play(&mut g, "e2e4");
    assert_eq!(hand_over_to(g.position(), false, &people, Some(0)), Some(1));
    assert_eq!(hand_over_to(g.position(), false, &people, Some(1)), None);
    // only when at least two different people sit at the table
    assert_eq!(
        hand_over_to(g.position(), false, &[Some("Ann"), None], Some(0)),
        None
    );
    assert_eq!(
        hand_over_to(g.position(), false, &[Some("Ann"), Some("Ann")], Some(0)),
        None
    );
    // a finished game and a game without hidden cells need none
    assert_eq!(hand_over_to(g.position(), true, &people, Some(0)), None);
    let chess = Game::new("chess").unwrap();
    assert_eq!(hand_over_to(chess.position(), false, &people, None), None);
    // the seat shown: the person to move, else the person seen last; never a bot's seat
    assert_eq!(shown_seat(g.position(), &people, Some(0)), 1);
    assert_eq!(shown_seat(g.position(), &[Some("Ann"), None], None), 0);
}
