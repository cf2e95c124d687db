use herd::scene::{Listen, crowd, valley_crowd};
use std::time::Instant;
use world::near::Mailboxes;
use world::terra::CELL;

fn main() {
    let alone = std::env::var("ALONE").is_ok();
    let only: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let sizes = if only.is_empty() { vec![2048usize, 8192, 0] } else { only };
    for n in sizes {
        let mut h = if n > 0 {
            crowd(n, |c, r| Mailboxes::new(c, r, CELL))
        } else {
            valley_crowd(|c, r| Mailboxes::new(c, r, CELL))
        }
        .listening({
            let _ = alone;
            Listen::OnePass
        });
        for _ in 0..5 {
            h.tick().unwrap();
        }
        let mut b = f64::MAX;
        for _ in 0..7 {
            let t = Instant::now();
            for _ in 0..60 {
                h.tick().unwrap();
            }
            b = b.min(t.elapsed().as_secs_f64() * 1e3 / 60.0);
        }
        println!("{n}: tick {b:.3} ms");
    }
}
