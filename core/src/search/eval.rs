//! The evaluation of every game, from the variant's data: material with piece values
//! measured from each kind's mobility (two players: on a crowded board, [`CROWDED`]; more
//! seats: on the game's own empty board), pieces in hand, a
//! centralisation term, game points, balanced against the strongest opponent still playing;
//! and positional terms tapered from middlegame to endgame by the material left: pawn advance,
//! passed, doubled and protected pawns (pawns that promote), the royal's home row, wing and
//! shelter (middlegame) and its centralisation (endgame); with two sides (two players, two
//! teams) also each piece's mobility (against its kind's empty-board average) and the attack
//! on the zone around each enemy royal (four-player teams: the royal's danger, attackers of
//! both opponents, shield and back row; each seat's threats and the partners' active pieces;
//! two players: threats, enemy pieces attacked by lesser ones, and hanging pieces, attacked
//! and not defended, marked by the mobility term's walks; and in the endgame the passed
//! pawns' royals' distances, free path and rule of the square).
//! Every term is read from the game's data (pawn tables, promotion zones, royal
//! flags, board geometry, each kind's moves), none from its name.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use once_cell::sync::Lazy;

use crate::board::{dir_allowed, Cell, CellSet, NO_CELL};
use crate::movegen::MoveSink;
use crate::piece::{dirs, Atom, Mode, Piece, Seat};
use crate::position::{key_piece, Move, Position, HAND_KINDS, MAX_SEATS};
use crate::variant::Variant;

/// Centipawns per game point (scored multi-player games, where points decide the winner and
/// a pawn's capture scores 1: a point is worth a pawn, a 20-point king two queens).
const POINT_WEIGHT: i32 = 100;

/// A game's evaluation tables, computed once per variant from its data.
pub struct Eval {
    /// Per kind: value in centipawns (royal pieces 0: their loss is an outcome).
    pub value: Vec<i32>,
    /// Per kind and cell: centralisation bonus (royal kinds: none, see `king_centre`).
    pst: Vec<Vec<i16>>,
    /// Per kind: a pawn that promotes (the pawn terms apply to it).
    pawn: Vec<bool>,
    /// Per kind: royal.
    royal: Vec<bool>,
    /// Per facing and cell: how far a pawn there has come, 0 (its start row) to 1 (one push
    /// from the promotion zone), in 1/256; `None` where pawns of that facing never promote.
    advance: Vec<Option<Vec<i16>>>,
    /// Per facing and cell: the cells ahead of a pawn where an enemy pawn stops it from being
    /// passed (its path and the cells its path can be captured from).
    span: Vec<Vec<CellSet>>,
    /// Per facing and cell: the pawn's path to the edge (an own pawn there doubles it).
    path: Vec<Vec<CellSet>>,
    /// Per facing and cell: where a pawn there promotes by pushing (the first cell of its
    /// path in the promotion zone) and its moves to get there (a double step counted);
    /// `NO_CELL` where it never does ([`Eval::passer_terms`]).
    promote_at: Vec<Vec<(Cell, u8)>>,
    /// Per facing and cell: rows from the facing's own back edge (pawn pushes walked back).
    row: Vec<Vec<u8>>,
    /// Per facing and cell: twice the distance from the board's middle line across that
    /// facing (chess: 1 on the d and e files, 7 on a and h).
    lateral: Vec<Vec<u8>>,
    /// Per facing and cell: how central the cell is across that facing, 0 to 256
    /// (`(half_width - lateral) · 256 / half_width`, at least 0; the pawns' middlegame share).
    central: Vec<Vec<i16>>,
    /// Per cell: the royal piece's centralisation (its mobility on the empty board, centred).
    king_centre: Vec<i16>,
    /// Per cell: its distance from the board's middle, in half cells across plus along (a
    /// chess board: 2 on the four middle cells, 14 in a corner), for [`Eval::mop_up`].
    edge: Vec<i16>,
    /// The board's larger side less one: the farthest two royals can stand apart.
    reach: i32,
    /// Material of every piece but pawns and royals at the start (the tapered phase's 100%).
    start_phase: i32,
    /// Per kind: its average move count on the empty board (the centre of its mobility term),
    /// 0 for pawns, royals and kinds that do not move.
    mob_avg: Vec<i32>,
    /// Per kind: centipawns (in 1/16) per move of mobility: fewer the more moves the kind has.
    mob_weight: Vec<i32>,
    /// Per kind: attack units per hit on the zone around the enemy royal.
    attack_unit: Vec<i32>,
    /// Games of two sides (two players, two teams): per seat and cell, the royal's zone there
    /// (the cell and the cells its royal piece reaches on the empty board: palaces and all);
    /// empty otherwise (no activity term).
    king_zone: Vec<Vec<CellSet>>,
    /// Per kind and facing (`kind * walk_facings + facing`): the walks of the mobility term
    /// ([`Walks`]) where the kind's moves are plain enough; `None` where the move generator
    /// counts them.
    walks: Vec<Option<Walks>>,
    /// The facings [`Eval::walks`] covers (0..this).
    walk_facings: usize,
    /// Two sides: per facing and cell, the cells a pawn there attacks (the board's pawn
    /// captures as a set, for the mobility term's guarded cells); empty otherwise.
    pawn_attacks: Vec<Vec<CellSet>>,
    /// Two teams of more than one seat each (four-player teams): the royal's danger is
    /// [`Eval::team_king_danger`] (attackers of two opponents, shield, back row) instead of
    /// the two-player attack term.
    teams: bool,
    /// The value of the strongest kind (teams: the royal's danger halves while no opponent
    /// holds one).
    top_value: i32,
    /// The positional weights: [`TWO_SIDES`] or [`MANY`].
    terms: &'static Terms,
    /// Two players: a seat left without a piece wins (the rules say so,
    /// [`Rules::bare_wins`](crate::rules::Rules::bare_wins)): every piece is a liability, and the evaluation is the count of the
    /// opponent's pieces against the own ([`BARE_PIECE`] each), no other term.
    pub bare_wins: bool,
    /// Two players: where the side to move can capture, only captures are legal (the rules say
    /// so, [`Rules::captures_forced`](crate::rules::Rules::captures_forced)): a position with a capture is no place to stand
    /// pat, and no capture may be pruned.
    pub captures_forced: bool,
}

/// What each piece costs its owner in a game won by losing every piece ([`Eval::bare_wins`]).
const BARE_PIECE: i32 = 100;

/// A pawn's value (a pawn that promotes; the other kinds are measured).
const PAWN_VALUE: i32 = 100;

/// Entries of a [`PawnTable`] (2^12 of 360 bytes: 1,440 KiB).
const PAWN_TABLE: usize = 1 << 12;

/// A cache of what the pawns alone decide ([`PawnEntry`]), keyed by where they stand: the
/// hash of each pawn's cell and piece (kind, seat, facing), all that the entry reads. The
/// pawns move seldom in a search, so most evaluations find their entry here
/// ([`Eval::balance_with`]). Each search keeps one (it holds one game's values).
pub struct PawnTable(Vec<PawnEntry>);

/// A [`PawnTable`]'s entry.
#[derive(Clone, Copy)]
struct PawnEntry {
    key: u64,
    /// The pawn terms of every seat (term 0 of [`TERMS`], [`Eval::pawn_terms`]).
    terms: [(i32, i32); MAX_SEATS],
    /// Two seats: the cells each seat's pawns attack ([`Eval::pawn_attacks_of`], read by
    /// [`Eval::activity`]); empty with more seats.
    attacks: [CellSet; 2],
    /// Two seats: each seat's passed pawns (no enemy pawn in the span ahead, as
    /// [`Eval::pawn_terms`] finds them), all that [`Eval::passer_terms`] walks; empty with
    /// more seats.
    passed: [CellSet; 2],
}

impl Default for PawnTable {
    fn default() -> PawnTable {
        // key 0 is the position without pawns, whose pawn terms are all 0 and whose pawns
        // attack nothing: the empty entry
        let empty = PawnEntry {
            key: 0,
            terms: [(0, 0); MAX_SEATS],
            attacks: [CellSet::EMPTY; 2],
            passed: [CellSet::EMPTY; 2],
        };
        PawnTable(vec![empty; PAWN_TABLE])
    }
}

/// [`Eval::mop_up`]: centipawns per half cell the lone royal stands from the board's middle,
/// and per cell the stronger royal stands nearer it than the farthest apart they can be.
const MOPUP_EDGE: i32 = 10;
const MOPUP_NEAR: i32 = 20;

/// Middlegame and endgame weights of the positional terms (centipawns; the endgame share grows
/// as the pieces other than pawns and royals leave the board).
struct Terms {
    pawn_advance: (i32, i32),
    passed_base: (i32, i32),
    passed_far: (i32, i32),
    doubled: (i32, i32),
    protected: (i32, i32),
    /// Own pieces in front of the royal, per piece (first row, second row).
    shelter: (i32, i32),
    /// Per row the royal has left its back edge (middlegame only).
    king_row: i32,
    /// Per unit of the royal's lateral distance on its back row (middlegame only: castled).
    king_wing: i32,
    /// Endgame centralisation of the royal, per unit of its centred mobility.
    king_centre_eg: i32,
}

/// Two sides (two players, two teams). Fitted (issue 34) to Stockfish's values of 6,700 quiet
/// chess positions from its own games, `tests/python/eval_fit.py`: against the first guesses
/// (still [`MANY`]'s), the royal's shelter and place weigh about 2.5 times as much and the
/// endgame pawn terms about half.
const TWO_SIDES: Terms = Terms {
    pawn_advance: (30, 18),
    passed_base: (5, 7),
    passed_far: (70, 75),
    doubled: (-12, -10),
    protected: (7, 6),
    shelter: (35, 15),
    king_row: -35,
    king_wing: 10,
    king_centre_eg: 6,
};

/// Three or more seats.
const MANY: Terms = Terms {
    pawn_advance: (30, 40),
    passed_base: (5, 15),
    passed_far: (70, 160),
    doubled: (-12, -22),
    protected: (7, 12),
    shelter: (14, 6),
    king_row: -14,
    king_wing: 4,
    king_centre_eg: 8,
};

/// Mobility (two sides): the middlegame and endgame scale of a move (a knight's move is
/// worth about a third of this many centipawns; a kind with more moves gets less per move).
/// Fitted like [`TWO_SIDES`]: in the middlegame three times the first guess (6, 6), in the
/// endgame half.
const MOBILITY: (i32, i32) = (18, 3);
/// King attack (two sides, middlegame): the penalty is units² per this, at least two
/// attackers, at most `KING_ATTACK_MAX` (fitted like [`TWO_SIDES`]: half the first guess).
const KING_ATTACK_DIV: i32 = 2;
const KING_ATTACK_MAX: i32 = 400;

/// Teams' royal danger ([`Eval::team_king_danger`]), after 4pchess's king safety (its pawn
/// 50, our 100 times [`MULTI_MATERIAL`]): an attacker's units, `a + value · b / 100` (pawn
/// 23, queen 50).
const TEAM_ATTACK_UNIT: (i32, i32) = (20, 3);
/// Per count of attackers of a zone cell (or of defenders, at half): percent of their units.
const TEAM_ATTACK_WEIGHT: [i32; 9] = [0, 50, 100, 120, 150, 200, 250, 300, 400];
/// Both opponents' pieces attack the zone.
const TEAM_BOTH_OPPONENTS: i32 = 150;
/// [off the back row][without shield, with]: off the back row 50, no shield 75, both 175.
const TEAM_OFF_HOME: [[i32; 2]; 2] = [[175, 50], [75, 0]];
/// The whole danger's scale (numerator, denominator). Measured on 127 positions of lost games
/// where main's move (50,000 nodes) walked into a mate 4pchess sees at depth 8 (82 of them
/// before this term): 63 still do at 3/2, 58 at 5/2, about as many at 8/2.
const TEAM_KING_SCALE: (i32, i32) = (5, 2);
/// Teams: per threat of a seat (a capture, by its pseudo-legal moves, of an enemy royal or of
/// an enemy piece worth at least [`TEAM_THREAT_GAP`] more than the capturer), after 4pchess's
/// threat term (120 of its centipawns, a queen 1000; ours a queen 1000 too). With four seats
/// a threat stands for a whole round: the threatened seat has one move to meet those of two
/// opponents, and its partner moves only after one of them.
const TEAM_THREAT: i32 = 120;
/// A threat's least gain: a pawn ([`PAWN_VALUE`]).
const TEAM_THREAT_GAP: i32 = 100;
/// Teams: a side's active pieces (those other than pawns and royals with at least a quarter of
/// their kind's empty-board moves to cells no enemy pawn attacks), after 4pchess's piece
/// activation: (per active piece, per product of the partners' counts). The product rewards
/// partners who both bring their pieces out: 4 and 4 active pieces are worth more than 6 and 2.
/// Each seat takes its own count times the first, and half the product.
const TEAM_ACTIVE: (i32, i32) = (35, 20);

