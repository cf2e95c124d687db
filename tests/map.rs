//! The map has no cycle: in the library and in every chapter, no module uses, through any chain
//! of others, a module that uses it. Each crate's modules are read from their source files by
//! `syn`, the parser Rust's own macros use, following the `mod` items (and any `#[path]` on
//! them) from the crate's root. Every path a module names becomes an edge to the module that
//! holds what the path names, through any `pub use` that re-exports it: its `use` items,
//! grouped or not, and the `crate::`, `super::` and `self::` paths written in its code,
//! macros' arguments among them. Tests (`#[cfg(test)]` items) are left out: a test may reach
//! anywhere. A `mod` item, and a `pub use` that re-exports a member, are how a folder lists
//! its members, not uses; a `pub use` of anything else is a use. Nor may two folders use each
//! other, even through files that make no cycle of their own.
//!
//! Between crates the map runs one way, read from the same imports: the library (everything
//! under `shared/`) names no chapter and compiles no chapter's file, and no chapter names
//! another or the book check above them.
//!
//! The same reading of the sources holds the one register of random streams to its promise:
//! no stream is drawn by a number the register does not name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::buffer::{Cursor, TokenBuffer};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Attribute, Expr, ImplItem, Item, Token, TraitItem, UseTree, Visibility};

/// A module: the file it is in, the children its `mod` items declare, what it names (its `use`
/// items and the paths in its code, tests left out), and the names it re-exports with where
/// they lead.
#[derive(Debug, Default)]
struct Module {
    file: PathBuf,
    children: Vec<String>,
    uses: Vec<Use>,
    paths: Vec<Vec<String>>,
    reexports: BTreeMap<String, Vec<String>>,
}

/// A crate's modules by their path from its root (`["beast", "view", "flat"]`).
type Crate = BTreeMap<Vec<String>, Module>;

/// A map: each module with the modules it uses.
type Graph = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

/// One `use` item, as written: whether it re-exports, and the paths it names (a group
/// expanded, `self` in a group naming the group's own path), each with the name it binds.
#[derive(Debug, PartialEq)]
struct Use {
    public: bool,
    paths: Vec<(Vec<String>, String)>,
}

/// What one source file says, as `syn` reads it, its `#[cfg(test)]` items left out.
#[derive(Debug, Default)]
struct Reading {
    /// Its `use` items, those inside functions too.
    uses: Vec<Use>,
    /// Every path of two or more parts written in its code or a macro's arguments, with no
    /// leading `::`.
    paths: Vec<Vec<String>>,
    /// Each `mod name;` it declares, with the file its `#[path = "..."]` names, if any, and
    /// each module its `subcommands!` list declares.
    children: Vec<(String, Option<String>)>,
    /// Each line of its `subcommands!` list: the subcommand's name and the path it gives.
    subcommands: Vec<(String, Vec<String>)>,
    /// Each `Stream::new(seed, number)` it calls: whether `number` starts with a name.
    streams: Vec<bool>,
    /// Whether `#[cfg(test)]` items are read too.
    with_tests: bool,
}

/// Reads a source file, its tests left out, or says why `syn` cannot.
fn read(src: &str) -> Result<Reading, syn::Error> {
    let mut reading = Reading::default();
    reading.visit_file(&syn::parse_file(src)?);
    Ok(reading)
}

/// Reads a source file whole, its tests too.
fn read_whole(src: &str) -> Result<Reading, syn::Error> {
    let mut reading = Reading { with_tests: true, ..Reading::default() };
    reading.visit_file(&syn::parse_file(src)?);
    Ok(reading)
}

/// Whether an item is marked `#[cfg(test)]`.
fn tested(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Path>().is_ok_and(|p| p.is_ident("test"))
    })
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

