//! A generated password's brackets and separators, glued to more of it
//! (`N;:-q?<[bXLHqvJ@`, `ab)RSq4jgx#k=uI`, `>QrH_Y48]AnD7b<E`): a value that a rule
//! ended at such a byte runs on to the end of its word. What closes an enclosing
//! structure or separates the next pair stays outside: the brackets and separators
//! that end the word, a separator before `key=` or `key:`, a tag, a time's or a
//! port's `:`, a URL's `://`.
//!
//! A rule that keeps some values (`password: expired`, a placeholder, prose) asks
//! twice. First [`Reading::Judging`], whose answer it judges: the value goes on
//! only through what a password holds and code does not (a digit, a symbol, a
//! closing bracket glued to a letter), and not through a name and the brackets it
//! opens (`string(12)`, `Vec<u8>`, `expired(2024-05-01)`). A later pass reads a
//! beginning of the same word (cut at a redaction, or by the window and followed by
//! a space), so that reading must never go further on a beginning than on the
//! whole: each test holds less on a beginning, and a name that a cut may have
//! parted from its `=` is taken for a key, a tag's name for a tag. Then
//! [`Reading::Redacting`], for the value that goes: through the rest of its word,
//! unless that is code.

use super::values::{
    MAX_KEY_LEN, floor_char_boundary, is_key_byte, is_redacted_at, starts_entity_quote,
};

/// How a value's word is read past the byte its rule ended it at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Reading {
    /// For the value that a rule judges: on through what only a password holds,
    /// and never further on a beginning of the word than on the whole.
    Judging,
    /// For a value that goes: on to its word's end.
    Redacting,
}

/// The most bytes of a word judged past the byte its rule ended it at: more than
/// a generated password holds.
const MAX_GLUED_WORD: usize = 1024;

/// The fewest letters, digits and symbols of a value that starts with a bracket or
/// separator and goes on (`password: (8 characters)` is prose).
const MIN_STARTING_VALUE: usize = 6;

/// `end`, or further: the end of the value that starts at `at` and that its rule
/// ended at `end`, read as `reading` says.
pub(super) fn through_glued_punctuation(
    text: &[u8],
    at: usize,
    end: usize,
    reading: Reading,
) -> usize {
    if !text.get(end).copied().is_some_and(is_glued_punctuation) {
        return end;
    }
    let starts_with_stop = end == at;
    // A bracket that opens (`(read|write)`, `{a,b}`, a template's `<%= ... %>` or
    // `{% ... %}`), a comparison (`>=1.2.3`), or a key and its separator
    // (`Value:...`, `user=...`): no password's beginning.
    if (starts_with_stop
        && (matches!(text[at], b'(' | b'[' | b'{' | b'<') || text.get(at + 1) == Some(&b'=')))
        || (matches!(text[end], b':' | b'=') && text[at..end].iter().all(|&byte| is_key_byte(byte)))
    {
        return end;
    }
    let mut word_end = end;
    let mut value_end = end;
    let mut value_bytes = 0;
    let mut holds_symbol = false;
    let mut code = CodeShape::new(&text[at..end], text[end]);
    // A word is judged on so much at most: a line of values that stay, glued into
    // one word, would be read to its end from each (quadratic time). A value that
    // goes is read to its word's end: the scan goes on after it.
    let limit = match reading {
        Reading::Judging => floor_char_boundary(text, end + MAX_GLUED_WORD),
        Reading::Redacting => text.len(),
    };
    while word_end < limit {
        let byte = text[word_end];
        if ends_word(text, word_end, reading) {
            break;
        }
        word_end += 1;
        let next = text.get(word_end).copied();
        code.read(byte, next);
        if !is_glued_punctuation(byte) {
            value_end = word_end;
            value_bytes += 1;
            holds_symbol |= byte.is_ascii_digit() || is_password_symbol(byte);
        } else if word_end - 1 > at
            && is_closing_bracket(byte)
            && next.is_some_and(|next| next.is_ascii_alphanumeric())
        {
            // Code closes a bracket before a space, a separator or a dot, not
            // before a letter (`a)b`); a value that starts with one is Ruby's
            // `=>` as often (`"token"=>nil`).
            holds_symbol = true;
        }
    }
    let goes_on = !code.is_code()
        && match reading {
            Reading::Judging => {
                holds_symbol && (!starts_with_stop || value_bytes >= MIN_STARTING_VALUE)
            }
            Reading::Redacting => true,
        };
    if goes_on { value_end } else { end }
}

/// Whether the value's word ends before the byte at `at`.
fn ends_word(text: &[u8], at: usize, reading: Reading) -> bool {
    let byte = text[at];
    byte.is_ascii_whitespace()
        || matches!(byte, b'"' | b'\'' | b'`' | b'\\')
        || (byte == b'[' && is_redacted_at(text, at))
        || (byte == b'&' && starts_entity_quote(text, at))
        || (byte == b'<' && starts_tag(text, at))
        || (byte == b':' && (is_time_separator(text, at) || text[at + 1..].starts_with(b"//")))
        || (matches!(byte, b',' | b';' | b'&') && starts_pair(text, at + 1, reading))
        || (reading == Reading::Redacting
            && is_closing_bracket(byte)
            && starts_pair(text, after_openings(text, at + 1), reading))
}

