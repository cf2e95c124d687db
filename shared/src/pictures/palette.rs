//! The colours every picture is drawn in: the page, the ink, the two colours the charts tell
//! lines apart by, and what each kind of land looks like.
//!
//! A picture is compared with the book's to the byte, so a colour is three whole numbers named
//! once here, never worked out.

use crate::base::Land;

/// An RGB colour, eight bits a channel.
pub type Rgb = [u8; 3];

/// The page behind every picture and chart.
pub const PAPER: Rgb = [250, 248, 240];
/// Walkers, creatures, words and axes.
pub const INK: Rgb = [30, 30, 36];
/// A walker's nose, a death, and the first line of a chart.
pub const RED: Rgb = [200, 40, 40];
/// The second line of a chart.
pub const BLUE: Rgb = [40, 80, 200];
/// Trails, and the marks behind a moving body.
pub const GREY: Rgb = [200, 200, 200];

impl Land {
    /// The colour a cell of this land is painted, in every picture of a valley.
    pub fn colour(self) -> Rgb {
        match self {
            Land::Ground => [226, 222, 196],
            Land::Water => [150, 190, 230],
            Land::Rock => [150, 140, 130],
        }
    }
}

/// A box's shade for a value from -1 to 1: blue above zero, red below, the paler the nearer
/// zero (a sensor row's inputs, a brain's sums and scores).
pub fn signed(v: f64) -> Rgb {
    let (to, t) = if v >= 0.0 { (BLUE, v.min(1.0)) } else { (RED, (-v).min(1.0)) };
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * 0.75 * t) as u8;
    [mix(PAPER[0], to[0]), mix(PAPER[1], to[1]), mix(PAPER[2], to[2])]
}
