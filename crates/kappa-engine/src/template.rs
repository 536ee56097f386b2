//! The extension point of compact symbolic execution: loop templates (Algorithm 1 computes
//! them before exploring; Algorithm 2, lines 9–16, applies them). Classic symbolic execution
//! uses [`NoTemplates`].

use crate::report::TemplateStats;
use crate::state::State;
use kappa_ir::Program;
use kappa_solver::Solver;

pub trait TemplateProvider {
    fn name(&self) -> &'static str;

    /// Called once before exploration (template computation).
    fn prepare(&mut self, prog: &Program, solver: &mut dyn Solver, stats: &mut TemplateStats) -> Result<(), String>;

    /// The successors of `st` obtained by applying a template at its location, each with a
    /// label for the tree; `None` to execute the location classically.
    #[allow(clippy::type_complexity)]
    fn apply(
        &mut self,
        prog: &Program,
        st: &State,
        solver: &mut dyn Solver,
    ) -> Result<Option<Vec<(State, String)>>, String>;
}

/// Classic symbolic execution: no templates.
pub struct NoTemplates;

impl TemplateProvider for NoTemplates {
    fn name(&self) -> &'static str {
        "none"
    }

    fn prepare(&mut self, _prog: &Program, _solver: &mut dyn Solver, _stats: &mut TemplateStats) -> Result<(), String> {
        Ok(())
    }

    fn apply(
        &mut self,
        _prog: &Program,
        _st: &State,
        _solver: &mut dyn Solver,
    ) -> Result<Option<Vec<(State, String)>>, String> {
        Ok(None)
    }
}
