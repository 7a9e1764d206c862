//! Which key names are secret: `password`, `client_secret`, `X-Api-Key`, `apiKey`,
//! `AWS_SECRET_ACCESS_KEY`, judged by their last name segments, once per name.

use std::cell::Cell;

use super::folded::{Folded, Word, ends_with_ignoring_case, words};
use super::foreign_names;

/// Last name segments that make a key secret. A segment ending with one counts
/// (`dbpassword`, `csrftoken`), a plural does not (`max_tokens` is a count).
const SECRET_SEGMENT_ENDINGS: [Word; 24] = words([
    b"password",
    b"passwd",
    b"passphrase",
    b"passcode",
    // Its short and misspelt forms.
    b"passw",
    b"passwrd",
    b"pword",
    b"pswd",
    b"psw",
    b"secret",
    b"token",
    b"apikey",
    b"authkey",
    b"accesskey",
    b"secretkey",
    b"privatekey",
    b"credential",
    b"credentials",
    // Their short form (`DB_CREDS`, `awsCreds`).
    b"creds",
    b"authorization",
    b"cookie",
    b"signature",
    b"sessionid",
    b"sessid",
]);

/// Segments that make a key secret when they qualify `key` (`api_key`, `X-Api-Key`,
/// `AWS_SECRET_ACCESS_KEY`, `SigningKey`, `HMAC_KEY`, Datadog's `DD_APP_KEY`,
/// MaxMind's and New Relic's `LICENSE_KEY`, Azure API Management's
/// `Ocp-Apim-Subscription-Key`, `session_key`, `JWT_KEY`, WireGuard's
/// `PresharedKey`, Airflow's `FERNET_KEY`, Vault's unseal and recovery keys, and
/// `API key` in prose; their roles abbreviated, `encKey`, `privKey`, `signKey`,
/// `aesKey`, and a `mac key` or `shared key`); `ADMIN_KEY` (Algolia's,
/// Typesense's) and Segment's `WRITE_KEY`; and the providers that environments
/// name their keys after (`OPENAI_KEY`, `openAIKey`, `STRIPE_KEY`, `GCP_KEY`).
/// Roles that name ordinary keys as often are not here: `storageKey` (a browser's
/// local storage), `serviceKey` (a Kubernetes service), `role_key`, `webhook_key`,
/// `sdk_key`, `deploy_key` (a key file's path).
const SECRET_KEY_QUALIFIERS: [Word; 46] = words([
    b"account",
    // PagerDuty's integration key, which its Events API takes.
    b"integration",
    b"fernet",
    b"hmac",
    b"api",
    b"app",
    b"license",
    b"access",
    b"secret",
    b"private",
    b"signing",
    b"encryption",
    b"master",
    b"client",
    b"auth",
    b"ssh",
    b"subscription",
    b"session",
    b"jwt",
    b"preshared",
    b"admin",
    b"write",
    // Vault's unseal and recovery keys, BitLocker's recovery key.
    b"unseal",
    b"recovery",
    // Roles abbreviated (`encKey`, `privKey`, `signKey`), a cipher's and a MAC's.
    b"enc",
    b"priv",
    b"sign",
    b"aes",
    b"mac",
    b"shared",
    // Providers (`openAIKey` ends with `AI`).
    b"ai",
    b"algolia",
    b"anthropic",
    b"azure",
    b"cohere",
    b"deepseek",
    b"firebase",
    b"gcp",
    b"gemini",
    b"groq",
    b"mailgun",
    b"mistral",
    b"openai",
    b"openrouter",
    b"sendgrid",
    b"stripe",
]);

/// Abbreviations that are secret only after a qualifier: `DB_PASS`, `MYSQL_PWD`,
/// OpenLDAP's `LDAP_BIND_PW`. Alone they name a count (`pass=3`) or the working
/// directory (`PWD=/home`) as often: `pass` and `pwd` alone are judged by their
/// value (see `keys`), `pw` alone is no key.
const QUALIFIED_ABBREVIATIONS: [Word; 3] = words([b"pass", b"pwd", b"pw"]);

/// Whole last segments that are secret on their own: a presigned URL's signature
/// (Azure's `sig`), Docker's `auth` (`oauth` and `author` are not), a session
/// cookie (`_gitlab_session`; `sessions` and `session_count` are not), a WPA or
/// IPsec pre-shared key (`psk`), Redis's `masterauth` and a write key fused into
/// one segment (`HONEYCOMB_WRITEKEY`; `overwritekey` is none).
const SECRET_SEGMENTS: [Word; 6] = words([
    b"auth",
    b"sig",
    b"session",
    b"psk",
    b"masterauth",
    b"writekey",
]);

/// Qualifiers that name a state, not a secret: `InvalidToken`, `expired_token` and
/// `MissingPassword` are error kinds and fields about a secret, never one, and a
/// Helm chart's `existingSecret` names a Kubernetes secret to read.
const STATE_QUALIFIERS: [Word; 12] = words([
    b"bad",
    b"empty",
    b"existing",
    b"expired",
    b"incorrect",
    b"invalid",
    b"malformed",
    b"missing",
    b"no",
    b"revoked",
    b"unknown",
    b"wrong",
]);

/// The words before `token` that make it a listing's cursor, not a credential: the
/// next page's (`nextPageToken`, `page_token`, `next_page_token`, AWS's `NextToken`,
/// `ContinuationToken` and `NextContinuationToken`, `pagination_token`), a
/// synchronisation's (Google's `syncToken` and `nextSyncToken`) and a harvest's
/// (OAI-PMH's `resumptionToken`). List calls print them in every response, and
/// they grant nothing. A word before them names something else (Facebook's
/// `FB_PAGE_TOKEN` is a page's access token).
const CURSOR_NAMES: [&[&[u8]]; 10] = [
    &[b"page"],
    &[b"next"],
    &[b"next", b"page"],
    &[b"continuation"],
    &[b"next", b"continuation"],
    &[b"pagination"],
    &[b"next", b"pagination"],
    &[b"sync"],
    &[b"next", b"sync"],
    &[b"resumption"],
];

/// The words of [`CURSOR_NAMES`] that name a cursor only in an API's field or
/// parameter in camel case (`syncToken`), not in a setting's or an environment
/// variable's name: a `SYNC_TOKEN` or a `sync_token` is a sync service's
/// credential as often.
const FIELD_ONLY_CURSOR_WORDS: [&[u8]; 1] = [b"sync"];

/// The words right before a cursor's `token` (see [`CURSOR_NAMES`]).
const CURSOR_QUALIFIERS: [Word; 6] = words([
    b"page",
    b"next",
    b"continuation",
    b"pagination",
    b"sync",
    b"resumption",
]);

