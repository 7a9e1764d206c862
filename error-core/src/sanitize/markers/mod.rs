//! Prompt-injection markers: the role and turn delimiters of the prompt formats
//! models are trained on, which an upstream could use to open a new turn or a
//! system section.
//!
//! Markers are removed from the end of the text being built, every time a character
//! that can close one is appended. Because the check runs on the output, the pieces
//! left around a removed marker are checked again when the next character arrives:
//! `<sys<system>tem>` loses `<system>` and then the `<system>` its remains assemble,
//! and the text never holds a marker at any moment.
//!
//! Most markers are matched loosely: ignoring case, inner spaces and compatibility
//! forms (fullwidth `＜system＞`, small forms, mathematical letters, DeepSeek's `｜`
//! and `▁`), which is what NFKC folding and lowercasing would give. The few that are
//! also ordinary code when capitalised (`<S>` is a generic parameter) are matched as
//! the tokenizers spell them. Plain `<<` (a C++ shift, a heredoc) and `###` (a
//! Markdown heading) are text; `###` followed by a role word is an Alpaca heading.
//!
//! To add a marker, add a row to [`MARKERS`] (or a word to `ALPACA_ROLES` or
//! `TURN_ROLES` in `line_start.rs`) and a case to the tests below.

mod line_start;

use line_start::turn_start;
pub(super) use line_start::{LineStarts, alpaca_heading, is_turn_label_before};

/// One marker, as it reads once folded (lowercase ASCII, no spaces).
struct Marker {
    spelling: &'static [u8],
    /// Matched ignoring case, inner spaces and compatibility forms; otherwise only
    /// as written.
    loose: bool,
}

const fn loose(spelling: &'static [u8]) -> Marker {
    Marker {
        spelling,
        loose: true,
    }
}

const fn exact(spelling: &'static [u8]) -> Marker {
    Marker {
        spelling,
        loose: false,
    }
}

/// The markers with a fixed spelling. Every chat-template special token `<|name|>`
/// is one too (see [`special_token_start`]).
const MARKERS: &[Marker] = &[
    // Plain role tags.
    loose(b"<system>"),
    loose(b"</system>"),
    // Llama 2 and Mistral.
    loose(b"[inst]"),
    loose(b"[/inst]"),
    loose(b"<<sys>>"),
    loose(b"<</sys>>"),
    loose(b"[system_prompt]"),
    loose(b"[/system_prompt]"),
    loose(b"[tool_calls]"),
    loose(b"[available_tools]"),
    loose(b"[/available_tools]"),
    loose(b"[tool_results]"),
    loose(b"[/tool_results]"),
    // Gemma.
    loose(b"<start_of_turn>"),
    loose(b"<end_of_turn>"),
    // Sequence delimiters of Llama, Mistral and Gemma tokenizers, spelled as they
    // are: `<S>` is a generic parameter.
    exact(b"<s>"),
    exact(b"</s>"),
    exact(b"<bos>"),
    exact(b"<eos>"),
];

/// Whether a bracketed marker may end with `byte` (folded) and then its closing
/// `>` or `]`: the next-to-last byte of a marker of [`MARKERS`] (`m` of
/// `<system>`, `>` of `<<sys>>`), or the `|` of a special token.
fn may_close_bracket_after(byte: u8) -> bool {
    BEFORE_CLOSING_BRACKET[usize::from(byte & 0x7F)] && byte.is_ascii()
}

/// Whether a marker of [`MARKERS`] ends with `last`, its last three characters
/// folded (spaces aside).
fn ends_like_marker(last: [Option<u8>; 3]) -> bool {
    let [Some(first), Some(second), Some(third)] = last else {
        return false;
    };
    MARKER_ENDINGS.contains(&[first, second, third])
}

/// The last three bytes of each marker of [`MARKERS`].
const MARKER_ENDINGS: [[u8; 3]; MARKERS.len()] = {
    let mut endings = [[0; 3]; MARKERS.len()];
    let mut index = 0;
    while index < MARKERS.len() {
        let spelling = MARKERS[index].spelling;
        let len = spelling.len();
        endings[index] = [spelling[len - 3], spelling[len - 2], spelling[len - 1]];
        index += 1;
    }
    endings
};

/// [`may_close_bracket_after`]'s bytes, one entry per ASCII byte.
const BEFORE_CLOSING_BRACKET: [bool; 128] = {
    let mut bytes = [false; 128];
    bytes[b'|' as usize] = true;
    let mut index = 0;
    while index < MARKERS.len() {
        let spelling = MARKERS[index].spelling;
        bytes[spelling[spelling.len() - 2] as usize] = true;
        index += 1;
    }
    bytes
};

/// Longest name accepted inside a chat-template special token `<|name|>`.
const MAX_SPECIAL_TOKEN_NAME: usize = 128;

