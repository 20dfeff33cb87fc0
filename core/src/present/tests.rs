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

/// The move `text` names in game `id` after `moves` (coordinate text), as coordinate text.
fn typed(id: &str, moves: &[&str], text: &str) -> Result<String> {
    let mut g = Game::new(id).unwrap();
    for m in moves {
        g.act_text(m).unwrap();
    }
    let m = parse_move(&g, text)?;
    Ok(crate::notation::movetext::write(
        g.position(),
        m,
        g.variant.castle_king_takes_rook,
    ))
}

#[test]
fn moves_are_typed_in_san_in_every_game_recorded_in_pgn() {
    assert_eq!(typed("chess", &[], "Nf3").unwrap(), "g1f3");
    assert_eq!(typed("crazyhouse", &[], "e4").unwrap(), "e2e4");
    // a crazyhouse drop as SAN writes it
    let drop = ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"];
    assert_eq!(typed("crazyhouse", &drop, "P@e4").unwrap(), "P@e4");
    // the duck: the move in SAN, then the duck's cell
    assert_eq!(typed("duck", &[], "Nf3").unwrap(), "g1f3");
    assert_eq!(typed("duck", &["e2e4"], "@e6").unwrap(), "*@e6");
    assert_eq!(typed("atomic", &[], "Nc3").unwrap(), "b1c3");
    assert_eq!(typed("antichess", &[], "e3").unwrap(), "e2e3");
}

#[test]
fn xiangqi_moves_are_typed_in_wxf() {
    assert_eq!(typed("xiangqi", &[], "C2.5").unwrap(), "h3e3");
    assert_eq!(typed("xiangqi", &[], "H2+3").unwrap(), "h1g3");
    assert_eq!(
        typed("xiangqi", &["h3e3"], "c8.5").unwrap(),
        "h8e8",
        "case is forgiven"
    );
    assert!(typed("xiangqi", &[], "C2.9").is_err());
}

#[test]
fn shogi_moves_are_typed_in_usi_and_western_notation() {
    assert_eq!(typed("shogi", &[], "7g7f").unwrap(), "c3c4", "USI");
    assert_eq!(typed("shogi", &[], "P-7f").unwrap(), "c3c4", "Western");
    assert_eq!(
        typed("shogi", &[], "P7g-7f").unwrap(),
        "c3c4",
        "Western with the origin"
    );
    // a bishop exchange leaves a bishop in each hand: a drop in USI and in Western notation
    let trade = ["c3c4", "g7g6", "b2h8+", "g9h8"];
    // 5e: file 5 from sente's right, rank e from gote's side = the board's e5
    assert_eq!(typed("shogi", &trade, "B*5e").unwrap(), "B@e5");
    // promotion: `+` promotes, `=` (or nothing) declines
    let open = ["c3c4", "g7g6"];
    assert_eq!(typed("shogi", &open, "Bx2b+").unwrap(), "b2h8+");
    assert_eq!(typed("shogi", &open, "8h2b+").unwrap(), "b2h8+");
    assert_eq!(typed("shogi", &open, "Bx2b=").unwrap(), "b2h8");
    assert_eq!(typed("shogi", &open, "Bx2b").unwrap(), "b2h8");
    assert!(
        typed("shogi", &[], "P-7e").is_err(),
        "a pawn steps one file at a time"
    );
    assert!(typed("shogi", &[], "7g7e").is_err());
}

#[test]
fn shogi_boards_are_labelled_as_shogi_players_read_them() {
    let g = Game::new("shogi").unwrap();
    let s = crate::scene::for_game(
        &g,
        crate::scene::Orientation::default(),
        &crate::scene::Marks::default(),
    )
    .unwrap();
    let texts: Vec<&str> = s.labels.iter().map(|l| l.text.as_str()).collect();
    // files from the right, 9 on sente's left; ranks lettered from gote's side
    assert_eq!(
        texts[..9],
        ["9", "8", "7", "6", "5", "4", "3", "2", "1"],
        "{texts:?}"
    );
    assert_eq!(
        texts[9..],
        ["i", "h", "g", "f", "e", "d", "c", "b", "a"],
        "{texts:?}"
    );
    let chess = Game::new("chess").unwrap();
    let s = crate::scene::for_game(
        &chess,
        crate::scene::Orientation::default(),
        &crate::scene::Marks::default(),
    )
    .unwrap();
    assert!(s.labels.iter().any(|l| l.text == "h"));
}

