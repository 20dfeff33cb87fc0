//! The registry: every game, one row each (its id, its variant's constructor, what shells and
//! tools know of it), the variants built once, and the games looked up by id. It sits above
//! the rule families it names (and the rules interface); `rules` re-exports its names
//! (`rules::variant(id)`).

use once_cell::sync::Lazy;

use crate::error::{Error, Result};
use crate::game::{Game, HouseRules};
use crate::rules::{
    self, chaturaji, chess, eight, four, four_seasons, friendly, shatranj, shogi, three, variants,
    xiangqi, Entry,
};
use crate::variant::{Facts, Group, Look, RecordForm, Variant};

/// One entry of the catalogue: every game id Rookery knows.
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

/// Facts shared by most games of a group, for the rows below to differ from.
const VARIANTS: Facts = Facts::CHESS_LIKE;
const FAMILY: Facts = Facts {
    group: Group::ChessFamily,
    san: false,
    ..Facts::CHESS_LIKE
};
const MORE: Facts = Facts {
    group: Group::MorePlayers,
    san: false,
    record: RecordForm::Rookery,
    ..Facts::CHESS_LIKE
};

/// Every game, in catalogue order: the registry. A new game is one row here plus its
/// variant's constructor (see docs/ARCHITECTURE.md, "How to add a game").
pub const GAMES: &[Entry] = &[
    Entry {
        id: "chess",
        build: || chess::variant("chess"),
        facts: Facts {
            uci: Some("chess"),
            ..VARIANTS
        },
    },
    Entry {
        id: "chess960",
        build: || chess::variant("chess960"),
        facts: Facts {
            uci: Some("fischerandom"),
            pgn_variant: Some("Chess960"),
            ..VARIANTS
        },
    },
    Entry {
        id: "antichess",
        build: || variants::variant("antichess", variants::Rule::Antichess),
        facts: Facts {
            uci: Some("antichess"),
            pgn_variant: Some("antichess"),
            ..VARIANTS
        },
    },
    Entry {
        id: "atomic",
        build: || variants::variant("atomic", variants::Rule::Atomic),
        facts: Facts {
            uci: Some("atomic"),
            pgn_variant: Some("atomic"),
            ..VARIANTS
        },
    },
    Entry {
        id: "crazyhouse",
        build: || variants::variant("crazyhouse", variants::Rule::Crazyhouse),
        facts: Facts {
            uci: Some("crazyhouse"),
            pgn_variant: Some("crazyhouse"),
            ..VARIANTS
        },
    },
    Entry {
        id: "duck",
        build: || variants::variant("duck", variants::Rule::Duck),
        facts: Facts {
            uci: Some("duck"),
            pgn_variant: Some("duck"),
            ..VARIANTS
        },
    },
    Entry {
        id: "fog-of-war",
        build: || variants::variant("fog-of-war", variants::Rule::Fog),
        facts: Facts {
            uci: Some("fogofwar"),
            pgn_variant: Some("Fog of War"),
            ..VARIANTS
        },
    },
    Entry {
        id: "friendly",
        build: friendly::variant,
        facts: Facts {
            san: false,
            record: RecordForm::Rookery,
            ..VARIANTS
        },
    },
    Entry {
        id: "chaturanga",
        build: || shatranj::variant("chaturanga", shatranj::Ruleset::Chaturanga),
        facts: Facts {
            uci: Some("chaturangakc"),
            pgn_variant: Some("chaturanga"),
            marks_checks: true,
            ..FAMILY
        },
    },
    Entry {
        id: "shatranj",
        build: || shatranj::variant("shatranj", shatranj::Ruleset::Shatranj),
        facts: Facts {
            uci: Some("shatranj"),
            pgn_variant: Some("shatranj"),
            ..FAMILY
        },
    },
    Entry {
        id: "makruk",
        build: || shatranj::variant("makruk", shatranj::Ruleset::Makruk),
        facts: Facts {
            uci: Some("makruk"),
            pgn_variant: Some("makruk"),
            ..FAMILY
        },
    },
    Entry {
        id: "ouk-chatrang",
        build: || shatranj::variant("ouk-chatrang", shatranj::Ruleset::OukChatrang),
        facts: Facts {
            uci: Some("cambodian"),
            pgn_variant: Some("cambodian"),
            ..FAMILY
        },
    },
    Entry {
        id: "sittuyin",
        build: || shatranj::variant("sittuyin", shatranj::Ruleset::Sittuyin),
        facts: Facts {
            uci: Some("sittuyin"),
            pgn_variant: Some("sittuyin"),
            hand_slots: "KFRSN",
            ..FAMILY
        },
    },
    Entry {
        id: "xiangqi",
        build: xiangqi::xiangqi_variant,
        facts: Facts {
            uci: Some("xiangqi"),
            pgn_variant: Some("xiangqi"),
            look: Look::Xiangqi,
            art: "xiangqi",
            ..FAMILY
        },
    },
    Entry {
        id: "janggi",
        build: xiangqi::janggi_variant,
        facts: Facts {
            uci: Some("janggi"),
            pgn_variant: Some("janggi"),
            look: Look::Janggi,
            art: "janggi",
            ..FAMILY
        },
    },
    Entry {
        id: "shogi",
        build: shogi::shogi_variant,
        facts: Facts {
            uci: Some("shogi"),
            usi: Some("shogi"),
            pgn_variant: None,
            record: RecordForm::Kif,
            more_records: &[RecordForm::Csa],
            look: Look::Shogi { zone: 3 },
            art: "shogi",
            hand_slots: "PLNSGBR",
            ..FAMILY
        },
    },
    Entry {
        id: "minishogi",
        build: shogi::minishogi_variant,
        facts: Facts {
            uci: Some("minishogi"),
            usi: Some("minishogi"),
            pgn_variant: None,
            // CSA writes the 9×9 board only
            record: RecordForm::Kif,
            look: Look::Shogi { zone: 1 },
            art: "shogi",
            hand_slots: "PSGBR",
            ..FAMILY
        },
    },
    Entry {
        id: "chaturaji",
        build: chaturaji::variant,
        facts: MORE,
    },
    Entry {
        id: "four-seasons",
        build: four_seasons::variant,
        facts: Facts {
            pawns_turn: true,
            centre_diagonals: true,
            ..MORE
        },
    },
    Entry {
        id: "three-player",
        build: three::variant,
        facts: Facts {
            pawns_turn: true,
            score_unit: three::POINT,
            ..MORE
        },
    },
    Entry {
        id: "four-player-ffa",
        build: || four::variant(four::FFA),
        facts: Facts {
            pgn_variant: Some("FFA"),
            record: RecordForm::Pgn4,
            ..MORE
        },
    },
    Entry {
        id: "four-player-teams",
        build: || four::variant(four::TEAMS),
        facts: Facts {
            pgn_variant: Some("Teams"),
            record: RecordForm::Pgn4,
            ..MORE
        },
    },
    Entry {
        id: "eight-player-ffa",
        build: || eight::variant(eight::FFA),
        facts: MORE,
    },
    Entry {
        id: "eight-player-pairs",
        build: || eight::variant(eight::PAIRS),
        facts: MORE,
    },
    Entry {
        id: "eight-player-teams",
        build: || eight::variant(eight::TEAMS),
        facts: MORE,
    },
];

