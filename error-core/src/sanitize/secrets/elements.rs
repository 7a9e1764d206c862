//! Passwords between the tags of an XML element named for one: Maven's
//! `<password>...</password>` in `settings.xml`, `<db.password>`,
//! `<keystorePassword>`, `<passwd>`, with a namespace prefix or attributes (a SOAP
//! request's WS-Security `<wsse:Password Type="...#PasswordText">...`), and an
//! element whose `key` or `name` attribute names one (Java's XML properties,
//! `<entry key="password">...</entry>`). The scan finds such an element from the
//! `sw` of its name (the anchor of a `.netrc` file's `password`), so this rule takes
//! the names that end with `password` or `passwd` and are secret names, and their
//! content to the next tag or the line's end.
//!
//! Any other element whose name is a secret name (AWS STS's
//! `<SecretAccessKey>...</SecretAccessKey>` and `<SessionToken>`, `<token>`,
//! `<apiKey>`, `<passphrase>`) is found from the `>` of its opening tag, and its
//! content goes when its closing tag ends it: `Missing <token> in the request` is
//! prose. So does an element named for a password's abbreviation (FileZilla's
//! `<Pass encoding="base64">...</Pass>`, `<Pwd>`), unless its content is a word, a
//! count or a path.

use super::super::REDACTED;
use super::{keys, names, values, wording};

/// Hands `push` where the value starts when the `sw` at `anchor` ends the name of
/// an element's opening tag (`<password>`, `<passwd>`).
pub(super) fn push_value_start(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    if let Some(close) = tag_close_after_sw(text, anchor) {
        push(close + 1);
    } else if let Some(close) = close_after_attributes(text, anchor) {
        push(close + 1);
    }
}

/// Hands `push` the start of the content after the `>` at `close`, when the `>`
/// may close an opening tag (a name or an attribute's quote before it) and content
/// may start after it: no space, and no tag but a CDATA section. Out of line: it is
/// seldom asked.
///
/// `output_is_text` says that the output holds the text itself before the `>`
/// (see `anchors::candidates`): then a tag without attributes is judged here by
/// its name, as [`value_end`] would judge it, and most of a markup page's tags
/// (`<td>`, `<h1>`, `<soap:Body>`) give no candidate.
#[inline(never)]
pub(super) fn push_content_start(
    text: &[u8],
    close: usize,
    output_is_text: bool,
    push: &mut impl FnMut(usize),
) {
    let Some(&before) = close.checked_sub(1).map(|before| &text[before]) else {
        return;
    };
    if !(is_qualified_name_byte(before) || matches!(before, b'"' | b'\'')) {
        return;
    }
    let starts_content = match text.get(close + 1..) {
        Some([b'<', b'!', ..]) => true,
        Some([first, ..]) => *first != b'<' && !first.is_ascii_whitespace(),
        _ => false,
    };
    if starts_content && !(output_is_text && names_no_secret(&text[..close])) {
        push(close + 1);
    }
}

/// Whether `tag`, an opening tag without its `>` that ends with a name (no
/// attribute's quote), names an element whose content [`value_end`] never takes:
/// its name is no secret name, no password's abbreviation and no `value`.
fn names_no_secret(tag: &[u8]) -> bool {
    if matches!(tag.last(), Some(b'"' | b'\'')) {
        return false;
    }
    let name = &tag[tag.len() - trailing_name_len(tag)..];
    !(names_a_password(name)
        || names_a_secret(name)
        || keys::is_bare_abbreviation(name)
        || name.eq_ignore_ascii_case(b"value"))
}

