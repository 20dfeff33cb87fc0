//! The rules interface and each rule family's hooks.
//!
//! A game is a [`Variant`] (data) plus its family's [`Rules`] in a submodule here: the start
//! position and notation, extra moves, legality filters, move effects, the outcome a search
//! sees, and what happens after an action (scores, players going out, mates, draws). The
//! registry of every game (`registry`, re-exported here) sits above the families.

pub mod chaturaji;
pub mod chess;
pub mod duel;
pub mod eight;
#[cfg(test)]
pub mod example;
pub mod four;
pub mod four_seasons;
pub mod friendly;
pub mod multi;
pub mod registry;
pub mod shatranj;
pub mod shogi;
pub mod testbed;
pub mod three;
pub mod variants;
pub mod xiangqi;

use crate::error::Result;
use crate::game::{Action, Choice, Ctx, EndReason, Outcome};
use crate::piece::{Piece, Seat};
use crate::position::{CastleDef, Move, Position};
use crate::variant::Variant;

use crate::variant::Facts;
pub use crate::variant::Group;
// the registry's names, where the shells have always found them (`rules::variant(id)`)
pub use registry::{catalogue, games, numbered_starts, variant, GameInfo, GAMES};

/// One row of the registry: a game's id, how its variant is built (its rule family's
/// constructor) and what shells and tools know of it.
pub struct Entry {
    pub id: &'static str,
    pub build: fn() -> Variant,
    pub facts: Facts,
}

/// One place in a finished game: the seat, its place (1 = first; seats that tie share a place)
/// and its points (the game's score where it keeps one; two-player games: 1 for a win, 0 else).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub seat: Seat,
    pub place: u8,
    pub points: i32,
}

