//! Each mechanism of the model on a test-only game, with perft counts derived by hand (the
//! derivation is in the comment above each count).

use super::kinds::*;
use super::*;
use crate::movegen::perft;

fn start(id: &str) -> Position {
    let v = variant(id).unwrap();
    v.rules().start_position(v, 0).unwrap()
}

fn cell(pos: &Position, name: &str) -> Cell {
    pos.variant.board.cell(name).unwrap()
}

fn names(pos: &Position) -> Vec<String> {
    let t = &pos.variant.board;
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| match m.kind {
            MoveKind::Drop => format!("{}@{}", pos.variant.letter(m.aux), t.name(m.to)),
            _ => {
                let mut s = format!("{}{}", t.name(m.from), t.name(m.to));
                if let Some(k) = m.promotion() {
                    s.push(pos.variant.letter(k));
                }
                s
            }
        })
        .collect();
    v.sort();
    v
}

/// make/unmake of every legal move to `depth` leaves the position exactly as it was, and the
/// incremental hash always equals the hash computed from scratch.
fn check_undo(pos: &mut Position, depth: u32) {
    if depth == 0 {
        return;
    }
    let before = pos.clone();
    for m in pos.legal_moves() {
        let u = pos.make(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "{m:?}");
        check_undo(pos, depth - 1);
        pos.unmake(m, &u);
        assert_eq!(*pos, before, "{m:?} not undone");
        assert_eq!(pos.hash(), before.hash());
    }
}

#[test]
fn hands_drops_and_captures_to_hand() {
    // 4x4: white Ka1, black kd4; white holds one guard (steps one cell orthogonally).
    let mut pos = start("tb-drops");
    pos.set_hand(0, GUARD, 1);
    assert_eq!(pos.hash(), pos.compute_hash(), "hands are hashed");
    // depth 1: Ka1 to a2, b1, b2 (3) + the guard dropped on any of the 14 empty cells = 17
    assert_eq!(perft(&mut pos, 1), 17);
    // depth 2: after a king move black's king has c4, c3, d3 (c3 is next to a white king on
    // b2): 3 + 3 + 2 = 8. After a drop on x, black's king goes to c4, c3, d3 unless the guard
    // attacks that cell (it may always take the guard, which white's king never defends there):
    // 3 each for a2 a3 a4 b1 b2 c1 d1 (21), 2 each for b3 b4 c2 c4 d2 d3 (12), 1 for c3 (only
    // the capture) = 34. Total 42.
    assert_eq!(perft(&mut pos, 2), 42);
    check_undo(&mut pos, 2);
    // the captured guard goes to the capturer's hand, and back on unmake
    let drop = Move::drop(GUARD, cell(&pos, "c4"));
    pos.make(drop);
    let take = Move::new(cell(&pos, "d4"), cell(&pos, "c4"));
    assert!(pos.legal_moves().contains(&take));
    let before = pos.clone();
    let u = pos.make(take);
    assert_eq!(pos.in_hand(1, GUARD), 1);
    assert_eq!(pos.in_hand(0, GUARD), 0);
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake(take, &u);
    assert_eq!(pos, before);
}

#[test]
fn a_forward_only_stepper_moves_and_attacks_only_forwards() {
    // 3x3: white Ka1 Sc1 (scouts step one cell forward), black ka3 sc3 facing south.
    let mut pos = start("tb-forward");
    // white: Ka1-b1 (a2 and b2 touch black's king), Sc1-c2 = 2
    assert_eq!(names(&pos), vec!["a1b1", "c1c2"]);
    // black after Kb1: kb3 (a2, b2 next to white's king), sc3-c2 = 2; after Sc2: kb3 (b3 is
    // not attacked: the white scout on c2 attacks only c3), sc3xc2 = 2. Total 4.
    assert_eq!(perft(&mut pos, 2), 4);
    // the attack test knows the direction: a scout facing north on b2 attacks b3, not b1
    let mut p = Position::empty(pos.variant);
    p.put(cell(&p, "b2"), Piece::new(SCOUT, 0, grid::NORTH));
    assert!(p.attacked(cell(&p, "b3"), 1));
    assert!(!p.attacked(cell(&p, "b1"), 1));
    assert!(!p.attacked(cell(&p, "a2"), 1));
    // and a scout facing south (black) the other way round
    p.put(cell(&p, "b2"), Piece::new(SCOUT, 1, grid::SOUTH));
    assert!(p.attacked(cell(&p, "b1"), 0));
    assert!(!p.attacked(cell(&p, "b3"), 0));
    check_undo(&mut pos, 3);
}

