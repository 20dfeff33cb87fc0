//! The rules pages (`assets/rules/<lang>/<game-id>.md`) as formatted text for the terminal:
//! parsed with pulldown-cmark into blocks (title, headings, paragraphs, list items, code) of
//! styled runs (plain, bold, italic, code). The terminal player draws the runs with styles
//! (`play::ui`); `rookery rules` prints them as plain text ([`plain`]). HTML (the pages' first
//! line is a comment for tools) is never shown.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Parser, Tag, TagEnd};

/// How a block of a rules page is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageLine {
    Title,
    Heading,
    Note,
    /// A paragraph, wrapped to the width.
    Text,
    /// A list item at this depth (1 for a top-level item), wrapped under its bullet.
    Item(u8),
    /// Drawn as it is (board diagrams, code), never wrapped.
    Pre,
    Blank,
}

/// The style of a run of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emph {
    Plain,
    Bold,
    Italic,
    Code,
}

/// A run of text in one style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub emph: Emph,
    pub text: String,
}

/// One block of a page: its kind and its runs (a list item's runs start with its bullet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub kind: PageLine,
    pub runs: Vec<Run>,
}

impl Block {
    pub fn new(kind: PageLine, text: impl Into<String>) -> Block {
        Block {
            kind,
            runs: vec![Run {
                emph: Emph::Plain,
                text: text.into(),
            }],
        }
    }

    /// How far the block's lines stand in: (every line: two spaces a list level below the
    /// first, later lines of an item: the width of its bullet, so they line up under its text).
    pub fn margins(&self) -> (usize, usize) {
        match self.kind {
            PageLine::Item(d) => {
                // the bullet ("• ", "12. ") is the first run's text up to its first space; the
                // run may go on with the item's plain text
                let bullet = self.runs.first().map_or("", |r| r.text.as_str());
                let hang = bullet.find(' ').map_or(0, |i| bullet[..=i].chars().count());
                (2 * (d as usize - 1), hang)
            }
            _ => (0, 0),
        }
    }

    /// The block's text without styles.
    pub fn text(&self) -> String {
        self.runs.iter().map(|r| r.text.as_str()).collect()
    }
}

