//! kappa's SV-COMP and Test-Comp front: task definitions and property files ([`task`],
//! [`property`]), the trace of a counterexample ([`trace`]), violation and correctness
//! witnesses ([`witness`]), execution-based witness validation ([`validate`]).

pub mod invariants;
pub mod property;
pub mod task;
pub mod testcomp;
pub mod trace;
pub mod validate;
pub mod witness;

pub use property::{MemSafety, Property, Verdict};
pub use task::{Task, TaskProperty};
