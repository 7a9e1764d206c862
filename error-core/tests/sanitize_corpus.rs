//! Bounds, and a corpus of ordinary error text that must pass byte for byte.

mod sanitize_support;

use sanitize_support::{
    CAP, REDACTED, TRUNCATION_MARKER, redact_secrets, sanitize_error_text, sanitize_single_line,
};

#[test]
fn the_marker_appears_exactly_when_input_was_dropped() {
    assert_eq!(sanitize_error_text("abcdef", 6), "abcdef");
    assert_eq!(
        sanitize_error_text("abcdefg", 6),
        format!("abcdef{TRUNCATION_MARKER}")
    );
    assert_eq!(sanitize_error_text("abc\u{200b}", 3), "abc");
    assert_eq!(sanitize_error_text("", 0), "");
    assert_eq!(sanitize_error_text("a", 0), TRUNCATION_MARKER);
}

#[test]
fn text_already_cut_keeps_its_marker_once() {
    let once = sanitize_error_text(&"word ".repeat(50), 20);
    assert_eq!(once, format!("word word word word {TRUNCATION_MARKER}"));
    assert_eq!(sanitize_error_text(&once, 20), once);
    assert_eq!(sanitize_single_line(&once, 20), once);
}

#[test]
fn utf8_is_cut_at_character_boundaries() {
    assert_eq!(
        sanitize_error_text("日本語のテキスト", 3),
        format!("日本語{TRUNCATION_MARKER}")
    );
    assert_eq!(
        sanitize_error_text("😀😀😀", 2),
        format!("😀😀{TRUNCATION_MARKER}")
    );
}

#[test]
fn a_secret_at_the_cut_goes_whole_or_not_at_all() {
    let text = "key: ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    assert_eq!(
        sanitize_error_text(text, 10),
        format!("key: {TRUNCATION_MARKER}")
    );
    assert_eq!(sanitize_error_text(text, 15), format!("key: {REDACTED}"));
}

#[test]
fn huge_input_is_read_no_further_than_the_window_needs() {
    let huge = format!(
        "{}{}",
        "a".repeat(5 << 20),
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
    );
    let output = sanitize_error_text(&huge, 8192);
    assert_eq!(
        output.chars().count(),
        8192 + TRUNCATION_MARKER.chars().count()
    );
    assert!(output.ends_with(TRUNCATION_MARKER));
}

