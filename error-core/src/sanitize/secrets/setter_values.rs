//! Values that a configuration command sets after a secret-named setting and
//! spaces: `aws configure set aws_secret_access_key ...`, `git config --global
//! user.password ...`, `npm config set _authToken ...`, Dockerfile's older `ENV
//! DB_PASSWORD ...` (without `=`), Windows' `setx API_TOKEN ...`, csh's `setenv
//! API_TOKEN ...`. After spaces a secret's name is mostly prose (`the api_key
//! parameter is required`), so the line must run one of the [`SETTERS`], with only
//! flags between its words and the setting.
//!
//! A command's long flag whose name does not say that its value is secret is one
//! row of [`COMMAND_FLAGS`] (`gh secret set API_TOKEN --body ...`, `az keyvault
//! secret set --value ...`, `aws secretsmanager create-secret --secret-string ...`,
//! `curl --oauth2-bearer ...`, `redis-cli --pass ...`, a Kubernetes secret's
//! `kubectl create secret generic db --from-literal=...`), spaced or after `=`. `aws ssm put-parameter
//! --value` is not one: whether the value is secret is said by its `--type`, often
//! after it.
//!
//! The scan finds the setting from a `_` before its last segment (`_key`,
//! `_token`, ...) or the `sw` of `password`, anchors it reads anyway, so only such
//! names are read: `github.token` and `npmAuthToken` are not.
//!
//! # Adding a command
//!
//! One row of [`SETTERS`] or of [`COMMAND_FLAGS`], and a line in the tests below.

use super::{anchor_scan, keys, named_pairs, names, prose_passwords, short_flags, values, wording};

/// How far a setting's value runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Extent {
    /// One word, or a quoted string.
    Word,
    /// The rest of the line (Dockerfile's `ENV NAME value with spaces`), unless
    /// quoted.
    Line,
}

/// The commands whose words are followed by a setting's name and its value, as a
/// line runs them (word by word), and how far the value runs.
const SETTERS: &[(&[&[u8]], Extent)] = &[
    (&[b"aws", b"configure", b"set"], Extent::Word),
    (&[b"git", b"config"], Extent::Word),
    (&[b"npm", b"config", b"set"], Extent::Word),
    (&[b"yarn", b"config", b"set"], Extent::Word),
    (&[b"pnpm", b"config", b"set"], Extent::Word),
    (&[b"pip", b"config", b"set"], Extent::Word),
    (&[b"poetry", b"config"], Extent::Word),
    (&[b"composer", b"config"], Extent::Word),
    (&[b"bundle", b"config"], Extent::Word),
    (&[b"bundle", b"config", b"set"], Extent::Word),
    (&[b"conda", b"config"], Extent::Word),
    (&[b"dotnet", b"user-secrets", b"set"], Extent::Word),
    (&[b"ENV"], Extent::Line),
    (&[b"setx"], Extent::Word),
    (&[b"setenv"], Extent::Word),
    (&[b"SETX"], Extent::Word),
];

/// The flags between a setter's words, or after them, that take an argument
/// (`aws configure set --profile prod ...`, `git -C repo config --file
/// ~/.gitconfig ...`).
const FLAGS_WITH_ARGUMENT: &[&[u8]] = &[
    b"--profile",
    b"--file",
    b"-f",
    b"--blob",
    b"--project",
    b"--id",
    // Git's: the repository to run in, a setting for this run.
    b"-C",
    b"-c",
];

/// Whether the `_` at `underscore` may start the last segment of a secret name
/// (`_key`, `_token`, `_secret`, `_password`, `_pwd`, `_auth`, `_credentials`,
/// `_cookie`, `_signature`, Vault's `secret_id`, WordPress's `_SALT`): the rule
/// reads only names with such a `_` or the `sw` of `password`, and most `_`s are
/// turned away on the two bytes after them.
#[inline]
pub(super) fn may_start_secret_segment(text: &[u8], underscore: usize) -> bool {
    text.get(underscore + 1..underscore + 3)
        .is_some_and(|pair| starts_secret_segment(pair[0], pair[1]))
}

/// Whether `first` and `second` start the last segment of a secret name, in
/// either case.
const fn starts_secret_segment(first: u8, second: u8) -> bool {
    matches!(
        [first | 0x20, second | 0x20],
        [b'k', b'e']
            | [b't', b'o']
            | [b's', b'e' | b'i' | b'a']
            | [b'p', b'a' | b'w']
            | [b'a', b'u']
            | [b'c', b'r' | b'o']
            | [b'i', b'd']
    )
}

