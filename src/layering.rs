//! The layers' import rules (docs/architecture.md#layers), checked on the source: which
//! of `api`, `auth`, `payments`, `db`, `catalog_index`, `domain`, `error`, `config` may name which, that none of
//! them reaches back into one that names it (no cycles), and that only `db/` knows the
//! database engine; and that no two files of `src/` name each other, directly or around
//! a circle (see [`files`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const LAYERS: [&str; 9] =
    ["api", "auth", "db", "catalog_index", "domain", "error", "config", "payments", "mailer"];

/// What each layer may use; everything else among `LAYERS` is forbidden to it.
const ALLOWED: [(&str, &[&str]); 9] = [
    ("domain", &[]),
    ("catalog_index", &["domain"]),
    ("db", &["domain", "catalog_index"]),
    ("error", &["domain", "db"]),
    ("config", &[]),
    ("auth", &["domain", "db", "config", "error"]),
    ("payments", &["domain", "db", "config", "error"]),
    ("mailer", &["domain", "db", "config"]),
    ("api", &["domain", "db", "config", "error", "auth", "payments"]),
];

/// Every `.rs` file under `dir`.
pub(crate) fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
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

/// Where the engines are told apart (docs/architecture.md#storage): `db/mod.rs` picks
/// the engine, `db/conn.rs` runs a statement on it, `db/engine.rs` hands a connection's
/// dialect, and the engine folders hold the rest.
fn is_engine_seam(path: &str) -> bool {
    ["db/mod.rs", "db/conn.rs", "db/engine.rs"].contains(&path)
        || path.starts_with("db/sqlite/")
        || path.starts_with("db/postgres/")
}

/// What in `code` tells the engines apart or reaches into one: a match on an engine's
/// variant, a look at the engine, an engine folder or client named.
fn engine_knowledge(code: &str) -> Vec<&'static str> {
    const TOLD: [&str; 12] = [
        "Engine::",
        ".engine()",
        "Conn::Sqlite",
        "Conn::Postgres",
        "Store::Sqlite",
        "Store::Postgres",
        "Location::File",
        "Location::Postgres",
        "sqlite::",
        "postgres::",
        "rusqlite",
        "dialect::DIALECT",
    ];
    TOLD.into_iter().filter(|told| code.contains(told)).collect()
}

#[test]
fn only_the_engine_seam_tells_the_engines_apart() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    sources(&src, &mut found);
    let mut leaks = Vec::new();
    for file in found {
        let path = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        if is_engine_seam(&path) || path == "layering.rs" {
            continue;
        }
        let told = engine_knowledge(&files::code_of(&std::fs::read_to_string(&file).unwrap()));
        if !told.is_empty() {
            leaks.push(format!("{path}: {told:?}"));
        }
    }
    assert!(
        leaks.is_empty(),
        "outside db/{{mod,conn,engine}}.rs and the engine folders, ask the connection's dialect \
         (db/dialect.rs) or the store (db/mod.rs) instead:\n{}",
        leaks.join("\n")
    );
}

#[test]
fn the_engine_check_sees_a_match_and_an_engine_folder() {
    let code = files::code_of("match c.engine() { Engine::Sqlite => \"x\" } // Engine::Postgres");
    assert_eq!(engine_knowledge(&code), vec!["Engine::", ".engine()"]);
    assert_eq!(engine_knowledge("use super::sqlite::admin_search;"), vec!["sqlite::"]);
    assert!(engine_knowledge(&files::code_of("c.dialect().row_lock // on postgres:: FOR UPDATE")).is_empty());
    assert!(is_engine_seam("db/postgres/dialect.rs") && !is_engine_seam("db/admin/products.rs"));
}

#[test]
fn the_checks_see_a_use_and_skip_a_comment() {
    assert_eq!(uses("use crate::db::Db;\n// crate::api is only mentioned"), BTreeSet::from(["db"]));
    assert_eq!(uses("crate::domainish::x()"), BTreeSet::new());
}

