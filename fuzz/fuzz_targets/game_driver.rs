//! Random sequences of the calls the apps make on a game, for every playable game: moves (by
//! index into the legal moves, or as their text), undo/redo, resignations and time-outs of any
//! seat, the pending choices and ending by agreement, and a round trip of the position through
//! the game's notation. Byte 0 picks the game, byte 1 the house rules and seed; then each byte
//! is an operation (and may take the next byte as its argument). After every call: a refused
//! call changes nothing, undo restores the exact hash, the hash matches a recomputation and the
//! seat to move is in play; at the end (and whenever an operation asks for it) the position's
//! notation and the legal moves' texts read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rookery_core::game::{Choice, HouseRules};
use rookery_core::{rules, Action, Game};
use rookery_fuzz::{check_game, check_game_quick, pick_id};

fn arg(bytes: &mut impl Iterator<Item = u8>) -> usize {
    bytes.next().unwrap_or(0) as usize
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let id = pick_id(data[0]);
    let flags = data[1];
    let house = HouseRules {
        move_limit: (flags & 1 == 1).then_some(1 + (flags as u32 >> 4)),
        ..HouseRules::default()
    };
    let seed = (flags >> 1) as u64;
    let Ok(mut g) = Game::with_options(id, house, seed, None) else {
        return;
    };
    let seats = g.variant.seat_count() as u8;
    // at most 64 operations: long games are the soak's (core/tests/soak.rs); short inputs keep
    // the executions per second up
    let mut bytes = data[2..data.len().min(2 + 128)].iter().copied();
    while let Some(op) = bytes.next() {
        let hash = g.position().hash();
        let plies = g.ply_count();
        let result =
            match op % 16 {
                0..=8 => {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        continue;
                    }
                    let m = moves[arg(&mut bytes) % moves.len()];
                    g.play(m).expect("a legal move is accepted");
                    g.undo().expect("a move can be undone");
                    assert_eq!(g.position().hash(), hash, "undo does not restore the hash");
                    assert_eq!(g.ply_count(), plies);
                    g.redo().expect("an undone move can be redone");
                    Ok(())
                }
                9 => g.undo(),
                10 => g.redo(),
                11 => g.act(Action::Resign(
                    (arg(&mut bytes) % (seats as usize + 1)) as u8,
                )),
                12 => g.act(Action::Timeout(
                    (arg(&mut bytes) % (seats as usize + 1)) as u8,
                )),
                13 => {
                    let choices = g.choices();
                    let pick = arg(&mut bytes);
                    let c = choices.get(pick % (choices.len() + 1)).copied().unwrap_or(
                        if pick & 1 == 0 {
                            Choice::End
                        } else {
                            Choice::PlayOnGiveTo((pick >> 1) as u8 % 9)
                        },
                    );
                    g.act(Action::Choose(c))
                }
                14 if !g.is_over() => {
                    let pos = g.position();
                    let written = rules::write_position(pos);
                    let again = rules::parse_position(g.variant, &written)
                        .unwrap_or_else(|e| panic!("{id}: {written:?} does not read back: {e}"));
                    assert_eq!(
                        rules::write_position(&again),
                        written,
                        "{id}: writing is not stable"
                    );
                    Ok(())
                }
                14 => Ok(()),
                _ => {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        continue;
                    }
                    let m = moves[arg(&mut bytes) % moves.len()];
                    let t = g.move_text(m);
                    let mut by_move = g.clone();
                    by_move.play(m).unwrap();
                    g.act_text(&t)
                        .unwrap_or_else(|e| panic!("{id}: move text {t:?}: {e}"));
                    assert_eq!(g.position().hash(), by_move.position().hash());
                    Ok(())
                }
            };
        match result {
            Ok(()) => check_game_quick(&g, id),
            Err(_) => {
                assert_eq!(g.position().hash(), hash, "a refused call changed the game");
                assert_eq!(g.ply_count(), plies, "a refused call changed the game");
            }
        }
    }
    check_game(&g, id);
});
