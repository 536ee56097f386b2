//! Concrete interpreter over kappa's flowgraph IR.
//!
//! It runs a lowered [`Program`] on concrete inputs, exactly as the C program compiled by gcc
//! would run (same output, same exit code), and reports how the run ended ([`Outcome`]). It
//! serves to check the front-end's lowering against gcc, and the symbolic engine's tests and test
//! replay. It never panics on any IR: a malformed IR, or one that misses a check the front-end
//! should have emitted, makes the run [`Outcome::Stuck`] with a reason.
//!
//! ```no_run
//! use kappa_interp::{run_main, Config, Outcome, VecInput};
//! fn check(prog: &kappa_ir::Program) {
//!     // `__VERIFIER_nondet_*` calls get 3, then 7.
//!     let r = run_main(prog, &mut VecInput::new(vec![3, 7]), &Config::default());
//!     assert_eq!(r.outcome, Outcome::Exit(0));
//!     print!("{}", r.output_str());
//! }
//! ```
//! For many runs of one program, build an [`Interpreter`] once (it precomputes per-program
//! tables) and call [`Interpreter::run`].
//!
//! # Values
//!
//! [`Value`]: an integer `Int { bits, width }` (bits masked to the width; signedness belongs to
//! operations), a boolean, or a pointer `Ptr { obj, off }`: an object *instance* id (0: the null
//! pointer's) and a byte offset, an unsigned pointer-width number that wraps. `null + k` is
//! instance 0 with offset k: not null, not live. Registers (IR variables) hold values; a local
//! register never written is undefined, and reading it is `Stuck`. Global registers start at the
//! constant of [`Program::globals`], or zero (`Int 0`, null).
//!
//! # Memory
//!
//! A table of instances, each with a size, bytes, a kind (global, string literal, stack, heap),
//! an alive flag and a read-only flag (string literals). At the start of a run there is one
//! instance per global object (zero-filled, then its `init` items written) and one per string
//! literal. Every run is independent.
//!
//! * `Op::Alloc { target: Slot(o) }` (re)creates the current frame's instance of slot `o` (the
//!   previous one dies; the size is the op's, whatever the op's region says the instance is a
//!   stack one); `Expr::AddrOf(o)` of a local slot is that instance at offset 0, `Stuck` if the
//!   slot has none yet. `Fresh(v)` creates an anonymous instance and assigns its address.
//!   `AllocInit::Zero` zero-fills; `Nondet` fills the bytes from the input source
//!   ([`InputSource::fill`], recorded in [`RunResult::fills`]; origin `Uninit { var }` with the
//!   slot's name, or `"malloc"` / `"alloca"` for fresh heap / stack blocks).
//! * Popping a frame kills its slot instances and its `Region::Stack` fresh instances.
//!   `Op::Free` kills a heap instance (live, offset 0; anything else is `Stuck`). Dead instances
//!   keep their size and kind (so predicates on dangling pointers stay exact) but drop their
//!   bytes.
//! * Integers are stored little-endian. A pointer is stored as its encoding (below) and recorded
//!   in the instance's *pointer shadow* (offset → pointer); any write overlapping the recorded
//!   bytes forgets it, `MemCopy` copies the recorded pointers lying wholly inside the copied
//!   range. Loading a pointer where an intact one is recorded returns it; where all bytes are
//!   zero returns null; anywhere else (bytes overwritten by integers, misaligned or partial
//!   pointers, nondet bytes) returns an *invalid pointer* `Ptr { obj: INVALID_OBJ, off: raw
//!   bits }`, which behaves like a dangling pointer (not live, not in bounds, not writable, not
//!   freeable) and stores back as the same raw bits.
//! * Encoding of a pointer into bytes, also what loading those bytes as an integer gives and what
//!   `%p` prints: `(instance << 32) + off` for 64-bit pointers, `(instance << 20) + off` for
//!   32-bit ones (wrapping; not injective, the shadow keeps the identity). Null encodes as 0.
//! * Loads and stores must be on a live instance, in bounds, and (stores) not read-only; the IR
//!   checks these before, so a violation is `Stuck` (missing check). `MemCopy` has memmove
//!   semantics; with a zero size it does nothing.
//!
//! # Expressions
//!
//! As SMT-LIB bit-vectors: `Add`/`Sub`/`Mul`/`Neg` wrap; `UDiv`/`URem` unsigned; `SDiv`/`SRem`
//! truncate toward zero; division by zero and signed `MIN / -1`, `MIN % -1` are guarded by the
//! IR, so reaching them is `Stuck`. Shift amounts are unsigned; an amount of at least the width
//! gives 0 (`Shl`, `LShr`) or the sign bits (`AShr`). `And`/`Or`/`Xor` are bitwise on integers,
//! logical on booleans (`And`/`Or` short-circuit); `Ite` evaluates only the chosen arm. Casts
//! `ZExt`/`SExt`/`Trunc` to the given width. Expressions of any depth are evaluated (deep ones
//! without native recursion). Operand types that do not fit the operation are `Stuck`.
//!
//! Pointers: `Eq`/`Ne` compare instance and offset (null equals only null). `Ult`/`Ule`/`Ugt`/
//! `Uge` compare (instance, offset) lexicographically, the offset read as a **signed**
//! pointer-width number: an instance lies far from address 0, so `base + off` orders as `off`
//! does, and a pointer one before the start is below the start, as in gcc-compiled code (`for (p
//! = a + n - 1; p >= a; p--)` ends). `PtrAdd` wraps the offset at pointer width; `PtrDiff` is
//! `p.off - q.off` (wrapping), whatever the instances. `Live(p)`: p's instance exists and is
//! alive (false for null). `InBounds(p, n)`: the instance exists (dead or alive) and `off + n <=
//! size`, the offset unsigned, without overflow (so a "negative" offset is out of bounds).
//! `Writable(p)`: the instance exists and is not read-only. `Freeable(p)`: a live heap instance at
//! offset 0.
//!
//! # Control
//!
//! A state is a call stack of frames (function, location, registers, slot instances). At a
//! location the out-edges are tried in order: an `Assume(c)` edge is enabled iff `c` is true,
//! every other edge always; the first enabled edge is taken (with
//! [`Config::check_determinism`], two enabled edges at one location are `Stuck`). None enabled:
//! [`Outcome::AssumeViolated`] (a normal location without any out-edge is `Stuck`). Reaching an
//! error location: [`Outcome::Error`]; a `Halt` edge: [`Outcome::Exit`] (`exit(code)`) or
//! [`Outcome::Abort`]. Reaching a function's exit location
//! pops its frame and assigns its `ret` register to the call's `dst`; returning from the entry
//! function ends the run with `Exit(ret as i32)` (low 32 bits, signed), or `Exit(0)` if it has no
//! integer return value (as for C's `main` falling off its end).
//!
//! `Op::Nondet` asks the [`InputSource`] for a value of the destination's type and records it in
//! [`RunResult::inputs`]; a source that runs out makes the run `Stuck("input exhausted")`.
//!
//! # Output
//!
//! Output goes to [`RunResult::output`]. `Printf`: the format is read from memory (bounds
//! checked); conversions `d i u o x X c s p %` with flags `- + space # 0`, width and precision
//! (digits or `*`), length modifiers `hh h l ll q j z t` (the argument, an IR value of the
//! promoted type, is truncated to the modifier's type and sign- or zero-extended); `%s` of null
//! prints `(null)` and `%p` of null `(nil)`, as glibc; anything else is `Stuck`. The C return
//! value (bytes printed; the character for `putchar`; length + 1 for `puts`, as glibc) goes to
//! `dst` if any.
//!
//! # Limits
//!
//! [`Config`]: edges taken, call depth, memory (live bytes plus [`INSTANCE_OVERHEAD`] per instance
//! ever created), output bytes. Exceeding one is [`Outcome::Limit`].

