//! `rookery i18n`: generates the apps' strings from the one source of user-facing text.
//!
//! Reads `assets/i18n/<lang>.ftl` (Project Fluent, parsed with fluent-syntax) and
//! `assets/rules/<lang>/<game-id>.md`, and writes
//! - `android/app/src/main/res/values[-<lang>]/strings.xml` (`<string>`, `<plurals>`),
//! - `ios/Rookery/Localizable.xcstrings` (an Xcode String Catalog with plural variations),
//! - copies of the rules pages for both apps (`android/app/src/main/assets/rules/<lang>/`,
//!   `ios/Rookery/Rules/<lang>.lproj/`).
//!
//! The output depends only on the input files (sorted, no dates), so it is reproducible;
//! `--check` compares instead of writing (the staleness test in tests/assets.rs runs it).
//! tests/assets.rs also includes this file to check the messages themselves.

#![allow(dead_code)] // also compiled into tests/assets.rs, which uses other parts

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use fluent_syntax::ast;

/// The source language (Android's default `values/`, the catalogue's `sourceLanguage`).
pub const SOURCE: &str = "en";

/// A piece of a message: text or a variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Var(String),
}

/// What a message says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    Plain(Vec<Piece>),
    /// One selection on a number, by plural category: (category, text), default category.
    Plural {
        var: String,
        variants: Vec<(String, Vec<Piece>)>,
        default: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    pub id: String,
    pub body: Body,
}

impl Msg {
    /// The variables in order of first appearance.
    pub fn vars(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut add = |ps: &[Piece]| {
            for p in ps {
                if let Piece::Var(v) = p {
                    if !out.contains(v) {
                        out.push(v.clone());
                    }
                }
            }
        };
        match &self.body {
            Body::Plain(ps) => add(ps),
            Body::Plural { var, variants, .. } => {
                add(&[Piece::Var(var.clone())]);
                for (_, ps) in variants {
                    add(ps);
                }
            }
        }
        out
    }

    /// The plural categories of a plural message (sorted), or None.
    pub fn plural_categories(&self) -> Option<BTreeSet<String>> {
        match &self.body {
            Body::Plural { variants, .. } => {
                Some(variants.iter().map(|(c, _)| c.clone()).collect())
            }
            Body::Plain(_) => None,
        }
    }
}

fn pieces(elems: &[ast::PatternElement<&str>], id: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    for e in elems {
        match e {
            ast::PatternElement::TextElement { value } => push_text(&mut out, value),
            ast::PatternElement::Placeable { expression } => match expression {
                ast::Expression::Inline(ast::InlineExpression::VariableReference { id: v }) => {
                    out.push(Piece::Var(v.name.to_string()))
                }
                ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
                    push_text(&mut out, value)
                }
                _ => {
                    return Err(format!(
                        "{id}: only text, {{ $variables }} and a whole-message plural selection are allowed"
                    ))
                }
            },
        }
    }
    Ok(out)
}

fn push_text(out: &mut Vec<Piece>, s: &str) {
    if let Some(Piece::Text(t)) = out.last_mut() {
        t.push_str(s);
    } else {
        out.push(Piece::Text(s.to_string()));
    }
}

