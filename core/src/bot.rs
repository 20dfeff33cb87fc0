//! Bots: the small interface every bot implements, and a simple bot that plays any game.
//!
//! A bot looks at a [`Game`] and returns the [`Action`] of the seat to move. It runs wherever
//! the shell wants (the terminal player runs it on a background thread) and checks a cancel
//! flag often, so a shell can drop a search at once (undo, quit, a seat taken over).
//!
//! The simple bot works for every game through the generic position API only:
//! - level 0 plays a random legal move;
//! - level 1 looks one ply ahead: it plays a winning move (mate in one, a king capture, any
//!   move the rules score as a win) when there is one, and otherwise the move that leaves the
//!   best material balance;
//! - level 2 also looks at every reply of the next player to move (that player picks the reply
//!   best for itself by the same measure), so it sees simple recaptures and mates against it.
//!
//! Both levels walk the game's own tree ([`Tree`]): a move that puts a player out, scores or
//! ends the game is judged by the game's rules, exactly as the game will judge it.
//!
//! Material uses the search's value table (`search::eval::Eval::value`, per kind of each
//! game; the screens show the same); the balance is the mover's material (with its partners') minus that of
//! the strongest opponent still playing, plus a small weight for game points in scored games.
//! Ties are broken by a generator seeded from the bot's seed and the position, so a bot plays
//! the same move in the same position and a replay is reproducible.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::board::Cell;
use crate::game::{Action, Choice, Game, HouseRules};
use crate::piece::{Piece, Seat};
use crate::position::{Move, Position, MAX_SEATS};
use crate::rng::SplitMix as Rng;
use crate::search::eval::Eval;
use crate::search::{Found, Tables};
use crate::tree::Tree;

/// Anything that can play a seat.
pub trait Bot: Send + Sync {
    /// The action for the seat to move in `game`; `None` when the game is over, there is
    /// nothing to play, or `cancel` was set while thinking (the shell then ignores the bot).
    fn choose(&self, game: &Game, cancel: &AtomicBool) -> Option<Action>;

    /// A short name to show ("simple bot, level 1").
    fn name(&self) -> String;

    /// [`Bot::choose`] for a seat that keeps what its searches learn ([`BotSeat`]): the search
    /// starts from `tables` (what the seat's last move left, where it still holds) and leaves
    /// there what is worth keeping for the seat's next move (`None`: nothing). A bot without
    /// tables (the default) chooses as ever and keeps nothing.
    fn choose_keeping(
        &self,
        game: &Game,
        cancel: &AtomicBool,
        tables: &mut Option<Tables>,
    ) -> Option<Action> {
        *tables = None;
        self.choose(game, cancel)
    }

    /// What the tables this bot leaves are made for: a [`BotSeat`] hands them on only to a
    /// bot of the same key (a search bot: its level and method, not its seed, which the
    /// shells vary move by move).
    fn table_key(&self) -> String {
        self.name()
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn choose(&self, game: &Game, cancel: &AtomicBool) -> Option<Action> {
        (**self).choose(game, cancel)
    }
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose_keeping(
        &self,
        game: &Game,
        cancel: &AtomicBool,
        tables: &mut Option<Tables>,
    ) -> Option<Action> {
        (**self).choose_keeping(game, cancel, tables)
    }
    fn table_key(&self) -> String {
        (**self).table_key()
    }
}

/// A bot seat of one game: what the seat's searches learn (their [`Tables`]: the
/// transposition table and the evaluation cache), kept from one of its moves to its next.
/// The shells (the apps' session, the terminal, `rookery match`) hold one per seat for the
/// game's life and play each bot move through it ([`BotSeat::choose`]); the bot itself may be
/// built anew for every move.
///
/// The tables are only a speed-up, and they are handed on only where they hold: to a bot of
/// the same key ([`Bot::table_key`]: a new level drops them), in the same game (the same
/// variant, seed, house rules and start) gone on since the search that made them (its moves
/// are a strict beginning of the game's: an undo, a takeback, a new start or another game
/// drops them; a resumed game gets new seats). A search cancelled (undo, close) keeps
/// nothing, so it cannot poison the next (a search stopped by its budget stores no value it
/// did not finish either: `Search`'s nodes return before their store once stopped).
///
/// What a seat keeps is made from what it may know: under fog of war the bot searches its
/// seat's view ([`seat_view`]), so every entry is a position built from that view, never
/// from the hidden cells; the tables are of this seat only (a search of another seat drops
/// them), so nothing of one seat's view reaches another.
///
/// Memory: a seat's tables are 6 MiB of transposition table and 1 MiB of evaluation cache
/// (`search::TT_SIZE`, `search::EVAL_CACHE`). A seat keeps them only where the search
/// reached past the seat's next turn ([`SearchBot::think_keeping`]); below that no node of
/// the next search is in them, so with eight players (a round of eight actions) the seats'
/// searches keep nothing and the eight-player table costs what it did.
#[derive(Default)]
pub struct BotSeat {
    kept: Mutex<Option<Kept>>,
}

/// The tables a [`BotSeat`] keeps and what they were made for.
struct Kept {
    /// The [`Bot::table_key`] of the bot that made them.
    bot: String,
    seed: u64,
    house: HouseRules,
    start: Position,
    /// The game's actions before the search that made them.
    line: Vec<Action>,
    tables: Tables,
}

impl Kept {
    /// Whether the tables hold for the move of bot `bot` in `game`: the same bot, the same
    /// game, gone on since they were made.
    fn holds(&self, bot: &str, game: &Game) -> bool {
        let plies = game.plies();
        self.bot == bot
            && self.seed == game.seed
            && self.house == game.house
            && self.start == game.start
            && plies.len() > self.line.len()
            && plies.iter().zip(&self.line).all(|(p, &a)| p.action == a)
    }
}

impl BotSeat {
    pub fn new() -> BotSeat {
        BotSeat::default()
    }