impl<'ast> Visit<'ast> for Reading {
    fn visit_item(&mut self, item: &'ast Item) {
        if self.with_tests || !tested(item_attrs(item)) {
            visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        let attrs = match item {
            ImplItem::Const(i) => &i.attrs,
            ImplItem::Fn(i) => &i.attrs,
            ImplItem::Type(i) => &i.attrs,
            ImplItem::Macro(i) => &i.attrs,
            _ => &Vec::new(),
        };
        if self.with_tests || !tested(attrs) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast TraitItem) {
        let attrs = match item {
            TraitItem::Const(i) => &i.attrs,
            TraitItem::Fn(i) => &i.attrs,
            TraitItem::Type(i) => &i.attrs,
            TraitItem::Macro(i) => &i.attrs,
            _ => &Vec::new(),
        };
        if self.with_tests || !tested(attrs) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_none() {
            let at = item.attrs.iter().find(|a| a.path().is_ident("path")).and_then(|a| {
                match &a.meta.require_name_value().ok()?.value {
                    Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
                    _ => None,
                }
            });
            self.children.push((item.ident.to_string(), at));
        }
        visit::visit_item_mod(self, item);
    }

    /// A chapter's `world::subcommands!` list declares a module a line, as `mod` would.
    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if item.mac.path.segments.last().is_some_and(|s| s.ident == "subcommands") {
            let lines = item.mac.parse_body_with(Punctuated::<Line, Token![,]>::parse_terminated);
            for Line { name, path } in lines.expect("a list of `Name(module),`") {
                let path: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
                if let [module] = &path[..] {
                    self.children.push((module.clone(), None));
                }
                self.subcommands.push((name.to_string(), path));
            }
        }
        visit::visit_item_macro(self, item);
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut paths = Vec::new();
        expand(&[], &item.tree, &mut paths);
        self.uses.push(Use { public: !matches!(item.vis, Visibility::Inherited), paths });
    }

    /// Attributes name lints and derives, not modules of the crate.
    fn visit_attribute(&mut self, _: &'ast Attribute) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() > 1 {
            self.paths.push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        visit::visit_path(self, path);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let Expr::Path(f) = &*call.func
            && names_stream_new(f.path.segments.iter().map(|s| s.ident.to_string()))
        {
            self.streams.push(call.args.iter().nth(1).is_some_and(starts_with_a_name));
        }
        visit::visit_expr_call(self, call);
    }

    /// A macro's arguments are tokens to `syn`, not code: its paths are read from them.
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let tokens = TokenBuffer::new2(mac.tokens.clone());
        self.scan(tokens.begin());
        visit::visit_macro(self, mac);
    }
}

/// One line of a `subcommands!` list, `Name(module)`: the subcommand and what it names.
struct Line {
    name: syn::Ident,
    path: syn::Path,
}

impl Parse for Line {
    fn parse(input: ParseStream) -> syn::Result<Line> {
        let name = input.parse()?;
        let inside;
        syn::parenthesized!(inside in input);
        Ok(Line { name, path: inside.parse()? })
    }
}

impl Reading {
    /// The paths in a run of tokens (`a::b::c`, `$crate::x`) and the streams it draws.
    fn scan(&mut self, mut at: Cursor) {
        while !at.eof() {
            if let Some((first, mut next)) = at.ident() {
                let mut segs = vec![first.to_string()];
                while let Some((seg, after)) = colons(next).and_then(Cursor::ident) {
                    segs.push(seg.to_string());
                    next = after;
                }
                if names_stream_new(segs.iter().cloned())
                    && let Some((args, _, _, _)) = next.any_group()
                {
                    self.streams.push(second_starts_with_a_name(args));
                }
                if segs.len() > 1 {
                    self.paths.push(segs);
                }
                at = next;
            } else if let Some((inside, _, _, next)) = at.any_group() {
                self.scan(inside);
                at = next;
            } else {
                match at.token_tree() {
                    Some((_, next)) => at = next,
                    None => break,
                }
            }
        }
    }
}

/// The cursor past a `::` at it, if one is there.
fn colons(at: Cursor) -> Option<Cursor> {
    let (a, at) = at.punct()?;
    let (b, at) = at.punct()?;
    (a.as_char() == ':' && b.as_char() == ':').then_some(at)
}

/// Whether a path ends in `Stream::new`.
fn names_stream_new(segs: impl DoubleEndedIterator<Item = String>) -> bool {
    let last: Vec<String> = segs.rev().take(2).collect();
    last == ["new", "Stream"]
}

/// Whether an expression, as written, starts with a name (`streams::HERD`, `base + k`), not a
/// number or a bracket.
fn starts_with_a_name(e: &Expr) -> bool {
    match e {
        Expr::Path(_) | Expr::Macro(_) | Expr::Struct(_) => true,
        Expr::Field(f) => starts_with_a_name(&f.base),
        Expr::MethodCall(m) => starts_with_a_name(&m.receiver),
        Expr::Call(c) => starts_with_a_name(&c.func),
        Expr::Index(i) => starts_with_a_name(&i.expr),
        Expr::Cast(c) => starts_with_a_name(&c.expr),
        Expr::Binary(b) => starts_with_a_name(&b.left),
        Expr::Try(t) => starts_with_a_name(&t.expr),
        _ => false,
    }
}

/// The same for a macro's call written as tokens: whether its second argument starts with a
/// name.
fn second_starts_with_a_name(mut at: Cursor) -> bool {
    while let Some((tree, next)) = at.token_tree() {
        at = next;
        if tree.to_string() == "," {
            return at.ident().is_some();
        }
    }
    false
}

