//! Reading and writing positions, moves and game records.

pub mod csa;
pub mod fen;
pub mod fen4;
pub mod fen8;
pub mod kif;
pub mod movetext;
pub mod pgn;
pub mod pgn4;
pub mod san;
pub mod traditional;
