//! Tests of the terminal player as a newcomer meets it (issue 18): every board kind at common
//! terminal sizes, who plays with whom, players going out, the real shape of the three-player
//! board, typing moves in SAN, Esc and Ctrl-C, the Continue list, bots playing on alone.
//! Drawn into ratatui's TestBackend; bots answer on the test's thread.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::Rect;

use rookery_core::Action;

use super::app::{App, Row, Screen, SeatKind, SetupForm, PACES};
use super::board;
use super::session::Store;
use super::tests::{ctrl, draw, key, opts, play, playing, row_text, screen_text, typed};
use super::ui;

const PERSONS: [SeatKind; 8] = [SeatKind::Person; 8];

/// The screen's words in one line (a message wrapped over rows reads as one).
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text of a rectangle of the screen, row by row.
fn area_text(buf: &Buffer, r: Rect) -> Vec<String> {
    (r.y..r.bottom())
        .map(|y| {
            (r.x..r.right())
                .map(|x| buf.cell((x, y)).unwrap().symbol().to_string())
                .collect()
        })
        .collect()
}

/// One game of every board kind: 8×8, 9×9 and 5×5 shogi, 9×10 points (xiangqi, janggi),
/// 14×14 four-player, 24×24 eight-player, the 96-cell three-player board, the four-player 8×8
/// boards (chaturaji, four seasons).
const BOARD_KINDS: [&str; 10] = [
    "chess",
    "shogi",
    "minishogi",
    "xiangqi",
    "janggi",
    "four-player-teams",
    "eight-player-pairs",
    "three-player",
    "chaturaji",
    "four-seasons",
];
const SIZES: [(u16, u16); 4] = [(60, 20), (80, 24), (120, 40), (200, 60)];

#[test]
fn every_board_kind_fits_without_overlap_or_asks_for_a_bigger_window() {
    let mut fitted = 0;
    for id in BOARD_KINDS {
        for (w, h) in SIZES {
            let mut app = playing(id, &PERSONS);
            let buf = draw(&mut app, w, h);
            let text = screen_text(&buf);
            let p = play(&mut app);
            let least = ui::play_least(p);
            if w < least.0 || h < least.1 {
                // too small: one clear message with the size needed, nothing else
                assert!(p.layout.is_none(), "{id} {w}×{h}");
                let want = format!("at least {}×{}", least.0, least.1);
                assert!(words(&text).contains(&want), "{id} {w}×{h}: {text}");
                assert!(
                    !text.contains("Ctrl-Z undo"),
                    "{id} {w}×{h}: keys drawn too"
                );
                continue;
            }
            fitted += 1;
            let l = p.layout.expect("drawn");
            let t = &p.game().variant.board;
            let body_h = h - 2;
            // the board, labels included, stays left of the panel and above the key lines
            assert!(
                l.x + l.width() < w && l.y + l.height() <= body_h,
                "{id} {w}×{h}"
            );
            assert!(w - (l.x + l.width() + 1) >= ui::PANEL_MIN, "{id} {w}×{h}");
            for c in 0..t.len() as u16 {
                let r = l.cell_rect(t, c);
                assert!(
                    r.right() <= l.x + l.width() && r.bottom() <= l.y + l.height(),
                    "{id} {w}×{h}: cell {c} outside the board"
                );
            }
            // nothing else is drawn over the board: it looks exactly as drawn alone
            let views = p.cell_views();
            let mut alone = Buffer::empty(Rect::new(0, 0, w, h));
            board::render(&mut alone, &l, t, &views);
            let board_area = Rect::new(l.x, l.y, l.width(), l.height());
            assert_eq!(
                area_text(&buf, board_area),
                area_text(&alone, board_area),
                "{id} {w}×{h}: the board is overdrawn"
            );
            // the key lines are whole parts, on the last two rows
            let keys = ui::help_play();
            for (i, k) in keys.iter().enumerate() {
                let shown = row_text(&buf, h - 2 + i as u16);
                let cut = ui::cut_at_separator(k, w as usize);
                assert!(shown.starts_with(&cut), "{id} {w}×{h}: {shown:?}");
            }
            // the panel: the game's name, every seat, the move box on its own row
            let px = l.x + l.width() + 1;
            let panel = area_text(&buf, Rect::new(px, 0, w - px, body_h));
            assert!(panel[0].starts_with(&super::text::game_name(id)), "{id}");
            for s in p.seats() {
                assert!(
                    panel.iter().any(|r| r.contains(&s.name)),
                    "{id} {w}×{h}: {} missing",
                    s.name
                );
            }
            assert!(
                panel[body_h as usize - 1].starts_with("Move:"),
                "{id} {w}×{h}: {:?}",
                panel[body_h as usize - 1]
            );
        }
    }
    // most sizes fit; 200×60 fits every board
    assert!(fitted >= 28, "{fitted} of 40 fit");
    for id in BOARD_KINDS {
        let mut app = playing(id, &PERSONS);
        draw(&mut app, 200, 60);
        assert!(play(&mut app).layout.is_some(), "{id} at 200×60");
    }
}