/// Two players: per enemy piece attacked by a piece worth at least [`TEAM_THREAT_GAP`] less
/// (a pawn on a knight, a knight on a rook), (middlegame, endgame), for the attacking seat
/// (after Stockfish's classical ThreatByMinor, ThreatByRook and ThreatBySafePawn).
const THREAT: (i32, i32) = (60, 40);
/// Two players: per enemy piece other than a royal attacked and not defended (and not already
/// a [`THREAT`]), for the attacking seat (after Stockfish's classical Hanging).
const HANGING: (i32, i32) = (40, 20);

/// Two players, a passed pawn in the endgame (term 6, [`Eval::passer_terms`]), after
/// Stockfish's classical passed-pawn terms: per unit of the pawn's weight (0 up to half way
/// to promotion, 17 one push from it), centipawns in tenths per cell the enemy royal stands
/// from the cell ahead of the pawn and against per cell the own royal does (each at most 5).
const PASSER_ROYALS: (i32, i32) = (24, 10);
/// Per unit of the pawn's weight, centipawns for a path to promotion free of pieces.
const PASSER_FREE: i32 = 6;
/// Per 256: the share of what promotion gains (the best promoted kind's value less the
/// pawn's) for a pawn the enemy cannot stop: it has nothing but its royal and pawns (none
/// of them in the pawn's way), nothing in hand, and its royal is outside the pawn's square
/// (farther from the promotion cell than the pawn's moves to it, one less with it to move).
const UNSTOPPABLE: i32 = 128;

/// A royal's steps from cell `a` to cell `b` on an open board: the larger of the two
/// coordinate distances (the mop-up's royals, the passed pawns' royals and squares).
fn royal_steps(pos: &Position, a: Cell, b: Cell) -> i32 {
    let cells = &pos.variant.board.cells;
    let (a, b) = (&cells[a as usize], &cells[b as usize]);
    (a.x - b.x).abs().max((a.y - b.y).abs()) as i32
}

/// The royal zones a piece's moves may reach: (the zone's seat, its cells), per enemy seat.
type Zones<'a> = [Option<(usize, &'a CellSet)>];

/// What the mobility term counts of one piece's pseudo-legal moves, taken one by one as move
/// generation finds them (no list): the cells reached outside `guarded`, and per royal zone
/// the cells reached inside it. A cell reached with and without promotion counts once (the
/// generator hands those over one after the other).
struct Reach<'a, 'z> {
    guarded: &'a CellSet,
    zones: &'a Zones<'z>,
    last: Cell,
    moves: i32,
    hits: [i32; MAX_SEATS],
    /// Two sides: the threats counted ([`Reach::capture`]), with the position, the
    /// capturer's seat and the least value a captured piece must have; `None` elsewhere.
    threats: Option<Threats<'a>>,
}

/// Two players: the cells one seat's pieces attack and defend, marked while the mobility
/// term walks their moves ([`THREAT`], [`HANGING`]).
#[derive(Clone, Copy, Default)]
struct Marks {
    /// Enemy pieces the seat attacks.
    attacked: CellSet,
    /// Of them, those worth at least [`TEAM_THREAT_GAP`] more than one of their attackers.
    threatened: CellSet,
    /// Cells the seat defends (own pieces its walked pieces reach, its pawns' and royal's
    /// captures).
    defended: CellSet,
    /// Some of its pieces' moves were not walked (their defence is unknown): none of its
    /// pieces counts as hanging.
    blind: bool,
}

/// The threats of one piece ([`TEAM_THREAT`]; two players: marked in [`Marks`]).
struct Threats<'a> {
    pos: &'a Position,
    eval: &'a Eval,
    seat: Seat,
    least: i32,
    count: i32,
    marks: Option<&'a mut Marks>,
}

impl MoveSink for Reach<'_, '_> {
    #[inline(always)]
    fn put(&mut self, m: Move) {
        if m.to != self.last {
            if let Some(t) = &self.threats {
                let q = t.pos.at(m.to);
                if t.pos.enemy_of(t.seat, q) {
                    self.capture(m.to, q);
                }
            }
        }
        self.hit(m.to)
    }
}

impl Reach<'_, '_> {
    /// A capture of `q` (an enemy piece) on `to`: a threat where it is royal or worth at
    /// least the least value (two players: marked, royals not).
    #[inline(always)]
    fn capture(&mut self, to: Cell, q: Piece) {
        if let Some(t) = &mut self.threats {
            let k = q.kind() as usize;
            let worth = t.eval.value.get(k).is_some_and(|&v| v >= t.least);
            if let Some(m) = &mut t.marks {
                m.attacked.insert(to);
                if worth {
                    m.threatened.insert(to);
                }
            } else if worth || t.eval.royal.get(k) == Some(&true) {
                t.count += 1;
            }
        }
    }

    /// Two players: a walked move reaches an own or allied piece on `to`.
    #[inline(always)]
    fn defend(&mut self, to: Cell) {
        if let Some(Threats { marks: Some(m), .. }) = &mut self.threats {
            m.defended.insert(to);
        }
    }

    /// A move to `to` ([`MoveSink::put`] without the move).
    #[inline(always)]
    fn hit(&mut self, to: Cell) {
        if to == self.last {
            return;
        }
        self.last = to;
        if !self.guarded.contains(to) {
            self.moves += 1;
        }
        // (one enemy seat, as with two players: no loop)
        if let [z] = self.zones {
            if z.is_some_and(|(_, z)| z.contains(to)) {
                self.hits[0] += 1;
            }
            return;
        }
        for (i, z) in self.zones.iter().enumerate() {
            if z.is_some_and(|(_, z)| z.contains(to)) {
                self.hits[i] += 1;
            }
        }
    }
}

/// The cells a piece of one kind and facing reaches from each cell, as walks over the board
/// (for the mobility term, [`Eval::reach`]), for kinds whose every atom slides or leaps both
/// to move and to capture with no zone to stay in, and that put at least one move on every
/// cell they reach (a promotion offers a kind): a slide's rays of its line and directions
/// (cut to its range), a leap's targets behind their legs. A walk goes over its cells in
/// order: its gates must be empty (a branch's shared cells, a leap's legs), then each empty
/// cell is reached, and the first piece ends it (reached where an enemy's). Walks keep the
/// move generator's order of atoms, rays and leaps, so the cells come in its order. The
/// walks of a cell are one run of [`Step`]s, each with the step after its walk: one loop
/// goes over them all.
struct Walks {
    /// Per cell: the range of its steps in `steps`.
    index: Vec<(u32, u32)>,
    steps: Vec<Step>,
}

/// A cell of a walk ([`Walks`]).
#[derive(Clone, Copy)]
struct Step {
    cell: Cell,
    /// A gate: the cell must be empty for the walk to go on, and is not reached.
    gate: bool,
    /// Where the walks go on when the cell holds a piece: the first step of the next walk,
    /// counted from the first step of the cell's walks.
    next: u16,
}

impl Walks {
    /// The walks of kind `k` of facing `f`, or `None` where its moves are not plain enough.
    fn of(v: &Variant, k: usize, f: u8) -> Option<Walks> {
        let t = &v.pieces[k];
        // every cell reached gets at least one move (no promotion to nothing)
        let promotes_to_nothing = v.promo_mask >> k & 1 == 1
            && v.promotion
                .get(k)
                .and_then(|p| p.as_ref())
                .is_some_and(|pr| pr.to.is_empty());
        let plain = t.atoms.iter().all(|a| match *a {
            Atom::Slide { mode, zone, .. } | Atom::Leap { mode, zone, .. } => {
                mode == Mode::Both && zone.to == 0
            }
            _ => false,
        });
        if !plain || promotes_to_nothing || t.atoms.is_empty() {
            return None;
        }
        let b = &v.board;
        let mut w = Walks {
            index: Vec::with_capacity(b.len()),
            steps: Vec::new(),
        };
        for c in 0..b.len() as Cell {
            let first = w.steps.len();
            // one walk: `gate` cells that must be empty, then the cells reached
            let walk = |w: &mut Walks, cells: &[Cell], gate: usize| {
                let next = (w.steps.len() + cells.len() - first) as u16;
                w.steps
                    .extend(cells.iter().enumerate().map(|(i, &cell)| Step {
                        cell,
                        gate: i < gate,
                        next,
                    }));
            };
            for atom in &t.atoms {
                match *atom {
                    Atom::Slide {
                        line,
                        range,
                        dirs: d,
                        zone,
                        ..
                    } => {
                        if !v.in_zone(zone.from, f, c) {
                            continue;
                        }
                        let mask = dirs::absolute(d, f);
                        for r in b.rays(c) {
                            if r.line != line
                                || (range > 0 && r.emit_from >= range as u16)
                                || !dir_allowed(mask, r.dir)
                            {
                                continue;
                            }
                            let cells = b.ray_cells(r);
                            let len = if range > 0 {
                                cells.len().min(range as usize)
                            } else {
                                cells.len()
                            };
                            walk(&mut w, &cells[..len], r.emit_from as usize);
                        }
                    }
                    Atom::Leap {
                        leap,
                        dirs: d,
                        zone,
                        ..
                    } => {
                        if !v.in_zone(zone.from, f, c) {
                            continue;
                        }
                        let mask = dirs::absolute(d, f);
                        // the move generator's leaper without legs or directions to test
                        let free = d == dirs::ALL && !v.has_legs;
                        for lt in b.leaps(leap, c) {
                            if !free && !dir_allowed(mask, lt.dir) {
                                continue;
                            }
                            let mut cells = Vec::with_capacity(3);
                            if !free {
                                cells.extend(
                                    [lt.leg, lt.leg2].into_iter().filter(|&l| l != NO_CELL),
                                );
                            }
                            let gate = cells.len();
                            cells.push(lt.to);
                            walk(&mut w, &cells, gate);
                        }
                    }
                    _ => return None,
                }
            }
            if w.steps.len() - first > u16::MAX as usize {
                return None; // (no board is that large)
            }
            w.index.push((first as u32, w.steps.len() as u32));
        }
        Some(w)
    }
}

/// The names of the evaluation's tapered terms, in the order of [`SeatTerms::terms`].
pub const TERMS: [&str; 7] = [
    "pawns",
    "royal",
    "mobility",
    "king_attack",
    "threats",
    "hanging",
    "passers",
];

/// One seat's share of an evaluation, term by term ([`Eval::breakdown`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatTerms {
    /// Per kind: the seat's pieces on the board and in hand.
    pub count: Vec<i32>,
    /// Their values.
    pub material: i32,
    /// The centralisation of its pieces on the board.
    pub centre: i32,
    /// Per term of [`TERMS`]: (middlegame, endgame) centipawns.
    pub terms: [(i32, i32); TERMS.len()],
}

/// An evaluation term by term: what [`Eval::seats`] sums, for measuring and fitting the
/// weights (`rookery bench eval`, `tests/python/eval_fit.py`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breakdown {
    /// The middlegame's share of the taper, 0 (endgame) to 256 (the start's material).
    pub phase: i32,
    pub seats: Vec<SeatTerms>,
}

