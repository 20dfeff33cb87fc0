//! The terminal player's languages: the Fluent messages of `assets/i18n/<lang>.ftl` and the rules
//! pages of `assets/rules/<lang>/<game-id>.md`, embedded at build time (build.rs lists the
//! folders, so a language is added by adding files). English is the source language and the
//! fallback for anything missing.
//!
//! The language is chosen once at start (`--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG`);
//! [`with_language`] overrides it for the current thread (tests).

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

/// The source language: every message exists in it, and it is the fallback.
pub const SOURCE: &str = "en";

struct Lang {
    code: &'static str,
    bundle: FluentBundle<FluentResource>,
}

static LANGS: LazyLock<Vec<Lang>> = LazyLock::new(|| {
    embedded::FTL
        .iter()
        .map(|&(code, src)| {
            let id: LanguageIdentifier = code.parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // the terminal draws text left to right; bidi isolation marks would show as junk
            bundle.set_use_isolating(false);
            let res = FluentResource::try_new(src.to_string()).unwrap_or_else(|(r, _)| r);
            let _ = bundle.add_resource(res);
            Lang { code, bundle }
        })
        .collect()
});

static CURRENT: AtomicUsize = AtomicUsize::new(usize::MAX);

thread_local! {
    static OVERRIDE: Cell<Option<usize>> = const { Cell::new(None) };
}

fn index_of(code: &str) -> Option<usize> {
    LANGS.iter().position(|l| l.code == code)
}

fn current() -> usize {
    if let Some(i) = OVERRIDE.with(Cell::get) {
        return i;
    }
    match CURRENT.load(Ordering::Relaxed) {
        usize::MAX => index_of(SOURCE).unwrap_or(0),
        i => i,
    }
}

/// Every language with a message file, sorted.
pub fn languages() -> Vec<&'static str> {
    LANGS.iter().map(|l| l.code).collect()
}

/// The language in use.
pub fn language() -> &'static str {
    LANGS.get(current()).map_or(SOURCE, |l| l.code)
}

/// Chooses the language of the whole program.
pub fn set_language(code: &str) -> Result<(), String> {
    let i = index_of(code).ok_or_else(|| {
        format!(
            "no language '{code}' (there are: {})",
            languages().join(", ")
        )
    })?;
    CURRENT.store(i, Ordering::Relaxed);
    Ok(())
}

/// Runs `f` with `code` as the language of this thread only (tests; names saved in another
/// language).
pub fn with_language<T>(code: &str, f: impl FnOnce() -> T) -> T {
    let before = OVERRIDE.with(Cell::get);
    OVERRIDE.with(|o| o.set(index_of(code)));
    let r = f();
    OVERRIDE.with(|o| o.set(before));
    r
}

/// The language a POSIX locale value names (`sk_SK.UTF-8` -> `sk`), if it is one we have.
pub fn language_of_locale(value: &str) -> Option<&'static str> {
    let code = value
        .split(['_', '.', '@', '-'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    index_of(&code).map(|i| LANGS[i].code)
}

/// The language to use: `--lang` if given (it must exist), else the first of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` that is set and not empty, if we have that language, else English.
pub fn choose_language(
    flag: Option<&str>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<&'static str, String> {
    if let Some(code) = flag {
        return index_of(code).map(|i| LANGS[i].code).ok_or_else(|| {
            format!(
                "no language '{code}' (there are: {})",
                languages().join(", ")
            )
        });
    }
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        if let Some(v) = env(var).filter(|v| !v.is_empty()) {
            // the first variable that is set decides, as POSIX says
            return Ok(language_of_locale(&v).unwrap_or(SOURCE));
        }
    }
    Ok(SOURCE)
}

/// Sets the language from `--lang` and the environment.
pub fn init_language(flag: Option<&str>) -> Result<(), String> {
    let code = choose_language(flag, |v| std::env::var(v).ok())?;
    set_language(code)
}

fn format(key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let try_in = |i: usize| -> Option<String> {
        let l = LANGS.get(i)?;
        let msg = l.bundle.get_message(key)?;
        let pattern = msg.value()?;
        let mut errors = Vec::new();
        Some(
            l.bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned(),
        )
    };
    try_in(current()).or_else(|| index_of(SOURCE).and_then(try_in))
}

/// The text of `key` (the key itself when no language has it, so nothing is ever blank).
pub fn t(key: &str) -> String {
    format(key, None).unwrap_or_else(|| key.to_string())
}

/// Whether a message exists in the source language.
pub fn has(key: &str) -> bool {
    index_of(SOURCE).is_some_and(|i| LANGS[i].bundle.has_message(key))
}

/// `t(key)` with `{ $name }` variables filled with text.
pub fn tf(key: &str, args: &[(&str, &str)]) -> String {
    let mut a = FluentArgs::new();
    for (k, v) in args {
        a.set(*k, FluentValue::from(*v));
    }
    format(key, Some(&a)).unwrap_or_else(|| key.to_string())
}

/// A plural message (`points`, `players`, `moves`, `seconds`) for `count`.
pub fn tn(key: &str, count: i64) -> String {
    let mut a = FluentArgs::new();
    a.set("count", FluentValue::from(count));
    format(key, Some(&a)).unwrap_or_else(|| format!("{count} {key}"))
}

/// The rules page of a game in the current language (English if it has none).
pub fn rules_page(game: &str) -> Option<&'static str> {
    let find = |lang: &str| {
        embedded::RULES
            .iter()
            .find(|(l, g, _)| *l == lang && *g == game)
            .map(|(_, _, text)| *text)
    };
    find(language()).or_else(|| find(SOURCE))
}

/// Every embedded rules page: (language, game id, Markdown).
#[allow(dead_code)]
pub fn rules_pages() -> &'static [(&'static str, &'static str, &'static str)] {
    embedded::RULES
}

