//! The rules of a two-player game as data, as [`super::multi::MultiRules`] is for games of
//! more seats: its notation, its start, its ends ([`Ends`]) and the few hooks it needs, in
//! one `static DuelRules`. Every other [`Rules`] hook keeps its default (no extra moves, king
//! safety only, resignation loses, two-player standings). Chess and the test-only game of
//! "How to add a game" (`rules::example`) are such statics.

use crate::error::Result;
use crate::game::{Ctx, EndReason, Outcome};
use crate::notation::fen;
use crate::piece::Seat;
use crate::position::Position;
use crate::rules::{multi, Rules};
use crate::variant::Variant;

/// What an end means for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Loss,
    Draw,
    Win,
}

/// How a two-player game ends, judged in this order: a king taken, no legal move (in check:
/// `mated`, else `stalemated`), dead material, the third repetition, the n-move rule.
#[derive(Clone, Copy)]
pub struct Ends {
    /// A side whose king is gone (taken: games that let a king be left attacked) loses.
    pub king_taken: bool,
    /// No legal move while in check (`EndReason::Checkmate`).
    pub mated: Verdict,
    /// No legal move while not in check (`EndReason::Stalemate`).
    pub stalemated: Verdict,
    /// A position no sequence of legal moves can win: a draw (`InsufficientMaterial`).
    pub dead: Option<fn(&Position) -> bool>,
    /// The same position for the third time (its hash twice in the history) draws. Only the
    /// positions since the last capture or pawn move are looked at where nothing is dropped
    /// (`since_irreversible`: the game's pawns only advance).
    pub threefold: bool,
    /// Plies without a capture or a pawn move that draw (`FiftyMoves`); 0: no such rule.
    pub move_rule: u16,
}

impl Ends {
    /// FIDE's automatic ends without the dead positions: mate loses, stalemate draws, the
    /// third repetition and fifty moves draw.
    pub const FIDE: Ends = Ends {
        king_taken: false,
        mated: Verdict::Loss,
        stalemated: Verdict::Draw,
        dead: None,
        threefold: true,
        move_rule: 100,
    };

    /// The outcome of `pos` by these ends (see [`Rules::outcome`]).
    pub fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome> {
        let to_move = pos.turn();
        if self.king_taken {
            if let Some(s) = (0..2).find(|&s| pos.king(s).is_none()) {
                return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
            }
        }
        if !pos.any_legal_move() {
            return Some(if pos.in_check(to_move) {
                judge(self.mated, to_move, EndReason::Checkmate)
            } else {
                judge(self.stalemated, to_move, EndReason::Stalemate)
            });
        }
        if self.dead.is_some_and(|dead| dead(pos)) {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        if self.threefold && repeated_twice(pos, since_irreversible(pos, history)) {
            return Some(Outcome::draw(EndReason::Repetition));
        }
        if self.move_rule > 0 && pos.st.halfmove >= self.move_rule as u32 {
            return Some(Outcome::draw(EndReason::FiftyMoves));
        }
        None
    }
}

/// The positions of `history` that `pos` may repeat: where nothing is dropped, those since
/// the last capture or pawn move (the move rule's count, `State::halfmove`), which cannot be
/// undone in the games of [`Ends`] (material only goes, pawns only advance), so no position
/// before it comes back; the whole history where pieces are dropped (a piece taken may
/// return). A search judges every node so: the game's plies need not be read again.
fn since_irreversible<'a>(pos: &Position, history: &'a [u64]) -> &'a [u64] {
    if pos.variant.hand.is_some() {
        return history;
    }
    &history[history.len().saturating_sub(pos.st.halfmove as usize)..]
}

/// What `verdict` for the side to move `s` comes to.
fn judge(verdict: Verdict, s: Seat, reason: EndReason) -> Outcome {
    match verdict {
        Verdict::Loss => Outcome::win(vec![1 - s], reason),
        Verdict::Draw => Outcome::draw(reason),
        Verdict::Win => Outcome::win(vec![s], reason),
    }
}

/// Whether `pos` stands in `history` twice already (this is its third time).
pub fn repeated_twice(pos: &Position, history: &[u64]) -> bool {
    let h = pos.hash();
    history.iter().filter(|&&x| x == h).count() >= 2
}

/// The rules of a two-player game as data. Start from [`DuelRules::FEN`] and change what
/// differs: `static RULES: DuelRules = DuelRules { ends: ..., ..DuelRules::FEN };`.
pub struct DuelRules {
    /// Start position `n` (`Variant::starts`).
    pub start: fn(&'static Variant, u32) -> Result<Position>,
    pub parse: fn(&'static Variant, &str) -> Result<Position>,
    pub write: fn(&Position) -> String,
    pub ends: Ends,
    /// Whether the house rules' move limit ends the game in a draw (not in chess).
    pub move_limit: bool,
    /// What running out of time comes to for a seat; None: a loss.
    pub timeout: Option<fn(&Position, Seat) -> Outcome>,
}

impl DuelRules {
    /// FEN (Shredder castling letters where the king takes its rook to castle), the variant's
    /// one start, FIDE's ends, the house rules' move limit, a time-out loses.
    pub const FEN: DuelRules = DuelRules {
        start: start_from_fen,
        parse: fen::parse,
        write: write_fen,
        ends: Ends::FIDE,
        move_limit: true,
        timeout: None,
    };
}

/// The variant's one start (`Variant::start_fen`), in the game's notation.
pub fn start_from_fen(v: &'static Variant, _n: u32) -> Result<Position> {
    v.rules().parse(v, &v.start_fen)
}

/// FEN, with Shredder castling letters where the king takes its rook to castle (Chess960).
pub fn write_fen(pos: &Position) -> String {
    fen::write(pos, pos.variant.castle_king_takes_rook)
}

impl Rules for DuelRules {
    fn start_position(&self, v: &'static Variant, n: u32) -> Result<Position> {
        (self.start)(v, n)
    }
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        (self.parse)(v, text)
    }
    fn write(&self, pos: &Position) -> String {
        (self.write)(pos)
    }
    fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome> {
        self.ends.outcome(pos, history)
    }
    fn timeout(&self, ctx: &mut Ctx, s: Seat) -> Outcome {
        match self.timeout {
            Some(f) => f(ctx.pos, s),
            None => Outcome::win(vec![1 - s], EndReason::Timeout),
        }
    }
    // the ends, the move limit and the time-out read the position after the action only
    fn reads_before(&self) -> bool {
        false
    }
    fn after_move(&self, ctx: &mut Ctx) -> Option<Outcome> {
        let limit = self.move_limit && multi::move_limit_reached(ctx);
        self.outcome(ctx.pos, ctx.history)
            .or_else(|| limit.then(|| Outcome::draw(EndReason::MoveLimit)))
    }
}