impl SeatTerms {
    /// The seat's value as [`Eval::seats`] gives it, at `phase`.
    pub fn total(&self, phase: i32) -> i32 {
        let (mg, eg) = self
            .terms
            .iter()
            .fold((0, 0), |(a, b), &(mg, eg)| (a + mg, b + eg));
        self.material + self.centre + taper(mg, eg, phase)
    }
}

/// A (middlegame, endgame) pair at `phase`, the middlegame's share of 256.
#[inline(always)]
fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (256 - phase)) / 256
}

/// Where [`Eval::sum`] puts the terms of a position: summed per seat ([`Totals`], the search)
/// or kept apart ([`SeatTerms`]).
trait Sink {
    /// `n` pieces of kind `k` of seat `s`, worth `value` each, with their centralisation.
    fn material(&mut self, s: usize, k: usize, n: i32, value: i32, centre: i32);
    /// Term `t` of [`TERMS`] of seat `s`.
    fn term(&mut self, s: usize, t: usize, mg: i32, eg: i32);
}

/// The search's sink: per seat, material and centralisation, and the tapered terms' sums.
#[derive(Default)]
struct Totals {
    total: [i32; MAX_SEATS],
    mg: [i32; MAX_SEATS],
    eg: [i32; MAX_SEATS],
}

impl Sink for Totals {
    #[inline(always)]
    fn material(&mut self, s: usize, _: usize, n: i32, value: i32, centre: i32) {
        self.total[s] += n * value + centre;
    }
    #[inline(always)]
    fn term(&mut self, s: usize, _: usize, mg: i32, eg: i32) {
        self.mg[s] += mg;
        self.eg[s] += eg;
    }
}

