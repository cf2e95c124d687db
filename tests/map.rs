//! The map has no cycle: in the library and in every chapter, no module uses, through any chain
//! of others, a module that uses it. Each crate's modules are read from their source files, and
//! every path one of them names (its `use` lines, grouped or not, and the `crate::`, `super::`
//! and `self::` paths written in its code) becomes an edge to the module that holds what the
//! path names, through any `pub use` that re-exports it. Tests (`#[cfg(test)]` items) are left
//! out: a test may reach anywhere. A `mod` line, and a `pub use` that re-exports a member, are
//! how a folder lists its members, not uses; a `pub use` of anything else is a use. Nor may two
//! folders use each other, even through files that make no cycle of their own.
//!
//! The same reading of the sources holds the one register of random streams to its promise:
//! no stream is drawn by a number the register does not name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module: its path from the crate root (`["beast", "view", "flat"]`), the file it is in,
/// its code with comments, strings and tests taken out, the children its `mod` lines declare,
/// and the names it re-exports with where they lead.
#[derive(Debug, Default)]
struct Module {
    file: PathBuf,
    code: String,
    children: Vec<String>,
    reexports: BTreeMap<String, Vec<String>>,
}

type Crate = BTreeMap<Vec<String>, Module>;

/// Comments, string and char literals blanked out, so a path in a doc comment or a message is
/// not taken for a use; the line breaks kept.
#[expect(
    clippy::too_many_lines,
    reason = "one byte scanner: its states are its match arms, and split they would pass the same cursor about"
)]
fn strip(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        if b[i] == b'\n' {
                            out.push('\n');
                        }
                        i += 1;
                    }
                }
            }
            b'r' if raw_string_at(b, i).is_some() => {
                let (hashes, start) = raw_string_at(b, i).expect("checked");
                let close: Vec<u8> =
                    std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
                i = start;
                while i < b.len() && !b[i..].starts_with(&close) {
                    if b[i] == b'\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
                i += close.len();
                out.push_str("\"\"");
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    } else if b[i] == b'\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("\"\"");
            }
            b'\'' if char_literal_len(&b[i..]).is_some() => {
                i += char_literal_len(&b[i..]).expect("checked");
                out.push_str("' '");
            }
            c => {
                out.push(c as char);
                i += 1;
            }
        }
    }
    out
}

/// Where a raw string opening at `i` (`r"`, `r#"`, ...) starts its text, with its hashes,
/// unless `r` is part of a longer name.
fn raw_string_at(b: &[u8], i: usize) -> Option<(usize, usize)> {
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
    (b.get(i + 1 + hashes) == Some(&b'"')).then_some((hashes, i + 2 + hashes))
}

/// The length of a char literal at the start of `b` (`'a'`, `'\n'`, `'\''`), or none for a
/// lifetime.
fn char_literal_len(b: &[u8]) -> Option<usize> {
    if b.get(1) == Some(&b'\\') {
        let end = b[2..].iter().position(|&c| c == b'\'')? + 2;
        return Some(end + 1);
    }
    let c = std::str::from_utf8(&b[1..b.len().min(6)])
        .ok()
        .or_else(|| (1..b.len().min(6)).rev().find_map(|k| std::str::from_utf8(&b[1..k]).ok()))?;
    let ch = c.chars().next()?;
    (b.get(1 + ch.len_utf8()) == Some(&b'\'')).then_some(2 + ch.len_utf8())
}

