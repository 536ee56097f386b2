//! Test-Comp's exchange format for test suites (test-format 1.1): `metadata.xml` and one
//! `testcase` file per test, each an `<input>` per `__VERIFIER_nondet_*` call in the order the
//! program makes them (typed where the type is not `int`), in a directory or a zip archive.

use crate::trace::c_value;
use crate::witness::{iso8601, Meta};
use std::fmt::Write as _;

/// The DOCTYPE lines of the format.
pub const TESTCASE_DOCTYPE: &str = "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" \"https://sosy-lab.org/test-format/testcase-1.1.dtd\">";
pub const METADATA_DOCTYPE: &str = "<!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN\" \"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">";

/// One input of a test: the nondet function called and the value's bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestInput {
    pub callee: String,
    pub value: u64,
    pub ty: kappa_ir::Ty,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The C type of `__VERIFIER_nondet_X`'s result, `None` for `int` (the format's default).
pub fn c_type(callee: &str) -> Option<&'static str> {
    Some(match callee.strip_prefix("__VERIFIER_nondet_").unwrap_or(callee) {
        "int" => return None,
        "bool" | "_Bool" => "_Bool",
        "char" => "char",
        "uchar" => "unsigned char",
        "short" => "short",
        "ushort" => "unsigned short",
        "uint" | "unsigned" | "u32" => "unsigned int",
        "long" => "long",
        "ulong" => "unsigned long",
        "longlong" => "long long",
        "ulonglong" => "unsigned long long",
        "size_t" => "size_t",
        "pointer" => "void *",
        "loff_t" => "long long",
        "u8" => "unsigned char",
        "u16" => "unsigned short",
        "s8" => "signed char",
        "s16" => "short",
        "s32" => "int",
        _ => return None,
    })
}

/// A `testcase` document.
pub fn testcase_xml(inputs: &[TestInput], covers_error: bool) -> String {
    let mut out = format!("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n{TESTCASE_DOCTYPE}\n");
    if covers_error {
        out.push_str("<testcase coversError=\"true\">\n");
    } else {
        out.push_str("<testcase>\n");
    }
    for i in inputs {
        let v = c_value(&i.callee, i.value, i.ty);
        match c_type(&i.callee) {
            Some(t) => {
                let _ = writeln!(out, "  <input type=\"{}\">{v}</input>", esc(t));
            }
            None => {
                let _ = writeln!(out, "  <input>{v}</input>");
            }
        }
    }
    out.push_str("</testcase>\n");
    out
}

/// The suite's `metadata.xml`.
pub fn metadata_xml(meta: &Meta, entry: &str) -> String {
    let arch = match meta.data_model {
        kappa_ir::DataModel::ILP32 => "32bit",
        kappa_ir::DataModel::LP64 => "64bit",
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n{METADATA_DOCTYPE}\n<test-metadata>\n  \
         <sourcecodelang>C</sourcecodelang>\n  <producer>{} {}</producer>\n  <specification>{}</specification>\n  \
         <programfile>{}</programfile>\n  <programhash>{}</programhash>\n  <entryfunction>{}</entryfunction>\n  \
         <architecture>{arch}</architecture>\n  <creationtime>{}</creationtime>\n</test-metadata>\n",
        esc(&meta.producer),
        esc(&meta.version),
        esc(&meta.specification),
        esc(&meta.program_file),
        meta.program_hash,
        esc(entry),
        esc(&meta.creation_time),
    )
}

/// The current time as the format writes it.
pub fn now() -> String {
    iso8601(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0))
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A zip archive of the files, stored uncompressed (what Test-Comp's validators unpack).
pub fn zip(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    let le16 = |v: &mut Vec<u8>, x: u16| v.extend_from_slice(&x.to_le_bytes());
    let le32 = |v: &mut Vec<u8>, x: u32| v.extend_from_slice(&x.to_le_bytes());
    for (name, data) in files {
        let offset = out.len() as u32;
        let crc = crc32(data);
        let n = name.as_bytes();
        // Local file header: version 2.0, no flags, stored, time 00:00 of 1980-01-01.
        le32(&mut out, 0x0403_4b50);
        for x in [20u16, 0, 0, 0, 0x21] {
            le16(&mut out, x);
        }
        le32(&mut out, crc);
        le32(&mut out, data.len() as u32);
        le32(&mut out, data.len() as u32);
        le16(&mut out, n.len() as u16);
        le16(&mut out, 0);
        out.extend_from_slice(n);
        out.extend_from_slice(data);
        le32(&mut central, 0x0201_4b50);
        for x in [20u16, 20, 0, 0, 0, 0x21] {
            le16(&mut central, x);
        }
        le32(&mut central, crc);
        le32(&mut central, data.len() as u32);
        le32(&mut central, data.len() as u32);
        le16(&mut central, n.len() as u16);
        for x in [0u16, 0, 0, 0] {
            le16(&mut central, x);
        }
        le32(&mut central, 0);
        le32(&mut central, offset);
        central.extend_from_slice(n);
    }
    let cd_offset = out.len() as u32;
    let cd_size = central.len() as u32;
    out.extend_from_slice(&central);
    le32(&mut out, 0x0605_4b50);
    le16(&mut out, 0);
    le16(&mut out, 0);
    le16(&mut out, files.len() as u16);
    le16(&mut out, files.len() as u16);
    le32(&mut out, cd_size);
    le32(&mut out, cd_offset);
    le16(&mut out, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_ir::Ty;

    #[test]
    fn testcases_are_typed_where_not_int() {
        let t = testcase_xml(
            &[
                TestInput { callee: "__VERIFIER_nondet_int".into(), value: 0xffff_fffe, ty: Ty::Int(32) },
                TestInput { callee: "__VERIFIER_nondet_uint".into(), value: 0xffff_fffe, ty: Ty::Int(32) },
                TestInput { callee: "__VERIFIER_nondet_char".into(), value: 0x41, ty: Ty::Int(8) },
            ],
            false,
        );
        assert!(t.contains("<input>-2</input>"), "{t}");
        assert!(t.contains("<input type=\"unsigned int\">4294967294</input>"), "{t}");
        assert!(t.contains("<input type=\"char\">65</input>"), "{t}");
    }

    #[test]
    fn crc_of_the_standard_check_string() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }
}
