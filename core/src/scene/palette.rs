//! Colours of the board scene: army palettes (up to eight armies plus grey and a neutral piece)
//! and board tones. The army colours were chosen so that every pair stays apart for people with
//! protanopia, deuteranopia and tritanopia; `tests::armies_stay_apart_under_colour_vision_deficiency`
//! checks it (Machado et al. 2009 simulation, severity 1.0, CIEDE2000 difference) and
//! docs/ARCHITECTURE.md ("Board scene") states the measured minimum.

/// An sRGB colour with alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Colour {
    pub const fn rgb(hex: u32) -> Colour {
        Colour {
            r: (hex >> 16) as u8,
            g: (hex >> 8) as u8,
            b: hex as u8,
            a: 255,
        }
    }
    pub const fn rgba(hex: u32, a: u8) -> Colour {
        let c = Colour::rgb(hex);
        Colour { a, ..c }
    }
    /// `#rrggbb` (alpha is not part of it).
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
    /// Opacity 0..1.
    pub fn opacity(&self) -> f32 {
        self.a as f32 / 255.0
    }
    /// 0xAARRGGBB, the form Android and iOS colour constructors take.
    pub fn argb(&self) -> u32 {
        (self.a as u32) << 24 | (self.r as u32) << 16 | (self.g as u32) << 8 | self.b as u32
    }
}

/// How one army's pieces are painted.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyColours {
    /// Colour id (`white`, `red`, ..., `grey`, `neutral`).
    pub id: String,
    /// Fill of western pieces.
    pub body: Colour,
    /// Outline and details of western pieces (light on dark bodies).
    pub ink: Colour,
    /// Characters and rings on wooden discs and pentagons.
    pub mark: Colour,
}

/// Colour ids with their (body, ink, mark) colours. Order matters only for lookups.
const ARMIES: &[(&str, u32, u32, u32)] = &[
    ("white", 0xf6f3ea, 0x1d1d1d, 0x1d1d1d),
    ("black", 0x262626, 0xf0f0f0, 0x1d1d1d),
    ("red", 0xa22214, 0xf0f0f0, 0xb8200f),
    ("blue", 0x5d95ed, 0x1d1d1d, 0x1f55b0),
    ("yellow", 0xf3ca13, 0x1d1d1d, 0x8a6d00),
    ("green", 0x137260, 0xf0f0f0, 0x137260),
    ("purple", 0x8719b3, 0xf0f0f0, 0x7a1aa0),
    // orange was 0xc5742f: CIEDE2000 9.9 from the dark square (eight-player on brown)
    ("orange", 0xec6038, 0x1d1d1d, 0xa85a18),
    ("grey", 0x9d9d9d, 0x3a3a3a, 0x6a6a6a),
    ("neutral", 0xf2c12e, 0x1d1d1d, 0x1d1d1d),
];

/// The palette of a colour id (unknown ids get grey).
pub fn army(id: &str) -> ArmyColours {
    let &(id, body, ink, mark) = ARMIES
        .iter()
        .find(|a| a.0 == id)
        .unwrap_or(&ARMIES[ARMIES.len() - 2]);
    ArmyColours {
        id: id.to_string(),
        body: Colour::rgb(body),
        ink: Colour::rgb(ink),
        mark: Colour::rgb(mark),
    }
}

/// Every colour id that armies use, grey included (not the neutral duck).
pub fn army_ids() -> Vec<&'static str> {
    ARMIES
        .iter()
        .map(|a| a.0)
        .filter(|&id| id != "neutral")
        .collect()
}

