//! The page's calls: every name the module exports, in one place, each a line or two over the
//! worlds of [`crate::tether`], [`crate::herd`] and [`crate::crowd`]. The page's script
//! (`book/live.js`) is the one caller; `tests/live.rs` calls them the same way.
//!
//! Numbers in, numbers out. A view or a digest comes back as an address in the module's memory,
//! good until the next call. The scenes' numbers the page draws by (a window's size, a valley's
//! cells, the chapter's settings) are calls too, so the page types none of them.

// An exported name is unsafe only in that two could clash; these are the module's only ones,
// each beginning with the world it is for.
#![allow(unsafe_code)]

use crate::crowd::{self, CROWDS, Crowd};
use crate::herd::{self, Asks, HERDS, Walkers};
use crate::slots::{free, made, with};
use crate::tether::{SWARMS, Swarm, TETHERS, Tether};
use world::base::CELL;
use world::base::window::{MIDDLE, OUT, SWARM_SEED, SWARM_SIZE};
use world::flock::rules::Weights;

/// The middle of chapter 1's window, across, in pixels: the window is twice as wide.
#[unsafe(no_mangle)]
pub extern "C" fn tether_middle_x() -> f64 {
    MIDDLE.x
}

/// The middle of chapter 1's window, down, in pixels: the window is twice as tall.
#[unsafe(no_mangle)]
pub extern "C" fn tether_middle_y() -> f64 {
    MIDDLE.y
}

/// How far right of the middle the held bodies start, in pixels.
#[unsafe(no_mangle)]
pub extern "C" fn tether_out() -> f64 {
    OUT
}

/// The seed of chapter 1's swarm.
#[unsafe(no_mangle)]
pub extern "C" fn swarm_seed() -> u32 {
    SWARM_SEED as u32
}

/// How many bodies a swarm has.
#[unsafe(no_mangle)]
pub extern "C" fn swarm_size() -> u32 {
    SWARM_SIZE as u32
}

/// A new tethered pair at the start; its handle.
#[unsafe(no_mangle)]
pub extern "C" fn tether_new() -> u32 {
    made(&TETHERS, 1 << 16, || Some(Tether::new()))
}

/// `n` ticks of pair `h`; 1 done, 0 no such pair.
#[unsafe(no_mangle)]
pub extern "C" fn tether_step(h: u32, n: u32) -> u32 {
    with(&TETHERS, h, 0, |t| {
        t.step(n);
        1
    })
}

/// Four `f64`s: the first body's x and y (stepped velocity first), then the second's.
#[unsafe(no_mangle)]
pub extern "C" fn tether_view(h: u32) -> *const f64 {
    with(&TETHERS, h, std::ptr::null(), |t| t.view().as_ptr())
}

/// Lets pair `h` go.
#[unsafe(no_mangle)]
pub extern "C" fn tether_free(h: u32) {
    free(&TETHERS, h);
}

/// A new swarm of seed `seed`; its handle.
#[unsafe(no_mangle)]
pub extern "C" fn swarm_new(seed: u32) -> u32 {
    made(&SWARMS, 1 << 16, || Some(Swarm::new(u64::from(seed))))
}

/// `n` ticks of swarm `h`; 1 done, 0 no such swarm.
#[unsafe(no_mangle)]
pub extern "C" fn swarm_step(h: u32, n: u32) -> u32 {
    with(&SWARMS, h, 0, |s| {
        s.step(n);
        1
    })
}

/// Two `f64`s per body, x and y, for the swarm's 24 bodies.
#[unsafe(no_mangle)]
pub extern "C" fn swarm_view(h: u32) -> *const f64 {
    with(&SWARMS, h, std::ptr::null(), |s| s.view().as_ptr())
}

/// The swarm's digest, 16 bytes of hex.
#[unsafe(no_mangle)]
pub extern "C" fn swarm_digest(h: u32) -> *const u8 {
    with(&SWARMS, h, std::ptr::null(), |s| s.digest().as_ptr())
}

/// Lets swarm `h` go.
#[unsafe(no_mangle)]
pub extern "C" fn swarm_free(h: u32) {
    free(&SWARMS, h);
}

/// The herd's valley's width in cells.
#[unsafe(no_mangle)]
pub extern "C" fn herd_cols() -> u32 {
    herd::COLS as u32
}

/// The herd's valley's height in cells.
#[unsafe(no_mangle)]
pub extern "C" fn herd_rows() -> u32 {
    herd::ROWS as u32
}

/// A cell's side in pixels.
#[unsafe(no_mangle)]
pub extern "C" fn herd_cell() -> f64 {
    CELL
}

/// The chapter's weight for rule `k`: 0 push apart, 1 match heading, 2 pull to the middle; 0 for
/// any other `k`.
#[unsafe(no_mangle)]
pub extern "C" fn herd_weight(k: u32) -> f64 {
    let w = herd::WEIGHTS;
    [w.separate, w.align, w.cohere].get(k as usize).copied().unwrap_or(0.0)
}

/// The walkers the chapter puts on its valley.
#[unsafe(no_mangle)]
pub extern "C" fn herd_walkers() -> u32 {
    herd::WALKERS as u32
}

/// The most walkers the valley takes.
#[unsafe(no_mangle)]
pub extern "C" fn herd_most() -> u32 {
    herd::MOST as u32
}

