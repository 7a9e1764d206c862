//! Support shared by the integration tests.
