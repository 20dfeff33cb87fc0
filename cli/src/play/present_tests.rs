//! The terminal draws only the core's game screen: a union of friendly chess is drawn and
//! saved, a fog-of-war viewer's whole terminal drawing never holds a hidden piece or move,
//! review steps through earlier positions, and every playable game survives random keys and
//! clicks through the App into a TestBackend (the screen soak of the terminal).

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use rookery_core::board::Cell;
use rookery_core::present::Pending;
use rookery_core::{rules, view};

use super::app::{App, Screen, SeatKind};
use super::tests::{ctrl, draw, key, opts, play, playing, row_text, screen_text, typed};
use rookery_core::rng::XorShift as Rng;

const FRIENDLY: &str = "e2e4 b8c6 f1b5 a7a6 b5c6";

#[test]
fn a_union_of_friendly_chess_is_played_by_script_and_drawn_by_the_terminal() {
    // the script mode: the union on c6 is written with both letters, and bots play on to the end
    let out = super::script("friendly", None, None, FRIENDLY, None, 400, 1).unwrap();
    assert!(out.contains("game: friendly · ply 5"), "{out}");
    let row6 = out.lines().nth(2).unwrap();
    assert!(row6.contains("BN") || row6.contains("NB"), "{row6}");
    let out = super::script("friendly", None, None, FRIENDLY, Some(0), 300, 7).unwrap();
    assert!(out.contains("game: friendly"), "{out}");
    // the terminal: typed, drawn, the union's letters on c6
    let mut app = playing("friendly", &[SeatKind::Person, SeatKind::Person]);
    for m in FRIENDLY.split(' ') {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
        draw(&mut app, 110, 34);
    }
    assert_eq!(
        play(&mut app).game().ply_count(),
        5,
        "{}",
        play(&mut app).message
    );
    let buf = draw(&mut app, 110, 34);
    let p = play(&mut app);
    let t = &p.game().variant.board;
    let r = p.layout.unwrap().cell_rect(t, t.cell("c6").unwrap());
    let drawn: String = (r.x..r.right())
        .map(|x| buf.cell((x, r.y)).unwrap().symbol().to_string())
        .collect();
    let drawn = drawn.to_ascii_uppercase();
    assert!(drawn.contains("BN") || drawn.contains("NB"), "{drawn:?}");
}