/// A new herd of `n` walkers hearing push apart, match heading and pull to the middle at the
/// weights given, asking query `asks` (0 the mailboxes, 1 the buckets, 2 everybody) in one pass,
/// or in the first round's three if `three` is 1; its handle, or 0 for a value out of bounds.
#[unsafe(no_mangle)]
pub extern "C" fn herd_new(
    n: u32,
    separate: f64,
    align: f64,
    cohere: f64,
    asks: u32,
    three: u32,
) -> u32 {
    let weights = Weights { separate, align, cohere };
    let new = || Asks::of(asks).and_then(|a| Walkers::new(n as usize, weights, a, three == 1));
    made(&HERDS, 8 << 20, new)
}

/// Herd `h` hears the rules at these weights from its next tick on; 1 done, 0 not (no such
/// herd, or a weight out of bounds).
#[unsafe(no_mangle)]
pub extern "C" fn herd_weigh(h: u32, separate: f64, align: f64, cohere: f64) -> u32 {
    with(&HERDS, h, 0, |w| u32::from(w.weigh(Weights { separate, align, cohere })))
}

/// `n` ticks of herd `h`; 1 done, 0 not.
#[unsafe(no_mangle)]
pub extern "C" fn herd_step(h: u32, n: u32) -> u32 {
    with(&HERDS, h, 0, |w| u32::from(w.step(n)))
}

/// Four `f64`s per walker: x, y, and its velocity's x and y.
#[unsafe(no_mangle)]
pub extern "C" fn herd_view(h: u32) -> *const f64 {
    with(&HERDS, h, std::ptr::null(), |w| w.view().as_ptr())
}

/// The distance tests herd `h`'s query has made since it was founded.
#[unsafe(no_mangle)]
pub extern "C" fn herd_tests(h: u32) -> f64 {
    with(&HERDS, h, 0.0, |w| w.tests() as f64)
}

/// The herd's digest, 16 bytes of hex.
#[unsafe(no_mangle)]
pub extern "C" fn herd_digest(h: u32) -> *const u8 {
    with(&HERDS, h, std::ptr::null(), |w| w.digest().as_ptr())
}

/// Lets herd `h` go.
#[unsafe(no_mangle)]
pub extern "C" fn herd_free(h: u32) {
    free(&HERDS, h);
}

/// The crowd's valley's width in cells.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_cols() -> u32 {
    crowd::COLS as u32
}

/// The crowd's valley's length in cells.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_rows() -> u32 {
    crowd::ROWS as u32
}

// ANCHOR: crowd
/// A new crowd under design `which` (-1 as it stands, -2 as first wired, 0 or more that switch
/// alone); its handle, or 0 for no such design.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_new(which: i32) -> u32 {
    made(&CROWDS, 32 << 20, || crowd::design(which).and_then(Crowd::new))
}

/// `n` ticks of crowd `h`; 1 done, 0 no such crowd.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_step(h: u32, n: u32) -> u32 {
    with(&CROWDS, h, 0, |c| {
        c.step(n);
        1
    })
}

/// The crowd's digest, 16 bytes of hex.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_digest(h: u32) -> *const u8 {
    with(&CROWDS, h, std::ptr::null(), |c| c.digest().as_ptr())
}
// ANCHOR_END: crowd

/// How many creatures of crowd `h` are alive.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_alive(h: u32) -> u32 {
    with(&CROWDS, h, 0, |c| c.world.roster.live.len() as u32)
}

/// Three `f64`s per living creature: x and y in cells, and its heading.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_view(h: u32) -> *const f64 {
    with(&CROWDS, h, std::ptr::null(), |c| c.view().as_ptr())
}

/// How many plants crowd `h`'s valley has.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_plant_count(h: u32) -> u32 {
    with(&CROWDS, h, 0, |c| c.world.hab.stands.len() as u32)
}

/// Three `f64`s per plant: its cell's x and y, and its grams.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_plants(h: u32) -> *const f64 {
    with(&CROWDS, h, std::ptr::null(), |c| c.plants().as_ptr())
}

/// Lets crowd `h` go.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_free(h: u32) {
    free(&CROWDS, h);
}

/// A page's text, made once: kept for the module's life so its address stays good.
struct Text(std::sync::OnceLock<Vec<u8>>);

impl Text {
    fn get(&self, make: impl FnOnce() -> Vec<u8>) -> &[u8] {
        self.0.get_or_init(make)
    }
}

static SWITCH_TABLE: Text = Text(std::sync::OnceLock::new());
static HERD_LAND: Text = Text(std::sync::OnceLock::new());
static CROWD_LAND: Text = Text(std::sync::OnceLock::new());

/// The design's switches as the page lists them ([`crowd::table`]): its address.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_switches() -> *const u8 {
    SWITCH_TABLE.get(|| crowd::table().into_bytes()).as_ptr()
}

/// The length in bytes of the switches' table.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_switches_len() -> u32 {
    SWITCH_TABLE.get(|| crowd::table().into_bytes()).len() as u32
}

/// The herd's valley, a byte per cell, row by row: 0 ground, 1 water, 2 rock.
#[unsafe(no_mangle)]
pub extern "C" fn herd_land() -> *const u8 {
    HERD_LAND.get(|| herd::valley(herd::SEED, herd::COLS, herd::ROWS)).as_ptr()
}

/// The crowd's valley, a byte per cell, row by row: 0 ground, 1 water, 2 rock.
#[unsafe(no_mangle)]
pub extern "C" fn crowd_land() -> *const u8 {
    CROWD_LAND.get(crowd::land).as_ptr()
}