/// Where the `>` of an opening tag stands when the `sw` at `sw` is followed by the
/// rest of `password` or `passwd` that ends the element's name (it opens the tag,
/// perhaps after a namespace prefix) or a quoted attribute value (`key="password"`),
/// and attributes follow.
#[inline(never)]
fn close_after_attributes(text: &[u8], sw: usize) -> Option<usize> {
    let rest = text.get(sw + 2..)?;
    let after = AFTER_SW.into_iter().find(|after| {
        rest.get(..after.len())
            .is_some_and(|found| found.eq_ignore_ascii_case(after))
    })?;
    let name_end = sw + 2 + after.len();
    // Only a name that opens a tag, or a naming attribute's quoted value: most
    // `sw`s in attribute values and prose are turned away here, and a tag's
    // attributes are read once.
    let name_len = text[..sw]
        .iter()
        .rev()
        .take(values::MAX_KEY_LEN)
        .take_while(|&&byte| is_qualified_name_byte(byte))
        .count();
    let opening = text[sw.checked_sub(name_len + 1)?];
    let attributes = match *text.get(name_end)? {
        byte if byte.is_ascii_whitespace() && opening == b'<' => name_end,
        quote @ (b'"' | b'\'') if quote == opening => name_end + 1,
        _ => return None,
    };
    attributes_end(text, attributes).filter(|&close| text[close] == b'>')
}

/// Where the attributes that start at `at` end: at the `>` or `/` that closes the
/// tag, or `None` when something else stands there. A quoted value is skipped
/// whole (it may hold `<` or `>`).
fn attributes_end(text: &[u8], mut at: usize) -> Option<usize> {
    // A bounded read: an attribute value's `sw` every few bytes must not read all
    // the attributes after it each time.
    let limit = at.saturating_add(MAX_ATTRIBUTES_LEN);
    loop {
        if at > limit {
            return None;
        }
        while text
            .get(at)
            .is_some_and(|&byte| byte == b' ' || byte == b'\t')
        {
            at += 1;
        }
        match *text.get(at)? {
            b'>' | b'/' => return Some(at),
            _ => {}
        }
        let name_len = text[at..]
            .iter()
            .take(values::MAX_KEY_LEN)
            .take_while(|&&byte| is_qualified_name_byte(byte))
            .count();
        if name_len == 0 || text.get(at + name_len) != Some(&b'=') {
            return None;
        }
        let quote_at = at + name_len + 1;
        let quote = match text.get(quote_at)? {
            b'"' => values::Quote::Double,
            b'\'' => values::Quote::Single,
            _ => return None,
        };
        let closing = values::quoted_end(text, quote_at + 1, quote);
        if text.get(closing) != text.get(quote_at) {
            return None;
        }
        at = closing + 1;
    }
}

/// The longest stretch of attributes read for the `>` that closes a tag.
const MAX_ATTRIBUTES_LEN: usize = 1024;

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
    let mut tag = emitted.strip_suffix(b">")?;
    let mut attributes = 0;
    // `<entry key="password" type="string">`: a naming attribute's value names the
    // content, wherever the attribute stands among the tag's.
    while let Some(&quote @ (b'"' | b'\'')) = tag.last() {
        if let Some(end) = named_value_end(&tag[..tag.len() - 1], Some(quote), text, at) {
            return Some(end);
        }
        tag = before_attribute(tag)?;
        attributes += 1;
        if attributes > MAX_ATTRIBUTES {
            return None;
        }
    }
    // `<password>`, `<password type="plain">`: the element's own name.
    named_value_end(tag, None, text, at)
}

