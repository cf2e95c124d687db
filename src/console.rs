//! A page's console blocks as the page holds them: where each opens and closes, what its fence
//! says it holds, its command and its output. Read by the book check, which reruns them, and by
//! the quiz check, which holds a quiz's figures to them.

use crate::markdown;

/// What a block's fence says it holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// `console`: a command that succeeds, and exactly what it prints.
    Plain,
    /// `console,refusal`: a command that fails, what it prints and its line on stderr.
    Refusal,
    /// `console,measured`: timings, rerun only by `measure`.
    Measured,
}

/// One console block of one page.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// 0-based line of the opening fence.
    pub open: usize,
    /// 0-based line of the closing fence.
    pub close: usize,
    pub kind: Kind,
    /// The command, its lines joined into one.
    pub command: String,
    /// The command as the page writes it: `$ ` and its first line, and any lines it goes on to
    /// after a line ending in ` \`, so a long command fits its column.
    pub written: String,
    /// The lines between the command and the closing fence, each ending in a newline.
    pub output: String,
}

/// Every console block on a page, or the first malformed one. The blocks are the ones
/// markdown makes code (see [`crate::markdown`]); a console block is one whose fence starts at
/// the start of its line, as the book writes them, and is then read by its lines.
pub fn parse(page: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = page.lines().collect();
    let mut found = Vec::new();
    for code in markdown::code(page) {
        let i = markdown::line_of(page, code.range.start) - 1;
        if !code.closed {
            return Err(format!("line {}: a code block that never closes", i + 1));
        }
        let kind = match code.info.trim() {
            "console" => Some(Kind::Plain),
            "console,refusal" => Some(Kind::Refusal),
            "console,measured" => Some(Kind::Measured),
            _ => None,
        };
        let Some(kind) = kind else { continue };
        let close = markdown::line_of(page, page[..code.range.end].trim_end().len()) - 1;
        let (command, last) = command(&lines[..close], i + 1)?;
        let written = lines[i + 1..=last].join("\n");
        let output: String = lines[last + 1..close].iter().map(|l| format!("{l}\n")).collect();
        found.push(Block { open: i, close, kind, command, written, output });
    }
    Ok(found)
}

/// The command that starts at `lines[first]`, and the index of its last line: `$ ` and a
/// line, and the next line too for as long as a line ends in ` \`, joined with a space.
fn command(lines: &[&str], first: usize) -> Result<(String, usize), String> {
    let start = lines.get(first).and_then(|l| l.strip_prefix("$ ")).ok_or_else(|| {
        format!("line {}: a console block must start with `$ command`", first + 1)
    })?;
    let (mut parts, mut line, mut last) = (Vec::new(), start, first);
    while let Some(part) = line.trim_end().strip_suffix(" \\") {
        parts.push(part);
        last += 1;
        line = lines
            .get(last)
            .ok_or_else(|| format!("line {last}: the command goes on past the end of its block"))?;
    }
    parts.push(line);
    Ok((parts.iter().map(|p| p.trim()).collect::<Vec<_>>().join(" "), last))
}
