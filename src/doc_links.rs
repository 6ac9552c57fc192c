//! Comments cite the project's own documents (`docs/rules.md#cart`); this checks that
//! each cited document exists and has the cited heading, so a renamed section cannot
//! leave citations pointing nowhere.

use std::path::{Path, PathBuf};

fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|n| n == "node_modules") {
            continue;
        }
        if path.is_dir() {
            files(&path, found);
        } else if path
            .extension()
            .is_some_and(|e| ["rs", "ts", "tsx", "mjs", "md", "sql"].iter().any(|x| e == *x))
        {
            found.push(path);
        }
    }
}

/// GitHub's heading anchors: lower case, spaces to dashes, punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn every_cited_document_and_heading_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    for dir in ["src", "tests", "web/src", "web/e2e", "web/scripts", "docs", "scripts"] {
        files(&root.join(dir), &mut sources);
    }
    let mut broken = Vec::new();
    let mut cited = 0;
    for source in &sources {
        let text = std::fs::read_to_string(source).unwrap_or_default();
        for (at, _) in text.match_indices("docs/") {
            let rest = &text[at..];
            let end =
                rest.find(|c: char| !(c.is_alphanumeric() || "/._#-".contains(c))).unwrap_or(rest.len());
            let citation = rest[..end].trim_end_matches(['.', '-']);
            let (file, anchor) = citation.split_once('#').unwrap_or((citation, ""));
            if !file.ends_with(".md") {
                continue;
            }
            cited += 1;
            let Ok(doc) = std::fs::read_to_string(root.join(file)) else {
                broken.push(format!("{}: {citation} (no such document)", source.display()));
                continue;
            };
            let headings: Vec<String> = doc
                .lines()
                .filter_map(|l| l.strip_prefix('#'))
                .map(|h| slug(h.trim_start_matches('#')))
                .collect();
            if !anchor.is_empty() && !headings.iter().any(|h| h == anchor) {
                broken.push(format!("{}: {citation} (no such heading)", source.display()));
            }
        }
    }
    assert!(cited > 10, "citations are found ({cited})");
    assert!(broken.is_empty(), "citations that point nowhere:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(slug(" API conventions"), "api-conventions");
    assert_eq!(slug("Status codes (HTTP)"), "status-codes-http");
}
