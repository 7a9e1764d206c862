//! Values of secret-named keys, in every syntax error text quotes them in: query
//! strings and env lines (`password=hunter2`, `export AWS_SECRET_ACCESS_KEY=...`),
//! JSON and Python reprs (`"api_key": "abc"`, `'token': 'abc'`), headers and YAML
//! (`X-Api-Key: abc`, `client_secret: abc`).

use super::super::REDACTED;
use super::folded::ends_with_ignoring_case;
use super::glued_values::{self, Reading};
use super::names::{
    EndingFilter, NameMemo, NameVerdict, has_secret_ending, is_authorization_name, is_secret_name,
};
use super::setter_values::FlagValue;
use super::{
    authorization, code_assignments, credential_calls, echoed_inputs, foreign_names,
    joined_cookies, named_defaults, named_pairs, numbered_quotes, prose_passwords, setter_values,
    short_flags, user_password_flags, values, vendor_keys, wording,
};

/// The end of the value of a secret-named key that starts at `at`, when `emitted`
/// ends with the key and its separator.
///
/// A value that is an ordinary word is kept after a bare key's `:` (`token:
/// expired`, `invalid token: signature verification failed`) and after a spaced
/// `=` (the traceback line `token = session.refresh(...)`): there the key is prose
/// or code, not configuration. After a compound key's `:` (`client_secret:`,
/// `X-Api-Key:`) only wording is (`api_key: missing`). After a tight `=`
/// (`password=hunter`, a query string or an env line) any value goes.
pub(super) fn secret_value_end(
    emitted: &[u8],
    text: &[u8],
    at: usize,
    names: &NameMemo<'_>,
) -> Option<usize> {
    let (quote, before_quote) = match values::opening_quote(emitted) {
        Some((quote, before)) => (
            Some(quote),
            values::strip_type_tag(values::strip_spew_type(values::strip_var_dump_type(
                values::strip_bytes_prefix(before),
            ))),
        ),
        None => match (
            values::strip_entity_quote(emitted),
            numbered_quotes::strip_closing(emitted),
            emitted.strip_suffix(b"`"),
        ) {
            (Some(before), _, _) => (Some(values::Quote::Entity), before),
            (None, Some((quote, before)), _) => (Some(quote), before),
            (None, None, Some(before)) => (Some(values::Quote::Backtick), before),
            (None, None, None) => (None, values::strip_type_tag(emitted)),
        },
    };
    // Most positions have no value here at all: decide that before reading the key.
    let &first = text.get(at)?;
    let starts_specially =
        quote.is_none() && (values::ends_unquoted_value(first) || matches!(first, b':' | b'='));
    // Only a tight `=` takes a value that starts so (`password=(x)`), and only a
    // block scalar starts with `>` (`password: >`); after a `=`, a `>` makes it a
    // hash rocket, whose value follows. A tuple of strings (`auth = ('alice',
    // 'hunter2')` in a traceback's line) holds the secret after a spaced `=` too.
    // Spaces may stand inside its `(` (`auth = ( 'alice', ...)`), or, wrapped, the
    // tuple's first string starts the next line (`auth = (\n    'alice',`).
    let inside = at + 1 + values::spaces_at(text, at + 1);
    let string_tuple = first == b'('
        && (matches!(text.get(inside), Some(b'"' | b'\''))
            || values::opens_wrapped_strings(text, inside));
    // A list of strings (`"set-cookie": ["sid=...; Path=/"]` in JSON, `'set-cookie':
    // [ 'sid=...' ]` as Node prints a response's headers), which a cookie's key
    // takes whole, and another secret's name when a string of it is one word.
    let string_list = first == b'['
        && matches!(
            text[at + 1..]
                .iter()
                .take(MAX_LIST_INDENT)
                .find(|byte| !byte.is_ascii_whitespace()),
            Some(b'"' | b'\'')
        );
    // A bytes literal (`password=b'...'`) and the quote that opens its string.
    let bytes_literal = (first == b'b')
        .then(|| values::quote_at(text, at + 1))
        .flatten();
    // A generated password may start with a closing bracket or a separator
    // (`>QrH_Y48]AnD7b<E`); a `:` or `=` starts a path or a comparison.
    let glued_end = if starts_specially && !matches!(first, b':' | b'=') {
        glued_values::through_glued_punctuation(text, at, at, Reading::Judging)
    } else {
        at
    };
    if starts_specially
        && !(emitted.last() == Some(&b'=') && matches!(first, b':' | b'=' | b'(' | b'<' | b'{'))
        && (first != b'>' || emitted.last() == Some(&b'='))
        && !string_tuple
        && !string_list
        && glued_end == at
    {
        return None;
    }
    let after_separator = values::trim_spaces_end(before_quote);
    let (separator, before_separator) = values::split_last_separator(after_separator)?;
    // A hash rocket separates as a `=` does: Ruby's `{"password"=>"..."}`, PHP's
    // `[password] => ...`, Perl's Data::Dumper `'password' => '...'`.
    // Go's and Pascal's `:=` separates as a `=` does.
    let short_declaration = separator == b'=' && before_separator.last() == Some(&b':');
    let (separator, before_separator, rocket) = match (separator, before_separator.split_last()) {
        (b'>', Some((b'=', before_rocket))) => (b'=', before_rocket, true),
        (b'=', Some((b':', before_colon))) => (b'=', before_colon, false),
        _ => (separator, before_separator, false),
    };
    if separator != b'=' && separator != b':' {
        return None;
    }
    let key = KeyBefore::new(before_separator, names);
    // A shell's `${JWT_SECRET:?JWT_SECRET must be set}`: the message it prints when
    // the variable is unset, not the variable's value.
    if separator == b':'
        && first == b'?'
        && key
            .before_name()
            .is_some_and(|before| before.ends_with(b"${"))
    {
        return None;
    }
    // An escape sequence (rustc's `unknown start of token: \u{201c}`) is a character
    // named, not a value; a quote that JSON escapes by number (`\u0022`, or the
    // start of one that the text's end cut) opens the value, which starts after it.
    if quote.is_none()
        && first == b'\\'
        && (numbered_quotes::starts_at(text, at) || starts_escape_sequence_value(text, at))
    {
        return None;
    }
    // `failed to list *v1.Secret: secrets is forbidden`: a Go pointer type before a
    // `:` starts a message, not a value.
    let glued_value = after_separator.len() == before_quote.len();
    if separator == b':'
        && (key.is_pointer_type()
            || (key.ends_go_request_url()
                && quote.is_none()
                && values::trim_spaces_end(before_separator).last() == Some(&b'"'))
            || (key.is_path_segment() && glued_value)
            || (key.is_quoted_file_path()
                && quote.is_none()
                && matches!(
                    values::trim_spaces_end(before_separator).last(),
                    Some(b'"' | b'\'')
                ))
            || (quote.is_none()
                && matches!(
                    values::trim_spaces_end(before_separator).last(),
                    Some(b'"' | b'\'')
                )
                && key.is_quoted_after_word()))
    {
        return None;
    }
    // A hash rocket's key is quoted, bracketed or a symbol (`"password" =>`,
    // `[password] =>`, `:password=>`), or a bare word that starts a line or a block
    // or follows a string, before a string (Logstash's and Puppet's `{ user =>
    // "elastic" password => "..." }`): a bare word elsewhere is code, an arrow
    // function's parameter or a match arm (`token => token.expiresAt`, `(token) =>
    // "Bearer " + token`). Only PHP's `print_r` (a bracketed key) prints a value
    // without quotes; after a quoted key an unquoted value is code (`'password' =>
    // Hash::make(...)`).
    if rocket {
        let key_closing = values::trim_spaces_end(before_separator).last();
        let quoted = matches!(key_closing, Some(b'"' | b'\''))
            || key
                .before_name()
                .is_some_and(|before| before.ends_with(b":"));
        let setting = || {
            key.before_name().is_some_and(|before| {
                matches!(
                    values::trim_spaces_end(before).last(),
                    None | Some(b'\n' | b'{' | b'"' | b'\'')
                )
            })
        };
        if !(key_closing == Some(&b']') || (quote.is_some() && (quoted || setting()))) {
            return None;
        }
    }
    // `PASS: ` in capitals before a test's name is a test's status (Go's `---
    // PASS: TestLogin`), not a password's key (OpenSSL's `pass:` glues its value).
    // Another value is judged as after `pass:` (`PASS: tests/login` stays, `USER:
    // admin PASS: Xq7u...` goes).
    if separator == b':'
        && key.name == b"PASS"
        && key.quoted.len() == before_separator.len()
        && !glued_value
        && is_test_name(&text[at..values::unquoted_end(text, at)])
    {
        return None;
    }
    let bare_abbreviation = !key.is_secret() && key.is_bare_abbreviation();
    // `MAPBOX_KEY=...`, `X-Application-Key: ...`, `mapboxKey: ...`, `salt: ...`: a
    // key that no name rule lists, or a salt, is a secret only when its value is a
    // generated key's word.
    if !key.is_secret() && key.is_generated_only() {
        let tight = emitted.last() == Some(&b'=');
        return generated_value_end(key.name, text, at, quote, tight);
    }
    if !key.is_secret() && !bare_abbreviation {
        let tight = after_separator.len() == before_quote.len()
            && key.quoted.len() == before_separator.len();
        let query_value = separator == b'=' && tight && quote.is_none();
        // `?key=...`, as Google's, Steam's and many other APIs take theirs (and
        // `?appid=...`, as OpenWeatherMap's does): a generated key's
        // word goes, as after a key of a name no rule lists, and so does a long key
        // of one case (Steam's and OpenWeatherMap's 32 hex digits).
        if query_value && (key.is_query_key() || is_query_app_id(key.quoted)) {
            return generated_value_end(key.name, text, at, None, true)
                .or_else(|| one_case_key_end(text, at));
        }
        return (query_value && key.is_query_code())
            .then(|| oauth_code_end(text, at))
            .flatten();
    }
    // A command's flag that names a secret (`gcloud ... --secret=db-password`),
    // or a variable set from one and the secret's version
    // (`--set-secrets=DB_PASSWORD=db-password:latest`). Most keys are turned away
    // on the byte before them or on their name.
    let may_name_secret = key
        .before_name()
        .is_some_and(|before| matches!(before.last(), Some(b'=' | b',')))
        || (separator == b'=' && setter_values::may_be_naming_flag(key.name));
    if may_name_secret && names_secret(&key, separator, emitted, text, at) {
        return None;
    }
    // In `https://x-access-token:<password>@host` the name is a URL's user: the
    // URL rules own the password, and the host after the `@` stays.
    let before_name = &key.quoted[..key.quoted.len() - key.name.len()];
    if separator == b':' && (before_name.ends_with(b"//") || before_name.ends_with(b"\\/\\/")) {
        return None;
    }
    let unquoted_key = key.quoted.len() == values::trim_spaces_end(before_separator).len();
    let spaced =
        after_separator.len() < before_quote.len() || key.quoted.len() < before_separator.len();
    // A key inside a string literal, whose quote after the separator closes it
    // (`"token: " << tok.kind`, `"password: " + mask(password)`, a URL's query
    // built in code: `"https://...?api_key=" + key`): what follows, an operator or
    // the call's next argument, is code, not the key's value. A word after the
    // quote is the value a shell prints with it (`echo 'token: ' ...`).
    let quote_byte = match quote {
        Some(values::Quote::Double) => Some(b'"'),
        Some(values::Quote::Single) => Some(b'\''),
        _ => None,
    };
    // The literal opens in the key's word, read back so far at most.
    let in_literal = |quote: u8| {
        key.before_name().is_some_and(|before| {
            let near = &before[before.len().saturating_sub(MAX_LITERAL_LEN)..];
            let word_start = near
                .iter()
                .rposition(u8::is_ascii_whitespace)
                .map_or(0, |blank| blank + 1);
            near[word_start..].contains(&quote)
        })
    };
    if unquoted_key
        && quote_byte.is_some_and(in_literal)
        && operator_follows(text, at)
        && !code_assignments::may_hold_secret(text, at)
    {
        return None;
    }
    // Code that reads the secret into a variable (`let token = provider.create(...)`),
    // or passes it on (a traceback's `connect(password=cfg.password)`).
    if quote.is_none()
        && !rocket
        && code_assignments::may_start_expression(text, at)
        && key.before_name().is_some_and(|before| {
            (separator == b'='
                && spaced
                && unquoted_key
                && code_assignments::is_code_assignment(before, key.name, short_declaration))
                || code_assignments::is_traceback_source(before, key.name)
        })
        && !code_assignments::may_hold_secret(text, at)
    {
        return None;
    }
    // `authorization` in prose, before a lowercase word (`may require
    // authorization: server message: ...`), not a header's scheme (`NTLM`).
    let first_word_end = at
        + text[at..]
            .iter()
            .take_while(|byte| byte.is_ascii_alphabetic())
            .count();
    let authorization_in_prose = separator == b':'
        && key.is_authorization()
        && is_lowercase_word(&text[at..first_word_end])
        && key.is_authorization_in_prose();
    // `pass=`, `pwd=` alone and Spring Boot's `Value:` keep wording only. Before a
    // `:` a bare `pass` is read as prose is (`pass: first`, a test's `PASS:
    // tests/login`).
    let words_allowed = if key.is_echoed_input() {
        Words::None
    } else if (separator == b':'
        && ((key.is_compound() && !key.is_prose_step())
            || (key.is_authorization() && !authorization_in_prose)))
        || (bare_abbreviation && separator == b'=')
        || key.is_bound_property_value()
        || key.is_named_pair_value()
        || key.is_jwt_key()
    {
        Words::Wording
    } else if separator == b':' {
        Words::Prose
    } else if spaced
        && key
            .before_name()
            .is_some_and(|before| before.ends_with(b"$"))
    {
        Words::Variables
    } else if spaced {
        Words::Plain
    } else {
        Words::None
    };
    let end = match quote {
        // Markdown's inline code holds one word, judged as the same word unquoted
        // (``secret: `db-credentials` ``, ``token: `string` `` stay); a shell's command
        // substitution holds a space (`` `cat /run/secrets/db` ``). Only a word closed
        // on its line goes, so that a value cut short reads as kept.
        Some(values::Quote::Backtick) => {
            let end = unquoted_value_end(text, at, words_allowed)?;
            if text.get(end) != Some(&b'`') || wording::is_absent_value(&text[at..end]) {
                return None;
            }
            end
        }
        Some(quote) => {
            let end = values::quoted_end(text, at, quote);
            // `unexpected token: '}'`: quoted punctuation after a bare key is prose, and
            // so is an escape sequence (`unexpected token: '\u00a0'`).
            let value = &text[at..end];
            if matches!(
                words_allowed,
                Words::Plain | Words::Prose | Words::Variables
            ) && ((value.len() <= 3 && !value.iter().any(u8::is_ascii_alphanumeric))
                || wording::is_escape_sequence(value))
            {
                return None;
            }
            // A language model's or a lexer's token under a bare `token` key
            // (OpenAI's log probabilities, `{"token": " the", "logprob": ...}`,
            // `{"token": "LBRACE"}`).
            if key.name.eq_ignore_ascii_case(b"token") && wording::is_text_token(value) {
                return None;
            }
            // A schema's example (Swagger's `"string"`, `{"password": "PASSWORD"}`),
            // and `fetch`'s `credentials` option (`"include"`, `'same-origin'`).
            if wording::is_example_value(value, key.name)
                || (key.name.eq_ignore_ascii_case(b"credentials")
                    && wording::is_fetch_credentials_mode(value))
            {
                return None;
            }
            // `"--token": 'None'`, `"password": "null"`: the secret is absent; and a
            // validation error's message stands where it would (`{"password":
            // "cannot be blank"}`).
            if wording::is_absent_value(value)
                || validation_message(quote, text, value, end)
                    .is_some_and(wording::is_validation_message)
            {
                return None;
            }
            end
        }
        None if separator == b':' && matches!(first, b'|' | b'>') && glued_end == at => {
            values::block_scalar_end(text, at, line_indent(emitted))?
        }
        None if string_tuple && separator == b'=' => values::tight_value_end(text, at),
        // A cookie header's list goes whole, however long (a chunked cookie's
        // strings hold kilobytes); another's is judged on its first
        // [`MAX_LIST_LEN`] bytes, and then goes whole too.
        None if string_list && key.names_cookies() => string_list_end(text, at, usize::MAX).0,
        None if string_list => match string_list_end(text, at, MAX_LIST_LEN) {
            (_, true) => string_list_end(text, at, usize::MAX).0,
            (_, false) => return None,
        },
        // ODBC's braces around a value that may hold a `;` (`PWD={...}`).
        None if first == b'{' && bare_abbreviation && separator == b'=' => {
            braced_value_end(text, at)
        }
        // A value that starts with a closing bracket or a separator glued to more of
        // a password (`password: >QrH_Y48]AnD7b<E`); after a tight `=` only a `>`
        // (`DB_PASSWORD=>!-anqUIr^i7)p~I`), the rest being the tight rule's.
        None if glued_end > at && (words_allowed != Words::None || first == b'>') => {
            glued_values::through_glued_punctuation(text, at, at, Reading::Redacting).max(glued_end)
        }
        None if starts_specially && words_allowed != Words::None => return None,
        // A `Cookie` header's pairs; a word first is prose (Go's `error reading
        // cookie: http: named cookie not present`).
        None if separator == b':'
            && key.is_cookie_header()
            && values::starts_spaced_pair(text, at) =>
        {
            values::line_value_end(text, at)
        }
        None if separator == b':' && key.is_authorization() && !authorization_in_prose => {
            authorization_value_end(text, at)?
        }
        // `Set-Cookie: a=1; Path=/, sid=...`: cookies joined on one line, as clients
        // print a response's headers, go with the first.
        None if separator == b':' && key.is_set_cookie() => {
            let first = unquoted_value_end(text, at, words_allowed)?;
            joined_cookies::through_joined_cookies(text, first)
        }
        // After a tight `=`, a bytes literal goes whole, through its closing quote.
        None if words_allowed == Words::None && bytes_literal.is_some() => {
            values::through_announced_value(text, at, at + 1, |_, text, value| {
                bytes_literal.map(|(string_quote, _)| values::quoted_end(text, value, string_quote))
            })
        }
        None if words_allowed == Words::None => tight_value_end(text, at)?,
        // `token: 401 Unauthorized`: a number after a bare key in prose is a count or
        // a status (`secret: -1`, a sentinel), not a secret; but a one-time
        // password is a number (`otp: 492039`).
        None if separator == b':'
            && unquoted_key
            && !key.is_compound()
            && !ends_with_ignoring_case(key.name, b"otp")
            && {
                let value = &text[at..values::unquoted_end(text, at)];
                // A sentinel (`-1`) is short.
                let (digits, negative) = match value.strip_prefix(b"-") {
                    Some(digits) => (digits, true),
                    None => (value, false),
                };
                digits.iter().all(u8::is_ascii_digit)
                    && !(negative && digits.len() > MAX_SENTINEL_DIGITS)
            } =>
        {
            return None;
        }
        None => unquoted_value_end(text, at, words_allowed)?,
    };
    // `api_key: ${API_KEY}`, `token: "{{ .Values.token }}"`: where the secret comes
    // from, not the secret. An unquoted value is judged on its first word, which a
    // value cut short keeps (an `Authorization` value runs on to its scheme's
    // credential).
    let judged = match quote {
        Some(_) => &text[at..end],
        // A value that starts with a bracket or separator, whole, and a list.
        None if glued_end > at || string_list => &text[at..end],
        None => &text[at..values::unquoted_end(text, at).min(end)],
    };
    // A format string's field (`{api_key}`) is judged whole: its brace ends a
    // value's first word.
    let reference = matches!(&text[at..end], [b'{'] | [b'{', b'{', ..])
        || wording::is_reference(judged)
        || (first == b'{' && wording::is_reference(&text[at..end]));
    // `pass=3` is a count, `PWD=/home/alice` the working directory, `tx_pw=20` a
    // power, `GOOGLE_APPLICATION_CREDENTIALS=/var/secrets/key.json` and
    // `credentials=/run/secrets/db` the file that holds the credentials.
    let count_or_path = (bare_abbreviation || key.is_pw() || key.names_credentials_file())
        && is_count_or_path(judged);
    // `auth="Container"` (Tomcat), `"auth": "oauth2"`: a bare `auth` names a method
    // as often as Docker's credentials, which are base64.
    // A name that opens a call wraps the credential (`auth: Some("...")` in Rust's
    // `Debug` output) and names no method.
    let method = key.is_bare_auth()
        && is_method_name(judged)
        && !matches!(
            text.get(at + judged.len()..at + judged.len() + 2),
            Some([b'(', b'"' | b'\''])
        );
    (end > at && !reference && !count_or_path && !method).then_some(end)
}