    /// `bot`'s action for this seat, the seat to move in `game` ([`Bot::choose`]), its
    /// search starting from the tables the seat's last move left where they still hold
    /// ([`BotSeat`]).
    pub fn choose<B: Bot + ?Sized>(
        &self,
        bot: &B,
        game: &Game,
        cancel: &AtomicBool,
    ) -> Option<Action> {
        let key = bot.table_key();
        let mut tables = self.take(&key, game);
        let action = bot.choose_keeping(game, cancel, &mut tables);
        self.keep(key, game, cancel, tables);
        action
    }

    /// [`SearchBot::think`] through this seat: the search result with its nodes and depth.
    pub fn think(&self, bot: &SearchBot, game: &Game, cancel: &AtomicBool) -> Option<Found> {
        let key = bot.table_key();
        let mut tables = self.take(&key, game);
        let found = bot.think_keeping(game, cancel, &mut tables);
        self.keep(key, game, cancel, tables);
        found
    }

    /// Whether the seat holds tables now (tests, memory figures).
    pub fn keeps(&self) -> bool {
        self.lock().is_some()
    }

    /// Drops what the seat keeps.
    pub fn forget(&self) {
        *self.lock() = None;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Kept>> {
        self.kept.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The kept tables where they hold for `bot` in `game` (else they are dropped). The lock
    /// is held only to take them: a second search of the seat meanwhile (a cancelled one
    /// still running) starts empty instead of waiting.
    fn take(&self, bot: &str, game: &Game) -> Option<Tables> {
        let kept = self.lock().take()?;
        kept.holds(bot, game).then_some(kept.tables)
    }

    /// Keeps `tables` for the seat's next move, unless the search was cancelled.
    fn keep(&self, bot: String, game: &Game, cancel: &AtomicBool, tables: Option<Tables>) {
        let kept = match tables {
            Some(tables) if !cancel.load(Ordering::Relaxed) => Some(Kept {
                bot,
                seed: game.seed,
                house: game.house.clone(),
                start: game.start.clone(),
                line: game.plies().iter().map(|p| p.action).collect(),
                tables,
            }),
            _ => None,
        };
        *self.lock() = kept;
    }
}

/// Score of a won position, far above any material balance.
const WIN: i32 = 1_000_000;
/// Centipawns per game point (scored multi-player games).
const POINT_WEIGHT: i32 = 20;

/// What a royal victim is worth in the simple bot's move order (its loss is an outcome, not
/// material: the value table gives it nothing).
const ROYAL_VICTIM: i32 = 4000;

/// The simple bot of every game; see the module docs.
#[derive(Clone, Debug)]
pub struct SimpleBot {
    level: u8,
    seed: u64,
}

/// A simple bot: level 0 random, 1 one ply, 2 (and above) two plies.
pub fn simple_bot(level: u8, seed: u64) -> SimpleBot {
    SimpleBot {
        level: level.min(2),
        seed,
    }
}

impl SimpleBot {
    pub fn level(&self) -> u8 {
        self.level
    }
}

/// Material per seat (grey pieces belong to nobody), from the search's value table (the one
/// table of the bots and the screens).
fn material(pos: &Position) -> [i32; MAX_SEATS] {
    let values = &Eval::of(pos.variant).value;
    let mut m = [0; MAX_SEATS];
    for p in &pos.board {
        if p.is_some() && !p.is_grey() && (p.owner() as usize) < MAX_SEATS {
            m[p.owner() as usize] += values.get(p.kind() as usize).copied().unwrap_or(0);
        }
    }
    m
}

/// The balance for `me`: own side's material minus the strongest opponent still playing,
/// plus a small weight for game points.
fn balance(pos: &Position, mat: &[i32; MAX_SEATS], me: Seat) -> i32 {
    let v = pos.variant;
    let n = v.seat_count();
    let mut own = 0;
    let mut own_points = 0;
    let mut opp = 0;
    let mut opp_points = 0;
    for s in 0..n as Seat {
        if v.allied(me, s) {
            if s == me || pos.is_in_play(s) {
                own += mat[s as usize];
                own_points += pos.scores[s as usize];
            }
        } else if pos.is_in_play(s) {
            opp = opp.max(mat[s as usize]);
            opp_points = opp_points.max(pos.scores[s as usize]);
        }
    }
    own - opp + POINT_WEIGHT * (own_points - opp_points)
}

/// Captures (most valuable victim first) and promotions before quiet moves.
fn order_key(pos: &Position, values: &[i32], m: &Move) -> i32 {
    let value = |kind: u8| match pos.variant.pieces.get(kind as usize) {
        Some(t) if t.royal => ROYAL_VICTIM,
        Some(_) => values.get(kind as usize).copied().unwrap_or(0),
        // a union (friendly chess) is no piece kind: taking one over captures nothing
        None => 0,
    };
    let victim = pos.at(m.to);
    let mut k = 0;
    if victim.is_some() && m.kind != crate::position::MoveKind::Castle {
        k += value(victim.kind());
    }
    if let Some(p) = m.promotion() {
        k += value(p);
    }
    -k
}

impl SimpleBot {
    /// Value for `me` of the position after the root move (the tree's current node), looking
    /// at the next player's replies through the game's own rules (outs, scores, ends). `None`
    /// when cancelled.
    fn reply_value(&self, tree: &mut Tree, me: Seat, cancel: &AtomicBool) -> Option<i32> {
        let child = tree.position();
        let base = balance(child, &material(child), me);
        let them = child.turn();
        if child.variant.allied(me, them) {
            return Some(base);
        }
        let mut replies = Vec::new();
        tree.actions(&mut replies);
        // (their value, our value) of the reply they pick
        let mut best: Option<(i32, i32)> = None;
        for r in replies {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            tree.step(r);
            let pos = tree.position();
            let v = pos.variant;
            let (theirs, ours) = match tree.outcome() {
                Some(o) if o.is_draw() => (0, 0),
                Some(o) if o.winners.iter().any(|&w| v.allied(w, me)) => (-WIN, WIN),
                Some(_) => (WIN, -WIN),
                None if !pos.is_in_play(me) || pos.walking >> me & 1 == 1 => (WIN, -WIN),
                None => {
                    let m = material(pos);
                    (balance(pos, &m, them), balance(pos, &m, me))
                }
            };
            tree.undo();
            let better = match best {
                None => true,
                Some((t, o)) => theirs > t || (theirs == t && ours < o),
            };
            if better {
                best = Some((theirs, ours));
            }
        }
        Some(best.map_or(base, |(_, o)| o))
    }
}

impl Bot for SimpleBot {
    fn choose(&self, game: &Game, cancel: &AtomicBool) -> Option<Action> {
        if game.is_over() || cancel.load(Ordering::Relaxed) {
            return None;
        }
        // a decision between moves (three-player chess after the first mate): play on
        let choices = game.choices();
        if !choices.is_empty() {
            let c = if choices.contains(&Choice::PlayOnGrey) {
                Choice::PlayOnGrey
            } else {
                choices[0]
            };
            return Some(Action::Choose(c));
        }
        let pos = game.position();
        let me = pos.turn();
        let mut moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mut rng =
            Rng(self.seed ^ pos.hash() ^ (game.ply_count() as u64).wrapping_mul(0x2545_f491));
        if self.level == 0 {
            return Some(Action::Move(moves[rng.below(moves.len())]));
        }
        let values = Eval::of(pos.variant);
        moves.sort_by_key(|m| order_key(pos, &values.value, m));
        // the game's own tree: outs, scores and ends exactly as the game will judge them
        let mut tree = Tree::new(game);
        let mut best: Vec<Move> = Vec::new();
        let mut best_value = i32::MIN;
        for m in moves {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            tree.step(Action::Move(m));
            let value = match tree.outcome() {
                Some(o) if o.is_draw() => Some(0),
                Some(o) if o.winners.iter().any(|&w| pos.variant.allied(w, me)) => {
                    // A win at once: nothing can be better.
                    return Some(Action::Move(m));
                }
                Some(_) => Some(-WIN),
                None if !tree.position().is_in_play(me) => Some(-WIN),
                None if self.level == 1 => {
                    let child = tree.position();
                    Some(balance(child, &material(child), me))
                }
                None => self.reply_value(&mut tree, me, cancel),
            };
            tree.undo();
            let value = value?;
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(m);
            }
        }
        if best.is_empty() {
            return None;
        }
        Some(Action::Move(best[rng.below(best.len())]))
    }

    fn name(&self) -> String {
        format!("simple bot, level {}", self.level)
    }
}

/// A level of the search bot: how deep, how long and how noisy it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Deepest iteration (actions; one round of four players is four).
    pub depth: u8,
    /// Time cap per move (levels 1–4 stay within a second on one core).
    pub time_ms: u64,
    /// Each root move's value gets a seeded random term in ±noise centipawns, so lower levels
    /// misjudge (and hang pieces) the way beginners do, never by sleeping.
    pub noise: i32,
    /// Whether the cap shrinks to a share of [`ROUND_MS`] at a table of many seats (levels
    /// 1–4, the ones that fill a table: seven of them make a round of eight-player chess in
    /// under 3 s).
    pub round_share: bool,
    /// The depth and time caps at a table of three or more sides ([`Many`]) instead of
    /// `depth` and `time_ms` (levels 5–8); `None`: the same caps at every table.
    pub many: Option<Many>,
}

/// The caps of a level at a table of three or more sides (free for all, eight-player pairs).
/// There the two-player caps left levels apart only where a depth cap binds: at 500–1,000 ms
/// levels 7 and 8 reached the same depth (three-player 7 at both, eight-player 4–5 at levels
/// 6–8). So each level gets a depth cap by the table's seats and a time cap that grows by half
/// or more from level to level (1, 1.5, 2 and 3 s at levels 5–8; docs/ARCHITECTURE.md, "Bots",
/// for the depths measured). A level beats the one below only where it chooses other moves
/// (`tests/python/level_moves.py`), so at three and four seats the depth caps of levels 6 and 7
/// stop a ply short of where the time caps would, and level 7 a ply or more short of what level
/// 8 reaches in its 3 s: three seats 4, 5, 6 (level 8 reaches 7–9), four seats 4, 4, 5 (level 8
/// mostly 6–7; levels 5 and 6 differ by level 5's noise). At five or more seats levels 5 and 6
/// stop at level 4's depth 3 (ending on the bot's own move), level 5 with its lower noise and
/// level 6 without: there a depth of 4, ending on a layer of opponents, lost to level 4 (29 of
/// 78 first places at eight seats); depth 3 with noise 10 took 33.5 of 60 (level with level 4
/// rather than a step above: it plays level 4's move in 17 of 20 positions), and level 6 took
/// 28.5 of 40 first places against level 5 (README, "Level ordering").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Many {
    /// Deepest iteration (actions) at a table of 3 seats, of 4, and of 5 or more.
    pub depth: [u8; 3],
    /// Time cap per move.
    pub time_ms: u64,
}

