//! The third round on the clock: `tanh` alone, the chapter's 3000 brains each thinking once,
//! and the whole phase, each part's rows taking turns and set against the part's first row.

use std::hint::black_box;
use std::io::Write;

use world::base::Stream;
use world::base::streams::TANH_BENCH;
use world::beast::kind::ACTS;
use world::beast::think::pack::{LANES, Sample};
use world::beast::{Design, Settings};
use world::lanes::{Isa, tanh};
use world::shell::progress::Progress;

use crate::scene::{CROWD, ROWS, found};
use crate::turns::{ROUNDS, Row, ms, part, phases, turn};

/// The ticks of the phase in a turn, after as many to warm up.
const TICKS: u32 = 10;

#[expect(
    clippy::too_many_lines,
    reason = "the paired turns and their table in one place, so the order in which the instruction sets take turns is read in one pass"
)]
pub fn run(out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
    let isas: Vec<Isa> = Isa::every();
    let progress = Progress::new(
        "lanes --clock",
        (ROUNDS * (2 * (1 + isas.len()) + 2 * (1 + isas.len()))) as u64,
    );
    writeln!(
        out,
        "timed here, {ROUNDS} rounds of turns per part: the best turn, and the middle of the paired"
    )?;
    writeln!(out, "ratios to the part's first row")?;

    const CALLS: usize = 4096;
    let mut s = Stream::new(1, TANH_BENCH);
    let xs: Vec<f64> = (0..CALLS).map(|_| s.between(-4.0, 4.0)).collect();
    let mut got = vec![0.0; CALLS];
    let got = std::cell::RefCell::new(&mut got);
    let mut rows: Vec<Row> = vec![(
        "libm, one number per call".into(),
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
        let rows = phases(worlds, TICKS);
        let head = format!("the phase on crew {crew}, {TICKS} ticks per turn");
        part(out, &head, "ms per tick", ms, rows, &progress)?;
    }
    Ok(())
}
