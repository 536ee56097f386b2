//! kappa's C front-end: runs the system preprocessor, parses with `lang-c`, resolves names and
//! types, and lowers the program to the flowgraph IR of `kappa-ir`, with C's semantics made
//! explicit (conversions, wrap-around, memory operations, error checks).
//!
//! Anything kappa cannot handle yields one [`Diagnostic`] with a source position; the front-end
//! never panics on user input (lowering runs on a large stack, and a panic in the parser is
//! turned into a diagnostic).

// Same input, same output: a `for` over a `std` hash map or set visits it in its
// `RandomState`'s order, another in every process (none is left; the lowerer's maps are looked
// up, or their order does not matter, as in `same_layout`'s sorted bit-fields).
#![warn(clippy::iter_over_hash_type)]

pub mod compdb;
pub mod diag;
mod implicit;
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
    /// Lower every function with a body (a library), not only what the entries reach.
    pub lower_all: bool,
    /// Functions and globals a linker will provide (the C library model of `kappa-libc`): a
    /// call to such a function without body, or a use of such a global declared `extern` only,
    /// becomes an [`kappa_ir::Import`] of the program instead of an error.
    pub externs: std::collections::BTreeSet<String>,
    /// Check signed integer arithmetic (`+`, `-`, `*`, unary `-`, `++`, `--`, compound
    /// assignments) for overflow: an overflow reaches an `overflow` error location (SV-COMP's
    /// `no-overflow` property). Off by default: kappa's default semantics wrap, as `-fwrapv`.
    pub overflow_checks: bool,
    /// The translation units of the program, when it has several files or its files have
    /// preprocessor flags of their own (a compilation database): [`lower_file`] then reads these
    /// (its path is the first's) and links them as the C linker would. Empty: the one file.
    pub units: Vec<Unit>,
}

/// One translation unit: a `.c` file (or a preprocessed `.i`) and the preprocessor flags of its
/// own compile command (`-I`, `-isystem`, `-iquote`, `-D`, `-U`, `-std=`, `-include`), with
/// every path already absolute; the command line's `-I` and `-D` apply to every unit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    pub path: PathBuf,
    pub cpp_flags: Vec<String>,
}

impl Unit {
    pub fn new(path: impl Into<PathBuf>) -> Unit {
        Unit { path: path.into(), cpp_flags: Vec::new() }
    }
}

/// Lowers a C file. Files ending in `.i` are taken as preprocessed; others go through the
/// system preprocessor first. With [`Options::units`], lowers the program of those files.
pub fn lower_file(path: &Path, opts: &Options) -> Result<Program, Diagnostic> {
    let texts = preprocess_file(path, opts)?;
    lower_preprocessed_units(texts, opts)
}

/// The first half of [`lower_file`]: the preprocessed text of each translation unit, with its
/// name (the system preprocessor's work, which needs none of [`Options::externs`]; kappa-libc
/// runs it while it lowers the library model that gives those).
pub fn preprocess_file(path: &Path, opts: &Options) -> Result<Vec<(String, String)>, Diagnostic> {
    let units = if opts.units.is_empty() { vec![Unit::new(path)] } else { opts.units.clone() };
    let mut texts = Vec::with_capacity(units.len());
    for u in &units {
        texts.push((u.path.display().to_string(), read_unit(u, opts)?));
    }
    Ok(texts)
}

/// The second half of [`lower_file`]: lowers the units [`preprocess_file`] read as one program.
pub fn lower_preprocessed_units(texts: Vec<(String, String)>, opts: &Options) -> Result<Program, Diagnostic> {
    lower_units(texts, opts)
}

/// The preprocessed text of one translation unit.
fn read_unit(u: &Unit, opts: &Options) -> Result<String, Diagnostic> {
    let path = &u.path;
    let name = path.display().to_string();
    if path.extension().is_some_and(|e| e == "i") {
        let bytes = std::fs::read(path).map_err(|e| Diagnostic::error(format!("cannot read {name}: {e}")))?;
        return String::from_utf8(bytes)
            .map_err(|_| Diagnostic::error(format!("{name}: the file is not UTF-8 text (is it C?)")));
    }
    if !path.exists() {
        return Err(Diagnostic::error(format!("cannot read {name}: no such file")));
    }
    std::fs::read(path).map_err(|e| Diagnostic::error(format!("cannot read {name}: {e}")))?;
    preprocess::preprocess(path, opts.data_model, &opts.include_dirs, &opts.defines, &u.cpp_flags)
}

