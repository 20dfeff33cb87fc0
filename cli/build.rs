//! Embeds the user-facing text into the terminal player: every `assets/i18n/<lang>.ftl` and every
//! `assets/rules/<lang>/<game-id>.md`, found by listing the folders, so a language is added by
//! adding files. (tests/Cargo.toml runs this same script for its copy of the CLI.)

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn sorted_files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    v
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("../assets");
    let i18n = root.join("i18n");
    let rules = root.join("rules");
    println!("cargo:rerun-if-changed={}", i18n.display());
    println!("cargo:rerun-if-changed={}", rules.display());
    let mut out = String::from("/// (language, Fluent source) for every assets/i18n/*.ftl\npub static FTL: &[(&str, &str)] = &[\n");
    for f in sorted_files(&i18n, "ftl") {
        let lang = f.file_stem().unwrap().to_string_lossy().to_string();
        let path = f.canonicalize().unwrap();
        writeln!(
            out,
            "    ({lang:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n/// (language, game id, Markdown) for every assets/rules/<lang>/<game-id>.md\npub static RULES: &[(&str, &str, &str)] = &[\n");
    let mut langs: Vec<PathBuf> = std::fs::read_dir(&rules)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    langs.sort();
    for dir in langs {
        println!("cargo:rerun-if-changed={}", dir.display());
        let lang = dir.file_name().unwrap().to_string_lossy().to_string();
        for f in sorted_files(&dir, "md") {
            let id = f.file_stem().unwrap().to_string_lossy().to_string();
            let path = f.canonicalize().unwrap();
            writeln!(
                out,
                "    ({lang:?}, {id:?}, include_str!({:?})),",
                path.display().to_string()
            )
            .unwrap();
        }
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("assets.rs");
    std::fs::write(dest, out).unwrap();
}