/// [`value_end`] once the tag's attributes are read: `before_close` ends with the
/// element's name (or, with a naming `attribute`'s quote, with the attribute's
/// value).
fn named_value_end(
    before_close: &[u8],
    attribute: Option<u8>,
    text: &[u8],
    at: usize,
) -> Option<usize> {
    let name_len = trailing_name_len(before_close);
    let open = before_close.len().checked_sub(name_len + 1)?;
    let name = &before_close[open + 1..];
    // A tag right after a `=` or `:` may be a template's placeholder
    // (`password=<your-password>`, `mongodb+srv://admin:<password>@cluster0`): only
    // its closing tag makes it an element.
    let after_separator = attribute.is_none()
        && before_close[open] == b'<'
        && matches!(before_close[..open].last(), Some(b'=' | b':'));
    let opens = match attribute {
        None => before_close[open] == b'<' || opens_after_prefix(&before_close[..=open]),
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
    if !opens {
        return None;
    }
    if names_a_password(name) && !after_separator {
        // Punctuation alone is no password: a usage line's `<password>)`.
        return content_end(text, at, attribute)
            .filter(|&end| text[at..end].iter().any(u8::is_ascii_alphanumeric));
    }
    // Any other secret name: the element's own (no naming attribute's), whose
    // closing tag ends its content.
    if attribute.is_none() && names_a_secret(name) {
        return closed_content_end(text, at, name);
    }
    // A password's abbreviation (FileZilla's `<Pass encoding="base64">`, `<Pwd>`):
    // a word, a count or a path (`<pass>true</pass>`, `<pwd>/srv</pwd>`) stays.
    if attribute.is_none() && keys::is_bare_abbreviation(name) {
        return closed_content_end(text, at, name).filter(|&end| {
            let content = &text[at..end];
            !(wording::is_plain_word(content) || keys::abbreviated_value_stays(content))
        });
    }
    // `<key>DB_PASSWORD</key><value>...</value>`: a `value` element that the
    // element before it names.
    if attribute.is_none()
        && name.eq_ignore_ascii_case(b"value")
        && before_close[open] == b'<'
        && sibling_names_a_secret(&before_close[..open])
    {
        return closed_content_end(text, at, name);
    }
    None
}

/// The elements that name the `value` element after them: Java's and .NET's
/// settings (`<key>`), Hadoop's and Tomcat's properties (`<name>`).
const NAMING_ELEMENTS: [&[u8]; 2] = [b"key", b"name"];

/// Whether `before_tag` (what stands before an opening tag) ends with a naming
/// element whose content is a secret name (`<name>api.token</name>`), and blanks;
/// or with a redaction, which may have taken the naming element along.
fn sibling_names_a_secret(before_tag: &[u8]) -> bool {
    let searched = &before_tag[before_tag.len().saturating_sub(MAX_TAG_LEN * 2)..];
    let before_blanks = searched.trim_ascii_end();
    if before_blanks.ends_with(REDACTED.as_bytes()) {
        return true;
    }
    NAMING_ELEMENTS.iter().any(|element| {
        let Some(content) = before_blanks
            .strip_suffix(b">")
            .and_then(|rest| strip_suffix_ignoring_case(rest, element))
            .and_then(|rest| rest.strip_suffix(b"</"))
        else {
            return false;
        };
        let name_len = trailing_name_len(content);
        let opened = content[..content.len() - name_len]
            .strip_suffix(b">")
            .and_then(|rest| strip_suffix_ignoring_case(rest, element))
            .is_some_and(|rest| rest.ends_with(b"<"));
        opened && names_a_secret(&content[content.len() - name_len..])
    })
}

/// `bytes` without `suffix` (lowercase) that it ends with in any case.
fn strip_suffix_ignoring_case<'b>(bytes: &'b [u8], suffix: &[u8]) -> Option<&'b [u8]> {
    let start = bytes.len().checked_sub(suffix.len())?;
    bytes[start..]
        .eq_ignore_ascii_case(suffix)
        .then(|| &bytes[..start])
}

/// Whether `name` (an element's) is an XML name that is a secret name.
fn names_a_secret(name: &[u8]) -> bool {
    name.first()
        .is_some_and(|&first| first.is_ascii_alphabetic() || first == b'_')
        && name.len() <= values::MAX_KEY_LEN
        && names::is_secret_name(name)
}

