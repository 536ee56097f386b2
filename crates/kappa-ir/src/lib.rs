//! kappa's flowgraph IR.
//!
//! A [`Program`] holds globals, memory objects and functions; each [`Function`] is a flowgraph in
//! the sense of section 3 of the ATVA 2013 compact symbolic execution paper: locations, and edges
//! labelled with one [`Op`] each. Expressions ([`Expr`]) are pure; memory, calls, nondeterminism
//! and error checks are explicit edges. The C front-end (`kappa-cfront`) produces it; the
//! interpreter, the symbolic engine and the techniques consume it.

pub mod analysis;
pub mod dot;
pub mod expr;
pub mod print;
pub mod program;
pub mod testcase;
pub mod types;
mod validate;

pub use expr::{BinOp, CastOp, Expr, UnOp};
pub use program::*;
pub use types::{ArrayLen, CType, DataModel, Field, FloatKind, FuncType, IntRank, Layout, StructDef, StructId, Ty};
