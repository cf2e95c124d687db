//! The walk by levels and the walk by bands are the walk in roster order: on small random
//! valleys, crowded, with creatures piled on one cell, hard against the edges, many of them
//! starving side by side, and in some valleys the whole crowd drawn onto two rows (so that
//! every creature stands on one seam, or one band holds them all and the others none), the
//! three walks leave every creature and every plant the same to the bit after every tick; and
//! no creature dies that was not at risk when its phase opened.

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

/// Draws the whole crowd onto rows `y` and `y + 1` (each creature keeps its column), so that
/// the bands meet on one seam with everyone on it, or one band takes every creature.
fn row_up(w: &mut World, s: &mut Stream, y: usize) {
    for c in &mut w.roster.live {
        c.y = (y + s.index(2)) as f64 + s.between(0.0, 1.0);
    }
}

/// Holds world `w` to world `a`, the walk in roster order, after a tick: every creature,
/// plant and cell of litter the same to the bit, and the same counts.
fn same(a: &World, w: &World, at: &str) {
    assert_eq!(a.roster.live.len(), w.roster.live.len(), "{at}: the living");
    for (i, (p, q)) in a.roster.live.iter().zip(&w.roster.live).enumerate() {
        assert_eq!(bits(p), bits(q), "{at}: creature {i}");
    }
    for (k, (p, q)) in a.hab.stands.iter().zip(&w.hab.stands).enumerate() {
        assert_eq!(p.mass.get().to_bits(), q.mass.get().to_bits(), "{at}: plant {k}");
    }
    let litter = |w: &World| w.hab.litter.iter().map(|g| g.to_bits()).collect::<Vec<_>>();
    assert_eq!(litter(a), litter(w), "{at}: the litter");
    assert_eq!(a.counts().tick, w.counts().tick, "{at}: the counts");
}

#[test]
fn the_walks_by_levels_and_by_bands_are_the_walk_in_roster_order_tick_by_tick() {
    // Deaths, creatures at risk, levels large enough to be shared out among the crew,
    // creatures on a seam and those of them that waited for another band.
    let (mut died, mut risky, mut shared, mut seams, mut waits) = (0, 0, 0, 0, 0);
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
        let levels = Design { levels: true, ..Design::default() };
        let mut a = world(v, size, serial, crew);
        let mut b = world(v, size, levels, crew);
        let mut c = world(v, size, Design::default(), crew);
        let seed = s.below(u64::MAX);
        // One valley in eight has its crowd drawn onto two rows: in the middle, where the
        // bands meet, or at the top, where the first band takes them all.
        let rowed = (v % 8 == 3).then_some(if v % 16 == 3 { rows / 2 } else { 0 });
        for w in [&mut a, &mut b, &mut c] {
            let mut s = Stream::new(seed, WALK_CASES);
            stir(w, &mut s, hungry, piled);
            if let Some(y) = rowed {
                row_up(w, &mut s, y.min(rows - 2));
            }
        }
        for t in 0..TICKS {
            let at_risk_now: Vec<bool> = c.roster.live.iter().map(|c| at_risk(c.store)).collect();
            a.tick();
            b.tick();
            c.tick();
            let at =
                format!("valley {v} ({cols}x{rows}, {crowd} creatures, crew {crew}), tick {t}");
            same(&a, &b, &format!("{at}, by levels"));
            same(&a, &c, &format!("{at}, by bands"));
            for i in c.fallen() {
                assert!(at_risk_now[i], "{at}: creature {i} died but was not at risk");
                died += 1;
            }
            risky += at_risk_now.iter().filter(|&&r| r).count();
            let levels = b.levels().expect("the walk went by levels");
            shared += (0..levels.count()).filter(|&k| levels.level(k).len() >= 32).count();
            let bands = c.bands().expect("the walk went by bands");
            let (on, waited) = bands.on_seams();
            (seams, waits) = (seams + on, waits + waited);
        }
        assert_eq!(a.digest(), b.digest(), "valley {v}, by levels");
        assert_eq!(a.digest(), c.digest(), "valley {v}, by bands");
    }
    // The comparison means something only if many died, more were at risk than died, and
    // many creatures stood on seams and waited for another band.
    assert!(died > 10_000, "only {died} deaths");
    assert!(risky > died, "{risky} at risk, {died} died");
    assert!(shared > 5000, "only {shared} levels were shared out");
    assert!(seams > 1_000_000, "only {seams} creatures on seams");
    assert!(waits > 500_000, "only {waits} creatures waited for another band");
}

#[test]
fn the_waits_of_the_walk_by_bands_are_enough_and_one_creature_fewer_is_not() {
    // Each valley walked by bands on one thread, every band as far ahead of the roster as its
    // waits let it: with the waits as they are it is the walk in roster order; with every
    // wait one creature short it is not, in most crowded valleys.
    let (mut valleys, mut broken) = (0, 0);
    for v in 0..40 {
        let mut s = Stream::new(v, WALK_CASES);
        let (cols, rows) = (20 + s.index(40), 30 + s.index(30));
        let ground = world::base::Valley::new(v, cols, rows).census()[0];
        let crowd = ground / 2 + 1;
        let crew = [2, 3, 4][s.index(3)];
        let size = (cols, rows, crowd);
        let serial = Design { serial: true, ..Design::default() };
        let mut a = world(v, size, serial, crew);
        let mut b = world(v, size, Design::default(), crew);
        let mut c = world(v, size, Design::default(), crew);
        b.strain(false);
        c.strain(true);
        let seed = s.below(u64::MAX);
        for w in [&mut a, &mut b, &mut c] {
            stir(w, &mut Stream::new(seed, WALK_CASES), 0.9, 0.5);
        }
        let mut differ = false;
        for _ in 0..20 {
            a.tick();
            b.tick();
            c.tick();
            assert_eq!(a.counts().tick, b.counts().tick, "valley {v}: the waits were not enough");
            differ |= a.counts().tick != c.counts().tick;
        }
        assert_eq!(a.digest(), b.digest(), "valley {v}: the waits were not enough");
        valleys += 1;
        broken += usize::from(differ || a.digest() != c.digest());
    }
    assert!(broken * 4 >= valleys * 3, "one creature short broke only {broken} of {valleys}");
}