impl Sink for Vec<SeatTerms> {
    fn material(&mut self, s: usize, k: usize, n: i32, value: i32, centre: i32) {
        let t = &mut self[s];
        t.count[k] += n;
        t.material += n * value;
        t.centre += centre;
    }
    fn term(&mut self, s: usize, t: usize, mg: i32, eg: i32) {
        self[s].terms[t].0 += mg;
        self[s].terms[t].1 += eg;
    }
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
    /// directions and all), averaged over the cells where it can move; with two players the
    /// same on a crowded board ([`crowded_mobility`]). Pawns are 100.
    fn measure(v: &'static Variant) -> Eval {
        let n = v.board.len();
        let mut value = Vec::with_capacity(v.pieces.len());
        let mut pst = Vec::with_capacity(v.pieces.len());
        let facing = v.seats.first().map_or(0, |s| s.facing);
        let mut moves = Vec::with_capacity(128);
        let mut mob_avg = Vec::with_capacity(v.pieces.len());
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
            mob_avg.push(if t.royal || pawn {
                0
            } else {
                avg.round() as i32
            });
            value.push(if t.royal {
                0
            } else if pawn {
                PAWN_VALUE
            } else if t.atoms.is_empty() {
                0
            } else if v.seat_count() == 2 {
                let m = crowded_mobility(v, k as u8);
                (CROWDED_SCALE * m.powf(CROWDED_POWER)).round() as i32
            } else {
                (60.0 + 40.0 * avg).round() as i32
            });
            pst.push(
                mob.iter()
                    .map(|&m| {
                        if pawn || t.royal || m == 0 {
                            0
                        } else {
                            ((m as f64 - avg) * 3.0).round() as i16
                        }
                    })
                    .collect(),
            );
        }
        if v.seat_count() > 2 {
            multi_values(&mut value, &mut pst);
        }
        let royal: Vec<bool> = v.pieces.iter().map(|t| t.royal).collect();
        let king_centre = match royal.iter().position(|&r| r) {
            Some(k) => {
                let mut pos = Position::empty(v);
                let mob: Vec<i32> = (0..n as Cell)
                    .map(|c| {
                        pos.put(c, Piece::new(k as u8, 0, facing));
                        moves.clear();
                        pos.pseudo_moves(&mut moves);
                        pos.put(c, Piece::NONE);
                        moves.iter().filter(|m| m.from == c).count() as i32
                    })
                    .collect();
                let live: Vec<i32> = mob.iter().copied().filter(|&m| m > 0).collect();
                let avg = live.iter().sum::<i32>() as f64 / live.len().max(1) as f64;
                mob.iter()
                    .map(|&m| {
                        if m == 0 {
                            0
                        } else {
                            (m as f64 - avg).round() as i16
                        }
                    })
                    .collect()
            }
            None => vec![0; n],
        };
        let start = crate::rules::start_position(v, 0).ok();
        let pawn: Vec<bool> = v
            .pieces
            .iter()
            .enumerate()
            .map(|(k, t)| {
                t.atoms.iter().any(|a| matches!(a, Atom::Pawn))
                    && v.promotion.get(k).is_some_and(|p| p.is_some())
            })
            .collect();
        let facings = v.board.pawns.len();
        let (mut advance, mut span, mut path, mut row) = (vec![], vec![], vec![], vec![]);
        let mut promote_at = vec![];
        let mut lateral: Vec<Vec<u8>> = vec![];
        for f in 0..facings {
            let t = &v.board.pawns[f];
            let zone = v.promotion_zone.get(f);
            // pushes to the promotion zone (None: never reaches it)
            let togo: Vec<Option<i32>> = (0..n)
                .map(|c| {
                    let zone = zone?;
                    let (mut c, mut d) = (c as Cell, 0);
                    while !zone.contains(c) {
                        c = *t.push.get(c as usize)?;
                        if c == NO_CELL || d > n as i32 {
                            return None;
                        }
                        d += 1;
                    }
                    Some(d)
                })
                .collect();
            // the start rows: the farthest start pawn of this facing, else the farthest cell
            let from_start = start.as_ref().and_then(|p| {
                (0..n as Cell)
                    .filter(|&c| {
                        let pc = p.at(c);
                        pc.is_some() && pc.facing() as usize == f && pawn[pc.kind() as usize]
                    })
                    .filter_map(|c| togo[c as usize])
                    .max()
            });
            let far = from_start.or_else(|| togo.iter().flatten().max().map(|d| d - 1));
            advance.push(far.filter(|&d| d >= 2).map(|far| {
                togo.iter()
                    .map(|d| match d {
                        Some(d) if *d >= 1 && *d <= far => ((far - d) * 256 / (far - 1)) as i16,
                        Some(0) => 256,
                        _ => 0,
                    })
                    .collect()
            }));
            let mut sp = vec![CellSet::EMPTY; n];
            let mut pa = vec![CellSet::EMPTY; n];
            let mut fwd = vec![0u8; n];
            for c0 in 0..n {
                let mut c = c0 as Cell;
                let mut steps = 0;
                while steps <= n {
                    for &x in t.captures.get(c as usize).into_iter().flatten() {
                        sp[c0].insert(x);
                    }
                    let next = t.push.get(c as usize).copied().unwrap_or(NO_CELL);
                    if next == NO_CELL {
                        break;
                    }
                    sp[c0].insert(next);
                    pa[c0].insert(next);
                    c = next;
                    steps += 1;
                }
                fwd[c0] = steps.min(255) as u8;
            }
            let deepest = fwd.iter().copied().max().unwrap_or(0);
            row.push(fwd.iter().map(|&d| deepest - d).collect());
            let (w, h) = (v.board.width, v.board.height);
            let (dx, _) = crate::board::grid::facing_step((f & 3) as u8);
            lateral.push(
                v.board
                    .cells
                    .iter()
                    .map(|ci| {
                        if dx == 0 {
                            (2 * ci.x - (w - 1)).unsigned_abs().min(255) as u8
                        } else {
                            (2 * ci.y - (h - 1)).unsigned_abs().min(255) as u8
                        }
                    })
                    .collect(),
            );
            span.push(sp);
            path.push(pa);
            promote_at.push(
                (0..n)
                    .map(|c| {
                        let Some(d) = togo[c].filter(|&d| d > 0) else {
                            return (NO_CELL, 0);
                        };
                        let mut x = c as Cell;
                        for _ in 0..d {
                            x = t.push.get(x as usize).copied().unwrap_or(NO_CELL);
                            if x == NO_CELL {
                                return (NO_CELL, 0);
                            }
                        }
                        let double = v.double_step.get(f).is_some_and(|z| z.contains(c as Cell));
                        (x, (d - (double && d > 1) as i32).min(255) as u8)
                    })
                    .collect(),
            );
        }
        let start_phase = start.as_ref().map_or(0, |p| {
            (0..v.seat_count() as Seat)
                .map(|s| Self::phase_of(&value, &pawn, p, s))
                .sum()
        });
        let mob_weight: Vec<i32> = mob_avg
            .iter()
            .map(|&a| if a == 0 { 0 } else { 16 * 8 / (a + 4) })
            .collect();
        let attack_unit = value.iter().map(|&x| ((x + 150) / 200).max(1)).collect();
        let zone = |s: usize| -> Vec<CellSet> {
            let Some(k) = royal.iter().position(|&r| r) else {
                return vec![CellSet::EMPTY; n];
            };

            let pos = Position::empty(v);
            let f = v.seats[s].facing;
            let mut out = Vec::new();
            (0..n as Cell)
                .map(|c| {
                    out.clear();
                    pos.piece_moves(c, Piece::new(k as u8, s as Seat, f), &mut out);
                    let mut z: CellSet = out.iter().map(|m| m.to).collect();
                    z.insert(c);
                    z
                })
                .collect()
        };
        let half_width = (v.board.width.max(v.board.height) - 1).max(1) as i32;
        let king_zone = if super::multi::sides(v) == 2 {
            (0..v.seat_count()).map(zone).collect()
        } else {
            Vec::new()
        };
        // the mobility term's walks (two sides), for the kinds it counts
        let walk_facings = if king_zone.is_empty() {
            0
        } else {
            v.seats
                .iter()
                .map(|s| s.facing as usize + 1)
                .max()
                .unwrap_or(0)
        };
        let walks = (0..v.pieces.len() * walk_facings)
            .map(|i| {
                let k = i / walk_facings;
                (mob_weight[k] != 0)
                    .then(|| Walks::of(v, k, (i % walk_facings) as u8))
                    .flatten()
            })
            .collect();
        let pawn_attacks = if walk_facings == 0 {
            Vec::new()
        } else {
            v.board
                .pawns
                .iter()
                .map(|t| {
                    (0..n)
                        .map(|c| t.captures.get(c).into_iter().flatten().copied().collect())
                        .collect()
                })
                .collect()
        };
        Eval {
            bare_wins: v.seat_count() == 2 && v.rules.bare_wins(),
            captures_forced: v.seat_count() == 2 && v.rules.captures_forced(),
            terms: if super::multi::sides(v) == 2 {
                &TWO_SIDES
            } else {
                &MANY
            },
            teams: super::multi::sides(v) == 2 && v.seat_count() > 2,
            top_value: value.iter().copied().max().unwrap_or(0),
            mob_avg,
            mob_weight,
            attack_unit,
            king_zone,
            walks,
            walk_facings,
            pawn_attacks,
            value,
            pst,
            pawn,
            royal,
            advance,
            span,
            path,
            promote_at,
            row,
            central: lateral
                .iter()
                .map(|l| {
                    l.iter()
                        .map(|&lat| ((half_width - lat as i32).max(0) * 256 / half_width) as i16)
                        .collect()
                })
                .collect(),
            lateral,
            king_centre,
            edge: v
                .board
                .cells
                .iter()
                .map(|c| {
                    (2 * c.x - (v.board.width - 1)).abs() + (2 * c.y - (v.board.height - 1)).abs()
                })
                .collect(),
            reach: (v.board.width.max(v.board.height) - 1) as i32,
            start_phase,
        }
    }

    /// Material of a seat's pieces other than pawns and royals, board and hand.
    fn phase_of(value: &[i32], pawn: &[bool], pos: &Position, s: Seat) -> i32 {
        let mut m = 0;
        for c in pos.pieces_of(s).iter() {
            let k = pos.at(c).kind() as usize;
            if !pawn.get(k).copied().unwrap_or(true) {
                m += value.get(k).copied().unwrap_or(0);
            }
        }
        for k in 0..HAND_KINDS.min(value.len()) {
            if !pawn.get(k).copied().unwrap_or(true) {
                m += pos.hands[s as usize][k] as i32 * value[k];
            }
        }
        m
    }

    /// The [`PawnTable`] entry of the pawns of the `n` seats (`pawns`, each seat's), whose
    /// placement hashes to `key`: their structure (term 0 of [`TERMS`], [`Eval::pawn_terms`])
    /// and, with two seats, the cells they attack.
    fn pawn_entry(
        &self,
        pos: &Position,
        n: usize,
        key: u64,
        pawns: &[CellSet; MAX_SEATS],
    ) -> PawnEntry {
        let mut e = PawnEntry {
            key,
            terms: [(0, 0); MAX_SEATS],
            attacks: [CellSet::EMPTY; 2],
            passed: [CellSet::EMPTY; 2],
        };
        for s in 0..n {
            let (terms, passed) = self.pawn_terms(pos, s as Seat, pawns);
            e.terms[s] = terms;
            if n == 2 {
                e.passed[s] = passed;
            }
        }
        if n == 2 {
            for (s, a) in e.attacks.iter_mut().enumerate() {
                *a = self.pawn_attacks_of(pos, &pawns[s]);
            }
        }
        e
    }

    /// The cells the pawns on `pawns` attack (two sides; nothing with more sides, which have
    /// no [`Eval::activity`]).
    fn pawn_attacks_of(&self, pos: &Position, pawns: &CellSet) -> CellSet {
        let mut att = CellSet::EMPTY;
        for c in pawns.iter() {
            let f = pos.at(c).facing() as usize;
            if let Some(a) = self.pawn_attacks.get(f).and_then(|a| a.get(c as usize)) {
                att = att.union(a);
            }
        }
        att
    }

    /// The pawn structure of seat `s`: (middlegame, endgame) centipawns (term 0 of
    /// [`TERMS`]), and its passed pawns (no enemy pawn in the span ahead). `pawns`: each
    /// seat's pawns. Read from the pawns alone (their cells and pieces), so [`PawnTable`] may
    /// keep it.
    fn pawn_terms(
        &self,
        pos: &Position,
        s: Seat,
        pawns: &[CellSet; MAX_SEATS],
    ) -> ((i32, i32), CellSet) {
        let (mut mg, mut eg) = (0, 0);
        let mut passed = CellSet::EMPTY;
        let tm = self.terms;
        let add = |mg: &mut i32, eg: &mut i32, w: (i32, i32), scale: i32| {
            *mg += w.0 * scale / 256;
            *eg += w.1 * scale / 256;
        };
        let v = pos.variant;
        let own = &pawns[s as usize];
        let mut enemy = CellSet::EMPTY;
        for o in 0..v.seat_count() as Seat {
            if !v.allied(s, o) {
                enemy = enemy.union(&pawns[o as usize]);
            }
        }
        for c in own.iter() {
            let f = pos.at(c).facing() as usize;
            let Some(Some(adv)) = self.advance.get(f) else {
                continue;
            };
            let a = adv[c as usize] as i32;
            // the middlegame's share grows towards the middle files (central pawns first)
            let central = self.central[f][c as usize] as i32;
            mg += tm.pawn_advance.0 * a / 256 * central / 256;
            eg += tm.pawn_advance.1 * a / 256;
            if !self.span[f][c as usize].intersects(&enemy) {
                passed.insert(c);
                add(&mut mg, &mut eg, tm.passed_base, 256);
                add(&mut mg, &mut eg, tm.passed_far, a * a / 256);
            }
            if self.path[f][c as usize].intersects(own) {
                add(&mut mg, &mut eg, tm.doubled, 256);
            }
            let t = &v.board.pawns[f];
            if t.attackers
                .get(c as usize)
                .into_iter()
                .flatten()
                .any(|&x| own.contains(x))
            {
                add(&mut mg, &mut eg, tm.protected, 256);
            }
        }
        ((mg, eg), passed)
    }

    /// The royal's place for seat `s` on `king`: (middlegame, endgame) centipawns (term 1 of
    /// [`TERMS`]).
    fn royal_terms(&self, pos: &Position, s: Seat, king: Option<Cell>) -> (i32, i32) {
        let (mut mg, mut eg) = (0, 0);
        let tm = self.terms;
        let v = pos.variant;
        if let Some(c) = king {
            eg += tm.king_centre_eg * self.king_centre[c as usize] as i32;
            let f = pos.at(c).facing() as usize;
            if let (Some(rows), Some(t)) = (self.row.get(f), v.board.pawns.get(f)) {
                let row = rows[c as usize] as i32;
                mg += tm.king_row * row.min(3);
                // on its back row, towards a wing, behind its own pieces
                let lat = self.lateral[f][c as usize] as i32;
                if row == 0 {
                    mg += tm.king_wing * (lat - 2).clamp(0, 3);
                }
                if lat < 5 {
                    return (mg, eg);
                }
                let shelter = |x: Cell| {
                    let q = pos.at(x);
                    q.is_some()
                        && q.owner() == s
                        && self.royal.get(q.kind() as usize) == Some(&false)
                        && self.value[q.kind() as usize] <= 350
                };
                let ahead = t.push.get(c as usize).copied().unwrap_or(NO_CELL);
                let mut front: [Cell; 3] = [ahead, NO_CELL, NO_CELL];
                for (i, &x) in t
                    .captures
                    .get(c as usize)
                    .into_iter()
                    .flatten()
                    .take(2)
                    .enumerate()
                {
                    front[i + 1] = x;
                }
                for x in front {
                    if x == NO_CELL {
                        continue;
                    }
                    if shelter(x) {
                        mg += tm.shelter.0;
                    } else {
                        let y = t.push.get(x as usize).copied().unwrap_or(NO_CELL);
                        if y != NO_CELL && shelter(y) {
                            mg += tm.shelter.1;
                        }
                    }
                }
            }
        }
        (mg, eg)
    }

    /// Two sides (two players, two teams): each seat's mobility (moves of its pieces other
    /// than pawns and royals to cells no enemy pawn attacks, against the kind's empty-board
    /// average) and the attack on each enemy royal's zone by all the seats of the other side
    /// together (a penalty for the attacked seat), each as (middlegame, endgame): terms 2 and
    /// 3 of [`TERMS`]. Two teams of more than one seat ([`Eval::teams`]): the mobility term
    /// also holds the seat's threats ([`TEAM_THREAT`]) and the partners' activity
    /// ([`TEAM_ACTIVE`]). Two players: terms 4 and 5, the seat's threats ([`THREAT`]) and the
    /// enemy's hanging pieces ([`HANGING`]), from the same walks ([`Eval::threat_terms`]).
    /// `attacks`: with two seats, the cells each seat's pawns attack ([`PawnEntry::attacks`]);
    /// with more they are found here.
    fn activity(
        &self,
        pos: &Position,
        pawns: &[CellSet; MAX_SEATS],
        kings: &[Option<Cell>; MAX_SEATS],
        attacks: &[CellSet; 2],
    ) -> [[(i32, i32); 4]; MAX_SEATS] {
        let v = pos.variant;
        let n = v.seat_count();
        let mut out = [[(0, 0); 4]; MAX_SEATS];
        // two players: what each seat attacks and defends (the threat terms)
        let mut marks = [Marks::default(); 2];
        let two = !self.teams && n == 2;
        // cells each seat's pawns attack
        let found: [CellSet; MAX_SEATS];
        let pawn_att: &[CellSet] = if n == 2 {
            attacks
        } else {
            found = std::array::from_fn(|s| {
                if s < n {
                    self.pawn_attacks_of(pos, &pawns[s])
                } else {
                    CellSet::EMPTY
                }
            });
            &found
        };
        // per attacked seat: attack units and attacking pieces
        let mut units = [0; MAX_SEATS];
        let mut attackers = [0; MAX_SEATS];
        let mut active = [0; MAX_SEATS];
        for s in 0..n {
            let enemies = (0..n).filter(|&e| !v.allied(s as Seat, e as Seat));
            let mut guarded = CellSet::EMPTY;
            let mut zones: [Option<(usize, &CellSet)>; MAX_SEATS] = [None; MAX_SEATS];
            let mut ne = 0;
            for e in enemies {
                guarded = guarded.union(&pawn_att[e]);
                zones[ne] = kings[e].map(|k| (e, &self.king_zone[e][k as usize]));
                ne += 1;
            }
            let zones = &zones[..ne];
            let mut mob = 0;
            let mut threats = 0;
            let mut act = 0;
            if two {
                self.mark_pawns_and_royal(pos, s, &pawn_att[s], kings[s], &mut marks[s]);
            }
            if self.teams {
                // the pawns' threats (the pawns are not walked)
                for x in pawn_att[s].iter() {
                    let q = pos.at(x);
                    if pos.enemy_of(s as Seat, q) {
                        let k = q.kind() as usize;
                        if self.royal[k] || self.pawn_threatens(k) {
                            threats += 1;
                        }
                    }
                }
            }
            // (pawns have no mobility term)
            for c in pos.pieces_of(s as Seat).difference(&pawns[s]).iter() {
                let p = pos.at(c);
                let k = p.kind() as usize;
                let w = self.mob_weight.get(k).copied().unwrap_or(0);
                if w == 0 {
                    // not walked (and not the royal, marked with the pawns): its defence is unknown
                    if two && kings[s] != Some(c) {
                        marks[s].blind = true;
                    }
                    continue;
                }
                let least = (self.teams || two).then(|| self.value[k] + TEAM_THREAT_GAP);
                let m = marks.get_mut(s).filter(|_| two);
                let (moves, hits, t) = self.reach_with(pos, c, p, &guarded, zones, least, m);
                threats += t;
                act += (4 * moves >= self.mob_avg[k]) as i32;
                mob += w * (2 * moves - self.mob_avg[k]);
                for (i, z) in zones.iter().enumerate() {
                    if let (Some((e, _)), true) = (z, hits[i] > 0) {
                        attackers[*e] += 1;
                        units[*e] += hits[i] * self.attack_unit[k];
                    }
                }
            }
            out[s][0] = (
                MOBILITY.0 * mob / 32 + TEAM_THREAT * threats,
                MOBILITY.1 * mob / 32 + TEAM_THREAT * threats,
            );
            active[s] = act;
        }
        if self.teams {
            for s in 0..n {
                let partners: i32 = (0..n)
                    .filter(|&a| a != s && v.allied(s as Seat, a as Seat))
                    .map(|a| active[a])
                    .sum();
                let a = TEAM_ACTIVE.0 * active[s] + TEAM_ACTIVE.1 * active[s] * partners / 2;
                out[s][0].0 += a;
                out[s][0].1 += a;
            }
        }
        for e in 0..n {
            if self.teams {
                if let Some(k) = kings[e] {
                    out[e][1].0 = self.team_king_danger(pos, e as Seat, k);
                }
            } else if attackers[e] >= 2 {
                out[e][1].0 = -(units[e] * units[e] / KING_ATTACK_DIV).min(KING_ATTACK_MAX);
            }
        }
        if two {
            for s in 0..2 {
                let (t, h) = self.threat_terms(pos, &marks[s], &marks[1 - s]);
                out[s][2] = (THREAT.0 * t, THREAT.1 * t);
                out[s][3] = (HANGING.0 * h, HANGING.1 * h);
            }
        }
        out
    }

    /// Whether a pawn's capture of a piece of kind `k` is a threat: the piece is worth at least
    /// [`TEAM_THREAT_GAP`] more than the pawn.
    fn pawn_threatens(&self, k: usize) -> bool {
        self.value[k] >= PAWN_VALUE + TEAM_THREAT_GAP
    }

    /// Two players: marks what seat `s`'s pawns (their captures `pawn_att`) and its royal on
    /// `king` attack and defend: pawns threaten the enemy pieces worth at least
    /// [`TEAM_THREAT_GAP`] more than a pawn; the royal threatens nothing, but attacks.
    fn mark_pawns_and_royal(
        &self,
        pos: &Position,
        s: usize,
        pawn_att: &CellSet,
        king: Option<Cell>,
        marks: &mut Marks,
    ) {
        let enemy = pos.pieces_of(1 - s as Seat);
        for x in pawn_att.intersection(enemy).iter() {
            if self.pawn_threatens(pos.at(x).kind() as usize) {
                marks.threatened.insert(x);
            }
        }
        marks.defended = match king {
            Some(k) => pawn_att.union(&self.king_zone[s][k as usize]),
            None => *pawn_att,
        };
        marks.attacked = marks.defended.intersection(enemy);
    }

    /// Two players: the threats of the seat that marked `own` and the hanging pieces of its
    /// enemy, who marked `enemy`: enemy pieces of some value (not royals) attacked by a
    /// lesser piece ([`THREAT`]), and the others attacked and not defended ([`HANGING`];
    /// none where the enemy's defence is unknown, [`Marks::blind`]).
    fn threat_terms(&self, pos: &Position, own: &Marks, enemy: &Marks) -> (i32, i32) {
        let threats = own.threatened.len() as i32;
        if enemy.blind {
            return (threats, 0);
        }
        let loose = own
            .attacked
            .difference(&own.threatened)
            .difference(&enemy.defended);
        // a royal (check is the search's) or a piece of no value is never hanging
        let hanging = loose
            .iter()
            .filter(|&c| self.value[pos.at(c).kind() as usize] > 0)
            .count() as i32;
        (threats, hanging)
    }

    /// Teams ([`Eval::teams`]): the danger to seat `s`'s royal on `king` (middlegame, at most
    /// 0). Each cell of its zone off its own back row costs the value of the enemy pieces
    /// attacking it ([`TEAM_ATTACK_UNIT`] each), weighted by their count
    /// ([`TEAM_ATTACK_WEIGHT`]), less half that of the defenders, at least 0; pieces of both
    /// opponents attacking the zone cost [`TEAM_BOTH_OPPONENTS`]; a royal off its back row or
    /// without a shield (an own piece on, or one step ahead of, each of the cells a pawn of
    /// its facing would push or capture to) pays [`TEAM_OFF_HOME`]. Halved while no
    /// opponent holds a piece of the strongest kind. All times [`TEAM_KING_SCALE`].
    fn team_king_danger(&self, pos: &Position, s: Seat, king: Cell) -> i32 {
        let v = pos.variant;
        let n = v.seat_count() as Seat;
        let Some(foe) = (0..n).find(|&e| !v.allied(s, e)) else {
            return 0;
        };
        let f = pos.at(king).facing() as usize;
        let Some(rows) = self.row.get(f) else {
            return 0;
        };
        let unit = |k: u8| TEAM_ATTACK_UNIT.0 + self.value[k as usize] * TEAM_ATTACK_UNIT.1 / 100;
        let weight = |n: usize| TEAM_ATTACK_WEIGHT[n.min(TEAM_ATTACK_WEIGHT.len() - 1)];
        let mut safety = 0;
        let mut by = 0u32;
        for c in self.king_zone[s as usize][king as usize].iter() {
            if rows[c as usize] == 0 {
                continue;
            }
            // one walk for both: the attackers (hostile to `s`) and the defenders (hostile to
            // `foe` and allied with `s`)
            let (mut av, mut an, mut pv, mut pn) = (0, 0, 0, 0);
            let mut attackers = 0u32;
            pos.each_seated_attacker(c, |_, q| {
                let o = q.owner();
                if !self.royal[q.kind() as usize] {
                    if !v.allied(s, o) {
                        av += unit(q.kind());
                        an += 1;
                        attackers |= 1 << o;
                    } else if !v.allied(foe, o) {
                        pv += unit(q.kind());
                        pn += 1;
                    }
                }
                false
            });
            if an == 0 {
                continue;
            }
            by |= attackers;
            safety -= (av * weight(an) / 100 - pv * weight(pn) / 200).max(0);
        }
        if by.count_ones() > 1 {
            safety -= TEAM_BOTH_OPPONENTS;
        }
        let strong = (0..n).filter(|&e| !v.allied(s, e)).any(|e| {
            pos.pieces_of(e)
                .iter()
                .any(|c| self.value[pos.at(c).kind() as usize] >= self.top_value)
        });
        if strong {
            let home = rows[king as usize] == 0;
            let own = |x: Cell| x != NO_CELL && pos.at(x).is_some() && pos.at(x).owner() == s;
            let shield = v.board.pawns.get(f).is_none_or(|t| {
                let ahead = t.push.get(king as usize).copied().unwrap_or(NO_CELL);
                let caps = t.captures.get(king as usize).map_or(&[][..], |x| &x[..]);
                std::iter::once(ahead).chain(caps.iter().copied()).all(|x| {
                    x == NO_CELL
                        || own(x)
                        || own(t.push.get(x as usize).copied().unwrap_or(NO_CELL))
                })
            });
            safety -= TEAM_OFF_HOME[home as usize][shield as usize];
        } else {
            safety /= 2;
        }
        safety.min(0) * TEAM_KING_SCALE.0 / TEAM_KING_SCALE.1
    }

    /// The piece `p` on `c`: its moves to cells outside `guarded` and its moves into each of
    /// `zones` ([`Reach`]), by its kind's walks ([`Walks`]) where it has them, else by the
    /// move generator.
    #[cfg(test)]
    fn reach(
        &self,
        pos: &Position,
        c: Cell,
        p: Piece,
        guarded: &CellSet,
        zones: &Zones,
    ) -> (i32, [i32; MAX_SEATS]) {
        let (moves, hits, _) = self.reach_with(pos, c, p, guarded, zones, None, None);
        (moves, hits)
    }

    /// [`Eval::reach`], and with `least` the piece's threats: its captures of enemy royals
    /// and of enemy pieces worth at least `least` ([`TEAM_THREAT`]); with `marks` (two
    /// players) its attacks, threats and defence marked there instead ([`Marks`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn reach_with(
        &self,
        pos: &Position,
        c: Cell,
        p: Piece,
        guarded: &CellSet,
        zones: &Zones,
        least: Option<i32>,
        marks: Option<&mut Marks>,
    ) -> (i32, [i32; MAX_SEATS], i32) {
        let mut r = Reach {
            guarded,
            zones,
            last: NO_CELL,
            moves: 0,
            hits: [0; MAX_SEATS],
            threats: least.map(|least| Threats {
                pos,
                eval: self,
                seat: p.owner(),
                least,
                count: 0,
                marks,
            }),
        };
        let f = p.facing() as usize;
        let walks = if f < self.walk_facings {
            self.walks
                .get(p.kind() as usize * self.walk_facings + f)
                .and_then(|w| w.as_ref())
        } else {
            None
        };
        match walks {
            Some(w) => {
                let s = p.owner();
                let (a, b) = w.index[c as usize];
                let steps = &w.steps[a as usize..b as usize];
                let mut i = 0;
                while let Some(st) = steps.get(i) {
                    let q = pos.at(st.cell);
                    if q.is_none() {
                        if !st.gate {
                            r.hit(st.cell);
                        }
                        i += 1;
                    } else {
                        if !st.gate {
                            if pos.enemy_of(s, q) {
                                r.capture(st.cell, q);
                                r.hit(st.cell);
                            } else {
                                r.defend(st.cell);
                            }
                        }
                        i = st.next as usize;
                    }
                }
            }
            None => {
                if let Some(Threats { marks: Some(m), .. }) = &mut r.threats {
                    m.blind = true; // the move generator shows no defence
                }
                pos.piece_moves_to(c, p, &mut r)
            }
        }
        (r.moves, r.hits, r.threats.map_or(0, |t| t.count))
    }

    /// Material and position per seat (grey, neutral and united pieces count for nobody).
    pub fn seats(&self, pos: &Position) -> [i32; MAX_SEATS] {
        self.seats_with(pos, None)
    }

    /// [`Eval::seats`], with the pawn terms from `table` where it has them (and kept there).
    fn seats_with(&self, pos: &Position, table: Option<&mut PawnTable>) -> [i32; MAX_SEATS] {
        let mut t = Totals::default();
        let w = self.sum(pos, &mut t, table);
        for s in 0..pos.variant.seat_count() {
            t.total[s] += taper(t.mg[s], t.eg[s], w);
        }
        t.total
    }

    /// The evaluation of `pos` term by term ([`Breakdown`]): what [`Eval::seats`] sums.
    pub fn breakdown(&self, pos: &Position) -> Breakdown {
        let n = pos.variant.seat_count();
        let mut b = Breakdown {
            phase: 0,
            seats: vec![
                SeatTerms {
                    count: vec![0; self.value.len()],
                    ..SeatTerms::default()
                };
                n
            ],
        };
        b.phase = self.sum(pos, &mut b.seats, None);
        b
    }

    /// Every term of the evaluation of `pos`, given to `sink` (the search's sums, or the
    /// terms apart), the pawn terms from `table` where it has them; the phase: the
    /// middlegame's share of the taper, 0 to 256.
    #[inline(always)]
    fn sum<S: Sink>(&self, pos: &Position, sink: &mut S, table: Option<&mut PawnTable>) -> i32 {
        let n = pos.variant.seat_count();
        if self.bare_wins {
            for s in 0..n {
                for c in pos.pieces_of(s as Seat).iter() {
                    sink.material(s, pos.at(c).kind() as usize, 1, -BARE_PIECE, 0);
                }
            }
            return 0;
        }
        let mut pawns = [CellSet::EMPTY; MAX_SEATS];
        let mut kings = [None; MAX_SEATS];
        let mut phase = 0;
        // per seat: pieces other than pawns and royals, board and hand
        let mut officers = [0; MAX_SEATS];
        // the pawns' placement ([`PawnTable`])
        let mut pawn_key = 0u64;
        for s in 0..n {
            for c in pos.pieces_of(s as Seat).iter() {
                let p = pos.at(c);
                let k = p.kind() as usize;
                let Some(&v) = self.value.get(k) else {
                    continue;
                };
                sink.material(s, k, 1, v, self.pst[k][c as usize] as i32);
                if self.pawn[k] {
                    pawns[s].insert(c);
                    pawn_key ^= key_piece(c, p);
                } else if self.royal[k] {
                    kings[s] = Some(c);
                } else {
                    phase += v;
                    officers[s] += 1;
                }
            }
            if pos.hands[s] == [0; HAND_KINDS] {
                continue; // nothing in hand: nothing to add
            }
            for k in 0..HAND_KINDS.min(self.value.len()) {
                let count = pos.hands[s][k] as i32;
                let h = count * self.value[k];
                if count != 0 {
                    sink.material(s, k, count, self.value[k], 0);
                }
                if !self.pawn[k] {
                    phase += h;
                    officers[s] += count;
                }
            }
        }
        let w = if self.start_phase <= 0 {
            256
        } else {
            (phase * 256 / self.start_phase).clamp(0, 256)
        };
        let fresh: PawnEntry;
        let entry = match table {
            Some(t) => {
                let slot = &mut t.0[pawn_key as usize & (PAWN_TABLE - 1)];
                if slot.key != pawn_key {
                    *slot = self.pawn_entry(pos, n, pawn_key, &pawns);
                }
                &*slot
            }
            None => {
                fresh = self.pawn_entry(pos, n, pawn_key, &pawns);
                &fresh
            }
        };
        let act = if self.king_zone.is_empty() {
            [[(0, 0); 4]; MAX_SEATS]
        } else {
            self.activity(pos, &pawns, &kings, &entry.attacks)
        };
        for s in 0..n {
            let pawn = entry.terms[s];
            let royal = self.royal_terms(pos, s as Seat, kings[s]);
            let [mob, attack, threats, hanging] = act[s];
            for (t, (mg, eg)) in [pawn, royal, mob, attack, threats, hanging]
                .into_iter()
                .enumerate()
            {
                sink.term(s, t, mg, eg);
            }
        }
        if n == 2 {
            for s in 0..2 {
                let passed = &entry.passed[s];
                let (mg, eg) = self.passer_terms(pos, s as Seat, passed, &kings, &officers);
                sink.term(s, 6, mg, eg);
            }
            if let Some((s, bonus)) = self.mop_up(pos, &kings, &officers) {
                sink.term(s, 1, bonus, bonus);
            }
        }
        w
    }

    /// Two players: the passed pawns of seat `s` (term 6 of [`TERMS`]), on `passed` (the
    /// [`PawnTable`]'s, from the pawns alone), in the endgame: the royals' distances to the
    /// cell ahead ([`PASSER_ROYALS`]), a free path ([`PASSER_FREE`]) and the rule of the
    /// square ([`UNSTOPPABLE`]), all read from the pawn's facing, path and promotion cell. Not
    /// in the [`PawnTable`] itself: it reads the royals and the other pieces.
    fn passer_terms(
        &self,
        pos: &Position,
        s: Seat,
        passed: &CellSet,
        kings: &[Option<Cell>; MAX_SEATS],
        officers: &[i32; MAX_SEATS],
    ) -> (i32, i32) {
        let e = 1 - s as usize;
        if passed.is_empty() {
            return (0, 0);
        }
        let dist = |a: Cell, b: Cell| royal_steps(pos, a, b);
        let apart = |k: Option<Cell>, x: Cell| k.map_or(5, |k| dist(k, x).min(5));
        // the enemy can stop no pawn but with its royal
        let bare = officers[e] == 0 && pos.hands[e].iter().all(|&h| h == 0) && kings[e].is_some();
        let (mut mg, mut eg) = (0, 0);
        for c in passed.iter() {
            let f = pos.at(c).facing() as usize;
            let Some(Some(adv)) = self.advance.get(f) else {
                continue;
            };
            let (at, moves) = self.promote_at[f][c as usize];
            let ahead = pos.variant.board.pawns[f].push.get(c as usize).copied();
            let (Some(ahead), true) = (ahead, at != NO_CELL) else {
                continue;
            };
            let w = (25 * adv[c as usize] as i32 / 256 - 8).max(0);
            eg += w
                * (PASSER_ROYALS.0 * apart(kings[e], ahead)
                    - PASSER_ROYALS.1 * apart(kings[s as usize], ahead))
                / 10;
            let free = self.path[f][c as usize].iter().all(|x| pos.at(x).is_none());
            if free {
                eg += w * PASSER_FREE;
            }
            if bare && free {
                let far = kings[e].map_or(0, |k| dist(k, at)) - (pos.turn() as usize == e) as i32;
                if far > moves as i32 {
                    let gain = self.promoted_gain(pos.at(c).kind() as usize, pos);
                    mg += gain * UNSTOPPABLE / 256;
                    eg += gain * UNSTOPPABLE / 256;
                }
            }
        }
        (mg, eg)
    }

    /// What a pawn of kind `k` gains by promoting: its best promoted kind's value less its own.
    fn promoted_gain(&self, k: usize, pos: &Position) -> i32 {
        let best = pos
            .variant
            .promotion
            .get(k)
            .and_then(|p| p.as_ref())
            .map_or(0, |p| {
                p.to.iter()
                    .map(|&t| self.value.get(t as usize).copied().unwrap_or(0))
                    .max()
                    .unwrap_or(0)
            });
        (best - self.value.get(k).copied().unwrap_or(0)).max(0)
    }

    /// Two players, one of them down to its royal alone (nothing else on the board or in
    /// hand) against at least one piece that is neither a pawn nor royal: the stronger seat
    /// and its bonus for the lone royal's distance from the board's middle and for its own
    /// royal's nearness to it (a royal is mated on the edge, with the other royal's help; a
    /// count may allow few moves for it, as makruk's pieces' honour does). Without it a rook
    /// against a bare king shuffled until the fifty-move rule or the count drew the game.
    /// Part of the royal term ([`TERMS`]), the same in the middlegame and the endgame.
    fn mop_up(
        &self,
        pos: &Position,
        kings: &[Option<Cell>; MAX_SEATS],
        officers: &[i32; MAX_SEATS],
    ) -> Option<(usize, i32)> {
        (0..2).find_map(|lone| {
            let strong = 1 - lone;
            let (Some(k), Some(own)) = (kings[lone], kings[strong]) else {
                return None;
            };
            let bare =
                pos.pieces_of(lone as Seat).len() == 1 && pos.hands[lone].iter().all(|&h| h == 0);
            if !bare || officers[strong] == 0 {
                return None;
            }
            let apart = royal_steps(pos, k, own);
            let bonus = MOPUP_EDGE * self.edge[k as usize] as i32
                + MOPUP_NEAR * (self.reach - apart).max(0);
            Some((strong, bonus))
        })
    }

    /// The value of `pos` for `me`: its team's material and points against the strongest
    /// opposing side still playing (a seat in free for all, its seats together with teams).
    pub fn balance(&self, pos: &Position, me: Seat) -> i32 {
        self.balance_with(pos, me, None)
    }

    /// [`Eval::balance`], with the pawn terms from `table` where it has them (and kept
    /// there): the same value, sooner.
    pub fn balance_with(&self, pos: &Position, me: Seat, table: Option<&mut PawnTable>) -> i32 {
        if pos.variant.seat_count() > 2 {
            return self.balance_multi(pos, me, table);
        }
        let v = pos.variant;
        let mat = self.seats_with(pos, table);
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
        let opp = opp.iter().flatten().copied().max().unwrap_or(0);
        // (a game won by losing every piece counts every piece below 0)
        own - if self.bare_wins { opp } else { opp.max(0) }
    }
}