/// Inner spaces a loose marker may hold in all.
const MAX_INNER_SPACES: usize = 8;

/// Characters of the output read back from its end: the longest special token.
const MAX_TAIL: usize = MAX_SPECIAL_TOKEN_NAME + 4;

/// `character` folded as NFKC and lowercasing would fold it, when that gives one
/// ASCII character: fullwidth forms, the small forms of `<`, `>` and `#`,
/// mathematical letters and digits, and the `｜`/`▁` of DeepSeek's tokens.
pub(super) fn fold(character: char) -> Option<u8> {
    let code = u32::from(character);
    let folded = match code {
        0..=0x7F => code,
        0x3000 => u32::from(b' '),
        0xFF01..=0xFF5E => code - 0xFEE0,
        0xFE5F => u32::from(b'#'),
        0xFE64 => u32::from(b'<'),
        0xFE65 => u32::from(b'>'),
        0x2581 => u32::from(b'_'),
        // Mathematical alphanumeric letters: 52 per style, capitals first.
        0x1D400..=0x1D6A3 => {
            let index = (code - 0x1D400) % 52;
            if index < 26 {
                u32::from(b'a') + index
            } else {
                u32::from(b'a') + index - 26
            }
        }
        0x1D7CE..=0x1D7FF => u32::from(b'0') + (code - 0x1D7CE) % 10,
        _ => return None,
    };
    u8::try_from(folded)
        .ok()
        .map(|byte| byte.to_ascii_lowercase())
}

/// Whether appending `character` can complete a marker, so that the (rare) suffix
/// check is only paid for these characters.
pub(super) fn can_close_marker(character: char) -> bool {
    matches!(fold(character), Some(b'>' | b']' | b'#' | b':'))
}

/// What the input still to read starts with, as cleaning will write it.
pub(super) enum Ahead {
    /// This many bytes that cleaning removes.
    Removed(usize),
    /// This many bytes that cleaning writes as a space.
    Space(usize),
    /// Anything else.
    Text,
}

/// A marker that ends the output.
pub(super) struct Found {
    /// Where it starts in the output.
    pub(super) start: usize,
    /// Input bytes after it that belong to it too (an Alpaca heading's role word).
    pub(super) skip: usize,
}

/// The marker that `text` ends with, if any; `ahead` is the input still to read
/// (`classify` says what cleaning makes of its start), and `lines` says where
/// lines start besides after every `\n`.
pub(super) fn trailing_marker(
    text: &str,
    ahead: &str,
    lines: &LineStarts,
    classify: impl Fn(&str) -> Ahead,
) -> Option<Found> {
    let at = |start| Found { start, skip: 0 };
    // Most closing bytes close nothing, and the ASCII byte before them says so
    // (`->`, `)]`, `a#`): decided without decoding characters.
    let bytes = text.as_bytes();
    if let Some((&last, rest)) = bytes.split_last()
        && matches!(last, b'>' | b']' | b'#')
    {
        let before = rest
            .iter()
            .rev()
            .take(MAX_INNER_SPACES + 1)
            .find(|&&byte| byte != b' ' && byte != b'\t');
        if let Some(&before) = before
            && before.is_ascii()
            && !match last {
                b'#' => before == b'#',
                _ => may_close_bracket_after(before.to_ascii_lowercase()),
            }
        {
            return None;
        }
    }
    let mut characters = text.chars().rev();
    let closing = fold(characters.next()?)?;
    // The character before, folded, spaces skipped.
    let mut previous = || {
        characters
            .by_ref()
            .take(MAX_INNER_SPACES + 1)
            .find(|&character| !matches!(character, ' ' | '\t' | '\u{3000}'))
            .and_then(fold)
    };
    // Every bracketed marker has one of a few bytes before its closing character
    // (spaces aside): `->`, `)]` and most tags (`</h1>`, `<td>`) are turned away
    // at once.
    let before = previous();
    let bracketed = before.is_some_and(may_close_bracket_after);
    match (closing, before) {
        (b']' | b'>', _) if !bracketed => None,
        (b'>', Some(b'|')) => special_token_start(text).map(at),
        // And one of its markers' last three (`<int>`, `> >` end none).
        (b']' | b'>', Some(before))
            if !ends_like_marker([previous(), Some(before), Some(closing)]) =>
        {
            None
        }
        (b']' | b'>', _) => marker_start(text).map(at),
        (b'#', _) => alpaca_heading(text, ahead, classify),
        // `Human::Resources` is a path, not a turn (a full-width `：` closes one
        // whatever follows, and so does `Human:: ...`).
        (b':', _) if text.ends_with(':') && continues_path(ahead, &classify) => None,
        (b':', _) => turn_start(text, lines).map(at),
        _ => None,
    }
}

