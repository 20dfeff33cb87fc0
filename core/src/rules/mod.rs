//! Game ids, the catalogue, and each rule family's hooks.
//!
//! A game is a [`Variant`] (data) plus its family's hooks in a submodule here: what happens
//! after a move (scores, players going out, mates, draws) and on resignation.

pub mod chaturaji;
pub mod chess;
pub mod eight;
pub mod four;
pub mod four_seasons;
pub mod multi;
pub mod three;

use once_cell::sync::Lazy;

use crate::error::{Error, Result};
use crate::variant::Variant;

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
        _ if CATALOGUE.iter().any(|(g, _, _)| *g == id) => {
            Err(Error::UnknownGame(format!("{id} (not playable yet)")))
        }
        _ => Err(Error::UnknownGame(id.to_string())),
    }
}

/// The start position of a variant; `n` selects among several starts (Chess960 0–959).
pub fn start_position(v: &'static Variant, n: u32) -> Result<crate::position::Position> {
    match v.family {
        crate::variant::Family::Chess => chess::start_position(v, n),
        _ => parse_position(v, &v.start_fen),
    }
}

/// Reads a position in the variant's own notation.
pub fn parse_position(v: &'static Variant, text: &str) -> Result<crate::position::Position> {
    match v.family {
        crate::variant::Family::Chess => crate::notation::fen::parse(v, text),
        crate::variant::Family::ThreePlayer => three::parse(v, text),
        crate::variant::Family::FourFfa | crate::variant::Family::FourTeams => {
            crate::notation::fen4::parse(v, text)
        }
        crate::variant::Family::EightFfa
        | crate::variant::Family::EightPairs
        | crate::variant::Family::EightTeams => eight::parse(v, text),
        crate::variant::Family::Chaturaji => chaturaji::parse(v, text),
        crate::variant::Family::FourSeasons => four_seasons::parse(v, text),
        // for families added later
        #[allow(unreachable_patterns)]
        _ => Err(Error::BadFen(format!(
            "no position notation for {} yet",
            v.id
        ))),
    }
}

/// Writes a position in the variant's own notation.
pub fn write_position(pos: &crate::position::Position) -> String {
    match pos.variant.family {
        crate::variant::Family::Chess => {
            crate::notation::fen::write(pos, pos.variant.id == "chess960")
        }
        crate::variant::Family::ThreePlayer => three::write(pos),
        crate::variant::Family::FourFfa | crate::variant::Family::FourTeams => {
            crate::notation::fen4::write(pos)
        }
        crate::variant::Family::EightFfa
        | crate::variant::Family::EightPairs
        | crate::variant::Family::EightTeams => eight::write(pos),
        crate::variant::Family::Chaturaji => chaturaji::write(pos),
        crate::variant::Family::FourSeasons => four_seasons::write(pos),
        #[allow(unreachable_patterns)]
        _ => String::new(),
    }
}

/// The rule family's hook after every action.
pub fn after_action(ctx: &mut crate::game::Ctx) -> Option<crate::game::Outcome> {
    match ctx.pos.variant.family {
        crate::variant::Family::Chess => chess::after_action(ctx),
        crate::variant::Family::ThreePlayer => three::after_action(ctx),
        crate::variant::Family::FourFfa | crate::variant::Family::FourTeams => {
            four::after_action(ctx)
        }
        crate::variant::Family::EightFfa
        | crate::variant::Family::EightPairs
        | crate::variant::Family::EightTeams => eight::after_action(ctx),
        crate::variant::Family::Chaturaji => chaturaji::after_action(ctx),
        crate::variant::Family::FourSeasons => four_seasons::after_action(ctx),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// Whether the players may end a game of this variant by agreement at any time with
/// `Action::Choose(Choice::End)` (eight-player chess: the shell offers it once no person at
/// the board is still playing, see `multi::no_person_playing`).
pub fn may_end_by_agreement(v: &Variant) -> bool {
    matches!(
        v.family,
        crate::variant::Family::EightFfa
            | crate::variant::Family::EightPairs
            | crate::variant::Family::EightTeams
    )
}

/// The decisions the players must take before play goes on in this position (see
/// [`crate::game::Game::choices`]); empty in most games and positions.
pub fn choices(pos: &crate::position::Position) -> Vec<crate::game::Choice> {
    match pos.variant.family {
        crate::variant::Family::ThreePlayer => three::choices(pos),
        _ => Vec::new(),
    }
}
