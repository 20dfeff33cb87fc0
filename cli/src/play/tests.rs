//! Tests of the terminal player without a terminal: the app is driven with key and mouse
//! events and drawn into ratatui's TestBackend.

use std::time::{Duration, Instant};

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::Terminal;

use rookery_core::board::Cell;
use rookery_core::game::EndReason;
use rookery_core::piece::Piece;
use rookery_core::Action;

use super::app::{App, Options, Play, PopupAction, Row, Screen, SeatKind, SetupForm};
use super::board::{cell_views, CellView, Layout};
use super::session::Store;
use super::ui;

pub(super) fn opts() -> Options {
    Options {
        bot_delay: Duration::ZERO,
        sync_bots: true,
        export_dir: std::env::temp_dir(),
    }
}

/// An app playing `id` with these seats (missing seats: bots of level 1).
pub(super) fn playing(id: &str, kinds: &[SeatKind]) -> App {
    let mut app = App::new(opts(), None);
    let mut form = SetupForm::new(id).unwrap();
    for (s, k) in form.seats.iter_mut().zip(kinds) {
        s.kind = *k;
    }
    app.start(form, Instant::now()).unwrap();
    app
}

pub(super) fn play(app: &mut App) -> &mut Play {
    match &mut app.screen {
        Screen::Play(p) => p,
        _ => panic!("not playing"),
    }
}

pub(super) fn draw(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app)).unwrap();
    term.backend().buffer().clone()
}

pub(super) fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE), Instant::now());
}

pub(super) fn ctrl(app: &mut App, c: char) {
    app.handle_key(
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL),
        Instant::now(),
    );
}

pub(super) fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
}

fn click_at(app: &mut App, col: u16, row: u16) {
    app.mouse(
        MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: col,
            row,
            modifiers: KeyModifiers::NONE,
        },
        Instant::now(),
    );
}

/// Clicks the middle of a board cell as it was last drawn.
fn click(app: &mut App, name: &str) {
    let p = play(app);
    let t = &p.game().variant.board;
    let c = t.cell(name).unwrap();
    let r = p.layout.expect("drawn").cell_rect(t, c);
    click_at(app, r.x + r.width / 2, r.y);
}

fn cell(app: &mut App, name: &str) -> Cell {
    play(app).game().variant.board.cell(name).unwrap()
}

pub(super) fn row_text(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf.cell((x, y)).unwrap().symbol().to_string())
        .collect()
}

pub(super) fn screen_text(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|y| row_text(buf, y))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The letter drawn on a cell.
fn letter_on(app: &mut App, buf: &Buffer, name: &str) -> String {
    let p = play(app);
    let t = &p.game().variant.board;
    let l = p.layout.unwrap();
    let r = l.cell_rect(t, t.cell(name).unwrap());
    buf.cell((l.letter_col(r), r.y))
        .unwrap()
        .symbol()
        .to_string()
}

const PERSONS: [SeatKind; 8] = [SeatKind::Person; 8];

/// What the cells of a game's screen show to seat 0.
pub(super) fn views_of(g: rookery_core::Game) -> Vec<CellView> {
    use rookery_core::present::{Local, Looker, Table};
    let n = g.variant.board.len();
    let s = Table::new(Looker::Seat(0)).screen(&Local::new(g, Vec::new()));
    cell_views(&s.scene, n, false)
}

#[test]
fn the_chess_board_is_drawn_with_labels_and_pieces() {
    let mut app = playing("chess", &PERSONS);
    let buf = draw(&mut app, 100, 30);
    assert_eq!(letter_on(&mut app, &buf, "e1"), "K");
    assert_eq!(letter_on(&mut app, &buf, "d8"), "Q");
    assert_eq!(letter_on(&mut app, &buf, "e2"), "P");
    assert_eq!(letter_on(&mut app, &buf, "e4"), " ");
    let text = screen_text(&buf);
    assert!(text.contains("a    b    c    d    e    f    g    h"));
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("Ctrl-Z undo"), "the keys are on screen");
}