/// Whether the unquoted value at `at` is one character's escape sequence (see
/// `wording::is_escape_sequence`), read no further than the longest one and a byte:
/// a longer value is none.
fn starts_escape_sequence_value(text: &[u8], at: usize) -> bool {
    let bounded = &text[..text.len().min(at + wording::LONGEST_ESCAPE_SEQUENCE + 1)];
    let end = values::unquoted_end(bounded, at);
    end - at <= wording::LONGEST_ESCAPE_SEQUENCE && wording::is_escape_sequence(&text[at..end])
}

/// How far back a key's word is read for the quote of a string literal that holds
/// it (a URL's query built in code: `"https://...?api_key=" + key`).
const MAX_LITERAL_LEN: usize = 512;

/// Whether code follows the quote that closed a string literal at `at`: after
/// spaces, an operator or the end of an argument (`<<`, `+`, `,`, `)`), or
/// nothing.
fn operator_follows(text: &[u8], at: usize) -> bool {
    let rest = &text[at..];
    let spaces = rest
        .iter()
        .take_while(|&&byte| matches!(byte, b' ' | b'\t'))
        .count();
    // (A redaction may have taken the operator: it reads as one.)
    rest.get(spaces).is_none_or(|&byte| {
        matches!(byte, b'<' | b'+' | b',' | b')' | b';' | b'.' | b']' | b'}')
            || (byte == b'[' && rest[spaces..].starts_with(REDACTED.as_bytes()))
    })
}

/// Whether `word` (letters, digits and base64's and tokens' punctuation, not a
/// query's `&` nor a file name's `.`) is a generated key: at least [`MIN_GENERATED_KEY_LEN`] bytes, credential-shaped (see
/// `prose_passwords`) with two digits at least, and not a word's prefix before a
/// separator, as paths, resource IDs and names start (`prod/eu-west-1/...`,
/// `cus_Pq8Rz3Xk2Lm9Nt`, `subnet-0Ab1Cd2Ef3`, `MyOrg_backend-api-v2`,
/// `sha512-...`), nor a hex number (`0xA035C8C19219BA82`) or base64 JSON (`eyJ...`,
/// a cursor; a token's own rule reads a JWT), nor an SSH public key's base64
/// (`AAAAC3NzaC1lZDI1NTE5...`). A hash's hex and a UUID have one case only: they
/// stay (a content's digest, a record's ID). A TOTP seed's base32 goes (see
/// [`is_base32_secret`]). A word cut short passes only if the whole word did.
fn is_generated_key(word: &[u8]) -> bool {
    let digits = word.iter().filter(|byte| byte.is_ascii_digit()).count();
    let generated = word.len() >= MIN_GENERATED_KEY_LEN
        && digits >= 2
        && !starts_with_named_part(word)
        && !word.starts_with(b"0x")
        && !word.starts_with(b"eyJ")
        && !word.starts_with(b"AAAA")
        && prose_passwords::is_credential_shaped(word);
    generated || is_base32_secret(word)
}

/// The length of the run of [`KEY_BYTES`] at `at`, read as far as `max` bytes.
fn key_word_len(text: &[u8], at: usize, max: usize) -> usize {
    text[at..]
        .iter()
        .take(max)
        .take_while(|&&byte| KEY_BYTES[usize::from(byte)])
        .count()
}

/// How much of a word is read to judge whether it is a generated key or a
/// provider's (see [`generated_value_end`]): more than any key the rules tell by
/// their shape.
const MAX_JUDGED_KEY_LEN: usize = 1024;

/// Whether `word` starts with a secret in base32, as a TOTP seed is written
/// (`JBSWY3DPEHPK3PXP`): [`MIN_BASE32_SECRET_LEN`] capitals and digits 2 to 7 at
/// least, two digits among them. Names and numbers in capitals hold another digit
/// or none (`PRODUCTION2024`, `ENTERPRISE`). What follows the run does not matter,
/// so that a word cut short is taken no more than whole.
fn is_base32_secret(word: &[u8]) -> bool {
    let run = word
        .iter()
        .take_while(|byte| byte.is_ascii_uppercase() || (b'2'..=b'7').contains(byte))
        .count();
    run >= MIN_BASE32_SECRET_LEN
        && word[..run]
            .iter()
            .filter(|byte| byte.is_ascii_digit())
            .count()
            >= 2
}

/// The shortest base32 secret taken: 80 bits, as authenticator apps take them.
const MIN_BASE32_SECRET_LEN: usize = 16;

/// The end of the value that starts at `at` (inside `quote`, or after a `tight`
/// `=`) when it starts with a generated key's word ([`is_generated_key`]): the
/// rest of the value goes with the word (`Ab12...Kl#m$n%o`), though only the word
/// is judged. A tight `=`'s value holds a `&` or `;` that starts no pair
/// (`AUTH_SALT=...&q*r`); a sentence's closing punctuation is no part of it
/// (`... set WEATHER_KEY=...`.).
fn generated_value_end(
    name: &[u8],
    text: &[u8],
    at: usize,
    quote: Option<values::Quote>,
    tight: bool,
) -> Option<usize> {
    // The word is judged on its first bytes only: a run of key bytes
    // (`X_KEY=X_KEY=...`) holds a key at every `=`, and reading it whole from each
    // would take its square. A key of a provider that `name` is named after
    // (`ADAFRUIT_IO_KEY=...`, see `vendor_keys`) goes, of whatever case.
    let judged = &text[at..at + key_word_len(text, at, MAX_JUDGED_KEY_LEN)];
    if !(is_generated_key(judged) || vendor_keys::is_vendor_key(name, judged)) {
        return None;
    }
    let word_end = at + key_word_len(text, at, usize::MAX);
    let value_end = match quote {
        Some(quote) => values::quoted_end(text, at, quote),
        None => {
            let end = if tight {
                values::tight_value_end(text, at)
            } else {
                values::unquoted_end(text, at)
            };
            end - text[word_end.min(end)..end]
                .iter()
                .rev()
                .take_while(|&&byte| matches!(byte, b'.' | b',' | b';' | b')'))
                .count()
        }
    };
    Some(value_end.max(word_end))
}

