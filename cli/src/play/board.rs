//! Drawing any board: where each cell goes on the screen, what each cell shows, and the
//! reverse (which cell a mouse click hit). Works from the topology's drawing coordinates only
//! (`CellInfo::x`, `y`), so 8×8, the 14×14 cross, the 24×24 notched board and the flat sketch
//! of the 96-cell three-player board all take the same path.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use rookery_core::board::{Cell, Topology};
use rookery_core::position::Position;
use rookery_core::scene::{PieceAt, Scene};

/// Columns the rank labels take on each side of the board.
pub const LABEL_W: u16 = 3;

/// Cell sizes to try, largest first: (columns, rows).
const SIZES: [(u16, u16); 4] = [(5, 2), (4, 2), (3, 1), (2, 1)];

/// Scales of the three-player drawing, largest first: screen columns and rows per board unit
/// of the board scene's geometry (`scene::boards`, a hexagon of circumradius 8), and the
/// columns a cell takes (3: its name fits, `l12`; 2: the piece and its arrow). At these scales
/// no two cells' rectangles touch (a test checks it).
const TRI_SCALES: [(f32, f32, u16); 3] = [(5.0, 2.0, 3), (4.0, 1.6, 3), (3.5, 1.4, 2)];

/// Where each cell of the three-player board is drawn at one scale: (column, row) of its
/// rectangle from the drawing's top-left, taken from the centroids of the cell polygons of the
/// board scene, so the terminal shows the board's real shape (sections, bent ranks, the centre
/// ring) from the same geometry the apps draw.
struct TriPlan {
    at: Vec<(u16, u16)>,
    width: u16,
    height: u16,
    cw: u16,
}

fn tri_plans() -> &'static [TriPlan] {
    static PLANS: std::sync::OnceLock<Vec<TriPlan>> = std::sync::OnceLock::new();
    PLANS.get_or_init(|| {
        use rookery_core::scene::{boards, centroid};
        // the drawing of the game played on the three-player board
        let polys = rookery_core::rules::games()
            .find(|v| v.board.id == rookery_core::board::tri::ID)
            .and_then(|v| boards::board_def(v.id).ok())
            .map(|d| boards::cell_polygons(&d))
            .unwrap_or_default();
        TRI_SCALES
            .iter()
            .map(|&(kx, ky, cw)| {
                let pts: Vec<(i32, i32)> = polys
                    .iter()
                    .map(|p| {
                        let q = centroid(p);
                        ((q.x * kx).round() as i32, (q.y * ky).round() as i32)
                    })
                    .collect();
                let x0 = pts.iter().map(|p| p.0).min().unwrap_or(0);
                let y0 = pts.iter().map(|p| p.1).min().unwrap_or(0);
                let at: Vec<(u16, u16)> = pts
                    .iter()
                    .map(|&(x, y)| ((x - x0) as u16, (y - y0) as u16))
                    .collect();
                let width = at.iter().map(|p| p.0 + cw).max().unwrap_or(0);
                let height = at.iter().map(|p| p.1 + 1).max().unwrap_or(0);
                TriPlan {
                    at,
                    width,
                    height,
                    cw,
                }
            })
            .collect()
    })
}

/// How the board is laid out on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Cells on their topology grid, with file and rank labels around.
    Grid,
    /// The three-player board drawn in its real shape, at `TRI_SCALES[i]`; every cell shows
    /// its name while empty.
    Tri(usize),
}

/// Where the board sits on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Top-left corner of the whole board drawing (labels included).
    pub x: u16,
    pub y: u16,
    /// Columns and rows per cell.
    pub cw: u16,
    pub ch: u16,
    /// Drawing grid size (from the topology).
    pub w: i16,
    pub h: i16,
    /// Rotated by 180° (the seat at the top of the usual drawing looks from below).
    pub flip: bool,
    pub shape: Shape,
    /// Whether it fits the space it was laid out for (else it is drawn at its smallest).
    pub fits: bool,
}