impl Many {
    /// The depth cap at a table of `seats` (three or more).
    pub fn depth_at(&self, seats: usize) -> u8 {
        self.depth[seats.clamp(3, 5) - 3]
    }
}

/// Levels 1–8 (index 0 = level 1). Level 4 is the default. Two-player games reach the depths
/// of levels 1–7 well within their caps, so there the depth and the noise make the levels;
/// at tables of three or more sides levels 5–8 have caps of their own ([`Many`]).
pub const LEVELS: [Level; 8] = [
    Level {
        depth: 1,
        time_ms: 1000,
        noise: 400,
        round_share: true,
        many: None,
    },
    Level {
        depth: 1,
        time_ms: 1000,
        noise: 150,
        round_share: true,
        many: None,
    },
    Level {
        depth: 2,
        time_ms: 1000,
        noise: 60,
        round_share: true,
        many: None,
    },
    Level {
        depth: 3,
        time_ms: 1000,
        noise: 25,
        round_share: true,
        many: None,
    },
    Level {
        depth: 4,
        time_ms: 500,
        noise: 10,
        round_share: false,
        many: Some(Many {
            depth: [4, 4, 3],
            time_ms: 1000,
        }),
    },
    Level {
        depth: 5,
        time_ms: 650,
        noise: 0,
        round_share: false,
        many: Some(Many {
            depth: [5, 4, 3],
            time_ms: 1500,
        }),
    },
    Level {
        depth: 8,
        time_ms: 800,
        noise: 0,
        round_share: false,
        many: Some(Many {
            depth: [6, 5, 6],
            time_ms: 2000,
        }),
    },
    Level {
        depth: 64,
        time_ms: 1000,
        noise: 0,
        round_share: false,
        many: Some(Many {
            depth: [64, 64, 64],
            time_ms: 3000,
        }),
    },
];

