//! `hand --picture`: steering drawn from the walker worked by hand, for its match-heading rule:
//! the velocity it has, the velocity it wishes for, the push between them, and that push cut to
//! what its legs can do.

use world::flock::rules;
use world::flock::steer::Gait;
use world::pictures::palette::{BLUE, GREY, INK, RED};
use world::pictures::sketch::{Align, Sketch};
use world::{Body, Vec2};

/// Screen pixels to one pixel per tick of velocity.
const SCALE: f64 = 80.0;

/// An arrow from `from` to `to`, with a head of two short strokes.
fn arrow(s: &mut Sketch, from: (f64, f64), to: (f64, f64), colour: [u8; 3], width: f64) {
    s.line(from, to, colour, width, false);
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    for side in [1.0, -1.0] {
        let back = (to.0 - 10.0 * ux + side * 5.0 * uy, to.1 - 10.0 * uy - side * 5.0 * ux);
        s.line(to, back, colour, width, false);
    }
}

/// The drawing of walker `b`'s match-heading rule among `near`, on gait `gait`, from the numbers
/// as the code works them out.
pub fn draw(b: &Body, near: &[Body], gait: &Gait) -> Sketch {
    let heading = rules::mean_velocity(near).unwrap_or(Vec2::ZERO);
    let wish = heading.unit().scale(gait.max_speed);
    let push = wish.sub(b.vel);
    let cut = gait.cut(push);
    let origin = (200.0, 214.0);
    let at = |v: Vec2| (origin.0 + v.x * SCALE, origin.1 + v.y * SCALE);
    let mut s = Sketch::new(760.0, 340.0);
    s.text(
        (380.0, 22.0),
        15.0,
        Align::Middle,
        INK,
        "Steering: the walker worked by hand, its match-heading rule",
    );
    s.dot(origin, 5.0, INK, true);
    s.text((origin.0 - 10.0, origin.1 + 4.0), 12.0, Align::End, INK, "the walker");
    // The gait's limit: every push the legs allow ends inside this circle round the velocity.
    let tip = at(b.vel);
    let r = gait.max_force * SCALE;
    for k in 0..48 {
        let (a0, a1) = (
            k as f64 / 48.0 * std::f64::consts::TAU,
            (k + 1) as f64 / 48.0 * std::f64::consts::TAU,
        );
        if k % 2 == 0 {
            let p = |a: f64| (tip.0 + r * libm::cos(a), tip.1 + r * libm::sin(a));
            s.line(p(a0), p(a1), GREY, 1.5, false);
        }
    }
    arrow(&mut s, origin, tip, BLUE, 2.5);
    arrow(&mut s, origin, at(wish), INK, 2.5);
    s.line(tip, at(wish), RED, 1.5, true);
    arrow(&mut s, tip, at(b.vel.add(cut)), RED, 3.0);
    let say = |s: &mut Sketch, y: f64, colour, words: &str| {
        s.text((470.0, y), 12.5, Align::Start, colour, words);
    };
    say(&mut s, 90.0, BLUE, &format!("velocity ({}): what it has", b.vel));
    say(&mut s, 112.0, INK, &format!("wish ({}): the neighbours' heading", wish));
    say(&mut s, 130.0, INK, &format!("at top speed, {}", gait.max_speed));
    say(&mut s, 152.0, RED, &format!("wish - velocity ({}), length {:.3},", push, push.len()));
    say(&mut s, 170.0, RED, "dashed: the push it asks for");
    say(&mut s, 192.0, RED, &format!("cut to {} ({}): the push it gets", gait.max_force, cut));
    say(&mut s, 214.0, INK, "dotted grey circle: every push the gait allows");
    s.text(
        (380.0, 326.0),
        11.0,
        Align::Middle,
        INK,
        &format!("{SCALE:.0} screen px to 1 px per tick; y grows downward, as on the valley"),
    );
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_picture_draws_the_hand_tables_numbers() {
        use crate::hand::{GAIT, neighbours, walker};
        let svg = super::draw(&walker(), &neighbours(), &GAIT).svg();
        // The match-heading row of the hand table: wish, steering, its length, the cut push.
        for figure in ["1.440, -1.920", "-0.360, -2.520", "2.546", "-0.042, -0.297"] {
            assert!(svg.contains(figure), "{figure} is not in the picture");
        }
    }
}
