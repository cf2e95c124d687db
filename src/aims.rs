//! Aims, held as data: each aim the book sets, and the blocks that judge it.
//!
//! An aim stated in a sentence is judged once, on the design of the round that set it, and a
//! later round that meets it leaves the old verdict standing. So each aim is declared once, where
//! it is first stated, in an HTML comment the rendered page does not show:
//!
//! ```text
//! - **30,000 creatures in 25 ms**: a crowd ten times this one in half the budget.
//!   <!-- aim: crowd-30k "30,000 creatures in 25 ms" | the split: crowd-fit-clock[1000  150000].5 <= 25 | now (the fifth round): bands-clock[30000 creatures > crew 2, by bands] <= 25 -->
//! ```
//!
//! After `aim:` come the aim's name (unique in the book), its figure in quotes, and then, each
//! after a `|`, a *judge*: the design it was taken on, a colon, and a comparison in the figures'
//! language ([`crate::figures`]) whose verdict says whether the aim is met there. Judges are
//! written in the order the designs were made. The one written `now (...)` judges the design as
//! it stands, and names it between the brackets.
//!
//! The check fails on an aim declared twice, an aim with no judge on the design as it stands, a
//! judge that names a block or a line that is not there or gives no verdict, and a judge on the
//! design as it stands that reads no block or a block pinned to an older stage by `--as-of`.
//!
//! Every aim's standing is also given to the figures as a block of its own, `aims`, two lines per
//! aim: its name, a colon, and the first design whose judge says met, or `not yet`; and its name,
//! `aimed at:` and its figure. So a page can say where an aim stands with
//! `<!--= aims[crowd-30k:]#1.. -->`, and what it asks with `<!--= aims[crowd-30k aimed at:]#1.. -->`,
//! never typed.

use std::collections::BTreeMap;

use pulldown_cmark::{Event, Parser};

use crate::console;
use crate::figures::{self, Named, Page, Value};

/// How a declaration opens.
pub const OPEN: &str = "<!-- aim:";

/// The name of the block that holds where every aim stands.
pub const BLOCK: &str = "aims";

/// What the block says of an aim no design has met.
pub const NOT_YET: &str = "not yet";

/// One judge of an aim: the design it was taken on, and the comparison that gives its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Judge {
    pub design: String,
    /// Whether this judges the design as it stands.
    pub now: bool,
    pub expr: String,
}

/// One aim, as its page declares it.
#[derive(Clone, Debug, PartialEq)]
pub struct Aim {
    pub name: String,
    /// The aim in words, as the page first states it.
    pub figure: String,
    pub judges: Vec<Judge>,
    /// The page and line (from 1) it is declared on, as a report names them.
    pub at: String,
}

/// Splits `s` at each `sep` that stands outside square brackets, where a block's label may hold
/// any character.
fn split_outside(s: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0usize, 0);
    for (i, c) in s.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            c if c == sep && depth == 0 => {
                parts.push(&s[from..i]);
                from = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&s[from..]);
    parts
}

/// One declaration's text, between `aim:` and `-->`, read into an aim.
pub fn read(body: &str, at: &str) -> Result<Aim, String> {
    let parts = split_outside(body, '|');
    let head = parts[0].trim();
    let (name, figure) = head
        .split_once(char::is_whitespace)
        .map(|(n, f)| (n, f.trim()))
        .ok_or_else(|| format!("an aim needs a name and its figure in quotes, not `{head}`"))?;
    let valid = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if name.is_empty() || !name.chars().all(valid) {
        return Err(format!("`{name}` is not an aim's name: letters, digits, `-` and `_`"));
    }
    let figure = figure
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .filter(|f| !f.trim().is_empty())
        .ok_or_else(|| format!("the aim `{name}` needs its figure in quotes after its name"))?;
    let mut judges = Vec::new();
    for part in &parts[1..] {
        let (design, expr) = part
            .split_once(':')
            .map(|(d, e)| (d.trim(), e.trim()))
            .filter(|(d, e)| !d.is_empty() && !e.is_empty())
            .ok_or_else(|| {
                format!("the aim `{name}`: a judge is `design: comparison`, not `{}`", part.trim())
            })?;
        let (design, now) = match design.strip_prefix("now") {
            Some(rest) => {
                let inner = rest.trim().strip_prefix('(').and_then(|r| r.strip_suffix(')'));
                let inner = inner.map(str::trim).filter(|i| !i.is_empty()).ok_or_else(|| {
                    format!("the aim `{name}`: write the design as it stands `now (its name)`")
                })?;
                (inner, true)
            }
            None => (design, false),
        };
        judges.push(Judge { design: design.to_string(), now, expr: expr.to_string() });
    }
    Ok(Aim { name: name.to_string(), figure: figure.to_string(), judges, at: at.to_string() })
}

