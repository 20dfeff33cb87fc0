//! User-facing text: assets/i18n/<lang>.ftl (Fluent) and assets/rules/<lang>/<game-id>.md.
//! Every language is complete, every game has a rules page in every language that covers the
//! rules the engine's tests name (tests/data/rules-checklist.json), and the apps' generated
//! strings (`rookery i18n`) are well-formed, reproducible and up to date.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

// the apps' string generator, from the CLI library (the code `rookery i18n` runs)
use rookery_cli::i18n_gen as gen;

use gen::{Body, Msg};

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn messages() -> BTreeMap<String, BTreeMap<String, Msg>> {
    gen::load(&root())
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|(l, ms)| (l, ms.into_iter().map(|m| (m.id.clone(), m)).collect()))
        .collect()
}

/// The plain text of a message (plural messages: the `other` form).
fn text(m: &Msg) -> String {
    let ps = match &m.body {
        Body::Plain(ps) => ps.clone(),
        Body::Plural { variants, .. } => variants
            .iter()
            .find(|(c, _)| c == "other")
            .map(|(_, p)| p.clone())
            .unwrap_or_default(),
    };
    ps.iter()
        .map(|p| match p {
            gen::Piece::Text(t) => t.clone(),
            gen::Piece::Var(v) => format!("{{${v}}}"),
        })
        .collect()
}

#[test]
fn every_key_exists_in_every_language_with_the_same_placeholders_and_plural_categories() {
    let all = messages();
    assert!(
        all.len() >= 2,
        "English and Slovak at least: {:?}",
        all.keys()
    );
    let en = &all["en"];
    for (lang, msgs) in &all {
        let cats = gen::plural_categories(lang);
        for (id, m) in en {
            let o = msgs.get(id).unwrap_or_else(|| panic!("{lang} lacks {id}"));
            assert!(!text(o).trim().is_empty(), "{lang}: {id} is empty");
            let (a, b): (BTreeSet<String>, BTreeSet<String>) = (
                m.vars().into_iter().collect(),
                o.vars().into_iter().collect(),
            );
            assert_eq!(a, b, "{lang}: the variables of {id}");
            assert_eq!(
                m.plural_categories().is_some(),
                o.plural_categories().is_some(),
                "{lang}: {id} is a plural message in one language only"
            );
        }
        for (id, m) in msgs {
            assert!(en.contains_key(id), "{lang} has {id}, English does not");
            if let Body::Plural { var, default, .. } = &m.body {
                assert_eq!(var, "count", "{lang}: {id} selects on $count");
                assert_eq!(m.vars(), vec!["count".to_string()], "{lang}: {id}");
                assert_eq!(default, "other", "{lang}: {id}: the default is `other`");
                assert_eq!(
                    m.plural_categories().unwrap(),
                    cats,
                    "{lang}: {id} must have exactly the CLDR plural categories of {lang}"
                );
            }
        }
    }
    // Slovak counts 1 / 2–4 / 5+ (and decimals)
    let sk: BTreeSet<&str> = ["few", "many", "one", "other"].into();
    assert_eq!(
        gen::plural_categories("sk"),
        sk.iter().map(|s| s.to_string()).collect()
    );
}

