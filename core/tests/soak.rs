//! Soak: every playable game, many seeded random games (and bot-vs-bot games at low levels),
//! checking after every action that
//! - the incremental hash equals the hash computed from scratch,
//! - `make` + `unmake` of every legal move restores the exact hash (and leaves it recomputable),
//! - undo restores the exact position of before the action and redo the one after it,
//! - a refused action changes nothing,
//! - no seat is to move that is out of play (while the game goes on and no choice is pending),
//! - while play goes on, the position written in the game's notation reads back and writes
//!   the same text,
//! - the game ends: within the move-limit house rule where the game has one, else (chess,
//!   Chess960) within the bound the fifty-move rule puts on any game.
//!
//! The suite runs a few games per id. The long soak (the issue's figures):
//!
//! ```sh
//! ROOKERY_SOAK_GAMES=10000 ROOKERY_SOAK_BOT_GAMES=1000 \
//!   cargo test --release -p rookery-core --test soak -- --nocapture
//! ```
//!
//! `ROOKERY_SOAK_IDS=shogi,xiangqi` soaks only the games it lists.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rookery_core::bot::{simple_bot, Bot};
use rookery_core::game::HouseRules;
use rookery_core::rng::XorShift as Rng;
use rookery_core::rules::{self, Rules};
use rookery_core::{Action, Game, Position};

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Everything that tells two positions apart for the players.
fn fingerprint(pos: &Position) -> (u64, String, Vec<i32>, Vec<bool>) {
    let seats = pos.variant.seat_count() as u8;
    (
        pos.hash(),
        rules::write_position(pos),
        pos.scores[..seats as usize].to_vec(),
        (0..seats).map(|s| pos.is_in_play(s)).collect(),
    )
}

/// Two-player chess ends by the fifty-move rule at the latest: at most 100 plies between two
/// captures or pawn moves, and a game has at most 30 captures and 16 × 6 pawn steps.
const FIFTY_MOVE_BOUND: usize = 101 * (30 + 16 * 6 + 1);

fn ply_bound(g: &Game) -> usize {
    let chess: &dyn Rules = &rookery_core::rules::chess::RULES;
    match (
        std::ptr::addr_eq(g.variant.rules(), chess),
        g.house.move_limit,
    ) {
        (true, _) => FIFTY_MOVE_BOUND,
        (_, Some(limit)) => limit as usize,
        (_, None) => usize::MAX,
    }
}

/// Whether the game is within its ply bound after `action`. A mate on the last ply the move
/// limit allows may ask the players a decision first (three-player chess: end or play on); that
/// one decision ends the game one ply past the limit (found by the long soak: three-player bot
/// game 37, limit 299).
fn within_bound(g: &Game, action: &Action) -> bool {
    g.ply_count() <= ply_bound(g)
        || (g.is_over()
            && matches!(action, Action::Choose(_))
            && g.ply_count() == ply_bound(g).saturating_add(1))
}

/// The invariants after an action; `label` names the game, seed and ply in a failure.
fn check(g: &Game, label: &str) {
    let pos = g.position();
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "{label}: hash differs from a recomputation"
    );
    if !g.is_over() && !g.choice_pending() {
        assert!(
            pos.is_in_play(pos.turn()),
            "{label}: seat {} is to move but out of play",
            pos.turn()
        );
        assert!(
            !g.legal_moves().is_empty(),
            "{label}: the game goes on but the seat to move has no legal move"
        );
    }
    // a finished game's last position may be one the notation refuses by design (three-player:
    // the side to move could take a king), so the round trip is checked while play goes on
    if !g.is_over() {
        let written = rules::write_position(pos);
        let again = rules::parse_position(g.variant, &written)
            .unwrap_or_else(|e| panic!("{label}: {written:?} does not read back: {e}"));
        assert_eq!(
            rules::write_position(&again),
            written,
            "{label}: writing not stable"
        );
    }
    let mut p = pos.clone();
    for m in g.legal_moves() {
        let u = p.make(m);
        assert_eq!(
            p.hash(),
            p.compute_hash(),
            "{label}: hash after make({m:?})"
        );
        p.unmake(m, &u);
        assert_eq!(
            p.hash(),
            pos.hash(),
            "{label}: make/unmake of {m:?} changes the hash"
        );
    }
    assert_eq!(
        p.compute_hash(),
        pos.hash(),
        "{label}: make/unmake leaves a different board"
    );
}

