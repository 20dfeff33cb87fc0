use super::*;
use crate::scene::PieceAt;

fn chess(players: &[&str]) -> Local {
    Local::new(
        Game::new("chess").unwrap(),
        players.iter().map(|&n| Player::person(n)).collect(),
    )
}

fn cell(host: &Local, name: &str) -> Cell {
    host.game.variant.board.cell(name).unwrap()
}

#[test]
fn an_intent_that_is_an_error_changes_nothing() {
    let mut host = chess(&["Ann", "Bob"]);
    let mut t = Table::new(Looker::Device);
    let (e2, e7) = (cell(&host, "e2"), cell(&host, "e7"));
    t.apply(&mut host, Intent::Tap(e2)).unwrap();
    t.apply(&mut host, Intent::Tap(e7)).unwrap();
    let before = t.screen(&host);
    assert_eq!(before.notices.len(), 1, "the refusal of e7 is told");
    for bad in [
        Intent::Tap(9999),
        Intent::Pick(0),
        Intent::Press(3),
        Intent::Resign(7),
        Intent::SetPlayer(0, Player::bot(9)),
        Intent::Drag { from: 0, to: 9999 },
    ] {
        assert!(t.apply(&mut host, bad.clone()).is_err(), "{bad:?}");
        assert_eq!(t.screen(&host), before, "{bad:?} changed the screen");
    }
    assert_eq!(host.game.ply_count(), 0);
}

#[test]
fn a_tap_at_a_point_of_the_scene_taps_the_cell_drawn_there() {
    let mut host = chess(&["Ann", "Bob"]);
    let mut t = Table::new(Looker::Device);
    let scene = t.screen(&host).scene;
    let e2 = cell(&host, "e2");
    let at = scene.cells.iter().find(|c| c.cell == e2).unwrap().centre;
    let s = t.apply(&mut host, Intent::At { x: at.x, y: at.y }).unwrap();
    assert!(s.scene.cells.iter().any(|c| c.cell == e2 && c.selected));
    // a drag plays the move in one intent
    let (g1, f3) = (cell(&host, "g1"), cell(&host, "f3"));
    let s = t
        .apply(&mut host, Intent::Drag { from: g1, to: f3 })
        .unwrap();
    assert_eq!(s.moves.len(), 1);
    assert_eq!(s.moves[0].text, "Nf3");
}

#[test]
fn the_board_turns_to_the_person_to_move_and_one_seat_keeps_its_side() {
    let mut host = chess(&["Ann", "Bob"]);
    let mut t = Table::new(Looker::Device);
    let white = t.screen(&host).scene;
    t.apply(&mut host, Intent::Type("e4".into())).unwrap();
    let black = t.screen(&host).scene;
    let y = |s: &Scene, c: &str| {
        let c = cell(&host, c);
        s.cells.iter().find(|x| x.cell == c).unwrap().centre.y
    };
    // White's first rank is at the bottom for White, at the top for Black
    assert!(y(&white, "e1") > y(&white, "e8"));
    assert!(y(&black, "e1") < y(&black, "e8"));
    t.set_looker(Looker::Seat(0));
    assert!(y(&t.screen(&host).scene, "e1") > y(&t.screen(&host).scene, "e8"));
}

#[test]
fn a_bot_to_move_is_thinking_and_says_so() {
    let mut host = Local::new(
        Game::new("chess").unwrap(),
        vec![Player::person("Ann"), Player::bot(3)],
    );
    let mut t = Table::new(Looker::Device);
    let s = t.apply(&mut host, Intent::Type("e4".into())).unwrap();
    assert!(s.bars[1].thinking && s.bars[1].to_move && !s.bars[0].thinking);
    assert_eq!(s.status.key, "screen-thinking");
    // a person's bar never thinks
    let s = t
        .apply(&mut host, Intent::SetPlayer(1, Player::person("Bob")))
        .unwrap();
    assert!(!s.bars[1].thinking);
}

#[test]
fn a_finished_game_of_fog_of_war_shows_everything_and_its_result() {
    let mut host = Local::new(Game::new("fog-of-war").unwrap(), Vec::new());
    let mut t = Table::new(Looker::Seat(0));
    let live = t.screen(&host);
    assert!(live.scene.pieces.len() < 32, "the fog hides Black's pieces");
    let s = t.apply(&mut host, Intent::Resign(1)).unwrap();
    assert_eq!(s.viewer, None);
    let on_board = s
        .scene
        .pieces
        .iter()
        .filter(|p| matches!(p.at, PieceAt::Cell(_)))
        .count();
    assert_eq!(on_board, 32);
    let r = s.result.expect("a result sheet");
    assert_eq!(r.winners, vec![0]);
    assert_eq!(r.reason.key, "end-resignation");
    assert!(r.follow.contains(&Follow::Rematch));
}
