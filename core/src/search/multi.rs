//! The search of three or more seats: best-reply search (BRS+, Schadd and Winands 2011)
//! beside the paranoid search of `mod.rs`.
//!
//! **BRS+.** The tree alternates the bot's turn with one *layer* of opponents: of all the
//! opponents who move before the bot's next turn, exactly one plays a searched reply (the one
//! and the reply worst for the bot), and every other opponent of the layer plays its *default
//! move*, the first action by the search's move ordering (table move, best capture, killer,
//! history) — a real move, so the positions stay legal where a pass would not be (check,
//! king capture, points). So two layers cost about `b × (b₁ + b₂ + …)` instead of
//! paranoid's `b × b₁ × b₂ × …`, and the search sees about twice as many of its own moves at
//! the same cost. The values are the bot's, as in paranoid, so alpha-beta is unchanged: the
//! bot's nodes maximise, the replier's nodes minimise over its actions and the choice "not
//! me, a later opponent replies" (its default move), the others' nodes are forced.
//!
//! A seat whose player is out but whose king still walks (random moves) never replies: it
//! plays its default move. Partners end a layer (they move for the bot), so with teams the
//! method is paranoid again. Quiescence is the paranoid one (every seat may capture or stand
//! pat, which is a pass), except that an opponent there takes only the bot's pieces.
//!
//! **What the bot cannot feel is pruned.** With seven opponents a layer offers hundreds of
//! replies, most of them far from the bot: a replier's quiet moves and its captures of a third
//! seat are not searched just before the leaf (only its default move, the bot's pieces it
//! takes, promotions and the pass), at most [`REPLIER_QUIETS_PER_DEPTH`] quiet moves per
//! ply of depth left are searched above, and in quiescence an opponent takes only the
//! bot's pieces. Eight-player chess to depth 4 after 40 random plies: 6.0 million nodes
//! before, 68,000 after (`rookery bench bot --games eight-player-ffa --level 8 --plies 40
//! --depth 4`; after 100 plies 41,000, after 20 still 2.6 million), so levels 5–8 often
//! search a ply deeper than level 4.
//!
//! **A reply that checks the bot is kept**, beyond the count of quiet replies, and just
//! before the leaf where the bot moves next (the last replier): with a check or a guard of
//! another seat's default move it may mate, and the bot's node, extended in check, sees
//! whether it escapes (eight-player game 20 of the stop-45 series: White's capture with check
//! and Blue's quiet check mated level 8). Cost over the 4 positions of `rookery bench bot
//! --plies 16|30|44|60 --depth D`: eight-player depth 4 1.27 → 1.73 million nodes, four-player
//! depth 5 216,000 → 292,000, three-player depth 6 910,000 → 1.08 million.
//!
//! **The bot's own nodes near the leaves prune** as a two-player search does (reverse
//! futility, futility, late-move pruning; [`BOT_PRUNE_DEPTH`]), and quiescence drops captures
//! that cannot reach the bound (delta pruning): three- and four-player chess search a ply
//! deeper in the same time, so levels 7 and 8 no longer stop where level 6 does.
//!
//! Which method plays is [`Method::default_for`] (measured: see docs/ARCHITECTURE.md); a
//! search can be told another one ([`Search::method`], `rookery match --players 8b,8p,...`).

use super::{history_slot, Search, MAX_PLY, WIN};
use crate::game::Action;
use crate::piece::Seat;
use crate::variant::Variant;

/// How the search treats the other seats of a game with three or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every other seat minimises the bot's value, each on its own turn.
    Paranoid,
    /// Best-reply search (BRS+): one searched reply per layer of opponents, default moves
    /// for the others.
    Brs,
}

impl Method {
    /// The method a search uses for `v` unless told otherwise: BRS+ in free for all with
    /// three or more seats, paranoid otherwise (two seats: plain minimax; teams).
    pub fn default_for(v: &Variant) -> Method {
        let n = v.seat_count();
        let ffa =
            n > 2 && (0..n as Seat).all(|a| (0..n as Seat).all(|b| a == b || !v.allied(a, b)));
        if ffa {
            Method::Brs
        } else {
            Method::Paranoid
        }
    }