impl Layout {
    /// The biggest cell size with which the board fits in `avail` columns × rows (the smallest
    /// size, with `fits` false, when none fits).
    pub fn fit(t: &Topology, avail_w: u16, avail_h: u16, flip: bool) -> Layout {
        if t.id == rookery_core::board::tri::ID {
            let plans = tri_plans();
            let i = plans
                .iter()
                .position(|p| p.width <= avail_w && p.height <= avail_h);
            let k = i.unwrap_or(plans.len() - 1);
            return Layout {
                x: 0,
                y: 0,
                cw: plans[k].cw,
                ch: 1,
                w: t.width,
                h: t.height,
                flip,
                shape: Shape::Tri(k),
                fits: i.is_some(),
            };
        }
        let (w, h) = (t.width as u16, t.height as u16);
        let found = SIZES
            .iter()
            .copied()
            .find(|&(cw, ch)| 2 * LABEL_W + w * cw <= avail_w && 2 + h * ch <= avail_h);
        let (cw, ch) = found.unwrap_or(SIZES[SIZES.len() - 1]);
        Layout {
            x: 0,
            y: 0,
            cw,
            ch,
            w: t.width,
            h: t.height,
            flip,
            shape: Shape::Grid,
            fits: found.is_some(),
        }
    }

    /// The least (columns, rows) the board needs, at its smallest.
    pub fn least(t: &Topology) -> (u16, u16) {
        let l = Layout::fit(t, 0, 0, false);
        (l.width(), l.height())
    }

    /// Columns the drawing takes, labels included.
    pub fn width(&self) -> u16 {
        match self.shape {
            Shape::Grid => 2 * LABEL_W + self.w as u16 * self.cw,
            Shape::Tri(k) => tri_plans()[k].width,
        }
    }

    /// Rows the drawing takes, labels included.
    pub fn height(&self) -> u16 {
        match self.shape {
            Shape::Grid => 2 + self.h as u16 * self.ch,
            Shape::Tri(k) => tri_plans()[k].height,
        }
    }

    pub fn at(mut self, x: u16, y: u16) -> Layout {
        self.x = x;
        self.y = y;
        self
    }

    /// Screen column of grid column `gx` and screen row of grid row `gy`.
    fn screen_col(&self, gx: i16) -> u16 {
        let i = if self.flip { self.w - 1 - gx } else { gx };
        self.x + LABEL_W + i as u16 * self.cw
    }
    fn screen_row(&self, gy: i16) -> u16 {
        let i = if self.flip { gy } else { self.h - 1 - gy };
        self.y + 1 + i as u16 * self.ch
    }

    /// The screen rectangle of drawing coordinates (x, y) of a grid board.
    pub fn rect(&self, gx: i16, gy: i16) -> Rect {
        Rect::new(self.screen_col(gx), self.screen_row(gy), self.cw, self.ch)
    }

    /// The screen rectangle of a cell.
    pub fn cell_rect(&self, t: &Topology, c: Cell) -> Rect {
        match self.shape {
            Shape::Grid => {
                let info = &t.cells[c as usize];
                self.rect(info.x, info.y)
            }
            Shape::Tri(k) => {
                let plan = &tri_plans()[k];
                let (mut cx, mut cy) = plan.at.get(c as usize).copied().unwrap_or((0, 0));
                if self.flip {
                    cx = plan.width - plan.cw - cx;
                    cy = plan.height - 1 - cy;
                }
                Rect::new(self.x + cx, self.y + cy, plan.cw, 1)
            }
        }
    }

    /// The column of a cell's piece letter.
    pub fn letter_col(&self, r: Rect) -> u16 {
        r.x + (r.width - 1) / 2
    }

    /// The drawing coordinates under a screen position, if it is on the cell grid.
    pub fn hit(&self, col: u16, row: u16) -> Option<(i16, i16)> {
        let (x0, y0) = (self.x + LABEL_W, self.y + 1);
        if col < x0 || row < y0 {
            return None;
        }
        let (i, j) = (((col - x0) / self.cw) as i16, ((row - y0) / self.ch) as i16);
        if i >= self.w || j >= self.h {
            return None;
        }
        Some(if self.flip {
            (self.w - 1 - i, j)
        } else {
            (i, self.h - 1 - j)
        })
    }

    /// The board cell under a screen position.
    pub fn cell_at(&self, t: &Topology, col: u16, row: u16) -> Option<Cell> {
        match self.shape {
            Shape::Grid => self.hit(col, row).and_then(|(x, y)| t.at(x, y)),
            Shape::Tri(_) => (0..t.len() as Cell).find(|&c| {
                let r = self.cell_rect(t, c);
                col >= r.x && col < r.right() && row >= r.y && row < r.bottom()
            }),
        }
    }
}

/// How a cell is marked, strongest last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Mark {
    #[default]
    None,
    LastMove,
    Target,
    Selected,
    Check,
}

