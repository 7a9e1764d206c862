//! Secrets that say what they are: every provider format, found anywhere in text.

mod sanitize_support;

use sanitize_support::{CAP, redacts_to, sanitize_error_text, sanitize_single_line, secret_goes};

#[test]
fn openai_keys() {
    secret_goes("sk-proj-Xb8hT2kLq9WzR4vN7mY3cF6jD1sA5gE0uI8oP2tK4wQ7zX9rV3bN6mL1cH5yJ8aB");
    secret_goes("sk-4fT9kL2mQ8wZ1xR7vB3nY6cD0hJ5gS2aE8uI4oP7tK9wQ1z");
    redacts_to(
        "openai: Incorrect API key provided: sk-proj-Xb8hT2kLq9WzR4vN7mY3cF6jD1sA5gE0.",
        "openai: Incorrect API key provided: [REDACTED].",
    );
}

#[test]
fn anthropic_keys() {
    secret_goes(
        "sk-ant-api03-R2D2c3poBB8-x7QzLm4Nw9Kp1Vt6Ys3Hd8Fg0Jk5Lq2Zx7Cv4Bn9Mm1Aa3Ss6Dd8Ff0Gg2Hh4Jj6Kk8Ll0Qq-Ww2EeAA",
    );
    secret_goes("sk-ant-admin01-Zk3Lm9Qp2Rt7Vw1Xy5Bc8Df4Gh6Jk0Nm3Pq7St9Uv2Wx4Yz6Ab8Cd");
}

#[test]
fn github_tokens() {
    for prefix in ["ghp", "gho", "ghu", "ghs", "ghr"] {
        secret_goes(&format!("{prefix}_16C7e42F292c6912E7710c838347Ae178B4a"));
    }
    secret_goes(
        "github_pat_11ABCDEFG0123456789abcd_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa9876543210zyxwvutsrqpo",
    );
    redacts_to(
        "git clone https://x-access-token:ghs_16C7e42F292c6912E7710c838347Ae178B4a@github.com/o/r.git",
        "git clone https://x-access-token:[REDACTED]@github.com/o/r.git",
    );
}

#[test]
fn gitlab_tokens() {
    secret_goes("glpat-xZ8vQ2mK9pL4nR7tW1yB");
}

#[test]
fn slack_tokens() {
    for kind in ['b', 'p', 'a', 'r', 's', 'e'] {
        secret_goes(&format!(
            "xox{kind}-1234567890123-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
        ));
    }
}

#[test]
fn aws_access_key_ids_and_secret_keys() {
    secret_goes("AKIAIOSFODNN7EXAMPLE");
    secret_goes("ASIAY34FZKBOKMUTVV7A");
    redacts_to(
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "aws_secret_access_key = [REDACTED]",
    );
    redacts_to(
        "export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nexport AWS_REGION=eu-west-1",
        "export AWS_SECRET_ACCESS_KEY=[REDACTED]\nexport AWS_REGION=eu-west-1",
    );
    redacts_to(
        r#"{"AccessKeyId": "ASIAY34FZKBOKMUTVV7A", "SecretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}"#,
        r#"{"AccessKeyId": "[REDACTED]", "SecretAccessKey": "[REDACTED]"}"#,
    );
}

#[test]
fn google_api_keys() {
    secret_goes("AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY");
    redacts_to(
        "GET https://maps.googleapis.com/maps/api/geocode/json?address=x&key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY 403",
        "GET https://maps.googleapis.com/maps/api/geocode/json?address=x&key=[REDACTED] 403",
    );
}

#[test]
fn google_oauth_access_tokens() {
    secret_goes(&fake(
        "ya29.",
        "a0AfH6SMBx3kQ8vL2mN9pR4tY7wZ1cF5gJ0hK3sD6aE8bU2iO4qW9eR1tY5uI7oP0aS3dF6gH9jK",
    ));
    secret_goes(&fake(
        "ya29.",
        "c.c0ASRK0GaXb8hT2kLq9WzR4vN7mY3cF6jD1sA5gE0uI8oP2tK4wQ7",
    ));
    for text in ["see ya29.x in the docs", "ya29.a0AfH6SMBx"] {
        redacts_to(text, text);
    }
}

#[test]
fn stripe_keys() {
    secret_goes("sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUv");
    secret_goes("sk_test_4eC39HqLyjWDarjtT1zdp7dc");
    secret_goes("rk_live_51H8xYzAbCdEfGhIjKlMnOpQr");
    secret_goes("rk_test_51H8xYzAbCdEfGhIjKlMnOpQr");
}

#[test]
fn npm_pypi_and_hugging_face_tokens() {
    secret_goes("npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8");
    secret_goes(
        "pypi-AgEIcHlwaS5vcmcCJDU3OWE0ZjM2LTVhMjAtNGE2Ny1iNjc0LTg4YjJkNWI5NTY3MgACKlszLCJkYjQ1",
    );
    secret_goes("hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh");
}

#[test]
fn jwts() {
    let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
    secret_goes(jwt);
    redacts_to(
        &format!("id_token {jwt} rejected"),
        "id_token [REDACTED] rejected",
    );
}