/// OData's cursors, one word with their `token` (`$skiptoken`, `$deltatoken`).
const FUSED_CURSORS: [Word; 2] = words([b"skiptoken", b"deltatoken"]);

/// Whether `name` is a listing's cursor (see [`CURSOR_NAMES`]).
fn is_listing_cursor(name: &[u8]) -> bool {
    let mut segments = Segments {
        key: name,
        end: name.len(),
    };
    if !segments
        .next()
        .is_some_and(|last| Folded::new(last).is(TOKEN))
    {
        return false;
    }
    let mut before = [&[][..]; 3];
    let mut count = 0;
    for segment in segments {
        if count == before.len() {
            return false;
        }
        before[count] = segment;
        count += 1;
    }
    // A field in camel case, as an API names it (`syncToken`).
    let camel_case = name.iter().any(u8::is_ascii_lowercase)
        && name.iter().any(u8::is_ascii_uppercase)
        && !name.contains(&b'_');
    CURSOR_NAMES.iter().any(|words| {
        words.len() == count
            && words
                .iter()
                .rev()
                .zip(&before[..count])
                .all(|(word, segment)| segment.eq_ignore_ascii_case(word))
            && (camel_case
                || !words
                    .iter()
                    .any(|word| FIELD_ONLY_CURSOR_WORDS.contains(word)))
    })
}

/// Segments of a key's name that make it a published key (`PUBLIC_KEY`, Stripe's
/// `PUBLISHABLE_KEY`, reCAPTCHA's and Turnstile's site keys, a `VAPID_KEY`, an SSH
/// `HOST_KEY`), or one that names a record, a cache entry or a page
/// (`CACHE_PRIMARY_KEY`, `PARTITION_KEY`, `NEXT_KEY`, `CURSOR_KEY`,
/// `IDEMPOTENCY_KEY`), or a WebSocket handshake's nonce: no generated secret.
const ORDINARY_KEY_SEGMENTS: [Word; 49] = words([
    b"public",
    b"publishable",
    b"pub",
    b"site",
    b"vapid",
    b"host",
    b"verify",
    b"verification",
    b"cache",
    b"primary",
    b"matched",
    b"partition",
    b"sort",
    b"range",
    b"routing",
    b"object",
    b"row",
    b"foreign",
    b"lookup",
    b"message",
    b"record",
    b"shard",
    b"lock",
    b"duplicate",
    b"start",
    b"next",
    b"last",
    b"page",
    b"output",
    b"parameter",
    b"idempotency",
    b"offset",
    b"cursor",
    b"continuation",
    b"recaptcha",
    b"turnstile",
    // A GnuPG or OpenPGP key's fingerprint (Docker's official images set
    // `GPG_KEY` to one).
    b"gpg",
    b"pgp",
    // The IDs of a file (Figma's `fileKey`), a project, an issue (Jira's
    // `issueKey`), a resource (Google Drive's `resourceKey`), an entity, a
    // translation, a browser's storage, a service, a role, a field.
    b"file",
    b"project",
    b"issue",
    b"resource",
    b"entity",
    b"translation",
    b"storage",
    b"service",
    b"role",
    b"field",
    // A WebSocket handshake's nonce (`Sec-WebSocket-Key`).
    b"websocket",
]);

/// Java's key store passwords (`keytool -storepass`, `-keypass`, `-srcstorepass`)
/// and Redis's `requirepass`, looked for only after a `pass` ending.
const PASS: Word = Word::new(b"pass");
const STORE_PASSES: [Word; 3] = words([b"storepass", b"keypass", b"requirepass"]);

const KEY: Word = Word::new(b"key");
const TOKEN: Word = Word::new(b"token");

/// Last segments that name a password after a password's name
/// (`password_confirmation`, Rails' and Laravel's second field). A password's
/// `hash` is no password: ordinary records show it.
const PASSWORD_TAILS: [Word; 2] = words([b"confirmation", b"confirm"]);

/// The qualifiers [`PASSWORD_TAILS`] follow: a password's names, ending them
/// (`db_password_confirmation`), and its abbreviations, whole (`pass_confirm`,
/// not `bypass_confirm`).
const PASSWORD_NAMES: [Word; 2] = words([b"password", b"passwd"]);
const PASSWORD_ABBREVIATIONS: [Word; 3] = words([b"pass", b"pwd", b"pw"]);

/// A second factor's one-time and recovery codes: `otp`, `totp` and `hotp` alone,
/// and a `code` or `codes` after one of [`SECOND_FACTORS`] (`mfa_code`,
/// `backupCodes`, `recovery_code`); an error's `code`, a ZIP code and India's
/// postal `pinCode` are none.
const OTP: Word = Word::new(b"otp");
const CODES: [Word; 2] = words([b"code", b"codes"]);
const SECOND_FACTORS: [Word; 6] = words(SECOND_FACTOR_NAMES);
const SECOND_FACTOR_NAMES: [&[u8]; 6] = [
    b"mfa",
    b"otp",
    b"totp",
    b"recovery",
    b"backup",
    b"verification",
];

/// Last segments whose value is a secret when it looks generated (see `keys`), and
/// a number, a word or a hash when it does not: a password hash's `salt` and
/// `pepper` (WordPress's `AUTH_SALT`), a `seed` (an OTP's `MFA_SEED`; a random
/// generator's `seed: 42`), an `hmac` key.
const GENERATED_ONLY_SEGMENTS: [Word; 4] = words([b"salt", b"seed", b"pepper", b"hmac"]);
/// The second half of `password` written as its own hump (`passWord`, `PassWord`),
/// and of `passphrase` (`passPhrase`).
const WORD: Word = Word::new(b"word");
const PHRASE: Word = Word::new(b"phrase");
/// SonarQube's token before `sonar.token` named it so: `sonar.login`.
const LOGIN: Word = Word::new(b"login");
const SONAR: Word = Word::new(b"sonar");
const COOKIE: Word = Word::new(b"cookie");
const AUTHORIZATION: Word = Word::new(b"authorization");

/// What a name with a secret ending is, by its last segments.
#[derive(Clone, Copy)]
pub(super) struct NameVerdict {
    pub(super) secret: bool,
    pub(super) authorization: bool,
    /// More than one segment.
    pub(super) compound: bool,
    /// The `Cookie` request header, whose value is every cookie's pair.
    pub(super) cookie_header: bool,
    /// A name whose value is a secret only when it looks generated: a key of a
    /// name no rule lists, a salt, a seed ([`GENERATED_ONLY_SEGMENTS`]), none of
    /// whose segments is ordinary (see [`has_no_ordinary_segment`]).
    pub(super) generated_only: bool,
}

