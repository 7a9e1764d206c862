//! Secrets announced by their context: secret-named keys in every syntax, headers,
//! flags, and the prose around secret words that must stay.

mod sanitize_support;

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
        r#"{"passcode": 1234, "secret": [REDACTED]}"#,
    );
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
