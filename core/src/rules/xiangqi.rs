//! Xiangqi and janggi: the two games on the points of a 9×10 board with palaces, as
//! Fairy-Stockfish's `xiangqi` and `janggi` play them (docs/rules-decisions.md).
//!
//! Movement is data: the horse and the elephants are lame leapers (`Leap::Horse`,
//! `Leap::Elephant`, `Leap::JanggiElephant`), cannons are `Hop` atoms, palace-bound pieces are
//! atoms limited to the palace zone, janggi's palace diagonals are `Line::Palace` rays. The
//! hooks hold what movement cannot say: the flying general (xiangqi), the cannon's screen and
//! target rules and passing (janggi), and the ends: no move loses, perpetual check loses,
//! bikjang and the count of material (janggi).

use crate::board::{grid, Cell, CellSet, Leap, Line, NO_CELL};
use crate::error::{Error, Result};
use crate::game::{Ctx, EndReason, Outcome};
use crate::notation::fen;
use crate::piece::{atoms::*, dirs, Mode, Piece, PieceType, Seat, Zone};
use crate::position::{Move, MoveKind, Position};
use crate::rules::{NodeState, Rules};
use crate::variant::{Hooks, SeatDef, Variant};

mod chase;

pub const XIANGQI_START: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
pub const JANGGI_START: &str =
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

/// Piece kinds of both games (index = kind; FSF letters).
pub mod kinds {
    pub const CHARIOT: u8 = 0;
    pub const HORSE: u8 = 1;
    pub const ELEPHANT: u8 = 2;
    pub const ADVISOR: u8 = 3;
    pub const GENERAL: u8 = 4;
    pub const CANNON: u8 = 5;
    pub const SOLDIER: u8 = 6;
}
use kinds::*;

/// Zones (indices into `Variant::zones`, per facing).
const PALACE: u8 = 1;
const OWN_HALF: u8 = 2;
const ENEMY_HALF: u8 = 3;

/// Rule-state slots: per seat, how many of its own moves in a row gave check (perpetual check).
pub const CHECK_STREAK: usize = 0;

fn rows(t: &crate::board::Topology, ys: std::ops::RangeInclusive<i16>) -> CellSet {
    (0..t.len() as Cell)
        .filter(|&c| ys.contains(&t.cells[c as usize].y))
        .collect()
}

fn palace_cells(t: &crate::board::Topology, ys: std::ops::RangeInclusive<i16>) -> CellSet {
    (0..t.len() as Cell)
        .filter(|&c| {
            let ci = &t.cells[c as usize];
            ys.contains(&ci.y) && (3..=5).contains(&ci.x)
        })
        .collect()
}

fn board() -> crate::board::Topology {
    grid::build_with_palaces("9x10-points", 9, 10, |_, _| false, &[(3, 0), (3, 7)])
}

/// Zones per facing: own palace, own half, the other half.
fn zones(t: &crate::board::Topology) -> Vec<Vec<CellSet>> {
    let facings = t.pawns.len();
    let mut palace = vec![CellSet::EMPTY; facings];
    let mut own = vec![CellSet::EMPTY; facings];
    let mut enemy = vec![CellSet::EMPTY; facings];
    palace[grid::NORTH as usize] = palace_cells(t, 0..=2);
    palace[grid::SOUTH as usize] = palace_cells(t, 7..=9);
    own[grid::NORTH as usize] = rows(t, 0..=4);
    own[grid::SOUTH as usize] = rows(t, 5..=9);
    enemy[grid::NORTH as usize] = rows(t, 5..=9);
    enemy[grid::SOUTH as usize] = rows(t, 0..=4);
    vec![vec![CellSet::EMPTY; facings], palace, own, enemy]
}

