//! The crew's kept threads: helpers made once for the whole run, each waiting at a slot of its
//! own for a job, so that a tick spawns nothing and allocates nothing. The same threads cast the
//! look ahead's stripes ([`Pool::look`]) and take the walk's turns ([`Pool::each`]), by the one
//! hand-off: a job lent to every helper and taken back from each.

// Handing a borrowed job to a kept thread needs one unsafe line: the thread cannot know the
// job's borrow ends when `each` returns, which `each` makes sure of by waiting for every helper
// first, panic or none. It is the only unsafe code in the phase.
#![allow(unsafe_code)]

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::beast::ledger;
use crate::beast::settings::MOST_CREW;
use crate::beast::step::ahead::{Glance, look_stripe};
use crate::beast::step::sight::Sight;

// ANCHOR: pool
/// The crew's threads kept for the whole run: crew - 1 helpers each wait at a slot of their own
/// for a job, the calling thread runs its own share, and the job changes hands through the
/// slots, so a tick spawns nothing and allocates nothing. A helper whose share panics hands
/// back the panic, and the caller, once every helper has handed back, panics with it.
pub struct Pool {
    crew: usize,
    helpers: Vec<(Arc<Slot>, JoinHandle<()>)>,
    /// Allocations the helpers made while the ledger was counting.
    allocations: Arc<AtomicU64>,
}
// ANCHOR_END: pool

impl Pool {
    /// A pool of `crew - 1` helpers; the caller is the crew's thread 0. Helpers waiting for
    /// work stay awake a while first if `awake`
    /// ([`crate::beast::settings::Settings::awake`]).
    pub fn new(crew: usize, awake: bool) -> Pool {
        let allocations = Arc::new(AtomicU64::new(0));
        let helpers = (1..crew)
            .map(|k| {
                let slot = Arc::new(Slot::new(awake));
                let (s, n) = (Arc::clone(&slot), Arc::clone(&allocations));
                (slot, std::thread::spawn(move || helper(&s, k, &n)))
            })
            .collect();
        Pool { crew, helpers, allocations }
    }

    /// The threads a job is run on, the caller's own included.
    pub fn crew(&self) -> usize {
        self.crew
    }

    // ANCHOR: look
    /// Casts every fan into `stripes` (one buffer a stripe, stripe k cast on thread k), looking
    /// at `sight`: the one job [`Pool::each`] runs, each thread with the buffer lent to it.
    /// `counting` passes the ledger's switch on to the helpers for this cast.
    pub fn look(&self, sight: &Sight, stripes: &mut [Vec<Glance>], counting: bool) {
        let crew = self.crew;
        let lent = Parts::lend(stripes.iter_mut());
        self.each(
            &|k| {
                if let Some(out) = lent.take(k) {
                    look_stripe(sight, k, crew, out);
                }
            },
            counting,
        );
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
    // ANCHOR_END: each

    /// Allocations the helpers made while counting, since last asked.
    pub fn allocations(&self) -> u64 {
        self.allocations.swap(0, Ordering::SeqCst)
    }
}

/// Each thread's own part of some work, lent for one job: part k goes to the crew's thread k
/// alone, which takes it once. An array on the stack, so that lending allocates nothing; a lock
/// a part, taken once and never contended, so that no unsafe code is needed to split the work.
pub struct Parts<'a, T: ?Sized>([Mutex<Option<&'a mut T>>; MOST_CREW]);