/// Parses a Fluent file into the messages the apps can express; anything else is an error.
pub fn parse_ftl(src: &str) -> Result<Vec<Msg>, String> {
    let res = fluent_syntax::parser::parse(src).map_err(|(_, errs)| {
        errs.iter()
            .map(|e| format!("{e:?}"))
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let mut out = Vec::new();
    for entry in res.body {
        match entry {
            ast::Entry::Message(m) => {
                let id = m.id.name.to_string();
                if !m.attributes.is_empty() {
                    return Err(format!("{id}: attributes are not supported"));
                }
                let value = m.value.ok_or_else(|| format!("{id}: no value"))?;
                let elems = &value.elements;
                let select = elems.iter().filter(|e| {
                    matches!(
                        e,
                        ast::PatternElement::Placeable {
                            expression: ast::Expression::Select { .. }
                        }
                    )
                });
                let body = if select.count() > 0 {
                    let [ast::PatternElement::Placeable {
                        expression: ast::Expression::Select { selector, variants },
                    }] = elems.as_slice()
                    else {
                        return Err(format!(
                            "{id}: a plural selection must be the whole message"
                        ));
                    };
                    let ast::InlineExpression::VariableReference { id: var } = selector else {
                        return Err(format!("{id}: select on a variable"));
                    };
                    let mut vs = Vec::new();
                    let mut default = String::new();
                    for v in variants {
                        let ast::VariantKey::Identifier { name } = &v.key else {
                            return Err(format!("{id}: variant keys must be plural categories"));
                        };
                        if v.default {
                            default = name.to_string();
                        }
                        vs.push((name.to_string(), pieces(&v.value.elements, &id)?));
                    }
                    Body::Plural {
                        var: var.name.to_string(),
                        variants: vs,
                        default,
                    }
                } else {
                    Body::Plain(pieces(elems, &id)?)
                };
                out.push(Msg { id, body });
            }
            ast::Entry::Term(t) => return Err(format!("-{}: terms are not supported", t.id.name)),
            ast::Entry::Junk { content } => return Err(format!("cannot read: {}", content.trim())),
            _ => {}
        }
    }
    Ok(out)
}

/// The CLDR cardinal plural categories of a language (found by asking the rules about
/// integers and decimals).
pub fn plural_categories(lang: &str) -> BTreeSet<String> {
    use intl_pluralrules::{PluralCategory as C, PluralRuleType, PluralRules};
    let id: unic_langid::LanguageIdentifier = lang.parse().unwrap_or_default();
    let Ok(rules) = PluralRules::create(id, PluralRuleType::CARDINAL) else {
        return ["other".to_string()].into();
    };
    let mut out = BTreeSet::new();
    let mut add = |c: C| {
        out.insert(
            match c {
                C::ZERO => "zero",
                C::ONE => "one",
                C::TWO => "two",
                C::FEW => "few",
                C::MANY => "many",
                C::OTHER => "other",
            }
            .to_string(),
        );
    };
    for n in 0..=1000u64 {
        if let Ok(c) = rules.select(n) {
            add(c);
        }
    }
    for s in ["0.5", "1.5", "2.5", "5.5", "0.1", "1.0", "2.0"] {
        if let Ok(c) = rules.select(s) {
            add(c);
        }
    }
    out
}

/// Every language of `assets/i18n` (from the file names), the source first.
pub fn languages(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join("assets/i18n");
    let mut v: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    v.sort_by_key(|l| (l != SOURCE, l.clone()));
    Ok(v)
}

/// The messages of every language.
pub fn load(root: &Path) -> Result<BTreeMap<String, Vec<Msg>>, String> {
    let mut out = BTreeMap::new();
    for lang in languages(root)? {
        let path = root.join(format!("assets/i18n/{lang}.ftl"));
        let src = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        out.insert(
            lang.clone(),
            parse_ftl(&src).map_err(|e| format!("{lang}.ftl: {e}"))?,
        );
    }
    Ok(out)
}

fn android_name(id: &str) -> String {
    id.replace('-', "_")
}

/// Text for Android: XML-escaped, apostrophes and quotes backslashed, `%` doubled when the
/// string is a format.
fn android_text(s: &str, format: bool) -> String {
    let mut o = String::new();
    for (i, c) in s.chars().enumerate() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '\\' => o.push_str("\\\\"),
            '\'' => o.push_str("\\'"),
            '"' => o.push_str("\\\""),
            '\n' => o.push_str("\\n"),
            '%' if format => o.push_str("%%"),
            '@' | '?' if i == 0 => {
                o.push('\\');
                o.push(c);
            }
            c => o.push(c),
        }
    }
    o
}