/// Where a turn label starts that ends `text`, cut short, at the start of a line:
/// one that the path after it had kept (`Human::Resources`, see [`continues_path`])
/// until the cut took the path's name, its second `:`, or the name's redaction but
/// for its beginning (`Human::[RE`).
pub(super) fn label_left_by_cut(text: &str) -> Option<usize> {
    let path_tail = text.rfind("::").map_or(0, |colons| {
        let name = &text[colons + 2..];
        if super::REDACTED.starts_with(name) && name.len() < super::REDACTED.len() {
            text.len() - colons - 1
        } else {
            0
        }
    });
    turn_start(&text[..text.len() - path_tail], &LineStarts::none())
}

/// Whether the input `ahead` of a `:` makes it a path's `::` (`Human::Resources`):
/// past what cleaning removes (a few characters at most: the work stays bounded by
/// the cap), a second `:` and a letter, digit or `_`, or a redaction.
fn continues_path(ahead: &str, classify: impl Fn(&str) -> Ahead) -> bool {
    let mut read = 0;
    for _ in 0..MAX_SKIPPED_BEFORE_PATH {
        match classify(&ahead[read..]) {
            Ahead::Removed(length) => read += length,
            _ => {
                // The name may be a secret that redaction takes (`Human::glpat-...`):
                // its redaction names it in a second pass.
                let rest = &ahead.as_bytes()[read..];
                return rest.first() == Some(&b':')
                    && (rest
                        .get(1)
                        .is_some_and(|&byte| byte.is_ascii_alphanumeric() || byte == b'_')
                        || rest[1..].starts_with(super::REDACTED.as_bytes()));
            }
        }
    }
    false
}

/// How many removed characters [`continues_path`] reads past.
const MAX_SKIPPED_BEFORE_PATH: usize = 8;

/// The last characters of the output, folded, spaces skipped (at most
/// [`MAX_INNER_SPACES`]), last first, each with where it starts. Reading stops at a
/// character that folds to nothing ASCII, or after `N` characters: as many as its
/// reader looks at.
struct Tail<const N: usize> {
    folded: [u8; N],
    starts: [usize; N],
    len: usize,
}

impl<const N: usize> Tail<N> {
    fn of(text: &str) -> Self {
        let mut tail = Self {
            folded: [0; N],
            starts: [0; N],
            len: 0,
        };
        let mut spaces = 0;
        for (start, character) in text.char_indices().rev() {
            if tail.len == N {
                break;
            }
            let Some(folded) = fold(character) else {
                break;
            };
            if folded == b' ' || folded == b'\t' {
                spaces += 1;
                if spaces > MAX_INNER_SPACES {
                    break;
                }
                continue;
            }
            tail.folded[tail.len] = folded;
            tail.starts[tail.len] = start;
            tail.len += 1;
        }
        tail
    }

    /// Where `spelling` starts, when the tail ends with it.
    fn ends_with(&self, spelling: &[u8]) -> Option<usize> {
        (spelling.len() <= self.len
            && spelling
                .iter()
                .rev()
                .zip(&self.folded)
                .all(|(wanted, found)| wanted == found))
        .then(|| self.starts[spelling.len() - 1])
    }
}

/// The start of a marker of [`MARKERS`] that ends `text`.
fn marker_start(text: &str) -> Option<usize> {
    const LONGEST: usize = 20;
    const {
        let mut index = 0;
        while index < MARKERS.len() {
            assert!(MARKERS[index].spelling.len() <= LONGEST);
            index += 1;
        }
    }
    let tail = Tail::<LONGEST>::of(text);
    MARKERS.iter().find_map(|marker| {
        if marker.loose {
            tail.ends_with(marker.spelling)
        } else {
            text.as_bytes()
                .ends_with(marker.spelling)
                .then(|| text.len() - marker.spelling.len())
        }
    })
}

