//! Figures in the prose, read from the blocks they quote.
//!
//! A console block's output is checked against its command; a number the prose quotes from it
//! would not be, and every re-measure would leave the prose behind. So a figure the prose takes
//! from a block is written as a *reference*: the expression that reads it, between two HTML
//! comments, with the figure as it stands now between them.
//!
//! ```text
//! The phase takes <!--= was[a whole tick] ; 2 ms -->6.05 ms<!--/--> a tick.
//! ```
//!
//! The comments are invisible on the rendered page, which shows the plain figure; in the
//! markdown the figure stays in its sentence. `just bless` and `just measure` fill every
//! reference in from the blocks as the page now holds them; `just verify` fails where a filled-in
//! figure is not what its expression gives, or where the expression names a block, a line or a
//! field that is not there. This is MyST-NB's `glue` turned round: the figure is written into the
//! source, so the page reads the same with or without the book check.
//!
//! - A block is named by a comment on the line above it, or above its `*Measured on*` line:
//!   `<!-- block: was -->`. Names are the whole book's, so a page may quote another's block.
//! - `was[a whole tick]` is the first number on the one line of block `was` containing
//!   `a whole tick`, after that text; `.2` after it is the second such number, `.-1` the first
//!   number before the label counting back from it (a profile's share, printed before the
//!   function's name), `#3` the third word after the label (a digest, say) as text, `#3..` that
//!   word and the rest of the line.
//!   `was[at 30,000 > crew 2]` is the first line containing `crew 2` after the one line
//!   containing `at 30,000`.
//! - Numbers combine with `+ - * /`, brackets and literals; a comparison (`>=`, `<`, `==`, ...)
//!   gives a verdict.
//! - After `;`, the format: `2 ms` is two decimals then ` ms`, `,0` thousands separators and
//!   none, `? met : missed` the words for a true and a false verdict. A lone cell needs none: it
//!   is shown as the block prints it.
//!
//! The other half is [`typed`]: every number in prose that looks like a measured or computed
//! figure and is neither a reference nor on the book's list of fixed figures
//! (`book/fixed.toml`, each with its reason).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;

use crate::console::{self, Block};
use crate::markdown;

/// How a reference opens, and how its figure closes.
pub const OPEN: &str = "<!--=";
pub const CLOSE: &str = "<!--/-->";

/// One reference on a page.
#[derive(Clone, Debug, PartialEq)]
pub struct Ref {
    /// The page's line (from 1) it opens on.
    pub line: usize,
    /// The expression, and the format after `;` (empty when none).
    pub expr: String,
    pub format: String,
    /// Where the figure between the markers lies in the page's text, and what it says now.
    pub span: std::ops::Range<usize>,
    pub shown: String,
}

/// Every reference on a page, or the first malformed one.
pub fn refs(page: &str) -> Result<Vec<Ref>, String> {
    let code = markdown::code(page);
    let line_of = |at: usize| markdown::line_of(page, at);
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = page[from..].find(OPEN).map(|i| i + from) {
        if markdown::in_code(&code, i..i + 1) {
            from = i + OPEN.len();
            continue;
        }
        let line = line_of(i);
        let line_start = page[..i].rfind('\n').map_or(0, |n| n + 1);
        if page[line_start..i].trim().is_empty() {
            return Err(format!(
                "line {line}: a reference may not open a line (markdown would take the line for \
                 raw HTML): keep a word before it"
            ));
        }
        let body_at = i + OPEN.len();
        let shut = page[body_at..]
            .find("-->")
            .ok_or_else(|| format!("line {line}: a reference whose comment never closes"))?;
        let body = &page[body_at..body_at + shut];
        let value_at = body_at + shut + 3;
        let end = page[value_at..].find(CLOSE).map(|e| e + value_at).ok_or_else(|| {
            format!("line {line}: a reference with no `{CLOSE}` after its figure")
        })?;
        let shown = &page[value_at..end];
        if shown.contains('\n') || shown.contains("<!--") {
            return Err(format!(
                "line {line}: a reference's figure must end, with `{CLOSE}`, on its line"
            ));
        }
        let (expr, format) = body.split_once(';').unwrap_or((body, ""));
        found.push(Ref {
            line,
            expr: expr.trim().to_string(),
            format: format.trim().to_string(),
            span: value_at..end,
            shown: shown.to_string(),
        });
        from = end + CLOSE.len();
    }
    Ok(found)
}