/// Xiangqi: the general and advisors in the palace, the elephant on its own side of the river,
/// soldiers step sideways once across it, cannons capture over one screen.
pub fn xiangqi_variant() -> Variant {
    use dirs::*;
    let in_palace = Zone {
        from: 0,
        to: PALACE,
    };
    let pieces = vec![
        PieceType::new('R', "chariot", vec![slide(Line::Orth)]),
        PieceType::new('N', "horse", vec![leap(Leap::Horse)]).san_letter('H'),
        PieceType::new(
            'B',
            "elephant",
            vec![leap(Leap::Elephant).within(Zone {
                from: 0,
                to: OWN_HALF,
            })],
        )
        .san_letter('E'),
        PieceType::new('A', "advisor", vec![step(Line::Palace)]),
        PieceType::new('K', "general", vec![step(Line::Orth).within(in_palace)]).royal(),
        PieceType::new(
            'C',
            "cannon",
            vec![
                slide(Line::Orth).mode(Mode::MoveOnly),
                hop(Line::Orth).mode(Mode::CaptureOnly),
            ],
        ),
        PieceType::new(
            'P',
            "soldier",
            vec![
                step(Line::Orth).only(F),
                step(Line::Orth).only(L | R).within(Zone {
                    from: ENEMY_HALF,
                    to: 0,
                }),
            ],
        ),
    ];
    let mut v = Variant::base("xiangqi", &XiangqiRules, board(), pieces);
    v.seats = SeatDef::white_and_black();
    v.seats[0].colour = "red";
    v.zones = zones(&v.board);
    v.hooks = Hooks {
        filter: true,
        effects: true,
        effects_keep_board: true,
        node_state: true,
        ..Hooks::default()
    };
    v.start_fen = XIANGQI_START.to_string();
    v.finish()
}

/// Janggi: everything in the palace may use its diagonals; the cannon jumps one screen (not a
/// cannon) to move and to capture (not a cannon); soldiers step forward or sideways; a player
/// may pass; the generals may face each other (bikjang).
pub fn janggi_variant() -> Variant {
    use dirs::*;
    let in_palace = Zone {
        from: 0,
        to: PALACE,
    };
    let pieces = vec![
        PieceType::new('R', "chariot", vec![slide(Line::Orth), slide(Line::Palace)]),
        PieceType::new('N', "horse", vec![leap(Leap::Horse)]).san_letter('H'),
        PieceType::new('B', "elephant", vec![leap(Leap::JanggiElephant)]).san_letter('E'),
        PieceType::new(
            'A',
            "guard",
            vec![
                step(Line::Orth).within(in_palace),
                step(Line::Palace).within(in_palace),
            ],
        ),
        PieceType::new(
            'K',
            "general",
            vec![
                step(Line::Orth).within(in_palace),
                step(Line::Palace).within(in_palace),
            ],
        )
        .royal(),
        PieceType::new('C', "cannon", vec![hop(Line::Orth), hop(Line::Palace)]),
        PieceType::new(
            'P',
            "soldier",
            vec![
                step(Line::Orth).only(F | L | R),
                step(Line::Palace).only(FL | FR),
            ],
        ),
    ];
    let mut v = Variant::base("janggi", &JanggiRules, board(), pieces);
    v.seats = SeatDef::white_and_black();
    v.seats[0].colour = "blue";
    v.seats[1].colour = "red";
    v.zones = zones(&v.board);
    v.hooks = Hooks {
        extra_moves: true,
        filter: true,
        effects: true,
        effects_keep_board: true,
        ..Hooks::default()
    };
    v.hop_screen_barred = 1 << CANNON;
    v.hop_capture_barred = 1 << CANNON;
    v.start_fen = JANGGI_START.to_string();
    v.finish()
}

/// Whether the two generals stand on one file with nothing between them.
pub fn generals_face(pos: &Position) -> bool {
    let (Some(a), Some(b)) = (pos.king(0), pos.king(1)) else {
        return false;
    };
    facing_between(pos, a, b, NO_CELL, NO_CELL)
}

/// Whether generals on `a` and `b` face each other, with `vacated` treated as empty and
/// `filled` as occupied.
fn facing_between(pos: &Position, a: Cell, b: Cell, vacated: Cell, filled: Cell) -> bool {
    let t = &pos.variant.board;
    let (ca, cb) = (&t.cells[a as usize], &t.cells[b as usize]);
    if ca.x != cb.x {
        return false;
    }
    let (lo, hi) = if ca.y < cb.y {
        (ca.y, cb.y)
    } else {
        (cb.y, ca.y)
    };
    (lo + 1..hi).all(|y| {
        let c = t.at(ca.x, y).unwrap();
        c != filled && (c == vacated || pos.at(c).is_none())
    })
}

