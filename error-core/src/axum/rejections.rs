//! axum's own rejections as envelopes, instead of its plain-text bodies.
//!
//! | what axum rejects | kind | status |
//! |---|---|---|
//! | a body, query string or path parameter that lacks a field | `missing_param` (`param`: the field) | 422 |
//! | one with a value of the wrong type, or that does not parse | `invalid_param` (`param`: where) | 422 |
//! | a JSON body without `content-type: application/json` | `invalid_param` (`param`: `content-type`) | 422 |
//! | a body over the size limit | `content_too_large` | 413 |
//! | an extractor the server set up wrong | `internal_error` | 500 |
//! | a path no route serves ([`route_not_found`]) | `route_not_found` | 404 |
//! | a method the route does not serve ([`method_not_allowed`]) | `method_not_allowed` | 405, with `Allow` |
//!
//! `method_not_allowed` is not in the vocabulary; it is declared here with its full
//! classification, as the contract asks of a new kind.

use std::error::Error;

use ::axum::Router;
use ::axum::extract::rejection::{
    FailedToDeserializePathParams, JsonRejection, PathRejection, QueryRejection,
};
use ::axum::extract::{FromRequest, FromRequestParts, Request};
use ::axum::http::request::Parts;
use ::axum::http::{Method, StatusCode, Uri};
use serde::de::DeserializeOwned;

use super::HttpError;
use crate::arguments::{field_failure, json_failure};
use crate::{
    AgentError, Classification, DispatchError, Envelope, InternalError, LogLevel, Origin,
    RecoveryAction, SameArguments, SideEffects,
};

/// The JSON body, deserialized; rejected with an envelope.
#[derive(Clone, Copy, Debug, Default)]
pub struct Json<T>(pub T);

/// The query string, deserialized; rejected with an envelope.
#[derive(Clone, Copy, Debug, Default)]
pub struct Query<T>(pub T);

/// The path parameters, deserialized; rejected with an envelope.
#[derive(Clone, Copy, Debug, Default)]
pub struct Path<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = HttpError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let ::axum::Json(value) = ::axum::Json::<T>::from_request(request, state).await?;
        Ok(Self(value))
    }
}

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let ::axum::extract::Query(value) =
            ::axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Self(value))
    }
}

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let ::axum::extract::Path(value) =
            ::axum::extract::Path::<T>::from_request_parts(parts, state).await?;
        Ok(Self(value))
    }
}

impl From<JsonRejection> for HttpError {
    fn from(rejection: JsonRejection) -> Self {
        let envelope = match &rejection {
            JsonRejection::MissingJsonContentType(_) => DispatchError::InvalidParam {
                param: "content-type".into(),
                reason: "the body is JSON: send `content-type: application/json`".into(),
            }
            .envelope(),
            _ => deserialize_failure(
                rejection.status(),
                &rejection.body_text(),
                &rejection,
                "body",
            ),
        };
        HttpError::from_own_envelope(envelope)
    }
}

impl From<QueryRejection> for HttpError {
    fn from(rejection: QueryRejection) -> Self {
        HttpError::from_own_envelope(deserialize_failure(
            rejection.status(),
            &rejection.body_text(),
            &rejection,
            "query string",
        ))
    }
}

impl From<PathRejection> for HttpError {
    fn from(rejection: PathRejection) -> Self {
        let param = match &rejection {
            PathRejection::FailedToDeserializePathParams(failure) => path_param(failure),
            _ => None,
        };
        let status = rejection.status();
        let message = rejection.body_text();
        HttpError::from_own_envelope(match param {
            Some(param) if !status.is_server_error() => DispatchError::InvalidParam {
                param,
                reason: message,
            }
            .envelope(),
            _ => deserialize_failure(status, &message, &rejection, "path"),
        })
    }
}

/// The parameter a path rejection names, when it names one.
fn path_param(failure: &FailedToDeserializePathParams) -> Option<String> {
    use ::axum::extract::path::ErrorKind;
    match failure.kind() {
        ErrorKind::ParseErrorAtKey { key, .. }
        | ErrorKind::InvalidUtf8InPathParam { key }
        | ErrorKind::DeserializeError { key, .. } => Some(key.clone()),
        _ => None,
    }
}

/// A body, query string or path that did not deserialize. axum's extractors keep
/// serde's error with the path to the failing field; the field is the `param`.
fn deserialize_failure(
    status: StatusCode,
    message: &str,
    rejection: &(dyn Error + 'static),
    whole: &str,
) -> Envelope {
    if status.is_server_error() {
        return InternalError::new(rejection).into_envelope();
    }
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return Envelope::from_kind("content_too_large", message.to_owned());
    }
    type JsonFailure = serde_path_to_error::Error<serde_json::Error>;
    type TextFailure = serde_path_to_error::Error<serde::de::value::Error>;
    let from_sources =
        std::iter::successors(Some(rejection), |&error| error.source()).find_map(|error| {
            if let Some(failure) = error.downcast_ref::<JsonFailure>() {
                return Some(json_failure(failure, whole));
            }
            error.downcast_ref::<TextFailure>().map(|failure| {
                field_failure(
                    &failure.path().to_string(),
                    &failure.inner().to_string(),
                    whole,
                )
            })
        });
    from_sources
        .unwrap_or_else(|| DispatchError::InvalidParam {
            param: whole.to_owned(),
            reason: message.to_owned(),
        })
        .envelope()
}

/// The fallback for a path no route serves: `route_not_found`.
pub async fn route_not_found(method: Method, uri: Uri) -> HttpError {
    HttpError::from_own_envelope(Envelope::from_kind(
        "route_not_found",
        format!("no route serves `{method} {}`", uri.path()),
    ))
}

/// The fallback for a method the route does not serve: `method_not_allowed`
/// (405), a kind of this surface's own. axum adds the `Allow` header.
pub async fn method_not_allowed(method: Method, uri: Uri) -> HttpError {
    let classification = Classification {
        origin: Origin::Validation,
        action: RecoveryAction::ReviseAndRetry,
        same_arguments: SameArguments::Never,
        side_effects: SideEffects::NoneExpected,
        status: StatusCode::METHOD_NOT_ALLOWED.as_u16(),
        log_level: LogLevel::Warn,
    };
    let message = format!(
        "`{}` does not serve `{method}`; the `Allow` header lists the methods it serves",
        uri.path()
    );
    match Envelope::new_kind("method_not_allowed", classification, message.clone()) {
        Ok(envelope) => HttpError::from_own_envelope(envelope),
        // Only if the vocabulary ever adopts the kind; it then has a classification.
        Err(_) => HttpError::from_own_envelope(Envelope::from_kind("method_not_allowed", message)),
    }
}

/// `router` with [`route_not_found`] and [`method_not_allowed`] as its fallbacks.
/// Call it after the routes are added: axum applies the method fallback to the
/// routes the router has.
pub fn envelope_fallbacks<S>(router: Router<S>) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    router
        .fallback(route_not_found)
        .method_not_allowed_fallback(method_not_allowed)
}