/// A block's name, from the comment on the line above it (or above its `*Measured on*` line),
/// as markdown reads the page: a comment over two lines names the block as one on a line does.
pub fn name(page: &str, b: &Block) -> Option<String> {
    let mut above = b.open.checked_sub(1)?;
    let starts: Vec<usize> = std::iter::once(0)
        .chain(page.match_indices('\n').map(|(i, _)| i + 1))
        .take(b.open + 1)
        .collect();
    if page[starts[above]..].starts_with("*Measured on") {
        above = above.checked_sub(1)?;
    }
    let inner = markdown::comment_above(page, starts[above + 1])?;
    Some(inner.trim_start().strip_prefix("block:")?.trim().to_string())
}

/// Every named block of the book: its output, and the page and line it stands at.
pub type Named = BTreeMap<String, (String, String)>;

/// A value an expression gives: a number, a word of a block, or a verdict.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// The number, and the text it stood as in the block when it is a lone cell.
    Num(f64, Option<String>),
    Text(String),
    Truth(bool),
}

/// A number as a block writes one, with what follows it when that is a unit: `6.054`,
/// `30,000`, `38.4%`, `1.40x`, `-0.5`. Not a digest (`4ed5a9`), a date, or `150x100`.
pub fn number(token: &str) -> Option<f64> {
    let t = token.trim_matches(|c: char| "()[],;:".contains(c));
    let digits_end = t
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || c == ',' || (i == 0 && c == '-')))
        .map_or(t.len(), |(i, _)| i);
    let (num, unit) = t.split_at(digits_end);
    if unit.chars().any(|c| c.is_ascii_digit()) || !num.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let num = num.trim_end_matches('.');
    let groups: Vec<&str> = num.split(',').collect();
    let grouped = groups.len() == 1
        || (groups[0].trim_start_matches('-').len() <= 3
            && groups[1..].iter().enumerate().all(|(k, g)| {
                let whole =
                    if k + 2 == groups.len() { g.split('.').next().unwrap_or("") } else { g };
                whole.len() == 3
            }));
    if !grouped {
        return None;
    }
    num.replace(',', "").parse().ok()
}

/// The words of a line after `from`, as the block prints them, less the brackets and commas
/// that hold them in a sentence or a table.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == '|')
        .map(|w| w.trim_matches(|c: char| "()[],;".contains(c)))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The line a label path picks in a block's output: what stands before the label on it, and
/// what after.
fn pick<'a>(output: &'a str, path: &str) -> Result<(&'a str, &'a str), String> {
    let lines: Vec<&str> = output.lines().collect();
    let parts: Vec<&str> = path.split(" > ").map(str::trim).collect();
    let mut from = 0;
    let (mut before, mut rest) = ("", "");
    for (k, part) in parts.iter().enumerate() {
        let hits: Vec<usize> = (from..lines.len()).filter(|&i| lines[i].contains(part)).collect();
        let at = match (k, hits.as_slice()) {
            (_, []) => return Err(format!("no line contains `{part}`")),
            (0, [one]) => *one,
            (0, many) => {
                return Err(format!("{} lines contain `{part}`: name a longer label", many.len()));
            }
            (_, [first, ..]) => *first,
        };
        let line = lines[at];
        let found = line.find(part).unwrap_or(0);
        (before, rest) = (&line[..found], &line[found + part.len()..]);
        from = at + 1;
    }
    Ok((before, rest))
}

/// A small expression reader over the cells of named blocks.
struct Reader<'a> {
    s: &'a str,
    at: usize,
    named: &'a Named,
    /// Brackets open around the reader's place: each is a call deeper, so their number is
    /// bounded ([`DEEPEST`]) rather than left to the stack.
    depth: usize,
}

/// The most brackets an expression may open inside one another: far more than a figure needs,
/// far fewer than would overflow the stack.
const DEEPEST: usize = 64;

/// The most decimals a format may ask for: more than a double holds (17 significant digits).
const MOST_PLACES: usize = 20;

