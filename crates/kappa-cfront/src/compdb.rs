//! Compilation databases (`compile_commands.json`, as CMake, Bear and meson write them): for
//! each translation unit, the preprocessor flags of its compile command, read as clang tools
//! read them. An entry has `directory`, `file` and either `arguments` (a list) or `command` (one
//! string, split as a POSIX shell would); relative paths are relative to `directory`. kappa keeps
//! the flags that change what the preprocessor produces: `-I`, `-isystem`, `-iquote`, `-idirafter`,
//! `-include`, `-D`, `-U` and `-std=`, with every directory made absolute.

use crate::diag::Diagnostic;
use crate::Unit;
use std::path::{Path, PathBuf};

/// The commands of a compilation database.
#[derive(Clone, Debug, Default)]
pub struct CompDb {
    /// Where it was read from, for messages.
    pub path: PathBuf,
    entries: Vec<Entry>,
}

#[derive(Clone, Debug)]
struct Entry {
    directory: PathBuf,
    /// The entry's file, absolute and normalised.
    file: PathBuf,
    args: Vec<String>,
}

impl CompDb {
    /// Reads `path`: a `compile_commands.json`, or a directory holding one.
    pub fn load(path: &Path) -> Result<CompDb, Diagnostic> {
        let file = if path.is_dir() { path.join("compile_commands.json") } else { path.to_path_buf() };
        let name = file.display().to_string();
        let text = std::fs::read_to_string(&file).map_err(|e| Diagnostic::error(format!("cannot read {name}: {e}")))?;
        CompDb::parse(&text, &file)
    }

    /// Parses the JSON text of a database read from `path`.
    pub fn parse(text: &str, path: &Path) -> Result<CompDb, Diagnostic> {
        let name = path.display().to_string();
        let bad = |why: String| Diagnostic::error(format!("{name}: {why}"));
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| bad(format!("not a compilation database (JSON: {e})")))?;
        let list = v.as_array().ok_or_else(|| bad("not a compilation database (a JSON list of entries)".into()))?;
        let here = std::env::current_dir().unwrap_or_default();
        let db_dir = absolute(path.parent().unwrap_or(Path::new(".")), &here);
        let mut entries = Vec::new();
        for (k, e) in list.iter().enumerate() {
            let field = |f: &str| e.get(f).and_then(|x| x.as_str());
            let directory = absolute(Path::new(field("directory").unwrap_or(".")), &db_dir);
            let Some(file) = field("file") else { return Err(bad(format!("entry {} has no `file`", k + 1))) };
            let args: Vec<String> = match (e.get("arguments").and_then(|a| a.as_array()), field("command")) {
                (Some(a), _) => a.iter().filter_map(|x| x.as_str().map(String::from)).collect(),
                (None, Some(c)) => {
                    split_command(c).ok_or_else(|| bad(format!("entry {}: unbalanced quotes in `command`", k + 1)))?
                }
                (None, None) => return Err(bad(format!("entry {} has neither `arguments` nor `command`", k + 1))),
            };
            entries.push(Entry { file: absolute(Path::new(file), &directory), directory, args });
        }
        Ok(CompDb { path: path.to_path_buf(), entries })
    }

    /// The unit of `file` (a path as the user gave it, relative to the current directory) with
    /// the preprocessor flags of its entry; `None` if the database has no entry for it. The last
    /// entry wins when a file has several, as with clang tools.
    pub fn unit(&self, file: &Path) -> Option<Unit> {
        let here = std::env::current_dir().unwrap_or_default();
        let want = same_file_key(&absolute(file, &here));
        let e = self.entries.iter().rev().find(|e| same_file_key(&e.file) == want)?;
        Some(Unit { path: file.to_path_buf(), cpp_flags: preprocessor_flags(&e.args, &e.directory) })
    }
}

