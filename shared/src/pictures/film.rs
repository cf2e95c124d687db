//! Moving pictures: frames written one after another into an animated PNG (APNG), which every
//! current browser plays and every other viewer shows as its first frame.
//!
//! A film is written as it is shot, so a long one never holds more than two frames in memory.
//! Its colours are named up front, as a palette of at most 255, and every frame after the first
//! keeps only the rectangle that changed, with the pixels inside it that did not change left
//! see-through. A herd of walkers on a still valley changes a few hundred pixels a tick, so a
//! frame costs a few hundred bytes instead of the whole picture again.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;

use png::{BitDepth, BlendOp, ColorType, DeflateCompression, DisposeOp, Encoder, Filter, Writer};

use super::frame::Frame;
use super::palette::Rgb;
use crate::shell::files::{self, OutError};

/// The most ticks a film made a frame a tick may run: a thousand frames stay a few hundred
/// kilobytes, where a run's every tick could be a million.
pub const MOST_TICKS: u32 = 1000;

/// Refuses, before any work, a film of a frame a tick over `ticks` ticks when that is more
/// than [`MOST_TICKS`]: every chapter that films a run asks this and says the same.
/// The refusal is a usage error: the two flags were at odds from the start.
pub fn fits(ticks: u32) -> anyhow::Result<()> {
    if ticks > MOST_TICKS {
        return Err(crate::shell::cli::Refused(format!(
            "--film draws a frame per tick, at most {MOST_TICKS}: give --ticks {MOST_TICKS} or \
             fewer, or leave out --film"
        ))
        .into());
    }
    Ok(())
}

/// A film being shot: the frames so far, encoded, and the last one, to compare the next with.
pub struct Film {
    writer: Writer<Sink>,
    bytes: Rc<RefCell<Vec<u8>>>,
    index: BTreeMap<Rgb, u8>,
    last: Option<Frame>,
    w: usize,
    h: usize,
    left: u32,
}

/// Where the encoder writes: a buffer the film can still read once the encoder is finished
/// with it (the encoder keeps its writer to the end and gives it back to nobody).
struct Sink(Rc<RefCell<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A frame that cannot go into the film: the wrong size, a colour not in the palette, or more
/// frames than were announced.
#[derive(Debug, Clone, PartialEq)]
pub struct Miscut(pub String);

impl std::fmt::Display for Miscut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the moving picture: {}", self.0)
    }
}

impl std::error::Error for Miscut {}

fn miscut(e: impl std::fmt::Display) -> Miscut {
    Miscut(e.to_string())
}

impl Film {
    /// A film of exactly `frames` frames of `w` by `h` pixels, in the colours of `palette`,
    /// played in a loop for ever.
    pub fn new(w: usize, h: usize, frames: u32, palette: &[Rgb]) -> Result<Film, Miscut> {
        if palette.is_empty() || palette.len() > 255 {
            return Err(Miscut(format!("a palette of {} colours; give 1 to 255", palette.len())));
        }
        if frames == 0 || w == 0 || h == 0 {
            return Err(Miscut(format!("{frames} frames of {w}x{h} pixels is no film")));
        }
        // Entry 0 is the see-through one; the palette's own colours follow it.
        let mut plte = vec![0u8; 3];
        let mut index = BTreeMap::new();
        for (i, c) in palette.iter().enumerate() {
            plte.extend_from_slice(c);
            index.insert(*c, i as u8 + 1);
        }
        let bytes = Rc::new(RefCell::new(Vec::new()));
        let mut enc = Encoder::new(Sink(bytes.clone()), w as u32, h as u32);
        enc.set_color(ColorType::Indexed);
        enc.set_depth(BitDepth::Eight);
        enc.set_palette(plte);
        enc.set_trns(vec![0u8]);
        enc.set_deflate_compression(DeflateCompression::Level(9));
        // Runs of one palette entry compress best as they are; the PNG standard advises no
        // filter for palette pictures.
        enc.set_filter(Filter::NoFilter);
        enc.set_animated(frames, 0).map_err(miscut)?;
        enc.set_dispose_op(DisposeOp::None).map_err(miscut)?;
        let writer = enc.write_header().map_err(miscut)?;
        Ok(Film { writer, bytes, index, last: None, w, h, left: frames })
    }

    /// Adds `frame`, shown for `hundredths` of a second.
    pub fn add(&mut self, frame: Frame, hundredths: u16) -> Result<(), Miscut> {
        if (frame.w, frame.h) != (self.w, self.h) {
            return Err(Miscut(format!(
                "a frame of {}x{} in a film of {}x{}",
                frame.w, frame.h, self.w, self.h
            )));
        }
        if self.left == 0 {
            return Err(Miscut("more frames than the film was made for".into()));
        }
        self.left -= 1;
        self.writer.set_frame_delay(hundredths, 100).map_err(miscut)?;
        let (x0, y0, x1, y1) = match &self.last {
            None => (0, 0, self.w, self.h),
            // An unchanged frame still needs a rectangle: one see-through pixel.
            Some(last) => changed(last, &frame).unwrap_or((0, 0, 1, 1)),
        };
        let mut data = Vec::with_capacity((x1 - x0) * (y1 - y0));
        // Neighbouring pixels are mostly one colour, so the last look-up is kept at hand.
        let mut known = (frame.get(0, 0), self.entry(frame.get(0, 0))?);
        for y in y0..y1 {
            let now = &frame.row(y)[x0..x1];
            let before = self.last.as_ref().map_or(now, |l| &l.row(y)[x0..x1]);
            let first = self.last.is_none();
            for (&c, &b) in now.iter().zip(before) {
                if !first && c == b {
                    data.push(0);
                    continue;
                }
                if c != known.0 {
                    known = (c, self.entry(c)?);
                }
                data.push(known.1);
            }
        }
        if self.last.is_some() {
            // Back to the corner first: the encoder checks each change against the other.
            self.writer.set_frame_position(0, 0).map_err(miscut)?;
            self.writer.set_frame_dimension((x1 - x0) as u32, (y1 - y0) as u32).map_err(miscut)?;
            self.writer.set_frame_position(x0 as u32, y0 as u32).map_err(miscut)?;
            self.writer.set_blend_op(BlendOp::Over).map_err(miscut)?;
        }
        self.writer.write_image_data(&data).map_err(miscut)?;
        self.last = Some(frame);
        Ok(())
    }

