//! Load on the running demo gateway: concurrent keep-alive clients on an error
//! route (`weather`: 429 with `Retry-After`, logged at WARN) and on the success
//! route (`search`), over loopback.
//!
//! The demo binary runs as it does for a newcomer (its log goes to a null stderr).
//! Each iteration sends `REQUESTS` calls from `CLIENTS` concurrent tasks sharing one
//! pooled client, so the connections stay alive across iterations; divan reports
//! the calls per second of each route, and their ratio is the figure. The error
//! body is validated against both schemas before the run, and every body during
//! the run is checked to be those same bytes.
//!
//! Run with `cargo bench -p examples --bench load`.

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use divan::Bencher;
use divan::counter::ItemsCount;
use tokio::runtime::Runtime;
use tokio::task::JoinSet;

/// Concurrent clients.
const CLIENTS: usize = 16;
/// Calls per client per iteration.
const CALLS_PER_CLIENT: usize = 16;
/// Calls per iteration.
const REQUESTS: usize = CLIENTS * CALLS_PER_CLIENT;

const ERROR_ROUTE: (&str, &str) = ("weather", r#"{"city": "Paris"}"#);
const SUCCESS_ROUTE: (&str, &str) = ("search", r#"{"query": "rust", "limit": 2}"#);

/// The demo binary, stopped when dropped.
struct Demo {
    process: Child,
    base: String,
}

impl Demo {
    fn start() -> Self {
        // Port 0: the demo takes a port the system hands out and prints it.
        let mut process = Command::new(env!("CARGO_BIN_EXE_demo"))
            .args(["--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the demo starts");
        let stdout = process.stdout.take().expect("piped stdout");
        let mut banner = String::new();
        BufReader::new(stdout)
            .read_line(&mut banner)
            .expect("the demo prints where it listens");
        let base = banner
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in the banner: {banner}"))
            .to_owned();
        Self { process, base }
    }
}

impl Drop for Demo {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// What the load runs against: the demo, a client runtime, a pooled client.
struct Load {
    _demo: Demo,
    runtime: Runtime,
    client: reqwest::Client,
    base: String,
}

impl Load {
    fn new() -> Self {
        let demo = Demo::start();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a client runtime");
        let client = reqwest::Client::builder()
            .no_proxy()
            .pool_max_idle_per_host(CLIENTS)
            .build()
            .expect("a client");
        let base = demo.base.clone();
        Self {
            _demo: demo,
            runtime,
            client,
            base,
        }
    }

    /// One call's status and body.
    fn call_once(&self, (tool, arguments): (&str, &str)) -> (u16, Vec<u8>) {
        self.runtime
            .block_on(call(&self.client, &self.url(tool), arguments))
    }

    fn url(&self, tool: &str) -> String {
        format!("{}/v1/tools/{tool}", self.base)
    }

    /// `REQUESTS` calls from `CLIENTS` tasks; every answer must be `expected`.
    fn burst(&self, (tool, arguments): (&str, &str), expected: &Arc<(u16, Vec<u8>)>) {
        let url = Arc::<str>::from(self.url(tool));
        let arguments = Arc::<str>::from(arguments);
        self.runtime.block_on(async {
            let mut tasks = JoinSet::new();
            for _ in 0..CLIENTS {
                let (client, url, arguments, expected) = (
                    self.client.clone(),
                    Arc::clone(&url),
                    Arc::clone(&arguments),
                    Arc::clone(expected),
                );
                tasks.spawn(async move {
                    for _ in 0..CALLS_PER_CLIENT {
                        let answer = call(&client, &url, &arguments).await;
                        assert!(answer == *expected, "an answer differs: {answer:?}");
                    }
                });
            }
            while let Some(task) = tasks.join_next().await {
                task.expect("a client task does not panic");
            }
        });
    }
}

async fn call(client: &reqwest::Client, url: &str, arguments: &str) -> (u16, Vec<u8>) {
    let response = client
        .post(url)
        .header("content-type", "application/json")
        .body(arguments.to_owned())
        .send()
        .await
        .expect("the demo answers");
    let status = response.status().as_u16();
    let body = response.bytes().await.expect("the body arrives").to_vec();
    (status, body)
}

fn main() {
    divan::main();
}

fn run(bencher: Bencher, route: (&str, &str), status: u16) {
    let load = Load::new();
    let expected = load.call_once(route);
    assert_eq!(
        expected.0,
        status,
        "{}",
        String::from_utf8_lossy(&expected.1)
    );
    if status >= 400 {
        let envelope: serde_json::Value =
            serde_json::from_slice(&expected.1).expect("the error body is JSON");
        let violations = tests::envelope_schema_violations(&envelope);
        assert!(violations.is_empty(), "{envelope:#}: {violations:#?}");
    }
    let expected = Arc::new(expected);
    bencher
        .counter(ItemsCount::new(REQUESTS))
        .bench(|| load.burst(route, &expected));
}

#[divan::bench(min_time = 4, sample_count = 40)]
fn error_route_rate_limited(bencher: Bencher) {
    run(bencher, ERROR_ROUTE, 429);
}

#[divan::bench(min_time = 4, sample_count = 40)]
fn success_route_search(bencher: Bencher) {
    run(bencher, SUCCESS_ROUTE, 200);
}