/// The end of the content that starts at `at`, when the closing tag of the
/// element named `name` (perhaps with a namespace prefix) ends it, and the content
/// is one that a secret could be: no space at its start, no reference, no
/// placeholder and no wording.
fn closed_content_end(text: &[u8], at: usize, name: &[u8]) -> Option<usize> {
    if text.get(at).is_none_or(u8::is_ascii_whitespace) {
        return None;
    }
    // `<token><![CDATA[...]]></token>`: the section goes whole.
    if text[at..].starts_with(CDATA) {
        let content = at + CDATA.len();
        let end = cdata_content_end(text, content);
        let value = &text[content..end];
        let after = end + 3;
        let closed = text[end..].starts_with(b"]]>") && closes_element(text, after, name);
        return (closed && !value.is_empty() && !wording::is_reference(value)).then_some(after);
    }
    let end = values::end_before_redaction(text, at, |byte| matches!(byte, b'<' | b'\n' | b'\r'));
    let value = &text[at..end];
    let closes = closes_element(text, end, name);
    // Prose between two tags (`expected <token>, found </token>`, `<token>not
    // found</token>`) is no secret.
    let kept = value.is_empty()
        || matches!(value[0], b',' | b';' | b':' | b')' | b'.')
        || wording::is_reference(value)
        || wording::is_placeholder(value)
        || value
            .split(u8::is_ascii_whitespace)
            .all(|word| word.is_empty() || wording::is_wording(word));
    (closes && !kept).then_some(end)
}

/// Whether `name` (an element's, or a naming attribute's value) names a password
/// as the rule reads it: an XML name (`<.Values.password>` is a Go template's field
/// in Helm's errors) that the `sw` the scan found it by, and the rest of `password`
/// or `passwd`, end, and that is a secret name.
fn names_a_password(name: &[u8]) -> bool {
    name.first()
        .is_some_and(|&first| first.is_ascii_alphabetic() || first == b'_')
        && name.len() <= values::MAX_KEY_LEN
        && name
            .windows(2)
            .rposition(|pair| pair == b"sw")
            .is_some_and(|sw| ends_at_close(name, sw))
        && names::is_secret_name(name)
}

/// How many bytes of a name `bytes` ends with, up to one more than a name may
/// hold (a name that long is none).
fn trailing_name_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rev()
        .take(values::MAX_KEY_LEN + 1)
        .take_while(|&&byte| values::is_key_byte(byte))
        .count()
}

/// Whether `byte` may stand in an element's or attribute's name, its namespace
/// prefix included (`wsse:Password`, `xsi:type`).
fn is_qualified_name_byte(byte: u8) -> bool {
    values::is_key_byte(byte) || byte == b':'
}

