//! Typed errors. Every fallible public call returns one of these and changes nothing.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No game has this id.
    UnknownGame(String),
    /// A position string (FEN, FEN4, ...) could not be read.
    BadFen(String),
    /// Move text that does not name a move at all.
    BadMoveText(String),
    /// A well-formed move that is not legal here.
    IllegalMove(String),
    /// The game is over; no more moves.
    GameOver,
    /// Nothing to undo or redo.
    NothingToUndo,
    NothingToRedo,
    /// A seat index out of range or not allowed for this action.
    BadSeat(String),
    /// A game record (PGN, PGN4, saved game) could not be read.
    BadRecord(String),
    /// Saved-game storage failures.
    Store(String),
    /// No saved game has this id (it was never made, or it was deleted).
    NoSuchSave(u64),
    /// A record of this saved game is corrupt or truncated; the other games are unaffected.
    CorruptSave {
        game: u64,
        detail: String,
    },
    /// This saved game was written by a newer Rookery (schema `found`, this build reads up to
    /// `supported`); it is kept untouched.
    NewerSchema {
        game: u64,
        found: u32,
        supported: u32,
    },
    /// The saved-games database was damaged and only an older state of this saved game (or
    /// nothing of it) could be read: actions it had saved are lost. It is not continued until
    /// the player accepts the older state or deletes it; `backup` is where a copy of the
    /// database as it was before the store opened it is kept (empty if none could be made).
    RolledBack {
        game: u64,
        detail: String,
        backup: String,
    },
    /// The saved-games database cannot be used (locked by another process, unreadable, ...).
    StoreUnavailable {
        path: String,
        detail: String,
    },
    /// The saved-games database is held by another process (or another open library of this
    /// one): sled's lock on it is taken. Nothing was touched.
    StoreLocked {
        path: String,
    },
    /// Any other bad argument.
    BadInput(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownGame(g) => write!(f, "unknown game id '{g}'"),
            Error::BadFen(m) => write!(f, "malformed position: {m}"),
            Error::BadMoveText(m) => write!(f, "unreadable move: {m}"),
            Error::IllegalMove(m) => write!(f, "illegal move: {m}"),
            Error::GameOver => write!(f, "the game is over"),
            Error::NothingToUndo => write!(f, "nothing to undo"),
            Error::NothingToRedo => write!(f, "nothing to redo"),
            Error::BadSeat(m) => write!(f, "bad seat: {m}"),
            Error::BadRecord(m) => write!(f, "bad game record: {m}"),
            Error::Store(m) => write!(f, "saved games: {m}"),
            Error::NoSuchSave(g) => write!(f, "no saved game {g}"),
            Error::CorruptSave { game, detail } => {
                write!(f, "saved game {game} is damaged: {detail}")
            }
            Error::NewerSchema {
                game,
                found,
                supported,
            } => write!(
                f,
                "saved game {game} was written by a newer Rookery (schema {found}, this one reads up to {supported})"
            ),
            Error::RolledBack {
                game,
                detail,
                backup,
            } => {
                write!(f, "saved game {game} lost saved actions: {detail}")?;
                if backup.is_empty() {
                    write!(f, " (no copy of the damaged files could be kept)")
                } else {
                    write!(f, "; a copy of the damaged files is kept at {backup}")
                }
            }
            Error::StoreUnavailable { path, detail } => {
                write!(f, "cannot open saved games at {path}: {detail}")
            }
            Error::StoreLocked { path } => {
                write!(f, "the saved games at {path} are in use by another process")
            }
            Error::BadInput(m) => write!(f, "bad input: {m}"),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
