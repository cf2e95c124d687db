//! A line as a chart can show it: cut where it leaves the plotting area, and thinned to the
//! points its pixels show. Both work in placed values (an axis's own units, or their logarithm),
//! before `plotters` turns them into pixels.

/// The plotting area in placed values: from and to across, from and to up.
pub(super) type Bounds = ((f64, f64), (f64, f64));

/// Whether a point lies inside the bounds, edges included.
pub(super) fn within((x, y): (f64, f64), ((x0, x1), (y0, y1)): Bounds) -> bool {
    x >= x0 && x <= x1 && y >= y0 && y <= y1
}

/// The parts of a line that lie inside the chart. A segment that crosses the edge is cut where
/// it crosses; a missing point (off a logarithmic axis, or not a number) breaks the line. The
/// SVG backend draws wherever it is told, so without this a line that leaves the chart would
/// run over the numbers on the axes.
pub(super) fn clip(points: &[Option<(f64, f64)>], bounds: Bounds) -> Vec<Vec<(f64, f64)>> {
    let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut open = false;
    for pair in points.windows(2) {
        let (Some(a), Some(b)) = (pair[0], pair[1]) else {
            open = false;
            continue;
        };
        match cut(a, b, bounds) {
            Some((p, q)) => {
                let last = runs.last_mut().and_then(|r| r.last().copied());
                if open && last == Some(p) {
                    runs.last_mut().expect("an open run exists").push(q);
                } else {
                    runs.push(vec![p, q]);
                }
                open = q == b;
            }
            None => open = false,
        }
    }
    if points.len() == 1
        && let Some(p) = points[0].filter(|p| within(*p, bounds))
    {
        runs.push(vec![p]);
    }
    runs
}

/// The part of the segment from `a` to `b` inside the bounds (Liang and Barsky's clip), or
/// nothing when it misses them.
fn cut(
    a: (f64, f64),
    b: (f64, f64),
    ((x0, x1), (y0, y1)): Bounds,
) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [(-dx, a.0 - x0), (dx, x1 - a.0), (-dy, a.1 - y0), (dy, y1 - a.1)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    // A cut point lies on the edge, but between two points far off the chart the sum below
    // loses the edge to rounding (a jump from -1e27 to 1e28 px misses it by some 1e11 px), so
    // the point is held to the bounds it cannot mathematically leave.
    let at = |t: f64| {
        if t == 0.0 {
            a
        } else if t == 1.0 {
            b
        } else {
            ((a.0 + dx * t).clamp(x0, x1), (a.1 + dy * t).clamp(y0, y1))
        }
    };
    Some((at(t0), at(t1)))
}

/// A line of far more points than the chart has pixel `columns` across, cut down to what can be seen:
/// in each pixel column its first, lowest, highest and last point, in their order. Drawn, it
/// covers the same pixels; written out, it stays a few thousand points however long the run.
pub(super) fn thin(
    points: Vec<Option<(f64, f64)>>,
    (x0, x1): (f64, f64),
    columns: usize,
) -> Vec<Option<(f64, f64)>> {
    if points.len() <= 4 * columns {
        return points;
    }
    let column = |x: f64| (((x - x0) / (x1 - x0)).clamp(0.0, 1.0) * columns as f64) as usize;
    let mut kept = Vec::new();
    let mut at = 0;
    while at < points.len() {
        let Some(first) = points[at] else {
            kept.push(None);
            at += 1;
            continue;
        };
        // The run of points that fall in this column without a break.
        let end = (at..points.len())
            .find(|&i| points[i].is_none_or(|p| column(p.0) != column(first.0)))
            .unwrap_or(points.len());
        let run: Vec<(usize, (f64, f64))> =
            (at..end).filter_map(|i| Some((i, points[i]?))).collect();
        let low = run.iter().min_by(|a, b| a.1.1.total_cmp(&b.1.1)).map(|p| p.0);
        let high = run.iter().max_by(|a, b| a.1.1.total_cmp(&b.1.1)).map(|p| p.0);
        let mut picks: Vec<usize> =
            [Some(at), low, high, Some(end - 1)].into_iter().flatten().collect();
        picks.sort_unstable();
        picks.dedup();
        kept.extend(picks.into_iter().map(|i| points[i]));
        at = end;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_leaves_the_chart_is_cut_at_its_edge() {
        let b = ((0.0, 10.0), (0.0, 10.0));
        let pts =
            [Some((0.0, 5.0)), Some((10.0, 15.0)), Some((10.0, 20.0)), None, Some((1.0, 1.0))];
        assert_eq!(clip(&pts, b), vec![vec![(0.0, 5.0), (5.0, 10.0)]]);
        let back = [Some((0.0, 20.0)), Some((4.0, 0.0)), Some((6.0, 6.0))];
        assert_eq!(clip(&back, b), vec![vec![(2.0, 10.0), (4.0, 0.0), (6.0, 6.0)]]);
        assert!(clip(&[Some((0.0, 11.0)), Some((10.0, 12.0))], b).is_empty());
    }

    #[test]
    fn a_long_line_is_thinned_to_what_its_pixels_show() {
        let wave: Vec<Option<(f64, f64)>> =
            (0..100_000).map(|i| Some((f64::from(i), f64::from(i % 7)))).collect();
        let thin = thin(wave, (0.0, 100_000.0), 760);
        assert!(thin.len() <= 4 * 760, "{}", thin.len());
        let ys: Vec<f64> = thin.iter().flatten().map(|p| p.1).collect();
        assert!(ys.contains(&0.0) && ys.contains(&6.0));
        assert_eq!(thin.first(), Some(&Some((0.0, 0.0))));
        assert_eq!(thin.last(), Some(&Some((99_999.0, f64::from(99_999 % 7)))));
    }
}
