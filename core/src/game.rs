//! A game: a variant, the start position, every ply with the position after it, undo/redo,
//! repetition, and the result. Rule families decide scores, outs and ends through hooks in
//! [`crate::rules`].

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::movetext;
use crate::piece::Seat;
use crate::position::{Move, Position};
use crate::rules;
use crate::variant::Variant;

/// House rules (seed 001); the rules engine owns them, the shells show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseRules {
    /// At this total number of moves the game ends with places decided by points.
    pub move_limit: Option<u32>,
    /// Mark the cells a selected piece can reach.
    pub show_legal_moves: bool,
    /// Each new game, the first seat moves one place clockwise.
    pub rotate_first_seat: bool,
    /// Seconds per turn (None, 30 or 60).
    pub turn_seconds: Option<u32>,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            move_limit: None,
            show_legal_moves: true,
            rotate_first_seat: true,
            turn_seconds: None,
        }
    }
}

/// What a seat does on its turn (or out of turn, for resignation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move(Move),
    Resign(Seat),
    Timeout(Seat),
    /// The players' decision while [`Game::choices`] offers one (three-player chess: after the
    /// first mate). While a choice is pending no other action is accepted.
    Choose(Choice),
}

/// A decision the players take between moves. Three-player chess offers these after the first
/// mate (seed 003): end the game, or play on without the mated player, whose king leaves the
/// board and whose army stays as grey obstacles or goes to one of the two others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// End the game now.
    End,
    /// Play on; the mated army stays as grey obstacles.
    PlayOnGrey,
    /// Play on; the mated army goes to this seat (pawns keep their facing).
    PlayOnGiveTo(Seat),
}

impl Choice {
    /// The choice as action text: `choice:end`, `choice:grey`, `choice:give:<seat>`.
    pub fn text(self) -> String {
        match self {
            Choice::End => "choice:end".to_string(),
            Choice::PlayOnGrey => "choice:grey".to_string(),
            Choice::PlayOnGiveTo(s) => format!("choice:give:{s}"),
        }
    }

    /// Reads [`Choice::text`].
    pub fn parse(text: &str) -> Result<Choice> {
        let bad = || Error::BadMoveText(text.to_string());
        match text.trim().strip_prefix("choice:").ok_or_else(bad)? {
            "end" => Ok(Choice::End),
            "grey" => Ok(Choice::PlayOnGrey),
            rest => {
                let s = rest.strip_prefix("give:").ok_or_else(bad)?;
                Ok(Choice::PlayOnGiveTo(s.parse().map_err(|_| bad())?))
            }
        }
    }
}

/// Why a seat went out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OutReason {
    Checkmate,
    Stalemate,
    Resignation,
    Timeout,
    KingCaptured,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    Resignation,
    Timeout,
    KingCaptured,
    /// Multi-player: enough players are out, or the leader cannot be caught.
    Points,
    MoveLimit,
    /// The players chose to end (e.g. after the first mate in three-player chess).
    Agreement,
    /// Shatranj: a bare king loses (unless it can bare the other king at once).
    BareKing,
    /// Makruk, ouk chatrang, sittuyin: the board's honour count ran out (a draw).
    BoardsHonour,
    /// Makruk, ouk chatrang, sittuyin: the pieces' honour count ran out (a draw).
    PiecesHonour,
    /// Janggi: the generals faced each other and stayed so (decided by count).
    Bikjang,
    /// Janggi: both players passed in a row (decided by count).
    DoublePass,
    /// Shogi: the impasse declaration (27-point rule).
    Impasse,
    /// A repetition with perpetual check: the checking side loses (xiangqi, janggi, shogi).
    PerpetualCheck,
    /// Xiangqi: a repetition in which one side chased a piece with every move; it loses.
    PerpetualChase,
    /// Shogi: the fourth occurrence of a position without perpetual check (minishogi: sente
    /// loses).
    Sennichite,
    /// Shogi: a mate by a dropped pawn loses for the player who dropped it (uchifuzume).
    PawnDropMate,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Winning seats (a team wins together); empty for a draw.
    pub winners: Vec<Seat>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn win(winners: Vec<Seat>, reason: EndReason) -> Self {
        Outcome { winners, reason }
    }
    pub fn draw(reason: EndReason) -> Self {
        Outcome {
            winners: Vec::new(),
            reason,
        }
    }
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}

