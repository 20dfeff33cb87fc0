//! Embeds every piece image of assets/pieces/ and the label glyphs in the renderer.
use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/pieces");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("assets/pieces")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    names.sort();
    let mut out = String::from(
        "/// (glyph id, SVG text) of every piece image.\npub static PIECES: &[(&str, &str)] = &[\n",
    );
    for n in &names {
        let path = dir.join(n);
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            out,
            "    ({:?}, include_str!({:?})),",
            n.trim_end_matches(".svg"),
            path.canonicalize().unwrap().display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let labels = dir.join("labels.json").canonicalize().unwrap();
    println!("cargo:rerun-if-changed={}", labels.display());
    writeln!(
        out,
        "/// Label glyph outlines.\npub static LABELS: &str = include_str!({:?});",
        labels.display().to_string()
    )
    .unwrap();
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("assets.rs");
    std::fs::write(dest, out).unwrap();
}