#[test]
fn the_whole_24_by_24_board_fits_a_100_column_terminal() {
    let mut app = playing("eight-player-ffa", &PERSONS);
    let buf = draw(&mut app, 100, 34);
    let p = play(&mut app);
    let l = p.layout.unwrap();
    assert!(l.x + l.width() <= 100);
    let t = &p.game().variant.board;
    assert_eq!(t.len(), 516);
    for info in &t.cells {
        let r = l.rect(info.x, info.y);
        assert!(
            r.right() <= 100 && r.bottom() <= 34,
            "{} off screen",
            info.name
        );
    }
    // files a..x above, ranks 1..24 at both sides
    let top = row_text(&buf, 0);
    assert!(
        top.contains("a b c d e f g h i j k l m n o p q r s t u v w x"),
        "{top}"
    );
    assert!(row_text(&buf, 1).starts_with("24"));
    // every army is on the board: White's king on q1, Black's on x8
    assert_eq!(letter_on(&mut app, &buf, "q1"), "K");
    assert_eq!(letter_on(&mut app, &buf, "x8"), "K");
    // and the panel lists all eight seats with their scores
    let text = screen_text(&buf);
    for name in [
        "White", "Red", "Blue", "Yellow", "Purple", "Orange", "Green", "Black",
    ] {
        assert!(text.contains(name), "{name} missing");
    }
}

#[test]
fn the_three_player_board_is_a_labelled_sketch_of_96_cells() {
    let mut app = playing("three-player", &PERSONS);
    let buf = draw(&mut app, 100, 34);
    let p = play(&mut app);
    let l = p.layout.unwrap();
    let t = &p.game().variant.board;
    assert_eq!(t.len(), 96);
    let mut hit = 0;
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            if l.cell_at(t, x, y).is_some() {
                hit += 1;
            }
        }
    }
    assert_eq!(hit, 96 * (l.cw * l.ch) as usize);
    // cells carry their names when there is room; White's king on e1, Red's on i12
    let text = screen_text(&buf);
    if l.ch >= 2 {
        assert!(text.contains("e1") && text.contains("i12") && text.contains("d5"));
    }
    assert_eq!(letter_on(&mut app, &buf, "e1"), "K");
    assert_eq!(letter_on(&mut app, &buf, "i12"), "K");
}

#[test]
fn clicking_from_and_to_plays_the_move() {
    let mut app = playing("chess", &PERSONS);
    draw(&mut app, 100, 30);
    click(&mut app, "e2");
    let e2 = cell(&mut app, "e2");
    assert_eq!(play(&mut app).selected(), Some(e2));
    let targets = play(&mut app).targets();
    assert_eq!(targets.len(), 2, "e3 and e4");
    click(&mut app, "e4");
    assert_eq!(play(&mut app).game().texts(), ["e2e4"]);
    assert_eq!(play(&mut app).selected(), None);
    // clicking a piece of the side not to move selects nothing
    click(&mut app, "e4");
    assert_eq!(play(&mut app).selected(), None);
}

#[test]
fn legal_targets_are_marked_only_when_the_house_rule_says_so() {
    let mut app = playing("chess", &PERSONS);
    draw(&mut app, 100, 30);
    click(&mut app, "g1");
    assert_eq!(play(&mut app).shown_targets().len(), 2);
    let views = play(&mut app).cell_views();
    let f3 = cell(&mut app, "f3") as usize;
    assert_eq!(views[f3].mark, super::board::Mark::Target);

    let mut app = App::new(opts(), None);
    let mut form = SetupForm::new("chess").unwrap();
    form.seats[1].kind = SeatKind::Person;
    form.house.show_legal_moves = false;
    app.start(form, Instant::now()).unwrap();
    draw(&mut app, 100, 30);
    click(&mut app, "g1");
    assert!(play(&mut app).selected().is_some());
    assert!(play(&mut app).shown_targets().is_empty());
}