/// The code with every `#[cfg(test)]` item taken out: the attribute and the item after it, a
/// block to its closing brace or a line to its semicolon.
fn without_tests(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let brace = item.find('{');
        let semi = item.find(';');
        let end = match (brace, semi) {
            (Some(b), Some(s)) if s < b => s + 1,
            (Some(b), _) => b + matching_brace(&item[b..]).unwrap_or(item.len() - b),
            (None, Some(s)) => s + 1,
            (None, None) => item.len(),
        };
        out.extend(item[..end].chars().filter(|&c| c == '\n'));
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The length up to and including the brace that closes the one `s` opens with.
fn matching_brace(s: &str) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// One `use` item, as written: whether it re-exports, and the paths it names (a group
/// expanded, `self` in a group naming the group's own path), each with the name it binds.
#[derive(Debug, PartialEq)]
struct Use {
    public: bool,
    paths: Vec<(Vec<String>, String)>,
}

/// Every `use` item of the code.
fn uses(code: &str) -> Vec<Use> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let tail = &rest[at + 3..];
        let Some(end) = tail.find(';') else { break };
        let tree: String = tail[..end].split_whitespace().collect::<Vec<_>>().join(" ");
        let mut paths = Vec::new();
        expand(&[], tree.trim(), &mut paths);
        found.push(Use { public, paths });
        rest = &tail[end + 1..];
    }
    found
}

/// Where `word` stands on its own in `s`, not inside a longer name.
fn find_word(s: &str, word: &str) -> Option<usize> {
    let ok = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
    s.match_indices(word)
        .map(|(i, _)| i)
        .find(|&i| ok(s[..i].chars().next_back()) && ok(s[i + word.len()..].chars().next()))
}

/// Expands a use tree under `prefix` into its paths and the names they bind.
fn expand(prefix: &[String], tree: &str, into: &mut Vec<(Vec<String>, String)>) {
    let tree = tree.trim().trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = segments(&tree[..open]);
        let base: Vec<String> = prefix.iter().cloned().chain(head).collect();
        let close = tree.rfind('}').unwrap_or(tree.len());
        for part in split_top(&tree[open + 1..close]) {
            expand(&base, part, into);
        }
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p, Some(a.trim().to_string())),
        None => (tree, None),
    };
    let mut full: Vec<String> = prefix.to_vec();
    let segs = segments(path);
    if segs.as_slice() == ["self"] {
        let name = alias.or_else(|| full.last().cloned()).unwrap_or_default();
        into.push((full, name));
        return;
    }
    full.extend(segs);
    if full.last().is_some_and(|s| s == "*") {
        full.pop();
        into.push((full, "*".into()));
        return;
    }
    let name = alias.or_else(|| full.last().cloned()).unwrap_or_default();
    if !full.is_empty() {
        into.push((full, name));
    }
}

fn segments(path: &str) -> Vec<String> {
    path.split("::").map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// The parts of a group, split at its own commas, not those of a group inside it.
fn split_top(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// Every path written in the code outside its `use` lines that starts with `crate`, `super`
/// or `self`, or with `first`: `crate::ledger::start` gives `["crate", "ledger", "start"]`.
fn inline_paths(code: &str, first: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut without_uses = String::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        without_uses.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find(';').map_or(tail.len(), |e| e + 1);
        rest = &tail[end..];
    }
    without_uses.push_str(rest);
    let text = without_uses.as_str();
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i..].chars().next().expect("in bounds");
        let starts = is_name(c) && text[..i].chars().next_back().is_none_or(|p| !is_name(p));
        if !starts || text[..i].ends_with("::") {
            i += c.len_utf8();
            continue;
        }
        let mut segs = Vec::new();
        let mut j = i;
        loop {
            let len = text[j..].find(|c: char| !is_name(c)).unwrap_or(text.len() - j);
            segs.push(text[j..j + len].to_string());
            j += len;
            let after = text[j..].trim_start();
            let gap = text.len() - j - after.len();
            if after.starts_with("::") && after[2..].trim_start().starts_with(is_name) {
                j += gap + 2;
                j += text[j..].len() - text[j..].trim_start().len();
            } else {
                break;
            }
        }
        let head = segs[0].as_str();
        if segs.len() > 1 && (["crate", "super", "self"].contains(&head) || first.contains(head)) {
            found.push(segs);
        }
        i = j.max(i + 1);
    }
    found
}

