//! Unit tests of the chess variants' hooks (the rule-by-rule tests are in core/tests/variants.rs).

use super::*;

#[test]
fn every_variant_starts() {
    for id in ["antichess", "atomic", "crazyhouse", "duck", "fog-of-war"] {
        let v = crate::rules::variant(id).unwrap();
        let pos = crate::rules::start_position(v, 0).unwrap();
        assert_eq!(pos.hash(), pos.compute_hash(), "{id}");
        assert_eq!(write(&pos), v.start_fen, "{id}");
    }
}