/// The registry's variants, built once, in [`GAMES`] order.
static BUILT: Lazy<Vec<Variant>> = Lazy::new(|| {
    GAMES
        .iter()
        .map(|e| {
            let mut v = (e.build)();
            v.facts = e.facts;
            v
        })
        .collect()
});

/// Every game id, in catalogue order.
pub fn catalogue() -> Vec<GameInfo> {
    BUILT
        .iter()
        .map(|v| GameInfo {
            id: v.id,
            group: v.facts.group,
            seats: v.seat_count() as u8,
            playable: true,
            rules_key: v.id,
        })
        .collect()
}

/// Every registered game's variant, in catalogue order.
pub fn games() -> impl Iterator<Item = &'static Variant> {
    BUILT.iter()
}

/// The variant of a game id.
pub fn variant(id: &str) -> Result<&'static Variant> {
    BUILT
        .iter()
        .find(|v| v.id == id)
        .ok_or_else(|| Error::UnknownGame(id.to_string()))
}

/// The numbered starts of a game (Chess960: `Some((960, 518))`): how many, and the usual one;
/// None for games with one start or unknown ids.
pub fn numbered_starts(id: &str) -> Option<(u32, u32)> {
    variant(id).ok().map(|v| v.starts).filter(|s| s.0 > 1)
}

impl Game {
    /// A new game from the variant's start (Chess960: `seed` picks the start; see `from_fen`).
    pub fn new(id: &str) -> Result<Game> {
        let v = variant(id)?;
        Self::from_position(rules::start_position(v, 0)?, HouseRules::default(), 0)
    }

    /// A new game with options: `seed` drives random rules; `start_number` selects a start
    /// (Chess960 numbers 0–959).
    pub fn with_options(
        id: &str,
        house: HouseRules,
        seed: u64,
        start_number: Option<u32>,
    ) -> Result<Game> {
        let v = variant(id)?;
        let n = start_number.unwrap_or(seed as u32);
        Self::from_position(rules::start_position(v, n)?, house, seed)
    }

    pub fn from_fen(id: &str, fen: &str) -> Result<Game> {
        let v = variant(id)?;
        Self::from_position(rules::parse_position(v, fen)?, HouseRules::default(), 0)
    }
}
