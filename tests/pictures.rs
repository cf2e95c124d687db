//! The real book's pictures each carry their own size and load lazily (see `src/pictures.rs`,
//! whose own tests show the check failing on made-up pages).

#[test]
fn every_picture_in_the_book_has_its_own_size_and_loads_lazily() {
    let here = theworld::repo::find(&std::env::current_dir().unwrap()).unwrap();
    let problems = theworld::pictures::check(&here);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