/// Parses a page into blocks. A blank block comes before every heading but the first.
pub fn blocks(md: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut cur: Option<Block> = None;
    let mut emph: Vec<Emph> = Vec::new();
    // the open lists: the next number of an ordered one, None for bullets
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut in_code = false;
    let finish = |cur: &mut Option<Block>, out: &mut Vec<Block>| {
        if let Some(b) = cur.take() {
            if !b.text().trim().is_empty() {
                out.push(b);
            }
        }
    };
    let push = |cur: &mut Option<Block>, emph: Emph, text: &str| {
        let b = cur.get_or_insert_with(|| Block {
            kind: PageLine::Text,
            runs: Vec::new(),
        });
        match b.runs.last_mut() {
            Some(r) if r.emph == emph => r.text.push_str(text),
            _ => b.runs.push(Run {
                emph,
                text: text.to_string(),
            }),
        }
    };
    for ev in Parser::new(md) {
        let style = emph.last().copied().unwrap_or(Emph::Plain);
        match ev {
            Event::Start(Tag::Heading { level, .. }) => {
                finish(&mut cur, &mut out);
                if !out.is_empty() {
                    out.push(Block::new(PageLine::Blank, ""));
                }
                let kind = if level == HeadingLevel::H1 {
                    PageLine::Title
                } else {
                    PageLine::Heading
                };
                cur = Some(Block {
                    kind,
                    runs: Vec::new(),
                });
            }
            Event::Start(Tag::Paragraph) => {
                // a list item's first paragraph belongs to the item's block
                if cur.is_none() {
                    cur = Some(Block {
                        kind: PageLine::Text,
                        runs: Vec::new(),
                    });
                }
            }
            Event::Start(Tag::List(first)) => {
                finish(&mut cur, &mut out);
                lists.push(first);
            }
            Event::End(TagEnd::List(_)) => {
                finish(&mut cur, &mut out);
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                finish(&mut cur, &mut out);
                let bullet = match lists.last_mut() {
                    Some(Some(n)) => {
                        *n += 1;
                        format!("{}. ", *n - 1)
                    }
                    _ => "• ".to_string(),
                };
                cur = Some(Block {
                    kind: PageLine::Item(lists.len().clamp(1, 8) as u8),
                    runs: vec![Run {
                        emph: Emph::Plain,
                        text: bullet,
                    }],
                });
            }
            Event::Start(Tag::CodeBlock(
                _kind @ (CodeBlockKind::Fenced(_) | CodeBlockKind::Indented),
            )) => {
                finish(&mut cur, &mut out);
                in_code = true;
            }
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Start(Tag::Strong) => emph.push(Emph::Bold),
            Event::Start(Tag::Emphasis) => emph.push(Emph::Italic),
            Event::End(TagEnd::Strong | TagEnd::Emphasis) => {
                emph.pop();
            }
            Event::End(TagEnd::Heading(_) | TagEnd::Paragraph | TagEnd::Item) => {
                finish(&mut cur, &mut out)
            }
            Event::Text(t) if in_code => {
                for l in t.lines() {
                    out.push(Block::new(PageLine::Pre, l));
                }
            }
            Event::Text(t) => push(&mut cur, style, &t),
            Event::Code(t) => push(&mut cur, Emph::Code, &t),
            Event::SoftBreak => push(&mut cur, style, " "),
            Event::HardBreak => {
                let kind = cur.as_ref().map_or(PageLine::Text, |b| b.kind);
                finish(&mut cur, &mut out);
                cur = Some(Block {
                    kind: if matches!(kind, PageLine::Item(_)) {
                        PageLine::Text
                    } else {
                        kind
                    },
                    runs: Vec::new(),
                });
            }
            // HTML (the tools' comment on the first line) and everything else is not shown
            _ => {}
        }
    }
    finish(&mut cur, &mut out);
    out
}