impl<'a, T: ?Sized> Parts<'a, T> {
    /// Lends the k-th of `parts` to thread k.
    pub fn lend(parts: impl IntoIterator<Item = &'a mut T>) -> Parts<'a, T> {
        let mut parts = parts.into_iter();
        Parts(std::array::from_fn(|_| Mutex::new(parts.next())))
    }

    /// Thread `k`'s part, the first time it asks; None after that, or if it has none. A lock
    /// poisoned by some panic still holds a whole part, so it is read through the poison.
    pub fn take(&self, k: usize) -> Option<&'a mut T> {
        self.0.get(k)?.lock().unwrap_or_else(PoisonError::into_inner).take()
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

/// Where the caller and one helper hand a job to each other: a lock around the hand, a
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

/// A kept thread, the crew's thread `k`: runs every job it is handed with its own number,
/// until the pool says quit. A panic in the job is caught and handed back, so the helper
/// itself never stops early and the caller never waits for a run that is not coming.
fn helper(slot: &Slot, k: usize, allocations: &AtomicU64) {
    while let Hand::Job(job, counting) = slot.take(|h| matches!(h, Hand::Job(..) | Hand::Quit)) {
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
    }
}

impl Drop for Pool {
    /// Tells every helper to quit and waits for it to finish.
    fn drop(&mut self) {
        for (slot, thread) in self.helpers.drain(..) {
            slot.put(Hand::Quit);
            // A helper catches its job's panics, so it always ends by returning.
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
    use crate::beast::step::roster::Brains;
    use crate::beast::step::sight::Snapshot;
    use crate::beast::step::times::Times;
    use crate::beast::think::brain::Brain;
    use crate::lanes::Isa;

    /// What a sight reads: `n` creatures on a small valley, thinking with `brains` of them,
    /// kept apart, so that creature i is stripe i's.
    fn crowd(n: usize, brains: usize) -> (Snapshot, Brains, Times) {
        let design = Design { alone: true, ..Design::default() };
        let hab = Habitat::new(5, 12, 8);
        let mut s = Stream::new(5, BRAINS);
        let mut minds = Brains::new((0..n).map(|_| Brain::draw(&mut s)).collect(), design);
        let live: Vec<Creature> =
            (0..n).map(|i| Creature::new(0.5 + i as f64, 3.5, 0.3, 1.0)).collect();
        let mut snap = Snapshot::new(design, n);
        snap.open(&live, &minds, &hab, design);
        minds.brain_of.truncate(brains);
        (snap, minds, Times::default())
    }

    /// Runs one look on a pool of two, where creature 1 (a helper's) or 0 (the caller's) has
    /// no brain, in a thread of its own: returns whether the look panicked, or None if it and
    /// the pool's drop did not finish within ten seconds.
    fn look_with_a_missing_brain(brains: usize) -> Option<bool> {
        let (tell, told) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let (snap, minds, times) = crowd(2, brains);
            let sight = snap.sight(&minds, &times, Design::default(), Isa::best());
            let pool = Pool::new(2, true);
            let mut stripes = vec![Vec::new(), Vec::new()];
            let looked = panic::catch_unwind(AssertUnwindSafe(|| {
                pool.look(&sight, &mut stripes, false);
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
        let pool = Pool::new(3, false);
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
        let (snap, minds, times) = crowd(3, 3);
        let pool = Pool::new(3, false);
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
        pool.look(&snap.sight(&minds, &times, Design::default(), Isa::best()), &mut stripes, false);
        assert_eq!(stripes.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1, 1]);
    }

    #[test]
    fn a_part_is_lent_to_its_own_thread_once() {
        let mut parts = [1, 2];
        let lent = Parts::lend(parts.iter_mut());
        assert_eq!(lent.take(1).copied(), Some(2));
        assert!(lent.take(1).is_none(), "a part is taken once");
        assert!(lent.take(2).is_none() && lent.take(MOST_CREW).is_none(), "no part");
        *lent.take(0).expect("thread 0's part") += 10;
        assert_eq!(parts, [11, 2]);
    }

    #[test]
    fn a_helper_that_panics_makes_the_caller_panic_and_nothing_hangs() {
        assert_eq!(look_with_a_missing_brain(1), Some(true), "a helper's panic");
        assert_eq!(look_with_a_missing_brain(0), Some(true), "the caller's own panic");
        assert_eq!(look_with_a_missing_brain(2), Some(false), "no panic at all");
    }
}
