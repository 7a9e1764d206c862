//! The second half of the pass: secrets become `[REDACTED]`.
//!
//! One scan from left to right. At each position a secret may start, the rules are
//! asked in a fixed order, each looking at two things only: the output built so far
//! (the key before `=`, the `Bearer ` before a token, the `://` before a userinfo)
//! and the text from here to where its value ends. A rule that matches replaces the
//! whole value with one `[REDACTED]`; otherwise the character is kept. The
//! positions worth asking about are found from rare anchor bytes (see `anchors`);
//! the result is the same as asking at every position, which a test checks
//! against a plain loop that does.
//!
//! Why one pass is idempotent: on a second run every rule sees the same output
//! behind it, and ahead of it the same text up to the first `[REDACTED]`, where all
//! value scans stop. A value that was kept can therefore only look shorter the
//! second time, and every rule's condition (long enough, not a plain word, holds a
//! digit, has an `@`) is one that a shorter value meets only if the longer did.

/// A table of a byte predicate, built at compile time, for the scans: one load per
/// byte instead of a chain of compares. `byte_table!(|byte| predicate)`.
macro_rules! byte_table {
    (|$byte:ident| $predicate:expr) => {{
        let mut table = [false; 256];
        let mut index = 0;
        while index < 256 {
            let $byte = index as u8;
            table[index] = $predicate;
            index += 1;
        }
        table
    }};
}

mod anchor_scan;
mod anchors;
mod announced_lines;
mod authorization;
mod aws_key_pairs;
mod bot_tokens;
mod changed_values;
mod char_count;
mod code_assignments;
mod command_arguments;
mod credential_calls;
mod described_values;
mod dsn;
mod echoed_inputs;
mod elements;
mod encoded_pairs;
mod escaped_urls;
mod flattened_lines;
mod folded;
mod foreign_names;
mod glued_values;
mod joined_cookies;
mod keys;
mod named_defaults;
mod named_pairs;
mod names;
mod netrc;
mod numbered_quotes;
mod paired_flags;
mod pdo_arguments;
mod pending;
mod piped_passwords;
mod private_keys;
mod prose_passwords;
mod prose_secrets;
mod providers;
#[cfg(test)]
mod reference;
mod setter_values;
mod short_flags;
mod sql;
mod table_columns;
mod token_starts;
mod tokens;
mod urls;
mod user_password_flags;
mod values;
mod vendor_keys;
mod wording;
mod workflow_commands;

use std::borrow::Cow;
use std::ops::Range;

use super::REDACTED;
use super::short_text::ShortText;
use anchor_scan::Anchors;
pub(super) use anchor_scan::{
    RUN_LANES, ShortTextAnchors, is_anchor_before, is_run_byte, without_line_insides,
};
use anchors::MAX_LOOKBACK;
use char_count::{CharCount, count_chars};
pub(super) use flattened_lines::redact_flattened_within;
use pending::Pending;

/// Redacts every secret in `text`.
pub(super) fn redact(text: &str) -> Cow<'_, str> {
    let mut redactor = Redactor::new(text, &[]);
    redactor.anchors = Anchors::of_text(text.as_bytes());
    let stop = redactor.run(None);
    match redactor.finish(stop.at) {
        Some(redacted) => Cow::Owned(redacted),
        None => Cow::Borrowed(text),
    }
}

/// Where `text`'s secrets stand, ascending: the redactions of [`redact`] in the
/// text's positions. A token starts a word at each of the `seams` (see
/// [`redact_within`]).
pub(super) fn redaction_ranges(text: &str, seams: &[usize]) -> Vec<Range<usize>> {
    let mut redactor = Redactor::new(text, seams);
    redactor.anchors = Anchors::of_text(text.as_bytes());
    redactor.ranges = Some(Vec::new());
    redactor.run(None);
    redactor.ranges.unwrap_or_default()
}

