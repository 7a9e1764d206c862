//! Sanitizing upstream text: the single bounded pass against the usual multi-pass
//! job done with the `regex` crate (strip characters, replace markers, split and
//! rejoin words, one regex replace over the secret patterns), on typical error text,
//! on text dense with secrets, and on input far past the window.
//!
//! `provider_tokens_2kib` holds one token of each format the first table already
//! had, in prose: run on the commit before the full table and on the full table,
//! it shows what a token costs as the table grows (see BENCHMARKS.md).
//!
//! Run with `cargo bench -p error-core --bench sanitize`.

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use error_core::sanitize::sanitize_error_text;

/// The cap an envelope's cause gets.
const CAP: usize = 8 * 1024;

/// Calls per timed sample for the 2 KiB inputs. A call takes microseconds: timed
/// one at a time, each sample would measure a call made cold after divan's own
/// bookkeeping, not the throughput of back-to-back calls.
const SAMPLE_SIZE: u32 = 64;

fn main() {
    for text in [typical(), secret_dense()] {
        let ours = sanitize_error_text(&text, CAP);
        let theirs = regex_baseline::sanitize(&text, CAP);
        for secret in [
            "hunter2",
            "ghp_16C7e42F",
            "wJalrXUtnFEMI",
            "MIIEowIBAAK",
            "eyJzdWIi",
            "SK3752d1",
            "dapie6cf",
            "s3cr3t-netrc",
        ] {
            assert!(!ours.contains(secret), "{secret} in {ours}");
            assert!(
                !theirs.contains(secret),
                "{secret} in the baseline's {theirs}"
            );
        }
    }
    divan::main();
}

/// About 2 KiB of what an upstream failure looks like: a JSON error body, a
/// Python traceback, headers, URLs and ids, and one secret.
fn typical() -> String {
    r#"upstream_error: POST https://api.example.com/v2/orders/3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60/refunds returned HTTP/1.1 502 Bad Gateway after 30012ms
response headers: Content-Type: application/json; charset=utf-8, X-Request-Id: req_8f14e45fceea167a5a36dedd4bea2543, Retry-After: 30
response body: {"error": {"type": "upstream_unavailable", "message": "The payments backend did not answer in time; the refund was not created.", "code": 502, "trace_id": "9fceb02d0ae598e95dc970b74767f19372d61af8"}}
Traceback (most recent call last):
  File "/srv/app/payments/handlers.py", line 214, in create_refund
    response = session.post(url, json=payload, timeout=30)
  File "/usr/lib/python3.12/site-packages/requests/sessions.py", line 637, in post
    return self.request("POST", url, data=data, json=json, **kwargs)
  File "/usr/lib/python3.12/site-packages/requests/adapters.py", line 713, in send
    raise ReadTimeout(e, request=request)
requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.example.com', port=443): Read timed out. (read timeout=30)
during handling, the client retried 3 times with backoff 0.5s, 1s, 2s; the circuit breaker for api.example.com is now half-open
last attempt: GET https://status.example.com/api/v1/components?page=1&limit=50 -> 200 OK (degraded: payments, refunds)
context: tenant=acme-corp region=eu-west-1 deployment=payments-7d9f8b6c5-x2k4p commit 5d41402abc4b2a76b9719d911017c592
hint: see https://docs.example.com/errors/upstream_unavailable#retrying for guidance on idempotent retries
  File "/srv/app/payments/retry.py", line 88, in with_backoff
    return call(*args, **kwargs)
upstream said: service temporarily unavailable, please try again later (maintenance window 02:00-02:30 UTC)
the request used Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U (redacted above)
"#
    .to_owned()
}

