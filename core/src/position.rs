//! A position: pieces on cells, whose turn, castling rights, en passant, counters, seats in
//! play and scores; with make/unmake and an incrementally updated Zobrist hash.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::board::{Cell, CellSet, NO_CELL};
use crate::piece::{Piece, Seat, GREY, UNION};
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
    /// A piece of kind `aux` from the mover's hand onto the empty cell `to` (`from` = NO_CELL).
    Drop,
    /// The mover passes (`from` = `to` = NO_CELL).
    Pass,
    /// The neutral piece of kind `aux` goes to `to`, from `from` or, when `from` = NO_CELL, from
    /// off the board (duck chess: the second step of a turn).
    Place,
    /// A move of the rules' own (a setup choice, ...): `aux` says which, `from`/`to` may name
    /// cells; `Rules::effects` carries it out.
    Special,
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
    /// A drop of a piece of kind `kind` from hand onto `to`.
    pub fn drop(kind: u8, to: Cell) -> Move {
        Move {
            from: NO_CELL,
            to,
            promo: 0,
            kind: MoveKind::Drop,
            aux: kind,
        }
    }
    /// Passing the turn.
    pub const PASS: Move = Move {
        from: NO_CELL,
        to: NO_CELL,
        promo: 0,
        kind: MoveKind::Pass,
        aux: 0,
    };
    /// The neutral piece of kind `kind` to `to` (from `from`, or NO_CELL when it enters).
    pub fn place(kind: u8, from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            promo: 0,
            kind: MoveKind::Place,
            aux: kind,
        }
    }
    pub fn promotion(&self) -> Option<u8> {
        (self.promo > 0).then(|| self.promo - 1)
    }
    /// Whether a piece on the board goes from `from` to `to` (not a drop, pass, placement or a
    /// rules' special move).
    #[inline]
    pub fn is_board_move(&self) -> bool {
        matches!(
            self.kind,
            MoveKind::Normal | MoveKind::Double | MoveKind::EnPassant | MoveKind::Castle
        )
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
    /// Whether the chance is in the hash (only when an enemy pawn could take it at once, or
    /// could be freed from a union to take it: Paco Ŝako).
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
    /// Step within the turn (duck chess: 0 = the move, 1 = the duck); hashed.
    pub step: u8,
    /// Phase of the game the rules define (0 = play; others = setup phases such as sittuyin's
    /// placement or janggi's horse/elephant choice); hashed.
    pub phase: u8,
    /// Rule state the family keeps (counting, first-move rights, check counters), four slots;
    /// the slots in `Variant::rule_hashed` are hashed (those that change legality).
    pub rule: [u16; RULE_SLOTS],
}

/// Number of rule-state slots in [`State::rule`].
pub const RULE_SLOTS: usize = 4;
pub use crate::variant::HAND_KINDS;

/// One entry of the change journal that `make` writes and `unmake` plays back: the cell or hand
/// count as it was before. Any number of cells may change in a move (explosions, chains,
/// armies handed over), all undone the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    Cell(Cell, Piece),
    Hand(Seat, u8, u8),
    /// A key was pushed onto the turn's trail ([`Position::trail`]).
    TrailPushed,
    /// This key was taken off the trail when the turn passed on.
    TrailCleared(u64),
    /// These rule slots were taken off the trail with their key (journaled just before it).
    TrailRuleCleared([u16; RULE_SLOTS]),
}

/// What unmake needs: the state before the move, the seats and scores before it, and where the
/// move's entries start in the journal.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub state: State,
    pub moved: Piece,
    pub captured: Piece,
    pub captured_at: Cell,
    pub in_play: u8,
    pub walking: u8,
    pub scores: [i32; MAX_SEATS],
    pub mark: u32,
}