impl NameVerdict {
    fn of(name: &[u8]) -> Option<Self> {
        let name = without_copy_suffix(name);
        Segmented::with_secret_ending(name).map(|segments| {
            let secret = (segments.is_secret() && !segments.is_listing_cursor(name))
                || is_named_credential(name);
            Self {
                secret,
                authorization: segments.is_authorization(),
                // `mot de passe` is one word, as bare as `password`.
                compound: segments.qualifier.is_some() && !foreign_names::is_password_word(name),
                cookie_header: segments.qualifier.is_none() && segments.last.is(COOKIE),
                generated_only: !secret && segments.takes_generated_value(name),
            }
        })
    }
}

/// The verdict on the last key name read in the text, for the next rule that reads
/// the same name: a header's name is read at its separator and again by the rules
/// asked about its value (`Authorization: Bearer ...` three times).
pub(super) struct NameMemo<'t> {
    text: &'t [u8],
    /// Where the name starts in the text, its length, and the verdict.
    last: Cell<Option<(usize, usize, Option<NameVerdict>)>>,
}

impl<'t> NameMemo<'t> {
    pub(super) fn new(text: &'t [u8]) -> Self {
        Self {
            text,
            last: Cell::new(None),
        }
    }

    pub(super) fn verdict(&self, name: &[u8]) -> Option<NameVerdict> {
        // Names are read from the text or from the output built so far; only a name
        // that lies in the text (found by its address, which is no other live
        // buffer's) is sure to read the same the next time.
        let start = (name.as_ptr() as usize).wrapping_sub(self.text.as_ptr() as usize);
        let in_text = start <= self.text.len() && name.len() <= self.text.len() - start;
        if in_text
            && let Some((last_start, last_len, verdict)) = self.last.get()
            && (last_start, last_len) == (start, name.len())
        {
            return verdict;
        }
        let verdict = NameVerdict::of(name);
        if in_text {
            self.last.set(Some((start, name.len(), verdict)));
        }
        verdict
    }
}

/// Whether a key (`password`, `client_secret`, `X-Api-Key`, `apiKey`,
/// `AWS_SECRET_ACCESS_KEY`) names a secret, judged by its last name segments.
pub(super) fn is_secret_name(key: &[u8]) -> bool {
    let key = without_copy_suffix(key);
    Segmented::with_secret_ending(key).is_some_and(|segments| {
        (segments.is_secret() && !segments.is_listing_cursor(key)) || is_named_credential(key)
    })
}

/// Whether a key's value is a secret when it looks generated (`MAPBOX_KEY`,
/// `mapboxKey`, `AUTH_SALT`; see [`NameVerdict`]), though the key names none.
pub(super) fn takes_generated_value(key: &[u8]) -> bool {
    NameVerdict::of(key).is_some_and(|verdict| verdict.generated_only)
}

/// A key without the number that tells its copies apart (`API_KEY_1`,
/// `password2`, `apiKey3`, `DB_PASSWORD_2`, Vault's `Unseal Key 1`): one or two
/// digits after a letter, or after a `_`, `-` or space that follows a letter. A
/// longer number is part of the name (`sha256`, `KEY_2048`), and so is one after
/// any other byte.
#[inline]
pub(super) fn without_ordinal(key: &[u8]) -> &[u8] {
    // Most keys end with a letter.
    if !key.last().is_some_and(u8::is_ascii_digit) {
        return key;
    }
    let digits = key
        .iter()
        .rev()
        .take(3)
        .take_while(|byte| byte.is_ascii_digit())
        .count();
    if !(1..=2).contains(&digits) {
        return key;
    }
    let before = &key[..key.len() - digits];
    let before = match before {
        [rest @ .., b'_' | b'-' | b' '] => rest,
        _ => before,
    };
    if !before.last().is_some_and(u8::is_ascii_alphabetic) {
        return key;
    }
    // A version's number (`api_key_v2`, `TOKEN-V3`).
    match before {
        [rest @ .., b'_' | b'-', b'v' | b'V']
            if rest.last().is_some_and(u8::is_ascii_alphanumeric) =>
        {
            rest
        }
        _ => before,
    }
}

/// A key without what tells its copies apart: its number (see [`without_ordinal`])
/// or the environment it is for, after a separator (`DB_PASSWORD_PROD`,
/// `STRIPE_SECRET_KEY_LIVE`, `github-token-old`): `prod`, `production`, `live`,
/// `test`, `dev`, `development`, `stage`, `staging`, `stg`, `uat`, `qa`,
/// `sandbox`, `old` or `new`, each found from its ending in [`ENDINGS`].
// Inlined always: the anchors' candidates read it, and with their second copy (for
// short texts) the compiler would otherwise call it from the long scan.
#[inline(always)]
pub(super) fn without_copy_suffix(key: &[u8]) -> &[u8] {
    let key = without_ordinal(key);
    without_environment(key).map_or(key, without_ordinal)
}

/// `key` without `environment` (lowercase), when its last
/// segment names it after a `_`, `-` or `.` and a name's letter or digit stands
/// before (`DB_PASSWORD_PROD`).
fn without_named_environment<'k>(key: &'k [u8], environment: &[u8]) -> Option<&'k [u8]> {
    let rest = key.len().checked_sub(environment.len() + 1)?;
    (ends_with_ignoring_case(key, environment)
        && matches!(key[rest], b'_' | b'-' | b'.')
        && key[..rest].last().is_some_and(u8::is_ascii_alphanumeric))
    .then(|| &key[..rest])
}

/// `key` without the environment that its last segment names, after a `_`, `-`
/// or `.`, when a name's letter or digit stands before it (`DB_PASSWORD_PROD`):
/// found from the ending's slot, as [`has_secret_ending`] finds it.
fn without_environment(key: &[u8]) -> Option<&[u8]> {
    let &[first, second, third] = key.last_chunk::<3>()?;
    let ending = u32::from_le_bytes([first, second, third, 0]) | 0x0020_2020;
    let (listed, check) = ENDING_SLOTS[ending_slot(ending, ENDING_MULTIPLIER)];
    let environment: &[u8] = match check {
        _ if listed != ending => return None,
        EndingCheck::Environment(environment) => environment,
        EndingCheck::IonOrEnvironment => b"production",
        EndingCheck::SecretPayloadOrEnvironment => b"staging",
        _ => return None,
    };
    without_named_environment(key, environment)
}