/// Splits runs into lines of at most `width` characters at spaces (a word longer than the
/// width gets a line of its own); later lines of a list item are indented under its text.
pub fn wrap(runs: &[Run], width: usize, indent: usize) -> Vec<Vec<Run>> {
    // words keep their style; a space between two words takes the style of the first
    let mut words: Vec<(Emph, String, bool)> = Vec::new(); // (style, word, space before)
    let mut space = false;
    for r in runs {
        let mut first = true;
        for (i, w) in r.text.split(' ').enumerate() {
            if i > 0 {
                space = true;
            }
            if w.is_empty() {
                continue;
            }
            let glued = first && i == 0 && !space && !words.is_empty();
            if glued {
                // glued to the previous word (`**Drops**:`): the same word, its own style
                words.push((r.emph, w.to_string(), false));
            } else {
                words.push((r.emph, w.to_string(), !words.is_empty()));
            }
            first = false;
            space = false;
        }
        if r.text.ends_with(' ') {
            space = true;
        }
    }
    let mut lines: Vec<Vec<Run>> = Vec::new();
    let mut line: Vec<Run> = Vec::new();
    let mut len = 0;
    let mut i = 0;
    while i < words.len() {
        // a whole word: this piece and the glued pieces after it
        let mut j = i + 1;
        while j < words.len() && !words[j].2 {
            j += 1;
        }
        let wlen: usize = words[i..j].iter().map(|w| w.1.chars().count()).sum();
        let sep = usize::from(words[i].2 && !line.is_empty());
        if !line.is_empty() && len + sep + wlen > width {
            lines.push(std::mem::take(&mut line));
            line.push(Run {
                emph: Emph::Plain,
                text: " ".repeat(indent),
            });
            len = indent;
        } else if sep == 1 {
            push_run(&mut line, Emph::Plain, " ");
            len += 1;
        }
        for (emph, w, _) in &words[i..j] {
            push_run(&mut line, *emph, w);
        }
        len += wlen;
        i = j;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn push_run(line: &mut Vec<Run>, emph: Emph, text: &str) {
    match line.last_mut() {
        Some(r) if r.emph == emph => r.text.push_str(text),
        _ => line.push(Run {
            emph,
            text: text.to_string(),
        }),
    }
}

/// A page as plain text for `rookery rules`: the title underlined with `=`, headings with `-`,
/// list items under bullets, no Markdown marks, no HTML; lines wrapped at `width`.
#[cfg(test)]
pub fn plain(md: &str, width: usize) -> String {
    plain_blocks(&blocks(md), width)
}

/// Blocks as plain text (see [`plain`]).
pub fn plain_blocks(blocks: &[Block], width: usize) -> String {
    let mut out = String::new();
    for b in blocks {
        let text = b.text();
        match b.kind {
            PageLine::Title | PageLine::Heading => {
                let mark = if b.kind == PageLine::Title { "=" } else { "-" };
                out.push_str(&text);
                out.push('\n');
                out.push_str(&mark.repeat(text.chars().count()));
                out.push('\n');
            }
            PageLine::Pre => {
                out.push_str(&text);
                out.push('\n');
            }
            PageLine::Blank => out.push('\n'),
            PageLine::Text | PageLine::Note | PageLine::Item(_) => {
                let (lead, hang) = b.margins();
                for l in wrap(&b.runs, width.saturating_sub(lead).max(20), hang) {
                    out.push_str(&" ".repeat(lead));
                    out.extend(l.iter().map(|r| r.text.as_str()));
                    out.push('\n');
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_become_styles_and_html_is_not_shown() {
        let md = "<!-- rookery: game=x -->\n# Title\n\nA **bold** word, `P@c4` and *this*.\n\n\
                  ## Moves\n- **Drops**: type `P@c4`.\n- two\n\n1. first\n2. second\n";
        let b = blocks(md);
        assert_eq!(b[0], Block::new(PageLine::Title, "Title"));
        assert_eq!(b[1].text(), "A bold word, P@c4 and this.");
        assert!(b[1].runs.contains(&Run {
            emph: Emph::Bold,
            text: "bold".into()
        }));
        assert!(b[1].runs.contains(&Run {
            emph: Emph::Code,
            text: "P@c4".into()
        }));
        assert_eq!(b[2].kind, PageLine::Blank);
        assert_eq!(b[3], Block::new(PageLine::Heading, "Moves"));
        assert_eq!(b[4].kind, PageLine::Item(1));
        assert_eq!(b[4].text(), "• Drops: type P@c4.");
        assert_eq!(b[6].text(), "1. first");
        assert_eq!(b[7].text(), "2. second");
        let p = plain(md, 80);
        assert!(p.starts_with("Title\n=====\n"), "{p}");
        assert!(
            !p.contains("**") && !p.contains('`') && !p.contains("<!--"),
            "{p}"
        );
    }

    #[test]
    fn wrapping_keeps_glued_words_together_and_indents_items() {
        let b = &blocks("- **Drops**: a long line of words here")[0];
        let lines = wrap(&b.runs, 14, 2);
        let texts: Vec<String> = lines
            .iter()
            .map(|l| l.iter().map(|r| r.text.as_str()).collect())
            .collect();
        assert_eq!(texts, ["• Drops: a", "  long line of", "  words here"]);
        for t in &texts {
            assert!(t.chars().count() <= 14);
        }
    }

    #[test]
    fn an_item_of_plain_text_wraps_under_its_bullet_not_under_its_whole_first_run() {
        // the bullet and the plain words after it share one run; the later lines stand in by
        // the bullet's width alone (they stood in by the whole item's length, a word a line)
        let md = "- A checkmated player is out and their pieces stay on the board.\n\
                  1. first of a numbered list that goes on past the width\n";
        let p = plain(md, 24);
        assert_eq!(
            p,
            "• A checkmated player is\n  out and their pieces\n  stay on the board.\n\
             1. first of a numbered\n   list that goes on\n   past the width\n",
            "{p}"
        );
        for b in blocks(md) {
            if let PageLine::Item(_) = b.kind {
                assert!(b.margins().1 <= 3, "{:?}", b.margins());
            }
        }
    }
}
