//! Friendly chess (Paco Ŝako): a hand-made position per rule sentence, and random play.

use super::*;
use crate::game::{EndReason, Game};

fn game(fen: &str) -> Game {
    Game::from_fen("friendly", fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn texts(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect();
    v.sort();
    v
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", write(g.position())));
    }
}

fn fen(g: &Game) -> String {
    write(g.position())
}

/// A seeded xorshift64 source for random play.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

#[test]
fn friendly_moving_onto_an_enemy_piece_forms_a_union() {
    let mut g = game("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    play(&mut g, "d1d5");
    assert_eq!(fen(&g), "4k3/8/8/3(Rp)4/8/8/8/4K3 b - - 0 1");
    // nothing was captured: both pieces are on d5
    assert!(g.position().pieces_of(1).len() == 1);
}

#[test]
fn friendly_either_player_moves_a_union_with_their_own_piece_to_an_empty_square() {
    let g = game("4k3/8/8/3(Rp)4/8/8/8/4K3 b - - 0 1");
    // black moves the union with its pawn: d5-d4 only (a pawn pushes)
    let t = texts(&g);
    assert!(t.contains(&"d5d4".to_string()));
    assert!(
        !t.contains(&"d5d1".to_string()),
        "black moves it as a pawn, not a rook"
    );
    let g = game("4k3/8/8/3(Rp)4/8/8/8/4K3 w - - 0 1");
    let t = texts(&g);
    // white moves it as a rook: along the d-file and the fifth rank, not onto e8's king file
    assert!(t.contains(&"d5d1".to_string()) && t.contains(&"d5a5".to_string()));
    let mut g = g;
    play(&mut g, "d5a5");
    assert_eq!(fen(&g), "4k3/8/8/(Rp)7/8/8/8/4K3 b - - 1 1");
}

#[test]
fn friendly_a_lone_piece_takes_over_a_union_and_the_freed_piece_moves_on() {
    // white's bishop on b3 takes over the union (Rp) on d5: the rook is freed and must move
    let mut g = game("4k3/8/8/3(Rp)4/8/1B6/8/4K3 w - - 0 1");
    play(&mut g, "b3d5");
    assert_eq!(
        g.position().turn(),
        0,
        "the same player moves the freed rook"
    );
    assert_eq!(fen(&g), "4k3/8/8/3(Bp)4/8/8/8/4K3 w - - 1 1 d5R");
    // the freed rook moves from d5 by a rook's movement
    let t = texts(&g);
    assert!(t.contains(&"d5d1".to_string()) && t.contains(&"d5a5".to_string()));
    assert!(!t.contains(&"d5c4".to_string()));
    play(&mut g, "d5d1");
    assert_eq!(g.position().turn(), 1);
    assert_eq!(fen(&g), "4k3/8/8/3(Bp)4/8/8/8/3RK3 b - - 1 1");
}

#[test]
fn friendly_a_chain_of_three_take_overs() {
    // Nc3 takes over (Rp) on d5; the freed rook takes over (Bn) on d8 (wait: d-file); the
    // freed bishop takes over (Qb) on a5; the freed queen lands on a1
    let mut g = game("3(Bn)k3/8/8/(Qb)2(Rp)4/8/2N5/8/4K3 w - - 0 1");
    play(&mut g, "c3d5 d5d8 d8a5 a5a1");
    assert_eq!(g.position().turn(), 1);
    assert_eq!(fen(&g), "3(Rn)k3/8/8/(Bb)2(Np)4/8/8/8/Q3K3 b - - 1 1");
}

#[test]
fn friendly_a_take_over_whose_freed_piece_cannot_move_is_not_allowed() {
    // the union (Pq) on a8... a white pawn on a8 cannot be; use a blocked freed pawn: white
    // takes over (Pr) on e4 with the knight; the freed pawn on e4 is blocked by e5 and has no
    // diagonal target, so the take-over is illegal
    let g = game("4k3/8/8/4p3/4(Pr)3/2N5/8/4K3 w - - 0 1");
    assert!(!texts(&g).contains(&"c3e4".to_string()));
    // with a target for the freed pawn, it is allowed
    let g = game("4k3/8/8/3np3/4(Pr)3/2N5/8/4K3 w - - 0 1");
    assert!(texts(&g).contains(&"c3e4".to_string()));
}

#[test]
fn friendly_the_king_never_moves_onto_another_piece() {
    let g = game("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert!(!texts(&g).contains(&"e1d2".to_string()));
    let g = game("4k3/8/8/8/8/8/3(Rp)4/4K3 w - - 0 1");
    assert!(!texts(&g).contains(&"e1d2".to_string()));
}

#[test]
fn friendly_a_union_with_the_enemy_king_wins() {
    let mut g = game("4k3/8/8/8/8/8/8/4RK2 w - - 0 1");
    play(&mut g, "e1e8");
    let o = g.outcome().expect("Paco Sako");
    assert_eq!(o.winners, vec![0]);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn friendly_a_pawn_promotes_also_when_it_is_carried_there() {
    // white moves (Rp) from a2 to a1 as a rook: black's pawn is carried to its far rank; black
    // promotes it, choosing the piece, as the first step of its turn, then moves
    let mut g = game("4k3/8/8/8/8/8/(Rp)7/4K3 w - - 0 1");
    play(&mut g, "a2a1");
    assert_eq!(fen(&g), "4k3/8/8/8/8/8/8/(Rp)3K3 b - - 1 1");
    assert_eq!(texts(&g), vec!["a1a1b", "a1a1n", "a1a1q", "a1a1r"]);
    play(&mut g, "a1a1n");
    assert_eq!(g.position().turn(), 1, "black moves on after promoting");
    assert_eq!(fen(&g), "4k3/8/8/8/8/8/8/(Rn)3K3 b - - 0 1 =");
    assert!(
        texts(&g).contains(&"a1b3".to_string()),
        "the new knight moves the union"
    );
    assert!(texts(&g).contains(&"e8d8".to_string()));
    assert_eq!(
        write(&parse(g.position().variant, &fen(&g)).unwrap()),
        fen(&g)
    );
    play(&mut g, "e8d8");
    assert_eq!(g.position().turn(), 0);
    // and a pawn that walks there promotes as in chess
    let mut g = game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut g, "a7a8n");
    assert!(fen(&g).starts_with("N3k3"));
}

#[test]
fn friendly_a_pawn_moving_its_union_onto_the_far_rank_promotes_to_the_piece_its_owner_chooses() {
    // white's pawn carries the black knight from e7 to e8 and becomes a rook
    let mut g = game("k7/4(Pn)3/8/8/8/8/8/4K3 w - - 0 1");
    let t = texts(&g);
    for m in ["e7e8q", "e7e8r", "e7e8b", "e7e8n"] {
        assert!(t.contains(&m.to_string()), "{m} in {t:?}");
    }
    assert!(!t.contains(&"e7e8".to_string()));
    play(&mut g, "e7e8r");
    assert_eq!(fen(&g), "k3(Rn)3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn friendly_a_promotion_inside_a_union_by_a_take_over_on_the_far_rank() {
    // the white pawn d7 takes over (Nr) on e8: it promotes (its owner's choice) and the freed
    // white knight moves on from e8
    let mut g = game("k3(Nr)3/3P4/8/8/8/8/8/4K3 w - - 0 1");
    let t = texts(&g);
    assert!(t.contains(&"d7e8q".to_string()) && t.contains(&"d7e8n".to_string()));
    play(&mut g, "d7e8b");
    assert_eq!(fen(&g), "k3(Br)3/8/8/8/8/8/8/4K3 w - - 0 1 e8N");
    play(&mut g, "e8f6");
    assert_eq!(fen(&g), "k3(Br)3/8/5N2/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn friendly_en_passant_of_a_union_takes_it_over() {
    // white's pawn moves the union (Pn) two squares from e2 to e4; black's pawn d4 takes it en
    // passant: the union goes back to e3, black's pawn takes the knight's place there and the
    // freed black knight moves on
    let mut g = game("4k3/8/8/8/3p4/8/4(Pn)3/K7 w - - 0 1");
    play(&mut g, "e2e4");
    assert_eq!(fen(&g), "4k3/8/8/8/3p(Pn)3/8/8/K7 b - e3 1 1");
    assert!(texts(&g).contains(&"d4e3".to_string()));
    play(&mut g, "d4e3");
    assert_eq!(g.position().turn(), 1, "the freed knight moves on");
    // the chain reached e3 en passant (`*`)
    assert_eq!(fen(&g), "4k3/8/8/8/8/4(Pp)3/8/K7 b - - 2 1 e3*n");
    play(&mut g, "e3c2");
    assert_eq!(fen(&g), "4k3/8/8/8/8/4(Pp)3/2n5/K7 w - - 2 2");
}

#[test]
fn friendly_a_pawn_freed_in_a_chain_takes_en_passant() {
    // black's pawn d7-d5 passes d6; white's rook takes over (Pb) on e5 and the freed white pawn
    // takes en passant: black's pawn goes back to d6, where the two form a union
    let mut g = game("4k3/3p4/8/4(Pb)3/8/8/8/4RK2 b - - 0 1");
    play(&mut g, "d7d5");
    // the chance is written (it counts: a pawn may be freed from the union on e5 to take it)
    assert_eq!(fen(&g), "4k3/8/8/3p(Pb)3/8/8/8/4RK2 w - d6 1 2");
    play(&mut g, "e1e5");
    assert_eq!(fen(&g), "4k3/8/8/3p(Rb)3/8/8/8/5K2 w - d6 2 2 e5P");
    let t = texts(&g);
    assert!(t.contains(&"e5d6".to_string()), "{t:?}");
    play(&mut g, "e5d6");
    assert_eq!(g.position().turn(), 1, "a new union ends the turn");
    assert_eq!(fen(&g), "4k3/8/3(Pp)4/4(Rb)3/8/8/8/5K2 b - - 0 2");
}

#[test]
fn friendly_a_pawn_freed_in_a_chain_takes_a_union_en_passant_and_the_chain_goes_on() {
    // black's pawn moves the union (Np) from d7 to d5; white's freed pawn takes it en passant:
    // the union goes back to d6, the pawn takes the white knight's place, the knight moves on
    let mut g = game("4k3/3(Np)4/8/4(Pb)3/8/8/8/4RK2 b - - 0 1");
    play(&mut g, "d7d5");
    assert_eq!(fen(&g), "4k3/8/8/3(Np)(Pb)3/8/8/8/4RK2 w - d6 1 2");
    play(&mut g, "e1e5 e5d6");
    assert_eq!(g.position().turn(), 0, "the freed knight moves on");
    assert_eq!(fen(&g), "4k3/8/3(Pp)4/4(Rb)3/8/8/8/5K2 w - - 2 2 e5P,d6*N");
    // read back, the position has the same moves and the same trail: the union taken en
    // passant goes back to d5 in the position rebuilt before that step
    let read = game(&fen(&g));
    assert_eq!(fen(&read), fen(&g));
    assert_eq!(texts(&read), texts(&g));
    assert_eq!(read.position().trail(), g.position().trail());
    play(&mut g, "d6b7");
    assert_eq!(fen(&g), "4k3/1N6/3(Pp)4/4(Rb)3/8/8/8/5K2 b - - 2 2");
}

#[test]
fn friendly_a_pawn_freed_in_a_chain_takes_en_passant_only_where_the_right_exists() {
    // the same chain without the two-square step just before: no en passant
    let mut g = game("4k3/8/8/3p(Pb)3/8/8/8/4RK2 w - - 0 2");
    play(&mut g, "e1e5");
    assert!(!texts(&g).contains(&"e5d6".to_string()));
    // the chance expires when the turn after the step ends, chain or not
    let mut g = game("4k3/3p4/8/4(Pb)3/8/8/8/4RK2 b - - 0 1");
    play(&mut g, "d7d5 f1g1 e8d8");
    assert_eq!(fen(&g), "3k4/8/8/3p(Pb)3/8/8/8/4R1K1 w - - 3 3");
    play(&mut g, "e1e5");
    assert!(!texts(&g).contains(&"e5d6".to_string()));
    // a pawn that passed no square (one step) leaves no chance
    let mut g = game("4k3/8/3p4/4(Pb)3/8/8/8/4RK2 b - - 0 1");
    play(&mut g, "d6d5 e1e5");
    assert!(!texts(&g).contains(&"e5d6".to_string()));
}

#[test]
fn friendly_a_fen_in_the_middle_of_a_chain_carries_the_chain_s_path() {
    // the chain of the rule below: after a1a4 a4d4 the FEN lists both positions passed, and the
    // position read from it refuses d4a4 as the live one does
    let mut g = game("4k3/8/8/8/(Rp)2(Rp)4/8/8/R6K w - - 0 1");
    play(&mut g, "a1a4 a4d4");
    let f = fen(&g);
    assert_eq!(f, "4k3/8/8/8/(Rp)2(Rp)4/8/8/7K w - - 1 1 a4R,d4R");
    let read = game(&f);
    assert_eq!(texts(&read), texts(&g));
    assert!(!texts(&read).contains(&"d4a4".to_string()));
    assert_eq!(read.position().trail(), g.position().trail());
    // a path that no chain could have taken is refused (a knight cannot reach d4 from a4, no
    // union on b4 or h4, a freed piece of the wrong player, an empty link, no en passant chance
    // to have taken, a position passed twice)
    for bad in [
        "a4N,d4R",
        "b4R,d4R",
        "h4R,d4R",
        "a4R,d4r",
        "a4R,,d4R",
        "a4*R,d4*R",
        "a4R,d4R,a4R,d4R",
    ] {
        let text = format!("4k3/8/8/8/(Rp)2(Rp)4/8/8/7K w - - 1 1 {bad}");
        assert!(
            Game::from_fen("friendly", &text).is_err(),
            "{bad} should be refused"
        );
    }
}

#[test]
fn friendly_a_position_read_in_the_middle_of_a_chain_offers_the_live_position_s_moves() {
    // random games that prefer take-overs; at every position in the middle of a chain, the
    // position read back from its FEN has the same moves, the same moves after each of them,
    // and the same trail (but for the step of a carried pawn's promotion, which no position of
    // a chain can equal)
    let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // no castling: the hash keys of a position read back compare (see below)
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        // white's pawns in unions next to black pawns that may step twice: en passant by a
        // freed pawn in the middle of a chain
        "r3k2r/1p1p1p1p/8/(Pn)1(Pb)1(Pr)1(Pq)1/8/8/8/RNBQKBNR b - - 0 1",
        // and unions that black's pawns move two squares: the chain goes on after it
        "r3k2r/1(Np)1(Bp)1p1p/8/(Pn)1(Pb)1(Pr)1(Pq)1/8/8/8/R2QKB1R b - - 0 1",
    ];
    let freed_pawn_takes_en_passant =
        |m: &Move| m.kind == MoveKind::Special && m.aux & AUX_EN_PASSANT != 0;
    let (mut checked, mut long, mut same_keys) = (0, 0, 0);
    let mut en_passant = 0;
    for i in 0..80 {
        let mut g = game(starts[i % starts.len()]);
        for _ in 0..200 {
            if g.is_over() {
                break;
            }
            let pos = g.position().clone();
            if pos.st.rule[CHAIN_CELL] != 0 {
                let f = write(&pos);
                let mut read = parse(pos.variant, &f).unwrap_or_else(|e| panic!("{f}: {e}"));
                assert_eq!(write(&read), f);
                let sorted = |p: &Position| {
                    let mut v = p.legal_moves();
                    v.sort_by_key(|m| (m.from, m.to, m.promo, m.aux));
                    v
                };
                assert_eq!(sorted(&read), sorted(&pos), "{f}");
                // the chain's path (cells, freed pieces, en passant) as the live trail has it
                let path = |p: &Position| -> Vec<[u16; 3]> {
                    p.trail_rules()
                        .iter()
                        .filter(|r| r[CHAIN_CELL] != 0)
                        .map(|r| [r[0], r[1], r[2]])
                        .collect()
                };
                assert_eq!(path(&read), path(&pos), "{f}");
                let got = read.trail().to_vec();
                assert_eq!(got.len(), path(&pos).len(), "{f}");
                // the hash numbers castling rights by the order the castlings were read in and
                // tells a promoted piece from another, which a FEN does not: keys compare where
                // neither is in play
                let promoted = pos.board.iter().any(|p| p.is_some() && p.promoted());
                if read.castles == pos.castles && !promoted {
                    assert_eq!(read.hash_without_step(), pos.hash_without_step(), "{f}");
                    assert!(pos.trail().ends_with(&got), "{f}");
                    same_keys += 1;
                }
                if pos.legal_moves().iter().any(freed_pawn_takes_en_passant) {
                    en_passant += 1;
                }

                let mut live_pos = pos.clone();
                assert_eq!(
                    crate::movegen::perft(&mut read, 2),
                    crate::movegen::perft(&mut live_pos, 2),
                    "{f}"
                );
                checked += 1;
                if got.len() >= 2 {
                    long += 1;
                }
            }
            let moves = g.legal_moves();
            // take-overs and chain steps, and the two-square steps that leave a chance
            let chains: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    m.kind == MoveKind::Special
                        || m.kind == MoveKind::Double
                        || is_union(pos.at(m.to))
                })
                .collect();
            let takes: Vec<Move> = moves
                .iter()
                .copied()
                .filter(freed_pawn_takes_en_passant)
                .collect();
            let pick = if !takes.is_empty() {
                &takes
            } else if !chains.is_empty() && !next().is_multiple_of(4) {
                &chains
            } else {
                &moves
            };
            let m = pick[(next() % pick.len() as u64) as usize];
            g.play(m).unwrap();
        }
    }
    assert!(
        checked > 200 && long > 20 && same_keys > 50 && en_passant > 5,
        "{checked} positions, {long} after two steps, {same_keys} keys compared, \
         {en_passant} with en passant"
    );
}

#[test]
fn friendly_a_chain_may_not_return_to_a_position_it_has_passed_through() {
    // Ra1 takes over (Rp) a4, the freed rook takes over (Rp) d4; taking over a4 again would
    // bring back the position after the first step (the same pieces, a rook to move on from
    // a4): not allowed. Everything else stays open.
    let mut g = game("4k3/8/8/8/(Rp)2(Rp)4/8/8/R6K w - - 0 1");
    play(&mut g, "a1a4");
    assert!(texts(&g).contains(&"a4d4".to_string()));
    play(&mut g, "a4d4");
    let t = texts(&g);
    assert!(!t.contains(&"d4a4".to_string()), "{t:?}");
    assert!(t.contains(&"d4d1".to_string()) && t.contains(&"d4c4".to_string()));
    // without the cap of old, a chain of many take-overs is legal when it never repeats:
    // here every step frees a different piece
    let g = game("4k3/8/8/8/8/8/8/R6K w - - 0 1");
    assert!(g.position().trail().is_empty());
}

#[test]
fn friendly_a_pawn_enters_a_union_only_with_its_diagonal_capture_move() {
    let g = game("4k3/8/8/3nb3/4P3/8/8/4K3 w - - 0 1");
    let t = texts(&g);
    assert!(
        t.contains(&"e4d5".to_string()),
        "diagonally onto the knight"
    );
    assert!(
        !t.contains(&"e4e5".to_string()),
        "never straight onto the bishop"
    );
}

#[test]
fn friendly_a_pawn_brought_back_to_its_first_rank_may_make_the_two_square_step() {
    let g = game("4k3/8/8/8/8/8/8/K3P3 w - - 0 1");
    let t = texts(&g);
    assert!(
        t.contains(&"e1e2".to_string()) && t.contains(&"e1e3".to_string()),
        "{t:?}"
    );
}

#[test]
fn friendly_the_king_may_castle() {
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let t = texts(&g);
    assert!(
        t.contains(&"e1g1".to_string()) && t.contains(&"e1c1".to_string()),
        "{t:?}"
    );
}

#[test]
fn friendly_100_half_moves_without_progress_are_a_draw_and_a_pawn_move_is_no_progress() {
    // 99 quiet half-moves so far; a pawn push does not reset the count: the 100th draws
    let mut g = game("4k3/8/8/8/8/8/P7/4K3 w - - 99 60");
    assert_eq!(g.position().st.rule[QUIET], 99);
    play(&mut g, "a2a3");
    let o = g.outcome().expect("drawn");
    assert_eq!(o.reason, EndReason::FiftyMoves);
    assert!(o.winners.is_empty());
    // a new union is progress
    let mut g = game("4k3/8/8/8/8/1p6/P7/4K3 w - - 99 60");
    play(&mut g, "a2b3");
    assert!(g.outcome().is_none());
    assert_eq!(g.position().st.rule[QUIET], 0);
}

#[test]
fn friendly_threefold_repetition_is_a_draw() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut g, "a1a2 e8d8 a2a1 d8e8 a1a2 e8d8 a2a1 d8e8");
    let o = g.outcome().expect("drawn");
    assert_eq!(o.reason, EndReason::Repetition);
}

