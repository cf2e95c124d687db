//! Chapter 1 in the page: the tethered body under both orders of a step, and the swarm of 24
//! run twice. The tether, the held body's start and the scatter are the ones the chapter
//! takes, from the library's `world::base::window`.

use std::cell::RefCell;

use world::Body;
use world::base::digest;

use crate::hex;
use crate::slots::Slots;

use world::base::window::{held, scatter, tether};

/// Two tethered bodies from one start: `now` stepped velocity first (`step`), `was` position
/// first (`step_lagging`), as `held` runs them.
pub struct Tether {
    /// The body stepped by `Body::step`.
    pub now: Body,
    /// The body stepped by `Body::step_lagging`.
    pub was: Body,
    view: [f64; 4],
}

impl Tether {
    /// Both bodies at the start.
    pub fn new() -> Tether {
        Tether { now: held(), was: held(), view: [0.0; 4] }
    }

    /// `n` ticks of both, each taking its tether as the tick opens.
    pub fn step(&mut self, n: u32) {
        for _ in 0..n {
            self.now.push(tether(&self.now));
            self.now.step();
            self.was.push(tether(&self.was));
            self.was.step_lagging();
        }
    }

    /// Where each is: the first body's x and y, then the second's.
    pub fn view(&mut self) -> &[f64; 4] {
        self.view = [self.now.pos.x, self.now.pos.y, self.was.pos.x, self.was.pos.y];
        &self.view
    }
}

impl Default for Tether {
    fn default() -> Tether {
        Tether::new()
    }
}

/// The swarm of `swarm`: 24 bodies scattered from a seed, each taking its tether and stepping.
pub struct Swarm {
    /// The bodies, in the order they step.
    pub bodies: Vec<Body>,
    view: Vec<f64>,
    digest: [u8; 16],
}

impl Swarm {
    /// The swarm of `seed`.
    pub fn new(seed: u64) -> Swarm {
        Swarm { bodies: scatter(seed), view: Vec::new(), digest: [0; 16] }
    }

    /// `n` ticks: each body in order takes its tether and steps velocity first.
    pub fn step(&mut self, n: u32) {
        for _ in 0..n {
            for b in &mut self.bodies {
                b.push(tether(b));
                b.step();
            }
        }
    }

    /// Every body's x and y, in order.
    pub fn view(&mut self) -> &[f64] {
        self.view.clear();
        self.view.extend(self.bodies.iter().flat_map(|b| [b.pos.x, b.pos.y]));
        &self.view
    }

    /// The chapter's digest of every position and velocity.
    pub fn digest(&mut self) -> &[u8; 16] {
        self.digest = hex(&digest::bodies(&self.bodies));
        &self.digest
    }
}

thread_local! {
    /// The page's tethered pairs.
    pub static TETHERS: RefCell<Slots<Tether>> = const { RefCell::new(Slots::new()) };
    /// The page's swarms.
    pub static SWARMS: RefCell<Slots<Swarm>> = const { RefCell::new(Slots::new()) };
}
