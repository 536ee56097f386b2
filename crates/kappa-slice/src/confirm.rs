//! Counterexamples found on a slice, confirmed on the original program.
