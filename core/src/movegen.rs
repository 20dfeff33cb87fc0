//! Generic move generation over any board: walks the topology's tables with each piece
//! type's atoms. One code path for every game; a game differs only in its data.

use std::cell::RefCell;
use std::collections::HashSet;

use crate::board::{
    dir_allowed, opposite, Cell, CellSet, Dir, Leap, LeapTarget, Line, ANY_DIR, NO_CELL,
};
use crate::piece::{dirs, Atom, Mode, Piece, Seat, Zone};
use crate::position::{Move, MoveKind, Position, HAND_KINDS};
use crate::rules::NodeState;
use crate::variant::KingTake;

/// Where move generation puts the moves it finds: a list, or a consumer that only counts or
/// inspects them ([`Position::piece_moves_to`]).
pub trait MoveSink {
    fn put(&mut self, m: Move);
    /// Whether the sink wants no more moves: generation may stop (between a piece's atoms,
    /// and after a pawn's steps). Never for a list.
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn put(&mut self, m: Move) {
        self.push(m)
    }
}

/// Whether a plain move or a double step was put ([`Position::quick_legal_move`]).
struct PlainMove(bool);

impl MoveSink for PlainMove {
    #[inline(always)]
    fn put(&mut self, m: Move) {
        self.0 |= matches!(m.kind, MoveKind::Normal | MoveKind::Double);
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
}

/// Passes on only promotions (`promo` not 0).
struct PromotionsOnly<'a, S: MoveSink>(&'a mut S);

impl<S: MoveSink> MoveSink for PromotionsOnly<'_, S> {
    #[inline(always)]
    fn put(&mut self, m: Move) {
        if m.promo != 0 {
            self.0.put(m)
        }
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0.done()
    }
}

/// Where [`Position::attackers_near`] looks: the rays of the directions `dirs` ([`NO_DIR`]:
/// none) and those without a direction, every ray where `all`, and the leaps and pawn
/// captures from `to` by pieces of `kinds` (a mask).
#[derive(Clone, Copy)]
struct Near {
    dirs: [Dir; 2],
    all: bool,
    to: Cell,
    kinds: u64,
}

/// No direction: no ray of [`Near::dirs`].
const NO_DIR: Dir = 254;

impl Near {
    /// Everywhere (unused: `attackers_near` without `ONLY` reads nothing of it).
    const ALL: Near = Near {
        dirs: [NO_DIR; 2],
        all: true,
        to: NO_CELL,
        kinds: u64::MAX,
    };

    /// Whether a ray of direction `d` is walked.
    #[inline(always)]
    fn walks(&self, d: Dir) -> bool {
        self.all || d == ANY_DIR || d == self.dirs[0] || d == self.dirs[1]
    }
}

/// How an attacker reaches the attacked cell, for the atom-by-atom test of pieces whose atoms
/// are limited by direction or zone.
#[derive(Clone, Copy)]
enum Via {
    /// Along a line, `dist` cells away, moving in direction `dir`.
    Line { line: Line, dist: usize, dir: Dir },
    /// Over one screen along a line.
    Hop { line: Line },
    /// By a leap of kind `leap` in direction `dir`.
    Leap { leap: Leap, dir: Dir },
}

/// The king-safety data of a node: the mover's king, whether every move must be made and
/// tested (in check, cannons, effects that reach afar), and the pinned pieces (None: test every
/// piece on a line with the king).
#[derive(Clone, Copy)]
struct Safety {
    king: Cell,
    all: bool,
    pinned: Option<CellSet>,
    /// In games with hoppers: the cells of the king's lines up to the third piece where a
    /// hostile hopper stands among the first three, where an arriving piece can become the
    /// screen that exposes the king.
    hop_danger: CellSet,
    /// A board move changes the board on its two cells alone (the family's effects of board
    /// moves keep the board) and no lame leaper or hopper attacks (their legs and screens
    /// lie off the lines an attack runs along): the king's attackers follow from the board
    /// without making the move ([`Position::is_legal_pseudo`]).
    plain: bool,
    /// In check where [`Safety::plain`]: a plain move of a piece other than the king to an
    /// empty cell on no line from the king leaves it attacked (each attacker still attacks:
    /// the move neither takes it nor lands between it and the king), and is refused without
    /// being made.
    blocks_only: bool,
    /// Where [`Safety::blocks_only`]: the cells where a plain move of a piece other than the
    /// king may end and still take away every attack on the king: each attacker's cell and
    /// the cells before it on the king's rays that hold it, over all attackers the cells
    /// common to them ([`Position::evasion_cells`]). A plain move elsewhere that takes no
    /// royal leaves the king attacked and is refused without being made; one that ends on
    /// them is made and tested. None where no attacker was found (only the empty cells on
    /// no line from the king are refused).
    evasion: Option<CellSet>,
}

thread_local! {
    /// Move buffers for [`Position::any_legal_move`], reused so the test allocates nothing once
    /// warm (a stack, since rules hooks may ask again from inside).
    static POOL: RefCell<Vec<Vec<Move>>> = const { RefCell::new(Vec::new()) };
}