#[test]
fn bearer_and_basic_credentials() {
    redacts_to(
        "Authorization: Bearer 2YotnFZFEjr1zCsicMWpAA",
        "Authorization: Bearer [REDACTED]",
    );
    redacts_to(
        "curl -H 'authorization: basic dXNlcjpwYXNzd29yZA==' https://api.example.com",
        "curl -H 'authorization: basic [REDACTED]' https://api.example.com",
    );
    redacts_to(
        "sent bearer a1b2c3d4e5f6 twice",
        "sent bearer [REDACTED] twice",
    );
    redacts_to(
        "Authorization: Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b",
        "Authorization: Token [REDACTED]",
    );
    // In a header a credential of letters alone is still a credential.
    redacts_to(
        "Authorization: Bearer abcdefghijklmnopqrstuvwxyz",
        "Authorization: Bearer [REDACTED]",
    );
    redacts_to(
        "Authorization: Bearer ABCDEFGHIJKLMNOPQRSTUV",
        "Authorization: Bearer [REDACTED]",
    );
    redacts_to(
        "Authorization: Bearer missing",
        "Authorization: Bearer missing",
    );
}

#[test]
fn tokens_glued_to_the_word_before() {
    let github = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    let gitlab = "glpat-xZ8vQ2mK9pL4nR7tW1yB";
    // Cleaning removes what separated them: the invisible character, the color.
    assert_eq!(
        sanitize_error_text(&format!("search\u{200b}{gitlab}"), CAP),
        "search[REDACTED]"
    );
    assert_eq!(
        sanitize_single_line(&format!("\u{1b}[31m{github}\u{1b}[0m rejected"), CAP),
        "[REDACTED] rejected"
    );
    // Prefixes that end ordinary words or runs still need a word start.
    for text in [
        "sha1: 3F2ACCA0123456789ABCDEF0123456789ABCDE0 mismatch",
        "request id 01HACCA3NDEKTSV4RRFFQ69G5F failed",
        "file laughs_0123456789abcdef0123456789abcdef.txt",
    ] {
        redacts_to(text, text);
    }
    redacts_to(
        "task-scheduler-2024-worker-pool-7 failed",
        "task-scheduler-2024-worker-pool-7 failed",
    );
    redacts_to(
        "risk_test_integrationsuite1 failed",
        "risk_test_integrationsuite1 failed",
    );
}

#[test]
fn pem_private_keys_across_lines() {
    let block = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aumjHmh3TtAAnKcnzGUL+7Ymvv\nQK9A2bO8yc0Iv1p9yK3tXv0mNcJwL9QqQ6vS8eOJ0x6j8S5r5s2sB+3XnUoPZ0b2\n-----END RSA PRIVATE KEY-----";
    redacts_to(
        &format!("key file was:\n{block}\nend of dump"),
        "key file was:\n[REDACTED]\nend of dump",
    );
    let flat = sanitize_single_line(&format!("key file was:\n{block}\nend"), CAP);
    assert_eq!(flat, "key file was: [REDACTED] end");
    redacts_to(
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ",
        "[REDACTED]",
    );
    redacts_to(
        r#"{"private_key": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----\n", "client_email": "svc@p.iam.gserviceaccount.com"}"#,
        r#"{"private_key": "[REDACTED]", "client_email": "svc@p.iam.gserviceaccount.com"}"#,
    );
    // Glued to a line of dashes, whose inside the scan passes over: the block
    // starts at its own five, wherever the line's chunks end.
    for dashes in [1, 2, 3, 7, 40, 80, 130] {
        let line = "-".repeat(dashes);
        redacts_to(
            &format!("dump {line}{block}\nend of dump"),
            &format!("dump {line}[REDACTED]\nend of dump"),
        );
    }
}

#[test]
fn base64_encoded_private_keys_of_kubernetes_files() {
    // A kubeconfig's client key and a TLS secret's key, as `kubectl` prints them.
    let encoded = concat!(
        "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVB",
        "MWM3Kzl6NVBhZDdPZWplY3NRMGJ1M2F1bWpIbWgzVHRBQW5LY256R1VMKzdZbXZ2Cg=="
    );
    redacts_to(
        &format!("users:\n- name: admin\n  user:\n    client-key-data: {encoded}\n"),
        "users:\n- name: admin\n  user:\n    client-key-data: [REDACTED]\n",
    );
    redacts_to(
        &format!("data:\n  tls.key: {encoded}\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t"),
        "data:\n  tls.key: [REDACTED]\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t",
    );
    // A certificate is public: its encoding stays.
    let certificate = concat!(
        "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvakNDQWVhZ0F3SUJBZ0lC",
        "QURBTkJna3Foa2lHOXcwQkFRc0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwK"
    );
    let line = format!("certificate-authority-data: {certificate}");
    redacts_to(&line, &line);
}

#[test]
fn credentials_in_urls() {
    redacts_to(
        "could not connect to postgres://app:hunter2@db.internal:5432/orders",
        "could not connect to postgres://app:[REDACTED]@db.internal:5432/orders",
    );
    redacts_to(
        "redis://:s3cr3t-pass@cache:6379/0 refused",
        "redis://[REDACTED]@cache:6379/0 refused",
    );
    redacts_to(
        "amqp://guest:p@ss:w0rd@rabbit:5672/ down",
        "amqp://guest:[REDACTED]@rabbit:5672/ down",
    );
    redacts_to(
        "ssh://git@github.com:22/o/r.git",
        "ssh://git@github.com:22/o/r.git",
    );
    // A password that holds a path's `::`, or starts with one.
    redacts_to(
        "redis://::s3cr3t/pass@cache:6379",
        "redis://:[REDACTED]@cache:6379",
    );
    redacts_to(
        "amqp://guest:p::w0rd@rabbit:5672/ down",
        "amqp://guest:[REDACTED]@rabbit:5672/ down",
    );
    redacts_to(
        "github::search_issues failed for https://api.github.com:443/search",
        "github::search_issues failed for https://api.github.com:443/search",
    );
}

