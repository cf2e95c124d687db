//! A valley painted onto a frame: the pictures' side of `base::valley`, which holds only the
//! numbers.

use super::frame::Frame;
use crate::base::Valley;

impl Valley {
    /// Paints every cell in its land's colour, `px` pixels to a cell side, from the frame's top
    /// left corner.
    pub fn draw(&self, frame: &mut Frame, px: i64) {
        for y in 0..self.rows as i64 {
            for x in 0..self.cols as i64 {
                frame.rect(x * px, y * px, px, px, self.at(x, y).colour());
            }
        }
    }
}
