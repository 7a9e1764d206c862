//! A [`CallContext`] as a tower layer: the context of the route (merged with the
//! contexts of the layers around it) is held in a task-local while the route
//! runs, and every [`HttpError`](super::HttpError) turned into a response inside
//! it is stamped with it.

use std::task::{Context, Poll};

use tokio::task::futures::TaskLocalFuture;
use tower_layer::Layer;
use tower_service::Service;

use crate::{CallContext, Envelope};

tokio::task_local! {
    static ROUTE_CONTEXT: CallContext;
}

/// `router.layer(CallContext::new().service("search"))` or
/// `.route_layer(...)`: every error response inside gets the context.
impl<S> Layer<S> for CallContext {
    type Service = CallContextService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        CallContextService {
            context: self.clone(),
            inner,
        }
    }
}

/// The service a [`CallContext`] layer wraps around a route.
#[derive(Clone, Debug)]
pub struct CallContextService<S> {
    context: CallContext,
    inner: S,
}

impl<S, Request> Service<Request> for CallContextService<S>
where
    S: Service<Request>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = TaskLocalFuture<CallContext, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let context = ROUTE_CONTEXT
            .try_with(|outer| self.context.within(outer))
            .unwrap_or_else(|_| self.context.clone());
        ROUTE_CONTEXT.scope(context, self.inner.call(request))
    }
}

/// `envelope` with the context of the route that is running, if any.
pub(super) fn stamp_current(envelope: Envelope) -> Envelope {
    match ROUTE_CONTEXT.try_with(CallContext::clone) {
        Ok(context) => context.stamp(envelope),
        Err(_) => envelope,
    }
}
