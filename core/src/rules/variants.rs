//! The chess variants of the first catalogue group: antichess, atomic, crazyhouse, duck chess
//! and fog of war (lichess / chess.com rules, as Fairy-Stockfish plays them; see
//! `../shared/rules/DECISIONS.md`). Each is chess's data with a few changes (a non-royal king,
//! a king that cannot capture, hands, the duck) and the hooks its rules need: forced capture,
//! explosions, the duck's placement, king capture. Their notation is Fairy-Stockfish's FEN
//! (holdings `[...]`, promoted pieces marked `~`, the duck `*`).

use crate::board::{grid, Cell, CellSet, NO_CELL};
use crate::error::Result;
use crate::game::{EndReason, Outcome};
use crate::notation::fen;
use crate::piece::{self, atoms::*, chess::*, Atom, Mode, Piece, PieceType, Seat, NEUTRAL};
use crate::position::{Move, MoveKind, Position};
use crate::rules::{NodeState, Rules};
use crate::variant::{EpMode, HandRule, Hooks, SeatDef, Variant};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The duck's piece kind in duck chess (owned by no seat: `Piece::neutral(DUCK)`).
pub const DUCK: u8 = 6;

/// Which variant's rules a family value carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Captures compulsory, the king an ordinary piece, no pieces or no moves wins.
    Antichess,
    /// Captures explode; kings cannot capture; an exploded king loses.
    Atomic,
    /// Captured pieces go to hand and may be dropped.
    Crazyhouse,
    /// A move, then the duck; no check; taking the king wins; no move wins.
    Duck,
    /// No check; taking the king wins; each seat sees only what its pieces reach.
    Fog,
}

/// The rules of one chess variant.
pub struct VariantRules(pub Rule);

pub static ANTICHESS: VariantRules = VariantRules(Rule::Antichess);
pub static ATOMIC: VariantRules = VariantRules(Rule::Atomic);
pub static CRAZYHOUSE: VariantRules = VariantRules(Rule::Crazyhouse);
pub static DUCK_RULES: VariantRules = VariantRules(Rule::Duck);
pub static FOG: VariantRules = VariantRules(Rule::Fog);

/// The orthodox pieces with the changes of a variant.
fn pieces(rule: Rule) -> Vec<PieceType> {
    let mut p = piece::orthodox();
    match rule {
        // the king is an ordinary piece (a commoner): no check, several kings after promotion
        Rule::Antichess => p[KING as usize].royal = false,
        // a king never captures
        Rule::Atomic => {
            p[KING as usize].atoms = vec![
                step(crate::board::Line::Orth).mode(Mode::MoveOnly),
                step(crate::board::Line::Diag).mode(Mode::MoveOnly),
            ]
        }
        // a promoted piece goes back to hand as a pawn
        Rule::Crazyhouse => {
            for k in [KNIGHT, BISHOP, ROOK, QUEEN] {
                p[k as usize].demotes_to = Some(PAWN);
            }
        }
        Rule::Duck => p.push(PieceType::new('*', "duck", Vec::<Atom>::new())),
        Rule::Fog => {}
    }
    p
}

/// The variant of a game id of this module.
pub fn variant(id: &'static str, rule: Rule) -> Variant {
    let rules: &'static VariantRules = match rule {
        Rule::Antichess => &ANTICHESS,
        Rule::Atomic => &ATOMIC,
        Rule::Crazyhouse => &CRAZYHOUSE,
        Rule::Duck => &DUCK_RULES,
        Rule::Fog => &FOG,
    };
    let board = grid::standard();
    let mut v = Variant::base(id, rules, board, pieces(rule));
    v.seats = SeatDef::white_and_black();
    let n = grid::NORTH as usize;
    let s = grid::SOUTH as usize;
    v.double_step = vec![CellSet::EMPTY; 4];
    v.promotion_zone = vec![CellSet::EMPTY; 4];
    v.double_step[n] = grid::line_from_back(&v.board, grid::NORTH, 1);
    v.double_step[s] = grid::line_from_back(&v.board, grid::SOUTH, 1);
    v.promotion_zone[n] = grid::line_from_back(&v.board, grid::SOUTH, 0);
    v.promotion_zone[s] = grid::line_from_back(&v.board, grid::NORTH, 0);
    v.promote_to = vec![QUEEN, ROOK, BISHOP, KNIGHT];
    v.ep = EpMode::NextMove;
    v.castling = true;
    v.start_fen = START_FEN.to_string();
    match rule {
        Rule::Antichess => {
            v.promote_to.push(KING);
            v.castling = false;
            v.royal_check = false;
            v.hooks.filter = true;
            v.start_fen = START_FEN.replace("KQkq", "-");
        }
        Rule::Atomic => {
            // king safety is the atomic kind (adjacent kings, explosions): the filter decides
            v.royal_check = false;
            v.hooks = Hooks {
                filter: true,
                effects: true,
                node_state: true,
                ..Hooks::default()
            };
        }
        Rule::Crazyhouse => {
            // zone 1: where a pawn may be dropped (not the first or last rank)
            let empty = vec![CellSet::EMPTY; 4];
            let mut inner = empty.clone();
            let middle: CellSet = (0..64)
                .filter(|&c| (1..=6).contains(&v.board.cells[c as usize].y))
                .collect();
            inner[n] = middle;
            inner[s] = middle;
            v.zones = vec![empty, inner];
            let mut drop_zone = vec![0; 6];
            drop_zone[PAWN as usize] = 1;
            v.hand = Some(HandRule {
                captures_to_hand: true,
                drops: true,
                drop_zone,
            });
            v.start_fen = START_FEN.replace(" w", "[] w");
        }
        Rule::Duck => {
            v.royal_check = false;
            v.steps_per_turn = 2;
            v.hooks = Hooks {
                extra_moves: true,
                filter: true,
                ..Hooks::default()
            };
        }
        Rule::Fog => {
            v.royal_check = false;
            v.hooks.filter = true;
            v.hooks.node_state = true;
        }
    }
    v.finish()
}

