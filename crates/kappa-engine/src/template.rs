//! The extension point of compact symbolic execution: loop templates (Algorithm 1 of the ATVA
//! 2013 paper computes them; Algorithm 2, lines 9–16, applies them). Classic symbolic execution
//! uses [`NoTemplates`].

use crate::engine::Engine;
use crate::state::State;

/// A successor produced by a template: the state, a label for the tree, and what it skipped.
pub struct TemplateSucc {
    pub state: State,
    pub label: String,
    /// The edges the summary stands for, for coverage (none: nothing is counted as covered).
    pub summarised: Option<Summarised>,
}

/// What a loop summary stands for: κ iterations of a cycle's core from the state's location,
/// then the exit path (edges of the state's current function).
#[derive(Clone, Debug)]
pub struct Summarised {
    pub core: Vec<kappa_ir::EdgeId>,
    pub exit_path: Vec<kappa_ir::EdgeId>,
    /// The number of iterations (a constant when the template was applied with κ fixed).
    pub kappa: kappa_expr::Term,
}

/// What applying templates at a state gave.
pub enum Applied {
    /// No template at this location (or none chosen): execute it classically.
    None,
    /// The successors of the state (Algorithm 2, lines 14–16), already checked feasible, and the
    /// number of failed leaves.
    Succs(Vec<TemplateSucc>, u64),
    /// No template: the loop was found to end within about this many more visits of the
    /// location on this path (each cycle within that many iterations in a row), so it is
    /// executed classically and the provider is not asked again during those visits (deciding
    /// to unroll costs the state's values substituted into each template at every visit: a
    /// third of a tokenizer's run, issue 22).
    Unroll(u32),
}

pub trait TemplateProvider {
    fn name(&self) -> &'static str;

    /// Called once before exploration.
    fn prepare(&mut self, eng: &mut Engine<'_>) -> Result<(), String>;

    /// The successors of `st` by a template at its location, or [`Applied::None`].
    fn apply(&mut self, eng: &mut Engine<'_>, st: &State) -> Result<Applied, String>;
}

/// Classic symbolic execution: no templates.
pub struct NoTemplates;

impl TemplateProvider for NoTemplates {
    fn name(&self) -> &'static str {
        "none"
    }

    fn prepare(&mut self, _eng: &mut Engine<'_>) -> Result<(), String> {
        Ok(())
    }

    fn apply(&mut self, _eng: &mut Engine<'_>, _st: &State) -> Result<Applied, String> {
        Ok(Applied::None)
    }
}
