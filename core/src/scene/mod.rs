//! The board scene: the geometry of every board, computed once here and painted the same by
//! the Android and iOS shells and by the Rust renderer (`rookery render`).
//!
//! A [`Scene`] is pure data in one coordinate space: x from 0 to 1 across the whole scene,
//! y down from 0 to [`Scene::height`]. It holds the cells as polygons (squares on grid boards,
//! squares around the points of xiangqi/janggi, the quadrilaterals of the three-player
//! hexagon), their fills, the board's lines, zones and dots, coordinate labels, hand slots,
//! each seat's bar, and the pieces as glyph ids with rotation and state. Touches go back
//! through [`Scene::hit`]: a point is a cell only inside that cell's polygon.
//!
//! Building: [`boards::board_def`] gives a game's board; [`content`] what stands on it;
//! [`build`] lays both out for an [`Orientation`] with [`Marks`]. [`for_game`] and
//! [`for_game_id`] do all three for a [`Game`] or a catalogue id.

pub mod boards;
pub mod content;
pub mod palette;

use crate::board::{Cell, NO_CELL};
use crate::game::{Action, Game};

pub use boards::{board_def, BoardDef, BoardKind, Style};
pub use content::{Content, ContentPiece};
pub use palette::{army, ArmyColours, Colour};

use palette::tone;

/// A point in board units or scene coordinates (y down).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
    /// Turned about `c` by `deg` degrees clockwise as seen on screen (y down).
    pub fn rotate_about(self, c: Point, deg: f32) -> Point {
        let (s, co) = deg.to_radians().sin_cos();
        let (dx, dy) = (self.x - c.x, self.y - c.y);
        Point::new(c.x + dx * co - dy * s, c.y + dx * s + dy * co)
    }
}

/// A filled area (board background, river, promotion zone).
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub polygon: Vec<Point>,
    pub colour: Colour,
}

/// A drawn line (grid line, palace diagonal, outline).
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    pub points: Vec<Point>,
    pub closed: bool,
    pub width: f32,
    pub colour: Colour,
}

/// A dot (shogi star points).
#[derive(Clone, Debug, PartialEq)]
pub struct Dot {
    pub centre: Point,
    pub radius: f32,
    pub colour: Colour,
}

/// A coordinate label, drawn upright, centred on `at`.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub at: Point,
    /// Text height.
    pub size: f32,
    pub colour: Colour,
}

/// One board cell (or point, on xiangqi and janggi boards).
#[derive(Clone, Debug, PartialEq)]
pub struct SceneCell {
    pub cell: Cell,
    pub name: String,
    /// Outline of the cell; also its hit area (on points boards: the square around the point).
    pub polygon: Vec<Point>,
    pub centre: Point,
    /// Fill; None on points boards, where only the lines are drawn.
    pub fill: Option<Colour>,
    pub last_move: bool,
    pub selected: bool,
    /// A legal target of the selected piece (`capture` when a piece stands there).
    pub target: bool,
    pub capture: bool,
    /// Hidden from the viewer (fog of war): nothing on it is in the scene.
    pub fog: bool,
}

/// One slot of a hand (pocket) area: one piece kind with its count.
#[derive(Clone, Debug, PartialEq)]
pub struct HandSlot {
    pub seat: u8,
    pub slot: u8,
    pub polygon: Vec<Point>,
    pub centre: Point,
    pub glyph: String,
    pub count: u32,
    /// The letter of the piece kind this slot holds (what `interact`'s hand tap selects).
    pub letter: char,
}

/// Where a seat's bar (name, score, clock, out state) sits: a rectangle `width`×`height`
/// centred on `centre`, turned `rotation` degrees clockwise (its text runs along `width`).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatBar {
    pub seat: u8,
    pub colour_id: String,
    pub centre: Point,
    pub width: f32,
    pub height: f32,
    pub rotation: f32,
    pub to_move: bool,
    pub playing: bool,
    pub score: i32,
}

/// Where a piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceAt {
    Cell(Cell),
    Hand { seat: u8, slot: u8 },
}

