//! Sanitizing text that an upstream controls before it reaches an envelope or a log.

/// The marker that ends text whose input was cut.
pub const TRUNCATION_MARKER: &str = " …[truncated]";

/// Sanitizes multi-line upstream text for an envelope: control characters removed
/// (line breaks kept), length capped at `max_len` characters plus the marker.
#[must_use]
pub fn sanitize_error_text(input: &str, max_len: usize) -> String {
    sanitize(input, max_len, true)
}

/// Like [`sanitize_error_text`], but the result is one line, for log fields.
#[must_use]
pub fn sanitize_single_line(input: &str, max_len: usize) -> String {
    sanitize(input, max_len, false)
}

fn sanitize(input: &str, max_len: usize, keep_line_breaks: bool) -> String {
    let mut output = String::with_capacity(input.len().min(max_len));
    let mut kept = 0;
    for character in input.chars() {
        if character.is_control() && !(keep_line_breaks && character == '\n') {
            continue;
        }
        if kept == max_len {
            output.push_str(TRUNCATION_MARKER);
            return output;
        }
        output.push(character);
        kept += 1;
    }
    output
}
