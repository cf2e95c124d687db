//! Floats written out in full, for the lines where the last digit is the point.

/// A float to 17 significant digits, enough to tell any two doubles apart.
pub fn sig17(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let int_digits = libm::floor(libm::log10(x.abs())) as i32 + 1;
    let decimals = (17 - int_digits).max(0) as usize;
    format!("{x:.decimals$}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn sig17_counts_digits_not_decimals() {
        assert_eq!(super::sig17(111.0966136493531), "111.09661364935310");
        assert_eq!(super::sig17(0.4), "0.40000000000000002");
        assert_eq!(super::sig17(-0.4), "-0.40000000000000002");
    }
}
