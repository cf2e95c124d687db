//! Chapter 3 in the page: the 150 by 100 valley with its 3000 creatures, stepped under the
//! design as it stands, the phase as first wired, or any one switch of the design's table. On
//! one thread and the plain instructions, as a page runs, which the chapter proves change no
//! bit.

use std::cell::RefCell;

use world::beast::design::{Part, SWITCHES};
use world::beast::{Design, Settings, World};
use world::lanes::Isa;

use crate::herd::valley;
use crate::hex;
use crate::slots::Slots;

pub use world::beast::scene::{COLS, CROWD, ROWS, SEED};

/// The design the page's number names: -1 the design as it stands, -2 the phase as first wired
/// (`--was`), and 0 or more that switch of [`SWITCHES`] alone.
pub fn design(which: i32) -> Option<Design> {
    match which {
        -1 => Some(Design::default()),
        -2 => Some(Design::was()),
        n => {
            let s = SWITCHES.get(usize::try_from(n).ok()?)?;
            let mut d = Design::default();
            *(s.field)(&mut d) = true;
            Some(d)
        }
    }
}

/// The switches as the page lists them, a line each: the flag, whether it moves the digest
/// (`moves` or `keeps`) and what it puts back, separated by tabs.
pub fn table() -> String {
    SWITCHES
        .iter()
        .map(|s| {
            let moves = if s.part == Part::Rule { "moves" } else { "keeps" };
            format!("--{}\t{moves}\t{}\n", s.name, s.doc[0].trim())
        })
        .collect()
}

/// The valley and its crowd, and what the page reads of them.
pub struct Crowd {
    /// The world.
    pub world: World,
    view: Vec<f64>,
    plants: Vec<f64>,
    digest: [u8; 16],
}

impl Crowd {
    /// The chapter's valley and crowd under `design`, on one thread.
    pub fn new(design: Design) -> Option<Crowd> {
        let settings = Settings::new(1, Isa::PLAIN);
        let world = World::found(SEED, COLS, ROWS, CROWD, design, settings).ok()?;
        Some(Crowd { world, view: Vec::new(), plants: Vec::new(), digest: [0; 16] })
    }

    /// `n` ticks.
    pub fn step(&mut self, n: u32) {
        for _ in 0..n {
            self.world.tick();
        }
    }

    /// Every living creature's x, y (in cells) and heading, in roster order.
    pub fn view(&mut self) -> &[f64] {
        self.view.clear();
        self.view.extend(self.world.roster.live.iter().flat_map(|c| [c.x, c.y, c.heading]));
        &self.view
    }

    /// Every plant's cell and grams.
    pub fn plants(&mut self) -> &[f64] {
        self.plants.clear();
        let stands = self.world.hab.stands.iter();
        self.plants.extend(stands.flat_map(|s| [s.x as f64, s.y as f64, s.mass.get()]));
        &self.plants
    }

    /// The chapter's digest of the valley and its crowd.
    pub fn digest(&mut self) -> &[u8; 16] {
        self.digest = hex(&self.world.digest());
        &self.digest
    }
}

/// The chapter's valley, a number per cell as [`crate::herd::land`] gives them.
pub fn land() -> Vec<u8> {
    valley(SEED, COLS, ROWS)
}

thread_local! {
    /// The page's crowds.
    pub static CROWDS: RefCell<Slots<Crowd>> = const { RefCell::new(Slots::new()) };
}
