//! Friendly chess (Paco Ŝako): a hand-made position per rule sentence, and random play.

use super::*;
use crate::game::Game;

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
    assert_eq!(fen(&g), "4k3/8/8/3(Bp)4/8/8/8/4K3 w - - 0 1 d5R");
    // the freed rook moves from d5 by a rook's movement
    let t = texts(&g);
    assert!(t.contains(&"d5d1".to_string()) && t.contains(&"d5a5".to_string()));
    assert!(!t.contains(&"d5c4".to_string()));
    play(&mut g, "d5d1");
    assert_eq!(g.position().turn(), 1);
    assert_eq!(fen(&g), "4k3/8/8/3(Bp)4/8/8/8/3RK3 b - - 0 1");
}

#[test]
fn friendly_a_chain_of_three_take_overs() {
    // Nc3 takes over (Rp) on d5; the freed rook takes over (Bn) on d8 (wait: d-file); the
    // freed bishop takes over (Qb) on a5; the freed queen lands on a1
    let mut g = game("3(Bn)k3/8/8/(Qb)2(Rp)4/8/2N5/8/4K3 w - - 0 1");
    play(&mut g, "c3d5 d5d8 d8a5 a5a1");
    assert_eq!(g.position().turn(), 1);
    assert_eq!(fen(&g), "3(Rn)k3/8/8/(Bb)2(Np)4/8/8/8/Q3K3 b - - 0 1");
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
    // white moves the union (Np)? no: white moves (Rp) from a2 to a1 as a rook: black's pawn is
    // carried to its far rank and promotes
    let mut g = game("4k3/8/8/8/8/8/(Rp)7/4K3 w - - 0 1");
    play(&mut g, "a2a1");
    assert_eq!(fen(&g), "4k3/8/8/8/8/8/8/(Rq)3K3 b - - 1 1");
    // and a pawn that walks there promotes as in chess
    let mut g = game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut g, "a7a8n");
    assert!(fen(&g).starts_with("N3k3"));
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
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
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
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            g.play(m).unwrap();
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