#[test]
fn palace_limited_kings_walk_the_palace_lines() {
    // 3x6 with a palace on rows 1-3 (white) and 4-6 (black); kings step orthogonally and along
    // the palace diagonals, never out of their palace.
    let mut pos = start("tb-palace");
    // Ka1: a2, b1, and b2 along the palace diagonal = 3; kc6: b6, c5, b5 = 3; 3 x 3 = 9
    assert_eq!(names(&pos), vec!["a1a2", "a1b1", "a1b2"]);
    assert_eq!(perft(&mut pos, 2), 9);
    let v = pos.variant;
    let mut p = Position::empty(v);
    p.put(cell(&p, "c6"), Piece::new(KING, 1, grid::SOUTH));
    let white = |p: &mut Position, at: &str| {
        p.put(cell(p, at), Piece::new(KING, 0, grid::NORTH));
        p.refresh();
        let n = names(p);
        p.put(cell(p, at), Piece::NONE);
        n
    };
    // from the middle of an edge there is no palace diagonal
    assert_eq!(white(&mut p, "b1"), vec!["b1a1", "b1b2", "b1c1"]);
    // from the centre: four orthogonal and four diagonal steps
    assert_eq!(white(&mut p, "b2").len(), 8);
    // from the top edge of the palace: not out of it (b4 is outside), no diagonal
    assert_eq!(white(&mut p, "b3"), vec!["b3a3", "b3b2", "b3c3"]);
    // a king attacks only cells of its palace: b4 is next to a white king on b3 but not
    // attacked by it
    p.put(cell(&p, "b3"), Piece::new(KING, 0, grid::NORTH));
    assert!(!p.attacked(cell(&p, "b4"), 1));
    assert!(p.attacked(cell(&p, "a3"), 1));
    check_undo(&mut pos, 3);
}

#[test]
fn an_exploding_capture_is_undone_cell_by_cell() {
    // 4x4: white Ka1 Rc1, black kd4 Nc3 Nd3; a capture removes the capturer and every piece but
    // a king around the target.
    let mut pos = start("tb-explode");
    // white: the king has no move (a2, b1 by Nc3; b2 by Nd3); Rc1: c2, xc3, b1, d1 = 4
    assert_eq!(names(&pos), vec!["c1b1", "c1c2", "c1c3", "c1d1"]);
    // black after Rc2: kc4 + Nc3 a2 a4 b1 d1 + Nd3 c1 b4 b2 = 8; after Rxc3 (rook, both knights
    // gone): kc4 kc3 kd3 = 3; after Rb1: kc4 + Nc3 a2 a4 xb1 d1 + Nd3 c1 b4 b2 = 8; after Rd1:
    // kc4 + Nc3 a2 a4 b1 xd1 = 5 (Nd3 is pinned by the rook). 8 + 3 + 8 + 5 = 24.
    assert_eq!(perft(&mut pos, 2), 24);
    let before = pos.clone();
    let m = Move::new(cell(&pos, "c1"), cell(&pos, "c3"));
    let u = pos.make(m);
    for c in ["c1", "c3", "d3"] {
        assert!(pos.at(cell(&pos, c)).is_none(), "{c} exploded");
    }
    assert!(pos.at(cell(&pos, "d4")).is_some(), "kings survive");
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake(m, &u);
    assert_eq!(pos, before);
    check_undo(&mut pos, 3);
}