// ------------------------------------------------------------------------------------- FEN

/// Reads Fairy-Stockfish's FEN of these variants (see [`fen::parse_with`]). Unlike chess, a side
/// may have no king (antichess: any number; a finished game of the others: none).
pub fn parse(v: &'static Variant, text: &str) -> Result<Position> {
    fen::parse_with(v, text, false)
}

/// Writes Fairy-Stockfish's FEN of these variants: Shredder castling letters where a castling
/// king or rook does not start on the e, a or h file.
pub fn write(pos: &Position) -> String {
    let t = &pos.variant.board;
    let shredder = pos.castles.iter().any(|d| {
        let rx = t.cells[d.rook_from as usize].x;
        let kx = t.cells[d.king_from as usize].x;
        kx != 4 || (rx != 0 && rx != 7)
    });
    fen::write(pos, shredder)
}

// ------------------------------------------------------------------------------- the rules

/// Whether `m` takes something (en passant included).
fn is_capture(pos: &Position, m: Move) -> bool {
    match m.kind {
        MoveKind::EnPassant => true,
        MoveKind::Normal => pos.enemy_of(pos.turn(), pos.at(m.to)),
        _ => false,
    }
}

thread_local! {
    /// Antichess: whether the side to move can capture, for the position with this hash (the
    /// filter is asked once per move of a node; this answers all of them with one scan).
    static CAN_CAPTURE: std::cell::Cell<(u64, bool)> = const { std::cell::Cell::new((0, false)) };
}

/// Whether the side to move has a capture (a pseudo-legal one: antichess has no check).
pub fn can_capture(pos: &Position) -> bool {
    let h = pos.hash() ^ 0x5bd1_e995_u64.wrapping_mul(pos.turn() as u64 + 1);
    let (key, val) = CAN_CAPTURE.with(|c| c.get());
    if key == h && h != 0 {
        return val;
    }
    let mut out = Vec::with_capacity(64);
    for c in pos.pieces_of(pos.turn()).iter() {
        pos.piece_moves(c, pos.at(c), &mut out);
    }
    let any = out.iter().any(|&m| is_capture(pos, m));
    CAN_CAPTURE.with(|c| c.set((h, any)));
    any
}

/// Whether two cells touch (a king's step apart).
fn adjacent(pos: &Position, a: Cell, b: Cell) -> bool {
    let t = &pos.variant.board;
    let (ca, cb) = (&t.cells[a as usize], &t.cells[b as usize]);
    a != b && (ca.x - cb.x).abs() <= 1 && (ca.y - cb.y).abs() <= 1
}

/// Atomic check: `seat`'s king is attacked by a piece that could take it, and the enemy king
/// does not stand next to it (taking it would explode the taker's own king too).
pub fn atomic_in_check(pos: &Position, seat: Seat) -> bool {
    let Some(k) = pos.king(seat) else {
        return false;
    };
    atomic_attacked(pos, k, seat)
}

/// Whether `c` is attacked in atomic chess for `seat`'s king standing there.
fn atomic_attacked(pos: &Position, c: Cell, seat: Seat) -> bool {
    if let Some(ek) = pos.king(1 - seat) {
        if adjacent(pos, c, ek) {
            return false;
        }
    }
    pos.attacked(c, seat)
}