/// Whether a key is the `Authorization` header's name (or `Proxy-Authorization`),
/// whose value is a scheme and a credential.
pub(super) fn is_authorization_name(key: &[u8]) -> bool {
    Segmented::with_secret_ending(key).is_some_and(|segments| segments.is_authorization())
}

/// Whether no segment of `name` is a state (`INVALID_KEY`, `missing_salt`) or
/// names an ordinary key (`RECAPTCHA_SITE_KEY`, `idempotencyKey`, `shard_key`,
/// `X-Cache-Key`, `fileKey`, `WP_CACHE_KEY_SALT`): a key that no rule lists
/// (`MAPBOX_KEY`, `X-Application-Key`, `mapboxKey`, `consumer_key`) holds a
/// generated secret as often as a record's name, a path or a word, which its value
/// tells (see `keys`), as a secret scanner's generic rule tells them.
fn has_no_ordinary_segment(name: &[u8]) -> bool {
    let is_ordinary = |segment: &[u8]| {
        let segment = Folded::new(segment);
        STATE_QUALIFIERS
            .iter()
            .chain(&ORDINARY_KEY_SEGMENTS)
            .any(|&word| segment.is(word))
    };
    // Each part between separators, whole (`WebSocket`) and at its humps (`file`
    // of `fileKey`).
    name.split(|byte| matches!(byte, b'_' | b'-' | b'.' | b' '))
        .filter(|part| !part.is_empty())
        .all(|part| {
            !is_ordinary(part)
                && Segments {
                    key: part,
                    end: part.len(),
                }
                .all(|segment| !is_ordinary(segment))
        })
}

/// Secret names that their last segments do not tell: Bundler's credentials for a
/// gem host, one environment variable per host (`BUNDLE_GEMS__CONTRIBSYS__COM=
/// user:password`, Sidekiq Pro's, the host's dots written `__`), and Rails'
/// `secret_key_base`, which signs its sessions, Express's session cookie
/// (`connect.sid`), AWS Secrets Manager's `SecretString` and `SecretBinary`, the
/// headers vendors take their API keys in ([`VENDOR_KEY_HEADERS`]) and LDAP's
/// `rootpw` and `bindpw`.
fn is_named_credential(key: &[u8]) -> bool {
    let bundler = key.len() > 7
        && key[..7].eq_ignore_ascii_case(b"bundle_")
        && key[7..].windows(2).any(|pair| pair == b"__");
    bundler
        || ends_with_ignoring_case(key, SECRET_KEY_BASE)
        || ends_with_ignoring_case(key, b"connect.sid")
        || is_secret_id(key)
        || is_named_role_key(key)
        || is_vendor_key_header(key)
        || is_personal_access_token(key)
        || is_secret_payload(key)
        || is_ldap_password(key)
        || foreign_names::ends_with_password_word(key)
}

/// The settings of OpenLDAP's and nslcd's passwords, written as one word:
/// `rootpw`, `bindpw`.
fn is_ldap_password(key: &[u8]) -> bool {
    ends_with_ignoring_case(key, b"rootpw") || ends_with_ignoring_case(key, b"bindpw")
}

/// AWS Secrets Manager's secret itself (`"SecretString": "..."`, `SecretBinary`),
/// as `get-secret-value` prints it.
fn is_secret_payload(key: &[u8]) -> bool {
    ends_with_ignoring_case(key, b"secretstring") || ends_with_ignoring_case(key, b"secretbinary")
}

/// Vault's AppRole credential (`secret_id`, `VAULT_SECRET_ID`), though an `_id`
/// names no secret elsewhere: AWS's `--secret-id` and `SecretId` name a secret
/// without being one.
pub(super) fn is_secret_id(key: &[u8]) -> bool {
    ends_with_ignoring_case(key, b"secret_id")
}

/// Keys named for a role that names ordinary keys elsewhere (`storageKey`,
/// `serviceKey`), their separators and case left out: Supabase's service role key
/// (`SUPABASE_SERVICE_ROLE_KEY`, `serviceRoleKey`) and the Azure CLI's storage
/// account key (`AZURE_STORAGE_KEY`).
const NAMED_ROLE_KEYS: [&[u8]; 2] = [b"servicerolekey", b"azurestoragekey"];

/// Whether `key` ends with one of [`NAMED_ROLE_KEYS`], its separators left out.
fn is_named_role_key(key: &[u8]) -> bool {
    ends_with_any_ignoring_separators(key, &NAMED_ROLE_KEYS)
}

/// The headers a vendor's API takes its key in under a name that does not say so
/// (Honeycomb's `X-Honeycomb-Team`, JFrog Artifactory's `X-JFrog-Art-Api`), or
/// that names a key whose value is hex or lowercase and so does not look
/// generated (Azure Functions' `x-functions-key`, Datadog's `DD-API-KEY` and
/// `DD-APPLICATION-KEY`, RapidAPI's `X-RapidAPI-Key`): their separators and case
/// left out.
const VENDOR_KEY_HEADERS: [&[u8]; 6] = [
    b"xhoneycombteam",
    b"xjfrogartapi",
    b"xfunctionskey",
    b"ddapikey",
    b"ddapplicationkey",
    b"xrapidapikey",
];

/// Whether `key` is one of [`VENDOR_KEY_HEADERS`] (or ends with one), its
/// separators left out.
fn is_vendor_key_header(key: &[u8]) -> bool {
    ends_with_any_ignoring_separators(key, &VENDOR_KEY_HEADERS)
}

/// Whether `key` ends with one of `names` (lowercase letters), its separators
/// (`_`, `-`, `.`) left out and its case ignored.
fn ends_with_any_ignoring_separators(key: &[u8], names: &[&[u8]]) -> bool {
    names.iter().any(|name| {
        let mut letters = key
            .iter()
            .rev()
            .filter(|&&byte| !matches!(byte, b'_' | b'-' | b'.'))
            .map(u8::to_ascii_lowercase);
        name.iter()
            .rev()
            .all(|&wanted| letters.next() == Some(wanted))
    })
}

/// A personal access token named by its abbreviation after a separator (`GH_PAT`,
/// `GITHUB_PAT`, `ado-pat`).
fn is_personal_access_token(key: &[u8]) -> bool {
    key.len() > 3
        && ends_with_ignoring_case(key, b"pat")
        && matches!(key[key.len() - 4], b'_' | b'-')
}

/// Rails' session signing secret (`SECRET_KEY_BASE` in its environment).
const SECRET_KEY_BASE: &[u8] = b"secret_key_base";