/// The end of the key of one case that starts the word at `at`: at least
/// [`MIN_ONE_CASE_KEY_LEN`] hex digits, or lowercase letters and digits with the
/// digits in [`MIN_LOWERCASE_KEY_DIGIT_RUNS`] runs at least; the rest of the word
/// goes with it. A query's `key` holds no content's digest, and an object's name
/// starts with a word (`reports/2024-q1.csv`).
fn one_case_key_end(text: &[u8], at: usize) -> Option<usize> {
    let word = &text[at..at + key_word_len(text, at, usize::MAX)];
    // The word's leading run of each kind is judged, not the whole word, so that a
    // word the window cut reads as the whole did (`...fae22-` cut after its 32 hex
    // digits).
    let hex = word
        .iter()
        .take_while(|byte| byte.is_ascii_hexdigit())
        .count();
    let lowercase_key = || {
        let run = &word[..word
            .iter()
            .take_while(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit())
            .count()];
        // Digits in runs of their own: a name's number is one (`fiscal2024`).
        let digit_runs = run
            .windows(2)
            .filter(|pair| !pair[0].is_ascii_digit() && pair[1].is_ascii_digit())
            .count()
            + usize::from(run.first().is_some_and(u8::is_ascii_digit));
        run.len() >= MIN_ONE_CASE_KEY_LEN && digit_runs >= MIN_LOWERCASE_KEY_DIGIT_RUNS
    };
    (hex >= MIN_ONE_CASE_KEY_LEN || lowercase_key()).then_some(at + word.len())
}

/// The shortest key of one case taken as a query's `key` (Steam's hex, and an
/// MD5's length: shorter is an id).
const MIN_ONE_CASE_KEY_LEN: usize = 32;

/// The fewest runs of digits in a query's `key` of lowercase letters (a generated
/// one's 32 characters of base 36 hold about ten digits, in about seven runs).
const MIN_LOWERCASE_KEY_DIGIT_RUNS: usize = 4;

/// The bytes of a generated key's word: letters, digits and base64's and tokens'
/// punctuation.
const KEY_BYTES: [bool; 256] = byte_table!(
    |byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'+' | b'=' | b'/')
);

/// The shortest generated key taken after a key of a name no rule lists.
pub(super) const MIN_GENERATED_KEY_LEN: usize = 20;

/// Whether `word` starts with a name's part before a separator (`-`, `_`, `/` or
/// `=`): letters perhaps followed by digits (`cus_`, `sha512-`, `MyOrg_`,
/// `sha256=`, X-Ray's `Root=`), or digits alone (`2024/`), at most
/// [`MAX_NAMED_PART_LEN`] bytes. A generated key's first separator follows random
/// letters and digits (`Xq7u8jzP/de0I...`), or none does.
fn starts_with_named_part(word: &[u8]) -> bool {
    let Some(separator) = word
        .iter()
        .take(MAX_NAMED_PART_LEN + 1)
        .position(|byte| matches!(byte, b'-' | b'_' | b'/' | b'='))
    else {
        return false;
    };
    let part = &word[..separator];
    let letters = part
        .iter()
        .take_while(|byte| byte.is_ascii_alphabetic())
        .count();
    !part.is_empty() && part[letters..].iter().all(u8::is_ascii_digit)
}

/// The longest name's part [`starts_with_named_part`] reads.
const MAX_NAMED_PART_LEN: usize = 16;

/// The longest method name: `Application`, `kerberos5`.
const MAX_METHOD_NAME_LEN: usize = 16;

/// A method's name: a short lowercase or capitalised word, perhaps with a version
/// (`basic`, `Container`, `oauth2`). Every beginning of one is one too.
fn is_method_name(value: &[u8]) -> bool {
    if value.len() > MAX_METHOD_NAME_LEN {
        return false;
    }
    let letters = value
        .iter()
        .enumerate()
        .take_while(|&(index, byte)| {
            byte.is_ascii_lowercase() || (index == 0 && byte.is_ascii_uppercase())
        })
        .count();
    letters > 0 && value[letters..].iter().all(u8::is_ascii_digit)
}

/// The end of a list of strings that starts at `at` (its `[`), over lines as
/// Node prints a long one: at its closing `]`, read past the strings (a cookie may
/// hold a `]`), or where something other than a string and a comma stands, and at
/// most `max_len` bytes on (where a character starts); and whether a string of it is one word, no
/// blank in it (a credential, not a message: Django's `{'password': ['...']}`
/// against Django REST framework's `{"password": ["This field is required."]}`).
fn string_list_end(text: &[u8], at: usize, max_len: usize) -> (usize, bool) {
    let mut limit = text.len().min(at.saturating_add(max_len));
    // The limit stands where a character starts.
    while limit < text.len() && text[limit] & 0xC0 == 0x80 {
        limit -= 1;
    }
    let mut end = at + 1;
    let mut holds_word = false;
    while end < limit {
        match text[end] {
            b'"' | b'\'' => {
                let quote = text[end];
                let start = end + 1;
                end = start;
                while end < limit && text[end] != quote {
                    end += if text[end] == b'\\' { 2 } else { 1 };
                }
                // A string cut short may be a message's first word; a plain word
                // is an error's code (`password_too_short`), and a string that holds
                // a redaction was judged already.
                let string = &text[start..end.min(limit)];
                holds_word |= end < limit
                    && !string.is_empty()
                    && !string.iter().any(u8::is_ascii_whitespace)
                    && !wording::is_plain_word(string)
                    && !wording::is_absent_value(string)
                    && !wording::is_reference(string)
                    && memchr::memmem::find(string, REDACTED.as_bytes()).is_none();
                end = (end + 1).min(limit);
            }
            b',' => end += 1,
            byte if byte.is_ascii_whitespace() => end += 1,
            _ => return (end, holds_word),
        }
    }
    (limit, holds_word)
}

/// How much of a list of strings after a secret's name (not a cookie header's) is
/// read to judge it: a list that holds no credential there is kept, unread further,
/// so that lists inside lists' strings are not read again and again.
const MAX_LIST_LEN: usize = 8 * 1024;

/// How far after a list's `[` its first string is looked for (Node's indentation).
const MAX_LIST_INDENT: usize = 32;

/// The end of a value in ODBC's braces that starts at `at`: after the closing
/// brace, or at the line's end.
fn braced_value_end(text: &[u8], at: usize) -> usize {
    let line_end = values::line_end(text, at);
    memchr::memchr(b'}', &text[at..line_end]).map_or(line_end, |offset| at + offset + 1)
}

/// A number or count (`3`, `12/15`, `95%`, `1.5`) or a path (`/home/alice`, `~/src`,
/// `./build`). Every beginning of such a value is one too, as a window may cut it.
fn is_count_or_path(value: &[u8]) -> bool {
    let count = value.first().is_some_and(u8::is_ascii_digit)
        && value.iter().all(|byte| {
            byte.is_ascii_digit() || matches!(byte, b'/' | b'%' | b'.' | b',' | b':' | b'-')
        });
    count || matches!(value.first(), Some(b'/' | b'~' | b'.'))
}

/// How far the line that `emitted` ends on is indented.
fn line_indent(emitted: &[u8]) -> usize {
    let searched = &emitted[emitted.len().saturating_sub(values::MAX_KEY_LEN * 4)..];
    let line = searched
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(searched, |newline| &searched[newline + 1..]);
    line.iter().take_while(|&&byte| byte == b' ').count()
}

/// The message of a quoted value that ends at `end`, when it may be a validation
/// error's (see `wording::is_validation_message`): words that its quote closes, or
/// what runs to the text's end unclosed, as the window leaves a message it cut
/// (the marker after the cut is no part of the text), so that a message cut short
/// reads as the whole did. A closed word alone may be a password (`"default"`).
fn validation_message<'t>(
    quote: values::Quote,
    text: &'t [u8],
    value: &'t [u8],
    end: usize,
) -> Option<&'t [u8]> {
    let closing = match quote {
        values::Quote::Double => b'"',
        values::Quote::Single => b'\'',
        _ => return None,
    };
    let closed_words = text.get(end) == Some(&closing) && value.contains(&b' ');
    // A redaction inside the message (another rule's) stops the reading as a cut
    // does.
    (closed_words || end == text.len() || values::is_redacted_at(text, end)).then_some(value)
}

/// The end of an `Authorization` value without a quote: a credential alone
/// (`Authorization: letmein`), or a scheme and its credential (`Authorization: SSWS
/// 00QCjAl4...`, `NTLM TlRM...`, a vendor's `Klaviyo-API-Key pk_...`), which go
/// together. Wording stays (`Authorization: header missing`), and a known scheme
/// word with it (`Bearer`, `Token`, `Digest`), whose credential the scheme rules
/// redact.
fn authorization_value_end(text: &[u8], at: usize) -> Option<usize> {
    let end = unquoted_value_end(text, at, Words::Wording)?;
    Some(through_credential_after_scheme(text, end))
}

/// `end`, or further: when the `Authorization` value that ends at `end` is a scheme
/// word, the end of the credential after it and its spaces.
fn through_credential_after_scheme(text: &[u8], end: usize) -> usize {
    let spaces = values::spaces_at(text, end);
    let credential = end + spaces;
    if spaces == 0
        || text.get(credential).is_none_or(|&byte| {
            values::ends_unquoted_value(byte) || values::is_redacted_at(text, credential)
        })
    {
        return end;
    }
    if let Some(parameters_end) = authorization::parameters_after_scheme_end(text, end, credential)
    {
        return parameters_end;
    }
    let credential_end = values::unquoted_end(text, credential);
    // A key (`Authorization: x Cookie: y`) is not a credential.
    if matches!(text.get(credential_end), Some(b':' | b'=')) {
        return end;
    }
    credential_end
}

/// The end of a value after a tight `=` (`password=hunter2`, `password=(x)`,
/// `password=a&b`), which is redacted whatever it is: a value that says the secret
/// is absent (`token=None`) stays.
fn tight_value_end(text: &[u8], at: usize) -> Option<usize> {
    if values::starts_escaped_quote(text, at) {
        return None;
    }
    if let Some(wrapped_end) = wrapped_string_end(text, at, values::unquoted_end(text, at)) {
        return Some(wrapped_end);
    }
    let end = values::tight_value_end(text, at);
    let value = &text[at..end];
    let head_len = value
        .iter()
        .position(|byte| matches!(byte, b'&' | b';'))
        .unwrap_or(value.len());
    // An absent value (`token=None`, `password=(null)`, as C's `printf` and Go print
    // one), or a template's mask (`password=<your-password>`).
    let head = &value[..head_len];
    // A parenthesis not closed only where the value ends: where a cut took the rest.
    let in_parentheses = head
        .strip_prefix(b"(")
        .and_then(|inner| match inner.strip_suffix(b")") {
            Some(closed) => Some(closed),
            None => (head.len() == value.len()).then_some(inner),
        });
    if wording::is_absent_value(head)
        || in_parentheses.is_some_and(|inner| inner.is_empty() || wording::is_absent_value(inner))
        || (head.starts_with(b"<") && wording::is_placeholder(head))
    {
        return None;
    }
    // A generated password's bracket or separator does not end it
    // (`DB_PASSWORD=anqUIr^i7)p~I`); one that starts with it is judged where the
    // value's first byte is.
    if end == at {
        return Some(end);
    }
    let mut end = glued_values::through_glued_punctuation(text, at, end, Reading::Redacting);
    // An apostrophe between two letters or digits is the password's
    // (`DB_PASSWORD=Xq7u'8jzPde`), not a quote that closes the pair (`-e
    // 'DB_PASSWORD=...' img`); a few at most, so that a value that stays is not read
    // on from every key before it.
    let mut apostrophes = 0;
    while apostrophes < MAX_APOSTROPHES
        && text.get(end) == Some(&b'\'')
        && text[end - 1].is_ascii_alphanumeric()
        && text.get(end + 1).is_some_and(u8::is_ascii_alphanumeric)
    {
        let word_end = values::tight_value_end(text, end + 1);
        end = glued_values::through_glued_punctuation(text, end + 1, word_end, Reading::Redacting);
        apostrophes += 1;
    }
    Some(end)
}

/// The most apostrophes a tight value is read through.
const MAX_APOSTROPHES: usize = 4;