#[test]
fn provider_tokens_from_the_issue() {
    for secret in [
        "glptt-0123456789abcdef0123456789abcdef01234567",
        "dop_v1_4b8f0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d",
        "AGE-SECRET-KEY-1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQY",
        "FLWSECK_TEST-0123456789abcdef0123456789abcdef-X",
        "fo1_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1f",
        "shpat_0123456789abcdef0123456789abcdef",
        "lin_api_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7b",
        "ntn_12345678901aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY",
        "whsec_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5",
        "xkeysib-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef-aB3dE5fG7hI9jK1l",
    ] {
        secret_goes(secret);
    }
}

#[test]
fn query_output_loses_the_cells_of_secret_columns() {
    // `psql` and `mysql` print a query's rows: a column whose header names a
    // secret loses its cells, whatever they hold; the other columns stay.
    redacts_to(
        "tool failed: psql -c 'select * from users'\n id | name  | password     | api_key\n----+-------+--------------+---------\n  1 | alice | Xq7u8jzPde0I | 3f9a8b7\n  2 | bob   | hunter2      |\n(2 rows)",
        "tool failed: psql -c 'select * from users'\n id | name  | password     | api_key\n----+-------+--------------+---------\n  1 | alice | [REDACTED] | [REDACTED]\n  2 | bob   | [REDACTED]      |\n(2 rows)",
    );
    redacts_to(
        "+----+-------+--------------+\n| id | name  | access_token |\n+----+-------+--------------+\n|  1 | alice | gho_x1y2z3   |\n+----+-------+--------------+",
        "+----+-------+--------------+\n| id | name  | access_token |\n+----+-------+--------------+\n|  1 | alice | [REDACTED]   |\n+----+-------+--------------+",
    );
    for ordinary in [
        // A table's description names its columns, whose cells are types.
        "   Column   |  Type   | Nullable\n------------+---------+----------\n id         | integer | not null\n password   | text    |",
        // Columns about secrets, not of them.
        " token_count | password_reset_at\n-------------+-------------------\n 12          | 2026-01-01",
        // A Markdown table's rule has no `+`.
        "| field | token |\n|-------|-------|\n| a     | the API token |",
    ] {
        redacts_to(ordinary, ordinary);
    }
}

/// A URL inside a JSON string whose slashes JSON escaped (`https:\/\/...`), as
/// PHP's `json_encode` writes it, loses what the same URL loses unescaped.
#[test]
fn urls_whose_slashes_json_escaped() {
    for (text, expected) in [
        (
            "could not connect to postgres://app:hunter2@db.internal:5432/orders",
            "could not connect to postgres://app:[REDACTED]@db.internal:5432/orders",
        ),
        (
            "redis://:s3cr3t-pass@cache:6379/0 refused",
            "redis://[REDACTED]@cache:6379/0 refused",
        ),
        (
            "git clone https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com/o/r.git",
            "git clone https://[REDACTED]@github.com/o/r.git",
        ),
        (
            "remote: https://x-access-token:Xq7u8jzPde0Ia@github.com/o/r.git",
            "remote: https://x-access-token:[REDACTED]@github.com/o/r.git",
        ),
        (
            "POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX -> 404",
            "POST https://hooks.slack.com/services/[REDACTED] -> 404",
        ),
        (
            "discord: https://discord.com/api/v10/webhooks/123456789012345678/aB3dE5fG7hI9jK1lM3nO5pQ7 failed",
            "discord: https://discord.com/api/v10/webhooks/[REDACTED] failed",
        ),
        (
            "POST https://acme.webhook.office.com/webhookb2/7f3c2a1e-0b9d@4e5f/IncomingWebhook/9a8b7c/6d5e failed",
            "POST https://acme.webhook.office.com/webhookb2/[REDACTED] failed",
        ),
        (
            "POST https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7b2c-4bc4-97a0-0ec2a1fa5aaa&debug=1 failed",
            "POST https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=[REDACTED]&debug=1 failed",
        ),
        (
            "post to https://chat.example.com/hooks/xuxsbk8w7jgzfpdq1oeynbwq3o failed: 403",
            "post to https://chat.example.com/hooks/[REDACTED] failed: 403",
        ),
        (
            "https://docs.example.com/errors/upstream#retry and http://localhost:9200/a@b",
            "https://docs.example.com/errors/upstream#retry and http://localhost:9200/a@b",
        ),
        (
            "https://hooks.example.com/services/status is fine",
            "https://hooks.example.com/services/status is fine",
        ),
    ] {
        let escape = |text: &str| format!("{{\"url\":\"{}\"}}", text.replace('/', "\\/"));
        redacts_to(&escape(text), &escape(expected));
    }
    // A text cut inside an escaped slash of the secret path loses what the whole
    // path would have taken.
    redacts_to(
        "\"https:\\/\\/hooks.slack.com\\/services\\/T00000000\\/B00000000\\",
        "\"https:\\/\\/hooks.slack.com\\/services\\/[REDACTED]",
    );
}