#[test]
fn the_eight_player_board_at_80_by_24_asks_for_91_by_28_not_garbled() {
    let mut app = playing("eight-player-ffa", &PERSONS);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(
        text.contains("make it at least 91×28 (now 80×24)"),
        "{text}"
    );
    // the message is words on lines, not a word per line
    assert!(text.lines().next().unwrap().trim().split(' ').count() > 5);
    // and it grows back when the window does
    draw(&mut app, 120, 40);
    assert!(play(&mut app).layout.is_some());
}

#[test]
fn menus_on_a_tiny_window_ask_for_more_room() {
    let mut app = App::new(opts(), None);
    let text = screen_text(&draw(&mut app, 30, 8));
    assert!(words(&text).contains("at least 44×12"), "{text}");
    let text = screen_text(&draw(&mut app, 60, 20));
    assert!(text.contains("Rookery"), "{text}");
}

#[test]
fn teams_and_pairs_show_who_plays_with_whom() {
    let mut app = playing("four-player-teams", &PERSONS);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(
        text.contains("Partners: Red + Yellow · Blue + Green"),
        "{text}"
    );
    let mut app = playing("eight-player-pairs", &PERSONS);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("Partners"), "{text}");
    assert!(text.contains("White + Purple"), "{text}");
    // free for all: nobody plays together
    let mut app = playing("four-player-ffa", &PERSONS);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(!text.contains("Partners"), "{text}");
}

#[test]
fn games_without_points_show_no_score_column() {
    for id in ["four-player-teams", "four-seasons"] {
        let mut app = playing(id, &PERSONS);
        let buf = draw(&mut app, 120, 40);
        let p = play(&mut app);
        let l = p.layout.unwrap();
        let px = l.x + l.width() + 1;
        for y in 2..2 + p.seats().len() as u16 {
            let line = area_text(&buf, Rect::new(px, y, 120 - px, 1)).remove(0);
            assert!(
                !line.trim_end().ends_with(" 0"),
                "{id}: a score of zero is shown: {line:?}"
            );
        }
    }
}

#[test]
fn a_player_who_resigns_in_free_for_all_is_listed_as_out() {
    let mut app = playing("four-player-ffa", &PERSONS);
    ctrl(&mut app, 'r');
    key(&mut app, KeyCode::Enter);
    let p = play(&mut app);
    assert!(p.is_out(0), "Red resigned");
    // Red's king walks on, but Red no longer plays: the list says so, hundreds of moves later too
    assert!(p.game().position().is_in_play(0));
    let buf = draw(&mut app, 120, 40);
    let text = screen_text(&buf);
    let red = text
        .lines()
        .find(|l| l.contains(" Red "))
        .unwrap()
        .to_string();
    assert!(red.to_lowercase().contains("out"), "{red}");
    let blue = text
        .lines()
        .find(|l| l.contains(" Blue "))
        .unwrap()
        .to_string();
    assert!(!blue.to_lowercase().contains("out"), "{blue}");
}

#[test]
fn the_three_player_board_is_drawn_in_its_shape_with_named_cells() {
    let mut app = playing("three-player", &PERSONS);
    let buf = draw(&mut app, 120, 40);
    let text = screen_text(&buf);
    for name in ["d4", "e4", "e9", "i9", "i5", "d5"] {
        assert!(text.contains(name), "the centre cell {name} is named");
    }
    let p = play(&mut app);
    let l = p.layout.unwrap();
    let t = &p.game().variant.board;
    let at = |n: &str| l.cell_rect(t, t.cell(n).unwrap());
    // White at the bottom, Black upper left, Red upper right
    assert!(at("e1").y > at("d8").y && at("e1").y > at("i12").y);
    assert!(at("d8").x < at("i12").x);
    // a pawn's step across the centre (e4 to e9) is a step on the screen, not across it
    let (a, b) = (at("e4"), at("e9"));
    assert!(
        a.x.abs_diff(b.x) <= 8 && a.y.abs_diff(b.y) <= 4,
        "{a:?} {b:?}"
    );
    // the kings are where the pieces are drawn
    let letter = |r: Rect| {
        buf.cell((l.letter_col(r), r.y))
            .unwrap()
            .symbol()
            .to_string()
    };
    assert_eq!(letter(at("e1")), "K");
    assert_eq!(letter(at("i12")), "K");
}