/// The long flags whose value one command keeps secret though their name does not
/// say so: the command's words as a line runs them, and the flag's name.
const COMMAND_FLAGS: &[(&[u8], &[u8])] = &[
    (b"gh secret set", b"body"),
    (b"az keyvault secret set", b"value"),
    (b"aws secretsmanager create-secret", b"secret-string"),
    (b"aws secretsmanager put-secret-value", b"secret-string"),
    (b"aws secretsmanager update-secret", b"secret-string"),
    (b"curl", b"oauth2-bearer"),
    (b"redis-cli", b"pass"),
    // A Kubernetes secret's pairs, `kubectl` or OpenShift's `oc` with any flags
    // before (`kubectl -n prod create secret generic db --from-literal=...`); a
    // ConfigMap's are no secret.
    (b"create secret", b"from-literal"),
];

/// Whether `value` names a file that the AWS CLI reads the value from
/// (`file://creds.json`, `fileb://key.bin`), or is a beginning of such a name, so
/// that a value cut short reads the same.
pub(super) fn is_file_argument(value: &[u8]) -> bool {
    [b"file://".as_slice(), b"fileb://"]
        .iter()
        .any(|scheme| value.starts_with(scheme) || (!value.is_empty() && scheme.starts_with(value)))
}

/// The flag of [`COMMAND_FLAGS`] whose value is a pair (`key=value`), of which the
/// value alone is judged.
const PAIR_FLAG: &[u8] = b"from-literal";

/// The end of the value of the flag of [`COMMAND_FLAGS`] named `name`, read from
/// `at` to `end`, when it is a secret: a Kubernetes secret's pair taken through
/// its value's quotes ([`through_quoted_pair_value`]), and no value
/// [`is_kept_value`] keeps.
pub(super) fn command_flag_secret_end(
    name: &[u8],
    text: &[u8],
    at: usize,
    end: usize,
) -> Option<usize> {
    let end = through_quoted_pair_value(name, text, at, end);
    (!is_kept_value(name, &text[at..end])).then_some(end)
}

/// Whether the value of the flag of [`COMMAND_FLAGS`] named `name` is no secret:
/// none, a reference (`--body "$API_TOKEN"`) or a file the value is read from
/// (`--secret-string file://creds.json`). A Kubernetes secret's pair is judged on
/// its own value, and a usage line's placeholders stay too (`--from-literal=KEY=VALUE`,
/// `--from-literal=token=$TOKEN`). Every beginning of a kept value is kept too, so
/// that a value cut short never goes when the whole stayed.
fn is_kept_value(name: &[u8], value: &[u8]) -> bool {
    let judged = if name == PAIR_FLAG {
        let Some(separator) = value.iter().position(|&byte| byte == b'=') else {
            // A pair cut before its `=`.
            return true;
        };
        let (key, pair_value) = (&value[..separator], &value[separator + 1..]);
        // A value quoted apart from its key is judged inside its quotes.
        let pair_value = values::quoted_string_at(pair_value, 0)
            .map_or(pair_value, |quoted| &pair_value[quoted.content]);
        if wording::is_placeholder(key) && wording::is_placeholder(pair_value) {
            return true;
        }
        pair_value
    } else {
        value
    };
    judged.is_empty() || wording::is_reference(judged) || is_file_argument(judged)
}

/// `end`, or further: the end of a Kubernetes secret's pair whose value is quoted
/// apart from its key (`--from-literal=password='S!B*d$zDsb='`, as Kubernetes' own
/// documentation writes it), where the value read up to `end` is the key and its
/// `=`.
fn through_quoted_pair_value(name: &[u8], text: &[u8], at: usize, end: usize) -> usize {
    if name != PAIR_FLAG || !text[at..end].ends_with(b"=") {
        return end;
    }
    values::quoted_string_at(text, end).map_or(end, |quoted| quoted.end)
}

/// Whether `name` is the name of a flag of [`COMMAND_FLAGS`].
pub(super) fn is_command_flag_name(name: &[u8]) -> bool {
    COMMAND_FLAGS.iter().any(|&(_, flag)| flag == name)
}