    /// The letter of `rookery match --players` (`p` paranoid, `b` BRS+).
    pub fn from_letter(c: char) -> Option<Method> {
        match c {
            'p' => Some(Method::Paranoid),
            'b' => Some(Method::Brs),
            _ => None,
        }
    }
}

/// The number of sides of `v`: its seats counted with partners as one (two players and
/// two teams: 2; free for all: the seats).
pub fn sides(v: &Variant) -> usize {
    let n = v.seat_count() as Seat;
    (0..n).filter(|&s| (0..s).all(|t| !v.allied(t, s))).count()
}

/// Deepest quiescence for a game of `sides` sides ([`sides`]): 8 actions for two (two
/// players, or two teams whose seats alternate), 2 for more (every seat's
/// captures multiply the tree: at 4, a first iteration of eight-player chess cost about
/// 27,000 nodes, a third of the whole budget of a level; in four-player chess BRS+'s third
/// iteration (the bot's second move) cost 282,000 nodes at 4 and 63,000 at 2, so level 8
/// never finished it in its second; measured: level 8 against three level-2 bots, 50 games
/// at 50,000 nodes a move, won 37 at 4 and 44 at 2).
pub(super) fn quiescence_depth(sides: usize) -> usize {
    match sides {
        0..=2 => 8,
        _ => QUIESCENCE_MANY,
    }
}

/// See [`quiescence_depth`].
const QUIESCENCE_MANY: usize = 2;

/// BRS+: centipawns per point the bot's side scores, per ply before [`EARLY_HORIZON`] at
/// which it scores them. Points taken now are sure; the same points later depend on
/// opponents the search moves by default (BRS+) and on a move limit that may end the game
/// first, so the search takes a gain now over the same gain later: a point scored by the
/// bot's first move is worth 128 cp instead of 100, by its fourth move (ply 7) 104.
pub(super) const EARLY_POINTS: i32 = 4;
/// See [`EARLY_POINTS`].
const EARLY_HORIZON: usize = 8;

/// The bonus of `points` scored by the action that leads to the node at `ply`.
fn early_bonus(points: i32, ply: usize) -> i32 {
    points * EARLY_POINTS * EARLY_HORIZON.saturating_sub(ply) as i32
}

/// BRS+: a replier searches at most this many quiet moves per ply of depth left (the first
/// by the ordering: table move, killers, history).
const REPLIER_QUIETS_PER_DEPTH: i32 = 4;

/// BRS+: the bot's own nodes at this depth or less prune as a two-player search does near
/// its leaves (in a null window, not in check): reverse futility (the static value this far
/// above beta per ply of depth returns), futility (quiet moves of a node this far below alpha
/// per ply are skipped) and late-move pruning (quiet moves after the first
/// `BOT_LMP_MOVES + 2 × depth²` by the ordering are skipped). Four positions of `rookery bench
/// bot --plies 16|30|44|60 --level 8 --depth D`, with the delta pruning of quiescence: four-player depth 5 292,451 →
/// 143,267 nodes, three-player depth 6 1,080,845 → 325,886.
const BOT_PRUNE_DEPTH: i32 = 2;
/// See [`BOT_PRUNE_DEPTH`].
const BOT_RFP_MARGIN: i32 = 100;
/// See [`BOT_PRUNE_DEPTH`].
const BOT_FUTILITY_MARGIN: i32 = 100;
/// See [`BOT_PRUNE_DEPTH`].
const BOT_LMP_MOVES: i32 = 3;

/// A value that is a decided game (a win or loss at a distance), not an evaluation.
fn decided(v: i32) -> bool {
    v.abs() >= WIN - 4 * MAX_PLY as i32
}

impl<'a> Search<'a> {
    /// Whether `a` takes a grey piece (a player's army after it went out) and promotes
    /// nothing: it scores nothing and changes no seat's material, so quiescence skips it and
    /// the move ordering treats it as a quiet move.
    pub(super) fn grey_capture(&self, a: &Action) -> bool {
        let Action::Move(m) = a else { return false };
        let pos = self.tree.position();
        m.promo == 0 && pos.at(m.to).is_grey() && pos.is_capture(m)
    }