#[test]
fn a_move_on_the_three_player_board_is_clicked_where_the_cells_are_drawn() {
    for flip in [false, true] {
        let mut app = playing("three-player", &PERSONS);
        play(&mut app).flip = flip;
        draw(&mut app, 120, 40);
        for name in ["e2", "e4"] {
            let p = play(&mut app);
            let t = &p.game().variant.board;
            let r = p.layout.unwrap().cell_rect(t, t.cell(name).unwrap());
            app.mouse(
                ratatui::crossterm::event::MouseEvent {
                    kind: ratatui::crossterm::event::MouseEventKind::Down(
                        ratatui::crossterm::event::MouseButton::Left,
                    ),
                    column: r.x + r.width - 1,
                    row: r.y,
                    modifiers: KeyModifiers::NONE,
                },
                Instant::now(),
            );
        }
        assert_eq!(play(&mut app).game().texts(), ["e2e4"], "flip {flip}");
    }
}

#[test]
fn four_seasons_shows_the_direction_of_every_pawn() {
    let g = rookery_core::Game::new("four-seasons").unwrap();
    let views = super::tests::views_of(g);
    let pawns: Vec<_> = views
        .iter()
        .filter_map(|v| v.piece.clone())
        .filter(|p| p.letter == "P")
        .collect();
    assert!(pawns.len() >= 16);
    assert!(pawns.iter().all(|p| p.arrow.is_some()), "{pawns:?}");
    // in chess no pawn needs one
    let g = rookery_core::Game::new("chess").unwrap();
    assert!(super::tests::views_of(g)
        .iter()
        .all(|v| v.piece.as_ref().is_none_or(|p| p.arrow.is_none())));
}

#[test]
fn moves_are_typed_in_san_where_the_game_is_recorded_in_it() {
    let mut app = playing("chess", &PERSONS);
    for (text, ply) in [
        ("Nf3", 1),
        ("d5", 2),
        ("e4", 3),
        ("dxe4", 4),
        ("Ng5", 5),
        ("Qd4", 6),
    ] {
        typed(&mut app, text);
        key(&mut app, KeyCode::Enter);
        let p = play(&mut app);
        assert_eq!(p.game().ply_count(), ply, "{text}: {}", p.message);
        assert!(p.input.is_empty());
    }
    assert_eq!(
        play(&mut app).game().texts(),
        ["g1f3", "d7d5", "e2e4", "d5e4", "f3g5", "d8d4"]
    );
    // and the move list reads as it is typed
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("1.Nf3 d5 2.e4 dxe4 3.Ng5 Qd4"), "{text}");
    // xiangqi's moves are typed as coordinates and listed in WXF, as its players read them;
    // games with no notation of their own list the coordinate texts
    let mut app = playing("xiangqi", &PERSONS);
    typed(&mut app, "h3e3");
    key(&mut app, KeyCode::Enter);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("1.C2.5"), "{text}");
    let mut app = playing("makruk", &PERSONS);
    typed(&mut app, "e3e4");
    key(&mut app, KeyCode::Enter);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("1.e3e4"), "{text}");
}

