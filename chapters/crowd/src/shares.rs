//! `spend --shares`: a sampling profile's shares as bars, the ten functions that held the most
//! samples and the three parts the chapter reads, so the page shows where the time went beside
//! the figures it quotes. The profile is this machine's, so the picture is a measured one.

use world::pictures::palette::{BLUE, INK, RED};
use world::pictures::sketch::{Align, Sketch};

/// A function's name as a bar's label: the library's paths shortened, and cut to fit.
fn label(name: &str) -> String {
    let short = name.replace("world::beast::", "").replace("libm::math::", "libm::");
    if short.chars().count() > 58 {
        let cut: String = short.chars().take(56).collect();
        format!("{cut}..")
    } else {
        short
    }
}

/// The bars: `top` the functions with their shares in per cent, `parts` the chapter's parts.
pub fn draw(top: &[(String, f64)], parts: &[(String, f64)]) -> Sketch {
    let (names, bars, row) = (20.0, 420.0, 20.0);
    let widest = 300.0;
    let high = 60.0 + row * (top.len() + parts.len()) as f64 + 50.0;
    let mut s = Sketch::new(760.0, high);
    s.text(
        (names, 24.0),
        15.0,
        Align::Start,
        INK,
        "Where the samples were taken, as shares of the run",
    );
    let mut y = 52.0;
    let bar = |s: &mut Sketch, y: f64, words: &str, share: f64, colour| {
        s.text((names, y + 12.0), 11.0, Align::Start, INK, words);
        s.rect(bars, y, widest * share / 100.0, row - 6.0, Some(colour), None);
        s.text(
            (bars + widest * share / 100.0 + 6.0, y + 12.0),
            11.0,
            Align::Start,
            INK,
            &format!("{share:.1}%"),
        );
    };
    for (name, share) in top {
        bar(&mut s, y, &label(name), *share, BLUE);
        y += row;
    }
    y += 14.0;
    s.text((names, y), 12.0, Align::Start, INK, "in all, summed over every function:");
    y += 8.0;
    for (what, share) in parts {
        bar(&mut s, y, what, *share, RED);
        y += row;
    }
    s.text(
        (names, y + 16.0),
        10.0,
        Align::Start,
        INK,
        "a bar's length is its share of every sample; the whole width would be 100%",
    );
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_name_is_shortened_and_cut() {
        assert_eq!(super::label("world::beast::act::pick"), "act::pick");
        assert_eq!(super::label("libm::math::tanh::tanh"), "libm::tanh::tanh");
        assert!(super::label(&"x".repeat(80)).ends_with(".."));
    }
}