/// About 2 KiB where most lines carry a secret.
fn secret_dense() -> String {
    r#"GET /login?user=alice&password=hunter2&next=%2Fhome -> 401
Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U
X-Api-Key: 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c
{"api_key": "sk-proj-Xb8hT2kLq9WzR4vN7mY3cF6jD1sA5gE0uI8oP2tK4wQ7", "client_secret": "GOCSPX-1a2b3c4d5e6f7g8h"}
export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE
export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
git clone https://x-access-token:ghs_16C7e42F292c6912E7710c838347Ae178B4a@github.com/acme/payments.git
token ghp_16C7e42F292c6912E7710c838347Ae178B4a rejected; slack xoxb-1234567890123-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx revoked
stripe sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUv and google AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY
postgres://payments:s3cr3t-pa55@db.internal:5432/payments?sslmode=require
-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aumjHmh3TtAAnKcnzGUL+7Ymvv
QK9A2bO8yc0Iv1p9yK3tXv0mNcJwL9QqQ6vS8eOJ0x6j8S5r5s2sB+3XnUoPZ0b2
-----END RSA PRIVATE KEY-----
npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh glpat-xZ8vQ2mK9pL4nR7tW1yB
DB_PASSWORD="p4ss w0rd" client_secret: GOCSPX-9z8y7x6w5v Set-Cookie: session=eyJ1c2VyIjoxfQ--a1b2; Path=/
Authorization: Basic dXNlcjpwYXNzd29yZA== and again password=hunter2&api_key=k3y-19f&token=t0k3n-abc
{"password": "correct horse battery staple", "refresh_token": "1//0gLx-Yz-abcdef", "user": "bob"}
twilio TWILIO and databricks DATABRICKS rejected
~/.netrc: machine api.example.com login alice password s3cr3t-netrc
"#
    // Assembled, so that secret scanners reading this file find no token.
    .replace("TWILIO", &format!("SK{}", "3752d1ea20493d982fb10aa4ff7691c5"))
    .replace("DATABRICKS", &format!("dapi{}", "e6cf601f5430492f16d004941d87f037"))
}

/// About 2 KiB of prose with one token of each format the first, small table knew
/// (OpenAI, Stripe, GitHub, GitLab, Slack, AWS, Google, JWT, npm, PyPI, Hugging
/// Face), and words that start like the new formats' prefixes.
fn provider_tokens() -> String {
    r#"the deploy of shop-api failed: shpat is the prefix of a Shopify token, doo_ and dop_ are DigitalOcean's
sk-proj-Xb8hT2kLq9WzR4vN7mY3cF6jD1sA5gE0uI8oP2tK4wQ7 was rejected by the model gateway (401)
stripe said sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUv is revoked; rk_test_51H8xYzAbCdEfGhIjKlMnOpQr too
github: ghp_16C7e42F292c6912E7710c838347Ae178B4a and ghs_16C7e42F292c6912E7710c838347Ae178B4a expired
gitlab: glpat-xZ8vQ2mK9pL4nR7tW1yB lacks the api scope; see the access-tokens page for glft and gldt
slack: xoxb-1234567890123-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx was used from a new IP address
aws: AKIAIOSFODNN7EXAMPLE is not authorized to perform s3:GetObject on arn:aws:s3:::payments/2024
google: AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY has referer restrictions that block this origin
jwt: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U expired
npm: npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 cannot publish @acme/client; pypi- tokens need the upload scope
hugging face: hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh is read-only; api_org_ keys are organization-wide
the linter flagged key-value pairs in sm_config.yaml, fio-related settings, ntn_ and lin_api_ placeholders
EAAA-style and AQVN-style ids appear in the docs of Square and Yandex; CFPAT, PMAK and HRKU are prefixes too
"#
    .to_owned()
}

/// `typical()` repeated to `len` bytes (cut at a character boundary).
fn sized(len: usize) -> String {
    let mut text = typical().repeat(len / typical().len() + 1);
    text.truncate(len);
    text
}

mod typical_2kib {
    use super::{
        Bencher, BytesCount, CAP, SAMPLE_SIZE, black_box, regex_baseline, sanitize_error_text,
    };

    #[divan::bench(sample_size = SAMPLE_SIZE)]
    fn single_pass(bencher: Bencher) {
        let text = super::typical();
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| sanitize_error_text(black_box(&text), CAP));
    }

    #[divan::bench(sample_size = SAMPLE_SIZE)]
    fn regex_baseline(bencher: Bencher) {
        let text = super::typical();
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| regex_baseline::sanitize(black_box(&text), CAP));
    }
}

mod secret_dense_2kib {
    use super::{
        Bencher, BytesCount, CAP, SAMPLE_SIZE, black_box, regex_baseline, sanitize_error_text,
    };

    #[divan::bench(sample_size = SAMPLE_SIZE)]
    fn single_pass(bencher: Bencher) {
        let text = super::secret_dense();
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| sanitize_error_text(black_box(&text), CAP));
    }

    #[divan::bench(sample_size = SAMPLE_SIZE)]
    fn regex_baseline(bencher: Bencher) {
        let text = super::secret_dense();
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| regex_baseline::sanitize(black_box(&text), CAP));
    }
}

mod provider_tokens_2kib {
    use super::{
        Bencher, BytesCount, CAP, SAMPLE_SIZE, black_box, regex_baseline, sanitize_error_text,
    };