#[test]
fn a_refused_move_says_why_and_stays_to_be_corrected() {
    let mut app = playing("chess", &PERSONS);
    // the queen is walled in by her own pawns
    typed(&mut app, "Qh5");
    key(&mut app, KeyCode::Enter);
    let p = play(&mut app);
    assert_eq!(p.game().ply_count(), 0);
    assert!(p.error);
    assert!(p.message.contains("blocked"), "{}", p.message);
    assert_eq!(p.input, "Qh5", "the text stays in the box");
    // corrected in place: back to the file, then another move
    key(&mut app, KeyCode::Backspace);
    key(&mut app, KeyCode::Backspace);
    typed(&mut app, "4");
    assert_eq!(play(&mut app).input, "Q4");
    key(&mut app, KeyCode::Esc);
    typed(&mut app, "e4");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().texts(), ["e2e4"]);
    // a king stepping into check: the reason from the core's messages
    let mut app = App::new(opts(), None);
    let mut form = SetupForm::new("chess").unwrap();
    form.position = Some("4k3/8/8/8/8/8/8/4KR2 b - - 0 1".into());
    form.seats[0].kind = SeatKind::Person;
    form.seats[1].kind = SeatKind::Person;
    app.start(form, Instant::now()).unwrap();
    typed(&mut app, "Kf7");
    key(&mut app, KeyCode::Enter);
    let p = play(&mut app);
    assert_eq!(p.game().ply_count(), 0);
    assert!(p.message.contains("check"), "{}", p.message);
    // and in Slovak through the same message keys
    crate::i18n::with_language("sk", || {
        let m = rookery_core::interact::explain(
            p.game(),
            p.game().variant.board.cell("e8").unwrap(),
            p.game().variant.board.cell("f7").unwrap(),
        );
        let s = super::app::message_text(&m);
        assert!(s.contains("šach"), "{s}");
    });
}

#[test]
fn a_given_position_and_a_typed_chess960_number_start_the_game() {
    // `rookery play --fen`: the setup starts from the position
    let mut app = App::new(opts(), None);
    app.open_setup("chess").unwrap();
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    if let Screen::Setup(f) = &mut app.screen {
        f.position = Some(fen.into());
        f.seats[1].kind = SeatKind::Person;
    }
    let text = screen_text(&draw(&mut app, 100, 30));
    assert!(text.contains("Starts from the position given"), "{text}");
    key(&mut app, KeyCode::Char('s'));
    let p = play(&mut app);
    assert_eq!(
        rookery_core::rules::write_position(p.game().position()),
        fen
    );
    // Chess960: the start number is typed on its row and shown during the game
    let mut app = App::new(opts(), None);
    app.open_setup("chess960").unwrap();
    let Screen::Setup(f) = &mut app.screen else {
        panic!()
    };
    f.row = f.rows().iter().position(|r| *r == Row::Start960).unwrap();
    f.seats[1].kind = SeatKind::Person;
    typed(&mut app, "518");
    let Screen::Setup(f) = &app.screen else {
        panic!()
    };
    assert_eq!(f.start, Some(518));
    typed(&mut app, "7");
    let Screen::Setup(f) = &mut app.screen else {
        panic!()
    };
    assert_eq!(f.start, Some(7), "a number past 959 starts again");
    key(&mut app, KeyCode::Backspace);
    typed(&mut app, "42");
    key(&mut app, KeyCode::Char('s'));
    let text = screen_text(&draw(&mut app, 100, 30));
    assert!(text.contains("start 42"), "{text}");
    assert_eq!(play(&mut app).start_number, Some(42));
}

#[test]
fn chess_no_longer_promises_chess960_in_its_setup() {
    let blurb = super::text::game_blurb("chess");
    assert!(
        !blurb.contains("960") || blurb.contains("own game"),
        "{blurb}"
    );
    // chess960 has the start row
    let f = SetupForm::new("chess960").unwrap();
    assert!(f.rows().contains(&Row::Start960));
}

#[test]
fn esc_on_the_game_list_does_not_quit() {
    let mut app = App::new(opts(), None);
    key(&mut app, KeyCode::Esc);
    assert!(!app.quit);
    let text = screen_text(&draw(&mut app, 100, 30));
    assert!(text.contains("leaves Rookery"), "{text}");
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn the_leave_question_never_swallows_the_next_keys() {
    let mut app = playing("chess", &PERSONS);
    key(&mut app, KeyCode::Esc);
    assert!(play(&mut app).popup.is_some(), "an unsaved game asks");
    // typing a move closes the question and goes into the box
    typed(&mut app, "e2e4");
    let p = play(&mut app);
    assert!(p.popup.is_none());
    assert_eq!(p.input, "e2e4");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().ply_count(), 1);
    // Esc twice: the question, then closed again
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Esc);
    assert!(play(&mut app).popup.is_none());
    assert!(matches!(app.screen, Screen::Play(_)));
}

