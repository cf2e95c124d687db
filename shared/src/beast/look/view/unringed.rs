//! The flat rows as they stood before the second round (`--unringed`), kept beside the ringed
//! rows that replaced them: no ring of rock, so every cell asked is checked against the edges,
//! and nothing kept about the plants near a cell, so that is asked of nine cells.

use super::View;
use super::flat::{NONE, SHOWN, SHOWS};
use crate::base::{Land, Valley};
use crate::beast::habitat::Habitat;
use crate::beast::look::gone::Gone;
use crate::beast::look::hit::Hit;

// ANCHOR: unringed
/// The flat rows as they stood before the second round (`--unringed`): cell (x, y) is entry
/// y * cols + x of each row, with no ring, so every cell a ray asks about is checked against
/// the four edges; what each cell shows is worked out again at every refill.
#[derive(Clone, Debug, Default)]
pub struct Unringed {
    cols: i64,
    rows: i64,
    land: Vec<Land>,
    stand: Vec<u32>,
    first: Vec<u32>,
    next: Vec<u32>,
}

impl Unringed {
    /// Where a cell sits in the rows, or None off the grid: both ends of both coordinates are
    /// tested first, as y * cols + x alone would read x = -1 as the row above's last cell.
    fn slot(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.cols || y >= self.rows {
            None
        } else {
            Some((y * self.cols + x) as usize)
        }
    }

    /// What a ray meets on cell (x, y): the first creature on the cell's list that is neither
    /// `me` nor gone, or else what the list ends on, which is what the cell shows; off the
    /// grid, rock.
    #[inline]
    pub fn at(&self, x: i64, y: i64, me: u32, gone: &Gone) -> Hit {
        let Some(s) = self.slot(x, y) else { return Hit::Rock };
        let mut c = self.first[s];
        while c < SHOWS {
            if c != me && !gone.is(c as usize) {
                return Hit::Creature;
            }
            c = self.next[c as usize];
        }
        SHOWN[(c - SHOWS) as usize]
    }
    // ANCHOR_END: unringed

    /// Points the rows at this habitat and these cells, working out every cell again.
    pub fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        let g = &hab.ground;
        if self.cols != g.cols as i64 || self.rows != g.rows as i64 {
            self.cols = g.cols as i64;
            self.rows = g.rows as i64;
            self.land.clear();
            for y in 0..self.rows {
                for x in 0..self.cols {
                    self.land.push(g.at(x, y));
                }
            }
        }
        self.stand.clear();
        self.stand.resize(g.cols * g.rows, NONE);
        self.next.clear();
        self.next.resize(cells.len(), NONE);
        for (i, st) in hab.stands.iter().enumerate() {
            if let Some(s) = self.slot(st.x, st.y) {
                self.stand[s] = i as u32;
            }
        }
        self.first.clear();
        self.first.extend(self.land.iter().zip(&self.stand).map(|(land, &st)| {
            SHOWS
                + match land {
                    Land::Water => Hit::Water,
                    Land::Rock => Hit::Rock,
                    Land::Ground if st != NONE => Hit::Plant,
                    Land::Ground => Hit::Nothing,
                } as u32
        }));
        for (i, &(x, y)) in cells.iter().enumerate() {
            if let Some(s) = self.slot(x, y) {
                self.next[i] = self.first[s];
                self.first[s] = i as u32;
            }
        }
    }

    /// The plant on cell (x, y), as an index into the habitat's stands.
    #[inline]
    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.slot(x, y).map(|s| self.stand[s]).filter(|&i| i != NONE)
    }
}

impl View for Unringed {
    fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        Unringed::refill(self, hab, cells);
    }

    #[inline]
    fn at(&self, _ground: &Valley, x: i64, y: i64, me: u32, gone: &Gone) -> Hit {
        Unringed::at(self, x, y, me, gone)
    }

    #[inline]
    fn stand(&self, x: i64, y: i64) -> Option<u32> {
        Unringed::stand(self, x, y)
    }

    fn renew(&mut self) {
        *self = Unringed::default();
    }
}
