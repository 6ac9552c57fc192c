//! The layers' import rules (docs/architecture.md#layers), checked on the source: which
//! of `api`, `auth`, `db`, `domain`, `error`, `config` may name which, that none of
//! them reaches back into one that names it (no cycles), and that only `db/` knows the
//! database engine.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const LAYERS: [&str; 6] = ["api", "auth", "db", "domain", "error", "config"];

/// What each layer may use; everything else among `LAYERS` is forbidden to it.
const ALLOWED: [(&str, &[&str]); 6] = [
    ("domain", &[]),
    ("db", &["domain"]),
    ("error", &["domain", "db"]),
    ("config", &[]),
    ("auth", &["domain", "db", "config", "error"]),
    ("api", &["domain", "db", "config", "error", "auth"]),
];

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The layer a source file belongs to: `src/db/cart.rs` and `src/db.rs` are `db`.
fn layer_of(src: &Path, file: &Path) -> Option<&'static str> {
    let first = file.strip_prefix(src).ok()?.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    LAYERS.into_iter().find(|layer| *layer == name)
}

/// The layers a file names through `crate::<layer>`, in code (comments skipped).
fn uses(text: &str) -> BTreeSet<&'static str> {
    let code = text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    LAYERS
        .into_iter()
        .filter(|layer| {
            code.match_indices(&format!("crate::{layer}")).any(|(at, m)| {
                let after = code[at + m.len()..].chars().next();
                !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        })
        .collect()
}

fn graph() -> BTreeMap<&'static str, BTreeSet<&'static str>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut graph: BTreeMap<&str, BTreeSet<&str>> = LAYERS.iter().map(|l| (*l, BTreeSet::new())).collect();
    for file in files {
        if let Some(layer) = layer_of(&src, &file) {
            let text = std::fs::read_to_string(&file).unwrap();
            graph.get_mut(layer).unwrap().extend(uses(&text).into_iter().filter(|used| *used != layer));
        }
    }
    graph
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let graph = graph();
    for (layer, allowed) in ALLOWED {
        let forbidden: Vec<_> = graph[layer].iter().filter(|used| !allowed.contains(used)).collect();
        assert!(forbidden.is_empty(), "{layer} uses {forbidden:?}; it may use only {allowed:?}");
    }
}

#[test]
fn the_layers_import_no_cycle() {
    // Depth-first search for a path back to where it started.
    fn reaches(
        graph: &BTreeMap<&str, BTreeSet<&str>>,
        from: &str,
        to: &str,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        graph[from]
            .iter()
            .any(|next| *next == to || (seen.insert(next.to_string()) && reaches(graph, next, to, seen)))
    }
    let graph = graph();
    for layer in LAYERS {
        assert!(!reaches(&graph, layer, layer, &mut BTreeSet::new()), "{layer} reaches itself: {graph:?}");
    }
}

#[test]
fn only_db_knows_the_database_engine() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let outside: Vec<_> = files
        .iter()
        .filter(|f| layer_of(&src, f) != Some("db") && !f.ends_with("layering.rs"))
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.contains("rusqlite") || text.contains("r2d2")
        })
        .collect();
    assert!(outside.is_empty(), "outside src/db: {outside:?}");
}

#[test]
fn the_checks_see_a_use_and_skip_a_comment() {
    assert_eq!(uses("use crate::db::Db;\n// crate::api is only mentioned"), BTreeSet::from(["db"]));
    assert_eq!(uses("crate::domainish::x()"), BTreeSet::new());
}