impl Reader<'_> {
    fn skip(&mut self) {
        while self.s[self.at..].starts_with(char::is_whitespace) {
            self.at += self.s[self.at..].chars().next().map_or(1, char::len_utf8);
        }
    }

    fn eat(&mut self, op: &str) -> bool {
        self.skip();
        if self.s[self.at..].starts_with(op) {
            self.at += op.len();
            true
        } else {
            false
        }
    }

    fn verdict(&mut self) -> Result<Value, String> {
        let left = self.sum()?;
        for op in [">=", "<=", "==", "!=", ">", "<"] {
            if self.eat(op) {
                let right = self.sum()?;
                let truth = match (&left, &right) {
                    (Value::Num(a, _), Value::Num(b, _)) => match op {
                        ">=" => a >= b,
                        "<=" => a <= b,
                        "==" => a == b,
                        "!=" => a != b,
                        ">" => a > b,
                        _ => a < b,
                    },
                    (Value::Text(a), Value::Text(b)) if op == "==" => a == b,
                    (Value::Text(a), Value::Text(b)) if op == "!=" => a != b,
                    _ => return Err(format!("`{op}` cannot compare {left:?} with {right:?}")),
                };
                return Ok(Value::Truth(truth));
            }
        }
        Ok(left)
    }

    fn sum(&mut self) -> Result<Value, String> {
        let mut v = self.product()?;
        loop {
            let op = if self.eat("+") {
                '+'
            } else if self.eat("-") {
                '-'
            } else {
                return Ok(v);
            };
            let w = self.product()?;
            v = Value::Num(if op == '+' { num(&v)? + num(&w)? } else { num(&v)? - num(&w)? }, None);
        }
    }

    fn product(&mut self) -> Result<Value, String> {
        let mut v = self.atom()?;
        loop {
            let op = if self.eat("*") {
                '*'
            } else if self.eat("/") {
                '/'
            } else {
                return Ok(v);
            };
            let w = self.atom()?;
            let (a, b) = (num(&v)?, num(&w)?);
            if op == '/' && b == 0.0 {
                return Err("a division by zero".into());
            }
            v = Value::Num(if op == '*' { a * b } else { a / b }, None);
        }
    }

    fn atom(&mut self) -> Result<Value, String> {
        self.skip();
        if self.eat("(") {
            if self.depth == DEEPEST {
                return Err(format!("brackets more than {DEEPEST} deep: write it flatter"));
            }
            self.depth += 1;
            let v = self.sum()?;
            self.depth -= 1;
            if !self.eat(")") {
                return Err("a `(` that never closes".into());
            }
            return Ok(v);
        }
        let rest = &self.s[self.at..];
        let lit = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        if lit > 0 {
            self.at += lit;
            return rest[..lit].parse().map(|n| Value::Num(n, None)).map_err(|e| e.to_string());
        }
        let name_end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        if name.is_empty() || !rest[name_end..].starts_with('[') {
            return Err(format!("expected a number or `block[label]` at `{rest}`"));
        }
        let label_end = rest[name_end..]
            .find(']')
            .map(|e| e + name_end)
            .ok_or_else(|| format!("`{name}[` with no `]`"))?;
        let label = &rest[name_end + 1..label_end];
        self.at += label_end + 1;
        self.cell(name, label)
    }

    /// The cell `name[label]` and what follows it in the expression picks.
    fn cell(&mut self, name: &str, label: &str) -> Result<Value, String> {
        let (output, _) =
            self.named.get(name).ok_or_else(|| format!("no block is named `{name}`"))?;
        let (before, after) = pick(output, label).map_err(|e| format!("{name}[{label}]: {e}"))?;
        // `.k` the k-th number after the label, `.-k` the k-th before it counting back from
        // the label (a profile prints its shares before the function's name), `#k` the k-th
        // word after it, `#k..` that word and every one after it on the line.
        let (kind, k) = if self.eat("#") {
            let k = self.index()?;
            if self.eat("..") {
                let all = words(after);
                let rest = all
                    .get(k - 1..)
                    .filter(|r| !r.is_empty())
                    .ok_or_else(|| format!("{name}[{label}] has no word {k} after its label"))?;
                return Ok(Value::Text(rest.join(" ")));
            }
            ('#', k)
        } else if self.eat(".-") {
            ('<', self.index()?)
        } else if self.eat(".") {
            ('.', self.index()?)
        } else {
            ('.', 1)
        };
        let all =
            if kind == '<' { words(before).into_iter().rev().collect() } else { words(after) };
        let side = if kind == '<' { "before" } else { "after" };
        let cell = |what: &str| format!("{name}[{label}] has no {what} {k} {side} its label");
        if kind == '#' {
            let w = all.get(k - 1).ok_or_else(|| cell("word"))?;
            return Ok(Value::Text((*w).to_string()));
        }
        let (w, n) = all
            .iter()
            .filter_map(|w| number(w).map(|n| (*w, n)))
            .nth(k - 1)
            .ok_or_else(|| cell("number"))?;
        Ok(Value::Num(n, Some(w.trim_matches(|c: char| "()[],;:".contains(c)).to_string())))
    }

    fn index(&mut self) -> Result<usize, String> {
        let rest = &self.s[self.at..];
        let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        self.at += end;
        rest[..end].parse().ok().filter(|&k| k > 0).ok_or_else(|| "a field counts from 1".into())
    }
}

