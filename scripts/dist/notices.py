#!/usr/bin/env python3
"""Writes THIRD-PARTY-NOTICES.txt for `make dist`: what the static binary carries that
others wrote, with each part's licence and the licence texts it ships.

  python3 scripts/dist/notices.py --target x86_64-unknown-linux-musl --out FILE

- Rust crates: the `market` package's normal dependencies in the resolve graph of
  `cargo metadata --filter-platform TARGET`, followed through normal dependencies only.
  Build and dev dependencies are not linked; nor are proc-macro crates (compiler
  plugins), so they and what only they use are left out.
- npm packages: `web/package.json`'s dependencies, the ones esbuild bundles into the
  app, found in web/node_modules the way Node resolves them, with their `dependencies`.
- The C libraries compiled in: SQLite (libsqlite3-sys's `bundled` feature),
  libwebp (libwebp-sys's vendored copy, for pictures staff upload) and mimalloc
  (libmimalloc-sys, the static build's allocator).
- musl libc, the Rust standard library and LLVM's libunwind, which Rust's musl target
  links statically.

Licence files are a package folder's LICENSE*, LICENCE*, COPYING* and NOTICE* files
(and the one its manifest names). A text already given in full for another package is
not repeated: the entry names the package whose copy is the same, byte for byte.
Standard library only; fails with a message when something it needs is missing.
"""

import argparse
import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LICENSE_NAME = re.compile(r"^(licen[cs]e|copying|notice)", re.IGNORECASE)
RULE = "=" * 78


def fail(message):
    sys.exit(f"notices: {message}")


def licence_files(folder, named=None):
    """The licence files at the top of a package folder, sorted by name."""
    files = {p for p in folder.iterdir() if p.is_file() and LICENSE_NAME.match(p.name)}
    if named:
        extra = folder / named
        if extra.is_file():
            files.add(extra)
    return sorted(files, key=lambda p: p.name.lower())


def read_text(path):
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode("utf-8", errors="replace").replace("\r\n", "\n").strip("\n")


class Writer:
    """Collects the file's sections; gives each distinct licence text once."""

    def __init__(self):
        self.lines = []
        self.seen = {}  # text -> "who, file" where it was given in full

    def add(self, *lines):
        self.lines.extend(lines)

    def entry(self, title, licence, files, missing_note, origin=None):
        self.add("", "-" * 78, title, f"Licence: {licence}")
        if origin:
            self.add(f"Source: {origin}")
        if not files:
            self.add("", missing_note)
            return
        for label, path in files:
            text = read_text(path)
            where = f"{title}, {label}"
            if text in self.seen:
                self.add("", f"{label}: the same text as {self.seen[text]}, given above.")
                continue
            self.seen[text] = where
            self.add("", f"--- {label} ---", text)

    def text(self):
        return "\n".join(self.lines) + "\n"


def cargo_packages(target):
    """The packages linked into the build for `target`, sorted by name and version."""
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked", "--filter-platform", target],
        cwd=ROOT,
        check=True,
        stdout=subprocess.PIPE,
    ).stdout
    meta = json.loads(out)
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    root = next((p["id"] for p in meta["packages"] if p["name"] == "market" and p["source"] is None), None)
    if root is None:
        fail("cargo metadata lists no `market` package")

    def is_proc_macro(pkg):
        return any("proc-macro" in t["kind"] for t in pkg["targets"])

    linked, queue = set(), [root]
    while queue:
        node = nodes[queue.pop()]
        for dep in node["deps"]:
            # A kind of null is a normal dependency; "build" and "dev" are not linked.
            if not any(k["kind"] is None for k in dep["dep_kinds"]):
                continue
            if dep["pkg"] in linked or is_proc_macro(packages[dep["pkg"]]):
                continue
            linked.add(dep["pkg"])
            queue.append(dep["pkg"])
    for i in linked:
        packages[i]["resolved_features"] = nodes[i].get("features", [])
    return sorted((packages[i] for i in linked), key=lambda p: (p["name"], p["version"]))


def npm_packages(web):
    """web/package.json's dependencies and theirs, as Node would resolve each from where
    it is required: the nearest node_modules folder up the tree that has it."""
    top = json.loads((web / "package.json").read_text())
    found = {}  # folder -> package.json

    def resolve(name, start):
        folder = start
        while True:
            candidate = folder / "node_modules" / name
            if (candidate / "package.json").is_file():
                return candidate
            if folder == web:
                return None
            folder = folder.parent

    queue = [(name, web) for name in top.get("dependencies", {})]
    while queue:
        name, start = queue.pop()
        folder = resolve(name, start)
        if folder is None:
            fail(f"npm package {name} (needed from {start.relative_to(ROOT)}) is not installed in web/node_modules: run npm ci in web/")
        folder = folder.resolve()
        if folder in found:
            continue
        manifest = json.loads((folder / "package.json").read_text())
        found[folder] = manifest
        queue.extend((dep, folder) for dep in manifest.get("dependencies", {}))
    return sorted(found.items(), key=lambda item: (item[1]["name"], item[1].get("version", "")))


