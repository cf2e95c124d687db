//! The crew's kept threads: helpers made once for the whole run, each waiting at a slot of its
//! own for a stripe of the look ahead to cast, so that a tick spawns nothing and allocates
//! nothing. The same threads take the walk's turns a level at a time ([`Pool::each`]).

// Handing a borrowed job to a kept thread needs one unsafe line: the thread cannot know the
// job's borrow ends when `each` returns, which `each` makes sure of by waiting for every helper
// first, panic or none. It is the only unsafe code in the phase.
#![allow(unsafe_code)]

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::beast::ledger;
use crate::beast::step::ahead::{Glance, look_stripe};
use crate::beast::step::sight::Sight;

// ANCHOR: pool
/// The wide cast on threads kept for the whole run: crew - 1 helpers each wait at a slot of
/// their own for a buffer to fill, the calling thread casts stripe 0 itself, and the buffers
/// change hands through the slots, so a tick spawns nothing and allocates nothing. A helper
/// whose stripe panics hands back the panic instead of the buffer, and the caller, once every
/// helper has handed back, panics with it.
pub struct Pool {
    crew: usize,
    helpers: Vec<(Arc<Slot>, JoinHandle<()>)>,
    /// Allocations the helpers made while the ledger was counting.
    allocations: Arc<AtomicU64>,
}
// ANCHOR_END: pool

impl Pool {
    /// A pool of `crew - 1` helpers, each to cast its stripe of the crowd `sight` holds; the
    /// caller casts stripe 0 itself. Helpers waiting for work stay awake a while first if
    /// `awake` ([`crate::beast::settings::Settings::awake`]).
    pub fn new(sight: Arc<RwLock<Sight>>, crew: usize, awake: bool) -> Pool {
        let allocations = Arc::new(AtomicU64::new(0));
        let helpers = (1..crew)
            .map(|k| {
                let slot = Arc::new(Slot::new(awake));
                let (s, sight, n) =
                    (Arc::clone(&slot), Arc::clone(&sight), Arc::clone(&allocations));
                (slot, std::thread::spawn(move || helper(&s, &sight, k, crew, &n)))
            })
            .collect();
        Pool { crew, helpers, allocations }
    }

    /// The threads a look is cut among, the caller's own included.
    pub fn crew(&self) -> usize {
        self.crew
    }

    // ANCHOR: look
    /// Casts every fan into `stripes` (one buffer a stripe), looking at `sight` for stripe 0.
    /// `counting` passes the ledger's switch on to the helpers for this cast.
    pub fn look(&mut self, sight: &Sight, stripes: &mut [Vec<Glance>], counting: bool) {
        for ((slot, _), out) in self.helpers.iter().zip(&mut stripes[1..]) {
            slot.put(Hand::Work(std::mem::take(out), counting));
        }
        let mine = panic::catch_unwind(AssertUnwindSafe(|| {
            look_stripe(sight, 0, self.crew, &mut stripes[0]);
        }));
        let mut failed = mine.err();
        for ((slot, _), out) in self.helpers.iter().zip(&mut stripes[1..]) {
            match slot.take(|h| matches!(h, Hand::Done(_))) {
                Hand::Done(Ok(filled)) => *out = filled,
                Hand::Done(Err(p)) => failed = failed.or(Some(p)),
                _ => unreachable!("take waits for a filled buffer"),
            }
        }
        if let Some(p) = failed {
            panic::resume_unwind(p);
        }
    }
    // ANCHOR_END: look

