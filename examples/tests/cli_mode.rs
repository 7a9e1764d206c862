//! The demo's command mode, run as a real process: stdout empty on failure, one
//! JSON line on stderr, the exit code of the documented table; and the HTTP body
//! and the CLI's `error` member are the same bytes for the same call.

mod common;

use std::process::{Command, Output};

use common::{RunningDemo, call_tool, client, valid_envelope};
use error_core::RecoveryAction;
use serde::Deserialize;
use serde_json::value::RawValue;

fn demo(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_demo"))
        .args(arguments)
        .output()
        .expect("the demo binary runs")
}

/// The failure line, with the envelope kept as the exact bytes written.
#[derive(Deserialize)]
struct FailureLine {
    ok: bool,
    command: String,
    error: Box<RawValue>,
}

fn failure_line(output: &Output) -> FailureLine {
    let stderr = String::from_utf8(output.stderr.clone()).expect("UTF-8 on stderr");
    assert_eq!(stderr.lines().count(), 1, "one line on stderr: {stderr}");
    serde_json::from_str(&stderr).unwrap_or_else(|error| panic!("{error}: {stderr}"))
}

/// (tool, arguments, exit code, the `sysexits.h` name, the recovery action).
const FAILURES: &[(&str, &str, u8, &str, RecoveryAction)] = &[
    (
        "search",
        r#"{"limit": 2}"#,
        65,
        "EX_DATAERR",
        RecoveryAction::ReviseAndRetry,
    ),
    (
        "run_script",
        r#"{"code": "call(a) call(b) call(c) call(d)"}"#,
        65,
        "EX_DATAERR",
        RecoveryAction::ReduceWork,
    ),
    ("serach", "{}", 64, "EX_USAGE", RecoveryAction::Rediscover),
    (
        "weather",
        r#"{"city": "Paris"}"#,
        75,
        "EX_TEMPFAIL",
        RecoveryAction::RetryLater,
    ),
    (
        "report",
        "{}",
        75,
        "EX_TEMPFAIL",
        RecoveryAction::RetryLater,
    ),
    (
        "drive_export",
        r#"{"file": "x"}"#,
        77,
        "EX_NOPERM",
        RecoveryAction::Reauthenticate,
    ),
    (
        "delete_repo",
        r#"{"repo": "a/b"}"#,
        77,
        "EX_NOPERM",
        RecoveryAction::Confirm,
    ),
    (
        "delete_repo",
        r#"{"repo": "a/b", "confirm": true}"#,
        77,
        "EX_NOPERM",
        RecoveryAction::DoNotRetry,
    ),
    (
        "stats",
        "{}",
        70,
        "EX_SOFTWARE",
        RecoveryAction::InspectAndEscalate,
    ),
];

#[test]
fn a_failure_is_one_json_line_on_stderr_and_a_sysexits_code() {
    for &(tool, arguments, code, name, action) in FAILURES {
        let output = demo(&["call", tool, "--json", arguments]);
        assert_eq!(
            output.status.code(),
            Some(i32::from(code)),
            "{tool}: {name}"
        );
        assert_eq!(
            error_core::cli::exit_code(action),
            code,
            "the table: {action}"
        );
        assert!(
            output.stdout.is_empty(),
            "{tool}: stdout {:?}",
            output.stdout
        );
        let line = failure_line(&output);
        assert!(!line.ok);
        assert_eq!(line.command, format!("call {tool}"));
        let envelope = valid_envelope(line.error.get().as_bytes());
        assert_eq!(envelope["recovery"]["action"], action.as_str(), "{tool}");
        assert_eq!(envelope["tool"], tool);
    }
}

#[test]
fn arguments_that_are_not_json_are_an_invalid_param() {
    let output = demo(&["call", "search", "--json", "{query"]);
    assert_eq!(output.status.code(), Some(65));
    let envelope = valid_envelope(failure_line(&output).error.get().as_bytes());
    assert_eq!(envelope["kind"], "invalid_param");
    assert_eq!(envelope["param"], "arguments");
}

#[test]
fn without_json_a_failure_is_one_human_line() {
    let output = demo(&["call", "weather", r#"{"city": "Paris"}"#]);
    assert_eq!(output.status.code(), Some(75));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(
            "call weather: rate_limited: `weather-api` is rate limiting the gateway ("
        ),
        "{stderr}"
    );
}

#[test]
fn a_success_is_one_json_line_on_stdout_and_exit_code_zero() {
    let output = demo(&[
        "call",
        "search",
        "--json",
        r#"{"query": "rust", "limit": 1}"#,
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let line: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(line["ok"], true);
    assert_eq!(line["result"]["results"][0]["rank"], 1);
}

#[test]
fn a_wrong_command_line_is_a_usage_error() {
    let output = demo(&["--no-such-flag"]);
    assert_eq!(output.status.code(), Some(64));
    let output = demo(&["--help"]);
    assert_eq!(output.status.code(), Some(0));
}

#[tokio::test]
async fn the_http_body_and_the_cli_error_member_are_the_same_bytes() {
    let demo_server = RunningDemo::start().await;
    let client = client();
    for &(tool, arguments, ..) in FAILURES {
        let answer = call_tool(&demo_server, &client, tool, arguments).await;
        let output = demo(&["call", tool, "--json", arguments]);
        let line = failure_line(&output);
        assert_eq!(
            line.error.get(),
            String::from_utf8(answer.body).unwrap(),
            "{tool} {arguments}"
        );
    }
    drop(client);
    demo_server.stop().await;
}
