//! How busy the rest of the machine was while a timing ran.
//!
//! A timing taken while another program shares the cores measures both of them, and nothing in
//! the figure says so: a crew of two threads on two cores loses half of itself to one busy
//! neighbour. So a timing is watched. The watcher reads how much CPU time every core has spent
//! busy (`/proc/stat`: user, nice, system, irq, softirq and steal) before and after, takes away
//! the CPU time the watched work used itself (this process and the children it has waited for,
//! from `getrusage`), and spreads what is left over the wall time: the share of one core the
//! rest of the machine used. Above [`QUIET`] the timing is not one machine's alone.
//!
//! It needs only `std` and `nix` (with its `resource` and `feature` parts), so the library can
//! hold it for every subcommand that prints a timing.

use std::fmt;
use std::time::{Duration, Instant};

/// The most of one core the rest of the machine may use, on average, while a timing runs:
/// 5%. A quiet machine's own housekeeping stays well under it; one other busy program is far
/// above it.
pub const QUIET: f64 = 0.05;

/// What the watcher reads. The real readings are [`Proc`]'s; a test gives made-up ones.
pub trait Clocks {
    /// The CPU time every core together has spent busy since the machine started.
    fn machine(&mut self) -> Result<Duration, String>;
    /// The CPU time the watched work has used so far: this process and its finished children.
    fn own(&mut self) -> Result<Duration, String>;
    /// The time since some fixed moment, on a clock that never goes back.
    fn wall(&mut self) -> Duration;
}

/// One reading of all three clocks.
#[derive(Clone, Copy, Debug)]
struct Reading {
    machine: Duration,
    own: Duration,
    wall: Duration,
}

impl Reading {
    fn take(clocks: &mut impl Clocks) -> Result<Self, String> {
        Ok(Reading { machine: clocks.machine()?, own: clocks.own()?, wall: clocks.wall() })
    }
}

/// A watch running on some clocks: [`Watch::start`] before the timing, [`Watch::stop`] after.
pub struct Watch<C: Clocks> {
    clocks: C,
    start: Reading,
}

impl<C: Clocks> Watch<C> {
    /// Takes the first reading.
    pub fn start(mut clocks: C) -> Result<Self, String> {
        let start = Reading::take(&mut clocks)?;
        Ok(Watch { clocks, start })
    }

    /// Takes the second reading and says how busy the rest of the machine was in between.
    pub fn stop(mut self) -> Result<Load, String> {
        let end = Reading::take(&mut self.clocks)?;
        let wall = end.wall.saturating_sub(self.start.wall);
        let machine = end.machine.saturating_sub(self.start.machine).as_secs_f64();
        let own = end.own.saturating_sub(self.start.own).as_secs_f64();
        // The machine's count moves in whole ticks and the work's in microseconds, so a quiet
        // machine can come out a hair below nothing: that is nothing.
        let rest = if wall.is_zero() { 0.0 } else { (machine - own).max(0.0) / wall.as_secs_f64() };
        Ok(Load { rest, wall })
    }
}

/// How busy the rest of the machine was over one watched stretch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Load {
    /// The share of one core the rest of the machine used on average: 0.48 is 48% of a core,
    /// 1.5 is one and a half cores.
    pub rest: f64,
    /// How long the stretch was.
    pub wall: Duration,
}

impl Load {
    /// Whether the rest of the machine used more than [`QUIET`].
    pub fn busy(&self) -> bool {
        self.rest > QUIET
    }

    /// The share as a reader takes it in: "0.3% of a core", "48% of a core".
    pub fn share(&self) -> String {
        let percent = self.rest * 100.0;
        if percent < 10.0 {
            format!("{percent:.1}% of a core")
        } else {
            format!("{percent:.0}% of a core")
        }
    }
}

impl Load {
    /// The line a subcommand that prints its own timings (`--clock`) writes on stderr when
    /// the machine was busy while it timed, naming itself as `who`; nothing when it was quiet.
    pub fn warning(&self, who: &str) -> Option<String> {
        self.busy().then(|| {
            format!(
                "{who}: {self} while this ran, so its timings are not this machine's alone; run \
                 it again when nothing else runs"
            )
        })
    }
}

impl fmt::Display for Load {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the rest of the machine used {}", self.share())
    }
}

/// The variable that has [`watch`] play back a load instead of reading this machine's: a share
/// of one core, `0.5` for half a core. Only for tests of what a caller decides on a busy or a
/// quiet machine, which must not hang on how busy the machine running the tests is.
pub const PRETEND: &str = "WORLD_PRETEND_LOAD";