/// Lowers already preprocessed C text; `name` is used in messages.
pub fn lower_preprocessed(name: &str, text: &str, opts: &Options) -> Result<Program, Diagnostic> {
    lower_units(vec![(name.to_string(), text.to_string())], opts)
}

/// Lowers preprocessed translation units (name, text) as one program.
fn lower_units(units: Vec<(String, String)>, opts: &Options) -> Result<Program, Diagnostic> {
    let opts = opts.clone();
    // Deeply nested input recurses deeply in the parser and the lowering: give them room.
    let worker = std::thread::Builder::new()
        .name("kappa-cfront".into())
        .stack_size(512 << 20)
        .spawn(move || std::panic::catch_unwind(|| lower_on_this_thread(&units, &opts)));
    match worker {
        Ok(handle) => match handle.join() {
            Ok(Ok(r)) => r,
            _ => Err(Diagnostic::error("internal error in the C front-end (please report this input)")),
        },
        Err(e) => Err(Diagnostic::error(format!("cannot start the front-end thread: {e}"))),
    }
}

/// One translation unit read: its text as lowered (comments blanked, attributes lang-c does not
/// parse taken out, implicit declarations appended), the same with the attributes (what replay
/// compiles), its syntax tree, and where it starts in the program's text.
struct ReadUnit {
    name: String,
    text: String,
    compiled: String,
    parse: lang_c::ast::TranslationUnit,
    packed_tags: std::collections::HashMap<(usize, String), bool>,
    atexit: Vec<String>,
    start: usize,
}