/// The end of the value of a secret-named command-line flag that starts at `at`,
/// when `emitted` ends with the flag and the spaces after it: `--password hunter2`,
/// `--api-key "abc"` (`--password=hunter2` is a key and its `=`). Wording stays
/// (`pass --token to authenticate`), and so does a value that is the next flag.
pub(super) fn flag_value_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (quote, before_quote) = match values::opening_quote(emitted) {
        Some((quote, before)) => (Some(quote), before),
        None => (None, emitted),
    };
    let &first = text.get(at)?;
    // The next flag, or a shell's pipe (`--with-token | tee log`): no value. The
    // pipe must stay for the rule of a password piped into a login.
    let pipe = first == b'|'
        && text
            .get(at + 1)
            .is_none_or(|&next| next.is_ascii_whitespace() || matches!(next, b'|' | b'&'));
    if quote.is_none() && (values::ends_unquoted_value(first) || first == b'-' || pipe) {
        return None;
    }
    let flag = values::trim_spaces_end(before_quote);
    let listed = listed_flag(emitted, flag).or_else(|| yaml_listed_flag(before_quote));
    if flag.len() == before_quote.len() && listed.is_none() {
        return None;
    }
    let flag = listed.unwrap_or(flag);
    // The flag's name ends where `flag` does: most text is turned away on its last
    // letters before the name is looked for. A command's flag may end like a secret
    // name without being one (`redis-cli --pass`), and so may an abbreviation.
    // Most flags are turned away on their last letter first.
    let abbreviated = |flag: &[u8]| {
        matches!(flag.last(), Some(b's' | b'S' | b'd' | b'D' | b'w' | b'W'))
            && long_flag_name(flag).is_some_and(is_abbreviated_password_flag)
    };
    if !has_secret_ending(flag)
        || abbreviated(flag)
        || long_flag_name(flag).is_some_and(|name| {
            (setter_values::is_command_flag_name(name) && !is_secret_name(name))
                || user_password_flags::is_long_flag_name(name)
        })
    {
        // A flag whose value one command keeps secret (`gh secret set --body ...`).
        let command_flag = setter_values::may_end_command_flag(flag)
            && long_flag_name(flag).is_some_and(|name| {
                setter_values::command_flag_value_is(
                    FlagValue::Secret,
                    emitted,
                    flag,
                    name,
                    text,
                    at,
                )
            });
        // A reference (`--body "$API_TOKEN"`) or a file the value is read from
        // (`--secret-string file://creds.json`) is no value.
        if command_flag {
            return spaced_value_end(text, at, quote).and_then(|end| {
                setter_values::command_flag_secret_end(long_flag_name(flag)?, text, at, end)
            });
        }
        // `--pass`, `--pwd` and `--pw` of any other command: the value tells.
        return abbreviated(flag)
            .then(|| abbreviated_flag_value_end(text, at, quote))
            .flatten();
    }
    // `--ask-password`, Ansible's `--ask-vault-pass`, `--prompt-password`: the
    // command asks for the secret, and the word after the flag is its next argument.
    if long_flag_name(flag).is_some_and(asks_for_secret) {
        return None;
    }
    let flag_name = long_flag_name(flag).filter(|name| is_secret_name(name));
    if let Some(name) = flag_name
        && setter_values::command_flag_value_is(
            FlagValue::NamesSecret,
            emitted,
            flag,
            name,
            text,
            at,
        )
    {
        return None;
    }
    // A configuration command's setting (`aws configure set aws_secret_access_key
    // ...`, Dockerfile's `ENV DB_PASSWORD ...`).
    let setting = flag_name.is_none().then(|| {
        let name = values::trailing_key(flag);
        setter_values::setting(emitted, &flag[..flag.len() - name.len()], name, text, at)
    });
    let end = match setting {
        None => spaced_value_end(text, at, quote)?,
        Some(None) => return None,
        Some(Some(extent)) => {
            let end = spaced_value_end(text, at, quote)?;
            // A setting may name where its value is kept (`ENV DB_PASSWORD
            // $DB_PASSWORD`).
            if wording::is_reference(&text[at..end]) {
                return None;
            }
            match extent {
                setter_values::Extent::Line if quote.is_none() => values::line_end(text, end),
                _ => end,
            }
        }
    };
    // Where the value comes from is no value (`--password "$(cat
    // /run/secrets/db)"`). An item of a list is a value only where a command would
    // take one: not the next flag (`'--password', '--verbose'`) or a placeholder.
    let value = &text[at..end];
    if wording::is_reference(value)
        || (listed.is_some()
            && (value.starts_with(b"-")
                || wording::is_placeholder(value)
                || wording::is_absent_value(value)))
        || flag_name.is_some_and(|name| name.eq_ignore_ascii_case(b"secret"))
            && is_secret_spec(value)
    {
        return None;
    }
    Some(end)
}

/// Whether a flag named `name` asks for a secret rather than taking one
/// (`ask-password`, `prompt-password`).
fn asks_for_secret(name: &[u8]) -> bool {
    [b"ask-".as_slice(), b"prompt-"]
        .iter()
        .any(|verb| name.len() > verb.len() && name[..verb.len()].eq_ignore_ascii_case(verb))
}

/// The attributes that BuildKit's `--secret` takes (`docker build --secret
/// id=npmrc,src=$HOME/.npmrc`): where a secret is read from, not the secret.
const SECRET_SPEC_ATTRIBUTES: [&[u8]; 5] = [b"id=", b"src=", b"source=", b"env=", b"type="];

/// Whether a `--secret` flag's value is a BuildKit specification (see
/// [`SECRET_SPEC_ATTRIBUTES`]), or a beginning of one, so that a value cut short
/// reads the same.
fn is_secret_spec(value: &[u8]) -> bool {
    !value.is_empty()
        && SECRET_SPEC_ATTRIBUTES
            .iter()
            .any(|attribute| value.starts_with(attribute) || attribute.starts_with(value))
}

/// Whether a secret-named key names a secret rather than announcing one (see
/// [`KeyBefore::is_secret_reference_item`] and `setter_values::NAMING_FLAGS`).
/// Out of line: few keys may.
#[inline(never)]
fn names_secret(
    key: &KeyBefore<'_>,
    separator: u8,
    emitted: &[u8],
    text: &[u8],
    at: usize,
) -> bool {
    (key.is_secret_reference_item()
        && key
            .before_name()
            .is_some_and(|before| setter_values::line_runs(before, b"gcloud")))
        || (separator == b'='
            && long_flag_name(key.quoted).is_some_and(|name| {
                setter_values::command_flag_value_is(
                    FlagValue::NamesSecret,
                    emitted,
                    key.quoted,
                    name,
                    text,
                    at,
                )
            }))
}

/// The flag before a comma when an argument list quotes it and its value as two
/// items (`['mysql', '--password', '...']`, Docker's `"Args": ["--api-key",
/// "..."]`): `before_comma` ends with the flag's closing quote and the comma, and
/// the value's opening quote that `emitted` ends with is the same quote.
fn listed_flag<'f>(emitted: &[u8], before_comma: &'f [u8]) -> Option<&'f [u8]> {
    let (quote, _, _) = values::plain_opening_quote(emitted)?;
    let flag = before_comma.strip_suffix(&[quote, b','])?;
    let name = values::trailing_key(flag);
    flag[..flag.len() - name.len()]
        .ends_with(&[quote])
        .then_some(flag)
}

/// The flag of the YAML list item before the one that `before_value` opens, on the
/// line before (`args:` then `- --token` and `- ...`, as Kubernetes lists a
/// container's arguments; the line break may be escaped in a log line, or a
/// blank where the text was made one line).
fn yaml_listed_flag(before_value: &[u8]) -> Option<&[u8]> {
    let item = values::trim_spaces_end(before_value);
    if item.len() == before_value.len() {
        return None;
    }
    let dash = item.strip_suffix(b"-")?;
    let indent = values::trim_spaces_end(dash);
    let flag = match indent {
        [before @ .., b'\r', b'\n'] | [before @ .., b'\n'] | [before @ .., b'\\', b'n'] => before,
        _ if indent.len() < dash.len() => indent,
        _ => return None,
    };
    let name = values::trailing_key(flag);
    // A flag (`--token`, `-p`), not a word (`- DB_PASSWORD`, whose next item is no
    // value of it).
    if !name.starts_with(b"-") {
        return None;
    }
    // The flag's own item, or a redaction that took its `-` along.
    let before_flag = &flag[..flag.len() - name.len()];
    (before_flag.ends_with(b"- ")
        || before_flag
            .strip_suffix(b" ")
            .is_some_and(|before| before.ends_with(REDACTED.as_bytes())))
    .then_some(flag)
}

/// The end of the value after a secret-setting command's flag and its `=`
/// (`gh secret set API_TOKEN --body=...`, `--secret-string="..."`), whose name does
/// not say that the value is secret (see `setter_values`).
pub(super) fn command_flag_tight_value_end(
    emitted: &[u8],
    text: &[u8],
    at: usize,
) -> Option<usize> {
    let (quote, before_quote) = match values::opening_quote(emitted) {
        Some((quote, before)) => (Some(quote), before),
        None => (None, emitted),
    };
    let flag = before_quote.strip_suffix(b"=")?;
    if !setter_values::may_end_command_flag(flag) {
        return None;
    }
    let name = long_flag_name(flag)?;
    if !setter_values::command_flag_value_is(FlagValue::Secret, emitted, flag, name, text, at) {
        return None;
    }
    let end = match quote {
        Some(quote) => values::quoted_end(text, at, quote),
        None => unquoted_value_end(text, at, Words::None)?,
    };
    setter_values::command_flag_secret_end(name, text, at, end)
}

/// The end of a value that starts at `at` after a secret-named word and spaces
/// (a flag, a configuration command's setting), inside `quote` if one opened it.
/// Wording (`--token required`) and a placeholder (`--token TOKEN`) are no value.
pub(super) fn spaced_value_end(
    text: &[u8],
    at: usize,
    quote: Option<values::Quote>,
) -> Option<usize> {
    let end = match quote {
        Some(quote) => values::quoted_end(text, at, quote),
        // `usage: app [--token TOKEN]`: a placeholder, not a value.
        None if wording::is_placeholder(&text[at..values::unquoted_end(text, at)]) => return None,
        None => unquoted_value_end(text, at, Words::Wording)?,
    };
    (end > at).then_some(end)
}

/// Whether `word` names a test: a Go test, benchmark, example or fuzz target
/// (`TestLogin`, `BenchmarkParse/small`), or a path of plain words (Automake's
/// `tests/login.sh`); or a beginning of one.
fn is_test_name(word: &[u8]) -> bool {
    [b"Test".as_slice(), b"Benchmark", b"Example", b"Fuzz"]
        .iter()
        .any(|kind| word.starts_with(kind) || (!word.is_empty() && kind.starts_with(word)))
        || (!word.is_empty()
            && word
                .split(|&byte| byte == b'/')
                .all(|segment| segment.is_empty() || wording::is_plain_word(segment)))
}

/// Whether `name` is `pass` or `pwd` alone: a password (`user=alerts pass=...`,
/// ODBC's `Pwd=`, OpenSSL's `-passin pass:...`, MySQL's `--pass=...`) as often as a
/// count (`pass=3`, an encoder's `--pass 2`) or the working directory
/// (`PWD=/home/alice`), which the value tells.
pub(super) fn is_bare_abbreviation(name: &[u8]) -> bool {
    name.eq_ignore_ascii_case(b"pass") || name.eq_ignore_ascii_case(b"pwd")
}

/// Whether a flag named `name` is a password's abbreviation: `pass` or `pwd` (see
/// [`is_bare_abbreviation`]), or `pw` (Mosquitto's `--pw`), which as a key alone
/// is a power as often (`tx_pw=20`).
pub(super) fn is_abbreviated_password_flag(name: &[u8]) -> bool {
    is_bare_abbreviation(name) || name.eq_ignore_ascii_case(b"pw")
}

/// The end of the value of a flag named for a password's abbreviation (see
/// [`is_abbreviated_password_flag`]) that starts at `at`, after the flag and
/// spaces, inside `quote` if one opened it: a value that is no plain word (`--pass
/// first`), count, path or reference.
fn abbreviated_flag_value_end(
    text: &[u8],
    at: usize,
    quote: Option<values::Quote>,
) -> Option<usize> {
    let end = spaced_value_end(text, at, quote)?;
    // Judged on what a cut keeps the same: a quote's content, or the first word
    // (`--pass abc&x=1` ends before the pair only while the pair is whole).
    let judged = match quote {
        Some(_) => &text[at..end],
        None => &text[at..values::unquoted_end(text, at).min(end)],
    };
    let word = quote.is_none() && wording::is_plain_word(judged);
    (!(word || abbreviated_value_stays(judged))).then_some(end)
}

/// Whether the value of a password's abbreviation (a flag's, an element's) is a
/// count, a path or a reference (`--pass 2`, `--pwd /srv/app`, `--pass $PASS`).
pub(super) fn abbreviated_value_stays(value: &[u8]) -> bool {
    is_count_or_path(value) || wording::is_reference(value)
}

/// The name of the long flag that `before` ends with: `--password`, or with one
/// dash where a word starts, as Java's tools and PowerShell write them (`keytool
/// -storepass`, `Set-AWSCredential -SecretKey`). A one-letter flag is a short flag
/// (see `short_flags`).
fn long_flag_name(before: &[u8]) -> Option<&[u8]> {
    let flag = values::trailing_key(before);
    let name = match flag.strip_prefix(b"--") {
        Some(name) => name,
        None => {
            let before_dash = &before[..before.len() - flag.len()];
            if !before_dash
                .last()
                .is_none_or(|&byte| short_flags::starts_flag_after(byte))
            {
                return None;
            }
            flag.strip_prefix(b"-")?
        }
    };
    (name.len() > 1 && name[0].is_ascii_alphabetic()).then_some(name)
}

/// The key that stands before a `=` or `:`: spaces and a closing quote may come
/// between.
struct KeyBefore<'b> {
    /// The key with its closing quote cut off, and all that comes before it.
    quoted: &'b [u8],
    /// The key's name.
    name: &'b [u8],
    /// What the name's last segments say, when it has a secret ending (no other
    /// name is looked at further).
    verdict: Option<NameVerdict>,
}

