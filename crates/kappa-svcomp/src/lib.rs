//! kappa's SV-COMP and Test-Comp front: task definitions and property files
//! ([`task`], [`property`]).

pub mod property;
pub mod task;

pub use property::{MemSafety, Property, Verdict};
pub use task::{Task, TaskProperty};
