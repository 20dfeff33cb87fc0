//! User-facing words from `assets/i18n/en.json` (the terminal player speaks English).

use std::collections::HashMap;
use std::sync::LazyLock;

static EN: LazyLock<HashMap<String, String>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../assets/i18n/en.json")).unwrap_or_default()
});

/// The English text of `key` (the key itself when missing, so nothing is ever blank).
pub fn t(key: &str) -> String {
    EN.get(key).cloned().unwrap_or_else(|| key.to_string())
}

/// `t(key)` with `{name}` placeholders filled.
pub fn tf(key: &str, args: &[(&str, &str)]) -> String {
    let mut s = t(key);
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

/// The display name of a game id.
pub fn game_name(id: &str) -> String {
    let k = format!("game.{id}.name");
    match EN.get(&k) {
        Some(s) => s.clone(),
        None => id.to_string(),
    }
}

/// One line about a game.
pub fn game_blurb(id: &str) -> String {
    EN.get(&format!("game.{id}.blurb"))
        .cloned()
        .unwrap_or_default()
}

/// The display name of a seat colour ("white" -> "White").
pub fn colour_name(colour: &str) -> String {
    match EN.get(&format!("colour.{colour}")) {
        Some(s) => s.clone(),
        None => {
            let mut c = colour.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_come_from_the_english_assets() {
        assert_eq!(game_name("chess"), "Chess");
        assert_eq!(colour_name("white"), "White");
        assert_eq!(tf("seat.bot", &[("level", "2")]), "Bot, level 2");
        assert_eq!(t("no.such.key"), "no.such.key");
    }
}
