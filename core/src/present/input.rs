//! Moves typed in the game's own notation: what a player types in the terminal, or a shell
//! reads from a record, becomes a legal move of the position.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::position::Move;

/// A legal move of the game's position from text in any notation the game is written in:
/// coordinate text (`e2e4`, `e7e8q`, `P@e4`, `@d5`) everywhere; the move list's own notation
/// (SAN `Nf3`, `N@e4`; xiangqi's WXF `C2.5`; shogi's Western `P-7f`, `G6i-5h`) and shogi's USI
/// (`7g7f`, `P*5e`), read by writing every legal move; SAN as leniently as PGN files need
/// (`0-0`, `e8Q`, extra disambiguation) where the game is recorded in PGN. Nothing is played.
pub fn parse_move(game: &Game, text: &str) -> Result<Move> {
    let pos = game.position();
    let text = text.trim();
    if game.is_over() {
        return Err(Error::GameOver);
    }
    let coordinate = crate::notation::movetext::parse(pos, text);
    if coordinate.is_ok() {
        return coordinate;
    }
    let written = crate::notation::traditional::parse(pos, text);
    if written.is_ok() {
        return written;
    }
    if crate::notation::san::fits(game.variant) {
        if let Ok(m) = crate::notation::san::parse(pos, text) {
            return Ok(m);
        }
    }
    match written {
        // several moves fit the text: say so rather than why a coordinate reading failed
        Err(e @ Error::BadMoveText(_)) => Err(e),
        _ => coordinate,
    }
}
