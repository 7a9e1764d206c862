//! Words that are prose, not credentials: what follows a secret's name in messages
//! and type signatures (`token: expired`, `password: String`), placeholders and
//! values that say a secret is absent.

/// An ordinary word rather than a credential: ASCII letters in segments joined by
/// `_`, `-` or `.`, each segment lowercase, capitalised or all capitals, and no
/// digit anywhere. `expired`, `Required`, `EOF`, `invalid_grant` and
/// `settings.API_KEY` are words; `hunter2`, `aB3x`, `c2VjcmV0` and `apiKey` are not.
///
/// Any prefix of a word is a word, so a value cut short (by the window, or by an
/// earlier redaction) is never judged a credential when the whole value was not.
pub(super) fn is_plain_word(value: &[u8]) -> bool {
    if value.is_empty() {
        return false;
    }
    let mut seen_letter = false;
    let mut capital_after_first = false;
    let mut lowercase = false;
    for &byte in value {
        match byte {
            b'a'..=b'z' => lowercase = true,
            b'A'..=b'Z' => capital_after_first |= seen_letter,
            b'_' | b'-' | b'.' => {
                if capital_after_first && lowercase {
                    return false;
                }
                (seen_letter, capital_after_first, lowercase) = (false, false, false);
                continue;
            }
            _ => return false,
        }
        seen_letter = true;
    }
    !(capital_after_first && lowercase)
}

/// A type's name, as messages print one after a bare secret word and its `:`
/// (`token: InvalidToken`, `password: std::io::Error`, `token:
/// java.lang.IllegalStateException`, `secret: os.ErrNotExist`): segments joined by
/// `::` or `.` (a `:` alone joins none), each a namespace that modules go by
/// ([`NAMESPACES`]: `std`, `java`) or a name whose humps (`Invalid`, `Token`; an
/// acronym before one, `IOError`) are all words of [`TYPE_NAME_WORDS`]; a name
/// alone has two humps at least. A secret is rarely such a name: a generated one's
/// humps are random, and most passwords' words are others (`ChangeMe`,
/// `CorrectHorseBattery`, `Welcome::Home`, `admin:SuperSecret`, `admin::root`); a
/// password made of those words alone (`InvalidKeyToken`) stays, as a plain word
/// does after a bare `password:`.
///
/// Any prefix of a type's name is one too, or a plain word, so that a value cut
/// short is never judged a credential when the whole value was not: the last hump
/// or namespace may be the beginning of a word, a cut inside an acronym's run reads
/// as the acronym and the next word's beginning (`InvalidJWTK`), and a `:` may end
/// the value where a cut took the second of `::`.
pub(super) fn is_type_name(value: &[u8]) -> bool {
    // The second `:` of a `::` that a cut took.
    let (path, cut_path) = match value.strip_suffix(b":") {
        Some(path) if !path.ends_with(b":") => (path, true),
        _ => (value, false),
    };
    let mut namespaced = cut_path;
    let mut previous: Option<&[u8]> = None;
    let (mut start, mut at) = (0, 0);
    loop {
        let separator_len = match path.get(at) {
            None => 0,
            Some(b'.') => 1,
            Some(b':') if path.get(at + 1) == Some(&b':') && path.get(at + 2) != Some(&b':') => 2,
            // A `:` alone, or three.
            Some(b':') => return false,
            Some(_) => {
                at += 1;
                continue;
            }
        };
        if let Some(before) = previous.replace(&path[start..at])
            && !(is_namespace(before, false) || hump_count(before, false).is_some())
        {
            return false;
        }
        if separator_len == 0 {
            break;
        }
        namespaced = true;
        at += separator_len;
        start = at;
    }
    let last = previous.unwrap_or_default();
    match hump_count(last, !cut_path) {
        Some(humps) => namespaced || humps >= 2,
        None => namespaced && (last.is_empty() || is_namespace(last, !cut_path)),
    }
}

/// A namespace in lowercase that modules and packages go by (`std`, `io`, `java`,
/// `jsonwebtoken`); the last segment, which a cut may have shortened, may be the
/// beginning of one.
fn is_namespace(segment: &[u8], may_be_cut: bool) -> bool {
    !segment.is_empty()
        && segment.iter().all(u8::is_ascii_lowercase)
        && NAMESPACES
            .iter()
            .any(|word| is_word(segment, word, may_be_cut))
}

/// Whether `part` is `word` (lowercase), or its beginning when `may_be_cut`,
/// ignoring ASCII case.
fn is_word(part: &[u8], word: &[u8], may_be_cut: bool) -> bool {
    if may_be_cut {
        part.len() <= word.len() && part.eq_ignore_ascii_case(&word[..part.len()])
    } else {
        part.eq_ignore_ascii_case(word)
    }
}

/// The namespaces of error types that messages print (see [`is_namespace`]).
#[rustfmt::skip]
const NAMESPACES: &[&[u8]] = &[
    b"alloc", b"anyhow", b"api", b"aws", b"botocore", b"core", b"crypto", b"diesel",
    b"error", b"errors", b"exceptions", b"fmt", b"fs", b"google", b"grpc", b"http",
    b"hyper", b"io", b"java", b"javax", b"json", b"jsonwebtoken", b"jwt", b"keyring",
    b"lang", b"net", b"num", b"oauth", b"os", b"reqwest", b"requests", b"result",
    b"rustls", b"serde", b"sqlx", b"std", b"sync", b"tls", b"tokio", b"tonic", b"url",
    b"urllib", b"util",
];

/// The words a type's name is made of (see [`is_type_name`]), lowercase.
#[rustfmt::skip]
const TYPE_NAME_WORDS: &[&[u8]] = &[
    b"access", b"addr", b"algorithm", b"already", b"argument", b"audience", b"auth",
    b"authentication", b"bad", b"base", b"block", b"bounds", b"broken", b"byte",
    b"cert", b"certificate", b"claim", b"claims", b"client", b"closed", b"code",
    b"connection", b"credentials", b"crypto", b"decode", b"decoding", b"denied",
    b"empty", b"encode", b"encoding", b"end", b"eof", b"err", b"error", b"exception",
    b"exist", b"exists", b"expected", b"expired", b"expiry", b"failed", b"failure",
    b"file", b"format", b"found", b"handshake", b"header", b"http", b"illegal",
    b"implemented", b"in", b"index", b"input", b"internal", b"interrupted",
    b"invalid", b"io", b"issuer", b"json", b"jwk", b"jwt", b"key", b"kind", b"length",
    b"malformed", b"mismatch", b"missing", b"name", b"network", b"no", b"not", b"null",
    b"operation", b"out", b"output", b"parse", b"path", b"payload", b"permission",
    b"pointer", b"present", b"provider", b"refused", b"request", b"reset",
    b"response", b"runtime", b"server", b"signature", b"state", b"status", b"syntax",
    b"timeout", b"tls", b"token", b"type", b"unauthorized", b"unavailable",
    b"unexpected", b"unimplemented", b"unknown", b"unsupported", b"url", b"utf",
    b"value", b"verification", b"web",
];

