//! Passwords between the tags of an XML element named for one: Maven's
//! `<password>...</password>` in `settings.xml`, `<db.password>`,
//! `<keystorePassword>`, `<passwd>`, and an element whose `key` or `name` attribute
//! names one (Java's XML properties, `<entry key="password">...</entry>`). The scan
//! finds such an element from the `sw` of its name (the anchor of a `.netrc` file's
//! `password`), so the rule takes the names that end with `password` or `passwd`
//! and are secret names.

use super::{names, values, wording};

/// Hands `push` where the value starts when the `sw` at `anchor` ends the name of
/// an element's opening tag (`<password>`, `<passwd>`).
pub(super) fn push_value_start(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    if let Some(close) = tag_close_after_sw(text, anchor) {
        push(close + 1);
    }
}

/// What follows the `sw` in the names the rule takes: `password`, `passwd`.
const AFTER_SW: [&[u8]; 2] = [b"ord", b"d"];

/// Where the `>` of a tag stands when the `sw` at `sw` is followed by the rest of
/// `password` or `passwd` (in any case), perhaps an attribute's closing quote, and
/// the `>`.
fn tag_close_after_sw(text: &[u8], sw: usize) -> Option<usize> {
    let rest = text.get(sw + 2..)?;
    AFTER_SW.into_iter().find_map(|after| {
        let mut close = after.len();
        if !rest.get(..close)?.eq_ignore_ascii_case(after) {
            return None;
        }
        close += usize::from(matches!(rest.get(close), Some(b'"' | b'\'')));
        (rest.get(close) == Some(&b'>')).then_some(sw + 2 + close)
    })
}

/// The attributes whose value names an element's content: `<entry key="...">`,
/// `<param name="...">`.
const NAMING_ATTRIBUTES: [&[u8]; 2] = [b"key", b"name"];

/// The end of the value that starts at `at`, when `emitted` ends with the opening
/// tag of an element whose name is a secret name ending with `password` or
/// `passwd`: the value runs to the next tag or the line's end.
pub(super) fn value_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let before_close = emitted.strip_suffix(b">")?;
    // `<entry key="password">`: the attribute's value is the name, and an `=` and
    // the attribute's own name stand where the tag's `<` would.
    let (before_close, attribute) = match before_close.split_last() {
        Some((&quote @ (b'"' | b'\''), inside)) => (inside, Some(quote)),
        _ => (before_close, None),
    };
    let name_len = before_close
        .iter()
        .rev()
        .take(values::MAX_KEY_LEN + 1)
        .take_while(|&&byte| values::is_key_byte(byte))
        .count();
    let open = before_close.len().checked_sub(name_len + 1)?;
    let name = &before_close[open + 1..];
    // The scan found the element by the `sw` of its name's ending.
    let sw = name.windows(2).rposition(|pair| pair == b"sw")?;
    let opens = match attribute {
        None => before_close[open] == b'<',
        Some(quote) => {
            before_close[open] == quote
                && before_close[..open]
                    .strip_suffix(b"=")
                    .is_some_and(|before| {
                        let attribute = values::trailing_key(before);
                        NAMING_ATTRIBUTES
                            .iter()
                            .any(|naming| attribute.eq_ignore_ascii_case(naming))
                            && before[..before.len() - attribute.len()]
                                .last()
                                .is_some_and(u8::is_ascii_whitespace)
                            && is_setting_element(&before[..before.len() - attribute.len()])
                    })
        }
    };
    // An XML name starts with a letter or `_` (`<.Values.password>` is a Go
    // template's field in Helm's errors).
    if !opens
        || !name
            .first()
            .is_some_and(|&first| first.is_ascii_alphabetic() || first == b'_')
        || name_len > values::MAX_KEY_LEN
        || !ends_at_close(name, sw)
        || !names::is_secret_name(name)
    {
        return None;
    }
    // `Missing element <password> in <server>`: prose around a tag. Judged before the
    // value's end is looked for, so that a line of such tags is read once.
    if text.get(at).is_none_or(u8::is_ascii_whitespace) {
        return None;
    }
    // An attribute's element holds one word, before its closing tag or the line's
    // end (`<message key="password">Password is required</message>` is prose).
    let ends = |byte: u8| match attribute {
        None => matches!(byte, b'<' | b'\n' | b'\r'),
        Some(_) => byte == b'<' || byte.is_ascii_whitespace(),
    };
    let end = text[at..]
        .iter()
        .enumerate()
        .position(|(offset, &byte)| {
            ends(byte) || (byte == b'[' && values::is_redacted_at(text, at + offset))
        })
        .map_or(text.len(), |offset| at + offset);
    let value = &text[at..end];
    // `<password>${db.password}</password>`: a Maven property, not the password.
    let kept = value.is_empty()
        || wording::is_reference(value)
        || (attribute.is_some()
            && (matches!(text.get(end), Some(b' ' | b'\t')) || wording::is_wording(value)));
    (!kept).then_some(end)
}