/// Whether `flag` ends with the name of a flag of [`COMMAND_FLAGS`]: the cheap test
/// before the flag is read.
pub(super) fn may_end_command_flag(flag: &[u8]) -> bool {
    ends_with_last_letter(flag) && COMMAND_FLAGS.iter().any(|&(_, name)| flag.ends_with(name))
}

/// Whether `flag` ends with the last letter of a flag of [`COMMAND_FLAGS`]: most
/// keys are turned away on it.
#[inline]
pub(super) fn ends_with_last_letter(flag: &[u8]) -> bool {
    const LAST_LETTERS: [bool; 256] = {
        let mut last = [false; 256];
        let mut index = 0;
        while index < COMMAND_FLAGS.len() {
            let name = COMMAND_FLAGS[index].1;
            last[name[name.len() - 1] as usize] = true;
            index += 1;
        }
        last
    };
    flag.last()
        .is_some_and(|&byte| LAST_LETTERS[usize::from(byte)])
}

/// Hands `push` where the value after the `=` at `separator` would start when a
/// flag of [`COMMAND_FLAGS`] ends before it (`--body=...`), and inside its quote.
/// Out of line: few separators follow such a name.
#[inline(never)]
pub(super) fn push_tight_value_start(text: &[u8], separator: usize, push: &mut impl FnMut(usize)) {
    if !may_end_command_flag(&text[..separator]) {
        return;
    }
    push(separator + 1);
    if let Some((_, quote)) = values::quote_at(text, separator + 1) {
        push(separator + 1 + quote.len());
    }
}

/// What a command's flag says of its value.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum FlagValue {
    /// The command keeps the value secret (see [`COMMAND_FLAGS`]).
    Secret,
    /// The value names where a secret is kept (see [`NAMING_FLAGS`]).
    NamesSecret,
}

/// Commands whose long flag has a secret's name but names where a secret is kept
/// (Google Cloud's `gcloud secrets versions access latest --secret=db-password`).
const NAMING_FLAGS: &[(&[u8], &[u8])] = &[(b"gcloud", b"secret")];

/// Whether a key named `name` may be a flag of [`NAMING_FLAGS`] (`--secret`): the
/// cheap test on its last letters before the flag is read.
pub(super) fn may_be_naming_flag(name: &[u8]) -> bool {
    NAMING_FLAGS.iter().any(|&(_, flag)| {
        name.len() >= flag.len() && name[name.len() - flag.len()..].eq_ignore_ascii_case(flag)
    })
}

/// Whether `flag`, a long flag named `name` that the start of `emitted` (the
/// output that ends where the text is at `at`) ends with, is one whose value the
/// command that the line before it runs says is `kind` (`gh secret set API_TOKEN
/// --body ...` keeps it secret, `gcloud ... --secret=...` names a secret).
pub(super) fn command_flag_value_is(
    kind: FlagValue,
    emitted: &[u8],
    flag: &[u8],
    name: &[u8],
    text: &[u8],
    at: usize,
) -> bool {
    let table = match kind {
        FlagValue::Secret => COMMAND_FLAGS,
        FlagValue::NamesSecret => NAMING_FLAGS,
    };
    // Most flags are turned away on their name.
    if !table.iter().any(|&(_, wanted)| wanted == name) {
        return false;
    }
    let before_flag = &flag[..flag.len() - name.len()];
    match kind {
        FlagValue::Secret => runs_with_flag(table, emitted, before_flag, name, text, at),
        // What is kept is judged on the output alone, which the next pass reads: a
        // redaction may have taken the command's name (`token=gcloud --secret ...`).
        FlagValue::NamesSecret => table
            .iter()
            .any(|&(command, wanted)| wanted == name && line_runs(before_flag, command)),
    }
}

/// Whether the line that `before` (the output) ends runs `command` (`gcloud`).
pub(super) fn line_runs(before: &[u8], command: &[u8]) -> bool {
    [true, false]
        .into_iter()
        .any(|after_quotes| runs_words(short_flags::command_line(before, after_quotes), command))
}