impl<'b> KeyBefore<'b> {
    fn new(before_separator: &'b [u8], names: &NameMemo<'_>) -> Self {
        let quoted = without_key_closing(before_separator);
        let name = values::trailing_key(quoted);
        let name = setting_name(quoted, name)
            .or_else(|| spaced_key_name(quoted, name))
            // `mot de passe`, `пароль`, `lösenord`: read whole.
            .or_else(|| foreign_names::password_word_before(quoted, name))
            .unwrap_or(name);
        // `--creds=user:password`: the user stays (see `user_password_flags`).
        let user_password_flag = name
            .strip_prefix(b"--")
            .is_some_and(user_password_flags::is_long_flag_name);
        Self {
            quoted,
            name,
            verdict: names.verdict(name).filter(|_| !user_password_flag),
        }
    }

    /// A secret name; or a redacted one (`"[REDACTED]": "..."`): it was part of a
    /// secret, and so is its value.
    fn is_secret(&self) -> bool {
        self.verdict.is_some_and(|verdict| verdict.secret)
            || self.quoted.ends_with(REDACTED.as_bytes())
            || self.qualifier_was_redacted()
            || self.is_bound_property_value()
            || self.is_invalid_field_value()
            || self.is_named_pair_value()
            || self.is_block_default()
            || self.is_jwt_key()
            || self.is_echoed_input()
    }

    /// The input a validation error echoes for a secret-named field (see
    /// `echoed_inputs`): the value as it was sent, whatever it is.
    fn is_echoed_input(&self) -> bool {
        echoed_inputs::is_input_key(self.name) && self.echoes_secret_field()
    }

    /// [`Self::is_echoed_input`] once the name may be one: out of line.
    #[inline(never)]
    fn echoes_secret_field(&self) -> bool {
        self.before_name()
            .is_some_and(|before| echoed_inputs::echoes_secret_field(self.name, before))
    }

    /// A `default` whose block names a secret (see `named_defaults`).
    fn is_block_default(&self) -> bool {
        is_default_attribute(self.name) && self.block_is_named()
    }

    /// [`Self::is_block_default`] once the name is a `default`: out of line.
    #[inline(never)]
    fn block_is_named(&self) -> bool {
        self.before_name().is_some_and(named_defaults::names_secret)
    }

    /// An environment variable of Cloud Run's or Cloud Functions' list of secrets
    /// (`gcloud run deploy --set-secrets=DB_PASSWORD=db-password:latest,...`), whose
    /// value names a secret in Secret Manager, or that secret's name, before its
    /// version.
    fn is_secret_reference_item(&self) -> bool {
        // Most names follow no `=` or `,`.
        let Some(before) = self
            .before_name()
            .filter(|before| matches!(before.last(), Some(b'=' | b',')))
        else {
            return false;
        };
        let searched = &before[before.len().saturating_sub(MAX_SECRET_LIST_LEN)..];
        let word_start = searched
            .iter()
            .rposition(|&byte| matches!(byte, b' ' | b'\t' | b'\n' | b'"' | b'\''))
            .map_or(0, |blank| blank + 1);
        let word = &searched[word_start..];
        SECRET_REFERENCE_LISTS
            .iter()
            .any(|flag| word.starts_with(flag))
    }

    /// ASP.NET's token signing key, a `Key` first in a `Jwt` section (`"Jwt": {
    /// "Key": ...}`, `Jwt:` and an indented `Key:`, `Jwt:Key=...`), or a section
    /// named after it (`JwtSettings`, `JwtOptions`, `JwtConfig`), or whose name a
    /// redaction took; not a key that follows the section's name on its line
    /// (`jwt: Key: RS256 not supported`).
    fn is_jwt_key(&self) -> bool {
        if !self.name.eq_ignore_ascii_case(b"key") {
            return false;
        }
        let Some(before) = self.before_name() else {
            return false;
        };
        let unquoted = values::strip_closing_quote(before);
        let trimmed = unquoted.trim_ascii_end();
        // The section's opening brace, the line break before the indented key, or
        // a configuration path's `:` right before the key (`Jwt:Key`).
        let (before, opens) = match trimmed.strip_suffix(b"{") {
            Some(before_brace) => (before_brace.trim_ascii_end(), true),
            None => (
                trimmed,
                unquoted[trimmed.len()..].contains(&b'\n') || trimmed.len() == unquoted.len(),
            ),
        };
        let Some(section) = before.strip_suffix(b":").filter(|_| opens) else {
            return false;
        };
        let section = values::strip_closing_quote(section);
        // A redaction may have taken the section's name (a value that ran to it).
        if section.ends_with(REDACTED.as_bytes()) {
            return true;
        }
        let section = values::trailing_key(section);
        // A command line's flag (`--Jwt:Key=...`).
        let dashes = section.iter().take_while(|&&byte| byte == b'-').count();
        JWT_SECTIONS
            .iter()
            .any(|name| section[dashes..].eq_ignore_ascii_case(name))
    }

    /// A `value` member that the member before it names secret (`{"name":
    /// "DB_PASSWORD", "value": "..."}`, `- name: DB_PASSWORD` / `value: ...`).
    fn is_named_pair_value(&self) -> bool {
        is_value_attribute(self.name) && self.value_is_named()
    }

    /// [`Self::is_named_pair_value`] once the name is a `value`: out of line.
    #[inline(never)]
    fn value_is_named(&self) -> bool {
        self.before_name().is_some_and(named_pairs::names_secret)
    }

    /// The `Value:` line of Spring Boot's binding failure, under a `Property:` line
    /// that names a secret (`Property: spring.datasource.password`), or after it on
    /// one line once the text is flattened, or after a redaction that took it.
    fn is_bound_property_value(&self) -> bool {
        if !self.name.eq_ignore_ascii_case(b"value") {
            return false;
        }
        let Some(before) = self.before_name() else {
            return false;
        };
        let before = before.trim_ascii_end();
        // A redaction that took the `Property:` line (a string it opened ran to the
        // line's end) took what named the value.
        if before.ends_with(REDACTED.as_bytes()) {
            return true;
        }
        // The pair before: `Property:` (or what a redaction left of it) and a name.
        let searched = &before[before.len().saturating_sub(values::MAX_KEY_LEN * 2)..];
        let Some(colon) = memchr::memrchr(b':', searched) else {
            return false;
        };
        let name = searched[colon + 1..].trim_ascii();
        let property = searched[..colon].trim_ascii_start();
        (property.ends_with(b"Property") || property.ends_with(REDACTED.as_bytes()))
            && !name.iter().any(u8::is_ascii_whitespace)
            && is_secret_name(name)
    }

    /// The value a Kubernetes field error quotes for a field whose name is a
    /// secret's: `data[password]: Invalid value: "..."`, `spec.apiKey: Invalid
    /// value: "..."`.
    fn is_invalid_field_value(&self) -> bool {
        const INVALID: &[u8] = b"Invalid ";
        if !self.name.eq_ignore_ascii_case(b"value") {
            return false;
        }
        let Some(path) = self
            .before_name()
            .and_then(|before| before.strip_suffix(INVALID))
            .and_then(|before| before.strip_suffix(b": "))
        else {
            return false;
        };
        // A field's path is read back so far at most.
        let path = &path[path.len().saturating_sub(values::MAX_KEY_LEN)..];
        let path = match path.iter().rposition(u8::is_ascii_whitespace) {
            Some(blank) => &path[blank + 1..],
            None => path,
        };
        // The path's last name: an index's (`data[password]`) or a member's.
        let field = match path.strip_suffix(b"]") {
            Some(indexed) => indexed.rsplit(|&byte| byte == b'[').next(),
            None => path.rsplit(|&byte| byte == b'.').next(),
        };
        field.is_some_and(|field| !field.is_empty() && is_secret_name(field))
    }

    /// `pass` or `pwd` alone, or as a flag (`--pass=`): see
    /// [`is_bare_abbreviation`].
    fn is_bare_abbreviation(&self) -> bool {
        match self.name.strip_prefix(b"--") {
            Some(flag) => is_abbreviated_password_flag(flag),
            None => is_bare_abbreviation(self.name),
        }
    }

    /// Google's `GOOGLE_APPLICATION_CREDENTIALS`, or `credentials` (`creds`) alone,
    /// whose value may be the path of the file that holds them.
    fn names_credentials_file(&self) -> bool {
        self.name
            .eq_ignore_ascii_case(b"GOOGLE_APPLICATION_CREDENTIALS")
            || self.name.eq_ignore_ascii_case(b"credentials")
            || self.name.eq_ignore_ascii_case(b"creds")
    }

    /// A `key` of a name no rule lists (`MAPBOX_KEY`, `X-Application-Key`,
    /// `mapboxKey`), a salt or a seed: its value is a secret when it looks generated.
    fn is_generated_only(&self) -> bool {
        self.verdict.is_some_and(|verdict| verdict.generated_only)
    }

    /// `auth` alone, which names a method as often as a credential.
    fn is_bare_auth(&self) -> bool {
        self.name.eq_ignore_ascii_case(b"auth")
    }

    /// A name ending with `_pw` or `-pw` (`LDAP_BIND_PW`), whose count (`tx_pw=20`,
    /// a power) is no password.
    fn is_pw(&self) -> bool {
        self.name.len() > 3
            && ends_with_ignoring_case(self.name, b"pw")
            && matches!(self.name[self.name.len() - 3], b'_' | b'-')
    }

    /// A bare `key` right after a redaction and a space: the redaction took the
    /// word that named it (`api_key: API key: ...`), whose rule no longer sees it.
    fn qualifier_was_redacted(&self) -> bool {
        self.name.eq_ignore_ascii_case(b"key")
            && self
                .before_name()
                .and_then(|before| before.strip_suffix(b" "))
                .is_some_and(|before| before.ends_with(REDACTED.as_bytes()))
    }

    /// What stands before the name, when the name ends the key (a setting's name
    /// stands inside its attributes).
    fn before_name(&self) -> Option<&'b [u8]> {
        self.quoted.strip_suffix(self.name)
    }

    /// A name written in words (`private key`, `SSH key`) after a verb of
    /// [`STEP_VERBS`] and a space: a step that failed, named in prose (`load private
    /// key: EOF`, `failed to load SSH key: context deadline exceeded`), as Go's
    /// errors are chained, not a setting's key (an identifier, `client_secret`, or a
    /// name that starts its line or follows a bracket, a comma or a quote).
    fn is_prose_step(&self) -> bool {
        self.name.contains(&b' ')
            && self
                .before_name()
                .and_then(|before| before.strip_suffix(b" "))
                .is_some_and(|before_space| {
                    STEP_VERBS.iter().any(|verb| {
                        before_space.ends_with(verb)
                            && !before_space[..before_space.len() - verb.len()]
                                .last()
                                .is_some_and(u8::is_ascii_alphanumeric)
                    })
                })
    }

    /// `authorization` in lowercase after a lowercase word and a space: prose
    /// that a `:` chains (containerd's `may require authorization: authorization
    /// failed`, `... authorization: server message: insufficient_scope`), not a
    /// header, which starts its line or follows a bracket, a quote or `> `.
    fn is_authorization_in_prose(&self) -> bool {
        self.name == b"authorization"
            && self
                .before_name()
                .and_then(|before| before.strip_suffix(b" "))
                .and_then(|before_space| before_space.last())
                .is_some_and(u8::is_ascii_lowercase)
    }

    /// A name whose opening quote follows a word and a space (`failed to get
    /// secret "db-credentials": secrets ...`): when the quote closes at the name
    /// and prose follows, a resource's name, not a key, which follows a bracket, a
    /// comma, a line's start or a blank.
    fn is_quoted_after_word(&self) -> bool {
        self.before_name()
            .and_then(|before| {
                before
                    .strip_suffix(b"\"")
                    .or_else(|| before.strip_suffix(b"'"))
            })
            .and_then(|before_quote| before_quote.strip_suffix(b" "))
            .and_then(|before_space| before_space.last())
            .is_some_and(u8::is_ascii_alphabetic)
    }

    /// The last segment of the URL that Go's HTTP client quotes in its errors, after
    /// the method (`Post "https://oauth2.googleapis.com/token": x509: ...`, `Get
    /// "http://.../token": dial tcp ...`): the cause follows, not a value.
    fn ends_go_request_url(&self) -> bool {
        self.before_name()
            .and_then(|before| before.strip_suffix(b"/"))
            .is_some_and(|path| {
                // A URL's start is looked for this far back.
                let near = &path[path.len().saturating_sub(MAX_URL_PATH_LEN)..];
                near.iter()
                    .rposition(|&byte| matches!(byte, b' ' | b'\t' | b'\n' | b'"' | b'\''))
                    .is_some_and(|opening| {
                        near[opening] == b'"'
                            && near[opening + 1..]
                                .windows(3)
                                .any(|scheme_end| scheme_end == b"://")
                            && GO_METHODS
                                .iter()
                                .any(|method| near[..opening].ends_with(method))
                    })
            })
    }

    /// A pointer type (`*v1.Secret`), as Go's messages name a kind of object.
    fn is_pointer_type(&self) -> bool {
        self.before_name()
            .is_some_and(|before_name| before_name.ends_with(b"*"))
    }

    /// A segment of a path whose parts a `:` joins (`arn:aws:secretsmanager:...
    /// :secret:prod/db`, an ARN naming a secret; `urn:...`), not a key, when the
    /// value is glued to its `:` too: the `:` before it is glued to it.
    fn is_path_segment(&self) -> bool {
        self.before_name()
            .is_some_and(|before_name| before_name.ends_with(b":"))
    }

    /// A file's path in quotes, which a message names before its `:` (nginx's
    /// `cannot load certificate key "/etc/ssl/private/api.key":
    /// PEM_read_bio_PrivateKey() failed`): the name is the file's, after a `/` and
    /// with an extension of [`KEY_FILE_EXTENSIONS`], not a key. (Asked where the
    /// name is quoted and the value is not: a JSON key's value is quoted.)
    fn is_quoted_file_path(&self) -> bool {
        self.name
            .rsplit(|&byte| byte == b'.')
            .next()
            .is_some_and(|extension| {
                extension.len() < self.name.len()
                    && KEY_FILE_EXTENSIONS
                        .iter()
                        .any(|known| extension.eq_ignore_ascii_case(known))
            })
            && self
                .before_name()
                .is_some_and(|before_name| before_name.ends_with(b"/"))
    }

    /// The `Authorization` header, whose value is a credential even without a
    /// scheme.
    fn is_authorization(&self) -> bool {
        self.verdict.is_some_and(|verdict| verdict.authorization)
    }

    /// `code` as a query parameter (after `?` or `&`), where OAuth puts the
    /// authorization code a redirect carries.
    fn is_query_code(&self) -> bool {
        is_query_code(self.quoted)
    }

    /// `key` as a query parameter (after `?` or `&`), where many APIs take the
    /// caller's key.
    fn is_query_key(&self) -> bool {
        is_query_key(self.quoted)
    }

    /// A name of more than one segment (`client_secret`, `X-Api-Key`, `apiKey`):
    /// configuration or a header, not a word of prose.
    fn is_compound(&self) -> bool {
        self.verdict.is_some_and(|verdict| verdict.compound)
    }

    /// The `Cookie` request header, whose whole value is cookies.
    fn is_cookie_header(&self) -> bool {
        self.verdict.is_some_and(|verdict| verdict.cookie_header)
    }

    /// The name of a cookie header (`Cookie`, `Set-Cookie`), whose list of strings
    /// goes whole.
    fn names_cookies(&self) -> bool {
        self.name.eq_ignore_ascii_case(b"cookie") || self.is_set_cookie()
    }

    /// The `Set-Cookie` response header, whose value is one cookie and its
    /// attributes, or several joined by commas.
    fn is_set_cookie(&self) -> bool {
        self.name.eq_ignore_ascii_case(b"set-cookie")
    }
}

