//! kappa's C front-end: runs the system preprocessor, parses with `lang-c`, resolves names and
//! types, and lowers the program to the flowgraph IR of `kappa-ir`, with C's semantics made
//! explicit (conversions, wrap-around, memory operations, error checks).
//!
//! Anything kappa cannot handle yields one [`Diagnostic`] with a source position; the front-end
//! never panics on user input (lowering runs on a large stack, and a panic in the parser is
//! turned into a diagnostic).

pub mod diag;
mod lower;
mod preprocess;
mod source_map;

pub use diag::{DiagKind, Diagnostic, Pos};
use kappa_ir::{DataModel, Program};
pub use preprocess::preprocessor;
use source_map::SourceMap;
use std::path::{Path, PathBuf};

/// Front-end configuration.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub data_model: DataModel,
    /// `-I` directories for the preprocessor.
    pub include_dirs: Vec<PathBuf>,
    /// `-D` definitions (`NAME` or `NAME=VALUE`).
    pub defines: Vec<String>,
    /// Functions to lower, with everything they call; empty means `main`.
    pub entries: Vec<String>,
}

/// Lowers a C file. Files ending in `.i` are taken as preprocessed; others go through the
/// system preprocessor first.
pub fn lower_file(path: &Path, opts: &Options) -> Result<Program, Diagnostic> {
    let name = path.display().to_string();
    let preprocessed = path.extension().is_some_and(|e| e == "i");
    let text = if preprocessed {
        let bytes = std::fs::read(path).map_err(|e| Diagnostic::error(format!("cannot read {name}: {e}")))?;
        String::from_utf8(bytes)
            .map_err(|_| Diagnostic::error(format!("{name}: the file is not UTF-8 text (is it C?)")))?
    } else {
        if !path.exists() {
            return Err(Diagnostic::error(format!("cannot read {name}: no such file")));
        }
        std::fs::read(path).map_err(|e| Diagnostic::error(format!("cannot read {name}: {e}")))?;
        preprocess::preprocess(path, opts.data_model, &opts.include_dirs, &opts.defines)?
    };
    lower_preprocessed(&name, &text, opts)
}

/// Lowers already preprocessed C text; `name` is used in messages.
pub fn lower_preprocessed(name: &str, text: &str, opts: &Options) -> Result<Program, Diagnostic> {
    let (name, text, opts) = (name.to_string(), text.to_string(), opts.clone());
    // Deeply nested input recurses deeply in the parser and the lowering: give them room.
    let worker = std::thread::Builder::new()
        .name("kappa-cfront".into())
        .stack_size(512 << 20)
        .spawn(move || std::panic::catch_unwind(|| lower_on_this_thread(&name, &text, &opts)));
    match worker {
        Ok(handle) => match handle.join() {
            Ok(Ok(r)) => r,
            _ => Err(Diagnostic::error("internal error in the C front-end (please report this input)")),
        },
        Err(e) => Err(Diagnostic::error(format!("cannot start the front-end thread: {e}"))),
    }
}

fn lower_on_this_thread(name: &str, text: &str, opts: &Options) -> Result<Program, Diagnostic> {
    if text.trim().is_empty() {
        return Err(Diagnostic::error(format!("{name}: the file is empty")));
    }
    let sm = SourceMap::new(text, name);
    let cfg = lang_c::driver::Config::with_gcc();
    let parse = std::panic::catch_unwind(|| lang_c::driver::parse_preprocessed(&cfg, text.to_string()));
    let parse = match parse {
        Ok(Ok(p)) => p,
        Ok(Err(e)) => return Err(syntax_error(&sm, text, &e)),
        Err(_) => return Err(Diagnostic::error(format!("{name}: the parser failed on this input"))),
    };
    let mut l = lower::Lowerer::new(&sm, text, opts.data_model);
    l.collect(&parse.unit)?;
    let entries = if opts.entries.is_empty() { vec!["main".to_string()] } else { opts.entries.clone() };
    l.lower_entries(&entries)?;
    let prog = l.prog;
    if let Err(e) = prog.validate() {
        return Err(Diagnostic::error(format!("internal error: the lowered program is malformed: {e}")));
    }
    Ok(prog)
}

/// A parse error, naming the unsupported GNU constructs lang-c does not parse.
fn syntax_error(sm: &SourceMap, text: &str, e: &lang_c::driver::SyntaxError) -> Diagnostic {
    let pos = sm.pos(e.offset);
    let rest = text.get(e.offset..).unwrap_or("");
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    match word.as_str() {
        "__int128" | "__int128_t" | "__uint128_t" => {
            return Diagnostic::unsupported("128-bit integers (__int128)").at(Some(pos))
        }
        "_Complex" | "__complex__" => return Diagnostic::unsupported("complex numbers (_Complex)").at(Some(pos)),
        _ => {}
    }
    let mut expected: Vec<&str> = e.expected.iter().copied().collect();
    expected.sort();
    let found = if rest.is_empty() {
        "end of file".to_string()
    } else if word.is_empty() {
        format!("`{}`", rest.chars().next().unwrap_or(' '))
    } else {
        format!("`{word}`")
    };
    let list =
        if expected.len() > 6 { format!("{} or another token", expected[..6].join(", ")) } else { expected.join(", ") };
    Diagnostic::error(format!("syntax error: unexpected {found}, expected {list}")).at(Some(pos))
}