fn num(v: &Value) -> Result<f64, String> {
    match v {
        Value::Num(n, _) => Ok(*n),
        other => Err(format!("{other:?} is not a number")),
    }
}

/// What an expression gives over the named blocks.
pub fn eval(expr: &str, named: &Named) -> Result<Value, String> {
    let mut r = Reader { s: expr, at: 0, named, depth: 0 };
    let v = r.verdict()?;
    r.skip();
    if r.at < expr.len() {
        return Err(format!("cannot read `{}`", &expr[r.at..]));
    }
    Ok(v)
}

/// A value as its format shows it.
pub fn show(v: &Value, format: &str) -> Result<String, String> {
    if let Some(words) = format.strip_prefix('?') {
        let (yes, no) = words
            .split_once(" : ")
            .ok_or_else(|| format!("a verdict's format is `? yes : no`, not `{format}`"))?;
        return match v {
            Value::Truth(t) => Ok(if *t { yes.trim() } else { no.trim() }.to_string()),
            other => Err(format!("`{format}` wants a comparison, not {other:?}")),
        };
    }
    match (v, format) {
        (Value::Text(t), "") => Ok(t.clone()),
        (Value::Num(_, Some(t)), "") => Ok(t.clone()),
        (Value::Num(_, None), "") => Err("a figure worked out needs a format after `;`".into()),
        (Value::Num(n, _), f) => {
            let grouped = f.starts_with(',');
            let f = f.trim_start_matches(',');
            let digits = f.find(|c: char| !c.is_ascii_digit()).unwrap_or(f.len());
            let places: usize =
                f[..digits].parse().ok().filter(|&p| p <= MOST_PLACES).ok_or_else(|| {
                    format!("`{f}` does not start with decimals (0 to {MOST_PLACES})")
                })?;
            let mut s = format!("{n:.places$}");
            if s.starts_with('-') && s.trim_start_matches(['-', '0', '.']).is_empty() {
                s.remove(0);
            }
            if grouped {
                s = group(&s);
            }
            Ok(format!("{s}{}", &f[digits..]))
        }
        (other, f) => Err(format!("{other:?} cannot be shown as `{f}`")),
    }
}

/// `1234567.5` as `1,234,567.5`.
fn group(s: &str) -> String {
    let (sign, s) = s.strip_prefix('-').map_or(("", s), |r| ("-", r));
    let (whole, frac) = s.split_once('.').map_or((s, None), |(w, f)| (w, Some(f)));
    let mut out = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    match frac {
        Some(f) => format!("{sign}{out}.{f}"),
        None => format!("{sign}{out}"),
    }
}

/// A page of the book as the figures see it.
#[derive(Clone)]
pub struct Page {
    pub path: PathBuf,
    pub name: String,
    pub text: String,
}

/// Every named block on these pages, with a problem for each name given twice.
pub fn named(pages: &[Page], problems: &mut Vec<String>) -> Named {
    let mut all = Named::new();
    for p in pages {
        let Ok(blocks) = console::parse(&p.text) else { continue };
        for b in &blocks {
            let Some(n) = name(&p.text, b) else { continue };
            let at = format!("{}:{}", p.name, b.open + 1);
            if let Some((_, there)) = all.get(&n) {
                problems.push(format!("{at}: the block name `{n}` is taken already, at {there}"));
                continue;
            }
            all.insert(n, (b.output.clone(), at));
        }
    }
    all
}