#[test]
fn a_saved_game_is_left_with_two_esc_without_a_question() {
    let dir = std::env::temp_dir().join(format!("rookery-esc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (store, _) = Store::open(&dir).unwrap();
    let mut app = App::new(opts(), Some(store));
    let mut form = SetupForm::new("chess").unwrap();
    form.seats[1].kind = SeatKind::Person;
    app.start(form, Instant::now()).unwrap();
    key(&mut app, KeyCode::Esc);
    assert!(
        matches!(app.screen, Screen::Play(_)),
        "one Esc too many changes nothing"
    );
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Menu(_)));
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_asks_before_losing_a_game_that_is_not_saved() {
    let mut app = playing("chess", &PERSONS);
    ctrl(&mut app, 'c');
    assert!(app.quit, "nothing played yet: nothing to lose");
    let mut app = playing("chess", &PERSONS);
    typed(&mut app, "e2e4");
    key(&mut app, KeyCode::Enter);
    ctrl(&mut app, 'c');
    assert!(!app.quit);
    let text = screen_text(&draw(&mut app, 100, 30));
    assert!(text.contains("not saved"), "{text}");
    // "keep playing" closes it; a second Ctrl-C quits
    key(&mut app, KeyCode::Char('2'));
    assert!(!app.quit && play(&mut app).popup.is_none());
    ctrl(&mut app, 'c');
    ctrl(&mut app, 'c');
    assert!(app.quit);
}

#[test]
fn continue_lines_tell_games_apart_by_seats_levels_and_time() {
    let dir = std::env::temp_dir().join(format!("rookery-continue-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    {
        let (store, _) = Store::open(&dir).unwrap();
        let mut app = App::new(opts(), Some(store));
        for level in [2, 6] {
            let mut form = SetupForm::new("chess").unwrap();
            form.seats[1].kind = SeatKind::Bot(level);
            app.start(form, Instant::now()).unwrap();
            typed(&mut app, "e2e4");
            key(&mut app, KeyCode::Enter);
            app.open_menu();
        }
    }
    let (store, _) = Store::open(&dir).unwrap();
    let labels: Vec<String> = store.unfinished().into_iter().map(|(_, l)| l).collect();
    assert_eq!(labels.len(), 2);
    assert_ne!(labels[0], labels[1]);
    assert!(labels.iter().any(|l| l.contains("bot 6")), "{labels:?}");
    assert!(labels.iter().any(|l| l.contains("bot 2")), "{labels:?}");
    assert!(labels.iter().all(|l| l.contains("just now")), "{labels:?}");
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
    // the time reads as people say it
    use super::session::ago;
    assert_eq!(ago(0, 5 * 60_000), "5 minutes ago");
    assert_eq!(ago(0, 3 * 3_600_000), "3 hours ago");
    assert_eq!(ago(0, 72 * 3_600_000), "3 days ago");
}

/// Plays `plies` quiet moves by hand (no capture, no position twice, the game goes on):
/// White's king and rook and Black's king walk about.
fn quiet_moves(app: &mut App, plies: usize, seen: &mut std::collections::HashSet<u64>) {
    for _ in 0..plies {
        let p = play(app);
        let g = p.game();
        let pos = g.position();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|&m| {
                let mut after = g.clone();
                pos.at(m.to).is_none()
                    && after.act(Action::Move(m)).is_ok()
                    && !after.is_over()
                    && !seen.contains(&after.position().st.hash)
            })
            .expect("a quiet move");
        p.act(Action::Move(m), Instant::now());
        seen.insert(p.game().position().st.hash);
        assert!(!p.is_over(), "{}", p.message);
    }
}

#[test]
fn bots_playing_on_alone_are_adjudicated_after_quiet_rounds() {
    use super::app::QUIET_ROUNDS;
    let mut app = App::new(opts(), None);
    let mut form = SetupForm::new("chess").unwrap();
    form.position = Some("8/8/8/4k3/8/8/8/K6R w - - 0 1".into());
    form.seats[0].kind = SeatKind::Bot(1);
    form.seats[1].kind = SeatKind::Bot(1);
    app.start(form, Instant::now()).unwrap();
    let quiet = QUIET_ROUNDS * 2;
    let mut seen = std::collections::HashSet::new();
    quiet_moves(&mut app, quiet - 1, &mut seen);
    let p = play(&mut app);
    assert!(p.adjudication(0).is_none());
    quiet_moves(&mut app, 1, &mut seen);
    let p = play(&mut app);
    let why = p.adjudication(0).expect("adjudicated");
    assert!(why.contains("without a capture"), "{why}");
    // the clock ends it, as "End the game" would
    p.bots_since = Some(0);
    app.tick(Instant::now());
    let p = play(&mut app);
    assert!(p.is_over());
    assert!(p.message.contains("without a capture"), "{}", p.message);
}

#[test]
fn bots_playing_alone_go_faster_slower_or_pause() {
    let mut app = playing("four-player-ffa", &[SeatKind::Bot(0); 4]);
    let start = play(&mut app).pace;
    key(&mut app, KeyCode::Char('+'));
    assert_eq!(play(&mut app).pace, start + 1);
    key(&mut app, KeyCode::Char('-'));
    key(&mut app, KeyCode::Char('-'));
    assert_eq!(play(&mut app).pace, start - 1);
    for _ in 0..10 {
        key(&mut app, KeyCode::Char('+'));
    }
    assert_eq!(play(&mut app).pace, PACES.len() - 1);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("Bots: as fast as they think"), "{text}");
    // paused: no bot moves
    key(&mut app, KeyCode::Char('p'));
    let before = play(&mut app).game().ply_count();
    app.tick(Instant::now());
    app.tick(Instant::now());
    assert_eq!(play(&mut app).game().ply_count(), before);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("paused"), "{text}");
    key(&mut app, KeyCode::Char('p'));
    app.tick(Instant::now());
    assert!(play(&mut app).game().ply_count() > before);
    // with a person at the board, + is typed, not a pace
    let mut app = playing("chess", &PERSONS);
    key(&mut app, KeyCode::Char('+'));
    assert_eq!(play(&mut app).input, "+");
}

