//! Small test-only games, each exercising one mechanism of the model (hands and drops, a
//! forward-only stepper, a palace-limited piece, an exploding capture, a neutral blocker, a
//! two-step turn, a setup phase, per-kind promotion). They are not in the catalogue; the tests
//! below derive their perft counts by hand.

use crate::error::{Error, Result};
use crate::game::{Choice, Ctx, Outcome};
use crate::piece::Piece;
use crate::position::{Move, Position};
use crate::rules::{two_player_standings, Rules, Standing};
use crate::variant::Variant;

/// The rules of the test-only games.
pub struct TestbedRules;

impl Rules for TestbedRules {
    fn start_position(&self, v: &'static Variant, _n: u32) -> Result<Position> {
        self.parse(v, &v.start_fen)
    }
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        crate::notation::fen::parse(v, text)
    }
    fn write(&self, pos: &Position) -> String {
        crate::notation::fen::write(pos, false)
    }
    fn extra_moves(&self, _pos: &Position, _out: &mut Vec<Move>) {}
    fn legal(&self, _pos: &mut Position, _m: Move) -> bool {
        true
    }
    fn effects(&self, _pos: &mut Position, _m: Move, _captured: Piece) {}
    fn outcome(&self, _pos: &mut Position, _history: &[u64]) -> Option<Outcome> {
        None
    }
    fn after_action(&self, ctx: &mut Ctx) -> Option<Outcome> {
        self.outcome(ctx.pos, ctx.history)
    }
    fn choices(&self, _pos: &Position) -> Vec<Choice> {
        Vec::new()
    }
    fn may_end_by_agreement(&self) -> bool {
        false
    }
    fn standings(&self, _pos: &Position, outcome: &Outcome) -> Vec<Standing> {
        two_player_standings(outcome)
    }
}

#[allow(dead_code)]
fn unused() -> Error {
    Error::GameOver
}
