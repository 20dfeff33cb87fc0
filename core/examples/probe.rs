use rookery_core::game::{Action, Game};
use rookery_core::search::{Limits, Search};
use rookery_core::tree::Tree;
use std::sync::atomic::AtomicBool;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() == 2 {
        values(&a[1]);
        return;
    }
    let g = Game::from_fen(&a[1], &a[2]).unwrap();
    let me = g.position().turn();
    let mut t = Tree::new(&g);
    let mut acts = Vec::new();
    t.actions(&mut acts);
    for &x in &acts {
        t.step(x);
        let d = t.position().scores[me as usize] - g.position().scores[me as usize];
        let outs = (0..g.variant.seat_count() as u8)
            .filter(|&s| g.position().is_in_play(s) && !t.position().is_in_play(s))
            .count();
        if outs > 0 {
            if let Action::Move(m) = x {
                println!(
                    "puts {outs} out: {} (outcome {:?}) -> {}",
                    g.move_text(m),
                    t.outcome(),
                    rookery_core::rules::write_position(t.position())
                );
            }
        }
        if d > 0 {
            if let Action::Move(m) = x {
                println!("scores {d}: {}", g.move_text(m));
            }
        }
        t.undo();
    }
    let cancel = AtomicBool::new(false);
    for d in 1..=a[3].parse().unwrap() {
        let f = Search::new(
            &g,
            Limits {
                depth: d,
                nodes: None,
                time: None,
            },
            &cancel,
        )
        .exact_root(true)
        .run();
        let top: Vec<String> = f
            .root
            .iter()
            .take(5)
            .map(|(x, v)| match x {
                Action::Move(m) => format!("{} {v}", g.move_text(*m)),
                o => format!("{o:?}"),
            })
            .collect();
        println!("depth {d}: {top:?}");
    }
}
#[allow(dead_code)]
fn values(id: &str) {
    let v = rookery_core::rules::variant(id).unwrap();
    let e = rookery_core::search::Eval::of(v);
    let s: Vec<String> = v
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| format!("{}={}", p.letter, e.value[k]))
        .collect();
    println!("{id}: {s:?}");
}