#[test]
fn a_neutral_piece_blocks_and_is_never_captured() {
    // 3x3: white Ka1 Rc1, black ka3, the duck on c2.
    let mut pos = start("tb-neutral");
    pos.put(cell(&pos, "c2"), Piece::neutral(DUCK));
    // Rc1: only b1 (c2 is the duck: no capture, no way through); Ka1: b1 (a2 and b2 touch
    // black's king) = 2
    assert_eq!(names(&pos), vec!["a1b1", "c1b1"]);
    // the duck shields a3's neighbour c3 from the rook
    assert!(!pos.attacked(cell(&pos, "c3"), 1));
    // a union of two pieces is one value on a cell: it blocks the same way and is not taken
    pos.put(cell(&pos, "c2"), Piece::union(ROOK, KNIGHT));
    assert_eq!(names(&pos), vec!["a1b1", "c1b1"]);
    pos.put(cell(&pos, "c2"), Piece::NONE);
    assert_eq!(names(&pos), vec!["a1b1", "c1b1", "c1c2", "c1c3"]);
}

#[test]
fn a_turn_of_two_steps_moves_then_places_the_duck() {
    // 3x3: white Ka1, black kc3, no check (kings may be taken). A turn is a king move, then
    // the duck onto any empty cell.
    let mut pos = start("tb-duck");
    // step 1: Ka1 to a2, b1, b2 = 3
    assert_eq!(perft(&mut pos, 1), 3);
    // step 2: the duck onto one of the 7 empty cells: 3 x 7 = 21
    assert_eq!(perft(&mut pos, 2), 21);
    // black's step 1: kc3 to b2, b3, c2 unless the duck stands there (a white king there may
    // be taken): after Ka2 or Kb1 the duck blocks 3 of its 7 cells (18 each), after Kb2 it
    // blocks b3 or c2 only (19). 18 + 18 + 19 = 55.
    assert_eq!(perft(&mut pos, 3), 55);
    let m = Move::new(cell(&pos, "a1"), cell(&pos, "b1"));
    let h0 = pos.hash();
    pos.make(m);
    assert_eq!(
        (pos.turn(), pos.st.step),
        (0, 1),
        "the same player places the duck"
    );
    assert_ne!(pos.hash(), h0);
    assert!(pos.legal_moves().iter().all(|m| m.kind == MoveKind::Place));
    pos.make(Move::place(DUCK, crate::board::NO_CELL, cell(&pos, "b2")));
    assert_eq!((pos.turn(), pos.st.step), (1, 0));
    // the next duck step must move the duck
    pos.make(Move::new(cell(&pos, "c3"), cell(&pos, "c2")));
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| m.from == cell(&pos, "b2") && m.to != m.from));
    let mut pos = start("tb-duck");
    check_undo(&mut pos, 4);
}

#[test]
fn a_setup_phase_places_the_kings_then_play_begins() {
    let mut pos = start("tb-setup");
    assert_eq!(pos.st.phase, 1);
    // white drops its king on a1, b1 or c1 (3); black on a3, b3 or c3 (9)
    assert_eq!(perft(&mut pos, 1), 3);
    assert_eq!(perft(&mut pos, 2), 9);
    // then the play phase: white's king moves. From a1: a2 b1 b2 less those black's king
    // touches (ka3: 1, kb3: 1, kc3: 2) = 4; from b1: a1 c1 a2 b2 c2 less (ka3: 3, kb3: 2,
    // kc3: 3) = 8; from c1: 4 as a1. Total 16.
    assert_eq!(perft(&mut pos, 3), 16);
    let mut p = pos.clone();
    p.make(Move::drop(KING, cell(&p, "b1")));
    assert_eq!(p.st.phase, 1);
    p.make(Move::drop(KING, cell(&p, "b3")));
    assert_eq!(p.st.phase, 0, "both kings placed: play");
    assert_eq!(p.hash(), p.compute_hash());
    check_undo(&mut pos, 3);
}

