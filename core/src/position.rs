//! A position: pieces on cells, whose turn, castling rights, en passant, counters, seats in
//! play and scores; with make/unmake and an incrementally updated Zobrist hash.

use std::sync::Arc;

use crate::board::{Cell, CellSet, NO_CELL};
use crate::piece::{Piece, Seat, GREY};
use crate::variant::{EpMode, Variant};

pub const MAX_SEATS: usize = 8;

/// What a move does besides going from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// Pawn double step (creates an en passant chance).
    Double,
    /// En passant capture; the captured pawn belonged to seat `aux`.
    EnPassant,
    /// Castling with the castle definition index `aux`; `to` is the rook's cell.
    Castle,
}

/// A move. For castling `to` is the rook's cell (king takes rook), so Chess960 needs nothing
/// special; notation converts to the king's two-square form where a game writes that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    /// Promotion piece kind + 1 (0 = none).
    pub promo: u8,
    pub kind: MoveKind,
    pub aux: u8,
}

impl Move {
    pub fn new(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            promo: 0,
            kind: MoveKind::Normal,
            aux: 0,
        }
    }
    pub fn promotion(&self) -> Option<u8> {
        (self.promo > 0).then(|| self.promo - 1)
    }
}

/// One castling option: the king and rook cells before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastleDef {
    pub seat: Seat,
    /// 0 = towards the higher file / rank side the seat calls "king side", 1 = the other.
    pub side: u8,
    pub king_from: Cell,
    pub rook_from: Cell,
    pub king_to: Cell,
    pub rook_to: Cell,
    /// Cells that must be empty (apart from this king and rook).
    pub empty: Vec<Cell>,
    /// Cells the king stands on, crosses or reaches: none may be attacked.
    pub king_path: Vec<Cell>,
}

impl CastleDef {
    pub fn new(
        t: &crate::board::Topology,
        seat: Seat,
        side: u8,
        king_from: Cell,
        rook_from: Cell,
        king_to: Cell,
        rook_to: Cell,
    ) -> Self {
        let between = |a: Cell, b: Cell| -> Vec<Cell> {
            // cells on the orthogonal line from a to b, inclusive of both
            if a == b {
                return vec![a];
            }
            for r in t.rays(a) {
                let cells = t.ray_cells(r);
                if let Some(i) = cells.iter().position(|&c| c == b) {
                    let mut v = vec![a];
                    v.extend_from_slice(&cells[..=i]);
                    return v;
                }
            }
            panic!("castling cells not on one line")
        };
        let king_path = between(king_from, king_to);
        let mut empty: Vec<Cell> = king_path
            .iter()
            .chain(between(rook_from, rook_to).iter())
            .copied()
            .filter(|&c| c != king_from && c != rook_from)
            .collect();
        empty.sort_unstable();
        empty.dedup();
        CastleDef {
            seat,
            side,
            king_from,
            rook_from,
            king_to,
            rook_to,
            empty,
            king_path,
        }
    }
}

/// An en passant chance left by `seat`'s double step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ep {
    /// The cell passed over (where the capturer lands).
    pub target: Cell,
    /// The pawn that may be captured.
    pub pawn: Cell,
    /// Whether the chance is in the hash (only when an enemy pawn could take it at once).
    pub hashed: bool,
}

pub const NO_EP: Ep = Ep {
    target: NO_CELL,
    pawn: NO_CELL,
    hashed: false,
};

/// The per-move state saved for unmake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub turn: Seat,
    pub castling: u16,
    pub ep: [Ep; MAX_SEATS],
    pub halfmove: u32,
    pub fullmove: u32,
    pub hash: u64,
    pub kings: [Cell; MAX_SEATS],
}

/// What unmake needs.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub state: State,
    pub moved: Piece,
    pub captured: Piece,
    pub captured_at: Cell,
}

