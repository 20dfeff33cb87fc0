//! The core's modules form layers a newcomer can draw, each using only the layers below it:
//!
//! ```text
//! error, rng → board → piece → variant, rules (the Rules interface and shared data)
//!   → position → movegen, movetext → game, tree → notation → message → families (rules/<game>.rs)
//!   → registry (rules/registry.rs) → search → view, interact → scene → present → store → bot, levels
//! ```
//!
//! This test reads every non-test line of core/src (comments dropped) for the modules it names
//! (`use crate::x`, `crate::x::...`, `use crate::{x, y}`) and fails on a name that points
//! upward, except the few edges of [`EXCEPTIONS`], each with its reason. A file that imports
//! `crate::rules` itself is read for its `rules::x` paths too. Inside `rules/`, `mod.rs` is the
//! unit `rules` (the `Rules` trait and shared data), `registry.rs` the unit `registry` (every
//! game's row, the lookups by id) and every other file the unit `families`. A name `rules`
//! re-exports from the registry (`rules::variant`) is the registry's.

use std::collections::BTreeSet;
use std::path::Path;

#[path = "support/source.rs"]
mod source;

/// The layers, lowest first; a unit may use its own layer and those below.
const LAYERS: &[&[&str]] = &[
    &["error", "rng"],
    &["board"],
    &["piece"],
    &["variant", "rules"],
    &["position"],
    &["movegen", "movetext"],
    &["game", "tree"],
    &["notation"],
    &["message"],
    &["families"],
    &["registry"],
    &["search"],
    &["view", "interact"],
    &["scene"],
    &["present"],
    &["store"],
    &["bot", "levels"],
    &["lib"],
];

/// Upward edges that stay, as (from, to, why).
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    // the one inversion: the variant carries `&'static dyn Rules`, every layer calls a game's
    // hooks through it, and the hooks' signatures name what they act on
    (
        "rules",
        "position",
        "the Rules trait's hooks take and give positions",
    ),
    (
        "rules",
        "game",
        "the Rules trait's hooks judge actions (Ctx, Outcome, Choice)",
    ),
    (
        "rules",
        "message",
        "Rules::button labels a move's button with a message",
    ),
    (
        "notation",
        "registry",
        "game records name their game (PGN's and PGN4's Variant tag, KIF's board) and read it back by id",
    ),
];

fn layer(unit: &str) -> usize {
    LAYERS
        .iter()
        .position(|l| l.contains(&unit))
        .unwrap_or_else(|| panic!("module {unit} has no layer: add it to LAYERS"))
}

/// The unit of a file under core/src.
fn unit_of(rel: &str) -> String {
    let first = rel.split('/').next().unwrap().trim_end_matches(".rs");
    if rel == "rules/registry.rs" {
        "registry".into()
    } else if first == "rules" && rel != "rules/mod.rs" {
        "families".into()
    } else {
        first.into()
    }
}

fn ident(s: &str) -> String {
    s.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The names `rules` re-exports from the registry (`pub use registry::{...}` in rules/mod.rs).
fn registry_names(src: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(src.join("rules/mod.rs")).unwrap();
    let mut names: BTreeSet<String> = ["registry".to_string()].into();
    if let Some(i) = text.find("pub use registry::{") {
        let group = &text[i + "pub use registry::{".len()..];
        names.extend(group.split('}').next().unwrap_or("").split(',').map(ident));
    }
    names
}

/// The units a path `crate::<rest>` names (`rules::{self, four}` names two).
fn targets(rest: &str, families: &BTreeSet<String>, registry: &BTreeSet<String>) -> Vec<String> {
    let first = ident(rest);
    // the crate root's re-exports (lib.rs)
    let first = match first.as_str() {
        "Error" | "Result" => "error".to_string(),
        "Action" | "Game" | "Outcome" => "game".to_string(),
        "Move" | "Position" => "position".to_string(),
        _ => first,
    };
    if first != "rules" {
        return vec![first];
    }
    let after = rest["rules".len()..].strip_prefix("::").unwrap_or("");
    let names: Vec<String> = match after.strip_prefix('{') {
        Some(group) => group
            .split('}')
            .next()
            .unwrap_or("")
            .split(',')
            .map(ident)
            .collect(),
        None => vec![ident(after)],
    };
    names
        .into_iter()
        .map(|n| {
            if families.contains(&n) {
                "families".to_string()
            } else if registry.contains(&n) {
                "registry".to_string()
            } else {
                "rules".to_string()
            }
        })
        .collect()
}

/// The lines of a file that are not test code or comments: an item after `#[cfg(test)]` is
/// skipped (to its closing brace or `;`), and files named `tests.rs` or `*_tests.rs` are test
/// code.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    source::non_test_lines(text)
        .into_iter()
        .map(|(n, l)| (n, l.split("//").next().unwrap_or("").to_string()))
        .collect()
}

