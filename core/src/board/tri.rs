//! The 96-cell three-player board ("Yalta"-type hexagon), REFERENCE §1.
//!
//! # Model
//! The board is three 8×4 thirds (sections) W=0, B=1, R=2. A cell has *local* coordinates
//! (section, row 0..4 with 0 = the owner's back rank, column 0..8 with 0 = the owner's left).
//! All geometry is computed from the walk model of §1.2: a step Forward from row 3 leaves the
//! section (columns 0..4 into section s+1, columns 4..8 into section s+2, column mirrored to
//! 7−k); Back/Left/Right stay inside the section. After a path crosses into another section,
//! every later step is mirrored (F↔B, L↔R), which is "keep going straight". Diagonal steps are
//! [orthogonal, perpendicular] in either order; at the six centre cells the two orders part and
//! a diagonal line branches. Knights use the path model A of §1.6.
//!
//! # Cells
//! * **Index order**: `section * 32 + row * 8 + column` in local coordinates, so cells 0..32
//!   are White's (a1..h1, a2..h2, ..., a4..h4), 32..64 Black's (l8 k8 j8 i8 d8 c8 b8 a8, then
//!   rank 7, ...), 64..96 Red's (h12 g12 f12 e12 i12 j12 k12 l12, then rank 11, ...).
//! * **Names**: global files a–l, ranks 1–12 (§1.1): White a–h×1–4, Black a–d,i–l×5–8,
//!   Red e–l×9–12.
//! * **Drawing**: a flat 12×12 sketch, x = file index (a=0 .. l=11), y = rank − 1. The grid
//!   lookup [`Topology::at`] is filled as the exact inverse of these drawing coordinates
//!   (NO_CELL for the 48 missing cells). It is for drawing and picking only: neighbours in the
//!   sketch are *not* neighbours on the board (e.g. the centre ring d4-e4-e9-i9-i5-d5).
//! * **Colour**: dark when row + column is even (a1 dark, h1 light).
//!
//! # Facings
//! A pawn's facing is the section it comes from: [`WHITE`] = 0, [`BLACK`] = 1, [`RED`] = 2.
//! The turn order is White, Red, Black ([`TURN_ORDER`]), so a seat index is *not* a facing.
//! A pawn walks Forward while in its own section and mirrored (away from the centre, on along
//! the same file) once it stands in another section.

use super::{
    Cell, CellInfo, CellSet, LeapTarget, Line, Topology, TopologyBuilder, LEAP_KINDS, NO_CELL,
};

/// Board id.
pub const ID: &str = "tri96";
/// Section (and pawn facing) of White: files a–h, ranks 1–4.
pub const WHITE: u8 = 0;
/// Section (and pawn facing) of Black: files a–d and i–l, ranks 5–8.
pub const BLACK: u8 = 1;
/// Section (and pawn facing) of Red: files e–l, ranks 9–12.
pub const RED: u8 = 2;
/// Sections in the order the seats move (seed 003: White, Red, Black).
pub const TURN_ORDER: [u8; 3] = [WHITE, RED, BLACK];

/// Global file letter of each local column, per section (§1.1).
const FILES: [&[u8; 8]; 3] = [b"abcdefgh", b"lkjidcba", b"hgfeijkl"];

/// Local step directions. `d ^ 1` mirrors (F↔B, L↔R).
type Dir = u8;
const F: Dir = 0;
const B: Dir = 1;
const L: Dir = 2;
const R: Dir = 3;

/// Local coordinates (section, row, column) of a cell (c < 96).
pub fn local(c: Cell) -> (u8, u8, u8) {
    let c = c as u8;
    (c / 32, c / 8 % 4, c % 8)
}

/// The cell at local coordinates.
pub fn from_local(s: u8, row: u8, col: u8) -> Cell {
    (s as Cell) * 32 + (row as Cell) * 8 + col as Cell
}

