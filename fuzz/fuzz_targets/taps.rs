//! Taps, as the apps and the terminal send them: random sequences of board and hand taps,
//! promotion letters and choices through `interact::Interaction` on every playable game. Byte 0
//! picks the game; then each byte is an operation (and may take the next byte as its
//! argument). A tap never changes the game; a move it completes must be legal, is played, and
//! the game keeps its invariants; a refused tap comes with a message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rookery_core::interact::{Interaction, Tap};
use rookery_core::Game;
use rookery_fuzz::{check_game, check_game_quick, pick_id};

const LETTERS: [&str; 10] = ["Q", "R", "B", "N", "q", "+", "=", "K", "P", "x"];

fuzz_target!(|data: &[u8]| {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let id = pick_id(b);
    let Ok(mut g) = Game::new(id) else {
        return;
    };
    let cells = g.variant.board.cells.len();
    let mut ia = Interaction::new();
    let mut bytes = rest[..rest.len().min(160)].iter().copied();
    while let Some(op) = bytes.next() {
        let a = bytes.next().unwrap_or(0) as usize;
        let hash = g.position().hash();
        let plies = g.ply_count();
        let tap = match op % 8 {
            0..=4 => ia.tap(&g, ((a << 2 | (op as usize >> 6)) % cells) as u16),
            5 => ia.tap_hand(&g, (a % 8) as u8),
            6 => match ia.choose_promotion(&g, LETTERS[a % LETTERS.len()]) {
                Some(m) => Tap::Play(m),
                None => continue,
            },
            _ => {
                let pending = ia.pending().to_vec();
                match pending.get(a % pending.len().max(1)) {
                    Some(&m) => match ia.choose(m) {
                        Some(m) => Tap::Play(m),
                        None => continue,
                    },
                    None => {
                        let _ = g.undo();
                        ia.clear();
                        check_game_quick(&g, id);
                        continue;
                    }
                }
            }
        };
        assert_eq!(g.position().hash(), hash, "{id}: a tap changed the game");
        assert_eq!(g.ply_count(), plies);
        if let Tap::Play(m) = tap {
            assert!(
                g.legal_moves().contains(&m),
                "{id}: taps completed an illegal move {m:?}"
            );
            g.play(m).unwrap();
            ia.clear();
            check_game_quick(&g, id);
        }
    }
    check_game(&g, id);
});
