//! A sketch: a drawing of boxes, lines, dots and words written straight out as SVG, for the
//! book's diagrams that are not charts (one creature's sensor row, one fan of rays).
//!
//! Every number is written with one decimal by Rust's own formatting, and the shapes come out
//! in the order they were drawn, so a sketch is the same bytes in every build and on every
//! machine, and the book check compares it to the byte. Words stay text, sharp at any size.

use std::fmt::Write as _;
use std::path::Path;

use super::palette::{PAPER, Rgb};
use crate::shell::files::{self, OutError};

/// The widest a sketch is drawn, in CSS pixels: the width of the book's text column.
pub const WIDEST: f64 = 760.0;

/// Where words sit against the point they are written at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The words start at the point.
    Start,
    /// The words are centred on it.
    Middle,
    /// The words end at it.
    End,
}

/// A drawing in the making: its size and the shapes drawn so far, as SVG.
#[derive(Clone, Debug)]
pub struct Sketch {
    wide: f64,
    high: f64,
    body: String,
}

/// A colour as SVG writes it.
fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// Words made safe to sit inside an SVG element.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

impl Sketch {
    /// A blank sketch `wide` by `high` CSS pixels on the book's paper; no wider than
    /// [`WIDEST`], whatever is asked.
    pub fn new(wide: f64, high: f64) -> Sketch {
        let wide = wide.min(WIDEST);
        let mut s = Sketch { wide, high, body: String::new() };
        s.rect(0.0, 0.0, wide, high, Some(PAPER), None);
        s
    }

    /// A box with its top left corner at (x, y), filled and outlined as asked.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: Option<Rgb>, line: Option<Rgb>) {
        let fill = fill.map_or("none".to_string(), hex);
        let stroke = line.map_or(String::new(), |c| format!(" stroke=\"{}\"", hex(c)));
        let _ = writeln!(
            self.body,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" \
             fill=\"{fill}\"{stroke}/>"
        );
    }

    /// A straight line `width` pixels thick, dashed when `dashed` is set.
    pub fn line(
        &mut self,
        from: (f64, f64),
        to: (f64, f64),
        colour: Rgb,
        width: f64,
        dashed: bool,
    ) {
        let dash = if dashed { " stroke-dasharray=\"4 3\"" } else { "" };
        let _ = writeln!(
            self.body,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{}\" \
             stroke-width=\"{width:.1}\"{dash}/>",
            from.0,
            from.1,
            to.0,
            to.1,
            hex(colour)
        );
    }

    /// A dot of radius `r` centred on (x, y), filled, or hollow with `colour` round it.
    pub fn dot(&mut self, (x, y): (f64, f64), r: f64, colour: Rgb, filled: bool) {
        let paint = if filled {
            format!("fill=\"{}\"", hex(colour))
        } else {
            format!("fill=\"none\" stroke=\"{}\"", hex(colour))
        };
        let _ = writeln!(self.body, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" {paint}/>");
    }

    /// Words `size` pixels high with their baseline at y, placed against x as `align` says.
    pub fn text(&mut self, (x, y): (f64, f64), size: f64, align: Align, colour: Rgb, words: &str) {
        let anchor = match align {
            Align::Start => "start",
            Align::Middle => "middle",
            Align::End => "end",
        };
        let _ = writeln!(
            self.body,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.1}\" text-anchor=\"{anchor}\" \
             fill=\"{}\">{}</text>",
            hex(colour),
            escape(words)
        );
    }

    /// The whole sketch as an SVG document.
    pub fn svg(&self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" \
             viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"sans-serif\">\n{}</svg>\n",
            self.body,
            w = self.wide,
            h = self.high
        )
    }

    /// Writes the sketch to `path`, whole or not at all.
    pub fn save(&self, path: &Path) -> Result<(), OutError> {
        files::write(path, self.svg().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pictures::palette::INK;

    #[test]
    fn a_sketch_keeps_its_words_as_text_and_its_width_to_the_column() {
        let mut s = Sketch::new(2000.0, 100.0);
        s.text((10.0, 20.0), 12.0, Align::Start, INK, "store < 1 & falling");
        let svg = s.svg();
        assert!(svg.contains(">store &lt; 1 &amp; falling</text>"), "{svg}");
        assert!(svg.contains("width=\"760\""), "{svg}");
    }
}
