//! A live count on stderr for long commands (perft at depth 6 and more, selfplay, bot matches,
//! bench store), shown only when stderr is a terminal: piped or redirected, nothing extra is
//! written, so scripts read stdout (its last line is the number) and logs stay clean.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// One line on stderr, rewritten in place at most ten times a second and wiped at the end.
pub struct Progress {
    on: bool,
    label: String,
    started: Instant,
    last: Option<Instant>,
}

impl Progress {
    /// A count that shows only when stderr is a terminal.
    pub fn new(label: impl Into<String>) -> Progress {
        Progress::shown(label, std::io::stderr().is_terminal())
    }

    /// A count that shows when `on` (tests).
    pub fn shown(label: impl Into<String>, on: bool) -> Progress {
        Progress {
            on,
            label: label.into(),
            started: Instant::now(),
            last: None,
        }
    }

    /// The text of the line for `done` of `total` (None: no known end).
    pub fn line(&self, done: u64, total: Option<u64>, note: &str) -> String {
        let secs = self.started.elapsed().as_secs();
        let count = match total {
            Some(t) => format!("{done}/{t}"),
            None => done.to_string(),
        };
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(" {note}")
        };
        format!("{} {count}{note} ({secs} s)", self.label)
    }

    /// Shows `done` of `total`.
    pub fn set(&mut self, done: u64, total: Option<u64>, note: &str) {
        if !self.on {
            return;
        }
        let now = Instant::now();
        if self
            .last
            .is_some_and(|l| now.duration_since(l) < Duration::from_millis(100))
            && total != Some(done)
        {
            return;
        }
        self.last = Some(now);
        let mut e = std::io::stderr().lock();
        let _ = write!(e, "\r\x1b[2K{}", self.line(done, total, note));
        let _ = e.flush();
    }

    /// Wipes the line.
    pub fn finish(&mut self) {
        if self.on && self.last.take().is_some() {
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r\x1b[2K");
            let _ = e.flush();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_reads_done_of_total() {
        let p = Progress::shown("perft", false);
        assert!(p.line(3, Some(20), "e2e4").starts_with("perft 3/20 e2e4 ("));
        assert!(p.line(7, None, "").starts_with("perft 7 ("));
    }
}
