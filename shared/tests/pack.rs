//! Four brains thinking in lanes against each thinking alone: the same bits, for many drawn
//! brains and rows, on every instruction set this CPU runs, through the whole pass and through
//! its two halves; and one brain thinking with its units in lanes, the same again.

use world::base::Stream;
use world::beast::Brain;
use world::beast::kind::{HIDDEN, INPUTS};
use world::beast::think::pack::{Each, LANES, Pack};
use world::lanes::Isa;

/// Packs drawn: enough brains for a crowd several times the chapter's.
const PACKS: usize = if cfg!(debug_assertions) { 500 } else { 5_000 };

/// A row like the sensor's most of the time (numbers near [-1, 1]), and now and then one
/// whose sums run far into tanh's flat ends, or an empty one.
fn row(s: &mut Stream) -> [f64; INPUTS] {
    let scale = match s.index(8) {
        0 => 40.0,
        1 => 0.0,
        2 => 1e-3,
        _ => 1.5,
    };
    std::array::from_fn(|_| s.between(-scale, scale))
}

#[test]
fn packs_think_what_their_brains_think() {
    let mut s = Stream::new(1, world::base::streams::PACK_ROWS);
    let isas = Isa::every();
    for _ in 0..PACKS {
        let brains: Vec<Brain> = (0..LANES).map(|_| Brain::draw(&mut s)).collect();
        let pack = Pack::new(&brains);
        let rows: Each<[f64; INPUTS]> = std::array::from_fn(|_| row(&mut s));
        let whole: Vec<_> = brains.iter().zip(&rows).map(|(b, r)| b.think(r)).collect();
        let sums: Each<[f64; HIDDEN]> = std::array::from_fn(|l| brains[l].settled(&rows[l]));
        for &isa in &isas {
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            let name = isa.name();
            let thought = pack.think(isa, &rows);
            let settled = pack.settled(isa, &rows);
            let finished = pack.finish(isa, &settled, &rows);
            for l in 0..LANES {
                assert_eq!(bits(&thought[l]), bits(&whole[l]), "{name}: think, lane {l}");
                assert_eq!(bits(&settled[l]), bits(&sums[l]), "{name}: settled, lane {l}");
                assert_eq!(bits(&finished[l]), bits(&whole[l]), "{name}: finish, lane {l}");
                let one = brains[l].finish_in(isa, &sums[l], &rows[l]);
                assert_eq!(bits(&one), bits(&whole[l]), "{name}: finish_in, lane {l}");
                let one = brains[l].think_in(isa, &rows[l]);
                assert_eq!(bits(&one), bits(&whole[l]), "{name}: think_in, lane {l}");
            }
        }
    }
}