#[test]
fn a_saved_union_game_resumes_and_draws() {
    let dir = std::env::temp_dir().join(format!(
        "rookery-play-union-{}-{:?}",
        std::process::id(),
        std::time::SystemTime::now()
    ));
    {
        let (store, _) = super::session::Store::open(&dir).unwrap();
        let mut app = App::new(opts(), Some(store));
        let mut form = super::app::SetupForm::new("friendly").unwrap();
        form.seats[1].kind = SeatKind::Person;
        app.start(form, Instant::now()).unwrap();
        for m in FRIENDLY.split(' ') {
            typed(&mut app, m);
            key(&mut app, KeyCode::Enter);
        }
        assert_eq!(play(&mut app).game().ply_count(), 5);
    }
    let (store, _) = super::session::Store::open(&dir).unwrap();
    let mut app = App::new(opts(), Some(store.clone()));
    let id = store.unfinished()[0].0;
    app.resume(id, Instant::now()).unwrap();
    let buf = draw(&mut app, 110, 34);
    assert_eq!(play(&mut app).game().ply_count(), 5);
    assert!(screen_text(&buf).contains("Bxc6") || screen_text(&buf).contains("c6"));
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The cells of a drawn board: (cell, the symbols of its rectangle).
fn drawn_cells(app: &mut App, buf: &Buffer) -> Vec<(Cell, String)> {
    let p = play(app);
    let t = &p.game().variant.board;
    let Some(l) = p.layout else {
        return Vec::new();
    };
    (0..t.len() as Cell)
        .map(|c| {
            let r = l.cell_rect(t, c);
            let mut s = String::new();
            for y in r.y..r.bottom() {
                for x in r.x..r.right() {
                    s.push_str(buf.cell((x, y)).unwrap().symbol());
                }
            }
            (c, s)
        })
        .collect()
}

/// Checks one frame of a fog-of-war game shown to `seat`: every cell the rules hide from the
/// seat is drawn as fog (nothing of its piece), and no move the seat may not see is written
/// anywhere on the screen, in any notation.
fn check_frame(app: &mut App, seat: u8, step: usize) {
    let buf = draw(app, 110, 34);
    // the screen without its two key lines (they show `e2e4` as an example)
    let help = super::ui::help_play().len() as u16;
    let text = (0..buf.area.height - help)
        .map(|y| row_text(&buf, y))
        .collect::<Vec<_>>()
        .join("\n");
    let cells = drawn_cells(app, &buf);
    let p = play(app);
    let g = p.game();
    if g.is_over() || p.screen().review.is_some() {
        return;
    }
    let pos = g.position();
    let sees = view::visible(pos, seat).expect("fog of war hides cells");
    let v = view::View::of(pos, view::Viewer::Seat(seat));
    let board_right = p.layout.map_or(0, |l| l.x + l.width());
    for (c, s) in cells {
        if !sees.contains(c) {
            assert!(
                s.chars().all(|ch| ch == '░'),
                "step {step}: hidden cell {c} drawn as {s:?}"
            );
        }
    }
    // the words of the side panel
    let panel: Vec<String> = (0..buf.area.height)
        .map(|y| {
            row_text(&buf, y)
                .chars()
                .skip(board_right as usize)
                .collect::<String>()
        })
        .collect();
    let words: Vec<&str> = panel
        .iter()
        .flat_map(|l| l.split(|ch: char| ch.is_whitespace() || ch == '.'))
        .filter(|w| !w.is_empty())
        .collect();
    let readable = view::View::of(pos, view::Viewer::Everyone)
        .revealed()
        .readable_texts(g);
    let seen: Vec<&String> = g
        .plies()
        .iter()
        .zip(&readable)
        .filter(|(ply, _)| v.sees_ply(ply))
        .map(|(_, r)| r)
        .collect();
    for (ply, r) in g.plies().iter().zip(&readable) {
        if v.sees_ply(ply) {
            continue;
        }
        // (a visible move of the same text may be on the screen)
        let same_seen = g
            .plies()
            .iter()
            .any(|q| v.sees_ply(q) && q.text == ply.text);
        assert!(
            same_seen || !text.contains(&ply.text),
            "step {step}: hidden move {} on the screen:\n{text}",
            ply.text
        );
        if !seen.contains(&r) {
            assert!(
                !words.contains(&r.as_str()),
                "step {step}: hidden move {r} in the panel:\n{text}"
            );
        }
    }
}

#[test]
fn a_fog_viewer_s_terminal_never_shows_a_hidden_piece_or_move() {
    for seed in 1..=4u64 {
        // the person plays White, then Black
        let person = (seed % 2) as u8;
        let mut seats = [SeatKind::Bot(1), SeatKind::Bot(1)];
        seats[person as usize] = SeatKind::Person;
        let mut app = playing("fog-of-war", &seats);
        let mut rng = seed * 0x9e37_79b9_7f4a_7c15;
        for step in 0..60 {
            check_frame(&mut app, person, step);
            app.tick(Instant::now());
            check_frame(&mut app, person, step);
            let p = play(&mut app);
            if p.is_over() {
                break;
            }
            let moves = p.game().legal_moves();
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let m = moves[(rng % moves.len() as u64) as usize];
            let text = p.game().move_text(m);
            typed(&mut app, &text);
            key(&mut app, KeyCode::Enter);
            // a promotion asks: take the first piece
            if play(&mut app).popup.is_some() {
                key(&mut app, KeyCode::Enter);
            }
        }
        let p = play(&mut app);
        assert!(
            p.is_over() || p.game().ply_count() > 10,
            "{}",
            p.game().ply_count()
        );
    }
}

#[test]
fn fog_of_war_in_the_terminal_hides_the_board_until_the_next_player_presses_enter() {
    let mut app = playing("fog-of-war", &[SeatKind::Person, SeatKind::Person]);
    let (first, second) = (play(&mut app).name(0), play(&mut app).name(1));
    let hand_over = |app: &mut App| match play(app).screen().pending {
        Some(Pending::HandOver { seat }) => Some(seat),
        _ => None,
    };
    // the game opens on the hand-over screen: no board, typed keys do nothing
    let s = screen_text(&draw(&mut app, 100, 30));
    assert!(s.contains(&format!("Pass the device to {first}")), "{s}");
    assert!(!s.contains("Moves"), "the side panel is hidden: {s}");
    typed(&mut app, "e2e4");
    assert_eq!(play(&mut app).game().ply_count(), 0);
    assert!(play(&mut app).input.is_empty());
    key(&mut app, KeyCode::Enter);
    assert_eq!(hand_over(&mut app), None);
    let pieces = |app: &mut App| {
        play(app)
            .cell_views()
            .iter()
            .filter(|v| v.piece.is_some())
            .count()
    };
    assert_eq!(pieces(&mut app), 16, "White's own pieces only");
    typed(&mut app, "e2e4");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().ply_count(), 1);
    assert_eq!(hand_over(&mut app), Some(1));
    let s = screen_text(&draw(&mut app, 100, 30));
    assert!(s.contains(&format!("Pass the device to {second}")), "{s}");
    key(&mut app, KeyCode::Enter);
    assert_eq!(pieces(&mut app), 16, "Black's own pieces only");
    let e4 = play(&mut app).game().variant.board.cell("e4").unwrap() as usize;
    let views = play(&mut app).cell_views();
    assert!(views[e4].fog && views[e4].piece.is_none());
    // Black's screen shows White's move as `?`, and fog is drawn, not empty squares
    let s = screen_text(&draw(&mut app, 100, 30));
    assert!(s.contains("1.?"), "{s}");
    assert!(s.contains('░'), "{s}");
}