/// Redacts every secret in `text`, unless a `:` in it closes a turn label at a line
/// start (`Human:`): then `None`, and the text needs the whole pass. Redaction
/// reads every `:` anyway, so the text's cleaning check need not.
pub(super) fn redact_unless_turn_label(text: &str) -> Option<Redacted<'_>> {
    // Every rule starts at an anchor, and a turn label ends with one (`:`): text
    // without any (a name, a plain sentence) is left as it is.
    let mut anchors = Anchors::new();
    let Some(first_anchor) = anchors.next_from(text.as_bytes(), 0) else {
        return Some(Redacted {
            text: Cow::Borrowed(text),
            glued: false,
        });
    };
    let mut redactor = Redactor::new(text, &[]);
    redactor.watch_turn_labels = true;
    // The scan goes on from the first anchor, in the block searched already.
    redactor.anchors = anchors;
    redactor.scan_from = first_anchor;
    let stop = redactor.run(None);
    if redactor.saw_turn_label {
        return None;
    }
    let glued = redactor.glued_redaction;
    Some(match redactor.finish(stop.at) {
        Some(redacted) => Redacted {
            text: Cow::Owned(redacted),
            glued,
        },
        None => Redacted {
            text: Cow::Borrowed(text),
            glued,
        },
    })
}

/// Whether redaction leaves a short text as it is and no turn label closes in it:
/// no anchor of `short` (`anchors`, found from its blocks) gives a position to ask
/// the rules about. Always inlined into the short text's read, its one caller,
/// which the compiler stopped doing once that read had more callers.
#[inline(always)]
pub(in crate::sanitize) fn leaves_short_text(
    short: &ShortText<'_>,
    anchors: ShortTextAnchors,
) -> bool {
    if anchors.is_empty() {
        return true;
    }
    let text = short.bytes();
    // A password piped into a login, found apart from the anchors (see
    // `Redactor::run`).
    if !piped_passwords::passwords(text).is_empty() {
        return false;
    }
    let names = names::NameMemo::new(text);
    let mut passed = anchors::Passed::default();
    let mut run_checked = 0;
    for (anchor, (anchor_byte, run_block)) in anchors {
        // A path's `::` (`github::search_issues`) is told here, without the step.
        let anchor_byte = anchor_byte && !anchors::is_path_colon(text, anchor, &passed.authorities);
        if ((anchor_byte || run_block)
            && asks_at(
                text,
                anchor,
                (anchor_byte, run_block),
                &names,
                &mut passed,
                &mut run_checked,
            ))
            || closes_turn_label(text, anchor)
        {
            return false;
        }
    }
    true
}

/// Whether the anchor at `anchor` of a short text gives the rules a position: what
/// `Redactor::run` asks there while nothing is pending, with the text as its output
/// so far and no seams.
///
/// Written out apart from the scan's loop, and never inlined: a step shared with
/// that loop made the compiler stop inlining some rules into the long scan (typical
/// text cost 5% more), and this copy inlined into its caller made short text
/// slower, though it ran fewer instructions.
#[inline(never)]
fn asks_at(
    text: &[u8],
    anchor: usize,
    (anchor_byte, run_block): (bool, bool),
    names: &names::NameMemo<'_>,
    passed: &mut anchors::Passed,
    run_checked: &mut usize,
) -> bool {
    let mut asks = false;
    let mut push = |_| asks = true;
    if anchor_byte {
        anchors::candidates(text, anchor, text[anchor], true, names, passed, &mut push);
    }
    if run_block {
        token_starts::push_starts_in_run(text, anchor, *run_checked, false, &mut push);
        *run_checked = anchor + 1;
    }
    asks
}

/// Whether the `:` at `anchor`, if it is one, closes a turn label at a line start
/// (`Human:`, `Assistant:`).
fn closes_turn_label(text: &[u8], anchor: usize) -> bool {
    text[anchor] == b':'
        && matches!(text[anchor.saturating_sub(1)] | 0x20, b'n' | b't')
        && super::markers::is_turn_label_before(&text[..anchor])
}