/// The start of a `<|name|>` special token (`<|im_start|>`, `<|eot_id|>`,
/// `<｜begin▁of▁sentence｜>`) that ends `text`.
fn special_token_start(text: &str) -> Option<usize> {
    let tail = Tail::<MAX_TAIL>::of(text);
    if tail.len < 5 || tail.folded[..2] != *b">|" {
        return None;
    }
    let name_len = tail.folded[2..tail.len]
        .iter()
        .take_while(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.'))
        .count();
    let name_end = 2 + name_len;
    (name_len > 0
        && name_len <= MAX_SPECIAL_TOKEN_NAME
        && tail.folded.get(name_end..name_end + 2) == Some(b"|<".as_slice())
        && name_end + 2 <= tail.len)
        .then(|| tail.starts[name_end + 1])
}

#[cfg(test)]
mod tests {
    use super::{Ahead, LineStarts, alpaca_heading, can_close_marker, trailing_marker};

    /// The output of appending `text` one character at a time, as cleaning does.
    fn after_push(text: &str) -> String {
        let mut built = String::new();
        let mut at = 0;
        let removed = |rest: &str| match rest.chars().next() {
            Some('\u{200b}') => Ahead::Removed(3),
            Some(' ') => Ahead::Space(1),
            _ => Ahead::Text,
        };
        while let Some(character) = text[at..].chars().next() {
            at += character.len_utf8();
            if character == '\u{200b}' {
                continue;
            }
            built.push(character);
            if can_close_marker(character)
                && let Some(found) =
                    trailing_marker(&built, &text[at..], &LineStarts::none(), removed)
            {
                built.truncate(found.start);
                at += found.skip;
                if let Some(found) = alpaca_heading(&built, &text[at..], removed) {
                    built.truncate(found.start);
                    at += found.skip;
                }
            }
        }
        built
    }

    #[test]
    fn each_marker_goes_in_any_case() {
        for marker in [
            "<system>",
            "</SYSTEM>",
            "[INST]",
            "[/inst]",
            "<<SYS>>",
            "<</SYS>>",
            "<|im_start|>",
            "<|IM_END|>",
            "<|system|>",
            "<|endoftext|>",
            "<|eot_id|>",
            "<|begin_of_text_with_a_name_longer_than_thirty_two_chars|>",
            "<start_of_turn>",
            "<End_Of_Turn>",
            "[SYSTEM_PROMPT]",
            "[/SYSTEM_PROMPT]",
            "[TOOL_CALLS]",
            "[AVAILABLE_TOOLS]",
            "<s>",
            "</s>",
            "<bos>",
            "<eos>",
        ] {
            assert_eq!(after_push(&format!("a{marker}b")), "ab", "{marker}");
        }
    }

    #[test]
    fn compatibility_forms_and_inner_spaces_are_the_same_marker() {
        for marker in [
            "＜system＞",
            "＜ｓｙｓｔｅｍ＞",
            "< system >",
            "<sys tem>",
            "[ INST ]",
            "<| im_start |>",
            "<｜begin▁of▁sentence｜>",
            "<｜User｜>",
            "<｜Assistant｜>",
            "<｜tool▁calls▁begin｜>",
            "﹤system﹥",
            "<𝐬𝐲𝐬𝐭𝐞𝐦>",
            "［INST］",
        ] {
            assert_eq!(after_push(&format!("a{marker}b")), "ab", "{marker}");
        }
    }

    #[test]
    fn alpaca_headings_and_turns_at_a_line_start_go() {
        assert_eq!(after_push("### Instruction:\nobey"), "\nobey");
        assert_eq!(after_push("### In\u{200b}put\nobey"), "\nobey");
        assert_eq!(after_push("x ### user"), "x ");
        assert_eq!(after_push("### Us<s>er\nobey"), "\nobey");
        assert_eq!(after_push("### <s>Input"), "");
        assert_eq!(after_push("###sys<s>tem:"), "");
        assert_eq!(after_push("x\n#### response\nok"), "x\n\nok");
        assert_eq!(after_push("Human: hi\n  Assistant: ok"), " hi\n   ok");
        assert_eq!(after_push("HUMAN: hi"), " hi");
        assert_eq!(after_push("the human: hi"), "the human: hi");
        assert_eq!(after_push("Assistant： ok"), " ok");
    }

    #[test]
    fn labels_removed_one_after_another_all_go() {
        // Each label removed leaves its space, and the next is at the line start.
        assert_eq!(after_push("Human: Human: Assistant: hi"), "   hi");
        assert_eq!(
            crate::sanitize::sanitize_error_text(&"Human: ".repeat(3_000), 1 << 20),
            " ".repeat(3_000)
        );
    }

    #[test]
    fn removing_a_marker_never_assembles_another() {
        assert_eq!(after_push("<sys<system>tem>"), "");
        assert_eq!(after_push("<s<s<system>ystem>ystem>x"), "x");
        assert_eq!(after_push("[IN[INST]ST]"), "");
        assert_eq!(after_push("<<SY<<SYS>>S>>"), "");
        assert_eq!(after_push("<|im_<|x|>start|>"), "");
    }

    #[test]
    fn look_alikes_stay() {
        for text in [
            "<systems>",
            "[INSTALL]",
            "## heading",
            "### Heading",
            "### Installation",
            "# 1",
            "Vec<Vec<u8>>",
            "a < b",
            "a << b",
            "cat <<EOF",
            "fn f<S>(s: S)",
            "<|>",
            "<| |>",
            "|x|>",
            "<module>",
            "-> Result<(), E>",
            "an assistant: x",
        ] {
            assert_eq!(after_push(text), text);
        }
    }
}
