//! The derive in a `#![no_std]` crate with `alloc`, under the lint test's settings
//! (`cargo clippy --all-targets` runs pedantic and nursery here too): the generated
//! code names `::core` and error-core, never `::std`. `std` is linked under another
//! name only for the test harness; `::std` does not resolve in this file.
#![no_std]
#![deny(
    warnings,
    unused_qualifications,
    missing_docs,
    clippy::all,
    clippy::pedantic,
    clippy::nursery
)]

extern crate alloc;
extern crate std as host;

use alloc::boxed::Box;
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
        /// The device.
        #[agent(context = "resource")]
        device: String,
        /// What the driver said.
        #[agent(cause)]
        detail: Option<String>,
        /// How many calls wait.
        #[agent(extra)]
        queue: u32,
        /// How long to wait.
        #[agent(retry_after_ms)]
        wait: Duration,
    },
    /// Through another error.
    #[agent(transparent)]
    Inner(Box<Inner>),
    /// A message that shows a `&'static str` field alone.
    #[agent(kind = "not_found", message = "no `{device}` here")]
    Missing {
        /// The device.
        #[agent(context = "resource")]
        device: &'static str,
    },
}

/// A struct with its own kind.
#[derive(Debug, AgentError)]
#[agent(kind = "timeout", message = "timed out")]
pub struct Inner;

#[test]
fn a_no_std_crate_derives() {
    let busy = DeviceError::Busy {
        device: String::from("uart0"),
        detail: None,
        queue: 3,
        wait: Duration::from_nanos(1),
    };
    assert_eq!(busy.envelope().message(), "`uart0` is busy");
    assert_eq!(busy.recovery().retry_after_ms, Some(1));
    assert_eq!(DeviceError::Inner(Box::new(Inner)).kind(), "timeout");
    assert_eq!(DeviceError::kind_catalog().len(), 3);
    let missing = DeviceError::Missing { device: "spi1" };
    assert_eq!(missing.envelope().message(), "no `spi1` here");
    assert_eq!(missing.envelope().message(), "no `spi1` here");
    let _ = host::format!("{busy:?}");
}