/// The cheap test that turns most keys away: every secret name ends with one of
/// these three letters (`password`, `passwd`, `passphrase`, `secret`, `token`,
/// `...key`, `credential(s)`, `authorization`, `cookie`, `signature`, `sessionid`,
/// `sessid` and `connect.sid`, `psk`, `pass`, `pwd`, `pw` after `_` or `-`, `sig`,
/// `auth`, Rails' `secret_key_base`, Vault's `secret_id`, a `_pat` or `-pat`,
/// Bundler's `BUNDLE_<HOST>__COM`, `__ORG`, `__NET`, AWS Secrets Manager's
/// `SecretString` and `SecretBinary`, `passcode` and a password's other
/// spellings (`passw`, `pswd`, `pword`), `otp`, a second factor's `code`, a
/// password's `confirm`, the names whose value is judged by its look: `salt`,
/// `seed`, `pepper`, `hmac`, and the vendors' key headers `X-Honeycomb-Team` and
/// `X-JFrog-Art-Api`). The endings that many ordinary names
/// share (`region`, `version`, `failure`, `database`, `example.com`, an error's
/// `code`, `speed`) need the letters before them too: `ation` or `ssion`,
/// `ature`, `hrase` or `secret_key_base`, a `_` before a host's last label, a
/// second factor's name, or the whole word. A name copied for an environment
/// (`DB_PASSWORD_PROD`, see [`without_copy_suffix`]) is read without it.
#[inline]
pub(super) fn has_secret_ending(key: &[u8]) -> bool {
    ends_like_secret::<true>(without_ordinal(key))
}

/// [`has_secret_ending`] of a key without its number; after an environment's name
/// when `ENVIRONMENT` (the name before it is read with `false`: one suffix only).
#[inline]
fn ends_like_secret<const ENVIRONMENT: bool>(key: &[u8]) -> bool {
    let Some(&[first, second, third]) = key.last_chunk::<3>() else {
        return false;
    };
    // Every ending is lowercase letters, and setting bit 5 lowers exactly the
    // capitals of those letters onto them.
    let ending = u32::from_le_bytes([first, second, third, 0]) | 0x0020_2020;
    let (listed, check) = ENDING_SLOTS[ending_slot(ending, ENDING_MULTIPLIER)];
    if listed != ending {
        // A word with letters outside ASCII (`пароль`, `contraseña`, `密码`).
        return !(first | second | third).is_ascii() && foreign_names::ends_with_password_word(key);
    }
    let ends_with = |longer: &[u8]| ends_with_ignoring_case(key, longer);
    match check {
        EndingCheck::Enough => true,
        EndingCheck::Ure => ends_with(b"ature"),
        EndingCheck::Ase => ends_with(b"hrase") || ends_with(SECRET_KEY_BASE),
        EndingCheck::HostLabel => key.len() > 3 && key[key.len() - 4] == b'_',
        EndingCheck::Pat => key.len() > 3 && matches!(key[key.len() - 4], b'_' | b'-'),
        EndingCheck::SecretId => is_secret_id(key),
        // Many ordinary names end with `ort` (`port`, `export`) and `ool` (`pool`):
        // only `wort` and `rool` go on.
        EndingCheck::Ort => ends_with(b"wort") && foreign_names::ends_with_password_word(key),
        EndingCheck::Ool => ends_with(b"rool") && foreign_names::ends_with_password_word(key),
        EndingCheck::PasswordWord => foreign_names::ends_with_password_word(key),
        EndingCheck::SecretPayload => is_secret_payload(key),
        EndingCheck::Word(word) => ends_with(word),
        EndingCheck::VendorHeader => is_vendor_key_header(key),
        EndingCheck::Code => ends_with(b"passcode") || is_second_factor_code(key),
        EndingCheck::Environment(environment) => {
            ENVIRONMENT
                && without_named_environment(key, environment)
                    .is_some_and(ends_like_secret::<false>)
        }
        EndingCheck::IonOrEnvironment => {
            ends_with(b"ation")
                || ends_with(b"ssion")
                || (ENVIRONMENT
                    && without_named_environment(key, b"production")
                        .is_some_and(ends_like_secret::<false>))
        }
        EndingCheck::SecretPayloadOrEnvironment => {
            is_secret_payload(key)
                || (ENVIRONMENT
                    && without_named_environment(key, b"staging")
                        .is_some_and(ends_like_secret::<false>))
        }
    }
}

/// Whether `key` ends with a second factor's `code` or `codes` (`mfa_code`,
/// `backupCodes`, `RECOVERY-CODE`): one of [`SECOND_FACTOR_NAMES`] right before
/// it, perhaps with a separator between.
fn is_second_factor_code(key: &[u8]) -> bool {
    let strip = |ending: &[u8]| {
        ends_with_ignoring_case(key, ending).then(|| &key[..key.len() - ending.len()])
    };
    let Some(before) = strip(b"codes").or_else(|| strip(b"code")) else {
        return false;
    };
    let before = match before {
        [rest @ .., b'_' | b'-' | b'.'] => rest,
        _ => before,
    };
    SECOND_FACTOR_NAMES
        .iter()
        .any(|factor| ends_with_ignoring_case(before, factor))
}

