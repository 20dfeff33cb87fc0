//! What every fuzz target shares: picking a playable game from a byte, reading bytes as text,
//! and the invariants every position and game must keep.

use std::sync::OnceLock;

use rookery_core::notation::movetext;
use rookery_core::{rules, Game, Position};

/// Every playable game id, in catalogue order.
pub fn playable() -> &'static [&'static str] {
    static IDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    IDS.get_or_init(|| {
        rules::catalogue()
            .into_iter()
            .filter(|g| g.playable)
            .map(|g| g.id)
            .collect()
    })
}

/// The playable game a byte selects.
pub fn pick_id(b: u8) -> &'static str {
    let ids = playable();
    ids[b as usize % ids.len()]
}

/// The bytes as text (invalid UTF-8 replaced, as an app would after a lossy read).
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// A position's invariants: the incremental hash equals the hash computed from scratch.
pub fn check_position(pos: &Position, what: &str) {
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "{what}: incremental hash differs from the recomputed hash"
    );
}

/// The cheap part of a game's invariants, for after every call of a long sequence: the
/// position's hash equals a recomputation, and the seat to move is in play while the game goes
/// on. (The drivers check the notation round trips as calls of their own, and `check_game` at
/// the end of each input: checking them after every call made the drivers four times slower.)
pub fn check_game_quick(g: &Game, what: &str) {
    let pos = g.position();
    check_position(pos, what);
    if !g.is_over() && !g.choice_pending() {
        assert!(
            pos.is_in_play(pos.turn()),
            "{what}: seat {} is to move but is out of play",
            pos.turn()
        );
    }
}

/// A game's invariants: the position's hash, the seat to move is in play while the game goes
/// on, the position written in the game's notation reads back (while play goes on), and legal
/// moves' texts read back as those moves (a sample of four: each read generates the moves).
pub fn check_game(g: &Game, what: &str) {
    check_game_quick(g, what);
    let pos = g.position();
    // a finished game's last position may be one the notation refuses by design (three-player:
    // the side to move could take a king)
    if !g.is_over() {
        let written = rules::write_position(pos);
        let again = rules::parse_position(g.variant, &written);
        assert!(
            again.is_ok(),
            "{what}: position written as {written:?} does not read back: {:?}",
            again.err()
        );
    }
    let moves = g.legal_moves();
    for &m in moves.iter().step_by(moves.len() / 4 + 1) {
        let t = g.move_text(m);
        let back = movetext::parse(pos, &t);
        assert_eq!(
            back.ok(),
            Some(m),
            "{what}: move text {t:?} does not read back"
        );
    }
}