#[test]
fn typing_a_move_and_enter_plays_it_and_bad_text_changes_nothing() {
    let mut app = playing("chess", &PERSONS);
    typed(&mut app, "e2");
    let e2 = cell(&mut app, "e2");
    assert_eq!(
        play(&mut app).selected(),
        Some(e2),
        "typing a cell selects it"
    );
    typed(&mut app, "e4");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().texts(), ["e2e4"]);
    typed(&mut app, "e7-e5");
    key(&mut app, KeyCode::Enter);
    typed(&mut app, "zz9");
    key(&mut app, KeyCode::Enter);
    let p = play(&mut app);
    assert_eq!(p.game().texts(), ["e2e4", "e7e5"]);
    assert!(p.error && !p.message.is_empty());
    key(&mut app, KeyCode::Esc);
    assert!(play(&mut app).input.is_empty());
}

#[test]
fn a_typed_or_clicked_illegal_move_says_why() {
    let mut app = playing("chess", &PERSONS);
    typed(&mut app, "f1c4");
    key(&mut app, KeyCode::Enter);
    let p = play(&mut app);
    assert!(p.game().texts().is_empty());
    assert_eq!(
        p.message,
        crate::i18n::tf("illegal-path-blocked", &[("from", "f1"), ("to", "c4")])
    );
    key(&mut app, KeyCode::Esc);
    draw(&mut app, 100, 30);
    click(&mut app, "d2");
    click(&mut app, "d5");
    let p = play(&mut app);
    assert!(p.error);
    assert_eq!(
        p.message,
        crate::i18n::tf("illegal-cannot-move-there", &[("cell", "d5")])
    );
}

const PROMOTION: &str = "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1";

fn promotion_app() -> App {
    let mut app = playing("chess", &PERSONS);
    let g = rookery_core::Game::from_fen("chess", PROMOTION).unwrap();
    play(&mut app).session = super::session::Session::Plain(Box::new(g));
    app
}

#[test]
fn a_promotion_by_mouse_asks_for_the_piece() {
    let mut app = promotion_app();
    draw(&mut app, 100, 30);
    click(&mut app, "e7");
    click(&mut app, "e8");
    let p = play(&mut app);
    let popup = p.popup.as_ref().expect("promotion menu");
    assert_eq!(popup.items.len(), 4);
    assert!(popup.items[0].0.starts_with("Queen"));
    // the menu is drawn; clicking its third line (bishop) plays e7e8b
    let buf = draw(&mut app, 100, 30);
    assert!(screen_text(&buf).contains("Knight (N)"));
    let area = play(&mut app).popup.as_ref().unwrap().area.unwrap();
    click_at(&mut app, area.x + 2, area.y + 3);
    assert_eq!(play(&mut app).game().texts(), ["e7e8b"]);
}

#[test]
fn a_promotion_by_keyboard_asks_for_the_piece_or_takes_it_from_the_text() {
    let mut app = promotion_app();
    typed(&mut app, "e7e8");
    key(&mut app, KeyCode::Enter);
    assert!(play(&mut app).popup.is_some());
    typed(&mut app, "n");
    assert_eq!(play(&mut app).game().texts(), ["e7e8n"]);

    let mut app = promotion_app();
    typed(&mut app, "e7-e8=R");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().texts(), ["e7e8r"]);
}