mod input;
mod machine;
mod memory;
mod printf;
#[cfg(test)]
mod tests;

pub use input::{InputSource, RandomInput, VecInput, ZeroInput};
pub use machine::{Interpreter, Tracer};
pub use memory::INSTANCE_OVERHEAD;

use kappa_ir::expr::{mask, to_signed};
use kappa_ir::{ErrorKind, FuncId, Loc, NondetOrigin, Program, Span, Ty};

/// The instance id of invalid pointers (loaded from bytes that hold no intact pointer).
pub const INVALID_OBJ: u32 = u32::MAX;

/// A run-time value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Bool(bool),
    /// `bits` holds the value truncated to `width` (1..=64) bits.
    Int {
        bits: u64,
        width: u32,
    },
    /// Instance `obj` (0 for null, [`INVALID_OBJ`] for invalid pointers) and byte offset.
    Ptr {
        obj: u32,
        off: u64,
    },
}

impl Value {
    pub const NULL: Value = Value::Ptr { obj: 0, off: 0 };

    /// The integer `value` truncated to `width` bits.
    pub fn int(value: i128, width: u32) -> Value {
        Value::Int { bits: (value as u64) & mask(width), width }
    }

    pub fn uint(value: u64, width: u32) -> Value {
        Value::Int { bits: value & mask(width), width }
    }

    pub fn ty(&self) -> Ty {
        match self {
            Value::Bool(_) => Ty::Bool,
            Value::Int { width, .. } => Ty::Int(*width),
            Value::Ptr { .. } => Ty::Ptr,
        }
    }

    /// An integer read as signed.
    pub fn as_signed(&self) -> Option<i64> {
        match self {
            Value::Int { bits, width } if (1..=64).contains(width) => Some(to_signed(*bits, *width)),
            _ => None,
        }
    }