    /// Whether `a` takes a piece of the bot's side or promotes.
    pub(super) fn takes_from_bot(&self, a: &Action) -> bool {
        let Action::Move(m) = a else { return false };
        let pos = self.tree.position();
        m.promo != 0
            || pos
                .captured_piece(*m)
                .is_some_and(|(_, p)| p.is_seated() && pos.variant.allied(p.owner(), self.me))
    }

    /// Whether an opponent free to reply (in play, its king not walking) moves after `turn`
    /// and before the next turn of the bot or a partner.
    fn later_replier(&self, turn: Seat) -> bool {
        let pos = self.tree.position();
        let v = pos.variant;
        let mut s = turn;
        for _ in 0..v.seat_count() {
            s = pos.next_seat(s);
            if s == turn || v.allied(s, self.me) {
                return false;
            }
            if pos.walking >> s & 1 == 0 {
                return true;
            }
        }
        false
    }

    /// Whether the move `a` checks the bot's king (in a game with check).
    fn checks_bot(&mut self, a: &Action) -> bool {
        let Action::Move(m) = *a else { return false };
        if !self.has_check || self.tree.position().king(self.me).is_none() {
            return false;
        }
        let me = self.me;
        let pos = self.tree.position_mut();
        let u = pos.make_probe(m);
        let check = pos.in_check(me);
        pos.unmake(m, &u);
        check
    }

    /// The points of the bot's side (its seat and its partners).
    fn side_points(&self) -> i32 {
        let pos = self.tree.position();
        let v = pos.variant;
        (0..v.seat_count())
            .filter(|&s| v.allied(s as Seat, self.me))
            .map(|s| pos.scores[s])
            .sum()
    }

    /// `a` applied, the node below it searched (`ply`: the child's), `a` undone; points the
    /// bot's side scores with `a` add their [`early_bonus`] to every value below.
    pub(super) fn brs_child(
        &mut self,
        a: Action,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        open: bool,
    ) -> i32 {
        self.nodes += 1;
        let before = self.side_points();
        self.tree.step(a);
        let bonus = early_bonus(self.side_points() - before, ply);
        self.early += bonus;
        let v = self.brs(depth, alpha, beta, ply, open);
        self.early -= bonus;
        self.tree.undo();
        v
    }

    /// A value as the table keeps it: decided values as distances from the node, others
    /// without the bonus of the line that led here (a transposition may come by another).
    fn brs_to_tt(&self, v: i32, ply: usize) -> i32 {
        if decided(v) {
            super::to_tt(v, ply)
        } else {
            v - self.early
        }
    }

    /// The inverse of [`Search::brs_to_tt`] at this node.
    fn brs_from_tt(&self, v: i32, ply: usize) -> i32 {
        if decided(v) {
            super::from_tt(v, ply)
        } else {
            v + self.early
        }
    }

