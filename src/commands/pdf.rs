//! `pdf`'s command line: where the PDF goes.

use std::path::PathBuf;

use clap::Parser;
use world::shell::cli::Writes;
use world::shell::file_flags::OutFile;

/// Prints the whole book to one PDF for handouts: mdBook's print page (book/book/print.html,
/// built by `mdbook build book`, which `just pdf` runs first) through headless Chromium, on A4,
/// opening with a title page (with the version, commit and date) and a table of contents linked
/// to the pages and giving the sheet each begins on, each page of the book starting a new sheet,
/// every sheet numbered at its foot, with every picture in and each moving picture as its first
/// frame. It is printed twice, the second time with the contents' numbers read from the first.
/// The PDF is written whole or not at all, then read back with poppler's pdfinfo, pdfimages and
/// pdftotext: it must open, have more pages than the book's summary, open with the title, the
/// edition and the contents, whose numbers must be right, number every sheet, start each of its
/// pages on a new sheet, embed every raster picture, hold every chart's text, and keep every
/// word inside the margins. Exit 0 when it does, 1 when the PDF
/// could not be made or fails the check, 2 for a bad command line or an --out that cannot be
/// written. Needs chromium and poppler-utils.
#[derive(Parser, Debug)]
#[command(name = "pdf")]
pub struct Cli {
    /// Where to write the PDF, in a folder that is there already [default: target/book.pdf
    /// in the repository, its folder made if need be].
    #[arg(long, value_name = "FILE.pdf", value_parser = pdf_path)]
    pub out: Option<OutFile>,
}

/// The PDF's name, for `--out`'s value parser: it must say what the file holds. It gives an
/// [`OutFile`], so the write path finds the flag by its parser as it finds a chapter's, and
/// checks the folder before Chromium starts.
fn pdf_path(s: &str) -> Result<OutFile, String> {
    if s.to_ascii_lowercase().ends_with(".pdf") && s.len() > 4 {
        Ok(OutFile(PathBuf::from(s)))
    } else {
        Err(format!("{s} must end in .pdf"))
    }
}

/// The PDF `--out` names is found by its parser; without the flag it goes to the repository's
/// target folder, which the run finds and makes, so nothing is left to declare here.
impl Writes for Cli {}
