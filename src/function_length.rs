//! No function in `src/` runs over [`MOST_LINES`] lines, from its `fn` to its closing
//! brace (docs/architecture.md#layers): a longer one is cut into steps named for what
//! they do, so that a reader holds one at a time.

use std::path::Path;

use crate::layering::sources;

/// The most lines a function may take, signature and closing brace included.
const MOST_LINES: usize = 80;

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where the comment, string or character literal that starts at `i` ends (its last
/// character), counting its lines into `line`; `None` when none starts there.
fn text_ending(chars: &[char], i: usize, line: &mut usize) -> Option<usize> {
    let (c, next) = (chars[i], chars.get(i + 1).copied());
    let mut at = i + 1;
    let mut step_to = |at: &mut usize, end: &dyn Fn(&[char]) -> bool, escapes: bool| {
        while *at < chars.len() && !end(&chars[*at..]) {
            *line += usize::from(chars[*at] == '\n');
            *at += if escapes && chars[*at] == '\\' { 2 } else { 1 };
        }
    };
    match c {
        '/' if next == Some('/') => step_to(&mut at, &|rest| rest[0] == '\n', false),
        '/' if next == Some('*') => {
            step_to(&mut at, &|rest| rest.starts_with(&['*', '/']), false);
            at += 1;
        }
        'r' if (i == 0 || !is_ident(chars[i - 1])) && matches!(next, Some('"') | Some('#')) => {
            let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                return None;
            }
            at = i + hashes + 2;
            let close: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            step_to(&mut at, &|rest| rest.starts_with(&close), false);
            at += hashes;
        }
        '"' => step_to(&mut at, &|rest| rest[0] == '"', true),
        // A character literal ('x', '\n', '{'), not a lifetime ('a).
        '\'' if next == Some('\\') || chars.get(i + 2) == Some(&'\'') => {
            step_to(&mut at, &|rest| rest[0] == '\'', true)
        }
        _ => return None,
    }
    // A line comment ends before its newline, which the caller counts.
    Some(if c == '/' && next == Some('/') { at - 1 } else { at })
}

/// The name of the function whose `fn` starts at `i`, if one does.
fn function_at(chars: &[char], i: usize) -> Option<String> {
    let starts = chars[i..].starts_with(&['f', 'n'])
        && (i == 0 || !is_ident(chars[i - 1]))
        && chars.get(i + 2).is_some_and(|c| c.is_whitespace());
    starts.then(|| {
        chars[i + 2..].iter().skip_while(|c| c.is_whitespace()).take_while(|c| is_ident(**c)).collect()
    })
}

/// Each function of `text` that has a body: its name, first line and length in lines.
/// Comments, strings and character literals are stepped over, so a brace in them does
/// not count; their lines do.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut depth) = (0, 1, 0usize);
    // Functions whose body has not closed yet: name, first line, the depth of its body.
    let mut open: Vec<(String, usize, usize)> = Vec::new();
    // A `fn` seen whose body has not opened yet, and how deep in brackets its
    // signature is (a `;` in `[&str; 4]` does not end it).
    let mut pending: Option<(String, usize)> = None;
    let mut brackets = 0usize;
    let mut found = Vec::new();
    while i < chars.len() {
        if let Some(end) = text_ending(&chars, i, &mut line) {
            i = end + 1;
            continue;
        }
        match chars[i] {
            '\n' => line += 1,
            'f' => pending = function_at(&chars, i).map(|name| (name, line)).or(pending),
            '(' | '[' => brackets += 1,
            ')' | ']' => brackets = brackets.saturating_sub(1),
            ';' if brackets == 0 => pending = None,
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
                let sql = r#\"SELECT {\n}\"#;\n    fn inner() {}\n}\n\ntrait T {\n    fn declared(&self);\n}\n\
                fn cells(row: [&str; 4]) {\n}\n";
    let found = functions(text);
    assert_eq!(
        found,
        vec![
            ("short".to_string(), 1, 5),
            ("inner".to_string(), 13, 1),
            ("longer".to_string(), 7, 8),
            ("cells".to_string(), 19, 2),
        ]
    );
}