/// A whole round of bots at the table takes at most about this long (milliseconds; 3 s less
/// the searches' overshoot of their caps) at levels 1–4.
pub const ROUND_MS: u64 = 2800;

/// The time cap of one move at a level with `seats` players, at a table of two sides or for a
/// level without caps of its own for more ([`Level::many`]): the level's own cap, and at
/// levels 1–4 no more than a share of [`ROUND_MS`] when the other seats are all bots
/// (eight-player chess: 2.8 s / 7 each).
pub fn move_time_ms(level: Level, seats: usize) -> u64 {
    if !level.round_share {
        return level.time_ms;
    }
    level
        .time_ms
        .min(ROUND_MS / seats.saturating_sub(1).max(1) as u64)
}

/// The depth cap (actions) and the time cap (milliseconds) of one move at a level in a game
/// of `v`: with three or more sides ([`crate::search::sides`]) the level's [`Many`] caps for
/// the table's seats; otherwise (and at levels without them) its `depth` and [`move_time_ms`].
pub fn move_limits(level: Level, v: &crate::variant::Variant) -> (u8, u64) {
    let seats = v.seat_count();
    match level.many {
        Some(m) if crate::search::sides(v) >= 3 => (m.depth_at(seats), m.time_ms),
        _ => (level.depth, move_time_ms(level, seats)),
    }
}

/// The default bot level.
pub const DEFAULT_LEVEL: u8 = 4;

/// The bot the shells seat for a level: 0 plays random legal moves (tests, soaks), 1–8 are the
/// search levels ([`LEVELS`]); higher numbers are level 8.
pub fn for_level(level: u8, seed: u64) -> Box<dyn Bot> {
    match level {
        0 => Box::new(simple_bot(0, seed)),
        l => Box::new(search_bot(l.min(8), seed)),
    }
}

/// The searching bot of every game (levels 1–8; see [`crate::search`]).
#[derive(Clone, Debug)]
pub struct SearchBot {
    pub level: u8,
    pub seed: u64,
    /// A node budget instead of the level's time cap: the same seed and budget give the same
    /// move on any machine (tests, matches).
    pub nodes: Option<u64>,
    /// The multi-player method instead of the game's default (`rookery match` compares them;
    /// see [`crate::search::Method`]).
    pub method: Option<crate::search::Method>,
    /// A time cap per move instead of the level's (`rookery match --movetime`: equal time for
    /// every level, as against an engine).
    pub movetime_ms: Option<u64>,
    /// The clock of the time cap instead of the wall clock (`rookery match --cpu-time`: the
    /// thread's CPU time; see [`crate::search::Clock`]).
    pub clock: Option<crate::search::Clock>,
}

