//! Telegram bot tokens: the bot's id, a `:` and its secret
//! (`123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw`), bare or in a Bot API URL
//! (`https://api.telegram.org/bot123456789:AAH.../getMe`). The id is the bot's
//! public user id and stays; the secret goes. A bare secret starts with `A`, as
//! every token the Bot API issues does; after a Bot API path's `bot` any secret
//! goes, whatever its first letter.

/// How many digits a bot's id has.
const ID_DIGITS: std::ops::RangeInclusive<usize> = 5..=16;

/// How long a bot's secret is at least: an `A` and 34 more (33 in the Bot API's
/// own examples, which agents copy). A longer run goes too: a window may cut it to
/// a bot secret's length, and a second pass must read the cut text as the first
/// read the whole.
const MIN_SECRET_LEN: usize = 34;

/// How long a bot's secret in a Bot API path is at least: the path says what it
/// is, and a secret copied short or long still is one.
const MIN_PATH_SECRET_LEN: usize = 24;

/// Hands `push` the start of a bot's secret when the `:` at `colon` follows a
/// bot's id and an `A` follows it, or any letter or digit follows the id of a Bot
/// API path (`/bot123456789:`).
#[inline]
pub(super) fn push_secret_start(text: &[u8], colon: usize, push: &mut impl FnMut(usize)) {
    // Most `:`s are turned away on the byte before them, a digit of the id.
    if colon
        .checked_sub(1)
        .is_some_and(|last| text[last].is_ascii_digit())
        && text.get(colon + 1).is_some_and(u8::is_ascii_alphanumeric)
        && bot_id_before(&text[..colon]).is_some_and(|in_path| in_path || text[colon + 1] == b'A')
    {
        push(colon + 1);
    }
}

/// The end of the bot's secret that starts at `at`, when `emitted` ends with a
/// bot's id and its `:`.
pub(super) fn secret_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let before_colon = emitted.strip_suffix(b":")?;
    let in_path = bot_id_before(before_colon)?;
    let first = text.get(at)?;
    if !(first == &b'A' || (in_path && first.is_ascii_alphanumeric())) {
        return None;
    }
    // One `:` stands before a run: each run is read once.
    let len = text[at..]
        .iter()
        .take_while(|&&byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-'))
        .count();
    let secret = &text[at..at + len];
    // Random, not a word: a digit somewhere.
    let min_len = if in_path {
        MIN_PATH_SECRET_LEN
    } else {
        MIN_SECRET_LEN
    };
    (len >= min_len && secret.iter().any(u8::is_ascii_digit)).then_some(at + len)
}

/// Whether `before` ends with a bot's id: `Some(true)` after the `bot` of a Bot
/// API path, `Some(false)` after a byte that is no letter or digit.
fn bot_id_before(before: &[u8]) -> Option<bool> {
    let digits = before
        .iter()
        .rev()
        .take(ID_DIGITS.end() + 1)
        .take_while(|byte| byte.is_ascii_digit())
        .count();
    if !ID_DIGITS.contains(&digits) {
        return None;
    }
    let rest = &before[..before.len() - digits];
    // The `bot` of a path starts its segment (`/bot123...`, not `robot123...`).
    let in_path = rest.len().checked_sub(3).is_some_and(|start| {
        rest[start..].eq_ignore_ascii_case(b"bot")
            && rest[..start]
                .last()
                .is_none_or(|byte| !byte.is_ascii_alphanumeric())
    });
    (in_path || rest.last().is_none_or(|byte| !byte.is_ascii_alphanumeric())).then_some(in_path)
}

#[cfg(test)]
mod tests {
    use super::secret_end;

    fn end(emitted: &str, text: &str) -> Option<usize> {
        secret_end(emitted.as_bytes(), text.as_bytes(), 0)
    }

    #[test]
    fn a_bot_secret_after_its_id_goes() {
        let secret = concat!("AA", "G7qRt0bXwK2mZp9LcVn4HsYd1JfUe8TiO");
        assert_eq!(end("token 123456789:", &format!("{secret} x")), Some(35));
        assert_eq!(
            end(
                "https://api.telegram.org/bot123456789:",
                &format!("{secret}/getMe")
            ),
            Some(35)
        );
        assert_eq!(
            end("123456:", "ABC-DEF1234ghIkl-zyx57W2v1u123ew11"),
            Some(34)
        );
        // In a Bot API path, whatever its first letter.
        assert_eq!(
            end(
                "https://api.telegram.org/bot123456789:",
                "1fS9Sws9mIAEPLRb2Lh4qzBwvPyMPzHqsqW/sendMessage"
            ),
            Some(35)
        );
        assert_eq!(
            end(
                "https://api.telegram.org/bot123456789:",
                "Wk8Zx4Lq6Rm2Nt5C-AAbbCCddEEffGGhh/sendMessage"
            ),
            Some(33)
        );
    }

    #[test]
    fn a_longer_run_goes_whole_as_its_cut_would() {
        let secret = concat!("AA", "G7qRt0bXwK2mZp9LcVn4HsYd1JfUe8TiO");
        assert_eq!(end("123456789:", &format!("{secret}yz x")), Some(37));
        // Caps that cut the run to a bot secret's length and around it.
        let text = format!("bot 123456789:{secret}{}", "9".repeat(60));
        for cap in 40..=60 {
            let once = crate::sanitize::sanitize_error_text(&text, cap);
            assert_eq!(crate::sanitize::sanitize_error_text(&once, cap), once);
        }
    }

    #[test]
    fn other_colons_stay() {
        let secret = concat!("AA", "G7qRt0bXwK2mZp9LcVn4HsYd1JfUe8TiO");
        assert_eq!(end("main.rs:1234:", secret), None, "four digits");
        assert_eq!(end("id x123456789:", secret), None, "glued to a word");
        assert_eq!(
            end("123456789:", "Abstract_syntax_tree_node_is_invalid"),
            None
        );
        assert_eq!(end("123456789 ", secret), None);
        assert_eq!(
            end("token 123456789:", "1fS9Sws9mIAEPLRb2Lh4qzBwvPyMPzHqsqW"),
            None,
            "a bare secret starts with `A`"
        );
        assert_eq!(
            end("robot123456789:", "1fS9Sws9mIAEPLRb2Lh4qzBwvPyMPzHqsqW"),
            None
        );
        assert_eq!(end("123456789:", &secret[..30]), None, "too short");
    }
}
