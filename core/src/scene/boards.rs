//! Board shapes per game: which kind of board, its cells as polygons in board units (one
//! grid cell = 1, y down, seat 0 at the bottom), and the lines, zones and marks it needs.
//!
//! Every game takes its cells from its [`Variant`]'s topology and its look from its registry
//! row ([`crate::variant::Facts`]).

use crate::board::{tri, Cell, Topology};
use crate::rules;
use crate::variant::{Look, Variant};

use super::palette::{tone, Colour};
use super::{Point, Region, Stroke};

/// The kinds of board Rookery draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// Chequered squares (8×8, 14×14 cross, 24×24 notched).
    Chequered,
    /// Pieces on the points of a 9×10 grid; `river` for xiangqi, palaces for both.
    Points { river: bool },
    /// One-colour squares with grid lines and promotion zones `zone` ranks deep (shogi).
    Shogi { zone: i16 },
    /// The 96-cell three-player hexagon of quadrilaterals.
    Hexagon,
}

/// How a game's pieces look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Western,
    Xiangqi,
    Janggi,
    Shogi,
}

/// Everything about a game's board the scene needs.
pub struct BoardDef {
    /// The game drawn: its cells, seats, pieces and look.
    pub variant: &'static Variant,
    pub kind: BoardKind,
    pub style: Style,
    /// Per seat: colour id and the side it sits on, in degrees counter-clockwise from the
    /// bottom as drawn with seat 0 at the bottom (0 bottom, 90 right, 180 top, 270 left).
    pub seats: Vec<(&'static str, f32)>,
    /// Piece letters with a hand (pocket) slot, in slot order; empty = no hands.
    pub hand: &'static str,
}

impl BoardDef {
    /// The board's cells.
    pub fn topology(&self) -> &'static Topology {
        &self.variant.board
    }
}

/// Side angle of a grid pawn facing: the player sits opposite the way the pawns walk.
pub fn grid_side(facing: u8) -> f32 {
    [0.0, 270.0, 180.0, 90.0][facing as usize & 3]
}

/// Side angle of a three-player section (White bottom, Red upper right, Black upper left).
pub fn tri_side(section: u8) -> f32 {
    [0.0, 240.0, 120.0][section as usize % 3]
}

