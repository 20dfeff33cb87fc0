//! Rectangular boards with holes: 8×8, 9×10, 9×9, 5×5, the 160-cell four-player cross and the
//! 516-cell eight-player board. Cells are numbered rank by rank from a1, so on 8×8 the index
//! is the usual square index. Names are a file letter (a, b, ...) and a rank number from 1.
//!
//! Pawn facings on grids: 0 = north (+rank), 1 = east (+file), 2 = south, 3 = west.

use super::{
    dir_of, Cell, CellInfo, LeapTarget, Line, Topology, TopologyBuilder, LEAP_KINDS, NO_CELL,
};

pub const NORTH: u8 = 0;
pub const EAST: u8 = 1;
pub const SOUTH: u8 = 2;
pub const WEST: u8 = 3;

/// The unit step of a grid facing.
pub fn facing_step(f: u8) -> (i16, i16) {
    [(0, 1), (1, 0), (0, -1), (-1, 0)][f as usize]
}

/// File letters: a..x for up to 24 files.
pub fn file_name(x: i16) -> char {
    (b'a' + x as u8) as char
}

/// Builds a grid board of `w`×`h`; `hole(x, y)` removes cells.
pub fn build(id: &'static str, w: i16, h: i16, hole: impl Fn(i16, i16) -> bool) -> Topology {
    build_with_palaces(id, w, h, hole, &[])
}

/// Builds a grid board with palaces: each `(x, y)` is the lower-left cell of a 3×3 palace whose
/// two diagonals (corner, centre, corner) become [`Line::Palace`] rays.
pub fn build_with_palaces(
    id: &'static str,
    w: i16,
    h: i16,
    hole: impl Fn(i16, i16) -> bool,
    palaces: &[(i16, i16)],
) -> Topology {
    let mut grid = vec![NO_CELL; (w * h) as usize];
    let mut cells = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if !hole(x, y) {
                grid[(y * w + x) as usize] = cells.len() as Cell;
                cells.push(CellInfo {
                    name: format!("{}{}", file_name(x), y + 1),
                    x,
                    y,
                    dark: (x + y) % 2 == 0,
                });
            }
        }
    }
    let at = |x: i16, y: i16| -> Cell {
        if x < 0 || y < 0 || x >= w || y >= h {
            NO_CELL
        } else {
            grid[(y * w + x) as usize]
        }
    };
    let n = cells.len();
    let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let diag = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    let mut rays = Vec::with_capacity(n);
    for c in &cells {
        let mut v = Vec::new();
        for (line, dirs) in [(Line::Orth, orth), (Line::Diag, diag)] {
            for (dx, dy) in dirs {
                let mut r = Vec::new();
                let (mut x, mut y) = (c.x + dx, c.y + dy);
                while at(x, y) != NO_CELL {
                    r.push(at(x, y));
                    x += dx;
                    y += dy;
                }
                v.push((line, r, 0, dir_of(dx, dy)));
            }
        }
        // palace diagonals: from a palace corner or its centre along the marked diagonals
        for &(px, py) in palaces {
            let (cx, cy) = (px + 1, py + 1);
            let on_diagonal = (c.x - cx).abs() == (c.y - cy).abs() && (c.x - cx).abs() <= 1;
            if !on_diagonal {
                continue;
            }
            for (dx, dy) in diag {
                let mut r = Vec::new();
                let (mut x, mut y) = (c.x + dx, c.y + dy);
                while (x - cx).abs() <= 1 && (y - cy).abs() <= 1 && at(x, y) != NO_CELL {
                    r.push(at(x, y));
                    x += dx;
                    y += dy;
                }
                v.push((Line::Palace, r, 0, dir_of(dx, dy)));
            }
        }
        rays.push(v);
    }
    // (dx, dy) with up to two legs (lx, ly) that must be empty; (0, 0) = no leg
    type Jump = (i16, i16, [(i16, i16); 2]);
    let jumps = |offsets: &[Jump]| -> Vec<Vec<LeapTarget>> {
        cells
            .iter()
            .map(|c| {
                offsets
                    .iter()
                    .filter_map(|&(dx, dy, legs)| {
                        let to = at(c.x + dx, c.y + dy);
                        let mut cells_of_legs = [NO_CELL; 2];
                        for (i, &(lx, ly)) in legs.iter().enumerate() {
                            if (lx, ly) != (0, 0) {
                                cells_of_legs[i] = at(c.x + lx, c.y + ly);
                                if cells_of_legs[i] == NO_CELL {
                                    return None;
                                }
                            }
                        }
                        (to != NO_CELL).then_some(LeapTarget {
                            to,
                            leg: cells_of_legs[0],
                            leg2: cells_of_legs[1],
                            dir: dir_of(dx, dy),
                        })
                    })
                    .collect()
            })
            .collect()
    };
    let mut leaps = vec![Vec::new(); LEAP_KINDS];
    let knight: Vec<_> = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ]
    .iter()
    .map(|&(a, b)| (a, b, [(0, 0); 2]))
    .collect();
    leaps[super::Leap::Knight as usize] = jumps(&knight);
    let alfil: Vec<_> = diag
        .iter()
        .map(|&(a, b)| (2 * a, 2 * b, [(0, 0); 2]))
        .collect();
    leaps[super::Leap::Alfil as usize] = jumps(&alfil);
    let dabbaba: Vec<_> = orth
        .iter()
        .map(|&(a, b)| (2 * a, 2 * b, [(0, 0); 2]))
        .collect();
    leaps[super::Leap::Dabbaba as usize] = jumps(&dabbaba);
    let mut horse = Vec::new();
    for (ox, oy) in orth {
        // leg one orthogonal step, then one diagonal step outward
        let (px, py) = (oy, ox); // perpendicular
        horse.push((2 * ox + px, 2 * oy + py, [(ox, oy), (0, 0)]));
        horse.push((2 * ox - px, 2 * oy - py, [(ox, oy), (0, 0)]));
    }
    leaps[super::Leap::Horse as usize] = jumps(&horse);
    let elephant: Vec<_> = diag
        .iter()
        .map(|&(a, b)| (2 * a, 2 * b, [(a, b), (0, 0)]))
        .collect();
    leaps[super::Leap::Elephant as usize] = jumps(&elephant);
    let mut sang = Vec::new();
    for (ox, oy) in orth {
        let (px, py) = (oy, ox); // perpendicular
        for side in [1, -1] {
            // one orthogonal step, then two diagonal steps outward
            let (ex, ey) = (ox + side * px, oy + side * py);
            sang.push((ox + 2 * ex, oy + 2 * ey, [(ox, oy), (ox + ex, oy + ey)]));
        }
    }
    leaps[super::Leap::JanggiElephant as usize] = jumps(&sang);

    let pawns = (0..4u8)
        .map(|f| {
            let (fx, fy) = facing_step(f);
            let (sx, sy) = (fy, fx); // sideways
            let push = cells.iter().map(|c| at(c.x + fx, c.y + fy)).collect();
            let caps = cells
                .iter()
                .map(|c| {
                    [(fx + sx, fy + sy), (fx - sx, fy - sy)]
                        .iter()
                        .map(|&(dx, dy)| at(c.x + dx, c.y + dy))
                        .filter(|&t| t != NO_CELL)
                        .collect()
                })
                .collect();
            (push, caps)
        })
        .collect();
    TopologyBuilder {
        id,
        cells,
        width: w,
        height: h,
        rays,
        leaps,
        pawns,
        grid,
        straight: true,
    }
    .build()
}

