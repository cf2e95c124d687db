//! The book is made with one Rust release, pinned in `rust-toolchain.toml`: chapter 3's
//! allocation ledger counts what the standard library allocates, which may change from one
//! release to the next. The pin, the workspace's minimum version, the compiler that ran these
//! tests and what the README and the appendix on measuring (where the ledger's chapter sends the
//! reader for the pin) say must all be the same release.

fn pinned() -> String {
    let root = theworld::repo::find(&std::env::current_dir().unwrap()).unwrap();
    let file = std::fs::read_to_string(root.join("rust-toolchain.toml"))
        .expect("rust-toolchain.toml pins the toolchain");
    file.lines()
        .find_map(|l| l.trim().strip_prefix("channel = "))
        .map(|c| c.trim_matches('"').to_string())
        .expect("rust-toolchain.toml names a channel")
}

fn read(path: &str) -> String {
    let root = theworld::repo::find(&std::env::current_dir().unwrap()).unwrap();
    std::fs::read_to_string(root.join(path)).unwrap()
}

#[test]
fn one_release_is_pinned_claimed_used_and_named() {
    let pin = pinned();
    assert_eq!(pin.split('.').count(), 3, "pin an exact release, not {pin}");
    // The minimum the workspace claims is the release it is tested on, and no older.
    let least = env!("CARGO_PKG_RUST_VERSION");
    assert!(pin == least || pin.starts_with(&format!("{least}.")), "{pin} against {least}");
    assert!(
        env!("THEWORLD_RUSTC").starts_with(&format!("rustc {pin} ")),
        "these tests were built by {}, not the pinned {pin}: the ledger's counts may differ",
        env!("THEWORLD_RUSTC")
    );
    let readme = read("README.md");
    assert!(readme.contains("rust-toolchain.toml") && readme.contains(&pin), "README");
    let measuring = read("book/src/measuring.md");
    assert!(measuring.contains("rust-toolchain.toml") && measuring.contains(&pin), "measuring.md");
}
