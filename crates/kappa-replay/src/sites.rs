//! The input and error sites of a lowered program, found on its IR: every edge that reads an
//! input (`Op::Nondet`, nondet-initialised `Op::Alloc`) and every edge into an error location
//! that replay observes by instrumentation (`reach_error`, `__assert_fail`, body-less `assert`).
//! Test inputs refer to input sites by their byte offset in the preprocessed text, their kind
//! and their name ([`input_key`]).

use crate::lex::ident_at;
use kappa_ir::testcase::InputKind;
use kappa_ir::*;

/// How replay feeds one input site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// `__VERIFIER_nondet_X()`: the callee is replaced.
    Nondet { callee: String, ctype: CType },
    /// A scalar local without initialiser: an initialiser is inserted after its name.
    Uninit { var: String, ctype: CType },
    /// An uninitialised local aggregate (or address-taken scalar): a fill is inserted after its
    /// declarator.
    Fill { var: String },
    /// `malloc`: the callee is replaced by one that fills the block.
    Malloc,
    /// `realloc` or `reallocarray`: the callee is replaced by one that fills the new block's
    /// bytes past the old block's size.
    Realloc { callee: String },
    /// `alloca` (or `__builtin_alloca`, which `<alloca.h>` makes of it): the call is replaced by
    /// one in the same function's frame that fills the block.
    Alloca,
    /// Memory the program overwrites before reading it (parameter copies, temporaries): the
    /// test may list it, the harness skips it.
    Ignored,
}

/// How an error site is instrumented.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ErrForm {
    /// `reach_error()` / `__VERIFIER_error()`: the callee is replaced.
    Call(String),
    /// `__assert_fail(…)` and its relatives: the callee is replaced, the arguments kept.
    AssertFail(String),
    /// A body-less `assert(c)` / `__VERIFIER_assert(c)`: replaced by a check of `c`.
    Check(String),
}

#[derive(Clone, Debug)]
pub(crate) struct ErrorSite {
    pub kind: ErrorKind,
    pub span: Span,
    pub form: ErrForm,
}

/// What an input-reading edge reads, if it reads one: kind, name and role.
pub(crate) fn input_of_edge(prog: &Program, func: &Function, edge: &Edge) -> Option<(InputKind, String, Role)> {
    match &edge.op {
        Op::Nondet { dst, origin: NondetOrigin::Call { name } } => {
            let ctype = prog.var(*dst).ctype.clone();
            Some((InputKind::Nondet, name.clone(), Role::Nondet { callee: name.clone(), ctype }))
        }
        Op::Nondet { dst, origin: NondetOrigin::Uninit { var } } => {
            if var.starts_with("return value of ") {
                // A function that ends without `return`: its value is an input of the symbolic
                // run but cannot be fed to the compiled program. When no caller uses it (the
                // usual case, and the only defined one: C11 6.9.1p12) it changes nothing; when
                // one does, the compiled program's own value decides, and a different outcome
                // shows as a replay mismatch, never as a confirmation.
                return Some((InputKind::Uninit, var.clone(), Role::Ignored));
            }
            let ctype = prog.var(*dst).ctype.clone();
            Some((InputKind::Uninit, var.clone(), Role::Uninit { var: var.clone(), ctype }))
        }
        Op::Alloc { target: AllocTarget::Slot(o), init: AllocInit::Nondet, .. } => {
            let obj = prog.obj(*o);
            if edge.span == func.span || obj.name.starts_with('$') {
                return Some((InputKind::Memory, obj.name.clone(), Role::Ignored));
            }
            let var = source_name(&prog.source, edge.span.offset as usize, &obj.name);
            Some((InputKind::Memory, var.clone(), Role::Fill { var }))
        }
        Op::Alloc { target: AllocTarget::Fresh(_), region, init: AllocInit::Nondet, .. } => match region {
            // The front-end allocates realloc's new block at the program's call (its bytes past
            // the old size are inputs); the test names it as malloc's.
            Region::Heap
                if matches!(ident_at(&prog.source, edge.span.offset as usize), Some("realloc" | "reallocarray")) =>
            {
                let callee = ident_at(&prog.source, edge.span.offset as usize).unwrap_or("realloc").to_string();
                Some((InputKind::Memory, "malloc".into(), Role::Realloc { callee }))
            }
            Region::Heap => Some((InputKind::Memory, "malloc".into(), Role::Malloc)),
            Region::Stack => Some((InputKind::Memory, "alloca".into(), Role::Alloca)),
        },
        _ => None,
    }
}

/// The name a local has in the source: the printed name may carry a `.N` suffix that makes it
/// unique in its function.
fn source_name(text: &str, offset: usize, printed: &str) -> String {
    if let Some(id) = ident_at(text, offset) {
        if printed == id || printed.strip_prefix(id).is_some_and(|r| r.starts_with('.')) {
            return id.to_string();
        }
    }
    match printed.rsplit_once('.') {
        Some((base, n)) if !base.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => base.to_string(),
        _ => printed.to_string(),
    }
}

/// The key test inputs are matched by.
pub(crate) fn input_key(kind: InputKind, offset: u32, name: &str) -> (u32, u8, String) {
    let k = match kind {
        InputKind::Nondet => 0,
        InputKind::Uninit => 1,
        InputKind::Memory => 2,
        InputKind::Param => 3,
    };
    (offset, k, name.to_string())
}

pub(crate) const REACH_FUNCS: [&str; 2] = ["reach_error", "__VERIFIER_error"];
pub(crate) const ASSERT_FUNCS: [&str; 5] =
    ["__assert_fail", "__assert_rtn", "__assert", "_assert", "__assert_perror_fail"];

/// The error site an error location is, if replay instruments it. The location's span is the
/// call's (edges into it may be contracted branches with the condition's span).
pub(crate) fn error_of_loc(prog: &Program, info: &LocInfo) -> Option<ErrorSite> {
    let LocKind::Error { kind, .. } = &info.kind else { return None };
    let span = info.span;
    if !span.is_known() {
        return None;
    }
    let id = ident_at(&prog.source, span.offset as usize)?;
    let form = match kind {
        ErrorKind::ReachError if REACH_FUNCS.contains(&id) => ErrForm::Call(id.into()),
        ErrorKind::ReachError if id == "__VERIFIER_assert" => ErrForm::Check(id.into()),
        ErrorKind::Assert if ASSERT_FUNCS.contains(&id) => ErrForm::AssertFail(id.into()),
        ErrorKind::Assert if id == "assert" => ErrForm::Check(id.into()),
        _ => return None,
    };
    Some(ErrorSite { kind: *kind, span, form })
}
