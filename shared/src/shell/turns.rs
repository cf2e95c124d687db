//! The one paired clock every chapter's timings use. Rows take turns, round after round, so a
//! slow spell of a shared machine falls on every row alike; a row's time is its best turn, and
//! a row against another is the middle of their round-by-round ratios, each taken between two
//! turns a moment apart, which found the machine in the same state where two best turns may not
//! have.
//!
//! So a ratio need not be the quotient of the two best times shown beside it: the best turns may
//! come from different rounds.

/// What the rows' turns measured: `times[r][k]` is row `r`'s time in round `k`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Turns {
    /// Each row's time in every round, in the unit its caller chose.
    pub times: Vec<Vec<f64>>,
}

impl Turns {
    /// Takes `rows` rows in turns for `rounds` rounds, row 0 first in every round: `turn(r)`
    /// runs one turn of row `r` and gives its time.
    pub fn take<E>(
        rows: usize,
        rounds: usize,
        mut turn: impl FnMut(usize) -> Result<f64, E>,
    ) -> Result<Turns, E> {
        let mut times = vec![Vec::with_capacity(rounds); rows];
        for _ in 0..rounds {
            for (r, mine) in times.iter_mut().enumerate() {
                mine.push(turn(r)?);
            }
        }
        Ok(Turns { times })
    }

    /// Row `r`'s best turn: a row a busy machine slowed in one turn is not judged by it.
    pub fn best(&self, r: usize) -> f64 {
        best(&self.times[r])
    }

    /// How many times as long row `a` took as row `b`: the middle of their paired ratios.
    pub fn ratio(&self, a: usize, b: usize) -> f64 {
        paired(&self.times[a], &self.times[b])
    }
}

/// The least of a row's times.
pub fn best(times: &[f64]) -> f64 {
    times.iter().copied().fold(f64::INFINITY, f64::min)
}

/// The middle of the ratios `a[k] / b[k]`, round by round (the upper middle for an even count).
pub fn paired(a: &[f64], b: &[f64]) -> f64 {
    let mut each: Vec<f64> = a.iter().zip(b).map(|(a, b)| a / b).collect();
    each.sort_by(f64::total_cmp);
    each.get(each.len() / 2).copied().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_its_best_turn_and_a_ratio_the_middle_of_the_paired_ones() {
        // The first row had one lucky turn, in round 1, when the second did not: the best turns
        // say the two are equally fast, but turn for turn the first took twice as long.
        let t = Turns { times: vec![vec![4.0, 2.0, 4.0, 4.4, 3.6], vec![2.0; 5]] };
        assert_eq!((t.best(0), t.best(1)), (2.0, 2.0));
        assert_eq!(t.ratio(0, 1), 2.0);
        assert_eq!(t.ratio(1, 0), 0.5);
        assert!(paired(&[], &[]).is_nan());
    }

    #[test]
    fn rows_take_their_turns_round_after_round_in_order() {
        let mut order = Vec::new();
        let t = Turns::take::<()>(3, 2, |r| {
            order.push(r);
            Ok(order.len() as f64)
        })
        .unwrap();
        assert_eq!(order, [0, 1, 2, 0, 1, 2]);
        assert_eq!(t.times, vec![vec![1.0, 4.0], vec![2.0, 5.0], vec![3.0, 6.0]]);
        assert_eq!(Turns::take(2, 3, |r| if r == 1 { Err("no") } else { Ok(1.0) }), Err("no"));
    }
}