#[test]
fn webhook_urls_lose_their_secret_path() {
    for (text, expected) in [
        (
            "POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX -> 404",
            "POST https://hooks.slack.com/services/[REDACTED] -> 404",
        ),
        (
            "discord: https://discord.com/api/webhooks/123456789012345678/aB3dE5fG7hI9jK1lM3nO5pQ7 failed",
            "discord: https://discord.com/api/webhooks/[REDACTED] failed",
        ),
        // Discord's test builds' hosts, and its API's versions.
        (
            "HTTP 401 from https://ptb.discord.com/api/webhooks/123456789012345678/aB3dE5fG7hI9jK1lM3nO5pQ7",
            "HTTP 401 from https://ptb.discord.com/api/webhooks/[REDACTED]",
        ),
        (
            "HTTP 401 from https://canary.discord.com/api/v10/webhooks/123456789012345678/aB3dE5fG7hI9jK1lM3nO5pQ7",
            "HTTP 401 from https://canary.discord.com/api/v10/webhooks/[REDACTED]",
        ),
        (
            "HTTP 401 from https://discordapp.com/api/v9/webhooks/123456789012345678/aB3dE5fG7hI9jK1lM3nO5pQ7",
            "HTTP 401 from https://discordapp.com/api/v9/webhooks/[REDACTED]",
        ),
        // Feishu's and Lark's bots, WeCom's key (to the next parameter).
        (
            "POST https://open.feishu.cn/open-apis/bot/v2/hook/0b6c2f1d-7e3a-4b5c-9d8e-1f2a3b4c5d6e returned 19021",
            "POST https://open.feishu.cn/open-apis/bot/v2/hook/[REDACTED] returned 19021",
        ),
        (
            "\"https://open.larksuite.com/open-apis/bot/v2/hook/0b6c2f1d-7e3a-4b5c-9d8e-1f2a3b4c5d6e\"",
            "\"https://open.larksuite.com/open-apis/bot/v2/hook/[REDACTED]\"",
        ),
        (
            "POST https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7b2c-4bc4-97a0-0ec2a1fa5aaa&debug=1 failed",
            "POST https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=[REDACTED]&debug=1 failed",
        ),
        // Mattermost on a server of any name, with its port.
        (
            "post to https://chat.example.com/hooks/xuxsbk8w7jgzfpdq1oeynbwq3o failed: 403",
            "post to https://chat.example.com/hooks/[REDACTED] failed: 403",
        ),
        (
            "url=http://10.0.3.17:8065/hooks/xuxsbk8w7jgzfpdq1oeynbwq3o",
            "url=http://10.0.3.17:8065/hooks/[REDACTED]",
        ),
    ] {
        redacts_to(text, expected);
    }
    for ordinary in [
        "https://hooks.example.com/services/status is fine",
        "https://discord.com/api/v10/channels/123456789012345678/messages returned 403",
        "https://discord.com/api/v100/webhooks is no version Discord has",
        "see https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot",
        "see https://docs.mattermost.com/hooks/incoming-webhooks-setup.html",
        "https://chat.example.com/hooks/abcdefghijklmnopqrstuvwxyz has no digit",
        "GET https://api.github.com/repos/o/r/hooks/12345678 returned 404",
        "https://example.com is down, see /hooks/xuxsbk8w7jgzfpdq1oeynbwq3o",
    ] {
        redacts_to(ordinary, ordinary);
    }
}