#[test]
fn review_keys_step_through_earlier_positions_and_back_to_the_live_game() {
    let mut app = playing("chess", &[SeatKind::Person, SeatKind::Person]);
    for m in ["e2e4", "e7e5", "g1f3"] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    let e4 = play(&mut app).game().variant.board.cell("e4").unwrap() as usize;
    key(&mut app, KeyCode::Home);
    assert_eq!(play(&mut app).screen().review, Some(0));
    assert!(
        play(&mut app).cell_views()[e4].piece.is_none(),
        "the start position"
    );
    let s = screen_text(&draw(&mut app, 100, 30));
    assert!(s.contains("Reviewing"), "{s}");
    key(&mut app, KeyCode::Right);
    assert_eq!(play(&mut app).screen().review, Some(1));
    assert!(play(&mut app).cell_views()[e4].piece.is_some());
    // a move typed while reviewing is refused and changes nothing
    typed(&mut app, "d7d5");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().ply_count(), 3);
    assert!(play(&mut app).error);
    key(&mut app, KeyCode::End);
    assert_eq!(play(&mut app).screen().review, None);
    key(&mut app, KeyCode::Left);
    assert_eq!(play(&mut app).screen().review, Some(2));
    key(&mut app, KeyCode::End);
    typed(&mut app, "d7d5");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().ply_count(), 4);
}

fn click_cell(app: &mut App, c: Cell) {
    let p = play(app);
    let Some(l) = p.layout else { return };
    let r = l.cell_rect(&p.game().variant.board, c);
    app.mouse(
        MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: r.x + r.width / 2,
            row: r.y,
            modifiers: KeyModifiers::NONE,
        },
        Instant::now(),
    );
}

/// Plays one game of `id` by random keys and clicks; returns the plies played.
fn soak_one(id: &str, seed: u64, cap: usize) -> usize {
    let kinds = [SeatKind::Person, SeatKind::Person, SeatKind::Bot(0)];
    let mut rng = Rng(seed);
    let seats = rules::variant(id).unwrap().seat_count();
    let seated: Vec<SeatKind> = (0..seats).map(|_| kinds[rng.below(3)]).collect();
    let mut app = playing(id, &seated);
    let (w, h) = [(120, 40), (100, 30), (70, 20)][rng.below(3)];
    for step in 0..cap * 4 {
        draw(&mut app, w, h);
        app.tick(Instant::now());
        if !matches!(app.screen, Screen::Play(_)) {
            break;
        }
        let p = play(&mut app);
        if p.is_over() || p.game().ply_count() >= cap {
            break;
        }
        let n = p.game().variant.board.len();
        let moves = p.game().legal_moves();
        match rng.below(12) {
            0..=4 if !moves.is_empty() => {
                let m = moves[rng.below(moves.len())];
                let text = p.game().move_text(m);
                typed(&mut app, &text);
                key(&mut app, KeyCode::Enter);
            }
            5..=6 if !moves.is_empty() => {
                let m = moves[rng.below(moves.len())];
                if m.from as usize >= n {
                    continue;
                }
                click_cell(&mut app, m.from);
                draw(&mut app, w, h);
                click_cell(&mut app, m.to);
            }
            7 => click_cell(&mut app, rng.below(n) as Cell),
            8 => {
                let k = [
                    KeyCode::Left,
                    KeyCode::Right,
                    KeyCode::Home,
                    KeyCode::End,
                    KeyCode::Esc,
                    KeyCode::Enter,
                    KeyCode::Down,
                ][rng.below(7)];
                key(&mut app, k);
            }
            9 => ctrl(&mut app, ['z', 'y', 'p', 'f'][rng.below(4)]),
            10 => typed(&mut app, ["x9", "e2", "P@", "Nf3", "a1b2"][rng.below(5)]),
            _ => key(&mut app, KeyCode::Enter),
        }
        if !matches!(app.screen, Screen::Play(_)) {
            break;
        }
        // an open question or menu: answered by a number, or closed
        if play(&mut app).popup.is_some() && rng.below(3) == 0 {
            key(&mut app, KeyCode::Char('1'));
        }
        if !matches!(app.screen, Screen::Play(_)) {
            break;
        }
        // back to the live game now and then, so play goes on
        if step % 7 == 0 {
            app.handle_key(
                KeyEvent::new(KeyCode::End, KeyModifiers::NONE),
                Instant::now(),
            );
        }
    }
    match &app.screen {
        Screen::Play(p) => p.game().ply_count(),
        _ => 0,
    }
}

#[test]
fn every_playable_game_survives_random_keys_and_clicks_through_the_terminal() {
    let started = Instant::now();
    let mut plies = 0;
    for (i, g) in rules::catalogue().iter().filter(|g| g.playable).enumerate() {
        plies += soak_one(g.id, 0x2545_f491_4f6c_dd1d ^ (i as u64 + 1) * 7919, 40);
    }
    assert!(plies > 100, "{plies} plies in all");
    eprintln!(
        "terminal soak: {plies} plies in {:.1} s",
        started.elapsed().as_secs_f32()
    );
}
