//! The game's own move tree, walked with make/unmake: what a search (bots, perft) sees.
//!
//! A [`Tree`] starts from a [`Game`] and applies actions exactly as [`Game::act`] judges them
//! (the family's `after_action`: scores, players going out, armies handed over, mates decided
//! at the family's moment, draws, the move limit; walking kings' automatic moves), but keeps no
//! position per node: every change is journaled in the one [`Position`] and undone by
//! [`Tree::undo`]. So a search sees who won, who is out and who scored, and `Tree::perft`
//! counts the same tree as the game (checked in the tests below and by
//! `tests/multiplayer_perft.rs`).
//!
//! Cost per action beyond `make`: one copy of the position into a scratch slot per depth
//! where the rules compare the position before and after an action
//! ([`rules::reads_before`]; chess's do not) and the family's judgement.
//! Families whose judgement reads the game's record (`Hooks::record`: eight-player chess's
//! mate credit) also keep a ply with a copy of the position per depth.
//!
//! The judgement after a move asks, in most games, whether the side to move is in check (its
//! end test: has it a legal move?). In games of two seats where no move may leave the own
//! king attacked and attacks run along lines, leaps without legs and pawn captures
//! ([`Tree::quick_check`]), the seat that just moved is never in check, so the seat to move
//! was not in check before the move, and the move's two cells decide whether it is now
//! ([`Position::attacked_after_move`]): a step tells the position's check memo that answer
//! before the judgement asks it.

use crate::game::{walk_kings, Action, Ctx, Event, Game, HouseRules, Outcome, Ply, Record};
use crate::position::{Checkpoint, Move, MoveKind, Position, Undo};
use crate::rules;
use crate::variant::{KingTake, Variant};

/// One applied action: how to take it back.
struct Frame {
    checkpoint: Checkpoint,
    /// The moves made (the action's own and walking kings'), in order.
    made: Vec<(Move, Undo)>,
    /// The outcome before the action (None: the game was going on).
    outcome: Option<Outcome>,
    history_len: usize,
}

/// A game line a search walks (see the module documentation).
pub struct Tree {
    pos: Position,
    start: Position,
    /// The game's plies (and the path's, where the rules read the record).
    record: Vec<Ply>,
    keep_record: bool,
    /// Hashes of the positions before the current one, oldest first.
    history: Vec<u64>,
    house: HouseRules,
    seed: u64,
    auto_walk: bool,
    /// Actions applied in the game and on the path.
    ply: usize,
    outcome: Option<Outcome>,
    frames: Vec<Frame>,
    /// Per depth, the position before the action (`Ctx::before`), where the rules read it
    /// (`copy_before`).
    scratch: Vec<Position>,
    /// The rules read `Ctx::before` ([`rules::reads_before`]): each step copies the position
    /// before it into `scratch`. Elsewhere `Ctx::before` is the game's start, and a step
    /// copies nothing.
    copy_before: bool,
    events: Vec<Event>,
    /// The moves of [`Tree::actions`] and [`Tree::captures`] before they become actions (kept
    /// so no node allocates a list).
    moves: Vec<Move>,
    /// Emptied [`Frame::made`] lists, reused by [`Tree::step`] so a step allocates nothing.
    spare: Vec<Vec<(Move, Undo)>>,
    /// The game is one where a step can tell the check memo ([`Tree::quick_check`]).
    quick: bool,
    /// Where [`Tree::quick`], per node of the path (the root first): whether the seat not
    /// to move there is known not to be in check (empty elsewhere).
    calm: Vec<bool>,
}

impl Tree {
    /// The tree below the game's current position.
    pub fn new(game: &Game) -> Tree {
        let mut pos = game.position().clone();
        pos.forget_undo();
        let keep_record = game.variant.hooks.record;
        let mut history = Vec::with_capacity(game.ply_count() + 64);
        history.push(game.start.hash());
        history.extend(game.plies().iter().map(|p| p.after.hash()));
        history.pop(); // the current position is not "before" itself
        let quick = Tree::quick_check(game.variant);
        let calm = quick && pos.st.step == 0 && pos.st.phase == 0 && {
            let other = pos.next_seat(pos.turn());
            other != pos.turn() && pos.king(other).is_some_and(|k| !pos.attacked(k, other))
        };
        Tree {
            start: game.start.clone(),
            record: if keep_record {
                game.plies().to_vec()
            } else {
                Vec::new()
            },
            keep_record,
            history,
            house: game.house.clone(),
            seed: game.seed,
            auto_walk: game.auto_walk,
            ply: game.ply_count(),
            outcome: game.outcome().cloned(),
            frames: Vec::new(),
            scratch: Vec::new(),
            copy_before: rules::reads_before(game.variant),
            events: Vec::new(),
            moves: Vec::with_capacity(128),
            spare: Vec::new(),
            quick,
            calm: if quick { vec![calm] } else { Vec::new() },
            pos,
        }
    }

