//! A phase's times thread by thread, taken only when a run hands the phase a clock: when each
//! thread of the crew began and ended its stripe of the look ahead and its band of the walk, how
//! long it waited at the seams, and how long its turns near a death took, which cast their fans
//! again. The library reads no clock of its own: the run's clock is a plain function, which any
//! thread may call, and without one nothing here costs more than a test of an `Option`.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A run's clock: nanoseconds since a moment of the run's choosing, one moment for every
/// thread.
pub type Clock = fn() -> u64;

/// What one thread of the crew did in the latest phase, in the clock's nanoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lane {
    /// When it began and ended its stripe of the look ahead.
    pub look: (u64, u64),
    /// When it began and ended its band of the walk; zeros when the walk did not go by bands.
    pub walk: (u64, u64),
    /// How long it waited in all for another band to pass a creature one of its own depends on.
    pub waited: u64,
    /// How long its turns near a death took in all, each casting its fan again first.
    pub again: u64,
    /// How many such turns it took.
    pub again_turns: u64,
}

/// The slots of a [`Lane`], each written by its own thread.
const LOOK_FROM: usize = 0;
const LOOK_TO: usize = 1;
const WALK_FROM: usize = 2;
const WALK_TO: usize = 3;
const WAITED: usize = 4;
const AGAIN: usize = 5;
const AGAIN_TURNS: usize = 6;

/// The lanes of the phase under way, one per thread of the crew, written by the threads.
#[derive(Debug, Default)]
pub struct Times {
    clock: Option<Clock>,
    lanes: Vec<Slots>,
}

/// One thread's lane on cache lines of its own, as the bands' counters are: two threads
/// writing their times into one line would pass it back and forth at every turn near a death.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Slots([AtomicU64; 7]);

impl Times {
    /// Takes the times of every phase from now on by `clock`.
    pub fn keep(&mut self, clock: Clock) {
        self.clock = Some(clock);
    }

    /// A phase opens on `crew` threads: every lane empty (made once, for the crew's size).
    pub fn open(&mut self, crew: usize) {
        if self.clock.is_none() {
            return;
        }
        self.lanes.resize_with(crew, Default::default);
        for lane in &mut self.lanes {
            *lane = Default::default();
        }
    }

    /// The clock's reading now, if the run handed the phase a clock.
    pub fn now(&self) -> Option<u64> {
        self.clock.map(|c| c())
    }

    fn put(&self, t: usize, at: usize, what: u64) {
        if let Some(lane) = self.lanes.get(t) {
            lane.0[at].store(what, Relaxed);
        }
    }

    fn add(&self, t: usize, at: usize, what: u64) {
        if let Some(lane) = self.lanes.get(t) {
            lane.0[at].fetch_add(what, Relaxed);
        }
    }

    /// Thread `t` looked from `from` (a reading of [`Times::now`]) until now.
    pub fn looked(&self, t: usize, from: Option<u64>) {
        if let (Some(from), Some(to)) = (from, self.now()) {
            self.put(t, LOOK_FROM, from);
            self.put(t, LOOK_TO, to);
        }
    }

    /// Thread `t` walked its band from `from` until now.
    pub fn walked(&self, t: usize, from: Option<u64>) {
        if let (Some(from), Some(to)) = (from, self.now()) {
            self.put(t, WALK_FROM, from);
            self.put(t, WALK_TO, to);
        }
    }

    /// Thread `t` waited from `from` until now.
    pub fn waited(&self, t: usize, from: Option<u64>) {
        if let (Some(from), Some(to)) = (from, self.now()) {
            self.add(t, WAITED, to.saturating_sub(from));
        }
    }

    /// Thread `t` took a turn near a death from `from` until now.
    pub fn turned_near_death(&self, t: usize, from: Option<u64>) {
        if let (Some(from), Some(to)) = (from, self.now()) {
            self.add(t, AGAIN, to.saturating_sub(from));
            self.add(t, AGAIN_TURNS, 1);
        }
    }

    /// Every thread's lane of the latest phase; none without a clock.
    pub fn lanes(&self) -> Vec<Lane> {
        let read = |lane: &Slots, at: usize| lane.0[at].load(Relaxed);
        self.lanes
            .iter()
            .map(|l| Lane {
                look: (read(l, LOOK_FROM), read(l, LOOK_TO)),
                walk: (read(l, WALK_FROM), read(l, WALK_TO)),
                waited: read(l, WAITED),
                again: read(l, AGAIN),
                again_turns: read(l, AGAIN_TURNS),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ten() -> u64 {
        10
    }

    #[test]
    fn without_a_clock_nothing_is_kept_and_with_one_each_thread_writes_its_own_lane() {
        let mut t = Times::default();
        t.open(2);
        t.looked(0, t.now());
        assert!(t.lanes().is_empty() && t.now().is_none());
        t.keep(ten);
        t.open(2);
        t.looked(1, Some(4));
        t.waited(0, Some(7));
        t.waited(0, Some(8));
        t.turned_near_death(1, Some(9));
        let lanes = t.lanes();
        assert_eq!(lanes[1].look, (4, 10));
        assert_eq!((lanes[0].waited, lanes[0].look), (5, (0, 0)));
        assert_eq!((lanes[1].again, lanes[1].again_turns), (1, 1));
        t.open(2);
        assert_eq!(t.lanes(), vec![Lane::default(); 2], "a new phase starts every lane empty");
    }
}
