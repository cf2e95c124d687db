# Every recipe runs from the repository root.

# List the recipes.
default:
    @just --list

# Chapter 1, Motion in Three Vectors: every table in the book's order.
chapter-1:
    cargo run --release -p bodies

# Chapter 2, The Herd That Bunches.
chapter-2:
    cargo run --release -p herd

# Chapter 3, Three Thousand Brains.
chapter-3:
    cargo run --release -p crowd

# Rerun every deterministic block and picture in the book; fail with a diff on any drift.
# Writes nothing. ONLY picks the pages and commands that contain it.
verify ONLY="":
    cargo run --release -q -p theworld --bin blocks -- verify {{ quote(ONLY) }}

# Rewrite every deterministic block and picture from its command (review with git diff).
# ONLY picks the pages and commands that contain it: `just bless "held --ticks"`.
bless ONLY="":
    cargo run --release -q -p theworld --bin blocks -- bless {{ quote(ONLY) }}

# Rerun the timing blocks ("Measured on ...") on this machine and rewrite them.
measure ONLY="":
    cargo run --release -q -p theworld --bin blocks -- measure {{ quote(ONLY) }}

# The whole test suite, the book check included.
test:
    cargo test --release --workspace

# Formatting and lints, as CI runs them.
lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings

# The same digests in debug, release and a native-CPU build.
same-everywhere:
    bash .ci/same-everywhere

# Build the book into book/book.
book:
    mdbook build book

# Serve the book at http://localhost:3000 and rebuild on change.
serve:
    mdbook serve book --open

# Check one challenge of the course: `just challenge 2.5` (the chapters' pages end with them).
# Exit 0 when it passes or is answered on paper, 1 with the one line it is waiting for.
[no-exit-message]
challenge N:
    cargo run --release -q -p theworld --bin challenge -- {{ quote(N) }}

# Every challenge of the course and where it stands now: the table a teacher grades from.
# `just challenges --json`: the same as one JSON document (Exercism's results.json shape).
[no-exit-message]
[positional-arguments]
challenges *ARGS:
    cargo run --release -q -p theworld --bin challenge -- "$@"

# The whole book as one PDF for handouts, target/book.pdf, printed by headless Chromium from
# the print page and checked: every picture in, moving ones as their first frame.
[no-exit-message]
pdf:
    mdbook build book
    cargo run --release -q -p theworld --bin pdf

# A hint for a challenge, one at a time: `just hint 2.5`, then `just hint 2.5 2` for the next.
[no-exit-message]
hint N K="1":
    cargo run --release -q -p theworld --bin hint -- {{ quote(N) }} {{ quote(K) }}
# Build the book and open every page in headless Chromium: pictures load, moving pictures move,
# no empty code block, no dead link or anchor, no console error. Screenshots go to target/browser.
browser:
    mdbook build book
    cargo run --release -q -p theworld --features browser --bin browser