/// Reads the crate whose root file is `root`, and every module its `mod` lines declare.
fn read_crate(root: &Path) -> Crate {
    let mut modules = Crate::new();
    let mut todo = vec![(Vec::new(), root.to_path_buf())];
    while let Some((path, file)) = todo.pop() {
        let src = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let code = without_tests(&strip(&src));
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "main.rs" | "mod.rs") => file.parent().expect("a folder").to_path_buf(),
            _ => file.with_extension(""),
        };
        let mut module = Module { file: file.clone(), ..Module::default() };
        for child in declared(&code) {
            let flat = dir.join(format!("{child}.rs"));
            let folder = dir.join(&child).join("mod.rs");
            let child_file = if flat.is_file() { flat } else { folder };
            let mut child_path = path.clone();
            child_path.push(child.clone());
            todo.push((child_path, child_file));
            module.children.push(child);
        }
        module.code = code;
        modules.insert(path, module);
    }
    let none = BTreeMap::new();
    let mut reexports = Vec::new();
    for (path, module) in &modules {
        for u in uses(&module.code).into_iter().filter(|u| u.public) {
            for (target, name) in u.paths {
                if let Some(abs) = resolve(&modules, path, &target, &none) {
                    reexports.push((path.clone(), name, abs));
                }
            }
        }
    }
    for (path, name, abs) in reexports {
        modules.get_mut(&path).expect("read above").reexports.insert(name, abs);
    }
    modules
}

