//! The new value of a secret-named attribute that a plan shows changing, after the
//! old one that the key's rule redacted: Terraform's `~ password = "..." ->
//! "..."`. Found from the `>` of the arrow; the old value's redaction in the
//! output says the new one is a secret too, so a second reading keeps both as
//! they are.

use super::super::REDACTED;
use super::values;

/// The arrow between the old value and the new, with its spaces.
const ARROW: &[u8] = b" -> ";

/// Hands `push` where the new value's content starts when the `>` at `close` ends
/// an arrow between two quoted values (`"..." -> "...`).
pub(super) fn push_new_value_start(text: &[u8], close: usize, push: &mut impl FnMut(usize)) {
    let Some(arrow) = (close + 2).checked_sub(ARROW.len()) else {
        return;
    };
    if text.get(arrow..close + 2) != Some(ARROW) {
        return;
    }
    let quoted = |at: usize| matches!(text.get(at), Some(b'"' | b'\''));
    if arrow > 0 && quoted(arrow - 1) && quoted(close + 2) {
        push(close + 3);
    }
}

/// The end of the new value that starts at `at`, when `emitted` ends with an old
/// value redacted in the same quotes and the arrow (`"[REDACTED]" -> "`).
pub(super) fn new_value_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (&quote @ (b'"' | b'\''), before_quote) = emitted.split_last()? else {
        return None;
    };
    let before_arrow = before_quote.strip_suffix(ARROW)?;
    let old_value = before_arrow.strip_suffix(&[quote])?;
    if !old_value.ends_with(REDACTED.as_bytes()) {
        return None;
    }
    let quote = match quote {
        b'"' => values::Quote::Double,
        _ => values::Quote::Single,
    };
    // To its quote, its line's end or a redaction, as every value's scan stops.
    let closing = values::quoted_end(text, at, quote);
    (closing > at).then_some(closing)
}

#[cfg(test)]
mod tests {
    use super::{new_value_end, push_new_value_start};

    #[test]
    fn the_new_value_after_a_redacted_old_one_goes() {
        let text = br#"~ password = "[REDACTED]" -> "Zx8qLm2PvR7tKw4N""#;
        let mut starts = Vec::new();
        let close = text.iter().position(|&byte| byte == b'>').expect("arrow");
        push_new_value_start(text, close, &mut |start| starts.push(start));
        assert_eq!(starts, [close + 3]);
        let at = close + 3;
        assert_eq!(new_value_end(&text[..at], text, at), Some(text.len() - 1));
        // An old value that stayed, and an arrow between other things.
        let kept = br#"~ name = "old" -> "new""#;
        let at = kept.len() - 4;
        assert_eq!(new_value_end(&kept[..at], kept, at), None);
        let mut starts = Vec::new();
        push_new_value_start(b"a -> b", 3, &mut |start| starts.push(start));
        assert!(starts.is_empty());
    }
}