/// Expands a use tree under `prefix` into its paths and the names they bind.
fn expand(prefix: &[String], tree: &UseTree, into: &mut Vec<(Vec<String>, String)>) {
    let mut bind = |ident: &syn::Ident, alias: Option<&syn::Ident>| {
        let mut full = prefix.to_vec();
        if ident != "self" {
            full.push(ident.to_string());
        }
        let name = alias.map(ToString::to_string).or_else(|| full.last().cloned());
        into.push((full, name.unwrap_or_default()));
    };
    match tree {
        UseTree::Path(p) => {
            let mut next = prefix.to_vec();
            next.push(p.ident.to_string());
            expand(&next, &p.tree, into);
        }
        UseTree::Name(n) => bind(&n.ident, None),
        UseTree::Rename(r) => bind(&r.ident, Some(&r.rename)),
        UseTree::Glob(_) => into.push((prefix.to_vec(), "*".into())),
        UseTree::Group(g) => g.items.iter().for_each(|t| expand(prefix, t, into)),
    }
}

/// Reads the crate whose root file is `root`, and every module its `mod` items declare.
fn read_crate(root: &Path) -> Crate {
    let mut modules = Crate::new();
    let mut todo = vec![(Vec::new(), root.to_path_buf())];
    while let Some((path, file)) = todo.pop() {
        let src = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let reading = read(&src).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "main.rs" | "mod.rs") => file.parent().expect("a folder").to_path_buf(),
            _ => file.with_extension(""),
        };
        let mut module = Module { file: file.clone(), ..Module::default() };
        for (child, at) in reading.children {
            // A `#[path]` is read from the folder of the file that declares the module.
            let child_file = match at {
                Some(at) => file.parent().expect("a folder").join(at),
                None if dir.join(format!("{child}.rs")).is_file() => {
                    dir.join(format!("{child}.rs"))
                }
                None => dir.join(&child).join("mod.rs"),
            };
            let mut child_path = path.clone();
            child_path.push(child.clone());
            todo.push((child_path, child_file));
            module.children.push(child);
        }
        module.uses = reading.uses;
        module.paths = reading.paths;
        modules.insert(path, module);
    }
    let none = BTreeMap::new();
    let mut reexports = Vec::new();
    for (path, module) in &modules {
        for u in module.uses.iter().filter(|u| u.public) {
            for (target, name) in &u.paths {
                if let Some(abs) = resolve(&modules, path, target, &none) {
                    reexports.push((path.clone(), name.clone(), abs));
                }
            }
        }
    }
    for (path, name, abs) in reexports {
        modules.get_mut(&path).expect("read above").reexports.insert(name, abs);
    }
    modules
}

/// A path as written in module `at`, from the crate root: `super::` and `self::` resolved,
/// `crate::` dropped. A path that starts anywhere else is left as it is.
fn absolute(at: &[String], path: &[String]) -> Vec<String> {
    let mut base: Vec<String> = at.to_vec();
    let mut segs = path.iter().peekable();
    match segs.peek().map(|s| s.as_str()) {
        Some("crate") => {
            base.clear();
            segs.next();
        }
        Some("self") => {
            segs.next();
        }
        Some("super") => {
            while segs.peek().is_some_and(|s| *s == "super") {
                base.pop();
                segs.next();
            }
        }
        _ => return path.to_vec(),
    }
    base.extend(segs.cloned());
    base
}

/// The module that holds what `path` (from the crate root) names: the deepest module along
/// it, followed through any re-export of the name that comes next.
fn owner(modules: &Crate, path: &[String], depth: usize) -> Option<Vec<String>> {
    let mut at: Vec<String> = Vec::new();
    for (k, seg) in path.iter().enumerate() {
        let mut next = at.clone();
        next.push(seg.clone());
        if modules.contains_key(&next) {
            at = next;
            continue;
        }
        let module = modules.get(&at)?;
        if let Some(target) = module.reexports.get(seg)
            && depth < 16
        {
            let mut rest = target.clone();
            rest.extend(path[k + 1..].iter().cloned());
            return owner(modules, &rest, depth + 1).or(Some(at));
        }
        return Some(at);
    }
    Some(at)
}

