//! kappa's expressions: a hash-consed term DAG over bit-vectors of C's widths, booleans,
//! unbounded integers (for the loop parameters κ of compact symbolic execution), arrays and
//! universal quantifiers; smart constructors that simplify; evaluation under a model;
//! substitution; and symbolic memories θ and states (l, θ, φ) with their composition ◇
//! (section 3.1 of the compact symbolic execution paper).
//!
//! Terms are `Rc`-based and interned per thread: build and use them on one thread.

mod build;
pub mod eval;
pub mod export;
pub mod memory;
mod subst;
pub mod term;

pub use eval::{eval, Value, ValueKey};
pub use memory::{Frame, SymMemory, SymState};
pub use term::{mask, signed, Elem, Op, Sort, SymId, SymInfo, Term};

#[cfg(test)]
mod tests;
