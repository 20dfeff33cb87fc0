//! A fixed-size set of cells (up to [`super::MAX_CELLS`]), cheap to copy.

use super::Cell;

const WORDS: usize = super::MAX_CELLS.div_ceil(64);

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        let c = c as usize;
        c < WORDS * 64 && self.0[c / 64] >> (c % 64) & 1 == 1
    }
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[c as usize / 64] |= 1 << (c % 64);
    }
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[c as usize / 64] &= !(1 << (c % 64));
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn union(&self, o: &CellSet) -> CellSet {
        let mut r = *self;
        for i in 0..WORDS {
            r.0[i] |= o.0[i];
        }
        r
    }
    /// Whether the two sets share a cell.
    #[inline]
    pub fn intersects(&self, o: &CellSet) -> bool {
        (0..WORDS).any(|i| self.0[i] & o.0[i] != 0)
    }
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..WORDS).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some((w * 64 + b as usize) as Cell)
            })
        })
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<T: IntoIterator<Item = Cell>>(iter: T) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