/// A path as written in module `at`, from the crate root, or none for a path into another
/// crate: one that starts with `crate`, `super` or `self`, with a child of `at`, or with a
/// name a `use` of `at` brought in from this crate.
fn resolve(
    modules: &Crate,
    at: &[String],
    path: &[String],
    aliases: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let head = path.first()?.as_str();
    if ["crate", "super", "self"].contains(&head) {
        return Some(absolute(at, path));
    }
    if modules.get(at).is_some_and(|m| m.children.iter().any(|c| c == head)) {
        return Some(at.iter().chain(path).cloned().collect());
    }
    aliases.get(head).map(|alias| alias.iter().chain(&path[1..]).cloned().collect())
}

/// Every edge of the crate's map: module to module it uses.
fn edges(modules: &Crate) -> Graph {
    let mut graph = Graph::new();
    for (path, module) in modules {
        let mut named: Vec<Vec<String>> = Vec::new();
        let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let none = BTreeMap::new();
        for u in &module.uses {
            for (target, name) in &u.paths {
                let Some(abs) = resolve(modules, path, target, &none) else { continue };
                aliases.insert(name.clone(), abs.clone());
                // A `pub use` of a member is how a folder lists it; a `pub use` of anything
                // else is a use like any other.
                if !(u.public && abs.starts_with(path)) {
                    named.push(abs);
                }
            }
        }
        for p in &module.paths {
            named.extend(resolve(modules, path, p, &aliases));
        }
        let out = graph.entry(path.clone()).or_default();
        for abs in named {
            if let Some(to) = owner(modules, &abs, 0)
                && to != *path
            {
                out.insert(to);
            }
        }
    }
    graph
}
/// The map seen from `depth` folders down: every module stands for the folder (or file) that
/// holds it `depth` steps below its crate's root, and a use between two of those that are not
/// one inside the other is an edge. Two folders that use each other through different files
/// make a cycle here that no cycle of files shows.
fn folders(
    graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    depth: usize,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let at = |m: &Vec<String>| m[..m.len().min(depth)].to_vec();
    let mut seen: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (from, tos) in graph {
        for to in tos {
            let (f, t) = (at(from), at(to));
            if !f.starts_with(&t) && !t.starts_with(&f) {
                seen.entry(f).or_default().insert(t);
            }
        }
    }
    seen
}

/// A cycle of the map, if there is one, as the modules along it, first repeated at the end.
fn cycle(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<Vec<String>>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        at: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        marks: &mut BTreeMap<Vec<String>, Mark>,
        trail: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        marks.insert(at.clone(), Mark::Open);
        trail.push(at.clone());
        for next in graph.get(at).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let from = trail.iter().position(|m| m == next).expect("on the trail");
                    let mut found = trail[from..].to_vec();
                    found.push(next.clone());
                    return Some(found);
                }
                Mark::New => {
                    if let Some(found) = visit(next, graph, marks, trail) {
                        return Some(found);
                    }
                }
                Mark::Done => {}
            }
        }
        trail.pop();
        marks.insert(at.clone(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for start in graph.keys() {
        if marks.get(start).copied().unwrap_or(Mark::New) == Mark::New
            && let Some(found) = visit(start, graph, &mut marks, &mut Vec::new())
        {
            return Some(found);
        }
    }
    None
}

fn shown(path: &[String], name: &str) -> String {
    if path.is_empty() { name.to_string() } else { format!("{name}::{}", path.join("::")) }
}

/// A crate of the workspace: its name, its root file and the folder of its package.
struct Root {
    name: String,
    file: PathBuf,
    package: PathBuf,
}

/// The crates of the workspace, by their roots: the book check and every member the
/// workspace's `Cargo.toml` lists (the library, its live module and each chapter), each
/// package's library and binaries.
fn crates() -> Vec<Root> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for dir in std::iter::once(root.to_path_buf()).chain(members()) {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("a manifest");
        let manifest: toml::Table = manifest.parse().expect("a manifest in TOML");
        let name = manifest["package"]["name"].as_str().expect("a package name").to_string();
        let lib = dir.join("src/lib.rs");
        if lib.is_file() {
            all.push(Root { name: name.clone(), file: lib, package: dir.clone() });
        }
        bins(&name, &dir, &mut all);
    }
    all
}

/// The folders of the workspace's members, its `chapters/*` spelled out, in order.
fn members() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("the manifest");
    let manifest: toml::Table = manifest.parse().expect("the manifest in TOML");
    let mut found = Vec::new();
    for member in manifest["workspace"]["members"].as_array().expect("a list of members") {
        let member = member.as_str().expect("a folder");
        match member.strip_suffix("/*") {
            Some(folder) => {
                let mut inside: Vec<PathBuf> = std::fs::read_dir(root.join(folder))
                    .expect("the members' folder")
                    .map(|e| e.expect("a folder entry").path())
                    .filter(|d| d.join("Cargo.toml").is_file())
                    .collect();
                inside.sort();
                found.extend(inside);
            }
            None => found.push(root.join(member)),
        }
    }
    found
}