/// The bot of a level 1–8 (clamped), seeded.
pub fn search_bot(level: u8, seed: u64) -> SearchBot {
    SearchBot {
        level: level.clamp(1, 8),
        seed,
        nodes: None,
        method: None,
        movetime_ms: None,
        clock: None,
    }
}

/// The game as seat `me` may know it, for a bot of that seat where the rules hide part of
/// the position (fog of war, [`crate::view::visible`]); `None` where everything is visible.
///
/// Every hidden cell is taken as empty, except that an opponent whose king is hidden gets its
/// king back on the hidden cell nearest its start cell (the start is public; a search without
/// the king would think the game won). The opponents' castling rights are dropped (they
/// depend on moves the seat may not have seen), and the record is not kept (so no repetition
/// is seen). The bot searches this position; its move is then picked among the real legal
/// moves (the moves the shell offers the seat), so it never plays an illegal move.
pub fn seat_view(game: &Game, me: Seat) -> Option<Game> {
    let real = game.position();
    let seen = crate::view::visible(real, me)?;
    let v = game.variant;
    let mut pos = real.clone();
    let n = v.board.len() as Cell;
    for c in 0..n {
        if !seen.contains(c) && pos.at(c).is_some() {
            pos.put(c, Piece::NONE);
        }
    }
    for s in 0..v.seat_count() as Seat {
        if v.allied(me, s) || !real.is_in_play(s) {
            continue;
        }
        let Some(k) = real.king(s) else { continue };
        if seen.contains(k) {
            continue;
        }
        let start = game.start.king(s).unwrap_or(k);
        let guess = (0..n)
            .filter(|&c| !seen.contains(c) && pos.at(c).is_none())
            .min_by_key(|&c| (c as i32 - start as i32).abs());
        if let Some(c) = guess {
            let p = real.at(k);
            pos.put(c, Piece::new(p.kind(), s, v.seats[s as usize].facing));
        }
    }
    let mut own = 0u16;
    for (i, d) in pos.castles.iter().enumerate() {
        if v.allied(me, d.seat) {
            own |= 1 << i;
        }
    }
    pos.set_castling(pos.st.castling & own);
    pos.forget_undo();
    Game::from_position(pos, game.house.clone(), game.seed).ok()
}

impl SearchBot {
    fn params(&self) -> Level {
        LEVELS[(self.level.clamp(1, 8) - 1) as usize]
    }

    /// The full search result (value, depth, nodes) behind [`Bot::choose`].
    pub fn think(&self, game: &Game, cancel: &AtomicBool) -> Option<Found> {
        self.think_keeping(game, cancel, &mut None)
    }

    /// [`SearchBot::think`] starting from `tables` (the seat's last search's, see [`BotSeat`];
    /// the search drops them where they are of another game or seat) and leaving in `tables`
    /// the search's own where they may serve the seat's next move: where the search reached
    /// deeper than the fewest actions before the seat moves again (a turn of every seat in
    /// play). A shallower search holds no node of the next one (its transpositions aside),
    /// so it keeps nothing and costs no memory between moves.
    pub fn think_keeping(
        &self,
        game: &Game,
        cancel: &AtomicBool,
        tables: &mut Option<Tables>,
    ) -> Option<Found> {
        let given = tables.take();
        if game.is_over() || cancel.load(Ordering::Relaxed) {
            return None;
        }
        let lv = self.params();
        let (depth, ms) = move_limits(lv, game.variant);
        let limits = crate::search::Limits {
            depth,
            nodes: self.nodes,
            time: match self.nodes {
                Some(_) => None,
                None => Some(std::time::Duration::from_millis(
                    self.movetime_ms.unwrap_or(ms),
                )),
            },
        };
        // fog of war: search the position the seat knows, among the moves it is offered (the
        // tables it starts from and leaves are made from the seat's views only)
        let fog = seat_view(game, game.position().turn());
        let search = match &fog {
            Some(view) => crate::search::Search::new(view, limits, cancel)
                .only(game.legal_moves().into_iter().map(Action::Move).collect()),
            None => crate::search::Search::new(game, limits, cancel),
        };
        let search = match self.method {
            Some(m) => search.method(m),
            None => search,
        };
        let search = match self.clock {
            Some(c) => search.clock(c),
            None => search,
        };
        // exact values where the noise can still change the choice: within twice the noise
        // of the best (a move further below loses to the best however the noise falls)
        let exact = (lv.noise > 0).then_some(2 * lv.noise + 1);
        let mut search = search.exact_root(exact).tables(given);
        let mut found = search.run();
        if found.cancelled {
            return None;
        }
        if found.depth as usize > round_actions(game.position()) {
            *tables = Some(search.into_tables());
        }
        if lv.noise > 0 && found.root.len() > 1 {
            // seeded from what the seat sees (fog of war: its view, not the real position)
            let pos = fog.as_ref().unwrap_or(game).position();
            let mut rng =
                Rng(self.seed ^ pos.hash() ^ (game.ply_count() as u64).wrapping_mul(0x2545_f491));
            let decided = crate::search::WIN - 100;
            let pick = found
                .root
                .iter()
                .map(|&(a, v)| {
                    let noise = rng.below(2 * lv.noise as usize + 1) as i32 - lv.noise;
                    (a, if v.abs() >= decided { v } else { v + noise })
                })
                .max_by_key(|&(_, v)| v);
            if let Some((a, _)) = pick {
                found.best = Some(a);
            }
        }
        Some(found)
    }
}