/// Records the mover's check streak (rule slot `CHECK_STREAK + mover`): how many of its own
/// moves in a row gave check. Called from `effects` (the turn has not passed yet).
pub(crate) fn record_check(pos: &mut Position, mover: Seat, gives_check: bool) {
    let slot = CHECK_STREAK + mover as usize;
    let n = if gives_check {
        pos.st.rule[slot].saturating_add(1)
    } else {
        0
    };
    if pos.st.rule[slot] != n {
        pos.set_rule(slot, n);
    }
}

/// Repetition with perpetual check: when the position has occurred `times` times (this one
/// included) in `history`, the side that gave check with every one of its moves since the
/// first of those occurrences loses; if both or neither did, `otherwise` decides.
pub(crate) fn repetition(
    pos: &Position,
    history: &[u64],
    times: usize,
    otherwise: impl FnOnce() -> Outcome,
) -> Option<Outcome> {
    let h = pos.hash();
    let seen: Vec<usize> = history
        .iter()
        .enumerate()
        .filter(|(_, &x)| x == h)
        .map(|(i, _)| i)
        .collect();
    if seen.len() + 1 < times {
        return None;
    }
    // the plies since the first of the counted occurrences
    let first = seen[seen.len() + 1 - times];
    let span = history.len() - first;
    // the mover of the last ply is the side not to move; the moves of each side in the span
    let to_move = pos.turn();
    let last_mover = 1 - to_move;
    let moves_of = |s: Seat| {
        if s == last_mover {
            span.div_ceil(2)
        } else {
            span / 2
        }
    };
    let checker = |s: Seat| {
        let n = moves_of(s);
        n > 0 && pos.st.rule[CHECK_STREAK + s as usize] as usize >= n
    };
    match (checker(0), checker(1)) {
        (true, false) => Some(Outcome::win(vec![1], EndReason::PerpetualCheck)),
        (false, true) => Some(Outcome::win(vec![0], EndReason::PerpetualCheck)),
        _ => Some(otherwise()),
    }
}

/// A threefold repetition without perpetual check: the side that chased one piece with every
/// move of the cycle loses, when only one did (`chase.rs`); None when neither or both did, or
/// the record of the cycle is not at hand.
fn perpetual_chase(ctx: &Ctx) -> Option<Outcome> {
    let h = ctx.pos.hash();
    let seen: Vec<usize> = (0..ctx.history.len())
        .filter(|&i| ctx.history[i] == h)
        .collect();
    let first = *seen.get(seen.len().checked_sub(2)?)?;
    let span = ctx.history.len() - first;
    if ctx.history.len() != ctx.earlier.len() + 1 {
        return None;
    }
    let (positions, moves) = chase::cycle(
        ctx.start,
        ctx.earlier,
        ctx.before,
        ctx.action,
        ctx.pos,
        span,
    )?;
    match chase::perpetual_chasers(&positions, &moves) {
        [true, false] => Some(Outcome::win(vec![1], EndReason::PerpetualChase)),
        [false, true] => Some(Outcome::win(vec![0], EndReason::PerpetualChase)),
        _ => None,
    }
}

/// The rules of xiangqi.
pub struct XiangqiRules;