    // ANCHOR: each
    /// Runs `job` once on every thread of the crew at once, `job(0)` on the caller and
    /// `job(k)` on helper k, and returns when every one has finished; a panic in any of them
    /// is raised here, once all have. `counting` passes the ledger's switch on to the helpers.
    pub fn each(&self, job: &(dyn Fn(usize) + Sync), counting: bool) {
        type Near<'a> = *const (dyn Fn(usize) + Sync + 'a);
        type Far = *const (dyn Fn(usize) + Sync + 'static);
        // SAFETY: only the pointer's lifetime changes; `lent` below waits, in its drop if
        // need be, for every helper handed the pointer before `each` can return or unwind.
        let far = Job(unsafe { std::mem::transmute::<Near<'_>, Far>(job) });
        let mut lent = Lent { helpers: &self.helpers, handed: 0, back: 0, failed: None };
        for (slot, _) in &self.helpers {
            slot.put(Hand::Job(far, counting));
            lent.handed += 1;
        }
        lent.failed = panic::catch_unwind(AssertUnwindSafe(|| job(0))).err();
        if let Some(p) = lent.back() {
            panic::resume_unwind(p);
        }
    }
    // ANCHOR_END: each    // ANCHOR_END: each

    /// Allocations the helpers made while counting, since last asked.
    pub fn allocations(&self) -> u64 {
        self.allocations.swap(0, Ordering::SeqCst)
    }
}

/// A job lent out by [`Pool::each`]: how many helpers hold it and how many have handed it back.
/// Its drop takes back every run still out, so whatever unwinds inside `each` (a bug in a later
/// change, say) cannot free the job while a helper still reads it.
struct Lent<'a> {
    helpers: &'a [(Arc<Slot>, JoinHandle<()>)],
    handed: usize,
    back: usize,
    /// The first panic seen, the caller's own or a helper's.
    failed: Option<Box<dyn std::any::Any + Send>>,
}

impl Lent<'_> {
    /// Waits for every helper handed the job to hand its run back, and gives the first panic.
    fn back(&mut self) -> Option<Box<dyn std::any::Any + Send>> {
        while self.back < self.handed {
            let ran = self.helpers[self.back].0.take(|h| matches!(h, Hand::Ran(_)));
            self.back += 1;
            if let Hand::Ran(Err(p)) = ran {
                self.failed = self.failed.take().or(Some(p));
            }
        }
        self.failed.take()
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        drop(self.back());
    }
}

/// What a helper's slot holds: whose move it is.
enum Hand {
    /// Nothing to do.
    Idle,
    /// A buffer for the helper to fill, and whether to count what filling it allocates.
    Work(Vec<Glance>, bool),
    /// The buffer filled, or the panic that stopped the filling, for the caller to take.
    Done(std::thread::Result<Vec<Glance>>),
    /// A job for the helper to run with its own number, and whether to count what it
    /// allocates.
    Job(Job, bool),
    /// The job run, or the panic that stopped it, for the caller to take.
    Ran(std::thread::Result<()>),
    /// The pool is gone: the helper stops.
    Quit,
}

/// A job lent to the helpers by [`Pool::each`], which does not return until every helper has
/// handed its run back.
#[derive(Clone, Copy)]
struct Job(*const (dyn Fn(usize) + Sync));

// SAFETY: the job is `Sync`, so it may be called from any thread; `each` keeps it alive until
// every helper that was handed it has said it is done.
unsafe impl Send for Job {}

/// How long a thread waiting at a slot stays awake before it sleeps. A level of the walk is
/// over in tens of microseconds, and a thread put to sleep can take as long again to wake.
const AWAKE: Duration = Duration::from_micros(200);

/// Where the caller and one helper hand a buffer to each other: a lock around the hand, a
/// condition variable to sleep on, and a count of the hands put, to watch awake first. None of
/// them allocates once the threads exist. Every hand is put and taken whole, so a lock poisoned
/// by some panic elsewhere still holds a whole hand: the slot reads through the poison rather
/// than unwind in the middle of a hand-off.
struct Slot {
    hand: Mutex<Hand>,
    moved: Condvar,
    puts: AtomicU64,
    /// Whether a taker stays awake a while first: only when the crew has a core a thread, as
    /// otherwise the waiting would take the core of the thread it waits for.
    awake: bool,
}

impl Slot {
    fn new(awake: bool) -> Slot {
        Slot { hand: Mutex::new(Hand::Idle), moved: Condvar::new(), puts: AtomicU64::new(0), awake }
    }

    /// Puts `h` in the slot and wakes whoever waits on it.
    fn put(&self, h: Hand) {
        *self.hand.lock().unwrap_or_else(PoisonError::into_inner) = h;
        self.puts.fetch_add(1, Ordering::Release);
        self.moved.notify_all();
    }

