//! One walker and three neighbours, worked through column by column.

use std::io::Write;
use std::path::Path;

use world::flock::rules::{self, Weights};
use world::flock::steer::Gait;
use world::{Body, Vec2};

use crate::scene::WEIGHTS;

// ANCHOR: setup
/// The walker worked by hand: faster and pushier than the valley's, so the numbers are round.
pub const GAIT: Gait = Gait { max_speed: 2.4, max_force: 0.3 };
pub const RADIUS: f64 = 16.0;

pub fn walker() -> Body {
    Body::new(Vec2::new(96.0, 64.0), Vec2::new(1.8, 0.6))
}

/// Three neighbours: one close on the left, one exactly at the radius behind, one to the right.
pub fn neighbours() -> [Body; 3] {
    [
        Body::new(Vec2::new(92.0, 67.0), Vec2::new(0.6, -2.0)),
        Body::new(Vec2::new(80.0, 64.0), Vec2::new(2.4, 0.0)),
        Body::new(Vec2::new(104.0, 70.0), Vec2::new(-0.3, -1.6)),
    ]
}
// ANCHOR_END: setup

/// A vector as the table prints it, right-aligned in `w` characters.
fn v(x: Vec2, w: usize) -> String {
    format!("{:>w$}", x.to_string())
}

/// The hand table: the walker and its three neighbours, each rule worked from them column by
/// column, and the three added up, cut and stepped; with `picture`, one rule's steering drawn.
pub fn run(out: &mut dyn Write, picture: Option<&Path>) -> anyhow::Result<()> {
    let b = walker();
    let near = neighbours();
    writeln!(
        out,
        "one walker at ({}) moving ({}); top speed {}, strongest push {}, radius {RADIUS}",
        b.pos, b.vel, GAIT.max_speed, GAIT.max_force
    )?;
    writeln!(out)?;
    neighbour_rows(out, &b, &near)?;
    rule_rows(out, &b, &near)?;

    // ANCHOR: combine
    let Weights { separate, align, cohere } = WEIGHTS;
    let sum = WEIGHTS.flock(&GAIT, &b, &near);
    let force = GAIT.cut(sum);
    let mut next = b;
    next.push(force);
    next.step();
    // ANCHOR_END: combine
    writeln!(out)?;
    writeln!(
        out,
        "weighted {separate:.1}, {align:.1}, {cohere:.1} and added: ({sum}), length {:.3}",
        sum.len()
    )?;
    writeln!(out, "cut to the strongest push, {}: ({force})", GAIT.max_force)?;
    writeln!(out, "one tick later: at ({}) moving ({})", next.pos, next.vel)?;
    if let Some(path) = picture {
        crate::steering::draw(&b, &near, &GAIT).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The neighbours, a row each: where each is and how it moves, the offset and distance from
/// the walker to it, and its vote for where to go to get away from it.
fn neighbour_rows(out: &mut dyn Write, b: &Body, near: &[Body]) -> anyhow::Result<()> {
    writeln!(out, "      position        velocity  offset from it  distance            vote")?;
    for o in near {
        let offset = b.pos.sub(o.pos);
        let vote = rules::vote(b, o).unwrap_or(Vec2::ZERO);
        anyhow::ensure!(offset.len() <= RADIUS, "every neighbour must be within the radius");
        writeln!(
            out,
            "{}  {}  {}  {:>8.3}  {}",
            v(o.pos, 14),
            v(o.vel, 14),
            v(offset, 14),
            offset.len(),
            v(vote, 14)
        )?;
    }
    Ok(())
}

/// Each rule as its three inputs make it, a row each: what it reads, the velocity it wishes
/// for, the difference from the walker's own, and that difference held to the gait's push,
/// which must be what the rule itself gives.
fn rule_rows(out: &mut dyn Write, b: &Body, near: &[Body]) -> anyhow::Result<()> {
    let away = rules::votes(b, near).unwrap_or(Vec2::ZERO);
    let heading = rules::mean_velocity(near).unwrap_or(Vec2::ZERO);
    let middle = rules::middle(near).unwrap_or(Vec2::ZERO);
    let rows = [
        ("push apart", "votes sum to", away, away.unit(), rules::separate(&GAIT, b, near)),
        ("match heading", "mean velocity", heading, heading.unit(), rules::align(&GAIT, b, near)),
        (
            "pull to middle",
            "middle at",
            middle,
            middle.sub(b.pos).unit(),
            rules::cohere(&GAIT, b, near),
        ),
    ];
    writeln!(out)?;
    let head = ("rule", "reads", "wishes for", "steering", "|steering|", "force");
    let (h1, h2, h3, h4, h5, h6) = head;
    writeln!(out, "{h1:<14}  {h2:<28} {h3:>14} {h4:>14} {h5:>10} {h6:>14}")?;
    for (name, what, input, way, rule) in rows {
        let desired = way.scale(GAIT.max_speed);
        let steering = desired.sub(b.vel);
        let force = GAIT.cut(steering);
        anyhow::ensure!(force == rule, "{name}: the table and the rule disagree");
        writeln!(
            out,
            "{name:<14}  {what:<13} {} {} {} {:>10.3} {}",
            v(input, 14),
            v(desired, 14),
            v(steering, 14),
            steering.len(),
            v(force, 14)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_hand_table_ends_where_the_pencil_does() {
        let mut out = Vec::new();
        super::run(&mut out, None).unwrap();
        let text = String::from_utf8(out).unwrap();
        for figure in [
            "0.160, -0.120",
            "-0.037, -0.298",
            "-0.042, -0.297",
            "-0.293, 0.066",
            "(-0.365, -0.714), length 0.802",
            "(-0.137, -0.267)",
            "at (97.663, 64.333) moving (1.663, 0.333)",
        ] {
            assert!(text.contains(figure), "missing {figure} in\n{text}");
        }
    }
}

/// One walker and three neighbours, every rule worked through by hand.
///
/// The walker stands at (96, 64) moving (1.8, 0.6), with top speed 2.4 and strongest push
/// 0.3. Every number is plain arithmetic and can be checked with a pencil.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Also draw the steering of its match-heading rule into this SVG (760 px wide): the
    /// velocity, the wish, the push between them and that push cut to the gait.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub picture: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        run(out, self.picture.as_deref())
    }
}
