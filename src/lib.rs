//! The book check lives in this package's `blocks` module and `tests/`.