/// A message's pieces as an Android format (`%1$s`, the plural count `%1$d`).
fn android_format(ps: &[Piece], order: &[String], count: Option<&str>) -> String {
    let format = !order.is_empty();
    let mut o = String::new();
    for p in ps {
        match p {
            Piece::Text(t) => o.push_str(&android_text(t, format)),
            Piece::Var(v) => {
                let n = order.iter().position(|x| x == v).map_or(0, |i| i + 1);
                let kind = if Some(v.as_str()) == count { 'd' } else { 's' };
                let _ = write!(o, "%{n}${kind}");
            }
        }
    }
    o
}

/// A message's pieces as an iOS format (`%@`, `%lld`; positional `%1$@` with several).
fn ios_format(ps: &[Piece], order: &[String], count: Option<&str>) -> String {
    let mut o = String::new();
    for p in ps {
        match p {
            Piece::Text(t) => {
                if order.is_empty() {
                    o.push_str(t)
                } else {
                    o.push_str(&t.replace('%', "%%"))
                }
            }
            Piece::Var(v) => {
                let n = order.iter().position(|x| x == v).map_or(0, |i| i + 1);
                let kind = if Some(v.as_str()) == count {
                    "lld"
                } else {
                    "@"
                };
                if order.len() == 1 {
                    let _ = write!(o, "%{kind}");
                } else {
                    let _ = write!(o, "%{n}${kind}");
                }
            }
        }
    }
    o
}

fn android_xml(lang: &str, msgs: &[Msg], order: &BTreeMap<String, Vec<String>>) -> String {
    let mut o = String::new();
    o.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    let _ = writeln!(
        o,
        "<!-- Generated by `rookery i18n` from assets/i18n/{lang}.ftl. Do not edit. -->"
    );
    o.push_str("<resources>\n");
    for m in msgs {
        let name = android_name(&m.id);
        let ord = order.get(&m.id).cloned().unwrap_or_default();
        match &m.body {
            Body::Plain(ps) => {
                let _ = writeln!(
                    o,
                    "    <string name=\"{name}\">{}</string>",
                    android_format(ps, &ord, None)
                );
            }
            Body::Plural { var, variants, .. } => {
                let _ = writeln!(o, "    <plurals name=\"{name}\">");
                for (cat, ps) in variants {
                    let _ = writeln!(
                        o,
                        "        <item quantity=\"{cat}\">{}</item>",
                        android_format(ps, &ord, Some(var))
                    );
                }
                o.push_str("    </plurals>\n");
            }
        }
    }
    o.push_str("</resources>\n");
    o
}

fn unit(value: String) -> serde_json::Value {
    serde_json::json!({ "stringUnit": { "state": "translated", "value": value } })
}

fn xcstrings(all: &BTreeMap<String, Vec<Msg>>, order: &BTreeMap<String, Vec<String>>) -> String {
    use serde_json::{Map, Value};
    let mut strings: BTreeMap<String, Map<String, Value>> = BTreeMap::new();
    for (lang, msgs) in all {
        for m in msgs {
            let ord = order.get(&m.id).cloned().unwrap_or_default();
            let loc = match &m.body {
                Body::Plain(ps) => unit(ios_format(ps, &ord, None)),
                Body::Plural { var, variants, .. } => {
                    let mut plural = Map::new();
                    let mut sorted = variants.clone();
                    sorted.sort_by(|a, b| a.0.cmp(&b.0));
                    for (cat, ps) in sorted {
                        plural.insert(cat, unit(ios_format(&ps, &ord, Some(var))));
                    }
                    serde_json::json!({ "variations": { "plural": plural } })
                }
            };
            strings
                .entry(m.id.clone())
                .or_default()
                .insert(lang.clone(), loc);
        }
    }
    let mut map = Map::new();
    for (id, locs) in strings {
        let mut entry = Map::new();
        entry.insert("extractionState".into(), Value::String("manual".into()));
        entry.insert("localizations".into(), Value::Object(locs));
        map.insert(id, Value::Object(entry));
    }
    let mut root = Map::new();
    root.insert("sourceLanguage".into(), Value::String(SOURCE.into()));
    root.insert("strings".into(), Value::Object(map));
    root.insert("version".into(), Value::String("1.0".into()));
    let mut s = serde_json::to_string_pretty(&Value::Object(root)).unwrap_or_default();
    s.push('\n');
    s
}