    #[divan::bench(sample_size = SAMPLE_SIZE)]
    fn single_pass(bencher: Bencher) {
        let text = super::provider_tokens();
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| sanitize_error_text(black_box(&text), CAP));
    }

    #[divan::bench(sample_size = SAMPLE_SIZE)]
    fn regex_baseline(bencher: Bencher) {
        let text = super::provider_tokens();
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| regex_baseline::sanitize(black_box(&text), CAP));
    }
}

/// The typical text made one line, as a log field takes it, against the multi-line
/// pass on the same text.
mod one_line_2kib {
    use super::{Bencher, BytesCount, CAP, SAMPLE_SIZE, black_box, sanitize_error_text};
    use error_core::sanitize::sanitize_single_line;

    #[divan::bench(sample_size = SAMPLE_SIZE)]
    fn single_line(bencher: Bencher) {
        let text = super::typical();
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| sanitize_single_line(black_box(&text), CAP));
    }

    #[divan::bench(sample_size = SAMPLE_SIZE)]
    fn error_text(bencher: Bencher) {
        let text = super::typical();
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| sanitize_error_text(black_box(&text), CAP));
    }
}

/// Error bodies of other shapes than `typical()`, each repeated to 2 KiB: the pages
/// and faults that upstreams answer with (HTML from a proxy, a SOAP fault), compiler
/// output full of `<`, `>` and `::`, aligned columns, one-line JSON, stack traces,
/// a test runner's banners and a table's rules. Their markup and punctuation reach
/// rules that typical text seldom does. None holds a secret (a test holds them to
/// that: `tests/sanitize_corpus.rs`).
mod error_bodies_2kib {
    use super::{
        Bencher, BytesCount, CAP, SAMPLE_SIZE, black_box, regex_baseline, sanitize_error_text,
    };

    /// The bodies, by name.
    const BODIES: [(&str, &str); 10] = [
        ("html_page", include_str!("error_bodies/html_page.txt")),
        ("soap_fault", include_str!("error_bodies/soap_fault.txt")),
        (
            "cpp_compiler",
            include_str!("error_bodies/cpp_compiler.txt"),
        ),
        (
            "kubernetes_events",
            include_str!("error_bodies/kubernetes_events.txt"),
        ),
        ("json_error", include_str!("error_bodies/json_error.txt")),
        ("go_panic", include_str!("error_bodies/go_panic.txt")),
        ("java_trace", include_str!("error_bodies/java_trace.txt")),
        ("python_sql", include_str!("error_bodies/python_sql.txt")),
        (
            "pytest_report",
            include_str!("error_bodies/pytest_report.txt"),
        ),
        ("psql_table", include_str!("error_bodies/psql_table.txt")),
    ];

    /// The bodies' names, which name the benchmarks.
    const NAMES: [&str; BODIES.len()] = {
        let mut names = [""; BODIES.len()];
        let mut index = 0;
        while index < BODIES.len() {
            names[index] = BODIES[index].0;
            index += 1;
        }
        names
    };

    /// The body named `name`, repeated to 2 KiB (cut at a character boundary).
    fn body(name: &str) -> String {
        let (_, body) = BODIES
            .into_iter()
            .find(|&(listed, _)| listed == name)
            .expect("the benchmarks' names come from BODIES");
        let mut text = body.repeat(2048 / body.len() + 1);
        let mut end = 2048;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text
    }

    #[divan::bench(args = NAMES, sample_size = SAMPLE_SIZE)]
    fn single_pass(bencher: Bencher, name: &str) {
        let text = body(name);
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| sanitize_error_text(black_box(&text), CAP));
    }

    #[divan::bench(args = NAMES, sample_size = SAMPLE_SIZE)]
    fn regex_baseline(bencher: Bencher, name: &str) {
        let text = body(name);
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| regex_baseline::sanitize(black_box(&text), CAP));
    }
}

/// Inputs from 8 KiB to 5 MiB under an 8 KiB cap: the single pass should cost the
/// same for all of them once they are past the window.
mod past_the_window {
    use super::{Bencher, BytesCount, CAP, black_box, regex_baseline, sanitize_error_text};

    const SIZES: [usize; 5] = [8 << 10, 32 << 10, 256 << 10, 1 << 20, 5 << 20];

    #[divan::bench(args = SIZES)]
    fn single_pass(bencher: Bencher, len: usize) {
        let text = super::sized(len);
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| sanitize_error_text(black_box(&text), CAP));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn regex_baseline(bencher: Bencher, len: usize) {
        let text = super::sized(len);
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| regex_baseline::sanitize(black_box(&text), CAP));
    }
}