/// Reads one unit that starts at byte `base` of the program's text (its syntax tree's offsets
/// are the program's).
fn read_text(name: &str, text: &str, base: usize, multi: bool, opts: &Options) -> Result<ReadUnit, Diagnostic> {
    if text.trim().is_empty() {
        return Err(Diagnostic::error(format!("{name}: the file is empty")));
    }
    // In a program of several files, each unit's text starts with a line marker naming its
    // file (a `.i` file may have none) and ends with a newline.
    let mut text = text.to_string();
    if multi {
        if !text.starts_with('#') {
            text = format!("# 1 {}\n{text}", quoted(name));
        }
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    let unhoisted = mask_gnu_types(&blank_comments(&text));
    let (mut text, packed_tags) = hoist_struct_attributes(&unhoisted);
    let mut parse = parse_at(name, &text, base)?;
    // Library functions called without a declaration (C89): their prototypes go after the
    // program, in a file of their own, and the program is read again; so does the table of
    // `atexit`'s handlers.
    let (decls, warnings, atexit) = implicit::declarations(
        &parse.unit,
        &SourceMap::new(&padded(&text, base), name),
        opts.data_model,
        &opts.externs,
    );
    if !decls.is_empty() {
        // Once per process: a command may read the program more than once.
        static SHOWN: std::sync::Mutex<std::collections::BTreeSet<String>> =
            std::sync::Mutex::new(std::collections::BTreeSet::new());
        for (pos, w) in warnings {
            let line = format!("{}:{}:{}: warning: {w}", pos.file, pos.line, pos.col);
            if SHOWN.lock().map(|mut s| s.insert(line.clone())).unwrap_or(true) {
                eprintln!("{line}");
            }
        }
        text = format!("{text}\n# 1 \"<implicit declarations>\"\n{decls}");
        parse = parse_at(name, &text, base)?;
    }
    // The text replay compiles keeps the attributes taken out for lang-c (gcc needs `packed`):
    // they were blanked in place, so every offset into the text still holds.
    let compiled = if unhoisted.len() <= text.len() && text.is_char_boundary(unhoisted.len()) {
        format!("{unhoisted}{}", &text[unhoisted.len()..])
    } else {
        text.clone()
    };
    let packed_tags = packed_tags.into_iter().map(|((at, tag), v)| ((at + base, tag), v)).collect();
    Ok(ReadUnit { name: name.to_string(), text, compiled, parse: parse.unit, packed_tags, atexit, start: base })
}

/// `text` after `base` newlines: parsed so, its offsets are those of the program's text.
fn padded(text: &str, base: usize) -> String {
    let mut s = String::with_capacity(base + text.len());
    s.extend(std::iter::repeat_n('\n', base));
    s.push_str(text);
    s
}

fn parse_at(name: &str, text: &str, base: usize) -> Result<lang_c::driver::Parse, Diagnostic> {
    if base == 0 {
        return parse(name, text);
    }
    parse(name, &padded(text, base))
}

fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn lower_on_this_thread(units: &[(String, String)], opts: &Options) -> Result<Program, Diagnostic> {
    let multi = units.len() > 1;
    let mut read: Vec<ReadUnit> = Vec::with_capacity(units.len());
    let mut base = 0;
    for (name, text) in units {
        let r = read_text(name, text, base, multi, opts)?;
        base += r.text.len();
        read.push(r);
    }
    if read.iter().filter(|r| !r.atexit.is_empty()).count() > 1 {
        return Err(Diagnostic::unsupported("`atexit` called in more than one file of the program"));
    }
    let text: String = read.iter().map(|r| r.text.as_str()).collect();
    let sm = SourceMap::new(&text, &read[0].name);
    // A call through a function pointer may reach every function whose address the program
    // takes, also where lowering meets the call before the address: lowered again with the
    // functions found until the set is stable (it only grows; without function pointers, once).
    let mut hint = std::collections::BTreeSet::new();
    let mut l = loop {
        let mut l = lower::Lowerer::new(&sm, &text, opts.data_model);
        l.fn_addr_hint = hint.clone();
        l.externs = opts.externs.clone();
        l.overflow_checks = opts.overflow_checks;
        l.set_units(read.len());
        for (k, r) in read.iter().enumerate() {
            l.packed_tags.extend(r.packed_tags.clone());
            if !r.atexit.is_empty() {
                l.atexit_handlers = r.atexit.clone();
            }
            l.enter_unit(k);
            l.collect(&r.parse)?;
        }
        let entries = if opts.lower_all {
            l.defined_functions()
        } else if opts.entries.is_empty() {
            vec!["main".to_string()]
        } else {
            opts.entries.clone()
        };
        l.lower_entries(&entries)?;
        if opts.lower_all {
            l.define_all_globals()?;
        }
        let taken: std::collections::BTreeSet<usize> = l.fn_objs.keys().copied().collect();
        if !l.indirect_calls || taken.is_subset(&hint) {
            break l;
        }
        hint.extend(taken);
    };
    let alias = std::mem::take(&mut l.struct_alias);
    let mut prog = l.prog;
    lower::apply_struct_alias(&mut prog, &alias);
    prog.source = read.iter().map(|r| r.compiled.as_str()).collect();
    if multi {
        prog.units = read
            .iter()
            .map(|r| kappa_ir::SourceUnit {
                file: r.name.clone(),
                start: r.start as u32,
                end: (r.start + r.text.len()) as u32,
            })
            .collect();
    }
    // Imported functions have no body until linked: the linker validates the whole.
    if !prog.imports.is_empty() {
        return Ok(prog);
    }
    if let Err(e) = prog.validate() {
        return Err(Diagnostic::error(format!("internal error: the lowered program is malformed: {e}")));
    }
    Ok(prog)
}

fn parse(name: &str, text: &str) -> Result<lang_c::driver::Parse, Diagnostic> {
    let cfg = lang_c::driver::Config::with_gcc();
    match std::panic::catch_unwind(|| lang_c::driver::parse_preprocessed(&cfg, text.to_string())) {
        Ok(Ok(p)) => Ok(p),
        Ok(Err(e)) => Err(syntax_error(&SourceMap::new(text, name), text, &e)),
        Err(_) => Err(Diagnostic::error(format!("{name}: the parser failed on this input"))),
    }
}

/// A parse error, naming the unsupported GNU constructs lang-c does not parse.
fn syntax_error(sm: &SourceMap, text: &str, e: &lang_c::driver::SyntaxError) -> Diagnostic {
    let pos = sm.pos(e.offset);
    let rest = text.get(e.offset..).unwrap_or("");
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    // The construct lang-c does not know may be the word before the failure (`__int128 x`).
    let before = text.get(..e.offset).unwrap_or("").trim_end();
    let prev_start = before
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let prev = before.get(prev_start..).unwrap_or("");
    for (w, off) in [(word.as_str(), e.offset), (prev, prev_start)] {
        let what = match w {
            "__int128" | "__int128_t" | "__uint128_t" => "128-bit integers (__int128)",
            "_Complex" | "__complex__" => "complex numbers (_Complex)",
            _ => continue,
        };
        return Diagnostic::unsupported(what).at(Some(sm.pos(off)));
    }
    let token: String = if word.is_empty() { rest.chars().take(2).collect() } else { word.clone() };
    let assign_ops = ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="];
    if word.is_empty() && assign_ops.iter().any(|op| rest.starts_with(op) && !rest.starts_with("==")) {
        return Diagnostic::error("the left side of the assignment is not assignable (not an lvalue)").at(Some(pos));
    }
    let mut expected: Vec<String> =
        e.expected.iter().map(|t| t.trim()).filter(|t| !t.is_empty()).map(|t| format!("`{t}`")).collect();
    expected.sort();
    let found = if rest.trim().is_empty() {
        "end of file".to_string()
    } else if word.is_empty() {
        format!("`{}`", token.chars().next().unwrap_or(' '))
    } else {
        format!("`{word}`")
    };
    let list =
        if expected.len() > 6 { format!("{} or another token", expected[..6].join(", ")) } else { expected.join(", ") };
    Diagnostic::error(format!("syntax error: unexpected {found}, expected {list}")).at(Some(pos))
}

/// Comments replaced by blanks (newlines kept, so every offset and line stays as it was).
/// A preprocessor's output has none, but `.i` files written by other tools (CIL, SV-COMP's
/// tasks) may still carry them, and gcc accepts them. String and character literals are skipped;
/// a backslash-newline inside a `//` comment continues it, as in translation phase 2.
fn blank_comments(text: &str) -> String {
    if !text.contains("/*") && !text.contains("//") {
        return text.to_string();
    }
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(b.len(), |k| i + 2 + k + 2);
                for c in &mut out[i..end] {
                    if *c != b'\n' {
                        *c = b' ';
                    }
                }
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && !(b[i] == b'\n' && (i == 0 || b[i - 1] != b'\\')) {
                    if b[i] != b'\n' {
                        out[i] = b' ';
                    }
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    // Only ASCII bytes were replaced, outside multi-byte characters: the text stays UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// `struct __attribute__((packed)) tag {`, which lang-c does not parse (it takes the tag for a
/// function): the attributes are taken out (`struct tag` then blanks, so that what follows keeps
/// its offset) and the definitions that had `packed` or `aligned` are returned by the offset of
/// their keyword and their tag.
fn hoist_struct_attributes(text: &str) -> (String, std::collections::HashMap<(usize, String), bool>) {
    let mut tags = std::collections::HashMap::new();
    if !text.contains("__attribute__") {
        return (text.to_string(), tags);
    }
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let b = text.as_bytes();
    let skip_ws = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let mut out = b.to_vec();
    for kw in ["struct", "union"] {
        let mut from = 0;
        while let Some(at) = text[from..].find(kw).map(|i| i + from) {
            from = at + kw.len();
            if (at > 0 && ident(b[at - 1])) || b.get(from).is_some_and(|c| ident(*c)) {
                continue;
            }
            // One or more `__attribute__((…))` groups, then the tag and `{`.
            let (mut i, mut attrs) = (skip_ws(from), String::new());
            while text[i..].starts_with("__attribute__") {
                let open = skip_ws(i + "__attribute__".len());
                let mut depth = 0usize;
                let mut j = open;
                while j < b.len() {
                    match b[j] {
                        b'(' => depth += 1,
                        b')' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                break;
                            }
                        }
                        _ if depth == 0 => break,
                        _ => {}
                    }
                    j += 1;
                }
                if depth != 0 || j >= b.len() || b[j] != b')' {
                    break;
                }
                attrs.push_str(&text[open..=j]);
                i = skip_ws(j + 1);
            }
            if attrs.is_empty() {
                continue;
            }
            let tag_end = (i..b.len()).find(|&k| !ident(b[k])).unwrap_or(b.len());
            if tag_end == i || b.get(skip_ws(tag_end)) != Some(&b'{') || b[i].is_ascii_digit() {
                continue;
            }
            let tag = &text[i..tag_end];
            if attrs.contains("aligned") {
                tags.insert((at, tag.to_string()), true);
            } else if attrs.contains("packed") {
                tags.insert((at, tag.to_string()), false);
            }
            let rewritten = format!("{kw} {tag}");
            if out[at..at + rewritten.len()].contains(&b'\n') {
                continue; // the lines would move
            }
            for (k, c) in out[at..tag_end].iter_mut().enumerate() {
                *c = rewritten.as_bytes().get(k).copied().unwrap_or(if *c == b'\n' { b'\n' } else { b' ' });
            }
        }
    }
    (String::from_utf8(out).unwrap_or_else(|_| text.to_string()), tags)
}

/// GNU type names lang-c does not parse, which system headers use in declarations kappa never
/// needs (`max_align_t`, the functions of `<complex.h>`): replaced by a type of the same length
/// (`_Complex` by blanks: `double _Complex` is then `double`, unsupported as any floating-point
/// value once used), so that every offset, and so every reported position, stays as it was.
fn mask_gnu_types(text: &str) -> String {
    const MASKS: [(&str, &str); 5] = [
        ("__float128", "double    "),
        ("__float80", "double   "),
        ("__bf16", "short "),
        ("_Complex", "        "),
        ("__complex__", "           "),
    ];
    if !MASKS.iter().any(|(w, _)| text.contains(w)) {
        return text.to_string();
    }
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = text.as_bytes().to_vec();
    for (word, repl) in MASKS {
        let mut from = 0;
        while let Some(i) = text[from..].find(word).map(|i| i + from) {
            let end = i + word.len();
            let bounded =
                (i == 0 || !ident(text.as_bytes()[i - 1])) && (end >= text.len() || !ident(text.as_bytes()[end]));
            if bounded {
                out[i..end].copy_from_slice(repl.as_bytes());
            }
            from = end;
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::{blank_comments, hoist_struct_attributes};

    #[test]
    fn attributes_before_a_struct_tag_are_taken_out_in_place() {
        let src =
            "struct __attribute__((packed)) rec { int a; } x;\nstruct  __attribute__ ((aligned(8), unused)) q {};";
        let (out, tags) = hoist_struct_attributes(src);
        assert_eq!(out.len(), src.len());
        assert!(out.starts_with("struct rec ") && out.contains("{ int a; } x;\nstruct q "), "{out}");
        assert_eq!(out.find("{ int a;"), src.find("{ int a;"));
        assert!(tags.contains_key(&(0, "rec".to_string())) && tags.len() == 2, "{tags:?}");
        let plain = "struct s { int a; } __attribute__((packed));";
        assert_eq!(hoist_struct_attributes(plain).0, plain);
    }

    #[test]
    fn comments_become_blanks_and_literals_stay() {
        let src = "/* alpha\n beta */ int x; // gamma \"q\n char *s = \"/* no */ // no\"; char c = '\\''; /* é */\n";
        let out = blank_comments(src);
        assert_eq!(out.len(), src.len());
        assert_eq!(out.lines().count(), src.lines().count());
        assert!(!out.contains("alpha") && !out.contains("beta") && !out.contains("gamma") && !out.contains('é'));
        assert!(out.contains("\"/* no */ // no\"") && out.contains("'\\''"));
        assert_eq!(
            blank_comments("int y; // x \\\n continued\nint z;"),
            format!("int y;{}\n{}\nint z;", " ".repeat(7), " ".repeat(10))
        );
    }
}
