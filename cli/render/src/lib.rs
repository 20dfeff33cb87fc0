//! Rookery's renderer: a [`Scene`] from `rookery_core::scene` as SVG, and as PNG through
//! resvg/tiny-skia. It paints exactly what the apps paint: the scene's polygons, lines,
//! labels, hand slots, seat bars and pieces, with the piece images of assets/pieces/ (embedded
//! at build time) coloured per army by replacing their colour tokens.

use std::collections::BTreeSet;
use std::fmt::Write;

use once_cell_free::Lazy;
use rookery_core::scene::{ArmyColours, Colour, PieceAt, Point, Scene};

mod assets {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

/// A tiny lazy cell (no extra dependency).
mod once_cell_free {
    pub struct Lazy<T> {
        cell: std::sync::OnceLock<T>,
        init: fn() -> T,
    }
    impl<T> Lazy<T> {
        pub const fn new(init: fn() -> T) -> Self {
            Lazy {
                cell: std::sync::OnceLock::new(),
                init,
            }
        }
    }
    impl<T> std::ops::Deref for Lazy<T> {
        type Target = T;
        fn deref(&self) -> &T {
            self.cell.get_or_init(self.init)
        }
    }
}

/// Scene units → SVG user units.
const U: f32 = 1000.0;

/// Colour tokens of the piece images (see assets/pieces/make_pieces.py).
const BODY: &str = "#fefefe";
const INK: &str = "#010101";
const MARK: &str = "#b00000";

/// Every glyph id with an image.
pub fn glyph_ids() -> Vec<&'static str> {
    assets::PIECES.iter().map(|p| p.0).collect()
}

/// The SVG text of a piece image, coloured for an army.
pub fn piece_svg(glyph: &str, army: &ArmyColours) -> Option<String> {
    let raw = assets::PIECES.iter().find(|p| p.0 == glyph)?.1;
    Some(
        raw.replace(BODY, &army.body.hex())
            .replace(INK, &army.ink.hex())
            .replace(MARK, &army.mark.hex()),
    )
}

struct LabelFont {
    em: f32,
    ascent: f32,
    glyphs: Vec<(char, f32, String)>,
}