/// The chapters' folders, in order.
fn chapters() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    members().into_iter().filter(|d| d.starts_with(root.join("chapters"))).collect()
}

/// The binaries of the package in `dir`, each a crate of its own: `src/main.rs`, every
/// `src/bin/NAME.rs` and every `src/bin/NAME/main.rs`.
fn bins(package: &str, dir: &Path, into: &mut Vec<Root>) {
    let mut add = |name: String, file: PathBuf| {
        into.push(Root { name, file, package: dir.to_path_buf() });
    };
    let main = dir.join("src/main.rs");
    if main.is_file() {
        add(format!("{package} (its binary)"), main);
    }
    let Ok(entries) = std::fs::read_dir(dir.join("src/bin")) else { return };
    let mut found: Vec<PathBuf> = entries.map(|e| e.expect("a folder entry").path()).collect();
    found.sort();
    for path in found {
        let name = path.file_stem().expect("a name").to_string_lossy().into_owned();
        let root = if path.is_dir() { path.join("main.rs") } else { path };
        if root.extension().is_some_and(|e| e == "rs") && root.is_file() {
            add(format!("{package}'s binary {name}"), root);
        }
    }
}

/// The crates outside this one that a crate's modules name: the first part of every path in a
/// `use` item or in code that leads nowhere in the crate itself.
fn names_outside(modules: &Crate) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let none = BTreeMap::new();
    for (at, module) in modules {
        let mut aliases = BTreeMap::new();
        for (target, name) in module.uses.iter().flat_map(|u| &u.paths) {
            match resolve(modules, at, target, &none) {
                Some(abs) => drop(aliases.insert(name.clone(), abs)),
                None => found.extend(target.first().cloned()),
            }
        }
        for path in &module.paths {
            if resolve(modules, at, path, &aliases).is_none() {
                found.insert(path[0].clone());
            }
        }
    }
    found
}

/// What a crate of the package in `package` must not reach: a module whose file lies outside
/// its package's folder (a `#[path]` into another), or a name from the crates in `barred`.
fn trespasses(name: &str, package: &Path, modules: &Crate, barred: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (at, module) in modules {
        if !lexically(&module.file).starts_with(lexically(package)) {
            let path = shown(at, name);
            found.push(format!("{path} is compiled from {}", module.file.display()));
        }
    }
    for other in names_outside(modules).intersection(&barred.iter().cloned().collect()) {
        found.push(format!("{name} names the crate {other}"));
    }
    found
}