/// The fewest actions before the seat to move in `pos` moves again: a turn of every seat
/// still in play.
fn round_actions(pos: &Position) -> usize {
    let v = pos.variant;
    let in_play = (0..v.seat_count() as Seat)
        .filter(|&s| pos.is_in_play(s))
        .count();
    in_play * v.steps_per_turn.max(1) as usize
}

impl Bot for SearchBot {
    fn choose(&self, game: &Game, cancel: &AtomicBool) -> Option<Action> {
        self.think(game, cancel)?.best
    }

    fn name(&self) -> String {
        format!("bot, level {}", self.level)
    }

    fn choose_keeping(
        &self,
        game: &Game,
        cancel: &AtomicBool,
        tables: &mut Option<Tables>,
    ) -> Option<Action> {
        self.think_keeping(game, cancel, tables)?.best
    }

    /// The level and the method (the tables' values are the method's).
    fn table_key(&self) -> String {
        format!("search bot, level {}, method {:?}", self.level, self.method)
    }
}

/// A bot that keeps thinking for at least `at_least`: it runs `inner`'s whole search again and
/// again until that time has passed, then plays the last answer. It never looks at the cancel
/// flag itself, so it stops early only because `inner`'s own search does (a live game where
/// `inner` returns `None` means `inner` saw the flag). Exists for the cancellation tests (a
/// search that would otherwise run for seconds) and for shells that want a bot that does not
/// answer at once.
#[derive(Clone, Debug)]
pub struct ThinkingBot<B> {
    pub inner: B,
    pub at_least: std::time::Duration,
}

impl<B: Bot> Bot for ThinkingBot<B> {
    fn choose(&self, game: &Game, cancel: &AtomicBool) -> Option<Action> {
        let started = std::time::Instant::now();
        loop {
            let answer = self.inner.choose(game, cancel);
            if answer.is_none() || started.elapsed() >= self.at_least {
                return answer;
            }
        }
    }

    fn name(&self) -> String {
        self.inner.name()
    }

    fn choose_keeping(
        &self,
        game: &Game,
        cancel: &AtomicBool,
        tables: &mut Option<Tables>,
    ) -> Option<Action> {
        let started = std::time::Instant::now();
        loop {
            let answer = self.inner.choose_keeping(game, cancel, tables);
            if answer.is_none() || started.elapsed() >= self.at_least {
                return answer;
            }
        }
    }

