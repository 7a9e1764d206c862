//! The definition the anchored scan must match: ask the rules at every character,
//! count every character. Slow and obviously right; the property test below holds
//! the fast scan to it.

use proptest::prelude::*;

use super::{REDACTED, Redactor, Stop, redact, redact_within};

impl Redactor<'_> {
    fn run_at_every_position(&mut self, max_chars: usize) -> Stop {
        let bytes = self.text.as_bytes();
        let mut at = 0;
        let mut chars = 0;
        let mut previous = 0;
        while at < bytes.len() {
            let byte = bytes[at];
            if super::char_count::is_char_start(byte) {
                if chars == max_chars {
                    return Stop { at, cut: true };
                }
                self.passed.commands.note_before(bytes, at);
                if let Some(end) = self.secret_at(at, previous) {
                    if max_chars - chars < REDACTED.len() {
                        return Stop { at, cut: true };
                    }
                    self.out.push_str(&self.text[self.copied..at]);
                    self.out.push_str(REDACTED);
                    self.copied = end;
                    chars += REDACTED.len();
                    previous = b']';
                    at = end;
                    continue;
                }
                chars += 1;
            }
            previous = byte;
            at += 1;
        }
        Stop { at, cut: false }
    }
}

fn reference(text: &str, max_chars: usize) -> (String, bool) {
    let mut redactor = Redactor::new(text, &[]);
    let stop = redactor.run_at_every_position(max_chars);
    let output = redactor
        .finish(stop.at)
        .unwrap_or_else(|| text[..stop.at].to_owned());
    (output, stop.cut)
}