#[test]
fn connection_strings_presigned_urls_and_config_syntaxes() {
    for (text, expected) in [
        (
            "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Zm9vYmFy+YmF6cXV4/MTIzNDU2Nzg5MA==;EndpointSuffix=core.windows.net",
            "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=[REDACTED];EndpointSuffix=core.windows.net",
        ),
        (
            "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=Zm9vYmFyYmF6cXV4MTIz=",
            "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=[REDACTED]",
        ),
        (
            "GET https://acme.blob.core.windows.net/c/b.txt?sv=2022-11-02&se=2026-01-01&sp=r&sig=aB3dE5fG7hI9jK1l%2BM3nO5pQ%3D -> 403",
            "GET https://acme.blob.core.windows.net/c/b.txt?sv=2022-11-02&se=2026-01-01&sp=r&sig=[REDACTED] -> 403",
        ),
        (
            "https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20260101&X-Amz-Signature=3f2c9a1e8b7d4c6e9f0a1b2c3d4e5f60",
            "https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[REDACTED]&X-Amz-Signature=[REDACTED]",
        ),
        (
            "Server=db;Database=app;User Id=sa;Password=P@ss;w0rd!;Encrypt=true",
            "Server=db;Database=app;User Id=sa;Password=[REDACTED];Encrypt=true",
        ),
        (
            "mongodb+srv://app:s3cr3t@cluster0.x.mongodb.net/db failed",
            "mongodb+srv://app:[REDACTED]@cluster0.x.mongodb.net/db failed",
        ),
        (
            r#"{"auths": {"https://index.docker.io/v1/": {"auth": "YWxpY2U6aHVudGVyMg=="}}}"#,
            r#"{"auths": {"https://index.docker.io/v1/": {"auth": "[REDACTED]"}}}"#,
        ),
        (
            "exec: curl -sS -u alice:hunter2 https://api.example.com/x",
            "exec: curl -sS -u alice:[REDACTED] https://api.example.com/x",
        ),
        // Quoted with its user, or alone: the password runs to the closing quote.
        (
            "curl --user 'bob:p4ss word' https://x",
            "curl --user 'bob:[REDACTED]' https://x",
        ),
        // A `=` joins the flag and its value as blanks do.
        (
            "curl --fail --user=app:u8jzPde0IgxLd6Gn https://x",
            "curl --fail --user=app:[REDACTED] https://x",
        ),
        (
            r#"curl --user="bob:p4ss word" https://x"#,
            r#"curl --user="bob:[REDACTED]" https://x"#,
        ),
        (
            "skopeo copy --src-creds=robot:hunter2 docker://a docker://b",
            "skopeo copy --src-creds=robot:[REDACTED] docker://a docker://b",
        ),
        (
            "curl: (67) Access denied: 530 (curl -u backup:'ryp.#ZRxZk?H[vzg' ftp://ftp.acme.io/)",
            "curl: (67) Access denied: 530 (curl -u backup:'[REDACTED]' ftp://ftp.acme.io/)",
        ),
        (
            r#"curl --user ops:"p@ss word" -X POST https://x"#,
            r#"curl --user ops:"[REDACTED]" -X POST https://x"#,
        ),
        // A redaction that took the flag along takes its password too (found by
        // the property test: the `Authorization` value was `curl -u`).
        (
            "Authorization: curl -u alice:00AaAaA0aA00\n",
            "Authorization: [REDACTED]\n",
        ),
        ("password=-u alice:pw x", "password=[REDACTED] x"),
        // The user a swallowed flag takes is a header's name (found by the fuzzer).
        (
            "token=--user    Authorization: SSWS 00QCjAl4MlV-WPXM-AbCdEfGhIjKl01 x",
            "token=[REDACTED] x",
        ),
        (
            "[database]\npassword = \"hunter2\"\n",
            "[database]\npassword = \"[REDACTED]\"\n",
        ),
        (
            "[smtp]\npassword=letmein\n",
            "[smtp]\npassword=[REDACTED]\n",
        ),
    ] {
        redacts_to(text, expected);
    }
    for text in [
        "auth: required",
        "oauth=true",
        "auth=false",
        "curl -u alice https://x",
        "sk-abc-u alice:x",
    ] {
        redacts_to(text, text);
    }
}

/// A fake token, assembled at run time so that secret scanners reading this file
/// find no token in it.
fn fake(prefix: &str, body: &str) -> String {
    format!("{prefix}{body}")
}

#[test]
fn tokens_whose_prefix_has_no_anchor_byte() {
    for secret in [
        fake("SK", "3752d1ea20493d982fb10aa4ff7691c5"),
        fake("dapi", "e6cf601f5430492f16d004941d87f037"),
        fake("4b1d", "qsR6RZ24lPoQj3oPUlieI2nVsbBi1RMar1jf3Y"),
        fake(
            "EZTK",
            "Z4Zq0CVB8iY4qw2oF5WJKBQx4BOuPhw0MZOqSCJNViCRUCIlsmlHwq",
        ),
        fake("GR1348941", "xDqMrz4iKFJpKp4mSxie"),
    ] {
        secret_goes(&secret);
    }
}

#[test]
fn tokens_found_from_their_runs_one_after_the_other() {
    let twilio = fake("SK", "3752d1ea20493d982fb10aa4ff7691c5");
    let databricks = fake("dapi", "e6cf601f5430492f16d004941d87f037");
    redacts_to(
        &format!("twilio {twilio} and databricks {databricks} rejected"),
        "twilio [REDACTED] and databricks [REDACTED] rejected",
    );
}

#[test]
fn doppler_tokens() {
    for kind in ["pt", "sa", "ct", "scim", "audit"] {
        secret_goes(&fake(
            &format!("dp.{kind}."),
            "uHGaKC5W6vPoMdHSBp6GVagx6j7D0w1iRwUoQsLfqTi",
        ));
    }
    secret_goes(&fake(
        "dp.st.",
        "dev.iUlMgdIPjNVGbXD4wyK0KFZKGAe72CH8rvyRh6nR",
    ));
}

#[test]
fn dynatrace_sendgrid_and_harness_tokens() {
    secret_goes(&fake(
        "dt0c01.",
        "11BWXVWMGJKK1D1H509NJYBZ.ZV1ZSF9PZK9D32G862J9C9MBP1C5R1CWM3ZK2N1ZDZZOM1NCCB27ZZ6I3F552F86",
    ));
    secret_goes(&fake(
        "SG.",
        "BPO9DyaUB73cojFZS1COqk.UAV3q4WZwmT2OxHTQi5TMpUFn3NcLSLcwLUKvlsmkYR",
    ));
    for prefix in ["pat.", "sat."] {
        secret_goes(&fake(
            prefix,
            "n95U7z0O3GgMTnhQ2OzAFR.H3nzKe3rCSCax0m0sF1r9lxR.sUv33Xq0lcu7fWj9oWP3",
        ));
    }
}