/// Every aim a page declares, read as mdBook reads the page, so that a comment inside a code
/// block is not taken for one; and the problems of those that cannot be read.
pub fn declared(page: &Page, problems: &mut Vec<String>) -> Vec<Aim> {
    let text = &page.text;
    let mut starts = Vec::new();
    for (event, range) in Parser::new(text).into_offset_iter() {
        if let Event::Html(_) | Event::InlineHtml(_) = event {
            let mut from = range.start;
            while let Some(i) = text[from..range.end].find(OPEN) {
                starts.push(from + i);
                from += i + OPEN.len();
            }
        }
    }
    starts.dedup();
    let mut found = Vec::new();
    for start in starts {
        let line = text[..start].matches('\n').count() + 1;
        let at = format!("{}:{line}", page.name);
        let body_at = start + OPEN.len();
        let Some(end) = text[body_at..].find("-->") else {
            problems.push(format!("{at}: an aim whose comment never closes"));
            continue;
        };
        match read(&text[body_at..body_at + end], &at) {
            Ok(aim) => found.push(aim),
            Err(e) => problems.push(format!("{at}: {e}")),
        }
    }
    found
}

/// The names of the blocks an expression reads: each word standing before a `[`.
fn blocks_read(expr: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut depth = 0usize;
    let mut word = String::new();
    for c in expr.chars() {
        match c {
            '[' if depth == 0 => {
                if !word.is_empty() {
                    names.push(std::mem::take(&mut word));
                }
                depth += 1;
            }
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            c if depth == 0 && (c.is_alphanumeric() || c == '-' || c == '_') => word.push(c),
            _ if depth == 0 => word.clear(),
            _ => {}
        }
    }
    names
}

/// Every named block's command, by its name.
fn commands(pages: &[Page]) -> BTreeMap<String, String> {
    let mut all = BTreeMap::new();
    for p in pages {
        let Ok(blocks) = console::parse(&p.text) else { continue };
        for b in &blocks {
            if let Some(n) = figures::name(&p.text, b) {
                all.entry(n).or_insert_with(|| b.command.clone());
            }
        }
    }
    all
}

/// Every aim the pages declare, each once: a name declared again is a problem, at the second.
fn declared_once(pages: &[Page], problems: &mut Vec<String>) -> Vec<Aim> {
    let mut aims: Vec<Aim> = Vec::new();
    for p in pages {
        for aim in declared(p, problems) {
            if let Some(first) = aims.iter().find(|a| a.name == aim.name) {
                problems.push(format!(
                    "{}: the aim `{}` is declared already, at {}: declare an aim once, where it \
                     is first stated",
                    aim.at, aim.name, first.at
                ));
                continue;
            }
            aims.push(aim);
        }
    }
    aims
}