/// Text made of the pieces every rule reacts to, in any order.
fn text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        3 => "[a-zA-Z0-9 ._/:=@-]{0,10}",
        2 => proptest::sample::select(&[
            "=", ":", " ", "  ", "\n", "\"", "'", "\\\"", "://", "@", "&", "[", "]", "-", "_",
            "password", "token", "api_key", "Authorization", "Bearer ", "basic ", "Token ",
            "--password ", "--api-key ", "sk-", "ghp_", "github_pat_", "xoxb-", "xoxe.xoxp-", "AKIA", "AIza", "eyJ", "hf_",
            "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----", "https://",
            REDACTED, "é", "日本",
            // CJK text's full-width separators and punctuation.
            "：", "＝", "密码", "，", "；", "。", "\u{FF1B}", "\u{FF01}", "令牌", "トークン",
            "токен",
            // Found from their runs, and `.netrc` entries.
            "SK", "dapi", "4b1d", "GR1348941", "dp.pt.", "SG.", "hvs.", "sha256~", "pat",
            "atlasv1.", "machine ", "login ", "password ", "default ", "\n  ", "x8Q~",
            "_mmk", "aB3dE5_",
            // Bot tokens, settings as attributes, and the newer rows.
            "123456789:", "bot12345:", "AA", "<add key=\"Password\" value=\"", "MT", "secret_",
            "NRAK-", "live_", "t1.", "pk.", "YC", "cmVmd",
            // Short password flags and what keeps a value.
            "mysql ", "docker login ", "sshpass ", "redis-cli ", "-p", "-a", "-P", " -p ", "|",
            ";", "$", "${", "{{", "*v1.Secret", "os.environ[", "arn:aws:secret:",
            "<password>", "</password>", "<db.Passwd>", "<property name=\"token\" value=\"",
            "API key: ", "HMAC_KEY=", "app:", "@tcp(", "@unix(", "auth=(", "', '", "az login ",
            // Hash rockets, indexed keys, SQL, one-dash flags, `pass` alone, bytes
            // literals, Spring Boot's binding failure, long runs of spaces.
            "=>", " => ", "[password]", "user[token]=", "PASSWORD '", "with password \"",
            ":password \"", "-----END RSA PRIVATE KEY-----PASSWORD '", " -storepass ",
            " -upload-token ", " -SecretKey ", "pass=", "pwd:", "pass:", "b'", "=b'",
            "Property: spring.datasource.password\n  Value: ", "Value: ", "LDAP_BIND_PW=",
            "                                ",
            // SQL's `IDENTIFIED BY` and `PASSWORD(`, credential calls.
            " IDENTIFIED BY ", "'@'%' identified by '", " BY ", "by", " VALUES '", "PASSWORD('",
            "HTTPBasicAuth(", "DigestAuth(", ".basic_auth(", "Auth(", ", Some(\"", ", '",
            "<entry key=\"password\">", "name='passwd'>",
            // PHP's `var_dump`.
            "[\"password\"]=>\n  string(12) \"", "=>\n", "string(3) \"", "]=>\r\n  ",
            "string(3) '", "string(3) \\\"", "string(3) b\"", ") ",
            "[\"password\":protected]=>", "\":private]", ":protected]",
            "SET PASSWORD FOR 'a'@'%' = '", "'@'%' = '", " = '",
            // Positional passwords: PHP's stack traces, python-ldap.
            "mysqli_connect(", "mysqli->__construct(", "_real_connect(", "ldap_bind(",
            "Object(mysqli), ", "Resource id #4, ", ", NULL, ", "oci_connect(", ".simple_bind_s(",
            ".login(", "c.Login(\"a\", \"", "login(",
            "PDO->__construct('mysql:host=db', ", "'pgsql:dbname=a'", "mysql:", "(", ")",
            "ldapsearch ", " -w ", "ssh-keygen ", "-N", "mongosh \"db\" ",
            // Paired flags: a user and a password in one value.
            "smbclient ", " -U ", "-U", "admin%", "%", "lftp -u a,", ",",
            "snmpwalk -A ", "openssl enc -k ",
            // A configuration command's secret setting.
            "ENV ", "DB_PASSWORD ", "aws configure set ", "aws_secret_access_key ", "git config ",
            "user.password ", " --global ", "setx ",
            // Elements named for any secret, closed by their tag.
            "<SessionToken>", "</SessionToken>", "<token>", "</token>", "</ns:token>", "<ns:token",
            "</", "<x>",
            // A secret-setting command's flag.
            "gh secret set ", " --body ", " -b ", "az keyvault secret set ", " --value ",
            "--body=", "--secret-string=\"", "file://", "ENV A_KEY ", " --profile x ", "Db:",
            "kubectl create secret generic x ", "--from-literal=", " --from-literal ", "a=",
            " \\\n", "\\\r\n  ",
            // Workflow commands.
            "::add-mask::", "::set-output name=token::", "::save-state name=", "::", "add-mask",
            "echo \"::add-mask::",
            // XML elements with a prefix, attributes or CDATA.
            "<wsse:Password Type=\"#PasswordText\">", "<password type='a'>", "<ns:password",
            " a=\"b\"", "<![CDATA[", "]]>", "<password>", ">",
            // Commands' positional passwords, HTTPie's paired flag, more short flags.
            "rabbitmqctl ", "add_user ", "change_password ", "htpasswd ", " -bn ", " -C 9 ",
            "wpa_passphrase ", "AUTH ", "\"AUTH\" ", "> ", "/usr/bin/", "http -a ", "u:",
            "twine ", "useradd ", "['mysql', '-p", "', '", "[\"sshpass\", \"-p\", \"", "\", \"",
            "['/usr/bin/docker', 'login', ", "\\\"AUTH\\\" \\\"",
            "[\"htpasswd\", \"-b\", ", "'['rabbitmqctl', 'add_user', '", "\", ", "', ",
            "[htpasswd ", "add_user, ", "xAUTH ",
            // Long and quoted paired flags, commas in a password, flags between a
            // setter's words, quotes escaped twice.
            " --user=", " --user ", "%'", "%\\\"", "\\\\\\\"", "-u a,b,", "snmptrap ",
            "git -C /r ", "aws --profile p ", "configure set ", " -c a=b ",
            "jdbc:oracle:thin:", "scott/", "@db", "AUTH PLAIN ", "PLAIN ", "oci8:",
            // A credential-shaped word after `password` in prose.
            " with password ", " Password ", "xB3dE5fG7hJ9", "Argon2id",
            // `is` and quotes after `password`; named pairs; argument lists.
            " password is ", "is ", "password \"", " and password '",
            "{\"name\":\"DB_PASSWORD\",", "\"value\":\"", "- name: API_TOKEN\n",
            "  value: ", "ParameterKey", "\"ParameterValue\": ", "\\n", ", ",
            "<key>api_key</key>", "<value>", "</value>", "<name>", "</name>",
            "['mysql', '--password', '", "\"--api-key\",\"", "', '", "\", \"",
            "os.getenv(", "%DB_PASSWORD%", "!Ref ", "[FILTERED]", "<your-password>",
            "secret \"db-credentials\": secrets", "Generated password for user ", ": ",
            "\n", "A temporary password is generated for root@localhost: ",
            "password :", "=", "u'", "PWD={", "}", "cqlsh -p ", "bcp -P ", "setenv DB_PASSWORD ",
            "- --token", "\n  - ", "\\n - ", "auth=\"", "Container", "ConvertTo-SecureString ",
            "-String ", "$env:A",
            // A call's string argument named by the one before it, Go's data source
            // name without an address, Google's access tokens, references after a
            // scheme.
            "define('DB_PASSWORD', '", "define(", "\"AUTH_KEY\"", "'x_token'", "@/", "ya29.",
            "Bearer ${", "$(", " API key ", "API token is ", "Incorrect API key provided: ",
            "API Secret \"",
            "session.setPassword(\"", ".password('", "db.changeUserPassword(\"a\", \"",
            "u.set_password(", "|-", ": >-\\n  ", "api_secret ", " (rabbitmqctl ", "X-Auth-Token ",
            "> USER a\n", "> PASS ", "passWord=", "redis-cli --pass ", "influx -t ", "| password | ", "> AUTH ",
            "password\t\t", "Key [None]: ", "ngrok config add-authtoken ",
            "{\"Jwt\": {\"Key\": \"", "Jwt:\n  Key: ", "--secret id=",
            "gcloud x --secret=", "--set-secrets=DB_TOKEN=", "&quot;", "&#39;",
            "{&quot;password&quot;:&quot;", "&amp;", "\\u0022", "\\u0027", "\\u00",
            "{\\u0022password\\u0022:\\u0022", "\\u0022token\\u0022: \\u0022", "http://CORP\\a:",
            // URLs whose slashes JSON escaped, credentials' short form.
            "https:\\/\\/", "\\/", "\\", "postgres:\\/\\/app:", "hooks.slack.com\\/services\\/",
            "chat.example.com\\/hooks\\/", "send?key=", "DB_CREDS=", "creds: ",
            // Masks after a prefix, number types, messages, a tokenizer's tokens.
            "sk_test_****", "gho_****", "provided: ", ": u32", "[u8; ", " requires ",
            "{\"token\": \" ", "\u{120}", "\"string\"", "\"PASSWORD\"", "include",
            "Password is required", " at least one ",
            " = @__token_0", "@p0", "{token[:4]}", "{api_key!r}", "\"https://x/?api_key=\" + ",
            "[[\"token\", \"", "[['secret', '", "\"], [\"LIMIT\", 1]]",
            " token \u{201c}", "\u{201d}", " password `", " secret \u{ab}", "\u{2018}",
            // Code that reads a secret: declarations, a traceback's frame, format verbs
            // and a key that opens a string literal.
            "    let ", "String ", "  File \"a.py\", line 1, in f\n    ", " := ", "    $", "%w",
            "%+v", "\"token: \" << ", "'password: ' + ", "cfg.APIKey", " Password: (string) (len=",
            "Password for the [elastic] user successfully reset.\n", "New value: ",
            "$ argocd admin initial-password -n argocd\n",
            ") \"", "codecov -t ", "AAAAAAAAAAAAAAAAAAAAA",
            // Words prose names a secret with.
            " token ", "secret ", "Passphrase ", " access key ", "Secret Key ", "token is '",
            "(token ", "redis://:", "/bot123456:", " signing key ", "-storepass access",
            "`", "=`", " = `", ": `",
            // Cells and columns after a secret's name, keys no rule lists.
            "ssh_key| ", "| API_KEY| ", "token    ", "Secret\t", "db_password      ", "| token | ",
            "MAPBOX_KEY=", "X-Partner-Key: ", "RECAPTCHA_SITE_KEY=",
            " api key ", "/", "%Lk%", "Xq7u8jzPde0IabcdEF12/gh+Ij==", "\u{2502}", " \u{2502} ",
            "DB_PASSWORD\u{2502}",
            // Numbered names, headers in capitals, hex and UUID cells, Terraform's
            // variables.
            "API_KEY_1=", "password2: ", "Unseal Key 1: ", "DD-APPLICATION-KEY: ",
            "secret_id        ", "password    ", "80156d5c44512278c1b0977b0ce4a62a",
            "9184c43d-c06e-47d9-a94c-d15759546137", "variable \"db_password\" {\n",
            "in variable \"api_key\":\n", "  default = \"", "default = ", "}", "{",
            "{\"password\": {\"default\": \"", "   3:   ", "password1    ", "| token2 | ",
            "htpasswd -b ", "Generated password for user admin: ",
            // Keys in any case, salts and seeds, roles abbreviated.
            "mapboxKey: ", "\"mapbox_key\": \"", "?key=", "AUTH_SALT=", "seed: ", "hmac=",
            "fileKey: ", "encKey=", "shared key: ", "PASSCODE=", "missing_salt: ",
            // Another language's `API key`, credentials in prose, second factors.
            "clé API ", "API-Schlüssel ", "APIキー ", "Ключ API ", " credentials ", "Credentials ",
            "mfa_code=", "otp: ", "password_confirmation=",
            // Encoded pairs.
            "%3Ftoken%3D", "%26api_key%3d", "%3D", "%26", "%3F", "https%3A%2F%2F", "%",
            "%3Faccess%5Ftoken%3D", "%5F", "define( 'AUTH_SALT', '",
            // A copy named for its environment or version.
            "DB_PASSWORD_PROD=", "api_key_v2: ", "_staging", "-live", ".qa", "_V3",
            // Lines, whose insides the scan passes over, and what may follow them.
            "-----", "----------------", "=====", "================", "_____",
            "________________", "---+---", "--------BEGIN RSA PRIVATE KEY-----",
            "-------password ", "=======token=", "_______TOKEN=",
            // Tables' headers, rules and rows.
            " id | password\n", "| name | api_key |\n", "----+---------\n", "+----+-----+\n",
            "\n  1 | ", " | ", "|  ", "|\n", " hunter2 ", "\n(2 rows)",
        ][..]).prop_map(str::to_owned),
        1 => "[A-Za-z0-9_.-]{16,40}",
        1 => "[0-9a-f~.=]{20,40}",
        1 => "\\PC{0,4}",
    ];
    proptest::collection::vec(pieces, 0..40).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn the_anchored_scan_asks_the_rules_everywhere_it_matters(text in text(), max_chars in 0usize..300) {
        let window = redact_within(text.clone(), max_chars, &[]);
        prop_assert_eq!((window.text, window.cut), reference(&text, max_chars));
        prop_assert_eq!(redact(&text).into_owned(), reference(&text, usize::MAX).0);
    }
}

