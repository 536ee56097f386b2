//! Tests: the concrete inputs of one terminated path and the outcome they should reproduce
//! (SPEC.md, "Tests"). The symbolic engine writes them as JSON; `kappa replay` runs them on the
//! real program compiled by the system C compiler, the interpreter on the IR.

use serde::{Deserialize, Serialize};

/// One test: what the program reads, in the order it reads it, and how the run must end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestCase {
    /// Format version.
    pub kappa_test: u32,
    /// The source file as given on the command line.
    pub program: String,
    /// Every file of a program of several files, in the order they were given (`program` is
    /// the first); empty for one file. Replay compares them with its own as files on disk,
    /// whatever their spelling.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
    pub entry: String,
    /// "LP64" or "ILP32".
    pub data_model: String,
    /// Values of the entry function's parameters.
    #[serde(default)]
    pub args: Vec<Input>,
    /// Values read by the program, in the order it reads them.
    pub inputs: Vec<Input>,
    /// The input heap of an entry function with pointer parameters: the objects its pointer
    /// parameters (in `args`, `ty` `ptr`, `value` the object's id, 0 for null) and pointer fields
    /// refer to. Parameters with the same id alias.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heap: Vec<HeapObject>,
    pub outcome: TestOutcome,
    /// The command line, standard input and files the program ran with, when it ran with more
    /// than `argc = 1` (`kappa run -- ARGS`, `--sym-args`, `--sym-stdin`, `--sym-files`).
    #[serde(default, skip_serializing_if = "ProgramInputs::is_default")]
    pub program_inputs: ProgramInputs,
}

/// What `main` gets from outside besides `__VERIFIER_nondet_*`: its arguments, standard input
/// and files (the POSIX model of KLEE). Bytes are listed as numbers; `text` fields repeat them
/// as text for people reading the test.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramInputs {
    /// `argv[0]`, `argv[1]`, …, without their terminating NUL; empty means `{"prog"}`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub argv: Vec<Bytes>,
    /// Standard input, if the program was given one (else it is empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin: Option<Bytes>,
    /// Files `fopen`/`open` can open, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<FileInput>,
}

impl ProgramInputs {
    pub fn is_default(&self) -> bool {
        *self == ProgramInputs::default()
    }
}

/// A byte string, with its text for reading (`\xNN` for bytes that are not printable ASCII).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bytes {
    pub bytes: Vec<u8>,
    #[serde(default)]
    pub text: String,
}

impl Bytes {
    pub fn new(bytes: Vec<u8>) -> Bytes {
        let mut text = String::new();
        for &b in &bytes {
            if (0x20..0x7f).contains(&b) && b != b'\\' {
                text.push(b as char);
            } else {
                text.push_str(&format!("\\x{b:02x}"));
            }
        }
        Bytes { bytes, text }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileInput {
    pub name: String,
    pub contents: Bytes,
}

/// The C library model's globals that hold the program's inputs (see `kappa-libc`'s
/// `stdio.c`); the engine and the interpreter set them before `main` runs, where the program
/// uses them.
pub mod env {
    /// `unsigned char *`: standard input's bytes.
    pub const STDIN_DATA: &str = "__kappa_stdin_data";
    /// `unsigned long`: their number.
    pub const STDIN_LEN: &str = "__kappa_stdin_len";
    /// `struct { const char *name; unsigned char *data; unsigned long len; } *`: the files.
    pub const FILES: &str = "__kappa_files";
    /// `int`: their number.
    pub const NFILES: &str = "__kappa_nfiles";
}

/// An object of the input heap, as it is before the entry function runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeapObject {
    /// 1, 2, …: what pointers to it hold.
    pub id: u32,
    /// Its C type (`struct node`, `char[16]`).
    #[serde(rename = "type")]
    pub ty: String,
    pub size: u64,
    /// Every byte of the object (the bytes of pointer fields are 0: see `pointers`).
    pub bytes: Vec<u8>,
    /// The pointer fields: at `offset`, the address of object `target` (0: null).
    #[serde(default)]
    pub pointers: Vec<HeapPointer>,
    /// The scalar fields, for people reading the test (replay uses `bytes` and `pointers`).
    #[serde(default)]
    pub fields: Vec<HeapField>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeapPointer {
    pub offset: u64,
    pub target: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeapField {
    /// `val`, `next`, `data[2]`, `inner.x`.
    pub name: String,
    pub offset: u64,
    /// The value read as a signed number, or for pointers the target object (0: null).
    pub value: i64,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pointer: bool,
}

/// A value the program reads: a `__VERIFIER_nondet_*` result, the value of an uninitialised
/// local, the contents of uninitialised memory, or a parameter of the entry function.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    pub kind: InputKind,
    /// The function called (`__VERIFIER_nondet_int`), the variable (`x`), or `malloc`.
    pub name: String,
    /// Where it is read: `file:line:col`.
    pub site: String,
    /// Byte offset of the site in the preprocessed text (replay instruments the program there).
    pub offset: u32,
    /// IR type of the value: `i8` … `i64`, or `ptr`; `bytes` for memory contents.
    pub ty: String,
    /// The value's bits (for memory: unused).
    #[serde(default)]
    pub value: u64,
    /// The value read as a signed number (for people reading the test).
    #[serde(default)]
    pub signed: i64,
    /// Memory contents, for `InputKind::Memory`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bytes: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    /// A `__VERIFIER_nondet_*` call.
    Nondet,
    /// A scalar local declared without initialiser.
    Uninit,
    /// The initial contents of an uninitialised local array or struct, or of `malloc`ed memory.
    Memory,
    /// A parameter of the entry function.
    Param,
}

/// How a run ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TestOutcome {
    /// `main` returned or `exit` was called.
    Exit { code: i32 },
    /// `abort()`.
    Abort,
    /// An error: `error` is an [`crate::ErrorKind`] name; `location` is `file:line:col`.
    Error { error: String, location: String, message: String },
    /// The path had not ended when the run halted (the time limit, the memory cap, a state
    /// limit: KLEE's dump-on-halt). The test holds the inputs the path read up to there; what is
    /// expected is that the program reads them, in order at their sites, without ending in an
    /// error before it has read them all (docs/spec-extensions.md, "Tests of halted paths").
    Halted { reason: String },
}

impl TestCase {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<TestCase, String> {
        serde_json::from_str(text).map_err(|e| format!("not a kappa test: {e}"))
    }
}
