//! The flat rows' refill before the bare ground was kept (`--rebuilt`), kept beside the refill
//! that copies it: the same rows, with what every cell shows worked out again at each refill.

use super::View;
use super::flat::{Flat, NONE, SHOWS};
use crate::base::{Land, Valley};
use crate::beast::creature::Eye;
use crate::beast::habitat::Habitat;
use crate::beast::look::fan::{Cast, Fan};
use crate::beast::look::gone::Gone;
use crate::beast::look::hit::Hit;

/// The flat rows, refilled the way they were before the bare ground was kept: everything but
/// the refill is `Flat`'s own.
#[derive(Clone, Debug, Default)]
pub struct Rebuilt {
    rows: Flat,
    /// What each cell is made of, ring included, for the refill to work out what it shows.
    land: Vec<Land>,
}

// ANCHOR: rebuilt
impl Rebuilt {
    /// The refill before the bare ground was kept (`--rebuilt`): the plants go in first, and
    /// then what every cell shows is worked out again from what it is made of.
    pub fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        let f = &mut self.rows;
        if f.fit(&hab.ground, cells.len()) || self.land.len() != f.bare.len() {
            self.land.clear();
            for y in -1..=f.rows {
                for x in -1..=f.cols {
                    self.land.push(hab.ground.at(x, y));
                }
            }
        }
        for (i, st) in hab.stands.iter().enumerate() {
            if let Some(s) = f.slot(st.x, st.y) {
                f.stand[s] = i as u32;
                f.mark_near(st.x, st.y);
            }
        }
        f.first.clear();
        f.first.extend(self.land.iter().zip(&f.stand).map(|(land, &st)| {
            SHOWS
                + match land {
                    Land::Water => Hit::Water,
                    Land::Rock => Hit::Rock,
                    Land::Ground if st != NONE => Hit::Plant,
                    Land::Ground => Hit::Nothing,
                } as u32
        }));
        f.link(cells);
    }
}
// ANCHOR_END: rebuilt

impl View for Rebuilt {
    fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        Rebuilt::refill(self, hab, cells);
    }

    #[inline]
    fn at(&self, _ground: &Valley, x: i64, y: i64, me: u32, gone: &Gone) -> Hit {
        Flat::at(&self.rows, x, y, me, gone)
    }

    #[inline]
    fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.rows.stand(x, y)
    }

    fn cast(&self, ground: &Valley, eye: Eye, me: u32, gone: &Gone, rays: &mut Fan, how: Cast) {
        View::cast(&self.rows, ground, eye, me, gone, rays, how);
    }

    #[inline]
    fn plants_near(&self, x: i64, y: i64) -> (bool, bool) {
        self.rows.plants_near(x, y)
    }

    fn bytes(&self) -> Option<usize> {
        Some(self.rows.bytes())
    }

    fn renew(&mut self) {
        *self = Rebuilt::default();
    }
}
