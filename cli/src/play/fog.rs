//! Hidden information in the terminal player (fog of war): what the person at the keyboard may
//! see, through the core's one view (`rookery_core::view`), and the hand-over screen between
//! turns when the players pass the keyboard.
//!
//! The view is the seat to move when a person plays it, else the person's seat seen last (a
//! bot's view is never shown). When at least two different people play and the seat to move
//! is a person other than the one the screen showed last (also when the game opens, and after
//! an undo that gives the turn back), the board, the side panel and the move list are replaced
//! by a hand-over screen until that player presses Enter. Bots need no hand-over.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use rookery_core::board::Cell;
use rookery_core::game::Ply;
use rookery_core::message::{illegal, Message};
use rookery_core::piece::Seat;
use rookery_core::view::{self, View, Viewer};

use super::app::{Play, SeatKind, Transition};
use super::board::{CellView, Mark};
use super::text::{game_name, tf};

/// Who plays each seat at this keyboard: a person's name, `None` for a bot.
fn people(p: &Play) -> Vec<Option<String>> {
    (0..p.game().variant.seat_count() as Seat)
        .map(|s| (p.kind(s) == SeatKind::Person).then(|| p.name(s)))
        .collect()
}

/// The seat the keyboard must be handed to before anything is shown, if any.
pub fn hand_over(p: &Play) -> Option<Seat> {
    let people = people(p);
    let names: Vec<Option<&str>> = people.iter().map(|n| n.as_deref()).collect();
    view::hand_over_to(p.game().position(), p.game().is_over(), &names, p.shown)
}

/// What the screen may show now: nothing during a hand-over, else the view of the person at
/// the keyboard (everything in games without hidden cells).
pub fn view(p: &Play) -> View {
    if hand_over(p).is_some() {
        return View::nothing();
    }
    let people = people(p);
    let names: Vec<Option<&str>> = people.iter().map(|n| n.as_deref()).collect();
    let pos = p.game().position();
    View::of(pos, Viewer::Seat(view::shown_seat(pos, &names, p.shown)))
}

/// Keys during a hand-over: Enter shows the board to the player now at the keyboard; Esc and
/// the menu keys go on as usual; every other key does nothing. `None` when no hand-over is due.
pub fn key(p: &mut Play, k: &KeyEvent) -> Option<Transition> {
    let seat = hand_over(p)?;
    match k.code {
        KeyCode::Enter => {
            p.shown = Some(seat);
            p.message.clear();
            Some(Transition::Stay)
        }
        KeyCode::Esc => None,
        KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => None,
        _ => Some(Transition::Stay),
    }
}

/// A click (or a typed cell) on `c` that must not reach the interaction layer: during a
/// hand-over, or on a cell in the dark (its refusal would tell what stands there). The selection
/// is cleared and the reason given as the view may tell it.
pub fn refuse_click(p: &mut Play, c: Cell) -> Option<Message> {
    if hand_over(p).is_some() {
        p.ui.clear();
        return Some(Message::new(illegal::HAND_OVER));
    }
    let v = view(p);
    if v.sees(c) {
        return None;
    }
    let from = p.ui.selected_cell().unwrap_or(c);
    p.ui.clear();
    Some(v.explain(p.game(), from, c))
}

/// Hides from the drawn cells what the view may not show: pieces and marks on hidden cells, a
/// last move the viewer may not see, and check where the game has none.
pub fn mask(p: &Play, views: &mut [CellView]) {
    let v = view(p);
    if v.is_full() {
        return;
    }
    let g = p.game();
    let last_seen = g.plies().last().is_none_or(|ply| v.sees_ply(ply));
    for (c, cell) in views.iter_mut().enumerate() {
        if !v.sees(c as Cell) {
            *cell = CellView::default();
            continue;
        }
        if (cell.mark == Mark::LastMove && !last_seen)
            || (cell.mark == Mark::Check && !g.variant.royal_check)
        {
            cell.mark = Mark::None;
        }
    }
}

/// A ply of the move list as the view may read it (`?` for a move in the dark).
pub fn ply_text(v: &View, ply: &Ply) -> String {
    if v.sees_ply(ply) {
        ply.text.clone()
    } else {
        "?".to_string()
    }
}