/// The most digits of a negative number kept after a bare key (`secret: -1`).
const MAX_SENTINEL_DIGITS: usize = 3;

/// The extensions of the files keys and credentials are kept in (see
/// `KeyBefore::is_quoted_file_path`).
#[rustfmt::skip]
const KEY_FILE_EXTENSIONS: &[&[u8]] = &[
    b"asc", b"cer", b"crt", b"der", b"gpg", b"jks", b"json", b"key", b"keystore",
    b"p12", b"p8", b"pem", b"pfx", b"ppk", b"pub", b"txt",
];

/// The verbs that name a step on a key before Go's cause (see
/// `KeyBefore::is_prose_step`): reading, checking or using it, never showing it
/// (`your new private key: ...` is one).
#[rustfmt::skip]
const STEP_VERBS: &[&[u8]] = &[
    b"check", b"checking", b"decode", b"decoding", b"decrypt", b"decrypting",
    b"exchange", b"exchanging", b"fetch", b"fetching", b"find", b"finding", b"get",
    b"getting", b"load", b"loading", b"open", b"opening", b"parse", b"parsing",
    b"read", b"reading", b"refresh", b"refreshing", b"resolve", b"resolving",
    b"retrieve", b"retrieving", b"sign", b"signing", b"unmarshal", b"unmarshaling",
    b"validate", b"validating", b"verify", b"verifying",
];

/// What stands before a separator without what may close its key: spaces, the
/// bracket of an index (`user[password]=`, PHP's `[password] =>`; a redaction's
/// `]` stays) and a quote (`"password":`, `["password"]=>`).
fn without_key_closing(before_separator: &[u8]) -> &[u8] {
    let trimmed = values::trim_spaces_end(before_separator);
    if let Some(prompt) = without_prompt_default(trimmed) {
        return prompt;
    }
    // JSON in an HTML attribute (`&quot;password&quot;:`), or inside a JSON string
    // (`\u0022password\u0022:`).
    if let Some(before_quote) = values::strip_entity_quote(trimmed)
        .or_else(|| numbered_quotes::strip_closing(trimmed).map(|(_, before)| before))
    {
        return before_quote;
    }
    let unbracketed = match trimmed.strip_suffix(b"]") {
        Some(inside) if !trimmed.ends_with(REDACTED.as_bytes()) => {
            without_var_dump_visibility(inside)
        }
        _ => trimmed,
    };
    values::strip_closing_quote(unbracketed)
}

/// A prompt's words without the default it shows in brackets, as `aws configure`
/// asks (`AWS Secret Access Key [None]: `, `[****************ABCD]: `): none, or
/// the old value masked but for its last letters. A redaction may have taken the
/// prompt's last words (`htpasswd -b ... Access Key [None]: `, whose `Access Key`
/// a command's rule took): what stands before the default then ends with it.
fn without_prompt_default(trimmed: &[u8]) -> Option<&[u8]> {
    let inside = trimmed.strip_suffix(b"]")?;
    let open = inside
        .iter()
        .rev()
        .take(MAX_PROMPT_DEFAULT_LEN + 1)
        .position(|&byte| byte == b'[')?;
    let default = &inside[inside.len() - open..];
    let before = inside[..inside.len() - open - 1].strip_suffix(b" ")?;
    let masked = default.iter().take_while(|&&byte| byte == b'*').count();
    let shown = &default[masked..];
    let is_default = default == b"None"
        || (masked >= 4 && shown.len() <= 4 && shown.iter().all(u8::is_ascii_alphanumeric));
    let ends_prompt = before.last().is_some_and(u8::is_ascii_alphanumeric)
        || before.ends_with(REDACTED.as_bytes());
    (is_default && ends_prompt).then_some(before)
}

/// The longest default a prompt shows in brackets: a masked key.
const MAX_PROMPT_DEFAULT_LEN: usize = 32;

/// A bracketed key without the visibility PHP's `var_dump` writes after an object
/// property's name (`["password":protected]`, `["password":"App\\Config":private]`).
fn without_var_dump_visibility(inside: &[u8]) -> &[u8] {
    if let Some(name) = inside.strip_suffix(b"\":protected") {
        return &inside[..name.len() + 1];
    }
    let Some(class) = inside.strip_suffix(b"\":private") else {
        return inside;
    };
    // The class that declares it, quoted, and the name before it.
    let class_len = class
        .iter()
        .rev()
        .take(values::MAX_KEY_LEN * 2)
        .take_while(|&&byte| byte != b'"')
        .count();
    match class[..class.len() - class_len].strip_suffix(b"\":\"") {
        Some(name) => &inside[..name.len() + 1],
        None => inside,
    }
}

/// The name of a setting written as attributes (`<add key="DbPassword"
/// value="..." />`: .NET's `appSettings`, NuGet's credentials; `<property
/// name="password" value="..."/>`: Spring, Ant), when `name` is the `value`
/// attribute that `quoted` ends with.
fn setting_name<'k>(quoted: &'k [u8], name: &[u8]) -> Option<&'k [u8]> {
    if !is_value_attribute(name) {
        return None;
    }
    let before = values::trim_spaces_end(&quoted[..quoted.len() - name.len()]);
    let (&quote, inside) = before.split_last()?;
    if !matches!(quote, b'"' | b'\'') {
        return None;
    }
    let setting = values::trailing_key(inside);
    let before_setting = &inside[..inside.len() - setting.len()];
    let named = match before_setting.strip_suffix(&[quote]) {
        Some(before_quote) => {
            let before_quote = values::trim_spaces_end(before_quote);
            before_quote.strip_suffix(b"=").is_some_and(|attribute| {
                let attribute = values::trim_spaces_end(attribute);
                ends_with_ignoring_case(attribute, b"key")
                    || ends_with_ignoring_case(attribute, b"name")
            }) || before_quote.ends_with(REDACTED.as_bytes())
        }
        // A redaction took the attribute along, its quote too (`Token: <add key="`
        // went whole).
        None => before_setting.ends_with(REDACTED.as_bytes()),
    };
    (named && !setting.is_empty()).then_some(setting)
}

/// The two words of a key written as prose (`API key: ...`, `Secret Key: ...`),
/// when `name` is a bare `key` that `quoted` ends with: the word before names it.
/// A copy's number may follow (`Unseal Key 1: ...`, as Vault prints its keys).
fn spaced_key_name<'k>(quoted: &'k [u8], name: &[u8]) -> Option<&'k [u8]> {
    let before_name = &quoted[..quoted.len() - name.len()];
    let (before_name, name) = match before_name.strip_suffix(b" ") {
        Some(before_number)
            if (1..=2).contains(&name.len()) && name.iter().all(u8::is_ascii_digit) =>
        {
            let key = values::trailing_key(before_number);
            (&before_number[..before_number.len() - key.len()], key)
        }
        _ => (before_name, name),
    };
    if !name.eq_ignore_ascii_case(b"key") {
        return None;
    }
    let before_space = before_name.strip_suffix(b" ")?;
    let word = values::trailing_key(before_space);
    (!word.is_empty()).then(|| &quoted[before_space.len() - word.len()..])
}

/// Whether a key ends with `value`, the attribute that holds a setting's value.
fn is_value_attribute(key: &[u8]) -> bool {
    ends_with_ignoring_case(key, b"value")
}

/// Whether a key is `default`, whose secret the block it stands in may name (a
/// Terraform variable's, a schema property's).
fn is_default_attribute(key: &[u8]) -> bool {
    ends_with_ignoring_case(key, named_defaults::DEFAULT)
}

/// What the key before a separator announces.
pub(super) struct Announced {
    /// A secret value (the key is secret-named).
    pub(super) value: bool,
    /// A scheme and a credential (the key is `Authorization`).
    pub(super) scheme: bool,
}

/// [`secret_value_end`] after a full-width `：` or `＝` (`密码：...`), which
/// separates as its ASCII form does. Kept out of the scan's loop: only text that is
/// not all ASCII asks.
#[cold]
#[inline(never)]
pub(super) fn full_width_separated_value_end(
    emitted: &[u8],
    text: &[u8],
    at: usize,
    names: &NameMemo<'_>,
) -> Option<usize> {
    values::strip_full_width_separator(emitted)?;
    secret_value_end(emitted, text, at, names)
}

/// What the key that the text before a separator ends with announces.
// Inlined always: the anchors' candidates read it, and with their second copy (for
// short texts) the compiler would otherwise call it from the long scan.
#[inline(always)]
pub(super) fn announced_by_key_before(before_separator: &[u8], names: &NameMemo<'_>) -> Announced {
    let (before_separator, quoted) = match before_separator.last() {
        // The usual `key=` has no spaces or quote to take off (a quote that JSON
        // escapes by number, `\u0022`, ends with a digit).
        Some(byte)
            if byte.is_ascii_alphanumeric()
                && numbered_quotes::strip_closing(before_separator).is_none() =>
        {
            (before_separator, before_separator)
        }
        // Go's and Pascal's `:=` separates as a `=` does (and the second `:` of a
        // path's `::` is read as one too: more is harmless).
        Some(b':') => {
            let before_colon = &before_separator[..before_separator.len() - 1];
            (before_colon, without_key_closing(before_colon))
        }
        _ => (before_separator, without_key_closing(before_separator)),
    };
    // The key's last letters are the text's: most keys are turned away on them,
    // with one look at a table.
    if !ANNOUNCING_ENDINGS.may_end(quoted) {
        return Announced {
            value: false,
            scheme: false,
        };
    }
    announced_by_key_read(before_separator, quoted, names)
}

/// The endings of the keys that [`announced_by_key_read`] may find announce a
/// value: a secret's name (`names::ENDINGS`), and the words it reads besides:
/// a redaction's `]`, a setting's `value`, a block's `default`, a validation
/// error's `input`, OAuth's `code`, a query's `appid`.
static ANNOUNCING_ENDINGS: EndingFilter = EndingFilter::with_secret_endings(&[
    REDACTED.as_bytes(),
    b"value",
    named_defaults::DEFAULT,
    echoed_inputs::INPUT,
    b"code",
    b"appid",
]);

/// What the key before a separator announces, read past its ending: `quoted` is
/// `before_separator` without what may close its key.
#[inline(always)]
fn announced_by_key_read(
    before_separator: &[u8],
    quoted: &[u8],
    names: &NameMemo<'_>,
) -> Announced {
    let ends_redacted = quoted.last() == Some(&b']') && quoted.ends_with(REDACTED.as_bytes());
    if !(has_secret_ending(quoted)
        || ends_redacted
        || is_value_attribute(quoted)
        || is_default_attribute(quoted)
        || echoed_inputs::ends_with_input(quoted))
    {
        return Announced {
            value: is_query_code(quoted) || is_query_app_id(quoted),
            scheme: false,
        };
    }
    let key = KeyBefore::new(before_separator, names);
    Announced {
        // OAuth's `code` passes the ending's test, as a second factor's does.
        value: key.is_secret()
            || key.is_bare_abbreviation()
            || key.is_generated_only()
            || is_query_code(quoted)
            || is_query_key(quoted),
        scheme: key.is_authorization(),
    }
}

