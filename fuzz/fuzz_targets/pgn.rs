//! PGN import (tags, SAN, comments, variations, results) for chess and Chess960. A record that
//! imports must export, import again to the same moves and result, and keep the game's
//! invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rookery_core::notation::pgn;
use rookery_fuzz::{check_game, text};

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let Ok(read) = pgn::read(&text) else {
        return;
    };
    check_game(&read.game, "pgn import");
    let written = pgn::write(&read.game, &[]).expect("an imported game exports");
    let again = pgn::read(&written)
        .unwrap_or_else(|e| panic!("exported PGN does not import: {e}\n{written}"));
    assert_eq!(again.game.texts(), read.game.texts(), "{written}");
    assert_eq!(again.game.outcome(), read.game.outcome(), "{written}");
});
