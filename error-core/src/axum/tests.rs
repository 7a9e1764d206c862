//! The HTTP surface, driven through a router without a socket (the demo service's
//! tests drive a real one).

use ::axum::Router;
use ::axum::body::{Body, to_bytes};
use ::axum::http::{Request, StatusCode};
use ::axum::response::{IntoResponse, Response};
use ::axum::routing::{get, post};
use serde_json::Value;
use tower::ServiceExt as _;

use super::{HttpError, Json, Path, Query, envelope_fallbacks, retry_after_seconds};
use crate::{CallContext, DispatchError, Envelope};

#[derive(Debug, serde::Deserialize)]
struct Search {
    #[expect(dead_code, reason = "only its deserializing is tested")]
    query: String,
    #[serde(default)]
    limit: u32,
}

async fn search_body(Json(search): Json<Search>) -> Result<String, HttpError> {
    Ok(search.limit.to_string())
}

async fn search_query(Query(search): Query<Search>) -> Result<String, HttpError> {
    Ok(search.limit.to_string())
}

#[derive(serde::Deserialize)]
struct Item {
    id: u32,
}

async fn item(Path(item): Path<Item>) -> Result<String, HttpError> {
    Ok(item.id.to_string())
}

async fn rate_limited() -> Result<String, HttpError> {
    Err(Envelope::from_kind("rate_limited", "slow down").with_retry_after_ms(1001))?
}

async fn crashed() -> Result<String, HttpError> {
    let error: Box<dyn std::error::Error + Send + Sync> = "the index is corrupt".into();
    Err(error)?
}

fn app() -> Router {
    envelope_fallbacks(
        Router::new()
            .route("/search", post(search_body).get(search_query))
            .route("/items/{id}", get(item))
            .route(
                "/limited",
                get(rate_limited).route_layer(CallContext::new().action("limited")),
            )
            .route("/crash", get(crashed))
            .layer(CallContext::new().service("test-api").action("outer")),
    )
}

async fn call(request: Request<Body>) -> (Response<()>, Vec<u8>) {
    let response = app().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let body = to_bytes(body, usize::MAX).await.unwrap().to_vec();
    (Response::from_parts(parts, ()), body)
}

async fn envelope_of(request: Request<Body>) -> (StatusCode, Value) {
    let (response, body) = call(request).await;
    assert_eq!(response.headers()["content-type"], "application/json");
    (response.status(), serde_json::from_slice(&body).unwrap())
}

fn get_request(uri: &str) -> Request<Body> {
    Request::get(uri).body(Body::empty()).unwrap()
}

fn json_post(uri: &str, body: &'static str) -> Request<Body> {
    Request::post(uri)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap()
}

#[test]
fn retry_after_is_whole_seconds_rounded_up() {
    assert_eq!(retry_after_seconds(0), 0);
    assert_eq!(retry_after_seconds(1), 1);
    assert_eq!(retry_after_seconds(1000), 1);
    assert_eq!(retry_after_seconds(1001), 2);
    assert_eq!(retry_after_seconds(u64::MAX), u64::MAX / 1000 + 1);
}

#[tokio::test]
async fn the_body_is_the_serialized_envelope_and_the_route_context_is_stamped() {
    let (response, body) = call(get_request("/limited")).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(response.headers()["retry-after"], "2");
    let expected = CallContext::new()
        .service("test-api")
        .action("limited")
        .stamp(Envelope::from_kind("rate_limited", "slow down").with_retry_after_ms(1001));
    assert_eq!(body, serde_json::to_vec(&expected).unwrap());
}

#[tokio::test]
async fn an_error_that_is_not_an_agent_error_is_an_internal_error() {
    let (status, envelope) = envelope_of(get_request("/crash")).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(envelope["kind"], "internal_error");
    assert_eq!(envelope["message"], "the index is corrupt");
    assert_eq!(envelope["service"], "test-api");
    assert_eq!(envelope["action"], "outer");
}

#[tokio::test]
async fn a_missing_body_field_is_a_missing_param() {
    let (status, envelope) = envelope_of(json_post("/search", r#"{"limit": 3}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(envelope["kind"], "missing_param");
    assert_eq!(envelope["param"], "query");
}

#[tokio::test]
async fn a_body_field_of_the_wrong_type_is_an_invalid_param() {
    let (status, envelope) =
        envelope_of(json_post("/search", r#"{"query": "x", "limit": "many"}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(envelope["kind"], "invalid_param");
    assert_eq!(envelope["param"], "limit");
}

#[tokio::test]
async fn a_body_that_is_not_json_is_an_invalid_param() {
    let (_, envelope) = envelope_of(json_post("/search", "{query")).await;
    assert_eq!(envelope["kind"], "invalid_param");
    assert_eq!(envelope["param"], "body");
    let request = Request::post("/search")
        .body(Body::from(r#"{"query": "x"}"#))
        .unwrap();
    let (_, envelope) = envelope_of(request).await;
    assert_eq!(envelope["param"], "content-type");
}

#[tokio::test]
async fn query_and_path_rejections_name_the_parameter() {
    let (_, envelope) = envelope_of(get_request("/search?limit=3")).await;
    assert_eq!(envelope["kind"], "missing_param");
    assert_eq!(envelope["param"], "query");
    let (_, envelope) = envelope_of(get_request("/search?query=x&limit=many")).await;
    assert_eq!(envelope["kind"], "invalid_param");
    assert_eq!(envelope["param"], "limit");
    let (_, envelope) = envelope_of(get_request("/items/seven")).await;
    assert_eq!(envelope["kind"], "invalid_param");
    assert_eq!(envelope["param"], "id");
}

#[tokio::test]
async fn unknown_routes_and_methods_are_envelopes() {
    let (status, envelope) = envelope_of(get_request("/nowhere")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(envelope["kind"], "route_not_found");
    let request = Request::delete("/search").body(Body::empty()).unwrap();
    let (response, body) = call(request).await;
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    let mut allowed: Vec<_> = response.headers()["allow"]
        .to_str()
        .unwrap()
        .split(',')
        .collect();
    allowed.sort_unstable();
    assert_eq!(allowed, ["GET", "HEAD", "POST"]);
    let envelope: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(envelope["kind"], "method_not_allowed");
    assert_eq!(envelope["recovery"]["action"], "revise_and_retry");
}

#[test]
fn a_handler_can_stamp_what_only_it_knows() {
    let error = HttpError::from(DispatchError::MissingParam {
        param: "query".into(),
    })
    .with_context(&CallContext::new().tool("search"));
    assert_eq!(
        error.envelope().context(crate::ContextMember::Tool),
        Some("search")
    );
    assert_eq!(
        error.into_response().status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
}