/// What an ending of a secret name asks of the letters before it.
#[derive(Clone, Copy)]
enum EndingCheck {
    /// Nothing: the ending is enough.
    Enough,
    /// `ature`.
    Ure,
    /// `hrase`, or `secret_key_base`.
    Ase,
    /// A `_` before a host's last label (Bundler's `BUNDLE_<HOST>__COM`).
    HostLabel,
    /// A `_` or `-` before `pat`.
    Pat,
    /// Vault's `secret_id`.
    SecretId,
    /// `wort`, and the word for a password in another language.
    Ort,
    /// `rool`, and the word for a password in another language.
    Ool,
    /// The word for a password in another language.
    PasswordWord,
    /// AWS Secrets Manager's `SecretString` or `SecretBinary`.
    SecretPayload,
    /// The whole word, whose ending many ordinary names share (`mode`, `speed`).
    Word(&'static [u8]),
    /// A vendor's key header (`X-Honeycomb-Team`; see [`VENDOR_KEY_HEADERS`]).
    VendorHeader,
    /// `passcode`, or a second factor's `code` or `codes` (`mfa_code`,
    /// `backupCodes`): an error's `code` is turned away here.
    Code,
    /// The environment's name after a separator (`_PROD`, `-live`; see
    /// [`without_copy_suffix`]), and a secret's ending before it.
    Environment(&'static [u8]),
    /// `ation` or `ssion`, or an environment (`_PRODUCTION`).
    IonOrEnvironment,
    /// [`EndingCheck::SecretPayload`], or an environment (`_STAGING`).
    SecretPayloadOrEnvironment,
}

/// The endings of secret names, three lowercase bytes each, and what each asks of
/// the letters before it. `pw` stands after a separator, as bit 5 leaves it: `_`
/// becomes 0x7F, `-` stays (`.pw` is a top-level domain). The endings of the word
/// for a password in other languages (`Passwort`, `mot de passe`, `senha`,
/// `contrasena`, `salasana`, `heslo`, `sifre`, `lozinka`, `parool`, `jelszo`)
/// are shared by ordinary names (`port`, `pool`): `ord` (`wachtwoord`, `passord`)
/// needs nothing more. A test in `foreign_names` holds every word there to one of
/// these.
const ENDINGS: [(&[u8; 3], EndingCheck); 68] = [
    (b"ord", EndingCheck::Enough),
    (b"swd", EndingCheck::Enough),
    (b"ret", EndingCheck::Enough),
    (b"ken", EndingCheck::Enough),
    (b"key", EndingCheck::Enough),
    (b"ial", EndingCheck::Enough),
    (b"als", EndingCheck::Enough),
    (b"eds", EndingCheck::Word(b"creds")),
    (b"tpw", EndingCheck::Word(b"rootpw")),
    (b"dpw", EndingCheck::Word(b"bindpw")),
    (b"kie", EndingCheck::Enough),
    (b"nid", EndingCheck::Enough),
    (b"ass", EndingCheck::Enough),
    (b"pwd", EndingCheck::Enough),
    (b"sig", EndingCheck::Enough),
    (b"uth", EndingCheck::Enough),
    (b"sid", EndingCheck::Enough),
    (b"psk", EndingCheck::Enough),
    (b"\x7Fpw", EndingCheck::Enough),
    (b"-pw", EndingCheck::Enough),
    (b"ion", EndingCheck::IonOrEnvironment),
    (b"ure", EndingCheck::Ure),
    (b"ase", EndingCheck::Ase),
    (b"com", EndingCheck::HostLabel),
    (b"org", EndingCheck::HostLabel),
    (b"net", EndingCheck::HostLabel),
    (b"pat", EndingCheck::Pat),
    (b"\x7Fid", EndingCheck::SecretId),
    (b"ort", EndingCheck::Ort),
    (b"ool", EndingCheck::Ool),
    (b"sse", EndingCheck::PasswordWord),
    (b"nha", EndingCheck::PasswordWord),
    (b"ena", EndingCheck::PasswordWord),
    (b"ana", EndingCheck::PasswordWord),
    (b"slo", EndingCheck::PasswordWord),
    (b"fre", EndingCheck::PasswordWord),
    (b"nka", EndingCheck::PasswordWord),
    (b"szo", EndingCheck::PasswordWord),
    (b"ing", EndingCheck::SecretPayloadOrEnvironment),
    (b"ary", EndingCheck::SecretPayload),
    (b"ode", EndingCheck::Code),
    (b"des", EndingCheck::Code),
    (b"irm", EndingCheck::Word(b"confirm")),
    // SonarQube's token, as Maven and Gradle take it (`-Dsonar.login=...`).
    (b"gin", EndingCheck::Word(b"sonar.login")),
    (b"otp", EndingCheck::Enough),
    (b"ssw", EndingCheck::Enough),
    (b"psw", EndingCheck::Enough),
    (b"wrd", EndingCheck::Enough),
    (b"alt", EndingCheck::Word(b"salt")),
    (b"eed", EndingCheck::Word(b"seed")),
    (b"per", EndingCheck::Word(b"pepper")),
    (b"mac", EndingCheck::Word(b"hmac")),
    // Vendors' key headers (see `VENDOR_KEY_HEADERS`).
    (b"eam", EndingCheck::VendorHeader),
    (b"api", EndingCheck::VendorHeader),
    // Environments (see `without_copy_suffix`).
    (b"rod", EndingCheck::Environment(b"prod")),
    (b"ive", EndingCheck::Environment(b"live")),
    (b"est", EndingCheck::Environment(b"test")),
    (b"dev", EndingCheck::Environment(b"dev")),
    (b"ent", EndingCheck::Environment(b"development")),
    (b"age", EndingCheck::Environment(b"stage")),
    (b"stg", EndingCheck::Environment(b"stg")),
    (b"uat", EndingCheck::Environment(b"uat")),
    (b"\x7Fqa", EndingCheck::Environment(b"qa")),
    (b"-qa", EndingCheck::Environment(b"qa")),
    (b".qa", EndingCheck::Environment(b"qa")),
    (b"box", EndingCheck::Environment(b"sandbox")),
    (b"old", EndingCheck::Environment(b"old")),
    (b"new", EndingCheck::Environment(b"new")),
];

/// An ending as a number, its bytes from the lowest.
const fn ending_number(ending: &[u8; 3]) -> u32 {
    u32::from_le_bytes([ending[0], ending[1], ending[2], 0])
}

/// How many bits pick an ending's slot.
const ENDING_SLOT_BITS: u32 = 9;

/// The slot of an ending: a multiplicative hash.
const fn ending_slot(ending: u32, multiplier: u32) -> usize {
    (ending.wrapping_mul(multiplier) >> (32 - ENDING_SLOT_BITS)) as usize
}

/// A multiplier that gives every ending a slot of its own, searched at build time:
/// an ending is looked up with one multiplication and one compare.
const ENDING_MULTIPLIER: u32 = {
    let mut multiplier: u32 = 0x9E37_79B9;
    let mut tries = 0;
    loop {
        assert!(tries < 100_000, "some multiplier gives every ending a slot");
        let mut taken = [false; 1 << ENDING_SLOT_BITS];
        let mut index = 0;
        while index < ENDINGS.len() {
            let slot = ending_slot(ending_number(ENDINGS[index].0), multiplier);
            if taken[slot] {
                break;
            }
            taken[slot] = true;
            index += 1;
        }
        if index == ENDINGS.len() {
            break multiplier;
        }
        multiplier = multiplier.wrapping_add(2);
        tries += 1;
    }
};

/// Each ending in its slot, with its check; an empty slot holds 0, which no
/// ending is.
static ENDING_SLOTS: [(u32, EndingCheck); 1 << ENDING_SLOT_BITS] = {
    let mut slots = [(0, EndingCheck::Enough); 1 << ENDING_SLOT_BITS];
    let mut index = 0;
    while index < ENDINGS.len() {
        let (ending, check) = ENDINGS[index];
        slots[ending_slot(ending_number(ending), ENDING_MULTIPLIER)] =
            (ending_number(ending), check);
        index += 1;
    }
    slots
};

/// A filter of keys' endings: every ending of [`ENDINGS`] and the last three
/// letters of other words, one bit each in a table of 4,096, found with
/// [`ENDING_MULTIPLIER`]. A key whose ending has no bit ends with none of them; a
/// bit that is set only says that it may (two endings can share a bit).
pub(super) struct EndingFilter([u64; ENDING_FILTER_BITS / 64]);

/// Whether an ending holds a digit (none does: see [`EndingFilter::may_end`]).
const fn has_digit(ending: &[u8; 3]) -> bool {
    ending[0].is_ascii_digit() || ending[1].is_ascii_digit() || ending[2].is_ascii_digit()
}

/// How many bits an [`EndingFilter`] holds.
const ENDING_FILTER_BITS: usize = 1 << 12;

impl EndingFilter {
    /// The filter of [`ENDINGS`] and of `words` (in any case, at least three
    /// bytes each: a build with a shorter one fails).
    pub(super) const fn with_secret_endings(words: &[&[u8]]) -> Self {
        let mut bits = [0; ENDING_FILTER_BITS / 64];
        let mut index = 0;
        while index < ENDINGS.len() {
            assert!(
                !has_digit(ENDINGS[index].0),
                "a key's number is read apart from its ending"
            );
            let slot = Self::slot(ending_number(ENDINGS[index].0));
            bits[slot / 64] |= 1 << (slot % 64);
            index += 1;
        }
        let mut index = 0;
        while index < words.len() {
            let word = words[index];
            let Some(ending) = word.last_chunk::<3>() else {
                panic!("a word's ending is three letters");
            };
            assert!(
                !has_digit(ending),
                "a key's number is read apart from its ending"
            );
            // Folded as `may_end` folds a key's.
            let slot = Self::slot(ending_number(ending) | 0x0020_2020);
            bits[slot / 64] |= 1 << (slot % 64);
            index += 1;
        }
        Self(bits)
    }

    /// Whether `key` may end with one of the filter's endings, ignoring ASCII case,
    /// or without its number (see [`without_ordinal`]: no ending holds a digit).
    /// A byte outside ASCII always may: such keys are read in their own language.
    #[inline(always)]
    pub(super) fn may_end(&self, key: &[u8]) -> bool {
        let Some(&[first, second, third]) = key.last_chunk::<3>() else {
            return false;
        };
        if !(first | second | third).is_ascii() {
            return true;
        }
        if third.is_ascii_digit() {
            return self.may_end_without_ordinal(key);
        }
        // As `has_secret_ending` folds an ending.
        let slot = Self::slot(u32::from_le_bytes([first, second, third, 0]) | 0x0020_2020);
        self.0[slot / 64] >> (slot % 64) & 1 == 1
    }

    /// [`Self::may_end`] of a key whose last byte is a digit: kept out of line, as
    /// few keys end so.
    #[cold]
    #[inline(never)]
    fn may_end_without_ordinal(&self, key: &[u8]) -> bool {
        let without = without_ordinal(key);
        !without.last().is_some_and(u8::is_ascii_digit) && self.may_end(without)
    }

    /// The bit of an ending.
    const fn slot(ending: u32) -> usize {
        (ending.wrapping_mul(ENDING_MULTIPLIER) >> (32 - ENDING_FILTER_BITS.trailing_zeros()))
            as usize
    }
}

/// The last two segments of a key split at `_`, `-`, `.` and camel-case humps
/// (`SecretAccessKey` is `Secret`, `Access`, `Key`; `APIKey` is `API`, `Key`).
struct Segmented<'k> {
    qualifier: Option<&'k [u8]>,
    last: Folded,
}

impl<'k> Segmented<'k> {
    /// The last segments of `key`, when it ends like a secret name: every other key
    /// is turned away without being split.
    fn with_secret_ending(key: &'k [u8]) -> Option<Self> {
        if !has_secret_ending(key) {
            return None;
        }
        let mut segments = Segments {
            key,
            end: key.len(),
        };
        let last = Folded::new(segments.next()?);
        Some(Self {
            qualifier: segments.next(),
            last,
        })
    }