/// How many humps `segment` has when every one is a word of [`TYPE_NAME_WORDS`]
/// (the last one, when `last_may_be_cut`, the beginning of one), and it starts with
/// a capital; `None` otherwise. A hump starts at a capital after a lowercase letter,
/// and at the last capital of a run before a lowercase letter (`IOError` is `IO` and
/// `Error`).
fn hump_count(segment: &[u8], last_may_be_cut: bool) -> Option<usize> {
    if !segment.first().is_some_and(u8::is_ascii_uppercase)
        || !segment.iter().all(u8::is_ascii_alphabetic)
    {
        return None;
    }
    let starts_hump = |at: usize| {
        segment[at].is_ascii_uppercase()
            && (segment[at - 1].is_ascii_lowercase()
                || segment.get(at + 1).is_some_and(u8::is_ascii_lowercase))
    };
    let is_type_word = |hump: &[u8], may_be_cut: bool| {
        TYPE_NAME_WORDS
            .iter()
            .any(|word| is_word(hump, word, may_be_cut))
    };
    let mut hump_start = 0;
    let mut humps = 0;
    for at in (1..segment.len()).filter(|&at| starts_hump(at)) {
        if !is_type_word(&segment[hump_start..at], false) {
            return None;
        }
        humps += 1;
        hump_start = at;
    }
    let last = &segment[hump_start..];
    // A cut inside an acronym's run leaves its capitals and the next word's first
    // as one hump (`InvalidJWTK` of `InvalidJWTKey`).
    let cut_run = last_may_be_cut
        && last.iter().all(u8::is_ascii_uppercase)
        && (1..last.len())
            .any(|split| is_type_word(&last[..split], false) && is_type_word(&last[split..], true));
    (is_type_word(last, last_may_be_cut) || cut_run).then_some(humps + 1)
}

/// A word of a language written with letters outside ASCII (`обязательное`,
/// `ungültig`, `不能为空`): letters and bytes outside ASCII, no digit, and what
/// comes before its first byte outside ASCII is a word by `ascii_word` (or
/// nothing). Generated secrets are ASCII. Any prefix of one is one too, or a word
/// by `ascii_word`, as long as `ascii_word` holds every prefix of its words.
pub(super) fn is_word_in_another_script(value: &[u8], ascii_word: fn(&[u8]) -> bool) -> bool {
    let Some(first_outside) = value.iter().position(|byte| !byte.is_ascii()) else {
        return false;
    };
    let head = &value[..first_outside];
    (head.is_empty() || ascii_word(head))
        && value.iter().all(|&byte| {
            !byte.is_ascii() || byte.is_ascii_alphabetic() || matches!(byte, b'-' | b'_' | b'.')
        })
}

/// Words that follow a secret's name in prose, messages and type signatures rather
/// than a secret: `token: expired`, `password: required`, `api_key: missing`,
/// `token: String`, an error's cause (`db_password: permission denied`), a key's
/// kind (`private key: RSA 2048 bits`), the verbs of a step that failed (`signing key: open cosign.key:
/// no such file`), the names of authentication schemes (`Authorization: a
/// Bearer ...` names a scheme, not a credential), and the words of validation
/// errors' messages (`must be at least 8 characters`, `cannot be blank`).
/// Lowercase, sorted; compared ignoring ASCII case.
#[rustfmt::skip]
const WORDING: &[&str] = &[
    "a", "absent", "added", "address", "aes", "after", "already", "an", "and", "any",
    "are", "argument", "as", "at", "audience", "available", "bad", "basic", "be",
    "bearer", "before", "between", "blank", "bool", "boolean", "broken", "busy", "by",
    "bytes", "cached", "can", "can't", "canceled", "cancelled", "cannot", "certificate",
    "changed", "character", "characters", "check", "closed", "configured",
    "confirmation", "conflicts", "connect", "connection", "contact", "contain",
    "contains", "context", "corrupt", "could", "deadline", "decode", "decrypt",
    "default", "denied", "deprecated", "detected", "device", "dial", "did", "didn't",
    "digest", "digit", "digits", "directory", "disabled", "does", "doesn't", "don't",
    "dsa", "ecdsa", "empty", "enabled", "encrypted", "environment", "eof", "error",
    "exceeded", "exceeds", "exists", "expected", "expects", "expired", "expires",
    "failed", "false", "fetch", "field", "file", "flag", "for", "forbidden", "found",
    "from", "given", "grant", "has", "have", "header", "here", "hidden", "hmac", "if",
    "illegal", "in", "incorrect", "input", "instead", "insufficient", "int",
    "interrupted", "invalid", "is", "isn't", "it", "least", "length", "letter",
    "letters", "load", "loaded", "locked", "long", "longer", "lookup", "lowercase",
    "malformed", "masked", "match", "matches", "maximum", "may", "minimum", "mismatch",
    "missing", "must", "needed", "needs", "negotiate", "network", "nil", "no", "none",
    "not", "null", "number", "object", "of", "ok", "omitted", "on", "only", "open",
    "operation", "option", "optional", "or", "output", "overrides", "parameter",
    "parse", "pem", "pending", "permission", "pipe", "please", "present", "prompt",
    "property", "provided", "read", "redacted", "refused", "rejected", "required",
    "requires", "reset", "resource", "reuse", "revoked", "rotated", "rsa", "sealed",
    "see", "set", "short", "shorter", "should", "signature", "size", "special", "stale",
    "stdin", "str", "string", "structure", "symbol", "temporarily", "than", "that",
    "the", "this", "timed", "timeout", "to", "token", "too", "true", "unable",
    "unauthorized", "unavailable", "unbound", "undefined", "unexpected", "unknown",
    "unreachable", "unrecognized", "unset", "unsupported", "uppercase", "used", "valid",
    "value", "variable", "verification", "verify", "via", "was", "weak", "when", "will",
    "with", "without", "would", "wrong", "yes",
];

/// Wording rather than a credential, where a word alone can be either (the value
/// of `client_secret:` in YAML, a header's credential): segments joined by `_`, `-`,
/// `.` or `/`, each the beginning of a word of [`WORDING`] or a capitalised word (a
/// type name: `Vec`, `Arc`, `Secret`). `expired`, `Required`, `invalid_grant`,
/// `input/output` (an error's cause: `open /run/secrets/db_password: input/output
/// error`) and `String` are wording; `letmein`, `abcdefghij` and `ABCDEFGHIJ` are
/// not.
///
/// Any prefix of wording is wording, so a value cut short (by the window, or by an
/// earlier redaction) is never judged a credential when the whole value was not.
pub(super) fn is_wording(value: &[u8]) -> bool {
    if value.is_empty() {
        return false;
    }
    // Words a `/` joins are lowercase (`input/output`, `i/o`): a password may be two
    // names so joined (`Summer/Winter`).
    let slashed = value.contains(&b'/');
    // Segment by segment: most values are turned away on their first.
    let mut rest = value;
    loop {
        let end = rest
            .iter()
            .position(|&byte| matches!(byte, b'_' | b'-' | b'.' | b'/'))
            .unwrap_or(rest.len());
        let segment = &rest[..end];
        let lowercase = segment.iter().all(u8::is_ascii_lowercase);
        if !((is_capitalised(segment) && !slashed)
            || (begins_wording(segment) && (lowercase || !slashed)))
        {
            return false;
        }
        match rest.get(end) {
            None => return true,
            // Words a `/` joins are words each (`//` is none); a cut may leave the
            // last empty.
            Some(b'/') if segment.is_empty() => return false,
            Some(_) => rest = &rest[end + 1..],
        }
    }
}

