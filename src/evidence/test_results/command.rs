//! `--test-cmd`: run a test command now, in its own process group, with a time limit.
//!
//! stdout and stderr share one pipe (as `2>&1` in a terminal), so lines keep their order. A
//! reader thread feeds each line to the text parser as it arrives and keeps only a short tail for
//! display, so a command printing gigabytes costs bounded memory. At the timeout the whole
//! process group is killed: `sh -c 'sleep 100'` leaves `sleep` as a grandchild that would
//! otherwise keep running and keep the pipe open.

use super::text::TextParser;
use super::{MAX_LINE_BYTES, TestFormat, TestRun, TestSummary, bounded, strip_ansi};
use crate::evidence::read::{Line, LineReader};
use std::collections::VecDeque;
use std::io::BufReader;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Lines of output kept for [`TestRun::output_tail`].
const TAIL_LINES: usize = 60;
/// Bytes of output kept for [`TestRun::output_tail`].
const TAIL_BYTES: usize = 8 * 1024;
/// Longest single line kept in the tail, in characters.
const TAIL_LINE_CHARS: usize = 400;
/// How long output may keep flowing after the shell exited (a background process left holding
/// the pipe) before the group is killed.
const DRAIN_AFTER_EXIT: Duration = Duration::from_secs(2);
/// Time between SIGTERM and SIGKILL at the timeout, for runners that clean up.
const TERM_GRACE: Duration = Duration::from_millis(300);
const POLL: Duration = Duration::from_millis(10);

#[derive(Default)]
struct Capture {
    parser: TextParser,
    tail: VecDeque<String>,
    tail_bytes: usize,
    lines: u64,
}

impl Capture {
    fn line(&mut self, text: &str) {
        self.lines += 1;
        self.parser.line(text);
        let shown = bounded(strip_ansi(text).trim_end(), TAIL_LINE_CHARS);
        self.tail_bytes += shown.len() + 1;
        self.tail.push_back(shown);
        while self.tail.len() > TAIL_LINES || (self.tail_bytes > TAIL_BYTES && self.tail.len() > 1)
        {
            if let Some(old) = self.tail.pop_front() {
                self.tail_bytes -= old.len() + 1;
            }
        }
    }

    fn tail_text(&self) -> Option<String> {
        if self.tail.is_empty() {
            return None;
        }
        let mut text = String::new();
        let dropped = self.lines - self.tail.len() as u64;
        if dropped > 0 {
            text.push_str(&format!("[… {dropped} earlier line(s) not kept …]\n"));
        }
        for l in &self.tail {
            text.push_str(l);
            text.push('\n');
        }
        Some(crate::redact::redact(&text).into_owned())
    }
}