/// Whether the text before `separator` ends with the `Authorization` header's name,
/// not the word in prose before a `:` and a lowercase word (see
/// `KeyBefore::is_authorization_in_prose`; `first_word` is the value's).
pub(super) fn is_authorization_key_before(
    before_separator: &[u8],
    separator: u8,
    first_word: &[u8],
    names: &NameMemo<'_>,
) -> bool {
    let key = KeyBefore::new(before_separator, names);
    key.is_authorization()
        && !(separator == b':' && is_lowercase_word(first_word) && key.is_authorization_in_prose())
}

/// Whether `word` is letters in lowercase: prose's word, not a scheme's name
/// (`NTLM`, `Api-Key`, `Digest`).
fn is_lowercase_word(word: &[u8]) -> bool {
    !word.is_empty() && word.iter().all(u8::is_ascii_lowercase)
}

/// The flags of `gcloud run deploy` and `gcloud functions deploy` that set
/// environment variables from Secret Manager's secrets.
const SECRET_REFERENCE_LISTS: [&[u8]; 2] = [b"--set-secrets=", b"--update-secrets="];

/// How far back a URL's start is looked for before the last segment of its path
/// (see `KeyBefore::ends_go_request_url`).
const MAX_URL_PATH_LEN: usize = 256;

/// The methods Go's HTTP client names before the URL it quotes in an error, with
/// the space after them (`url.Error`: `Post "https://...": ...`).
const GO_METHODS: [&[u8]; 7] = [
    b"Get ",
    b"Post ",
    b"Put ",
    b"Patch ",
    b"Delete ",
    b"Head ",
    b"Options ",
];

/// How far back a list of secrets is read for its flag.
const MAX_SECRET_LIST_LEN: usize = 512;

/// The names ASP.NET's section of token settings goes by.
const JWT_SECTIONS: [&[u8]; 5] = [
    b"jwt",
    b"jwtsettings",
    b"jwtoptions",
    b"jwtconfig",
    b"jwtconfiguration",
];

/// Which unquoted values are kept as words rather than redacted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Words {
    /// After a tight `=` (`password=hunter`): none.
    None,
    /// After a spaced `=`, code (`token = session.refresh(...)`): any plain word.
    Plain,
    /// After a spaced `=` that sets a PHP variable (`$password = $_POST[...]`): any
    /// plain word, and a variable (`$password = $secret`), which elsewhere may be a
    /// password's first letters (`password = $uperman`).
    Variables,
    /// After `:` and a compound key (`client_secret: abcdefghij` in YAML,
    /// `X-Api-Key: abcdefghij` in a header, but `api_key: missing`): only wording.
    Wording,
    /// After a bare `token:` or `password:`, as often prose (`invalid token:
    /// signature verification failed`, `failed to decode token: InvalidToken`): any
    /// plain word, and a type's name.
    Prose,
}

fn unquoted_value_end(text: &[u8], at: usize, words_allowed: Words) -> Option<usize> {
    let end = values::unquoted_end(text, at);
    let value = &text[at..end];
    match value.first()? {
        // `::` is a path (`jsonwebtoken::decode`), `==` a comparison; `\"` opens an
        // escaped quote whose content the next position handles. A `\` that ends the
        // text may be such an opening cut by the window, and must read the same.
        b':' | b'=' => return None,
        b'\\' if values::starts_escaped_quote(text, at) => return None,
        _ => {}
    }
    // `password = os.environ["DB_PASSWORD"]`, `token = request.json.get("token")`,
    // `reset_token = $1`, `$password = $_POST['password']` in a traceback's source
    // line or a statement: code that reads the secret from a mapping, a getter, a
    // request, a statement's parameter or a variable.
    let variables = words_allowed == Words::Variables;
    // A format string's verb where the message's value goes (`"token: %w"`).
    if words_allowed != Words::None && wording::is_format_verb(value) {
        return None;
    }
    if matches!(
        words_allowed,
        Words::Plain | Words::Prose | Words::Variables
    ) && (is_index_expression(value, variables)
        || wording::is_lookup_path(value)
        || wording::is_parameter(value)
        || (variables && wording::is_variable(value)))
    {
        return None;
    }
    if let Some(wrapped_end) = wrapped_string_end(text, at, end) {
        return Some(wrapped_end);
    }
    let judged_end = glued_values::through_glued_punctuation(text, at, end, Reading::Judging);
    let value = &text[at..judged_end];
    let is_word = match words_allowed {
        Words::None => false,
        Words::Plain | Words::Variables => {
            wording::is_plain_word(value)
                || wording::is_word_in_another_script(value, wording::is_plain_word)
        }
        Words::Prose => {
            wording::is_plain_word(value)
                || wording::is_type_name(value)
                || wording::is_package_path(value)
                || wording::is_type_annotation(value)
                || wording::is_absent_value(value)
                || wording::is_word_in_another_script(value, wording::is_plain_word)
        }
        Words::Wording => {
            wording::is_wording(value)
                || wording::is_type_annotation(value)
                || wording::is_word_in_another_script(value, wording::is_wording)
        }
    };
    if is_word {
        return None;
    }
    Some(glued_values::through_glued_punctuation(text, at, end, Reading::Redacting).max(judged_end))
}

/// A name (a dotted path of plain words, or a PHP variable where `variables`)
/// indexed by what follows: `os.environ[`, `config[`, `$_POST[`. The value ends at
/// the quote of the index, or the text's end; any beginning of such a value is a
/// plain word (a variable, where those are kept) or one too.
fn is_index_expression(value: &[u8], variables: bool) -> bool {
    value.strip_suffix(b"[").is_some_and(|name| {
        let name = match name.strip_prefix(b"$") {
            Some(variable) if variables => variable,
            _ => name,
        };
        !name.contains(&b'[') && wording::is_plain_word(name)
    })
}

/// The end of a string wrapped in a call that the value from `at` to `end` opens:
/// `Some("hunter2")` in Rust's `Debug` output, `SecretStr('hunter2')` in a Python
/// repr. The wrapper, the string and the closing parenthesis go together.
fn wrapped_string_end(text: &[u8], at: usize, end: usize) -> Option<usize> {
    // The wrapper is a name (`Some`, `pydantic.SecretStr`); `auth=(` is a key and the
    // tuple it opens, whose own rule takes it whole.
    let is_name_byte =
        |byte: &u8| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b':');
    if end == at || text.get(end) != Some(&b'(') || !text[at..end].iter().all(is_name_byte) {
        return None;
    }
    let quote = match text.get(end + 1)? {
        b'"' => values::Quote::Double,
        b'\'' => values::Quote::Single,
        _ => return None,
    };
    let closing = values::quoted_end(text, end + 2, quote);
    let after_string = closing + usize::from(matches!(text.get(closing), Some(b'"' | b'\'')));
    // A credential call's password is a further argument; another wrapper's
    // further arguments are its own (`t("auth.token", "Session expired")`).
    if credential_calls::is_credential_call(&text[at..end]) {
        Some(through_call_arguments(text, after_string))
    } else {
        Some(after_string + usize::from(text.get(after_string) == Some(&b')')))
    }
}

/// How many further string arguments of a wrapping call go along.
const MAX_FURTHER_ARGUMENTS: usize = 4;

/// The end of a call whose first argument ends at `after_string`: the further
/// string arguments (`HTTPBasicAuth('alice', 'hunter2')`, whose password is the
/// second; `Some("...")` in Rust) and the closing parenthesis go too.
pub(super) fn through_call_arguments(text: &[u8], mut after_string: usize) -> usize {
    for _ in 0..MAX_FURTHER_ARGUMENTS {
        if text.get(after_string) != Some(&b',') {
            break;
        }
        let mut argument = after_string + 1 + values::spaces_at(text, after_string + 1);
        // Code wrapped at the comma: the next string starts the next line.
        if let Some(next_line) = values::next_line_string(text, argument) {
            argument = next_line;
        }
        let wrapped = text[argument.min(text.len())..].starts_with(b"Some(");
        if wrapped {
            argument += b"Some(".len();
        }
        let quote = match text.get(argument) {
            Some(b'"') => values::Quote::Double,
            Some(b'\'') => values::Quote::Single,
            _ => break,
        };
        let closing = values::quoted_end(text, argument + 1, quote);
        if text.get(closing) != text.get(argument) {
            // The string runs to the line's end, the text's end or a redaction.
            return closing;
        }
        after_string = closing + 1;
        if wrapped && text.get(after_string) == Some(&b')') {
            after_string += 1;
        }
    }
    after_string + usize::from(text.get(after_string) == Some(&b')'))
}

/// `end`, or further: a redacted value that ends with a secret name and its
/// separator swallowed the key of the next pair (`Bearer password="..."`), whose
/// value must then go too. Spaces and the opening of a wrapper (`client_secret:
/// Some(`) may stand between the separator and the value.
pub(super) fn through_swallowed_value(text: &[u8], at: usize, end: usize) -> usize {
    if let Some(block_end) = swallowed_block_scalar_end(text, at, end) {
        return block_end.max(end);
    }
    let swallowed = &text[at..end];
    // A quoted value that ended at the quote opening the next one took that quote
    // along (`'client_secret: Some('` before `hunter2')`): the secret's string starts
    // right after the redaction.
    let (swallowed, opened) = match swallowed.split_last() {
        Some((b'"' | b'\'', before)) if !before.ends_with(b"\\") => {
            (before, values::quote_at(text, end - 1))
        }
        _ => (swallowed, None),
    };
    let (swallowed, wrapped, credential) = match swallowed.strip_suffix(b"(") {
        Some(before) => {
            let name_len = before
                .iter()
                .rev()
                .take_while(|byte| byte.is_ascii_alphanumeric() || **byte == b'_')
                .count();
            if name_len == 0 {
                // `auth=(`: a tight key's value that opens with a bracket, taken with
                // what the bracket holds; the bracket stands before the quote the
                // redaction may have taken.
                let bracket = at + before.len();
                return match before.strip_suffix(b"=") {
                    Some(key) if is_secret_name(values::trailing_key(key)) => {
                        values::tight_value_end(text, bracket).max(end)
                    }
                    _ => end,
                };
            }
            let credential = credential_calls::is_credential_call(before);
            (&before[..before.len() - name_len], true, credential)
        }
        None => (swallowed, false, false),
    };
    let (tight, before, value, rocket) = match values::trim_spaces_end(swallowed).split_last() {
        // A hash rocket after its quoted or bracketed key (`[password] =>`), whole or
        // cut after its `=`.
        Some((&b'>', before)) if before.ends_with(b"=") => (
            false,
            without_key_closing(&before[..before.len() - 1]),
            end,
            true,
        ),
        Some((&b'=', before)) if swallowed.ends_with(b"=") && text.get(end) == Some(&b'>') => {
            (false, without_key_closing(before), end + 1, true)
        }
        Some((&(b'=' | b':'), before)) => (swallowed.ends_with(b"="), before, end, false),
        // The name ended the redaction and its separator is still ahead
        // (`sk-...client_secret: value`: a token's alphabet took the name along).
        _ if !wrapped && opened.is_none() => match separator_ahead(text, end) {
            Some((tight, value)) => (tight, swallowed, value, false),
            None => return end,
        },
        _ => return end,
    };
    // Go's `:=`.
    let before = before.strip_suffix(b":").unwrap_or(before);
    let mut key = values::trailing_key(values::trim_spaces_end(before));
    // A key named in two words whose first stands before the redaction (`API
    // key:`, a command's argument that took `key:`).
    if key.eq_ignore_ascii_case(b"key") && key.len() == values::trim_spaces_end(before).len() {
        let word = values::trailing_key(text[..at].strip_suffix(b" ").unwrap_or_default());
        if !word.is_empty() {
            key = &text[at - 1 - word.len()..at + key.len()];
        }
    }
    // The separator alone went (`docker login`'s argument took the `=` of a
    // `password = ` before a value in inline code): its key stands right before
    // the redaction, in the text.
    if values::trim_spaces_end(before).is_empty() {
        key = values::trailing_key(values::trim_spaces_end(&text[..at]));
    }
    if !is_secret_name(key) {
        return end;
    }
    let (value, quote) = match opened {
        Some(quote) => (end, Some(quote)),
        // Spaces may stand between the separator and the value (`token= x`,
        // `password = x`); an empty value leaves the redaction as it is.
        None => {
            let value = value + values::spaces_at(text, value);
            // A YAML type tag (`secret: !!str ...`): the value follows it.
            let value = values::after_type_tag(text, value).unwrap_or(value);
            // PHP's `var_dump` writes a rocket's string on the next line.
            let value = match values::var_dump_string_start(text, value) {
                // At its opening quote, escaped or not.
                Some(string) if rocket => {
                    let quote = string - 1;
                    quote - usize::from(quote > 0 && text[quote - 1] == b'\\')
                }
                _ => value,
            };
            (value, values::quote_at(text, value))
        }
    };
    let Some((quote, closing_quote)) = quote else {
        // Markdown's inline code (see [`secret_value_end`]): one word closed on its
        // line, through its closing backtick.
        if text.get(value) == Some(&b'`') {
            let content_end = values::unquoted_end(text, value + 1);
            return if content_end > value + 1 && text.get(content_end) == Some(&b'`') {
                content_end + 1
            } else {
                end
            };
        }
        let value_end = unquoted_swallowed_value_end(text, key, value, tight);
        return if value_end > value { value_end } else { end };
    };
    let opening_len = if opened.is_some() {
        0
    } else {
        closing_quote.len()
    };
    let closing = values::quoted_end(text, value + opening_len, quote);
    // Through the closing quote, when there is one, and the wrapper's parenthesis.
    let after_string = closing
        + if text[closing..].starts_with(closing_quote) {
            closing_quote.len()
        } else {
            0
        };
    if credential {
        through_call_arguments(text, after_string)
    } else {
        after_string + usize::from(wrapped && text.get(after_string) == Some(&b')'))
    }
}