/// The file-level import graph of `src/`, and the rule it keeps: no two files name each
/// other, directly or around a circle.
///
/// A file names another when one of its paths resolves to an item (or a module) that the
/// other defines: `use crate::…`, `use super::…`, `use self::…`, a `use` starting at a
/// child module (`use conn::Conn` in `db/mod.rs`), and the same paths written in code
/// (`super::postgres::search::SQL`, `crate::domain::Timestamp::now()`). A path that ends
/// at a name a module only brings in with `use` (its re-exports, as `db::Error` from
/// `db/error.rs`) is followed to the file that defines it, so going through a parent's
/// re-export is not naming the parent. A parent and a child are two files like any other:
/// `mod child;` is not an import, `pub use child::X` is an arrow parent -> child, and a
/// child that then names what the parent itself defines (`super::Store`) closes a circle.
/// An inline module (`pub mod login { … }`) is part of its file. Comments, string
/// literals and `#[cfg(test)]` items are not read: a file's tests may use anything above
/// it. Paths into other crates (`std::`, `market::` in `main.rs`,
/// which is not read) draw no arrow.
mod files {
    use std::collections::{BTreeMap, BTreeSet};

    /// Each file, by its path under `src/`, with the files it names and what it takes
    /// from each (item names, or a module's own name).
    pub type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