    /// A node of BRS+. `open`: no opponent of this layer has replied yet.
    pub(super) fn brs(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        open: bool,
    ) -> i32 {
        if let Some(v) = self.settled(ply) {
            return v;
        }
        let pos = self.tree.position();
        let turn = pos.turn();
        let maxing = pos.variant.allied(turn, self.me);
        let replier = !maxing && open && pos.walking >> turn & 1 == 0;
        // the bot and the replier are extended in check, as in paranoid: a check must be
        // answered, and a quiescence that stands pat in check would count a double check as a
        // free gain (a forced seat plays its default move: extending it would deepen all below)
        let in_check =
            (maxing || replier) && self.has_check && pos.king(turn).is_some() && pos.in_check(turn);
        // a replier that passes hands the layer on unextended: its extra ply, carried along
        // the passes, would come back round to the bot as a whole second layer (at eight
        // seats depth 1 became hundreds of thousands of nodes)
        let unextended = depth;
        let depth = if in_check && ply < MAX_PLY / 2 {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            let e = self.early;
            return self.quiesce(alpha - e, beta - e, ply, 0) + e;
        }
        let forced = !maxing && !replier;
        let key = self.tt_key();
        let slot = (key as usize) & (super::TT_SIZE - 1);
        let mut tt_move = None;
        if !forced {
            let e = self.tt[slot];
            if e.key == key {
                tt_move = e.best;
                if e.depth as i32 >= depth {
                    let v = self.brs_from_tt(e.value, ply);
                    match e.bound {
                        0 => return v,
                        1 if v >= beta => return v,
                        2 if v <= alpha => return v,
                        _ => {}
                    }
                }
            }
        }
        // the bot's own node just before the leaves, proving a null window: its static value
        // (reverse futility; futility and late-move pruning of its quiet moves below)
        let stand = (maxing
            && !in_check
            && depth <= BOT_PRUNE_DEPTH
            && beta - alpha == 1
            && alpha.abs() < WIN - 100
            && beta.abs() < WIN - 100
            && !self.royal_en_prise())
        .then(|| self.static_value() + self.early);
        if let Some(st) = stand {
            if st - BOT_RFP_MARGIN * depth >= beta {
                return st - BOT_RFP_MARGIN * depth;
            }
        }
        let futile = stand.is_some_and(|st| st + BOT_FUTILITY_MARGIN * depth <= alpha);
        let mut actions = self.list();
        self.tree.actions(&mut actions);
        if actions.is_empty() {
            self.give_back(actions);
            return 0;
        }
        self.order(&mut actions, tt_move, ply);
        let first = actions[0];
        if forced {
            // the default move of a seat that does not reply in this layer
            self.give_back(actions);
            return self.brs_child(first, depth, alpha, beta, ply + 1, open);
        }
        // (action, depth of the child, the child's layer still open)
        let pass = replier && self.later_replier(turn);
        let mut children: Vec<(Action, i32, bool)> =
            actions.iter().map(|&a| (a, depth - 1, maxing)).collect();
        self.give_back(actions);
        if pass {
            children.push((first, unextended, true));
        }
        let (a0, b0) = (alpha, beta);
        let mut best = if maxing { -WIN - 1 } else { WIN + 1 };
        let mut best_move = None;
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let mut quiets = 0;
        for (i, (a, d, o)) in children.into_iter().enumerate() {
            let quiet = o == maxing
                && match a {
                    Action::Move(m) => {
                        let pos = self.tree.position();
                        !pos.is_capture(&m)
                            && m.promo == 0
                            && Some(m) != tt_move
                            && !killers.contains(&Some(m))
                    }
                    _ => false,
                };
            // an opponent's quiet reply at the frontier only moves its own piece before the
            // leaf: it takes nothing of the bot's, and quiescence cannot follow up a threat
            // it makes, so its value is the default move's give or take a square's worth
            // (except a check on the bot by the last replier, the bot's turn next: with
            // another seat's check or guard it may mate, and the bot's extended node sees it)
            // the bot's quiet moves near the leaves of a node far below its bound, or late in
            // the order (once a move that does not lose is in hand: pruning the only defence
            // against a mate would claim a mate that is not forced)
            if stand.is_some()
                && quiet
                && i > 0
                && best > -WIN + 100
                && (futile || i as i32 >= BOT_LMP_MOVES + 2 * depth * depth)
            {
                continue;
            }
            if replier && i > 0 && !in_check && o == maxing {
                if depth == 1
                    && (quiet || !self.takes_from_bot(&a))
                    && (pass || !self.checks_bot(&a))
                {
                    continue;
                }
                if quiet {
                    quiets += 1;
                    if quiets > REPLIER_QUIETS_PER_DEPTH * depth && !self.checks_bot(&a) {
                        continue;
                    }
                }
            }
            let v = if i == 0 {
                self.brs_child(a, d, alpha, beta, ply + 1, o)
            } else {
                let r = if depth >= 3 && i >= 3 && quiet && !in_check {
                    1
                } else {
                    0
                };
                let (lo, hi) = if maxing {
                    (alpha, alpha + 1)
                } else {
                    (beta - 1, beta)
                };
                let improves = |v: i32| if maxing { v > alpha } else { v < beta };
                let mut v = self.brs_child(a, d - r, lo, hi, ply + 1, o);
                if r > 0 && improves(v) && !self.stopped {
                    v = self.brs_child(a, d, lo, hi, ply + 1, o);
                }
                if v > alpha && v < beta && beta - alpha > 1 && !self.stopped {
                    v = self.brs_child(a, d, alpha, beta, ply + 1, o);
                }
                v
            };
            if self.stopped {
                return 0;
            }
            let better = if maxing { v > best } else { v < best };
            if better {
                best = v;
                best_move = match a {
                    Action::Move(m) if o == maxing => Some(m),
                    _ => None,
                };
            }
            if maxing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if let (Action::Move(m), true) = (a, o == maxing) {
                    let pos = self.tree.position();
                    if !pos.is_capture(&m) && m.promo == 0 {
                        let k = &mut self.killers[ply];
                        if k[0] != Some(m) {
                            k[1] = k[0];
                            k[0] = Some(m);
                        }
                        self.history[history_slot(m)] += depth * depth;
                    }
                }
                break;
            }
        }
        let bound = if best <= a0 {
            2
        } else if best >= b0 {
            1
        } else {
            0
        };
        self.tt[slot] = super::Entry {
            key,
            value: self.brs_to_tt(best, ply),
            depth: depth as i8,
            bound,
            best: best_move,
        };
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::Limits;
    use super::*;
    use crate::bot::Bot;
    use crate::game::Game;
    use std::sync::atomic::AtomicBool;