// ---------------------------------------------------------------- piece values

/// Two players: a piece's value comes from its mobility on a board about a third full (each
/// other cell holds a piece with this probability, own or enemy alike), not on the empty
/// board: in play a slider is blocked long before the edge, a leaper is not. Chess gives
/// N 322, B 336, R 489, Q 999 (the empty board: 270, 410, 620, 970; Fairy-Stockfish's
/// middlegame values scaled to its knight: B 338, R 523, Q 1040).
const CROWDED: f64 = 0.35;
/// Boards filled at random per cell for the crowded mobility (seeded: the same values on
/// every machine).
const CROWDED_TRIALS: usize = 32;
/// Value = `CROWDED_SCALE · m ^ CROWDED_POWER` for a crowded mobility `m` (a knight's 4.3
/// moves make 320 centipawns; a piece with twice the moves is worth a bit more than two).
const CROWDED_SCALE: f64 = 55.0;
const CROWDED_POWER: f64 = 1.2;

/// The mean number of distinct cells a lone piece of `kind` (seat 0) reaches from a cell of
/// a board where every other cell holds, with probability [`CROWDED`], a piece of either seat
/// (captures count, own pieces block; hoppers find their screens), over the cells where it
/// can move on the empty board (every cell if none): the game's own move generator, zones
/// and palaces included.
fn crowded_mobility(v: &'static Variant, kind: u8) -> f64 {
    let n = v.board.len();
    let facing = |s: usize| v.seats.get(s).map_or(0, |x| x.facing);
    // a blocker: the first kind that is neither royal nor the measured one
    let blocker = (0..v.pieces.len() as u8)
        .find(|&b| b != kind && !v.pieces[b as usize].royal)
        .unwrap_or(kind);
    let piece = Piece::new(kind, 0, facing(0));
    let mut empty = Position::empty(v);
    let mut out = Vec::with_capacity(64);
    let mut live: Vec<Cell> = (0..n as Cell)
        .filter(|&c| {
            out.clear();
            empty.put(c, piece);
            empty.piece_moves(c, piece, &mut out);
            empty.put(c, Piece::NONE);
            !out.is_empty()
        })
        .collect();
    if live.is_empty() {
        // a piece that moves only over a screen (janggi's cannon): every cell
        live = (0..n as Cell).collect();
    }
    let mut rng = crate::rng::SplitMix(0x0cc0_5eed ^ kind as u64);
    let (mut total, mut count) = (0usize, 0usize);
    for _ in 0..CROWDED_TRIALS {
        let mut pos = Position::empty(v);
        let mut fill = vec![Piece::NONE; n];
        for (c, f) in fill.iter_mut().enumerate() {
            if ((rng.next() >> 11) as f64 / (1u64 << 53) as f64) < CROWDED {
                let s = rng.below(2);
                *f = Piece::new(blocker, s as Seat, facing(s));
                pos.put(c as Cell, *f);
            }
        }
        for &c in &live {
            pos.put(c, piece);
            out.clear();
            pos.piece_moves(c, piece, &mut out);
            pos.put(c, fill[c as usize]);
            let mut to: Vec<Cell> = out.iter().map(|m| m.to).collect();
            to.sort_unstable();
            to.dedup();
            total += to.len();
            count += 1;
        }
    }
    total as f64 / count as f64
}

