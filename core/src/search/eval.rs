//! The evaluation of every game, from the variant's data: material with piece values
//! measured from each kind's mobility on the game's own empty board, pieces in hand, a
//! centralisation term, game points, balanced against the strongest opponent still playing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use once_cell::sync::Lazy;

use crate::board::Cell;
use crate::piece::{Atom, Piece, Seat};
use crate::position::{Position, HAND_KINDS, MAX_SEATS};
use crate::variant::Variant;

/// Centipawns per game point (scored multi-player games, where points decide the winner and
/// a pawn's capture scores 1: a point is worth a pawn, a 20-point king two queens).
const POINT_WEIGHT: i32 = 100;

/// A game's evaluation tables, computed once per variant from its data.
pub struct Eval {
    /// Per kind: value in centipawns (royal pieces 0: their loss is an outcome).
    pub value: Vec<i32>,
    /// Per kind and cell: centralisation bonus.
    pst: Vec<Vec<i16>>,
}

static EVALS: Lazy<Mutex<HashMap<&'static str, Arc<Eval>>>> =
    Lazy::new(|| Mutex::new(HashMap::new()));

impl Eval {
    /// The tables of a variant (computed on first use, then shared).
    pub fn of(v: &'static Variant) -> Arc<Eval> {
        let mut map = EVALS.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(v.id)
            .or_insert_with(|| Arc::new(Eval::measure(v)))
            .clone()
    }

    /// Piece values from mobility: for each kind, the number of moves a lone piece of seat 0
    /// has from each cell of the empty board (the game's own move generator: zones, palaces,
    /// directions and all), averaged over the cells where it can move. Pawns are 100.
    fn measure(v: &'static Variant) -> Eval {
        let n = v.board.len();
        let mut value = Vec::with_capacity(v.pieces.len());
        let mut pst = Vec::with_capacity(v.pieces.len());
        let facing = v.seats.first().map_or(0, |s| s.facing);
        let mut moves = Vec::with_capacity(128);
        for (k, t) in v.pieces.iter().enumerate() {
            let pawn = t.atoms.iter().any(|a| matches!(a, Atom::Pawn));
            let mut mob = vec![0i32; n];
            if !t.atoms.is_empty() {
                let mut pos = Position::empty(v);
                for c in 0..n as Cell {
                    pos.put(c, Piece::new(k as u8, 0, facing));
                    moves.clear();
                    pos.pseudo_moves(&mut moves);
                    mob[c as usize] = moves.iter().filter(|m| m.from == c).count() as i32;
                    pos.put(c, Piece::NONE);
                }
            }
            let live: Vec<i32> = mob.iter().copied().filter(|&m| m > 0).collect();
            let avg = if live.is_empty() {
                0.0
            } else {
                live.iter().sum::<i32>() as f64 / live.len() as f64
            };
            value.push(if t.royal {
                0
            } else if pawn {
                100
            } else if t.atoms.is_empty() {
                0
            } else {
                (60.0 + 40.0 * avg).round() as i32
            });
            pst.push(
                mob.iter()
                    .map(|&m| {
                        if pawn || m == 0 {
                            0
                        } else {
                            ((m as f64 - avg) * 3.0).round() as i16
                        }
                    })
                    .collect(),
            );
        }
        Eval { value, pst }
    }

    fn piece(&self, c: Cell, p: Piece) -> i32 {
        let k = p.kind() as usize;
        match self.value.get(k) {
            Some(&v) => v + self.pst[k][c as usize] as i32,
            None => 0,
        }
    }

    /// Material and position per seat (grey, neutral and united pieces count for nobody).
    pub fn seats(&self, pos: &Position) -> [i32; MAX_SEATS] {
        let mut m = [0; MAX_SEATS];
        let n = pos.variant.seat_count();
        for (s, total) in m.iter_mut().enumerate().take(n) {
            for c in pos.pieces_of(s as Seat).iter() {
                *total += self.piece(c, pos.at(c));
            }
            for k in 0..HAND_KINDS.min(self.value.len()) {
                *total += pos.hands[s][k] as i32 * self.value[k];
            }
        }
        m
    }

    /// The value of `pos` for `me`: its team's material and points against the strongest
    /// opposing side still playing (a seat in free for all, its seats together with teams).
    pub fn balance(&self, pos: &Position, me: Seat) -> i32 {
        let v = pos.variant;
        let mat = self.seats(pos);
        let (mut own, mut opp) = (0, [None::<i32>; MAX_SEATS]);
        for s in 0..v.seat_count() as Seat {
            let total = mat[s as usize] + POINT_WEIGHT * pos.scores[s as usize];
            if v.allied(me, s) {
                if s == me || pos.is_in_play(s) {
                    own += total;
                }
            } else if pos.is_in_play(s) {
                // an opposing team (pairs, teams) counts as one: its seats together
                let first = (0..s).find(|&t| v.allied(t, s)).unwrap_or(s);
                let t = &mut opp[first as usize];
                *t = Some(t.unwrap_or(0) + total);
            }
        }
        own - opp.iter().flatten().copied().max().unwrap_or(0).max(0)
    }
}