#[derive(Clone)]
pub struct Position {
    pub variant: &'static Variant,
    pub board: Vec<Piece>,
    pub st: State,
    /// Bitmask of seats that still take turns.
    pub in_play: u8,
    /// Bitmask of seats whose player is out (resigned or timed out) but whose lone king still
    /// walks: it takes turns with random moves (four-player free for all). Always a subset of
    /// `in_play`; see `rules::multi`.
    pub walking: u8,
    /// Points per seat (multi-player scoring; unused in two-player chess).
    pub scores: [i32; MAX_SEATS],
    pub castles: Arc<Vec<CastleDef>>,
    /// Per cell: castling rights lost when a piece moves from or to it.
    pub castle_mask: Arc<Vec<u16>>,
}

impl PartialEq for Position {
    fn eq(&self, o: &Self) -> bool {
        self.variant.id == o.variant.id
            && self.board == o.board
            && self.st == o.st
            && self.in_play == o.in_play
            && self.walking == o.walking
            && self.scores == o.scores
            && self.castles == o.castles
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Position({} turn {} hash {:016x})",
            self.variant.id, self.st.turn, self.st.hash
        )
    }
}

// ---------------------------------------------------------------- hashing

#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
#[inline]
pub(crate) fn key_piece(c: Cell, p: Piece) -> u64 {
    mix((c as u64) << 16 | p.0 as u64)
}
#[inline]
fn key_turn(s: Seat) -> u64 {
    mix(0x1_0000_0000 | s as u64)
}
#[inline]
fn key_castling(rights: u16) -> u64 {
    if rights == 0 {
        0
    } else {
        mix(0x2_0000_0000 | rights as u64)
    }
}
#[inline]
fn key_ep(c: Cell) -> u64 {
    mix(0x3_0000_0000 | c as u64)
}

impl Position {
    /// An empty position of a variant (used by parsers).
    pub fn empty(variant: &'static Variant) -> Position {
        let n = variant.board.len();
        Position {
            variant,
            board: vec![Piece::NONE; n],
            st: State {
                turn: 0,
                castling: 0,
                ep: [NO_EP; MAX_SEATS],
                halfmove: 0,
                fullmove: 1,
                hash: 0,
                kings: [NO_CELL; MAX_SEATS],
            },
            in_play: ((1u16 << variant.seat_count()) - 1) as u8,
            walking: 0,
            scores: [0; MAX_SEATS],
            castles: Arc::new(Vec::new()),
            castle_mask: Arc::new(vec![0; n]),
        }
    }

    /// Installs castling options (rights all granted) and recomputes derived data.
    pub fn set_castles(&mut self, defs: Vec<CastleDef>, rights: u16) {
        let mut mask = vec![0u16; self.board.len()];
        for (i, d) in defs.iter().enumerate() {
            mask[d.king_from as usize] |= 1 << i;
            mask[d.rook_from as usize] |= 1 << i;
        }
        self.castles = Arc::new(defs);
        self.castle_mask = Arc::new(mask);
        self.st.castling = rights;
    }

    /// Recomputes kings and the hash from scratch (after editing the board directly).
    pub fn refresh(&mut self) {
        self.st.kings = [NO_CELL; MAX_SEATS];
        for (c, p) in self.board.iter().enumerate() {
            if p.is_some() && p.owner() != GREY && self.variant.is_royal(p.kind()) {
                self.st.kings[p.owner() as usize] = c as Cell;
            }
        }
        self.st.hash = self.compute_hash();
    }

    pub fn compute_hash(&self) -> u64 {
        let mut h = key_turn(self.st.turn) ^ key_castling(self.st.castling);
        for (c, p) in self.board.iter().enumerate() {
            if p.is_some() {
                h ^= key_piece(c as Cell, *p);
            }
        }
        for e in &self.st.ep {
            if e.hashed {
                h ^= key_ep(e.target);
            }
        }
        h
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.st.hash
    }
    #[inline]
    pub fn turn(&self) -> Seat {
        self.st.turn
    }
    #[inline]
    pub fn at(&self, c: Cell) -> Piece {
        self.board[c as usize]
    }
    pub fn king(&self, s: Seat) -> Option<Cell> {
        let k = self.st.kings[s as usize];
        (k != NO_CELL).then_some(k)
    }
    pub fn is_in_play(&self, s: Seat) -> bool {
        self.in_play >> s & 1 == 1
    }

    /// The next seat in turn order after `s` that is still in play.
    pub fn next_seat(&self, s: Seat) -> Seat {
        let n = self.variant.seat_count() as u8;
        let mut t = s;
        for _ in 0..n {
            t = (t + 1) % n;
            if self.is_in_play(t) {
                return t;
            }
        }
        s
    }