pub(super) fn run(command: &str, dir: &Path, timeout: Duration) -> crate::Result<TestRun> {
    if !dir.is_dir() {
        return Err(crate::Error::input(
            dir,
            "not a directory, cannot run --test-cmd there; pass an existing --repo",
        ));
    }
    let cannot = |what: &str, e: std::io::Error| {
        crate::Error::Environment(format!("--test-cmd {command:?}: {what}: {e}"))
    };
    let (reader, writer) = std::io::pipe().map_err(|e| cannot("cannot create a pipe", e))?;
    let writer_err = writer
        .try_clone()
        .map_err(|e| cannot("cannot create a pipe", e))?;
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(command)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(writer_err)
        .process_group(0);
    let started = Instant::now();
    let spawned = cmd.spawn();
    // The Command holds the pipe's write ends; dropping it lets the reader see end of file when
    // the command's processes are gone.
    drop(cmd);
    let mut child = spawned.map_err(|e| cannot("cannot start `sh`", e))?;

    let capture = Arc::new(Mutex::new(Capture::default()));
    let (done_tx, done_rx) = mpsc::channel::<()>();
    {
        let capture = Arc::clone(&capture);
        std::thread::spawn(move || {
            let mut lines = LineReader::with_limit(BufReader::new(reader), MAX_LINE_BYTES);
            while let Ok(Some(line)) = lines.next_line() {
                if let Line::Text { text, .. } = line {
                    capture
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .line(&text);
                }
            }
            let _ = done_tx.send(());
        });
    }

    let deadline = started + timeout;
    let (status, timed_out) = wait_until(&mut child, deadline);
    let finished = Instant::now();
    let drained = if timed_out {
        done_rx.recv_timeout(Duration::from_secs(1)).is_ok()
    } else {
        let wait = DRAIN_AFTER_EXIT.min(deadline.saturating_duration_since(finished));
        match done_rx.recv_timeout(wait.max(POLL)) {
            Ok(()) => true,
            Err(_) => {
                // Something the command started in the background still holds the output
                // open: end it, as the timeout would.
                kill_group(child.id(), libc::SIGKILL);
                done_rx.recv_timeout(Duration::from_secs(1)).is_ok()
            }
        }
    };
    let duration_ms =
        u64::try_from(finished.duration_since(started).as_millis()).unwrap_or(u64::MAX);

    let (format, summary, output_tail) = {
        let mut cap = capture.lock().unwrap_or_else(PoisonError::into_inner);
        let mut tail = cap.tail_text();
        if !drained {
            tail = Some(format!(
                "{}[output still open after the command ended; reading stopped]\n",
                tail.unwrap_or_default()
            ));
        }
        let parser = std::mem::take(&mut cap.parser);
        match parser.finish() {
            Some((f, s)) => (f, s, tail),
            None => (TestFormat::Unknown, TestSummary::default(), tail),
        }
    };
    let exit_code = if timed_out {
        None
    } else {
        status.and_then(|s| s.code())
    };
    let ok = !timed_out && exit_code == Some(0) && summary.failed == 0;
    let not_run = if summary.failed > 0 {
        // Failures seen before the end are real, however the run ended.
        None
    } else if timed_out {
        Some(format!(
            "killed at the {} s timeout before it reported a result; raise --test-timeout or run fewer tests",
            timeout.as_secs()
        ))
    } else {
        status.and_then(could_not_run)
    };
    Ok(TestRun {
        id: String::new(),
        source: "command".into(),
        command: Some(command.to_string()),
        format: Some(format),
        passed: summary.passed,
        failed: summary.failed,
        skipped: summary.skipped,
        failures: summary.failures,
        ok,
        at: Some(chrono::Utc::now()),
        exit_code,
        duration_ms: Some(duration_ms),
        timed_out,
        not_run,
        output_tail,
    })
}

/// Shell exit statuses that mean the command never ran its tests, with what the user should
/// do: POSIX `sh` reserves 126 and 127, and `128 + n` is a process ended by signal `n`.
const NOT_RUN_STATUSES: &[(i32, &str)] = &[
    (
        126,
        "not executable (exit 126); check the file's permissions or run it through its interpreter",
    ),
    (
        127,
        "command not found (exit 127); install it or fix the command line and PATH",
    ),
];

/// Signals that end a run from outside (a user, a supervisor, the OOM killer), not a crash of
/// the code under test: a test binary dying of SIGSEGV or SIGABRT is a failing test.
const OUTSIDE_SIGNALS: &[(i32, &str)] = &[
    (libc::SIGHUP, "SIGHUP"),
    (libc::SIGINT, "SIGINT"),
    (libc::SIGKILL, "SIGKILL"),
    (libc::SIGTERM, "SIGTERM"),
];

/// Why a run that ended with `status` and reported no failing test could not run the tests, or
/// `None` when its status is an answer (0, or a runner's own failure status).
fn could_not_run(status: ExitStatus) -> Option<String> {
    use std::os::unix::process::ExitStatusExt;
    let killed = |signal: i32| {
        OUTSIDE_SIGNALS
            .iter()
            .find(|(s, _)| *s == signal)
            .map(|(_, name)| format!("killed by {name} before it reported a result; run it again"))
    };
    match status.code() {
        Some(code) => NOT_RUN_STATUSES
            .iter()
            .find(|(c, _)| *c == code)
            .map(|(_, why)| (*why).to_string())
            .or_else(|| code.checked_sub(128).and_then(killed)),
        None => status.signal().and_then(killed),
    }
}

/// Waits for the shell to exit or the deadline to pass; at the deadline the process group gets
/// SIGTERM, then SIGKILL. Returns the exit status (when known) and whether it timed out.
fn wait_until(child: &mut Child, deadline: Instant) -> (Option<ExitStatus>, bool) {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return (Some(status), false),
            Ok(None) => {}
            Err(_) => return (child.wait().ok(), false),
        }
        let now = Instant::now();
        if now >= deadline {
            break;
        }
        std::thread::sleep(POLL.min(deadline - now));
    }
    kill_group(child.id(), libc::SIGTERM);
    let grace_end = Instant::now() + TERM_GRACE;
    while Instant::now() < grace_end {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        std::thread::sleep(POLL);
    }
    // The shell may be gone while its children ignore SIGTERM: the group is killed regardless.
    kill_group(child.id(), libc::SIGKILL);
    let status = child.wait().ok();
    (status, true)
}