/// Whether the line before a flag named `name` runs a command that `table` pairs
/// with that flag, in the text or in the output.
fn runs_with_flag(
    table: &[(&[u8], &[u8])],
    emitted: &[u8],
    before_flag: &[u8],
    name: &[u8],
    text: &[u8],
    at: usize,
) -> bool {
    let runs = |before_flag: &[u8]| {
        table.iter().any(|&(command, flag)| {
            flag == name
                && [true, false].into_iter().any(|after_quotes| {
                    runs_words(
                        short_flags::command_line(before_flag, after_quotes),
                        command,
                    )
                })
        })
    };
    let before_flag_in_text = &text[..at - (emitted.len() - before_flag.len())];
    let output_is_text = emitted.as_ptr() == text.as_ptr();
    runs(before_flag_in_text) || (!output_is_text && runs(before_flag))
}

/// Whether `command`'s words stand in `line` as words: after its start, a space,
/// a path's `/` or an assignment's `=`, and before a space.
fn runs_words(line: &[u8], command: &[u8]) -> bool {
    memchr::memmem::find_iter(line, command).any(|start| {
        line[..start]
            .last()
            .is_none_or(|&byte| matches!(byte, b' ' | b'\t' | b'/' | b'='))
            && line.get(start + command.len()) == Some(&b' ')
    })
}

/// Hands `push` where a value would start when the anchor at `anchor` (a `_` that
/// [`may_start_secret_segment`], or the `s` of `sw`) stands in a name that ends like
/// a secret name and that spaces follow, or a table's bar (see `prose_passwords`),
/// or a closing quote, a comma and another string (a call's arguments, see
/// `named_pairs`). Out of line: most anchors stand in no such name.
#[inline(never)]
pub(super) fn push_value_start(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    let limit = text.len().min(anchor + values::MAX_KEY_LEN);
    let mut name_end = anchor;
    while name_end < limit && values::is_key_byte(text[name_end]) {
        name_end += 1;
    }
    if !text.get(name_end).is_some_and(|&byte| {
        matches!(byte, b' ' | b'\t' | b'\'' | b'"') || prose_passwords::may_start_cell_bar(byte)
    }) || !names::has_secret_ending(values::trailing_key(&text[..name_end]))
    {
        return;
    }
    // A table's next cell (`| DB_PASSWORD | ... |`, `| api_key| ...`).
    prose_passwords::push_cell_after(text, name_end, push);
    if prose_passwords::may_start_cell_bar(text[name_end]) {
        return;
    }
    // A call's string argument that this one names (`define('DB_PASSWORD', '...')`).
    if matches!(text[name_end], b'\'' | b'"') {
        if let Some(value) = named_pairs::argument_value_start(text, name_end) {
            push(value);
        }
        return;
    }
    let value = name_end + values::spaces_at(text, name_end);
    push(value);
    if let Some((_, quote)) = values::quote_at(text, value) {
        push(value + quote.len());
    }
}

/// How far the value of `name` runs, when `name` is a secret-named setting of a
/// configuration command: the line that `before_name` ends runs one of the
/// [`SETTERS`], and only flags stand between its words and the name (perhaps in a
/// section: `dotnet user-secrets set Db:Password ...`). `before_name` is the start
/// of `emitted`, the output that ends where the text is at `at`.
pub(super) fn setting(
    emitted: &[u8],
    before_name: &[u8],
    name: &[u8],
    text: &[u8],
    at: usize,
) -> Option<Extent> {
    if !holds_anchor(name) || !names::is_secret_name(name) {
        return None;
    }
    // The command is read from the text and from the output, as a short flag's is
    // (see `short_flags::flag_of_command`).
    let before_name_in_text = &text[..at - (emitted.len() - before_name.len())];
    let output_is_text = emitted.as_ptr() == text.as_ptr();
    setter_before(before_name_in_text).or_else(|| {
        (!output_is_text)
            .then(|| setter_before(before_name))
            .flatten()
    })
}

/// `end`, or further: a redaction from `at` to `end` that swallowed a setting's
/// name (`Authorization: setx API_TOKEN ...`, the name taken as a credential)
/// takes its value along, since the rule no longer sees the name.
pub(super) fn through_swallowed_value(text: &[u8], at: usize, end: usize) -> usize {
    // The last letters first: most redactions end with none of a secret name's.
    if !names::has_secret_ending(&text[at..end]) {
        return end;
    }
    values::through_announced_value(text, at, end, keys::flag_value_end)
}