/// A validation error's message that a form or an API gives for a secret field
/// (`{"password": "cannot be blank"}`, `{'password': 'This field is required.'}`,
/// `"size must be between 8 and 64"`, Rails' `can't be blank`): a word of
/// [`WORDING`] first, then such words and short numbers one space apart, with a
/// sentence's punctuation. Any beginning of one is one too: its last word may be
/// the beginning of one, cut by the window. A passphrase's words are others
/// (`correct horse battery staple`), and so are a PIN's (`no 48213377`).
pub(super) fn is_validation_message(value: &[u8]) -> bool {
    let words = value.split(|&byte| byte == b' ');
    let last = words.clone().count() - 1;
    // A message starts with a word (a cut one's too): `16 bytes` may be a PIN's.
    value.first().is_some_and(u8::is_ascii_alphabetic)
        && words.enumerate().all(|(index, word)| {
            let cut = index == last;
            // Words go one space apart; a cut may leave the last one empty.
            if word.is_empty() {
                return cut;
            }
            let word = word.strip_prefix(b"(").unwrap_or(word);
            let word = [b'.', b',', b')']
                .iter()
                .find_map(|&mark| word.strip_suffix(&[mark]))
                .unwrap_or(word);
            // A count (`between 8 and 128`), not a PIN's digits.
            if word.iter().all(u8::is_ascii_digit) {
                return word.len() <= MAX_MESSAGE_NUMBER;
            }
            let parts = word.split(|&byte| matches!(byte, b'_' | b'-' | b'.'));
            let last_part = parts.clone().count() - 1;
            parts.enumerate().all(|(at, part)| {
                // Only the last word may be a word's beginning, cut by the window,
                // and its last part empty, cut after a `-`.
                let cut = cut && at == last_part;
                if part.is_empty() {
                    return cut;
                }
                if cut {
                    begins_message_word(part)
                } else {
                    is_message_word(part)
                }
            })
        })
}

/// The most digits of a number in a validation error's message.
const MAX_MESSAGE_NUMBER: usize = 3;

/// Words packed one number each, with the first byte highest and zeros after the
/// last: the numbers are in the words' order, and a segment packed the same way
/// begins a word when the word's leading bytes equal it.
struct PackedWords<const N: usize>([u128; N]);

impl<const N: usize> PackedWords<N> {
    /// `words`, sorted and each once (lowercase, at most 16 bytes: a build with
    /// another fails).
    const fn of(words: &[&str]) -> Self {
        assert!(words.len() == N, "N counts the words");
        let mut packed = [0; N];
        let mut index = 0;
        while index < N {
            let word = words[index].as_bytes();
            assert!(word.len() <= 16, "a word is packed into 16 bytes");
            let mut at = 0;
            while at < word.len() {
                assert!(!word[at].is_ascii_uppercase(), "words are lowercase");
                packed[index] |= (word[at] as u128) << (8 * (15 - at));
                at += 1;
            }
            assert!(
                index == 0 || packed[index - 1] < packed[index],
                "the words are sorted, each once"
            );
            index += 1;
        }
        Self(packed)
    }

    /// Whether `segment` is the beginning of one of the words, ignoring ASCII case.
    fn begun_by(&self, segment: &[u8]) -> bool {
        let Some(packed) = packed_word(segment) else {
            return false;
        };
        // The words are sorted: the first one not before the segment begins with
        // it, if any word does.
        let first_not_before = self.0.partition_point(|&word| word < packed);
        let leading = !u128::MAX.checked_shr(8 * segment.len() as u32).unwrap_or(0);
        self.0
            .get(first_not_before)
            .is_some_and(|&word| word & leading == packed)
    }

    /// Whether `segment` is one of the words, ignoring ASCII case.
    fn contains(&self, segment: &[u8]) -> bool {
        !segment.is_empty()
            && packed_word(segment).is_some_and(|packed| self.0.binary_search(&packed).is_ok())
    }
}

/// [`WORDING`] packed.
static PACKED_WORDING: PackedWords<{ WORDING.len() }> = PackedWords::of(WORDING);

/// Words that a validation error's message holds besides [`WORDING`]'s: counts in
/// words and a password policy's words (`must contain at least one digit`). Not
/// the field's name: a message cut short to it (`Password`) reads as a weak
/// password does (`password`, `secret`), which goes.
const MESSAGE_WORDS: &[&str] = &[
    "account",
    "allowed",
    "alphanumeric",
    "been",
    "choose",
    "common",
    "complex",
    "complexity",
    "confirm",
    "confirmed",
    "current",
    "different",
    "eight",
    "enter",
    "entered",
    "five",
    "four",
    "include",
    "includes",
    "including",
    "meet",
    "most",
    "new",
    "non",
    "numeric",
    "old",
    "one",
    "policy",
    "previous",
    "recently",
    "require",
    "requirement",
    "requirements",
    "requires",
    "reused",
    "same",
    "seven",
    "six",
    "spaces",
    "strength",
    "strong",
    "ten",
    "three",
    "two",
    "user",
    "username",
    "we",
    "you",
    "your",
];

/// [`MESSAGE_WORDS`] packed.
static PACKED_MESSAGE_WORDS: PackedWords<{ MESSAGE_WORDS.len() }> = PackedWords::of(MESSAGE_WORDS);

/// Whether `segment` is the beginning of a word of [`WORDING`], ignoring ASCII case.
fn begins_wording(segment: &[u8]) -> bool {
    PACKED_WORDING.begun_by(segment)
}

/// Whether `segment` is a word of [`WORDING`], ignoring ASCII case.
fn is_wording_word(segment: &[u8]) -> bool {
    PACKED_WORDING.contains(segment)
}

/// Whether `segment` is a word of a validation error's message (see
/// [`MESSAGE_WORDS`]), ignoring ASCII case.
fn is_message_word(segment: &[u8]) -> bool {
    is_wording_word(segment) || PACKED_MESSAGE_WORDS.contains(segment)
}

/// Whether `segment` begins a word of a validation error's message.
fn begins_message_word(segment: &[u8]) -> bool {
    begins_wording(segment) || PACKED_MESSAGE_WORDS.begun_by(segment)
}

/// `segment` in lowercase packed as [`PackedWords`]' words are, when it may begin
/// one: no longer than the longest a word may be, and no NUL (which would read as
/// the padding after a shorter word).
fn packed_word(segment: &[u8]) -> Option<u128> {
    if segment.len() > 16 || segment.contains(&0) {
        return None;
    }
    Some(segment.iter().enumerate().fold(0, |packed, (at, &byte)| {
        packed | u128::from(byte.to_ascii_lowercase()) << (8 * (15 - at))
    }))
}

