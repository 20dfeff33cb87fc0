//! The piece art is complete: every glyph any board can show has an image, and every image
//! is valid SVG that carries the colour tokens it is painted through.

use rookery_core::scene::{self, content, Marks, Orientation};

#[test]
fn every_glyph_of_every_game_has_an_image() {
    let mut wanted = std::collections::BTreeSet::new();
    for g in rookery_core::rules::catalogue() {
        for symbols in [false, true] {
            let marks = Marks {
                symbols,
                ..Marks::default()
            };
            let s = scene::for_game_id(g.id, None, &[], Orientation::default(), &marks).unwrap();
            wanted.extend(s.pieces.iter().map(|p| p.glyph.clone()));
            wanted.extend(s.hands.iter().map(|h| h.glyph.clone()));
            // Every letter of the game, promoted or not, for both seats.
            let def = scene::board_def(g.id).unwrap();
            for letter in "PNBRQKAMSFCGL*".chars() {
                for seat in 0..2 {
                    for promoted in [false, true] {
                        if let Some(gl) = content::glyph_of(&def, letter, seat, promoted, symbols) {
                            wanted.insert(gl);
                        }
                    }
                }
            }
        }
    }
    for w in [
        "western-boat",
        "western-alfil",
        "western-fers",
        "western-duck",
    ] {
        wanted.insert(w.to_string());
    }
    let have = rookery_render::glyph_ids();
    let missing: Vec<_> = wanted
        .iter()
        .filter(|w| !have.contains(&w.as_str()))
        .collect();
    assert!(missing.is_empty(), "no image for {missing:?}");
}

#[test]
fn every_image_parses_and_takes_army_colours() {
    for id in rookery_render::glyph_ids() {
        let red = scene::army("red");
        let svg = rookery_render::piece_svg(id, &red).unwrap();
        resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default())
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let tinted = svg.contains(&red.body.hex()) || svg.contains(&red.mark.hex());
        // Shogi's promoted sides are red on every piece, whoever owns it.
        let fixed = id.starts_with("shogi-") && id.contains("promoted");
        assert!(tinted || fixed, "{id} has no army colour token");
    }
}