/// Ordinary error text: every byte must survive.
const ORDINARY: &[&str] = &[
    "HTTP/1.1 502 Bad Gateway",
    "GET https://api.example.com/v1/users/42?page=2&limit=50 returned 404 Not Found",
    "request 3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60 failed after 30000ms",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 not found",
    "session 5d41402abc4b2a76b9719d911017c592 expired",
    "sha256:9b2c4f7e0a1d3c5b7e9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b",
    "open /var/lib/app/data/config.yaml: no such file or directory (os error 2)",
    r"C:\Users\alice\AppData\Local\Temp\build-7f3a\out.log: access denied",
    "token expired",
    "invalid password",
    "authentication failed: invalid username or password",
    "401 Unauthorized: token has expired, please re-authenticate",
    "error: invalid_grant (Bearer token expired)",
    "Bearer realm=\"api\", error=\"invalid_token\", error_description=\"The access token expired\"",
    "WWW-Authenticate: Basic realm=\"Access to staging\"",
    "Basic authentication is disabled for this endpoint",
    "missing required header: Authorization",
    "The provided API key is invalid",
    "Set the OPENAI_API_KEY environment variable",
    "max_tokens: 4096 exceeds the model limit of 8192 tokens",
    "token_type=bearer expires_in=3600 scope=read",
    "password must be at least 12 characters",
    "rate limited: retry after 30s (limit=100, remaining=0, reset=1717000000)",
    "Retry-After: 120",
    "upstream timeout after 30.5s calling tool search::query",
    "dial tcp 10.0.3.17:5432: connect: connection refused",
    "dial tcp [2001:db8::1]:443: i/o timeout",
    "x509: certificate signed by unknown authority",
    "ssh: handshake failed: ssh: unable to authenticate, attempted methods [none publickey], no supported methods remain",
    "git@github.com: Permission denied (publickey).",
    "https://github.com/org/repo/blob/main/src/lib.rs#L42",
    "postgres://db.internal:5432/app?sslmode=require",
    "redis://cache:6379/0",
    "email alice@example.com not found",
    "Content-Type: application/json; charset=utf-8",
    "2024-06-01T12:34:56.789Z ERROR [worker-3] job 42 failed: exit status 137",
    "values: 1234567890 0.5 -42 1e-9 0xdeadbeef 99.9%",
    "Error: ENOENT: no such file or directory, open '/tmp/x.json'",
    "sk-learn is not installed",
    "AKIA is the prefix of access key ids; ghp_ tokens have 40 characters",
    "eyJ alone is not a token",
    "password: required, token: expired",
    r#"{"error":"invalid_request","error_description":"The refresh token is invalid or expired","status":400}"#,
    r#"{"error": {"type": "invalid_request_error", "message": "max_tokens: 100000 > 8192"}}"#,
    "jsonwebtoken::errors::ErrorKind::ExpiredSignature",
    "use of moved value: `token` at src/auth.rs:12:9",
    "risk-assessment-service-production-canary unavailable",
    "thread 'main' panicked at src/main.rs:42:17:\ncalled `Result::unwrap()` on an `Err` value: Os { code: 2, kind: NotFound, message: \"No such file or directory\" }\nstack backtrace:\n   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\n   2: core::result::unwrap_failed\n   3: app::config::load\n             at ./src/config.rs:17:5\nnote: run with `RUST_BACKTRACE=full` for a verbose backtrace.",
    "Traceback (most recent call last):\n  File \"/app/service/handlers.py\", line 88, in handle\n    token = session.refresh(credentials)\n  File \"/usr/lib/python3.12/site-packages/requests/api.py\", line 59, in request\n    return session.request(method=method, url=url, **kwargs)\nrequests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://api.example.com/v2/token",
    "TypeError: Cannot read properties of undefined (reading 'token')\n    at refreshSession (/srv/app/node_modules/auth/lib/session.js:112:23)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
    "java.lang.IllegalStateException: Connection pool shut down\n\tat org.apache.http.impl.conn.PoolingHttpClientConnectionManager.requestConnection(PoolingHttpClientConnectionManager.java:269)\n\tat com.example.TokenClient.fetch(TokenClient.java:57)\n\tat com.example.SecretManager.get(SecretManager.java:31)",
    "goroutine 1 [running]:\nmain.fetchToken(0xc000012345)\n\t/home/dev/app/main.go:27 +0x1d\nexit status 2",
    "Résumé invalide : le champ « mot de passe » est requis — réessayez",
    "请求失败：令牌已过期",
    "cannot fetch token: 401 Unauthorized",
    "unexpected token: '}' at line 3 column 14",
    "Using --password via the CLI is insecure. Consider using --password-file instead.",
    "Error from server (NotFound): secret \"db-credentials\" not found",
    "InvalidToken: GET request failed",
    "password: 16 bytes",
    "Config(token=None, password=None)",
    "ERROR: Invalid value for \"--token\": 'None' is not a valid token",
    "{\"password\": null, \"api_key\": \"null\", \"token\": 'None'}",
    "hint: mysql -uroot -p'<your password>' -h db, or sshpass -p \"<password>\" ssh host",
    "usage: app [--token TOKEN] [--verbose]",
    "sk-learn-extra-tools-2024",
    "ETag: \"33a64df551425fcc55e4d42a148795d9f25f89d4\"",
    "token: 1234 exceeds budget",
    "Authorization: header missing",
    "thread 'tokio-runtime-worker' panicked at 'called `Option::unwrap()` on a `None` value', src/cache.rs:88:37",
    "psql: error: connection to server at \"db.internal\" (10.0.0.5), port 5432 failed: FATAL:  password authentication failed for user \"app\"",
    "ERROR:  duplicate key value violates unique constraint \"users_email_key\"\nDETAIL:  Key (email)=(alice@example.com) already exists.",
    "SELECT id, token_hash FROM sessions WHERE user_id = $1 AND expires_at > now() LIMIT 1",
    "Warning  BackOff    3m (x12 over 8m)  kubelet  Back-off restarting failed container api in pod api-7d9f8b6c5-x2k4p_default(3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60)",
    "Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed for volume \"secret-volume\" : secret \"api-credentials\" not found",
    "error: failed to push some refs to 'https://github.com/acme/payments.git'\nhint: Updates were rejected because the tip of your current branch is behind",
    "fatal: Authentication failed for 'https://github.com/acme/payments.git/'",
    "error[E0308]: mismatched types\n  --> src/auth.rs:42:17\n   |\n42 |     let token: String = fetch_token(&client)?;\n   |                ------   ^^^^^^^^^^^^^^^^^^^^ expected `String`, found `Token`",
    "error: could not compile `payments` (lib) due to 2 previous errors; 1 warning emitted",
    "npm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token seems to be invalid.",
    "npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fclient - Not found",
    "GET https://api.example.com/search?q=rust+error&sort=desc&page=3&per_page=100 -> 500",
    "redirect to https://app.example.com/cb?state=af0ifjsldkj&session_state=1 failed",
    "sha512-9Lz6Pqc2GvqI0C8Y5bX7Y8n3p6o1kR2mW4tQ9vZ3xB8cD5eF6gH7iJ0kL1mN2oP3qR4sT5uV6wX7yZ8aB9cD0eF== integrity mismatch",
    "md5 9e107d9d372bb6826bd81d3542a419d6, sha1 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12",
    "uuid 123e4567-e89b-12d3-a456-426614174000 and ULID 01ARZ3NDEKTSV4RRFFQ69G5FAV",
    "image data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg== rejected",
    "std::cout << \"value: \" << v << std::endl;",
    "## Errors\n### Details\nsee the log",
    "family 👨\u{200d}👩\u{200d}👧 and می\u{200c}خواهم stay",
    "KeyError: 'token'\n  File \"/app/auth.py\", line 12, in refresh\n    return cache['token']",
    "E0601 12:00:00.123456   12345 reflector.go:138] failed to list *v1.Secret: secrets is forbidden: User \"system:serviceaccount:prod:api\" cannot list resource \"secrets\" in API group \"\" at the cluster scope",
    "Digest: sha256:4b1d3f0c9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1",
    "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
    "An error occurred (ExpiredToken) when calling the GetCallerIdentity operation: The security token included in the request is expired",
    "x-amz-id-2: vlR7PnpV2Ce81l0PRw6jlUpck7Jo5ZsQjryTjKlc5aLWGVHPZLj5NeC6qMa0emYBDXOo6QBU0Wo=",
    "traceparent: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    "Accepted publickey for deploy from 10.0.0.3 port 40022 ssh2: ED25519 SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s",
    "json: cannot unmarshal number into Go struct field Config.api_key of type string",
    "SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided.",
    "User[id=5, password=null, token=None] failed validation: Config[timeout=30, retries=3]",
    "Warning: mysqli_connect(): (HY000/1045): Access denied for user 'root'@'localhost' (using password: YES)",
    "PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/app/Db.php:14",
    "ldap_bind(): Unable to bind to server: Invalid credentials",
    "+ ldapsearch -x -W -D cn=admin,dc=example,dc=org -b dc=example,dc=org",
    "+ grep -w token src/lib.rs && wc -w README.md",
    "+ ssh-keygen -t ed25519 -N \"\" -f /home/ci/.ssh/id_ed25519",
    "error[E0308]: mismatched types: expected `Result<Vec<[u8; 32]>, Error>`, found `map[string]int`",
    "+ ps -u root,www-data -o pid,cmd | grep -v grep",
    "+ smbclient -L //fs01 -U backup -N && psql -h db -U app%test -d app",
    "+ curl -k -A curl/8.5.0 -u deploy https://example.com/ && http -a deploy example.com",
    "+ aws configure set region eu-west-1 && aws configure get aws_secret_access_key",
    "Step 4/9 : ENV DB_PASSWORD_FILE /run/secrets/db_password",
    "error: the api_key parameter is required; set API_TOKEN in the environment",
    // Kubernetes' errors and manifests: a secret's name, a value read from elsewhere.
    r#"error: failed to get secret "db-credentials": secrets "db-credentials" not found"#,
    r#"{"name":"DB_PASSWORD","valueFrom":{"secretKeyRef":{"name":"db-credentials","key":"password"}}}"#,
    "existingSecret: db-credentials",
    // A traceback's source line reading the secret from the environment.
    r#"    password = os.getenv("DB_PASSWORD")"#,
    r#"  String password = System.getenv("DB_PASSWORD");"#,
    "MasterUserPassword: !Ref DbPassword",
    r#"Parameters: {"user"=>{"email"=>"a@b.com", "password"=>"[FILTERED]"}}"#,
    "Password for user app: ",
    // An object's key in a query, prose about an API key, references and masks.
    "GET https://bucket.s3.amazonaws.com/?list-type=2&key=3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60.json 403",
    "API key missing; set OPENAI_API_KEY or pass api_key",
    "Error: API Key ID: 12345 is not active",
    "curl -H \"Authorization: Bearer ${API_TOKEN}\" https://api.example.com/v1/models",
    "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app",
    "mongodb+srv://admin:<password>@cluster0.abcde.mongodb.net/?retryWrites=true",
    // Around the twelfth session's rules: API keys in prose, calls' named strings,
    // setters, escaped blocks, data source names, references.
    "API key not found for project 3f2c9a1e",
    "API key rotation scheduled for 2024-12-01T00:00:00Z",
    "API token has expired; run `gh auth refresh` to renew",
    "The API key provided has been disabled: contact support@example.com",
    "API key ID AKIDexample is inactive",
    "Invalid API key format: expected prefix sk-",
    "API Key: ********",
    "API keys are managed at https://platform.example.com/account/api-keys",
    "API secret length must be at least 32 characters",
    "define('WP_DEBUG', true);",
    "define('DB_NAME', 'wordpress');",
    "define('DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD'));",
    "define('AUTH_KEY', getenv_docker('WORDPRESS_AUTH_KEY', 'put your unique phrase here'));",
    r#"setenv("PATH", "/usr/bin", 1)"#,
    r#"os.Setenv("API_KEY", os.Getenv("X"))"#,
    r#"System.setProperty("javax.net.ssl.trustStore", "/etc/ssl/truststore.jks")"#,
    "user.set_password(raw_password)",
    r#"ds.setPassword(props.getProperty("db.password"))"#,
    ".withPassword(POSTGRES_PASSWORD)",
    "builder.password(secret.as_str())",
    r#"db.changeUserPassword("app", passwordPrompt())"#,
    "password: |-",
    "password: >",
    "DB_PASSWORD must be set",
    "api_key provided in the request header is invalid",
    "client_secret was rejected by the identity provider",
    "session_token expired at 12:30",
    "X-Auth-Token header missing",
    "the api_key value 12345 is numeric",
    "redis://localhost:6379/0",
    "redis://:@localhost:6379",
    "postgres://app:@db/app",
    "postgres://app@db/app",
    "Go dsn: root@tcp(127.0.0.1:3306)/app",
    "root:@/app",
    "ya29 is the prefix of Google OAuth access tokens",
    "google-auth: token ya29... refreshed",
    "mongodb+srv://<username>:<password>@cluster0.mongodb.net",
    "password=<password>",
    "token=<token>&user=<user>",
    "Set it with (rabbitmqctl add_user <user> <password>)",
    "(rabbitmqctl list_users)",
    "Authorization: Bearer $TOKEN",
    "Authorization: Basic ${BASIC_AUTH}",
    "curl -u $USER:$PASS https://x",
    // Shells' and compilers' own messages about a secret's variable or token, and
    // flags that ask for a secret.
    "/entrypoint.sh: line 3: DB_PASSWORD: unbound variable",
    "JWT_SECRET=${JWT_SECRET:?JWT_SECRET must be set}",
    "error: unknown start of token: \\u{201c}",
    "unexpected token: '\\u00a0' at 3:1",
    "SECRET_KEY: loaded; GITHUB_TOKEN: available; api_key: configured; private_key: encrypted",
    "Invalid API key: check your dashboard",
    "Invalid API key: please verify it in the console",
    "wget --user=ci --ask-password https://nexus.example.com/repository/raw/build.zip",
    "ansible-playbook --ask-vault-password site.yml",
    "ansible-playbook -u deploy --ask-pass site.yml",
    "The default password is shown once after installation.",
    "the virtual machine admin password must be 12-123 characters",
    "machine web01 password prompt timed out",
    // Names that start like a provider's token (a review helper's cases).
    "  File \"h.py\", line 3, in re_parseHttpHeaderValue_withQuotes_v2",
    "undefined symbol: fw_loadFirmwareImageSection2",
    "usb_secret_region_descriptor_table_entry_v2 is out of range",
    "pcsk_ratio_table_for_every_supported_clock_source_and_divider: missing",
    ".fc-4f2a9c1e8b7d6c5a4f3e2d1c0b9a8f7e { display: none }",
    "undefined symbol: tvly-loader_context_context_value_compile",
    "napi_create_string_utf8 failed: napi_pending_exception",
    // `-u user:group` of other commands.
    "docker: Error response from daemon: unable to find user app: no matching entries in passwd file (docker run -u 1000:1000 app)",
    "+ docker exec -u root:root web chown -R www-data:www-data /var/www",
    "podman run --user 1001:0 registry.acme.io/app:1.4",
    "sort -u keys.txt:1 failed",
    "vault write auth/approle/role/ci secret_id_ttl=10m secret_id_num_uses=40",
    "SECRET_ID_TTL=600",
    "pat=[a-z]+ matched nothing",
    "GH_PAT is not set",
    // Around the thirteenth session's rules: FTP's `PASS`, tables after `password`,
    // prompts, states after a secret's name, BuildKit's and Google Cloud's secret
    // names, HTML entities, `Jwt` sections.
    "< 530 PASS command failed: login incorrect",
    "PASS: 12 tests, FAIL: 0",
    "> PASS",
    "| password | string | the user's password |",
    "| Password | required | min 12 characters |",
    "password\t16 bytes",
    "the password  is too short",
    "Default region name [us-east-1]: eu-west-1",
    "Default output format [None]: json",
    "error: token=expired, please sign in again",
    "validation failed: password=required, api_key=missing",
    "token=invalid signature",
    "{\"password\": \"required\"}",
    "+ docker build --secret id=npmrc,src=$HOME/.npmrc -t app .",
    "RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
    "+ gcloud secrets versions access latest --secret=db-password",
    "+ gcloud run deploy api --set-secrets=DB_PASSWORD=db-password:latest",
    "{&quot;title&quot;:&quot;Reset your password&quot;}",
    "&quot;password&quot; is required",
    "Tom &amp; Jerry &amp; friends",
    "\"Jwt\": {\"Issuer\": \"acme\", \"Audience\": \"api\"}",
    "{\"Key\": \"orders/2024/05/01.json\", \"Bucket\": \"b\"}",
    "run ngrok config add-authtoken <token> first",
    "keyWord=value",
    // Around the fourteenth session's rules: words prose names a secret with, URLs
    // without a user, Bot API paths.
    "SyntaxError: Unexpected token Identifier",
    "Uncaught SyntaxError: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON",
    "secret default-token-x7k2p not found in namespace kube-system",
    "MountVolume.SetUp failed for volume \"certs\" : secret \"tls-2024\" not found",
    "token 4096 exceeds the context window of 4000",
    "the token is required; pass --token",
    "access key rotation due in 30 days",
    "passphrase protected keys are not supported",
    "key Xq8Kz3Lw7Rm2Nt5B not found in cache",
    "ERROR: duplicate key value violates unique constraint \"users_pkey\"",
    "next page token eyJwYWdlIjoy is stale",
    "listen tcp://:8080 failed: address already in use",
    "see https://core.telegram.org/bots/api#getme",
    "the robot12345: arm moved",
    "secret: `db-credentials`",
    "| token | `string` | the API token |",
    "export DB_PASSWORD=`cat /run/secrets/db`",
    "run `cargo test` and set `password` in `.env`",
    // GitHub Actions' workflow commands and Kubernetes commands that set no secret.
    "::group::Run actions/checkout@v4",
    "::warning file=src/app.ts,line=12,col=5::'token' is declared but never read",
    "::error title=Deploy failed::kubectl rollout status timed out after 300s",
    "::set-output name=version::1.4.2",
    "::add-mask::${{ steps.login.outputs.token }}",
    "+ kubectl create configmap app-config --from-literal=region=eu-west-1",
    "error: failed to create secret secrets \"db\" already exists",
];

