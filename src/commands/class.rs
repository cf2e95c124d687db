//! `class`'s command line: the new folder, and whether to print the handout.

use std::path::PathBuf;

use clap::Parser;
use world::shell::cli::Writes;

/// Makes the students' copy of the course in a new folder: the last commit of this repository
/// (uncommitted changes are not in it), without the reference answers (`answers/`), their
/// appendix and the teaching page, each try-it's "Answered here" saying the teacher has the
/// answer, as a git repository of its own with one commit, so no answer is one `git log -p`
/// away. Then the handout: the copy's book printed to DIR/target/book.pdf, as `just pdf` prints
/// it (needs mdbook, mdbook-quiz, Chromium and poppler; without them the run says so in one line
/// and makes the rest). The folder appears whole or not at all. This repository is only read.
/// Exit 0 when the copy is made, 1 when it could not be, 2 for a bad command line or a DIR that
/// is there and not empty, or inside this repository.
#[derive(Parser, Debug)]
#[command(name = "class")]
pub struct Cli {
    /// The new folder, outside this repository: ../class. It must not be there yet, or be empty.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// No handout PDF: only the copy.
    #[arg(long)]
    pub no_pdf: bool,
}

/// DIR is checked by the run itself, and made by it whole with one rename: a new folder (or an
/// empty one) outside the repository, refused in class's own words, not a folder to write
/// files into.
impl Writes for Cli {}