    /// `text` without comments, and with string and character literals emptied.
    pub fn code_of(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        let ident = |c: char| c.is_alphanumeric() || c == '_';
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            if c == '/' && next == Some('/') {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            } else if c == '/' && next == Some('*') {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                out.push(' ');
            } else if c == 'r'
                && (i == 0 || !ident(chars[i - 1]))
                && matches!(next, Some('"') | Some('#'))
                && {
                    let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                    chars.get(i + 1 + hashes) == Some(&'"')
                }
            {
                let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                i += hashes + 2;
                let close: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                while i < chars.len() && !chars[i..].starts_with(&close) {
                    i += 1;
                }
                i += close.len();
                out.push_str("\"\"");
            } else if c == '"' {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            } else if c == '\'' && next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push_str("' '");
            } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        }
        out
    }

    /// `code` without its `#[cfg(test)]` items (to their `;`, or their block's end).
    fn without_tests(code: &str) -> String {
        let mut out = String::new();
        let mut rest = code;
        while let Some(at) = rest.find("#[cfg(test)]") {
            out.push_str(&rest[..at]);
            let item = &rest[at..];
            let mut depth = 0;
            let mut end = item.len();
            for (i, c) in item.char_indices() {
                match c {
                    ';' if depth == 0 => {
                        end = i + 1;
                        break;
                    }
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &item[end..];
        }
        out.push_str(rest);
        out
    }

    #[derive(Debug, Clone, PartialEq)]
    enum Token {
        Word(String),
        Sep,
        Other(char),
    }

    fn tokens(code: &str) -> Vec<Token> {
        let chars: Vec<char> = code.chars().collect();
        let mut found = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_alphanumeric() || c == '_' || (c == '$' && chars.get(i + 1) == Some(&'c')) {
                let start = i;
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                found.push(Token::Word(chars[start..i].iter().collect()));
            } else if c == ':' && chars.get(i + 1) == Some(&':') {
                found.push(Token::Sep);
                i += 2;
            } else {
                if !c.is_whitespace() {
                    found.push(Token::Other(c));
                }
                i += 1;
            }
        }
        found
    }

    /// One path a file writes: in which module (inline modules included), its segments,
    /// and the name it brings in when it is a `use` (`None` for a glob).
    #[derive(Debug)]
    struct Written {
        module: Vec<String>,
        path: Vec<String>,
        brings: Option<Option<String>>,
    }

    /// The entries of a use tree from `at`: each path with the name it brings in.
    fn use_tree(
        t: &[Token],
        at: &mut usize,
        prefix: Vec<String>,
        out: &mut Vec<(Vec<String>, Option<String>)>,
    ) {
        let mut path = prefix;
        loop {
            match t.get(*at) {
                Some(Token::Word(w)) if w == "self" && !path.is_empty() => {
                    *at += 1;
                    out.push((path.clone(), path.last().cloned()));
                    return;
                }
                Some(Token::Word(w)) => {
                    path.push(w.clone());
                    *at += 1;
                }
                Some(Token::Other('{')) => {
                    *at += 1;
                    while !matches!(t.get(*at), Some(Token::Other('}')) | None) {
                        use_tree(t, at, path.clone(), out);
                        if t.get(*at) == Some(&Token::Other(',')) {
                            *at += 1;
                        }
                    }
                    *at += 1;
                    return;
                }
                Some(Token::Other('*')) => {
                    *at += 1;
                    out.push((path, None));
                    return;
                }
                _ => {}
            }
            match t.get(*at) {
                Some(Token::Sep) => *at += 1,
                Some(Token::Word(w)) if w == "as" => {
                    let name = match t.get(*at + 1) {
                        Some(Token::Word(n)) => n.clone(),
                        _ => String::new(),
                    };
                    *at += 2;
                    out.push((path, Some(name)));
                    return;
                }
                _ => {
                    let name = path.last().cloned();
                    out.push((path, name));
                    return;
                }
            }
        }
    }

    /// Every `use` and every path of `code`, a file of `module`; also the inline modules
    /// it declares.
    fn written(code: &str, module: &[String], inline: &mut BTreeSet<Vec<String>>) -> Vec<Written> {
        let t = tokens(&without_tests(code));
        let mut found = Vec::new();
        // The inline modules open here, with the depth of braces each opened at.
        let mut open: Vec<(String, usize)> = Vec::new();
        let mut depth = 0;
        let mut i = 0;
        let here = |open: &Vec<(String, usize)>| -> Vec<String> {
            module.iter().cloned().chain(open.iter().map(|(m, _)| m.clone())).collect()
        };
        while i < t.len() {
            match &t[i] {
                Token::Other('{') => depth += 1,
                Token::Other('}') => {
                    depth -= 1;
                    if open.last().is_some_and(|(_, d)| *d == depth) {
                        open.pop();
                    }
                }
                Token::Word(w) if w == "mod" => {
                    if let (Some(Token::Word(name)), Some(Token::Other('{'))) = (t.get(i + 1), t.get(i + 2)) {
                        open.push((name.clone(), depth));
                        inline.insert(here(&open));
                        depth += 1;
                        i += 3;
                        continue;
                    }
                }
                Token::Word(w) if w == "use" && (i == 0 || !matches!(t[i - 1], Token::Sep)) => {
                    let mut at = i + 1;
                    let mut entries = Vec::new();
                    use_tree(&t, &mut at, Vec::new(), &mut entries);
                    for (path, brings) in entries {
                        found.push(Written { module: here(&open), path, brings: Some(brings) });
                    }
                    i = at;
                    continue;
                }
                // A path, but not the one a visibility names (`pub(in crate::db)`).
                Token::Word(w)
                    if t.get(i + 1) == Some(&Token::Sep)
                        && (i == 0
                            || !matches!(&t[i - 1], Token::Sep) && t[i - 1] != Token::Word("in".into())) =>
                {
                    let mut path = vec![w.clone()];
                    let mut at = i + 1;
                    while let (Some(Token::Sep), Some(Token::Word(next))) = (t.get(at), t.get(at + 1)) {
                        path.push(next.clone());
                        at += 2;
                    }
                    found.push(Written { module: here(&open), path, brings: None });
                    i = at;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        found
    }

    /// The module a file under `src/` is: `db/mod.rs` and `db.rs` are `db`, `lib.rs` the crate.
    fn module_of(file: &str) -> Vec<String> {
        let file = file.strip_suffix(".rs").unwrap_or(file);
        let mut parts: Vec<String> = file.split('/').map(String::from).collect();
        if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
            parts.pop();
        }
        parts
    }

    /// The file-level import graph of `files` (path under `src/`, text), `main.rs` aside.
    pub fn graph(files: &[(String, String)]) -> Graph {
        let files: Vec<_> = files.iter().filter(|(f, _)| f != "main.rs").collect();
        let mut file_of: BTreeMap<Vec<String>, String> =
            files.iter().map(|(f, _)| (module_of(f), f.clone())).collect();
        let mut inline = BTreeSet::new();
        let mut all = Vec::new();
        for (file, text) in &files {
            all.push((file.clone(), written(&code_of(text), &module_of(file), &mut inline)));
        }
        for module in inline {
            let mut outer = module.clone();
            while !file_of.contains_key(&outer) {
                outer.pop();
            }
            let file = file_of[&outer].clone();
            file_of.insert(module, file);
        }
        // What each module brings in by `use`, by the name it brings in.
        let mut brought: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
        for (_, paths) in &all {
            for w in paths {
                if let Some(Some(name)) = &w.brings {
                    brought.insert((w.module.clone(), name.clone()), w.path.clone());
                }
            }
        }
        let resolver = Resolver { file_of: &file_of, brought: &brought };
        let mut graph = Graph::new();
        for (file, paths) in all {
            let arrows = graph.entry(file.clone()).or_default();
            for w in paths {
                if let Some((to, name)) = resolver.resolve(&w.module, &w.path, w.brings.is_some(), 0)
                    && to != file
                {
                    arrows.entry(to).or_default().insert(name);
                }
            }
        }
        graph
    }

    struct Resolver<'a> {
        file_of: &'a BTreeMap<Vec<String>, String>,
        brought: &'a BTreeMap<(Vec<String>, String), Vec<String>>,
    }

    impl Resolver<'_> {
        /// The file that defines what `path`, written in `module`, names, and the name.
        fn resolve(
            &self,
            module: &[String],
            path: &[String],
            is_use: bool,
            hops: usize,
        ) -> Option<(String, String)> {
            let (first, rest) = path.split_first()?;
            let mut at: Vec<String> = match first.as_str() {
                "crate" | "$crate" => Vec::new(),
                "self" => module.to_vec(),
                "super" => module[..module.len().checked_sub(1)?].to_vec(),
                name => {
                    let child: Vec<String> = module.iter().cloned().chain([name.to_string()]).collect();
                    if self.file_of.contains_key(&child) {
                        child
                    } else if !is_use && let Some(to) = self.brought.get(&(module.to_vec(), name.to_string()))
                    {
                        // A path through a name a `use` brought in (`listing::listing`).
                        let whole: Vec<String> = to.iter().chain(rest).cloned().collect();
                        return self.resolve(module, &whole, true, hops + 1);
                    } else {
                        return None;
                    }
                }
            };
            for (n, segment) in rest.iter().enumerate() {
                // The last segment of a path in code is an item: a module is not a value
                // or a type (`seed::generate(c)` calls the function, not the module).
                let last = !is_use && n + 1 == rest.len();
                match segment.as_str() {
                    "super" => {
                        at.pop();
                    }
                    "self" => {}
                    name => {
                        let child: Vec<String> = at.iter().cloned().chain([name.to_string()]).collect();
                        if !last && self.file_of.contains_key(&child) {
                            at = child;
                        } else {
                            // An item of module `at`, or one it brought in from elsewhere.
                            if hops < 16
                                && let Some(to) = self.brought.get(&(at.clone(), name.to_string()))
                                && let Some(found) = self.resolve(&at, to, true, hops + 1)
                            {
                                return Some(found);
                            }
                            return Some((self.file_of[&at].clone(), name.to_string()));
                        }
                    }
                }
            }
            let name = at.last().cloned().unwrap_or_else(|| "crate".into());
            Some((self.file_of.get(&at)?.clone(), name))
        }
    }

    /// The circles of `graph`: each a set of files that all reach one another, with
    /// the arrows among them (strongly connected components of more than one file).
    pub fn circles(graph: &Graph) -> Vec<Vec<String>> {
        let reach = |from: &str| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![from.to_string()];
            while let Some(f) = todo.pop() {
                for to in graph.get(&f).into_iter().flat_map(|a| a.keys()) {
                    if seen.insert(to.clone()) {
                        todo.push(to.clone());
                    }
                }
            }
            seen
        };
        let reached: BTreeMap<&String, BTreeSet<String>> = graph.keys().map(|f| (f, reach(f))).collect();
        let mut placed = BTreeSet::new();
        let mut found = Vec::new();
        for file in graph.keys() {
            if placed.contains(file) || !reached[file].contains(file) {
                continue;
            }
            let circle: Vec<String> =
                reached[file].iter().filter(|other| reached[*other].contains(file)).cloned().collect();
            placed.extend(circle.iter().cloned());
            let arrows = circle
                .iter()
                .flat_map(|from| {
                    graph[from]
                        .iter()
                        .filter(|(to, _)| circle.contains(to))
                        .map(move |(to, names)| format!("{from} -> {to}: {names:?}"))
                })
                .collect();
            found.push(arrows);
        }
        found
    }
}