/// The children a module's `mod name;` lines declare.
fn declared(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "mod") {
        let tail = rest[at + 3..].trim_start();
        let name: String = tail.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if tail[name.len()..].trim_start().starts_with(';') && !name.is_empty() {
            names.push(name);
        }
        rest = &rest[at + 3..];
    }
    names
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
fn edges(modules: &Crate) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (path, module) in modules {
        let mut named: Vec<Vec<String>> = Vec::new();
        let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let none = BTreeMap::new();
        for u in uses(&module.code) {
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
        let mut first: BTreeSet<String> = aliases.keys().cloned().collect();
        first.extend(module.children.iter().cloned());
        for p in inline_paths(&module.code, &first) {
            named.extend(resolve(modules, path, &p, &aliases));
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

/// The crates of the workspace: the library, each chapter and the book check, by their roots.
fn crates() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = vec![
        ("world".to_string(), root.join("shared/src/lib.rs")),
        ("theworld".to_string(), root.join("src/lib.rs")),
    ];
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(root.join("chapters"))
        .expect("the chapters are there")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    chapters.sort();
    for dir in chapters {
        let name = dir.file_name().expect("a name").to_string_lossy().into_owned();
        all.push((name.clone(), dir.join("src/lib.rs")));
        bins(&name, &dir, &mut all);
    }
    bins("theworld", root, &mut all);
    all
}

/// The binaries of the package in `dir`, each a crate of its own: `src/main.rs`, every
/// `src/bin/NAME.rs` and every `src/bin/NAME/main.rs`.
fn bins(package: &str, dir: &Path, into: &mut Vec<(String, PathBuf)>) {
    let main = dir.join("src/main.rs");
    if main.is_file() {
        into.push((format!("{package} (its binary)"), main));
    }
    let Ok(entries) = std::fs::read_dir(dir.join("src/bin")) else { return };
    let mut found: Vec<PathBuf> = entries.map(|e| e.expect("a folder entry").path()).collect();
    found.sort();
    for path in found {
        let name = path.file_stem().expect("a name").to_string_lossy().into_owned();
        let root = if path.is_dir() { path.join("main.rs") } else { path };
        if root.extension().is_some_and(|e| e == "rs") && root.is_file() {
            into.push((format!("{package}'s binary {name}"), root));
        }
    }
}

#[test]
fn no_crate_of_the_workspace_has_a_cycle_of_modules() {
    let mut sizes = Vec::new();
    for (name, root) in crates() {
        let modules = read_crate(&root);
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

#[test]
fn the_library_groups_stand_on_one_another_in_one_direction() {
    let modules = read_crate(&crates()[0].1);
    let graph = edges(&modules);
    let group = |m: &Vec<String>| m.first().cloned().unwrap_or_default();
    let mut uses: BTreeSet<(String, String)> = BTreeSet::new();
    for (from, tos) in &graph {
        for to in tos {
            if !from.is_empty() && !to.is_empty() && group(from) != group(to) {
                uses.insert((group(from), group(to)));
            }
        }
    }
    // The order the library's map gives: each group only on ones before it, the simulation's
    // four groups first, so none of them stands on the shell or the pictures.
    let order = ["base", "lanes", "flock", "beast", "shell", "pictures"];
    for (from, to) in &uses {
        let (f, t) = (order.iter().position(|g| g == from), order.iter().position(|g| g == to));
        assert!(f > t, "{from} uses {to}, which comes after it in the map: {uses:?}");
    }
    assert!(uses.contains(&("beast".into(), "lanes".into())), "{uses:?}");
    assert!(uses.contains(&("shell".into(), "beast".into())), "{uses:?}");
    assert!(uses.contains(&("pictures".into(), "base".into())), "{uses:?}");
}

#[test]
fn grouped_imports_are_expanded_into_every_path_they_name() {
    let u = uses("use super::{act::{self, Act}, brain::Brain as B, fan};\npub use a::b::*;");
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
fn paths_in_code_are_found_but_not_in_comments_strings_or_tests() {
    let src = "// crate::a::b\nfn f() { crate::ledger::start(); let s = \"crate::x::y\"; }\n\
               /// [`x`]: crate::doc::Link\n#[cfg(test)]\nmod tests { use crate::z; }\n\
               fn g() { super::kind::SIGHT; fan::cast(x); 'a'; }";
    let code = without_tests(&strip(src));
    let first = BTreeSet::from(["fan".to_string()]);
    let found: Vec<String> = inline_paths(&code, &first).iter().map(|p| p.join("::")).collect();
    assert_eq!(found, ["crate::ledger::start", "super::kind::SIGHT", "fan::cast"]);
    assert!(uses(&code).is_empty(), "the test module's use is gone");
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
    let module = |code: &str, children: &[&str]| Module {
        code: code.to_string(),
        children: children.iter().map(|c| c.to_string()).collect(),
        file: PathBuf::new(),
        reexports: BTreeMap::new(),
    };
    modules.insert(p(""), module("mod a;\nmod b;", &["a", "b"]));
    let mut a = module("mod inner;\npub use inner::X;", &["inner"]);
    a.reexports.insert("X".into(), p("a::inner::X"));
    modules.insert(p("a"), a);
    modules.insert(p("a::inner"), module("pub struct X;", &[]));
    modules.insert(p("b"), module("pub use crate::a::X;", &[]));
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
        let code = strip(&std::fs::read_to_string(file).expect("a source file"));
        for (at, _) in code.match_indices("Stream::new(") {
            let args = &code[at + "Stream::new(".len()..];
            let number = args.split_once(',').map_or("", |(_, n)| n).trim_start();
            let named = number.starts_with(|c: char| c.is_alphabetic() || c == '_');
            assert!(named, "{}: a stream drawn by a number not in the register", file.display());
            drawn += 1;
        }
    }
    assert!(drawn > 20, "only {drawn} streams found");
}

#[test]
fn every_binary_is_read_as_a_crate_of_its_own_with_its_modules() {
    let all = crates();
    let browser = all.iter().find(|(n, _)| n == "theworld's binary browser").expect("browser");
    let modules = read_crate(&browser.1);
    for m in ["chromium", "look", "selftest", "visit"] {
        assert!(modules.contains_key(&vec![m.to_string()]), "{m} of the browser binary");
    }
    for name in ["theworld's binary blocks", "bodies (its binary)", "crowd (its binary)"] {
        assert!(all.iter().any(|(n, _)| n == name), "{name}");
    }
}
