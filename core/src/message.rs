//! Player-facing text as message keys with arguments (`assets/i18n/<lang>.ftl`): the core never
//! builds English sentences; the shells format these keys in the player's language (the
//! terminal player with fluent-bundle, the apps from their generated strings).
//!
//! Arguments that name a seat are the seat number (`seat`, `player-seat`): the shell puts the
//! player's name in its place. `tests/assets.rs` checks every key of [`ALL_KEYS`] in every
//! language.

use crate::error::Error;
use crate::game::{EndReason, Event, OutReason};
use crate::piece::Seat;

/// One message: a key of `assets/i18n/*.ftl` and its arguments (name, value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl Message {
    pub fn new(key: &'static str) -> Message {
        Message {
            key,
            args: Vec::new(),
        }
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Message {
        self.args.push((name, value.to_string()));
        self
    }

    /// The value of argument `name`.
    pub fn arg(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a move or a tap was refused (see [`crate::interact::explain`]).
pub mod illegal {
    pub const GAME_OVER: &str = "illegal-game-over";
    pub const CHOICE_PENDING: &str = "illegal-choice-pending";
    pub const NO_PIECE: &str = "illegal-no-piece";
    pub const NOT_YOUR_PIECE: &str = "illegal-not-your-piece";
    pub const OWN_PIECE_THERE: &str = "illegal-own-piece-there";
    pub const PATH_BLOCKED: &str = "illegal-path-blocked";
    pub const CANNOT_MOVE_THERE: &str = "illegal-cannot-move-there";
    pub const KING_IN_CHECK: &str = "illegal-king-in-check";
    pub const FORBIDDEN_BY_RULES: &str = "illegal-forbidden-by-rules";
    pub const PIECE_CANNOT_MOVE: &str = "illegal-piece-cannot-move";
    pub const NOT_YOUR_TURN: &str = "illegal-not-your-turn";
    /// Drops (`P@c4`): the kind is not in the hand, the cell is taken, the cell is outside the
    /// kind's drop zone, a second unpromoted pawn on a file (nifu).
    pub const DROP_NOT_IN_HAND: &str = "illegal-drop-not-in-hand";
    pub const DROP_OCCUPIED: &str = "illegal-drop-occupied";
    pub const DROP_OUTSIDE_ZONE: &str = "illegal-drop-outside-zone";
    pub const DROP_NIFU: &str = "illegal-drop-nifu";
    /// Pass-and-play in fog of war: the device goes to the next player first.
    pub const HAND_OVER: &str = "illegal-hand-over";
}

/// Labels of the buttons of moves made without taps on cells (`rules::button`) and of the
/// players' pending choices (`interact::buttons`).
/// A bot level with its strength, measured in chess (`crate::levels`): the picker's label
/// (in English "Bot, level {level} · ≈ {elo} Elo (chess)") and the strength alone ("≈ {elo} Elo
/// (chess)"), under or about an Elo.
pub mod level {
    pub const UNDER: &str = "seat-bot-under";
    pub const ABOUT: &str = "seat-bot-about";
    pub const STRENGTH_UNDER: &str = "level-strength-under";
    pub const STRENGTH_ABOUT: &str = "level-strength-about";
}

pub mod button {
    /// A pass (janggi).
    pub const PASS: &str = "action-pass";
    /// The impasse declaration (shogi).
    pub const DECLARE_IMPASSE: &str = "action-declare-impasse";
    /// Janggi's set-up choice: `horse1`, `horse2`, `elephant1`, `elephant2` are points.
    pub const JANGGI_SETUP: &str = "action-janggi-setup";
    /// The players' choices after a mate (three-player chess): `choice-give` names the seat
    /// taking the army in `player-seat`.
    pub const CHOICE_END: &str = "choice-end";
    pub const CHOICE_GREY: &str = "choice-grey";
    pub const CHOICE_GIVE: &str = "choice-give";
}

/// The message key of a way the game ended.
pub fn end_key(r: EndReason) -> &'static str {
    match r {
        EndReason::Checkmate => "end-checkmate",
        EndReason::Stalemate => "end-stalemate",
        EndReason::Repetition => "end-repetition",
        EndReason::FiftyMoves => "end-fifty-moves",
        EndReason::InsufficientMaterial => "end-insufficient-material",
        EndReason::Resignation => "end-resignation",
        EndReason::Timeout => "end-timeout",
        EndReason::KingCaptured => "end-king-captured",
        EndReason::Points => "end-points",
        EndReason::MoveLimit => "end-move-limit",
        EndReason::Agreement => "end-agreement",
        EndReason::BareKing => "end-bare-king",
        EndReason::BoardsHonour => "end-boards-honour",
        EndReason::PiecesHonour => "end-pieces-honour",
        EndReason::Bikjang => "end-bikjang",
        EndReason::DoublePass => "end-double-pass",
        EndReason::Impasse => "end-impasse",
        EndReason::PerpetualCheck => "end-perpetual-check",
        EndReason::PerpetualChase => "end-perpetual-chase",
        EndReason::Sennichite => "end-sennichite",
        EndReason::PawnDropMate => "end-pawn-drop-mate",
    }
}

/// The message key of a way a player went out.
pub fn out_key(r: OutReason) -> &'static str {
    match r {
        OutReason::Checkmate => "out-checkmate",
        OutReason::Stalemate => "out-stalemate",
        OutReason::Resignation => "out-resignation",
        OutReason::Timeout => "out-timeout",
        OutReason::KingCaptured => "out-king-captured",
    }
}