/// Where the brackets that open at `at` end (`[user=x]` after `[token=...]`).
fn after_openings(text: &[u8], at: usize) -> usize {
    at + text[at.min(text.len())..]
        .iter()
        .take_while(|&&byte| matches!(byte, b'[' | b'(' | b'{' | b'<'))
        .count()
}

/// Whether a value and what follows its stop read as code: a plain name, then
/// brackets it opens, closed in order (or not yet) and not before a letter or
/// digit, and whatever follows them (`string(12)`, `Vec<u8>`, `expired(2024-05-01)`,
/// `conint(ge=1,`, `len(s)>=8`). Any beginning of code is code too.
struct CodeShape {
    /// The brackets open, innermost last; more than fit is no code.
    open: [u8; 8],
    depth: usize,
    code: bool,
    /// The brackets the name opened are closed.
    closed: bool,
}

impl CodeShape {
    /// `name` is the value before its stop, `stop` the byte it stopped at.
    fn new(name: &[u8], stop: u8) -> Self {
        Self {
            open: [0; 8],
            depth: 0,
            closed: false,
            code: matches!(stop, b'(' | b'[' | b'{' | b'<') && is_plain_name(name),
        }
    }

    fn read(&mut self, byte: u8, next: Option<u8>) {
        // Past the name's brackets, once closed, code goes on as it likes
        // (`len(s)>=8`).
        if !self.code
            || (self.closed
                && !(is_closing_bracket(byte)
                    && next.is_some_and(|next| next.is_ascii_alphanumeric())))
        {
            return;
        }
        self.code = match byte {
            b'(' | b'[' | b'{' | b'<' => {
                let fits = self.depth < self.open.len();
                if fits {
                    self.open[self.depth] = byte;
                    self.depth += 1;
                }
                fits
            }
            b')' | b']' | b'}' | b'>' => {
                let opening = match byte {
                    b')' => b'(',
                    b']' => b'[',
                    b'}' => b'{',
                    _ => b'<',
                };
                let closes = self.depth > 0 && self.open[self.depth - 1] == opening;
                self.depth = self.depth.saturating_sub(1);
                self.closed = self.depth == 0;
                closes && !next.is_some_and(|next| next.is_ascii_alphanumeric())
            }
            _ => true,
        };
    }

    fn is_code(&self) -> bool {
        self.code
    }
}

/// A name as code writes one: words of letters (lowercase, or capitalised, or in
/// capitals), joined by `_`, `-`, `.` or `::`.
fn is_plain_name(name: &[u8]) -> bool {
    !name.is_empty()
        && name
            .split(|&byte| matches!(byte, b'_' | b'-' | b'.' | b':'))
            .all(|word| {
                word.iter().all(u8::is_ascii_alphabetic)
                    && (word.iter().skip(1).all(u8::is_ascii_lowercase)
                        || word.iter().all(u8::is_ascii_uppercase))
            })
}

fn is_closing_bracket(byte: u8) -> bool {
    matches!(byte, b')' | b']' | b'}' | b'>')
}

/// The brackets and separators that end a value, or may, and that a generated
/// password holds as often as any other symbol.
fn is_glued_punctuation(byte: u8) -> bool {
    matches!(
        byte,
        b'&' | b',' | b';' | b':' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>'
    )
}

/// Whether the `:` at `colon` separates the numbers of a time (`T10:00:00Z`) or of
/// an address and its port (`10.0.0.9:9042`): a digit stands before it and after
/// it.
fn is_time_separator(text: &[u8], colon: usize) -> bool {
    colon
        .checked_sub(1)
        .is_some_and(|before| text[before].is_ascii_digit())
        && text.get(colon + 1).is_some_and(u8::is_ascii_digit)
}

/// Whether an XML or HTML tag starts at `at`: `<` (or `</`) and a name without a
/// capital, before the tag's `>` or a space or the text's end (`<key>`, `</value>`,
/// `<value type="...">`, `<k` that the window cut; `<zVV` ends a password, and so
/// may `<Key>`). Its elements' rules own what stands around it.
fn starts_tag(text: &[u8], at: usize) -> bool {
    let closing = text.get(at + 1) == Some(&b'/');
    let name_start = at + 1 + usize::from(closing);
    let name = &text[name_start.min(text.len())..];
    // A closing tag that the window cut after its `/`.
    if closing && name.first().is_none_or(u8::is_ascii_whitespace) {
        return true;
    }
    let name_len = name
        .iter()
        .take_while(|&&byte| {
            byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b':' | b'.')
        })
        .count();
    name.first().is_some_and(u8::is_ascii_lowercase)
        && !name[..name_len].iter().any(u8::is_ascii_uppercase)
        && name
            .get(name_len)
            .is_none_or(|&byte| byte == b'>' || byte.is_ascii_whitespace())
}

