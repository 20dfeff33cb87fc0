//! The one error type of the facade, and the panic guard.

use std::any::Any;
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

// Exported as a *flat* error: each variant becomes its own exception / case
// (Kotlin `RookeryException.IllegalMove`, Swift `RookeryError.IllegalMove`)
// whose message is the `Display` text. A non-flat error with a field named
// `message` does not compile in Kotlin (it clashes with `Throwable.message`).
/// Every failure the library reports; the variant says what kind, the
/// message says what happened.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Error)]
#[uniffi(flat_error)]
pub enum RookeryError {
    /// The move is not legal in the current position.
    IllegalMove { message: String },
    /// The input could not be parsed or is out of range.
    BadInput { message: String },
    /// The move was submitted by the side that is not to move.
    NotYourTurn { message: String },
    /// The call was cancelled (through a `CancelHandle`) before it finished.
    Cancelled { message: String },
    /// The session/handle refers to state that no longer exists.
    StaleSession { message: String },
    /// A bug: a panic or a broken invariant inside the library.
    Internal { message: String },
    /// No saved game has this id in the library (never made, or deleted).
    NoSuchGame { message: String },
    /// A record of this saved game is damaged (or from a newer Rookery); the other saved games
    /// are unaffected and nothing was changed.
    DamagedSave { message: String },
    /// The library's directory cannot be opened or written (no permission, not a directory,
    /// disk full, ...).
    LibraryUnavailable { message: String },
    /// The library is open in another process (or another `GameLibrary` of this one).
    LibraryLocked { message: String },
}

impl RookeryError {
    /// The human-readable message, without the variant name.
    pub fn message(&self) -> &str {
        match self {
            Self::IllegalMove { message }
            | Self::BadInput { message }
            | Self::NotYourTurn { message }
            | Self::Cancelled { message }
            | Self::StaleSession { message }
            | Self::Internal { message }
            | Self::NoSuchGame { message }
            | Self::DamagedSave { message }
            | Self::LibraryUnavailable { message }
            | Self::LibraryLocked { message } => message,
        }
    }

    pub(crate) fn bad_input(message: impl Into<String>) -> Self {
        Self::BadInput {
            message: message.into(),
        }
    }

    pub(crate) fn cancelled(message: impl Into<String>) -> Self {
        Self::Cancelled {
            message: message.into(),
        }
    }

    pub(crate) fn internal(message: impl Into<String>) -> Self {
        Self::Internal {
            message: message.into(),
        }
    }

    /// Turns a caught panic payload into [`RookeryError::Internal`].
    pub(crate) fn from_panic(payload: &(dyn Any + Send)) -> Self {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "non-string panic payload".to_owned());
        log::error!(target: "rookery_bindings", "panic caught at the FFI boundary: {what}");
        Self::internal(format!("panic: {what}"))
    }
}

impl fmt::Display for RookeryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for RookeryError {}

/// The core's error as the facade's: saved-game errors get their own variants, a refused move
/// is `IllegalMove`, the rest `BadInput`.
pub(crate) fn core_err(e: rookery_core::Error) -> RookeryError {
    use rookery_core::Error as E;
    let message = e.to_string();
    match e {
        E::IllegalMove(_) | E::GameOver => RookeryError::IllegalMove { message },
        E::NoSuchSave(_) => RookeryError::NoSuchGame { message },
        E::CorruptSave { .. } | E::NewerSchema { .. } | E::RolledBack { .. } => {
            RookeryError::DamagedSave { message }
        }
        E::StoreUnavailable { .. } | E::Store(_) => RookeryError::LibraryUnavailable { message },
        E::StoreLocked { .. } => RookeryError::LibraryLocked { message },
        _ => RookeryError::BadInput { message },
    }
}

/// Runs `f`, turning a panic into [`RookeryError::Internal`].
///
/// Every exported call that can panic goes through here (UniFFI would also
/// catch it, but as an untyped "unexpected error"; we want a typed one).
/// This relies on `panic = "unwind"`: never set `panic = "abort"` for the
/// profiles that build this cdylib.
pub(crate) fn guard<T>(f: impl FnOnce() -> Result<T, RookeryError>) -> Result<T, RookeryError> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|payload| Err(RookeryError::from_panic(&*payload)))
}