/// The message key of a scoring reason (`Event::Scored::why`): `score-<why>`.
pub fn score_key(why: &str) -> String {
    format!("score-{}", why.trim().replace(' ', "-"))
}

/// A game event as a message: `event-scored` (player, points as the game displays them with
/// their sign, why = a `score-*` key), `event-out` (player, reason = an `out-*` key),
/// `event-walked` (player, move). `name` gives a seat's player name. None for events the shells
/// show only in the move list. Arguments that are keys (`why`, `reason`) are translated by the
/// shell before formatting.
pub fn event_message(
    game: &crate::game::Game,
    e: &Event,
    name: impl Fn(Seat) -> String,
) -> Option<Message> {
    match e {
        Event::Scored { seat, points, why } => Some(
            Message::new("event-scored")
                .with("player", name(*seat))
                .with(
                    "points",
                    format!(
                        "{}{}",
                        if *points >= 0 { "+" } else { "" },
                        score_text(game, *points)
                    ),
                )
                .with("why", score_key(why)),
        ),
        Event::Out { seat, reason } => Some(
            Message::new("event-out")
                .with("player", name(*seat))
                .with("reason", out_key(*reason)),
        ),
        Event::Walked { seat, text } => Some(
            Message::new("event-walked")
                .with("player", name(*seat))
                .with("move", text),
        ),
    }
}

/// An error of the core as a message key (`error-*`) with its detail.
pub fn error_message(e: &Error) -> Message {
    let d = |key: &'static str, detail: &str| Message::new(key).with("detail", detail);
    match e {
        Error::UnknownGame(g) => d("error-unknown-game", g),
        Error::BadFen(m) => d("error-bad-fen", m),
        Error::BadMoveText(m) => d("error-bad-move-text", m),
        Error::IllegalMove(m) => d("error-illegal-move", m),
        Error::GameOver => Message::new("error-game-over"),
        Error::NothingToUndo => Message::new("error-nothing-to-undo"),
        Error::NothingToRedo => Message::new("error-nothing-to-redo"),
        Error::BadSeat(m) => d("error-bad-seat", m),
        Error::BadRecord(m) => d("error-bad-record", m),
        Error::Store(m) => d("error-store", m),
        Error::NoSuchSave(g) => Message::new("error-no-such-save").with("game", g),
        Error::CorruptSave { game, detail } => Message::new("error-corrupt-save")
            .with("game", game)
            .with("detail", detail),
        Error::NewerSchema {
            game,
            found,
            supported,
        } => Message::new("error-newer-schema")
            .with("game", game)
            .with("found", found)
            .with("supported", supported),
        Error::RolledBack {
            game,
            detail,
            backup,
        } => Message::new("error-rolled-back")
            .with("game", game)
            .with("detail", detail)
            .with("backup", backup),
        Error::StoreUnavailable { path, detail } => Message::new("error-store-unavailable")
            .with("path", path)
            .with("detail", detail),
        Error::StoreLocked { path } => Message::new("error-store-locked").with("path", path),
        Error::BadInput(m) => d("error-bad-input", m),
    }
}

/// Every fixed key the core hands out (for the asset checks).
pub const ALL_KEYS: &[&str] = &[
    illegal::GAME_OVER,
    illegal::CHOICE_PENDING,
    illegal::NO_PIECE,
    illegal::NOT_YOUR_PIECE,
    illegal::OWN_PIECE_THERE,
    illegal::PATH_BLOCKED,
    illegal::CANNOT_MOVE_THERE,
    illegal::KING_IN_CHECK,
    illegal::FORBIDDEN_BY_RULES,
    illegal::PIECE_CANNOT_MOVE,
    illegal::NOT_YOUR_TURN,
    illegal::HAND_OVER,
    // the game screen (present)
    "screen-hand-over",
    "screen-reviewing",
    "screen-thinking",
    "screen-to-move-check",
    NOTICE_REVIEWING,
    "phase-decide",
    "hint-decide",
    "phase-promote",
    "hint-promote",
    "phase-choose-move",
    "hint-choose-move",
    "phase-place",
    "hint-place",
    "phase-setup-choose",
    "hint-setup-choose",
    "phase-setup-place",
    "hint-setup-place",
    "phase-chain",
    "hint-chain",
    "phase-drop",
    "hint-drop",
    "result-draw",
    "result-wins-one",
    "result-wins-many",
    "moves-resigns",
    "moves-timed-out",
    "event-chosen",
    "event-scored",
    "event-out",
    "event-walked",
    "error-store-locked",
    button::PASS,
    button::DECLARE_IMPASSE,
    button::JANGGI_SETUP,
    button::CHOICE_END,
    button::CHOICE_GREY,
    button::CHOICE_GIVE,
    level::UNDER,
    level::ABOUT,
    level::STRENGTH_UNDER,
    level::STRENGTH_ABOUT,
];

/// How a score reads: in whole points, or quarter points where the game keeps them
/// (`Facts::score_unit`; three-player chess: `1¾`).
pub fn score_text(game: &crate::game::Game, points: i32) -> String {
    let q = game.variant.facts.score_unit;
    if q > 1 {
        let whole = points / q;
        let frac = ["", "¼", "½", "¾"][(points.rem_euclid(q) * 4 / q) as usize % 4];
        if whole == 0 && !frac.is_empty() {
            frac.to_string()
        } else {
            format!("{whole}{frac}")
        }
    } else {
        points.to_string()
    }
}

/// The notice when a move is tried while the game screen reviews an earlier position.
pub const NOTICE_REVIEWING: &str = "screen-notice-reviewing";