/// Issue 32: every saved game is reachable from the menu (not only the 9 most recent
/// unfinished ones): the most recent first, "All saved games" for the rest, paged; finished
/// games are reviewed; d deletes (asked twice), n renames, e exports.
#[test]
fn the_menu_reaches_every_saved_game_with_review_delete_rename_and_export() {
    use super::app::{MenuItem, MenuPick, RECENT_SAVED};
    use rookery_core::store::{GameStore, Setup};
    let dir = std::env::temp_dir().join(format!("rookery-saved-list-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let total = 14;
    {
        let store = GameStore::open(&dir).unwrap();
        for i in 0..total {
            let mut saved = store.create("", &Setup::new("chess").unwrap()).unwrap();
            store.act_text(&mut saved, "e2e4").unwrap();
            if i == 0 {
                // the oldest game is finished: it must still be reachable and reviewable
                store.act(&mut saved, Action::Resign(1)).unwrap();
            }
            std::thread::sleep(std::time::Duration::from_millis(3));
        }
    }
    let (store, _) = Store::open(&dir).unwrap();
    let mut app = App::new(opts(), Some(store.clone()));
    let items = |app: &App| match &app.screen {
        Screen::Menu(m) => m.items.clone(),
        _ => panic!("not the menu"),
    };
    let saved_ids = |app: &App| -> Vec<u64> {
        items(app)
            .iter()
            .filter_map(|i| match i {
                MenuItem::Continue { id, .. } => Some(*id),
                _ => None,
            })
            .collect()
    };
    // the most recent first, then "All saved games (14)"
    assert_eq!(
        saved_ids(&app),
        (total - RECENT_SAVED as u64 + 1..=total)
            .rev()
            .collect::<Vec<_>>()
    );
    let text = words(&screen_text(&draw(&mut app, 120, 40)));
    assert!(text.contains("Saved games"), "{text}");
    assert!(
        text.contains(&format!("All saved games ({total})")),
        "{text}"
    );
    // at 80×24 too, with the key line naming the saved-game keys
    let small = screen_text(&draw(&mut app, 80, 24));
    assert!(
        small.contains("Saved games") && small.contains("All saved games"),
        "{small}"
    );
    assert!(
        small.contains("d: delete"),
        "the details name the keys: {small}"
    );
    // Enter on it lists all of them, paged with PgDn
    for _ in 0..RECENT_SAVED {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    assert_eq!(saved_ids(&app), (1..=total).rev().collect::<Vec<_>>());
    key(&mut app, KeyCode::PageDown);
    let Screen::Menu(m) = &app.screen else {
        panic!()
    };
    assert_eq!(m.cursor, 1 + 10, "a page is ten entries");
    // the finished game (id 1, the last) says so and opens for review
    key(&mut app, KeyCode::PageDown);
    let Screen::Menu(m) = &mut app.screen else {
        panic!()
    };
    let last = m
        .items
        .iter()
        .rposition(|i| matches!(i, MenuItem::Continue { .. }))
        .unwrap();
    m.cursor = last;
    assert!(
        matches!(&m.items[last], MenuItem::Continue { id: 1, finished: true, label } if label.contains("finished"))
    );
    key(&mut app, KeyCode::Enter);
    assert!(play(&mut app).is_over(), "a finished game opens for review");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Esc);
    let Screen::Menu(m) = &app.screen else {
        panic!("back in the menu")
    };
    assert_eq!(
        m.saved_at_cursor(),
        Some(1),
        "the cursor comes back to the game left"
    );
    // rename: n, type, Enter
    key(&mut app, KeyCode::Char('n'));
    typed(&mut app, "Club final");
    key(&mut app, KeyCode::Enter);
    assert!(items(&app).iter().any(|i| matches!(i, MenuItem::Continue { id: 1, label, .. } if label.starts_with("Club final — "))));
    // export: e writes the PGN
    key(&mut app, KeyCode::Char('e'));
    let file = std::env::temp_dir().join("rookery-1.pgn");
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(pgn.contains("1. e4") && pgn.contains("1-0"), "{pgn}");
    let _ = std::fs::remove_file(&file);
    // delete: the first d asks, another key keeps the game, two d delete it
    key(&mut app, KeyCode::Char('d'));
    assert!(words(&screen_text(&draw(&mut app, 120, 40))).contains("Press d again"));
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Char('d'));
    key(&mut app, KeyCode::Char('d'));
    assert_eq!(saved_ids(&app).len(), total as usize - 1);
    assert!(!saved_ids(&app).contains(&1));
    assert_eq!(store.saved().len(), total as usize - 1);
    // choosing a game puts the cursor back on it when the menu opens again
    app.last_pick = Some(MenuPick::Game("xiangqi"));
    app.open_menu();
    let Screen::Menu(m) = &app.screen else {
        panic!()
    };
    assert!(matches!(&m.items[m.cursor], MenuItem::Game(g) if g.id == "xiangqi"));
    drop(app);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 32: every rules page is drawn as formatted text in both languages: no Markdown
/// marks or HTML comment on screen; bold is bold, code stands out.
#[test]
fn rules_pages_are_drawn_as_formatted_text() {
    use ratatui::style::Modifier;
    for lang in ["en", "sk"] {
        crate::i18n::with_language(lang, || {
            for g in rookery_core::rules::catalogue() {
                let mut app = App::new(opts(), None);
                app.open_rules(g.id, Instant::now());
                let buf = draw(&mut app, 100, 400);
                let text = screen_text(&buf);
                for bad in ["<!--", "**", "`", "# "] {
                    assert!(!text.contains(bad), "{lang} {}: {bad:?}\n{text}", g.id);
                }
                let Screen::Rules(r) = &app.screen else {
                    panic!()
                };
                assert!(r
                    .lines
                    .iter()
                    .any(|b| b.kind == super::app::PageLine::Title));
            }
        });
    }
    // crazyhouse's "**Drops**" is drawn in bold, without the stars
    let mut app = App::new(opts(), None);
    app.open_rules("crazyhouse", Instant::now());
    let buf = draw(&mut app, 100, 200);
    let text = screen_text(&buf);
    let y = text
        .lines()
        .position(|l| l.contains("• Drops:"))
        .expect(&text) as u16;
    let x = text.lines().nth(y as usize).unwrap().find("Drops").unwrap() as u16;
    assert!(buf.cell((x, y)).unwrap().modifier.contains(Modifier::BOLD));
}

/// Issue 32: a refused drop says why: none in hand, the cell is taken, outside the zone, nifu.
#[test]
fn refused_drops_say_why() {
    let refusal = |app: &mut App, text: &str| {
        typed(app, text);
        key(app, KeyCode::Enter);
        let p = play(app);
        assert!(p.error, "{text} was refused");
        let m = p.message.clone();
        for _ in 0..text.len() {
            key(app, KeyCode::Backspace);
        }
        m
    };
    let mut app = playing("crazyhouse", &PERSONS);
    for m in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    assert!(refusal(&mut app, "P@d5").contains("d5 is taken"));
    assert!(refusal(&mut app, "P@d8").contains("may not be dropped on d8"));
    assert!(refusal(&mut app, "N@e3").contains("no such piece in hand"));
    let mut app = playing("shogi", &PERSONS);
    for m in [
        "c3c4", "g7g6", "c4c5", "g6g5", "c5c6", "g5g4", "c6c7", "a7a6",
    ] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(play(&mut app).game().ply_count(), 8);
    let m = refusal(&mut app, "P@c5");
    assert!(m.contains("Nifu"), "{m}");
    crate::i18n::with_language("sk", || {
        let m = refusal(&mut app, "P@c5");
        assert!(m.contains("Nifu: na stĺpci"), "{m}");
    });
    // every file holds a pawn of the first player (c7 too): the refusals changed nothing
    assert_eq!(play(&mut app).game().ply_count(), 8);
}

/// Issue 32, the small things: janggi's set-up list has its own title; a finished game's
/// input line says what can be done; one Esc on an empty input does not leave a saved game
/// (two do); the menu opens on the game chosen last; the Slovak key lines fit 120 columns;
/// seats saved under their English colour names read in Slovak under Slovak.
#[test]
fn small_rough_edges_of_the_terminal_player() {
    // janggi: Ctrl-P offers the set-up choices under their own title
    let mut app = playing("janggi", &PERSONS);
    ctrl(&mut app, 'p');
    let title = play(&mut app).popup.as_ref().map(|p| p.title.clone());
    assert_eq!(title.as_deref(), Some("Choose your set-up"));
    // after the end: no "(waiting)"
    let mut app = playing("chess", &PERSONS);
    ctrl(&mut app, 'r');
    key(&mut app, KeyCode::Enter);
    assert!(play(&mut app).is_over());
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(!text.contains("(waiting)"), "{text}");
    assert!(text.contains("Game over: ←/→ review"), "{text}");
    // Esc on an empty input of a saved game: the first says so, the second leaves
    let dir = std::env::temp_dir().join(format!("rookery-esc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (store, _) = Store::open(&dir).unwrap();
    let mut app = App::new(opts(), Some(store.clone()));
    // the menu: Down to xiangqi's entry, Enter opens its setup, s starts it
    let Screen::Menu(m) = &mut app.screen else {
        panic!()
    };
    let at = m
        .items
        .iter()
        .position(|i| matches!(i, super::app::MenuItem::Game(g) if g.id == "xiangqi"))
        .unwrap();
    m.cursor = at;
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('s'));
    typed(&mut app, "h3e3");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().ply_count(), 1);
    key(&mut app, KeyCode::Esc);
    assert!(
        matches!(app.screen, Screen::Play(_)),
        "one Esc stays in the game"
    );
    assert!(play(&mut app).message.contains("Esc again"));
    typed(&mut app, "h");
    assert_eq!(
        play(&mut app).input,
        "h",
        "the next keys still type the move"
    );
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Esc);
    assert!(
        matches!(app.screen, Screen::Play(_)),
        "Esc cleared the input, then asked"
    );
    key(&mut app, KeyCode::Esc);
    // the menu opens on the game last chosen, not on chess
    let Screen::Menu(m) = &app.screen else {
        panic!("two Esc leave")
    };
    assert!(
        matches!(&m.items[m.cursor], super::app::MenuItem::Game(g) if g.id == "xiangqi"),
        "{:?}",
        m.items[m.cursor]
    );
    // a game saved with English names reads in Slovak under Slovak
    crate::i18n::with_language("sk", || {
        let labels: Vec<String> = store.saved().into_iter().map(|e| e.label).collect();
        assert!(
            labels[0].contains("Červený") && !labels[0].contains("Red"),
            "{labels:?}"
        );
    });
    drop(app);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
    // every key line fits 120 columns in both languages, none cut
    for lang in ["en", "sk"] {
        crate::i18n::with_language(lang, || {
            let mut app = playing("chess", &PERSONS);
            let text = screen_text(&draw(&mut app, 120, 40));
            for l in super::ui::help_play() {
                assert!(text.contains(&l), "{lang}: cut: {l}");
            }
            for k in ["help-menu", "help-setup", "help-rules"] {
                assert!(crate::i18n::t(k).chars().count() <= 120, "{lang} {k}");
            }
        });
    }
}