    /// BRS+ at eight seats prunes the frontier replies that cannot touch the bot (an
    /// opponent's quiet move or capture of a third seat just before the leaf, and in
    /// quiescence an opponent's capture of a third seat), so a fourth ply (the bot, a layer,
    /// the bot, a layer) fits in a level's budget. After the 40 random plies of `rookery bench
    /// bot --games eight-player-ffa --plies 40 --depth 4`, depth 4 cost 6.0 million nodes
    /// before and 68,000 after.
    #[test]
    fn best_reply_search_reaches_a_fourth_ply_at_eight_seats_within_a_move_budget() {
        let found = search_after_walk("eight-player-ffa", 40, 4, 400_000);
        assert_eq!(found.depth, 4, "{} nodes", found.nodes);
    }

    /// The search of `id` to `depth` within `nodes`, after `plies` random actions of a simple
    /// bot (the position `rookery bench bot --games ID --plies N` searches).
    fn search_after_walk(id: &str, plies: usize, depth: u8, nodes: u64) -> super::super::Found {
        let mut g = Game::new(id).unwrap();
        let cancel = AtomicBool::new(false);
        let walker = crate::bot::simple_bot(0, 7);
        for _ in 0..plies {
            let a = walker.choose(&g, &cancel).unwrap();
            g.act(a).unwrap();
        }
        let lim = Limits {
            depth,
            nodes: Some(nodes),
            time: None,
        };
        Search::new(&g, lim, &cancel).run()
    }

    /// BRS+ prunes the bot's own quiet moves near the leaves ([`BOT_PRUNE_DEPTH`]) and the
    /// captures of quiescence that cannot reach the bound (delta pruning), so the top levels
    /// of three- and four-player chess search a ply deeper within their caps. After the 30
    /// random plies of `rookery bench bot --games G --level 8 --plies 30 --depth D`:
    /// four-player depth 6 cost 659,228 nodes before and 263,889 after, three-player depth 7
    /// 3,582,746 before and 486,133 after.
    #[test]
    fn the_bots_own_moves_near_the_leaves_are_pruned_so_three_and_four_player_search_a_ply_deeper()
    {
        for (id, depth, budget) in [
            ("four-player-ffa", 6, 400_000),
            ("three-player", 7, 800_000),
        ] {
            let found = search_after_walk(id, 30, depth, budget);
            assert_eq!(found.depth, depth, "{id}: {} nodes", found.nodes);
        }
    }
}
