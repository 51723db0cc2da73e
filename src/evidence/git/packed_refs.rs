//! A `packed-refs` file checked line by line, as git reads it. libgit2 skips what it cannot
//! parse, so a file cut short by a crash or a full disk makes a branch that has commits look
//! unborn; git itself refuses such a file ("unterminated line in .git/packed-refs").

use std::path::Path;

/// Why `packed-refs` is corrupt (`None`: absent or well-formed).
pub(crate) fn problem(commondir: &Path) -> Option<String> {
    let bytes = std::fs::read(commondir.join("packed-refs")).ok()?;
    check(&bytes).err()
}

/// Every line is the `# pack-refs with:` header (first line only), `<oid> <refname>`, or a
/// `^<oid>` peeled line after a ref; every line ends with a newline.
fn check(bytes: &[u8]) -> Result<(), String> {
    if bytes.is_empty() {
        return Ok(());
    }
    if !bytes.ends_with(b"\n") {
        return Err("corrupt packed-refs: its last line is unterminated".into());
    }
    let mut after_ref = false;
    for (i, line) in bytes[..bytes.len() - 1].split(|&b| b == b'\n').enumerate() {
        let n = i + 1;
        let bad = || format!("corrupt packed-refs: line {n} is not `<object id> <ref>`");
        if i == 0 && line.starts_with(b"# pack-refs with:") {
            continue;
        }
        if let Some(peeled) = line.strip_prefix(b"^") {
            if !after_ref || !is_oid(peeled) {
                return Err(bad());
            }
            after_ref = false;
            continue;
        }
        let Some(space) = line.iter().position(|&b| b == b' ') else {
            return Err(bad());
        };
        let (oid, name) = (&line[..space], &line[space + 1..]);
        if !is_oid(oid) || !name.starts_with(b"refs/") && name != b"HEAD" {
            return Err(bad());
        }
        after_ref = true;
    }
    Ok(())
}

/// A full SHA-1 or SHA-256 object id in hex.
fn is_oid(s: &[u8]) -> bool {
    matches!(s.len(), 40 | 64) && s.iter().all(u8::is_ascii_hexdigit)
}

#[cfg(test)]
mod tests {
    use super::check;

    const OID: &str = "33b73f77227f6a09fad6c51c0334d31103bf4958";

    #[test]
    fn well_formed_files_pass() {
        let good = format!(
            "# pack-refs with: peeled fully-peeled sorted \n{OID} refs/heads/main\n{OID} refs/tags/v1\n^{OID}\n"
        );
        assert_eq!(check(good.as_bytes()), Ok(()));
        assert_eq!(check(b""), Ok(()));
        assert_eq!(check(format!("{OID} refs/heads/x\n").as_bytes()), Ok(()));
    }

    #[test]
    fn cut_or_garbled_files_fail() {
        let full = format!("# pack-refs with: peeled \n{OID} refs/heads/main\n");
        let cut = &full[..full.len() - 10];
        assert!(check(cut.as_bytes()).unwrap_err().contains("unterminated"));
        let short = format!("{} refs/heads/main\n", &OID[..30]);
        assert!(check(short.as_bytes()).unwrap_err().contains("line 1"));
        assert!(check(b"garbage\n").is_err());
        assert!(
            check(format!("^{OID}\n").as_bytes()).is_err(),
            "peel line without a ref"
        );
        assert!(check(&[0u8; 64]).is_err(), "zeros left by a crash");
        assert!(check(format!("{OID} main\n").as_bytes()).is_err());
    }
}
