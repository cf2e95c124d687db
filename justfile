# Every recipe runs from the repository root. Each says what it does in one `doc` line, which
# `just --list` shows whole.

[doc("List the recipes.")]
default:
    @just --list

[doc("Chapter 1, Motion in Three Vectors: every table in the book's order.")]
chapter-1:
    cargo run --release -p bodies

[doc("Chapter 2, The Herd That Bunches: every table in the book's order.")]
chapter-2:
    cargo run --release -p herd

[doc("Chapter 3, Three Thousand Brains: every table in the book's order.")]
chapter-3:
    cargo run --release -p crowd

[doc("Rerun every deterministic block and picture in the book and fail with a diff on any drift; writes nothing. ONLY picks the pages and commands that contain it.")]
verify ONLY="":
    cargo run --release -q -p theworld --bin blocks -- verify {{ quote(ONLY) }}

[doc("Rewrite every deterministic block and picture from its command (review with git diff). ONLY picks the pages and commands that contain it: `just bless \"held --ticks\"`.")]
bless ONLY="":
    cargo run --release -q -p theworld --bin blocks -- bless {{ quote(ONLY) }}

[doc("Fill in every figure the prose reads from a block, from the blocks as the pages hold them (nothing is rerun), and list each figure typed into the prose. ONLY picks the pages written and reported.")]
figures ONLY="":
    cargo run --release -q -p theworld --bin blocks -- figures {{ quote(ONLY) }}

[doc("Rerun the timing blocks (\"Measured on ...\") on this machine, when nothing else runs, and rewrite them; a block taken while the rest of the machine was busy is refused (--busy-ok writes it, stamped). A filter picks pages and commands.")]
[positional-arguments]
measure *ARGS:
    cargo run --release -q -p theworld --bin blocks -- measure "$@"

[doc("The whole test suite, the book check included.")]
test:
    cargo test --release --workspace

[doc("Formatting and lints, as CI runs them.")]
lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings
    cargo clippy -p theworld --features browser --bin browser -- -D warnings

[doc("The same digests in debug, release and a native-CPU build.")]
same-everywhere:
    bash .ci/same-everywhere

[doc("Build the book into book/book.")]
book:
    mdbook build book

[doc("Serve the book at http://localhost:3000 and rebuild on change.")]
serve:
    mdbook serve book --open

[doc("Check one challenge of the course: `just challenge 2.5` (the chapters' pages end with them). Exits 0 when it passes or is answered on paper, 1 with the one line it is waiting for.")]
[no-exit-message]
challenge N:
    cargo run --release -q -p theworld --bin challenge -- {{ quote(N) }}

[doc("Every challenge of the course and where it stands now: the table a teacher grades from. `just challenges --json` prints the same as one JSON document (Exercism's results.json shape).")]
[no-exit-message]
[positional-arguments]
challenges *ARGS:
    cargo run --release -q -p theworld --bin challenge -- "$@"

[doc("The whole book as one PDF for handouts, target/book.pdf, printed by headless Chromium from the print page and checked: every picture in, moving ones as their first frame.")]
[no-exit-message]
pdf:
    mdbook build book
    cargo run --release -q -p theworld --bin pdf

[doc("A hint for a challenge, one at a time: `just hint 2.5`, then `just hint 2.5 2` for the next.")]
[no-exit-message]
hint N K="1":
    cargo run --release -q -p theworld --bin hint -- {{ quote(N) }} {{ quote(K) }}

[doc("Prove the browser check on a tiny book made to fail it, then build the book and open every page in headless Chromium at 1200 px with the sidebar open: pictures load at their own shape, films have their frames, code fits its column, no empty code block, no flag turned into a dash, no dead link or anchor, no console error. Screenshots go to target/browser.")]
browser:
    cargo run --release -q -p theworld --features browser --bin browser -- --self-test
    mdbook build book
    cargo run --release -q -p theworld --features browser --bin browser