#[test]
fn every_game_piece_and_seat_colour_has_a_name_and_the_catalogue_lists_22_games() {
    let all = messages();
    for (lang, msgs) in &all {
        for g in rookery_core::rules::catalogue() {
            for key in [
                format!("game-{}-name", g.id),
                format!("game-{}-blurb", g.id),
            ] {
                assert!(msgs.contains_key(&key), "{lang}: missing {key}");
            }
            if let Ok(v) = rookery_core::rules::variant(g.id) {
                for p in &v.pieces {
                    let key = format!("piece-{}", p.name.replace(' ', "-"));
                    assert!(msgs.contains_key(&key), "{lang}: {}: missing {key}", g.id);
                }
                for s in &v.seats {
                    let key = format!("colour-{}", s.colour);
                    assert!(msgs.contains_key(&key), "{lang}: missing {key}");
                }
            }
        }
        // the 22 entries of the product's list: the modes of four- and eight-player chess
        // are one entry each
        let mut entries: BTreeSet<String> = rookery_core::rules::catalogue()
            .iter()
            .map(|g| {
                g.id.trim_end_matches("-ffa")
                    .trim_end_matches("-teams")
                    .trim_end_matches("-pairs")
                    .to_string()
            })
            .collect();
        entries.insert("four-player".into());
        entries.insert("eight-player".into());
        assert_eq!(entries.len(), 22, "the product lists 22 games: {entries:?}");
        for e in entries {
            assert!(msgs.contains_key(&format!("game-{e}-name")), "{lang}: {e}");
            assert!(msgs.contains_key(&format!("game-{e}-blurb")), "{lang}: {e}");
        }
        for g in [
            "group-chess-variants",
            "group-chess-family",
            "group-more-players",
        ] {
            assert!(msgs.contains_key(g), "{lang}: {g}");
        }
    }
}

/// Every string literal in `src` that starts with `prefix`.
fn literals_with_prefix(src: &str, prefix: &str) -> BTreeSet<String> {
    src.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| s.starts_with(prefix) && !s.contains(' ') && !s.contains('{'))
        .map(str::to_string)
        .collect()
}

/// The reasons the core's rules give for score events (`ctx.score(.., "why")`,
/// `score_each_active(.., "why")`, `share(.., "why")`, `let why = ...`).
fn score_reasons() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let dir = root().join("core/src/rules");
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let p = e.path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".rs") || name.contains("test") {
            continue;
        }
        let src = std::fs::read_to_string(&p).unwrap();
        let mut in_why = false;
        for line in src.lines() {
            let l = line.trim();
            if l.starts_with("//") {
                continue;
            }
            let call = l.contains("ctx.score(")
                || l.contains("score_each_active(ctx")
                || l.contains("share(ctx")
                || l.contains("let why =");
            if l.contains("let why =") && !l.ends_with(';') {
                in_why = true;
            }
            if call || in_why {
                for (i, s) in l.split('"').enumerate() {
                    if i % 2 == 1 && !s.is_empty() {
                        out.insert(s.to_string());
                    }
                }
            }
            if in_why && l.ends_with(';') {
                in_why = false;
            }
        }
    }
    out
}

#[test]
fn message_keys_of_the_core_exist_in_every_language() {
    let all = messages();
    let mut keys = BTreeSet::new();
    // end reasons, out reasons and core errors: the exhaustive matches in core/src/message.rs
    // (and the terminal player's cli/src/i18n.rs)
    let mut sources = std::fs::read_to_string(root().join("cli/src/i18n.rs")).unwrap();
    sources.push_str(&std::fs::read_to_string(root().join("core/src/message.rs")).unwrap());
    for p in ["end-", "out-", "error-", "illegal-", "event-"] {
        let found = literals_with_prefix(&sources, p);
        assert!(
            !found.is_empty(),
            "no {p} keys found in core/src/message.rs"
        );
        keys.extend(found);
    }
    keys.extend(
        rookery_core::message::ALL_KEYS
            .iter()
            .map(|k| k.to_string()),
    );
    // score events
    let whys = score_reasons();
    for w in ["capture", "checkmate", "king captured", "draw", "stalemate"] {
        assert!(
            whys.contains(w),
            "score reason '{w}' not found in core: {whys:?}"
        );
    }
    keys.extend(
        whys.iter()
            .map(|w| format!("score-{}", w.replace(' ', "-"))),
    );
    // the bindings' errors (RookeryError variants)
    let err = std::fs::read_to_string(root().join("bindings/src/error.rs")).unwrap();
    let body = err
        .split("pub enum RookeryError {")
        .nth(1)
        .and_then(|b| b.split("\n}").next())
        .expect("RookeryError");
    for l in body.lines() {
        let l = l.trim();
        if let Some(name) = l.strip_suffix("{ message: String },") {
            let mut k = String::from("error");
            for c in name.trim().chars() {
                if c.is_uppercase() {
                    k.push('-');
                }
                k.push(c.to_ascii_lowercase());
            }
            keys.insert(k);
        }
    }
    assert!(keys.contains("error-not-your-turn"), "{keys:?}");
    // results
    keys.extend(["result-draw", "result-wins-one", "result-wins-many"].map(String::from));
    for (lang, msgs) in &all {
        for k in &keys {
            assert!(msgs.contains_key(k), "{lang}: missing {k}");
        }
    }
}

