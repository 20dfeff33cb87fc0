//! Board topology: a board is a set of named cells plus precomputed movement tables.
//!
//! Move generation never looks at coordinates. It walks tables that a board builds once:
//! - **rays** per cell (orthogonal or diagonal lines, possibly branching at a centre),
//! - **leaps** per cell and leap kind (knight, alfil, ...; with an optional blocking "leg"
//!   cell so lame leapers such as the xiangqi horse use the same table), and their reverse,
//! - **pawn tables** per *facing* (the way a pawn walks): push, captures and their reverse.
//!
//! Rectangular boards with holes (8×8, 9×10, 14×14 cross, 24×24 notched ...) are built by
//! [`grid`]; the 96-cell three-player board by [`tri`]. Both produce the same [`Topology`].

pub mod cellset;
pub mod grid;
pub mod rows;
pub mod tri;

pub use cellset::CellSet;

use std::collections::HashMap;

/// Index of a cell on its board (0..cells.len()).
pub type Cell = u16;
/// "No cell" marker in tables.
pub const NO_CELL: Cell = u16::MAX;
/// Largest board the engine carries (24×24).
pub const MAX_CELLS: usize = 576;

/// The kinds of lines sliders walk. `Palace` lines are the marked diagonals of a janggi or
/// xiangqi palace (corner, centre, corner): a board with palaces adds them as extra rays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    Orth = 0,
    Diag = 1,
    Palace = 2,
}
pub const LINE_KINDS: usize = 3;

/// Compass direction of a ray or leap on a grid: 0 = north, then clockwise (1 = north-east, 2 =
/// east, ... 7 = north-west); [`ANY_DIR`] where a board has no compass (the three-player board).
pub type Dir = u8;
pub const ANY_DIR: Dir = 255;

/// The compass direction of a grid displacement: the point its longer component points to, or
/// the diagonal when both are equal.
pub fn dir_of(dx: i16, dy: i16) -> Dir {
    let (ax, ay) = (dx.abs(), dy.abs());
    if ay > ax {
        if dy > 0 {
            0
        } else {
            4
        }
    } else if ax > ay {
        if dx > 0 {
            2
        } else {
            6
        }
    } else {
        match (dx > 0, dy > 0) {
            (true, true) => 1,
            (true, false) => 3,
            (false, false) => 5,
            (false, true) => 7,
        }
    }
}

/// Whether a piece whose absolute direction mask is `mask` may go in direction `d`.
#[inline]
pub fn dir_allowed(mask: u8, d: Dir) -> bool {
    d == ANY_DIR || mask >> d & 1 == 1
}

/// The opposite compass direction.
#[inline]
pub fn opposite(d: Dir) -> Dir {
    if d == ANY_DIR {
        d
    } else {
        (d + 4) & 7
    }
}

/// Leaper kinds a board precomputes. A leap may carry a leg cell that must be empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leap {
    /// (1,2) jump, never blocked.
    Knight = 0,
    /// (2,2) jump (shatranj alfil, four-seasons bishop).
    Alfil = 1,
    /// (2,0) jump (dabbaba).
    Dabbaba = 2,
    /// Xiangqi/janggi horse: one orthogonal step (the leg) then one diagonal outward.
    Horse = 3,
    /// Xiangqi elephant: (2,2) with the diagonal midpoint as the leg.
    Elephant = 4,
    /// Janggi elephant: one orthogonal step, then two diagonal steps outward ((2,3) leaps);
    /// both intermediate cells are legs.
    JanggiElephant = 5,
}
pub const LEAP_KINDS: usize = 6;

/// One precomputed ray: a line of cells from a start cell. `emit_from` > 0 marks a branch:
/// its first `emit_from` cells are shared with a sibling ray (already emitted there), so they
/// are only checked for emptiness.
#[derive(Clone, Copy, Debug)]
pub struct RayDesc {
    pub start: u32,
    pub len: u16,
    pub emit_from: u16,
    pub line: Line,
    /// Compass direction (grids) or [`ANY_DIR`].
    pub dir: Dir,
}

