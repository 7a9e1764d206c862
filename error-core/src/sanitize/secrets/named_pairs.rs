//! A `value` member that the member before it names: the environment entries of
//! Kubernetes and ECS (`{"name": "DB_PASSWORD", "value": "..."}`, YAML's `- name:
//! DB_PASSWORD` and `value: ...` on the next line, Go's `{Name:DB_PASSWORD
//! Value:...}`, Python's `{'name': 'DB_PASSWORD', 'value': '...'}`),
//! CloudFormation's parameters (`"ParameterKey": "DbPassword", "ParameterValue":
//! "..."`) and CI variables (`{"key": "API_TOKEN", "value": "..."}`). The value's
//! own key says nothing; the name before it does, and stays in the output, so a
//! second reading judges the value the same way.
//!
//! And a call's second string argument that its first names: PHP's
//! `define('DB_PASSWORD', '...')`, as a WordPress configuration quotes it, C's and
//! Go's `setenv("API_KEY", "...")`, Java's `System.setProperty("javax.net.ssl.
//! keyStorePassword", "...")`.

use std::sync::LazyLock;

use super::super::REDACTED;
use super::folded::ends_with_ignoring_case;
use super::names::{self, is_secret_name};
use super::{keys, prose_passwords, prose_secrets, setter_values, values, wording};

/// The most bytes of blanks and line breaks (escaped ones too: a manifest quoted
/// in a JSON log line) between the two members.
const MAX_GAP: usize = 64;

/// Whether the member before a `...value` key names a secret, or a redaction took
/// it along. `before_key` is what stands before the key's name, its opening quote
/// included.
pub(super) fn names_secret(before_key: &[u8]) -> bool {
    sibling_name(before_key).is_some_and(is_secret_name)
        || parent_name(before_key).is_some_and(is_secret_name)
        || is_secure_string(before_key)
        || without_gap(values::strip_closing_quote(before_key)).ends_with(REDACTED.as_bytes())
        || in_sensitive_object(before_key)
}

/// How far back the object a `value` stands in is read for its opening.
const MAX_OBJECT: usize = 512;

/// The member that marks an object's value sensitive, as `terraform output -json`
/// and `terraform show -json` print it (`"sensitive": true`, `"sensitive":true`):
/// its key, searched for, and its value.
const SENSITIVE_KEY: &[u8] = b"\"sensitive\":";
const SENSITIVE_VALUES: [&[u8]; 2] = [b" true", b"true"];

/// The search for [`SENSITIVE_KEY`], built once: building one costs more than a
/// search through an object.
static SENSITIVE_KEY_FINDER: LazyLock<memchr::memmem::Finder<'static>> =
    LazyLock::new(|| memchr::memmem::Finder::new(SENSITIVE_KEY));

/// The name of the member whose object a `value` key opens (`adminPassword` in an
/// Azure deployment's parameters, `"adminPassword": {"`): a `{` and a `:`, with
/// blanks (see [`without_gap`]) around them.
fn parent_name(before_key: &[u8]) -> Option<&[u8]> {
    let before_quote = before_key.strip_suffix(b"\"").unwrap_or(before_key);
    let opening = without_gap(before_quote).strip_suffix(b"{")?;
    let before_colon = without_gap(opening).strip_suffix(b":")?;
    let name_end = values::strip_closing_quote(without_gap(before_colon));
    let name = values::trailing_key(name_end);
    (!name.is_empty()).then_some(name)
}

/// Whether the object a `value` key stands in says it is sensitive (`{"sensitive":
/// true, "type": "string", "value": "..."}`): Terraform prints a sensitive
/// output's value in the clear in its JSON, whatever the output's name.
fn in_sensitive_object(before_key: &[u8]) -> bool {
    let searched = &before_key[before_key.len().saturating_sub(MAX_OBJECT)..];
    let Some(opening) = memchr::memrchr2(b'{', b'}', searched) else {
        return false;
    };
    let object = &searched[opening..];
    searched[opening] == b'{'
        && SENSITIVE_KEY_FINDER.find_iter(object).any(|key| {
            let value = &object[key + SENSITIVE_KEY.len()..];
            SENSITIVE_VALUES
                .iter()
                .any(|wanted| value.starts_with(wanted))
        })
}

/// Whether the member before a `...value` key is AWS Systems Manager's parameter
/// type for an encrypted value (`"Type": "SecureString"`): `get-parameter
/// --with-decryption` prints the value in the clear after it, whatever its name.
fn is_secure_string(before_key: &[u8]) -> bool {
    sibling(before_key).is_some_and(|(member, value)| {
        ends_with_ignoring_case(member, b"type") && value == b"SecureString"
    })
}