#[test]
fn slovak_is_written_with_its_chess_words_and_diacritics() {
    let sk = std::fs::read_to_string(root().join("assets/i18n/sk.ftl")).unwrap();
    let mut all = sk.clone();
    for e in std::fs::read_dir(root().join("assets/rules/sk"))
        .unwrap()
        .flatten()
    {
        all.push_str(&std::fs::read_to_string(e.path()).unwrap());
    }
    let lower = all.to_lowercase();
    for w in [
        "pešiak",
        "jazdec",
        "strelec",
        "veža",
        "dáma",
        "kráľ",
        "rošád",
        "mat",
        "pat",
        "remíz",
        "mimochodom",
        "premen",
    ] {
        assert!(lower.contains(w), "Slovak text never says '{w}'");
    }
    let words: BTreeSet<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    for bad in [
        "pesiak",
        "kral",
        "krala",
        "veza",
        "vezu",
        "rosada",
        "sach",
        "dama",
        "damu",
        "sachovnica",
        "tah",
        "tahy",
        "figura",
        "figury",
        "bodov",
        "hrac",
    ] {
        if bad == "bodov" {
            continue; // a correct Slovak word
        }
        assert!(
            !words.contains(bad),
            "Slovak text has '{bad}' without its diacritics"
        );
    }
}

fn page_path(lang: &str, id: &str) -> PathBuf {
    root().join(format!("assets/rules/{lang}/{id}.md"))
}