    /// Whether a piece of seat `by` may capture `target` (not a partner, not its own).
    #[inline]
    pub fn enemy_of(&self, by: Seat, target: Piece) -> bool {
        target.is_some() && (target.is_grey() || !self.variant.allied(by, target.owner()))
    }

    /// Sets the side to move, keeping the hash right.
    pub fn set_turn(&mut self, s: Seat) {
        self.st.hash ^= key_turn(self.st.turn) ^ key_turn(s);
        self.st.turn = s;
    }

    /// Puts a piece (or NONE) on a cell, keeping the hash and kings right.
    pub fn put(&mut self, c: Cell, p: Piece) {
        let old = self.board[c as usize];
        if old.is_some() {
            self.st.hash ^= key_piece(c, old);
        }
        if p.is_some() {
            self.st.hash ^= key_piece(c, p);
        }
        self.board[c as usize] = p;
        if old.is_some() && !old.is_grey() && self.variant.is_royal(old.kind()) {
            let o = old.owner() as usize;
            if self.st.kings[o] == c {
                self.st.kings[o] = NO_CELL;
            }
        }
        if p.is_some() && !p.is_grey() && self.variant.is_royal(p.kind()) {
            self.st.kings[p.owner() as usize] = c;
        }
    }

    /// Turns every piece of `seat` grey (its army is out); `keep_king` leaves the king alive.
    pub fn grey_out(&mut self, seat: Seat, keep_king: bool) {
        for c in 0..self.board.len() {
            let p = self.board[c];
            if p.is_some() && p.owner() == seat && !(keep_king && self.variant.is_royal(p.kind())) {
                self.put(c as Cell, p.with_owner(GREY));
            }
        }
        // castling rights of a grey army are gone
        let mut lost = 0u16;
        for (i, d) in self.castles.iter().enumerate() {
            if d.seat == seat {
                lost |= 1 << i;
            }
        }
        self.set_castling(self.st.castling & !lost);
    }

    pub fn set_castling(&mut self, rights: u16) {
        self.st.hash ^= key_castling(self.st.castling) ^ key_castling(rights);
        self.st.castling = rights;
    }

    /// Removes a seat from the turn order.
    pub fn remove_from_play(&mut self, seat: Seat) {
        self.in_play &= !(1 << seat);
        self.walking &= !(1 << seat);
        self.clear_ep(seat);
    }

    /// Closes the en passant chance left by `seat`'s double step, if any.
    pub fn clear_ep(&mut self, seat: Seat) {
        let e = self.st.ep[seat as usize];
        if e.target != NO_CELL {
            if e.hashed {
                self.st.hash ^= key_ep(e.target);
            }
            self.st.ep[seat as usize] = NO_EP;
        }
    }

    /// Whether an enemy pawn stands where it could take en passant on `target` (the hash
    /// counts an en passant chance only then, so repetition compares positions as FIDE does).
    pub(crate) fn ep_capturable(&self, target: Cell, mover: Seat) -> bool {
        let v = self.variant;
        // with EpMode::NextMove only the next player may take (three-player: the player after
        // the next never can); for two players this is the one opponent
        let next = self.next_seat(mover);
        let may_take = |s: Seat| v.ep != EpMode::NextMove || s == next;
        (0..v.pawn_facings).any(|f| {
            v.board.pawns[f as usize].attackers[target as usize]
                .iter()
                .any(|&a| {
                    let p = self.board[a as usize];
                    p.is_some()
                        && p.facing() == f
                        && v.pawn_mask >> p.kind() & 1 == 1
                        && !p.is_grey()
                        && !v.allied(p.owner(), mover)
                        && may_take(p.owner())
                })
        })
    }

