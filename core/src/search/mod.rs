//! The search every bot level uses, for every game: iterative deepening alpha-beta over the
//! game's own tree ([`Tree`]), so mates, king captures, players going out, scores and every
//! game end are judged by the game's rules.
//!
//! **Several players.** The search is *paranoid*: the bot's team maximises, every other seat
//! minimises the bot's value. With two players this is plain minimax; with teams the partners
//! play for the bot; in free for all it assumes the others combine against it, which keeps
//! alpha-beta pruning sound and is the cheapest method that fits any number of seats (the
//! evaluation carries each seat's score, so it still takes points and steals mates).
//!
//! **Evaluation**, one for every game from the variant's data ([`Eval`]): material with piece
//! values measured from each kind's mobility on the game's own board (so xiangqi's
//! chariot, shogi's gold and a four-player queen are each worth what they move), pieces in hand
//! at their board value, a centralisation term from the same table, game points where the game
//! keeps score, and the balance taken against the strongest opponent still playing; tapered
//! pawn structure and the royal's place; with two sides (two players, two teams) also mobility
//! and king attack.
//!
//! **Search**: aspiration windows at the root (from the fifth iteration), transposition table
//! (fixed size, replace by depth; with two players quiescence reads it too and keeps its own
//! values at depth 0 where no main-search entry is), move ordering (table move,
//! captures by victim value, promotions, two killers per ply, history, and last the captures
//! that lose in the static exchange evaluation, [`see`]), quiescence over
//! captures and promotions (with two players also, at its first action, the quiet checks that
//! keep their piece, each answered by every move), check extension where the game has check
//! (with two players not where the lone checker is taken with a gain), late-move reductions;
//! for two sides (two players, or two teams whose seats take turns side by side) also
//! repetition draws on the line, reverse futility, futility and late-move pruning near the
//! leaves (four-player teams: at every depth, by the count of quiet moves, checks kept),
//! null-move pruning, and delta pruning with a losing-capture filter in quiescence. Budgets: depth, nodes
//! and time; a cancel flag is read every 256 nodes, so a search stops within a few
//! milliseconds. The same seed and node budget give the same answer.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::{Action, Game, Outcome};
use crate::piece::Seat;
use crate::position::{Move, Position};
use crate::tree::Tree;
use crate::variant::Variant;

pub mod eval;
mod multi;
mod see;
pub use eval::Eval;
pub use multi::{sides, Method};

/// A won game for the bot, far above any evaluation (minus the distance, so faster wins rank
/// higher and slower losses too).
pub const WIN: i32 = 1_000_000;
const MAX_PLY: usize = 64;

/// What a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (actions).
    pub depth: u8,
    /// Nodes (actions applied) before the search stops; deterministic, unlike time.
    pub nodes: Option<u64>,
    /// Time before the search stops: wall clock, or the search's [`Clock`] where it has one
    /// ([`Search::clock`]).
    pub time: Option<Duration>,
}

/// A clock a search may be timed by instead of the wall clock: its reading now (any origin;
/// the search takes differences), `None` where it cannot be read. For the CPU time of the
/// calling thread, so that a series of bot games on a loaded machine gives every bot the
/// thinking time of its level's cap, not the share of it that the machine leaves it
/// (`rookery match --cpu-time`).
pub type Clock = fn() -> Option<Duration>;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The best action of the deepest finished iteration (None: no action, or cancelled
    /// before the first iteration finished).
    pub best: Option<Action>,
    /// Its value for the bot's seat, in centipawns (±[`WIN`] for a decided game).
    pub value: i32,
    /// Deepest finished iteration.
    pub depth: u8,
    pub nodes: u64,
    /// The cancel flag stopped it.
    pub cancelled: bool,
    /// Every root action with its value at the deepest finished iteration (best first).
    pub root: Vec<(Action, i32)>,
    /// How the tree was cut ([`Stats`]).
    pub stats: Stats,
}

/// Counters of a search's tree, the measure of its branching factor (`rookery bench bot
/// --depth`): how often a node was cut and by what.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the main search (not quiescence) whose moves were searched and that failed
    /// high (a beta cut-off) ...
    pub cuts: u64,
    /// ... of them on their first move (the measure of the move ordering).
    pub first_cuts: u64,
    /// Transposition table probes, entries found, and entries that answered the node.
    pub tt_probes: u64,
    pub tt_hits: u64,
    pub tt_cuts: u64,
    /// Null moves tried and those that cut the node.
    pub null_tries: u64,
    pub null_cuts: u64,
    /// Moves searched at a reduced depth (LMR) and those searched again at full depth.
    pub reduced: u64,
    pub researched: u64,
    /// Quiescence nodes.
    pub qnodes: u64,
    /// Root iterations whose aspiration window failed (high or low) and was widened.
    pub window_fails: u64,
    /// The root window the last pass over the root moves searched in (the full window where
    /// none was set).
    pub window: (i32, i32),
}

// ---------------------------------------------------------------- the search

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i32,
    depth: i8,
    /// 0 exact, 1 lower bound, 2 upper bound.
    bound: u8,
    best: Option<Move>,
}

impl Entry {
    /// Whether the entry's value `v` (at the node's ply) answers a node searched in the window
    /// `(alpha, beta)`: an exact value, or a bound on the side of the window it falls beyond.
    fn answers(&self, v: i32, alpha: i32, beta: i32) -> bool {
        match self.bound {
            0 => true,
            1 => v >= beta,
            2 => v <= alpha,
            _ => false,
        }
    }
}

/// The bound a node's value `best`, searched in the window `(a0, b0)`, is stored as: 2 (upper)
/// at or below the window, 1 (lower) at or above it, 0 (exact) inside. Values of a maximising
/// node above beta are lower bounds, below alpha upper bounds; the same holds for minimising
/// nodes, so one rule stores both.
fn bound_of(best: i32, a0: i32, b0: i32) -> u8 {
    if best <= a0 {
        2
    } else if best >= b0 {
        1
    } else {
        0
    }
}

/// The bound of a quiet move's history value (two players, [`Search::reward`]).
const HISTORY_MAX: i32 = 16_384;
/// Two-player pruning near the leaves (margins in centipawns per ply of depth).
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 90;
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 160;
const LMP_DEPTH: i32 = 3;
/// Aspiration windows at the root: from this iteration on, ± this many centipawns around the
/// last iteration's value, doubled on each fail; past [`ASPIRATION_FULL`] the failing side
/// opens to the end.
const ASPIRATION_DEPTH: u8 = 5;
const ASPIRATION: i32 = 30;
const ASPIRATION_FULL: i32 = 500;
/// Quiescence: a capture that cannot lift the value to the bound even with this much more
/// than the victim is skipped (delta pruning).
const DELTA_MARGIN: i32 = 200;
/// The order value of a royal piece as a capture's victim (games without check, where
/// taking it may win): above every other victim.
const ROYAL_VICTIM: i32 = 5_000;
/// Quiescence searches every action of a side whose royal is attacked (games where royals
/// are taken, [`Search::royal_taken`]) only in its first this many actions; deeper it stands
/// pat like any other node. Each such node searches all its actions (duck chess: every move,
/// then every duck placement), so without a limit a queen ending's exposed kings made
/// quiescence cost 1.3M nodes below a single ply, more than the bot's second: it played its
/// first-ordered duck placement and left its king to be taken (issue 34, duck's one loss).
/// Four actions: a turn of each side in duck chess (move and duck), two of each in chaturanga.
const EVADE_QPLY: usize = 4;
/// Positions looked back at for a repetition inside the search.
const REPEAT_WINDOW: usize = 100;

/// Entries of the transposition table (a fixed size: 2^18 entries of 24 bytes = 6 MiB).
const TT_SIZE: usize = 1 << 18;
/// Entries of the evaluation cache (2^16 of 16 bytes = 1 MiB): the static value of a position
/// met again (a node's and its quiescence's, transpositions) is not computed twice.
const EVAL_CACHE: usize = 1 << 16;

/// What a search leaves that holds for the next search of the same game for the same seat:
/// its transposition table and evaluation cache, both valued for that seat. A bot that thinks
/// move after move in one game (`rookery uci`) hands them on ([`Search::tables`],
/// [`Search::into_tables`]), so the next search starts from what the last one learnt.
pub struct Tables {
    variant: &'static Variant,
    me: Seat,
    tt: Vec<Entry>,
    evals: Vec<(u64, i32)>,
    /// The quiet moves' history (two players: see [`Search::tables`]).
    history: Vec<i32>,
}