#[test]
fn vault_tokens() {
    secret_goes(&fake(
        "hvs.",
        "eJUUpigA3zC0suJqeSBsPo3BhE5pgenhvnkRfPwzpmLGuhfRu9ADSAyzexKAGlqsYSyEIeIj61ewP1TNaOvwAL4AVHy8kgP",
    ));
    // Shorter than most, in a command that failed.
    let short = fake(
        "hvs.",
        "CAESI2mc8vkvy1eUPjtpvsvCgWmAdj1-5Dc8KawHt8sQHyQ00HweBzpTKHb_ByBt38iHUFl8O3TvoOOBmrmQ8",
    );
    redacts_to(
        &format!("permission denied (vault login {short})"),
        "permission denied (vault login [REDACTED])",
    );
    secret_goes(&fake(
        "hvb.",
        &"aDGTb9NvJV9wf4AWA253fMn8vjhKjeyLsRFsVZQA0mFm".repeat(4),
    ));
    // The legacy `s.` tokens are 26 characters of letters and digits: not told from
    // prose by their shape, they go where a key names them.
    redacts_to(
        "VAULT_TOKEN=s.Q3fRkVw8nZ2LpT6yHbX1cJ9d failed",
        "VAULT_TOKEN=[REDACTED] failed",
    );
}

#[test]
fn terraform_openshift_airtable_grafana_and_authress_tokens() {
    // Terraform's token goes with its 14-byte id before `.atlasv1.`, as gitleaks
    // reads it (after an id of another length, from `atlasv1.` on).
    let terraform = fake(
        "atlasv1.",
        "jq1nq1pwps1nw1cuz3fecatm249yvds71ijdhxknttyscwigx521cw8siduk8iapjf4",
    );
    redacts_to(
        &format!("tfe: Xk2pQ9vLm4Rt7w.{terraform} rejected"),
        "tfe: [REDACTED] rejected",
    );
    redacts_to(
        &format!("TF_TOKEN_app_terraform_io=Xk2pQ9vLm4Rt7w.{terraform}"),
        "TF_TOKEN_app_terraform_io=[REDACTED]",
    );
    redacts_to(
        &format!("tfe: Xk2pQ9vLm4R.{terraform} rejected"),
        "tfe: Xk2pQ9vLm4R.[REDACTED] rejected",
    );
    // After the word `token`, prose names the whole token.
    redacts_to(
        &format!("tfe: token Xk2pQ9vLm4Rt7w.{terraform} rejected"),
        "tfe: token [REDACTED] rejected",
    );
    secret_goes(&fake(
        "sha256~",
        "pu1iv4SXoPqWmuylvIvD4Pc3DzZx7T24zKhM8556Fch",
    ));
    secret_goes(&fake(
        "pat",
        "75q6s3LxbEflKy.edbd308572003d756e5a3d23dc1e929863f2e19e5bf68eda8c4a12f6d9bd6c1f",
    ));
    secret_goes(&fake(
        "eyJrIjoi",
        "XWagWCDpTQZ0lqbUXD9nJrMI6ZTM5aQY6LiBvpCbSzrgic4vCbe25eh7xfNWQX5lVKF4KDKT",
    ));
    secret_goes(&fake(
        "sc_",
        "a5r47ljlgb.vkrqa.acc_crkruywons9ouueylci8.m96QND98ERqcfdNRSeRr6EgEP5TN8wqE7LbXLiu5HslsyqwADIzknekXDpH2",
    ));
}

