//! The HTTP surface's response path against a hand-written axum response with the
//! same bytes: `(StatusCode, [(RETRY_AFTER, ..)], Json(&envelope))`.
//!
//! - `envelope_*`: an envelope that is already built becomes a response;
//! - `agent_error_*`: a handler's error (a derived `AgentError`) becomes one, its
//!   envelope built on the way, as `?` in a handler does.
//!
//! The surface also looks up the route's context and asks `tracing` whether the
//! error is logged; no subscriber is installed here, so that costs one check.
//! The responses are checked for equal status, headers and body before the run.
//!
//! Run with `cargo bench -p error-core --features axum --bench axum_response`.

use axum::Json;
use axum::body::to_bytes;
use axum::http::HeaderValue;
use axum::http::header::RETRY_AFTER;
use axum::response::{IntoResponse, Response};
use divan::{Bencher, black_box};
use error_core::axum::HttpError;
use error_core::{AgentError, Envelope};

mod surface_error;

use surface_error::error;

fn hand_written(envelope: &Envelope) -> Response {
    let seconds = envelope
        .recovery()
        .retry_after_ms
        .unwrap_or(0)
        .div_ceil(1000);
    (
        envelope.status(),
        [(RETRY_AFTER, HeaderValue::from(seconds))],
        Json(envelope),
    )
        .into_response()
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime for reading bodies");
    let read = |response: Response| {
        let (parts, body) = response.into_parts();
        let body = runtime.block_on(to_bytes(body, usize::MAX)).unwrap();
        (parts.status, parts.headers, body)
    };
    let ours = read(HttpError::from(error()).into_response());
    let theirs = read(hand_written(&error().envelope()));
    assert_eq!(ours, theirs, "the two responses differ");
    assert_eq!(ours.2, serde_json::to_vec(&error().envelope()).unwrap());
    divan::main();
}

#[divan::bench]
fn envelope_http_error(bencher: Bencher) {
    let envelope = error().envelope();
    bencher
        .with_inputs(|| envelope.clone())
        .bench_values(|envelope| black_box(envelope).into_response());
}

#[divan::bench]
fn envelope_hand_written(bencher: Bencher) {
    let envelope = error().envelope();
    bencher
        .with_inputs(|| envelope.clone())
        .bench_values(|envelope| hand_written(&black_box(envelope)));
}

#[divan::bench]
fn agent_error_http_error(bencher: Bencher) {
    bencher
        .with_inputs(error)
        .bench_values(|error| HttpError::from(black_box(error)).into_response());
}

#[divan::bench]
fn agent_error_hand_written(bencher: Bencher) {
    bencher
        .with_inputs(error)
        .bench_values(|error| hand_written(&black_box(error).envelope()));
}
