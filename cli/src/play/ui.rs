//! Drawing the screens with ratatui. Reads the app state; records where the board, the menu
//! list and popups were drawn so mouse clicks can be mapped back.

use crate::markdown::Emph;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use rookery_core::present::{Bar, Pending, Screen as GameScreen, SeatState};

use super::app::{
    message_text, App, Menu, MenuItem, PageLine, Play, Row, RulesView, Screen, SetupForm,
};
use super::board::{self, cell_views, chip_fg, seat_rgb, Layout, Mark};
use super::text::{game_blurb, game_name, t, tf, tn};

/// The least width the side panel of the play screen gets.
pub const PANEL_MIN: u16 = 36;

/// The key lines of the play screen.
pub fn help_play() -> [String; 2] {
    [t("help-play-1"), t("help-play-2")]
}

fn title_style() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}
fn dim() -> Style {
    Style::default().fg(Color::DarkGray)
}

/// The least screen the menu, setup and rules screens need.
pub const SCREEN_MIN: (u16, u16) = (44, 12);

pub fn draw(f: &mut Frame, app: &mut App) {
    let area = f.area();
    let small = area.width < SCREEN_MIN.0 || area.height < SCREEN_MIN.1;
    if small && !matches!(app.screen, Screen::Play(_)) {
        draw_too_small(f, area, SCREEN_MIN);
        return;
    }
    match &mut app.screen {
        Screen::Menu(m) => draw_menu(f, area, m),
        Screen::Setup(s) => draw_setup(f, area, s),
        Screen::Play(p) => draw_play(f, area, p),
        Screen::Rules(r) => draw_rules(f, area, r),
    }
}

fn draw_rules(f: &mut Frame, area: Rect, r: &mut RulesView) {
    help(f, area, &[t("help-rules")]);
    let body = Rect::new(
        area.x + 1,
        area.y,
        area.width.saturating_sub(2),
        area.height.saturating_sub(1),
    );
    let w = (body.width as usize).clamp(20, 100);
    let mut lines: Vec<Line> = vec![Line::styled(
        tf("rules-title", &[("game", &game_name(r.game))]),
        dim(),
    )];
    for block in &r.lines {
        let text = block.text();
        match block.kind {
            PageLine::Title => lines.push(Line::styled(text, title_style().fg(Color::Yellow))),
            PageLine::Heading => lines.push(Line::styled(text, title_style())),
            PageLine::Note => {
                for l in wrap_words(&text, w) {
                    lines.push(Line::styled(l, Style::default().fg(Color::Cyan)));
                }
            }
            PageLine::Text | PageLine::Item(_) => {
                let (lead, hang) = block.margins();
                for l in crate::markdown::wrap(&block.runs, w.saturating_sub(lead), hang) {
                    let mut spans = vec![Span::raw(" ".repeat(lead))];
                    spans.extend(l.into_iter().map(|run| {
                        let st = match run.emph {
                            Emph::Plain => Style::default(),
                            Emph::Bold => Style::default().add_modifier(Modifier::BOLD),
                            Emph::Italic => Style::default().add_modifier(Modifier::ITALIC),
                            Emph::Code => Style::default().fg(Color::Cyan),
                        };
                        Span::styled(run.text, st)
                    }));
                    lines.push(Line::from(spans));
                }
            }
            PageLine::Pre => lines.push(Line::raw(text)),
            PageLine::Blank => lines.push(Line::raw("")),
        }
    }
    let max = lines.len().saturating_sub(body.height as usize);
    r.scroll = r.scroll.min(max);
    let shown: Vec<Line> = lines.into_iter().skip(r.scroll).collect();
    f.render_widget(Paragraph::new(shown), body);
}

fn help(f: &mut Frame, area: Rect, lines: &[String]) {
    let h = lines.len() as u16;
    if area.height <= h {
        return;
    }
    let r = Rect::new(area.x, area.bottom() - h, area.width, h);
    let text: Vec<Line> = lines
        .iter()
        .map(|l| {
            Line::styled(
                cut_at_separator(l, area.width as usize),
                Style::default().fg(Color::Black).bg(Color::Gray),
            )
        })
        .collect();
    f.render_widget(
        Paragraph::new(text).style(Style::default().bg(Color::Gray)),
        r,
    );
}