/// A path with its `.` and `..` parts worked out in writing, without asking the disk.
fn lexically(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Where the map's groups of the library stand against `order`: every use from one group of
/// a module's first part to another that is not listed after it there.
fn against(graph: &Graph, order: &[&str]) -> BTreeSet<(String, String)> {
    let group = |m: &Vec<String>| m.first().cloned().unwrap_or_default();
    let mut wrong = BTreeSet::new();
    for (from, tos) in graph {
        for to in tos {
            if from.is_empty() || to.is_empty() || group(from) == group(to) {
                continue;
            }
            let (f, t) = (group(from), group(to));
            let place = |g: &str| order.iter().position(|o| *o == g);
            if !matches!((place(&f), place(&t)), (Some(a), Some(b)) if a > b) {
                wrong.insert((f, t));
            }
        }
    }
    wrong
}

/// Every use from one group of the library to another.
fn between_groups(graph: &Graph) -> BTreeSet<(String, String)> {
    against(graph, &[])
}

/// Every `.rs` file under `dir`, in a fixed order.
fn sources(dir: &Path, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.expect("a folder entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

#[test]
fn no_crate_of_the_workspace_has_a_cycle_of_modules() {
    let mut sizes = Vec::new();
    for Root { name, file, .. } in crates() {
        let modules = read_crate(&file);
        let graph = edges(&modules);
        if let Some(found) = cycle(&graph) {
            let names: Vec<String> = found.iter().map(|m| shown(m, &name)).collect();
            let files: Vec<String> =
                found.iter().map(|m| modules[m].file.display().to_string()).collect();
            panic!("{name} has a cycle: {}\n({})", names.join(" -> "), files.join(", "));
        }
        let deepest = modules.keys().map(Vec::len).max().unwrap_or(0);
        for depth in 1..deepest {
            if let Some(found) = cycle(&folders(&graph, depth)) {
                let names: Vec<String> = found.iter().map(|m| shown(m, &name)).collect();
                panic!("{name} has a cycle of folders: {}", names.join(" -> "));
            }
        }
        sizes.push((name, modules.len(), graph.values().map(BTreeSet::len).sum::<usize>()));
    }
    // A map read wrongly would have no edges to go round in: the library must show its groups
    // standing on one another.
    let (_, modules, edges) = sizes.iter().find(|s| s.0 == "world").expect("the library").clone();
    assert!(modules > 50 && edges > 100, "the library read as {modules} modules, {edges} uses");
}

/// The order the library's map gives: each group only on ones before it, the simulation's four
/// groups first, so none of them stands on the shell or the pictures.
const ORDER: [&str; 6] = ["base", "lanes", "flock", "beast", "shell", "pictures"];

#[test]
fn the_library_groups_stand_on_one_another_in_one_direction() {
    let all = crates();
    let world = all.iter().find(|r| r.name == "world").expect("the library");
    let graph = edges(&read_crate(&world.file));
    let wrong = against(&graph, &ORDER);
    assert!(wrong.is_empty(), "uses against the map's order {ORDER:?}: {wrong:?}");
    let uses = between_groups(&graph);
    assert!(uses.contains(&("beast".into(), "lanes".into())), "{uses:?}");
    assert!(uses.contains(&("shell".into(), "beast".into())), "{uses:?}");
    assert!(uses.contains(&("pictures".into(), "base".into())), "{uses:?}");
}

#[test]
fn a_group_that_uses_one_after_it_or_one_not_in_the_order_is_found() {
    let m = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    let mut graph = Graph::new();
    graph.insert(m("beast::fan"), BTreeSet::from([m("base::valley"), m("beast::brain")]));
    assert!(against(&graph, &ORDER).is_empty());
    graph.insert(m("base::valley"), BTreeSet::from([m("shell::cli")]));
    graph.insert(m("lanes::x"), BTreeSet::from([m("extra::y")]));
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        against(&graph, &ORDER),
        BTreeSet::from([pair("base", "shell"), pair("lanes", "extra")])
    );
}

#[test]
fn the_library_names_no_chapter_and_no_chapter_another() {
    let chapters: Vec<String> = chapters()
        .iter()
        .map(|d| d.file_name().expect("a name").to_string_lossy().into_owned())
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut held = BTreeSet::new();
    for Root { name, file, package } in crates() {
        let barred: Vec<String> = if package.starts_with(root.join("shared")) {
            chapters.iter().cloned().chain(["theworld".to_string()]).collect()
        } else if package.starts_with(root.join("chapters")) {
            let own = package.file_name().expect("a name").to_string_lossy().into_owned();
            let others = chapters.iter().filter(|c| **c != own).cloned();
            others.chain(["theworld".to_string()]).collect()
        } else {
            continue;
        };
        found.extend(trespasses(&name, &package, &read_crate(&file), &barred));
        held.insert(name);
    }
    assert!(found.is_empty(), "edges against the workspace's map:\n{}", found.join("\n"));
    // The library, and each chapter with its binary.
    assert!(held.contains("world"), "{held:?}");
    for c in &chapters {
        assert!(held.contains(c) && held.contains(&format!("{c} (its binary)")), "{held:?}");
    }
}

#[test]
fn a_file_compiled_from_a_chapter_or_a_chapter_named_is_found() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("map-trespass");
    let write = |at: &str, code: &str| {
        let file = dir.join(at);
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("a folder");
        std::fs::write(file, code).expect("written");
    };
    write(
        "shared/src/lib.rs",
        "mod fine;\n#[path = \"../../chapters/one/src/push.rs\"]\nmod push;",
    );
    write("shared/src/fine.rs", "pub fn f() { crate::push::g(); }");
    write("chapters/one/src/push.rs", "pub fn g() {}");
    write("chapters/two/src/lib.rs", "use world::Body;\nfn f() { one::push::g(); }");
    let shared = read_crate(&dir.join("shared/src/lib.rs"));
    assert_eq!(
        shared[&vec!["push".to_string()]].file,
        dir.join("shared/src/../../chapters/one/src/push.rs")
    );
    let barred = ["one".to_string(), "two".to_string()];
    let found = trespasses("world", &dir.join("shared"), &shared, &barred);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("world::push is compiled from"), "{found:?}");
    let two = read_crate(&dir.join("chapters/two/src/lib.rs"));
    assert_eq!(names_outside(&two), BTreeSet::from(["one".to_string(), "world".to_string()]));
    let found = trespasses("two", &dir.join("chapters/two"), &two, &barred[..1]);
    assert_eq!(found, ["two names the crate one"]);
    assert!(trespasses("two", &dir.join("chapters/two"), &two, &[]).is_empty());
}