/// Watches `work` on this machine's own clocks, or on played-back ones when [`PRETEND`] is set.
pub fn watch<T>(work: impl FnOnce() -> T) -> Result<(T, Load), String> {
    match std::env::var_os(PRETEND) {
        Some(rest) => watch_on(Played::new(&rest.to_string_lossy())?, work),
        None => watch_on(Proc::new()?, work),
    }
}

/// Watches `work` on the given clocks.
pub fn watch_on<T>(clocks: impl Clocks, work: impl FnOnce() -> T) -> Result<(T, Load), String> {
    let watch = Watch::start(clocks)?;
    let done = work();
    Ok((done, watch.stop()?))
}

/// Clocks that play back a given load: the real wall, none of the work's own time, and the rest
/// of the machine busy for the same share of a core all along.
pub struct Played {
    rest: f64,
    origin: Instant,
    /// The wall at the last reading of the machine, so one reading's two clocks agree.
    at: Duration,
}

impl Played {
    /// The clocks for a load given as text ("0.5", half a core), as [`PRETEND`] holds it.
    pub fn new(rest: &str) -> Result<Self, String> {
        let rest = rest
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|r| r.is_finite() && *r >= 0.0 && *r <= 1024.0)
            .ok_or_else(|| format!("{PRETEND}={rest} is not a share of a core such as 0.5"))?;
        Ok(Played { rest, origin: Instant::now(), at: Duration::ZERO })
    }
}

impl Clocks for Played {
    fn machine(&mut self) -> Result<Duration, String> {
        self.at = self.origin.elapsed();
        Ok(self.at.mul_f64(self.rest))
    }

    fn own(&mut self) -> Result<Duration, String> {
        Ok(Duration::ZERO)
    }

    fn wall(&mut self) -> Duration {
        self.at
    }
}

/// The machine's real clocks: `/proc/stat` for the cores, `getrusage` for this process and
/// its children, and [`Instant`] for the wall.
pub struct Proc {
    /// Seconds in one of `/proc/stat`'s ticks (`sysconf(_SC_CLK_TCK)`, 100 a second on Linux).
    tick: f64,
    origin: Instant,
}

impl Proc {
    /// The clocks, or why this machine has none to read.
    pub fn new() -> Result<Self, String> {
        Ok(Proc { tick: 1.0 / ticks_per_second()?, origin: Instant::now() })
    }
}

impl Clocks for Proc {
    fn machine(&mut self) -> Result<Duration, String> {
        let text = std::fs::read_to_string("/proc/stat")
            .map_err(|e| format!("cannot read /proc/stat to see how busy the machine is: {e}"))?;
        Ok(Duration::from_secs_f64(busy_ticks(&text)? as f64 * self.tick))
    }

    fn own(&mut self) -> Result<Duration, String> {
        own_time()
    }

    fn wall(&mut self) -> Duration {
        self.origin.elapsed()
    }
}

/// The busy ticks of all cores together, from the `cpu` line at the top of `/proc/stat`:
/// user, nice, system, irq, softirq and steal (idle and iowait are the machine waiting; guest
/// time is already inside user).
pub fn busy_ticks(stat: &str) -> Result<u64, String> {
    let line = stat
        .lines()
        .find(|l| l.split_whitespace().next() == Some("cpu"))
        .ok_or("/proc/stat has no `cpu` line")?;
    let fields: Vec<u64> = line.split_whitespace().skip(1).map_while(|f| f.parse().ok()).collect();
    // user nice system idle iowait irq softirq steal
    let [user, nice, system, _idle, _iowait, irq, softirq, steal, ..] = fields[..] else {
        return Err(format!("/proc/stat's `cpu` line has too few numbers: {line}"));
    };
    Ok(user + nice + system + irq + softirq + steal)
}

#[cfg(unix)]
fn ticks_per_second() -> Result<f64, String> {
    use nix::unistd::{SysconfVar, sysconf};
    match sysconf(SysconfVar::CLK_TCK) {
        Ok(Some(n)) if n > 0 => Ok(n as f64),
        other => Err(format!("cannot learn the length of the kernel's tick: {other:?}")),
    }
}

#[cfg(not(unix))]
fn ticks_per_second() -> Result<f64, String> {
    Err("watching the machine's load needs Linux's /proc/stat".into())
}

/// The user and system time of this process and of every child it has waited for.
#[cfg(unix)]
fn own_time() -> Result<Duration, String> {
    use nix::sys::resource::{UsageWho, getrusage};
    use nix::sys::time::TimeValLike;
    let mut total = 0;
    for who in [UsageWho::RUSAGE_SELF, UsageWho::RUSAGE_CHILDREN] {
        let u = getrusage(who).map_err(|e| format!("getrusage: {e}"))?;
        total += u.user_time().num_microseconds() + u.system_time().num_microseconds();
    }
    Ok(Duration::from_micros(total.max(0) as u64))
}