// ---------------------------------------------------------------- three or more seats

/// The strongest piece of a game of three or more seats is worth at most this much (ten
/// pawns). Mobility on a large empty board overstates long-range pieces (an eight-player
/// queen has about 66 moves there: 2,724 cp, where its capture scores 10 points and a mate
/// 25), so their values are compressed towards the points their capture scores.
const MULTI_TOP: i32 = 1000;

/// With three or more seats, material counts this fraction of its value against points:
/// points are banked and decide the places, material is only the points it may still take
/// (or save). So a king taken for 20 points beats a queen taken for 9 even from the
/// strongest opponent (whose material then drops too), and a piece lost counts less than
/// the points the opponent who takes it scores.
const MULTI_MATERIAL: (i32, i32) = (2, 3);

/// Compresses the values above a pawn (and their centralisation) of a game of three or more
/// seats so that the strongest piece is worth [`MULTI_TOP`]: `100 + (v - 100) · s`. Four-
/// player chess: Q 1550, R 956, B 654, N 308 become 1000, 631, 443, 229 (captures score 9,
/// 5, 5, 3); eight-player: Q 2724, R 1628, B 1156, N 333 become 1000, 624, 462, 179
/// (captures score 10, 7, 5, 2); three-player: Q 1010 becomes 1000. Games whose pieces stay
/// below the cap are unchanged.
fn multi_values(value: &mut [i32], pst: &mut [Vec<i16>]) {
    let top = value.iter().copied().max().unwrap_or(0);
    if top <= MULTI_TOP {
        return;
    }
    let (num, den) = (MULTI_TOP - 100, top - 100);
    for (v, t) in value.iter_mut().zip(pst.iter_mut()) {
        if *v > 100 {
            *v = 100 + (*v - 100) * num / den;
            for x in t.iter_mut() {
                *x = (*x as i32 * num / den) as i16;
            }
        }
    }
}

impl Eval {
    /// [`Eval::balance`] with three or more seats: the bot's side (its seat and its partners)
    /// against the strongest opposing side (a seat in free for all, a pair or team as one).
    /// A seat's worth is its points, and its material while it still takes turns. Points
    /// count for every seat, in the game or out: the places go by points, and a player who is
    /// out keeps them (an out player can still finish first, or be overtaken). Grey pieces
    /// belong to nobody: taking them gains nothing but the cell.
    fn balance_multi(&self, pos: &Position, me: Seat, table: Option<&mut PawnTable>) -> i32 {
        let v = pos.variant;
        let mat = self.seats_with(pos, table);
        let (mut own, mut opp) = (0, [None::<i32>; MAX_SEATS]);
        for s in 0..v.seat_count() as Seat {
            let mut total = POINT_WEIGHT * pos.scores[s as usize];
            if pos.is_in_play(s) {
                total += mat[s as usize] * MULTI_MATERIAL.0 / MULTI_MATERIAL.1;
            }
            if v.allied(me, s) {
                own += total;
            } else {
                // an opposing team (pairs, teams) counts as one: its seats together
                let first = (0..s).find(|&t| v.allied(t, s)).unwrap_or(s);
                let t = &mut opp[first as usize];
                *t = Some(t.unwrap_or(0) + total);
            }
        }
        own - opp.iter().flatten().copied().max().unwrap_or(0).max(0)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Cell, NO_CELL};
    use crate::game::Game;
    use crate::piece::Piece;
    use crate::position::{Position, HAND_KINDS};
    use crate::variant::Variant;

