//! The third round on the clock: `tanh` alone, the chapter's 3000 brains each thinking once,
//! and the whole phase, each part's rows taking turns and set against the part's first row.

use std::hint::black_box;
use std::io::Write;
use std::time::{Duration, Instant};

use world::base::Stream;
use world::base::streams::TANH_BENCH;
use world::beast::kind::ACTS;
use world::beast::pack::{LANES, Sample};
use world::beast::{Design, Settings};
use world::lanes::{Isa, tanh};
use world::shell::progress::Progress;

use crate::scene::{CROWD, ROWS, found};
use crate::timed::{run_for, timed};

/// The rounds every part's rows take turns for.
const ROUNDS: usize = 5;
/// The least a turn of `tanh` or of the passes lasts: the work is repeated until it has.
const TURN: Duration = Duration::from_millis(30);
/// The ticks of the phase in a turn, after as many to warm up.
const TICKS: u32 = 10;

/// A row of a part: its name, and one turn of it, which gives the time of one unit of its work.
type Row<'a> = (String, Box<dyn FnMut() -> f64 + 'a>);

/// Takes `rows` in turns, `ROUNDS` rounds, and prints each with its best turn (as `show` turns
/// a time into the column's unit) and the middle of its paired ratios to the first row: how
/// many times as fast, turn against the first row's turn of the same round.
fn part(
    out: &mut dyn Write,
    head: &str,
    unit: &str,
    show: fn(f64) -> f64,
    mut rows: Vec<Row>,
    progress: &Progress,
) -> anyhow::Result<()> {
    let mut times = vec![Vec::new(); rows.len()];
    for _ in 0..ROUNDS {
        for (t, (_, turn)) in times.iter_mut().zip(&mut rows) {
            t.push(turn());
            progress.step();
        }
    }
    writeln!(out)?;
    writeln!(out, "  {head:<40} {unit:>14} {:>14}", "times as fast")?;
    for ((name, _), t) in rows.iter().zip(&times) {
        let best = t.iter().copied().fold(f64::INFINITY, f64::min);
        let mut r: Vec<f64> = times[0].iter().zip(t).map(|(a, b)| a / b).collect();
        r.sort_by(f64::total_cmp);
        writeln!(out, "    {name:<38} {:>14.3} {:>14.2}", show(best), r[ROUNDS / 2])?;
    }
    Ok(())
}

/// Repeats `work` until a turn has lasted [`TURN`]; the time of one, in seconds.
fn turn(mut work: impl FnMut()) -> f64 {
    let (start, mut n) = (Instant::now(), 0u32);
    while start.elapsed() < TURN || n == 0 {
        work();
        n += 1;
    }
    start.elapsed().as_secs_f64() / f64::from(n)
}

pub fn run(out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
    let isas: Vec<Isa> = Isa::every();
    let progress = Progress::new(
        "lanes --clock",
        (ROUNDS * (2 * (1 + isas.len()) + 2 * (1 + isas.len()))) as u64,
    );
    writeln!(
        out,
        "timed here, {ROUNDS} rounds of turns a part: the best turn, and the middle of the paired"
    )?;
    writeln!(out, "ratios to the part's first row")?;

    const CALLS: usize = 4096;
    let mut s = Stream::new(1, TANH_BENCH);
    let xs: Vec<f64> = (0..CALLS).map(|_| s.between(-4.0, 4.0)).collect();
    let mut got = vec![0.0; CALLS];
    let got = std::cell::RefCell::new(&mut got);
    let mut rows: Vec<Row> = vec![(
        "libm, one number a call".into(),
        Box::new(|| {
            turn(|| {
                for (o, x) in got.borrow_mut().iter_mut().zip(black_box(&xs)) {
                    *o = libm::tanh(*x);
                }
            })
        }),
    )];
    for &isa in &isas {
        let (xs, got) = (&xs, &got);
        rows.push((
            format!("lanes, {}", isa.name()),
            Box::new(move || turn(|| tanh::each(isa, black_box(xs), &mut got.borrow_mut()))),
        ));
    }
    let per_us = |secs: f64| CALLS as f64 / (secs * 1e6);
    part(out, &format!("tanh of {CALLS} numbers"), "calls per µs", per_us, rows, &progress)?;

    let Sample { brains, packs, rows: inputs, grouped } = Sample::draw(CROWD);
    let thought = std::cell::RefCell::new(vec![[0.0; ACTS]; CROWD]);
    let mut rows: Vec<Row> = vec![(
        "one at a time".into(),
        Box::new(|| {
            turn(|| {
                for ((o, b), row) in
                    thought.borrow_mut().iter_mut().zip(&brains).zip(black_box(&inputs))
                {
                    *o = b.think(row);
                }
            })
        }),
    )];
    for &isa in &isas {
        let (packs, grouped, thought) = (&packs, &grouped, &thought);
        rows.push((
            format!("packs of {LANES}, {}", isa.name()),
            Box::new(move || {
                turn(|| {
                    let mut t = thought.borrow_mut();
                    for ((o, p), r) in t.chunks_mut(LANES).zip(packs).zip(black_box(grouped)) {
                        o.copy_from_slice(&p.think(isa, r));
                    }
                })
            }),
        ));
    }
    let ms = |secs: f64| secs * 1e3;
    part(out, &format!("{CROWD} forward passes"), "ms", ms, rows, &progress)?;

    for crew in [1, 2] {
        let mut worlds = Vec::new();
        let alone = Design { alone: true, ..Design::default() };
        worlds.push((
            "brains apart (--alone)".to_string(),
            found(CROWD, ROWS, alone, settings.with_crew(crew))?,
        ));
        for &isa in &isas {
            let w = found(CROWD, ROWS, Design::default(), Settings::new(crew, isa))?;
            worlds.push((format!("packs of {LANES}, {}", isa.name()), w));
        }
        let rows: Vec<Row> = worlds
            .into_iter()
            .map(|(name, mut w)| {
                run_for(&mut w, TICKS, &Progress::none());
                let turn: Box<dyn FnMut() -> f64> =
                    Box::new(move || timed(&mut w, TICKS, &Progress::none()).phase_ms(TICKS) / 1e3);
                (name, turn)
            })
            .collect();
        let head = format!("the phase on crew {crew}, {TICKS} ticks a turn");
        part(out, &head, "ms per tick", ms, rows, &progress)?;
    }
    Ok(())
}