/// One capital, then lowercase letters only (any prefix of one is one too).
fn is_capitalised(segment: &[u8]) -> bool {
    segment.split_first().is_some_and(|(first, rest)| {
        first.is_ascii_uppercase() && rest.iter().all(u8::is_ascii_lowercase)
    })
}

/// The longest escape sequence [`is_escape_sequence`] reads (`\u{10ffff}`,
/// `\U0001F600`).
pub(super) const LONGEST_ESCAPE_SEQUENCE: usize = 10;

/// Whether `value` is one character's escape sequence (`\u{201c}`, `\u00a0`,
/// `\xff`, `\U0001F600`), or a beginning of one, so that a value cut short reads
/// the same: an error message naming a character, not a secret.
pub(super) fn is_escape_sequence(value: &[u8]) -> bool {
    let hex = |digits: &[u8], most: usize| {
        digits.len() <= most && digits.iter().all(u8::is_ascii_hexdigit)
    };
    match value {
        [b'\\'] => true,
        [b'\\', b'x', digits @ ..] => hex(digits, 2),
        [b'\\', b'U', digits @ ..] => hex(digits, 8),
        [b'\\', b'u', b'{', braced @ ..] => match braced.split_last() {
            Some((b'}', digits)) => !digits.is_empty() && hex(digits, 6),
            _ => hex(braced, 6),
        },
        [b'\\', b'u', digits @ ..] => hex(digits, 4),
        _ => false,
    }
}

/// Values that say a secret is absent (`token=None`, `password=null`), what state
/// it is in (`token=expired`, `password=required`, `api_key=missing`), and flags
/// (`auth=true`): they stay after a tight `=` too. So does every beginning of one,
/// so that a value cut short is never redacted when the whole was kept.
pub(super) fn is_absent_value(value: &[u8]) -> bool {
    // By their first letter: most values are turned away on it.
    let words: &[&[u8]] = match value.first().map(u8::to_ascii_lowercase) {
        Some(b'n') => &[b"nan", b"nil", b"none", b"not set", b"null"],
        Some(b'u') => &[b"undefined", b"unset"],
        Some(b'e') => &[b"empty", b"expired"],
        Some(b't') => &[b"true"],
        Some(b'f') => &[b"false"],
        Some(b'i') => &[b"invalid"],
        Some(b'm') => &[b"missing", b"masked"],
        Some(b'r') => &[b"required", b"revoked", b"redacted"],
        Some(b'h') => &[b"hidden"],
        _ => return false,
    };
    words
        .iter()
        .any(|word| word.len() >= value.len() && word[..value.len()].eq_ignore_ascii_case(value))
}

/// A reference to where a secret is kept, not the secret: a shell or template
/// expansion (`${API_KEY}`, `$(gh auth token)`, `${{ secrets.TOKEN }}`, `{{
/// .Values.token }}`), an environment variable in capitals (`$DB_PASSWORD`,
/// Windows' `%DB_PASSWORD%`), a program's lookup of one
/// (`os.getenv("DB_PASSWORD")`, `System.getenv(...)`, `ENV.fetch(...)`), a YAML
/// tag that names where the value comes from (CloudFormation's `!Ref DbPassword`,
/// Ansible's `!vault |`, Home Assistant's `!secret db_password`), a file's path
/// from the home or the working directory (`~/.ssh/id_ed25519`), a keychain's item
/// (`@keychain:AC_PASSWORD`), a file it is read from (`token=@/run/secrets/vault`,
/// as curl and Vault read `@` and a path), a statement's parameter in Python's
/// database API (`%s`), or a mask that hides it
/// (`********`, `****************tg8N` with the last letters that tell which key
/// it was, Rails' `[FILTERED]`, `<redacted>`, an ellipsis). Any beginning of one
/// is one too, so that a value cut short reads the same.
pub(super) fn is_reference(value: &[u8]) -> bool {
    match value {
        [b'!', ..] => is_source_tag(value),
        [b'[' | b'<', ..] => is_mask(value),
        [b'%', b's'] => true,
        [b'%' | b'o' | b'S' | b'E' | b'p' | b'e' | b's' | b'g', ..] => is_environment_lookup(value),
        [b'y' | b'Y', ..] => is_template_value(value),
        [b'$'] | [b'{'] | [b'$' | b'{', b'{', ..] | [b'$', b'(', ..] => true,
        [b'{', ..] => is_format_field(value),
        // Apple's tools read a password from the keychain or the environment
        // (`altool -p @keychain:AC_PASSWORD`, `@env:APP_PASSWORD`).
        [b'@', b'/', ..] | [b'@', b'.' | b'~'] | [b'@', b'.' | b'~', b'/', ..] => {
            is_one_word(value)
        }
        [b'@', rest @ ..] => {
            KEYCHAIN_OR_ENVIRONMENT.iter().any(|source| {
                source.starts_with(rest)
                    || rest.strip_prefix(*source).is_some_and(|name| {
                        name.iter().all(|&byte| {
                            byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.')
                        })
                    })
            }) || is_statement_parameter(rest)
        }
        // PowerShell's environment (`$env:DB_PASSWORD`).
        [b'$', b'e', ..] => {
            POWERSHELL_ENVIRONMENT.starts_with(value)
                || value
                    .strip_prefix(POWERSHELL_ENVIRONMENT)
                    .is_some_and(|name| {
                        name.iter()
                            .all(|&byte| byte.is_ascii_alphanumeric() || byte == b'_')
                    })
        }
        // A file's path from the home or the working directory (`~/.ssh/id_ed25519`,
        // `./secrets/db.txt`), one word: a quoted value that goes on is more.
        [b'~' | b'.']
        | [b'~', b'/', ..]
        | [b'.', b'/', ..]
        | [b'.', b'.', b'/', ..]
        | [b'.', b'.'] => is_one_word(value),
        [b'*', ..] => is_star_mask(value),
        // An ellipsis, in dots or as one character (`api_key=...`, `token=…`).
        [b'.', b'.', b'.', ..] => value.iter().all(|&byte| byte == b'.'),
        [0xE2, ..] => value.chunks(3).all(|character| character == "…".as_bytes()),
        [b'$', first, rest @ ..] => {
            (first.is_ascii_uppercase() || *first == b'_')
                && rest
                    .iter()
                    .all(|&byte| byte.is_ascii_uppercase() || byte.is_ascii_digit() || byte == b'_')
        }
        _ => false,
    }
}

/// A statement's parameter after its `@`, as Entity Framework names it
/// (`@__token_0`, `@p0`): from `__` on, or `p` and digits, or a beginning of one.
/// (`@token` may be a password as well.)
fn is_statement_parameter(name: &[u8]) -> bool {
    let identifier = |bytes: &[u8]| {
        bytes
            .iter()
            .all(|&byte| byte.is_ascii_alphanumeric() || byte == b'_')
    };
    (b"__".starts_with(name) || (name.starts_with(b"__") && identifier(name)))
        || name
            .strip_prefix(b"p")
            .is_some_and(|number| number.iter().all(u8::is_ascii_digit))
}

