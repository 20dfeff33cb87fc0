//! Hidden information in the terminal player (fog of war): only drawing. What the person at the
//! keyboard may see, and when the keyboard is handed over, is decided by the core's game screen
//! (`rookery_core::present`, through `rookery_core::view`); the terminal draws its hand-over.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::text::tf;

/// The hand-over screen: the whole play area, nothing of the position on it.
pub fn draw_hand_over(f: &mut Frame, area: Rect, game: &str, name: &str) {
    let w = area.width.clamp(20, 60).min(area.width);
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
            tf("hand-over-title", &[("player", name)]),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        Line::raw(""),
        Line::raw(tf("hand-over-hint", &[("player", name)])),
    ];
    f.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(game.to_string()),
        ),
        r,
    );
}
