//! Rookery core: rules of every game, bots and saved games, free of any FFI.
//! Start with docs/ARCHITECTURE.md.

pub mod board;
pub mod bot;
pub mod error;
pub mod game;
pub mod interact;
pub mod levels;
pub mod message;
pub mod movegen;
pub mod movetext;
pub mod notation;
pub mod piece;
pub mod position;
pub mod present;
pub mod rng;
pub mod rules;
pub mod scene;
pub mod search;
pub mod store;
pub mod tree;
pub mod variant;
pub mod view;

pub use error::{Error, Result};
pub use game::{Action, Game, Outcome};
pub use position::{Move, Position};