/// Where the engine's tests live: every `fn name(` under core/.
fn engine_test_names() -> BTreeSet<String> {
    fn walk(dir: &Path, out: &mut BTreeSet<String>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let src = std::fs::read_to_string(&p).unwrap_or_default();
                for part in src.split("fn ").skip(1) {
                    let name: String = part
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    out.insert(name);
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(&root().join("core"), &mut out);
    out
}

#[derive(serde::Deserialize)]
struct Item {
    test: Option<String>,
    #[serde(flatten)]
    words: BTreeMap<String, Vec<String>>,
}

#[test]
fn every_game_id_has_a_rules_page_in_every_language_covering_the_rules_its_tests_name() {
    let all = messages();
    let checklist: BTreeMap<String, Vec<Item>> = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/data/rules-checklist.json")).unwrap(),
    )
    .unwrap();
    let tests = engine_test_names();
    let sections = [
        "board", "pieces", "special", "points", "out", "check", "end", "origin",
    ];
    let catalogue = rookery_core::rules::catalogue();
    for id in checklist.keys() {
        assert!(
            catalogue.iter().any(|g| g.id == id),
            "checklist names unknown game {id}"
        );
    }
    let mut covered = 0;
    for g in &catalogue {
        let items = checklist
            .get(g.id)
            .unwrap_or_else(|| panic!("no checklist for {}", g.id));
        assert!(
            items.len() >= 4,
            "{}: a checklist of at least 4 rules",
            g.id
        );
        for it in items {
            if let Some(t) = &it.test {
                assert!(
                    tests.contains(t),
                    "{}: the checklist names engine test {t}, which does not exist",
                    g.id
                );
            }
        }
        if g.playable {
            assert!(
                items.iter().filter(|i| i.test.is_some()).count() >= 4,
                "{}: a playable game's checklist names its engine tests",
                g.id
            );
        }
        for (lang, msgs) in &all {
            let path = page_path(lang, g.id);
            let md = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            // metadata: the page says whether it describes a game that is not playable yet
            let first = md.lines().next().unwrap_or("");
            let status = if g.playable { "playable" } else { "planned" };
            assert!(
                first.starts_with(&format!("<!-- rookery: game={} status={status}", g.id)),
                "{lang}/{}: the first line must be `<!-- rookery: game={} status={status} ...`, \
                 found `{first}` (update it when a game becomes playable, after checking the page)",
                g.id,
                g.id
            );
            // title = the game's name
            let title = md.lines().find(|l| l.starts_with("# ")).unwrap_or("");
            assert_eq!(
                title.trim_start_matches("# "),
                text(&msgs[&format!("game-{}-name", g.id)]),
                "{lang}/{}: title",
                g.id
            );
            // sections: the product's structure, in order
            let heading_of: BTreeMap<String, &str> = sections
                .iter()
                .map(|s| (text(&msgs[&format!("rules-section-{s}")]), *s))
                .collect();
            let found: Vec<&str> = md
                .lines()
                .filter_map(|l| l.strip_prefix("## "))
                .map(|h| {
                    *heading_of
                        .get(h.trim())
                        .unwrap_or_else(|| panic!("{lang}/{}: unknown section `{h}`", g.id))
                })
                .collect();
            let order: Vec<usize> = found
                .iter()
                .map(|s| sections.iter().position(|x| x == s).unwrap())
                .collect();
            assert!(
                order.windows(2).all(|w| w[0] < w[1]),
                "{lang}/{}: sections out of order or repeated: {found:?}",
                g.id
            );
            let mut required = vec!["board", "pieces", "special", "check", "end", "origin"];
            if g.seats > 2 {
                required.extend(["points", "out"]);
            }
            for r in required {
                assert!(found.contains(&r), "{lang}/{}: no section {r}", g.id);
            }
            // the checklist
            let lower = md.to_lowercase();
            for it in items {
                let words = it.words.get(lang.as_str()).unwrap_or_else(|| {
                    panic!("{}: a checklist item has no words for {lang}", g.id)
                });
                assert!(
                    words.iter().any(|w| lower.contains(&w.to_lowercase())),
                    "{lang}/{}: the page does not cover {:?} (engine test {:?})",
                    g.id,
                    words,
                    it.test
                );
                covered += 1;
            }
        }
    }
    println!("rules pages: {covered} checklist items covered");
}

fn cli() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rookery-cli-under-test"))
}

