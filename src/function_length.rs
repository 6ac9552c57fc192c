//! No function in `src/` runs over [`MOST_LINES`] lines, from its `fn` to its closing
//! brace (docs/architecture.md#layers): a longer one is cut into steps named for what
//! they do, so that a reader holds one at a time.

use std::path::{Path, PathBuf};

/// The most lines a function may take, signature and closing brace included.
const MOST_LINES: usize = 80;

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

/// Each function of `text` that has a body: its name, first line and length in lines.
/// Comments, strings and character literals are stepped over, so a brace in them does
/// not count; their lines do.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let (mut i, mut line, mut depth) = (0, 1, 0usize);
    // Functions whose body has not closed yet: name, first line, the depth of its body.
    let mut open: Vec<(String, usize, usize)> = Vec::new();
    // A `fn` seen whose body has not opened yet.
    let mut pending: Option<(String, usize)> = None;
    let mut found = Vec::new();
    while i < chars.len() {
        let (c, next) = (chars[i], chars.get(i + 1).copied());
        match c {
            '\n' => line += 1,
            '/' if next == Some('/') => {
                while i + 1 < chars.len() && chars[i + 1] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                i += 1;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
                i += 1;
            }
            'r' if (i == 0 || !ident(chars[i - 1])) && matches!(next, Some('"') | Some('#')) => {
                let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                if chars.get(i + 1 + hashes) == Some(&'"') {
                    i += hashes + 2;
                    let close: Vec<char> =
                        std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                    while i < chars.len() && !chars[i..].starts_with(&close) {
                        line += usize::from(chars[i] == '\n');
                        i += 1;
                    }
                    i += close.len() - 1;
                }
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    line += usize::from(chars[i] == '\n');
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
            }
            // A character literal ('x', '\n', '{'), not a lifetime ('a).
            '\'' if next == Some('\\') || chars.get(i + 2) == Some(&'\'') => {
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
            }
            'f' if next == Some('n')
                && (i == 0 || !ident(chars[i - 1]))
                && chars.get(i + 2).is_some_and(|c| c.is_whitespace()) =>
            {
                let name: String = chars[i + 2..]
                    .iter()
                    .skip_while(|c| c.is_whitespace())
                    .take_while(|c| ident(**c))
                    .collect();
                pending = Some((name, line));
                i += 1;
            }
            ';' => pending = None,
            '{' => {
                depth += 1;
                if let Some((name, first)) = pending.take() {
                    open.push((name, first, depth));
                }
            }
            '}' => {
                if open.last().is_some_and(|(_, _, at)| *at == depth) {
                    let (name, first, _) = open.pop().unwrap();
                    found.push((name, first, line - first + 1));
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        i += 1;
    }
    found
}

#[test]
fn no_function_runs_over_80_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut long = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (name, first, lines) in functions(&text) {
            if lines > MOST_LINES {
                let path = file.strip_prefix(&src).unwrap().display();
                long.push(format!("src/{path}:{first} {name}: {lines} lines"));
            }
        }
    }
    long.sort();
    assert!(
        long.is_empty(),
        "functions over {MOST_LINES} lines; cut each into named steps:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_count_sees_a_whole_function_and_steps_over_braces_in_text() {
    let text = "fn short() {\n    let s = \"{\";\n    let c = '{';\n    // }\n}\n\n\
                pub async fn longer<'a>(x: &'a str) -> Result<(), E>\nwhere\n    E: Sized,\n{\n    \
                let sql = r#\"SELECT {\n}\"#;\n    fn inner() {}\n}\n\ntrait T {\n    fn declared(&self);\n}\n";
    let found = functions(text);
    assert_eq!(
        found,
        vec![("short".to_string(), 1, 5), ("inner".to_string(), 13, 1), ("longer".to_string(), 7, 8),]
    );
}