/// See [`Position::checkpoint`].
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    state: State,
    in_play: u8,
    walking: u8,
    scores: [i32; MAX_SEATS],
    mark: u32,
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
    /// Pieces in hand per seat and kind (crazyhouse, shogi); hashed.
    pub hands: [[u8; HAND_KINDS]; MAX_SEATS],
    /// Per seat: the cells its pieces stand on (move generation walks these, not the board).
    occ: [CellSet; MAX_SEATS],
    /// Changes made by `make` since the last `forget_undo` (see [`Change`]).
    journal: Vec<Change>,
    /// Set by a rules hook inside `make` ([`Position::continue_turn`]): the mover moves again.
    hold_turn: bool,
    /// The positions (hashed without the step, [`Position::hash_without_step`]) a turn of
    /// several steps went through so far; empty between turns (journaled). Not part of `==`.
    trail: Vec<u64>,
    /// The rule slots after each of those steps, in step with `trail` (a notation can write the
    /// turn's path from them: Paco Ŝako's chain cells and freed pieces).
    trail_rule: Vec<[u16; RULE_SLOTS]>,
    /// The last answer of [`Position::in_check`] ([`CheckMemo`]). Not part of `==`.
    check_memo: CheckMemo,
}

/// The last answer of [`Position::in_check`] per seat, keyed by the position's hash, the seat
/// and its king's cell: a search asks it of one position several times (the rules' end test
/// after a move, the check extension, the pruning's check test, the legal moves' king safety;
/// with more seats, of several seats in turn). A copy starts empty (probes edit copies' boards
/// without the hash); code that edits `board` directly (parsers, the exchange evaluation) does
/// not ask `in_check` in between.
#[derive(Default)]
struct CheckMemo([AtomicU64; MAX_SEATS]);

impl Clone for CheckMemo {
    fn clone(&self) -> Self {
        CheckMemo::default()
    }
}