/// The rules of one family: everything a game does beyond its data (`Variant`), carried by the
/// variant (`Variant::base` takes them). A family writes its notation and its outcome; the
/// other hooks have defaults for what most two-player games share (the start `Variant::start_fen`,
/// no extra moves, no buttons, no legality beyond king safety, no effects, no choices, no end by
/// agreement, resignation and time-out lose, the winner first). A two-player game that needs
/// no more than its notation, start, ends and time-out rule is a `duel::DuelRules` static; a
/// game of more seats a `multi::MultiRules` static. The hot-path hooks (`extra_moves`,
/// `legal`, `effects`) run only where the variant's `Hooks` ask for them.
pub trait Rules: Sync {
    /// Start position `n` of the game (`Variant::starts`; 0 for games with one start). By
    /// default the variant's one start, `Variant::start_fen` read by [`Rules::parse`].
    fn start_position(&self, v: &'static Variant, _n: u32) -> Result<Position> {
        self.parse(v, &v.start_fen)
    }
    /// Reads a position in the game's own notation (FEN, FEN4, FEN8, ...).
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position>;
    /// Writes a position in the game's own notation.
    fn write(&self, pos: &Position) -> String;
    /// The castling options and rights of a position whose notation gives only a flag per seat
    /// and side (FEN4: the king side flags, then the queen side flags), derived from where the
    /// kings and rooks stand. None where the game's notation does not read castling so.
    fn castling_from_flags(
        &self,
        _pos: &Position,
        _king_side: &[bool],
        _queen_side: &[bool],
    ) -> Option<(Vec<CastleDef>, u16)> {
        None
    }
    /// Moves beyond the atoms, castling and drops: pass, the duck's placement, setup moves.
    fn extra_moves(&self, _pos: &Position, _out: &mut Vec<Move>) {}
    /// Whether a legal move is made with a button rather than by taps on cells (a pass, a set-up
    /// choice, a declaration), with the button's label (`action-*` keys); None for moves made
    /// by taps. The interaction layer (`interact::buttons`) offers these and no cell tap makes
    /// them.
    fn button(&self, _pos: &Position, _m: Move) -> Option<crate::message::Message> {
        None
    }
    /// Legality beyond king safety (forced capture, nifu, flying general, pawn-drop mate).
    fn legal(&self, _pos: &mut Position, _m: Move) -> bool {
        true
    }
    /// Whether a side that can capture must, and may make no other move (antichess). Searches
    /// read it: where a capture is open, standing pat is no option. False by default.
    fn captures_forced(&self) -> bool {
        false
    }
    /// Whether a side left without a piece wins (antichess): to the evaluation every piece is a
    /// liability. False by default.
    fn bare_wins(&self) -> bool {
        false
    }
    /// Why `legal` refuses a pseudo-legal move, as an `illegal-*` message key, where the game
    /// names the rule (nifu); None says "the rules of this game forbid it".
    fn refusal(&self, _pos: &Position, _m: Move) -> Option<&'static str> {
        None
    }
    /// Further ways the game's players write a legal move `m` of `pos`, beyond its move list's
    /// form and coordinate text, that typed input accepts (shogi: USI, and Western notation
    /// with the origin named). None by default.
    fn move_forms(&self, _pos: &Position, _m: Move) -> Vec<String> {
        Vec::new()
    }
    /// What [`Rules::legal_at`] may reuse for every move of a node, computed once per node
    /// where `Hooks::node_state` asks (atomic: whether the mover is in check, its pinned
    /// pieces).
    fn node_state(&self, _pos: &mut Position) -> NodeState {
        NodeState::default()
    }
    /// [`Rules::legal`] given the node's [`Rules::node_state`] (the same answer, sooner).
    fn legal_at(&self, pos: &mut Position, m: Move, _node: &NodeState) -> bool {
        self.legal(pos, m)
    }
    /// A legal move `m` of `pos` in the game's traditional notation where it has one (xiangqi
    /// WXF, shogi Western); None: coordinate text (the default).
    fn traditional(&self, _pos: &Position, _m: Move) -> Option<String> {
        None
    }
    /// What a move does beyond moving its piece, inside `make` and journaled through
    /// `Position::set`/`add_hand` (explosions, special setup moves); `captured` is the piece it
    /// took, if any.
    fn effects(&self, _pos: &mut Position, _m: Move, _captured: Piece) {}
    /// The outcome of a position as a search sees it, from the position and the hashes of the
    /// positions before it (oldest first; a search passes its path): mate, stalemate, the draws.
    /// None while the game goes on. `pos` is left as it was.
    fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome>;
    /// What a position that stands in `history` already would come to if the players kept
    /// repeating it (a search scores a repetition on its line so): `None` a draw, as in chess;
    /// otherwise what the game's repetition rule gives at its count now (xiangqi and shogi:
    /// the side that gave perpetual check loses; janggi: decided by count; minishogi: sente
    /// loses).
    fn repeated(&self, _pos: &Position, _history: &[u64]) -> Option<Outcome> {
        None
    }
    /// The game-level judgement after every action (resignation, time-out, the multi-player
    /// scoring, outs and mate timing that look at the game's record). May change `ctx.pos`.
    /// By default (two players): resignation loses, a time-out is [`Rules::timeout`], any
    /// other action [`Rules::after_move`].
    fn after_action(&self, ctx: &mut Ctx) -> Option<Outcome> {
        match ctx.action {
            Action::Resign(s) => Some(Outcome::win(vec![1 - s], EndReason::Resignation)),
            Action::Timeout(s) => Some(self.timeout(ctx, s)),
            Action::Move(_) | Action::Choose(_) => self.after_move(ctx),
        }
    }
    /// What seat `s` running out of time comes to (two players, the default: a loss).
    fn timeout(&self, _ctx: &mut Ctx, s: Seat) -> Outcome {
        Outcome::win(vec![1 - s], EndReason::Timeout)
    }
    /// The judgement after a move (or a choice) in the default [`Rules::after_action`]: the
    /// position's [`Rules::outcome`], else a draw once the house rules' move limit is reached.
    fn after_move(&self, ctx: &mut Ctx) -> Option<Outcome> {
        self.outcome(ctx.pos, ctx.history)
            .or_else(|| move_limit_reached(ctx).then(|| Outcome::draw(EndReason::MoveLimit)))
    }
    /// The decisions the players must take before play goes on (three-player: after a mate).
    fn choices(&self, _pos: &Position) -> Vec<Choice> {
        Vec::new()
    }
    /// Whether [`Rules::after_action`] reads `Ctx::before`, the position before the action.
    /// A search's tree ([`crate::tree::Tree::step`]) copies that position for every action
    /// only where it is read (by default it is; rules that never read it say false, and
    /// their `Ctx::before` is then the game's start).
    fn reads_before(&self) -> bool {
        true
    }
    /// Whether the players may end the game by agreement at any time (`Choice::End`).
    fn may_end_by_agreement(&self) -> bool {
        false
    }
    /// What a finished game means for each seat.
    fn standings(&self, _pos: &Position, outcome: &Outcome) -> Vec<Standing> {
        two_player_standings(outcome)
    }
    /// The cells seat `seat` may see in `pos`; None = every cell (no hidden information, the
    /// default; fog of war hides).
    fn visible(&self, _pos: &Position, _seat: Seat) -> Option<crate::board::CellSet> {
        None
    }
    /// Whether the game hides cells from its seats (see [`Rules::visible`]).
    fn hides(&self) -> bool {
        false
    }
}