#[test]
fn grouped_imports_are_expanded_into_every_path_they_name() {
    let u = read("use super::{act::{self, Act}, brain::Brain as B, fan};\npub use a::b::*;")
        .expect("Rust")
        .uses;
    let paths: Vec<(String, String)> =
        u[0].paths.iter().map(|(p, n)| (p.join("::"), n.clone())).collect();
    let want = [
        ("super::act", "act"),
        ("super::act::Act", "Act"),
        ("super::brain::Brain", "B"),
        ("super::fan", "fan"),
    ];
    assert_eq!(paths, want.map(|(p, n)| (p.to_string(), n.to_string())));
    assert!(!u[0].public && u[1].public);
    assert_eq!(u[1].paths, [(vec!["a".to_string(), "b".to_string()], "*".to_string())]);
}

#[test]
fn paths_in_code_and_macros_are_found_but_not_in_comments_strings_or_tests() {
    let src = "// crate::a::b\nfn f() { crate::ledger::start(); let s = \"crate::x::y\"; }\n\
               /// [`x`]: crate::doc::Link\n#[cfg(test)]\nmod tests { use crate::z; }\n\
               fn g() { super::kind::SIGHT; fan::cast(x); 'a'; }\n\
               #[expect(clippy::too_many_lines)]\nfn h() { println!(\"{}\", self::tally::sum()); }\n\
               impl A { #[cfg(test)]\nfn t() { crate::only::test(); } }";
    let reading = read(src).expect("Rust");
    let found: Vec<String> = reading.paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        found,
        ["crate::ledger::start", "super::kind::SIGHT", "fan::cast", "self::tally::sum"]
    );
    assert!(reading.uses.is_empty(), "the test module's use is gone");
}

#[test]
fn mod_items_and_their_path_attributes_are_read() {
    let reading = read(
        "mod a;\npub mod b;\n#[cfg(test)]\nmod tests;\n#[path = \"x/c.rs\"]\nmod c;\nmod d { fn f() {} }",
    )
    .expect("Rust");
    let want = [("a", None), ("b", None), ("c", Some("x/c.rs"))];
    assert_eq!(reading.children, want.map(|(n, p)| (n.to_string(), p.map(str::to_string))));
}

#[test]
fn a_subcommands_list_declares_a_module_a_line() {
    let reading = read("mod a;\nworld::subcommands! {\n    Table(table),\n    Orders(orders),\n}")
        .expect("Rust");
    let names: Vec<&str> = reading.children.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a", "table", "orders"]);
    // A line that names a type, as the list once took, declares nothing.
    let old = read("pub mod table;\nworld::subcommands! { Table(table::Args), }").expect("Rust");
    assert_eq!(old.children, [("table".to_string(), None)]);
    assert_eq!(old.subcommands, [("Table".to_string(), vec!["table".into(), "Args".into()])]);
}

/// A new subcommand is its own module and one line of its chapter's `subcommands!` list,
/// `Name(module)`, which declares the module and makes the `Mode` variant from its `Args`: no
/// subcommand's module is declared by a `mod` line of its own.
#[test]
fn every_subcommand_is_declared_by_its_line_of_the_list_alone() {
    for dir in chapters() {
        let mut seen = 0;
        let lib = dir.join("src/lib.rs");
        let src = std::fs::read_to_string(&lib).expect("a chapter's lib.rs");
        let reading = read(&src).unwrap_or_else(|e| panic!("{}: {e}", lib.display()));
        let modules = read_crate(&lib);
        for (name, path) in &reading.subcommands {
            let at = lib.display();
            let [module] = &path[..] else {
                let path = path.join("::");
                panic!("{at}: {name}({path}) names a path: the list takes the module alone");
            };
            let declared = reading.children.iter().filter(|(c, _)| c == module).count();
            assert_eq!(declared, 1, "{at}: {module} is declared besides its line in the list");
            assert!(modules.contains_key(&vec![module.clone()]), "{at}: {module} not read");
            seen += 1;
        }
        // The list read from the source is the whole of what clap parses, so none was missed.
        let name = dir.file_name().expect("a folder's name").to_string_lossy().into_owned();
        let chapter = theworld::chapters::named(&name).expect("a listed chapter");
        let parsed = (chapter.command)().get_subcommands().count();
        assert_eq!(seen, parsed, "{name}: the list read as {seen} subcommands, clap has {parsed}");
    }
}

