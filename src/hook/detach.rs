//! Starting the model draft as a detached process: the hook returns to its agent at once, and
//! the agent neither waits for nor kills the draft (it has its own process group and no pipes the
//! agent reads: Gemini CLI, for one, waits until every holder of the hook's stdout closes it).

use std::path::Path;
use std::process::{Command, Stdio};

/// Runs this binary again with `args`, detached; returns its process id.
pub(crate) fn spawn_self(args: &[std::ffi::OsString], cwd: &Path) -> std::io::Result<u32> {
    let exe = std::env::current_exe()?;
    let mut cmd = Command::new(exe);
    cmd.args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(windows)]
    {
        use std::os::windows::process::CommandExt;
        const DETACHED_PROCESS: u32 = 0x0000_0008;
        const CREATE_NEW_PROCESS_GROUP: u32 = 0x0000_0200;
        cmd.creation_flags(DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP);
    }
    let child = cmd.spawn()?;
    Ok(child.id())
}
