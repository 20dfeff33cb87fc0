//! The home screen's list of games: every game id Rookery knows, playable or not yet.

use rookery_core::game::HouseRules;
use rookery_core::rules::{self, Group};

use crate::session::MessageView;

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

/// A bot level a player may pick on the new-game screen, with how strong it plays (decided in
/// `rookery_core::levels`; measured in chess only, and the label says so).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BotLevel {
    /// 1 (weakest) to 8.
    pub level: u8,
    /// What the picker shows: `seat-bot-about` {level, elo} (in English "Bot, level {level} ·
    /// ≈ {elo} Elo (chess)") or `seat-bot-under` {level, elo} ("… · under {elo} Elo (chess)").
    pub label: MessageView,
    /// The strength alone, beside a level already shown: `level-strength-about` {elo}
    /// ("≈ {elo} Elo (chess)") or `level-strength-under` {elo} ("under {elo} Elo (chess)").
    pub strength: MessageView,
    /// The level's strength in chess on Stockfish's Elo scale: about this Elo, or under it
    /// when `chess_elo_under`.
    pub chess_elo: u16,
    pub chess_elo_under: bool,
    /// The level a new bot seat starts at.
    pub is_default: bool,
}

/// The bot levels a player picks from, weakest first, each with its strength.
#[uniffi::export]
pub fn bot_levels() -> Vec<BotLevel> {
    use rookery_core::levels::ChessElo;
    rookery_core::levels::bot_levels()
        .into_iter()
        .map(|l| {
            let (chess_elo, chess_elo_under) = match l.chess_elo {
                ChessElo::Under(e) => (e, true),
                ChessElo::About(e) => (e, false),
            };
            BotLevel {
                level: l.level,
                label: l.label.into(),
                strength: l.strength.into(),
                chess_elo,
                chess_elo_under,
                is_default: l.default,
            }
        })
        .collect()
}
