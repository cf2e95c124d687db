//! A frame of pixels, and the two things done with it: hash it and save it as a PNG.
//!
//! Everything is drawn in whole pixels with whole-number arithmetic (the letters are bitmaps),
//! so a frame is the same bytes in every build and on every machine.

use std::path::Path;

use embedded_graphics::Drawable;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::FONT_9X15;
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, Point, RgbColor, Size};
use embedded_graphics::text::{Baseline, Text};

use super::palette::{PAPER, RED, Rgb};
use crate::Vec2;
use crate::shell::files::{self, OutError};

/// The width of the window chapters 1 and 2 draw into, in world pixels: twelve cells.
pub const VIEW_W: usize = 192;
/// The window's height: eight cells.
pub const VIEW_H: usize = 128;

/// A grid of pixels, row by row from the top left.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Pixels across.
    pub w: usize,
    /// Pixels down.
    pub h: usize,
    px: Vec<Rgb>,
}

impl Frame {
    /// A frame of the given size, filled with paper.
    pub fn new(w: usize, h: usize) -> Frame {
        Frame { w, h, px: vec![PAPER; w * h] }
    }

    /// The world's own window.
    pub fn view() -> Frame {
        Frame::new(VIEW_W, VIEW_H)
    }

    /// Colours one pixel; a pixel off the frame is simply not drawn.
    pub fn set(&mut self, x: i64, y: i64, c: Rgb) {
        if x >= 0 && y >= 0 && (x as usize) < self.w && (y as usize) < self.h {
            self.px[y as usize * self.w + x as usize] = c;
        }
    }

    /// The colour of one pixel, which must be on the frame.
    pub fn get(&self, x: usize, y: usize) -> Rgb {
        self.px[y * self.w + x]
    }

    /// One row of pixels, left to right.
    pub fn row(&self, y: usize) -> &[Rgb] {
        &self.px[y * self.w..(y + 1) * self.w]
    }

    /// The pixel a world position falls in: the one whose square contains it.
    pub fn dot(&mut self, p: Vec2, c: Rgb) {
        self.set(libm::floor(p.x) as i64, libm::floor(p.y) as i64, c);
    }

    // ANCHOR: walker
    /// A walker as two pixels: its body in `c`, and its nose in red two pixels ahead along its
    /// velocity, so a still picture shows which way everyone was going. A walker at rest has no
    /// heading and gets no nose.
    pub fn walker(&mut self, b: &crate::Body, c: Rgb) {
        if b.vel.len() > 0.0 {
            self.dot(b.pos.add(b.vel.unit().scale(2.0)), RED);
        }
        self.dot(b.pos, c);
    }
    // ANCHOR_END: walker