/// Each page's text with every reference filled in from the blocks `named` holds (the pages'
/// own, and any the caller adds, such as where the aims stand), and the problems: a reference
/// that does not resolve, and (when `verify`) one whose figure is not what it gives.
pub fn fill(pages: &[Page], named: &Named, verify: bool) -> (Vec<Option<String>>, Vec<String>) {
    let mut problems = Vec::new();
    let mut out = Vec::new();
    for p in pages {
        let found = match refs(&p.text) {
            Ok(f) => f,
            Err(e) => {
                problems.push(format!("{}:{e}", p.name));
                out.push(None);
                continue;
            }
        };
        let mut text = String::new();
        let mut next = 0;
        for r in &found {
            let at = format!("{}:{}", p.name, r.line);
            let now = match eval(&r.expr, named).and_then(|v| show(&v, &r.format)) {
                Ok(s) => s,
                Err(e) => {
                    problems.push(format!("{at}: the figure `{}` cannot be read: {e}", r.expr));
                    r.shown.clone()
                }
            };
            if verify && now != r.shown {
                problems.push(format!(
                    "{at}: the prose says `{}` where `{}` now gives `{now}` (run `just bless`)",
                    r.shown, r.expr
                ));
            }
            text.push_str(&p.text[next..r.span.start]);
            text.push_str(&now);
            next = r.span.end;
        }
        text.push_str(&p.text[next..]);
        out.push((text != p.text).then_some(text));
    }
    (out, problems)
}

/// A figure typed into the prose, where a reader should have met a reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    pub line: usize,
    pub figure: String,
}

/// One figure the book may type: text it stands in (a regular expression), and why.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Fixed {
    pub text: String,
    pub why: String,
    /// Only on this page, when given.
    #[serde(default)]
    pub page: Option<String>,
    /// The code's constant the figure is, for a size or a limit set by design.
    #[serde(default)]
    pub pin: Option<String>,
}

/// The book's list of fixed figures, `book/fixed.toml`.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct FixedList {
    #[serde(default)]
    pub fixed: Vec<Fixed>,
}

/// Where each entry's pattern stands in book/fixed.toml, read beside the list itself.
#[derive(serde::Deserialize)]
struct Patterns {
    #[serde(default)]
    fixed: Vec<Pattern>,
}

#[derive(serde::Deserialize)]
struct Pattern {
    text: toml::Spanned<String>,
}

impl FixedList {
    /// The list, or one line saying what is wrong with it and at which line of the file: TOML
    /// that does not parse, or a pattern that is not one (each checked here once, not again
    /// for every page).
    pub fn read(root: &Path) -> Result<FixedList, String> {
        let path = root.join("book/fixed.toml");
        let t = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(FixedList::default()),
            Err(e) => return Err(format!("book/fixed.toml: {e}")),
        };
        let line = |at: usize| t[..at.min(t.len())].matches('\n').count() + 1;
        let parse_error = |e: toml::de::Error| {
            let at = e.span().map_or(1, |s| line(s.start));
            let what = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
            format!("book/fixed.toml:{at}: {what}")
        };
        let list: FixedList = toml::from_str(&t).map_err(parse_error)?;
        let patterns: Patterns = toml::from_str(&t).map_err(parse_error)?;
        for p in &patterns.fixed {
            if let Err(e) = regex::Regex::new(p.text.get_ref()) {
                let why = e.to_string();
                let why = why.lines().last().unwrap_or("").trim_start_matches("error: ");
                return Err(format!(
                    "book/fixed.toml:{}: `{}` is not a pattern: {why}",
                    line(p.text.span().start),
                    p.text.get_ref()
                ));
            }
        }
        Ok(list)
    }
}

/// What looks like a figure: a number with a point or a thousands separator, or with a unit or
/// "times" after it. Compiled once, not once a page.
static FIGURE: LazyLock<Regex> = LazyLock::new(|| {
    let number = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?";
    let unit = r"(?:\s?(?:ms|µs|us|ns|s|KB|MB|GB|KiB|MiB|GiB|GB/s|MB/s|%|x|×| times| per cent)(?:\b|$|\W))?";
    Regex::new(&format!(r"(?:^|[^\w./#^-])(?P<f>{number}{unit})"))
        .unwrap_or_else(|e| panic!("the figure pattern: {e}"))
});