#[test]
fn friendly_en_passant_forms_the_union_on_the_square_passed_over() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d7d5 e5d6");
    assert_eq!(fen(&g), "4k3/8/3(Pp)4/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn friendly_fen_round_trips() {
    for f in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/8/3(Bp)4/8/8/8/4K3 w - - 0 1 d5R",
        "3(Rn)k3/8/8/(Bb)2(Np)4/8/8/8/Q3K3 b - - 0 1",
    ] {
        assert_eq!(fen(&game(f)), f);
    }
}

#[test]
fn friendly_random_play_keeps_the_invariants() {
    // no panic, make/unmake restores the exact position and hash, pieces are conserved (32
    // pieces: lone ones plus two per union), the game ends or goes on with a move
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    for _ in 0..30 {
        let mut g = Game::new("friendly").unwrap();
        for _ in 0..300 {
            if g.is_over() {
                break;
            }
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "{}", fen(&g));
            let mut p = g.position().clone();
            let before = p.clone();
            for &m in &moves {
                let u = p.make(m);
                assert_eq!(p.hash(), p.compute_hash(), "{m:?} in {}", fen(&g));
                p.unmake(m, &u);
                assert_eq!(p, before, "{m:?} in {}", fen(&g));
                assert_eq!(p.trail(), before.trail());
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            // undo restores the exact hash (and the chain's trail)
            let (hash, trail) = (g.position().hash(), g.position().trail().to_vec());
            g.play(m).unwrap();
            g.undo().unwrap();
            assert_eq!(g.position().hash(), hash);
            assert_eq!(g.position().trail(), &trail[..]);
            g.redo().unwrap();
            let pos = g.position();
            let count: usize = (0..64)
                .map(|c| {
                    let q = pos.at(c);
                    if q.is_none() {
                        0
                    } else if q.union_kinds().is_some() {
                        2
                    } else {
                        1
                    }
                })
                .sum();
            let freed = (pos.st.rule[CHAIN_CELL] != 0) as usize;
            assert_eq!(count + freed, 32, "{}", fen(&g));
            assert_eq!(write(&parse(pos.variant, &fen(&g)).unwrap()), fen(&g));
        }
    }
}