    /// Plays a move (assumed pseudo-legal) and passes the turn. Returns what unmake needs.
    pub fn make(&mut self, m: Move) -> Undo {
        let v = self.variant;
        let saved = self.st;
        let mover = self.st.turn;
        let piece = self.board[m.from as usize];
        let mut captured = Piece::NONE;
        let mut captured_at = NO_CELL;

        // en passant chances expire
        match v.ep {
            EpMode::None => {}
            EpMode::NextMove => {
                for s in 0..MAX_SEATS as u8 {
                    self.clear_ep(s)
                }
            }
            EpMode::UntilMoverAgain => self.clear_ep(mover),
        }

        match m.kind {
            MoveKind::Castle => {
                let d = &self.castles[m.aux as usize];
                let (kf, rf, kt, rt) = (d.king_from, d.rook_from, d.king_to, d.rook_to);
                let rook = self.board[rf as usize];
                self.put(kf, Piece::NONE);
                self.put(rf, Piece::NONE);
                self.put(kt, piece);
                self.put(rt, rook);
            }
            _ => {
                if m.kind == MoveKind::EnPassant {
                    let victim = saved.ep[m.aux as usize].pawn;
                    captured = self.board[victim as usize];
                    captured_at = victim;
                    self.put(victim, Piece::NONE);
                    self.clear_ep(m.aux);
                } else if self.board[m.to as usize].is_some() {
                    captured = self.board[m.to as usize];
                    captured_at = m.to;
                    // a captured pawn's en passant chance dies with it
                    for s in 0..MAX_SEATS as u8 {
                        if self.st.ep[s as usize].pawn == m.to {
                            self.clear_ep(s);
                        }
                    }
                }
                self.put(m.from, Piece::NONE);
                let placed = match m.promotion() {
                    Some(k) => piece.with_kind(k).with_promoted(true),
                    None => piece,
                };
                self.put(m.to, placed);
                // a double step leaves an en passant chance only in games that have en passant
                if m.kind == MoveKind::Double && v.ep != EpMode::None {
                    let t = v.board.pawns[piece.facing() as usize].push[m.from as usize];
                    let hashed = self.ep_capturable(t, mover);
                    self.st.ep[mover as usize] = Ep {
                        target: t,
                        pawn: m.to,
                        hashed,
                    };
                    if hashed {
                        self.st.hash ^= key_ep(t);
                    }
                }
            }
        }
        let lost = self.castle_mask[m.from as usize] | self.castle_mask[m.to as usize];
        if self.st.castling & lost != 0 {
            self.set_castling(self.st.castling & !lost);
        }
        let pawn_move = v.pawn_mask >> piece.kind() & 1 == 1;
        self.st.halfmove = if captured.is_some() || pawn_move {
            0
        } else {
            self.st.halfmove + 1
        };
        let next = self.next_seat(mover);
        if next <= mover {
            self.st.fullmove += 1;
        }
        self.set_turn(next);
        Undo {
            state: saved,
            moved: piece,
            captured,
            captured_at,
        }
    }

    /// Takes back a move made with [`Position::make`].
    pub fn unmake(&mut self, m: Move, u: &Undo) {
        match m.kind {
            MoveKind::Castle => {
                let d = &self.castles[m.aux as usize];
                let king = self.board[d.king_to as usize];
                let rook = self.board[d.rook_to as usize];
                self.board[d.king_to as usize] = Piece::NONE;
                self.board[d.rook_to as usize] = Piece::NONE;
                self.board[d.king_from as usize] = king;
                self.board[d.rook_from as usize] = rook;
            }
            _ => {
                self.board[m.to as usize] = Piece::NONE;
                self.board[m.from as usize] = u.moved;
                if u.captured.is_some() {
                    self.board[u.captured_at as usize] = u.captured;
                }
            }
        }
        self.st = u.state;
    }

    /// Cells with en passant targets currently open to `seat`.
    pub fn ep_targets_for(&self, seat: Seat) -> impl Iterator<Item = (Seat, Ep)> + '_ {
        self.st.ep.iter().enumerate().filter_map(move |(s, e)| {
            (e.target != NO_CELL && s as Seat != seat && !self.variant.allied(seat, s as Seat))
                .then_some((s as Seat, *e))
        })
    }

    /// All cells holding pieces of `seat`.
    pub fn cells_of(&self, seat: Seat) -> CellSet {
        (0..self.board.len() as Cell)
            .filter(|&c| {
                let p = self.board[c as usize];
                p.is_some() && p.owner() == seat
            })
            .collect()
    }
}
