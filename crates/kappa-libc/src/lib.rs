//! The C library model (KLEE's approach: the library is C code compiled by the analyser's own
//! front-end). The models in `c/` are lowered once per data model and linked into a program at
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

pub use link::link;

use kappa_cfront::{Diagnostic, Options};
use kappa_ir::{DataModel, Program};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// The model sources, by file name (included by `libc.c`).
pub const SOURCES: &[(&str, &str)] = &[
    ("libc.c", include_str!("../c/libc.c")),
    ("ctype.c", include_str!("../c/ctype.c")),
    ("ctype_tables.h", include_str!("../c/ctype_tables.h")),
    ("stdlib.c", include_str!("../c/stdlib.c")),
    ("string.c", include_str!("../c/string.c")),
    ("strerror_table.h", include_str!("../c/strerror_table.h")),
    ("stdio.c", include_str!("../c/stdio.c")),
    ("format.c", include_str!("../c/format.c")),
];

/// Prefix of variadic functions' fixed-arity models.
pub const VARIADIC_PREFIX: &str = "__kappa_va_";

/// The file name the library's spans carry (`kappa-libc/string.c:12:5`).
pub const FILE_PREFIX: &str = "kappa-libc/";

/// The library lowered for a data model (cached; lowering takes a few hundred milliseconds).
pub fn library(dm: DataModel) -> Result<Arc<Program>, Diagnostic> {
    static CACHE: OnceLock<Mutex<HashMap<DataModel, Arc<Program>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = map.get(&dm) {
        return Ok(p.clone());
    }
    let prog = Arc::new(lower_library(dm)?);
    map.insert(dm, prog.clone());
    Ok(prog)
}

fn lower_library(dm: DataModel) -> Result<Program, Diagnostic> {
    let dir = std::env::temp_dir().join(format!("kappa-libc-{}-{}", std::process::id(), dm.name()));
    std::fs::create_dir_all(&dir).map_err(|e| Diagnostic::error(format!("kappa-libc: {e}")))?;
    for (name, text) in SOURCES {
        std::fs::write(dir.join(name), text).map_err(|e| Diagnostic::error(format!("kappa-libc: {e}")))?;
    }
    // The comparators of qsort and bsearch are bound per call site at link time.
    let externs = ["__kappa_qsort_cmp", "__kappa_bsearch_cmp"].iter().map(|s| s.to_string()).collect();
    let opts = Options { data_model: dm, lower_all: true, externs, ..Options::default() };
    let r = kappa_cfront::lower_file(&dir.join("libc.c"), &opts);
    let _ = std::fs::remove_dir_all(&dir);
    let mut prog =
        r.map_err(|d| Diagnostic::error(format!("internal error: the C library model does not lower: {d}")))?;
    let dir_s = dir.display().to_string();
    for f in &mut prog.files {
        if let Some(rest) = f.strip_prefix(&dir_s) {
            *f = format!("{FILE_PREFIX}{}", rest.trim_start_matches('/'));
        }
    }
    Ok(prog)
}

/// The names a program may use without defining them: the library's functions (variadic ones
/// under their C name) and globals.
pub fn provided(dm: DataModel) -> Result<BTreeSet<String>, Diagnostic> {
    let lib = library(dm)?;
    let mut names: BTreeSet<String> = lib
        .functions
        .iter()
        .filter(|f| !f.locs.is_empty())
        .map(|f| f.name.strip_prefix(VARIADIC_PREFIX).unwrap_or(&f.name).to_string())
        .collect();
    names.extend(
        lib.objects.iter().filter(|o| matches!(o.kind, kappa_ir::ObjKind::Global { .. })).map(|o| o.name.clone()),
    );
    Ok(names)
}

/// Lowers a C file like [`kappa_cfront::lower_file`] and links the library model into it.
///
/// The program's files are preprocessed (a `gcc -E` each, which needs nothing of the library)
/// on a thread of their own while this one lowers the library model, the front-end's largest
/// serial part (0.11 of a 0.13 s front-end on bench/parallel/tokens6.c): on two cores the
/// preprocessor's time is hidden. The diagnostics are those of the one-thread order: the
/// library's first, then the program's.
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
