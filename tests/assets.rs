//! User-facing text lives in assets/i18n; every language must be complete.

use std::collections::BTreeMap;

fn load(lang: &str) -> BTreeMap<String, String> {
    let path = format!("{}/../assets/i18n/{lang}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn placeholders(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s
        .split('{')
        .skip(1)
        .filter_map(|p| p.split_once('}').map(|(a, _)| a.to_string()))
        .collect();
    v.sort();
    v
}

#[test]
fn every_language_has_every_key_with_the_same_placeholders() {
    let en = load("en");
    for lang in ["sk"] {
        let other = load(lang);
        for (k, v) in &en {
            let o = other.get(k).unwrap_or_else(|| panic!("{lang} lacks {k}"));
            assert!(!o.trim().is_empty(), "{lang}: {k} is empty");
            assert_eq!(
                placeholders(v),
                placeholders(o),
                "{lang}: placeholders of {k}"
            );
        }
        for k in other.keys() {
            assert!(en.contains_key(k), "{lang} has {k}, English does not");
        }
    }
}

#[test]
fn every_game_and_seat_colour_has_a_name() {
    let en = load("en");
    for g in rookery_core::rules::catalogue() {
        for key in [
            format!("game.{}.name", g.id),
            format!("game.{}.blurb", g.id),
        ] {
            assert!(en.contains_key(&key), "missing {key}");
        }
        if let Ok(v) = rookery_core::rules::variant(g.id) {
            for p in &v.pieces {
                let key = format!("piece.{}", p.name.replace(' ', "-"));
                assert!(en.contains_key(&key), "{}: missing {key}", g.id);
            }
            for s in &v.seats {
                assert!(
                    en.contains_key(&format!("colour.{}", s.colour)),
                    "colour {}",
                    s.colour
                );
            }
        }
    }
}
