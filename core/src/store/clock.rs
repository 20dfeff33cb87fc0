//! The turn clock of a game played with a time per turn (house rule `turn_seconds`): how much
//! of the turn the player to move has used, kept across the app being paused, closed or killed.
//!
//! The live clock ([`TurnClock`]) runs in the shell, which passes the time in (`now`), so tests
//! drive it without waiting. What a saved game keeps is the time spent on the turn at its cursor
//! as of the last save ([`super::GameStore::save_turn_time`]): written when the shell pauses or
//! leaves the game, and reset with every action, undo and redo (a new turn starts with its whole
//! time). A resumed game's clock starts from that time ([`super::GameStore::turn_time`]).
//!
//! What a kill costs (docs/rules-decisions.md, "The turn clock across restarts"): the time since
//! the last save is not charged — the player gets it back. The app pauses (and so saves) the
//! clock whenever it leaves the foreground, so only a crash or a kill while the game is on screen
//! gives time back, never more than that turn's time since its start or the last pause. Time
//! while the app was not running is never charged.

use std::time::{Duration, Instant};

/// The clock of the current turn: time spent so far, running or paused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnClock {
    limit: Option<Duration>,
    /// Time spent on the turn before `since`.
    spent: Duration,
    /// Running since this instant; `None` while paused.
    since: Option<Instant>,
}

impl TurnClock {
    /// A paused clock for a turn of `limit_seconds` (None: no time limit, the clock only counts)
    /// of which `spent` is used already.
    pub fn new(limit_seconds: Option<u32>, spent: Duration) -> TurnClock {
        TurnClock {
            limit: limit_seconds.map(|s| Duration::from_secs(s as u64)),
            spent,
            since: None,
        }
    }

    /// The time a turn has, if the game has a limit.
    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }

    pub fn running(&self) -> bool {
        self.since.is_some()
    }

    /// Runs the clock from `now` (no change if it runs).
    pub fn start(&mut self, now: Instant) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }

    /// Stops the clock at `now`; returns the time spent on the turn.
    pub fn pause(&mut self, now: Instant) -> Duration {
        self.spent = self.spent(now);
        self.since = None;
        self.spent
    }

    /// A new turn starts at `now` with its whole time; a running clock keeps running.
    pub fn new_turn(&mut self, now: Instant) {
        self.spent = Duration::ZERO;
        if self.since.is_some() {
            self.since = Some(now);
        }
    }

    /// Time spent on the turn up to `now`.
    pub fn spent(&self, now: Instant) -> Duration {
        self.spent
            + self
                .since
                .map_or(Duration::ZERO, |t| now.saturating_duration_since(t))
    }

    /// Time left at `now`, if the game has a limit.
    pub fn left(&self, now: Instant) -> Option<Duration> {
        self.limit.map(|l| l.saturating_sub(self.spent(now)))
    }

    /// Whether the turn's time ran out by `now`.
    pub fn expired(&self, now: Instant) -> bool {
        self.left(now).is_some_and(|l| l.is_zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_clock_counts_only_while_it_runs_and_a_new_turn_has_its_whole_time() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut c = TurnClock::new(Some(30), s(10));
        assert_eq!(c.left(t0 + s(100)), Some(s(20)), "paused: nothing counts");
        c.start(t0);
        assert_eq!(c.left(t0 + s(5)), Some(s(15)));
        assert_eq!(c.pause(t0 + s(5)), s(15));
        assert_eq!(c.left(t0 + s(60)), Some(s(15)));
        c.start(t0 + s(60));
        assert!(!c.expired(t0 + s(74)));
        assert!(c.expired(t0 + s(75)));
        c.new_turn(t0 + s(80));
        assert!(c.running());
        assert_eq!(c.left(t0 + s(81)), Some(s(29)));
        assert_eq!(TurnClock::new(None, s(3)).left(t0), None);
    }

    #[test]
    fn a_saved_turn_time_comes_back_and_every_action_undo_and_redo_starts_the_turn_again() {
        use crate::store::{GameStore, Setup};
        let dir = std::env::temp_dir().join(format!(
            "rookery-clock-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        let ms = Duration::from_millis;
        let store = GameStore::open(&dir).unwrap();
        let mut setup = Setup::new("chess").unwrap();
        setup.house.turn_seconds = Some(60);
        let mut saved = store.create("clock", &setup).unwrap();
        assert_eq!(store.turn_time(&saved), Duration::ZERO);
        store.save_turn_time(&saved, ms(12_345)).unwrap();
        let again = store.load(saved.id).unwrap();
        assert_eq!(store.turn_time(&again), ms(12_345));
        store.act_text(&mut saved, "e2e4").unwrap();
        assert_eq!(store.turn_time(&saved), Duration::ZERO, "a new turn");
        store.save_turn_time(&saved, ms(700)).unwrap();
        store.undo(&mut saved).unwrap();
        assert_eq!(store.turn_time(&saved), Duration::ZERO, "undo");
        store.save_turn_time(&saved, ms(800)).unwrap();
        store.redo(&mut saved).unwrap();
        assert_eq!(store.turn_time(&saved), Duration::ZERO, "redo");
        // a copy of the game at another cursor cannot save its clock over this one
        let stale = store.load(saved.id).unwrap();
        store.act_text(&mut saved, "e7e5").unwrap();
        assert!(store.save_turn_time(&stale, ms(1)).is_err());
        store.save_turn_time(&saved, ms(900)).unwrap();
        assert_eq!(store.turn_time(&stale), Duration::ZERO);
        drop(store);
        // the time survives closing the database (the app killed after a pause)
        let store = GameStore::open(&dir).unwrap();
        let back = store.load(saved.id).unwrap();
        assert_eq!(store.turn_time(&back), ms(900));
        store.delete(saved.id).unwrap();
        assert!(store
            .db
            .get(super::super::record::clock_key(saved.id))
            .unwrap()
            .is_none());
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