/// What a prose line blanks out beside its comments: inline code, includes, link targets and
/// HTML tags. Compiled once, not once a line.
static HIDDEN: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    [r"`[^`]*`", r"\{\{[^}]*\}\}", r"\]\([^)]*\)", r"<[^>]*>"]
        .iter()
        .map(|re| Regex::new(re).unwrap_or_else(|e| panic!("the pattern {re}: {e}")))
        .collect()
});

/// Whether a matched number is a figure: a point, a separator, or a unit after it.
fn is_figure(m: &str) -> bool {
    let m = m.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '%' && c != '×');
    let bare = m.chars().all(|c| c.is_ascii_digit() || c == '-');
    !bare
}

/// The prose of a page with code, includes, comments, references' figures and link targets
/// blanked out (by spaces, so columns stay), line by line.
fn prose(page: &str) -> Vec<String> {
    let refs = refs(page).unwrap_or_default();
    let mut text: Vec<u8> = page.as_bytes().to_vec();
    let hidden = refs.iter().map(|r| r.span.clone()).chain(markdown::comments(page));
    for span in hidden {
        // A comment over several lines keeps its newlines, so the lines stay where they were.
        text[span].iter_mut().filter(|b| **b != b'\n').for_each(|b| *b = b' ');
    }
    let text = String::from_utf8_lossy(&text).into_owned();
    let code = markdown::code(page);
    let mut out = Vec::new();
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        let (start, l) = (at, l.strip_suffix('\n').unwrap_or(l));
        at += l.len() + 1;
        let t = l.trim_start();
        // The machine's line above a measured block is written by `just measure`, not typed.
        if markdown::in_code(&code, start..start + l.len())
            || t.starts_with("{{#")
            || t.starts_with("![")
            || t.starts_with("*Measured on")
        {
            out.push(String::new());
            continue;
        }
        let mut s = l.to_string();
        for re in HIDDEN.iter() {
            s = re.replace_all(&s, |c: &regex::Captures| " ".repeat(c[0].len())).into_owned();
        }
        out.push(s);
    }
    out
}

/// Every figure typed into a page's prose that no entry of the fixed list covers.
pub fn typed(page_name: &str, page: &str, fixed: &FixedList) -> Result<Vec<Typed>, String> {
    let pat = &*FIGURE;
    let mut allowed = Vec::new();
    for f in &fixed.fixed {
        if f.page.as_deref().is_some_and(|p| !page_name.ends_with(p)) {
            continue;
        }
        let re = regex::Regex::new(&f.text)
            .map_err(|e| format!("book/fixed.toml: `{}` is not a pattern: {e}", f.text))?;
        allowed.push(re);
    }
    let mut found = Vec::new();
    for (i, l) in prose(page).iter().enumerate() {
        let covered: Vec<std::ops::Range<usize>> =
            allowed.iter().flat_map(|re| re.find_iter(l).map(|m| m.range())).collect();
        for c in pat.captures_iter(l) {
            let Some(m) = c.name("f") else { continue };
            if !is_figure(m.as_str()) {
                continue;
            }
            let r = m.range();
            if covered.iter().any(|c| c.start <= r.start && r.end <= c.end + 1) {
                continue;
            }
            let mut figure = m.as_str().trim_end().to_string();
            figure = figure
                .trim_end_matches(|c: char| !c.is_alphanumeric() && c != '%' && c != '×')
                .to_string();
            found.push(Typed { line: i + 1, figure });
        }
    }
    Ok(found)
}