/// A piece as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// The letter(s) the game writes it with (a union of friendly chess has two).
    pub letter: String,
    /// The army's colour id ("white", ...; "grey" for a grey army, "neutral" for the duck).
    pub colour: String,
    /// The walking direction of a pawn where the screen shows it.
    pub arrow: Option<char>,
}

/// What one cell shows.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CellView {
    pub piece: Option<PieceView>,
    pub mark: Mark,
    /// Hidden from the viewer (fog of war): drawn shaded, never as an empty cell.
    pub fog: bool,
}

/// The arrow of a walking direction in degrees clockwise from up.
fn arrow_of(deg: f32) -> char {
    const ARROWS: [char; 8] = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];
    let i = ((deg.rem_euclid(360.0) + 22.5) / 45.0).floor() as usize % 8;
    ARROWS[i]
}

/// What every cell shows, from the game screen's board scene (the core has applied the fog
/// of war: hidden cells carry no piece and are marked as fog). `flip`: the terminal draws the
/// board turned by 180° (walking arrows turn with it).
pub fn cell_views(scene: &Scene, cells: usize, flip: bool) -> Vec<CellView> {
    let mut out = vec![CellView::default(); cells];
    for c in &scene.cells {
        if let Some(v) = out.get_mut(c.cell as usize) {
            v.fog = c.fog;
            if c.last_move {
                v.mark = v.mark.max(Mark::LastMove);
            }
            if c.target {
                v.mark = v.mark.max(Mark::Target);
            }
            if c.selected {
                v.mark = v.mark.max(Mark::Selected);
            }
        }
    }
    let turn = scene.rotation + if flip { 180.0 } else { 0.0 };
    for p in &scene.pieces {
        let PieceAt::Cell(c) = p.at else { continue };
        if let Some(v) = out.get_mut(c as usize) {
            v.piece = Some(PieceView {
                letter: p.letter.clone(),
                colour: p.army.clone(),
                arrow: p.walk.map(|w| arrow_of(w - turn)),
            });
            if p.checked {
                v.mark = Mark::Check;
            }
        }
    }
    out
}

/// RGB of a seat colour id (chip background).
pub fn seat_rgb(colour: &str) -> Color {
    match colour {
        "white" => Color::Rgb(250, 250, 250),
        "black" => Color::Rgb(25, 25, 25),
        "red" => Color::Rgb(215, 45, 45),
        "blue" => Color::Rgb(50, 100, 235),
        "yellow" => Color::Rgb(240, 205, 30),
        "green" => Color::Rgb(40, 160, 70),
        "purple" => Color::Rgb(150, 70, 200),
        "orange" => Color::Rgb(245, 140, 30),
        _ => Color::Rgb(140, 140, 140),
    }
}

/// A readable letter colour on a seat chip.
pub fn chip_fg(colour: &str) -> Color {
    match colour {
        "black" | "blue" | "purple" | "red" | "green" => Color::Rgb(255, 255, 255),
        _ => Color::Rgb(0, 0, 0),
    }
}

fn square_bg(dark: bool, mark: Mark) -> Color {
    match (mark, dark) {
        (Mark::None, false) => Color::Rgb(196, 166, 126),
        (Mark::None, true) => Color::Rgb(146, 110, 78),
        (Mark::LastMove, false) => Color::Rgb(214, 204, 110),
        (Mark::LastMove, true) => Color::Rgb(176, 160, 72),
        (Mark::Target, false) => Color::Rgb(140, 196, 130),
        (Mark::Target, true) => Color::Rgb(100, 160, 94),
        (Mark::Selected, _) => Color::Rgb(90, 150, 215),
        (Mark::Check, _) => Color::Rgb(220, 60, 60),
    }
}

/// File label of drawing column `x` (a, b, ...).
fn file_label(x: i16) -> char {
    (b'a' + x as u8) as char
}

