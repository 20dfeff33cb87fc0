//! The bot levels a player picks from and how strong each plays, decided once here (beside
//! `bot`, whose levels it describes): the terminal's setup, the Android picker and the iOS
//! picker show the same list and the same words (through the bindings' `bot_levels`).
//!
//! The strength is measured in chess only (README "How strong each level is":
//! `tests/python/strength.py`, Stockfish limited to an Elo); the label says so, and no figure
//! is claimed for the other games.

use crate::bot::{DEFAULT_LEVEL, LEVELS};
use crate::message::{level as key, Message};

/// How strong a level plays chess, on Stockfish's `UCI_Elo` scale: about this Elo, or under it
/// (it lost nearly every game against Stockfish's lowest measured Elo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChessElo {
    Under(u16),
    About(u16),
}

/// Each level's chess strength, level 1 first: the "about" column of the README's table
/// (`cli/tests/readme.rs` checks that the two agree).
pub const CHESS_ELO: [ChessElo; LEVELS.len()] = [
    ChessElo::Under(1350),
    ChessElo::Under(1350),
    ChessElo::About(1400),
    ChessElo::About(1400),
    ChessElo::About(1500),
    ChessElo::About(1700),
    ChessElo::About(1800),
    ChessElo::About(1900),
];

/// One level a player may pick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelChoice {
    pub level: u8,
    pub chess_elo: ChessElo,
    /// What a picker that lists the levels shows (in English "Bot, level {level} · ≈ {elo} Elo
    /// (chess)" or "… · under {elo} Elo (chess)").
    pub label: Message,
    /// The strength alone, beside a level already shown ("≈ {elo} Elo (chess)" or "under {elo}
    /// Elo (chess)").
    pub strength: Message,
    /// The level a new bot seat starts at.
    pub default: bool,
}

/// The levels a player picks from, weakest first (level 0, the random mover, is for tests and
/// matches, not offered).
pub fn bot_levels() -> Vec<LevelChoice> {
    (1..=LEVELS.len() as u8)
        .filter_map(|level| {
            Some(LevelChoice {
                level,
                chess_elo: chess_elo(level)?,
                label: level_label(level),
                strength: strength_label(level)?,
                default: level == DEFAULT_LEVEL,
            })
        })
        .collect()
}

/// The chess strength of a level 1–8 (`None` for level 0 and above 8).
pub fn chess_elo(level: u8) -> Option<ChessElo> {
    CHESS_ELO.get((level as usize).checked_sub(1)?).copied()
}

/// The picker's label of a level: with its chess strength, or plain `seat-bot` for a level
/// without one (0, the random mover).
pub fn level_label(level: u8) -> Message {
    match chess_elo(level) {
        Some(ChessElo::Under(elo)) => Message::new(key::UNDER)
            .with("level", level)
            .with("elo", elo),
        Some(ChessElo::About(elo)) => Message::new(key::ABOUT)
            .with("level", level)
            .with("elo", elo),
        None => Message::new("seat-bot").with("level", level),
    }
}

/// A level's chess strength alone (`None` for a level without one).
pub fn strength_label(level: u8) -> Option<Message> {
    Some(match chess_elo(level)? {
        ChessElo::Under(elo) => Message::new(key::STRENGTH_UNDER).with("elo", elo),
        ChessElo::About(elo) => Message::new(key::STRENGTH_ABOUT).with("elo", elo),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_a_chess_strength_that_never_falls_as_levels_rise() {
        let levels = bot_levels();
        assert_eq!(levels.len(), LEVELS.len());
        let elo = |e: ChessElo| match e {
            ChessElo::Under(x) => x as i32 - 1,
            ChessElo::About(x) => x as i32,
        };
        for w in levels.windows(2) {
            assert_eq!(w[1].level, w[0].level + 1);
            assert!(elo(w[1].chess_elo) >= elo(w[0].chess_elo) - 50, "{w:?}");
        }
        assert_eq!(levels.iter().filter(|l| l.default).count(), 1);
        assert_eq!(
            levels.iter().find(|l| l.default).unwrap().level,
            DEFAULT_LEVEL
        );
    }

    #[test]
    fn level_labels_name_the_level_and_its_chess_elo() {
        let l8 = level_label(8);
        assert_eq!(l8.key, key::ABOUT);
        assert_eq!(l8.arg("level"), Some("8"));
        assert_eq!(l8.arg("elo"), Some("1900"));
        assert_eq!(level_label(1).key, key::UNDER);
        assert_eq!(level_label(0).key, "seat-bot");
        assert_eq!(
            strength_label(3),
            Some(Message::new(key::STRENGTH_ABOUT).with("elo", 1400))
        );
        assert_eq!(
            strength_label(2),
            Some(Message::new(key::STRENGTH_UNDER).with("elo", 1350))
        );
        assert_eq!(strength_label(0), None);
        assert_eq!(chess_elo(9), None);
    }
}
