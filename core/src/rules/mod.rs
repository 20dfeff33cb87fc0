//! Game ids, the catalogue, and each rule family's hooks.
//!
//! A game is a [`Variant`] (data) plus its family's [`Rules`] in a submodule here: the start
//! position and notation, extra moves, legality filters, move effects, the outcome a search
//! sees, and what happens after an action (scores, players going out, mates, draws).

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
pub mod shatranj;
pub mod shogi;
pub mod testbed;
pub mod three;
pub mod variants;
pub mod xiangqi;

use once_cell::sync::Lazy;

use crate::error::{Error, Result};
use crate::game::{Action, Choice, Ctx, EndReason, Outcome};
use crate::piece::{Piece, Seat};
use crate::position::{Move, Position};
use crate::variant::Variant;

pub use crate::variant::Group;
use crate::variant::{Facts, Look, RecordForm};

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

/// One row of the registry: a game's id, how its variant is built (its rule family's
/// constructor) and what shells and tools know of it.
pub struct Entry {
    pub id: &'static str,
    pub build: fn() -> Variant,
    pub facts: Facts,
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
            .or_else(|| multi::move_limit_reached(ctx).then(|| Outcome::draw(EndReason::MoveLimit)))
    }
    /// The decisions the players must take before play goes on (three-player: after a mate).
    fn choices(&self, _pos: &Position) -> Vec<Choice> {
        Vec::new()
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
