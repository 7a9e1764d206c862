//! The demo gateway, running for real on an ephemeral port of 127.0.0.1.

#![allow(dead_code, reason = "each test file uses a part of the support")]

use std::net::SocketAddr;

use examples::service::http_api::serve;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A running demo gateway; [`RunningDemo::stop`] shuts it down and waits for it.
pub struct RunningDemo {
    address: SocketAddr,
    shutdown: oneshot::Sender<()>,
    server: JoinHandle<std::io::Result<()>>,
}

impl RunningDemo {
    /// Starts the gateway on a port the system picks (never 8080).
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port is free");
        let address = listener
            .local_addr()
            .expect("a bound listener has an address");
        let (shutdown, stopped) = oneshot::channel();
        let server = tokio::spawn(serve(listener, async {
            let _ = stopped.await;
        }));
        Self {
            address,
            shutdown,
            server,
        }
    }

    /// The URL of `path` on the running gateway.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Stops the gateway and waits until it has stopped.
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        self.server
            .await
            .expect("the server task does not panic")
            .expect("the server stops cleanly");
    }
}

/// A client that talks to the loopback gateway only.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("a plain HTTP client builds")
}

/// What a call returned: status, content type, `Retry-After`, body.
pub struct Answer {
    pub status: u16,
    pub content_type: Option<String>,
    pub retry_after: Option<String>,
    pub allow: Option<String>,
    pub body: Vec<u8>,
}

/// Sends `request` and reads the whole answer.
pub async fn answer(request: reqwest::RequestBuilder) -> Answer {
    let response = request.send().await.expect("the gateway answers");
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|value| value.to_str().expect("ASCII header").to_owned())
    };
    let (content_type, retry_after, allow) = (
        header("content-type"),
        header("retry-after"),
        header("allow"),
    );
    let status = response.status().as_u16();
    let body = response.bytes().await.expect("the body arrives").to_vec();
    Answer {
        status,
        content_type,
        retry_after,
        allow,
        body,
    }
}

/// `POST /v1/tools/{tool}` with `arguments` as the JSON body.
pub async fn call_tool(
    demo: &RunningDemo,
    client: &reqwest::Client,
    tool: &str,
    arguments: &str,
) -> Answer {
    answer(
        client
            .post(demo.url(&format!("/v1/tools/{tool}")))
            .header("content-type", "application/json")
            .body(arguments.to_owned()),
    )
    .await
}

/// Asserts `body` is an envelope valid against our schema and the gateway's, and
/// returns it.
pub fn valid_envelope(body: &[u8]) -> serde_json::Value {
    let envelope: serde_json::Value = serde_json::from_slice(body)
        .unwrap_or_else(|error| panic!("not JSON ({error}): {}", String::from_utf8_lossy(body)));
    let violations = tests::envelope_schema_violations(&envelope);
    assert!(violations.is_empty(), "{envelope:#} fails: {violations:#?}");
    envelope
}
