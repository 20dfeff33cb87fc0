//! Position notations (FEN, Shredder-FEN, FEN4, FEN8, the three-player form) through
//! `rules::parse_position` for every playable game: the first byte picks the game, the rest is
//! the text. A text that reads must write, read back, write the same again, start a game and
//! keep the game's invariants; one move of it is played and undone.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rookery_core::game::HouseRules;
use rookery_core::{rules, Game};
use rookery_fuzz::{check_game, check_position, pick_id, text};

fuzz_target!(|data: &[u8]| {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let id = pick_id(b);
    let v = rules::variant(id).unwrap();
    let text = text(rest);
    let Ok(pos) = rules::parse_position(v, &text) else {
        return;
    };
    check_position(&pos, "parsed");
    let written = rules::write_position(&pos);
    let again = rules::parse_position(v, &written).unwrap_or_else(|e| {
        panic!("{id}: {written:?} (written from {text:?}) does not read back: {e}")
    });
    check_position(&again, "read back");
    assert_eq!(
        rules::write_position(&again),
        written,
        "{id}: writing is not stable"
    );
    let Ok(mut g) = Game::from_position(pos, HouseRules::default(), 0) else {
        return;
    };
    check_game(&g, id);
    let moves = g.legal_moves();
    if let Some(&m) = moves.get(rest.len() % moves.len().max(1)) {
        let before = g.position().hash();
        g.play(m).unwrap();
        check_game(&g, id);
        g.undo().unwrap();
        assert_eq!(g.position().hash(), before);
    }
});