/// A search from one game position for the seat to move there.
pub struct Search<'a> {
    tree: Tree,
    me: Seat,
    eval: Arc<Eval>,
    cancel: &'a AtomicBool,
    limits: Limits,
    deadline: Option<Instant>,
    /// The clock that times [`Limits::time`] instead of the wall clock, with its reading at
    /// the start ([`Search::clock`]).
    clock: Option<(Clock, Duration)>,
    nodes: u64,
    stopped: bool,
    tt: Vec<Entry>,
    /// The evaluation cache: (table key, static value for the bot).
    evals: Vec<(u64, i32)>,
    /// The evaluation's pawn terms by the pawns' placement ([`eval::PawnTable`]).
    pawns: eval::PawnTable,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Two players ([`Search::malus`]): the static value of each node on the line by ply
    /// (`None` in check), for whether the side to move is improving ([`Search::improving`]).
    statics: [Option<i32>; MAX_PLY],
    has_check: bool,
    /// Two sides (two players, or two teams: four-player teams): repetition draws and
    /// pruning near the leaves apply. The teams' seats take turns side by side, so the search
    /// is the two-player one with more seats (measured: four-player teams against 4pchess).
    two: bool,
    /// Late-move reductions by depth and move number (`0.5 + ln d · ln i / 2`).
    lmr: Vec<[i32; 64]>,
    /// Null-move pruning is sound enough here (two sides, check, one step per turn).
    null_ok: bool,
    /// Two teams of two seats (four-player teams): every second ply is the same side's, so a
    /// side's quiet moves multiply the tree four seats deep; late quiet moves that give no
    /// check are pruned by their count at every depth ([`lmp_quiets`]), and late moves,
    /// captures too, are reduced more than with two seats (as 4pchess reduces them).
    teams: bool,
    /// Root moves valued exactly within this margin below the best (the noise of the lower
    /// levels needs their values; a move further below cannot win however the noise falls,
    /// so a bound is enough): `None` only the best move's value is exact.
    exact_root: Option<i32>,
    /// Deepest quiescence (captures only): 8 actions for two sides, fewer for more, where
    /// every seat's captures multiply the tree ([`multi::quiescence_depth`]).
    q_max: usize,
    /// The root actions allowed (None: every action of the root).
    only: Option<Vec<Action>>,
    /// Paranoid or best-reply search for three or more seats (`multi.rs`).
    method: Method,
    /// BRS+: the bonus of the points the bot's side scored on the line to this node, more the
    /// sooner they were scored ([`multi::EARLY_POINTS`]).
    early: i32,
    stats: Stats,
    /// Captures are ordered and pruned by static exchange evaluation ([`see::see`]): two
    /// players, in games whose captures only move pieces (no explosion) and that have a royal
    /// piece (in a game without one, such as antichess, captures are forced).
    see_ok: bool,
    /// The exchange evaluation's buffers.
    see_buf: see::Scratch,
    /// Two players, a royal piece, no check, and captures that only move pieces: a royal is
    /// taken like any piece and its loss ends the game (duck chess, chaturanga), so
    /// quiescence searches the evasions of a royal attacked and the end of a turn that took
    /// one.
    royal_taken: bool,
    /// Emptied action lists, reused by the nodes (a stack: a node takes one and gives it
    /// back, so the search allocates none once warm).
    lists: Vec<Vec<Action>>,
    /// [`Search::order`]'s list of keys, reused.
    keyed: Vec<(i32, Action)>,
    /// Emptied lists of keyed actions, reused by the nodes as [`Search::lists`] are
    /// ([`Search::keyed_list`]).
    keyed_lists: Vec<Vec<(i32, Action)>>,
}

