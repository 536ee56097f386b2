//! Proofs of safety for programs whose loops and recursion need invariants
//! (docs/design-proofs.md). Each technique is one module behind the engine's extension points
//! (`Searcher`, `TreeObserver`, `TemplateProvider`) or a program transformation whose complete,
//! error-free exploration is the proof; the `verify` driver in kappa-cli chooses them.

pub mod candidates;
pub mod kind;
pub mod lazy;
pub mod localize;
pub mod lseg;
pub mod summary;
