//! Prompt-injection markers: the tokens that chat templates and jailbreaks use to
//! open a new turn or a system section.
//!
//! Markers are removed from the end of the text being built, every time a character
//! that can close one is appended. Because the check runs on the output, the pieces
//! left around a removed marker are checked again when the next character arrives:
//! `<sys<system>tem>` loses `<system>` and then the `<system>` its remains assemble,
//! and the text never holds a marker at any moment.

/// Markers matched literally, ignoring ASCII case.
const LITERAL_MARKERS: &[&[u8]] = &[
    b"<system>",
    b"</system>",
    b"[inst]",
    b"[/inst]",
    b"###",
    b"<<",
    b"<start_of_turn>",
    b"<end_of_turn>",
];

/// Longest name accepted inside a chat-template special token `<|name|>`.
const MAX_SPECIAL_TOKEN_NAME: usize = 32;

/// Whether appending `byte` can complete a marker, so that the (rare) suffix check
/// is only paid for these bytes.
pub(super) fn can_close_marker(byte: u8) -> bool {
    matches!(byte, b'>' | b']' | b'#' | b'<')
}

/// Removes the marker that `text` ends with, if any, and returns how many bytes went.
/// Markers are ASCII, so bytes and characters are the same count.
pub(super) fn strip_trailing_marker(text: &mut String) -> usize {
    let Some(length) = trailing_marker_len(text.as_bytes()) else {
        return 0;
    };
    // The marker is ASCII, so its first byte is a character boundary.
    text.truncate(text.len() - length);
    length
}

/// Whether `text` ends with a marker.
pub(super) fn ends_with_marker(text: &[u8]) -> bool {
    trailing_marker_len(text).is_some()
}

fn trailing_marker_len(text: &[u8]) -> Option<usize> {
    if let Some(length) = special_token_len(text) {
        return Some(length);
    }
    LITERAL_MARKERS
        .iter()
        .find(|marker| ends_with_ignoring_case(text, marker))
        .map(|marker| marker.len())
}

/// The length of a `<|name|>` special token (`<|im_start|>`, `<|system|>`,
/// `<|endoftext|>`, `<|eot_id|>`, ...) that ends `text`.
fn special_token_len(text: &[u8]) -> Option<usize> {
    let before_close = text.strip_suffix(b"|>")?;
    let name_len = before_close
        .iter()
        .rev()
        .take(MAX_SPECIAL_TOKEN_NAME + 1)
        .take_while(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-'))
        .count();
    if name_len == 0 || name_len > MAX_SPECIAL_TOKEN_NAME {
        return None;
    }
    let before_name = &before_close[..before_close.len() - name_len];
    before_name
        .ends_with(b"<|")
        .then_some(name_len + "<||>".len())
}

fn ends_with_ignoring_case(text: &[u8], suffix: &[u8]) -> bool {
    text.len() >= suffix.len() && text[text.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

#[cfg(test)]
mod tests {
    use super::{can_close_marker, strip_trailing_marker};

    fn after_push(text: &str) -> String {
        let mut built = String::new();
        for character in text.chars() {
            built.push(character);
            if character.is_ascii() && can_close_marker(character as u8) {
                strip_trailing_marker(&mut built);
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
            "###",
            "<<",
            "<|im_start|>",
            "<|IM_END|>",
            "<|system|>",
            "<|endoftext|>",
            "<|eot_id|>",
            "<start_of_turn>",
            "<End_Of_Turn>",
        ] {
            assert_eq!(after_push(&format!("a{marker}b")), "ab", "{marker}");
        }
    }

    #[test]
    fn removing_a_marker_never_assembles_another() {
        assert_eq!(after_push("<sys<system>tem>"), "");
        assert_eq!(after_push("<s<s<system>ystem>ystem>x"), "x");
        assert_eq!(after_push("[IN[INST]ST]"), "");
        assert_eq!(after_push("#<<##"), "");
        assert_eq!(after_push("<|im_<|x|>start|>"), "");
    }

    #[test]
    fn look_alikes_stay() {
        for text in [
            "<systems>",
            "<sys tem>",
            "[INSTALL]",
            "## heading",
            "# 1",
            "Vec<Vec<u8>>",
            "a < b",
            "<|>",
            "<| |>",
            "|x|>",
            "<module>",
        ] {
            assert_eq!(after_push(text), text);
        }
    }
}