/// A path's identity: the file on disk when it exists (symbolic links and `..` resolved),
/// else the normalised path.
fn same_file_key(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// `p` made absolute against `base`, with `.` and `..` removed.
fn absolute(p: &Path, base: &Path) -> PathBuf {
    let joined = if p.is_absolute() { p.to_path_buf() } else { base.join(p) };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// The flags of a compile command that change the preprocessor's output, directories made
/// absolute against the command's `directory`.
pub fn preprocessor_flags(args: &[String], directory: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let dir = |d: &str| absolute(Path::new(d), directory).display().to_string();
    let mut i = 1; // args[0] is the compiler
    while i < args.len() {
        let a = args[i].as_str();
        let next = args.get(i + 1).map(String::as_str);
        // Options with a directory or file, joined (`-Idir`) or separate (`-I dir`).
        let mut taken = false;
        for opt in ["-isystem", "-iquote", "-idirafter", "-include", "-I"] {
            if a == opt {
                if let Some(v) = next {
                    out.push(opt.to_string());
                    out.push(dir(v));
                    i += 1;
                }
                taken = true;
                break;
            }
            if let Some(v) = a.strip_prefix(opt) {
                if opt == "-I" || !v.is_empty() {
                    out.push(opt.to_string());
                    out.push(dir(v));
                    taken = true;
                    break;
                }
            }
        }
        if !taken {
            match a {
                "-D" | "-U" => {
                    if let Some(v) = next {
                        out.push(format!("{a}{v}"));
                        i += 1;
                    }
                }
                _ if a.starts_with("-D") || a.starts_with("-U") || a.starts_with("-std=") => out.push(a.to_string()),
                _ => {}
            }
        }
        i += 1;
    }
    out
}

/// A command line split into words as a POSIX shell does (quotes and backslashes; no
/// expansions). `None` when a quote is not closed.
pub fn split_command(s: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        x => cur.push(x),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            x @ ('"' | '\\' | '$' | '`') => cur.push(x),
                            '\n' => {}
                            x => {
                                cur.push('\\');
                                cur.push(x);
                            }
                        },
                        x => cur.push(x),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some('\n') | None => {}
                    Some(x) => cur.push(x),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_as_a_shell_does() {
        let w = split_command(r#"cc -DNAME="a b" -I 'x y' -DQ=\"s\" -c src/a.c"#).unwrap();
        assert_eq!(w, ["cc", "-DNAME=a b", "-I", "x y", "-DQ=\"s\"", "-c", "src/a.c"]);
        assert!(split_command("cc 'open").is_none());
    }

    #[test]
    fn flags_keep_what_the_preprocessor_sees() {
        let args: Vec<String> = [
            "gcc", "-O2", "-Iinc", "-I", "/abs", "-isystem", "sys", "-D", "N=3", "-UX", "-std=c99", "-o", "a.o", "-c",
            "a.c",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let f = preprocessor_flags(&args, Path::new("/w/proj"));
        assert_eq!(f, ["-I", "/w/proj/inc", "-I", "/abs", "-isystem", "/w/proj/sys", "-DN=3", "-UX", "-std=c99"]);
    }

    #[test]
    fn entries_are_found_by_file_whatever_the_spelling() {
        let db = r#"[{"directory": "/w/p/build", "file": "../src/a.c", "command": "cc -I../inc -DK=1 -c ../src/a.c"},
                     {"directory": "/w/p", "file": "/w/p/src/b.c", "arguments": ["cc", "-DB", "src/b.c"]}]"#;
        let db = CompDb::parse(db, Path::new("/w/p/build/compile_commands.json")).unwrap();
        let a = db.unit(Path::new("/w/p/src/a.c")).unwrap();
        assert_eq!(a.cpp_flags, ["-I", "/w/p/inc", "-DK=1"]);
        assert_eq!(db.unit(Path::new("/w/p/src/./b.c")).unwrap().cpp_flags, ["-DB"]);
        assert!(db.unit(Path::new("/w/p/src/c.c")).is_none());
    }
}
