//! User-facing words of the terminal player, in the language chosen at start
//! (`crate::i18n`: `assets/i18n/<lang>.ftl`).

pub use crate::i18n::{error_text, list_and, score_reason, t, tf, tn};

/// The display name of a game id.
pub fn game_name(id: &str) -> String {
    let k = format!("game-{id}-name");
    if crate::i18n::has(&k) {
        t(&k)
    } else {
        id.to_string()
    }
}

/// One line about a game.
pub fn game_blurb(id: &str) -> String {
    let k = format!("game-{id}-blurb");
    if crate::i18n::has(&k) {
        t(&k)
    } else {
        String::new()
    }
}

/// The display name of a seat colour ("white" -> "White").
pub fn colour_name(colour: &str) -> String {
    let k = format!("colour-{colour}");
    if crate::i18n::has(&k) {
        t(&k)
    } else {
        let mut c = colour.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect())
            .unwrap_or_default()
    }
}

/// The display name of a piece type (`name` as the variant calls it: "knight", "alfil").
pub fn piece_name(name: &str) -> String {
    let k = format!("piece-{}", name.replace(' ', "-"));
    if crate::i18n::has(&k) {
        t(&k)
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_come_from_the_assets_of_the_language() {
        assert_eq!(game_name("chess"), "Chess");
        assert_eq!(colour_name("white"), "White");
        assert_eq!(tf("seat-bot", &[("level", "2")]), "Bot, level 2");
        assert_eq!(t("no.such.key"), "no.such.key");
        crate::i18n::with_language("sk", || {
            assert_eq!(game_name("chess"), "Šach");
            assert_eq!(colour_name("black"), "Čierny");
            assert_eq!(piece_name("rook"), "Veža");
            assert_eq!(game_name("no-such-game"), "no-such-game");
        });
    }
}