/// Text with its secrets redacted.
pub(super) struct Redacted<'t> {
    pub(super) text: Cow<'t, str>,
    /// A redaction started right after a letter or digit.
    pub(super) glued: bool,
}

/// Text with its secrets redacted, cut to at most `max_chars` characters.
pub(super) struct Window {
    pub(super) text: String,
    /// Some of the text did not fit.
    pub(super) cut: bool,
    /// A redaction started right after a letter or digit.
    pub(super) glued: bool,
    /// The text's lines redacted what its one line did not (see
    /// `flattened_lines`): the rules have not read the output around it yet.
    pub(super) lines_redacted_more: bool,
}

/// Redacts the secrets of `text` until the output holds `max_chars` characters.
/// A redaction never straddles the cut: `[REDACTED]` goes in whole or not at all.
/// A token starts a word at each of the `seams` (ascending positions where cleaning
/// removed something between a word and what follows).
pub(super) fn redact_within(mut text: String, max_chars: usize, seams: &[usize]) -> Window {
    let mut redactor = Redactor::new(&text, seams);
    redactor.anchors = Anchors::of_text(text.as_bytes());
    let stop = redactor.run(Some(max_chars));
    let glued = redactor.glued_redaction;
    match redactor.finish(stop.at) {
        Some(redacted) => Window {
            text: redacted,
            cut: stop.cut,
            glued,
            lines_redacted_more: false,
        },
        None => {
            // Nothing was redacted: the output is a prefix of the text itself.
            text.truncate(stop.at);
            Window {
                text,
                cut: stop.cut,
                glued,
                lines_redacted_more: false,
            }
        }
    }
}

struct Stop {
    at: usize,
    cut: bool,
}

struct Redactor<'t> {
    text: &'t str,
    /// The output, once something was redacted; until then the output is
    /// `text[..position]` and nothing is copied.
    out: String,
    /// `text[..copied]` is accounted for in `out`.
    copied: usize,
    runs: tokens::RunCache,
    /// The stretch of line after the last redacted access key id, read for its
    /// secret (see `aws_key_pairs`).
    key_id_lines: aws_key_pairs::LinesRead,
    /// The table row a cell was read in last (see `table_columns`).
    last_row: table_columns::LastRow,
    /// What the scan noted of the anchors it passed (the `://`s, the command words).
    passed: anchors::Passed,
    names: names::NameMemo<'t>,
    /// Where a token starts a word though a letter stands before it.
    seams: &'t [usize],
    /// Whether to note a `:` that closes a turn label, and whether one did.
    /// Where the text's passwords piped into a login stand (see `piped_passwords`).
    piped: Vec<Range<usize>>,
    watch_turn_labels: bool,
    saw_turn_label: bool,
    /// Whether a redaction started right after a letter or digit.
    glued_redaction: bool,
    /// Where the scan starts, and the anchors found before it: no anchor stands
    /// before `scan_from`.
    anchors: Anchors,
    scan_from: usize,
    /// The redactions made, in the text's positions, when they are asked for.
    ranges: Option<Vec<Range<usize>>>,
}

impl<'t> Redactor<'t> {
    fn new(text: &'t str, seams: &'t [usize]) -> Self {
        Self {
            text,
            seams,
            piped: Vec::new(),
            watch_turn_labels: false,
            saw_turn_label: false,
            glued_redaction: false,
            out: String::new(),
            copied: 0,
            runs: tokens::RunCache::default(),
            key_id_lines: aws_key_pairs::LinesRead::default(),
            last_row: table_columns::LastRow::default(),
            passed: anchors::Passed::default(),
            names: names::NameMemo::new(text.as_bytes()),
            anchors: Anchors::new(),
            scan_from: 0,
            ranges: None,
        }
    }