/// The hand-over screen: the whole play area, nothing of the position on it.
pub fn draw_hand_over(f: &mut Frame, area: Rect, p: &Play, seat: Seat) {
    let name = p.name(seat);
    let w = area.width.clamp(20, 60);
    let h = 7.min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + area.height.saturating_sub(h) / 2,
        w,
        h,
    );
    f.render_widget(Clear, area);
    let lines = vec![
        Line::styled(
            tf("hand-over-title", &[("player", &name)]),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        Line::raw(""),
        Line::raw(tf("hand-over-hint", &[("player", &name)])),
    ];
    f.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(game_name(p.game().id())),
        ),
        r,
    );
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use ratatui::Terminal;

    use super::super::app::{App, Options, Play, Screen, SeatKind, SetupForm};
    use super::super::board::cell_views;
    use super::super::ui;
    use super::*;

    fn playing(kinds: &[SeatKind]) -> App {
        let opts = Options {
            bot_delay: Duration::ZERO,
            sync_bots: true,
        };
        let mut app = App::new(opts, None);
        let mut form = SetupForm::new("fog-of-war").unwrap();
        for (s, k) in form.seats.iter_mut().zip(kinds) {
            s.kind = *k;
        }
        app.start(form, Instant::now()).unwrap();
        app
    }

    fn play(app: &mut App) -> &mut Play {
        match &mut app.screen {
            Screen::Play(p) => p,
            _ => panic!("not playing"),
        }
    }

    fn key(app: &mut App, code: KeyCode) {
        app.handle_key(KeyEvent::new(code, KeyModifiers::NONE), Instant::now());
    }

    fn typed(app: &mut App, text: &str) {
        for c in text.chars() {
            key(app, KeyCode::Char(c));
        }
    }

    fn screen(app: &mut App) -> String {
        let mut term = Terminal::new(TestBackend::new(100, 30)).unwrap();
        term.draw(|f| ui::draw(f, app)).unwrap();
        let buf = term.backend().buffer().clone();
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The cells whose piece the play screen draws, after the view's mask.
    fn drawn(p: &Play) -> Vec<String> {
        let mut views = cell_views(p.game(), None, &[]);
        mask(p, &mut views);
        let t = &p.game().variant.board;
        (0..views.len())
            .filter(|&c| views[c].piece.is_some())
            .map(|c| t.name(c as Cell).to_string())
            .collect()
    }

    #[test]
    fn fog_of_war_in_the_terminal_hides_the_board_until_the_next_player_presses_enter() {
        let mut app = playing(&[SeatKind::Person, SeatKind::Person]);
        let first = play(&mut app).name(0);
        let second = play(&mut app).name(1);
        assert_ne!(first, second);
        // the game opens on the hand-over screen: no board, typed keys do nothing
        let s = screen(&mut app);
        assert!(s.contains(&format!("Pass the device to {first}")), "{s}");
        assert!(!s.contains("Moves"), "the side panel is hidden: {s}");
        typed(&mut app, "e2e4");
        assert_eq!(play(&mut app).game().ply_count(), 0);
        assert!(play(&mut app).input.is_empty());
        key(&mut app, KeyCode::Enter);
        assert!(hand_over(play(&mut app)).is_none());
        assert_eq!(drawn(play(&mut app)).len(), 16, "White's own pieces only");
        // White moves: the board hides until Black's player presses Enter
        typed(&mut app, "e2e4");
        key(&mut app, KeyCode::Enter);
        assert_eq!(play(&mut app).game().ply_count(), 1);
        assert_eq!(hand_over(play(&mut app)), Some(1));
        let s = screen(&mut app);
        assert!(s.contains(&format!("Pass the device to {second}")), "{s}");
        key(&mut app, KeyCode::Enter);
        let cells = drawn(play(&mut app));
        assert_eq!(cells.len(), 16, "Black's own pieces only: {cells:?}");
        assert!(!cells.contains(&"e4".to_string()));
        // Black's screen shows White's move as `?` and no last-move mark on it
        let s = screen(&mut app);
        assert!(s.contains("1.?"), "{s}");
    }

    #[test]
    fn fog_of_war_against_a_bot_needs_no_hand_over_and_shows_the_persons_view() {
        let mut app = playing(&[SeatKind::Person, SeatKind::Bot(0)]);
        assert!(hand_over(play(&mut app)).is_none());
        typed(&mut app, "e2e4");
        key(&mut app, KeyCode::Enter);
        let p = play(&mut app);
        assert!(hand_over(p).is_none());
        let cells = drawn(p);
        assert!(cells.contains(&"e4".to_string()) && !cells.contains(&"e7".to_string()));
    }
}