#[test]
fn a_cycle_is_found_and_named() {
    let m = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    let mut graph = BTreeMap::new();
    graph.insert(m("a"), BTreeSet::from([m("b")]));
    graph.insert(m("b"), BTreeSet::from([m("c")]));
    graph.insert(m("c"), BTreeSet::from([m("a")]));
    assert_eq!(cycle(&graph), Some(vec![m("a"), m("b"), m("c"), m("a")]));
    graph.insert(m("c"), BTreeSet::new());
    assert_eq!(cycle(&graph), None);
}

#[test]
fn a_cycle_between_folders_is_found_where_their_files_make_none() {
    let m = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    let mut graph = BTreeMap::new();
    graph.insert(m("a::x"), BTreeSet::from([m("b::y")]));
    graph.insert(m("b::z"), BTreeSet::from([m("a::w")]));
    graph.insert(m("a"), BTreeSet::from([m("a::x")]));
    assert_eq!(cycle(&graph), None, "no file uses a file that uses it");
    assert_eq!(cycle(&folders(&graph, 1)), Some(vec![m("a"), m("b"), m("a")]));
    assert_eq!(cycle(&folders(&graph, 2)), None);
}

#[test]
fn a_pub_use_of_a_member_lists_it_and_of_anything_else_uses_it() {
    let mut modules = Crate::new();
    let p = |s: &str| -> Vec<String> {
        s.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect()
    };
    let module = |code: &str| {
        let reading = read(code).expect("Rust");
        Module {
            children: reading.children.into_iter().map(|(c, _)| c).collect(),
            uses: reading.uses,
            paths: reading.paths,
            ..Module::default()
        }
    };
    modules.insert(p(""), module("mod a;\nmod b;"));
    let mut a = module("mod inner;\npub use inner::X;");
    a.reexports.insert("X".into(), p("a::inner::X"));
    modules.insert(p("a"), a);
    modules.insert(p("a::inner"), module("pub struct X;"));
    modules.insert(p("b"), module("pub use crate::a::X;"));
    let graph = edges(&modules);
    assert!(graph[&p("a")].is_empty(), "a lists its member: {graph:?}");
    assert!(graph[&p("b")].contains(&p("a::inner")), "b re-exports what a holds: {graph:?}");
}

#[test]
fn super_and_self_are_resolved_from_the_module_that_writes_them() {
    let at = ["beast".to_string(), "view".to_string(), "flat".to_string()];
    let p = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    assert_eq!(absolute(&at, &p("super::hit::Hit")), p("beast::view::hit::Hit"));
    assert_eq!(absolute(&at, &p("super::super::fan")), p("beast::fan"));
    assert_eq!(absolute(&at, &p("crate::base::Valley")), p("base::Valley"));
    assert_eq!(absolute(&at, &p("self::x")), p("beast::view::flat::x"));
    assert_eq!(absolute(&at, &p("world::Body")), p("world::Body"));
}

#[test]
fn every_stream_is_drawn_by_a_number_named_in_the_register() {
    // The register in `base::streams` names each stream number once and a test there refuses a
    // number named twice; that only holds if nothing draws from a number it does not name.
    // Only the register's own tests, which try the streams themselves, write numbers.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["shared", "chapters", "src", "tests"] {
        sources(&root.join(dir), &mut files);
    }
    let register = root.join("shared/src/base/streams.rs");
    let mut drawn = 0;
    for file in files.iter().filter(|f| **f != register) {
        let src = std::fs::read_to_string(file).expect("a source file");
        let read = read_whole(&src).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for named in read.streams {
            assert!(named, "{}: a stream drawn by a number not in the register", file.display());
            drawn += 1;
        }
    }
    assert!(drawn > 20, "only {drawn} streams found");
}

#[test]
fn a_stream_drawn_by_a_bare_number_is_found_in_code_and_in_macros() {
    let src = "fn f() { Stream::new(seed, streams::HERD); base::Stream::new(seed, 7);\n\
               let v = vec![Stream::new(seed, 3), Stream::new(seed, streams::SPOT + k)];\n\
               Stream::new(seed, offset + 1); }";
    assert_eq!(read(src).expect("Rust").streams, [true, false, false, true, true]);
}

#[test]
fn every_binary_is_read_as_a_crate_of_its_own_with_its_modules() {
    let all = crates();
    let browser =
        all.iter().find(|r| r.name == "theworld's binary browser").expect("the browser binary");
    let modules = read_crate(&browser.file);
    for m in ["chromium", "look", "selftest", "visit"] {
        assert!(modules.contains_key(&vec![m.to_string()]), "{m} of the browser binary");
    }
    for name in ["theworld's binary blocks", "bodies (its binary)", "crowd (its binary)"] {
        assert!(all.iter().any(|r| r.name == name), "{name}");
    }
}