#[test]
fn azure_client_secrets_and_maxmind_license_keys() {
    secret_goes(&fake("xY38Q~", "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"));
    secret_goes(&fake("aB3dE5_", "fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5z_mmk"));
    for text in [
        "see Q~ in the docs",
        "ab_cdefghijklmnopqrstuvwxyz0123456789_mmk is not random",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn look_alikes_of_the_new_prefixes_stay() {
    for text in [
        "SKIPPED 3 tests in module SKU-1234567890-ABCDEF",
        "dapi-client-library-integration-tests-2024 failed",
        "pattern_matching.compile.failure.handler.module.v2.extra.long.dotted.path.for.tests.x",
        "SG.Setting.up.the.service.group",
        "hvs.example is not a token",
        "sha256~ is the prefix of an OpenShift token",
        "4b1d is a ClickHouse prefix",
        "scheduler: ext_modules.build.acc_total=3",
        "session: expired",
        "BUNDLE_PATH=vendor/bundle and api.example.com: 443 ms",
        "connect to db.example.net: connection refused",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn short_stripe_and_slack_tokens_and_routable_gitlab_tokens() {
    // gitleaks' shortest bodies: Stripe's 10, Slack's workspace and refresh tokens' 8.
    for token in [
        fake("sk_test_", "rP8Sgoj5XGy"),
        fake("rk_live_", "I3iHGaNnpzM"),
        fake("xoxa-", "MJb4m2ws"),
        fake("xoxr-", "2-Ab4m2wsQ"),
    ] {
        redacts_to(
            &format!(r#"{{"error":"invalid","key":"{token}"}}"#),
            r#"{"error":"invalid","key":"[REDACTED]"}"#,
        );
    }
    // A routable token's tail after its dots goes with it.
    for token in [
        fake("glpat-", "47kdNl9cDo-_GbVMszvR4-EPZGz.01.1mnyoun"),
        fake("glrt-", "t5_VvRutRPyfmH9VTuDOFKyH6UP0hY.mnuedntkl"),
    ] {
        redacts_to(
            &format!("401 Unauthorized for token {token} (retry)"),
            "401 Unauthorized for token [REDACTED] (retry)",
        );
    }
    for text in [
        "the sk_test_ prefix",
        "xoxa-1 is short",
        "see glpat- tokens",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn keys_named_after_a_provider_whose_keys_have_no_prefix() {
    for (text, expected) in [
        (
            fake("ADAFRUIT_IO_KEY=", "6m370tk27mx7ay1zve5psb0jzrleawq0"),
            "ADAFRUIT_IO_KEY=[REDACTED]",
        ),
        (
            fake("HUBSPOT_KEY: ", "7C877B0E-B7BE-927B-B6CC-4ED3321AE73C"),
            "HUBSPOT_KEY: [REDACTED]",
        ),
        (
            fake(
                r#"{"bittrexKey": ""#,
                r#"4xnc70o4mkpm7vt46pnshacuf7l38f0i"}"#,
            ),
            r#"{"bittrexKey": "[REDACTED]"}"#,
        ),
        (
            fake("twitter_consumer_key: ", "pc17yem3xgr2zvsi55y5p6s3s"),
            "twitter_consumer_key: [REDACTED]",
        ),
    ] {
        redacts_to(&text, expected);
    }
    // Another provider's name, a record's UUID, a word: they stay.
    for text in [
        "MAPBOX_KEY=6m370tk27mx7ay1zve5psb0jzrleawq0",
        "idempotencyKey: 3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60",
        "HUBSPOT_KEY: missing",
        "ADAFRUIT_IO_KEY=abcdefghijklmnopqrstuvwxyzabcdef",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn provider_named_keys() {
    for (text, expected) in [
        (
            "twilio_auth_token=1f2e3d4c5b6a",
            "twilio_auth_token=[REDACTED]",
        ),
        ("DD_APP_KEY=0123456789abcdef", "DD_APP_KEY=[REDACTED]"),
        (
            "MAXMIND_LICENSE_KEY=Ab12Cd_34",
            "MAXMIND_LICENSE_KEY=[REDACTED]",
        ),
        (
            "Cookie: _gitlab_session=0a1b2c3d4e5f60718293a4b5c6d7e8f9",
            "Cookie: [REDACTED]",
        ),
        (
            "set _gitlab_session=0a1b2c3d4e5f60718293a4b5c6d7e8f9; path=/",
            "set _gitlab_session=[REDACTED]; path=/",
        ),
        (
            "export BUNDLE_ENTERPRISE__CONTRIBSYS__COM=cafebabe:deadbeef",
            "export BUNDLE_ENTERPRISE__CONTRIBSYS__COM=[REDACTED]",
        ),
        (
            "BUNDLE_GEMS__CONTRIBSYS__COM: \"cafebabe:deadbeef\"",
            "BUNDLE_GEMS__CONTRIBSYS__COM: \"[REDACTED]\"",
        ),
    ] {
        redacts_to(text, expected);
    }
}

#[test]
fn telegram_bot_tokens_lose_their_secret() {
    let secret = fake("AA", "G7qRt0bXwK2mZp9LcVn4HsYd1JfUe8TiO");
    redacts_to(
        &format!("bot 123456789:{secret} was revoked"),
        "bot 123456789:[REDACTED] was revoked",
    );
    redacts_to(
        &format!("GET https://api.telegram.org/bot123456789:{secret}/getMe -> 401"),
        "GET https://api.telegram.org/bot123456789:[REDACTED]/getMe -> 401",
    );
    for text in [
        "at src/main.rs:12345:Abstract_syntax_tree_node_is_invalid",
        "10:30:00 12345:AA",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn discord_bot_tokens_are_told_from_dotted_names_and_base64() {
    let token = fake(
        "MTE4NTQ2MjM0NTY3ODkwMTIzNA",
        ".GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x",
    );
    redacts_to(
        &format!("discord: {token} was reset"),
        "discord: [REDACTED] was reset",
    );
    for text in [
        "MTProtoHandler.processIncomingMessage.handleSomethingVeryLongHere failed",
        "data: MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6QUJDREVGR0hJSks=",
    ] {
        redacts_to(text, text);
    }
}

#[test]
fn settings_written_as_attributes_lose_their_secret_values() {
    redacts_to(
        r#"<add key="ClearTextPassword" value="s3cr3t-Pa55" />"#,
        r#"<add key="ClearTextPassword" value="[REDACTED]" />"#,
    );
    redacts_to(
        "<add key='DbPassword'   value='hunter2' />",
        "<add key='DbPassword'   value='[REDACTED]' />",
    );
    // A redaction that took the `key=` along leaves the value no less secret
    // (found by the fuzzer).
    redacts_to(
        r#"Cookie: a=b <add key="DbPassword" value="hunter2" />"#,
        r#"Cookie: [REDACTED]"DbPassword" value="[REDACTED]" />"#,
    );
    let ordinary = r#"<add key="ApiBaseUrl" value="https://api.example.com" />"#;
    redacts_to(ordinary, ordinary);
}

#[test]
fn netrc_entries_lose_their_password() {
    for (text, expected) in [
        (
            "netrc: machine api.example.com login alice password s3cr3t-Pa55",
            "netrc: machine api.example.com login alice password [REDACTED]",
        ),
        (
            "~/.netrc:\nmachine github.com\n  login x-access-token\n  password hunter2\n",
            "~/.netrc:\nmachine github.com\n  login x-access-token\n  password [REDACTED]\n",
        ),
        (
            "machine localhost password p4ss login bob",
            "machine localhost password [REDACTED] login bob",
        ),
        (
            "default login anonymous password guest@example.com",
            "default login anonymous password [REDACTED]",
        ),
        // A value that swallowed the entry's keyword leaves the entry's password
        // no less secret.
        (
            "api_key: machine api.example.com login alice password s3cr3t-netrc x",
            "api_key: [REDACTED] api.example.com login alice password [REDACTED] x",
        ),
        (
            "token=default login alice password s3cr3t-netrc x",
            "token=[REDACTED] login alice password [REDACTED] x",
        ),
        // A redaction that took `login` for a scheme's credential: the text still
        // shows the entry.
        (
            "Authorization: default login alice password s3cr3t-netrc x",
            "Authorization: default [REDACTED] alice password [REDACTED] x",
        ),
        (
            "token=Authorization: default login alice password s3cr3t-netrc x",
            "token=[REDACTED] alice password [REDACTED] x",
        ),
    ] {
        redacts_to(text, expected);
        assert_eq!(
            error_core::sanitize::redact_secrets(expected),
            expected,
            "stable"
        );
    }
    for text in [
        "login failed: password incorrect",
        "invalid password for user alice",
        "the password field is required",
    ] {
        redacts_to(text, text);
    }
    // A redaction before the keyword makes no entry of prose.
    redacts_to(
        "invalid token ghp_16C7e42F292c6912E7710c838347Ae178B4a for password reset",
        "invalid token [REDACTED] for password reset",
    );
}

#[test]
fn teams_webhook_urls_lose_their_secret_path() {
    let path = "3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60@9b2c4f7e-0a1d-3c5b-7e9f-1a3c5e7b9d1f/IncomingWebhook/5d41402abc4b2a76b9719d911017c592/7e9f1a3c-5e7b-9d1f-3a5c-7e9b1d3f5a7c";
    redacts_to(
        &format!("POST https://acme.webhook.office.com/webhookb2/{path} -> 400"),
        "POST https://acme.webhook.office.com/webhookb2/[REDACTED] -> 400",
    );
    let ordinary = "https://acme.webhook.office.com/status is fine";
    redacts_to(ordinary, ordinary);
}

#[test]
fn ci_logs_masked_values_and_kubernetes_secrets() {
    // A shell trace of a workflow step prints what it asks the runner to mask.
    redacts_to(
        "+ echo '::add-mask::Lq2Xk7Wz9Rm3'\n::add-mask::Lq2Xk7Wz9Rm3",
        "+ echo '::add-mask::[REDACTED]'\n::add-mask::[REDACTED]",
    );
    redacts_to(
        "::set-output name=deploy_token::Lq2Xk7Wz9Rm3Nt5B",
        "::set-output name=deploy_token::[REDACTED]",
    );
    redacts_to(
        "+ kubectl -n prod create secret generic stripe --from-literal=api=Lq2Xk7Wz9Rm3",
        "+ kubectl -n prod create secret generic stripe --from-literal=[REDACTED]",
    );
}

#[test]
fn an_access_key_ids_secret_on_its_line_goes() {
    // The console's credentials CSV, `aws iam create-access-key --output text`, and
    // `aws sts assume-role --output text` with its session token (found by an
    // audit).
    redacts_to(
        "alice,,AKIAIOSFODNN7EXAMPLE,wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY,https://console",
        "alice,,[REDACTED],[REDACTED],https://console",
    );
    redacts_to(
        "ACCESSKEY\tAKIAIOSFODNN7EXAMPLE\t2013-09-15T20:49:56Z\twJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\tActive\tBob",
        "ACCESSKEY\t[REDACTED]\t2013-09-15T20:49:56Z\t[REDACTED]\tActive\tBob",
    );
    let session_token = "FwoGZXIvYXdzEBYaDHVzZXItdG9rZW4iLCJleHAiOjE3MDAwMDAwMDAsImlhdCI6MTcwMDAwMDAwMH0aKEhFTExPX1dPUkxEX1RISVNfSVNfQV9GQUtF";
    redacts_to(
        &format!(
            "CREDENTIALS\tASIAIOSFODNN7EXAMPLE\t2024-01-01T00:00:00Z\twJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\t{session_token}"
        ),
        "CREDENTIALS\t[REDACTED]\t2024-01-01T00:00:00Z\t[REDACTED]\t[REDACTED]",
    );
    // A session token of today's STS, in `--output table`, stands alone (found by
    // an audit): it says what it is.
    let session_token = concat!(
        "IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQDxq0fjzLczbttOofL9",
        "Zx8qLm2PvR7tKw4NAiB3kZ7Lq9Wz+R4vN7mY3cF6jD1sA5gE0uI8oP2tK4wQ7=="
    );
    redacts_to(
        &format!("||  SessionToken    |  {session_token}  ||"),
        "||  SessionToken    |  [REDACTED]  ||",
    );
    // A hash beside an id, and a secret-shaped word on another line, stay.
    redacts_to(
        "AKIAIOSFODNN7EXAMPLE at commit 3f2c9a1e8b7d4c6e9f0a1b2c3d4e5f60abcdef12",
        "[REDACTED] at commit 3f2c9a1e8b7d4c6e9f0a1b2c3d4e5f60abcdef12",
    );
    redacts_to(
        "AKIAIOSFODNN7EXAMPLE\nnext wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "[REDACTED]\nnext wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    );
}