/// Paths (relative to the repository) of everything `rookery i18n` writes.
pub const ANDROID_RES: &str = "android/app/src/main/res";
pub const ANDROID_RULES: &str = "android/app/src/main/assets/rules";
pub const IOS_CATALOG: &str = "ios/Rookery/Localizable.xcstrings";
pub const IOS_RULES: &str = "ios/Rookery/Rules";
pub const ANDROID_ARGS: &str = "android/ui/src/main/kotlin/rookery/ui/MessageArgs.kt";
pub const IOS_ARGS: &str = "ios/Sources/RookeryKit/MessageArgs.swift";
pub const ANDROID_IDS: &str = "android/app/src/main/kotlin/rookery/android/StringIds.kt";

/// The Kotlin table of every message's `R.string` / `R.plurals` id: the app reads its strings
/// through it (compiled references, kept by R8; no lookup by name at run time).
fn kotlin_ids(msgs: &[Msg]) -> String {
    let mut s = String::from(
        "// Generated by `rookery i18n` from assets/i18n/en.ftl: do not edit.\n\
         package rookery.android\n\n\
         /** The resource id of every message key (`status-to-move` -> `R.string.status_to_move`). */\n\
         internal object StringIds {\n",
    );
    for (plural, name, kind) in [(false, "strings", "string"), (true, "plurals", "plurals")] {
        s.push_str(&format!("    val {name}: Map<String, Int> = mapOf(\n"));
        for m in msgs
            .iter()
            .filter(|m| matches!(m.body, Body::Plural { .. }) == plural)
        {
            s.push_str(&format!(
                "        \"{}\" to R.{kind}.{},\n",
                m.id,
                android_name(&m.id)
            ));
        }
        s.push_str("    )\n");
    }
    s.push_str("}\n");
    s
}

/// The Kotlin table of every message's argument names in the order of the positions
/// (`%1$s`, `%2$s`) the resources carry: the app formats the core's named arguments with it.
fn kotlin_args(order: &BTreeMap<String, Vec<String>>) -> String {
    let mut s = String::from(
        "// Generated by `rookery i18n` from assets/i18n/en.ftl: do not edit.\n\
         package rookery.ui\n\n\
         /**\n \
         * The argument names of every message with arguments, in the order of their first\n \
         * appearance in the English message: the positions (`%1$s`, `%2$s`) of the generated\n \
         * resources. The core sends named arguments ([uniffi.rookery_bindings.MessageView]).\n \
         */\n\
         object MessageArgs {\n    val order: Map<String, List<String>> = mapOf(\n",
    );
    for (id, vars) in order.iter().filter(|(_, v)| !v.is_empty()) {
        let names: Vec<String> = vars.iter().map(|v| format!("\"{v}\"")).collect();
        s.push_str(&format!(
            "        \"{id}\" to listOf({}),\n",
            names.join(", ")
        ));
    }
    s.push_str("    )\n}\n");
    s
}

/// The Swift table of every message's argument names in the order of the positions (`%1$@`,
/// `%2$@`) of the String Catalog: the iOS app formats the core's named arguments with it.
fn swift_args(order: &BTreeMap<String, Vec<String>>) -> String {
    let mut s = String::from(
        "// Generated by `rookery i18n` from assets/i18n/en.ftl: do not edit.\n\n\
         /// The argument names of every message with arguments, in the order of their first\n\
         /// appearance in the English message: the positions (`%1$@`, `%2$@`) of the generated\n\
         /// String Catalog. The core sends named arguments (`MessageView`).\n\
         public enum MessageArgs {\n    public static let order: [String: [String]] = [\n",
    );
    for (id, vars) in order.iter().filter(|(_, v)| !v.is_empty()) {
        let names: Vec<String> = vars.iter().map(|v| format!("\"{v}\"")).collect();
        s.push_str(&format!("        \"{id}\": [{}],\n", names.join(", ")));
    }
    s.push_str("    ]\n}\n");
    s
}

