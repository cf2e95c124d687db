//! Records which compiler built the book check, so a test can tell the toolchain pinned in
//! `rust-toolchain.toml` from another one swapped in (`cargo +nightly test`).

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=THEWORLD_RUSTC={version}");
    println!("cargo:rerun-if-env-changed=RUSTC");
}
