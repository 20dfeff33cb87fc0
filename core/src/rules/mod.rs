//! Game ids, the catalogue, and each rule family's hooks.
//!
//! A game is a [`Variant`] (data) plus its family's [`Rules`] in a submodule here: the start
//! position and notation, extra moves, legality filters, move effects, the outcome a search
//! sees, and what happens after an action (scores, players going out, mates, draws).

pub mod chaturaji;
pub mod chess;
pub mod eight;
pub mod four;
pub mod four_seasons;
pub mod friendly;
pub mod multi;
pub mod shatranj;
pub mod shogi;
pub mod testbed;
pub mod three;
pub mod variants;
pub mod xiangqi;

use once_cell::sync::Lazy;

use crate::error::{Error, Result};
use crate::game::{Choice, Ctx, Outcome};
use crate::piece::{Piece, Seat};
use crate::position::{Move, Position};
use crate::variant::{Family, Variant};

/// The three groups of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    ChessVariants,
    ChessFamily,
    MorePlayers,
}

/// One entry of the catalogue: every game id Rookery knows, playable or not yet.
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub group: Group,
    pub seats: u8,
    /// Whether the rules engine plays this game yet.
    pub playable: bool,
    /// Key of the rules page in assets/ (same as the id).
    pub rules_key: &'static str,
}

const CATALOGUE: &[(&str, Group, u8)] = &[
    ("chess", Group::ChessVariants, 2),
    ("chess960", Group::ChessVariants, 2),
    ("antichess", Group::ChessVariants, 2),
    ("atomic", Group::ChessVariants, 2),
    ("crazyhouse", Group::ChessVariants, 2),
    ("duck", Group::ChessVariants, 2),
    ("fog-of-war", Group::ChessVariants, 2),
    ("friendly", Group::ChessVariants, 2),
    ("chaturanga", Group::ChessFamily, 2),
    ("shatranj", Group::ChessFamily, 2),
    ("makruk", Group::ChessFamily, 2),
    ("ouk-chatrang", Group::ChessFamily, 2),
    ("sittuyin", Group::ChessFamily, 2),
    ("xiangqi", Group::ChessFamily, 2),
    ("janggi", Group::ChessFamily, 2),
    ("shogi", Group::ChessFamily, 2),
    ("minishogi", Group::ChessFamily, 2),
    ("chaturaji", Group::MorePlayers, 4),
    ("four-seasons", Group::MorePlayers, 4),
    ("three-player", Group::MorePlayers, 3),
    ("four-player-ffa", Group::MorePlayers, 4),
    ("four-player-teams", Group::MorePlayers, 4),
    ("eight-player-ffa", Group::MorePlayers, 8),
    ("eight-player-pairs", Group::MorePlayers, 8),
    ("eight-player-teams", Group::MorePlayers, 8),
];

/// Every game id, in catalogue order.
pub fn catalogue() -> Vec<GameInfo> {
    CATALOGUE
        .iter()
        .map(|&(id, group, seats)| GameInfo {
            id,
            group,
            seats,
            playable: variant(id).is_ok(),
            rules_key: id,
        })
        .collect()
}

static CHESS: Lazy<Variant> = Lazy::new(|| chess::variant("chess"));
static CHESS960: Lazy<Variant> = Lazy::new(|| chess::variant("chess960"));
static THREE_PLAYER: Lazy<Variant> = Lazy::new(three::variant);
static FOUR_FFA: Lazy<Variant> = Lazy::new(|| four::variant(four::FFA));
static FOUR_TEAMS: Lazy<Variant> = Lazy::new(|| four::variant(four::TEAMS));
static CHATURAJI: Lazy<Variant> = Lazy::new(chaturaji::variant);
static FOUR_SEASONS: Lazy<Variant> = Lazy::new(four_seasons::variant);
static EIGHT_FFA: Lazy<Variant> = Lazy::new(|| eight::variant(eight::FFA));
static EIGHT_PAIRS: Lazy<Variant> = Lazy::new(|| eight::variant(eight::PAIRS));
static EIGHT_TEAMS: Lazy<Variant> = Lazy::new(|| eight::variant(eight::TEAMS));
static XIANGQI: Lazy<Variant> = Lazy::new(xiangqi::xiangqi_variant);
static JANGGI: Lazy<Variant> = Lazy::new(xiangqi::janggi_variant);
static SHOGI: Lazy<Variant> = Lazy::new(shogi::shogi_variant);
static MINISHOGI: Lazy<Variant> = Lazy::new(shogi::minishogi_variant);
static ANTICHESS: Lazy<Variant> =
    Lazy::new(|| variants::variant("antichess", variants::Rule::Antichess));
