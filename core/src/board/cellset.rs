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
        self.0.iter().fold(0, |a, w| a | w) == 0
    }
    /// The number of cells. Empty words are skipped: most of a small board's set is empty
    /// words, and a word's count costs a dozen instructions where the target has no popcount.
    pub fn len(&self) -> usize {
        let mut n = 0;
        for &w in &self.0 {
            if w != 0 {
                n += w.count_ones() as usize;
            }
        }
        n
    }
    pub fn union(&self, o: &CellSet) -> CellSet {
        let mut r = *self;
        for i in 0..WORDS {
            r.0[i] |= o.0[i];
        }
        r
    }
    /// Whether the two sets share a cell.
    /// (Every word is read, without a branch per word: cheaper than stopping early.)
    #[inline]
    pub fn intersects(&self, o: &CellSet) -> bool {
        let mut any = 0;
        for i in 0..WORDS {
            any |= self.0[i] & o.0[i];
        }
        any != 0
    }
    /// The cells in both sets.
    #[inline]
    pub fn intersection(&self, o: &CellSet) -> CellSet {
        let mut r = *self;
        for i in 0..WORDS {
            r.0[i] &= o.0[i];
        }
        r
    }
    /// The cells of this set that are not in `o`.
    #[inline]
    pub fn difference(&self, o: &CellSet) -> CellSet {
        let mut r = *self;
        for i in 0..WORDS {
            r.0[i] &= !o.0[i];
        }
        r
    }
    /// The cells in increasing order.
    #[inline]
    pub fn iter(&self) -> Cells<'_> {
        Cells {
            words: &self.0,
            word: 0,
            bits: self.0[0],
        }
    }
}

/// The cells of a [`CellSet`] in increasing order ([`CellSet::iter`]).
pub struct Cells<'a> {
    words: &'a [u64; WORDS],
    /// The word being read and its bits not yet given.
    word: usize,
    bits: u64,
}

impl Iterator for Cells<'_> {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.bits == 0 {
            self.word += 1;
            if self.word >= WORDS {
                return None;
            }
            self.bits = self.words[self.word];
        }
        let b = self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some((self.word * 64 + b as usize) as Cell)
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