fn draw_menu(f: &mut Frame, area: Rect, m: &mut Menu) {
    help(f, area, &[t("help-menu")]);
    let body = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1));
    let head = Line::from(vec![
        Span::styled(t("app-name"), title_style()),
        Span::raw(format!(" {}", t("menu-choose-game"))),
    ]);
    f.render_widget(
        Paragraph::new(head),
        Rect::new(body.x + 1, body.y, body.width, 1),
    );
    // the list takes up to 44 columns, leaving the details at least 24 (or none)
    let list_w = if body.width >= 44 + 2 + 24 {
        44
    } else {
        body.width
            .saturating_sub(2 + 24)
            .max(30)
            .min(body.width.saturating_sub(2))
    };
    let list = Rect::new(
        body.x + 1,
        body.y + 2,
        list_w,
        body.height.saturating_sub(3),
    );
    // keep the cursor visible
    let rows = list.height as usize;
    if m.cursor < m.scroll {
        m.scroll = m.cursor.saturating_sub(1);
    } else if rows > 0 && m.cursor >= m.scroll + rows {
        m.scroll = m.cursor + 1 - rows;
    }
    m.list_area = Some(list);
    let lines: Vec<Line> = m
        .items
        .iter()
        .enumerate()
        .skip(m.scroll)
        .take(rows)
        .map(|(i, it)| {
            let sel = i == m.cursor;
            let mark = if sel { "▶ " } else { "  " };
            let st = if sel {
                Style::default().fg(Color::Black).bg(Color::Cyan)
            } else {
                Style::default()
            };
            match it {
                MenuItem::Header(h) => Line::styled(h.clone(), title_style().fg(Color::Yellow)),
                MenuItem::Game(g) if g.playable => {
                    Line::styled(format!("{mark}{}", game_name(g.id)), st)
                }
                MenuItem::Game(g) => Line::styled(
                    format!("{mark}{}", tf("menu-coming", &[("game", &game_name(g.id))])),
                    if sel { st } else { dim() },
                ),
                MenuItem::Continue { id, label, .. } => {
                    let label = match &m.renaming {
                        Some(r) if r.id == *id => format!("{}▏", r.name),
                        _ => label.clone(),
                    };
                    Line::styled(format!("{mark}{label}"), st)
                }
                MenuItem::MoreSaved(n) => Line::styled(
                    format!(
                        "{mark}{}",
                        tf("menu-all-saved", &[("count", &n.to_string())])
                    ),
                    st,
                ),
                MenuItem::Quit => Line::styled(format!("{mark}{}", t("action-quit")), st),
            }
        })
        .collect();
    f.render_widget(Paragraph::new(lines), list);
    // details of the highlighted entry
    let dx = list.right() + 2;
    if dx + 20 <= body.right() {
        let d = Rect::new(dx, list.y, body.right() - dx, list.height);
        let mut lines = Vec::new();
        match m.items.get(m.cursor) {
            Some(MenuItem::Game(g)) => {
                lines.push(Line::styled(game_name(g.id), title_style()));
                lines.push(Line::raw(game_blurb(g.id)));
                lines.push(Line::raw(""));
                lines.push(Line::raw(tn("players", g.seats as i64)));
                lines.push(Line::styled(t("menu-rules-hint"), dim()));
            }
            Some(MenuItem::Continue {
                label, finished, ..
            }) => {
                let title = if *finished {
                    "menu-review-title"
                } else {
                    "menu-continue-title"
                };
                lines.push(Line::styled(t(title), title_style()));
                lines.push(Line::raw(label.clone()));
                lines.push(Line::raw(""));
                lines.push(Line::styled(t("menu-saved-keys"), dim()));
            }
            _ => {}
        }
        if !m.message.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                m.message.clone(),
                Style::default().fg(Color::Red),
            ));
        }
        f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), d);
    }
}