#[test]
fn castling_by_clicking_the_kings_target_or_the_rook() {
    for target in ["g1", "h1"] {
        let mut app = playing("chess", &PERSONS);
        let g = rookery_core::Game::from_fen("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        play(&mut app).session = super::session::Session::Plain(Box::new(g));
        draw(&mut app, 100, 30);
        click(&mut app, "e1");
        click(&mut app, target);
        assert_eq!(play(&mut app).game().texts(), ["e1g1"], "via {target}");
    }
}

#[test]
fn the_bot_answers_and_undo_goes_back_to_the_persons_turn() {
    let mut app = playing("chess", &[SeatKind::Person, SeatKind::Bot(1)]);
    typed(&mut app, "e2e4");
    key(&mut app, KeyCode::Enter);
    app.tick(Instant::now());
    assert_eq!(play(&mut app).game().ply_count(), 2, "the bot replied");
    ctrl(&mut app, 'z');
    assert_eq!(
        play(&mut app).game().ply_count(),
        0,
        "its reply and my move are taken back"
    );
    ctrl(&mut app, 'y');
    assert_eq!(play(&mut app).game().ply_count(), 2);
}

#[test]
fn bots_think_on_another_thread_and_the_ui_keeps_running() {
    let mut app = App::new(
        Options {
            bot_delay: Duration::ZERO,
            sync_bots: false,
            ..Options::default()
        },
        None,
    );
    let mut form = SetupForm::new("chess").unwrap();
    form.seats[0].kind = SeatKind::Bot(2);
    form.seats[1].kind = SeatKind::Bot(2);
    app.start(form, Instant::now()).unwrap();
    // the first tick starts the job and returns at once (or, if the bot was already done,
    // plays its move); the answer is played by a later tick
    app.tick(Instant::now());
    if play(&mut app).game().ply_count() == 0 {
        let a = play(&mut app).bot.as_mut().expect("a bot job").wait();
        assert!(matches!(a, Some(Action::Move(_))));
        app.tick(Instant::now());
    }
    assert_eq!(play(&mut app).game().ply_count(), 1);
}

#[test]
fn resigning_asks_first_and_ends_the_game_with_the_reason() {
    let mut app = playing("chess", &PERSONS);
    ctrl(&mut app, 'r');
    assert!(play(&mut app).popup.is_some());
    key(&mut app, KeyCode::Esc);
    assert!(play(&mut app).popup.is_none() && !play(&mut app).is_over());
    ctrl(&mut app, 'r');
    key(&mut app, KeyCode::Enter);
    let p = play(&mut app);
    assert_eq!(p.game().outcome().unwrap().reason, EndReason::Resignation);
    assert_eq!(p.result_text().unwrap(), "Black wins · Resignation");
    let buf = draw(&mut app, 100, 30);
    assert!(screen_text(&buf).contains("Black wins · Resignation"));
}

#[test]
fn check_is_marked_on_the_king_and_in_the_panel() {
    let mut app = playing("chess", &PERSONS);
    for m in ["e2e4", "f7f6", "d1h5"] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    let buf = draw(&mut app, 100, 30);
    let p = play(&mut app);
    let views = p.cell_views();
    let e8 = p.game().variant.board.cell("e8").unwrap() as usize;
    assert_eq!(views[e8].mark, super::board::Mark::Check);
    assert!(screen_text(&buf).contains("Check"));
}

#[test]
fn captured_pieces_are_listed_by_captor() {
    let mut app = playing("chess", &PERSONS);
    for m in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    let bars = play(&mut app).screen().bars;
    let caps: Vec<Vec<String>> = bars
        .iter()
        .map(|b| b.captured.iter().map(|c| c.letter.clone()).collect())
        .collect();
    assert_eq!(caps, [vec!["P".to_string()], vec!["P".to_string()]]);
    assert_eq!(bars[0].captured[0].army, "black");
    let buf = draw(&mut app, 100, 30);
    assert!(screen_text(&buf).contains("Captured"));
}

#[test]
fn the_material_lead_the_core_decides_is_shown_after_the_captures() {
    let mut app = playing("chess", &PERSONS);
    for m in ["e2e4", "d7d5", "e4d5"] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    let bars = play(&mut app).screen().bars;
    assert_eq!((bars[0].lead, bars[1].lead), (1, 0));
    let text = screen_text(&draw(&mut app, 100, 30));
    assert!(text.contains(" +1"), "{text}");
    // taken back: nobody leads, no `+`
    typed(&mut app, "d8d5");
    key(&mut app, KeyCode::Enter);
    let text = screen_text(&draw(&mut app, 100, 30));
    assert!(!text.contains(" +1"), "{text}");
}

#[test]
fn a_turn_time_limit_makes_the_player_lose_on_time() {
    let mut app = App::new(opts(), None);
    let mut form =
        SetupForm::new("four-player-ffa").unwrap_or_else(|_| SetupForm::new("chess").unwrap());
    for s in form.seats.iter_mut() {
        s.kind = SeatKind::Person;
    }
    form.house.turn_seconds = Some(30);
    let t0 = Instant::now();
    app.start(form, t0).unwrap();
    app.tick(t0 + Duration::from_secs(29));
    assert_eq!(play(&mut app).game().ply_count(), 0);
    app.tick(t0 + Duration::from_secs(30));
    let p = play(&mut app);
    assert_eq!(p.game().ply_count(), 1);
    assert!(matches!(p.game().plies()[0].action, Action::Timeout(0)));
}

#[test]
fn when_no_person_is_still_playing_the_players_choose_bots_finish_or_end() {
    // four-player free for all: Red (a person) resigns; the three bots are left
    for choice in [PopupAction::BotsFinish, PopupAction::EndGame] {
        let mut kinds = vec![SeatKind::Bot(0); 4];
        kinds[0] = SeatKind::Person;
        let mut app = playing("four-player-ffa", &kinds);
        ctrl(&mut app, 'r');
        key(&mut app, KeyCode::Enter);
        app.tick(Instant::now());
        let p = play(&mut app);
        assert!(!p.person_in_play());
        let popup = p.popup.as_ref().expect("the offer");
        let i = popup.items.iter().position(|(_, a)| *a == choice).unwrap();
        let before = p.game().ply_count();
        // bots wait for the answer
        app.tick(Instant::now());
        assert_eq!(play(&mut app).game().ply_count(), before);
        typed(&mut app, &(i + 1).to_string());
        app.tick(Instant::now());
        let p = play(&mut app);
        match choice {
            PopupAction::BotsFinish => assert!(p.game().ply_count() > before, "a bot moved"),
            _ => {
                assert!(p.is_over());
                assert!(p.result_text().is_some());
                app.tick(Instant::now());
                assert_eq!(
                    play(&mut app).game().ply_count(),
                    before,
                    "no bot moves after the end"
                );
            }
        }
    }
}

#[test]
fn a_pawn_walking_another_way_than_its_owners_shows_an_arrow() {
    let mut g = rookery_core::Game::new("chess").unwrap();
    let mut pos = g.position().clone();
    let t = &pos.variant.board;
    let e4 = t.cell("e4").unwrap();
    // a White pawn walking south (as if handed over from Black)
    pos.put(e4, Piece::new(0, 0, rookery_core::board::grid::SOUTH));
    g = rookery_core::Game::from_position(pos, Default::default(), 0).unwrap();
    let views = views_of(g);
    assert_eq!(views[e4 as usize].piece.clone().unwrap().arrow, Some('↓'));
    let e2 = t.cell("e2").unwrap();
    assert_eq!(views[e2 as usize].piece.clone().unwrap().arrow, None);
}

#[test]
fn the_menu_lists_playable_games_and_opens_their_setup() {
    let mut app = App::new(opts(), None);
    let buf = draw(&mut app, 100, 40);
    let text = screen_text(&buf);
    assert!(text.contains("Chess960"));
    assert!(
        !text.contains("(coming)"),
        "every game of the catalogue is playable"
    );
    key(&mut app, KeyCode::Enter);
    let Screen::Setup(f) = &app.screen else {
        panic!("setup expected")
    };
    assert_eq!(f.game, "chess");
    // change Black to a person, then start
    key(&mut app, KeyCode::Down);
    for _ in 0..rookery_core::bot::DEFAULT_LEVEL {
        key(&mut app, KeyCode::Left); // Bot, level 3, 2, 1, then Person
    }
    let Screen::Setup(f) = &app.screen else {
        panic!()
    };
    assert_eq!(f.seats[1].kind, SeatKind::Person);
    key(&mut app, KeyCode::Char('s'));
    assert!(matches!(app.screen, Screen::Play(_)));
}

#[test]
fn the_setup_shows_each_bot_level_with_its_chess_strength() {
    let mut app = App::new(opts(), None);
    app.open_setup("chess").unwrap();
    key(&mut app, KeyCode::Down); // Black: a bot of the default level
    let shown = |app: &mut App| screen_text(&draw(app, 120, 40));
    let text = shown(&mut app);
    assert!(text.contains("Bot, level 4 · ≈ 1400 Elo (chess)"), "{text}");
    for _ in 0..4 {
        key(&mut app, KeyCode::Right); // levels 5, 6, 7, 8
    }
    let text = shown(&mut app);
    assert!(text.contains("Bot, level 8 · ≈ 1900 Elo (chess)"), "{text}");
    for _ in 0..7 {
        key(&mut app, KeyCode::Left); // down to level 1
    }
    let text = shown(&mut app);
    assert!(
        text.contains("Bot, level 1 · under 1350 Elo (chess)"),
        "{text}"
    );
}

#[test]
fn a_seat_name_can_be_typed_in_the_setup() {
    let mut f = SetupForm::new("chess").unwrap();
    assert_eq!(f.seats[0].name, "White");
    let mut app = App::new(opts(), None);
    app.open_setup("chess").unwrap();
    key(&mut app, KeyCode::Enter);
    for _ in 0..5 {
        key(&mut app, KeyCode::Backspace);
    }
    typed(&mut app, "Ann");
    key(&mut app, KeyCode::Enter);
    if let Screen::Setup(s) = &app.screen {
        f = s.clone();
    }
    assert_eq!(f.seats[0].name, "Ann");
}

#[test]
fn multi_player_games_offer_the_house_rules_and_chess_only_legal_moves() {
    let f = SetupForm::new("chess").unwrap();
    assert!(!f.rows().contains(&Row::MoveLimit));
    assert!(f.rows().contains(&Row::ShowLegal));
    let mut f = SetupForm::new("four-player-ffa").unwrap();
    let rows = f.rows();
    for r in [Row::MoveLimit, Row::ShowLegal, Row::Rotate, Row::TurnTime] {
        assert!(rows.contains(&r));
    }
    f.row = rows.iter().position(|r| *r == Row::TurnTime).unwrap();
    f.change(1);
    assert_eq!(f.house.turn_seconds, Some(30));
    f.change(1);
    assert_eq!(f.house.turn_seconds, Some(60));
    f.change(1);
    assert_eq!(f.house.turn_seconds, None);
}

#[test]
fn playing_again_rotates_the_first_seat_when_the_house_rule_says_so() {
    let mut app = playing("four-player-ffa", &PERSONS);
    assert_eq!(play(&mut app).game().position().turn(), 0);
    ctrl(&mut app, 'n');
    assert_eq!(
        play(&mut app).game().position().turn(),
        1,
        "Blue moves first now"
    );
    ctrl(&mut app, 'n');
    assert_eq!(play(&mut app).game().position().turn(), 2);
    // with the house rule off the first seat stays
    play(&mut app).form.house.rotate_first_seat = false;
    ctrl(&mut app, 'n');
    assert_eq!(play(&mut app).game().position().turn(), 2);
    // two-player games do not rotate
    let mut app = playing("chess", &PERSONS);
    ctrl(&mut app, 'n');
    assert_eq!(play(&mut app).game().position().turn(), 0);
}

#[test]
fn games_are_saved_and_offered_to_continue() {
    let dir = std::env::temp_dir().join(format!("rookery-play-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    {
        let (store, _) = Store::open(&dir).unwrap();
        let mut app = App::new(opts(), Some(store));
        let mut form = SetupForm::new("chess").unwrap();
        form.seats[1].kind = SeatKind::Person;
        app.start(form, Instant::now()).unwrap();
        typed(&mut app, "e2e4");
        key(&mut app, KeyCode::Enter);
        assert!(play(&mut app).session.is_saved());
    }
    let (store, _) = Store::open(&dir).unwrap();
    let mut app = App::new(opts(), Some(store));
    let Screen::Menu(m) = &app.screen else {
        panic!()
    };
    let i = m
        .items
        .iter()
        .position(|it| matches!(it, super::app::MenuItem::Continue { .. }))
        .expect("a continue entry");
    assert_eq!(m.cursor, i, "the newest unfinished game is first");
    key(&mut app, KeyCode::Enter);
    let p = play(&mut app);
    assert_eq!(p.game().texts(), ["e2e4"]);
    assert_eq!(p.seats()[1].kind, SeatKind::Person);
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_script_mode_prints_the_board_and_rejects_bad_moves() {
    let out = super::script("chess", None, None, "e2e4 e7e5", None, 100, 1).unwrap();
    assert!(out.contains(" 4 .. .. .. .. wP .. .. .."), "{out}");
    assert!(out.contains("to move: White"));
    let err = super::script("chess", None, None, "e2e4 e2e4", None, 100, 1).unwrap_err();
    assert!(err.contains("move 2"), "{err}");
    let out = super::script("chess", None, None, "", Some(1), 3000, 5).unwrap();
    assert!(out.contains("result:"), "{out}");
}

#[test]
fn the_layout_of_a_small_terminal_falls_back_to_small_cells() {
    let t = rookery_core::board::grid::eight_player();
    let l = Layout::fit(&t, 40, 20, false);
    assert_eq!((l.cw, l.ch), (2, 1));
}

/// A three-player position from tokens like `wKe1` (owner tag, letter, cell).
fn three_fen(tokens: &str, side: char) -> String {
    let mut map = std::collections::HashMap::new();
    for t in tokens.split_whitespace() {
        map.insert(t[2..].to_string(), t[..2].to_string());
    }
    let mut ranks = Vec::new();
    for r in (1..=12).rev() {
        let files = if r >= 9 {
            "efghijkl"
        } else if r >= 5 {
            "abcdijkl"
        } else {
            "abcdefgh"
        };
        let mut s = String::new();
        let mut empty = 0;
        for f in files.chars() {
            match map.get(&format!("{f}{r}")) {
                Some(p) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s += p;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    format!("{} {side} - - 0 1", ranks.join("/"))
}

#[test]
fn after_the_first_three_player_mate_the_people_choose_how_to_go_on() {
    // White mates Black with Rc2-a2 (the b-file held by Rb1); Red moves in between
    let fen = three_fen(
        "wKe1 wRb1 wRc2 wRk6 wRj5 wNd5 rKl12 rPh11 bKa8 bPc7 bNl8",
        'w',
    );
    let mut app = playing("three-player", &PERSONS);
    let g = rookery_core::Game::from_fen("three-player", &fen).unwrap();
    play(&mut app).session = super::session::Session::Plain(Box::new(g));
    for m in ["c2a2", "h11h10"] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    app.tick(Instant::now());
    let p = play(&mut app);
    assert!(p.game().choice_pending());
    let popup = p.popup.as_ref().expect("the choice is offered");
    let labels: Vec<&str> = popup.items.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels.len(), 4, "{labels:?}");
    assert!(labels[0].contains("End the game"));
    assert!(labels[1].contains("grey"));
    assert!(labels[2..].iter().all(|l| l.contains("goes to")));
    // Esc does not dismiss it; moves are refused meanwhile
    key(&mut app, KeyCode::Esc);
    assert!(play(&mut app).popup.is_some());
    let buf = draw(&mut app, 100, 34);
    assert!(screen_text(&buf).contains("Checkmate"));
    // hand Black's army to Red
    let i = play(&mut app)
        .popup
        .as_ref()
        .unwrap()
        .items
        .iter()
        .position(|(l, _)| l.ends_with("Red"))
        .unwrap();
    typed(&mut app, &(i + 1).to_string());
    let p = play(&mut app);
    assert!(!p.game().choice_pending() && !p.is_over());
    assert!(!p.game().position().is_in_play(2));
    // Black's pawn on c7 now belongs to Red and walks Black's way: it shows an arrow
    let t = &p.game().variant.board;
    let c7 = t.cell("c7").unwrap() as usize;
    let views = p.cell_views();
    let pawn = views[c7].piece.clone().unwrap();
    assert_eq!(pawn.colour, "red");
    assert!(pawn.arrow.is_some());
}

#[test]
fn f1_in_a_game_shows_its_rules_page_with_the_start_position_and_esc_goes_back() {
    let mut app = playing("chess", &[SeatKind::Person, SeatKind::Person]);
    typed(&mut app, "e2e4");
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::F(1));
    let Screen::Rules(r) = &app.screen else {
        panic!("rules page expected")
    };
    assert_eq!(r.game, "chess");
    let text = screen_text(&draw(&mut app, 100, 200));
    assert!(text.contains("Rules: Chess"), "{text}");
    assert!(text.contains("The board and turns"));
    assert!(text.contains("Castling"));
    assert!(
        text.contains("Start position, drawn by the engine"),
        "a diagram from the core"
    );
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Esc);
    assert_eq!(
        play(&mut app).game().ply_count(),
        1,
        "the game is as it was"
    );
}

#[test]
fn the_terminal_player_speaks_slovak() {
    crate::i18n::with_language("sk", || {
        let mut app = playing("chess", &[SeatKind::Person, SeatKind::Person]);
        let text = screen_text(&draw(&mut app, 120, 30));
        assert!(text.contains("Na ťahu je Biely"), "{text}");
        assert!(text.contains("Ctrl-Z späť"), "{text}");
        ctrl(&mut app, 'r');
        key(&mut app, KeyCode::Enter);
        assert_eq!(
            play(&mut app).result_text().unwrap(),
            "Vyhráva Čierny · Vzdanie sa"
        );
        key(&mut app, KeyCode::F(1));
        let text = screen_text(&draw(&mut app, 100, 80));
        assert!(text.contains("Pravidlá: Šach"), "{text}");
        assert!(text.contains("Rošáda"), "{text}");
    });
}

#[test]
fn crazyhouse_drops_are_typed_and_the_hands_are_shown() {
    let mut app = playing("crazyhouse", &[SeatKind::Person, SeatKind::Person]);
    for m in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    // white holds a pawn, black a pawn
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("In hand"), "{text}");
    assert!(text.contains("P1"), "{text}");
    typed(&mut app, "P@e6");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().ply_count(), 5);
    assert_eq!(play(&mut app).game().texts()[4], "P@e6");
}

#[test]
fn a_piece_in_hand_is_clicked_then_its_target_to_drop_it() {
    let mut app = playing("crazyhouse", &[SeatKind::Person, SeatKind::Person]);
    for m in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        typed(&mut app, m);
        key(&mut app, KeyCode::Enter);
    }
    draw(&mut app, 120, 40);
    let slot = |app: &mut App, seat: u8| {
        let p = play(app);
        let (r, _, k) = *p
            .hand_slots
            .iter()
            .find(|(_, s, _)| *s == seat)
            .expect("a drawn hand slot");
        assert_eq!(p.game().variant.letter(k), 'P');
        r
    };
    // black's pawn is not white's to drop
    let theirs = slot(&mut app, 1);
    click_at(&mut app, theirs.x, theirs.y);
    assert!(play(&mut app).error);
    let drop_phase = |app: &mut App| {
        play(app)
            .screen()
            .phase
            .is_some_and(|p| p.what.key == "phase-drop")
    };
    assert!(!drop_phase(&mut app));
    // white's pawn: picked (the screen says a drop is under way), then dropped on a clicked cell
    let ours = slot(&mut app, 0);
    click_at(&mut app, ours.x, ours.y);
    assert!(drop_phase(&mut app));
    let buf = draw(&mut app, 120, 40);
    assert!(screen_text(&buf).contains("Drop a piece"));
    click(&mut app, "e6");
    let g = play(&mut app).game();
    assert_eq!(g.ply_count(), 5);
    assert_eq!(g.texts()[4], "P@e6");
    // the hand is empty now: no slot of white's is left to click
    draw(&mut app, 120, 40);
    assert!(!play(&mut app).hand_slots.iter().any(|(_, s, _)| *s == 0));
}

#[test]
fn duck_moves_are_typed_whole_or_the_duck_is_clicked() {
    let mut app = playing("duck", &[SeatKind::Person, SeatKind::Person]);
    typed(&mut app, "e2e4,e4e5");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&mut app).game().ply_count(), 2);
    assert_eq!(play(&mut app).game().position().turn(), 1);
    // black: a move, then a click on the duck's new cell
    typed(&mut app, "d7d5");
    key(&mut app, KeyCode::Enter);
    draw(&mut app, 120, 40);
    click(&mut app, "a3");
    let g = play(&mut app).game();
    assert_eq!(g.ply_count(), 4);
    assert_eq!(g.texts()[3], "*@a3");
    let a3 = g.variant.board.cell("a3").unwrap();
    assert_eq!(
        g.position().at(a3).kind(),
        rookery_core::rules::variants::DUCK
    );
}