#[test]
fn promotion_is_per_kind_optional_or_forced_in_its_zone() {
    // 3x4: white Ka1, silver b3 (may promote on rank 4), scout c3 (must promote there); black
    // kc1.
    let mut pos = start("tb-promote");
    // silver: b4, a4, c4, each with and without promotion (6); scout: c4 promoted only (1);
    // Ka1: a2 (b1, b2 touch black's king) = 8
    assert_eq!(
        names(&pos),
        vec!["a1a2", "b3a4", "b3a4G", "b3b4", "b3b4G", "b3c4", "b3c4G", "c3c4G"]
    );
    let m = Move {
        promo: GUARD + 1,
        ..Move::new(cell(&pos, "c3"), cell(&pos, "c4"))
    };
    pos.make(m);
    let p = pos.at(cell(&pos, "c4"));
    assert_eq!((p.kind(), p.promoted()), (GUARD, true));
}

#[test]
fn rule_state_is_hashed_only_where_the_game_says_and_undone() {
    let mut pos = start("tb-neutral");
    let h = pos.hash();
    pos.set_rule(0, 7);
    assert_eq!(pos.hash(), h, "slot 0 is not hashed in this game");
    let m = pos.legal_moves()[0];
    let u = pos.make(m);
    pos.set_rule(1, 3);
    pos.unmake(m, &u);
    assert_eq!(pos.st.rule, [7, 0, 0, 0]);
    assert_eq!(pos.hash(), h);
}

#[test]
fn every_test_game_has_its_rules_and_a_start() {
    for id in IDS {
        let v = variant(id).unwrap();
        let mut pos = v.rules().start_position(v, 0).unwrap();
        assert!(pos.any_legal_move(), "{id}");
        assert_eq!(pos.hash(), pos.compute_hash(), "{id}");
    }
    assert!(variant("chess").is_err());
}

#[test]
fn a_capture_can_continue_the_turn_for_chains() {
    // 3x3: white Ka1 Rc1, black ka3 Nc2 (which checks a1). A capture lets the capturer move
    // again at the next step of the same turn.
    let mut pos = start("tb-chain");
    // white is in check from the knight: Kb1 (a2, b2 touch black's king) or Rxc2 = 2
    assert_eq!(names(&pos), vec!["a1b1", "c1c2"]);
    // after Kb1 black has kb3 and Na1 (2); after Rxc2 the rook moves on from c2 to c3, c1,
    // b2 or a2 (4): 6
    assert_eq!(perft(&mut pos, 2), 6);
    let m = Move::new(cell(&pos, "c1"), cell(&pos, "c2"));
    let before = pos.clone();
    let u = pos.make(m);
    assert_eq!(
        (pos.turn(), pos.st.step),
        (0, 1),
        "the capturer moves again"
    );
    let next = Move::new(cell(&pos, "c2"), cell(&pos, "c3"));
    let u2 = pos.make(next);
    assert_eq!(
        (pos.turn(), pos.st.step),
        (1, 0),
        "a quiet move ends the turn"
    );
    pos.unmake(next, &u2);
    pos.unmake(m, &u);
    assert_eq!(pos, before);
    check_undo(&mut pos, 3);
}

#[test]
fn a_leap_over_two_legs_is_blocked_by_either() {
    // janggi's elephant: one orthogonal step, then two diagonal steps outward
    let v = variant("tb-promote").unwrap();
    let mut p = Position::empty(v);
    let e = cell(&p, "a1");
    p.put(e, Piece::new(ELEPHANT, 0, grid::NORTH));
    p.refresh();
    let targets = |p: &Position| {
        let mut out = Vec::new();
        p.piece_moves(e, p.at(e), &mut out);
        out.iter()
            .map(|m| v.board.name(m.to).to_string())
            .collect::<Vec<_>>()
    };
    // on 3x4 from a1 only the (2,3) leap to c4 fits
    assert_eq!(targets(&p), vec!["c4"]);
    let c4 = cell(&p, "c4");
    assert!(p.attacked(c4, 1));
    for leg in ["a2", "b3"] {
        let l = cell(&p, leg);
        p.put(l, Piece::new(GUARD, 1, grid::SOUTH));
        assert!(targets(&p).is_empty(), "blocked by {leg}");
        assert!(!p.attacked(c4, 1), "no attack over {leg}");
        p.put(l, Piece::NONE);
    }
}