    /// A straight line of pixels from `a` to `b`, inclusive, stepped in whole pixels with
    /// integer arithmetic only, so it draws the same on every machine.
    pub fn line(&mut self, a: (i64, i64), b: (i64, i64), c: Rgb) {
        let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs()).max(1);
        for k in 0..=steps {
            self.set(a.0 + (b.0 - a.0) * k / steps, a.1 + (b.1 - a.1) * k / steps, c);
        }
    }

    /// A filled disc of radius `r` around (cx, cy): every pixel whose centre is within `r`,
    /// tested in whole numbers.
    pub fn disc(&mut self, cx: i64, cy: i64, r: i64, c: Rgb) {
        for dy in -r..=r {
            for dx in -r..=r {
                if dx * dx + dy * dy <= r * r {
                    self.set(cx + dx, cy + dy, c);
                }
            }
        }
    }

    /// A filled rectangle, clipped to the frame.
    pub fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, c: Rgb) {
        for yy in y.max(0)..(y + h).min(self.h as i64) {
            for xx in x.max(0)..(x + w).min(self.w as i64) {
                self.set(xx, yy, c);
            }
        }
    }

    /// The frame blown up `zoom` times, each pixel a `zoom` by `zoom` square.
    pub fn zoomed(&self, zoom: usize) -> Frame {
        let wide = self.w * zoom;
        let mut px = Vec::with_capacity(self.px.len() * zoom * zoom);
        for y in 0..self.h {
            let start = px.len();
            for &c in self.row(y) {
                px.extend(std::iter::repeat_n(c, zoom));
            }
            for _ in 1..zoom {
                px.extend_from_within(start..start + wide);
            }
        }
        Frame { w: wide, h: self.h * zoom, px }
    }

    /// Copies `other` onto this frame with its top left corner at (x, y), clipped to the frame.
    pub fn paste(&mut self, other: &Frame, x: usize, y: usize) {
        let w = other.w.min(self.w.saturating_sub(x));
        for row in 0..other.h.min(self.h.saturating_sub(y)) {
            let at = (y + row) * self.w + x;
            self.px[at..at + w].copy_from_slice(&other.row(row)[..w]);
        }
    }

    /// Writes `words` with their top left corner at (x, y) in a fixed 9 by 15 pixel font, and
    /// returns the width they took. The letters are bitmaps set with whole numbers only, so
    /// they come out the same in every build. Only ASCII has letters; anything else is a `?`.
    pub fn text(&mut self, x: i64, y: i64, words: &str, c: Rgb) -> i64 {
        let style = MonoTextStyle::new(&FONT_9X15, Rgb888::new(c[0], c[1], c[2]));
        let at = Point::new(x as i32, y as i32);
        let Ok(end) = Text::with_baseline(words, at, style, Baseline::Top).draw(self);
        i64::from(end.x) - x
    }

    /// Twelve hex digits of SHA-256 over the size and every pixel: equal hashes mean frames
    /// that look the same to the last pixel.
    pub fn hash(&self) -> String {
        let mut d = crate::base::Digest::new();
        d.u64(self.w as u64).u64(self.h as u64);
        for p in &self.px {
            d.bytes(p);
        }
        d.hex(6)
    }

    /// The frame as an 8-bit RGB PNG, each pixel drawn as a `zoom` by `zoom` square so a
    /// 192-pixel world is big enough to see on a page.
    pub fn png(&self, zoom: usize) -> Vec<u8> {
        let (w, h) = (self.w * zoom, self.h * zoom);
        let mut bytes = Vec::new();
        let mut enc = png::Encoder::new(&mut bytes, w as u32, h as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut data = Vec::with_capacity(w * h * 3);
        for y in 0..h {
            for x in 0..w {
                data.extend_from_slice(&self.get(x / zoom, y / zoom));
            }
        }
        // Encoding into memory can only fail on a size the frame cannot have.
        let mut out = enc.write_header().expect("a frame's size is a valid PNG size");
        out.write_image_data(&data).expect("the data is exactly one frame");
        out.finish().expect("the image is complete");
        bytes
    }

    /// Writes the frame as a PNG (see [`Frame::png`]), whole or not at all.
    pub fn save_png(&self, path: &Path, zoom: usize) -> Result<(), OutError> {
        files::write(path, &self.png(zoom))
    }
}

/// Lets the pixel fonts of `embedded-graphics` draw straight into a frame.
impl OriginDimensions for Frame {
    fn size(&self) -> Size {
        Size::new(self.w as u32, self.h as u32)
    }
}

impl DrawTarget for Frame {
    type Color = Rgb888;
    type Error = std::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            self.set(i64::from(p.x), i64::from(p.y), [c.r(), c.g(), c.b()]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pictures::palette::INK;

    #[test]
    fn text_is_drawn_in_its_colour_and_measured() {
        let mut f = Frame::new(60, 20);
        let width = f.text(1, 2, "tick 7", RED);
        assert_eq!(width, 6 * 9);
        let red =
            (0..60).flat_map(|x| (0..20).map(move |y| (x, y))).filter(|&(x, y)| f.get(x, y) == RED);
        let (xs, ys): (Vec<usize>, Vec<usize>) = red.unzip();
        assert!(!xs.is_empty());
        assert!(*xs.iter().min().unwrap() >= 1 && *xs.iter().max().unwrap() < 55);
        assert!(*ys.iter().min().unwrap() >= 2 && *ys.iter().max().unwrap() < 17);
        let z = f.zoomed(3);
        assert_eq!((z.w, z.h), (180, 60));
        assert_eq!(z.png(1), f.png(3), "zooming is the same as saving zoomed");
        let mut big = Frame::new(70, 30);
        big.paste(&f, 15, 20);
        assert_eq!(big.get(15 + 3, 20 + 5), f.get(3, 5));
        assert_eq!(big.get(69, 29), f.get(54, 9), "clipped at the edge");
    }

    #[test]
    fn off_frame_pixels_are_ignored() {
        let mut f = Frame::new(4, 4);
        let before = f.hash();
        f.set(-1, 0, INK);
        f.set(4, 0, INK);
        f.dot(Vec2::new(-0.5, 2.0), INK);
        assert_eq!(f.hash(), before);
        f.dot(Vec2::new(3.9, 0.1), INK);
        assert_eq!(f.get(3, 0), INK);
        assert_ne!(f.hash(), before);
    }

    #[test]
    fn unwritable_path_is_an_error_not_a_panic() {
        let f = Frame::new(2, 2);
        let e = f.save_png(Path::new("/no/such/folder/x.png"), 1).unwrap_err();
        assert!(e.to_string().contains("/no/such/folder/x.png"));
    }
}
