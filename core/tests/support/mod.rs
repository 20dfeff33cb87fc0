//! Helpers shared by the integration tests (each test file includes this with `mod support;`).

/// The rows of a square board of `size` from the top, cells comma-separated, runs of empty
/// cells as numbers.
pub fn board_rows<P: AsRef<str>, C: AsRef<str>>(size: usize, pieces: &[(P, C)]) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; size]; size];
    for (p, cell) in pieces {
        let (p, cell) = (p.as_ref(), cell.as_ref());
        let x = (cell.as_bytes()[0] - b'a') as usize;
        let y: usize = cell[1..].parse::<usize>().unwrap() - 1;
        assert!(grid[y][x].is_none(), "two pieces on {cell}");
        grid[y][x] = Some(p.to_string());
    }
    let mut out = Vec::new();
    for y in (0..size).rev() {
        let mut cells = Vec::new();
        let mut empty = 0;
        for sq in &grid[y] {
            match sq {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        cells.push(empty.to_string());
                        empty = 0;
                    }
                    cells.push(p.clone());
                }
            }
        }
        if empty > 0 {
            cells.push(empty.to_string());
        }
        out.push(cells.join(","));
    }
    out.join("/")
}