/// Every (from, to, where) edge of core/src.
fn edges() -> Vec<(String, String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let families: BTreeSet<String> = std::fs::read_dir(src.join("rules"))
        .unwrap()
        .flatten()
        .map(|e| {
            e.file_name()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .filter(|n| n != "mod" && n != "registry")
        .collect();
    let registry = registry_names(&src);
    let mut out = Vec::new();
    for (p, rel) in source::files(&src, "", ".rs") {
        let from = unit_of(&rel);
        let text = std::fs::read_to_string(&p).unwrap();
        // the code joined, so a group `crate::rules::{a,\n b}` over several lines is read whole
        let code: Vec<(usize, String)> = code_lines(&text);
        let joined: String = code
            .iter()
            .map(|(_, l)| l.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        for (i, _) in joined.match_indices("crate::") {
            let line = code[joined[..i].matches('\n').count()].0;
            for t in targets(&joined[i + "crate::".len()..], &families, &registry) {
                out.push((from.clone(), t, format!("{rel}:{line}")));
            }
        }
        // `use crate::rules;` (or `crate::rules::{self, ..}`): its `rules::x` paths name units too
        let imports_rules =
            joined.contains("use crate::rules;") || joined.contains("crate::rules::{self");
        if imports_rules {
            for (i, _) in joined.match_indices("rules::") {
                let before = &joined[..i];
                if before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let line = code[before.matches('\n').count()].0;
                for t in targets(&joined[i..], &families, &registry) {
                    out.push((from.clone(), t, format!("{rel}:{line}")));
                }
            }
        }
        // rules/mod.rs names its child modules (the families) without `crate::`
        if from == "rules" {
            for (n, l) in &code {
                let names_family = families.iter().any(|f| {
                    l.match_indices(&format!("{f}::")).any(|(i, _)| {
                        !l[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
                    })
                });
                if names_family {
                    out.push((from.clone(), "families".into(), format!("{rel}:{n}")));
                }
            }
        }
    }
    out.retain(|(from, to, _)| from != to && !to.is_empty());
    out
}

#[test]
fn no_module_uses_a_layer_above_its_own() {
    let mut upward = BTreeSet::new();
    let mut wheres: Vec<String> = Vec::new();
    for (from, to, at) in edges() {
        if layer(&to) > layer(&from) {
            let excused = EXCEPTIONS.iter().any(|(f, t, _)| *f == from && *t == to);
            if !excused {
                wheres.push(format!("{from} -> {to} at {at}"));
            }
            upward.insert((from, to, excused));
        }
    }
    for (from, to, excused) in &upward {
        println!(
            "{from} -> {to}{}",
            if *excused { " (exception)" } else { "" }
        );
    }
    println!(
        "{} upward module edges, {} of them exceptions",
        upward.len(),
        EXCEPTIONS.len()
    );
    assert!(
        wheres.is_empty(),
        "imports that point upward (move the code down, or name the exception with its reason):\n{}",
        wheres.join("\n")
    );
}

#[test]
fn every_exception_is_still_needed() {
    let edges = edges();
    for (from, to, why) in EXCEPTIONS {
        assert!(
            edges.iter().any(|(f, t, _)| f == from && t == to),
            "the exception {from} -> {to} ({why}) is no longer used: remove it"
        );
    }
}