static ATOMIC: Lazy<Variant> = Lazy::new(|| variants::variant("atomic", variants::Rule::Atomic));
static CRAZYHOUSE: Lazy<Variant> =
    Lazy::new(|| variants::variant("crazyhouse", variants::Rule::Crazyhouse));
static DUCK: Lazy<Variant> = Lazy::new(|| variants::variant("duck", variants::Rule::Duck));
static FRIENDLY: Lazy<Variant> = Lazy::new(friendly::variant);
static FOG_OF_WAR: Lazy<Variant> =
    Lazy::new(|| variants::variant("fog-of-war", variants::Rule::Fog));
static SHATRANJ_FAMILY: Lazy<[Variant; 5]> = Lazy::new(shatranj::variants);

/// The variant of a playable game id.
pub fn variant(id: &str) -> Result<&'static Variant> {
    match id {
        "chess" => Ok(&CHESS),
        "chess960" => Ok(&CHESS960),
        "three-player" => Ok(&THREE_PLAYER),
        "four-player-ffa" => Ok(&FOUR_FFA),
        "four-player-teams" => Ok(&FOUR_TEAMS),
        chaturaji::ID => Ok(&CHATURAJI),
        four_seasons::ID => Ok(&FOUR_SEASONS),
        "eight-player-ffa" => Ok(&EIGHT_FFA),
        "eight-player-pairs" => Ok(&EIGHT_PAIRS),
        "eight-player-teams" => Ok(&EIGHT_TEAMS),
        "xiangqi" => Ok(&XIANGQI),
        "janggi" => Ok(&JANGGI),
        "shogi" => Ok(&SHOGI),
        "minishogi" => Ok(&MINISHOGI),
        "antichess" => Ok(&ANTICHESS),
        "atomic" => Ok(&ATOMIC),
        "crazyhouse" => Ok(&CRAZYHOUSE),
        "duck" => Ok(&DUCK),
        "fog-of-war" => Ok(&FOG_OF_WAR),
        _ if shatranj::index(id).is_some() => Ok(&SHATRANJ_FAMILY[shatranj::index(id).unwrap()]),
        "friendly" => Ok(&FRIENDLY),
        _ if CATALOGUE.iter().any(|(g, _, _)| *g == id) => {
            Err(Error::UnknownGame(format!("{id} (not playable yet)")))
        }
        _ => Err(Error::UnknownGame(id.to_string())),
    }
}

/// One place in a finished game: the seat, its place (1 = first; seats that tie share a place)
/// and its points (the game's score where it keeps one; two-player games: 1 for a win, 0 else).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub seat: Seat,
    pub place: u8,
    pub points: i32,
}

