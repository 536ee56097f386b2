//! Formulas of the algorithm: the shared vocabulary of `kappa-wlp` (IR expressions as terms,
//! one symbol per program variable, substitution and instantiation).

pub(crate) use kappa_wlp::{term_of, VarSyms};