/// The problems of a judge on the design as it stands that reads no block, or a block whose
/// command pins an older stage with `--as-of`.
fn as_it_stands(says: &str, j: &Judge, commands: &BTreeMap<String, String>) -> Vec<String> {
    let read = blocks_read(&j.expr);
    let mut problems = Vec::new();
    if read.is_empty() {
        problems.push(format!(
            "{says}: the judge on the design as it stands reads no block: `{}`",
            j.expr
        ));
    }
    for b in read {
        let pinned = commands.get(&b).filter(|c| c.split_whitespace().any(|w| w == "--as-of"));
        if let Some(c) = pinned {
            problems.push(format!(
                "{says}: the block `{b}` times an older stage (`{c}`), not the design as it stands"
            ));
        }
    }
    problems
}

/// One aim's judges read over the named blocks: the first design whose judge says met, with a
/// problem for each fault.
fn verdicts(
    aim: &Aim,
    named: &Named,
    commands: &BTreeMap<String, String>,
    problems: &mut Vec<String>,
) -> Option<String> {
    if !aim.judges.iter().any(|j| j.now) {
        problems.push(format!(
            "{}: the aim `{}` (\"{}\") has no judge on the design as it stands: add \
             `| now (its name): comparison` reading the blocks that time it",
            aim.at, aim.name, aim.figure
        ));
    }
    let mut met = None;
    for j in &aim.judges {
        let says = format!("{}: the aim `{}` on {}", aim.at, aim.name, j.design);
        match figures::eval(&j.expr, named) {
            Ok(Value::Truth(t)) => {
                if t && met.is_none() {
                    met = Some(j.design.clone());
                }
            }
            Ok(other) => problems.push(format!(
                "{says}: the judge `{}` gives {other:?}, not a verdict: compare it with the aim's \
                 figure",
                j.expr
            )),
            Err(e) => problems.push(format!("{says}: the judge `{}` cannot be read: {e}", j.expr)),
        }
        if j.now {
            problems.extend(as_it_stands(&says, j, commands));
        }
    }
    met
}

