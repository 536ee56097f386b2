//! The model's sources and their lowering, shared by the library (run time) and its build script
//! (build time, which embeds the lowered model in the binary: see `build.rs`).

use kappa_cfront::{Diagnostic, Options};
use kappa_ir::{DataModel, Program};
use std::collections::BTreeSet;

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

/// Preprocesses (`gcc -E`, with the system's headers) and lowers the whole model for a data
/// model: every function with a body, every global.
pub fn lower_library(dm: DataModel) -> Result<Program, Diagnostic> {
    // The directory's name is in the preprocessed text (line markers), and so in the source
    // snippets of some error messages: of one length in every process, the model's offsets are
    // the same whichever process lowered it (the build's or a run's: tests/embedded.rs).
    let dir = std::env::temp_dir().join(format!("kappa-libc-{:010}-{}", std::process::id(), dm.name()));
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
pub fn provided_names(lib: &Program) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = lib
        .functions
        .iter()
        .filter(|f| !f.locs.is_empty())
        .map(|f| f.name.strip_prefix(VARIADIC_PREFIX).unwrap_or(&f.name).to_string())
        .collect();
    names.extend(
        lib.objects.iter().filter(|o| matches!(o.kind, kappa_ir::ObjKind::Global { .. })).map(|o| o.name.clone()),
    );
    names
}
