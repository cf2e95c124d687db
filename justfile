# Every recipe runs from the repository root. Each says what it does in one `doc` line, which
# `just --list` shows whole.

[doc("List the recipes.")]
default:
    @just --list

# The chapters are listed once, in src/chapters.rs, a `chapter!(NAME),` line each in the book's
# order; this reads the Nth.
[doc("Chapter N from start to end, every table: `just chapter 3`.")]
[no-exit-message]
chapter N:
    @case {{ quote(N) }} in ''|0*|*[!0-9]*) name= ;; \
      *) name=$(sed -n 's/^    chapter!(\([a-z_]*\)),$/\1/p' src/chapters.rs | sed -n {{ quote(N) }}p) ;; esac; \
    if [ -z "$name" ]; then echo "just chapter: no chapter {{ N }}; give 1 to $(grep -c '^    chapter!(' src/chapters.rs)" >&2; exit 2; fi; \
    echo "cargo run --release -p $name" >&2; \
    cargo run --release -p "$name"

# The names the book and the README have always given; a fourth chapter needs no line here,
# `just chapter 4` runs it.
[doc("Chapter 1 from start to end: `just chapter 1`.")]
chapter-1: (chapter "1")

[doc("Chapter 2 from start to end: `just chapter 2`.")]
chapter-2: (chapter "2")

[doc("Chapter 3 from start to end: `just chapter 3`.")]
chapter-3: (chapter "3")

# Writes nothing; a drift is shown as a diff. ONLY picks the pages and commands that contain it.
[doc("Check every deterministic block and picture for drift.")]
verify ONLY="":
    cargo run --release -q -p theworld --bin blocks -- verify {{ quote(ONLY) }}

# Review what it rewrote with git diff. ONLY picks the pages and commands that contain it:
# `just bless "held --ticks"`.
[doc("Rewrite every deterministic block and picture.")]
bless ONLY="":
    cargo run --release -q -p theworld --bin blocks -- bless {{ quote(ONLY) }}

# Reads the blocks as the pages hold them, and lists each figure typed into the prose. ONLY
# picks the pages written and reported.
[doc("Fill in the prose's figures from the blocks.")]
figures ONLY="":
    cargo run --release -q -p theworld --bin blocks -- figures {{ quote(ONLY) }}

# Rewrites the "Measured on ..." blocks and the figures read from them. A block taken while the
# rest of the machine was busy is refused (--busy-ok writes it, stamped). A filter picks pages
# and commands.
[doc("Retake the timing blocks, on a quiet machine.")]
[positional-arguments]
measure *ARGS:
    cargo run --release -q -p theworld --bin blocks -- measure "$@"

[doc("The whole test suite, the book check included.")]
test:
    cargo test --release --workspace

# A chapter's subcommands are declared inside its `world::subcommands!` list, where cargo fmt
# does not look: rustfmt is handed their files itself, by `fmt` and by `lint` alike.
[doc("Format every file, the chapters' subcommands included.")]
fmt:
    cargo fmt --all
    rustfmt --edition 2024 chapters/*/src/*.rs chapters/*/src/*/mod.rs

[doc("Formatting and lints, as CI runs them.")]
lint:
    cargo fmt --all --check
    rustfmt --check --edition 2024 chapters/*/src/*.rs chapters/*/src/*/mod.rs
    cargo clippy --workspace --all-targets -- -D warnings
    cargo clippy -p theworld --features browser --bin browser -- -D warnings

[doc("Same digests in debug, release and native builds.")]
same-everywhere:
    bash .ci/same-everywhere

# With rustup's wasm32 target where rustup can fetch it, else Debian's Rust in a chroot.
[doc("Rebuild the live pages' module: book/src/live/world.wasm.")]
wasm:
    bash .ci/wasm book/src/live/world.wasm

[doc("Build the book into book/book.")]
book:
    mdbook build book

[doc("Serve the book at localhost:3000, rebuilt on change.")]
serve:
    mdbook serve book --open

# The chapters' pages end with the challenges. Exits 0 when it passes or is answered on paper,
# 1 with the one line it is waiting for.
[doc("Check one challenge: `just challenge 2.5`.")]
[no-exit-message]
challenge N:
    cargo run --release -q -p theworld --bin challenge -- {{ quote(N) }}

# `just challenges --json` prints the same as one JSON document (Exercism's results.json shape).
[doc("Every challenge and where it stands: a teacher's table.")]
[no-exit-message]
[positional-arguments]
challenges *ARGS:
    cargo run --release -q -p theworld --bin challenge -- "$@"

# Printed by headless Chromium from the print page and checked: every picture in, moving ones
# as their first frame.
[doc("The whole book as one PDF for handouts: target/book.pdf.")]
[no-exit-message]
pdf:
    mdbook build book
    cargo run --release -q -p theworld --bin pdf

# The last commit, without answers/, the answers appendix and the teaching page, each try-it's
# "Answered here" saying the teacher has the answer, in a git repository of its own with one
# commit; then its book printed to DIR/target/book.pdf for handouts (`--no-pdf`: no handout).
[doc("The students' copy, without the answers: `just class ../class`.")]
[no-exit-message]
[positional-arguments]
class DIR *ARGS:
    cargo build --release -q -p theworld --bin pdf
    cargo run --release -q -p theworld --bin class -- "$@"

[doc("A hint: `just hint 2.5`, then `just hint 2.5 2`.")]
[no-exit-message]
hint N K="1":
    cargo run --release -q -p theworld --bin hint -- {{ quote(N) }} {{ quote(K) }}

# First proves the check on a tiny book made to fail it. Then, at 1200 px with the sidebar open:
# pictures load at their own shape, films have their frames and pause, code fits its column, no
# empty code block, no flag turned into a dash, no dead link or anchor, no console error, no
# axe-core violation of the book's own in any of mdBook's five themes; every live panel stepped,
# played and run to the book's tick, its digest the book's, never holding the page. And at a
# phone's 375 px: the page's weight, code that wraps, charts large enough to read, nothing cut
# off. Screenshots go to target/browser. axe-core is installed, pinned, under target/axe.
[doc("Open every page in headless Chromium and check it.")]
browser:
    @test -f target/axe/node_modules/axe-core/axe.min.js || npm install --prefix target/axe --no-save --no-audit --no-fund axe-core@4.11.4
    @echo "browser: building the check (a minute or two the first time), then proving it on a tiny book" >&2
    cargo run --release -q -p theworld --features browser --bin browser -- --self-test
    @echo "browser: building the book" >&2
    mdbook build book
    @echo "browser: opening every page, one line each" >&2
    cargo run --release -q -p theworld --features browser --bin browser
