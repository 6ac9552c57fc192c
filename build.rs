//! Bundles the React app in `web/` with esbuild into `OUT_DIR/web`, where `src/spa.rs`
//! embeds it. Nothing is written into the source tree but `web/node_modules`.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const INPUTS: &[&str] = &[
    // rust-embed includes assets/ by name; a new file there needs a rebuild too.
    "assets",
    "web/src",
    "web/index.html",
    "web/build.mjs",
    "web/package.json",
    "web/package-lock.json",
    "web/tsconfig.json",
];

fn main() {
    for input in INPUTS {
        println!("cargo:rerun-if-changed={input}");
    }
    // The manifest folder as cargo gives it when the script runs: a build script compiled
    // for one checkout can be run for another that shares the target folder.
    let web =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("web");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("web");

    for tool in ["node", "npm"] {
        if Command::new(tool).arg("--version").output().is_err() {
            fail(&format!(
                "`{tool}` was not found on PATH. Building Market bundles its web app with \
                 esbuild, which needs Node.js 18+ and npm (Debian: apt-get install nodejs npm)."
            ));
        }
    }
    if dependencies_stale(&web) {
        run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&web), "npm ci in web/");
    }
    run(
        Command::new("node").arg("build.mjs").arg("--outdir").arg(&out).current_dir(&web),
        "esbuild (node web/build.mjs)",
    );
}

/// `npm ci` again when `node_modules` is missing or older than the lock file. npm
/// rewrites `node_modules/.package-lock.json` on every install, so its time says when.
fn dependencies_stale(web: &Path) -> bool {
    let modified = |p: PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (modified(web.join("node_modules/.package-lock.json")), modified(web.join("package-lock.json"))) {
        (Some(installed), Some(locked)) => installed < locked,
        _ => true,
    }
}

fn run(cmd: &mut Command, what: &str) {
    match cmd.status() {
        Ok(status) if status.success() => {}
        Ok(status) => fail(&format!("{what} failed ({status}); see its output above")),
        Err(e) => fail(&format!("could not start {what}: {e}")),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("\nerror: {message}\n");
    std::process::exit(1);
}
