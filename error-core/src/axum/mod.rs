//! The HTTP surface on axum 0.8 (feature `axum`).
//!
//! - [`HttpError`] is what a handler returns on failure: any [`AgentError`] (and an
//!   [`Envelope`]) converts into it, so `?` works in handlers. An error that is not
//!   an `AgentError` (a `Box<dyn Error>`, an `anyhow::Error` with the `anyhow`
//!   feature) becomes `internal_error` ([`InternalError`]).
//! - The response: the status from the envelope's classification,
//!   `content-type: application/json`, the body byte for byte
//!   `serde_json::to_vec(&envelope)`, and `Retry-After` in whole seconds (rounded
//!   up) when the recovery advice has `retry_after_ms`. Each error response is
//!   logged through [`crate::tracing`].
//! - A [`CallContext`] is a layer: on a route or a router it stamps `service`,
//!   `action` and `tool` on every error response that passes through it, without
//!   touching the errors ([`CallContext::stamp`] says which members win).
//! - axum's own rejections become envelopes: use this module's [`Json`], [`Query`]
//!   and [`Path`] extractors, and [`envelope_fallbacks`] for unknown routes and
//!   methods.
//!
//! ```
//! use axum::{Router, routing::post};
//! use error_core::axum::{HttpError, Json, envelope_fallbacks};
//! use error_core::{CallContext, DispatchError};
//!
//! #[derive(serde::Deserialize)]
//! struct Search {
//!     query: String,
//! }
//!
//! async fn search(Json(search): Json<Search>) -> Result<String, HttpError> {
//!     if search.query.is_empty() {
//!         return Err(DispatchError::InvalidParam {
//!             param: "query".into(),
//!             reason: "must not be empty".into(),
//!         }
//!         .into());
//!     }
//!     Ok(format!("results for {}", search.query))
//! }
//!
//! let app: Router = envelope_fallbacks(
//!     Router::new()
//!         .route("/search", post(search))
//!         .layer(CallContext::new().service("search-api").action("search")),
//! );
//! ```

mod rejections;
mod route_context;

use ::axum::body::Body;
use ::axum::response::{IntoResponse, Response};
use http::HeaderValue;
use http::header::{CONTENT_TYPE, RETRY_AFTER};

use crate::{AgentError, CallContext, Envelope, InternalError};

pub use rejections::{Json, Path, Query, envelope_fallbacks, method_not_allowed, route_not_found};
pub use route_context::CallContextService;

/// A failed request: the envelope that becomes the response, and, for an error
/// that is not an [`AgentError`], the source chain that only the log gets.
///
/// It is two words wide (the envelope is boxed), so a handler's `Result` stays
/// small.
#[derive(Clone, Debug, PartialEq)]
pub struct HttpError {
    envelope: Box<Envelope>,
    source_chain: Option<Box<str>>,
}

impl HttpError {
    /// An envelope this library built, as it is (no second sanitizing pass).
    pub(crate) fn from_own_envelope(envelope: Envelope) -> Self {
        Self {
            envelope: Box::new(envelope),
            source_chain: None,
        }
    }

    /// The envelope the response will carry (before the route's context is stamped).
    #[must_use]
    pub fn envelope(&self) -> &Envelope {
        &self.envelope
    }

    /// Stamps `context` on the envelope now, for what only the handler knows (the
    /// tool a generic route called, say). Members already set are kept.
    #[must_use]
    pub fn with_context(mut self, context: &CallContext) -> Self {
        *self.envelope = context.stamp(*self.envelope);
        self
    }
}

impl<E: AgentError> From<E> for HttpError {
    fn from(error: E) -> Self {
        Self {
            envelope: Box::new(error.envelope()),
            source_chain: None,
        }
    }
}

impl From<InternalError> for HttpError {
    fn from(error: InternalError) -> Self {
        let source_chain = error.source_chain().map(Box::from);
        Self {
            envelope: Box::new(error.into_envelope()),
            source_chain,
        }
    }
}

impl From<Box<dyn std::error::Error + Send + Sync>> for HttpError {
    fn from(error: Box<dyn std::error::Error + Send + Sync>) -> Self {
        InternalError::from(error).into()
    }
}

#[cfg(feature = "anyhow")]
impl From<anyhow::Error> for HttpError {
    fn from(error: anyhow::Error) -> Self {
        InternalError::from(error).into()
    }
}

/// The route's context is stamped, the error is logged, and the envelope becomes
/// the response.
impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let envelope = route_context::stamp_current(*self.envelope);
        crate::tracing::emit(&envelope, self.source_chain.as_deref());
        envelope_response(&envelope)
    }
}

/// An envelope responds as it is (it was built through its own API, which
/// sanitizes what comes in; pass one read from an upstream's body through
/// [`Envelope::from_untrusted`] or [`HttpError::from`] first).
impl IntoResponse for Envelope {
    fn into_response(self) -> Response {
        HttpError::from_own_envelope(self).into_response()
    }
}

/// The response for `envelope`: its status, `content-type: application/json`,
/// `Retry-After` when it asks the caller to wait, and the envelope as the body.
fn envelope_response(envelope: &Envelope) -> Response {
    let (status, body) = match serde_json::to_vec(envelope) {
        Ok(body) => (envelope.status(), body),
        // Only an additive member's own `Serialize` can fail; the caller still
        // gets an envelope.
        Err(error) => {
            let fallback = Envelope::from_kind("internal_error", error.to_string());
            (
                fallback.status(),
                serde_json::to_vec(&fallback).unwrap_or_default(),
            )
        }
    };
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if let Some(milliseconds) = envelope.recovery().retry_after_ms {
        headers.insert(
            RETRY_AFTER,
            HeaderValue::from(retry_after_seconds(milliseconds)),
        );
    }
    response
}

/// Whole seconds, rounded up: a caller that waits what `Retry-After` says has
/// waited at least `retry_after_ms`.
const fn retry_after_seconds(milliseconds: u64) -> u64 {
    milliseconds.div_ceil(1000)
}

#[cfg(test)]
mod tests;