/// Whether the scan can find `name` from its anchors: a `_` that
/// [`may_start_secret_segment`], or the `sw` of `password` or `pswd` in either
/// case (see `anchor_scan::may_start_password_sw`).
pub(super) fn holds_anchor(name: &[u8]) -> bool {
    let secret_segment = name
        .windows(3)
        .any(|triple| triple[0] == b'_' && starts_secret_segment(triple[1], triple[2]));
    let password = name.windows(3).any(|triple| {
        anchor_scan::may_start_password_sw(triple[0])
            && triple[1] | 0x20 == b's'
            && triple[2] | 0x20 == b'w'
    });
    secret_segment || password
}

/// How far the value runs when the line that `before_name` ends runs a setter
/// whose words, and then only flags, stand right before the name.
fn setter_before(before_name: &[u8]) -> Option<Extent> {
    // The stretch of a command line read back (a flag's command is read as far):
    // the flags before a name are never read back through the whole text.
    let before_name = &before_name[before_name
        .len()
        .saturating_sub(short_flags::MAX_COMMAND_LINE)..];
    let before_name = without_section(before_name);
    // Most names have no setter's last word before them, on their line or not.
    let before = without_trailing_flags(before_name);
    if !SETTERS
        .iter()
        .any(|(words, _)| words.last().is_some_and(|last| before.ends_with(last)))
    {
        return None;
    }
    [true, false].into_iter().find_map(|after_quotes| {
        let line = short_flags::command_line(before_name, after_quotes);
        let before = without_trailing_flags(line);
        SETTERS.iter().find_map(|&(setter, extent)| {
            before_words(before, setter)
                .filter(|before_setter| {
                    before_setter
                        .last()
                        .is_none_or(|&byte| matches!(byte, b' ' | b'\t' | b'/' | b'='))
                })
                .map(|_| extent)
        })
    })
}

/// What stands before `words` at the end of `line` (which ends with no flag),
/// when they stand there with only blanks and flags between them (`git -C /repo
/// config`, `aws --profile prod configure set`).
fn before_words<'l>(line: &'l [u8], words: &[&[u8]]) -> Option<&'l [u8]> {
    let mut rest = line;
    let mut words = words.iter().rev().peekable();
    while let Some(word) = words.next() {
        rest = rest.strip_suffix(*word)?;
        if words.peek().is_some() {
            let before_blanks = rest.trim_ascii_end();
            if before_blanks.len() == rest.len() {
                return None;
            }
            rest = without_trailing_flags(before_blanks);
        }
    }
    Some(rest)
}

/// `before_name` without the sections that end it (`Db:` of `Db:Password`).
fn without_section(before_name: &[u8]) -> &[u8] {
    if !before_name.ends_with(b":") {
        return before_name;
    }
    let section_len = before_name
        .iter()
        .rev()
        .take(values::MAX_KEY_LEN)
        .take_while(|&&byte| values::is_key_byte(byte) || byte == b':')
        .count();
    &before_name[..before_name.len() - section_len]
}

/// `line` without its trailing spaces and the flags at its end: words that start
/// with `-` or (Windows') `/`, and the argument of one of [`FLAGS_WITH_ARGUMENT`].
fn without_trailing_flags(line: &[u8]) -> &[u8] {
    let last_word_start = |rest: &[u8]| {
        rest.iter()
            .rposition(|&byte| byte == b' ' || byte == b'\t')
            .map_or(0, |space| space + 1)
    };
    let mut rest = line.trim_ascii_end();
    loop {
        let word_start = last_word_start(rest);
        if matches!(rest.get(word_start), Some(b'-' | b'/')) {
            rest = rest[..word_start].trim_ascii_end();
            continue;
        }
        let before_word = rest[..word_start].trim_ascii_end();
        let flag = &before_word[last_word_start(before_word)..];
        if word_start == 0 || !FLAGS_WITH_ARGUMENT.contains(&flag) {
            return rest;
        }
        rest = before_word[..before_word.len() - flag.len()].trim_ascii_end();
    }
}

#[cfg(test)]
mod tests {
    use super::super::redact;

