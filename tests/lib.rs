//! Shared helpers for Rookery's cross-crate tests (each test file is a `[[test]]` target).

pub mod oracle_support;
