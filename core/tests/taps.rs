//! The shared tap fixture (`tests/data/taps.txt`) against the core's interaction layer, the
//! controller of the terminal player and the bindings (tests/kotlin runs the same file
//! through the FFI: TapFixtureTest.kt).
//!
//! Format: `case NAME`, `game ID`, optional `fen POSITION`, then steps
//! `tap CELL => RESULT`, `hand LETTER => RESULT`, `promote LETTER => RESULT`,
//! `choose MOVETEXT => RESULT`, where RESULT is `selected CELLS...` (sorted by name),
//! `promote LETTERS...` (sorted), `choice MOVETEXTS...` (sorted), `moved MOVETEXT`,
//! `drop LETTER@CELL` (a piece from the hand; not played, see `play`), `deselected` or
//! `refused KEY`.

use rookery_core::interact::{Interaction, Pick, Tap};
use rookery_core::position::Move;
use rookery_core::{Action, Game};

struct Case {
    name: String,
    game: Game,
    ui: Interaction,
}

fn sorted(mut v: Vec<String>) -> String {
    v.sort();
    v.join(" ")
}

fn play(case: &mut Case, m: Move) -> String {
    if m.from == rookery_core::board::NO_CELL {
        // A piece from the hand (a drop, the duck entering): move text has no form for these
        // yet (notation::movetext::write needs a from cell), so the step names the move
        // without playing it; it ends its case.
        let v = case.game.variant;
        case.ui.clear();
        return format!("drop {}@{}", v.letter(m.aux), v.board.name(m.to));
    }
    case.game
        .act(Action::Move(m))
        .expect("the layer offers legal moves");
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
        Tap::Choose { moves } if moves.iter().all(|m| m.promotion().is_some()) => format!(
            "promote {}",
            sorted(
                moves
                    .iter()
                    .map(|m| v.letter(m.promotion().unwrap()).to_string())
                    .collect()
            )
        ),
        Tap::Choose { moves } => format!(
            "choice {}",
            sorted(moves.iter().map(|&m| g.move_text(m)).collect())
        ),
        Tap::Play(m) => play(case, m),
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
            Some(m) => play(case, m),
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
                Some(m) => play(case, m),
                None => "no such choice".to_owned(),
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
    let text = fen.map_or_else(|| v.start_fen.clone(), str::to_owned);
    let pos = rookery_core::rules::parse_position(v, &text).unwrap();
    Game::from_position(pos, Default::default(), 0).unwrap()
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
    assert!(cases >= 8 && steps >= 25, "{cases} cases, {steps} steps");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