/// A leap target with its optional leg (NO_CELL = unblockable) and the leap's direction (from
/// the leaping cell towards `to`; in reverse tables too, so a test reads the leaper's direction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeapTarget {
    pub to: Cell,
    pub leg: Cell,
    /// A second leg (janggi's elephant), NO_CELL if none.
    pub leg2: Cell,
    pub dir: Dir,
}

/// How a pawn of one facing moves from every cell.
#[derive(Clone, Debug, Default)]
pub struct PawnTable {
    /// One step forward (NO_CELL at the far edge).
    pub push: Vec<Cell>,
    /// Diagonal-forward capture targets (up to 3 at the three-player centre).
    pub captures: Vec<Vec<Cell>>,
    /// Reverse of `captures`: the cells from which a pawn of this facing attacks a cell.
    pub attackers: Vec<Vec<Cell>>,
}

/// Per-cell drawing and naming data.
#[derive(Clone, Debug)]
pub struct CellInfo {
    pub name: String,
    /// Grid column for drawing (file index on grid boards).
    pub x: i16,
    /// Grid row for drawing (rank index on grid boards, 0 = rank 1).
    pub y: i16,
    /// Dark square colour.
    pub dark: bool,
}

/// A board: cells and every table move generation needs.
#[derive(Debug)]
pub struct Topology {
    pub id: &'static str,
    pub cells: Vec<CellInfo>,
    /// Width and height of the drawing grid.
    pub width: i16,
    pub height: i16,
    ray_desc: Vec<RayDesc>,
    ray_cells: Vec<Cell>,
    /// Per cell: range into `ray_desc`.
    ray_index: Vec<(u32, u32)>,
    leaps: Vec<Vec<Vec<LeapTarget>>>,
    leaps_rev: Vec<Vec<Vec<LeapTarget>>>,
    /// Per facing.
    pub pawns: Vec<PawnTable>,
    by_name: HashMap<String, Cell>,
    /// Per cell: every cell on any ray from it (for pin detection).
    lines: Vec<CellSet>,
    /// Grid lookup: (x, y) -> cell, NO_CELL for holes. Empty for non-grid boards.
    grid: Vec<Cell>,
    /// Every cell of a ray with a compass direction lies that way from the ray's start cell
    /// ([`dir_of`] of their drawing coordinates): [`Topology::toward`] can name the rays
    /// that hold a cell ([`TopologyBuilder::straight`]).
    straight: bool,
}

impl Topology {
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
    pub fn name(&self, c: Cell) -> &str {
        &self.cells[c as usize].name
    }
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.by_name.get(name).copied()
    }
    /// The cell at drawing coordinates (x, y), if the board has one there.
    pub fn at(&self, x: i16, y: i16) -> Option<Cell> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height || self.grid.is_empty() {
            return None;
        }
        let c = self.grid[(y as usize) * self.width as usize + x as usize];
        (c != NO_CELL).then_some(c)
    }
    #[inline]
    pub fn rays(&self, c: Cell) -> &[RayDesc] {
        let (a, b) = self.ray_index[c as usize];
        &self.ray_desc[a as usize..b as usize]
    }
    #[inline]
    pub fn ray_cells(&self, r: &RayDesc) -> &[Cell] {
        &self.ray_cells[r.start as usize..r.start as usize + r.len as usize]
    }
    #[inline]
    pub fn leaps(&self, kind: Leap, c: Cell) -> &[LeapTarget] {
        &self.leaps[kind as usize][c as usize]
    }
    /// Cells from which a leaper of this kind reaches `c`, with the leg of that leap.
    #[inline]
    pub fn leaps_to(&self, kind: Leap, c: Cell) -> &[LeapTarget] {
        &self.leaps_rev[kind as usize][c as usize]
    }
    /// The cells on any line (ray) from `a`.
    #[inline]
    pub fn lines_from(&self, a: Cell) -> &CellSet {
        &self.lines[a as usize]
    }
    /// Whether `b` lies on some line (ray) from `a`.
    #[inline]
    pub fn on_line(&self, a: Cell, b: Cell) -> bool {
        self.lines[a as usize].contains(b)
    }
    /// Which rays of `a` may hold `b`: `None` where `b` lies on no ray from `a`, else the
    /// compass direction from `a` to `b` (only the rays of that direction hold it, and those
    /// without one, [`ANY_DIR`]), or [`ANY_DIR`] where the board's rays do not follow the
    /// compass (any ray may hold it).
    #[inline]
    pub fn toward(&self, a: Cell, b: Cell) -> Option<Dir> {
        if !self.on_line(a, b) {
            return None;
        }
        if !self.straight {
            return Some(ANY_DIR);
        }
        let (p, q) = (&self.cells[a as usize], &self.cells[b as usize]);
        Some(dir_of(q.x - p.x, q.y - p.y))
    }
    /// One step along orthogonal (or diagonal) lines: the first cell of every ray.
    pub fn neighbours(&self, c: Cell, line: Line) -> Vec<Cell> {
        let mut v: Vec<Cell> = self
            .rays(c)
            .iter()
            .filter(|r| r.line == line && r.emit_from == 0)
            .map(|r| self.ray_cells(r)[0])
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
    /// The set of all cells.
    pub fn all(&self) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in 0..self.len() {
            s.insert(c as Cell);
        }
        s
    }
}

