//! The extension point of compact symbolic execution: loop templates (Algorithm 1 of the ATVA
//! 2013 paper computes them; Algorithm 2, lines 9–16, applies them). Classic symbolic execution
//! uses [`NoTemplates`].

use crate::engine::Engine;
use crate::state::State;

/// A successor produced by a template: the state, a label for the tree, and whether the solver
/// could not decide it (a failed leaf).
pub struct TemplateSucc {
    pub state: State,
    pub label: String,
}

/// What applying templates at a state gave.
pub enum Applied {
    /// No template at this location (or none chosen): execute it classically.
    None,
    /// The successors of the state (Algorithm 2, lines 14–16), already checked feasible, and the
    /// number of failed leaves.
    Succs(Vec<TemplateSucc>, u64),
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