static FONT: Lazy<LabelFont> = Lazy::new(|| {
    let v: serde_json::Value = serde_json::from_str(assets::LABELS).expect("labels.json");
    let glyphs = v["glyphs"]
        .as_object()
        .expect("glyphs")
        .iter()
        .map(|(k, g)| {
            (
                k.chars().next().unwrap_or(' '),
                g["advance"].as_f64().unwrap_or(500.0) as f32,
                g["d"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    LabelFont {
        em: v["em"].as_f64().unwrap_or(1000.0) as f32,
        ascent: v["ascent"].as_f64().unwrap_or(740.0) as f32,
        glyphs,
    }
});

fn fill(c: Colour) -> String {
    if c.a == 255 {
        format!("fill=\"{}\"", c.hex())
    } else {
        format!("fill=\"{}\" fill-opacity=\"{:.3}\"", c.hex(), c.opacity())
    }
}

fn pts(p: &[Point]) -> String {
    p.iter()
        .map(|q| format!("{:.2},{:.2}", q.x * U, q.y * U))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Text drawn as paths, centred on (x, y) (SVG units), capital height `size`.
fn text(out: &mut String, s: &str, x: f32, y: f32, size: f32, colour: Colour, rotation: f32) {
    let f = &*FONT;
    let k = size / f.ascent;
    let width: f32 = s
        .chars()
        .map(|ch| {
            f.glyphs
                .iter()
                .find(|g| g.0 == ch)
                .map_or(f.em / 2.0, |g| g.1)
        })
        .sum::<f32>()
        * k;
    let _ = write!(
        out,
        "<g transform=\"translate({x:.2} {y:.2}) rotate({rotation:.1}) translate({:.2} {:.2}) scale({k:.5})\" {}>",
        -width / 2.0,
        size / 2.0,
        fill(colour)
    );
    let mut pen = 0.0;
    for ch in s.chars() {
        if let Some(g) = f.glyphs.iter().find(|g| g.0 == ch) {
            if !g.2.is_empty() {
                let _ = write!(
                    out,
                    "<path transform=\"translate({pen:.1} 0)\" d=\"{}\"/>",
                    g.2
                );
            }
            pen += g.1;
        } else {
            pen += f.em / 2.0;
        }
    }
    out.push_str("</g>\n");
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The scene as an SVG document, `width_px` wide.
pub fn svg(scene: &Scene, width_px: u32) -> String {
    let (w, h) = (U, scene.height * U);
    let hp = (scene.height * width_px as f32).round() as u32;
    let mut o = String::with_capacity(1 << 20);
    let _ = writeln!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{width_px}\" height=\"{hp}\" viewBox=\"0 0 {w:.0} {h:.2}\">"
    );
    // Piece images, once per glyph and army.
    let used: BTreeSet<(String, String)> = scene
        .pieces
        .iter()
        .map(|p| (p.glyph.clone(), p.army.clone()))
        .collect();
    o.push_str("<defs>\n");
    for (glyph, army) in &used {
        let colours = scene
            .armies
            .iter()
            .find(|a| &a.id == army)
            .cloned()
            .unwrap_or_else(|| rookery_core::scene::army(army));
        if let Some(s) = piece_svg(glyph, &colours) {
            let inner = s
                .split_once('>')
                .map(|(_, rest)| rest)
                .unwrap_or("")
                .trim_end()
                .trim_end_matches("</svg>");
            let _ = writeln!(o, "<g id=\"{glyph}.{army}\">{inner}</g>");
        }
    }
    o.push_str("</defs>\n");
    let _ = writeln!(
        o,
        "<rect x=\"0\" y=\"0\" width=\"{w:.0}\" height=\"{h:.2}\" {}/>",
        fill(scene.background)
    );
    for r in &scene.regions {
        let _ = writeln!(
            o,
            "<polygon points=\"{}\" {}/>",
            pts(&r.polygon),
            fill(r.colour)
        );
    }
    use rookery_core::scene::palette::tone;
    for c in &scene.cells {
        let f = if c.fog { Some(tone::FOG) } else { c.fill };
        if let Some(f) = f {
            // A hairline stroke of the same colour closes the seams between cells.
            let _ = writeln!(
                o,
                "<polygon points=\"{}\" {} stroke=\"{}\" stroke-width=\"0.6\"/>",
                pts(&c.polygon),
                fill(f),
                f.hex()
            );
        }
        for (on, colour) in [(c.last_move, tone::LAST_MOVE), (c.selected, tone::SELECTED)] {
            if on {
                let _ = writeln!(
                    o,
                    "<polygon points=\"{}\" {}/>",
                    pts(&c.polygon),
                    fill(colour)
                );
            }
        }
    }
    for l in &scene.lines {
        let tag = if l.closed { "polygon" } else { "polyline" };
        let _ = writeln!(
            o,
            "<{tag} points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
            pts(&l.points),
            l.colour.hex(),
            l.width * U
        );
    }
    for d in &scene.dots {
        let _ = writeln!(
            o,
            "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" {}/>",
            d.centre.x * U,
            d.centre.y * U,
            d.radius * U,
            fill(d.colour)
        );
    }
    for l in &scene.labels {
        text(
            &mut o,
            &l.text,
            l.at.x * U,
            l.at.y * U,
            l.size * U * 0.8,
            l.colour,
            0.0,
        );
    }
    for s in &scene.hands {
        let _ = writeln!(
            o,
            "<polygon points=\"{}\" {} stroke=\"{}\" stroke-width=\"1\"/>",
            pts(&s.polygon),
            fill(tone::HAND),
            tone::LINE.hex()
        );
    }
    for b in &scene.bars {
        let (cx, cy, bw, bh) = (b.centre.x * U, b.centre.y * U, b.width * U, b.height * U);
        let bg = if b.to_move { tone::BAR_TURN } else { tone::BAR };
        let _ = writeln!(
            o,
            "<g transform=\"translate({cx:.2} {cy:.2}) rotate({:.1})\">\
             <rect x=\"{:.2}\" y=\"{:.2}\" width=\"{bw:.2}\" height=\"{bh:.2}\" rx=\"{:.2}\" {}{}/>",
            b.rotation,
            -bw / 2.0,
            -bh / 2.0,
            bh * 0.25,
            fill(bg),
            if b.to_move {
                format!(" stroke=\"#f0f0f0\" stroke-width=\"{:.2}\"", bh * 0.06)
            } else {
                String::new()
            }
        );
        let army = scene
            .armies
            .iter()
            .find(|a| a.id == b.colour_id)
            .cloned()
            .unwrap_or_else(|| rookery_core::scene::army(&b.colour_id));
        let swatch = if b.playing {
            army.body
        } else {
            rookery_core::scene::army("grey").body
        };
        let _ = write!(
            o,
            "<circle cx=\"{:.2}\" cy=\"0\" r=\"{:.2}\" {} stroke=\"#101010\" stroke-width=\"{:.2}\"/>",
            -bw / 2.0 + bh * 0.55,
            bh * 0.32,
            fill(swatch),
            bh * 0.04
        );
        o.push_str("</g>\n");
        let mut label = capitalise(&b.colour_id);
        if scene.bars.len() > 2 {
            let _ = write!(label, "  {}", b.score);
        }
        let tc = if b.playing {
            Colour::rgb(0xf0f0f0)
        } else {
            Colour::rgb(0x8a8a8a)
        };
        // Text centred in the bar (after the swatch), turned with it.
        let r = b.rotation.to_radians();
        let dx = bh * 0.45;
        let (tx, ty) = (cx + dx * r.cos(), cy + dx * r.sin());
        text(&mut o, &label, tx, ty, bh * 0.42, tc, b.rotation);
        if !b.playing {
            let _ = writeln!(
                o,
                "<g transform=\"translate({cx:.2} {cy:.2}) rotate({:.1})\"><line x1=\"{:.2}\" y1=\"0\" x2=\"{:.2}\" y2=\"0\" stroke=\"#d0d0d0\" stroke-width=\"{:.2}\"/></g>",
                b.rotation,
                -bw / 2.0 + bh * 0.2,
                bw / 2.0 - bh * 0.2,
                bh * 0.06
            );
        }
    }
    // Kings in check glow under the piece.
    for p in scene.pieces.iter().filter(|p| p.checked) {
        let _ = writeln!(
            o,
            "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" {}/>",
            p.centre.x * U,
            p.centre.y * U,
            p.size * U * 0.52,
            fill(tone::CHECK)
        );
    }
    for p in &scene.pieces {
        let s = p.size * U / 100.0;
        let _ = writeln!(
            o,
            "<use xlink:href=\"#{}.{}\" transform=\"translate({:.2} {:.2}) rotate({:.1}) scale({s:.4}) translate(-50 -50)\"{}/>",
            p.glyph,
            p.army,
            p.centre.x * U,
            p.centre.y * U,
            p.rotation,
            if p.grey { " opacity=\"0.85\"" } else { "" }
        );
        if let Some(wa) = p.walk {
            // A small chevron at the edge of the piece, pointing the way the pawn walks.
            let r = wa.to_radians();
            let (dx, dy) = (r.sin(), -r.cos());
            let (px, py) = (-dy, dx);
            let d = p.size * U * 0.46;
            let a = p.size * U * 0.12;
            let (cx, cy) = (p.centre.x * U + dx * d, p.centre.y * U + dy * d);
            let _ = writeln!(
                o,
                "<polygon points=\"{:.2},{:.2} {:.2},{:.2} {:.2},{:.2}\" fill=\"#f0f0f0\" stroke=\"#101010\" stroke-width=\"{:.2}\"/>",
                cx + dx * a,
                cy + dy * a,
                cx + px * a - dx * a * 0.3,
                cy + py * a - dy * a * 0.3,
                cx - px * a - dx * a * 0.3,
                cy - py * a - dy * a * 0.3,
                a * 0.15
            );
        }
    }
    // Hand counts.
    for s in scene.hands.iter().filter(|s| s.count > 1) {
        let poly = &s.polygon;
        let size = ((poly[1].x - poly[0].x).powi(2) + (poly[1].y - poly[0].y).powi(2)).sqrt() * U;
        text(
            &mut o,
            &s.count.to_string(),
            (s.centre.x * U) + size * 0.32,
            (s.centre.y * U) + size * 0.32,
            size * 0.3,
            Colour::rgb(0x101010),
            0.0,
        );
    }
    // Legal targets: a dot on an empty cell, a ring round a piece that can be taken.
    for c in scene.cells.iter().filter(|c| c.target) {
        let size = rookery_core::scene::area(&c.polygon).sqrt() * U;
        if c.capture {
            let _ = writeln!(
                o,
                "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"{:.2}\" stroke-width=\"{:.2}\"/>",
                c.centre.x * U,
                c.centre.y * U,
                size * 0.44,
                tone::TARGET.hex(),
                tone::TARGET.opacity(),
                size * 0.08
            );
        } else {
            let _ = writeln!(
                o,
                "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" {}/>",
                c.centre.x * U,
                c.centre.y * U,
                size * 0.15,
                fill(tone::TARGET)
            );
        }
    }
    let _ = PieceAt::Cell(0);
    o.push_str("</svg>\n");
    o
}

/// The scene as PNG bytes, `width_px` wide.
pub fn png(scene: &Scene, width_px: u32) -> Result<Vec<u8>, String> {
    let pixmap = pixmap(scene, width_px)?;
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// The scene rasterised (premultiplied RGBA).
pub fn pixmap(scene: &Scene, width_px: u32) -> Result<resvg::tiny_skia::Pixmap, String> {
    let text = svg(scene, width_px);
    let tree = resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default())
        .map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pm = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or("empty image".to_string())?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pm.as_mut(),
    );
    Ok(pm)
}