/// The letters of the kinds a playable game's hands can hold, in kind order ("" without hands).
fn hand_letters(v: &'static Variant) -> &'static str {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static CACHE: once_cell::sync::Lazy<Mutex<HashMap<&'static str, &'static str>>> =
        once_cell::sync::Lazy::new(|| Mutex::new(HashMap::new()));
    if v.hand.is_none() {
        return "";
    }
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.entry(v.id).or_insert_with(|| {
        let letters: String = v
            .pieces
            .iter()
            .filter(|p| !p.royal)
            .map(|p| p.letter)
            .collect();
        Box::leak(letters.into_boxed_str())
    })
}

/// The board of a game id from the catalogue: its cells from its variant, its look from its
/// registry row (`Facts::look`).
pub fn board_def(game_id: &str) -> crate::Result<BoardDef> {
    Ok(board_of(rules::variant(game_id)?))
}

/// The board of a variant (registered or not: test-only games too).
pub fn board_of(v: &'static Variant) -> BoardDef {
    let (kind, style) = match v.facts.look {
        Look::Western if v.board.id == tri::ID => (BoardKind::Hexagon, Style::Western),
        Look::Western => (BoardKind::Chequered, Style::Western),
        Look::Xiangqi => (BoardKind::Points { river: true }, Style::Xiangqi),
        Look::Janggi => (BoardKind::Points { river: false }, Style::Janggi),
        Look::Shogi { zone } => (BoardKind::Shogi { zone }, Style::Shogi),
    };
    let seats = v
        .seats
        .iter()
        .map(|s| {
            let side = if kind == BoardKind::Hexagon {
                tri_side(s.facing)
            } else {
                grid_side(s.facing)
            };
            (s.colour, side)
        })
        .collect();
    BoardDef {
        variant: v,
        kind,
        style,
        seats,
        hand: match v.facts.hand_slots {
            "" => hand_letters(v),
            slots => slots,
        },
    }
}

/// Corner points of the regular hexagon (circumradius 8, flat bottom, centre (8, 8·√3/2)),
/// counter-clockwise on screen starting at the bottom-left corner.
fn hexagon() -> [Point; 6] {
    let r = 8.0f32;
    let c = Point::new(r, r * 3f32.sqrt() / 2.0);
    // y down: angle measured clockwise on screen from +x.
    [120.0f32, 60.0, 0.0, 300.0, 240.0, 180.0].map(|deg| {
        let a = deg.to_radians();
        Point::new(c.x + r * a.cos(), c.y + r * a.sin())
    })
}

/// Board centre in board units.
pub fn centre(def: &BoardDef) -> Point {
    let t = def.topology();
    match def.kind {
        BoardKind::Hexagon => Point::new(8.0, 8.0 * 3f32.sqrt() / 2.0),
        _ => Point::new(t.width as f32 / 2.0, t.height as f32 / 2.0),
    }
}

/// The cell polygons (board units, y down), in cell order, and whether each cell is dark.
pub fn cell_polygons(def: &BoardDef) -> Vec<Vec<Point>> {
    let t = def.topology();
    match def.kind {
        BoardKind::Hexagon => (0..t.len() as Cell).map(tri_quad).collect(),
        _ => t
            .cells
            .iter()
            .map(|c| {
                let (x, y) = (c.x as f32, (t.height - 1 - c.y) as f32);
                vec![
                    Point::new(x, y + 1.0),
                    Point::new(x + 1.0, y + 1.0),
                    Point::new(x + 1.0, y),
                    Point::new(x, y),
                ]
            })
            .collect(),
    }
}

/// One cell of the three-player board: a quadrilateral of the 4×4 split of one of the six
/// quarters (kites) of the hexagon. A section's two quarters meet on the seam from the middle
/// of its back edge to the centre; rows run from the back edge (row 0) to the centre.
fn tri_quad(c: Cell) -> Vec<Point> {
    let (s, row, col) = tri::local(c);
    let h = hexagon();
    let centre = Point::new(8.0, 8.0 * 3f32.sqrt() / 2.0);
    // White's corners: back-left h[0], back-right h[1]; turn by 120° clockwise per section
    // (White bottom, Black upper left, Red upper right).
    let rot = |p: Point| p.rotate_about(centre, 120.0 * s as f32);
    let (vl, vr) = (h[0], h[1]);
    let mid = |a: Point, b: Point| Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    let m = mid(vl, vr);
    let m_left = mid(h[5], h[0]);
    let m_right = mid(h[1], h[2]);
    // Bilinear patch with corners p00 (u=0,v=0), p10, p11, p01; u across, v towards the centre.
    let (p00, p10, p11, p01, k) = if col < 4 {
        (vl, m, centre, m_left, col)
    } else {
        (m, vr, m_right, centre, col - 4)
    };
    let at = |u: f32, v: f32| {
        let x = (1.0 - u) * (1.0 - v) * p00.x
            + u * (1.0 - v) * p10.x
            + u * v * p11.x
            + (1.0 - u) * v * p01.x;
        let y = (1.0 - u) * (1.0 - v) * p00.y
            + u * (1.0 - v) * p10.y
            + u * v * p11.y
            + (1.0 - u) * v * p01.y;
        rot(Point::new(x, y))
    };
    let (u0, u1) = (k as f32 / 4.0, (k + 1) as f32 / 4.0);
    let (v0, v1) = (row as f32 / 4.0, (row + 1) as f32 / 4.0);
    // Counter-clockwise on screen is not needed by anything; keep a consistent winding.
    vec![at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]
}

/// Whether a cell is dark (drawn with the dark tone on chequered boards).
pub fn is_dark(def: &BoardDef, c: Cell) -> bool {
    def.topology().cells[c as usize].dark
}

/// Fill of a cell (None = not filled: points boards draw lines only).
pub fn cell_fill(def: &BoardDef, c: Cell) -> Option<Colour> {
    match def.kind {
        BoardKind::Chequered | BoardKind::Hexagon => Some(if is_dark(def, c) {
            tone::DARK
        } else {
            tone::LIGHT
        }),
        BoardKind::Shogi { .. } => Some(tone::WOOD),
        BoardKind::Points { .. } => None,
    }
}

/// Lines, zones and marks of a board (board units), and the board's background area.
pub fn decorations(def: &BoardDef) -> (Vec<Region>, Vec<Stroke>) {
    let t = def.topology();
    let mut regions = Vec::new();
    let mut lines = Vec::new();
    let line = |pts: Vec<Point>, w: f32| Stroke {
        points: pts,
        closed: false,
        width: w,
        colour: tone::LINE,
    };
    match def.kind {
        BoardKind::Points { river } => {
            let (w, h) = (t.width as f32, t.height as f32);
            regions.push(Region {
                polygon: rect(-0.1, -0.1, w + 0.1, h + 0.1),
                colour: tone::WOOD,
            });
            // Horizontal lines through every rank of points.
            for r in 0..t.height {
                let y = r as f32 + 0.5;
                lines.push(line(vec![Point::new(0.5, y), Point::new(w - 0.5, y)], 0.04));
            }
            // Vertical lines; in xiangqi the inner files stop at the river.
            for f in 0..t.width {
                let x = f as f32 + 0.5;
                if river && f > 0 && f < t.width - 1 {
                    lines.push(line(vec![Point::new(x, 0.5), Point::new(x, 4.5)], 0.04));
                    lines.push(line(vec![Point::new(x, 5.5), Point::new(x, h - 0.5)], 0.04));
                } else {
                    lines.push(line(vec![Point::new(x, 0.5), Point::new(x, h - 0.5)], 0.04));
                }
            }
            if river {
                regions.push(Region {
                    polygon: rect(0.5, 4.5, w - 0.5, 5.5),
                    colour: tone::RIVER,
                });
            }
            // Palaces: diagonals across the 3×3 points in the middle of both back areas.
            for (y0, y1) in [(0.5f32, 2.5f32), (h - 2.5, h - 0.5)] {
                lines.push(line(vec![Point::new(3.5, y0), Point::new(5.5, y1)], 0.04));
                lines.push(line(vec![Point::new(5.5, y0), Point::new(3.5, y1)], 0.04));
            }
            // Outer frame.
            lines.push(Stroke {
                points: rect(0.3, 0.3, w - 0.3, h - 0.3),
                closed: true,
                width: 0.08,
                colour: tone::LINE,
            });
            if river {
                // Position marks of cannons and soldiers (small corner brackets).
                let marks = [
                    (1, 2),
                    (7, 2),
                    (0, 3),
                    (2, 3),
                    (4, 3),
                    (6, 3),
                    (8, 3),
                    (1, 7),
                    (7, 7),
                    (0, 6),
                    (2, 6),
                    (4, 6),
                    (6, 6),
                    (8, 6),
                ];
                for (fx, ry) in marks {
                    let c = Point::new(fx as f32 + 0.5, h - ry as f32 - 0.5);
                    for (sx, sy) in [(-1.0f32, -1.0f32), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                        if (fx == 0 && sx < 0.0) || (fx == 8 && sx > 0.0) {
                            continue;
                        }
                        let (a, b) = (0.08, 0.22);
                        lines.push(line(
                            vec![
                                Point::new(c.x + sx * a, c.y + sy * b),
                                Point::new(c.x + sx * a, c.y + sy * a),
                                Point::new(c.x + sx * b, c.y + sy * a),
                            ],
                            0.03,
                        ));
                    }
                }
            }
        }
        BoardKind::Shogi { zone } => {
            let (w, h) = (t.width as f32, t.height as f32);
            let z = zone as f32;
            regions.push(Region {
                polygon: rect(0.0, 0.0, w, z),
                colour: tone::ZONE,
            });
            regions.push(Region {
                polygon: rect(0.0, h - z, w, h),
                colour: tone::ZONE,
            });
            for i in 0..=t.width {
                let x = i as f32;
                lines.push(line(vec![Point::new(x, 0.0), Point::new(x, h)], 0.03));
            }
            for j in 0..=t.height {
                let y = j as f32;
                lines.push(line(vec![Point::new(0.0, y), Point::new(w, y)], 0.03));
            }
        }
        BoardKind::Chequered if def.variant.facts.centre_diagonals => {
            // The two long diagonals drawn through the centre (c3–f6, c6–f3).
            lines.push(line(vec![Point::new(2.0, 6.0), Point::new(6.0, 2.0)], 0.04));
            lines.push(line(vec![Point::new(2.0, 2.0), Point::new(6.0, 6.0)], 0.04));
        }
        _ => {}
    }
    (regions, lines)
}

/// Star points (dots) of the shogi board.
pub fn dots(def: &BoardDef) -> Vec<Point> {
    match def.kind {
        BoardKind::Shogi { zone } => {
            let t = def.topology();
            let (w, h, z) = (t.width as f32, t.height as f32, zone as f32);
            if t.width < 9 {
                return Vec::new();
            }
            vec![
                Point::new(z, z),
                Point::new(w - z, z),
                Point::new(z, h - z),
                Point::new(w - z, h - z),
            ]
        }
        _ => Vec::new(),
    }
}

pub fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Vec<Point> {
    vec![
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ]
}

/// The boundary of the union of the cell polygons, as closed loops (corners and notches of
/// the cross boards included).
pub fn outline(polys: &[Vec<Point>]) -> Vec<Vec<Point>> {
    use std::collections::HashMap;
    let key = |p: Point| ((p.x * 1000.0).round() as i64, (p.y * 1000.0).round() as i64);
    let mut count: HashMap<((i64, i64), (i64, i64)), usize> = HashMap::new();
    for poly in polys {
        for i in 0..poly.len() {
            let (a, b) = (key(poly[i]), key(poly[(i + 1) % poly.len()]));
            let k = if a < b { (a, b) } else { (b, a) };
            *count.entry(k).or_default() += 1;
        }
    }
    // Boundary edges keep their polygon's direction, so they chain head to tail.
    let mut next: HashMap<(i64, i64), (i64, i64)> = HashMap::new();
    let mut pts: HashMap<(i64, i64), Point> = HashMap::new();
    for poly in polys {
        for i in 0..poly.len() {
            let (pa, pb) = (poly[i], poly[(i + 1) % poly.len()]);
            let (a, b) = (key(pa), key(pb));
            let k = if a < b { (a, b) } else { (b, a) };
            if count[&k] == 1 {
                next.insert(a, b);
                pts.insert(a, pa);
            }
        }
    }
    let mut loops = Vec::new();
    let mut starts: Vec<(i64, i64)> = next.keys().copied().collect();
    starts.sort_unstable();
    for s in starts {
        if !next.contains_key(&s) {
            continue;
        }
        let mut lp = Vec::new();
        let mut cur = s;
        while let Some(n) = next.remove(&cur) {
            lp.push(pts[&cur]);
            cur = n;
        }
        // Drop points in the middle of straight runs.
        let n = lp.len();
        let keep: Vec<Point> = (0..n)
            .filter(|&i| {
                let (a, b, c) = (lp[(i + n - 1) % n], lp[i], lp[(i + 1) % n]);
                ((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)).abs() > 1e-4
            })
            .map(|i| lp[i])
            .collect();
        loops.push(keep);
    }
    loops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagon_cells_tile_the_hexagon() {
        let def = board_def("three-player").unwrap();
        let polys = cell_polygons(&def);
        assert_eq!(polys.len(), 96);
        let area: f32 = polys.iter().map(|p| super::super::area(p)).sum();
        let hex = 3.0 * 3f32.sqrt() / 2.0 * 64.0;
        assert!((area - hex).abs() < 1e-2, "{area} vs {hex}");
        let loops = outline(&polys);
        assert_eq!(loops.len(), 1);
        assert_eq!(loops[0].len(), 6, "the outline is the hexagon");
    }

    #[test]
    fn neighbours_on_the_three_player_board_share_an_edge() {
        let def = board_def("three-player").unwrap();
        let polys = cell_polygons(&def);
        let t = def.topology();
        let close = |a: Point, b: Point| (a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3;
        for c in 0..96u16 {
            for n in t.neighbours(c, crate::board::Line::Orth) {
                let shared = polys[c as usize]
                    .iter()
                    .filter(|p| polys[n as usize].iter().any(|q| close(**p, *q)))
                    .count();
                assert_eq!(shared, 2, "{} and {}", t.name(c), t.name(n));
            }
        }
    }

    #[test]
    fn cross_outlines_have_their_corners_and_notches() {
        let four = board_def("four-player-ffa").unwrap();
        let l = outline(&cell_polygons(&four));
        assert_eq!((l.len(), l[0].len()), (1, 12));
        let eight = board_def("eight-player-ffa").unwrap();
        let l = outline(&cell_polygons(&eight));
        assert_eq!((l.len(), l[0].len()), (1, 12 + 4 * 4));
    }
}