fn draw_setup(f: &mut Frame, area: Rect, s: &SetupForm) {
    help(f, area, &[t("help-setup")]);
    let mut lines = vec![
        Line::styled(
            tf("setup-title", &[("game", &game_name(s.game))]),
            title_style(),
        ),
        Line::raw(""),
    ];
    if let Some(pos) = &s.position {
        lines.insert(
            1,
            Line::styled(tf("setup-from-position", &[("position", pos)]), dim()),
        );
    }
    let rows = s.rows();
    for (i, row) in rows.iter().enumerate() {
        if matches!(row, Row::Begin)
            || (i > 0 && matches!(rows[i - 1], Row::Seat(_)) && !matches!(row, Row::Seat(_)))
        {
            lines.push(Line::raw(""));
        }
        let (label, value) = s.row_text(*row);
        let sel = i == s.row;
        let st = if sel {
            Style::default().fg(Color::Black).bg(Color::Cyan)
        } else {
            Style::default()
        };
        let mut spans = vec![Span::styled(if sel { "▶ " } else { "  " }, st)];
        if let Row::Seat(k) = row {
            let c = s.seats[*k].colour;
            spans.push(Span::styled(" ", Style::default().bg(seat_rgb(c))));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(format!("{label:<26}"), st));
        if !value.is_empty() {
            spans.push(Span::styled(format!(" ◀ {value} ▶"), st));
        }
        lines.push(Line::from(spans));
    }
    let body = Rect::new(
        area.x + 1,
        area.y,
        area.width.saturating_sub(1),
        area.height.saturating_sub(1),
    );
    f.render_widget(Paragraph::new(lines), body);
}

/// A seat's name as its bar gives it: the player's name, else the army's colour name.
pub fn bar_name(b: &Bar) -> String {
    if b.name.is_empty() {
        t(&b.colour)
    } else {
        b.name.clone()
    }
}

/// The line of one seat in the play panel, from the screen's bar.
fn seat_line(g: &rookery_core::Game, s: &GameScreen, b: &Bar, scores: bool) -> Line<'static> {
    let colour = g
        .variant
        .seats
        .get(b.seat as usize)
        .map_or("grey", |d| d.colour);
    let tag = g
        .variant
        .seats
        .get(b.seat as usize)
        .map_or('?', |d| d.tag.to_ascii_uppercase());
    let out = b.state != SeatState::Playing;
    let mut spans = vec![
        Span::raw(if b.to_move { "▶ " } else { "  " }),
        Span::styled(
            format!(" {tag} "),
            Style::default()
                .bg(seat_rgb(colour))
                .fg(chip_fg(colour))
                .add_modifier(Modifier::BOLD),
        ),
        Span::raw(" "),
    ];
    let name: String = bar_name(b).chars().take(12).collect();
    let name_st = if b.to_move {
        Style::default().add_modifier(Modifier::BOLD)
    } else if out {
        dim()
    } else {
        Style::default()
    };
    spans.push(Span::styled(format!("{name:<12} "), name_st));
    let kind = match b.bot {
        None => t("seat-person-short"),
        Some(l) => tf("seat-bot-short", &[("level", &l.to_string())]),
    };
    spans.push(Span::styled(format!("{kind:<6}"), dim()));
    if b.thinking {
        spans.push(Span::styled("…", Style::default().fg(Color::Cyan)));
    }
    if scores {
        spans.push(Span::raw(format!(
            " {:>4}",
            b.score.clone().unwrap_or_default()
        )));
    }
    let checked = s
        .scene
        .pieces
        .iter()
        .any(|p| p.checked && p.owner == Some(b.seat));
    if out {
        spans.push(Span::styled(
            format!(" {}", t("status-out")),
            Style::default().fg(Color::Red),
        ));
    } else if checked {
        spans.push(Span::styled(
            format!(" {}", t("status-check")),
            Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
        ));
    }
    Line::from(spans)
}

/// Whether the panel shows a score column: in games that score points, once a seat has some
/// (games decided without points show none).
fn shows_scores(s: &GameScreen) -> bool {
    s.bars.len() > 2
        && s.bars.iter().any(|b| {
            b.score
                .as_deref()
                .is_some_and(|x| x.trim_start_matches(['+', '-', '0', '.']) != "")
        })
}