/// The cells around `c` and `c` itself (an explosion's reach).
fn blast(pos: &Position, c: Cell) -> impl Iterator<Item = Cell> + '_ {
    let t = &pos.variant.board;
    let (x, y) = (t.cells[c as usize].x, t.cells[c as usize].y);
    (-1..=1).flat_map(move |dx| (-1..=1).filter_map(move |dy| t.at(x + dx, y + dy)))
}

/// Whether a seat has lost its king (taken, or exploded).
fn king_gone(pos: &Position) -> Option<Seat> {
    (0..2).find(|&s| pos.king(s).is_none())
}

/// Threefold repetition and the fifty-move rule.
fn draw_by_rule(pos: &Position, history: &[u64]) -> Option<Outcome> {
    if crate::rules::duel::repeated_twice(pos, history) {
        return Some(Outcome::draw(EndReason::Repetition));
    }
    if pos.st.halfmove >= 100 {
        return Some(Outcome::draw(EndReason::FiftyMoves));
    }
    None
}

/// Fog of war: the cells `seat` sees — the cells of its own pieces, every cell one of its
/// pieces can move to (captures included; no check exists in fog of war, so these are the
/// pseudo-legal moves, castling included), and an enemy pawn it may take en passant.
/// Everything else is hidden from that seat (REFERENCE §7; DECISIONS: fog-of-war). Works for
/// either seat whoever is to move.
pub fn visible_cells(pos: &Position, seat: Seat) -> CellSet {
    let mut seen = *pos.pieces_of(seat);
    let mut p = pos.clone();
    if p.turn() != seat {
        // the moves of `seat` as if it were to move (en passant chances stay as they are)
        p.set_turn(seat);
    }
    let mut out = Vec::new();
    p.pseudo_moves(&mut out);
    for m in out {
        if m.to == NO_CELL {
            continue;
        }
        match m.kind {
            MoveKind::Castle => {
                let d = &p.castles[m.aux as usize];
                seen.insert(d.king_to);
                seen.insert(d.rook_to);
            }
            MoveKind::EnPassant => {
                seen.insert(m.to);
                seen.insert(p.st.ep[m.aux as usize].pawn);
            }
            _ => seen.insert(m.to),
        }
    }
    seen
}

