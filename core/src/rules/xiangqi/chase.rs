//! Xiangqi's chasing rule as Fairy-Stockfish 230826 (pyffish 0.0.90) plays it; the Debian
//! 11.1 engine does not judge chasing (a repeated chase is a draw there). Measured by
//! behaviour, not read from code: tests/oracle_xiangqi_chase.rs compares the repetition
//! outcomes of hand-made positions with pyffish's `is_optional_game_end`.
//!
//! A move *chases* an enemy piece when, after it, the mover can legally capture that piece
//! with the moved piece (unless it could capture it before and only stepped towards it along
//! the line of attack), or with another piece that could not capture it before the move (a
//! discovered threat), where
//! - the target is not the general (that is check) and not a soldier on its own side of the
//!   river,
//! - the attacker is not the general and not a soldier (they may attack freely),
//! - the target cannot take the attacker back while worth as much (an offer to exchange),
//! - the target is unprotected (its side cannot retake on its cell after the capture), or
//!   worth more than the attacker (a horse or cannon attacking a chariot chases it even when
//!   it is protected).
//!
//! A side chases perpetually when every one of its moves in the repeated cycle chased, and
//! one piece of the opponent was chased by all of them (followed as it moves). The judgement
//! reads the positions of the cycle, so it runs only when a position occurs for the third
//! time and only where the record is at hand (the game; a search without the record judges
//! the repetition without chasing).

use crate::board::Cell;
use crate::game::Action;
use crate::piece::Seat;
use crate::position::{Move, MoveKind, Position};

use super::kinds::*;
use super::ENEMY_HALF;

/// Value order of the pieces for "worth more than the attacker".
fn value(kind: u8) -> u8 {
    match kind {
        CHARIOT => 9,
        CANNON | HORSE => 4,
        ADVISOR | ELEPHANT => 2,
        SOLDIER => 1,
        _ => 0,
    }
}

/// Whether `mid` lies strictly between `a` and `b` on one file or rank.
fn between(pos: &Position, a: Cell, mid: Cell, b: Cell) -> bool {
    let t = &pos.variant.board.cells;
    let (a, m, b) = (&t[a as usize], &t[mid as usize], &t[b as usize]);
    let inside = |p: i16, q: i16, r: i16| (p < q && q < r) || (r < q && q < p);
    (a.x == m.x && m.x == b.x && inside(a.y, m.y, b.y))
        || (a.y == m.y && m.y == b.y && inside(a.x, m.x, b.x))
}

/// The legal captures of seat `s` in `pos` (whoever is to move there).
fn captures(pos: &Position, s: Seat) -> Vec<Move> {
    let mut p = pos.clone();
    if p.turn() != s {
        p.set_turn(s);
    }
    let mut out = Vec::new();
    p.legal_into(&mut out);
    out.retain(|m| {
        m.kind != MoveKind::Drop && m.to != m.from && {
            let t = pos.at(m.to);
            t.is_some() && t.owner() != s
        }
    });
    out
}

/// Whether, after `m` (by `s`, in `pos`, `s` to move), the piece captured on `m.to` can be
/// retaken by its side.
fn protected(pos: &Position, s: Seat, m: Move) -> bool {
    let mut p = pos.clone();
    if p.turn() != s {
        p.set_turn(s);
    }
    p.make(m);
    let mut out = Vec::new();
    p.legal_into(&mut out);
    out.iter().any(|r| r.to == m.to && r.kind != MoveKind::Drop)
}

/// The cells (in `after`) of the enemy pieces the move `m` from `before` to `after` chased.
pub fn chased(before: &Position, after: &Position, m: Move) -> Vec<Cell> {
    let s = before.turn();
    let v = after.variant;
    let old: Vec<Move> = captures(before, s);
    let back: Vec<Move> = captures(after, 1 - s);
    let mut out: Vec<Cell> = Vec::new();
    for c in captures(after, s) {
        let a = after.at(c.from);
        let t = after.at(c.to);
        if out.contains(&c.to) || t.kind() == GENERAL || a.kind() == GENERAL {
            continue;
        }
        if a.kind() == SOLDIER {
            continue;
        }
        if t.kind() == SOLDIER && !v.in_zone(ENEMY_HALF, t.facing(), c.to) {
            continue;
        }
        // a discovered attack chases only when it is new; the moved piece's attack unless it
        // attacked the target before and stepped towards it along the line of attack
        let had = |from: Cell| old.iter().any(|o| o.from == from && o.to == c.to);
        if c.from != m.to && had(c.from) {
            continue;
        }
        if c.from == m.to && had(m.from) && between(after, m.from, m.to, c.to) {
            continue;
        }
        // a target that can take the attacker back and is worth as much: an offer to
        // exchange, not a chase
        if value(t.kind()) >= value(a.kind())
            && back.iter().any(|b| b.from == c.to && b.to == c.from)
        {
            continue;
        }
        if value(a.kind()) < value(t.kind()) || !protected(after, s, c) {
            out.push(c.to);
        }
    }
    out
}

/// Which seats chased perpetually over the cycle `positions[0] -> ... -> positions[n]`
/// (`moves[i]` leads from `positions[i]` to `positions[i + 1]`).
pub fn perpetual_chasers(positions: &[&Position], moves: &[Move]) -> [bool; 2] {
    let mut result = [false; 2];
    for s in 0..2u8 {
        // the targets chased by every one of s's moves so far, followed as they move
        let mut targets: Option<Vec<Cell>> = None;
        let mut any = false;
        for (i, &m) in moves.iter().enumerate() {
            let mover = positions[i].turn();
            if mover != s {
                if let Some(t) = targets.as_mut() {
                    for c in t.iter_mut() {
                        if *c == m.from {
                            *c = m.to;
                        }
                    }
                }
                continue;
            }
            any = true;
            let now = chased(positions[i], positions[i + 1], m);
            targets = Some(match targets {
                None => now,
                Some(t) => t.into_iter().filter(|c| now.contains(c)).collect(),
            });
            if targets.as_ref().is_some_and(|t| t.is_empty()) {
                break;
            }
        }
        result[s as usize] = any && targets.is_some_and(|t| !t.is_empty());
    }
    result
}

/// The moves and positions of the last `span` plies of a game (`earlier` plies after
/// `start`, then `action` leading to `now`), when the record holds them.
pub fn cycle<'a>(
    start: &'a Position,
    earlier: &'a [crate::game::Ply],
    before: &'a Position,
    action: Action,
    now: &'a Position,
    span: usize,
) -> Option<(Vec<&'a Position>, Vec<Move>)> {
    if span == 0 || span > earlier.len() + 1 {
        return None;
    }
    let mut positions: Vec<&Position> = Vec::with_capacity(span + 1);
    let mut moves = Vec::with_capacity(span);
    let first = earlier.len() + 1 - span;
    for i in first..earlier.len() {
        positions.push(if i == 0 { start } else { &earlier[i - 1].after });
        match earlier[i].action {
            Action::Move(m) => moves.push(m),
            _ => return None,
        }
    }
    positions.push(before);
    match action {
        Action::Move(m) => moves.push(m),
        _ => return None,
    }
    positions.push(now);
    // every ply of the record passes the turn
    let linked = positions.windows(2).all(|w| w[0].turn() != w[1].turn());
    linked.then_some((positions, moves))
}