/// Every aim of the book, checked against the named blocks, with a problem for each fault; and
/// where each stands, added to `named` as the block [`BLOCK`].
pub fn judge(pages: &[Page], named: &mut Named, problems: &mut Vec<String>) -> Vec<Aim> {
    let aims = declared_once(pages, problems);
    let commands = commands(pages);
    let mut standing = String::new();
    for aim in &aims {
        let met = verdicts(aim, named, &commands, problems).unwrap_or_else(|| NOT_YET.to_string());
        standing.push_str(&format!("{}: {met}\n{} aimed at: {}\n", aim.name, aim.name, aim.figure));
    }
    if let Some((_, there)) = named.get(BLOCK) {
        problems.push(format!(
            "{there}: the block name `{BLOCK}` is kept for where the aims stand: name it otherwise"
        ));
    } else {
        named.insert(BLOCK.to_string(), (standing, "the aims declared in the book".to_string()));
    }
    aims
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCKS: &str = "<!-- block: fit -->\n*Measured on a toaster.*\n```console,measured\n$ x fit\n  30000 creatures  13.7 ms\n```\n\n<!-- block: old -->\n*Measured on a toaster.*\n```console,measured\n$ x fit --as-of split\n  30000 creatures  27.1 ms\n```\n";

    fn book(text: &str) -> Vec<Page> {
        vec![Page { path: "p.md".into(), name: "p.md".into(), text: format!("{BLOCKS}{text}") }]
    }

    fn run(text: &str) -> (Vec<Aim>, Vec<String>, Named) {
        let pages = book(text);
        let mut problems = Vec::new();
        let mut named = figures::named(&pages, &mut problems);
        let aims = judge(&pages, &mut named, &mut problems);
        (aims, problems, named)
    }

    #[test]
    fn a_declaration_is_read_with_its_judges_in_order() {
        let a = read(
            r#" fast "30,000 in 25 ms" | the split: old[30000] <= 25 | now (bands): fit[30000 creatures] <= 25 "#,
            "p.md:3",
        )
        .unwrap();
        assert_eq!((a.name.as_str(), a.figure.as_str()), ("fast", "30,000 in 25 ms"));
        let designs: Vec<(&str, bool)> =
            a.judges.iter().map(|j| (j.design.as_str(), j.now)).collect();
        assert_eq!(designs, [("the split", false), ("bands", true)]);
        assert_eq!(a.judges[1].expr, "fit[30000 creatures] <= 25");
        for bad in ["", "fast", "fast 30", "fast \"x\" | now: fit[a] < 1", "fast \"x\" | : 1 < 2"] {
            assert!(read(bad, "p.md:1").is_err(), "{bad}");
        }
    }

    #[test]
    fn the_book_passes_when_every_aim_is_judged_as_it_stands() {
        // The first aim's comment runs over three lines, as the measuring appendix shows one.
        let page = "An aim.\n<!-- aim: fast \"30,000 in 25 ms\"\n  | the split: old[30000] <= 25\n  | now (bands): fit[30000] <= 25 -->\n\nAnother, inline <!-- aim: faster \"in 10 ms\" | now (bands): fit[30000] <= 10 --> here.\n";
        let (aims, problems, named) = run(page);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(aims.len(), 2);
        assert_eq!(
            named[BLOCK].0,
            "fast: bands\nfast aimed at: 30,000 in 25 ms\nfaster: not yet\nfaster aimed at: in 10 ms\n"
        );
        let v = figures::eval("aims[fast aimed at:]#1..", &named).unwrap();
        assert_eq!(v, Value::Text("30,000 in 25 ms".into()));
        let v = figures::eval("aims[fast:]#1..", &named).unwrap();
        assert_eq!(v, Value::Text("bands".into()));
        let v = figures::eval("aims[faster:]#1..", &named).unwrap();
        assert_eq!(v, Value::Text("not yet".into()));
    }

    #[test]
    fn each_fault_is_a_problem_at_its_line() {
        let page = "<!-- aim: nobody \"30,000 in 25 ms\" | the split: old[30000] <= 25 -->\n\n\
             <!-- aim: broken \"x\" | now (bands): fit[40000] <= 25 | the split: gone[30000] <= 1 -->\n\n\
             <!-- aim: stale \"x\" | now (bands): old[30000] <= 25 -->\n\n\
             <!-- aim: bare \"x\" | now (bands): fit[30000] | old (the split): 1 < 2 -->\n\n\
             <!-- aim: nobody \"again\" | now (bands): fit[30000] <= 25 -->\n\n\
             ```text\n<!-- aim: in-code \"not an aim\" -->\n```\n";
        let (aims, problems, _) = run(page);
        let all = problems.join("\n");
        assert_eq!(aims.len(), 4, "{all}");
        assert_eq!(problems.len(), 6, "{all}");
        let line = |n: usize| format!("p.md:{}:", n + BLOCKS.lines().count());
        assert!(
            all.contains(&format!(
                "{} the aim `nobody` (\"30,000 in 25 ms\") has no judge on the design as it stands",
                line(1)
            )),
            "{all}"
        );
        assert!(
            all.contains("`fit[40000] <= 25` cannot be read: fit[40000]: no line contains `40000`"),
            "{all}"
        );
        assert!(
            all.contains("`gone[30000] <= 1` cannot be read: no block is named `gone`"),
            "{all}"
        );
        assert!(
            all.contains(&format!(
                "{} the aim `stale` on bands: the block `old` times an older stage",
                line(5)
            )),
            "{all}"
        );
        assert!(all.contains("the judge `fit[30000]` gives Num"), "{all}");
        assert!(
            all.contains(&format!(
                "{} the aim `nobody` is declared already, at {}",
                line(9),
                line(1)
            )),
            "{all}"
        );
    }

    #[test]
    fn a_block_named_like_the_aims_is_refused() {
        let page = "<!-- block: aims -->\n```console\n$ x\ny\n```\n";
        let (_, problems, _) = run(page);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("is kept for where the aims stand"), "{problems:?}");
    }
}