/// The end of an element's content that starts at `at`, once its tag is known to
/// name a password (with a naming `attribute`'s quote, the attribute form's).
fn content_end(text: &[u8], at: usize, attribute: Option<u8>) -> Option<usize> {
    // `Missing element <password> in <server>`: prose around a tag, or a usage
    // line's placeholder in quotes (`sshpass -p "<password>" ssh`). Judged before
    // the value's end is looked for, so that a line of such tags is read once.
    if text
        .get(at)
        .is_none_or(|&byte| byte.is_ascii_whitespace() || matches!(byte, b'"' | b'\''))
    {
        return None;
    }
    // `<password><![CDATA[...]]></password>`: the section goes whole, to its end or
    // the line's.
    if text[at..].starts_with(CDATA) {
        let content = at + CDATA.len();
        let end = cdata_content_end(text, content);
        let closed = text[end..].starts_with(b"]]>");
        let value = &text[content..end];
        // A section that does not close may have been cut inside its `]]>`
        // (`<![CDATA[...]`, then a space or nothing): it is judged up to its first
        // `]`, as the whole was.
        let cut_closing = |bracket: usize| {
            let rest = &value[bracket..];
            let brackets = rest
                .iter()
                .take(2)
                .take_while(|&&byte| byte == b']')
                .count();
            rest.get(brackets).is_none_or(|&byte| byte == b' ')
        };
        let judged = match value.iter().position(|&byte| byte == b']') {
            Some(bracket) if !closed && cut_closing(bracket) => &value[..bracket],
            _ => value,
        };
        return (!judged.is_empty() && !wording::is_reference(judged))
            .then_some(end + if closed { 3 } else { 0 });
    }
    // An attribute's element holds one word, before its closing tag or the line's
    // end (`<message key="password">Password is required</message>` is prose).
    let ends = |byte: u8| match attribute {
        None => matches!(byte, b'<' | b'\n' | b'\r'),
        Some(_) => byte == b'<' || byte.is_ascii_whitespace(),
    };
    let end = values::end_before_redaction(text, at, ends);
    let value = &text[at..end];
    // `<password>${db.password}</password>`: a Maven property, not the password. An
    // attribute's element whose word a space follows holds prose; so does one whose
    // word runs to the text's end, where a cut may have taken the space, or to a
    // redaction, which may have taken it (`password=[REDACTED]` after a first pass
    // kept `password=g` at the end): a second sanitizing must keep what the first
    // kept.
    let kept = value.is_empty()
        || wording::is_reference(value)
        || (attribute.is_some()
            && (matches!(text.get(end), None | Some(b' ' | b'\t' | b'['))
                || wording::is_wording(value)));
    (!kept).then_some(end)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed the opening
/// tag of an element named for a password or another secret (and ended with its
/// `>`), or its start (a quoted value that ran to an attribute's quote: `"<wsse:Password
/// Type="`), takes the content along, since the rule no longer sees the tag.
pub(super) fn through_swallowed_content(text: &[u8], at: usize, end: usize) -> usize {
    // Only a quoted value can hold a `<` and end inside a tag, at an attribute's
    // quote after its `=` or through it (an unquoted value ends at a `<`, a tight one
    // takes its tag whole); or a redaction ended with the tag's `>`.
    let ends_in_tag = end > at
        && match &text[at..end] {
            [.., b'='] => matches!(text.get(end), Some(b'"' | b'\'')),
            // The value ran through the attribute's opening quote.
            [.., b'=', b'"' | b'\''] => true,
            [.., last] => *last == b'>',
            [] => false,
        };
    if !ends_in_tag {
        return end;
    }
    let tail = end.saturating_sub(MAX_TAG_LEN).max(at);
    let Some(open) = memchr::memrchr(b'<', &text[tail..end]).map(|offset| tail + offset) else {
        return end;
    };
    let name_start = open + 1;
    let name_len = text[name_start..]
        .iter()
        .take(values::MAX_KEY_LEN * 2)
        .take_while(|&&byte| is_qualified_name_byte(byte))
        .count();
    let qualified = &text[name_start..name_start + name_len];
    let name = qualified
        .iter()
        .rposition(|&byte| byte == b':')
        .map_or(qualified, |colon| &qualified[colon + 1..]);
    let password = names_a_password(name);
    if !password && !names_a_secret(name) {
        return end;
    }
    let Some(close) = attributes_end(text, name_start + name_len) else {
        return end;
    };
    if text[close] != b'>' {
        return end;
    }
    let content = if password {
        content_end(text, close + 1, None)
    } else {
        closed_content_end(text, close + 1, name)
    };
    content.map_or(end.max(close + 1), |content_end| content_end.max(end))
}

/// Whether the closing tag of the element named `name` (perhaps with a namespace
/// prefix: `</ns:token>`, or escaped in a JSON string: `<\/token>`) stands at
/// `at`.
fn closes_element(text: &[u8], at: usize, name: &[u8]) -> bool {
    // Escaped as JSON encoders may write it (`<\/SessionToken>`).
    let Some(closing) = text[at..]
        .strip_prefix(b"</")
        .or_else(|| text[at..].strip_prefix(b"<\\/"))
    else {
        return false;
    };
    let qualified_len = closing
        .iter()
        .take(values::MAX_KEY_LEN * 2 + 1)
        .take_while(|&&byte| is_qualified_name_byte(byte))
        .count();
    let qualified = &closing[..qualified_len];
    closing.get(qualified_len) == Some(&b'>')
        && (qualified == name
            || qualified
                .strip_suffix(name)
                .is_some_and(|prefix| prefix.ends_with(b":")))
}

/// Where the content of a CDATA section that starts at `content` ends: at its
/// `]]>`, the line's end, a redaction, or after [`MAX_CDATA`] bytes. The bound
/// keeps the work linear where sections that do not end follow each other (each
/// one kept, as a reference, and the next searched again).
fn cdata_content_end(text: &[u8], content: usize) -> usize {
    let limit = values::floor_char_boundary(text, content + MAX_CDATA);
    text[content..limit]
        .iter()
        .enumerate()
        .position(|(offset, &byte)| {
            matches!(byte, b'\n' | b'\r')
                || (byte == b']' && text[content + offset..].starts_with(b"]]>"))
                || (byte == b'[' && values::is_redacted_at(text, content + offset))
        })
        .map_or(limit, |offset| content + offset)
}

/// The longest CDATA section read: a password, a key or a token (a PEM block in
/// one has its own rule).
const MAX_CDATA: usize = 1024;

/// What opens a CDATA section.
const CDATA: &[u8] = b"<![CDATA[";

/// Whether `before_name` (a tag up to its element's name) ends with `<` and a
/// namespace prefix and its `:` (`<wsse:`).
fn opens_after_prefix(before_name: &[u8]) -> bool {
    let Some(prefix) = before_name.strip_suffix(b":") else {
        return false;
    };
    let prefix_len = trailing_name_len(prefix);
    prefix_len > 0
        && prefix_len <= values::MAX_KEY_LEN
        && prefix[..prefix.len() - prefix_len].ends_with(b"<")
}

/// The tag before the attribute that `tag` (an opening tag without its `>`) ends
/// with, a name, `=` and a quoted value after a space (` type="plain"`), without
/// the space.
fn before_attribute(tag: &[u8]) -> Option<&[u8]> {
    let before_value = values::before_quoted_string(tag, MAX_TAG_LEN)?.strip_suffix(b"=")?;
    let name_len = before_value
        .iter()
        .rev()
        .take(values::MAX_KEY_LEN)
        .take_while(|&&byte| is_qualified_name_byte(byte))
        .count();
    let before_name = &before_value[..before_value.len() - name_len];
    let before_space = values::trim_spaces_end(before_name);
    // A redaction inside the tag (a quoted value that ran past an attribute's
    // quotes) leaves no tag the text holds: the scan reads tags in the text.
    let redacted = memchr::memmem::find(&tag[before_name.len()..], REDACTED.as_bytes()).is_some();
    (name_len > 0 && before_space.len() < before_name.len() && !redacted).then_some(before_space)
}

/// The most attributes read back from a tag's `>`.
const MAX_ATTRIBUTES: usize = 8;

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
    fn a_prefix_attributes_or_a_cdata_section_change_nothing() {
        for (tag, content, expected) in [
            (
                "<wsse:Password Type=\"http://docs.oasis-open.org/wss#PasswordText\">",
                "hunter2</wsse:Password>",
                Some(7),
            ),
            ("<db:password>", "hunter2</db:password>", Some(7)),
            (
                "<password type='plain' xsi:nil=\"false\">",
                "hunter2</password>",
                Some(7),
            ),
            ("<password>", "<![CDATA[hunter2]]></password>", Some(19)),
            ("<password>", "<![CDATA[hunt", Some(13)),
            ("<password>", "<![CDATA[]]></password>", None),
            ("<password required=\"true\">", "\n", None),
            ("<passwordPolicy type=\"x\">", "strict", None),
            ("<a b:password>", "hunter2", None),
            ("x:password>", "hunter2", None),
            ("<password type=plain>", "hunter2", None),
            (
                "<entry key=\"password\" type=\"string\">",
                "hunter2</entry>",
                Some(7),
            ),
            (
                "<entry type=\"string\" key=\"password\">",
                "hunter2</entry>",
                Some(7),
            ),
            (
                "<message key=\"password\" lang=\"en\">",
                "Password is required",
                None,
            ),
            // A word that runs to the text's end may be one a cut took the space
            // after.
            ("<entry key=\"password\">", "hunter2", None),
            // Or to a redaction, which may have taken it: a first pass kept
            // `password=g` at the text's end, and redacted only its value.
            ("<entry key=\"password\">", "password=[REDACTED]", None),
        ] {
            assert_eq!(value_after(tag, content), expected, "{tag}{content}");
        }
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