/// Draws the board with its labels into `buf` at `layout`.
pub fn render(buf: &mut Buffer, layout: &Layout, t: &Topology, views: &[CellView]) {
    let label = Style::default().fg(Color::Gray);
    let area = buf.area;
    let put = |buf: &mut Buffer, x: u16, y: u16, s: &str, st: Style| {
        if x < area.right() && y < area.bottom() {
            buf.set_stringn(x, y, s, (area.right() - x) as usize, st);
        }
    };
    // file labels above and below, rank labels left and right (the three-player drawing
    // names its empty cells instead: its ranks bend)
    if layout.shape == Shape::Grid {
        for gx in 0..layout.w {
            let r = layout.rect(gx, 0);
            let col = r.x + (layout.cw - 1) / 2;
            let s = file_label(gx).to_string();
            put(buf, col, layout.y, &s, label);
            put(buf, col, layout.y + layout.height() - 1, &s, label);
        }
        for gy in 0..layout.h {
            let r = layout.rect(0, gy);
            let row = r.y + (layout.ch - 1) / 2;
            let s = format!("{:>2}", gy + 1);
            put(buf, layout.x, row, &s, label);
            put(buf, layout.x + layout.width() - LABEL_W + 1, row, &s, label);
        }
    }
    for (c, info) in t.cells.iter().enumerate() {
        let view = views.get(c).cloned().unwrap_or_default();
        let r = layout.cell_rect(t, c as Cell);
        if view.fog {
            // fog of war: a shaded cell, nothing of what stands there
            let st = Style::default()
                .bg(Color::Rgb(60, 60, 66))
                .fg(Color::Rgb(150, 150, 160));
            for row in r.y..r.y + r.height {
                put(buf, r.x, row, &"░".repeat(r.width as usize), st);
            }
            continue;
        }
        let bg = square_bg(info.dark, view.mark);
        for row in r.y..r.y + r.height {
            put(
                buf,
                r.x,
                row,
                &" ".repeat(r.width as usize),
                Style::default().bg(bg),
            );
        }
        let lc = r.x + (layout.cw - 1) / 2;
        match &view.piece {
            Some(p) => {
                let chip = Style::default()
                    .bg(seat_rgb(&p.colour))
                    .fg(chip_fg(&p.colour))
                    .add_modifier(Modifier::BOLD);
                // a union (two letters) starts a column earlier where the cell has room
                let n = p.letter.chars().count() as u16;
                let x = if n > 1 && lc > r.x { lc - 1 } else { lc };
                let letters: String = p.letter.chars().take(r.width as usize).collect();
                put(buf, x, r.y, &letters, chip);
                if let Some(a) = p.arrow {
                    if lc + 1 < r.x + r.width && n == 1 {
                        let st = Style::default().bg(bg).fg(Color::Black);
                        put(buf, lc + 1, r.y, &a.to_string(), st);
                    }
                }
            }
            None if view.mark == Mark::Target => {
                let st = Style::default().bg(bg).fg(Color::Rgb(20, 70, 20));
                put(buf, lc, r.y, "•", st);
            }
            None if matches!(layout.shape, Shape::Tri(_))
                && r.width as usize >= info.name.len() =>
            {
                let st = Style::default().bg(bg).fg(Color::Rgb(70, 50, 35));
                put(buf, r.x, r.y, &info.name, st);
            }
            None => {}
        }
        if layout.ch >= 2 && layout.cw >= 4 {
            let st = Style::default().bg(bg).fg(Color::Rgb(95, 70, 50));
            put(buf, r.x, r.y + 1, &info.name, st);
        }
    }
}

/// The letter of a piece kind (`?` for a kind the game does not have).
fn letter_of(v: &rookery_core::variant::Variant, kind: u8) -> char {
    if (kind as usize) < v.pieces.len() {
        v.letter(kind)
    } else {
        '?'
    }
}