impl Position {
    /// Pseudo-legal moves of the side to move (own king safety not checked): every piece's
    /// atoms, castling, drops from hand and the family's extra moves at the first step of a
    /// turn in the play phase; only the family's extra moves at a turn's later steps and in
    /// setup phases.
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let v = self.variant;
        let s = self.st.turn;
        if self.st.step == 0 && self.st.phase == 0 {
            for c in self.pieces_of(s).iter() {
                self.piece_moves(c, self.board[c as usize], out);
            }
            if v.castling {
                self.castling_moves(s, out);
            }
            if v.hand.as_ref().is_some_and(|h| h.drops) {
                self.drop_moves(s, out);
            }
        }
        if v.hooks.extra_moves {
            v.rules().extra_moves(self, out);
        }
    }

    /// Whether the legs of a leap are empty (a lame leaper is blocked otherwise).
    #[inline]
    fn legs_clear(&self, lt: &LeapTarget) -> bool {
        (lt.leg == NO_CELL || self.board[lt.leg as usize].is_none())
            && (lt.leg2 == NO_CELL || self.board[lt.leg2 as usize].is_none())
    }

    /// Drops of seat `s`: every kind it holds onto every empty cell of the kind's drop zone.
    pub fn drop_moves(&self, s: Seat, out: &mut Vec<Move>) {
        let v = self.variant;
        let Some(h) = &v.hand else { return };
        let facing = v.seats[s as usize].facing;
        for k in 0..HAND_KINDS.min(v.pieces.len()) as u8 {
            if self.hands[s as usize][k as usize] == 0 {
                continue;
            }
            let zone = h.drop_zone.get(k as usize).copied().unwrap_or(0);
            for c in 0..self.board.len() as Cell {
                if self.board[c as usize].is_none() && v.in_zone(zone, facing, c) {
                    out.push(Move::drop(k, c));
                }
            }
        }
    }

    #[inline(always)]
    fn push_move(
        &self,
        from: Cell,
        to: Cell,
        kind: MoveKind,
        aux: u8,
        p: Piece,
        out: &mut impl MoveSink,
    ) {
        let v = self.variant;
        let plain = Move {
            from,
            to,
            promo: 0,
            kind,
            aux,
        };
        if v.promo_mask >> p.kind() & 1 == 1 {
            let f = p.facing();
            let zone = v.promotion_cells(p.kind(), f);
            if zone.contains(to) || (v.promo_from_mask >> p.kind() & 1 == 1 && zone.contains(from))
            {
                if let Some(pr) = &v.promotion[p.kind() as usize] {
                    for &k in &pr.to {
                        out.put(Move {
                            promo: k + 1,
                            ..plain
                        });
                    }
                    if pr.forced == 0 || !v.zones[pr.forced as usize][f as usize].contains(to) {
                        out.put(plain);
                    }
                    return;
                }
            }
        }
        out.put(plain);
    }

    /// Pseudo-legal moves of the piece `p` on `c`.
    pub fn piece_moves(&self, c: Cell, p: Piece, out: &mut Vec<Move>) {
        self.piece_moves_of::<false, _>(c, p, out)
    }

    /// [`Position::piece_moves`] handed one by one to `out`, in the same order, without a
    /// list (the evaluation counts them).
    pub fn piece_moves_to(&self, c: Cell, p: Piece, out: &mut impl MoveSink) {
        self.piece_moves_of::<false, _>(c, p, out)
    }

    /// The captures and promotions among [`Position::piece_moves`] (static exchange
    /// evaluation asks which pieces can take on a cell).
    pub fn piece_captures(&self, c: Cell, p: Piece, out: &mut Vec<Move>) {
        self.piece_moves_of::<true, _>(c, p, out)
    }

    /// Pushes the moves `push_move` would push, keeping only promotions when the move is
    /// quiet and only captures and promotions are wanted (`CAPS`).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn push_gen<const CAPS: bool>(
        &self,
        from: Cell,
        to: Cell,
        kind: MoveKind,
        aux: u8,
        p: Piece,
        capture: bool,
        out: &mut impl MoveSink,
    ) {
        if CAPS && !capture {
            if self.variant.promo_mask >> p.kind() & 1 == 0 {
                return;
            }
            // push_move pushes the plain move (promo 0) at most once: all but it
            self.push_move(from, to, kind, aux, p, &mut PromotionsOnly(out));
            return;
        }
        self.push_move(from, to, kind, aux, p, out)
    }

    /// [`Position::piece_moves`]; with `CAPS` only its captures (en passant included) and
    /// promotions, in the same order (what quiescence searches).
    #[inline(always)]
    fn piece_moves_of<const CAPS: bool, S: MoveSink>(&self, c: Cell, p: Piece, out: &mut S) {
        let v = self.variant;
        let t = &v.board;
        let s = p.owner();
        let f = p.facing();
        let promotes = v.promo_mask >> p.kind() & 1 == 1;
        let emit = |to: Cell, capture: bool, out: &mut S| {
            if CAPS && !capture {
                if promotes {
                    self.push_gen::<true>(c, to, MoveKind::Normal, 0, p, false, out)
                }
            } else if promotes {
                self.push_move(c, to, MoveKind::Normal, 0, p, out)
            } else {
                out.put(Move::new(c, to))
            }
        };
        for atom in &v.pieces[p.kind() as usize].atoms {
            if out.done() {
                return;
            }
            match *atom {
                Atom::Slide {
                    line,
                    range,
                    mode,
                    dirs: d,
                    zone,
                } => {
                    if !v.in_zone(zone.from, f, c) {
                        continue;
                    }
                    let mask = dirs::absolute(d, f);
                    // the common slider (any range, both modes, no zone to stay in)
                    let plain = range == 0 && zone.to == 0 && mode == Mode::Both;
                    for r in t.rays(c) {
                        if r.line != line
                            || (range > 0 && r.emit_from >= range as u16)
                            || !dir_allowed(mask, r.dir)
                        {
                            continue;
                        }
                        if plain && r.emit_from == 0 {
                            for &to in t.ray_cells(r) {
                                let q = self.board[to as usize];
                                if q.is_none() {
                                    emit(to, false, out);
                                } else {
                                    if self.enemy_of(s, q) {
                                        emit(to, true, out);
                                    }
                                    break;
                                }
                            }
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
                            let inside = v.in_zone(zone.to, f, to);
                            if q.is_none() {
                                if mode.moves() && inside {
                                    emit(to, false, out);
                                }
                            } else {
                                if mode.captures() && inside && self.enemy_of(s, q) {
                                    emit(to, true, out);
                                }
                                break;
                            }
                        }
                    }
                }
                Atom::Leap {
                    leap,
                    mode,
                    dirs: d,
                    zone,
                } => {
                    if !v.in_zone(zone.from, f, c) {
                        continue;
                    }
                    let mask = dirs::absolute(d, f);
                    if d == dirs::ALL && zone.to == 0 && mode == Mode::Both && !v.has_legs {
                        // the common leaper (every direction, both modes, no zone, no legs)
                        for lt in t.leaps(leap, c) {
                            let q = self.board[lt.to as usize];
                            if q.is_none() {
                                emit(lt.to, false, out);
                            } else if self.enemy_of(s, q) {
                                emit(lt.to, true, out);
                            }
                        }
                        continue;
                    }
                    for lt in t.leaps(leap, c) {
                        if !self.legs_clear(lt) {
                            continue;
                        }
                        if !dir_allowed(mask, lt.dir) || !v.in_zone(zone.to, f, lt.to) {
                            continue;
                        }
                        let q = self.board[lt.to as usize];
                        if (q.is_none() && mode.moves()) || (mode.captures() && self.enemy_of(s, q))
                        {
                            emit(lt.to, q.is_some(), out);
                        }
                    }
                }
                Atom::Hop { line, mode, zone } => {
                    if !v.in_zone(zone.from, f, c) {
                        continue;
                    }
                    // kinds that may not be a screen or be taken by a hop (janggi: cannons)
                    let barred = |q: Piece, mask: u64| q.is_some() && mask >> q.kind() & 1 == 1;
                    for r in t.rays(c) {
                        if r.line != line {
                            continue;
                        }
                        let mut screen = false;
                        for (i, &to) in t.ray_cells(r).iter().enumerate() {
                            let q = self.board[to as usize];
                            if (i as u16) < r.emit_from {
                                if q.is_some() {
                                    if screen || barred(q, v.hop_screen_barred) {
                                        break;
                                    }
                                    screen = true;
                                }
                                continue;
                            }
                            if !screen {
                                if q.is_some() {
                                    if barred(q, v.hop_screen_barred) {
                                        break;
                                    }
                                    screen = true;
                                }
                                continue;
                            }
                            let inside = v.in_zone(zone.to, f, to);
                            if q.is_none() {
                                if mode.moves() && inside {
                                    emit(to, false, out);
                                }
                            } else {
                                if mode.captures()
                                    && inside
                                    && self.enemy_of(s, q)
                                    && !barred(q, v.hop_capture_barred)
                                {
                                    emit(to, true, out);
                                }
                                break;
                            }
                        }
                    }
                }
                Atom::Pawn => {
                    let pt = &t.pawns[f as usize];
                    let one = pt.push[c as usize];
                    if one != NO_CELL && self.board[one as usize].is_none() {
                        self.push_gen::<CAPS>(c, one, MoveKind::Normal, 0, p, false, out);
                        if v.double_step[f as usize].contains(c) {
                            let two = pt.push[one as usize];
                            if two != NO_CELL && self.board[two as usize].is_none() {
                                self.push_gen::<CAPS>(c, two, MoveKind::Double, 0, p, false, out);
                            }
                        }
                    }
                    if out.done() {
                        return;
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

    pub(crate) fn castling_moves(&self, s: Seat, out: &mut Vec<Move>) {
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

    /// Whether the piece `q` on `a` attacks `c` by one of its atoms, reaching it as `via` says
    /// (the atom-by-atom test for pieces limited by direction or zone).
    #[inline(never)]
    fn atom_hits(&self, q: Piece, a: Cell, c: Cell, via: Via) -> bool {
        let v = self.variant;
        let f = q.facing();
        v.pieces[q.kind() as usize].atoms.iter().any(|atom| {
            let (ok, d, zone) = match (*atom, via) {
                (
                    Atom::Slide {
                        line,
                        range,
                        mode,
                        dirs: d,
                        zone,
                    },
                    Via::Line { line: l, dist, dir },
                ) => (
                    line == l && mode.captures() && (range == 0 || dist <= range as usize),
                    dir_allowed(dirs::absolute(d, f), dir),
                    zone,
                ),
                (Atom::Hop { line, mode, zone }, Via::Hop { line: l }) => {
                    (line == l && mode.captures(), true, zone)
                }
                (
                    Atom::Leap {
                        leap,
                        mode,
                        dirs: d,
                        zone,
                    },
                    Via::Leap { leap: l, dir },
                ) => (
                    leap == l && mode.captures(),
                    dir_allowed(dirs::absolute(d, f), dir),
                    zone,
                ),
                _ => (false, false, Zone::ANY),
            };
            ok && d && v.in_zone(zone.from, f, a) && v.in_zone(zone.to, f, c)
        })
    }

    /// Whether `c` is attacked by any piece hostile to `defender` (grey, neutral and union
    /// pieces never attack; partners never attack). Pieces whose atoms are limited by
    /// direction or zone are tested atom by atom, so asymmetric pieces (a forward-only step)
    /// attack only where they could capture.
    pub fn attacked(&self, c: Cell, defender: Seat) -> bool {
        self.each_attacker(c, defender, |_, _| true)
    }

    /// [`Position::attacked`] after a move that changed the board on `from` (emptied; NO_CELL
    /// for a drop) and `to` (the piece moved or dropped there) alone, where `c` was not
    /// attacked before the move, in a game whose attacks run along lines, by leaps without
    /// legs and by pawn captures (no lame leapers, no hoppers): an attack on `c` now comes
    /// along a line through `from` or `to`, or from the piece on `to`. So only the rays of
    /// `c` that may hold `from` or `to` ([`Topology::toward`](crate::board::Topology::toward))
    /// are walked, and the leaps and pawn captures from `to`: the answer of `attacked`, for
    /// a fraction of its walk (the end test after each move of a search,
    /// [`crate::tree::Tree::step`]).
    pub(crate) fn attacked_after_move(
        &self,
        c: Cell,
        defender: Seat,
        from: Cell,
        to: Cell,
    ) -> bool {
        let v = self.variant;
        let t = &v.board;
        let toward = |x: Cell| match x {
            NO_CELL => NO_DIR,
            x => t.toward(c, x).unwrap_or(NO_DIR),
        };
        let q = self.board[to as usize];
        let dirs = [toward(from), toward(to)];
        let near = Near {
            dirs,
            all: dirs.contains(&ANY_DIR),
            to,
            kinds: if q.is_some() { 1u64 << q.kind() } else { 0 },
        };
        let hostile = |q: Piece| q.is_seated() && !v.allied(defender, q.owner());
        if v.special_mask == 0 {
            self.attackers_near::<false, true>(c, hostile, |_, _| true, near)
        } else {
            self.attackers_near::<true, true>(c, hostile, |_, _| true, near)
        }
    }

    /// Calls `found` with each piece hostile to `defender` that attacks `c` (its cell and the
    /// piece; a piece may come more than once), looking from `c` outwards along the game's
    /// lines, leaps and pawn captures in reverse, as [`Position::attacked`] counts attacks,
    /// until `found` answers true; whether it did.
    #[inline]
    pub fn each_attacker(
        &self,
        c: Cell,
        defender: Seat,
        found: impl FnMut(Cell, Piece) -> bool,
    ) -> bool {
        let v = self.variant;
        let hostile = |q: Piece| q.is_seated() && !v.allied(defender, q.owner());
        if v.special_mask == 0 {
            self.attackers_by::<false>(c, hostile, found)
        } else {
            self.attackers_by::<true>(c, hostile, found)
        }
    }

    /// Calls `found` with each seated piece, of any seat, that attacks `c` (as
    /// [`Position::each_attacker`] finds them for a defender no piece is allied with), until
    /// `found` answers true; whether it did. One walk for the attackers of both sides: those
    /// [`Position::each_attacker`] gives for a defender are the pieces given here that are
    /// hostile to it.
    #[inline]
    pub fn each_seated_attacker(&self, c: Cell, found: impl FnMut(Cell, Piece) -> bool) -> bool {
        let hostile = |q: Piece| q.is_seated();
        if self.variant.special_mask == 0 {
            self.attackers_by::<false>(c, hostile, found)
        } else {
            self.attackers_by::<true>(c, hostile, found)
        }
    }

    /// [`Position::each_seated_attacker`] along the rays of `c` that may hold `x` only (none
    /// where `x` is on no line from `c`): the attackers a piece leaving `x` may uncover.
    pub(crate) fn each_seated_attacker_along(
        &self,
        c: Cell,
        x: Cell,
        found: impl FnMut(Cell, Piece) -> bool,
    ) -> bool {
        let Some(d) = self.variant.board.toward(c, x) else {
            return false;
        };
        let near = Near {
            dirs: [d, NO_DIR],
            all: d == ANY_DIR,
            to: NO_CELL,
            kinds: 0,
        };
        let hostile = |q: Piece| q.is_seated();
        if self.variant.special_mask == 0 {
            self.attackers_near::<false, true>(c, hostile, found, near)
        } else {
            self.attackers_near::<true, true>(c, hostile, found, near)
        }
    }

    /// [`Position::each_attacker`], compiled twice: without the atom-by-atom test for games
    /// whose pieces are all plain (`SPECIAL` = false, the fast path of chess), and with it.
    /// `hostile`: the pieces that count (the walk is the same for any: it only filters).
    #[inline(always)]
    fn attackers_by<const SPECIAL: bool>(
        &self,
        c: Cell,
        hostile: impl Fn(Piece) -> bool,
        found: impl FnMut(Cell, Piece) -> bool,
    ) -> bool {
        self.attackers_near::<SPECIAL, false>(c, hostile, found, Near::ALL)
    }

    /// [`Position::attackers_by`]; with `ONLY` only along the rays of `near.dirs` and from
    /// the cell `near.to` by leaps and pawn captures ([`Position::attacked_after_move`]).
    #[inline(always)]
    fn attackers_near<const SPECIAL: bool, const ONLY: bool>(
        &self,
        c: Cell,
        hostile: impl Fn(Piece) -> bool,
        mut found: impl FnMut(Cell, Piece) -> bool,
        near: Near,
    ) -> bool {
        let v = self.variant;
        let t = &v.board;
        // a piece of a kind hops may not take is not attacked by hoppers (janggi's cannons)
        let target = self.board[c as usize];
        let hop_target_ok = target.is_none() || v.hop_capture_barred >> target.kind() & 1 == 0;
        for r in t.rays(c) {
            if ONLY && !near.walks(r.dir) {
                continue;
            }
            let (sliders, steppers) = v.line_mask(r.line);
            let hoppers = if hop_target_ok {
                v.hop_mask[r.line as usize]
            } else {
                0
            };
            // pieces limited by direction or zone that may capture along this line (asked
            // atom by atom): next to `c`, farther, over a screen
            let (sp_near, sp_far, sp_hop) = if SPECIAL {
                let l = r.line as usize;
                (v.special_near[l], v.special_far[l], v.special_hop[l])
            } else {
                (0, 0, 0)
            };
            if sliders | steppers | hoppers | sp_near | sp_hop == 0 {
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
                    if hostile(q) {
                        let special = if i == 0 { sp_near } else { sp_far };
                        let hits = sliders & bit != 0
                            || (i == 0 && steppers & bit != 0)
                            || (special & bit != 0 && {
                                let via = Via::Line {
                                    line: r.line,
                                    dist: i + 1,
                                    dir: opposite(r.dir),
                                };
                                self.atom_hits(q, a, c, via)
                            });
                        if hits && found(a, q) {
                            return true;
                        }
                    }
                    if hoppers | sp_hop == 0 || v.hop_screen_barred >> q.kind() & 1 == 1 {
                        break;
                    }
                    screen = true;
                } else {
                    if hostile(q)
                        && (hoppers & bit != 0
                            || (sp_hop & bit != 0
                                && self.atom_hits(q, a, c, Via::Hop { line: r.line })))
                        && found(a, q)
                    {
                        return true;
                    }
                    break;
                }
            }
        }
        for &(leap, mask) in &v.leap_masks {
            if ONLY && mask & near.kinds == 0 {
                continue;
            }
            for lt in t.leaps_to(leap, c) {
                if ONLY && lt.to != near.to {
                    continue;
                }
                let q = self.board[lt.to as usize];
                if q.is_some()
                    && mask >> q.kind() & 1 == 1
                    && hostile(q)
                    && self.legs_clear(lt)
                    && found(lt.to, q)
                {
                    return true;
                }
            }
        }
        if SPECIAL {
            let hit = if ONLY {
                near.kinds & v.special_mask != 0
                    && self.special_leap_attackers(c, &hostile, &mut |a, q| {
                        a == near.to && found(a, q)
                    })
            } else {
                self.special_leap_attackers(c, &hostile, &mut found)
            };
            if hit {
                return true;
            }
        }
        if v.pawn_mask != 0 && (!ONLY || v.pawn_mask & near.kinds != 0) {
            for f in 0..v.pawn_facings {
                for &a in &t.pawns[f as usize].attackers[c as usize] {
                    if ONLY && a != near.to {
                        continue;
                    }
                    let q = self.board[a as usize];
                    if q.is_some()
                        && q.facing() == f
                        && v.pawn_mask >> q.kind() & 1 == 1
                        && hostile(q)
                        && found(a, q)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Calls `found` with each hostile leaper limited by direction or zone that attacks `c`
    /// until it answers true; whether it did.
    #[inline(never)]
    fn special_leap_attackers(
        &self,
        c: Cell,
        hostile: &dyn Fn(Piece) -> bool,
        found: &mut dyn FnMut(Cell, Piece) -> bool,
    ) -> bool {
        let v = self.variant;
        let special = v.special_mask;
        v.special_leaps().any(|leap| {
            v.board.leaps_to(leap, c).iter().any(|lt| {
                let q = self.board[lt.to as usize];
                special >> q.kind() & 1 == 1
                    && hostile(q)
                    && self.legs_clear(lt)
                    && self.atom_hits(q, lt.to, c, Via::Leap { leap, dir: lt.dir })
                    && found(lt.to, q)
            })
        })
    }

    /// Whether `seat`'s king is attacked.
    pub fn in_check(&self, seat: Seat) -> bool {
        match self.king(seat) {
            Some(k) => self.king_attacked(seat, k),
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
        let safety = self.safety();
        let node = self.node_state();
        if safety.is_none() && (!self.variant.hooks.filter || node.verdict.is_some()) {
            // nothing to test per move: every move stands, or none (the filter's verdict)
            if node.verdict == Some(false) {
                out.clear();
            }
            return;
        }
        let mut i = 0;
        while i < out.len() {
            if self.is_legal_pseudo(out[i], &safety, &node) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// The family filter's state of this node (`Rules::node_state`; 0 where not asked).
    #[inline]
    fn node_state(&mut self) -> NodeState {
        let v = self.variant;
        if v.hooks.filter && v.hooks.node_state {
            v.rules().node_state(self)
        } else {
            NodeState::default()
        }
    }

    /// What the king-safety test needs, computed once per node. None when the game does not
    /// forbid leaving the king attacked.
    fn safety(&self) -> Option<Safety> {
        let v = self.variant;
        if !v.royal_check {
            return None;
        }
        let s = self.st.turn;
        let Some(king) = self.king(s) else {
            // no king on the board yet (sittuyin's set-up: it is in hand): every move is
            // tested, so the king is not dropped where it is attacked
            return Some(Safety {
                king: NO_CELL,
                all: true,
                pinned: None,
                hop_danger: CellSet::EMPTY,
                plain: false,
                blocks_only: false,
                evasion: None,
            });
        };
        let checked = !v.hooks.verify_all && self.king_attacked(s, king);
        let all = v.hooks.verify_all || checked;
        let plain =
            (!v.hooks.effects || v.hooks.effects_keep_board) && !v.has_legs && !v.has_hoppers;
        let blocks_only = checked && plain;
        // lame leapers (legs) can be unblocked from cells that pin lines do not cover, and a
        // hopper's screen can be taken away from any cell of its line: there every piece on
        // the king's exposure (lines and legs, `Variant::exposure`) is tested
        let pinned = if all || v.has_legs || v.has_hoppers {
            None
        } else {
            Some(self.pinned(king, s))
        };
        let hop_danger = if !all && v.has_hoppers {
            self.hop_danger(king, s)
        } else {
            CellSet::EMPTY
        };
        let evasion = if blocks_only {
            self.evasion_cells(king, s)
        } else {
            None
        };
        Some(Safety {
            king,
            all,
            pinned,
            hop_danger,
            plain,
            blocks_only,
            evasion,
        })
    }

    /// [`Safety::evasion`]: for each piece that attacks `s`'s king on `king`, its cell and the
    /// cells before it on the king's rays that hold it (where a piece put down blocks a
    /// line's attack: [`Position::attacked`] walks the king's rays outwards); the cells
    /// common to all attackers. None where none attacks.
    fn evasion_cells(&self, king: Cell, s: Seat) -> Option<CellSet> {
        let t = &self.variant.board;
        let mut common: Option<CellSet> = None;
        self.each_attacker(king, s, |x, _| {
            let mut cells = CellSet::EMPTY;
            cells.insert(x);
            if t.on_line(king, x) {
                for r in t.rays(king) {
                    let ray = t.ray_cells(r);
                    if let Some(i) = ray.iter().position(|&c| c == x) {
                        for &c in &ray[..i] {
                            cells.insert(c);
                        }
                    }
                }
            }
            common = Some(common.map_or(cells, |e| e.intersection(&cells)));
            false
        });
        common
    }

    /// [`Safety::hop_danger`]: along each ray from the king, the cells up to the third piece
    /// when a hostile hopper is among the first three pieces (a piece arriving before it, or
    /// replacing a piece hops may not use as a screen, can complete its screen).
    fn hop_danger(&self, king: Cell, s: Seat) -> CellSet {
        let v = self.variant;
        let t = &v.board;
        let mut set = CellSet::EMPTY;
        for r in t.rays(king) {
            let cells = t.ray_cells(r);
            let mut pieces = 0;
            let mut end = cells.len();
            let mut hopper = false;
            for (i, &a) in cells.iter().enumerate() {
                let q = self.board[a as usize];
                if q.is_none() {
                    continue;
                }
                if q.is_seated() && !v.allied(s, q.owner()) && v.hopper_mask >> q.kind() & 1 == 1 {
                    hopper = true;
                }
                pieces += 1;
                if pieces == 3 {
                    end = i + 1;
                    break;
                }
            }
            if hopper {
                for &a in &cells[..end] {
                    set.insert(a);
                }
            }
        }
        set
    }

    /// The mover's pieces that stand alone between its king and a hostile slider (or a piece
    /// limited by direction or zone, counted as a possible slider): only their moves can
    /// uncover the king.
    pub(crate) fn pinned(&self, king: Cell, s: Seat) -> CellSet {
        let v = self.variant;
        let t = &v.board;
        let mut set = CellSet::EMPTY;
        for r in t.rays(king) {
            let (sliders, _) = v.line_mask(r.line);
            let pinners = sliders | v.special_mask;
            if pinners == 0 {
                continue;
            }
            let mut blocker = NO_CELL;
            for &a in t.ray_cells(r) {
                let q = self.board[a as usize];
                if q.is_none() {
                    continue;
                }
                if blocker == NO_CELL {
                    if q.owner() != s {
                        break;
                    }
                    blocker = a;
                    continue;
                }
                if q.is_seated() && !v.allied(s, q.owner()) && pinners >> q.kind() & 1 == 1 {
                    set.insert(blocker);
                }
                break;
            }
        }
        set
    }

    /// Whether a pseudo-legal move of the side to move is legal: it does not leave the own
    /// king attacked (where the game has that rule) and the family's filter accepts it. Only
    /// moves that can expose the king are made and tested: king moves, moves of pinned pieces
    /// (or of any piece on a line with the king in games with lame leapers), moves other than
    /// plain ones and drops, and every move when in check.
    #[inline(always)]
    fn is_legal_pseudo(&mut self, m: Move, safety: &Option<Safety>, node: &NodeState) -> bool {
        let v = self.variant;
        if let Some(Safety {
            king,
            all,
            pinned,
            hop_danger,
            plain,
            blocks_only,
            evasion,
        }) = safety
        {
            let (king, all) = (*king, *all);
            if *blocks_only
                && matches!(m.kind, MoveKind::Normal | MoveKind::Double)
                && m.from != king
                && m.from != NO_CELL
                && !v.is_royal(self.board[m.from as usize].kind())
            {
                let target = self.board[m.to as usize];
                let stays = match evasion {
                    Some(cells) => {
                        !cells.contains(m.to) && (target.is_none() || !v.is_royal(target.kind()))
                    }
                    None => target.is_none() && !v.board.on_line(king, m.to),
                };
                if stays {
                    return false; // the king stays attacked (`Safety::evasion`)
                }
            }
            // a pass moves nothing: whether it is allowed in check is the family's rule
            let risky = m.kind != MoveKind::Pass
                && (all
                    || m.from == king
                    || !matches!(m.kind, MoveKind::Normal | MoveKind::Double | MoveKind::Drop)
                    || (m.from != NO_CELL
                        && match pinned {
                            Some(p) => p.contains(m.from),
                            None => v.exposure[king as usize].contains(m.from),
                        })
                    // a piece arriving on a line with the king can be a hopper's screen
                    || (v.has_hoppers && hop_danger.contains(m.to)));
            if risky {
                let s = self.st.turn;
                // the owner of an opposing king this move takes, where that matters
                // (`Variant::king_take`)
                let taken = if v.king_take == KingTake::Guarded {
                    None
                } else {
                    self.captured_piece(m)
                        .filter(|&(_, p)| v.is_live_king(p))
                        .map(|(_, p)| p.owner())
                };
                let safe = match taken {
                    // the game ends with the capture: nothing can take the mover's king
                    Some(_) if v.king_take == KingTake::EndsGame => true,
                    // a plain step of the king (`Safety::plain`): whether its new cell is
                    // attacked with the king lifted from its old one (a piece it takes
                    // attacks nothing on its own cell)
                    None if *plain
                        && m.from == king
                        && m.kind == MoveKind::Normal
                        && m.promo == 0 =>
                    {
                        let k = std::mem::replace(&mut self.board[king as usize], Piece::NONE);
                        let safe = !self.attacked(m.to, s);
                        self.board[king as usize] = k;
                        safe
                    }
                    _ => {
                        let u = self.make_probe(m);
                        let k = self.st.kings[s as usize];
                        let safe = k == NO_CELL
                            || match taken {
                                // the victim's army turns grey: its attacks no longer count
                                Some(victim) => {
                                    !self.each_attacker(k, s, |_, q| q.owner() != victim)
                                }
                                None => !self.attacked(k, s),
                            };
                        self.unmake(m, &u);
                        safe
                    }
                };
                if !safe {
                    return false;
                }
            }
        }
        !v.hooks.filter
            || match node.verdict {
                Some(all) => all,
                None => v.rules().legal_at(self, m, node),
            }
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.clone().any_legal_move()
    }

    /// Whether the side to move has at least one legal move, without copying the position or
    /// allocating (once warm): the test a search makes at every node. The pseudo-legal moves
    /// of [`Position::pseudo_moves`] are generated one piece at a time and tested as they
    /// come, so the test usually stops at the first piece that can move.
    pub fn any_legal_move(&mut self) -> bool {
        if self.quick_legal_move() {
            return true;
        }
        let mut buf = POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default();
        let safety = self.safety();
        let node = self.node_state();
        let v = self.variant;
        let s = self.st.turn;
        let mut found = false;
        if self.st.step == 0 && self.st.phase == 0 {
            // in check (where the king's steps are tested unmade), the king first: a step
            // aside is the likeliest legal move, and the others mostly end off the evasion
            let mut cells = *self.pieces_of(s);
            let first = safety
                .filter(|x| x.blocks_only && cells.contains(x.king))
                .map(|x| x.king);
            if let Some(k) = first {
                cells.remove(k);
            }
            for c in first.into_iter().chain(cells.iter()) {
                buf.clear();
                self.piece_moves(c, self.board[c as usize], &mut buf);
                if buf.iter().any(|&m| self.is_legal_pseudo(m, &safety, &node)) {
                    found = true;
                    break;
                }
            }
            if !found {
                buf.clear();
                if v.castling {
                    self.castling_moves(s, &mut buf);
                }
                if v.hand.as_ref().is_some_and(|h| h.drops) {
                    self.drop_moves(s, &mut buf);
                }
                found = buf.iter().any(|&m| self.is_legal_pseudo(m, &safety, &node));
            }
        }
        if !found && v.hooks.extra_moves {
            buf.clear();
            v.rules().extra_moves(self, &mut buf);
            found = buf.iter().any(|&m| self.is_legal_pseudo(m, &safety, &node));
        }
        POOL.with(|p| p.borrow_mut().push(buf));
        found
    }

    /// Whether a piece of the side to move that stands on no line from its king, where the
    /// king is not attacked, has a plain move (or a double step): such a move cannot expose
    /// the king, so it is legal without the pin walk of [`Position::safety`] or a test. Only
    /// where nothing else decides legality (no family filter, no lame leapers or hoppers, not
    /// every move tested, the first step of a turn in play). False says nothing: the full test
    /// of [`Position::any_legal_move`] follows.
    fn quick_legal_move(&mut self) -> bool {
        let v = self.variant;
        if !v.royal_check
            || v.hooks.verify_all
            || v.hooks.filter
            || v.has_legs
            || v.has_hoppers
            || self.st.step != 0
            || self.st.phase != 0
        {
            return false;
        }
        let s = self.st.turn;
        let Some(king) = self.king(s) else {
            return false;
        };
        if self.king_attacked(s, king) {
            return false;
        }
        let mut plain = PlainMove(false);
        let mut off_lines = self.pieces_of(s).difference(v.board.lines_from(king));
        off_lines.remove(king);
        for c in off_lines.iter() {
            self.piece_moves_to(c, self.board[c as usize], &mut plain);
            if plain.0 {
                return true;
            }
        }
        false
    }

    /// Whether a move of the side to move takes something (en passant included; castling
    /// onto the own rook does not).
    #[inline]
    pub fn is_capture(&self, m: &Move) -> bool {
        m.kind == MoveKind::EnPassant
            || (m.is_board_move()
                && m.kind != MoveKind::Castle
                && self.enemy_of(self.st.turn, self.board[m.to as usize]))
    }

    /// The pseudo-legal moves of [`Position::pseudo_moves`] that capture
    /// ([`Position::is_capture`]) or promote, without generating the others where it can
    /// (no castling, no drops; the family's extra moves are generated and filtered).
    pub fn capture_moves(&self, out: &mut Vec<Move>) {
        let v = self.variant;
        let s = self.st.turn;
        if self.st.step == 0 && self.st.phase == 0 {
            for c in self.pieces_of(s).iter() {
                self.piece_moves_of::<true, _>(c, self.board[c as usize], out);
            }
        }
        if v.hooks.extra_moves {
            let n = out.len();
            v.rules().extra_moves(self, out);
            let mut i = n;
            while i < out.len() {
                if self.is_capture(&out[i]) || out[i].promo > 0 {
                    i += 1;
                } else {
                    out.remove(i);
                }
            }
        }
    }

    /// The legal moves that capture or promote (the legal moves of
    /// [`Position::legal_into`] kept by [`Position::is_capture`] or a promotion, as a set).
    pub fn legal_captures_into(&mut self, out: &mut Vec<Move>) {
        out.clear();
        self.capture_moves(out);
        if out.is_empty() {
            return;
        }
        let safety = self.safety();
        let node = self.node_state();
        let mut i = 0;
        while i < out.len() {
            if self.is_legal_pseudo(out[i], &safety, &node) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }
}

impl Position {
    /// The kings `by`'s pieces attack, as (king's seat, cells of `by`'s pieces attacking it),
    /// in seat order. Only kings of seats that take turns (walking kings included) and that
    /// `by` may capture count; kings of partners never do.
    pub fn kings_attacked_by(&self, by: Seat) -> Vec<(Seat, Vec<Cell>)> {
        let mut probe = self.probe_copy();
        if probe.turn() != by {
            probe.set_turn(by);
        }
        let mut moves = Vec::with_capacity(128);
        probe.pseudo_moves(&mut moves);
        let mut out: Vec<(Seat, Vec<Cell>)> = Vec::new();
        for m in moves {
            if m.kind == MoveKind::Castle {
                continue;
            }
            let q = self.at(m.to);
            if !self.variant.is_live_king(q) || q.owner() == by || !self.is_in_play(q.owner()) {
                continue;
            }
            match out.iter_mut().find(|(s, _)| *s == q.owner()) {
                Some((_, cells)) => {
                    if !cells.contains(&m.from) {
                        cells.push(m.from)
                    }
                }
                None => out.push((q.owner(), vec![m.from])),
            }
        }
        out.sort_by_key(|(s, _)| *s);
        out
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

/// Counts leaf nodes of the legal move tree to `depth` whole turns: a turn of several steps
/// (duck chess: the move, then the duck) counts as one ply, as Fairy-Stockfish counts it. The
/// same as [`perft`] for games of one step per turn. Where the variant counts a turn by the
/// positions it ends in (`Hooks::turn_ends`: Paco Ŝako's chains), a node's children are the
/// distinct positions its turn can end in (by hash), each counted once however many step
/// sequences lead to it. A position in the middle of a turn counts the rest of that turn as
/// its first ply.
pub fn perft_turns(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.variant.hooks.turn_ends {
        let mut seen = HashSet::new();
        let mut n = 0;
        walk_turn(pos, &mut seen, &mut |pos| {
            n += perft_turns(pos, depth - 1);
        });
        return n;
    }
    let mut buf = Vec::with_capacity(128);
    pos.legal_into(&mut buf);
    if depth == 1 && pos.st.step + 1 == pos.variant.steps_per_turn {
        return buf.len() as u64;
    }
    let mut n = 0;
    for m in buf {
        let u = pos.make(m);
        n += if pos.st.step == 0 {
            perft_turns(pos, depth - 1)
        } else {
            perft_turns(pos, depth)
        };
        pos.unmake(m, &u);
    }
    n
}

/// Walks the positions the turn in progress can pass through (depth first, in legal-move
/// order) and calls `end` at each position the turn ends in. Each position is visited once:
/// `seen` holds the hashes of the ends and of the positions in the middle of the turn met so
/// far, so with `Hooks::turn_ends` each distinct end is reached once, and a chain that can
/// reach one position along many paths is walked once from it (which ends a turn can reach is
/// a question of reaching, and a position reached along any path is reached along one that
/// passes no position twice, which is all a chain may do).
fn walk_turn(pos: &mut Position, seen: &mut HashSet<u64>, end: &mut dyn FnMut(&mut Position)) {
    let mut buf = Vec::with_capacity(64);
    pos.legal_into(&mut buf);
    for m in buf {
        let u = pos.make(m);
        if pos.st.step != 0 {
            if seen.insert(pos.hash_without_step() ^ MIDDLE) {
                walk_turn(pos, seen, end);
            }
        } else if seen.insert(pos.hash()) {
            end(pos);
        }
        pos.unmake(m, &u);
    }
}

/// Sets the keys of positions in the middle of a turn apart from those of ends in `walk_turn`.
const MIDDLE: u64 = 0x6d1d_d1e0_7a5e_c0de;

/// The ways the turn in progress can end: with `Hooks::turn_ends`, one entry per distinct
/// resulting position, with the steps of a shortest sequence reaching it (breadth first, in
/// legal-move order), in the order reached; otherwise every step sequence.
pub fn turn_ends(pos: &mut Position) -> Vec<Vec<Move>> {
    if !pos.variant.hooks.turn_ends {
        let mut out = Vec::new();
        let mut all = |_: &mut Position, p: &[Move]| out.push(p.to_vec());
        walk_all(pos, &mut Vec::new(), &mut all);
        return out;
    }
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut queue = std::collections::VecDeque::new();
    queue.push_back((pos.clone(), Vec::new()));
    while let Some((mut at, path)) = queue.pop_front() {
        let mut buf = Vec::with_capacity(64);
        at.legal_into(&mut buf);
        for m in buf {
            let mut next = at.clone();
            next.make(m);
            let mut steps: Vec<Move> = path.clone();
            steps.push(m);
            if next.st.step != 0 {
                if seen.insert(next.hash_without_step() ^ MIDDLE) {
                    queue.push_back((next, steps));
                }
            } else if seen.insert(next.hash()) {
                out.push(steps);
            }
        }
    }
    out
}

/// Every step sequence that finishes the turn in progress.
fn walk_all(pos: &mut Position, path: &mut Vec<Move>, end: &mut dyn FnMut(&mut Position, &[Move])) {
    let mut buf = Vec::with_capacity(64);
    pos.legal_into(&mut buf);
    for m in buf {
        let u = pos.make(m);
        path.push(m);
        if pos.st.step != 0 {
            walk_all(pos, path, end);
        } else {
            end(pos, path);
        }
        path.pop();
        pos.unmake(m, &u);
    }
}

/// Perft below each way the turn in progress can end ([`turn_ends`]): the steps and the count
/// of `depth - 1` whole turns below (`depth` >= 1).
pub fn divide_turns(pos: &mut Position, depth: u32) -> Vec<(Vec<Move>, u64)> {
    let mut out = Vec::new();
    for steps in turn_ends(pos) {
        let mut undo = Vec::with_capacity(steps.len());
        for &m in &steps {
            undo.push(pos.make(m));
        }
        let n = perft_turns(pos, depth.saturating_sub(1));
        for (&m, u) in steps.iter().zip(undo.iter()).rev() {
            pos.unmake(m, u);
        }
        out.push((steps, n));
    }
    out
}

#[cfg(test)]
impl Position {
    /// The legal moves as [`Position::legal_into`] finds them when it makes and tests every
    /// pseudo-legal move (no pin set, no shortcut of [`Safety`]): the reference of the tests.
    fn legal_by_making_each(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        self.pseudo_moves(&mut out);
        let safety = self.safety().map(|s| Safety {
            all: true,
            pinned: None,
            plain: false,
            blocks_only: false,
            ..s
        });
        let node = self.node_state();
        if safety.is_none() && (!self.variant.hooks.filter || node.verdict.is_some()) {
            if node.verdict == Some(false) {
                out.clear();
            }
            return out;
        }
        let mut legal = Vec::new();
        for m in out {
            if self.is_legal_pseudo(m, &safety, &node) {
                legal.push(m);
            }
        }
        legal
    }
}

#[cfg(test)]
mod shortcut_tests {
    use crate::game::{Action, Game};
    use crate::position::Move;

    fn sorted(mut v: Vec<Move>) -> Vec<String> {
        let mut s: Vec<String> = v.drain(..).map(|m| format!("{m:?}")).collect();
        s.sort();
        s
    }

    /// Calls `visit` with every position of `walks` seeded random games of up to `plies`
    /// moves in every playable game.
    fn walk_every_game(seed: u64, walks: usize, plies: usize, mut visit: impl FnMut(&Game)) {
        let mut rng = crate::rng::XorShift(seed);
        for g in crate::rules::catalogue() {
            if !g.playable {
                continue;
            }
            for _ in 0..walks {
                let mut game = Game::new(g.id).unwrap();
                for _ in 0..plies {
                    if game.is_over() {
                        break;
                    }
                    visit(&game);
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len())];
                    game.act(Action::Move(m)).unwrap();
                }
            }
        }
    }

    /// The king-safety shortcuts ([`super::Safety::plain`]: a king's step tested with the
    /// king lifted, not made; [`super::Safety::blocks_only`]: in check, a move that neither
    /// takes an attacker nor lands between one and the king refused unmade,
    /// [`super::Safety::evasion`]) leave the legal moves those found by making and testing
    /// every pseudo-legal move, and the end test
    /// ([`crate::position::Position::any_legal_move`]) their answer, in random positions of
    /// every game, in check and not.
    #[test]
    fn king_safety_shortcuts_give_the_moves_found_by_making_each() {
        let (mut positions, mut checked) = (0, 0);
        walk_every_game(0x51ed_2701_9a3c_44b1, 3, 80, |game| {
            let mut pos = game.position().clone();
            let s = pos.turn();
            if pos.king(s).is_some() && pos.in_check(s) {
                checked += 1;
            }
            let mut fast = Vec::new();
            pos.legal_into(&mut fast);
            let slow = pos.clone().legal_by_making_each();
            assert_eq!(
                pos.any_legal_move(),
                !slow.is_empty(),
                "{} {:?}",
                game.variant.id,
                game.position().hash()
            );
            assert_eq!(
                sorted(fast),
                sorted(slow),
                "{} {:?}",
                game.variant.id,
                game.position().hash()
            );
            positions += 1;
        });
        assert!(positions > 3000 && checked > 100, "{positions} {checked}");
    }

    /// [`crate::position::Position::in_check`] answers from its memo what `attacked` answers:
    /// asked twice, after each move made and taken back, and in a copy whose board is edited
    /// without the hash (a copy starts with an empty memo), in random positions of every game.
    #[test]
    fn the_check_memo_answers_what_attacked_answers() {
        let (mut asked, mut edited) = (0, 0);
        let truth =
            |p: &crate::position::Position, s: u8| p.king(s).is_some_and(|k| p.attacked(k, s));
        walk_every_game(0x0dd5_eed5_1234_5678, 1, 40, |game| {
            let id = game.variant.id;
            let n = game.variant.seat_count() as u8;
            let mut pos = game.position().clone();
            for s in 0..n {
                for _ in 0..2 {
                    assert_eq!(pos.in_check(s), truth(&pos, s), "{id}");
                    asked += 1;
                }
            }
            let mut moves = Vec::new();
            pos.legal_into(&mut moves);
            for &m in moves.iter().take(8) {
                let u = pos.make(m);
                for s in 0..n {
                    assert_eq!(pos.in_check(s), truth(&pos, s), "{id}");
                }
                pos.unmake(m, &u);
                for s in 0..n {
                    assert_eq!(pos.in_check(s), truth(&pos, s), "{id}");
                }
            }
            // a hostile piece put on each empty cell of a copy, the hash left alone
            let s = pos.turn();
            let hostile = (0..pos.board.len())
                .map(|c| pos.board[c])
                .find(|q| q.is_seated() && !pos.variant.allied(s, q.owner()));
            if let (Some(q), Some(_)) = (hostile, pos.king(s)) {
                let _ = pos.in_check(s);
                for x in 0..pos.board.len() {
                    if pos.board[x].is_some() {
                        continue;
                    }
                    let mut copy = pos.clone();
                    copy.board[x] = q;
                    assert_eq!(copy.in_check(s), truth(&copy, s), "{id}");
                    edited += truth(&copy, s) as u32;
                }
            }
        });
        assert!(asked > 5000 && edited > 1000, "{asked} {edited}");
    }
}