/// A piece to draw: glyph `glyph` (assets/pieces/<glyph>.svg) painted in army `army`,
/// `size` wide and high, centred on `centre`, turned `rotation` degrees clockwise.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenePiece {
    pub at: PieceAt,
    pub centre: Point,
    pub size: f32,
    pub glyph: String,
    /// The letter(s) the game writes it with ([`ContentPiece::letter`]).
    pub letter: String,
    /// Colour id of its army (`grey` for an army that is out, `neutral` for the duck).
    pub army: String,
    pub owner: Option<u8>,
    pub rotation: f32,
    pub grey: bool,
    pub selected: bool,
    /// A king in check.
    pub checked: bool,
    pub last_move: bool,
    /// It can be captured by the selected piece.
    pub capture_target: bool,
    /// Walking direction of a pawn where it varies (three-player, four seasons): degrees
    /// clockwise from screen-up.
    pub walk: Option<f32>,
}

/// How the board is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Orientation {
    /// The seat whose side is at the bottom ("face the player to move": pass the turn).
    pub bottom: u8,
    /// Table mode: every bar faces its own player.
    pub table: bool,
    /// Table mode: pieces turned towards their owners (shogi always turns them).
    pub turn_pieces: bool,
}

/// Marks on the board besides the pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    pub selected: Option<Cell>,
    pub targets: Vec<Cell>,
    pub last_move: Vec<Cell>,
    /// Cells of kings in check.
    pub checked: Vec<Cell>,
    /// Per cell: hidden from the viewer (fog of war); empty = nothing hidden.
    pub fog: Vec<bool>,
    /// Symbol style for xiangqi, janggi and shogi pieces instead of characters.
    pub symbols: bool,
}

/// What a point of the scene hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Cell(Cell),
    Hand { seat: u8, slot: u8 },
}

/// A laid-out board: everything the shells draw, in scene coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub game_id: String,
    pub kind: BoardKind,
    /// Always 1.
    pub width: f32,
    pub height: f32,
    pub background: Colour,
    /// Army colours by colour id, for every army on this board plus grey.
    pub armies: Vec<ArmyColours>,
    /// Degrees the board is turned clockwise from seat 0 at the bottom.
    pub rotation: f32,
    /// Filled areas under the cells (board wood, river, promotion zones).
    pub regions: Vec<Region>,
    /// Cells in cell order (index = [`Cell`]).
    pub cells: Vec<SceneCell>,
    /// Lines over the cells (grid lines, palaces, diagonals) and the board outline.
    pub lines: Vec<Stroke>,
    pub dots: Vec<Dot>,
    pub labels: Vec<Label>,
    pub hands: Vec<HandSlot>,
    pub bars: Vec<SeatBar>,
    pub pieces: Vec<ScenePiece>,
}

/// Area of a polygon (positive either winding).
pub fn area(p: &[Point]) -> f32 {
    let n = p.len();
    (0..n)
        .map(|i| p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y)
        .sum::<f32>()
        .abs()
        / 2.0
}

/// Centroid of a polygon.
pub fn centroid(p: &[Point]) -> Point {
    let n = p.len();
    let (mut cx, mut cy, mut a) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (p0, p1) = (p[i], p[(i + 1) % n]);
        let cr = p0.x * p1.y - p1.x * p0.y;
        a += cr;
        cx += (p0.x + p1.x) * cr;
        cy += (p0.y + p1.y) * cr;
    }
    if a.abs() < 1e-9 {
        return p[0];
    }
    Point::new(cx / (3.0 * a), cy / (3.0 * a))
}