/// Every generated file, path relative to the repository root -> content.
pub fn generate(root: &Path) -> Result<BTreeMap<PathBuf, Vec<u8>>, String> {
    let all = load(root)?;
    let en = all.get(SOURCE).ok_or("no assets/i18n/en.ftl")?;
    // positions of the variables: their order in English
    let order: BTreeMap<String, Vec<String>> =
        en.iter().map(|m| (m.id.clone(), m.vars())).collect();
    let mut out = BTreeMap::new();
    for (lang, msgs) in &all {
        let dir = if lang == SOURCE {
            "values".to_string()
        } else {
            format!("values-{lang}")
        };
        out.insert(
            PathBuf::from(format!("{ANDROID_RES}/{dir}/strings.xml")),
            android_xml(lang, msgs, &order).into_bytes(),
        );
    }
    out.insert(
        PathBuf::from(IOS_CATALOG),
        xcstrings(&all, &order).into_bytes(),
    );
    out.insert(
        PathBuf::from(ANDROID_ARGS),
        kotlin_args(&order).into_bytes(),
    );
    out.insert(PathBuf::from(IOS_ARGS), swift_args(&order).into_bytes());
    out.insert(PathBuf::from(ANDROID_IDS), kotlin_ids(en).into_bytes());
    for lang in all.keys() {
        let dir = root.join("assets/rules").join(lang);
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut pages: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        pages.sort();
        for p in pages {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let bytes = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            out.insert(
                PathBuf::from(format!("{ANDROID_RULES}/{lang}/{name}")),
                bytes.clone(),
            );
            out.insert(
                PathBuf::from(format!("{IOS_RULES}/{lang}.lproj/{name}")),
                bytes,
            );
        }
    }
    Ok(out)
}

fn files_under(dir: &Path, base: &Path, out: &mut BTreeSet<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, base, out);
        } else if let Ok(rel) = p.strip_prefix(base) {
            out.insert(rel.to_path_buf());
        }
    }
}

/// Generated files found under `base` (the strings.xml files and the rules copies), relative.
pub fn existing(base: &Path) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    files_under(&base.join(ANDROID_RULES), base, &mut out);
    files_under(&base.join(IOS_RULES), base, &mut out);
    if let Ok(rd) = std::fs::read_dir(base.join(ANDROID_RES)) {
        for e in rd.flatten() {
            let f = e.path().join("strings.xml");
            if e.file_name().to_string_lossy().starts_with("values") && f.is_file() {
                out.insert(f.strip_prefix(base).unwrap().to_path_buf());
            }
        }
    }
    for f in [IOS_CATALOG, ANDROID_ARGS, IOS_ARGS, ANDROID_IDS] {
        if base.join(f).is_file() {
            out.insert(PathBuf::from(f));
        }
    }
    out
}

/// Writes the generated files under `out` (removing generated files that are no longer made).
pub fn write(root: &Path, out: &Path) -> Result<usize, String> {
    let files = generate(root)?;
    for old in existing(out) {
        if !files.contains_key(&old) {
            std::fs::remove_file(out.join(&old)).map_err(|e| format!("{}: {e}", old.display()))?;
        }
    }
    for (rel, bytes) in &files {
        let p = out.join(rel);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
        }
        if std::fs::read(&p).ok().as_deref() != Some(bytes.as_slice()) {
            std::fs::write(&p, bytes).map_err(|e| format!("{}: {e}", p.display()))?;
        }
    }
    Ok(files.len())
}

/// The generated files that differ from what the sources give (missing, changed or extra).
pub fn stale(root: &Path) -> Result<Vec<String>, String> {
    let files = generate(root)?;
    let mut bad = Vec::new();
    for (rel, bytes) in &files {
        match std::fs::read(root.join(rel)) {
            Ok(b) if &b == bytes => {}
            Ok(_) => bad.push(format!("changed: {}", rel.display())),
            Err(_) => bad.push(format!("missing: {}", rel.display())),
        }
    }
    for old in existing(root) {
        if !files.contains_key(&old) {
            bad.push(format!("extra: {}", old.display()));
        }
    }
    Ok(bad)
}