    fn value(id: &str, fen: &str) -> i32 {
        let g = Game::from_fen(id, fen).unwrap();
        super::Eval::of(g.variant).balance(g.position(), 0)
    }

    #[test]
    fn in_a_game_won_by_losing_every_piece_the_evaluation_prefers_fewer_pieces() {
        // antichess: white has one piece fewer than black, then one more
        let fewer = value(
            "antichess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1",
        );
        let more = value(
            "antichess",
            "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        );
        assert!(fewer > 0 && more < 0, "{fewer} {more}");
        // the same boards in chess: material is worth having
        let chess = value(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1",
        );
        assert!(chess < 0, "{chess}");
    }

    #[test]
    fn how_a_game_is_won_and_whether_captures_are_forced_agree_with_what_its_rules_do() {
        // the evaluation reads two hooks of the rules; what the rules do decides them here:
        // their outcome of a start left without the mover's pieces, their filter of a lone
        // piece that could take or move. Only antichess has either.
        for v in crate::rules::games() {
            let e = super::Eval::of(v);
            assert_eq!(
                e.bare_wins,
                bare_wins(v),
                "{}: won by losing every piece",
                v.id
            );
            assert_eq!(
                e.captures_forced,
                captures_forced(v),
                "{}: captures forced",
                v.id
            );
        }
        let anti = Game::new("antichess").unwrap().variant;
        assert!(super::Eval::of(anti).bare_wins && super::Eval::of(anti).captures_forced);
    }

    /// Two players: whether a seat left without a piece wins, as the rules' outcome judges the
    /// start position with every piece (and hand) of the side to move taken away.
    fn bare_wins(v: &'static Variant) -> bool {
        if v.seat_count() != 2 {
            return false;
        }
        let Ok(mut pos) = crate::rules::start_position(v, 0) else {
            return false;
        };
        let me = pos.turn();
        let cells: Vec<Cell> = pos.pieces_of(me).iter().collect();
        for c in cells {
            pos.put(c, Piece::NONE);
        }
        pos.hands[me as usize] = [0; HAND_KINDS];
        v.rules
            .outcome(&mut pos, &[])
            .is_some_and(|o| o.winners == [me])
    }

    /// Two players: whether captures are compulsory, as the rules' filter judges a lone piece of
    /// seat 0 on the empty board that can take a piece of seat 1 or move elsewhere: it may take
    /// and nothing else. The first kind that can do both decides.
    fn captures_forced(v: &'static Variant) -> bool {
        if v.seat_count() != 2 || v.seats.len() < 2 {
            return false;
        }
        let n = v.board.len() as Cell;
        let mut moves = Vec::with_capacity(64);
        for (k, t) in v.pieces.iter().enumerate() {
            if t.royal || t.atoms.is_empty() {
                continue;
            }
            let mut pos = Position::empty(v);
            let own = Piece::new(k as u8, 0, v.seats[0].facing);
            for c in 0..n {
                pos.put(c, own);
                moves.clear();
                pos.pseudo_moves(&mut moves);
                let targets: Vec<Cell> =
                    moves.iter().filter(|m| m.from == c).map(|m| m.to).collect();
                for to in targets {
                    if to == NO_CELL || to == c {
                        continue;
                    }
                    pos.put(to, Piece::new(k as u8, 1, v.seats[1].facing));
                    moves.clear();
                    pos.pseudo_moves(&mut moves);
                    let takes = moves.iter().any(|m| m.from == c && pos.is_capture(m));
                    let quiet = moves.iter().any(|m| m.from == c && !pos.is_capture(m));
                    if takes && quiet {
                        let legal = pos.legal_moves();
                        return !legal.is_empty() && legal.iter().all(|m| pos.is_capture(m));
                    }
                    pos.put(to, Piece::NONE);
                }
                pos.put(c, Piece::NONE);
            }
        }
        false
    }

    #[test]
    fn a_pawn_is_worth_more_the_nearer_it_is_to_promotion() {
        // (the black king off the pawn's path: in front of it the king would stop it)
        let e2 = value("chess", "k7/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let e4 = value("chess", "k7/8/8/8/4P3/8/8/4K3 w - - 0 1");
        let e7 = value("chess", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
        assert!(e2 < e4 && e4 < e7, "{e2} {e4} {e7}");
        // makruk's pawns promote on the sixth row: the data, not the chess board, decides
        let m3 = value("makruk", "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
        let m5 = value("makruk", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1");
        assert!(m3 < m5, "{m3} {m5}");
    }

    #[test]
    fn a_passed_pawn_is_worth_more_than_a_blocked_one() {
        let passed = value("chess", "4k3/p7/8/8/4P3/8/8/4K3 w - - 0 1");
        let stopped = value("chess", "4k3/3p4/8/8/4P3/8/8/4K3 w - - 0 1");
        assert!(passed > stopped, "{passed} {stopped}");
    }

    /// Two players, the endgame's passed pawns ([`super::Eval::passer_terms`], term 6): worth
    /// more with the enemy royal far from the cell ahead and the own royal near, with a free
    /// path; and a pawn outside the enemy royal's square (the rule of the square) is worth
    /// what promotion gains, inside it not.
    #[test]
    fn a_passed_pawn_counts_the_royals_distances_its_path_and_the_rule_of_the_square() {
        let passers = |fen: &str| {
            let g = Game::from_fen("chess", fen).unwrap();
            super::Eval::of(g.variant).breakdown(g.position()).seats[0].terms[6].1
        };
        // a pawn on d6: the black king on d8 (near) or h1 (far), the white king on c6 or h8
        let near = passers("3k4/8/3P4/8/8/8/8/K7 w - - 0 1");
        let far = passers("8/8/3P4/8/8/8/8/K6k w - - 0 1");
        let escorted = passers("3k4/8/2KP4/8/8/8/8/8 w - - 0 1");
        assert!(near < far && near < escorted, "{near} {far} {escorted}");
        // a black knight on d7 blocks its path
        let blocked = passers("7k/3n4/3P4/8/8/8/8/K7 w - - 0 1");
        let free = passers("7k/8/3P4/8/8/8/8/K7 w - - 0 1");
        assert!(blocked < free, "{blocked} {free}");
        // a pawn on a4 against the king on f5: with white to move outside its square
        // (a4-a8: 4 moves, the king 5 from a8), with black to move inside
        let g = Game::new("chess").unwrap();
        let e = super::Eval::of(g.variant);
        let gain = e.value[g.variant.piece_by_letter('Q').unwrap() as usize] - 100;
        let away = passers("8/8/8/5k2/P7/8/8/7K w - - 0 1");
        let inside = passers("8/8/8/5k2/P7/8/8/7K b - - 0 1");
        assert!(
            away - inside >= gain * super::UNSTOPPABLE / 256 - 1,
            "{away} {inside}"
        );
        // with a black knight on the board the pawn may be stopped
        let knight = passers("8/8/8/5k2/P7/8/7n/7K w - - 0 1");
        assert!(knight < away - 100, "{knight} {away}");
    }

    #[test]
    fn a_doubled_pawn_is_worth_less() {
        let apart = value("chess", "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
        let doubled = value("chess", "4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1");
        assert!(apart > doubled, "{apart} {doubled}");
    }

    #[test]
    fn the_king_castles_in_the_middlegame_and_centralises_in_the_endgame() {
        let home = "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1";
        let castled = "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 1";
        let walked = "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPPKPPP/RNBQ3R w kq - 0 1";
        let (h, c, w) = (
            value("chess", home),
            value("chess", castled),
            value("chess", walked),
        );
        assert!(c > h && h > w, "{c} {h} {w}");
        let corner = value("chess", "4k3/8/8/8/8/8/8/K7 w - - 0 1");
        let centre = value("chess", "4k3/8/8/8/3K4/8/8/8 w - - 0 1");
        assert!(centre > corner, "{centre} {corner}");
    }

    #[test]
    fn a_piece_with_more_moves_is_worth_more() {
        // the same pawn blocks the a1 bishop on b2, not on a2 (mobility, two players)
        let free = value("chess", "4k3/8/8/8/8/8/P7/B3K3 w - - 0 1");
        let blocked = value("chess", "4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1");
        assert!(free > blocked, "{free} {blocked}");
    }

    #[test]
    fn the_breakdown_sums_to_the_evaluation() {
        // the terms apart (`rookery bench eval`) add up to what the search sums, in games with
        // hands, with two sides of two seats and with many seats
        for (id, fen) in [
            (
                "chess",
                "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
            ),
            ("chess", "8/5k2/8/3P4/8/8/1K6/8 w - - 0 1"),
        ] {
            let g = Game::from_fen(id, fen).unwrap();
            check_breakdown(&g);
        }
        for id in ["crazyhouse", "four-player-teams", "eight-player-ffa"] {
            let mut g = Game::new(id).unwrap();
            let bot = crate::bot::simple_bot(0, 3);
            let cancel = std::sync::atomic::AtomicBool::new(false);
            for _ in 0..24 {
                match crate::bot::Bot::choose(&bot, &g, &cancel) {
                    Some(a) if !g.is_over() => g.act(a).unwrap(),
                    _ => break,
                }
            }
            check_breakdown(&g);
        }
    }

    fn check_breakdown(g: &Game) {
        let e = super::Eval::of(g.variant);
        let pos = g.position();
        let b = e.breakdown(pos);
        let totals: Vec<i32> = b.seats.iter().map(|t| t.total(b.phase)).collect();
        let n = g.variant.seat_count();
        assert_eq!(totals, e.seats(pos)[..n].to_vec(), "{}", g.variant.id);
        assert!(b.seats.iter().any(|t| t.count.iter().sum::<i32>() > 0));
    }

    #[test]
    fn a_teams_royal_attacked_by_both_opponents_without_shield_is_rated_worse_than_a_sheltered_one()
    {
        // Red's king on h1 (seat 0), its partner Yellow; Blue and Green the opponents
        let start = crate::rules::four::CHESS_COM_START_FEN4;
        let shield = "3,rP,rP,rP,rP,rP,rP,rP,rP,3";
        let row4 = "bR,bP,10,gP,gR";
        let danger = |fen: String| {
            let g = Game::from_fen("four-player-teams", &fen).unwrap();
            let e = super::Eval::of(g.variant);
            assert!(e.teams);
            let pos = g.position();
            e.team_king_danger(pos, 0, pos.king(0).unwrap())
        };
        let bare = start.replace(shield, "3,rP,rP,rP,3,rP,rP,3");
        // a knight on g4, a rook on h4 and a knight on i4 attack h2, in front of the king: of
        // Blue, Green and Green, or all of Blue
        let both = "bR,bP,4,bN,gR,gN,3,gP,gR";
        let one = "bR,bP,4,bN,bR,bN,3,gP,gR";
        let home = danger(start.to_string());
        let sheltered = danger(start.replace(row4, both));
        let unsheltered = danger(bare.clone());
        let by_one = danger(bare.replace(row4, one));
        let by_both = danger(bare.replace(row4, both));
        assert_eq!(home, 0);
        assert!(unsheltered < home, "{unsheltered}");
        assert!(by_one < unsheltered, "{by_one} {unsheltered}");
        assert!(by_both < by_one, "{by_both} {by_one}");
        assert!(by_both < sheltered, "{by_both} {sheltered}");
        // two players keep their own royal attack term
        assert!(!super::Eval::of(Game::new("chess").unwrap().variant).teams);
    }

    /// Teams: a seat's threat ([`super::TEAM_THREAT`]), here a Blue pawn on f6 that attacks a
    /// Red knight on g5, counts for Blue; the same pawn on f9, attacking nothing, does not.
    #[test]
    fn a_teams_threat_on_an_enemy_piece_counts_for_the_threatening_seat() {
        let start = crate::rules::four::CHESS_COM_START_FEN4;
        let (head, board) = start.rsplit_once('-').unwrap();
        let rows: Vec<&str> = board.split('/').collect();
        // rows from rank 14 down: rank r is rows[14 - r]
        let mobility = |pawn_rank: usize, knight: bool, seat: usize| {
            let mut r: Vec<String> = rows.iter().map(|x| x.to_string()).collect();
            r[14 - pawn_rank] = r[14 - pawn_rank].replacen("bP,10", "bP,3,bP,6", 1);
            if knight {
                r[14 - 5] = r[14 - 5].replacen("bP,10", "bP,4,rN,5", 1);
            }
            let fen = format!("{head}-{}", r.join("/"));
            let g = Game::from_fen("four-player-teams", &fen).unwrap();
            let e = super::Eval::of(g.variant);
            e.breakdown(g.position()).seats[seat].terms[2]
        };
        let threat = mobility(6, true, 1);
        let none = mobility(9, true, 1);
        assert!(threat.0 > none.0, "{threat:?} {none:?}");
        assert_eq!(threat.0 - none.0, super::TEAM_THREAT, "{threat:?} {none:?}");
        assert_eq!(threat.1 - none.1, super::TEAM_THREAT, "{threat:?} {none:?}");
        // without the knight the pawn on f6 threatens nothing
        assert_eq!(mobility(6, false, 1), mobility(9, false, 1));
        // two players count their threats apart (terms 4 and 5): a pawn attacking a knight
        // changes no mobility
        let chess = |fen: &str| {
            let g = Game::from_fen("chess", fen).unwrap();
            super::Eval::of(g.variant).breakdown(g.position()).seats[1].terms[2]
        };
        assert_eq!(
            chess("4k1n1/8/3p4/4N3/8/8/8/4K3 w - - 0 1"),
            chess("4k1n1/8/p7/4N3/8/8/8/4K3 w - - 0 1")
        );
    }

    /// Two players: an enemy piece attacked by a lesser piece is a threat for the attacker
    /// ([`super::THREAT`], term 4), one attacked and not defended is hanging
    /// ([`super::HANGING`], term 5), a defended one attacked by an equal or greater piece is
    /// neither, and a royal attacked (check) is neither.
    #[test]
    fn two_players_count_threats_by_lesser_pieces_and_hanging_pieces_for_the_attacker() {
        let terms = |fen: &str, seat: usize| {
            let g = Game::from_fen("chess", fen).unwrap();
            let t = super::Eval::of(g.variant).breakdown(g.position()).seats[seat].terms;
            (t[4], t[5])
        };
        let none = ((0, 0), (0, 0));
        // a black pawn on d6 attacks the white knight on e5 (defended by the d4 pawn)
        let (t, h) = terms("4k3/8/3p4/4N3/3P4/8/8/4K3 w - - 0 1", 1);
        assert_eq!((t, h), (super::THREAT, (0, 0)));
        // the white rook on e2 attacks the black queen on e5 and the queen the rook,
        // defended by the king: a threat for white, nothing for black
        assert_eq!(
            terms("4k3/8/8/4q3/8/8/4R3/4K3 w - - 0 1", 0),
            (super::THREAT, (0, 0))
        );
        assert_eq!(terms("4k3/8/8/4q3/8/8/4R3/4K3 w - - 0 1", 1), none);
        // the black bishop on e5 attacks the lone white knight on c3: hanging; once a pawn on
        // b2 defends it, not
        assert_eq!(
            terms("4k3/8/8/4b3/8/2N5/8/4K3 w - - 0 1", 1),
            ((0, 0), super::HANGING)
        );
        assert_eq!(terms("4k3/8/8/4b3/8/2N5/1P6/4K3 w - - 0 1", 1), none);
        // a rook giving check threatens nothing
        assert_eq!(terms("4k3/8/8/8/8/8/8/R3K2r w - - 0 1", 1).0, (0, 0));
    }

    /// Teams: the partners' activity ([`super::TEAM_ACTIVE`]): Red's pieces (its queen out on
    /// g6) are worth more once its partner Yellow's queen is out too (on j11, off the Red
    /// queen's lines, from h14 where it has no move).
    #[test]
    fn a_teams_seat_gains_from_its_partners_active_pieces() {
        let start = crate::rules::four::CHESS_COM_START_FEN4;
        let (head, board) = start.rsplit_once('-').unwrap();
        let rows: Vec<&str> = board.split('/').collect();
        let red = |yellow_out: bool| {
            let mut r: Vec<String> = rows.iter().map(|x| x.to_string()).collect();
            // Red's queen from g1 to g6
            r[14 - 1] = r[14 - 1].replacen("rQ", "1", 1);
            r[14 - 6] = r[14 - 6].replacen("bP,10", "bP,4,rQ,5", 1);
            if yellow_out {
                r[0] = r[0].replacen("yQ", "1", 1);
                r[14 - 11] = r[14 - 11].replacen("bP,10", "bP,7,yQ,2", 1);
            }
            let fen = format!("{head}-{}", r.join("/"));
            let g = Game::from_fen("four-player-teams", &fen).unwrap();
            let e = super::Eval::of(g.variant);
            e.breakdown(g.position()).seats[0].terms[2]
        };
        let (alone, together) = (red(false), red(true));
        assert!(together.0 > alone.0, "{together:?} {alone:?}");
        assert!(together.1 > alone.1, "{together:?} {alone:?}");
    }

    #[test]
    fn an_attack_on_the_royal_zone_costs_the_defender() {
        // black has only its king and pawns: its activity is the penalty of white's attack
        let act = |fen: &str| {
            let g = Game::from_fen("chess", fen).unwrap();
            let e = super::Eval::of(g.variant);
            let pos = g.position();
            let mut pawns = [crate::board::CellSet::EMPTY; crate::position::MAX_SEATS];
            let mut kings = [None; crate::position::MAX_SEATS];
            for s in 0..2u8 {
                for c in pos.pieces_of(s).iter() {
                    let k = pos.at(c).kind() as usize;
                    if e.pawn[k] {
                        pawns[s as usize].insert(c);
                    } else if e.royal[k] {
                        kings[s as usize] = Some(c);
                    }
                }
            }
            let attacks = [0, 1].map(|s| e.pawn_attacks_of(pos, &pawns[s]));
            e.activity(pos, &pawns, &kings, &attacks)[1][1].0
        };
        let attacked = act("6k1/5ppp/8/6NQ/8/8/8/4K3 w - - 0 1");
        let quiet = act("6k1/5ppp/8/QN6/8/8/8/4K3 w - - 0 1");
        assert!(attacked < 0 && quiet == 0, "{attacked} {quiet}");
    }

    /// The evaluation with the pawn terms kept in a [`super::PawnTable`] (the search's) is the
    /// evaluation computed without it, found there or not, in random positions of every
    /// playable game, for every seat.
    #[test]
    fn the_pawn_table_gives_the_evaluation_computed_without_it() {
        let mut rng = crate::rng::XorShift(0x9e37_79b9_7f4a_7c15u64);
        let (mut checked, mut pawns) = (0, 0);
        for g in crate::rules::catalogue() {
            if !g.playable {
                continue;
            }
            let mut game = Game::new(g.id).unwrap();
            let e = super::Eval::of(game.variant);
            let mut table = super::PawnTable::default();
            let n = game.variant.seat_count();
            for _ in 0..40 {
                if game.is_over() {
                    break;
                }
                let pos = game.position();
                for me in 0..n as u8 {
                    let want = e.balance(pos, me);
                    for _ in 0..2 {
                        assert_eq!(e.balance_with(pos, me, Some(&mut table)), want, "{}", g.id);
                    }
                    checked += 1;
                }
                pawns += table.0.iter().filter(|x| x.key != 0).count().min(1);
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                game.act(crate::game::Action::Move(m)).unwrap();
            }
        }
        assert!(checked > 1000 && pawns > 100, "{checked} {pawns}");
    }

    /// The mobility counted from the moves one by one or by the kind's walks
    /// ([`super::Eval::reach`], [`super::Walks`]) is what a list of the piece's pseudo-legal
    /// moves gives (skipping a cell repeated with and without promotion), in random positions
    /// of every game of two sides (two players, two teams).
    #[test]
    fn mobility_counted_without_a_move_list_matches_the_listed_moves() {
        use crate::board::CellSet;
        let mut rng = crate::rng::XorShift(0x2545_f491_4f6c_dd1du64);
        let mut pieces = 0;
        for g in crate::rules::catalogue() {
            if !g.playable {
                continue;
            }
            let mut game = Game::new(g.id).unwrap();
            let e = super::Eval::of(game.variant);
            if e.king_zone.is_empty() {
                continue; // no mobility term
            }
            let n = game.variant.seat_count();
            for _ in 0..60 {
                if game.is_over() {
                    break;
                }
                let pos = game.position();
                let cells = pos.variant.board.len();
                let mut guarded = CellSet::EMPTY;
                for _ in 0..cells / 4 {
                    guarded.insert(rng.below(cells) as crate::board::Cell);
                }
                let zones: Vec<_> = (0..n as u8)
                    .map(|s| {
                        pos.king(s)
                            .map(|k| (s as usize, &e.king_zone[s as usize][k as usize]))
                    })
                    .collect();
                for s in 0..n as u8 {
                    for c in pos.pieces_of(s).iter() {
                        let p = pos.at(c);
                        let mut list = Vec::new();
                        pos.piece_moves(c, p, &mut list);
                        let (mut moves, mut hits, mut last) =
                            (0, [0; crate::position::MAX_SEATS], NO_CELL);
                        for m in &list {
                            if m.to == last {
                                continue;
                            }
                            last = m.to;
                            moves += !guarded.contains(m.to) as i32;
                            for (i, z) in zones.iter().enumerate() {
                                hits[i] += z.is_some_and(|(_, z)| z.contains(m.to)) as i32;
                            }
                        }
                        let got = e.reach(pos, c, p, &guarded, &zones);
                        assert_eq!(got, (moves, hits), "{} {c}", g.id);
                        pieces += 1;
                    }
                }
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                game.act(crate::game::Action::Move(m)).unwrap();
            }
        }
        assert!(pieces > 10_000, "{pieces}");
    }

    /// The mobility term walks the moves of chess's knight, bishop, rook and queen
    /// ([`super::Walks`]) instead of generating them, and every walk of a knight is one leap.
    #[test]
    fn the_mobility_of_plain_sliders_and_leapers_is_walked() {
        let g = Game::new("chess").unwrap();
        let e = super::Eval::of(g.variant);
        let walked: Vec<char> = g
            .variant
            .pieces
            .iter()
            .enumerate()
            .filter(|&(k, _)| {
                (0..e.walk_facings).all(|f| e.walks[k * e.walk_facings + f].is_some())
            })
            .map(|(_, t)| t.letter)
            .collect();
        for letter in ['N', 'B', 'R', 'Q'] {
            assert!(walked.contains(&letter), "{walked:?}");
        }
        assert!(
            !walked.contains(&'P') && !walked.contains(&'K'),
            "{walked:?}"
        );
        let k = g.variant.piece_by_letter('N').unwrap() as usize;
        let w = e.walks[k * e.walk_facings].as_ref().unwrap();
        let b1 = g.variant.board.cell("b1").unwrap() as usize;
        let (a, z) = w.index[b1];
        assert_eq!(z - a, 3, "b1: a3, c3, d2");
        // one cell a walk, no gate
        for (a, z) in &w.index {
            let steps = &w.steps[*a as usize..*z as usize];
            assert!(steps
                .iter()
                .enumerate()
                .all(|(i, st)| !st.gate && st.next as usize == i + 1));
        }
    }
}
