//! Placeholder API: exists only to exercise the FFI mechanisms end to end.
//! The real game API replaces it.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::error::{guard, RookeryError};
use crate::live::LiveObject;
use crate::runtime::{spawn_cancellable, CancelHandle};

/// A step applied to a [`Counter`] (an enum with and without data).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum Step {
    By { amount: i64 },
    Reset,
}

/// A record returned by value.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CounterSnapshot {
    pub label: String,
    pub value: i64,
    pub last_step: Option<Step>,
}

/// An object with a constructor, methods and interior mutability.
#[derive(Debug, uniffi::Object)]
pub struct Counter {
    label: String,
    state: Mutex<State>,
    _live: LiveObject,
}

#[derive(Debug, Default)]
struct State {
    value: i64,
    last_step: Option<Step>,
}

impl Counter {
    /// Locks the state, recovering it if an earlier call panicked while
    /// holding the lock (the panic was already reported as `Internal`).
    fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn snapshot_of(&self, state: &State) -> CounterSnapshot {
        CounterSnapshot {
            label: self.label.clone(),
            value: state.value,
            last_step: state.last_step.clone(),
        }
    }
}

#[uniffi::export]
impl Counter {
    #[uniffi::constructor]
    pub fn new(label: String) -> Arc<Self> {
        Arc::new(Self {
            label,
            state: Mutex::new(State::default()),
            _live: LiveObject::new(),
        })
    }

    /// Adds one and returns the new value.
    pub fn increment(&self) -> Result<i64, RookeryError> {
        self.apply_step(Step::By { amount: 1 }).map(|s| s.value)
    }

    /// Applies `step`; `By { amount: 0 }` and overflow are `BadInput`.
    pub fn apply_step(&self, step: Step) -> Result<CounterSnapshot, RookeryError> {
        guard(|| {
            let mut state = self.state();
            state.value = match step {
                Step::By { amount: 0 } => return Err(RookeryError::bad_input("step of zero")),
                Step::By { amount } => state
                    .value
                    .checked_add(amount)
                    .ok_or_else(|| RookeryError::bad_input("counter overflow"))?,
                Step::Reset => 0,
            };
            state.last_step = Some(step);
            Ok(self.snapshot_of(&state))
        })
    }

    pub fn snapshot(&self) -> CounterSnapshot {
        self.snapshot_of(&self.state())
    }

    /// Panics while holding the lock: must come back as `Internal`, and the
    /// counter must stay usable afterwards.
    pub fn explode(&self, message: String) -> Result<(), RookeryError> {
        guard(|| {
            let _state = self.state();
            panic!("{message}");
        })
    }
}

/// Returns the error variant named by `variant` (its Rust name, e.g.
/// `"NotYourTurn"`) with `message`; an unknown name is itself `BadInput`.
#[uniffi::export]
pub fn simulate_error(variant: String, message: String) -> Result<(), RookeryError> {
    Err(match variant.as_str() {
        "IllegalMove" => RookeryError::IllegalMove { message },
        "BadInput" => RookeryError::BadInput { message },
        "NotYourTurn" => RookeryError::NotYourTurn { message },
        "Cancelled" => RookeryError::Cancelled { message },
        "StaleSession" => RookeryError::StaleSession { message },
        "Internal" => RookeryError::Internal { message },
        other => RookeryError::bad_input(format!("unknown error variant {other:?}")),
    })
}

/// Panics on the caller's thread, inside the guard.
#[uniffi::export]
pub fn panic_now(message: String) -> Result<(), RookeryError> {
    guard(|| panic!("{message}"))
}

/// Panics on a runtime worker thread.
#[uniffi::export]
pub async fn panic_on_worker(message: String) -> Result<(), RookeryError> {
    spawn_cancellable(None, async move { panic!("{message}") }).await
}

/// What [`delayed_sum`] computed, and on which thread.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct WorkResult {
    pub value: i64,
    pub worker_thread: String,
}

/// Waits `delay_ms` on the library runtime, then returns `a + b`.
/// Overflow is `BadInput`; cancelling `cancel` ends it with `Cancelled`.
#[uniffi::export]
pub async fn delayed_sum(
    a: i64,
    b: i64,
    delay_ms: u64,
    cancel: Option<Arc<CancelHandle>>,
) -> Result<WorkResult, RookeryError> {
    spawn_cancellable(cancel, async move {
        log::debug!("delayed_sum({a}, {b}) waiting {delay_ms} ms");
        tokio::time::sleep(Duration::from_millis(delay_ms)).await;
        let value = a
            .checked_add(b)
            .ok_or_else(|| RookeryError::bad_input("sum overflows i64"))?;
        let worker_thread = std::thread::current()
            .name()
            .unwrap_or("<unnamed>")
            .to_owned();
        log::info!("delayed_sum({a}, {b}) = {value} on {worker_thread}");
        Ok(WorkResult {
            value,
            worker_thread,
        })
    })
    .await
}