/// A format string's replacement field (Python's `{api_key}`, `{token[:4]}...`,
/// `{self.token!r}`): a name in lowercase, `_` and `.` after the `{`, then indexes
/// in brackets, a conversion (`!r`, `!s`, `!a`) and a format after a `:`, up to its
/// `}`, and nothing but punctuation after it (`...`); or a beginning of one.
fn is_format_field(value: &[u8]) -> bool {
    let Some(field) = value.strip_prefix(b"{") else {
        return false;
    };
    let name_len = field
        .iter()
        .take_while(|&&byte| byte.is_ascii_lowercase() || matches!(byte, b'_' | b'.'))
        .count();
    if name_len == 0 {
        return field.is_empty();
    }
    let mut rest = &field[name_len..];
    // Indexes, each closed (`[:4]`, `[0]`).
    while let Some(index) = rest.strip_prefix(b"[") {
        match index.iter().position(|&byte| byte == b']') {
            Some(close) => rest = &index[close + 1..],
            None => return is_one_word(index),
        }
    }
    if let Some(conversion) = rest.strip_prefix(b"!") {
        match conversion {
            [] => return true,
            [b'r' | b's' | b'a', after @ ..] => rest = after,
            _ => return false,
        }
    }
    if let Some(format) = rest.strip_prefix(b":") {
        match format.iter().position(|&byte| byte == b'}') {
            Some(close) => rest = &format[close..],
            None => return is_one_word(format),
        }
    }
    match rest {
        [] => true,
        [b'}', after @ ..] => after.iter().all(|&byte| byte.is_ascii_punctuation()),
        _ => false,
    }
}

/// Whether `value` holds no blank: a path read as a reference is one word
/// (`"@/tmp/x hunter2"` holds a password after its path).
fn is_one_word(value: &[u8]) -> bool {
    !value.iter().any(u8::is_ascii_whitespace)
}

/// The most letters or digits a mask of stars leaves visible at its end.
const MAX_VISIBLE_AFTER_STARS: usize = 4;

/// The fewest stars before the letters a mask leaves visible.
const MIN_STARS_BEFORE_VISIBLE: usize = 4;

/// Stars (`********`), or at least [`MIN_STARS_BEFORE_VISIBLE`] of them and at
/// most [`MAX_VISIBLE_AFTER_STARS`] letters or digits after (`aws configure list`
/// prints `****************tg8N`).
fn is_star_mask(value: &[u8]) -> bool {
    let stars = value.iter().take_while(|&&byte| byte == b'*').count();
    let visible = &value[stars..];
    visible.is_empty()
        || (stars >= MIN_STARS_BEFORE_VISIBLE
            && visible.len() <= MAX_VISIBLE_AFTER_STARS
            && visible.iter().all(u8::is_ascii_alphanumeric))
}

/// A provider's prefix (see `providers`) before a mask, as services print a key
/// they will not show (Stripe's `sk_test_****...1234`) and as templates write one (`sk-...`, `sk-...wxyz`): the prefix says which key
/// it was, the rest is hidden. Any beginning of one is one too, a beginning of the
/// prefix alone included (`sk_te`), so that a value cut short reads as the whole.
/// Asked only after a phrase about a key (`Invalid API Key provided: `), where a
/// word without digits or capitals stays anyway.
pub(super) fn is_prefixed_mask(value: &[u8]) -> bool {
    let Some(&first) = value.first() else {
        return false;
    };
    super::tokens::formats_starting_with(first)
        .iter()
        .any(|format| {
            let prefix = format.prefix;
            // A prefix that ends as a word's part does (`sk_`, `gho_`, `sk-`), not one
            // that is the beginning of the key's own encoding (`LS0tLS1CRUdJTi...`).
            if !matches!(prefix.last(), Some(b'_' | b'-' | b'.')) {
                return false;
            }
            if value.len() <= prefix.len() {
                return prefix.starts_with(value);
            }
            value
                .strip_prefix(prefix)
                .is_some_and(|mask| is_star_mask(mask) || is_ellipsis_mask(mask))
        })
}

/// An ellipsis, perhaps with the last letters or digits of what it hides
/// (`...wxyz`), or a beginning of one.
fn is_ellipsis_mask(mask: &[u8]) -> bool {
    let dots = mask.iter().take_while(|&&byte| byte == b'.').count();
    let visible = &mask[dots..];
    (dots == mask.len() || dots >= 3)
        && visible.len() <= MAX_VISIBLE_AFTER_STARS
        && visible.iter().all(u8::is_ascii_alphanumeric)
}

/// The methods that read a value by its name: getters (`get`, `getProperty`,
/// `get_password`, Go's `GetString`), a request's form, query or header
/// (`FormValue`, `PostForm`, `Query`, `param`, `header`), a lookup (`fetch`,
/// `lookup`) and a prompt (`getpass`, `input`).
const LOOKUP_METHODS: [&[u8]; 13] = [
    b"get",
    b"Get",
    b"FormValue",
    b"PostForm",
    b"Query",
    b"param",
    b"Param",
    b"header",
    b"Header",
    b"fetch",
    b"lookup",
    b"Lookup",
    b"input",
];

/// The first segments of the Go packages whose paths prefix errors (see
/// [`is_package_path`]).
#[rustfmt::skip]
const PACKAGE_ROOTS: &[&[u8]] = &[
    b"cloud.google.com", b"crypto", b"encoding", b"github.com", b"go-jose",
    b"golang.org", b"google.golang.org", b"gopkg.in", b"k8s.io", b"net", b"oauth2",
    b"square",
];

/// Go packages with a digit in their names, whose errors start with the name
/// (`get token: x509: certificate signed by unknown authority`, `refresh token:
/// oauth2: ...`; see [`is_package_path`]).
#[rustfmt::skip]
const DIGIT_PACKAGES: &[&[u8]] = &[
    b"asn1", b"base32", b"base64", b"ed25519", b"http2", b"md5", b"oauth1", b"oauth2",
    b"pkcs12", b"pkcs8", b"sha1", b"sha256", b"sha512", b"utf16", b"utf8", b"x509",
];

/// Whether `segment` is a name of [`DIGIT_PACKAGES`] or the beginning of one.
fn begins_digit_package(segment: &[u8]) -> bool {
    DIGIT_PACKAGES
        .iter()
        .any(|name| is_word(segment, name, true))
}

/// A Go package's import path or name, as Go's errors are prefixed with
/// (`check password: crypto/bcrypt: hashedPassword is not ...`, `credentials:
/// oauth2/google: ...`, `token: x509: ...`): a name that is a plain word or one of
/// [`DIGIT_PACKAGES`], or a path from one of [`PACKAGE_ROOTS`] whose segments are.
/// A user and a password written `scott/tiger` are no path. Any beginning of one is
/// one too (the last segment may be cut short, or not begun).
pub(super) fn is_package_path(value: &[u8]) -> bool {
    let mut segments = value.split(|&byte| byte == b'/').peekable();
    let root = segments.next().unwrap_or_default();
    if segments.peek().is_some() && !PACKAGE_ROOTS.contains(&root) {
        return false;
    }
    if !(is_plain_word(root) || begins_digit_package(root)) {
        return false;
    }
    while let Some(segment) = segments.next() {
        let last = segments.peek().is_none();
        let word = is_plain_word(segment) || begins_digit_package(segment);
        if !(word || (last && segment.is_empty())) {
            return false;
        }
    }
    true
}

