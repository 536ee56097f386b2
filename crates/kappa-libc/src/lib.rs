//! The C library model (KLEE's approach: the library is C code compiled by the analyser's own
//! front-end). The models in `c/` are lowered once per data model, when kappa is built
//! (`build.rs`, which embeds the IR; a run reads it in milliseconds instead of preprocessing,
//! parsing and lowering the same text in 0.11 s), and linked into a program at
//! the IR level ([`link`]) for every function the program calls without defining it (the
//! program's own definition always wins) and every global it declares `extern` (`stdin`).
//! Because the models are ordinary IR, they mean the same in the symbolic engine, the concrete
//! interpreter and the interpreter's replay of tests. Functions the library does not model stay
//! "unsupported: call to `f`, which has no body".
//!
//! Conventions of the models, which the link enforces:
//! - no input comes from inside the library: every allocation the library makes is zero-filled
//!   (uninitialised locals would otherwise be inputs at sites replay cannot instrument), and a
//!   `Nondet` operation in a model is an error;
//! - a model that copies memory a pointer may lie in (`memcpy`, `memmove`, `realloc`, `qsort`'s
//!   swaps) copies it in a byte loop, which checks every access and leaves a concrete count on
//!   each path, then calls `__kappa_memcopy` over the same bytes: the front-end lowers it to the
//!   IR's `MemCopy`, which copies the pointers too (a byte loop copies a pointer's bytes only);
//! - a variadic function is modelled by a fixed-arity `__kappa_va_NAME` taking its fixed
//!   parameters (the extra arguments are evaluated and dropped): `open`;
//! - the program's inputs (standard input, the files of `--sym-files`) are buffers named by the
//!   globals of [`kappa_ir::testcase::env`], which the engine and the interpreter set before
//!   `main` runs.

mod link;
mod model;

pub use link::link;
pub use model::{lower_library, FILE_PREFIX, SOURCES, VARIADIC_PREFIX};

use kappa_cfront::{Diagnostic, Options};
use kappa_ir::{DataModel, Program};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// The library lowered for a data model: the one the build embedded, else lowered now (0.11 s);
/// cached for the process.
pub fn library(dm: DataModel) -> Result<Arc<Program>, Diagnostic> {
    static CACHE: OnceLock<Mutex<HashMap<DataModel, Arc<Program>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = map.get(&dm) {
        return Ok(p.clone());
    }
    let prog = match embedded_library(dm) {
        Some(p) => Arc::new(p),
        None => Arc::new(lower_library(dm)?),
    };
    map.insert(dm, prog.clone());
    Ok(prog)
}

/// The model as the build script lowered it (`build.rs`): JSON of the [`Program`], empty if the
/// build could not lower it.
fn embedded(dm: DataModel) -> &'static str {
    match dm {
        DataModel::LP64 => include_str!(concat!(env!("OUT_DIR"), "/model-LP64.json")),
        DataModel::ILP32 => include_str!(concat!(env!("OUT_DIR"), "/model-ILP32.json")),
    }
}

/// The embedded model, if there is one and it reads as a program of this data model; its
/// edge indexes (not serialised) rebuilt.
pub fn embedded_library(dm: DataModel) -> Option<Program> {
    let text = embedded(dm);
    if text.is_empty() {
        return None;
    }
    // Lowered expressions nest deeply (272 levels in the model), deeper than serde_json's
    // default limit of 128: read without the limit, on a thread with room for the recursion.
    let read = std::thread::Builder::new().name("kappa-libc".into()).stack_size(256 << 20).spawn(move || {
        let mut de = serde_json::Deserializer::from_str(text);
        de.disable_recursion_limit();
        serde::Deserialize::deserialize(&mut de).ok().filter(|_| de.end().is_ok())
    });
    let mut prog: Program = read.ok()?.join().ok()??;
    if prog.data_model != dm {
        return None;
    }
    for f in &mut prog.functions {
        f.index_edges();
    }
    Some(prog)
}

/// The names a program may use without defining them: the library's functions (variadic ones
/// under their C name) and globals. The build embeds them apart from the model, so that a
/// program that calls no library function (the front-end needs the names to know) does not read
/// the model.
pub fn provided(dm: DataModel) -> Result<BTreeSet<String>, Diagnostic> {
    let names = match dm {
        DataModel::LP64 => include_str!(concat!(env!("OUT_DIR"), "/provided-LP64.txt")),
        DataModel::ILP32 => include_str!(concat!(env!("OUT_DIR"), "/provided-ILP32.txt")),
    };
    if !names.is_empty() && !embedded(dm).is_empty() {
        return Ok(names.lines().map(str::to_string).collect());
    }
    Ok(model::provided_names(&*library(dm)?))
}

/// Lowers a C file like [`kappa_cfront::lower_file`] and links the library model into it.
///
/// The program's files are preprocessed (a `gcc -E` each, which needs nothing of the library)
/// on a thread of their own while this one gets the names the library provides: embedded by
/// the build, they take microseconds; when the build could not embed the model, lowering it
/// here is the front-end's largest serial part (0.11 of a 0.13 s front-end on
/// bench/parallel/tokens6.c), which the preprocessor's time then hides on two cores. The
/// diagnostics are those of the one-thread order: the library's first, then the program's.
pub fn lower_file(path: &Path, opts: &Options) -> Result<Program, Diagnostic> {
    let (lib_opts, texts) = std::thread::scope(|s| {
        let texts = std::thread::Builder::new()
            .name("kappa-cpp".into())
            .spawn_scoped(s, || kappa_cfront::preprocess_file(path, opts));
        let lib_opts = with_externs(opts);
        let texts = match texts {
            Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            // No thread: the preprocessor runs here.
            Err(_) => kappa_cfront::preprocess_file(path, opts),
        };
        (lib_opts, texts)
    });
    let opts = lib_opts?;
    let mut prog = kappa_cfront::lower_preprocessed_units(texts?, &opts)?;
    link_library(&mut prog)?;
    Ok(prog)
}

/// Lowers preprocessed C text like [`kappa_cfront::lower_preprocessed`] and links the library.
pub fn lower_preprocessed(name: &str, text: &str, opts: &Options) -> Result<Program, Diagnostic> {
    let opts = with_externs(opts)?;
    let mut prog = kappa_cfront::lower_preprocessed(name, text, &opts)?;
    link_library(&mut prog)?;
    Ok(prog)
}

fn with_externs(opts: &Options) -> Result<Options, Diagnostic> {
    let mut o = opts.clone();
    o.externs.extend(provided(opts.data_model)?);
    Ok(o)
}

fn link_library(prog: &mut Program) -> Result<(), Diagnostic> {
    if prog.imports.is_empty() {
        return Ok(());
    }
    let lib = library(prog.data_model)?;
    link(prog, &lib).map_err(Diagnostic::error)
}