/// `end`, or further: a redaction from `at` to `end` that swallowed the name and
/// separator of a header whose value runs on (`token=Cookie: a=b; sid=...`, the
/// cookies to the line's end; `"token": "Authorization: Digest username="u",
/// response="..."`, the scheme's parameters) takes the rest of that value along.
///
/// Only the `:`s from `from` on are read (those before were read when the
/// redaction ended there), and only the last header of each kind among them: a
/// `Cookie` value that reaches past `end` from an earlier header reaches there from
/// the last one too. Each part of a redaction is read once.
pub(super) fn through_swallowed_header_value(
    text: &[u8],
    at: usize,
    from: usize,
    end: usize,
) -> usize {
    let names = NameMemo::new(text);
    let (mut cookie, mut authorization) = (None, None);
    for colon in memchr::memrchr_iter(b':', &text[from..end]).map(|offset| from + offset) {
        let key = values::trailing_key(values::trim_spaces_end(&text[at..colon]));
        let Some(verdict) = names.verdict(key) else {
            continue;
        };
        if verdict.cookie_header {
            cookie.get_or_insert(colon);
        } else if verdict.authorization {
            authorization.get_or_insert(colon);
        }
        if cookie.is_some() && authorization.is_some() {
            break;
        }
    }
    let value = |colon: usize| colon + 1 + values::spaces_at(text, colon + 1);
    let cookies_end = cookie.map(|colon| values::line_value_end(text, value(colon)));
    let credential_end = authorization.map(|colon| {
        through_credential_after_scheme(text, values::unquoted_end(text, value(colon)))
    });
    [cookies_end, credential_end]
        .into_iter()
        .flatten()
        .fold(end, usize::max)
}

/// The end of the block scalar whose indicator a redaction from `at` to `end`
/// swallowed with its secret key (`'token: |` in a quote left open): the block's
/// lines must go too.
fn swallowed_block_scalar_end(text: &[u8], at: usize, end: usize) -> Option<usize> {
    let swallowed = values::trim_spaces_end(&text[at..end]);
    let marks = swallowed
        .iter()
        .rev()
        .take(2)
        .take_while(|byte| matches!(byte, b'-' | b'+' | b'1'..=b'9'))
        .count();
    let indicator = at + swallowed.len().checked_sub(marks + 1)?;
    if !matches!(text[indicator], b'|' | b'>') {
        return None;
    }
    let before_colon = values::trim_spaces_end(&text[at..indicator]).strip_suffix(b":")?;
    if !is_secret_name(values::trailing_key(before_colon)) {
        return None;
    }
    values::block_scalar_end(text, indicator, line_indent(&text[..indicator]))
}

/// The end of the unquoted value at `value` of the secret `key` that a redaction
/// swallowed. After a tight `=`, the value goes as far as that rule takes it.
/// Otherwise a YAML block scalar goes with its lines (`token: |`), a wrapped string
/// (`Some("...")`) whole, as its key's rule takes them, and an `Authorization`
/// value's scheme takes its credential along (`SSWS 00Q...`).
fn unquoted_swallowed_value_end(text: &[u8], key: &[u8], value: usize, tight: bool) -> usize {
    if tight {
        return values::tight_value_end(text, value);
    }
    if matches!(text.get(value), Some(b'|' | b'>'))
        && values::trim_spaces_end(&text[..value]).ends_with(b":")
        && let Some(block_end) = values::block_scalar_end(text, value, line_indent(&text[..value]))
    {
        return block_end;
    }
    let end = values::unquoted_end(text, value);
    if let Some(wrapped_end) = wrapped_string_end(text, value, end) {
        wrapped_end
    } else if is_authorization_name(key) {
        through_credential_after_scheme(text, end)
    } else {
        end
    }
}

/// Where the value starts after a key's separator at `at` (spaces around it), and
/// whether the separator is a tight `=`.
fn separator_ahead(text: &[u8], at: usize) -> Option<(bool, usize)> {
    let spaces = |from: usize| values::spaces_at(text, from);
    let separator = at + spaces(at);
    if !matches!(text.get(separator), Some(b'=' | b':')) {
        return None;
    }
    // Go's `:=`.
    let separator = if text[separator..].starts_with(b":=") {
        separator + 1
    } else {
        separator
    };
    let tight = separator == at && text[separator] == b'=';
    let value = separator + 1 + spaces(separator + 1);
    (value < text.len()).then_some((tight, value))
}

/// `end`, or further: a redacted value that ends with a secret flag (`token=--password
/// hunter2`, where `--password` was the value) swallowed the flag, whose value must
/// then go too.
pub(super) fn through_swallowed_flag_value(text: &[u8], at: usize, end: usize) -> usize {
    let end = values::through_announced_value(text, at, end, flag_value_end);
    // A YAML list's next item (`- --token` then `- ...`, the flag swallowed).
    let Some(item) = values::yaml_next_item(text, end) else {
        return end;
    };
    let (value, closing) = match values::quote_at(text, item) {
        Some((_, quote)) => (item + quote.len(), quote),
        None => (item, &b""[..]),
    };
    match flag_value_end(&text[at..value], text, value) {
        Some(value_end) if text[value_end..].starts_with(closing) => value_end + closing.len(),
        Some(value_end) => value_end,
        None => end,
    }
}

/// Shortest value taken for an OAuth authorization code: issued codes are long
/// and random, and `?code=404` is a number.
const MIN_OAUTH_CODE: usize = 16;

/// Whether `quoted` ends with a `code` query parameter: `?code` or `&code`.
// Inlined always: the anchors' candidates read it, and with their second copy (for
// short texts) the compiler would otherwise call it from the long scan.
#[inline(always)]
fn is_query_code(quoted: &[u8]) -> bool {
    is_query_parameter(quoted, b"code")
}

/// Whether `quoted` ends with a `key` query parameter: `?key` or `&key`.
#[inline(always)]
fn is_query_key(quoted: &[u8]) -> bool {
    is_query_parameter(quoted, b"key")
}

/// Whether `quoted` ends with an `appid` query parameter: `?appid` or `&appid`,
/// the key that OpenWeatherMap's API takes (an application's numeric or short id,
/// Facebook's or WeChat's, stays: see `one_case_key_end`).
#[inline(always)]
fn is_query_app_id(quoted: &[u8]) -> bool {
    is_query_parameter(quoted, b"appid")
}

/// Whether `quoted` ends with the query parameter `name` (lowercase), in any
/// case: after a `?` or `&`.
#[inline(always)]
fn is_query_parameter(quoted: &[u8], name: &[u8]) -> bool {
    // Most keys follow no `?` or `&`: that byte turns them away first.
    quoted.len() > name.len()
        && matches!(quoted[quoted.len() - name.len() - 1], b'?' | b'&')
        && ends_with_ignoring_case(quoted, name)
}

/// The end of the OAuth authorization code that starts at `at` (`?code=...&state=...`):
/// a value of at least [`MIN_OAUTH_CODE`] characters that is not all digits. Shorter
/// values and numbers stay, and so does every prefix of one: a value cut short is
/// never redacted when the whole was kept.
fn oauth_code_end(text: &[u8], at: usize) -> Option<usize> {
    let end = values::unquoted_end(text, at);
    let value = &text[at..end];
    (value.len() >= MIN_OAUTH_CODE && !value.iter().all(u8::is_ascii_digit)).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::{
        ANNOUNCING_ENDINGS, NameMemo, announced_by_key_read, secret_value_end, setting_name,
        without_key_closing,
    };

    /// Every key the table of endings turns away is one the whole reading turns
    /// away too: keys of every ending of three bytes (letters in both cases,
    /// digits, and what stands in or closes a key) after names that announce, the
    /// beginnings of the other words the reading looks for, quotes and brackets,
    /// a number, another language.
    #[test]
    fn the_table_of_endings_turns_away_only_keys_that_announce_nothing() {
        let bytes: Vec<u8> = (b'a'..=b'z').chain(*b"ACDEKPSTUVY0129_-. ]\"'").collect();
        let leads: [&[u8]; 14] = [
            b"",
            b"x",
            b"pass",
            b"DB_PASSWORD_",
            b"DB_PASSWORD_p",
            b"?c",
            b"&c",
            b"<add key=\"DbPassword\" va",
            b"variable \"db_password\" {\n  defa",
            b"in",
            b"[REDACT",
            "\u{43f}\u{430}\u{440}\u{43e}\u{43b}\u{44c}".as_bytes(),
            b"\"token\": \"",
            b"input_",
        ];
        let mut turned_away = 0;
        for lead in leads {
            for &first in &bytes {
                for &second in &bytes {
                    for &third in &bytes {
                        let mut before = lead.to_vec();
                        before.extend([first, second, third]);
                        let quoted = without_key_closing(&before);
                        if ANNOUNCING_ENDINGS.may_end(quoted) {
                            continue;
                        }
                        turned_away += 1;
                        let read = announced_by_key_read(&before, quoted, &NameMemo::new(&before));
                        assert!(
                            !read.value && !read.scheme,
                            "{:?} announces a value or a scheme",
                            String::from_utf8_lossy(&before)
                        );
                    }
                }
            }
        }
        // The table turns most keys away.
        assert!(turned_away > bytes.len().pow(3) * leads.len() * 9 / 10);
    }

    #[test]
    fn a_setting_is_named_by_its_key_attribute_or_after_a_redaction() {
        let name = |quoted: &'static str| {
            setting_name(quoted.as_bytes(), b"value").map(|name| std::str::from_utf8(name).unwrap())
        };
        assert_eq!(name(r#"<add key="DbPassword" value"#), Some("DbPassword"));
        assert_eq!(name("<add key='DbPassword'   value"), Some("DbPassword"));
        // The fuzzer's shapes: a redaction took `key=`, or `key="` with its quote.
        assert_eq!(
            name(r#"Cookie: [REDACTED]"DbPassword" value"#),
            Some("DbPassword")
        );
        assert_eq!(
            name(r#"Token:[REDACTED]DbPassword" value"#),
            Some("DbPassword")
        );
        // Spring's and Ant's properties, and a form's field, name theirs by `name`.
        assert_eq!(
            name(r#"<property name="DbPassword" value"#),
            Some("DbPassword")
        );
        assert_eq!(name(r#"<input id="DbPassword" value"#), None);
        assert_eq!(name(r#"DbPassword" value"#), None);
    }

    fn value_after(emitted: &str, text: &str) -> Option<usize> {
        secret_value_end(
            emitted.as_bytes(),
            text.as_bytes(),
            0,
            &NameMemo::new(text.as_bytes()),
        )
    }

    #[test]
    fn values_end_where_their_syntax_says() {
        assert_eq!(value_after("password=", "hunter2&x=1"), Some(7));
        assert_eq!(value_after("\"api_key\": \"", "abc\", \"x\""), Some(3));
        assert_eq!(value_after("X-Api-Key: ", "k3y\r\n"), Some(3));
        assert_eq!(
            value_after("export AWS_SECRET_ACCESS_KEY=", "wJalr/K7MD+x y"),
            Some(12)
        );
        assert_eq!(value_after("{\\\"token\\\":\\\"", "k3y\\\"}"), Some(3));
        assert_eq!(value_after("password = ", "hunter2"), Some(7));
        assert_eq!(value_after("\"[REDACTED]\": \"", "v4lue\""), Some(5));
        assert_eq!(value_after("password=", "hunter"), Some(6));
    }

    #[test]
    fn a_value_that_swallowed_a_secret_key_takes_its_value_along() {
        use super::through_swallowed_value;
        let text = b"password=\"s3cret\" next";
        assert_eq!(through_swallowed_value(text, 0, 9), 17);
        assert_eq!(through_swallowed_value(b"token=abc&x=1", 0, 6), 9);
        assert_eq!(through_swallowed_value(b"dXNlcjpw=' next", 0, 9), 9);
        assert_eq!(through_swallowed_value(b"plain next", 0, 5), 5);
        // The separator still ahead of the swallowed name.
        let ahead = b"abc_client_secret: hunter22 next";
        assert_eq!(through_swallowed_value(ahead, 0, 17), 27);
        assert_eq!(through_swallowed_value(b"abc_api_key=x&y=1", 0, 11), 13);
        assert_eq!(through_swallowed_value(b"abc_reason: text", 0, 10), 10);
    }

    #[test]
    fn prose_paths_and_comparisons_are_not_values() {
        assert_eq!(value_after("token: ", "expired"), None);
        assert_eq!(value_after("password: ", "Required."), None);
        assert_eq!(value_after("jsonwebtoken:", ":decode"), None);
        assert_eq!(value_after("if password ==", " x"), None);
        assert_eq!(value_after("if password =", "= x"), None);
        assert_eq!(value_after("token_type=", "bearer"), None);
        assert_eq!(
            value_after("https://x-access-token:", "t0k@github.com"),
            None
        );
        assert_eq!(
            value_after("    token = ", "session.refresh(credentials)"),
            None
        );
        assert_eq!(value_after("api_key = ", "settings.API_KEY"), None);
        assert_eq!(value_after("password=", "&x=1"), None);
        assert_eq!(value_after("\"password\": \"", "\""), None);
        assert_eq!(
            value_after("{\"api_key\":", "\\"),
            None,
            "an escaped quote, cut"
        );
    }
}