/// Cases the property test found, kept whatever its seed.
#[test]
fn the_anchored_scan_agrees_on_found_cases() {
    // Values after full-width separators, which only text outside ASCII anchors.
    for text in [
        "\"AUTH_KEY\"：a=",
        "密码：hunter2，端口：5432",
        "api_key＝'k3y'",
    ] {
        assert_eq!(redact(text).into_owned(), reference(text, usize::MAX).0);
        assert_ne!(redact(text), text, "{text}");
    }
    // A table's rows that a redaction changes: a long token shortens its line, a
    // private key joins three lines into one row.
    let token = format!("eyJhbGciOiJIUzI1NiJ9.eyJ{}.c2lnbmF0dXJl", "a".repeat(4500));
    let key = "-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\n-----END RSA PRIVATE KEY-----";
    let key_with = |line: &str| {
        format!("-----BEGIN RSA PRIVATE KEY-----\n{line}\n-----END RSA PRIVATE KEY-----")
    };
    for text in [
        format!(" id | note | password\n----+------+---------\n  1 | {token} | hunter2\n"),
        format!(" id | password\n----+---------\n {key} | hunter2\n"),
        // A key whose body holds a `|` or a rule; a value that takes a `|`.
        format!(
            " id | k | password\n----+---+---------\n  1 | {} | hunter2\n",
            key_with("a | b")
        ),
        format!(
            " id | password\n----+---------\n  1 | {}\n  2 | hunter2\n",
            key_with("----+----")
        ),
        " id | a | password\n----+---+---------\n  1 | api_key=x|y | hunter2\n".to_owned(),
        format!(
            " id | {} | password\n----+---------\n  1 | aa | hunter2\n",
            key_with("MIIB")
        ),
    ] {
        for max_chars in [45, 64, usize::MAX] {
            let window = redact_within(text.clone(), max_chars, &[]);
            assert_eq!((window.text, window.cut), reference(&text, max_chars));
        }
        assert!(!redact(&text).contains("hunter2"), "{text}");
    }
    // A paired flag's long spelling with spaces after its `=`.
    let text = "smbclient  --user= _%Lk%";
    assert_eq!(redact(text).into_owned(), reference(text, usize::MAX).0);
    // A Bot API path's secret that starts with `_`.
    let text = "/bot123456:_0AAaAa0aaaa_Aa__aAa-a0-a_-_a0A_-a";
    assert_eq!(redact(text).into_owned(), reference(text, usize::MAX).0);
    // A PDO user string whose commas the argument count did not reach past.
    let text = "PDO->__construct('mysql:host=db', \", A0AAA_0_AaAa0A00_0__0_aaa_-00_Aaa.~~~.0.0a.=0==00a0=.aa0=0.a__0a0_aa_a0A---A--aA-a00a_--0__0_-_aAAa-000a0_a0__A-u a,b,-aAaaA00aAaAAAa-\", \"a";
    for max_chars in [0, 40, usize::MAX] {
        let window = redact_within(text.to_owned(), max_chars, &[]);
        assert_eq!((window.text, window.cut), reference(text, max_chars));
    }
    // A PHP resource as an argument list's item.
    let text = "[\"htpasswd\", \"-b\", Resource id #4, ";
    assert_eq!(redact(text).into_owned(), reference(text, usize::MAX).0);
    // A call's first string past the argument reach, holding a credential call's
    // name and `API key:`.
    let text = "oci_connect(\"\u{fffc}a_0Aa0a0a_0Aa0_a-#\u{10837}=aa..=00.a..a===00=..00a....0a0~.a0a__aA-aaaAa000A-aa0_-__Aaa=_=0Aa a= Aaa_Aa==_aAa_aAA_aAa0A__00aAA --AAA0a-a_--A_A_-a_0--a-a0A*v1.Secreta= A0_0-\u{1ee24}=A-_=0A--A-AA0_0aAA-0-_0A_real_connect(API key: ConvertTo-SecureString aaaA-Aa_-0Aa_A_a\", \"-AAAA_a_0__00---";
    for max_chars in [0, usize::MAX] {
        let window = redact_within(text.to_owned(), max_chars, &[]);
        assert_eq!((window.text, window.cut), reference(text, max_chars));
    }
    // Arguments before the password longer together than the argument reach.
    let text = format!(
        "mysqli_real_connect(\"{}\", \"{}\", \"hunter2\")",
        "a".repeat(200),
        "b".repeat(200)
    );
    assert_eq!(redact(&text).into_owned(), reference(&text, usize::MAX).0);
    // A bar right after a secret's name (found by a review's idempotence
    // generator: the anchored scan did not ask after it).
    for text in [
        "htpasswd -b e s access key | | ssh_key| g;Pb5U@@",
        "htpasswd -b e s ss KEY      3$&6zZ!IbCmO91\r\n|| ssh_key|'rj5DjV_rlD5lY_",
        "TED] |\n  Secret\t QpCode0I\"   'JMj'\n| API_KEY| OD3V2WVWzcy1ER",
    ] {
        assert_eq!(redact(text).into_owned(), reference(text, usize::MAX).0);
    }
    // A flag's value on the next item of a YAML list, after an escaped quote.
    let text = "- --token\n  - \\\"=";
    for max_chars in [0, usize::MAX] {
        let window = redact_within(text.to_owned(), max_chars, &[]);
        assert_eq!(
            (window.text, window.cut),
            reference(text, max_chars),
            "{max_chars}"
        );
    }
}