/// The position as plain text: one row per drawing row from the top, each cell as the
/// owner's tag and the piece letter (`wK`, `bp`...; `-` tag for grey armies), `..` for an
/// empty cell and blanks where the drawing has no cell; rank numbers left, files below.
pub fn text(pos: &Position) -> String {
    let v = pos.variant;
    let t = &v.board;
    let mut s = String::new();
    for gy in (0..t.height).rev() {
        s.push_str(&format!("{:>2} ", gy + 1));
        for gx in 0..t.width {
            let cell = match t.at(gx, gy) {
                None => "  ".to_string(),
                Some(c) => {
                    let p = pos.at(c);
                    if p.is_none() {
                        "..".to_string()
                    } else {
                        let tag = if p.is_grey() {
                            '-'
                        } else {
                            v.seats.get(p.owner() as usize).map_or('?', |d| d.tag)
                        };
                        let letter = match p.union_kinds() {
                            Some((a, b)) => format!("{}{}", letter_of(v, a), letter_of(v, b)),
                            None => letter_of(v, p.kind()).to_string(),
                        };
                        format!("{tag}{letter}")
                    }
                }
            };
            s.push_str(&cell);
            s.push(' ');
        }
        s = s.trim_end().to_string();
        s.push('\n');
    }
    s.push_str("   ");
    for gx in 0..t.width {
        s.push(file_label(gx));
        s.push_str("  ");
    }
    s.trim_end().to_string() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use rookery_core::board::{grid, tri};
    use rookery_core::Game;

    #[test]
    fn the_24_by_24_board_fits_a_100_column_terminal_with_room_for_the_panel() {
        let t = grid::eight_player();
        let l = Layout::fit(&t, 100 - 40, 40, false);
        assert!(l.width() <= 60, "board takes {} columns", l.width());
        assert_eq!(l.cw, 2);
        assert_eq!(l.height(), 26);
    }

    #[test]
    fn small_boards_get_big_cells() {
        let l = Layout::fit(&grid::standard(), 60, 30, false);
        assert_eq!((l.cw, l.ch), (5, 2));
        let l = Layout::fit(&grid::four_player(), 60, 30, false);
        assert_eq!((l.cw, l.ch), (3, 1));
    }

    #[test]
    fn a_click_hits_the_cell_drawn_there_also_when_flipped() {
        let t = grid::standard();
        for flip in [false, true] {
            let l = Layout::fit(&t, 50, 20, flip).at(4, 2);
            for c in 0..t.len() as Cell {
                let info = &t.cells[c as usize];
                let r = l.rect(info.x, info.y);
                assert_eq!(
                    l.cell_at(&t, r.x + r.width - 1, r.y + r.height - 1),
                    Some(c)
                );
            }
            assert_eq!(l.cell_at(&t, 0, 0), None);
        }
    }

    #[test]
    fn the_three_player_drawing_keeps_every_cell_apart_at_every_scale() {
        let t = tri::three_player();
        for (k, scale) in TRI_SCALES.iter().enumerate() {
            for flip in [false, true] {
                let l = Layout {
                    shape: Shape::Tri(k),
                    cw: scale.2,
                    flip,
                    ..Layout::fit(&t, 0, 0, flip)
                }
                .at(2, 1);
                let rects: Vec<Rect> = (0..96).map(|c| l.cell_rect(&t, c)).collect();
                for (i, a) in rects.iter().enumerate() {
                    assert!(a.right() <= 2 + l.width() && a.bottom() <= 1 + l.height());
                    for b in &rects[i + 1..] {
                        assert!(!a.intersects(*b), "scale {k}: {a:?} and {b:?} overlap");
                    }
                    // a click on any column of the cell finds it
                    for col in a.x..a.right() {
                        assert_eq!(l.cell_at(&t, col, a.y), Some(i as Cell));
                    }
                }
            }
        }
    }

    #[test]
    fn the_three_player_drawing_has_the_boards_shape() {
        let t = tri::three_player();
        let l = Layout::fit(&t, 200, 60, false);
        assert_eq!(l.shape, Shape::Tri(0));
        let r = |n: &str| l.cell_rect(&t, t.cell(n).unwrap());
        let near = |a: &str, b: &str| {
            let (p, q) = (r(a), r(b));
            (p.x as i32 - q.x as i32).abs() <= 2 * l.cw as i32 + 2
                && (p.y as i32 - q.y as i32).abs() <= 4
        };
        // across the centre ring a pawn's step stays a step on the screen
        for (a, b) in [
            ("e4", "e9"),
            ("d4", "d5"),
            ("i5", "i9"),
            ("e4", "d4"),
            ("e4", "e3"),
        ] {
            assert!(
                near(a, b),
                "{a} {:?} and {b} {:?} are far apart",
                r(a),
                r(b)
            );
        }
        // White's back rank is the bottom row, straight
        assert!(["a1", "b1", "c1", "f1", "g1", "h1"]
            .iter()
            .all(|n| r(n).y + 1 >= l.height() - 1));
        // each army sits in one third: Black's (ranks 7-8 of files a-d, i-l) is one block
        // at the upper left, not two halves
        let black: Vec<Rect> = ["a8", "d8", "i8", "l8", "a7", "l7"]
            .iter()
            .map(|n| r(n))
            .collect();
        let xs = black.iter().map(|q| q.x);
        let span = xs.clone().max().unwrap() - xs.min().unwrap();
        assert!(
            span <= l.width() / 2,
            "Black's army spans {span} of {} columns",
            l.width()
        );
    }

    #[test]
    fn the_text_board_shows_chess_from_whites_side() {
        let g = Game::new("chess").unwrap();
        let s = text(g.position());
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], " 8 bR bN bB bQ bK bB bN bR");
        assert_eq!(lines[4], " 4 .. .. .. .. .. .. .. ..");
        assert_eq!(lines[8], "   a  b  c  d  e  f  g  h");
    }
}