/// Who plays with whom, as panel lines of `w` columns: one line where it fits, else a line
/// per team.
pub fn partners_lines(s: &GameScreen, w: u16) -> Vec<String> {
    let Some((one, groups)) = partners_text(s) else {
        return Vec::new();
    };
    if one.chars().count() <= w as usize {
        return vec![one];
    }
    let mut out = vec![tf("status-partners", &[("teams", "")])
        .trim_end()
        .to_string()];
    out.extend(groups.into_iter().map(|g| format!("  {g}")));
    out
}

/// Who plays with whom, from the bars' partners: "Partners: Red + Yellow · Blue + Green",
/// and the teams one by one.
pub fn partners_text(s: &GameScreen) -> Option<(String, Vec<String>)> {
    let mut teams: Vec<Vec<u8>> = Vec::new();
    for b in &s.bars {
        if b.partners.is_empty() || teams.iter().any(|t| t.contains(&b.seat)) {
            continue;
        }
        let mut team = vec![b.seat];
        team.extend(&b.partners);
        team.sort_unstable();
        teams.push(team);
    }
    if teams.is_empty() {
        return None;
    }
    let name = |seat: u8| {
        s.bars
            .iter()
            .find(|b| b.seat == seat)
            .map_or_else(String::new, bar_name)
    };
    let groups: Vec<String> = teams
        .iter()
        .map(|t| t.iter().map(|&x| name(x)).collect::<Vec<_>>().join(" + "))
        .collect();
    Some((
        tf("status-partners", &[("teams", &groups.join(" · "))]),
        groups,
    ))
}

/// The move list as the screen gives it (the viewer's notation, `?` for what it may not see),
/// with `◀` after the entry a review shows.
fn moves_text(s: &GameScreen) -> String {
    let mut out = String::new();
    let mut prev: Option<u8> = None;
    for (i, m) in s.moves.iter().enumerate() {
        match prev {
            None if m.seat != 0 => out.push_str(&format!("{}...", m.number)),
            Some(p) if m.seat > p => {}
            _ => out.push_str(&format!("{}.", m.number)),
        }
        prev = Some(m.seat);
        match &m.note {
            Some(n) => out.push_str(&message_text(n)),
            None => out.push_str(&m.text),
        }
        if s.review == Some(i + 1) {
            out.push_str(" ◀");
        }
        out.push(' ');
    }
    if s.review == Some(0) {
        out.insert_str(0, "◀ ");
    }
    out
}

/// The least rows the side panel needs: title, ply, seats, teams, status, message, input.
fn panel_min_h(s: &GameScreen) -> u16 {
    let teams = partners_text(s).map_or(0, |(_, g)| g.len() as u16 + 1);
    s.bars.len() as u16 + 8 + teams
}

/// The least screen (columns, rows) on which the play screen of this game fits: the board at
/// its smallest, the side panel, the two key lines.
pub fn play_least(p: &Play) -> (u16, u16) {
    least_of(p, &p.screen())
}

fn least_of(p: &Play, s: &GameScreen) -> (u16, u16) {
    let (bw, bh) = Layout::least(&p.game().variant.board);
    (
        bw + 1 + PANEL_MIN,
        bh.max(panel_min_h(s)) + help_play().len() as u16,
    )
}

/// What a screen too small for its content shows instead of garbling it.
fn draw_too_small(f: &mut Frame, area: Rect, least: (u16, u16)) {
    let text = tf(
        "screen-too-small",
        &[
            ("width", &least.0.to_string()),
            ("height", &least.1.to_string()),
            ("now-width", &area.width.to_string()),
            ("now-height", &area.height.to_string()),
        ],
    );
    let lines: Vec<Line> = wrap_words(&text, area.width.max(1) as usize)
        .into_iter()
        .chain(wrap_words(
            &t("screen-too-small-keys"),
            area.width.max(1) as usize,
        ))
        .map(|l| Line::styled(l, Style::default().fg(Color::Yellow)))
        .collect();
    f.render_widget(Paragraph::new(lines), area);
}

