//! Inputs the fuzz targets (fuzz/) found crashing, each kept as a test after its fix.

use rookery_core::interact::{Interaction, Tap};
use rookery_core::{rules, Game};

/// fuzz target `taps`: a hand tap on a kind the game does not have indexed past the piece list
/// while writing the refusal.
#[test]
fn a_hand_tap_on_a_kind_the_game_does_not_have_is_refused() {
    for g in rules::catalogue().into_iter().filter(|g| g.playable) {
        let game = Game::new(g.id).unwrap();
        let kinds = game.variant.pieces.len();
        for kind in [kinds, kinds + 1, 255] {
            let mut ia = Interaction::new();
            assert!(
                matches!(ia.tap_hand(&game, kind as u8), Tap::Refused(_)),
                "{}: kind {kind}",
                g.id
            );
            assert_eq!(ia.picked(), None);
        }
    }
}
