//! The library's own tokio runtime, and cancellation.
//!
//! Exported `async fn`s never do their work on the caller's thread: they
//! spawn it onto [`RUNTIME`] and only await the `JoinHandle`, which is
//! executor-agnostic, so UniFFI's foreign-driven polling (Kotlin coroutines,
//! Swift tasks) just waits for a wake-up. A call ends early when
//! - its [`CancelHandle`] is cancelled (from any thread): the call returns
//!   `RookeryError::Cancelled`;
//! - the foreign side drops the call (Kotlin coroutine cancelled, Swift task
//!   cancelled): UniFFI frees the Rust future, whose [`AbortOnDrop`] aborts
//!   the task.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use once_cell::sync::Lazy;
use tokio::runtime::Runtime;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::error::{guard, RookeryError};
use crate::live::LiveObject;

/// Worker threads of the library runtime (kept small: phones, 2-core CI).
const WORKER_THREADS: usize = 2;

/// Name of the runtime's worker threads.
pub(crate) const WORKER_THREAD_NAME: &str = "rookery-worker";

static RUNTIME: Lazy<Runtime> = Lazy::new(|| {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKER_THREADS)
        .thread_name(WORKER_THREAD_NAME)
        .enable_time()
        .build()
        .expect("cannot start the rookery tokio runtime")
});

fn runtime() -> Result<&'static Runtime, RookeryError> {
    guard(|| Ok(&*RUNTIME))
}

static IN_FLIGHT: AtomicI64 = AtomicI64::new(0);

/// Number of tasks currently running on the library runtime (drops back
/// once calls complete, are cancelled, or are abandoned by the caller).
#[uniffi::export]
pub fn in_flight_tasks() -> i64 {
    IN_FLIGHT.load(Ordering::SeqCst)
}

struct InFlight;

impl InFlight {
    fn enter() -> Self {
        IN_FLIGHT.fetch_add(1, Ordering::SeqCst);
        InFlight
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Lets the caller cancel a pending async call from any thread.
///
/// Create one, pass it to the call, call [`CancelHandle::cancel`] later; the
/// call then fails with `RookeryError::Cancelled`. Cancelling is sticky: a
/// call started with an already-cancelled handle fails at once. One handle
/// may be shared by several calls.
#[derive(Debug, uniffi::Object)]
pub struct CancelHandle {
    cancelled: watch::Sender<bool>,
    _live: LiveObject,
}

#[uniffi::export]
impl CancelHandle {
    #[uniffi::constructor]
    pub fn new() -> Arc<Self> {
        Arc::new(Self {
            cancelled: watch::Sender::new(false),
            _live: LiveObject::new(),
        })
    }

    /// Requests cancellation of every call using this handle. Idempotent.
    pub fn cancel(&self) {
        self.cancelled.send_replace(true);
    }

    pub fn is_cancelled(&self) -> bool {
        *self.cancelled.borrow()
    }
}

impl CancelHandle {
    /// Resolves once [`CancelHandle::cancel`] has been called.
    async fn wait(&self) {
        let mut rx = self.cancelled.subscribe();
        // The sender lives in `self`, so this cannot fail while we borrow it.
        if rx.wait_for(|cancelled| *cancelled).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// A `JoinHandle` that aborts its task when dropped (i.e. when the foreign
/// caller abandons the call).
struct AbortOnDrop<T>(JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl<T> Future for AbortOnDrop<T> {
    type Output = <JoinHandle<T> as Future>::Output;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        Pin::new(&mut self.0).poll(cx)
    }
}

/// Runs `work` on the library runtime and awaits its result.
///
/// Panics inside `work` become `RookeryError::Internal`; cancellation
/// through `cancel` becomes `RookeryError::Cancelled`.
pub(crate) async fn spawn_cancellable<T, F>(
    cancel: Option<Arc<CancelHandle>>,
    work: F,
) -> Result<T, RookeryError>
where
    T: Send + 'static,
    F: Future<Output = Result<T, RookeryError>> + Send + 'static,
{
    let task = runtime()?.spawn(async move {
        let _in_flight = InFlight::enter();
        match cancel {
            None => work.await,
            Some(handle) => {
                tokio::select! {
                    biased;
                    () = handle.wait() => Err(RookeryError::cancelled("cancelled through CancelHandle")),
                    result = work => result,
                }
            }
        }
    });
    match AbortOnDrop(task).await {
        Ok(result) => result,
        Err(err) if err.is_panic() => Err(RookeryError::from_panic(&*err.into_panic())),
        Err(_) => Err(RookeryError::cancelled(
            "task aborted (runtime shutting down)",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn work_runs_on_the_library_runtime() {
        let name = spawn_cancellable(None, async {
            Ok(std::thread::current().name().map(str::to_owned))
        })
        .await
        .unwrap();
        assert_eq!(name.as_deref(), Some(WORKER_THREAD_NAME));
    }

    #[tokio::test]
    async fn cancel_handle_ends_the_call() {
        let handle = CancelHandle::new();
        let canceller = {
            let handle = handle.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(20));
                handle.cancel();
            })
        };
        let result: Result<(), _> = spawn_cancellable(Some(handle), std::future::pending()).await;
        assert!(matches!(result, Err(RookeryError::Cancelled { .. })));
        canceller.join().unwrap();
    }

    #[tokio::test]
    async fn panics_become_internal() {
        let result: Result<(), _> = spawn_cancellable(None, async { panic!("oops") }).await;
        assert_eq!(result, Err(RookeryError::internal("panic: oops")));
        assert_eq!(
            guard::<()>(|| panic!("{}", String::from("owned"))),
            Err(RookeryError::internal("panic: owned"))
        );
    }
}