#[test]
fn friendly_unions_chains_and_promotions_are_played_by_taps() {
    use crate::interact::{Interaction, Tap};
    let cell = |g: &Game, n: &str| g.variant.board.cell(n).unwrap();
    // a union is picked up by the player whose piece is in it
    let g = game("4k3/8/8/3(Rp)4/8/1B6/8/4K3 w - - 0 1");
    let mut ui = Interaction::new();
    assert!(matches!(ui.tap(&g, cell(&g, "d5")), Tap::Selected { .. }));
    assert!(matches!(ui.tap(&g, cell(&g, "a5")), Tap::Play(_)));
    // the freed piece of a chain is tapped on the union's cell
    let mut g = game("4k3/8/8/3(Rp)4/8/1B6/8/4K3 w - - 0 1");
    play(&mut g, "b3d5");
    let mut ui = Interaction::new();
    assert!(matches!(ui.tap(&g, cell(&g, "d5")), Tap::Selected { .. }));
    let Tap::Play(m) = ui.tap(&g, cell(&g, "d1")) else {
        panic!("d5d1")
    };
    g.play(m).unwrap();
    assert_eq!(g.position().turn(), 1);
    // a carried pawn's promotion: one tap on its cell offers the pieces
    let mut g = game("4k3/8/8/8/8/8/(Rp)7/4K3 w - - 0 1");
    play(&mut g, "a2a1");
    let mut ui = Interaction::new();
    let Tap::Choose { moves } = ui.tap(&g, cell(&g, "a1")) else {
        panic!("a choice")
    };
    assert_eq!(moves.len(), 4);
    let n = ui.choose_promotion(&g, "N").expect("a knight");
    g.play(n).unwrap();
    assert_eq!(fen(&g), "4k3/8/8/8/8/8/8/(Rn)3K3 b - - 0 1 =");
}