#[cfg(not(unix))]
fn own_time() -> Result<Duration, String> {
    Err("watching the machine's load needs getrusage".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Readings played back in order, each clock on its own: (machine busy, own, wall), in ms.
    struct Fake {
        readings: Vec<(u64, u64, u64)>,
        read: [usize; 3],
    }

    impl Fake {
        fn next(&mut self, clock: usize) -> Duration {
            let (machine, own, wall) = self.readings[self.read[clock]];
            self.read[clock] += 1;
            Duration::from_millis([machine, own, wall][clock])
        }
    }

    impl Clocks for Fake {
        fn machine(&mut self) -> Result<Duration, String> {
            Ok(self.next(0))
        }
        fn own(&mut self) -> Result<Duration, String> {
            Ok(self.next(1))
        }
        fn wall(&mut self) -> Duration {
            self.next(2)
        }
    }

    fn load(start: (u64, u64, u64), end: (u64, u64, u64)) -> Load {
        Watch::start(Fake { readings: vec![start, end], read: [0; 3] }).unwrap().stop().unwrap()
    }

    #[test]
    fn the_works_own_time_is_not_the_rest_of_the_machine() {
        // Two seconds; the machine busy for 2.01 s of CPU, of which the work took 2.0 s.
        let l = load((10_000, 500, 0), (12_010, 2_500, 2_000));
        assert!((l.rest - 0.005).abs() < 1e-9, "{l:?}");
        assert!(!l.busy());
        assert_eq!(l.wall, Duration::from_secs(2));
        assert_eq!(l.share(), "0.5% of a core");
    }

    #[test]
    fn a_neighbour_spinning_on_a_core_is_busy() {
        // One second: the work took 1 s of CPU and something else another 0.96 s.
        let l = load((0, 0, 0), (1_960, 1_000, 1_000));
        assert!(l.busy());
        assert_eq!(l.to_string(), "the rest of the machine used 96% of a core");
        // Just over the line and just under it.
        assert!(load((0, 0, 0), (1_060, 1_000, 1_000)).busy());
        assert!(!load((0, 0, 0), (1_040, 1_000, 1_000)).busy());
        assert_eq!(load((0, 0, 0), (3_500, 500, 2_000)).share(), "150% of a core");
        assert_eq!(
            l.warning("crowd fit --clock").unwrap(),
            "crowd fit --clock: the rest of the machine used 96% of a core while this ran, so \
             its timings are not this machine's alone; run it again when nothing else runs"
        );
        assert_eq!(load((0, 0, 0), (1_040, 1_000, 1_000)).warning("crowd fit --clock"), None);
    }

    #[test]
    fn ticks_that_lag_the_work_read_as_quiet_not_negative() {
        let l = load((0, 0, 0), (990, 1_000, 1_000));
        assert_eq!(l.rest, 0.0);
        assert_eq!(load((5, 5, 7), (5, 5, 7)).rest, 0.0, "no time at all is no load");
    }

    #[test]
    fn busy_ticks_add_every_busy_column_and_no_idle_one() {
        let stat = "cpu  100 2 30 9999 55 4 5 6 70 0\ncpu0 50 1 15 5000 20 2 2 3 0 0\nintr 1\n";
        assert_eq!(busy_ticks(stat).unwrap(), 100 + 2 + 30 + 4 + 5 + 6);
        assert!(busy_ticks("cpu 1 2 3\n").is_err());
        assert!(busy_ticks("intr 1\n").is_err());
    }

    #[test]
    fn a_played_load_is_read_back_as_given_and_a_bad_one_refused() {
        for (given, busy) in [("0", false), ("0.04", false), ("0.5", true), ("1.5", true)] {
            let clocks = Played::new(given).unwrap();
            let ((), l) =
                watch_on(clocks, || std::thread::sleep(Duration::from_millis(5))).unwrap();
            let want: f64 = given.parse().unwrap();
            assert!((l.rest - want).abs() < 1e-6, "{given}: {l:?}");
            assert_eq!(l.busy(), busy, "{given}");
        }
        for bad in ["", "half", "-1", "NaN", "inf"] {
            let e = Played::new(bad).err().unwrap();
            assert!(e.starts_with(&format!("{PRETEND}={bad} is not")), "{e}");
        }
    }

    #[test]
    fn this_machine_can_be_read() {
        if !std::path::Path::new("/proc/stat").exists() {
            return;
        }
        let ((), l) = watch(|| std::thread::sleep(Duration::from_millis(20))).unwrap();
        assert!(l.wall >= Duration::from_millis(20) && l.rest >= 0.0, "{l:?}");
    }
}