#[test]
fn a_typed_move_that_is_refused_says_why_and_two_cells_ask_for_the_promotion() {
    // SAN naming a pinned piece: the rules' reason, not "bad move text"
    let mut host = Local::new(
        Game::from_fen("chess", "4k3/8/8/8/8/8/3N4/r2K4 w - - 0 1").unwrap(),
        vec![Player::person("Ann"), Player::person("Bob")],
    );
    let mut t = Table::new(Looker::Device);
    let s = t.apply(&mut host, Intent::Type("Nf3".into())).unwrap();
    assert_eq!(s.notices[0].key, illegal::KING_IN_CHECK, "{:?}", s.notices);
    // two cells of a promotion: the picker, as after a drag
    let mut host = Local::new(
        Game::from_fen("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap(),
        vec![Player::person("Ann"), Player::person("Bob")],
    );
    let s = t.apply(&mut host, Intent::Type("a7a8".into())).unwrap();
    assert!(
        matches!(s.pending, Some(Pending::Promotion { .. })),
        "{:?}",
        s.pending
    );
    assert_eq!(host.game.ply_count(), 0);
}

#[test]
fn typed_text_of_any_letters_is_refused_without_a_panic() {
    let mut host = chess(&["Ann", "Bob"]);
    let mut t = Table::new(Looker::Device);
    for text in [
        "é4", "Ňf3", "Qé4", "e2é4", "ä@e4", "P*é5", "", "  ", "@", "*", "xx", "e9e10",
    ] {
        let s = t.apply(&mut host, Intent::Type(text.into())).unwrap();
        assert!(!s.notices.is_empty(), "{text:?} is refused with a reason");
    }
    assert_eq!(host.game.ply_count(), 0);
}

/// The kind of the screen's last event after typing `moves` in chess.
fn event_after(moves: &[&str]) -> Option<LastEvent> {
    let mut host = chess(&["Ann", "Bob"]);
    let mut t = Table::new(Looker::Device);
    let mut s = t.screen(&host);
    for m in moves {
        s = t.apply(&mut host, Intent::Type((*m).into())).unwrap();
    }
    s.last_event
}

#[test]
fn the_last_event_says_move_capture_check_and_end() {
    assert_eq!(event_after(&[]), None, "nothing played yet");
    let ev = |plies, kind| Some(LastEvent { plies, kind });
    assert_eq!(event_after(&["e4"]), ev(1, EventKind::Move));
    assert_eq!(
        event_after(&["e4", "d5", "exd5"]),
        ev(3, EventKind::Capture)
    );
    assert_eq!(event_after(&["e4", "f5", "Qh5+"]), ev(3, EventKind::Check));
    // a capture that gives check is a check
    assert_eq!(
        event_after(&["e4", "d5", "Bb5+", "c6", "Bxc6+"]),
        ev(5, EventKind::Check)
    );
    assert_eq!(
        event_after(&["f3", "e5", "g4", "Qh4#"]),
        ev(4, EventKind::End)
    );
}

#[test]
fn the_last_event_follows_the_live_game_not_the_review_and_undo() {
    let mut host = chess(&["Ann", "Bob"]);
    let mut t = Table::new(Looker::Device);
    for m in ["e4", "d5", "exd5"] {
        t.apply(&mut host, Intent::Type(m.into())).unwrap();
    }
    let s = t.apply(&mut host, Intent::Review(Step::First)).unwrap();
    let capture = Some(LastEvent {
        plies: 3,
        kind: EventKind::Capture,
    });
    assert_eq!(s.last_event, capture, "a review step is no new event");
    t.apply(&mut host, Intent::Review(Step::Live)).unwrap();
    let s = t.apply(&mut host, Intent::Undo).unwrap();
    assert_eq!(
        s.last_event,
        Some(LastEvent {
            plies: 2,
            kind: EventKind::Move
        })
    );
    let s = t.apply(&mut host, Intent::Resign(1)).unwrap();
    assert_eq!(s.last_event.map(|e| e.kind), Some(EventKind::End));
}

#[test]
fn in_fog_each_seat_hears_the_captures_it_knows() {
    // Black takes a pawn of White: both know it
    let mut host = Local::new(Game::new("fog-of-war").unwrap(), Vec::new());
    for m in ["a2a3", "b7b5", "a3a4", "b5a4"] {
        host.game.act_text(m).unwrap();
    }
    let white = Table::new(Looker::Seat(0)).screen(&host);
    let black = Table::new(Looker::Seat(1)).screen(&host);
    assert_eq!(black.last_event.map(|e| e.kind), Some(EventKind::Capture));
    // White's pawn on a4 was taken out of White's sight: White knows its own piece left
    assert_eq!(white.last_event.map(|e| e.kind), Some(EventKind::Capture));
    // a quiet move far from White's eyes is only a move
    host.game.act_text("h2h3").unwrap();
    host.game.act_text("h7h6").unwrap();
    let white = Table::new(Looker::Seat(0)).screen(&host);
    assert_eq!(white.last_event.map(|e| e.kind), Some(EventKind::Move));
}

fn leads(host: &Local, looker: Looker) -> Vec<i32> {
    Table::new(looker)
        .screen(host)
        .bars
        .iter()
        .map(|b| b.lead)
        .collect()
}

#[test]
fn the_material_lead_is_the_seat_ahead_of_its_strongest_opponent_and_only_where_all_is_seen() {
    // even material: nobody leads
    let host = chess(&["Ann", "Bob"]);
    assert_eq!(leads(&host, Looker::Device), [0, 0]);
    // White a knight up: White leads by the difference of the bars' material (the search's
    // value table), at least two pawns; Black by 0
    let g = Game::from_fen("chess", "4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1").unwrap();
    let host = Local::new(g, Vec::new());
    let s = Table::new(Looker::Device).screen(&host);
    let up = s.bars[0].material - s.bars[1].material;
    assert!(up >= 2, "a knight is worth {up} pawns");
    assert_eq!(leads(&host, Looker::Device), [up, 0]);
    assert!(s
        .text()
        .contains(&format!("material={} lead={up}", s.bars[0].material)));
    // pieces in hand are material: a shogi capture leads by the piece now in hand
    let mut host = Local::new(Game::new("shogi").unwrap(), Vec::new());
    let mut t = Table::new(Looker::Device);
    for m in ["7g7f", "3c3d", "8h2b+"] {
        t.apply(&mut host, Intent::Type(m.into())).unwrap();
    }
    assert_eq!(host.game.position().hands[0].iter().sum::<u8>(), 1);
    let l = leads(&host, Looker::Device);
    assert!(l[0] > 0 && l[1] == 0, "{l:?}");
    // fog of war: the viewer does not see every piece, so no seat leads even a piece up
    let mut g = Game::new("fog-of-war").unwrap();
    for m in ["e2e4", "d7d5", "e4d5"] {
        g.act_text(m).unwrap();
    }
    let host = Local::new(g, Vec::new());
    assert_eq!(leads(&host, Looker::Seat(0)), [0, 0]);
    assert_eq!(leads(&host, Looker::Seat(1)), [0, 0]);
}