/// A family filter's facts about one node ([`Rules::node_state`]): a value and a set of
/// cells, whatever the family makes of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeState {
    pub value: u64,
    pub cells: crate::board::CellSet,
    /// The filter's answer for every move of the node, where it does not depend on the move
    /// (then `legal_at` is not asked).
    pub verdict: Option<bool>,
}

/// The button of a legal move made without taps on cells (see [`Rules::button`]).
pub fn button(pos: &Position, m: Move) -> Option<crate::message::Message> {
    pos.variant.rules().button(pos, m)
}

/// The start position of a variant; `n` selects among several starts (Chess960 0–959).
pub fn start_position(v: &'static Variant, n: u32) -> Result<Position> {
    v.rules().start_position(v, n)
}

/// Reads a position in the variant's own notation.
pub fn parse_position(v: &'static Variant, text: &str) -> Result<Position> {
    v.rules().parse(v, text)
}

/// Writes a position in the variant's own notation.
pub fn write_position(pos: &Position) -> String {
    pos.variant.rules().write(pos)
}

/// What the repetition of `pos` (which stands in `history`) comes to: `None` a draw (see
/// [`Rules::repeated`]).
pub fn repeated(pos: &Position, history: &[u64]) -> Option<Outcome> {
    pos.variant.rules().repeated(pos, history)
}

/// The rule family's hook after every action.
pub fn after_action(ctx: &mut Ctx) -> Option<Outcome> {
    ctx.pos.variant.rules().after_action(ctx)
}

/// Whether the rule family's hook after every action reads the position before it
/// ([`Rules::reads_before`]).
pub fn reads_before(v: &Variant) -> bool {
    v.rules().reads_before()
}

/// Whether the players may end a game of this variant by agreement at any time with
/// `Action::Choose(Choice::End)` (eight-player chess: the shell offers it once no person at
/// the board is still playing, see `Game::no_person_playing`).
pub fn may_end_by_agreement(v: &Variant) -> bool {
    v.rules().may_end_by_agreement()
}

/// The decisions the players must take before play goes on in this position (see
/// [`crate::game::Game::choices`]); empty in most games and positions.
pub fn choices(pos: &Position) -> Vec<Choice> {
    pos.variant.rules().choices(pos)
}

/// The move-limit house rule (`HouseRules::move_limit`): whether the game has reached its
/// total number of moves with this action. Every action of the game record counts as one move
/// (a walking king's automatic moves ride along with the action that handed it the turn).
pub fn move_limit_reached(ctx: &Ctx) -> bool {
    match ctx.house.move_limit {
        Some(limit) => ctx.ply as u64 + 1 >= limit as u64,
        None => false,
    }
}

/// Standings for two-player games: the winner first, a draw shares first place.
pub fn two_player_standings(outcome: &Outcome) -> Vec<Standing> {
    (0..2)
        .map(|s| {
            let won = outcome.winners.contains(&s);
            Standing {
                seat: s,
                place: if won || outcome.is_draw() { 1 } else { 2 },
                points: won as i32,
            }
        })
        .collect()
}

/// Standings by score (multi-player games): places by points, ties share a place; winners
/// named by the outcome come first whatever their points (team wins).
pub fn standings_by_score(pos: &Position, outcome: &Outcome) -> Vec<Standing> {
    let n = pos.variant.seat_count() as Seat;
    let key = |s: Seat| (outcome.winners.contains(&s), pos.scores[s as usize]);
    (0..n)
        .map(|s| Standing {
            seat: s,
            place: 1 + (0..n).filter(|&o| key(o) > key(s)).count() as u8,
            points: pos.scores[s as usize],
        })
        .collect()
}