/// A line cut to `w` columns (panel lines never wrap, so the panel's height is known).
fn fit_line(line: Line<'static>, w: u16) -> Line<'static> {
    let mut left = w as usize;
    let mut spans = Vec::new();
    for sp in line.spans {
        if left == 0 {
            break;
        }
        let n = sp.content.chars().count();
        if n <= left {
            left -= n;
            spans.push(sp);
        } else {
            let cut: String = sp.content.chars().take(left).collect();
            left = 0;
            spans.push(Span::styled(cut, sp.style));
        }
    }
    Line::from(spans).style(line.style)
}

fn draw_play(f: &mut Frame, area: Rect, p: &mut Play) {
    p.hand_slots.clear();
    let s = p.screen();
    let least = least_of(p, &s);
    if area.width < least.0 || area.height < least.1 {
        p.layout = None;
        draw_too_small(f, area, least);
        return;
    }
    if let Some(Pending::HandOver { seat }) = s.pending {
        p.layout = None;
        let name = s
            .bars
            .iter()
            .find(|b| b.seat == seat)
            .map_or_else(String::new, bar_name);
        super::fog::draw_hand_over(f, area, &game_name(p.game().id()), &name);
        // a question asked meanwhile (leave the game?) is drawn over it
        return draw_popup(f, area, area, p);
    }
    let keys = help_play();
    help(f, area, &keys);
    let body_h = area.height.saturating_sub(keys.len() as u16);
    let t_board = &p.game().variant.board;
    let layout = Layout::fit(
        t_board,
        area.width.saturating_sub(PANEL_MIN + 1),
        body_h,
        p.flip,
    )
    .at(area.x, area.y);
    p.layout = Some(layout);
    let mut views = cell_views(&s.scene, t_board.len(), p.flip);
    if !p.game().house.show_legal_moves {
        for v in views.iter_mut().filter(|v| v.mark == Mark::Target) {
            v.mark = Mark::None;
        }
    }
    board::render(f.buffer_mut(), &layout, t_board, &views);

    // side panel
    let px = area.x + layout.width() + 1;
    if px >= area.right() {
        return;
    }
    let panel = Rect::new(px, area.y, area.right() - px, body_h);
    let g = p.game();
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::styled(game_name(g.id()), title_style()));
    let mut sub = tf("status-ply", &[("ply", &g.ply_count().to_string())]);
    if let Some(n) = p.start_number {
        sub.push_str(" · ");
        sub.push_str(&tf("status-start-number", &[("number", &n.to_string())]));
    }
    if p.session.is_saved() {
        sub.push_str(" · ");
        sub.push_str(&t("status-saved"));
    }
    lines.push(Line::styled(sub, dim()));
    // makruk, ouk chatrang, sittuyin: the running count, shown to the players
    if let Some(c) = rookery_core::rules::shatranj::counting(g.position()) {
        let key = match c.kind {
            rookery_core::rules::shatranj::CountKind::BoardsHonour => "status-count-board",
            rookery_core::rules::shatranj::CountKind::PiecesHonour => "status-count-pieces",
        };
        lines.push(Line::styled(
            tf(
                key,
                &[
                    ("player", &p.name(c.counted_by)),
                    ("count", &c.current.to_string()),
                    ("limit", &c.limit.to_string()),
                ],
            ),
            Style::default().fg(Color::Yellow),
        ));
    }
    let scores = shows_scores(&s);
    for b in &s.bars {
        lines.push(seat_line(g, &s, b, scores));
    }
    for l in partners_lines(&s, panel.width) {
        lines.push(Line::styled(l, dim()));
    }
    lines.push(Line::raw(""));
    // status: the screen's line (the result once the game is over)
    if let Some(r) = p.result_text() {
        lines.push(Line::styled(
            r,
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
        ));
        // places (and points) of the result sheet, in games of more than two
        if let Some(sheet) = &s.result {
            for pl in &sheet.places {
                let name = s
                    .bars
                    .iter()
                    .find(|b| b.seat == pl.seat)
                    .map_or_else(String::new, bar_name);
                let points = pl.points.clone().unwrap_or_default();
                lines.push(Line::raw(format!("{}. {name} {points}", pl.place)));
            }
        }
        lines.push(Line::styled(t("status-over-keys"), dim()));
    } else {
        let mut st = vec![Span::styled(message_text(&s.status), title_style())];
        if let Some(secs) = g.house.turn_seconds.filter(|_| s.review.is_none()) {
            let left = secs as i64 - p.turn_started.elapsed().as_secs() as i64;
            st.push(Span::raw(format!(
                "  {}",
                tf("status-timer", &[("seconds", &left.max(0).to_string())])
            )));
        }
        lines.push(Line::from(st));
    }
    if let Some(ph) = &s.phase {
        lines.push(Line::styled(
            message_text(&ph.what),
            Style::default().fg(Color::Cyan),
        ));
        lines.push(Line::styled(message_text(&ph.hint), dim()));
    }
    // the screen's buttons (a pass, set-up choices, a decision): pressed from Ctrl-P's menu
    if !s.buttons.is_empty() && p.popup.is_none() {
        let labels: Vec<String> = s.buttons.iter().map(|b| message_text(&b.label)).collect();
        lines.push(Line::styled(
            format!("Ctrl-P: {}", labels.join(" · ")),
            dim(),
        ));
    }
    if let Some(pace) = p.pace_text() {
        lines.push(Line::styled(pace, dim()));
    }
    if !p.message.is_empty() {
        let st = if p.error {
            Style::default().fg(Color::Red)
        } else {
            Style::default().fg(Color::Cyan)
        };
        // the one panel text that wraps (a refusal's reason), at most three lines
        for l in wrap_words(&p.message, panel.width.max(1) as usize)
            .into_iter()
            .take(3)
        {
            lines.push(Line::styled(l, st));
        }
    }
    // captured pieces, as the viewer may know them, and the core's material lead (`+N`)
    if s.bars.iter().any(|b| !b.captured.is_empty() || b.lead > 0) {
        lines.push(Line::raw(""));
        lines.push(Line::styled(t("status-captured"), title_style()));
        for b in s
            .bars
            .iter()
            .filter(|b| !b.captured.is_empty() || b.lead > 0)
        {
            let mut spans = vec![Span::raw(format!("{:<8} ", short(&bar_name(b), 8)))];
            for c in b.captured.iter().take(30) {
                spans.push(Span::styled(
                    c.letter.clone(),
                    Style::default().bg(seat_rgb(&c.army)).fg(chip_fg(&c.army)),
                ));
            }
            if b.lead > 0 {
                spans.push(Span::styled(format!(" +{}", b.lead), title_style()));
            }
            lines.push(Line::from(spans));
        }
    }
    // pieces in hand (crazyhouse, shogi), as the scene shows them: each seat's, to drop with
    // `P@e4` or by clicking the piece and then its target
    let mut slots = Vec::new();
    if !s.scene.hands.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(t("status-in-hand"), title_style()));
        for b in &s.bars {
            let c = g
                .variant
                .seats
                .get(b.seat as usize)
                .map_or("grey", |d| d.colour);
            let mut spans = vec![Span::raw(format!("{:<8} ", short(&bar_name(b), 8)))];
            let mut x = spans[0].width() as u16;
            for h in s
                .scene
                .hands
                .iter()
                .filter(|h| h.seat == b.seat && h.count > 0)
            {
                let Some(k) = g.variant.piece_by_letter(h.letter) else {
                    continue;
                };
                let st = Style::default().bg(seat_rgb(c)).fg(chip_fg(c));
                let chip = Span::styled(format!("{}{}", h.letter, h.count), st);
                let w = chip.width() as u16;
                slots.push((lines.len() as u16, x, w, b.seat, k));
                x += w + 1;
                spans.push(chip);
                spans.push(Span::raw(" "));
            }
            lines.push(Line::from(spans));
        }
    }
    lines.push(Line::raw(""));
    // what does not fit above the input line is left out, never drawn over it
    lines.truncate(panel.height.saturating_sub(1) as usize);
    let top = lines.len() as u16;
    p.hand_slots = slots
        .into_iter()
        .filter(|&(row, x, w, _, _)| row < top && x + w <= panel.width)
        .map(|(row, x, w, s, k)| (Rect::new(panel.x + x, panel.y + row, w, 1), s, k))
        .collect();
    let lines: Vec<Line> = lines
        .into_iter()
        .map(|l| fit_line(l, panel.width))
        .collect();
    f.render_widget(Paragraph::new(lines), panel);

    // moves (the last ones that fit) and the input line at the bottom of the panel
    let input_y = panel.bottom().saturating_sub(1);
    let moves_h = input_y.saturating_sub(panel.y + top + 1);
    if moves_h > 0 {
        let text = moves_text(&s);
        let w = panel.width.max(1) as usize;
        let wrapped = wrap_words(&text, w);
        let start = wrapped.len().saturating_sub(moves_h as usize);
        let shown: Vec<Line> = wrapped[start..]
            .iter()
            .map(|l| Line::raw(l.clone()))
            .collect();
        let r = Rect::new(
            panel.x,
            input_y - shown.len() as u16 - 1,
            panel.width,
            shown.len() as u16,
        );
        if !shown.is_empty() {
            f.render_widget(
                Paragraph::new(Line::styled(t("status-moves"), title_style())),
                Rect::new(panel.x, r.y.saturating_sub(1), panel.width, 1),
            );
        }
        f.render_widget(Paragraph::new(shown).style(dim().fg(Color::Gray)), r);
    }
    let prompt = if p.person_to_move().is_some() {
        Line::from(vec![
            Span::styled(format!("{} ", t("status-move-input")), title_style()),
            Span::raw(p.input.clone()),
            Span::styled("▏", Style::default().fg(Color::Cyan)),
        ])
    } else if p.is_over() {
        Line::styled(t("status-input-over"), dim())
    } else {
        Line::styled(t("status-waiting"), dim())
    };
    f.render_widget(
        Paragraph::new(prompt),
        Rect::new(panel.x, input_y, panel.width, 1),
    );

    let over = Rect::new(
        area.x,
        area.y,
        layout.width().min(area.width),
        layout.height().min(body_h),
    );
    draw_popup(f, area, over, p);
}

