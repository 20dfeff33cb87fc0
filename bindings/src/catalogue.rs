//! The home screen's list of games: every game id Rookery knows, playable or not yet.

use rookery_core::game::HouseRules;
use rookery_core::rules::{self, Group};

/// The three groups of the catalogue (home screen sections).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameGroup {
    /// Chess and variants.
    ChessVariants,
    /// The chess family (shatranj, xiangqi, shogi, ...).
    ChessFamily,
    /// More players (three, four and eight players).
    MorePlayers,
}

impl From<Group> for GameGroup {
    fn from(g: Group) -> Self {
        match g {
            Group::ChessVariants => Self::ChessVariants,
            Group::ChessFamily => Self::ChessFamily,
            Group::MorePlayers => Self::MorePlayers,
        }
    }
}

/// House rules of a game (seed 001): chosen on the new-game screen.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HouseRulesConfig {
    /// At this total number of moves the game ends with places decided by points.
    pub move_limit: Option<u32>,
    /// Mark the cells a selected piece can reach.
    pub show_legal_moves: bool,
    /// Each new game, the first seat moves one place clockwise.
    pub rotate_first_seat: bool,
    /// Seconds per turn (None, 30 or 60).
    pub turn_seconds: Option<u32>,
}

impl From<HouseRules> for HouseRulesConfig {
    fn from(h: HouseRules) -> Self {
        Self {
            move_limit: h.move_limit,
            show_legal_moves: h.show_legal_moves,
            rotate_first_seat: h.rotate_first_seat,
            turn_seconds: h.turn_seconds,
        }
    }
}

impl From<HouseRulesConfig> for HouseRules {
    fn from(h: HouseRulesConfig) -> Self {
        Self {
            move_limit: h.move_limit,
            show_legal_moves: h.show_legal_moves,
            rotate_first_seat: h.rotate_first_seat,
            turn_seconds: h.turn_seconds,
        }
    }
}

/// One game of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameEntry {
    /// Game id, e.g. `chess`, `four-player-ffa` (the key for [`crate::GameSession`]).
    pub id: String,
    pub group: GameGroup,
    pub seat_count: u8,
    /// Colour id of each seat ("white", "red", ...); empty while the game is not playable.
    pub seat_colours: Vec<String>,
    pub default_house_rules: HouseRulesConfig,
    /// Key of the rules page in the apps' assets.
    pub rules_key: String,
    /// Whether the rules engine plays this game yet.
    pub playable: bool,
    /// How many numbered start positions the game has (Chess960: 960; 1 = one start): the
    /// new-game screen offers to draw one where there are several.
    pub start_positions: u32,
}

/// Every game id (all 25), in catalogue order.
#[uniffi::export]
pub fn catalogue() -> Vec<GameEntry> {
    rules::catalogue()
        .into_iter()
        .map(|info| GameEntry {
            id: info.id.to_owned(),
            group: info.group.into(),
            seat_count: info.seats,
            seat_colours: rules::variant(info.id)
                .map(|v| v.seats.iter().map(|s| s.colour.to_owned()).collect())
                .unwrap_or_default(),
            default_house_rules: HouseRules::default().into(),
            rules_key: info.rules_key.to_owned(),
            playable: info.playable,
            start_positions: rules::variant(info.id).map(|v| v.starts.0).unwrap_or(1),
        })
        .collect()
}

/// The default house rules (what the new-game screen starts from).
#[uniffi::export]
pub fn default_house_rules() -> HouseRulesConfig {
    HouseRules::default().into()
}
