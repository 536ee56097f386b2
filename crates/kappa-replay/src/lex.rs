//! Just enough lexing of preprocessed C to find identifiers: string and character literals,
//! comments and directive lines (line markers, `#pragma`) are skipped.

pub(crate) fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$'
}

pub(crate) fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// The identifier starting at `pos`, if one starts exactly there.
pub(crate) fn ident_at(text: &str, pos: usize) -> Option<&str> {
    let b = text.as_bytes();
    if pos >= b.len() || !is_ident_start(b[pos]) || (pos > 0 && is_ident_char(b[pos - 1])) {
        return None;
    }
    let end = (pos..b.len()).find(|&i| !is_ident_char(b[i])).unwrap_or(b.len());
    Some(&text[pos..end])
}

/// Byte offsets and texts of every identifier token (keywords included).
pub(crate) fn identifiers(text: &str) -> Vec<(usize, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c == b' ' || c == b'\t' || c == b'\r' || c == 0x0c || c == 0x0b {
            i += 1;
            continue;
        }
        if line_start && c == b'#' {
            // A directive: skip to the end of the line.
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        line_start = false;
        if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(|d| d.is_ascii_digit())) {
            // A pp-number: digits, letters, dots, and signs after exponents.
            i += 1;
            while i < b.len() {
                let d = b[i];
                let sign = (d == b'+' || d == b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
                if !(is_ident_char(d) || d == b'.' || sign) {
                    break;
                }
                i += 1;
            }
            continue;
        }
        if is_ident_start(c) {
            let start = i;
            while i < b.len() && is_ident_char(b[i]) {
                i += 1;
            }
            // A string or character literal with an encoding prefix (L"…", u8"…").
            if i < b.len() && (b[i] == b'"' || b[i] == b'\'') && matches!(&text[start..i], "L" | "u" | "U" | "u8") {
                continue;
            }
            out.push((start, &text[start..i]));
            continue;
        }
        i += 1;
    }
    out
}

/// Skips spaces (not newlines of directives: preprocessed text has none inside a construct
/// kappa instruments, but tolerate them).
pub(crate) fn skip_ws(text: &str, mut pos: usize) -> usize {
    let b = text.as_bytes();
    while pos < b.len() && b[pos].is_ascii_whitespace() {
        pos += 1;
    }
    pos
}

/// The offset just after the balanced group opening at `pos` (`(`, `[`), or `None`.
pub(crate) fn skip_group(text: &str, pos: usize) -> Option<usize> {
    let b = text.as_bytes();
    let (open, close) = match b.get(pos)? {
        b'(' => (b'(', b')'),
        b'[' => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0usize;
    let mut i = pos;
    while i < b.len() {
        let c = b[i];
        if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
        } else if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(i + 1);
            }
        }
        i += 1;
    }
    None
}

/// Skips GNU attributes and `__asm__` labels after a declarator.
pub(crate) fn skip_attributes(text: &str, mut pos: usize) -> usize {
    loop {
        let p = skip_ws(text, pos);
        match ident_at(text, p) {
            Some(w @ ("__attribute__" | "__attribute" | "__asm__" | "__asm" | "asm")) => {
                let q = skip_ws(text, p + w.len());
                match skip_group(text, q) {
                    Some(end) => pos = end,
                    None => return pos,
                }
            }
            _ => return pos,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_skip_literals_and_directives() {
        let t = "# 1 \"main.c\"\nint main(void) { char *s = \"main\"; char c = 'm'; return main2 + 1e+5; }\n";
        let ids: Vec<&str> = identifiers(t).into_iter().map(|(_, s)| s).collect();
        assert_eq!(ids, ["int", "main", "void", "char", "s", "char", "c", "return", "main2"]);
        assert_eq!(ident_at(t, t.find("main(").unwrap()), Some("main"));
        assert_eq!(ident_at(t, t.find("ain(").unwrap()), None);
    }

    #[test]
    fn groups_and_attributes() {
        let t = "a[3][f(4)] __attribute__((aligned(8))) = 1";
        let p = skip_group(t, 1).unwrap();
        assert_eq!(&t[p..p + 1], "[");
        let p = skip_group(t, p).unwrap();
        let q = skip_attributes(t, p);
        assert_eq!(&t[q..], " = 1");
    }
}