/// Every `.rs` file under `src/`, by its path there, with its text.
fn source_files() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    sources(&src, &mut found);
    found
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(&src).unwrap().to_str().unwrap().replace('\\', "/");
            (name, std::fs::read_to_string(&f).unwrap())
        })
        .collect()
}

#[test]
fn no_two_files_name_each_other() {
    let graph = files::graph(&source_files());
    // The reading sees the tree's imports: a few it must find, written three ways.
    for (from, to) in [
        ("db/conn.rs", "db/postgres/connection.rs"),
        ("db/engine.rs", "db/sqlite/dialect.rs"),
        ("db/cart.rs", "db/error.rs"),
        ("api/mod.rs", "api/cart.rs"),
    ] {
        assert!(graph[from].contains_key(to), "{from} should name {to}: {:?}", graph[from]);
    }
    let circles = files::circles(&graph);
    assert!(circles.is_empty(), "files that name each other, around a circle:\n{circles:#?}");
}

#[test]
fn the_file_check_finds_a_planted_circle_and_skips_comments() {
    let tree = |a: &str, b: &str| {
        let files = [
            ("lib.rs", "pub mod a;\npub mod b;\n#[cfg(test)]\nmod tests { use crate::b::B; }"),
            ("a.rs", a),
            ("b.rs", b),
            ("a/inner.rs", "use super::super::b::B;\npub struct Inner;"),
        ];
        files.map(|(f, t)| (f.to_string(), t.to_string())).to_vec()
    };
    let a = "mod inner;\npub use inner::Inner;\nuse crate::b::{self, B as Bee};\npub struct A;";
    let names_a = "pub struct B;\nfn f() -> crate::a::A { todo!() }";
    let circles = files::circles(&files::graph(&tree(a, names_a)));
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(circles[0].iter().any(|arrow| arrow.starts_with("b.rs -> a.rs")), "{circles:?}");
    // The same mention in a comment, a string or a test draws no arrow.
    let mentions_a = "pub struct B; // crate::a::A\nconst S: &str = \"crate::a::A\";\n\
                      #[cfg(test)]\nmod tests { use crate::a::A; }";
    assert_eq!(files::circles(&files::graph(&tree(a, mentions_a))), Vec::<Vec<String>>::new());
    // A re-export is followed to the file that defines the item: `a::Inner` is inner.rs's.
    let through_a = "pub struct B;\nfn f() -> crate::a::Inner { todo!() }";
    let graph = files::graph(&tree(a, through_a));
    assert!(graph["b.rs"].contains_key("a/inner.rs") && !graph["b.rs"].contains_key("a.rs"), "{graph:?}");
    // A child naming what its parent defines, while the parent names the child, is a circle.
    let parent = "mod inner;\npub use inner::Inner;\npub struct A;";
    let mut files = tree(parent, "pub struct B;");
    files[3].1 = "pub struct Inner(super::A);".into();
    assert_eq!(files::circles(&files::graph(&files)).len(), 1);
}