/// The generic types a Python annotation names (see [`is_type_annotation`]).
#[rustfmt::skip]
const GENERIC_TYPES: &[&[u8]] = &[
    b"Annotated", b"Callable", b"ClassVar", b"Dict", b"Final", b"FrozenSet",
    b"Iterable", b"List", b"Literal", b"Mapping", b"Optional", b"Sequence", b"Set",
    b"Tuple", b"Type", b"Union", b"dict", b"frozenset", b"list", b"set", b"tuple",
    b"type",
];

/// The types Pydantic holds secrets in, as a model's fields are annotated with
/// them (`api_key: SecretStr`).
const SECRET_TYPES: [&[u8]; 6] = [
    b"SecretBox",
    b"SecretBytes",
    b"SecretSlice",
    b"SecretStr",
    b"SecretString",
    b"SecretVec",
];

/// A Python type annotation after a field's name, as a traceback's source line or a
/// model's definition shows one (`password: Optional[str] = None`, `tokens:
/// list[str]`, `api_key: SecretStr`, and the `secrecy` crate's `SecretString` in a
/// Rust field): a generic type of [`GENERIC_TYPES`] and `[`,
/// then names that are plain words, type names or generic types, joined by
/// brackets, commas, `|` and `.` (up to the first blank); or one of
/// [`SECRET_TYPES`]. Any beginning of one is one too, or a plain word.
pub(super) fn is_type_annotation(value: &[u8]) -> bool {
    if is_number_type(value) {
        return true;
    }
    let Some(open) = value.iter().position(|&byte| byte == b'[') else {
        return !value.is_empty()
            && SECRET_TYPES
                .iter()
                .any(|name| value.len() <= name.len() && value == &name[..value.len()]);
    };
    GENERIC_TYPES.contains(&&value[..open])
        && value[open..]
            .split(|&byte| matches!(byte, b'[' | b']' | b',' | b'|' | b'.'))
            .all(|name| {
                name.is_empty()
                    || is_plain_word(name)
                    || is_type_name(name)
                    || GENERIC_TYPES.contains(&name)
                    || SECRET_TYPES
                        .iter()
                        .any(|secret_type| secret_type.starts_with(name))
            })
}

/// What a schema or a template shows where a value goes: Swagger's `string`, or the
/// key's own name in capitals (`{"password": "PASSWORD", "token": "TOKEN"}`); or a
/// beginning of one.
pub(super) fn is_example_value(value: &[u8], key: &[u8]) -> bool {
    const SCHEMA_EXAMPLE: &[u8] = b"string";
    !value.is_empty()
        && (SCHEMA_EXAMPLE.starts_with(value)
            || (value.len() <= key.len()
                && value.iter().zip(key).all(|(&byte, &letter)| {
                    byte.is_ascii_uppercase() && byte == letter.to_ascii_uppercase()
                })))
}

/// The modes of the Fetch API's `credentials` option, or a beginning of one.
pub(super) fn is_fetch_credentials_mode(value: &[u8]) -> bool {
    const MODES: [&[u8]; 3] = [b"include", b"same-origin", b"omit"];
    !value.is_empty() && MODES.iter().any(|mode| mode.starts_with(value))
}

/// The longest lexer's kind in capitals read as one (`LBRACE`): longer capitals
/// may be a key (a TOTP seed's base32).
const MAX_LEXER_KIND: usize = 8;

/// The longest piece of text a tokenizer's token holds, as this module reads one.
const MAX_TEXT_TOKEN: usize = 16;

/// A piece of text that a language model's tokenizer or a lexer makes a token of,
/// not a credential: short, a word or a number after a blank or a tokenizer's mark
/// for one (`" the"`, `ĠHello`, `▁the`), a lexer's kind in capitals (`LBRACE`), a
/// keyword of two letters (`fn`), or punctuation; or a beginning of one.
pub(super) fn is_text_token(value: &[u8]) -> bool {
    const MARKS: [&str; 3] = [" ", "\u{120}", "\u{2581}"];
    let marked = MARKS
        .iter()
        .find_map(|mark| value.strip_prefix(mark.as_bytes()));
    let word_or_number = |piece: &[u8]| {
        piece.iter().all(u8::is_ascii_alphabetic) || piece.iter().all(u8::is_ascii_digit)
    };
    value.len() <= MAX_TEXT_TOKEN
        && (marked.is_some_and(word_or_number)
            // A lexer's kind (`LBRACE`, `IDENT`) or a keyword (`fn`).
            || (value.len() <= MAX_LEXER_KIND && value.iter().all(u8::is_ascii_uppercase))
            || (value.len() <= 2 && value.iter().all(u8::is_ascii_lowercase))
            || !value.iter().any(|&byte| byte.is_ascii_alphanumeric() || byte == b' '))
}

/// The number types of Rust and Go, whose names hold digits.
const NUMBER_TYPES: [&[u8]; 22] = [
    b"u8", b"u16", b"u32", b"u64", b"u128", b"usize", b"i8", b"i16", b"i32", b"i64", b"i128",
    b"isize", b"f32", b"f64", b"int32", b"int64", b"uint8", b"uint16", b"uint32", b"uint64",
    b"float32", b"float64",
];

/// A number type after a field's name (rustc's `let password: u32 = 0;`, `pub
/// secret: [u8; 32]`, Go's `token int64`), or a beginning of one.
fn is_number_type(value: &[u8]) -> bool {
    let name = value.strip_prefix(b"[").unwrap_or(value);
    !name.is_empty() && NUMBER_TYPES.iter().any(|number| number.starts_with(name))
}

/// A member path whose last name reads a value by its name (`request.json.get`,
/// `props.getProperty`, `r.FormValue`): the call a traceback's source line makes,
/// not a value. The object is a plain word, the method a name that starts with one
/// of [`LOOKUP_METHODS`] or a beginning of one, so that every beginning of such a
/// path is one too, or a plain word.
pub(super) fn is_lookup_path(value: &[u8]) -> bool {
    let Some(dot) = value.iter().rposition(|&byte| byte == b'.') else {
        return false;
    };
    let (object, method) = (&value[..dot], &value[dot + 1..]);
    is_plain_word(object)
        && method
            .iter()
            .all(|&byte| byte.is_ascii_alphabetic() || byte == b'_')
        && LOOKUP_METHODS
            .iter()
            .any(|lookup| method.starts_with(lookup) || lookup.starts_with(method))
}

/// A statement's or a command's numbered parameter (SQL's and a shell's `$1`,
/// `$12`; JDBC's and SQLite's `?`, `?1`), or the `$` alone.
pub(super) fn is_parameter(value: &[u8]) -> bool {
    value
        .strip_prefix(b"$")
        .or_else(|| value.strip_prefix(b"?"))
        .is_some_and(|number| number.len() <= 2 && number.iter().all(u8::is_ascii_digit))
}