/// One step in local direction `d` (§1.2 `nb`); None off the board.
fn step(c: Cell, d: Dir) -> Option<Cell> {
    let (s, r, k) = local(c);
    match d {
        F if r < 3 => Some(from_local(s, r + 1, k)),
        F if k < 4 => Some(from_local((s + 1) % 3, 3, 7 - k)),
        F => Some(from_local((s + 2) % 3, 3, 7 - k)),
        B => (r > 0).then(|| from_local(s, r - 1, k)),
        L => (k > 0).then(|| from_local(s, r, k - 1)),
        _ => (k < 7).then(|| from_local(s, r, k + 1)),
    }
}

/// Walks `path` from `c`; `rev` = the walker is already mirrored (it has crossed a seam, or is
/// a pawn outside its own section). Returns the end cell and the new `rev`.
fn walk(mut c: Cell, path: &[Dir], mut rev: bool) -> Option<(Cell, bool)> {
    for &d in path {
        let n = step(c, if rev { d ^ 1 } else { d })?;
        // A path crosses at most one seam: once mirrored it never steps Forward again.
        if local(n).0 != local(c).0 {
            rev = true;
        }
        c = n;
    }
    Some((c, rev))
}

/// Extends a slider line from `cur` with one step pattern (its alternatives are tried in order
/// and deduplicated; two different results make a branch). Every complete line is pushed to
/// `out`; a branch after the shared prefix `path` gets `emit_from = path.len()`.
fn slide(
    cur: Cell,
    rev: bool,
    alts: &[&[Dir]],
    line: Line,
    path: &mut Vec<Cell>,
    emit: u16,
    out: &mut Vec<(Line, Vec<Cell>, u16, super::Dir)>,
) {
    let mut next: Vec<(Cell, bool)> = Vec::new();
    for a in alts {
        if let Some(n) = walk(cur, a, rev) {
            if !next.iter().any(|x| x.0 == n.0) {
                next.push(n);
            }
        }
    }
    if next.is_empty() && !path.is_empty() {
        out.push((line, path.clone(), emit, super::ANY_DIR));
    }
    for (i, (n, r)) in next.into_iter().enumerate() {
        let e = if i == 0 { emit } else { path.len() as u16 };
        path.push(n);
        slide(n, r, alts, line, path, e, out);
        path.pop();
    }
}

/// Builds the 96-cell three-player board.
pub fn three_player() -> Topology {
    let n = 96;
    let cells: Vec<Cell> = (0..n as Cell).collect();
    let (w, h) = (12i16, 12i16);
    let mut grid = vec![NO_CELL; (w * h) as usize];
    let info: Vec<CellInfo> = cells
        .iter()
        .map(|&c| {
            let (s, r, k) = local(c);
            let file = FILES[s as usize][k as usize];
            let rank = [1 + r, 8 - r, 12 - r][s as usize] as i16;
            let (x, y) = ((file - b'a') as i16, rank - 1);
            grid[(y * w + x) as usize] = c;
            CellInfo {
                name: format!("{}{}", file as char, rank),
                x,
                y,
                dark: (r + k) % 2 == 0,
            }
        })
        .collect();

    // Rays: four orthogonal directions (one-step patterns), four diagonal directions (two
    // orders of a forward/backward step and a side step).
    let rays = cells
        .iter()
        .map(|&c| {
            let mut out = Vec::new();
            for d in [F, B, L, R] {
                slide(c, false, &[&[d]], Line::Orth, &mut Vec::new(), 0, &mut out);
            }
            for a in [F, B] {
                for b in [L, R] {
                    let alts: [&[Dir]; 2] = [&[a, b], &[b, a]];
                    slide(c, false, &alts, Line::Diag, &mut Vec::new(), 0, &mut out);
                }
            }
            out
        })
        .collect();

    // Knight, model A: two straight steps then one perpendicular, or one step then two
    // straight perpendicular steps (16 paths), straightness carried across seams.
    let mut knight_paths = Vec::new();
    for a in [F, B, L, R] {
        for b in [F, B, L, R] {
            if a / 2 != b / 2 {
                knight_paths.push([a, a, b]);
                knight_paths.push([a, b, b]);
            }
        }
    }
    let knight = cells
        .iter()
        .map(|&c| {
            let mut v: Vec<Cell> = knight_paths
                .iter()
                .filter_map(|p| walk(c, p, false))
                .map(|x| x.0)
                .collect();
            v.sort_unstable();
            v.dedup();
            v.into_iter()
                .map(|to| LeapTarget {
                    to,
                    leg: NO_CELL,
                    leg2: NO_CELL,
                    dir: super::ANY_DIR,
                })
                .collect()
        })
        .collect();
    let mut leaps = vec![vec![Vec::new(); n]; LEAP_KINDS];
    leaps[super::Leap::Knight as usize] = knight;

    // Pawns per facing: Forward in their own section, mirrored elsewhere (§1.7).
    let pawns = [WHITE, BLACK, RED]
        .iter()
        .map(|&f| {
            let rev = |c: Cell| local(c).0 != f;
            let push = cells
                .iter()
                .map(|&c| walk(c, &[F], rev(c)).map_or(NO_CELL, |x| x.0))
                .collect();
            let caps = cells
                .iter()
                .map(|&c| {
                    let mut v: Vec<Cell> = [[F, L], [L, F], [F, R], [R, F]]
                        .iter()
                        .filter_map(|p| walk(c, p, rev(c)))
                        .map(|x| x.0)
                        .collect();
                    v.sort_unstable();
                    v.dedup();
                    v
                })
                .collect();
            (push, caps)
        })
        .collect();

    TopologyBuilder {
        id: ID,
        cells: info,
        width: w,
        height: h,
        rays,
        leaps,
        pawns,
        grid,
        // its rays have no compass direction
        straight: false,
    }
    .build()
}