    /// Whether the qualifier names a state (`InvalidToken`, `missing_salt`).
    fn is_qualified_by_state(&self) -> bool {
        self.qualifier.is_some_and(|qualifier| {
            let qualifier = Folded::new(qualifier);
            STATE_QUALIFIERS.iter().any(|&state| qualifier.is(state))
        })
    }

    /// Whether the name's value is a secret when it looks generated (see
    /// [`NameVerdict`]).
    fn takes_generated_value(&self, name: &[u8]) -> bool {
        // `key` alone names a record's, a sheet's or a cache's key as often.
        let unlisted_key = self.last.is(KEY) && self.qualifier.is_some();
        (unlisted_key
            || GENERATED_ONLY_SEGMENTS
                .iter()
                .any(|&word| self.last.is(word)))
            && has_no_ordinary_segment(name)
    }

    /// Whether `name`, whose last segments these are, is a listing's cursor: told
    /// by its last two segments first, most names being none.
    fn is_listing_cursor(&self, name: &[u8]) -> bool {
        (self.last.is(TOKEN)
            && self.qualifier.is_some_and(|qualifier| {
                let qualifier = Folded::new(qualifier);
                CURSOR_QUALIFIERS.iter().any(|&word| qualifier.is(word))
            })
            && is_listing_cursor(name))
            || (self.qualifier.is_none() && FUSED_CURSORS.iter().any(|&word| self.last.is(word)))
    }

    fn is_secret(&self) -> bool {
        let last = self.last;
        if self.is_qualified_by_state() {
            return false;
        }
        if SECRET_SEGMENT_ENDINGS
            .iter()
            .any(|&ending| last.ends_with(ending))
            || SECRET_SEGMENTS.iter().any(|&word| last.is(word))
            || last.ends_with(OTP)
            || (last.ends_with(PASS) && STORE_PASSES.iter().any(|&word| last.ends_with(word)))
        {
            return true;
        }
        let Some(qualifier) = self.qualifier else {
            return false;
        };
        if QUALIFIED_ABBREVIATIONS.iter().any(|&word| last.is(word)) {
            return true;
        }
        let qualifier = Folded::new(qualifier);
        (last.is(KEY) && SECRET_KEY_QUALIFIERS.iter().any(|&word| qualifier.is(word)))
            || (last.is(WORD) && qualifier.ends_with(PASS))
            || (last.is(PHRASE) && qualifier.is(PASS))
            || (last.is(LOGIN) && qualifier.ends_with(SONAR))
            || (PASSWORD_TAILS.iter().any(|&tail| last.is(tail))
                && (PASSWORD_NAMES.iter().any(|&name| qualifier.ends_with(name))
                    || PASSWORD_ABBREVIATIONS
                        .iter()
                        .any(|&name| qualifier.is(name))))
            || (CODES.iter().any(|&code| last.is(code))
                && SECOND_FACTORS.iter().any(|&factor| qualifier.is(factor)))
    }

