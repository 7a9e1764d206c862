//! Secrets announced by their context: secret-named keys in every syntax, headers,
//! flags, and the prose around secret words that must stay.

mod sanitize_support;

use error_core::sanitize::{redact_secrets, sanitize_error_text, sanitize_single_line};
use sanitize_support::redacts_to;

#[test]
fn query_strings() {
    redacts_to(
        "GET /login?user=alice&password=hunter2&x=1 failed",
        "GET /login?user=alice&password=[REDACTED]&x=1 failed",
    );
    redacts_to(
        "callback?code=ok&access_token=ya29.a0AfH6SMBx3&token_type=Bearer",
        "callback?code=ok&access_token=[REDACTED]&token_type=Bearer",
    );
    redacts_to("password=hunter&x=1", "password=[REDACTED]&x=1");
}

#[test]
fn json_and_python_reprs() {
    redacts_to(
        r#"{"api_key": "abc", "client_secret":"s3cr3t", "user": "bob"}"#,
        r#"{"api_key": "[REDACTED]", "client_secret":"[REDACTED]", "user": "bob"}"#,
    );
    redacts_to(
        r#"{'password': 'correct horse battery staple'}"#,
        r#"{'password': '[REDACTED]'}"#,
    );
    redacts_to(
        r#"body: "{\"refresh_token\":\"1//0gLx-Yz\",\"scope\":\"email\"}""#,
        r#"body: "{\"refresh_token\":\"[REDACTED]\",\"scope\":\"email\"}""#,
    );
    redacts_to(
        r#"{"pin": 1234, "token": null}"#,
        r#"{"pin": 1234, "token": null}"#,
    );
    redacts_to(
        r#"{"passcode": 1234, "secret": 98765}"#,
        r#"{"passcode": [REDACTED], "secret": [REDACTED]}"#,
    );
}

#[test]
fn a_square_bracket_the_value_did_not_open_closes_its_structure() {
    // Java's and Lombok's `toString`, Go's `%v` of a map.
    redacts_to(
        "DataSourceConfig[url=jdbc:postgresql://db/app, user=app, password=hunter2]",
        "DataSourceConfig[url=jdbc:postgresql://db/app, user=app, password=[REDACTED]]",
    );
    redacts_to(
        "User [name=alice, password=hunter2] rejected",
        "User [name=alice, password=[REDACTED]] rejected",
    );
    redacts_to(
        "map[user:alice password:hunter2]",
        "map[user:alice password:[REDACTED]]",
    );
    redacts_to("[token=abc123][user=x]", "[token=[REDACTED]][user=x]");
    // A bracket the value opened is its own.
    redacts_to("password=a[1]b, x=1", "password=[REDACTED], x=1");
    redacts_to("secret: k3y[0] and more", "secret: [REDACTED] and more");
}

#[test]
fn strings_wrapped_in_debug_output_and_reprs() {
    redacts_to(
        "Config { api_key: None, client_secret: Some(\"hunter2\") }",
        "Config { api_key: None, client_secret: [REDACTED] }",
    );
    redacts_to(
        "Settings(password=SecretStr('hunter2'), debug=True)",
        "Settings(password=[REDACTED], debug=True)",
    );
    redacts_to("token: Some(None)", "token: Some(None)");
}