    fn entry(&self, c: Rgb) -> Result<u8, Miscut> {
        self.index
            .get(&c)
            .copied()
            .ok_or_else(|| Miscut(format!("colour {c:?} is not in the palette")))
    }

    /// The finished film's bytes, once every announced frame is in.
    pub fn finish(self) -> Result<Vec<u8>, Miscut> {
        if self.left > 0 {
            return Err(Miscut(format!("{} frames short of what was announced", self.left)));
        }
        self.writer.finish().map_err(miscut)?;
        Ok(self.bytes.take())
    }

    /// Finishes the film and writes it to `path`, whole or not at all.
    pub fn save(self, path: &Path) -> anyhow::Result<()> {
        let bytes = self.finish()?;
        files::write(path, &bytes).map_err(|e: OutError| anyhow::anyhow!(e))
    }
}

/// The smallest rectangle (left, top, right, bottom, the last two beyond it) holding every
/// pixel that differs between two frames of one size, or none when they are the same.
fn changed(a: &Frame, b: &Frame) -> Option<(usize, usize, usize, usize)> {
    let rows: Vec<usize> = (0..a.h).filter(|&y| a.row(y) != b.row(y)).collect();
    let (&top, &bottom) = (rows.first()?, rows.last()?);
    let mut x0 = a.w;
    let mut x1 = 0;
    for &y in &rows {
        let (ra, rb) = (a.row(y), b.row(y));
        let first = (0..a.w).find(|&x| ra[x] != rb[x]).unwrap_or(a.w);
        let last = (0..a.w).rev().find(|&x| ra[x] != rb[x]).map_or(0, |x| x + 1);
        x0 = x0.min(first);
        x1 = x1.max(last);
    }
    Some((x0, top, x1, bottom + 1))
}

/// How many frames a PNG holds, counted by decoding every one of them: 1 for a still, the
/// number its animation chunk announces for an APNG, and an error for a file that breaks off
/// before its last frame.
pub fn frames(bytes: &[u8]) -> Result<u32, String> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().map_err(|e| format!("not a PNG: {e}"))?;
    let announced = reader.info().animation_control().map_or(1, |a| a.num_frames);
    let size = reader.output_buffer_size().ok_or("a PNG too big to decode")?;
    let mut buf = vec![0; size];
    for k in 0..announced {
        reader.next_frame(&mut buf).map_err(|e| format!("frame {} of {announced}: {e}", k + 1))?;
    }
    Ok(announced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pictures::palette::{BLUE, INK, PAPER, RED};

    fn shoot(moves: &[(i64, i64)]) -> Vec<u8> {
        let mut film = Film::new(8, 6, moves.len() as u32, &[PAPER, INK, RED]).unwrap();
        for &(x, y) in moves {
            let mut f = Frame::new(8, 6);
            f.set(x, y, INK);
            f.set(7, 5, RED);
            film.add(f, 5).unwrap();
        }
        film.finish().unwrap()
    }

    #[test]
    fn a_film_holds_every_frame_and_each_decodes_to_what_was_drawn() {
        let moves = [(0, 0), (3, 2), (3, 2), (6, 4)];
        let bytes = shoot(&moves);
        assert_eq!(frames(&bytes), Ok(4));
        assert_eq!(bytes, shoot(&moves), "the same frames make the same bytes");
        // Played back, with each frame laid over the one before, the last is the last drawn.
        let mut reader = png::Decoder::new(std::io::Cursor::new(&bytes[..])).read_info().unwrap();
        assert_eq!(reader.info().animation_control().unwrap().num_plays, 0, "it loops");
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let mut canvas = [0u8; 48];
        for _ in 0..4 {
            let out = reader.next_frame(&mut buf).unwrap();
            let fc = *reader.info().frame_control().unwrap();
            for y in 0..out.height as usize {
                for x in 0..out.width as usize {
                    let v = buf[y * out.line_size + x];
                    if v != 0 {
                        canvas[(y + fc.y_offset as usize) * 8 + x + fc.x_offset as usize] = v;
                    }
                }
            }
        }
        let inked: Vec<usize> = (0..48).filter(|&i| canvas[i] == 2).collect();
        assert_eq!(inked, vec![4 * 8 + 6], "only the last walker's place is ink");
        assert_eq!(canvas[47], 3);
    }

    #[test]
    fn a_film_refuses_what_it_cannot_hold() {
        let mut film = Film::new(4, 4, 1, &[PAPER]).unwrap();
        let mut f = Frame::new(4, 4);
        f.set(0, 0, BLUE);
        assert!(film.add(f, 1).unwrap_err().0.contains("not in the palette"));
        assert!(film.add(Frame::new(5, 4), 1).unwrap_err().0.contains("5x4"));
        let film = Film::new(4, 4, 2, &[PAPER]).unwrap();
        assert!(film.finish().unwrap_err().0.contains("2 frames short"));
        assert!(Film::new(4, 4, 1, &[]).is_err());
        assert!(frames(b"not a png").is_err());
        assert_eq!(frames(&Frame::new(3, 3).png(2)), Ok(1));
    }
}