/// The section (0 = White, 1 = Black, 2 = Red) a cell of the `tri96` board lies in.
pub fn section_of(t: &Topology, c: Cell) -> u8 {
    debug_assert_eq!(t.id, ID);
    local(c).0
}

/// The cells of one local row of a section.
fn row(t: &Topology, section: u8, r: u8) -> CellSet {
    debug_assert_eq!(t.id, ID);
    (0..8).map(|k| from_local(section, r, k)).collect()
}

/// A section's back rank (White rank 1, Black rank 8, Red rank 12).
pub fn back_rank(t: &Topology, section: u8) -> CellSet {
    row(t, section, 0)
}

/// The rank from which pawns of this facing start and may double-step (White rank 2,
/// Black rank 7, Red rank 11).
pub fn start_pawn_rank(t: &Topology, section: u8) -> CellSet {
    row(t, section, 1)
}

/// Where pawns of this facing promote: the back ranks of the two other sections.
pub fn promotion_zone(t: &Topology, facing: u8) -> CellSet {
    back_rank(t, (facing + 1) % 3).union(&back_rank(t, (facing + 2) % 3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Leap;

    fn cell(t: &Topology, name: &str) -> Cell {
        t.cell(name).unwrap_or_else(|| panic!("no cell {name}"))
    }
    /// Sorted names of cells.
    fn names(t: &Topology, v: impl IntoIterator<Item = Cell>) -> Vec<String> {
        let mut v: Vec<String> = v.into_iter().map(|c| t.name(c).to_string()).collect();
        v.sort();
        v
    }
    /// Sorted names from a space-separated list.
    fn list(s: &str) -> Vec<String> {
        let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
        v.sort();
        v
    }
    fn knights(t: &Topology, c: Cell) -> Vec<Cell> {
        t.leaps(Leap::Knight, c).iter().map(|l| l.to).collect()
    }
    /// The diagonal or orthogonal line from `from` that reaches `to`, up to `to`.
    fn line_to(t: &Topology, line: Line, from: &str, to: &str) -> Vec<String> {
        let (a, b) = (cell(t, from), cell(t, to));
        for r in t.rays(a).iter().filter(|r| r.line == line) {
            let cs = t.ray_cells(r);
            if let Some(i) = cs.iter().position(|&c| c == b) {
                return cs[..=i].iter().map(|&c| t.name(c).to_string()).collect();
            }
        }
        panic!("{to} not on a line from {from}");
    }
    /// Every cell a slider reaches on an empty board (all emitted cells of every ray).
    fn reach(t: &Topology, c: Cell, line: Line) -> Vec<Cell> {
        let mut v: Vec<Cell> = t
            .rays(c)
            .iter()
            .filter(|r| r.line == line)
            .flat_map(|r| t.ray_cells(r)[r.emit_from as usize..].to_vec())
            .collect();
        v.sort_unstable();
        assert!(v.windows(2).all(|w| w[0] != w[1]), "a cell on two lines");
        v
    }

    #[test]
    fn has_96_named_cells_in_three_thirds() {
        let t = three_player();
        assert_eq!((t.len(), t.id, t.width, t.height), (96, "tri96", 12, 12));
        let mut count = 0;
        for f in b'a'..=b'l' {
            for rank in 1..=12 {
                let name = format!("{}{rank}", f as char);
                let (x, y) = ((f - b'a') as i16, rank - 1);
                let exists = match rank {
                    1..=4 => f <= b'h',
                    5..=8 => f <= b'd' || f >= b'i',
                    _ => f >= b'e',
                };
                assert_eq!(t.cell(&name).is_some(), exists, "{name}");
                assert_eq!(t.at(x, y), t.cell(&name), "{name}");
                if let Some(c) = t.cell(&name) {
                    count += 1;
                    assert_eq!((t.cells[c as usize].x, t.cells[c as usize].y), (x, y));
                    let s = section_of(&t, c);
                    assert_eq!(s, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2][rank as usize - 1]);
                }
            }
        }
        assert_eq!(count, 96);
        assert_eq!(t.name(0), "a1");
        assert_eq!(t.name(32), "l8");
        assert_eq!(t.name(64), "h12");
    }

    #[test]
    fn centre_cells_match_reference_table() {
        let t = three_player();
        // cell, orthogonal, diagonal, knight model A (REFERENCE §1.4)
        let table = [
            (
                "d4",
                "c4 d3 d5 e4",
                "c3 c5 e3 e9 i5",
                "b3 b5 c2 c6 e2 e10 f3 f9 i6 j5",
            ),
            (
                "e4",
                "d4 e3 e9 f4",
                "d3 d5 f3 f9 i9",
                "c3 c5 d2 d6 f2 f10 g3 g9 i10 j9",
            ),
            (
                "e9",
                "e4 e10 f9 i9",
                "d4 f4 f10 i5 i10",
                "c4 d3 f3 f11 g4 g10 i6 i11 j5 j10",
            ),
            (
                "i9",
                "e9 i5 i10 j9",
                "d5 e4 e10 j5 j10",
                "c5 d6 e3 e11 f4 f10 j6 j11 k5 k10",
            ),
            (
                "i5",
                "d5 i6 i9 j5",
                "d4 d6 e9 j6 j9",
                "c4 c6 d3 d7 e10 f9 j7 j10 k6 k9",
            ),
            (
                "d5",
                "c5 d4 d6 i5",
                "c4 c6 e4 i6 i9",
                "b4 b6 c3 c7 e3 f4 i7 i10 j6 j9",
            ),
        ];
        for (c, orth, diag, kn) in table {
            let x = cell(&t, c);
            assert_eq!(
                names(&t, t.neighbours(x, Line::Orth)),
                list(orth),
                "{c} orth"
            );
            assert_eq!(
                names(&t, t.neighbours(x, Line::Diag)),
                list(diag),
                "{c} diag"
            );
            assert_eq!(names(&t, knights(&t, x)), list(kn), "{c} knight");
        }
    }

    #[test]
    fn seam_crossing_diagonal_pairs_are_exactly_the_24_listed() {
        let t = three_player();
        let listed = "a4-b5 a5-b4 b4-c5 b5-c4 c4-d5 c5-d4 d4-e9 d4-i5 d5-e4 d5-i9 e4-f9 e4-i9 \
                      e9-f4 e9-i5 f4-g9 f9-g4 g4-h9 g9-h4 i5-j9 i9-j5 j5-k9 j9-k5 k5-l9 k9-l5";
        let mut want: Vec<(Cell, Cell)> = listed
            .split_whitespace()
            .map(|p| {
                let (a, b) = p.split_once('-').unwrap();
                let (a, b) = (cell(&t, a), cell(&t, b));
                (a.min(b), a.max(b))
            })
            .collect();
        want.sort_unstable();
        assert_eq!(want.len(), 24);
        let mut got = Vec::new();
        for a in 0..96 {
            for b in t.neighbours(a, Line::Diag) {
                if a < b && section_of(&t, a) != section_of(&t, b) {
                    got.push((a, b));
                }
            }
        }
        got.sort_unstable();
        assert_eq!(got, want);
    }

    #[test]
    fn bishop_lines_match_reference_vectors() {
        let t = three_player();
        let d = Line::Diag;
        assert_eq!(line_to(&t, d, "d3", "h11"), ["e4", "f9", "g10", "h11"]);
        assert_eq!(line_to(&t, d, "d3", "a6"), ["c4", "b5", "a6"]);
        assert_eq!(line_to(&t, d, "a6", "e2"), ["b5", "c4", "d3", "e2"]);
        assert_eq!(line_to(&t, d, "e10", "l7"), ["i9", "j5", "k6", "l7"]);
        assert_eq!(line_to(&t, d, "c4", "k8"), ["d5", "i6", "j7", "k8"]);
        assert_eq!(line_to(&t, d, "f1", "a6"), ["e2", "d3", "c4", "b5", "a6"]);
        // e4 forward diagonals: d5 and i9 (branch of one direction), f9.
        let e4 = cell(&t, "e4");
        let fwd: Vec<Cell> = t
            .neighbours(e4, d)
            .into_iter()
            .filter(|&c| c != cell(&t, "d3") && c != cell(&t, "f3"))
            .collect();
        assert_eq!(names(&t, fwd), list("d5 i9 f9"));
    }

    #[test]
    fn long_diagonals_branch_at_the_centre_with_shared_prefix() {
        let t = three_player();
        // corner, path to the centre, the two continuations (REFERENCE §1.5)
        let cases = [
            ("a1", "b2 c3 d4", "i5 j6 k7 l8", "e9 f10 g11 h12"),
            ("h1", "g2 f3 e4", "d5 c6 b7 a8", "i9 j10 k11 l12"),
            ("a8", "b7 c6 d5", "e4 f3 g2 h1", "i9 j10 k11 l12"),
            ("l8", "k7 j6 i5", "d4 c3 b2 a1", "e9 f10 g11 h12"),
            ("h12", "g11 f10 e9", "d4 c3 b2 a1", "i5 j6 k7 l8"),
            ("l12", "k11 j10 i9", "d5 c6 b7 a8", "e4 f3 g2 h1"),
        ];
        for (from, pre, x, y) in cases {
            let c = cell(&t, from);
            let rays: Vec<_> = t.rays(c).iter().filter(|r| r.line == Line::Diag).collect();
            // a corner has exactly one diagonal direction, which splits in two rays
            assert_eq!(rays.len(), 2, "{from}");
            let mut got: Vec<Vec<String>> = rays
                .iter()
                .map(|r| {
                    t.ray_cells(r)
                        .iter()
                        .map(|&c| t.name(c).to_string())
                        .collect()
                })
                .collect();
            got.sort();
            let mut want: Vec<Vec<String>> = [x, y]
                .iter()
                .map(|tail| {
                    format!("{pre} {tail}")
                        .split_whitespace()
                        .map(String::from)
                        .collect()
                })
                .collect();
            want.sort();
            assert_eq!(got, want, "{from}");
            assert_eq!((rays[0].emit_from, rays[1].emit_from), (0, 3), "{from}");
            // from the centre cell itself both continuations start unshared
            let centre = cell(&t, pre.split_whitespace().last().unwrap());
            let mut firsts: Vec<_> = t
                .rays(centre)
                .iter()
                .filter(|r| r.line == Line::Diag)
                .inspect(|r| assert_eq!(r.emit_from, 0))
                .map(|r| t.name(t.ray_cells(r)[0]).to_string())
                .collect();
            firsts.sort();
            let first = |s: &str| s.split_whitespace().next().unwrap().to_string();
            assert_eq!(firsts.len(), 5, "{from}");
            assert!(
                firsts.contains(&first(x)) && firsts.contains(&first(y)),
                "{from}"
            );
        }
    }

    #[test]
    fn no_line_crosses_straight_over_the_centre() {
        let t = three_player();
        for (a, b) in [("d4", "i9"), ("e4", "i5"), ("e9", "d5")] {
            let (a, b) = (cell(&t, a), cell(&t, b));
            for (x, y) in [(a, b), (b, a)] {
                assert!(!reach(&t, x, Line::Diag).contains(&y));
                assert!(!reach(&t, x, Line::Orth).contains(&y));
                assert!(!knights(&t, x).contains(&y));
            }
        }
    }

    #[test]
    fn rook_lines_match_reference_examples() {
        let t = three_player();
        let o = Line::Orth;
        assert_eq!(line_to(&t, o, "a1", "a8"), list("a2 a3 a4 a5 a6 a7 a8"));
        assert_eq!(
            line_to(&t, o, "l8", "l12"),
            ["l7", "l6", "l5", "l9", "l10", "l11", "l12"]
        );
        assert_eq!(
            line_to(&t, o, "l8", "a8"),
            ["k8", "j8", "i8", "d8", "c8", "b8", "a8"]
        );
        assert_eq!(
            line_to(&t, o, "h12", "l12"),
            ["g12", "f12", "e12", "i12", "j12", "k12", "l12"]
        );
        assert_eq!(line_to(&t, o, "e1", "e12").len(), 7);
        let l8 = cell(&t, "l8");
        assert_eq!(reach(&t, l8, o).len(), 14);
        // orthogonal rays never branch
        assert!((0..96).all(|c| t.rays(c).iter().all(|r| r.line != o || r.emit_from == 0)));
        assert!((0..96).all(|c| reach(&t, c, o).len() == 14));
    }

    #[test]
    fn pawns_match_reference_examples() {
        let t = three_player();
        // facing, cell, push, captures (REFERENCE §1.7)
        let cases = [
            (WHITE, "d4", "d5", "c5 e9 i5"),
            (WHITE, "e4", "e9", "d5 f9 i9"),
            (WHITE, "c4", "c5", "b5 d5"),
            (WHITE, "d5", "d6", "c6 i6"),
            (BLACK, "i5", "i9", "d4 e9 j9"),
            (RED, "e9", "e4", "d4 f4 i5"),
            (RED, "e4", "e3", "d3 f3"),
            (WHITE, "a2", "a3", "b3"),
        ];
        for (f, c, push, caps) in cases {
            let p = &t.pawns[f as usize];
            let x = cell(&t, c);
            assert_eq!(t.name(p.push[x as usize]), push, "{f} {c}");
            assert_eq!(
                names(&t, p.captures[x as usize].clone()),
                list(caps),
                "{f} {c}"
            );
        }
        // at the far edge there is no push
        assert_eq!(
            t.pawns[WHITE as usize].push[cell(&t, "a8") as usize],
            NO_CELL
        );
        assert_eq!(
            t.pawns[BLACK as usize].push[cell(&t, "l12") as usize],
            NO_CELL
        );
    }

    #[test]
    fn pawns_walk_their_file_to_an_opponent_back_rank() {
        let t = three_player();
        for f in [WHITE, BLACK, RED] {
            let p = &t.pawns[f as usize];
            let zone = promotion_zone(&t, f);
            assert_eq!(zone.len(), 16);
            for start in start_pawn_rank(&t, f).iter() {
                let mut c = start;
                let mut steps = 0;
                while p.push[c as usize] != NO_CELL {
                    let n = p.push[c as usize];
                    assert_eq!(t.name(n).as_bytes()[0], t.name(start).as_bytes()[0]);
                    c = n;
                    steps += 1;
                }
                assert_eq!(steps, 6, "{}", t.name(start));
                assert!(zone.contains(c));
            }
        }
        // each facing has four pawns towards each opponent
        let w = start_pawn_rank(&t, WHITE);
        assert_eq!(names(&t, w.iter()), list("a2 b2 c2 d2 e2 f2 g2 h2"));
        let b = start_pawn_rank(&t, BLACK);
        assert_eq!(names(&t, b.iter()), list("a7 b7 c7 d7 i7 j7 k7 l7"));
        let r = back_rank(&t, RED);
        assert_eq!(names(&t, r.iter()), list("e12 f12 g12 h12 i12 j12 k12 l12"));
        // attackers are the reverse of captures
        let p = &t.pawns[WHITE as usize];
        assert_eq!(
            names(&t, p.attackers[cell(&t, "i5") as usize].clone()),
            list("d4")
        );
    }

    #[test]
    fn knight_target_counts_match_reference() {
        let t = three_player();
        let nine = list("c4 c5 d3 d6 e3 e10 f4 f9 i6 i10 j5 j9");
        let ten = list("d4 e4 e9 i9 i5 d5");
        for c in 0..96 {
            let name = t.name(c).to_string();
            let k = t.leaps(Leap::Knight, c).len();
            if ten.contains(&name) {
                assert_eq!(k, 10, "{name}");
            } else if nine.contains(&name) {
                assert_eq!(k, 9, "{name}");
            } else {
                assert!(k <= 8, "{name}");
            }
            assert!(t.leaps(Leap::Knight, c).iter().all(|l| l.leg == NO_CELL));
            for kind in [Leap::Alfil, Leap::Dabbaba, Leap::Horse, Leap::Elephant] {
                assert!(t.leaps(kind, c).is_empty());
            }
        }
        let c4 = cell(&t, "c4");
        assert_eq!(
            names(&t, knights(&t, c4)),
            list("a3 a5 b2 b6 d2 d6 e3 e9 i5")
        );
        assert_eq!(names(&t, knights(&t, cell(&t, "a1"))), list("b3 c2"));
    }

    #[test]
    fn adjacency_and_knight_moves_are_symmetric() {
        let t = three_player();
        for a in 0..96 {
            for line in [Line::Orth, Line::Diag] {
                for b in t.neighbours(a, line) {
                    assert!(t.neighbours(b, line).contains(&a), "{line:?} {}", t.name(a));
                }
                for b in reach(&t, a, line) {
                    assert!(reach(&t, b, line).contains(&a), "{line:?} {}", t.name(a));
                }
            }
            for b in knights(&t, a) {
                assert!(knights(&t, b).contains(&a), "knight {}", t.name(a));
            }
            let mut rev: Vec<Cell> = t.leaps_to(Leap::Knight, a).iter().map(|l| l.to).collect();
            rev.sort_unstable();
            assert_eq!(rev, knights(&t, a));
        }
    }

    #[test]
    fn colours_alternate_orthogonally_and_by_knight_but_not_diagonally() {
        let t = three_player();
        let dark = |c: Cell| t.cells[c as usize].dark;
        assert!(dark(cell(&t, "a1")) && !dark(cell(&t, "h1")));
        for c in ["d4", "e9", "i5"] {
            assert!(dark(cell(&t, c)));
        }
        for c in ["e4", "i9", "d5"] {
            assert!(!dark(cell(&t, c)));
        }
        for a in 0..96 {
            assert!(t
                .neighbours(a, Line::Orth)
                .iter()
                .all(|&b| dark(b) != dark(a)));
            assert!(t
                .neighbours(a, Line::Diag)
                .iter()
                .all(|&b| dark(b) == dark(a)));
            assert!(knights(&t, a).iter().all(|&b| dark(b) != dark(a)));
        }
        assert_eq!((0..96).filter(|&c| dark(c)).count(), 48);
    }
}