impl Rules for XiangqiRules {
    fn traditional(&self, pos: &Position, m: Move) -> Option<String> {
        (m.kind != MoveKind::Drop && m.from != m.to)
            .then(|| crate::notation::traditional::wxf(pos, m))
    }

    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        let pos = fen::parse(v, text)?;
        if generals_face(&pos) {
            return Err(Error::BadFen("the generals face each other".into()));
        }
        Ok(pos)
    }
    fn write(&self, pos: &Position) -> String {
        fen::write(pos, false)
    }
    fn legal(&self, pos: &mut Position, m: Move) -> bool {
        let s = pos.turn();
        let (Some(mut own), Some(other)) = (pos.king(s), pos.king(1 - s)) else {
            return true;
        };
        if m.from == own {
            own = m.to;
        }
        if m.to == other {
            return true;
        }
        !facing_between(pos, own, other, m.from, m.to)
    }
    /// The cells strictly between the two generals when they share a file (cells), and how
    /// many pieces stand there (value; `u64::MAX` when they do not share a file).
    fn node_state(&self, pos: &mut Position) -> NodeState {
        let (Some(a), Some(b)) = (pos.king(0), pos.king(1)) else {
            return NodeState {
                value: u64::MAX,
                ..NodeState::default()
            };
        };
        let t = &pos.variant.board;
        let (ca, cb) = (&t.cells[a as usize], &t.cells[b as usize]);
        if ca.x != cb.x {
            return NodeState {
                value: u64::MAX,
                ..NodeState::default()
            };
        }
        let (lo, hi) = if ca.y < cb.y {
            (ca.y, cb.y)
        } else {
            (cb.y, ca.y)
        };
        let mut node = NodeState::default();
        for y in lo + 1..hi {
            if let Some(c) = t.at(ca.x, y) {
                node.cells.insert(c);
                node.value += pos.at(c).is_some() as u64;
            }
        }
        node
    }
    /// [`Rules::legal`] from the node's file between the generals: a move of another piece
    /// leaves them facing only if it empties that file.
    fn legal_at(&self, pos: &mut Position, m: Move, node: &NodeState) -> bool {
        let s = pos.turn();
        if pos.king(s) == Some(m.from) || m.from == NO_CELL || pos.king(1 - s) == Some(m.to) {
            return self.legal(pos, m);
        }
        if node.value == u64::MAX {
            return true;
        }
        let left = node.value - node.cells.contains(m.from) as u64
            + (node.cells.contains(m.to) && pos.at(m.to).is_none()) as u64;
        left > 0
    }
    fn effects(&self, pos: &mut Position, _m: Move, _captured: Piece) {
        let mover = pos.turn();
        let check = pos.in_check(1 - mover);
        record_check(pos, mover, check);
    }
    /// No legal move loses (mate and stalemate alike); threefold repetition: perpetual check
    /// loses, else a draw (chasing needs the cycle's positions: `after_action` judges it).
    fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome> {
        let to_move = pos.turn();
        if !pos.any_legal_move() {
            let reason = if pos.in_check(to_move) {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            return Some(Outcome::win(vec![1 - to_move], reason));
        }
        repetition(pos, history, 3, || Outcome::draw(EndReason::Repetition))
    }
    /// Perpetual check loses (a perpetual chase, judged on the game's record, is not seen).
    fn repeated(&self, pos: &Position, history: &[u64]) -> Option<Outcome> {
        repetition(pos, history, 2, || Outcome::draw(EndReason::Repetition))
    }
    fn after_move(&self, ctx: &mut Ctx) -> Option<Outcome> {
        let o = self.outcome(ctx.pos, ctx.history);
        if let Some(o) = &o {
            if o.is_draw() && o.reason == EndReason::Repetition {
                return Some(perpetual_chase(ctx).unwrap_or_else(|| o.clone()));
            }
        }
        o.or_else(|| {
            // the house rules' move limit: a draw
            crate::rules::multi::move_limit_reached(ctx)
                .then(|| Outcome::draw(EndReason::MoveLimit))
        })
    }
}

/// Material points of janggi (FSF `JANGGI_MATERIAL`): chariot 13, cannon 7, horse 5, elephant
/// 3, guard 3, soldier 2, in half points (Han, the second seat, gets the 1.5 deom).
pub fn janggi_points_x2(pos: &Position, s: Seat) -> i32 {
    let mut n = 0;
    for c in pos.pieces_of(s).iter() {
        n += match pos.at(c).kind() {
            CHARIOT => 26,
            CANNON => 14,
            HORSE => 10,
            ELEPHANT | ADVISOR => 6,
            SOLDIER => 4,
            _ => 0,
        };
    }
    if s == 1 {
        n += 3;
    }
    n
}

/// The winner by janggi's count: Cho (seat 0) wins only with more points than Han's with the
/// deom; there are no ties.
pub fn janggi_count_winner(pos: &Position) -> Seat {
    if janggi_points_x2(pos, 0) > janggi_points_x2(pos, 1) {
        0
    } else {
        1
    }
}