/// Whether `q` lies inside polygon `p` (even-odd rule; a point on an edge shared by two cells
/// goes to exactly one of them).
pub fn contains(p: &[Point], q: Point) -> bool {
    let n = p.len();
    let mut inside = false;
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (p[i], p[j]);
        if (a.y > q.y) != (b.y > q.y) && q.x < (b.x - a.x) * (q.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

impl Scene {
    /// The cell or hand slot under a point of the scene; None outside every cell and slot.
    pub fn hit(&self, x: f32, y: f32) -> Option<Hit> {
        let q = Point::new(x, y);
        if let Some(c) = self.cells.iter().find(|c| contains(&c.polygon, q)) {
            return Some(Hit::Cell(c.cell));
        }
        self.hands
            .iter()
            .find(|h| contains(&h.polygon, q))
            .map(|h| Hit::Hand {
                seat: h.seat,
                slot: h.slot,
            })
    }
}

fn norm360(a: f32) -> f32 {
    a.rem_euclid(360.0)
}

/// Outward unit direction of a screen side angle (0 bottom, 90 right, 180 top, 270 left).
fn side_dir(a: f32) -> Point {
    let r = a.to_radians();
    Point::new(r.sin(), r.cos())
}

/// The start content of a board (for placing the seat bars next to each army).
fn start_content(def: &BoardDef) -> Option<Content> {
    crate::rules::start_position(def.variant, 0)
        .ok()
        .map(|p| content::from_position(def, &p))
}

/// Lays out a board with its content.
pub fn build(def: &BoardDef, content: &Content, o: Orientation, marks: &Marks) -> Scene {
    let t = def.topology();
    let n_seats = def.seats.len();
    let bottom = (o.bottom as usize).min(n_seats.saturating_sub(1));
    let theta = def.seats.get(bottom).map_or(0.0, |s| s.1);
    let c0 = boards::centre(def);
    let tr = |p: Point| p.rotate_about(c0, theta);
    let screen_side = |seat: usize| norm360(def.seats[seat].1 - theta);

    // Cells.
    let polys = boards::cell_polygons(def);
    let mut cells: Vec<SceneCell> = polys
        .iter()
        .enumerate()
        .map(|(i, poly)| {
            let c = i as Cell;
            let fog = marks.fog.get(i).copied().unwrap_or(false);
            let polygon: Vec<Point> = poly.iter().map(|&p| tr(p)).collect();
            SceneCell {
                cell: c,
                name: t.name(c).to_string(),
                centre: centroid(&polygon),
                polygon,
                fill: boards::cell_fill(def, c),
                last_move: marks.last_move.contains(&c) && !fog,
                selected: marks.selected == Some(c) && !fog,
                target: marks.targets.contains(&c),
                capture: false,
                fog,
            }
        })
        .collect();
    let piece_size: Vec<f32> = polys
        .iter()
        .map(|p| match def.kind {
            BoardKind::Hexagon => 0.92 * area(p).sqrt(),
            _ => 0.9,
        })
        .collect();

    // Board decorations.
    let (regions, mut lines) = boards::decorations(def);
    let mut regions: Vec<Region> = regions
        .into_iter()
        .map(|r| Region {
            polygon: r.polygon.into_iter().map(tr).collect(),
            colour: r.colour,
        })
        .collect();
    for l in &mut lines {
        l.points = l.points.iter().map(|&p| tr(p)).collect();
    }
    for lp in boards::outline(&polys) {
        let pts: Vec<Point> = lp.into_iter().map(tr).collect();
        if !matches!(def.kind, BoardKind::Points { .. }) {
            lines.push(Stroke {
                points: pts,
                closed: true,
                width: 0.08,
                colour: tone::OUTLINE,
            });
        }
    }
    let dots: Vec<Dot> = boards::dots(def)
        .into_iter()
        .map(|p| Dot {
            centre: tr(p),
            radius: 0.08,
            colour: tone::LINE,
        })
        .collect();

    // Extent of the board in screen terms.
    let mut board_pts: Vec<Point> = cells.iter().flat_map(|c| c.polygon.clone()).collect();
    board_pts.extend(regions.iter().flat_map(|r| r.polygon.clone()));
    let extent = |d: Point| {
        board_pts
            .iter()
            .map(|p| (p.x - c0.x) * d.x + (p.y - c0.y) * d.y)
            .fold(f32::MIN, f32::max)
    };

    // Labels.
    let labels = labels(def, &polys, theta, c0);
    let label_room = 0.75;

    // Pieces.
    let owner_rotation = |seat: Option<u8>| -> f32 {
        let turn = def.style == Style::Shogi || (o.table && o.turn_pieces);
        match seat {
            Some(s) if turn && (s as usize) < n_seats => norm360(-screen_side(s as usize)),
            _ => 0.0,
        }
    };
    let walking_varies = def.variant.facts.pawns_turn;
    let mut pieces = Vec::new();
    for (c, p) in &content.board {
        let ci = *c as usize;
        if cells[ci].fog {
            continue;
        }
        if cells[ci].target {
            cells[ci].capture = true;
        }
        // where pawns' directions vary, and for a pawn walking another way than its owner's
        // army usually does (an army handed over in four-player chess)
        let v = def.variant;
        let walk = match p.facing {
            Some(f)
                if p.is_pawn
                    && (walking_varies
                        || p.seat
                            .and_then(|s| v.seats.get(s as usize))
                            .is_some_and(|d| d.facing != f)) =>
            {
                let to = v
                    .board
                    .pawns
                    .get(f as usize)
                    .map_or(NO_CELL, |t| t.push[ci]);
                (to != NO_CELL).then(|| {
                    let (a, b) = (cells[ci].centre, cells[to as usize].centre);
                    norm360((b.x - a.x).atan2(-(b.y - a.y)).to_degrees())
                })
            }
            _ => None,
        };
        let army = match (p.neutral, p.seat) {
            (true, _) => "neutral".to_string(),
            (_, Some(s)) if (s as usize) < n_seats => def.seats[s as usize].0.to_string(),
            _ => "grey".to_string(),
        };
        pieces.push(ScenePiece {
            at: PieceAt::Cell(*c),
            centre: cells[ci].centre,
            size: piece_size[ci],
            glyph: p.glyph.clone(),
            letter: p.letter.clone(),
            grey: army == "grey",
            army,
            owner: p.seat,
            rotation: owner_rotation(p.seat),
            selected: marks.selected == Some(*c),
            checked: marks.checked.contains(c),
            last_move: marks.last_move.contains(c),
            capture_target: cells[ci].target,
            walk,
        });
    }

    // Seat bars and hands, outside the board on each seat's side, next to its army.
    let start = start_content(def);
    let size = {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in &board_pts {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
        (x1 - x0).max(y1 - y0)
    };
    let mut per_side: std::collections::HashMap<i32, usize> = Default::default();
    for s in 0..n_seats {
        *per_side.entry(screen_side(s).round() as i32).or_default() += 1;
    }
    let bar_h = (0.055 * size).max(0.55);
    let has_hands = !def.hand.is_empty();
    let mut bars = Vec::new();
    let mut hands = Vec::new();
    for s in 0..n_seats {
        let a = screen_side(s);
        let d = side_dir(a);
        // The player's right hand along the side.
        let tan = Point::new(d.y, -d.x);
        let shared = per_side[&(a.round() as i32)] > 1;
        let bar_w = if shared { 0.36 } else { 0.45 } * size;
        let half = extent(tan).min(extent(Point::new(-tan.x, -tan.y)));
        let mut off = 0.0;
        if let Some(sc) = start.as_ref().filter(|_| n_seats > 2) {
            let own: Vec<Point> = sc
                .board
                .iter()
                .filter(|(_, p)| p.seat == Some(s as u8))
                .map(|(c, _)| cells[*c as usize].centre)
                .collect();
            if !own.is_empty() {
                let k = own.len() as f32;
                let m = own.iter().fold(Point::default(), |acc, p| {
                    Point::new(acc.x + p.x / k, acc.y + p.y / k)
                });
                off = (m.x - c0.x) * tan.x + (m.y - c0.y) * tan.y;
            }
        }
        let lim = (half - bar_w / 2.0).max(0.0);
        let off = off.clamp(-lim, lim);
        let mut dist = extent(d) + label_room;
        let rot = if o.table {
            norm360(-a)
        } else {
            let r = norm360(-a);
            if r > 90.0 + 1e-3 && r < 270.0 - 1e-3 {
                r - 180.0
            } else {
                r
            }
        };
        if has_hands {
            let n = def.hand.len();
            let hc = Point::new(c0.x + d.x * (dist + 0.55), c0.y + d.y * (dist + 0.55));
            let hand_content = content.hands.get(s);
            for (i, letter) in def.hand.chars().enumerate() {
                let along = (i as f32 - (n as f32 - 1.0) / 2.0) * 1.05;
                let sc = Point::new(hc.x + tan.x * along, hc.y + tan.y * along);
                let polygon = boards::rect(sc.x - 0.5, sc.y - 0.5, sc.x + 0.5, sc.y + 0.5)
                    .into_iter()
                    .map(|p| p.rotate_about(sc, rot))
                    .collect();
                let (glyph, count) =
                    hand_content
                        .and_then(|h| h.get(i).cloned())
                        .unwrap_or_else(|| {
                            (
                                content::glyph_of(def, letter, s as u8, false, marks.symbols)
                                    .unwrap_or_default(),
                                0,
                            )
                        });
                if count > 0 {
                    pieces.push(ScenePiece {
                        at: PieceAt::Hand {
                            seat: s as u8,
                            slot: i as u8,
                        },
                        centre: sc,
                        size: 0.85,
                        glyph: glyph.clone(),
                        letter: letter.to_string(),
                        army: def.seats[s].0.to_string(),
                        owner: Some(s as u8),
                        rotation: owner_rotation(Some(s as u8)),
                        grey: false,
                        selected: false,
                        checked: false,
                        last_move: false,
                        capture_target: false,
                        walk: None,
                    });
                }
                hands.push(HandSlot {
                    seat: s as u8,
                    slot: i as u8,
                    polygon,
                    centre: sc,
                    glyph,
                    count,
                    letter,
                });
            }
            dist += 1.25;
        }
        let centre = Point::new(
            c0.x + d.x * (dist + bar_h / 2.0) + tan.x * off,
            c0.y + d.y * (dist + bar_h / 2.0) + tan.y * off,
        );
        bars.push(SeatBar {
            seat: s as u8,
            colour_id: def.seats[s].0.to_string(),
            centre,
            width: bar_w,
            height: bar_h,
            rotation: rot,
            to_move: content.turn as usize == s,
            playing: content.playing.get(s).copied().unwrap_or(true),
            score: content.scores.get(s).copied().unwrap_or(0),
        });
    }

    // Normalise: everything inside [0, 1] × [0, height] with a small margin.
    let mut all: Vec<Point> = board_pts.clone();
    for l in &labels {
        all.push(Point::new(l.at.x - l.size, l.at.y - l.size));
        all.push(Point::new(l.at.x + l.size, l.at.y + l.size));
    }
    for b in &bars {
        let r = boards::rect(
            b.centre.x - b.width / 2.0,
            b.centre.y - b.height / 2.0,
            b.centre.x + b.width / 2.0,
            b.centre.y + b.height / 2.0,
        );
        all.extend(r.into_iter().map(|p| p.rotate_about(b.centre, b.rotation)));
    }
    for h in &hands {
        all.extend(h.polygon.iter().copied());
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for p in &all {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    let pad = 0.3;
    let (x0, y0) = (x0 - pad, y0 - pad);
    let k = 1.0 / (x1 + pad - x0);
    let f = |p: Point| Point::new((p.x - x0) * k, (p.y - y0) * k);
    let fp = |v: &mut Vec<Point>| {
        for p in v.iter_mut() {
            *p = f(*p);
        }
    };
    for c in &mut cells {
        fp(&mut c.polygon);
        c.centre = f(c.centre);
    }
    for r in &mut regions {
        fp(&mut r.polygon);
    }
    for l in &mut lines {
        fp(&mut l.points);
        l.width *= k;
    }
    let dots = dots
        .into_iter()
        .map(|d| Dot {
            centre: f(d.centre),
            radius: d.radius * k,
            colour: d.colour,
        })
        .collect();
    let labels = labels
        .into_iter()
        .map(|l| Label {
            at: f(l.at),
            size: l.size * k,
            ..l
        })
        .collect();
    for h in &mut hands {
        fp(&mut h.polygon);
        h.centre = f(h.centre);
    }
    for b in &mut bars {
        b.centre = f(b.centre);
        b.width *= k;
        b.height *= k;
    }
    for p in &mut pieces {
        p.centre = f(p.centre);
        p.size *= k;
    }
    let mut armies: Vec<ArmyColours> = Vec::new();
    for id in def
        .seats
        .iter()
        .map(|s| s.0)
        .chain(["grey", "neutral"].into_iter())
    {
        if !armies.iter().any(|a| a.id == id) {
            armies.push(palette::army(id));
        }
    }
    Scene {
        game_id: def.variant.id.to_string(),
        kind: def.kind,
        width: 1.0,
        height: (y1 + pad - y0) * k,
        background: tone::BACKGROUND,
        armies,
        rotation: theta,
        regions,
        cells,
        lines,
        dots,
        labels,
        hands,
        bars,
        pieces,
    }
}

/// Coordinate labels in board units (already turned): files and ranks along the two board
/// edges that end up at the bottom and on the left; on the hexagon, around every edge.
fn labels(def: &BoardDef, polys: &[Vec<Point>], theta: f32, c0: Point) -> Vec<Label> {
    let t = def.topology();
    let size = 0.38;
    let mut out = Vec::new();
    let mut push = |text: String, at: Point| {
        out.push(Label {
            text,
            at: at.rotate_about(c0, theta),
            size,
            colour: tone::LABEL,
        })
    };
    match def.kind {
        BoardKind::Hexagon => {
            for (c, poly) in polys.iter().enumerate() {
                let (_, row, col) = crate::board::tri::local(c as Cell);
                let name = t.name(c as Cell);
                let file: String = name.chars().take_while(|ch| ch.is_alphabetic()).collect();
                let rank: String = name.chars().skip_while(|ch| ch.is_alphabetic()).collect();
                let centre = centroid(poly);
                let mut edge = |a: Point, b: Point, text: String| {
                    let m = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
                    let (dx, dy) = (m.x - centre.x, m.y - centre.y);
                    let l = (dx * dx + dy * dy).sqrt().max(1e-6);
                    push(text, Point::new(m.x + dx / l * 0.4, m.y + dy / l * 0.4));
                };
                if row == 0 {
                    edge(poly[0], poly[1], file);
                }
                if col == 0 {
                    edge(poly[3], poly[0], rank.clone());
                }
                if col == 7 {
                    edge(poly[1], poly[2], rank);
                }
            }
        }
        _ => {
            let (w, h) = (t.width as f32, t.height as f32);
            let gap = 0.38;
            let names = def.variant.coordinates;
            // Board edges: outward normal (screen side angle before turning) and labels.
            for (a, files) in [(0.0f32, true), (180.0, true), (270.0, false), (90.0, false)] {
                let screen = norm360(a - theta);
                if !(screen.abs() < 1.0 || (screen - 270.0).abs() < 1.0) {
                    continue;
                }
                if files {
                    for x in 0..t.width {
                        let y = if a == 0.0 { h + gap } else { -gap };
                        push(names.file(x, t.width), Point::new(x as f32 + 0.5, y));
                    }
                } else {
                    for r in 0..t.height {
                        let x = if a == 270.0 { -gap } else { w + gap };
                        push(names.rank(r, t.height), Point::new(x, h - r as f32 - 0.5));
                    }
                }
            }
        }
    }
    out
}

/// The marks of a playable game's current position: last move, kings in check.
pub fn game_marks(game: &Game) -> Marks {
    let pos = game.position();
    let mut m = Marks::default();
    if let Some(ply) = game.plies().last() {
        if let Action::Move(mv) = ply.action {
            m.last_move = vec![mv.from, mv.to];
        }
    }
    for s in 0..pos.variant.seat_count() as u8 {
        if pos.is_in_play(s) && pos.in_check(s) {
            if let Some(k) = pos.king(s) {
                m.checked.push(k);
            }
        }
    }
    m
}

/// The cells hidden from `seat` by the game's rules (`view::visible`: fog of war), as the
/// scene's `Marks::fog`; nothing hidden in a game without hidden information.
pub fn fog_for(game: &Game, seat: u8) -> Vec<bool> {
    match crate::view::visible(game.position(), seat) {
        Some(sees) => (0..game.variant.board.len() as Cell)
            .map(|c| !sees.contains(c))
            .collect(),
        None => Vec::new(),
    }
}

/// How a piece of `kind` of `seat` looks in a game (glyph id, army id), as the board draws
/// it: the promotion picker shows its choices with it.
pub fn piece_look(game: &Game, kind: u8, seat: u8) -> crate::Result<(String, String)> {
    let def = boards::board_of(game.variant);
    let v = game.variant;
    if kind as usize >= v.pieces.len() || seat as usize >= def.seats.len() {
        return Err(crate::Error::BadInput(format!(
            "no piece {kind} of seat {seat}"
        )));
    }
    Ok((
        content::kind_glyph(&def, v, kind, seat),
        def.seats[seat as usize].0.to_string(),
    ))
}

/// The scene of a playable game now.
pub fn for_game(game: &Game, o: Orientation, extra: &Marks) -> crate::Result<Scene> {
    let def = boards::board_of(game.variant);
    let content = content::from_position(&def, game.position());
    let mut marks = game_marks(game);
    marks.selected = extra.selected;
    marks.targets = extra.targets.clone();
    marks.fog = extra.fog.clone();
    marks.symbols = extra.symbols;
    if !extra.last_move.is_empty() {
        marks.last_move = extra.last_move.clone();
    }
    marks.checked.extend(extra.checked.iter().copied());
    Ok(build(&def, &content, o, &marks))
}

/// The scene of a catalogue id: the game from its start (or `position`, in the game's
/// notation) after `moves`.
pub fn for_game_id(
    game_id: &str,
    position: Option<&str>,
    moves: &[String],
    o: Orientation,
    extra: &Marks,
) -> crate::Result<Scene> {
    let mut game = match position {
        Some(f) => Game::from_fen(game_id, f)?,
        None => Game::new(game_id)?,
    };
    for m in moves {
        game.act_text(m)?;
    }
    for_game(&game, o, extra)
}

#[cfg(test)]
mod tests;
