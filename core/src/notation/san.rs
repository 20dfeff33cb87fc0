//! SAN.