    #[test]
    fn a_secret_setting_of_a_configuration_command_goes() {
        for (text, expected) in [
            (
                "+ aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "+ aws configure set aws_secret_access_key [REDACTED]",
            ),
            (
                "+ aws configure set aws_session_token \"IQoJb3JpZ2luX2VjEJr//////////wEaCXVz\" --profile ci",
                "+ aws configure set aws_session_token \"[REDACTED]\" --profile ci",
            ),
            (
                "Step 5/9 : ENV DB_PASSWORD hunter2",
                "Step 5/9 : ENV DB_PASSWORD [REDACTED]",
            ),
            (
                "$ git config --global user.password Xk9pL2mQ7rT4",
                "$ git config --global user.password [REDACTED]",
            ),
            (
                "npm config set _authToken npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 && npm publish",
                "npm config set _authToken [REDACTED] && npm publish",
            ),
            (
                "C:\\> setx API_TOKEN 9f8e7d6c5b4a3928",
                "C:\\> setx API_TOKEN [REDACTED]",
            ),
            (
                "RUN bash -c \"yarn config set npm_auth_token abc123\"",
                "RUN bash -c \"yarn config set npm_auth_token [REDACTED]\"",
            ),
            // Dockerfile's older `ENV` takes the rest of the line.
            (
                "ENV DB_PASSWORD correct horse battery staple\nRUN make",
                "ENV DB_PASSWORD [REDACTED]\nRUN make",
            ),
            // Flags, and their arguments, between the command and the setting.
            (
                "+ aws configure set --profile prod aws_secret_access_key wJalrXUtnFEMIK7MDENG",
                "+ aws configure set --profile prod aws_secret_access_key [REDACTED]",
            ),
            (
                "+ git config --file /etc/gitconfig user.password Xk9pL2mQ7rT4",
                "+ git config --file /etc/gitconfig user.password [REDACTED]",
            ),
            (
                "% setenv AWS_SECRET_ACCESS_KEY Lq2Xk7Wz9Rm3Nt5B/Cd8Ef2Gh6Ij0Kl4Mn8Pq",
                "% setenv AWS_SECRET_ACCESS_KEY [REDACTED]",
            ),
            (
                "C:\\Users\\ci>cmd /c setx API_TOKEN 9f8e7d6c5b4a3928",
                "C:\\Users\\ci>cmd /c setx API_TOKEN [REDACTED]",
            ),
            (
                "C:\\> setx /M API_TOKEN 9f8e7d6c5b4a3928",
                "C:\\> setx /M API_TOKEN [REDACTED]",
            ),
            (
                "$ dotnet user-secrets set Db:Password Xk9pL2mQ7rT4",
                "$ dotnet user-secrets set Db:Password [REDACTED]",
            ),
            // Flags between the command's words, and blanks more than one.
            (
                "+ git -C /srv/app config user.password Xk9pL2mQ7rT4",
                "+ git -C /srv/app config user.password [REDACTED]",
            ),
            (
                "+ git -C app -c core.askPass= config user.password Xk9pL2mQ7rT4",
                "+ git -C app -c core.askPass= config user.password [REDACTED]",
            ),
            (
                "+ aws --profile prod configure  set aws_secret_access_key wJalrXUtnFEMIK7MDENG",
                "+ aws --profile prod configure  set aws_secret_access_key [REDACTED]",
            ),
            // In a JSON string quoted in a JSON string.
            (
                "{\"cmd\": \"git config user.password \\\\\\\"Xk9pL2mQ7rT4\\\\\\\"\"}",
                "{\"cmd\": \"git config user.password \\\\\\\"[REDACTED]\\\\\\\"\"}",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn prose_other_commands_and_non_secret_settings_stay() {
        for text in [
            "the api_key parameter is required",
            "+ aws configure set region eu-west-1",
            "+ aws configure set aws_access_key_id_file /etc/keys",
            "+ aws configure get aws_secret_access_key abc123",
            "Step 5/9 : ENV DB_PASSWORD_FILE /run/secrets/db",
            "Step 5/9 : ENV DB_PASSWORD $DB_PASSWORD",
            "$ git config --global user.password --unset",
            "$ git config --global credential.helper store",
            "setx API_TOKEN required by the tool",
            "echo DB_PASSWORD hunter2",
            "+ git -C config user.password abc123",
            "+ aws configure --profile prod list aws_secret_access_key abc123",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }

    #[test]
    fn the_value_of_a_secret_setting_commands_flag_goes() {
        for (text, expected) in [
            (
                "+ gh secret set API_TOKEN --repo acme/app --body Xk9pL2mQ7rT4",
                "+ gh secret set API_TOKEN --repo acme/app --body [REDACTED]",
            ),
            (
                "+ gh secret set API_TOKEN -b Xk9pL2mQ7rT4",
                "+ gh secret set API_TOKEN -b [REDACTED]",
            ),
            (
                "+ az keyvault secret set --vault-name kv --name db --value 'Xk9p L2mQ7rT4'",
                "+ az keyvault secret set --vault-name kv --name db --value '[REDACTED]'",
            ),
            (
                "+ aws secretsmanager put-secret-value --secret-id db --secret-string Xk9pL2mQ7rT4",
                "+ aws secretsmanager put-secret-value --secret-id db --secret-string [REDACTED]",
            ),
            (
                "+ curl --oauth2-bearer Xk9pL2mQ7rT4abc https://api.example.com/v1/me",
                "+ curl --oauth2-bearer [REDACTED] https://api.example.com/v1/me",
            ),
            (
                "+ redis-cli -h cache --pass Xk9pL2mQ7rT4 ping",
                "+ redis-cli -h cache --pass [REDACTED] ping",
            ),
            (
                "+ gh secret set API_TOKEN --body=Xk9pL2mQ7rT4 --repo acme/app",
                "+ gh secret set API_TOKEN --body=[REDACTED] --repo acme/app",
            ),
            (
                "+ aws secretsmanager create-secret --name db --secret-string=\"Xk9p L2mQ7rT4\"",
                "+ aws secretsmanager create-secret --name db --secret-string=\"[REDACTED]\"",
            ),
            // A Kubernetes secret's pair goes whole, whatever its key.
            (
                "+ kubectl create secret generic stripe --from-literal=api=Xk9pL2mQ7rT4 -n prod",
                "+ kubectl create secret generic stripe --from-literal=[REDACTED] -n prod",
            ),
            (
                "+ kubectl -n prod create secret generic db --from-literal user=app --from-literal='pass=a b'",
                "+ kubectl -n prod create secret generic db --from-literal [REDACTED] --from-literal='[REDACTED]'",
            ),
            (
                "$ oc create secret generic db --from-literal=DB_HOST=db --dry-run=client -o yaml",
                "$ oc create secret generic db --from-literal=[REDACTED] --dry-run=client -o yaml",
            ),
            // The pair's value quoted apart from its key, as Kubernetes' documentation
            // writes it, and a value in capitals.
            (
                "kubectl create secret generic s --from-literal=k='hunter2 xyz' -o yaml",
                "kubectl create secret generic s --from-literal=[REDACTED] -o yaml",
            ),
            (
                "kubectl create secret generic s --from-literal k=\"Xk9p L2mQ\" --from-literal=v=HUNTERTWO",
                "kubectl create secret generic s --from-literal [REDACTED] --from-literal=[REDACTED]",
            ),
            (
                "+ gh secret set API_TOKEN --body=MYSUPERSECRETPASSWORD",
                "+ gh secret set API_TOKEN --body=[REDACTED]",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
        for text in [
            "+ gh pr create --title Fix --body Closes-12",
            "+ git checkout -b feature/login",
            "+ az keyvault secret show --vault-name kv --name db --query value",
            "+ aws ssm get-parameter --name /db/pw --with-decryption",
            "+ gh secret set API_TOKEN --body \"$API_TOKEN\"",
            "+ aws secretsmanager create-secret --name db --secret-string file://creds.json",
            "+ aws secretsmanager create-secret --name db --secret-string=file://creds.json",
            "+ gh pr create --body=Closes-12",
            "+ aws ssm put-parameter --name /app/region --type String --value eu-west-1",
            "+ kubectl create configmap app --from-literal=region=eu-west-1",
            "+ kubectl create secret generic db --from-literal=token=$TOKEN",
            "+ kubectl create secret generic db --from-literal=token=\"${TOKEN}\"",
            "+ kubectl create secret generic db --from-literal=token='$TOKEN'",
            "usage: kubectl create secret generic NAME --from-literal=KEY=VALUE",
            "+ kubectl create secret generic db --from-literal=empty --from-literal=token=",
            "error: secret \"db\" already exists; create secret with --from-literal=KEY=VALUE",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }

    #[test]
    fn a_setting_that_a_redaction_took_takes_its_value_along() {
        assert_eq!(
            redact("Authorization: setx API_TOKEN 9f8e7d6c5b4a3928 /M"),
            "Authorization: [REDACTED] /M"
        );
    }
}