    /// Redacts in one scan from `scan_from` (with the anchors found up to it),
    /// asking the rules only where the anchors say a secret may start, until the
    /// output holds `max_chars` characters (`None`: all).
    fn run(&mut self, max_chars: Option<usize>) -> Stop {
        // A password piped into a login is told by what follows it, further on than
        // an anchor's look back: it is found before the scan, and waits with the
        // rest once the scan is past it. Most texts have none, and are scanned by a
        // loop that never looks for one.
        self.piped = piped_passwords::passwords(self.text.as_bytes());
        if self.piped.is_empty() {
            self.scan::<false>(max_chars, Vec::new())
        } else {
            let starts = self.piped.iter().map(|password| password.start).collect();
            self.scan::<true>(max_chars, starts)
        }
    }

    /// The scan of [`Redactor::run`], with the piped passwords that start at
    /// `piped` where `PIPED`.
    fn scan<const PIPED: bool>(&mut self, max_chars: Option<usize>, piped: Vec<usize>) -> Stop {
        let text = self.text.as_bytes();
        let mut window = max_chars.map(|max| CharCount::new(max, text));
        let mut anchors = std::mem::replace(&mut self.anchors, Anchors::new());
        // Positions to ask about, ascending: a handful at a time, a table's cells
        // at once.
        let mut pending = Pending::default();
        let mut piped = piped.into_iter().peekable();
        // Where the next piped password starts (none: past any anchor).
        let mut next_piped = piped.peek().copied().unwrap_or(usize::MAX);
        let mut scan_from = self.scan_from;
        // `text[..decided]` is kept or redacted for good.
        let mut decided = 0;
        let mut after_redaction = None;
        // Token starts before this were looked at from a run block already.
        let mut run_checked = 0;
        let watch_turn_labels = self.watch_turn_labels;
        'scan: loop {
            let anchor = anchors.next_from(text, scan_from);
            // The piped passwords before the anchor wait with the rest. No anchor
            // further on yields a position before this one. Most anchors find
            // nothing waiting, and skip the search.
            if PIPED && next_piped < anchor.unwrap_or(usize::MAX) {
                next_piped = take_piped_before(&mut piped, anchor, &mut pending);
            }
            let horizon = match anchor {
                Some(_) if pending.is_empty() => 0,
                Some(anchor) => anchor.saturating_sub(MAX_LOOKBACK),
                None => usize::MAX,
            };
            while let Some(start) = pending.first()
                && start < horizon
            {
                pending.take_first();
                if start < decided || !self.text.is_char_boundary(start) || start == text.len() {
                    continue;
                }
                if let Some(count) = &mut window
                    && let Some(stop) = count.keep_until(text, start)
                {
                    return stop;
                }
                let previous = match start {
                    0 => 0,
                    _ if after_redaction == Some(start) => b']',
                    _ => text[start - 1],
                };
                let Some(end) = self.secret_at(start, previous) else {
                    continue;
                };
                let emitted_chars =
                    || count_chars(self.out.as_bytes()) + count_chars(&text[self.copied..start]);
                if let Some(count) = &mut window
                    && !count.take_redaction(start, end, emitted_chars)
                {
                    return Stop {
                        at: start,
                        cut: true,
                    };
                }
                if self.out.is_empty() {
                    // The output is about as long as the text.
                    self.out.reserve(self.text.len() + REDACTED.len());
                }
                self.out.push_str(&self.text[self.copied..start]);
                self.out.push_str(REDACTED);
                self.glued_redaction |= previous.is_ascii_alphanumeric();
                if let Some(ranges) = &mut self.ranges {
                    ranges.push(start..end);
                }
                self.copied = end;
                decided = end;
                after_redaction = Some(end);
                // A token may start right after the redaction.
                pending.restart_at(end);
                // An access key id's secret, further on its line.
                aws_key_pairs::push_secret_starts_after_key_id(
                    text,
                    start,
                    end,
                    &mut self.key_id_lines,
                    &mut |secret| pending.insert(secret),
                );
                if self.passed.argument_lists {
                    credential_calls::push_password_start_after_redaction(
                        text,
                        end,
                        &mut |start| {
                            pending.insert(start);
                        },
                    );
                }
                scan_from = scan_from.max(end);
                continue 'scan;
            }
            let Some(anchor) = anchor else {
                break;
            };
            let byte = text[anchor];
            if byte == b':' && watch_turn_labels && closes_turn_label(text, anchor) {
                self.saw_turn_label = true;
            }
            if anchor >= decided {
                // Undecided positions before the anchor may still be redacted, and a
                // recent redaction shows in the output, not in the text.
                let output_is_text = pending.first().is_none_or(|start| start >= anchor)
                    && after_redaction
                        .is_none_or(|end| anchor >= end + anchors::SEPARATOR_LOOKBACK);
                let mut push = |start| pending.insert(start);
                let (anchor_byte, run_block) = anchors.kind_at(anchor);
                if anchor_byte {
                    anchors::candidates(
                        text,
                        anchor,
                        byte,
                        output_is_text,
                        &self.names,
                        &mut self.passed,
                        &mut push,
                    );
                }
                if run_block {
                    let glued = !self.seams.is_empty();
                    token_starts::push_starts_in_run(text, anchor, run_checked, glued, &mut push);
                    run_checked = anchor + 1;
                }
            }
            scan_from = anchor + 1;
        }
        if let Some(count) = &mut window
            && let Some(stop) = count.keep_until(text, text.len())
        {
            return stop;
        }
        Stop {
            at: text.len(),
            cut: false,
        }
    }

    /// The end of a password piped into a login that starts at `at` (see
    /// `piped_passwords`), asked only where the scan found one.
    fn piped_password_end(&self, emitted: &[u8], at: usize) -> Option<usize> {
        if self.piped.is_empty() {
            return None;
        }
        piped_passwords::password_end(emitted, at, self.text.as_bytes(), &self.piped)
    }

    /// The end of the secret that starts at `at`, if one does.
    fn secret_at(&mut self, at: usize, previous: u8) -> Option<usize> {
        let text = self.text.as_bytes();
        if !self.out.is_empty() {
            self.out.push_str(&self.text[self.copied..at]);
            self.copied = at;
        }
        let emitted = if self.out.is_empty() {
            &text[..at]
        } else {
            self.out.as_bytes()
        };
        let by_context = match previous {
            b'/' => urls::userinfo_end(emitted, text, at, &mut self.passed.userinfo)
                .or_else(|| urls::webhook_secret_end(emitted, text, at))
                .or_else(|| dsn::oracle_password_end(emitted, text, at)),
            // A workflow command's value (`::add-mask::...`), which no other rule
            // reads.
            b':' if workflow_commands::closes_secret_command(emitted) => {
                workflow_commands::value_end(emitted, text, at)
            }
            b':' => keys::secret_value_end(emitted, text, at, &self.names)
                .or_else(|| urls::password_end(emitted, text, at, &mut self.passed.userinfo))
                .or_else(|| user_password_flags::password_end(emitted, text, at))
                .or_else(|| bot_tokens::secret_end(emitted, text, at))
                .or_else(|| dsn::password_end(emitted, text, at))
                .or_else(|| paired_flags::password_end(emitted, text, at)),
            b'%' | b',' => paired_flags::password_end(emitted, text, at),
            // A password alone on the line after one that announces it.
            b'\n' => announced_lines::password_end(emitted, text, at),
            // The `;` of a quote written as an HTML entity (`&quot;`) and the last
            // digit of one that JSON escapes by number (`\u0022`), Markdown's inline
            // code.
            b';' | b'`' | b'2' | b'7' => keys::secret_value_end(emitted, text, at, &self.names),
            b'=' => keys::secret_value_end(emitted, text, at, &self.names)
                .or_else(|| keys::command_flag_tight_value_end(emitted, text, at))
                .or_else(|| urls::webhook_secret_end(emitted, text, at)),
            b'"' | b'\'' => keys::secret_value_end(emitted, text, at, &self.names)
                .or_else(|| changed_values::new_value_end(emitted, text, at))
                .or_else(|| described_values::value_end(emitted, text, at))
                .or_else(|| keys::command_flag_tight_value_end(emitted, text, at))
                .or_else(|| keys::flag_value_end(emitted, text, at))
                .or_else(|| short_flags::password_end(emitted, text, at))
                .or_else(|| sql::password_end(emitted, text, at))
                .or_else(|| credential_calls::password_end(emitted, text, at))
                .or_else(|| pdo_arguments::password_end(emitted, text, at))
                .or_else(|| named_pairs::argument_value_end(emitted, text, at))
                .or_else(|| user_password_flags::password_end(emitted, text, at)),
            b' ' | b'\t' => keys::secret_value_end(emitted, text, at, &self.names)
                .or_else(|| keys::flag_value_end(emitted, text, at))
                .or_else(|| authorization::scheme_credential_end(emitted, text, at, &self.names))
                .or_else(|| authorization::bearer_credential_end(emitted, text, at))
                .or_else(|| netrc::password_end(emitted, text, at))
                .or_else(|| short_flags::password_end(emitted, text, at))
                .or_else(|| {
                    // Oracle's `IDENTIFIED BY tiger`, told by its `BY` here.
                    matches!(emitted, [.., b'B', b'Y', b' ' | b'\t'])
                        .then(|| sql::unquoted_password_end(emitted, text, at))
                        .flatten()
                })
                .or_else(|| {
                    command_arguments::password_end(emitted, text, at, &self.passed.commands)
                })
                .or_else(|| announced_lines::password_end(emitted, text, at))
                .or_else(|| self.piped_password_end(emitted, at))
                .or_else(|| table_columns::cell_end(emitted, text, at, &mut self.last_row)),
            // An encoded pair's `%3D` (see `encoded_pairs`).
            b'D' | b'd' if encoded_pairs::follows_encoded_equals(emitted) => {
                encoded_pairs::value_end(emitted, text, at)
            }
            letter if short_flags::is_flag_letter(letter) => {
                short_flags::password_end(emitted, text, at)
            }
            b'>' => elements::value_end(emitted, text, at)
                .or_else(|| keys::secret_value_end(emitted, text, at, &self.names)),
            // The last byte of a full-width `：` or `＝` (`密码：...`).
            0x80.. => keys::full_width_separated_value_end(emitted, text, at, &self.names),
            _ => None,
        };
        let seams = self.seams;
        let self_identifying = || match text[at] {
            b'-' => private_keys::private_key_end(text, at),
            _ => {
                let previous = if seams.binary_search(&at).is_ok() {
                    b' '
                } else {
                    previous
                };
                tokens::token_end(text, at, previous, &mut self.runs)
            }
        };
        // A password in prose is a word: a token there (a base64 private key after
        // `password client-key-data: `) is the token rules' whole.
        // (A curly quote's or a guillemet's last byte: `“`, `‘`, `„`, `«`.)
        let in_prose = || match previous {
            b' ' | b'\t' | b'"' | b'\'' | b'`' | 0x9C | 0x98 | 0x9E | 0xAB => {
                let emitted = if self.out.is_empty() {
                    &text[..at]
                } else {
                    self.out.as_bytes()
                };
                prose_passwords::password_end(emitted, text, at)
                    .or_else(|| prose_secrets::value_end(emitted, text, at))
            }
            _ => None,
        };
        by_context
            .or_else(self_identifying)
            .or_else(|| aws_key_pairs::secret_end(text, at, &self.key_id_lines))
            .or_else(in_prose)
            .map(|end| through_announced_secrets(text, at, end, &mut self.runs))
            // A rule whose reading is bounded in bytes may end inside a character:
            // the redaction takes the whole character.
            .map(|end| ceil_char_boundary(self.text, end))
    }

    /// The redacted output, or `None` when nothing was redacted.
    fn finish(&mut self, at: usize) -> Option<String> {
        if self.out.is_empty() {
            return None;
        }
        self.out.push_str(&self.text[self.copied..at]);
        // Taken rather than the redactor moved: it is large, the output is not.
        Some(std::mem::take(&mut self.out))
    }
}