/// Rule-state slot of janggi: how many passes in a row led to this position (two end the game).
const PASSES: usize = 2;
/// Rule-state slot of janggi: how many positions in a row, this one included, had the
/// generals facing each other (two end the game: bikjang left standing).
const BIKJANG: usize = 3;

/// Whether a janggi game is over by two passes in a row or by bikjang left standing.
pub fn janggi_ended(pos: &Position) -> bool {
    pos.st.rule[PASSES] >= 2 || pos.st.rule[BIKJANG] >= 2
}

/// The rules of janggi.
pub struct JanggiRules;

impl JanggiRules {
    /// A pass of the side to move: the general stays on its point (`e2e2`).
    fn pass(pos: &Position) -> Option<Move> {
        let k = pos.king(pos.turn())?;
        Some(Move {
            from: k,
            to: k,
            promo: 0,
            kind: MoveKind::Pass,
            aux: 0,
        })
    }

    /// The outcome by count, for `reason`.
    fn by_count(pos: &Position, reason: EndReason) -> Outcome {
        Outcome::win(vec![janggi_count_winner(pos)], reason)
    }
}

/// Setup phases of janggi: Han picks the order of its horses and elephants, then Cho.
const HAN_CHOOSES: u8 = 1;
const CHO_CHOOSES: u8 = 2;
/// Back-rank files (a = 0) of the horses and elephants.
const MINOR_FILES: [i16; 4] = [1, 2, 6, 7];

impl JanggiRules {
    /// The four set-up choices of the side to move: `Special` moves from the left horse's point
    /// to the right horse's (`b1h1` both outside, `c1g1` both inside, `c1h1`, `b1g1`; Han the
    /// same on rank 10); the elephants take the other two points.
    fn setup_moves(pos: &Position, out: &mut Vec<Move>) {
        let t = &pos.variant.board;
        let y = if pos.turn() == 0 { 0 } else { t.height - 1 };
        for (l, r) in [(1, 7), (2, 6), (2, 7), (1, 6)] {
            out.push(Move {
                from: t.at(l, y).unwrap(),
                to: t.at(r, y).unwrap(),
                promo: 0,
                kind: MoveKind::Special,
                aux: 0,
            });
        }
    }

    /// Carries out a set-up choice: horses on `m.from` and `m.to`, elephants on the other two.
    fn set_up(pos: &mut Position, m: Move) {
        let t = &pos.variant.board;
        let s = pos.turn();
        let y = t.cells[m.from as usize].y;
        let facing = pos.variant.seats[s as usize].facing;
        for x in MINOR_FILES {
            let c = t.at(x, y).unwrap();
            let kind = if c == m.from || c == m.to {
                HORSE
            } else {
                ELEPHANT
            };
            let p = Piece::new(kind, s, facing);
            if pos.at(c) != p {
                pos.set(c, p);
            }
        }
        if pos.st.phase == HAN_CHOOSES {
            pos.set_phase(CHO_CHOOSES);
            // the set-up is not a move: the move number stays 1 when the turn passes to Cho
            pos.st.fullmove = pos.st.fullmove.saturating_sub(1);
        } else {
            // Cho has chosen and moves first: the turn stays with Cho (its first move is made
            // at the turn's second step, which ends the turn as usual)
            pos.set_phase(0);
            pos.continue_turn();
        }
    }
}

