//! Reading Rust sources as text, for the tests that scan the code (`idscan.rs`, `layering.rs`;
//! each includes this file with `#[path = "support/source.rs"] mod source;`).

use std::path::{Path, PathBuf};

/// The source files under `dir` whose names end with `ext`, sorted, each with its path relative
/// to `base` (with `/`). Test and build folders are not walked, nor are test files
/// (`tests.rs`, `*_tests.rs`) listed: the scans read the shipped code only. A missing folder
/// has no files.
pub fn files(base: &Path, dir: &str, ext: &str) -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if p.is_dir() {
                if !["test", "tests", "Tests", "build", "target", "generated"]
                    .contains(&name.as_str())
                {
                    walk(&p, ext, out);
                }
            } else if name.ends_with(ext) && name != "tests.rs" && !name.ends_with("_tests.rs") {
                out.push(p);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&base.join(dir), ext, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(base)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            (p, rel)
        })
        .collect()
}

/// The lines of a Rust file that are not test code, numbered from 1: an item after
/// `#[cfg(test)]` is skipped (to its closing brace, or its `;`).
pub fn non_test_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, l)) = lines.next() {
        if l.trim() == "#[cfg(test)]" {
            let (mut depth, mut opened) = (0i32, false);
            for (_, l) in lines.by_ref() {
                for ch in l.chars() {
                    match ch {
                        '{' => {
                            depth += 1;
                            opened = true
                        }
                        '}' => depth -= 1,
                        _ => {}
                    }
                }
                if (opened && depth <= 0) || (!opened && l.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        out.push((i + 1, l));
    }
    out
}
