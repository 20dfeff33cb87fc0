//! Bots think on a background thread so the screen never freezes; a job is cancelled when it
//! is dropped (undo, leaving the game, quitting).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;

use rookery_core::bot::{for_level, BotSeat};
use rookery_core::{Action, Game};

/// One bot thinking about one position.
pub struct BotJob {
    /// The game's ply count when the bot started: its answer is only for that position.
    pub ply: usize,
    cancel: Arc<AtomicBool>,
    rx: Receiver<Option<Action>>,
    done: Option<Option<Action>>,
}

impl BotJob {
    /// Starts the bot of `level` (`bot::for_level`: 0 random, 1–8 search) on a copy of `game`,
    /// for `seat`, the seat to move, whose tables it starts from and leaves for the seat's next
    /// move ([`BotSeat`]; a job dropped meanwhile keeps nothing).
    pub fn start(seat: Arc<BotSeat>, game: &Game, level: u8, seed: u64) -> BotJob {
        let (tx, rx) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let copy = game.clone();
        std::thread::spawn(move || {
            let bot = for_level(level, seed);
            let _ = tx.send(seat.choose(&bot, &copy, &flag));
        });
        BotJob {
            ply: game.ply_count(),
            cancel,
            rx,
            done: None,
        }
    }

    /// Runs the bot on this thread for `seat` (tests, the script mode).
    pub fn run_now(seat: &BotSeat, game: &Game, level: u8, seed: u64) -> Option<Action> {
        seat.choose(&for_level(level, seed), game, &AtomicBool::new(false))
    }

    /// The bot's answer once it has one (`Some(None)`: the bot found nothing to do).
    pub fn poll(&mut self) -> Option<Option<Action>> {
        if self.done.is_none() {
            match self.rx.try_recv() {
                Ok(a) => self.done = Some(a),
                Err(TryRecvError::Disconnected) => self.done = Some(None),
                Err(TryRecvError::Empty) => {}
            }
        }
        self.done
    }

    /// Waits for the answer (tests only).
    #[cfg(test)]
    pub fn wait(&mut self) -> Option<Action> {
        if self.done.is_none() {
            self.done = Some(self.rx.recv().ok().flatten());
        }
        self.done.flatten()
    }
}

impl Drop for BotJob {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