/// A format string's verb where a message's value will go (`fmt.Errorf("token: %w",
/// err)`, `%v`, `%q`, `%+v`, `%-8s`, `%.2f`): a `%`, a flag, a width or a
/// precision of two digits at most, and a letter. Every beginning of one is one
/// too.
pub(super) fn is_format_verb(value: &[u8]) -> bool {
    let Some(rest) = value.strip_prefix(b"%") else {
        return false;
    };
    let rest = match rest.first() {
        Some(b'+' | b'#' | b'-' | b' ' | b'0' | b'.') => &rest[1..],
        _ => rest,
    };
    let digits = rest.iter().take_while(|byte| byte.is_ascii_digit()).count();
    digits <= 2
        && match &rest[digits..] {
            [] => true,
            [letter] => letter.is_ascii_alphabetic(),
            _ => false,
        }
}

/// A variable in PHP's or Perl's way (`$password`, `$_POST`): a `$` and a plain
/// word, or the `$` alone.
pub(super) fn is_variable(value: &[u8]) -> bool {
    value
        .strip_prefix(b"$")
        .is_some_and(|name| name.is_empty() || is_plain_word(name))
}

/// Where Apple's tools read a password from, before its item's name.
const KEYCHAIN_OR_ENVIRONMENT: [&[u8]; 2] = [b"keychain:", b"env:"];

/// How PowerShell names an environment variable, before its name.
const POWERSHELL_ENVIRONMENT: &[u8] = b"$env:";

/// How programs read an environment variable, up to the variable's name.
const ENVIRONMENT_LOOKUPS: [&[u8]; 13] = [
    b"os.getenv(",
    b"os.environ",
    b"os.Getenv(",
    b"os.LookupEnv(",
    b"System.getenv(",
    b"ENV.fetch(",
    b"ENV[",
    b"process.env",
    b"Environment.GetEnvironmentVariable(",
    b"env::var(",
    b"std::env::var(",
    b"getenv(",
    b"env(",
];

/// A program's lookup of an environment variable (`os.getenv("DB_PASSWORD")`), or
/// a beginning of one; or Windows' `%DB_PASSWORD%`. Every lookup starts with one
/// of the bytes [`is_reference`] sends here.
fn is_environment_lookup(value: &[u8]) -> bool {
    if let Some(name) = value.strip_prefix(b"%") {
        let name = name.strip_suffix(b"%").unwrap_or(name);
        return name
            .iter()
            .all(|&byte| byte.is_ascii_uppercase() || byte.is_ascii_digit() || byte == b'_');
    }
    // Most values are turned away on their first byte.
    value.first().is_some_and(|&first| {
        ENVIRONMENT_LOOKUPS.iter().any(|lookup| {
            lookup[0] == first && (lookup.starts_with(value) || value.starts_with(lookup))
        })
    })
}

/// The YAML tags that name where a value comes from: CloudFormation's intrinsic
/// functions, Ansible's vault, Home Assistant's secrets file.
const SOURCE_TAGS: [&[u8]; 13] = [
    b"!Ref",
    b"!Sub",
    b"!GetAtt",
    b"!ImportValue",
    b"!FindInMap",
    b"!Join",
    b"!Select",
    b"!If",
    b"!Base64",
    b"!vault",
    b"!secret",
    b"!env_var",
    b"!include",
];

/// A source tag (`!Ref`), or a beginning of one; or a YAML type tag (`!!str`,
/// `!!binary`), which the value follows.
fn is_source_tag(value: &[u8]) -> bool {
    value.first() == Some(&b'!')
        && (SOURCE_TAGS.iter().any(|tag| tag.starts_with(value))
            || value
                .strip_prefix(b"!!")
                .is_some_and(|tag| tag.iter().all(u8::is_ascii_alphabetic)))
}

/// A mask that stands for a hidden value: a filter's word in brackets (Rails'
/// `[FILTERED]`, `[MASKED]`), or words in angle brackets (`<redacted>`,
/// `<your-password>`); a beginning of one.
fn is_mask(value: &[u8]) -> bool {
    match value {
        [b'[', word @ ..] => {
            let word = word.strip_suffix(b"]").unwrap_or(word);
            word.iter().all(u8::is_ascii_uppercase)
        }
        _ => is_placeholder(value),
    }
}