/// Something the rules did after an action, for the shells to show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Scored {
        seat: Seat,
        points: i32,
        why: String,
    },
    Out {
        seat: Seat,
        reason: OutReason,
    },
    /// A walking king (its player resigned or timed out) made its automatic move, written as
    /// move text (`h1i2`), within the ply of the action that handed it the turn.
    Walked {
        seat: Seat,
        text: String,
    },
}

/// One ply of history.
#[derive(Clone, Debug)]
pub struct Ply {
    pub action: Action,
    /// The action as text (move text, `resign:2`, `timeout:1`).
    pub text: String,
    pub mover: Seat,
    pub after: Position,
    pub events: Vec<Event>,
    pub outcome: Option<Outcome>,
}

/// The parts of a game's record the rules read after an action (see [`Ctx`]).
pub(crate) struct Record<'a> {
    pub house: &'a HouseRules,
    pub seed: u64,
    pub ply: usize,
    pub start: &'a Position,
    pub earlier: &'a [Ply],
}

/// Walking kings (see `rules::multi`): while the game goes on and the seat to move is a
/// walking king, it makes its seeded random move, within the action being judged, and the
/// rules judge that move like any other. `made` sees each move with its undo record (a search
/// unmakes them); `history` gains the positions walked through.
pub(crate) fn walk_kings(
    rec: &Record,
    pos: &mut Position,
    history: &mut Vec<u64>,
    events: &mut Vec<Event>,
    mut outcome: Option<Outcome>,
    made: &mut dyn FnMut(Move, crate::position::Undo),
) -> Option<Outcome> {
    let mut step = 0;
    while outcome.is_none() && step < 64 {
        let Some(m) = walking_move(pos, rec.seed, rec.ply, step) else {
            break;
        };
        step += 1;
        let walk_before = pos.clone();
        events.push(Event::Walked {
            seat: walk_before.turn(),
            text: movetext::write(&walk_before, m, false),
        });
        history.push(walk_before.hash());
        let u = pos.make(m);
        made(m, u);
        let mut ctx = Ctx {
            before: &walk_before,
            action: Action::Move(m),
            pos,
            history,
            events,
            house: rec.house,
            seed: rec.seed,
            ply: rec.ply,
            start: rec.start,
            earlier: rec.earlier,
        };
        outcome = rules::after_action(&mut ctx);
    }
    outcome
}

/// What a rule family hook sees and may change.
pub struct Ctx<'a> {
    /// The position before the action; a search's tree gives the game's start here where the
    /// rules do not read it (`Rules::reads_before`).
    pub before: &'a Position,
    pub action: Action,
    pub pos: &'a mut Position,
    /// Hashes of every earlier position of the game (not including `pos`).
    pub history: &'a [u64],
    pub events: &'a mut Vec<Event>,
    pub house: &'a HouseRules,
    /// Game seed (random rules such as the walking king draw from it, so replays match).
    pub seed: u64,
    pub ply: usize,
    /// The game's start position and the plies applied before this action, for rules that
    /// look back (eight-player chess: who turned a mate, who took most from a resigner).
    pub start: &'a Position,
    pub earlier: &'a [Ply],
}

impl Ctx<'_> {
    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        1 + self
            .history
            .iter()
            .filter(|&&h| h == self.pos.hash())
            .count()
    }
    pub fn score(&mut self, seat: Seat, points: i32, why: &str) {
        if points != 0 {
            self.pos.scores[seat as usize] += points;
            self.events.push(Event::Scored {
                seat,
                points,
                why: why.to_string(),
            });
        }
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    pub variant: &'static Variant,
    pub start: Position,
    plies: Vec<Ply>,
    /// Number of plies currently applied (plies beyond it can be redone).
    cursor: usize,
    pub house: HouseRules,
    pub seed: u64,
    /// Whether the game plays walking kings' moves itself (on by default). Off only to replay a
    /// record that lists those moves (e.g. a chess.com PGN4): then they are played as moves.
    pub auto_walk: bool,
    /// The outcome of the start position itself, when it is already decided (a FEN with a mate
    /// on the board): such a game is over before its first move.
    start_outcome: Option<Outcome>,
}

// ---------------------------------------------------------------- walking kings