impl CheckMemo {
    /// The key of `seat`'s king on `king` in the position of hash `hash` (bit 1 set, so never
    /// the empty memo; bit 0 free for the answer). 0 where the hash is 0 (a position being
    /// built: no memo).
    #[inline]
    fn key(hash: u64, seat: Seat, king: Cell) -> u64 {
        if hash == 0 {
            return 0;
        }
        let k = hash ^ (((seat as u64) << 16 | king as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        (k | 2) & !1
    }
    #[inline]
    fn get(&self, seat: Seat, key: u64) -> Option<bool> {
        let m = self.0.get(seat as usize)?.load(Ordering::Relaxed);
        (key != 0 && m & !1 == key).then_some(m & 1 == 1)
    }
    #[inline]
    fn set(&self, seat: Seat, key: u64, attacked: bool) {
        if let (Some(slot), true) = (self.0.get(seat as usize), key != 0) {
            slot.store(key | attacked as u64, Ordering::Relaxed);
        }
    }
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
            && self.hands == o.hands
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
#[inline]
fn key_hand(s: Seat, kind: u8, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        mix(0x4_0000_0000 | (s as u64) << 16 | (kind as u64) << 8 | count as u64)
    }
}
#[inline]
fn key_step_phase(step: u8, phase: u8) -> u64 {
    if step == 0 && phase == 0 {
        0
    } else {
        mix(0x5_0000_0000 | (step as u64) << 8 | phase as u64)
    }
}
#[inline]
fn key_rule(slot: usize, value: u16) -> u64 {
    if value == 0 {
        0
    } else {
        mix(0x6_0000_0000 | (slot as u64) << 16 | value as u64)
    }
}

impl Position {
    /// The piece `m` captures here (the position the move is played from) and its cell: the
    /// piece on the target cell, or the pawn taken en passant. `None` for quiet moves and
    /// castling.
    pub fn captured_piece(&self, m: Move) -> Option<(Cell, Piece)> {
        match m.kind {
            MoveKind::Castle => None,
            MoveKind::EnPassant => {
                let cell = self.st.ep[m.aux as usize].pawn;
                let p = self.at(cell);
                p.is_some().then_some((cell, p))
            }
            _ => {
                let p = self.at(m.to);
                p.is_some().then_some((m.to, p))
            }
        }
    }

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
                step: 0,
                phase: 0,
                rule: [0; RULE_SLOTS],
            },
            in_play: ((1u16 << variant.seat_count()) - 1) as u8,
            walking: 0,
            scores: [0; MAX_SEATS],
            castles: Arc::new(Vec::new()),
            castle_mask: Arc::new(vec![0; n]),
            hands: [[0; HAND_KINDS]; MAX_SEATS],
            occ: [CellSet::EMPTY; MAX_SEATS],
            journal: Vec::new(),
            hold_turn: false,
            trail: Vec::new(),
            trail_rule: Vec::new(),
            check_memo: CheckMemo::default(),
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

    /// Recomputes kings, the seats' cell sets and the hash from scratch (after editing the
    /// board directly).
    pub fn refresh(&mut self) {
        self.st.kings = [NO_CELL; MAX_SEATS];
        self.occ = [CellSet::EMPTY; MAX_SEATS];
        for (c, p) in self.board.iter().enumerate() {
            if p.is_seated() {
                self.occ[p.owner() as usize].insert(c as Cell);
                if self.variant.is_royal(p.kind()) {
                    self.st.kings[p.owner() as usize] = c as Cell;
                }
            }
        }
        self.st.hash = self.compute_hash();
    }

    pub fn compute_hash(&self) -> u64 {
        let mut h = key_turn(self.st.turn)
            ^ key_castling(self.st.castling)
            ^ key_step_phase(self.st.step, self.st.phase);
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
        for (s, hand) in self.hands.iter().enumerate() {
            for (k, &n) in hand.iter().enumerate() {
                h ^= key_hand(s as Seat, k as u8, n);
            }
        }
        for (i, &r) in self.st.rule.iter().enumerate() {
            if self.variant.rule_hashed >> i & 1 == 1 {
                h ^= key_rule(i, r);
            }
        }
        h
    }

    /// The cells holding pieces of `seat` (a seat's own pieces; not grey ones).
    #[inline]
    pub fn pieces_of(&self, seat: Seat) -> &CellSet {
        &self.occ[seat as usize]
    }

    /// How many pieces of kind `kind` seat `s` holds in hand.
    #[inline]
    pub fn in_hand(&self, s: Seat, kind: u8) -> u8 {
        self.hands[s as usize][kind as usize]
    }

    /// Sets a hand count outside `make` (setup, parsers), keeping the hash right.
    pub fn set_hand(&mut self, s: Seat, kind: u8, count: u8) {
        let old = self.hands[s as usize][kind as usize];
        self.st.hash ^= key_hand(s, kind, old) ^ key_hand(s, kind, count);
        self.hands[s as usize][kind as usize] = count;
    }

    /// Changes a hand count by `delta` inside `make` or a rules hook (journaled).
    pub fn add_hand(&mut self, s: Seat, kind: u8, delta: i8) {
        let old = self.hands[s as usize][kind as usize];
        self.journal.push(Change::Hand(s, kind, old));
        self.set_hand(s, kind, old.wrapping_add_signed(delta));
    }

    /// Puts a piece on a cell inside `make` or a rules hook (journaled, so `unmake` restores it).
    #[inline]
    pub fn set(&mut self, c: Cell, p: Piece) {
        self.journal.push(Change::Cell(c, self.board[c as usize]));
        self.put(c, p);
    }

    /// Sets rule-state slot `slot` (hash kept right where the variant hashes the slot).
    pub fn set_rule(&mut self, slot: usize, value: u16) {
        if self.variant.rule_hashed >> slot & 1 == 1 {
            self.st.hash ^= key_rule(slot, self.st.rule[slot]) ^ key_rule(slot, value);
        }
        self.st.rule[slot] = value;
    }

    /// Sets the phase (0 = play), keeping the hash right.
    pub fn set_phase(&mut self, phase: u8) {
        self.st.hash ^=
            key_step_phase(self.st.step, self.st.phase) ^ key_step_phase(self.st.step, phase);
        self.st.phase = phase;
    }

    /// Called by `Rules::effects` inside `make`: the turn goes on with the same player at the
    /// next step (turns whose length depends on the position: a chain of captures, Paco Ŝako's
    /// chains). The family's `extra_moves` generates the moves of the later steps.
    pub fn continue_turn(&mut self) {
        self.hold_turn = true;
    }

    fn set_step(&mut self, step: u8) {
        self.st.hash ^=
            key_step_phase(self.st.step, self.st.phase) ^ key_step_phase(step, self.st.phase);
        self.st.step = step;
    }

    /// The positions the turn in progress went through after each of its steps that held the
    /// turn ([`Position::continue_turn`]), as [`Position::hash_without_step`] keys, oldest
    /// first; empty at a turn's first step. A rules hook may forbid a step that returns to one
    /// (Paco Ŝako: a chain may not loop).
    pub fn trail(&self) -> &[u64] {
        &self.trail
    }

    /// The rule slots after each step of [`Position::trail`], oldest first.
    pub fn trail_rules(&self) -> &[[u16; RULE_SLOTS]] {
        &self.trail_rule
    }

    /// Sets the trail of a position read from a notation in the middle of a turn (keys and
    /// rule slots, oldest first, as [`Position::trail`] and [`Position::trail_rules`]). Not
    /// journaled: for a position that has no moves to unmake yet.
    pub fn set_trail(&mut self, keys: Vec<u64>, rules: Vec<[u16; RULE_SLOTS]>) {
        debug_assert_eq!(keys.len(), rules.len());
        self.trail = keys;
        self.trail_rule = rules;
    }

    /// The hash without the step within the turn: equal for the same position reached after
    /// different numbers of steps.
    pub fn hash_without_step(&self) -> u64 {
        self.st.hash
            ^ key_step_phase(self.st.step, self.st.phase)
            ^ key_step_phase(0, self.st.phase)
    }

    /// Gives `seat` an en passant chance from inside a rules hook: its pawn now on `pawn` passed
    /// over `target` (Paco Ŝako: a union moved by its pawn's two-square step).
    pub fn set_ep(&mut self, seat: Seat, target: Cell, pawn: Cell) {
        self.clear_ep(seat);
        let hashed = self.ep_capturable(target, seat);
        self.st.ep[seat as usize] = Ep {
            target,
            pawn,
            hashed,
        };
        if hashed {
            self.st.hash ^= key_ep(target);
        }
    }

    /// Drops the undo journal: the moves made so far can no longer be unmade (a game keeps
    /// positions, not journals).
    pub fn forget_undo(&mut self) {
        self.journal.clear();
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

    /// Whether `s` takes turns and is not a walking king: a player still in the game.
    pub fn is_active(&self, s: Seat) -> bool {
        self.is_in_play(s) && self.walking >> s & 1 == 0
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
        target.is_some()
            && (target.is_grey()
                || (target.owner() < UNION && !self.variant.allied(by, target.owner())))
    }

    /// A copy to probe (generate moves, make and unmake a move to test it): everything but
    /// the journal of the changes made so far, which only unmaking those changes reads (a
    /// probe unmakes its own moves). Cheaper than a clone deep in a search, whose journal
    /// holds the whole line.
    pub(crate) fn probe_copy(&self) -> Position {
        Position {
            variant: self.variant,
            board: self.board.clone(),
            st: self.st,
            in_play: self.in_play,
            walking: self.walking,
            scores: self.scores,
            castles: self.castles.clone(),
            castle_mask: self.castle_mask.clone(),
            hands: self.hands,
            occ: self.occ,
            journal: Vec::new(),
            hold_turn: self.hold_turn,
            trail: self.trail.clone(),
            trail_rule: self.trail_rule.clone(),
            check_memo: CheckMemo::default(),
        }
    }

    /// [`Position::in_check`] of `seat`, whose king stands on `king`, from the memo where it
    /// holds it, else by `attacked` (and kept).
    #[inline]
    pub(crate) fn king_attacked(&self, seat: Seat, king: Cell) -> bool {
        let key = CheckMemo::key(self.st.hash, seat, king);
        if let Some(a) = self.check_memo.get(seat, key) {
            return a;
        }
        let a = self.attacked(king, seat);
        self.check_memo.set(seat, key, a);
        a
    }

    /// Tells the check memo ([`Position::king_attacked`]) that `seat`'s king on `king` is
    /// attacked or not in this position: for one who knows without the walk
    /// ([`crate::tree::Tree::step`], by [`Position::attacked_after_move`]).
    pub(crate) fn know_check(&self, seat: Seat, king: Cell, attacked: bool) {
        let key = CheckMemo::key(self.st.hash, seat, king);
        self.check_memo.set(seat, key, attacked);
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
        if old.is_seated() {
            let o = old.owner() as usize;
            self.occ[o].remove(c);
            if self.variant.is_royal(old.kind()) && self.st.kings[o] == c {
                self.st.kings[o] = NO_CELL;
            }
        }
        if p.is_seated() {
            self.occ[p.owner() as usize].insert(c);
            if self.variant.is_royal(p.kind()) {
                self.st.kings[p.owner() as usize] = c;
            }
        }
    }

    /// Restores a cell during unmake (hash and kings come back with the saved state).
    #[inline]
    fn restore(&mut self, c: Cell, p: Piece) {
        let old = self.board[c as usize];
        if old.is_seated() {
            self.occ[old.owner() as usize].remove(c);
        }
        if p.is_seated() {
            self.occ[p.owner() as usize].insert(c);
        }
        self.board[c as usize] = p;
    }

    /// Turns every piece of `seat` grey (its army is out); `keep_king` leaves the king alive.
    /// Journaled, so a search that puts a player out undoes it with the move.
    pub fn grey_out(&mut self, seat: Seat, keep_king: bool) {
        for c in 0..self.board.len() {
            let p = self.board[c];
            if p.is_some() && p.owner() == seat && !(keep_king && self.variant.is_royal(p.kind())) {
                self.set(c as Cell, p.with_owner(GREY));
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
        let may_take = |s: Seat| !matches!(v.ep, EpMode::NextMove | EpMode::WholeTurn) || s == next;
        // a union (Paco Ŝako) on a cell a taker's pawn attacks from counts too: a pawn of the
        // taker may be freed there in a chain and take
        let taker_facing = |f: u8| {
            v.seats.iter().enumerate().any(|(s, d)| {
                let s = s as Seat;
                d.facing == f && s != mover && !v.allied(s, mover) && may_take(s)
            })
        };
        (0..v.pawn_facings).any(|f| {
            v.board.pawns[f as usize].attackers[target as usize]
                .iter()
                .any(|&a| {
                    let p = self.board[a as usize];
                    (p.is_some()
                        && p.facing() == f
                        && v.pawn_mask >> p.kind() & 1 == 1
                        && !p.is_grey()
                        && p.owner() < UNION
                        && !v.allied(p.owner(), mover)
                        && may_take(p.owner()))
                        || (p.is_some() && p.owner() == UNION && taker_facing(f))
                })
        })
    }

    /// Plays a move (assumed pseudo-legal) and passes the turn (or goes on to the turn's next
    /// step). Every cell and hand change is journaled; the returned record and the journal let
    /// [`Position::unmake`] restore the position exactly, rule effects included.
    pub fn make(&mut self, m: Move) -> Undo {
        self.make_with::<true>(m)
    }

    /// [`Position::make`] for a king-safety test: skips the family's effects of a board move
    /// where they change only rule state (`Hooks::effects_keep_board`), which the test never
    /// reads;
    /// [`Position::unmake`] undoes it alike.
    pub(crate) fn make_probe(&mut self, m: Move) -> Undo {
        if self.variant.hooks.effects_keep_board && m.is_board_move() {
            self.make_with::<false>(m)
        } else {
            self.make_with::<true>(m)
        }
    }

    #[inline(always)]
    fn make_with<const EFFECTS: bool>(&mut self, m: Move) -> Undo {
        let v = self.variant;
        let saved = self.st;
        let mark = self.journal.len() as u32;
        let (in_play, walking, scores) = (self.in_play, self.walking, self.scores);
        let mover = self.st.turn;
        let mut captured = Piece::NONE;
        let mut captured_at = NO_CELL;
        let piece = match m.kind {
            MoveKind::Drop => Piece::new(m.aux, mover, v.seats[mover as usize].facing),
            MoveKind::Pass | MoveKind::Special => Piece::NONE,
            MoveKind::Place if m.from == NO_CELL => Piece::neutral(m.aux),
            _ => self.board[m.from as usize],
        };

        // en passant chances expire (at the start of a turn, not at its later steps)
        if self.st.step == 0 {
            match v.ep {
                EpMode::None => {}
                EpMode::NextMove => {
                    for s in 0..MAX_SEATS as u8 {
                        self.clear_ep(s)
                    }
                }
                EpMode::UntilMoverAgain => self.clear_ep(mover),
                // expires when the turn ends (below)
                EpMode::WholeTurn => {}
            }
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
            MoveKind::Drop => {
                self.add_hand(mover, m.aux, -1);
                self.set(m.to, piece);
            }
            MoveKind::Pass | MoveKind::Special => {}
            MoveKind::Place => {
                if m.from != NO_CELL {
                    self.set(m.from, Piece::NONE);
                }
                self.set(m.to, piece);
                // the duck placed on an en passant target closes that chance: no pawn can land
                // there (else the hash and the FEN kept a chance the FEN reader refuses)
                for s in 0..MAX_SEATS as u8 {
                    if self.st.ep[s as usize].target == m.to {
                        self.clear_ep(s);
                    }
                }
            }
            MoveKind::Normal | MoveKind::Double | MoveKind::EnPassant => {
                if m.kind == MoveKind::EnPassant {
                    let victim = saved.ep[m.aux as usize].pawn;
                    captured = self.board[victim as usize];
                    captured_at = victim;
                    self.put(victim, Piece::NONE);
                    self.clear_ep(m.aux);
                } else if self.board[m.to as usize].is_some() {
                    captured = self.board[m.to as usize];
                    captured_at = m.to;
                    // a captured pawn's en passant chance dies with it; a union is never
                    // captured (Paco Ŝako: a take-over leaves the pawn in it, on its cell)
                    for s in 0..MAX_SEATS as u8 {
                        if self.st.ep[s as usize].pawn == m.to && captured.owner() != UNION {
                            self.clear_ep(s);
                        }
                    }
                }
                // the board move itself is undone from the record (`unmake`), not the journal
                self.put(m.from, Piece::NONE);
                let placed = match m.promotion() {
                    Some(k) => piece.with_kind(k).with_promoted(true),
                    None => piece,
                };
                self.put(m.to, placed);
                if captured.is_some() {
                    if let Some(h) = &v.hand {
                        if h.captures_to_hand && captured.is_seated() {
                            let k = v.in_hand_as(captured);
                            self.add_hand(mover, k, 1);
                        }
                    }
                }
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
        if EFFECTS && v.hooks.effects {
            v.rules().effects(self, m, captured);
        }
        if m.is_board_move() {
            let lost = self.castle_mask[m.from as usize] | self.castle_mask[m.to as usize];
            if self.st.castling & lost != 0 {
                self.set_castling(self.st.castling & !lost);
            }
        }
        if !matches!(m.kind, MoveKind::Place | MoveKind::Special) {
            let pawn_move = piece.is_some() && v.pawn_mask >> piece.kind() & 1 == 1;
            // a drop resets the clock too, as in Fairy-Stockfish
            let drop = m.kind == MoveKind::Drop;
            self.st.halfmove = if captured.is_some() || pawn_move || drop {
                0
            } else {
                self.st.halfmove + 1
            };
        }
        if self.hold_turn || self.st.step + 1 < v.steps_per_turn {
            let held = self.hold_turn;
            self.hold_turn = false;
            self.set_step(self.st.step.saturating_add(1));
            if held {
                self.trail.push(self.hash_without_step());
                self.trail_rule.push(self.st.rule);
                self.journal.push(Change::TrailPushed);
            }
        } else {
            // the turn is over: its trail goes (journaled, newest first)
            while let Some(h) = self.trail.pop() {
                if let Some(r) = self.trail_rule.pop() {
                    self.journal.push(Change::TrailRuleCleared(r));
                }
                self.journal.push(Change::TrailCleared(h));
            }
            if v.ep == EpMode::WholeTurn {
                for s in (0..MAX_SEATS as u8).filter(|&s| s != mover) {
                    self.clear_ep(s);
                }
            }
            if self.st.step != 0 {
                self.set_step(0);
            }
            let next = self.next_seat(mover);
            if next <= mover {
                self.st.fullmove += 1;
            }
            self.set_turn(next);
        }
        Undo {
            state: saved,
            moved: piece,
            captured,
            captured_at,
            in_play,
            walking,
            scores,
            mark,
        }
    }

    /// Takes back a move made with [`Position::make`]: the journaled changes (drops, placements,
    /// hands, rule effects) in reverse, then the board move from the record.
    pub fn unmake(&mut self, m: Move, u: &Undo) {
        self.pop_journal(u.mark);
        match m.kind {
            MoveKind::Castle => {
                let d = &self.castles[m.aux as usize];
                let (kf, rf, kt, rt) = (d.king_from, d.rook_from, d.king_to, d.rook_to);
                let king = self.board[kt as usize];
                let rook = self.board[rt as usize];
                self.restore(kt, Piece::NONE);
                self.restore(rt, Piece::NONE);
                self.restore(kf, king);
                self.restore(rf, rook);
            }
            MoveKind::Normal | MoveKind::Double | MoveKind::EnPassant => {
                // the mover's piece goes back (promotion keeps the owner); the captured returns
                let o = u.moved.owner() as usize;
                self.board[m.to as usize] = Piece::NONE;
                self.board[m.from as usize] = u.moved;
                if o < MAX_SEATS {
                    self.occ[o].remove(m.to);
                    self.occ[o].insert(m.from);
                }
                if u.captured.is_some() {
                    self.restore(u.captured_at, u.captured);
                }
            }
            MoveKind::Drop | MoveKind::Pass | MoveKind::Place | MoveKind::Special => {}
        }
        self.st = u.state;
        self.in_play = u.in_play;
        self.walking = u.walking;
        self.scores = u.scores;
    }

    /// Plays the journal back down to `mark` (newest change first).
    fn pop_journal(&mut self, mark: u32) {
        while self.journal.len() > mark as usize {
            match self.journal.pop() {
                Some(Change::Cell(c, p)) => self.restore(c, p),
                Some(Change::Hand(s, k, n)) => self.hands[s as usize][k as usize] = n,
                Some(Change::TrailPushed) => {
                    self.trail.pop();
                    self.trail_rule.pop();
                }
                Some(Change::TrailCleared(h)) => self.trail.push(h),
                Some(Change::TrailRuleCleared(r)) => self.trail_rule.push(r),
                None => break,
            }
        }
    }

    /// Everything a rules judgement after a move may change besides journaled cells and hands:
    /// taken before an action, [`Position::rollback`] undoes the action's rule effects (players
    /// going out, scores, the turn passing on) the way `unmake` undoes a move.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            state: self.st,
            in_play: self.in_play,
            walking: self.walking,
            scores: self.scores,
            mark: self.journal.len() as u32,
        }
    }

    /// Returns to a [`Position::checkpoint`]: the journal is played back to it and the state,
    /// seats and scores restored. Moves made since must be unmade first (newest first).
    pub fn rollback(&mut self, cp: &Checkpoint) {
        self.pop_journal(cp.mark);
        self.st = cp.state;
        self.in_play = cp.in_play;
        self.walking = cp.walking;
        self.scores = cp.scores;
    }

    /// Makes `self` a copy of `o` without allocating when the sizes match (a search keeps one
    /// scratch position per depth). The copy has no undo journal.
    pub fn copy_from(&mut self, o: &Position) {
        self.variant = o.variant;
        self.board.clone_from(&o.board);
        self.st = o.st;
        self.in_play = o.in_play;
        self.walking = o.walking;
        self.scores = o.scores;
        if !Arc::ptr_eq(&self.castles, &o.castles) {
            self.castles = o.castles.clone();
        }
        if !Arc::ptr_eq(&self.castle_mask, &o.castle_mask) {
            self.castle_mask = o.castle_mask.clone();
        }
        self.hands = o.hands;
        self.occ = o.occ;
        self.journal.clear();
        self.hold_turn = o.hold_turn;
        self.trail.clone_from(&o.trail);
        self.trail_rule.clone_from(&o.trail_rule);
        self.check_memo = CheckMemo::default();
    }

    /// Cells with en passant targets currently open to `seat`.
    pub fn ep_targets_for(&self, seat: Seat) -> impl Iterator<Item = (Seat, Ep)> + '_ {
        // only the game's seats ever have a chance
        let n = self.variant.seat_count().min(self.st.ep.len());
        self.st.ep[..n]
            .iter()
            .enumerate()
            .filter_map(move |(s, e)| {
                (e.target != NO_CELL && s as Seat != seat && !self.variant.allied(seat, s as Seat))
                    .then_some((s as Seat, *e))
            })
    }

    /// All cells holding pieces of `seat` (grey, neutral and union owners included).
    pub fn cells_of(&self, seat: Seat) -> CellSet {
        if (seat as usize) < MAX_SEATS {
            return self.occ[seat as usize];
        }
        (0..self.board.len() as Cell)
            .filter(|&c| {
                let p = self.board[c as usize];
                p.is_some() && p.owner() == seat
            })
            .collect()
    }
}