/// What a template puts where the reader's own value goes (`YOUR_TOKEN_HERE`,
/// `your-api-key`), or a beginning of it.
fn is_template_value(value: &[u8]) -> bool {
    const YOUR: &[u8] = b"your";
    let stem = &value[..value.len().min(YOUR.len())];
    stem.eq_ignore_ascii_case(&YOUR[..stem.len()])
        && value
            .get(YOUR.len())
            .is_none_or(|&separator| matches!(separator, b'_' | b'-'))
        && value
            .iter()
            .all(|&byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-'))
}

/// A command line's placeholder for a value (`--token TOKEN`, `--password PASS]`):
/// capitals and `_`, perhaps with the `]` or `>` of a usage line; or words in angle
/// brackets (`-p'<your password>'`). Every beginning of one is one too, so that a
/// value cut short is never redacted when the whole was kept.
pub(super) fn is_placeholder(value: &[u8]) -> bool {
    let name = value
        .strip_suffix(b"]")
        .or_else(|| value.strip_suffix(b">"))
        .unwrap_or(value);
    if let Some(words) = name.strip_prefix(b"<") {
        return words
            .iter()
            .all(|&byte| byte.is_ascii_alphabetic() || matches!(byte, b' ' | b'_' | b'-'));
    }
    !name.is_empty()
        && name
            .iter()
            .all(|&byte| byte.is_ascii_uppercase() || matches!(byte, b'_' | b'-'))
        && name[0].is_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::{is_escape_sequence, is_plain_word, is_type_name, is_wording};

    #[test]
    fn type_names_and_every_beginning_of_one_are_told_from_secrets() {
        for name in [
            "InvalidToken",
            "ErrorKind::InvalidToken",
            "std::io::Error",
            "jsonwebtoken::errors::ErrorKind::ExpiredSignature",
            "java.lang.IllegalStateException",
            "os.ErrNotExist",
            "IOError",
            "JSONDecodeError",
            "JsonWebTokenError",
            "InvalidJWTKey",
            "BadIOError",
        ] {
            assert!(is_type_name(name.as_bytes()), "{name}");
            for end in 1..=name.len() {
                let beginning = &name.as_bytes()[..end];
                assert!(
                    is_type_name(beginning) || is_plain_word(beginning),
                    "{name} to {end}"
                );
            }
        }
        for secret in [
            "ChangeMe",
            "SuperSecret",
            "CorrectHorseBatteryStaple",
            "MasterKey",
            "Welcome::Home",
            "Trustno::One",
            "admin:WelcomeHome",
            "admin:secret",
            "AbCdEfGh",
            "XKCDPassword",
            "ABCDef",
            "Base64Error",
            "std:::io",
            "admin::root",
            "welcome::home",
            "x::y::z",
            "hunter::TokenKey",
            "null::null",
            "auth::web::ServerAccessKey",
            "a..b",
            "hunter2",
            "",
        ] {
            assert!(!is_type_name(secret.as_bytes()), "{secret}");
        }
    }

    #[test]
    fn an_escape_sequence_and_every_beginning_of_one_name_a_character() {
        for sequence in [r"\u{201c}", r"\u00a0", r"\xff", r"\U0001F600"] {
            for end in 1..=sequence.len() {
                assert!(
                    is_escape_sequence(&sequence.as_bytes()[..end]),
                    "{sequence} to {end}"
                );
            }
        }
        for value in [
            r"\u004bm2Zq8Lx3Wr7Nt5B",
            r"\xffA9sdf",
            r"\u{}",
            r"\n",
            "u00a0",
            "",
        ] {
            assert!(!is_escape_sequence(value.as_bytes()), "{value}");
        }
    }

    #[test]
    fn words_and_credentials_are_told_apart() {
        for word in [
            "expired",
            "Required",
            "EOF",
            "invalid_grant",
            "not-found",
            "-",
            "x.y",
            "settings.API_KEY",
            "session.refresh",
        ] {
            assert!(is_plain_word(word.as_bytes()), "{word}");
        }
        for credential in [
            "hunter2",
            "aB3x",
            "c2VjcmV0",
            "abcDef",
            "self.apiKey",
            "[REDACTED]",
            "p@ss",
            "",
        ] {
            assert!(!is_plain_word(credential.as_bytes()), "{credential}");
        }
    }

    #[test]
    fn references_and_every_beginning_of_one_stay() {
        for reference in [
            "os.getenv(\"DB_PASSWORD\")",
            "os.environ.get(\"DB_PASSWORD\", \"\")",
            "System.getenv(\"DB_PASSWORD\")",
            "ENV.fetch(\"DB_PASSWORD\")",
            "ENV['DB_PASSWORD']",
            "process.env.DB_PASSWORD",
            "Environment.GetEnvironmentVariable(\"DB_PASSWORD\")",
            "std::env::var(\"DB_PASSWORD\")",
            "env('DB_PASSWORD')",
            "%DB_PASSWORD%",
            "!Ref",
            "!vault",
            "!secret",
            "[FILTERED]",
            "<redacted>",
            "<your-password>",
            "$env:DB_PASSWORD",
            "YOUR_TOKEN_HERE",
            "your-api-key",
            "%s",
            "@/run/secrets/vault-token",
            "@./password.txt",
            "@~/.vault-token",
            "****************tg8N",
        ] {
            for end in 1..=reference.len() {
                let beginning = &reference.as_bytes()[..end];
                assert!(
                    super::is_reference(beginning),
                    "{}",
                    String::from_utf8_lossy(beginning)
                );
            }
        }
        for credential in [
            "Envelope123",
            "osXk9p2Lm",
            "Systemd2024!",
            "!Xk9p2Lm",
            "[abc]",
            "%Xk9p%",
            "environment1",
            "<p@ss>",
            "yourself1",
            "Yx9p2Lm",
            "your_key!",
            "$1abc",
            "$123456",
            "%sXk9p",
            "@Xk9p2Lm",
            "***abcd",
            "****abcde",
            "****ab-d",
            "@/tmp/x hunter2",
            "~/x s3cr3t",
        ] {
            assert!(!super::is_reference(credential.as_bytes()), "{credential}");
        }
        // Every lookup starts with a byte that `is_reference` sends to the lookups.
        for lookup in super::ENVIRONMENT_LOOKUPS {
            assert!(super::is_reference(&lookup[..1]), "{lookup:?}");
        }
    }

    #[test]
    fn lookup_paths_variables_and_every_beginning_of_one_are_code() {
        for code in [
            "request.json.get",
            "props.getProperty",
            "r.FormValue",
            "keyring.get_password",
            "c.Query",
            "$password",
            "$_POST",
        ] {
            for end in 1..=code.len() {
                let beginning = &code.as_bytes()[..end];
                assert!(
                    super::is_lookup_path(beginning)
                        || super::is_variable(beginning)
                        || is_plain_word(beginning),
                    "{}",
                    String::from_utf8_lossy(beginning)
                );
            }
        }
        for value in [
            "Xk9.getFoo",
            "abc.Xk9p",
            "myProps.getProperty",
            "$Xk9p",
            "pw.get-x",
            "summer.Get2024",
        ] {
            assert!(
                !super::is_lookup_path(value.as_bytes()) && !super::is_variable(value.as_bytes()),
                "{value}"
            );
        }
        for parameter in ["$", "$1", "$12"] {
            assert!(super::is_parameter(parameter.as_bytes()), "{parameter}");
        }
        assert!(!super::is_parameter(b"$123"));
    }

    #[test]
    fn the_wording_is_sorted_and_lowercase() {
        assert!(super::WORDING.is_sorted());
        // Letters, and a contraction's apostrophe (`can't`).
        assert!(super::WORDING.iter().all(|word| {
            word.bytes()
                .next()
                .is_some_and(|first| first.is_ascii_lowercase())
                && word
                    .bytes()
                    .all(|byte| byte.is_ascii_lowercase() || byte == b'\'')
        }));
    }

    #[test]
    fn the_packed_search_agrees_with_comparing_every_word() {
        let begins_some_word = |segment: &[u8]| {
            let lowered = segment.to_ascii_lowercase();
            super::WORDING
                .iter()
                .any(|word| word.as_bytes().starts_with(&lowered))
        };
        let letters = (b'a'..=b'z').chain([b'A', b'Z', b'0', b'_', 0, 0xC3]);
        let mut segments: Vec<Vec<u8>> = Vec::new();
        for first in letters.clone() {
            for second in letters.clone() {
                segments.push(vec![first, second]);
                segments.push(vec![first, second, b'e']);
            }
        }
        for word in super::WORDING {
            for len in 0..=word.len() {
                segments.push(word.as_bytes()[..len].to_vec());
                segments.push(word[..len].to_ascii_uppercase().into_bytes());
            }
            for extra in [b'a', b's', b'z', 0] {
                segments.push([word.as_bytes(), &[extra]].concat());
            }
        }
        for segment in segments {
            assert_eq!(
                super::begins_wording(&segment),
                begins_some_word(&segment),
                "{:?}",
                String::from_utf8_lossy(&segment)
            );
        }
    }

    #[test]
    fn wording_is_a_few_words_and_their_beginnings() {
        for wording in [
            "expired",
            "Required",
            "invalid_grant",
            "String",
            "not",
            "exp",
            "BEAR",
            "YES",
            "a",
            "",
        ] {
            assert_eq!(
                is_wording(wording.as_bytes()),
                !wording.is_empty(),
                "{wording}"
            );
        }
        for credential in [
            "letmein",
            "abcdefghij",
            "hunter",
            "ABCDEFGHIJKLMNOP",
            "expiredx",
            "zzz",
            "a_zzz",
            "BEARERS",
            "a\0",
            "zz",
        ] {
            assert!(!is_wording(credential.as_bytes()), "{credential}");
        }
    }
}
