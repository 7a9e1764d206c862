//! A `#![no_std]` crate with `alloc` derives without warnings: the generated code
//! names `::core` and error-core, never `::std`. (`std` is linked under another
//! name only to give the test binary its runtime.)
#![no_std]
#![deny(
    warnings,
    unused_qualifications,
    clippy::all,
    clippy::pedantic,
    clippy::nursery
)]

extern crate alloc;
extern crate std as host;

use alloc::string::String;
use core::time::Duration;

use error_core::AgentError;

/// A subsystem's errors.
#[derive(Debug, AgentError)]
#[agent(service = "embedded")]
pub enum DeviceError {
    /// A message with a field, context, cause, extra and a wait.
    #[agent(kind = "rate_limited", message = "`{device}` is busy")]
    Busy {
        #[agent(context = "resource")]
        device: String,
        #[agent(cause)]
        detail: Option<String>,
        #[agent(extra)]
        queue: u32,
        #[agent(retry_after_ms)]
        wait: Duration,
    },
    /// Through another error.
    #[agent(transparent)]
    Inner(Inner),
}

/// A struct with its own kind.
#[derive(Debug, AgentError)]
#[agent(kind = "timeout", message = "timed out")]
pub struct Inner;

fn main() {
    let busy = DeviceError::Busy {
        device: String::from("uart0"),
        detail: None,
        queue: 3,
        wait: Duration::from_nanos(1),
    };
    assert_eq!(busy.envelope().message(), "`uart0` is busy");
    assert_eq!(busy.recovery().retry_after_ms, Some(1));
    assert_eq!(DeviceError::Inner(Inner).kind(), "timeout");
    assert_eq!(DeviceError::kind_catalog().len(), 2);
    host::println!("ok");
}
