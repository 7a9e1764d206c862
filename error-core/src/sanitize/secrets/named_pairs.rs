//! A `value` member that the member before it names: the environment entries of
//! Kubernetes and ECS (`{"name": "DB_PASSWORD", "value": "..."}`, YAML's `- name:
//! DB_PASSWORD` and `value: ...` on the next line, Go's `{Name:DB_PASSWORD
//! Value:...}`, Python's `{'name': 'DB_PASSWORD', 'value': '...'}`),
//! CloudFormation's parameters (`"ParameterKey": "DbPassword", "ParameterValue":
//! "..."`) and CI variables (`{"key": "API_TOKEN", "value": "..."}`). The value's
//! own key says nothing; the name before it does, and stays in the output, so a
//! second reading judges the value the same way.

use super::super::REDACTED;
use super::names::is_secret_name;
use super::values;

/// The most bytes of blanks and line breaks (escaped ones too: a manifest quoted
/// in a JSON log line) between the two members.
const MAX_GAP: usize = 64;

/// Whether the member before a `...value` key names a secret, or a redaction took
/// it along. `before_key` is what stands before the key's name, its opening quote
/// included.
pub(super) fn names_secret(before_key: &[u8]) -> bool {
    sibling_name(before_key).is_some_and(is_secret_name)
        || without_gap(values::strip_closing_quote(before_key)).ends_with(REDACTED.as_bytes())
}

/// The name that the member before a key gives (`DB_PASSWORD` in `{"name":
/// "DB_PASSWORD", "`): a name member's value, quoted or not, then a comma or
/// blanks.
fn sibling_name(before_key: &[u8]) -> Option<&[u8]> {
    let before = without_gap(values::strip_closing_quote(before_key));
    let unquoted = values::strip_closing_quote(before);
    let name = values::trailing_key(unquoted);
    if name.is_empty() {
        return None;
    }
    let before_name = &unquoted[..unquoted.len() - name.len()];
    // A quoted name opens with the quote that closes it.
    let before_name = if unquoted.len() < before.len() {
        let opened = values::strip_closing_quote(before_name);
        if opened.len() == before_name.len() {
            return None;
        }
        opened
    } else {
        before_name
    };
    let (&separator, before_separator) = values::trim_spaces_end(before_name).split_last()?;
    if !matches!(separator, b':' | b'=') {
        return None;
    }
    let member = values::trailing_key(values::strip_closing_quote(values::trim_spaces_end(
        before_separator,
    )));
    (ends_with_ignoring_case(member, b"name") || ends_with_ignoring_case(member, b"key"))
        .then_some(name)
}

/// `bytes` without what separates two members at its end: blanks, line breaks
/// (written or escaped) and one comma.
fn without_gap(bytes: &[u8]) -> &[u8] {
    let mut end = bytes.len();
    let mut comma = false;
    while bytes.len() - end < MAX_GAP {
        match &bytes[..end] {
            [.., b' ' | b'\t' | b'\r' | b'\n'] => end -= 1,
            [.., b'\\', b'n' | b'r' | b't'] => end -= 2,
            [.., b','] if !comma => {
                comma = true;
                end -= 1;
            }
            _ => break,
        }
    }
    &bytes[..end]
}

/// Whether `key` ends with `ending` (lowercase), ignoring ASCII case.
fn ends_with_ignoring_case(key: &[u8], ending: &[u8]) -> bool {
    key.len() >= ending.len() && key[key.len() - ending.len()..].eq_ignore_ascii_case(ending)
}

#[cfg(test)]
mod tests {
    use super::sibling_name;

    fn name(before_key: &str) -> Option<&str> {
        sibling_name(before_key.as_bytes()).map(|name| std::str::from_utf8(name).unwrap())
    }

    #[test]
    fn the_member_before_names_the_value() {
        assert_eq!(name(r#"{"name":"DB_PASSWORD",""#), Some("DB_PASSWORD"));
        assert_eq!(name(r#"{"Name": "API_TOKEN", ""#), Some("API_TOKEN"));
        assert_eq!(
            name(r#"[{"ParameterKey":"DbPassword",""#),
            Some("DbPassword")
        );
        assert_eq!(name("{'name': 'DB_PASSWORD', '"), Some("DB_PASSWORD"));
        assert_eq!(name(r#"{\"name\":\"DB_PASSWORD\",\""#), Some("DB_PASSWORD"));
        assert_eq!(name("- name: DB_PASSWORD\n  "), Some("DB_PASSWORD"));
        assert_eq!(name("- name: DB_PASSWORD\\n  "), Some("DB_PASSWORD"));
        assert_eq!(name("{Name:DB_PASSWORD "), Some("DB_PASSWORD"));
        assert_eq!(name("EnvVar(name='DB_PASSWORD', "), Some("DB_PASSWORD"));
    }

    #[test]
    fn other_members_name_nothing() {
        assert_eq!(name(r#"{"type":"DB_PASSWORD",""#), None);
        assert_eq!(name(r#"{"name":"DB_PASSWORD"}, {""#), None);
        assert_eq!(name(r#"{"name":DB_PASSWORD",""#), None);
        assert_eq!(name(r#"{"name": [REDACTED], ""#), None);
        assert_eq!(name(""), None);
        assert_eq!(name("\""), None);
    }
}
