//! Reading Rust sources as text, for the tests that scan the code (`idscan.rs`, `layering.rs`;
//! each includes this file with `#[path = "support/source.rs"] mod source;`).

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
