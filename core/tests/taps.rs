//! The shared tap fixture (`tests/data/taps.txt`) against the core's interaction layer, the
//! controller of the terminal player and the bindings (tests/kotlin runs the same file
//! through the FFI: TapFixtureTest.kt).
//!
//! Format: `case NAME`, `game ID`, optional `fen POSITION`, then steps
//! `tap CELL => RESULT`, `hand LETTER => RESULT`, `promote LETTER => RESULT`,
//! `choose MOVETEXT => RESULT`, `press ACTIONTEXT => RESULT` (a button), `buttons * => buttons
//! TEXT:LABELKEY...` (the buttons offered, sorted), where RESULT is `selected CELLS...` (sorted
//! by name), `promote LETTERS...` (sorted; `=` declines), `choice MOVETEXTS...` (sorted),
//! `moved TEXT` (the ply's text: a move, a drop `N@c3`, `choice:grey`), `deselected` or
//! `refused KEY`. A case may start from `fen POSITION` and play `moves TEXT...` (move texts)
//! before its steps.

use rookery_core::interact::{buttons, promotion_letters, Interaction, Pick, Tap};
use rookery_core::{Action, Game};

/// A button's action as text: move text, or `choice:...`.
fn action_text(g: &Game, a: Action) -> String {
    match a {
        Action::Move(m) => g.move_text(m),
        Action::Choose(c) => c.text(),
        _ => unreachable!("buttons are moves and choices"),
    }
}

struct Case {
    name: String,
    game: Game,
    ui: Interaction,
}

fn sorted(mut v: Vec<String>) -> String {
    v.sort();
    v.join(" ")
}

fn play(case: &mut Case, a: Action) -> String {
    case.game.act(a).expect("the layer offers legal actions");
    case.ui.clear();
    format!(
        "moved {}",
        case.game.plies().last().map(|p| p.text.clone()).unwrap()
    )
}

fn result(case: &mut Case, tap: Tap) -> String {
    let g = &case.game;
    let v = g.variant;
    match tap {
        Tap::Selected { pick, targets } => {
            let _ = pick;
            format!(
                "selected {}",
                sorted(
                    targets
                        .iter()
                        .map(|&c| v.board.name(c).to_owned())
                        .collect()
                )
            )
        }
        Tap::Choose { moves } if promotion_letters(g, &moves).is_some() => {
            format!("promote {}", sorted(promotion_letters(g, &moves).unwrap()))
        }
        Tap::Choose { moves } => format!(
            "choice {}",
            sorted(moves.iter().map(|&m| g.move_text(m)).collect())
        ),
        Tap::Play(m) => play(case, Action::Move(m)),
        Tap::Decide(c) => play(case, Action::Choose(c)),
        Tap::Deselected => "deselected".to_owned(),
        Tap::Refused(why) => format!("refused {}", why.key),
    }
}

fn step(case: &mut Case, verb: &str, arg: &str) -> String {
    match verb {
        "tap" => {
            let c = case.game.variant.board.cell(arg).expect("a cell name");
            let tap = case.ui.tap(&case.game, c);
            result(case, tap)
        }
        "hand" => {
            let v = case.game.variant;
            let k = (0..v.pieces.len() as u8)
                .find(|&k| v.letter(k).to_string() == arg)
                .expect("a piece letter");
            let tap = case.ui.tap_hand(&case.game, k);
            assert!(matches!(case.ui.picked(), Some(Pick::Hand(_)) | None));
            result(case, tap)
        }
        "promote" => match case.ui.choose_promotion(&case.game, arg) {
            Some(m) => play(case, Action::Move(m)),
            None => "no such choice".to_owned(),
        },
        "choose" => {
            let m = case
                .ui
                .pending()
                .iter()
                .copied()
                .find(|&m| case.game.move_text(m) == arg);
            match m.and_then(|m| case.ui.choose(m)) {
                Some(m) => play(case, Action::Move(m)),
                None => "no such choice".to_owned(),
            }
        }
        "buttons" => format!(
            "buttons {}",
            sorted(
                buttons(&case.game, |s| s.to_string())
                    .iter()
                    .map(|b| format!("{}:{}", action_text(&case.game, b.action), b.label.key))
                    .collect()
            )
        )
        .trim_end()
        .to_owned(),
        "press" => {
            let found = buttons(&case.game, |s| s.to_string())
                .into_iter()
                .map(|b| b.action)
                .find(|&a| action_text(&case.game, a) == arg);
            match found {
                Some(a) => {
                    let tap = case.ui.press(&case.game, &a);
                    result(case, tap)
                }
                None => "not offered".to_owned(),
            }
        }
        other => panic!("unknown step {other}"),
    }
}

