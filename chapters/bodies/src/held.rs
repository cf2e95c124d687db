//! A tethered body under both orders: velocity first holds its swing, position first escapes.
//! Told as a table, drawn as a chart of offset against time, and filmed.

use std::io::Write;
use std::path::Path;

use world::Body;
use world::pictures::chart::{self, Axis, Chart, Corner, Line, Rule};
use world::pictures::palette::{BLUE, RED, Rgb};

use crate::design::Design;
use crate::pushes::{MIDDLE, tether};

/// The held body starts 48 px right of the middle, at rest (`world::base::window::held`).
pub fn start() -> Body {
    world::base::window::held()
}

/// Both tethered bodies, tick by tick, after each step: the first stepped by `design` (with no
/// switch, velocity first), the second always by the lagging step, the order it is held against.
pub fn swings(ticks: u32, design: Design) -> impl Iterator<Item = (Body, Body)> {
    // Every other switch left off, including any a reader adds (the course's challenges add
    // two), so the update stays even while it has nothing to fill in.
    #[allow(clippy::needless_update)]
    let (now, was) = (design, Design { lagging: true, ..Design::default() });
    let (mut a, mut b) = (start(), start());
    (0..ticks).map(move |_| {
        now.tick(&mut a, |a| a.push(tether(a)));
        was.tick(&mut b, |b| b.push(tether(b)));
        (a, b)
    })
}

pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    design: Design,
    picture: Option<&Path>,
    film: Option<&Path>,
) -> anyhow::Result<()> {
    if film.is_some() {
        world::pictures::film::fits(ticks)?;
    }
    let every = (ticks / 4).max(1);
    let (mut far_a, mut far_b) = (0.0f64, 0.0f64);
    let first = name(design);
    writeln!(out, "      {first:<33}step_lagging: position, then velocity")?;
    writeln!(out, "tick    from middle     speed             from middle     speed")?;
    for (i, (a, b)) in swings(ticks, design).enumerate() {
        let t = i as u32 + 1;
        let (da, db) = (a.pos.dist(MIDDLE), b.pos.dist(MIDDLE));
        far_a = far_a.max(da);
        far_b = far_b.max(db);
        if t.is_multiple_of(every) {
            writeln!(
                out,
                "{t:>4}  {da:>13.3}  {:>8.3}         {db:>13.3}  {:>8.3}",
                a.vel.len(),
                b.vel.len()
            )?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "started 48.000 px out; the furthest each got in {}: {far_a:.3} and {far_b:.3}",
        world::shell::cli::count(ticks, "tick", "ticks")
    )?;
    if let Some(path) = picture {
        chart(ticks, design).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    if let Some(path) = film {
        crate::reel::shoot(ticks, start(), swings(ticks, design))?.save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// What the first body is stepped by: `step` with no switch, else the switch that is on.
fn name(design: Design) -> String {
    if design == Design::default() {
        return "step: velocity, then position".into();
    }
    use world::shell::switches::{switches, with};
    let one = switches::<Design>()
        .into_iter()
        .find(|s| with::<Design>(&[s.flag.as_str()]).is_ok_and(|d| d == design));
    match one {
        Some(s) => format!("stepped under {}", s.flag),
        None => "stepped under the switches given".into(),
    }
}

/// The grey of the rules at the starting offset: darker than the grid behind them.
const STONE: Rgb = [150, 150, 150];

/// Offset from the middle against time for both bodies, with the starting offset either side
/// as grey rules. The lagging body's line leaves the chart, and is cut where it does.
fn chart(ticks: u32, design: Design) -> Chart {
    let offset = |b: &Body| b.pos.x - MIDDLE.x;
    let start = (0.0, offset(&start()));
    let (mut first, mut lagging) = (vec![start], vec![start]);
    for (i, (a, b)) in swings(ticks, design).enumerate() {
        let t = f64::from(i as u32 + 1);
        first.push((t, offset(&a)));
        lagging.push((t, offset(&b)));
    }
    let to = f64::from(ticks);
    Chart {
        title: format!("A tethered body, {ticks} ticks under each order of a step"),
        x: Axis::linear("tick", 0.0, to, chart::step_for(to, 10)),
        y: Axis::linear("offset from the middle (px, + is right)", -150.0, 150.0, 50.0),
        lines: vec![
            Line {
                name: if design == Design::default() {
                    "velocity first (step)".into()
                } else {
                    name(design)
                },
                colour: BLUE,
                points: first,
                dots: false,
            },
            Line {
                name: "position first (step_lagging)".into(),
                colour: RED,
                points: lagging,
                dots: false,
            },
        ],
        rules: vec![
            Rule { name: "48 px out, where both started".into(), colour: STONE, at: 48.0 },
            Rule { name: String::new(), colour: STONE, at: -48.0 },
        ],
        key: Corner::LowerRight,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn velocity_first_holds_and_lagging_escapes() {
        let (mut far_a, mut far_b) = (0.0f64, 0.0f64);
        for (a, b) in swings(400, Design::default()) {
            far_a = far_a.max(a.pos.dist(MIDDLE));
            far_b = far_b.max(b.pos.dist(MIDDLE));
        }
        assert!(far_a < 48.2, "velocity first reached {far_a}");
        assert!(far_b > 2000.0, "lagging only reached {far_b}");
    }

    #[test]
    fn the_first_body_takes_the_design_it_is_given() {
        #[allow(clippy::needless_update)]
        let lagging = Design { lagging: true, ..Design::default() };
        let far = swings(400, lagging).map(|(a, _)| a.pos.dist(MIDDLE)).fold(0.0, f64::max);
        assert!(far > 2000.0, "under --lagging the first body only reached {far}");
        assert_eq!(name(lagging), "stepped under --lagging");
    }

    #[test]
    fn a_long_run_is_thinned_to_a_chart_a_browser_opens() {
        // A million ticks is two million points; the chart keeps what a reader can see.
        let svg = chart(1_000_000, Design::default()).svg();
        assert!(svg.len() < 300_000, "a million ticks made {} bytes of SVG", svg.len());
        assert!(svg.contains("position first (step_lagging)"));
    }
}

/// A body on a tether to the middle of the window, under both orders: one keeps its swing,
/// the other swings wider every time until it is gone.
///
/// The tether pulls with 0.02 of the offset; the body starts 48 px out, at rest. The first
/// body is stepped by the design's switch if one is given (so `--lagging` puts the lagging
/// step in both columns), the second always by the lagging step.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Ticks to run: 1 to 1,000,000.
    #[arg(long, default_value = "400", value_parser = crate::flags::TICKS, allow_hyphen_values = true)]
    pub ticks: u32,
    /// Also chart both paths (offset from the middle against time) into this SVG; a long
    /// run is thinned to the points the chart can show, so any run makes a small file.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub picture: Option<world::shell::file_flags::OutFile>,
    /// Also film both bodies side by side, a frame per tick, into this animated PNG (at most
    /// 1000 ticks).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::png)]
    pub film: Option<world::shell::file_flags::OutFile>,
    #[command(flatten)]
    pub design: Design,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let (picture, film) = (self.picture.as_deref(), self.film.as_deref());
        run(out, self.ticks, self.design, picture, film)
    }
}
