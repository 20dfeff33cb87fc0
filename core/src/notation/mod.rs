//! Reading and writing positions, moves and game records.

pub mod csa;
pub mod fen;
pub mod fen4;
pub mod fen8;
pub mod kif;
/// Coordinate move text lives below the game (`crate::movetext`); here for the notations' paths.
pub use crate::movetext;
pub mod pgn;
pub mod pgn4;
pub mod san;
pub mod traditional;