#[test]
fn the_generated_app_strings_are_up_to_date() {
    let out = cli()
        .args(["i18n", "--check", "--root"])
        .arg(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn read_tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    gen::existing(dir)
        .into_iter()
        .map(|rel| {
            let b = std::fs::read(dir.join(&rel)).unwrap();
            (rel, b)
        })
        .collect()
}

#[test]
fn generating_twice_gives_identical_files() {
    let base = std::env::temp_dir().join(format!("rookery-i18n-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let mut trees = Vec::new();
    for n in ["a", "b"] {
        let dir = base.join(n);
        let st = cli()
            .args(["i18n", "--root"])
            .arg(root())
            .arg("--out")
            .arg(&dir)
            .status()
            .unwrap();
        assert!(st.success());
        trees.push(read_tree(&dir));
    }
    assert!(trees[0].len() > 50, "{} files", trees[0].len());
    assert_eq!(trees[0], trees[1]);
    assert_eq!(
        trees[0],
        gen::generate(&root()).unwrap(),
        "the CLI writes what the generator makes"
    );
    let _ = std::fs::remove_dir_all(&base);
}

/// `%1$s`-style specifiers of an Android string.
fn android_specifiers(s: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let b: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < b.len() {
        if b[i] == '%' {
            if b.get(i + 1) == Some(&'%') {
                i += 2;
                continue;
            }
            let spec: String = b[i..]
                .iter()
                .skip(1)
                .take_while(|c| c.is_ascii_digit() || **c == '$')
                .collect();
            let kind = b.get(i + 1 + spec.len()).copied().unwrap_or(' ');
            assert!(
                matches!(kind, 's' | 'd') && spec.ends_with('$'),
                "bad format specifier in `{s}`"
            );
            out.insert(format!("%{spec}{kind}"));
        }
        i += 1;
    }
    out
}

#[test]
fn android_strings_are_well_formed_xml_with_the_same_names_and_arguments() {
    let res = root().join(gen::ANDROID_RES);
    let mut per_lang: BTreeMap<String, BTreeMap<String, Vec<BTreeSet<String>>>> = BTreeMap::new();
    for lang in gen::languages(&root()).unwrap() {
        let dir = if lang == "en" {
            "values".to_string()
        } else {
            format!("values-{lang}")
        };
        let path = res.join(dir).join("strings.xml");
        let xml = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let doc = roxmltree::Document::parse(&xml)
            .unwrap_or_else(|e| panic!("{}: not well-formed: {e}", path.display()));
        let rootel = doc.root_element();
        assert_eq!(rootel.tag_name().name(), "resources");
        let mut names = BTreeMap::new();
        for el in rootel.children().filter(|n| n.is_element()) {
            let name = el.attribute("name").expect("name").to_string();
            assert!(
                name.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{name}: not a resource name"
            );
            let specs: Vec<BTreeSet<String>> = match el.tag_name().name() {
                "string" => vec![android_specifiers(el.text().unwrap_or(""))],
                "plurals" => {
                    let items: Vec<_> = el.children().filter(|n| n.is_element()).collect();
                    assert!(!items.is_empty());
                    items
                        .iter()
                        .map(|it| {
                            let q = it.attribute("quantity").unwrap();
                            assert!(
                                ["zero", "one", "two", "few", "many", "other"].contains(&q),
                                "{name}: quantity {q}"
                            );
                            android_specifiers(it.text().unwrap_or(""))
                        })
                        .collect()
                }
                t => panic!("unexpected <{t}>"),
            };
            assert!(names.insert(name.clone(), specs).is_none(), "{name} twice");
        }
        per_lang.insert(lang, names);
    }
    let en = &per_lang["en"];
    for (lang, names) in &per_lang {
        assert_eq!(
            names.keys().collect::<Vec<_>>(),
            en.keys().collect::<Vec<_>>(),
            "{lang}: names"
        );
        for (n, specs) in names {
            for s in specs {
                assert_eq!(s, &en[n][0], "{lang}: {n}: format arguments");
            }
        }
    }
}

/// A validator for the JSON Schema keywords tests/data/xcstrings.schema.json uses.
fn validate(
    schema: &serde_json::Value,
    v: &serde_json::Value,
    defs: &serde_json::Value,
    at: &str,
) -> Result<(), String> {
    use serde_json::Value;
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/$defs/");
        return validate(&defs[name], v, defs, at);
    }
    if let Some(t) = schema.get("type").and_then(Value::as_str) {
        let ok = match t {
            "object" => v.is_object(),
            "string" => v.is_string(),
            "boolean" => v.is_boolean(),
            "array" => v.is_array(),
            _ => return Err(format!("schema type {t} unsupported")),
        };
        if !ok {
            return Err(format!("{at}: not a {t}"));
        }
    }
    if let Some(c) = schema.get("const") {
        if c != v {
            return Err(format!("{at}: must be {c}"));
        }
    }
    if let Some(e) = schema.get("enum").and_then(Value::as_array) {
        if !e.contains(v) {
            return Err(format!("{at}: {v} is not one of {e:?}"));
        }
    }
    if let Some(n) = schema.get("minLength").and_then(Value::as_u64) {
        if v.as_str().is_some_and(|s| (s.chars().count() as u64) < n) {
            return Err(format!("{at}: too short"));
        }
    }
    if let Some(obj) = v.as_object() {
        if let Some(n) = schema.get("minProperties").and_then(Value::as_u64) {
            if (obj.len() as u64) < n {
                return Err(format!("{at}: fewer than {n} properties"));
            }
        }
        for r in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let r = r.as_str().unwrap();
            if !obj.contains_key(r) {
                return Err(format!("{at}: missing {r}"));
            }
        }
        let props = schema.get("properties").and_then(Value::as_object);
        for (k, val) in obj {
            if let Some(pn) = schema.get("propertyNames") {
                validate(
                    pn,
                    &Value::String(k.clone()),
                    defs,
                    &format!("{at}/{k} (name)"),
                )?;
            }
            let here = format!("{at}/{k}");
            match (
                props.and_then(|p| p.get(k)),
                schema.get("additionalProperties"),
            ) {
                (Some(s), _) => validate(s, val, defs, &here)?,
                (None, Some(Value::Bool(false))) => {
                    return Err(format!("{here}: property not allowed"))
                }
                (None, Some(s)) if s.is_object() => validate(s, val, defs, &here)?,
                _ => {}
            }
        }
    }
    Ok(())
}

fn catalog_schema() -> serde_json::Value {
    serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/data/xcstrings.schema.json")).unwrap(),
    )
    .unwrap()
}