/// A deterministic pseudo-random number from the game seed and a counter (splitmix64).
pub fn prng(seed: u64, counter: u64) -> u64 {
    let mut z = seed ^ counter.wrapping_mul(0xd1b5_4a32_d192_ed03);
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The walking king's move, if the seat to move is walking and has a legal move: one of its
/// legal moves chosen from the game `seed`, the `ply` number and the `step` (the how-manieth
/// automatic move within that ply), so a replay makes the same walk.
pub fn walking_move(pos: &Position, seed: u64, ply: usize, step: usize) -> Option<Move> {
    let s = pos.turn();
    if pos.walking >> s & 1 == 0 || !pos.is_in_play(s) {
        return None;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let r = prng(seed, (ply as u64) << 8 | step as u64 & 0xff);
    Some(moves[(r % moves.len() as u64) as usize])
}

impl Game {
    // `Game::new`, `with_options` and `from_fen` (a game by its id) are in `rules::registry`.

    /// A game from a start position. A start that is already decided (mate or stalemate on
    /// the board, one team left) gives a game that is over, with that outcome. Draws that arise
    /// by a move (insufficient material, repetition, fifty moves) are judged from the first
    /// move on, so a set-up position may still be played (docs/rules-decisions.md).
    pub fn from_position(mut start: Position, house: HouseRules, seed: u64) -> Result<Game> {
        start.forget_undo();
        let mut probe = start.clone();
        let start_outcome = start.variant.rules().outcome(&mut probe, &[]).filter(|o| {
            matches!(
                o.reason,
                EndReason::Checkmate | EndReason::Stalemate | EndReason::Points
            )
        });
        Ok(Game {
            variant: start.variant,
            start,
            plies: Vec::new(),
            cursor: 0,
            house,
            seed,
            auto_walk: true,
            start_outcome,
        })
    }

    pub fn id(&self) -> &'static str {
        self.variant.id
    }

    pub fn position(&self) -> &Position {
        if self.cursor == 0 {
            &self.start
        } else {
            &self.plies[self.cursor - 1].after
        }
    }

    /// Plies currently applied.
    pub fn plies(&self) -> &[Ply] {
        &self.plies[..self.cursor]
    }

    pub fn ply_count(&self) -> usize {
        self.cursor
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        match self.plies().last() {
            Some(p) => p.outcome.as_ref(),
            None => self.start_outcome.as_ref(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The decisions the players must take before play goes on (empty when none is pending
    /// or the game is over). Apply one with `act(Action::Choose(c))`.
    pub fn choices(&self) -> Vec<Choice> {
        if self.is_over() {
            return Vec::new();
        }
        rules::choices(self.position())
    }

    /// Whether the players must choose (see [`Game::choices`]) before anyone moves.
    pub fn choice_pending(&self) -> bool {
        !self.choices().is_empty()
    }

    /// Whether no seat marked as a person in `humans` (index = seat) is still playing; the
    /// shell then offers to let the bots finish or to end the game ([`Game::end_by_agreement`]).
    /// Eight-player chess: "once no person at the board is still playing, you can let the bots
    /// finish or end the game"; missing entries of `humans` are bots.
    pub fn no_person_playing(&self, humans: &[bool]) -> bool {
        let pos = self.position();
        !(0..pos.variant.seat_count() as Seat)
            .any(|s| humans.get(s as usize).copied().unwrap_or(false) && pos.is_active(s))
    }

    /// Ends the game by agreement (`EndReason::Agreement`), where the game allows it
    /// (`rules::may_end_by_agreement`; eight-player chess: places by points, teams draw).
    /// Recorded as the action `choice:end`. Errors (and changes nothing) if the game is over or
    /// does not allow it.
    pub fn end_by_agreement(&mut self) -> Result<()> {
        self.act(Action::Choose(Choice::End))
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        self.position().legal_moves()
    }

    /// What the finished game means for each seat (places and points); None while it goes on.
    pub fn standings(&self) -> Option<Vec<rules::Standing>> {
        let o = self.outcome()?;
        Some(self.variant.rules().standings(self.position(), o))
    }

    /// Move text of a legal move in this game's notation.
    pub fn move_text(&self, m: Move) -> String {
        movetext::write(self.position(), m, self.variant.castle_king_takes_rook)
    }

    /// Plays move text; returns the move. Errors change nothing.
    pub fn play_text(&mut self, text: &str) -> Result<Move> {
        if self.is_over() {
            return Err(Error::GameOver);
        }
        // one move, or the steps of one turn joined by commas (duck chess: `e2e4,e4h5`); every
        // step is checked before any is played, so an error changes nothing
        let steps = movetext::parse_turn(self.position(), text)?;
        for &m in &steps {
            self.act(Action::Move(m))?;
        }
        Ok(steps[steps.len() - 1])
    }

    /// Plays a move (must be legal).
    pub fn play(&mut self, m: Move) -> Result<()> {
        self.act(Action::Move(m))
    }

    /// Applies an action: a move by the side to move, or a resignation / time-out of a seat.
    pub fn act(&mut self, action: Action) -> Result<()> {
        if self.is_over() {
            return Err(Error::GameOver);
        }
        let before = self.position().clone();
        let mover = before.turn();
        let mut pos = before.clone();
        let pending = self.choices();
        match action {
            Action::Choose(c)
                if !pending.contains(&c)
                    && !(c == Choice::End && rules::may_end_by_agreement(self.variant)) =>
            {
                return Err(Error::BadInput(format!("{} is not offered now", c.text())));
            }
            Action::Choose(_) => {}
            _ if !pending.is_empty() => {
                return Err(Error::BadInput("a choice is pending".to_string()));
            }
            _ => {}
        }
        let text = match action {
            Action::Choose(c) => c.text(),
            Action::Move(m) => {
                if !self.legal_moves().contains(&m) {
                    return Err(Error::IllegalMove(format!("{m:?}")));
                }
                let t = self.move_text(m);
                pos.make(m);
                pos.forget_undo();
                t
            }
            Action::Resign(s) | Action::Timeout(s) => {
                // a walking king's player has resigned already (rules::multi)
                if s as usize >= self.variant.seat_count()
                    || !before.is_in_play(s)
                    || before.walking >> s & 1 == 1
                {
                    return Err(Error::BadSeat(format!("seat {s} is not playing")));
                }
                let word = if matches!(action, Action::Resign(_)) {
                    "resign"
                } else {
                    "timeout"
                };
                format!("{word}:{s}")
            }
        };
        let mut history: Vec<u64> = Vec::with_capacity(self.cursor + 1);
        history.push(self.start.hash());
        history.extend(self.plies().iter().map(|p| p.after.hash()));
        let mut events = Vec::new();
        let mut outcome = {
            let mut ctx = Ctx {
                before: &before,
                action,
                pos: &mut pos,
                history: &history,
                events: &mut events,
                house: &self.house,
                seed: self.seed,
                ply: self.cursor,
                start: &self.start,
                earlier: &self.plies[..self.cursor],
            };
            rules::after_action(&mut ctx)
        };
        if self.auto_walk {
            let rec = Record {
                house: &self.house,
                seed: self.seed,
                ply: self.cursor,
                start: &self.start,
                earlier: &self.plies[..self.cursor],
            };
            outcome = walk_kings(
                &rec,
                &mut pos,
                &mut history,
                &mut events,
                outcome,
                &mut |_, _| {},
            );
        }
        pos.forget_undo();
        self.plies.truncate(self.cursor);
        self.plies.push(Ply {
            action,
            text,
            mover,
            after: pos,
            events,
            outcome,
        });
        self.cursor += 1;
        Ok(())
    }

    /// Counts the leaves of the game's own move tree to `depth` actions: players go out, armies
    /// are handed over and games end exactly as in play (a finished game has no move below it;
    /// where the players must choose, the choices are the branches). This is the tree the
    /// multi-player reference counts (`../shared/oracle/multiplayer_perft.json`) describe;
    /// `movegen::perft` counts movement alone. The game is left as it was (redo history aside).
    pub fn perft(&mut self, depth: u32) -> u64 {
        crate::tree::Tree::new(self).perft(depth)
    }

    /// Replays an action from its text (as written in `Ply::text`).
    pub fn act_text(&mut self, text: &str) -> Result<()> {
        if text.trim().starts_with("choice:") {
            return self.act(Action::Choose(Choice::parse(text)?));
        }
        if let Some((word, seat)) = text.split_once(':') {
            let s: Seat = seat
                .parse()
                .map_err(|_| Error::BadMoveText(text.to_string()))?;
            return match word {
                "resign" => self.act(Action::Resign(s)),
                "timeout" => self.act(Action::Timeout(s)),
                _ => Err(Error::BadMoveText(text.to_string())),
            };
        }
        self.play_text(text).map(|_| ())
    }

    pub fn undo(&mut self) -> Result<()> {
        if self.cursor == 0 {
            return Err(Error::NothingToUndo);
        }
        self.cursor -= 1;
        Ok(())
    }

    pub fn redo(&mut self) -> Result<()> {
        if self.cursor == self.plies.len() {
            return Err(Error::NothingToRedo);
        }
        self.cursor += 1;
        Ok(())
    }

    /// Plies that can be redone.
    pub fn redo_count(&self) -> usize {
        self.plies.len() - self.cursor
    }

    /// The texts of the applied plies, in order.
    pub fn texts(&self) -> Vec<String> {
        self.plies().iter().map(|p| p.text.clone()).collect()
    }
}