/// Adversarial text that the whole pass reads (a cap of 1 MiB): one repeated unit
/// that makes many rules start and fail, at 8 KiB and at 32 KiB. The work must grow
/// with the text, not with its square: 32 KiB should take about four times 8 KiB.
/// The first four units once made a token rule read a whole run per start, and the
/// last made the turn-label check read the whole run of spaces that removed labels
/// leave.
mod adversarial {
    use super::{Bencher, BytesCount, black_box, sanitize_error_text};

    /// Units that were quadratic once, or read far for each start; each benchmark
    /// is named by its unit.
    const UNITS: &[&str] = &[
        // OpenAI's prefix at every word start, a body without a capital.
        "sk-a1-",
        // A MaxMind body without `_mmk` from every position.
        "_",
        // Databricks' prefix in an underscored run.
        "dapiA1_",
        // An Authress prefix whose body must hold `.acc`.
        "scauth_a1-",
        // A URL's authority and user at every few bytes.
        "://u:p@",
        // A sequence token, removed, at every three bytes.
        "<s>",
        // Turn labels, each at a line start once the one before is removed.
        "Human: ",
        // A redaction that swallows a `Cookie` header's name, again and again.
        "token=Cookie: a=b; ",
        // A redaction that each secret key's value extends once more.
        "password: MT",
        // A short flag whose command is looked for back to the line's start.
        " -p ",
        // A data source name's password, looked for to its `@`.
        "app:x@",
        // An element's content after a naming attribute, looked for to its tag.
        " key=\"password\"> ",
        // A credential call's arguments, looked for to the line's end.
        "BasicAuth(a, ",
        // An account's `=`, looked for after each `SET PASSWORD FOR`.
        "SET PASSWORD FOR a=' ",
        // A connection's arguments, read to the password's place.
        "mysqli_connect(Object(a), 'b', ",
        // A password element's attributes, read to its tag's `>`.
        "<wsse:Password a=\"b\" ",
        // The arguments after a PDO data source name.
        "'mysql:host=a', 'b', ",
        // A paired flag's user and separator, its command looked for each time.
        " -U a%",
        // A CDATA section in an element named for a secret, looked for to its end.
        "<token><![CDATA[a",
        // A secret setting's name, its command looked for each time.
        "ENV A_KEY b ",
        // A command word that takes a password as an argument, its arguments read
        // back to it from each word after it; an argument list's flag.
        " add_user a",
        "+ htpasswd -b a b ",
        "'-p', '",
        // A secret-named word that reads as a flag, and a quoted attribute value's
        // `sw` (both were quadratic, found by the ninth session's review).
        " /api_key ",
        " k=\"password\"",
        // A paired flag's password through its commas, Samba's long spelling, and
        // SASL's mechanism, each read back to its command.
        "lftp -u a,",
        " --user a%",
        "AUTH PLAIN ",
        // A phrase about a password, its `: `s looked for after each `password`
        // and the phrase looked for back from each `: `; a `value` named by the
        // member or element before it; a PDO user string holding commas.
        " password a: ",
        "{\"name\":\"DB_PASSWORD\",\"value\":",
        "<key>api_key</key><value>",
        "'mysql:h', \"a, ",
        // A credential call whose password takes the next call's name along, each
        // time (quadratic until the twelfth session: the swallowed text was
        // searched whole for a command's word at each step); a YAML block whose
        // line breaks are escaped (its lines read as one block); an API key's
        // phrase; a call's string named by the one before it.
        "HTTPBasicAuth('a', '",
        "session.setPassword(\"",
        "password: >-\\n  ",
        "Incorrect API key provided: ",
        "define('DB_PASSWORD', '",
        // A credential call's arguments looked at again after each redaction; a
        // table's cells; an FTP transcript's `PASS`; JSON whose quotes are HTML
        // entities.
        "oci_connect(\"a API key: ConvertTo-SecureString b\", \"",
        "| password | ",
        "> PASS ",
        "{&quot;password&quot;:&quot;",
        // Words prose names a secret with, Redis's password without a user.
        "token is ",
        "passphrase \"",
        "redis://:",
        // A string that takes the start of a value wrapped at its comma, the line
        // after it read for the rest each time (quadratic on one line in its first
        // version: the whole redaction was read back for its last line).
        "token=\"(a,\n'",
    ];