/// Every typed figure of these pages, as problems.
pub fn typed_problems(pages: &[Page], fixed: &FixedList) -> Vec<String> {
    let mut problems = Vec::new();
    for p in pages {
        // A page whose references do not parse is already refused for that, at its line; its
        // figures cannot be told from typed ones until it is mended, so they are not listed.
        if refs(&p.text).is_err() {
            continue;
        }
        match typed(&p.name, &p.text, fixed) {
            Ok(all) => {
                for t in all {
                    let mut s = String::new();
                    let _ = write!(
                        s,
                        "{}:{}: the figure `{}` is typed: read it from its block \
                         (`{OPEN} block[label] ; format -->...{CLOSE}`) or list it in \
                         book/fixed.toml with its reason",
                        p.name, t.line, t.figure
                    );
                    problems.push(s);
                }
            }
            Err(e) => problems.push(e),
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(text: &str) -> Vec<Page> {
        vec![Page { path: "p.md".into(), name: "p.md".into(), text: text.into() }]
    }

    const PAGE: &str = "<!-- block: was -->\n*Measured on a toaster.*\n```console,measured\n$ x\n  a whole tick        6.054 ms\n  part of 50 ms        12.1%\n  at 3000\n  crew 1   1.556\n  crew 2   1.112 (1.40x)\n  at 30,000\n  crew 1  16.316\n  crew 2  11.568 (1.41x)\n  digest 4ed5a91e51cf269d\n       13   7.3%  world::beast::think::brain::Brain::think\n```\n";

    #[test]
    fn numbers_are_read_as_blocks_write_them() {
        assert_eq!(number("6.054"), Some(6.054));
        assert_eq!(number("30,000"), Some(30000.0));
        assert_eq!(number("(1.40x)"), Some(1.40));
        assert_eq!(number("38.4%"), Some(38.4));
        assert_eq!(number("-0.5,"), Some(-0.5));
        assert_eq!(number("4ed5a91e51cf269d"), None);
        assert_eq!(number("150x100"), None);
        assert_eq!(number("2026-12-02"), None);
        assert_eq!(number("3,00"), None);
    }

    #[test]
    fn cells_sums_ratios_and_verdicts_are_read_from_the_named_block() {
        let mut p = Vec::new();
        let named = named(&book(PAGE), &mut p);
        assert!(p.is_empty());
        let f = |e: &str, fmt: &str| eval(e, &named).and_then(|v| show(&v, fmt));
        assert_eq!(f("was[a whole tick]", ""), Ok("6.054".into()));
        assert_eq!(f("was[a whole tick]", "2 ms"), Ok("6.05 ms".into()));
        assert_eq!(f("was[part of 50 ms]", ""), Ok("12.1%".into()));
        assert_eq!(f("was[at 30,000 > crew 2].2", ""), Ok("1.41x".into()));
        assert_eq!(f("was[at 3000 > crew 2]", ""), Ok("1.112".into()));
        assert_eq!(
            f("was[at 30,000 > crew 1] / was[at 30,000 > crew 2]", "2x"),
            Ok("1.41x".into())
        );
        assert_eq!(f("was[at 3000 > crew 2].2 >= 1.3", "? met : missed"), Ok("met".into()));
        assert_eq!(f("was[at 30,000 > crew 2].2 >= 1.85", "? met : missed"), Ok("missed".into()));
        assert_eq!(f("was[digest]#1", ""), Ok("4ed5a91e51cf269d".into()));
        assert_eq!(f("was[at 30,000 > crew 2]#1..", ""), Ok("11.568 1.41x".into()));
        assert!(f("was[digest]#2..", "").is_err());
        assert_eq!(f("was[Brain::think].-1", ""), Ok("7.3%".into()));
        assert_eq!(f("was[Brain::think].-2", ""), Ok("13".into()));
        assert!(f("was[Brain::think].-3", "").is_err());
        assert_eq!(f("was[a whole tick] < was[part of 50 ms]", "? yes : no"), Ok("yes".into()));
        assert_eq!(f("was[a whole tick] * 5000", ",0"), Ok("30,270".into()));
        assert_eq!(f("(1 + 2) * 3 - 1", "0"), Ok("8".into()));
        for bad in ["was[crew 1]", "was[nowhere]", "wos[a whole tick]", "was[a whole tick].2"] {
            assert!(f(bad, "").is_err(), "{bad}");
        }
        assert!(f("was[a whole tick] * 2", "").is_err(), "a worked figure needs a format");
        assert!(f("1 / 0", "1").is_err());
    }

    #[test]
    fn a_block_is_named_by_the_comment_above_it_over_one_line_or_two() {
        let page = "<!-- block: one -->\n```console\n$ x\n```\n\n<!-- block:\n     two -->\n*Measured on a toaster.*\n```console,measured\n$ y\n```\n\n<!-- block: none -->\n\n```console\n$ z\n```\n";
        let blocks = console::parse(page).unwrap();
        let names: Vec<Option<String>> = blocks.iter().map(|b| name(page, b)).collect();
        assert_eq!(names, [Some("one".into()), Some("two".into()), None]);
    }

    /// The pages' blocks named, then every reference verified from them, as the book check does
    /// (less the aims, which are the aims module's).
    fn fill_all(pages: &[Page]) -> (Vec<Option<String>>, Vec<String>) {
        let mut problems = Vec::new();
        let named = named(pages, &mut problems);
        let (out, more) = fill(pages, &named, true);
        problems.extend(more);
        (out, problems)
    }

    #[test]
    fn fill_writes_the_figures_and_verify_names_each_wrong_one() {
        let page = format!(
            "{PAGE}\nIt takes <!--= was[a whole tick] ; 1 ms -->9.9 ms<!--/--> and \
             <!--= was[at 3000 > crew 2].2 >= 1.3 ; ? met : missed -->met<!--/--> its aim.\n"
        );
        let (out, problems) = fill_all(&book(&page));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("`9.9 ms` where `was[a whole tick]` now gives `6.1 ms`"));
        let text = out[0].clone().unwrap();
        assert!(text.contains("-->6.1 ms<!--/--> and"));
        assert!(refs("<!--= was[x] -->1<!--/--> opens a line").is_err());
        assert!(refs("a <!--= was[x] -->1 never closes").is_err());
        let (again, problems) = fill_all(&book(&text));
        assert!(problems.is_empty() && again[0].is_none(), "{problems:?}");
    }

    #[test]
    fn a_typed_figure_is_found_and_a_fixed_or_referenced_one_is_not() {
        let fixed: FixedList = toml::from_str(
            "[[fixed]]\ntext = '50 ms'\nwhy = 'the budget'\n[[fixed]]\ntext = 'challenge \\d\\.\\d'\nwhy = 'numbering'\n",
        )
        .unwrap();
        let page = format!(
            "{PAGE}\nIt takes 6.05 ms of the 50 ms, <!--= was[a whole tick] -->6.054<!--/--> \
             in `9.99 ms` code, 30,000 creatures, 3 times as fast, 12% and 3000 plain; see \
             challenge 2.5 and [a link](x.md#1.5).\n"
        );
        let t = typed("p.md", &page, &fixed).unwrap();
        let figures: Vec<&str> = t.iter().map(|t| t.figure.as_str()).collect();
        assert_eq!(figures, ["6.05 ms", "30,000", "3 times", "12%"]);
    }

    #[test]
    fn a_page_whose_references_do_not_parse_is_refused_once_not_for_every_figure() {
        let pages = book(&format!(
            "{PAGE}\nIt takes 6.05 ms,\n<!--= was[a whole tick] -->6.054<!--/--> in all.\n"
        ));
        assert!(typed_problems(&pages, &FixedList::default()).is_empty());
        let (_, problems) = fill_all(&pages);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("may not open a line"), "{problems:?}");
    }

    #[test]
    fn the_machines_line_above_a_measured_block_is_not_prose() {
        let head =
            "*Measured on AMD EPYC, 2 cores; float loop 235 ms; rest of machine 2.8% of a core.*";
        let page = format!("{head}\n```console,measured\n$ x\n```\nThe loop took 235 ms.\n");
        let t = typed("p.md", &page, &FixedList::default()).unwrap();
        let found: Vec<(usize, &str)> = t.iter().map(|t| (t.line, t.figure.as_str())).collect();
        assert_eq!(found, [(5, "235 ms")]);
    }

    #[test]
    fn nothing_in_a_tilde_fence_an_indented_block_or_a_long_comment_is_read() {
        let page = "Text.\n\n~~~text\nIt took <!--= a[b] -->1<!--/--> and 2.5 ms.\n~~~\n\n    \
                    Also <!--= c[d] -->1<!--/--> and 3.5 ms.\n\n<!--\nit took 4.5 ms\n-->\n\nThe \
                    end took 6.5 ms.\n";
        assert_eq!(refs(page).unwrap(), []);
        let t = typed("p.md", page, &FixedList::default()).unwrap();
        let found: Vec<(usize, &str)> = t.iter().map(|t| (t.line, t.figure.as_str())).collect();
        assert_eq!(found, [(13, "6.5 ms")]);
    }
}