/// The message key of a core error, with its variables.
pub fn error_text(e: &rookery_core::Error) -> String {
    use rookery_core::Error as E;
    let d = |key: &str, detail: &str| tf(key, &[("detail", detail)]);
    match e {
        E::UnknownGame(g) => d("error-unknown-game", g),
        E::BadFen(m) => d("error-bad-fen", m),
        E::BadMoveText(m) => d("error-bad-move-text", m),
        E::IllegalMove(m) => d("error-illegal-move", m),
        E::GameOver => t("error-game-over"),
        E::NothingToUndo => t("error-nothing-to-undo"),
        E::NothingToRedo => t("error-nothing-to-redo"),
        E::BadSeat(m) => d("error-bad-seat", m),
        E::BadRecord(m) => d("error-bad-record", m),
        E::Store(m) => d("error-store", m),
        E::NoSuchSave(g) => tf("error-no-such-save", &[("game", &g.to_string())]),
        E::CorruptSave { game, detail } => tf(
            "error-corrupt-save",
            &[("game", &game.to_string()), ("detail", detail)],
        ),
        E::NewerSchema {
            game,
            found,
            supported,
        } => tf(
            "error-newer-schema",
            &[
                ("game", &game.to_string()),
                ("found", &found.to_string()),
                ("supported", &supported.to_string()),
            ],
        ),
        E::RolledBack {
            game,
            detail,
            backup,
        } => tf(
            "error-rolled-back",
            &[
                ("game", &game.to_string()),
                ("detail", detail),
                ("backup", backup),
            ],
        ),
        E::StoreUnavailable { path, detail } => tf(
            "error-store-unavailable",
            &[("path", path), ("detail", detail)],
        ),
        E::StoreLocked { path } => tf("error-store-locked", &[("path", path)]),
        E::BadInput(m) => d("error-bad-input", m),
    }
}

/// The message key of a way the game ended (core: `rookery_core::message`).
pub fn end_key(r: rookery_core::game::EndReason) -> &'static str {
    rookery_core::message::end_key(r)
}

/// The message key of a group of games (the menu's headings, `rookery games`).
pub fn group_key(g: rookery_core::rules::Group) -> &'static str {
    use rookery_core::rules::Group;
    match g {
        Group::ChessVariants => "group-chess-variants",
        Group::ChessFamily => "group-chess-family",
        Group::MorePlayers => "group-more-players",
    }
}

/// The text of a finished game's reason, or "no result" for a game cut short (`rookery match`).
pub fn outcome_text(o: Option<&rookery_core::game::Outcome>) -> String {
    match o {
        Some(o) => t(end_key(o.reason)),
        None => t("result-unfinished"),
    }
}

/// The message key of a score event's reason (`Event::Scored.why`, "king captured" ->
/// `score-king-captured`).
pub fn score_key(why: &str) -> String {
    rookery_core::message::score_key(why)
}

/// The text of a score event's reason (the core's own words when no message has it).
pub fn score_reason(why: &str) -> String {
    let k = score_key(why);
    if has(&k) {
        t(&k)
    } else {
        why.to_string()
    }
}

/// Names joined the way the language lists them ("White, Red and Blue").
pub fn list_and(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => tf("list-and", &[("first", &rest.join(", ")), ("last", last)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_the_default_and_the_fallback() {
        assert_eq!(t("colour-white"), "White");
        assert_eq!(t("no-such-key"), "no-such-key");
        assert_eq!(tf("seat-bot", &[("level", "2")]), "Bot, level 2");
    }

    #[test]
    fn slovak_speaks_slovak_with_plural_forms() {
        with_language("sk", || {
            assert_eq!(t("colour-white"), "Biely");
            assert_eq!(t("piece-knight"), "Jazdec");
            assert_eq!(tn("points", 1), "1 bod");
            assert_eq!(tn("points", 3), "3 body");
            assert_eq!(tn("points", 5), "5 bodov");
            assert_eq!(tn("players", 4), "4 hráči");
            assert_eq!(tn("players", 8), "8 hráčov");
            assert_eq!(tn("moves", 3), "3 ťahy");
            assert_eq!(tn("moves", 22), "22 ťahov", "Slovak: 2–4 only, not 22");
            assert_eq!(tn("moves", 100), "100 ťahov");
        });
        assert_eq!(tn("points", 1), "1 point");
        assert_eq!(tn("points", 2), "2 points");
    }

    #[test]
    fn the_language_comes_from_the_flag_then_lc_all_lc_messages_lang() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                vars.iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(choose_language(None, env(&[])), Ok("en"));
        assert_eq!(
            choose_language(None, env(&[("LANG", "sk_SK.UTF-8")])),
            Ok("sk")
        );
        assert_eq!(
            choose_language(None, env(&[("LANG", "sk_SK.UTF-8"), ("LC_ALL", "C")])),
            Ok("en"),
            "LC_ALL wins, and C is English"
        );
        assert_eq!(
            choose_language(None, env(&[("LANG", "en_GB"), ("LC_MESSAGES", "sk")])),
            Ok("sk")
        );
        assert_eq!(
            choose_language(Some("en"), env(&[("LANG", "sk_SK.UTF-8")])),
            Ok("en")
        );
        assert!(choose_language(Some("xx"), env(&[])).is_err());
    }

    #[test]
    fn every_game_has_a_rules_page_in_every_language() {
        for lang in languages() {
            for g in rookery_core::rules::catalogue() {
                assert!(
                    rules_pages()
                        .iter()
                        .any(|(l, id, _)| *l == lang && *id == g.id),
                    "{lang}: no rules page for {}",
                    g.id
                );
            }
        }
    }
}