/// Signals every process in the group led by `pid` (the shell was started as a group leader).
fn kill_group(pid: u32, signal: libc::c_int) {
    let Ok(pgid) = libc::pid_t::try_from(pid) else {
        return;
    };
    // SAFETY: killpg only sends a signal; the group id is the shell's pid, which stays reserved
    // as long as the group has members (or until the shell is reaped), so no other group is hit.
    unsafe {
        libc::killpg(pgid, signal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_sh(cmd: &str, secs: u64) -> TestRun {
        let dir = tempfile::tempdir().unwrap();
        run(cmd, dir.path(), Duration::from_secs(secs)).unwrap()
    }

    #[test]
    fn passing_command_without_summary_is_ok_by_exit_status() {
        let r = run_sh("echo hello; echo oops >&2", 20);
        assert!(r.ok);
        assert_eq!(r.exit_code, Some(0));
        assert_eq!(r.format, Some(TestFormat::Unknown));
        assert_eq!(r.output_tail.as_deref(), Some("hello\noops\n"));
    }

    #[test]
    fn failing_exit_status_is_not_ok() {
        let r = run_sh("exit 3", 20);
        assert!(!r.ok);
        assert_eq!(r.exit_code, Some(3));
        assert_eq!(r.output_tail, None);
    }

    #[test]
    fn a_command_that_could_not_run_says_why_instead_of_failing() {
        let cases = [
            (
                "nosuchcommand-handoff-test --run",
                "command not found (exit 127)",
            ),
            (
                "f=$(mktemp); \"$f\"; s=$?; rm \"$f\"; exit $s",
                "not executable (exit 126)",
            ),
            ("kill -TERM $$", "killed by SIGTERM"),
            ("exit 137", "killed by SIGKILL"),
        ];
        for (cmd, why) in cases {
            let r = run_sh(cmd, 20);
            assert!(!r.ok, "{cmd}");
            let said = r.not_run.unwrap_or_default();
            assert!(said.starts_with(why), "{cmd}: {said}");
        }
        // An answer from the runner is no such case: a failing status, a crash of the code
        // under test, or failures seen before the command died.
        for cmd in [
            "exit 1",
            "exit 139",
            "printf '=== 1 failed, 4 passed in 0.12s ===\\n'; exit 127",
        ] {
            let r = run_sh(cmd, 20);
            assert_eq!((r.ok, r.not_run), (false, None), "{cmd}");
        }
        let r = run("sleep 30", Path::new("/"), Duration::from_millis(300)).unwrap();
        assert!(r.not_run.unwrap().starts_with("killed at the 0 s timeout"));
    }

    #[test]
    fn summary_with_failures_is_not_ok_even_with_exit_zero() {
        let r = run_sh(
            "printf '  1 failed\\n    [chromium] › a.spec.ts:3:5 › title\\n  4 passed (9s)\\n'",
            20,
        );
        assert_eq!(r.format, Some(TestFormat::Playwright));
        assert_eq!((r.passed, r.failed), (4, 1));
        assert!(!r.ok);
    }

    #[test]
    fn timeout_kills_the_whole_group() {
        let started = Instant::now();
        let r = run(
            "sleep 30; echo late",
            Path::new("/"),
            Duration::from_millis(300),
        )
        .unwrap();
        assert!(r.timed_out);
        assert!(!r.ok);
        assert_eq!(r.exit_code, None);
        // Not a timing assertion on speed: if the grandchild survived, this would take 30 s.
        assert!(started.elapsed() < Duration::from_secs(20));
    }

    #[test]
    fn background_process_holding_output_does_not_hang() {
        let started = Instant::now();
        let r = run_sh("sleep 30 & echo started", 60);
        assert!(r.ok);
        assert!(started.elapsed() < Duration::from_secs(20));
    }

    #[test]
    fn tail_is_bounded() {
        let r = run_sh(
            "i=0; while [ $i -lt 500 ]; do echo line $i; i=$((i+1)); done",
            20,
        );
        let tail = r.output_tail.unwrap();
        assert!(tail.starts_with("[… 440 earlier line(s) not kept …]\n"));
        assert!(tail.ends_with("line 499\n"));
    }

    #[test]
    fn missing_directory_is_an_input_error() {
        let err = run("true", Path::new("/no/such/dir"), Duration::from_secs(1)).unwrap_err();
        assert!(err.to_string().contains("/no/such/dir"));
    }
}
