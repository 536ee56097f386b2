//! The flowgraph IR. Following section 3 of the ATVA 2013 compact symbolic execution paper, a
//! function is a flowgraph: locations, and edges labelled with exactly one operation each
//! (assignment, branch condition, call, return, memory operation). Error checks are ordinary
//! guarded edges into error locations, so an engine explores them like any other branch.

use crate::expr::Expr;
use crate::types::{CType, DataModel, StructDef, Ty};
use std::fmt;

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident, $prefix:literal) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

id_type!(
    /// A variable (register): a scalar global, parameter, local or temporary whose address is
    /// never taken. Indexes [`Program::vars`].
    VarId, "v"
);
id_type!(
    /// A memory object known statically: a global in memory, a string literal, or a local memory
    /// slot (instantiated once per frame). Indexes [`Program::objects`].
    ObjId, "o"
);
id_type!(
    /// Indexes [`Program::functions`].
    FuncId, "f"
);
id_type!(
    /// A location of one function's flowgraph.
    Loc, "L"
);
id_type!(
    /// An edge of one function's flowgraph.
    EdgeId, "e"
);

/// A source position. `file` indexes [`Program::files`]; line and column are 1-based; a span
/// with `line == 0` is unknown. `offset..end` are byte offsets of the construct in
/// [`Program::source`], the preprocessed text: replay instruments the program there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Span {
    pub file: u32,
    pub line: u32,
    pub col: u32,
    pub offset: u32,
    pub end: u32,
}