/// The name that the member before a key gives (`DB_PASSWORD` in `{"name":
/// "DB_PASSWORD", "`): a name member's value, quoted or not, then a comma or
/// blanks.
fn sibling_name(before_key: &[u8]) -> Option<&[u8]> {
    sibling(before_key).and_then(|(member, value)| {
        (ends_with_ignoring_case(member, b"name") || ends_with_ignoring_case(member, b"key"))
            .then_some(value)
    })
}

/// The member before a key and its value, quoted or not, then a comma or blanks:
/// `("name", "DB_PASSWORD")` in `{"name": "DB_PASSWORD", "`.
fn sibling(before_key: &[u8]) -> Option<(&[u8], &[u8])> {
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
    Some((member, name))
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

/// The end of a call's string argument that starts at `at`, when the string
/// argument before it names a secret: `emitted` ends with the call's `(`, the
/// quoted name, a comma and the value's opening quote (`define('DB_PASSWORD', '`);
/// or the second string of a bracketed pair (`["api_token", "...`), which the
/// bracket closes right after.
/// The scan finds such a name from its anchors only (see
/// `setter_values::push_value_start`): a name without one is not read. An empty
/// value, a reference (`getenv('DB_PASSWORD')`), a placeholder and an absent value
/// (`null`) stay.
/// Where the second string starts after a first one that ends at `name_end` (its
/// closing quote, a comma, blanks and the second's opening quote): where a pair's
/// value may start.
pub(super) fn second_string_start(text: &[u8], name_end: usize) -> Option<usize> {
    let &quote = text
        .get(name_end)
        .filter(|&&quote| matches!(quote, b'"' | b'\''))?;
    if text.get(name_end + 1) != Some(&b',') {
        return None;
    }
    let opening = name_end + 2 + values::spaces_at(text, name_end + 2);
    (text.get(opening) == Some(&quote)).then_some(opening + 1)
}

#[inline(never)]
pub(super) fn argument_value_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (_, quote, before_quote) = values::plain_opening_quote(emitted)?;
    let closed_name = values::trim_spaces_end(before_quote).strip_suffix(b",")?;
    let (&name_quote, quoted_name) = closed_name.split_last()?;
    if !matches!(name_quote, b'\'' | b'"') {
        return None;
    }
    let name = values::trailing_key(quoted_name);
    let before_name = &quoted_name[..quoted_name.len() - name.len()];
    // A redaction may have taken the call's parenthesis along, and the name's
    // opening quote too (`IDENTIFIED BY 'define(` went as a password). A lookup's
    // second argument is its default (`getenv_docker('WORDPRESS_AUTH_KEY', 'put
    // your unique phrase here')`).
    // A pair of two strings in brackets names its second too (Rails' bind
    // parameters, `[["api_token", "..."]]`), when the bracket closes after it.
    let mut pair = false;
    let opened = match before_name.strip_suffix(&[name_quote]) {
        Some(call) => {
            let call = values::trim_spaces_end(call);
            pair = call.ends_with(b"[");
            call.strip_suffix(b"(")
                .is_some_and(|function| !is_lookup(function))
                || call.ends_with(REDACTED.as_bytes())
                || pair
        }
        None => before_name.ends_with(REDACTED.as_bytes()),
    };
    if !opened
        || !(setter_values::holds_anchor(name) || (pair && prose_secrets::is_lone_subject(name)))
    {
        return None;
    }
    // WordPress's keys and salts (`define('AUTH_SALT', '...')`, `LOGGED_IN_KEY`)
    // name no secret alone: their value is one when it looks generated, and
    // WordPress's sample (`put your unique phrase here`) does not.
    let generated_only = !is_secret_name(name);
    if generated_only && !names::takes_generated_value(name) {
        return None;
    }
    let end = values::quoted_end(text, at, quote);
    if pair && text.get(end + 1) != Some(&b']') {
        return None;
    }
    let value = &text[at..end];
    // A pair's plain word is a list's next name as often (`["password", "email"]`).
    let kept = value.is_empty()
        || (pair && wording::is_plain_word(value))
        || wording::is_reference(value)
        || wording::is_placeholder(value)
        || wording::is_absent_value(value)
        || (generated_only
            && !(value.len() >= keys::MIN_GENERATED_KEY_LEN
                && prose_passwords::is_credential_shaped(value)));
    (!kept).then_some(end)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed a call's string
/// argument naming a secret, and its comma (`password=define('DB_PASSWORD',` went as
/// one value), takes the string after it along.
pub(super) fn through_swallowed_argument(text: &[u8], at: usize, end: usize) -> usize {
    let swallowed = &text[at..end];
    let (closed, comma_end) = match swallowed.last() {
        Some(b',') => (&swallowed[..swallowed.len() - 1], end),
        Some(b'\'' | b'"') if text.get(end) == Some(&b',') => (swallowed, end + 1),
        _ => return end,
    };
    // The call's `(` and the quoted name: most redactions end with no such name.
    let Some((&quote @ (b'\'' | b'"'), quoted)) = closed.split_last() else {
        return end;
    };
    let name = values::trailing_key(quoted);
    let Some(before_quote) = quoted[..quoted.len() - name.len()].strip_suffix(&[quote]) else {
        return end;
    };
    if name.is_empty() || !values::trim_spaces_end(before_quote).ends_with(b"(") {
        return end;
    }
    let through = values::through_announced_value(text, at, comma_end, argument_value_end);
    if through > comma_end { through } else { end }
}

/// Whether the function whose name `before_parenthesis` ends with looks a value up
/// (`getenv`, `getenv_docker`, `get`, `getProperty`, `fetch`): its second argument
/// is a default, not the value.
fn is_lookup(before_parenthesis: &[u8]) -> bool {
    let name_len = before_parenthesis
        .iter()
        .rev()
        .take_while(|byte| byte.is_ascii_alphanumeric() || **byte == b'_')
        .count();
    let name = &before_parenthesis[before_parenthesis.len() - name_len..];
    name.get(..3)
        .is_some_and(|head| head.eq_ignore_ascii_case(b"get"))
        || name.eq_ignore_ascii_case(b"fetch")
}

/// Where the value after a quoted name that ends at `name_end` would start, when a
/// comma and another string follow the name's closing quote (`'DB_PASSWORD', '`).
pub(super) fn argument_value_start(text: &[u8], name_end: usize) -> Option<usize> {
    let closing = *text.get(name_end)?;
    if !matches!(closing, b'\'' | b'"') {
        return None;
    }
    let comma = name_end + 1 + values::spaces_at(text, name_end + 1);
    if text.get(comma) != Some(&b',') {
        return None;
    }
    let value = comma + 1 + values::spaces_at(text, comma + 1);
    matches!(text.get(value), Some(b'\'' | b'"')).then_some(value + 1)
}

#[cfg(test)]
mod tests {
    use super::{argument_value_end, sibling_name};

    /// Where the argument that `text` holds after `emitted` ends, as the rule
    /// reads it.
    fn argument_after(emitted: &str, text: &str) -> Option<usize> {
        let whole = format!("{emitted}{text}");
        argument_value_end(emitted.as_bytes(), whole.as_bytes(), emitted.len())
            .map(|end| end - emitted.len())
    }

    #[test]
    fn a_calls_first_string_names_the_second() {
        assert_eq!(
            argument_after("define('DB_PASSWORD', '", "Xq7u8jzP');"),
            Some(8)
        );
        assert_eq!(
            argument_after("define( \"AUTH_KEY\",\"", "a b;c\" );"),
            Some(5)
        );
        assert_eq!(argument_after("setenv(\"API_KEY\", '", "k3y"), Some(3));
        assert_eq!(
            argument_after(
                "System.setProperty(\"javax.net.ssl.keyStorePassword\", \"",
                "pw\")"
            ),
            Some(2)
        );
    }

    #[test]
    fn other_strings_and_absent_values_stay() {
        // Not a call's first argument, no secret name, a name the scan cannot find
        // from an anchor (`token` holds none), an empty value, a reference.
        assert_eq!(argument_after("x = 'DB_PASSWORD', '", "a')"), None);
        assert_eq!(argument_after("define('DB_HOST', '", "db')"), None);
        assert_eq!(argument_after("set('token', '", "abc')"), None);
        assert_eq!(argument_after("define('DB_PASSWORD', '", "')"), None);
        assert_eq!(argument_after("define('DB_PASSWORD', '", "null')"), None);
        assert_eq!(
            argument_after("define('DB_PASSWORD', \"", "${DB_PASSWORD}\")"),
            None
        );
        assert_eq!(argument_after("define('DB_PASSWORD, '", "x')"), None);
        // A lookup's default.
        assert_eq!(
            argument_after("getenv_docker('WORDPRESS_AUTH_KEY', '", "a b')"),
            None
        );
        assert_eq!(argument_after("os.environ.get('API_KEY', '", "k3y')"), None);
        assert_eq!(argument_after("ENV.fetch('API_KEY', '", "k3y')"), None);
        // A redaction took the parenthesis, and the name's opening quote too.
        assert_eq!(
            argument_after("[REDACTED]'DB_PASSWORD', '", "k3y')"),
            Some(3)
        );
        assert_eq!(
            argument_after("[REDACTED]DB_PASSWORD', '", "k3y')"),
            Some(3)
        );
    }

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
