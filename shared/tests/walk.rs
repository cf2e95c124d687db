//! The walk by levels is the walk in roster order: on small random valleys, crowded, with
//! creatures piled on one cell, hard against the edges and many of them starving side by
//! side, the two walks leave every creature and every plant the same to the bit after every
//! tick; and no creature dies that was not at risk when its phase opened.

use world::base::Stream;
use world::base::streams::WALK_CASES;
use world::beast::act::at_risk;
use world::beast::{Creature, Design, Settings, World};
use world::lanes::Isa;

/// Valleys compared.
const VALLEYS: u64 = 200;
/// Ticks each valley runs.
const TICKS: u32 = 30;

/// Everything a creature is, as bits.
fn bits(c: &Creature) -> [u64; 5] {
    [c.x, c.y, c.heading, c.store, c.eaten].map(f64::to_bits)
}

/// A world on valley `seed` of the given size and crowd, walked by `design` on `crew`.
fn world(seed: u64, size: (usize, usize, usize), design: Design, crew: usize) -> World {
    let (cols, rows, crowd) = size;
    World::found(seed, cols, rows, crowd, design, Settings::new(crew, Isa::best()))
        .expect("the crowd fits")
}

/// Starves and piles up the crowd the same way in both worlds: a share of the creatures with
/// stores near empty, some of them moved onto a neighbour's cell, so that many die, side by
/// side and on shared cells.
fn stir(w: &mut World, s: &mut Stream, hungry: f64, piled: f64) {
    let n = w.roster.live.len();
    for i in 0..n {
        if s.chance(piled) {
            let j = s.index(n);
            let (x, y) = w.roster.live[j].cell();
            let c = &mut w.roster.live[i];
            (c.x, c.y) = (x as f64 + s.between(0.0, 1.0), y as f64 + s.between(0.0, 1.0));
        }
        if s.chance(hungry) {
            w.roster.live[i].store = s.between(0.0, 0.6);
        }
    }
}

#[test]
fn the_walk_by_levels_is_the_walk_in_roster_order_tick_by_tick() {
    // Deaths, creatures at risk, and levels large enough to be shared out among the crew.
    let (mut died, mut risky, mut shared) = (0, 0, 0);
    for v in 0..VALLEYS {
        let mut s = Stream::new(v, WALK_CASES);
        // One valley in four large enough for levels the crew shares out; the rest small.
        let (cols, rows) = if v % 4 == 0 {
            (40 + s.index(60), 30 + s.index(40))
        } else {
            (4 + s.index(30), 3 + s.index(20))
        };
        let ground = world::base::Valley::new(v, cols, rows).census()[0];
        if ground == 0 {
            continue;
        }
        let crowd = 1 + s.index(ground);
        let crew = [2, 3, 4, 7][s.index(4)];
        let (hungry, piled) = (s.between(0.1, 0.9), s.between(0.0, 0.5));
        let size = (cols, rows, crowd);
        let serial = Design { serial: true, ..Design::default() };
        let mut a = world(v, size, serial, crew);
        let mut b = world(v, size, Design::default(), crew);
        let seed = s.below(u64::MAX);
        stir(&mut a, &mut Stream::new(seed, WALK_CASES), hungry, piled);
        stir(&mut b, &mut Stream::new(seed, WALK_CASES), hungry, piled);
        for t in 0..TICKS {
            let at_risk_now: Vec<bool> = b.roster.live.iter().map(|c| at_risk(c.store)).collect();
            a.tick();
            b.tick();
            let at =
                format!("valley {v} ({cols}x{rows}, {crowd} creatures, crew {crew}), tick {t}");
            assert_eq!(a.roster.live.len(), b.roster.live.len(), "{at}: the living");
            for (i, (p, q)) in a.roster.live.iter().zip(&b.roster.live).enumerate() {
                assert_eq!(bits(p), bits(q), "{at}: creature {i}");
            }
            for (k, (p, q)) in a.hab.stands.iter().zip(&b.hab.stands).enumerate() {
                assert_eq!(p.mass.to_bits(), q.mass.to_bits(), "{at}: plant {k}");
            }
            let litter = |w: &World| w.hab.litter.iter().map(|g| g.to_bits()).collect::<Vec<_>>();
            assert_eq!(litter(&a), litter(&b), "{at}: the litter");
            assert_eq!(a.counts().tick, b.counts().tick, "{at}: the counts");
            for i in b.fallen() {
                assert!(at_risk_now[i], "{at}: creature {i} died but was not at risk");
                died += 1;
            }
            risky += at_risk_now.iter().filter(|&&r| r).count();
            let levels = b.levels().expect("the walk went by levels");
            shared += (0..levels.count()).filter(|&k| levels.level(k).len() >= 32).count();
        }
        assert_eq!(a.digest(), b.digest(), "valley {v}");
    }
    // The comparison means something only if many died, and more were at risk than died.
    assert!(died > 10_000, "only {died} deaths");
    assert!(risky > died, "{risky} at risk, {died} died");
    assert!(shared > 5000, "only {shared} levels were shared out");
}
