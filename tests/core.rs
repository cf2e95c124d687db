//! The simulation stands on its own: the library without its shell (`world` with no default
//! features) depends on nothing but what the world computes with, so a crate that only runs the
//! world, in a browser say, builds without the command line, the pictures or the terminal.

use std::process::Command;

/// What the world computes with: SHA-256 for the digests (and what it is built from), the
/// numbered PCG streams, and the pinned `libm`.
const ALLOWED: &[&str] = &[
    "world",
    "sha2",
    "digest",
    "block-buffer",
    "crypto-common",
    "hybrid-array",
    "typenum",
    "const-oid",
    "cpufeatures",
    "cfg-if",
    "libc",
    "rand_pcg",
    "rand_core",
    "libm",
];

#[test]
fn the_core_depends_on_nothing_but_what_the_world_computes_with() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["tree", "-p", "world", "--no-default-features", "-e", "normal"])
        .args(["--prefix", "none", "--format", "{p}", "--offline"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8_lossy(&out.stdout);
    let names: Vec<&str> = tree.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert!(names.contains(&"sha2") && names.contains(&"libm"), "{tree}");
    let strays: Vec<&&str> = names.iter().filter(|n| !ALLOWED.contains(n)).collect();
    assert!(strays.is_empty(), "the core pulls in {strays:?}:\n{tree}");
    let with_shell = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["tree", "-p", "world", "-e", "normal", "--prefix", "none", "--offline"])
        .output()
        .unwrap();
    let shell = String::from_utf8_lossy(&with_shell.stdout);
    assert!(
        shell.contains("clap") && shell.contains("plotters"),
        "the test reads the tree:\n{shell}"
    );
}
