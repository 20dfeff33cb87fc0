//! Forwards the `log` records of the library (and of `rookery-core`) to a
//! sink implemented by the shell: logcat on Android, os_log on iOS, the test
//! harness on the JVM.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Once, RwLock};

use crate::error::{guard, RookeryError};

/// Severity of a [`LogRecord`], most severe first (as in the `log` crate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum LogLevel {
    Error,
    Warn,
    Info,
    Debug,
    Trace,
}

impl From<log::Level> for LogLevel {
    fn from(level: log::Level) -> Self {
        match level {
            log::Level::Error => Self::Error,
            log::Level::Warn => Self::Warn,
            log::Level::Info => Self::Info,
            log::Level::Debug => Self::Debug,
            log::Level::Trace => Self::Trace,
        }
    }
}

impl From<LogLevel> for log::Level {
    fn from(level: LogLevel) -> Self {
        match level {
            LogLevel::Error => Self::Error,
            LogLevel::Warn => Self::Warn,
            LogLevel::Info => Self::Info,
            LogLevel::Debug => Self::Debug,
            LogLevel::Trace => Self::Trace,
        }
    }
}

/// One log line: `target` is the Rust module path (e.g. `rookery_core::bot`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LogRecord {
    pub level: LogLevel,
    pub target: String,
    pub message: String,
}

/// Implemented by the shell. Called from any thread, including the library's
/// runtime workers, so it must be thread-safe and should return quickly.
#[uniffi::export(with_foreign)]
pub trait LogSink: Send + Sync {
    fn log(&self, record: LogRecord);
}

struct Forwarder {
    sink: RwLock<Option<Arc<dyn LogSink>>>,
}

static FORWARDER: Forwarder = Forwarder {
    sink: RwLock::new(None),
};

impl Forwarder {
    fn current(&self) -> Option<Arc<dyn LogSink>> {
        match self.sink.read() {
            Ok(sink) => sink.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    fn replace(&self, sink: Option<Arc<dyn LogSink>>) {
        match self.sink.write() {
            Ok(mut slot) => *slot = sink,
            Err(poisoned) => *poisoned.into_inner() = sink,
        }
    }
}

impl log::Log for Forwarder {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        // Call outside the lock: the sink may itself call set_log_sink.
        let Some(sink) = self.current() else { return };
        let record = LogRecord {
            level: record.level().into(),
            target: record.target().to_owned(),
            message: record.args().to_string(),
        };
        // A throwing foreign sink surfaces as a panic here; logging must
        // never take down the caller, so swallow it.
        let _ = catch_unwind(AssertUnwindSafe(|| sink.log(record)));
    }

    fn flush(&self) {}
}

static INSTALL: Once = Once::new();

/// Routes the library's log records at `max_level` and above to `sink`,
/// replacing any previous sink. May be called again at any time.
#[uniffi::export]
pub fn set_log_sink(sink: Arc<dyn LogSink>, max_level: LogLevel) -> Result<(), RookeryError> {
    guard(|| {
        let mut installed = Ok(());
        INSTALL.call_once(|| installed = log::set_logger(&FORWARDER));
        installed.map_err(|_| {
            RookeryError::internal("another logger is already installed in this process")
        })?;
        FORWARDER.replace(Some(sink));
        log::set_max_level(log::Level::from(max_level).to_level_filter());
        Ok(())
    })
}

/// Stops forwarding; records are dropped until the next [`set_log_sink`].
#[uniffi::export]
pub fn clear_log_sink() {
    FORWARDER.replace(None);
    log::set_max_level(log::LevelFilter::Off);
}

/// Writes `message` through the library's logger (target `rookery_bindings`),
/// e.g. to check the wiring from the shell.
#[uniffi::export]
pub fn log_message(level: LogLevel, message: String) {
    log::log!(target: "rookery_bindings", level.into(), "{message}");
}