/// Whether the next pair starts at `at`, after a `,`, `;` or `&`: a key and its
/// `=` or `:` (`user=`, `db_user:`). Judging, a name that ends the word is one
/// too, whose separator the window may have cut, and so is a name that a
/// redaction follows, which may have taken its separator: the word that a pass
/// read whole (`&0-----BEGIN ...`, a name before a space) the next pass reads cut
/// at the redaction (`&0[REDACTED]`), and must judge the same. Redacting, a key
/// may be indexed (`user[name]=`); judging, an index would be read differently
/// once cut, and the value goes on through it.
fn starts_pair(text: &[u8], at: usize, reading: Reading) -> bool {
    let key_len = key_len_at(text, at);
    if key_len == 0 {
        return false;
    }
    let mut after = at + key_len;
    if reading == Reading::Redacting
        && text.get(after) == Some(&b'[')
        && !is_redacted_at(text, after)
    {
        let index_len = key_len_at(text, after + 1);
        if index_len > 0 && text.get(after + 1 + index_len) == Some(&b']') {
            after += index_len + 2;
        }
    }
    match text.get(after) {
        Some(b'=' | b':') => true,
        Some(b'[') if is_redacted_at(text, after) => reading == Reading::Judging,
        Some(byte) if !byte.is_ascii_whitespace() => false,
        _ => reading == Reading::Judging,
    }
}

/// How many key bytes stand from `at`.
fn key_len_at(text: &[u8], at: usize) -> usize {
    text[at.min(text.len())..]
        .iter()
        .take(MAX_KEY_LEN)
        .take_while(|&&byte| is_key_byte(byte))
        .count()
}

/// Symbols that a password holds and that names, paths and code do not (`=`
/// separates, in `]=>` too).
fn is_password_symbol(byte: u8) -> bool {
    matches!(
        byte,
        b'!' | b'#' | b'$' | b'%' | b'^' | b'*' | b'~' | b'@' | b'?' | b'|' | b'+'
    )
}

#[cfg(test)]
mod tests {
    use super::{Reading, through_glued_punctuation};

    fn value(text: &str, stop: usize, reading: Reading) -> &str {
        &text[..through_glued_punctuation(text.as_bytes(), 0, stop, reading)]
    }

    #[test]
    fn a_password_goes_on_through_what_only_a_password_holds() {
        let judged = |text, stop| value(text, stop, Reading::Judging);
        assert_eq!(judged("N;:-q?<[bXLHqvJ@: x", 1), "N;:-q?<[bXLHqvJ@");
        assert_eq!(judged("ab)RSq4jgx#k=uI", 2), "ab)RSq4jgx#k=uI");
        assert_eq!(judged("Abc>fc<}ZtbPlvtyH x", 3), "Abc>fc<}ZtbPlvtyH");
        // Code, a list, a time, a URL, the next pair, a tag.
        assert_eq!(judged("string(12) x", 6), "string");
        assert_eq!(judged("expired(2024-05-01)", 7), "expired");
        assert_eq!(judged("a,b1", 1), "a");
        assert_eq!(judged("x9:30:00", 2), "x9");
        assert_eq!(judged("ssh://git@host", 3), "ssh");
        assert_eq!(judged("x1;y2,user:bob}", 2), "x1;y2");
        assert_eq!(judged("ab<key>v1</key>", 2), "ab");
    }

    #[test]
    fn judging_stops_where_a_cut_may_have_parted_a_key_from_its_separator() {
        assert_eq!(value("ab;x9", 2, Reading::Judging), "ab");
        assert_eq!(value("ab;x9", 2, Reading::Redacting), "ab;x9");
        assert_eq!(value("ab;x9=1", 2, Reading::Redacting), "ab");
        // A value that goes, goes to its word's end.
        assert_eq!(
            value("Xq7u8jzP(w9AzfU", 8, Reading::Redacting),
            "Xq7u8jzP(w9AzfU"
        );
        assert_eq!(
            value("Xq7u8jzP(w9AzfU", 8, Reading::Judging),
            "Xq7u8jzP(w9AzfU"
        );
    }

    #[test]
    fn judging_reads_a_name_before_a_redaction_as_a_name_cut_there() {
        // The word read whole by one pass, and cut at the redaction the next pass
        // reads: both end the value before the name.
        assert_eq!(value("ab&x9 next", 2, Reading::Judging), "ab");
        assert_eq!(value("ab&x9[REDACTED]", 2, Reading::Judging), "ab");
        assert_eq!(value("ab&x9[REDACTED]", 2, Reading::Redacting), "ab&x9");
    }
}
