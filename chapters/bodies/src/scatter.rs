//! Where the swarm starts: twenty-four bodies drawn off one numbered stream. The scatter is the
//! library's (`world::base::window`), where the book's live page takes it too, so the page
//! starts the same swarm in a browser.

pub use world::base::window::{SWARM_SIZE, scatter};