impl Rules for VariantRules {
    fn captures_forced(&self) -> bool {
        self.0 == Rule::Antichess
    }
    fn bare_wins(&self) -> bool {
        self.0 == Rule::Antichess
    }
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        parse(v, text)
    }
    fn write(&self, pos: &Position) -> String {
        write(pos)
    }
    /// Duck chess: at a turn's second step the duck goes to any empty cell (it must move).
    fn extra_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.0 == Rule::Duck && pos.st.step == 1 {
            let from = (0..pos.board.len() as Cell)
                .find(|&c| {
                    let p = pos.at(c);
                    p.is_some() && p.owner() == NEUTRAL
                })
                .unwrap_or(NO_CELL);
            for c in 0..pos.board.len() as Cell {
                if pos.at(c).is_none() {
                    out.push(Move::place(DUCK, from, c));
                }
            }
        }
    }
    fn legal(&self, pos: &mut Position, m: Move) -> bool {
        match self.0 {
            // captures are compulsory
            Rule::Antichess => is_capture(pos, m) || !can_capture(pos),
            // a finished game (a king taken) has no moves; the duck's placement still
            // completes the turn that took the king
            Rule::Duck => pos.st.step == 1 || king_gone(pos).is_none(),
            Rule::Fog => king_gone(pos).is_none(),
            Rule::Atomic => {
                if king_gone(pos).is_some() {
                    return false;
                }
                let s = pos.turn();
                if m.kind == MoveKind::Castle {
                    // not out of, through or into check (atomic check: kings side by side are
                    // never in check), tested with the king lifted off its cell, so that it
                    // does not shield the cells it crosses
                    // (its destination, unless it is where the king stands, is tested below in
                    // the position after castling, where the rook may shield it)
                    let d = &pos.castles[m.aux as usize];
                    let (path, king_to) = (d.king_path.clone(), d.king_to);
                    let king = pos.at(m.from);
                    pos.put(m.from, Piece::NONE);
                    let attacked = path
                        .iter()
                        .any(|&c| (c != king_to || c == m.from) && atomic_attacked(pos, c, s));
                    pos.put(m.from, king);
                    if attacked {
                        return false;
                    }
                }
                let u = pos.make(m);
                // the own king may not explode; the enemy king exploding wins at once; else
                // the own king may not be left in (atomic) check
                let ok = match (pos.king(s), pos.king(1 - s)) {
                    (None, _) => false,
                    (Some(_), None) => true,
                    (Some(_), Some(_)) => !atomic_in_check(pos, s),
                };
                pos.unmake(m, &u);
                ok
            }
            Rule::Crazyhouse => true,
        }
    }
    /// Atomic: whether the mover is in (atomic) check (value 1) or not (0), and its pieces
    /// that alone stand between its king and a hostile slider (cells). Fog of war: the
    /// verdict of every move (its filter depends only on the node).
    fn node_state(&self, pos: &mut Position) -> NodeState {
        let s = pos.turn();
        match (self.0, pos.king(s)) {
            (Rule::Atomic, Some(k)) => NodeState {
                value: atomic_in_check(pos, s) as u64,
                cells: pos.pinned(k, s),
                verdict: None,
            },
            // fog of war: every move is legal until a king is taken, none after
            (Rule::Fog, _) => NodeState {
                verdict: Some(king_gone(pos).is_none()),
                ..NodeState::default()
            },
            _ => NodeState::default(),
        }
    }
    /// Atomic: out of check, a move that takes nothing, of a piece other than the king that
    /// is not pinned, can neither expose the king nor explode anything: legal without being
    /// made.
    fn legal_at(&self, pos: &mut Position, m: Move, node: &NodeState) -> bool {
        if self.0 == Rule::Atomic
            && node.value == 0
            && matches!(m.kind, MoveKind::Normal | MoveKind::Double)
            && pos.at(m.to).is_none()
            && !node.cells.contains(m.from)
            && king_gone(pos).is_none()
            && pos.king(pos.turn()) != Some(m.from)
        {
            return true;
        }
        self.legal(pos, m)
    }
    /// Atomic: a capture explodes the capturer, and every piece but a pawn on the eight cells
    /// around the target (kings too); castling rights of exploded cells are lost.
    fn effects(&self, pos: &mut Position, m: Move, captured: Piece) {
        if self.0 != Rule::Atomic || captured.is_none() {
            return;
        }
        let cells: Vec<Cell> = blast(pos, m.to).collect();
        for c in cells {
            let p = pos.at(c);
            if p.is_none() || (c != m.to && p.kind() == PAWN) {
                continue;
            }
            pos.set(c, Piece::NONE);
            let lost = pos.castle_mask[c as usize];
            if pos.st.castling & lost != 0 {
                pos.set_castling(pos.st.castling & !lost);
            }
        }
    }
    fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome> {
        let to_move = pos.turn();
        match self.0 {
            Rule::Antichess => {
                // no pieces left, or no move: the side to move wins (both are "cannot move";
                // the reason is the one of a game without a move, docs/rules-decisions.md)
                if pos.pieces_of(to_move).is_empty() || !pos.any_legal_move() {
                    return Some(Outcome::win(vec![to_move], EndReason::Stalemate));
                }
            }
            Rule::Atomic => {
                if let Some(s) = king_gone(pos) {
                    return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
                }
                if !pos.any_legal_move() {
                    return Some(if atomic_in_check(pos, to_move) {
                        Outcome::win(vec![1 - to_move], EndReason::Checkmate)
                    } else {
                        Outcome::draw(EndReason::Stalemate)
                    });
                }
                // two bare kings can never explode each other
                if (0..2).all(|s| pos.pieces_of(s).len() == 1) {
                    return Some(Outcome::draw(EndReason::InsufficientMaterial));
                }
            }
            Rule::Crazyhouse => {
                if !pos.any_legal_move() {
                    return Some(if pos.in_check(to_move) {
                        Outcome::win(vec![1 - to_move], EndReason::Checkmate)
                    } else {
                        Outcome::draw(EndReason::Stalemate)
                    });
                }
            }
            Rule::Duck => {
                if pos.st.step == 0 {
                    if let Some(s) = king_gone(pos) {
                        return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
                    }
                    // a player with no move wins (chess.com)
                    if !pos.any_legal_move() {
                        return Some(Outcome::win(vec![to_move], EndReason::Stalemate));
                    }
                } else {
                    return None;
                }
            }
            Rule::Fog => {
                if let Some(s) = king_gone(pos) {
                    return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
                }
                if !pos.any_legal_move() {
                    return Some(Outcome::draw(EndReason::Stalemate));
                }
            }
        }
        draw_by_rule(pos, history)
    }
    fn visible(&self, pos: &Position, seat: Seat) -> Option<crate::board::CellSet> {
        (self.0 == Rule::Fog).then(|| visible_cells(pos, seat))
    }

    fn hides(&self) -> bool {
        self.0 == Rule::Fog
    }
}

#[cfg(test)]
mod tests;
