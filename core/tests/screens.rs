//! The screen fixture (`tests/data/screens.txt`): scripted games covering every mechanism, with
//! the expected game screen after each intent, as text (`Screen::text`). The Kotlin tests (and
//! the Swift ones) replay the same file through the bindings and must agree.
//!
//! Regenerate the expected screens after a deliberate change with
//! `ROOKERY_UPDATE_SCREENS=1 cargo test --release -p rookery-core --test screens`, then read the
//! diff: every changed line is a change of what players see.

use rookery_core::game::{Action, Choice, Game};
use rookery_core::present::{Host, Intent, Local, Looker, Player, Step, Table};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/screens.txt");

/// One intent of the fixture's language (see tests/data/README.md).
fn intent(game: &Game, line: &str) -> Intent {
    let cell = |name: &str| {
        game.variant
            .board
            .cell(name)
            .unwrap_or_else(|| panic!("no cell {name}"))
    };
    let w: Vec<&str> = line.split_whitespace().collect();
    match w.as_slice() {
        ["tap", c] => Intent::Tap(cell(c)),
        ["hand", l] => Intent::TapHand(
            game.variant
                .piece_by_letter(l.chars().next().unwrap())
                .unwrap(),
        ),
        ["drag", a, b] => Intent::Drag {
            from: cell(a),
            to: cell(b),
        },
        ["press", i] => Intent::Press(i.parse().unwrap()),
        ["pick", i] => Intent::Pick(i.parse().unwrap()),
        ["dismiss"] => Intent::Dismiss,
        ["undo"] => Intent::Undo,
        ["redo"] => Intent::Redo,
        ["resign", s] => Intent::Resign(s.parse().unwrap()),
        ["seat", s, "bot", l] => {
            Intent::SetPlayer(s.parse().unwrap(), Player::bot(l.parse().unwrap()))
        }
        ["seat", s, "person", n] => Intent::SetPlayer(s.parse().unwrap(), Player::person(*n)),
        ["first"] => Intent::Review(Step::First),
        ["back"] => Intent::Review(Step::Back),
        ["forward"] => Intent::Review(Step::Forward),
        ["live"] => Intent::Review(Step::Live),
        ["review", n] => Intent::Review(Step::To(n.parse().unwrap())),
        ["confirm"] => Intent::ConfirmHandOver,
        ["play", "resign", s] => Intent::Play(Action::Resign(s.parse().unwrap())),
        ["play", "choice", c] => Intent::Play(Action::Choose(Choice::parse(c).unwrap())),
        ["play", m] => Intent::Play(Action::Move(
            rookery_core::notation::movetext::parse(game.position(), m).unwrap(),
        )),
        ["type", rest @ ..] => Intent::Type(rest.join(" ")),
        _ => panic!("unknown intent {line:?}"),
    }
}

fn players(spec: &str) -> Vec<Player> {
    spec.split(';')
        .map(|p| match p.trim() {
            "-" => Player::person(""),
            b if b.starts_with("bot:") => Player::bot(b[4..].parse().unwrap()),
            n => Player::person(n),
        })
        .collect()
}

fn looker(spec: &str) -> Looker {
    match spec.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["device"] => Looker::Device,
        ["table"] => Looker::Table { turn_pieces: false },
        ["seat", n] => Looker::Seat(n.parse().unwrap()),
        _ => panic!("unknown looker {spec:?}"),
    }
}

/// Replays the fixture; returns the file as it should be (expected screens regenerated).
fn replay(text: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut failures = Vec::new();
    let mut host: Option<Local> = None;
    let mut table = Table::new(Looker::Device);
    let mut title = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("== ") {
            title = rest.to_string();
            host = None;
            table = Table::new(Looker::Device);
        } else if let Some(rest) = line.strip_prefix("game ") {
            let (id, fen) = match rest.split_once(" fen ") {
                Some((id, fen)) => (id.trim(), Some(fen.trim())),
                None => (rest.trim(), None),
            };
            let game = match fen {
                Some(f) => Game::from_fen(id, f).unwrap(),
                None => Game::new(id).unwrap(),
            };
            host = Some(Local::new(game, Vec::new()));
        } else if let Some(rest) = line.strip_prefix("players ") {
            let h = host.as_mut().expect("players after game");
            *h = Local::new(h.game.clone(), players(rest));
        } else if let Some(rest) = line.strip_prefix("looker ") {
            table.set_looker(looker(rest));
        }
        out.push_str(line);
        out.push('\n');
        let intent_line = line.strip_prefix("> ");
        if line == "start" || intent_line.is_some() {
            let h = host.as_mut().expect("a game first");
            // an error is part of what the fixture fixes: it changes nothing
            let got = match intent_line {
                Some(i) => {
                    let i = intent(h.game(), i);
                    match table.apply(h, i) {
                        Ok(screen) => screen.text(),
                        Err(e) => format!("error: {e}\n"),
                    }
                }
                None => table.screen(h).text(),
            };
            let mut want = String::new();
            while let Some(l) = lines.peek() {
                if l.is_empty() || l.starts_with("> ") || l.starts_with("== ") {
                    break;
                }
                want.push_str(l);
                want.push('\n');
                lines.next();
            }
            if got != want {
                failures.push(format!(
                    "{title}: after {line:?}:\n--- want\n{want}--- got\n{got}"
                ));
            }
            out.push_str(&got);
            if lines.peek().is_some_and(|l| !l.is_empty()) {
                out.push('\n');
            }
        }
    }
    (out, failures)
}

#[test]
fn every_screen_of_the_fixture_is_what_the_core_decides() {
    let text = std::fs::read_to_string(PATH).expect("tests/data/screens.txt");
    let (regenerated, failures) = replay(&text);
    if std::env::var_os("ROOKERY_UPDATE_SCREENS").is_some() {
        std::fs::write(PATH, regenerated).unwrap();
        return;
    }
    assert!(
        failures.is_empty(),
        "{} screens differ (ROOKERY_UPDATE_SCREENS=1 regenerates):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
