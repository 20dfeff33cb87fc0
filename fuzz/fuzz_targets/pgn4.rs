//! PGN4 (chess.com four-player records) import for four-player FFA and teams: the first byte
//! picks the default game, the rest is the record. A record that imports must export and
//! import again to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rookery_core::notation::pgn4;
use rookery_fuzz::{check_game, text};

fuzz_target!(|data: &[u8]| {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let default_id = if b & 1 == 0 {
        "four-player-ffa"
    } else {
        "four-player-teams"
    };
    let text = text(rest);
    let Ok(game) = pgn4::import(&text, default_id) else {
        return;
    };
    check_game(&game, "pgn4 import");
    let written = pgn4::export(&game).expect("an imported game exports");
    let again = pgn4::import(&written, default_id)
        .unwrap_or_else(|e| panic!("exported PGN4 does not import: {e}\n{written}"));
    assert_eq!(again.ply_count(), game.ply_count(), "{written}");
    assert_eq!(again.position().hash(), game.position().hash(), "{written}");
});