/// The rules of one family: everything a game does beyond its data (`Variant`). Every method is
/// required, so a family that lacks a hook does not compile; `rules_of` maps every `Family` to
/// its rules with an exhaustive match. The hot-path hooks (`extra_moves`, `legal`, `effects`)
/// run only where the variant's `Hooks` ask for them.
pub trait Rules: Sync {
    /// Start position `n` of the game (`Variant::starts`; 0 for games with one start).
    fn start_position(&self, v: &'static Variant, n: u32) -> Result<Position>;
    /// Reads a position in the game's own notation (FEN, FEN4, FEN8, ...).
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position>;
    /// Writes a position in the game's own notation.
    fn write(&self, pos: &Position) -> String;
    /// Moves beyond the atoms, castling and drops: pass, the duck's placement, setup moves.
    fn extra_moves(&self, pos: &Position, out: &mut Vec<Move>);
    /// Whether a legal move is made with a button rather than by taps on cells (a pass, a set-up
    /// choice, a declaration), with the button's label (`action-*` keys); None for moves made
    /// by taps. The interaction layer (`interact::buttons`) offers these and no cell tap makes
    /// them.
    fn button(&self, pos: &Position, m: Move) -> Option<crate::message::Message>;
    /// Legality beyond king safety (forced capture, nifu, flying general, pawn-drop mate).
    fn legal(&self, pos: &mut Position, m: Move) -> bool;
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
    /// What a move does beyond moving its piece, inside `make` and journaled through
    /// `Position::set`/`add_hand` (explosions, special setup moves); `captured` is the piece it
    /// took, if any.
    fn effects(&self, pos: &mut Position, m: Move, captured: Piece);
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
    fn after_action(&self, ctx: &mut Ctx) -> Option<Outcome>;
    /// The decisions the players must take before play goes on (three-player: after a mate).
    fn choices(&self, pos: &Position) -> Vec<Choice>;
    /// Whether the players may end the game by agreement at any time (`Choice::End`).
    fn may_end_by_agreement(&self) -> bool;
    /// What a finished game means for each seat.
    fn standings(&self, pos: &Position, outcome: &Outcome) -> Vec<Standing>;
}

/// The rules of a family: an exhaustive match, so a new family must name its rules here.
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

pub fn rules_of(f: Family) -> &'static dyn Rules {
    match f {
        Family::Chess => &chess::ChessRules,
        Family::FourFfa => &four::RULES_FFA,
        Family::FourTeams => &four::RULES_TEAMS,
        Family::EightFfa => &eight::RULES_FFA,
        Family::EightPairs | Family::EightTeams => &eight::RULES_TEAMS,
        Family::ThreePlayer => &three::RULES,
        Family::Chaturaji => &chaturaji::RULES,
        Family::FourSeasons => &four_seasons::RULES,
        Family::Antichess => &variants::ANTICHESS,
        Family::Atomic => &variants::ATOMIC,
        Family::Crazyhouse => &variants::CRAZYHOUSE,
        Family::Duck => &variants::DUCK_RULES,
        Family::FogOfWar => &variants::FOG,
        Family::Shatranj(r) => shatranj::rules(r),
        Family::Friendly => &friendly::RULES,
        Family::Testbed(m) => testbed::rules(m),
        Family::Xiangqi => &xiangqi::XiangqiRules,
        Family::Janggi => &xiangqi::JanggiRules,
        Family::Shogi => &shogi::ShogiRules,
    }
}

/// The button of a legal move made without taps on cells (see [`Rules::button`]).
pub fn button(pos: &Position, m: Move) -> Option<crate::message::Message> {
    rules_of(pos.variant.family).button(pos, m)
}

/// The numbered starts of a game (Chess960: `Some((960, 518))`): how many, and the usual one;
/// None for games with one start or unknown ids.
pub fn numbered_starts(id: &str) -> Option<(u32, u32)> {
    variant(id).ok().map(|v| v.starts).filter(|s| s.0 > 1)
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

/// Whether the players may end a game of this variant by agreement at any time with
/// `Action::Choose(Choice::End)` (eight-player chess: the shell offers it once no person at
/// the board is still playing, see `multi::no_person_playing`).
pub fn may_end_by_agreement(v: &Variant) -> bool {
    v.rules().may_end_by_agreement()
}

/// The decisions the players must take before play goes on in this position (see
/// [`crate::game::Game::choices`]); empty in most games and positions.
pub fn choices(pos: &Position) -> Vec<Choice> {
    pos.variant.rules().choices(pos)
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