#[test]
fn the_string_catalog_matches_its_json_schema_and_has_every_language() {
    let schema = catalog_schema();
    let text = std::fs::read_to_string(root().join(gen::IOS_CATALOG)).unwrap();
    let cat: serde_json::Value = serde_json::from_str(&text).unwrap();
    validate(&schema, &cat, &schema["$defs"], "").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cat["sourceLanguage"], "en");
    let langs = gen::languages(&root()).unwrap();
    let strings = cat["strings"].as_object().unwrap();
    assert_eq!(strings.len(), messages()["en"].len());
    for (k, e) in strings {
        for l in &langs {
            assert!(
                e["localizations"].get(l).is_some(),
                "{k}: no {l} localization"
            );
        }
    }
    // Slovak plural variations carry the categories 1 / 2–4 / decimals / 5+
    let pts = &strings["points"]["localizations"]["sk"]["variations"]["plural"];
    assert_eq!(pts["few"]["stringUnit"]["value"], "%lld body");
    assert_eq!(pts["other"]["stringUnit"]["value"], "%lld bodov");
}

#[test]
fn the_schema_check_rejects_a_broken_catalogue() {
    let schema = catalog_schema();
    let defs = &schema["$defs"];
    let ok = serde_json::json!({"sourceLanguage": "en", "version": "1.0", "strings": {
        "a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "A"}}}}}});
    assert!(validate(&schema, &ok, defs, "").is_ok());
    let broken = [
        serde_json::json!({"sourceLanguage": "en", "strings": {}}),
        serde_json::json!({"sourceLanguage": "en", "version": "1.0", "strings": {
            "a": {"localizations": {"en": {"stringUnit": {"state": "done", "value": "A"}}}}}}),
        serde_json::json!({"sourceLanguage": "en", "version": "1.0", "strings": {
            "a": {"localizations": {"en": {"variations": {"plural": {"several": {}}}}}}}}),
    ];
    for b in broken {
        assert!(validate(&schema, &b, defs, "").is_err(), "{b}");
    }
}

#[test]
fn the_terminal_player_prints_rules_pages_in_the_chosen_language() {
    let run = |args: &[&str], lang: &str| {
        let out = cli()
            .args(args)
            .env("LANG", lang)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    // formatted text: the title on the first line, underlined, no Markdown marks
    let title =
        |args: &[&str], lang: &str| run(args, lang).lines().next().unwrap_or("").to_string();
    assert_eq!(title(&["rules", "chess"], "sk_SK.UTF-8"), "Šach");
    assert_eq!(title(&["rules", "chess"], "en_GB.UTF-8"), "Chess");
    assert_eq!(
        title(&["rules", "chess", "--lang", "en"], "sk_SK.UTF-8"),
        "Chess"
    );
    assert_eq!(
        title(&["rules", "friendly", "--lang", "sk"], "C"),
        "Priateľský šach"
    );
    assert!(
        !run(&["rules", "xiangqi"], "C").contains("<!--"),
        "no HTML comment"
    );
}