impl Rules for JanggiRules {
    /// The set-up phase: the fixed start with Han to choose its order, then Cho.
    fn start_position(&self, v: &'static Variant, _n: u32) -> Result<Position> {
        let mut pos = self.parse(v, &v.start_fen)?;
        pos.set_turn(1);
        pos.set_phase(HAN_CHOOSES);
        Ok(pos)
    }
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        let mut pos = fen::parse(v, text)?;
        if generals_face(&pos) {
            pos.set_rule(BIKJANG, 1);
        }
        Ok(pos)
    }
    fn write(&self, pos: &Position) -> String {
        fen::write(pos, false)
    }
    /// The set-up choices; passing (the general stays where it is); Cho's first move after
    /// the set-up, made at its turn's second step.
    fn extra_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if pos.st.phase != 0 {
            Self::setup_moves(pos, out);
            return;
        }
        if pos.st.step == 1 {
            for c in pos.pieces_of(pos.turn()).iter() {
                pos.piece_moves(c, pos.at(c), out);
            }
        }
        if let Some(m) = Self::pass(pos) {
            out.push(m);
        }
    }
    /// No move once the game is over (two passes, bikjang left standing); a pass is illegal
    /// in check unless the generals face each other (bikjang); in bikjang every other move must
    /// break it. (The cannon's rules are data: `Variant::hop_screen_barred`/`hop_capture_barred`.)
    /// The pass and the four set-up choices are buttons; a set-up choice names the points its
    /// horses and elephants take.
    fn button(&self, pos: &Position, m: Move) -> Option<crate::message::Message> {
        use crate::message::{button, Message};
        match m.kind {
            MoveKind::Pass => Some(Message::new(button::PASS)),
            MoveKind::Special => {
                let t = &pos.variant.board;
                let y = t.cells[m.from as usize].y;
                let cells = MINOR_FILES.map(|x| t.at(x, y).unwrap());
                let (horses, elephants): (Vec<Cell>, Vec<Cell>) =
                    cells.iter().partition(|&&c| c == m.from || c == m.to);
                let name = |c: Cell| t.name(c).to_owned();
                Some(
                    Message::new(button::JANGGI_SETUP)
                        .with("horse1", name(horses[0]))
                        .with("horse2", name(horses[1]))
                        .with("elephant1", name(elephants[0]))
                        .with("elephant2", name(elephants[1])),
                )
            }
            _ => None,
        }
    }
    fn legal(&self, pos: &mut Position, m: Move) -> bool {
        if janggi_ended(pos) {
            return false;
        }
        let facing = pos.st.rule[BIKJANG] > 0;
        let s = pos.turn();
        if m.kind == MoveKind::Pass {
            return facing || !pos.in_check(s);
        }
        if !facing {
            return true;
        }
        let (Some(mut own), Some(other)) = (pos.king(s), pos.king(1 - s)) else {
            return true;
        };
        if m.from == own {
            own = m.to;
        }
        m.to == other || !facing_between(pos, own, other, m.from, m.to)
    }
    fn effects(&self, pos: &mut Position, m: Move, _captured: Piece) {
        if m.kind == MoveKind::Special {
            Self::set_up(pos, m);
            return;
        }
        let mover = pos.turn();
        let check = pos.in_check(1 - mover);
        record_check(pos, mover, check);
        let passes = if m.kind == MoveKind::Pass {
            pos.st.rule[PASSES] + 1
        } else {
            0
        };
        if pos.st.rule[PASSES] != passes {
            pos.set_rule(PASSES, passes);
        }
        let bikjang = if generals_face(pos) {
            pos.st.rule[BIKJANG] + 1
        } else {
            0
        };
        if pos.st.rule[BIKJANG] != bikjang {
            pos.set_rule(BIKJANG, bikjang);
        }
    }
    /// Two passes in a row or bikjang left standing: decided by count; no legal move (mate)
    /// loses; threefold repetition: perpetual check loses, else decided by count.
    fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome> {
        if janggi_ended(pos) {
            let reason = if pos.st.rule[BIKJANG] >= 2 {
                EndReason::Bikjang
            } else {
                EndReason::DoublePass
            };
            return Some(Self::by_count(pos, reason));
        }
        let to_move = pos.turn();
        if !pos.any_legal_move() {
            return Some(Outcome::win(vec![1 - to_move], EndReason::Checkmate));
        }
        let counted = Self::by_count(pos, EndReason::Repetition);
        repetition(pos, history, 3, || counted)
    }
    /// Perpetual check loses; any other repetition is decided by count.
    fn repeated(&self, pos: &Position, history: &[u64]) -> Option<Outcome> {
        repetition(pos, history, 2, || {
            Self::by_count(pos, EndReason::Repetition)
        })
    }
    fn after_move(&self, ctx: &mut Ctx) -> Option<Outcome> {
        self.outcome(ctx.pos, ctx.history).or_else(|| {
            // the house rules' move limit: decided by count
            crate::rules::multi::move_limit_reached(ctx)
                .then(|| Self::by_count(ctx.pos, EndReason::MoveLimit))
        })
    }
}