/// The cells of one line across a grid: `index` steps in from the edge a facing walks away
/// from (index 0 = that edge). E.g. facing north, index 1 = rank 2.
pub fn line_from_back(t: &Topology, facing: u8, index: i16) -> super::CellSet {
    t.cells
        .iter()
        .enumerate()
        .filter(|(_, c)| match facing {
            NORTH => c.y == index,
            EAST => c.x == index,
            SOUTH => c.y == t.height - 1 - index,
            _ => c.x == t.width - 1 - index,
        })
        .map(|(i, _)| i as Cell)
        .collect()
}

pub fn standard() -> Topology {
    build("8x8", 8, 8, |_, _| false)
}

/// 14×14 without the 3×3 corners: 160 cells.
pub fn four_player() -> Topology {
    build("14x14-cross", 14, 14, |x, y| {
        (x < 3 || x > 10) && (y < 3 || y > 10)
    })
}

/// 24×24 without the 3×3 corners and a notch 2 wide and 3 deep in the middle of each side.
pub fn eight_player() -> Topology {
    build("24x24-notched", 24, 24, |x, y| {
        let corner = (x < 3 || x > 20) && (y < 3 || y > 20);
        let mid = |v: i16| v == 11 || v == 12;
        let notch = (mid(x) && (y < 3 || y > 20)) || (mid(y) && (x < 3 || x > 20));
        corner || notch
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Leap;

    #[test]
    fn sizes() {
        assert_eq!(standard().len(), 64);
        assert_eq!(four_player().len(), 160);
        assert_eq!(eight_player().len(), 516);
    }

    #[test]
    fn names_and_knights() {
        let t = standard();
        assert_eq!(t.cell("e4"), Some(28));
        assert_eq!(t.leaps(Leap::Knight, t.cell("a1").unwrap()).len(), 2);
        assert_eq!(t.leaps(Leap::Knight, t.cell("d4").unwrap()).len(), 8);
        let e = eight_player();
        assert!(e.cell("l1").is_none() && e.cell("m3").is_none() && e.cell("k1").is_some());
        assert!(e.cell("a12").is_none() && e.cell("x13").is_none() && e.cell("d1").is_some());
    }

    /// `Topology::toward` names every ray that holds a cell: on grids (palaces too) the
    /// compass direction to it (the three-player board's rays have none: all are walked).
    #[test]
    fn toward_names_the_rays_that_hold_a_cell() {
        let palaces = build_with_palaces("xiangqi-like", 9, 10, |_, _| false, &[(3, 0), (3, 7)]);
        let boards = [standard(), four_player(), eight_player(), palaces];
        for t in boards
            .iter()
            .chain([crate::board::tri::three_player()].iter())
        {
            for c in 0..t.len() as Cell {
                let p = &t.cells[c as usize];
                for r in t.rays(c) {
                    for &x in t.ray_cells(r) {
                        let d = t.toward(c, x).expect("on a line");
                        let any = crate::board::ANY_DIR;
                        assert!(r.dir == any || d == any || d == r.dir, "{}", t.id);
                        // what the board claims (`TopologyBuilder::straight`) holds
                        let q = &t.cells[x as usize];
                        let compass = crate::board::dir_of(q.x - p.x, q.y - p.y);
                        assert!(!t.straight || r.dir == any || compass == r.dir, "{}", t.id);
                    }
                }
                for x in 0..t.len() as Cell {
                    let held = t.rays(c).iter().any(|r| t.ray_cells(r).contains(&x));
                    assert_eq!(t.toward(c, x).is_some(), held, "{}", t.id);
                }
            }
        }
    }
}