/// A catalogue game, or a test-only game of `rules::testbed` (`tb-*`: the Kotlin test skips
/// these, the bindings only open catalogue games).
fn game(id: &str, fen: Option<&str>) -> Game {
    let v = if id.starts_with("tb-") {
        rookery_core::rules::testbed::variant(id).unwrap()
    } else {
        rookery_core::rules::variant(id).unwrap()
    };
    match fen {
        // the game's own start (janggi's set-up choices come first), as the shells start it
        None if !id.starts_with("tb-") => {
            Game::with_options(id, Default::default(), 0, None).unwrap()
        }
        _ => {
            let text = fen.map_or_else(|| v.start_fen.clone(), str::to_owned);
            let pos = rookery_core::rules::parse_position(v, &text).unwrap();
            Game::from_position(pos, Default::default(), 0).unwrap()
        }
    }
}

#[test]
fn the_shared_tap_fixture_gives_its_results_in_the_core_controller() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/taps.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut case: Option<Case> = None;
    let mut failures = Vec::new();
    let (mut cases, mut steps) = (0, 0);
    let mut pending_name = String::new();
    let mut pending_game = String::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
        match verb {
            "case" => {
                pending_name = rest.to_owned();
                case = None;
                cases += 1;
            }
            "game" => {
                pending_game = rest.to_owned();
                case = Some(Case {
                    name: pending_name.clone(),
                    game: game(rest, None),
                    ui: Interaction::new(),
                });
            }
            "fen" => {
                let c = case.as_mut().expect("game before fen");
                c.game = game(&pending_game, Some(rest));
            }
            "moves" => {
                let c = case.as_mut().expect("game before moves");
                for t in rest.split_whitespace() {
                    c.game.act_text(t).expect("a legal move");
                }
            }
            _ => {
                let c = case.as_mut().expect("a case");
                let (arg, want) = rest.split_once(" => ").expect("STEP ARG => RESULT");
                let got = step(c, verb, arg.trim());
                steps += 1;
                if got != want.trim() {
                    failures.push(format!(
                        "line {} ({}): {verb} {arg}: want `{}`, got `{got}`",
                        n + 1,
                        c.name,
                        want.trim()
                    ));
                }
            }
        }
    }
    assert!(cases >= 18 && steps >= 60, "{cases} cases, {steps} steps");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Three-player chess after the first mate: the players' choices are the buttons, taps wait.
#[test]
fn the_three_player_choice_after_a_mate_is_made_with_buttons() {
    let mut found = None;
    'seeds: for seed in 0..50u64 {
        let mut g = Game::with_options("three-player", Default::default(), seed, None).unwrap();
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while !g.is_over() && g.ply_count() < 600 {
            if g.choice_pending() {
                found = Some(g);
                break 'seeds;
            }
            let moves = g.legal_moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            g.act(Action::Move(moves[(x % moves.len() as u64) as usize]))
                .unwrap();
        }
    }
    let g = found.expect("a random three-player game reaches a mate");
    let offered = buttons(&g, |s| format!("seat {s}"));
    assert_eq!(
        offered.iter().map(|b| b.action).collect::<Vec<_>>(),
        g.choices()
            .into_iter()
            .map(Action::Choose)
            .collect::<Vec<_>>()
    );
    assert!(offered.iter().any(|b| b.label.key == "choice-end"));
    assert!(offered
        .iter()
        .any(|b| b.label.key == "choice-give" && b.label.arg("player").is_some()));
    let mut ui = Interaction::new();
    let king = g.position().king(g.position().turn()).unwrap();
    assert!(matches!(ui.tap(&g, king), Tap::Refused(m) if m.key == "illegal-choice-pending"));
    let Action::Choose(c) = offered[0].action else {
        unreachable!()
    };
    assert_eq!(ui.press(&g, &offered[0].action), Tap::Decide(c));
}
