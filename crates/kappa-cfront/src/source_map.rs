//! Maps byte offsets of the preprocessed text back to the original files and lines, following the
//! preprocessor's line markers (`# 12 "file.c" 2`).

use crate::diag::Pos;

pub struct SourceMap {
    /// Per physical line of the preprocessed text: start offset, file index, original line.
    lines: Vec<(usize, u32, u32)>,
    pub files: Vec<String>,
}

impl SourceMap {
    pub fn new(text: &str, default_file: &str) -> Self {
        let mut files = vec![default_file.to_string()];
        let mut lines = Vec::new();
        let (mut file, mut line) = (0u32, 1u32);
        let mut offset = 0;
        for raw in text.split_inclusive('\n') {
            lines.push((offset, file, line));
            offset += raw.len();
            match parse_marker(raw) {
                Some((l, name)) => {
                    if let Some(name) = name {
                        file = match files.iter().position(|f| *f == name) {
                            Some(i) => i as u32,
                            None => {
                                files.push(name);
                                (files.len() - 1) as u32
                            }
                        };
                    }
                    line = l;
                }
                None => line += 1,
            }
        }
        SourceMap { lines, files }
    }

    /// File index, line and column (1-based) of a byte offset.
    pub fn locate(&self, offset: usize) -> (u32, u32, u32) {
        let i = match self.lines.binary_search_by(|(start, _, _)| start.cmp(&offset)) {
            Ok(i) => i,
            Err(0) => return (0, 1, 1),
            Err(i) => i - 1,
        };
        let (start, file, line) = self.lines[i];
        (file, line, (offset - start + 1) as u32)
    }

    pub fn pos(&self, offset: usize) -> Pos {
        let (file, line, col) = self.locate(offset);
        Pos { file: self.files[file as usize].clone(), line, col }
    }
}

/// `# 12 "name" flags` or `#line 12 "name"`.
fn parse_marker(line: &str) -> Option<(u32, Option<String>)> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    let after = rest[digits.len()..].trim_start();
    let name = after.strip_prefix('"').and_then(|s| s.find('"').map(|end| s[..end].to_string()));
    Some((n, name.filter(|n| !n.is_empty())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_map_lines_to_original_files() {
        let text = "# 1 \"a.c\"\nint x;\n# 7 \"b.h\" 1\nint y;\nint z;\n# 3 \"a.c\" 2\nint w;\n";
        let m = SourceMap::new(text, "<input>");
        let off = |s: &str| text.find(s).unwrap();
        assert_eq!(m.pos(off("int x")), Pos { file: "a.c".into(), line: 1, col: 1 });
        assert_eq!(m.pos(off("z;")), Pos { file: "b.h".into(), line: 8, col: 5 });
        assert_eq!(m.pos(off("int w")), Pos { file: "a.c".into(), line: 3, col: 1 });
    }
}
