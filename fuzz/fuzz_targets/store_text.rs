//! The store's import (`GameStore::import`: `store::standard::read`, which tells Rookery's text
//! form, PGN and PGN4 apart) and Rookery's text form (`store::text`), every game id. A record
//! that imports must keep the game's invariants and write in both forms; Rookery's form must
//! import again and write the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rookery_core::store::{standard, text};
use rookery_fuzz::check_game;

fuzz_target!(|data: &[u8]| {
    let input = rookery_fuzz::text(data);
    let Ok(saved) = standard::read(&input) else {
        return;
    };
    check_game(&saved.game, "store import");
    standard::write(&saved).expect("an imported game writes in its standard form");
    let written = text::write(&saved);
    let again = text::read(&written)
        .unwrap_or_else(|e| panic!("written form does not import: {e}\n{written}"));
    assert_eq!(text::write(&again), written);
});