    /// Waits until the slot holds a hand `wanted` accepts, and takes it, leaving it idle:
    /// awake for a while, watching for a new hand, then asleep until one comes.
    fn take(&self, wanted: impl Fn(&Hand) -> bool) -> Hand {
        let seen = self.puts.load(Ordering::Acquire);
        let mut hand = self.hand.lock().unwrap_or_else(PoisonError::into_inner);
        if !wanted(&hand) && self.awake {
            drop(hand);
            let until = Instant::now() + AWAKE;
            while self.puts.load(Ordering::Acquire) == seen && Instant::now() < until {
                std::hint::spin_loop();
            }
            hand = self.hand.lock().unwrap_or_else(PoisonError::into_inner);
        }
        let mut hand =
            self.moved.wait_while(hand, |h| !wanted(h)).unwrap_or_else(PoisonError::into_inner);
        std::mem::replace(&mut *hand, Hand::Idle)
    }
}

/// A kept thread: fills stripe `k` of `crew` for every buffer it is handed, until the pool
/// says quit. A panic in the stripe is caught and handed back, so the helper itself never
/// stops early and the caller never waits for a buffer that is not coming.
fn helper(slot: &Slot, sight: &RwLock<Sight>, k: usize, crew: usize, allocations: &AtomicU64) {
    loop {
        let wanted = |h: &Hand| matches!(h, Hand::Work(..) | Hand::Job(..) | Hand::Quit);
        let (mut out, counting) = match slot.take(wanted) {
            Hand::Work(out, counting) => (out, counting),
            Hand::Job(job, counting) => {
                if counting {
                    ledger::start();
                }
                // SAFETY: `each` lent the job and waits for this run before it lets it go.
                let job = unsafe { &*job.0 };
                let ran = panic::catch_unwind(AssertUnwindSafe(|| job(k)));
                if counting {
                    allocations.fetch_add(ledger::stop(), Ordering::SeqCst);
                }
                slot.put(Hand::Ran(ran));
                continue;
            }
            _ => return,
        };
        if counting {
            ledger::start();
        }
        let filled = panic::catch_unwind(AssertUnwindSafe(|| {
            let sight = sight.read().expect("the sight is written only between phases");
            look_stripe(&sight, k, crew, &mut out);
        }));
        if counting {
            allocations.fetch_add(ledger::stop(), Ordering::SeqCst);
        }
        slot.put(Hand::Done(filled.map(|()| out)));
    }
}

impl Drop for Pool {
    /// Tells every helper to quit and waits for it to finish.
    fn drop(&mut self) {
        for (slot, thread) in self.helpers.drain(..) {
            slot.put(Hand::Quit);
            // A helper catches its stripe's panics, so it always ends by returning.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Stream;
    use crate::base::streams::BRAINS;
    use crate::beast::creature::Creature;
    use crate::beast::design::Design;
    use crate::beast::habitat::Habitat;
    use crate::beast::think::brain::Brain;
    use crate::lanes::Isa;

    /// A sight of `n` creatures on a small valley, thinking with `brains` of them, kept
    /// apart, so that creature i is stripe i's.
    fn sight(n: usize, brains: usize) -> Sight {
        let hab = Habitat::new(5, 12, 8);
        let mut s = Stream::new(5, BRAINS);
        let drawn = (0..n).map(|_| Brain::draw(&mut s)).collect();
        let mut sight = Sight::new(Design { alone: true, ..Design::default() }, drawn, Isa::best());
        sight.brain_of.truncate(brains);
        let live: Vec<Creature> =
            (0..n).map(|i| Creature::new(0.5 + i as f64, 3.5, 0.3, 1.0)).collect();
        sight.cells = live.iter().map(Creature::cell).collect();
        sight.eyes = live.iter().map(Creature::eye).collect();
        sight.stores = live.iter().map(|c| c.store).collect();
        sight.nobody = crate::beast::look::gone::Gone::none(n);
        sight.ground = hab.ground.clone();
        sight.view.refill(&hab, &sight.cells);
        sight
    }

    /// Runs one look on a pool of two, where creature 1 (a helper's) or 0 (the caller's) has
    /// no brain, in a thread of its own: returns whether the look panicked, or None if it and
    /// the pool's drop did not finish within ten seconds.
    fn look_with_a_missing_brain(brains: usize) -> Option<bool> {
        let (tell, told) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let shared = Arc::new(RwLock::new(sight(2, brains)));
            let mut pool = Pool::new(Arc::clone(&shared), 2, true);
            let mut stripes = vec![Vec::new(), Vec::new()];
            let looked = panic::catch_unwind(AssertUnwindSafe(|| {
                let s = shared.read().unwrap();
                pool.look(&s, &mut stripes, false);
            }));
            drop(pool);
            let _ = tell.send(looked.is_err());
        });
        told.recv_timeout(std::time::Duration::from_secs(10)).ok()
    }

