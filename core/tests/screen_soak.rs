//! The screen soak: every playable game id played to its end by random intents through the
//! game screen (`rookery_core::present`), asserting that nothing panics, that every screen is
//! built, and that a viewer in a game with hidden cells (fog of war) never receives a hidden
//! piece, move or capture: every piece of the scene stands on a cell the viewer's seat sees by
//! the rules (`view::visible`), a move the viewer could not see is `?`, and during a hand-over
//! nothing of the position is shown at all.
//!
//! `ROOKERY_SCREEN_SOAK_GAMES=50` plays more games per id (default 2).

use rookery_core::board::Cell;
use rookery_core::game::Action;
use rookery_core::present::{Host, Intent, Local, Looker, Pending, Player, Screen, Step, Table};
use rookery_core::rng::XorShift as Rng;
use rookery_core::scene::PieceAt;
use rookery_core::{rules, view, Game};

/// Checks that `screen` shows `host`'s live position only as its viewer may see it.
fn check_hidden(host: &Local, screen: &Screen, id: &str, step: usize) {
    let game = host.game();
    if !view::limits_view(game.variant) || game.is_over() || screen.review.is_some() {
        return;
    }
    if matches!(screen.pending, Some(Pending::HandOver { .. })) {
        assert!(
            screen.scene.pieces.is_empty() && screen.moves.is_empty(),
            "{id} step {step}: a hand-over screen shows the position"
        );
        assert!(
            screen.bars.iter().all(|b| b.captured.is_empty()),
            "{id} step {step}: a hand-over screen shows captures"
        );
        return;
    }
    let seat = screen
        .viewer
        .unwrap_or_else(|| panic!("{id} step {step}: fog without a viewer"));
    let pos = game.position();
    let sees = view::visible(pos, seat).expect("fog of war limits the view");
    for p in &screen.scene.pieces {
        if let PieceAt::Cell(c) = p.at {
            assert!(
                sees.contains(c),
                "{id} step {step}: seat {seat} is shown a piece on hidden cell {}",
                game.variant.board.name(c)
            );
        }
    }
    for (i, e) in screen.moves.iter().enumerate() {
        let ply = &game.plies()[i];
        let hidden_cells = match ply.action {
            Action::Move(m) => [m.from, m.to]
                .into_iter()
                .any(|c: Cell| c != rookery_core::board::NO_CELL && !sees.contains(c)),
            _ => false,
        };
        if ply.mover != seat && hidden_cells {
            assert_eq!(e.text, "?", "{id} step {step}: a hidden move is shown");
        }
    }
    for b in &screen.bars {
        if b.seat != seat {
            // what another seat took is known only where it took the viewer's pieces
            for c in &b.captured {
                let own = rookery_core::scene::board_def(id)
                    .map(|d| d.seats[seat as usize].0 == c.army)
                    .unwrap_or(false);
                assert!(
                    own,
                    "{id} step {step}: a capture of seat {} is shown",
                    b.seat
                );
            }
        }
    }
}

fn intent(rng: &mut Rng, host: &Local, screen: &Screen) -> Intent {
    let game = host.game();
    let cells = game.variant.board.len();
    let legal = game.legal_moves();
    match rng.below(20) {
        0..=5 if !legal.is_empty() => Intent::Play(Action::Move(legal[rng.below(legal.len())])),
        6..=10 => Intent::Tap(rng.below(cells) as Cell),
        11 => Intent::TapHand(rng.below(game.variant.pieces.len()) as u8),
        12 if !screen.buttons.is_empty() => Intent::Press(rng.below(screen.buttons.len())),
        13 => Intent::Pick(rng.below(3)),
        14 => Intent::Review([Step::First, Step::Back, Step::Forward, Step::Live][rng.below(4)]),
        15 => Intent::ConfirmHandOver,
        16 if rng.below(8) == 0 => Intent::Undo,
        17 => Intent::At {
            x: (rng.below(1000) as f32) / 1000.0,
            y: (rng.below(1500) as f32) / 1000.0,
        },
        18 if rng.below(40) == 0 => Intent::Resign(rng.below(game.variant.seat_count()) as u8),
        19 => Intent::Drag {
            from: rng.below(cells) as Cell,
            to: rng.below(cells) as Cell,
        },
        _ if !legal.is_empty() => Intent::Play(Action::Move(legal[rng.below(legal.len())])),
        _ => match game.choices().first() {
            Some(&c) => Intent::Play(Action::Choose(c)),
            None => Intent::Review(Step::Live),
        },
    }
}

#[test]
fn every_game_plays_to_its_end_through_the_screen_and_fog_never_leaks() {
    let games: usize = std::env::var("ROOKERY_SCREEN_SOAK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let mut screens = 0usize;
    for info in rules::catalogue().into_iter().filter(|g| g.playable) {
        let id = info.id;
        for g in 0..games {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (g as u64 + 1) * 0x1234_5678);
            let game = Game::new(id).unwrap();
            let seats = game.variant.seat_count();
            // two people at the device (a hand-over in fog of war), the rest bots
            let players = (0..seats)
                .map(|s| match s {
                    0 => Player::person("Ann"),
                    1 if g % 2 == 0 => Player::person("Bob"),
                    _ => Player::bot(1),
                })
                .collect();
            let mut host = Local::new(game, players);
            let looker = [
                Looker::Device,
                Looker::Table { turn_pieces: true },
                Looker::Seat(0),
            ][g % 3];
            let mut table = Table::new(looker);
            let mut screen = table.screen(&host);
            let mut step = 0;
            while !host.game().is_over() && step < 40_000 {
                // random intents first, then moves alone (a screen every 25) so every game ends
                let legal = host.game().legal_moves();
                if step > 400 && !legal.is_empty() && step % 25 != 0 {
                    host.act(Action::Move(legal[rng.below(legal.len())]))
                        .unwrap();
                    step += 1;
                    continue;
                }
                let i = intent(&mut rng, &host, &screen);
                screen = match table.apply(&mut host, i.clone()) {
                    Ok(s) => s,
                    // a refused intent is an error that changed nothing: the screen is still
                    // built from the same game
                    Err(_) => table.screen(&host),
                };
                screens += 1;
                check_hidden(&host, &screen, id, step);
                step += 1;
            }
            assert!(host.game().is_over(), "{id}: not over after {step} intents");
            let end = table.apply(&mut host, Intent::Review(Step::Live)).unwrap();
            assert!(end.result.is_some(), "{id}: no result sheet at the end");
            assert!(!end.text().is_empty());
        }
    }
    println!("{screens} screens built");
}