/// `at`, or the end of the character it stands inside.
fn ceil_char_boundary(text: &str, mut at: usize) -> usize {
    while at < text.len() && !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// Moves the piped passwords that start before `anchor` (all, at the text's end)
/// to `pending`, and says where the next one starts (`usize::MAX`: none). Kept out
/// of the scan's loop: most texts have none.
#[cold]
#[inline(never)]
fn take_piped_before(
    piped: &mut std::iter::Peekable<std::vec::IntoIter<usize>>,
    anchor: Option<usize>,
    pending: &mut Pending,
) -> usize {
    while let Some(start) = piped.next_if(|&start| anchor.is_none_or(|anchor| start < anchor)) {
        pending.insert(start);
    }
    piped.peek().copied().unwrap_or(usize::MAX)
}

/// `end`, or further: a redaction that swallowed what announces the next secret (a
/// secret key and its `=`, a `Bearer`, the start of a private key block) takes
/// that secret along, since its rule can no longer see the announcement.
fn through_announced_secrets(
    text: &[u8],
    at: usize,
    mut end: usize,
    runs: &mut tokens::RunCache,
) -> usize {
    // Where private key headers, header names and variables' openings were looked
    // for already: each part is searched once.
    let mut searched = at;
    let mut headers_read = at;
    let mut variables_read = 0;
    let mut argument_search = command_arguments::SwallowedSearch::default();
    loop {
        let swallowed = keys::through_swallowed_value(text, at, end);
        let announced = keys::through_swallowed_header_value(text, at, headers_read, swallowed);
        headers_read = swallowed;
        let announced = keys::through_swallowed_flag_value(text, at, announced);
        let announced = short_flags::through_swallowed_password(text, at, announced);
        let announced = paired_flags::through_swallowed_password(text, at, announced);
        let announced = setter_values::through_swallowed_value(text, at, announced);
        let announced = authorization::through_swallowed_credential(text, at, announced);
        let announced = user_password_flags::through_swallowed_password(text, at, announced);
        let announced = sql::through_swallowed_password(text, at, announced);
        let announced = credential_calls::through_swallowed_password(text, at, announced);
        let announced = pdo_arguments::through_swallowed_password(text, at, announced);
        let announced = elements::through_swallowed_content(text, at, announced);
        let announced = prose_passwords::through_swallowed_password(text, at, announced);
        let announced = prose_secrets::through_swallowed_secret(text, at, announced);
        let announced = command_arguments::through_swallowed_arguments(
            text,
            at,
            announced,
            &mut argument_search,
        );
        let announced = named_pairs::through_swallowed_argument(text, at, announced);
        let read = announced;
        let announced =
            named_defaults::through_swallowed_variable(text, variables_read, at, announced);
        variables_read = read;
        let announced = tokens::through_swallowed_token(text, at, announced, runs);
        let announced = values::through_wrapped_lines(text, at, announced);
        let extended = private_keys::through_private_key(text, searched, announced);
        searched = announced;
        if extended == end {
            return end;
        }
        end = extended;
    }
}

#[cfg(test)]
mod tests {
    use super::{REDACTED, redact, redact_within};

    #[test]
    fn text_without_secrets_is_borrowed() {
        let text = "connection reset by peer (os error 104)";
        assert!(matches!(redact(text), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn a_redaction_never_straddles_the_window() {
        let text = "key ghp_16C7e42F292c6912E7710c838347Ae178B4a and more".to_owned();
        let window = redact_within(text.clone(), 12, &[]);
        assert_eq!(window.text, "key ");
        assert!(window.cut);
        let window = redact_within(text, 14, &[]);
        assert_eq!(window.text, format!("key {REDACTED}"));
        assert!(window.cut);
    }

    #[test]
    fn the_window_counts_characters_not_bytes() {
        let window = redact_within("ééé".to_owned(), 2, &[]);
        assert_eq!(window.text, "éé");
        assert!(window.cut);
        let window = redact_within("ééé".to_owned(), 3, &[]);
        assert_eq!(window.text, "ééé");
        assert!(!window.cut);
    }
}
