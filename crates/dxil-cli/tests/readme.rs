//! The README's commands, run as a user would run them: every `sh` block of its "Quick start"
//! and "The first hour" sections, from the checkout root, as one bash script per section that
//! stops at the first command that fails.
//!
//! What is rewritten, and why:
//! - `cargo run --release -p dxil-cli -- ...` and `dxil ...` run the binary under test (the
//!   README shows both spellings: the first for a fresh machine, the second with `dxil` on
//!   `PATH`);
//! - `cargo run ... --example NAME` runs through the cargo that builds this test;
//! - `cargo test`, `cargo build` and `cargo install` lines are not run (this test is part of
//!   what they run);
//! - `/tmp/` becomes a scratch directory of this test, so runs do not share files.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `sh` blocks under the `## ` heading that starts with `heading`.
fn sh_blocks(readme: &str, heading: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut in_section = false;
    let mut block: Option<String> = None;
    for line in readme.lines() {
        if let Some(b) = block.as_mut() {
            if line.trim_start().starts_with("```") {
                blocks.push(block.take().expect("open block"));
            } else {
                b.push_str(line);
                b.push('\n');
            }
            continue;
        }
        if let Some(title) = line.strip_prefix("## ") {
            in_section = title.starts_with(heading);
            continue;
        }
        if in_section && line.trim() == "```sh" {
            block = Some(String::new());
        }
    }
    assert!(
        block.is_none(),
        "an sh block under {heading:?} is not closed"
    );
    blocks
}

fn script(blocks: &[String], scratch: &Path) -> String {
    let scratch = format!("{}/", scratch.display());
    let cargo = env!("CARGO");
    let manifest = root().join("Cargo.toml");
    let mut out = String::new();
    for line in blocks.iter().flat_map(|b| b.lines()) {
        let trimmed = line.trim_start();
        if ["cargo test", "cargo build", "cargo install"]
            .iter()
            .any(|c| trimmed.starts_with(c))
        {
            out.push_str(&format!(": not run here: {line}\n"));
            continue;
        }
        let line = line
            .replace("cargo run --release -p dxil-cli --", "dxil")
            .replace(
                "cargo run --release -p dxil --example",
                &format!(
                    "'{cargo}' run --release -q --manifest-path '{}' -p dxil --example",
                    manifest.display()
                ),
            )
            .replace("/tmp/", &scratch);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn run_section(heading: &str) {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let blocks = sh_blocks(&readme, heading);
    assert!(
        !blocks.is_empty(),
        "README has no sh block under {heading:?}"
    );
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("readme")
        .join(heading.replace(' ', "-"));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("scratch directory");
    let script = script(&blocks, &scratch);
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_dxil"))
        .parent()
        .expect("binary directory")
        .to_path_buf();
    let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("PATH");
    let out = Command::new("bash")
        .args(["-euo", "pipefail", "-x", "-c", &script])
        .current_dir(root())
        .env("PATH", path)
        .output()
        .expect("run bash");
    assert!(
        out.status.success(),
        "README section {heading:?} failed ({}):\n--- script\n{script}\n--- stdout\n{}\n--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn quick_start_runs() {
    run_section("Quick start");
}

#[test]
fn first_hour_runs() {
    run_section("The first hour");
}