#[test]
fn friendly_a_freed_piece_uniting_with_a_castling_rook_ends_that_castling_right() {
    // black's queen takes over the union on c3; the freed bishop moves on to a1 and unites with
    // white's unmoved rook: white may never castle with it (the union would move), and the
    // position's FEN reads back (the soak found `Q` written with a union on a1)
    let mut g = game("2q1k3/8/8/8/8/2(Nb)5/8/R3K3 b Q - 0 1");
    play(&mut g, "c8c3 c3a1");
    let f = fen(&g);
    assert!(f.starts_with("4k3/8/8/8/8/2(Nq)5/8/(Rb)3K3 w - "), "{f}");
    assert!(!texts(&g).iter().any(|m| m == "e1a1" || m == "e1c1"));
    game(&f);
}

// Rules found by the differential test against the reference (tests/oracle_paco.rs); each
// position was checked with `paco-oracle divide` (docs/rules-decisions.md, "Friendly chess").

#[test]
fn friendly_the_king_may_not_castle_from_through_or_onto_a_threatened_cell() {
    // black's rook on f8 threatens f1: no castling on the king's side; the queen's side is free
    let g = game("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let t = texts(&g);
    assert!(!t.contains(&"e1g1".to_string()), "{t:?}");
    assert!(t.contains(&"e1c1".to_string()), "{t:?}");
    let g = game("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let t = texts(&g);
    assert!(!t.contains(&"e1c1".to_string()), "d1 threatened: {t:?}");
    assert!(t.contains(&"e1g1".to_string()), "{t:?}");
    let g = game("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let t = texts(&g);
    assert!(
        !t.contains(&"e1c1".to_string()) && !t.contains(&"e1g1".to_string()),
        "e1 threatened: {t:?}"
    );
}

#[test]
fn friendly_threats_that_castling_must_avoid_follow_chains() {
    // the union (Nb) on a6 threatens nothing by itself; black's rook on a8 can take it over, and
    // the freed bishop would threaten f1 along a6-f1: white may not castle
    let g = game("r3k3/8/(Nb)7/8/8/8/8/4K2R w K - 0 1");
    assert!(!texts(&g).contains(&"e1g1".to_string()));
    // without the rook, no chain reaches f1
    let g = game("4k3/8/(Nb)7/8/8/8/8/4K2R w K - 0 1");
    assert!(texts(&g).contains(&"e1g1".to_string()));
    // the threat counting is the reference's: every cell a lone piece could take on, whatever
    // stands there, and the freed piece's cells from the union
    let pos = game("r3k3/8/(Nb)7/8/8/8/8/4K2R w K - 0 1")
        .position()
        .clone();
    let t = threats(&pos, 1);
    for c in [
        "a7", "a6", "b8", "d8", "b5", "c4", "d3", "e2", "f1", "b7", "c8",
    ] {
        assert!(t.contains(pos.variant.board.cell(c).unwrap()), "{c}");
    }
    assert!(!t.contains(pos.variant.board.cell("g1").unwrap()));
}

#[test]
fn friendly_a_pawn_reaching_the_king_on_the_far_rank_wins_without_promoting() {
    // by its own move: one move onto the king, four promotions on the empty cell
    let mut g = game("4k3/3P4/8/8/8/8/8/4K3 w - - 0 1");
    let t = texts(&g);
    assert!(t.contains(&"d7e8".to_string()), "{t:?}");
    assert!(
        !t.iter().any(|m| m.starts_with("d7e8") && m.len() > 4),
        "{t:?}"
    );
    assert_eq!(t.iter().filter(|m| m.starts_with("d7d8")).count(), 4);
    play(&mut g, "d7e8");
    assert_eq!(g.outcome().expect("won").winners, vec![0]);
    assert!(fen(&g).starts_with("4(Pk)3/"), "{}", fen(&g));
    // freed in a chain: the knight takes over (Pr) on d7 and the freed pawn reaches the king
    let mut g = game("4k3/3(Pr)4/1N6/8/8/8/8/4K3 w - - 0 1");
    play(&mut g, "b6d7");
    let t = texts(&g);
    assert!(t.contains(&"d7e8".to_string()), "{t:?}");
    assert!(
        !t.iter().any(|m| m.starts_with("d7e8") && m.len() > 4),
        "{t:?}"
    );
    play(&mut g, "d7e8");
    assert_eq!(g.outcome().expect("won").winners, vec![0]);
}

#[test]
fn friendly_a_pawn_freed_in_a_chain_gives_en_passant_by_its_two_square_step() {
    // the knight takes over (Pn) on d2; the freed pawn steps d2-d4 past black's pawn on c4
    let mut g = game("4k3/8/8/8/2p5/8/3(Pn)4/1N2K3 w - - 0 1");
    play(&mut g, "b1d2 d2d4");
    let f = fen(&g);
    assert!(f.contains(" b - d3 "), "{f}");
    assert!(texts(&g).contains(&"c4d3".to_string()));
}

#[test]
fn friendly_a_two_square_step_from_the_first_rank_gives_no_en_passant() {
    // a pawn brought back to its first rank may step two squares, but past black's pawn on d3
    // it leaves no chance (the reference: only a step from the pawn row does)
    let mut g = game("4k3/8/8/8/8/3p4/8/K3P3 w - - 0 1");
    play(&mut g, "e1e3");
    let f = fen(&g);
    assert!(f.contains(" b - - "), "{f}");
    assert!(!texts(&g).contains(&"d3e2".to_string()));
}

#[test]
fn friendly_perft_counts_whole_turns_as_the_reference() {
    // a turn is counted once per distinct position it ends in: after d2d3 g8h6 c1h6, the
    // union (Bn) on h6 is taken over by g7h6 and the freed knight ends the turn on f5, g4 or g8
    let mut pos = game("rnbqkb1r/pppppppp/7(Bn)/8/8/3P4/PPP1PPPP/RN1QKBNR b KQkq - 1 2")
        .position()
        .clone();
    assert_eq!(crate::movegen::perft_turns(&mut pos, 1), 23);
    let ends = crate::movegen::turn_ends(&mut pos);
    assert_eq!(ends.iter().filter(|s| s.len() == 2).count(), 3);
    // the start, as pacoplay's library counts (../shared/oracle/paco/oracle/NOTES.md)
    let mut start = game(&crate::rules::variant("friendly").unwrap().start_fen)
        .position()
        .clone();
    let counts: Vec<u64> = (1..=4)
        .map(|d| crate::movegen::perft_turns(&mut start, d))
        .collect();
    assert_eq!(counts, [20, 400, 8_902, 197_792]);
}

#[test]
fn a_mark_after_a_union_is_refused_not_read_as_a_knight_on_the_union_s_cell() {
    // the union reader once counted `~` as a cell of its own while the chess reader took it as
    // a promoted mark: the union went one cell right and a white knight stayed on its cell
    let v = crate::rules::variant("friendly").unwrap();
    let bad = "rn5(Nb)/p(Np)(Bp)1r1b1/4p1k1/4(Qp)2p/1p3(Pp)~(Pq)P/1P1P1(Pn)2/PK6/3R1BNR w - - 6 50";
    assert!(matches!(parse(v, bad), Err(Error::BadFen(_))));
    let good = "rn5(Nb)/p(Np)(Bp)1r1b1/4p1k1/4(Qp)2p/1p3(Pp)(Pq)P/1P1P1(Pn)2/PK6/3R1BNR w - - 6 50";
    assert_eq!(write(&parse(v, good).unwrap()), good);
}