/// The elements whose `key` or `name` attribute names their content: a setting's
/// (`<entry>` of Java's XML properties, `<property>`, `<param>`, `<parameter>`,
/// `<setting>`, `<add>`), not a form's field or a message's.
const SETTING_ELEMENTS: [&[u8]; 6] = [
    b"entry",
    b"property",
    b"param",
    b"parameter",
    b"setting",
    b"add",
];

/// Whether `before_attribute` (the tag up to a naming attribute) opens one of the
/// [`SETTING_ELEMENTS`].
fn is_setting_element(before_attribute: &[u8]) -> bool {
    let searched = &before_attribute[before_attribute.len().saturating_sub(MAX_TAG_LEN)..];
    memchr::memrchr(b'<', searched).is_some_and(|open| {
        let element = &searched[open + 1..];
        let name_len = element
            .iter()
            .take_while(|&&byte| values::is_key_byte(byte))
            .count();
        element.get(name_len).is_some_and(u8::is_ascii_whitespace)
            && SETTING_ELEMENTS
                .iter()
                .any(|setting| element[..name_len].eq_ignore_ascii_case(setting))
    })
}

/// How far before a naming attribute its tag's `<` is looked for.
const MAX_TAG_LEN: usize = 256;

/// Whether the `sw` at `sw` in `name` is followed by the rest of `password` or
/// `passwd` to the name's end.
fn ends_at_close(name: &[u8], sw: usize) -> bool {
    let rest = &name[sw + 2..];
    AFTER_SW
        .iter()
        .any(|after| rest.eq_ignore_ascii_case(after))
}

#[cfg(test)]
mod tests {
    use super::value_end;

    fn value_after(emitted: &str, text: &str) -> Option<usize> {
        let whole = format!("{emitted}{text}");
        value_end(emitted.as_bytes(), whole.as_bytes(), emitted.len())
            .map(|end| end - emitted.len())
    }

    #[test]
    fn elements_named_for_a_password_hold_one() {
        assert_eq!(value_after("<password>", "hunter2</password>"), Some(7));
        assert_eq!(
            value_after("<db.Password>", "hunter2</db.Password>"),
            Some(7)
        );
        assert_eq!(value_after("<keystorePassword>", "x y\nz"), Some(3));
        assert_eq!(value_after("<passwd>", "hunter2"), Some(7));
        assert_eq!(value_after("<password>", "${db.password}</password>"), None);
        assert_eq!(value_after("<password>", "</password>"), None);
        assert_eq!(value_after("<passwordPolicy>", "strict"), None);
        assert_eq!(value_after("password>", "hunter2"), None);
        assert_eq!(value_after("<PASSWORD>", "hunter2"), None);
        assert_eq!(value_after("<.Values.password>", ": nil pointer"), None);
        assert_eq!(value_after("<password>", " in <server>"), None);
    }

    #[test]
    fn elements_whose_key_or_name_attribute_names_a_password_hold_one() {
        for (tag, content, expected) in [
            ("<entry key=\"password\">", "hunter2</entry>", Some(7)),
            ("<param name='db.password'>", "hunter2</param>", Some(7)),
            (
                "<property type=\"s\" name=\"password\">",
                "hunter2</property>",
                Some(7),
            ),
            ("<input type=\"password\">", "x", None),
            ("<entry key=\"passwordPolicy\">", "x", None),
            ("<entry key=\"password\">", "${pw}</entry>", None),
            ("<entry=\"password\">", "hunter2", None),
            ("<entry xkey=\"password\">", "hunter2", None),
            // Prose, wording and elements that are no setting stay.
            ("<message key=\"password\">", "Password is required", None),
            ("<entry key=\"password\">", "Password</entry>", None),
            ("<entry key=\"password\">", "hunter2 is", None),
            ("<column name=\"password\">", "VARCHAR(255)</column>", None),
            ("lookup key=\"password\">", "hunter2 failed", None),
        ] {
            assert_eq!(value_after(tag, content), expected, "{tag}{content}");
        }
    }
}