    /// The `Authorization` header (or `Proxy-Authorization`), whose value is a
    /// scheme and a credential.
    fn is_authorization(&self) -> bool {
        self.last.is(AUTHORIZATION)
    }
}

/// Segments of a key, from the last one backwards.
struct Segments<'k> {
    key: &'k [u8],
    end: usize,
}

impl<'k> Iterator for Segments<'k> {
    type Item = &'k [u8];

    fn next(&mut self) -> Option<&'k [u8]> {
        // A space joins the two words of a key written as prose (`API key`).
        let is_separator = |byte: &u8| matches!(byte, b'_' | b'-' | b'.' | b' ');
        while self.end > 0 && is_separator(&self.key[self.end - 1]) {
            self.end -= 1;
        }
        if self.end == 0 {
            return None;
        }
        let end = self.end;
        let mut start = end - 1;
        while start > 0 && !is_separator(&self.key[start - 1]) && !is_hump(self.key, start) {
            start -= 1;
        }
        self.end = start;
        Some(&self.key[start..end])
    }
}

/// Whether a new camel-case segment starts at `index`: a capital after a lowercase
/// letter or digit (`apiKey`), or the last capital of an acronym before a lowercase
/// letter (`APIKey`).
fn is_hump(key: &[u8], index: usize) -> bool {
    let current = key[index];
    let previous = key[index - 1];
    if !current.is_ascii_uppercase() {
        return false;
    }
    previous.is_ascii_lowercase()
        || previous.is_ascii_digit()
        || previous.is_ascii_uppercase() && key.get(index + 1).is_some_and(u8::is_ascii_lowercase)
}

#[cfg(test)]
mod tests {
    use super::{is_authorization_name, is_secret_name};

    #[test]
    fn secret_names_in_every_spelling() {
        for key in [
            "password",
            "PASSWORD",
            "db_password",
            "dbpassword",
            "passWord",
            "passPhrase",
            "sonar.login",
            "DbPassWord",
            "passwd",
            "client_secret",
            "clientSecret",
            "secret",
            "token",
            "access_token",
            "GITHUB_TOKEN",
            "X-Auth-Token",
            "api_key",
            "apiKey",
            "APIKey",
            "X-Api-Key",
            "apikey",
            "AWS_SECRET_ACCESS_KEY",
            "SecretAccessKey",
            "private_key",
            "credentials",
            "HONEYCOMB_WRITEKEY",
            "writeKey",
            "Authorization",
            "Proxy-Authorization",
            "Set-Cookie",
            "X-Amz-Signature",
            "DB_PASS",
            "MYSQL_PWD",
            "AccountKey",
            "sig",
            "auth",
            "basic_auth",
            "--password",
            "passphrase",
            "_gitlab_session",
            "sessionid",
            "credential",
            "cookie",
            "ldap_bind_pw",
            "LDAP_BIND_PW",
            "admin-pw",
            "Ocp-Apim-Subscription-Key",
            "secret_key_base",
            "SECRET_KEY_BASE",
            "session_key",
            "JWT_KEY",
            "PresharedKey",
            "psk",
            "PSK",
            "masterauth",
            "requirepass",
            "PHPSESSID",
            "connect.sid",
            "authkey",
            "TS_AUTHKEY",
            "AIRFLOW__CORE__FERNET_KEY",
        ] {
            assert!(is_secret_name(key.as_bytes()), "{key}");
        }
    }

    #[test]
    fn a_copy_named_for_an_environment_is_the_same_name() {
        for environment in [
            "prod",
            "PRODUCTION",
            "live",
            "Test",
            "dev",
            "development",
            "stage",
            "STAGING",
            "stg",
            "uat",
            "QA",
            "sandbox",
            "old",
            "new",
        ] {
            for separator in ["_", "-", "."] {
                let key = format!("db_password{separator}{environment}");
                assert!(is_secret_name(key.as_bytes()), "{key}");
            }
        }
        for key in ["api_key_v2", "API_KEY_PROD_2", "GITHUB_TOKEN-V3"] {
            assert!(is_secret_name(key.as_bytes()), "{key}");
        }
        for key in [
            "TOKEN_TTL_PROD",
            "PASSWORD_MIN_LENGTH_DEV",
            "server_v2",
            "prod",
            "_prod",
            "latest",
            "request",
            "password_production_url",
        ] {
            assert!(!is_secret_name(key.as_bytes()), "{key}");
        }
    }

    #[test]
    fn common_names_with_a_secret_like_ending_are_turned_away_at_once() {
        for key in [
            "region",
            "version",
            "exception",
            "failure",
            "database",
            "api.example.com",
            "example.org",
            "dotnet",
        ] {
            assert!(!super::has_secret_ending(key.as_bytes()), "{key}");
        }
        for key in [
            "Proxy-Authorization",
            "userSession",
            "X-Amz-Signature",
            "PASSPHRASE",
            "BUNDLE_GEMS__CONTRIBSYS__COM",
            "BUNDLE_RUBYGEMS__PKG__GITHUB__ORG",
            "BUNDLE_GEMS__EXAMPLE__NET",
        ] {
            assert!(super::has_secret_ending(key.as_bytes()), "{key}");
        }
    }

    #[test]
    fn ordinary_names_that_mention_secrets_are_not_secret() {
        for key in [
            "overwritekey",
            "max_tokens",
            "token_type",
            "token_count",
            "InvalidToken",
            "oauth",
            "author",
            "config",
            "keyWord",
            "compassWords",
            "expired_token",
            "MissingPassword",
            "secret_name",
            "password_min_length",
            "pass",
            "PWD",
            "OLDPWD",
            "pw",
            "PW",
            "key_base",
            "database",
            "key",
            "private_key_id",
            "tokenizer",
            "status",
            "ssid",
            "sid",
            "bypass",
            "session_id",
            "existingSecret",
            "",
        ] {
            assert!(!is_secret_name(key.as_bytes()), "{key}");
        }
        assert!(is_authorization_name(b"Authorization"));
        assert!(!is_authorization_name(b"authorization_url"));
    }
}
