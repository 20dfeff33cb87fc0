//! Moves typed in the game's own notation: what a player types in the terminal, or a shell
//! reads from a record, becomes a legal move of the position.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::position::Move;

/// A legal move of the game's position from text in any notation the game is written in:
/// coordinate text (`e2e4`, `e7e8q`, `P@e4`) everywhere, SAN where the game is recorded in PGN
/// (`Nf3`, `exd5`, `O-O`, `N@e4`). Nothing is played.
pub fn parse_move(game: &Game, text: &str) -> Result<Move> {
    let pos = game.position();
    let text = text.trim();
    if game.is_over() {
        return Err(Error::GameOver);
    }
    let coordinate = crate::notation::movetext::parse(pos, text);
    if coordinate.is_ok() || !crate::notation::san::fits(game.variant) {
        return coordinate;
    }
    crate::notation::san::parse(pos, text).or(coordinate)
}
