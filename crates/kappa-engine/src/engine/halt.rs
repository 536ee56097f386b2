//! Tests for the states a limit halts: KLEE's `--dump-states-on-halt`. A run stopped by the
//! time limit, the memory cap or a state or query limit still has states whose paths reached
//! branches and lines no test covers; each such state gets a test from a model of its path
//! condition, marked `halted` (docs/spec-extensions.md, "Tests of halted paths"), within the
//! budget of [`crate::HaltTests`].

use super::*;
use crate::searcher::Searcher;

impl Engine<'_> {
    /// Writes the tests of the pending states (`first`, then the searcher's) that add coverage.
    /// Nothing after an interrupt: the solver is cancelled, and the user asked to stop now.
    pub(crate) fn dump_on_halt(&mut self, first: State, searcher: &mut dyn Searcher, reason: &str) {
        let h = self.cfg.halt_tests;
        if h.queries == 0 || self.cfg.test_dir.is_none() || kappa_solver::interrupt::requested() {
            return;
        }
        // The dump's own share of wall time, after the exploration's.
        let limit = self.cfg.limits.time;
        if let Some(t) = limit {
            self.cfg.limits.time = Some(t + h.time);
            self.solver.set_deadline(Some(self.start + t + h.time));
        }
        self.solver.set_rlimit(h.rlimit);
        let mut next = Some(first);
        while let Some(st) = next.take().or_else(|| searcher.pop()) {
            if self.halt_queries >= h.queries || self.out_of_time() {
                break;
            }
            self.halted_test(&st, reason);
        }
        self.solver.set_rlimit(self.cfg.solver_rlimit);
        self.cfg.limits.time = limit;
    }

    /// The test of one halted state, if its path adds a branch or a line to the tests written
    /// and a model is found within the budget. Returns whether a test was written.
    pub(crate) fn halted_test(&mut self, st: &State, reason: &str) -> bool {
        if st.frames.is_empty() || self.halt_queries >= self.cfg.halt_tests.queries {
            return false;
        }
        if self.cfg.tests.max.is_some_and(|m| self.tests_so_far() >= m) {
            return false;
        }
        // Loop summaries may add their iterations' items (κ ≥ 1 in the model): those need the
        // model to tell; the others are judged before any query.
        if st.coverage.summaries.is_empty() && !self.adds_to_suite(&st.coverage.items) {
            return false;
        }
        self.halt_queries += 1;
        let Some(model) = self.path_model(st) else { return false };
        let items = self.cov.path_items(st, Some(&model));
        if !self.adds_to_suite(&items) {
            return false;
        }
        let model = self.test_model(st, model);
        let Some(model) = self.checked_test_model(st, model, self.cfg.halt_tests.rlimit, &mut false) else {
            return false;
        };
        let Some(mut test) = self.make_test(st, &Termination::Abort, &model) else { return false };
        test.outcome = TestOutcome::Halted { reason: reason.to_string() };
        if self.write_test(&test).is_none() {
            return false;
        }
        self.cov.on_path_end(&items);
        self.keep_in_suite(&items);
        self.stats.tests_on_halt += 1;
        true
    }
}