def npm_licence(manifest):
    licence = manifest.get("license")
    if isinstance(licence, dict):
        licence = licence.get("type")
    if not licence and isinstance(manifest.get("licenses"), list):
        licence = " OR ".join(str(entry.get("type", entry)) for entry in manifest["licenses"])
    return licence or "not stated in its package.json"


def rust_sysroot():
    out = subprocess.run(["rustc", "--print", "sysroot"], check=True, stdout=subprocess.PIPE, text=True)
    return Path(out.stdout.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", required=True)
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args()

    crates = cargo_packages(args.target)
    market = next(
        p for p in json.loads(
            subprocess.run(
                ["cargo", "metadata", "--format-version", "1", "--no-deps", "--locked"],
                cwd=ROOT, check=True, stdout=subprocess.PIPE,
            ).stdout
        )["packages"] if p["name"] == "market"
    )
    web = ROOT / "web"
    npm = npm_packages(web)

    w = Writer()
    w.add(
        f"Third-party software in Market {market['version']} ({args.target})",
        RULE,
        "",
        "Market itself is under the MIT licence (LICENSE, beside this file). The `market`",
        "binary also carries the software below, each under its own licence, given in",
        "full (or, for a text given in full above, named) with each part. Made by",
        "scripts/dist/notices.py when the archive was built.",
        "",
        f"1. Rust crates linked into the binary ({len(crates)})",
        f"2. npm packages bundled into the web app ({len(npm)})",
        "3. C libraries compiled into the binary: SQLite, libwebp, mimalloc",
        "4. musl libc",
        "5. The Rust standard library and LLVM libunwind",
        "",
        "In short:",
        "",
    )
    for p in crates:
        w.add(f"  {p['name']} {p['version']}: {p['license'] or 'see ' + str(p.get('license_file'))}")
    for _, m in npm:
        w.add(f"  {m['name']} {m.get('version', '')} (npm): {npm_licence(m)}")
    mimalloc = next((p for p in crates if p["name"] == "libmimalloc-sys"), None)
    w.add("  SQLite (bundled by libsqlite3-sys): public domain")
    w.add("  libwebp (vendored by libwebp-sys): BSD-3-Clause, with Google's patent grant")
    if mimalloc:
        w.add("  mimalloc (bundled by libmimalloc-sys): MIT")
    w.add(
          "  musl libc: MIT",
          "  The Rust standard library: MIT OR Apache-2.0",
          "  LLVM libunwind: Apache-2.0 WITH LLVM-exception")

    w.add("", "", RULE, f"1. Rust crates linked into the binary ({len(crates)})", RULE)
    for p in crates:
        folder = Path(p["manifest_path"]).parent
        licence = p["license"] or f"see its {p.get('license_file')}"
        files = [(f.name, f) for f in licence_files(folder, p.get("license_file"))]
        w.entry(
            f"{p['name']} {p['version']}",
            licence,
            files,
            f"The crate ships no licence file; its manifest gives its licence as {licence}.",
            p.get("repository"),
        )

    w.add("", "", RULE, f"2. npm packages bundled into the web app ({len(npm)})", RULE)
    for folder, m in npm:
        licence = npm_licence(m)
        files = [(f.name, f) for f in licence_files(folder)]
        repo = m.get("repository")
        if isinstance(repo, dict):
            repo = repo.get("url")
        w.entry(
            f"{m['name']} {m.get('version', '')}",
            licence,
            files,
            f"The package ships no licence file; its package.json gives its licence as {licence}.",
            repo,
        )

    w.add("", "", RULE, "3. C libraries compiled into the binary: SQLite, libwebp, mimalloc", RULE)
    sqlite = next((p for p in crates if p["name"] == "libsqlite3-sys"), None)
    if sqlite is None:
        fail("libsqlite3-sys is not among the linked crates; is SQLite still bundled?")
    header = Path(sqlite["manifest_path"]).parent / "sqlite3" / "sqlite3.h"
    if not header.is_file():
        fail(f"{header} is missing: libsqlite3-sys no longer bundles SQLite where expected")
    source = header.read_text(errors="replace")
    version = re.search(r'#define SQLITE_VERSION\s+"([^"]+)"', source)
    # The first comment up to its row of asterisks: the date and the blessing.
    blessing = re.search(r"/\*(.*?)\n\*{10,}", source, re.DOTALL)
    w.add(
        "",
        f"SQLite {version.group(1) if version else ''}, compiled into the binary from the copy that",
        f"libsqlite3-sys {sqlite['version']} bundles. Licence: public domain. From sqlite3.h:",
        "",
    )
    if blessing:
        w.add(*[re.sub(r"^\s?\*\*? ?", "", line).rstrip() for line in blessing.group(1).strip("\n").split("\n")])
    else:
        fail(f"{header} no longer opens with SQLite's blessing")

    webp = next((p for p in crates if p["name"] == "libwebp-sys"), None)
    if not webp:
        fail("libwebp-sys is not among the linked crates; are pictures still encoded with libwebp?")
    vendor = Path(webp["manifest_path"]).parent / "vendor"
    for name in ("COPYING", "PATENTS"):
        if not (vendor / name).is_file():
            fail(f"{vendor}/{name} is missing: libwebp-sys no longer vendors libwebp where expected")
    w.add(
        "",
        f"libwebp, Google's WebP encoder, compiled into the binary from the copy that libwebp-sys {webp['version']}",
        "vendors; it writes the pictures staff upload.",
    )
    w.entry("libwebp", "BSD-3-Clause", [("COPYING", vendor / "COPYING"), ("PATENTS", vendor / "PATENTS")], "")

    if mimalloc:
        # libmimalloc-sys builds mimalloc 3 from its own copy, or mimalloc 2 with its v2 feature.
        major = "v2" if "v2" in mimalloc["resolved_features"] else "v3"
        source = Path(mimalloc["manifest_path"]).parent / "c_src" / "mimalloc" / major
        if not (source / "LICENSE").is_file():
            fail(f"{source}/LICENSE is missing: libmimalloc-sys no longer bundles mimalloc where expected")
        found = re.search(r"#define MI_MALLOC_VERSION\s+(\d+)", (source / "include/mimalloc.h").read_text())
        number = int(found.group(1)) if found else 0
        w.add(
            "",
            f"mimalloc {number // 10000}.{number // 100 % 100}.{number % 100}, the static build's memory allocator, compiled",
            f"into the binary from the copy that libmimalloc-sys {mimalloc['version']} bundles.",
        )
        w.entry("mimalloc", "MIT", [("LICENSE", source / "LICENSE")], "")

    w.add("", "", RULE, "4. musl libc", RULE)
    sysroot = rust_sysroot()
    libc_a = sysroot / "lib/rustlib" / args.target / "lib/self-contained/libc.a"
    musl_version = ""
    if libc_a.is_file():
        found = re.search(rb"\x00(1\.\d+\.\d+)\x00", libc_a.read_bytes())
        musl_version = found.group(1).decode() if found else ""
    copyright_files = sorted(Path("/usr/share/doc").glob("musl*/copyright"))
    if not copyright_files:
        fail("no /usr/share/doc/musl*/copyright: install Debian's musl-tools (scripts/dist/ensure-musl.sh)")
    debian = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "musl"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, check=False).stdout.strip()
    w.add(
        "",
        f"musl {musl_version}, the C library, linked statically from Rust's {args.target} target",
        "(its self-contained libc.a); the C code in the tree (SQLite, libwebp, mimalloc) is compiled",
        "with Debian's musl-gcc against the same library's headers. Licence: MIT. The",
        f"notice below is the copyright file Debian ships with its musl package{' (' + debian + ')' if debian else ''},",
        "under the same licence as the musl linked here.",
    )
    w.entry("musl libc", "MIT", [(str(copyright_files[0]), copyright_files[0])], "")

    w.add("", "", RULE, "5. The Rust standard library and LLVM libunwind", RULE)
    w.add(
        "",
        "The Rust standard library (core, alloc, std and the crates it is built from) is",
        "compiled into every Rust program. Licence: MIT OR Apache-2.0; some of its parts are",
        "under other permissive terms, listed in the Rust toolchain's",
        "share/doc/rust/COPYRIGHT-library.html. Copyright: The Rust Project Developers (see",
        "https://thanks.rust-lang.org). Rust's musl target also links LLVM's libunwind",
        "(libunwind.a), under Apache-2.0 WITH LLVM-exception; copyright: the LLVM Project.",
    )
    licences = sysroot / "share/doc/rust/licenses"
    files = [(f"{name} (from the Rust toolchain)", licences / name)
             for name in ("MIT.txt", "Apache-2.0.txt", "LLVM-exception.txt") if (licences / name).is_file()]
    w.entry(
        "The Rust standard library; LLVM libunwind",
        "MIT OR Apache-2.0; Apache-2.0 WITH LLVM-exception",
        files,
        "The Rust toolchain here ships no licence texts (share/doc/rust/licenses).",
    )

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(w.text())
    print(f"notices: {len(crates)} crates, {len(npm)} npm packages, SQLite, libwebp, mimalloc, musl, Rust std -> {args.out}")


if __name__ == "__main__":
    main()
