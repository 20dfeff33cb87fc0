//! The game screen through the bindings on a saved game (`GameLibrary`, sync to disk on): a
//! game played by taps alone, every acknowledged move on disk (the library reopened gives the
//! same screen), a bad cell refused with a typed error that changes nothing, and the time of
//! one tap printed (median and p99; a figure for the notes, never an assertion).
//!
//! `cargo test --release -p rookery-bindings --test screen_tap -- --nocapture`

use std::time::Instant;

use rookery_bindings::{default_house_rules, GameLibrary, RookeryError, ScreenIntent, SeatConfig};

fn person(name: &str) -> SeatConfig {
    SeatConfig::Person {
        name: name.to_owned(),
    }
}

#[test]
fn a_saved_game_played_by_taps_through_the_screen_survives_a_reopened_library() {
    let dir = std::env::temp_dir().join(format!("rookery-screen-tap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.to_string_lossy().to_string();
    // a short game of 2×12 moves, each made by two taps
    let moves = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1",
        "b7b5", "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6a5", "b3c2", "c7c5", "d2d4", "d8c7",
        "b1d2", "c5d4",
    ];
    let mut times = Vec::new();
    let id;
    let shown;
    {
        let lib = GameLibrary::new(path.clone()).unwrap();
        assert!(lib.sync_to_disk());
        let s = lib
            .new_game(
                "chess".into(),
                vec![person("Ann"), person("Bob")],
                default_house_rules(),
                7,
            )
            .unwrap();
        for m in moves {
            let (from, to) = m.split_at(2);
            for cell in [from, to] {
                let t = Instant::now();
                let screen = s
                    .act(ScreenIntent::Tap {
                        cell: cell.to_owned(),
                    })
                    .unwrap();
                times.push(t.elapsed().as_micros() as u64);
                assert!(screen.notices.is_empty(), "{m}: {:?}", screen.notices);
            }
        }
        // a cell that does not exist: a typed error, and nothing changed
        let before = s.screen().unwrap();
        assert!(matches!(
            s.act(ScreenIntent::Tap { cell: "z9".into() }),
            Err(RookeryError::BadInput { .. })
        ));
        assert_eq!(s.screen().unwrap(), before);
        shown = before;
        id = shown.saved_id.expect("a saved game");
        // the session is dropped without closing: every move was saved when acknowledged
    }
    let lib = GameLibrary::new(path).unwrap();
    let again = lib.resume(id).unwrap().screen().unwrap();
    assert_eq!(again.moves, shown.moves);
    assert_eq!(again.moves.len(), moves.len());
    assert_eq!(again.scene.pieces, shown.scene.pieces);
    assert_eq!(again.status, shown.status);
    // the result sheet's rematch: a new saved game, same players, from the start
    let re = lib.rematch(id).unwrap().screen().unwrap();
    assert_ne!(re.saved_id, Some(id));
    assert!(re.moves.is_empty());
    let names = |s: &rookery_bindings::GameScreen| -> Vec<String> {
        s.bars.iter().map(|b| b.name.clone()).collect()
    };
    assert_eq!(names(&re), names(&again));
    assert_eq!(names(&re), ["Ann", "Bob"]);
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "one tap through the bindings, saved game, sync on: median {} µs, p99 {} µs ({} taps, one FFI call each)",
        at(0.5),
        at(0.99),
        times.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ScreenIntent::Play` (an action decided elsewhere) reads moves in the game's notation,
/// resignations and choices; bad text is a typed error that changes nothing, never a panic.
#[test]
fn a_played_action_reads_every_notation_and_bad_text_changes_nothing() {
    let s = rookery_bindings::GameSession::new(
        "chess".into(),
        vec![person("Ann"), person("Bob")],
        default_house_rules(),
        1,
    )
    .unwrap();
    let play = |t: &str| s.act(ScreenIntent::Play { text: t.into() });
    // coordinate text and SAN alike
    play("e2e4").unwrap();
    let screen = play("Nf6").unwrap();
    assert_eq!(
        screen
            .moves
            .iter()
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>(),
        ["e4", "Nf6"]
    );
    for bad in [
        "resign:2",
        "resign:255",
        "resign:x",
        "choice:maybe",
        "zz",
        "",
        "e4e5e6",
    ] {
        let err = play(bad).unwrap_err();
        assert!(
            matches!(err, RookeryError::BadInput { .. }),
            "{bad:?}: {err:?}"
        );
        assert_eq!(s.screen().unwrap(), screen, "{bad:?} changed the screen");
    }
    assert!(matches!(
        play("e1e8").unwrap_err(),
        RookeryError::IllegalMove { .. }
    ));
    let end = play("resign:1").unwrap();
    assert_eq!(end.result.unwrap().winners, [0]);
}