    #[test]
    fn a_lent_job_is_taken_back_even_when_the_lender_unwinds() {
        use std::sync::atomic::{AtomicBool, AtomicUsize};
        // The helpers' runs end only once GO is set, a second from now: long after an unwind
        // that did not wait for them would have gone by. Statics, so that a run the unwind
        // left behind (the bug this test is for) reads nothing freed and the test fails cleanly.
        static GO: AtomicBool = AtomicBool::new(false);
        static FINISHED: AtomicUsize = AtomicUsize::new(0);
        let pool = Pool::new(Arc::new(RwLock::new(sight(2, 2))), 3, false);
        std::thread::spawn(|| {
            std::thread::sleep(Duration::from_secs(1));
            GO.store(true, Ordering::SeqCst);
        });
        let job = |_: usize| {
            while !GO.load(Ordering::SeqCst) {
                std::thread::yield_now();
            }
            FINISHED.fetch_add(1, Ordering::SeqCst);
        };
        let job: &(dyn Fn(usize) + Sync) = &job;
        let unwound = panic::catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: the guard under test waits for both helpers before the unwind goes on.
            let far = Job(unsafe {
                std::mem::transmute::<
                    *const (dyn Fn(usize) + Sync + '_),
                    *const (dyn Fn(usize) + Sync),
                >(job)
            });
            let mut lent = Lent { helpers: &pool.helpers, handed: 0, back: 0, failed: None };
            for (slot, _) in &pool.helpers {
                slot.put(Hand::Job(far, false));
                lent.handed += 1;
            }
            panic!("a bug between lending the job and taking it back");
        }));
        assert!(unwound.is_err());
        let finished = FINISHED.load(Ordering::SeqCst);
        if finished != 2 {
            // Helpers still out would leave the pool's drop waiting for ever: fail, not hang.
            std::mem::forget(pool);
        }
        assert_eq!(finished, 2, "the unwind went on before a helper finished");
    }

    /// Small enough for Miri: every thread runs the job once a call, each looks its stripe,
    /// and a helper's panic in the job reaches the caller with every run taken back.
    #[test]
    fn each_runs_the_job_once_a_thread_and_look_fills_every_stripe() {
        use std::sync::atomic::AtomicUsize;
        let shared = Arc::new(RwLock::new(sight(3, 3)));
        let mut pool = Pool::new(Arc::clone(&shared), 3, false);
        let runs: [AtomicUsize; 3] = Default::default();
        for _ in 0..2 {
            pool.each(
                &|k| {
                    runs[k].fetch_add(1, Ordering::Relaxed);
                },
                false,
            );
        }
        assert_eq!(runs.each_ref().map(|r| r.load(Ordering::Relaxed)), [2, 2, 2]);
        let failed = panic::catch_unwind(AssertUnwindSafe(|| {
            pool.each(&|k| assert_ne!(k, 2, "helper 2 fails"), false);
        }));
        assert!(failed.is_err(), "a helper's panic reaches the caller");
        let mut stripes = vec![Vec::new(), Vec::new(), Vec::new()];
        pool.look(&shared.read().unwrap(), &mut stripes, false);
        assert_eq!(stripes.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1, 1]);
    }

    #[test]
    fn a_helper_that_panics_makes_the_caller_panic_and_nothing_hangs() {
        assert_eq!(look_with_a_missing_brain(1), Some(true), "a helper's panic");
        assert_eq!(look_with_a_missing_brain(0), Some(true), "the caller's own panic");
        assert_eq!(look_with_a_missing_brain(2), Some(false), "no panic at all");
    }
}