    fn table_key(&self) -> String {
        self.inner.table_key()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EndReason;

    fn play_out(game: &mut Game, bots: &[SimpleBot], max_plies: usize) {
        let cancel = AtomicBool::new(false);
        for _ in 0..max_plies {
            if game.is_over() {
                return;
            }
            let seat = game.position().turn() as usize;
            let a = bots[seat % bots.len()]
                .choose(game, &cancel)
                .expect("a bot always finds a move in a live game");
            if let Action::Move(m) = a {
                assert!(game.legal_moves().contains(&m), "bot chose an illegal move");
            }
            game.act(a).unwrap();
        }
    }

    #[test]
    fn the_bot_always_returns_a_legal_move() {
        for level in 0..=2 {
            let mut g = Game::new("chess").unwrap();
            let bot = simple_bot(level, 7);
            play_out(&mut g, &[bot.clone(), bot], 40);
        }
        let mut g = Game::with_options("chess960", Default::default(), 3, Some(100)).unwrap();
        play_out(&mut g, &[simple_bot(2, 1), simple_bot(1, 2)], 40);
    }

    #[test]
    fn the_bot_returns_nothing_when_cancelled() {
        let g = Game::new("chess").unwrap();
        let cancel = AtomicBool::new(true);
        for level in 0..=2 {
            assert_eq!(simple_bot(level, 1).choose(&g, &cancel), None);
        }
    }

    /// The bound a cancelled search must return within: generous for a loaded 2-core machine,
    /// far below the minute the search would otherwise take.
    const CANCEL_BOUND: std::time::Duration = std::time::Duration::from_secs(10);

    #[test]
    fn a_cancel_set_during_the_search_stops_it() {
        // A level-2 search on a busy eight-player position, repeated for a minute unless the
        // simple bot's own loops see the flag (ThinkingBot never looks at it).
        let g = Game::with_options("eight-player-ffa", Default::default(), 3, None).unwrap();
        for level in 0..=2 {
            let cancel = std::sync::Arc::new(AtomicBool::new(false));
            let (started_tx, started_rx) = std::sync::mpsc::channel();
            let bot = ThinkingBot {
                inner: simple_bot(level, 5),
                at_least: std::time::Duration::from_secs(60),
            };
            let (g2, c2) = (g.clone(), cancel.clone());
            let h = std::thread::spawn(move || {
                started_tx.send(()).unwrap();
                let t = std::time::Instant::now();
                (bot.choose(&g2, &c2), t.elapsed())
            });
            started_rx.recv().unwrap();
            std::thread::sleep(std::time::Duration::from_millis(300));
            assert!(
                !h.is_finished(),
                "level {level}: the search ended by itself"
            );
            let set = std::time::Instant::now();
            cancel.store(true, Ordering::Relaxed);
            let (answer, searched) = h.join().unwrap();
            let after_cancel = set.elapsed();
            assert_eq!(
                answer, None,
                "level {level}: a cancelled search reports no action"
            );
            assert!(
                after_cancel < CANCEL_BOUND,
                "level {level}: returned {after_cancel:?} after the cancel (searched {searched:?})"
            );
        }
    }

    #[test]
    fn an_uncancelled_thinking_bot_plays_the_inner_bots_move() {
        let g = Game::new("chess").unwrap();
        let cancel = AtomicBool::new(false);
        let bot = ThinkingBot {
            inner: simple_bot(1, 9),
            at_least: std::time::Duration::from_millis(50),
        };
        assert_eq!(
            bot.choose(&g, &cancel),
            simple_bot(1, 9).choose(&g, &cancel)
        );
    }

    #[test]
    fn the_bot_finds_mate_in_one() {
        // Scholar's mate: Qxf7#.
        let g = Game::from_fen(
            "chess",
            "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
        )
        .unwrap();
        let cancel = AtomicBool::new(false);
        for level in 1..=2 {
            for seed in 0..4 {
                let a = simple_bot(level, seed).choose(&g, &cancel).unwrap();
                let Action::Move(m) = a else { panic!() };
                assert_eq!(g.move_text(m), "h5f7");
            }
        }
    }

    #[test]
    fn the_bot_takes_a_free_queen_and_level_two_avoids_losing_its_own() {
        // White to move: the black queen on d5 is free (Nc3xd5).
        let g = Game::from_fen("chess", "4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1").unwrap();
        let cancel = AtomicBool::new(false);
        let Some(Action::Move(m)) = simple_bot(1, 3).choose(&g, &cancel) else {
            panic!()
        };
        assert_eq!(g.move_text(m), "c3d5");
        // Black to move, queen attacked by a pawn: level 2 moves it to a safe cell.
        let g = Game::from_fen("chess", "4k3/8/8/3q4/2P5/8/8/4K3 b - - 0 1").unwrap();
        for seed in 0..6 {
            let Some(Action::Move(m)) = simple_bot(2, seed).choose(&g, &cancel) else {
                panic!()
            };
            let mut after = g.clone();
            after.play(m).unwrap();
            let q = after.position().board.iter().position(|p| {
                p.is_some() && p.owner() == 1 && after.variant.letter(p.kind()) == 'Q'
            });
            let q = q.expect("queen still on the board") as u16;
            assert!(!after.position().attacked(q, 1), "queen left en prise");
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_move() {
        let g = Game::new("chess").unwrap();
        let cancel = AtomicBool::new(false);
        for level in 0..=2 {
            let a = simple_bot(level, 42).choose(&g, &cancel);
            let b = simple_bot(level, 42).choose(&g, &cancel);
            assert_eq!(a, b);
        }
    }

    #[test]
    fn the_bot_plays_a_chess_game_to_the_end_against_itself() {
        for (level, seed) in [(1u8, 11u64), (2, 12)] {
            let mut g = Game::new("chess").unwrap();
            play_out(
                &mut g,
                &[simple_bot(level, seed), simple_bot(level, seed + 1)],
                6000,
            );
            let o = g.outcome().expect("the draw rules end every game");
            assert!(matches!(
                o.reason,
                EndReason::Checkmate
                    | EndReason::Stalemate
                    | EndReason::Repetition
                    | EndReason::FiftyMoves
                    | EndReason::InsufficientMaterial
            ));
        }
    }

    #[test]
    fn the_bot_returns_nothing_when_the_game_is_over() {
        let mut g = Game::new("chess").unwrap();
        for t in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play_text(t).unwrap();
        }
        assert!(g.is_over());
        let cancel = AtomicBool::new(false);
        assert_eq!(simple_bot(1, 0).choose(&g, &cancel), None);
    }

    /// A search bot with a long time budget (level 8, depth 64, one second is its cap; a
    /// 60-second node-free budget here) stops within the bound once cancelled and reports it.
    #[test]
    fn a_cancel_stops_the_search_bot_within_the_bound() {
        let g = Game::with_options("four-player-ffa", Default::default(), 3, None).unwrap();
        let cancel = std::sync::Arc::new(AtomicBool::new(false));
        let bot = ThinkingBot {
            inner: search_bot(8, 5),
            at_least: std::time::Duration::from_secs(60),
        };
        let (g2, c2) = (g.clone(), cancel.clone());
        let h = std::thread::spawn(move || bot.choose(&g2, &c2));
        std::thread::sleep(std::time::Duration::from_millis(1500));
        assert!(!h.is_finished(), "the search ended by itself");
        let set = std::time::Instant::now();
        cancel.store(true, Ordering::Relaxed);
        let answer = h.join().unwrap();
        assert_eq!(answer, None, "a cancelled search reports no action");
        assert!(
            set.elapsed() < CANCEL_BOUND,
            "returned {:?} after the cancel",
            set.elapsed()
        );
    }

    #[test]
    fn every_level_plays_legal_moves_in_every_game() {
        for info in crate::rules::catalogue().iter().filter(|i| i.playable) {
            let mut g = Game::with_options(info.id, Default::default(), 2, None).unwrap();
            let cancel = AtomicBool::new(false);
            for ply in 0..16u8 {
                if g.is_over() {
                    break;
                }
                let bot = SearchBot {
                    nodes: Some(1500),
                    ..search_bot(1 + ply % 8, 9)
                };
                let a = bot.choose(&g, &cancel).expect("a move");
                g.act(a)
                    .unwrap_or_else(|e| panic!("{}: level {}: {e}", info.id, bot.level));
            }
        }
    }

    #[test]
    fn the_same_seed_and_node_budget_give_the_same_move_at_every_level() {
        let g = Game::with_options("three-player", Default::default(), 4, None).unwrap();
        let cancel = AtomicBool::new(false);
        for level in 1..=8 {
            let bot = SearchBot {
                nodes: Some(3000),
                ..search_bot(level, 77)
            };
            assert_eq!(
                bot.choose(&g, &cancel),
                bot.choose(&g, &cancel),
                "level {level}"
            );
        }
    }

    /// At tables of three, four and eight seats (free for all) every level from 5 on searches
    /// at least as deep, at least as long and with no more noise than the level below, and
    /// deeper or longer than it ([`Many`]), so a level never stops where the one below does
    /// for want of a cap; level 4 keeps its second a move and its share of a 3 s round.
    #[test]
    fn each_level_at_three_four_and_eight_seats_has_caps_above_the_level_below() {
        for id in ["three-player", "four-player-ffa", "eight-player-ffa"] {
            let v = Game::new(id).unwrap().variant;
            let seats = v.seat_count();
            assert!(crate::search::sides(v) >= 3, "{id}");
            for level in 5..=8usize {
                let (low, high) = (LEVELS[level - 2], LEVELS[level - 1]);
                let (d0, t0) = move_limits(low, v);
                let (d1, t1) = move_limits(high, v);
                assert!(
                    d1 >= d0 && t1 >= t0 && (d1 > d0 || t1 > t0),
                    "{id}: level {level} ({d1}, {t1} ms) against level {} ({d0}, {t0} ms)",
                    level - 1
                );
                assert!(high.noise <= low.noise, "{id}: level {level}'s noise");
            }
            let (_, t4) = move_limits(LEVELS[3], v);
            assert!(t4 <= 1000, "{id}: level 4 takes {t4} ms");
            assert!(
                t4 * (seats as u64 - 1) <= ROUND_MS,
                "{id}: a round of level-4 bots takes {} ms",
                t4 * (seats as u64 - 1)
            );
        }
    }

    /// Two sides (two players, two teams) keep every level's own depth and time cap: the
    /// chess levels' strength is measured and published.
    #[test]
    fn two_sided_games_keep_the_two_player_caps_of_every_level() {
        let chess = [
            (1, 1000),
            (1, 1000),
            (2, 1000),
            (3, 1000),
            (4, 500),
            (5, 650),
            (8, 800),
            (64, 1000),
        ];
        for id in ["chess", "four-player-teams"] {
            let v = Game::new(id).unwrap().variant;
            for (i, lv) in LEVELS.iter().enumerate() {
                let (d, t) = move_limits(*lv, v);
                assert_eq!(d, lv.depth, "{id}: level {}", i + 1);
                assert_eq!(
                    t,
                    move_time_ms(*lv, v.seat_count()),
                    "{id}: level {}",
                    i + 1
                );
                if v.seat_count() == 2 {
                    assert_eq!((d, t), chess[i], "{id}: level {}", i + 1);
                }
            }
        }
    }

    /// In random four-player free-for-all games, wherever the player to move may capture a
    /// king (20 points), the bot's move gains at least 20 points at once (the king, or a mate
    /// worth as much).
    #[test]
    fn four_player_bot_takes_a_king_worth_twenty_points() {
        let v = crate::rules::variant("four-player-ffa").unwrap();
        let cancel = AtomicBool::new(false);
        let mut offers = 0;
        for seed in 1..=40u64 {
            let mut g =
                Game::with_options("four-player-ffa", Default::default(), seed, None).unwrap();
            let walker = simple_bot(0, seed);
            for _ in 0..300 {
                if g.is_over() {
                    break;
                }
                let pos = g.position();
                let me = pos.turn();
                let offered = pos.walking >> me & 1 == 0
                    && g.legal_moves().iter().any(|m| {
                        let q = pos.at(m.to);
                        m.kind != crate::position::MoveKind::Castle
                            && v.is_live_king(q)
                            && q.owner() != me
                    });
                if offered {
                    offers += 1;
                    let before = pos.scores[me as usize];
                    let bot = SearchBot {
                        nodes: Some(5_000),
                        ..search_bot(6, seed)
                    };
                    let a = bot.choose(&g, &cancel).unwrap();
                    let mut probe = g.clone();
                    probe.act(a).unwrap();
                    let gained = probe.position().scores[me as usize] - before;
                    assert!(gained >= 20, "seed {seed}: gained {gained} with {a:?}");
                }
                let a = walker.choose(&g, &cancel).unwrap();
                g.act(a).unwrap();
            }
            if offers >= 5 {
                break;
            }
        }
        assert!(offers >= 5, "only {offers} positions offered a king");
    }
}
