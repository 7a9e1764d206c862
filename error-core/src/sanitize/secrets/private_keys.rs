//! PEM private key blocks (`-----BEGIN RSA PRIVATE KEY-----` through its `-----END
//! ...-----` line): they say what they are and run across lines, so they are found
//! by their header alone, and a redaction that swallows a header takes the block.

const PEM_BEGIN: &[u8] = b"-----BEGIN ";
const PEM_END: &[u8] = b"-----END ";
const PEM_DASHES: &[u8] = b"-----";
const MAX_PEM_LABEL: usize = 48;

/// The end of a PEM private key block that starts at `at`: through its `-----END
/// ...-----` line, or to the end of the text when the block was cut.
pub(super) fn private_key_end(text: &[u8], at: usize) -> Option<usize> {
    let label = pem_label(&text[at..], PEM_BEGIN)?;
    if !label
        .windows(b"PRIVATE KEY".len())
        .any(|window| window == b"PRIVATE KEY")
    {
        return None;
    }
    let body = at + PEM_BEGIN.len() + label.len() + PEM_DASHES.len();
    let end = starts_of(text, body, text.len(), PEM_END)
        .find_map(|end_line| {
            pem_label(&text[end_line..], PEM_END)
                .map(|end_label| end_line + PEM_END.len() + end_label.len() + PEM_DASHES.len())
        })
        .unwrap_or(text.len());
    Some(end)
}

/// `end`, or further: a redaction that swallows the start of a private key block
/// (`password="-----BEGIN ...`, which ends at the line break) takes the whole block,
/// since the block's rule never sees its header once the header is redacted.
///
/// Headers are looked for from `from`, which is where the redaction starts or where
/// an earlier search of it stopped.
pub(super) fn through_private_key(text: &[u8], from: usize, end: usize) -> usize {
    // A header that starts inside the redaction may end after it; a block that ends
    // inside it may be followed by another header. Each part is read once: the next
    // header is looked for after the block before it.
    let mut extended = end;
    let mut at = from;
    while let Some(header) = starts_of(text, at, end, PEM_BEGIN).next() {
        at = match private_key_end(text, header) {
            Some(block_end) => {
                extended = extended.max(block_end);
                block_end.max(header + 1)
            }
            None => header + 1,
        };
    }
    extended
}

/// Where `needle` (which starts with `-`) starts in `text`, at `from` or later and
/// before `before`.
fn starts_of<'t>(
    text: &'t [u8],
    from: usize,
    before: usize,
    needle: &'static [u8],
) -> impl Iterator<Item = usize> + 't {
    let mut at = from;
    std::iter::from_fn(move || {
        while at < before {
            let dash = at + memchr::memchr(b'-', &text[at..before])?;
            at = dash + 1;
            if text[dash..].starts_with(needle) {
                return Some(dash);
            }
        }
        None
    })
}

/// The label of a PEM boundary line (`RSA PRIVATE KEY` in
/// `-----BEGIN RSA PRIVATE KEY-----`).
fn pem_label<'t>(text: &'t [u8], opening: &[u8]) -> Option<&'t [u8]> {
    let after_opening = text.strip_prefix(opening)?;
    let label_len = after_opening
        .iter()
        .take(MAX_PEM_LABEL + 1)
        .take_while(|byte| byte.is_ascii_uppercase() || byte.is_ascii_digit() || **byte == b' ')
        .count();
    (label_len > 0
        && label_len <= MAX_PEM_LABEL
        && after_opening[label_len..].starts_with(PEM_DASHES))
    .then(|| &after_opening[..label_len])
}

#[cfg(test)]
mod tests {
    use super::{private_key_end, through_private_key};

    #[test]
    fn private_key_blocks_run_to_their_end_line_or_the_end() {
        let block = "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----";
        let text = format!("{block}\nafter");
        assert_eq!(private_key_end(text.as_bytes(), 0), Some(block.len()));
        let cut = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk";
        assert_eq!(private_key_end(cut.as_bytes(), 0), Some(cut.len()));
        let certificate = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
        assert_eq!(private_key_end(certificate.as_bytes(), 0), None);
        let value = format!("x {block} y");
        assert_eq!(
            through_private_key(value.as_bytes(), 0, 20),
            block.len() + 2
        );
    }
}