    /// Each unit repeated to 8 KiB and to 32 KiB: a linear pass takes about 4x as
    /// long for the longer text.
    #[divan::bench(consts = [8192, 32768], args = UNITS, sample_count = 50)]
    fn units<const LEN: usize>(bencher: Bencher, unit: &str) {
        let mut text = unit.repeat(LEN / unit.len() + 1);
        text.truncate(LEN);
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| sanitize_error_text(black_box(&text), 1 << 20));
    }
}

/// The usual way: one pass per concern, a regex for markers and one alternation
/// for every secret pattern. Word boundaries are ASCII (`(?-u:\b)`) so that the
/// regex crate keeps its fast automaton on non-ASCII input; the baseline is as
/// fast as it reasonably gets.
mod regex_baseline {
    use std::sync::LazyLock;

    use error_core::sanitize::{REDACTED, TRUNCATION_MARKER};
    use regex::Regex;

    static MARKERS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?i)<\|[a-z0-9_-]{1,32}\|>|</?system>|\[/?inst\]|###|<<|<(?:start|end)_of_turn>",
        )
        .expect("marker pattern")
    });

    static SECRETS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(concat!(
            r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*-----|\z)",
            r"|(?-u:\b)(?:sk-[A-Za-z0-9_-]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}",
            r"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,}|glpat-[A-Za-z0-9_-]{20,}",
            r"|xox[baprse]-[A-Za-z0-9-]{10,}",
            r"|(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16}",
            r"|AIza[A-Za-z0-9_-]{30,}|npm_[A-Za-z0-9]{30,}|pypi-[A-Za-z0-9_-]{50,}",
            r"|hf_[A-Za-z0-9]{30,}|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+",
            // Issue 13's formats without an anchor byte, and Grafana's keys.
            r"|SK[0-9a-fA-F]{32}|dapi[0-9a-f]{32}|4b1d[A-Za-z0-9]{38}|EZTK[A-Za-z0-9]{54}",
            r"|GR1348941[A-Za-z0-9_-]{20}|dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9_.-]{40,}",
            r"|dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}|SG\.[A-Za-z0-9_.-]{66,}",
            r"|hv[sb]\.[A-Za-z0-9_-]{90,}|[ps]at\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}",
            r"|pat[A-Za-z0-9]{14}\.[0-9a-f]{64}|atlasv1\.[A-Za-z0-9_=-]{60,}|sha256~[A-Za-z0-9_-]{43}",
            r"|eyJrIjoi[A-Za-z0-9+/=]{70,}|[A-Za-z0-9_~.-]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,}",
            r"|[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk)",
            r"|BUNDLE_[A-Za-z0-9_]*__[A-Za-z0-9_]+=[^ \t\n]+",
            r"|(?:machine|login)[ \t\n]+[^ \t\n]+[ \t\n]+password[ \t]+[^ \t\n]+",
            r"|webhook\.office\.com/webhookb2/[^ \t\n]+",
            r"|(?i:bearer|basic) +[A-Za-z0-9._~+/=-]{8,}",
            r"|://[^/\s:@]+:[^/\s@]+@",
            r"|(?i:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key",
            r"|client[_-]?secret|authorization|cookie)[\x22']?\s*[:=]\s*[\x22']?[^\s\x22'&,;]+",
        ))
        .expect("secret pattern")
    });

    fn is_removed(character: char) -> bool {
        (character.is_control() && !matches!(character, '\n' | '\t'))
            || matches!(
                character,
                '\u{AD}'
                    | '\u{200B}'..='\u{200F}'
                    | '\u{202A}'..='\u{202E}'
                    | '\u{2060}'..='\u{206F}'
                    | '\u{FE00}'..='\u{FE0F}'
                    | '\u{FEFF}'
                    | '\u{E0000}'..='\u{E0FFF}'
            )
    }

    pub fn sanitize(input: &str, max_len: usize) -> String {
        let stripped: String = input.chars().filter(|&c| !is_removed(c)).collect();
        // Removing markers until none is left, so that pieces cannot reassemble one.
        let mut unmarked = stripped;
        while let std::borrow::Cow::Owned(replaced) = MARKERS.replace_all(&unmarked, "") {
            unmarked = replaced;
        }
        let rejoined = unmarked
            .split('\n')
            .map(|line| line.split(' ').collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n");
        let redacted = SECRETS.replace_all(&rejoined, REDACTED);
        let mut output: String = redacted.chars().take(max_len).collect();
        if redacted.chars().nth(max_len).is_some() {
            output.push_str(TRUNCATION_MARKER);
        }
        output
    }
}