    /// Whether a step of this game can tell whether the seat to move is in check from the
    /// move's cells alone: two seats, no move may leave the own king attacked (taking a king
    /// included), one step per turn, effects of moves that leave the board alone, and
    /// attacks along lines, by leaps without legs and by pawn captures (no hoppers).
    fn quick_check(v: &Variant) -> bool {
        v.seat_count() == 2
            && v.royal_check
            && v.king_take == KingTake::Guarded
            && v.steps_per_turn == 1
            && !v.hooks.verify_all
            && (!v.hooks.effects || v.hooks.effects_keep_board)
            && !v.has_legs
            && !v.has_hoppers
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The current position for edits that are undone before the next step (static
    /// exchange evaluation puts pieces and puts them back; the record does not see them).
    pub(crate) fn position_mut(&mut self) -> &mut Position {
        &mut self.pos
    }

    /// The outcome at the current node (None while the game goes on).
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Actions applied since the tree's root.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Whether the current position stood before, on the game's line or the path, within the
    /// last `window` actions (a search scores such a node as a draw: the side that repeats
    /// could repeat again). Linear in `window`.
    pub fn repeated(&self, window: usize) -> bool {
        let h = self.pos.hash();
        self.history.iter().rev().take(window).any(|&x| x == h)
    }

    /// What the repetition of the current position comes to by the game's rules (call where
    /// [`Tree::repeated`]): `None` a draw ([`crate::rules::Rules::repeated`]).
    pub fn repetition_outcome(&self) -> Option<Outcome> {
        rules::repeated(&self.pos, &self.history)
    }

    /// The events of the last action applied (scores, outs, walks), for evaluation.
    pub fn last_events(&self) -> &[Event] {
        &self.events
    }

    /// The actions open at this node, as [`Game`] offers them: none once the game is over,
    /// the pending choices where the players must choose, else the legal moves.
    pub fn actions(&mut self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let choices = rules::choices(&self.pos);
        if !choices.is_empty() {
            out.extend(choices.into_iter().map(Action::Choose));
            return;
        }
        self.pos.legal_into(&mut self.moves);
        out.extend(self.moves.iter().copied().map(Action::Move));
    }

    /// The moves open at this node that capture or promote ([`Position::legal_captures_into`]):
    /// what quiescence searches. None once the game is over or where the players must choose.
    pub fn captures(&mut self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() || !rules::choices(&self.pos).is_empty() {
            return;
        }
        self.pos.legal_captures_into(&mut self.moves);
        out.extend(self.moves.iter().copied().map(Action::Move));
    }

    /// Applies an action open at this node (see [`Tree::actions`]; it is not checked again).
    pub fn step(&mut self, action: Action) {
        let depth = self.frames.len();
        if !self.copy_before {
            // nothing to copy: the rules do not read the position before
        } else if self.scratch.len() <= depth {
            self.scratch.push(self.pos.clone());
        } else {
            self.scratch[depth].copy_from(&self.pos);
        }
        let hash_before = self.pos.hash();
        let checkpoint = self.pos.checkpoint();
        let history_len = self.history.len();
        let mover = self.pos.turn();
        let mut made = self.spare.pop().unwrap_or_default();
        if let Action::Move(m) = action {
            made.push((m, self.pos.make(m)));
        }
        let calm = if self.quick {
            self.tell_check(action, mover)
        } else {
            false
        };
        // (the hash after the move only where the check memo reads it)
        let hash_made = self.quick.then(|| self.pos.hash());
        self.history.push(hash_before);
        let mut outcome = self.judge(action, depth);
        // (a king walks only for a seat whose bit is set: none, nothing to walk)
        if self.auto_walk && self.pos.walking != 0 {
            let rec = Record {
                house: &self.house,
                seed: self.seed,
                ply: self.ply,
                start: &self.start,
                earlier: &self.record,
            };
            outcome = walk_kings(
                &rec,
                &mut self.pos,
                &mut self.history,
                &mut self.events,
                outcome,
                &mut |m, u| made.push((m, u)),
            );
        }
        // walked positions count for this action's judgement only (as in `Game::act`)
        self.history.truncate(history_len + 1);
        if self.keep_record {
            self.record.push(Ply {
                action,
                text: String::new(),
                mover,
                after: self.pos.clone(),
                events: self.events.clone(),
                outcome: outcome.clone(),
            });
        }
        self.ply += 1;
        if self.quick {
            // (a judgement that changed the board leaves the mover's check unknown)
            self.calm.push(calm && Some(self.pos.hash()) == hash_made);
        }
        let before_outcome = std::mem::replace(&mut self.outcome, outcome);
        self.frames.push(Frame {
            checkpoint,
            made,
            outcome: before_outcome,
            history_len,
        });
    }

    /// The rules' judgement of `action`, just made at frame `depth` (its events in
    /// `self.events`): the position before it is the scratch copy of that depth where the
    /// rules read it (`copy_before`), else the start.
    fn judge(&mut self, action: Action, depth: usize) -> Option<Outcome> {
        self.events.clear();
        let before = if self.copy_before {
            &self.scratch[depth]
        } else {
            &self.start
        };
        let mut ctx = Ctx {
            before,
            action,
            pos: &mut self.pos,
            history: &self.history,
            events: &mut self.events,
            house: &self.house,
            seed: self.seed,
            ply: self.ply,
            start: &self.start,
            earlier: &self.record,
        };
        rules::after_action(&mut ctx)
    }

    /// What `look` sees of the node after `action` (its position and outcome), the action
    /// taken back: [`Tree::step`], `look` and [`Tree::undo`], without the step's frame where
    /// the rules read neither the position before nor the record (a search asks this of most
    /// quiet moves it prunes: does it check, does it end the game?). Where the judgement
    /// hands a walking king the turn, the action is stepped into after all.
    pub fn probe<R>(
        &mut self,
        action: Action,
        look: impl FnOnce(&Position, Option<&Outcome>) -> R,
    ) -> R {
        if self.copy_before || self.keep_record {
            return self.stepped(action, look);
        }
        let hash_before = self.pos.hash();
        let checkpoint = self.pos.checkpoint();
        let history_len = self.history.len();
        let mover = self.pos.turn();
        let made = match action {
            Action::Move(m) => Some((m, self.pos.make(m))),
            _ => None,
        };
        if self.quick {
            self.tell_check(action, mover);
        }
        self.history.push(hash_before);
        let outcome = self.judge(action, self.frames.len());
        if self.auto_walk && self.pos.walking != 0 {
            self.take_back(made, &checkpoint, history_len);
            return self.stepped(action, look);
        }
        let seen = look(&self.pos, outcome.as_ref());
        self.take_back(made, &checkpoint, history_len);
        seen
    }

    /// Takes back what [`Tree::probe`] made.
    fn take_back(
        &mut self,
        made: Option<(Move, Undo)>,
        checkpoint: &Checkpoint,
        history_len: usize,
    ) {
        if let Some((m, u)) = made {
            self.pos.unmake(m, &u);
        }
        self.pos.rollback(checkpoint);
        self.history.truncate(history_len);
    }

    /// [`Tree::probe`] by a whole step and its undo.
    fn stepped<R>(
        &mut self,
        action: Action,
        look: impl FnOnce(&Position, Option<&Outcome>) -> R,
    ) -> R {
        self.step(action);
        let r = look(&self.pos, self.outcome.as_ref());
        self.undo();
        r
    }

    /// Where [`Tree::quick`], after `mover`'s `action` is made (before the judgement): the
    /// seat not to move before it (the seat to move now) was not in check, and the mover is
    /// not (its move was legal), so the move's cells tell the position's check memo whether
    /// the seat to move is now, for the judgement's end test. Whether the mover is known not
    /// to be in check (the new node's [`Tree::calm`]).
    #[inline(never)]
    fn tell_check(&mut self, action: Action, mover: crate::piece::Seat) -> bool {
        let Action::Move(m) = action else {
            return false;
        };
        let to_move = self.pos.turn();
        let passed = to_move != mover && self.pos.st.step == 0 && self.pos.st.phase == 0;
        let plain = matches!(m.kind, MoveKind::Normal | MoveKind::Double | MoveKind::Drop);
        if passed && plain && self.calm.last() == Some(&true) {
            if let Some(k) = self.pos.king(to_move) {
                let attacked = self.pos.attacked_after_move(k, to_move, m.from, m.to);
                self.pos.know_check(to_move, k, attacked);
            }
        }
        passed && (m.is_board_move() || m.kind == MoveKind::Drop)
    }

    /// A null move for the search (not a move of any game): the side to move passes the turn
    /// to the next seat and every en passant chance closes. Nothing else is judged; the node
    /// keeps its outcome. Take it back with [`Tree::undo_null`] before any other undo.
    pub fn null_step(&mut self) -> Checkpoint {
        let cp = self.pos.checkpoint();
        if self.quick {
            // the seat that passes is the seat not to move next: calm where not in check
            let s = self.pos.turn();
            let calm = self.pos.st.step == 0 && self.pos.king(s).is_some() && !self.pos.in_check(s);
            self.calm.push(calm);
        }
        for s in 0..self.pos.variant.seat_count() as u8 {
            self.pos.clear_ep(s);
        }
        let next = self.pos.next_seat(self.pos.turn());
        self.pos.set_turn(next);
        cp
    }

    /// Takes back a [`Tree::null_step`].
    pub fn undo_null(&mut self, cp: &Checkpoint) {
        self.pos.rollback(cp);
        if self.quick {
            self.calm.pop();
        }
    }

    /// Takes back the last action applied by [`Tree::step`]; false at the root.
    pub fn undo(&mut self) -> bool {
        let Some(f) = self.frames.pop() else {
            return false;
        };
        for (m, u) in f.made.iter().rev() {
            self.pos.unmake(*m, u);
        }
        self.pos.rollback(&f.checkpoint);
        self.history.truncate(f.history_len);
        if self.quick {
            self.calm.pop();
        }
        if self.keep_record {
            self.record.pop();
        }
        self.ply -= 1;
        self.outcome = f.outcome;
        let mut made = f.made;
        made.clear();
        self.spare.push(made);
        true
    }

    /// Leaves of the game's own tree to `depth` actions (see [`Game::perft`]).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut actions = Vec::new();
        self.actions(&mut actions);
        if depth == 1 {
            return actions.len() as u64;
        }
        let mut n = 0;
        for a in actions {
            self.step(a);
            n += self.perft(depth - 1);
            self.undo();
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;

    /// The old way: `Game::act` and `Game::undo` (a position stored per ply).
    fn game_perft(g: &mut Game, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions: Vec<Action> = if !g.choices().is_empty() {
            g.choices().into_iter().map(Action::Choose).collect()
        } else {
            g.legal_moves().into_iter().map(Action::Move).collect()
        };
        if depth == 1 {
            return actions.len() as u64;
        }
        let mut n = 0;
        for a in actions {
            g.act(a).unwrap();
            n += game_perft(g, depth - 1);
            g.undo().unwrap();
        }
        n
    }

    /// Plays `plies` seeded random actions in the game and in the tree side by side: after
    /// every action both hold the same position (hash recomputed from scratch too), outcome,
    /// seats and scores, and undoing the tree restores every earlier position exactly.
    fn walk_alongside(id: &str, seed: u64, plies: usize) {
        let mut g = Game::with_options(id, HouseRules::default(), seed, None).unwrap();
        let mut t = Tree::new(&g);
        let mut seen = vec![t.position().clone()];
        let mut actions = Vec::new();
        for i in 0..plies {
            t.actions(&mut actions);
            if actions.is_empty() {
                assert!(
                    g.is_over(),
                    "{id}: the tree has no action but the game goes on"
                );
                break;
            }
            let mut a =
                actions[(rules::multi::prng(seed, i as u64) % actions.len() as u64) as usize];
            // now and then a player resigns (walking kings, outs, ends by resignation)
            if i % 60 == 30 {
                let p = g.position();
                if let Some(s) = (0..p.variant.seat_count() as u8)
                    .find(|&s| p.is_in_play(s) && p.walking >> s & 1 == 0)
                {
                    a = Action::Resign(s);
                }
            }
            g.act(a).unwrap();
            t.step(a);
            let (gp, tp) = (g.position(), t.position());
            assert_eq!(
                gp, tp,
                "{id} seed {seed} ply {i}: positions differ after {a:?}"
            );
            assert_eq!(tp.hash(), tp.compute_hash(), "{id} ply {i}: hash");
            assert_eq!(g.outcome(), t.outcome(), "{id} ply {i}: outcome");
            seen.push(tp.clone());
        }
        while t.depth() > 0 {
            seen.pop();
            t.undo();
            assert_eq!(t.position(), seen.last().unwrap(), "{id}: undo");
            assert_eq!(t.position().hash(), t.position().compute_hash());
        }
    }

    /// A tree whose rules do not read the position before an action
    /// ([`rules::reads_before`]: it copies none) judges every action as a tree that copies
    /// it: the same position, outcome and events after each action open, in random positions
    /// of every playable game.
    #[test]
    fn a_step_without_the_copy_before_judges_as_a_step_with_it() {
        let mut uncopied = 0;
        for info in rules::catalogue().iter().filter(|i| i.playable) {
            for seed in 1..=2u64 {
                let mut g = Game::with_options(info.id, HouseRules::default(), seed, None).unwrap();
                let mut acts = Vec::new();
                for i in 0..120u64 {
                    let mut fast = Tree::new(&g);
                    let mut slow = Tree::new(&g);
                    slow.copy_before = true;
                    uncopied += !fast.copy_before as usize;
                    fast.actions(&mut acts);
                    if acts.is_empty() {
                        break;
                    }
                    for &a in &acts {
                        fast.step(a);
                        slow.step(a);
                        let id = info.id;
                        assert_eq!(fast.position(), slow.position(), "{id} {a:?}");
                        assert_eq!(fast.position().hash(), slow.position().hash());
                        assert_eq!(fast.outcome(), slow.outcome(), "{id} {a:?}");
                        assert_eq!(fast.last_events(), slow.last_events(), "{id} {a:?}");
                        fast.undo();
                        slow.undo();
                    }
                    let a = acts[(rules::multi::prng(seed ^ 7, i) % acts.len() as u64) as usize];
                    g.act(a).unwrap();
                    if g.is_over() {
                        break;
                    }
                }
            }
        }
        assert!(
            uncopied > 0,
            "no game steps without the copy: nothing tested"
        );
    }

    /// A probe ([`Tree::probe`]) sees what a step sees (the position, its hash, the outcome
    /// and every seat's check) and leaves the tree as it was, for each action open in seeded
    /// random games of every playable game, a resignation now and then (walking kings).
    #[test]
    fn a_probe_sees_what_a_step_sees_and_leaves_the_tree_as_it_was() {
        let seen = |p: &Position, o: Option<&Outcome>| {
            let checks: Vec<bool> = (0..p.variant.seat_count() as u8)
                .map(|s| p.king(s).is_some() && p.in_check(s))
                .collect();
            (p.clone(), p.hash(), o.cloned(), checks)
        };
        let mut light = 0;
        for info in rules::catalogue().iter().filter(|i| i.playable) {
            for seed in 1..=2u64 {
                let g = Game::with_options(info.id, HouseRules::default(), seed, None).unwrap();
                let mut t = Tree::new(&g);
                let mut acts = Vec::new();
                for i in 0..120u64 {
                    t.actions(&mut acts);
                    if acts.is_empty() {
                        break;
                    }
                    light += !(t.copy_before || t.keep_record) as usize;
                    let (before, history) = (t.position().clone(), t.history.clone());
                    for &a in &acts {
                        let probed = t.probe(a, seen);
                        assert_eq!(t.position(), &before, "{}: {a:?} taken back", info.id);
                        assert_eq!(t.history, history, "{}: history", info.id);
                        let stepped = t.stepped(a, seen);
                        assert_eq!(probed, stepped, "{} seed {seed} ply {i}: {a:?}", info.id);
                    }
                    let mut a =
                        acts[(rules::multi::prng(seed ^ 11, i) % acts.len() as u64) as usize];
                    if i % 60 == 30 {
                        let p = t.position();
                        if let Some(s) = (0..p.variant.seat_count() as u8)
                            .find(|&s| p.is_in_play(s) && p.walking >> s & 1 == 0)
                        {
                            a = Action::Resign(s);
                        }
                    }
                    t.step(a);
                }
            }
        }
        assert!(light > 0, "no game probes without a step: nothing tested");
    }

    /// What a step tells the check memo ([`Tree::quick_check`]) is what a walk of every
    /// attacker finds: after each action open in seeded random games of every playable game,
    /// and after the moves open below a null step, the side to move's check (from the memo)
    /// is `attacked` of its king.
    #[test]
    fn a_steps_word_on_check_is_what_the_attackers_say() {
        let truth = |t: &Tree| {
            let p = t.position();
            let s = p.turn();
            if let Some(k) = p.king(s) {
                assert_eq!(p.in_check(s), p.attacked(k, s), "{}", p.variant.id);
            }
        };
        let mut told = 0;
        for info in rules::catalogue().iter().filter(|i| i.playable) {
            for seed in 1..=3u64 {
                let g = Game::with_options(info.id, HouseRules::default(), seed, None).unwrap();
                let mut t = Tree::new(&g);
                let (mut acts, mut below) = (Vec::new(), Vec::new());
                for i in 0..160u64 {
                    t.actions(&mut acts);
                    if acts.is_empty() {
                        break;
                    }
                    for &a in &acts {
                        told += (t.quick && t.calm.last() == Some(&true)) as usize;
                        t.step(a);
                        truth(&t);
                        t.undo();
                    }
                    if i % 10 == 5 && t.outcome().is_none() {
                        let cp = t.null_step();
                        t.actions(&mut below);
                        for &a in &below {
                            t.step(a);
                            truth(&t);
                            t.undo();
                        }
                        t.undo_null(&cp);
                    }
                    let a = acts[(rules::multi::prng(seed ^ 5, i) % acts.len() as u64) as usize];
                    t.step(a);
                    truth(&t);
                }
            }
        }
        assert!(told > 50_000, "{told}");
    }

    #[test]
    fn the_tree_walks_every_playable_game_as_the_game_does() {
        for info in rules::catalogue().iter().filter(|i| i.playable) {
            for seed in 1..=6 {
                walk_alongside(info.id, seed, 400);
            }
        }
    }

    #[test]
    fn tree_perft_equals_the_games_own_tree_near_the_start() {
        for (id, depth) in [
            ("chess", 3),
            ("three-player", 3),
            ("four-player-ffa", 3),
            ("four-player-teams", 3),
            ("chaturaji", 3),
            ("four-seasons", 3),
            ("eight-player-ffa", 2),
            ("eight-player-teams", 2),
        ] {
            let mut g = Game::new(id).unwrap();
            assert_eq!(
                Tree::new(&g).perft(depth),
                game_perft(&mut g, depth),
                "{id} depth {depth}"
            );
        }
    }

    /// Deep in random games (where players are out, armies grey or handed over, walking kings
    /// and pending choices occur), the tree below each position equals the game's own.
    #[test]
    fn tree_perft_equals_the_games_own_tree_in_random_games() {
        for info in rules::catalogue().iter().filter(|i| i.playable) {
            for seed in 1..=4u64 {
                let mut g = Game::with_options(info.id, HouseRules::default(), seed, None).unwrap();
                let mut i = 0u64;
                while !g.is_over() && i < 160 {
                    let acts: Vec<Action> = if g.choice_pending() {
                        g.choices().into_iter().map(Action::Choose).collect()
                    } else {
                        g.legal_moves().into_iter().map(Action::Move).collect()
                    };
                    let a = acts[(rules::multi::prng(seed ^ 99, i) % acts.len() as u64) as usize];
                    g.act(a).unwrap();
                    i += 1;
                    if i % 40 == 0 {
                        let depth = if g.variant.seat_count() > 4 { 1 } else { 2 };
                        assert_eq!(
                            Tree::new(&g).perft(depth),
                            game_perft(&mut g, depth),
                            "{} seed {seed} ply {i}",
                            info.id
                        );
                    }
                }
            }
        }
    }
}