/// Builds a [`Topology`] from raw per-cell tables; used by [`grid`] and [`tri`].
pub struct TopologyBuilder {
    pub id: &'static str,
    pub cells: Vec<CellInfo>,
    pub width: i16,
    pub height: i16,
    /// Per cell: rays as (line, cells, emit_from, direction).
    pub rays: Vec<Vec<(Line, Vec<Cell>, u16, Dir)>>,
    /// Per leap kind, per cell.
    pub leaps: Vec<Vec<Vec<LeapTarget>>>,
    /// Per facing: (push, captures) per cell.
    pub pawns: Vec<(Vec<Cell>, Vec<Vec<Cell>>)>,
    pub grid: Vec<Cell>,
    /// Every cell of a ray with a compass direction lies that way from the ray's start cell
    /// (grids: rays are built by steps of their direction; checked for every board by a
    /// test of `grid`).
    pub straight: bool,
}

impl TopologyBuilder {
    pub fn build(self) -> Topology {
        let n = self.cells.len();
        assert!(n <= MAX_CELLS, "board too large");
        let mut ray_desc = Vec::new();
        let mut ray_cells = Vec::new();
        let mut ray_index = Vec::with_capacity(n);
        for rays in &self.rays {
            let a = ray_desc.len() as u32;
            for (line, cells, emit_from, dir) in rays {
                if cells.is_empty() {
                    continue;
                }
                ray_desc.push(RayDesc {
                    start: ray_cells.len() as u32,
                    len: cells.len() as u16,
                    emit_from: *emit_from,
                    line: *line,
                    dir: *dir,
                });
                ray_cells.extend_from_slice(cells);
            }
            ray_index.push((a, ray_desc.len() as u32));
        }
        let mut leaps_rev = vec![vec![Vec::new(); n]; LEAP_KINDS];
        for (k, per_cell) in self.leaps.iter().enumerate() {
            for (from, targets) in per_cell.iter().enumerate() {
                for t in targets {
                    leaps_rev[k][t.to as usize].push(LeapTarget {
                        to: from as Cell,
                        leg: t.leg,
                        leg2: t.leg2,
                        dir: t.dir,
                    });
                }
            }
        }
        let pawns = self
            .pawns
            .into_iter()
            .map(|(push, captures)| {
                let mut attackers = vec![Vec::new(); n];
                for (from, caps) in captures.iter().enumerate() {
                    for &t in caps {
                        attackers[t as usize].push(from as Cell);
                    }
                }
                PawnTable {
                    push,
                    captures,
                    attackers,
                }
            })
            .collect();
        let lines = (0..n)
            .map(|c| {
                let (a, b) = ray_index[c];
                ray_desc[a as usize..b as usize]
                    .iter()
                    .flat_map(|r| {
                        ray_cells[r.start as usize..r.start as usize + r.len as usize]
                            .iter()
                            .copied()
                    })
                    .collect()
            })
            .collect();
        let by_name = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i as Cell))
            .collect();
        Topology {
            id: self.id,
            cells: self.cells,
            width: self.width,
            height: self.height,
            ray_desc,
            ray_cells,
            ray_index,
            leaps: self.leaps,
            leaps_rev,
            pawns,
            by_name,
            lines,
            grid: self.grid,
            straight: self.straight,
        }
    }
}
