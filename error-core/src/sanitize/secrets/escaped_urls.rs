//! URLs inside a JSON string whose slashes JSON escaped (`https:\/\/...`), as PHP's
//! `json_encode` and some loggers write every `/`: the URL rules read such a URL
//! as they read any other.
//!
//! A userinfo has no `/`, so its rules only need the `:\/\/` that ends the scheme
//! (see [`authority_after`]). A webhook's host and path do: they are read from a
//! view of the URL with its `\/` unescaped ([`Unescaped`]), and its secret path
//! goes on through `\/` (see `urls::secret_path_end`).

/// How a scheme ends when JSON escaped its slashes.
pub(super) const ESCAPED_SCHEME_END: &[u8] = b":\\/\\/";

/// The longest stretch of escaped text read for one view: a host's longest name
/// and the longest path the webhook rules read after it, with room for their
/// escapes (see `urls::MAX_HOST_LEN`).
const MAX_VIEW_LEN: usize = 400;

/// Where a URL's authority starts after the `:` at `colon` that ends its scheme,
/// as `://` or escaped as `:\/\/`; none after any other `:`.
#[inline]
pub(super) fn authority_after(text: &[u8], colon: usize) -> Option<usize> {
    let rest = &text[colon..];
    if rest.starts_with(b"://") {
        Some(colon + 3)
    } else if rest.starts_with(ESCAPED_SCHEME_END) {
        Some(colon + ESCAPED_SCHEME_END.len())
    } else {
        None
    }
}

/// Whether `before` ends with a scheme's end, escaped or not.
pub(super) fn ends_scheme(before: &[u8]) -> bool {
    before.ends_with(b"://") || before.ends_with(ESCAPED_SCHEME_END)
}

/// A stretch of escaped text with each `\/` read as `/`, and where each of its
/// bytes stands in the text.
pub(super) struct Unescaped {
    /// The bytes, a `\/` read as one `/`.
    pub(super) bytes: Vec<u8>,
    /// For each byte of `bytes` and one past the last, its offset in the text.
    offsets: Vec<usize>,
}

impl Unescaped {
    /// The view of `escaped` (at most [`MAX_VIEW_LEN`] bytes of it), its offsets
    /// counted from `base`.
    pub(super) fn of(escaped: &[u8], base: usize) -> Self {
        let escaped = &escaped[..escaped.len().min(MAX_VIEW_LEN)];
        let mut bytes = Vec::with_capacity(escaped.len());
        let mut offsets = Vec::with_capacity(escaped.len() + 1);
        let mut at = 0;
        while let Some(&byte) = escaped.get(at) {
            offsets.push(base + at);
            if byte == b'\\' && escaped.get(at + 1) == Some(&b'/') {
                bytes.push(b'/');
                at += 2;
            } else {
                bytes.push(byte);
                at += 1;
            }
        }
        offsets.push(base + at);
        Self { bytes, offsets }
    }

    /// Where the view's byte at `index` (or its end) stands in the text.
    pub(super) fn offset(&self, index: usize) -> usize {
        self.offsets[index.min(self.offsets.len() - 1)]
    }
}

/// The text before a webhook's secret, from the last escaped scheme's end in its
/// last `reach` bytes, unescaped: none unless it ends with an escaped `/` (or a
/// query's `?key=`, WeCom's) and holds such a scheme's end.
pub(super) fn escaped_url_before(emitted: &[u8], reach: usize) -> Option<Vec<u8>> {
    if !(emitted.ends_with(b"\\/") || emitted.ends_with(b"?key=")) {
        return None;
    }
    let start = emitted.len().saturating_sub(reach);
    let scheme = memchr::memmem::rfind(&emitted[start..], ESCAPED_SCHEME_END)? + start;
    let mut view = b"://".to_vec();
    view.extend(Unescaped::of(&emitted[scheme + ESCAPED_SCHEME_END.len()..], 0).bytes);
    Some(view)
}

#[cfg(test)]
mod tests {
    use super::{Unescaped, authority_after, ends_scheme, escaped_url_before};

    #[test]
    fn a_scheme_ends_with_its_slashes_escaped_or_not() {
        assert_eq!(authority_after(b"https://h", 5), Some(8));
        assert_eq!(authority_after(b"https:\\/\\/h", 5), Some(10));
        assert_eq!(authority_after(b"https:\\/h", 5), None);
        assert_eq!(authority_after(b"a: b", 1), None);
        assert!(ends_scheme(b"postgres:\\/\\/"));
        assert!(!ends_scheme(b"postgres:\\/"));
    }

    #[test]
    fn a_view_maps_its_bytes_back_to_the_text() {
        let view = Unescaped::of(b"h.com\\/a\\/b", 10);
        assert_eq!(view.bytes, b"h.com/a/b");
        assert_eq!(view.offset(5), 15);
        assert_eq!(view.offset(6), 17);
        assert_eq!(view.offset(8), 20);
        assert_eq!(view.offset(9), 21, "one past the end");
        // A lone backslash stays.
        assert_eq!(Unescaped::of(b"a\\b\\", 0).bytes, b"a\\b\\");
    }

    #[test]
    fn the_url_before_a_secret_is_read_unescaped() {
        assert_eq!(
            escaped_url_before(b"\"https:\\/\\/hooks.slack.com\\/services\\/", 300).as_deref(),
            Some(&b"://hooks.slack.com/services/"[..])
        );
        assert_eq!(
            escaped_url_before(b"https://hooks.slack.com/services/", 300),
            None
        );
        assert_eq!(escaped_url_before(b"see \\/services\\/", 300), None);
    }
}