    /// An integer read as unsigned.
    pub fn as_unsigned(&self) -> Option<u64> {
        match self {
            Value::Int { bits, .. } => Some(*bits),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        *self == Value::NULL
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `exit(code)`, or return from the entry function.
    Exit(i32),
    /// `abort()`.
    Abort,
    /// An error location was reached.
    Error { kind: ErrorKind, message: String, func: FuncId, loc: Loc, span: Span },
    /// No out-edge was enabled: an `assume` failed (for a deterministic program: a bug).
    AssumeViolated,
    /// The IR cannot be run on: malformed, a missing check, input exhausted, unsupported output.
    Stuck(String),
    /// A limit of [`Config`] was exceeded.
    Limit(String),
}

/// Limits and checks of a run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Edges taken.
    pub max_steps: u64,
    /// Frames on the call stack (the entry function's counts).
    pub max_depth: usize,
    /// Bytes of live memory plus [`INSTANCE_OVERHEAD`] per instance created.
    pub max_memory: u64,
    /// Bytes of output.
    pub max_output: u64,
    /// `Stuck` if two out-edges of a location are enabled at once (for tests of the front-end).
    pub check_determinism: bool,
    /// `main`'s command line, standard input and files (default: `argc = 1`, empty standard
    /// input, no files). The C library model reads standard input and files from the globals
    /// of [`kappa_ir::testcase::env`], which the interpreter sets before `main` runs.
    pub program_inputs: kappa_ir::testcase::ProgramInputs,
    /// Record the edges taken ([`RunResult::edges`]), for coverage.
    pub record_edges: bool,
    /// Stop (a `Limit` outcome) once this instant has passed: the time limit of the command
    /// the run is part of (a witness written by `kappa verify --max-time`).
    pub deadline: Option<std::time::Instant>,
    /// Stop with the error `non_termination` when a loop head is reached in a state it had
    /// before on this run (equal call stack, live registers, globals and memory): the run
    /// would repeat forever. Confirms the engine's lassos (SV-COMP's `termination`).
    pub lassos: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_steps: 100_000_000,
            max_depth: 100_000,
            max_memory: 1 << 30,
            max_output: 64 << 20,
            check_determinism: false,
            program_inputs: Default::default(),
            record_edges: false,
            deadline: None,
            lassos: false,
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub outcome: Outcome,
    /// Everything printed.
    pub output: Vec<u8>,
    /// Edges taken (including one whose operation stopped the run).
    pub steps: u64,
    /// The values of `Op::Nondet` edges, in order: origin, destination type, value (masked).
    pub inputs: Vec<(NondetOrigin, Ty, u64)>,
    /// Contents given to nondet-initialised memory, in allocation order.
    pub fills: Vec<(NondetOrigin, Vec<u8>)>,
    /// Function and location of the innermost frame when the run stopped (for `Stuck`,
    /// `AssumeViolated` and `Limit`: the source of the edge that could not be taken).
    pub last_loc: Option<(FuncId, Loc)>,
    /// The entry function's return value, if it returned one.
    pub ret: Option<Value>,
    /// With [`Config::record_edges`]: every edge taken, once, sorted.
    pub edges: Vec<(FuncId, kappa_ir::EdgeId)>,
    /// With [`Config::lassos`], when the run ended in `non_termination`: the edges taken before
    /// the earlier visit of the loop head whose state the run repeated (the stem of the lasso).
    pub lasso_start: Option<u64>,
}

impl RunResult {
    /// The output as text (invalid UTF-8 replaced).
    pub fn output_str(&self) -> String {
        String::from_utf8_lossy(&self.output).into_owned()
    }
}

/// Runs `entry` with the given arguments (one per parameter, of the parameters' types).
pub fn run(prog: &Program, entry: FuncId, args: &[Value], input: &mut dyn InputSource, config: &Config) -> RunResult {
    Interpreter::new(prog).run(entry, args, input, config)
}

/// Runs `prog.main`: with no arguments if it has no parameters, else with the command line of
/// [`Config::program_inputs`] (default `argc = 1`, `argv = {"prog", NULL}`; an empty `envp` if
/// it takes a third parameter).
pub fn run_main(prog: &Program, input: &mut dyn InputSource, config: &Config) -> RunResult {
    Interpreter::new(prog).run_main(input, config)
}

/// Why a run stops, carried through `Err` inside the interpreter (boxed to keep `Result`s small).
pub(crate) struct Fault(pub(crate) Box<Outcome>);

pub(crate) type R<T> = Result<T, Fault>;

pub(crate) fn stuck<T>(msg: impl Into<String>) -> R<T> {
    Err(Fault(Box::new(Outcome::Stuck(msg.into()))))
}

pub(crate) fn limit<T>(msg: impl Into<String>) -> R<T> {
    Err(Fault(Box::new(Outcome::Limit(msg.into()))))
}

pub(crate) fn stop<T>(o: Outcome) -> R<T> {
    Err(Fault(Box::new(o)))
}
