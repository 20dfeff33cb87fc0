//! The capture generator of quiescence (`Position::legal_captures_into`) and the lazy
//! "any legal move" test against the full legal move list, in random games of every playable
//! game id: the captures (en passant included) and promotions are exactly the legal moves
//! that capture or promote, and a position has a legal move exactly when the list is not empty.

use rookery_core::game::{Action, Game, HouseRules};
use rookery_core::rules;

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn capture_generation_equals_the_legal_moves_that_capture_or_promote_in_every_game() {
    let mut checked = 0usize;
    let mut with_captures = 0usize;
    for info in rules::catalogue().iter().filter(|i| i.playable) {
        for seed in 1..=3u64 {
            let mut g = Game::with_options(info.id, HouseRules::default(), seed, None).unwrap();
            let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            for _ in 0..160 {
                if g.is_over() {
                    break;
                }
                let mut pos = g.position().clone();
                let mut all = Vec::new();
                pos.legal_into(&mut all);
                let want: Vec<String> = all
                    .iter()
                    .filter(|m| pos.is_capture(m) || m.promotion().is_some())
                    .map(|m| format!("{m:?}"))
                    .collect();
                let mut caps = Vec::new();
                pos.legal_captures_into(&mut caps);
                let got: Vec<String> = caps.iter().map(|m| format!("{m:?}")).collect();
                assert_eq!(
                    sorted(got),
                    sorted(want.clone()),
                    "{} seed {seed} ply {}: captures of {}",
                    info.id,
                    g.ply_count(),
                    rules::write_position(g.position())
                );
                assert_eq!(
                    pos.any_legal_move(),
                    !all.is_empty(),
                    "{} seed {seed} ply {}: any legal move",
                    info.id,
                    g.ply_count()
                );
                assert_eq!(&pos, g.position(), "{}: the tests change nothing", info.id);
                checked += 1;
                with_captures += usize::from(!want.is_empty());
                let acts: Vec<Action> = if g.choice_pending() {
                    g.choices().into_iter().map(Action::Choose).collect()
                } else {
                    g.legal_moves().into_iter().map(Action::Move).collect()
                };
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let a = acts[(rng % acts.len() as u64) as usize];
                g.act(a).unwrap();
            }
        }
    }
    assert!(
        checked > 5_000 && with_captures > 1_000,
        "{checked} positions, {with_captures} with captures"
    );
}
