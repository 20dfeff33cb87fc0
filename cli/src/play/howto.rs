//! "How to play it here": the section every rules page ends with in the terminal, naming the
//! input for each kind of move the game has. Built from the game's own description (a hand,
//! promotions, several steps per turn, placements, moves made with a button, the notations it
//! reads), never from its id, so a new game gets its section by itself.

use rookery_core::game::HouseRules;
use rookery_core::notation::{san, traditional};
use rookery_core::position::MoveKind;
use rookery_core::{rules, Game};

use super::text::{t, tf};
use crate::markdown::{Block, Emph, PageLine, Run};

/// A paragraph of the section: the message's text, with `{ $example }` as code.
fn item(key: &str, example: Option<&str>) -> Block {
    let mut runs = vec![Run {
        emph: Emph::Plain,
        text: "• ".to_string(),
    }];
    match example {
        Some(ex) => {
            // the example is drawn as code: split the message around it
            let marker = "\u{1}";
            let text = tf(key, &[("example", marker)]);
            let mut parts = text.splitn(2, marker);
            runs.push(Run {
                emph: Emph::Plain,
                text: parts.next().unwrap_or_default().to_string(),
            });
            runs.push(Run {
                emph: Emph::Code,
                text: ex.to_string(),
            });
            if let Some(rest) = parts.next() {
                runs.push(Run {
                    emph: Emph::Plain,
                    text: rest.to_string(),
                });
            }
        }
        None => runs.push(Run {
            emph: Emph::Plain,
            text: t(key),
        }),
    }
    runs.retain(|r| !r.text.is_empty());
    Block {
        kind: PageLine::Item(1),
        runs,
    }
}

/// The section's blocks (a heading, then one item per kind of input), or nothing for a game
/// that cannot be played yet.
pub fn section(id: &str) -> Vec<Block> {
    let playable = rules::catalogue().iter().any(|g| g.id == id && g.playable);
    if !playable {
        return Vec::new();
    }
    let Ok(game) = Game::with_options(
        id,
        HouseRules::default(),
        1,
        rules::numbered_starts(id).map(|(_, usual)| usual),
    ) else {
        return Vec::new();
    };
    let v = game.variant;
    let pos = game.position();
    let legal = pos.legal_moves();
    let mut out = vec![
        Block::new(PageLine::Blank, ""),
        Block::new(PageLine::Heading, t("howto-heading")),
    ];
    // a move from the start (after set-up choices made with buttons), in every form the game
    // reads
    let mut at = pos.clone();
    let mut first = None;
    for _ in 0..64 {
        let moves = at.legal_moves();
        first = moves
            .iter()
            .copied()
            .find(|&m| m.kind == MoveKind::Normal && rules::button(&at, m).is_none());
        match (first, moves.first()) {
            (None, Some(&m)) => {
                let _ = at.make(m);
            }
            _ => break,
        }
    }
    if let Some(m) = first {
        let mut forms = traditional::forms(&at, m);
        if san::fits(v) {
            forms.push(san::write(&at, m));
        }
        forms.dedup();
        let mut seen = Vec::new();
        for f in forms {
            if !seen.contains(&f) {
                seen.push(f);
            }
        }
        out.push(item("howto-move", Some(&seen.join(" / "))));
    }
    out.push(item("howto-click", None));
    if v.promotion.iter().any(Option::is_some) {
        if v.promotion_plus {
            out.push(item("howto-promote-plus", Some("+")));
        } else {
            out.push(item("howto-promote", Some("e7e8q")));
        }
    }
    // pieces placed from the hand before the first move (sittuyin's set-up, placements):
    // a legal drop or placement at the start; else drops of captured pieces
    let placing = legal
        .iter()
        .find(|m| matches!(m.kind, MoveKind::Place | MoveKind::Drop));
    if let Some(&m) = placing {
        let ex = rookery_core::notation::movetext::write(pos, m, false);
        out.push(item("howto-place", Some(&ex)));
    } else if v.hand.is_some() {
        let letter = v.pieces.first().map(|p| p.letter).unwrap_or('P');
        out.push(item(
            "howto-drop",
            Some(&format!("{letter}@{}", cell_name(&game))),
        ));
    }
    // a second step in the same turn (the duck's placement): seen after the first move
    let second = first.and_then(|m| {
        let mut after = at.clone();
        let mover = after.turn();
        let _ = after.make(m);
        (after.turn() == mover)
            .then(|| after.legal_moves().first().map(|&n| (after.clone(), n)))
            .flatten()
    });
    if let Some((after, n)) = second {
        let ex = rookery_core::notation::movetext::write(&after, n, false);
        out.push(item("howto-steps", Some(&ex)));
    } else if v.steps_per_turn > 1 {
        out.push(item("howto-steps", Some(&format!("@{}", cell_name(&game)))));
    }
    if legal.iter().any(|&m| rules::button(pos, m).is_some()) {
        out.push(item("howto-buttons", None));
    }
    out.push(item("howto-keys", None));
    out
}

/// A cell in the middle of the board, by its name.
fn cell_name(game: &Game) -> String {
    let b = &game.variant.board;
    b.name((b.len() / 2) as rookery_core::board::Cell)
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_playable_game_names_its_inputs_in_both_languages() {
        for lang in ["en", "sk"] {
            crate::i18n::with_language(lang, || {
                for g in rules::catalogue().iter().filter(|g| g.playable) {
                    let s = section(g.id);
                    let text: Vec<String> = s.iter().map(Block::text).collect();
                    assert!(text.len() >= 4, "{lang} {}: {text:?}", g.id);
                    assert!(
                        s.iter()
                            .any(|b| b.runs.iter().any(|r| r.emph == Emph::Code)),
                        "{lang} {}: an example to type",
                        g.id
                    );
                }
            });
        }
        let text = |id| -> String { section(id).iter().map(|b| b.text() + "\n").collect() };
        assert!(text("crazyhouse").contains("P@"), "{}", text("crazyhouse"));
        assert!(text("duck").contains("@"), "{}", text("duck"));
        assert!(text("chess").contains("Nc3 / b1c3"), "{}", text("chess"));
        assert!(!text("chess").contains("@"), "{}", text("chess"));
        assert!(text("shogi").contains("+"), "{}", text("shogi"));
        // sittuyin's set-up: the example is a placement the start position takes
        let sittuyin = section("sittuyin");
        let ex = sittuyin
            .iter()
            .find(|b| b.text().contains("placing"))
            .and_then(|b| b.runs.iter().find(|r| r.emph == Emph::Code))
            .map(|r| r.text.clone())
            .expect("a placement example");
        let g = Game::with_options("sittuyin", HouseRules::default(), 1, None).unwrap();
        assert!(rookery_core::present::parse_move(&g, &ex).is_ok(), "{ex}");
    }
}
