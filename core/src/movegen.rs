//! Generic move generation over any board: walks the topology's tables with each piece
//! type's atoms. One code path for every game; a game differs only in its data.

use crate::board::{Cell, NO_CELL};
use crate::piece::{Atom, Piece, Seat};
use crate::position::{Move, MoveKind, Position};

impl Position {
    /// Pseudo-legal moves of the side to move (own king safety not checked).
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let s = self.st.turn;
        for c in 0..self.board.len() as Cell {
            let p = self.board[c as usize];
            if p.is_some() && p.owner() == s {
                self.piece_moves(c, p, out);
            }
        }
        if self.variant.castling {
            self.castling_moves(s, out);
        }
    }

    #[inline]
    fn push_move(
        &self,
        from: Cell,
        to: Cell,
        kind: MoveKind,
        aux: u8,
        p: Piece,
        out: &mut Vec<Move>,
    ) {
        let v = self.variant;
        if v.pawn_mask >> p.kind() & 1 == 1 && v.promotion_zone[p.facing() as usize].contains(to) {
            for &k in &v.promote_to {
                out.push(Move {
                    from,
                    to,
                    promo: k + 1,
                    kind,
                    aux,
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                promo: 0,
                kind,
                aux,
            });
        }
    }

    /// Pseudo-legal moves of the piece `p` on `c`.
    pub fn piece_moves(&self, c: Cell, p: Piece, out: &mut Vec<Move>) {
        let v = self.variant;
        let t = &v.board;
        let s = p.owner();
        for atom in &v.pieces[p.kind() as usize].atoms {
            match *atom {
                Atom::Slide { line, range, mode } => {
                    for r in t.rays(c) {
                        if r.line != line || (range > 0 && r.emit_from >= range as u16) {
                            continue;
                        }
                        for (i, &to) in t.ray_cells(r).iter().enumerate() {
                            if range > 0 && i >= range as usize {
                                break;
                            }
                            let q = self.board[to as usize];
                            if (i as u16) < r.emit_from {
                                if q.is_some() {
                                    break;
                                }
                                continue;
                            }
                            if q.is_none() {
                                if mode.moves() {
                                    out.push(Move::new(c, to));
                                }
                            } else {
                                if mode.captures() && self.enemy_of(s, q) {
                                    out.push(Move::new(c, to));
                                }
                                break;
                            }
                        }
                    }
                }
                Atom::Leap { leap, mode } => {
                    for lt in t.leaps(leap, c) {
                        if lt.leg != NO_CELL && self.board[lt.leg as usize].is_some() {
                            continue;
                        }
                        let q = self.board[lt.to as usize];
                        if (q.is_none() && mode.moves()) || (mode.captures() && self.enemy_of(s, q))
                        {
                            out.push(Move::new(c, lt.to));
                        }
                    }
                }
                Atom::Hop { line, mode } => {
                    for r in t.rays(c) {
                        if r.line != line {
                            continue;
                        }
                        let mut screen = false;
                        for (i, &to) in t.ray_cells(r).iter().enumerate() {
                            let q = self.board[to as usize];
                            if (i as u16) < r.emit_from {
                                if q.is_some() {
                                    if screen {
                                        break;
                                    }
                                    screen = true;
                                }
                                continue;
                            }
                            if !screen {
                                if q.is_some() {
                                    screen = true;
                                }
                                continue;
                            }
                            if q.is_none() {
                                if mode.moves() {
                                    out.push(Move::new(c, to));
                                }
                            } else {
                                if mode.captures() && self.enemy_of(s, q) {
                                    out.push(Move::new(c, to));
                                }
                                break;
                            }
                        }
                    }
                }
                Atom::Pawn => {
                    let f = p.facing() as usize;
                    let pt = &t.pawns[f];
                    let one = pt.push[c as usize];
                    if one != NO_CELL && self.board[one as usize].is_none() {
                        self.push_move(c, one, MoveKind::Normal, 0, p, out);
                        if v.double_step[f].contains(c) {
                            let two = pt.push[one as usize];
                            if two != NO_CELL && self.board[two as usize].is_none() {
                                self.push_move(c, two, MoveKind::Double, 0, p, out);
                            }
                        }
                    }
                    for &to in &pt.captures[c as usize] {
                        let q = self.board[to as usize];
                        if self.enemy_of(s, q) {
                            self.push_move(c, to, MoveKind::Normal, 0, p, out);
                        }
                    }
                    for (victim, e) in self.ep_targets_for(s) {
                        if pt.captures[c as usize].contains(&e.target)
                            && self.board[e.target as usize].is_none()
                        {
                            self.push_move(c, e.target, MoveKind::EnPassant, victim, p, out);
                        }
                    }
                }
            }
        }
    }

    fn castling_moves(&self, s: Seat, out: &mut Vec<Move>) {
        for (i, d) in self.castles.iter().enumerate() {
            if d.seat != s || self.st.castling >> i & 1 == 0 {
                continue;
            }
            let clear = d.empty.iter().all(|&c| {
                let q = self.board[c as usize];
                q.is_none() || c == d.king_from || c == d.rook_from
            });
            if !clear {
                continue;
            }
            if self.variant.royal_check && d.king_path.iter().any(|&c| self.attacked(c, s)) {
                continue;
            }
            out.push(Move {
                from: d.king_from,
                to: d.rook_from,
                promo: 0,
                kind: MoveKind::Castle,
                aux: i as u8,
            });
        }
    }

    /// Whether `c` is attacked by any piece hostile to `defender` (grey pieces never attack;
    /// partners never attack).
    pub fn attacked(&self, c: Cell, defender: Seat) -> bool {
        let v = self.variant;
        let t = &v.board;
        let hostile = |q: Piece| q.is_some() && !q.is_grey() && !v.allied(defender, q.owner());
        for r in t.rays(c) {
            let (sliders, steppers) = v.line_mask(r.line);
            let hoppers = v.hop_mask[r.line as usize];
            if sliders | steppers | hoppers == 0 {
                continue;
            }
            let mut screen = false;
            for (i, &a) in t.ray_cells(r).iter().enumerate() {
                let q = self.board[a as usize];
                if q.is_none() {
                    continue;
                }
                let bit = 1u64 << q.kind();
                if !screen {
                    if hostile(q) && (sliders & bit != 0 || (i == 0 && steppers & bit != 0)) {
                        return true;
                    }
                    if hoppers == 0 {
                        break;
                    }
                    screen = true;
                } else {
                    if hostile(q) && hoppers & bit != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        for &(leap, mask) in &v.leap_masks {
            for lt in t.leaps_to(leap, c) {
                let q = self.board[lt.to as usize];
                if q.is_some()
                    && mask >> q.kind() & 1 == 1
                    && hostile(q)
                    && (lt.leg == NO_CELL || self.board[lt.leg as usize].is_none())
                {
                    return true;
                }
            }
        }
        if v.pawn_mask != 0 {
            for f in 0..v.pawn_facings {
                for &a in &t.pawns[f as usize].attackers[c as usize] {
                    let q = self.board[a as usize];
                    if q.is_some()
                        && q.facing() == f
                        && v.pawn_mask >> q.kind() & 1 == 1
                        && hostile(q)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `seat`'s king is attacked.
    pub fn in_check(&self, seat: Seat) -> bool {
        match self.king(seat) {
            Some(k) => self.attacked(k, seat),
            None => false,
        }
    }

    /// Legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.clone().legal_into(&mut out);
        out
    }

    /// Fills `out` with legal moves (make/unmake on self; self is unchanged afterwards).
    pub fn legal_into(&mut self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
        if !self.variant.royal_check {
            return;
        }
        let s = self.st.turn;
        let Some(king) = self.king(s) else { return };
        let checked = self.attacked(king, s);
        let hop = self.variant.hop_mask != [0, 0];
        let t = &self.variant.board;
        let mut i = 0;
        while i < out.len() {
            let m = out[i];
            let risky = checked
                || hop
                || m.from == king
                || m.kind == MoveKind::EnPassant
                || m.kind == MoveKind::Castle
                || t.on_line(king, m.from);
            let ok = !risky || {
                let u = self.make(m);
                let k = self.st.kings[s as usize];
                let safe = k == NO_CELL || !self.attacked(k, s);
                self.unmake(m, &u);
                safe
            };
            if ok {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut out = Vec::with_capacity(64);
        self.clone().legal_into(&mut out);
        !out.is_empty()
    }
}

/// Counts leaf nodes of the legal move tree to `depth` (bulk-counted at the last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(128)).collect();
    perft_inner(pos, depth, &mut bufs)
}

fn perft_inner(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().unwrap();
    pos.legal_into(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for &m in buf.iter() {
        let u = pos.make(m);
        n += perft_inner(pos, depth - 1, rest);
        pos.unmake(m, &u);
    }
    n
}
