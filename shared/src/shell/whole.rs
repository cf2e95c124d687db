//! A whole-number flag's parser, [`Whole`]: its unit and its range, which clap asks it to check
//! and which its refusal, [`OutOfRange`], carries for code and tests to read back.

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::TypedValueParser;

/// A whole number of `unit` from `lo` to `hi`, for a clap `value_parser`, as the flag's own
/// integer type `T`: plain digits only, no sign, no spaces, so one rule holds for every
/// whole-number flag of every chapter. Its refusal says what would have been taken, as
/// `'abc' is not a whole number of ticks` or `99 ticks is out of range: give 1 to 10`, unless
/// [`Whole::saying`] words it otherwise.
pub struct Whole<T> {
    unit: &'static str,
    lo: u64,
    hi: u64,
    say: Option<fn(&OutOfRange) -> String>,
    // A parser of `T`, holding none: `fn() -> T` keeps it `Send`, `Sync` and `Copy` for any `T`.
    kind: PhantomData<fn() -> T>,
}

impl<T> Whole<T> {
    /// The numbers of `unit` from `lo` to `hi`, both taken.
    pub const fn new(unit: &'static str, lo: u64, hi: u64) -> Self {
        Whole { unit, lo, hi, say: None, kind: PhantomData }
    }

    /// The same numbers, refused in one sentence of the flag's own for whatever was given
    /// (a walker by its index, a round of the chapter), where "a whole number of" reads oddly.
    pub const fn saying(self, say: fn(&OutOfRange) -> String) -> Self {
        Whole { say: Some(say), ..self }
    }
}

impl<T: TryFrom<u64>> Whole<T> {
    /// `s` as a number this parser takes, or why not.
    pub fn read(&self, s: &str) -> Result<T, OutOfRange> {
        let n = s.parse::<u64>().ok().filter(|_| s.bytes().all(|b| b.is_ascii_digit()));
        let taken = n.filter(|n| (self.lo..=self.hi).contains(n)).and_then(|n| T::try_from(n).ok());
        taken.ok_or_else(|| {
            let mut refused = OutOfRange {
                given: s.to_string(),
                unit: self.unit,
                lo: self.lo,
                hi: self.hi,
                message: String::new(),
            };
            refused.message = match (self.say, n) {
                (Some(say), _) => say(&refused),
                (None, None) => format!("'{s}' is not a whole number of {}", self.unit),
                (None, Some(n)) => {
                    format!("{n} {} is out of range: give {} to {}", self.unit, self.lo, self.hi)
                }
            };
            refused
        })
    }
}

impl<T> Clone for Whole<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Whole<T> {}

impl<T> TypedValueParser for Whole<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    type Value = T;

    /// Clap's own reading of a `value_parser` function, so a refusal is the `ValueValidation`
    /// error it gives one (`invalid value 'abc' for '--ticks <TICKS>': …`), its source the
    /// [`OutOfRange`] that says the rest.
    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let whole = *self;
        (move |s: &str| whole.read(s)).parse_ref(cmd, arg, value)
    }
}

/// What a [`Whole`] refused: the text given, and the unit and range the parser takes, so that
/// code and tests read the range from the parser itself and not from its help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfRange {
    /// The value as given on the command line.
    pub given: String,
    /// What the number counts: "ticks", "walkers".
    pub unit: &'static str,
    /// The smallest number taken.
    pub lo: u64,
    /// The largest number taken.
    pub hi: u64,
    message: String,
}

impl std::fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for OutOfRange {}

/// A seed: any whole number from 0 up, by the same rule as every other whole-number flag.
pub const SEED: Whole<u64> = Whole::new("seed", 0, u64::MAX).saying(not_a_seed);

fn not_a_seed(r: &OutOfRange) -> String {
    format!("'{}' is not a seed: give a whole number from {} to {}", r.given, r.lo, r.hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TICKS: Whole<u32> = Whole::new("ticks", 1, 5);

    #[test]
    fn every_whole_number_is_plain_digits() {
        assert_eq!(TICKS.read("3"), Ok(3));
        assert_eq!(TICKS.read("005"), Ok(5));
        for bad in [" 3", "3 ", "+3", "-3", "3.0", "", "abc", "99999999999999999999"] {
            let refused = TICKS.read(bad).unwrap_err();
            assert_eq!(refused.to_string(), format!("'{bad}' is not a whole number of ticks"));
            assert!(SEED.read(bad).is_err(), "{bad}");
        }
        assert_eq!(
            TICKS.read("9").unwrap_err().to_string(),
            "9 ticks is out of range: give 1 to 5"
        );
        assert_eq!(
            TICKS.read("0").unwrap_err().to_string(),
            "0 ticks is out of range: give 1 to 5"
        );
        assert_eq!(SEED.read("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            SEED.read("-1").unwrap_err().to_string(),
            "'-1' is not a seed: give a whole number from 0 to 18446744073709551615"
        );
    }

    #[test]
    fn a_refusal_carries_the_range_and_the_unit() {
        let refused = TICKS.read("abc").unwrap_err();
        assert_eq!((refused.unit, refused.lo, refused.hi), ("ticks", 1, 5));
        assert_eq!(refused.given, "abc");
    }

    #[test]
    fn a_number_too_large_for_the_flags_type_is_refused_not_wrapped() {
        let byte: Whole<u8> = Whole::new("bytes", 0, 300);
        assert_eq!(byte.read("255"), Ok(255));
        assert!(byte.read("256").is_err());
    }

    #[test]
    fn clap_refuses_through_its_own_value_validation_with_the_refusal_as_source() {
        use std::error::Error;
        let cmd = clap::Command::new("demo")
            .arg(clap::Arg::new("ticks").long("ticks").value_parser(TICKS));
        let e = cmd.clone().try_get_matches_from(["demo", "--ticks", "9"]).unwrap_err();
        assert_eq!(e.kind(), clap::error::ErrorKind::ValueValidation);
        let refused = e.source().and_then(|s| s.downcast_ref::<OutOfRange>());
        assert_eq!(refused.map(|r| (r.lo, r.hi)), Some((1, 5)));
        assert!(e.to_string().starts_with(
            "error: invalid value '9' for '--ticks <ticks>': 9 ticks is out of range: give 1 to 5"
        ));
        let m = cmd.try_get_matches_from(["demo", "--ticks", "4"]).unwrap();
        assert_eq!(m.get_one::<u32>("ticks"), Some(&4));
    }
}