#[test]
fn oauth_codes_in_a_redirect() {
    redacts_to(
        "GET /oauth/callback?code=4/0AX4XfWh8kz2QmR7tY9pL3nVx&state=af0ifjsldkj -> 400",
        "GET /oauth/callback?code=[REDACTED]&state=af0ifjsldkj -> 400",
    );
    redacts_to(
        "redirect_uri=https://app.example.com/cb&code=SplxlOBeZQQYbYS6WxSbIA",
        "redirect_uri=https://app.example.com/cb&code=[REDACTED]",
    );
    // Numbers, short values and codes that are not query parameters stay.
    for text in [
        "GET /search?code=404&page=2",
        "GET /lookup?code=EUR",
        "process exited with code=1",
        "error code: 5000000000000000000001",
        "?zipcode=ABCDEFGHIJKLMNOPQRST",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn api_keys_in_a_query_string() {
    redacts_to(
        "GET https://api.example.com/v1/geo?key=Xb8hT2kLq9WzR4vN7mY3cF6j&q=x failed",
        "GET https://api.example.com/v1/geo?key=[REDACTED]&q=x failed",
    );
    redacts_to(
        "GET /maps/api/place?input=x&KEY=Xb8hT2kLq9WzR4vN7mY3cF6j",
        "GET /maps/api/place?input=x&KEY=[REDACTED]",
    );
    // Steam's key: 32 hex digits.
    redacts_to(
        "GET /ISteamUser/GetPlayerSummaries/v0002/?key=5A3B9C1D2E4F60718293A4B5C6D7E8F9&steamids=1",
        "GET /ISteamUser/GetPlayerSummaries/v0002/?key=[REDACTED]&steamids=1",
    );
    // A long key of lowercase letters and digits (found by a leak audit).
    redacts_to(
        "GET /v1/q?key=ztq3ttau753yjnqun3fjwf127zlmi5k6&q=x",
        "GET /v1/q?key=[REDACTED]&q=x",
    );
    // A key's 32 hex digits go with the rest of their word, which the window may
    // cut anywhere.
    redacts_to(
        "https://api.example.com/x?key=0123456789abcdef0123456789abcdef/obj",
        "https://api.example.com/x?key=[REDACTED]",
    );
    // OpenWeatherMap's `appid`: 32 hex digits too.
    redacts_to(
        "GET https://api.openweathermap.org/data/2.5/weather?q=Paris&appid=0123456789abcdef0123456789abcdef failed",
        "GET https://api.openweathermap.org/data/2.5/weather?q=Paris&appid=[REDACTED] failed",
    );
    // A path, a record's key, a placeholder, a short hex id and a parameter that
    // only ends with `key` stay: the value must look generated. So does an
    // application's numeric or short id.
    for text in [
        "https://graph.facebook.com/v19.0/oauth?appid=1234567890123456&x=1",
        "https://store.example.com/api/appdetails?appid=570&l=en",
        "https://api.example.com/x?appid=wx1234567890abcdef",
        "appid=0123456789abcdef0123456789abcdef",
    ] {
        redacts_to(text, text);
    }
    for text in [
        "https://storage.example.com/upload?key=uploads/2024/report-final.pdf&x=1",
        "https://api.example.com/cache?key=user:1234:profile",
        "https://api.example.com/x?key=my-api-key-placeholder",
        "https://api.example.com/x?key=5d41402abc4b2a76",
        "https://api.example.com/x?key=quarterlyreportsummaryforfiscal2024",
        "https://api.example.com/x?monkey=Xb8hT2kLq9WzR4vN7mY3cF6j",
        "cache key=Xb8hT2kLq9WzR4vN7mY3cF6j",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn compound_keys_take_letters_only_values_too() {
    redacts_to("client_secret: abcdefghij", "client_secret: [REDACTED]");
    redacts_to(
        "x-api-key: abcdefghijklmnop\nAccept: */*",
        "x-api-key: [REDACTED]\nAccept: */*",
    );
    redacts_to("api_key: ABCDEFGHIJKLMNOP", "api_key: [REDACTED]");
    redacts_to("DB_PASSWORD: letmein", "DB_PASSWORD: [REDACTED]");
    redacts_to("Authorization: letmein", "Authorization: [REDACTED]");
    // Wording after a compound key stays.
    for text in [
        "api_key: missing",
        "client_secret: invalid",
        "X-Api-Key: required",
        "access_token: expired",
        "refresh_token: String",
        "field client_secret: Vec<u8>",
        "auth_token: Arc<str> at src/lib.rs:3",
        "X-Api-Key: Secret",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn pass_and_pwd_alone_are_told_by_their_value() {
    redacts_to(
        "SMTP auth failed: user=alerts@example.com pass=Xq7u8jzPde0I",
        "SMTP auth failed: user=alerts@example.com pass=[REDACTED]",
    );
    redacts_to(
        "login failed: user=admin pwd=Zk4C3J27XDCG",
        "login failed: user=admin pwd=[REDACTED]",
    );
    redacts_to(
        "openssl pkcs12 -export -passout pass:Wm87X8s51fbL -out cert.p12",
        "openssl pkcs12 -export -passout pass:[REDACTED] -out cert.p12",
    );
    // A count, a state, the working directory, OpenSSL's other sources.
    redacts_to("user=alerts pass=letmein", "user=alerts pass=[REDACTED]");
    redacts_to(
        "Redis(password=b'Xq7u8jzPde0I')",
        "Redis(password=[REDACTED])",
    );
    for text in [
        "tests: pass=12 fail=0",
        "pass: 12/15",
        "pass=95%",
        "tx_pw=20 rx_pw=18",
        "lookup redis.example.pw:6379: no such host",
        "pass: true",
        "PWD=/home/alice",
        "pwd: ~/src/app",
        "openssl rsa -passin env:KEY_PASS",
        "openssl rsa -passin file:/run/secrets/pass",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn spring_boots_binding_failure_and_python_bytes() {
    redacts_to(
        "Failed to bind properties under 'spring.datasource.password' to java.lang.String:\n    Property: spring.datasource.password\n    Value: \"Xq7u8jzPde0I\"\n    Origin: System Environment Property \"SPRING_DATASOURCE_PASSWORD\"",
        "Failed to bind properties under 'spring.datasource.password' to java.lang.String:\n    Property: spring.datasource.password\n    Value: \"[REDACTED]\"\n    Origin: System Environment Property \"SPRING_DATASOURCE_PASSWORD\"",
    );
    redacts_to(
        "Property: spring.datasource.password\n    Value: changeme",
        "Property: spring.datasource.password\n    Value: [REDACTED]",
    );
    assert_eq!(
        sanitize_single_line(
            "Property: spring.datasource.password\n    Value: \"hunter2\"",
            200
        ),
        "Property: spring.datasource.password     Value: \"[REDACTED]\""
    );
    let port = "Failed to bind properties under 'server.port' to int:\n    Property: server.port\n    Value: \"abc\"";
    redacts_to(port, port);
    redacts_to(
        "{'password': b'Xq7u8jzPde0I', 'data': b'ok'}",
        "{'password': b'[REDACTED]', 'data': b'ok'}",
    );
}

#[test]
fn a_password_literal_after_sqls_keyword() {
    redacts_to(
        "ALTER USER app WITH PASSWORD 'Xq7u8jzPde0I';",
        "ALTER USER app WITH PASSWORD '[REDACTED]';",
    );
    redacts_to(
        "STATEMENT:  CREATE ROLE app LOGIN password 'hunter2 two words'",
        "STATEMENT:  CREATE ROLE app LOGIN password '[REDACTED]'",
    );
    redacts_to(
        "alter user app with password 'Xq7u8jzPde0I'",
        "alter user app with password '[REDACTED]'",
    );
    redacts_to(
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1c7\n-----END RSA PRIVATE KEY-----PASSWORD 'hunter2'",
        "[REDACTED]PASSWORD '[REDACTED]'",
    );
    redacts_to(
        "alter role app encrypted Password  'x'",
        "alter role app encrypted Password  '[REDACTED]'",
    );
    redacts_to(
        r#"ex-info {:user "alice", :password "hunter2"}"#,
        r#"ex-info {:user "alice", :password "[REDACTED]"}"#,
    );
    // A literal left open takes the next password along; so does a redaction that
    // swallowed the keyword.
    redacts_to(
        "PASSWORD 'x ALTER USER app WITH PASSWORD 'Aa0AAaAAaaA0'\n",
        "PASSWORD '[REDACTED]'\n",
    );
    redacts_to(
        "-APASSWORD 'ALTER USER app WITH PASSWORD 'Aa0AAaAAaaA0'\n",
        "-APASSWORD '[REDACTED]\n",
    );
    // Other words, empty literals, references and wording stay.
    for text in [
        "ALTER USER app WITH PASSWORD '';",
        "ALTER USER app WITH PASSWORD '${DB_PASSWORD}'",
        r#"the password "was" wrong"#,
        r#"Reset your password "now""#,
        "Enter your password 'again' to confirm",
        "PASSWORD NULL",
        "NOPASSWORD 'x'",
        "new_password 'x'",
        "passwords 'x'",
        "SWAP 'x' and ANSWER 'y'",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_password_after_sqls_identified_by_and_in_mysqls_function() {
    redacts_to(
        "ERROR 1064 (42000): near 'IDENTIFIED BY 'Xq7u8jzPde0I'' at line 1",
        "ERROR 1064 (42000): near 'IDENTIFIED BY '[REDACTED]'' at line 1",
    );
    redacts_to(
        "Query: CREATE USER 'app'@'localhost' IDENTIFIED WITH mysql_native_password BY 'S3cr3t!pass';",
        "Query: CREATE USER 'app'@'localhost' IDENTIFIED WITH mysql_native_password BY '[REDACTED]';",
    );
    redacts_to(
        "CREATE USER 'a'@'%' IDENTIFIED WITH 'caching_sha2_password' BY 'Xq7u8jzPde0I';",
        "CREATE USER 'a'@'%' IDENTIFIED WITH 'caching_sha2_password' BY '[REDACTED]';",
    );
    redacts_to(
        "create user 'app'@'%' identified by \"lower case\"",
        "create user 'app'@'%' identified by \"[REDACTED]\"",
    );
    redacts_to(
        "CREATE USER 'a'@'%' IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9'",
        "CREATE USER 'a'@'%' IDENTIFIED BY PASSWORD '[REDACTED]'",
    );
    redacts_to(
        "SET PASSWORD FOR 'bob'@'%' = PASSWORD('hunter22');",
        "SET PASSWORD FOR 'bob'@'%' = PASSWORD('[REDACTED]');",
    );
    redacts_to(
        "set password for 'bob'@'localhost' = 'Xq7u8jzPde0I';",
        "set password for 'bob'@'localhost' = '[REDACTED]';",
    );
    // A redaction that took the `SET` (read as an `Authorization` scheme).
    redacts_to(
        "Authorization:// SET PASSWORD FOR 'a'@'%' = 'Xq7u8jzPde0I'",
        "Authorization:[REDACTED] PASSWORD FOR 'a'@'%' = '[REDACTED]'",
    );
    // A redaction that took the `PASSWORD` alone (`SET` read as a scheme, the
    // keyword as its credential; found by the planted-secret property).
    redacts_to(
        "Authorization= SET PASSWORD FOR 'a'@'%' = 'aaaAa0A0+a+0",
        "Authorization= SET [REDACTED]",
    );
    // A redaction that took `SET PASSWORD FOR` and the quote that opens its user
    // (found by the planted-secret property).
    redacts_to(
        "[password] => PASSWORD('SET PASSWORD FOR 'a'@'%' = 'Xq7u8jzPde0I'",
        "[password] => [REDACTED]'",
    );
    // Oracle's passwords are words.
    redacts_to(
        "ORA-01935: ALTER USER scott IDENTIFIED BY tiger;",
        "ORA-01935: ALTER USER scott IDENTIFIED BY [REDACTED];",
    );
    redacts_to(
        "ALTER USER scott IDENTIFIED BY VALUES 'S:8F2D6C7B'",
        "ALTER USER scott IDENTIFIED BY VALUES '[REDACTED]'",
    );
    // Prose, other clauses, bind variables, keywords and placeholders stay.
    for text in [
        "Entity 'Order' identified by '42' not found",
        "Host 'db1' identified by 'ssh-rsa' key mismatch",
        "IDENTIFIED BY clause requires a password",
        "PASSWORD('...') will be removed in a future release",
        "the resource identified by 'orders' was not found",
        "Table identified by \"users\" does not exist",
        "the object identified by id 42 is locked",
        "ORDER BY 'created_at' DESC, grouped by 'region'",
        "CREATE USER 'a'@'%' IDENTIFIED BY RANDOM PASSWORD",
        "ALTER USER app IDENTIFIED BY :new_password",
        "ALTER USER app IDENTIFIED BY ?",
        "SELECT OLD_PASSWORD('x')",
        "SET PASSWORD FOR 'bob' = 'x'",
        "WHERE user = 'bob'@'%' = 'x'",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn the_password_argument_of_a_credential_call() {
    redacts_to(
        "    r = requests.get(url, auth=HTTPBasicAuth('alice', 'Wm87X8s51fbL'))",
        "    r = requests.get(url, auth=[REDACTED])",
    );
    redacts_to(
        "    session.auth = HTTPDigestAuth(\"alice\", \"Wm87X8s51fbL\")",
        "    session.auth = [REDACTED]",
    );
    redacts_to(
        "    HTTPBasicAuth('alice', 'Wm87X8s51fbL')",
        "    HTTPBasicAuth('alice', '[REDACTED]')",
    );
    redacts_to(
        "req.SetBasicAuth(user, \"Wm87X8s51fbL\")",
        "req.SetBasicAuth(user, \"[REDACTED]\")",
    );
    redacts_to(
        "client.get(url).basic_auth(\"alice\", Some(\"Wm87X8s51fbL\"))",
        "client.get(url).basic_auth(\"alice\", Some(\"[REDACTED]\"))",
    );
    redacts_to(
        "Connection c = DriverManager.getConnection(url, \"root\", \"Wm87X8s51fbL\");",
        "Connection c = DriverManager.getConnection(url, \"root\", \"[REDACTED]\");",
    );
    redacts_to(
        "methods := []ssh.AuthMethod{ssh.Password(\"Wm87X8s51fbL\")}",
        "methods := []ssh.AuthMethod{ssh.Password(\"[REDACTED]\")}",
    );
    // Other wrappers keep their further arguments, other calls theirs.
    redacts_to(
        "token = t(\"auth.token.expired\", \"Session expired, please log in\")",
        "token = [REDACTED], \"Session expired, please log in\")",
    );
    for text in [
        "HTTPBasicAuth('alice', '')",
        ".basic_auth(\"alice\", None::<&str>)",
        "check_basic_auth(username, 'admin')",
        "parse_basic_auth(\"Basic xyz\", \"utf-8\")",
        "OAuth('client', 'scope')",
        "require_auth('admin', 'editor')",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_tuple_of_strings_after_a_spaced_equals() {
    redacts_to(
        "    auth = ('alice', 'Wm87X8s51fbL')",
        "    auth = [REDACTED]",
    );
    redacts_to("token = (a + b)", "token = (a + b)");
}

#[test]
fn a_tuple_of_strings_wrapped_at_its_comma() {
    // Code wrapped at its arguments, as a traceback or a linter quotes it: the
    // tuple's next string starts the next line.
    redacts_to(
        "    r = requests.get(url,\n        auth=('alice',\n              'Wm87X8s51fbL'))\nnext",
        "    r = requests.get(url,\n        auth=[REDACTED])\nnext",
    );
    redacts_to(
        "auth = (\n    'alice',\r\n    'Wm87X8s51fbL',\n)",
        "auth = [REDACTED]\n)",
    );
    // The same made one line, as a log field takes it.
    assert_eq!(
        error_core::sanitize::sanitize_single_line(
            "auth = (\n    'alice',\n    'Wm87X8s51fbL',\n)",
            8192
        ),
        "auth = [REDACTED]",
    );
    redacts_to("auth = ( 'alice', 'Wm87X8s51fbL' )", "auth = [REDACTED]");
    // A space inside the `(`, strings with a prefix or in backticks, many lines.
    redacts_to(
        "auth = ( \n    'alice',\n    'Wm87X8s51fbL',\n)",
        "auth = [REDACTED]\n)",
    );
    redacts_to(
        "auth = (\n    'alice',\n    b'Wm87X8s51fbL',\n)",
        "auth = [REDACTED]\n)",
    );
    redacts_to(
        "password = (\"a\",\n  `Wm87X8s51fbL`)",
        "password = [REDACTED]",
    );
    redacts_to(
        "secret = ('abc',\n    'def',\n    'ghi',\n    'jkl',\n    'mno',\n    'Wm87X8s51fbL')",
        "secret = [REDACTED]",
    );
    // A line that does not go on with a string, a closed tuple and a blank line
    // between end it where its line does.
    for text in [
        "auth = ('alice',\n      password_var)\nx: 'y'",
        "auth = ('alice', 'Wm87X8s51fbL')\n'next string'",
        "auth=('alice',\n\n      'x')",
    ] {
        let sanitized = error_core::sanitize::sanitize_error_text(text, 8192);
        assert!(
            sanitized.starts_with("auth = [REDACTED]\n")
                || sanitized.starts_with("auth=[REDACTED]\n"),
            "{text:?}: {sanitized:?}"
        );
    }
}

#[test]
fn long_flags_with_one_dash() {
    redacts_to(
        "keytool -importkeystore -srcstorepass Wm87X8s51fbL -deststorepass Wm87X8s51fbL",
        "keytool -importkeystore -srcstorepass [REDACTED] -deststorepass [REDACTED]",
    );
    redacts_to(
        "Set-AWSCredential -AccessKey AKIAIOSFODNN7EXAMPLE -SecretKey wJalrXUtnFEMIK7MDENGbPxRfiCY",
        "Set-AWSCredential -AccessKey [REDACTED] -SecretKey [REDACTED]",
    );
    for text in [
        "grep -password file",
        "psql -password",
        "apt-get install -y password-store",
        "use -secret to print it",
        "x=-password Xq7u8jzPde0I",
    ] {
        redacts_to(text, text);
    }
    redacts_to(
        "tool -upload-token Xq7u8jzPde0I",
        "tool -upload-token [REDACTED]",
    );
}

#[test]
fn hash_rockets_and_indexed_keys() {
    // Ruby's `inspect` before and after 3.4, a Ruby symbol, Perl.
    redacts_to(
        r#"{"password"=>"Xq7u8jzPde0I", "user"=>"alice"}"#,
        r#"{"password"=>"[REDACTED]", "user"=>"alice"}"#,
    );
    redacts_to(
        r#"{"api_key" => "Xq7u8jzPde0I", "retries" => 3}"#,
        r#"{"api_key" => "[REDACTED]", "retries" => 3}"#,
    );
    redacts_to(
        r#"{:password=>"Xq7u8jzPde0I"}"#,
        r#"{:password=>"[REDACTED]"}"#,
    );
    // Perl's Data::Dumper.
    redacts_to(
        "'password' => 'Xq7u8jzPde0I',",
        "'password' => '[REDACTED]',",
    );
    // PHP's `var_dump`, whose strings stand on the line after the rocket.
    redacts_to(
        "array(2) {\n  [\"user\"]=>\n  string(5) \"alice\"\n  [\"password\"]=>\n  string(12) \"Xq7u8jzPde0I\"\n}",
        "array(2) {\n  [\"user\"]=>\n  string(5) \"alice\"\n  [\"password\"]=>\n  string(12) \"[REDACTED]\"\n}",
    );
    assert_eq!(
        sanitize_single_line("  [\"password\"]=>\n  string(12) \"Xq7u8jzPde0I\"", 100),
        "  [\"password\"]=>   string(12) \"[REDACTED]\"",
    );
    // Whatever quote the string opens with, as escaped JSON or a bytes literal.
    redacts_to(
        "  ['password']=>\n  string(7) 'hunter2'",
        "  ['password']=>\n  string(7) '[REDACTED]'",
    );
    redacts_to(
        "  [\\\"password\\\"]=>\n  string(7) \\\"hunter2\\\"",
        "  [\\\"password\\\"]=>\n  string(7) \\\"[REDACTED]\\\"",
    );
    // Cleaning makes CRLF line breaks plain ones; redaction alone reads them too.
    assert_eq!(
        redact_secrets(
            "object(Config)#1 (1) {\r\n  [\"api_key\"]=>\r\n    string(12) \"Xq7u8jzPde0I\"\r\n}"
        ),
        "object(Config)#1 (1) {\r\n  [\"api_key\"]=>\r\n    string(12) \"[REDACTED]\"\r\n}",
    );
    // An object's properties, after their visibility.
    redacts_to(
        "object(User)#1 (2) {\n  [\"password\":protected]=>\n  string(7) \"hunter2\"\n}",
        "object(User)#1 (2) {\n  [\"password\":protected]=>\n  string(7) \"[REDACTED]\"\n}",
    );
    assert_eq!(
        sanitize_single_line(
            "  [\"token\":\"App\\User\":private]=>\n  string(5) \"abcde\"",
            100
        ),
        "  [\"token\":\"[REDACTED]\":private]=>   string(5) \"[REDACTED]\"",
    );
    redacts_to(
        "  [\"name\":protected]=>\n  string(5) \"alice\"",
        "  [\"name\":protected]=>\n  string(5) \"alice\"",
    );
    redacts_to(
        "  [\"password\"]=>\n  int(12)\n  [\"token\"]=>\n  NULL",
        "  [\"password\"]=>\n  int(12)\n  [\"token\"]=>\n  NULL",
    );
    // PHP's `print_r`, and a form's fields.
    redacts_to(
        "Array\n(\n    [password] => Xq7u8jzPde0I\n    [user] => alice\n)",
        "Array\n(\n    [password] => [REDACTED]\n    [user] => alice\n)",
    );
    redacts_to(
        "user[password]=Xq7u8jzPde0I&user[name]=alice",
        "user[password]=[REDACTED]&user[name]=alice",
    );
    // ODBC's and ADO.NET's `Pwd` after a `;`.
    redacts_to(
        "Driver={ODBC Driver 18};Server=db;UID=sa;PWD=Xq7u8jzPde0I",
        "Driver={ODBC Driver 18};Server=db;UID=sa;PWD=[REDACTED]",
    );
    // Code: arrow functions, match arms, a PHP array's computed value.
    for text in [
        r#"{"token"=>nil}"#,
        "x => y, token => expired",
        "return a => a.token",
        "tokens.filter(token => token.expiresAt > now)",
        r#"match kind { Secret => "s", Token => "t" }"#,
        "'password' => Hash::make($data['password']),",
        r#"if config["password"] == "":"#,
        "PWD=/home/alice",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn headers() {
    redacts_to(
        "X-Api-Key: 3f9a8b7c6d5e4f3a2b1c\nAccept: */*",
        "X-Api-Key: [REDACTED]\nAccept: */*",
    );
    redacts_to(
        "Set-Cookie: session=eyJ1c2VyIjoxfQ--a1b2; Path=/; HttpOnly",
        "Set-Cookie: [REDACTED]; Path=/; HttpOnly",
    );
    redacts_to(
        "Private-Token: glpat-xZ8vQ2mK9pL4nR7tW1yB",
        "Private-Token: [REDACTED]",
    );
    // Cookies joined on one line, as clients print a response's headers, go with
    // the first; a date's comma starts none (found by a leak audit).
    redacts_to(
        "Set-Cookie: a=1, csrf=440066559a6656c90bd5482a90a29b9f",
        "Set-Cookie: [REDACTED]",
    );
    redacts_to(
        "Set-Cookie: sid=Xk9pL2mQ7rT4; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly, remember=Zq4C3J27XDCG; Path=/\nnext, b=2",
        "Set-Cookie: [REDACTED]; Path=/\nnext, b=2",
    );
    redacts_to(
        "Set-Cookie: sid=Xk9pL2mQ7rT4; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/",
        "Set-Cookie: [REDACTED]; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/",
    );
    // What the header's grammar does not read on through stays (found in review).
    for (text, expected) in [
        (
            "Set-Cookie: sid=abc123, 2 more headers, status=200 elapsed=5ms",
            "Set-Cookie: [REDACTED], 2 more headers, status=200 elapsed=5ms",
        ),
        (
            "headers: Set-Cookie: sid=abc123; Path=/, Content-Type: text/html, X-Request-Id=42",
            "headers: Set-Cookie: [REDACTED]; Path=/, Content-Type: text/html, X-Request-Id=42",
        ),
        (
            "set-cookie: a=1, b=2, c=3 -> error code=401",
            "set-cookie: [REDACTED] -> error code=401",
        ),
        (
            "Set-Cookie: sid=abc123; Path=/ (ignored, reason=SameSite)",
            "Set-Cookie: [REDACTED]; Path=/ (ignored, reason=SameSite)",
        ),
    ] {
        redacts_to(text, expected);
    }
    // A vendor's scheme whose words a `-` joins keeps its name, as `Bearer` does.
    for scheme in ["Api-Key", "X-Api-Key", "Key-Auth"] {
        redacts_to(
            &format!("Authorization: {scheme} Pd5khxE3pyIgKpaUnArl63XykWZeiNNC"),
            &format!("Authorization: {scheme} [REDACTED]"),
        );
    }
    redacts_to(
        "Authorization: Api-Key missing",
        "Authorization: Api-Key missing",
    );
    // After a tight `=` the whole value goes, the scheme with its credential.
    for (text, expected) in [
        (
            "Authorization=Api-Key Pd5khxE3pyIgKpaUnArl63XykWZeiNNC next",
            "Authorization=[REDACTED] next",
        ),
        (
            "authorization=SSWS 00QCjAl4MlV-WPXM-AbCdEfGhIjKl01, retrying",
            "authorization=[REDACTED], retrying",
        ),
        (
            "Authorization=Digest username=\"bob\", response=\"6629fae49393a05397450978507c4ef1\" x",
            "Authorization=[REDACTED] x",
        ),
        // Near a redaction a header's scheme goes as a `=`'s does.
        (
            "password=hunter2 Authorization: Api-Key Pd5khxE3pyIgKpaUnArl63XykWZeiNNC",
            "password=[REDACTED] Authorization: Api-Key [REDACTED]",
        ),
        // Wording after the scheme stays.
        (
            "authorization=Negotiate failed",
            "authorization=[REDACTED] failed",
        ),
        (
            "Authorization=Token ${API_TOKEN}",
            "Authorization=[REDACTED] ${API_TOKEN}",
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn env_and_yaml_lines() {
    redacts_to(
        "DB_PASSWORD=\"p4ss w0rd\"\nDB_HOST=localhost",
        "DB_PASSWORD=\"[REDACTED]\"\nDB_HOST=localhost",
    );
    redacts_to(
        "client_secret: GOCSPX-1a2b3c4d5e",
        "client_secret: [REDACTED]",
    );
    redacts_to("MYSQL_PWD=toor", "MYSQL_PWD=[REDACTED]");
    // OpenLDAP's bind password and Rails' session signing secret.
    redacts_to("LDAP_BIND_PW=Xq7u8jzPde0I", "LDAP_BIND_PW=[REDACTED]");
    redacts_to("ldap_bind_pw: Xq7u8jzPde0I", "ldap_bind_pw: [REDACTED]");
    redacts_to(
        "SECRET_KEY_BASE=6f2a9c3e1b7d4f5a8c0e2b4d6f8a0c2e",
        "SECRET_KEY_BASE=[REDACTED]",
    );
    // `pw` alone is no key, as `pass` and `pwd` are not.
    redacts_to("pw=Xq7u8jzPde0I", "pw=Xq7u8jzPde0I");
    redacts_to(
        "--password=hunter2 --verbose",
        "--password=[REDACTED] --verbose",
    );
}

#[test]
fn a_quoted_value_that_swallows_the_next_key_takes_its_value_along() {
    redacts_to(
        r#"token:" client_secret: Some("AA00A0aA0aa0")"#,
        r#"token:"[REDACTED]"#,
    );
    redacts_to(
        r#"token:" client_secret: "abc123" next"#,
        r#"token:"[REDACTED] next"#,
    );
    // An unquoted value that swallowed the key takes the wrapped string along too
    // (found by the property test: the `Some` went, the string stayed).
    redacts_to(
        r#"api_key: client_secret: Some("a0a0a00aa0A0") next"#,
        "api_key: [REDACTED] next",
    );
    // A value wrapped in a call whose string ends at the quote that opens the next
    // secret's string took that quote along (found by the property test).
    redacts_to(
        r#"password:aA("client_secret: Some("AA0aA00AAaA0") next"#,
        "password:[REDACTED] next",
    );
    // A quoted value that took a tight key and the bracket of its tuple.
    redacts_to(
        "token:'auth=('alice', 'aaA0A+A0+Aa0') next",
        "token:'[REDACTED] next",
    );
    // Not a wrapper's name: the key inside keeps its own rule.
    redacts_to(
        r#"password:a#A("client_secret: Some("AA0aA00AAaA0") next"#,
        r#"password:[REDACTED]("client_secret: [REDACTED] next"#,
    );
    redacts_to(
        r#"password:x('token: 'AA0aA00AAaA0' next"#,
        "password:[REDACTED] next",
    );
}

#[test]
fn a_value_that_swallows_a_key_takes_its_value_in_any_layout() {
    for (text, expected) in [
        // Spaces after the separator.
        (
            "api_key: token= Zq9xW3vB7nK2mP5t y",
            "api_key: [REDACTED] y",
        ),
        (
            "Authorization: password = Zq9xW3vB7nK2mP5t y",
            "Authorization: [REDACTED] y",
        ),
        // A block scalar after the key, or its indicator inside the value.
        (
            "token=token: |\n  Zq9xW3vB7nK2mP5t\ny",
            "token=[REDACTED]\ny",
        ),
        (
            "secret: 'token: >\n  Zq9xW3vB7nK2mP5t\ny",
            "secret: '[REDACTED]\ny",
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn a_token_that_swallows_a_secret_key_takes_its_value_along() {
    // A token's alphabet takes a key glued to it (by the text, or by a removed
    // joiner); the key's separator and value are still ahead, and go too.
    let token = "sk-proj-Xb8hT2kLq9WzR4vN7mY3cF6jD1sA5gE0";
    for joiner in ["", "\u{200d}"] {
        for (pair, value) in [
            (
                "client_secret: abcdefghijklmnop\nAccept: */*",
                "abcdefghijklmnop",
            ),
            ("-x-api-key:   \"abc def ghi\" next", "abc def ghi"),
            ("client_secret=abcdefghijklmnop&x=1", "abcdefghijklmnop"),
        ] {
            let text = format!("{token}{joiner}{pair}");
            for output in [
                sanitize_error_text(&text, 1000),
                sanitize_single_line(&text, 1000),
                redact_secrets(&text).into_owned(),
            ] {
                assert!(!output.contains(value), "{value} survived in {output:?}");
            }
        }
    }
    redacts_to(
        &format!("{token}client_secret: abc123 next"),
        "[REDACTED] next",
    );
    redacts_to(
        &format!("{token}: 401 Unauthorized"),
        "[REDACTED]: 401 Unauthorized",
    );
}

#[test]
fn a_block_value_goes_on_one_line_too() {
    // A log field flattens the block's line break into a space.
    for (text, expected) in [
        (
            "DB_PASSWORD: |\n  KUfsnnOKYHLFVQ3b6+UD+ls91bu",
            "DB_PASSWORD: [REDACTED]",
        ),
        (
            "DB_PASSWORD: >-\n  KUfsnnOKYHLFVQ3b6+UD+ls91bu\nnext: 1",
            // Where the block ended is lost with its line break: the rest goes.
            "DB_PASSWORD: [REDACTED]",
        ),
    ] {
        assert_eq!(sanitize_single_line(text, 1000), expected);
    }
    assert_eq!(
        sanitize_single_line("password: | a pipe in prose", 1000),
        "password: | a pipe in prose"
    );
    // A manifest quoted in a JSON string escapes the block's line breaks: its first
    // line goes, the next key stays.
    redacts_to(
        r#"{"manifest":"data:
  password: >-
    Km3Wq8Lx2Zr7Nt5B
  user: app"}"#,
        r#"{"manifest":"data:
  password: [REDACTED]
  user: app"}"#,
    );
    redacts_to(
        r"token: |-
  Km3Wq8Lx2Zr7Nt5B",
        "token: [REDACTED]",
    );
    redacts_to(
        r"token: |-
Km3Wq8Lx2Zr7Nt5B",
        r"token: |-
Km3Wq8Lx2Zr7Nt5B",
    );
}

#[test]
fn a_redaction_that_swallows_a_secret_flag_takes_its_value_along() {
    redacts_to("token=--password hunter2 x", "token=[REDACTED] x");
    redacts_to(
        r#"token:" --password "hunter2" x"#,
        r#"token:"[REDACTED] x"#,
    );
    redacts_to("Bearer abcBearer --password hunter2", "Bearer [REDACTED]");
    redacts_to(
        r#"token:\" password: \"abc123\" next"#,
        r#"token:\"[REDACTED] next"#,
    );
}

#[test]
fn short_password_flags_of_the_commands_that_take_one() {
    for (text, redacted) in [
        (
            "+ mysql -uroot -pXq7u8jzPde0I -h db app",
            "+ mysql -uroot -p[REDACTED] -h db app",
        ),
        (
            "FAILED Credentials were rejected (cf login -a https://api.cf.example.io -u ops -p cfLoginPw)",
            "FAILED Credentials were rejected (cf login -a https://api.cf.example.io -u ops -p [REDACTED])",
        ),
        (
            "error: Login failed (401 Unauthorized) oc login https://api.ocp.example.io:6443 -u kubeadmin -p ocLoginPw",
            "error: Login failed (401 Unauthorized) oc login https://api.ocp.example.io:6443 -u kubeadmin -p [REDACTED]",
        ),
        (
            "xcrun: error: unable to upload: altool --upload-app -f app.ipa -u dev@example.io -p xcodePw_uAPPrv",
            "xcrun: error: unable to upload: altool --upload-app -f app.ipa -u dev@example.io -p [REDACTED]",
        ),
        (
            "+ mysqldump -h db -u app -p'Xq7 u8jzPde0I' app > dump.sql",
            "+ mysqldump -h db -u app -p'[REDACTED]' app > dump.sql",
        ),
        (
            "docker login -u deploy -p Xq7u8jzPde0I registry.example.com",
            "docker login -u deploy -p [REDACTED] registry.example.com",
        ),
        (
            "ssh -o 'ProxyCommand=sshpass -p Xq7u8jzPde0I ssh jump' host",
            "ssh -o 'ProxyCommand=sshpass -p [REDACTED] ssh jump' host",
        ),
        (
            "redis-cli -h cache -a Xq7u8jzPde0I ping",
            "redis-cli -h cache -a [REDACTED] ping",
        ),
        (
            "sqlcmd -S db -U sa -P \"Xq7u8jzPde0I\" -Q 'select 1'",
            "sqlcmd -S db -U sa -P \"[REDACTED]\" -Q 'select 1'",
        ),
        (
            "command failed: $ MYSQL_HOST=db mysql -pXq7u8jzPde0I",
            "command failed: $ MYSQL_HOST=db mysql -p[REDACTED]",
        ),
        (
            "/usr/bin/mysql -pXq7u8jzPde0I; ssh -p 22 host",
            "/usr/bin/mysql -p[REDACTED]; ssh -p 22 host",
        ),
        (
            "ldapsearch -x -D \"cn=admin,dc=example,dc=org\" -w Xq7u8jzPde0I -b dc=example,dc=org",
            "ldapsearch -x -D \"cn=admin,dc=example,dc=org\" -w [REDACTED] -b dc=example,dc=org",
        ),
        (
            "mongosh \"mongodb://db:27017\" -u admin -p Xq7u8jzPde0I",
            "mongosh \"mongodb://db:27017\" -u admin -p [REDACTED]",
        ),
        (
            "psexec \\\\host -u admin -p Xq7u8jzPde0I cmd",
            "psexec \\\\host -u admin -p [REDACTED] cmd",
        ),
        (
            "ssh-keygen -t ed25519 -N 'Xq7u8jzPde0I' -f id_ed25519",
            "ssh-keygen -t ed25519 -N '[REDACTED]' -f id_ed25519",
        ),
        // Glued to a letter that only spaced rows used to be read for.
        (
            "ldapsearch -x -D cn=admin -wXq7u8jzPde0I -b dc=example",
            "ldapsearch -x -D cn=admin -w[REDACTED] -b dc=example",
        ),
        (
            "ipmitool -I lanplus -H 10.0.0.5 -U admin -P Xq7u8jzPde0I chassis status",
            "ipmitool -I lanplus -H 10.0.0.5 -U admin -P [REDACTED] chassis status",
        ),
        (
            "mosquitto_pub -h broker -u deploy -P Xq7u8jzPde0I -t a -m b",
            "mosquitto_pub -h broker -u deploy -P [REDACTED] -t a -m b",
        ),
        (
            "snmpwalk -v3 -l authPriv -u admin -a SHA -A Xq7u8jzPde0I -x AES -X Zk4C3J27XDCG 10.0.0.1",
            "snmpwalk -v3 -l authPriv -u admin -a SHA -A [REDACTED] -x AES -X [REDACTED] 10.0.0.1",
        ),
        (
            "snmptrap -v3 -u admin -a SHA -A Xq7u8jzPde0I -x AES -X Zk4C3J27XDCG host '' 1.3.6.1",
            "snmptrap -v3 -u admin -a SHA -A [REDACTED] -x AES -X [REDACTED] host '' 1.3.6.1",
        ),
        (
            "openssl enc -aes-256-cbc -salt -k Xq7u8jzPde0I -in a -out b",
            "openssl enc -aes-256-cbc -salt -k [REDACTED] -in a -out b",
        ),
        ("unrar x -pXq7u8jzPde0I a.rar", "unrar x -p[REDACTED] a.rar"),
        (
            "+ twine upload -u __token__ -p pypi-AgEIcHlwaS5vcmcCJDk4 dist/*",
            "+ twine upload -u __token__ -p [REDACTED] dist/*",
        ),
        (
            "+ useradd -m -p '$6$rounds=5000$saltsalt$Xq7u8jzPde0I' deploy",
            "+ useradd -m -p '[REDACTED]' deploy",
        ),
        // In a JSON string, inside its escaped quotes.
        (
            "\"cmd\": \"ipmitool -H h -U admin -P \\\"Xq7u8jzPde0I\\\" power status\"",
            "\"cmd\": \"ipmitool -H h -U admin -P \\\"[REDACTED]\\\" power status\"",
        ),
        // Argument lists: Python's `CalledProcessError`, Ansible's `cmd`.
        (
            "subprocess.CalledProcessError: Command '['mysql', '-uroot', '-pXq7u8jzPde0I', '-e', 'select 1']' returned non-zero exit status 1.",
            "subprocess.CalledProcessError: Command '['mysql', '-uroot', '-p[REDACTED]', '-e', 'select 1']' returned non-zero exit status 1.",
        ),
        (
            "Command '['/usr/bin/sshpass', '-p', 'Xq7u8jzPde0I', 'ssh', 'deploy@host']' returned non-zero exit status 5.",
            "Command '['/usr/bin/sshpass', '-p', '[REDACTED]', 'ssh', 'deploy@host']' returned non-zero exit status 5.",
        ),
        (
            "fatal: [web1]: FAILED! => {\"cmd\": [\"docker\", \"login\", \"-u\", \"ci\", \"-p\", \"Xq7u8jzPde0I\", \"ghcr.io\"], \"rc\": 1}",
            "fatal: [web1]: FAILED! => {\"cmd\": [\"docker\", \"login\", \"-u\", \"ci\", \"-p\", \"[REDACTED]\", \"ghcr.io\"], \"rc\": 1}",
        ),
    ] {
        redacts_to(text, redacted);
    }
    // A redaction that took the command or the flag along (found by the property
    // test): the password still goes.
    redacts_to(
        "Authorization: mysql -uroot -paAA0Aa0aa0x0",
        "Authorization: [REDACTED] -p[REDACTED]",
    );
    redacts_to(
        "password:'sshpass -p '0a+aaa00A0A0' ssh",
        "password:'[REDACTED] ssh",
    );
    // The same letters of other commands, prompts, placeholders and references.
    for text in [
        "ssh -p 2222 deploy@host",
        "mkdir -p /var/lib/app && mysql -u app app",
        "docker run -p 8080:80 nginx",
        "mysql -u root -p app",
        "docker login -u deploy -p $REGISTRY_PASSWORD",
        "sshpass -p PASSWORD ssh host",
        "redis-cli -a \"${REDIS_PASSWORD}\" ping",
        "git log -p -a",
        "grep -w token config.yml",
        "ssh-keygen -t ed25519 -N '' -f id_ed25519",
        "echo \"ldapsearch\" -w",
        "curl -k -A Mozilla/5.0 https://example.com",
        "snmpwalk -v3 -a SHA -x AES 10.0.0.1",
        "unrar x -p a.rar",
        "openssl req -new -key key.pem -k",
        "openssl enc -aes-256-cbc -salt -in a -out b -kfile /run/secrets/key",
        "useradd -m -p \"$(openssl passwd -6 \"$PW\")\" deploy",
        "Command '['ssh', '-p', '2222', 'host']' returned non-zero exit status 255.",
        "Command '['mysql', '-u', 'root', '-p', 'app']' returned non-zero exit status 1.",
        "[\"mkdir\", \"-p\", \"/var/lib/app\"]",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn command_line_flags_with_their_value_after_a_space() {
    redacts_to(
        "exec: psql --host db --password hunter2 --dbname app",
        "exec: psql --host db --password [REDACTED] --dbname app",
    );
    redacts_to(
        "aws configure --aws-secret-access-key  'wJalrXUtnFEMI/K7MDENG' failed",
        "aws configure --aws-secret-access-key  '[REDACTED]' failed",
    );
    redacts_to("login --token letmein", "login --token [REDACTED]");
    for text in [
        "pass --token to authenticate",
        "--password --verbose",
        "--password-file /run/secrets/db",
        "--token-ttl 3600",
        "x--password hunter2",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_password_flags_abbreviation_is_judged_by_its_value() {
    for (text, expected) in [
        (
            "+ mysql --user=app --pass=Xk9pL2mQ7rT4 orders",
            "+ mysql --user=app --pass=[REDACTED] orders",
        ),
        (
            "+ mysqldump --pwd=Xk9pL2mQ7rT4 db",
            "+ mysqldump --pwd=[REDACTED] db",
        ),
        (
            "mosquitto_pub -u bob --pw Xk9pL2mQ7rT4 -t alerts",
            "mosquitto_pub -u bob --pw [REDACTED] -t alerts",
        ),
        ("app --pass 'two words 1A'", "app --pass '[REDACTED]'"),
    ] {
        redacts_to(text, expected);
    }
    // A count, a word, a path or a reference stays.
    for text in [
        "x264 --pass 2 --bitrate 1000",
        "ffmpeg -i in.mp4 -pass 1 -f null /dev/null",
        "run --pass first",
        "run --pwd /srv/app",
        "run --pass $DB_PASS",
        "tests --pass",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_test_status_prose_after_a_cookie_or_authorization_placeholders_and_messages_stay() {
    for text in [
        "--- PASS: TestParseConfig (0.00s)\n--- FAIL: TestLogin (0.01s)",
        "PASS: tests/login.sh",
        "error reading cookie: http: named cookie not present",
        "cookie: domain mismatch",
        "decrypt cookie: cipher: message authentication failed",
        "pass: first",
        // containerd's chained errors name authorization in prose.
        "Failed to pull image \"acme/api:1.2\": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed",
        "failed to resolve reference: repository does not exist or may require authorization: authorization failed: no basic auth credentials",
        // A statement's placeholder, a Rust field's type, a credentials file.
        "[SQL: SELECT sessions.id FROM sessions WHERE sessions.token = ?]",
        "WHERE token = ?1 AND expires_at > now()",
        "5 |     pub api_key: SecretString,",
        "credentials=/run/secrets/db",
        "creds=/run/secrets/db",
        "loading creds: permission denied",
        "needs: build, feeds=3, seeds=12",
        // Validation errors' messages where a secret would stand.
        r#"{"errors":{"password":"cannot be blank","username":"the length must be between 3 and 32"}}"#,
        "{'password': 'This field is required.'}",
        r#"{"password":"size must be between 8 and 64"}"#,
        r#"{"password": "can't be blank"}"#,
    ] {
        redacts_to(text, text);
    }
    for (text, expected) in [
        ("Cookie: sid=Xk9pL2mQ7rT4; theme=dark", "Cookie: [REDACTED]"),
        ("cookie: Xk9pL2mQ7rT4", "cookie: [REDACTED]"),
        (
            "user: bob\npass: Xk9pL2mQ7rT4",
            "user: bob\npass: [REDACTED]",
        ),
        ("credentials=Xk9pL2mQ7rT4", "credentials=[REDACTED]"),
        (
            "needs authorization: Xk9pL2mQ7rT4vB8",
            "needs authorization: [REDACTED]",
        ),
        (
            "> authorization: Bearer Xk9pL2mQ7rT4vB8",
            "> authorization: Bearer [REDACTED]",
        ),
        // A passphrase's words are no message's, and a word alone may be a
        // password.
        (
            "{'password': 'correct horse battery staple'}",
            "{'password': '[REDACTED]'}",
        ),
        (
            r#"{"password": "default"}"#,
            r#"{"password": "[REDACTED]"}"#,
        ),
        // Found by a review: a PIN after a word, a header's scheme after a word, a
        // password after a capital PASS, a cookie's spaced pair, a lowercase sync
        // token, an access key id after a scheme.
        (
            r#"{"password": "no 48213377"}"#,
            r#"{"password": "[REDACTED]"}"#,
        ),
        (
            "client sent authorization: NTLM TlRMTVNTUAABAAAAB4IIogAAAAAAAAAAAAAAAAAAAAAGAbEdAAAADw==",
            "client sent authorization: [REDACTED]",
        ),
        (
            "host: api.okta.com authorization: SSWS 00a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0",
            "host: api.okta.com authorization: [REDACTED]",
        ),
        (
            "USER: admin PASS: Xq7u8jzPde0I",
            "USER: admin PASS: [REDACTED]",
        ),
        ("Cookie: sid = abc123def", "Cookie: [REDACTED]"),
        ("sync_token: Xq7u8jzPde0IabcdEF12", "sync_token: [REDACTED]"),
        (
            "Authorization=Api-Key AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "Authorization=[REDACTED] [REDACTED] [REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn a_plans_changed_secret_a_diagnostics_described_string_and_a_pipelines_bare_keys() {
    for (text, expected) in [
        // `terraform plan` shows a secret attribute's old and new values.
        (
            "      ~ password = \"Xq7u8jzPde0I\" -> \"Zx8qLm2PvR7tKw4N\"",
            "      ~ password = \"[REDACTED]\" -> \"[REDACTED]\"",
        ),
        // The string a diagnostic says a secret-named expression holds (Terraform's
        // and Joi's).
        (
            "│     │ var.db_password is \"Xq7u8jzPde0I\"",
            "│     │ var.db_password is \"[REDACTED]\"",
        ),
        (
            "ValidationError: \"api_key\" with value \"Xq7u8jzPde0I\" fails to match the required pattern",
            "ValidationError: \"api_key\" with value \"[REDACTED]\" fails to match the required pattern",
        ),
        // Logstash's and Puppet's bare keys before a string.
        (
            "output { elasticsearch { user => \"elastic\" password => \"Xq7u8jzPde0I\" } }",
            "output { elasticsearch { user => \"elastic\" password => \"[REDACTED]\" } }",
        ),
        (
            "  password => 'Xq7u8jzPde0I',",
            "  password => '[REDACTED]',",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "      ~ name     = \"old\" -> \"new\"",
        "tokens.map(token => token.expiresAt)",
        "const header = token => \"Bearer \" + token;",
        "GET /status?page=1&limit=50 -> 200 OK",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn prose_around_secret_words_stays() {
    for text in [
        "token expired",
        "invalid password",
        "password: required",
        "token: expired",
        "invalid token: signature verification failed",
        "token: signature verification failed",
        "Caused by:\n    token: contains an invalid number of segments",
        "error reading password: EOF",
        "token: invalid_grant",
        "    token = session.refresh(credentials)",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn xml_elements_and_properties_named_for_a_password() {
    for (text, redacted) in [
        (
            "<server><id>nexus</id><username>deploy</username><password>Zk4C3J27XDCG</password></server>",
            "<server><id>nexus</id><username>deploy</username><password>[REDACTED]</password></server>",
        ),
        (
            "<db.Password>Zk4C3J27XDCG</db.Password>",
            "<db.Password>[REDACTED]</db.Password>",
        ),
        (
            r#"<properties><entry key="db.password">Zk4C3J27XDCG</entry></properties>"#,
            r#"<properties><entry key="db.password">[REDACTED]</entry></properties>"#,
        ),
        // A form's field, a message or a column named `password` holds no password.
        (
            r#"<string name="password">Password</string><column name="password">VARCHAR(255)</column>"#,
            r#"<string name="password">Password</string><column name="password">VARCHAR(255)</column>"#,
        ),
        (
            r#"<message key="password">Password is required</message>"#,
            r#"<message key="password">Password is required</message>"#,
        ),
        (
            r#"<property name="password" value="Zk4C3J27XDCG"/>"#,
            r#"<property name="password" value="[REDACTED]"/>"#,
        ),
        // A SOAP request's WS-Security token, a namespace, attributes, CDATA.
        (
            r#"<wsse:UsernameToken><wsse:Username>alice</wsse:Username><wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">Zk4C3J27XDCG</wsse:Password></wsse:UsernameToken>"#,
            r#"<wsse:UsernameToken><wsse:Username>alice</wsse:Username><wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">[REDACTED]</wsse:Password></wsse:UsernameToken>"#,
        ),
        (
            r#"<password type="plain">Zk4C3J27XDCG</password><db:password>Zk4C3J27XDCG</db:password>"#,
            r#"<password type="plain">[REDACTED]</password><db:password>[REDACTED]</db:password>"#,
        ),
        (
            "<password><![CDATA[Zk4C3 J27<XDCG]]></password>",
            "<password>[REDACTED]</password>",
        ),
        (
            r#"<entry key="db.password" type="string">Zk4C3J27XDCG</entry>"#,
            r#"<entry key="db.password" type="string">[REDACTED]</entry>"#,
        ),
    ] {
        redacts_to(text, redacted);
    }
    for text in [
        "<password>${env.NEXUS_PASSWORD}</password>",
        "<passwordPolicy>strict</passwordPolicy>",
        r#"Missing element <password> in <server id="nexus">"#,
        r#"executing "app/templates/secret.yaml" at <.Values.password>: nil pointer"#,
        r#"<property name="username" value="deploy"/>"#,
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn xml_elements_named_for_any_secret_between_their_tags() {
    for (text, redacted) in [
        // AWS STS's credentials, as botocore's debug log prints the response.
        (
            "Response body: b'<Credentials><AccessKeyId>ASIAIOSFODNN7EXAMPLE</AccessKeyId><SecretAccessKey>wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY</SecretAccessKey><SessionToken>IQoJb3JpZ2luX2VjEJr//////////wEaCXVz+abc==</SessionToken><Expiration>2026-12-05T01:00:00Z</Expiration></Credentials>'",
            "Response body: b'<Credentials><AccessKeyId>[REDACTED]</AccessKeyId><SecretAccessKey>[REDACTED]</SecretAccessKey><SessionToken>[REDACTED]</SessionToken><Expiration>2026-12-05T01:00:00Z</Expiration></Credentials>'",
        ),
        (
            "<token>9f8e7d6c5b4a39281706f5e4d3c2b1a0</token> <apiKey>Zk4C3J27XDCG</apiKey>",
            "<token>[REDACTED]</token> <apiKey>[REDACTED]</apiKey>",
        ),
        (
            "<server><id>deploy</id><passphrase>Zk4C3 J27XDCG</passphrase></server>",
            "<server><id>deploy</id><passphrase>[REDACTED]</passphrase></server>",
        ),
        (
            r#"<ns2:client_secret xsi:type="xsd:string">Zk4C3J27XDCG</ns2:client_secret>"#,
            r#"<ns2:client_secret xsi:type="xsd:string">[REDACTED]</ns2:client_secret>"#,
        ),
        // A closing tag escaped in a JSON string.
        (
            r#"{"body": "<SessionToken>IQoJb3JpZ2luX2VjEJr<\/SessionToken>"}"#,
            r#"{"body": "<SessionToken>[REDACTED]<\/SessionToken>"}"#,
        ),
        // A quoted value that ran through an attribute's opening quote takes the
        // content along (found by the planted-secret property).
        (
            "'@'%' identified by '[\"password\"]=>\n  string(12) \"<ns:apiKey a=\"b\">+A++0aa00Aa0</ns:apiKey>",
            "'@'%' identified by '[REDACTED]</ns:apiKey>",
        ),
        // FileZilla's saved sites, and a password's other abbreviation.
        (
            r#"<Server><Host>ftp.example.com</Host><User>bob</User><Pass encoding="base64">aHVudGVyMlB3</Pass></Server>"#,
            r#"<Server><Host>ftp.example.com</Host><User>bob</User><Pass encoding="base64">[REDACTED]</Pass></Server>"#,
        ),
        ("<Pwd>Zk4C3J27XDCG</Pwd>", "<Pwd>[REDACTED]</Pwd>"),
    ] {
        redacts_to(text, redacted);
    }
    // Without its closing tag an element's name is prose, and ordinary names stay.
    for text in [
        "parse error: unexpected <token> in template at line 3",
        "parse error: expected <token>, found </token>",
        "<token>not found</token>",
        "Missing <apiKey>; expected <apiKey>KEY</apiKey>",
        "<key>CFBundleIdentifier</key><string>com.example.app</string>",
        "<ListBucketResult><Contents><Key>photos/2026/a.jpg</Key><ETag>\"9b2cf535f27731c974343645a3985328\"</ETag></Contents></ListBucketResult>",
        "<token>${env.API_TOKEN}</token><secret>required</secret>",
        "<publicKey>MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE</publicKey>",
        "<testcase><pass>true</pass><count>3</count></testcase>",
        "<pass>12</pass><pwd>/srv/app</pwd>",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn go_data_source_names_and_python_auth_tuples() {
    redacts_to(
        r#"sql.Open("mysql", "app:Wm87X8s51fbL@tcp(db:3306)/app")"#,
        r#"sql.Open("mysql", "app:[REDACTED]@tcp(db:3306)/app")"#,
    );
    redacts_to(
        "dsn: root:Wm87X8s51fbL@unix(/run/mysqld.sock)/app?parseTime=true",
        "dsn: root:[REDACTED]@unix(/run/mysqld.sock)/app?parseTime=true",
    );
    // The default address: the database's `/` right after the `@`.
    redacts_to(
        "[mysql] dial failed: dsn=\"root:Wm87X8s51fbL@/app?parseTime=true\"",
        "[mysql] dial failed: dsn=\"root:[REDACTED]@/app?parseTime=true\"",
    );
    redacts_to(
        "requests.get(url, auth=('alice', 'Wm87X8s51fbL'))",
        "requests.get(url, auth=[REDACTED])",
    );
    redacts_to(
        "az login --service-principal -u http://app -p Wm87X8s51fbL --tenant t",
        "az login --service-principal -u http://app -p [REDACTED] --tenant t",
    );
    for text in [
        "at 02:00 UTC, alice:bob@example.com wrote",
        "Config(token=None, password=None)",
        // A state, not a secret.
        "error: token=expired, please sign in again",
        "validation failed: password=required, api_key=missing",
        "token=invalid",
        "{\"password\": \"required\"}",
        "password=hidden",
    ] {
        redacts_to(text, text);
    }
    // A state word is no state with more after it.
    redacts_to("token=expiredXk9pL2", "token=[REDACTED]");
    redacts_to("password=\"missing2\"", "password=\"[REDACTED]\"");
}

/// An escaped line break ends a value as a line break does: Python's `http.client`
/// debug output (`send: b'...'`) writes a request's headers on one line.
#[test]
fn an_escaped_line_break_ends_a_value() {
    redacts_to(
        "send: b'GET / HTTP/1.1\\r\\nAuthorization: Bearer Xk9pL2mQ7rT4vB8nZx9Yw8\\r\\nX-Api-Key: Zk4C3J27XDCGab\\r\\nAccept: */*\\r\\n\\r\\n'",
        "send: b'GET / HTTP/1.1\\r\\nAuthorization: Bearer [REDACTED]\\r\\nX-Api-Key: [REDACTED]\\r\\nAccept: */*\\r\\n\\r\\n'",
    );
    redacts_to(
        "{\"log\": \"password=Zk4C3J27XDCG\\nretrying in 5s\"}",
        "{\"log\": \"password=[REDACTED]\\nretrying in 5s\"}",
    );
}

#[test]
fn a_key_named_in_two_words() {
    redacts_to(
        "api key: 65f53e9421ce50211670eae679f02e8d28a79023",
        "api key: [REDACTED]",
    );
    redacts_to("Secret Key: Zk4C3J27XDCG", "Secret Key: [REDACTED]");
    redacts_to("HMAC_KEY=65f53e9421ce5021", "HMAC_KEY=[REDACTED]");
    // A redaction that took the first word takes the value too (found by the
    // property test).
    redacts_to(
        "api_key: API key: 0+Aa0Aa0aa00",
        "api_key: [REDACTED] key: [REDACTED]",
    );
    for text in ["API key: missing", "the key: value", "primary key: id"] {
        redacts_to(text, text);
    }
}

#[test]
fn keys_named_for_their_role_or_their_provider() {
    for (text, expected) in [
        (
            "OPENAI_KEY=Xlo88nhcIoMjHsJCC3PPxl5wEXBbTFYX",
            "OPENAI_KEY=[REDACTED]",
        ),
        (
            "SUPABASE_SERVICE_ROLE_KEY=abcDEF123456ghiJKL789",
            "SUPABASE_SERVICE_ROLE_KEY=[REDACTED]",
        ),
        (
            r#"stripeKey: "abcDEF123456ghiJKL789""#,
            r#"stripeKey: "[REDACTED]""#,
        ),
        (
            "AZURE_STORAGE_KEY=abcDEF123456ghiJKL789mnoPQR==",
            "AZURE_STORAGE_KEY=[REDACTED]",
        ),
        (
            "SEGMENT_WRITE_KEY=Zk4C3J27XDCGa9",
            "SEGMENT_WRITE_KEY=[REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "primary_key: id",
        "PRIMARY_KEY=user_id",
        "partition_key=tenant-42",
        "Idempotency-Key: 3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60",
        "service_key: missing",
        // Roles that name ordinary keys as often (a review helper's cases).
        "const STORAGE_KEY = 'todos-vuejs';",
        "persist({ storageKey: 'pinia', storage: localStorage })",
        r#"E1205 "Error syncing endpoints" serviceKey="kube-system/kube-dns" err="timeout""#,
        "role_key: admin",
        "webhook_key: github-push",
        "deploy_key: /home/ci/.ssh/deploy_key",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn keys_of_names_no_rule_knows_take_a_generated_key_only() {
    for (text, expected) in [
        (
            "MAPBOX_KEY=D8kQsIoHJgmrb5eZmoVUmD0hHCh6Nbp5",
            "MAPBOX_KEY=[REDACTED]",
        ),
        (
            "X-Application-Key: 8RialMaMbkUJGMBu7Zc1RPKiixnMaIu1",
            "X-Application-Key: [REDACTED]",
        ),
        (
            r#"{"GOOGLE_MAPS_KEY": "8BgTFHWbvxmxGUGzvMPRpGEt3jbQ1j6G"}"#,
            r#"{"GOOGLE_MAPS_KEY": "[REDACTED]"}"#,
        ),
        (
            "export WEATHER_KEY=3PNTbV6smHtGpGL43CKhh0tuH4gLHyre.",
            "export WEATHER_KEY=[REDACTED].",
        ),
        // Base64 goes whole, through its `/` and `+`.
        (
            "PUSHER_KEY=Xq7u8jzP/de0Iabcd+EF12gh== rejected",
            "PUSHER_KEY=[REDACTED] rejected",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        // Names that a store's keys, cursors and IDs go by; published keys; a
        // cache's key, a hash, a UUID, a path.
        "level=debug msg=\"cache hit\" key=Linux-node-modules-5d41402abc4b2a76b9719d911017c592",
        "cache-primary-key: Linux-node-5d41402abc4b2a76b9719d911017c592",
        "STATE_CACHE_PRIMARY_KEY=setup-python-Linux-22.04-5d41402abc4b2a76b9719d911017c592",
        "Idempotency-Key: KG5LxwFBepaKHyUD",
        "idempotency_key=KG5LxwFBepaKHyUD",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        r#""OutputKey": "UserPoolClientIdB4D6A8C2""#,
        "GET /api/orders?limit=20&startKey=eyJwayI6IkFCQzEyMyJ9",
        "RECAPTCHA_SITE_KEY=6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
        "i18nKey: dashboard.widgets.RevenueQ4Chart",
        "-Dsonar.projectKey=MyOrg_backend-api-v2",
        "PUBLIC_KEY=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA",
        "INVALID_KEY: Xq8Kz3Lw7Rm2Nt5Bxx",
        "LICENSE_FILE_KEY=5d41402abc4b2a76b9719d911017c592",
        "X-Request-Key: 550e8400-e29b-41d4-a716-446655440000",
        "GPG_KEY=/etc/keys/Release2024.asc",
        "X-Cache-Key: Linux-node-5d41402abc4b2a76b9719d911017c592",
        // Paths, resource and object IDs, names, hashes, cursors (a review
        // helper's cases).
        "TF_STATE_KEY=prod/eu-west-1/ECS/terraform.tfstate",
        "KMS_KEY=alias/MyApp-Prod2",
        "SONAR_PROJECT_KEY=MyOrg_backend-api-v2",
        "GPG_KEY=0xA035C8C19219BA82",
        "MODEL_KEY=meta-llama/Llama-3.1-8B-Instruct",
        "INTEGRITY_KEY=sha512-X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE9k6vZfXmPLFnmw9Sx8j5fTaXzXcSg==",
        "X-Continuation-Key: eyJsYXN0SWQiOjEyMzQ1fQ==",
        "CUSTOMER_KEY=cus_Pq8Rz3Xk2Lm9Nt",
        "SUBNET_KEY=subnet-0Ab1Cd2Ef3",
        "RECAPTCHA_KEY=6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
        "X-Cursor-Key: MjAyNC0wMS0xNVQxMDoyMjozM1o=",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn references_to_where_a_secret_is_kept_stay() {
    for text in [
        // Shell, CI and template expansions.
        "-  api_key: ${API_KEY}",
        "password: ${{ secrets.DB_PASSWORD }}",
        r#"token: "{{ .Values.token }}""#,
        "AWS_SECRET_ACCESS_KEY=$(aws configure get aws_secret_access_key)",
        r#"export GITHUB_TOKEN="$(gh auth token)""#,
        "DB_PASSWORD=$VAULT_DB_PASSWORD",
        "Authorization: $API_TOKEN",
        // A traceback's source line reading the secret from a mapping.
        r#"    password = os.environ["DB_PASSWORD"]"#,
        r#"client_secret = config["oauth"]["client_secret"]"#,
        // An ARN that names a secret.
        "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf not found",
        // A key file's path, and a mask.
        "SSH key: ~/.ssh/id_ed25519.pub",
        "private_key: ./secrets/key.pem",
        "API Key: ********",
        // A credential read from elsewhere after an `Authorization` scheme.
        r#"curl -H "Authorization: Bearer ${API_TOKEN}" https://api.example.com/v1"#,
        r#"curl -H "Authorization: Bearer $(gcloud auth print-access-token)" https://x"#,
        "Authorization: token ${{ secrets.GITHUB_TOKEN }}",
        // A call's string argument read from the environment, or none.
        "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
        "define( 'DB_PASSWORD', '' );",
        "define('DB_HOST', 'localhost');",
        // A URL's or `curl -u`'s password read from elsewhere, a template's
        // placeholder.
        "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app",
        "redis://:$(REDIS_PASSWORD)@redis:6379",
        "amqp://user:%RABBIT_PASS%@rabbit",
        "curl -u admin:$ADMIN_PASSWORD https://x",
        "curl -u admin:'$ADMIN_PASSWORD' https://x",
        "curl -u backup:'' ftp://x",
        "mongodb+srv://admin:<password>@cluster0.abcde.mongodb.net/?retryWrites=true",
        "password=<your-password>&user=<user>",
        // A statement's parameter (found by an audit), a file the value is read
        // from, a mask that leaves the last letters.
        "UPDATE users SET password_reset_token = $1 WHERE id = $2",
        r#"cursor.execute("SELECT * FROM keys WHERE api_key = %s", (key,))"#,
        "vault login token=@/run/secrets/vault-token",
        "http POST :8080/login password=@./secrets/password.txt",
        "aws_secret_access_key = ****************tg8N",
        "secret_key ****************tg8N shared-credentials-file",
    ] {
        redacts_to(text, text);
    }
    // More letters after the stars than a mask shows, or too few stars.
    redacts_to("password=*****abcde", "password=[REDACTED]");
    redacts_to("password=***abcd", "password=[REDACTED]");
    redacts_to("password=$1abc", "password=[REDACTED]");
    redacts_to(
        "redis://:Wk3Zx8Lq2Rm7Nt5B@cache:6379/0",
        "redis://[REDACTED]@cache:6379/0",
    );
    redacts_to(
        "body=<password>Wk3Zx8Lq2Rm7Nt5B</password>",
        "body=<password>[REDACTED]</password>",
    );
    // The secrets themselves still go.
    redacts_to("DB_PASSWORD=$ecret123", "DB_PASSWORD=[REDACTED]");
    redacts_to("password = hunter2[0]", "password = [REDACTED]");
    redacts_to(r#"password: "x${abc}""#, r#"password: "[REDACTED]""#);
    redacts_to("aws:secret: hunter2", "aws:secret: [REDACTED]");
    redacts_to("aws secret: hunter2", "aws secret: [REDACTED]");
}

#[test]
fn type_names_after_a_bare_secret_word_are_prose() {
    // Rust's, Go's, Java's and Python's errors name the type of what went wrong.
    for text in [
        "failed to decode token: InvalidToken",
        "failed to decode token: ExpiredSignature",
        "jwt: token is unverifiable: error while executing keyfunc: token: KeyNotFound",
        "invalid token: ErrorKind::InvalidToken",
        "password: std::io::Error",
        "token: java.lang.IllegalStateException",
        "Error: secret: keyring.ErrNotFound",
        "secret: os.ErrNotExist",
        "token: reqwest::Error { kind: Decode }",
        "token: JsonWebTokenError",
        "password: IOError",
        "E0503 token_manager.go:121] token: TokenRequest failed",
        // The verb of the step that failed, after a compound name.
        "Error: signing key: open cosign.key: no such file or directory",
        "private key: read /etc/tls/key.pem: permission denied",
    ] {
        redacts_to(text, text);
    }
    // A type's name is made of the words of error types; a password's words are
    // others (found in review), and random humps are none.
    for (text, expected) in [
        ("password: AbCdEfGh", "password: [REDACTED]"),
        ("password: QxzPlmKv", "password: [REDACTED]"),
        ("token: aBcDeFgHiJ", "token: [REDACTED]"),
        ("password: ChangeMe", "password: [REDACTED]"),
        ("Password: SuperSecret", "Password: [REDACTED]"),
        ("secret: OpenSesame", "secret: [REDACTED]"),
        ("token: MasterKey", "token: [REDACTED]"),
        (
            "passphrase: CorrectHorseBatteryStaple",
            "passphrase: [REDACTED]",
        ),
        ("password: Trustno::One", "password: [REDACTED]"),
        ("credentials: admin:WelcomeHome", "credentials: [REDACTED]"),
        // After a spaced `=` (a config file's line), no type's name stays.
        (
            "[database]\npassword = InvalidToken",
            "[database]\npassword = [REDACTED]",
        ),
        ("password: Base64Error7", "password: [REDACTED]"),
        // After a compound name only wording stays, as before.
        ("client_secret: InvalidToken", "client_secret: [REDACTED]"),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn a_cookie_header_given_as_a_list_of_strings_goes_whole() {
    for (text, expected) in [
        (
            r#"{"headers":{"set-cookie":["sid=yhzAnar3ZLt4bnlz2MPKgcjnCqaXNv1s; Path=/"]}}"#,
            r#"{"headers":{"set-cookie":[REDACTED]]}}"#,
        ),
        // As Node prints a response's headers (axios' errors).
        (
            "headers: { 'set-cookie': [ 'session=abc123XYZ; Path=/; HttpOnly', 'b=2' ] }",
            "headers: { 'set-cookie': [REDACTED]] }",
        ),
    ] {
        redacts_to(text, expected);
    }
    // A `]` inside a cookie, and Node's list over lines (found in review).
    redacts_to(
        r#"{"set-cookie":["sid=abc]Xq7u8jzPde0IkL2m; Path=/"], "x": 1}"#,
        r#"{"set-cookie":[REDACTED]], "x": 1}"#,
    );
    redacts_to(
        "  headers: {\n    'set-cookie': [\n      'session=Zk4C3J27XDCG; Path=/',\n      'csrf=Xq7u8jzPde0IkL2m; Path=/'\n    ],\n    x: 1",
        "  headers: {\n    'set-cookie': [REDACTED]],\n    x: 1",
    );
    // Another secret's list goes when a string of it is one word (Django's
    // `QueryDict`), not when its strings are messages.
    for (text, expected) in [
        (
            "<QueryDict: {'password': ['Xq7u8jzPde0IkL2m']}>",
            "<QueryDict: {'password': [REDACTED]]}>",
        ),
        (
            r#"{"client_secret": ["Xq7u8jzPde0IkL2m"]}"#,
            r#"{"client_secret": [REDACTED]]}"#,
        ),
        (r#"password=["hunter2"]"#, "password=[REDACTED]]"),
    ] {
        redacts_to(text, expected);
    }
    // However long the list, and whatever its characters (found in review: a limit
    // inside a character panicked, and a chunked cookie's tail leaked).
    let chunked = format!(
        r#""set-cookie": ["big={}", "sid=s3cr3tSessi0nValue; HttpOnly"] end"#,
        "x".repeat(9000)
    );
    redacts_to(&chunked, r#""set-cookie": [REDACTED]] end"#);
    let wide = format!(r#""set-cookie": ["a{}"] end"#, "\u{e9}".repeat(5000));
    redacts_to(&wide, r#""set-cookie": [REDACTED]] end"#);
    let judged = format!(
        r#"{{"password": ["{} Xq7u8jzPde0IkL2m"]}}"#,
        "\u{e9}".repeat(5000)
    );
    let _ = error_core::sanitize::redact_secrets(&judged);
    // Validation messages and error codes listed under a secret's name (Django
    // REST framework's, found in review).
    for text in [
        r#"{"password": ["This password is too short."]}"#,
        r#"{"Cookie":[]}"#,
        r#"{"password": ["required", "This password is too short."]}"#,
        r#"{"password": ["blank"]}"#,
        r#"{"password": ["password_too_short", "password_too_common"]}"#,
        r#"{"password": ["minimum 8 characters", "missing_digit"]}"#,
        r#""token": ["Bearer"]"#,
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn an_ellipsis_stands_for_an_elided_value() {
    for text in [
        "pass api_key=... to the client",
        "token=\u{2026} was elided",
        r#"{"password": "..."}"#,
    ] {
        redacts_to(text, text);
    }
    redacts_to("password=...x9", "password=[REDACTED]");
}

#[test]
fn a_quoted_url_ending_in_a_secret_word_is_no_key() {
    // Go's errors quote the URL that failed, then give the cause.
    for text in [
        r#"Post "https://oauth2.googleapis.com/token": x509: certificate signed by unknown authority"#,
        r#"failed to get token: Post "https://sts.googleapis.com/v1/token": oauth2/google: status code 400"#,
        r#"Get "http://169.254.169.254/computeMetadata/v1/instance/service-accounts/default/token": dial tcp: i/o timeout"#,
    ] {
        redacts_to(text, text);
    }
    // Unquoted, quoted after no method, or before a quoted value, the name is a key
    // still (found in review).
    redacts_to(
        "GET https://x.com/api/token: abc123secretvalue",
        "GET https://x.com/api/token: [REDACTED]",
    );
    redacts_to(
        r#"{"https://api.example.com/oauth/token": "Xq7u8jzPde0IkL2m"}"#,
        r#"{"https://api.example.com/oauth/token": "[REDACTED]"}"#,
    );
    redacts_to(
        r#""https://a.example/x/token":Xq7u8jzPde0IkL2m"#,
        r#""https://a.example/x/token":[REDACTED]"#,
    );

    redacts_to(
        r#"{"api/token": "abc123secretvalue"}"#,
        r#"{"api/token": "[REDACTED]"}"#,
    );
}

#[test]
fn a_go_pointer_type_before_a_colon_names_a_kind_of_object() {
    // Kubernetes' client-go logs the type it lists or watches.
    for text in [
        "failed to list *v1.Secret: secrets is forbidden",
        "Failed to watch *v1.Secret: failed to list *v1.Secret: secrets \"db\" is forbidden",
        "*corev1.Secret: unknown (get secrets)",
    ] {
        redacts_to(text, text);
    }
    // A pointer before `=` is a C declaration, whose value is the secret.
    redacts_to(
        r#"5 | char *password = "hunter2";"#,
        r#"5 | char *password = "[REDACTED]";"#,
    );
    redacts_to(
        "*v1.Secret password: hunter2",
        "*v1.Secret password: [REDACTED]",
    );
}

#[test]
fn any_authorization_scheme_loses_its_credential() {
    for (text, expected) in [
        (
            "Authorization: SSWS 00QCjAl4MlV-WPXM-ABCDEFGHIJKLmnopqrstuvwxyz01",
            "Authorization: [REDACTED]",
        ),
        (
            "Authorization: NTLM TlRMTVNTUAABAAAAB4IIogAAAAAAAAAAAAAAAAAAAAAGAbEdAAAADw==",
            "Authorization: [REDACTED]",
        ),
        (
            "Authorization: HMAC-SHA256 Credential=abc123def456, Signature=deadbeef1234",
            "Authorization: [REDACTED], Signature=[REDACTED]",
        ),
        (
            "Authorization: Klaviyo-API-Key pk_abc123def456ghi789\nAccept: */*",
            "Authorization: [REDACTED]\nAccept: */*",
        ),
        (
            "Authorization: Digest username=\"u\", response=\"6629fae49393a05397450978507c4ef1\"",
            "Authorization: Digest [REDACTED]",
        ),
        (
            "Authorization: Bearer\n  eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
            "Authorization: Bearer\n  [REDACTED]",
        ),
        // A value that swallowed the header's name takes its scheme and credential
        // along (found by the fuzzer: the `SSWS` went, the credential stayed).
        (
            "X-Api-Key: !Authorization: SSWS 00QCjAl4MlV-WPXM-AbCdEfGhIjKl01 x",
            "X-Api-Key: [REDACTED] x",
        ),
        (
            "password=!Authorization: NTLM TlRMTVNTUAABAAAAB4IIogAAAAAAAAAA x",
            "password=[REDACTED] x",
        ),
        // A swallowed header whose scheme takes a parameter list takes the list.
        (
            "token=Proxy-Authorization: Digest username=\"bob\", response=\"6629fae49393a05397450978507c4ef1\" x",
            "token=[REDACTED] x",
        ),
        // A value that swallowed a header's name and part of its value takes the
        // rest: the scheme's parameters, a `Cookie` header's every pair.
        (
            "{\"token\": \"Authorization: Digest username=\"bob\", response=\"6629fae49393a05397450978507c4ef1\" x",
            "{\"token\": \"[REDACTED] x",
        ),
        (
            "token=Cookie: a=b; sid=s3cr3t-cookie\nx",
            "token=[REDACTED]\nx",
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn every_pair_of_a_cookie_header_goes() {
    redacts_to(
        "Cookie: theme=dark; session=abc123def456; csrftoken=xyz789\nHost: x",
        "Cookie: [REDACTED]\nHost: x",
    );
    redacts_to(
        "curl -H 'Cookie: sid=s%3Aabc.def; _ga=GA1.2.3' https://x",
        "curl -H 'Cookie: [REDACTED]' https://x",
    );
    // A credential that swallowed `Bearer` does not swallow the header after it.
    redacts_to(
        "Bearer eyJhbGciIBearer  Cookie: a=b; session=Zx9Yw8Vu7Ts6Rq5Po4",
        "Bearer [REDACTED]  Cookie: [REDACTED]",
    );
    redacts_to(
        r#"{"Cookie": "sid=abc; other=def"}"#,
        r#"{"Cookie": "[REDACTED]"}"#,
    );
}

#[test]
fn layouts_that_separate_a_key_from_its_value() {
    redacts_to(
        "db:\n  host:              db.internal\n  password:          hunter2\n",
        "db:\n  host:              db.internal\n  password:          [REDACTED]\n",
    );
    redacts_to(
        "config:\n  client_secret: |\n    line-one-s3cr3t\n\n    line-two\n  next: 1",
        "config:\n  client_secret: [REDACTED]\n  next: 1",
    );
    redacts_to(
        "private_key: >-\n  MIIEowIBAAKCAQEA1c7\nnext: 2",
        "private_key: [REDACTED]\nnext: 2",
    );
    redacts_to(
        r#"body: "{\\\"token\\\":\\\"abc123secret\\\",\\\"x\\\":1}""#,
        r#"body: "{\\\"token\\\":\\\"[REDACTED]\\\",\\\"x\\\":1}""#,
    );
}

#[test]
fn a_tight_value_goes_whatever_it_starts_with_or_holds() {
    for (text, expected) in [
        ("password=:abc123 x", "password=[REDACTED] x"),
        ("password==abc123", "password=[REDACTED]"),
        ("password=(abc123) x", "password=[REDACTED] x"),
        ("password=<abc123>", "password=[REDACTED]"),
        ("password=abc&def123 x", "password=[REDACTED] x"),
        ("password=abc;def123", "password=[REDACTED]"),
        ("?password=abc&x=1", "?password=[REDACTED]&x=1"),
        (
            "session_token=abc; Path=/",
            "session_token=[REDACTED]; Path=/",
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn url_passwords_with_delimiters() {
    redacts_to(
        "postgres://app:pa/ss?wo#rd@db:5432/x failed",
        "postgres://app:[REDACTED]@db:5432/x failed",
    );
    // A Windows domain's user, unencoded, as a proxy's URL names it.
    redacts_to(
        r"ProxyError: http://CORP\alice:Wk3Zx8Lq2Rm7@proxy.corp:8080 refused",
        r"ProxyError: http://CORP\alice:[REDACTED]@proxy.corp:8080 refused",
    );
    for text in [
        "https://example.com:8080/path/a@b",
        "https://example.com:8443/users/@alice",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn prose_numbers_placeholders_and_states_after_secret_words_stay() {
    for text in [
        "cannot fetch token: 401 Unauthorized",
        "unexpected token: '}'",
        "Using --password via the CLI is insecure",
        "secret \"db-credentials\" not found",
        "InvalidToken: GET request failed",
        "ExpiredToken: The security token included in the request is expired",
        "password: 16 bytes",
        "Config(token=None, password=None)",
        "Settings(api_key=null, secret=nil)",
        "usage: app [--token TOKEN] [--password <PASSWORD>]",
        "token: 1234 exceeds budget",
        "Authorization: header missing",
        "Authorization: header is required",
        "etag: \"5d41402abc4b2a76b9719d911017c592\"",
        "ETag: W/\"33a64df551425fcc55e4d42a148795d9f25f89d4\"",
    ] {
        redacts_to(text, text);
    }
    // A secret that looks like those still goes.
    redacts_to("password=Nonesuch1", "password=[REDACTED]");
    redacts_to(r#"{"secret": 98765}"#, r#"{"secret": [REDACTED]}"#);
    redacts_to("--token abcdefghijk", "--token [REDACTED]");
}

#[test]
fn a_value_named_by_the_member_before_it() {
    // Kubernetes' and ECS's environment entries, CloudFormation's parameters, CI
    // variables, in JSON, YAML, Python's and Go's prints, and XML.
    for (text, expected) in [
        (
            r#"{"env":[{"name":"STRIPE_SECRET","value":"Zx4Kq8Lw2Rm7Nt3B"}]}"#,
            r#"{"env":[{"name":"STRIPE_SECRET","value":"[REDACTED]"}]}"#,
        ),
        (
            "env:\n- name: DB_PASSWORD\n  value: \"Wx3Lk9Zq7Rm2Nt5B\"\n- name: LOG_LEVEL\n  value: debug",
            "env:\n- name: DB_PASSWORD\n  value: \"[REDACTED]\"\n- name: LOG_LEVEL\n  value: debug",
        ),
        (
            r#"    env:\n    - name: API_TOKEN\n      value: Km2Xz7Lq9Wr3Nt5B"#,
            r#"    env:\n    - name: API_TOKEN\n      value: [REDACTED]"#,
        ),
        (
            r#"[{"ParameterKey":"DbPassword","ParameterValue":"Zq9Wx3Lk7Rm2Nt5B"}]"#,
            r#"[{"ParameterKey":"DbPassword","ParameterValue":"[REDACTED]"}]"#,
        ),
        (
            r#"{"key":"STRIPE_SECRET_KEY","value":"Xk9Lw3Zq7Rm2Nt5B","masked":false}"#,
            r#"{"key":"STRIPE_SECRET_KEY","value":"[REDACTED]","masked":false}"#,
        ),
        (
            "{'name': 'DB_PASSWORD', 'value': 'x9Lw3Zq7Rm2', 'value_from': None}",
            "{'name': 'DB_PASSWORD', 'value': '[REDACTED]', 'value_from': None}",
        ),
        (
            "{Name:DB_PASSWORD Value:Xk9Lw3Zq7Rm2Nt5B ValueFrom:nil}",
            "{Name:DB_PASSWORD Value:[REDACTED] ValueFrom:nil}",
        ),
        (
            "<entry><key>DB_PASSWORD</key><value>Xz8Km3Lw7Qr2Nt5B</value></entry>",
            "<entry><key>DB_PASSWORD</key><value>[REDACTED]</value></entry>",
        ),
        (
            "<property>\n  <name>fs.s3a.secret.key</name>\n  <value>Km2Xw7Lq9Zr3Nt5B</value>\n</property>",
            "<property>\n  <name>fs.s3a.secret.key</name>\n  <value>[REDACTED]</value>\n</property>",
        ),
    ] {
        redacts_to(text, expected);
    }
    // Other names, and a value read from elsewhere, stay.
    for text in [
        r#"{"name":"LOG_LEVEL","value":"debug"}"#,
        r#"{"name":"DB_PASSWORD","valueFrom":{"secretKeyRef":{"name":"db","key":"password"}}}"#,
        r#"{"type":"DB_PASSWORD","value":"abc"}"#,
        "<property><name>fs.defaultFS</name><value>hdfs://nn:8020</value></property>",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_flag_and_its_value_as_two_items_of_a_list() {
    redacts_to(
        "Command '['mysql', '-u', 'root', '--password', 'Lq3Wx8Kz7Rm2Nt5B', '-e', 'select 1']' returned non-zero exit status 1.",
        "Command '['mysql', '-u', 'root', '--password', '[REDACTED]', '-e', 'select 1']' returned non-zero exit status 1.",
    );
    redacts_to(
        r#""Args": ["--listen=:8080", "--api-key", "Xz8Lw3Kq7Rm2Nt5B", "--verbose"]"#,
        r#""Args": ["--listen=:8080", "--api-key", "[REDACTED]", "--verbose"]"#,
    );
    redacts_to(
        r#"["keytool","-storepass","Xz8Lw3Kq7Rm2Nt5B"]"#,
        r#"["keytool","-storepass","[REDACTED]"]"#,
    );
    // A YAML list, as Kubernetes lists a container's arguments.
    redacts_to(
        "args:\n  - --token\n  - Lw2Zq7Xk9Rm3Nt5B\n  - --api-key\n  - \"Xk9p2LmQ7z\"\n  - --verbose",
        "args:\n  - --token\n  - [REDACTED]\n  - --api-key\n  - \"[REDACTED]\"\n  - --verbose",
    );
    redacts_to(
        r"    args:\n    - --token\n    - Lw2Zq7Xk9Rm3Nt5B",
        r"    args:\n    - --token\n    - [REDACTED]",
    );
    redacts_to("  - --token\n  - --verbose", "  - --token\n  - --verbose");
    // The same list made one line.
    assert_eq!(
        sanitize_single_line("args:\n  - --token\n  - Lw2Zq7Xk9Rm3Nt5B\n", 256),
        "args:   - --token   - [REDACTED] "
    );
    redacts_to(
        "usage: app --password - (stdin)",
        "usage: app --password - (stdin)",
    );
    // The next flag, a placeholder and a reference are no value.
    for text in [
        "['app', '--password', '--verbose']",
        "['app', '--token', 'TOKEN']",
        "['app', '--token', '$API_TOKEN']",
        "['app', '--token', \"x\"]",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn newer_secret_names() {
    for (text, expected) in [
        (
            "{\"session_key\":\"Qw3Lk8Xz2Rm7Nt5B\"}",
            "{\"session_key\":\"[REDACTED]\"}",
        ),
        ("psk=Kw3Xz8Lq2Rm7Nt5B", "psk=[REDACTED]"),
        (
            "PresharedKey = Wq9Xz3Lk7Rm2Nt5B=",
            "PresharedKey = [REDACTED]",
        ),
        ("JWT_KEY=Lq9Kx3Wz7Rm2Nt5A", "JWT_KEY=[REDACTED]"),
        // Found by an audit: a passphrase's humps, SonarQube's older token.
        (
            "{\"keyId\":\"k1\",\"passPhrase\":\"Qw3Lk8Xz2Rm7Nt5B\"}",
            "{\"keyId\":\"k1\",\"passPhrase\":\"[REDACTED]\"}",
        ),
        (
            "mvn sonar:sonar -Dsonar.login=Qw3Lk8Xz2Rm7Nt5B",
            "mvn sonar:sonar -Dsonar.login=[REDACTED]",
        ),
        // Credentials' short form, LDAP's passwords as one word.
        ("rootpw=Qw3Lk8Xz2Rm7Nt5B", "rootpw=[REDACTED]"),
        ("bindpw: Qw3Lk8Xz2Rm7Nt5B", "bindpw: [REDACTED]"),
        (
            "export DB_CREDS=Qw3Lk8Xz2Rm7Nt5B",
            "export DB_CREDS=[REDACTED]",
        ),
        (
            "{\"awsCreds\": \"Qw3Lk8Xz2Rm7Nt5B\"}",
            "{\"awsCreds\": \"[REDACTED]\"}",
        ),
        ("PHPSESSID=Qw9Lz3Xk7Rm2Nt5B", "PHPSESSID=[REDACTED]"),
        (
            "connect.sid=s%3ALw9Kq3Xz7Rm2Nt5B.abc",
            "connect.sid=[REDACTED]",
        ),
        ("--requirepass=Lz9Xw3Kq7Rm2Nt5A", "--requirepass=[REDACTED]"),
        (
            "redis-server *:6379 --requirepass Xz5Lm9Qk2Wr7Nt3B",
            "redis-server *:6379 --requirepass [REDACTED]",
        ),
        ("masterauth: Xz2Lw7Kq9Rm3Nt5B", "masterauth: [REDACTED]"),
        (
            "tailscale up --authkey=Xz9Km3Lw7Qr2Nt5B",
            "tailscale up --authkey=[REDACTED]",
        ),
        // Vault's AppRole credential, a personal access token's abbreviation.
        (
            "vault write auth/approle/login role_id=db02 secret_id=Xw9Kz3Lq7Rm2Nt5B",
            "vault write auth/approle/login role_id=db02 secret_id=[REDACTED]",
        ),
        (
            r#"{"role_id": "db02", "secret_id": "Xw9Kz3Lq7Rm2Nt5B"}"#,
            r#"{"role_id": "db02", "secret_id": "[REDACTED]"}"#,
        ),
        ("export GH_PAT=Lq2Wz7Xk9Rm3Nt5B", "export GH_PAT=[REDACTED]"),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "pattern=x xpat=abc user_id=42 request-id=abc tid=5 client_id=1234",
        // AWS names a secret by its id.
        "aws secretsmanager get-secret-value --secret-id prod/db-credentials",
        r#"{"SecretId":"prod/db-credentials","VersionStage":"AWSCURRENT"}"#,
    ] {
        redacts_to(text, text);
    }
    for text in [
        "ssid=HomeNet",
        "existingSecret: db-credentials",
        "session_id=42",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn where_a_value_is_read_from_and_masks_stay() {
    for text in [
        r#"password = os.getenv("DB_PASSWORD")"#,
        r#"password = os.environ.get("DB_PASSWORD", "")"#,
        r#"String password = System.getenv("DB_PASSWORD");"#,
        r#"password = ENV.fetch("DB_PASSWORD")"#,
        r#"var password = Environment.GetEnvironmentVariable("DB_PASSWORD");"#,
        "set PASSWORD=%DB_PASSWORD%",
        r#"--password "$(cat /run/secrets/db_password)""#,
        "MasterUserPassword: !Ref DbPassword",
        "client_secret: !vault |",
        r#"Parameters: {"user"=>{"email"=>"a@b.com", "password"=>"[FILTERED]"}}"#,
        r#""password": "<your-password>""#,
        r#"token = "YOUR_TOKEN_HERE""#,
        "GOOGLE_APPLICATION_CREDENTIALS=/var/secrets/google/key.json",
        r#"error: failed to get secret "db-credentials": secrets "db-credentials" not found"#,
        // A traceback's source line that reads the value by its name, or names a
        // variable (found by an audit).
        r#"    token = request.json.get("token")"#,
        r#"    String password = props.getProperty("db.password");"#,
        r#"    password := r.FormValue("password")"#,
        "    $password = $_POST['password'];",
        r#"    password = getpass.getpass("Password: ")"#,
        r#"    secret = viper.GetString("app.secret")"#,
    ] {
        redacts_to(text, text);
    }
    // A wrapper's string is the value; an object that is no plain word is no code.
    redacts_to(
        r#"password = pydantic.SecretStr("Xk9p2LmQ7")"#,
        "password = [REDACTED]",
    );
    redacts_to("token = Xk9.getFoo", "token = [REDACTED]");
    redacts_to(r#"token=request.json.get("token")"#, "token=[REDACTED]");
    // A value that only begins like one still goes.
    redacts_to("password=Envelope123", "password=[REDACTED]");
    redacts_to("token: !Xk9p2Lm", "token: [REDACTED]");
    redacts_to(
        r#"invalid field "api_key": "Xk9p2LmQ7""#,
        r#"invalid field "api_key": "[REDACTED]""#,
    );
}

#[test]
fn more_syntaxes_and_commands() {
    for (text, expected) in [
        // Go's `:=`, Python 2's text literal, ODBC's braces.
        (
            r#"password := "Xz2Km7Lq9Wr3Nt5B""#,
            r#"password := "[REDACTED]""#,
        ),
        (
            "{'password': u'Xq3Wz8Lk2Rm7Nt5B'}",
            "{'password': u'[REDACTED]'}",
        ),
        (
            "Driver={ODBC Driver 18 for SQL Server};Server=sql01;UID=sa;PWD={Wz3Xm8;Lq2Kr7};Encrypt=yes",
            "Driver={ODBC Driver 18 for SQL Server};Server=sql01;UID=sa;PWD=[REDACTED];Encrypt=yes",
        ),
        // More commands' password flags.
        (
            "Invalid connection string: cqlsh -u cassandra -p Wk3Zx8Lq2Rm7Nt5B 10.0.0.4 9042",
            "Invalid connection string: cqlsh -u cassandra -p [REDACTED] 10.0.0.4 9042",
        ),
        (
            "+ bcp dbo.orders out o.dat -S db -U sa -P Wk3Zx8Lq2Rm7Nt5B -c",
            "+ bcp dbo.orders out o.dat -S db -U sa -P [REDACTED] -c",
        ),
        (
            "+ dotnet nuget add source https://nuget.example.com/v3/index.json -n corp -u ci -p Wk3Zx8Lq2Rm7Nt5B --store-password-in-clear-text",
            "+ dotnet nuget add source https://nuget.example.com/v3/index.json -n corp -u ci -p [REDACTED] --store-password-in-clear-text",
        ),
        (
            "+ mongoexport --uri mongodb://db:27017/app -u admin -p Wk3Zx8Lq2Rm7Nt5B -c orders",
            "+ mongoexport --uri mongodb://db:27017/app -u admin -p [REDACTED] -c orders",
        ),
        (
            "+ isql -S SYB01 -U sa -P Wk3Zx8Lq2Rm7Nt5B -i q.sql",
            "+ isql -S SYB01 -U sa -P [REDACTED] -i q.sql",
        ),
        (
            "+ influx query -o acme -t Wk3Zx8Lq2Rm7Nt5B 'from(bucket:\"b\")'",
            "+ influx query -o acme -t [REDACTED] 'from(bucket:\"b\")'",
        ),
        ("passWord=Wk3Zx8Lq2Rm7Nt5B", "passWord=[REDACTED]"),
        (
            "+ app --secret Wk3Zx8Lq2Rm7Nt5B",
            "+ app --secret [REDACTED]",
        ),
        // Only gcloud's lists name secrets, and only a `gcloud` the output still
        // shows says so (a second pass reads the output).
        (
            "+ mytool --set-secrets=DB_TOKEN=Wk3Zx8Lq2Rm7Nt5B",
            "+ mytool --set-secrets=DB_TOKEN=[REDACTED]",
        ),
        (
            "token=gcloud --secret Wk3Zx8Lq2Rm7Nt5B",
            "token=[REDACTED] --secret [REDACTED]",
        ),
        (
            "+ gcloud run deploy api --set-env-vars=DB_PASSWORD=Wk3Zx8Lq2Rm7Nt5B",
            "+ gcloud run deploy api --set-env-vars=DB_PASSWORD=[REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "x := y",
        "token := os.Getenv(\"API_TOKEN\")",
        "+ influx bucket list -t",
        "+ influx -type csv -execute 'SHOW DATABASES'",
        "+ redis-cli --pass",
        // Google Cloud's flags that name a secret in Secret Manager.
        "+ gcloud secrets versions access latest --secret=db-password",
        "+ gcloud secrets versions access 3 --secret db-password --project acme",
        "+ gcloud run deploy api --set-secrets=DB_PASSWORD=db-password:latest,API_KEY=api-key:3",
        // BuildKit's `--secret` says where a secret is read from.
        "+ docker build --secret id=npmrc,src=$HOME/.npmrc -t app .",
        "+ docker buildx build --secret \"id=aws,src=/root/.aws/credentials\" .",
        "keyWord=value",
        "pwd={",
        "pass={{ .Values.pass }}",
        // A bare `auth` that names a method.
        r#"<Resource name="jdbc/app" auth="Container" type="javax.sql.DataSource"/>"#,
        r#""auth": "oauth2""#,
    ] {
        redacts_to(text, text);
    }
    redacts_to(
        r#"{"auths":{"registry.example.com":{"auth":"dXNlcjpwYXNzd29yZA=="}}}"#,
        r#"{"auths":{"registry.example.com":{"auth":"[REDACTED]"}}}"#,
    );
    redacts_to("?auth=k3x9pq2m7z", "?auth=[REDACTED]");
}

/// `aws configure` asks for each setting with its current value in brackets:
/// none, or the old key masked but for its last letters.
#[test]
fn a_prompts_default_stands_between_its_words_and_the_answer() {
    for (text, expected) in [
        (
            "AWS Secret Access Key [None]: Wk3Zx8Lq2Rm7Nt5Bp4Hy6Jc9",
            "AWS Secret Access Key [None]: [REDACTED]",
        ),
        (
            "AWS Secret Access Key [****************Nt5B]: Wk3Zx8Lq2Rm7Nt5Bp4Hy6Jc9",
            "AWS Secret Access Key [****************Nt5B]: [REDACTED]",
        ),
        // Another rule took the prompt's last words (`htpasswd -b`'s password
        // argument): the prompt still announces its answer (found by fuzzing).
        (
            "htpasswd -bb AWS Secret Access Key [None]: Ts6Rq5Po4Nm3Lk2Vu7",
            "htpasswd -bb AWS Secret [REDACTED] [None]: [REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "Default region name [us-east-1]: eu-west-1",
        "Default output format [None]: json",
        "AWS Access Key ID [None]: ",
        "select [None]: password",
    ] {
        redacts_to(text, text);
    }
}

/// JSON in an HTML attribute, as an error page renders a component's properties:
/// its quotes are written as entities.
#[test]
fn json_whose_quotes_are_html_entities() {
    for (text, expected) in [
        (
            "<div data-config=\"{&quot;password&quot;:&quot;Wk3Zx8Lq2Rm7&quot;,&quot;user&quot;:&quot;alice&quot;}\">",
            "<div data-config=\"{&quot;password&quot;:&quot;[REDACTED]&quot;,&quot;user&quot;:&quot;alice&quot;}\">",
        ),
        (
            "data-props=\"{&#34;api_key&#34;: &#34;Wk3Zx8Lq2Rm7Nt5B&#34;}\"",
            "data-props=\"{&#34;api_key&#34;: &#34;[REDACTED]&#34;}\"",
        ),
        (
            "{&#39;token&#39;: &#39;Wk3Zx8Lq2Rm7Nt5B&#39;}",
            "{&#39;token&#39;: &#39;[REDACTED]&#39;}",
        ),
        (
            "password=&quot;Wk3&amp;Zx8Lq2Rm7&quot;",
            "password=&quot;[REDACTED]&quot;",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "{&quot;password&quot;:&quot;&quot;}",
        "{&quot;token&quot;:&quot;null&quot;}",
        "{&quot;title&quot;:&quot;Reset your password&quot;}",
        "&quot;password&quot; is required",
        "Tom &amp; Jerry: password policy",
    ] {
        redacts_to(text, text);
    }
}

/// The cause after a secret's file or name in an error chain, as Go and Rust print
/// one (found by an audit): the words that say what went wrong stay.
#[test]
fn an_errors_cause_after_a_secrets_name_stays() {
    for text in [
        "open /run/secrets/db_password: permission denied",
        "cannot read /run/secrets/jwt_secret: permission denied (os error 13)",
        "stat /var/run/secrets/vault_token: input/output error",
        "failed to load /etc/ssl/private/api_key: unsupported key type",
        "api_token: connection refused",
        "access_token: context deadline exceeded",
        "refresh_token: i/o timeout",
        "session_token: unexpected EOF",
        "client_secret: EOF",
        "id_token: signature verification failed",
        "private_key: illegal base64 data at input byte 4",
        "refresh_token: reuse detected",
        "id_token: audience mismatch",
    ] {
        redacts_to(text, text);
    }
    redacts_to("client_secret: Xq7vLp9sKe2Tz", "client_secret: [REDACTED]");
}

/// Go's `spew` dump of a string, Codecov's token flag and a Twitter bearer token
/// with 21 `A`s (found by an audit).
#[test]
fn a_spew_dumps_string_a_codecov_token_and_a_twitter_bearer() {
    for (text, expected) in [
        (
            "(*main.Config)(0xc000010000)({\n Host: (string) (len=2) \"db\",\n Password: (string) (len=16) \"Wk3Zx8Lq2Rm7Nt5B\"\n})",
            "(*main.Config)(0xc000010000)({\n Host: (string) (len=2) \"db\",\n Password: (string) (len=16) \"[REDACTED]\"\n})",
        ),
        (
            "codecov -t Wk3Zx8Lq2Rm7Nt5BWk3Zx8Lq2Rm7Nt5B",
            "codecov -t [REDACTED]",
        ),
        (
            "twitter: 401 for AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2BuSeid%2BULvsea4JtiGRiSDSJSI%3DEUifiRBkKG5E2XzMDjRfl76ZC9Ub0wnz4XsNiRVBChTYbJcE3F done",
            "twitter: 401 for [REDACTED] done",
        ),
    ] {
        redacts_to(text, expected);
    }
    redacts_to(
        " Name: (string) (len=5) \"alice\",",
        " Name: (string) (len=5) \"alice\",",
    );
}

/// Code that reads a secret into a variable, as tracebacks, compilers' snippets and
/// format strings quote it (found by an audit): the expression stays, a literal
/// goes.
#[test]
fn code_that_reads_a_secret_stays() {
    for text in [
        "Traceback (most recent call last):\n  File \"/srv/app/vault.py\", line 12, in load\n    secret = client.secrets.kv.v2.read_secret_version(path=path)",
        "  File \"/app/db.py\", line 18, in connect\n    conn = psycopg2.connect(host=cfg.host, password=cfg.password, dbname=cfg.name)",
        "  File \"/app/tasks.py\", line 16, in run\n    r = requests.post(url, json={\"api_key\": api_key, \"query\": q})",
        "    let credentials = Credentials::from_env()?;",
        "\ttoken := strings.TrimPrefix(r.Header.Get(\"Authorization\"), \"Bearer \")",
        "\tapiKey := cfg.APIKey",
        "    String token = jwtProvider.createToken(authentication);",
        "    var secret = Encoding.UTF8.GetBytes(_options.Secret);",
        "    const token = localStorage.getItem('token');",
        "    $secret = config('services.stripe.secret');",
        "return fmt.Errorf(\"token: %w\", err)",
        "log.Printf(\"password: %q rejected\", p)",
        "std::cerr << \"token: \" << tok.kind << \" at \" << pos;",
        "System.out.println(\"password: \" + mask(password));",
    ] {
        redacts_to(text, text);
    }
    for (text, expected) in [
        (
            "  File \"/srv/app/http.py\", line 3, in call\n    auth = ('alice', 'Wk3Zx8Lq2Rm7')",
            "  File \"/srv/app/http.py\", line 3, in call\n    auth = [REDACTED]",
        ),
        (
            "    const token = \"Wk3Zx8Lq2Rm7\";",
            "    const token = \"[REDACTED]\";",
        ),
        // Found by a review: a secret that code wraps, or writes unquoted, a frame
        // without a function (a `SyntaxError`'s), a traceback made one line, a
        // word after the quote that closes a key's string.
        (
            "  File \"/app/x.py\", line 3, in f\n    password = base64.b64decode(\"WGs5cEwybVE3clQ0YWJj\").decode()",
            "  File \"/app/x.py\", line 3, in f\n    password = [REDACTED].decode()",
        ),
        ("db_password := Wk3Zx8Lq2Rm7", "db_password := [REDACTED]"),
        (
            "  File \"/srv/settings.py\", line 12\n    DB_PASSWORD = Wk3Zx8Lq2Rm7",
            "  File \"/srv/settings.py\", line 12\n    DB_PASSWORD = [REDACTED]",
        ),
        (
            "Traceback (most recent call last):   File \"/srv/c.py\", line 22, in fetch     r = get(url)   ConnectionError: /v1/items?api_key=Wk3Zx8Lq2Rm7 failed",
            "Traceback (most recent call last):   File \"/srv/c.py\", line 22, in fetch     r = get(url)   ConnectionError: /v1/items?api_key=[REDACTED] failed",
        ),
        (
            "+ echo 'token: ' Wk3Zx8Lq2Rm7",
            "+ echo 'token: '[REDACTED]",
        ),
        // Found by a second review: a weak literal that code wraps, a Makefile's
        // lowercase variable, a token unquoted, a template's frame.
        (
            "4 |     let password = String::from(\"hunter2\");",
            "4 |     let password = [REDACTED];",
        ),
        (
            "api_key := abcdef1234567890abcdef1234567890",
            "api_key := [REDACTED]",
        ),
        (
            "  File \"/srv/app.py\", line 12, in <module>\n    client = Client(token=s.Vb2ZQGQ4vHs1m3Nq0sQ2k9Xy)",
            "  File \"/srv/app.py\", line 12, in <module>\n    client = Client(token=[REDACTED])",
        ),
        (
            "  File \"/etc/templates/app.yml.j2\", line 3, in top-level template code\n    password: Winter2023pass",
            "  File \"/etc/templates/app.yml.j2\", line 3, in top-level template code\n    password: [REDACTED]",
        ),
        (
            "I changed my password = Wk3Zx8Lq2Rm7 yesterday",
            "I changed my password = [REDACTED] yesterday",
        ),
        (
            "  File \"/app/tasks.py\", line 15, in run\n    conn = connect(password=\"Wk3Zx8Lq2Rm7\", token=ghp_16C7e42F292c6912E7710c838347Ae178B4a)",
            "  File \"/app/tasks.py\", line 15, in run\n    conn = connect(password=\"[REDACTED]\", token=[REDACTED])",
        ),
        (
            "  File \"/app/tasks.py\", line 14, in run\n    r = requests.get(url, auth=HTTPBasicAuth('alice', 'Wk3Zx8Lq2Rm7'))",
            "  File \"/app/tasks.py\", line 14, in run\n    r = requests.get(url, auth=[REDACTED])",
        ),
        ("PASSWORD := Wk3Zx8Lq2Rm7", "PASSWORD := [REDACTED]"),
        (
            "[db]\npassword = Wk3Zx8Lq2Rm7",
            "[db]\npassword = [REDACTED]",
        ),
        ("    password = Wk3Zx8Lq2Rm7", "    password = [REDACTED]"),
        (
            "\"password: \"Wk3Zx8Lq2Rm7\"\"",
            "\"password: \"[REDACTED]\"\"",
        ),
    ] {
        redacts_to(text, expected);
    }
}

/// Found by fuzzing: a reading bounded in bytes (a tight value's brackets, a glued
/// word) must stop between characters, or the redaction cuts one in two.
#[test]
fn a_bounded_reading_ends_between_characters() {
    for text in [
        format!("password=({})", "é".repeat(600)),
        format!("password=({} x", "é".repeat(700)),
        format!("password: ){}#", "é".repeat(700)),
        format!("<password><![CDATA[x{} end", "é".repeat(700)),
    ] {
        for sanitize in [sanitize_error_text, sanitize_single_line] {
            let once = sanitize(&text, 1 << 16);
            assert_eq!(sanitize(&once, 1 << 16), once);
        }
        assert!(!redact_secrets(&text).is_empty());
    }
}

/// Found by fuzzing: a later redaction on the line changed a literal that the code
/// rule had read ahead, and the second pass redacted what the first kept (the line
/// is read up to a redaction, as every value scan is).
#[test]
fn a_later_redaction_on_the_line_leaves_what_code_kept() {
    let text = "    let token = localStorage.getItem('teokn');\n\tapiKey :\u{8c}=d::cerr <<  token: \" << tok.kind << \"x\";\nfmt.Errorf(\"pawsword: %w\", let token = localStorage.getIt err)\n";
    for sanitize in [sanitize_error_text, sanitize_single_line] {
        let once = sanitize(text, 4096);
        assert!(once.contains("localStorage.getItem('teokn')"), "{once}");
        assert_eq!(sanitize(&once, 4096), once);
    }
}

/// JSON inside a JSON string whose quotes are escaped by number, as .NET's
/// `System.Text.Json` writes a request body into a log message.
#[test]
fn json_whose_quotes_are_escaped_by_number() {
    for (text, expected) in [
        (
            r#"{"Message":"Request body: {\u0022username\u0022:\u0022alice\u0022,\u0022password\u0022:\u0022Wk3Zx8\u002BLq2Rm7\u0022}"}"#,
            r#"{"Message":"Request body: {\u0022username\u0022:\u0022alice\u0022,\u0022password\u0022:\u0022[REDACTED]\u0022}"}"#,
        ),
        (
            r"{\u0022apiKey\u0022: \u0022Wk3Zx8Lq2Rm7Nt5B\u0022, \u0022user\u0022: \u0022bob\u0022}",
            r"{\u0022apiKey\u0022: \u0022[REDACTED]\u0022, \u0022user\u0022: \u0022bob\u0022}",
        ),
        (
            r"{\u0027client_secret\u0027: \u0027Wk3Zx8Lq2Rm7Nt5B\u0027}",
            r"{\u0027client_secret\u0027: \u0027[REDACTED]\u0027}",
        ),
        // A value's escaped quote is part of it, unless it opened the value (found
        // by a review: .NET writes a password's `'` as `\u0027`).
        (
            r"\u0022ConnectionString\u0022:\u0022Server=db;Password=Wk3Zx8Lq2Rm7;\u0022",
            r"\u0022ConnectionString\u0022:\u0022Server=db;Password=[REDACTED]",
        ),
        (
            r#"{"Default":"Host=db;Password=Pa\u0027Wk3Zx8Lq2Rm7"}"#,
            r#"{"Default":"Host=db;Password=[REDACTED]"}"#,
        ),
        (
            r"{\u0022password\u0022:\u0022O\u0027Wk3Zx8Lq2Rm7\u0022}",
            r"{\u0022password\u0022:\u0022[REDACTED]\u0022}",
        ),
        (
            r"token: r\u0022Wk3Zx8Lq2Rm7Nt5B\u0022",
            r"token: [REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        r"{\u0022password\u0022:\u0022\u0022}",
        r"{\u0022token\u0022:\u0022expired\u0022,\u0022count\u0022:\u00222\u0022}",
        r"{\u0022title\u0022:\u0022Reset your password\u0022}",
        r"\u0022password\u0022 is required",
    ] {
        redacts_to(text, text);
    }
}

/// A key's value as Markdown's inline code, as an agent's tool writes it.
#[test]
fn a_value_in_inline_code_is_secret_when_it_is_one_closed_word() {
    for (text, expected) in [
        ("password = `Xz7Wq2Lk8Rm3Nt5B`", "password = `[REDACTED]`"),
        (
            "- api_key: `3f9a8b7c6d5e4f3a2b1c`",
            "- api_key: `[REDACTED]`",
        ),
        (
            "DB_PASSWORD=`hunter2` (from .env)",
            "DB_PASSWORD=`[REDACTED]` (from .env)",
        ),
        // A `Cookie` header's value ran to the backtick, the key went with it (found
        // by fuzzing): the value goes along.
        (
            "Cookie: a=b; password = `Lk2Vu7Ts6Rq5Po4Nm3`\nnext",
            "Cookie: [REDACTED]\nnext",
        ),
        // A command's argument took the `=` alone, the key stood before it (found by
        // fuzzing): the value goes along.
        (
            "Cookie: a=b\ndocker login\n?- password = `Lk2Vu7Ts6Rq5Po4Nm3`",
            "Cookie: [REDACTED]\ndocker login\n?- password [REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        // A shell's command substitution, a reference, a mask, an absent value.
        "export DB_PASSWORD=`cat /run/secrets/db`",
        "api_key: `${API_KEY}`",
        "token: `None`",
        "password=``",
        // Never closed: as a value cut short reads.
        "password = `Xz7Wq2Lk8",
        "set `password` to a strong value",
    ] {
        redacts_to(text, text);
    }
}

/// ASP.NET's token signing key: a `Key` that opens a `Jwt` section.
#[test]
fn the_key_of_a_jwt_section_is_secret() {
    for (text, expected) in [
        (
            "{ \"Jwt\": { \"Key\": \"OXUIi0KAy6ooz57NnQpRK9d4NlYvCwizl8ozyozi\", \"Issuer\": \"acme\" } }",
            "{ \"Jwt\": { \"Key\": \"[REDACTED]\", \"Issuer\": \"acme\" } }",
        ),
        (
            "\"JwtSettings\": {\"Key\": \"OXUIi0KAy6ooz57NnQpRK9d4NlYvCwizl8ozyozi\"}",
            "\"JwtSettings\": {\"Key\": \"[REDACTED]\"}",
        ),
        (
            "Jwt:\n  Key: OXUIi0KAy6ooz57NnQpRK9d4NlYvCwizl8ozyozi\n  Issuer: acme",
            "Jwt:\n  Key: [REDACTED]\n  Issuer: acme",
        ),
        (
            "dotnet run --Jwt:Key=OXUIi0KAy6ooz57NnQpRK9d4NlYvCwizl8ozyozi",
            "dotnet run --Jwt:Key=[REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "{\"Key\": \"orders/2024/05/01.json\", \"Bucket\": \"b\"}",
        "Jwt:\n  Key: required",
        "{\"JwtClaim\": {\"Key\": \"role\", \"Value\": \"admin\"}}",
        "jwt: Key: RS256 not supported",
        "\"Jwt\": {\"Issuer\": \"acme\", \"Audience\": \"api\"}",
        "Cache: {Key: user-42}",
        // A list of two names, and a list of more.
        r#""required": ["password", "email"]"#,
        r#""required": ["password", "Xq7u8jzPde0I", "name"]"#,
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_calls_string_argument_named_by_the_one_before_it() {
    for (text, expected) in [
        (
            "PHP Warning: in wp-config.php: define('DB_PASSWORD', 'Wk3Zx8Lq2Rm7Nt5B');",
            "PHP Warning: in wp-config.php: define('DB_PASSWORD', '[REDACTED]');",
        ),
        (
            "define( 'SECURE_AUTH_KEY',  'x;Q]4>a b{c|~' );",
            "define( 'SECURE_AUTH_KEY',  '[REDACTED]' );",
        ),
        (
            r#"os.Setenv("API_KEY", "Wk3Zx8Lq2Rm7Nt5B")"#,
            r#"os.Setenv("API_KEY", "[REDACTED]")"#,
        ),
        // Rails' bind parameters: pairs in brackets (found by an audit).
        (
            r#"  User Create (0.6ms)  INSERT INTO "users" ("email", "api_token") VALUES ($1, $2)  [["email", "a@b.c"], ["api_token", "q0fjzLczbttOofL9Zx8qLm2PvR7tKw4N"]]"#,
            r#"  User Create (0.6ms)  INSERT INTO "users" ("email", "api_token") VALUES ($1, $2)  [["email", "a@b.c"], ["api_token", "[REDACTED]"]]"#,
        ),
        (
            r#"System.setProperty("javax.net.ssl.keyStorePassword", "Wk3Zx8Lq2Rm7Nt5B");"#,
            r#"System.setProperty("javax.net.ssl.keyStorePassword", "[REDACTED]");"#,
        ),
        // A redaction that took the call, or its parenthesis, takes the value along
        // (found by the property tests).
        (
            "[password] => define('DB_PASSWORD', 'Wk3Zx8Lq2Rm7Nt5B')",
            "[password] => [REDACTED])",
        ),
        (
            "'@'%' identified by 'define('DB_PASSWORD', 'Wk3Zx8Lq2Rm7Nt5B')",
            "'@'%' identified by '[REDACTED]'DB_PASSWORD', '[REDACTED]')",
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn a_yaml_type_tag_is_no_value() {
    redacts_to("secret: !!str Wk3Zx8Lq2Rm7Nt5B", "secret: !!str [REDACTED]");
    redacts_to(
        r#"password: !!binary "V2szWng4THEyUm03TnQ1Qg==""#,
        r#"password: !!binary "[REDACTED]""#,
    );
    for text in [
        "api_key: !!str",
        "tag: !!str Wk3Zx8Lq2Rm7Nt5B",
        "password: !!null",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn the_word_for_a_password_in_other_languages_names_a_key() {
    for (text, expected) in [
        (
            "Anmeldung fehlgeschlagen (Passwort: Geheim123!)",
            "Anmeldung fehlgeschlagen (Passwort: [REDACTED])",
        ),
        (
            "Verbindung fehlgeschlagen: Kennwort=Geheim456 ungültig",
            "Verbindung fehlgeschlagen: Kennwort=[REDACTED] ungültig",
        ),
        (
            "DB_BENUTZERKENNWORT=Xw9Kz3Lq",
            "DB_BENUTZERKENNWORT=[REDACTED]",
        ),
        (
            "échec de connexion pour paul, mot de passe : Soleil2023",
            "échec de connexion pour paul, mot de passe : [REDACTED]",
        ),
        (
            "mot_de_passe=Lune_2024 refusé",
            "mot_de_passe=[REDACTED] refusé",
        ),
        (
            "no se pudo iniciar sesión, contraseña: Perro#1234 incorrecta",
            "no se pudo iniciar sesión, contraseña: [REDACTED] incorrecta",
        ),
        ("senha=Senha@2024 rejeitada", "senha=[REDACTED] rejeitada"),
        ("jelszo=Jelszo_2024", "jelszo=[REDACTED]"),
        ("contrasena: Perro#1234", "contrasena: [REDACTED]"),
        ("wachtwoord: Wachtw00rd", "wachtwoord: [REDACTED]"),
        (
            "неверный пароль: Parol_123 для пользователя admin",
            "неверный пароль: [REDACTED] для пользователя admin",
        ),
        ("Пароль=Parol_456", "Пароль=[REDACTED]"),
        (
            "Błąd logowania: hasło=Haslo_998",
            "Błąd logowania: hasło=[REDACTED]",
        ),
        (
            "認証に失敗しました パスワード: Himitsu99",
            "認証に失敗しました パスワード: [REDACTED]",
        ),
        ("lösenord=Losen_77x", "lösenord=[REDACTED]"),
        (
            "salasana: Sala_sana1 on väärä",
            "salasana: [REDACTED] on väärä",
        ),
        (
            "错误：登录失败，密码: Mima_8888",
            "错误：登录失败，密码: [REDACTED]",
        ),
        (
            "오류: 비밀번호: Bimil_777 가",
            "오류: 비밀번호: [REDACTED] 가",
        ),
    ] {
        redacts_to(text, expected);
    }
    // Words that end like one, and the plain words a bare key keeps in prose.
    for text in [
        "connect to port=5432 failed",
        "autoclave=3 cycles",
        // Spanish's `clave` is a key as often as a password.
        "clave=nombre_usuario",
        "пароль: обязательное поле",
        "密码: 不能为空",
        "Passwort: ungültig (zu kurz)",
        "senha: obrigatória",
        "Passwort: falsch",
        "salasana: puuttuu",
        "passe=3",
        "database pool: exhausted",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_generated_password_goes_whole_through_its_brackets_and_separators() {
    for (text, expected) in [
        (
            "Error: stringData.password: N;:-q?<[bXLHqvJ@: invalid YAML",
            "Error: stringData.password: [REDACTED]: invalid YAML",
        ),
        (
            "[mysqld] line 4: password = ab)RSq4jgx#k=uI",
            "[mysqld] line 4: password = [REDACTED]",
        ),
        (
            "ERROR: auth.yaml: token: kjs(g?]a[C[ljR@- is malformed",
            "ERROR: auth.yaml: token: [REDACTED] is malformed",
        ),
        (
            "api_key: B}5XgAIq2w8U~}Wk  # error: key must be 32 chars",
            "api_key: [REDACTED]  # error: key must be 32 chars",
        ),
        (
            "spring.datasource.password: Qx]&NVHd^kgkX?gG - Failed to bind",
            "spring.datasource.password: [REDACTED] - Failed to bind",
        ),
        // A value that starts with a bracket.
        (
            "Error: keystore password: >QrH_Y48]AnD7b<E was incorrect",
            "Error: keystore password: [REDACTED] was incorrect",
        ),
        (
            "Error: .env line 3: DB_PASSWORD=>!-anqUIr^i7)p~I",
            "Error: .env line 3: DB_PASSWORD=[REDACTED]",
        ),
        (
            "mysql -u root -pAbc>fc<}ZtbPlvtyH shop",
            "mysql -u root -p[REDACTED] shop",
        ),
        // What closes the structure around the pair, or starts the next, stays.
        (
            "ValueError: Invalid Settings(db_password: abc&ozTl#yba$Un=4, db_user: app)",
            "ValueError: Invalid Settings(db_password: [REDACTED], db_user: app)",
        ),
        (
            "{password: x1;y2,user:bob}",
            "{password: [REDACTED],user:bob}",
        ),
        ("(token: abc)1x2)", "(token: [REDACTED])"),
    ] {
        redacts_to(text, expected);
    }
    // In prose, after the word and its phrase.
    for (text, expected) in [
        (
            "Your temporary password is: T4laE)%5!O(-<zVV - email could not be sent",
            "Your temporary password is: [REDACTED] - email could not be sent",
        ),
        (
            "Authorization failed: the password is 'V[>dS58UQqpndhy1' but the directory says otherwise",
            "Authorization failed: the password is '[REDACTED]' but the directory says otherwise",
        ),
        (
            "WARNING: admin password ,+xqqSF^&LmD2b[h does not meet the complexity policy",
            "WARNING: admin password [REDACTED] does not meet the complexity policy",
        ),
    ] {
        redacts_to(text, expected);
    }
    // Code, lists, times and template tags after a secret's name stay.
    for text in [
        "field client_secret: Vec<u8>",
        "expected token: string(12) here",
        "token: Some(inner), found None",
        "password: <%= ENV['DB_PASSWORD'] %>",
        "password: (none)",
        "Invalid password: (8 characters at least)",
        "secret: db,cache",
        "session_token 2024-01-01T00:00:00Z expired",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_glued_value_reads_the_same_on_the_next_pass_wherever_it_was_cut() {
    // Inputs where a cut once changed what the value was read as: a trailing `[`,
    // a key whose separator the window cut, a tag cut inside its name.
    for text in [
        "Error: password: ab)RSq4jgx#k=uI[",
        "DB_PASSWORD=>94lSWU3[",
        "password: N;x9Yz7Qw2token: abc",
        "password=;Y8PjXsA47a9N:6Ez9",
        "Passwort=><D2D;sword=",
        "DB_PASSWORD:>z8tSS<key>",
        "contraseña=>)~t4OP</value>mot de passe, ",
        "token: MwOWNRdKSWyuZbRfПmot de passe",
        "password={%token=abc1",
        "client_secret={%fmUCB",
        // A literal placeholder after a glued value, which the window cuts.
        "password\t>%,O2GNeu[REDACTED]",
        "salasana=>bYe&s1VUq[REDACTED]\napi_key: x",
    ] {
        for cap in (8..=text.chars().count() + 1).chain([100, 8192]) {
            let once = sanitize_error_text(text, cap);
            assert_eq!(sanitize_error_text(&once, cap), once, "{text:?} at {cap}");
        }
        let once = redact_secrets(text);
        assert_eq!(redact_secrets(&once), once, "{text:?}");
    }
}

#[test]
fn after_a_secret_name_code_annotations_and_words_of_other_scripts_stay() {
    for text in [
        "token: expired(2024-05-01)",
        "password: required(3/5)",
        "api_key: invalid(code=401)",
        "token: Token(id=42)",
        "    token: constr(min_length=32) = Field(...)",
        "secret: db-creds(v3)",
        "token: len(s)>=8",
        "token: (read|write)",
        "unexpected token: >=1.2.3",
        "password ssh://git@github.com:22/o/r.git/x",
        "mot de passe : obligatoire",
        "mot de passe : au moins 8 caractères",
        "contraseña: inválida",
        "lösenord: för kort",
    ] {
        redacts_to(text, text);
    }
    // A tight value's bracket or separator, and a value that goes on past a list's
    // comma or an opened bracket once it is redacted anyway.
    for (text, expected) in [
        ("DB_PASSWORD=anqUIr^i7)p~I", "DB_PASSWORD=[REDACTED]"),
        ("DB_PASSWORD=V7esV>WuQsQwzSlM", "DB_PASSWORD=[REDACTED]"),
        ("password: Xq7u8jzPde0I(w9AzfU", "password: [REDACTED]"),
        ("[token=abc][user=x]", "[token=[REDACTED]][user=x]"),
        // An apostrophe inside a tight value is the password's; one after it closes
        // the quoted pair.
        ("DB_PASSWORD=Xq7u'8jzPde0I", "DB_PASSWORD=[REDACTED]"),
        (
            "docker run -e 'DB_PASSWORD=Xq7u8jzPde0I' app",
            "docker run -e 'DB_PASSWORD=[REDACTED]' app",
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn a_numbered_secret_name_is_the_name() {
    for (text, expected) in [
        (
            "API_KEY_1=ibTcZDHBa6nGMJBK5tFDuzq69vvhop6j",
            "API_KEY_1=[REDACTED]",
        ),
        ("password1=Xq7u8jzPde0I", "password1=[REDACTED]"),
        (
            r#"{"apiKey2": "Xq7u8jzPde0Iab12Cd"}"#,
            r#"{"apiKey2": "[REDACTED]"}"#,
        ),
        ("DB_PASSWORD_2=hunter2", "DB_PASSWORD_2=[REDACTED]"),
        // `vault operator init` prints its keys numbered.
        (
            "Unseal Key 1: MxNp5wBl8Wq95wWPS9ru5zGunPG4dNzBpi+bTnAOAmne\n\
             Recovery Key 2: rTHRMPtcSIv9QHHBYZZ4xXqI+JLAKu0cQ5a7sZo4e0+X",
            "Unseal Key 1: [REDACTED]\nRecovery Key 2: [REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    // A longer number is part of the name, a number after another byte too, and
    // Vault's other lines are no keys.
    for text in [
        "KEY_2048=abcdef",
        "sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        "tokens2=5",
        "key1: foo",
        "password1_label: First password",
        "Unseal Progress 1/3",
        "Unseal Key 1 accepted, progress 1/3",
        "Key 1 of 5 stored",
        "Recovery Key: not set",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn keys_in_any_case_salts_and_seeds_take_a_generated_value() {
    for (text, expected) in [
        // A key of a name no rule lists, in camel, snake or kebab case.
        (
            "mapboxKey: icRclhpKIHKO8WE1gwJR9vVUl0IBGlcw",
            "mapboxKey: [REDACTED]",
        ),
        (
            r#"{"mapbox_key": "jZFNpu7u6U7pgIyMpyOybt40JaUlKzIb"}"#,
            r#"{"mapbox_key": "[REDACTED]"}"#,
        ),
        (
            "consumerKey=iFM4fOs9vy0tBoqNyaFym1185mfXYDKH&oauth_version=1.0",
            "consumerKey=[REDACTED]&oauth_version=1.0",
        ),
        ("apns-key: Xq7u8jzPde0IabcdEF12gh34", "apns-key: [REDACTED]"),
        // The rest of a value goes with the generated word it starts with.
        (
            r#"AUTH_SALT: "Ab12Cd34Ef56Gh78Ij90Kl#m$n%o^p&q*rStUvWx""#,
            r#"AUTH_SALT: "[REDACTED]""#,
        ),
        (
            "mapbox_key=Ab12Cd34Ef56Gh78Ij90Kl~Mn rejected",
            "mapbox_key=[REDACTED] rejected",
        ),
        (
            "AUTH_SALT=Ab12Cd34Ef56Gh78Ij90Kl#m$n%o^p&q*rStUvWx (MAPBOX_KEY=D8kQsIoHJgmrb5eZmoVUmD0hHCh6Nbp5).",
            "AUTH_SALT=[REDACTED] (MAPBOX_KEY=[REDACTED]).",
        ),
        // A TOTP seed in base32.
        (
            "MFA_SEED=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
            "MFA_SEED=[REDACTED]",
        ),
        // Salts, peppers, seeds and HMAC keys.
        (
            "AUTH_SALT=TWZLq5UV5AtnoKCoImQHL8AREe1axUIL",
            "AUTH_SALT=[REDACTED]",
        ),
        (
            "salt: h4zC+sEUXwGmI9ndmwsuCroRzEoRyx3JLx/LETZ5nbs=",
            "salt: [REDACTED]",
        ),
        (
            "OTP_SEED=wfbHYJd1q2WY7OeAmceSSzquDpp3MYlB",
            "OTP_SEED=[REDACTED]",
        ),
        (
            r#"{"pepper": "Qw3rTy8UiOp2AsDfGhJk1z"}"#,
            r#"{"pepper": "[REDACTED]"}"#,
        ),
        ("hmac=BGwsGvqtQr2VFXOFCQ9LDNCSPdQm", "hmac=[REDACTED]"),
        // Roles' abbreviations and a MAC's or a shared key: any value.
        (r#"{"encKey": "k3y-19f"}"#, r#"{"encKey": "[REDACTED]"}"#),
        ("privKey=hunter2", "privKey=[REDACTED]"),
        ("shared key: hunter2", "shared key: [REDACTED]"),
        ("MAC_KEY=hunter2", "MAC_KEY=[REDACTED]"),
        ("PASSCODE=Gr2OT97!whgl_IIY", "PASSCODE=[REDACTED]"),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        // Values that a word, a number, a hash, a path, an ID or a cursor is.
        "seed: 42",
        "random_seed=1234567890",
        "hmac: sha256",
        "salt: $2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
        "key: user:1234:profile",
        "key: 5d41402abc4b2a76b9719d911017c592",
        "Key: Xq8Kz3Lw7Rm2Nt5B",
        // `key` alone names a record's, a sheet's or a cache's key as often.
        "SpreadsheetNotFound: key=1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms",
        r#"{"Key": "Xy7Zk2Lm9Np4Qr8St1UvWx"}"#,
        // Hashes, an SSH public key, names in capitals.
        "blobKey: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "proptest: seed = 8a7f6e5d4c3b2a1908f7e6d5c4b3a291",
        "knownHostsKey: AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
        "LICENSE_TIER_KEY=ENTERPRISE2024",
        "define('WP_CACHE_KEY_SALT', 'MySite2024Prod');",
        "i18nKey: errors.notFound",
        "nextPageKey: eyJpZCI6MTIzfQ",
        "objectKey: uploads/2024/Qw3rTy8UiOp2AsDfGhJk1.png",
        // Names of ordinary keys and states, whatever the value.
        "fileKey: aB3dE5fG7hI9jK1lM3nO5pQ7",
        "issueKey: aB3dE5fG7hI9jK1lM3nO5pQ7",
        "resourceKey=aB3dE5fG7hI9jK1lM3nO5pQ7",
        "missing_salt: Qw3rTy8UiOp2AsDfGhJk1",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        // Endings that a secret's names share with ordinary ones.
        "errorCode: E1234abcDEF5678ghiJKL90",
        "speed: Qw3rTy8UiOp2AsDfGhJk1",
        "helper: Qw3rTy8UiOp2AsDfGhJk1",
        "default: Qw3rTy8UiOp2AsDfGhJk1",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn second_factors_confirmations_and_a_passwords_other_spellings() {
    for (text, expected) in [
        ("otp=123456", "otp=[REDACTED]"),
        (r#"{"totp": "492039"}"#, r#"{"totp": "[REDACTED]"}"#),
        ("mfa_code: 839201", "mfa_code: [REDACTED]"),
        ("backupCodes=Xq8K-z3Lw-7Rm2", "backupCodes=[REDACTED]"),
        ("recovery_code=ab12-cd34", "recovery_code=[REDACTED]"),
        ("pass_confirm=hunter2", "pass_confirm=[REDACTED]"),
        (
            "define( 'NONCE_SALT', 'aB3$dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5z' );",
            "define( 'NONCE_SALT', '[REDACTED]' );",
        ),
        (
            "user[password_confirmation]=hunter2&commit=Save",
            "user[password_confirmation]=[REDACTED]&commit=Save",
        ),
        ("pswd=hunter2", "pswd=[REDACTED]"),
        ("passw: hunter2", "passw: [REDACTED]"),
        ("pword=hunter2", "pword=[REDACTED]"),
        (r#"{"passcode": "4417"}"#, r#"{"passcode": "[REDACTED]"}"#),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        // An error's, a status's, a ZIP and India's PIN code; a second factor
        // switched on; a confirmation that is no password's.
        r#"{"code": 502, "error_code": "E1234"}"#,
        r#"{"address": {"city": "Bengaluru", "pinCode": "560001"}}"#,
        "bypass_confirm=yes",
        "exit code=137",
        "zip_code: 12345",
        "statusCode: 503",
        "otp: true",
        "mfa_enabled=true",
        // A password's hash is no password.
        "password_hash=$2b$12$R9h/cIPz0gi.URNNX3kh2O",
        "password_confirmation_sent_at=2024-01-01",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn an_api_key_in_other_languages_and_credentials_in_prose() {
    for (text, expected) in [
        (
            "Der API-Schlüssel 07a0689a7b567d04d2124b7d25a611f5 ist ungültig",
            "Der API-Schlüssel [REDACTED] ist ungültig",
        ),
        (
            "La clé API n0UsYhUzVt3erZRpR8gTF7KgOhso7rJt a expiré",
            "La clé API [REDACTED] a expiré",
        ),
        (
            "La clave de API Qr8cUXsFt9BeJZX0a1 no es válida",
            "La clave de API [REDACTED] no es válida",
        ),
        (
            "Chave de API Qr8cUXsFt9BeJZX0a1 inválida",
            "Chave de API [REDACTED] inválida",
        ),
        (
            "Ключ API Qr8cUXsFt9BeJZX0a1 недействителен",
            "Ключ API [REDACTED] недействителен",
        ),
        (
            "APIキー Qr8cUXsFt9BeJZX0a1 は無効です",
            "APIキー [REDACTED] は無効です",
        ),
        (
            "API 密钥 Qr8cUXsFt9BeJZX0a1 无效",
            "API 密钥 [REDACTED] 无效",
        ),
        (
            "request failed: using credentials Xq8Kz3Lw7Rm2Nt5B for account 1234",
            "request failed: using credentials [REDACTED] for account 1234",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "clé API invalide",
        "the API 2024-01-01 version is retired",
        "ключ API не найден",
        "using credentials default",
        "credential 12 not found",
        "loaded credentials from /home/app/.aws/credentials",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_copy_named_for_its_environment_or_version_is_the_same_secret() {
    for (text, expected) in [
        ("DB_PASSWORD_PROD=hunter2", "DB_PASSWORD_PROD=[REDACTED]"),
        (
            "STRIPE_SECRET_KEY_LIVE=sk9Xq8Kz3Lw7Rm2Nt5B",
            "STRIPE_SECRET_KEY_LIVE=[REDACTED]",
        ),
        (
            r#"{"api_key_v2": "Xq8Kz3Lw7"}"#,
            r#"{"api_key_v2": "[REDACTED]"}"#,
        ),
        (
            "client-secret-staging: abcdef123",
            "client-secret-staging: [REDACTED]",
        ),
        (
            "MAPBOX_KEY_PROD=D8kQsIoHJgmrb5eZmoVUmD0hHCh6Nbp5",
            "MAPBOX_KEY_PROD=[REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "TOKEN_TTL_PROD=3600",
        "PASSWORD_MIN_LENGTH_DEV=8",
        "server_v2=abc",
        "DEPLOY_ENV=prod",
        "password_reset_url_staging=https://staging.example.com/reset",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_vendor_header_in_capitals_holds_a_generated_key() {
    for text in [
        "DD-APPLICATION-KEY: bTXA25Hq9f8e7d6c5b4a3Zz1",
        "deploy-key: bTXA25Hq9f8e7d6c5b4a3Zz1",
    ] {
        let (name, _) = text.split_once(' ').unwrap();
        redacts_to(text, &format!("{name} [REDACTED]"));
    }
    // Headers that name ordinary keys, and values that start with a name (a
    // digest's algorithm, X-Ray's `Root=`).
    for text in [
        "Idempotency-Key: bTXA25Hq9f8e7d6c5b4a3Zz1",
        "X-Cache-Key: products:page:3",
        "DEDUP-KEY: sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        "CORRELATION-KEY: Root=1-65f1a2b3-9f86d081884c7d659a2feaa0",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_vendors_key_header_holds_a_key_whatever_its_look() {
    // Names that do not say they hold a key, and keys in hex or in lowercase.
    for text in [
        "X-Honeycomb-Team: X78Rezmw8ZJyyUPgp9vA2IVTS1M0Jtoe",
        "X-JFrog-Art-Api: AKCp8jQ7Xm2Lq9WzR4vN7mY3cF6jD1sA5gE0",
        "x-functions-key: 4dcaf5fef306979de40e6dad7b708db5d95590b7",
        "DD-APPLICATION-KEY: 4dcaf5fef306979de40e6dad7b708db5d95590b7",
        "DD-API-KEY: 4dcaf5fef306979de40e6dad7b708db5",
        "x-rapidapi-key: 4dcaf5fef3mshb5d95590b7p1c2d3e4jsn5f6a7b8c9d0e",
    ] {
        let (name, _) = text.split_once(' ').unwrap();
        redacts_to(text, &format!("{name} [REDACTED]"));
    }
    redacts_to(
        "headers: map[X-Functions-Key:[4dcaf5fef306979de40e6dad7b708db5] Accept:[*/*]]",
        "headers: map[X-Functions-Key:[REDACTED] Accept:[*/*]]",
    );
    // A team, a stream, an API's version.
    for text in [
        "the team: platform",
        "stream: stdout",
        "the api: v2",
        "X-Honeycomb-Team header is missing",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_key_in_hex_and_vaults_secret_id_in_a_column() {
    for (text, expected) in [
        // `vault kv get`.
        (
            "Key         Value\n---         -----\npassword    80156d5c44512278c1b0977b0ce4a62a",
            "Key         Value\n---         -----\npassword    [REDACTED]",
        ),
        (
            "\u{2502} DB_PASSWORD  \u{2502} 7ce400e6d35f01f11b8706cae6f7a45a \u{2502}",
            "\u{2502} DB_PASSWORD  \u{2502} [REDACTED] \u{2502}",
        ),
        // `vault write -f auth/approle/role/app/secret-id`.
        (
            "secret_id             9184c43d-c06e-47d9-a94c-d15759546137\n\
             secret_id_accessor    5d41402a-bc4b-2a76-b971-9d911017c592",
            "secret_id             [REDACTED]\n\
             secret_id_accessor    5d41402a-bc4b-2a76-b971-9d911017c592",
        ),
    ] {
        redacts_to(text, expected);
    }
    // Short digests and other names' UUIDs stay.
    for text in [
        "SECRET_KEY_BASE         9f86d081884c7d65        3m39s ago",
        "trace_id      5d41402a-bc4b-2a76-b971-9d911017c592",
        "db-password      5d41402a-bc4b-2a76-b971-9d911017c592",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_terraform_variables_default_that_its_block_names_secret() {
    for (text, expected) in [
        (
            "variable \"db_password\" {\n  type    = string\n  default = \"HjKlx_YUL9s_08iC\"\n}",
            "variable \"db_password\" {\n  type    = string\n  default = \"[REDACTED]\"\n}",
        ),
        // As an error quotes the line.
        (
            "  on variables.tf line 3, in variable \"db_password\":\n   3:   default = \"HjKlx_YUL9s_08iC\"",
            "  on variables.tf line 3, in variable \"db_password\":\n   3:   default = \"[REDACTED]\"",
        ),
        (
            "variable \"api_key\" {\n  validation {\n    condition = length(var.api_key) > 8\n  }\n  default = \"HjKlx_YUL9s_08iC\"\n}",
            "variable \"api_key\" {\n  validation {\n    condition = length(var.api_key) > 8\n  }\n  default = \"[REDACTED]\"\n}",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "variable \"password_min_length\" {\n  default = 12\n}",
        "variable \"region\" {\n  default = \"us-east-1\"\n}",
        "variable \"db_password\" { sensitive = true }\nresource \"x\" \"y\" {\n  default = \"abcXyz123\"\n}",
        "default = \"HjKlx_YUL9s_08iC\"",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn aws_parameters_and_secrets_printed_in_the_clear() {
    for (text, expected) in [
        // `aws ssm get-parameter --with-decryption`: the type says it is encrypted.
        (
            r#"{"Parameter": {"Name": "/prod/app/db_host", "Type": "SecureString", "Value": "db.internal", "Version": 1}}"#,
            r#"{"Parameter": {"Name": "/prod/app/db_host", "Type": "SecureString", "Value": "[REDACTED]", "Version": 1}}"#,
        ),
        // `aws secretsmanager get-secret-value`.
        (
            r#"{"Name": "prod-db", "SecretString": "Xq7u8jzPde0Iab", "VersionStages": ["AWSCURRENT"]}"#,
            r#"{"Name": "prod-db", "SecretString": "[REDACTED]", "VersionStages": ["AWSCURRENT"]}"#,
        ),
        (
            r#"SecretBinary: "eGFtcGxlU2VjcmV0""#,
            r#"SecretBinary: "[REDACTED]""#,
        ),
        // `terraform output -json`: a sensitive output's value, whatever its name
        // (found by an audit).
        (
            r#"{"conn": {"sensitive": true, "type": "string", "value": "Xq7u8jzPde0Iab"}, "url": {"sensitive": false, "type": "string", "value": "https://x"}}"#,
            r#"{"conn": {"sensitive": true, "type": "string", "value": "[REDACTED]"}, "url": {"sensitive": false, "type": "string", "value": "https://x"}}"#,
        ),
        // An Azure deployment's parameters: the member that the `value` opens names
        // it (found by an audit).
        (
            r#"{"parameters": {"adminUsername": {"value": "azureuser"}, "adminPassword": {"value": "Xq7u8jzPde0Iab"}}}"#,
            r#"{"parameters": {"adminUsername": {"value": "azureuser"}, "adminPassword": {"value": "[REDACTED]"}}}"#,
        ),
        (
            "\"sqlAdministratorLoginPassword\": {\n      \"value\": \"Xq7u8jzPde0Iab\"\n}",
            "\"sqlAdministratorLoginPassword\": {\n      \"value\": \"[REDACTED]\"\n}",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        r#"{"adminPassword": {"reference": {"keyVault": {"id": "/subscriptions/x"}, "secretName": "adminPassword"}}}"#,
        r#"{"Name": "/prod/app/log_level", "Type": "String", "Value": "info"}"#,
        r#"{"region": {"sensitive": false, "type": "string", "value": "eu-west-1"}}"#,
        r#"{"Name": "/prod/app/hosts", "Type": "StringList", "Value": "a,b"}"#,
        "toString: x",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_key_in_cjk_text_with_full_width_separators() {
    for (text, expected) in [
        ("密码：Abc12345xyz", "密码：[REDACTED]"),
        (
            "用户名：admin，密码：Abc12345xyz，端口：5432",
            "用户名：admin，密码：[REDACTED]，端口：5432",
        ),
        (
            "数据库密码＝Abc12345xyz；主机：db",
            "数据库密码＝[REDACTED]；主机：db",
        ),
        ("password：Abc12345xyz", "password：[REDACTED]"),
        ("api_key＝Abc12345xyz987", "api_key＝[REDACTED]"),
        ("パスワード：hunter2abc", "パスワード：[REDACTED]"),
        ("密码： \"Abc12345xyz\"", "密码： \"[REDACTED]\""),
        (
            r#"{"password"："Abc12345xyz"}"#,
            r#"{"password"："[REDACTED]"}"#,
        ),
        // CJK text's commas and full stop end a value after an ASCII separator too.
        (
            "password: Abc12345xyz。下一步",
            "password: [REDACTED]。下一步",
        ),
        (
            "password=Abc12345xyz，host=db",
            "password=[REDACTED]，host=db",
        ),
        // A header's scheme and credential after a full-width separator.
        (
            "请求头 Authorization：Bearer abcdef123456ghijkl",
            "请求头 Authorization：Bearer [REDACTED]",
        ),
        (
            "Authorization： Basic dXNlcjpwYXNz",
            "Authorization： Basic [REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "Authorization：Bearer missing",
        "错误：连接超时",
        "提示：请检查密码：长度不足",
        "端口＝5432",
        "（密码）",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_token_or_secret_key_named_in_another_script() {
    for (text, expected) in [
        ("令牌：Abc12345xyzQ", "令牌：[REDACTED]"),
        ("API密钥：AbCdEf1234567890XyZaBc", "API密钥：[REDACTED]"),
        ("口令：hunter2x", "口令：[REDACTED]"),
        ("トークン: hunter2abcX9", "トークン: [REDACTED]"),
        ("токен: Abc12345xyz", "токен: [REDACTED]"),
        ("토큰: Abc12345xyz", "토큰: [REDACTED]"),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "访问令牌：无效",
        "令牌已过期",
        "トークン: 期限切れ",
        "токен: истёк",
        "令牌：1234",
        "密钥长度：2048",
        "ключ: users_pkey",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn the_input_a_validation_error_echoes_for_a_secret_field_goes() {
    // Pydantic's message, under the field's path (found by an audit).
    redacts_to(
        "1 validation error for Login\npassword\n  String should have at least 8 characters [type=string_too_short, input_value='hunter', input_type=str]",
        "1 validation error for Login\npassword\n  String should have at least 8 characters [type=string_too_short, input_value='[REDACTED]', input_type=str]",
    );
    redacts_to(
        "settings.api_key\n  Value error [type=value_error, input_value=12345678, input_type=int]",
        "settings.api_key\n  Value error [type=value_error, input_value=[REDACTED], input_type=int]",
    );
    // FastAPI's answer, and Pydantic's list of errors.
    redacts_to(
        r#"{"detail":[{"type":"string_too_short","loc":["body","password"],"msg":"String should have at least 8 characters","input":"hunter","ctx":{"min_length":8}}]}"#,
        r#"{"detail":[{"type":"string_too_short","loc":["body","password"],"msg":"String should have at least 8 characters","input":"[REDACTED]","ctx":{"min_length":8}}]}"#,
    );
    redacts_to(
        "[{'type': 'string_too_short', 'loc': ('token',), 'msg': 'too short', 'input': 'abc'}]",
        "[{'type': 'string_too_short', 'loc': ('token',), 'msg': 'too short', 'input': '[REDACTED]'}]",
    );
    // Another field's input stays.
    for text in [
        "username\n  String should have at least 3 characters [type=string_too_short, input_value='al', input_type=str]",
        r#"{"detail":[{"type":"missing","loc":["body","email"],"msg":"Field required","input":{"user":"alice"}}]}"#,
        r#"[{"loc":["body","password"],"msg":"x"},{"loc":["query","page"],"input":"abc"}]"#,
        "input: hunter",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn a_password_announced_on_the_line_before_goes() {
    // Jenkins's and Elasticsearch's first start (found by an audit).
    redacts_to(
        "Please use the following password to proceed to installation:\n\n8a0c5f8f1f2d4c8ab1b2f6c2e4c1a5d7\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword",
        "Please use the following password to proceed to installation:\n\n[REDACTED]\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword",
    );
    redacts_to(
        "Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  PF3O_Xk9pL2mQ7rT4vB8\n\nHTTP CA certificate SHA-256 fingerprint:\n  a52dd93511e8c6045e21f16654b77c9ee0f34aea26d9f40320b531c474676228\n",
        "Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  [REDACTED]\n\nHTTP CA certificate SHA-256 fingerprint:\n  a52dd93511e8c6045e21f16654b77c9ee0f34aea26d9f40320b531c474676228\n",
    );
    for text in [
        "Password for user app:\nFATAL:  password authentication failed for user \"app\"\n",
        "New password:\n********\n",
        "password policy:\n  minimum\n",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn go_error_chains_and_annotations_after_a_secret_word_are_prose() {
    // Found by a precision audit: a step that failed, named in prose before Go's
    // cause (a package's name or path, a word), a Python annotation, a sentinel
    // number, a listing's cursor and a value printed as absent.
    for text in [
        "load private key: EOF",
        "failed to load SSH key: context deadline exceeded",
        "parse private key: permission denied",
        "failed to get token: x509: certificate signed by unknown authority",
        "check password: crypto/bcrypt: hashedPassword is not the hash of the given password",
        "refresh token: oauth2: cannot fetch token: 401 Unauthorized",
        "credentials: oauth2/google: could not find default credentials",
        "    password: Optional[str] = None",
        "    api_key: SecretStr",
        "secret: -1",
        "token: NaN",
        r#"{"nextPageToken": "CkAKOjBpNDd2", "items": []}"#,
        "Invalid NextToken: AAMA-EFRSURBSGlYR2FW",
        "GET /v1/items?page_token=CiAKGjBpNDd2Nm&page_size=50",
        "<NextContinuationToken>1ueGcxLPRx1Tr</NextContinuationToken>",
        // Synchronisation's, harvests' and OData's cursors.
        "GET /calendar/v3/calendars/primary/events?syncToken=CPDAlvWDx70CEPDAlvWDx70CGAU&maxResults=250 -> 410 Gone",
        "GET /oai?verb=ListRecords&resumptionToken=oai_dc%2F2024%2F1234 -> 500",
        "GET https://graph.microsoft.com/v1.0/users?$skiptoken=X%274453707402000100000017%27&$top=100 -> 429",
        "password=(null) user=(none) token=(not set)",
        // nginx names the key's file in quotes before its cause.
        r#"cannot load certificate key "/etc/ssl/private/api.key": PEM_read_bio_PrivateKey() failed"#,
    ] {
        redacts_to(text, text);
    }
    // Credentials in the same places still go: a user and a password are no
    // package's path, a name that starts its line or follows a capital is a
    // setting, and a generated value is no word.
    for (text, expected) in [
        ("credentials: scott/tiger", "credentials: [REDACTED]"),
        ("password: admin/admin", "password: [REDACTED]"),
        (
            "AWS Secret Access Key [None]: wJalrXUtnFEMI",
            "AWS Secret Access Key [None]: [REDACTED]",
        ),
        (
            "your new private key: Xk9pL2mQ7rT4vB8",
            "your new private key: [REDACTED]",
        ),
        ("client_secret: letmein", "client_secret: [REDACTED]"),
        ("password=(hunter2)", "password=[REDACTED]"),
        // Found in review: a generic type wraps names, not a secret; a step is
        // named by its verb; only a key's file has a key file's extension; a
        // sentinel is short; a cursor's name is the listing's.
        (
            "DB_PASSWORD: Type[Xk9pL2mQ7rT4vB8]",
            "DB_PASSWORD: [REDACTED]",
        ),
        ("using api key: abcdef", "using api key: [REDACTED]"),
        (
            r#""config/app/db.password": hunter2xyz"#,
            r#""config/app/db.password": [REDACTED]"#,
        ),
        ("password: -123456", "password: [REDACTED]"),
        (
            "FB_PAGE_TOKEN=EAAGm0PX4ZCpsBAKZCZBxyz123abc",
            "FB_PAGE_TOKEN=[REDACTED]",
        ),
        (
            "SYNC_TOKEN=Xk9pL2mQ7rT4vB8Xk9pL2mQ7rT4vB8",
            "SYNC_TOKEN=[REDACTED]",
        ),
        ("password=(&abc", "password=[REDACTED]"),
        (
            r#"{"access_token": "CkAKOjBpNDd2"}"#,
            r#"{"access_token": "[REDACTED]"}"#,
        ),
        (
            r#"{"config/api.key": "Xk9pL2mQ7rT4vB8Zz"}"#,
            r#"{"config/api.key": "[REDACTED]"}"#,
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn a_wrapped_docker_auth_an_integration_key_and_a_one_time_password_go() {
    // Found by a leak audit: a bare `auth` whose credential a call wraps (Rust's
    // `Debug` output) names no method, PagerDuty's integration key is a secret, and
    // a one-time password is a number that is no count.
    for (text, expected) in [
        ("otp: 492039", "otp: [REDACTED]"),
        (
            "TOTP: 492039 (expires in 30s)",
            "TOTP: [REDACTED] (expires in 30s)",
        ),
        (
            r#"Config { auth: Some("K2DKYbEjHGshOr7wKTTzejLt") }"#,
            "Config { auth: [REDACTED] }",
        ),
        (
            "PAGERDUTY_INTEGRATION_KEY=440066559a6656c90bd5482a90a29b9f",
            "PAGERDUTY_INTEGRATION_KEY=[REDACTED]",
        ),
        ("auth: basic", "auth: basic"),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn messages_masks_types_and_a_tokenizers_tokens_stay_after_a_secret_name() {
    // Found by a precision audit: a validation message that names its field or a
    // password policy, a key shown masked but for its prefix, a number type, a
    // flag's verb, a state word, a language model's token, a schema's example and
    // `fetch`'s credentials mode are no secrets.
    for ordinary in [
        r#"{"password":"must contain at least one digit"}"#,
        r#"{"errors":{"password":["Your password must be at least 8 characters."]}}"#,
        "stripe.error.AuthenticationError: Invalid API Key provided: sk_test_****************************1234",
        "17 |     let password: u32 = 0;",
        "    pub secret: [u8; 32],",
        "api_key: u64",
        "error: --password requires a value",
        "fatal: --password conflicts with --password-stdin",
        "-[__NSCFString accessToken]: unrecognized selector sent to instance 0x600003d8c1e0",
        "Error: 802-11-wireless-security.psk: property is invalid",
        r#"{"token": " the", "logprob": -0.0123, "bytes": [32, 116, 104, 101]}"#,
        "{\"token\":\"\u{120}Hello\",\"id\":15496}",
        r#"{"token":"fn","kind":"keyword"}"#,
        r#"{"type":"token","token":"LBRACE","pos":12}"#,
        r#"{"client_secret":"string","client_id":"string"}"#,
        r#"{"password": "PASSWORD", "username": "USERNAME"}"#,
        r#"{"method":"POST","credentials":"include"}"#,
        "fetch(url, { credentials: 'same-origin' })",
        "Logon failure: unknown user name or bad password. Status: 0xC000006D",
    ] {
        redacts_to(ordinary, ordinary);
    }
    // The same places with a secret in them.
    for (text, expected) in [
        (
            r#"{"password":"correct horse battery staple"}"#,
            r#"{"password":"[REDACTED]"}"#,
        ),
        (
            "Invalid API Key provided: sk_test_Xq7u8jzPde0IaB3kLm9nOp2R",
            "Invalid API Key provided: [REDACTED]",
        ),
        ("password: u8x9Kq2Lm", "password: [REDACTED]"),
        (r#"{"token":"abcde"}"#, r#"{"token":"[REDACTED]"}"#),
        (
            r#"{"password": "PASSWORD1"}"#,
            r#"{"password": "[REDACTED]"}"#,
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn a_field_errors_value_a_url_users_name_and_two_providers_found_by_a_leak_audit() {
    for (text, expected) in [
        // Kubernetes' field error quotes the value of a secret field.
        (
            r#"The Secret "db" is invalid: data[password]: Invalid value: "Xq7u8jzPde0IaB3k": must be base64"#,
            r#"The Secret "db" is invalid: data[password]: Invalid value: "[REDACTED]": must be base64"#,
        ),
        (
            r#"spec.apiKey: Invalid value: "Xq7u8jzPde0IaB3k""#,
            r#"spec.apiKey: Invalid value: "[REDACTED]""#,
        ),
        // A user's name with digits stays before its password; a token as the user
        // still goes whole.
        (
            "mqtt://sensor01:Xq7u8jzPde0I@broker:1883 refused",
            "mqtt://sensor01:[REDACTED]@broker:1883 refused",
        ),
        (
            "smtp://alerts%40acme.com:Xq7u8jzPde0I@smtp.acme.com",
            "smtp://alerts%40acme.com:[REDACTED]@smtp.acme.com",
        ),
        (
            "https://3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c3f9a8b7c:x-oauth-basic@github.com/o/r",
            "https://[REDACTED]@github.com/o/r",
        ),
        // Mailchimp's key after a name of its own, NuGet's anywhere.
        (
            "MAILCHIMP_KEY=ce5b670b433412061b65ecd4366bb5a9-us20",
            "MAILCHIMP_KEY=[REDACTED]",
        ),
        (
            "dotnet nuget push pkg.nupkg -k oy2tzqlvxjqckqrd7tbalthjitgyyyy6y4x9h3erkbpcxs -s https://api.nuget.org/v3/index.json",
            "dotnet nuget push pkg.nupkg -k [REDACTED] -s https://api.nuget.org/v3/index.json",
        ),
    ] {
        redacts_to(text, expected);
    }
    for ordinary in [
        "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
        r#"metadata.name: Invalid value: "My_Secret": a lowercase RFC 1123 subdomain must consist of"#,
    ] {
        redacts_to(ordinary, ordinary);
    }
}

#[test]
fn a_statements_named_parameter_a_format_field_and_a_query_built_in_code_stay() {
    // Found by a precision audit: where a secret comes from, not the secret.
    for ordinary in [
        "WHERE [s].[Token] = @__token_0",
        "UPDATE [Users] SET [Password] = @p0 WHERE [Id] = @p1",
        r#"logger.info(f"token={token[:4]}...")"#,
        r#"raise AuthenticationError(f"bad api_key={api_key!r}")"#,
        r#"url = "https://api.example.com/v1/data?api_key=" + key"#,
    ] {
        redacts_to(ordinary, ordinary);
    }
    for (text, expected) in [
        ("password=@Xq7u8jzPde0I", "password=[REDACTED]"),
        ("password={Xq7u8jz}", "password=[REDACTED]"),
        // Found by a review: a password that starts as a parameter or a field does.
        ("DB_PASSWORD=@dmin", "DB_PASSWORD=[REDACTED]"),
        ("password={hunter}2x", "password=[REDACTED]"),
        ("DB_PASSWORD={q!Zr8#pL2mV", "DB_PASSWORD=[REDACTED]"),
        (
            r#"url = "https://api.example.com/v1/data?api_key=Xq7u8jzPde0I" + x"#,
            r#"url = "https://api.example.com/v1/data?api_key=[REDACTED]" + x"#,
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn a_bracketed_pair_named_by_a_lone_secret_word_loses_its_second_string() {
    // Found by a leak audit: Rails' bind parameters as `has_secure_token` logs them.
    for (text, expected) in [
        (
            r#"SELECT "users".* FROM "users" WHERE "users"."token" = $1 LIMIT $2  [["token", "Xq7u8jzPde0IaB3k"], ["LIMIT", 1]]"#,
            r#"SELECT "users".* FROM "users" WHERE "users"."token" = $1 LIMIT $2  [["token", "[REDACTED]"], ["LIMIT", 1]]"#,
        ),
        (
            "[['secret', 'Xq7u8jzPde0IaB3k']]",
            "[['secret', '[REDACTED]']]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for ordinary in [
        r#"[["token", "email"]]"#,
        r#"["token", "password", "email"]"#,
    ] {
        redacts_to(ordinary, ordinary);
    }
}

#[test]
fn a_credential_in_prose_goes_between_curly_quotes_guillemets_and_backticks() {
    for (text, expected) in [
        (
            "token \u{201c}Xq7u8jzPde0IaB3k\u{201d} is not valid",
            "token \u{201c}[REDACTED]\u{201d} is not valid",
        ),
        (
            "password `Xq7u8jzPde0IaB3k` rejected",
            "password `[REDACTED]` rejected",
        ),
        (
            "token \u{ab}Xq7u8jzPde0IaB3k\u{bb}",
            "token \u{ab}[REDACTED]\u{bb}",
        ),
        (
            "the password is \u{2018}Xq7u8jzPde0I\u{2019}",
            "the password is \u{2018}[REDACTED]\u{2019}",
        ),
    ] {
        redacts_to(text, expected);
    }
    redacts_to(
        "click the password \u{201c}reset\u{201d} link",
        "click the password \u{201c}reset\u{201d} link",
    );
}