/// Board tones.
pub mod tone {
    use super::Colour;
    pub const BACKGROUND: Colour = Colour::rgb(0x2b2d31);
    pub const LIGHT: Colour = Colour::rgb(0xf0d9b5);
    pub const DARK: Colour = Colour::rgb(0xb58863);
    pub const WOOD: Colour = Colour::rgb(0xe8c483);
    pub const LINE: Colour = Colour::rgb(0x4a3020);
    pub const OUTLINE: Colour = Colour::rgb(0x1a1a1a);
    pub const LABEL: Colour = Colour::rgb(0xd8d8d8);
    pub const ZONE: Colour = Colour::rgba(0x8a4b14, 70);
    pub const RIVER: Colour = Colour::rgba(0x6fa8c8, 70);
    pub const BAR: Colour = Colour::rgb(0x3b3e45);
    pub const BAR_TURN: Colour = Colour::rgb(0x5a6275);
    pub const HAND: Colour = Colour::rgb(0xc9a46a);
    pub const LAST_MOVE: Colour = Colour::rgba(0xe8d84a, 110);
    pub const SELECTED: Colour = Colour::rgba(0x3c8cff, 120);
    pub const TARGET: Colour = Colour::rgba(0x1e3c1e, 110);
    pub const CHECK: Colour = Colour::rgba(0xff2020, 170);
    pub const FOG: Colour = Colour::rgb(0x55585f);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn lin(c: u8) -> f64 {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// Machado, Oliveira & Fernandes (2009) simulation matrices for severity 1.0, applied to
    /// linear RGB.
    const PROTAN: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTAN: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    const TRITAN: [[f64; 3]; 3] = [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ];
    const NORMAL: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    fn lab(c: Colour, m: &[[f64; 3]; 3]) -> [f64; 3] {
        let l = [lin(c.r), lin(c.g), lin(c.b)];
        let s: Vec<f64> = (0..3)
            .map(|i| (m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]).clamp(0.0, 1.0))
            .collect();
        let x = 0.4124564 * s[0] + 0.3575761 * s[1] + 0.1804375 * s[2];
        let y = 0.2126729 * s[0] + 0.7151522 * s[1] + 0.0721750 * s[2];
        let z = 0.0193339 * s[0] + 0.1191920 * s[1] + 0.9503041 * s[2];
        let f = |t: f64| {
            if t > 216.0 / 24389.0 {
                t.cbrt()
            } else {
                (24389.0 / 27.0 * t + 16.0) / 116.0
            }
        };
        let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// CIEDE2000 colour difference.
    pub fn de2000(a: [f64; 3], b: [f64; 3]) -> f64 {
        use std::f64::consts::PI;
        let (l1, a1, b1) = (a[0], a[1], a[2]);
        let (l2, a2, b2) = (b[0], b[1], b[2]);
        let c1 = (a1 * a1 + b1 * b1).sqrt();
        let c2 = (a2 * a2 + b2 * b2).sqrt();
        let cm = (c1 + c2) / 2.0;
        let g = 0.5 * (1.0 - (cm.powi(7) / (cm.powi(7) + 25f64.powi(7))).sqrt());
        let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
        let (c1p, c2p) = ((a1p * a1p + b1 * b1).sqrt(), (a2p * a2p + b2 * b2).sqrt());
        let hp = |b: f64, a: f64| {
            if a == 0.0 && b == 0.0 {
                0.0
            } else {
                let h = b.atan2(a).to_degrees();
                if h < 0.0 {
                    h + 360.0
                } else {
                    h
                }
            }
        };
        let (h1p, h2p) = (hp(b1, a1p), hp(b2, a2p));
        let dlp = l2 - l1;
        let dcp = c2p - c1p;
        let mut dhp = h2p - h1p;
        if c1p * c2p != 0.0 {
            if dhp > 180.0 {
                dhp -= 360.0
            } else if dhp < -180.0 {
                dhp += 360.0
            }
        } else {
            dhp = 0.0
        }
        let dhp_big = 2.0 * (c1p * c2p).sqrt() * (dhp.to_radians() / 2.0).sin();
        let lpm = (l1 + l2) / 2.0;
        let cpm = (c1p + c2p) / 2.0;
        let hpm = if c1p * c2p == 0.0 {
            h1p + h2p
        } else if (h1p - h2p).abs() <= 180.0 {
            (h1p + h2p) / 2.0
        } else if h1p + h2p < 360.0 {
            (h1p + h2p + 360.0) / 2.0
        } else {
            (h1p + h2p - 360.0) / 2.0
        };
        let t = 1.0 - 0.17 * (hpm - 30.0).to_radians().cos()
            + 0.24 * (2.0 * hpm).to_radians().cos()
            + 0.32 * (3.0 * hpm + 6.0).to_radians().cos()
            - 0.20 * (4.0 * hpm - 63.0).to_radians().cos();
        let dtheta = 30.0 * (-((hpm - 275.0) / 25.0).powi(2)).exp();
        let rc = 2.0 * (cpm.powi(7) / (cpm.powi(7) + 25f64.powi(7))).sqrt();
        let sl = 1.0 + 0.015 * (lpm - 50.0).powi(2) / (20.0 + (lpm - 50.0).powi(2)).sqrt();
        let sc = 1.0 + 0.045 * cpm;
        let sh = 1.0 + 0.015 * cpm * t;
        let rt = -(2.0 * dtheta * PI / 180.0).sin() * rc;
        ((dlp / sl).powi(2)
            + (dcp / sc).powi(2)
            + (dhp_big / sh).powi(2)
            + rt * (dcp / sc) * (dhp_big / sh))
            .sqrt()
    }

    /// The smallest CIEDE2000 difference between two army bodies, per vision.
    pub fn min_differences() -> Vec<(&'static str, f64, String, String)> {
        let ids = army_ids();
        let mut out = Vec::new();
        for (name, m) in [
            ("normal", &NORMAL),
            ("protanopia", &PROTAN),
            ("deuteranopia", &DEUTAN),
            ("tritanopia", &TRITAN),
        ] {
            let mut best = (f64::MAX, String::new(), String::new());
            for (i, a) in ids.iter().enumerate() {
                for b in &ids[i + 1..] {
                    let d = de2000(lab(army(a).body, m), lab(army(b).body, m));
                    if d < best.0 {
                        best = (d, a.to_string(), b.to_string());
                    }
                }
            }
            out.push((name, best.0, best.1, best.2));
        }
        out
    }

    #[test]
    fn de2000_matches_the_published_test_pair() {
        // Sharma, Wu & Dalal (2005), pair 1: 2.0425.
        let d = de2000([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]);
        assert!((d - 2.0425).abs() < 1e-3, "{d}");
    }

    /// Every army's body against each square tone it may stand on (light, dark, shogi wood),
    /// normal vision: at least 11.5 (white on the light square, as every chess set has it,
    /// is the lowest at 11.8; pieces also carry their ink outline).
    #[test]
    fn armies_stand_out_on_their_squares() {
        let mut worst = (f64::MAX, "", "");
        for id in army_ids() {
            for (name, sq) in [
                ("light", tone::LIGHT),
                ("dark", tone::DARK),
                ("wood", tone::WOOD),
            ] {
                let d = de2000(lab(army(id).body, &NORMAL), lab(sq, &NORMAL));
                println!("{id} on {name}: CIEDE2000 {d:.1}");
                if d < worst.0 {
                    worst = (d, id, name);
                }
            }
        }
        let (d, id, sq) = worst;
        assert!(d >= 11.5, "{id} on the {sq} square differs by only {d:.1}");
    }

    #[test]
    fn armies_stay_apart_under_colour_vision_deficiency() {
        for (vision, d, a, b) in min_differences() {
            println!("{vision}: minimum CIEDE2000 {d:.1} ({a} / {b})");
            assert!(d >= 15.0, "{vision}: {a} and {b} differ by only {d:.1}");
        }
    }
}