impl<'a> Search<'a> {
    pub fn new(game: &Game, limits: Limits, cancel: &'a AtomicBool) -> Search<'a> {
        let v = game.variant;
        let two = multi::sides(v) == 2;
        // two players with a royal piece, whose captures only move pieces
        let see_ok = v.seat_count() == 2
            && (!v.hooks.effects || v.hooks.effects_keep_board)
            && (0..v.pieces.len()).any(|k| v.is_royal(k as u8));
        Search {
            tree: Tree::new(game),
            me: game.position().turn(),
            eval: Eval::of(v),
            cancel,
            limits,
            deadline: limits.time.map(|t| Instant::now() + t),
            clock: None,
            nodes: 0,
            stopped: false,
            // allocated by `run` unless handed on (`tables`)
            tt: Vec::new(),
            evals: Vec::new(),
            pawns: eval::PawnTable::default(),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 1 << 14],
            statics: [None; MAX_PLY],
            has_check: v.royal_check,
            two,
            lmr: (0..64)
                .map(|d| {
                    let mut row = [0; 64];
                    for (i, r) in row.iter_mut().enumerate() {
                        if d > 0 && i > 0 {
                            *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.0) as i32;
                        }
                    }
                    row
                })
                .collect(),
            null_ok: two && v.royal_check && v.steps_per_turn == 1,
            teams: two && v.seat_count() > 2,
            exact_root: None,
            only: None,
            q_max: multi::quiescence_depth(multi::sides(v)),
            method: Method::default_for(v),
            early: 0,
            stats: Stats::default(),
            see_ok,
            see_buf: see::Scratch::default(),
            royal_taken: see_ok && !v.royal_check,
            lists: Vec::new(),
            keyed: Vec::new(),
            keyed_lists: Vec::new(),
        }
    }

    /// Starts from the tables an earlier search left ([`Search::into_tables`]) where they are
    /// of the same game for the same seat (else they are dropped and the search starts empty).
    pub fn tables(mut self, tables: Option<Tables>) -> Self {
        if let Some(t) = tables {
            if std::ptr::eq(t.variant, self.tree.position().variant)
                && t.me == self.me
                && t.tt.len() == TT_SIZE
                && t.evals.len() == EVAL_CACHE
            {
                self.tt = t.tt;
                self.evals = t.evals;
                // the history too, halved (two players, whose history has a malus): a kept
                // table answers the first iterations, which no longer teach the history the
                // order of the deep ones (with the malus a fresh search's history from those
                // iterations was worth more than the kept table: bot_seat's kept-tables test)
                if self.malus() && t.history.len() == self.history.len() {
                    self.history = t.history;
                    for h in self.history.iter_mut() {
                        *h /= 2;
                    }
                }
            }
        }
        self
    }

    /// The search's tables, for the next search of the game ([`Search::tables`]).
    pub fn into_tables(self) -> Tables {
        Tables {
            variant: self.tree.position().variant,
            me: self.me,
            tt: self.tt,
            evals: self.evals,
            history: self.history,
        }
    }

    /// Times [`Limits::time`] on `clock` instead of the wall clock (see [`Clock`]). Where the
    /// clock cannot be read, at the start or later, the wall clock times the search.
    pub fn clock(mut self, clock: Clock) -> Self {
        if let (Some(_), Some(start)) = (self.limits.time, clock()) {
            self.clock = Some((clock, start));
        }
        self
    }

    /// Searches with `method` instead of the game's default ([`Method::default_for`]).
    pub fn method(mut self, method: Method) -> Self {
        self.method = method;
        self
    }

    /// Searches only the root actions also in `allowed` (all of them where none is: the
    /// first allowed action is then the answer). Fog of war: the seat's known position, the
    /// real game's legal moves.
    pub fn only(mut self, allowed: Vec<Action>) -> Self {
        self.only = Some(allowed);
        self
    }

    /// Exact values for the root moves within `margin` below the best (see [`Found::root`]);
    /// the others, and with `None` all but the best, are upper bounds.
    pub fn exact_root(mut self, margin: Option<i32>) -> Self {
        self.exact_root = margin;
        self
    }

    /// Iterative deepening to the limits; see [`Found`].
    pub fn run(&mut self) -> Found {
        if self.tt.len() != TT_SIZE || self.evals.len() != EVAL_CACHE {
            self.tt = vec![Entry::default(); TT_SIZE];
            self.evals = vec![(0, 0); EVAL_CACHE];
        }
        let mut root = Vec::new();
        self.tree.actions(&mut root);
        if let Some(allowed) = &self.only {
            root.retain(|a| allowed.contains(a));
            if root.is_empty() {
                root.extend(allowed.first().copied());
                return Found {
                    best: root.first().copied(),
                    value: 0,
                    depth: 0,
                    nodes: 0,
                    cancelled: self.cancel.load(Ordering::Relaxed),
                    root: root.iter().map(|&a| (a, 0)).collect(),
                    stats: Stats::default(),
                };
            }
        }
        // captures by victim value first, so even a first iteration cut short tries them
        self.order(&mut root, None, 0);
        let mut found = Found {
            best: root.first().copied(),
            value: 0,
            depth: 0,
            nodes: 0,
            cancelled: false,
            root: root.iter().map(|&a| (a, 0)).collect(),
            stats: Stats::default(),
        };
        if root.len() <= 1 || self.cancel.load(Ordering::Relaxed) {
            found.cancelled = self.cancel.load(Ordering::Relaxed);
            return found;
        }
        for depth in 1..=self.limits.depth.max(1) {
            let mut scored: Vec<(Action, i32)> = Vec::with_capacity(root.len());
            // the previous iteration's order: best first
            let mut order: Vec<Action> = found.root.iter().map(|&(a, _)| a).collect();
            // aspiration window: from the fifth iteration on, a window around the last
            // iteration's value, widened on the side that fails until the value falls inside
            let aspire = depth >= ASPIRATION_DEPTH
                && self.exact_root.is_none()
                && found.value.abs() < WIN - MAX_PLY as i32;
            let mut delta = ASPIRATION;
            let (mut lo, mut hi) = if aspire {
                (found.value - delta, found.value + delta)
            } else {
                (-WIN - 1, WIN + 1)
            };
            loop {
                self.stats.window = (lo, hi);
                scored.clear();
                let mut alpha = lo;
                let mut high = None;
                for (i, &a) in order.iter().enumerate() {
                    let d = depth as i32 - 1;
                    let v = if i == 0 {
                        self.child(a, d, lo, hi, 1)
                    } else if let Some(margin) = self.exact_root {
                        // exact down to `margin` below the best so far, a bound below that
                        let low = alpha.saturating_sub(margin).max(-WIN - 1);
                        self.child(a, d, low, WIN + 1, 1)
                    } else {
                        // PVS: prove the move no better with a null window, search again if
                        // it is
                        let v = self.child(a, d, alpha, alpha + 1, 1);
                        if v > alpha && !self.stopped {
                            self.child(a, d, alpha, hi, 1)
                        } else {
                            v
                        }
                    };
                    if self.stopped {
                        break;
                    }
                    alpha = alpha.max(v);
                    scored.push((a, v));
                    if v >= hi && hi <= WIN {
                        high = Some(i);
                        break;
                    }
                }
                if self.stopped {
                    break;
                }
                let best = scored.iter().map(|&(_, v)| v).max().unwrap_or(lo);
                if let Some(i) = high {
                    // failed high: the move that did first, the window wider above
                    let a = order.remove(i);
                    order.insert(0, a);
                    hi = if delta >= ASPIRATION_FULL {
                        WIN + 1
                    } else {
                        best.saturating_add(delta).min(WIN + 1)
                    };
                } else if best <= lo && lo >= -WIN {
                    // failed low: every move no better than the window's floor
                    lo = if delta >= ASPIRATION_FULL {
                        -WIN - 1
                    } else {
                        best.saturating_sub(delta).max(-WIN - 1)
                    };
                } else {
                    break;
                }
                self.stats.window_fails += 1;
                delta *= 2;
            }
            if self.stopped {
                // a partial iteration still counts where it found a better first move
                // the first of equal values: later moves' values are bounds from null windows
                // (a move that only ties the best is no better)
                let first_best = scored
                    .iter()
                    .copied()
                    .reduce(|b, x| if x.1 > b.1 { x } else { b });
                if let Some((a, v)) = first_best {
                    if depth == 1 || (v > found.value && Some(a) != found.best) {
                        found.best = Some(a);
                        found.value = v;
                    }
                }
                if depth == 1 && !scored.is_empty() {
                    // the moves searched rank above those not reached
                    scored.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
                    for &(a, _) in &found.root {
                        if !scored.iter().any(|&(b, _)| b == a) {
                            scored.push((a, -WIN - 1));
                        }
                    }
                    found.root = scored;
                }
                break;
            }
            scored.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            found.best = Some(scored[0].0);
            found.value = scored[0].1;
            found.depth = depth;
            found.root = scored;
            if found.value.abs() >= WIN - MAX_PLY as i32 {
                break; // a forced result: deeper will not change it
            }
        }
        found.nodes = self.nodes;
        found.stats = self.stats;
        found.cancelled = self.cancel.load(Ordering::Relaxed);
        found
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 255 == 0 {
            let on_clock = self.clock.and_then(|(clock, start)| {
                let spent = clock()?.saturating_sub(start);
                Some(self.limits.time.is_some_and(|t| spent >= t))
            });
            let late =
                on_clock.unwrap_or_else(|| self.deadline.is_some_and(|d| Instant::now() >= d));
            if late || self.cancel.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Value for the bot of the game's end at distance `ply`.
    fn terminal(&self, o: &Outcome, ply: usize) -> i32 {
        let v = self.tree.position().variant;
        if o.is_draw() {
            0
        } else if o.winners.iter().any(|&w| v.allied(w, self.me)) {
            WIN - ply as i32
        } else {
            -WIN + ply as i32
        }
    }

    /// Whether the bot's whole team is out of play (free for all: the bot is out).
    fn team_out(&self) -> bool {
        let pos = self.tree.position();
        let v = pos.variant;
        !(0..v.seat_count() as Seat)
            .any(|s| v.allied(s, self.me) && pos.is_in_play(s) && pos.walking >> s & 1 == 0)
    }

    /// The value of a node that is not searched: the game over, the bot's team out, or the
    /// budget spent (0, discarded by the caller).
    fn settled(&mut self, ply: usize) -> Option<i32> {
        if let Some(o) = self.tree.outcome() {
            return Some(self.terminal(&o.clone(), ply));
        }
        if self.team_out() {
            return Some(-WIN + ply as i32);
        }
        self.out_of_budget().then_some(0)
    }

    fn child(&mut self, a: Action, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.method == Method::Brs {
            return self.brs_child(a, depth, alpha, beta, ply, true);
        }
        self.nodes += 1;
        self.tree.step(a);
        let v = self.node(depth, alpha, beta, ply, true);
        self.tree.undo();
        v
    }

    /// Whether the side to move has a piece worth a minor piece or more (no zugzwang worth
    /// fearing for a null move).
    fn has_pieces(&self) -> bool {
        let pos = self.tree.position();
        pos.pieces_of(pos.turn()).iter().any(|c| {
            self.eval
                .value
                .get(pos.at(c).kind() as usize)
                .is_some_and(|&v| v >= 250)
        })
    }

    /// A royal piece is attacked where the static value cannot be trusted: in a game without
    /// check, any (the side to move may take one, or must save its own); with check and more
    /// than two seats, one of a seat not to move (a seat is mated only on its turn, so its
    /// king in check may be taken before it answers).
    fn royal_en_prise(&self) -> bool {
        let pos = self.tree.position();
        let n = pos.variant.seat_count();
        if self.has_check && n == 2 {
            return false;
        }
        let turn = pos.turn();
        (0..n as Seat)
            .any(|s| (!self.has_check || s != turn) && pos.king(s).is_some() && pos.in_check(s))
    }

    /// Whether `a`, played by `mover`, ends the game or checks an opponent (where the game
    /// has check): such a move is not pruned as a quiet one.
    /// (Looked at without the step's frame: [`Tree::probe`].)
    fn checks_or_ends(&mut self, a: Action, mover: Seat) -> bool {
        let check = self.has_check;
        self.tree.probe(a, |pos, o| {
            o.is_some() || (check && checks_opponent(pos, mover))
        })
    }

    /// Whether a king of an opponent of `mover` is in check (after `mover`'s action:
    /// [`checks_opponent`]).
    fn checks_opponent(&self, mover: Seat) -> bool {
        checks_opponent(self.tree.position(), mover)
    }

    /// Fills `actions` with the captures (and promotions) open at this node; whether one of
    /// them is a capture.
    fn capture_open(&mut self, actions: &mut Vec<Action>) -> bool {
        self.tree.captures(actions);
        let pos = self.tree.position();
        actions
            .iter()
            .any(|a| matches!(a, Action::Move(m) if is_capture(pos, m)))
    }

    /// The side to move must capture ([`Eval::captures_forced`]): its static value, which
    /// cannot see the exchanges it is forced into, prunes nothing.
    fn must_capture(&mut self) -> bool {
        if !self.eval.captures_forced {
            return false;
        }
        let mut buf = self.list();
        let open = self.capture_open(&mut buf);
        self.give_back(buf);
        open
    }

    /// An empty action list from [`Search::lists`] (give it back with [`Search::give_back`]).
    fn list(&mut self) -> Vec<Action> {
        self.lists.pop().unwrap_or_default()
    }

    /// Returns a list taken with [`Search::list`] for reuse.
    fn give_back(&mut self, mut list: Vec<Action>) {
        list.clear();
        self.lists.push(list);
    }

    /// An empty list of keyed actions from [`Search::keyed_lists`] (give it back with
    /// [`Search::give_back_keyed`]).
    fn keyed_list(&mut self) -> Vec<(i32, Action)> {
        self.keyed_lists.pop().unwrap_or_default()
    }

    /// Returns a list taken with [`Search::keyed_list`] for reuse.
    fn give_back_keyed(&mut self, mut list: Vec<(i32, Action)>) {
        list.clear();
        self.keyed_lists.push(list);
    }

    /// The evaluation of the current position for the bot, from the cache where it is there.
    fn static_value(&mut self) -> i32 {
        let key = self.tt_key();
        let slot = &mut self.evals[(key >> 20) as usize & (EVAL_CACHE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let v = self
            .eval
            .balance_with(self.tree.position(), self.me, Some(&mut self.pawns));
        *slot = (key, v);
        v
    }

    fn tt_key(&self) -> u64 {
        let pos = self.tree.position();
        let mut k = pos.hash();
        for (i, &s) in pos.scores[..pos.variant.seat_count()].iter().enumerate() {
            if s != 0 {
                k ^= (s as u64)
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .rotate_left(i as u32 * 7);
            }
        }
        k ^ (pos.in_play as u64) << 56
    }

    fn node(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        can_null: bool,
    ) -> i32 {
        if self.method == Method::Brs {
            return self.brs(depth, alpha, beta, ply, true);
        }
        if let Some(v) = self.settled(ply) {
            return v;
        }
        let pos = self.tree.position();
        let turn = pos.turn();
        let maxing = pos.variant.allied(turn, self.me);
        let in_check = self.has_check && pos.king(turn).is_some() && pos.in_check(turn);
        let depth = if in_check && ply < MAX_PLY / 2 && self.check_holds() {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(alpha, beta, ply, 0);
        }
        // two sides: a position repeated on the line is judged here as if it were repeated
        // to the end (either side could repeat it again): a draw, or what the game's rule
        // gives (perpetual check loses); a short window keeps the scan cheap
        if self.two && ply >= 1 && self.tree.repeated(REPEAT_WINDOW) {
            return match self.tree.repetition_outcome() {
                Some(o) => self.terminal(&o, ply),
                None => 0,
            };
        }
        let pv = beta - alpha > 1;
        let bounded = alpha.abs() < WIN - 100 && beta.abs() < WIN - 100;
        // the static value, for the pruning of quiet nodes near the leaves; not where a king
        // can be taken in a game without check (chaturanga, duck chess): that is its check,
        // and the static value cannot see a win or loss one capture away
        // (two players: at every node, for whether the side to move is improving)
        let here = if self.two
            && (self.malus() || (!pv && bounded))
            && !in_check
            && !self.royal_en_prise()
            && !self.must_capture()
        {
            Some(self.static_value())
        } else {
            None
        };
        let stand = here.filter(|_| !pv && bounded);
        let improving = self.malus() && self.improving(here, ply, maxing);
        // reverse futility: a position so far above the bound that a few plies will not bring
        // it back (a ply's margin less where the side to move is improving)
        if let Some(st) = stand {
            if depth <= RFP_DEPTH {
                let m = RFP_MARGIN * (depth - improving as i32);
                if maxing && st - m >= beta {
                    return st - m;
                }
                if !maxing && st + m <= alpha {
                    return st + m;
                }
            }
        }
        let key = self.tt_key();
        let slot = (key as usize) & (TT_SIZE - 1);
        let e = self.tt[slot];
        let mut tt_move = None;
        self.stats.tt_probes += 1;
        if e.key == key {
            self.stats.tt_hits += 1;
            tt_move = e.best;
            if e.depth as i32 >= depth {
                let v = from_tt(e.value, ply);
                if e.answers(v, alpha, beta) {
                    self.stats.tt_cuts += 1;
                    return v;
                }
            }
        }
        // null move: if passing still holds the bound, a real move will (R = 3 + depth / 6,
        // only where the static value already holds the bound)
        if self.null_ok
            && can_null
            && !in_check
            && depth >= 3
            && beta - alpha == 1
            && alpha.abs() < WIN - 100
            && beta.abs() < WIN - 100
            && self.has_pieces()
            // not while a king of a seat not to move is in check (teams: passing lets the
            // next seat take the partner's king, so the pass proves nothing)
            && !self.royal_en_prise()
        {
            let stand = stand.unwrap_or_else(|| self.static_value());
            if (maxing && stand >= beta) || (!maxing && stand <= alpha) {
                let r = 3 + depth / 6;
                self.stats.null_tries += 1;
                let cp = self.tree.null_step();
                self.nodes += 1;
                let v = self.node(depth - 1 - r, alpha, beta, ply + 1, false);
                self.tree.undo_null(&cp);
                if self.stopped {
                    return 0;
                }
                if maxing && v >= beta {
                    self.stats.null_cuts += 1;
                    return beta;
                }
                if !maxing && v <= alpha {
                    self.stats.null_cuts += 1;
                    return alpha;
                }
            }
        }
        let mut listed = self.list();
        self.tree.actions(&mut listed);
        if listed.is_empty() {
            // no action and no outcome: judged as a draw (the rules decide real ends)
            self.give_back(listed);
            return 0;
        }
        // the actions with their order keys, put in order one at a time as the loop reaches
        // them ([`pick`]): most nodes cut on their first move, before the rest is sorted
        let mut actions = self.keyed_list();
        self.keys(&listed, tt_move, ply, &mut actions);
        self.give_back(listed);
        let (a0, b0) = (alpha, beta);
        let mut best = if maxing { -WIN - 1 } else { WIN + 1 };
        let mut best_move = None;
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let mut quiets = 0;
        // the history slots of the quiet moves searched here, for the malus of those that
        // did not cut ([`Search::reward`])
        let mut tried = [0usize; 32];
        let mut n_tried = 0;
        for i in 0..actions.len() {
            pick(&mut actions, i);
            let a = actions[i].1;
            // a move that takes nothing and promotes nothing, with its history slot (one
            // capture test a move: the ordering, the pruning, the history and the killers)
            let plain = match a {
                Action::Move(m) if m.promo == 0 && !self.tree.position().is_capture(&m) => {
                    Some((m, history_slot(m)))
                }
                _ => None,
            };
            let quiet =
                plain.is_some_and(|(m, _)| Some(m) != tt_move && !killers.contains(&Some(m)));
            let full = depth - 1;
            // futility and late-move pruning: quiet moves near the leaves of a node far below
            // its bound (the first move is always searched)
            // (only once a move that does not lose is in hand: pruning the only defence
            // against a mate would claim a mate that is not forced)
            let safe = if maxing {
                best > -WIN + 100
            } else {
                best < WIN - 100
            };
            if i > 0 && quiet && !in_check && safe {
                if let Some(st) = stand {
                    let futile = depth <= FUTILITY_DEPTH && {
                        let m = FUTILITY_MARGIN * depth;
                        (maxing && st + m <= alpha) || (!maxing && st - m >= beta)
                    };
                    let late =
                        !self.teams && depth <= LMP_DEPTH && i >= lmp_count(depth, improving);
                    // a move that checks or ends the game is kept: the history's malus can
                    // order a mating move late, and a check is no quiet move
                    if (futile || late) && !self.checks_or_ends(a, turn) {
                        continue;
                    }
                }
                if self.teams && quiets >= lmp_quiets(depth, pv) {
                    // a move that checks or ends the game is kept (the mates of four seats
                    // come by checks)
                    if !self.checks_or_ends(a, turn) {
                        continue;
                    }
                }
            }
            if quiet {
                quiets += 1;
            }
            // the history slot the malus reads ([`Search::malus`])
            let hslot = plain.map(|(_, h)| h).filter(|_| self.malus());
            let v = if i == 0 {
                self.child(a, full, alpha, beta, ply + 1)
            } else {
                // late quiet moves first at a reduced depth (LMR), then PVS's null window;
                // searched again in full where they look better than the best so far
                let mut r = if self.teams && depth >= 2 && i >= 2 {
                    // teams: every late move, captures too, more for quiet ones, one ply
                    // less in check (as 4pchess)
                    let good = matches!(a, Action::Move(m) if self.even_trade(&m));
                    let mut r = 1 + ((depth - 5) / 3).max(0) + i as i32 / 30;
                    if quiet {
                        r += 1 + depth / 8;
                    }
                    (r - pv as i32 - good as i32 - in_check as i32).clamp(0, depth - 1)
                } else if depth >= 3 && i >= 2 && quiet && !in_check {
                    // one ply less for a move with a good history, one more for a bad one;
                    // two players: one more where the side to move is not improving
                    let h = hslot.map_or(0, |h| self.history[h]);
                    let r = self.lmr[(depth as usize).min(63)][i.min(63)]
                        + (self.malus() && !improving) as i32
                        - pv as i32
                        - (h > HISTORY_MAX / 2) as i32
                        + (h < -HISTORY_MAX / 4) as i32;
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                let (lo, hi) = if maxing {
                    (alpha, alpha + 1)
                } else {
                    (beta - 1, beta)
                };
                let improves = |v: i32| if maxing { v > alpha } else { v < beta };
                let mut v = if r > 0 {
                    // a move that gives check is not reduced (mating drops, attacks on the
                    // king); with teams one ply less (as 4pchess: four seats check often)
                    self.stats.reduced += 1;
                    self.nodes += 1;
                    self.tree.step(a);
                    if self.has_check && self.tree.outcome().is_none() && self.checks_opponent(turn)
                    {
                        r = if self.teams { r - 1 } else { 0 };
                    }
                    let v = self.node(full - r, lo, hi, ply + 1, true);
                    self.tree.undo();
                    v
                } else {
                    self.child(a, full, lo, hi, ply + 1)
                };
                if r > 0 && improves(v) && !self.stopped {
                    self.stats.researched += 1;
                    v = self.child(a, full, lo, hi, ply + 1);
                }
                if v > alpha && v < beta && beta - alpha > 1 && !self.stopped {
                    v = self.child(a, full, alpha, beta, ply + 1);
                }
                v
            };
            if self.stopped {
                self.give_back_keyed(actions);
                return 0;
            }
            let better = if maxing { v > best } else { v < best };
            if better {
                best = v;
                if let Action::Move(m) = a {
                    best_move = Some(m);
                }
            }
            if maxing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.stats.cuts += 1;
                self.stats.first_cuts += (i == 0) as u64;
                if let Some((m, h)) = plain {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    if self.malus() {
                        self.reward(h, &tried[..n_tried], depth);
                    } else {
                        self.history[h] += depth * depth;
                    }
                }
                break;
            }
            if let Some(h) = hslot {
                if n_tried < tried.len() {
                    tried[n_tried] = h;
                    n_tried += 1;
                }
            }
        }
        self.give_back_keyed(actions);
        self.tt[slot] = Entry {
            key,
            value: to_tt(best, ply),
            depth: depth as i8,
            bound: bound_of(best, a0, b0),
            best: best_move,
        };
        best
    }

    /// Whether the side to move, whose node's static value is `here` (`None`: in check, not
    /// improving), stands better than two plies up (four where that node was in check; with
    /// neither, it counts as improving), and keeps `here` on the line's stack
    /// ([`Search::statics`]). Better is higher where the bot's side moves (`maxing`), lower
    /// for its opponent.
    fn improving(&mut self, here: Option<i32>, ply: usize, maxing: bool) -> bool {
        self.statics[ply] = here;
        let Some(v) = here else { return false };
        let up = |k: usize| ply.checked_sub(k).and_then(|p| self.statics[p]);
        match up(2).or_else(|| up(4)) {
            Some(before) if maxing => v > before,
            Some(before) => v < before,
            None => true,
        }
    }

    /// Whether the quiet-move history has a malus ([`Search::reward`]), bounds the late-move
    /// reduction and is kept with the tables: two players, where it was measured (teams and
    /// free for all keep the plain history: each cut adds `depth²`).
    fn malus(&self) -> bool {
        self.two && !self.teams
    }

    /// History with a malus (two players): the quiet move that cut at `depth` gains
    /// `depth²` (at most 400), each quiet move searched before it there loses as much; values
    /// are drawn towards 0 as they near ±[`HISTORY_MAX`] (they stay within it).
    fn reward(&mut self, cut: usize, before: &[usize], depth: i32) {
        let b = (depth * depth).min(400);
        let add = |h: &mut i32, b: i32| *h += b - *h * b.abs() / HISTORY_MAX;
        add(&mut self.history[cut], b);
        for &t in before {
            if t != cut {
                add(&mut self.history[t], -b);
            }
        }
    }

    /// Captures and promotions only, standing pat on the evaluation.
    /// Quiescence's value of its child `a`: stepped into, valued (the game over, the bot's
    /// team out, or quiescence a ply deeper) and taken back.
    fn q_child(&mut self, a: Action, alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.nodes += 1;
        self.tree.step(a);
        let v = match self.tree.outcome() {
            Some(o) => {
                let o = o.clone();
                self.terminal(&o, ply + 1)
            }
            None if self.team_out() => -WIN + ply as i32 + 1,
            None => self.quiesce(alpha, beta, ply + 1, qply + 1),
        };
        self.tree.undo();
        v
    }

    fn quiesce(&mut self, mut alpha: i32, mut beta: i32, ply: usize, qply: usize) -> i32 {
        self.stats.qnodes += 1;
        let stand = self.static_value();
        let pos = self.tree.position();
        let turn = pos.turn();
        let maxing = pos.variant.allied(turn, self.me);
        if qply >= self.q_max || ply >= MAX_PLY - 1 {
            return stand;
        }
        // two players: the table answers a position met before where its bound allows, and
        // keeps this node's value at depth 0 ([`Search::q_store`])
        // (no key where the table is not read: quiescence is most of the nodes of more seats)
        let (a0, b0) = (alpha, beta);
        let key = self.malus().then(|| self.tt_key());
        if let Some(key) = key {
            let e = self.tt[(key as usize) & (TT_SIZE - 1)];
            if e.key == key {
                let v = from_tt(e.value, ply);
                if e.answers(v, alpha, beta) {
                    return v;
                }
            }
        }
        // where the side to move must act it may not stand pat: its own royal attacked where
        // royals are taken, in the first [`EVADE_QPLY`] actions (every action is searched:
        // the evasions, or the duck's blocks), a
        // royal taken with the turn not yet over (one action ends it: the game's end), or a
        // capture open where captures are compulsory (they are its moves)
        // (or, where quiescence gives checks, [`Search::q_checks`], its king in check at
        // its second action: the answer to a check, which a stand pat would not see)
        let evading = (self.royal_taken && qply < EVADE_QPLY || self.q_checks() && qply == 1)
            && pos.king(turn).is_some()
            && pos.in_check(turn);
        let lost = self.royal_taken && (0..2).any(|s| pos.king(s).is_none());
        let mut actions = self.list();
        let must = if evading || lost {
            self.tree.actions(&mut actions);
            if lost {
                actions.truncate(1);
            }
            !actions.is_empty()
        } else {
            self.eval.captures_forced && self.capture_open(&mut actions)
        };
        if !must {
            if maxing {
                if stand >= beta {
                    self.give_back(actions);
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                if stand <= alpha {
                    self.give_back(actions);
                    return stand;
                }
                beta = beta.min(stand);
            }
            if !self.eval.captures_forced {
                self.tree.captures(&mut actions);
            }
        }
        let good = self.order(&mut actions, None, ply);
        let mut best = match (must, maxing) {
            (false, _) => stand,
            (true, true) => -WIN - 1,
            (true, false) => WIN + 1,
        };
        let mut best_move = None;
        let bounded = !must && alpha.abs() < WIN - 100 && beta.abs() < WIN - 100;
        if self.see_ok && bounded {
            actions.truncate(good); // captures that lose in the exchange
        }
        for &a in actions.iter() {
            if !self.two && self.grey_capture(&a) {
                continue; // gains nothing but the cell (`multi.rs`)
            }
            if !maxing && self.method == Method::Brs && !self.takes_from_bot(&a) {
                continue; // BRS+: an opponent's capture of a third seat (`multi.rs`)
            }
            // delta pruning: two sides, and BRS+ (its quiescence is the bot's captures and
            // the opponents' captures of the bot's pieces)
            if (self.two || self.method == Method::Brs) && bounded {
                if let Action::Move(m) = a {
                    if m.promo == 0 && !self.worth_it(&m, stand, alpha, beta, maxing) {
                        continue;
                    }
                }
            }
            let v = self.q_child(a, alpha, beta, ply, qply);
            if self.out_of_budget() {
                self.give_back(actions);
                return best;
            }
            if (maxing && v > best) || (!maxing && v < best) {
                best = v;
                if let Action::Move(m) = a {
                    best_move = Some(m);
                }
            }
            if maxing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        // its first action may also be a quiet move that gives check and does not lose its
        // piece ([`Search::q_checks`]; the answer is searched in full, above)
        if self.q_checks() && qply == 0 && !must && alpha < beta && !self.stopped {
            self.tree.actions(&mut actions);
            for &a in actions.iter() {
                let Action::Move(m) = a else { continue };
                if m.promo != 0 || is_capture(self.tree.position(), &m) || !self.safe_check(m) {
                    continue;
                }
                let v = self.q_child(a, alpha, beta, ply, qply);
                if self.out_of_budget() {
                    self.give_back(actions);
                    return best;
                }
                if (maxing && v > best) || (!maxing && v < best) {
                    best = v;
                    best_move = Some(m);
                }
                if maxing {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.give_back(actions);
        if let Some(key) = key {
            self.q_store(key, best, (a0, b0), best_move, ply);
        }
        best
    }

    /// Whether quiescence searches, at its first action, the quiet moves that give check
    /// without losing their piece, and then every answer to the check: two players (not
    /// teams), where the game has check and captures only move pieces.
    fn q_checks(&self) -> bool {
        self.malus() && self.has_check && self.see_ok
    }

    /// Whether the quiet move `m` gives check and its piece is not lost on its cell: no
    /// opponent's piece takes it there, or the least valuable of them wins nothing in the
    /// exchange (a king takes only where the cell is unguarded).
    fn safe_check(&mut self, m: Move) -> bool {
        let value = &self.eval.value;
        let scratch = &mut self.see_buf;
        let pos = self.tree.position_mut();
        let mover = pos.turn();
        let undo = pos.make_probe(m);
        let them = pos.turn();
        let mut safe = them != mover && pos.in_check(them);
        if safe {
            let mut least: Option<(i32, crate::board::Cell, bool)> = None;
            pos.each_attacker(m.to, mover, |c, p| {
                let royal = pos.variant.is_royal(p.kind());
                let w = if royal {
                    i32::MAX
                } else {
                    value.get(p.kind() as usize).copied().unwrap_or(0)
                };
                if least.is_none_or(|(lw, lc, _)| (w, c) < (lw, lc)) {
                    least = Some((w, c, royal));
                }
                false
            });
            safe = match least {
                None => true,
                Some((_, _, true)) => pos.attacked(m.to, them),
                Some((_, c, false)) => see::see(pos, Move::new(c, m.to), value, scratch) <= 0,
            };
        }
        pos.unmake(m, &undo);
        safe
    }

    /// Whether the check on the side to move earns its extension: with two players (not
    /// teams) where captures only move pieces, not where a lone checking piece is lost, taken
    /// with a gain in the exchange (by a king where it is unguarded); elsewhere every check.
    fn check_holds(&mut self) -> bool {
        if !(self.malus() && self.see_ok) {
            return true;
        }
        let value = &self.eval.value;
        let scratch = &mut self.see_buf;
        let pos = self.tree.position_mut();
        let turn = pos.turn();
        let Some(king) = pos.king(turn) else {
            return true;
        };
        let mut checker = None;
        let mut lone = true;
        pos.each_attacker(king, turn, |c, _| {
            lone = checker.is_none_or(|x| x == c);
            checker = Some(c);
            !lone
        });
        let (Some(at), true) = (checker, lone) else {
            return true;
        };
        !see::wins_on(pos, at, value, scratch)
    }

    /// Keeps a quiescence node's value in the table at depth 0, as a bound of the window
    /// `(a0, b0)` it was searched in, where the slot holds no deeper entry (a main-search
    /// node's, which it would evict: those are never replaced by quiescence's).
    fn q_store(&mut self, key: u64, best: i32, (a0, b0): (i32, i32), m: Option<Move>, ply: usize) {
        let slot = &mut self.tt[(key as usize) & (TT_SIZE - 1)];
        if slot.depth > 0 {
            return;
        }
        *slot = Entry {
            key,
            value: to_tt(best, ply),
            depth: 0,
            bound: bound_of(best, a0, b0),
            best: m,
        };
    }

    /// Quiescence's filter of a capture (two sides): false for one that cannot reach the
    /// bound even with a margin over its victim (delta pruning), or that gives a piece for a
    /// lesser one on a cell the opponent guards (a losing capture, roughly).
    fn worth_it(&self, m: &Move, stand: i32, alpha: i32, beta: i32, maxing: bool) -> bool {
        let pos = self.tree.position();
        let target = pos.at(m.to);
        if target.is_some() && pos.variant.is_royal(target.kind()) {
            return true; // takes a royal piece (a game without check): the game may end
        }
        let victim = if target.is_some() {
            self.value_at(m.to)
        } else {
            100
        };
        let gain = victim + DELTA_MARGIN;
        if (maxing && stand + gain <= alpha) || (!maxing && stand - gain >= beta) {
            return false;
        }
        if m.from == crate::board::NO_CELL || pos.at(m.from).is_none() {
            return true;
        }
        if self.see_ok {
            return true; // the exchange evaluation has judged it (`order`)
        }
        let attacker = self.value_at(m.from);
        let royal = pos.variant.is_royal(pos.at(m.from).kind());
        !(attacker > victim + 50 && !royal && pos.attacked(m.to, pos.turn()))
    }

    /// Orders `actions` best first: the table move, captures that do not lose by victim
    /// value (less a little for the attacker), promotions, killers, quiet moves by history,
    /// and last the captures that lose in the exchange (where [`Search::see_ok`]). Returns
    /// how many come before those losing captures.
    fn order(&mut self, actions: &mut [Action], tt_move: Option<Move>, ply: usize) -> usize {
        let mut keyed = std::mem::take(&mut self.keyed);
        self.keys(actions, tt_move, ply, &mut keyed);
        keyed.sort_by_key(|&(k, _)| k);
        for (slot, &(_, a)) in actions.iter_mut().zip(&keyed) {
            *slot = a;
        }
        let good = keyed.iter().take_while(|&&(k, _)| k <= 0).count();
        self.keyed = keyed;
        good
    }

    /// Fills `keyed` with `actions` and their order keys ([`Search::order_key`]), unsorted
    /// ([`Search::order`] sorts them, the main search's nodes [`pick`] them).
    fn keys(
        &mut self,
        actions: &[Action],
        tt_move: Option<Move>,
        ply: usize,
        keyed: &mut Vec<(i32, Action)>,
    ) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        keyed.clear();
        for &a in actions {
            let k = self.order_key(&a, tt_move, &killers);
            keyed.push((k, a));
        }
    }

    /// An action's place in [`Search::order`] (lower first; above 0 only a losing capture).
    fn order_key(&mut self, a: &Action, tt_move: Option<Move>, killers: &[Option<Move>; 2]) -> i32 {
        let Action::Move(m) = a else { return 0 };
        if Some(*m) == tt_move {
            return -1_000_000;
        }
        let pos = self.tree.position();
        let eval = &self.eval;
        let mut k = 0;
        // a grey piece (a player out) is worth nothing: its capture is a quiet move
        if is_capture(pos, m) && !pos.at(m.to).is_grey() {
            let victim = pos.at(m.to);
            let vv = if victim.is_some() && pos.variant.is_royal(victim.kind()) {
                // a royal piece taken (a game without check) first: it may end the game
                ROYAL_VICTIM
            } else if victim.is_some() {
                eval.value
                    .get(victim.kind() as usize)
                    .copied()
                    .unwrap_or(100)
                    + 50
            } else {
                100
            };
            let attacker = pos.at(m.from);
            let av = self.value_at(m.from);
            let royal = attacker.is_some() && pos.variant.is_royal(attacker.kind());
            // a capture of a piece worth at least the attacker cannot lose
            let exchange = if self.see_ok && (av + 50 > vv || royal) {
                see::see(
                    self.tree.position_mut(),
                    *m,
                    &self.eval.value,
                    &mut self.see_buf,
                )
            } else {
                0
            };
            if exchange < 0 {
                k += -exchange;
            } else {
                k -= 100_000 + vv * 16 - av / 8;
            }
        }
        if let Some(p) = m.promotion() {
            k -= 50_000 + self.eval.value.get(p as usize).copied().unwrap_or(0);
        }
        if k == 0 {
            if killers[0] == Some(*m) {
                k -= 40_000;
            } else if killers[1] == Some(*m) {
                k -= 30_000;
            } else {
                k -= self.history[history_slot(*m)].min(29_999);
            }
        }
        k
    }

    /// Whether `m` takes a piece worth at least the piece that takes it.
    fn even_trade(&self, m: &Move) -> bool {
        let pos = self.tree.position();
        is_capture(pos, m)
            && (m.from == crate::board::NO_CELL || self.value_at(m.to) >= self.value_at(m.from))
    }

    /// The value of the piece on `c` (0 for no cell, an empty one or a grey piece).
    fn value_at(&self, c: crate::board::Cell) -> i32 {
        let p = match c {
            crate::board::NO_CELL => return 0,
            c => self.tree.position().at(c),
        };
        if p.is_some() && !p.is_grey() {
            self.eval.value.get(p.kind() as usize).copied().unwrap_or(0)
        } else {
            0
        }
    }
}

/// The moves [`pick`] puts in place one at a time, before it sorts the rest at once.
const PICKED: usize = 1;

/// Puts in `keyed[i]` the action a stable sort by key would put there, where `keyed[..i]` are
/// already so (picked or sorted by earlier calls, with `i` counting up from 0): the first of
/// the least keys of `keyed[i..]`, moved to `i` with the others behind it keeping their order,
/// for the first [`PICKED`] places; then the rest sorted at once (stably). So the order is
/// the sort's, move for move, and a node that cuts on an early move sorts nothing.
fn pick(keyed: &mut [(i32, Action)], i: usize) {
    if i < PICKED {
        let mut best = i;
        for j in i + 1..keyed.len() {
            if keyed[j].0 < keyed[best].0 {
                best = j;
            }
        }
        keyed[i..=best].rotate_right(1);
    } else if i == PICKED {
        keyed[i..].sort_by_key(|&(k, _)| k);
    }
}

fn is_capture(pos: &Position, m: &Move) -> bool {
    pos.is_capture(m)
}

/// A decided value as the table keeps it: the distance to the end from the node, not from
/// the root (so a transposition at another ply reads the right distance).
fn to_tt(v: i32, ply: usize) -> i32 {
    if v >= WIN - 2 * MAX_PLY as i32 && v <= WIN {
        v + ply as i32
    } else if v <= -WIN + 2 * MAX_PLY as i32 && v >= -WIN {
        v - ply as i32
    } else {
        v
    }
}

/// The inverse of [`to_tt`] at `ply`.
fn from_tt(v: i32, ply: usize) -> i32 {
    if v >= WIN - 2 * MAX_PLY as i32 && v <= WIN + 2 * MAX_PLY as i32 {
        v - ply as i32
    } else if v <= -WIN + 2 * MAX_PLY as i32 && v >= -WIN - 2 * MAX_PLY as i32 {
        v + ply as i32
    } else {
        v
    }
}

/// Two players: the moves searched at a node of `depth` ([`LMP_DEPTH`] or less) before its
/// later quiet moves are pruned: `3 + 2d²` where the side to move is improving, half as many
/// where it is not.
fn lmp_count(depth: i32, improving: bool) -> usize {
    ((3 + 2 * depth * depth) / (2 - improving as i32)) as usize
}

/// Four-player teams: the quiet moves searched at a node before the later ones are pruned
/// (more at a principal-variation node), as 4pchess prunes.
fn lmp_quiets(depth: i32, pv: bool) -> i32 {
    if pv {
        5 + depth * depth
    } else {
        1 + depth * depth / 5
    }
}

/// Whether a king of an opponent of `mover` is in check in `pos` (after `mover`'s action: with
/// more than two seats the checked seat may not be the next to move, and its partners and the
/// checker's move first).
fn checks_opponent(pos: &Position, mover: Seat) -> bool {
    let v = pos.variant;
    (0..v.seat_count() as Seat)
        .any(|s| !v.allied(s, mover) && pos.king(s).is_some() && pos.in_check(s))
}

fn history_slot(m: Move) -> usize {
    ((m.from as usize).wrapping_mul(577) ^ m.to as usize) & ((1 << 14) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Never set: the searches of these tests stop at their limits.
    static GO_ON: AtomicBool = AtomicBool::new(false);

    /// A search of `g` to `depth` actions, with no node or time limit.
    fn to_depth(g: &Game, depth: u8) -> Search<'static> {
        let lim = Limits {
            depth,
            nodes: None,
            time: None,
        };
        Search::new(g, lim, &GO_ON)
    }

    fn search(id: &str, fen: &str, depth: u8) -> Found {
        to_depth(&Game::from_fen(id, fen).unwrap(), depth).run()
    }

    fn text(id: &str, fen: &str, a: Option<Action>) -> String {
        let g = Game::from_fen(id, fen).unwrap();
        match a {
            Some(Action::Move(m)) => g.move_text(m),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn history_rewards_the_quiet_move_that_cut_and_punishes_those_tried_before_it() {
        let g = Game::new("chess").unwrap();
        let mut s = to_depth(&g, 1);
        s.reward(5, &[7, 9], 4);
        assert_eq!((s.history[5], s.history[7], s.history[9]), (16, -16, -16));
        // bounded however often it cuts or fails
        for _ in 0..10_000 {
            s.reward(5, &[7], 30);
        }
        assert!(s.history[5] > HISTORY_MAX / 2 && s.history[5] <= HISTORY_MAX);
        assert!(s.history[7] < -HISTORY_MAX / 2 && s.history[7] >= -HISTORY_MAX);
        // a move that failed here and cut later climbs back
        let low = s.history[7];
        s.reward(7, &[], 10);
        assert!(s.history[7] > low);
    }

    /// [`Search::improving`]: the side to move against its own static value two plies up (four
    /// past a node in check), higher for the bot's side, lower for its opponent.
    #[test]
    fn improving_compares_with_the_same_side_two_plies_up_in_its_own_direction() {
        let g = Game::new("chess").unwrap();
        let mut s = to_depth(&g, 1);
        // the bot (maxing) at ply 2 stands at 50, at ply 4 better, at ply 6 worse
        assert!(
            s.improving(Some(50), 2, true),
            "nothing two plies up: improving"
        );
        assert!(s.improving(Some(80), 4, true));
        assert!(!s.improving(Some(60), 6, true));
        // its opponent (minimising) improves as the bot's value falls
        s.improving(Some(0), 3, false);
        assert!(s.improving(Some(-20), 5, false));
        assert!(!s.improving(Some(10), 7, false));
        // in check: not improving, and the next node of that side looks four plies up
        assert!(!s.improving(None, 9, false));
        assert!(s.improving(Some(5), 11, false), "below ply 7's 10");
        assert!(!s.improving(Some(15), 13, false), "above ply 11's 5");
    }

    /// [`pick`], called for each place in turn, leaves the order a stable sort by key gives
    /// (ties in their first order), on random lists with many equal keys, short and long.
    #[test]
    fn picking_the_moves_one_at_a_time_gives_the_sorts_order() {
        let g = Game::new("chess").unwrap();
        let moves: Vec<Action> = g.legal_moves().into_iter().map(Action::Move).collect();
        let mut rng = crate::rng::SplitMix(5401);
        for round in 0..500 {
            let n = round % (moves.len() + 1);
            let keyed: Vec<(i32, Action)> = (0..n)
                .map(|i| (rng.below(7) as i32 - 3, moves[i]))
                .collect();
            let mut sorted = keyed.clone();
            sorted.sort_by_key(|&(k, _)| k);
            let mut picked = keyed.clone();
            for i in 0..n {
                pick(&mut picked, i);
                assert_eq!(picked[i], sorted[i], "round {round}, place {i}");
            }
            assert_eq!(picked, sorted, "round {round}");
        }
    }

    /// Two players: quiescence answers from a table entry whose bound allows it, keeps its
    /// own value at depth 0, and never evicts a deeper (main-search) entry.
    #[test]
    fn quiescence_reads_the_table_and_keeps_its_value_at_depth_0() {
        let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        let mut s = to_depth(&Game::from_fen("chess", fen).unwrap(), 1);
        s.tt = vec![Entry::default(); TT_SIZE];
        s.evals = vec![(0, 0); EVAL_CACHE];
        let key = s.tt_key();
        let slot = (key as usize) & (TT_SIZE - 1);
        let v = s.quiesce(-WIN - 1, WIN + 1, 0, 0);
        let e = s.tt[slot];
        assert_eq!((e.key, e.depth, e.bound, e.value), (key, 0, 0, v));
        // a deeper entry answers, and stays
        s.tt[slot] = Entry {
            key,
            value: 123,
            depth: 5,
            bound: 0,
            best: None,
        };
        assert_eq!(s.quiesce(-WIN - 1, WIN + 1, 0, 0), 123);
        // a lower bound below beta does not answer; the search's value does not evict it
        s.tt[slot].bound = 1;
        assert_eq!(s.quiesce(-WIN - 1, WIN + 1, 0, 0), v);
        assert_eq!((s.tt[slot].depth, s.tt[slot].value), (5, 123));
    }

    /// Two players with check: quiescence's first action may be a quiet check whose piece
    /// is safe on its cell (a knight's fork, a back-rank mate), then every answer to it; a
    /// check that loses its piece to a pawn is not tried.
    #[test]
    fn quiescence_tries_the_quiet_checks_that_keep_their_piece() {
        let q = |fen: &str| {
            let mut s = to_depth(&Game::from_fen("chess", fen).unwrap(), 1);
            s.tt = vec![Entry::default(); TT_SIZE];
            s.evals = vec![(0, 0); EVAL_CACHE];
            (s.static_value(), s.quiesce(-WIN - 1, WIN + 1, 0, 0))
        };
        // Nd6+ (or Nf6+) forks king and queen: the queen falls after the king's answer
        let (stand, v) = q("4k3/8/8/8/2q1N3/8/7P/4K3 w - - 0 1");
        assert!(stand < -500 && v > 0, "fork: stand {stand}, quiescence {v}");
        // the same checks onto cells the e7 pawn guards: not tried, the value stands
        let (stand, v) = q("4k3/4p3/8/8/2q1N3/8/7P/4K3 w - - 0 1");
        assert_eq!(v, stand, "unsafe checks");
        // Ra8 mates
        let (_, v) = q("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert!(v > WIN - 10, "back-rank mate: {v}");
    }

    /// Two players: a check is extended unless its lone checking piece is taken with a gain
    /// (by a piece that wins the exchange, or by the king where it is unguarded).
    #[test]
    fn a_check_that_loses_its_piece_is_not_extended() {
        let holds = |fen: &str| to_depth(&Game::from_fen("chess", fen).unwrap(), 1).check_holds();
        assert!(
            holds("4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1"),
            "nothing takes the queen"
        );
        assert!(
            !holds("4k3/8/8/8/8/8/3rQ3/4K3 b - - 0 1"),
            "the rook wins the queen"
        );
        assert!(
            !holds("4k3/4Q3/8/8/8/8/8/4K3 b - - 0 1"),
            "the king takes the queen"
        );
        assert!(
            holds("4k3/4Q3/4R3/8/8/8/8/4K3 b - - 0 1"),
            "a guarded queen"
        );
        // two checkers: extended whatever either is worth
        assert!(
            holds("4k3/8/8/1B6/8/8/3rR3/4K3 b - - 0 1"),
            "a double check"
        );
    }

    #[test]
    fn piece_values_are_measured_from_mobility() {
        let v = crate::rules::variant("chess").unwrap();
        let e = Eval::of(v);
        let val = |l: char| e.value[v.piece_by_letter(l).unwrap() as usize];
        assert_eq!(val('P'), 100);
        assert_eq!(val('K'), 0);
        assert!(val('N') < val('B') && val('B') < val('R') && val('R') < val('Q'));
        assert!((250..=350).contains(&val('N')), "knight {}", val('N'));
    }

    #[test]
    fn piece_values_on_a_crowded_board_hold_up_in_play() {
        // chess: a knight and a bishop are worth about the same, a rook about five pawns, a
        // queen more than a rook and a bishop (the empty board gave N 270, B 410, R 620:
        // two rooks for a queen looked 270 cp better than Stockfish values them)
        let v = crate::rules::variant("chess").unwrap();
        let e = Eval::of(v);
        let val = |l: char| e.value[v.piece_by_letter(l).unwrap() as usize];
        let (n, b, r, q) = (val('N'), val('B'), val('R'), val('Q'));
        assert!((b - n).abs() <= 50, "N {n} B {b}");
        assert!((450..=550).contains(&r), "R {r}");
        assert!(q > r + b && q < 1100, "Q {q} R {r} B {b}");
        assert!((2 * r - q).abs() <= 50, "2R {} Q {q}", 2 * r);
    }

    #[test]
    fn taking_a_royal_piece_is_ordered_first_and_never_pruned() {
        // duck chess (no check): the pawn on d5 may take the queen on c6 or the king on e6
        let g = Game::from_fen("duck", "8/8/2q1k3/3P4/8/8/8/4K3 w - - 0 1").unwrap();
        let mut s = to_depth(&g, 1);
        let mut actions = Vec::new();
        s.tree.captures(&mut actions);
        s.order(&mut actions, None, 0);
        let Some(&Action::Move(first)) = actions.first() else {
            panic!("no capture: {actions:?}");
        };
        assert_eq!(g.move_text(first), "d5e6");
        // however far below the bound the static value stands (delta pruning)
        assert!(s.worth_it(&first, -10_000, 0, 1, true));
    }

    #[test]
    fn finds_mate_in_one_in_chess() {
        // back-rank mate: Ra8#
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        let f = search("chess", fen, 2);
        assert_eq!(text("chess", fen, f.best), "a1a8");
        assert!(f.value >= WIN - 2);
    }

    #[test]
    fn finds_mate_in_two_in_chess() {
        // the rook ladder: 1. Ra7 Kg8 2. Rb8# (no mate in one; Fairy-Stockfish: "mate 2")
        let fen = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1";
        let f = search("chess", fen, 4);
        assert_eq!(f.value, WIN - 3, "mate on the third action from here");
        let g = Game::from_fen("chess", fen).unwrap();
        let Some(Action::Move(m)) = f.best else {
            panic!()
        };
        assert!(
            m.from == g.variant.board.cell("a2").unwrap()
                || m.from == g.variant.board.cell("b1").unwrap()
        );
    }

    #[test]
    fn late_move_pruning_keeps_half_the_moves_where_the_side_to_move_is_not_improving() {
        let counts = |imp| (1..=3).map(|d| lmp_count(d, imp)).collect::<Vec<_>>();
        assert_eq!(counts(true), [5, 11, 21]);
        assert_eq!(counts(false), [2, 5, 10]);
    }

    #[test]
    fn pruning_keeps_a_quiet_move_that_checks_or_ends_the_game() {
        let fen = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1";
        let g = Game::from_fen("chess", fen).unwrap();
        let mut s = to_depth(&g, 1);
        let turn = g.position().turn();
        let by_text = |t: &str| {
            let m = g.legal_moves().into_iter().find(|&m| g.move_text(m) == t);
            Action::Move(m.unwrap())
        };
        assert!(s.checks_or_ends(by_text("b1b8"), turn), "Rb8+ checks");
        assert!(!s.checks_or_ends(by_text("a2a3"), turn), "a2a3 is quiet");
        // the position is as it was
        assert_eq!(s.tree.position().hash(), g.position().hash());
    }

    #[test]
    fn kept_tables_bring_the_quiet_move_history_halved_for_two_players_only() {
        let lim = Limits {
            depth: 5,
            nodes: Some(20_000),
            time: None,
        };
        for (id, kept) in [
            ("chess", true),
            ("four-player-teams", false),
            ("four-player-ffa", false),
        ] {
            let g = Game::new(id).unwrap();
            let mut s = Search::new(&g, lim, &GO_ON);
            s.run();
            let learnt = s.history.clone();
            assert!(
                learnt.iter().any(|&h| h.abs() >= 2),
                "{id}: a history learnt"
            );
            let next = Search::new(&g, lim, &GO_ON).tables(Some(s.into_tables()));
            let halved: Vec<i32> = learnt.iter().map(|h| h / 2).collect();
            if kept {
                assert_eq!(next.history, halved, "{id}");
            } else {
                assert!(next.history.iter().all(|&h| h == 0), "{id}");
            }
        }
    }

    #[test]
    fn takes_a_hanging_queen() {
        let fen = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
        let f = search("chess", fen, 3);
        assert_eq!(text("chess", fen, f.best), "d2d5");
    }

    #[test]
    fn same_seed_and_node_budget_give_the_same_answer() {
        let g = Game::new("chess").unwrap();
        let lim = Limits {
            depth: 20,
            nodes: Some(20_000),
            time: None,
        };
        let a = Search::new(&g, lim, &GO_ON).run();
        let b = Search::new(&g, lim, &GO_ON).run();
        assert_eq!(a, b);
        assert!(a.nodes >= 20_000 && a.nodes < 20_100);
    }

    /// A search handed the tables of the last search of the game for the same seat starts
    /// from them (the same position again costs far fewer nodes); the tables of the other
    /// seat are dropped (the search is the one from empty tables, node for node).
    #[test]
    fn a_search_starts_from_the_last_searchs_tables_of_its_game_and_seat_only() {
        let mut g = Game::new("chess").unwrap();
        let mut first = to_depth(&g, 6);
        let empty = first.run();
        let mut again = to_depth(&g, 6).tables(Some(first.into_tables()));
        let kept = again.run();
        assert!(
            kept.nodes * 2 < empty.nodes,
            "{} {}",
            kept.nodes,
            empty.nodes
        );
        let Some(a) = kept.best else {
            panic!("no move")
        };
        g.act(a).unwrap();
        let other = to_depth(&g, 6).tables(Some(again.into_tables())).run();
        assert_eq!(other, to_depth(&g, 6).run());
    }

    /// What a bot seat keeps between its moves (`bot::BotSeat`) is 7 MiB: a transposition
    /// table of 6 MiB (2^18 entries of 24 bytes) and an evaluation cache of 1 MiB; a search
    /// handed no tables allocates them when it runs, and a search never run leaves none.
    #[test]
    fn a_seats_tables_take_seven_mib() {
        assert_eq!(std::mem::size_of::<Entry>(), 24);
        let bytes =
            TT_SIZE * std::mem::size_of::<Entry>() + EVAL_CACHE * std::mem::size_of::<(u64, i32)>();
        assert_eq!(bytes, 7 << 20);
        let g = Game::new("chess").unwrap();
        let idle = to_depth(&g, 2).into_tables();
        assert!(idle.tt.is_empty() && idle.evals.is_empty());
        let mut s = to_depth(&g, 2).tables(Some(idle));
        s.run();
        let t = s.into_tables();
        assert_eq!((t.tt.len(), t.evals.len()), (TT_SIZE, EVAL_CACHE));
    }

    /// A search timed on its own clock ([`Search::clock`]: `rookery match --cpu-time`) stops
    /// when that clock says the time is spent, not when the wall clock does: on a clock that
    /// stands still a 1 ms cap runs to the node budget, however long that takes.
    #[test]
    fn a_search_timed_on_its_clock_ignores_the_wall_clock() {
        let g = Game::new("eight-player-ffa").unwrap();
        let lim = Limits {
            depth: 64,
            nodes: Some(30_000),
            time: Some(Duration::from_millis(1)),
        };
        let frozen: Clock = || Some(Duration::ZERO);
        let found = Search::new(&g, lim, &GO_ON).clock(frozen).run();
        assert!(found.nodes >= 30_000, "{} nodes", found.nodes);
        // a clock that cannot be read leaves the wall clock in charge: the 1 ms cap stops the
        // search long before a budget that would take minutes
        let unread: Clock = || None;
        let budget = Limits {
            nodes: Some(50_000_000),
            ..lim
        };
        let found = Search::new(&g, budget, &GO_ON).clock(unread).run();
        assert!(found.nodes < 50_000_000 && found.best.is_some());
    }

    /// Aspiration windows: from the fifth iteration the root searches a window around the last
    /// iteration's value; where the value falls outside, the window is widened on that side
    /// until the value falls inside, so the value returned is exact, not a bound.
    #[test]
    fn an_aspiration_window_that_fails_is_widened_until_the_value_falls_inside() {
        let mut fails = 0;
        for fen in [
            "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
            "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
            "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7",
        ] {
            let f = search("chess", fen, 9);
            let (lo, hi) = f.stats.window;
            assert!(
                lo < f.value && f.value < hi,
                "{fen}: {} outside ({lo}, {hi})",
                f.value
            );
            assert!(hi - lo < 2 * WIN, "{fen}: no window was set");
            fails += f.stats.window_fails;
        }
        assert!(
            fails > 0,
            "no window failed in these positions: the widening went untested"
        );
    }
}