impl Span {
    pub fn is_known(&self) -> bool {
        self.line != 0
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VarInfo {
    pub name: String,
    pub ty: Ty,
    pub ctype: CType,
    pub kind: VarKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum VarKind {
    /// A global (or static local) scalar; lives for the whole run.
    Global,
    /// A parameter of the given function.
    Param(FuncId),
    /// A declared local of the given function.
    Local(FuncId),
    /// A temporary introduced by the lowering.
    Temp(FuncId),
    /// The return value of a function: written by `Return` edges.
    Ret(FuncId),
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ObjInfo {
    pub name: String,
    pub ctype: CType,
    pub kind: ObjKind,
    /// Size in bytes; `None` for a variable-length local, whose [`Op::Alloc`] carries the size.
    pub size: Option<u64>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ObjKind {
    /// A global or static local in memory, initialised before `main` runs.
    Global { init: Vec<InitItem> },
    /// A string literal: read-only; `bytes` include the terminating NUL.
    StringLit { bytes: Vec<u8> },
    /// A local memory slot of the function: address-taken scalars, arrays, structs, VLAs.
    /// Allocated by an [`Op::Alloc`] at its declaration, freed when the frame is popped.
    Local(FuncId),
    /// The address of a function whose address the program takes: a read-only object of one
    /// byte, so that function pointers are pointers like any other (stored, compared, cast).
    /// A call through a pointer is lowered to a choice among these objects (the front-end's
    /// indirect call, as CBMC removes function pointers), so no backend calls through memory.
    Function(FuncId),
}

/// One initialised scalar inside a global object; all other bytes are zero.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct InitItem {
    pub offset: u64,
    /// `Int`, `Null`, `AddrOf` or `PtrAdd(AddrOf, Int)`.
    pub value: Expr,
}

/// Initial value of a global variable (register).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GlobalInit {
    pub var: VarId,
    pub value: Expr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum ErrorKind {
    /// A call to `reach_error()` or `__VERIFIER_error()`.
    ReachError,
    /// A failed `assert` (or a call to `__assert_fail`).
    Assert,
    DivByZero,
    /// Signed `MIN / -1` or `MIN % -1`: undefined, and a trap on x86.
    DivOverflow,
    OutOfBounds,
    NullDeref,
    /// Access to freed memory, a dead stack object, or a write into a string literal.
    InvalidDeref,
    InvalidFree,
    /// Signed integer arithmetic whose result does not fit its type (checked only with the
    /// front-end's `overflow_checks`, for SV-COMP's `no-overflow`).
    Overflow,
    /// A heap block no pointer refers to any more while it is still allocated, found when the
    /// program terminates (SV-COMP's `valid-memtrack`).
    MemoryLeak,
    /// A heap block still allocated when the program terminates (SV-COMP's
    /// `valid-memcleanup`).
    MemoryNotFreed,
    /// A variable-length array whose length evaluates to 0 or less (C11 6.7.6.2p5: undefined).
    VlaBound,
    /// A shift by an amount outside `0 .. width-1` of the promoted left operand (C11 6.5.7p3:
    /// undefined; x86 takes the amount modulo the width, SMT-LIB's shift gives 0). A signed
    /// `<<` so is an `Overflow` under the front-end's `overflow_checks` instead.
    ShiftAmount,
    /// A loop head reached twice on one path in the same state (a lasso): repeating the
    /// iterations in between, with the same nondet values, never ends (SV-COMP's
    /// `termination`). Never an error location of the IR: the engine finds it.
    NonTermination,
}

impl ErrorKind {
    /// `reach_error()` and a failed `assert`: the verification errors, which end the real
    /// program (SV-COMP's `reach_error` and glibc's `__assert_fail` abort it).
    pub fn aborts_program(self) -> bool {
        matches!(self, ErrorKind::ReachError | ErrorKind::Assert)
    }

    /// The name used in statistics, tests and messages (SPEC.md).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::ReachError => "reach_error",
            ErrorKind::Assert => "assert",
            ErrorKind::DivByZero => "div_by_zero",
            ErrorKind::DivOverflow => "div_overflow",
            ErrorKind::OutOfBounds => "out_of_bounds",
            ErrorKind::NullDeref => "null_deref",
            ErrorKind::InvalidDeref => "invalid_deref",
            ErrorKind::InvalidFree => "invalid_free",
            ErrorKind::Overflow => "overflow",
            ErrorKind::MemoryLeak => "memory_leak",
            ErrorKind::MemoryNotFreed => "memory_not_freed",
            ErrorKind::VlaBound => "vla_bound",
            ErrorKind::ShiftAmount => "shift_amount",
            ErrorKind::NonTermination => "non_termination",
        }
    }

    pub fn all() -> [ErrorKind; 14] {
        use ErrorKind::*;
        [
            ReachError,
            Assert,
            DivByZero,
            DivOverflow,
            OutOfBounds,
            NullDeref,
            InvalidDeref,
            InvalidFree,
            Overflow,
            MemoryLeak,
            MemoryNotFreed,
            VlaBound,
            ShiftAmount,
            NonTermination,
        ]
    }
}

impl std::str::FromStr for ErrorKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        ErrorKind::all().into_iter().find(|k| k.name() == s).ok_or_else(|| format!("unknown error kind `{s}`"))
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LocKind {
    Normal,
    /// The function's single exit; reached only through `Return` edges.
    Exit,
    /// An error location: a sink. Reaching it is the error.
    Error {
        kind: ErrorKind,
        message: String,
    },
    /// The program stopped through `exit()` or `abort()`: a sink.
    Halt,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LocInfo {
    pub kind: LocKind,
    pub span: Span,
}

/// Where a nondeterministic value comes from; tests record inputs by origin.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum NondetOrigin {
    /// `__VERIFIER_nondet_X()`; `name` is the function called.
    Call { name: String },
    /// The value of a local declared without initialiser (arbitrary in C, nondet in SV-COMP).
    Uninit { var: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Region {
    /// Freed when the frame that allocated it returns (locals, VLAs, `alloca`).
    Stack,
    /// Freed by `free` (`malloc`, `calloc`).
    Heap,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AllocInit {
    /// Contents arbitrary: uninitialised locals are nondet inputs, malloc'd memory too.
    Nondet,
    Zero,
}

/// What an allocation produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AllocTarget {
    /// (Re)creates the frame's instance of a local memory slot; a previous instance dies.
    Slot(ObjId),
    /// Creates a fresh anonymous object and stores its address in the variable.
    Fresh(VarId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum HaltKind {
    Exit,
    Abort,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum OutputKind {
    /// `printf(fmt, args…)`; the first argument is the format pointer.
    Printf,
    /// `puts(s)`.
    Puts,
    /// `putchar(c)`.
    Putchar,
}

/// The single operation labelling an edge.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Op {
    /// No effect (control-flow joins, `goto`).
    Skip,
    /// The edge may be taken only when the condition holds: branch conditions, `assume`, the
    /// guards of error checks. A state for which it is false does not take the edge.
    Assume(Expr),
    Assign {
        dst: VarId,
        value: Expr,
    },
    /// A fresh arbitrary value of the variable's type.
    Nondet {
        dst: VarId,
        origin: NondetOrigin,
    },
    /// Reads a value of `dst`'s type from memory at `ptr`; the checks guarding it are earlier
    /// edges.
    Load {
        dst: VarId,
        ptr: Expr,
    },
    Store {
        ptr: Expr,
        value: Expr,
    },
    /// Copies `size` bytes (struct assignment, by-value struct parameters).
    MemCopy {
        dst: Expr,
        src: Expr,
        size: Expr,
    },
    Alloc {
        target: AllocTarget,
        region: Region,
        size: Expr,
        init: AllocInit,
    },
    /// Frees a heap object; the guard `Freeable(ptr)` is an earlier edge.
    Free {
        ptr: Expr,
    },
    /// Calls a function with a body. `dst` receives the return value.
    Call {
        dst: Option<VarId>,
        func: FuncId,
        args: Vec<Expr>,
    },
    /// Leaves the function; always an edge into its exit location.
    Return(Option<Expr>),
    /// `exit(code)` or `abort()`: the whole program stops; an edge into a halt location.
    Halt {
        kind: HaltKind,
        code: Option<Expr>,
    },
    /// Output the concrete interpreter performs and symbolic execution ignores. `dst` receives
    /// the C return value where the program uses it.
    Output {
        kind: OutputKind,
        args: Vec<Expr>,
        dst: Option<VarId>,
    },
}

impl Op {
    /// The variable the operation writes, if any.
    pub fn def(&self) -> Option<VarId> {
        match self {
            Op::Assign { dst, .. } | Op::Nondet { dst, .. } | Op::Load { dst, .. } => Some(*dst),
            Op::Alloc { target: AllocTarget::Fresh(v), .. } => Some(*v),
            Op::Call { dst, .. } | Op::Output { dst, .. } => *dst,
            _ => None,
        }
    }

    /// Redirects the write of the operation to another variable of the same type.
    pub fn set_def(&mut self, v: VarId) {
        match self {
            Op::Assign { dst, .. } | Op::Nondet { dst, .. } | Op::Load { dst, .. } => *dst = v,
            Op::Alloc { target: AllocTarget::Fresh(d), .. } => *d = v,
            Op::Call { dst, .. } | Op::Output { dst, .. } => *dst = Some(v),
            _ => {}
        }
    }

    /// The expressions the operation evaluates.
    pub fn exprs(&self) -> Vec<&Expr> {
        match self {
            Op::Skip | Op::Nondet { .. } | Op::Return(None) => Vec::new(),
            Op::Assume(e)
            | Op::Assign { value: e, .. }
            | Op::Load { ptr: e, .. }
            | Op::Free { ptr: e }
            | Op::Return(Some(e)) => {
                vec![e]
            }
            Op::Store { ptr, value } => vec![ptr, value],
            Op::MemCopy { dst, src, size } => vec![dst, src, size],
            Op::Alloc { size, .. } => vec![size],
            Op::Call { args, .. } | Op::Output { args, .. } => args.iter().collect(),
            Op::Halt { code, .. } => code.iter().collect(),
        }
    }

    /// Calls `f` on every variable the operation reads.
    pub fn for_each_use(&self, f: &mut dyn FnMut(VarId)) {
        for e in self.exprs() {
            e.for_each_var(f);
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Edge {
    pub src: Loc,
    pub dst: Loc,
    pub op: Op,
    pub span: Span,
}

#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Function {
    pub name: String,
    pub id: FuncId,
    pub params: Vec<VarId>,
    /// The variable `Return` edges write, if the function returns a scalar.
    pub ret: Option<VarId>,
    pub ctype: Option<CType>,
    /// Registers owned by this function (params, locals, temporaries, return variable).
    pub vars: Vec<VarId>,
    /// Local memory slots of this function.
    pub slots: Vec<ObjId>,
    pub locs: Vec<LocInfo>,
    pub edges: Vec<Edge>,
    pub entry: Loc,
    pub exit: Loc,
    pub span: Span,
    /// Parameters (0-based) declared `__attribute__((nonnull))` or `nonnull(i, …)`: callers
    /// never pass null (for the entry function: its input references are not null).
    pub nonnull_params: Vec<usize>,
    /// Outgoing and incoming edges per location, filled by [`Function::index_edges`] (not
    /// serialised: a reader calls it).
    #[serde(skip)]
    pub out: Vec<Vec<EdgeId>>,
    #[serde(skip)]
    pub inc: Vec<Vec<EdgeId>>,
}

impl Function {
    pub fn loc(&self, l: Loc) -> &LocInfo {
        &self.locs[l.index()]
    }

    pub fn edge(&self, e: EdgeId) -> &Edge {
        &self.edges[e.index()]
    }

    pub fn out_edges(&self, l: Loc) -> &[EdgeId] {
        &self.out[l.index()]
    }

    pub fn in_edges(&self, l: Loc) -> &[EdgeId] {
        &self.inc[l.index()]
    }

    pub fn loc_ids(&self) -> impl Iterator<Item = Loc> + '_ {
        (0..self.locs.len() as u32).map(Loc)
    }

    pub fn edge_ids(&self) -> impl Iterator<Item = EdgeId> + '_ {
        (0..self.edges.len() as u32).map(EdgeId)
    }

    /// Rebuilds the adjacency lists after edges changed.
    pub fn index_edges(&mut self) {
        self.out = vec![Vec::new(); self.locs.len()];
        self.inc = vec![Vec::new(); self.locs.len()];
        for (i, e) in self.edges.iter().enumerate() {
            self.out[e.src.index()].push(EdgeId(i as u32));
            self.inc[e.dst.index()].push(EdgeId(i as u32));
        }
    }

    /// Error, halt and exit locations have no successors.
    pub fn is_sink(&self, l: Loc) -> bool {
        !matches!(self.loc(l).kind, LocKind::Normal)
    }
}

#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Program {
    pub data_model: DataModel,
    /// Source files; [`Span::file`] indexes this.
    pub files: Vec<String>,
    pub structs: Vec<StructDef>,
    pub vars: Vec<VarInfo>,
    pub objects: Vec<ObjInfo>,
    pub functions: Vec<Function>,
    /// Initial values of global variables (registers); globals not listed start at zero.
    pub globals: Vec<GlobalInit>,
    /// The function named `main`, if there is one.
    pub main: Option<FuncId>,
    /// The preprocessed text the program was lowered from (spans point into it).
    pub source: String,
    /// What the program uses without defining it, for a linker to resolve (`kappa-libc`); empty
    /// in a program ready to run.
    pub imports: Vec<Import>,
    /// Functions that come from a library linked into the program (the C library model) rather
    /// than from its source; errors inside them are reported at the program's call.
    pub library_functions: Vec<FuncId>,
    /// `reach_error` / `__VERIFIER_error` when the program defines them with a body that calls
    /// nothing that ends the program: the call is the error of unreach-call, but under other
    /// properties the real program goes on after it.
    pub returning_error_functions: Vec<String>,
    /// The translation units of a program of several files (`kappa run a.c b.c`), in the order
    /// they were given: each unit's part of [`Program::source`]. Empty for a program of one file.
    pub units: Vec<SourceUnit>,
    /// Edges that are copies of another function's edges (a callee inlined into a loop by
    /// compact mode): copy → original. Coverage counts a copy as its original, so that a
    /// program's branches, lines and functions are the same in every mode. Not serialised (the
    /// serialised program is the C library model, lowered, in which it is empty).
    #[serde(skip)]
    pub edge_origin: std::collections::BTreeMap<(FuncId, EdgeId), (FuncId, EdgeId)>,
}

/// One translation unit of a program of several files: its file as given to the preprocessor
/// and the byte range of its preprocessed text in [`Program::source`]. Replay compiles each
/// range as a translation unit of its own and links them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SourceUnit {
    pub file: String,
    pub start: u32,
    pub end: u32,
}

/// A function or global the program declares and uses but does not define. An imported
/// function is a [`Function`] without locations until linked; an imported global is an object
/// without initialiser.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Import {
    Function(FuncId),
    Object(ObjId),
}

impl Program {
    pub fn var(&self, v: VarId) -> &VarInfo {
        &self.vars[v.index()]
    }

    pub fn obj(&self, o: ObjId) -> &ObjInfo {
        &self.objects[o.index()]
    }

    pub fn func(&self, f: FuncId) -> &Function {
        &self.functions[f.index()]
    }

    /// Whether the function was linked in from a library (see [`Program::library_functions`]).
    pub fn is_library(&self, f: FuncId) -> bool {
        self.library_functions.contains(&f)
    }

    pub fn func_by_name(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }

    pub fn ptr_bits(&self) -> u32 {
        self.data_model.ptr_bits()
    }

    pub fn var_ty(&self, v: VarId) -> Ty {
        self.vars[v.index()].ty
    }

    pub fn expr_ty(&self, e: &Expr) -> Ty {
        e.ty(&|v| self.var_ty(v), self.ptr_bits())
    }

    /// `file:line:col`, or `?` for an unknown span.
    pub fn fmt_span(&self, s: Span) -> String {
        if !s.is_known() {
            return "?".into();
        }
        let file = self.files.get(s.file as usize).map(String::as_str).unwrap_or("?");
        format!("{file}:{}:{}", s.line, s.col)
    }

    /// Variables of global lifetime.
    pub fn global_vars(&self) -> impl Iterator<Item = VarId> + '_ {
        self.vars.iter().enumerate().filter(|(_, v)| v.kind == VarKind::Global).map(|(i, _)| VarId(i as u32))
    }

    pub fn layout(&self) -> crate::types::Layout<'_> {
        crate::types::Layout { dm: self.data_model, structs: &self.structs }
    }
}