#[test]
fn ordinary_error_text_passes_unchanged() {
    for text in ORDINARY {
        assert_eq!(&sanitize_error_text(text, CAP), text);
        assert_eq!(&redact_secrets(text), text);
        if !text.contains(['\n', '\t']) {
            assert_eq!(&sanitize_single_line(text, CAP), text);
        }
    }
}

/// The error bodies that the sanitizer's benchmark reads (`benches/error_bodies`):
/// a proxy's HTML page, a SOAP fault, compiler output, Kubernetes events, a JSON
/// error, stack traces, a test runner's report and a table. They hold no secret.
const ERROR_BODIES: [&str; 10] = [
    include_str!("../benches/error_bodies/html_page.txt"),
    include_str!("../benches/error_bodies/soap_fault.txt"),
    include_str!("../benches/error_bodies/cpp_compiler.txt"),
    include_str!("../benches/error_bodies/kubernetes_events.txt"),
    include_str!("../benches/error_bodies/json_error.txt"),
    include_str!("../benches/error_bodies/go_panic.txt"),
    include_str!("../benches/error_bodies/java_trace.txt"),
    include_str!("../benches/error_bodies/python_sql.txt"),
    include_str!("../benches/error_bodies/pytest_report.txt"),
    include_str!("../benches/error_bodies/psql_table.txt"),
];

#[test]
fn error_bodies_of_every_shape_pass_unchanged() {
    for body in ERROR_BODIES {
        // As the benchmark reads them too: repeated, so that every line starts at
        // other places in the scan's chunks.
        for text in [body.to_owned(), body.repeat(3)] {
            assert_eq!(sanitize_error_text(&text, CAP), text);
            assert_eq!(redact_secrets(&text), text);
        }
    }
}

#[test]
fn ordinary_multi_line_text_becomes_one_line_by_its_breaks_alone() {
    for text in ORDINARY.iter().filter(|text| text.contains(['\n', '\t'])) {
        assert_eq!(
            sanitize_single_line(text, CAP),
            text.replace(['\n', '\t'], " ")
        );
    }
}

#[test]
fn redacted_text_is_not_redacted_again_and_is_no_marker() {
    for text in [
        REDACTED.to_owned(),
        format!("password={REDACTED}&x=1"),
        format!("Authorization: Bearer {REDACTED}"),
        format!("postgres://app:{REDACTED}@db/x"),
        format!("\"token\": \"{REDACTED}\""),
        format!("[INST{REDACTED}"),
    ] {
        assert_eq!(sanitize_error_text(&text, CAP), text);
    }
}