/// The open popup (a promotion, a question), centred over `over`.
fn draw_popup(f: &mut Frame, area: Rect, over: Rect, p: &mut Play) {
    if let Some(popup) = &mut p.popup {
        let w = popup
            .items
            .iter()
            .map(|(l, _)| l.chars().count() + 5)
            .chain(std::iter::once(popup.title.chars().count() + 4))
            .max()
            .unwrap_or(20) as u16;
        let w = w.min(area.width);
        let h = (popup.items.len() as u16 + 2).min(area.height);
        let cx = over.x + over.width.saturating_sub(w) / 2;
        let cy = over.y + over.height.saturating_sub(h) / 2;
        let r = Rect::new(cx, cy, w, h);
        popup.area = Some(r);
        f.render_widget(Clear, r);
        let items: Vec<Line> = popup
            .items
            .iter()
            .enumerate()
            .map(|(i, (label, _))| {
                let st = if i == popup.cursor {
                    Style::default().fg(Color::Black).bg(Color::Cyan)
                } else {
                    Style::default()
                };
                Line::styled(format!("{}. {label}", i + 1), st)
            })
            .collect();
        let block = Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(popup.title.clone(), title_style()))
            .style(Style::default().bg(Color::Black).fg(Color::White));
        f.render_widget(Paragraph::new(items).block(block), r);
    }
}

/// A key line cut to `w` columns between two of its " · " parts (never inside a word).
pub fn cut_at_separator(line: &str, w: usize) -> String {
    if line.chars().count() <= w {
        return line.to_string();
    }
    let mut out = String::new();
    for part in line.split(" · ") {
        let next = if out.is_empty() {
            part.to_string()
        } else {
            format!("{out} · {part}")
        };
        if next.chars().count() > w {
            break;
        }
        out = next;
    }
    if out.is_empty() {
        line.chars().take(w).collect()
    } else {
        out
    }
}

fn short(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for w in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}