/// Applies `action` and checks the invariants, undo and redo. Returns whether it was accepted.
fn act_checked(g: &mut Game, action: Action, label: &str) -> bool {
    let before = fingerprint(g.position());
    let plies = g.ply_count();
    match g.act(action) {
        Ok(()) => {
            let after = fingerprint(g.position());
            check(g, label);
            g.undo().unwrap();
            assert_eq!(
                fingerprint(g.position()),
                before,
                "{label}: undo of {action:?}"
            );
            g.redo().unwrap();
            assert_eq!(
                fingerprint(g.position()),
                after,
                "{label}: redo of {action:?}"
            );
            true
        }
        Err(_) => {
            assert_eq!(
                fingerprint(g.position()),
                before,
                "{label}: refused {action:?}"
            );
            assert_eq!(g.ply_count(), plies, "{label}: refused {action:?}");
            false
        }
    }
}

fn house(rng: &mut Rng) -> HouseRules {
    HouseRules {
        move_limit: Some(40 + rng.below(360) as u32),
        ..HouseRules::default()
    }
}

/// One random game: mostly random legal moves, now and then a resignation, a time-out, a
/// choice, or an undo of a few plies followed by another line.
fn random_game(id: &str, seed: u64) -> usize {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut g = Game::with_options(id, house(&mut rng), seed, Some(start_number(seed))).unwrap();
    check(&g, &format!("{id} seed {seed} start"));
    let seats = g.variant.seat_count();
    let mut actions = 0usize;
    while !g.is_over() {
        let label = format!("{id} seed {seed} ply {}", g.ply_count());
        let choices = g.choices();
        let roll = rng.below(1000);
        let action = if !choices.is_empty() {
            Action::Choose(choices[rng.below(choices.len())])
        } else if roll < 4 {
            Action::Resign(rng.below(seats) as u8)
        } else if roll < 6 {
            Action::Timeout(rng.below(seats) as u8)
        } else if roll < 30 && g.ply_count() > 0 {
            for _ in 0..1 + rng.below(4) {
                let _ = g.undo();
            }
            check(&g, &format!("{label} after undo"));
            continue;
        } else {
            let moves = g.legal_moves();
            Action::Move(moves[rng.below(moves.len())])
        };
        act_checked(&mut g, action, &label);
        actions += 1;
        assert!(
            within_bound(&g, &action),
            "{label}: {} plies and the game goes on",
            g.ply_count()
        );
    }
    assert!(
        g.legal_moves().is_empty(),
        "{id} seed {seed}: moves after the end"
    );
    actions
}

/// The start a seed plays: Chess960 has 960 (0–959), the other games ignore the number.
fn start_number(seed: u64) -> u32 {
    (seed % 960) as u32
}

/// One bot-vs-bot game at levels 0 and 1.
fn bot_game(id: &str, seed: u64) -> usize {
    let mut rng = Rng(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1);
    let mut g = Game::with_options(id, house(&mut rng), seed, Some(start_number(seed))).unwrap();
    let bots: Vec<_> = (0..g.variant.seat_count())
        .map(|s| simple_bot(rng.below(2) as u8, seed ^ s as u64))
        .collect();
    let cancel = AtomicBool::new(false);
    let mut actions = 0;
    while !g.is_over() {
        let label = format!("{id} bot game {seed} ply {}", g.ply_count());
        let bot = &bots[g.position().turn() as usize];
        let action = bot
            .choose(&g, &cancel)
            .unwrap_or_else(|| panic!("{label}: the bot found no action"));
        assert!(
            act_checked(&mut g, action, &label),
            "{label}: bot's {action:?} refused"
        );
        actions += 1;
        assert!(within_bound(&g, &action), "{label}: the game goes on");
    }
    actions
}

/// Every playable game id, or those `ROOKERY_SOAK_IDS` lists (comma-separated).
fn playable() -> Vec<&'static str> {
    let only = std::env::var("ROOKERY_SOAK_IDS").unwrap_or_default();
    rules::catalogue()
        .into_iter()
        .filter(|g| g.playable)
        .map(|g| g.id)
        .filter(|id| only.is_empty() || only.split(',').any(|o| o.trim() == *id))
        .collect()
}

#[test]
fn random_games_of_every_game_keep_every_invariant_and_end() {
    let games = env_count("ROOKERY_SOAK_GAMES", 30);
    for id in playable() {
        let t = Instant::now();
        let actions: usize = (0..games as u64).map(|seed| random_game(id, seed)).sum();
        println!(
            "soak {id}: {games} random games, {actions} actions, 0 failures, {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn bot_games_of_every_game_keep_every_invariant_and_end() {
    let games = env_count("ROOKERY_SOAK_BOT_GAMES", 3);
    for id in playable() {
        let t = Instant::now();
        let actions: usize = (0..games as u64).map(|seed| bot_game(id, seed)).sum();
        println!(
            "soak {id}: {games} bot games (levels 0-1), {actions} actions, 0 failures, {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
}
