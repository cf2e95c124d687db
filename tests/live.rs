//! The live pages' module (`book/src/live/world.wasm`) is the chapters' world, to the bit: run
//! in an interpreter, it gives the digests of the chapters' own native runs for the book's own
//! runs, and a module handed a parameter one bit off fails the same check. `LIVE_WASM=PATH`
//! checks another build of it instead (CI rebuilds it with Debian's Rust and checks that).

use wasmi::{Engine, Instance, Linker, Memory, Module, Store, WasmParams, WasmResults};

use bodies::design::Design as Law;
use world::base::digest;
use world::beast::design::SWITCHES;
use world::beast::{Design, Settings};
use world::flock::Herd;
use world::flock::near::{Buckets, Everybody, Mailboxes, Query};
use world::flock::{Listen, rules::Weights};
use world::lanes::Isa;

/// The module's bytes: the committed one, or the one `LIVE_WASM` names.
fn module() -> Vec<u8> {
    let path = std::env::var("LIVE_WASM").unwrap_or_else(|_| "book/src/live/world.wasm".into());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The module in an interpreter, with the few reads a test makes of its memory.
struct Page {
    store: Store<()>,
    instance: Instance,
    memory: Memory,
}

impl Page {
    fn load() -> Page {
        let bytes = module();
        let engine = Engine::default();
        let module = Module::new(&engine, &bytes).expect("a valid module");
        let mut store = Store::new(&engine, ());
        let instance = Linker::<()>::new(&engine)
            .instantiate_and_start(&mut store, &module)
            .expect("the module needs no imports");
        let memory = instance.get_memory(&store, "memory").expect("the module's memory");
        Page { store, instance, memory }
    }

    fn call<P: WasmParams, R: WasmResults>(&mut self, name: &str, params: P) -> R {
        let f = self.instance.get_typed_func::<P, R>(&self.store, name).expect(name);
        f.call(&mut self.store, params).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn bytes(&self, at: u32, n: usize) -> Vec<u8> {
        assert_ne!(at, 0, "a view at address 0: the module had no such world");
        self.memory.data(&self.store)[at as usize..][..n].to_vec()
    }

    fn f64s(&self, at: u32, n: usize) -> Vec<f64> {
        let b = self.bytes(at, 8 * n);
        b.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect()
    }

    fn digest(&mut self, call: &str, handle: u32) -> String {
        let at: u32 = self.call(call, handle);
        String::from_utf8(self.bytes(at, 16)).unwrap()
    }
}

#[test]
fn the_module_imports_nothing_and_fits_in_a_megabyte() {
    let bytes = module();
    assert!(bytes.len() <= 1 << 20, "{} bytes", bytes.len());
    let module = Module::new(&Engine::default(), &bytes).unwrap();
    assert_eq!(module.imports().count(), 0, "the page gives the module nothing");
}

/// The default a chapter's command line gives `flag` of subcommand `sub`.
fn default_of(cmd: clap::Command, sub: &str, flag: &str) -> String {
    let sub = cmd.find_subcommand(sub).unwrap_or_else(|| panic!("{sub}")).clone();
    let arg = sub.get_arguments().find(|a| a.get_id() == flag).unwrap_or_else(|| panic!("{flag}"));
    arg.get_default_values()[0].to_string_lossy().into_owned()
}

/// The numbers the page draws by come out of the module, and they are the chapters' own, the
/// command lines' defaults among them (the swarm's seed, the herd's walkers).
#[test]
fn the_page_reads_the_chapters_scenes_from_the_module() {
    use clap::CommandFactory;
    let mut page = Page::load();
    let mut f64_of = |call: &str| page.call::<(), f64>(call, ());
    let middle = bodies::pushes::MIDDLE;
    assert_eq!((f64_of("tether_middle_x"), f64_of("tether_middle_y")), (middle.x, middle.y));
    assert_eq!(f64_of("tether_out"), bodies::held::start().pos.x - middle.x);
    assert_eq!(f64_of("herd_cell"), world::base::CELL);
    let mut whole = |call: &str| page.call::<(), u32>(call, ()) as usize;
    assert_eq!(whole("swarm_size"), bodies::swarm::SWARM_SIZE);
    let seed = default_of(bodies::Cli::command(), "swarm", "seed");
    assert_eq!(whole("swarm_seed").to_string(), seed);
    use herd::scene as h;
    assert_eq!((whole("herd_cols"), whole("herd_rows")), (h::VALLEY_COLS, h::VALLEY_ROWS));
    assert_eq!(whole("herd_most") as u64, h::MOST_WALKERS);
    let walkers = default_of(herd::Cli::command(), "alone", "n");
    assert_eq!(whole("herd_walkers").to_string(), walkers);
    use crowd::scene as c;
    assert_eq!((whole("crowd_cols"), whole("crowd_rows")), (c::COLS, c::ROWS));
    let weights: Vec<f64> = (0..4).map(|k| page.call::<u32, f64>("herd_weight", k)).collect();
    assert_eq!(weights, [h::WEIGHTS.separate, h::WEIGHTS.align, h::WEIGHTS.cohere, 0.0]);
}

/// The tethered pair, every tick of `held --ticks 400`: both bodies' places, bit for bit.
#[test]
fn the_tethered_pair_is_helds_pair_on_every_tick() {
    let mut page = Page::load();
    let t: u32 = page.call("tether_new", ());
    for (tick, (now, was)) in bodies::held::swings(400, Law::default()).enumerate() {
        assert_eq!(page.call::<_, u32>("tether_step", (t, 1)), 1);
        let at: u32 = page.call("tether_view", t);
        let want = [now.pos.x, now.pos.y, was.pos.x, was.pos.y].map(f64::to_bits);
        let got: Vec<u64> = page.f64s(at, 4).into_iter().map(f64::to_bits).collect();
        assert_eq!(got, want, "tick {}", tick + 1);
    }
}

/// The swarm of `swarm` in the module against the chapter's, at the ticks its table shows.
fn swarm_agrees(page: &mut Page, seed_in_the_page: u32) -> Result<(), String> {
    let mut native = bodies::swarm::scatter(7);
    let s: u32 = page.call("swarm_new", seed_in_the_page);
    for tick in 1..=400 {
        bodies::swarm::advance(&mut native, &[], Law::default());
        page.call::<_, u32>("swarm_step", (s, 1));
        if [1, 10, 100, 400].contains(&tick) {
            let (want, got) = (digest::bodies(&native), page.digest("swarm_digest", s));
            if want != got {
                return Err(format!("tick {tick}: the module says {got}, the chapter {want}"));
            }
        }
    }
    page.call::<_, ()>("swarm_free", s);
    Ok(())
}

#[test]
fn the_swarm_is_the_chapters_swarm_and_another_seed_is_not() {
    let mut page = Page::load();
    swarm_agrees(&mut page, 7).unwrap();
    swarm_agrees(&mut page, 8).unwrap_err();
}

/// The herd of `alone --rule all` (`designs`' run, 400 ticks) in the module, asked by `asks`
/// (the page's number for a query), against the chapter's with `query`: the digest and the
/// distance tests, which are counts and so equal exactly. `separate` is what the page is given
/// for the first weight.
fn herd_agrees(
    page: &mut Page,
    asks: u32,
    three: bool,
    query: Box<dyn Query>,
    separate: f64,
) -> Result<(), String> {
    use herd::scene::{RADIUS, VALLEY_COLS, VALLEY_ROWS, VALLEY_SEED, WEIGHTS};
    let listen = if three { Listen::ThreePasses } else { Listen::OnePass };
    let mut native = Herd::new(VALLEY_SEED, 120, VALLEY_COLS, VALLEY_ROWS, WEIGHTS, RADIUS, query)
        .listening(listen);
    let Weights { align, cohere, .. } = WEIGHTS;
    let h: u32 = page.call("herd_new", (120u32, separate, align, cohere, asks, u32::from(three)));
    assert_ne!(h, 0, "the module founds the herd");
    for _ in 0..400 {
        native.tick().unwrap();
    }
    assert_eq!(page.call::<_, u32>("herd_step", (h, 400)), 1);
    let (want, got) = (digest::bodies(&native.bodies), page.digest("herd_digest", h));
    let (tests, counted) = (native.query.count() as f64, page.call::<_, f64>("herd_tests", h));
    page.call::<_, ()>("herd_free", h);
    if want != got || tests != counted {
        return Err(format!(
            "the module says {got} after {counted} tests, the chapter {want} after {tests}"
        ));
    }
    Ok(())
}

#[test]
fn the_herd_is_the_chapters_herd_under_every_query_and_a_weight_a_bit_off_is_not() {
    use herd::scene::{VALLEY_COLS as C, VALLEY_ROWS as R, WEIGHTS};
    let cell = world::base::CELL;
    let mut page = Page::load();
    let s = WEIGHTS.separate;
    herd_agrees(&mut page, 0, false, Box::new(Mailboxes::new(C, R, cell)), s).unwrap();
    herd_agrees(&mut page, 1, true, Box::new(Buckets::new(C, R, cell)), s).unwrap();
    herd_agrees(&mut page, 2, false, Box::new(Everybody::default()), s).unwrap();
    let off = f64::from_bits(s.to_bits() + 1);
    herd_agrees(&mut page, 0, false, Box::new(Mailboxes::new(C, R, cell)), off).unwrap_err();
}

#[test]
fn the_module_refuses_a_herd_out_of_bounds() {
    let mut page = Page::load();
    for (n, w) in [(0u32, 1.0), (2001, 1.0), (120, -0.5), (120, f64::NAN), (120, 11.0)] {
        assert_eq!(page.call::<_, u32>("herd_new", (n, w, 1.0, 1.0, 0u32, 0u32)), 0, "{n} {w}");
    }
    assert_eq!(page.call::<_, u32>("herd_new", (120u32, 1.0, 1.0, 1.0, 3u32, 0u32)), 0);
    assert_eq!(page.call::<_, u32>("herd_step", (99u32, 1u32)), 0, "no such herd");
}

// ANCHOR: crowds
/// The chapter's crowd under `design`, natively on two threads and the best instructions, and
/// the module's under its number `which` on one thread and the plain ones: their digests after
/// `ticks`.
fn crowds(page: &mut Page, which: i32, design: Design, ticks: u32) -> (String, String) {
    let settings = Settings::new(2, Isa::best());
    let mut native =
        crowd::scene::found(crowd::scene::CROWD, crowd::scene::ROWS, design, settings).unwrap();
    for _ in 0..ticks {
        native.tick();
    }
    let c: u32 = page.call("crowd_new", which);
    assert_ne!(c, 0, "the module founds design {which}");
    page.call::<_, u32>("crowd_step", (c, ticks));
    let got = page.digest("crowd_digest", c);
    page.call::<_, ()>("crowd_free", c);
    (native.digest(), got)
}
// ANCHOR_END: crowds

/// The book's run, `spend --ticks 120`, as it stands and as first wired, and the two rules
/// that move the digest, each to its own.
#[test]
fn the_crowd_is_the_chapters_crowd_over_the_books_120_ticks() {
    let mut page = Page::load();
    let named = |n: &str| SWITCHES.iter().position(|s| s.name == n).unwrap() as i32;
    let rule = |n: &str| {
        let mut d = Design::default();
        *(SWITCHES[named(n) as usize].field)(&mut d) = true;
        (named(n), d)
    };
    let (hasty, loose) = (rule("hasty"), rule("loose"));
    let mut digests = Vec::new();
    for (which, design) in [(-1, Design::default()), (-2, Design::was()), hasty, loose] {
        let (want, got) = crowds(&mut page, which, design, 120);
        assert_eq!(got, want, "design {which}");
        digests.push(got);
    }
    assert_eq!(digests[0], digests[1], "as first wired is the same run");
    assert!(digests[2] != digests[0] && digests[3] != digests[0], "the rules move it");
}

/// Every switch alone, over a few ticks: the page lists them all.
#[test]
fn every_switch_in_the_module_is_the_chapters_switch() {
    let mut page = Page::load();
    for (i, s) in SWITCHES.iter().enumerate() {
        let mut d = Design::default();
        *(s.field)(&mut d) = true;
        let (want, got) = crowds(&mut page, i as i32, d, 4);
        assert_eq!(got, want, "--{}", s.name);
    }
    assert_eq!(page.call::<_, u32>("crowd_new", SWITCHES.len() as i32), 0, "no such switch");
    assert_eq!(page.call::<_, u32>("crowd_new", -3), 0);
    let at: u32 = page.call("crowd_switches", ());
    let len: u32 = page.call("crowd_switches_len", ());
    let table = String::from_utf8(page.bytes(at, len as usize)).unwrap();
    assert_eq!(table, live::crowd::table());
    assert_eq!(table.lines().count(), SWITCHES.len());
}

/// The valleys the page paints are the chapters' valleys, cell by cell, row by row.
#[test]
fn the_valleys_are_the_chapters_valleys() {
    use world::base::{Land, Valley};
    let mut page = Page::load();
    let scenes = [
        ("herd_land", herd::scene::VALLEY_SEED, herd::scene::VALLEY_COLS, herd::scene::VALLEY_ROWS),
        ("crowd_land", crowd::scene::SEED, crowd::scene::COLS, crowd::scene::ROWS),
    ];
    for (call, seed, cols, rows) in scenes {
        let at: u32 = page.call(call, ());
        let land = page.bytes(at, cols * rows);
        let v = Valley::new(seed, cols, rows);
        for (i, &l) in land.iter().enumerate() {
            let want = match v.at((i % cols) as i64, (i / cols) as i64) {
                Land::Ground => 0,
                Land::Water => 1,
                Land::Rock => 2,
            };
            assert_eq!(l, want, "{call}: cell {} of row {}", i % cols, i / cols);
        }
        assert!(land.contains(&0) && land.contains(&1), "{call}: ground and water");
    }
}

/// What the page draws is the chapters' worlds: every view, bit for bit, after some ticks.
#[test]
fn every_view_is_the_chapters_world() {
    use herd::scene::{RADIUS, VALLEY_COLS, VALLEY_ROWS, VALLEY_SEED, WEIGHTS};
    let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<u64>>();
    let mut page = Page::load();

    let mut swarm = bodies::swarm::scatter(7);
    let s: u32 = page.call("swarm_new", 7u32);
    for _ in 0..50 {
        bodies::swarm::advance(&mut swarm, &[], Law::default());
    }
    page.call::<_, u32>("swarm_step", (s, 50u32));
    let at: u32 = page.call("swarm_view", s);
    let want: Vec<f64> = swarm.iter().flat_map(|b| [b.pos.x, b.pos.y]).collect();
    assert_eq!(bits(&page.f64s(at, want.len())), bits(&want), "the swarm");

    let query = Mailboxes::new(VALLEY_COLS, VALLEY_ROWS, world::base::CELL);
    let mut herd = Herd::new(VALLEY_SEED, 120, VALLEY_COLS, VALLEY_ROWS, WEIGHTS, RADIUS, query);
    let Weights { separate, align, cohere } = WEIGHTS;
    let h: u32 = page.call("herd_new", (120u32, separate, align, cohere, 0u32, 0u32));
    for _ in 0..50 {
        herd.tick().unwrap();
    }
    page.call::<_, u32>("herd_step", (h, 50u32));
    let at: u32 = page.call("herd_view", h);
    let want: Vec<f64> =
        herd.bodies.iter().flat_map(|w| [w.pos, w.vel]).flat_map(|v| [v.x, v.y]).collect();
    assert_eq!(bits(&page.f64s(at, want.len())), bits(&want), "the herd");

    let settings = Settings::new(1, Isa::best());
    let mut w =
        crowd::scene::found(crowd::scene::CROWD, crowd::scene::ROWS, Design::default(), settings)
            .unwrap();
    let c: u32 = page.call("crowd_new", -1i32);
    for _ in 0..30 {
        w.tick();
    }
    page.call::<_, u32>("crowd_step", (c, 30u32));
    let alive: u32 = page.call("crowd_alive", c);
    assert_eq!(alive as usize, w.roster.live.len());
    let at: u32 = page.call("crowd_view", c);
    let want: Vec<f64> = w.roster.live.iter().flat_map(|k| [k.x, k.y, k.heading]).collect();
    assert_eq!(bits(&page.f64s(at, want.len())), bits(&want), "the crowd");
    let plants: u32 = page.call("crowd_plant_count", c);
    assert_eq!(plants as usize, w.hab.stands.len());
    let at: u32 = page.call("crowd_plants", c);
    let stands = w.hab.stands.iter();
    let want: Vec<f64> = stands.flat_map(|p| [p.x as f64, p.y as f64, p.mass.get()]).collect();
    assert_eq!(bits(&page.f64s(at, want.len())), bits(&want), "the plants");
}

/// A herd weighed while it runs: to its own weights it stays the book's herd; to others at
/// tick 100 it is the chapter's herd weighed so at the same tick; out of bounds, the module
/// refuses and nothing changes.
#[test]
fn a_herd_weighed_as_it_runs_is_the_chapters_herd_weighed_alike() {
    use herd::scene::{RADIUS, VALLEY_COLS, VALLEY_ROWS, VALLEY_SEED, WEIGHTS};
    let mut page = Page::load();
    let Weights { separate, align, cohere } = WEIGHTS;
    let other = Weights { separate: 0.0, align: 2.5, cohere: 0.3 };
    for (to, weigh) in
        [(WEIGHTS, true), (other, true), (Weights { separate: -1.0, ..other }, false)]
    {
        let query = Mailboxes::new(VALLEY_COLS, VALLEY_ROWS, world::base::CELL);
        let mut native =
            Herd::new(VALLEY_SEED, 120, VALLEY_COLS, VALLEY_ROWS, WEIGHTS, RADIUS, query);
        let h: u32 = page.call("herd_new", (120u32, separate, align, cohere, 0u32, 0u32));
        for tick in 0..300 {
            if tick == 100 && weigh {
                native.weigh(to);
            }
            native.tick().unwrap();
        }
        page.call::<_, u32>("herd_step", (h, 100u32));
        let said: u32 = page.call("herd_weigh", (h, to.separate, to.align, to.cohere));
        assert_eq!(said, u32::from(weigh), "{to:?}");
        page.call::<_, u32>("herd_step", (h, 200u32));
        assert_eq!(page.digest("herd_digest", h), digest::bodies(&native.bodies), "{to:?}");
        page.call::<_, ()>("herd_free", h);
    }
}

/// A world that cannot be made is a 0, never a stopped module: the page's memory held to 256 MiB,
/// crowds are founded until one is refused, and the module goes on answering. And a handle let
/// go is never given to the next world, so a page holding it finds nothing behind it.
#[test]
fn a_crowd_with_no_room_left_is_a_0_and_a_freed_handle_is_not_given_again() {
    let bytes = module();
    let engine = Engine::default();
    let module = Module::new(&engine, &bytes).expect("a valid module");
    let limits = wasmi::StoreLimitsBuilder::new().memory_size(256 << 20).build();
    let mut store = Store::new(&engine, limits);
    store.limiter(|l| l);
    let instance = Linker::new(&engine)
        .instantiate_and_start(&mut store, &module)
        .expect("the module needs no imports");
    let new = instance.get_typed_func::<i32, u32>(&store, "crowd_new").unwrap();
    let free = instance.get_typed_func::<u32, ()>(&store, "crowd_free").unwrap();
    let mut made = Vec::new();
    let refused = loop {
        let h = new.call(&mut store, -1).expect("crowd_new stopped the module");
        if h == 0 {
            break made.len();
        }
        made.push(h);
        assert!(made.len() < 200, "256 MiB never ran out");
    };
    assert!(refused >= 1, "not one crowd fitted");
    // The module still answers: one let go makes room for one more, under a new handle.
    let last = made.pop().unwrap();
    free.call(&mut store, last).unwrap();
    let again = new.call(&mut store, -1).unwrap();
    assert_ne!(again, 0, "the room one crowd left is not found again");
    assert!(!made.contains(&again) && again != last, "handle {again} given out twice");
    assert_eq!(new.call(&mut store, 7_000).unwrap(), 0, "no such design");
}
